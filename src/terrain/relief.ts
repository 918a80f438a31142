/**
 * Shaping the heightmap: cutting water channels, raising road embankments and hills of a given
 * gradient class. Shared by the default generator and the rulebooks' set-up procedures. Only the
 * deterministic arithmetic of detmath.ts is used (see there).
 */

import { bounds, type Vec2 } from '../core/geometry';
import { clamp, datan2, dcos, dsin, pointSegmentDist2, smoothstep } from './detmath';
import type { GradientClass, HillFace, RoadFeature, WaterClass, WaterFeature } from './features';
import { heightAt, type Heightmap } from './heightmap';

/**
 * Cut the channel: a flat bed `depth` below the ground, falling monotonically downstream, with
 * banks that blend back into the ground. Only ever lowers the ground. The bed follows the ground of
 * `profileFrom` (by default the heightmap as it is, so a stream running into a river already cut
 * falls to it); sections of one watercourse that may be of different kinds take theirs from the
 * uncut ground, so each is cut to its own depth.
 */
export function carveChannel(hm: Heightmap, feature: WaterFeature, bank: number, profileFrom: Heightmap = hm): void {
  const { line, width, depth } = feature;
  const halfWidth = width / 2;
  const cs = hm.cellSize;
  // A stream only two cells wide would be smeared away by the grid: keep its bed at least a
  // cell and a half wide and its banks at least a cell.
  const flatHalf = Math.max(0.5 * halfWidth, 0.75 * cs);
  const reach = Math.max(halfWidth + bank, flatHalf + cs);

  const ground = line.map((p) => heightAt(profileFrom, p.x, p.y));
  const bed: number[] = [];
  for (let k = 0; k < line.length; k++) {
    // Smoothing keeps the bed from copying every ripple of the noise.
    let sum = 0;
    let n = 0;
    for (let m = Math.max(0, k - 3); m <= Math.min(line.length - 1, k + 3); m++) {
      sum += ground[m]!;
      n++;
    }
    const target = Math.min(sum / n - depth, ground[k]! - 0.8 * depth);
    bed.push(k === 0 ? target : Math.min(bed[k - 1]!, target));
  }

  forCellsNearLine(hm, line, bed, reach, (idx, d, bedHere) => {
    const orig = hm.heights[idx]!;
    const t = d <= flatHalf ? 0 : (d - flatHalf) / (reach - flatHalf);
    const target = bedHere + (orig - bedHere) * smoothstep(t);
    if (target < orig) hm.heights[idx] = target;
  });
}

/**
 * Visit every grid point within `reach` of a polyline, with its distance to the line and a profile
 * value (given at the line's points) interpolated at the nearest point on it. Carving a channel
 * and raising an embankment are both shaped this way.
 */
function forCellsNearLine(hm: Heightmap, line: readonly Vec2[], profile: readonly number[], reach: number, visit: (idx: number, d: number, valueHere: number) => void): void {
  const cs = hm.cellSize;
  const { minX, minY, maxX, maxY } = bounds(line);
  const i0 = clamp(Math.floor((minX - reach - hm.originX) / cs), 0, hm.cols - 1);
  const i1 = clamp(Math.ceil((maxX + reach - hm.originX) / cs), 0, hm.cols - 1);
  const j0 = clamp(Math.floor((minY - reach - hm.originY) / cs), 0, hm.rows - 1);
  const j1 = clamp(Math.ceil((maxY + reach - hm.originY) / cs), 0, hm.rows - 1);
  const reach2 = reach * reach;
  for (let j = j0; j <= j1; j++) {
    const y = hm.originY + j * cs;
    for (let i = i0; i <= i1; i++) {
      const x = hm.originX + i * cs;
      let best = reach2;
      let here = 0;
      for (let k = 0; k + 1 < line.length; k++) {
        const { d2, u } = pointSegmentDist2(x, y, line[k]!, line[k + 1]!);
        if (d2 < best) {
          best = d2;
          here = profile[k]! + (profile[k + 1]! - profile[k]!) * u;
        }
      }
      if (best >= reach2) continue;
      visit(j * hm.cols + i, Math.sqrt(best), here);
    }
  }
}

