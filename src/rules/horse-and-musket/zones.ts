/**
 * Horse & Musket geometry of the rules (digest part A; seed 000): Colour Stands, Attack range and
 * Attack lines (§14.1–14.2, skirmishers B §1.3), cavalry threat zones and their neutralisation (§13,
 * A14–A15), automatic halts (§12, A1), flank/rear classification (§23.5), flank and rear support
 * (§18.2–18.3), "within Attack range of flank/rear" (§18.6), nearest enemy and running away (§19.3),
 * wheels, thrown back (§21.1), overlap separation (§11.8) and leaving the table (§11.9).
 *
 * Everything is pure: the units are passed in, and terrain is reached only through the `ZoneContext`
 * callbacks, so this file does not depend on the terrain or rules modules. Conventions of the ruleset:
 * the Colour Stand is always `unit.stands[0]`; destroyed stands are removed from the array; an attached
 * General is a separate unit (kind 'commander') with `rs.general.attachedTo` naming his unit. Lengths
 * are millimetres, angles radians counter-clockwise.
 */

import { inch, toInches } from '../../core/measure';
import type { SideId } from '../../core/model';
import { standRect } from '../../core/model';
import {
  add,
  angleOf,
  bounds,
  clipSegmentToRect,
  clipConvexPolygon,
  closestPointOnSegment,
  corners,
  degrees,
  direction,
  distance,
  fromLocal,
  lerp,
  pointInPolygon,
  pointInRect,
  polygonArea,
  polygonCentroid,
  radians,
  rectDistance,
  rectsOverlap,
  rotateAbout,
  scale,
  segmentDistance,
  segmentRectDistance,
  sub,
  toLocal,
  wrapAngle,
  type OrientedRect,
  type Vec2,
} from '../../core/geometry';
import type { HmUnit, TroopType } from './types';
import { dcos, dhypot, dsin } from '../../core/detmath';

// ---------------------------------------------------------------------------------------------
// Context, constants, troop predicates

/** What the geometry needs from the terrain and the table, as callbacks (supplied by the rules). */
export interface ZoneContext {
  /** True when terrain on the segment a→b is impassable to this troop type. */
  terrainBlocks(a: Vec2, b: Vec2, troop: TroopType): boolean;
  /** True when the ground/woods/buildings hide b from a (line of sight), for threat-zone shadowing. */
  sightBlocked(a: Vec2, b: Vec2): boolean;
  /** Terrain impassable to cavalry lies within `within` mm of the segment a→b (support by terrain). */
  cavalryImpassableNear(a: Vec2, b: Vec2, within: number): boolean;
  /** Table bounds, mm. */
  table: { width: number; depth: number };
  /** Fog (B §4.12): mounted Attack range and threat zones drop to 9". */
  fog?: boolean;
}

/** A context with no terrain at all: open ground on a table of the given size. */
export function openGround(table: { width: number; depth: number } = { width: inch(72), depth: inch(48) }, fog = false): ZoneContext {
  return { terrainBlocks: () => false, sightBlocked: () => false, cavalryImpassableNear: () => false, table, fog };
}

/** §12: the Colour-Stand distance that halts. */
export const HALT_DISTANCE = inch(9);
/** §18.2: a flank is supported from within 3". */
export const FLANK_SUPPORT_DISTANCE = inch(3);
/** §18.3: rear support reaches 9" (foot) or 18" (mounted); impassable terrain within 3" of the rear. */
export const REAR_SUPPORT_FOOT = inch(9);
export const REAR_SUPPORT_MOUNTED = inch(18);
export const REAR_TERRAIN_DISTANCE = inch(3);
/** §11.2: the largest wheel of one order; also the Attack-line wheel of §14.2. */
export const MAX_WHEEL = Math.PI / 4;
/** §21.1: thrown back 2". */
export const THROWN_BACK_DISTANCE = inch(2);
/** §18.3 proposal: a supporting unit faces within 45° of the supported unit's facing. */
export const REAR_SUPPORT_FACING = Math.PI / 4;

/** Spacing of the sample points used where an exact answer would need a visibility polygon, mm. */
const SAMPLE_STEP = 5;
/** Equality of lengths, mm. */
const EPS = 1e-6;

const MOUNTED_TROOPS: ReadonlySet<TroopType> = new Set<TroopType>(['lightCav', 'heavyCav', 'cuirassier', 'skirmCav', 'general']);
const CAVALRY_TROOPS: ReadonlySet<TroopType> = new Set<TroopType>(['lightCav', 'heavyCav', 'cuirassier']);

export const isGeneral = (u: HmUnit): boolean => u.kind === 'commander' || u.rs.troop === 'general';
/** Mounted: cavalry of all kinds, skirmishing cavalry and Generals (§0). */
export const isMounted = (u: HmUnit): boolean => MOUNTED_TROOPS.has(u.rs.troop);
/** Close-order cavalry: light, heavy, cuirassiers. */
export const isCavalry = (u: HmUnit): boolean => CAVALRY_TROOPS.has(u.rs.troop);
export const isSkirmisher = (u: HmUnit): boolean => u.rs.troop === 'skirmInf' || u.rs.troop === 'skirmCav';
/** Skirmishers and Generals have no flank or rear (§23.5, §26). */
export const hasFlanks = (u: HmUnit): boolean => !isSkirmisher(u) && !isGeneral(u);
/** On the table with at least one stand. */
export const isLive = (u: HmUnit): boolean => !u.removed && !u.carriedBy && u.stands.length > 0;
/** An attached General is part of his unit for every purpose here. */
export const isAttachedGeneral = (u: HmUnit): boolean => isGeneral(u) && !!u.rs.general?.attachedTo;

export const disorderedCount = (u: HmUnit): number => u.stands.filter((s) => s.status === 'disordered').length;
/** Stands lost: the attached General is a separate unit, so he never counts here (A20). */
export const destroyedCount = (u: HmUnit): number => Math.max(0, u.rs.originalStands - u.stands.length);

/**
 * Shaken (§5, §15.3, A2, A34): the marker, more than half the original stands disordered or destroyed,
 * or at least half destroyed (permanent). A General is shaken when lone and disordered, or attached to
 * a shaken unit (pass `units` to look his unit up).
 */
export function isShaken(u: HmUnit, units?: readonly HmUnit[]): boolean {
  if (u.rs.shakenMarker) return true;
  if (isGeneral(u)) {
    const host = u.rs.general?.attachedTo;
    if (host && units) {
      const h = units.find((x) => x.id === host);
      if (h) return isShaken(h, units);
    }
    return disorderedCount(u) > 0;
  }
  const original = u.rs.originalStands;
  const destroyed = destroyedCount(u);
  return disorderedCount(u) + destroyed > original / 2 || destroyed >= original / 2;
}

/** Broken = running (§5). */
export const isBroken = (u: HmUnit): boolean => u.rs.retrograde === 'running';

export interface RangeOptions {
  fog?: boolean;
}

/**
 * Attack range (§14.1, A13): foot 9", cavalry 18" (9" in fog, B §4.12), skirmishing cavalry 9".
 * Artillery and Generals never Attack: 0.
 */
export function attackRange(u: HmUnit, opts: RangeOptions = {}): number {
  switch (u.rs.troop) {
    case 'infantry':
    case 'skirmInf':
    case 'skirmCav':
      return inch(9);
    case 'lightCav':
    case 'heavyCav':
    case 'cuirassier':
      return opts.fog ? inch(9) : inch(18);
    default:
      return 0;
  }
}

/** Threat-zone reach by troop type (§13): cavalry 18" (9" in fog), skirmishing cavalry 9", others none. */
export function threatRange(u: HmUnit, opts: RangeOptions = {}): number {
  if (isCavalry(u)) return opts.fog ? inch(9) : inch(18);
  if (u.rs.troop === 'skirmCav') return inch(9);
  return 0;
}

