/**
 * `tricorne viewshed`: what an observer sees of a DEM, as GIS tools do it. Coordinates, heights and
 * distances are all in the grid's own units (metres for most DEMs).
 */

import { readFileSync, writeFileSync } from 'node:fs';
import { formatAscBytes, GridError, parseAsc, type AscGrid } from '../terrain/gridio';
import { TwoThreadViewshed } from '../terrain/viewshedThreads';
import { parseArgs, UsageError } from './args';
import type { Io } from './main';

export const VIEWSHED_USAGE = `  tricorne viewshed --dem FILE.asc --observer X,Y [--observer-height H] [--target-height H]
                    [--max-distance D] [--output visible|min-height] --out OUT.asc
      Viewshed of an ESRI ASCII grid from one observer, written as another .asc with the same
      georeferencing. X,Y, H and D are in the grid's units. visible: 1 seen, 0 not (the default);
      min-height: the least height above the ground a target needs there to be seen (NODATA beyond
      the maximum distance). Heights default to 2 for the observer and 0 for the target.`;

/** Parse "X,Y" into two finite numbers. */
function parsePoint(raw: string): { x: number; y: number } {
  const parts = raw.split(',');
  const nums = parts.map((p) => (p.trim() === '' ? NaN : Number(p)));
  if (nums.length !== 2 || !nums.every(Number.isFinite)) throw new UsageError(`--observer must be X,Y (two numbers), not "${raw}"`);
  return { x: nums[0]!, y: nums[1]! };
}

function numberFlag(flags: Record<string, string>, name: string, fallback: number | undefined, min: number): number | undefined {
  const raw = flags[name];
  if (raw === undefined) return fallback;
  const n = raw.trim() === '' ? NaN : Number(raw);
  if (!Number.isFinite(n) || n < min) throw new UsageError(`--${name} must be a number of at least ${min}, not "${raw}"`);
  return n;
}

export function viewshedCommand(argv: readonly string[], io: Io): number {
  const { flags, positional } = parseArgs(argv, {
    values: ['dem', 'observer', 'observer-height', 'target-height', 'max-distance', 'output', 'out'],
    switches: [],
  });
  if (positional.length) throw new UsageError(`unexpected argument "${positional[0]}"`);
  const dem = flags.dem;
  if (dem === undefined) throw new UsageError('viewshed needs --dem FILE.asc');
  const out = flags.out;
  if (out === undefined) throw new UsageError('viewshed needs --out OUT.asc');
  if (flags.observer === undefined) throw new UsageError('viewshed needs --observer X,Y');
  const observer = parsePoint(flags.observer);
  const kind = flags.output ?? 'visible';
  if (kind !== 'visible' && kind !== 'min-height') throw new UsageError(`--output must be visible or min-height, not "${kind}"`);
  const eyeHeight = numberFlag(flags, 'observer-height', 2, 0)!;
  const targetHeight = numberFlag(flags, 'target-height', 0, 0)!;
  const maxDistance = numberFlag(flags, 'max-distance', undefined, 0);

  // Started now, the second thread is ready by the time a large grid has been read.
  const sweep = new TwoThreadViewshed();
  try {
    return viewshedOfFile(sweep, dem, out, observer, kind, eyeHeight, targetHeight, maxDistance, io);
  } finally {
    void sweep.close();
  }
}

function viewshedOfFile(
  sweep: TwoThreadViewshed,
  dem: string,
  out: string,
  observer: { x: number; y: number },
  kind: 'visible' | 'min-height',
  eyeHeight: number,
  targetHeight: number,
  maxDistance: number | undefined,
  io: Io,
): number {
  // Bytes, not text: the parser reads them as they are (decoding 40 MB into a string cost more than parsing it).
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(dem);
  } catch (e) {
    io.err(`tricorne: cannot read ${dem}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    return 1;
  }
  let grid: AscGrid;
  try {
    grid = parseAsc(bytes);
  } catch (e) {
    if (e instanceof GridError) {
      io.err(`tricorne: ${dem}: ${e.message}`);
      return 1;
    }
    throw e;
  }
  const hm = grid.heightmap;
  const cs = hm.cellSize;
  // The grid covers whole cells, half a cell beyond its outermost samples; an observer there
  // stands on an edge cell, so is moved onto that cell's sample line.
  const west = hm.originX - cs / 2;
  const south = hm.originY - cs / 2;
  const east = hm.originX + (hm.cols - 0.5) * cs;
  const north = hm.originY + (hm.rows - 0.5) * cs;
  if (!(observer.x >= west && observer.x <= east && observer.y >= south && observer.y <= north)) {
    io.err(`tricorne: observer (${observer.x}, ${observer.y}) is outside the grid, which covers x ${west} to ${east} and y ${south} to ${north}`);
    return 1;
  }
  const at = {
    x: Math.min(Math.max(observer.x, hm.originX), hm.originX + (hm.cols - 1) * cs),
    y: Math.min(Math.max(observer.y, hm.originY), hm.originY + (hm.rows - 1) * cs),
  };
  const vs = sweep.viewshed({ heightmap: hm }, at, maxDistance === undefined ? { eyeHeight, targetHeight } : { eyeHeight, targetHeight, maxDistance });

  const n = hm.cols * hm.rows;
  let seen = 0;
  for (let k = 0; k < n; k++) seen += vs.visible[k]!;
  // The sweep's own arrays are written out as they are: a copy of 4 M cells cost some 50 ms,
  // mostly the system handing over new memory.
  let values: Uint8Array | Float32Array = kind === 'visible' ? vs.visible : vs.minHeight;
  const mask = grid.nodataMask;
  if (mask) {
    // Where the DEM had no data the answer means nothing: NODATA (NaN is written as NODATA).
    const copy = new Float32Array(values);
    for (let k = 0; k < n; k++) if (mask[k]) copy[k] = NaN;
    values = copy;
  }
  const outBytes = formatAscBytes(hm, { registration: grid.registration, values, nodataValue: grid.nodataValue ?? -9999 });
  try {
    writeFileSync(out, outBytes);
  } catch (e) {
    io.err(`tricorne: cannot write ${out}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    return 1;
  }
  io.out(`viewshed: ${hm.cols} x ${hm.rows} cells from (${observer.x}, ${observer.y}), ${((100 * seen) / n).toFixed(1)}% visible; wrote ${kind} to ${out}`);
  return 0;
}
