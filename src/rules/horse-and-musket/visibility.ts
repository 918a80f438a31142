/**
 * Horse-and-musket optional visibility (digest C §8; seed src 5309–5355): who may Attack, order with
 * a General card, or fire artillery at whom. Two ways of settling the terrain part of a sight line:
 *
 * - 'levels' is the book's reading, done literally as C §8.3–8.7 say: discrete levels from the hill
 *   footprints (B §4.3), the blocking features of §8.4, the three cases of §8.5 with reciprocity,
 *   the crest rules of §8.6 and the rule-of-thumb dead ground of §8.7 (hill: 1" behind the crest to
 *   10" beyond the far foot; woods and buildings: 2" deep), with "just inside the edge" (τ = 1").
 * - 'computed' asks the terrain layer (lineOfSight over the heightmap, canopies and roofs) with
 *   figure heights for the troop types, so dead ground comes from the real shape of the ground
 *   (the digest's optional `realisticLOS`, C §8.12).
 *
 * Both modes then apply the same caps: concealment (§8.8, enemies only, lifted by firing), the
 * interior limits of woods, towns and other rough ground (§8.9, everyone) and the weather (§8.10,
 * B §4.12). The cheap caps are tried before any terrain test, the sample pairs nearest first, and
 * the search stops at the first pair that sees.
 *
 * [ENGINE DEFAULT] choices made here (the digest leaves them open):
 * - A hill with no `shape` is domed. A flat-topped hill's plateau is read from the heightmap as
 *   C §8.12 says: the part of the footprint within 0.1" of the highest ground in it. The ground
 *   drawn is what players see, so the plateau edge is where the drawn top ends (on a slope this
 *   reaches a little way down it). A heightmap flat over the whole footprint makes it all plateau.
 * - The dome centre is the hill's `centre` (its summit); levels ignore HillFeature.level (a
 *   syw-orders piece level) and count footprints (hillLevelAt's rule).
 * - A wood or built-up area's level (hF) is the level of the ground where the line crosses it (the
 *   middle of its first crossing), so a wood on a hill is an obstacle at the hill's level.
 * - The "situation" of a target stand for concealment (inside a wood, on a hill...) is read at the
 *   stand's centre. An SI stand "occupies" a hamlet or farm (never seen) when it is within 0.25" of
 *   a building; "behind a linear obstacle" means within 1" of a hedge, wall or fence that the sight
 *   line crosses.
 * - Mist: a sample point is "on a normal hill" when it lies on a hill whose face there is normal,
 *   steep, very steep or sheer (gradientClassAt); a hill read as 'level' counts as gentle.
 * - Open woods (orchards, open woodland, scrub) do not block in 'levels' (§8.4). In 'computed'
 *   lineOfSight settles the ground and the roofs, and the canopies are judged wood by wood: the
 *   woods holding either end are looked through as far as their interior limit (§8.9, checked on
 *   the plan for both modes), an open wood crossed on the way for up to 6" below its canopy, and any
 *   other canopy the line passes below blocks. (lineOfSight's single obscuringLimit is one budget
 *   for the whole line, which would let the allowance of the target's wood be spent in another.)
 *   `literalSameLevel` reads the levels rule and has no effect in 'computed'.
 * - Hill dead ground, §8.7.1 condition 4 (level(p) ≤ hF) against its own example ("another hill at
 *   F's level or higher is not dead"): on F's footprint p is dead at level ≤ hF, beyond it only
 *   below hF.
 * - 'computed' eye and target heights are the figures' heights (FIGURE_HEIGHT: foot 20 mm, guns
 *   15 mm, horse 28-30 mm), not §8.12's 0.5"/0.25": "any part of the target" is its top. A building
 *   is seen at its roof ridge. Both can be set in the context.
 * - The elongated-ridge hill of §8.6 is not modelled: HillFeature has no ridge line.
 */

import { corners, frontCentre, pointInPolygon, segmentDistance, type OrientedRect, type Vec2 } from '../../core/geometry';
import { formatLength, inch } from '../../core/measure';
import { standRect, type Stand, type Unit } from '../../core/model';
import type { Battlefield } from '../../terrain/battlefield';
import { woodDensityOf, type BuildingFeature, type HillFeature, type TerrainFeature } from '../../terrain/features';
import { gradientClassAt, type GroundGradient } from '../../terrain/gradient';
import { heightAt } from '../../terrain/heightmap';
import { featuresAt } from '../../terrain/query';
import { lineOfSight } from '../../terrain/sight';
import { boundsMeetSegment, containsPoint, featureIntervals, insidePolygon, terrainIndex, type CompiledFeature } from '../../terrain/spatial';
import type { TroopType, Weather } from './types';

/** How the terrain part of a sight line is settled: the book's levels, or the heightmap. */
export type SightMode = 'computed' | 'levels';

/** Default "just inside the edge" tolerance τ (C §8.7.3). */
export const DEFAULT_TAU = inch(1);
/** Dead ground behind a hill: from this far behind the crest (C §8.7.1)... */
export const CREST_OFFSET = inch(1);
/** ...to this far beyond the hill's far lower edge. */
export const FAR_BAND = inch(10);
/** Default depth of the dead zone behind a wood or built-up area (C §8.7.2). */
export const DEFAULT_DEAD_DEPTH = inch(2);
/** How far onto a lower viewer's side of a flat-topped hill's plateau a unit may stand and be seen (B §4.3). */
export const PLATEAU_EDGE = inch(1);
/** C §8.12: the plateau is the ground within this of the hill's highest point. */
export const PLATEAU_BAND = inch(0.1);
/** Skirmishers within this of a linear obstacle the line crosses are "behind" it (C §8.8). */
export const BEHIND_OBSTACLE = inch(1);
/** Skirmishers within this of a building occupy it (C §8.8, hamlet or farm). */
export const OCCUPY_GAP = inch(0.25);

