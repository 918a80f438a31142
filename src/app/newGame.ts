/**
 * What the new-game screen chooses, and how that becomes a game: the ruleset, the battlefield, each
 * side's army (its preset or default army, or a roster built from the ruleset's lists), who plays
 * which side, the options and the display preferences. Pure functions over the ruleset's
 * description (RulesetInfo), so the screen holds no rules and the logic is tested in Node.
 */

import type { ElevationSource } from '../terrain/elevation';
import type { ArmyRoster, GameSetup, RosterPick } from '../core/model';
import type { ArmyArrival, ArmyListInfo, ArmyListItem, OptionDef, SeatPlan } from '../core/ruleset';
import type { LengthUnit } from '../core/measure';
import type { RulesetInfo } from './engineApi';

export const AI_LEVELS = ['easy', 'normal', 'hard'] as const;
export type AiLevel = (typeof AI_LEVELS)[number];
export const AI_PERSONALITIES = ['balanced', 'cautious', 'aggressive'] as const;
export type AiPersonality = (typeof AI_PERSONALITIES)[number];

/** Who plays the side the person does not: the computer, or a second person at the same screen. */
export type OpponentChoice = { kind: 'computer'; level: AiLevel; personality: AiPersonality } | { kind: 'human' };

/**
 * Where the battle is fought: a table generated from a seed, or real ground imported from a GIS
 * grid with the seed laying the woods, roads and towns on it (and throwing the dice).
 */
export type BattlefieldChoice = { kind: 'generated'; seed: string } | { kind: 'imported'; seed: string; ground: ElevationSource | null };

export interface NewGameChoice {
  rulesetId: string;
  /** One of the ruleset's scenarios. */
  scenario: string;
  battlefield: BattlefieldChoice;
  /** Every option of the ruleset, with its value (the lists and points total included). */
  options: Record<string, unknown>;
  /** Each side's army, in the ruleset's side order: a built roster, or null for the default army. */
  armies: (ArmyRoster | null)[];
  /** The side the person plays, as an index into the ruleset's sides. */
  playerSide: number;
  /** With more than two players (Ruleset.seating): the seat the person takes; absent, his side's first. */
  playerSeat?: string;
  opponent: OpponentChoice;
  dice: 'seeded' | 'manual';
  /** How the page shows distances (a display preference; the rules are unchanged). */
  lengthUnit: LengthUnit;
}

const SEED_LETTERS = 'abcdefghijkmnpqrstuvwxyz23456789';
const SEED_LENGTH = 6;

/** A fresh seed of six letters and digits (no look-alikes such as l and 1), for a new battlefield. */
export function randomSeed(random: () => number = Math.random): string {
  let out = '';
  for (let i = 0; i < SEED_LENGTH; i++) out += SEED_LETTERS[Math.floor(random() * SEED_LETTERS.length)] ?? 'a';
  return out;
}

export function defaultOptions(defs: readonly OptionDef[]): Record<string, unknown> {
  return Object.fromEntries(defs.map((d) => [d.id, d.default]));
}

/** The screen's starting choice for a ruleset: its defaults, preset armies, the normal computer. */
export function defaultChoice(ruleset: RulesetInfo, seed: string, lengthUnit: LengthUnit = ruleset.lengthUnit): NewGameChoice {
  return {
    rulesetId: ruleset.id,
    scenario: ruleset.scenarios[0]?.id ?? '',
    battlefield: { kind: 'generated', seed },
    options: defaultOptions(ruleset.options),
    armies: ruleset.sides.map(() => null),
    playerSide: 0,
    opponent: { kind: 'computer', level: 'normal', personality: 'balanced' },
    dice: 'seeded',
    lengthUnit,
  };
}

/** Another ruleset: its defaults, keeping the battlefield seed, the players and the preferences. */
export function switchRuleset(choice: NewGameChoice, ruleset: RulesetInfo): NewGameChoice {
  const next = defaultChoice(ruleset, choice.battlefield.seed, choice.lengthUnit);
  return { ...next, playerSide: Math.min(choice.playerSide, ruleset.sides.length - 1), opponent: choice.opponent, dice: choice.dice };
}

/** The seats the chosen players setting gives (Ruleset.seating), or null for one player a side. */
export function seatPlanOf(ruleset: RulesetInfo, choice: NewGameChoice): SeatPlan[] | null {
  if (!ruleset.seating) return null;
  return ruleset.seating.plans[String(choice.options[ruleset.seating.option])] ?? null;
}

