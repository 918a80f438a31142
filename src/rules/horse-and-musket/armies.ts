/**
 * Army lists and points (seed 000; digest part B §9 and §3.3, part A §2, §4.1, §6.2). The lists are
 * data tables copied from the book; small pure functions price an army, check it against its list,
 * roll random statuses and build a default army. Where the book is silent or disagrees with itself
 * the digest's resolution is used and its id cited (Bnn in part B's table, Ann in part A's).
 */

import type { DiceRoll, DiceRoller } from '../../core/dice';
import { EARLIEST_ARRIVAL_JOKER } from './charts';
import { STATUSES, type GunKind, type Nation, type Status, type TroopType } from './types';

// ---------------------------------------------------------------------------------------------
// Points basics (B §9.1-9.2)

/** Flat adjustment per unit, whatever its size, for buying a unit above or below Trained (B §9.2). */
export const STATUS_POINTS: Record<Status, number> = {
  unreliable: -4,
  poorlyTrained: -2,
  trained: 0,
  wellTrained: 2,
  elite: 4,
  exceptional: 6, // B29: the book gives no price
};

/** Generals as bought (A §6.2). Capable ones are rolled after purchase; `exceptional` is a named C-in-C. */
export type GeneralKind = 'mediocre' | 'capable' | 'cinc' | 'exceptional';

export const GENERAL_POINTS: Record<GeneralKind, number> = { mediocre: 4, capable: 12, cinc: 25, exceptional: 40 };

/** A Mediocre General is always 0/0/4 and a rolled Capable one has Ability 4 at worst (A §6.3). */
export const MIN_ABILITY = 4;

/** A stand count and its price. */
export interface SizeCost {
  stands: number;
  points: number;
}

/** What unitPoints needs to price a unit. */
export interface Costing {
  name: string;
  /** The listed sizes, smallest first. */
  sizes: readonly SizeCost[];
  /** Points per stand above or below a listed size; null when only the listed sizes may be bought. */
  extraStand: number | null;
}

function priced(stands: readonly number[], points: readonly number[]): SizeCost[] {
  return stands.map((s, i) => ({ stands: s, points: points[i] ?? NaN }));
}

const CAV_SIZES = [3, 5, 7];
/** Freikorps and Freihussars roll 1d6 stands (A §2) and pay one price whatever the roll. */
const D6_SIZES = [1, 2, 3, 4, 5, 6];
function flat(points: number): SizeCost[] {
  return D6_SIZES.map((stands) => ({ stands, points }));
}

/**
 * The general points table (B §9.1), Trained costs, for games fought without a national list. The
 * national lists below already include their status and some of their prices differ (B34).
 */
export const BASE_POINTS_TABLE: (Costing & { id: string; troop: Exclude<TroopType, 'general'> })[] = [
  { id: 'infantry', name: 'Infantry', troop: 'infantry', sizes: priced([5], [10]), extraStand: 3 },
  { id: 'combined-grenadiers', name: 'Grenadiers (combined)', troop: 'infantry', sizes: priced([4], [10]), extraStand: null },
  { id: 'standing-grenadiers', name: 'Grenadiers (standing battalion)', troop: 'infantry', sizes: priced([6], [16]), extraStand: null },
  { id: 'skirmishing-infantry', name: 'Skirmishing infantry', troop: 'skirmInf', sizes: priced([5], [12]), extraStand: 4 },
  { id: 'freikorps', name: 'Freikorps', troop: 'skirmInf', sizes: flat(4), extraStand: null },
  { id: 'freihussars', name: 'Freihussars', troop: 'skirmCav', sizes: flat(6), extraStand: null },
  { id: 'light-cavalry', name: 'Light cavalry', troop: 'lightCav', sizes: priced(CAV_SIZES, [5, 10, 15]), extraStand: 3 },
  { id: 'skirmishing-cavalry', name: 'Skirmishing cavalry', troop: 'skirmCav', sizes: priced(CAV_SIZES, [6, 12, 18]), extraStand: 4 },
  { id: 'heavy-cavalry', name: 'Heavy cavalry', troop: 'heavyCav', sizes: priced(CAV_SIZES, [8, 16, 24]), extraStand: 4 },
  { id: 'cuirassiers', name: 'Cuirassiers', troop: 'cuirassier', sizes: priced(CAV_SIZES, [10, 20, 30]), extraStand: 5 },
  { id: 'cannon', name: 'Cannon', troop: 'artillery', sizes: priced([1], [15]), extraStand: null },
  { id: 'howitzer', name: 'Howitzer', troop: 'artillery', sizes: priced([1], [20]), extraStand: null },
  // B30: 20 without a list, 25 in the Prussian lists
  { id: 'horse-artillery', name: 'Horse artillery', troop: 'artillery', sizes: priced([1], [20]), extraStand: null },
];

/**
 * Points for one unit of `stands` stands (B50): the largest listed size not above n plus the
 * extra-stand cost per stand beyond it; below the smallest size, its cost less the extra-stand cost
 * per missing stand, never under 1. Fixed-size types take only their listed sizes.
 */
export function unitPoints(entry: Costing, stands: number): number {
  if (!Number.isInteger(stands) || stands < 1) throw new Error(`${entry.name}: a unit needs a whole number of stands, at least 1, not ${stands}`);
  const exact = entry.sizes.find((s) => s.stands === stands);
  if (exact) return exact.points;
  const listed = entry.sizes.map((s) => s.stands);
  if (entry.extraStand === null) {
    throw new Error(`${entry.name} comes only in ${sizeWords(listed)} stand${listed.length === 1 && listed[0] === 1 ? '' : 's'}, not ${stands}`);
  }
  const below = entry.sizes.filter((s) => s.stands < stands);
  const base = below[below.length - 1];
  if (base) return base.points + (stands - base.stands) * entry.extraStand;
  const smallest = entry.sizes[0];
  if (!smallest) throw new Error(`${entry.name} has no listed size`);
  return Math.max(1, smallest.points - (smallest.stands - stands) * entry.extraStand);
}

function sizeWords(sizes: number[]): string {
  if (sizes.length <= 1) return String(sizes[0] ?? '?');
  return `${sizes.slice(0, -1).join(', ')} or ${sizes[sizes.length - 1]}`;
}

// ---------------------------------------------------------------------------------------------
// Random status (B §9.4 tables A, R, P1, P2; A §4.1)

/** A random-status column of the lists. Freikorps and Freihussars follow the Freikorps rule (A §4.1). */
export type StatusTableId = 'A-imperial' | 'A-grenzer' | 'R-cossack' | 'P1-infantry' | 'P1-dragoons' | 'P1-hussars' | 'P2-infantry' | 'freikorps';

export interface StatusRow {
  from: number;
  to: number;
  status: Status;
  /** "Roll again": this score or more on a second d6 gives the better status (table P1's 6). */
  rollAgain?: { from: number; status: Status };
}

export interface StatusTable {
  name: string;
  rows: StatusRow[];
}

