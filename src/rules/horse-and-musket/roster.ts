/**
 * The army lists as the new-game screen's army builder sees them, and the way back: a roster of
 * picks (list items, sizes, counts) becomes an Army that armies.ts prices and checks (B §9). The
 * page knows nothing of the book; everything it shows of a list is worked out here.
 */

import type { ArmyRoster, RosterPick } from '../../core/model';
import type { ArmyArrival, ArmyBuilding, ArmyCheck, ArmyItemSize, ArmyListInfo, ArmyListItem } from '../../core/ruleset';
import {
  ARMY_LIST_IDS,
  ARMY_LISTS,
  DECOY_POINTS,
  GENERAL_POINTS,
  LATEST_ARRIVAL_JOKER,
  STATUS_POINTS,
  STATUS_TABLES,
  armyCostLines,
  entryUnitPoints,
  generalPoints,
  armyPoints,
  budgetFor,
  defaultArmy,
  isRandomStatus,
  standardStands,
  unitPoints,
  validateArmy,
  type Army,
  type ArmyEntry,
  type ArmyGeneral,
  type ArmyList,
  type ArmyListEntry,
  type ArmyListId,
  type ArmyWorks,
  type ArrivalPlan,
  type EntryLimit,
  type OffTable,
  type GeneralKind,
  type UnitGroup,
} from './armies';
import { EARLIEST_ARRIVAL_JOKER, STATUS_NAMES } from './charts';
import { STATUSES, type Status, type TroopType } from './types';
import { alliedArmies } from './seats';

/** The roster items for Generals; the rest of a list's items are its entries, by their ids. */
const GENERAL_ITEMS: { id: string; kind: GeneralKind; cavalry?: boolean; name: string; detail: string }[] = [
  { id: 'general-cinc', kind: 'cinc', name: 'Commander-in-Chief', detail: 'grade rolled before the battle (A §6.3)' },
  { id: 'general-capable', kind: 'capable', name: 'Capable General', detail: 'grade rolled; Ability 4 at worst' },
  { id: 'general-cavalry', kind: 'capable', cavalry: true, name: 'Cavalry General', detail: 'a Capable General who commands only cavalry (A §6.4)' },
  { id: 'general-mediocre', kind: 'mediocre', name: 'Mediocre General', detail: '0/0/4, commands up to 4 units' },
];
const EXCEPTIONAL_ITEM = 'general-exceptional';
/** What the builder says of field works (B §6.1, works.ts). */
const WORKS_DETAIL = 'a 6" section, placed in your half of the table as you deploy; kept only if you defend, lost if you attack (B §6.1)';
/** The roster item for extra decoy counters (C §9.5). */
export const DECOY_ITEM = 'extra-decoy';

const GROUP_OF: Record<Exclude<TroopType, 'general'>, string> = {
  infantry: 'Infantry',
  skirmInf: 'Skirmishers',
  skirmCav: 'Skirmishers',
  lightCav: 'Cavalry',
  heavyCav: 'Cavalry',
  cuirassier: 'Cavalry',
  artillery: 'Artillery',
};

const GROUP_WORDS: Record<UnitGroup, string> = { foot: 'foot', mounted: 'mounted', cavalry: 'cavalry', infantry: 'infantry' };

/**
 * Stand counts the builder offers for a unit that may be bought larger or smaller (B50): one below
 * the smallest listed size up to two above the largest. Fixed sizes are offered as listed.
 */
const SMALLER_BY = 1;
const LARGER_BY = 2;

function offeredSizes(e: ArmyListEntry): ArmyItemSize[] {
  // Freikorps and Freihussars roll their size and pay one price whatever it is (A §2).
  if (e.flags.includes('freikorps')) return [{ stands: null, points: e.sizes[0]?.points ?? 0 }];
  if (e.extraStand === null) return e.sizes.map((s) => ({ stands: s.stands, points: s.points }));
  const listed = e.sizes.map((s) => s.stands);
  const from = Math.max(1, Math.min(...listed) - SMALLER_BY);
  const to = Math.max(...listed) + LARGER_BY;
  const out: ArmyItemSize[] = [];
  for (let n = from; n <= to; n++) out.push({ stands: n, points: unitPoints(e, n) });
  return out;
}

