/**
 * Builds the three.js geometry of the battlefield from the worker's BattlefieldData: the ground
 * mesh with vertex colours, water and road ribbons, tree instances, crossings and the table frame.
 * Pure functions of the data (no React), so they are built once per battlefield.
 */

import {
  BufferAttribute,
  BufferGeometry,
  Color,
  Float32BufferAttribute,
  Matrix4,
  Quaternion,
  ShapeUtils,
  Vector2,
  Vector3,
} from 'three';
import type { BattlefieldData } from '../app/engineApi';
import type { Vec2 } from '../core/geometry';
import { bounds, pointInPolygon, pointPolylineDistance, pointSegmentDistance } from '../core/geometry';
import type { CrossingFeature, GroundFeature, WaterFeature, WoodFeature } from '../terrain/features';
import { heightAt, type Heightmap } from '../terrain/heightmap';
import { toWorld } from './coords';

/** Larger grids are drawn at a coarser step: SwiftShader has no GPU behind it. */
const MAX_GROUND_VERTICES = 160_000;

export function groundHeight(bf: BattlefieldData, x: number, y: number): number {
  return heightAt(bf.heightmap as Heightmap, x, y);
}

/** A small deterministic hash in [0, 1): the same battlefield always grows the same trees. */
export function hash01(a: number, b: number, c = 0): number {
  let h = Math.imul(a | 0, 0x27d4eb2d) ^ Math.imul(b | 0, 0x165667b1) ^ Math.imul(c | 0, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** Value noise: hashed lattice values blended smoothly between lattice points. */
function smoothNoise(x: number, y: number): number {
  const i = Math.floor(x);
  const j = Math.floor(y);
  const fx = x - i;
  const fy = y - j;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const a = hash01(i, j, 11);
  const b = hash01(i + 1, j, 11);
  const c = hash01(i, j + 1, 11);
  const d = hash01(i + 1, j + 1, 11);
  return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy;
}

export function stringSeed(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Bounds of a polygon: the core's, under the name this module's callers use. */
export const polygonBounds = bounds;

export interface GroundInfo {
  geometry: BufferGeometry;
  minHeight: number;
  maxHeight: number;
}

const GRASS_LOW = new Color('#4a7632');
const GRASS_HIGH = new Color('#a8a857');
const EARTH = new Color('#7d6a45');
const WOOD_FLOOR = new Color('#33502a');
const BANK = new Color('#5d6a3c');
const MARSH = new Color('#4b5230');
const MARSH_WATER = new Color('#2f5b55');
const ROUGH = new Color('#857a66');
const ROCK = new Color('#a29d92');
const CROPS = new Color('#c9a445');

/** Spacing of the furrows drawn across a field of crops, mm. */
export const FURROW_MM = 9;

/** Ground that is not grass: its kind decides the colour (marsh, rocky ground, crops). */
interface GroundPatch {
  kind: GroundFeature['kind'];
  polygon: readonly Vec2[];
  b: ReturnType<typeof polygonBounds>;
  /** Crops: the rows' direction in the world's X-Z plane (table y is world -Z). */
  rows?: { x: number; z: number };
}

/**
 * How much of a ground vertex belongs to an area, 0..1, from its signed distance to the outline:
 * a ramp one cell wide centred on the edge. Vertex colours blend it into a straight soft edge where
 * a plain inside test would leave a staircase of whole cells.
 */
function coverage(p: Vec2, poly: readonly Vec2[], cell: number): number {
  let d = Infinity;
  for (let i = 0; i < poly.length; i++) d = Math.min(d, pointSegmentDistance(p, poly[i]!, poly[(i + 1) % poly.length]!));
  const signed = pointInPolygon(p, poly) ? d : -d;
  return Math.min(1, Math.max(0, 0.5 + signed / cell));
}

function groundPatches(bf: BattlefieldData): GroundPatch[] {
  const out: GroundPatch[] = [];
  for (const f of bf.features) {
    if (f.kind !== 'marsh' && f.kind !== 'rough' && f.kind !== 'crops') continue;
    const patch: GroundPatch = { kind: f.kind, polygon: f.polygon, b: polygonBounds(f.polygon) };
    if (f.kind === 'crops') {
      // Rows run along the field's long side, as a plough would go.
      const a = orientedExtent(f.polygon).angle;
      patch.rows = { x: Math.cos(a), z: -Math.sin(a) };
    }
    out.push(patch);
  }
  return out;
}

/** The ground: one indexed grid mesh over the heightmap, coloured by height, slope and cover. */
export function buildGround(bf: BattlefieldData): GroundInfo {
  const hm = bf.heightmap;
  const step = Math.max(1, Math.ceil(Math.sqrt((hm.cols * hm.rows) / MAX_GROUND_VERTICES)));
  const cols = Math.floor((hm.cols - 1) / step) + 1;
  const rows = Math.floor((hm.rows - 1) / step) + 1;
  const positions = new Float32Array(cols * rows * 3);
  const colours = new Float32Array(cols * rows * 3);
  let minH = Infinity;
  let maxH = -Infinity;
  for (const h of hm.heights) {
    if (h < minH) minH = h;
    if (h > maxH) maxH = h;
  }
  const span = Math.max(1, maxH - minH);
  const woods = bf.features.filter((f): f is WoodFeature => f.kind === 'wood').map((w) => ({ w, b: polygonBounds(w.polygon) }));
  const waters = bf.features.filter((f): f is WaterFeature => f.kind === 'river' || f.kind === 'stream');
  const patches = groundPatches(bf);
  // Per vertex: the direction of a field's rows (x, z) and how much of it is a field (0..1).
  const furrows = new Float32Array(cols * rows * 3);
  const c = new Color();
  const v = new Vector3();
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      const gi = Math.min(i * step, hm.cols - 1);
      const gj = Math.min(j * step, hm.rows - 1);
      const x = hm.originX + gi * hm.cellSize;
      const y = hm.originY + gj * hm.cellSize;
      const z = hm.heights[gj * hm.cols + gi]!;
      const k = (j * cols + i) * 3;
      toWorld(x, y, z, v);
      positions[k] = v.x;
      positions[k + 1] = v.y;
      positions[k + 2] = v.z;
      // Greener in the low ground, drier up the hills, bare earth on steep banks.
      const t = (z - minH) / span;
      c.copy(GRASS_LOW).lerp(GRASS_HIGH, Math.min(1, t * 1.15));
      const sx = (hm.heights[gj * hm.cols + Math.min(gi + 1, hm.cols - 1)]! - hm.heights[gj * hm.cols + Math.max(gi - 1, 0)]!) / (2 * hm.cellSize);
      const sy = (hm.heights[Math.min(gj + 1, hm.rows - 1) * hm.cols + gi]! - hm.heights[Math.max(gj - 1, 0) * hm.cols + gi]!) / (2 * hm.cellSize);
      const slope = Math.sqrt(sx * sx + sy * sy);
      c.lerp(EARTH, Math.min(0.45, Math.max(0, (slope - 0.7) * 1.2)));
      const p = { x, y };
      for (const { w, b } of woods) {
        const m = hm.cellSize * step;
        if (x >= b.minX - m && x <= b.maxX + m && y >= b.minY - m && y <= b.maxY + m) {
          const cover = coverage(p, w.polygon, m);
          if (cover > 0) c.lerp(WOOD_FLOOR, 0.75 * cover);
          if (cover >= 1) break;
        }
      }
      const cell = hm.cellSize * step;
      for (const g of patches) {
        const { b } = g;
        if (x < b.minX - cell || x > b.maxX + cell || y < b.minY - cell || y > b.maxY + cell) continue;
        const w = coverage(p, g.polygon, cell);
        if (w <= 0) continue;
        if (g.kind === 'marsh') {
          // Dark olive reeds with pools of blue-green standing water.
          c.lerp(MARSH, 0.85 * w);
          const pool = smoothNoise(gi / 4.5 + 31, gj / 4.5 + 17);
          c.lerp(MARSH_WATER, w * Math.min(0.8, Math.max(0, (pool - 0.5) * 3.2)));
        } else if (g.kind === 'rough') {
          // Grey-brown broken ground with paler stones.
          c.lerp(ROUGH, 0.8 * w);
          // Stones in clumps rather than single cells, so they read as outcrops and scree.
          const stone = smoothNoise(gi / 1.8 + 5, gj / 1.8 + 9) * 0.75 + hash01(gi, gj, 23) * 0.25;
          c.lerp(ROCK, 0.75 * w * Math.min(1, Math.max(0, (stone - 0.62) * 6)));
        } else {
          c.lerp(CROPS, 0.85 * w);
          if (g.rows) {
            furrows[k] = g.rows.x;
            furrows[k + 1] = g.rows.z;
            furrows[k + 2] = w;
          }
        }
        if (w >= 1) break;
      }
      for (const wf of waters) {
        if (pointPolylineDistance(p, wf.line) < wf.width * 0.5 + hm.cellSize * 1.5) {
          c.lerp(BANK, 0.6);
          break;
        }
      }
      // Soft deterministic mottling so the grass does not look like plastic.
      const n = (smoothNoise(gi / 9, gj / 9) - 0.5) * 0.07 + (hash01(gi, gj, 7) - 0.5) * 0.015;
      colours[k] = Math.max(0, c.r + n);
      colours[k + 1] = Math.max(0, c.g + n);
      colours[k + 2] = Math.max(0, c.b + n * 0.5);
    }
  }
  const index = new Uint32Array((cols - 1) * (rows - 1) * 6);
  let q = 0;
  for (let j = 0; j < rows - 1; j++) {
    for (let i = 0; i < cols - 1; i++) {
      const a = j * cols + i;
      const b = a + 1;
      const d = a + cols;
      const e = d + 1;
      // Wound so the faces look up (+Y) with table y mapped to -Z.
      index[q++] = a;
      index[q++] = b;
      index[q++] = d;
      index[q++] = b;
      index[q++] = e;
      index[q++] = d;
    }
  }
  const geometry = new BufferGeometry();
  geometry.setAttribute('position', new BufferAttribute(positions, 3));
  geometry.setAttribute('color', new BufferAttribute(colours, 3));
  geometry.setAttribute('furrow', new BufferAttribute(furrows, 3));
  geometry.setIndex(new BufferAttribute(index, 1));
  geometry.computeVertexNormals();
  geometry.computeBoundingBox();
  geometry.computeBoundingSphere();
  return { geometry, minHeight: minH, maxHeight: maxH };
}

/** Points along a polyline no further apart than `spacing`, with the unit left normal at each. */
function densify(line: readonly Vec2[], spacing: number): { p: Vec2; n: Vec2 }[] {
  const out: { p: Vec2; n: Vec2 }[] = [];
  for (let i = 0; i + 1 < line.length; i++) {
    const a = line[i]!;
    const b = line[i + 1]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len === 0) continue;
    const steps = Math.max(1, Math.ceil(len / spacing));
    for (let s = 0; s < steps; s++) {
      const t = s / steps;
      out.push({ p: { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t }, n: { x: 0, y: 0 } });
    }
  }
  const last = line[line.length - 1];
  if (last) out.push({ p: { ...last }, n: { x: 0, y: 0 } });
  // Normals from the neighbours, so bends do not pinch the ribbon.
  for (let i = 0; i < out.length; i++) {
    const prev = out[Math.max(0, i - 1)]!.p;
    const next = out[Math.min(out.length - 1, i + 1)]!.p;
    const dx = next.x - prev.x;
    const dy = next.y - prev.y;
    const l = Math.hypot(dx, dy) || 1;
    out[i]!.n = { x: -dy / l, y: dx / l };
  }
  return out;
}

