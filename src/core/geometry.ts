/**
 * Table geometry. Everything is in millimetres on the table plane: x to the right, y away from the
 * player, z up. Angles are radians, counter-clockwise from +x; a facing of π/2 looks up the table.
 */

import { datan2, dcos, dhypot, dsin, dtan } from './detmath';

export interface Vec2 {
  x: number;
  y: number;
}

export interface Vec3 extends Vec2 {
  z: number;
}

export const vec = (x: number, y: number): Vec2 => ({ x, y });
export const add = (a: Vec2, b: Vec2): Vec2 => ({ x: a.x + b.x, y: a.y + b.y });
export const sub = (a: Vec2, b: Vec2): Vec2 => ({ x: a.x - b.x, y: a.y - b.y });
export const scale = (a: Vec2, k: number): Vec2 => ({ x: a.x * k, y: a.y * k });
export const dot = (a: Vec2, b: Vec2): number => a.x * b.x + a.y * b.y;
export const cross = (a: Vec2, b: Vec2): number => a.x * b.y - a.y * b.x;
export const length = (a: Vec2): number => dhypot(a.x, a.y);
export const distance = (a: Vec2, b: Vec2): number => dhypot(a.x - b.x, a.y - b.y);
export const lerp = (a: Vec2, b: Vec2, t: number): Vec2 => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
export const direction = (angle: number): Vec2 => ({ x: dcos(angle), y: dsin(angle) });
export const angleOf = (v: Vec2): number => datan2(v.y, v.x);

export function normalize(a: Vec2): Vec2 {
  const l = length(a);
  return l === 0 ? { x: 0, y: 0 } : { x: a.x / l, y: a.y / l };
}

/** Rotate v by angle about the origin. */
export function rotate(v: Vec2, angle: number): Vec2 {
  const c = dcos(angle);
  const s = dsin(angle);
  return { x: v.x * c - v.y * s, y: v.x * s + v.y * c };
}

/** Wrap an angle into (-π, π]. */
export function wrapAngle(a: number): number {
  let r = a % (2 * Math.PI);
  if (r <= -Math.PI) r += 2 * Math.PI;
  if (r > Math.PI) r -= 2 * Math.PI;
  return r;
}

export const degrees = (rad: number): number => (rad * 180) / Math.PI;
export const radians = (deg: number): number => (deg * Math.PI) / 180;

/**
 * An oriented rectangle: a stand or a unit's footprint. `facing` is the direction its front looks;
 * `width` is the frontage and `depth` runs front to back.
 */
export interface OrientedRect {
  cx: number;
  cy: number;
  facing: number;
  width: number;
  depth: number;
}

/** Local frame of a rectangle: forward along the facing, right-hand lateral axis. */
export function rectAxes(r: OrientedRect): { forward: Vec2; right: Vec2 } {
  const forward = direction(r.facing);
  return { forward, right: { x: forward.y, y: -forward.x } };
}

/** Corners in order front-left, front-right, rear-right, rear-left. */
export function corners(r: OrientedRect): [Vec2, Vec2, Vec2, Vec2] {
  const { forward, right } = rectAxes(r);
  const c = { x: r.cx, y: r.cy };
  const f = scale(forward, r.depth / 2);
  const s = scale(right, r.width / 2);
  return [add(sub(c, s), f), add(add(c, s), f), sub(add(c, s), f), sub(sub(c, s), f)];
}

export function frontCentre(r: OrientedRect): Vec2 {
  return add({ x: r.cx, y: r.cy }, scale(direction(r.facing), r.depth / 2));
}

/** A point in the rectangle's local frame: f forward from the centre, l to the right. */
export function toLocal(r: OrientedRect, p: Vec2): { f: number; l: number } {
  const { forward, right } = rectAxes(r);
  const d = sub(p, { x: r.cx, y: r.cy });
  return { f: dot(d, forward), l: dot(d, right) };
}

