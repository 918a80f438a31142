/**
 * The order deck (A §7): which cards it holds, drawing and passing cards to their owners, the
 * Joker's reshuffle, and cards of units that are gone.
 */

import type { DiceRoller } from '../../core/dice';
import type { GameEvent, SideId } from '../../core/model';
import type { Card, HmState, HmUnit } from './types';
import { seatById } from '../../core/seats';
import { seatForCard, seatHand } from './seats';

/** Unit cards per unit by troop type (A §7.1): none for skirmishers, artillery and Generals. */
export const UNIT_CARDS: Record<string, number> = { infantry: 1, heavyCav: 2, cuirassier: 2, lightCav: 3 };

/** Each CinC's type cards, in hand from the first turn (A §7.2, B §1.1). */
export const TYPE_CARDS: { kind: Card['kind']; count: number }[] = [
  { kind: 'artillery', count: 2 },
  { kind: 'skirmInf', count: 2 },
  { kind: 'skirmCav', count: 3 },
];

/** Infantry Advance cards in the deck (A41: two). */
export const INFANTRY_ADVANCE_CARDS = 2;

export const CARD_LABELS: Record<Card['kind'], string> = {
  unit: 'Unit card',
  general: 'General card',
  artillery: 'Artillery card',
  skirmInf: 'Skirmishing infantry card',
  skirmCav: 'Skirmishing cavalry card',
  infantryAdvance: 'Infantry Advance',
  joker: 'Joker',
  national: 'National order card',
  event: 'Event order card',
};

/**
 * Build every card of the game: unit and General cards, type cards, Infantry Advance, the Joker. An
 * allied army (`allies`, A §8.3) has type cards of its own, marked with its seat.
 */
export function buildCards(units: HmUnit[], sides: SideId[], allies: { army: string; side: SideId }[] = []): Record<string, Card> {
  const cards: Record<string, Card> = {};
  const add = (card: Omit<Card, 'id'>, key: string): void => {
    const id = `${key}`;
    cards[id] = { id, ...card };
  };
  for (const u of units) {
    const n = UNIT_CARDS[u.rs.troop] ?? 0;
    for (let i = 0; i < n; i++) add({ kind: 'unit', owner: u.side, unit: u.id }, `u:${u.id}:${i + 1}`);
    const g = u.rs.general;
    if (g) for (let i = 0; i < g.stats.leadership; i++) add({ kind: 'general', owner: u.side, unit: u.id }, `g:${u.id}:${i + 1}`);
  }
  for (const side of sides) {
    for (const t of TYPE_CARDS) for (let i = 0; i < t.count; i++) add({ kind: t.kind, owner: side }, `${t.kind}:${side}:${i + 1}`);
  }
  for (const { army, side } of allies) {
    for (const t of TYPE_CARDS) for (let i = 0; i < t.count; i++) add({ kind: t.kind, owner: side, seat: army }, `${t.kind}:${army}:${i + 1}`);
  }
  for (let i = 0; i < INFANTRY_ADVANCE_CARDS; i++) add({ kind: 'infantryAdvance', owner: null }, `advance:${i + 1}`);
  add({ kind: 'joker', owner: null }, 'joker');
  return cards;
}