/**
 * A ribbon along a line: `across` vertices from the left edge to the right edge at each station,
 * heights from `heightOf`. Used for water surfaces and roads.
 */
function ribbon(
  line: readonly Vec2[],
  width: number,
  spacing: number,
  across: number,
  heightOf: (p: Vec2, centre: Vec2) => number,
): BufferGeometry {
  const stations = densify(line, spacing);
  const positions: number[] = [];
  const index: number[] = [];
  const v = new Vector3();
  for (const { p, n } of stations) {
    for (let a = 0; a < across; a++) {
      const t = across === 1 ? 0 : a / (across - 1) - 0.5;
      const q = { x: p.x + n.x * width * t, y: p.y + n.y * width * t };
      toWorld(q.x, q.y, heightOf(q, p), v);
      positions.push(v.x, v.y, v.z);
    }
  }
  for (let s = 0; s + 1 < stations.length; s++) {
    for (let a = 0; a + 1 < across; a++) {
      const i0 = s * across + a;
      const i1 = i0 + 1;
      const j0 = i0 + across;
      const j1 = j0 + 1;
      index.push(i0, j0, i1, i1, j0, j1);
    }
  }
  const g = new BufferGeometry();
  g.setAttribute('position', new Float32BufferAttribute(positions, 3));
  g.setIndex(index);
  g.computeVertexNormals();
  fixUpNormals(g);
  return g;
}

