/**
 * The Attack Sequence (A §16-23): declare, wheel, the defender's reaction, both sides test Resolve,
 * the results are carried out, confrontation and combat dice, thrown back, breakthrough and
 * jubilation. Attacks on artillery follow B §2.9.
 */

import { angleOf, direction, rectDistance, sub, wrapAngle } from '../../core/geometry';
import type { GameEvent, Modifier } from '../../core/model';
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
  type ResolveRole,
} from './charts';
import { ARMY_LISTS } from './armies';
import { defensiveGrapeshot, fireCover, grapeshotAt } from './fire';
import { destroyStands, disorderStands, moveTo, walk, zoneContext } from './moves';
import { coverOf, inRoughTerrain, onSteepHill, roughOrObstacleCrossed } from './terrain';
import type { HmState, HmUnit } from './types';
import { attachedGenerals, cincOf, destroyedCount, disorderedCount, isBroken, isShaken, liveUnits, unitById } from './world';
import {
  attackAspect,
  attackLine,
  colourStand,
  flankOrRearThreats,
  flankSupport,
  rearSupport,
  wheelBy,
  wheelToward,
  type Aspect,
} from './zones';

export interface AttackOptions {
  assault?: boolean;
  afterBreakthrough?: boolean;
}

/** Units in base contact (within a millimetre). */
export function touching(a: HmUnit, b: HmUnit): boolean {
  for (const s of a.stands) {
    const ra = standRectOf(a, s);
    for (const t of b.stands) if (rectDistance(ra, standRectOf(b, t)) <= 1) return true;
  }
  return false;
}

function standRectOf(u: HmUnit, s: HmUnit['stands'][number]): { cx: number; cy: number; facing: number; width: number; depth: number } {
  const c = Math.cos(u.facing);
  const sn = Math.sin(u.facing);
  return { cx: u.x + s.f * c - s.l * sn, cy: u.y + s.f * sn + s.l * c, facing: u.facing, width: s.width, depth: s.depth };
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
}

