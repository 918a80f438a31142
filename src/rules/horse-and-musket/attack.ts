/**
 * The Attack Sequence (A §16-23): declare, wheel, the defender's reaction, both sides test Resolve,
 * the results are carried out, confrontation and combat dice, thrown back, breakthrough and
 * jubilation. Attacks on artillery follow B §2.9.
 */

import { angleOf, direction, rectDistance, sub, wrapAngle, type Vec2 } from '../../core/geometry';
import type { GameEvent, Modifier } from '../../core/model';
import { standRect } from '../../core/model';
import { inch, toInches } from '../../core/measure';
import { RuleError, type RuleContext } from '../../core/ruleset';
import type { Battlefield } from '../../terrain/battlefield';
import {
  advanceFireDistance,
  availableResolveChoices,
  bestResolveChoices,
  chartFor,
  combatDiceNeed,
  confidenceOf,
  freikorpsStatus,
  heavyRainEffects,
  resolveModifiers,
  resolveRow,
  rollEvade,
  rollGrapeshot,
  rollCombatDice,
  rollConfrontationDice,
  rollSaves,
  saveNeed,
  saveSituationFor,
  setsShakenMarker,
  sumModifiers,
  TROOPS,
  type CombatSituation,
  type ResolveFacts,
  type ResolveResult,
  type ResolveChoices,
  type ResolveRole,
} from './charts';
import { ARMY_LISTS } from './armies';
import { applyHitsToUnit, defensiveGrapeshot, fireCover, grapeshotAt, skirmishFire, type EarlierPlaces } from './fire';
import { discardFromHand } from './cards';
import { handForUnit } from './seats';
import { relayout } from './layout';
import { destroyStands, disorderStands, moveTo, pointAhead, walk, zoneContext, type WalkOptions } from './moves';
import { breakFormationThrough, gapToPass, moveThroughGaps, terrainGapToThread, type GapMove } from './gaps';
import { withdrawStep } from './withdraw';
import { coverOf, inRoughTerrain, onSteepHill, roughOrObstacleCrossed } from './terrain';
import type { HmState, HmUnit } from './types';
import { attachedGenerals, cincOver, destroyedCount, disorderedCount, isBroken, isShaken, liveUnits, unitById } from './world';
import {
  attackAspect,
  attackLine,
  attackRange,
  colourStand,
  contactSides,
  flankOrRearThreats,
  flankSupport,
  rearSupport,
  wheelBy,
  wheelToward,
  type Aspect,
} from './zones';
import { relocationCheck } from './evadeWay';
import { dhypot } from '../../core/detmath';

export interface AttackOptions {
  assault?: boolean;
  afterBreakthrough?: boolean;
}

/** How far any part of a unit's stands lies from its position, whatever its facing. */
function standsReach(u: HmUnit): number {
  let r = 0;
  for (const s of u.stands) r = Math.max(r, Math.sqrt(s.f * s.f + s.l * s.l) + Math.sqrt(s.width * s.width + s.depth * s.depth) / 2);
  return r;
}

/** Units in base contact (within a millimetre). */
export function touching(a: HmUnit, b: HmUnit, tolerance = 1): boolean {
  // Units farther apart than both their reaches and the tolerance (a millimetre to spare) cannot touch:
  // most pairs asked about are, and are answered without building a rectangle.
  const apart = standsReach(a) + standsReach(b) + tolerance + 1;
  const dx = a.x - b.x;
  const dy = a.y - b.y;
  if (dx * dx + dy * dy > apart * apart) return false;
  for (const s of a.stands) {
    const ra = standRect(a, s);
    for (const t of b.stands) if (rectDistance(ra, standRect(b, t)) <= tolerance) return true;
  }
  return false;
}

const colourPoint = (u: HmUnit): { x: number; y: number } => ({ x: u.x, y: u.y });

/** Colour Stand to Colour Stand, mm. */
export function colourGap(a: HmUnit, b: HmUnit): number {
  return rectDistance(colourStand(a), colourStand(b));
}

interface Side {
  unit: HmUnit;
  role: ResolveRole;
  opponent: HmUnit;
  total: number;
  raw: number[];
  modifiers: Modifier[];
  chart: string;
  row: string;
  result: ResolveResult;
  confidence: 'resolute' | 'uncertain';
  /** Fired at its opponent, and from how far (mm), once its result's movement is done. */
  firedFrom: number | null;
  chargedHome: boolean;
  /** Closest approach to the opponent before falling back, mm (veering cavalry, A25). */
  closest?: number;
}

/** The facts a Resolve test needs, read off the table (A §18). */
export function resolveFacts(state: HmState, bf: Battlefield, u: HmUnit, opponent: HmUnit, role: ResolveRole, opts: AttackOptions, crossing: boolean): ResolveFacts {
  const zc = zoneContext(state, bf);
  const units = liveUnits(state);
  const support = u.rs.troop === 'skirmInf' || u.rs.troop === 'skirmCav' || u.rs.troop === 'artillery' ? null : flankSupport(u, units, zc);
  const rear = support ? rearSupport(u, units, zc).supported : false;
  const threats = flankOrRearThreats(u, units, zc);
  const mineThreat = flankOrRearThreats(opponent, units, zc).find((t) => t.unit === u.id);
  const within9 = (o: HmUnit): boolean => dhypot(o.x - u.x, o.y - u.y) <= inch(9) + 20;
  const friends = units.filter((o) => o.side === u.side && o.id !== u.id && o.rs.troop !== 'general');
  const markers = state.rules.destroyedMarkers.filter((m) => m.side === u.side && dhypot(m.x - u.x, m.y - u.y) <= inch(9));
  const generalsDead = (() => {
    const cinc = cincOver(state, u);
    const own = u.rs.command ? unitById(state, u.rs.command) : undefined;
    return (cinc?.removed ?? false) || (own?.removed ?? false);
  })();
  const attached = attachedGenerals(state, u).some((g) => g.rs.general!.grade !== 'mediocre');
  // Infantry counts as in cover only with its ranks broken (A §18.7), as for fire (fire.ts fireCover).
  const cover = u.rs.troop === 'infantry' && u.formation !== 'loose' ? 'none' : coverOf(bf, { x: u.x, y: u.y }, u.rs.troop, colourPoint(opponent));
  return {
    troop: u.rs.troop,
    status: u.rs.status,
    nation: u.rs.nation,
    role,
    opponentTroop: opponent.rs.troop,
    opponentStatus: opponent.rs.status,
    ownDisordered: disorderedCount(u),
    ownDestroyed: destroyedCount(u),
    enemyInRangeOfFlankOrRear: threats.length > 0,
    running: isBroken(u),
    inColumn: u.formation === 'column',
    crossingRoughOrObstacle: crossing,
    flanksSupported: support ? Number(support.left.supported) + Number(support.right.supported) : 0,
    rearSupport: rear,
    fresh: u.rs.fresh,
    jubilation: u.rs.jubilation,
    assault: !!opts.assault && role === 'attacker',
    cover: cover === 'none' ? 'none' : cover,
    colourInRough: inRoughTerrain(bf, colourPoint(u)),
    exSkirmisher: u.rs.exSkirmisher,
    coverChoice: 'raise',
    capableGeneralAttached: attached,
    generalChoice: 'raise',
    onSteepHill: onSteepHill(bf, colourPoint(u)),
    austrianChoice: 'raise',
    friendBrokenWithin9: friends.some((o) => isBroken(o) && within9(o)) || markers.length > 0,
    friendsShakenWithin9: friends.filter((o) => !isBroken(o) && isShaken(state, o) && within9(o)).length,
    ownGeneralDead: generalsDead,
    opponentDisordered: disorderedCount(opponent),
    opponentDestroyed: destroyedCount(opponent),
    opponentShaken: isShaken(state, opponent),
    testerInRangeOfOpponentFlank: mineThreat?.aspect === 'flank',
    testerInRangeOfOpponentRear: mineThreat?.aspect === 'rear',
    afterBreakthrough: !!opts.afterBreakthrough && role === 'attacker',
    weather: state.rules.weather,
  };
}

/** Results a unit would rather not get, for the engine's choice of ± modifiers on its behalf. */
const UNWELCOME: ResolveResult['kind'][] = ['breakRun', 'withdraw', 'retreat', 'retire', 'abandonGuns', 'veerOff'];

/** One side's Resolve throw before any ± choice is made: the dice and the facts they are read with. */
export interface Thrown {
  unit: string;
  opponent: string;
  role: ResolveRole;
  chart: ReturnType<typeof chartFor>['chart'];
  raw: number[];
  facts: ResolveFacts;
}

/**
 * Throw one side's Resolve (A §16 step 4). A Freikorps unit's status shows from this very throw
 * (A §4.1), and a loose unit has every stand disordered first (A §11.7, A52).
 */
function throwResolve(state: HmState, bf: Battlefield, ctx: RuleContext, u: HmUnit, opponent: HmUnit, role: ResolveRole, chart: Thrown['chart'], opts: AttackOptions, crossing: boolean): Thrown {
  const raw = ctx.dice.roll(2, 6, `${u.name}: Resolve`);
  const rawTotal = raw[0]! + raw[1]!;
  if (u.rs.statusHidden) {
    u.rs.status = freikorpsStatus(rawTotal).status;
    u.rs.statusHidden = false;
    u.quality = u.rs.status;
    ctx.emit({ type: 'status', unit: u.id, text: `${u.name} shows its quality: ${u.rs.status} (raw ${rawTotal})` });
  }
  if (u.formation === 'loose' && u.rs.troop !== 'skirmInf' && u.rs.troop !== 'skirmCav') disorderStands(u, u.stands.length);
  return { unit: u.id, opponent: opponent.id, role, chart, raw, facts: resolveFacts(state, bf, u, opponent, role, opts, crossing) };
}

/** Whether a throw offers any ± choice (cover, attached General, Austrian, A §18.1, B §3.3). */
export function hasChoices(t: Thrown): boolean {
  const c = availableResolveChoices(t.facts);
  return c.cover || c.general || c.austrian;
}

/** The choices the program makes for a side that does not choose: the best total short of a result it would rather not have. */
export function defaultChoices(state: HmState, t: Thrown): ResolveChoices {
  return bestResolveChoices(t.facts, t.raw[0]! + t.raw[1]!, t.chart, { avoid: UNWELCOME, swapUnpreparedStand: state.options.unpreparedSwap === true });
}

/** Read a throw with the side's choices: modifiers, total and chart row. */
export function settleResolve(state: HmState, t: Thrown, choices: ResolveChoices): Omit<Side, 'confidence' | 'firedFrom' | 'chargedHome' | 'unit' | 'opponent'> {
  const modifiers = resolveModifiers({ ...t.facts, ...choices });
  const total = t.raw[0]! + t.raw[1]! + sumModifiers(modifiers);
  const look = resolveRow(t.chart, total, { swapUnpreparedStand: state.options.unpreparedSwap === true });
  return { role: t.role, raw: t.raw, total, modifiers, chart: look.ref.chart, row: look.row, result: look.result };
}

