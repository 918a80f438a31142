/** Scenarios: card activation (§5.2, §17.25), removal, army break and scoring (§12, §16, §17.26, §17.27). */

import { describe, expect, it } from 'vitest';
import { inch } from '../../../src/core/measure';
import { createOnePageGame } from '../../../src/rules/one-page/setup';
import { activatable } from '../../../src/rules/one-page/turn';
import type { OnePageState } from '../../../src/rules/one-page/types';
import { act, buildGame, DOWN, event, legal, refuse, texts, unit, UP, type Placement } from './fixture';

/** Red: 5 units and a commander (6 cards); black: 4 units (4 cards). */
const CARD_ARMIES: Placement[] = [
  { id: 'red-u0', x: 60, y: 10, facing: UP },
  { id: 'red-u2', x: 10, y: 4, facing: UP },
  { id: 'red-u3', x: 20, y: 4, facing: UP },
  { id: 'red-u5', x: 30, y: 4, facing: UP },
  { id: 'red-u6', x: 40, y: 4, facing: UP },
  { id: 'red-c1', x: 25, y: 1 },
  { id: 'black-u7', x: 60, y: 10 + 0.625 + 20 + 0.625, facing: DOWN },
  { id: 'black-u1', x: 10, y: 44, facing: DOWN },
  { id: 'black-u2', x: 20, y: 44, facing: DOWN },
  { id: 'black-u4', x: 30, y: 44, facing: DOWN },
];

describe('card activation (§5.2, §17.25, Q18)', () => {
  it('the first deck is dealt when the game is created, one card per unit and commander', () => {
    const s = createOnePageGame({ rulesetId: 'one-page', seed: 'cards', options: { activation: 'cards' } });
    expect(s.rules.step).toBe('activations');
    // 24 cards (8 units, 3 commanders and a wagon a side); one is turned already.
    expect(s.units).toHaveLength(24);
    expect(s.rules.deck.length).toBe(23);
    expect(s.active).toBe(s.rules.card);
    expect(legal(s).length).toBeGreaterThan(1);
    // The same setup deals the same deck.
    expect(createOnePageGame({ rulesetId: 'one-page', seed: 'cards', options: { activation: 'cards' } }).rules.deck).toEqual(s.rules.deck);
  });

  it('10 cards for 6 red and 4 black; a card for a side with nothing left is ignored; after the last card, shooting and melee', () => {
    // Black's cavalry charges first; red's counter-charges, which uses its activation without a card.
    const s = buildGame({ options: { activation: 'cards' }, units: CARD_ARMIES, cards: ['black', 'red', 'red', 'red', 'red', 'red', 'black', 'black', 'black', 'red'] });
    expect(s.active).toBe('black');
    expect(refuse(s, { type: 'halt', side: 'red', unit: 'red-u2' })).toBe("it is Austrians's activation");
    const declared = act(s, { type: 'charge', side: 'black', unit: 'black-u7', target: 'red-u0' });
    let cur: OnePageState = act(declared.state, { type: 'react', side: 'red', response: 'counter-charge' }, [5]).state;
    expect(unit(cur, 'red-u0').rs.inMelee).toEqual(['black-u7']);
    // Cards 2-6 are red: five units and the commander left, one of them passes.
    for (const id of ['red-u2', 'red-u3', 'red-u5', 'red-u6']) {
      expect(cur.active).toBe('red');
      const r = act(cur, { type: 'halt', side: 'red', unit: id });
      expect(r.events.map((e) => e.type)).toEqual(['halt', 'card']);
      cur = r.state;
    }
    const pass = act(cur, { type: 'end-activations', side: 'red' });
    expect(texts(pass.events)).toEqual(['Prussians pass on this card', 'A black card is turned: Austrians activate one unit or commander']);
    cur = pass.state;
    expect(unit(cur, 'red-c1').rs.activated).toBe(false);
    // Cards 7-9 are black.
    for (const id of ['black-u1', 'black-u2']) cur = act(cur, { type: 'halt', side: 'black', unit: id }).state;
    expect(cur.rules.deck).toEqual(['red']);
    // The 9th card; the 10th is red, and red's commander may still act, so it is not ignored.
    cur = act(cur, { type: 'halt', side: 'black', unit: 'black-u4' }).state;
    expect(cur.active).toBe('red');
    // The last card: red's commander halts; the deck is empty, so the end-of-turn steps follow.
    const last = act(cur, { type: 'halt', side: 'red', unit: 'red-c1' }, Array(16).fill(1));
    expect(texts(last.events).slice(0, 3)).toEqual(['Colonel von Bredow halts', 'End-of-turn shooting: units that have not shot may shoot now', 'Melee: all melees are fought']);
    expect(event(last.events, 'melee-drawn').text).toBe('The melee is drawn (0 hits each): the units stay locked and fight again next turn');
    // Turn 2: a new deck of 10, one turned.
    expect(texts(last.events)).toContain('The activation deck is shuffled: 6 Prussians and 4 Austrians cards');
    expect(last.state.turn).toBe(2);
    expect(last.state.rules.deck.length).toBe(9);
  });

  it('a card turned for a side that has activated everything is ignored', () => {
    const s = buildGame({ options: { activation: 'cards' }, units: CARD_ARMIES, cards: ['black', 'red', 'red', 'red', 'red', 'red', 'red', 'black', 'black', 'black'] });
    const declared = act(s, { type: 'charge', side: 'black', unit: 'black-u7', target: 'red-u0' });
    let cur = act(declared.state, { type: 'react', side: 'red', response: 'counter-charge' }, [5]).state;
    for (const id of ['red-u2', 'red-u3', 'red-u5', 'red-u6']) cur = act(cur, { type: 'halt', side: 'red', unit: id }).state;
    // Red's 6th unit card activates its commander; the 7th red card finds nothing left and is passed over.
    const r = act(cur, { type: 'halt', side: 'red', unit: 'red-c1' });
    expect(texts(r.events)).toEqual([
      'Colonel von Bredow halts',
      'A red card is turned, but that side has nothing left to activate',
      'A black card is turned: Austrians activate one unit or commander',
    ]);
    expect(activatable(r.state, 'red')).toEqual([]);
    expect(r.state.active).toBe('black');
  });
});

