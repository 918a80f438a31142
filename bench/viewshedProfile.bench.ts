/**
 * Where the wall time of a 2048 x 2048 viewshed goes: one thread against two, new output against
 * output written over, and inside a two-thread call the steps of both threads (from
 * TwoThreadViewshed.times). The variants run in turn within each round, so a change in the
 * machine's load falls on all of them alike. Prints medians (wall and CPU, ms).
 * With `--command`, instead the steps of the `viewshed` command on a size x size .asc: reading,
 * parsing, the sweep (with the worker started when the command starts), writing the answer out,
 * and the whole process.
 * Run with `npx tsx bench/viewshedProfile.bench.ts [size] [rounds] [--command]`.
 */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Rng } from '../src/core/random';
import { formatAsc, formatAscBytes, parseAsc } from '../src/terrain/gridio';
import { finishViewshed, planViewshed, sweepShare, viewshed, viewshedArrays, type Viewshed, type ViewshedOptions } from '../src/terrain/viewshed';
import { TwoThreadViewshed, type JobTimes } from '../src/terrain/viewshedThreads';
import { noiseGrid } from './grids';
import { median } from './stats';

const numbers = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const size = Number(numbers[0] ?? 2048);
const rounds = Number(numbers[1] ?? (process.argv.includes('--command') ? 3 : 15));

/** This process's CPU time, ms (all its threads). */
function cpuNow(): number {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
}


const figures = new Map<string, number[]>();
function record(label: string, ms: number): void {
  const list = figures.get(label) ?? [];
  list.push(ms);
  figures.set(label, list);
}

/** Wall and CPU of fn, recorded under label. */
function measure<T>(label: string, fn: () => T): T {
  const c0 = cpuNow();
  const t0 = performance.now();
  const out = fn();
  record(`${label}: wall`, performance.now() - t0);
  record(`${label}: CPU`, cpuNow() - c0);
  return out;
}

/** A two-thread call's steps, from TwoThreadViewshed.times. */
function recordSteps(label: string, t: JobTimes): void {
  record(`${label} | plan + output ready`, t.ready - t.start);
  record(`${label} | post the job (until postMessage returns)`, t.posted - t.ready);
  // From the moment the job is marked posted: the worker may take it before postMessage returns.
  record(`${label} | worker takes it after it is posted`, t.workerTaken - t.ready);
  record(`${label} | worker's share`, t.workerSwept - t.workerTaken);
  record(`${label} | this thread's share`, t.swept - t.posted);
  record(`${label} | worker done after this thread's share`, t.workerTold - t.swept);
  record(`${label} | this thread wakes after the worker is done`, t.woke - Math.max(t.workerTold, t.swept));
  record(`${label} | finish (visible of the east and west sectors)`, t.end - t.woke);
}

if (process.argv.includes('--command')) await commandSteps();
else await sweepSteps();