export function fromLocal(r: OrientedRect, f: number, l: number): Vec2 {
  const { forward, right } = rectAxes(r);
  return add(add({ x: r.cx, y: r.cy }, scale(forward, f)), scale(right, l));
}

export function pointInRect(r: OrientedRect, p: Vec2, epsilon = 1e-9): boolean {
  const { f, l } = toLocal(r, p);
  return Math.abs(f) <= r.depth / 2 + epsilon && Math.abs(l) <= r.width / 2 + epsilon;
}

/**
 * A rectangle's axes and corners, written into `out` from `at` on: forward (x, y), right (x, y), then
 * the corners front-left, front-right, rear-right, rear-left. The same arithmetic as `corners`, with
 * no objects made: the overlap and distance tests run for every unit at every step of every move.
 */
function frameInto(r: OrientedRect, out: Float64Array, at: number): void {
  const fx = dcos(r.facing);
  const fy = dsin(r.facing);
  const rx = fy;
  const ry = -fx;
  const hfx = fx * (r.depth / 2);
  const hfy = fy * (r.depth / 2);
  const hsx = rx * (r.width / 2);
  const hsy = ry * (r.width / 2);
  out[at] = fx;
  out[at + 1] = fy;
  out[at + 2] = rx;
  out[at + 3] = ry;
  out[at + 4] = r.cx - hsx + hfx;
  out[at + 5] = r.cy - hsy + hfy;
  out[at + 6] = r.cx + hsx + hfx;
  out[at + 7] = r.cy + hsy + hfy;
  out[at + 8] = r.cx + hsx - hfx;
  out[at + 9] = r.cy + hsy - hfy;
  out[at + 10] = r.cx - hsx - hfx;
  out[at + 11] = r.cy - hsy - hfy;
}

/** Scratch frames of the two rectangles a test compares (see frameInto). */
const FRAMES = new Float64Array(24);

/** Whether every corner of the rectangle lies within 0..width and 0..depth (the corners as `corners` gives them, none made). */
export function rectWithin(r: OrientedRect, width: number, depth: number): boolean {
  const k = FRAMES;
  frameInto(r, k, 0);
  for (let i = 4; i < 12; i += 2) if (!(k[i]! >= 0 && k[i + 1]! >= 0 && k[i]! <= width && k[i + 1]! <= depth)) return false;
  return true;
}

/** The separation of the two framed rectangles' corners along an axis: positive when apart. */
function gapAlong(k: Float64Array, ax: number, ay: number): number {
  const a0 = k[4]! * ax + k[5]! * ay;
  const a1 = k[6]! * ax + k[7]! * ay;
  const a2 = k[8]! * ax + k[9]! * ay;
  const a3 = k[10]! * ax + k[11]! * ay;
  const b0 = k[16]! * ax + k[17]! * ay;
  const b1 = k[18]! * ax + k[19]! * ay;
  const b2 = k[20]! * ax + k[21]! * ay;
  const b3 = k[22]! * ax + k[23]! * ay;
  return Math.max(Math.min(b0, b1, b2, b3) - Math.max(a0, a1, a2, a3), Math.min(a0, a1, a2, a3) - Math.max(b0, b1, b2, b3));
}

/** Separating-axis test. Touching edges do not count as overlap (stands in contact are legal). */
export function rectsOverlap(a: OrientedRect, b: OrientedRect, tolerance = 0.01): boolean {
  // Cheap early-out on the bounding circles: most pairs on a table are far apart.
  if (boxedApart(a, b)) return false;
  frameInto(a, FRAMES, 0);
  frameInto(b, FRAMES, 12);
  return framedOverlap(FRAMES, tolerance);
}

/** Whether the squares around two rectangles' bounding circles keep them apart. */
function boxedApart(a: OrientedRect, b: OrientedRect): boolean {
  const reach = (Math.sqrt(a.width * a.width + a.depth * a.depth) + Math.sqrt(b.width * b.width + b.depth * b.depth)) / 2;
  return Math.abs(a.cx - b.cx) > reach || Math.abs(a.cy - b.cy) > reach;
}

