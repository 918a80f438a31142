/**
 * What the narrow-gap check adds to a horse-and-musket move: `gapAlong` for a 6" move of a five-stand
 * line, and `narrowGapAhead` (run after every line's move), at the positions of the units of a real
 * game's battlefield. Prints medians. Run with `npx tsx bench/gaps.bench.ts`.
 */

import { GameSession } from '../src/app/session';
import { inch } from '../src/core/measure';
import { battlefieldFromSpec } from '../src/terrain/battlefield';
import { gapAlong, narrowGapAhead } from '../src/rules/horse-and-musket/gaps';
import { pointAhead } from '../src/rules/horse-and-musket/moves';
import type { HmState } from '../src/rules/horse-and-musket/types';
import { summary } from './stats';

const along: number[] = [];
const ahead: number[] = [];
let found = 0;
for (let g = 0; g < 4; g++) {
  const s = new GameSession({ rulesetId: 'horse-and-musket', seed: `gaps-${g}`, options: { deployment: 'automatic' } });
  // Past the choice of attack or defence, so the armies stand on the table.
  const posture = s.legal(s.state.active!).find((l) => l.action.type === 'choose-posture');
  if (posture) s.act(posture.action);
  const state = s.state as unknown as HmState;
  const bf = battlefieldFromSpec(state.battlefield);
  const movers = state.units.filter((u) => !u.removed && u.rs.troop === 'infantry');
  for (let round = 0; round < 5; round++) {
    for (const u of movers) {
      let t = performance.now();
      if (gapAlong(state, bf, u, u, pointAhead(u, u.facing, inch(6)))) found++;
      along.push(performance.now() - t);
      t = performance.now();
      narrowGapAhead(state, bf, u);
      ahead.push(performance.now() - t);
    }
  }
}
console.log(`narrow gaps on 4 generated battlefields (infantry at their deployed places; ${found} of ${along.length} moves pass a narrow gap)`);
console.log(summary("gapAlong, a 6\" move of a line", along, 'ms', 3));
console.log(summary('narrowGapAhead, after a move', ahead, 'ms', 3));
