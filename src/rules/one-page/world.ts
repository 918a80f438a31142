/**
 * How the one-page rules read the table: ground classes, cover and sight from the terrain layer,
 * and the geometry questions the actions ask (distances, arcs, contact, overlap).
 */

import {
  arcOf,
  bounds,
  corners,
  dot,
  frontCentre,
  lerp,
  normalize,
  pointPolylineDistance,
  pointRectDistance,
  pointSegDist,
  rectDistance,
  rectsFartherThan,
  rectInFrontZone,
  rectsOverlap,
  rectWithin,
  segmentsIntersect,
  type Arc,
  type OrientedRect,
  type Vec2,
} from '../../core/geometry';
import { unitFootprint } from '../../core/model';
import { inch } from '../../core/measure';
import type { Battlefield } from '../../terrain/battlefield';
import { isBoundary, type BoundaryFeature } from '../../terrain/features';
import { featuresAt } from '../../terrain/query';
import { slopeAt } from '../../terrain/heightmap';
import { lineOfSight, type SightResult } from '../../terrain/sight';
import { SHOOT_ARC_HALF_ANGLE, terrainSpeedFactor, UNIT_TYPES, WOODS_SIGHT, type Cover, type GroundClass, type Mover } from './charts';
import type { OnePageState, OnePageUnit } from './types';
import { dcos, dhypot, dsin } from '../../core/detmath';

/** Slopes steeper than this count as "steep slopes", difficult ground (digest §7.3). */
export const STEEP_SLOPE = 0.6;

/**
 * A unit's footprint, remembered on the unit object while its pose and stands stay the same: overlap
 * tests ask for every unit's footprint at every step of every move. The memo is a hidden property
 * (a symbol, not enumerable), so copies, saves and the state hash never see it.
 */
const FOOTPRINT = Symbol('footprint');

interface FootprintMemo {
  x: number;
  y: number;
  facing: number;
  stands: unknown;
  rect: OrientedRect;
}

export function footprint(u: Pick<OnePageUnit, 'x' | 'y' | 'facing' | 'stands'>): OrientedRect {
  const holder = u as { [FOOTPRINT]?: FootprintMemo };
  const known = holder[FOOTPRINT];
  if (known && known.x === u.x && known.y === u.y && known.facing === u.facing && known.stands === u.stands) return known.rect;
  const rect = unitFootprint(u);
  const memo = { x: u.x, y: u.y, facing: u.facing, stands: u.stands, rect };
  if (known) holder[FOOTPRINT] = memo;
  else if (Object.isExtensible(u)) Object.defineProperty(u, FOOTPRINT, { value: memo, writable: true, enumerable: false });
  return rect;
}

/** Ground within this distance of a hedge, wall or fence counts as crossing it (broken ground, Q25). */
export const BOUNDARY_ZONE = inch(0.5);

/**
 * The one-page ground class at a point (§7.3, Q25, Q56): roads negate terrain and bridges are road;
 * fords, woods, marsh and steep slopes are difficult; orchards, rocky ground and crossing a field
 * boundary are broken; crops do not slow troops.
 */
export function groundAt(bf: Battlefield, p: Vec2): GroundClass {
  // One pass over the features here, then the classes in order of precedence.
  let road = false;
  let ford = false;
  let water = false;
  let heavy = false;
  let rough = false;
  for (const f of featuresAt(bf, p)) {
    const k = f.kind;
    if (k === 'road' || k === 'bridge') road = true;
    else if (k === 'ford') ford = true;
    else if (k === 'river' || k === 'stream') water = true;
    else if (k === 'wood' || k === 'marsh') heavy = true;
    else if (k === 'orchard' || k === 'rough') rough = true;
  }
  if (road) return 'road';
  if (ford) return 'difficult';
  if (water) return 'water';
  if (heavy) return 'difficult';
  if (slopeAt(bf.heightmap, p.x, p.y) > STEEP_SLOPE) return 'difficult';
  if (rough) return 'broken';
  for (const b of boundariesOf(bf)) {
    if (p.x < b.minX || p.x > b.maxX || p.y < b.minY || p.y > b.maxY) continue;
    if (pointPolylineDistance(p, b.line) <= BOUNDARY_ZONE) return 'broken';
  }
  return 'open';
}

/**
 * The hedges, walls and fences of a table, each with its bounds grown by the boundary zone (and a
 * millimetre more): a point outside them is surely out of the zone. Ground is asked for at every
 * step of every move, and most points are nowhere near a boundary.
 */
