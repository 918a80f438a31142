/**
 * The horse-and-musket charts (seed 000; digest part A §3-§24, part B §1.5-§7) as data and small
 * pure functions. Every chart is a table of rows with a label a player can read, so the log and the
 * explanation panel can name the row that decided a result and a test can walk every row.
 *
 * Distances here are INCHES; the caller converts to table millimetres. Where the digest proposes a
 * resolution (A# / B#) the comment names it.
 */

import type { DiceRoller } from '../../core/dice';
import type { ChartRef, Modifier } from '../../core/model';
import { STATUSES, type GeneralGrade, type GeneralStats, type Nation, type Status, type TroopType, type Weather } from './types';

// ---------------------------------------------------------------------------------------------
// Status ladder (A §4)

export const STATUS_NAMES: Record<Status, string> = {
  unreliable: 'Unreliable',
  poorlyTrained: 'Poorly Trained',
  trained: 'Trained',
  wellTrained: 'Well Trained',
  elite: 'Elite',
  exceptional: 'Exceptional',
};

export function statusRank(status: Status): number {
  return STATUSES.indexOf(status);
}

/** −1 when `a` is lower than `b`, 0 when equal, 1 when higher. */
export function compareStatus(a: Status, b: Status): -1 | 0 | 1 {
  const d = statusRank(a) - statusRank(b);
  return d < 0 ? -1 : d > 0 ? 1 : 0;
}

/** One (or more) steps down the ladder, never below Unreliable (out of command at deployment, B §6.4). */
export function lowerStatus(status: Status, steps = 1): Status {
  return STATUSES[Math.max(0, statusRank(status) - steps)]!;
}

// ---------------------------------------------------------------------------------------------
// Troop types (A §3, §9, §19)

export interface TroopFacts {
  troop: TroopType;
  name: string;
  /** Infantry and skirmishing infantry. */
  foot: boolean;
  /** Cavalry of every kind, skirmishing cavalry and Generals' stands (A §0). */
  mounted: boolean;
  /** Loose order: no flanks or rear, no support (A §26, A18). */
  skirmisher: boolean;
  /** Close-order mounted: light, heavy, cuirassier. */
  cavalry: boolean;
  /** Attack range; null for troops that never Attack. */
  attackRange: number | null;
  /** Threat-zone range; 0 for troops without one. */
  threatZone: number;
  /** How far a Charge result may carry the unit; null for troops that never charge. */
  charge: number | null;
  evades: boolean;
  /** Unit cards put in the order deck for each unit (A §7.1). */
  unitCards: number;
  /** A Move order (A §11.1). */
  move: number;
  /** Break & Run, and each compulsory run after it (A §19.3); 0 for troops that never run. */
  breakRun: number;
}

export const TROOPS: Record<TroopType, TroopFacts> = {
  infantry: {
    troop: 'infantry',
    name: 'Infantry',
    foot: true,
    mounted: false,
    skirmisher: false,
    cavalry: false,
    attackRange: 9,
    threatZone: 0,
    charge: 9,
    evades: false,
    unitCards: 1,
    move: 6,
    breakRun: 6,
  },
  skirmInf: {
    troop: 'skirmInf',
    name: 'Skirmishing infantry',
    foot: true,
    mounted: false,
    skirmisher: true,
    cavalry: false,
    attackRange: 9,
    threatZone: 0,
    charge: 9,
    evades: true,
    // Ordered by the side's skirmishing-infantry cards, not unit cards.
    unitCards: 0,
    move: 6,
    breakRun: 6,
  },
  lightCav: {
    troop: 'lightCav',
    name: 'Light cavalry',
    foot: false,
    mounted: true,
    skirmisher: false,
    cavalry: true,
    attackRange: 18,
    threatZone: 18,
    charge: 18,
    evades: true,
    unitCards: 3,
    move: 6,
    breakRun: 12,
  },
  heavyCav: {
    troop: 'heavyCav',
    name: 'Heavy cavalry',
    foot: false,
    mounted: true,
    skirmisher: false,
    cavalry: true,
    attackRange: 18,
    threatZone: 18,
    charge: 18,
    evades: false,
    unitCards: 2,
    move: 6,
    breakRun: 12,
  },
  cuirassier: {
    troop: 'cuirassier',
    name: 'Cuirassiers',
    foot: false,
    mounted: true,
    skirmisher: false,
    cavalry: true,
    attackRange: 18,
    threatZone: 18,
    charge: 18,
    evades: false,
    unitCards: 2,
    move: 6,
    breakRun: 12,
  },
  skirmCav: {
    troop: 'skirmCav',
    name: 'Skirmishing cavalry',
    foot: false,
    mounted: true,
    skirmisher: true,
    cavalry: false,
    // A13: 9", the same as its threat zone.
    attackRange: 9,
    threatZone: 9,
    // Chart D's Charge is 18" for every mounted tester; its targets are within 9" anyway.
    charge: 18,
    evades: true,
    unitCards: 0,
    move: 6,
    breakRun: 12,
  },
  artillery: {
    troop: 'artillery',
    name: 'Artillery',
    foot: false,
    mounted: false,
    skirmisher: false,
    cavalry: false,
    attackRange: null,
    threatZone: 0,
    charge: null,
    evades: false,
    unitCards: 0,
    // Limbered; an unlimbered gun manhandles 3" (B §2.1).
    move: 6,
    // Chart C has no Break & Run: the crew abandon the guns instead.
    breakRun: 0,
  },
  general: {
    troop: 'general',
    name: 'General',
    foot: false,
    mounted: true,
    // A lone General is treated as skirmishing cavalry (A §6.8); attached, he is a stand of his unit.
    skirmisher: false,
    cavalry: false,
    attackRange: null,
    // A46: no threat zone.
    threatZone: 0,
    charge: null,
    // A46: a lone General may Evade as skirmishing cavalry.
    evades: true,
    // Ordered by his own General cards (= Leadership).
    unitCards: 0,
    move: 6,
    breakRun: 12,
  },
};

/** Attack range in the given weather: fog cuts mounted ranges to 9" (B §4.12). */
export function attackRange(troop: TroopType, weather: Weather = 'clear'): number | null {
  const t = TROOPS[troop];
  if (t.attackRange === null) return null;
  return t.mounted && WEATHER[weather].mountedRange !== null ? Math.min(t.attackRange, WEATHER[weather].mountedRange) : t.attackRange;
}

/** Threat-zone range in the given weather (0 = none). */
export function threatZoneRange(troop: TroopType, weather: Weather = 'clear'): number {
  const t = TROOPS[troop];
  const cap = WEATHER[weather].mountedRange;
  return cap !== null && t.threatZone > 0 ? Math.min(t.threatZone, cap) : t.threatZone;
}

// ---------------------------------------------------------------------------------------------
// Resolve charts A-G (A §17)

export type ResolveChartId = 'A' | 'B' | 'C' | 'D' | 'E' | 'F' | 'G';

/** A Resolve result as data; the attack code interprets it. */
export type ResolveResult =
  | { kind: 'charge' }
  /** Advance to the first of these distances the target is beyond, then Fire; within the last, Stand and Fire. */
  | { kind: 'advanceFire'; advanceTo: number[] }
  | { kind: 'standFire' }
  | { kind: 'stand' }
  | { kind: 'withdraw' }
  /** A5: as Withdraw, and the unit becomes shaken. */
  | { kind: 'retreat' }
  /** Always with every stand disordered (A38). */
  | { kind: 'breakRun' }
  | { kind: 'chargeIfWithin'; within: number; fallback: 'standFire'; facedFalteredOnly?: boolean }
  | { kind: 'abandonGuns' }
  /** Abandon the guns if the enemy charges, otherwise Stand and Fire. */
  | { kind: 'abandonIfCharged' }
  | { kind: 'veerOff' }
  | { kind: 'falter'; short: 9 | 6 | 3 }
  | { kind: 'falterAfter'; forward: 3 }
  | { kind: 'retire' }
  | { kind: 'turnToFace' }
  | { kind: 'continue' }
  /** Chart G 5-7: infantry Withdraw, cavalry Retire. */
  | { kind: 'withdrawOrRetire' };

