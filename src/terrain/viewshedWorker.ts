/**
 * The viewshed's worker thread: it keeps the grids it is sent and sweeps the second share of a
 * viewshed into shared memory when asked (see viewshedThreads.ts for the hand-over).
 */

import { parentPort } from 'node:worker_threads';
import { JOB, JobState, sharedClock, STATE, WORKER_WARM_UP, WorkerTimes, type ViewshedThreadMessage } from './viewshedThreads';
import { planViewshed, sweepShare, warmUpViewshed, type ViewshedTerrain } from './viewshed';

const grids = new Map<number, ViewshedTerrain>();

// Ready the sweep's optimised code while the main thread is still reading its grid (a job that
// comes meanwhile waits, or the main thread takes it back).
warmUpViewshed(WORKER_WARM_UP.calls, WORKER_WARM_UP.size);

parentPort!.on('message', (m: ViewshedThreadMessage) => {
  if (m.kind === 'grid') {
    const heightmap = { cols: m.cols, rows: m.rows, cellSize: m.cellSize, originX: m.originX, originY: m.originY, heights: new Float32Array(m.heights) };
    grids.set(m.grid, {
      heightmap,
      ...(m.obstacles ? { obstacles: new Float32Array(m.obstacles) } : {}),
      ...(m.solids ? { solids: new Float32Array(m.solids) } : {}),
    });
    return;
  }
  const control = new Int32Array(m.control);
  // Only the job posted last, and only if the main thread has not withdrawn it.
  if (Atomics.load(control, JOB) !== m.job || Atomics.compareExchange(control, STATE, JobState.Posted, JobState.Taken) !== JobState.Posted) return;
  const times = new Float64Array(m.control);
  times[WorkerTimes.Taken] = sharedClock();
  let state: number = JobState.Failed;
  try {
    const terrain = grids.get(m.grid);
    if (terrain) {
      // The main thread has readied the output (viewshedArrays) before posting the job.
      sweepShare(planViewshed(terrain, m.observer, m.opts), 'second', new Float32Array(m.minHeight), new Uint8Array(m.visible));
      state = JobState.Done;
    }
    times[WorkerTimes.Swept] = sharedClock();
  } finally {
    times[WorkerTimes.Told] = sharedClock();
    Atomics.store(control, STATE, state);
    Atomics.notify(control, STATE);
  }
});
