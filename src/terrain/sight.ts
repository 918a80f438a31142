/**
 * Line of sight over the heightmap, through woods and against buildings. The AI calls this thousands of times per
 * decision, so the main path walks the heightmap with inlined bilinear sampling and allocates
 * nothing per sample; the profile for the UI is a separate, slower walk.
 */

import type { Vec2 } from '../core/geometry';
import type { Battlefield } from './battlefield';
import { heightAt, type Heightmap } from './heightmap';
import { boundsMeetSegment, containsPoint, insidePolygon, pathDist2, polygonCrossings, sortPrefix, terrainIndex, type CompiledFeature, type TerrainIndex } from './spatial';

export interface SightOptions {
  /** Eye above the ground at `from`, mm. */
  eyeHeight: number;
  /** Point to be seen, above the ground at `to`, mm. */
  targetHeight: number;
  /**
   * How far the line may run through woods below the canopy top before it is blocked, mm
   * (3" = 76.2 in the one-page rules). Default 0: any wood below its canopy blocks at once.
   */
  obscuringLimit?: number;
  /** Longest visible distance, mm; beyond it the line is blocked with kind 'range'. */
  maxRange?: number;
  /** Also return the height profile along the line (for the UI; slower). */
  profile?: boolean;
}

export interface SightSample {
  /** Distance from `from`, mm. */
  d: number;
  ground: number;
  /** Height of the sight line. */
  ray: number;
  /** Top of whatever obscures sight here: a canopy or a roof, or the ground where there is none. */
  canopy: number;
  /** What `canopy` is the top of, where something stands: trees, or a building's roof. */
  cover?: 'trees' | 'roof';
}

export type SightBlocker = 'ground' | 'canopy' | 'building' | 'range';

export interface SightResult {
  visible: boolean;
  /** Where and by what the line was first blocked, nearest `from`. */
  blockedBy?: { kind: SightBlocker; featureId?: string; at: Vec2 };
  /** Mm travelled below a canopy top, up to the point where the line was blocked. */
  obscured: number;
  /** Only when opts.profile is set. */
  profile?: SightSample[];
}

// Per-call buffers for the woods a line passes through, reused so the hot path does not allocate.
let crossBuf: Float64Array = new Float64Array(64);
let spanStart: Float64Array = new Float64Array(16);
let spanEnd: Float64Array = new Float64Array(16);
let spanHeight: Float64Array = new Float64Array(16);
let spanFeature: Int32Array = new Int32Array(16);

function growSpans(n: number): void {
  if (spanStart.length >= n) return;
  const size = Math.max(n, spanStart.length * 2);
  const grow = (a: Float64Array): Float64Array => {
    const b = new Float64Array(size);
    b.set(a);
    return b;
  };
  spanStart = grow(spanStart);
  spanEnd = grow(spanEnd);
  spanHeight = grow(spanHeight);
  const f = new Int32Array(size);
  f.set(spanFeature);
  spanFeature = f;
}

/**
 * Collect the stretches of segment a-b (as distances from a, mm) inside each occluder, sorted by
 * start, with the occluder's canopy height (or roof height when `solid`). Returns how many there are.
 */
function collectSpans(occluders: readonly CompiledFeature[], ax: number, ay: number, bx: number, by: number, len: number, solid: boolean): number {
  let count = 0;
  const dx = bx - ax;
  const dy = by - ay;
  for (let o = 0; o < occluders.length; o++) {
    const cf = occluders[o]!;
    if (!cf.polygon || !boundsMeetSegment(cf, ax, ay, bx, by)) continue;
    const need = cf.polygon.length / 2 + 1;
    if (crossBuf.length < need) crossBuf = new Float64Array(need * 2);
    const n = polygonCrossings(cf.polygon, ax, ay, dx, dy, crossBuf, 0);
    sortPrefix(crossBuf, n);
    for (let k = 0; k + 1 < n; k += 2) {
      const t0 = crossBuf[k]! < 0 ? 0 : crossBuf[k]!;
      const t1 = crossBuf[k + 1]! > 1 ? 1 : crossBuf[k + 1]!;
      if (t1 <= t0) continue;
      growSpans(count + 1);
      // Insert in start order; a line meets only a handful of woods.
      let j = count - 1;
      while (j >= 0 && spanStart[j]! > t0 * len) {
        spanStart[j + 1] = spanStart[j]!;
        spanEnd[j + 1] = spanEnd[j]!;
        spanHeight[j + 1] = spanHeight[j]!;
        spanFeature[j + 1] = spanFeature[j]!;
        j--;
      }
      spanStart[j + 1] = t0 * len;
      spanEnd[j + 1] = t1 * len;
      spanHeight[j + 1] = solid ? cf.solidHeight : cf.obscuringHeight;
      spanFeature[j + 1] = cf.index;
      count++;
    }
  }
  return count;
}