// ---------------------------------------------------------------------------------------------
// Poses and unit frames

export interface Pose {
  x: number;
  y: number;
  facing: number;
}

const frameOf = (p: Pose): OrientedRect => ({ cx: p.x, cy: p.y, facing: p.facing, width: 0, depth: 0 });

/** The Colour Stand's rectangle (always `stands[0]`). */
export function colourStand(u: HmUnit): OrientedRect {
  const s = u.stands[0];
  if (!s) throw new Error(`${u.id} has no stands`);
  return standRect(u, s);
}

function colourStandAt(u: HmUnit, pose: Pose): OrientedRect {
  const s = u.stands[0];
  if (!s) throw new Error(`${u.id} has no stands`);
  return standRect(pose, s);
}

/** The unit placed at another pose (a shallow copy; stands are shared). */
export function withPose(u: HmUnit, pose: Pose): HmUnit {
  return { ...u, x: pose.x, y: pose.y, facing: pose.facing };
}

/** The extent of the unit's stands in its own frame: f forward, l to the right. */
export function unitExtent(u: HmUnit): { minF: number; maxF: number; minL: number; maxL: number } {
  let minF = Infinity;
  let maxF = -Infinity;
  let minL = Infinity;
  let maxL = -Infinity;
  for (const s of u.stands) {
    minF = Math.min(minF, s.f - s.depth / 2);
    maxF = Math.max(maxF, s.f + s.depth / 2);
    minL = Math.min(minL, s.l - s.width / 2);
    maxL = Math.max(maxL, s.l + s.width / 2);
  }
  return { minF, maxF, minL, maxL };
}

/** The four corners of the unit's footprint, in the order of `corners`. */
export function unitCorners(u: HmUnit): { frontLeft: Vec2; frontRight: Vec2; rearRight: Vec2; rearLeft: Vec2 } {
  const e = unitExtent(u);
  const fr = frameOf(u);
  return {
    frontLeft: fromLocal(fr, e.maxF, e.minL),
    frontRight: fromLocal(fr, e.maxF, e.maxL),
    rearRight: fromLocal(fr, e.minF, e.maxL),
    rearLeft: fromLocal(fr, e.minF, e.minL),
  };
}

/** The pose after moving `dist` straight ahead (negative: straight back). */
export function moveForward(u: Pose, dist: number): Pose {
  return { x: u.x + dcos(u.facing) * dist, y: u.y + dsin(u.facing) * dist, facing: u.facing };
}

/**
 * A wheel (§11.2): pivot on one front corner of the unit while the other front corner swings forward.
 * Pivoting on the left corner turns the unit left (counter-clockwise), on the right corner right.
 * `angle` is the size of the wheel, 0 to 45°.
 */
export function wheelPose(u: HmUnit, angle: number, pivot: 'left' | 'right'): Pose {
  if (!(angle >= 0) || angle > MAX_WHEEL + 1e-9) throw new RangeError(`a wheel is 0-45°, got ${degrees(angle)}°`);
  const c = unitCorners(u);
  const p = pivot === 'left' ? c.frontLeft : c.frontRight;
  const signed = pivot === 'left' ? angle : -angle;
  const centre = rotateAbout({ x: u.x, y: u.y }, p, signed);
  return { x: centre.x, y: centre.y, facing: wrapAngle(u.facing + signed) };
}

/** A signed wheel: positive turns left (pivot on the left front corner), negative turns right. */
export function wheelBy(u: HmUnit, signed: number): Pose {
  return wheelPose(u, Math.abs(signed), signed >= 0 ? 'left' : 'right');
}

/**
 * The wheel (signed, at most 45°) that best turns the unit to face a point, measured from its Colour
 * Stand: for the attacker's wheel (§16 step 2) and a defender facing an Attack (step 3).
 */
export function wheelToward(u: HmUnit, p: Vec2): number {
  const cs = colourStand(u);
  const want = wrapAngle(angleOf(sub(p, { x: cs.cx, y: cs.cy })) - u.facing);
  return Math.max(-MAX_WHEEL, Math.min(MAX_WHEEL, want));
}

// ---------------------------------------------------------------------------------------------
// Blocking stands

interface StandRef {
  unit: HmUnit;
  rect: OrientedRect;
  /** Half-diagonal, for a cheap early-out. */
  reach: number;
}

/** The ids to ignore as blockers: the given units and the Generals attached to them. */
function excluded(units: readonly HmUnit[], ids: readonly string[]): Set<string> {
  const out = new Set(ids);
  for (const u of units) {
    const host = u.rs.general?.attachedTo;
    if (host && out.has(host)) out.add(u.id);
  }
  return out;
}

function standsOf(units: readonly HmUnit[], exclude: ReadonlySet<string>): StandRef[] {
  const out: StandRef[] = [];
  for (const u of units) {
    if (!isLive(u) || exclude.has(u.id)) continue;
    for (const s of u.stands) out.push({ unit: u, rect: standRect(u, s), reach: dhypot(s.width, s.depth) / 2 });
  }
  return out;
}

/**
 * Whether segment a→b runs through the closed rectangle for more than 0.01 mm: through its interior or
 * along an edge, so that a line cannot slip down the crack between two stands in contact; a line that
 * only touches a corner passes.
 */
function segmentThrough(a: Vec2, b: Vec2, r: OrientedRect): boolean {
  const c = clipSegmentToRect(a, b, r, -1e-6);
  return c !== null && (c[1] - c[0]) * distance(a, b) > 0.01;
}

/**
 * The first stand the segment a→b runs through (`segmentThrough`), or null. A stand that holds `exempt` (the
 * point being tested) does not hide that point.
 */
function standBlocking(a: Vec2, b: Vec2, stands: readonly StandRef[], exempt?: Vec2): StandRef | null {
  const minX = Math.min(a.x, b.x);
  const maxX = Math.max(a.x, b.x);
  const minY = Math.min(a.y, b.y);
  const maxY = Math.max(a.y, b.y);
  for (const s of stands) {
    const r = s.rect;
    if (r.cx + s.reach < minX || r.cx - s.reach > maxX || r.cy + s.reach < minY || r.cy - s.reach > maxY) continue;
    if (!segmentThrough(a, b, r)) continue;
    if (exempt && pointInRect(r, exempt, EPS)) continue;
    return s;
  }
  return null;
}

/** Points on a rectangle's outline, corners included, no further apart than `step`. */
function outlineSamples(r: OrientedRect, step: number): Vec2[] {
  const c = corners(r);
  const out: Vec2[] = [];
  for (let i = 0; i < 4; i++) {
    const a = c[i]!;
    const b = c[(i + 1) % 4]!;
    const n = Math.max(1, Math.ceil(distance(a, b) / step));
    for (let k = 0; k < n; k++) out.push(lerp(a, b, k / n));
  }
  return out;
}

/**
 * Whether some straight line joins a point of `a` to a point of `b` without crossing another unit's
 * stand or terrain impassable to `troop` (§12 condition 2, §14.2 first condition). Sampled: the centres,
 * then every pair of outline points at most 10 mm apart.
 */
function clearLineBetween(a: OrientedRect, b: OrientedRect, stands: readonly StandRef[], ctx: ZoneContext, troop: TroopType): boolean {
  const ca = { x: a.cx, y: a.cy };
  const cb = { x: b.cx, y: b.cy };
  const ra = dhypot(a.width, a.depth) / 2;
  const rb = dhypot(b.width, b.depth) / 2;
  // Only stands near the hull of the two rectangles can interrupt a line between them.
  const near = stands.filter((s) => {
    const d = distance(closestPointOnSegment({ x: s.rect.cx, y: s.rect.cy }, ca, cb), { x: s.rect.cx, y: s.rect.cy });
    return d <= s.reach + Math.max(ra, rb) + 1;
  });
  const ok = (p: Vec2, q: Vec2): boolean => standBlocking(p, q, near) === null && !ctx.terrainBlocks(p, q, troop);
  if (ok(ca, cb)) return true;
  const sa = [ca, ...outlineSamples(a, 10)];
  const sb = [cb, ...outlineSamples(b, 10)];
  for (const p of sa) for (const q of sb) if (ok(p, q)) return true;
  return false;
}