export type ResolveResultKind = ResolveResult['kind'];

export interface ResolveRow {
  /** Inclusive bounds; null is open-ended. */
  min: number | null;
  max: number | null;
  row: string;
  result: ResolveResult;
}

export interface ResolveChart {
  id: ResolveChartId;
  name: string;
  rows: ResolveRow[];
}

const BREAK_RUN = 'Break & Run, all stands disordered';

export const RESOLVE_CHARTS: Record<ResolveChartId, ResolveChart> = {
  A: {
    id: 'A',
    name: 'Chart A: infantry or skirmishing infantry attacking',
    rows: [
      { min: 13, max: null, row: '13+: Charge (up to 9")', result: { kind: 'charge' } },
      {
        min: 10,
        max: 12,
        row: '10–12: advance to 6" and Fire; within 6", advance to 3" and Fire; within 3", Stand and Fire',
        result: { kind: 'advanceFire', advanceTo: [6, 3] },
      },
      {
        min: 8,
        max: 9,
        row: '8–9: advance to 6" and Fire; within 6", Stand and Fire',
        result: { kind: 'advanceFire', advanceTo: [6] },
      },
      { min: 7, max: 7, row: '7: Stand', result: { kind: 'stand' } },
      { min: 6, max: 6, row: '6: Withdraw', result: { kind: 'withdraw' } },
      { min: null, max: 5, row: `5 or less: ${BREAK_RUN}`, result: { kind: 'breakRun' } },
    ],
  },
  B: {
    id: 'B',
    name: 'Chart B: infantry or skirmishing infantry defending against foot',
    rows: [
      {
        min: 18,
        max: null,
        row: '18+: Charge the enemy if within 6", otherwise Stand and Fire',
        result: { kind: 'chargeIfWithin', within: 6, fallback: 'standFire' },
      },
      {
        min: 16,
        max: 17,
        row: '16–17: Charge the enemy if within 3", otherwise Stand and Fire',
        result: { kind: 'chargeIfWithin', within: 3, fallback: 'standFire' },
      },
      { min: 7, max: 15, row: '7–15: Stand and Fire', result: { kind: 'standFire' } },
      { min: 6, max: 6, row: '6: Stand', result: { kind: 'stand' } },
      { min: 4, max: 5, row: '4–5: Withdraw', result: { kind: 'withdraw' } },
      { min: null, max: 3, row: `3 or less: ${BREAK_RUN}`, result: { kind: 'breakRun' } },
    ],
  },
  C: {
    id: 'C',
    name: 'Chart C: artillery',
    rows: [
      { min: 8, max: null, row: '8+: Stand and Fire', result: { kind: 'standFire' } },
      { min: 6, max: 7, row: '6–7: Abandon Guns if the enemy charges, otherwise Stand and Fire', result: { kind: 'abandonIfCharged' } },
      { min: 5, max: 5, row: '5: Abandon Guns', result: { kind: 'abandonGuns' } },
      // A4: the chart stops at 5; a worse score cannot do better.
      { min: null, max: 4, row: '4 or less: Abandon Guns', result: { kind: 'abandonGuns' } },
    ],
  },
  D: {
    id: 'D',
    name: 'Chart D: cavalry attacking or counter-attacking',
    rows: [
      { min: 13, max: null, row: '13+: Charge (up to 18")', result: { kind: 'charge' } },
      { min: 12, max: 12, row: '12: Veer Off, shaken', result: { kind: 'veerOff' } },
      { min: 10, max: 11, row: '10–11: Falter 9" short, shaken', result: { kind: 'falter', short: 9 } },
      { min: 9, max: 9, row: '9: Falter 6" short, shaken', result: { kind: 'falter', short: 6 } },
      { min: 8, max: 8, row: '8: Falter 3" short, shaken', result: { kind: 'falter', short: 3 } },
      { min: 7, max: 7, row: '7: Falter after moving 3" forward, shaken', result: { kind: 'falterAfter', forward: 3 } },
      { min: 6, max: 6, row: '6: Stand', result: { kind: 'stand' } },
      { min: 5, max: 5, row: '5: Retire', result: { kind: 'retire' } },
      { min: null, max: 4, row: `4 or less: ${BREAK_RUN}`, result: { kind: 'breakRun' } },
    ],
  },
  E: {
    id: 'E',
    name: 'Chart E: unprepared cavalry',
    // A3: as written, although 8-9 (Break & Run) reads worse than 7 or less (Stand).
    rows: [
      { min: 12, max: null, row: '12+: Retire', result: { kind: 'retire' } },
      { min: 10, max: 11, row: '10–11: Turn to face Attacker', result: { kind: 'turnToFace' } },
      { min: 8, max: 9, row: `8–9: ${BREAK_RUN}`, result: { kind: 'breakRun' } },
      { min: null, max: 7, row: '7 or less: Stand', result: { kind: 'stand' } },
    ],
  },
  F: {
    id: 'F',
    name: 'Chart F: infantry attacked by cavalry',
    rows: [
      {
        min: 18,
        max: null,
        row: '18+: Charge faltered cavalry within 6", otherwise Stand and Fire',
        result: { kind: 'chargeIfWithin', within: 6, fallback: 'standFire', facedFalteredOnly: true },
      },
      {
        min: 16,
        max: 17,
        row: '16–17: Charge faltered cavalry within 3", otherwise Stand and Fire',
        result: { kind: 'chargeIfWithin', within: 3, fallback: 'standFire', facedFalteredOnly: true },
      },
      { min: 7, max: 15, row: '7–15: Stand and Fire', result: { kind: 'standFire' } },
      { min: 6, max: 6, row: '6: Stand', result: { kind: 'stand' } },
      { min: 5, max: 5, row: '5: Retreat, shaken', result: { kind: 'retreat' } },
      // A38: all stands disordered, as on every other chart.
      { min: null, max: 4, row: `4 or less: ${BREAK_RUN}`, result: { kind: 'breakRun' } },
    ],
  },
  G: {
    id: 'G',
    name: 'Chart G: continuing combat',
    rows: [
      { min: 8, max: null, row: '8+: Continue combat', result: { kind: 'continue' } },
      { min: 5, max: 7, row: '5–7: infantry Withdraw, cavalry Retire', result: { kind: 'withdrawOrRetire' } },
      // A38.
      { min: null, max: 4, row: `4 or less: ${BREAK_RUN}`, result: { kind: 'breakRun' } },
    ],
  },
};

export interface ResolveRowOptions {
  /** A3 option: swap Chart E's Stand and Break & Run, so that the worst score runs. */
  swapUnpreparedStand?: boolean;
}

/** A chart's rows under the given options. */
export function chartRows(chart: ResolveChartId, opts: ResolveRowOptions = {}): ResolveRow[] {
  const rows = RESOLVE_CHARTS[chart].rows;
  if (chart !== 'E' || !opts.swapUnpreparedStand) return rows;
  return rows.map((r) => {
    if (r.result.kind === 'breakRun') return { ...r, row: '8–9: Stand', result: { kind: 'stand' } };
    if (r.result.kind === 'stand') return { ...r, row: `7 or less: ${BREAK_RUN}`, result: { kind: 'breakRun' } };
    return r;
  });
}

function inRange(value: number, r: { min: number | null; max: number | null }): boolean {
  return (r.min === null || value >= r.min) && (r.max === null || value <= r.max);
}

export interface ResolveLookup {
  row: string;
  result: ResolveResult;
  ref: ChartRef;
}

/** The row of a chart that a modified 2D6 total falls in. */
export function resolveRow(chart: ResolveChartId, total: number, opts: ResolveRowOptions = {}): ResolveLookup {
  const row = chartRows(chart, opts).find((r) => inRange(total, r));
  if (!row) throw new Error(`no row of chart ${chart} for ${total}`);
  return { row: row.row, result: row.result, ref: { chart: RESOLVE_CHARTS[chart].name, row: row.row } };
}