/** Concealment caps (C §8.8). */
export const CAP_IN_COVER = inch(9);
export const CAP_SKIRMISHERS = inch(3);

/** Height of the figures of each troop type, mm: eye height as observer, top of what may be seen as target. */
export const FIGURE_HEIGHT: { readonly [T in TroopType]: number } = {
  infantry: 20,
  skirmInf: 20,
  artillery: 15,
  lightCav: 28,
  heavyCav: 30,
  cuirassier: 30,
  skirmCav: 28,
  general: 30,
};

/** What a unit must carry to look or be looked at. An HmUnit is one. */
export type SightUnit = Pick<Unit, 'x' | 'y' | 'facing' | 'stands'> & { rs: { troop: TroopType; firedUntilTurn?: number } };

/** A point to be seen (a hidden-movement counter's centre) or a building (artillery may fire at it, C §8.1.11). */
export type SightTarget = SightUnit | { point: Vec2 } | { building: BuildingFeature };

/** Dead ground agreed before the battle (C §8.7.4). */
export interface DeadGroundZone {
  polygon: Vec2[];
  /** Areas from which the zone is dead ground. */
  vantage: Vec2[][];
}

export interface SightContext {
  mode: SightMode;
  weather: Weather;
  /** The observer is an enemy of the target: only then do the concealment caps apply (C §8.2). */
  enemy: boolean;
  /** "Just inside the edge" tolerance, mm; default 1". */
  tau?: number;
  /** C §8.5 losLiteralSameLevel: on the same level, any hill, wood or built-up area crossed blocks. */
  literalSameLevel?: boolean;
  /** The target's troop type, for a point target (or to override a unit's). */
  targetTroop?: TroopType;
  /** The target has fired and may be seen at any distance (C §8.8). Absent: read from rs.firedUntilTurn and `turn`. */
  targetFired?: boolean;
  /** Current turn number, to read a unit's firedUntilTurn. */
  turn?: number;
  /** Dead-zone depth per feature id, mm (C §8.4 "editable"); others 2". */
  deadGroundDepth?: Readonly<Record<string, number>>;
  /** Authored dead ground; replaces the rule of thumb for observers in its vantage areas. */
  deadGroundZones?: readonly DeadGroundZone[];
  /** 'computed': eye height of the observer, mm (default: its figures' height). */
  eyeHeight?: number;
  /** 'computed': height of the target points, mm (default: its figures' height; a building's roof). */
  targetHeight?: number;
}

export interface SightVerdict {
  visible: boolean;
  /** For the player: why not, or how. */
  reason: string;
  /** The deciding sample pair: the first that sees, or the nearest that does not. */
  from?: Vec2;
  to?: Vec2;
}

/** Weather cap on every sight line, mm (C §8.10, B §4.12). Mist is lifted for two ends on normal hills: see canSee. */
export function weatherCap(weather: Weather): number {
  switch (weather) {
    case 'rain':
      return inch(30);
    case 'heavyRain':
      return inch(18);
    case 'mist':
      return inch(15);
    case 'fog':
      return inch(9);
    case 'clear':
      return Infinity;
  }
}

const WEATHER_WORD: { readonly [W in Weather]: string } = { clear: 'clear', rain: 'rain', heavyRain: 'heavy rain', mist: 'mist', fog: 'fog' };

/**
 * The observer's sample points and the point its level is read at (C §8.3): artillery, the front
 * centre of the gun stand; a General, his stand's corners and centre; any other unit, its Colour
 * Stand's corners, centre and front-edge midpoint.
 */
export function observerSamples(observer: SightUnit): { points: Vec2[]; reference: Vec2 } {
  const troop = observer.rs.troop;
  const stand = troop === 'artillery' ? (observer.stands.find((s) => s.status !== 'destroyed') ?? observer.stands[0]) : observer.stands[0];
  if (!stand) return { points: [], reference: { x: observer.x, y: observer.y } };
  const r = standRect(observer, stand);
  const centre = { x: r.cx, y: r.cy };
  if (troop === 'artillery') {
    const f = frontCentre(r);
    return { points: [f], reference: f };
  }
  if (troop === 'general') return { points: [...corners(r), centre], reference: centre };
  return { points: [...corners(r), centre, frontCentre(r)], reference: centre };
}

/** A target sample group: one per live stand (its corners and centre), one point, or a building. */
interface TargetGroup {
  points: Vec2[];
  /** Where the concealment situation is read. */
  centre: Vec2;
  rect?: OrientedRect;
}

/** Building corners are pulled in this far, so the samples lie inside the footprint (and a town hull). */
const BUILDING_INSET = 1;

/** The target's sample points, one group per live stand (C §8.3). */
export function targetSamples(target: SightTarget): Vec2[][] {
  return targetGroups(target).map((g) => g.points);
}

