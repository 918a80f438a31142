/** The ± choices of a Resolve test (A §18.1, A30): both throws are shown, then the attacker chooses, then the defender. */

import { describe, expect, it } from 'vitest';
import { act, attack, buildState, event, legal, makeGeneral, makeUnit, refuse } from './fixture';

/** A with a Capable General attached (±1 after the throw), 7.4" from D in the open. */
function withGeneral(choices?: 'automatic') {
  const s = buildState({
    units: [
      makeUnit({ id: 'A', side: 'a', troop: 'infantry', x: 36, y: 17 }),
      makeUnit({ id: 'D', side: 'b', troop: 'infantry', x: 36, y: 26 }),
      // Behind A's Colour Stand, touching it: attached (A §2.2).
      makeGeneral('gA', 'a', 36, 17 - 40 / 25.4 + 0.1, { attachedTo: 'A', role: 'general' }),
      makeGeneral('ga', 'a', 10, 2),
      makeGeneral('gb', 'b', 60, 46),
    ],
    hands: { a: ['u:A:1'] },
  });
  if (choices) s.options.resolveChoices = choices;
  return s;
}

describe('Resolve choices (A30)', () => {
  it('the throws wait for the attacker, whose two options show the total and row each gives', () => {
    // A throws 4+4, D throws 3+3.
    const r = attack(withGeneral(), 'A', 'D', [4, 4, 3, 3]);
    expect(r.state.rules.pendingChoice?.awaiting).toBe('A');
    expect(event(r.events, 'resolve-thrown').text).toBe('A throws 4+4 and D 3+3 for Resolve; A chooses its modifiers');
    // 8 −1 unsupported +1 fresh, then the General: +1 → 9 (8–9 row) or −1 → 7 (Stand).
    expect(legal(r.state, 'a').map((l) => l.label)).toEqual(['A: General +1: 9, 8–9: advance to 6" and Fire; within 6", Stand and Fire', 'A: General −1: 7, 7: Stand']);
    expect(legal(r.state, 'b')).toEqual([]);
    expect(refuse(r.state, { type: 'end-turn', side: 'a' })).toBe('A must first choose its Resolve modifiers');
  });

  it('the chosen −1 is the one applied, with its reason in the test', () => {
    const declared = attack(withGeneral(), 'A', 'D', [4, 4, 3, 3]);
    const r = act(declared.state, { type: 'resolve-choice', side: 'a', coverChoice: 'raise', generalChoice: 'lower', austrianChoice: 'raise' }, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    const test = r.events.find((e) => e.type === 'resolve' && e.unit === 'A')!;
    expect(test.modifiers).toContainEqual({ value: -1, reason: 'Capable General attached (chose −1)' });
    expect(test.chart?.row).toBe('7: Stand');
    expect(r.state.rules.pendingChoice).toBeNull();
  });

  it('a choice the unit does not have is refused', () => {
    const declared = attack(withGeneral(), 'A', 'D', [4, 4, 3, 3]);
    expect(refuse(declared.state, { type: 'resolve-choice', side: 'a', coverChoice: 'lower', generalChoice: 'raise', austrianChoice: 'raise' })).toBe('A has no cover choice in this test');
  });

  it('with the program choosing, no one is asked and the best total is taken', () => {
    const r = attack(withGeneral('automatic'), 'A', 'D', [4, 4, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(r.state.rules.pendingChoice ?? null).toBeNull();
    expect(r.events.find((e) => e.type === 'resolve' && e.unit === 'A')!.modifiers).toContainEqual({ value: 1, reason: 'Capable General attached (chose +1)' });
  });
});