export const STATUS_TABLES: Record<Exclude<StatusTableId, 'freikorps'>, StatusTable> = {
  'A-imperial': {
    name: 'table A, Imperial troops',
    rows: [
      { from: 1, to: 2, status: 'unreliable' },
      { from: 3, to: 5, status: 'poorlyTrained' },
      { from: 6, to: 6, status: 'trained' },
    ],
  },
  'A-grenzer': {
    name: 'table A, Croat Grenzer',
    rows: [
      { from: 1, to: 5, status: 'wellTrained' },
      { from: 6, to: 6, status: 'elite' }, // "Grenzer grenadiers"
    ],
  },
  'R-cossack': {
    name: 'table R, Cossacks',
    rows: [
      { from: 1, to: 1, status: 'unreliable' },
      { from: 2, to: 4, status: 'poorlyTrained' },
      { from: 5, to: 6, status: 'trained' },
    ],
  },
  'P1-infantry': {
    name: 'table P1, infantry',
    rows: [
      { from: 1, to: 4, status: 'wellTrained' },
      { from: 5, to: 5, status: 'elite' },
      { from: 6, to: 6, status: 'elite', rollAgain: { from: 4, status: 'exceptional' } },
    ],
  },
  'P1-dragoons': {
    name: 'table P1, dragoons',
    rows: [
      { from: 1, to: 2, status: 'trained' },
      { from: 3, to: 4, status: 'wellTrained' },
      { from: 5, to: 5, status: 'elite' },
      { from: 6, to: 6, status: 'elite', rollAgain: { from: 4, status: 'exceptional' } },
    ],
  },
  'P1-hussars': {
    name: 'table P1, hussars',
    rows: [
      { from: 1, to: 5, status: 'wellTrained' },
      { from: 6, to: 6, status: 'elite', rollAgain: { from: 4, status: 'exceptional' } },
    ],
  },
  'P2-infantry': {
    name: 'table P2, infantry',
    rows: [
      { from: 1, to: 1, status: 'unreliable' },
      { from: 2, to: 3, status: 'poorlyTrained' },
      { from: 4, to: 5, status: 'trained' },
      { from: 6, to: 6, status: 'elite' },
    ],
  },
};

export interface StatusRoll {
  table: StatusTableId;
  status: Status;
  /** Freikorps: the status stays unknown until the first Resolve test (A §4.1). */
  hidden: boolean;
  /** The row in words, for the log. */
  row: string;
  dice: number[];
  throws: DiceRoll[];
}

const STATUS_WORDS: Record<Status, string> = {
  unreliable: 'Unreliable',
  poorlyTrained: 'Poorly Trained',
  trained: 'Trained',
  wellTrained: 'Well Trained',
  elite: 'Elite',
  exceptional: 'Exceptional',
};

/** Roll a unit's status on a list table. Done last, after the Generals (B §9.3 step 4). */
export function rollStatus(table: StatusTableId, dice: DiceRoller): StatusRoll {
  if (table === 'freikorps') {
    // Nothing to roll yet; Unreliable stands in as the likeliest outcome (2d6 ≤ 8) until revealed.
    return { table, status: 'unreliable', hidden: true, row: 'Freikorps rule: status shown at the first Resolve test', dice: [], throws: [] };
  }
  const t = STATUS_TABLES[table];
  const first = dice.rolls.length;
  const d = dice.one(6, `status: ${t.name}`);
  const row = t.rows.find((r) => d >= r.from && d <= r.to);
  if (!row) throw new Error(`${t.name} has no row for ${d}`);
  const values = [d];
  let status = row.status;
  let words = `${t.name}: ${d} = ${STATUS_WORDS[status]}`;
  if (row.rollAgain) {
    const again = dice.one(6, `status: ${t.name}, roll again`);
    values.push(again);
    if (again >= row.rollAgain.from) status = row.rollAgain.status;
    words += `, roll again ${again} = ${STATUS_WORDS[status]}`;
  }
  return { table, status, hidden: false, row: words, dice: values, throws: dice.rolls.slice(first) };
}

/** Freikorps and Freihussars: 1d6 stands, rolled when the unit is first fielded (A §2). */
export function rollFreikorpsSize(dice: DiceRoller): { stands: number; dice: number[]; throws: DiceRoll[] } {
  const first = dice.rolls.length;
  const stands = dice.one(6, 'Freikorps size (stands)');
  return { stands, dice: [stands], throws: dice.rolls.slice(first) };
}

/** The raw 2d6 of a Freikorps unit's first Resolve test sets its status (A §4.1; nothing gives Well Trained, A21). */
export const FREIKORPS_REVEAL: { min: number; status: Status }[] = [
  { min: 12, status: 'exceptional' },
  { min: 11, status: 'elite' },
  { min: 10, status: 'trained' },
  { min: 9, status: 'poorlyTrained' },
  { min: 2, status: 'unreliable' },
];

export function freikorpsRevealStatus(raw2d6: number): Status {
  return (FREIKORPS_REVEAL.find((r) => raw2d6 >= r.min) ?? { status: 'unreliable' as Status }).status;
}

// ---------------------------------------------------------------------------------------------
// Army lists (B §9.4) and national rules (B §3.3)

/** Unit groups a limit can be a fraction of (B §0): foot = infantry + SI; cavalry = formed mounted. */
export type UnitGroup = 'foot' | 'mounted' | 'cavalry' | 'infantry';

export const UNIT_GROUPS: Record<UnitGroup, readonly TroopType[]> = {
  foot: ['infantry', 'skirmInf'],
  mounted: ['lightCav', 'heavyCav', 'cuirassier', 'skirmCav'],
  cavalry: ['lightCav', 'heavyCav', 'cuirassier'],
  infantry: ['infantry'],
};

/** The book's "recommended min/max units" column. Fractions count units, not stands. */
export type EntryLimit =
  | { max: number }
  | { maxFractionOf: UnitGroup; fraction: number }
  | { minFractionOf: UnitGroup; fraction: number }
  /** At most one per this many infantry units (guns). */
  | { perInfantryUnits: number }
  /** Takes the place of the named entry and counts against its limit, with its own cap if any. */
  | { replaces: string; max?: number };

export type EntryFlag = 'freikorps' | 'cossack' | 'grenadier' | 'guard' | 'hussar' | 'imperial' | 'horseArtillery' | 'assault';

export interface ArmyListEntry extends Costing {
  id: string;
  troop: Exclude<TroopType, 'general'>;
  /** Artillery only. */
  gun: GunKind | null;
  /** A fixed status, or the table it is rolled on (the list price is paid whatever comes up). */
  status: Status | StatusTableId;
  limit: EntryLimit | null;
  /**
   * `freikorps`: random size and hidden status; `hussar`: takes the nation's Evade modifier. No list
   * grants Assault orders (seed: only event and national cards do), so no entry has `assault`.
   */
  flags: readonly EntryFlag[];
}

/** Field works bought with the army (fortifications, chevaux de frise). */
export interface WorksEntry {
  id: string;
  name: string;
  points: number;
  limit: EntryLimit | null;
}

/** National special rules in force even without national decks (B §3.3, §6.1). */
export interface NationalRules {
  /** Seven Years War Prussians draw one more order card each turn. */
  extraOrderCard: boolean;
  /** Added to the initiative roll (B §6.1). */
  initiativeModifier: number;
  /** Infantry may Move Obliquely (A §11.4). */
  oblique: boolean;
  /** Added to Evade rolls of units flagged `hussar`. */
  evadeModifier: number;
  /** Each unit's line or column is declared the first time it is ordered. */
  formationAtFirstOrder: boolean;
  /** Infantry ignore Withdraw results (Stand without firing) and never take Withdraw orders. */
  noWithdraw: boolean;
  /** Cavalry never Retire voluntarily; forced Retires still apply. */
  cavalryNoVoluntaryRetire: boolean;
  /** Each General plays at most one General card a turn. */
  oneGeneralCardPerTurn: boolean;
  /** A rolled "Great" C-in-C counts as Talented (Suvorov excepted). */
  cincAtBestTalented: boolean;
  /** Infantry, SI and artillery in cover or on steep/very steep hills add or subtract a further 1 to Resolve. */
  austrianCoverBonus: boolean;
  /** Added to pursuit rolls (optional rules). */
  pursuitModifier: number;
  /** Fortification points of a side that is not defending may go to flank marches instead. */
  fortificationsToFlankMarch: boolean;
}

export type ArmyListId = 'austria' | 'russia' | 'prussia-was' | 'prussia-supremacy' | 'prussia-later' | 'prussia-twilight';
export const ARMY_LIST_IDS: readonly ArmyListId[] = ['austria', 'russia', 'prussia-was', 'prussia-supremacy', 'prussia-later', 'prussia-twilight'];

export interface ArmyList {
  id: ArmyListId;
  nation: Nation;
  name: string;
  period: string;
  /** First and last year; null where the book gives none. */
  years: { from: number; to: number | null } | null;
  /** Percentage added to the agreed points total (B §9.2). */
  budgetPercent: number;
  rules: NationalRules;
  /** A named Exceptional C-in-C the list may buy (A §6.2), or null. */
  exceptionalCinc: { name: string; points: number } | null;
  entries: ArmyListEntry[];
  works: WorksEntry[];
}