// ---------------------------------------------------------------------------------------------
// §13 Cavalry threat zones

export interface ThreatZone {
  owner: string;
  side: SideId;
  troop: TroopType;
  range: number;
  /** The owner's Colour Stand. */
  stand: OrientedRect;
  /** The two ends of the Colour Stand's front edge. */
  frontLeft: Vec2;
  frontRight: Vec2;
  /**
   * The unblocked wedge (A14) as a convex polygon, arcs drawn as chords every 3°: front-left corner,
   * the left 45° edge, the left arc, the far edge, the right arc, the right 45° edge, front-right corner.
   */
  polygon: Vec2[];
  /** Enemy zones overlapping this one (A15); the zone is active only when this is empty. */
  neutralisedBy: string[];
}

/**
 * The unit's threat zone before neutralisation, or null: only unshaken, unbroken mounted units other
 * than Generals have one (§13, A46).
 */
export function threatZone(u: HmUnit, opts: RangeOptions = {}): ThreatZone | null {
  if (!isLive(u) || isGeneral(u) || isShaken(u) || isBroken(u)) return null;
  const range = threatRange(u, opts);
  if (range <= 0) return null;
  const stand = colourStand(u);
  const hd = stand.depth / 2;
  const hw = stand.width / 2;
  // A point `a` ahead of the Colour Stand's front edge and `l` to the right of its centre.
  const polygon: Vec2[] = [fromLocal(stand, hd + 0, -hw)];
  const steps = 15;
  for (let k = 0; k <= steps; k++) {
    const phi = (MAX_WHEEL * (steps - k)) / steps;
    polygon.push(fromLocal(stand, hd + range * dcos(phi), -hw - range * dsin(phi)));
  }
  for (let k = 0; k <= steps; k++) {
    const phi = (MAX_WHEEL * k) / steps;
    polygon.push(fromLocal(stand, hd + range * dcos(phi), hw + range * dsin(phi)));
  }
  polygon.push(fromLocal(stand, hd + 0, hw));
  return { owner: u.id, side: u.side, troop: u.rs.troop, range, stand, frontLeft: fromLocal(stand, hd + 0, -hw), frontRight: fromLocal(stand, hd + 0, hw), polygon, neutralisedBy: [] };
}

/** A point in the zone's frame: `a` ahead of the front edge, `l` to the right of its centre. */
function zoneLocal(zone: ThreatZone, p: Vec2): { a: number; l: number } {
  const { f, l } = toLocal(zone.stand, p);
  return { a: f - zone.stand.depth / 2, l };
}

/**
 * A14 wedge membership, ignoring blocking: ahead of the front edge line, no further beyond the nearer
 * front corner than ahead, and within range of the front edge. `tol` > 0 admits the boundary, < 0
 * demands that much clearance inside.
 */
export function inZoneShape(zone: ThreatZone, p: Vec2, tol = EPS): boolean {
  const { a, l } = zoneLocal(zone, p);
  if (a < -tol) return false;
  const e = Math.max(0, Math.abs(l) - zone.stand.width / 2);
  if (e - a > tol) return false;
  return dhypot(Math.max(a, 0), e) <= zone.range + tol;
}

/**
 * Whether the zone reaches p unshadowed: the straight line from the nearest point of the Colour Stand's
 * front edge to p crosses no other unit's stand, no terrain impassable to the zone's troop type, and
 * keeps line of sight (§13 proposal).
 */
function zoneSees(zone: ThreatZone, p: Vec2, stands: readonly StandRef[], ctx: ZoneContext): boolean {
  const q = closestPointOnSegment(p, zone.frontLeft, zone.frontRight);
  if (distance(p, q) < EPS) return true;
  if (standBlocking(q, p, stands, p)) return false;
  if (ctx.terrainBlocks(q, p, zone.troop)) return false;
  return !ctx.sightBlocked(q, p);
}

/** Where a linear boundary g0 + t (g1 - g0) = 0 is crossed, when it is not parallel to the edge. */
function pushCrossing(ts: number[], g0: number, g1: number): void {
  if (g0 !== g1) ts.push(g0 / (g0 - g1));
}

/**
 * Sample points of a rectangle's outline for the zone test: a regular spacing plus every point where an
 * edge crosses a boundary of the wedge, so that the wedge test itself is exact (a rectangle meets a
 * convex region iff its outline does, or it holds the region's front edge).
 */
function zoneSamples(zone: ThreatZone, r: OrientedRect): Vec2[] {
  const c = corners(r);
  const hw = zone.stand.width / 2;
  const R = zone.range;
  const out: Vec2[] = [];
  for (let i = 0; i < 4; i++) {
    const p0 = c[i]!;
    const p1 = c[(i + 1) % 4]!;
    const a0 = zoneLocal(zone, p0);
    const a1 = zoneLocal(zone, p1);
    const ts: number[] = [];
    const n = Math.max(1, Math.ceil(distance(p0, p1) / SAMPLE_STEP));
    for (let k = 0; k <= n; k++) ts.push(k / n);
    // Linear boundaries g(t) = g0 + t (g1 - g0) = 0: a = 0, a = R, a + l + hw = 0, a - l + hw = 0, l = -hw, l = hw.
    pushCrossing(ts, a0.a, a1.a);
    pushCrossing(ts, a0.a - R, a1.a - R);
    pushCrossing(ts, a0.a + a0.l + hw, a1.a + a1.l + hw);
    pushCrossing(ts, a0.a - a0.l + hw, a1.a - a1.l + hw);
    pushCrossing(ts, a0.l + hw, a1.l + hw);
    pushCrossing(ts, a0.l - hw, a1.l - hw);
    // The arcs about the two front corners.
    for (const cl of [-hw, hw]) {
      const da = a1.a - a0.a;
      const dl = a1.l - a0.l;
      const A = da * da + dl * dl;
      const B = 2 * (a0.a * da + (a0.l - cl) * dl);
      const C = a0.a * a0.a + (a0.l - cl) * (a0.l - cl) - R * R;
      const disc = B * B - 4 * A * C;
      if (A > 0 && disc >= 0) {
        ts.push((-B - Math.sqrt(disc)) / (2 * A), (-B + Math.sqrt(disc)) / (2 * A));
      }
    }
    for (const t of ts) if (t >= 0 && t <= 1) out.push(lerp(p0, p1, t));
  }
  return out;
}

function zoneHolds(zone: ThreatZone, target: Vec2 | OrientedRect, stands: readonly StandRef[], ctx: ZoneContext): boolean {
  if (!('cx' in target)) return inZoneShape(zone, target) && zoneSees(zone, target, stands, ctx);
  // A rectangle on the front edge itself (base contact) is in the zone.
  if (clipSegmentToRect(zone.frontLeft, zone.frontRight, target) !== null) return true;
  for (const p of zoneSamples(zone, target)) if (inZoneShape(zone, p) && zoneSees(zone, p, stands, ctx)) return true;
  return false;
}

export interface ZoneQueryOptions {
  /** Units whose stands do not block (besides the zone's owner and his attached General). */
  ignore?: readonly string[];
}

/**
 * Whether a point or any part of a rectangle (a stand) lies in the zone, with blocking (§13): the zone
 * stops at any other unit's stand, impassable terrain and loss of line of sight. For rectangles the
 * wedge test is exact and the shadowing is sampled along the outline every 5 mm.
 */