function targetGroups(target: SightTarget): TargetGroup[] {
  if ('point' in target) return [{ points: [target.point], centre: target.point }];
  if ('building' in target) {
    const poly = target.building.polygon;
    let cx = 0;
    let cy = 0;
    for (const p of poly) {
      cx += p.x;
      cy += p.y;
    }
    const c = { x: cx / poly.length, y: cy / poly.length };
    const pts = poly.map((p) => {
      const dx = c.x - p.x;
      const dy = c.y - p.y;
      const d = Math.sqrt(dx * dx + dy * dy);
      return d > BUILDING_INSET ? { x: p.x + (dx / d) * BUILDING_INSET, y: p.y + (dy / d) * BUILDING_INSET } : { ...c };
    });
    return [{ points: [...pts, c], centre: c }];
  }
  const out: TargetGroup[] = [];
  for (const s of target.stands as Stand[]) {
    if (s.status === 'destroyed') continue;
    const r = standRect(target, s);
    const c = { x: r.cx, y: r.cy };
    out.push({ points: [...corners(r), c], centre: c, rect: r });
  }
  return out;
}

// -------------------------------------------------------------------------------------------------
// The battlefield, prepared once per battlefield

interface HillInfo {
  f: HillFeature;
  cf: CompiledFeature;
  /** hF: 1 + the level of the ground under the hill. */
  level: number;
  flat: boolean;
  /** Flat-topped: ground at least this high inside the footprint is plateau (lazy). */
  plateau?: number;
}

interface Blocker {
  cf: CompiledFeature;
  hill?: HillInfo;
}

interface Interior {
  cf: CompiledFeature;
  limit: number;
  word: string;
}

interface Prepared {
  hills: HillInfo[];
  /** Hills, woodland and forest, town and village hulls, buildings (C §8.4). */
  blockers: Blocker[];
  interiors: Interior[];
  /** Hedges, walls, fences. */
  boundaries: CompiledFeature[];
  buildings: CompiledFeature[];
  /** Woods of every density and orchards (the 9" cap), and town/village hulls. */
  coverForAll: CompiledFeature[];
  /** Town and village hulls. */
  towns: CompiledFeature[];
  /** Features with a canopy (for 'computed'). */
  canopies: CompiledFeature[];
}

const prepared = new WeakMap<Battlefield, Prepared>();

function isTown(f: TerrainFeature): boolean {
  return f.kind === 'settlement' && (f.class === 'town' || f.class === 'village');
}

function isOpenWood(f: TerrainFeature): boolean {
  return f.kind === 'orchard' || (f.kind === 'wood' && woodDensityOf(f) === 'open');
}

function prepare(bf: Battlefield): Prepared {
  const hit = prepared.get(bf);
  if (hit) return hit;
  const idx = terrainIndex(bf);
  const hillCfs = idx.features.filter((cf) => cf.feature.kind === 'hill');
  const hills: HillInfo[] = hillCfs.map((cf) => {
    const f = cf.feature as HillFeature;
    let under = 0;
    for (const other of hillCfs) if (other !== cf && containsPoint(other, f.centre.x, f.centre.y)) under++;
    return { f, cf, level: under + 1, flat: f.shape === 'flatTopped' };
  });
  const byIndex = new Map(hills.map((h) => [h.cf.index, h]));
  const p: Prepared = { hills, blockers: [], interiors: [], boundaries: [], buildings: [], coverForAll: [], towns: [], canopies: [] };
  for (const cf of idx.features) {
    const f = cf.feature;
    const hill = byIndex.get(cf.index);
    if (hill) p.blockers.push({ cf, hill });
    else if ((f.kind === 'wood' && !isOpenWood(f)) || isTown(f) || f.kind === 'building') p.blockers.push({ cf });
    if (f.kind === 'wood' || f.kind === 'orchard') {
      const density = woodDensityOf(f);
      p.interiors.push(
        density === 'forest'
          ? { cf, limit: inch(2), word: 'forest' }
          : density === 'woodland'
            ? { cf, limit: inch(4), word: 'woods' }
            : { cf, limit: inch(6), word: f.kind === 'orchard' ? 'orchard' : 'open woodland' },
      );
      p.coverForAll.push(cf);
      p.canopies.push(cf);
    } else if (isTown(f)) {
      p.interiors.push({ cf, limit: inch(6), word: f.kind === 'settlement' ? f.class : 'town' });
      p.coverForAll.push(cf);
      p.towns.push(cf);
    } else if (f.kind === 'marsh' || f.kind === 'rough') {
      p.interiors.push({ cf, limit: inch(6), word: f.kind === 'marsh' ? 'marsh' : 'rough ground' });
    } else if (f.kind === 'hedge' || f.kind === 'wall' || f.kind === 'fence' || f.kind === 'fieldwork' || f.kind === 'chevaux') {
      p.boundaries.push(cf);
    } else if (f.kind === 'building' && !f.fire) {
      // A building set alight is abandoned and can no longer be occupied (B §2.7).
      p.buildings.push(cf);
    }
  }
  prepared.set(bf, p);
  return p;
}

function levelAt(env: Prepared, p: Vec2): number {
  let n = 0;
  for (const h of env.hills) if (containsPoint(h.cf, p.x, p.y)) n++;
  return n;
}

/** The innermost hill holding p (the smallest, as gradient.hillAt). */
function topHill(env: Prepared, p: Vec2): HillInfo | undefined {
  let best: HillInfo | undefined;
  for (const h of env.hills) if (containsPoint(h.cf, p.x, p.y) && (!best || h.f.radius < best.f.radius)) best = h;
  return best;
}

// -------------------------------------------------------------------------------------------------
// Segment helpers

const ivBuf: number[] = [];

