/**
 * Viewshed: what one observer can see of the whole heightmap, and how tall a target must be at
 * each sample to be seen. Dead ground is the ground a standing figure could hide on.
 *
 * Method: a radial sweep in the manner of Franklin's R2, with interpolation between rays.
 * The grid is split into four sectors by the diagonals through the observer. In a sector the
 * "major" axis runs away from the observer and rays run from the observer to every grid line
 * crossing of the sector's far column, so neighbouring rays are at most a cell apart sideways.
 * The sweep goes column by column away from the observer, all rays at once, and each ray keeps
 * what a line from the eye to a point beyond must clear:
 * the steepest slope to the ground where the ray crosses each column (linear between the two
 * samples there; as in lineOfSight, not within half a cell of the eye nor on the target's own
 * column, so a figure on a slope does not hide itself), and
 * the canopy slopes met in woods (with an obscuring limit, the line may pass below the tops for
 * that length, so the k-th steepest decides, k = limit / column length + 1), and
 * the roofs of buildings, which are solid whatever the limit: a roof where the ray crosses a column
 * counts as ground raised by the roof's height. A grid sample lies
 * between two neighbouring rays in its column and takes their required slopes interpolated by its
 * place between them: minHeight = eye + slope * distance - ground. Cost: about two ray steps per
 * grid sample, whatever the distance, against one lineOfSight (hundreds of steps) per sample.
 *
 * Approximations, compared with running lineOfSight to every sample (measured agreement in
 * tests/unit/terrain/viewshed.test.ts and bench/visibility.bench.ts: 99.9% on generated tables):
 * - a sample's value is interpolated from the two rays either side of it, not walked along the
 *   line to its own centre. Samples on the far column and on the observer's own row or column lie
 *   on a ray and are exact; elsewhere smooth ground gives nearly the same answer, and right on a
 *   shadow's edge (a crest, a wood's corner) a sample may flip.
 * - ground is sampled where a ray crosses columns, not every half cell along it, so a crest
 *   running between the sample lines at a slant is caught a little low.
 * - canopy is tested once per column crossing, each standing for a column's length of sight line,
 *   so an obscuring limit is met to within a column; the woods' outlines themselves are exact.
 */

import type { Vec2 } from '../core/geometry';
import type { Battlefield } from './battlefield';
import { heightAt, type Heightmap } from './heightmap';
import { polygonCrossings, sortPrefix, terrainIndex, type CompiledFeature } from './spatial';

/** A heightmap with, optionally, the height above ground of whatever blocks sight at each sample. */
export interface ViewshedTerrain {
  heightmap: Heightmap;
  /**
   * Same layout as heightmap.heights; 0 where nothing stands. Tree canopy, buildings. Each sample
   * covers half a cell either way. Read once and cached with the array: do not change it after.
   */
  obstacles?: Float32Array | undefined;
  /**
   * Same layout: height of solid obstacles (roofs), which no depth of may be seen through. Samples
   * with a value here are solid, whatever `obstacles` says; the rest of `obstacles` is canopy.
   */
  solids?: Float32Array | undefined;
}

export interface ViewshedOptions {
  /** Eye above the ground at the observer, in height units (mm on the table). */
  eyeHeight: number;
  /** Height above the ground of the point to be seen at each sample, for `visible`. */
  targetHeight: number;
  /** Samples farther than this (horizontally) are not visible and have minHeight Infinity. */
  maxDistance?: number;
  /**
   * How far a sight line may run below an obstacle top before it is blocked, as in lineOfSight
   * (3" in the one-page rules). Default 0: any obstacle blocks at once.
   */
  obscuringLimit?: number;
}

export interface Viewshed {
  cols: number;
  rows: number;
  /** 1 where a target of opts.targetHeight above the ground is visible. Laid out like heights. */
  visible: Uint8Array;
  /**
   * Lowest height above the ground at which a target at this sample is seen: 0 where the ground
   * itself is visible, Infinity beyond maxDistance. Always finite within range: a tall enough
   * target rises over any crest or canopy.
   */
  minHeight: Float32Array;
}

/** Marks "no constraint yet" on a ray. */
const NONE = -Infinity;
const EMPTY_F64 = new Float64Array(0);
const EMPTY_F32 = new Float32Array(0);
const EMPTY_U8 = new Uint8Array(0);

/** Which of a sector's rays a sweep follows: all, those up to its split ray, or from it on. */
const RayPart = { All: 0, Low: 1, High: 2 } as const;
type RayPart = (typeof RayPart)[keyof typeof RayPart];

/**
 * Obstacles along grid lines, for the sweep: for each line, the stretches (in grid units along the
 * line) inside an obstacle and its height, sorted and not overlapping (they may touch), so the
 * sweep, which meets a line's crossings in order, finds each one with a forward-only cursor.
 * `start` has one more entry than there are lines.
 */
interface LineSpans {
  start: Int32Array;
  lo: Float64Array;
  hi: Float64Array;
  height: Float64Array;
}

/** Obstacles in the three forms the sweep reads. */
interface ObstacleGrid {
  /** Height at each sample, laid out like heights. */
  nodes: Float32Array;
  /** Along each column i (x fixed), in units of j. */
  cols: LineSpans;
  /** Along each row j (y fixed), in units of i. */
  rows: LineSpans;
  /**
   * Solids from features only: the same along the half-cell lines between columns (entry i lies
   * between columns i and i + 1) and rows, so a line clipping a building's corner between two
   * grid lines is still caught.
   */
  halfCols?: LineSpans;
  halfRows?: LineSpans;
}

/**
 * One line's stretches [lo, hi, height, ...], which may overlap, as sorted pieces that do not:
 * each piece takes the tallest stretch over it, so a point keeps the height it had before (at a
 * point where two pieces touch, the taller of the two, as the closed stretches gave).
 */
