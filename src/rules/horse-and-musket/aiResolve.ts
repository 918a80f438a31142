/**
 * The Resolve test of an Attack read as chances, for the AI (A §16-18): every 2D6 total weighed by
 * its chance and looked up on the chart the unit would use, without throwing a die. What an Attack
 * promises (ai.ts) and what an enemy Attack threatens where a unit would stand (exposure below)
 * are both read from here.
 */

import { inch } from '../../core/measure';
import { chartFor, chartRows, resolveModifiers, sumModifiers, TROOPS, type ResolveResult, type ResolveResultKind, type ResolveRole } from './charts';
import { colourGap, defaultChoices, resolveFacts, touching } from './attack';
import type { Battlefield } from '../../terrain/battlefield';
import type { HmState, HmUnit } from './types';
import { disorderedCount, isBroken, liveUnits } from './world';
import { attackAspect, attackRange, eligibleTarget, mayAttack, withPose, type Pose } from './zones';

/** The chance of each 2D6 total, 2..12. */
const TWO_D6: number[] = Array.from({ length: 13 }, (_, t) => (t < 2 ? 0 : (6 - Math.abs(t - 7)) / 36));

/**
 * What a Resolve result means for the unit that gets it, from -1 (Break & Run) to +1 (it charges
 * home): the AI's reading of the charts' rows, not a rule.
 */
const OUTCOME: Record<ResolveResultKind, number> = {
  charge: 1,
  chargeIfWithin: 0.8,
  advanceFire: 0.6,
  standFire: 0.4,
  continue: 0.3,
  turnToFace: 0.1,
  stand: 0.1,
  abandonIfCharged: -0.2,
  falterAfter: -0.3,
  falter: -0.35,
  veerOff: -0.4,
  withdrawOrRetire: -0.5,
  retire: -0.5,
  withdraw: -0.5,
  retreat: -0.6,
  abandonGuns: -0.9,
  breakRun: -1,
};

/** Results that carry the unit toward its opponent: across rough ground they cost D6 disordered stands (A §23.3). */
const MOVING = new Set<ResolveResultKind>(['charge', 'chargeIfWithin', 'advanceFire', 'falter', 'falterAfter', 'veerOff']);

export interface ResolveOutlook {
  /** Expected worth of the result, -1..1. */
  mean: number;
  /** Chance of Break & Run or Abandon Guns. */
  breaks: number;
  /** Chance of a result that gives ground or leaves the unit shaken. */
  yields: number;
  /** Chance of a result that moves the unit at the enemy (charge, advance, falter, veer off). */
  moves: number;
}

/** One 2D6 throw of a Resolve test: its chance, the total after modifiers and the chart's result. */
interface ResolveThrow {
  p: number;
  total: number;
  result: ResolveResult;
}

/** Every 2D6 throw of one side's Resolve test in an Attack, with the ± choices the side would take (A §16 step 4). */
function resolveThrows(state: HmState, bf: Battlefield, u: HmUnit, opponent: HmUnit, role: ResolveRole, assault: boolean, crossing: boolean): ResolveThrow[] {
  const inContact = touching(u, opponent);
  const aspect = role === 'attacker' ? 'front' : attackAspect(opponent, u);
  const canCounter = role !== 'attacker' && TROOPS[u.rs.troop].mounted && aspect === 'front';
  const tester = u.rs.troop === 'general' ? 'skirmCav' : u.rs.troop;
  const opp = opponent.rs.troop === 'general' ? 'skirmCav' : opponent.rs.troop;
  const chart = chartFor({ tester, role: canCounter ? 'counterAttacker' : role, opponent: opp, inContact, flankOrRear: aspect !== 'front', canCounterAttack: canCounter, broken: isBroken(u) }).chart;
  const facts = resolveFacts(state, bf, u, opponent, canCounter ? 'counterAttacker' : role, { assault }, crossing);
  const rows = chartRows(chart, { swapUnpreparedStand: state.options.unpreparedSwap === true });
  const out: ResolveThrow[] = [];
  for (let raw = 2; raw <= 12; raw++) {
    // The ± choices a side would take for itself with this throw.
    const choices = defaultChoices(state, { unit: u.id, opponent: opponent.id, role, chart, raw: [Math.ceil(raw / 2), Math.floor(raw / 2)], facts });
    const total = raw + sumModifiers(resolveModifiers({ ...facts, ...choices }));
    const row = rows.find((r) => (r.min === null || total >= r.min) && (r.max === null || total <= r.max));
    if (row) out.push({ p: TWO_D6[raw]!, total, result: row.result });
  }
  return out;
}