/** Shuffle card ids with the game's generator (no dice are thrown for a shuffle). */
export function shuffle(ids: string[], dice: DiceRoller): string[] {
  const out = [...ids];
  for (let i = out.length - 1; i > 0; i--) {
    const j = dice.pickIndex(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A card whose unit or General has gone is removed for good when drawn (A §7.9). */
export function cardIsDead(state: HmState, card: Card): boolean {
  if (!card.unit) return false;
  const u = state.units.find((x) => x.id === card.unit);
  return !u || u.removed;
}

/** Whose hand a drawn card goes to: its owner, or the drawer for cards that belong to whoever draws them (A §7.7). */
export function handFor(card: Card, drawer: SideId): SideId {
  return card.owner ?? drawer;
}

export function cardLabel(state: HmState, cardId: string): string {
  const card = state.rules.cards[cardId];
  if (!card) return cardId;
  if (card.unit) {
    const u = state.units.find((x) => x.id === card.unit);
    return `${CARD_LABELS[card.kind]}: ${u?.name ?? card.unit}`;
  }
  return CARD_LABELS[card.kind];
}

/**
 * Draw `count` cards for `drawer` (A §8.1 step 1). Cards of gone units still count toward the number
 * drawn (A §7.9 proposal) and are set aside; an empty deck stops the draw (the Joker must be played,
 * A §7.6). With several players a side (A §8.3) the drawer is a seat, and each card goes to its own
 * seat's hand. Returns the events for the log.
 */
export function drawCards(state: HmState, drawer: SideId, count: number, drawerSeat?: string): GameEvent[] {
  if (drawerSeat) return drawForSeat(state, drawerSeat, count);
  const rules = state.rules;
  const events: GameEvent[] = [];
  const got: string[] = [];
  const passed: string[] = [];
  const drawn = { side: drawer, got: [] as string[], passed: [] as string[] };
  const dead = takeFromDeck(state, count, (id, card) => {
    const to = handFor(card, drawer);
    rules.sides[to]!.hand.push(id);
    if (to === drawer) got.push(cardLabel(state, id));
    else passed.push(cardLabel(state, id));
    drawn[to === drawer ? 'got' : 'passed'].push(id);
  });
  rules.lastDraw = drawn;
  const side = state.sides.find((s) => s.id === drawer)?.name ?? drawer;
  let text = `${side} draws ${count} card${count === 1 ? '' : 's'}: ${got.length ? got.join(', ') : 'none of their own'}`;
  if (passed.length) text += `; passed to the opponent: ${passed.join(', ')}`;
  if (dead) text += `; ${dead} card${dead === 1 ? '' : 's'} of units no longer on the table removed`;
  events.push({ type: 'draw', side: drawer, text, data: { got, passed, dead, left: rules.deck.length } });
  return events;
}

/**
 * Take up to `count` cards off the top of the deck, handing each live one to `deliver`; the cards of
 * units and Generals no longer on the table are removed for good (A §7.9). Returns how many were.
 */
function takeFromDeck(state: HmState, count: number, deliver: (id: string, card: Card) => void): number {
  const rules = state.rules;
  let dead = 0;
  for (let i = 0; i < count && rules.deck.length > 0; i++) {
    const id = rules.deck.shift()!;
    const card = rules.cards[id]!;
    if (cardIsDead(state, card)) dead++;
    else deliver(id, card);
  }
  return dead;
}

/** drawCards for a seat: each card to its seat's hand, and the log says whose hand each went to. */
function drawForSeat(state: HmState, drawer: string, count: number): GameEvent[] {
  const rules = state.rules;
  const seat = seatById(state, drawer)!;
  const got: string[] = [];
  const passed: Record<string, string[]> = {};
  const drawn = { side: seat.side, got: [] as string[], passed: [] as string[], seat: drawer, to: {} as Record<string, string> };
  const dead = takeFromDeck(state, count, (id, card) => {
    const to = seatForCard(state, card, drawer);
    seatHand(state, to).push(id);
    drawn.to[id] = to;
    if (to === drawer) {
      got.push(cardLabel(state, id));
      drawn.got.push(id);
    } else {
      (passed[to] ??= []).push(cardLabel(state, id));
      drawn.passed.push(id);
    }
  });
  rules.lastDraw = drawn;
  let text = `${seat.name} draws ${count} card${count === 1 ? '' : 's'}: ${got.length ? got.join(', ') : 'none of his own'}`;
  for (const [to, labels] of Object.entries(passed)) text += `; passed to ${seatById(state, to)?.name ?? to}: ${labels.join(', ')}`;
  if (dead) text += `; ${dead} card${dead === 1 ? '' : 's'} of units no longer on the table removed`;
  return [{ type: 'draw', side: seat.side, text, data: { seat: drawer, got, passed, dead, left: rules.deck.length } }];
}

/** The Joker is played: it and every discard go back into the deck, shuffled (A §7.6). */
export function reshuffle(state: HmState, dice: DiceRoller): void {
  const rules = state.rules;
  rules.deck = shuffle([...rules.deck, ...rules.discard, 'joker'], dice);
  rules.discard = [];
}

/** Move a card from a hand (a side's, or a seat's: cards.handOf) to the discards. */
export function discardFromHand(state: HmState, hand: string[], cardId: string): void {
  const i = hand.indexOf(cardId);
  if (i >= 0) hand.splice(i, 1);
  if (cardId !== 'joker') state.rules.discard.push(cardId);
}

/** Who holds the Joker, if anyone. */
export function jokerHolder(state: HmState): SideId | null {
  for (const [side, s] of Object.entries(state.rules.sides)) if (s.hand.includes('joker')) return side;
  return null;
}

/** The seat holding the Joker, in a game with seats (A §8.3). */
export function jokerSeat(state: HmState): string | null {
  return state.seats?.find((s) => seatHand(state, s.id).includes('joker'))?.id ?? null;
}
