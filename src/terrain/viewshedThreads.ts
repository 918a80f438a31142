/**
 * The viewshed on two threads, for Node: the `viewshed` command and the benchmarks, where one
 * large DEM is swept. A worker thread sweeps the second share of the rays (half of each sector's
 * work) while this thread sweeps the first, both straight into the same shared output, which
 * needs no joining (see SweepShare); the numbers are viewshed()'s to the bit.
 *
 * It stays a plain function call: this thread waits for the worker with Atomics.wait, which Node
 * allows on its main thread (a browser's main thread does not; the page's viewsheds are small
 * and run in the engine worker). If the worker has not taken the job by the time this thread's
 * half is done (it may still be starting), this thread withdraws the job and sweeps the other
 * half itself, so two threads are never slower than one by more than the hand-over.
 *
 * Both threads warm the sweep up on a small grid as the object starts (warmUpViewshed), so the
 * first large viewshed, often the only one, runs in optimised code.
 */

import { Worker } from 'node:worker_threads';
import type { Vec2 } from '../core/geometry';
import { finishViewshed, planViewshed, sweepShare, viewshed, viewshedArrays, warmUpViewshed, type Viewshed, type ViewshedOptions, type ViewshedPlan, type ViewshedTerrain } from './viewshed';

/** control[STATE]: where the job posted last stands. */
export const STATE = 0;
/** control[JOB]: the number of the job posted last, so a late worker cannot take an old one. */
export const JOB = 1;
export const JobState = { Posted: 1, Taken: 2, Done: 3, Failed: 4, Withdrawn: 5 } as const;
/** Bytes of the control memory: the two Int32 slots above, then the worker's WorkerTimes. */
export const CONTROL_BYTES = 8 + 8 * 3;
/** Float64 slots of the worker's clock readings (see JobTimes), after the Int32 slots. */
export const WorkerTimes = { Taken: 1, Swept: 2, Told: 3 } as const;

/**
 * A clock both threads read alike, in ms: the system's monotonic clock, which all threads of a
 * process share (each thread's performance.timeOrigin is its own, and they differ by ms).
 */