function fraction(f: number): string {
  if (Math.abs(f - 1 / 3) < 1e-9) return '⅓';
  if (Math.abs(f - 1 / 2) < 1e-9) return '½';
  if (Math.abs(f - 1 / 4) < 1e-9) return '¼';
  return `${Math.round(f * 100)}%`;
}

function limitWords(limit: EntryLimit | null, list: ArmyList): string | undefined {
  if (!limit) return undefined;
  if ('replaces' in limit) {
    const of = list.entries.find((x) => x.id === limit.replaces)?.name ?? limit.replaces;
    return `takes the place of a ${of}${limit.max !== undefined ? `, at most ${limit.max}` : ''}`;
  }
  if ('perInfantryUnits' in limit) return `1 per ${limit.perInfantryUnits} infantry units`;
  if ('maxFractionOf' in limit) return `at most ${fraction(limit.fraction)} of the ${GROUP_WORDS[limit.maxFractionOf]} units`;
  if ('minFractionOf' in limit) return `at least ${fraction(limit.fraction)} of the ${GROUP_WORDS[limit.minFractionOf]} units`;
  return `at most ${limit.max}`;
}

function statusWords(e: ArmyListEntry): string {
  if (e.flags.includes('freikorps')) return 'size 1d6 stands; status hidden until first tested (A §4.1)';
  if (!isRandomStatus(e.status)) return STATUS_NAMES[e.status];
  if (e.status === 'freikorps') return 'Freikorps rule';
  return `status rolled on ${STATUS_TABLES[e.status].name}`;
}

function listNotes(list: ArmyList): string[] {
  const r = list.rules;
  const notes: string[] = [];
  notes.push(list.budgetPercent === 0 ? 'Spends the agreed points total.' : `Spends the agreed points total ${list.budgetPercent > 0 ? '+' : '−'}${Math.abs(list.budgetPercent)}% (B §9.2).`);
  notes.push('At least ⅓ of the stands must be infantry and ⅓ cavalry (B §9.3).');
  if (r.initiativeModifier) notes.push(`${r.initiativeModifier > 0 ? '+' : '−'}${Math.abs(r.initiativeModifier)} for the initiative.`);
  if (r.extraOrderCard) notes.push('Draws one more order card each turn.');
  if (r.oblique) notes.push('Infantry may move obliquely.');
  if (r.formationAtFirstOrder) notes.push("Each unit's line or column is declared at its first order.");
  if (r.austrianCoverBonus) notes.push('Foot and guns in cover or on steep hills add or take 1 more from Resolve.');
  if (r.noWithdraw) notes.push('Infantry never withdraw.');
  if (r.cavalryNoVoluntaryRetire) notes.push('Cavalry never retire by choice.');
  return notes;
}

/**
 * The statuses a unit may be bought at instead of the list's, with the flat points a unit (B §9.2).
 * [ENGINE DEFAULT] Only units of a fixed status: a rolled status pays the list price whatever comes
 * up (B §9.2), so it cannot be bought; any of the six statuses, Exceptional at +6 (B29).
 */
function boughtStatuses(e: ArmyListEntry): { id: string; name: string; points: number }[] | undefined {
  if (isRandomStatus(e.status) || e.flags.includes('freikorps')) return undefined;
  const own = e.status;
  return STATUSES.filter((s) => s !== own).map((s) => ({ id: s, name: STATUS_NAMES[s], points: STATUS_POINTS[s] - STATUS_POINTS[own] }));
}

