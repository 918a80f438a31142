/**
 * The battlefield's spatial index: features flattened into typed arrays, and a coarse grid listing
 * which features may touch each cell. Built on first use and kept in a WeakMap beside the
 * battlefield, which is why a battlefield must not be edited once it has been queried.
 */

import type { Battlefield } from './battlefield';
import { obscuringHeightOf, solidHeightOf, type TerrainFeature } from './features';

export interface CompiledFeature {
  /** Position in bf.features. */
  index: number;
  feature: TerrainFeature;
  /** Bounds including a linear feature's half width. */
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** Area features: outline as x0, y0, x1, y1, ... */
  polygon: Float64Array | null;
  /** Linear features: centre line as x0, y0, x1, y1, ... */
  line: Float64Array | null;
  halfWidth: number;
  /** Height above ground that screens sight (a canopy: a limited depth may be seen through), or 0. */
  obscuringHeight: number;
  /** Height above ground below which sight is blocked outright (a roof), or 0. */
  solidHeight: number;
}

export interface TerrainIndex {
  features: CompiledFeature[];
  /** The features that screen sight below their top (woods), in feature order. */
  occluders: CompiledFeature[];
  /** The features sight cannot pass below the top of (buildings), in feature order. */
  solids: CompiledFeature[];
  gridX0: number;
  gridY0: number;
  gridCell: number;
  gridCols: number;
  gridRows: number;
  /** Items of cell c are cellItems[cellStart[c] .. cellStart[c + 1]), feature positions ascending. */
  cellStart: Int32Array;
  cellItems: Int32Array;
}

/** Grid cell size, mm: a few cells across a wood, so a point query tests one or two features. */
const GRID_CELL = 50;

const indexes = new WeakMap<Battlefield, TerrainIndex>();

export function terrainIndex(bf: Battlefield): TerrainIndex {
  let idx = indexes.get(bf);
  if (!idx) {
    idx = buildIndex(bf);
    indexes.set(bf, idx);
  }
  return idx;
}

function flatten(points: readonly { x: number; y: number }[]): Float64Array {
  const out = new Float64Array(points.length * 2);
  points.forEach((p, i) => {
    out[2 * i] = p.x;
    out[2 * i + 1] = p.y;
  });
  return out;
}

export function compileFeature(f: TerrainFeature, index: number): CompiledFeature {
  const polygon = 'polygon' in f ? flatten(f.polygon) : null;
  const line = 'line' in f ? flatten(f.line) : null;
  const halfWidth = 'line' in f ? f.width / 2 : 0;
  const pts = polygon ?? line ?? new Float64Array(0);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let k = 0; k + 1 < pts.length; k += 2) {
    minX = Math.min(minX, pts[k]!);
    maxX = Math.max(maxX, pts[k]!);
    minY = Math.min(minY, pts[k + 1]!);
    maxY = Math.max(maxY, pts[k + 1]!);
  }
  return {
    index,
    feature: f,
    minX: minX - halfWidth,
    minY: minY - halfWidth,
    maxX: maxX + halfWidth,
    maxY: maxY + halfWidth,
    polygon,
    line,
    halfWidth,
    obscuringHeight: obscuringHeightOf(f) ?? 0,
    solidHeight: solidHeightOf(f) ?? 0,
  };
}

/** Even-odd test, the same rule as core/geometry pointInPolygon. */
export function insidePolygon(poly: Float64Array, x: number, y: number): boolean {
  let inside = false;
  const n = poly.length;
  for (let i = 0, j = n - 2; i < n; j = i, i += 2) {
    const ax = poly[i]!;
    const ay = poly[i + 1]!;
    const bx = poly[j]!;
    const by = poly[j + 1]!;
    if (ay > y !== by > y && x < ((bx - ax) * (y - ay)) / (by - ay) + ax) inside = !inside;
  }
  return inside;
}

/** Squared distance from (x, y) to a polyline; `closed` adds the edge from the last point back to the first. */
export function pathDist2(pts: Float64Array, closed: boolean, x: number, y: number): number {
  const n = pts.length / 2;
  if (n === 0) return Infinity;
  let best = Infinity;
  const edges = closed ? n : n - 1;
  if (edges <= 0) {
    const dx = pts[0]! - x;
    const dy = pts[1]! - y;
    return dx * dx + dy * dy;
  }
  for (let e = 0; e < edges; e++) {
    const ax = pts[2 * e]!;
    const ay = pts[2 * e + 1]!;
    const f = (e + 1) % n;
    const bx = pts[2 * f]!;
    const by = pts[2 * f + 1]!;
    const ex = bx - ax;
    const ey = by - ay;
    const len2 = ex * ex + ey * ey;
    let u = len2 > 0 ? ((x - ax) * ex + (y - ay) * ey) / len2 : 0;
    u = u < 0 ? 0 : u > 1 ? 1 : u;
    const dx = ax + ex * u - x;
    const dy = ay + ey * u - y;
    const d2 = dx * dx + dy * dy;
    if (d2 < best) best = d2;
  }
  return best;
}

