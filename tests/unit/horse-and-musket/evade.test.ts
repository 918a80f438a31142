/** Evading an Attack (B §1.5) with scripted dice: the defender's choice, the chart, the moves, the attacker's test. */

import { describe, expect, it } from 'vitest';
import { act, attack, buildState, event, legal, makeGeneral, makeUnit, refuse, unit } from './fixture';

/** Infantry A (side a, facing up) attacks skirmishing infantry S 7" ahead on open ground. */
function skirmishers() {
  return buildState({
    units: [
      makeUnit({ id: 'A', side: 'a', troop: 'infantry', x: 36, y: 17 }),
      makeUnit({ id: 'S', side: 'b', troop: 'skirmInf', x: 36, y: 26 }),
      makeGeneral('ga', 'a', 10, 2),
      makeGeneral('gb', 'b', 60, 46),
    ],
    hands: { a: ['u:A:1'], b: ['skirmInf:b:1'] },
  });
}

describe('Evade (B §1.5)', () => {
  it('an Attack on skirmishers waits for their answer, and nothing else may be done meanwhile', () => {
    const r = attack(skirmishers(), 'A', 'S', []);
    expect(r.state.rules.pendingReaction?.defender).toBe('S');
    expect(r.state.active).toBe('b');
    const answers = legal(r.state, 'b').map((l) => l.label);
    expect(answers).toEqual(['S: Evade', 'S: stand', 'S: Evade with Skirmishing infantry card (+1)']);
    expect(legal(r.state, 'a')).toEqual([]);
    expect(refuse(r.state, { type: 'end-turn', side: 'a' })).toContain('must first answer the Attack');
  });

  it('a 4 evades 6" straight away; the attacker tests as Resolute and the evaders roll confrontation dice as Uncertain', () => {
    const declared = attack(skirmishers(), 'A', 'S', []);
    const yBefore = unit(declared.state, 'S').y;
    // Evade 4 (Trained, attacked by foot: no modifier) → 6"; A's Resolve 4+4 = 8 +1 fresh −1 unsupported → 8: 8-9 row.
    // Confrontation: A 5 dice (Resolute, 4+), S 4 dice for its 4 stands (Uncertain, 5+).
    const r = act(declared.state, { type: 'react', side: 'b', choice: 'evade', card: null }, [4, 4, 4, 6, 6, 1, 1, 1, 5, 1, 1, 1]);
    const ev = event(r.events, 'evade', 'S');
    expect(ev.chart).toEqual({ chart: 'Evade', row: '4: Evade 6" (cavalry 18"), then attackers test Resolve' });
    expect(ev.modifiers).toEqual([]);
    const s = unit(r.state, 'S');
    expect((s.y - yBefore) / 25.4).toBeCloseTo(6, 1);
    const resolve = r.events.find((e) => e.type === 'resolve' && e.unit === 'A')!;
    expect(resolve.chart?.row).toBe('8–9: advance to 6" and Fire; within 6", Stand and Fire');
    const result = event(r.events, 'attack-result').text;
    expect(result).toContain("A (resolute) 6 6 1 1 1 → 2 of S's stands disordered; S (uncertain) 5 1 1 1 → 1 of A's disordered");
    expect(r.state.rules.pendingReaction).toBeNull();
    expect(r.state.active).toBe('a');
  });

  it('a skirmisher card adds +1 and is spent: a 4 becomes 5, and the attacker does not test but moves 6" forward', () => {
    const declared = attack(skirmishers(), 'A', 'S', []);
    const yA = unit(declared.state, 'A').y;
    const r = act(declared.state, { type: 'react', side: 'b', choice: 'evade', card: 'skirmInf:b:1' }, [4]);
    expect(event(r.events, 'evade', 'S').modifiers).toEqual([{ value: 1, reason: 'Skirmisher order card' }]);
    expect(r.state.rules.sides.b!.hand).not.toContain('skirmInf:b:1');
    expect(r.events.some((e) => e.type === 'resolve')).toBe(false);
    expect((unit(r.state, 'A').y - yA) / 25.4).toBeCloseTo(6, 1);
  });

  it('skirmishers that stand are caught in the open by a charge and destroyed (B §1.3)', () => {
    const declared = attack(skirmishers(), 'A', 'S', []);
    // A's Resolve 6+6 → Charge; S's Resolve (Chart B) 1+1 → Break & Run; confrontation dice do not matter.
    const r = act(declared.state, { type: 'react', side: 'b', choice: 'stand', card: null }, [6, 6, 1, 1]);
    expect(unit(r.state, 'S').removed).toBe(true);
    expect(event(r.events, 'attack-result').text).toContain('skirmishers caught in the open');
  });
});