function testResolve(state: HmState, bf: Battlefield, ctx: RuleContext, s: Pick<Side, 'unit' | 'role' | 'opponent'>, chartId: Thrown['chart'], opts: AttackOptions, crossing: boolean): Omit<Side, 'confidence' | 'firedFrom' | 'chargedHome'> {
  const t = throwResolve(state, bf, ctx, s.unit, s.opponent, s.role, chartId, opts, crossing);
  return { unit: s.unit, opponent: s.opponent, ...settleResolve(state, t, defaultChoices(state, t)) };
}

/** A §15.3 / A55 / A28 / B §3.3 / B §4.12: what a result turns into for this unit now. */
function adjustResult(state: HmState, u: HmUnit, r: ResolveResult, assault: boolean): ResolveResult {
  const shaken = isShaken(state, u);
  const foot = TROOPS[u.rs.troop].foot;
  if (isBroken(u) && r.kind !== 'breakRun') return { kind: 'stand' };
  if (shaken && (r.kind === 'charge' || r.kind === 'advanceFire' || r.kind === 'chargeIfWithin')) return foot ? { kind: 'standFire' } : { kind: 'stand' };
  if (r.kind === 'withdraw' && foot && ARMY_LISTS[listOf(u)]?.rules.noWithdraw) return { kind: 'stand' };
  if ((r.kind === 'standFire' || r.kind === 'advanceFire') && assault) return r.kind === 'standFire' ? { kind: 'stand' } : r;
  if (r.kind === 'standFire' && foot && heavyRainEffects(state.rules.heavyRainJokers).infantryCannotFire) return { kind: 'stand' };
  return r;
}

function listOf(u: HmUnit): keyof typeof ARMY_LISTS {
  return u.rs.nation === 'russia' ? 'russia' : u.rs.nation === 'austria' ? 'austria' : 'prussia-supremacy';
}

/**
 * The first of `targets` a unit moved straight along `heading` would touch within `reach`, and how far
 * it goes to touch it (to a fraction of a millimetre); null when it touches none. Only the unit's
 * stands are swept: what else is in the way is the walk's business.
 */
function contactAlong(u: HmUnit, heading: number, reach: number, targets: readonly HmUnit[]): { unit: HmUnit; distance: number } | null {
  const v = direction(heading);
  const at = (d: number): HmUnit => ({ ...u, x: u.x + v.x * d, y: u.y + v.y * d });
  // Only units whose stands could come within reach at all: Colour Stands no further apart than the reach and both units' spread.
  const spread = (x: HmUnit): number => Math.max(...x.stands.map((s) => dhypot(s.f, s.l) + dhypot(s.width, s.depth) / 2));
  const near = targets.filter((t) => dhypot(t.x - u.x, t.y - u.y) <= reach + spread(u) + spread(t) + 1);
  // The first contact along the way, not only at the end: a charge stops at the first touch (A §19.2).
  const step = 5;
  for (let d = 0; d <= reach + step - 1e-9; d += step) {
    const hi0 = Math.min(d, reach);
    const hit = near.find((t) => touching(at(hi0), t, 0.5));
    if (!hit) continue;
    let hi = hi0;
    let lo = Math.max(0, hi - step);
    for (let k = 0; k < 24; k++) {
      const mid = (lo + hi) / 2;
      if (touching(at(mid), hit, 0.5)) hi = mid;
      else lo = mid;
    }
    return { unit: hit, distance: hi };
  }
  return null;
}

/**
 * Move a unit straight ahead until one of its stands touches the other unit, at most `reach`. True on
 * contact. Narrow gaps on the way are met as any automatic move meets them (gaps.ts); what happened
 * there goes into `log`.
 */
function closeTo(state: HmState, bf: Battlefield, u: HmUnit, target: HmUnit, reach: number, stopShort = 0, log: string[] = []): boolean {
  const heading = angleOf(sub(colourPoint(target), colourPoint(u)));
  u.facing = wrapAngle(u.facing + Math.max(-Math.PI / 4, Math.min(Math.PI / 4, wrapAngle(heading - u.facing))));
  const contact = contactAlong(u, heading, reach, [target]);
  const d = contact ? Math.max(0, contact.distance - stopShort) : Math.max(0, reach - stopShort);
  const m = moveThroughGaps(state, bf, u, heading, d, u.facing, { exemptHalts: true, ignore: [target.id] });
  if (m.gap) log.push(...moveStory(u, m));
  return contact !== null && stopShort === 0 && m.walk.travelled >= d - 1 && touching(u, target);
}

/** What an Attack's move said for the log: its own notes, and where a narrow gap stopped it. */
function moveStory(u: HmUnit, m: GapMove): string[] {
  const stopped = m.gap && m.walk.stoppedBy ? [`${u.name} stops after ${toInches(m.walk.travelled).toFixed(1)}": ${m.walk.stoppedBy}`] : [];
  return [...m.notes, ...stopped];
}

/** Break & Run's first move (A §19.3): straight away from a point, ending with its back to it. */
function runFrom(state: HmState, bf: Battlefield, u: HmUnit, from: { x: number; y: number }, dist: number): string[] {
  const heading = angleOf(sub(colourPoint(u), from));
  // Running troops break formation for a gap between ground, not for one between units (A §19.3).
  const gap = terrainGapToThread(state, bf, u, colourPoint(u), pointAhead(u, heading, dist));
  const w = walk(state, bf, u, heading, dist, heading, { exemptHalts: true, colourStandOnly: gap !== null });
  const notes = moveTo(state, bf, u, w.pose);
  if (gap && !u.removed) notes.push(...breakFormationThrough(state, bf, u, gap));
  u.rs.retrogradeHeading = heading;
  if (w.hitEnemy) {
    // A running unit that meets an enemy is destroyed (A §11.8).
    notes.push(...destroyUnit(state, u, 'ran into the enemy'));
  } else if (w.hitFriend) {
    const f = unitById(state, w.hitFriend)!;
    disorderStands(u, u.stands.length);
    disorderStands(f, f.stands.length);
    notes.push(`${u.name} falls back into ${f.name}: every stand of both disordered`);
  }
  return notes;
}

/** How far a Retire goes (A §10, §19.6), and where a blocked one stops: the half-way point (A16). */
const RETIRE = inch(9);

/**
 * A Retire, order or result (A §10, §19.6): the unit rides 9" along `heading` (its wheel of up to
 * 45° already in it) and ends facing `face(where it stops)`. If units or ground block the way it
 * stops at the half-way point, 4.5", or short of whatever blocks it sooner (A16).
 */
export function retireAlong(state: HmState, bf: Battlefield, u: HmUnit, heading: number, face: (at: Vec2) => number): { travelled: number; blockedBy: string | null; notes: string[] } {
  const w = walk(state, bf, u, heading, RETIRE, u.facing, { exemptHalts: true });
  const blockedBy = w.travelled < RETIRE - 0.5 ? (w.stoppedBy ?? 'the way is blocked') : null;
  const travelled = blockedBy ? Math.min(w.travelled, RETIRE / 2) : RETIRE;
  const at = pointAhead(u, heading, travelled);
  return { travelled, blockedBy, notes: moveTo(state, bf, u, { ...at, facing: face(at) }) };
}

/**
 * The Retire result (A §19.6), carried out by the program: straight away from the opponent, or, if
 * that way is blocked or leaves the table, the smallest wheel (15° at a time, up to 45°, left
 * first) that clears it; if none does, straight back to the half-way point. The unit then turns to
 * face its opponent [ENGINE DEFAULT: engine-retire-result].
 */
function retireFrom(state: HmState, bf: Battlefield, u: HmUnit, o: HmUnit): string[] {
  const straight = angleOf(sub(colourPoint(u), colourPoint(o)));
  const clear = (wheel: number): boolean => {
    const w = walk(state, bf, u, wrapAngle(straight + wheel), RETIRE, u.facing, { exemptHalts: true });
    return w.travelled >= RETIRE - 0.5 && !w.leftTable;
  };
  const wheel = [0, 1, -1, 2, -2, 3, -3].map((k) => (k * Math.PI) / 12).find(clear) ?? 0;
  const r = retireAlong(state, bf, u, wrapAngle(straight + wheel), (at) => angleOf(sub(colourPoint(o), at)));
  const degrees = Math.round((Math.abs(wheel) * 180) / Math.PI);
  const how = degrees ? `wheels ${degrees}° ${wheel > 0 ? 'left' : 'right'} (straight back is blocked) and ` : '';
  const ridden = r.blockedBy ? `retires ${toInches(r.travelled).toFixed(1)}", stopping at the half-way point (${r.blockedBy})` : `retires ${toInches(r.travelled).toFixed(1)}"`;
  return [`${u.name} ${how}${ridden}, then turns to face ${o.name}`, ...r.notes];
}

/** A unit destroyed outright: removed, with a marker friends count as broken within 9" (A §25). */
export function destroyUnit(state: HmState, u: HmUnit, why: string): string[] {
  u.removed = true;
  u.rs.removedBy = 'destroyed';
  state.rules.destroyedMarkers.push({ side: u.side, x: u.x, y: u.y });
  const out = [`${u.name} is destroyed (${why})`];
  for (const g of attachedGenerals(state, u)) {
    g.removed = true;
    g.rs.removedBy = 'killed';
    out.push(`${g.name} falls with it`);
  }
  return out;
}

/** Lose stands: the attached General first (A §2.2), the Colour Stand last; a unit with none left is destroyed. */
export function loseStands(state: HmState, u: HmUnit, n: number): string[] {
  const out: string[] = [];
  if (n <= 0) return out;
  const general = attachedGenerals(state, u)[0];
  if (general) {
    general.removed = true;
    general.rs.removedBy = 'killed';
    out.push(`${general.name} is killed`);
    n--;
  }
  if (n >= u.stands.length) {
    u.stands.splice(0);
    out.push(...destroyUnit(state, u, 'every stand lost'));
    return out;
  }
  if (n > 0) {
    destroyStands(u, n);
    out.push(`${u.name} loses ${n} stand${n === 1 ? '' : 's'}`);
  }
  return out;
}

/** How far a veering unit rides after turning about (A §19.6). */
const VEER_OFF = inch(9);

/**
 * A move the rules force on a unit that is not broken or evading (thrown back, veering off): walked
 * straight, and where ground or friends stop it at a narrow gap it may pass loose, on through the gap
 * as any move the rules make (A §11.7, gaps.ts). The caller deals with what it met.
 */
function involuntaryMove(state: HmState, bf: Battlefield, u: HmUnit, heading: number, dist: number, facing: number, opts: WalkOptions): GapMove {
  const w = walk(state, bf, u, heading, dist, facing, opts);
  if (gapToPass(state, bf, u, heading, dist, w)) return moveThroughGaps(state, bf, u, heading, dist, facing, opts);
  return { walk: w, notes: moveTo(state, bf, u, w.pose), gap: null };
}

/**
 * The rest of a Veer Off (A §19.6) once at the point of contact: turn about, wheel 45° (D6: 1-3 left,
 * 4-6 right) and ride 9". Running into friends disorders both units wholly (A36: no avoiding wheel
 * is tried); into an enemy, it stops there with every stand disordered.
 */