function flattenLine(l: number[]): number[] {
  if (l.length <= 3) return l;
  const cuts = [...new Set(l.filter((_, q) => q % 3 !== 2))].sort((a, b) => a - b);
  const out: number[] = [];
  for (let c = 0; c + 1 < cuts.length; c++) {
    const a = cuts[c]!;
    const b = cuts[c + 1]!;
    let top = 0;
    for (let q = 0; q < l.length; q += 3) if (l[q]! <= a && l[q + 1]! >= b && l[q + 2]! > top) top = l[q + 2]!;
    if (top <= 0) continue;
    // Join a piece to the one before when they touch at the same height.
    if (out.length > 0 && out[out.length - 2] === a && out[out.length - 1] === top) out[out.length - 2] = b;
    else out.push(a, b, top);
  }
  return out;
}

function packSpans(lists: number[][]): LineSpans {
  const flat = lists.map(flattenLine);
  const start = new Int32Array(flat.length + 1);
  let total = 0;
  flat.forEach((l, i) => {
    start[i] = total;
    total += l.length / 3;
  });
  start[flat.length] = total;
  const lo = new Float64Array(total);
  const hi = new Float64Array(total);
  const height = new Float64Array(total);
  let k = 0;
  for (const l of flat) {
    for (let q = 0; q < l.length; q += 3) {
      lo[k] = l[q]!;
      hi[k] = l[q + 1]!;
      height[k++] = l[q + 2]!;
    }
  }
  return { start, lo, hi, height };
}

/** Canopy (a limited depth may be seen through) and solid obstacles (roofs), either may be absent. */
interface Obstacles {
  canopy: ObstacleGrid | null;
  solid: ObstacleGrid | null;
  /** Both as one raster, the taller where they meet; null when there are none. */
  all: Float32Array | null;
}

const featureObstacles = new WeakMap<Battlefield, Obstacles>();
const rasterObstacles = new WeakMap<Float32Array, ObstacleGrid | null>();
const splitRasters = new WeakMap<Float32Array, WeakMap<Float32Array, Obstacles>>();

/**
 * The battlefield's obscuring features (woods' canopy) and buildings on its grid lines, exactly:
 * each row and column is cut against every outline (even-odd, as lineOfSight does), so the sweep
 * knows where a wood or a wall starts to a fraction of a cell.
 */
function obstaclesOfBattlefield(bf: Battlefield): Obstacles {
  const hit = featureObstacles.get(bf);
  if (hit !== undefined) return hit;
  const idx = terrainIndex(bf);
  const canopy = gridOfFeatures(bf, idx.occluders.filter((cf) => cf.polygon !== null), (cf) => cf.obscuringHeight);
  const solid = gridOfFeatures(bf, idx.solids, (cf) => cf.solidHeight, true);
  let all: Float32Array | null;
  if (canopy && solid) {
    all = new Float32Array(canopy.nodes.length);
    for (let k = 0; k < all.length; k++) all[k] = Math.max(canopy.nodes[k]!, solid.nodes[k]!);
  } else all = canopy?.nodes ?? solid?.nodes ?? null;
  const out = { canopy, solid, all };
  featureObstacles.set(bf, out);
  return out;
}

function gridOfFeatures(bf: Battlefield, features: readonly CompiledFeature[], heightOf: (cf: CompiledFeature) => number, half = false): ObstacleGrid | null {
  if (features.length === 0) return null;
  const hm = bf.heightmap;
  const { cols, rows, cellSize: cs, originX, originY } = hm;
  const nodes = new Float32Array(cols * rows);
  const colLists: number[][] = Array.from({ length: cols }, () => []);
  const rowLists: number[][] = Array.from({ length: rows }, () => []);
  let buf = new Float64Array(16);
  for (const cf of features) {
    const poly = cf.polygon!;
    if (buf.length < poly.length / 2 + 1) buf = new Float64Array(poly.length);
    const top = heightOf(cf);
    const j0 = Math.max(0, Math.ceil((cf.minY - originY) / cs));
    const j1 = Math.min(rows - 1, Math.floor((cf.maxY - originY) / cs));
    for (let j = j0; j <= j1; j++) {
      // Crossings with the row, as distances from the grid's left edge.
      const n = polygonCrossings(poly, originX, originY + j * cs, 1, 0, buf, 0);
      sortPrefix(buf, n);
      for (let k = 0; k + 1 < n; k += 2) {
        const a = buf[k]! / cs;
        const b = buf[k + 1]! / cs;
        if (b <= a) continue;
        rowLists[j]!.push(a, b, top);
        const i0 = Math.max(0, Math.ceil(a));
        const i1 = Math.min(cols - 1, Math.floor(b));
        for (let i = i0; i <= i1; i++) if (top > nodes[j * cols + i]!) nodes[j * cols + i] = top;
      }
    }
    const i0 = Math.max(0, Math.ceil((cf.minX - originX) / cs));
    const i1 = Math.min(cols - 1, Math.floor((cf.maxX - originX) / cs));
    for (let i = i0; i <= i1; i++) {
      const n = polygonCrossings(poly, originX + i * cs, originY, 0, 1, buf, 0);
      sortPrefix(buf, n);
      for (let k = 0; k + 1 < n; k += 2) {
        if (buf[k + 1]! > buf[k]!) colLists[i]!.push(buf[k]! / cs, buf[k + 1]! / cs, top);
      }
    }
  }
  const grid: ObstacleGrid = { nodes, cols: packSpans(colLists), rows: packSpans(rowLists) };
  if (half) {
    const hc: number[][] = Array.from({ length: Math.max(0, cols - 1) }, () => []);
    const hr: number[][] = Array.from({ length: Math.max(0, rows - 1) }, () => []);
    for (const cf of features) {
      const poly = cf.polygon!;
      if (buf.length < poly.length / 2 + 1) buf = new Float64Array(poly.length);
      const top = heightOf(cf);
      for (let i = Math.max(0, Math.ceil((cf.minX - originX) / cs - 0.5)); i < cols - 1 && originX + (i + 0.5) * cs <= cf.maxX; i++) {
        const n = polygonCrossings(poly, originX + (i + 0.5) * cs, originY, 0, 1, buf, 0);
        sortPrefix(buf, n);
        for (let k = 0; k + 1 < n; k += 2) if (buf[k + 1]! > buf[k]!) hc[i]!.push(buf[k]! / cs, buf[k + 1]! / cs, top);
      }
      for (let j = Math.max(0, Math.ceil((cf.minY - originY) / cs - 0.5)); j < rows - 1 && originY + (j + 0.5) * cs <= cf.maxY; j++) {
        const n = polygonCrossings(poly, originX, originY + (j + 0.5) * cs, 1, 0, buf, 0);
        sortPrefix(buf, n);
        for (let k = 0; k + 1 < n; k += 2) if (buf[k + 1]! > buf[k]!) hr[j]!.push(buf[k]! / cs, buf[k + 1]! / cs, top);
      }
    }
    grid.halfCols = packSpans(hc);
    grid.halfRows = packSpans(hr);
  }
  return grid;
}

