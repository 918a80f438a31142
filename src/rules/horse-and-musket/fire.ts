/**
 * Fire in the horse-and-musket rules: skirmisher fire (B §1.6) and artillery (B §2.2–2.10), with
 * the shared business of putting hits on a unit (overflow, cover saves, attached Generals, artillery
 * under fire, completely destroyed units).
 *
 * Distances are table mm; the rules' inches go through `inch`. Every throw is made through the
 * RuleContext's roller and shown in the event of the shot it belongs to.
 *
 * [ENGINE DEFAULT] choices made here (the digest leaves them open):
 * - The arc is a 60° wedge with its apex at the centre of the gun stand's front edge; range is the
 *   distance from that point to the nearest part of the target inside the wedge (B7).
 * - Without measuring (the "Measuring: only after declaring" setting, A §11.10) a gun may be laid on
 *   a target up to half as far again as its range. If it proves out of range, the shot flies the
 *   declared line and falls at maximum range: the stand nearest that point, if one lies within 1"
 *   of it, is hit instead; otherwise the shot is lost (B §2.2).
 * - Direct fire (ball, grapeshot): the line runs from the gun's front-edge centre to some point of
 *   the target inside the arc and in range. Any stand of another unit it crosses blocks it; a
 *   friendly stand within 1" of it blocks it too (B48), except stands wholly behind the gun's front
 *   edge (guns and battalions side by side do not stop each other's fire) and Generals attached to
 *   the gun. Terrain, weather and concealment are settled by `canSee` from the same point.
 * - Overhead fire (cannon only): the units in the way are no bar when the cannon's level is above
 *   theirs and the target's, or the target's level is above the cannon's and theirs (B §2.3, §4.3).
 * - Shell: the howitzer sees some in-arc point of the target, or any friendly General sees the unit.
 * - Concealment caps (C §8.8) apply to enemy targets; the sight mode is the game's `sight` option
 *   ('computed' from the ground unless 'levels' was chosen). Defensive
 *   grapeshot needs arc and line of sight but no concealment test (C §8.2, B49); grapeshot at an
 *   attacker of the guns (B §2.9) needs only the 6" range.
 * - Cover for saves is the cover of the Colour Stand, seen from the firer; infantry must be loose to
 *   have it (A §18.7). Artillery hits go to the under-fire table (no saves); the most severe result
 *   governs (B10). Unmanned guns take no further effect from fire.
 * - An attached General counts as a stand of his unit: the last to be disordered, the first to be
 *   destroyed, and killed without a save (Generals are never in cover). A lone General hit by a
 *   bouncing ball is a one-stand unit.
 * - A bouncing ball strikes every stand (friend or foe, the target's other stands included) whose
 *   rectangle the extended line crosses beyond the targeted stand, in order; it stops before a third
 *   unit other than the target, 12" beyond the targeted stand, on rising ground, or at any terrain
 *   but open ground, orchards and scrub, hedges, fences, crops, roads, fords and bridges.
 * - Skirmisher fire: per stand, range is stand to target, the clear line runs from the stand's front
 *   edge (five points) to the target's stands (corners, edge midpoints, centres) and is blocked by
 *   any non-skirmisher stand of another unit; sight is `canSee` from that stand. Heavy rain after 2
 *   Jokers stops skirmishing cavalry as well as infantry. The automatic loss of a shaken target and
 *   the firing stand's disorder after a double are saved only where cover allows (the automatic loss
 *   never is). Against guns every disorder, destroy or automatic loss is an under-fire die.
 */

import type { DiceRoll } from '../../core/dice';
import {
  clipSegmentToRect,
  closestPointOnSegment,
  corners,
  direction,
  distance,
  dot,
  frontCentre,
  lerp,
  pointInPolygon,
  pointRectDistance,
  rectDistance,
  rotate,
  segmentCrossesRect,
  segmentRectDistance,
  sub,
  type OrientedRect,
  type Vec2,
} from '../../core/geometry';
import { formatLength, inch } from '../../core/measure';
import { standRect, type GameEvent, type Modifier, type SideId, type Stand } from '../../core/model';
import { RuleError, type RuleContext } from '../../core/ruleset';
import type { Battlefield } from '../../terrain/battlefield';
import { hillLevelAt } from '../../terrain/gradient';
import {
  applyFireHits,
  ARTILLERY_ARC_HALF_ANGLE,
  ARTILLERY_FRIENDLY_CLEARANCE,
  ARTILLERY_RANGE,
  BALL_SUBTRACT,
  BOUNCE_MAX_DISTANCE,
  BOUNCE_MAX_UNITS,
  BOUNCE_SUBTRACT,
  GRAPESHOT_HIT_NEED,
  heavyRainEffects,
  HEAVY_RAIN_NO_ARTILLERY,
  HEAVY_RAIN_NO_MUSKETS,
  rollBallOrShell,
  rollBounce,
  rollGrapeshot,
  rollSaves,
  rollSkirmisherFire,
  rollUnderFire,
  saveNeed,
  SHELL_FRIENDLY_CLEARANCE,
  SKIRMISHER_FIRE_DESTROY_NEED,
  SKIRMISHER_FIRE_RANGE,
  type Ammunition,
  type CoverClass,
  type UnderFireResult,
} from './charts';
import { destroyStands, disorderStands } from './moves';
import { nearestRectWithin, pointAtRange } from '../../core/passage';
import { coverOf, terrainAt, type HmTerrain } from './terrain';
import type { HmState, HmUnit } from './types';
import { canSee, type SightContext, type SightUnit } from './visibility';
import { attachedGenerals, hostOf, isBroken, isShaken, unitById } from './world';

const EPS = 1e-6;
/** How finely a bouncing ball's path is checked against the terrain, mm. */
const BOUNCE_STEP = 2.5;
/** Blocking stands are grown by this, mm, so a line cannot slip through the seam between two that touch. */
const SEAM = 0.5;
/**
 * Without measuring, how much further than its range a target may be declared (A §11.10): half as far
 * again, for Attacks and guns alike [ENGINE DEFAULT].
 */
export const GUESS_FACTOR = 1.5;
/** A shot that falls at maximum range hits a stand within this of where it lands, inches ("in line", B §2.2) [ENGINE DEFAULT]. */
export const IN_LINE_TOLERANCE = 1;

// ---------------------------------------------------------------------------------------------
// Small helpers

const inches = (mm: number): string => formatLength(mm, 'in');
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** On the table and not carried. */
const onTable = (u: HmUnit): boolean => !u.removed && !u.carriedBy;

const isGeneralUnit = (u: HmUnit): boolean => u.rs.troop === 'general' || u.kind === 'commander';

const isSkirmisherTroop = (u: HmUnit): boolean => u.rs.troop === 'skirmInf' || u.rs.troop === 'skirmCav';

/** The side a unit fights for now: guns change hands by overrunning (B §2.11). */
export function sideOf(u: HmUnit): SideId {
  return u.rs.gun?.controller ?? u.side;
}

function rectsOf(u: HmUnit): OrientedRect[] {
  return u.stands.filter((s) => s.status !== 'destroyed').map((s) => standRect(u, s));
}

export function rollsSince(ctx: RuleContext, from: number): DiceRoll[] {
  return ctx.dice.rolls.slice(from).map((r) => ({ ...r, values: [...r.values] }));
}

/** How the fire rules look at the table (see the header). */
export function fireSight(state: HmState, enemy: boolean, target?: HmUnit): SightContext {
  const ctx: SightContext = {
    mode: state.options.sight === 'levels' ? 'levels' : 'computed',
    weather: state.rules.weather,
    enemy,
    turn: state.rules.turnNumber,
  };
  if (target) {
    ctx.targetTroop = target.rs.troop;
    ctx.targetFired = target.rs.firedUntilTurn >= state.rules.turnNumber;
  }
  return ctx;
}

/** Firing lifts concealment until the end of the opponent's next turn (C §8.8). */
export function markFired(state: HmState, u: HmUnit): void {
  u.rs.firedUntilTurn = Math.max(u.rs.firedUntilTurn, state.rules.turnNumber + 1);
}

