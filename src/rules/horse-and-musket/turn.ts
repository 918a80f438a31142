/**
 * The turn (A §8): draw, grapeshot, the moment of decision, reorganisation, action, compulsory moves,
 * then the opponent's turn; the Joker's reshuffle; and the end of the battle (B §8).
 */

import { burnOut } from './burning';
import type { GameEvent, SideId } from '../../core/model';
import { sideName } from '../../core/model';
import type { RuleContext } from '../../core/ruleset';
import { drawCards, jokerHolder, jokerSeat } from './cards';
import { seatById } from '../../core/seats';
import type { Seat } from '../../core/model';
import { firstSeat, handOf, seatOrders, nextTurnSeat, seatHand, subordinatesOf, turnsPerRound } from './seats';
import type { HmState, HmUnit } from './types';

/** Hooks into the parts of the turn other files own, so this file stays about the sequence. */
export interface TurnHooks {
  /** A §8.1 step 2: the active player's guns fire grapeshot at enemies within 6". */
  grapeshot(state: HmState, side: SideId, ctx: RuleContext): void;
  /** A §8.1 step 4: free rallies by Generals in base contact (with seats, only the acting seat's units: `only`). */
  freeRallies(state: HmState, side: SideId, ctx: RuleContext, only?: (u: HmUnit) => boolean): void;
  /** A §8.1 step 6: columns, withdrawals, retreats and runners move; loose units that stood reform (`only`: as above). */
  compulsoryMoves(state: HmState, side: SideId, ctx: RuleContext, only?: (u: HmUnit) => boolean): void;
  /** B §8.1: the battle's result, or null while it goes on. */
  victory(state: HmState): HmState['result'];
}

/**
 * The game turn a player turn belongs to: each side's turn in it, the first side's first; with
 * allied players (A §8.3), each turn-taking player's (`perRound`).
 */
export function gameTurn(playerTurn: number, perRound = 2): number {
  return Math.max(1, Math.ceil(playerTurn / perRound));
}

export function otherSide(state: HmState, side: SideId): SideId {
  return state.sides.find((s) => s.id !== side)!.id;
}

/**
 * Begin `side`'s turn: draw its cards, fire its grapeshot, and wait for its decision. If the deck ran
 * out while the Joker is in a hand, play passes to the Joker's holder, who must play it (A §7.6).
 */
export function beginTurn(state: HmState, side: SideId, ctx: RuleContext, hooks: TurnHooks): void {
  if (state.seats?.length) {
    beginSeatTurn(state, nextSeatFor(state, side), ctx, hooks);
    return;
  }
  const rules = state.rules;
  rules.turnNumber++;
  rules.turnSide = side;
  rules.issuedOrders = false;
  rules.step = 'decision';
  rules.skirmishFiredAt = [];
  rules.breakthroughOrder = null;
  state.active = side;
  for (const u of state.units) {
    if (u.side !== side) continue;
    u.rs.moved = false;
    u.rs.freeWheels = 0;
    if (u.rs.general) u.rs.general.cardsThisTurn = 0;
  }
  ctx.emit({ type: 'turn', side, text: `Turn ${gameTurn(rules.turnNumber)}: ${sideName(state, side)}` });
  for (const e of drawCards(state, side, rules.sides[side]!.drawPerTurn)) ctx.emit(e);
  if (rules.deck.length === 0) {
    const holder = jokerHolder(state);
    if (holder && holder !== side) {
      ctx.emit({ type: 'joker-due', side: holder, text: `The order deck is empty: play passes to ${sideName(state, holder)}, who must play the Joker` });
      rules.turnSide = holder;
      state.active = holder;
      side = holder;
    }
  }
  hooks.grapeshot(state, side, ctx);
  state.result = hooks.victory(state);
  if (state.result) finish(state, ctx);
}