const boundaryZones = new WeakMap<Battlefield, { line: readonly Vec2[]; minX: number; minY: number; maxX: number; maxY: number }[]>();

function boundariesOf(bf: Battlefield): { line: readonly Vec2[]; minX: number; minY: number; maxX: number; maxY: number }[] {
  const known = boundaryZones.get(bf);
  if (known) return known;
  const margin = BOUNDARY_ZONE + 1;
  const zones = bf.features.filter(isBoundary).map((f) => {
    const b = bounds(f.line);
    return { line: f.line, minX: b.minX - margin, minY: b.minY - margin, maxX: b.maxX + margin, maxY: b.maxY + margin };
  });
  boundaryZones.set(bf, zones);
  return zones;
}

/** The hedge, wall or fence, if any, that the straight line from a to b crosses. */
export function boundaryBetween(bf: Battlefield, a: Vec2, b: Vec2): BoundaryFeature | undefined {
  return bf.features.find((f): f is BoundaryFeature => isBoundary(f) && f.line.some((q, i) => i > 0 && segmentsIntersect(a, b, f.line[i - 1]!, q)));
}

export function moverOf(u: OnePageUnit): Mover {
  const def = UNIT_TYPES[u.rs.typeId];
  if (u.formation === 'skirmish' || u.rs.traits.includes('skirmisher') || u.quality === 'irregular') return 'skirmisher';
  if (def.kind === 'commander') return 'skirmisher';
  if (def.kind === 'cavalry') return 'cavalry';
  if (def.kind === 'infantry') return u.formation === 'column' ? 'column' : 'line';
  return 'artillery';
}

/** Speed factor of the ground at a point for this unit. */
export function speedFn(bf: Battlefield, u: OnePageUnit): (p: Vec2) => number {
  const mover = moverOf(u);
  return (p) => terrainSpeedFactor(groundAt(bf, p), mover);
}

/** Outline samples no more than an inch apart on the edges of r whose outward side faces `dir`. */
function leadingSamples(r: OrientedRect, dir: Vec2): Vec2[] {
  const c = corners(r);
  // Edges front, right, rear, left, each with its outward normal.
  const fwd = { x: dcos(r.facing), y: dsin(r.facing) };
  const right = { x: fwd.y, y: -fwd.x };
  const edges: [Vec2, Vec2, Vec2][] = [
    [c[0], c[1], fwd],
    [c[1], c[2], right],
    [c[2], c[3], { x: -fwd.x, y: -fwd.y }],
    [c[3], c[0], { x: -right.x, y: -right.y }],
  ];
  const out: Vec2[] = [];
  for (const [a, b, n] of edges) {
    if (dot(n, dir) <= 0.01) continue;
    const k = Math.max(1, Math.ceil(dhypot(b.x - a.x, b.y - a.y) / inch(1)));
    for (let i = 0; i <= k; i++) out.push(lerp(a, b, i / k));
  }
  return out;
}

/**
 * Speed factor for a unit moving in direction `dir` with this facing, its centre at p: the slowest
 * ground under its leading edges, so a line stops with its front at a wood's edge rather than its
 * centre, and a unit already straddling bad ground may still move out of it. A unit whose centre is
 * on a road uses the road (roads negate terrain). The AI's forecasts pass a cached `ground`.
 */
export function moveSpeedFn(bf: Battlefield, u: OnePageUnit, facing: number, dir: Vec2, ground: (bf: Battlefield, p: Vec2) => GroundClass = groundAt): (p: Vec2) => number {
  // A boat rides the channel: it goes wherever its centre has water under it, and nowhere else.
  if (u.kind === 'boat') return (p) => (navigable(bf, p) ? 1 : 0);
  const mover = moverOf(u);
  const d = normalize(dir);
  // The facing is fixed for the whole move, so the samples sit at fixed offsets from the centre.
  const r0 = unitFootprint({ x: u.x, y: u.y, facing, stands: u.stands });
  const offsets = d.x === 0 && d.y === 0 ? [{ x: 0, y: 0 }] : leadingSamples(r0, d).map((q) => ({ x: q.x - u.x, y: q.y - u.y }));
  // One point refilled for every sample: the ground is read there and the point is kept by nobody.
  const q = { x: 0, y: 0 };
  return (p) => {
    const here = ground(bf, p);
    if (here === 'road') return terrainSpeedFactor('road', mover);
    let f = 1;
    for (const o of offsets) {
      q.x = p.x + o.x;
      q.y = p.y + o.y;
      f = Math.min(f, terrainSpeedFactor(ground(bf, q), mover));
      if (f === 0) break;
    }
    return f;
  };
}