/** Ribbons may be wound either way depending on the line's direction; make their normals face up. */
function fixUpNormals(g: BufferGeometry): void {
  const n = g.getAttribute('normal');
  let up = 0;
  for (let i = 0; i < n.count; i++) up += n.getY(i);
  if (up >= 0) return;
  const idx = g.getIndex();
  if (idx) {
    for (let i = 0; i < idx.count; i += 3) {
      const b = idx.getX(i + 1);
      idx.setX(i + 1, idx.getX(i + 2));
      idx.setX(i + 2, b);
    }
  }
  g.computeVertexNormals();
}

function merge(geoms: BufferGeometry[]): BufferGeometry | null {
  if (geoms.length === 0) return null;
  const positions: number[] = [];
  const normals: number[] = [];
  const index: number[] = [];
  let base = 0;
  for (const g of geoms) {
    const p = g.getAttribute('position');
    const n = g.getAttribute('normal');
    for (let i = 0; i < p.count; i++) {
      positions.push(p.getX(i), p.getY(i), p.getZ(i));
      normals.push(n.getX(i), n.getY(i), n.getZ(i));
    }
    const idx = g.getIndex();
    if (idx) for (let i = 0; i < idx.count; i++) index.push(idx.getX(i) + base);
    base += p.count;
    g.dispose();
  }
  const out = new BufferGeometry();
  out.setAttribute('position', new Float32BufferAttribute(positions, 3));
  out.setAttribute('normal', new Float32BufferAttribute(normals, 3));
  out.setIndex(index);
  out.computeBoundingSphere();
  return out;
}