/** Raster obstacles split into canopy and solid, by the `solids` raster (cached per pair). */
function obstaclesOfRasters(obstacles: Float32Array | undefined, solids: Float32Array | undefined, cols: number, rows: number): Obstacles {
  if (!solids) return { canopy: obstacles ? obstaclesOfRaster(obstacles, cols, rows) : null, solid: null, all: obstacles ?? null };
  const key = obstacles ?? solids;
  let perKey = splitRasters.get(key);
  if (!perKey) {
    perKey = new WeakMap();
    splitRasters.set(key, perKey);
  }
  const hit = perKey.get(solids);
  if (hit) return hit;
  let canopy: ObstacleGrid | null = null;
  if (obstacles) {
    const rest = new Float32Array(obstacles.length);
    for (let k = 0; k < rest.length; k++) rest[k] = solids[k]! > 0 ? 0 : obstacles[k]!;
    canopy = obstaclesOfRaster(rest, cols, rows);
  }
  const out = { canopy, solid: obstaclesOfRaster(solids, cols, rows), all: obstacles ?? solids };
  perKey.set(solids, out);
  return out;
}

/**
 * A raster of obstacle heights as line spans: each sample with an obstacle covers half a cell
 * either side of it along both its row and its column (nearest-sample rule).
 */
function obstaclesOfRaster(raster: Float32Array, cols: number, rows: number): ObstacleGrid | null {
  const hit = rasterObstacles.get(raster);
  if (hit !== undefined) return hit;
  const runs = (count: number, length: number, at: (line: number, k: number) => number): number[][] => {
    const lists: number[][] = [];
    for (let line = 0; line < count; line++) {
      const l: number[] = [];
      let k = 0;
      while (k < length) {
        const v = at(line, k);
        if (!(v > 0)) {
          k++;
          continue;
        }
        let e = k;
        while (e + 1 < length && at(line, e + 1) === v) e++;
        l.push(k - 0.5, e + 0.5, v);
        k = e + 1;
      }
      lists.push(l);
    }
    return lists;
  };
  let any = false;
  for (const v of raster) {
    if (v > 0) {
      any = true;
      break;
    }
  }
  const grid = any
    ? {
        nodes: raster,
        cols: packSpans(runs(cols, rows, (i, j) => raster[j * cols + i]!)),
        rows: packSpans(runs(rows, cols, (j, i) => raster[j * cols + i]!)),
      }
    : null;
  rasterObstacles.set(raster, grid);
  return grid;
}

/**
 * The battlefield's obstacles to sight as a raster on its heightmap: at each sample the greatest
 * canopy or roof height of the woods and buildings containing it, or 0; undefined when there are
 * none. Shared and cached per battlefield: do not edit it.
 */
export function obstacleRaster(bf: Battlefield): Float32Array | undefined {
  return obstaclesOfBattlefield(bf).all ?? undefined;
}

/**
 * The solid part of obstacleRaster: roof heights of the buildings, 0 elsewhere; undefined when
 * there are no buildings. Pass it as ViewshedTerrain.solids beside obstacleRaster to get the same
 * sweep from rasters as from the battlefield (to within half a cell at the edges).
 */
export function solidRaster(bf: Battlefield): Float32Array | undefined {
  return obstaclesOfBattlefield(bf).solid?.nodes;
}

function isBattlefield(t: Battlefield | ViewshedTerrain): t is Battlefield {
  return 'features' in t;
}

export function viewshed(terrain: Battlefield | ViewshedTerrain, observer: Vec2, opts: ViewshedOptions): Viewshed {
  const plan = planViewshed(terrain, observer, opts);
  const out = viewshedArrays(plan, new ArrayBuffer(4 * plan.cols * plan.rows), new ArrayBuffer(plan.cols * plan.rows));
  sweepShare(plan, 'all', out.minHeight, out.visible);
  return finishViewshed(plan, out.minHeight, out.visible);
}

/**
 * Run the sweep a few times on a small made-up grid, so the JIT has seen its paths before a
 * large grid comes: a process that sweeps one large grid (the `viewshed` command) otherwise runs
 * much of it in unoptimised code, and what the optimiser makes of too little feedback is thrown
 * away again part way through. `calls` viewsheds of a `size` x `size` grid, observers off the
 * samples, every fourth with a maxDistance.
 */