export function figureHeight(u: OnePageUnit): number {
  return UNIT_TYPES[u.rs.typeId].figureHeight;
}

/** Combat units count for army break and victory points (Q55); commanders, wagons and boats do not. */
export function isCombatUnit(u: OnePageUnit): boolean {
  return u.kind === 'infantry' || u.kind === 'cavalry' || u.kind === 'artillery';
}

/** Units on the table: not removed, and not aboard a boat. */
export function liveUnits(state: OnePageState): OnePageUnit[] {
  return state.units.filter((u) => !u.removed && !u.carriedBy);
}

/** The unit a boat carries, if any (Q11: one unit). */
export function passengerOf(state: OnePageState, boat: OnePageUnit): OnePageUnit | undefined {
  return state.units.find((u) => u.carriedBy === boat.id && !u.removed);
}

/** Water a boat can float on: the river or stream, and the fords and bridges over it. */
export function navigable(bf: Battlefield, p: Vec2): boolean {
  return featuresAt(bf, p).some((f) => f.kind === 'river' || f.kind === 'stream' || f.kind === 'ford' || f.kind === 'bridge');
}

/**
 * How a boat's move runs against the current (§7.1): with it within 45° of the flow, against it
 * within 45° of upstream, across otherwise. The flow runs along the water's line, first point upstream.
 */
export function currentFor(bf: Battlefield, p: Vec2, dir: Vec2): 'with' | 'against' | 'across' {
  let best: { d: number; flow: Vec2 } | null = null;
  for (const f of bf.features) {
    if (f.kind !== 'river' && f.kind !== 'stream') continue;
    for (let i = 1; i < f.line.length; i++) {
      const a = f.line[i - 1]!;
      const b = f.line[i]!;
      const d = pointPolylineDistance(p, [a, b]);
      if (!best || d < best.d) best = { d, flow: normalize({ x: b.x - a.x, y: b.y - a.y }) };
    }
  }
  if (!best) return 'across';
  const c = dot(normalize(dir), best.flow);
  return c >= Math.SQRT1_2 ? 'with' : c <= -Math.SQRT1_2 ? 'against' : 'across';
}

export function unitById(state: OnePageState, id: unknown): OnePageUnit | undefined {
  return typeof id === 'string' ? state.units.find((u) => u.id === id && !u.removed) : undefined;
}

/** Points of a target that a line of sight may reach: "any part of the target" (Q29). */
function sightPoints(r: OrientedRect): Vec2[] {
  return [{ x: r.cx, y: r.cy }, ...corners(r)];
}

/**
 * Can unit a see unit b? From a's front edge at its figures' eye height to any part of b at b's
 * figure height, over the heightmap and the canopy; sight reaches 3" into woods (the sheet).
 */
export function canSee(state: OnePageState, bf: Battlefield, a: OnePageUnit, b: OnePageUnit): boolean {
  // Troops do not block sight here: the answer reads only the ground, the two units' poses, stands
  // and figure heights, and the visibility limit. The orders listing and the AI ask the same pairs
  // again and again, so the last answer per pair is kept, with everything it was read from.
  const limit = state.rules.visibilityLimit;
  let byViewer = sightMemos.get(bf);
  if (!byViewer) sightMemos.set(bf, (byViewer = new Map()));
  // By viewer id, then target id: no pair key is built for the many lookups.
  let pairs = byViewer.get(a.id);
  if (!pairs) byViewer.set(a.id, (pairs = new Map()));
  const known = pairs.get(b.id);
  if (known && known.limit === limit && samePose(known.a, a) && samePose(known.b, b)) return known.visible;
  const visible = lookFrom(bf, limit, a, b);
  pairs.set(b.id, { limit, a: poseOf(a), b: poseOf(b), visible });
  return visible;
}

/** What canSee reads of a unit. */
interface SightPose {
  x: number;
  y: number;
  facing: number;
  stands: OnePageUnit['stands'];
  typeId: OnePageUnit['rs']['typeId'];
}

/** The last answer of canSee per battlefield and pair of unit ids, with the poses it was read from. */
const sightMemos = new WeakMap<Battlefield, Map<string, Map<string, { limit: number; a: SightPose; b: SightPose; visible: boolean }>>>();

