/**
 * Table geometry for things that travel along a line: how far a ray runs before it meets a
 * rectangle, how wide the clear passage is either side of a path (narrow gaps and defiles), and
 * where a shot that falls short at its maximum range lands. Rulesets supply the obstacles through
 * callbacks, so the same code measures gaps between woods, ponds, bridges' parapets and units.
 */

import { clipSegmentToRect, direction, pointInRect, pointRectDistance, type OrientedRect, type Vec2 } from './geometry';
import { datan2, dhypot } from './detmath';

/** Distance along a ray from `origin` in unit direction `dir` to the first of `rects` it enters, within `maxLen`; null when none. */
export function rayToRects(origin: Vec2, dir: Vec2, maxLen: number, rects: readonly OrientedRect[]): number | null {
  const end = { x: origin.x + dir.x * maxLen, y: origin.y + dir.y * maxLen };
  let best: number | null = null;
  for (const r of rects) {
    if (pointInRect(r, origin)) return 0;
    const c = clipSegmentToRect(origin, end, r);
    if (c === null) continue;
    const d = c[0] * maxLen;
    if (best === null || d < best) best = d;
  }
  return best;
}

/** How far a ray from a point runs before it meets an obstacle, and what that obstacle is; null when clear within `maxLen`. */
export type ClearanceProbe = (from: Vec2, dir: Vec2, maxLen: number) => { distance: number; what: string } | null;

export interface Passage {
  /** Clear width across the path at its narrowest, mm. */
  width: number;
  /** Where along the path the narrowest width lies (a point of the path). */
  at: Vec2;
  /** Distance along the path from its start to `at`, mm. */
  along: number;
  /** What bounds the passage on the left and on the right of the direction of travel. */
  left: string;
  right: string;
}

export interface PassageOptions {
  /** Passages at least this wide are no concern, mm: rays look no further than it, in all. */
  reach: number;
  /** Spacing of the cross-sections along the path, mm. */
  step: number;
}

/** A passage's cross-section at one point of a path: how wide it is there, and what bounds it. */
function* passageSections(a: Vec2, b: Vec2, probe: ClearanceProbe, opts: PassageOptions): Generator<Passage> {
  const len = dhypot(b.x - a.x, b.y - a.y);
  const heading = len > 1e-9 ? datan2(b.y - a.y, b.x - a.x) : 0;
  const fwd = direction(heading);
  const leftDir = { x: -fwd.y, y: fwd.x };
  const rightDir = { x: fwd.y, y: -fwd.x };
  const n = Math.max(1, Math.ceil(len / opts.step));
  for (let k = 0; k <= n; k++) {
    const along = (len * k) / n;
    const p = { x: a.x + fwd.x * along, y: a.y + fwd.y * along };
    const l = probe(p, leftDir, opts.reach);
    if (!l || l.distance <= 0 || l.distance >= opts.reach) continue;
    const r = probe(p, rightDir, opts.reach - l.distance);
    if (!r || r.distance <= 0) continue;
    const width = l.distance + r.distance;
    if (width >= opts.reach) continue;
    yield { width, at: p, along, left: l.what, right: r.what };
  }
}

/**
 * The narrowest passage a path from `a` to `b` goes through: at cross-sections every `step` along
 * it, rays run left and right, square to the path, until they meet an obstacle; the passage there
 * is the sum of the two. Only passages narrower than `reach` count (so the right-hand ray looks only
 * as far as the left one leaves), and a section whose point is inside an obstacle is a collision,
 * not a gap, and is skipped. Null when the path passes through no passage narrower than `reach`.
 */
export function narrowestPassage(a: Vec2, b: Vec2, probe: ClearanceProbe, opts: PassageOptions): Passage | null {
  let best: Passage | null = null;
  for (const section of passageSections(a, b, probe, opts)) {
    if (!best || section.width < best.width - 1e-9) best = section;
  }
  return best;
}

/**
 * The first cross-section along the path from `a` to `b` narrower than `width` (the mouth of a gap
 * too narrow for something), measured as `narrowestPassage` measures; null when there is none.
 */
export function firstPassageNarrower(a: Vec2, b: Vec2, probe: ClearanceProbe, opts: PassageOptions, width: number): Passage | null {
  for (const section of passageSections(a, b, probe, opts)) if (section.width < width) return section;
  return null;
}

/** The point `range` from `origin` toward `toward` (a shot that falls at its maximum range). */
export function pointAtRange(origin: Vec2, toward: Vec2, range: number): Vec2 {
  const d = dhypot(toward.x - origin.x, toward.y - origin.y);
  if (d < 1e-9) return { ...origin };
  return { x: origin.x + ((toward.x - origin.x) / d) * range, y: origin.y + ((toward.y - origin.y) / d) * range };
}

/** The item whose rectangle is nearest to `p` and no further than `radius` from it (ties: the first); null when none is. */
export function nearestRectWithin<T>(p: Vec2, items: readonly T[], rectOf: (item: T) => OrientedRect, radius: number): { item: T; distance: number } | null {
  let best: { item: T; distance: number } | null = null;
  for (const item of items) {
    const d = pointRectDistance(rectOf(item), p);
    if (d <= radius + 1e-9 && (!best || d < best.distance - 1e-9)) best = { item, distance: d };
  }
  return best;
}
