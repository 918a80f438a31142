/**
 * Gradient classes of hills (gentle, normal, steep, very steep, sheer: horse-and-musket B §4.3),
 * either set on a hill feature by whoever laid it or read from the heightmap's slope.
 *
 * Thresholds, as rise over run of the ground (slopeAt). The digest's heightmap guidance (B §4.3)
 * gives each class a crest height and the width of its slope band, so a mean slope:
 *   gentle 0.5" over 4" or more: up to 0.125;  normal 1" over 2-4": 0.25-0.5;
 *   steep 1.5" over 1-2": 0.75-1.5;             very steep 2" over 0.5-1": 2-4;
 *   sheer: a face under 0.25" wide: over 4.
 * The boundaries sit between those bands, near their geometric means:
 *   level < 0.05 (3°) <= gentle < 0.18 (10°) <= normal < 0.6 (31°) <= steep < 1.7 (60°)
 *   <= very steep < 4 (76°) <= sheer.
 * (0.6 is also where the one-page ruleset's "steep slope" starts; syw-orders' proposal A68 puts its
 * type 0 / 1 / 2 boundaries at 8° and 15°, which rulesets can apply to slopeAt themselves.)
 *
 * The grid limits what can be read: a step of height H between two samples shows as a slope of at
 * most H / (2 cells) by central differences, so on a 10 mm grid a 1" cliff reads as steep and a 2"
 * one as very steep. Sheer faces therefore come from the feature (`gradient` or `faces`), or from
 * grids fine enough to hold them.
 */

import type { Vec2 } from '../core/geometry';
import type { Battlefield } from './battlefield';
import type { GradientClass, HillFace, HillFeature } from './features';
import { slopeAt } from './heightmap';
import { containsPoint, polygonCrossings, terrainIndex } from './spatial';

/** Lower bound of each class, rise over run (see the file comment for where they come from). */
export const GRADIENT_THRESHOLDS: { readonly [G in GradientClass]: number } = {
  gentle: 0.05,
  normal: 0.18,
  steep: 0.6,
  verySteep: 1.7,
  sheer: 4,
};

/** 'level' is ground too flat to count as a slope at all. */
export type GroundGradient = GradientClass | 'level';

/** The class of a slope, rise over run. */
export function gradientOfSlope(slope: number): GroundGradient {
  const t = GRADIENT_THRESHOLDS;
  if (slope >= t.sheer) return 'sheer';
  if (slope >= t.verySteep) return 'verySteep';
  if (slope >= t.steep) return 'steep';
  if (slope >= t.normal) return 'normal';
  if (slope >= t.gentle) return 'gentle';
  return 'level';
}

const RANK: { readonly [G in GroundGradient]: number } = { level: 0, gentle: 1, normal: 2, steep: 3, verySteep: 4, sheer: 5 };

/** The steeper of two classes. */
export function steeper(a: GroundGradient, b: GroundGradient): GroundGradient {
  return RANK[a] >= RANK[b] ? a : b;
}

/** Sectors a hill's slope is read in, each 15°. */
export const HILL_SECTORS = 24;
const SECTOR_DEG = 360 / HILL_SECTORS;

const faceCache = new WeakMap<Battlefield, Map<string, GroundGradient[]>>();

/**
 * The class of each of a hill's 24 sectors of 15° (sector k runs from 15k° to 15(k+1)°,
 * counter-clockwise from +x, seen from the hill's centre). Set classes win (`faces` over
 * `gradient`); otherwise a sector takes the class of the steepest slope found on the heightmap
 * along the ray from the centre to the outline through the sector's middle (leaving out the
 * summit's own cell, whose slope mixes every face), so a whole face has one class, as on the
 * tabletop, and its flat summit shares it.
 */
