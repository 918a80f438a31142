/**
 * More than two players (A §8.3): subordinate Generals and allied Commanders-in-chief as seats
 * (src/core/seats.ts). Which seats a game has, whose hand a card goes to, whose turn comes next and
 * which units a seat may order. A game of one player a side has no seats and none of this runs.
 */

import type { Seat, SideId } from '../../core/model';
import { RuleError, type SeatPlan } from '../../core/ruleset';
import { seatById, seatOfUnit } from '../../core/seats';
import type { Card, HmState, HmUnit } from './types';

/** How many players and in what roles (the `players` option). */
export const PLAYER_MODES = [
  ['two', 'Two players, one a side'],
  ['subordinate-a', 'Three: a subordinate General in the first army'],
  ['subordinate-b', 'Three: a subordinate General in the second army'],
  ['subordinate-both', 'Four: a subordinate General in each army'],
  ['allies-a', 'Three: two allied Commanders-in-chief on the first side'],
  ['allies-b', 'Three: two allied Commanders-in-chief on the second side'],
  ['allies-both', 'Four: two allied Commanders-in-chief a side'],
] as const;
export type PlayersMode = (typeof PLAYER_MODES)[number][0];

/** The order of allied players' turns (A §8.3): all of one side then all the other, or alternating. */
export const ALLIED_TURN_ORDERS = [
  ['sides', 'All allies of one side, then all their opponents'],
  ['alternate', 'One player of each side in turn'],
] as const;

export interface PlayersPlan {
  mode: PlayersMode;
  /** Sides with a subordinate General's seat. */
  subordinates: SideId[];
  /** Sides with two allied Commanders-in-chief, each with his own army. */
  allies: SideId[];
  alliedTurns: 'sides' | 'alternate';
}

/**
 * The players options read from the checked options. In a game of two players they are taken out of
 * the options again, so its options, state and hash are what they were before seats existed.
 */
export function readPlayers(options: Record<string, unknown>): PlayersPlan {
  const mode = options.players as PlayersMode;
  const alliedTurns = options.alliedTurns === 'alternate' ? 'alternate' : 'sides';
  const sidesOf = (kind: 'subordinate' | 'allies'): SideId[] => {
    if (!mode.startsWith(kind)) return [];
    const which = mode.slice(kind.length + 1);
    return which === 'both' ? ['a', 'b'] : [which];
  };
  const plan: PlayersPlan = { mode, subordinates: sidesOf('subordinate'), allies: sidesOf('allies'), alliedTurns };
  if (mode === 'two') delete options.players;
  if (!plan.allies.length) {
    delete options.alliedTurns;
    delete options.allyA;
    delete options.allyB;
  } else {
    for (const [side, key] of [['a', 'allyA'], ['b', 'allyB']] as const) if (!plan.allies.includes(side)) delete options[key];
  }
  return plan;
}

/** The id of a side's second allied army, its units and its seat ("a2", "b2"). */
export function allyId(side: SideId): string {
  return `${side}2`;
}

/** The General with the largest Command of a side (most units under him; the first so listed on a tie). */
export function largestCommand(units: readonly HmUnit[], side: SideId): HmUnit | undefined {
  let best: { g: HmUnit; n: number } | undefined;
  for (const g of units) {
    if (g.side !== side || g.rs.general?.role !== 'general') continue;
    const n = units.filter((u) => u.rs.command === g.id).length;
    if (n > 0 && (!best || n > best.n)) best = { g, n };
  }
  return best?.g;
}

/**
 * The seats of a game: each side's Commander-in-chief first (his seat holds the side's own hand),
 * then a subordinate General with the largest Command, or the allied Commander-in-chief with the
 * second army (`armyOf` names the army a unit was bought in).
 */
