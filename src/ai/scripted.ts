/**
 * The scripted baseline: every unit advances on the nearest enemy and attacks it as soon as it can
 * (charge, else shoot). No terrain sense, no reserves. It measures whether the utility AI is better
 * than plain aggression.
 */

import { angleOf, distance, sub, wrapAngle } from '../core/geometry';
import { apply } from '../core/engine';
import type { Action, GameState, Unit } from '../core/model';
import type { ActionParam, LegalAction, Ruleset } from '../core/ruleset';
import { dcos, dsin } from '../core/detmath';

function nearestEnemy(state: GameState, u: Unit, among?: readonly string[]): Unit | undefined {
  return state.units
    .filter((e) => e.side !== u.side && !e.removed && (!among || among.includes(e.id)))
    .sort((a, b) => distance(u, a) - distance(u, b))[0];
}

/** The plain value of a parameter the script has no view on: the first choice, no turn, no move. */
function plainValue(p: ActionParam): unknown {
  switch (p.kind) {
    case 'choice':
      return p.choices[0]?.value;
    case 'unit':
      return p.choices[0];
    case 'angle':
      return Math.max(p.min, Math.min(p.max, 0));
    case 'point': {
      const s = p.sectors?.[0];
      const r = Math.max(p.minReach ?? 0, p.maxReach / 2);
      return s ? { x: p.origin.x + dcos(s.centre) * r, y: p.origin.y + dsin(s.centre) * r } : { ...p.origin };
    }
    case 'dice':
      return undefined;
  }
}

/** Fill a legal action: the named values where given, plain values elsewhere. */
function fill(l: LegalAction, values: Record<string, unknown> = {}): Action {
  const action: Action = { ...l.action };
  for (const p of l.params) action[p.name] = p.name in values ? values[p.name] : plainValue(p);
  return action;
}

const accepted = (ruleset: Ruleset, state: GameState, a: Action): boolean => {
  const r = apply(ruleset, state, a);
  return r.ok || 'needDice' in r;
};

export function scriptedAction(ruleset: Ruleset, state: GameState, legal: readonly LegalAction[]): Action | null {
  if (legal.length === 0) return null;
  // It knows the rules only as the ruleset describes its orders: groups, parameters, choices.
  const bold = (l: LegalAction): number => ruleset.ai.choiceValue?.(state, l.action, 'attack') ?? -1;
  const byUnit = new Map<string, LegalAction[]>();
  for (const l of legal) if (l.unit) byUnit.set(l.unit, [...(byUnit.get(l.unit) ?? []), l]);
  const ok = (a: Action | null): a is Action => {
    return a !== null && accepted(ruleset, state, a);
  };
  for (const [unitId, orders] of byUnit) {
    const u = state.units.find((x) => x.id === unitId)!;
    const inGroup = (group: string): LegalAction | undefined => orders.find((l) => l.group === group && l.params.some((p) => p.kind === 'unit'));
    const withTarget = (l: LegalAction | undefined): Action | null => {
      const p = l?.params.find((q) => q.kind === 'unit');
      if (!l || !p || p.kind !== 'unit') return null;
      const t = nearestEnemy(state, u, p.choices);
      return t ? fill(l, { [p.name]: t.id }) : null;
    };
    const charge = withTarget(inGroup('charge'));
    if (ok(charge)) return charge;
    const shot = withTarget(inGroup('fire'));
    if (ok(shot)) return shot;
    const reactions = orders.filter((l) => l.group === 'reaction').sort((a, b) => bold(b) - bold(a));
    if (reactions[0]) return fill(reactions[0]);
    const e = nearestEnemy(state, u);
    if (!e) continue;
    const off = wrapAngle(angleOf(sub(e, u)) - u.facing);
    const pointOf = (l: LegalAction): Extract<ActionParam, { kind: 'point' }> | undefined => l.params.find((p): p is Extract<ActionParam, { kind: 'point' }> => p.kind === 'point');
    const angleOfOrder = (l: LegalAction): Extract<ActionParam, { kind: 'angle' }> | undefined => l.params.find((p): p is Extract<ActionParam, { kind: 'angle' }> => p.kind === 'angle');
    // A forward move: a point order whose allowed directions include straight ahead.
    const forward = orders.find((l) => {
      const p = pointOf(l);
      return l.group === 'move' && p && (p.sectors ?? []).some((s) => Math.abs(wrapAngle(s.centre - u.facing)) < 1e-6);
    });
    const turn = orders.find((l) => l.group === 'move' && angleOfOrder(l) && !pointOf(l));
    const tp = turn && angleOfOrder(turn);
    if (Math.abs(off) > Math.PI / 4 && turn && tp) {
      const wheel = fill(turn, { [tp.name]: Math.max(tp.min, Math.min(tp.max, off)) });
      if (ok(wheel)) return wheel;
    }
    const p = forward && pointOf(forward);
    if (forward && p) {
      const reach = Math.min(p.maxReach, distance(u, e));
      const a = u.facing + Math.max(-Math.PI / 4, Math.min(Math.PI / 4, off));
      const march = fill(forward, { [p.name]: { x: u.x + dcos(a) * reach, y: u.y + dsin(a) * reach } });
      if (ok(march)) return march;
      // Straight ahead, shorter, when the angled march is refused.
      const ahead = fill(forward, { [p.name]: { x: u.x + dcos(u.facing) * reach * 0.5, y: u.y + dsin(u.facing) * reach * 0.5 } });
      if (ok(ahead)) return ahead;
    }
  }
  // Turn choices: the boldest; else a plain order, else any order the rules accept.
  const choices = legal.filter((l) => bold(l) >= 0).sort((a, b) => bold(b) - bold(a));
  for (const l of choices) if (ok(fill(l))) return fill(l);
  const plain = legal.filter((l) => l.params.length === 0 && l.group !== 'turn').concat(legal.filter((l) => l.params.length === 0 && l.group === 'turn'));
  for (const l of plain) if (ok(fill(l))) return fill(l);
  for (const l of legal) if (ok(fill(l))) return fill(l);
  return null;
}