/** The throws of one side read as chances of good and bad results. */
function outlookOf(throws: readonly ResolveThrow[]): ResolveOutlook {
  let mean = 0;
  let breaks = 0;
  let yields = 0;
  let moves = 0;
  for (const { p, result } of throws) {
    const worth = OUTCOME[result.kind];
    mean += p * worth;
    if (worth <= -0.9) breaks += p;
    else if (worth < 0) yields += p;
    if (MOVING.has(result.kind)) moves += p;
  }
  return { mean, breaks, yields, moves };
}

/**
 * A unit as it tests Resolve: formed troops in loose order have every stand disordered first
 * (A §11.7, A52), which is −1 each to their own test and +1 each to their opponent's, and they
 * are no longer fresh.
 */
function asTested(u: HmUnit): HmUnit {
  if (u.formation !== 'loose' || u.rs.troop === 'skirmInf' || u.rs.troop === 'skirmCav') return u;
  // A disordered stand also ends the unit's freshness (moves.ts disorderStands).
  return { ...u, stands: u.stands.map((s) => (s.status === 'ok' ? { ...s, status: 'disordered' as const } : s)), rs: { ...u.rs, fresh: false } };
}

/** The two units of an Attack as they test, and the view of the battle with them so. */
function testedPair(state: HmState, a: HmUnit, d: HmUnit): { view: HmState; a: HmUnit; d: HmUnit } {
  const ta = asTested(a);
  const td = asTested(d);
  if (ta === a && td === d) return { view: state, a, d };
  return { view: { ...state, units: state.units.map((x) => (x.id === a.id ? ta : x.id === d.id ? td : x)) }, a: ta, d: td };
}

/** One side's Resolve test in an Attack, every 2D6 total weighed by its chance (A §16 step 4). */
export function outlook(state: HmState, bf: Battlefield, u: HmUnit, opponent: HmUnit, role: ResolveRole, assault: boolean, crossing = false): ResolveOutlook {
  const t = testedPair(state, u, opponent);
  return outlookOf(resolveThrows(t.view, bf, t.a, t.d, role, assault, crossing));
}

/** Results after which a unit inflicts no combat dice (A11): it gives ground or breaks. */
const GIVES_GROUND = new Set<ResolveResultKind>(['withdraw', 'retire', 'retreat', 'breakRun', 'withdrawOrRetire', 'abandonGuns']);

/** Expected stands newly disordered by `dice` confrontation dice hitting on `hit` (a chance), when only `room` stands can still be disordered. */
function expectedDisorder(dice: number, hit: number, room: number): number {
  let e = 0;
  let ways = 1;
  for (let k = 0; k <= dice; k++) {
    e += ways * hit ** k * (1 - hit) ** (dice - k) * Math.min(k, room);
    ways = (ways * (dice - k)) / (k + 1);
  }
  return e;
}

/** Where a foot attacker fires from after its result's advance (A §17.2, §19.1), mm; null when it does not fire. */
function attackerFiresFrom(result: ResolveResult, gap: number): number | null {
  if (result.kind !== 'advanceFire') return null;
  const steps = [...result.advanceTo].sort((x, y) => y - x).map((n) => inch(n));
  for (const s of steps) if (gap > s) return s;
  return gap;
}

/** How near the attacker comes before the defender's result is read (A §16 step 4a, A25): the closest approach. */
function attackerComesTo(result: ResolveResult, gap: number): number {
  switch (result.kind) {
    case 'charge':
      return 0;
    case 'advanceFire':
      return attackerFiresFrom(result, gap) ?? gap;
    case 'falter':
      return Math.min(gap, inch(result.short));
    case 'falterAfter':
      return Math.max(0, gap - inch(result.forward));
    case 'veerOff':
      return Math.min(gap, inch(3));
    default:
      return gap;
  }
}