/** Bilinear height at grid coordinates (gx, gy), clamped; the same as heightAt without the unit conversion. */
function gridHeight(h: Float32Array, cols: number, maxI: number, maxJ: number, gx: number, gy: number): number {
  gx = gx < 0 ? 0 : gx > maxI ? maxI : gx;
  gy = gy < 0 ? 0 : gy > maxJ ? maxJ : gy;
  let i = Math.floor(gx);
  let j = Math.floor(gy);
  if (i >= maxI) i = maxI > 0 ? maxI - 1 : 0;
  if (j >= maxJ) j = maxJ > 0 ? maxJ - 1 : 0;
  const fx = gx - i;
  const fy = gy - j;
  const k = j * cols + i;
  const di = maxI > 0 ? 1 : 0;
  const dj = maxJ > 0 ? cols : 0;
  const h00 = h[k]!;
  const h10 = h[k + di]!;
  const top = h00 + (h10 - h00) * fx;
  const h01 = h[k + dj]!;
  const bottom = h01 + (h[k + dj + di]! - h01) * fx;
  return top + (bottom - top) * fy;
}

/** Samples per side of the tiles whose highest sample lets lineOfSight skip open ground. */
const TILE = 8;
/** Slack so rounding in the bilinear blend can never make a skipped sample block. */
const TILE_MARGIN = 1e-6;

/** Tiles per side of the blocks whose highest sample lets the walk skip longer stretches at once. */
const BLOCK_TILES = 4;
/** Samples per side of a block. */
const BLOCK = TILE * BLOCK_TILES;

interface TileMaxima {
  cols: number;
  /** max[tj * cols + ti]: highest sample with i in [ti * TILE, ti * TILE + TILE] and j likewise. */
  max: Float32Array;
  blockCols: number;
  /** blockMax[bj * blockCols + bi]: the same over blocks of BLOCK samples a side (the tiles' highest). */
  blockMax: Float32Array;
}

const tileCache = new WeakMap<Float32Array, TileMaxima>();

/**
 * The sight caches of the battlefield last walked on (its index, tile maxima, woods' ground
 * ranges, lone woods and cores), held in plain variables: the matrix walks thousands of lines on
 * one battlefield, and a WeakMap lookup per cache per line cost more than some whole tests.
 * Checked against the heights array too, as tileMaxima is keyed by it.
 */
const memo: {
  bf: Battlefield | null;
  heights: Float32Array | null;
  index: TerrainIndex | null;
  tiles: TileMaxima | null;
  woodRange: Float64Array | null;
  lone: Map<number, CompiledFeature> | null;
  cores: Map<number, WoodCore[]> | null;
} = { bf: null, heights: null, index: null, tiles: null, woodRange: null, lone: null, cores: null };

/** Point the memo at `bf` (cheap when it already is). */
function useBattlefield(bf: Battlefield): void {
  if (bf === memo.bf && bf.heightmap.heights === memo.heights) return;
  memo.bf = bf;
  memo.heights = bf.heightmap.heights;
  memo.index = terrainIndex(bf);
  memo.tiles = tileMaxima(bf.heightmap);
  memo.woodRange = null;
  memo.lone = null;
  memo.cores = null;
}

/**
 * The highest sample of each tile, for the ground walk: a point whose bilinear cell starts in tile
 * (ti, tj) is a blend of samples in it or on the row and column after, so it is never higher.
 * Cached per heights array: do not change heights after asking.
 */
function tileMaxima(hm: Heightmap): TileMaxima {
  const hit = tileCache.get(hm.heights);
  if (hit) return hit;
  const tc = Math.ceil(hm.cols / TILE);
  const tr = Math.ceil(hm.rows / TILE);
  const max = new Float32Array(tc * tr).fill(-Infinity);
  for (let j = 0; j < hm.rows; j++) {
    // Sample row j belongs to tile row j / TILE and, on a tile's edge, to the one before too.
    const tj1 = Math.min(tr - 1, Math.floor(j / TILE));
    const tj0 = j % TILE === 0 && j > 0 ? tj1 - 1 : tj1;
    for (let i = 0; i < hm.cols; i++) {
      const v = hm.heights[j * hm.cols + i]!;
      const ti1 = Math.min(tc - 1, Math.floor(i / TILE));
      const ti0 = i % TILE === 0 && i > 0 ? ti1 - 1 : ti1;
      for (let tj = tj0; tj <= tj1; tj++) {
        for (let ti = ti0; ti <= ti1; ti++) if (v > max[tj * tc + ti]!) max[tj * tc + ti] = v;
      }
    }
  }
  // A block's samples are its tiles' samples: i in [bi * BLOCK, bi * BLOCK + BLOCK] is covered by
  // tiles bi * BLOCK_TILES .. bi * BLOCK_TILES + BLOCK_TILES - 1 (those on the grid).
  const bc = Math.ceil(tc / BLOCK_TILES);
  const br = Math.ceil(tr / BLOCK_TILES);
  const blockMax = new Float32Array(bc * br).fill(-Infinity);
  for (let tj = 0; tj < tr; tj++) {
    for (let ti = 0; ti < tc; ti++) {
      const b = Math.floor(tj / BLOCK_TILES) * bc + Math.floor(ti / BLOCK_TILES);
      if (max[tj * tc + ti]! > blockMax[b]!) blockMax[b] = max[tj * tc + ti]!;
    }
  }
  const out = { cols: tc, max, blockCols: bc, blockMax };
  tileCache.set(hm.heights, out);
  return out;
}