// ---------------------------------------------------------------------------------------------
// Hits on a unit

/** What a batch of hits did to one unit. */
export interface HitReport {
  unit: string;
  hits: number;
  /** Stands newly disordered (an attached General's included). */
  disordered: number;
  /** Stands destroyed after saves (Generals killed not included). */
  destroyed: number;
  /** Stands that would have been destroyed but were saved by cover. */
  saved: number;
  cover: CoverClass;
  saveNeed: number | null;
  saveDice: number[];
  generalsKilled: string[];
  /** The unit (or lone General) left the table. */
  removed: boolean;
  underFire: { dice: number[]; results: UnderFireResult[]; worst: UnderFireResult | null } | null;
  /** What happened, in words, for the shot's event. */
  text: string;
  /** Events that follow from the hits (a General killed, a unit destroyed, crew fleeing): emit after the shot's. */
  events: GameEvent[];
}

export interface HitOptions {
  /** Where the fire comes from: decides cover behind hedges and walls. */
  from?: Vec2 | null;
  /** Roll no saves for the destroyed results (automatic losses). */
  noSaves?: boolean;
}

function emptyReport(u: HmUnit, hits: number): HitReport {
  return {
    unit: u.id,
    hits,
    disordered: 0,
    destroyed: 0,
    saved: 0,
    cover: 'none',
    saveNeed: null,
    saveDice: [],
    generalsKilled: [],
    removed: false,
    underFire: null,
    text: '',
    events: [],
  };
}

/** The cover a unit's stands have against fire from `from` (A §24, §18.7): the Colour Stand's. */
export function fireCover(bf: Battlefield, u: HmUnit, from?: Vec2 | null): CoverClass {
  const colour = u.stands[0];
  if (!colour) return 'none';
  if (u.rs.troop === 'infantry' && u.formation !== 'loose') return 'none';
  return coverOf(bf, standRect(u, colour), u.rs.troop, from ?? null, { vs: 'fire' });
}

/** Disorder up to n more stands: the unit's first, its attached Generals last (A §2.2). */
function disorderPart(state: HmState, u: HmUnit, n: number, rep: HitReport): void {
  if (n <= 0) return;
  let done = disorderStands(u, n);
  for (const g of attachedGenerals(state, u)) {
    if (done >= n) break;
    const s = g.stands[0];
    if (s && s.status === 'ok') {
      s.status = 'disordered';
      done++;
    }
  }
  rep.disordered += done;
}

function killGeneral(g: HmUnit, rep: HitReport, how: string): void {
  g.removed = true;
  g.rs.removedBy = 'killed';
  if (g.rs.general) g.rs.general.attachedTo = null;
  rep.generalsKilled.push(g.id);
  rep.events.push({ type: 'general-killed', text: `${g.name} is killed ${how}`, side: g.side, unit: g.id });
}

/** Destroy n stands: attached Generals first, then the unit's own with cover saves (A §2.2, §24). */
function destroyPart(state: HmState, ctx: RuleContext, u: HmUnit, n: number, rep: HitReport, opts: HitOptions): void {
  let left = n;
  for (const g of attachedGenerals(state, u)) {
    if (left <= 0) break;
    killGeneral(g, rep, `with the first stand of ${u.name} to fall`);
    left--;
  }
  left = Math.min(left, u.stands.length);
  if (left <= 0) return;
  if (!opts.noSaves) {
    const cover = fireCover(ctx.battlefield, u, opts.from);
    const need = saveNeed(cover, 'underFire');
    rep.cover = cover;
    rep.saveNeed = need;
    if (need !== null) {
      const saves = rollSaves(ctx.dice, left, need);
      rep.saveDice.push(...saves.dice);
      rep.saved += saves.count;
      left -= saves.count;
    }
  }
  rep.destroyed += destroyStands(u, left);
}

/** A unit with nothing left leaves the table and a marker (A §25). */
function settleRemoval(state: HmState, u: HmUnit, rep: HitReport): void {
  if (u.removed || u.stands.length > 0) return;
  u.removed = true;
  rep.removed = true;
  if (isGeneralUnit(u)) {
    u.rs.removedBy = 'killed';
    rep.events.push({ type: 'general-killed', text: `${u.name} is killed`, side: u.side, unit: u.id });
    return;
  }
  u.rs.removedBy = 'destroyed';
  state.rules.destroyedMarkers.push({ side: u.side, x: u.x, y: u.y });
  rep.events.push({ type: 'unit-destroyed', text: `${u.name} is destroyed; a marker is left where it stood`, side: u.side, unit: u.id, data: { x: u.x, y: u.y } });
}

const UNDER_FIRE_WORDS: Record<UnderFireResult, string> = {
  suppressed: 'suppressed until after the next Joker',
  crewFlee: 'the crew flee: the guns are unmanned and may be overrun',
  damaged: 'seriously damaged: no orders until a 4–6 is rolled at a Joker',
};

/** One under-fire die per result the guns would take; the most severe governs (B §2.8, B10). */
function gunsUnderFire(ctx: RuleContext, u: HmUnit, results: number, rep: HitReport): void {
  const gun = u.rs.gun;
  if (results <= 0) return;
  if (!gun || gun.crew !== 'manned') {
    rep.text = `${plural(results, 'hit')} on unmanned guns: no further effect`;
    return;
  }
  const r = rollUnderFire(ctx.dice, results);
  rep.underFire = r;
  if (r.worst === 'crewFlee') gun.crew = 'fled';
  else if (r.worst === 'damaged') gun.damaged = true;
  else if (r.worst === 'suppressed') gun.suppressed = true;
  const worst = r.worst ? UNDER_FIRE_WORDS[r.worst] : 'no effect';
  rep.text = `${plural(results, 'hit')} on the guns: under fire ${r.dice.join(', ')}: ${worst}`;
  if (r.worst) {
    rep.events.push({
      type: 'guns-under-fire',
      text: `${u.name}: ${worst}`,
      side: u.side,
      unit: u.id,
      chart: { chart: 'Artillery under fire', row: r.worst },
      data: { results: r.results, worst: r.worst },
    });
  }
}

function describeHits(rep: HitReport): string {
  if (rep.underFire || rep.text) return rep.text;
  if (rep.hits <= 0) return 'no effect';
  const parts: string[] = [];
  if (rep.disordered > 0) parts.push(`${plural(rep.disordered, 'stand')} disordered`);
  if (rep.generalsKilled.length > 0) parts.push(`${plural(rep.generalsKilled.length, 'attached General')} killed`);
  if (rep.saveNeed !== null && rep.saveDice.length > 0) {
    parts.push(`${rep.cover} cover saves on ${rep.saveNeed}+: ${rep.saveDice.join(', ')}, ${rep.saved} saved`);
  }
  if (rep.destroyed > 0) parts.push(`${plural(rep.destroyed, 'stand')} destroyed`);
  if (rep.removed) parts.push('the unit is wiped out');
  return parts.length ? parts.join('; ') : 'no further effect';
}

/**
 * Put fire hits on a unit (B §2.4, §2.8, A §2.2, §24, §25): disorder undisordered stands, each
 * further hit destroys one (an attached General first, then the unit's stands with cover saves);
 * guns roll on the under-fire table instead. A unit with nothing left is removed and leaves a marker.
 * Emits nothing: the caller puts `text` in its event and emits `events` after it.
 */
export function applyHitsToUnit(state: HmState, ctx: RuleContext, target: HmUnit, hits: number, situation: 'underFire', opts: HitOptions = {}): HitReport {
  void situation;
  // A General attached to a unit is hit only as part of it.
  const host = isGeneralUnit(target) ? hostOf(state, target) : undefined;
  const u = host ?? target;
  const rep = emptyReport(u, hits);
  if (hits > 0 && !u.removed) {
    if (u.rs.troop === 'artillery') {
      gunsUnderFire(ctx, u, hits, rep);
    } else {
      const gens = isGeneralUnit(u) ? [] : attachedGenerals(state, u);
      const stands = u.stands.length + gens.length;
      const disordered = u.stands.filter((s) => s.status === 'disordered').length + gens.filter((g) => g.stands[0]?.status === 'disordered').length;
      const { disorder, destroy } = applyFireHits(hits, stands, disordered);
      disorderPart(state, u, disorder, rep);
      if (destroy > 0) {
        if (isGeneralUnit(u)) rep.destroyed += destroyStands(u, destroy);
        else destroyPart(state, ctx, u, destroy, rep, opts);
      }
      settleRemoval(state, u, rep);
    }
  }
  rep.text = describeHits(rep);
  return rep;
}