export function warmUpViewshed(calls: number, size: number): void {
  const heights = new Float32Array(size * size);
  for (let j = 0; j < size; j++) for (let i = 0; i < size; i++) heights[j * size + i] = 8 * Math.sin(i / 5) * Math.cos(j / 7) + 3 * Math.sin((i + j) / 2);
  const terrain = { heightmap: { cols: size, rows: size, cellSize: 1, originX: 0, originY: 0, heights } };
  for (let k = 0; k < calls; k++) {
    const observer = { x: (k * 7.31) % (size - 1), y: (k * 11.77) % (size - 1) };
    viewshed(terrain, observer, { eyeHeight: 2 + (k % 5), targetHeight: k % 3, ...(k % 4 === 3 ? { maxDistance: size / 3 } : {}) });
  }
}

/** A viewshed's inputs, checked, with the obstacles in the forms the sweep reads. */
export interface ViewshedPlan {
  cols: number;
  rows: number;
  heights: Float32Array;
  cellSize: number;
  /** The observer in grid units, clamped onto the grid. */
  cx: number;
  cy: number;
  /** The eye's height. */
  z0: number;
  maxCells: number;
  limit: number;
  targetHeight: number;
  canopy: ObstacleGrid | null;
  solid: ObstacleGrid | null;
}

/** Check a viewshed's inputs (throwing a RangeError that says what is wrong) and plan its sweep. */
export function planViewshed(terrain: Battlefield | ViewshedTerrain, observer: Vec2, opts: ViewshedOptions): ViewshedPlan {
  const hm = terrain.heightmap;
  const { cols, rows, cellSize: cs } = hm;
  if (cols < 2 || rows < 2) throw new RangeError(`viewshed needs a grid of at least 2 x 2 samples, got ${cols} x ${rows}`);
  let both: Obstacles;
  if (isBattlefield(terrain)) both = obstaclesOfBattlefield(terrain);
  else {
    for (const [name, r] of [['obstacles', terrain.obstacles], ['solids', terrain.solids]] as const) {
      if (r && r.length !== cols * rows) throw new RangeError(`${name} has ${r.length} values for a ${cols} x ${rows} grid`);
    }
    both = obstaclesOfRasters(terrain.obstacles, terrain.solids, cols, rows);
  }
  const ox = (observer.x - hm.originX) / cs;
  const oy = (observer.y - hm.originY) / cs;
  // A little slack so an observer computed to be exactly on the edge is not refused for rounding.
  const eps = 1e-9;
  if (!(ox >= -eps && ox <= cols - 1 + eps && oy >= -eps && oy <= rows - 1 + eps)) {
    throw new RangeError(`observer (${observer.x}, ${observer.y}) is outside the grid`);
  }
  if (!Number.isFinite(opts.eyeHeight) || !Number.isFinite(opts.targetHeight)) {
    throw new RangeError('viewshed needs finite eye and target heights');
  }
  const maxCells = opts.maxDistance === undefined ? Infinity : opts.maxDistance / cs;
  if (!(maxCells >= 0)) throw new RangeError(`maxDistance must not be negative, got ${opts.maxDistance}`);
  const limit = opts.obscuringLimit ?? 0;
  if (!(limit >= 0)) throw new RangeError(`obscuringLimit must not be negative, got ${opts.obscuringLimit}`);
  return {
    cols,
    rows,
    heights: hm.heights,
    cellSize: cs,
    cx: Math.min(Math.max(ox, 0), cols - 1),
    cy: Math.min(Math.max(oy, 0), rows - 1),
    z0: heightAt(hm, observer.x, observer.y) + opts.eyeHeight,
    maxCells,
    limit,
    targetHeight: opts.targetHeight,
    canopy: both.canopy,
    solid: both.solid,
  };
}

/**
 * The arrays a viewshed of this plan is swept into, over the given memory (an ArrayBuffer, or a
 * SharedArrayBuffer when two threads sweep; new or used before): where a maxDistance leaves
 * samples unswept, minHeight Infinity and visible 0; every other sample is written by the sweep.
 */
export function viewshedArrays(plan: ViewshedPlan, minHeightMemory: ArrayBufferLike, visibleMemory: ArrayBufferLike): { minHeight: Float32Array; visible: Uint8Array } {
  const minHeight = new Float32Array(minHeightMemory, 0, plan.cols * plan.rows);
  const visible = new Uint8Array(visibleMemory, 0, plan.cols * plan.rows);
  if (plan.maxCells !== Infinity) {
    minHeight.fill(Infinity);
    visible.fill(0);
  }
  return { minHeight, visible };
}

/**
 * Which part of the sweep a thread does: 'all', or one of two shares for two threads. Each of
 * the four sectors is split between the shares by its rays (at the ray that halves its estimated
 * work), the share sweeping the rays below the split in one sector taking those above it in the
 * next. Samples on a diagonal belong to two sectors and the viewshed takes the north or south
 * sector's value there (as the one-thread sweep runs east and west first): the diagonal between
 * the east and south sectors, for one, lies in the east sector's lowest rays and the south
 * sector's highest, and both go to the first share, which sweeps east before south. So each
 * share may write straight into the one output, and the numbers are the same to the bit.
 */
export type SweepShare = 'all' | 'first' | 'second';

/** For each share, the part of each sector (east, west, north, south) it sweeps. */
const SHARE_PARTS: Record<SweepShare, readonly RayPart[]> = {
  all: [RayPart.All, RayPart.All, RayPart.All, RayPart.All],
  first: [RayPart.Low, RayPart.High, RayPart.Low, RayPart.High],
  second: [RayPart.High, RayPart.Low, RayPart.High, RayPart.Low],
};