/** The deck is empty and this side holds the Joker: it must be played now (A §7.6). */
export function jokerDue(state: HmState, side: SideId): boolean {
  if (state.rules.deck.length !== 0) return false;
  return (state.seats?.length ? handOf(state, side) : state.rules.sides[side]!.hand).includes('joker');
}

/** Pass: the turn ends at once, with no compulsory moves (A §8.1 step 3). */
export function passTurn(state: HmState, ctx: RuleContext, hooks: TurnHooks): void {
  const side = state.rules.turnSide;
  ctx.emit({ type: 'pass', side, text: `${seatById(state, state.rules.turnSeat)?.name ?? sideName(state, side)} passes` });
  endTurn(state, ctx, hooks);
}

/** Issue Orders: go on to the Reorganisation step (A §8.1 step 4). */
export function issueOrders(state: HmState, ctx: RuleContext, hooks: TurnHooks): void {
  const side = state.rules.turnSide;
  state.rules.issuedOrders = true;
  state.rules.step = 'reorganisation';
  const seat = seatById(state, state.rules.turnSeat);
  ctx.emit({ type: 'issue-orders', side, text: `${seat?.name ?? sideName(state, side)} issues orders` });
  hooks.freeRallies(state, side, ctx, seat ? (u) => seatOrders(state, seat.id, u.id) : undefined);
}

/** The end of a turn: compulsory moves if orders were issued, leftover Infantry Advance cards, the next side. */
export function endTurn(state: HmState, ctx: RuleContext, hooks: TurnHooks): void {
  if (state.seats?.length) {
    endSeatPart(state, ctx, hooks);
    return;
  }
  const rules = state.rules;
  const side = rules.turnSide;
  if (rules.issuedOrders) hooks.compulsoryMoves(state, side, ctx);
  discardUnplayedAdvances(state, rules.sides[side]!.hand, side, sideName(state, side), ctx);
  if (closePlayerTurn(state, side, ctx, hooks)) return;
  beginTurn(state, otherSide(state, side), ctx, hooks);
}

/** An Infantry Advance card not played in the turn it was drawn is discarded (A §7.3). */
function discardUnplayedAdvances(state: HmState, hand: string[], side: SideId, who: string, ctx: RuleContext): void {
  const rules = state.rules;
  for (const id of [...hand]) {
    if (rules.cards[id]!.kind === 'infantryAdvance') {
      hand.splice(hand.indexOf(id), 1);
      rules.discard.push(id);
      ctx.emit({ type: 'discard', side, text: `${who} discards an unplayed Infantry Advance card` });
    }
  }
}

/** The player turn is over: count it, let fires burn down, and judge the battle; true when it has ended. */
function closePlayerTurn(state: HmState, side: SideId, ctx: RuleContext, hooks: TurnHooks): boolean {
  state.rules.sides[side]!.turnsTaken++;
  state.rules.sides[side]!.mustPlayAdvance = false;
  burnOut(state, ctx);
  state.result = hooks.victory(state);
  if (!state.result) return false;
  finish(state, ctx);
  return true;
}

// ---------------------------------------------------------------------------------------------
// More than two players (A §8.3, seats.ts)

/** The seat whose player turn begins when beginTurn is asked for `side`'s: the battle's first, or the next in the rotation. */
function nextSeatFor(state: HmState, side: SideId): Seat {
  const rules = state.rules;
  if (rules.turnNumber === 0 || !rules.turnSeat) return seatById(state, rules.seatOrder![0]!) ?? firstSeat(state, side);
  const last = seatById(state, rules.turnSeat)!;
  return nextTurnSeat(state, last.role === 'subordinate' ? firstSeat(state, last.side).id : last.id);
}

/** Start one seat's part of a turn: the moment of decision comes round again with nothing played. */
function openSeatPart(state: HmState, seat: Seat, ctx: RuleContext): void {
  const rules = state.rules;
  rules.turnSeat = seat.id;
  rules.step = 'decision';
  rules.issuedOrders = false;
  rules.cardsPlayedThisTurn = 0;
  rules.discardedThisTurn = false;
  ctx.emit({ type: 'seat-turn', side: seat.side, text: `${seat.name} takes his turn`, data: { seat: seat.id } });
}