/** Water level of a river at a point of its centre line: part way up its carved channel. */
function waterLevel(bf: BattlefieldData, wf: WaterFeature, centre: Vec2): number {
  return groundHeight(bf, centre.x, centre.y) + Math.max(0.8, wf.depth * 0.55);
}

/** All rivers and streams as one mesh: a flat surface across each section of the channel. */
export function buildWater(bf: BattlefieldData): BufferGeometry | null {
  const spacing = bf.heightmap.cellSize * 1.5;
  const geoms = bf.features
    .filter((f): f is WaterFeature => f.kind === 'river' || f.kind === 'stream')
    .map((wf) => ribbon(wf.line, wf.width * 1.05, spacing, 2, (_q, centre) => waterLevel(bf, wf, centre)));
  return merge(geoms);
}

/** Roads: a strip draped on the ground, three vertices across so it follows a cambered slope. */
export function buildRoads(bf: BattlefieldData): BufferGeometry | null {
  const spacing = bf.heightmap.cellSize;
  const geoms = bf.features
    .filter((f) => f.kind === 'road')
    .map((r) => ('line' in r ? ribbon(r.line, r.width, spacing, 3, (q) => groundHeight(bf, q.x, q.y) + 0.6) : null))
    .filter((g): g is BufferGeometry => g !== null);
  return merge(geoms);
}

export interface CrossingShape {
  feature: CrossingFeature;
  /** Flat polygon mesh (fords) or deck box transform (bridges). */
  geometry: BufferGeometry;
}

/** Long axis and extents of a crossing's outline: bridges span it, fords are drawn over it. */
export function orientedExtent(poly: readonly Vec2[]) {
  let best = { angle: 0, area: Infinity, minU: 0, maxU: 0, minV: 0, maxV: 0 };
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    const angle = Math.atan2(b.y - a.y, b.x - a.x);
    const ux = Math.cos(angle);
    const uy = Math.sin(angle);
    let minU = Infinity;
    let maxU = -Infinity;
    let minV = Infinity;
    let maxV = -Infinity;
    for (const p of poly) {
      const u = p.x * ux + p.y * uy;
      const v = -p.x * uy + p.y * ux;
      minU = Math.min(minU, u);
      maxU = Math.max(maxU, u);
      minV = Math.min(minV, v);
      maxV = Math.max(maxV, v);
    }
    const area = (maxU - minU) * (maxV - minV);
    if (area < best.area) best = { angle, area, minU, maxU, minV, maxV };
  }
  // Make u the long axis.
  if (best.maxV - best.minV > best.maxU - best.minU) {
    best = { angle: best.angle + Math.PI / 2, area: best.area, minU: best.minV, maxU: best.maxV, minV: -best.maxU, maxV: -best.minU };
  }
  const ux = Math.cos(best.angle);
  const uy = Math.sin(best.angle);
  const cu = (best.minU + best.maxU) / 2;
  const cv = (best.minV + best.maxV) / 2;
  return {
    centre: { x: cu * ux - cv * uy, y: cu * uy + cv * ux },
    angle: best.angle,
    length: best.maxU - best.minU,
    width: best.maxV - best.minV,
  };
}

