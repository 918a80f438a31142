/**
 * Arithmetic for the terrain generator that gives the same bits in every JavaScript engine.
 * Math.sin, Math.cos and Math.hypot are only approximations whose last bits differ between
 * browsers, and two players' machines must build bit-identical battlefields from the same spec.
 * Only + - * /, Math.sqrt (correctly rounded by IEEE 754), floor and round are used here.
 */

import type { Vec2 } from '../core/geometry';

// The trigonometry lives in the engine's core, which needs the same guarantee; the terrain reads it from there.
export { datan2, dcos, dsin } from '../core/detmath';

export function smoothstep(t: number): number {
  if (t <= 0) return 0;
  if (t >= 1) return 1;
  return t * t * (3 - 2 * t);
}

export function clamp(v: number, lo: number, hi: number): number {
  return v < lo ? lo : v > hi ? hi : v;
}

export function dist(a: Vec2, b: Vec2): number {
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  return Math.sqrt(dx * dx + dy * dy);
}

/** Squared distance from (px, py) to segment ab, and the parameter of the closest point. */
export function pointSegmentDist2(px: number, py: number, a: Vec2, b: Vec2): { d2: number; u: number } {
  const ex = b.x - a.x;
  const ey = b.y - a.y;
  const len2 = ex * ex + ey * ey;
  let u = len2 > 0 ? ((px - a.x) * ex + (py - a.y) * ey) / len2 : 0;
  u = clamp(u, 0, 1);
  const dx = a.x + ex * u - px;
  const dy = a.y + ey * u - py;
  return { d2: dx * dx + dy * dy, u };
}

export function pointPolylineDist(p: Vec2, line: readonly Vec2[]): number {
  if (line.length === 1) return dist(p, line[0]!);
  let best = Infinity;
  for (let i = 0; i + 1 < line.length; i++) {
    const { d2 } = pointSegmentDist2(p.x, p.y, line[i]!, line[i + 1]!);
    if (d2 < best) best = d2;
  }
  return Math.sqrt(best);
}

function orient(a: Vec2, b: Vec2, c: Vec2): number {
  return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

function segmentsCross(a: Vec2, b: Vec2, c: Vec2, d: Vec2): boolean {
  const d1 = orient(a, b, c);
  const d2 = orient(a, b, d);
  const d3 = orient(c, d, a);
  const d4 = orient(c, d, b);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

export function segmentSegmentDist(a: Vec2, b: Vec2, c: Vec2, d: Vec2): number {
  if (segmentsCross(a, b, c, d)) return 0;
  const m = Math.min(
    pointSegmentDist2(a.x, a.y, c, d).d2,
    pointSegmentDist2(b.x, b.y, c, d).d2,
    pointSegmentDist2(c.x, c.y, a, b).d2,
    pointSegmentDist2(d.x, d.y, a, b).d2,
  );
  return Math.sqrt(m);
}

/** Closest distance between two open polylines (a closed ring is passed with its first point repeated). */
export function polylinePolylineDist(p: readonly Vec2[], q: readonly Vec2[]): number {
  let best = Infinity;
  for (let i = 0; i + 1 < p.length; i++) {
    for (let j = 0; j + 1 < q.length; j++) {
      const d = segmentSegmentDist(p[i]!, p[i + 1]!, q[j]!, q[j + 1]!);
      if (d < best) best = d;
      if (best === 0) return 0;
    }
  }
  return best;
}

/** The polygon's outline as a closed polyline. */
export function ring(poly: readonly Vec2[]): Vec2[] {
  return poly.length > 0 ? [...poly, poly[0]!] : [];
}

/** Chaikin corner cutting: rounds a polyline's corners and keeps its two end points. */
export function chaikin(line: readonly Vec2[], iterations: number): Vec2[] {
  let pts = [...line];
  for (let it = 0; it < iterations; it++) {
    if (pts.length < 3) return pts;
    const out: Vec2[] = [pts[0]!];
    for (let i = 0; i + 1 < pts.length; i++) {
      const a = pts[i]!;
      const b = pts[i + 1]!;
      if (i > 0) out.push({ x: 0.75 * a.x + 0.25 * b.x, y: 0.75 * a.y + 0.25 * b.y });
      if (i + 2 < pts.length) out.push({ x: 0.25 * a.x + 0.75 * b.x, y: 0.25 * a.y + 0.75 * b.y });
    }
    out.push(pts[pts.length - 1]!);
    pts = out;
  }
  return pts;
}

/** Where segments ab and cd cross, as the parameter along ab, or undefined. */
export function segmentCrossing(a: Vec2, b: Vec2, c: Vec2, d: Vec2): number | undefined {
  if (!segmentsCross(a, b, c, d)) return undefined;
  const rx = b.x - a.x;
  const ry = b.y - a.y;
  const sx = d.x - c.x;
  const sy = d.y - c.y;
  const denom = rx * sy - ry * sx;
  if (denom === 0) return undefined;
  return ((c.x - a.x) * sy - (c.y - a.y) * sx) / denom;
}

/** Cumulative length along a polyline at each vertex. */
export function arcLengths(line: readonly Vec2[]): number[] {
  const s = [0];
  for (let i = 1; i < line.length; i++) s.push(s[i - 1]! + dist(line[i - 1]!, line[i]!));
  return s;
}

/** Point and unit tangent at arc length s along a polyline. */
export function pointAtLength(line: readonly Vec2[], s: readonly number[], at: number): { p: Vec2; tangent: Vec2 } {
  let k = 0;
  while (k + 2 < line.length && s[k + 1]! < at) k++;
  const a = line[k]!;
  const b = line[k + 1] ?? a;
  const seg = s[k + 1]! - s[k]!;
  const u = seg > 0 ? clamp((at - s[k]!) / seg, 0, 1) : 0;
  const len = dist(a, b);
  const tangent = len > 0 ? { x: (b.x - a.x) / len, y: (b.y - a.y) / len } : { x: 1, y: 0 };
  return { p: { x: a.x + (b.x - a.x) * u, y: a.y + (b.y - a.y) * u }, tangent };
}