/**
 * How many more half-cell steps from grid point (gx, gy) keep its cell in tile (ti, tj) of `size`
 * samples a side, i.e. floor(gx) / size and floor(gy) / size unchanged; invSx and invSy are 1 / the step's grid x and
 * y (Infinity for none), worked out once a line.
 */
function samplesInTile(gx: number, gy: number, invSx: number, invSy: number, ti: number, tj: number, size: number = TILE): number {
  const x0 = ti * size;
  const y0 = tj * size;
  const tx = invSx > 0 ? (x0 + size - gx) * invSx : invSx < 0 ? (x0 - gx) * invSx : Infinity;
  const ty = invSy > 0 ? (y0 + size - gy) * invSy : invSy < 0 ? (y0 - gy) * invSy : Infinity;
  const steps = tx < ty ? tx : ty;
  // Strictly inside: a step landing on the tile's far edge belongs to the next tile, and one
  // within rounding of an edge is left to be sampled.
  return steps > 1 ? Math.ceil(steps - 1e-7) - 1 : 0;
}

/**
 * Where a sight line is first blocked by the ground, a building and the canopy, as distances from
 * `from` (Infinity where not), with the features and the depth of woods crossed. Filled in by
 * traceSight, which the hot paths call many times: one object, reused.
 */
const trace = { groundAt: Infinity, solidAt: Infinity, solidFeature: -1, canopyAt: Infinity, canopyFeature: -1, obscured: 0 };

/**
 * The line being walked, from `from` (its eye) to `to`, which the walk's parts share: heights at
 * both ends, and grid coordinates advancing linearly along it. One object, reused.
 */
const walk = {
  ax: 0,
  ay: 0,
  bx: 0,
  by: 0,
  len: 0,
  z0: 0,
  rise: 0,
  gx0: 0,
  gy0: 0,
  gdx: 0,
  gdy: 0,
};

/** Start walking the line from `from` to `to`, whose ground heights are fromGround and toGround. */
function beginWalk(hm: Heightmap, from: Vec2, fromGround: number, to: Vec2, toGround: number, len: number, opts: SightOptions): void {
  const cs = hm.cellSize;
  walk.ax = from.x;
  walk.ay = from.y;
  walk.bx = to.x;
  walk.by = to.y;
  walk.len = len;
  walk.z0 = fromGround + opts.eyeHeight;
  walk.rise = toGround + opts.targetHeight - walk.z0;
  walk.gx0 = (from.x - hm.originX) / cs;
  walk.gy0 = (from.y - hm.originY) / cs;
  walk.gdx = (to.x - from.x) / len / cs;
  walk.gdy = (to.y - from.y) / len / cs;
}

/**
 * Walk the line from `from` to `to` (of length len > 0) into `trace`. With `firstBlock` it stops at
 * the first thing found to block and leaves the rest unset: enough to say whether the line is clear.
 */
function traceSight(bf: Battlefield, from: Vec2, fromGround: number, to: Vec2, toGround: number, len: number, opts: SightOptions, firstBlock: boolean): void {
  useBattlefield(bf);
  trace.groundAt = Infinity;
  trace.solidAt = Infinity;
  trace.solidFeature = -1;
  trace.canopyAt = Infinity;
  trace.canopyFeature = -1;
  trace.obscured = 0;
  beginWalk(bf.heightmap, from, fromGround, to, toGround, len, opts);
  const groundAt = walkGround(bf.heightmap);
  trace.groundAt = groundAt;
  if (firstBlock && groundAt < Infinity) return;
  walkSolids(bf, groundAt);
  if (firstBlock && trace.solidAt < Infinity) return;
  walkCanopy(bf, Math.min(groundAt, trace.solidAt), opts.obscuringLimit ?? 0);
}

/**
 * Ground: sample every half cell, leaving out half a cell at each end so that a figure standing
 * on a slope does not hide itself or its target. Returns where the ground first rises through the
 * line, or Infinity.
 */