function veerAway(state: HmState, bf: Battlefield, ctx: RuleContext, u: HmUnit): string[] {
  const die = ctx.dice.one(6, `${u.name}: veer off left (1-3) or right (4-6)`);
  const heading = wrapAngle(u.facing + Math.PI + (die <= 3 ? Math.PI / 4 : -Math.PI / 4));
  const ride = involuntaryMove(state, bf, u, heading, VEER_OFF, heading, { exemptHalts: true });
  const w = ride.walk;
  const notes = [`${u.name} veers off to the ${die <= 3 ? 'left' : 'right'} (${die}) and rides ${toInches(w.travelled).toFixed(1)}"`, ...ride.notes];
  const friend = w.hitFriend ? unitById(state, w.hitFriend) : undefined;
  if (friend) {
    disorderStands(u, u.stands.length);
    disorderStands(friend, friend.stands.length);
    notes.push(`it rides into ${friend.name}: every stand of both disordered`);
  } else if (w.hitEnemy) {
    disorderStands(u, u.stands.length);
    notes.push(`it runs into ${unitById(state, w.hitEnemy)?.name ?? 'the enemy'} with every stand disordered`);
  }
  return notes;
}

/** The initiator's result against a counter-attack: the point of contact is the midpoint (A §23.1). */
function towardMidpoint(state: HmState, bf: Battlefield, ctx: RuleContext, s: Side, mid: number): string[] {
  const u = s.unit;
  const ahead = (d: number, what: string): string[] => {
    const m = moveThroughGaps(state, bf, u, u.facing, Math.max(0, d), u.facing, { exemptHalts: true, ignore: [s.opponent.id] });
    return [`${u.name} ${what}`, ...moveStory(u, m)];
  };
  const r = s.result;
  switch (r.kind) {
    case 'charge': {
      const log: string[] = [];
      s.chargedHome = closeTo(state, bf, u, s.opponent, Math.min(inch(TROOPS[u.rs.troop].charge ?? 18), mid + 1), 0, log);
      return [...log, s.chargedHome ? `${u.name} charges home` : `${u.name} charges to the midpoint`];
    }
    case 'falter':
      return ahead(mid - inch(r.short), `falters ${r.short}" short of the midpoint`);
    case 'falterAfter':
      return ahead(Math.min(inch(r.forward), mid - inch(0.5)), `falters after ${r.forward}"`);
    case 'veerOff': {
      const notes = ahead(mid - inch(1), 'veers off short of the midpoint');
      s.closest = colourGap(u, s.opponent);
      return [...notes, ...veerAway(state, bf, ctx, u)];
    }
    default:
      return carryOut(state, bf, ctx, s, false);
  }
}

/** The movement a result asks for (A §19), against the opponent's current position. */
function carryOut(state: HmState, bf: Battlefield, ctx: RuleContext, s: Side, attackerCharged: boolean): string[] {
  const u = s.unit;
  const o = s.opponent;
  const notes: string[] = [];
  const charge = inch(TROOPS[u.rs.troop].charge ?? 9);
  const gap = (): number => colourGap(u, o);
  const r = s.result;
  switch (r.kind) {
    case 'charge':
      s.chargedHome = closeTo(state, bf, u, o, charge, 0, notes);
      notes.push(s.chargedHome ? `${u.name} charges home` : `${u.name} charges but cannot reach ${o.name}`);
      break;
    case 'advanceFire': {
      const to = advanceFireDistance(r.advanceTo, toInches(gap()));
      if (to !== null) {
        closeTo(state, bf, u, o, Math.max(0, gap() - inch(to)) + 1, 0, notes);
        notes.push(`${u.name} advances to ${to}" and fires`);
      } else notes.push(`${u.name} stands and fires`);
      s.firedFrom = gap();
      break;
    }
    case 'chargeIfWithin':
      if (gap() <= inch(r.within) + 1 && (!r.facedFalteredOnly || !attackerCharged)) {
        s.chargedHome = closeTo(state, bf, u, o, charge, 0, notes);
        notes.push(`${u.name} charges out at ${o.name}`);
      } else {
        s.firedFrom = gap();
        notes.push(`${u.name} stands and fires`);
      }
      break;
    case 'standFire':
      s.firedFrom = gap();
      notes.push(`${u.name} stands and fires`);
      break;
    case 'abandonIfCharged':
      if (attackerCharged) {
        u.rs.gun!.crew = 'abandoned';
        notes.push(`${u.name}: the crew abandon the guns`);
      } else {
        s.firedFrom = gap();
        notes.push(`${u.name} stands and fires`);
      }
      break;
    case 'abandonGuns':
      u.rs.gun!.crew = 'abandoned';
      notes.push(`${u.name}: the crew abandon the guns`);
      break;
    case 'falter':
      closeTo(state, bf, u, o, charge, inch(r.short), notes);
      notes.push(`${u.name} falters ${r.short}" short`);
      break;
    case 'falterAfter':
      closeTo(state, bf, u, o, inch(r.forward), inch(0.5), notes);
      notes.push(`${u.name} falters after ${r.forward}"`);
      break;
    case 'veerOff':
      closeTo(state, bf, u, o, charge, inch(1), notes);
      s.closest = gap();
      notes.push(`${u.name} veers off`, ...veerAway(state, bf, ctx, u));
      break;
    case 'turnToFace':
      u.facing = wrapAngle(angleOf(sub(colourPoint(o), colourPoint(u))));
      notes.push(`${u.name} turns to face ${o.name}`);
      break;
    case 'stand':
    case 'continue':
      break;
    default:
      // Retrograde results are carried out after both sides' forward moves (A10).
      break;
  }
  return notes;
}

function retrograde(state: HmState, bf: Battlefield, s: Side): string[] {
  const u = s.unit;
  const o = s.opponent;
  const foot = TROOPS[u.rs.troop].foot;
  const kind = s.result.kind === 'withdrawOrRetire' ? (foot ? 'withdraw' : 'retire') : s.result.kind;
  switch (kind) {
    case 'withdraw':
    case 'retreat':
      u.rs.retrograde = kind === 'withdraw' ? 'withdrawing' : 'retreating';
      if (kind === 'retreat') u.rs.shakenMarker = true;
      // Straight away from the opponent, ending facing it (A §19.4); the later steps keep the heading.
      u.rs.retrogradeHeading = angleOf(sub(colourPoint(u), colourPoint(o)));
      return withdrawStep(state, bf, u, u.rs.retrogradeHeading, wrapAngle(u.rs.retrogradeHeading + Math.PI));
    case 'retire':
      u.rs.shakenMarker = true;
      return retireFrom(state, bf, u, o);
    case 'breakRun':
      disorderStands(u, u.stands.length);
      u.rs.retrograde = 'running';
      return [`${u.name} breaks and runs`, ...runFrom(state, bf, u, colourPoint(o), inch(TROOPS[u.rs.troop].breakRun ?? 6))];
    default:
      return [];
  }
}

/** Confrontation dice (A §16 step 5): each side's dice disorder the other's stands. */
function confrontation(state: HmState, ctx: RuleContext, a: Side, b: Side): string[] {
  const notes: string[] = [];
  const dice = (s: Side): number => s.unit.stands.length + attachedGenerals(state, s.unit).length;
  const ra = rollConfrontationDice(ctx.dice, dice(a), a.confidence);
  const rb = rollConfrontationDice(ctx.dice, dice(b), b.confidence);
  const hitB = disorderStands(b.unit, ra.count);
  const hitA = disorderStands(a.unit, rb.count);
  notes.push(`Confrontation: ${a.unit.name} (${a.confidence}) ${ra.dice.join(' ')} → ${hitB} of ${b.unit.name}'s stands disordered; ${b.unit.name} (${b.confidence}) ${rb.dice.join(' ')} → ${hitA} of ${a.unit.name}'s disordered`);
  return notes;
}

/** Can this side inflict combat dice on its opponent (A11)? */
function inflicts(s: Side, aspect: Aspect, isDefender: boolean): boolean {
  const k = s.result.kind;
  if (['withdraw', 'retire', 'retreat', 'breakRun', 'withdrawOrRetire', 'abandonGuns'].includes(k)) return false;
  if (isBroken(s.unit)) return false;
  if (isDefender && aspect !== 'front' && k !== 'turnToFace') return false;
  return true;
}

/** Combat dice (A §20.2) on one side's disordered stands, with cover saves (A §24). */
function combatDice(state: HmState, bf: Battlefield, ctx: RuleContext, victim: Side, by: Side, continued: boolean, aspect: Aspect, byIsDefender: boolean): string[] {
  if (!inflicts(by, aspect, byIsDefender)) return [];
  const situations: CombatSituation[] = [];
  if (continued) situations.push('continuedCombat');
  if (by.chargedHome || victim.chargedHome) situations.push('chargeContact');
  if (by.firedFrom !== null && by.firedFrom <= inch(6) + 1) situations.push(by.firedFrom <= inch(3) + 1 ? 'firedWithin3' : 'firedWithin6');
  const need = combatDiceNeed(situations);
  const n = disorderedCount(victim.unit);
  if (need === null || n === 0) return [];
  const roll = rollCombatDice(ctx.dice, n, need, state.rules.weather);
  let lost = roll.destroyed;
  const notes: string[] = [];
  const cover = fireCover(bf, victim.unit, colourPoint(by.unit));
  const save = cover === 'none' ? null : saveNeed(cover, saveSituationFor(situations));
  let saved = 0;
  if (save !== null && lost > 0) {
    saved = rollSaves(ctx.dice, lost, save).count;
    lost -= saved;
  }
  notes.push(
    `Combat dice on ${victim.unit.name}'s ${n} disordered stand${n === 1 ? '' : 's'} (${need === 'automatic' ? 'charged: destroyed outright' : `${need}+ destroys`})${roll.dice.length ? `: ${roll.dice.join(' ')}` : ''}${save !== null ? `; ${cover} cover saves ${saved}` : ''}`,
  );
  notes.push(...loseStands(state, victim.unit, lost));
  return notes;
}

/** An Attack whose Resolve throws wait for the sides' ± choices (A30). */
export interface PendingChoice {
  thrown: [Thrown, Thrown];
  choices: [ResolveChoices | null, ResolveChoices | null];
  /** The unit whose side chooses now. */
  awaiting: string;
  opts: AttackOptions;
  declared: Declared;
  crossing: boolean;
}

/** What the declaration settled: whether the units were already in contact, the aspect, a possible counter-attack. */
export interface Declared {
  continued: boolean;
  aspect: Aspect;
  canCounter: boolean;
  log: string[];
}

/**
 * Declare an Attack (A §16 steps 1-3): the attacker wheels to face, a frontally attacked defender
 * wheels to face back. A defender that may Evade is asked first (B §1.5): the Attack then waits for
 * its 'react' action. The caller has checked that the order is legal.
 */