/** The separating-axis test of rectsOverlap on two rectangles already framed into k. */
function framedOverlap(k: Float64Array, tolerance: number): boolean {
  if (gapAlong(k, k[0]!, k[1]!) >= -tolerance) return false;
  if (gapAlong(k, k[2]!, k[3]!) >= -tolerance) return false;
  if (gapAlong(k, k[12]!, k[13]!) >= -tolerance) return false;
  if (gapAlong(k, k[14]!, k[15]!) >= -tolerance) return false;
  return true;
}

/**
 * Whether two rectangles are certainly more than `gap` apart, judged from their bounding circles
 * alone: a cheap test that spares rectDistance for the many pairs far apart. A micron of slack keeps
 * it from ever answering yes where rectDistance would say no.
 */
export function rectsFartherThan(a: OrientedRect, b: OrientedRect, gap: number): boolean {
  const reach = gap + (Math.sqrt(a.width * a.width + a.depth * a.depth) + Math.sqrt(b.width * b.width + b.depth * b.depth)) / 2 + 0.001;
  if (!(reach >= 0)) return false;
  const dx = a.cx - b.cx;
  const dy = a.cy - b.cy;
  return dx * dx + dy * dy > reach * reach;
}

export function closestPointOnSegment(p: Vec2, a: Vec2, b: Vec2): Vec2 {
  const ab = sub(b, a);
  const len2 = dot(ab, ab);
  if (len2 === 0) return a;
  const t = Math.max(0, Math.min(1, dot(sub(p, a), ab) / len2));
  return add(a, scale(ab, t));
}

export function pointSegmentDistance(p: Vec2, a: Vec2, b: Vec2): number {
  return distance(p, closestPointOnSegment(p, a, b));
}

export function segmentsIntersect(a: Vec2, b: Vec2, c: Vec2, d: Vec2): boolean {
  const d1 = cross(sub(b, a), sub(c, a));
  const d2 = cross(sub(b, a), sub(d, a));
  const d3 = cross(sub(d, c), sub(a, c));
  const d4 = cross(sub(d, c), sub(b, c));
  return d1 * d2 < 0 && d3 * d4 < 0;
}

export function segmentDistance(a: Vec2, b: Vec2, c: Vec2, d: Vec2): number {
  if (segmentsIntersect(a, b, c, d)) return 0;
  return Math.min(
    pointSegmentDistance(a, c, d),
    pointSegmentDistance(b, c, d),
    pointSegmentDistance(c, a, b),
    pointSegmentDistance(d, a, b),
  );
}

function edges(r: OrientedRect): [Vec2, Vec2][] {
  const c = corners(r);
  return [
    [c[0], c[1]],
    [c[1], c[2]],
    [c[2], c[3]],
    [c[3], c[0]],
  ];
}

/** Distance from (px, py) to segment a-b: pointSegmentDistance's arithmetic on plain numbers. */
export function pointSegDist(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  return Math.sqrt(pointSegDist2(px, py, ax, ay, bx, by));
}

/** Whether segments a-b and c-d cross: segmentsIntersect's arithmetic on plain numbers. */
function segsCross(ax: number, ay: number, bx: number, by: number, cx: number, cy: number, dx: number, dy: number): boolean {
  const d1 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  const d2 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax);
  const d3 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx);
  const d4 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

/** The square of the distance from (px, py) to segment a-b (pointSegDist is its root). */
function pointSegDist2(px: number, py: number, ax: number, ay: number, bx: number, by: number): number {
  const abx = bx - ax;
  const aby = by - ay;
  const len2 = abx * abx + aby * aby;
  let qx = ax;
  let qy = ay;
  if (len2 !== 0) {
    const t = Math.max(0, Math.min(1, ((px - ax) * abx + (py - ay) * aby) / len2));
    qx = ax + abx * t;
    qy = ay + aby * t;
  }
  const dx = px - qx;
  const dy = py - qy;
  return dx * dx + dy * dy;
}