function poseOf(u: OnePageUnit): SightPose {
  return { x: u.x, y: u.y, facing: u.facing, stands: u.stands, typeId: u.rs.typeId };
}

function samePose(p: SightPose, u: OnePageUnit): boolean {
  return Object.is(p.x, u.x) && Object.is(p.y, u.y) && Object.is(p.facing, u.facing) && p.stands === u.stands && p.typeId === u.rs.typeId;
}

function lookFrom(bf: Battlefield, limit: number, a: OnePageUnit, b: OnePageUnit): boolean {
  const from = frontCentre(footprint(a));
  const opts = {
    eyeHeight: figureHeight(a),
    targetHeight: figureHeight(b),
    obscuringLimit: WOODS_SIGHT,
    ...(limit > 0 ? { maxRange: limit } : {}),
  };
  return sightPoints(footprint(b)).some((p) => lineOfSight(bf, from, p, opts).visible);
}

/** What blocks a's view of b's centre (undefined when it is clear), for explaining a refusal. */
export function sightBlocker(state: OnePageState, bf: Battlefield, a: OnePageUnit, b: OnePageUnit): SightResult['blockedBy'] {
  const limit = state.rules.visibilityLimit;
  const r = footprint(b);
  return lineOfSight(bf, frontCentre(footprint(a)), { x: r.cx, y: r.cy }, {
    eyeHeight: figureHeight(a),
    targetHeight: figureHeight(b),
    obscuringLimit: WOODS_SIGHT,
    ...(limit > 0 ? { maxRange: limit } : {}),
  }).blockedBy;
}

/** Whether a point is within sight of a unit (commander to unit, for command control). */
export function canSeePoint(state: OnePageState, bf: Battlefield, a: OnePageUnit, p: Vec2, targetHeight: number): boolean {
  const limit = state.rules.visibilityLimit;
  return lineOfSight(bf, { x: a.x, y: a.y }, p, {
    eyeHeight: figureHeight(a),
    targetHeight,
    obscuringLimit: WOODS_SIGHT,
    ...(limit > 0 ? { maxRange: limit } : {}),
  }).visible;
}

/** Is any part of b within a's front arc (45° either side, from the front corners)? */
export function inFrontArc(a: OnePageUnit, b: OnePageUnit): boolean {
  return rectInFrontZone(footprint(a), footprint(b), SHOOT_ARC_HALF_ANGLE);
}

export function unitDistance(a: OnePageUnit, b: OnePageUnit): number {
  return rectDistance(footprint(a), footprint(b));
}

/** Whether two units stand more than `reach` apart: `unitDistance(a, b) > reach`, cheaply for the many pairs far apart. */
export function unitsBeyond(a: OnePageUnit, b: OnePageUnit, reach: number): boolean {
  const ra = footprint(a);
  const rb = footprint(b);
  return rectsFartherThan(ra, rb, reach) || rectDistance(ra, rb) > reach;
}

/** Which arc of the target the attacker stands in (Q32, Q37): beyond 45° of its facing is a flank. */
export function arcOfAttacker(target: OnePageUnit, attacker: OnePageUnit): Arc {
  return arcOf(footprint(target), { x: attacker.x, y: attacker.y }, Math.PI / 4);
}

/** Area features a unit stands in for cover (Q33): all of them partial cover. */
const COVERING_AREAS = new Set(['wood', 'orchard', 'crops']);

/**
 * Cover of a target from a shooter (Q33): a unit mostly inside a wood, orchard or crops has partial
 * cover; a line of fire that crosses a hedge or fence just in front of it gives partial cover, a
 * stone wall full cover. The better cover counts.
 */
export function coverOf(bf: Battlefield, target: OnePageUnit, shooter?: OnePageUnit): Cover {
  const r = footprint(target);
  let cover = areaCover(bf, r);
  if (shooter) {
    const from = { x: shooter.x, y: shooter.y };
    const to = { x: r.cx, y: r.cy };
    for (const f of bf.features) {
      if (!isBoundary(f)) continue;
      // The boundary must cross the line of fire, and be at the target (within 2" of its footprint).
      const crossed = f.line.some((q, i) => i > 0 && segmentsIntersect(from, to, f.line[i - 1]!, q));
      if (!crossed || !lineNearRect(f.line, r, inch(2))) continue;
      if (f.kind === 'wall') return 'full';
      cover = 'partial';
    }
  }
  return cover;
}