/** Sweep one share (see SweepShare) into minHeight and visible (from viewshedArrays). */
export function sweepShare(plan: ViewshedPlan, share: SweepShare, minHeight: Float32Array, visible: Uint8Array): void {
  const { cols, rows, cx, cy, canopy: obst, solid } = plan;
  const sw = sweepScratch(2 * Math.max(cols, rows) + 4);
  sw.h = plan.heights;
  sw.nodes = obst ? obst.nodes : null;
  sw.z0 = plan.z0;
  sw.cs = plan.cellSize;
  sw.maxCells = plan.maxCells;
  sw.limit = plan.limit;
  sw.target = plan.targetHeight;
  sw.minHeight = minHeight;
  sw.visible = visible;
  const [east, west, north, south] = SHARE_PARTS[share];
  // Columns are lines of constant x in the east and west sectors, of constant y north and south.
  // East and west first: north and south then write over the diagonals both reach.
  sweepSector(sw, east!, cols, rows, cx, cy, 0, 1, cols, obst?.cols ?? null, solid?.cols ?? null, solid?.halfCols ?? null, 0, 1);
  sweepSector(sw, west!, cols, rows, cols - 1 - cx, cy, cols - 1, -1, cols, obst?.cols ?? null, solid?.cols ?? null, solid?.halfCols ?? null, cols - 1, -1);
  sweepSector(sw, north!, rows, cols, cy, cx, 0, cols, 1, obst?.rows ?? null, solid?.rows ?? null, solid?.halfRows ?? null, 0, 1);
  sweepSector(sw, south!, rows, cols, rows - 1 - cy, cx, (rows - 1) * cols, -cols, 1, obst?.rows ?? null, solid?.rows ?? null, solid?.halfRows ?? null, rows - 1, -1);
  // Let go of the grids: the scratch outlives the call.
  sw.h = sw.minHeight = EMPTY_F32;
  sw.visible = EMPTY_U8;
  sw.nodes = null;
}

/**
 * The viewshed from the swept arrays, once every share is swept: `visible` over the east and west
 * sectors, read off minHeight row by row, and the observer's own sample, when it stands on one.
 */
export function finishViewshed(plan: ViewshedPlan, minHeight: Float32Array, visible: Uint8Array): Viewshed {
  const { cols, rows, cx, cy, targetHeight: target } = plan;
  // Each row's stretches east and west of the diagonals, with a sample to spare (any sample may be
  // done again: minHeight is final everywhere).
  for (let j = 0; j < rows; j++) {
    const dj = Math.abs(j - cy);
    const westEnd = Math.min(cols - 1, Math.floor(cx - dj) + 1);
    const eastStart = Math.max(westEnd + 1, Math.ceil(cx + dj) - 1);
    const row = j * cols;
    for (let k = row; k <= row + westEnd; k++) visible[k] = target >= minHeight[k]! ? 1 : 0;
    for (let k = row + eastStart; k < row + cols; k++) visible[k] = target >= minHeight[k]! ? 1 : 0;
  }
  const oi = Math.round(cx);
  const oj = Math.round(cy);
  if (Math.abs(oi - cx) < 1e-9 && Math.abs(oj - cy) < 1e-9) {
    minHeight[oj * cols + oi] = 0;
    visible[oj * cols + oi] = plan.targetHeight >= 0 ? 1 : 0;
  }
  return { cols, rows, visible, minHeight };
}

/** What a sweep reads and writes, and its scratch arrays (per ray, indexed by ray number). */
interface Sweep {
  h: Float32Array;
  nodes: Float32Array | null;
  z0: number;
  cs: number;
  maxCells: number;
  limit: number;
  /** The target's height, for `visible`. */
  target: number;
  minHeight: Float32Array;
  visible: Uint8Array;
  /** Per ray: its slope (minor cells per major cell). */
  slopes: Float64Array;
  /** Per ray: the steepest ground (or roof) slope met so far, NONE before any. */
  ground: Float64Array;
  /** Per ray: how near the eye ground is left out (half a cell of distance along the ray). */
  uMin: Float64Array;
  /** Per ray after the first: 1 / (its slope - the slope of the ray before). */
  invGap: Float64Array;
  /** Per ray: how many canopy slopes the line must clear the largest of (see sweepSector). */
  k: Int32Array;
  /** Per ray: how many canopy slopes it holds in `top`. */
  count: Int32Array;
  /** Per ray: the (k-1)th and kth largest canopy slopes so far (see kthWith). */
  c1: Float64Array;
  c2: Float64Array;
  /** Per ray, kMax slots from ray * kMax: its largest canopy slopes so far, descending. */
  top: Float64Array;
}

/** This thread's sweep scratch, kept from call to call (a sweep runs to its end before the next). */
let scratch: Sweep | null = null;

function sweepScratch(maxRays: number): Sweep {
  if (scratch !== null && scratch.slopes.length >= maxRays) return scratch;
  scratch = {
    h: EMPTY_F32,
    nodes: null,
    z0: 0,
    cs: 1,
    maxCells: 0,
    limit: 0,
    target: 0,
    minHeight: EMPTY_F32,
    visible: EMPTY_U8,
    slopes: new Float64Array(maxRays),
    ground: new Float64Array(maxRays),
    uMin: new Float64Array(maxRays),
    invGap: new Float64Array(maxRays),
    k: new Int32Array(maxRays),
    count: new Int32Array(maxRays),
    c1: new Float64Array(maxRays),
    c2: new Float64Array(maxRays),
    top: EMPTY_F64,
  };
  return scratch;
}