/** Parameter intervals [t0, t1] of a-b inside the feature, sorted (a fresh array). */
function intervals(cf: CompiledFeature, a: Vec2, b: Vec2): number[] {
  ivBuf.length = 0;
  if (!boundsMeetSegment(cf, a.x, a.y, b.x, b.y)) return [];
  featureIntervals(cf, a.x, a.y, b.x, b.y, ivBuf);
  const pairs: [number, number][] = [];
  for (let k = 0; k + 1 < ivBuf.length; k += 2) pairs.push([ivBuf[k]!, ivBuf[k + 1]!]);
  pairs.sort((u, v) => u[0] - v[0]);
  return pairs.flat();
}

function lengthIn(iv: number[]): number {
  let s = 0;
  for (let k = 0; k + 1 < iv.length; k += 2) s += iv[k + 1]! - iv[k]!;
  return s;
}

function dist(a: Vec2, b: Vec2): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  return Math.sqrt(dx * dx + dy * dy);
}

const inches = (mm: number): string => formatLength(mm, 'in');

// -------------------------------------------------------------------------------------------------
// Crests and dead ground (C §8.6, §8.7)

const EPS = 1e-6;

/** The flat-topped hill's plateau height threshold (C §8.12): highest ground in the footprint less 0.1". */
function plateauOf(bf: Battlefield, h: HillInfo): number {
  if (h.plateau !== undefined) return h.plateau;
  const hm = bf.heightmap;
  const cf = h.cf;
  const cs = hm.cellSize;
  let top = -Infinity;
  const i0 = Math.max(0, Math.floor((cf.minX - hm.originX) / cs));
  const i1 = Math.min(hm.cols - 1, Math.ceil((cf.maxX - hm.originX) / cs));
  const j0 = Math.max(0, Math.floor((cf.minY - hm.originY) / cs));
  const j1 = Math.min(hm.rows - 1, Math.ceil((cf.maxY - hm.originY) / cs));
  for (let j = j0; j <= j1; j++) {
    for (let i = i0; i <= i1; i++) {
      const x = hm.originX + i * cs;
      const y = hm.originY + j * cs;
      if (cf.polygon && insidePolygon(cf.polygon, x, y)) top = Math.max(top, hm.heights[j * hm.cols + i]!);
    }
  }
  if (top === -Infinity) top = heightAt(hm, h.f.centre.x, h.f.centre.y);
  h.plateau = top - PLATEAU_BAND;
  return h.plateau;
}

/** Stretches of a-b (mm from a) on the plateau of a flat-topped hill. */
function plateauSpans(bf: Battlefield, h: HillInfo, a: Vec2, b: Vec2): [number, number][] {
  const thr = plateauOf(bf, h);
  const len = dist(a, b);
  const out: [number, number][] = [];
  if (len === 0) return out;
  const hm = bf.heightmap;
  const step = hm.cellSize / 2;
  const ux = (b.x - a.x) / len;
  const uy = (b.y - a.y) / len;
  const f = (d: number): number => heightAt(hm, a.x + ux * d, a.y + uy * d) - thr;
  const iv = intervals(h.cf, a, b);
  for (let k = 0; k + 1 < iv.length; k += 2) {
    const d0 = iv[k]! * len;
    const d1 = iv[k + 1]! * len;
    const n = Math.max(1, Math.ceil((d1 - d0) / step));
    let prevD = d0;
    let prevF = f(d0);
    let start = prevF >= 0 ? d0 : NaN;
    for (let s = 1; s <= n; s++) {
      const d = d0 + ((d1 - d0) * s) / n;
      const v = f(d);
      if (prevF >= 0 !== v >= 0) {
        const at = prevD + ((d - prevD) * prevF) / (prevF - v);
        if (v >= 0) start = at;
        else {
          out.push([start, at]);
          start = NaN;
        }
      }
      prevD = d;
      prevF = v;
    }
    if (!Number.isNaN(start)) out.push([start, d1]);
  }
  return out;
}

/** Dome: how far p lies behind the crest line through the centre, square to the view from v (C §8.6). */
function domeBehind(h: HillInfo, v: Vec2, p: Vec2): number {
  const c = h.f.centre;
  const d = dist(v, c);
  if (d < EPS) return -Infinity;
  return ((p.x - c.x) * (c.x - v.x) + (p.y - c.y) * (c.y - v.y)) / d;
}

/** Along v→p, the distance from the (far) crest crossing to p, or undefined when p is not behind it. */
function crestToPoint(bf: Battlefield, h: HillInfo, v: Vec2, p: Vec2): number | undefined {
  const len = dist(v, p);
  if (!h.flat) {
    const b = domeBehind(h, v, p);
    if (!(b > 0)) return undefined;
    const c = h.f.centre;
    const dc = dist(v, c);
    const cosA = ((p.x - v.x) * (c.x - v.x) + (p.y - v.y) * (c.y - v.y)) / (len * dc);
    return len - dc / cosA;
  }
  const spans = plateauSpans(bf, h, v, p);
  if (spans.length === 0) return undefined;
  const last = spans[spans.length - 1]!;
  if (last[1] >= len - EPS) return undefined; // p is on the plateau
  return len - last[1];
}

interface Dead {
  dead: boolean;
  /** Just inside the edge of the dead ground (C §8.7.3). */
  edge: boolean;
}

const NOT_DEAD: Dead = { dead: false, edge: false };

/**
 * p in DG(H, v) for a hill H below the viewer (C §8.7.1). Condition 4 says level(p) ≤ hF, but its
 * own example says another hill at H's level beyond it "is not dead": so on H's footprint (its far
 * slope) p is dead at level ≤ hF, and beyond the footprint only below hF.
 */
