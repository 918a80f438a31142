/** Seats (src/core/seats.ts): who acts, whose unit it is, the engine's refusal, and checking a seat list. */

import { describe, expect, it } from 'vitest';
import { actingPlayer, playerName, playerSide, players, seatListProblem, seatOfUnit, seatRefusal } from '../../../src/core/seats';
import type { Seat } from '../../../src/core/model';

const sides = [
  { id: 'a', name: 'Prussians' },
  { id: 'b', name: 'Austrians' },
];
const seats: Seat[] = [
  { id: 'a', side: 'a', name: 'Prussian Commander-in-chief', role: 'cinc', units: ['a-1', 'a-2'] },
  { id: 'a-sub', side: 'a', name: 'Prussian subordinate General', role: 'subordinate', units: ['a-3'] },
  { id: 'b', side: 'b', name: 'Austrian Commander-in-chief', role: 'cinc', units: ['b-1'] },
];
const units = [
  { id: 'a-1', side: 'a' },
  { id: 'a-2', side: 'a' },
  { id: 'a-3', side: 'a' },
  { id: 'b-1', side: 'b' },
  // A gun of b's captured by a: it answers to a's first seat.
  { id: 'b-2', side: 'a' },
];

describe('seats', () => {
  it('name who acts: the active seat with seats, the active side without', () => {
    expect(actingPlayer({ active: 'a', seats, activeSeat: 'a-sub' })).toBe('a-sub');
    expect(actingPlayer({ active: 'a' })).toBe('a');
    expect(actingPlayer({ active: null, seats, activeSeat: null })).toBeNull();
    expect(playerSide({ seats }, 'a-sub')).toBe('a');
    expect(playerSide({}, 'b')).toBe('b');
    expect(players({ seats, sides: sides.map((s) => ({ ...s, nation: '', colour: '' })) }).map((p) => p.id)).toEqual(['a', 'a-sub', 'b']);
    expect(players({ sides: sides.map((s) => ({ ...s, nation: '', colour: '' })) })).toEqual([
      { id: 'a', side: 'a', name: 'Prussians' },
      { id: 'b', side: 'b', name: 'Austrians' },
    ]);
    expect(playerName({ seats, sides: [] }, 'a-sub')).toBe('Prussian subordinate General');
  });

  it("find a unit's seat: the seat listing it on its side, else its side's first seat", () => {
    expect(seatOfUnit({ seats, units }, 'a-3')?.id).toBe('a-sub');
    expect(seatOfUnit({ seats, units }, 'b-2')?.id).toBe('a');
    expect(seatOfUnit({ units }, 'a-3')).toBeUndefined();
  });

  it('refuse an action from any seat but the active one, naming both', () => {
    const state = { seats, activeSeat: 'a-sub' };
    expect(seatRefusal(state, { type: 'pass', side: 'a', seat: 'a-sub' })).toBeNull();
    expect(seatRefusal(state, { type: 'pass', side: 'a', seat: 'a' })).toBe("it is Prussian subordinate General's turn to act, and this order came from Prussian Commander-in-chief");
    expect(seatRefusal(state, { type: 'pass', side: 'a', seat: 'x' })).toBe('it is Prussian subordinate General\'s turn to act, and this order came from an unknown seat "x"');
    expect(seatRefusal({}, { type: 'pass', side: 'a' })).toBeNull();
  });

  it('check a seat list and say what is wrong with a corrupt one', () => {
    const ids = new Set(units.map((u) => u.id));
    expect(seatListProblem(seats, sides, ids)).toBeNull();
    expect(seatListProblem('seats', sides, ids)).toBe('the seat list is not a list');
    expect(seatListProblem([seats[0], { ...seats[0] }, seats[2]], sides, ids)).toBe('two seats have the id "a"');
    expect(seatListProblem([seats[0], { ...seats[1], side: 'c' }, seats[2]], sides, ids)).toBe('seat 2 ("a-sub") is on no side of this game ("c")');
    expect(seatListProblem([seats[0], { ...seats[1], units: ['a-9'] }, seats[2]], sides, ids)).toBe('seat 2 ("a-sub") names a unit the game does not have ("a-9")');
    expect(seatListProblem([seats[0], { ...seats[1], units: undefined }], sides, ids)).toBe('seat 2 ("a-sub") has no list of units');
    expect(seatListProblem([seats[0], seats[1]], sides, ids)).toBe('side "b" has no seat');
    expect(seatListProblem([null], sides, ids)).toBe('seat 1 is not a seat');
  });
});