const NO_RULES: NationalRules = {
  extraOrderCard: false,
  initiativeModifier: 0,
  oblique: false,
  evadeModifier: 0,
  formationAtFirstOrder: false,
  noWithdraw: false,
  cavalryNoVoluntaryRetire: false,
  oneGeneralCardPerTurn: false,
  cincAtBestTalented: false,
  austrianCoverBonus: false,
  pursuitModifier: 0,
  fortificationsToFlankMarch: false,
};

type EntrySpec = Omit<ArmyListEntry, 'gun' | 'limit' | 'flags' | 'sizes'> & {
  stands: number[];
  points: number[];
  gun?: GunKind;
  limit?: EntryLimit;
  flags?: EntryFlag[];
};

function entry(s: EntrySpec): ArmyListEntry {
  const { stands, points, gun, limit, flags, ...rest } = s;
  return { ...rest, sizes: priced(stands, points), gun: gun ?? null, limit: limit ?? null, flags: flags ?? [] };
}

const THIRD = 1 / 3;
const HALF = 1 / 2;
const QUARTER = 1 / 4;

function freikorps(max: number): ArmyListEntry {
  return {
    id: 'freikorps',
    name: 'Freikorps',
    troop: 'skirmInf',
    gun: null,
    status: 'freikorps',
    sizes: flat(4),
    extraStand: null,
    limit: { max },
    flags: ['freikorps'],
  };
}
const FREIHUSSARS: ArmyListEntry = {
  id: 'freihussars',
  name: 'Freihussars',
  troop: 'skirmCav',
  gun: null,
  status: 'freikorps',
  sizes: flat(6),
  extraStand: null,
  limit: { max: 1 },
  flags: ['freikorps'],
};

const PRUSSIAN_RULES: NationalRules = { ...NO_RULES, initiativeModifier: -1, oblique: true, evadeModifier: -1, formationAtFirstOrder: true };

/** The Later SYW list, shared by the Twilight years (seed: one list for both). */
const PRUSSIA_LATER_ENTRIES: ArmyListEntry[] = [
  entry({
    id: 'musketeers', name: 'Musketeers, fusiliers, garrison troops & militia', troop: 'infantry', status: 'P2-infantry',
    stands: [5], points: [12], extraStand: 3,
  }),
  entry({
    id: 'combined-grenadiers', name: 'Combined grenadiers', troop: 'infantry', status: 'elite',
    stands: [4], points: [10], extraStand: null, limit: { max: 3 }, flags: ['grenadier'],
  }),
  entry({
    id: 'guard-infantry', name: 'Guard infantry', troop: 'infantry', status: 'elite',
    stands: [6], points: [20], extraStand: null, limit: { max: 2 }, flags: ['guard'],
  }),
  entry({ id: 'jager', name: 'Jäger', troop: 'skirmInf', status: 'poorlyTrained', stands: [5], points: [10], extraStand: 4, limit: { max: 1 } }),
  freikorps(5),
  FREIHUSSARS,
  entry({
    id: 'bosniaks', name: 'Bosniaks', troop: 'lightCav', status: 'poorlyTrained',
    stands: CAV_SIZES, points: [3, 8, 13], extraStand: 3, limit: { max: 1 },
  }),
  entry({
    id: 'hussars', name: 'Hussars', troop: 'lightCav', status: 'trained',
    stands: CAV_SIZES, points: [5, 10, 15], extraStand: 3, limit: { maxFractionOf: 'mounted', fraction: THIRD }, flags: ['hussar'],
  }),
  entry({
    id: 'dragoons', name: 'Dragoons', troop: 'heavyCav', status: 'trained',
    stands: CAV_SIZES, points: [8, 16, 24], extraStand: 4, limit: { maxFractionOf: 'mounted', fraction: HALF },
  }),
  entry({
    id: 'cuirassiers', name: 'Cuirassiers', troop: 'cuirassier', status: 'trained',
    stands: CAV_SIZES, points: [10, 20, 30], extraStand: 5, limit: { maxFractionOf: 'mounted', fraction: HALF },
  }),
  entry({
    id: 'cannon', name: 'Cannon', troop: 'artillery', gun: 'cannon', status: 'trained',
    stands: [1], points: [15], extraStand: null, limit: { perInfantryUnits: 2 },
  }),
  entry({
    id: 'howitzer', name: 'Howitzer', troop: 'artillery', gun: 'howitzer', status: 'trained',
    stands: [1], points: [20], extraStand: null, limit: { replaces: 'cannon' },
  }),
  // B30: the list price
  entry({
    id: 'horse-artillery', name: 'Horse artillery', troop: 'artillery', gun: 'cannon', status: 'wellTrained',
    stands: [1], points: [25], extraStand: null, limit: { replaces: 'cannon', max: 2 }, flags: ['horseArtillery'],
  }),
];

