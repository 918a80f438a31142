/**
 * The viewshed on two threads, for Node: the `viewshed` command and the benchmarks, where one
 * large DEM is swept. A worker thread sweeps the east and west sectors while this thread sweeps
 * north and south (see sweepHalf); the numbers are viewshed()'s to the bit.
 *
 * It stays a plain function call: this thread waits for the worker with Atomics.wait, which Node
 * allows on its main thread (a browser's main thread does not; the page's viewsheds are small
 * and run in the engine worker). If the worker has not taken the job by the time this thread's
 * half is done (it may still be starting), this thread withdraws the job and sweeps the other
 * half itself, so two threads are never slower than one by more than the hand-over.
 */

import { Worker } from 'node:worker_threads';
import type { Vec2 } from '../core/geometry';
import { finishViewshed, planViewshed, sweepHalf, type Viewshed, type ViewshedOptions, type ViewshedTerrain } from './viewshed';

/** control[STATE]: where the job posted last stands. */
export const STATE = 0;
/** control[JOB]: the number of the job posted last, so a late worker cannot take an old one. */
export const JOB = 1;
export const JobState = { Posted: 1, Taken: 2, Done: 3, Failed: 4, Withdrawn: 5 } as const;

/** What the worker is sent: a grid to keep (for the worker's life), or a job on a grid it keeps. */
export type ViewshedThreadMessage =
  | { kind: 'grid'; grid: number; cols: number; rows: number; cellSize: number; originX: number; originY: number; heights: SharedArrayBuffer; obstacles?: SharedArrayBuffer; solids?: SharedArrayBuffer }
  | { kind: 'job'; job: number; grid: number; observer: Vec2; opts: ViewshedOptions; out: SharedArrayBuffer; control: SharedArrayBuffer };

/** Longest wait for a worker that has taken a job before giving up on it, ms. */
const WORKER_TIMEOUT = 60_000;

export class TwoThreadViewshed {
  private readonly worker: Worker;
  private readonly control = new Int32Array(new SharedArrayBuffer(8));
  /** Grids the worker keeps, by the heights array they were made from. */
  private readonly grids = new WeakMap<Float32Array, number>();
  private nextGrid = 1;
  private job = 0;
  private out: Float32Array = new Float32Array(new SharedArrayBuffer(0));
  private closed = false;
  private broken = false;
  /** How many viewsheds the worker swept a half of, and how many this thread swept alone. */
  shared = 0;
  alone = 0;

  /**
   * With `withdraw: false` this thread always waits for the worker to sweep its half, however
   * long it takes to start (for tests that must see the worker's numbers).
   */
  constructor(private readonly options: { withdraw?: boolean } = {}) {
    // The worker is TypeScript like the rest: its entry registers tsx, as bin/tricorne.mjs does.
    this.worker = new Worker(new URL('./viewshedWorker.mjs', import.meta.url));
    // Never keep the process alive for it. If it cannot start, this thread does all the work.
    this.worker.unref();
    this.worker.on('error', () => {
      this.broken = true;
    });
  }

  /**
   * viewshed() of a heightmap (and its obstacle rasters), on two threads. The arrays are shared
   * with the worker the first time they are seen: do not change them after.
   */
  viewshed(terrain: ViewshedTerrain, observer: Vec2, opts: ViewshedOptions): Viewshed {
    if (this.closed) throw new Error('this TwoThreadViewshed has been closed');
    const plan = planViewshed(terrain, observer, opts);
    const n = plan.cols * plan.rows;
    if (this.out.length !== n) this.out = new Float32Array(new SharedArrayBuffer(4 * n));
    const job = ++this.job;
    Atomics.store(this.control, JOB, job);
    Atomics.store(this.control, STATE, JobState.Posted);
    if (!this.broken) this.worker.postMessage({ kind: 'job', job, grid: this.gridOf(terrain), observer, opts, out: this.out.buffer as SharedArrayBuffer, control: this.control.buffer as SharedArrayBuffer } satisfies ViewshedThreadMessage);

    // NaN marks the samples this half does not reach; finishViewshed fills them from the other.
    const minHeight = new Float32Array(n).fill(NaN);
    sweepHalf(plan, 'north-south', minHeight);

    const waitForPosted = this.options.withdraw === false && !this.broken;
    if (!waitForPosted && Atomics.compareExchange(this.control, STATE, JobState.Posted, JobState.Withdrawn) === JobState.Posted) {
      // Withdrawn before the worker took it: this thread sweeps the other half below.
    } else {
      while (Atomics.load(this.control, STATE) === JobState.Taken || (waitForPosted && Atomics.load(this.control, STATE) === JobState.Posted)) {
        if (Atomics.wait(this.control, STATE, Atomics.load(this.control, STATE), WORKER_TIMEOUT) === 'timed-out') break;
      }
      if (Atomics.load(this.control, STATE) === JobState.Done) {
        this.shared++;
        return finishViewshed(plan, minHeight, this.out);
      }
      // Failed or stuck: the worker's half is not to be trusted, and a stuck one may still write.
      this.out = new Float32Array(new SharedArrayBuffer(4 * n));
    }
    this.alone++;
    const eastWest = this.out.fill(Infinity);
    sweepHalf(plan, 'east-west', eastWest);
    return finishViewshed(plan, minHeight, eastWest);
  }

  /** Stop the worker. */
  close(): Promise<number> {
    this.closed = true;
    return this.worker.terminate();
  }

  /** The worker's number for this terrain's grids, sending them over the first time. */
  private gridOf(terrain: ViewshedTerrain): number {
    const hm = terrain.heightmap;
    const known = this.grids.get(hm.heights);
    if (known !== undefined) return known;
    const grid = this.nextGrid++;
    this.worker.postMessage({
      kind: 'grid',
      grid,
      cols: hm.cols,
      rows: hm.rows,
      cellSize: hm.cellSize,
      originX: hm.originX,
      originY: hm.originY,
      heights: shared(hm.heights),
      ...(terrain.obstacles ? { obstacles: shared(terrain.obstacles) } : {}),
      ...(terrain.solids ? { solids: shared(terrain.solids) } : {}),
    } satisfies ViewshedThreadMessage);
    this.grids.set(hm.heights, grid);
    return grid;
  }
}

/** A copy of the array in memory both threads can read. */
function shared(a: Float32Array): SharedArrayBuffer {
  const buf = new SharedArrayBuffer(a.byteLength);
  new Float32Array(buf).set(a);
  return buf;
}
