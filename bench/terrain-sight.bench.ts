/**
 * Time lineOfSight on a generated 6'x4' battlefield: 1 m sight lines in random places and
 * directions, woods at the one-page rules' 3" limit; then the same table with a village and a
 * farm (spec.settlements), whose buildings are solid to sight. Prints the median time per call over
 * several runs. Run with `npx tsx bench/terrain-sight.bench.ts`.
 */

import { inch } from '../src/core/measure';
import { Rng } from '../src/core/random';
import { battlefieldFromSpec, standardSpec, type Battlefield } from '../src/terrain/battlefield';
import { lineOfSight } from '../src/terrain/sight';
import type { Vec2 } from '../src/core/geometry';

const LINE_LENGTH = 1000;
const LINES = 2000;
const RUNS = 15;
const opts = { eyeHeight: 20, targetHeight: 20, obscuringLimit: inch(3) };

function bench(bf: Battlefield, label: string): void {
  const rng = new Rng('bench-lines');
  const lines: [Vec2, Vec2][] = [];
  while (lines.length < LINES) {
    const a = { x: rng.range(0, bf.width), y: rng.range(0, bf.depth) };
    const angle = rng.range(0, 2 * Math.PI);
    const b = { x: a.x + LINE_LENGTH * Math.cos(angle), y: a.y + LINE_LENGTH * Math.sin(angle) };
    if (b.x >= 0 && b.x <= bf.width && b.y >= 0 && b.y <= bf.depth) lines.push([a, b]);
  }

  let visible = 0;
  const pass = (): void => {
    for (const [a, b] of lines) if (lineOfSight(bf, a, b, opts).visible) visible++;
  };

  // Warm up so the JIT has compiled the hot path before timing.
  for (let i = 0; i < 5; i++) pass();
  visible = 0;

  const perCall: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    pass();
    perCall.push(((performance.now() - t0) * 1000) / LINES);
  }
  perCall.sort((x, y) => x - y);
  const median = perCall[Math.floor(RUNS / 2)]!;
  console.log(`lineOfSight${label}, ${LINE_LENGTH} mm lines on a ${bf.heightmap.cellSize} mm grid, ${LINES} lines x ${RUNS} runs`);
  console.log(`  visible: ${((100 * visible) / (LINES * RUNS)).toFixed(1)}%`);
  console.log(`  per call: median ${median.toFixed(2)} us, fastest run ${perCall[0]!.toFixed(2)} us, slowest ${perCall[RUNS - 1]!.toFixed(2)} us`);
}

bench(battlefieldFromSpec(standardSpec('bench')), '');
bench(battlefieldFromSpec(standardSpec('bench', { settlements: true })), ' with a village and a farm');