/**
 * The kth largest canopy slope once `x` joins a list whose (k-1)th and kth largest are c1 and c2
 * (c1 is +Infinity when k = 1, and missing entries are NONE).
 */
function kthWith(c1: number, c2: number, x: number): number {
  return x >= c1 ? c1 : x >= c2 ? x : c2;
}

/**
 * The tallest obstacle on line `line` at position yc, for positions met in increasing order: the
 * cursor (`at.q`) only moves forward, so a whole column of rays costs one pass over its stretches.
 */
function spanAt(sp: LineSpans, line: number, yc: number, at: { q: number }): number {
  const e = sp.start[line + 1]!;
  let q = at.q;
  while (q < e && sp.hi[q]! < yc) q++;
  at.q = q;
  let o = 0;
  for (; q < e && sp.lo[q]! <= yc; q++) if (sp.height[q]! > o) o = sp.height[q]!;
  return o;
}

/**
 * One sector. In sector coordinates the observer is at (om, on); grid sample (m, n) is
 * heights[base + m * mStride + n * nStride], m counting away from the observer along the major
 * axis; grid line m is spans line lineBase + m * lineStep.
 *
 * Slopes are in height units per cell of major axis: the line from the eye to a point at major
 * distance u is z0 + slope * u high whatever its sideways offset, which is what lets two rays'
 * slopes be interpolated for a sample between them.
 *
 * Canopy: a sight line may pass below obstacle tops for `limit`. Each canopy sample on a ray stands
 * for one column of ray length, so at most k - 1 of them may be above the line, and the line must
 * clear the kth largest canopy slope.
 *
 * The sweep goes column by column, all rays at once, in three passes a column: roofs on the
 * half-cell line before it, then the column's samples (each between two rays, from what the rays
 * met before this column), then what the rays meet on the column. Rays cross a column in order of
 * slope, so the heights and obstacle stretches are read in order along the column; walking one
 * ray at a time gave the same numbers but jumped about the grid and was two to three times slower.
 */