export function hillFaces(bf: Battlefield, hill: HillFeature): GroundGradient[] {
  let perBf = faceCache.get(bf);
  if (!perBf) {
    perBf = new Map();
    faceCache.set(bf, perBf);
  }
  const hit = perBf.get(hill.id);
  if (hit) return hit;
  const out: GroundGradient[] = [];
  for (let k = 0; k < HILL_SECTORS; k++) {
    const mid = (k + 0.5) * SECTOR_DEG;
    out.push(faceAt(hill.faces, mid) ?? hill.gradient ?? readFace(bf, hill, mid));
  }
  perBf.set(hill.id, out);
  return out;
}

function faceAt(faces: readonly HillFace[] | undefined, deg: number): GradientClass | undefined {
  if (!faces) return undefined;
  for (const f of faces) {
    // Angles may run past 360 (a face from 330 to 390); compare on the turn after `from`.
    const rel = (((deg - f.from) % 360) + 360) % 360;
    if (rel < f.to - f.from) return f.gradient;
  }
  return undefined;
}

function readFace(bf: Battlefield, hill: HillFeature, deg: number): GroundGradient {
  const hm = bf.heightmap;
  const a = (deg * Math.PI) / 180;
  const dx = Math.cos(a);
  const dy = Math.sin(a);
  const poly = new Float64Array(hill.polygon.length * 2);
  hill.polygon.forEach((p, i) => {
    poly[2 * i] = p.x;
    poly[2 * i + 1] = p.y;
  });
  const cross = new Float64Array(hill.polygon.length + 2);
  const n = polygonCrossings(poly, hill.centre.x, hill.centre.y, dx, dy, cross, 0);
  // The outline's nearest crossing ahead of the centre (an outline that does not hold its centre
  // has none; fall back on the mean radius).
  let reach = Infinity;
  for (let k = 0; k < n; k++) if (cross[k]! > 0 && cross[k]! < reach) reach = cross[k]!;
  if (reach === Infinity) reach = hill.radius;
  const step = hm.cellSize / 2;
  let steepest = 0;
  for (let d = hm.cellSize; d <= reach; d += step) steepest = Math.max(steepest, slopeAt(hm, hill.centre.x + dx * d, hill.centre.y + dy * d));
  return gradientOfSlope(steepest);
}

/** The innermost hill holding p (the smallest, for hills stacked on hills), or undefined. */
export function hillAt(bf: Battlefield, p: Vec2): HillFeature | undefined {
  let best: HillFeature | undefined;
  for (const cf of terrainIndex(bf).features) {
    const f = cf.feature;
    if (f.kind !== 'hill' || !containsPoint(cf, p.x, p.y)) continue;
    if (!best || f.radius < best.radius) best = f;
  }
  return best;
}

/**
 * Horse-and-musket's discrete level at p (B §4.3): 0 on open ground, and one more for each hill
 * footprint that holds p (a hill on a hill is level 2). The heightmap does not enter into it.
 */
export function hillLevelAt(bf: Battlefield, p: Vec2): number {
  let n = 0;
  for (const cf of terrainIndex(bf).features) if (cf.feature.kind === 'hill' && containsPoint(cf, p.x, p.y)) n++;
  return n;
}

/**
 * The gradient class of the ground at p. On a hill (the innermost one holding p): the class of the
 * face towards p, from hillFaces. Elsewhere: the local slope's class, 'level' when under 0.05.
 * An imported heightmap with no hill features is read wholly by local slope.
 */
export function gradientClassAt(bf: Battlefield, p: Vec2): GroundGradient {
  const hill = hillAt(bf, p);
  if (!hill) return gradientOfSlope(slopeAt(bf.heightmap, p.x, p.y));
  const faces = hillFaces(bf, hill);
  const dx = p.x - hill.centre.x;
  const dy = p.y - hill.centre.y;
  let deg = dx === 0 && dy === 0 ? 0 : (Math.atan2(dy, dx) * 180) / Math.PI;
  if (deg < 0) deg += 360;
  return faces[Math.min(HILL_SECTORS - 1, Math.floor(deg / SECTOR_DEG))]!;
}