export function buildSeats(plan: PlayersPlan, sides: readonly { id: SideId; name: string }[], units: readonly HmUnit[], armyOf: (u: HmUnit) => string, armyName: (army: string) => string): Seat[] {
  const seats: Seat[] = [];
  for (const side of sides) {
    const own = units.filter((u) => u.side === side.id);
    if (plan.allies.includes(side.id)) {
      for (const army of [side.id, allyId(side.id)]) {
        const name = `${armyName(army)} Commander-in-chief${army === side.id ? '' : ' (ally)'}`;
        seats.push({ id: army, side: side.id, name, role: 'allied-cinc', units: own.filter((u) => armyOf(u) === army).map((u) => u.id) });
      }
      continue;
    }
    const sub = plan.subordinates.includes(side.id) ? largestCommand(units, side.id) : undefined;
    const subUnits = sub ? [sub.id, ...own.filter((u) => u.rs.command === sub.id).map((u) => u.id)] : [];
    seats.push({ id: side.id, side: side.id, name: `${side.name} Commander-in-chief`, role: 'cinc', units: own.filter((u) => !subUnits.includes(u.id)).map((u) => u.id) });
    if (sub) seats.push({ id: `${side.id}-sub`, side: side.id, name: `${side.name} subordinate General (${sub.name})`, role: 'subordinate', units: subUnits });
  }
  return seats;
}

/**
 * Mark each unit and General card with the seat it belongs to where that is not the side's first
 * seat: a subordinate's Command's, an allied army's. Other cards go by their owner side (buildCards
 * marks an allied army's own artillery and skirmisher cards).
 */
export function assignCardSeats(cards: Record<string, Card>, seats: readonly Seat[]): void {
  for (const card of Object.values(cards)) {
    if (!card.owner) continue;
    const first = seats.find((s) => s.side === card.owner);
    const seat = card.unit ? seats.find((s) => s.side === card.owner && s.units.includes(card.unit!)) : undefined;
    if (seat && seat !== first) card.seat = seat.id;
  }
}

/** A side's first seat: its Commander-in-chief, whose hand is the side's own (HmSideState.hand). */
export function firstSeat(state: HmState, side: SideId): Seat {
  return state.seats!.find((s) => s.side === side)!;
}

/** A seat's hand of cards: the side's own hand for its first seat, else the seat's own. */
export function seatHand(state: HmState, seatId: string): string[] {
  const seat = seatById(state, seatId);
  if (!seat) throw new RuleError(`there is no seat "${seatId}"`);
  if (firstSeat(state, seat.side).id === seatId) return state.rules.sides[seat.side]!.hand;
  const hand = state.rules.seatHands?.[seatId];
  if (!hand) throw new RuleError(`the seat "${seatId}" has no hand of cards`);
  return hand;
}

/** The seat a drawn card goes to: its own seat, its owner side's first seat, or the drawer's (A §7.7). */
export function seatForCard(state: HmState, card: Card, drawerSeat: string): string {
  if (card.seat) return card.seat;
  return card.owner ? firstSeat(state, card.owner).id : drawerSeat;
}

/** The seat acting for a side now: the seat whose turn it is on the turn side, else the side's first seat. */
export function seatActingFor(state: HmState, side: SideId): Seat | undefined {
  if (!state.seats?.length) return undefined;
  if (side === state.rules.turnSide && state.rules.turnSeat) return seatById(state, state.rules.turnSeat);
  return firstSeat(state, side);
}

/** The hand a side plays from now: in a game with seats, the hand of the seat acting for it. */
export function handOf(state: HmState, side: SideId): string[] {
  const seat = seatActingFor(state, side);
  return seat ? seatHand(state, seat.id) : state.rules.sides[side]!.hand;
}

/** The hand of the player who answers for a unit (a reaction to an Attack): its seat's, or its side's. */
export function handForUnit(state: HmState, unit: HmUnit): string[] {
  const seat = seatOfUnit(state, unit.id);
  return seat ? seatHand(state, seat.id) : state.rules.sides[unit.side]!.hand;
}

