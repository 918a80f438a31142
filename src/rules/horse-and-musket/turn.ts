/**
 * The turn (A §8): draw, grapeshot, the moment of decision, reorganisation, action, compulsory moves,
 * then the opponent's turn; the Joker's reshuffle; and the end of the battle (B §8).
 */

import { burnOut } from './burning';
import type { GameEvent, SideId } from '../../core/model';
import type { RuleContext } from '../../core/ruleset';
import { drawCards, jokerHolder } from './cards';
import type { HmState } from './types';

/** Hooks into the parts of the turn other files own, so this file stays about the sequence. */
export interface TurnHooks {
  /** A §8.1 step 2: the active player's guns fire grapeshot at enemies within 6". */
  grapeshot(state: HmState, side: SideId, ctx: RuleContext): void;
  /** A §8.1 step 4: free rallies by Generals in base contact. */
  freeRallies(state: HmState, side: SideId, ctx: RuleContext): void;
  /** A §8.1 step 6: columns, withdrawals, retreats and runners move; loose units that stood reform. */
  compulsoryMoves(state: HmState, side: SideId, ctx: RuleContext): void;
  /** B §8.1: the battle's result, or null while it goes on. */
  victory(state: HmState): HmState['result'];
}

/** The game turn a player turn belongs to: each side's turn in it, the first side's first. */
export function gameTurn(playerTurn: number): number {
  return Math.max(1, Math.ceil(playerTurn / 2));
}

export function otherSide(state: HmState, side: SideId): SideId {
  return state.sides.find((s) => s.id !== side)!.id;
}

function sideName(state: HmState, side: SideId): string {
  return state.sides.find((s) => s.id === side)?.name ?? side;
}

/**
 * Begin `side`'s turn: draw its cards, fire its grapeshot, and wait for its decision. If the deck ran
 * out while the Joker is in a hand, play passes to the Joker's holder, who must play it (A §7.6).
 */
export function beginTurn(state: HmState, side: SideId, ctx: RuleContext, hooks: TurnHooks): void {
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
  return state.rules.deck.length === 0 && state.rules.sides[side]!.hand.includes('joker');
}

/** Pass: the turn ends at once, with no compulsory moves (A §8.1 step 3). */
export function passTurn(state: HmState, ctx: RuleContext, hooks: TurnHooks): void {
  const side = state.rules.turnSide;
  ctx.emit({ type: 'pass', side, text: `${sideName(state, side)} passes` });
  endTurn(state, ctx, hooks);
}

/** Issue Orders: go on to the Reorganisation step (A §8.1 step 4). */
export function issueOrders(state: HmState, ctx: RuleContext, hooks: TurnHooks): void {
  const side = state.rules.turnSide;
  state.rules.issuedOrders = true;
  state.rules.step = 'reorganisation';
  ctx.emit({ type: 'issue-orders', side, text: `${sideName(state, side)} issues orders` });
  hooks.freeRallies(state, side, ctx);
}

/** The end of a turn: compulsory moves if orders were issued, leftover Infantry Advance cards, the next side. */
export function endTurn(state: HmState, ctx: RuleContext, hooks: TurnHooks): void {
  const rules = state.rules;
  const side = rules.turnSide;
  if (rules.issuedOrders) hooks.compulsoryMoves(state, side, ctx);
  // An Infantry Advance card not played in the turn it was drawn is discarded (A §7.3).
  const hand = rules.sides[side]!.hand;
  for (const id of [...hand]) {
    if (rules.cards[id]!.kind === 'infantryAdvance') {
      hand.splice(hand.indexOf(id), 1);
      rules.discard.push(id);
      ctx.emit({ type: 'discard', side, text: `${sideName(state, side)} discards an unplayed Infantry Advance card` });
    }
  }
  rules.sides[side]!.turnsTaken++;
  rules.sides[side]!.mustPlayAdvance = false;
  burnOut(state, ctx);
  state.result = hooks.victory(state);
  if (state.result) {
    finish(state, ctx);
    return;
  }
  beginTurn(state, otherSide(state, side), ctx, hooks);
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
