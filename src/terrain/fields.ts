/**
 * The farmland between the hills: an orchard, field boundaries (hedges, stone walls, fences), a
 * marsh by the river, rocky ground and a field of crops. Laid after the hills, woods, river and road,
 * from a random stream of its own, so adding them moved nothing that was already there.
 */

import type { Vec2 } from '../core/geometry';
import { pointInPolygon } from '../core/geometry';
import { inch } from '../core/measure';
import type { Rng } from '../core/random';
import { dcos, dsin, polylinePolylineDist, ring } from './detmath';
import type { BoundaryFeature, CrossingFeature, GroundFeature, OrchardFeature, RoadFeature, WaterFeature } from './features';

const TAU = 6.283185307179586;

export interface FieldContext {
  width: number;
  depth: number;
  /** Depth of the deployment strips kept clear along both long edges. */
  strip: number;
  water?: WaterFeature;
  /** Width of the sloping river bank either side of the water. */
  bank: number;
  road?: RoadFeature;
  crossings: readonly CrossingFeature[];
  woods: readonly Vec2[][];
}

type Named = (p: Vec2, noun: string) => string;

/** Boundary kinds with their look: how tall and how thick. */
export const BOUNDARIES: { kind: BoundaryFeature['kind']; noun: string; share: number; height: number; width: number }[] = [
  { kind: 'hedge', noun: 'hedge', share: 0.5, height: 16, width: 8 },
  { kind: 'wall', noun: 'wall', share: 0.3, height: 12, width: 6 },
  { kind: 'fence', noun: 'fence', share: 0.2, height: 10, width: 3 },
];

function centroid(poly: readonly Vec2[]): Vec2 {
  let x = 0;
  let y = 0;
  for (const p of poly) {
    x += p.x;
    y += p.y;
  }
  return { x: x / poly.length, y: y / poly.length };
}

/** A rotated rectangle: fields and orchards are laid out square. */
export function plot(c: Vec2, along: number, across: number, angle: number): Vec2[] {
  const ux = dcos(angle);
  const uy = dsin(angle);
  const corners = [
    [-1, -1],
    [1, -1],
    [1, 1],
    [-1, 1],
  ] as const;
  return corners.map(([a, b]) => ({ x: c.x + (a * along * ux) / 2 - (b * across * uy) / 2, y: c.y + (a * along * uy) / 2 + (b * across * ux) / 2 }));
}

/** A rounded, irregular patch (marsh, rocky ground). */
export function patch(rng: Rng, c: Vec2, radius: number): Vec2[] {
  const n = 10 + rng.int(4);
  const phase = rng.range(0, TAU);
  const lobes = rng.range(0.08, 0.22);
  const out: Vec2[] = [];
  for (let k = 0; k < n; k++) {
    const t = (TAU * k) / n;
    const r = radius * (1 + lobes * dcos(2 * t + phase) + rng.range(-0.08, 0.08));
    out.push({ x: c.x + r * dcos(t), y: c.y + r * dsin(t) });
  }
  return out;
}