function sweepSector(
  sw: Sweep,
  part: RayPart,
  majorCount: number,
  minorCount: number,
  om: number,
  on: number,
  base: number,
  mStride: number,
  nStride: number,
  spans: LineSpans | null,
  solids: LineSpans | null,
  solidHalf: LineSpans | null,
  lineBase: number,
  lineStep: number,
): void {
  const U = majorCount - 1 - om;
  if (U <= 0) return;
  const mEnd = Math.min(majorCount - 1, Math.floor(om + sw.maxCells + 1e-9));
  const m0 = Math.floor(om) + 1;
  if (m0 > mEnd) return;
  const { h, z0, cs, minHeight, target, slopes, ground, uMin, invGap, k: kOf, count, c1, c2 } = sw;
  // Where a column runs across memory (east and west), `visible` is left to finishViewshed, which
  // writes it row by row: a byte written here for each sample would be a far jump in memory.
  const visible = nStride === 1 ? sw.visible : null;
  const maxCells2 = sw.maxCells * sw.maxCells;
  const maxN = minorCount - 1;
  // Without obstacles the sweep is ground only.
  const canopy = spans !== null && sw.nodes !== null;
  // Rays from the observer to every sample line crossing of the far column (as R2 aims at the
  // perimeter), closed off by the diagonals: neighbours are at most a cell apart sideways there, so
  // everywhere nearer too. Samples on the far column and on the observer's own row lie on a ray.
  let rays = 0;
  slopes[rays++] = -1;
  for (let n = Math.floor(on - U) + 1; n < on + U; n++) slopes[rays++] = (n - on) / U;
  slopes[rays++] = 1;
  // The most canopy slopes a ray keeps: the flattest ray's k, and never more than it can meet.
  const kMax = Math.min(Math.floor(sw.limit / cs) + 1, mEnd - m0 + 3);
  let top = sw.top;
  if (canopy && top.length < rays * kMax) sw.top = top = new Float64Array(rays * kMax);
  for (let r = 0; r < rays; r++) {
    const s = slopes[r]!;
    const secant = Math.sqrt(1 + s * s);
    // lineOfSight leaves out half a cell (of horizontal distance) next to the eye and the target.
    uMin[r] = 0.5 / secant;
    invGap[r] = r > 0 ? 1 / (s - slopes[r - 1]!) : 0;
    ground[r] = NONE;
    if (canopy) {
      const k = Math.min(Math.floor(sw.limit / (secant * cs)) + 1, kMax);
      kOf[r] = k;
      count[r] = 0;
      c1[r] = k === 1 ? Infinity : NONE;
      c2[r] = NONE;
    }
  }
  // This part's rays: it values the samples between each of them and the ray before, but for
  // the first (another part values those).
  let first = 0;
  let last = rays - 1;
  // A sector less than a cell deep has one column and only its diagonals for rays: the parts
  // split that column at the observer's line instead (each still takes its own diagonal).
  let nFloor = -Infinity;
  let nCap = Infinity;
  if (part !== RayPart.All && rays < 3) {
    if (part === RayPart.Low) nCap = Math.floor(on);
    else nFloor = Math.floor(on) + 1;
  } else if (part !== RayPart.All) {
    const split = splitRay(slopes, rays, on, minorCount, mEnd - om);
    if (part === RayPart.Low) last = split;
    else first = split;
  }
  const cursor = { q: 0 };
  const groundOnly = !canopy && solids === null;
  let rLo = first;
  let rHi = last;
  let inLo = first;
  let inHi = last;
  for (let m = m0; m <= mEnd; m++) {
    const u = m - om;
    const invU = 1 / u;
    // Rays well outside the grid have no sample between them and a neighbour (at most a cell
    // away); they only move farther out.
    while (rLo <= rHi && on + slopes[rLo]! * u < -1.5) rLo++;
    while (rHi >= rLo && on + slopes[rHi]! * u > minorCount + 0.5) rHi--;
    if (rLo > rHi) break;
    const colBase = base + m * mStride;

    if (solidHalf !== null) {
      // A roof on the half-cell line before this column: ground there (midway between the two
      // columns) raised by the roof, for this column's samples and beyond.
      const uh = u - 0.5;
      const hl = lineStep > 0 ? lineBase + m - 1 : lineBase - m;
      cursor.q = solidHalf.start[hl]!;
      for (let r = rLo; r <= rHi; r++) {
        if (uh < uMin[r]!) continue;
        const yh = on + slopes[r]! * uh;
        const ych = yh < 0 ? 0 : yh > maxN ? maxN : yh;
        const o = spanAt(solidHalf, hl, ych, cursor);
        if (o > 0) {
          const nh = Math.min(Math.floor(ych), maxN - 1);
          const fh = ych - nh;
          const ia = base + (m - 1) * mStride + nh * nStride;
          const ib = ia + mStride;
          const ga = h[ia]! + (h[ia + nStride]! - h[ia]!) * fh;
          const gb = h[ib]! + (h[ib + nStride]! - h[ib]!) * fh;
          const roof = 0.5 * (ga + gb) + o;
          if (roof - z0 > ground[r]! * uh) ground[r] = (roof - z0) / uh;
        }
      }
    }

    // One pass up the column. Each ray first values the column's samples between it and the ray
    // before (from what both met before this column), then meets the ground and canopy here for
    // the samples beyond. The samples between rays r - 1 and r are those above the one and at or
    // below the other; the first pair also takes a sample on the diagonal itself.
    let next = first > 0 ? Math.floor(on + slopes[first]! * u) + 1 : Math.ceil(on + slopes[0]! * u);
    let nHi = Math.floor(on + slopes[rays - 1]! * u);
    if (next < 0) next = 0;
    if (nHi > maxN) nHi = maxN;
    if (next < nFloor) next = nFloor;
    if (nHi > nCap) nHi = nCap;
    // What ray r - 1 held before this column, for the samples below ray r.
    let yPrev = rLo > 0 ? on + slopes[rLo - 1]! * u : 0;
    let gPrev = rLo > 0 ? ground[rLo - 1]! : NONE;
    let c1Prev = canopy && rLo > 0 ? c1[rLo - 1]! : NONE;
    let c2Prev = canopy && rLo > 0 ? c2[rLo - 1]! : NONE;
    const line = lineBase + m * lineStep;
    const roofs = { q: solids !== null ? solids.start[line]! : 0 };
    if (canopy) cursor.q = spans!.start[line]!;
    // Rays inside the grid, not on its last sample line: no clamping. Rays only leave this
    // stretch as the sweep goes on, so its ends move one way.
    while (inLo <= rHi && on + slopes[inLo]! * u < 0) inLo++;
    while (inHi >= rLo && on + slopes[inHi]! * u >= maxN) inHi--;
    for (let r = rLo; r <= rHi; r++) {
      if (groundOnly && r >= inLo && r <= inHi && r > first && u >= 0.5) {
        // The bare-ground case (a DEM), which is most of the work on a large grid.
        for (; r <= inHi; r++) {
          const y = on + slopes[r]! * u;
          // y >= 0 here, so truncation is the floor, and an int32 keeps the indexing in integers.
          const n0 = y | 0;
          const gr = ground[r]!;
          if (next <= n0 && next <= nHi) next = valueSamples(h, minHeight, visible, target, z0, maxCells2, colBase, nStride, next, n0 < nHi ? n0 : nHi, on, u, invU, yPrev, gPrev, gr, invGap[r]!);
          const ic = colBase + n0 * nStride;
          const h0 = h[ic]!;
          const g = h0 + (h[ic + nStride]! - h0) * (y - n0);
          if (g - z0 > gr * u) ground[r] = (g - z0) * invU;
          yPrev = y;
          gPrev = gr;
        }
        if (r > rHi) break;
      }
      const y = on + slopes[r]! * u;
      const gr = ground[r]!;
      if (r > first && next <= nHi && next <= y) {
        const end = Math.floor(y);
        next = canopy
          ? valueSamplesInWoods(sw, visible, colBase, nStride, next, end < nHi ? end : nHi, on, u, yPrev, gPrev, gr, invGap[r]!, c1Prev, c2Prev, c1[r]!, c2[r]!)
          : valueSamples(h, minHeight, visible, target, z0, maxCells2, colBase, nStride, next, end < nHi ? end : nHi, on, u, invU, yPrev, gPrev, gr, invGap[r]!);
      }
      yPrev = y;
      gPrev = gr;
      if (canopy) {
        c1Prev = c1[r]!;
        c2Prev = c2[r]!;
      }
      const fy = Math.floor(y);
      const n0 = fy < 0 ? 0 : fy >= maxN ? maxN - 1 : fy;
      const f = y <= 0 ? 0 : y >= maxN ? 1 : y - n0;
      const ic = colBase + n0 * nStride;
      const h0 = h[ic]!;
      const g = h0 + (h[ic + nStride]! - h0) * f;
      const yc = y < 0 ? 0 : y > maxN ? maxN : y;
      const raised = solids !== null ? g + spanAt(solids, line, yc, roofs) : g;
      if (u >= uMin[r]! && raised - z0 > gr * u) ground[r] = (raised - z0) * invU;
      if (!canopy) continue;
      const o = spanAt(spans!, line, yc, cursor);
      if (o <= 0) continue;
      const tau = (g + o - z0) * invU;
      const k = kOf[r]!;
      const slot = r * kMax;
      const held = count[r]!;
      if (held < k || tau > top[slot + k - 1]!) {
        // Into the ray's descending list of its k largest.
        let p = held < k ? held : k - 1;
        if (held < k) count[r] = held + 1;
        while (p > 0 && top[slot + p - 1]! < tau) {
          top[slot + p] = top[slot + p - 1]!;
          p--;
        }
        top[slot + p] = tau;
        if (k > 1 && count[r]! >= k - 1) c1[r] = top[slot + k - 2]!;
        if (count[r]! >= k) c2[r] = top[slot + k - 1]!;
      }
    }
  }
}