// ---------------------------------------------------------------------------------------------
// Artillery: who may fire

/** Why a battery cannot fire this ammunition now, or null when it can (B §2.1-2.2, §2.8, §2.11, §4.12). */
export function gunFireReason(state: HmState, gun: HmUnit, ammo: Ammunition): string | null {
  const g = gun.rs.gun;
  if (gun.rs.troop !== 'artillery' || !g) return `${gun.name} is not artillery`;
  if (!onTable(gun)) return `${gun.name} is no longer on the table`;
  if (g.spiked) return `${gun.name} has been spiked`;
  if (g.crew !== 'manned') return `${gun.name} has no crew`;
  if (g.limbered) return `${gun.name} is limbered: limbered guns cannot fire`;
  if (g.suppressed) return `${gun.name} is suppressed until after the next Joker`;
  if (g.damaged) return `${gun.name} is seriously damaged`;
  if (ammo === 'ball' && g.kind !== 'cannon') return 'a howitzer fires shell, not ball';
  if (ammo === 'shell' && g.kind !== 'howitzer') return 'a cannon fires ball, not shell';
  if (ammo !== 'grapeshot' && !g.readyForBall) return `${gun.name} was just unlimbered or remanned: ${ammo} waits for the next artillery card`;
  if (heavyRainEffects(state.rules.heavyRainJokers).artilleryCannotFire) {
    return `heavy rain: after ${HEAVY_RAIN_NO_ARTILLERY} Jokers of it the powder is too wet for the guns`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Artillery: arc, range and line

interface Muzzle {
  /** Centre of the gun stand's front edge. */
  at: Vec2;
  forward: Vec2;
  /** Inward normals of the arc's two edges. */
  normals: [Vec2, Vec2];
  rect: OrientedRect;
}

function muzzleOf(gun: HmUnit): Muzzle {
  const s = gun.stands[0]!;
  const rect = standRect(gun, s);
  const forward = direction(gun.facing);
  const tilt = Math.PI / 2 - ARTILLERY_ARC_HALF_ANGLE;
  return { at: frontCentre(rect), forward, normals: [rotate(forward, tilt), rotate(forward, -tilt)], rect };
}

/** The part of a convex polygon inside the arc (Sutherland–Hodgman against the two edges). */
function clipToArc(poly: Vec2[], m: Muzzle): Vec2[] {
  let out = poly;
  for (const n of m.normals) {
    const next: Vec2[] = [];
    for (let i = 0; i < out.length; i++) {
      const a = out[i]!;
      const b = out[(i + 1) % out.length]!;
      const da = dot(sub(a, m.at), n);
      const db = dot(sub(b, m.at), n);
      if (da >= -EPS) next.push(a);
      if ((da >= -EPS) !== (db >= -EPS)) next.push(lerp(a, b, da / (da - db)));
    }
    out = next;
    if (out.length === 0) break;
  }
  return out;
}

function nearestOnPolygon(poly: Vec2[], p: Vec2): Vec2 {
  if (poly.length >= 3 && pointInPolygon(p, poly)) return p;
  let best = poly[0]!;
  let bestD = Infinity;
  for (let i = 0; i < poly.length; i++) {
    const q = closestPointOnSegment(p, poly[i]!, poly[(i + 1) % poly.length]!);
    const d = distance(p, q);
    if (d < bestD) {
      bestD = d;
      best = q;
    }
  }
  return best;
}

/**
 * Where a gun would aim at a building (B §2.7): the nearest point of its footprint inside the arc,
 * and how far that is from the muzzle; null when no part of it is in the arc or within `range`.
 */
export function buildingAim(gun: HmUnit, footprint: readonly Vec2[], range: number): { point: Vec2; distance: number; muzzle: Vec2 } | null {
  const m = muzzleOf(gun);
  const part = clipToArc([...footprint], m);
  if (part.length === 0) return null;
  const point = nearestOnPolygon(part, m.at);
  const d = distance(point, m.at);
  return d <= range + EPS ? { point, distance: d, muzzle: m.at } : null;
}

interface AimPoint {
  point: Vec2;
  stand: number;
  distance: number;
}

/** Points of the target inside the arc and within `range`, nearest first; `inArc` says whether any part was in the arc at all. */
function aimPoints(target: HmUnit, m: Muzzle, range: number): { points: AimPoint[]; inArc: boolean; nearest: number } {
  const points: AimPoint[] = [];
  let inArc = false;
  let nearest = Infinity;
  target.stands.forEach((s, i) => {
    if (s.status === 'destroyed') return;
    const part = clipToArc([...corners(standRect(target, s))], m);
    if (part.length === 0) return;
    inArc = true;
    const near = nearestOnPolygon(part, m.at);
    const d = distance(near, m.at);
    nearest = Math.min(nearest, d);
    let cx = 0;
    let cy = 0;
    for (const p of part) {
      cx += p.x;
      cy += p.y;
    }
    const candidates = [near, { x: cx / part.length, y: cy / part.length }, ...part];
    for (let k = 0; k < part.length; k++) candidates.push(lerp(part[k]!, part[(k + 1) % part.length]!, 0.5));
    for (const p of candidates) {
      const dp = distance(p, m.at);
      if (dp <= range + EPS) points.push({ point: p, stand: i, distance: dp });
    }
  });
  points.sort((a, b) => a.distance - b.distance);
  return { points, inArc, nearest };
}

interface LineBlock {
  unit: HmUnit;
  why: string;
}

/** Units in the way of a direct-fire line (B §2.3, B48): crossing stands, and friends within 1". */
function lineBlockers(state: HmState, gun: HmUnit, target: HmUnit, m: Muzzle, q: Vec2): LineBlock[] {
  const side = sideOf(gun);
  const out: LineBlock[] = [];
  const clearance = inch(ARTILLERY_FRIENDLY_CLEARANCE);
  for (const u of state.units) {
    if (!onTable(u) || u.id === gun.id || u.id === target.id) continue;
    const attachedTo = u.rs.general?.attachedTo;
    if (attachedTo === gun.id || attachedTo === target.id) continue;
    const friend = sideOf(u) === side;
    for (const s of u.stands) {
      if (s.status === 'destroyed') continue;
      const r = standRect(u, s);
      if (friend) {
        // Wholly behind the gun's front edge: beside or behind the gun, never fired over.
        if (corners(r).every((c) => dot(sub(c, m.at), m.forward) <= EPS)) continue;
        if (segmentRectDistance(m.at, q, r) < clearance - EPS) {
          out.push({ unit: u, why: `the line passes within ${ARTILLERY_FRIENDLY_CLEARANCE}" of ${u.name}` });
          break;
        }
      } else if (segmentCrossesRect(m.at, q, r, -SEAM)) {
        out.push({ unit: u, why: `${u.name} is in the way` });
        break;
      }
    }
  }
  return out;
}

const levelOf = (bf: Battlefield, p: Vec2): number => hillLevelAt(bf, p);

/** Overhead fire (B §2.3): the cannon above everything in the way and the target, or the target above the cannon and everything in the way. */
function overheadAllowed(bf: Battlefield, gun: HmUnit, target: HmUnit, blockers: readonly LineBlock[]): boolean {
  if (gun.rs.gun?.kind !== 'cannon') return false;
  const m = muzzleOf(gun);
  const gunLevel = levelOf(bf, { x: m.rect.cx, y: m.rect.cy });
  const targetLevel = levelOf(bf, { x: target.x, y: target.y });
  const between = Math.max(...blockers.map((b) => levelOf(bf, { x: b.unit.x, y: b.unit.y })));
  return (gunLevel > between && gunLevel > targetLevel) || (targetLevel > gunLevel && targetLevel > between);
}

/** The outcome of checking one target for one battery and ammunition. */
export interface ArtilleryTargetCheck {
  ok: boolean;
  /** Why not; for a legal target, how it is seen. */
  reason: string;
  /** To the nearest part of the target inside the arc, mm (Infinity when out of arc). */
  distance: number;
  /** The target stand aimed at and the point the line runs to (legal targets only). */
  stand?: number;
  point?: Vec2;
  /** The line passes over units by the overhead-fire rule. */
  overhead?: boolean;
}

interface CheckOptions {
  /** Apply the concealment caps (not for defensive grapeshot). */
  concealment?: boolean;
  /** Skip the arc and line of sight (grapeshot at the attacker of the guns, B §2.9). */
  rangeOnly?: boolean;
  /** Declared without measuring: the target may lie up to GUESS_FACTOR times the range away (A §11.10). */
  guess?: boolean;
}

/** Whether a battery may fire this ammunition at this unit (B §2.2-2.3); the battery's own state is not checked. */
export function checkArtilleryTarget(state: HmState, bf: Battlefield, gun: HmUnit, target: HmUnit, ammo: Ammunition, opts: CheckOptions = {}): ArtilleryTargetCheck {
  const no = (reason: string, d = Infinity): ArtilleryTargetCheck => ({ ok: false, reason, distance: d });
  if (!onTable(target)) return no(`${target.name} is not on the table`);
  if (sideOf(target) === sideOf(gun)) return no(`${target.name} is a friendly unit`);
  if (isGeneralUnit(target)) {
    const host = hostOf(state, target);
    return no(host ? `${target.name} is attached to ${host.name}: fire at the unit` : 'Generals are not a legal target for artillery');
  }
  if (target.rs.gun && target.rs.gun.crew !== 'manned') return no(`${target.name} are unmanned guns`);
  const range = inch(ARTILLERY_RANGE[ammo]) * (opts.guess ? GUESS_FACTOR : 1);
  const m = muzzleOf(gun);
  if (opts.rangeOnly) {
    const d = Math.min(...rectsOf(target).map((r) => pointRectDistance(r, m.at)));
    if (d > range + EPS) return no(`out of range: ${inches(d)} away, ${ammo} reaches ${inches(range)}`, d);
    return { ok: true, reason: `within ${inches(range)}`, distance: d, stand: 0, point: m.at };
  }
  const aim = aimPoints(target, m, range);
  if (!aim.inArc) return no(`out of arc: no part of ${target.name} is within ${Math.round((ARTILLERY_ARC_HALF_ANGLE * 180) / Math.PI)}° of straight ahead`);
  if (aim.points.length === 0) return no(`out of range: ${inches(aim.nearest)} away, ${ammo} reaches ${inches(range)}`, aim.nearest);
  const sight = fireSight(state, opts.concealment !== false, target);
  const d = aim.nearest;

  if (ammo === 'shell') {
    const clearance = inch(SHELL_FRIENDLY_CLEARANCE);
    const tRects = rectsOf(target);
    for (const f of state.units) {
      if (!onTable(f) || f.id === gun.id || sideOf(f) !== sideOf(gun)) continue;
      if (rectsOf(f).some((r) => tRects.some((t) => rectDistance(r, t) < clearance - EPS))) {
        return no(`${f.name} is within ${SHELL_FRIENDLY_CLEARANCE}" of ${target.name}`, d);
      }
    }
    let first = '';
    for (const a of aim.points) {
      const v = canSee(bf, gun, { point: a.point }, sight);
      if (v.visible) return { ok: true, reason: `seen by ${gun.name}: ${v.reason}`, distance: d, stand: a.stand, point: a.point };
      first ||= v.reason;
    }
    const generals = state.units.filter((g) => onTable(g) && isGeneralUnit(g) && g.side === sideOf(gun));
    for (const g of generals) {
      const v = canSee(bf, g, target, sight);
      if (v.visible) return { ok: true, reason: `seen by ${g.name}: ${v.reason}`, distance: d, stand: aim.points[0]!.stand, point: aim.points[0]!.point };
    }
    return no(`not in sight of ${gun.name} or any friendly General: ${first}`, d);
  }

  // Ball and grapeshot: direct fire.
  let firstBlock = '';
  let firstSight = '';
  for (const a of aim.points) {
    const blockers = lineBlockers(state, gun, target, m, a.point);
    let overhead = false;
    if (blockers.length > 0) {
      if (!overheadAllowed(bf, gun, target, blockers)) {
        firstBlock ||= blockers[0]!.why;
        continue;
      }
      overhead = true;
    }
    const v = canSee(bf, gun, { point: a.point }, sight);
    if (!v.visible) {
      firstSight ||= v.reason;
      continue;
    }
    return { ok: true, reason: overhead ? `firing over the units in the way: ${v.reason}` : v.reason, distance: d, stand: a.stand, point: a.point, overhead };
  }
  if (firstSight) return no(`no line of sight: ${firstSight}`, d);
  return no(`no clear line of fire: ${firstBlock}`, d);
}

export interface ArtilleryTarget {
  id: string;
  /** To the nearest part of it inside the arc, mm. */
  distance: number;
  /** How it is seen (or fired over). */
  reason: string;
}

export interface ArtilleryTargets {
  /** Why the battery cannot fire this ammunition at all, or null. */
  gunReason: string | null;
  /** Legal targets, nearest first. */
  legal: ArtilleryTarget[];
  /** Enemy units it may not fire at, with the reason. */
  excluded: { id: string; reason: string }[];
}

/** Every enemy unit a battery may or may not fire at with this ammunition, with reasons (for the UI). */
export function artilleryTargets(state: HmState, bf: Battlefield, gun: HmUnit | string, ammo: Ammunition): ArtilleryTargets {
  const g = typeof gun === 'string' ? unitById(state, gun) : gun;
  if (!g) return { gunReason: `no unit "${String(gun)}"`, legal: [], excluded: [] };
  const gunReason = gunFireReason(state, g, ammo);
  const enemies = state.units.filter((u) => onTable(u) && sideOf(u) !== sideOf(g));
  if (gunReason) return { gunReason, legal: [], excluded: enemies.map((u) => ({ id: u.id, reason: gunReason })) };
  const legal: ArtilleryTarget[] = [];
  const excluded: { id: string; reason: string }[] = [];
  // Without measuring, a target that may prove out of range can still be declared (A §11.10);
  // grapeshot is chosen only for a target the gunners can see is close, so it is never guessed.
  const guessing = state.options.measuring === 'after-declaring' && ammo !== 'grapeshot';
  for (const u of enemies) {
    let c = checkArtilleryTarget(state, bf, g, u, ammo);
    if (!c.ok && guessing && c.distance !== Infinity && c.reason.startsWith('out of range')) {
      const guessed = checkArtilleryTarget(state, bf, g, u, ammo, { guess: true });
      if (guessed.ok) c = { ...guessed, reason: `declared without measuring: it may prove out of range (${guessed.reason})` };
    }
    if (c.ok) legal.push({ id: u.id, distance: c.distance, reason: c.reason });
    else excluded.push({ id: u.id, reason: c.reason });
  }
  legal.sort((a, b) => a.distance - b.distance);
  return { gunReason: null, legal, excluded };
}

// ---------------------------------------------------------------------------------------------
// Artillery: bouncing balls (B §2.6)

/** Terrain a bouncing ball passes over; hills are settled by their levels. */
const BALL_PASSES: ReadonlySet<HmTerrain> = new Set<HmTerrain>(['open', 'orchard', 'hedge', 'fence', 'crops', 'road', 'ford', 'woodenBridge', 'stoneBridge']);
const HILL_ROWS: ReadonlySet<HmTerrain> = new Set<HmTerrain>(['gentleHill', 'normalHill', 'steepHill', 'verySteepHill', 'sheerSlope']);

interface Strike {
  /** The unit that takes the hits (an attached General's host). */
  unit: HmUnit;
  /** The unit whose stand is struck. */
  owner: HmUnit;
  stand: Stand;
  at: number;
}

export interface BouncePath {
  from: Vec2;
  to: Vec2;
  strikes: Strike[];
  /** Why the ball stopped. */
  stop: string;
}

/** The line of a bouncing ball from the targeted stand on, the stands it will strike, and where it stops. */
function bouncePath(state: HmState, bf: Battlefield, gun: HmUnit, target: HmUnit, aimStand: Stand, m: Muzzle): BouncePath {
  const rect = standRect(target, aimStand);
  const centre = { x: rect.cx, y: rect.cy };
  const len0 = distance(m.at, centre);
  const dir = len0 > EPS ? { x: (centre.x - m.at.x) / len0, y: (centre.y - m.at.y) / len0 } : m.forward;
  const probeLen = len0 + rect.width + rect.depth;
  const probeEnd = { x: m.at.x + dir.x * probeLen, y: m.at.y + dir.y * probeLen };
  const clip = clipSegmentToRect(m.at, probeEnd, rect);
  const exitS = clip ? clip[1] * probeLen : len0;
  const at = (s: number): Vec2 => ({ x: m.at.x + dir.x * s, y: m.at.y + dir.y * s });
  let endS = exitS + inch(BOUNCE_MAX_DISTANCE);
  let stop = `it runs out after ${BOUNCE_MAX_DISTANCE}"`;
  // Terrain along the way.
  let level = levelOf(bf, at(exitS));
  for (let s = exitS; s <= endS; s += BOUNCE_STEP) {
    const p = at(s);
    const lv = levelOf(bf, p);
    if (lv > level) {
      endS = s;
      stop = 'it buries itself in rising ground';
      break;
    }
    level = lv;
    const bar = terrainAt(bf, p).find((h) => !HILL_ROWS.has(h.terrain) && !BALL_PASSES.has(h.terrain));
    if (bar) {
      endS = s;
      stop = `it stops at ${bar.feature.name}`;
      break;
    }
  }
  const a = at(exitS);
  const b = at(endS);
  const strikes: Strike[] = [];
  for (const u of state.units) {
    if (!onTable(u) || u.id === gun.id) continue;
    const host = isGeneralUnit(u) ? hostOf(state, u) : undefined;
    for (const s of u.stands) {
      if (s === aimStand || s.status === 'destroyed') continue;
      const r = standRect(u, s);
      if (!segmentCrossesRect(a, b, r)) continue;
      const c = clipSegmentToRect(a, b, r)!;
      strikes.push({ unit: host ?? u, owner: u, stand: s, at: c[0] });
    }
  }
  strikes.sort((p, q) => p.at - q.at);
  const passed: string[] = [];
  const kept: Strike[] = [];
  for (const st of strikes) {
    if (st.unit.id !== target.id && !passed.includes(st.unit.id)) {
      if (passed.length >= BOUNCE_MAX_UNITS) {
        stop = `it has passed through ${BOUNCE_MAX_UNITS} units`;
        break;
      }
      passed.push(st.unit.id);
    }
    kept.push(st);
  }
  return { from: a, to: b, strikes: kept, stop };
}

export interface BounceStrike {
  unit: string;
  dice: number[];
  hits: number;
  report: HitReport | null;
}

// ---------------------------------------------------------------------------------------------
// Artillery: firing

export interface FireResult {
  gun: string;
  target: string;
  ammo: Ammunition;
  dice: number[];
  hits: number;
  report: HitReport;
  bounces: BounceStrike[];
}

const AMMO_ROW: Record<Ammunition, string> = {
  ball: `Ball or shell: 1D6 − ${BALL_SUBTRACT} stands disordered; once all are disordered each further hit destroys one`,
  shell: `Ball or shell: 1D6 − ${BALL_SUBTRACT} stands disordered; once all are disordered each further hit destroys one`,
  grapeshot: `Grapeshot: 4D6, each ${GRAPESHOT_HIT_NEED}–6 disorders a stand; once all are disordered each further hit destroys one`,
};

/** Roll one shot, apply it, bounce it, and tell the log. The checks are the caller's. */
function shoot(state: HmState, bf: Battlefield, ctx: RuleContext, gun: HmUnit, target: HmUnit, ammo: Ammunition, check: ArtilleryTargetCheck, why: string): FireResult {
  const m = muzzleOf(gun);
  const start = ctx.dice.rolls.length;
  const aimStand = target.stands[check.stand ?? 0];
  // The ball's path is fixed when it is fired, before the target's stands are re-laid.
  const sameLevel = levelOf(bf, { x: m.rect.cx, y: m.rect.cy }) === levelOf(bf, { x: target.x, y: target.y });
  const path = ammo === 'ball' && gun.rs.gun?.kind === 'cannon' && sameLevel && aimStand ? bouncePath(state, bf, gun, target, aimStand, m) : null;
  const roll = ammo === 'grapeshot' ? rollGrapeshot(ctx.dice) : rollBallOrShell(ctx.dice, ammo);
  const report = applyHitsToUnit(state, ctx, target, roll.hits, 'underFire', { from: m.at });
  markFired(state, gun);
  const modifiers: Modifier[] = ammo === 'grapeshot' ? [] : [{ value: -BALL_SUBTRACT, reason: `${ammo === 'ball' ? 'Ball' : 'Shell'}: 1D6 − ${BALL_SUBTRACT}` }];
  const thrown = ammo === 'grapeshot' ? `4D6 ${roll.dice.join(', ')}, ${GRAPESHOT_HIT_NEED}+ hits` : `1D6 ${roll.dice[0]} − ${BALL_SUBTRACT}`;
  ctx.emit({
    type: 'artillery-fire',
    text: `${gun.name} fires ${ammo} at ${target.name} (${inches(check.distance)}${why}): ${thrown}: ${plural(roll.hits, 'hit')}; ${report.text}`,
    side: sideOf(gun),
    unit: gun.id,
    target: target.id,
    dice: rollsSince(ctx, start),
    modifiers,
    ...(ammo === 'grapeshot' ? { need: GRAPESHOT_HIT_NEED } : {}),
    chart: { chart: 'Artillery fire', row: AMMO_ROW[ammo] },
    data: {
      ammo,
      hits: roll.hits,
      distance: check.distance,
      from: m.at,
      to: check.point ?? { x: target.x, y: target.y },
      overhead: check.overhead === true,
      disordered: report.disordered,
      destroyed: report.destroyed,
      saved: report.saved,
      generalsKilled: report.generalsKilled,
      removed: report.removed,
      underFire: report.underFire?.worst ?? null,
    },
  });
  for (const e of report.events) ctx.emit(e);
  const bounces: BounceStrike[] = [];
  if (path) {
    for (const st of path.strikes) {
      if (st.unit.removed || !st.unit.stands.length) continue;
      const b0 = ctx.dice.rolls.length;
      const r = rollBounce(ctx.dice);
      const rep = r.hits > 0 ? applyHitsToUnit(state, ctx, st.unit, r.hits, 'underFire', { from: m.at }) : null;
      bounces.push({ unit: st.unit.id, dice: r.dice, hits: r.hits, report: rep });
      const through = st.owner !== st.unit ? ` (${st.owner.name}, attached)` : '';
      ctx.emit({
        type: 'artillery-bounce',
        text: `The ball from ${gun.name} bounces into ${st.unit.name}${through}: 1D6 ${r.dice[0]} − ${BOUNCE_SUBTRACT}: ${rep ? rep.text : 'no effect'}`,
        side: sideOf(gun),
        unit: gun.id,
        target: st.unit.id,
        dice: rollsSince(ctx, b0),
        modifiers: [{ value: -BOUNCE_SUBTRACT, reason: `Bouncing ball: 1D6 − ${BOUNCE_SUBTRACT}` }],
        chart: { chart: 'Artillery fire', row: `Bouncing ball: 1D6 − ${BOUNCE_SUBTRACT} stands disordered at each stand struck` },
        data: { hits: r.hits, from: path.from, to: path.to },
      });
      if (rep) for (const e of rep.events) ctx.emit(e);
    }
    ctx.emit({
      type: 'artillery-bounce-end',
      text: `The ball from ${gun.name} ${path.strikes.length ? 'goes on until' : 'bounces on, strikes nothing more, and stops:'} ${path.stop}`,
      side: sideOf(gun),
      unit: gun.id,
      data: { from: path.from, to: path.to },
    });
  }
  return { gun: gun.id, target: target.id, ammo, dice: roll.dice, hits: roll.hits, report, bounces };
}

function mustUnit(state: HmState, gunId: string): HmUnit {
  const gun = unitById(state, gunId);
  if (!gun) throw new RuleError(`there is no unit "${gunId}"`);
  return gun;
}

function mustTarget(state: HmState, targetId: string): HmUnit {
  const t = unitById(state, targetId);
  if (!t) throw new RuleError(`there is no unit "${targetId}"`);
  return t;
}

/**
 * A battery fires on an artillery card (B §2.1-2.8): checks the battery, the ammunition and the
 * target (RuleError with the reason when illegal), rolls, applies the hits, bounces a cannon ball,
 * emits one event per shot (and one per stand a bouncing ball strikes), and marks the battery as
 * having fired on the card in play and as seen (C §8.8).
 */
export function fireArtillery(state: HmState, bf: Battlefield, ctx: RuleContext, gunId: string, targetId: string, ammo: Ammunition): FireResult {
  const gun = mustUnit(state, gunId);
  const reason = gunFireReason(state, gun, ammo);
  if (reason) throw new RuleError(`${gun.name} cannot fire ${ammo}: ${reason}`);
  const card = state.rules.activeCard;
  if (card?.fired.includes(gun.id)) throw new RuleError(`${gun.name} has already fired on this card`);
  const target = mustTarget(state, targetId);
  const check = checkArtilleryTarget(state, bf, gun, target, ammo);
  let result: FireResult;
  if (check.ok) result = shoot(state, bf, ctx, gun, target, ammo, check, '');
  else {
    // Without measuring, a target that proves out of range gets the in-line shot (A §11.10, B §2.2).
    const guessed = state.options.measuring === 'after-declaring' && ammo !== 'grapeshot' && check.reason.startsWith('out of range') ? checkArtilleryTarget(state, bf, gun, target, ammo, { guess: true }) : null;
    if (!guessed?.ok) throw new RuleError(`${gun.name} cannot fire ${ammo} at ${target.name}: ${check.reason}`);
    result = shotInLine(state, bf, ctx, gun, target, ammo, guessed);
  }
  if (card) card.fired.push(gun.id);
  return result;
}

/** What an out-of-range shot would strike: the stand nearest where it falls at maximum range, within IN_LINE_TOLERANCE. */
export function inLineStrike(state: HmState, gun: HmUnit, aimedAt: Vec2, ammo: Ammunition): { lands: Vec2; unit: HmUnit; stand: number; distance: number } | { lands: Vec2; unit: null } {
  const m = muzzleOf(gun);
  const lands = pointAtRange(m.at, aimedAt, inch(ARTILLERY_RANGE[ammo]));
  const stands = state.units
    .filter((u) => onTable(u) && u.id !== gun.id)
    .flatMap((u) => u.stands.map((s, i) => ({ u, s, i })).filter((x) => x.s.status !== 'destroyed'));
  const hit = nearestRectWithin(lands, stands, (x) => standRect(x.u, x.s), inch(IN_LINE_TOLERANCE));
  if (!hit) return { lands, unit: null };
  return { lands, unit: hit.item.u, stand: hit.item.i, distance: hit.distance };
}

/**
 * A shot declared without measuring at a target that proves out of range (A §11.10, B §2.2): it flies
 * the declared line and falls at maximum range, striking the stand in line there, else it is lost.
 */
function shotInLine(state: HmState, bf: Battlefield, ctx: RuleContext, gun: HmUnit, intended: HmUnit, ammo: Ammunition, guessed: ArtilleryTargetCheck): FireResult {
  const range = inch(ARTILLERY_RANGE[ammo]);
  const strike = inLineStrike(state, gun, guessed.point!, ammo);
  const short = `${intended.name} proves to be ${inches(guessed.distance)} away, beyond the ${inches(range)} ${ammo} reaches`;
  if (strike.unit === null) {
    markFired(state, gun);
    ctx.emit({
      type: 'artillery-fire',
      text: `${gun.name} fires ${ammo} at ${intended.name} without measuring: ${short}, and no stand lies in line within ${IN_LINE_TOLERANCE}" of where the ${ammo} falls: the shot is lost`,
      side: sideOf(gun),
      unit: gun.id,
      target: intended.id,
      chart: { chart: 'Artillery fire', row: 'Out of range: a stand in line at maximum range is hit, otherwise the shot is lost' },
      data: { ammo, hits: 0, distance: range, from: muzzleOf(gun).at, to: strike.lands, lost: true },
    });
    return { gun: gun.id, target: intended.id, ammo, dice: [], hits: 0, report: emptyReport(intended, 0), bounces: [] };
  }
  // An attached General struck takes his unit's hits with it, as for any shot at the unit.
  const victim = isGeneralUnit(strike.unit) ? (hostOf(state, strike.unit) ?? strike.unit) : strike.unit;
  const stand = victim === strike.unit ? strike.stand : 0;
  const check: ArtilleryTargetCheck = { ok: true, reason: 'in line at maximum range', distance: range, stand, point: strike.lands };
  const where = victim.id === intended.id ? `its ${ammo} falls at maximum range on the nearest part of it` : `the ${ammo} falls at maximum range in line with it, on ${victim.name}`;
  return shoot(state, bf, ctx, gun, victim, ammo, check, `; fired without measuring: ${short}; ${where}`);
}

/**
 * A §8.1 step 2, B §2.5: each of the side's crewed, unlimbered batteries that is not suppressed,
 * damaged or spiked fires grapeshot at the nearest enemy unit within 6", in arc and in sight.
 * Returns how many batteries fired.
 */
export function grapeshotPhase(state: HmState, bf: Battlefield, ctx: RuleContext, side: SideId): number {
  let fired = 0;
  const guns = state.units.filter((u) => onTable(u) && u.rs.troop === 'artillery' && sideOf(u) === side);
  for (const gun of guns) {
    if (gunFireReason(state, gun, 'grapeshot')) continue;
    let best: { target: HmUnit; check: ArtilleryTargetCheck } | null = null;
    for (const u of state.units) {
      if (!onTable(u) || sideOf(u) === side) continue;
      const c = checkArtilleryTarget(state, bf, gun, u, 'grapeshot');
      if (c.ok && (!best || c.distance < best.check.distance)) best = { target: u, check: c };
    }
    if (!best) continue;
    shoot(state, bf, ctx, gun, best.target, 'grapeshot', best.check, ', grapeshot at the start of the turn');
    fired++;
  }
  return fired;
}

/**
 * Defensive artillery support (B §2.10): after the Resolve tests of an Attack, each battery of the
 * defending side that is crewed and unlimbered (and not suppressed, damaged or spiked) and has the
 * attacker within 6", in arc and in line of sight, fires grapeshot at it. `exclude` leaves out
 * batteries (the guns being attacked, which fire by grapeshotAt). Returns how many fired.
 */
export function defensiveGrapeshot(
  state: HmState,
  bf: Battlefield,
  ctx: RuleContext,
  attackerId: string,
  defendingSide: SideId,
  opts: { exclude?: readonly string[] } = {},
): number {
  const attacker = mustTarget(state, attackerId);
  let fired = 0;
  const guns = state.units.filter((u) => onTable(u) && u.rs.troop === 'artillery' && sideOf(u) === defendingSide && !(opts.exclude ?? []).includes(u.id));
  for (const gun of guns) {
    if (!onTable(attacker)) break;
    if (gunFireReason(state, gun, 'grapeshot')) continue;
    const c = checkArtilleryTarget(state, bf, gun, attacker, 'grapeshot', { concealment: false });
    if (!c.ok) continue;
    shoot(state, bf, ctx, gun, attacker, 'grapeshot', c, ', defensive support');
    fired++;
  }
  return fired;
}

/**
 * Guns under Attack fire grapeshot at their attacker (B §2.9 steps 2 and 4): the battery must be
 * able to fire grapeshot and the attacker within 6" of its front; arc and sight are not asked (they
 * face their attacker). When the guns cannot fire, an 'artillery-silent' event says why and the
 * result is null.
 */
export function grapeshotAt(state: HmState, bf: Battlefield, ctx: RuleContext, gunId: string, targetId: string): FireResult | null {
  const gun = mustUnit(state, gunId);
  const target = mustTarget(state, targetId);
  const reason = gunFireReason(state, gun, 'grapeshot');
  const check = reason ? null : checkArtilleryTarget(state, bf, gun, target, 'grapeshot', { rangeOnly: true });
  if (!check || !check.ok) {
    ctx.emit({
      type: 'artillery-silent',
      text: `${gun.name} cannot fire grapeshot at ${target.name}: ${reason ?? check?.reason ?? ''}`,
      side: sideOf(gun),
      unit: gun.id,
      target: target.id,
    });
    return null;
  }
  return shoot(state, bf, ctx, gun, target, 'grapeshot', check, ', at its attacker');
}

// ---------------------------------------------------------------------------------------------
// Skirmisher fire (B §1.6)

/** Why a unit cannot use Skirmisher Fire at all now, or null. */
export function skirmisherFireReason(state: HmState, u: HmUnit): string | null {
  if (!isSkirmisherTroop(u)) return `${u.name} is not a skirmisher unit`;
  if (!onTable(u)) return `${u.name} is no longer on the table`;
  if (isBroken(u)) return `${u.name} is running and cannot fire`;
  if (heavyRainEffects(state.rules.heavyRainJokers).infantryCannotFire) {
    return `heavy rain: after ${HEAVY_RAIN_NO_MUSKETS} Jokers of it the powder is too wet to fire`;
  }
  if (!u.stands.some((s) => s.status === 'ok')) return `every stand of ${u.name} is disordered: none may fire`;
  return null;
}

function frontEdgePoints(r: OrientedRect): Vec2[] {
  const [fl, fr] = corners(r);
  return [0, 0.25, 0.5, 0.75, 1].map((t) => lerp(fl, fr, t));
}

function targetPoints(target: HmUnit): Vec2[] {
  const out: Vec2[] = [];
  for (const r of rectsOf(target)) {
    const c = corners(r);
    out.push({ x: r.cx, y: r.cy }, ...c);
    for (let k = 0; k < 4; k++) out.push(lerp(c[k]!, c[(k + 1) % 4]!, 0.5));
  }
  return out;
}

/** The unit a clear line of skirmisher fire from this stand runs into, or null when a line is clear. */
function skirmishLine(state: HmState, u: HmUnit, own: OrientedRect, target: HmUnit): { clear: boolean; blocker: string } {
  const blockers: { name: string; r: OrientedRect }[] = [];
  for (const o of state.units) {
    if (!onTable(o) || o.id === u.id || o.id === target.id) continue;
    if (isSkirmisherTroop(o)) continue;
    const attachedTo = o.rs.general?.attachedTo;
    if (attachedTo === target.id || attachedTo === u.id) continue;
    for (const r of rectsOf(o)) blockers.push({ name: o.name, r });
  }
  let blocker = '';
  const to = targetPoints(target);
  for (const p of frontEdgePoints(own)) {
    for (const q of to) {
      if (segmentCrossesRect(p, q, own)) continue;
      const b = blockers.find((x) => segmentCrossesRect(p, q, x.r, -SEAM));
      if (!b) return { clear: true, blocker: '' };
      blocker ||= b.name;
    }
  }
  return { clear: false, blocker: blocker || 'its own stand' };
}

interface StandCheck {
  stands: number[];
  /** Why no stand may fire (when none may). */
  reason: string;
  distance: number;
}

/** The stands of a skirmisher unit that may fire at a target (B §1.6): undisordered, within 9", a clear line, in sight. */
/** Where a firer and its target stood earlier: an Evade's fire may reach targets within 9" at its start (B §1.5). */
export interface EarlierPlaces {
  firer: { x: number; y: number; facing: number };
  target: { x: number; y: number; facing: number };
}

function skirmishStands(state: HmState, bf: Battlefield, u: HmUnit, target: HmUnit, earlier?: EarlierPlaces): StandCheck {
  const range = inch(SKIRMISHER_FIRE_RANGE);
  const tRects = rectsOf(target);
  const tBefore = earlier ? rectsOf({ ...target, ...earlier.target }) : [];
  const sight = fireSight(state, true, target);
  const stands: number[] = [];
  let nearest = Infinity;
  let inRange = 0;
  let lineReason = '';
  let sightReason = '';
  u.stands.forEach((s, i) => {
    if (s.status !== 'ok') return;
    const own = standRect(u, s);
    const before = earlier ? standRect({ ...u, ...earlier.firer }, s) : null;
    const d = Math.min(...tRects.map((t) => rectDistance(own, t)), ...(before ? tBefore.map((t) => rectDistance(before, t)) : []));
    nearest = Math.min(nearest, d);
    if (d > range + EPS) return;
    inRange++;
    const line = skirmishLine(state, u, own, target);
    if (!line.clear) {
      lineReason ||= `no clear line from a front edge: ${line.blocker} in the way`;
      return;
    }
    const observer: SightUnit = { x: u.x, y: u.y, facing: u.facing, stands: [s], rs: { troop: u.rs.troop } };
    const v = canSee(bf, observer, target, sight);
    if (!v.visible) {
      sightReason ||= `not in sight: ${v.reason}`;
      return;
    }
    stands.push(i);
  });
  let reason = '';
  if (stands.length === 0) {
    if (inRange === 0) reason = `no undisordered stand within ${SKIRMISHER_FIRE_RANGE}" (nearest ${inches(nearest)})`;
    else reason = lineReason || sightReason;
  }
  return { stands, reason, distance: nearest };
}

function skirmishTargetReason(state: HmState, u: HmUnit, target: HmUnit): string | null {
  if (!onTable(target)) return `${target.name} is not on the table`;
  if (sideOf(target) === sideOf(u)) return `${target.name} is a friendly unit`;
  const host = isGeneralUnit(target) ? hostOf(state, target) : undefined;
  if (host) return `${target.name} is attached to ${host.name}: fire at the unit`;
  if (target.rs.gun && target.rs.gun.crew !== 'manned') return `${target.name} are unmanned guns`;
  return null;
}

export interface SkirmishTarget {
  id: string;
  /** The stands that may fire at it (indices into stands). */
  stands: number[];
  /** From the nearest firing-eligible stand, mm. */
  distance: number;
}

export interface SkirmishTargets {
  /** Why the unit cannot fire at all, or null. */
  unitReason: string | null;
  /** Legal targets, nearest first, with the stands that may fire at each. */
  legal: SkirmishTarget[];
  excluded: { id: string; reason: string }[];
}

/** Every enemy unit a skirmisher unit may or may not fire at, and with which stands (B §1.6). */
export function skirmishTargets(state: HmState, bf: Battlefield, unitId: string): SkirmishTargets {
  const u = unitById(state, unitId);
  if (!u) return { unitReason: `no unit "${unitId}"`, legal: [], excluded: [] };
  const enemies = state.units.filter((e) => onTable(e) && sideOf(e) !== sideOf(u));
  const unitReason = skirmisherFireReason(state, u);
  if (unitReason) return { unitReason, legal: [], excluded: enemies.map((e) => ({ id: e.id, reason: unitReason })) };
  const legal: SkirmishTarget[] = [];
  const excluded: { id: string; reason: string }[] = [];
  for (const e of enemies) {
    const why = skirmishTargetReason(state, u, e);
    if (why) {
      excluded.push({ id: e.id, reason: why });
      continue;
    }
    const c = skirmishStands(state, bf, u, e);
    if (c.stands.length) legal.push({ id: e.id, stands: c.stands, distance: c.distance });
    else excluded.push({ id: e.id, reason: c.reason });
  }
  legal.sort((a, b) => a.distance - b.distance);
  return { unitReason: null, legal, excluded };
}

export interface SkirmishFireOptions {
  /** Fire with these stands only (indices; the rest may fire at another target). Default: every stand that may. */
  stands?: readonly number[];
  /** Other skirmishing-infantry units whose eligible stands join this throw. */
  joinedBy?: readonly string[];
  /** Also in range if within 9" where firer and target stood earlier (an Evade's start, B §1.5). */
  earlier?: EarlierPlaces;
}

export interface SkirmishFireResult {
  unit: string;
  target: string;
  standsFiring: number;
  dice: number[];
  targetDisordered: boolean;
  destroyRolled: boolean;
  targetStandDestroyed: boolean;
  autoLoss: boolean;
  firerDisordered: boolean;
  firerSaved: boolean;
  report: HitReport;
}

/**
 * Skirmisher Fire at one enemy unit (B §1.6): 2D6 against the stands firing. At or under: one
 * target stand disordered and (skirmishing infantry; skirmishing cavalry only at mounted, SI or
 * shaken infantry) a 4–6 destroys it, with cover saves. A double disorders one firing stand (with a
 * save in cover). A shaken target loses a stand automatically the first time it is fired at in a
 * turn (rules.skirmishFiredAt). RuleError when the fire is illegal.
 */
export function skirmishFire(state: HmState, bf: Battlefield, ctx: RuleContext, unitId: string, targetId: string, opts: SkirmishFireOptions = {}): SkirmishFireResult {
  const u = mustUnit(state, unitId);
  const why = skirmisherFireReason(state, u);
  if (why) throw new RuleError(`${u.name} cannot fire: ${why}`);
  const target = mustTarget(state, targetId);
  const tWhy = skirmishTargetReason(state, u, target);
  if (tWhy) throw new RuleError(`${u.name} cannot fire at ${target.name}: ${tWhy}`);
  const own = skirmishStands(state, bf, u, target, opts.earlier);
  let mine = own.stands;
  if (opts.stands) {
    const bad = opts.stands.find((i) => !own.stands.includes(i));
    if (bad !== undefined) throw new RuleError(`stand ${bad + 1} of ${u.name} cannot fire at ${target.name}${own.reason ? `: ${own.reason}` : ''}`);
    mine = [...new Set(opts.stands)];
  }
  if (mine.length === 0) throw new RuleError(`${u.name} cannot fire at ${target.name}: ${own.reason}`);
  const firers: HmUnit[] = [u];
  let count = mine.length;
  for (const id of opts.joinedBy ?? []) {
    const j = mustUnit(state, id);
    if (j.id === u.id || firers.includes(j)) continue;
    if (u.rs.troop !== 'skirmInf' || j.rs.troop !== 'skirmInf') throw new RuleError('only stands of skirmishing infantry units may combine their fire');
    if (sideOf(j) !== sideOf(u)) throw new RuleError(`${j.name} is not on ${u.name}'s side`);
    const jWhy = skirmisherFireReason(state, j);
    if (jWhy) throw new RuleError(`${j.name} cannot fire: ${jWhy}`);
    const c = skirmishStands(state, bf, j, target);
    if (c.stands.length === 0) throw new RuleError(`${j.name} cannot fire at ${target.name}: ${c.reason}`);
    firers.push(j);
    count += c.stands.length;
  }

  const start = ctx.dice.rolls.length;
  const shaken = isShaken(state, target);
  const autoLossTaken = state.rules.skirmishFiredAt.includes(target.id);
  const firerType = u.rs.troop === 'skirmCav' ? 'skirmCav' : 'skirmInf';
  const r = rollSkirmisherFire(ctx.dice, count, firerType, { troop: target.rs.troop, shaken, autoLossTaken });
  const o = r.outcome;
  const total = r.dice[0]! + r.dice[1]!;
  const from = { x: u.x, y: u.y };
  const parts: string[] = [];
  parts.push(o.disorder ? `2D6 ${r.dice[0]}+${r.dice[1]} = ${total}, at most ${count}: one stand disordered` : `2D6 ${r.dice[0]}+${r.dice[1]} = ${total}, more than ${count}: no hit`);
  if (o.disorder && !o.destroyRoll) parts.push('skirmishing cavalry cannot destroy stands of unshaken close-order infantry');
  if (o.destroyRoll) parts.push(`destroy roll ${r.dice[2]}: ${r.destroyed ? 'destroyed' : 'the stand survives'}`);
  if (o.autoLoss) parts.push('shaken: one stand lost automatically, the first skirmisher fire at it this turn');

  let report: HitReport;
  if (target.rs.troop === 'artillery') {
    report = emptyReport(target, 0);
    gunsUnderFire(ctx, target, o.disorder + (r.destroyed ? 1 : 0) + (o.autoLoss ? 1 : 0), report);
    report.text ||= 'no effect on the guns';
  } else {
    const host = isGeneralUnit(target) ? hostOf(state, target) : undefined;
    const victim = host ?? target;
    report = emptyReport(victim, o.disorder);
    if (o.disorder) disorderPart(state, victim, 1, report);
    if (r.destroyed) destroyPart(state, ctx, victim, 1, report, { from });
    if (o.autoLoss && !victim.removed && victim.stands.length > 0) destroyPart(state, ctx, victim, 1, report, { from, noSaves: true });
    settleRemoval(state, victim, report);
    report.hits = o.disorder + (r.destroyed ? 1 : 0) + (o.autoLoss ? 1 : 0);
    report.text = describeHits(report);
  }
  if (o.autoLoss) state.rules.skirmishFiredAt.push(target.id);

  // A double: one firing stand disordered (the last of those firing; B4: a save in cover).
  let firerDisordered = false;
  let firerSaved = false;
  if (o.firerDisordered) {
    const idx = [...mine].sort((a, b) => b - a).find((i) => u.stands[i]?.status === 'ok');
    const s = idx === undefined ? undefined : u.stands[idx];
    if (s) {
      const cover = coverOf(bf, standRect(u, s), u.rs.troop, { x: target.x, y: target.y }, { vs: 'fire' });
      const need = saveNeed(cover, 'underFire');
      if (need !== null && ctx.dice.one(6, `cover save for a firing stand: ${need}+`) >= need) {
        firerSaved = true;
        parts.push(`a double: a firing stand would be disordered, but its ${cover} cover saves it`);
      } else {
        s.status = 'disordered';
        u.rs.fresh = false;
        firerDisordered = true;
        parts.push('a double: one firing stand disordered');
      }
    }
  }
  for (const f of firers) markFired(state, f);

  const names = firers.map((f) => f.name).join(' and ');
  ctx.emit({
    type: 'skirmish-fire',
    text: `${names} fire${firers.length > 1 ? '' : 's'} at ${target.name} with ${plural(count, 'stand')}: ${parts.join('; ')}; ${report.text}`,
    side: sideOf(u),
    unit: u.id,
    target: target.id,
    dice: rollsSince(ctx, start),
    chart: {
      chart: 'Skirmisher fire',
      row: o.disorder ? `Total at most the stands firing: one stand disordered, ${SKIRMISHER_FIRE_DESTROY_NEED}–6 destroys it` : 'Total above the stands firing: no hit',
    },
    data: {
      standsFiring: count,
      firers: firers.map((f) => f.id),
      disordered: report.disordered,
      destroyed: report.destroyed,
      autoLoss: o.autoLoss,
      firerDisordered,
    },
  });
  for (const e of report.events) ctx.emit(e);
  return {
    unit: u.id,
    target: target.id,
    standsFiring: count,
    dice: r.dice,
    targetDisordered: o.disorder > 0,
    destroyRolled: o.destroyRoll,
    targetStandDestroyed: r.destroyed,
    autoLoss: o.autoLoss,
    firerDisordered,
    firerSaved,
    report,
  };
}