export function sharedClock(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

/**
 * When each step of the last viewshed call happened, by sharedClock(), for benchmarks: where the
 * wall time goes. Worker times are NaN when this thread swept both shares.
 */
export interface JobTimes {
  start: number;
  /** Inputs checked and output readied (new memory or `into`). */
  ready: number;
  /** The job posted to the worker. */
  posted: number;
  /** The worker took the job, finished its share, and told this thread. */
  workerTaken: number;
  workerSwept: number;
  workerTold: number;
  /** This thread's share swept (and the other share too, when it swept both). */
  swept: number;
  /** This thread saw the worker's share done, and returned. */
  woke: number;
  end: number;
}

/** What the worker is sent: a grid to keep (for the worker's life), or a job on a grid it keeps. */
export type ViewshedThreadMessage =
  | { kind: 'grid'; grid: number; cols: number; rows: number; cellSize: number; originX: number; originY: number; heights: SharedArrayBuffer; obstacles?: SharedArrayBuffer; solids?: SharedArrayBuffer }
  | { kind: 'job'; job: number; grid: number; observer: Vec2; opts: ViewshedOptions; minHeight: SharedArrayBuffer; visible: SharedArrayBuffer; control: SharedArrayBuffer };

/** The warm-ups (see warmUpViewshed): the worker's, while this thread reads its grid, and this thread's own, cheaper. */
export const WORKER_WARM_UP = { calls: 40, size: 64 };
const MAIN_WARM_UP = { calls: 10, size: 32 };

/** Longest wait for a worker that has taken a job before giving up on it, ms. */
const WORKER_TIMEOUT = 60_000;

export class TwoThreadViewshed {
  private readonly worker: Worker;
  private readonly control = new Int32Array(new SharedArrayBuffer(CONTROL_BYTES));
  private readonly workerTimes = new Float64Array(this.control.buffer, 0, CONTROL_BYTES / 8);
  /** Where the last call's time went (see JobTimes). */
  readonly times: JobTimes = { start: 0, ready: 0, posted: 0, workerTaken: 0, workerSwept: 0, workerTold: 0, swept: 0, woke: 0, end: 0 };
  /** Grids the worker keeps, by the heights array they were made from. */
  private readonly grids = new WeakMap<Float32Array, number>();
  private nextGrid = 1;
  private job = 0;
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
    warmUpViewshed(MAIN_WARM_UP.calls, MAIN_WARM_UP.size);
  }

  /**
   * viewshed() of a heightmap (and its obstacle rasters), on two threads. The arrays are shared
   * with the worker the first time they are seen: do not change them after.
   *
   * `into`: a viewshed this object returned before, of a grid as large, whose arrays are written
   * over instead of new ones (which the system must hand over page by page, a few ms at 2048 x
   * 2048), for a caller that has done with it.
   */
  viewshed(terrain: ViewshedTerrain, observer: Vec2, opts: ViewshedOptions, into?: Viewshed): Viewshed {
    if (this.closed) throw new Error('this TwoThreadViewshed has been closed');
    const times = this.times;
    times.start = sharedClock();
    times.workerTaken = times.workerSwept = times.workerTold = times.posted = times.woke = NaN;
    this.workerTimes.fill(NaN, 1);
    const plan = planViewshed(terrain, observer, opts);
    if (this.broken) {
      this.alone++;
      return viewshed(terrain, observer, opts);
    }
    // New output unless told otherwise (the caller keeps it). Its pages are first touched by the
    // thread that sweeps them, so the cost of taking them from the system is shared too.
    const n = plan.cols * plan.rows;
    const reuse = into !== undefined && reusable(into, n);
    const minHeightMemory = reuse ? (into.minHeight.buffer as SharedArrayBuffer) : new SharedArrayBuffer(4 * n);
    const visibleMemory = reuse ? (into.visible.buffer as SharedArrayBuffer) : new SharedArrayBuffer(n);
    const { minHeight, visible } = viewshedArrays(plan, minHeightMemory, visibleMemory);
    times.ready = sharedClock();
    const job = ++this.job;
    Atomics.store(this.control, JOB, job);
    Atomics.store(this.control, STATE, JobState.Posted);
    this.worker.postMessage({
      kind: 'job',
      job,
      grid: this.gridOf(terrain),
      observer,
      opts,
      minHeight: minHeightMemory,
      visible: visibleMemory,
      control: this.control.buffer as SharedArrayBuffer,
    } satisfies ViewshedThreadMessage);
    times.posted = sharedClock();

    sweepShare(plan, 'first', minHeight, visible);
    times.swept = sharedClock();

    const waitForPosted = this.options.withdraw === false;
    if (!waitForPosted && Atomics.compareExchange(this.control, STATE, JobState.Posted, JobState.Withdrawn) === JobState.Posted) {
      // Withdrawn before the worker took it: this thread sweeps the other share too.
      this.alone++;
      sweepShare(plan, 'second', minHeight, visible);
      times.swept = sharedClock();
      return this.finish(plan, minHeight, visible);
    }
    while (Atomics.load(this.control, STATE) === JobState.Taken || (waitForPosted && Atomics.load(this.control, STATE) === JobState.Posted)) {
      if (Atomics.wait(this.control, STATE, Atomics.load(this.control, STATE), WORKER_TIMEOUT) === 'timed-out') break;
    }
    times.woke = sharedClock();
    if (Atomics.load(this.control, STATE) === JobState.Done) {
      this.shared++;
      return this.finish(plan, minHeight, visible);
    }
    // Failed or stuck: the worker's share is not to be trusted, and a stuck one may still write
    // into this output, so this thread sweeps the whole viewshed into its own.
    this.alone++;
    return viewshed(terrain, observer, opts);
  }

  private finish(plan: ViewshedPlan, minHeight: Float32Array, visible: Uint8Array): Viewshed {
    const out = finishViewshed(plan, minHeight, visible);
    const t = this.times;
    t.workerTaken = this.workerTimes[WorkerTimes.Taken]!;
    t.workerSwept = this.workerTimes[WorkerTimes.Swept]!;
    t.workerTold = this.workerTimes[WorkerTimes.Told]!;
    t.end = sharedClock();
    return out;
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

/** Whether a viewshed's arrays can take another of n samples: shared, whole and that large. */
function reusable(v: Viewshed, n: number): boolean {
  const whole = (a: Float32Array | Uint8Array): boolean => a.buffer instanceof SharedArrayBuffer && a.byteOffset === 0 && a.length === n && a.buffer.byteLength === a.byteLength;
  return whole(v.minHeight) && whole(v.visible);
}

/** A copy of the array in memory both threads can read. */
function shared(a: Float32Array): SharedArrayBuffer {
  const buf = new SharedArrayBuffer(a.byteLength);
  new Float32Array(buf).set(a);
  return buf;
}