export function inZone(zone: ThreatZone, target: Vec2 | OrientedRect, units: readonly HmUnit[], ctx: ZoneContext, opts: ZoneQueryOptions = {}): boolean {
  const stands = standsOf(units, excluded(units, [zone.owner, ...(opts.ignore ?? [])]));
  return zoneHolds(zone, target, stands, ctx);
}

/** `inZone` for the zone of `owner` (none: false). Neutralisation is not applied here. */
export function inThreatZone(target: Vec2 | OrientedRect, owner: HmUnit, units: readonly HmUnit[], ctx: ZoneContext, opts: ZoneQueryOptions = {}): boolean {
  const zone = threatZone(owner, ctx);
  return zone !== null && inZone(zone, target, units, ctx, opts);
}

/** A point counts towards an area overlap only this far inside both wedges, mm (touching edges do not). */
const OVERLAP_CLEARANCE = 0.5;

/**
 * Whether two zones share any area after blocking (A15). The unblocked wedges are convex, so their
 * common part is found exactly (on the polygons, whose arcs are chords every 3°: within 0.2 mm).
 * Then a point of it must be seen by both zones: the centroid first, then a grid over the common
 * part (5 mm apart, coarser when that would exceed ~2000 samples) — so with blocking the test is sample-based, and an overlap that blocking
 * leaves thinner than the grid may be missed. A point counts only 0.5 mm inside both wedges: zones
 * that merely touch do not overlap.
 */
function zonesOverlap(z1: ThreatZone, z2: ThreatZone, all: readonly StandRef[], ctx: ZoneContext): boolean {
  if (segmentDistance(z1.frontLeft, z1.frontRight, z2.frontLeft, z2.frontRight) > z1.range + z2.range) return false;
  const b1 = bounds(z1.polygon);
  const b2 = bounds(z2.polygon);
  if (b1.maxX < b2.minX || b2.maxX < b1.minX || b1.maxY < b2.minY || b2.maxY < b1.minY) return false;
  const common = clipConvexPolygon(z1.polygon, z2.polygon);
  if (common.length < 3 || Math.abs(polygonArea(common)) < 1) return false;
  const s1 = all.filter((s) => !excludedBy(s.unit, z1.owner));
  const s2 = all.filter((s) => !excludedBy(s.unit, z2.owner));
  const counts = (p: Vec2): boolean =>
    inZoneShape(z1, p, -OVERLAP_CLEARANCE) && inZoneShape(z2, p, -OVERLAP_CLEARANCE) && zoneSees(z1, p, s1, ctx) && zoneSees(z2, p, s2, ctx);
  if (counts(polygonCentroid(common))) return true;
  const xs = common.map((p) => p.x);
  const ys = common.map((p) => p.y);
  const minX = Math.min(...xs);
  const maxX = Math.max(...xs);
  const minY = Math.min(...ys);
  const maxY = Math.max(...ys);
  // At most 5 mm apart (finer for a small common part), but no more than about 2000 samples.
  const area = Math.abs(polygonArea(common));
  const step = Math.max(0.5, Math.sqrt(area / 2000), Math.min(SAMPLE_STEP, (maxX - minX) / 8, (maxY - minY) / 8));
  for (let x = minX + step / 2; x < maxX; x += step) {
    for (let y = minY + step / 2; y < maxY; y += step) {
      const p = { x, y };
      if (pointInPolygon(p, common) && counts(p)) return true;
    }
  }
  return false;
}

function excludedBy(u: HmUnit, owner: string): boolean {
  return u.id === owner || u.rs.general?.attachedTo === owner;
}

/**
 * Every threat zone on the table, each with the enemy zones that neutralise it (§13, A15): any area
 * overlap of two opposing zones, after blocking, neutralises both; a neutralised zone still
 * neutralises others. Recompute whenever units move.
 */
export function threatZones(units: readonly HmUnit[], ctx: ZoneContext): ThreatZone[] {
  const zones = units.map((u) => threatZone(u, ctx)).filter((z): z is ThreatZone => z !== null);
  const all = standsOf(units, new Set());
  for (let i = 0; i < zones.length; i++) {
    for (let j = i + 1; j < zones.length; j++) {
      const a = zones[i]!;
      const b = zones[j]!;
      if (a.side === b.side) continue;
      if (zonesOverlap(a, b, all, ctx)) {
        a.neutralisedBy.push(b.owner);
        b.neutralisedBy.push(a.owner);
      }
    }
  }
  return zones;
}

/** The zones that still work: not neutralised. */
export function activeThreatZones(units: readonly HmUnit[], ctx: ZoneContext): ThreatZone[] {
  return threatZones(units, ctx).filter((z) => z.neutralisedBy.length === 0);
}

/**
 * The owners of the enemy zones that neutralise this one (A15), found by checking only the pairs
 * that involve it; empty when the zone is active. `threatZones` gives the same answer for every zone.
 */
export function neutralisersOf(zone: ThreatZone, units: readonly HmUnit[], ctx: ZoneContext): string[] {
  const all = standsOf(units, new Set());
  const out: string[] = [];
  for (const u of units) {
    if (u.side === zone.side) continue;
    const other = threatZone(u, ctx);
    if (other && zonesOverlap(zone, other, all, ctx)) out.push(other.owner);
  }
  return out;
}

/** The unit's stands plus those of a General attached to it. */
function bodyRects(u: HmUnit, units: readonly HmUnit[]): OrientedRect[] {
  const rects = u.stands.map((s) => standRect(u, s));
  for (const g of units) if (g.id !== u.id && isLive(g) && g.rs.general?.attachedTo === u.id) for (const s of g.stands) rects.push(standRect(g, s));
  return rects;
}

/** Replace the unit's entry in the list by `u` (or add it), so a proposed pose is what blocks. */
function withUnit(units: readonly HmUnit[], u: HmUnit): HmUnit[] {
  let found = false;
  const out = units.map((x) => {
    if (x.id !== u.id) return x;
    found = true;
    return u;
  });
  if (!found) out.push(u);
  return out;
}

/**
 * The first active enemy threat zone that any stand of the unit (or of a General attached to it) is in,
 * or null (§12 condition 1, §6.6). Pass `zones` (from `threatZones` or `activeThreatZones`, for this
 * arrangement of units) to reuse them; otherwise each enemy zone is tested for the unit's stands first
 * and for neutralisation only when it holds one, which is cheap when the unit is in no wedge.
 */