/** The facts a Resolve test needs, read off the table (A §18). */
function resolveFacts(state: HmState, bf: Battlefield, u: HmUnit, opponent: HmUnit, role: ResolveRole, opts: AttackOptions, crossing: boolean): ResolveFacts {
  const zc = zoneContext(state, bf);
  const units = liveUnits(state);
  const support = u.rs.troop === 'skirmInf' || u.rs.troop === 'skirmCav' || u.rs.troop === 'artillery' ? null : flankSupport(u, units, zc);
  const rear = support ? rearSupport(u, units, zc).supported : false;
  const threats = flankOrRearThreats(u, units, zc);
  const mineThreat = flankOrRearThreats(opponent, units, zc).find((t) => t.unit === u.id);
  const within9 = (o: HmUnit): boolean => Math.hypot(o.x - u.x, o.y - u.y) <= inch(9) + 20;
  const friends = units.filter((o) => o.side === u.side && o.id !== u.id && o.rs.troop !== 'general');
  const markers = state.rules.destroyedMarkers.filter((m) => m.side === u.side && Math.hypot(m.x - u.x, m.y - u.y) <= inch(9));
  const generalsDead = (() => {
    const cinc = state.units.find((g) => g.side === u.side && g.rs.general?.role === 'cinc');
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

/** Roll and settle one side's Resolve test (A §16 step 4). */
function testResolve(state: HmState, bf: Battlefield, ctx: RuleContext, s: Pick<Side, 'unit' | 'role' | 'opponent'>, chartId: ReturnType<typeof chartFor>['chart'], opts: AttackOptions, crossing: boolean): Omit<Side, 'confidence' | 'firedFrom' | 'chargedHome'> {
  const u = s.unit;
  const raw = ctx.dice.roll(2, 6, `${u.name}: Resolve`);
  const rawTotal = raw[0]! + raw[1]!;
  // Freikorps status shows at the first test, from this very roll (A §4.1).
  if (u.rs.statusHidden) {
    u.rs.status = freikorpsStatus(rawTotal).status;
    u.rs.statusHidden = false;
    u.quality = u.rs.status;
    ctx.emit({ type: 'status', unit: u.id, text: `${u.name} shows its quality: ${u.rs.status} (raw ${rawTotal})` });
  }
  // A unit in loose formation that tests Resolve has every stand disordered, first (A §11.7, A52).
  if (u.formation === 'loose' && u.rs.troop !== 'skirmInf' && u.rs.troop !== 'skirmCav') disorderStands(u, u.stands.length);
  const facts = resolveFacts(state, bf, u, s.opponent, s.role, opts, crossing);
  const choices = availableResolveChoices(facts);
  if (choices.cover || choices.general || choices.austrian) Object.assign(facts, bestResolveChoices(facts, rawTotal, chartId, { avoid: UNWELCOME }));
  const modifiers = resolveModifiers(facts);
  const total = rawTotal + sumModifiers(modifiers);
  const swap = state.options.unpreparedSwap === true;
  const look = resolveRow(chartId, total, { swapUnpreparedStand: swap });
  return { unit: u, role: s.role, opponent: s.opponent, raw, total, modifiers, chart: look.ref.chart, row: look.row, result: look.result };
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

/** Move a unit straight ahead until one of its stands touches the other unit, at most `reach`. True on contact. */
function closeTo(state: HmState, bf: Battlefield, u: HmUnit, target: HmUnit, reach: number, stopShort = 0): boolean {
  const heading = angleOf(sub(colourPoint(target), colourPoint(u)));
  u.facing = wrapAngle(u.facing + Math.max(-Math.PI / 4, Math.min(Math.PI / 4, wrapAngle(heading - u.facing))));
  const at = (d: number): HmUnit => {
    const v = direction(heading);
    return { ...u, x: u.x + v.x * d, y: u.y + v.y * d };
  };
  // The first contact along the way, not only at the end: a charge stops at the first touch (A §19.2).
  const step = 5;
  let hi = -1;
  for (let d = 0; d <= reach + step - 1e-9; d += step) {
    if (touchingOrOver(at(Math.min(d, reach)), target)) {
      hi = Math.min(d, reach);
      break;
    }
  }
  if (hi < 0) {
    const w = walk(state, bf, u, heading, Math.max(0, reach - stopShort), u.facing, { exemptHalts: true, ignore: [target.id] });
    moveTo(state, bf, u, w.pose);
    return false;
  }
  let lo = Math.max(0, hi - step);
  for (let k = 0; k < 24; k++) {
    const mid = (lo + hi) / 2;
    if (touchingOrOver(at(mid), target)) hi = mid;
    else lo = mid;
  }
  const d = Math.max(0, hi - stopShort);
  const w = walk(state, bf, u, heading, d, u.facing, { exemptHalts: true, ignore: [target.id] });
  moveTo(state, bf, u, w.pose);
  return stopShort === 0 && w.travelled >= d - 1 && touching(u, target);
}

function touchingOrOver(a: HmUnit, b: HmUnit): boolean {
  for (const s of a.stands) {
    const ra = standRectOf(a, s);
    for (const t of b.stands) if (rectDistance(ra, standRectOf(b, t)) <= 0.5) return true;
  }
  return false;
}

/** Move straight away from a point: Withdraw, Retire, Break & Run (A §19.3-19.6). */
function fallBack(state: HmState, bf: Battlefield, u: HmUnit, from: { x: number; y: number }, dist: number, faceBack: boolean): string[] {
  const heading = angleOf(sub(colourPoint(u), from));
  const w = walk(state, bf, u, heading, dist, faceBack ? wrapAngle(heading + Math.PI) : heading, { exemptHalts: true });
  const notes = moveTo(state, bf, u, w.pose);
  u.rs.retrogradeHeading = heading;
  if (w.hitEnemy && u.rs.retrograde === 'running') {
    // A running unit that meets an enemy is destroyed (A §11.8).
    notes.push(...destroyUnit(state, u, 'ran into the enemy'));
  } else if (w.hitFriend) {
    const f = unitById(state, w.hitFriend)!;
    if (u.rs.retrograde === 'running' || isShaken(state, f)) {
      disorderStands(u, u.stands.length);
      disorderStands(f, f.stands.length);
      notes.push(`${u.name} falls back into ${f.name}: every stand of both disordered`);
    }
  }
  return notes;
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

/** The movement a result asks for (A §19), against the opponent's current position. */
function carryOut(state: HmState, bf: Battlefield, s: Side, isAttacker: boolean, attackerCharged: boolean): string[] {
  const u = s.unit;
  const o = s.opponent;
  const notes: string[] = [];
  const foot = TROOPS[u.rs.troop].foot;
  const charge = inch(TROOPS[u.rs.troop].charge ?? 9);
  const gap = (): number => colourGap(u, o);
  const r = s.result;
  switch (r.kind) {
    case 'charge':
      s.chargedHome = closeTo(state, bf, u, o, charge);
      notes.push(s.chargedHome ? `${u.name} charges home` : `${u.name} charges but cannot reach ${o.name}`);
      break;
    case 'advanceFire': {
      const to = advanceFireDistance(r.advanceTo, toInches(gap()));
      if (to !== null) {
        closeTo(state, bf, u, o, Math.max(0, gap() - inch(to)) + 1, 0);
        notes.push(`${u.name} advances to ${to}" and fires`);
      } else notes.push(`${u.name} stands and fires`);
      s.firedFrom = gap();
      break;
    }
    case 'chargeIfWithin':
      if (gap() <= inch(r.within) + 1 && (!r.facedFalteredOnly || !attackerCharged)) {
        s.chargedHome = closeTo(state, bf, u, o, charge);
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
      closeTo(state, bf, u, o, charge, inch(r.short));
      notes.push(`${u.name} falters ${r.short}" short`);
      break;
    case 'falterAfter':
      closeTo(state, bf, u, o, inch(r.forward), inch(0.5));
      notes.push(`${u.name} falters after ${r.forward}"`);
      break;
    case 'veerOff':
      closeTo(state, bf, u, o, charge, inch(1));
      notes.push(`${u.name} veers off`, ...fallBack(state, bf, u, colourPoint(o), inch(9), false));
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
  void isAttacker;
  void foot;
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
      return [`${u.name} ${kind === 'withdraw' ? 'withdraws' : 'retreats'} 3"`, ...fallBack(state, bf, u, colourPoint(o), inch(3), true)];
    case 'retire':
      u.rs.shakenMarker = true;
      return [`${u.name} retires 9"`, ...fallBack(state, bf, u, colourPoint(o), inch(9), true)];
    case 'breakRun':
      disorderStands(u, u.stands.length);
      u.rs.retrograde = 'running';
      return [`${u.name} breaks and runs`, ...fallBack(state, bf, u, colourPoint(o), inch(TROOPS[u.rs.troop].breakRun ?? 6), false)];
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

/** Run a whole Attack (A §16). The caller has checked that the order is legal. */
export function resolveAttack(state: HmState, bf: Battlefield, ctx: RuleContext, attacker: HmUnit, defender: HmUnit, opts: AttackOptions = {}): void {
  const zc = zoneContext(state, bf);
  const units = liveUnits(state);
  const continued = touching(attacker, defender);
  const aspect = attackAspect(attacker, defender);
  const log: string[] = [];
  // Step 2: the attacker wheels to face; step 3: a frontally attacked defender wheels to face back.
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
  const counter = canCounter && TROOPS[defender.rs.troop].mounted;
  // The attack line crosses rough ground or an obstacle: −3 now, D6 disorder if it crosses (A26).
  const crossing = !continued && roughOrObstacleCrossed(bf, colourPoint(attacker), colourPoint(defender)).length > 0;
  const aRole: ResolveRole = 'attacker';
  const dRole: ResolveRole = counter ? 'counterAttacker' : 'defender';
  const aChart = chartFor({ tester: attacker.rs.troop === 'general' ? 'skirmCav' : attacker.rs.troop, role: aRole, opponent: defender.rs.troop, inContact: continued, flankOrRear: false, canCounterAttack: false, broken: isBroken(attacker) });
  const dChart = chartFor({ tester: defender.rs.troop === 'general' ? 'skirmCav' : defender.rs.troop, role: dRole, opponent: attacker.rs.troop === 'general' ? 'skirmCav' : attacker.rs.troop, inContact: continued, flankOrRear: aspect !== 'front', canCounterAttack: canCounter, broken: isBroken(defender) });
  const at = testResolve(state, bf, ctx, { unit: attacker, role: aRole, opponent: defender }, aChart.chart, opts, crossing);
  const dt = testResolve(state, bf, ctx, { unit: defender, role: dRole, opponent: attacker }, dChart.chart, opts, false);
  const a: Side = { ...at, confidence: confidenceOf(at.total, dt.total), firedFrom: null, chargedHome: false };
  const d: Side = { ...dt, confidence: confidenceOf(dt.total, at.total), firedFrom: null, chargedHome: false };
  a.result = adjustResult(state, attacker, a.result, !!opts.assault);
  d.result = adjustResult(state, defender, d.result, false);
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
  // Crossing rough ground or an obstacle on the way costs D6 disordered stands (A §23.3).
  const moving = ['charge', 'advanceFire', 'falter', 'falterAfter', 'veerOff'].includes(a.result.kind);
  if (crossing && moving) {
    const n = ctx.dice.one(6, `${attacker.name}: crossing rough ground`);
    disorderStands(attacker, n);
    log.push(`${attacker.name} crosses rough ground or an obstacle: ${n} stand${n === 1 ? '' : 's'} disordered`);
  }
  // Results: the attacker's move, then the defender's, then retrograde moves (A10).
  log.push(...carryOut(state, bf, a, true, false));
  const attackerCharged = a.result.kind === 'charge';
  log.push(...carryOut(state, bf, d, false, attackerCharged));
  if (a.chargedHome || d.chargedHome) a.chargedHome = d.chargedHome = a.chargedHome || d.chargedHome;
  log.push(...retrograde(state, bf, a), ...retrograde(state, bf, d));
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
      log.push(...aftermath(state, bf, ctx, a, d));
    }
  }
  // Jubilation is lost by an Uncertain unit (A §18.5).
  for (const s of [a, d]) if (s.confidence === 'uncertain') s.unit.rs.jubilation = 0;
  if (opts.assault && !a.chargedHome) attacker.rs.assaultTarget = defender.id;
  for (const s of [a, d]) if (s.firedFrom !== null) s.unit.rs.firedUntilTurn = state.rules.turnNumber + 1;
  ctx.emit({ type: 'attack-result', unit: attacker.id, target: defender.id, side: attacker.side, text: log.join('. ') });
  void cincOf;
}

function skirmishersCaught(bf: Battlefield, state: HmState, victim: Side, by: Side): string[] | null {
  const v = victim.unit;
  const byTroop = by.unit.rs.troop;
  if (v.removed || by.unit.removed || isShaken(state, by.unit)) return null;
  if (!(by.chargedHome || by.firedFrom !== null)) return null;
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
function aftermath(state: HmState, bf: Battlefield, ctx: RuleContext, a: Side, d: Side): string[] {
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
      const w = walk(state, bf, win.unit, win.unit.facing, beyond, win.unit.facing, { exemptHalts: true, ignore: [l.id] });
      notes.push(`${win.unit.name} breaks through ${l.name}`, ...moveTo(state, bf, win.unit, w.pose));
      state.rules.breakthroughOrder = win.unit.id;
      continue;
    }
    // Thrown back 2" (A §21.1); a mounted victor follows.
    const heading = angleOf(sub(colourPoint(l), colourPoint(win.unit)));
    const w = walk(state, bf, l, heading, inch(2), l.facing, { exemptHalts: true });
    notes.push(`${l.name} is thrown back`, ...moveTo(state, bf, l, w.pose));
    if (w.hitEnemy) notes.push(...destroyUnit(state, l, 'thrown back into the enemy'));
    else if (w.hitTerrain) disorderStands(l, l.stands.length);
    // The victor follows: always when mounted; foot only against foot with neither in cover (A §21.1).
    const foot = (x: HmUnit): boolean => TROOPS[x.rs.troop].foot;
    const open = (x: HmUnit, from: HmUnit): boolean => fireCover(bf, x, colourPoint(from)) === 'none';
    const follows = TROOPS[win.unit.rs.troop].mounted || (foot(win.unit) && foot(l) && open(win.unit, l) && open(l, win.unit));
    if (follows && !l.removed) closeTo(state, bf, win.unit, l, inch(2) + 2);
  }
  void ctx;
  return notes;
}

/** Targets this unit may Attack now (A §14), with the reason for each that it may not. */
export function assertAttack(state: HmState, bf: Battlefield, attacker: HmUnit, target: HmUnit): void {
  if (attacker.side === target.side) throw new RuleError(`${target.name} is a friendly unit`);
  if (target.removed) throw new RuleError(`${target.name} is no longer on the table`);
  void bf;
}