/** A disordered stand's chance to be destroyed by combat dice from fire at this range (A §20.2). */
const fireDestroys = (from: number | null): number => (from === null || from > inch(6) + 1 ? 0 : from <= inch(3) + 1 ? 1 / 2 : 1 / 3);

export interface DuelOutlook {
  /** The attacker's Resolve. */
  mine: ResolveOutlook;
  /** The defender's Resolve. */
  theirs: ResolveOutlook;
  /** Chance the attacker's total is the higher: Resolute, its confrontation dice hit on 4-6 (A §16 step 5). */
  resolute: number;
  /** Expected loss to the attacker in stands: each newly disordered stand a half, each destroyed one whole. */
  attackerLoss: number;
  /** The same for the defender. */
  defenderLoss: number;
}

/**
 * An Attack read through both sides' charts at once (A §16): every pair of throws, which side is
 * Resolute (its confrontation dice disorder on 4-6, the other's on 5-6), the stands each side's
 * dice disorder, and the combat dice that then destroy disordered stands: all of them when a
 * charge makes contact, a half within 3" of the fire and a third within 6" (A §20.2); a side that
 * gives ground inflicts none (A11), nor a defender taken in flank. A Break & Run disorders every
 * stand of the runner, and formed troops in loose order test with every stand disordered. Attacks on
 * guns throw neither (A §16 steps 5-6); cover saves are left out.
 */
export function duel(state: HmState, bf: Battlefield, attacker: HmUnit, defender: HmUnit, assault: boolean, crossing = false): DuelOutlook {
  // Troops in loose order test with every stand disordered: that much is lost before a die is thrown.
  const { view, a, d } = testedPair(state, attacker, defender);
  const mineThrows = resolveThrows(view, bf, a, d, 'attacker', assault, crossing);
  const theirThrows = resolveThrows(view, bf, d, a, 'defender', false, false);
  const out: DuelOutlook = {
    mine: outlookOf(mineThrows),
    theirs: outlookOf(theirThrows),
    resolute: 0,
    attackerLoss: 0.5 * (disorderedCount(a) - disorderedCount(attacker)),
    defenderLoss: 0.5 * (disorderedCount(d) - disorderedCount(defender)),
  };
  const gap = colourGap(a, d);
  const flanked = attackAspect(a, d) !== 'front';
  const exchange = d.rs.troop !== 'artillery';
  const footDefender = TROOPS[d.rs.troop].foot;
  const disA = disorderedCount(a);
  const disD = disorderedCount(d);
  // The expected new disorder for each confidence, worked out once.
  const hitsOn = (dice: number, room: number): [number, number] => [expectedDisorder(dice, 1 / 2, room), expectedDisorder(dice, 1 / 3, room)];
  const onD = hitsOn(a.stands.length, d.stands.length - disD);
  const onA = hitsOn(d.stands.length, a.stands.length - disA);
  for (const ta of mineThrows) {
    for (const td of theirThrows) {
      const p = ta.p * td.p;
      const aResolute = ta.total > td.total;
      const dResolute = td.total > ta.total;
      if (aResolute) out.resolute += p;
      if (!exchange) continue;
      const contact = ta.result.kind === 'charge' || (td.result.kind === 'chargeIfWithin' && attackerComesTo(ta.result, gap) <= inch(td.result.within));
      // Disordered stands after the confrontation: a runner has all of them disordered.
      const aBreaks = ta.result.kind === 'breakRun';
      const dBreaks = td.result.kind === 'breakRun';
      const newOnD = dBreaks ? d.stands.length - disD : onD[aResolute ? 0 : 1];
      const newOnA = aBreaks ? a.stands.length - disA : onA[dResolute ? 0 : 1];
      // Combat dice: whoever holds its ground and fired within 6", or met the other in contact.
      const aInflicts = !GIVES_GROUND.has(ta.result.kind);
      const dInflicts = !GIVES_GROUND.has(td.result.kind) && (!flanked || td.result.kind === 'turnToFace');
      const onDKill = !aInflicts ? 0 : contact ? 1 : fireDestroys(attackerFiresFrom(ta.result, gap));
      const dFires = footDefender && (td.result.kind === 'standFire' || td.result.kind === 'chargeIfWithin');
      const onAKill = !dInflicts ? 0 : contact ? 1 : dFires ? fireDestroys(attackerComesTo(ta.result, gap)) : 0;
      out.defenderLoss += p * (0.5 * newOnD + 0.5 * onDKill * (disD + newOnD));
      out.attackerLoss += p * (0.5 * newOnA + 0.5 * onAKill * (disA + newOnA));
    }
  }
  return out;
}

