/**
 * Visibility benchmarks: the viewshed sweep on large grids, lineOfSight throughput, the unit
 * visibility matrix, and the `viewshed` command as a whole process. Prints medians.
 * Run with `npx tsx bench/visibility.bench.ts` (add `--quick` to skip the 2048 grid and the process runs).
 */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Vec2 } from '../src/core/geometry';
import { inch } from '../src/core/measure';
import { Rng } from '../src/core/random';
import { battlefieldFromSpec, standardSpec } from '../src/terrain/battlefield';
import { formatAsc } from '../src/terrain/gridio';
import { lineOfSight } from '../src/terrain/sight';
import { deadGround, viewshed } from '../src/terrain/viewshed';
import { TwoThreadViewshed } from '../src/terrain/viewshedThreads';
import { visibilityMatrix, VisibilityTracker, type SightObserver, type SightTarget } from '../src/terrain/visibility';
import { noiseGrid } from './grids';
import { median, summary } from './stats';

const quick = process.argv.includes('--quick');

function time(fn: () => void): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

/** This process's CPU time, ms (all its threads). */
function cpuNow(): number {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
}

/**
 * Wall and CPU time of fn, ms. On a machine shared with other work the wall time also counts the
 * time this process waited for a core (on two busy cores, often more than the work itself), so
 * the matrix figures print both.
 */
function timeBoth(fn: () => void): { wall: number; cpu: number } {
  const c0 = cpuNow();
  const t0 = performance.now();
  fn();
  return { wall: performance.now() - t0, cpu: cpuNow() - c0 };
}

function sumAll(a: Float32Array): number {
  let s = 0;
  for (let k = 0; k < 10; k++) for (let i = 0; i < a.length; i++) s += a[i]!;
  return s;
}

/** A yardstick for the machine: 40 M float32 reads and adds (15-40 ms on an idle desktop). */
function calibrate(): number {
  const a = new Float32Array(4_000_000).map((_, i) => (i % 97) / 97);
  let total = 0;
  const runs = [1, 2, 3, 4, 5, 6, 7].map(() => time(() => (total += sumAll(a))));
  if (total < 0) console.log(total);
  return median(runs.slice(2));
}


console.log(`machine yardstick: 40 M float adds in ${calibrate().toFixed(0)} ms (median of 5)`);
const twoThreads = new TwoThreadViewshed();

// 1. Viewshed (visibility and minimum visible height together) and dead ground.
for (const n of quick ? [512, 1024] : [512, 1024, 2048]) {
  const hm = noiseGrid(n, `grid-${n}`);
  const rng = new Rng(`observers-${n}`);
  const runs = n >= 2048 ? 9 : 15;
  const times: number[] = [];
  const dead: number[] = [];
  let seen = 0;
  for (let k = 0; k < runs + 2; k++) {
    const observer = { x: rng.range(0, n - 1), y: rng.range(0, n - 1) };
    let v!: ReturnType<typeof viewshed>;
    const t = time(() => {
      v = viewshed({ heightmap: hm }, observer, { eyeHeight: 10, targetHeight: 2 });
    });
    const d = time(() => deadGround(v.minHeight, 2));
    // The first two warm the JIT.
    if (k < 2) continue;
    times.push(t);
    dead.push(d);
    seen += v.visible.reduce((s, x) => s + x, 0) / v.visible.length;
  }
  console.log(summary(`viewshed ${n}x${n} (visible + minHeight)`, times, 'ms', 1) + `, ${((100 * seen) / runs).toFixed(0)}% visible`);
  console.log(summary(`  deadGround ${n}x${n}`, dead, 'ms', 1));

  // The same observers on two threads, as the `viewshed` command runs (the worker already started).
  const orng = new Rng(`observers-${n}`);
  const twoTimes: number[] = [];
  const before = { shared: twoThreads.shared, alone: twoThreads.alone };
  for (let k = 0; k < runs + 2; k++) {
    const observer = { x: orng.range(0, n - 1), y: orng.range(0, n - 1) };
    const t = time(() => twoThreads.viewshed({ heightmap: hm }, observer, { eyeHeight: 10, targetHeight: 2 }));
    if (k >= 2) twoTimes.push(t);
  }
  console.log(
    summary(`  on two threads ${n}x${n}`, twoTimes, 'ms', 1) +
      `, the worker swept half of ${twoThreads.shared - before.shared} of ${twoThreads.shared - before.shared + twoThreads.alone - before.alone}`,
  );

  // The same, writing each viewshed over the one before (`into`), as a caller sweeping many
  // observers may: no new output memory to be handed over by the system page by page.
  const rrng = new Rng(`observers-${n}`);
  const reuseTimes: number[] = [];
  let last: ReturnType<typeof viewshed> | undefined;
  for (let k = 0; k < runs + 2; k++) {
    const observer = { x: rrng.range(0, n - 1), y: rrng.range(0, n - 1) };
    const t = time(() => (last = twoThreads.viewshed({ heightmap: hm }, observer, { eyeHeight: 10, targetHeight: 2 }, last)));
    if (k >= 2) reuseTimes.push(t);
  }
  console.log(summary(`  on two threads ${n}x${n}, into the last output`, reuseTimes, 'ms', 1));
}
await twoThreads.close();