/**
 * The cover a footprint stands in, from the areas under its centre and corners: remembered by the
 * footprint object (never changed once made), as a fire forecast asks it of every enemy that may shoot.
 */
const areaCovers = new WeakMap<OrientedRect, { bf: Battlefield; cover: Cover }>();

function areaCover(bf: Battlefield, r: OrientedRect): Cover {
  const known = areaCovers.get(r);
  if (known && known.bf === bf) return known.cover;
  const pts = [{ x: r.cx, y: r.cy }, ...corners(r)];
  const inside = pts.filter((p) => featuresAt(bf, p).some((f) => COVERING_AREAS.has(f.kind))).length;
  // The majority of the unit decides (Q33).
  const cover: Cover = inside * 2 > pts.length ? 'partial' : 'none';
  areaCovers.set(r, { bf, cover });
  return cover;
}

function lineNearRect(line: readonly Vec2[], r: OrientedRect, within: number): boolean {
  for (let i = 1; i < line.length; i++) {
    for (let k = 0; k <= 8; k++) {
      const t = k / 8;
      const p = { x: line[i - 1]!.x + (line[i]!.x - line[i - 1]!.x) * t, y: line[i - 1]!.y + (line[i]!.y - line[i - 1]!.y) * t };
      if (pointRectDistance(r, p) <= within) return true;
    }
  }
  return false;
}

/** Units that a unit at footprint r would overlap, other than those listed in `ignore`. */
export function overlapping(state: OnePageState, r: OrientedRect, ignore: readonly string[]): OnePageUnit[] {
  const out: OnePageUnit[] = [];
  for (const u of state.units) if (!u.removed && !u.carriedBy && !ignore.includes(u.id) && rectsOverlap(r, footprint(u))) out.push(u);
  return out;
}

/**
 * The first unit a unit at footprint r would overlap that `passes` does not let through, other than
 * those in `ignore`: overlapping's answer without building the list, for the many tests of a move.
 * `among` narrows the units looked at (see unitsNearPath).
 */
export function firstOverlapping(state: OnePageState, r: OrientedRect, ignore: readonly string[], passes: (u: OnePageUnit) => boolean, among: readonly OnePageUnit[] = state.units): OnePageUnit | undefined {
  for (const u of among) if (!u.removed && !u.carriedBy && !ignore.includes(u.id) && rectsOverlap(r, footprint(u)) && !passes(u)) return u;
  return undefined;
}

/**
 * How far any part of a unit's footprint can reach from its position (x, y), whatever its facing:
 * the corner of the box around all its stands.
 */
export function reachFromPosition(u: Pick<OnePageUnit, 'stands'>): number {
  let f = 0;
  let l = 0;
  for (const s of u.stands) {
    f = Math.max(f, Math.abs(s.f) + s.depth / 2);
    l = Math.max(l, Math.abs(s.l) + s.width / 2);
  }
  return Math.sqrt(f * f + l * l);
}

/**
 * The live units a unit of u's stands could overlap anywhere with its position on the segment a-b:
 * those whose footprints come within u's reach of the segment, a millimetre to spare. A walk or a
 * forecast tests for overlap at many points along one line, and need only test these.
 */
export function unitsNearPath(state: OnePageState, u: Pick<OnePageUnit, 'stands'>, a: Vec2, b: Vec2): OnePageUnit[] {
  const reach = reachFromPosition(u) + 1;
  const out: OnePageUnit[] = [];
  for (const o of state.units) {
    if (o.removed || o.carriedBy) continue;
    const r = footprint(o);
    const half = Math.sqrt(r.width * r.width + r.depth * r.depth) / 2;
    if (pointSegDist(r.cx, r.cy, a.x, a.y, b.x, b.y) <= reach + half) out.push(o);
  }
  return out;
}

/** May `mover` pass through `other` (Q23)? Skirmishers, irregulars and commanders pass friends. */
export function mayInterpenetrate(mover: OnePageUnit, other: OnePageUnit): boolean {
  if (mover.side !== other.side) return false;
  const loose = (u: OnePageUnit): boolean => moverOf(u) === 'skirmisher';
  return loose(mover) || loose(other);
}

export function onTable(bf: Pick<Battlefield, 'width' | 'depth'>, r: OrientedRect): boolean {
  return rectWithin(r, bf.width, bf.depth);
}

export function centreOnTable(bf: Battlefield, p: Vec2): boolean {
  return p.x >= 0 && p.y >= 0 && p.x <= bf.width && p.y <= bf.depth;
}