/**
 * The ray that halves a sector's work, between 1 and rays - 2 (so the lowest pair of rays falls
 * to the low part and the highest to the high part, which sweepShare relies on). A ray costs a
 * step per column it crosses inside the grid (out to `depth` columns), and the samples between
 * it and the ray before about as much again per sample.
 */
function splitRay(slopes: Float64Array, rays: number, on: number, minorCount: number, depth: number): number {
  let total = 0;
  for (let r = 1; r < rays; r++) total += rayWork(slopes, r, on, minorCount, depth);
  let sum = 0;
  for (let r = 1; r < rays - 1; r++) {
    sum += rayWork(slopes, r, on, minorCount, depth);
    if (sum >= total / 2) return r;
  }
  return rays - 2;
}

/** Ray r's share of splitRay's estimate: its columns in the grid, and its samples. */
function rayWork(slopes: Float64Array, r: number, on: number, minorCount: number, depth: number): number {
  const s = slopes[r]!;
  const out = s > 0 ? (minorCount + 0.5 - on) / s : s < 0 ? (on + 1.5) / -s : Infinity;
  const c = out < depth ? out : depth;
  return c + 0.5 * c * c * (s - slopes[r - 1]!);
}

/**
 * The minimum visible height of samples first..last of a column at major distance u, all between
 * a ray crossing at yp whose steepest slope so far is a and the next ray (steepest b, 1 / slope gap
 * invGap): the slope a sight line must clear is interpolated by the sample's place between them.
 * Samples beyond maxDistance keep Infinity. Returns last + 1.
 */
function valueSamples(
  h: Float32Array,
  minHeight: Float32Array,
  visible: Uint8Array | null,
  target: number,
  z0: number,
  maxCells2: number,
  colBase: number,
  nStride: number,
  first: number,
  last: number,
  on: number,
  u: number,
  invU: number,
  yp: number,
  a: number,
  b: number,
  invGap: number,
): number {
  for (let n = first | 0; n <= last; n++) {
    const dn = n - on;
    if (u * u + dn * dn > maxCells2) continue;
    const idx = colBase + n * nStride;
    let sl: number;
    if (a === NONE) sl = b;
    else if (b === NONE) sl = a;
    else sl = a + (n - yp) * invGap * invU * (b - a);
    const mh = sl === NONE ? 0 : z0 + sl * u - h[idx]!;
    // As stored: `visible` compares the stored (float32) value.
    const stored = Math.fround(mh > 0 ? mh : 0);
    minHeight[idx] = stored;
    if (visible !== null) visible[idx] = target >= stored ? 1 : 0;
  }
  return last + 1;
}

/**
 * valueSamples where there are woods: a target inside a wood must also be seen through the trees
 * around it, so each ray's k-th steepest canopy slope is taken again with the sample's own canopy
 * among them (ca1, ca2 and cb1, cb2 are the two rays' (k-1)th and kth steepest, see kthWith).
 */
function valueSamplesInWoods(
  sw: Sweep,
  visible: Uint8Array | null,
  colBase: number,
  nStride: number,
  first: number,
  last: number,
  on: number,
  u: number,
  yp: number,
  a0: number,
  b0: number,
  invGap: number,
  ca1: number,
  ca2: number,
  cb1: number,
  cb2: number,
): number {
  const { h, z0, minHeight, target, maxCells } = sw;
  const nodes = sw.nodes!;
  const invU = 1 / u;
  const maxCells2 = maxCells * maxCells;
  for (let n = first; n <= last; n++) {
    const dn = n - on;
    if (u * u + dn * dn > maxCells2) continue;
    const idx = colBase + n * nStride;
    const zt = h[idx]!;
    const o = nodes[idx]!;
    const x = o > 0 ? (zt + o - z0) * invU : NONE;
    let a = a0;
    let b = b0;
    const ka = kthWith(ca1, ca2, x);
    if (ka > a) a = ka;
    const kb = kthWith(cb1, cb2, x);
    if (kb > b) b = kb;
    let sl: number;
    if (a === NONE) sl = b;
    else if (b === NONE) sl = a;
    else sl = a + (n - yp) * invGap * invU * (b - a);
    const mh = sl === NONE ? 0 : z0 + sl * u - zt;
    const stored = Math.fround(mh > 0 ? mh : 0);
    minHeight[idx] = stored;
    if (visible !== null) visible[idx] = target >= stored ? 1 : 0;
  }
  return last + 1;
}

/**
 * Dead ground: samples where a figure `figureHeight` tall would not be seen, although nothing
 * stands there (reverse slopes behind crests, hollows behind woods). Samples beyond the
 * viewshed's maxDistance (minHeight Infinity) are out of range rather than dead ground, and are 0.
 */
export function deadGround(minHeight: Float32Array, figureHeight: number): Uint8Array {
  const out = new Uint8Array(minHeight.length);
  for (let k = 0; k < minHeight.length; k++) {
    const v = minHeight[k]!;
    if (v > figureHeight && v !== Infinity) out[k] = 1;
  }
  return out;
}