/**
 * Where an `advanceFire` result takes the unit: the first `advanceTo` distance the target is beyond,
 * or null to Stand and Fire where it is ("within" includes the limit, A48).
 */
export function advanceFireDistance(advanceTo: readonly number[], distance: number): number | null {
  for (const to of advanceTo) if (distance > to) return to;
  return null;
}

/** Veer Off, every Falter, Retire and Retreat leave the unit shaken until it reforms (A2, A5). */
export function setsShakenMarker(result: ResolveResult): boolean {
  return ['veerOff', 'falter', 'falterAfter', 'retire', 'retreat'].includes(result.kind);
}

/** Highest total is Resolute, lowest Uncertain; a tie leaves both Uncertain (A §16 step 4). */
export function confidenceOf(ownTotal: number, opponentTotal: number): Confidence {
  return ownTotal > opponentTotal ? 'resolute' : 'uncertain';
}

// ---------------------------------------------------------------------------------------------
// Chart selection (A §17.1)

export type ResolveRole = 'attacker' | 'defender' | 'counterAttacker';

export interface ChartSelectionInput {
  tester: TroopType;
  role: ResolveRole;
  opponent: TroopType;
  /** The two units are already in base contact (Continue Combat or a new Attack). */
  inContact: boolean;
  /** The tester is attacked in flank or rear (A §23.5). */
  flankOrRear: boolean;
  /** A mounted defender attacked frontally can bring a straight-ahead line to bear (A §23.1). */
  canCounterAttack: boolean;
  /** The tester is running. */
  broken: boolean;
}

export interface ChartSelection {
  chart: ResolveChartId;
  reason: string;
}

/** Which Resolve chart a unit tests on. */
export function chartFor(input: ChartSelectionInput): ChartSelection {
  const tester = TROOPS[input.tester];
  const opponent = TROOPS[input.opponent];
  if (input.inContact) return { chart: 'G', reason: 'already in contact: continuing combat' };
  if (input.tester === 'artillery') {
    if (input.role !== 'defender') throw new Error('artillery never attacks');
    return { chart: 'C', reason: 'artillery attacked' };
  }
  if (tester.foot) {
    if (input.role === 'counterAttacker') throw new Error('only mounted units counter-attack');
    if (input.role === 'attacker') return { chart: 'A', reason: 'foot attacking' };
    // A lone General counts as skirmishing cavalry (A §6.8).
    if (opponent.mounted) return { chart: 'F', reason: 'foot attacked by mounted troops' };
    if (opponent.foot) return { chart: 'B', reason: 'foot attacked by foot' };
    throw new Error(`${opponent.name} cannot attack`);
  }
  // Mounted testers (cavalry, skirmishing cavalry, a lone General).
  if (input.role === 'attacker') return { chart: 'D', reason: 'mounted attacking' };
  if (input.role === 'counterAttacker') return { chart: 'D', reason: 'mounted counter-attacking' };
  if (input.flankOrRear) return { chart: 'E', reason: 'mounted attacked in flank or rear: unprepared' };
  if (input.broken) return { chart: 'E', reason: 'mounted attacked while broken: unprepared' };
  if (!input.canCounterAttack) return { chart: 'E', reason: 'mounted attacked frontally but unable to counter-attack: unprepared' };
  return { chart: 'D', reason: 'mounted attacked frontally: counter-attacks' };
}

// ---------------------------------------------------------------------------------------------
// Resolve modifiers (A §18.1, B §3.3 Austrians, B §4.12 weather)

export type CoverClass = 'none' | 'soft' | 'hard' | 'fortified';

/** A player's choice on a ± line: 'raise' takes the plus value, 'lower' the minus. */
export type ResolveChoice = 'raise' | 'lower';

/** Plain facts about one Resolve test, computed by the geometry and state layers. */
export interface ResolveFacts {
  /** The tester's troop type; a lone General ('general') is treated as Elite skirmishing cavalry (A §6.8). */
  troop: TroopType;
  status: Status;
  nation: Nation;
  role: ResolveRole;
  opponentTroop: TroopType;
  opponentStatus: Status;
  /** Own stands disordered / destroyed, an attached General not counted (A20). */
  ownDisordered: number;
  ownDestroyed: number;
  /** Some enemy unit is within Attack range of the tester's flank or rear (A §18.6). */
  enemyInRangeOfFlankOrRear: boolean;
  running: boolean;
  inColumn: boolean;
  /** The attack line crosses rough terrain and/or linear obstacles (A26). */
  crossingRoughOrObstacle: boolean;
  /** Flanks supported, 0..2 (A §18.2). */
  flanksSupported: number;
  rearSupport: boolean;
  fresh: boolean;
  jubilation: number;
  assault: boolean;
  /** Cover the unit counts as in (infantry only after breaking ranks; ignored for mounted, A §18.7). */
  cover: CoverClass;
  /** The Colour Stand is in rough terrain. */
  colourInRough: boolean;
  /** Skirmishing infantry fielded as formed infantry keep ±3 when attacked in rough ground (B §1.4). */
  exSkirmisher: boolean;
  coverChoice: ResolveChoice;
  /** A Capable General or the CinC is attached (Mediocre Generals give nothing, A §6.8). */
  capableGeneralAttached: boolean;
  generalChoice: ResolveChoice;
  /** On a steep or very steep hill (Austrian ±1, B §3.3). */
  onSteepHill: boolean;
  austrianChoice: ResolveChoice;
  /** A friendly unit broken, or a destroyed-unit marker, within 9" (A §25). */
  friendBrokenWithin9: boolean;
  /** Other friendly units shaken within 9". */
  friendsShakenWithin9: number;
  /** Own Command's General or the CinC is dead or evacuated. */
  ownGeneralDead: boolean;
  opponentDisordered: number;
  opponentDestroyed: number;
  opponentShaken: boolean;
  /** The tester is within Attack range of the opponent's flank / rear (A §18.6). */
  testerInRangeOfOpponentFlank: boolean;
  testerInRangeOfOpponentRear: boolean;
  /** Testing after a breakthrough (A §21.2). */
  afterBreakthrough: boolean;
  weather: Weather;
}

const MOUNTED_TESTERS: readonly TroopType[] = ['lightCav', 'heavyCav', 'cuirassier', 'skirmCav'];