function walkGround(hm: Heightmap): number {
  const { len, z0, rise, gx0, gy0, gdx, gdy } = walk;
  const cs = hm.cellSize;
  const step = cs / 2;
  const skip = cs / 2;
  if (!(len > 2 * skip)) return Infinity;
  const h = hm.heights;
  const cols = hm.cols;
  const maxI = hm.cols - 1;
  const maxJ = hm.rows - 1;
  const n = Math.floor((len - 2 * skip) / step + 1e-9);
  const tiles = memo.tiles!;
  const invSx = gdx !== 0 ? 1 / (gdx * step) : Infinity;
  const invSy = gdy !== 0 ? 1 / (gdy * step) : Infinity;
  let k = 0;
  let blockTriedTo = -1;
  while (k <= n) {
    // Samples k.. that stay in one tile (by the cell their bilinear corners start from) cannot
    // reach the line if the tile's highest sample is below the line's lowest point over them.
    const d = skip + k * step;
    const gx = gx0 + gdx * d;
    const gy = gy0 + gdy * d;
    // Off the grid's inner cells (clamped at the edge): one sample at a time.
    let last = k;
    if (gx >= 0 && gy >= 0 && gx < maxI && gy < maxJ) {
      // First the block about the tile: open ground the line clears by far passes in one step.
      if (k > blockTriedTo) {
        const bi = Math.floor(gx / BLOCK);
        const bj = Math.floor(gy / BLOCK);
        const blockLast = Math.min(n, k + samplesInTile(gx, gy, invSx, invSy, bi, bj, BLOCK));
        const blockLow = z0 + (rise * (rise < 0 ? skip + blockLast * step : d)) / len;
        if (blockLow > tiles.blockMax[bj * tiles.blockCols + bi]! + TILE_MARGIN) {
          k = blockLast + 1;
          continue;
        }
        // Not clear of the block: its tiles are tried one by one, without asking it again.
        blockTriedTo = blockLast;
      }
      const ti = Math.floor(gx / TILE);
      const tj = Math.floor(gy / TILE);
      last = Math.min(n, k + samplesInTile(gx, gy, invSx, invSy, ti, tj));
      const lineLow = z0 + (rise * (rise < 0 ? skip + last * step : d)) / len;
      if (lineLow > tiles.max[tj * tiles.cols + ti]! + TILE_MARGIN) {
        k = last + 1;
        continue;
      }
    }
    for (; k <= last; k++) {
      const dk = skip + k * step;
      const gap = gridHeight(h, cols, maxI, maxJ, gx0 + gdx * dk, gy0 + gdy * dk) - (z0 + (rise * dk) / len);
      if (gap > 0) {
        // Interpolate to where the ground rose through the line from the sample before (which
        // may have been skipped: worked out again, the same way).
        if (k === 0) return dk;
        const dp = skip + (k - 1) * step;
        const prevGap = gridHeight(h, cols, maxI, maxJ, gx0 + gdx * dp, gy0 + gdy * dp) - (z0 + (rise * dp) / len);
        return dp + (step * -prevGap) / (gap - prevGap);
      }
    }
  }
  return Infinity;
}

/**
 * Is the ground above the line at one of the walk's own samples nearest the point (px, py)? Those
 * samples are ones walkGround visits (or skips only when they are below the line), so a yes means
 * walkGround would find the line blocked, there or before.
 */
function groundBlocksNear(hm: Heightmap, px: number, py: number): boolean {
  const { ax, ay, bx, by, len, z0, rise, gx0, gy0, gdx, gdy } = walk;
  const cs = hm.cellSize;
  const step = cs / 2;
  const skip = cs / 2;
  if (!(len > 2 * skip)) return false;
  const n = Math.floor((len - 2 * skip) / step + 1e-9);
  const along = ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / len;
  const mid = Math.round((along - skip) / step);
  const maxI = hm.cols - 1;
  const maxJ = hm.rows - 1;
  for (let k = Math.max(0, mid - 1); k <= Math.min(n, mid + 1); k++) {
    const dk = skip + k * step;
    if (gridHeight(hm.heights, hm.cols, maxI, maxJ, gx0 + gdx * dk, gy0 + gdy * dk) - (z0 + (rise * dk) / len) > 0) return true;
  }
  return false;
}

/**
 * Buildings: solid below the roof, so the first sample under a roof blocks, whatever the
 * obscuring limit. As for the ground, not within half a cell of either end, so a figure against a
 * wall does not hide itself; every span is sampled at both ends and at most half a cell apart, so
 * a line that clips a corner is still caught. Looks no farther than `groundAt`.
 */
function walkSolids(bf: Battlefield, groundAt: number): void {
  const hm = bf.heightmap;
  const { ax, ay, bx, by, len, z0, rise, gx0, gy0, gdx, gdy } = walk;
  const step = hm.cellSize / 2;
  const skip = hm.cellSize / 2;
  const idx = memo.index!;
  let solidAt = Infinity;
  let solidFeature = -1;
  if (idx.solids.length > 0 && len > 2 * skip) {
    const maxI = hm.cols - 1;
    const maxJ = hm.rows - 1;
    const spans = collectSpans(idx.solids, ax, ay, bx, by, len, true);
    const stop = Math.min(groundAt, len - skip);
    for (let s = 0; s < spans && spanStart[s]! < solidAt; s++) {
      const lo = Math.max(spanStart[s]!, skip);
      const hi = Math.min(spanEnd[s]!, stop, solidAt);
      if (hi < lo) continue;
      const top = spanHeight[s]!;
      const m = Math.max(1, Math.ceil((hi - lo) / step));
      const sub = (hi - lo) / m;
      for (let k = 0; k <= m; k++) {
        const d = lo + k * sub;
        const ground = gridHeight(hm.heights, hm.cols, maxI, maxJ, gx0 + gdx * d, gy0 + gdy * d);
        if (z0 + (rise * d) / len < ground + top) {
          solidAt = d;
          solidFeature = spanFeature[s]!;
          break;
        }
      }
    }
  }
  trace.solidAt = solidAt;
  trace.solidFeature = solidFeature;
}