function hillDead(bf: Battlefield, h: HillInfo, v: Vec2, p: Vec2, levelP: number, tau: number): Dead {
  if (levelP > h.level) return NOT_DEAD;
  const inside = containsPoint(h.cf, p.x, p.y);
  if (!inside && levelP >= h.level) return NOT_DEAD;
  const crest = crestToPoint(bf, h, v, p);
  if (crest === undefined || !(crest > CREST_OFFSET)) return NOT_DEAD;
  let beyond = 0;
  if (!inside) {
    const iv = intervals(h.cf, v, p);
    if (iv.length === 0) return NOT_DEAD;
    beyond = (1 - iv[iv.length - 1]!) * dist(v, p);
    if (beyond > FAR_BAND) return NOT_DEAD;
  }
  return { dead: true, edge: crest <= CREST_OFFSET + tau || (!inside && beyond >= FAR_BAND - tau) };
}

/** p in DG(F, v) for a wood or built-up area F at level hF (C §8.7.2); `iv` are v→p's intervals in F. */
function areaDead(iv: number[], len: number, levelP: number, hF: number, depth: number, tau: number): Dead {
  if (iv.length === 0 || levelP > hF) return NOT_DEAD;
  const behind = (1 - iv[iv.length - 1]!) * len;
  if (!(behind > 0) || behind > depth) return NOT_DEAD;
  return { dead: true, edge: behind >= depth - tau };
}

type HillView = 'ridge' | 'farCrest' | 'dead';

/**
 * Is p, on hill H, hidden from viewer v at level lv (C §8.6)? Lower viewer: the ridge line; same
 * level: the far crest; higher viewer: H's dead ground (skipped when `noThumb`, authored zones
 * replacing it).
 */
function hiddenOnHill(bf: Battlefield, h: HillInfo, p: Vec2, levelP: number, v: Vec2, lv: number, tau: number, noThumb: boolean): Dead & { view: HillView } {
  if (lv < h.level) {
    if (!h.flat) {
      const b = domeBehind(h, v, p);
      return { dead: b > 0, edge: b <= tau, view: 'ridge' };
    }
    let s = 0;
    for (const [a, b] of plateauSpans(bf, h, v, p)) s += b - a;
    return { dead: s > PLATEAU_EDGE, edge: s - PLATEAU_EDGE <= tau, view: 'ridge' };
  }
  if (lv === h.level) {
    if (!h.flat) {
      const b = domeBehind(h, v, p);
      return { dead: b > 0, edge: b <= tau, view: 'farCrest' };
    }
    const b = crestToPoint(bf, h, v, p);
    return { dead: b !== undefined, edge: b !== undefined && b <= tau, view: 'farCrest' };
  }
  if (noThumb) return { dead: false, edge: false, view: 'dead' };
  return { ...hillDead(bf, h, v, p, levelP, tau), view: 'dead' };
}

// -------------------------------------------------------------------------------------------------
// The terrain test for one pair, 'levels' mode (C §8.5)

interface PairResult {
  ok: boolean;
  reason: string;
}

interface LevelsEnv {
  bf: Battlefield;
  env: Prepared;
  tau: number;
  literal: boolean;
  depth: Readonly<Record<string, number>>;
  zones: readonly DeadGroundZone[];
}

function inAnyPolygon(p: Vec2, polys: readonly Vec2[][]): boolean {
  for (const poly of polys) if (pointInPolygon(p, poly)) return true;
  return false;
}

function distToOutline(poly: readonly Vec2[], p: Vec2): number {
  let best = Infinity;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) best = Math.min(best, segmentDistance(p, p, poly[j]!, poly[i]!));
  return best;
}

/** Authored zones seen from v: the zones whose vantage holds v, or undefined when none does. */
function zonesFrom(zones: readonly DeadGroundZone[], v: Vec2): DeadGroundZone[] | undefined {
  let out: DeadGroundZone[] | undefined;
  for (const z of zones) if (inAnyPolygon(v, z.vantage)) (out ??= []).push(z);
  return out;
}