export function containsPoint(cf: CompiledFeature, x: number, y: number): boolean {
  if (x < cf.minX || x > cf.maxX || y < cf.minY || y > cf.maxY) return false;
  if (cf.polygon) return insidePolygon(cf.polygon, x, y);
  if (cf.line) return pathDist2(cf.line, false, x, y) <= cf.halfWidth * cf.halfWidth;
  return false;
}

/** True when the segment's bounds meet the feature's bounds. */
export function boundsMeetSegment(cf: CompiledFeature, ax: number, ay: number, bx: number, by: number): boolean {
  return !(
    Math.max(ax, bx) < cf.minX ||
    Math.min(ax, bx) > cf.maxX ||
    Math.max(ay, by) < cf.minY ||
    Math.min(ay, by) > cf.maxY
  );
}

/**
 * Where the infinite line a + t d crosses a polygon's outline, as values of t written to `out`
 * from `at` on (unsorted); returns the new end. A vertex exactly on the line counts as lying on
 * its negative side, so every crossing is counted once and the count is always even; the line is
 * inside the polygon between the 1st and 2nd, 3rd and 4th... crossings in t order.
 */
export function polygonCrossings(
  poly: Float64Array,
  ax: number,
  ay: number,
  dx: number,
  dy: number,
  out: Float64Array,
  at: number,
): number {
  const n = poly.length;
  const dd = dx * dx + dy * dy;
  let w = at;
  let px = poly[n - 2]!;
  let py = poly[n - 1]!;
  let ps = dx * (py - ay) - dy * (px - ax);
  for (let i = 0; i < n; i += 2) {
    const qx = poly[i]!;
    const qy = poly[i + 1]!;
    const qs = dx * (qy - ay) - dy * (qx - ax);
    if (ps > 0 !== qs > 0) {
      const u = ps / (ps - qs);
      const cx = px + (qx - px) * u;
      const cy = py + (qy - py) * u;
      out[w++] = ((cx - ax) * dx + (cy - ay) * dy) / dd;
    }
    px = qx;
    py = qy;
    ps = qs;
  }
  return w;
}

/** The t range where lo <= k0 + k1 t <= hi, as [t0, t1] (t0 > t1 when empty). */
function slab(k0: number, k1: number, lo: number, hi: number): [number, number] {
  if (k1 === 0) return k0 >= lo && k0 <= hi ? [-Infinity, Infinity] : [1, 0];
  const t0 = (lo - k0) / k1;
  const t1 = (hi - k0) / k1;
  return t0 < t1 ? [t0, t1] : [t1, t0];
}

/** The t range where the line a + t d is within r of the point c; t0 > t1 when it misses. */
function discInterval(ax: number, ay: number, dx: number, dy: number, cx: number, cy: number, r: number): [number, number] {
  const A = dx * dx + dy * dy;
  const ox = ax - cx;
  const oy = ay - cy;
  const B = dx * ox + dy * oy;
  const C = ox * ox + oy * oy - r * r;
  const disc = B * B - A * C;
  if (disc < 0 || A === 0) return [1, 0];
  const s = Math.sqrt(disc);
  return [(-B - s) / A, (-B + s) / A];
}

/** Widen `hull` to take in the interval `iv`, unless it is empty. */
function widenHull(hull: [number, number], iv: [number, number]): void {
  if (iv[0] <= iv[1]) {
    if (iv[0] < hull[0]) hull[0] = iv[0];
    if (iv[1] > hull[1]) hull[1] = iv[1];
  }
}

/**
 * Where the line a + t d lies within r of segment c-e (a capsule). A capsule is convex, so the
 * answer is one interval: the hull of what the two end discs and the middle strip give.
 */
function capsuleInterval(
  ax: number,
  ay: number,
  dx: number,
  dy: number,
  cx: number,
  cy: number,
  ex: number,
  ey: number,
  r: number,
): [number, number] {
  // The hull of the non-empty intervals (no closure: this runs for every feature a segment passes).
  const hull: [number, number] = [Infinity, -Infinity];
  widenHull(hull, discInterval(ax, ay, dx, dy, cx, cy, r));
  widenHull(hull, discInterval(ax, ay, dx, dy, ex, ey, r));
  const sx = ex - cx;
  const sy = ey - cy;
  const len = Math.sqrt(sx * sx + sy * sy);
  if (len > 0) {
    const ux = sx / len;
    const uy = sy / len;
    // Along the segment and across it, both linear in t.
    const along = slab((ax - cx) * ux + (ay - cy) * uy, dx * ux + dy * uy, 0, len);
    const across = slab(ux * (ay - cy) - uy * (ax - cx), ux * dy - uy * dx, -r, r);
    widenHull(hull, [Math.max(along[0], across[0]), Math.min(along[1], across[1])]);
  }
  return hull;
}

/**
 * Parameter intervals [t0, t1] (within [0, 1]) where segment a-b lies inside the feature, pushed
 * onto `out` as pairs. Exact for both polygons and linear features.
 */