async function sweepSteps(): Promise<void> {
  const hm = noiseGrid(size, `grid-${size}`);
  const terrain = { heightmap: hm };
  const opts: ViewshedOptions = { eyeHeight: 10, targetHeight: 2 };
  const n = size * size;
  const two = new TwoThreadViewshed();
  // Output kept from call to call, for the variants that write over it.
  const kept = viewshedArrays(planViewshed(terrain, { x: 1, y: 1 }, opts), new ArrayBuffer(4 * n), new ArrayBuffer(n));
  let keptTwo: Viewshed | undefined;

  const rng = new Rng('profile-observers');
  for (let k = 0; k < rounds + 3; k++) {
    const observer = { x: rng.range(0, size - 1), y: rng.range(0, size - 1) };
    const warm = k < 3;
    const sink: number[] = [];
    const variants: [string, () => void][] = [
      ['one thread, new output', () => void sink.push(viewshed(terrain, observer, opts).visible[0]!)],
      [
        'one thread, output written over',
        () => {
          const plan = planViewshed(terrain, observer, opts);
          sweepShare(plan, 'all', kept.minHeight, kept.visible);
          finishViewshed(plan, kept.minHeight, kept.visible);
        },
      ],
      [
        'first share alone, output written over',
        () => sweepShare(planViewshed(terrain, observer, opts), 'first', kept.minHeight, kept.visible),
      ],
      [
        'second share alone, output written over',
        () => sweepShare(planViewshed(terrain, observer, opts), 'second', kept.minHeight, kept.visible),
      ],
      [
        'new output memory: allocate and touch every page',
        () => {
          const a = new Float32Array(new SharedArrayBuffer(4 * n));
          const b = new Uint8Array(new SharedArrayBuffer(n));
          for (let q = 0; q < n; q += 1024) a[q] = 1;
          for (let q = 0; q < n; q += 4096) b[q] = 1;
          sink.push(a[0]! + b[0]!);
        },
      ],
      [
        'two threads, new output',
        () => {
          two.viewshed(terrain, observer, opts);
          if (!warm) recordSteps('two threads, new output', two.times);
        },
      ],
      [
        'two threads, output written over',
        () => {
          keptTwo = two.viewshed(terrain, observer, opts, keptTwo);
          if (!warm) recordSteps('two threads, output written over', two.times);
        },
      ],
    ];
    // Each round in another order, so none always follows the same one.
    const order = variants.map((_, i) => (i + k) % variants.length);
    for (const i of order) {
      const [label, fn] = variants[i]!;
      if (warm) fn();
      else measure(label, fn);
    }
    if (sink.length < 0) console.log(sink);
  }
  await two.close();

  console.log(`viewshed profile ${size}x${size}, ${rounds} rounds, medians in ms (worker swept half of ${two.shared} of ${two.shared + two.alone})`);
  printFigures();
}

/** The `viewshed` command's steps, as src/cli/viewshed.ts takes them, and the whole process. */
async function commandSteps(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'tricorne-profile-'));
  try {
    const dem = join(dir, 'dem.asc');
    writeFileSync(dem, formatAsc({ ...noiseGrid(size, 'process'), cellSize: 5, originX: 400002.5, originY: 5000002.5 }));
    const observer = { x: 400002.5 + 5 * Math.round(size * 0.49), y: 5000002.5 + 5 * Math.round(size * 0.39) };
    for (let k = 0; k < rounds; k++) {
      for (const output of ['visible', 'min-height'] as const) {
        const label = `viewshed command, ${output}`;
        const out = join(dir, `out-${output}.asc`);
        // In this process, step by step.
        const two = measure(`${label} | start the worker`, () => new TwoThreadViewshed());
        const bytes = measure(`${label} | read the .asc`, () => readFileSync(dem));
        const grid = measure(`${label} | parse it`, () => parseAsc(bytes));
        const hm = grid.heightmap;
        const vs = measure(`${label} | viewshed (two threads)`, () => two.viewshed({ heightmap: hm }, observer, { eyeHeight: 2, targetHeight: 0 }));
        recordSteps(`${label} | viewshed`, two.times);
        const textOut = measure(`${label} | format the answer`, () => formatAscBytes(hm, { registration: grid.registration, values: output === 'visible' ? vs.visible : vs.minHeight, nodataValue: -9999 }));
        measure(`${label} | write it`, () => writeFileSync(out, textOut));
        await two.close();
        // The command as a user runs it.
        const t0 = performance.now();
        const r = spawnSync(process.execPath, ['bin/tricorne.mjs', 'viewshed', '--dem', dem, '--observer', `${observer.x},${observer.y}`, '--output', output, '--out', out], { encoding: 'utf8' });
        record(`${label} | whole process: wall`, performance.now() - t0);
        if (r.status !== 0) throw new Error(`viewshed failed: ${r.stderr}`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`viewshed command on a ${size}x${size} .asc, ${rounds} rounds, medians in ms`);
  printFigures();
}

function printFigures(): void {
  const labels = [...figures.keys()].sort((a, b) => a.localeCompare(b));
  for (const label of labels) console.log(`  ${label.padEnd(78)} ${median(figures.get(label)!).toFixed(1).padStart(7)}`);
}