export const ARMY_LISTS: Record<ArmyListId, ArmyList> = {
  austria: {
    id: 'austria',
    nation: 'austria',
    name: 'Austrians',
    // The book dates neither the Austrian nor the Russian list; their troops are those of the Prussian lists' wars.
    period: 'War of Austrian Succession & Seven Years War',
    years: null,
    budgetPercent: 15, // B28: +15% (the points text says +20%)
    rules: { ...NO_RULES, initiativeModifier: 3, austrianCoverBonus: true, pursuitModifier: -1, fortificationsToFlankMarch: true },
    exceptionalCinc: null, // A §6.2: none of the named commanders is Austrian in this period
    entries: [
      entry({ id: 'line-infantry', name: 'Line infantry', troop: 'infantry', status: 'trained', stands: [5], points: [10], extraStand: 3 }),
      entry({ id: 'garrison', name: 'Garrison troops', troop: 'infantry', status: 'poorlyTrained', stands: [5], points: [8], extraStand: null }),
      entry({
        id: 'combined-grenadiers', name: 'Combined grenadiers', troop: 'infantry', status: 'elite',
        stands: [4], points: [10], extraStand: null, limit: { max: 3 }, flags: ['grenadier'],
      }),
      entry({
        id: 'croat-grenzer', name: 'Croat Grenzer', troop: 'skirmInf', status: 'A-grenzer',
        stands: [5], points: [14], extraStand: 4, limit: { maxFractionOf: 'foot', fraction: THIRD },
      }),
      freikorps(3),
      FREIHUSSARS,
      entry({
        id: 'hussars', name: 'Hussars', troop: 'skirmCav', status: 'wellTrained',
        stands: CAV_SIZES, points: [8, 14, 20], extraStand: 4, limit: { maxFractionOf: 'mounted', fraction: THIRD }, flags: ['hussar'],
      }),
      entry({
        id: 'dragoons', name: 'Dragoons', troop: 'heavyCav', status: 'trained',
        stands: CAV_SIZES, points: [8, 16, 24], extraStand: 4, limit: { maxFractionOf: 'mounted', fraction: HALF },
      }),
      entry({
        id: 'horse-grenadiers', name: 'Combined horse grenadiers', troop: 'heavyCav', status: 'wellTrained',
        stands: [5], points: [18], extraStand: null, limit: { max: 1 }, flags: ['grenadier'],
      }),
      entry({
        id: 'cuirassiers', name: 'Cuirassiers', troop: 'cuirassier', status: 'wellTrained',
        stands: CAV_SIZES, points: [12, 22, 32], extraStand: 5, limit: { maxFractionOf: 'mounted', fraction: HALF },
      }),
      entry({
        id: 'cannon', name: 'Cannon', troop: 'artillery', gun: 'cannon', status: 'wellTrained',
        stands: [1], points: [17], extraStand: null, limit: { perInfantryUnits: 2 },
      }),
      entry({
        id: 'howitzer', name: 'Howitzer', troop: 'artillery', gun: 'howitzer', status: 'wellTrained',
        stands: [1], points: [22], extraStand: null, limit: { replaces: 'cannon' },
      }),
      entry({
        id: 'imperial-infantry', name: 'Imperial infantry', troop: 'infantry', status: 'A-imperial',
        stands: [5], points: [8], extraStand: null, flags: ['imperial'],
      }),
      entry({
        id: 'imperial-heavy-cavalry', name: 'Imperial heavy cavalry', troop: 'heavyCav', status: 'A-imperial',
        stands: [3, 5], points: [6, 14], extraStand: null, flags: ['imperial'],
      }),
    ],
    works: [{ id: 'fortification', name: '6" field fortification', points: 4, limit: { perInfantryUnits: 3 } }],
  },
  russia: {
    id: 'russia',
    nation: 'russia',
    name: 'Russians',
    period: 'Seven Years War',
    years: null,
    budgetPercent: 0,
    rules: { ...NO_RULES, noWithdraw: true, cavalryNoVoluntaryRetire: true, oneGeneralCardPerTurn: true, cincAtBestTalented: true },
    // A §6.2 names Suvarov; the Russian rules except him from "at best Talented". B29: 40.
    exceptionalCinc: { name: 'Suvorov', points: 40 },
    entries: [
      // B53: at least ⅓ of the army's infantry units
      entry({
        id: 'musketeers', name: 'Musketeers', troop: 'infantry', status: 'trained',
        stands: [5], points: [10], extraStand: 3, limit: { minFractionOf: 'infantry', fraction: THIRD },
      }),
      entry({
        id: 'guard-infantry', name: 'Guard infantry', troop: 'infantry', status: 'elite',
        stands: [6], points: [16], extraStand: null, limit: { max: 3 }, flags: ['guard'],
      }),
      entry({
        id: 'combined-grenadiers', name: 'Combined grenadiers', troop: 'infantry', status: 'elite',
        stands: [4], points: [10], extraStand: null, limit: { max: 3 }, flags: ['grenadier'],
      }),
      entry({
        id: 'grenadiers', name: 'Grenadiers', troop: 'infantry', status: 'elite',
        stands: [6], points: [16], extraStand: null, limit: { max: 3 }, flags: ['grenadier'],
      }),
      entry({
        id: 'observation-musketeers', name: 'Musketeers, Corps of Observation', troop: 'infantry', status: 'poorlyTrained',
        stands: [6], points: [11], extraStand: null, limit: { max: 4 },
      }),
      entry({
        id: 'observation-grenadiers', name: 'Grenadiers, Corps of Observation', troop: 'infantry', status: 'trained',
        stands: [6], points: [13], extraStand: null, limit: { max: 4 }, flags: ['grenadier'],
      }),
      entry({
        id: 'skirmishers', name: 'Skirmishing infantry', troop: 'skirmInf', status: 'poorlyTrained',
        stands: [5], points: [10], extraStand: 4, limit: { max: 2 },
      }),
      // B34: the printed price, though it is the Well Trained SC price
      entry({
        id: 'hussars', name: 'Hussars', troop: 'lightCav', status: 'trained',
        stands: CAV_SIZES, points: [8, 14, 20], extraStand: 4, limit: { maxFractionOf: 'cavalry', fraction: HALF }, flags: ['hussar'],
      }),
      entry({
        id: 'dragoons', name: 'Dragoons', troop: 'heavyCav', status: 'poorlyTrained',
        stands: CAV_SIZES, points: [6, 14, 22], extraStand: 4, limit: { maxFractionOf: 'cavalry', fraction: QUARTER },
      }),
      entry({
        id: 'horse-grenadiers', name: 'Horse grenadiers', troop: 'heavyCav', status: 'trained',
        stands: CAV_SIZES, points: [8, 16, 24], extraStand: 4, limit: { max: 3 }, flags: ['grenadier'],
      }),
      entry({
        id: 'cuirassiers', name: 'Cuirassiers', troop: 'cuirassier', status: 'wellTrained',
        stands: CAV_SIZES, points: [12, 22, 32], extraStand: 5, limit: { maxFractionOf: 'cavalry', fraction: HALF },
      }),
      entry({
        id: 'guard-cuirassiers', name: 'Guard cuirassiers', troop: 'cuirassier', status: 'elite',
        stands: CAV_SIZES, points: [14, 24, 34], extraStand: 6, limit: { max: 1 }, flags: ['guard'],
      }),
      entry({
        id: 'cossacks', name: 'Cossacks', troop: 'skirmCav', status: 'R-cossack',
        stands: CAV_SIZES, points: [4, 10, 16], extraStand: 4, limit: { maxFractionOf: 'mounted', fraction: HALF }, flags: ['cossack'],
      }),
      entry({
        id: 'cannon', name: 'Cannon', troop: 'artillery', gun: 'cannon', status: 'trained',
        stands: [1], points: [15], extraStand: null, limit: { perInfantryUnits: 2 },
      }),
      entry({
        id: 'howitzer', name: 'Howitzer', troop: 'artillery', gun: 'howitzer', status: 'trained',
        stands: [1], points: [20], extraStand: null, limit: { replaces: 'cannon' },
      }),
      // B33: Imperial troops roll on table A's Imperial column
      entry({
        id: 'imperial-infantry', name: 'Imperial infantry', troop: 'infantry', status: 'A-imperial',
        stands: [5], points: [8], extraStand: null, flags: ['imperial'],
      }),
      entry({
        id: 'imperial-dragoons', name: 'Imperial dragoons', troop: 'heavyCav', status: 'A-imperial',
        stands: [3, 5], points: [6, 14], extraStand: null, flags: ['imperial'],
      }),
    ],
    works: [{ id: 'chevaux-de-frise', name: 'Chevaux de frise (6" section)', points: 2, limit: null }],
  },
  'prussia-was': {
    id: 'prussia-was',
    nation: 'prussia',
    name: 'Prussians: War of Austrian Succession',
    period: 'War of Austrian Succession',
    years: { from: 1740, to: 1745 },
    budgetPercent: -5,
    rules: PRUSSIAN_RULES, // the extra order card is for Seven Years War armies only
    exceptionalCinc: { name: 'Frederick the Great', points: 35 }, // B29
    entries: [
      entry({
        id: 'musketeers', name: 'Musketeers or fusiliers', troop: 'infantry', status: 'wellTrained',
        stands: [5], points: [12], extraStand: 3,
      }),
      entry({
        id: 'combined-grenadiers', name: 'Combined grenadiers', troop: 'infantry', status: 'elite',
        stands: [4], points: [10], extraStand: null, limit: { max: 3 }, flags: ['grenadier'],
      }),
      entry({
        id: 'guard-infantry', name: 'Guard infantry', troop: 'infantry', status: 'elite',
        stands: [6], points: [20], extraStand: null, limit: { max: 2 }, flags: ['guard'],
      }),
      entry({ id: 'jager', name: 'Jäger', troop: 'skirmInf', status: 'trained', stands: [3], points: [6], extraStand: null, limit: { max: 1 } }),
      freikorps(3),
      FREIHUSSARS,
      // B34: the printed price
      entry({
        id: 'hussars', name: 'Hussars', troop: 'skirmCav', status: 'unreliable',
        stands: CAV_SIZES, points: [4, 10, 16], extraStand: 3, limit: { maxFractionOf: 'mounted', fraction: THIRD }, flags: ['hussar'],
      }),
      entry({
        id: 'dragoons', name: 'Dragoons', troop: 'heavyCav', status: 'trained',
        stands: CAV_SIZES, points: [8, 16, 24], extraStand: 4, limit: { maxFractionOf: 'mounted', fraction: HALF },
      }),
      entry({
        id: 'cuirassiers', name: 'Cuirassiers', troop: 'cuirassier', status: 'trained',
        stands: CAV_SIZES, points: [10, 20, 30], extraStand: 5, limit: { maxFractionOf: 'mounted', fraction: HALF },
      }),
      entry({
        id: 'cannon', name: 'Cannon', troop: 'artillery', gun: 'cannon', status: 'trained',
        stands: [1], points: [15], extraStand: null, limit: { perInfantryUnits: 3 },
      }),
      entry({
        id: 'howitzer', name: 'Howitzer', troop: 'artillery', gun: 'howitzer', status: 'trained',
        stands: [1], points: [20], extraStand: null, limit: { replaces: 'cannon' },
      }),
    ],
    works: [],
  },
  'prussia-supremacy': {
    id: 'prussia-supremacy',
    nation: 'prussia',
    name: 'Prussians: Absolute Supremacy',
    period: 'Seven Years War, Absolute Supremacy',
    years: { from: 1756, to: 1758 },
    budgetPercent: -15,
    rules: { ...PRUSSIAN_RULES, extraOrderCard: true },
    exceptionalCinc: { name: 'Frederick the Great', points: 35 }, // B29
    entries: [
      entry({ id: 'musketeers', name: 'Musketeers / fusiliers', troop: 'infantry', status: 'P1-infantry', stands: [5], points: [13], extraStand: 3 }),
      entry({
        id: 'combined-grenadiers', name: 'Combined grenadiers', troop: 'infantry', status: 'elite',
        stands: [4], points: [10], extraStand: null, limit: { max: 3 }, flags: ['grenadier'],
      }),
      entry({
        id: 'guard-infantry', name: 'Guard infantry', troop: 'infantry', status: 'elite',
        stands: [6], points: [20], extraStand: null, limit: { max: 2 }, flags: ['guard'],
      }),
      entry({ id: 'jager', name: 'Jäger', troop: 'skirmInf', status: 'trained', stands: [5], points: [12], extraStand: 4, limit: { max: 1 } }),
      freikorps(4),
      FREIHUSSARS,
      entry({
        id: 'bosniaks', name: 'Bosniaks', troop: 'lightCav', status: 'poorlyTrained',
        stands: CAV_SIZES, points: [3, 8, 13], extraStand: 3, limit: { max: 1 },
      }),
      entry({
        id: 'hussars', name: 'Hussars', troop: 'lightCav', status: 'P1-hussars',
        stands: CAV_SIZES, points: [7, 12, 17], extraStand: 3, limit: { maxFractionOf: 'mounted', fraction: THIRD }, flags: ['hussar'],
      }),
      entry({
        id: 'dragoons', name: 'Dragoons', troop: 'heavyCav', status: 'P1-dragoons',
        stands: CAV_SIZES, points: [10, 18, 26], extraStand: 4, limit: { maxFractionOf: 'mounted', fraction: HALF },
      }),
      entry({
        id: 'cuirassiers', name: 'Cuirassiers', troop: 'cuirassier', status: 'wellTrained',
        stands: CAV_SIZES, points: [12, 22, 32], extraStand: 5, limit: { maxFractionOf: 'mounted', fraction: HALF },
      }),
      entry({
        id: 'cannon', name: 'Cannon', troop: 'artillery', gun: 'cannon', status: 'trained',
        stands: [1], points: [15], extraStand: null, limit: { perInfantryUnits: 3 },
      }),
      entry({
        id: 'howitzer', name: 'Howitzer', troop: 'artillery', gun: 'howitzer', status: 'trained',
        stands: [1], points: [20], extraStand: null, limit: { replaces: 'cannon' },
      }),
      // B30: the list price
      entry({
        id: 'horse-artillery', name: 'Horse artillery', troop: 'artillery', gun: 'cannon', status: 'trained',
        stands: [1], points: [25], extraStand: null, limit: { replaces: 'cannon', max: 2 }, flags: ['horseArtillery'],
      }),
    ],
    works: [],
  },
  'prussia-later': {
    id: 'prussia-later',
    nation: 'prussia',
    name: 'Prussians: Later Seven Years War',
    period: 'Later Seven Years War',
    years: { from: 1759, to: 1763 },
    budgetPercent: -10,
    rules: { ...PRUSSIAN_RULES, extraOrderCard: true },
    exceptionalCinc: { name: 'Frederick the Great', points: 35 }, // B29
    entries: PRUSSIA_LATER_ENTRIES,
    works: [],
  },
  'prussia-twilight': {
    id: 'prussia-twilight',
    nation: 'prussia',
    name: 'Prussians: the Twilight Years',
    period: 'Twilight Years (Frederick after 1763)',
    years: { from: 1764, to: null },
    budgetPercent: 0,
    // The seed prints one list and one set of special rules (+1 card included) for Later SYW and Twilight.
    rules: { ...PRUSSIAN_RULES, extraOrderCard: true },
    exceptionalCinc: { name: 'Frederick the Great', points: 35 }, // B29
    entries: PRUSSIA_LATER_ENTRIES,
    works: [],
  },
};