function levelsPair(L: LevelsEnv, o: Vec2, lo: number, t: Vec2, lt: number): PairResult {
  const { bf, env, tau } = L;
  let note = '';

  // Authored dead ground (C §8.7.4), both ways round as for the rule of thumb.
  const fromO = L.zones.length > 0 ? zonesFrom(L.zones, o) : undefined;
  const fromT = L.zones.length > 0 ? zonesFrom(L.zones, t) : undefined;
  if (fromO?.some((z) => pointInPolygon(t, z.polygon))) return { ok: false, reason: 'in dead ground agreed before the battle' };
  const hiding = fromT?.find((z) => pointInPolygon(o, z.polygon));
  if (hiding) {
    if (distToOutline(hiding.polygon, o) > tau) return { ok: false, reason: 'cannot see out of dead ground agreed before the battle' };
    note = ' (from just inside the edge of agreed dead ground)';
  }

  const len = dist(o, t);
  for (const b of env.blockers) {
    const cf = b.cf;
    if (!boundsMeetSegment(cf, o.x, o.y, t.x, t.y)) continue;
    if (containsPoint(cf, o.x, o.y) || containsPoint(cf, t.x, t.y)) continue;
    const iv = intervals(cf, o, t);
    if (iv.length === 0) continue;
    const name = cf.feature.name;
    const hF = b.hill ? b.hill.level : levelAt(env, { x: o.x + (t.x - o.x) * ((iv[0]! + iv[1]!) / 2), y: o.y + (t.y - o.y) * ((iv[0]! + iv[1]!) / 2) });
    // Case 1: not above it.
    if (hF >= lo && hF >= lt) return { ok: false, reason: `${name} blocks the view` };
    if (L.literal && lo === lt) return { ok: false, reason: `${name} blocks the view (same level, literal reading)` };
    const depth = L.depth[cf.feature.id] ?? DEFAULT_DEAD_DEPTH;
    if (lo > hF) {
      // Case 2: the observer sees over it, but not into its dead ground.
      if (fromO) continue;
      const d = b.hill ? hillDead(bf, b.hill, o, t, lt, tau) : areaDead(iv, len, lt, hF, depth, tau);
      if (d.dead) return { ok: false, reason: `in dead ground behind ${name}` };
    } else {
      // Case 3: only the target is above it; reciprocity.
      if (fromT) continue;
      const back = b.hill ? hillDead(bf, b.hill, t, o, lo, tau) : areaDead(reverse(iv), len, lo, hF, depth, tau);
      if (back.dead && !back.edge) return { ok: false, reason: `cannot see out of dead ground behind ${name}` };
      if (back.dead) note = ` (from just inside the edge of the dead ground behind ${name})`;
    }
  }

  // Crest rules (C §8.6) for the hills the ends stand on.
  const ht = topHill(env, t);
  if (ht && !containsPoint(ht.cf, o.x, o.y)) {
    const r = hiddenOnHill(bf, ht, t, lt, o, lo, tau, fromO !== undefined);
    if (r.dead) {
      const name = ht.f.name;
      const reason = r.view === 'ridge' ? `hidden behind the crest of ${name}` : r.view === 'farCrest' ? `hidden beyond the far crest of ${name}` : `in dead ground behind the crest of ${name}`;
      return { ok: false, reason };
    }
  }
  const ho = topHill(env, o);
  if (ho && !containsPoint(ho.cf, t.x, t.y)) {
    const r = hiddenOnHill(bf, ho, o, lo, t, lt, tau, fromT !== undefined);
    if (r.dead && !r.edge) return { ok: false, reason: `cannot see over the crest of ${ho.f.name}` };
    if (r.dead) note = ` (from just behind the crest of ${ho.f.name})`;
  }
  return { ok: true, reason: note };
}

/** Intervals of the reversed segment. */
function reverse(iv: number[]): number[] {
  const out: number[] = [];
  for (let k = iv.length - 2; k >= 0; k -= 2) out.push(1 - iv[k + 1]!, 1 - iv[k]!);
  return out;
}

// -------------------------------------------------------------------------------------------------
// The terrain test for one pair, 'computed' mode

/**
 * The nearest point where the line from o (eye `eye` up) to t (`target` up) runs below the canopy of
 * a wood holding neither end for longer than that wood allows: nothing for woodland and forest,
 * 6" for open woods (orchards, open woodland, scrub: the "other rough terrain" limit, C §8.9). The
 * woods holding an end are looked through as far as their interior limit allows, which the plan
 * check has already settled. Sampled every half cell, as lineOfSight samples.
 */
function canopyBlock(bf: Battlefield, env: Prepared, o: Vec2, t: Vec2, eye: number, target: number): { d: number; f: TerrainFeature } | undefined {
  const hm = bf.heightmap;
  const len = dist(o, t);
  if (len === 0) return undefined;
  const z0 = heightAt(hm, o.x, o.y) + eye;
  const rise = heightAt(hm, t.x, t.y) + target - z0;
  const step = hm.cellSize / 2;
  let best: { d: number; f: TerrainFeature } | undefined;
  for (const cf of env.canopies) {
    if (!boundsMeetSegment(cf, o.x, o.y, t.x, t.y)) continue;
    if (containsPoint(cf, o.x, o.y) || containsPoint(cf, t.x, t.y)) continue;
    const allowance = (isOpenWood(cf.feature) ? inch(6) : 0) + 0.5;
    const iv = intervals(cf, o, t);
    let below = 0;
    walk: for (let k = 0; k + 1 < iv.length; k += 2) {
      const d0 = iv[k]! * len;
      const d1 = iv[k + 1]! * len;
      const m = Math.max(1, Math.ceil((d1 - d0) / step));
      const sub = (d1 - d0) / m;
      for (let s = 0; s < m; s++) {
        const d = d0 + (s + 0.5) * sub;
        const ground = heightAt(hm, o.x + ((t.x - o.x) * d) / len, o.y + ((t.y - o.y) * d) / len);
        if (z0 + (rise * d) / len >= ground + cf.obscuringHeight) continue;
        below += sub;
        if (below > allowance) {
          if (!best || d < best.d) best = { d, f: cf.feature };
          break walk;
        }
      }
    }
  }
  return best;
}

/**
 * 'computed': the terrain layer's lineOfSight settles the ground and the buildings (canopies
 * ignored there); canopyBlock settles the woods, feature by feature. The nearer blocker is named.
 */
function computedPair(bf: Battlefield, env: Prepared, o: Vec2, t: Vec2, eye: number, target: number): PairResult {
  const canopy = env.canopies.length > 0 ? canopyBlock(bf, env, o, t, eye, target) : undefined;
  const r = lineOfSight(bf, o, t, { eyeHeight: eye, targetHeight: target, obscuringLimit: Infinity });
  const by = r.visible ? undefined : r.blockedBy;
  if (canopy && (!by || dist(o, by.at) >= canopy.d)) return { ok: false, reason: `hidden by the trees of ${canopy.f.name}` };
  if (!by) return { ok: true, reason: '' };
  const f = by.featureId !== undefined ? bf.features.find((x) => x.id === by.featureId) : undefined;
  if (by.kind === 'building') return { ok: false, reason: `hidden by ${f?.name ?? 'a building'}` };
  return { ok: false, reason: f ? `hidden behind the crest of ${f.name}` : 'hidden by the lie of the ground' };
}

