/**
 * The Joker's orders are the Commander-in-chief's General cards and keep their limits (A §6.6, §7.6,
 * note A7); a card of the player's choosing may be discarded to make the compulsory moves (A §7.8).
 */

import { describe, expect, it } from 'vitest';
import { inch } from '../../../src/core/measure';
import type { HmState } from '../../../src/rules/horse-and-musket/types';
import { act, buildState, expectPose, legal, makeGeneral, makeUnit, refuse, unit, UP } from './fixture';

/** Side a's CinC 3" behind a battalion; side b's horse far off; the Joker and a unit card in hand. */
function position(hand: string[] = ['joker', 'u:I:1']): HmState {
  return buildState({
    units: [
      makeUnit({ id: 'I', side: 'a', troop: 'infantry', x: 30, y: 10 }),
      makeUnit({ id: 'H', side: 'b', troop: 'lightCav', x: 30, y: 44 }),
      makeGeneral('ga', 'a', 30, 7),
      makeGeneral('gb', 'b', 60, 46),
    ],
    hands: { a: hand },
  });
}
const playJoker = { type: 'play-card', side: 'a', card: 'joker' };
const jokerOffered = (s: HmState): boolean => legal(s, 'a').some((l) => l.action.type === 'play-card' && l.action.card === 'joker');

describe('the Joker under the General-card limits (A §6.6, §7.6)', () => {
  it('an unhindered CinC: the Joker gives three orders, one of them a 6" advance', () => {
    const s = position();
    expect(jokerOffered(s)).toBe(true);
    const r = act(s, playJoker);
    expect(r.state.rules.activeCard).toMatchObject({ card: 'joker', ordersLeft: 3 });
    expect(r.events.find((e) => e.type === 'joker')!.text).toBe("The Joker: 3 orders as the Commander-in-chief's General cards; the discards are shuffled back into the deck");
    const moved = act(r.state, { type: 'order', side: 'a', unit: 'I', card: 'joker', order: 'move', to: { x: inch(30), y: inch(16) } });
    expectPose(unit(moved.state, 'I'), 30, 16, UP);
  });

  it('a disordered CinC: the Joker is not offered, and playing it is refused with the reason', () => {
    const s = position();
    unit(s, 'ga').stands[0]!.status = 'disordered';
    expect(jokerOffered(s)).toBe(false);
    expect(refuse(s, playJoker)).toBe("the Joker cannot be played now: its orders are the Commander-in-chief's, and ga is disordered (A §6.6)");
  });

  it('a CinC inside an enemy threat zone: refused', () => {
    const s = position();
    // The CinC off to the flank, the enemy horse 10" in front of him and facing him: he stands in its zone.
    unit(s, 'ga').x = inch(50);
    unit(s, 'H').x = inch(50);
    unit(s, 'H').y = inch(17);
    expect(jokerOffered(s)).toBe(false);
    expect(refuse(s, playJoker)).toBe("the Joker cannot be played now: its orders are the Commander-in-chief's, and ga is inside an enemy threat zone (A §6.6)");
  });

  it('a CinC whose unit is in contact: refused', () => {
    const s = position();
    unit(s, 'ga').rs.general!.attachedTo = 'I';
    unit(s, 'ga').y = inch(10);
    // Enemy foot touching the battalion's front.
    s.units.push(makeUnit({ id: 'F', side: 'b', troop: 'infantry', x: 30, y: 10 + 40 / 25.4 }));
    expect(jokerOffered(s)).toBe(false);
    expect(refuse(s, playJoker)).toBe("the Joker cannot be played now: its orders are the Commander-in-chief's, and ga's unit is in contact with the enemy (A §6.6)");
  });

  it('forced out by an empty deck while the CinC is disordered, the Joker reshuffles the deck but its orders are lost', () => {
    const s = position();
    unit(s, 'ga').stands[0]!.status = 'disordered';
    s.rules.discard = [...s.rules.deck];
    s.rules.deck = [];
    expect(legal(s, 'a').map((l) => l.label)).toEqual(['Play the Joker']);
    const r = act(s, playJoker);
    expect(r.state.rules.activeCard).toMatchObject({ card: 'joker', ordersLeft: 0 });
    expect(r.state.rules.deck.length).toBeGreaterThan(0);
    expect(r.events.find((e) => e.type === 'joker')!.text).toBe('The Joker: its orders are lost, as ga is disordered; the discards are shuffled back into the deck');
    expect(legal(r.state, 'a').filter((l) => l.unit === 'I')).toEqual([]);
  });
});

describe('discarding a chosen card for the compulsory moves (A §7.8)', () => {
  it('offers every card in hand but the Joker, and discards the one chosen', () => {
    const s = position(['joker', 'u:I:1', 'g:ga:1']);
    const offer = legal(s, 'a').find((l) => l.action.type === 'discard')!;
    expect(offer.params).toEqual([
      { name: 'card', kind: 'choice', label: 'Card to discard', choices: [{ value: 'u:I:1', label: 'Unit card: I' }, { value: 'g:ga:1', label: 'General card: ga' }] },
    ]);
    const r = act(s, { type: 'discard', side: 'a', card: 'g:ga:1' });
    expect(r.state.rules.sides.a!.hand).toEqual(['joker', 'u:I:1']);
    expect(r.state.rules.discard).toEqual(['g:ga:1']);
    expect(r.events.find((e) => e.type === 'discard')!.text).toBe('Prussians discards General card: ga to make the compulsory moves');
    expect(refuse(s, { type: 'discard', side: 'a', card: 'joker' })).toBe('the Joker cannot be discarded');
    // Once a turn.
    expect(legal(r.state, 'a').some((l) => l.action.type === 'discard')).toBe(false);
  });

  it('with no unit card in hand a General card may still be discarded', () => {
    const s = position(['g:ga:1']);
    const r = act(s, { type: 'discard', side: 'a', card: 'g:ga:1' });
    expect(r.state.rules.discardedThisTurn).toBe(true);
    expect(r.state.rules.issuedOrders).toBe(true);
  });
});