/**
 * A seat's player turn (A §8.3): the Commander-in-chief (or an allied one) draws by his army's size
 * and passes each card to its owner; grapeshot; then any subordinate plays his cards before his
 * Commander-in-chief, each with his own moment of decision. An empty deck hands play to the seat
 * holding the Joker (A §7.6).
 */
function beginSeatTurn(state: HmState, seat: Seat, ctx: RuleContext, hooks: TurnHooks): void {
  const rules = state.rules;
  rules.turnNumber++;
  rules.turnSide = seat.side;
  rules.skirmishFiredAt = [];
  rules.breakthroughOrder = null;
  state.active = seat.side;
  for (const u of state.units) {
    if (u.side !== seat.side) continue;
    u.rs.moved = false;
    u.rs.freeWheels = 0;
    if (u.rs.general) u.rs.general.cardsThisTurn = 0;
  }
  ctx.emit({ type: 'turn', side: seat.side, text: `Turn ${gameTurn(rules.turnNumber, turnsPerRound(state))}: ${seat.name}`, data: { seat: seat.id } });
  const draw = rules.seatDraw?.[seat.id] ?? rules.sides[seat.side]!.drawPerTurn;
  for (const e of drawCards(state, seat.side, draw, seat.id)) ctx.emit(e);
  let turnSeat = seat;
  if (rules.deck.length === 0) {
    const holder = seatById(state, jokerSeat(state));
    if (holder && holder.id !== seat.id) {
      ctx.emit({ type: 'joker-due', side: holder.side, text: `The order deck is empty: play passes to ${holder.name}, who must play the Joker`, data: { seat: holder.id } });
      turnSeat = holder;
      rules.turnSide = holder.side;
      state.active = holder.side;
    }
  }
  hooks.grapeshot(state, turnSeat.side, ctx);
  const subs = turnSeat === seat ? subordinatesOf(state, seat) : [];
  openSeatPart(state, subs[0] ?? turnSeat, ctx);
  state.result = hooks.victory(state);
  if (state.result) finish(state, ctx);
}

/**
 * The end of one seat's part of a turn: its own units' compulsory moves if it issued orders, its
 * unplayed Infantry Advance cards discarded; then the next subordinate, his Commander-in-chief, or
 * the next seat's player turn.
 */
function endSeatPart(state: HmState, ctx: RuleContext, hooks: TurnHooks): void {
  const rules = state.rules;
  const seat = seatById(state, rules.turnSeat)!;
  const side = seat.side;
  if (rules.issuedOrders) hooks.compulsoryMoves(state, side, ctx, (u) => seatOrders(state, seat.id, u.id));
  discardUnplayedAdvances(state, seatHand(state, seat.id), side, seat.name, ctx);
  state.result = hooks.victory(state);
  if (state.result) {
    finish(state, ctx);
    return;
  }
  if (seat.role === 'subordinate') {
    const cinc = firstSeat(state, side);
    const subs = subordinatesOf(state, cinc);
    openSeatPart(state, subs[subs.indexOf(seat) + 1] ?? cinc, ctx);
    return;
  }
  if (closePlayerTurn(state, side, ctx, hooks)) return;
  beginSeatTurn(state, nextTurnSeat(state, seat.id), ctx, hooks);
}

function finish(state: HmState, ctx: RuleContext): void {
  state.rules.step = 'over';
  state.active = null;
  const r = state.result!;
  ctx.emit({ type: 'game-over', text: r.winner ? `${sideName(state, r.winner)} wins: ${r.reason}` : `Draw: ${r.reason}` });
}

export function events(list: GameEvent[], ctx: RuleContext): void {
  for (const e of list) ctx.emit(e);
}