export function armyList(id: ArmyListId): ArmyList {
  const list = ARMY_LISTS[id];
  if (!list) throw new Error(`no army list ${String(id)}`);
  return list;
}

export function listEntry(listId: ArmyListId, entryId: string): ArmyListEntry {
  const e = armyList(listId).entries.find((x) => x.id === entryId);
  if (!e) throw new Error(`the ${armyList(listId).name} list has no entry ${entryId}`);
  return e;
}

export function isRandomStatus(status: Status | StatusTableId): status is StatusTableId {
  return !(STATUSES as readonly string[]).includes(status);
}

/** The usual size to field (A §2, B §9.5): 5 where listed, else the first listed size; null for random sizes. */
export function standardStands(e: ArmyListEntry): number | null {
  if (e.flags.includes('freikorps')) return null;
  return e.sizes.some((s) => s.stands === 5) ? 5 : (e.sizes[0]?.stands ?? null);
}

// ---------------------------------------------------------------------------------------------
// An army and its points (B §9.2)

export type OffTable = 'flank' | 'reinforcement';

/**
 * Where and when units held off the table are planned to come on (B §7): a flanking force names its
 * flank (the owner's left or right) and the half of it (near his own baseline or the enemy's);
 * both name the Joker after which the arrival die is first thrown (B55).
 */
export interface ArrivalPlan {
  flank?: 'left' | 'right';
  half?: 'near' | 'far';
  joker: number;
}

/** The latest Joker a force may be planned for: later than any battle the engine has seen last. */
export const LATEST_ARRIVAL_JOKER = 12;

/** Units bought from one list entry, all alike. */
export interface ArmyEntry {
  /** The list entry's id. */
  entry: string;
  /** Stands per unit. Freikorps and Freihussars: the rolled size (rollFreikorpsSize). */
  stands: number;
  count: number;
  /** A status bought by agreement instead of the list's (fixed-status entries only; B §9.2 adjustment). */
  status?: Status;
  offTable?: OffTable;
  /** With offTable: the flank, half and Joker (absent: the engine's defaults, as the options use). */
  arrival?: ArrivalPlan;
}

export interface ArmyGeneral {
  kind: GeneralKind;
  /** The rolled Ability, once known (A §6.3); until then MIN_ABILITY is assumed, halved for a cavalry General. */
  ability?: number;
  /** A Capable General converted to a Cavalry General (A §6.4): commands only cavalry. */
  cavalry?: boolean;
  /** Generals go with off-table forces at no cost (B §9.2). */
  offTable?: OffTable;
  arrival?: ArrivalPlan;
}

export interface ArmyWorks {
  /** The list's works id. */
  id: string;
  count: number;
}

export interface Army {
  list: ArmyListId;
  entries: ArmyEntry[];
  generals: ArmyGeneral[];
  works?: ArmyWorks[];
  /** Extra decoy counters for hidden movement (C §9.5), DECOY_POINTS each; absent for none. */
  decoys?: number;
}

/** An extra decoy counter costs 2 points at army selection (C §9.5). */
export const DECOY_POINTS = 2;

/** Points for a General; the named Exceptional C-in-C of a list has the list's price (B29). */
export function generalPoints(kind: GeneralKind, listId?: ArmyListId): number {
  if (kind === 'exceptional' && listId) return armyList(listId).exceptionalCinc?.points ?? GENERAL_POINTS.exceptional;
  return GENERAL_POINTS[kind];
}