export function enemyZoneOn(u: HmUnit, units: readonly HmUnit[], ctx: ZoneContext, zones?: readonly ThreatZone[]): ThreatZone | null {
  const list = withUnit(units, u);
  const rects = bodyRects(u, list);
  const candidates = zones ?? list.map((e) => (e.side === u.side ? null : threatZone(e, ctx))).filter((z): z is ThreatZone => z !== null);
  const all = standsOf(list, new Set());
  for (const z of candidates) {
    if (z.side === u.side || z.neutralisedBy.length > 0) continue;
    const stands = all.filter((s) => !excludedBy(s.unit, z.owner));
    if (!rects.some((r) => zoneHolds(z, r, stands, ctx))) continue;
    if (zones || neutralisersOf(z, list, ctx).length === 0) return z;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Nearest enemy (§12, §19.3)

/** Enemy units that count as units: live, other side, not a General attached to a unit. */
function enemiesOf(u: HmUnit, units: readonly HmUnit[]): HmUnit[] {
  return units.filter((e) => e.side !== u.side && e.id !== u.id && isLive(e) && !isAttachedGeneral(e));
}

/** Distance between the two Colour Stands (closest points, A48). */
export function colourDistance(a: HmUnit, b: HmUnit): number {
  return rectDistance(colourStand(a), colourStand(b));
}

/** The nearest enemy unit by Colour-Stand distance (ties by id), or null. Lone Generals count. */
export function nearestEnemy(u: HmUnit, units: readonly HmUnit[]): { unit: HmUnit; distance: number } | null {
  let best: { unit: HmUnit; distance: number } | null = null;
  for (const e of enemiesOf(u, units)) {
    const d = colourDistance(u, e);
    if (!best || d < best.distance - EPS || (Math.abs(d - best.distance) <= EPS && e.id < best.unit.id)) best = { unit: e, distance: d };
  }
  return best;
}

/** The heading directly away from the nearest enemy (§19.3), Colour-Stand centre to centre, or null. */
export function awayFromNearestEnemy(u: HmUnit, units: readonly HmUnit[]): number | null {
  const n = nearestEnemy(u, units);
  if (!n) return null;
  const a = colourStand(u);
  const b = colourStand(n.unit);
  const v = sub({ x: a.cx, y: a.cy }, { x: b.cx, y: b.cy });
  return dhypot(v.x, v.y) < EPS ? wrapAngle(u.facing + Math.PI) : angleOf(v);
}

/**
 * Break & Run (§19.3): turn to face directly away from the nearest enemy (about the unit's centre) and
 * move 6" (foot) or 12" (mounted). Null when there is no enemy.
 */
export function runPose(u: HmUnit, units: readonly HmUnit[], dist = isMounted(u) ? inch(12) : inch(6)): Pose | null {
  const heading = awayFromNearestEnemy(u, units);
  if (heading === null) return null;
  const c = add({ x: u.x, y: u.y }, scale(direction(heading), dist));
  return { x: c.x, y: c.y, facing: heading };
}

// ---------------------------------------------------------------------------------------------
// §12 Automatic halts

export interface HaltCause {
  kind: 'threat-zone' | 'close-enemy';
  /** The enemy unit responsible. */
  enemy: string;
  text: string;
}

export interface HaltOptions {
  /** Active zones, when already computed for this arrangement of units. */
  zones?: readonly ThreatZone[];
}

/**
 * Why the unit must halt (A1), or null: (1) one of its stands is in the active threat zone of an
 * enemy mounted unit (zones exist only for unshaken units), or (2) its Colour Stand is within 9" of
 * the Colour Stand of an unshaken enemy unit and some straight line between the two Colour Stands
 * crosses no other unit's stand and no terrain impassable to this unit. Lone Generals count as enemy
 * units (a one-stand skirmishing-cavalry unit, §6.8); attached Generals are part of their unit. Line of
 * sight is not required. Exemptions (Resolve-result moves and the like) are the caller's business.
 */
export function haltCause(u: HmUnit, units: readonly HmUnit[], ctx: ZoneContext, opts: HaltOptions = {}): HaltCause | null {
  const list = withUnit(units, u);
  const zone = enemyZoneOn(u, list, ctx, opts.zones);
  if (zone) {
    const owner = list.find((x) => x.id === zone.owner);
    return { kind: 'threat-zone', enemy: zone.owner, text: `in the threat zone of ${owner?.name ?? zone.owner}` };
  }
  const mine = colourStand(u);
  const close = enemiesOf(u, list)
    .filter((e) => !isShaken(e, list))
    .map((e) => ({ e, d: rectDistance(mine, colourStand(e)) }))
    .filter((x) => x.d <= HALT_DISTANCE + EPS)
    .sort((p, q) => p.d - q.d || (p.e.id < q.e.id ? -1 : 1));
  for (const { e, d } of close) {
    const stands = standsOf(list, excluded(list, [u.id, e.id]));
    if (clearLineBetween(mine, colourStand(e), stands, ctx, u.rs.troop)) {
      return { kind: 'close-enemy', enemy: e.id, text: `Colour Stand ${toInches(d).toFixed(1)}" from ${e.name}'s, within 9"` };
    }
  }
  return null;
}

/** `haltCause` as a sentence, or null when the unit need not halt. */
export function haltReason(u: HmUnit, units: readonly HmUnit[], ctx: ZoneContext, opts: HaltOptions = {}): string | null {
  return haltCause(u, units, ctx, opts)?.text ?? null;
}

/**
 * Where a unit moving from its pose to `to` (straight, facing turned evenly) must halt (§12 "halts
 * immediately"), or null if it never has to. Samples every 5 mm of travel, then bisects to 0.1 mm; the
 * returned pose is the first one found halted. Zones are recomputed at each sample, as the mover's own
 * stands and zone change them.
 */
export function haltAlong(u: HmUnit, to: Pose, units: readonly HmUnit[], ctx: ZoneContext): { pose: Pose; travelled: number; cause: HaltCause } | null {
  const from: Pose = { x: u.x, y: u.y, facing: u.facing };
  const turn = wrapAngle(to.facing - from.facing);
  const at = (t: number): Pose => ({ x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t, facing: wrapAngle(from.facing + turn * t) });
  const reach = Math.max(...u.stands.map((s) => dhypot(s.f, s.l) + dhypot(s.width, s.depth) / 2));
  const travel = dhypot(to.x - from.x, to.y - from.y) + Math.abs(turn) * reach;
  const n = Math.max(1, Math.ceil(travel / SAMPLE_STEP));
  const cause = (t: number): HaltCause | null => haltCause(withPose(u, at(t)), units, ctx);
  let lo = 0;
  for (let k = 1; k <= n; k++) {
    const t = k / n;
    const c = cause(t);
    if (!c) {
      lo = t;
      continue;
    }
    let hi = t;
    let found = c;
    while ((hi - lo) * travel > 0.1) {
      const mid = (lo + hi) / 2;
      const m = cause(mid);
      if (m) {
        hi = mid;
        found = m;
      } else lo = mid;
    }
    const pose = at(hi);
    return { pose, travelled: dhypot(pose.x - from.x, pose.y - from.y), cause: found };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// §14 Attack range and Attack lines

export interface AttackLine {
  ok: boolean;
  /** Why not, or how: 'clear', 'clear after a 30° wheel', 'out of range ...'. */
  reason: string;
  /** Colour Stand to Colour Stand, mm. */
  distance: number;
  range: number;
  inRange: boolean;
  /** The smallest wheel that gives the straight-ahead line, signed (+ = left); 0 if none is needed. */
  wheel: number;
  pivot: 'left' | 'right' | null;
  /** Formed troops need both lines of §14.2; skirmishers a straight Colour-Stand path (B §1.3). */
  path: 'formed' | 'skirmisher';
}

/**
 * §14.2 second condition at one pose: a line straight ahead from some point of the Colour Stand's front
 * edge passes through the target's Colour Stand before meeting another unit's stand or impassable
 * terrain. Sampled across the shared lateral span every 5 mm, ends included.
 */
function straightAheadClear(cs: OrientedRect, target: OrientedRect, stands: readonly StandRef[], ctx: ZoneContext, troop: TroopType): boolean {
  const hw = cs.width / 2;
  const hd = cs.depth / 2;
  const ls = corners(target).map((p) => toLocal(cs, p).l);
  const lo = Math.max(-hw, Math.min(...ls));
  const hi = Math.min(hw, Math.max(...ls));
  if (lo > hi + 1e-9) return false;
  const far = hd + 2 * (distance({ x: cs.cx, y: cs.cy }, { x: target.cx, y: target.cy }) + target.width + target.depth) + 1;
  const n = Math.max(1, Math.ceil((hi - lo) / SAMPLE_STEP));
  for (let k = 0; k <= n; k++) {
    const l = lo + ((hi - lo) * k) / n;
    const a = fromLocal(cs, hd, l);
    const b = fromLocal(cs, far, l);
    const clip = clipSegmentToRect(a, b, target, -1e-9);
    if (!clip) continue;
    const entry = lerp(a, b, clip[0]);
    if (distance(a, entry) < EPS) return true;
    if (standBlocking(a, entry, stands) === null && !ctx.terrainBlocks(a, entry, troop)) return true;
  }
  return false;
}

/**
 * The smallest wheel (≤ 45°, either pivot) after which the straight-ahead line exists, or null.
 * Scans every 0.5° and bisects the first success to about 0.0001°.
 */
function neededWheel(attacker: HmUnit, target: OrientedRect, stands: readonly StandRef[], ctx: ZoneContext): { wheel: number; pivot: 'left' | 'right' | null } | null {
  const troop = attacker.rs.troop;
  if (straightAheadClear(colourStand(attacker), target, stands, ctx, troop)) return { wheel: 0, pivot: null };
  const clearAt = (angle: number, pivot: 'left' | 'right'): boolean => straightAheadClear(colourStandAt(attacker, wheelPose(attacker, angle, pivot)), target, stands, ctx, troop);
  let best: { wheel: number; pivot: 'left' | 'right' } | null = null;
  const step = radians(0.5);
  const steps = Math.round(MAX_WHEEL / step);
  for (const pivot of ['left', 'right'] as const) {
    for (let k = 1; k <= steps; k++) {
      const angle = k === steps ? MAX_WHEEL : k * step;
      if (best && angle > Math.abs(best.wheel)) break;
      if (!clearAt(angle, pivot)) continue;
      let lo = (k - 1) * step;
      let hi = angle;
      while (hi - lo > 1e-6) {
        const mid = (lo + hi) / 2;
        if (clearAt(mid, pivot)) hi = mid;
        else lo = mid;
      }
      if (!best || hi < Math.abs(best.wheel)) best = { wheel: pivot === 'left' ? hi : -hi, pivot };
      break;
    }
  }
  return best;
}

/**
 * B §1.3: the skirmishers' Colour Stand, turned to face the target's, can move straight to it: the
 * corridor it sweeps (its width, from where it stands to the target's centre) crosses no stand of a
 * third unit other than skirmishers, and no terrain impassable to it (tested on the corridor's centre
 * line and both sides).
 */
function skirmisherPathClear(attacker: HmUnit, a: OrientedRect, t: OrientedRect, stands: readonly StandRef[], ctx: ZoneContext): boolean {
  const from = { x: a.cx, y: a.cy };
  const to = { x: t.cx, y: t.cy };
  const len = distance(from, to);
  if (len < EPS) return true;
  const heading = angleOf(sub(to, from));
  const mid = lerp(from, to, 0.5);
  const corridor: OrientedRect = { cx: mid.x, cy: mid.y, facing: heading, width: a.width, depth: len + a.depth };
  for (const s of stands) if (!isSkirmisher(s.unit) && rectsOverlap(corridor, s.rect)) return false;
  const side = scale({ x: dsin(heading), y: -dcos(heading) }, a.width / 2);
  for (const off of [{ x: 0, y: 0 }, side, scale(side, -1)]) if (ctx.terrainBlocks(add(from, off), add(to, off), attacker.rs.troop)) return false;
  return true;
}

/**
 * Whether the attacker may Attack the target on geometry (§14.1–14.2): within Attack range, Colour
 * Stand to Colour Stand; a straight line between the Colour Stands crossing no third unit's stand and
 * no terrain impassable to the attacker; and a straight-ahead line from the front of its Colour Stand
 * through the target's Colour Stand, unblocked, now or after a wheel of up to 45° (the wheel needed is
 * returned). Skirmishers instead need the straight Colour-Stand path of B §1.3 and no wheel. Target
 * eligibility (§14.3), shaken attackers and halted-order limits are checked elsewhere.
 */
export function attackLine(attacker: HmUnit, target: HmUnit, units: readonly HmUnit[], ctx: ZoneContext, opts: { ignoreRange?: boolean } = {}): AttackLine {
  const a = colourStand(attacker);
  const t = colourStand(target);
  const dist = rectDistance(a, t);
  const range = attackRange(attacker, ctx);
  const skirm = isSkirmisher(attacker);
  const base = { distance: dist, range, inRange: dist <= range + EPS, wheel: 0, pivot: null, path: skirm ? 'skirmisher' : 'formed' } as const;
  const fail = (reason: string): AttackLine => ({ ...base, ok: false, reason });
  if (range <= 0) return fail(`${attacker.name} cannot Attack`);
  // With the book's no-measuring rule the range is found out only after the declaration (A §11.10).
  if (!base.inRange && !opts.ignoreRange) return fail(`out of range: ${toInches(dist).toFixed(1)}" > ${toInches(range).toFixed(0)}"`);
  const list = withUnit(units, attacker);
  const stands = standsOf(list, excluded(list, [attacker.id, target.id]));
  if (skirm) {
    return skirmisherPathClear(attacker, a, t, stands, ctx) ? { ...base, ok: true, reason: 'clear' } : fail('no straight path to the Colour Stand past formed troops and impassable terrain');
  }
  if (!clearLineBetween(a, t, stands, ctx, attacker.rs.troop)) return fail('no clear line between the Colour Stands');
  const w = neededWheel(attacker, t, stands, ctx);
  if (!w) return fail('no straight-ahead line to the Colour Stand even after a 45° wheel');
  const reason = w.wheel === 0 ? 'clear' : `clear after a ${Math.abs(degrees(w.wheel)).toFixed(1)}° wheel`;
  return { ...base, ok: true, reason, wheel: w.wheel, pivot: w.pivot };
}

// ---------------------------------------------------------------------------------------------
// §23.5 Flank and rear

export type Aspect = 'front' | 'flank' | 'rear';

/**
 * Which face of the target an Attack from the attacker's present position strikes (§23.5). Rear: every
 * stand of the attacking unit lies behind the line of the target's rear edge, and part of its Colour
 * Stand lies in the corridor between the rearward extensions of the target's flanks. Flank: not rear,
 * and part of the attacker's Colour Stand lies behind the line of the target's front edge. Otherwise
 * front. Skirmishers and Generals have no flank or rear.
 */
export function attackAspect(attacker: HmUnit, target: HmUnit): Aspect {
  if (!hasFlanks(target)) return 'front';
  const e = unitExtent(target);
  const frame = frameOf(target);
  const local = (r: OrientedRect): { f: number; l: number }[] => corners(r).map((p) => toLocal(frame, p));
  const all = attacker.stands.flatMap((s) => local(standRect(attacker, s)));
  const cs = local(colourStand(attacker));
  const tol = 1e-6;
  const csMinL = Math.min(...cs.map((p) => p.l));
  const csMaxL = Math.max(...cs.map((p) => p.l));
  const behindRear = all.every((p) => p.f <= e.minF + tol);
  const inCorridor = Math.min(csMaxL, e.maxL) - Math.max(csMinL, e.minL) > tol;
  if (behindRear && inCorridor) return 'rear';
  if (cs.some((p) => p.f < e.maxF - tol)) return 'flank';
  return 'front';
}

/**
 * Which side of `u` an enemy in base contact touches (for contacts and §21.1): by the touching stand's
 * centre in u's frame — behind the rear edge: rear; beyond a flank line: flank; otherwise front.
 * Units without flanks are touched in front.
 */
export function contactSides(u: HmUnit, units: readonly HmUnit[], tolerance = 1): { unit: string; side: Aspect }[] {
  const e = unitExtent(u);
  const frame = frameOf(u);
  const mine = u.stands.map((s) => standRect(u, s));
  const out: { unit: string; side: Aspect }[] = [];
  for (const o of enemiesOf(u, units)) {
    let side: Aspect | null = null;
    for (const s of o.stands) {
      const r = standRect(o, s);
      if (!mine.some((m) => rectDistance(m, r) <= tolerance)) continue;
      const c = toLocal(frame, { x: r.cx, y: r.cy });
      const here: Aspect = !hasFlanks(u) ? 'front' : c.f < e.minF ? 'rear' : c.l < e.minL || c.l > e.maxL ? 'flank' : 'front';
      const rank = { front: 0, flank: 1, rear: 2 } as const;
      if (side === null || rank[here] > rank[side]) side = here;
    }
    if (side) out.push({ unit: o.id, side });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// §18.2–18.3 Support

export interface SupportCheck {
  supported: boolean;
  reason: string;
  /** The supporting unit, or null (terrain, or none). */
  by: string | null;
}

const unsupported = (reason: string): SupportCheck => ({ supported: false, reason, by: null });

/** A friendly unit that may support: live, not a General (A19), not shaken, broken or going back. */
function steadyFriend(f: HmUnit, u: HmUnit, units: readonly HmUnit[]): boolean {
  return f.id !== u.id && f.side === u.side && isLive(f) && !isGeneral(f) && f.rs.retrograde === 'none' && !isShaken(f, units);
}

/**
 * Flank support (§18.2, A19), per flank. Foot: within 3" of that flank a stand of a friendly unit that
 * is not shaken, withdrawing/retreating/retiring or broken, or terrain impassable to cavalry. Mounted:
 * only a friendly mounted stand (skirmishing cavalry included), never terrain. Generals never support.
 * "Within 3" of the flank": the stand lies beside the flank (wholly outside the flank line, level with
 * some part of the flank edge) and no more than 3" from it, so a supporting line directly behind, a
 * stand diagonally behind a corner, or a friend beside a column's other flank does not count.
 */
export function flankSupport(u: HmUnit, units: readonly HmUnit[], ctx: ZoneContext): { left: SupportCheck; right: SupportCheck } {
  if (!hasFlanks(u)) {
    const none = unsupported(isGeneral(u) ? 'Generals have no flanks' : 'skirmishers have no flanks');
    return { left: none, right: none };
  }
  const e = unitExtent(u);
  const frame = frameOf(u);
  const mounted = isMounted(u);
  const check = (sideL: number, outward: -1 | 1, label: string): SupportCheck => {
    const a = fromLocal(frame, e.maxF, sideL);
    const b = fromLocal(frame, e.minF, sideL);
    let best: { unit: HmUnit; d: number } | null = null;
    for (const f of units) {
      if (!steadyFriend(f, u, units)) continue;
      if (mounted && !isMounted(f)) continue;
      for (const s of f.stands) {
        const r = standRect(f, s);
        const d = segmentRectDistance(a, b, r);
        if (d > FLANK_SUPPORT_DISTANCE + EPS) continue;
        const loc = corners(r).map((p) => toLocal(frame, p));
        // Beside the flank: wholly outside the flank line (a friend beside a narrow column's other
        // flank may be within 3" of this one too) and level with some part of the flank edge.
        if (Math.min(...loc.map((p) => p.l * outward)) < sideL * outward - 0.5) continue;
        if (Math.min(e.maxF, Math.max(...loc.map((p) => p.f))) - Math.max(e.minF, Math.min(...loc.map((p) => p.f))) <= 1e-6) continue;
        if (!best || d < best.d) best = { unit: f, d };
      }
    }
    if (best) return { supported: true, reason: `${best.unit.name} within 3" of the ${label} flank`, by: best.unit.id };
    if (!mounted && ctx.cavalryImpassableNear(a, b, FLANK_SUPPORT_DISTANCE)) return { supported: true, reason: `terrain impassable to cavalry on the ${label} flank`, by: null };
    return unsupported(`nothing within 3" of the ${label} flank`);
  };
  return { left: check(e.minL, -1, 'left'), right: check(e.maxL, 1, 'right') };
}

/**
 * Rear support (§18.3). Foot: a friendly infantry or cavalry unit (not artillery, not skirmishing
 * infantry, not a General) facing within 45° of this unit's facing, not shaken, withdrawing, retiring
 * or broken, with a stand wholly behind the line of the rear edge, inside the rearward projection of
 * one of this unit's stands, and within 9" of the rear edge; or the whole rear edge within 3" of
 * terrain impassable to cavalry (sampled every 5 mm). Mounted: the same with a friendly mounted unit
 * and 18", no terrain.
 */
export function rearSupport(u: HmUnit, units: readonly HmUnit[], ctx: ZoneContext): SupportCheck {
  if (!hasFlanks(u)) return unsupported(isGeneral(u) ? 'Generals have no rear' : 'skirmishers have no rear');
  const mounted = isMounted(u);
  const limit = mounted ? REAR_SUPPORT_MOUNTED : REAR_SUPPORT_FOOT;
  const e = unitExtent(u);
  const frame = frameOf(u);
  const rearLeft = fromLocal(frame, e.minF, e.minL);
  const rearRight = fromLocal(frame, e.minF, e.maxL);
  let best: { unit: HmUnit; d: number } | null = null;
  for (const f of units) {
    if (!steadyFriend(f, u, units)) continue;
    if (mounted ? !isMounted(f) : f.rs.troop === 'artillery' || f.rs.troop === 'skirmInf') continue;
    if (Math.abs(wrapAngle(f.facing - u.facing)) > REAR_SUPPORT_FACING + 1e-9) continue;
    for (const s of f.stands) {
      const r = standRect(f, s);
      const loc = corners(r).map((p) => toLocal(frame, p));
      if (loc.some((p) => p.f > e.minF + 0.5)) continue;
      const lo = Math.min(...loc.map((p) => p.l));
      const hi = Math.max(...loc.map((p) => p.l));
      const behindAStand = u.stands.some((m) => Math.min(hi, m.l + m.width / 2) - Math.max(lo, m.l - m.width / 2) > 1e-6);
      if (!behindAStand) continue;
      const d = segmentRectDistance(rearLeft, rearRight, r);
      if (d > limit + EPS) continue;
      if (!best || d < best.d) best = { unit: f, d };
    }
  }
  if (best) return { supported: true, reason: `${best.unit.name} ${toInches(best.d).toFixed(1)}" behind`, by: best.unit.id };
  if (!mounted) {
    const n = Math.max(1, Math.ceil(distance(rearLeft, rearRight) / SAMPLE_STEP));
    let all = true;
    for (let k = 0; k <= n && all; k++) {
      const p = lerp(rearLeft, rearRight, k / n);
      all = ctx.cavalryImpassableNear(p, p, REAR_TERRAIN_DISTANCE);
    }
    if (all) return { supported: true, reason: 'rear within 3" of terrain impassable to cavalry', by: null };
  }
  return unsupported('no rear support');
}

// ---------------------------------------------------------------------------------------------
// §14.3 eligible targets and §18.6 "within Attack range of flank/rear"

/** Whether the unit could be ordered to Attack at all: not artillery, not a General, not shaken or broken. */
export function mayAttack(u: HmUnit, units?: readonly HmUnit[]): boolean {
  return isLive(u) && !isGeneral(u) && u.rs.troop !== 'artillery' && !isShaken(u, units) && !isBroken(u);
}

/**
 * The eligible-targets table of §14.3 (A17: infantry may Attack artillery). A lone General counts as
 * skirmishing cavalry (§6.8). `targetInCover` is the caller's (terrain) knowledge.
 */
export function eligibleTarget(attacker: HmUnit, target: HmUnit, aspect: Aspect, targetInCover = false, units?: readonly HmUnit[]): boolean {
  if (isBroken(target)) return true;
  const t: TroopType = isGeneral(target) ? 'skirmCav' : target.rs.troop;
  const targetCavalry = t === 'lightCav' || t === 'heavyCav' || t === 'cuirassier';
  switch (attacker.rs.troop) {
    case 'infantry':
      return t === 'infantry' || t === 'skirmInf' || t === 'artillery' || (targetCavalry && aspect !== 'front');
    case 'skirmInf':
      return t === 'skirmInf';
    case 'skirmCav':
      return t === 'skirmInf' || t === 'skirmCav' || (isShaken(target, units) && !targetInCover) || (targetCavalry && aspect !== 'front');
    case 'lightCav':
    case 'heavyCav':
    case 'cuirassier':
      return !((t === 'infantry' || t === 'skirmInf') && targetInCover);
    default:
      return false;
  }
}

export type EligibleFn = (attacker: HmUnit, target: HmUnit, aspect: Aspect) => boolean;

/**
 * §18.6: 'flank' or 'rear' when the attacker is positioned so that it could Attack the target (able to
 * Attack, eligible target, range and lines of §14) and that Attack would strike its flank or rear;
 * otherwise null. `eligible` defaults to `eligibleTarget` with the target out of cover.
 */
export function flankOrRearThreat(attacker: HmUnit, target: HmUnit, units: readonly HmUnit[], ctx: ZoneContext, eligible?: EligibleFn): 'flank' | 'rear' | null {
  if (attacker.side === target.side || !mayAttack(attacker, units)) return null;
  const aspect = attackAspect(attacker, target);
  if (aspect === 'front') return null;
  const ok = eligible ? eligible(attacker, target, aspect) : eligibleTarget(attacker, target, aspect, false, units);
  if (!ok) return null;
  return attackLine(attacker, target, units, ctx).ok ? aspect : null;
}

/** Every enemy unit within Attack range of the unit's flank or rear (§18.1 own −1). */
export function flankOrRearThreats(u: HmUnit, units: readonly HmUnit[], ctx: ZoneContext, eligible?: EligibleFn): { unit: string; aspect: 'flank' | 'rear' }[] {
  if (!hasFlanks(u)) return [];
  const out: { unit: string; aspect: 'flank' | 'rear' }[] = [];
  for (const e of enemiesOf(u, units)) {
    const aspect = flankOrRearThreat(e, u, units, ctx, eligible);
    if (aspect) out.push({ unit: e.id, aspect });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// §21.1 thrown back, §11.8 overlaps, §11.9 leaving the table

/** Thrown back (§21.1): straight back, 2" by default. */
export function thrownBackPose(u: HmUnit, dist = THROWN_BACK_DISTANCE): Pose {
  return moveForward(u, -dist);
}

/** The direction a thrown-back unit moves: straight back. */
export const thrownBackHeading = (u: HmUnit): number => wrapAngle(u.facing + Math.PI);

export interface SweptCollisions {
  /** Friendly units (skirmishers apart) whose stands the moving stands would overlap. */
  friends: string[];
  enemies: string[];
  /** Skirmisher units of either side in the way (they are moved aside, §11.8). */
  skirmishers: string[];
  /** Terrain impassable to the unit lies on some stand's path. */
  terrain: boolean;
}

/**
 * What a unit would run into moving from its pose to `to`: for thrown back, follow-ups, withdrawals
 * and runs (§19, §21). The path is sampled so that no stand moves more than 5 mm between samples;
 * terrain is tested on the paths of each stand's corners and centre.
 */
export function sweptCollisions(u: HmUnit, to: Pose, units: readonly HmUnit[], ctx: ZoneContext): SweptCollisions {
  const from: Pose = { x: u.x, y: u.y, facing: u.facing };
  const turn = wrapAngle(to.facing - from.facing);
  const at = (t: number): Pose => ({ x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t, facing: wrapAngle(from.facing + turn * t) });
  const reach = Math.max(...u.stands.map((s) => dhypot(s.f, s.l) + dhypot(s.width, s.depth) / 2));
  const travel = dhypot(to.x - from.x, to.y - from.y) + Math.abs(turn) * reach;
  const n = Math.max(1, Math.ceil(travel / SAMPLE_STEP));
  const others = standsOf(units, excluded(units, [u.id]));
  const hit = new Map<string, HmUnit>();
  const points = (pose: Pose): Vec2[] =>
    u.stands.flatMap((s) => {
      const r = standRect(pose, s);
      return [...corners(r), { x: r.cx, y: r.cy }];
    });
  for (let k = 0; k <= n; k++) {
    const pose = at(k / n);
    for (const s of u.stands) {
      const r = standRect(pose, s);
      for (const o of others) if (!hit.has(o.unit.id) && rectsOverlap(r, o.rect)) hit.set(o.unit.id, o.unit);
    }
  }
  // Without a turn every point's path is straight: test it once; with one, step by step.
  let terrain = false;
  const legs = turn === 0 ? [0, 1] : Array.from({ length: n + 1 }, (_, k) => k / n);
  for (let i = 1; i < legs.length && !terrain; i++) {
    const p0 = points(at(legs[i - 1]!));
    const p1 = points(at(legs[i]!));
    terrain = p0.some((p, j) => ctx.terrainBlocks(p, p1[j]!, u.rs.troop));
  }
  const out: SweptCollisions = { friends: [], enemies: [], skirmishers: [], terrain };
  for (const o of hit.values()) {
    if (isSkirmisher(o)) out.skirmishers.push(o.id);
    else if (o.side === u.side) out.friends.push(o.id);
    else out.enemies.push(o.id);
  }
  return out;
}

/** Whether any stand of a overlaps any stand of b (touching is not overlapping). */
export function unitsOverlap(a: HmUnit, b: HmUnit): boolean {
  const rb = b.stands.map((s) => standRect(b, s));
  return a.stands.some((s) => {
    const r = standRect(a, s);
    return rb.some((q) => rectsOverlap(r, q));
  });
}

/** Indices of u's stands that overlap a stand of any of `others` (those still overlapping are destroyed, §11.8). */
export function overlappingStands(u: HmUnit, others: readonly HmUnit[]): number[] {
  const rects = others.filter((o) => o.id !== u.id && isLive(o)).flatMap((o) => o.stands.map((s) => standRect(o, s)));
  const out: number[] = [];
  u.stands.forEach((s, i) => {
    const r = standRect(u, s);
    if (rects.some((q) => rectsOverlap(r, q))) out.push(i);
  });
  return out;
}

/**
 * §11.8: two units ending a turn overlapping move equal distances directly apart (along the line
 * between their footprint centres; b's facing direction when they coincide) until clear. Returns both
 * new poses and the distance each moved (to 0.01 mm), or null when they do not overlap. Whether other
 * units or terrain stop them is the caller's (`overlappingStands`, `sweptCollisions`).
 */
export function separateOverlaps(a: HmUnit, b: HmUnit): { a: Pose; b: Pose; each: number } | null {
  if (!unitsOverlap(a, b)) return null;
  const centre = (u: HmUnit): Vec2 => {
    const e = unitExtent(u);
    return fromLocal(frameOf(u), (e.minF + e.maxF) / 2, (e.minL + e.maxL) / 2);
  };
  const v = sub(centre(b), centre(a));
  const len = dhypot(v.x, v.y);
  const dir = len < EPS ? direction(b.facing) : scale(v, 1 / len);
  const posed = (d: number): { a: Pose; b: Pose } => ({
    a: { x: a.x - dir.x * d, y: a.y - dir.y * d, facing: a.facing },
    b: { x: b.x + dir.x * d, y: b.y + dir.y * d, facing: b.facing },
  });
  const clear = (d: number): boolean => {
    const p = posed(d);
    return !unitsOverlap(withPose(a, p.a), withPose(b, p.b));
  };
  let hi = 1;
  while (!clear(hi)) {
    hi *= 2;
    if (hi > 1e5) throw new Error(`cannot separate ${a.id} and ${b.id}`);
  }
  // The doubling stopped at the first clear distance: half of it (if tried) was not clear.
  let lo = hi === 1 ? 0 : hi / 2;
  while (hi - lo > 0.01) {
    const mid = (lo + hi) / 2;
    if (clear(mid)) hi = mid;
    else lo = mid;
  }
  return { ...posed(hi), each: hi };
}

/** §11.9: some part of some stand lies beyond a table edge. */
export function offTable(u: HmUnit, table: { width: number; depth: number }): boolean {
  return u.stands.some((s) => corners(standRect(u, s)).some((p) => p.x < -EPS || p.y < -EPS || p.x > table.width + EPS || p.y > table.depth + EPS));
}
