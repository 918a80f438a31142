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
  void ruleset;
  if (legal.length === 0) return null;
  const byUnit = new Map<string, LegalAction[]>();
  for (const l of legal) if (l.unit) byUnit.set(l.unit, [...(byUnit.get(l.unit) ?? []), l]);
  for (const [unitId, orders] of byUnit) {
    const u = state.units.find((x) => x.id === unitId)!;
    const find = (type: string, pred: (l: LegalAction) => boolean = () => true): LegalAction | undefined => orders.find((l) => l.action.type === type && pred(l));
    const withTarget = (l: LegalAction | undefined): Action | null => {
      const p = l?.params.find((q) => q.kind === 'unit');
      if (!l || !p || p.kind !== 'unit') return null;
      const t = nearestEnemy(state, u, p.choices);
      return t ? { ...l.action, [p.name]: t.id } : null;
    };
    const charge = withTarget(find('charge'));
    if (charge) return charge;
    const shot = withTarget(find('shoot'));
    if (shot) return shot;
    const react = find('react', (l) => l.action.response === 'counter-charge') ?? find('react', (l) => l.action.response === 'stand');
    if (react) return react.action;
    const e = nearestEnemy(state, u);
    const advance = find('move', (l) => l.action.mode === 'advance');
    if (e && advance) {
      const off = wrapAngle(angleOf(sub(e, u)) - u.facing);
      const wheel = find('wheel');
      if (Math.abs(off) > Math.PI / 4 && wheel) return { ...wheel.action, angle: Math.max(-Math.PI / 2, Math.min(Math.PI / 2, off)) };
      const p = advance.params[0];
      if (p && p.kind === 'point') {
        const reach = Math.min(p.maxReach, distance(u, e));
        const a = u.facing + Math.max(-Math.PI / 4, Math.min(Math.PI / 4, off));
        return { ...advance.action, to: { x: u.x + Math.cos(a) * reach, y: u.y + Math.sin(a) * reach } };
      }
    }
  }
  // Turn actions, or units with nothing else to do: prefer going first, else the first option.
  const first = legal.find((l) => l.action.type === 'choose-order' && l.action.first === 'first');
  if (first) return first.action;
  const plain = legal.find((l) => l.params.length === 0 && l.group !== 'turn') ?? legal.find((l) => l.params.length === 0);
  return plain ? plain.action : null;
}