export function planFields(rng: Rng, ctx: FieldContext, name: Named): (OrchardFeature | GroundFeature | BoundaryFeature)[] {
  const out: (OrchardFeature | GroundFeature | BoundaryFeature)[] = [];
  const taken: { shape: Vec2[]; closed: boolean }[] = ctx.woods.map((w) => ({ shape: ring(w), closed: true }));
  for (const c of ctx.crossings) taken.push({ shape: ring(c.polygon), closed: true });

  const inside = (p: Vec2, margin: number): boolean => p.x > margin && p.y > margin && p.x < ctx.width - margin && p.y < ctx.depth - margin;
  const middle = (p: Vec2): boolean => p.y > ctx.strip * 0.8 && p.y < ctx.depth - ctx.strip * 0.8;
  /** Clear of water, road, crossings, woods and what was laid before, by `gap` mm. */
  const clear = (shape: Vec2[], closed: boolean, gap: number): boolean => {
    const s = closed ? ring(shape) : shape;
    if (ctx.water && polylinePolylineDist(s, ctx.water.line) < ctx.water.width / 2 + ctx.bank + gap) return false;
    if (ctx.road && polylinePolylineDist(s, ctx.road.line) < ctx.road.width / 2 + gap) return false;
    for (const t of taken) {
      if (polylinePolylineDist(s, t.shape) < gap) return false;
      if (t.closed && shape.some((p) => pointInPolygon(p, t.shape))) return false;
      if (closed && t.shape.some((p) => pointInPolygon(p, shape))) return false;
    }
    return true;
  };
  const place = (make: () => Vec2[] | null, closed: boolean, gap: number, tries = 200): Vec2[] | null => {
    for (let i = 0; i < tries; i++) {
      const shape = make();
      if (!shape || !shape.every((p) => inside(p, inch(1)))) continue;
      if (!clear(shape, closed, gap)) continue;
      taken.push({ shape: closed ? ring(shape) : shape, closed });
      return shape;
    }
    return null;
  };
  const somewhere = (): Vec2 => ({ x: rng.range(0.1, 0.9) * ctx.width, y: rng.range(ctx.strip, ctx.depth - ctx.strip) });

  // An orchard, most often.
  if (rng.float() < 0.75) {
    const poly = place(() => plot(somewhere(), inch(rng.range(7, 11)), inch(rng.range(5, 8)), rng.range(0, TAU)), true, inch(1));
    if (poly) out.push({ id: 'orchard-1', kind: 'orchard', name: name(centroid(poly), 'orchard'), polygon: poly, canopyHeight: rng.range(26, 34) });
  }
  // A marsh on the river bank.
  if (ctx.water && rng.float() < 0.5) {
    const line = ctx.water.line;
    const poly = place(() => {
      const i = 1 + rng.int(Math.max(1, line.length - 2));
      const a = line[i - 1]!;
      const b = line[i]!;
      const len = Math.sqrt((b.x - a.x) ** 2 + (b.y - a.y) ** 2) || 1;
      const side = rng.float() < 0.5 ? 1 : -1;
      const r = inch(rng.range(3, 5));
      const off = ctx.water!.width / 2 + ctx.bank + r * 1.05;
      const c = { x: a.x - ((b.y - a.y) / len) * off * side, y: a.y + ((b.x - a.x) / len) * off * side };
      return patch(rng, c, r);
    }, true, 4);
    if (poly) out.push({ id: 'marsh-1', kind: 'marsh', name: name(centroid(poly), 'marsh'), polygon: poly });
  }
  // Rocky ground or scrub.
  if (rng.float() < 0.6) {
    const poly = place(() => patch(rng, somewhere(), inch(rng.range(2.5, 4.5))), true, inch(0.5));
    if (poly) out.push({ id: 'rough-1', kind: 'rough', name: name(centroid(poly), 'rocky ground'), polygon: poly });
  }
  // A field of crops.
  if (rng.float() < 0.5) {
    const poly = place(() => plot(somewhere(), inch(rng.range(8, 13)), inch(rng.range(6, 9)), rng.range(0, TAU)), true, inch(0.5));
    if (poly) out.push({ id: 'crops-1', kind: 'crops', name: name(centroid(poly), 'cornfield'), polygon: poly });
  }
  // Two to four field boundaries: a straight run or a field corner.
  const count = 2 + rng.int(3);
  for (let i = 0; i < count; i++) {
    const pick = rng.float();
    const kind = pick < BOUNDARIES[0]!.share ? BOUNDARIES[0]! : pick < BOUNDARIES[0]!.share + BOUNDARIES[1]!.share ? BOUNDARIES[1]! : BOUNDARIES[2]!;
    const line = place(() => {
      const a = somewhere();
      const angle = rng.range(0, TAU);
      const l1 = inch(rng.range(6, 12));
      const b = { x: a.x + l1 * dcos(angle), y: a.y + l1 * dsin(angle) };
      const pts = [a, b];
      if (rng.float() < 0.5) {
        const turn = angle + (rng.float() < 0.5 ? 1 : -1) * TAU * 0.25;
        const l2 = inch(rng.range(4, 9));
        pts.push({ x: b.x + l2 * dcos(turn), y: b.y + l2 * dsin(turn) });
      }
      return pts.every(middle) ? pts : null;
    }, false, inch(1));
    if (line) out.push({ id: `${kind.kind}-${i + 1}`, kind: kind.kind, name: name(line[0]!, kind.noun), line, width: kind.width, height: kind.height });
  }
  return out;
}