export function resolveAttack(state: HmState, bf: Battlefield, ctx: RuleContext, attacker: HmUnit, defender: HmUnit, opts: AttackOptions = {}): void {
  const zc = zoneContext(state, bf);
  const units = liveUnits(state);
  const continued = touching(attacker, defender);
  const log: string[] = continued ? faceRenewedCombat(state, bf, attacker, defender) : [];
  const aspect = attackAspect(attacker, defender);
  if (!continued && attacker.rs.troop !== 'skirmInf' && attacker.rs.troop !== 'skirmCav') {
    const line = attackLine(attacker, defender, units, zc);
    if (line.wheel !== 0) {
      moveTo(state, bf, attacker, wheelBy(attacker, line.wheel), { terrainDisorder: false, looseAllowed: false });
      log.push(`${attacker.name} wheels ${Math.abs(Math.round((line.wheel * 180) / Math.PI))}° to face`);
    }
  }
  let canCounter = false;
  if (!continued && aspect === 'front' && defender.rs.troop !== 'skirmInf' && defender.rs.troop !== 'skirmCav' && defender.rs.troop !== 'general') {
    const w = wheelToward(defender, colourPoint(attacker));
    if (Math.abs(w) > 0.01 && defender.rs.troop !== 'artillery') moveTo(state, bf, defender, wheelBy(defender, w), { terrainDisorder: false, looseAllowed: false });
    canCounter = TROOPS[defender.rs.troop].mounted && !isBroken(defender) && attackLine(defender, attacker, liveUnits(state), zc).ok;
  }
  const declared: Declared = { continued, aspect, canCounter, log };
  if (!continued && mayEvade(defender)) {
    state.rules.pendingReaction = { attacker: attacker.id, defender: defender.id, assault: !!opts.assault, afterBreakthrough: !!opts.afterBreakthrough, aspect, canCounter, log };
    state.active = defender.side;
    ctx.emit({ type: 'attack-declared', unit: attacker.id, target: defender.id, side: attacker.side, text: `${attacker.name} ${opts.assault ? 'assaults' : 'attacks'} ${defender.name}, which may Evade` });
    return;
  }
  fight(state, bf, ctx, attacker, defender, opts, declared);
}

/**
 * Combat renewed with a unit touching the other's flank or rear (A §23.5): the flanked unit turns to
 * face its opponent, and the unit ordered to Attack closes frontages, its Colour Stand set front to
 * front with its opponent's [ENGINE DEFAULT: engine-renewed-flank]. Nothing happens between units
 * already front to front.
 */
function faceRenewedCombat(state: HmState, bf: Battlefield, attacker: HmUnit, defender: HmUnit): string[] {
  const units = liveUnits(state);
  const sideOf = (u: HmUnit, by: HmUnit): Aspect => contactSides(u, units).find((c) => c.unit === by.id)?.side ?? 'front';
  const flanked = sideOf(defender, attacker) !== 'front' ? defender : sideOf(attacker, defender) !== 'front' ? attacker : null;
  if (!flanked) return [];
  const flanker = flanked === defender ? attacker : defender;
  const where = sideOf(flanked, flanker);
  const notes = [`${flanked.name} turns to face ${flanker.name} on its ${where}`];
  notes.push(...moveTo(state, bf, flanked, { x: flanked.x, y: flanked.y, facing: wrapAngle(flanker.facing + Math.PI) }, { terrainDisorder: false, looseAllowed: false }));
  const other = attacker === flanked ? defender : flanked;
  const gap = (colourStand(attacker).depth + colourStand(other).depth) / 2;
  const front = pointAhead(other, other.facing, gap);
  notes.push(`${attacker.name} closes frontages with it`, ...moveTo(state, bf, attacker, { ...front, facing: wrapAngle(other.facing + Math.PI) }, { terrainDisorder: false, looseAllowed: false }));
  return notes;
}

/** Cards spent on an Evade for +1 each (B §1.5): a skirmisher card of the matching kind, a Commander-in-chief's General card. */
export interface EvadeCards {
  skirmisher: string | null;
  cinc: string | null;
}

/** Skirmishers, light cavalry and lone Generals may Evade an Attack (B §1.5, A §6.8); not when broken. */
export function mayEvade(u: HmUnit): boolean {
  return (TROOPS[u.rs.troop].evades || u.rs.troop === 'general') && !isBroken(u);
}

/** The defender's answer to an Attack it may Evade: 'evade' (with a skirmisher card for +1, or not) or 'stand'. */
export function reactToAttack(state: HmState, bf: Battlefield, ctx: RuleContext, choice: string, cards: EvadeCards, wheel = 0): void {
  const card = cards.skirmisher;
  const p = state.rules.pendingReaction;
  if (!p) throw new RuleError('no Attack is waiting for an answer');
  const attacker = unitById(state, p.attacker)!;
  const defender = unitById(state, p.defender)!;
  if (choice !== 'evade' && choice !== 'stand') throw new RuleError(`answer an Attack with "evade" or "stand", not "${choice}"`);
  if (!Number.isFinite(wheel) || Math.abs(wheel) > Math.PI / 4 + 1e-3) throw new RuleError('evaders wheel at most 45° from straight away');
  if (card !== null) {
    const c = state.rules.cards[card];
    const want = defender.rs.troop === 'skirmInf' ? 'skirmInf' : 'skirmCav';
    if (!c || c.kind !== want || !handForUnit(state, defender).includes(card)) throw new RuleError('that card cannot help this Evade');
  }
  if (cards.cinc !== null) {
    const c = state.rules.cards[cards.cinc];
    const over = cincOver(state, defender);
    const cinc = over && !over.removed ? over : undefined;
    if (!c || c.kind !== 'general' || !cinc || c.unit !== cinc.id || !handForUnit(state, defender).includes(cards.cinc)) {
      throw new RuleError("only a General card of the Commander-in-chief can help an Evade");
    }
  }
  state.rules.pendingReaction = null;
  state.active = state.rules.turnSide;
  const opts: AttackOptions = { assault: p.assault, afterBreakthrough: p.afterBreakthrough };
  const declared: Declared = { continued: false, aspect: p.aspect, canCounter: p.canCounter, log: [...p.log] };
  if (choice === 'stand') {
    declared.log.push(`${defender.name} stands to receive the Attack`);
    fight(state, bf, ctx, attacker, defender, opts, declared);
  } else evade(state, bf, ctx, attacker, defender, opts, declared, cards, wheel);
}

/** Steps 4-8 of the Attack Sequence once the defender has answered. */
function fight(state: HmState, bf: Battlefield, ctx: RuleContext, attacker: HmUnit, defender: HmUnit, opts: AttackOptions, declared: Declared): void {
  const { continued, aspect, canCounter } = declared;
  const counter = canCounter && TROOPS[defender.rs.troop].mounted;
  // The attack line crosses rough ground or an obstacle: −3 now, D6 disorder if it crosses (A26).
  const crossing = !continued && roughOrObstacleCrossed(bf, colourPoint(attacker), colourPoint(defender)).length > 0;
  const aRole: ResolveRole = 'attacker';
  const dRole: ResolveRole = counter ? 'counterAttacker' : 'defender';
  const aChart = chartFor({ tester: attacker.rs.troop === 'general' ? 'skirmCav' : attacker.rs.troop, role: aRole, opponent: defender.rs.troop, inContact: continued, flankOrRear: false, canCounterAttack: false, broken: isBroken(attacker) });
  const dChart = chartFor({ tester: defender.rs.troop === 'general' ? 'skirmCav' : defender.rs.troop, role: dRole, opponent: attacker.rs.troop === 'general' ? 'skirmCav' : attacker.rs.troop, inContact: continued, flankOrRear: aspect !== 'front', canCounterAttack: canCounter, broken: isBroken(defender) });
  const ta = throwResolve(state, bf, ctx, attacker, defender, aRole, aChart.chart, opts, crossing);
  const td = throwResolve(state, bf, ctx, defender, attacker, dRole, dChart.chart, opts, false);
  // Both throws are shown; the attacker then the defender take their ± choices (A30).
  if (state.options.resolveChoices !== 'automatic' && (hasChoices(ta) || hasChoices(td))) {
    const first = hasChoices(ta) ? attacker : defender;
    state.rules.pendingChoice = { thrown: [ta, td], choices: [null, null], awaiting: first.id, opts, declared, crossing };
    state.active = first.side;
    ctx.emit({ type: 'resolve-thrown', unit: attacker.id, target: defender.id, side: attacker.side, text: `${attacker.name} throws ${ta.raw.join('+')} and ${defender.name} ${td.raw.join('+')} for Resolve; ${first.name} chooses its modifiers`, dice: [{ purpose: `${attacker.name}: Resolve`, sides: 6, values: ta.raw }, { purpose: `${defender.name}: Resolve`, sides: 6, values: td.raw, side: defender.side }] });
    return;
  }
  settleFight(state, bf, ctx, attacker, defender, opts, declared, crossing, [ta, td], [defaultChoices(state, ta), defaultChoices(state, td)]);
}

/** A side's ± choices for the throw it is waiting on; when both have chosen the Attack goes on (A30). */
export function chooseResolve(state: HmState, bf: Battlefield, ctx: RuleContext, side: string, choices: ResolveChoices): void {
  const p = state.rules.pendingChoice;
  if (!p) throw new RuleError('no Resolve throw is waiting for a choice');
  const i = p.thrown[0].unit === p.awaiting ? 0 : 1;
  const u = unitById(state, p.awaiting)!;
  if (u.side !== side) throw new RuleError(`${u.name}'s side chooses now`);
  const avail = availableResolveChoices(p.thrown[i]!.facts);
  for (const [key, on] of [['coverChoice', avail.cover], ['generalChoice', avail.general], ['austrianChoice', avail.austrian]] as const) {
    const v = choices[key];
    if (v !== 'raise' && v !== 'lower') throw new RuleError(`${key} must be "raise" or "lower"`);
    if (!on && v !== 'raise') throw new RuleError(`${u.name} has no ${key.replace('Choice', '')} choice in this test`);
  }
  p.choices[i] = { coverChoice: choices.coverChoice, generalChoice: choices.generalChoice, austrianChoice: choices.austrianChoice };
  const other = 1 - i;
  if (p.choices[other] === null && hasChoices(p.thrown[other]!)) {
    p.awaiting = p.thrown[other]!.unit;
    state.active = unitById(state, p.awaiting)!.side;
    return;
  }
  const [ta, td] = p.thrown;
  const chosen: [ResolveChoices, ResolveChoices] = [p.choices[0] ?? defaultChoices(state, ta), p.choices[1] ?? defaultChoices(state, td)];
  state.rules.pendingChoice = null;
  state.active = state.rules.turnSide;
  settleFight(state, bf, ctx, unitById(state, ta.unit)!, unitById(state, td.unit)!, p.opts, p.declared, p.crossing, [ta, td], chosen);
}

/** The combinations of ± choices open to the side awaited, with the total and row each gives. */
export function choiceOptions(state: HmState): { choices: ResolveChoices; label: string }[] {
  const p = state.rules.pendingChoice;
  if (!p) return [];
  const t = p.thrown[0].unit === p.awaiting ? p.thrown[0] : p.thrown[1];
  const avail = availableResolveChoices(t.facts);
  const opts = (on: boolean): ResolveChoices['coverChoice'][] => (on ? ['raise', 'lower'] : ['raise']);
  const out: { choices: ResolveChoices; label: string }[] = [];
  for (const coverChoice of opts(avail.cover))
    for (const generalChoice of opts(avail.general))
      for (const austrianChoice of opts(avail.austrian)) {
        const choices = { coverChoice, generalChoice, austrianChoice };
        const r = settleResolve(state, t, choices);
        const parts = [avail.cover ? `cover ${coverChoice === 'raise' ? '+' : '−'}` : '', avail.general ? `General ${generalChoice === 'raise' ? '+1' : '−1'}` : '', avail.austrian ? `Austrian ${austrianChoice === 'raise' ? '+1' : '−1'}` : ''].filter(Boolean);
        out.push({ choices, label: `${parts.join(', ')}: ${r.total}, ${r.row}` });
      }
  return out;
}