/** The seat the person takes: the one chosen if the plan has it, else his side's first. */
export function playerSeatOf(ruleset: RulesetInfo, choice: NewGameChoice): string | undefined {
  const plan = seatPlanOf(ruleset, choice);
  if (!plan) return undefined;
  if (choice.playerSeat && plan.some((x) => x.id === choice.playerSeat)) return choice.playerSeat;
  const side = ruleset.sides[choice.playerSide]?.id;
  return (plan.find((x) => x.side === side) ?? plan[0])?.id;
}

/** The computer player's name for the worker: `ai:LEVEL:PERSONALITY`, or `human`. */
export function opponentId(o: OpponentChoice): 'human' | `ai:${AiLevel}` | `ai:${AiLevel}:${'cautious' | 'aggressive'}` {
  if (o.kind === 'human') return 'human';
  return o.personality === 'balanced' ? `ai:${o.level}` : `ai:${o.level}:${o.personality}`;
}

/** The option holding a side's army list, when the ruleset builds armies. */
export function listOptionOf(ruleset: RulesetInfo, side: number): string | null {
  const id = ruleset.sides[side]?.id;
  return (id && ruleset.armies?.listOption[id]) || null;
}

/** The army list a side fights with: its built roster's, else its list option's. */
export function sideList(ruleset: RulesetInfo, choice: NewGameChoice, side: number): ArmyListInfo | null {
  const lists = ruleset.armies?.lists ?? [];
  const roster = choice.armies[side];
  const option = listOptionOf(ruleset, side);
  const id = roster?.list ?? (option ? choice.options[option] : undefined);
  return lists.find((l) => l.id === id) ?? null;
}

/** The agreed points total, when the ruleset builds armies to one. */
export function pointsTotal(ruleset: RulesetInfo, choice: NewGameChoice): number | null {
  const id = ruleset.armies?.pointsOption;
  const v = id ? choice.options[id] : undefined;
  return typeof v === 'number' ? v : null;
}

/** A side's name for the screen: its army list's name, or the preset side's. */
export function sideName(ruleset: RulesetInfo, choice: NewGameChoice, side: number): string {
  return sideList(ruleset, choice, side)?.name ?? ruleset.sides[side]?.name ?? `Side ${side + 1}`;
}

/** Whether the chosen options hide part of the game from each side (hidden movement). */
export function secretGame(ruleset: RulesetInfo, options: Record<string, unknown>): boolean {
  return ruleset.options.some((d) => d.secret && options[d.id] === true);
}

// ---------------------------------------------------------------------------------------------
// The army builder: a roster edited pick by pick

/** Points of one unit of an item at a size (the pick's, or its only size). */
export function pickPoints(item: ArmyListItem, stands: number | undefined): number | null {
  const size = stands === undefined ? (item.sizes.length === 1 ? item.sizes[0] : undefined) : item.sizes.find((s) => s.stands === stands);
  return size ? size.points : null;
}

/** The roster's running total from the list's prices; picks the list does not price count nothing. */
export function rosterPoints(list: ArmyListInfo, roster: ArmyRoster): number {
  let total = 0;
  for (const p of roster.picks) {
    const item = list.items.find((i) => i.id === p.item);
    const each = item ? pickPoints(item, p.stands) : null;
    if (each !== null) total += each * p.count;
  }
  return total;
}

/** Units (or Generals) of an item in the roster, all sizes together. */
export function itemCount(roster: ArmyRoster, itemId: string): number {
  return roster.picks.filter((p) => p.item === itemId).reduce((n, p) => n + p.count, 0);
}

/** Picks alike: the same item and size, bought at the same status and coming on the same way. */
function samePick(a: RosterPick, b: Pick<RosterPick, 'item' | 'stands' | 'status' | 'arrival' | 'arrivalTurn'>): boolean {
  return a.item === b.item && a.stands === b.stands && a.status === b.status && a.arrival === b.arrival && a.arrivalTurn === b.arrivalTurn;
}

/** The size a new pick of an item takes: its usual size when it comes in several, else none. */
function startingSize(item: ArmyListItem): number | undefined {
  if (item.sizes.length <= 1) return undefined;
  return item.usual ?? item.sizes[0]?.stands ?? undefined;
}