/** The ways units may be held off the table (B §7, §9.2), by the roster's `arrival` ids. */
const ARRIVALS: (ArmyArrival & { offTable: OffTable; flank?: 'left' | 'right'; half?: 'near' | 'far' })[] = [
  {
    id: 'reinforcements',
    label: 'Reinforcements, along your own baseline',
    offTable: 'reinforcement',
    earliest: EARLIEST_ARRIVAL_JOKER.reinforcements,
    latest: LATEST_ARRIVAL_JOKER,
    turnWord: 'Joker',
    points: '−2 a unit (B §9.2)',
  },
  ...(['left', 'right'] as const).flatMap((flank) =>
    (['near', 'far'] as const).map((half) => ({
      id: `flank-${flank}-${half}`,
      label: `Flanking force, ${flank} flank, ${half} half`,
      offTable: 'flank' as const,
      flank,
      half,
      earliest: EARLIEST_ARRIVAL_JOKER[half === 'near' ? 'nearFlank' : 'farFlank'],
      latest: LATEST_ARRIVAL_JOKER,
      turnWord: 'Joker',
      points: '+1 a foot stand, +2 a mounted stand, +10 a gun; Generals free (B §9.2)',
    })),
  ),
];

/** A roster pick's arrival as the army's off-table mark and plan, or a problem. */
function arrivalOf(pick: RosterPick, name: string): { offTable?: OffTable; arrival?: ArrivalPlan; problem?: string } {
  if (pick.arrival === undefined) {
    return pick.arrivalTurn === undefined ? {} : { problem: `${name}: a Joker to arrive is given, but the units are not held off the table.` };
  }
  const a = ARRIVALS.find((x) => x.id === pick.arrival);
  if (!a) return { problem: `${name}: "${pick.arrival}" is not a way to come on; choose one of ${ARRIVALS.map((x) => x.id).join(', ')}.` };
  const joker = pick.arrivalTurn ?? a.earliest;
  return { offTable: a.offTable, arrival: { ...(a.flank ? { flank: a.flank, half: a.half } : {}), joker } };
}

/** The roster's arrival id for an army's off-table mark. */
function arrivalId(offTable: OffTable | undefined, plan: ArrivalPlan | undefined): string | undefined {
  if (!offTable) return undefined;
  if (offTable === 'reinforcement') return 'reinforcements';
  return `flank-${plan?.flank ?? 'right'}-${plan?.half ?? 'near'}`;
}

function describeList(list: ArmyList): ArmyListInfo {
  const items: ArmyListItem[] = list.entries.map((e) => {
    const limit = limitWords(e.limit, list);
    const statuses = boughtStatuses(e);
    return {
      id: e.id,
      name: e.name,
      group: GROUP_OF[e.troop],
      detail: statusWords(e),
      sizes: offeredSizes(e),
      usual: standardStands(e),
      ...(limit ? { limit } : {}),
      ...(statuses ? { statuses } : {}),
      offTable: true,
    };
  });
  for (const g of GENERAL_ITEMS) {
    items.push({ id: g.id, name: g.name, group: 'Generals', detail: g.detail, sizes: [{ stands: null, points: GENERAL_POINTS[g.kind] }], usual: null, offTable: g.kind !== 'cinc' });
  }
  if (list.exceptionalCinc) {
    const { name, points } = list.exceptionalCinc;
    items.push({ id: EXCEPTIONAL_ITEM, name: `${name} (Exceptional C-in-C)`, group: 'Generals', detail: 'instead of a rolled Commander-in-Chief', sizes: [{ stands: null, points }], usual: null });
  }
  for (const w of list.works) {
    const limit = limitWords(w.limit, list);
    // The Austrians' points are not lost if they attack: they go to flank marches then (B §3.3, worksTrade.ts).
    const detail = list.rules.fortificationsToFlankMarch ? `${WORKS_DETAIL}; if you attack, its points may instead pay for flank marches (B §3.3)` : WORKS_DETAIL;
    items.push({ id: w.id, name: w.name, group: 'Field works', detail, sizes: [{ stands: null, points: w.points }], usual: null, ...(limit ? { limit } : {}) });
  }
  items.push({
    id: DECOY_ITEM,
    name: 'Extra decoy counter',
    group: 'Hidden movement',
    detail: 'with hidden movement, one more decoy on the table from the start; all are lost if the army is outscouted (C §9.5)',
    sizes: [{ stands: null, points: DECOY_POINTS }],
    usual: null,
  });
  return { id: list.id, name: list.name, period: list.period, notes: listNotes(list), items, arrivals: ARRIVALS.map(({ id, label, earliest, latest, turnWord, points }) => ({ id, label, earliest, latest, turnWord, points })) };
}