/** The least square distance from the corners framed at `from` to the edges framed at `to` (each edge corner i to i + 1). */
function cornersToEdges2(k: Float64Array, from: number, to: number): number {
  let best = Infinity;
  for (let i = 0; i < 4; i++) {
    const px = k[from + 2 * i]!;
    const py = k[from + 2 * i + 1]!;
    for (let j = 0; j < 4; j++) {
      const r = to + 2 * j;
      const s = to + 2 * ((j + 1) % 4);
      best = Math.min(best, pointSegDist2(px, py, k[r]!, k[r + 1]!, k[s]!, k[s + 1]!));
    }
  }
  return best;
}

/**
 * Horizontal distance between the closest points of two rectangles; 0 when they touch or overlap.
 * Measured as the least segmentDistance between their edges (0 for edges that cross, else the least
 * distance from an end of one edge to the other), with the least square rooted once: the square root
 * is correctly rounded, so it keeps the order, and the same number comes out with no root per pair.
 */
export function rectDistance(a: OrientedRect, b: OrientedRect): number {
  const k = FRAMES;
  frameInto(a, k, 0);
  frameInto(b, k, 12);
  // rectsOverlap(a, b, 0) on the same frames.
  if (!boxedApart(a, b) && framedOverlap(k, 0)) return 0;
  // Edges front, right, rear, left: corner i to corner i + 1.
  for (let i = 0; i < 4; i++) {
    const p = 4 + 2 * i;
    const q = 4 + 2 * ((i + 1) % 4);
    for (let j = 0; j < 4; j++) {
      const r = 16 + 2 * j;
      const s = 16 + 2 * ((j + 1) % 4);
      if (segsCross(k[p]!, k[p + 1]!, k[q]!, k[q + 1]!, k[r]!, k[r + 1]!, k[s]!, k[s + 1]!)) return 0;
    }
  }
  return Math.sqrt(Math.min(cornersToEdges2(k, 4, 16), cornersToEdges2(k, 16, 4)));
}

export function pointRectDistance(r: OrientedRect, p: Vec2): number {
  return pointRectDistanceAt(r, dcos(r.facing), dsin(r.facing), p.x, p.y);
}

/**
 * pointRectDistance to (x, y), given the cosine and sine of the rectangle's facing: for asking about
 * many points against one rectangle (an influence map's cells) without the trigonometry each time.
 */
export function pointRectDistanceAt(r: OrientedRect, c: number, s: number, x: number, y: number): number {
  // In the rectangle's own frame the distance is to an axis-aligned box: no edges to walk.
  const dx = x - r.cx;
  const dy = y - r.cy;
  const f = Math.abs(dx * c + dy * s) - r.depth / 2;
  const l = Math.abs(dx * s - dy * c) - r.width / 2;
  const ef = f > 0 ? f : 0;
  const el = l > 0 ? l : 0;
  return Math.sqrt(ef * ef + el * el);
}

/** Closest point of a rectangle's outline (or the point itself when inside) to p. */
export function closestPointOnRect(r: OrientedRect, p: Vec2): Vec2 {
  if (pointInRect(r, p)) return p;
  let best = p;
  let bestD = Infinity;
  for (const [a, b] of edges(r)) {
    const q = closestPointOnSegment(p, a, b);
    const d = distance(p, q);
    if (d < bestD) {
      bestD = d;
      best = q;
    }
  }
  return best;
}

export type Arc = 'front' | 'flank' | 'rear';

/**
 * Which arc of `r` the point lies in, by the bearing from the rectangle's centre: front within
 * `frontHalfAngle` of the facing, rear within the same angle of the back, flank between.
 */
