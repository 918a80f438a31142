/**
 * The scripted baseline: every unit advances on the nearest enemy and attacks it as soon as it can
 * (charge, else shoot). No terrain sense, no reserves. It measures whether the utility AI is better
 * than plain aggression.
 */

import { angleOf, distance, sub, wrapAngle } from '../core/geometry';
import type { Action, GameState, Unit } from '../core/model';
import type { LegalAction, Ruleset } from '../core/ruleset';

function nearestEnemy(state: GameState, u: Unit, among?: readonly string[]): Unit | undefined {
  return state.units
    .filter((e) => e.side !== u.side && !e.removed && (!among || among.includes(e.id)))
    .sort((a, b) => distance(u, a) - distance(u, b))[0];
}

export function scriptedAction(ruleset: Ruleset, state: GameState, legal: readonly LegalAction[]): Action | null {
  if (legal.length === 0) return null;
  // It knows the rules only as the ruleset describes its orders: groups, parameters, choices.
  const bold = (l: LegalAction): number => ruleset.ai.choiceValue?.(state, l.action, 'attack') ?? -1;
  const byUnit = new Map<string, LegalAction[]>();
  for (const l of legal) if (l.unit) byUnit.set(l.unit, [...(byUnit.get(l.unit) ?? []), l]);
  for (const [unitId, orders] of byUnit) {
    const u = state.units.find((x) => x.id === unitId)!;
    const inGroup = (group: string): LegalAction | undefined => orders.find((l) => l.group === group && l.params.some((p) => p.kind === 'unit'));
    const withTarget = (l: LegalAction | undefined): Action | null => {
      const p = l?.params.find((q) => q.kind === 'unit');
      if (!l || !p || p.kind !== 'unit') return null;
      const t = nearestEnemy(state, u, p.choices);
      return t ? { ...l.action, [p.name]: t.id } : null;
    };
    const attack = withTarget(inGroup('charge')) ?? withTarget(inGroup('fire'));
    if (attack) return attack;
    const reactions = orders.filter((l) => l.group === 'reaction').sort((a, b) => bold(b) - bold(a));
    if (reactions[0]) return reactions[0].action;
    const e = nearestEnemy(state, u);
    if (!e) continue;
    const off = wrapAngle(angleOf(sub(e, u)) - u.facing);
    // A forward move: a point order whose allowed directions include straight ahead.
    const forward = orders.find((l) => {
      const p = l.params[0];
      return l.group === 'move' && l.params.length === 1 && p?.kind === 'point' && (p.sectors ?? []).some((s) => Math.abs(wrapAngle(s.centre - u.facing)) < 1e-6);
    });
    const turn = orders.find((l) => l.group === 'move' && l.params.length === 1 && l.params[0]?.kind === 'angle');
    if (Math.abs(off) > Math.PI / 4 && turn && turn.params[0]?.kind === 'angle') {
      const p = turn.params[0];
      return { ...turn.action, [p.name]: Math.max(p.min, Math.min(p.max, off)) };
    }
    const p = forward?.params[0];
    if (forward && p && p.kind === 'point') {
      const reach = Math.min(p.maxReach, distance(u, e));
      const a = u.facing + Math.max(-Math.PI / 4, Math.min(Math.PI / 4, off));
      return { ...forward.action, [p.name]: { x: u.x + Math.cos(a) * reach, y: u.y + Math.sin(a) * reach } };
    }
  }
  // Turn choices: the boldest; else a plain order of a unit, else any plain order.
  const choices = legal.filter((l) => bold(l) >= 0).sort((a, b) => bold(b) - bold(a));
  if (choices[0]) return choices[0].action;
  const plain = legal.find((l) => l.params.length === 0 && l.group !== 'turn') ?? legal.find((l) => l.params.length === 0);
  return plain ? plain.action : null;
}
