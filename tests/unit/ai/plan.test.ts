import { describe, expect, it } from 'vitest';
import { activationSession, considerationsOf, FACING_BLACK, FACING_RED, handMade } from './handmade';
import { assignHolders } from '../../../src/ai/utility';
import { CURVES } from '../../../src/ai/curves';
import { onePageAi } from '../../../src/rules/one-page/ai';
import type { OnePageState } from '../../../src/rules/one-page/types';

// The 'hand' table: objectives at (663, 483) by the stream, (1282, 591) and (937, 621).
const s = activationSession('hand');

describe('the army plan takes the objectives in strength', () => {
  it('sends two units to each objective when the army has units to spare, one each when it has not', () => {
    const state = s.state;
    const objectives = (state as unknown as OnePageState).rules.objectives;
    const holders = assignHolders(state, s.ruleset.ai, 'red', objectives);
    // Eight combat units, three objectives: two apiece, the closest pairs first (by distance, with
    // no orders to read a reach from), two left over.
    expect(holders).toEqual({
      'red-u2': objectives[0],
      'red-u1': objectives[0],
      'red-u6': objectives[1],
      'red-u5': objectives[1],
      'red-u3': objectives[2],
      'red-u4': objectives[2],
    });
    // Five units: a second holder for each would leave nobody free, so one apiece.
    const few = handMade(s, Object.fromEntries(['red-u0', 'red-u1', 'red-u2', 'red-u3', 'red-u5'].map((id) => [id, { x: state.units.find((u) => u.id === id)!.x, y: state.units.find((u) => u.id === id)!.y }])));
    expect(Object.keys(assignHolders(few.state, s.ruleset.ai, 'red', objectives)).sort()).toEqual(['red-u2', 'red-u3', 'red-u5']);
  });

  it('a holder scores its order by the moves it gains toward its objective, so it goes straight there', () => {
    // IR 15 alone, 12" from the objective at (1282, 591): it is that objective's holder.
    const p = handMade(s, { 'red-u2': { x: 1100, y: 300, facing: FACING_BLACK }, 'black-u1': { x: 1250, y: 1150, facing: FACING_RED } });
    const move = (to: { x: number; y: number }, mode: string): Record<string, { input: number; score: number }> => considerationsOf(s, p.state, p.bf, { type: 'move', side: 'red', unit: 'red-u2', mode, to }, 'move');
    const still = move({ x: 1100, y: 300 }, 'advance');
    const toward = move({ x: 1250, y: 480 }, 'advance');
    const away = move({ x: 1000, y: 250 }, 'backward');
    // Going nowhere is neither nearer nor further: the middle of the curve.
    expect(still['closing on our objective']).toMatchObject({ input: 0.5 });
    expect(still['closing on our objective']!.score).toBeCloseTo(0.65, 12);
    expect(toward['closing on our objective']!.input).toBeCloseTo(0.9358813742343484, 10);
    expect(toward['hold our objective']!.input).toBeCloseTo(0.8580519997064375, 10);
    expect(away['closing on our objective']!.input).toBeCloseTo(0.30425239248765035, 10);
    // Standing still, 12" off: one move and a third away, so the holding pull is well under half.
    expect(still['hold our objective']!.input).toBeCloseTo(0.4043549584692696, 10);
    expect(toward['closing on our objective']!.score).toBeGreaterThan(still['closing on our objective']!.score);
    expect(away['closing on our objective']!.score).toBeLessThan(still['closing on our objective']!.score);
  });

  it('a charge across the stream is forecast to do nothing, and scores as a wasted turn', () => {
    // The cuirassiers 10" from a gun, but the stream lies between: the ground to the contact spot
    // cannot be crossed, whatever the roll.
    const p = handMade(s, { 'red-u0': { x: 150, y: 380, facing: FACING_BLACK }, 'black-u3': { x: 150, y: 640, facing: FACING_RED }, 'black-u1': { x: 1500, y: 1150, facing: FACING_RED } });
    const charge = { type: 'charge', side: 'red', unit: 'red-u0', target: 'black-u3' };
    expect(s.ruleset.legalActions(p.state, p.bf, 'red').some((l) => l.group === 'charge')).toBe(true);
    const f = onePageAi.forecast(p.state as never, p.bf, charge);
    expect(f).toMatchObject({ target: 'black-u3', inflicted: 0, removes: 0, risk: 0.15 });
    const k = considerationsOf(s, p.state, p.bf, charge, 'charge');
    expect(k['damage to the enemy']).toEqual({ name: 'damage to the enemy', input: 0, score: (CURVES.futile as { value: number }).value });
    expect(k['damage to the enemy']!.score).toBe(0.35);
  });
});
