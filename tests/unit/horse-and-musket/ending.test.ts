/** Ending the battle by choice (B §8.2): by agreement on the winner, or by surrendering the units within the enemy's reach. */

import { describe, expect, it } from 'vitest';
import type { HmState } from '../../../src/rules/horse-and-musket/types';
import { act, buildState, legal, makeGeneral, makeUnit, refuse } from './fixture';

/** Side a's turn at the moment of decision: a's battalion 8" from b's, a second a battalion far off. */
function position(): HmState {
  return buildState({
    units: [
      makeUnit({ id: 'a1', side: 'a', troop: 'infantry', x: 30, y: 20 }),
      makeUnit({ id: 'a2', side: 'a', troop: 'infantry', x: 60, y: 6 }),
      makeUnit({ id: 'b1', side: 'b', troop: 'infantry', x: 30, y: 28 }),
      makeGeneral('ga', 'a', 36, 4),
      makeGeneral('gb', 'b', 36, 44),
    ],
    side: 'a',
    step: 'decision',
  });
}

describe('ending the battle by agreement (B §8.2)', () => {
  it('offers name the winner; the other side answers; accepting records the result', () => {
    const s = position();
    const labels = legal(s, 'a').map((l) => l.label);
    expect(labels).toContain('Offer to end the battle: Austrians win');
    expect(labels).toContain('Offer to end the battle as a draw');
    expect(labels).toContain('Offer to end the battle as your victory');
    const offered = act(s, { type: 'offer-end', side: 'a', winner: null });
    expect(offered.events.map((e) => e.text)).toEqual(['Prussians offer to end the battle as a draw; Austrians must answer']);
    expect(offered.state.active).toBe('b');
    expect(offered.state.phase).toBe('offer to end');
    expect(legal(offered.state, 'a')).toEqual([]);
    expect(legal(offered.state, 'b').map((l) => l.label)).toEqual(['Refuse to end the battle as a draw', 'Agree to end the battle as a draw']);
    expect(refuse(offered.state, { type: 'issue-orders', side: 'a' })).toBe('Austrians must answer the offer to end the battle');
    const agreed = act(offered.state, { type: 'accept-end', side: 'b' });
    expect(agreed.state.result).toEqual({ winner: null, reason: 'The battle ended by agreement: a draw' });
    expect(agreed.state.active).toBeNull();
    expect(agreed.events.map((e) => e.text)).toEqual(['Austrians agree. The battle ended by agreement: a draw']);
  });

  it('a refused offer gives the turn back, and only one offer is made a turn', () => {
    const s = act(position(), { type: 'offer-end', side: 'a', winner: 'a' }).state;
    const refused = act(s, { type: 'refuse-end', side: 'b' });
    expect(refused.events.map((e) => e.text)).toEqual(['Austrians refuse to end the battle; it goes on']);
    expect(refused.state.result).toBeNull();
    expect(refused.state.active).toBe('a');
    expect(refused.state.phase).toBe('decision');
    expect(legal(refused.state, 'a').some((l) => l.action.type === 'offer-end')).toBe(false);
    expect(refuse(refused.state, { type: 'offer-end', side: 'a', winner: 'b' })).toBe('one offer to end the battle a turn');
    expect(refuse(position(), { type: 'offer-end', side: 'a', winner: 'c' })).toBe('there is no side "c" to name the winner');
  });
});

describe('surrender (B §8.2)', () => {
  it('gives up every unit within an enemy\'s Attack range, and the enemy wins', () => {
    const s = position();
    expect(legal(s, 'a').map((l) => l.label)).toContain("Surrender (1 unit within the enemy's reach; the enemy wins)");
    const r = act(s, { type: 'surrender', side: 'a' });
    const a1 = r.state.units.find((u) => u.id === 'a1')!;
    expect([a1.removed, a1.rs.removedBy]).toEqual([true, 'surrendered']);
    expect(r.state.units.find((u) => u.id === 'a2')!.removed).toBe(false);
    expect(r.state.result).toEqual({ winner: 'b', reason: 'Prussians surrendered 1 unit to end the battle' });
    expect(r.events.map((e) => e.text)).toEqual(['Prussians surrendered 1 unit to end the battle (a1): Austrians win']);
  });

  it('is not offered, and refused, when no unit is within the enemy\'s reach', () => {
    const s = position();
    s.units.find((u) => u.id === 'b1')!.y = 44 * 25.4;
    expect(legal(s, 'a').some((l) => l.action.type === 'surrender')).toBe(false);
    expect(refuse(s, { type: 'surrender', side: 'a' })).toBe("none of your units is within the enemy's reach: withdraw from the field instead");
  });
});
