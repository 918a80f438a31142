/**
 * Ending the battle by choice (B §8.2), besides leaving the field (ruleset.ts):
 * - by agreement: a side offers to end the battle, naming the winner (itself, the enemy, or neither);
 *   the other side accepts, and the battle ends so, or refuses, and play goes on. One offer a turn.
 * - surrender: a side gives up every unit it has within an enemy's Attack range; the battle ends and
 *   the enemy wins.
 * The result and its reason are recorded in the game's result and the log.
 */

import type { Action, SideId } from '../../core/model';
import { RuleError, type LegalAction, type RuleContext } from '../../core/ruleset';
import { colourGap } from './attack';
import type { HmState, HmUnit } from './types';
import { liveUnits } from './world';
import { attackRange } from './zones';

/** An offer to end the battle waiting for the other side's answer (HmGame.endOffer). */
export interface EndOffer {
  by: SideId;
  /** The side named the winner, or null for neither. */
  winner: SideId | null;
  /** The turn it was made in: one offer a turn. */
  turnNumber: number;
  /** Answered (refused; an accepted offer ends the battle). */
  answered: boolean;
}

/** An offer waits for its answer. */
export const offerPending = (state: HmState): boolean => !!state.rules.endOffer && !state.rules.endOffer.answered;

const nameOf = (state: HmState, side: SideId | null): string => (side ? (state.sides.find((s) => s.id === side)?.name ?? side) : 'neither side');
const enemyOf = (state: HmState, side: SideId): SideId => state.sides.find((s) => s.id !== side)!.id;

/** The side's units within an enemy unit's Attack range: what it gives up by surrendering. */
export function unitsInReach(state: HmState, side: SideId): HmUnit[] {
  const all = liveUnits(state).filter((u) => u.rs.troop !== 'general');
  const fog = state.rules.weather === 'fog';
  const own = liveUnits(state).filter((u) => u.side === side);
  return own.filter((u) => all.some((e) => e.side !== side && colourGap(e, u) <= attackRange(e, { fog })));
}

/** Offers and surrender for the side whose turn it is, at the moment of decision or in the action step. */
export function endingActions(state: HmState, side: SideId): LegalAction[] {
  const rules = state.rules;
  const out: LegalAction[] = [];
  if (rules.endOffer?.turnNumber !== rules.turnNumber) {
    const enemy = enemyOf(state, side);
    for (const winner of [enemy, null, side]) {
      const label = winner === null ? 'Offer to end the battle as a draw' : winner === side ? 'Offer to end the battle as your victory' : `Offer to end the battle: ${nameOf(state, enemy)} win`;
      out.push({ action: { type: 'offer-end', side, winner }, label, group: 'turn', params: [] });
    }
  }
  const reach = unitsInReach(state, side).length;
  if (reach > 0) out.push({ action: { type: 'surrender', side }, label: `Surrender (${reach} unit${reach === 1 ? '' : 's'} within the enemy's reach; the enemy wins)`, group: 'turn', params: [] });
  return out;
}

/** The answers to an offer, for the side it was made to. */
export function answerActions(state: HmState, side?: SideId): LegalAction[] {
  const offer = state.rules.endOffer!;
  const to = enemyOf(state, offer.by);
  if (side && side !== to) return [];
  const terms = offer.winner === null ? 'as a draw' : `with ${nameOf(state, offer.winner)} the winners`;
  return [
    { action: { type: 'refuse-end', side: to }, label: `Refuse to end the battle ${terms}`, group: 'turn', params: [] },
    { action: { type: 'accept-end', side: to }, label: `Agree to end the battle ${terms}`, group: 'turn', params: [] },
  ];
}

export function applyOffer(state: HmState, action: Action, ctx: RuleContext): void {
  const rules = state.rules;
  if (rules.endOffer && rules.endOffer.turnNumber === rules.turnNumber) throw new RuleError('one offer to end the battle a turn');
  const winner = action.winner === null || action.winner === undefined ? null : String(action.winner);
  if (winner !== null && !state.sides.some((s) => s.id === winner)) throw new RuleError(`there is no side "${winner}" to name the winner`);
  rules.endOffer = { by: action.side, winner, turnNumber: rules.turnNumber, answered: false };
  const to = enemyOf(state, action.side);
  state.active = to;
  ctx.emit({ type: 'end-offer', side: action.side, text: `${nameOf(state, action.side)} offer to end the battle ${winner === null ? 'as a draw' : `with ${nameOf(state, winner)} the winners`}; ${nameOf(state, to)} must answer` });
}

export function applyAnswer(state: HmState, action: Action, ctx: RuleContext): void {
  const offer = state.rules.endOffer!;
  const to = enemyOf(state, offer.by);
  if (action.side !== to) throw new RuleError(`${nameOf(state, to)} must answer the offer to end the battle`);
  if (action.type === 'accept-end') {
    const reason = `The battle ended by agreement: ${offer.winner === null ? 'a draw' : `${nameOf(state, offer.winner)} win`}`;
    state.result = { winner: offer.winner, reason };
    ctx.emit({ type: 'game-over', side: to, text: `${nameOf(state, to)} agree. ${reason}` });
  } else if (action.type === 'refuse-end') {
    ctx.emit({ type: 'end-offer', side: to, text: `${nameOf(state, to)} refuse to end the battle; it goes on` });
  } else {
    throw new RuleError(`${nameOf(state, to)} must first accept or refuse the offer to end the battle`);
  }
  // The offer is answered either way; the turn goes back to the side that made it.
  state.active = offer.by;
  offer.answered = true;
}

export function applySurrender(state: HmState, action: Action, ctx: RuleContext): void {
  const given = unitsInReach(state, action.side);
  if (!given.length) throw new RuleError('none of your units is within the enemy\'s reach: withdraw from the field instead');
  for (const u of given) {
    u.removed = true;
    u.rs.removedBy = 'surrendered';
  }
  const enemy = enemyOf(state, action.side);
  const reason = `${nameOf(state, action.side)} surrendered ${given.length} unit${given.length === 1 ? '' : 's'} to end the battle`;
  state.result = { winner: enemy, reason };
  ctx.emit({ type: 'game-over', side: action.side, text: `${reason} (${given.map((u) => u.name).join(', ')}): ${nameOf(state, enemy)} win` });
}
