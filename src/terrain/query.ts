/**
 * What terrain lies at a point or along a straight path: the questions movement and the rules ask
 * ("is this stand in a wood?", "how much of this move is through the river?").
 */

import type { Vec2 } from '../core/geometry';
import type { Battlefield } from './battlefield';
import type { TerrainFeature } from './features';
import { boundsMeetSegment, cellOf, containsPoint, featureIntervals, terrainIndex } from './spatial';

/** Default spacing of sampleSegment, mm: a fifth of an inch. */
export const DEFAULT_SAMPLE_STEP = 5;

/** Features covering p: inside an area's outline, or within half the width of a linear feature. */
export function featuresAt(bf: Battlefield, p: Vec2): TerrainFeature[] {
  const idx = terrainIndex(bf);
  const cell = cellOf(idx, p.x, p.y);
  const out: TerrainFeature[] = [];
  if (cell < 0) return out;
  for (let k = idx.cellStart[cell]!; k < idx.cellStart[cell + 1]!; k++) {
    const cf = idx.features[idx.cellItems[k]!]!;
    if (containsPoint(cf, p.x, p.y)) out.push(cf.feature);
  }
  return out;
}

export interface SegmentSample {
  /** Fraction of the way from a to b. */
  t: number;
  p: Vec2;
  features: TerrainFeature[];
}

/** Evenly spaced samples from a to b inclusive, no more than `step` mm apart. */
export function sampleSegment(bf: Battlefield, a: Vec2, b: Vec2, step = DEFAULT_SAMPLE_STEP): SegmentSample[] {
  if (!(step > 0)) throw new RangeError(`sampleSegment needs a positive step, got ${step}`);
  const len = Math.sqrt((b.x - a.x) ** 2 + (b.y - a.y) ** 2);
  const n = Math.ceil(len / step);
  const out: SegmentSample[] = [];
  for (let k = 0; k <= n; k++) {
    const t = n === 0 ? 0 : k / n;
    const p = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
    out.push({ t, p, features: featuresAt(bf, p) });
  }
  return out;
}

/**
 * The parts of segment a-b inside any feature that matches, as sorted, non-overlapping
 * [t0, t1] pairs of fractions along the segment. Exact, not sampled.
 */
export function coveredIntervals(
  bf: Battlefield,
  a: Vec2,
  b: Vec2,
  predicate: (f: TerrainFeature) => boolean,
): [number, number][] {
  const idx = terrainIndex(bf);
  const raw: number[] = [];
  for (const cf of idx.features) {
    if (!boundsMeetSegment(cf, a.x, a.y, b.x, b.y) || !predicate(cf.feature)) continue;
    featureIntervals(cf, a.x, a.y, b.x, b.y, raw);
  }
  const pairs: [number, number][] = [];
  for (let k = 0; k + 1 < raw.length; k += 2) pairs.push([raw[k]!, raw[k + 1]!]);
  pairs.sort((p, q) => p[0] - q[0]);
  // Overlapping features (a road through a wood) must not count twice.
  const merged: [number, number][] = [];
  for (const iv of pairs) {
    const last = merged[merged.length - 1];
    if (last && iv[0] <= last[1]) last[1] = Math.max(last[1], iv[1]);
    else merged.push([iv[0], iv[1]]);
  }
  return merged;
}

/** Millimetres of segment a-b covered by features that match (overlaps counted once). */
export function lengthInside(bf: Battlefield, a: Vec2, b: Vec2, predicate: (f: TerrainFeature) => boolean): number {
  const len = Math.sqrt((b.x - a.x) ** 2 + (b.y - a.y) ** 2);
  if (len === 0) return 0;
  let sum = 0;
  for (const [t0, t1] of coveredIntervals(bf, a, b, predicate)) sum += t1 - t0;
  return sum * len;
}
