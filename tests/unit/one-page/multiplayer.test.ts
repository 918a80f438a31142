/** Several players a side in card mode (§5.2, Q18): on each card of a side's colour, each of its players activates one unit. */

import { describe, expect, it } from 'vitest';
import { createOnePageGame } from '../../../src/rules/one-page/setup';
import { act, buildGame, refuse, unit, UP, DOWN } from './fixture';

describe('multiplayer card mode (Q18)', () => {
  it('gives each side as many cards as its largest player\'s force', () => {
    const s = createOnePageGame({ rulesetId: 'one-page', seed: 'mp', options: { activation: 'cards', playersPerSide: 2 } });
    const red = s.units.filter((u) => u.side === 'red');
    const count = (p: number) => red.filter((u) => u.rs.player === p).length;
    // The infantry brigade and its commander are player 2's; the C-in-C's and cavalry commands player 1's.
    expect([count(0), count(1)]).toEqual([6, 6]);
    expect(unit(s, 'red-u2').rs.player).toBe(1);
    expect(unit(s, 'red-u0').rs.player).toBe(0);
    // 6 cards a side, one of them turned already.
    expect(s.rules.deck.length).toBe(11);
    expect(refuse(s, { type: 'halt', side: s.active!, unit: 'nobody' })).toMatch(/there is no unit "nobody"/);
  });

  it('on a red card each red player activates one unit; a second unit of the same player must wait', () => {
    const s = buildGame({
      options: { activation: 'cards', playersPerSide: 2 },
      units: [
        { id: 'red-u0', x: 60, y: 6, facing: UP },
        { id: 'red-u2', x: 10, y: 6, facing: UP },
        { id: 'red-u3', x: 25, y: 6, facing: UP },
        { id: 'black-u1', x: 30, y: 44, facing: DOWN },
      ],
      cards: ['red', 'black', 'red', 'red'],
    });
    expect(s.active).toBe('red');
    const first = act(s, { type: 'halt', side: 'red', unit: 'red-u2' });
    // Player 2 has used the card; player 1 (the cavalry) still may.
    expect(first.state.active).toBe('red');
    expect(refuse(first.state, { type: 'halt', side: 'red', unit: 'red-u3' })).toBe('player 2 of the Prussians has already activated a unit on this card');
    const second = act(first.state, { type: 'halt', side: 'red', unit: 'red-u0' });
    // Both red players have acted: the next card is black's.
    expect(second.state.active).toBe('black');
    expect(second.state.rules.cardPlayers).toEqual([]);
  });

  it('passing gives the card up for every player of the side', () => {
    const s = buildGame({
      options: { activation: 'cards', playersPerSide: 2 },
      units: [
        { id: 'red-u0', x: 60, y: 6, facing: UP },
        { id: 'red-u2', x: 10, y: 6, facing: UP },
        { id: 'black-u1', x: 30, y: 44, facing: DOWN },
      ],
      cards: ['red', 'black', 'red'],
    });
    const pass = act(s, { type: 'end-activations', side: 'red' });
    expect(pass.state.active).toBe('black');
  });
});
