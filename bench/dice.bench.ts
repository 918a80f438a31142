/**
 * How long recording a throw of dice takes: Rapier's start-up, then throws of 1, 6 and 12 dice to
 * rest on level ground and on a battlefield's real ground beside a unit, with re-throws included.
 * Prints medians. Run with `npx tsx bench/dice.bench.ts`.
 */

import RAPIER from '@dimforge/rapier3d-compat';
import { recordThrow, traySize, type ThrowSpec } from '../src/dice-physics/record';
import { flatPatch } from '../src/dice-physics/ground';
import { DIE_SIZE, planThrows } from '../src/dice-physics/plan';
import { GameSession } from '../src/app/session';
import { battlefieldFromSpec } from '../src/terrain/battlefield';
import { summary } from './stats';

const RUNS = 25;

let t = performance.now();
await RAPIER.init();
console.log(`Rapier init: ${(performance.now() - t).toFixed(1)} ms`);

function measure(label: string, specFor: (run: number) => ThrowSpec): void {
  const ms: number[] = [];
  const seconds: number[] = [];
  const attempts: number[] = [];
  // One throw first to warm up the WebAssembly and the JIT.
  recordThrow(RAPIER, specFor(-1));
  for (let run = 0; run < RUNS; run++) {
    t = performance.now();
    const rec = recordThrow(RAPIER, specFor(run));
    ms.push(performance.now() - t);
    seconds.push(rec.frames / rec.hz);
    attempts.push(rec.attempts);
  }
  console.log(summary(`${label}: time to record`, ms, 'ms', 1));
  console.log(summary(`${label}: throw lasts`, seconds, 's', 2));
  console.log(`${label}: releases tried ${attempts.reduce((a, b) => a + b, 0)} for ${RUNS} throws`);
}

for (const count of [1, 6, 12]) {
  const tray = traySize(count, DIE_SIZE);
  const ground = flatPatch(Math.max(tray.halfX, tray.halfZ) + DIE_SIZE);
  measure(`${count} dice, level ground`, (run) => ({ count, dieSize: DIE_SIZE, ...tray, ground, obstacles: [], seed: `bench-${run}` }));
}

const session = new GameSession({ rulesetId: 'one-page', seed: 'dice-bench' });
const bf = battlefieldFromSpec(session.state.battlefield);
const table = { width: bf.width, depth: bf.depth, heightmap: bf.heightmap, features: bf.features };
const units = session.state.units.filter((u) => !u.removed);
measure('6 dice, battlefield ground beside a unit', (run) => {
  const u = units[(run + units.length) % units.length]!;
  const [plan] = planThrows([{ type: 'bench', text: '', side: u.side, unit: u.id, dice: [{ purpose: 'bench', sides: 6, values: [1, 2, 3, 4, 5, 6] }] }], session.state, table, `bench-${run}`);
  return plan!.spec;
});

const planMs: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const u = units[run % units.length]!;
  t = performance.now();
  planThrows([{ type: 'bench', text: '', side: u.side, unit: u.id, dice: [{ purpose: 'a', sides: 6, values: [1, 2] }, { purpose: 'b', sides: 6, values: [3, 4, 5, 6, 1, 2] }] }], session.state, table, `plan-${run}`);
  planMs.push(performance.now() - t);
}
console.log(summary('placing two throws beside a unit', planMs, 'ms', 2));