describe('removal, army break and victory (§12, §16, §17.26, §17.27)', () => {
  it('a 24-figure unit with 5 left is removed at the end of the turn; with 4 of 8 units lost, the army breaks', () => {
    const s = buildGame({
      units: [
        { id: 'red-u2', x: 10, y: 4, figures: 5 },
        { id: 'red-u3', x: 20, y: 4 },
        { id: 'red-u5', x: 30, y: 4 },
        { id: 'red-u6', x: 40, y: 4 },
        { id: 'red-u7', x: 50, y: 4 },
        { id: 'black-u1', x: 10, y: 44 },
      ],
      lost: ['red-u0', 'red-u1', 'red-u4'],
    });
    expect(s.rules.startCombatUnits).toEqual({ red: 8, black: 1 });
    const a = act(s, { type: 'end-activations', side: 'red' });
    const b = act(a.state, { type: 'end-activations', side: 'black' });
    expect(texts(b.events).slice(-2)).toEqual([
      'IR 15 Garde is spent (5 of 24 figures left) and disperses',
      'Austrians win: Prussians lost half their combat units and broke',
    ]);
    expect(unit(b.state, 'red-u2').rs.removedBy).toBe('spent');
    expect(b.state.result).toEqual({ winner: 'black', reason: 'Prussians lost half their combat units and broke' });
    expect(b.state.active).toBe(null);
    expect(refuse(b.state, { type: 'roll-initiative', side: 'red' })).toBe('the game is over');
  });

  it('6 of 24 figures is enough to stay; both armies breaking together is a draw', () => {
    const s = buildGame({
      units: [
        { id: 'red-u2', x: 10, y: 4, figures: 6 },
        { id: 'red-u3', x: 20, y: 4, figures: 5 },
        { id: 'black-u1', x: 10, y: 44, figures: 3 },
        { id: 'black-u4', x: 20, y: 44 },
      ],
    });
    const a = act(s, { type: 'end-activations', side: 'red' });
    const b = act(a.state, { type: 'end-activations', side: 'black' });
    expect(unit(b.state, 'red-u2').removed).toBe(false);
    expect(b.state.result).toEqual({ winner: null, reason: 'both armies broke in the same turn' });
    expect(texts(b.events).at(-1)).toBe('The battle is a draw: both armies broke in the same turn');
  });

  it('at the turn limit the sides score removed units, lost commanders and objectives held by good-order troops (Q55)', () => {
    const s = buildGame({
      options: { turnLimit: 1 },
      units: [
        // Objective 1 (18", 24"): held by red.
        { id: 'red-u2', x: 18, y: 22, facing: UP },
        // Objective 2 (36", 24"): a disordered unit does not hold it.
        { id: 'red-u3', x: 36, y: 22, facing: UP, rs: { disordered: true } },
        // Objective 3 (54", 24"): held by black.
        { id: 'black-u1', x: 54, y: 26, facing: DOWN },
        { id: 'black-u2', x: 10, y: 44, facing: DOWN },
        { id: 'black-u4', x: 62, y: 44, facing: DOWN },
      ],
      lost: ['black-u6', 'black-c2', 'red-c2'],
    });
    // The disordered unit moves rather than halting, so it stays disordered.
    const moved = act(s, { type: 'move', side: 'red', unit: 'red-u3', mode: 'advance', to: { x: inch(36), y: inch(22.2) } }, [1]);
    const a = act(moved.state, { type: 'end-activations', side: 'red' });
    expect(unit(a.state, 'red-u3').rs.disordered).toBe(true);
    const b = act(a.state, { type: 'end-activations', side: 'black' });
    expect(b.state.result).toEqual({
      winner: 'red',
      reason:
        'after 1 turn, on points: Prussians 4 (1 enemy unit removed, 1 enemy commander lost, 1 objective held); Austrians 3 (0 enemy units removed, 1 enemy commander lost, 1 objective held)',
      scores: { red: 4, black: 3 },
    });
  });
});