/** The agreed total with the national modifier, rounded down: a part of a point buys nothing. */
export function budgetFor(listId: ArmyListId, agreedTotal: number, percent = armyList(listId).budgetPercent): number {
  return Math.floor((agreedTotal * (100 + percent)) / 100);
}

function isFoot(t: TroopType): boolean {
  return UNIT_GROUPS.foot.includes(t);
}
function isMounted(t: TroopType): boolean {
  return UNIT_GROUPS.mounted.includes(t);
}

/** Flanking forces: +1 a foot stand, +2 a mounted stand, +10 a gun (B §9.2). */
export function flankSurcharge(troop: TroopType, stands: number): number {
  if (troop === 'artillery') return 10;
  if (isFoot(troop)) return stands;
  if (isMounted(troop)) return 2 * stands;
  return 0;
}

/** Reinforcements declared at army selection: −2 a unit (B §9.2). */
export const REINFORCEMENT_DISCOUNT = 2;

/** 1st, 2nd, 3rd, 4th... */
export const ordinal = (n: number): string => `${n}${n % 10 === 1 && n % 100 !== 11 ? 'st' : n % 10 === 2 && n % 100 !== 12 ? 'nd' : n % 10 === 3 && n % 100 !== 13 ? 'rd' : 'th'}`;

/**
 * What is wrong with an off-table plan (B §7, B55), in words: a flanking force names its flank and
 * half, reinforcements neither; the Joker is a whole number from the earliest the book allows (2nd
 * for the near half of a flank, 3rd for the far half, 1st for reinforcements) to LATEST_ARRIVAL_JOKER.
 */
export function arrivalProblems(what: string, offTable: OffTable | undefined, plan: ArrivalPlan | undefined): string[] {
  if (!plan) return [];
  if (!offTable) return [`${what}: a flank or a Joker is given, but the units are not held off the table.`];
  const out: string[] = [];
  if (offTable === 'flank') {
    if (plan.flank !== 'left' && plan.flank !== 'right') out.push(`${what}: a flanking force comes on by the left or the right flank, not "${String(plan.flank)}".`);
    if (plan.half !== 'near' && plan.half !== 'far') out.push(`${what}: a flanking force comes on by the near or the far half of its flank, not "${String(plan.half)}".`);
  } else if (plan.flank !== undefined || plan.half !== undefined) {
    out.push(`${what}: reinforcements come on along your own baseline; they take no flank.`);
  }
  const earliest = EARLIEST_ARRIVAL_JOKER[offTable === 'reinforcement' ? 'reinforcements' : plan.half === 'far' ? 'farFlank' : 'nearFlank'];
  const kind = offTable === 'reinforcement' ? 'Reinforcements' : `A flanking force on the ${plan.half === 'far' ? 'far' : 'near'} half of a flank`;
  if (!Number.isInteger(plan.joker)) out.push(`${what}: the Joker it is planned for must be a whole number, not ${plan.joker}.`);
  else if (plan.joker < earliest) out.push(`${what}: ${kind} cannot be planned before the ${ordinal(earliest)} Joker, not the ${ordinal(plan.joker)} (B §7).`);
  else if (plan.joker > LATEST_ARRIVAL_JOKER) out.push(`${what}: plan it for the ${ordinal(LATEST_ARRIVAL_JOKER)} Joker at the latest, not the ${ordinal(plan.joker)}.`);
  return out;
}

/** Points for one unit of an army entry: size (B50), bought status, off-table adjustment. */
export function entryUnitPoints(listId: ArmyListId, pick: ArmyEntry): number {
  const e = listEntry(listId, pick.entry);
  let points = unitPoints(e, pick.stands);
  if (pick.status !== undefined && pick.status !== e.status) {
    if (isRandomStatus(e.status)) throw new Error(`${e.name} roll their status (${e.status}); it cannot be bought`);
    points += STATUS_POINTS[pick.status] - STATUS_POINTS[e.status];
  }
  if (pick.offTable === 'flank') points += flankSurcharge(e.troop, pick.stands);
  if (pick.offTable === 'reinforcement') points -= REINFORCEMENT_DISCOUNT;
  // Not in the book: a tiny unit sent as reinforcements costs nothing, but never earns points back.
  return Math.max(0, points);
}

export interface CostLine {
  what: string;
  each: number;
  count: number;
  points: number;
}

/** The bill, line by line, for the army panel. Throws on entries the list does not have. */
export function armyCostLines(army: Army): CostLine[] {
  const list = armyList(army.list);
  const lines: CostLine[] = [];
  for (const pick of army.entries) {
    const e = listEntry(army.list, pick.entry);
    const each = entryUnitPoints(army.list, pick);
    const extras = [pick.status && pick.status !== e.status ? STATUS_WORDS[pick.status] : '', pick.offTable ?? ''].filter((x) => x);
    lines.push({ what: `${e.name}, ${pick.stands} stand${pick.stands === 1 ? '' : 's'}${extras.length ? ` (${extras.join(', ')})` : ''}`, each, count: pick.count, points: each * pick.count });
  }
  for (const g of army.generals) {
    const each = generalPoints(g.kind, army.list);
    const what = g.kind === 'exceptional' ? (list.exceptionalCinc?.name ?? 'Exceptional C-in-C') : GENERAL_WORDS[g.kind];
    lines.push({ what, each, count: 1, points: each });
  }
  for (const w of army.works ?? []) {
    const def = list.works.find((x) => x.id === w.id);
    if (!def) throw new Error(`the ${list.name} list has no works ${w.id}`);
    lines.push({ what: def.name, each: def.points, count: w.count, points: def.points * w.count });
  }
  const decoys = army.decoys ?? 0;
  if (decoys > 0) lines.push({ what: 'Extra decoy counters', each: DECOY_POINTS, count: decoys, points: DECOY_POINTS * decoys });
  return lines;
}

const GENERAL_WORDS: Record<GeneralKind, string> = {
  mediocre: 'Mediocre General',
  capable: 'Capable General',
  cinc: 'Commander-in-Chief',
  exceptional: 'Exceptional C-in-C',
};

export function armyPoints(army: Army): number {
  return armyCostLines(army).reduce((sum, l) => sum + l.points, 0);
}

// ---------------------------------------------------------------------------------------------
// Checking an army (B §9.3, A §6.2-6.5)

export interface ValidateOptions {
  /** The ⅓ infantry / ⅓ cavalry stands rule applies "unless agreed otherwise". Default true. */
  thirds?: boolean;
  /** Overrides the list's budget modifier (B28: Austrians +15% or +20%). */
  budgetPercent?: number;
}

const FRACTION_WORDS: [number, string][] = [
  [THIRD, '⅓'],
  [HALF, '½'],
  [QUARTER, '¼'],
];
function fractionWords(f: number): string {
  return FRACTION_WORDS.find(([v]) => Math.abs(v - f) < 1e-9)?.[1] ?? `${Math.round(f * 100)}%`;
}

/** Floating fractions compare with a little slack so that 1 ≤ ⅓ × 3 holds. */
const EPS = 1e-9;

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * Everything wrong with an army, in words; empty when it may take the field. Unrolled Generals are
 * taken at their worst Ability, so an army that passes stays commanded whatever they roll.
 */