// 2. Accuracy of the sweep against lineOfSight to each sample, on generated tables with woods.
{
  let agree = 0;
  let total = 0;
  let hidden = 0;
  for (const seed of ['acc-1', 'acc-2', 'acc-3', 'acc-4', 'acc-5']) {
    const bf = battlefieldFromSpec(standardSpec(seed));
    const hm = bf.heightmap;
    const rng = new Rng(seed);
    for (let o = 0; o < 4; o++) {
      const observer = { x: rng.range(0, bf.width), y: rng.range(0, bf.depth) };
      const opts = { eyeHeight: 20, targetHeight: 20, obscuringLimit: o % 2 ? inch(3) : 0 };
      const v = viewshed(bf, observer, opts);
      for (let n = 0; n < 2500; n++) {
        const i = rng.int(hm.cols);
        const j = rng.int(hm.rows);
        const los = lineOfSight(bf, observer, { x: i * hm.cellSize, y: j * hm.cellSize }, opts).visible;
        if (!los) hidden++;
        if ((v.visible[j * hm.cols + i] === 1) === los) agree++;
        total++;
      }
    }
  }
  console.log(`viewshed vs lineOfSight: ${((100 * agree) / total).toFixed(2)}% of ${total} random samples agree (${((100 * hidden) / total).toFixed(0)}% hidden), 5 tables with woods, limits 0 and 3"`);
}

// 3. lineOfSight throughput: 30 cm lines on a 6' x 4' table.
const bf = battlefieldFromSpec(standardSpec('bench'));
{
  const rng = new Rng('los-30cm');
  const lines: [Vec2, Vec2][] = [];
  while (lines.length < 5000) {
    const a = { x: rng.range(0, bf.width), y: rng.range(0, bf.depth) };
    const angle = rng.range(0, 2 * Math.PI);
    const b = { x: a.x + 300 * Math.cos(angle), y: a.y + 300 * Math.sin(angle) };
    if (b.x >= 0 && b.x <= bf.width && b.y >= 0 && b.y <= bf.depth) lines.push([a, b]);
  }
  const opts = { eyeHeight: 20, targetHeight: 20, obscuringLimit: inch(3) };
  let visible = 0;
  const pass = (): void => {
    for (const [a, b] of lines) if (lineOfSight(bf, a, b, opts).visible) visible++;
  };
  for (let k = 0; k < 3; k++) pass();
  const rates: number[] = [];
  for (let k = 0; k < 15; k++) rates.push(lines.length / (time(pass) / 1000));
  console.log(
    summary('lineOfSight, 30 cm lines on a 6x4 table', rates.map((r) => r / 1e6), 'M lines/s', 3) +
      `, ${((100 * visible) / (18 * lines.length)).toFixed(0)}% visible`,
  );
}