/**
 * Whether guns attacked fire grapeshot before the results are carried out (B §2.9): they stand and
 * fire (or would, unless charged) and the attacker's result carries it into, or keeps it within, 6".
 */
function gunsFireFirst(gun: HmUnit, a: Side, d: Side, gap: number): boolean {
  if (gun.rs.gun?.crew !== 'manned' || gun.rs.gun.limbered || gun.rs.gun.suppressed || gun.rs.gun.damaged || gun.rs.gun.spiked) return false;
  const stands = d.result.kind === 'standFire' || (d.result.kind === 'abandonIfCharged' && a.result.kind !== 'charge');
  if (!stands) return false;
  const closing = a.result.kind === 'charge' || a.result.kind === 'advanceFire';
  const staying = ['stand', 'standFire', 'falter', 'falterAfter', 'veerOff'].includes(a.result.kind) && gap <= inch(6) + 1;
  return closing || staying;
}

/** Steps 4 (read with the choices made) to 8 of the Attack Sequence. */
function settleFight(state: HmState, bf: Battlefield, ctx: RuleContext, attacker: HmUnit, defender: HmUnit, opts: AttackOptions, declared: Declared, crossing: boolean, thrown: [Thrown, Thrown], choices: [ResolveChoices, ResolveChoices]): void {
  const { continued, aspect, log } = declared;
  const read = (t: [Thrown, Thrown], c: [ResolveChoices, ResolveChoices]): [Side, Side] => {
    const at = { unit: attacker, opponent: defender, ...settleResolve(state, t[0], c[0]) };
    const dt = { unit: defender, opponent: attacker, ...settleResolve(state, t[1], c[1]) };
    const a: Side = { ...at, confidence: confidenceOf(at.total, dt.total), firedFrom: null, chargedHome: false };
    const d: Side = { ...dt, confidence: confidenceOf(dt.total, at.total), firedFrom: null, chargedHome: false };
    a.result = adjustResult(state, attacker, a.result, !!opts.assault);
    d.result = adjustResult(state, defender, d.result, false);
    return [a, d];
  };
  let [a, d] = read(thrown, choices);
  const tested = (s: Side): GameEvent => ({
    type: 'resolve',
    unit: s.unit.id,
    target: s.opponent.id,
    side: s.unit.side,
    text: `${s.unit.name} tests Resolve (${s.chart}): ${s.raw.join('+')} ${s.modifiers.map((m) => `${m.value >= 0 ? '+' : ''}${m.value} ${m.reason}`).join(', ')} = ${s.total}: ${s.confidence}, ${s.row}`,
    dice: [{ purpose: 'Resolve', sides: 6, values: s.raw }],
    modifiers: s.modifiers,
    chart: { chart: s.chart, row: s.row },
  });
  ctx.emit({ type: 'attack', unit: attacker.id, target: defender.id, side: attacker.side, text: `${attacker.name} ${opts.assault ? 'assaults' : continued ? 'renews the combat with' : 'attacks'} ${defender.name}${aspect !== 'front' ? ` in the ${aspect}` : ''}`, data: { aspect, continued } });
  ctx.emit(tested(a));
  ctx.emit(tested(d));
  // Guns that stand and fire at an attacker coming within 6" fire grapeshot, and both sides test
  // again with the losses counted: only the second results apply (B §2.9, B11).
  if (defender.rs.troop === 'artillery' && !continued && gunsFireFirst(defender, a, d, colourGap(attacker, defender))) {
    const g = rollGrapeshot(ctx.dice);
    const hit = applyHitsToUnit(state, ctx, attacker, g.hits, 'underFire', { from: colourPoint(defender) });
    ctx.emit({ type: 'artillery-fire', unit: defender.id, target: attacker.id, side: defender.side, text: `${defender.name} fires grapeshot at the oncoming ${attacker.name}: ${g.dice.join(' ')} → ${g.hits} hit${g.hits === 1 ? '' : 's'}. ${hit.text}`, dice: [{ purpose: 'grapeshot', sides: 6, values: g.dice }] });
    for (const e of hit.events) ctx.emit(e);
    if (attacker.removed) {
      ctx.emit({ type: 'attack-result', unit: attacker.id, target: defender.id, side: attacker.side, text: [...log, `${attacker.name} is destroyed by the guns`].join('. ') });
      return;
    }
    const again: [Thrown, Thrown] = [
      throwResolve(state, bf, ctx, attacker, defender, thrown[0].role, thrown[0].chart, opts, crossing),
      throwResolve(state, bf, ctx, defender, attacker, thrown[1].role, thrown[1].chart, opts, false),
    ];
    // The second test's ± choices are made by the program [ENGINE DEFAULT].
    [a, d] = read(again, [defaultChoices(state, again[0]), defaultChoices(state, again[1])]);
    ctx.emit({ ...tested(a), text: `Again after the grapeshot: ${tested(a).text}` });
    ctx.emit({ ...tested(d), text: `Again after the grapeshot: ${tested(d).text}` });
  }
  // Declared beyond reach without measuring (A §11.10): the attacker carries out its own result and
  // suffers its losses; the defender ignores its result and suffers nothing.
  if (!continued && colourGap(attacker, defender) > attackRange(attacker, { fog: state.rules.weather === 'fog' }) + 1) {
    log.push(`${defender.name} proves to be out of reach: only ${attacker.name}'s result counts`);
    log.push(...carryOut(state, bf, ctx, a, false), ...retrograde(state, bf, a));
    if (setsShakenMarker(a.result)) attacker.rs.shakenMarker = true;
    if (a.confidence === 'uncertain') attacker.rs.jubilation = 0;
    ctx.emit({ type: 'attack-result', unit: attacker.id, target: defender.id, side: attacker.side, text: log.join('. ') });
    return;
  }
  // Crossing rough ground or an obstacle on the way costs D6 disordered stands (A §23.3).
  const moving = ['charge', 'advanceFire', 'falter', 'falterAfter', 'veerOff'].includes(a.result.kind);
  if (crossing && moving) {
    const n = ctx.dice.one(6, `${attacker.name}: crossing rough ground`);
    disorderStands(attacker, n);
    log.push(`${attacker.name} crosses rough ground or an obstacle: ${n} stand${n === 1 ? '' : 's'} disordered`);
  }
  // Results: the attacker's move, then the defender's, then retrograde moves (A10). Against a
  // counter-attack the point of contact is the midpoint (A §23.1, A35).
  const attackerCharged = a.result.kind === 'charge';
  if (d.role === 'counterAttacker' && !continued) {
    const mid = colourGap(attacker, defender) / 2;
    log.push(...towardMidpoint(state, bf, ctx, a, mid));
    log.push(...carryOut(state, bf, ctx, d, attackerCharged));
    // A charging initiator that met nobody at the midpoint rides on up to 9" more.
    if (attackerCharged && !a.chargedHome && !d.chargedHome && !defender.removed) {
      a.chargedHome = closeTo(state, bf, attacker, defender, inch(9), 0, log);
      if (a.chargedHome) log.push(`${attacker.name} rides on and makes contact`);
    }
  } else {
    log.push(...carryOut(state, bf, ctx, a, false));
    log.push(...carryOut(state, bf, ctx, d, attackerCharged));
  }
  settleContact(state, bf, ctx, a, d, { continued, aspect, assault: !!opts.assault, log });
}

/**
 * Steps 5-7 once both results' forward moves are made: retrograde moves, shaken markers, then
 * guns attacked, skirmishers caught, or confrontation and combat dice with thrown back,
 * breakthrough and jubilation (A §16, §20-21, B §1.3, §2.9).
 */
function settleContact(state: HmState, bf: Battlefield, ctx: RuleContext, a: Side, d: Side, facts: ContactFacts): void {
  if (a.chargedHome || d.chargedHome) a.chargedHome = d.chargedHome = a.chargedHome || d.chargedHome;
  // Fire at veering cavalry counts from its closest approach (A25).
  for (const [firer, target] of [[a, d], [d, a]] as const) if (firer.firedFrom !== null && target.closest !== undefined) firer.firedFrom = Math.min(firer.firedFrom, target.closest);
  retrogradeMoves(state, bf, ctx, a, d, facts, 0);
}

/** What the end of an Attack needs besides the two sides: kept while a Retire waits for its side's choice. */
interface ContactFacts {
  continued: boolean;
  aspect: Aspect;
  assault: boolean;
  /** The Attack's log so far, added to as it goes. */
  log: string[];
}

/**
 * The retrograde moves, the attacker's first (A10), then the rest of the Attack. A Retire whose
 * side chooses its wheel and facing (A §10, §19.6) stops here until the choice is made.
 */
function retrogradeMoves(state: HmState, bf: Battlefield, ctx: RuleContext, a: Side, d: Side, facts: ContactFacts, from: number): void {
  const sides = [a, d];
  for (let i = from; i < sides.length; i++) {
    const s = sides[i]!;
    if (retireAwaitsChoice(state, s)) {
      awaitRetire(state, ctx, a, d, facts, i);
      return;
    }
    facts.log.push(...retrograde(state, bf, s));
  }
  finishContact(state, bf, ctx, a, d, facts);
}

/**
 * Shaken markers, then guns attacked, skirmishers caught or confrontation and combat dice, and (when
 * this contact ends the Attack, `ends`) the Attack's result.
 */
function finishContact(state: HmState, bf: Battlefield, ctx: RuleContext, a: Side, d: Side, facts: ContactFacts, ends = true): void {
  const { continued, aspect, log } = facts;
  const attacker = a.unit;
  const defender = d.unit;
  for (const s of [a, d]) if (setsShakenMarker(s.result)) s.unit.rs.shakenMarker = true;
  if (defender.rs.troop === 'artillery') {
    log.push(...gunsAttacked(state, bf, ctx, a, d));
  } else {
    // Skirmishers caught in the open by formed troops are destroyed (B §1.3).
    const caught = skirmishersCaught(bf, state, d, a) ?? skirmishersCaught(bf, state, a, d);
    if (caught) log.push(...caught);
    else {
      defensiveGrapeshot(state, bf, ctx, attacker.id, defender.side);
      if (!attacker.removed && !defender.removed) log.push(...confrontation(state, ctx, a, d));
      if (!attacker.removed && !defender.removed) {
        log.push(...combatDice(state, bf, ctx, d, a, continued, aspect, false));
        log.push(...combatDice(state, bf, ctx, a, d, continued, aspect, true));
      }
      log.push(...aftermath(state, bf, a, d));
    }
  }
  // Jubilation is lost by an Uncertain unit (A §18.5).
  for (const s of [a, d]) if (s.confidence === 'uncertain') s.unit.rs.jubilation = 0;
  if (!ends) return;
  if (facts.assault && !a.chargedHome) attacker.rs.assaultTarget = defender.id;
  for (const s of [a, d]) if (s.firedFrom !== null) s.unit.rs.firedUntilTurn = state.rules.turnNumber + 1;
  ctx.emit({ type: 'attack-result', unit: attacker.id, target: defender.id, side: attacker.side, text: log.join('. ') });
}

