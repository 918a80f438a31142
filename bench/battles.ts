/**
 * Battles for the AI benchmark and the AI's seeded-games test: a one-page game in its first
 * activation phase, its armies optionally grown to a given number of combat units a side.
 */

import { GameSession } from '../src/app/session';
import type { GameState, Unit } from '../src/core/model';

/** A one-page game in its activation phase, red to act, optionally grown to `perSide` combat units a side. */
export function onePageBattle(seed: string, perSide?: number, options: Record<string, unknown> = {}): GameSession {
  const s = new GameSession({ rulesetId: 'one-page', seed, options });
  s.act({ type: 'roll-initiative', side: 'red' });
  const w = s.state.active!;
  s.act({ type: 'choose-order', side: w, first: w === 'red' ? 'first' : 'second' });
  if (perSide) growArmies(s.state, perSide);
  return s;
}

/** Add copies of each side's combat units in a second and third line, up to `perSide` a side. */
export function growArmies(state: GameState, perSide: number): void {
  for (const side of ['red', 'black']) {
    const base = state.units.filter((u) => u.side === side && u.kind !== 'commander');
    const dir = side === 'red' ? -1 : 1;
    let n = 0;
    while (base.length + n < perSide) {
      const src = base[n % base.length]!;
      const row = 1 + Math.floor(n / base.length);
      const copy: Unit = { ...structuredClone(src), id: `${src.id}-x${n}`, name: `${src.name} (${row + 1})`, y: src.y + dir * row * 60, x: src.x + ((n % 3) - 1) * 12 };
      state.units.push(copy);
      n++;
    }
  }
}