export function featureIntervals(cf: CompiledFeature, ax: number, ay: number, bx: number, by: number, out: number[]): void {
  const dx = bx - ax;
  const dy = by - ay;
  if (cf.polygon) {
    const buf = scratch(cf.polygon.length / 2 + 1);
    const n = polygonCrossings(cf.polygon, ax, ay, dx, dy, buf, 0);
    sortPrefix(buf, n);
    for (let k = 0; k + 1 < n; k += 2) {
      const t0 = Math.max(0, buf[k]!);
      const t1 = Math.min(1, buf[k + 1]!);
      if (t1 > t0) out.push(t0, t1);
    }
  } else if (cf.line) {
    const pts = cf.line;
    for (let k = 0; k + 3 < pts.length; k += 2) {
      const [t0, t1] = capsuleInterval(ax, ay, dx, dy, pts[k]!, pts[k + 1]!, pts[k + 2]!, pts[k + 3]!, cf.halfWidth);
      const c0 = Math.max(0, t0);
      const c1 = Math.min(1, t1);
      if (c1 > c0) out.push(c0, c1);
    }
    if (pts.length === 2) {
      const [t0, t1] = discInterval(ax, ay, dx, dy, pts[0]!, pts[1]!, cf.halfWidth);
      const c0 = Math.max(0, t0);
      const c1 = Math.min(1, t1);
      if (c1 > c0) out.push(c0, c1);
    }
  }
}

let scratchBuf: Float64Array = new Float64Array(64);

/** A shared buffer of at least n numbers; valid until the next call. */
export function scratch(n: number): Float64Array {
  if (scratchBuf.length < n) scratchBuf = new Float64Array(Math.max(n, scratchBuf.length * 2));
  return scratchBuf;
}

/** Insertion sort of buf[0..n): crossing lists are short. */
export function sortPrefix(buf: Float64Array, n: number): void {
  for (let i = 1; i < n; i++) {
    const v = buf[i]!;
    let j = i - 1;
    while (j >= 0 && buf[j]! > v) {
      buf[j + 1] = buf[j]!;
      j--;
    }
    buf[j + 1] = v;
  }
}

function buildIndex(bf: Battlefield): TerrainIndex {
  const features = bf.features.map((f, i) => compileFeature(f, i));
  let minX = 0;
  let minY = 0;
  let maxX = bf.width;
  let maxY = bf.depth;
  for (const cf of features) {
    minX = Math.min(minX, cf.minX);
    minY = Math.min(minY, cf.minY);
    maxX = Math.max(maxX, cf.maxX);
    maxY = Math.max(maxY, cf.maxY);
  }
  const cell = GRID_CELL;
  const cols = Math.max(1, Math.ceil((maxX - minX) / cell) + 1);
  const rows = Math.max(1, Math.ceil((maxY - minY) / cell) + 1);
  const halfDiag = (cell * Math.SQRT2) / 2;
  const lists: number[][] = Array.from({ length: cols * rows }, () => []);
  for (const cf of features) {
    const i0 = Math.max(0, Math.floor((cf.minX - minX) / cell));
    const i1 = Math.min(cols - 1, Math.floor((cf.maxX - minX) / cell));
    const j0 = Math.max(0, Math.floor((cf.minY - minY) / cell));
    const j1 = Math.min(rows - 1, Math.floor((cf.maxY - minY) / cell));
    for (let j = j0; j <= j1; j++) {
      for (let i = i0; i <= i1; i++) {
        const cx = minX + (i + 0.5) * cell;
        const cy = minY + (j + 0.5) * cell;
        // Conservative: any feature reaching within half a diagonal of the cell centre is listed.
        let touches = false;
        if (cf.polygon) touches = insidePolygon(cf.polygon, cx, cy) || pathDist2(cf.polygon, true, cx, cy) <= halfDiag * halfDiag;
        else if (cf.line) touches = pathDist2(cf.line, false, cx, cy) <= (cf.halfWidth + halfDiag) ** 2;
        if (touches) lists[j * cols + i]!.push(cf.index);
      }
    }
  }
  const cellStart = new Int32Array(cols * rows + 1);
  let total = 0;
  lists.forEach((l, c) => {
    cellStart[c] = total;
    total += l.length;
  });
  cellStart[cols * rows] = total;
  const cellItems = new Int32Array(total);
  lists.forEach((l, c) => cellItems.set(l, cellStart[c]!));
  return {
    features,
    occluders: features.filter((cf) => cf.obscuringHeight > 0),
    solids: features.filter((cf) => cf.solidHeight > 0 && cf.polygon !== null),
    gridX0: minX,
    gridY0: minY,
    gridCell: cell,
    gridCols: cols,
    gridRows: rows,
    cellStart,
    cellItems,
  };
}

/** The grid cell holding (x, y), or -1 off the grid. */
export function cellOf(idx: TerrainIndex, x: number, y: number): number {
  const i = Math.floor((x - idx.gridX0) / idx.gridCell);
  const j = Math.floor((y - idx.gridY0) / idx.gridCell);
  if (i < 0 || j < 0 || i >= idx.gridCols || j >= idx.gridRows) return -1;
  return j * idx.gridCols + i;
}
