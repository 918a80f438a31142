/**
 * Settlements: building footprints placed inside a site, clear of roads, water and each other,
 * and the built-up area drawn round them (the convex hull of the buildings, horse-and-musket
 * B §4.5); a farm's enclosed fields. Used by the default generator (spec.settlements) and by the
 * rulebooks' set-up procedures, each with its own random stream.
 */

import type { Vec2 } from '../core/geometry';
import { pointInPolygon } from '../core/geometry';
import { inch } from '../core/measure';
import type { Rng } from '../core/random';
import { BUILDING_FACTS } from './catalogue';
import { arcLengths, dcos, dist, dsin, pointAtLength, pointPolylineDist, polylinePolylineDist, ring } from './detmath';
import type { BoundaryFeature, BuildingFeature, BuildingMaterial, GroundFeature, RoadFeature, SettlementClass, SettlementFeature, TerrainFeature } from './features';
import { BOUNDARIES } from './fields';

const TAU = 6.283185307179586;

/** Something buildings keep clear of: an outline (closed) or a line, and by how much, mm. */
export interface Keepout {
  shape: Vec2[];
  closed: boolean;
  clearance: number;
}

/** Where a settlement goes and what it holds. */
export interface SettlementSite {
  id: string;
  name: string;
  class: SettlementClass;
  centre: Vec2;
  /** Buildings stand within this distance of the centre, mm. */
  radius: number;
  /** One material per building wanted. */
  materials: BuildingMaterial[];
  /** A road through or past the site: buildings line it, and keep off it. */
  road?: RoadFeature;
}

export interface PlacedSettlement {
  settlement: SettlementFeature;
  buildings: BuildingFeature[];
}

/** A building's footprint, about 1.5" x 2" (B §5.5), a little varied. */
const FOOTPRINT = { across: [inch(1.2), inch(1.6)], along: [inch(1.6), inch(2.2)] } as const;
/** Space kept between two buildings, mm. */
const BUILDING_GAP = 8;

/** A rectangle `along` x `across` centred at c, its long side along angle a. */
export function rectAt(c: Vec2, along: number, across: number, ux: number, uy: number): Vec2[] {
  const ax = (ux * along) / 2;
  const ay = (uy * along) / 2;
  const bx = (-uy * across) / 2;
  const by = (ux * across) / 2;
  return [
    { x: c.x - ax - bx, y: c.y - ay - by },
    { x: c.x + ax - bx, y: c.y + ay - by },
    { x: c.x + ax + bx, y: c.y + ay + by },
    { x: c.x - ax + bx, y: c.y - ay + by },
  ];
}