/** Slack on the line's height so rounding can never let a bound settle a sample wrongly. */
const BOUND_MARGIN = 1e-6;

const woodRanges = new WeakMap<Battlefield, Float64Array>();

/**
 * For each wood (by feature index): the lowest and highest ground sample over its bounds and one
 * cell around, so no point in it, blended from the samples about it, is lower or higher.
 */
function woodGroundRange(bf: Battlefield): Float64Array {
  let range = woodRanges.get(bf);
  if (range) return range;
  const hm = bf.heightmap;
  range = new Float64Array(2 * bf.features.length);
  for (const cf of terrainIndex(bf).occluders) {
    const i0 = Math.max(0, Math.floor((cf.minX - hm.originX) / hm.cellSize) - 1);
    const i1 = Math.min(hm.cols - 1, Math.ceil((cf.maxX - hm.originX) / hm.cellSize) + 1);
    const j0 = Math.max(0, Math.floor((cf.minY - hm.originY) / hm.cellSize) - 1);
    const j1 = Math.min(hm.rows - 1, Math.ceil((cf.maxY - hm.originY) / hm.cellSize) + 1);
    let lo = Infinity;
    let hi = -Infinity;
    for (let j = j0; j <= j1; j++) {
      for (let i = i0; i <= i1; i++) {
        const v = hm.heights[j * hm.cols + i]!;
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
    }
    // A wood off the grid is sampled at the clamped edge: no bound then.
    range[2 * cf.index] = i0 <= i1 && j0 <= j1 ? lo : -Infinity;
    range[2 * cf.index + 1] = i0 <= i1 && j0 <= j1 ? hi : Infinity;
  }
  woodRanges.set(bf, range);
  return range;
}

/**
 * Canopy: walk only the stretches inside woods, up to `stop` (where the ground or a building
 * blocks), counting the depth passed below the tops until it exceeds `limit`. `woods` may be a
 * single lone wood (see loneWood), whose stretches are then walked just as among all the woods.
 */
function walkCanopy(bf: Battlefield, stopAt: number, limit: number, woods: readonly CompiledFeature[] = memo.index!.occluders): void {
  const hm = bf.heightmap;
  const { ax, ay, bx, by, len, z0, rise, gx0, gy0, gdx, gdy } = walk;
  const step = hm.cellSize / 2;
  let obscured = 0;
  let canopyAt = Infinity;
  let canopyFeature = -1;
  if (woods.length > 0) {
    const maxI = hm.cols - 1;
    const maxJ = hm.rows - 1;
    const spans = collectSpans(woods, ax, ay, bx, by, len, false);
    const range = (memo.woodRange ??= woodGroundRange(bf));
    const stop = Math.min(stopAt, len);
    let covered = 0;
    for (let s = 0; s < spans && canopyAt === Infinity; s++) {
      // Overlapping woods: the stretch already walked is not counted again.
      const lo = Math.max(spanStart[s]!, covered);
      const hi = Math.min(spanEnd[s]!, stop);
      if (hi <= lo) continue;
      covered = hi;
      const top = spanHeight[s]!;
      const m = Math.ceil((hi - lo) / step);
      const sub = (hi - lo) / m;
      // The wood's lowest and highest ground settle the whole stretch when the line runs wholly
      // below the canopy (every sample counts) or wholly above it (none does).
      const f = spanFeature[s]!;
      const lineLo = z0 + (rise * (rise < 0 ? hi : lo)) / len - BOUND_MARGIN;
      const lineHi = z0 + (rise * (rise < 0 ? lo : hi)) / len + BOUND_MARGIN;
      if (lineLo > range[2 * f + 1]! + top) continue;
      const allBelow = lineHi < range[2 * f]! + top;
      for (let k = 0; k < m; k++) {
        if (!allBelow) {
          const d = lo + (k + 0.5) * sub;
          const ground = gridHeight(hm.heights, hm.cols, maxI, maxJ, gx0 + gdx * d, gy0 + gdy * d);
          if (z0 + (rise * d) / len >= ground + top) continue;
        }
        obscured += sub;
        if (obscured > limit) {
          canopyAt = lo + (k + 1) * sub - (obscured - limit);
          obscured = limit;
          canopyFeature = spanFeature[s]!;
          break;
        }
      }
    }
  }
  trace.canopyAt = canopyAt;
  trace.canopyFeature = canopyFeature;
  trace.obscured = obscured;
}

/**
 * Is the line from a point `eyeHeight` above `from` to one `targetHeight` above `to` clear? The
 * same answer as lineOfSight(...).visible, without the reasons: for the visibility matrix.
 */
export function sightClear(bf: Battlefield, from: Vec2, to: Vec2, opts: SightOptions, hint?: SightHint): boolean {
  const hm = bf.heightmap;
  return sightClearOnGround(bf, from, heightAt(hm, from.x, from.y), to, heightAt(hm, to.x, to.y), opts, hint);
}

/**
 * sightClear with the ground heights at both ends given (heightAt there): the visibility matrix
 * asks about each unit's points many times and works their heights out once.
 */
export function sightClearOnGround(bf: Battlefield, from: Vec2, fromGround: number, to: Vec2, toGround: number, opts: SightOptions, hint?: SightHint): boolean {
  useBattlefield(bf);
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const len = Math.sqrt(dx * dx + dy * dy);
  if (opts.maxRange !== undefined && len > opts.maxRange) return false;
  if (len === 0) return true;
  const forward = walksForward(from, to);
  const a = forward ? from : to;
  const b = forward ? to : from;
  const ga = forward ? fromGround : toGround;
  const gb = forward ? toGround : fromGround;
  const o = forward ? opts : reversed(opts);
  if (hint !== undefined && hint.kind !== 'none') {
    // Whatever blocked the last line is tried first. In any order, a block found means blocked.
    beginWalk(bf.heightmap, a, ga, b, gb, len, o);
    if (hint.kind === 'ground') {
      if (groundBlocksNear(bf.heightmap, hint.x, hint.y)) return false;
    } else if (hint.kind === 'building') {
      walkSolids(bf, Infinity);
      if (trace.solidAt < Infinity) return false;
    } else {
      // The wood that blocked, alone when it overlaps no other; else all the woods.
      const lone = loneWood(bf, hint.feature);
      if (lone && coreBlocks(bf, lone, o.obscuringLimit ?? 0)) return false;
      if (lone) oneWood[0] = lone;
      walkCanopy(bf, Infinity, o.obscuringLimit ?? 0, lone ? oneWood : memo.index!.occluders);
      if (trace.canopyAt < Infinity) return false;
    }
  }
  traceSight(bf, a, ga, b, gb, len, o, true);
  const clear = traceClear();
  if (hint !== undefined && !clear) {
    if (trace.groundAt < Infinity) {
      hint.kind = 'ground';
      hint.x = a.x + ((b.x - a.x) * trace.groundAt) / len;
      hint.y = a.y + ((b.y - a.y) * trace.groundAt) / len;
    } else if (trace.solidAt < Infinity) hint.kind = 'building';
    else {
      hint.kind = 'canopy';
      hint.feature = trace.canopyFeature;
    }
  }
  return clear;
}

/**
 * A disc wholly inside a wood, and the lowest ground under it, so that a line crossing the disc
 * below the canopy is known to be screened without walking the wood's outline.
 */
interface WoodCore {
  cx: number;
  cy: number;
  r: number;
  /** Lowest heightmap sample about the disc: no point in it, blended from them, is lower. */
  low: number;
}

const woodCores = new WeakMap<Battlefield, Map<number, WoodCore[]>>();

/** Candidate centres tried across a wood's bounds, each way, for its core discs. */
const CORE_TRIES = 24;
/** At most this many discs a wood: the widest, then the widest whose centre no disc already holds. */
const MAX_CORES = 4;

/**
 * The widest discs found inside a wood, from a grid of candidate centres: the widest first, then
 * others reaching parts of the wood the ones before do not (a long or bent wood is poorly held
 * by one disc). Empty for a sliver.
 */
function coresOf(bf: Battlefield, cf: CompiledFeature): WoodCore[] {
  let cores = memo.bf === bf ? memo.cores : null;
  if (!cores) {
    cores = woodCores.get(bf) ?? null;
    if (!cores) woodCores.set(bf, (cores = new Map()));
    if (memo.bf === bf) memo.cores = cores;
  }
  const hit = cores.get(cf.index);
  if (hit !== undefined) return hit;
  const poly = cf.polygon!;
  const candidates: { x: number; y: number; r: number }[] = [];
  for (let a = 0; a < CORE_TRIES; a++) {
    for (let b = 0; b < CORE_TRIES; b++) {
      const x = cf.minX + ((a + 0.5) * (cf.maxX - cf.minX)) / CORE_TRIES;
      const y = cf.minY + ((b + 0.5) * (cf.maxY - cf.minY)) / CORE_TRIES;
      if (!insidePolygon(poly, x, y)) continue;
      // Nearest edge, a little less, so that rounding cannot put the disc's rim outside.
      candidates.push({ x, y, r: Math.sqrt(pathDist2(poly, true, x, y)) * 0.999 });
    }
  }
  // Widest first; ties by position, so the choice never depends on the sort's stability.
  candidates.sort((p, q) => q.r - p.r || p.x - q.x || p.y - q.y);
  const hm = bf.heightmap;
  const out: WoodCore[] = [];
  for (const c of candidates) {
    if (out.length >= MAX_CORES) break;
    if (out.some((d) => (c.x - d.cx) ** 2 + (c.y - d.cy) ** 2 <= d.r * d.r)) continue;
    const i0 = Math.max(0, Math.floor((c.x - c.r - hm.originX) / hm.cellSize) - 1);
    const i1 = Math.min(hm.cols - 1, Math.ceil((c.x + c.r - hm.originX) / hm.cellSize) + 1);
    const j0 = Math.max(0, Math.floor((c.y - c.r - hm.originY) / hm.cellSize) - 1);
    const j1 = Math.min(hm.rows - 1, Math.ceil((c.y + c.r - hm.originY) / hm.cellSize) + 1);
    // Off the grid the ground is clamped to its edge: no bound then.
    if (i0 > i1 || j0 > j1) continue;
    let low = Infinity;
    for (let j = j0; j <= j1; j++) for (let i = i0; i <= i1; i++) low = Math.min(low, hm.heights[j * hm.cols + i]!);
    out.push({ cx: c.x, cy: c.y, r: c.r, low });
  }
  cores.set(cf.index, out);
  return out;
}

/**
 * Does the walk's line (see beginWalk) cross one of the lone wood `cf`'s core discs below the
 * canopy for more than `limit`, with two sample steps to spare? walkCanopy then counts more than
 * `limit` there, since every step whose middle lies on that chord is below the tops, so the line is
 * blocked. A no proves nothing.
 */
function coreBlocks(bf: Battlefield, cf: CompiledFeature, limit: number): boolean {
  const cores = coresOf(bf, cf);
  const { ax, ay, bx, by, len, z0, rise } = walk;
  const ux = (bx - ax) / len;
  const uy = (by - ay) / len;
  for (let c = 0; c < cores.length; c++) {
    const core = cores[c]!;
    const along = (core.cx - ax) * ux + (core.cy - ay) * uy;
    const off = (core.cx - ax) * uy - (core.cy - ay) * ux;
    const half2 = core.r * core.r - off * off;
    if (half2 <= 0) continue;
    const half = Math.sqrt(half2);
    const d1 = Math.max(0, along - half);
    const d2 = Math.min(len, along + half);
    if (d2 - d1 - bf.heightmap.cellSize <= limit + BOUND_MARGIN) continue;
    const highest = z0 + (rise * (rise > 0 ? d2 : d1)) / len;
    if (highest < core.low + cf.obscuringHeight - BOUND_MARGIN) return true;
  }
  return false;
}

const oneWood: CompiledFeature[] = [];
const loneWoods = new WeakMap<Battlefield, Map<number, CompiledFeature>>();

/**
 * The wood with this feature index when its bounds meet no other wood's, so that no line's stretch
 * in it overlaps another wood's: walked alone, its stretches are sampled and counted exactly as
 * in the walk over all the woods.
 */
function loneWood(bf: Battlefield, feature: number): CompiledFeature | undefined {
  let lone = memo.bf === bf ? memo.lone : null;
  if (!lone) {
    lone = loneWoods.get(bf) ?? null;
    if (!lone) {
      lone = new Map();
      const woods = terrainIndex(bf).occluders;
      for (const w of woods) {
        const meets = woods.some((v) => v !== w && v.minX <= w.maxX && w.minX <= v.maxX && v.minY <= w.maxY && w.minY <= v.maxY);
        if (!meets && w.polygon) lone.set(w.index, w);
      }
      loneWoods.set(bf, lone);
    }
    if (memo.bf === bf) memo.lone = lone;
  }
  return lone.get(feature);
}

/**
 * What blocked the last of a run of nearby lines (the point pairs of two units), which sightClear
 * tries first on the next: the ground near a point, a building, or the woods. It only ever saves
 * work: the answer is the same with or without it.
 */
export interface SightHint {
  kind: 'none' | 'ground' | 'building' | 'canopy';
  /** For the ground: where it rose through the line. */
  x: number;
  y: number;
  /** For the canopy: the wood's index in bf.features. */
  feature: number;
}

function traceClear(): boolean {
  return trace.groundAt === Infinity && trace.solidAt === Infinity && trace.canopyAt === Infinity;
}

/**
 * Lines are walked from the end that sorts first (by x, then y), so that A to B and B to A are
 * the same walk and give the same answer to the last bit: walked from either end, a line that
 * grazes a crest between samples could be caught one way and not the other.
 */
function walksForward(from: Vec2, to: Vec2): boolean {
  return from.x < to.x || (from.x === to.x && from.y <= to.y);
}

const reversedOpts: SightOptions = { eyeHeight: 0, targetHeight: 0, obscuringLimit: 0 };

/** The options for walking a line from its target back to its eye (one object, reused). */
function reversed(opts: SightOptions): SightOptions {
  reversedOpts.eyeHeight = opts.targetHeight;
  reversedOpts.targetHeight = opts.eyeHeight;
  // The walk reads a missing limit as 0. Not `delete`: that would leave this one object in V8's
  // slow dictionary form for every line after.
  reversedOpts.obscuringLimit = opts.obscuringLimit ?? 0;
  return reversedOpts;
}

/** Can a point `eyeHeight` above `from` see a point `targetHeight` above `to`? */
export function lineOfSight(bf: Battlefield, from: Vec2, to: Vec2, opts: SightOptions): SightResult {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const len = Math.sqrt(dx * dx + dy * dy);
  const profile = opts.profile ? sightProfile(bf, from, to, opts) : undefined;

  if (opts.maxRange !== undefined && len > opts.maxRange) {
    const k = opts.maxRange / len;
    return withProfile(
      { visible: false, blockedBy: { kind: 'range', at: { x: from.x + dx * k, y: from.y + dy * k } }, obscured: 0 },
      profile,
    );
  }
  if (len === 0) return withProfile({ visible: true, obscured: 0 }, profile);
  // Whether it is blocked comes from the walk both directions share (see walksForward); what
  // blocks it is told from the eye's end, by walking that way, unless that walk, grazing a crest,
  // finds nothing: then the shared walk's block is told, from the other end.
  let fromTarget = false;
  const fromGround = heightAt(bf.heightmap, from.x, from.y);
  const toGround = heightAt(bf.heightmap, to.x, to.y);
  if (walksForward(from, to)) traceSight(bf, from, fromGround, to, toGround, len, opts, false);
  else {
    traceSight(bf, to, toGround, from, fromGround, len, reversed(opts), false);
    if (!traceClear()) {
      const shared = { ...trace };
      traceSight(bf, from, fromGround, to, toGround, len, opts, false);
      if (traceClear()) {
        Object.assign(trace, shared);
        fromTarget = true;
      }
    }
  }
  const { groundAt, solidAt, solidFeature, canopyAt, canopyFeature, obscured } = trace;
  if (canopyAt < Infinity) {
    const at = pointAlong(from, to, len, fromTarget ? len - canopyAt : canopyAt);
    return withProfile({ visible: false, blockedBy: { kind: 'canopy', featureId: bf.features[canopyFeature]!.id, at }, obscured }, profile);
  }
  if (solidAt < Infinity) {
    const at = pointAlong(from, to, len, fromTarget ? len - solidAt : solidAt);
    return withProfile({ visible: false, blockedBy: { kind: 'building', featureId: bf.features[solidFeature]!.id, at }, obscured }, profile);
  }
  if (groundAt < Infinity) {
    const at = pointAlong(from, to, len, fromTarget ? len - groundAt : groundAt);
    const hill = terrainIndex(bf).features.find((cf) => cf.feature.kind === 'hill' && containsPoint(cf, at.x, at.y));
    const blockedBy = hill ? { kind: 'ground' as const, featureId: hill.feature.id, at } : { kind: 'ground' as const, at };
    return withProfile({ visible: false, blockedBy, obscured }, profile);
  }
  return withProfile({ visible: true, obscured }, profile);
}

/**
 * The point `d` along the line from `from` to `to` (of length len). A module function, not a
 * closure in lineOfSight: run through tsx, every named closure made costs a defineProperty call
 * for its name, which was a third of lineOfSight's time.
 */
function pointAlong(from: Vec2, to: Vec2, len: number, d: number): Vec2 {
  return { x: from.x + ((to.x - from.x) * d) / len, y: from.y + ((to.y - from.y) * d) / len };
}

function withProfile(result: SightResult, profile: SightSample[] | undefined): SightResult {
  if (profile) result.profile = profile;
  return result;
}

/** Ground, sight line and canopy top every half cell from `from` to `to`, both included. */
export function sightProfile(bf: Battlefield, from: Vec2, to: Vec2, opts: SightOptions): SightSample[] {
  const hm: Heightmap = bf.heightmap;
  const idx = terrainIndex(bf);
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const len = Math.sqrt(dx * dx + dy * dy);
  const z0 = heightAt(hm, from.x, from.y) + opts.eyeHeight;
  const z1 = heightAt(hm, to.x, to.y) + opts.targetHeight;
  const n = Math.max(1, Math.ceil(len / (hm.cellSize / 2)));
  const out: SightSample[] = [];
  for (let k = 0; k <= n; k++) {
    const t = k / n;
    const x = from.x + dx * t;
    const y = from.y + dy * t;
    const ground = heightAt(hm, x, y);
    let top = 0;
    let cover: SightSample['cover'];
    for (const cf of idx.occluders) {
      if (cf.obscuringHeight > top && containsPoint(cf, x, y)) {
        top = cf.obscuringHeight;
        cover = 'trees';
      }
    }
    for (const cf of idx.solids) {
      if (cf.solidHeight >= top && cf.solidHeight > 0 && containsPoint(cf, x, y)) {
        top = cf.solidHeight;
        cover = 'roof';
      }
    }
    const sample: SightSample = { d: len * t, ground, ray: z0 + (z1 - z0) * t, canopy: ground + top };
    if (cover) sample.cover = cover;
    out.push(sample);
  }
  return out;
}