export function arcOf(r: OrientedRect, p: Vec2, frontHalfAngle = Math.PI / 4): Arc {
  const bearing = Math.abs(wrapAngle(angleOf(sub(p, { x: r.cx, y: r.cy })) - r.facing));
  if (bearing <= frontHalfAngle + 1e-9) return 'front';
  if (bearing >= Math.PI - frontHalfAngle - 1e-9) return 'rear';
  return 'flank';
}

/**
 * True when p lies in the zone ahead of the front edge, bounded by lines at `halfAngle` outward from
 * each front corner: the usual tabletop "front arc" of a unit with a wide frontage.
 */
export function pointInFrontZone(r: OrientedRect, p: Vec2, halfAngle: number): boolean {
  const { f, l } = toLocal(r, p);
  const ahead = f - r.depth / 2;
  if (ahead < -1e-6) return false;
  return Math.abs(l) <= r.width / 2 + ahead * dtan(halfAngle) + 1e-6;
}

/**
 * True when any part of `target` lies in the front zone of `r` (sampled on corners, edge quarter
 * points and centre). pointInFrontZone's arithmetic on plain numbers, the samples in the same order
 * and with no objects made: every target listing and fire forecast asks it of many pairs.
 */
export function rectInFrontZone(r: OrientedRect, target: OrientedRect, halfAngle: number): boolean {
  const k = FRAMES;
  frameInto(target, k, 0);
  const fx = dcos(r.facing);
  const fy = dsin(r.facing);
  const spread = dtan(halfAngle);
  for (let i = 0; i < 4; i++) if (inFrontZoneAt(r, fx, fy, spread, k[4 + 2 * i]!, k[5 + 2 * i]!)) return true;
  if (inFrontZoneAt(r, fx, fy, spread, target.cx, target.cy)) return true;
  for (let i = 0; i < 4; i++) {
    const ax = k[4 + 2 * i]!;
    const ay = k[5 + 2 * i]!;
    const bx = k[4 + 2 * ((i + 1) % 4)]!;
    const by = k[5 + 2 * ((i + 1) % 4)]!;
    for (let q = 1; q <= 3; q++) {
      const t = q * 0.25;
      if (inFrontZoneAt(r, fx, fy, spread, ax + (bx - ax) * t, ay + (by - ay) * t)) return true;
    }
  }
  return false;
}

/** pointInFrontZone for (x, y), given the cosine and sine of the rectangle's facing and the tangent of the half angle. */
function inFrontZoneAt(r: OrientedRect, fx: number, fy: number, spread: number, x: number, y: number): boolean {
  const dx = x - r.cx;
  const dy = y - r.cy;
  const ahead = dx * fx + dy * fy - r.depth / 2;
  if (ahead < -1e-6) return false;
  return Math.abs(dx * fy + dy * -fx) <= r.width / 2 + ahead * spread + 1e-6;
}

/** Axis-aligned bounds of a set of points. */
export function bounds(points: readonly Vec2[]): { minX: number; minY: number; maxX: number; maxY: number } {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  return { minX, minY, maxX, maxY };
}

