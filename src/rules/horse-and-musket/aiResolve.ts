/**
 * The Resolve test of an Attack read as chances, for the AI (A §16-18): every 2D6 total weighed by
 * its chance and looked up on the chart the unit would use, without throwing a die. What an Attack
 * promises (ai.ts) and what an enemy Attack threatens where a unit would stand (exposure below)
 * are both read from here.
 */

import { inch } from '../../core/measure';
import { chartFor, chartRows, resolveModifiers, sumModifiers, TROOPS, type ResolveResultKind, type ResolveRole } from './charts';
import { colourGap, defaultChoices, resolveFacts, touching } from './attack';
import type { Battlefield } from '../../terrain/battlefield';
import type { HmState, HmUnit } from './types';
import { isBroken, liveUnits } from './world';
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

/** One side's Resolve test in an Attack, every 2D6 total weighed by its chance (A §16 step 4). */
export function outlook(state: HmState, bf: Battlefield, u: HmUnit, opponent: HmUnit, role: ResolveRole, assault: boolean, crossing = false): ResolveOutlook {
  const inContact = touching(u, opponent);
  const aspect = role === 'attacker' ? 'front' : attackAspect(opponent, u);
  const canCounter = role !== 'attacker' && TROOPS[u.rs.troop].mounted && aspect === 'front';
  const tester = u.rs.troop === 'general' ? 'skirmCav' : u.rs.troop;
  const opp = opponent.rs.troop === 'general' ? 'skirmCav' : opponent.rs.troop;
  const chart = chartFor({ tester, role: canCounter ? 'counterAttacker' : role, opponent: opp, inContact, flankOrRear: aspect !== 'front', canCounterAttack: canCounter, broken: isBroken(u) }).chart;
  const facts = resolveFacts(state, bf, u, opponent, canCounter ? 'counterAttacker' : role, { assault }, crossing);
  const rows = chartRows(chart, { swapUnpreparedStand: state.options.unpreparedSwap === true });
  let mean = 0;
  let breaks = 0;
  let yields = 0;
  let moves = 0;
  for (let raw = 2; raw <= 12; raw++) {
    // The ± choices a side would take for itself with this throw.
    const choices = defaultChoices(state, { unit: u.id, opponent: opponent.id, role, chart, raw: [Math.ceil(raw / 2), Math.floor(raw / 2)], facts });
    const total = raw + sumModifiers(resolveModifiers({ ...facts, ...choices }));
    const row = rows.find((r) => (r.min === null || total >= r.min) && (r.max === null || total <= r.max));
    if (!row) continue;
    const p = TWO_D6[raw]!;
    const worth = OUTCOME[row.result.kind];
    mean += p * worth;
    if (worth <= -0.9) breaks += p;
    else if (worth < 0) yields += p;
    if (MOVING.has(row.result.kind)) moves += p;
  }
  return { mean, breaks, yields, moves };
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
 * A §14) or after one move. This is what keeps battalions out of reach of horse on their flank and
 * in line with their supports: an unsupported foot unit charged by cavalry breaks on 2D6 of 4 or less.
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
    const mine = outlook(view, bf, moved, e, 'defender', false);
    // An enemy in reach now Attacks this turn; one a move away needs two orders to do it.
    const reach = gap <= range ? 1 : 0.5;
    const danger = reach * Math.min(1, mine.breaks + mine.yields / 3);
    if (danger > worst.danger) worst = { breaks: mine.breaks, yields: mine.yields, danger, by: e.id };
  }
  return worst;
}