function skirmishersCaught(bf: Battlefield, state: HmState, victim: Side, by: Side): string[] | null {
  const v = victim.unit;
  const byTroop = by.unit.rs.troop;
  if (v.removed || by.unit.removed || isShaken(state, by.unit)) return null;
  // Fire reaches only within 6" (A §19.1).
  if (!(by.chargedHome || (by.firedFrom !== null && by.firedFrom <= inch(6) + 1))) return null;
  if (v.rs.troop === 'skirmInf') {
    if (byTroop === 'skirmInf' || byTroop === 'artillery') return null;
    if (coverOf(bf, colourPoint(v), 'skirmInf', colourPoint(by.unit)) !== 'none' || inRoughTerrain(bf, colourPoint(v))) return null;
    return destroyUnit(state, v, 'skirmishers caught in the open');
  }
  if (v.rs.troop === 'skirmCav') {
    if (byTroop === 'skirmInf' || byTroop === 'skirmCav' || byTroop === 'artillery') return null;
    return destroyUnit(state, v, 'skirmishing cavalry caught by formed troops');
  }
  return null;
}

/** An Attack on guns (B §2.9): grapeshot and a second test, overrun on contact, never combat dice. */
function gunsAttacked(state: HmState, bf: Battlefield, ctx: RuleContext, a: Side, d: Side): string[] {
  const notes: string[] = [];
  const gun = d.unit;
  if (gun.rs.gun?.crew === 'manned' && (d.result.kind === 'standFire' || d.result.kind === 'abandonIfCharged') && !a.unit.removed && colourGap(a.unit, gun) <= inch(6) + 1) {
    if (grapeshotAt(state, bf, ctx, gun.id, a.unit.id)) notes.push(`${gun.name} fires grapeshot at ${a.unit.name}`);
  }
  if (a.chargedHome && !a.unit.removed) {
    gun.rs.gun!.crew = 'overrun';
    gun.rs.gun!.controller = a.unit.side;
    gun.rs.gun!.noTeam = true;
    notes.push(`${a.unit.name} overruns ${gun.name}`);
  }
  return notes;
}

/** Thrown back, breakthrough and jubilation (A §21), resolved at once (A57). */
function aftermath(state: HmState, bf: Battlefield, a: Side, d: Side): string[] {
  const notes: string[] = [];
  const pair: [Side, Side][] = [
    [a, d],
    [d, a],
  ];
  for (const [win, lose] of pair) {
    if (win.confidence !== 'resolute' || win.unit.removed) continue;
    const l = lose.unit;
    const beaten = l.removed || ['breakRun', 'retreat', 'retire', 'withdraw'].includes(lose.result.kind);
    if (beaten && !isShaken(state, win.unit)) {
      win.unit.rs.jubilation++;
      notes.push(`${win.unit.name} is jubilant (${win.unit.rs.jubilation})`);
    }
    if (l.removed || !touching(win.unit, l)) continue;
    // Breakthrough: mounted, charged home, more good stands than the beaten unit (A §21.2).
    const good = (u: HmUnit): number => u.stands.filter((s) => s.status === 'ok').length;
    if (TROOPS[win.unit.rs.troop].mounted && win.chargedHome && good(win.unit) > good(l)) {
      disorderStands(l, l.stands.length);
      const beyond = inch(2) + Math.max(...l.stands.map((s) => s.depth)) + Math.max(...win.unit.stands.map((s) => s.depth));
      notes.push(`${win.unit.name} breaks through ${l.name}, every stand of ${l.name} disordered`, ...pressOn(state, bf, win.unit, win.unit.facing, beyond, [l.id]));
      if (!win.unit.removed) offerBreakthroughOrder(state, win.unit);
      continue;
    }
    // Thrown back 2" straight away from the victor (A §21.1).
    notes.push(...throwBack(state, bf, l, win.unit, angleOf(sub(colourPoint(l), colourPoint(win.unit)))));
    // The victor follows: always when mounted; foot only against foot with neither in cover (A §21.1).
    const foot = (x: HmUnit): boolean => TROOPS[x.rs.troop].foot;
    const open = (x: HmUnit, from: HmUnit): boolean => fireCover(bf, x, colourPoint(from)) === 'none';
    const follows = TROOPS[win.unit.rs.troop].mounted || (foot(win.unit) && foot(l) && open(win.unit, l) && open(l, win.unit));
    if (follows && !l.removed) notes.push(...followUp(state, bf, win.unit, l));
  }
  return notes;
}

/** How far a thrown-back unit goes, and each step enemies in a victor's way are pushed (A §21.1-21.2). */
const THROW_BACK = inch(2);

/**
 * Throw a beaten unit 2" back along `heading`, away from `by` (A §21.1). Enemy stands already touching
 * its flank or rear (other than `by`, whose contact is what throws it back) leave it nowhere to go: it
 * is destroyed. On the way it passes through friends, every stand of both disordered; it is
 * destroyed if it meets an enemy, and stops with every stand disordered at impassable ground.
 */
function throwBack(state: HmState, bf: Battlefield, u: HmUnit, by: HmUnit, heading: number): string[] {
  const pinned = contactSides(u, liveUnits(state)).find((c) => c.unit !== by.id && c.side !== 'front');
  if (pinned) {
    const e = unitById(state, pinned.unit)!;
    return [`${u.name} is thrown back with ${e.name} against its ${pinned.side}`, ...destroyUnit(state, u, `caught between ${by.name} and ${e.name}`)];
  }
  const notes: string[] = [];
  const passed: string[] = [];
  let moved = 0;
  // Each pass ends at the next friend met (passed through on the next) or at what stops it for good.
  for (let guard = 0; guard < 8 && moved < THROW_BACK - 0.5 && !u.removed; guard++) {
    const opts = { exemptHalts: true, ignore: [by.id, ...passed] };
    const plain = walk(state, bf, u, heading, THROW_BACK - moved, u.facing, opts);
    // A narrow gap it may pass loose it goes through (A §11.7), and meets what lies beyond.
    const through = gapToPass(state, bf, u, heading, THROW_BACK - moved, plain) ? moveThroughGaps(state, bf, u, heading, THROW_BACK - moved, u.facing, opts) : null;
    const w = through?.walk ?? plain;
    if (w.hitEnemy) {
      // It dies where it meets the enemy: its marker goes there (A33).
      const e = unitById(state, w.hitEnemy)!;
      const left = through ? inch(0.5) : Math.min(THROW_BACK - moved, w.travelled + inch(0.5));
      const exact = contactAlong(u, heading, left, [e]);
      const at = through ? (exact?.distance ?? 0) : Math.max(w.travelled, exact?.distance ?? w.travelled);
      notes.push(...(through?.notes ?? []), `${u.name} is thrown back into ${e.name}`, ...moveTo(state, bf, u, { ...pointAhead(u, heading, at), facing: u.facing }), ...destroyUnit(state, u, `thrown back into ${e.name}`));
      return notes;
    }
    const moves = through?.notes ?? moveTo(state, bf, u, w.pose);
    moved += w.travelled;
    if (w.hitFriend) {
      const f = unitById(state, w.hitFriend)!;
      passed.push(f.id);
      disorderStands(u, u.stands.length);
      disorderStands(f, f.stands.length);
      notes.push(`${u.name} is thrown back into ${f.name}: they interpenetrate, every stand of both disordered`, ...moves);
      continue;
    }
    if (w.hitTerrain) {
      disorderStands(u, u.stands.length);
      notes.push(`${u.name} is thrown back ${toInches(moved).toFixed(1)}" against impassable ground: every stand disordered`, ...moves);
      return notes;
    }
    notes.push(`${u.name} is thrown back ${toInches(moved).toFixed(1)}"${w.stoppedBy && w.travelled < THROW_BACK - moved - 0.5 ? ` (${w.stoppedBy})` : ''}`, ...moves);
    break;
  }
  return notes;
}

/**
 * A victor's move after its opponent (A §21.1 following, §21.2 breakthrough): straight along
 * `heading` up to `dist`. It never collides: it halts 2" short of a friend, and an enemy in the way
 * (other than `ignore`) is thrown back 2" at a time until the victor has room.
 */
function pressOn(state: HmState, bf: Battlefield, u: HmUnit, heading: number, dist: number, ignore: readonly string[]): string[] {
  const notes: string[] = [];
  // Each stretch is made through any narrow gap on the way, as every move the rules make is (gaps.ts).
  const advance = (d: number): GapMove => {
    const m = moveThroughGaps(state, bf, u, heading, d, u.facing, { exemptHalts: true, ignore: [...ignore] });
    notes.push(...moveStory(u, m));
    return m;
  };
  let left = dist;
  for (let guard = 0; guard < 16 && left > 0.5 && !u.removed; guard++) {
    const w = walk(state, bf, u, heading, left, u.facing, { exemptHalts: true, ignore: [...ignore] });
    const metId = w.hitEnemy ?? w.hitFriend;
    if (!metId) {
      advance(left);
      break;
    }
    const met = unitById(state, metId)!;
    // The walk stops on its last clear step; find the exact point of contact.
    const exact = contactAlong(u, heading, Math.min(left, w.travelled + inch(0.5)), [met]);
    const touch = Math.max(w.travelled, exact?.distance ?? w.travelled);
    if (met.side === u.side) {
      advance(Math.max(0, touch - inch(2)));
      notes.push(`${u.name} halts 2" short of ${met.name}`);
      break;
    }
    const m = advance(touch);
    // Stopped at the mouth of a gap too narrow for it: it does not reach the enemy.
    if (m.gap && m.walk.travelled < touch - 0.5) break;
    left -= touch;
    const before = { x: met.x, y: met.y };
    notes.push(`${met.name} is in ${u.name}'s way`, ...throwBack(state, bf, met, u, heading));
    // A unit that could not give way (impassable ground behind it) stops the victor.
    if (!met.removed && dhypot(met.x - before.x, met.y - before.y) < 1) break;
  }
  return notes;
}

/** The breakthrough's immediate free order (A §21.2): the victor's side gives it, or declines it, before anything else (breakthrough.ts). */
function offerBreakthroughOrder(state: HmState, u: HmUnit): void {
  state.rules.breakthroughOrder = u.id;
  state.active = u.side;
}

/** A winner following its thrown-back opponent into contact (A §21.1): at most 2", pushing enemies and halting short of friends. */
function followUp(state: HmState, bf: Battlefield, win: HmUnit, l: HmUnit): string[] {
  const heading = angleOf(sub(colourPoint(l), colourPoint(win)));
  const contact = contactAlong(win, heading, THROW_BACK + 2, [l]);
  const notes = pressOn(state, bf, win, heading, contact ? contact.distance : THROW_BACK, [l.id]);
  return [touching(win, l) ? `${win.name} follows up` : `${win.name} follows`, ...notes];
}