/** Shift all heights so the lowest point is 0: the table top is never below the board. Returns the shift taken off. */
export function settleToZero(hm: Heightmap): number {
  let min = Infinity;
  for (const v of hm.heights) if (v < min) min = v;
  if (!Number.isFinite(min)) return 0;
  for (let k = 0; k < hm.heights.length; k++) hm.heights[k] = hm.heights[k]! - min;
  return min;
}

/**
 * The width of the sloping bank either side of a channel of a water class: torrential streams and
 * raging torrents are deeply cut, with short, steep banks.
 */
export function channelBank(cls: WaterClass | undefined, width: number): number {
  return cls === 'torrentialStream' || cls === 'ragingTorrent' ? Math.max(5, 0.1 * width) : Math.max(8, 0.2 * width);
}


// ---------------------------------------------------------------------------------------------
// Hills of a gradient class

/**
 * Width of the slope band of each class, mm, for hills raised from a class (set-up procedures).
 * Within the digest's bands (B §4.3: gentle 4"+, normal 2-4", steep 1-2", very steep 0.5-1",
 * sheer under 0.25"), chosen so that a smoothstep flank, whose steepest slope is 1.5 times its mean,
 * reads back as the same class through gradient.ts.
 */
export const HILL_BAND: { readonly [G in GradientClass]: number } = {
  gentle: 127,
  normal: 76.2,
  steep: 44.45,
  verySteep: 25.4,
  sheer: 3,
};

/** Crest height of a hill of each class above its base, mm (B §4.3's table; sheer takes steep's). */
export const HILL_CREST: { readonly [G in GradientClass]: number } = {
  gentle: 12.7,
  normal: 25.4,
  steep: 38.1,
  verySteep: 50.8,
  sheer: 38.1,
};

/** An irregular ellipse: the outline of hills, woods, marshes laid by set-up procedures. */
export interface Blob {
  centre: Vec2;
  /** Semi-axes, mm: `long` along the direction (cos, sin). */
  long: number;
  short: number;
  cos: number;
  sin: number;
  /** Lobes: relative amplitudes and phases of the 2nd and 3rd harmonics of the outline. */
  a2: number;
  p2: number;
  a3: number;
  p3: number;
}

/** A hill raised from its class: an irregular ellipse, the band of each face by its class. */
export interface ClassHill extends Blob {
  crest: number;
  gradient: GradientClass;
  faces: readonly HillFace[];
  shape: 'domed' | 'flatTopped';
}

/** Distance from the centre to the outline in the unit direction (ux, uy). */
export function blobReach(h: Blob, ux: number, uy: number): number {
  // Into the ellipse's own frame.
  const c = ux * h.cos + uy * h.sin;
  const s = -ux * h.sin + uy * h.cos;
  const base = 1 / Math.sqrt((c / h.long) * (c / h.long) + (s / h.short) * (s / h.short));
  // cos(2t), sin(2t), cos(3t), sin(3t) of the frame angle t, from c and s alone.
  const c2 = c * c - s * s;
  const s2 = 2 * s * c;
  const c3 = c2 * c - s2 * s;
  const s3 = s2 * c + c2 * s;
  const lobes = h.a2 * (c2 * dcos(h.p2) - s2 * dsin(h.p2)) + h.a3 * (c3 * dcos(h.p3) - s3 * dsin(h.p3));
  return base * (1 + lobes);
}

/** The outline, `n` points counter-clockwise. */
export function blobPolygon(h: Blob, n = 32): Vec2[] {
  const out: Vec2[] = [];
  for (let k = 0; k < n; k++) {
    const a = (6.283185307179586 * k) / n;
    const ux = dcos(a);
    const uy = dsin(a);
    const r = blobReach(h, ux, uy);
    out.push({ x: h.centre.x + ux * r, y: h.centre.y + uy * r });
  }
  return out;
}