/** Fords: a pale, stony strip over the water, following the crossing's outline. */
export function buildFords(bf: BattlefieldData): BufferGeometry | null {
  const geoms: BufferGeometry[] = [];
  for (const f of bf.features) {
    if (f.kind !== 'ford') continue;
    const water = bf.features.find((w): w is WaterFeature => w.id === f.waterId && (w.kind === 'river' || w.kind === 'stream'));
    const contour = f.polygon.map((p) => new Vector2(p.x, p.y));
    if (ShapeUtils.isClockWise(contour)) contour.reverse();
    const tris = ShapeUtils.triangulateShape(contour, []);
    const e = orientedExtent(f.polygon);
    const level = water ? waterLevel(bf, water, e.centre) + 0.5 : groundHeight(bf, e.centre.x, e.centre.y) + 0.5;
    const positions: number[] = [];
    const v = new Vector3();
    for (const p of contour) {
      toWorld(p.x, p.y, Math.max(level, groundHeight(bf, p.x, p.y) + 0.4), v);
      positions.push(v.x, v.y, v.z);
    }
    const g = new BufferGeometry();
    g.setAttribute('position', new Float32BufferAttribute(positions, 3));
    g.setIndex(tris.flat());
    g.computeVertexNormals();
    fixUpNormals(g);
    geoms.push(g);
  }
  return merge(geoms);
}

/** The wooden frame round the table, as unit-box transforms. */
export function buildFrame(bf: BattlefieldData, minHeight: number): Matrix4[] {
  const rim = 30;
  const top = Math.max(minHeight + 6, 6);
  const bottom = minHeight - 40;
  const h = top - bottom;
  const W = bf.width;
  const D = bf.depth;
  const q = new Quaternion();
  const m = (cx: number, cy: number, sx: number, sy: number) =>
    new Matrix4().compose(toWorld(cx, cy, bottom + h / 2), q, new Vector3(sx, h, sy));
  return [
    m(W / 2, -rim / 2, W + 2 * rim, rim),
    m(W / 2, D + rim / 2, W + 2 * rim, rim),
    m(-rim / 2, D / 2, rim, D),
    m(W + rim / 2, D / 2, rim, D),
  ];
}

/**
 * Exact picking on the heightfield: march the ray across the table a fraction of a cell at a time
 * and refine the crossing by bisection. Much cheaper than testing every ground triangle.
 */
export function raycastHeightfield(
  bf: BattlefieldData,
  minH: number,
  maxH: number,
  origin: Vector3,
  dir: Vector3,
): { point: Vector3; distance: number } | null {
  // World box of the table: X in [0, W], Y in [minH, maxH], Z in [-D, 0].
  const lo = [0, minH - 1, -bf.depth];
  const hi = [bf.width, maxH + 1, 0];
  const o = [origin.x, origin.y, origin.z];
  const d = [dir.x, dir.y, dir.z];
  let t0 = 0;
  let t1 = Infinity;
  for (let a = 0; a < 3; a++) {
    const oa = o[a]!;
    const da = d[a]!;
    if (Math.abs(da) < 1e-12) {
      if (oa < lo[a]! || oa > hi[a]!) return null;
      continue;
    }
    let ta = (lo[a]! - oa) / da;
    let tb = (hi[a]! - oa) / da;
    if (ta > tb) [ta, tb] = [tb, ta];
    t0 = Math.max(t0, ta);
    t1 = Math.min(t1, tb);
    if (t0 > t1) return null;
  }
  const p = new Vector3();
  const above = (t: number) => {
    p.copy(dir).multiplyScalar(t).add(origin);
    return p.y - groundHeight(bf, p.x, -p.z);
  };
  const step = bf.heightmap.cellSize * 0.5;
  let prevT = t0;
  if (above(t0) <= 0) return { point: p.clone(), distance: t0 };
  for (let t = t0 + step; t <= t1 + step; t += step) {
    const tt = Math.min(t, t1);
    const cur = above(tt);
    if (cur <= 0) {
      let a = prevT;
      let b = tt;
      for (let k = 0; k < 20; k++) {
        const m = (a + b) / 2;
        if (above(m) > 0) a = m;
        else b = m;
      }
      above(b);
      return { point: p.clone(), distance: b };
    }
    prevT = tt;
    if (tt >= t1) break;
  }
  return null;
}