/** Walk a unit straight along a heading; evaders that meet the enemy or impassable ground are destroyed (B §1.5). */
function evadeMove(state: HmState, bf: Battlefield, u: HmUnit, heading: number, dist: number): string[] {
  // Evaders break formation for a gap between ground, never for one between units (B §1.5).
  const gap = terrainGapToThread(state, bf, u, colourPoint(u), pointAhead(u, heading, dist));
  const w = walk(state, bf, u, heading, dist, heading, { exemptHalts: true, colourStandOnly: gap !== null });
  const notes = [`${u.name} evades ${toInches(w.travelled).toFixed(1)}"`, ...moveTo(state, bf, u, w.pose, { looseAllowed: false })];
  if (gap && !u.removed) notes.push(...breakFormationThrough(state, bf, u, gap));
  if (w.travelled < dist - 1) {
    if (w.hitEnemy) notes.push(...destroyUnit(state, u, 'evaded into the enemy'));
    else if (w.hitTerrain) notes.push(...destroyUnit(state, u, 'evaded into impassable ground'));
    else if (w.hitFriend) {
      // Evaders never turn aside for friends: both units are thrown into disorder (B §1.5).
      const f = unitById(state, w.hitFriend)!;
      disorderStands(u, u.stands.length);
      disorderStands(f, f.stands.length);
      notes.push(`${u.name} runs through ${f.name}: every stand of both disordered`);
    }
  }
  return notes;
}

/**
 * Evaders fire as skirmishers at the attacker when it is in reach, now or where both stood when the
 * Evade began (B §1.5); a refusal simply means no fire.
 */
function evaderFire(state: HmState, bf: Battlefield, ctx: RuleContext, evader: HmUnit, attacker: HmUnit, earlier?: EarlierPlaces): string[] {
  if (evader.removed || attacker.removed || !isSkirmisherTroop(evader)) return [];
  try {
    skirmishFire(state, bf, ctx, evader.id, attacker.id, earlier ? { earlier } : {});
    return [`${evader.name} fires as it evades`];
  } catch (e) {
    if (e instanceof RuleError) return [`${evader.name} cannot fire: ${e.reason}`];
    throw e;
  }
}

const isSkirmisherTroop = (u: HmUnit): boolean => u.rs.troop === 'skirmInf' || u.rs.troop === 'skirmCav';

/**
 * An Evade (B §1.5): 1D6 and the chart; the evaders move straight away from the attacker, who tests
 * Resolve (as Resolute; the evaders never test and count as Uncertain) and moves against where the
 * evaders stood, or simply moves 6" on a 5. After a Perfect Evade the evaders' own move waits for
 * their side to say where they go (`relocateEvaders`).
 */
function evade(state: HmState, bf: Battlefield, ctx: RuleContext, attacker: HmUnit, defender: HmUnit, opts: AttackOptions, declared: Declared, cards: EvadeCards, wheel: number): void {
  const log = declared.log;
  for (const c of [cards.skirmisher, cards.cinc]) if (c) discardFromHand(state, handForUnit(state, defender), c);
  const r = rollEvade(ctx.dice, {
    evader: defender.rs.troop,
    status: defender.rs.status,
    attackerTroop: attacker.rs.troop,
    cincCardPlayed: cards.cinc !== null,
    skirmisherCardPlayed: cards.skirmisher !== null,
    prussianHussars: defender.rs.nation === 'prussia' && defender.rs.listEntry === 'hussars',
  });
  ctx.emit({
    type: 'evade',
    unit: defender.id,
    target: attacker.id,
    side: defender.side,
    text: `${defender.name} tries to Evade: ${r.dice[0]} ${r.modifiers.map((m) => `${m.value >= 0 ? '+' : ''}${m.value} ${m.reason}`).join(', ')} = ${r.score}: ${r.ref.row}`,
    dice: [{ purpose: 'evade', sides: 6, values: r.dice }],
    modifiers: r.modifiers,
    chart: r.ref,
  });
  const origin = { x: defender.x, y: defender.y };
  const originFacing = defender.facing;
  const attackerStart = { x: attacker.x, y: attacker.y, facing: attacker.facing };
  const away = wrapAngle(angleOf(sub(origin, colourPoint(attacker))) + wheel);
  if (defender.rs.troop === 'lightCav' && !r.result.standFire) {
    defender.formation = 'loose';
    relayout(defender);
  }
  if (r.result.standFire) log.push(...evaderFire(state, bf, ctx, defender, attacker));
  else if (!r.result.perfect) log.push(...evadeMove(state, bf, defender, away, inch(r.inches)));
  if (r.result.attackersMove6) {
    const m = moveThroughGaps(state, bf, attacker, attacker.facing, inch(6), attacker.facing, { exemptHalts: true });
    log.push(`${attacker.name} does not test and moves 6" forward`, ...moveStory(attacker, m));
  } else if (r.result.attackersTest && !attacker.removed) {
    const chart = chartFor({ tester: attacker.rs.troop === 'general' ? 'skirmCav' : attacker.rs.troop, role: 'attacker', opponent: defender.rs.troop, inContact: false, flankOrRear: false, canCounterAttack: false, broken: isBroken(attacker) });
    const at = testResolve(state, bf, ctx, { unit: attacker, role: 'attacker', opponent: defender }, chart.chart, opts, false);
    const a: Side = { ...at, confidence: 'resolute', firedFrom: null, chargedHome: false };
    a.result = adjustResult(state, attacker, a.result, !!opts.assault);
    ctx.emit({ type: 'resolve', unit: attacker.id, target: defender.id, side: attacker.side, text: `${attacker.name} tests Resolve against the evaders (${a.chart}): ${a.raw.join('+')} ${a.modifiers.map((m) => `${m.value >= 0 ? '+' : ''}${m.value} ${m.reason}`).join(', ')} = ${a.total}: ${a.row}`, dice: [{ purpose: 'Resolve', sides: 6, values: a.raw }], modifiers: a.modifiers, chart: { chart: a.chart, row: a.row } });
    if (r.result.standFire) log.push(...carryOut(state, bf, ctx, a, false));
    else log.push(...moveAgainstEvaders(state, bf, ctx, a, origin));
    log.push(...retrograde(state, bf, a));
    if (setsShakenMarker(a.result)) attacker.rs.shakenMarker = true;
    if (r.result.perfect && !defender.removed) {
      // A Perfect Evade waits until the attackers have moved, then goes where its side chooses (B §1.5).
      const { unit: _unit, opponent: _opponent, ...attackerSide } = a;
      const earlier: EarlierPlaces = { firer: { ...origin, facing: originFacing }, target: attackerStart };
      state.rules.pendingRelocation = { evader: defender.id, attacker: attacker.id, reach: inch(r.inches), aspect: declared.aspect, evadeRow: r.ref.row, attackerSide, earlier, log };
      state.active = defender.side;
      ctx.emit({
        type: 'evade-relocation',
        unit: defender.id,
        target: attacker.id,
        side: defender.side,
        text: `${defender.name} evades perfectly: now that ${attacker.name} has moved, it may go up to ${r.inches}" to any place it can reach without passing within 9" of another enemy Colour Stand, and then fire`,
        data: { reach: inch(r.inches) },
      });
      return;
    }
    log.push(...closeEvade(state, bf, ctx, a, defender, declared.aspect, r.ref.row));
  }
  ctx.emit({ type: 'attack-result', unit: attacker.id, target: defender.id, side: attacker.side, text: log.join('. ') });
}

/** After the attacker's result against evaders: confrontation dice (attacker Resolute, evaders Uncertain), skirmishers caught, combat dice on contact (B §1.5). */
function closeEvade(state: HmState, bf: Battlefield, ctx: RuleContext, a: Side, evader: HmUnit, aspect: Aspect, evadeRow: string): string[] {
  if (a.unit.removed || evader.removed) return [];
  const log: string[] = [];
  const d: Side = { unit: evader, role: 'defender', opponent: a.unit, total: 0, raw: [], modifiers: [], chart: 'Evade', row: evadeRow, result: { kind: 'stand' }, confidence: 'uncertain', firedFrom: null, chargedHome: false };
  if (a.chargedHome) d.chargedHome = true;
  log.push(...confrontation(state, ctx, a, d));
  const caught = skirmishersCaught(bf, state, d, a);
  if (caught) log.push(...caught);
  else if (a.chargedHome) log.push(...combatDice(state, bf, ctx, d, a, false, aspect, false));
  return log;
}

/** A side's record of its Resolve test, without the units (kept in the state while a Perfect Evade waits). */
export type SideRecord = Omit<Side, 'unit' | 'opponent'>;

/** A Perfect Evade waiting for its side to say where the evaders go (B §1.5). */
export interface PendingRelocation {
  evader: string;
  attacker: string;
  /** How far the evaders may go, mm: 6" for skirmishing infantry, 18" for cavalry. */
  reach: number;
  aspect: Aspect;
  /** The Evade chart's row, for the evaders' side of the confrontation. */
  evadeRow: string;
  attackerSide: SideRecord;
  /** Where evaders and attacker stood when the Evade began: the evaders' fire reaches 9" from there too. */
  earlier: EarlierPlaces;
  /** The Attack's log so far. */
  log: string[];
}

/** The Perfect Evaders go where their side chose, or stay (`to` null), then fire, and the Attack ends (B §1.5). */
export function relocateEvaders(state: HmState, bf: Battlefield, ctx: RuleContext, side: string, to: Vec2 | null): void {
  const p = state.rules.pendingRelocation;
  if (!p) throw new RuleError('no Perfect Evade is waiting to move');
  const evader = unitById(state, p.evader)!;
  const attacker = unitById(state, p.attacker)!;
  if (side !== evader.side) throw new RuleError(`${evader.name}'s side moves it after its Perfect Evade`);
  const check = to ? relocationCheck(state, bf, evader, attacker, p.reach, to) : null;
  if (check && !check.ok) throw new RuleError(check.reason);
  state.rules.pendingRelocation = null;
  state.active = state.rules.turnSide;
  const log = [...p.log];
  if (check?.ok) {
    const dir = check.distance > 0.5 ? ` ${toInches(check.distance).toFixed(1)}"` : '';
    const round = check.way.length > 2 ? ' by a way round what stood in its path' : '';
    const notes = moveTo(state, bf, evader, check.pose, { looseAllowed: false, terrainDisorder: false });
    // Its own event, before any die of the fire: the way it took (bent round what stood in its path)
    // is drawn on the table, in the order's preview and after it.
    ctx.emit({ type: 'evade-move', unit: evader.id, side: evader.side, text: [`${evader.name} slips away${dir}${round} and regroups facing ${attacker.name}`, ...notes].join('. '), data: { path: check.way.map((p) => ({ x: p.x, y: p.y })) } });
  } else log.push(`${evader.name} stays where it is after its Perfect Evade`);
  log.push(...evaderFire(state, bf, ctx, evader, attacker, p.earlier));
  const a: Side = { ...p.attackerSide, unit: attacker, opponent: evader };
  log.push(...closeEvade(state, bf, ctx, a, evader, p.aspect, p.evadeRow));
  ctx.emit({ type: 'attack-result', unit: attacker.id, target: evader.id, side: attacker.side, text: log.join('. ') });
}