/** Convex hull, counter-clockwise, by the monotone chain (exact comparisons only). */
export function convexHull(points: readonly Vec2[]): Vec2[] {
  const pts = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (pts.length < 3) return pts;
  const cross = (o: Vec2, a: Vec2, b: Vec2): number => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower: Vec2[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Vec2[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  lower.pop();
  upper.pop();
  return lower.concat(upper);
}

/** Distance between a closed outline and a keep-out: 0 when they touch or one holds the other. */
export function clearanceTo(poly: readonly Vec2[], k: Keepout): number {
  if (k.closed) {
    if (k.shape.length > 0 && pointInPolygon(k.shape[0]!, poly)) return 0;
    if (poly.some((p) => pointInPolygon(p, k.shape))) return 0;
    return polylinePolylineDist(ring(poly), ring(k.shape));
  }
  if (k.shape.length === 1) return pointPolylineDist(k.shape[0]!, ring(poly));
  if (k.shape.some((p) => pointInPolygon(p, poly))) return 0;
  return polylinePolylineDist(ring(poly), k.shape);
}

function isClear(poly: readonly Vec2[], keepouts: readonly Keepout[]): boolean {
  return keepouts.every((k) => clearanceTo(poly, k) >= k.clearance);
}

/** Within [margin, width - margin] x [margin, depth - margin]. */
export function onTable(poly: readonly Vec2[], width: number, depth: number, margin: number): boolean {
  return poly.every((p) => p.x >= margin && p.y >= margin && p.x <= width - margin && p.y <= depth - margin);
}

/**
 * Place the buildings of a site: along its road first (most of a village lines its street),
 * then anywhere in the site, each clear of the others, the road and the keep-outs. Returns null
 * when not even one building fits. Roof heights follow the catalogue's range for the material.
 */
export function placeSettlement(
  rng: Rng,
  site: SettlementSite,
  keepouts: readonly Keepout[],
  table: { width: number; depth: number },
): PlacedSettlement | null {
  const road = site.road;
  const roadKeep: Keepout[] = road ? [{ shape: road.line, closed: false, clearance: road.width / 2 + 4 }] : [];
  // Stretches of the road inside the site.
  const s = road ? arcLengths(road.line) : [];
  const total = s.length > 0 ? s[s.length - 1]! : 0;
  const inSite: number[] = [];
  if (road) for (let at = 0; at <= total; at += 5) if (dist(pointAtLength(road.line, s, at).p, site.centre) < site.radius * 0.9) inSite.push(at);
  const baseAngle = rng.range(0, TAU);
  const buildings: BuildingFeature[] = [];
  const taken: Keepout[] = [];
  for (let b = 0; b < site.materials.length; b++) {
    const material = site.materials[b]!;
    const along = rng.range(FOOTPRINT.along[0], FOOTPRINT.along[1]);
    const across = rng.range(FOOTPRINT.across[0], FOOTPRINT.across[1]);
    const [hLo, hHi] = BUILDING_FACTS[material].standing!;
    const height = rng.range(hLo, hHi);
    let placed: Vec2[] | null = null;
    for (let attempt = 0; attempt < 80 && !placed; attempt++) {
      let poly: Vec2[];
      if (road && inSite.length > 0 && attempt < 50 && rng.float() < 0.7) {
        // Face the street: long side along the road, set back a little from its edge.
        const { p, tangent } = pointAtLength(road.line, s, inSite[rng.int(inSite.length)]!);
        const side = rng.float() < 0.5 ? 1 : -1;
        const off = road.width / 2 + rng.range(4, 14) + across / 2;
        const c = { x: p.x - tangent.y * off * side, y: p.y + tangent.x * off * side };
        poly = rectAt(c, along, across, tangent.x, tangent.y);
      } else {
        const r = site.radius * Math.sqrt(rng.float());
        const t = rng.range(0, TAU);
        const c = { x: site.centre.x + r * dcos(t), y: site.centre.y + r * dsin(t) };
        // Buildings off the street keep to the site's grid, give or take.
        const a = baseAngle + (TAU / 4) * rng.int(4) + rng.range(-0.15, 0.15);
        poly = rectAt(c, along, across, dcos(a), dsin(a));
      }
      if (!poly.every((p) => dist(p, site.centre) <= site.radius * 1.15)) continue;
      if (!onTable(poly, table.width, table.depth, inch(1))) continue;
      if (!isClear(poly, roadKeep) || !isClear(poly, keepouts) || !isClear(poly, taken)) continue;
      placed = poly;
    }
    if (!placed) continue;
    taken.push({ shape: placed, closed: true, clearance: BUILDING_GAP });
    buildings.push({
      id: `${site.id}-b${buildings.length + 1}`,
      kind: 'building',
      name: `${site.name}, ${material === 'stone' ? 'stone' : 'wooden'} building ${buildings.length + 1}`,
      polygon: placed,
      height,
      material,
      settlementId: site.id,
    });
  }
  if (buildings.length === 0) return null;
  const hull = convexHull(buildings.flatMap((b) => b.polygon));
  return {
    settlement: { id: site.id, kind: 'settlement', name: site.name, class: site.class, polygon: hull, buildingIds: buildings.map((b) => b.id) },
    buildings,
  };
}

/** What a farm's fields are bounded by, and whether they hold crops. */
export interface FieldPlan {
  boundary: BoundaryFeature['kind'];
  crops: boolean;
}

/**
 * A farm's enclosed fields, each `size` mm square, in a row beside the farmhouse and sharing
 * their edges (B §5.5: "d3 enclosure fields, each about 6" x 6", sharing edges and set next to the
 * building"). Tries both sides of the house and both directions; fields that do not fit clear of
 * the keep-outs are left out. Returns the boundaries (one line per side, a shared side once) and
 * the crops.
 */
export function layFields(
  farm: BuildingFeature,
  plans: readonly FieldPlan[],
  size: number,
  keepouts: readonly Keepout[],
  table: { width: number; depth: number },
  name: (p: Vec2, noun: string) => string,
): (BoundaryFeature | GroundFeature)[] {
  const [p0, p1, , p3] = farm.polygon as [Vec2, Vec2, Vec2, Vec2];
  const lenA = dist(p0, p1);
  const lenB = dist(p0, p3);
  const ux = (p1.x - p0.x) / lenA;
  const uy = (p1.y - p0.y) / lenA;
  const c = { x: (farm.polygon[0]!.x + farm.polygon[2]!.x) / 2, y: (farm.polygon[0]!.y + farm.polygon[2]!.y) / 2 };
  const houseKeep: Keepout = { shape: farm.polygon, closed: true, clearance: 4 };
  for (const side of [1, -1]) {
    for (const dir of [1, -1]) {
      // Field j's corners in the house's frame: along u from -size/2 + j*size*dir, across from the back wall.
      const y0 = lenB / 2 + 6;
      const square = (j: number): Vec2[] => {
        const a0 = dir * (j * size) - (dir > 0 ? size / 2 : -size / 2);
        const a1 = a0 + dir * size;
        const pt = (a: number, b: number): Vec2 => ({ x: c.x + ux * a - uy * b * side, y: c.y + uy * a + ux * b * side });
        return [pt(a0, y0), pt(a1, y0), pt(a1, y0 + size), pt(a0, y0 + size)];
      };
      const fields: Vec2[][] = [];
      for (let j = 0; j < plans.length; j++) {
        const sq = square(j);
        if (!onTable(sq, table.width, table.depth, inch(1)) || !isClear(sq, keepouts) || !isClear(sq, [houseKeep])) break;
        fields.push(sq);
      }
      if (fields.length === 0) continue;
      const out: (BoundaryFeature | GroundFeature)[] = [];
      fields.forEach((sq, j) => {
        const plan = plans[j]!;
        const look = BOUNDARIES.find((b) => b.kind === plan.boundary)!;
        // Near side, outer end, far side; the first field also closes its inner end, which the
        // next field shares.
        const line = [sq[3]!, sq[0]!, sq[1]!, sq[2]!, sq[3]!];
        out.push({ id: `${farm.id}-field${j + 1}`, kind: plan.boundary, name: name(sq[0]!, look.noun), line: j === 0 ? line : line.slice(1), width: look.width, height: look.height });
        if (plan.crops) {
          out.push({ id: `${farm.id}-crops${j + 1}`, kind: 'crops', name: name({ x: (sq[0]!.x + sq[2]!.x) / 2, y: (sq[0]!.y + sq[2]!.y) / 2 }, 'cornfield'), polygon: sq });
        }
      });
      return out;
    }
  }
  return [];
}

/** Keep-outs for buildings and fields from features already on the table. */
export function keepoutsOf(features: readonly TerrainFeature[], bank: number): Keepout[] {
  const out: Keepout[] = [];
  for (const f of features) {
    if (f.kind === 'river' || f.kind === 'stream') out.push({ shape: f.line, closed: false, clearance: f.width / 2 + bank + 10 });
    else if (f.kind === 'road') out.push({ shape: f.line, closed: false, clearance: f.width / 2 + 4 });
    else if (f.kind === 'hedge' || f.kind === 'wall' || f.kind === 'fence') out.push({ shape: f.line, closed: false, clearance: f.width / 2 + 6 });
    else if (f.kind === 'hill') continue;
    else if ('polygon' in f) out.push({ shape: f.polygon, closed: true, clearance: f.kind === 'building' ? BUILDING_GAP : 10 });
  }
  return out;
}

/** Which d6 faces give stone: 5-6 (B §5.5: 1-4 wooden or wood-framed, 5-6 stone). */
export function materialOf(d6: number): BuildingMaterial {
  return d6 >= 5 ? 'stone' : 'wood';
}

export interface SettlementContext {
  width: number;
  depth: number;
  /** Depth of the deployment strips kept clear along both long edges. */
  strip: number;
  /** Width of the sloping river bank either side of the water. */
  bank: number;
  /** Everything laid so far. */
  features: readonly TerrainFeature[];
}

/**
 * The default generator's settlements (spec.settlements): a village of 3 + d3 buildings astride
 * the road, and a farm with d3 enclosed fields, both between the deployment strips. Either is left
 * out when it does not fit; the village needs a road.
 */
export function planSettlements(rng: Rng, ctx: SettlementContext, name: (p: Vec2, noun: string) => string): TerrainFeature[] {
  const out: TerrainFeature[] = [];
  const table = { width: ctx.width, depth: ctx.depth };
  const d6 = (): number => 1 + rng.int(6);
  const road = ctx.features.find((f): f is RoadFeature => f.kind === 'road' && !(f.raised ?? 0));
  const middle = (p: Vec2): boolean => p.y > ctx.strip && p.y < ctx.depth - ctx.strip;
  if (road) {
    const s = arcLengths(road.line);
    const total = s[s.length - 1]!;
    const count = 3 + Math.ceil(d6() / 2);
    const materials = Array.from({ length: count }, () => materialOf(d6()));
    const keep = keepoutsOf(ctx.features.filter((f) => f.id !== road.id), ctx.bank);
    for (let attempt = 0; attempt < 40; attempt++) {
      const { p, tangent } = pointAtLength(road.line, s, total * rng.range(0.15, 0.85));
      const radius = inch(rng.range(4, 5.5));
      const off = radius * rng.range(-0.3, 0.3);
      const centre = { x: p.x - tangent.y * off, y: p.y + tangent.x * off };
      if (!middle(centre)) continue;
      const placed = placeSettlement(rng, { id: 'village-1', name: name(centre, 'village'), class: 'village', centre, radius, materials, road }, keep, table);
      if (!placed || placed.buildings.length < 3) continue;
      out.push(placed.settlement, ...placed.buildings);
      break;
    }
  }
  const all = [...ctx.features, ...out];
  for (let attempt = 0; attempt < 60; attempt++) {
    const centre = { x: rng.range(0.1, 0.9) * ctx.width, y: rng.range(ctx.strip, ctx.depth - ctx.strip) };
    if (road && pointPolylineDist(centre, road.line) < inch(4)) continue;
    const keep = keepoutsOf(all, ctx.bank);
    const placed = placeSettlement(rng, { id: 'farm-1', name: name(centre, 'farm'), class: 'farm', centre, radius: inch(1.5), materials: [materialOf(d6())] }, keep, table);
    if (!placed) continue;
    const plans = Array.from({ length: Math.ceil(d6() / 2) }, () => fieldPlan(d6(), d6()));
    const fields = layFields(placed.buildings[0]!, plans, inch(6), keep, table, name);
    if (fields.length === 0) continue;
    out.push(placed.settlement, ...placed.buildings, ...fields);
    break;
  }
  return out;
}

/** B §5.5 for one field: boundary 1-3 hedge, 4-5 fence, 6 wall; crops on 5-6. */
export function fieldPlan(boundaryD6: number, cropsD6: number): FieldPlan {
  return { boundary: boundaryD6 <= 3 ? 'hedge' : boundaryD6 <= 5 ? 'fence' : 'wall', crops: cropsD6 >= 5 };
}