/** Even-odd point-in-polygon test. */
export function pointInPolygon(p: Vec2, poly: readonly Vec2[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const b = poly[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** Distance from p to a polyline (open). */
export function pointPolylineDistance(p: Vec2, line: readonly Vec2[]): number {
  let best = Infinity;
  for (let i = 0; i + 1 < line.length; i++) best = Math.min(best, pointSegmentDistance(p, line[i]!, line[i + 1]!));
  return best;
}

/** Rotate p about `pivot` by `angle` (counter-clockwise). */
export function rotateAbout(p: Vec2, pivot: Vec2, angle: number): Vec2 {
  return add(pivot, rotate(sub(p, pivot), angle));
}

/**
 * The part of segment a→b inside the rectangle, as parameters [t0, t1] along it (0 at a, 1 at b), or
 * null when the segment misses it. `inset` shrinks the rectangle on every side (negative grows it).
 * A segment that only touches the outline gives t0 = t1.
 */
export function clipSegmentToRect(a: Vec2, b: Vec2, r: OrientedRect, inset = 0): [number, number] | null {
  const hd = r.depth / 2 - inset;
  const hw = r.width / 2 - inset;
  if (hd < 0 || hw < 0) return null;
  const la = toLocal(r, a);
  const lb = toLocal(r, b);
  let t0 = 0;
  let t1 = 1;
  // Liang–Barsky against |f| <= hd and |l| <= hw in the rectangle's own frame.
  const clips: [number, number][] = [
    [-(lb.f - la.f), la.f + hd],
    [lb.f - la.f, hd - la.f],
    [-(lb.l - la.l), la.l + hw],
    [lb.l - la.l, hw - la.l],
  ];
  for (const [p, q] of clips) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const t = q / p;
    if (p < 0) {
      if (t > t1) return null;
      if (t > t0) t0 = t;
    } else {
      if (t < t0) return null;
      if (t < t1) t1 = t;
    }
  }
  return [t0, t1];
}

/**
 * True when segment a→b passes through the interior of the rectangle, deeper than `inset` inside every
 * edge: a segment that touches a corner or runs along an edge does not count.
 */
export function segmentCrossesRect(a: Vec2, b: Vec2, r: OrientedRect, inset = 0.01): boolean {
  const c = clipSegmentToRect(a, b, r, inset);
  if (c === null) return false;
  if (a.x === b.x && a.y === b.y) return true;
  return c[1] > c[0];
}

/** Distance between segment a→b and the rectangle; 0 when they touch or cross. */
export function segmentRectDistance(a: Vec2, b: Vec2, r: OrientedRect): number {
  if (clipSegmentToRect(a, b, r) !== null) return 0;
  const c = corners(r);
  let best = Infinity;
  for (let i = 0; i < 4; i++) best = Math.min(best, segmentDistance(a, b, c[i]!, c[(i + 1) % 4]!));
  return best;
}

/** Signed area of a simple polygon: positive when its vertices run counter-clockwise. */
export function polygonArea(poly: readonly Vec2[]): number {
  let s = 0;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) s += cross(poly[j]!, poly[i]!);
  return s / 2;
}

/** Centroid of a simple polygon (its vertex mean when the area is zero). */
export function polygonCentroid(poly: readonly Vec2[]): Vec2 {
  const a = polygonArea(poly);
  if (Math.abs(a) < 1e-12) return scale(poly.reduce((acc, p) => add(acc, p), { x: 0, y: 0 }), 1 / Math.max(1, poly.length));
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const p = poly[j]!;
    const q = poly[i]!;
    const c = cross(p, q);
    cx += (p.x + q.x) * c;
    cy += (p.y + q.y) * c;
  }
  return { x: cx / (6 * a), y: cy / (6 * a) };
}

/**
 * The intersection of a polygon with a convex polygon (Sutherland–Hodgman), in either winding; empty
 * when they do not meet. Exact for two convex polygons.
 */
export function clipConvexPolygon(subject: readonly Vec2[], clip: readonly Vec2[]): Vec2[] {
  const sign = polygonArea(clip) >= 0 ? 1 : -1;
  let out: Vec2[] = [...subject];
  for (let i = 0; i < clip.length && out.length > 0; i++) {
    const a = clip[i]!;
    const b = clip[(i + 1) % clip.length]!;
    const side = (p: Vec2): number => sign * cross(sub(b, a), sub(p, a));
    const input = out;
    out = [];
    for (let k = 0; k < input.length; k++) {
      const p = input[k]!;
      const q = input[(k + 1) % input.length]!;
      const sp = side(p);
      const sq = side(q);
      if (sp >= 0) out.push(p);
      if ((sp >= 0) !== (sq >= 0)) out.push(lerp(p, q, sp / (sp - sq)));
    }
  }
  return out;
}
