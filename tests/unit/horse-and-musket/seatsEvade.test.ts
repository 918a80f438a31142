/**
 * An Evade by a subordinate General's unit (B §1.5 with A §8.3): the cards that help an Evade are
 * the evading player's, "in his hand". The Commander-in-chief's General card and the skirmisher
 * cards are in the Commander-in-chief's hand, not the subordinate's, so the subordinate's
 * skirmishers evade with the dice alone (rule note engine-seats-evade).
 */

import { describe, expect, it } from 'vitest';
import type { HmState } from '../../../src/rules/horse-and-musket/types';
import { HORSE_AND_MUSKET_NOTES } from '../../../src/rules/horse-and-musket/notes';
import { act, buildState, event, legal, makeGeneral, makeUnit, refuse } from './fixture';

/** Prussian foot about to Attack Austrian skirmishers of the subordinate General g2's Command; the Austrian CinC holds his General card and a skirmisher card. */
function subordinateSkirmishers(): HmState {
  const s = buildState({
    units: [
      makeUnit({ id: 'A', side: 'a', troop: 'infantry', x: 36, y: 17 }),
      makeUnit({ id: 'S', side: 'b', troop: 'skirmInf', x: 36, y: 26 }),
      makeGeneral('ga', 'a', 10, 2),
      makeGeneral('gb', 'b', 60, 46),
      makeGeneral('g2', 'b', 50, 46, { role: 'general' }),
    ],
    hands: { a: ['u:A:1'], b: ['skirmInf:b:1', 'g:gb:1'] },
  });
  s.seats = [
    { id: 'a', side: 'a', name: 'Prussians Commander-in-chief', role: 'cinc', units: ['A', 'ga'] },
    { id: 'b', side: 'b', name: 'Austrians Commander-in-chief', role: 'cinc', units: ['gb'] },
    { id: 'b-sub', side: 'b', name: 'Austrians subordinate General (g2)', role: 'subordinate', units: ['g2', 'S'] },
  ];
  s.activeSeat = 'a';
  s.rules.turnSeat = 'a';
  s.rules.seatHands = { 'b-sub': [] };
  return s;
}

function attackWithSeat(s: HmState): HmState {
  return act(s, { type: 'order', side: 'a', seat: 'a', unit: 'A', card: 'u:A:1', order: 'attack', target: 'S' }).state;
}

describe("a subordinate's Evade (B §1.5, A §8.3)", () => {
  it("is the subordinate's to answer, with no card of his Commander-in-chief's hand offered", () => {
    const declared = attackWithSeat(subordinateSkirmishers());
    expect(declared.activeSeat).toBe('b-sub');
    expect(legal(declared, 'b').map((l) => [l.label, l.action.seat])).toEqual([
      ['S: Evade', 'b-sub'],
      ['S: stand', 'b-sub'],
    ]);
  });

  it("refuses the Commander-in-chief's General card and skirmisher card, saying whose hand they are in", () => {
    const declared = attackWithSeat(subordinateSkirmishers());
    const why = "that card is in the Austrians Commander-in-chief's hand: a unit evades only with the cards of the player who commands it (rule note: an Evade with more than two players)";
    expect(refuse(declared, { type: 'react', side: 'b', seat: 'b-sub', choice: 'evade', card: null, cincCard: 'g:gb:1' })).toBe(why);
    expect(refuse(declared, { type: 'react', side: 'b', seat: 'b-sub', choice: 'evade', card: 'skirmInf:b:1', cincCard: null })).toBe(why);
  });

  it('evades on the dice alone, and the cards stay in the Commander-in-chief hand', () => {
    const declared = attackWithSeat(subordinateSkirmishers());
    // A 5 evades 6" with no modifier; the attackers do not test.
    const r = act(declared, { type: 'react', side: 'b', seat: 'b-sub', choice: 'evade', card: null, cincCard: null }, [5]);
    expect(event(r.events, 'evade', 'S').modifiers).toEqual([]);
    expect(r.state.rules.sides.b!.hand).toEqual(['skirmInf:b:1', 'g:gb:1']);
  });

  it('is explained in a rule note', () => {
    expect(HORSE_AND_MUSKET_NOTES.find((n) => n.id === 'engine-seats-evade')?.text).toContain("Commander-in-chief's General card");
  });
});