describe('the direction of an Evade (B §1.5)', () => {
  it('goes straight away from the attacker, wheeled as chosen up to 45°', () => {
    const declared = attack(skirmishers(), 'A', 'S', []);
    const s0 = unit(declared.state, 'S');
    // A 5 evades 6" and the attacker does not test; the skirmishers wheel 30° to their left of straight away (+y).
    const r = act(declared.state, { type: 'react', side: 'b', choice: 'evade', card: null, angle: Math.PI / 6 }, [5]);
    const s = unit(r.state, 'S');
    const moved = Math.atan2(s.y - s0.y, s.x - s0.x);
    expect(moved).toBeCloseTo(Math.PI / 2 + Math.PI / 6, 3);
    expect(Math.hypot(s.x - s0.x, s.y - s0.y) / 25.4).toBeCloseTo(6, 1);
  });

  it('refuses a wheel of more than 45°', () => {
    const declared = attack(skirmishers(), 'A', 'S', []);
    expect(refuse(declared.state, { type: 'react', side: 'b', choice: 'evade', card: null, angle: 1 })).toBe('evaders wheel at most 45° from straight away');
  });
});

describe("the Commander-in-chief's card in an Evade (B §1.5)", () => {
  it('adds +1 with the skirmisher card for +2, and both cards are spent', () => {
    const s = buildState({
      units: [makeUnit({ id: 'A', side: 'a', troop: 'infantry', x: 36, y: 17 }), makeUnit({ id: 'S', side: 'b', troop: 'skirmInf', x: 36, y: 26 }), makeGeneral('ga', 'a', 10, 2), makeGeneral('gb', 'b', 60, 46)],
      hands: { a: ['u:A:1'], b: ['skirmInf:b:1', 'g:gb:1'] },
    });
    const declared = attack(s, 'A', 'S', []);
    expect(legal(declared.state, 'b').map((l) => l.label)).toEqual([
      'S: Evade',
      'S: stand',
      "S: Evade with the Commander-in-chief's card (+1)",
      'S: Evade with Skirmishing infantry card (+1)',
      "S: Evade with Skirmishing infantry card and the Commander-in-chief's card (+2)",
    ]);
    // 3 + 2 = 5: evade 6", the attackers do not test.
    const r = act(declared.state, { type: 'react', side: 'b', choice: 'evade', card: 'skirmInf:b:1', cincCard: 'g:gb:1' }, [3]);
    expect(event(r.events, 'evade', 'S').modifiers).toEqual([
      { value: 1, reason: "Commander-in-chief's General card" },
      { value: 1, reason: 'Skirmisher order card' },
    ]);
    expect(r.state.rules.sides.b!.hand).toEqual([]);
  });

  it("refuses a General card that is not the Commander-in-chief's", () => {
    const s = buildState({
      units: [makeUnit({ id: 'A', side: 'a', troop: 'infantry', x: 36, y: 17 }), makeUnit({ id: 'S', side: 'b', troop: 'skirmInf', x: 36, y: 26 }), makeGeneral('ga', 'a', 10, 2), makeGeneral('gb', 'b', 60, 46), makeGeneral('g2', 'b', 50, 46, { role: 'general' })],
      hands: { a: ['u:A:1'], b: ['g:g2:1'] },
    });
    const declared = attack(s, 'A', 'S', []);
    expect(refuse(declared.state, { type: 'react', side: 'b', choice: 'evade', card: null, cincCard: 'g:g2:1' })).toBe("only a General card of the Commander-in-chief can help an Evade");
  });
});