/** How far an enemy may come before it Attacks: one Move (A §11.1). */
const ONE_MOVE = inch(6);

/** The enemies weighed for one exposure: the nearest few that could Attack (the cost stays bounded). */
const EXPOSURE_ENEMIES = 3;

export interface Exposure {
  /** Chance, 0..1, that the worst enemy Attack in reach makes the unit Break & Run (or abandon its guns). */
  breaks: number;
  /** Chance of a result that gives ground or leaves it shaken. */
  yields: number;
  /** The worst danger, 0..1: breaking in full, yielding a third, less for an enemy a move away. */
  danger: number;
  /** The enemy whose Attack is feared most. */
  by?: string;
}

/**
 * What the enemy's best Attack would do to the unit if it stood at `pose`: the unit's own Resolve
 * read as a defender (A §17, charts B, C, E and F) with its support, flanks and friends where they
 * would be, against each enemy able to Attack it there now (within Attack range, an eligible target,
 * A §14) or after one move, with the stands the exchange of confrontation and combat dice would cost
 * it beyond what it costs the attacker (duel above). This is what keeps battalions out of reach of
 * horse on their flank and in line with their supports: an unsupported foot unit charged by cavalry
 * breaks on 2D6 of 4 or less.
 * Only the enemies in `state` count: the side's own view.
 */
export function exposure(state: HmState, bf: Battlefield, u: HmUnit, pose: Pose): Exposure {
  const moved = withPose(u, pose);
  const units = state.units.map((x) => (x.id === u.id ? moved : x));
  const view: HmState = { ...state, units };
  const fog = state.rules.weather === 'fog';
  const near: { e: HmUnit; gap: number; range: number }[] = [];
  for (const e of liveUnits(view)) {
    if (e.side === u.side || !mayAttack(e, units)) continue;
    const range = attackRange(e, { fog });
    const gap = colourGap(e, moved);
    if (gap > range + ONE_MOVE) continue;
    if (!eligibleTarget(e, moved, attackAspect(e, moved), false, units)) continue;
    near.push({ e, gap, range });
  }
  near.sort((a, b) => a.gap - a.range - (b.gap - b.range) || (a.e.id < b.e.id ? -1 : 1));
  let worst: Exposure = { breaks: 0, yields: 0, danger: 0 };
  for (const { e, gap, range } of near.slice(0, EXPOSURE_ENEMIES)) {
    const fight = duel(view, bf, e, moved, false);
    const mine = fight.theirs;
    // Stands lost in the exchange count as far as they outweigh the attacker's: a supported line
    // is Resolute more often and gives more than it takes.
    const worse = Math.max(0, fight.defenderLoss / Math.max(0.5, moved.stands.length - 0.5 * disorderedCount(moved)) - fight.attackerLoss / Math.max(0.5, e.stands.length - 0.5 * disorderedCount(e)));
    // An enemy in reach now Attacks this turn; one a move away needs two orders to do it.
    const reach = gap <= range ? 1 : 0.5;
    const danger = reach * Math.min(1, mine.breaks + mine.yields / 3 + 0.5 * worse);
    if (danger > worst.danger) worst = { breaks: mine.breaks, yields: mine.yields, danger, by: e.id };
  }
  return worst;
}