// -------------------------------------------------------------------------------------------------
// Caps

/** Interior limits (C §8.9): the line inside a wood, town or rough ground holding either end. */
function interiorBlock(env: Prepared, o: Vec2, t: Vec2): string | undefined {
  const len = dist(o, t);
  for (const it of env.interiors) {
    const cf = it.cf;
    if (!boundsMeetSegment(cf, o.x, o.y, t.x, t.y)) continue;
    if (!containsPoint(cf, o.x, o.y) && !containsPoint(cf, t.x, t.y)) continue;
    const inside = lengthIn(intervals(cf, o, t)) * len;
    if (inside > it.limit + EPS) return `${inches(inside)} of the line is inside ${cf.feature.name} (${it.word}: limit ${inches(it.limit)})`;
  }
  return undefined;
}

const MIST_FREE: ReadonlySet<GroundGradient> = new Set(['normal', 'steep', 'verySteep', 'sheer']);

function aboveMist(bf: Battlefield, env: Prepared, p: Vec2): boolean {
  return topHill(env, p) !== undefined && MIST_FREE.has(gradientClassAt(bf, p));
}

interface Concealment {
  /** Cap whatever the observer, mm (Infinity: none; 0: never seen). */
  cap: number;
  why: string;
  /** SI: linear obstacles within 1"; the 3" cap applies when the line crosses one. */
  obstacles: CompiledFeature[];
}

const NO_CONCEALMENT: Concealment = { cap: Infinity, why: '', obstacles: [] };

const TROOP_WORD: { readonly [T in TroopType]: string } = {
  infantry: 'infantry',
  skirmInf: 'skirmishers',
  lightCav: 'cavalry',
  heavyCav: 'cavalry',
  cuirassier: 'cavalry',
  skirmCav: 'skirmishing cavalry',
  artillery: 'artillery',
  general: 'a General',
};

const GRADIENT_WORD: { readonly [G in GroundGradient]: string } = {
  level: 'gentle',
  gentle: 'gentle',
  normal: 'normal',
  steep: 'steep',
  verySteep: 'very steep',
  sheer: 'sheer',
};

function placeWords(f: TerrainFeature): string {
  switch (f.kind) {
    case 'wood':
      return woodDensityOf(f) === 'forest' ? 'in a forest' : woodDensityOf(f) === 'open' ? 'in open woodland' : 'in woods';
    case 'orchard':
      return 'in an orchard';
    case 'settlement':
      return `in a ${f.class}`;
    case 'marsh':
      return 'in a marsh';
    case 'rough':
      return 'on rough ground';
    case 'crops':
      return 'in crops';
    case 'river':
      return 'in a river';
    case 'stream':
      return 'in a stream';
    case 'ford':
      return 'at a ford';
    case 'bridge':
      return 'on a bridge';
    case 'building':
      return 'in a building';
    case 'hedge':
    case 'wall':
    case 'fence':
      return `at a ${f.kind}`;
    case 'fieldwork':
      return 'at a field fortification';
    case 'chevaux':
      return 'at chevaux de frise';
    case 'road':
      return 'on a road';
    case 'hill':
      return 'on a hill';
  }
}

function rectPolylineDistance(r: OrientedRect, pts: readonly Vec2[], closed: boolean): number {
  const c = corners(r);
  let best = Infinity;
  const n = pts.length;
  const edges = closed ? n : n - 1;
  for (let e = 0; e < Math.max(edges, 1); e++) {
    const a = pts[e]!;
    const b = pts[(e + 1) % n] ?? a;
    for (let k = 0; k < 4; k++) best = Math.min(best, segmentDistance(c[k]!, c[(k + 1) % 4]!, a, b));
  }
  return best;
}

/** The concealment of one target stand, whoever looks (C §8.8); linear obstacles depend on the line. */
function concealmentOf(bf: Battlefield, env: Prepared, g: TargetGroup, troop: TroopType): Concealment {
  const p = g.centre;
  if (troop !== 'skirmInf') {
    for (const cf of env.coverForAll) {
      if (containsPoint(cf, p.x, p.y)) return { cap: CAP_IN_COVER, why: `${TROOP_WORD[troop]} ${placeWords(cf.feature)}: seen only within ${inches(CAP_IN_COVER)}`, obstacles: [] };
    }
    return NO_CONCEALMENT;
  }
  for (const cf of env.towns) {
    if (containsPoint(cf, p.x, p.y)) return { cap: 0, why: `skirmishers ${placeWords(cf.feature)}: unseen until they fire`, obstacles: [] };
  }
  for (const cf of env.buildings) {
    const poly = (cf.feature as BuildingFeature).polygon;
    const near = g.rect ? rectPolylineDistance(g.rect, poly, true) : distToOutline(poly, p);
    if (near <= OCCUPY_GAP || containsPoint(cf, p.x, p.y)) return { cap: 0, why: 'skirmishers occupying a building: unseen until they fire', obstacles: [] };
  }
  const obstacles: CompiledFeature[] = [];
  for (const cf of env.boundaries) {
    const f = cf.feature;
    if (!('line' in f)) continue;
    const near = (g.rect ? rectPolylineDistance(g.rect, f.line, false) : distToOutline(f.line, p)) - f.width / 2;
    if (near <= BEHIND_OBSTACLE) obstacles.push(cf);
  }
  const top = topHill(env, p);
  if (top) {
    const grad = gradientClassAt(bf, p);
    if (grad !== 'gentle' && grad !== 'level') return { cap: CAP_SKIRMISHERS, why: `skirmishers on a ${GRADIENT_WORD[grad]} hill: seen only within ${inches(CAP_SKIRMISHERS)}`, obstacles };
  }
  for (const f of featuresAt(bf, p)) {
    if (f.kind === 'hill' || f.kind === 'road') continue;
    return { cap: CAP_SKIRMISHERS, why: `skirmishers ${placeWords(f)}: seen only within ${inches(CAP_SKIRMISHERS)}`, obstacles };
  }
  return { cap: Infinity, why: '', obstacles };
}