/** The attacker's result against evaders: placed by the evaders' original position; a Charge runs its full distance straight on (B §1.5). */
function moveAgainstEvaders(state: HmState, bf: Battlefield, ctx: RuleContext, a: Side, origin: { x: number; y: number }): string[] {
  const u = a.unit;
  const gap = Math.max(0, dhypot(origin.x - u.x, origin.y - u.y) - inch(1.5));
  const forward = (d: number, what: string): string[] => {
    const m = moveThroughGaps(state, bf, u, u.facing, Math.max(0, d), u.facing, { exemptHalts: true });
    return [`${u.name} ${what} ${toInches(m.walk.travelled).toFixed(1)}"`, ...moveStory(u, m)];
  };
  const r = a.result;
  switch (r.kind) {
    case 'charge':
      return chargeOn(state, bf, ctx, a);
    case 'advanceFire': {
      const to = advanceFireDistance(r.advanceTo, toInches(gap));
      const notes = to === null ? [`${u.name} stands and fires`] : forward(gap - inch(to), 'advances');
      // It fires at the evaders where they are now, if they are still within reach.
      a.firedFrom = colourGap(u, a.opponent);
      return notes;
    }
    case 'falter':
      return forward(gap - inch(r.short), 'falters after');
    case 'falterAfter':
      return forward(inch(r.forward), 'falters after');
    case 'veerOff':
      return [...forward(gap - inch(1), 'veers off after'), ...veerAway(state, bf, ctx, u)];
    default:
      return [];
  }
}

/** How far short of friends a charge at evaders halts (B §1.5): it never runs into them. */
const HALT_SHORT_OF_FRIENDS = inch(2);

/**
 * A Charge at evaders (B §1.5): the full charge distance (9" foot, 18" mounted) straight forward.
 * Contact with the evaders is a charge home on them; contact with another enemy unit means it has
 * charged that unit (`chargeInto`); it halts 2" short of friends, and stops at impassable ground.
 */
function chargeOn(state: HmState, bf: Battlefield, ctx: RuleContext, a: Side): string[] {
  const u = a.unit;
  const full = inch(TROOPS[u.rs.troop].charge ?? 9);
  // Friends' skirmishers are moved aside and attached Generals ride with their units: neither is met.
  const met = liveUnits(state).filter((o) => o.id !== u.id && !o.rs.general?.attachedTo && (o.side !== u.side || !isSkirmisherTroop(o)));
  const first = contactAlong(u, u.facing, full, met);
  const friend = first && first.unit.side === u.side ? first.unit : null;
  const contact = first && !friend ? first : null;
  const go = friend ? Math.max(0, first!.distance - HALT_SHORT_OF_FRIENDS) : contact ? contact.distance : full;
  const m = moveThroughGaps(state, bf, u, u.facing, go, u.facing, { exemptHalts: true, ignore: contact ? [contact.unit.id] : [] });
  const w = m.walk;
  const reached = contact !== null && w.travelled >= contact.distance - 1;
  const notes: string[] = [];
  if (friend && w.travelled >= go - 1) notes.push(`${u.name} charges on ${toInches(w.travelled).toFixed(1)}" and halts 2" short of ${friend.name}`);
  else if (reached) notes.push(`${u.name} charges on ${toInches(w.travelled).toFixed(1)}" into ${contact.unit.name}`);
  else notes.push(`${u.name} charges on ${toInches(w.travelled).toFixed(1)}"${w.stoppedBy ? ` and stops: ${w.stoppedBy}` : ''}`);
  notes.push(...m.notes);
  if (!reached || u.removed) return notes;
  if (contact.unit.id === a.opponent.id) {
    a.chargedHome = true;
    return notes;
  }
  return [...notes, ...chargeInto(state, bf, ctx, a, contact.unit)];
}

/**
 * A charge at evaders that runs into another enemy unit has charged it (B §1.5): the attacker keeps
 * its Resolve total, the unit charged throws its own and compares it with that total, its result is
 * carried out, and the fight goes on as any other (combat dice, thrown back, breakthrough). The
 * charged unit's ± choices are the program's, as for a second test after grapeshot [ENGINE DEFAULT].
 */
function chargeInto(state: HmState, bf: Battlefield, ctx: RuleContext, first: Side, target: HmUnit): string[] {
  const u = first.unit;
  const aspect = attackAspect(u, target);
  const chart = chartFor({ tester: target.rs.troop === 'general' ? 'skirmCav' : target.rs.troop, role: 'defender', opponent: u.rs.troop === 'general' ? 'skirmCav' : u.rs.troop, inContact: false, flankOrRear: aspect !== 'front', canCounterAttack: false, broken: isBroken(target) });
  const thrown = throwResolve(state, bf, ctx, target, u, 'defender', chart.chart, {}, false);
  const settled = settleResolve(state, thrown, defaultChoices(state, thrown));
  const d: Side = { unit: target, opponent: u, ...settled, confidence: confidenceOf(settled.total, first.total), firedFrom: null, chargedHome: true };
  d.result = adjustResult(state, target, d.result, false);
  const a: Side = { ...first, opponent: target, confidence: confidenceOf(first.total, settled.total), firedFrom: null, chargedHome: true, closest: undefined };
  ctx.emit({ type: 'attack', unit: u.id, target: target.id, side: u.side, text: `${u.name} charges on into ${target.name}${aspect !== 'front' ? ` in the ${aspect}` : ''}, keeping its Resolve of ${first.total}`, data: { aspect, continued: false, chargedOn: true } });
  ctx.emit({
    type: 'resolve',
    unit: target.id,
    target: u.id,
    side: target.side,
    text: `${target.name} is charged and tests Resolve (${d.chart}): ${d.raw.join('+')} ${d.modifiers.map((m) => `${m.value >= 0 ? '+' : ''}${m.value} ${m.reason}`).join(', ')} = ${d.total} against ${u.name}'s ${first.total}: ${d.confidence}, ${d.row}`,
    dice: [{ purpose: 'Resolve', sides: 6, values: d.raw }],
    modifiers: d.modifiers,
    chart: { chart: d.chart, row: d.row },
  });
  const log = [`${u.name} has charged ${target.name}: ${target.name} ${d.total} against ${first.total}, ${u.name} ${a.confidence}`];
  log.push(...carryOut(state, bf, ctx, d, true));
  // Within the Attack on the evaders, whose result ends it: retrograde moves by the program.
  const facts: ContactFacts = { continued: false, aspect, assault: false, log };
  for (const s of [a, d]) log.push(...retrograde(state, bf, s));
  finishContact(state, bf, ctx, a, d, facts, false);
  return log;
}

// ---------------------------------------------------------------------------------------------
// The Retire result's wheel and facing, chosen by the retiring unit's side (A §10, §19.6)

/** A side of an Attack as kept in the state: its record with the units by id. */
type KeptSide = SideRecord & { unit: string; opponent: string };

/** An Attack waiting for a retiring unit's side to choose its wheel and facing (A §19.6). */
export interface PendingRetire {
  /** The retiring unit and its opponent. */
  unit: string;
  opponent: string;
  /** 0: the attacker's retrograde move is waiting, 1: the defender's. */
  next: number;
  attackerSide: KeptSide;
  defenderSide: KeptSide;
  continued: boolean;
  aspect: Aspect;
  assault: boolean;
  log: string[];
}

/** The Retire result, when its side chooses how (the players take the Attack's choices, A30). */
function retireAwaitsChoice(state: HmState, s: Side): boolean {
  if (state.options.resolveChoices === 'automatic' || s.unit.removed) return false;
  const kind = s.result.kind === 'withdrawOrRetire' ? (TROOPS[s.unit.rs.troop].foot ? 'withdraw' : 'retire') : s.result.kind;
  return kind === 'retire';
}

function keep(s: Side): KeptSide {
  const { unit, opponent, ...record } = s;
  return { ...record, unit: unit.id, opponent: opponent.id };
}

function awaitRetire(state: HmState, ctx: RuleContext, a: Side, d: Side, facts: ContactFacts, next: number): void {
  const s = next === 0 ? a : d;
  state.rules.pendingRetire = { unit: s.unit.id, opponent: s.opponent.id, next, attackerSide: keep(a), defenderSide: keep(d), continued: facts.continued, aspect: facts.aspect, assault: facts.assault, log: facts.log };
  state.active = s.unit.side;
  ctx.emit({ type: 'retire-choice', unit: s.unit.id, target: s.opponent.id, side: s.unit.side, text: `${s.unit.name} must Retire: its side chooses the wheel, up to 45° from straight away from ${s.opponent.name}, and the way it faces after 9"` });
}

/** The way straight away from the opponent, from which a Retire's wheel is measured. */
export function retireStraightBack(u: HmUnit, o: HmUnit): number {
  return angleOf(sub(colourPoint(u), colourPoint(o)));
}

/**
 * The retiring unit's side answers: `choice` null for the program's own way (retireFrom), else the
 * wheel from straight away (radians, at most 45° either way) and the turn after it from the
 * unit's facing before the Retire (at most 180° either way). Then the Attack goes on.
 */
export function chooseRetire(state: HmState, bf: Battlefield, ctx: RuleContext, side: string, choice: { wheel: number; turn: number } | null): void {
  const p = state.rules.pendingRetire;
  if (!p) throw new RuleError('no Retire is waiting for a choice');
  const u = unitById(state, p.unit)!;
  const o = unitById(state, p.opponent)!;
  if (side !== u.side) throw new RuleError(`${u.name}'s side chooses how it retires`);
  if (choice) {
    if (!Number.isFinite(choice.wheel) || Math.abs(choice.wheel) > Math.PI / 4 + 1e-3) throw new RuleError('a Retire wheels at most 45° either way from straight away from the enemy');
    if (!Number.isFinite(choice.turn) || Math.abs(choice.turn) > Math.PI + 1e-3) throw new RuleError('the turn after a Retire is at most 180° either way');
  }
  state.rules.pendingRetire = null;
  state.active = state.rules.turnSide;
  const back = (k: KeptSide): Side => ({ ...k, unit: unitById(state, k.unit)!, opponent: unitById(state, k.opponent)! });
  const a = back(p.attackerSide);
  const d = back(p.defenderSide);
  const facts: ContactFacts = { continued: p.continued, aspect: p.aspect, assault: p.assault, log: [...p.log] };
  u.rs.shakenMarker = true;
  const start = { x: u.x, y: u.y };
  let story: string[];
  if (!choice) story = retireFrom(state, bf, u, o);
  else {
    const facing = wrapAngle(u.facing + choice.turn);
    const r = retireAlong(state, bf, u, wrapAngle(retireStraightBack(u, o) + choice.wheel), () => facing);
    const degrees = Math.round((Math.abs(choice.wheel) * 180) / Math.PI);
    const how = degrees ? `wheels ${degrees}° ${choice.wheel > 0 ? 'left' : 'right'} and ` : '';
    const ridden = r.blockedBy ? `retires ${toInches(r.travelled).toFixed(1)}", stopping at the half-way point (${r.blockedBy})` : `retires ${toInches(r.travelled).toFixed(1)}"`;
    const turned = Math.round((choice.turn * 180) / Math.PI);
    story = [`${u.name} ${how}${ridden}${turned ? `, then turns ${Math.abs(turned)}° ${turned > 0 ? 'left' : 'right'}` : ''}`, ...r.notes];
  }
  // Its own event, before the dice of the rest of the Attack: the way and the pose it ends in are
  // certain, so the choice's preview can show them.
  ctx.emit({ type: 'retire-move', unit: u.id, target: o.id, side: u.side, text: story.join('. '), data: { path: [start, { x: u.x, y: u.y }], pose: { x: u.x, y: u.y, facing: u.facing } } });
  retrogradeMoves(state, bf, ctx, a, d, facts, p.next + 1);
}