/** One more unit of an item at its usual size (or its only size): a new pick, or one more on a pick alike. */
export function addUnit(roster: ArmyRoster, item: ArmyListItem): ArmyRoster {
  const stands = startingSize(item);
  const at = roster.picks.findIndex((p) => samePick(p, { item: item.id, stands }));
  if (at >= 0) return setCount(roster, at, (roster.picks[at]?.count ?? 0) + 1);
  const pick: RosterPick = stands === undefined ? { item: item.id, count: 1 } : { item: item.id, stands, count: 1 };
  return { ...roster, picks: [...roster.picks, pick] };
}

/** Set a pick's number of units; none removes the pick. */
export function setCount(roster: ArmyRoster, index: number, count: number): ArmyRoster {
  const n = Math.max(0, Math.floor(count));
  const picks = roster.picks.flatMap((p, i) => (i !== index ? [p] : n > 0 ? [{ ...p, count: n }] : []));
  return { ...roster, picks };
}

/** Change a pick; a pick already alike after the change takes its units. */
function changePick(roster: ArmyRoster, index: number, change: (p: RosterPick) => RosterPick): ArmyRoster {
  const pick = roster.picks[index];
  if (!pick) return roster;
  const changed = change(pick);
  const other = roster.picks.findIndex((p, i) => i !== index && samePick(p, changed));
  if (other < 0) return { ...roster, picks: roster.picks.map((p, i) => (i === index ? changed : p)) };
  const merged = roster.picks.map((p, i) => (i === other ? { ...p, count: p.count + pick.count } : p));
  return { ...roster, picks: merged.filter((_, i) => i !== index) };
}

/** Change a pick's size; a pick of the same item already at that size takes its units. */
export function setStands(roster: ArmyRoster, index: number, stands: number): ArmyRoster {
  if (roster.picks[index]?.stands === stands) return roster;
  return changePick(roster, index, (p) => ({ ...p, stands }));
}

/** Buy a pick's units at another status (one of the item's `statuses`), or at the list's own (undefined). */
export function setStatus(roster: ArmyRoster, index: number, status: string | undefined): ArmyRoster {
  return changePick(roster, index, ({ status: _old, ...p }) => (status === undefined ? p : { ...p, status }));
}

/**
 * Hold a pick's units off the table (one of the list's `arrivals`) planned for a turn or Joker, or
 * put them back on the table from the start (undefined). A new arrival starts at its earliest turn.
 */
export function setArrival(roster: ArmyRoster, index: number, arrival: ArmyArrival | undefined, turn?: number): ArmyRoster {
  return changePick(roster, index, ({ arrival: _a, arrivalTurn: _t, ...p }) => (arrival === undefined ? p : { ...p, arrival: arrival.id, arrivalTurn: turn ?? arrival.earliest }));
}

// ---------------------------------------------------------------------------------------------
// The game it makes

export interface NewGamePlan {
  setup: GameSetup;
  opponent: ReturnType<typeof opponentId>;
  /** The index of the side the person plays. */
  playerSide: number;
  /** With more than two players: the seat he takes. */
  playerSeat?: string;
  lengthUnit: LengthUnit;
}

/**
 * The setup the worker builds the game from, and the page's seat and display choices. Options
 * left at their defaults stay out of the setup (the engine fills them in); a built roster names
 * its list in the side's list option too, so the two always agree.
 */
export function planGame(ruleset: RulesetInfo, choice: NewGameChoice): NewGamePlan {
  const options: Record<string, unknown> = {};
  for (const d of ruleset.options) {
    const v = choice.options[d.id];
    if (v !== undefined && v !== d.default) options[d.id] = v;
  }
  const armies: Record<string, ArmyRoster> = {};
  choice.armies.forEach((roster, i) => {
    const side = ruleset.sides[i]?.id;
    if (!roster || !side) return;
    armies[side] = roster;
    const option = listOptionOf(ruleset, i);
    if (option) options[option] = roster.list;
  });
  const scenario = choice.scenario && choice.scenario !== ruleset.scenarios[0]?.id ? { scenario: choice.scenario } : {};
  const setup: GameSetup = {
    rulesetId: ruleset.id,
    seed: choice.battlefield.seed,
    dice: choice.dice,
    options,
    ...scenario,
    ...(Object.keys(armies).length ? { armies } : {}),
    ...(choice.battlefield.kind === 'imported' && choice.battlefield.ground ? { elevation: choice.battlefield.ground } : {}),
  };
  const playerSeat = playerSeatOf(ruleset, choice);
  return { setup, opponent: opponentId(choice.opponent), playerSide: choice.playerSide, ...(playerSeat ? { playerSeat } : {}), lengthUnit: choice.lengthUnit };
}