export const HM_ARMY_LISTS: ArmyListInfo[] = ARMY_LIST_IDS.map((id) => describeList(ARMY_LISTS[id]));

function isListId(id: string): id is ArmyListId {
  return (ARMY_LIST_IDS as readonly string[]).includes(id);
}

function generalOf(item: string): ArmyGeneral | null {
  if (item === EXCEPTIONAL_ITEM) return { kind: 'exceptional' };
  const g = GENERAL_ITEMS.find((x) => x.id === item);
  if (!g) return null;
  return g.cavalry ? { kind: g.kind, cavalry: true } : { kind: g.kind };
}

/**
 * A roster as an Army, with what cannot be turned into one (an unknown list or item, a size the
 * item does not come in, a count that is not a whole number). The Commander-in-Chief goes first,
 * as the set-up fields the first General as the army's commander.
 */
export function rosterToArmy(roster: ArmyRoster): { army: Army | null; problems: string[] } {
  if (!isListId(roster.list)) return { army: null, problems: [`There is no army list "${roster.list}"; the lists are ${ARMY_LIST_IDS.join(', ')}.`] };
  const list = ARMY_LISTS[roster.list];
  const info = HM_ARMY_LISTS.find((l) => l.id === roster.list)!;
  const problems: string[] = [];
  const entries: ArmyEntry[] = [];
  const generals: ArmyGeneral[] = [];
  const works: ArmyWorks[] = [];
  let decoys = 0;
  for (const pick of roster.picks) {
    const item = info.items.find((i) => i.id === pick.item);
    if (!item) {
      problems.push(`The ${list.name} list has no "${pick.item}".`);
      continue;
    }
    if (!Number.isInteger(pick.count) || pick.count < 1) {
      problems.push(`${item.name}: the number must be a whole number, at least 1, not ${pick.count}.`);
      continue;
    }
    const size = sizeOf(item, pick);
    if (size === undefined) {
      const offered = item.sizes.map((s) => s.stands).join(', ');
      problems.push(`${item.name}: ${pick.stands} stands is not a size the builder offers (${offered}).`);
      continue;
    }
    const status = statusOf(item, pick);
    if (status.problem) {
      problems.push(status.problem);
      continue;
    }
    const how = arrivalOf(pick, item.name);
    if (how.problem) {
      problems.push(how.problem);
      continue;
    }
    if (how.offTable && !item.offTable) {
      problems.push(pick.item === DECOY_ITEM ? 'Extra decoy counters are on the table from the start; they cannot come on later.' : `The ${item.name} starts on the table: he commands the whole army and cannot come on later.`);
      continue;
    }
    if (pick.item === DECOY_ITEM) {
      decoys += pick.count;
      continue;
    }
    if (list.works.some((w) => w.id === pick.item)) {
      works.push({ id: pick.item, count: pick.count });
      continue;
    }
    const marks = { ...(how.offTable ? { offTable: how.offTable } : {}), ...(how.arrival ? { arrival: how.arrival } : {}) };
    const general = generalOf(pick.item);
    if (general) {
      for (let k = 0; k < pick.count; k++) generals.push({ ...general, ...marks });
      continue;
    }
    // A rolled size is priced at any size: the price is the same whatever comes up.
    entries.push({ entry: pick.item, stands: size.stands ?? 1, count: pick.count, ...(status.status ? { status: status.status } : {}), ...marks });
  }
  const isCinc = (g: ArmyGeneral) => g.kind === 'cinc' || g.kind === 'exceptional';
  generals.sort((x, y) => Number(isCinc(y)) - Number(isCinc(x)));
  return { army: { list: roster.list, entries, generals, ...(works.length ? { works } : {}), ...(decoys ? { decoys } : {}) }, problems };
}