export function validateArmy(army: Army, agreedTotal: number, options: ValidateOptions = {}): string[] {
  const problems: string[] = [];
  const list = ARMY_LISTS[army.list];
  if (!list) return [`there is no army list ${String(army.list)}`];

  // Units by entry, and stands, from the picks that make sense.
  const units = new Map<string, number>();
  const troopUnits = new Map<TroopType, number>();
  let stands = 0;
  let infantryStands = 0;
  let cavalryStands = 0;
  let points = 0;
  let priced = true;
  for (const pick of army.entries) {
    const e = list.entries.find((x) => x.id === pick.entry);
    if (!e) {
      problems.push(`The ${list.name} list has no "${pick.entry}".`);
      priced = false;
      continue;
    }
    if (!Number.isInteger(pick.count) || pick.count < 1) {
      problems.push(`${e.name}: the number of units must be a whole number, at least 1, not ${pick.count}.`);
      priced = false;
      continue;
    }
    try {
      points += entryUnitPoints(army.list, pick) * pick.count;
    } catch (err) {
      problems.push(`${(err as Error).message}.`);
      priced = false;
      continue;
    }
    problems.push(...arrivalProblems(e.name, pick.offTable, pick.arrival));
    units.set(e.id, (units.get(e.id) ?? 0) + pick.count);
    troopUnits.set(e.troop, (troopUnits.get(e.troop) ?? 0) + pick.count);
    stands += pick.stands * pick.count;
    if (e.troop === 'infantry') infantryStands += pick.stands * pick.count;
    if (UNIT_GROUPS.cavalry.includes(e.troop)) cavalryStands += pick.stands * pick.count;
  }
  const groupUnits = (g: UnitGroup) => UNIT_GROUPS[g].reduce((n, t) => n + (troopUnits.get(t) ?? 0), 0);
  const infantryUnits = groupUnits('infantry');

  // Generals and works.
  for (const g of army.generals) {
    points += generalPoints(g.kind, army.list);
    problems.push(...arrivalProblems(GENERAL_WORDS[g.kind], g.offTable, g.arrival));
  }
  for (const w of army.works ?? []) {
    const def = list.works.find((x) => x.id === w.id);
    if (!def) {
      problems.push(`The ${list.name} list has no "${w.id}".`);
      priced = false;
      continue;
    }
    points += def.points * w.count;
    const lim = def.limit;
    if (lim && 'perInfantryUnits' in lim && w.count > Math.floor(infantryUnits / lim.perInfantryUnits)) {
      problems.push(
        `${def.name}: ${w.count}, but the list allows 1 per ${lim.perInfantryUnits} infantry units (${Math.floor(infantryUnits / lim.perInfantryUnits)} with ${plural(infantryUnits, 'infantry unit')}).`,
      );
    }
  }

  // Extra decoy counters (C §9.5).
  const decoys = army.decoys ?? 0;
  if (!Number.isInteger(decoys) || decoys < 0) {
    problems.push(`Extra decoy counters: the number must be a whole number, 0 or more, not ${decoys}.`);
    priced = false;
  } else {
    points += DECOY_POINTS * decoys;
  }

  // Budget.
  const budget = budgetFor(army.list, agreedTotal, options.budgetPercent ?? list.budgetPercent);
  if (priced && points > budget) {
    const pct = options.budgetPercent ?? list.budgetPercent;
    const mod = pct === 0 ? '' : ` (${agreedTotal} ${pct > 0 ? '+' : '−'}${Math.abs(pct)}%)`;
    problems.push(`The army costs ${points} points; the budget is ${budget}${mod}.`);
  }

  // List limits.
  for (const e of list.entries) {
    const n = units.get(e.id) ?? 0;
    const lim = e.limit;
    if (!lim) continue;
    if ('max' in lim && lim.max !== undefined && n > lim.max) {
      problems.push(`${e.name}: ${n} units, but the list allows at most ${lim.max}.`);
    }
    if ('maxFractionOf' in lim) {
      const of = groupUnits(lim.maxFractionOf);
      if (n > lim.fraction * of + EPS) {
        problems.push(`${e.name}: ${n} of ${plural(of, `${lim.maxFractionOf} unit`)}, but the list allows at most ${fractionWords(lim.fraction)} of them.`);
      }
    }
    if ('minFractionOf' in lim) {
      const of = groupUnits(lim.minFractionOf);
      if (n < lim.fraction * of - EPS) {
        problems.push(`${e.name}: ${n} of ${plural(of, `${lim.minFractionOf} unit`)}, but the list asks for at least ${fractionWords(lim.fraction)} of them.`);
      }
    }
    if ('perInfantryUnits' in lim) {
      // Howitzers and horse artillery take cannon's places.
      const sharing = list.entries.filter((x) => x.id === e.id || (x.limit && 'replaces' in x.limit && x.limit.replaces === e.id));
      const total = sharing.reduce((s, x) => s + (units.get(x.id) ?? 0), 0);
      const allowed = Math.floor(infantryUnits / lim.perInfantryUnits);
      if (total > allowed) {
        const names = sharing.map((x) => x.name).join(', ');
        problems.push(
          `${names}: ${total} in all, but the list allows 1 per ${lim.perInfantryUnits} infantry units (${allowed} with ${plural(infantryUnits, 'infantry unit')}).`,
        );
      }
    }
  }

  // B §9.3: at least ⅓ of the stands infantry and ⅓ cavalry (formed troops, B §0; Generals are not stands here).
  if (options.thirds !== false && stands > 0) {
    if (infantryStands * 3 < stands) problems.push(`Only ${infantryStands} of ${stands} stands are infantry; at least ⅓ must be.`);
    if (cavalryStands * 3 < stands) problems.push(`Only ${cavalryStands} of ${stands} stands are cavalry; at least ⅓ must be.`);
  }

  problems.push(...generalProblems(army, list, troopUnits));
  return problems;
}

/** A §6.2-6.5: one C-in-C, and subordinate Generals whose Ability covers every unit that needs a Command. */
function generalProblems(army: Army, list: ArmyList, troopUnits: Map<TroopType, number>): string[] {
  const problems: string[] = [];
  const cincs = army.generals.filter((g) => g.kind === 'cinc' || g.kind === 'exceptional');
  if (cincs.length === 0) problems.push('The army has no Commander-in-Chief.');
  if (cincs.length > 1) problems.push(`The army has ${cincs.length} Commanders-in-Chief; it may have only one.`);
  if (cincs.some((g) => g.kind === 'exceptional') && !list.exceptionalCinc) {
    problems.push(`The ${list.name} may not buy an Exceptional Commander-in-Chief; one can only be rolled.`);
  }
  for (const g of army.generals) {
    if (g.cavalry && g.kind !== 'capable') problems.push(`Only a Capable General can be a Cavalry General, not a ${GENERAL_WORDS[g.kind]}.`);
  }

  // Skirmishers and artillery need no Command (A §6.5); the C-in-C commands none himself.
  const count = (ts: readonly TroopType[]) => ts.reduce((n, t) => n + (troopUnits.get(t) ?? 0), 0);
  const cavalry = count(UNIT_GROUPS.cavalry);
  const needing = cavalry + count(['infantry']);
  const subs = army.generals.filter((g) => g.kind === 'mediocre' || g.kind === 'capable');
  const ability = (g: ArmyGeneral) => (g.kind === 'mediocre' ? MIN_ABILITY : (g.ability ?? (g.cavalry ? Math.ceil(MIN_ABILITY / 2) : MIN_ABILITY)));
  const capacity = subs.reduce((n, g) => n + ability(g), 0);
  const footCapacity = subs.filter((g) => !g.cavalry).reduce((n, g) => n + ability(g), 0);
  if (needing > capacity) {
    problems.push(
      `The Generals can command ${plural(capacity, 'unit')} but ${plural(needing, 'unit needs', 'units need')} a Command: buy Mediocre Generals or take free Poor Generals.`,
    );
  } else if (needing - cavalry > footCapacity) {
    problems.push(`Cavalry Generals command only cavalry: the other Generals can command ${footCapacity} of the ${needing - cavalry} other units.`);
  }
  if (subs.length > needing) problems.push(`${plural(subs.length, 'General')} but only ${plural(needing, 'unit')} to command: every General needs a Command.`);
  const cavalryGenerals = subs.filter((g) => g.cavalry).length;
  if (cavalryGenerals > cavalry) problems.push(`${plural(cavalryGenerals, 'Cavalry General')} but only ${plural(cavalry, 'cavalry unit')}.`);
  return problems;
}

// ---------------------------------------------------------------------------------------------
// A default army

interface DefaultRecipe {
  infantry: string;
  /** Cavalry in order of preference; each new unit is the first that keeps its list limit. */
  cavalry: string[];
  gun: string;
  skirmisher: string;
}