/** A lone General tests as Elite skirmishing cavalry (A §6.8). */
function asTester(troop: TroopType, status: Status): { troop: TroopType; status: Status } {
  return troop === 'general' ? { troop: 'skirmCav', status: 'elite' } : { troop, status };
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function choiceValue(choice: ResolveChoice, plus: number, minus: number): number {
  return choice === 'raise' ? plus : minus;
}

/** Which ± choices this test offers. */
export function availableResolveChoices(facts: ResolveFacts): { cover: boolean; general: boolean; austrian: boolean } {
  const { troop } = asTester(facts.troop, facts.status);
  const inCover = !TROOPS[troop].mounted && facts.cover !== 'none';
  return {
    cover: inCover || skirmisherCoverLine(facts, troop),
    general: facts.capableGeneralAttached,
    austrian: austrianLine(facts, troop, inCover),
  };
}

function skirmisherCoverLine(facts: ResolveFacts, troop: TroopType): boolean {
  if (troop === 'skirmInf') return facts.cover !== 'none' || facts.colourInRough;
  return troop === 'infantry' && facts.exSkirmisher && facts.role === 'defender' && facts.colourInRough;
}

function austrianLine(facts: ResolveFacts, troop: TroopType, inCover: boolean): boolean {
  return facts.nation === 'austria' && ['infantry', 'skirmInf', 'artillery'].includes(troop) && (inCover || facts.onSteepHill);
}

/** Every Resolve modifier that applies, one entry per line of the table, in the table's order. */
export function resolveModifiers(facts: ResolveFacts): Modifier[] {
  const { troop, status } = asTester(facts.troop, facts.status);
  const opp = asTester(facts.opponentTroop, facts.opponentStatus);
  const t = TROOPS[troop];
  const mods: Modifier[] = [];
  const add = (value: number, reason: string) => mods.push({ value, reason });
  const statusCmp = compareStatus(status, opp.status);
  const statusPair = `(${STATUS_NAMES[status]} vs ${STATUS_NAMES[opp.status]})`;
  // A18: skirmishers have no flanks or rear, so support neither helps nor hurts them.
  const supportCounts = !t.skirmisher;
  const flanks = Math.max(0, Math.min(2, facts.flanksSupported));
  const inCover = !t.mounted && facts.cover !== 'none';
  const skirmCover = skirmisherCoverLine(facts, troop);

  // Own situation
  if (supportCounts && flanks === 0 && !facts.rearSupport) add(-1, 'Unsupported');
  if (facts.ownDisordered > 0) add(-facts.ownDisordered, plural(facts.ownDisordered, 'own stand disordered', 'own stands disordered'));
  if (facts.ownDestroyed > 0) add(-facts.ownDestroyed, plural(facts.ownDestroyed, 'own stand destroyed', 'own stands destroyed'));
  if (facts.enemyInRangeOfFlankOrRear) add(-1, 'Enemy within Attack range of own flank or rear');
  if (statusCmp < 0) add(-1, `Lower status than opponent ${statusPair}`);
  if (facts.running) add(-3, 'Running');
  if (facts.inColumn) add(-3, 'In column');
  if (troop === 'skirmInf' && facts.cover === 'none' && !facts.colourInRough) add(-3, 'Skirmishing infantry in the open');
  if (facts.crossingRoughOrObstacle) add(-3, 'Attacking across rough terrain or linear obstacles');
  if (supportCounts && flanks > 0) add(flanks, plural(flanks, 'flank supported', 'flanks supported'));
  if (supportCounts && facts.rearSupport) add(1, 'Rear support');
  if (supportCounts && facts.rearSupport && flanks > 0) add(1, 'Well supported');
  if (statusCmp > 0) add(1, `Higher status than opponent ${statusPair}`);
  if (status === 'exceptional') add(1, 'Exceptional');
  // Artillery is never fresh (A §18.4).
  if (facts.fresh && troop !== 'artillery') add(1, 'Fresh troops');
  if (facts.jubilation > 0) add(facts.jubilation, `Jubilant (${plural(facts.jubilation, 'level', 'levels')})`);
  if (facts.assault) add(3, 'Assault orders');
  if (skirmCover) {
    // Replaces the ordinary in-cover line.
    const where = troop === 'skirmInf' ? 'Skirmishing infantry in cover or rough terrain' : 'Former skirmishers attacked in rough ground';
    add(choiceValue(facts.coverChoice, 3, -3), `${where} (chose ${facts.coverChoice === 'raise' ? '+3' : '−3'})`);
  } else if (inCover) {
    add(choiceValue(facts.coverChoice, 1, -3), `In cover (chose ${facts.coverChoice === 'raise' ? '+1' : '−3'})`);
  }
  if (austrianLine(facts, troop, inCover)) {
    add(choiceValue(facts.austrianChoice, 1, -1), `Austrians in cover or on a steep hill (chose ${facts.austrianChoice === 'raise' ? '+1' : '−1'})`);
  }
  if (facts.capableGeneralAttached) {
    // A31: the player's choice after rolling.
    add(choiceValue(facts.generalChoice, 1, -1), `Capable General attached (chose ${facts.generalChoice === 'raise' ? '+1' : '−1'})`);
  }

  // Friends' situation
  if (facts.friendBrokenWithin9) add(-3, 'Friends broken within 9"');
  if (facts.friendsShakenWithin9 > 0) {
    add(-facts.friendsShakenWithin9, plural(facts.friendsShakenWithin9, 'other friend shaken within 9"', 'other friends shaken within 9"'));
  }
  // A32: once, however many Generals are lost.
  if (facts.ownGeneralDead) add(-3, 'Own General or Commander-in-chief dead or evacuated');

  // Opponent's situation
  if (facts.opponentDisordered > 0) {
    add(facts.opponentDisordered, plural(facts.opponentDisordered, 'opponent stand disordered', 'opponent stands disordered'));
  }
  if (facts.opponentDestroyed > 0) {
    add(facts.opponentDestroyed, plural(facts.opponentDestroyed, 'opponent stand destroyed', 'opponent stands destroyed'));
  }
  if (facts.opponentShaken) add(3, 'Opponent shaken');
  // A rear position is never also a flank one (A §23.5); the rear bonus wins if both are reported.
  if (facts.testerInRangeOfOpponentRear) add(6, "Within Attack range of the opponent's rear");
  else if (facts.testerInRangeOfOpponentFlank) add(4, "Within Attack range of the opponent's flank");

  // Cavalry and skirmishing cavalry only
  if (MOUNTED_TESTERS.includes(troop)) {
    const oppTroop = TROOPS[opp.troop];
    // A29: only the unit that started the Attack.
    if (facts.role === 'attacker' && (oppTroop.mounted || oppTroop.skirmisher)) add(1, 'Cavalry attacking cavalry or skirmishers');
    if (troop === 'lightCav') add(1, 'Light cavalry');
    if (troop === 'heavyCav') add(2, 'Heavy cavalry');
    if (troop === 'cuirassier') add(4, 'Cuirassiers');
    if (facts.afterBreakthrough) add(3, 'Testing after a breakthrough');
    if (facts.role !== 'defender' && (opp.troop === 'infantry' || opp.troop === 'artillery') && !facts.opponentShaken) {
      add(-1, `Cavalry attacking unshaken ${TROOPS[opp.troop].name.toLowerCase()}`);
    }
    if (troop === 'skirmCav') add(-1, 'Skirmishing cavalry');
    if (facts.role === 'counterAttacker') add(-1, 'Counter-attacking');
  }

  // B26: the weather's detrimental effect applies to every Resolve total.
  const penalty = WEATHER[facts.weather].penalty;
  if (penalty > 0) add(-penalty, `Weather: ${WEATHER[facts.weather].name}`);
  return mods;
}

export function sumModifiers(mods: readonly Modifier[]): number {
  return mods.reduce((a, m) => a + m.value, 0);
}

export type ResolveChoices = Pick<ResolveFacts, 'coverChoice' | 'generalChoice' | 'austrianChoice'>;

export interface BestChoiceOptions extends ResolveRowOptions {
  /** Results to avoid when another combination gives something else (e.g. charging out of cover). */
  avoid?: readonly ResolveResultKind[];
}

/**
 * The choices that give the highest total whose result is not in `avoid` (for the AI and as a
 * default). Without a way round `avoid`, simply the highest total.
 */
export function bestResolveChoices(facts: ResolveFacts, dice2d6: number, chart: ResolveChartId, opts: BestChoiceOptions = {}): ResolveChoices {
  const avail = availableResolveChoices(facts);
  const options = (on: boolean): ResolveChoice[] => (on ? ['raise', 'lower'] : ['raise']);
  let best: { choices: ResolveChoices; total: number; avoided: boolean } | null = null;
  for (const coverChoice of options(avail.cover)) {
    for (const generalChoice of options(avail.general)) {
      for (const austrianChoice of options(avail.austrian)) {
        const choices = { coverChoice, generalChoice, austrianChoice };
        const total = dice2d6 + sumModifiers(resolveModifiers({ ...facts, ...choices }));
        const avoided = (opts.avoid ?? []).includes(resolveRow(chart, total, opts).result.kind);
        // Strictly better only, so ties keep the earlier ('raise') combination.
        if (!best || (best.avoided && !avoided) || (best.avoided === avoided && total > best.total)) best = { choices, total, avoided };
      }
    }
  }
  return best!.choices;
}

// ---------------------------------------------------------------------------------------------
// Freikorps and Freihussars status (A §4.1)

export const FREIKORPS_STATUS: { min: number | null; max: number | null; status: Status; row: string }[] = [
  { min: 12, max: 12, status: 'exceptional', row: '12: Exceptional' },
  { min: 11, max: 11, status: 'elite', row: '11: Elite' },
  { min: 10, max: 10, status: 'trained', row: '10: Trained' },
  { min: 9, max: 9, status: 'poorlyTrained', row: '9: Poorly Trained' },
  // A21: the table as written, with no Well Trained row.
  { min: null, max: 8, status: 'unreliable', row: '8 or less: Unreliable' },
];

/** The status a Freikorps unit reveals from the raw 2D6 of its first Resolve test. */
export function freikorpsStatus(raw2d6: number): { status: Status; ref: ChartRef } {
  const row = FREIKORPS_STATUS.find((r) => inRange(raw2d6, r));
  if (!row || raw2d6 < 2 || raw2d6 > 12) throw new Error(`2D6 cannot total ${raw2d6}`);
  return { status: row.status, ref: { chart: 'Freikorps status', row: row.row } };
}

// ---------------------------------------------------------------------------------------------
// Generals (A §6.2-6.4)

export type RolledGrade = 'talented' | 'skilled' | 'great';

export const MEDIOCRE_STATS: GeneralStats = { leadership: 0, range: 0, ability: 4 };
/** A6: fixed for a General and a CinC alike. */
export const EXCEPTIONAL_STATS: GeneralStats = { leadership: 6, range: 30, ability: 20 };

export const GENERAL_TYPE_ROWS: { min: number | null; max: number | null; grade: RolledGrade; row: string }[] = [
  { min: null, max: 3, grade: 'talented', row: '1–3: Talented' },
  { min: 4, max: 5, grade: 'skilled', row: '4–5: Skilled' },
  // A44: the CinC's +1 can make a 7, which is Great too.
  { min: 6, max: null, grade: 'great', row: '6+: Great' },
];

const gs = (leadership: number, range: number, ability: number): GeneralStats => ({ leadership, range, ability });

/** Second roll: one entry per die face 1-6; 'exceptional' for the Great column's 6. */
export const GENERAL_STATS_TABLE: Record<RolledGrade, (GeneralStats | 'exceptional')[]> = {
  talented: [gs(1, 10, 4), gs(1, 10, 4), gs(2, 10, 4), gs(2, 10, 4), gs(3, 10, 6), gs(3, 10, 8)],
  skilled: [gs(3, 10, 6), gs(3, 20, 8), gs(4, 20, 10), gs(4, 20, 12), gs(6, 10, 10), gs(5, 20, 12)],
  great: [gs(5, 30, 10), gs(5, 30, 12), gs(6, 10, 8), gs(6, 20, 12), gs(6, 30, 16), 'exceptional'],
};

export interface GeneralRollOptions {
  cinc: boolean;
  /** Russian CinCs other than Suvorov: a Great result counts as Talented (B §3.3). */
  greatCountsAsTalented?: boolean;
}

export interface GeneralRoll {
  grade: GeneralGrade;
  stats: GeneralStats;
  /** The two dice as thrown (type, then statistics). */
  dice: [number, number];
  /** Modifiers to the first die and to the Leadership, for the log. */
  modifiers: Modifier[];
  refs: ChartRef[];
}

function statsText(g: GeneralStats): string {
  return `${g.leadership}/${g.range}/${g.ability}`;
}

/** A Capable General or CinC from the two dice (A §6.3). */
export function generalFromDice(typeDie: number, statsDie: number, opts: GeneralRollOptions): GeneralRoll {
  for (const d of [typeDie, statsDie]) if (!Number.isInteger(d) || d < 1 || d > 6) throw new Error(`a D6 cannot show ${d}`);
  const modifiers: Modifier[] = [];
  // A44: the CinC's +1 is on the first roll only.
  if (opts.cinc) modifiers.push({ value: 1, reason: 'Commander-in-chief' });
  const typeScore = typeDie + sumModifiers(modifiers);
  const typeRow = GENERAL_TYPE_ROWS.find((r) => inRange(typeScore, r))!;
  let grade: RolledGrade = typeRow.grade;
  let typeRowText = typeRow.row;
  if (grade === 'great' && opts.cinc && opts.greatCountsAsTalented) {
    grade = 'talented';
    typeRowText = `${typeRow.row} (counts as Talented)`;
  }
  const cell = GENERAL_STATS_TABLE[grade][statsDie - 1]!;
  const refs: ChartRef[] = [
    { chart: 'General type', row: typeRowText },
    { chart: 'General statistics', row: `${statsDie}: ${cell === 'exceptional' ? 'Exceptional' : statsText(cell)}` },
  ];
  if (cell === 'exceptional') {
    return { grade: 'exceptional', stats: { ...EXCEPTIONAL_STATS }, dice: [typeDie, statsDie], modifiers, refs };
  }
  const stats = { ...cell };
  // A6: the CinC's extra Leadership; Exceptional stats are fixed and returned above.
  if (opts.cinc) {
    stats.leadership += 1;
    modifiers.push({ value: 1, reason: 'Commander-in-chief: +1 Leadership' });
  }
  return { grade, stats, dice: [typeDie, statsDie], modifiers, refs };
}

/** Roll a Capable General or CinC. */
export function rollGeneral(dice: DiceRoller, opts: GeneralRollOptions): GeneralRoll {
  const who = opts.cinc ? 'Commander-in-chief' : 'General';
  const typeDie = dice.one(6, `${who}: type`);
  const statsDie = dice.one(6, `${who}: statistics`);
  return generalFromDice(typeDie, statsDie, opts);
}

/** A43: only a Capable (rolled) General, never the CinC, may become a cavalry General. */
export function canBeCavalryGeneral(role: 'cinc' | 'general', grade: GeneralGrade): boolean {
  return role === 'general' && grade !== 'mediocre';
}

/** Cavalry General conversion (A §6.4): Leadership +2, Range halved, Ability halved rounding up. */
export function cavalryGeneralStats(stats: GeneralStats): GeneralStats {
  return { leadership: stats.leadership + 2, range: stats.range / 2, ability: Math.ceil(stats.ability / 2) };
}

// ---------------------------------------------------------------------------------------------
// Order cards drawn and deck contents (A §8.5)

export interface DrawRow {
  units: number;
  draws: number;
  event: number;
  national: number;
  row: string;
}

export const DRAW_TABLE: DrawRow[] = [
  // The book says "3 or 4"; 3 matches the A42 formula.
  { units: 10, draws: 3, event: 5, national: 2, row: '10 units: 3 (or 4) cards, 5 event, 2 national' },
  { units: 20, draws: 6, event: 7, national: 3, row: '20 units: 6 cards, 7 event, 3 national' },
  { units: 30, draws: 9, event: 9, national: 4, row: '30 units: 9 cards, 9 event, 4 national' },
  { units: 40, draws: 12, event: 11, national: 5, row: '40 units: 12 cards, 11 event, 5 national' },
];

/** The draw-table values for an army of `units` units: the row itself, or the A42 formulas between rows. */
export function drawTable(units: number): DrawRow {
  const exact = DRAW_TABLE.find((r) => r.units === units);
  if (exact) return exact;
  // A42; integer arithmetic so that halves round up exactly. At least one card a turn.
  const draws = Math.max(1, Math.round((units * 3) / 10));
  const event = 3 + Math.round(units / 5);
  const national = 1 + Math.round(units / 10);
  return { units, draws, event, national, row: `${units} units (formula): ${draws} cards, ${event} event, ${national} national` };
}

/** Order cards a side draws each turn: the table plus the CinC bonus (A §8.5) and Prussian SYW +1 (B §3.3). */
export function cardsDrawnPerTurn(
  units: number,
  cincGrade: GeneralGrade,
  opts: { prussianSevenYearsWar?: boolean } = {},
): { count: number; modifiers: Modifier[]; ref: ChartRef } {
  const row = drawTable(units);
  const modifiers: Modifier[] = [];
  if (cincGrade === 'great') modifiers.push({ value: 1, reason: 'Great Commander-in-chief' });
  if (cincGrade === 'exceptional') modifiers.push({ value: 2, reason: 'Exceptional Commander-in-chief' });
  if (opts.prussianSevenYearsWar) modifiers.push({ value: 1, reason: 'Prussians, Seven Years War' });
  return { count: row.draws + sumModifiers(modifiers), modifiers, ref: { chart: 'Order cards drawn', row: row.row } };
}

// ---------------------------------------------------------------------------------------------
// Confrontation and combat dice (A §20), cover saves (A §24)

export type Confidence = 'resolute' | 'uncertain';

/** Each die scoring this or more disorders one opponent stand. */
export const CONFRONTATION_NEED: Record<Confidence, number> = { resolute: 4, uncertain: 5 };

export interface DiceCount {
  dice: number[];
  need: number;
  /** Dice that scored `need` or more (after any modifier). */
  count: number;
}

function countAtLeast(values: readonly number[], need: number, modifier = 0): number {
  return values.filter((v) => v + modifier >= need).length;
}

function rollCount(dice: DiceRoller, n: number, need: number, purpose: string, modifier = 0): DiceCount {
  const values = n > 0 ? dice.roll(n, 6, purpose) : [];
  return { dice: values, need, count: countAtLeast(values, need, modifier) };
}

/** One die per stand (A56: all remaining stands, an attached General included); `count` = opponent stands disordered. */
export function rollConfrontationDice(dice: DiceRoller, stands: number, confidence: Confidence): DiceCount {
  const need = CONFRONTATION_NEED[confidence];
  return rollCount(dice, stands, need, `confrontation: ${stands} dice, ${need}+ disorders`);
}

export type CombatSituation = 'firedWithin6' | 'firedWithin3' | 'continuedCombat' | 'chargeContact';

export const COMBAT_DICE: { situation: CombatSituation; need: number | 'automatic'; row: string }[] = [
  { situation: 'firedWithin6', need: 5, row: 'Fired at by the opponent within 6": 5–6 destroys' },
  { situation: 'firedWithin3', need: 4, row: 'Fired at by the opponent within 3": 4–6 destroys' },
  { situation: 'continuedCombat', need: 4, row: 'Continued combat: 4–6 destroys' },
  { situation: 'chargeContact', need: 'automatic', row: 'Made or received a charge to contact: destroyed automatically' },
];

/** The most severe of the situations that apply; null when none do (no combat dice). */
export function combatDiceNeed(situations: readonly CombatSituation[]): number | 'automatic' | null {
  let best: number | 'automatic' | null = null;
  for (const row of COMBAT_DICE) {
    if (!situations.includes(row.situation)) continue;
    if (row.need === 'automatic') return 'automatic';
    if (best === null || row.need < best) best = row.need;
  }
  return best;
}

export interface CombatDiceRoll {
  dice: number[];
  need: number | 'automatic';
  /** Stands destroyed, before cover saves. */
  destroyed: number;
}

/**
 * Combat dice for `disordered` stands. The weather penalty is taken off each die (B26), so a die
 * pushed below 1 cannot destroy; automatic destruction throws no dice.
 */
export function rollCombatDice(dice: DiceRoller, disordered: number, need: number | 'automatic', weather: Weather = 'clear'): CombatDiceRoll {
  if (need === 'automatic') return { dice: [], need, destroyed: disordered };
  const r = rollCount(dice, disordered, need, `combat dice: ${disordered} disordered stands, ${need}+ destroys`, -WEATHER[weather].penalty);
  return { dice: r.dice, need, destroyed: r.count };
}

export type SaveCover = CoverClass | 'chevauxDeFrise';
export type SaveSituation = 'underFire' | 'inContact';

export const COVER_SAVES: { cover: Exclude<SaveCover, 'none'>; underFire: number; inContact: number; row: string }[] = [
  { cover: 'soft', underFire: 6, inContact: 5, row: 'Soft cover: 6 under fire, 5–6 in contact' },
  { cover: 'hard', underFire: 4, inContact: 4, row: 'Hard cover: 4–6' },
  { cover: 'fortified', underFire: 3, inContact: 3, row: 'Fortified: 3–6' },
  { cover: 'chevauxDeFrise', underFire: 6, inContact: 3, row: 'Chevaux de frise: soft under fire (6), fortified in contact (3–6)' },
];

/** The D6 score that saves a stand that would be destroyed; null without cover. */
export function saveNeed(cover: SaveCover, situation: SaveSituation): number | null {
  if (cover === 'none') return null;
  const row = COVER_SAVES.find((r) => r.cover === cover)!;
  return situation === 'underFire' ? row.underFire : row.inContact;
}

/** Contact (a charge or continued combat) saves as in contact; fire saves as under fire. */
export function saveSituationFor(situations: readonly CombatSituation[]): SaveSituation {
  return situations.includes('chargeContact') || situations.includes('continuedCombat') ? 'inContact' : 'underFire';
}

/** One save per stand that would be destroyed; `count` = stands saved (they stay disordered). */
export function rollSaves(dice: DiceRoller, stands: number, need: number): DiceCount {
  return rollCount(dice, stands, need, `cover saves: ${stands} dice, ${need}+ saves`);
}

// ---------------------------------------------------------------------------------------------
// Evade (B §1.5)

export type EvaderKind = 'skirmInf' | 'mounted';

export interface EvadeFacts {
  /** skirmInf, skirmCav, lightCav, or a lone General (as skirmishing cavalry). */
  evader: TroopType;
  status: Status;
  attackerTroop: TroopType;
  cincCardPlayed: boolean;
  skirmisherCardPlayed: boolean;
  prussianHussars: boolean;
}

export function evaderKind(troop: TroopType): EvaderKind {
  if (!TROOPS[troop].evades) throw new Error(`${TROOPS[troop].name} cannot Evade`);
  return troop === 'skirmInf' ? 'skirmInf' : 'mounted';
}

export function evadeModifiers(facts: EvadeFacts): Modifier[] {
  const { troop, status } = asTester(facts.evader, facts.status);
  const kind = evaderKind(troop);
  const attacker = TROOPS[facts.attackerTroop];
  const mods: Modifier[] = [];
  const add = (value: number, reason: string) => mods.push({ value, reason });
  if (facts.cincCardPlayed) add(1, "Commander-in-chief's General card");
  if (facts.skirmisherCardPlayed) add(1, 'Skirmisher order card');
  // Light cavalry evade "exactly as if they were skirmishers" (seed), so they share this line.
  if (kind === 'mounted' && attacker.foot) add(1, 'Skirmishing cavalry attacked by foot');
  if (statusRank(status) >= statusRank('wellTrained')) add(1, `Well Trained or better (${STATUS_NAMES[status]})`);
  if (statusRank(status) <= statusRank('poorlyTrained')) add(-1, `Poorly Trained or worse (${STATUS_NAMES[status]})`);
  if (kind === 'skirmInf' && attacker.mounted) add(-1, 'Skirmishing infantry attacked by mounted troops');
  // B56: one −1 only.
  if (troop === 'lightCav') add(-1, 'Light cavalry');
  if (facts.prussianHussars) add(-1, 'Prussian Hussars');
  return mods;
}

/** Inches, or a number of D6 to roll for inches. */
export type EvadeDistance = number | { dice: number };

export interface EvadeResult {
  standFire: boolean;
  /** Evade distance (a Perfect Evade moves up to it); null when the evaders stand. */
  distance: EvadeDistance | null;
  attackersTest: boolean;
  /** The attackers do not test; they move 6" straight forward. */
  attackersMove6: boolean;
  perfect: boolean;
  /** The evaders use Skirmisher Fire (Stand & Fire, or after a Perfect Evade). */
  fires: boolean;
}

const evadeMove = (distance: EvadeDistance, attackersTest: boolean): EvadeResult => ({
  standFire: false,
  distance,
  attackersTest,
  attackersMove6: !attackersTest,
  perfect: false,
  fires: false,
});
const STAND_FIRE: EvadeResult = { standFire: true, distance: null, attackersTest: true, attackersMove6: false, perfect: false, fires: true };
const perfect = (upTo: number): EvadeResult => ({ standFire: false, distance: upTo, attackersTest: true, attackersMove6: false, perfect: true, fires: true });

export const EVADE_CHART: { min: number | null; max: number | null; row: string; results: Record<EvaderKind, EvadeResult> }[] = [
  { min: null, max: 2, row: '2 or less: Stand & Fire; attackers test Resolve', results: { skirmInf: STAND_FIRE, mounted: STAND_FIRE } },
  {
    min: 3,
    max: 3,
    row: '3: Evade 1D6" (cavalry 3D6"), then attackers test Resolve',
    results: { skirmInf: evadeMove({ dice: 1 }, true), mounted: evadeMove({ dice: 3 }, true) },
  },
  {
    min: 4,
    max: 4,
    row: '4: Evade 6" (cavalry 18"), then attackers test Resolve',
    results: { skirmInf: evadeMove(6, true), mounted: evadeMove(18, true) },
  },
  {
    min: 5,
    max: 5,
    row: '5: Evade 6" (cavalry 18"); attackers do not test and move 6" forward',
    results: { skirmInf: evadeMove(6, false), mounted: evadeMove(18, false) },
  },
  {
    min: 6,
    max: null,
    row: '6+: Perfect Evade; attackers test and move, then the evaders move up to 6" (cavalry 18") and Fire',
    results: { skirmInf: perfect(6), mounted: perfect(18) },
  },
];

export function evadeResult(score: number, evader: TroopType): { row: string; result: EvadeResult; ref: ChartRef } {
  const row = EVADE_CHART.find((r) => inRange(score, r))!;
  return { row: row.row, result: row.results[evaderKind(asTester(evader, 'elite').troop)], ref: { chart: 'Evade', row: row.row } };
}

/** Evade: 1D6 + modifiers, the chart row, and any dice for the distance. */
export function rollEvade(dice: DiceRoller, facts: EvadeFacts): {
  dice: number[];
  modifiers: Modifier[];
  score: number;
  result: EvadeResult;
  ref: ChartRef;
  /** Inches actually evaded (the maximum for a Perfect Evade); 0 when standing. */
  inches: number;
} {
  const modifiers = evadeModifiers(facts);
  const die = dice.one(6, 'evade');
  const score = die + sumModifiers(modifiers);
  const { result, ref } = evadeResult(score, facts.evader);
  const all = [die];
  let inches = 0;
  if (typeof result.distance === 'number') inches = result.distance;
  else if (result.distance) {
    const d = dice.roll(result.distance.dice, 6, `evade distance: ${result.distance.dice}D6"`);
    all.push(...d);
    inches = d.reduce((a, b) => a + b, 0);
  }
  return { dice: all, modifiers, score, result, ref, inches };
}

// ---------------------------------------------------------------------------------------------
// Skirmisher fire (B §1.6)

export const SKIRMISHER_FIRE_RANGE = 9;
/** A disordered target stand is destroyed on this or more when the firers may roll again. */
export const SKIRMISHER_FIRE_DESTROY_NEED = 4;

export interface SkirmishTarget {
  troop: TroopType;
  shaken: boolean;
  /** The target already lost its automatic stand to skirmisher fire this turn (B6). */
  autoLossTaken: boolean;
}

export interface SkirmishFireOutcome {
  /** Target stands disordered (0 or 1). */
  disorder: number;
  /** The firers roll 1D6 (4-6) to destroy that stand. */
  destroyRoll: boolean;
  /** A double: one firing stand is disordered (with a cover save, B4). */
  firerDisordered: boolean;
  /** A shaken target loses one destroyed stand, once a turn (B6). */
  autoLoss: boolean;
}

/** What one 2D6 throw of skirmisher fire does to one target. */
export function skirmisherFireOutcome(
  total2d6: number,
  dice: readonly number[],
  standsFiring: number,
  firerType: 'skirmInf' | 'skirmCav',
  target: SkirmishTarget,
): SkirmishFireOutcome {
  if (dice.length !== 2 || dice[0]! + dice[1]! !== total2d6) throw new Error(`skirmisher fire: ${total2d6} is not the sum of ${dice.join('+')}`);
  const disorder = total2d6 <= standsFiring ? 1 : 0;
  const t = TROOPS[target.troop];
  // B5: skirmishing cavalry destroy only mounted troops, skirmishing infantry and shaken infantry.
  const cavMayDestroy = t.mounted || target.troop === 'skirmInf' || (target.troop === 'infantry' && target.shaken);
  const destroyRoll = disorder > 0 && (firerType === 'skirmInf' || cavMayDestroy);
  return {
    disorder,
    destroyRoll,
    firerDisordered: dice[0] === dice[1],
    autoLoss: target.shaken && !target.autoLossTaken,
  };
}

/** Throw skirmisher fire at one target: 2D6, then the destroy die if the outcome calls for it. */
export function rollSkirmisherFire(
  dice: DiceRoller,
  standsFiring: number,
  firerType: 'skirmInf' | 'skirmCav',
  target: SkirmishTarget,
): { dice: number[]; outcome: SkirmishFireOutcome; destroyed: boolean } {
  const pair = dice.roll(2, 6, `skirmisher fire: ${standsFiring} stands`);
  const outcome = skirmisherFireOutcome(pair[0]! + pair[1]!, pair, standsFiring, firerType, target);
  if (!outcome.destroyRoll) return { dice: pair, outcome, destroyed: false };
  const d = dice.one(6, `skirmisher fire: destroy on ${SKIRMISHER_FIRE_DESTROY_NEED}+`);
  return { dice: [...pair, d], outcome, destroyed: d >= SKIRMISHER_FIRE_DESTROY_NEED };
}

// ---------------------------------------------------------------------------------------------
// Artillery (B §2.2-2.8)

export type Ammunition = 'ball' | 'shell' | 'grapeshot';

export const ARTILLERY_RANGE: Record<Ammunition, number> = { ball: 30, shell: 30, grapeshot: 6 };
/** B7: ±30° either side of straight ahead. */
export const ARTILLERY_ARC_HALF_ANGLE_DEG = 30;
export const ARTILLERY_ARC_HALF_ANGLE = Math.PI / 6;
/** Ball and grapeshot may not pass within this of a friendly unit (B48). */
export const ARTILLERY_FRIENDLY_CLEARANCE = 1;
/** No stand of a shell's target may be within this of a unit friendly to the firer. */
export const SHELL_FRIENDLY_CLEARANCE = 3;
export const GRAPESHOT_DICE = 4;
export const GRAPESHOT_HIT_NEED = 4;
export const BALL_SUBTRACT = 3;
export const BOUNCE_SUBTRACT = 4;
/** A bouncing ball stops after passing through this many units other than its target (B9)... */
export const BOUNCE_MAX_UNITS = 2;
/** ...or after travelling this far beyond the target stand. */
export const BOUNCE_MAX_DISTANCE = 12;
/** A seriously damaged gun is repaired on this or more, rolled at each Joker. */
export const DAMAGE_REPAIR_NEED = 4;
/** A howitzer firing at a building sets it alight on this or more. */
export const BUILDING_ALIGHT_NEED = 5;

/** Stands disordered by one ball or shell: 1D6 − 3, never below 0. */
export function ballOrShellHits(die: number): number {
  return Math.max(0, die - BALL_SUBTRACT);
}

/** Stands disordered by a bouncing ball at one struck stand: 1D6 − 4, never below 0. */
export function bounceHits(die: number): number {
  return Math.max(0, die - BOUNCE_SUBTRACT);
}

export function grapeshotHits(dice: readonly number[]): number {
  return countAtLeast(dice, GRAPESHOT_HIT_NEED);
}

export function rollBallOrShell(dice: DiceRoller, ammunition: 'ball' | 'shell'): { dice: number[]; hits: number } {
  const d = dice.one(6, `${ammunition}: 1D6 − ${BALL_SUBTRACT}`);
  return { dice: [d], hits: ballOrShellHits(d) };
}

export function rollBounce(dice: DiceRoller): { dice: number[]; hits: number } {
  const d = dice.one(6, `bouncing ball: 1D6 − ${BOUNCE_SUBTRACT}`);
  return { dice: [d], hits: bounceHits(d) };
}

export function rollGrapeshot(dice: DiceRoller): { dice: number[]; hits: number } {
  const d = dice.roll(GRAPESHOT_DICE, 6, `grapeshot: ${GRAPESHOT_DICE}D6, ${GRAPESHOT_HIT_NEED}+ hits`);
  return { dice: d, hits: grapeshotHits(d) };
}

/** Overflow: hits disorder undisordered stands first; each hit beyond that destroys a stand (B §2.4). */
export function applyFireHits(hits: number, stands: number, disordered: number): { disorder: number; destroy: number } {
  const disorder = Math.min(hits, Math.max(0, stands - disordered));
  return { disorder, destroy: Math.min(hits - disorder, stands) };
}

export type UnderFireResult = 'suppressed' | 'crewFlee' | 'damaged';

export const ARTILLERY_UNDER_FIRE: { min: number; max: number; result: UnderFireResult; row: string }[] = [
  { min: 1, max: 2, result: 'suppressed', row: '1–2: Suppressed, no orders until after the next Joker' },
  { min: 3, max: 4, result: 'crewFlee', row: '3–4: Crew flee or are casualties; the guns may be overrun' },
  { min: 5, max: 6, result: 'damaged', row: '5–6: Serious damage, no orders until a 4–6 is rolled at a Joker' },
];

/** Most severe first (B10): a crewless gun is worse than a damaged one, which is worse than a suppressed one. */
export const UNDER_FIRE_SEVERITY: readonly UnderFireResult[] = ['crewFlee', 'damaged', 'suppressed'];

export function underFireResult(die: number): { result: UnderFireResult; ref: ChartRef } {
  const row = ARTILLERY_UNDER_FIRE.find((r) => die >= r.min && die <= r.max);
  if (!row) throw new Error(`a D6 cannot show ${die}`);
  return { result: row.result, ref: { chart: 'Artillery under fire', row: row.row } };
}

export function mostSevereUnderFire(results: readonly UnderFireResult[]): UnderFireResult | null {
  return UNDER_FIRE_SEVERITY.find((r) => results.includes(r)) ?? null;
}

/** One die for each disorder or destroy result the guns would take (B10). */
export function rollUnderFire(dice: DiceRoller, hits: number): { dice: number[]; results: UnderFireResult[]; worst: UnderFireResult | null } {
  const values = hits > 0 ? dice.roll(hits, 6, `artillery under fire: ${hits} dice`) : [];
  const results = values.map((v) => underFireResult(v).result);
  return { dice: values, results, worst: mostSevereUnderFire(results) };
}

export function rollDamageRepair(dice: DiceRoller): { dice: number[]; repaired: boolean } {
  const d = dice.one(6, `repair damaged guns: ${DAMAGE_REPAIR_NEED}+`);
  return { dice: [d], repaired: d >= DAMAGE_REPAIR_NEED };
}

export function rollBuildingAlight(dice: DiceRoller): { dice: number[]; alight: boolean } {
  const d = dice.one(6, `shell at a building: ${BUILDING_ALIGHT_NEED}+ sets it alight`);
  return { dice: [d], alight: d >= BUILDING_ALIGHT_NEED };
}

// ---------------------------------------------------------------------------------------------
// Weather (B §4.12)

export interface WeatherRow {
  name: string;
  /** Inches; null = unlimited. */
  visibility: number | null;
  /** Maximum move per order (replaces 6"). */
  maxMove: number;
  /** Taken off every Resolve total and every combat die (B26). */
  penalty: number;
  /** Mounted Attack range and threat zones are capped at this; null = no cap. */
  mountedRange: number | null;
  /** Units on normal or steeper hills see over it (mist, B44). */
  hillsSeeOver: boolean;
  /** Reinforcements and flank marches cannot arrive (B24). */
  arrivalsBlocked: boolean;
}

export const WEATHER: Record<Weather, WeatherRow> = {
  clear: { name: 'clear', visibility: null, maxMove: 6, penalty: 0, mountedRange: null, hillsSeeOver: false, arrivalsBlocked: false },
  rain: { name: 'rain or snow', visibility: 30, maxMove: 4, penalty: 1, mountedRange: null, hillsSeeOver: false, arrivalsBlocked: false },
  heavyRain: {
    name: 'heavy rain or snow',
    visibility: 18,
    maxMove: 3,
    penalty: 2,
    mountedRange: null,
    hillsSeeOver: false,
    arrivalsBlocked: false,
  },
  mist: { name: 'mist', visibility: 15, maxMove: 6, penalty: 0, mountedRange: null, hillsSeeOver: true, arrivalsBlocked: false },
  fog: { name: 'fog', visibility: 9, maxMove: 3, penalty: 1, mountedRange: 9, hillsSeeOver: false, arrivalsBlocked: true },
};

/** The weather after the Joker roll: 1-3 improves, 4-6 worsens. Clear weather stays clear. */
export function weatherAfterJoker(weather: Weather, die: number): Weather {
  if (die < 1 || die > 6) throw new Error(`a D6 cannot show ${die}`);
  const improve = die <= 3;
  switch (weather) {
    case 'clear':
      return 'clear';
    case 'rain':
      return improve ? 'clear' : 'heavyRain';
    case 'heavyRain':
      return improve ? 'rain' : 'heavyRain';
    case 'mist':
      return improve ? 'clear' : 'fog';
    case 'fog':
      return improve ? 'mist' : 'fog';
  }
}

export const HEAVY_RAIN_NO_MUSKETS = 2;
export const HEAVY_RAIN_NO_ARTILLERY = 3;

/** Lasting effects of heavy rain, by the Jokers played while it fell (B25: cumulative and permanent). */
export function heavyRainEffects(jokers: number): {
  infantryCannotFire: boolean;
  artilleryCannotFire: boolean;
  noColumnOrRoadBonus: boolean;
  marshesImpassable: boolean;
  riversFastFlowing: boolean;
} {
  const late = jokers >= HEAVY_RAIN_NO_ARTILLERY;
  return {
    infantryCannotFire: jokers >= HEAVY_RAIN_NO_MUSKETS,
    artilleryCannotFire: late,
    noColumnOrRoadBonus: late,
    marshesImpassable: late,
    riversFastFlowing: late,
  };
}

// ---------------------------------------------------------------------------------------------
// Flanking forces and reinforcements (B §7)

export type ArrivalForce = 'nearFlank' | 'farFlank' | 'reinforcements';
export type ArrivalResult = 'noSign' | 'jokerAfterNext' | 'nextJoker' | 'immediately';

/** The earliest Joker after which dicing may start (B55: reinforcements from the first). */
export const EARLIEST_ARRIVAL_JOKER: Record<ArrivalForce, number> = { nearFlank: 2, farFlank: 3, reinforcements: 1 };
export const ARRIVAL_UNITS_PER_TURN = 4;

export const ARRIVAL_TABLE: { min: number | null; max: number | null; result: ArrivalResult; row: string }[] = [
  { min: null, max: 3, result: 'noSign', row: '1–3: no sign; roll again at the next Joker' },
  { min: 4, max: 4, result: 'jokerAfterNext', row: '4: arrives at the Joker after next' },
  { min: 5, max: 5, result: 'nextJoker', row: '5: arrives at the next Joker' },
  { min: 6, max: null, result: 'immediately', row: '6: arrives immediately' },
];

/**
 * The arrival roll. An all-mounted force or reinforcements may add or subtract 1 (`adjust`); the
 * owner must announce the approach on a raw 3 or more (B23).
 */
export function arrivalResult(
  rawDie: number,
  adjust: -1 | 0 | 1,
  mayAdjust: boolean,
): { result: ArrivalResult; score: number; announce: boolean; ref: ChartRef } {
  if (rawDie < 1 || rawDie > 6) throw new Error(`a D6 cannot show ${rawDie}`);
  if (adjust !== 0 && !mayAdjust) throw new Error('only all-mounted forces and reinforcements may adjust the arrival roll');
  const score = rawDie + adjust;
  const row = ARRIVAL_TABLE.find((r) => inRange(score, r))!;
  return { result: row.result, score, announce: rawDie >= 3, ref: { chart: 'Flank march arrival', row: row.row } };
}