// -------------------------------------------------------------------------------------------------
// canSee

interface Pair {
  o: number;
  g: number;
  t: number;
  d: number;
}

/**
 * Can `observer` see `target` (C §8)? Visible when any observer sample sees any target sample.
 * The verdict's reason says why not (for the nearest pair tried), or how.
 */
export function canSee(bf: Battlefield, observer: SightUnit, target: SightTarget, ctx: SightContext): SightVerdict {
  const env = prepare(bf);
  const obs = observerSamples(observer);
  const groups = targetGroups(target);
  if (obs.points.length === 0 || groups.length === 0) return { visible: false, reason: 'nothing to see' };

  const isUnit = 'stands' in target;
  const troop: TroopType | undefined = ctx.targetTroop ?? (isUnit ? target.rs.troop : undefined);
  const fired =
    ctx.targetFired ?? (isUnit && ctx.turn !== undefined && target.rs.firedUntilTurn !== undefined ? target.rs.firedUntilTurn >= ctx.turn : false);
  const concealed = ctx.enemy && !fired && troop !== undefined && !('building' in target);
  const tau = ctx.tau ?? DEFAULT_TAU;

  // Every sample pair, nearest first.
  const pairs: Pair[] = [];
  for (let a = 0; a < obs.points.length; a++) {
    for (let g = 0; g < groups.length; g++) {
      const pts = groups[g]!.points;
      for (let t = 0; t < pts.length; t++) pairs.push({ o: a, g, t, d: dist(obs.points[a]!, pts[t]!) });
    }
  }
  pairs.sort((u, v) => u.d - v.d);

  const wCap = weatherCap(ctx.weather);
  const mist = ctx.weather === 'mist';
  const obsAbove = mist ? obs.points.map((p) => aboveMist(bf, env, p)) : [];
  const tgtAbove = mist ? groups.map((gr) => gr.points.map((p) => aboveMist(bf, env, p))) : [];
  const cover: (Concealment | undefined)[] = new Array(groups.length);
  const coverOf = (g: number): Concealment => (cover[g] ??= concealed && troop ? concealmentOf(bf, env, groups[g]!, troop) : NO_CONCEALMENT);

  const lo = ctx.mode === 'levels' ? levelAt(env, obs.reference) : 0;
  const levels: LevelsEnv = { bf, env, tau, literal: ctx.literalSameLevel === true, depth: ctx.deadGroundDepth ?? {}, zones: ctx.deadGroundZones ?? [] };
  const eye = ctx.eyeHeight ?? FIGURE_HEIGHT[observer.rs.troop];
  const tHeight = ctx.targetHeight ?? ('building' in target ? target.building.height : FIGURE_HEIGHT[troop ?? 'infantry']);

  let first: SightVerdict | undefined;
  const fail = (reason: string, o: Vec2, t: Vec2): void => {
    first ??= { visible: false, reason, from: o, to: t };
  };

  for (const pr of pairs) {
    const o = obs.points[pr.o]!;
    const t = groups[pr.g]!.points[pr.t]!;
    // §8.10 weather.
    if (pr.d > wCap && !(mist && obsAbove[pr.o] && tgtAbove[pr.g]![pr.t])) {
      fail(`beyond ${WEATHER_WORD[ctx.weather]} visibility ${inches(wCap)}`, o, t);
      if (!mist) break; // every later pair is longer still
      continue;
    }
    // §8.8 concealment (enemies only, lifted by firing).
    const c = coverOf(pr.g);
    if (c.cap === 0 || pr.d > c.cap) {
      fail(c.why, o, t);
      continue;
    }
    if (pr.d > CAP_SKIRMISHERS && c.obstacles.length > 0) {
      const behind = c.obstacles.find((cf) => intervals(cf, o, t).length > 0 && !containsPoint(cf, t.x, t.y));
      if (behind) {
        fail(`skirmishers behind a ${behind.feature.kind}: seen only within ${inches(CAP_SKIRMISHERS)}`, o, t);
        continue;
      }
    }
    // §8.9 interior limits.
    const inner = interiorBlock(env, o, t);
    if (inner) {
      fail(inner, o, t);
      continue;
    }
    // Terrain.
    const r = ctx.mode === 'levels' ? levelsPair(levels, o, lo, t, levelAt(env, t)) : computedPair(bf, env, o, t, eye, tHeight);
    if (r.ok) return { visible: true, reason: `in sight at ${inches(pr.d)}${r.reason}`, from: o, to: t };
    fail(r.reason, o, t);
  }
  return first ?? { visible: false, reason: 'nothing to see' };
}

/** Can any of several observers see the target (a howitzer's "the gun or any friendly General", C §8.2)? */
export function canAnySee(bf: Battlefield, observers: readonly SightUnit[], target: SightTarget, ctx: SightContext): SightVerdict {
  let first: SightVerdict | undefined;
  for (const o of observers) {
    const v = canSee(bf, o, target, ctx);
    if (v.visible) return v;
    first ??= v;
  }
  return first ?? { visible: false, reason: 'no one to look' };
}