// 4. 50 against 50 units, five points each (centre and corners), armies in their deployment zones
// and scattered anywhere.
for (const layout of ['deployed', 'scattered'] as const) {
  const rng = new Rng(`units-${layout}`);
  const unit = (y0: number, y1: number): Vec2[] => {
    const cx = rng.range(100, bf.width - 100);
    const cy = rng.range(y0, y1);
    return [
      { x: cx, y: cy },
      { x: cx - 50, y: cy - 20 },
      { x: cx + 50, y: cy - 20 },
      { x: cx + 50, y: cy + 20 },
      { x: cx - 50, y: cy + 20 },
    ];
  };
  const near = (): Vec2[] => (layout === 'deployed' ? unit(30, inch(12)) : unit(30, bf.depth - 30));
  const far = (): Vec2[] => (layout === 'deployed' ? unit(bf.depth - inch(12), bf.depth - 30) : unit(30, bf.depth - 30));
  const observers: SightObserver[] = Array.from({ length: 50 }, (_, i) => ({ id: `r${i}`, points: near(), eyeHeight: 20 }));
  const targets: SightTarget[] = Array.from({ length: 50 }, (_, i) => ({ id: `b${i}`, points: far(), height: 20 }));
  let m!: Uint8Array;
  // The machine's load beside the figures: on a shared machine they mean little when it is high.
  console.log(`load average before the ${layout} matrices: ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  // The very first matrix on a battlefield also fills its sight caches (tile maxima, woods'
  // ranges and cores), which a game pays once per battle: printed apart, not in the medians.
  const first = timeBoth(() => (m = visibilityMatrix(bf, observers, targets, { obscuringLimit: inch(3) })));
  if (layout === 'deployed') console.log(`visibilityMatrix, the first on this battlefield (filling the sight caches lineOfSight left empty): ${first.wall.toFixed(1)} ms (CPU ${first.cpu.toFixed(1)} ms)`);
  for (let k = 0; k < 2; k++) m = visibilityMatrix(bf, observers, targets, { obscuringLimit: inch(3) });
  const times: number[] = [];
  const cpuTimes: number[] = [];
  for (let k = 0; k < 21; k++) {
    const t = timeBoth(() => (m = visibilityMatrix(bf, observers, targets, { obscuringLimit: inch(3) })));
    times.push(t.wall);
    cpuTimes.push(t.cpu);
  }
  const seen = m.reduce((s, x) => s + x, 0);
  console.log(summary(`visibilityMatrix 50 x 50 units, 5 points each, ${layout}, from scratch`, times, 'ms', 2) + `, ${seen} of 2500 pairs see`);
  console.log(summary(`  the same in CPU time`, cpuTimes, 'ms', 2));

  // As the game uses it: a tracker kept from move to move, and after each move one unit of each
  // side stands somewhere new (its row and its column are worked out again).
  const tracker = new VisibilityTracker(bf, { obscuringLimit: inch(3) });
  tracker.matrix(observers, targets);
  const moveTimes: number[] = [];
  const moveCpu: number[] = [];
  let recomputed = 0;
  for (let k = 0; k < 41; k++) {
    observers[k % 50] = { ...observers[k % 50]!, points: near() };
    targets[(k * 7) % 50] = { ...targets[(k * 7) % 50]!, points: far() };
    const t = timeBoth(() => tracker.matrix(observers, targets));
    if (k < 5) continue;
    moveTimes.push(t.wall);
    moveCpu.push(t.cpu);
    recomputed += tracker.recomputed;
  }
  console.log(summary(`  VisibilityTracker after one unit of each side moves, ${layout}`, moveTimes, 'ms', 2) + `, ${(recomputed / moveTimes.length).toFixed(0)} pairs worked out`);
  console.log(summary(`    the same in CPU time`, moveCpu, 'ms', 2));
}

// 5. The `viewshed` command on a 2048 x 2048 .asc, as a whole process.
if (!quick) {
  const dir = mkdtempSync(join(tmpdir(), 'tricorne-bench-'));
  try {
    const dem = join(dir, 'dem.asc');
    const hm = noiseGrid(2048, 'process');
    writeFileSync(dem, formatAsc({ ...hm, cellSize: 5, originX: 400002.5, originY: 5000002.5 }));
    for (const output of ['visible', 'min-height']) {
      const times: number[] = [];
      for (let k = 0; k < 3; k++) {
        const out = join(dir, `out-${output}.asc`);
        const t0 = performance.now();
        const r = spawnSync(process.execPath, ['bin/tricorne.mjs', 'viewshed', '--dem', dem, '--observer', '405000,5004000', '--output', output, '--out', out], {
          encoding: 'utf8',
        });
        times.push(performance.now() - t0);
        if (r.status !== 0) throw new Error(`viewshed failed: ${r.stderr}`);
      }
      console.log(summary(`tricorne viewshed on a 2048x2048 .asc (${output}), whole process`, times, 'ms', 0));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