function bandAt(h: ClassHill, deg: number): number {
  for (const f of h.faces) {
    const rel = (((deg - f.from) % 360) + 360) % 360;
    if (rel < f.to - f.from) return HILL_BAND[f.gradient];
  }
  return HILL_BAND[h.gradient];
}

/**
 * Raise a hill onto the ground (added to what is there). A flat-topped hill rises over its band and
 * is level beyond; a domed one rises 85% of its crest over the band (so its face keeps its class)
 * and rounds off the rest towards its centre. Where faces of different classes meet, the band is averaged over 10°
 * either way so the ground does not tear.
 */
export function raiseClassHill(hm: Heightmap, h: ClassHill): void {
  let maxR = 0;
  for (let k = 0; k < 32; k++) {
    const a = (6.283185307179586 * k) / 32;
    maxR = Math.max(maxR, blobReach(h, dcos(a), dsin(a)));
  }
  maxR *= 1.05;
  const cs = hm.cellSize;
  const i0 = clamp(Math.floor((h.centre.x - maxR - hm.originX) / cs), 0, hm.cols - 1);
  const i1 = clamp(Math.ceil((h.centre.x + maxR - hm.originX) / cs), 0, hm.cols - 1);
  const j0 = clamp(Math.floor((h.centre.y - maxR - hm.originY) / cs), 0, hm.rows - 1);
  const j1 = clamp(Math.ceil((h.centre.y + maxR - hm.originY) / cs), 0, hm.rows - 1);
  const mixed = h.faces.length > 0;
  for (let j = j0; j <= j1; j++) {
    const y = hm.originY + j * cs;
    for (let i = i0; i <= i1; i++) {
      const x = hm.originX + i * cs;
      const vx = x - h.centre.x;
      const vy = y - h.centre.y;
      const dist = Math.sqrt(vx * vx + vy * vy);
      const ux = dist > 0 ? vx / dist : 1;
      const uy = dist > 0 ? vy / dist : 0;
      const reach = blobReach(h, ux, uy);
      if (dist >= reach) continue;
      let band = HILL_BAND[h.gradient];
      if (mixed) {
        const deg = (datan2(uy, ux) * 180) / 3.141592653589793;
        band = 0;
        for (let k = -2; k <= 2; k++) band += bandAt(h, deg + 5 * k) / 5;
      }
      band = Math.min(band, 0.9 * reach);
      const d = reach - dist;
      let rise: number;
      if (h.shape === 'flatTopped') rise = h.crest * smoothstep(d / band);
      else rise = 0.85 * h.crest * smoothstep(d / band) + 0.15 * h.crest * smoothstep((d - band) / (reach - band));
      hm.heights[j * hm.cols + i] = hm.heights[j * hm.cols + i]! + rise;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Raised roads

/**
 * Raise a causeway along a road: its top `road.raised` above the ground under its centre line
 * (smoothed along it), flat across the road's width, with sides falling over `shoulder` mm. Only
 * ever raises the ground.
 */
export function raiseRoad(hm: Heightmap, road: RoadFeature, shoulder: number): void {
  const height = road.raised ?? 0;
  if (!(height > 0) || road.line.length < 2) return;
  const line = road.line;
  const half = road.width / 2;
  const reach = half + shoulder;
  const ground = line.map((p) => heightAt(hm, p.x, p.y));
  const top = ground.map((_, k) => {
    let sum = 0;
    let n = 0;
    for (let m = Math.max(0, k - 2); m <= Math.min(line.length - 1, k + 2); m++) {
      sum += ground[m]!;
      n++;
    }
    return sum / n + height;
  });
  forCellsNearLine(hm, line, top, reach, (idx, d, topHere) => {
    const orig = hm.heights[idx]!;
    const t = d <= half ? 0 : (d - half) / shoulder;
    const target = topHere + (orig - topHere) * smoothstep(t);
    if (target > orig) hm.heights[idx] = target;
  });
}