/** The status a pick buys, checked against the item's: none, or one the item may be bought at. */
function statusOf(item: ArmyListItem, pick: RosterPick): { status?: Status; problem?: string } {
  if (pick.status === undefined) return {};
  const offered = item.statuses?.find((s) => s.id === pick.status);
  if (offered) return { status: offered.id as Status };
  if (!item.statuses) {
    const why = item.group === 'Generals' || item.group === 'Hidden movement' ? 'has no status to buy' : `takes the status it rolls (${item.detail}) and pays the list price for it (B §9.2)`;
    return { problem: `${item.name} ${why}: it cannot be bought as "${pick.status}".` };
  }
  return { problem: `${item.name}: "${pick.status}" is not a status it can be bought at; choose one of ${item.statuses.map((s) => s.name).join(', ')}.` };
}

/** The size of an item a pick names: its only size when it gives none, else the listed one. */
function sizeOf(item: ArmyListItem, pick: RosterPick): ArmyItemSize | undefined {
  if (pick.stands === undefined) return item.sizes.length === 1 ? item.sizes[0] : undefined;
  return item.sizes.find((s) => s.stands === pick.stands);
}

/** Price and check a roster against the agreed points total (B §9.2-9.3, A §6.2-6.5). */
export function checkRoster(roster: ArmyRoster, points: number): ArmyCheck {
  const { army, problems } = rosterToArmy(roster);
  if (!army) return { points: 0, budget: 0, lines: [], problems };
  const lines = armyCostLines(army).map((l) => ({ what: l.what, count: l.count, points: l.points }));
  return {
    points: armyPoints(army),
    budget: budgetFor(army.list, points),
    lines,
    pickPoints: roster.picks.map((p) => pickUnitPoints(army.list, p)),
    problems: [...problems, ...validateArmy(army, points)],
  };
}

/** Points for one unit of a pick as the army prices it (status and off-table marks included), or null. */
function pickUnitPoints(listId: ArmyListId, pick: RosterPick): number | null {
  const { army } = rosterToArmy({ list: listId, picks: [{ ...pick, count: 1 }] });
  if (!army) return null;
  const entry = army.entries[0];
  if (entry) return entryUnitPoints(listId, entry);
  const general = army.generals[0];
  if (general) return generalPoints(general.kind, listId);
  return army.decoys ? DECOY_POINTS : null;
}

/** An Army as a roster: the inverse of rosterToArmy for the armies defaultArmy builds. */
export function armyToRoster(army: Army): ArmyRoster {
  const marks = (offTable: OffTable | undefined, plan: ArrivalPlan | undefined): Partial<RosterPick> => {
    const arrival = arrivalId(offTable, plan);
    return arrival ? { arrival, ...(plan ? { arrivalTurn: plan.joker } : {}) } : {};
  };
  const picks: RosterPick[] = army.entries.map((e) => {
    const item = HM_ARMY_LISTS.find((l) => l.id === army.list)!.items.find((i) => i.id === e.entry)!;
    const size = item.sizes.length > 1 ? { stands: e.stands } : {};
    return { item: e.entry, ...size, count: e.count, ...(e.status ? { status: e.status } : {}), ...marks(e.offTable, e.arrival) };
  });
  for (const g of army.generals) {
    const id = g.kind === 'exceptional' ? EXCEPTIONAL_ITEM : GENERAL_ITEMS.find((x) => x.kind === g.kind && !!x.cavalry === !!g.cavalry)!.id;
    const mark = marks(g.offTable, g.arrival);
    const same = picks.find((p) => p.item === id && p.arrival === mark.arrival && p.arrivalTurn === mark.arrivalTurn);
    if (same) same.count++;
    else picks.push({ item: id, count: 1, ...mark });
  }
  for (const w of army.works ?? []) picks.push({ item: w.id, count: w.count });
  if (army.decoys) picks.push({ item: DECOY_ITEM, count: army.decoys });
  return { list: army.list, picks };
}

export const HM_ARMY_BUILDING: ArmyBuilding = {
  lists: HM_ARMY_LISTS,
  listOption: { a: 'armyA', b: 'armyB' },
  pointsOption: 'points',
  computerPlanOption: 'plannedForces',
  defaultRoster(list, points) {
    if (!isListId(list)) throw new Error(`there is no army list "${list}"; the lists are ${ARMY_LIST_IDS.join(', ')}`);
    return armyToRoster(defaultArmy(list, points));
  },
  checkRoster,
  allies: alliedArmies(),
};
