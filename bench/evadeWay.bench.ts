/**
 * What a Perfect Evade's way costs (`relocationCheck`, evadeWay.ts): evaders of real deployed armies
 * asked for places in eight directions at 80% of their reach, split into ways found straight, ways
 * found round something, and places refused. Prints medians of CPU time (the machine is shared, so
 * wall-clock would count other people's work). Run with `npx tsx bench/evadeWay.bench.ts`.
 */

import { GameSession } from '../src/app/session';
import { inch } from '../src/core/measure';
import { battlefieldFromSpec } from '../src/terrain/battlefield';
import { relocationCheck } from '../src/rules/horse-and-musket/evadeWay';
import type { HmState } from '../src/rules/horse-and-musket/types';
import { summary } from './stats';

const straight: number[] = [];
const round: number[] = [];
const refused: number[] = [];
for (let g = 0; g < 4; g++) {
  const s = new GameSession({ rulesetId: 'horse-and-musket', seed: `evade-way-${g}`, options: { deployment: 'automatic' } });
  const posture = s.legal(s.state.active!).find((l) => l.action.type === 'choose-posture');
  if (posture) s.act(posture.action);
  const state = s.state as unknown as HmState;
  const bf = battlefieldFromSpec(state.battlefield);
  const evaders = state.units.filter((u) => !u.removed && !u.carriedBy && ['skirmInf', 'skirmCav', 'lightCav'].includes(u.rs.troop));
  for (const u of evaders) {
    const reach = inch(u.rs.troop === 'skirmInf' ? 6 : 18);
    for (let k = 0; k < 8; k++) {
      const a = (k * Math.PI) / 4;
      const to = { x: u.x + Math.cos(a) * reach * 0.8, y: u.y + Math.sin(a) * reach * 0.8 };
      const t = process.cpuUsage();
      const r = relocationCheck(state, bf, u, undefined, reach, to);
      const used = process.cpuUsage(t);
      const ms = (used.user + used.system) / 1000;
      (r.ok ? (r.way.length > 2 ? round : straight) : refused).push(ms);
    }
  }
}
console.log(`Perfect Evade ways on 4 generated battlefields (evaders at their deployed places, 8 places each)`);
console.log(summary('straight way clear', straight, 'ms CPU', 3));
console.log(summary('way round found', round, 'ms CPU', 3));
console.log(summary('refused', refused, 'ms CPU', 3));