const PRUSSIAN_SYW_RECIPE: DefaultRecipe = { infantry: 'musketeers', cavalry: ['cuirassiers', 'dragoons', 'hussars', 'bosniaks'], gun: 'cannon', skirmisher: 'jager' };

/** What a default army is made of: fixed-status or steady troops, no Freikorps (their size is rolled). */
const DEFAULT_RECIPES: Record<ArmyListId, DefaultRecipe> = {
  austria: { infantry: 'line-infantry', cavalry: ['dragoons', 'cuirassiers', 'horse-grenadiers'], gun: 'cannon', skirmisher: 'croat-grenzer' },
  russia: { infantry: 'musketeers', cavalry: ['horse-grenadiers', 'cuirassiers', 'hussars', 'dragoons'], gun: 'cannon', skirmisher: 'cossacks' },
  'prussia-was': { infantry: 'musketeers', cavalry: ['dragoons', 'cuirassiers', 'hussars'], gun: 'cannon', skirmisher: 'jager' },
  'prussia-supremacy': PRUSSIAN_SYW_RECIPE,
  'prussia-later': PRUSSIAN_SYW_RECIPE,
  'prussia-twilight': PRUSSIAN_SYW_RECIPE,
};

/** Worth of a first skirmisher unit when ranking default armies, in points. */
const SKIRMISHER_BONUS = 12;
/** Cavalry beyond the least legal count is worth only half its points: infantry first. */
const EXTRA_CAVALRY_DISCOUNT = 0.5;
/** Making a Mediocre General Capable costs 12 − 4; at most two are made so. */
const CAPABLE_UPGRADE = GENERAL_POINTS.capable - GENERAL_POINTS.mediocre;
const MAX_UPGRADES = 2;

/** The k-th cavalry unit's entry: the first preference whose limit still holds, else the first. */
function cavalryRotation(list: ArmyList, prefs: string[], length: number): ArmyListEntry[] {
  const entries = prefs.map((id) => listEntry(list.id, id));
  const chosen: ArmyListEntry[] = [];
  const fits = (e: ArmyListEntry): boolean => {
    const next = [...chosen, e];
    const n = next.filter((x) => x.id === e.id).length;
    const lim = e.limit;
    if (!lim) return true;
    if ('max' in lim && lim.max !== undefined && n > lim.max) return false;
    if ('maxFractionOf' in lim) {
      const of = next.filter((x) => UNIT_GROUPS[lim.maxFractionOf].includes(x.troop)).length;
      if (n > lim.fraction * of + EPS) return false;
    }
    return true;
  };
  for (let k = 0; k < length; k++) {
    const pick = entries.find(fits) ?? entries.find((e) => !(e.limit && 'max' in e.limit && e.limit.max !== undefined)) ?? entries[0];
    if (!pick) break;
    chosen.push(pick);
  }
  return chosen;
}

function maxOf(limit: EntryLimit | null, fallback: number): number {
  return limit && 'max' in limit && limit.max !== undefined ? Math.min(limit.max, fallback) : fallback;
}

function composeArmy(listId: ArmyListId, recipe: DefaultRecipe, cav: ArmyListEntry[], nI: number, nC: number, nA: number, nS: number): Army {
  const entries: ArmyEntry[] = [];
  const add = (e: ArmyListEntry, count: number) => {
    if (count <= 0) return;
    const stands = standardStands(e) ?? 1;
    const same = entries.find((x) => x.entry === e.id && x.stands === stands);
    if (same) same.count += count;
    else entries.push({ entry: e.id, stands, count });
  };
  add(listEntry(listId, recipe.infantry), nI);
  for (const e of cav.slice(0, nC)) add(e, 1);
  add(listEntry(listId, recipe.gun), nA);
  add(listEntry(listId, recipe.skirmisher), nS);
  const generals: ArmyGeneral[] = [{ kind: 'cinc' }];
  for (let i = 0; i < Math.ceil((nI + nC) / MIN_ABILITY); i++) generals.push({ kind: 'mediocre' });
  return { list: listId, entries, generals };
}

/**
 * A sensible army for `points` (the agreed total, before the national modifier): mostly line
 * infantry, about ⅓ of the stands cavalry, some guns within the limit, a skirmisher or two, a C-in-C
 * and Mediocre Generals enough to command everyone, made Capable with points to spare. The same
 * inputs always give the same army, and validateArmy finds nothing wrong with it. `reserve` points
 * of the budget are left unspent.
 */
export function defaultArmy(listId: ArmyListId, points: number, reserve = 0): Army {
  const list = armyList(listId);
  const recipe = DEFAULT_RECIPES[listId];
  // Points kept back (a planned flank march's extra, setup.ts) are not spent on troops.
  const budget = budgetFor(listId, points) - reserve;
  const inf = listEntry(listId, recipe.infantry);
  const gun = listEntry(listId, recipe.gun);
  const skirm = listEntry(listId, recipe.skirmisher);
  const unitCost = (e: ArmyListEntry) => unitPoints(e, standardStands(e) ?? 1);
  const infCost = unitCost(inf);
  const maxInf = Math.floor(budget / infCost);
  const cav = cavalryRotation(list, recipe.cavalry, maxInf + 2);
  const cavCost = [0];
  for (const e of cav) cavCost.push((cavCost[cavCost.length - 1] ?? 0) + unitCost(e));
  const gunLimit = gun.limit && 'perInfantryUnits' in gun.limit ? gun.limit.perInfantryUnits : Infinity;
  const maxSkirm = maxOf(skirm.limit, 2);

  // Candidates ranked by: some guns, points spent (see the weights above), infantry, guns, skirmishers.
  let best: { score: number[]; army: Army } | null = null;
  const better = (a: number[], b: number[]) => {
    for (let i = 0; i < a.length; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
    return false;
  };
  for (let nI = 1; nI <= maxInf; nI++) {
    const guns = Math.min(Math.floor(nI / gunLimit), Math.max(1, Math.floor(nI / 3)));
    for (let nA = 0; nA <= guns; nA++) {
      // Skirmishers screen a line of at least three battalions: one, and another for every six.
      for (let nS = 0; nS <= (nI < 3 ? 0 : Math.min(maxSkirm, 1 + Math.floor(nI / 6))); nS++) {
        // As little cavalry as the ⅓ rule and the list limits allow (the first legal count), or one more.
        let firstLegal = Infinity;
        for (let nC = 1; nC <= Math.min(nI + 1, firstLegal + 1) && nC < cavCost.length; nC++) {
          const mediocre = Math.ceil((nI + nC) / MIN_ABILITY);
          const bought = nI * infCost + (cavCost[nC] ?? Infinity) + nA * unitCost(gun) + nS * unitCost(skirm) + GENERAL_POINTS.cinc + GENERAL_POINTS.mediocre * mediocre;
          if (bought > budget) break;
          const army = composeArmy(listId, recipe, cav, nI, nC, nA, nS);
          if (validateArmy(army, points).length > 0) continue;
          firstLegal = Math.min(firstLegal, nC);
          // Spare points make up to two Mediocre Generals Capable (their worst Ability is the same 4).
          const upgrades = Math.min(MAX_UPGRADES, mediocre, Math.floor((budget - bought) / CAPABLE_UPGRADE));
          for (const g of army.generals.filter((x) => x.kind === 'mediocre').slice(0, upgrades)) g.kind = 'capable';
          const cost = bought + upgrades * CAPABLE_UPGRADE;
          const extraCavalry = (cavCost[nC] ?? 0) - (cavCost[firstLegal] ?? 0);
          const score = [nA > 0 ? 1 : 0, cost - extraCavalry * EXTRA_CAVALRY_DISCOUNT + (nS > 0 ? SKIRMISHER_BONUS : 0), nI, nA, nS];
          if (!best || better(score, best.score)) best = { score, army };
        }
      }
    }
  }
  if (!best) throw new Error(`no default ${list.name} army fits in ${points} points`);
  return best.army;
}