/** Whether a unit is one the seat orders (its own units; a captured gun goes to its captors' first seat). */
export function seatOrders(state: HmState, seatId: string, unitId: string): boolean {
  return seatOfUnit(state, unitId)?.id === seatId;
}

/**
 * The seat that must act now: whoever answers for the unit a pending reaction, choice, evade or
 * breakthrough waits on; on the turn side, the seat whose turn it is; else the active side's first seat.
 */
export function seatToAct(state: HmState): string | null {
  if (!state.active || state.result) return null;
  const r = state.rules;
  const waiting = r.pendingReaction?.defender ?? r.pendingRelocation?.evader ?? r.pendingChoice?.awaiting ?? r.pendingRetire?.unit ?? r.breakthroughOrder ?? null;
  const seat = waiting ? seatOfUnit(state, waiting) : undefined;
  if (seat && seat.side === state.active) return seat.id;
  const fighting = r.step === 'decision' || r.step === 'reorganisation' || r.step === 'action';
  if (fighting && state.active === r.turnSide && r.turnSeat) return r.turnSeat;
  return firstSeat(state, state.active).id;
}

/** The seats whose turn is a player turn of its own (not the subordinates, who play inside their CinC's). */
function turnSeats(state: HmState): Seat[] {
  return state.seats!.filter((s) => s.role !== 'subordinate');
}

/**
 * The order of the player turns (A §8.3), starting with `first`'s side: every turn-taking seat of one
 * side then every one of the other, or one of each side in turn (a side's spare seats go last).
 */
export function turnRotation(state: HmState, first: SideId): string[] {
  const other = state.sides.find((s) => s.id !== first)!.id;
  const mine = turnSeats(state).filter((s) => s.side === first).map((s) => s.id);
  const theirs = turnSeats(state).filter((s) => s.side === other).map((s) => s.id);
  if (state.options.alliedTurns !== 'alternate') return [...mine, ...theirs];
  const out: string[] = [];
  for (let i = 0; i < Math.max(mine.length, theirs.length); i++) {
    if (i < mine.length) out.push(mine[i]!);
    if (i < theirs.length) out.push(theirs[i]!);
  }
  return out;
}

/** The seat whose player turn follows `seatId`'s. */
export function nextTurnSeat(state: HmState, seatId: string): Seat {
  const order = state.rules.seatOrder!;
  return seatById(state, order[(order.indexOf(seatId) + 1) % order.length])!;
}

/** The subordinates who play their cards inside a Commander-in-chief's turn, before him (A §8.3). */
export function subordinatesOf(state: HmState, seat: Seat): Seat[] {
  return seat.role === 'cinc' ? state.seats!.filter((s) => s.side === seat.side && s.role === 'subordinate') : [];
}

/** The player turns that make one game turn: one a player turn of each turn-taking seat. */
export function turnsPerRound(state: HmState): number {
  return state.seats?.length ? turnSeats(state).length : 2;
}

/**
 * The seats each players setting gives (Ruleset.seating), named before the armies exist, so the
 * new-game screen can offer one: the ids are the ones buildSeats gives the game.
 */
export function seatPlans(): Record<string, SeatPlan[]> {
  const armyWords: Record<string, string> = { a: 'First army', b: 'Second army' };
  const out: Record<string, SeatPlan[]> = {};
  for (const [mode] of PLAYER_MODES) {
    if (mode === 'two') continue;
    const plan = readPlayers({ players: mode });
    out[mode] = ['a', 'b'].flatMap((side): SeatPlan[] => {
      const army = armyWords[side]!;
      if (plan.allies.includes(side)) return [{ id: side, side, name: `${army} Commander-in-chief` }, { id: allyId(side), side, name: `${army}'s ally, Commander-in-chief` }];
      if (plan.subordinates.includes(side)) return [{ id: side, side, name: `${army} Commander-in-chief` }, { id: `${side}-sub`, side, name: `${army} subordinate General` }];
      return [{ id: side, side, name: `${army} Commander-in-chief` }];
    });
  }
  return out;
}
