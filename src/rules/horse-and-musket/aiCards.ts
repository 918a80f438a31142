/**
 * The AI's card economy in Horse & Musket (A §7). A disordered battalion is put back in order only
 * by a Reform in its own side's Reorganisation step, on a card that may order it: its own unit
 * card, a card of its General or of the CinC, or the Joker (A §8.1 step 4). A side that spends the
 * last such card on a half move in the Action step has nothing left to reform a battalion that the
 * enemy's Attack disorders, and fights on with it at −1 a disordered stand. So the last card that
 * could reform a battalion in the enemy's reach, or already disordered, is dear (the Reform's own
 * worth is judged in ai.ts reformJudgement).
 */

import type { Action } from '../../core/model';
import { verdictStanding, verdictWeight } from './aiVerdict';
import { colourGap } from './attack';
import type { Card, HmState, HmUnit } from './types';
import { cincOf, liveUnits } from './world';
import { attackRange } from './zones';

/** What a card costs the AI: a General's card spent freely, and the last one that could reform a battalion in need. */
export const GENERAL_CARD_COST = 0.45;
export const LAST_REFORM_CARD_COST = 0.9;

/** A battalion that may want a Reform next turn: disordered or shaken now, or within an enemy's Attack range. */
function mayNeedReform(state: HmState, u: HmUnit, enemies: readonly HmUnit[]): boolean {
  if (u.stands.some((s) => s.status === 'disordered') || u.rs.shakenMarker) return true;
  const fog = state.rules.weather === 'fog';
  return enemies.some((e) => colourGap(e, u) <= attackRange(e, { fog }));
}

/** Whether a card may order this unit for a Reform (A §6.6, §7): its own card, its General's, the CinC's, or the Joker. */
function mayReform(card: Card, u: HmUnit, cincId: string | undefined): boolean {
  if (card.kind === 'joker') return true;
  if (card.kind === 'unit') return card.unit === u.id;
  if (card.kind === 'general') return card.unit === u.rs.command || (cincId !== undefined && card.unit === cincId);
  return false;
}

/** Per view of the battle: the cards in hand that are the last able to reform some battalion in need. */
const lastReformCards = new WeakMap<HmState, Map<string, Set<string>>>();

/**
 * The cards in the side's hand that are the only one left able to reform some battalion that may
 * need it (the Reorganisation step comes before the enemy's next Attack can be answered).
 */
export function lastCardsForReform(state: HmState, side: string): Set<string> {
  let bySide = lastReformCards.get(state);
  if (!bySide) lastReformCards.set(state, (bySide = new Map()));
  let found = bySide.get(side);
  if (found) return found;
  found = new Set();
  bySide.set(side, found);
  const hand = state.rules.sides[side]?.hand ?? [];
  const cincId = cincOf(state, side)?.id;
  const enemies = liveUnits(state).filter((e) => e.side !== side && e.rs.troop !== 'general' && e.rs.troop !== 'artillery');
  for (const u of liveUnits(state)) {
    if (u.side !== side || u.rs.troop === 'general' || u.rs.troop === 'artillery' || !mayNeedReform(state, u, enemies)) continue;
    const able = hand.filter((id) => {
      const card = state.rules.cards[id];
      return card !== undefined && mayReform(card, u, cincId);
    });
    if (able.length === 1) found.add(able[0]!);
  }
  return found;
}

/**
 * What spending a General's card on this order costs, 0..1: dear in the Action step when it is the
 * last card that could reform a battalion in need, the usual price otherwise.
 */
export function generalCardCost(state: HmState, action: Action): number {
  const worth = cardsWorthKeeping(state, action.side);
  if (state.rules.step !== 'action' || typeof action.card !== 'string') return GENERAL_CARD_COST * worth;
  return (lastCardsForReform(state, action.side).has(action.card) ? LAST_REFORM_CARD_COST : GENERAL_CARD_COST) * worth;
}

/** What ending the turn and keeping the hand is worth: more with a card the last able to reform a battalion in need. */
export const REST_VALUE = 0.22;
export const REST_VALUE_KEEPING_REFORM = 0.35;

export function restValue(state: HmState, side: string): number {
  const kept = state.rules.step === 'action' && lastCardsForReform(state, side).size > 0 ? REST_VALUE_KEEPING_REFORM : REST_VALUE;
  return Math.max(0.02, kept * cardsWorthKeeping(state, side));
}

/**
 * How much a card kept for later is still worth, 0..1, as the turn limit nears. A side ahead on
 * the verdict keeps its cards to hold on; one that is not ahead has only the turns left to change
 * it, and past its last turn a card in hand does nothing. Seen: an army behind by one battalion
 * ended turn after turn "keeping the rest for later" and lost at the limit without an Attack.
 */
export function cardsWorthKeeping(state: HmState, side: string): number {
  const late = verdictWeight(state);
  if (late === 0) return 1;
  // Asked for every candidate that spends a card: the verdict's count is read once per view and side.
  let bySide = worthKept.get(state);
  if (!bySide) worthKept.set(state, (bySide = new Map()));
  let worth = bySide.get(side);
  if (worth === undefined) bySide.set(side, (worth = verdictStanding(state, side) === 'ahead' ? 1 : 1 - late));
  return worth;
}

/** Per view of the battle: cardsWorthKeeping by side. */
const worthKept = new WeakMap<HmState, Map<string, number>>();
