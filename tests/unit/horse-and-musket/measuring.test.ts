/** The book's no-measuring rule as a setting (A §11.10): declared out of reach, only the attacker's result counts. */

import { describe, expect, it } from 'vitest';
import { attack, buildState, event, legal, makeGeneral, makeUnit, refuse, unit } from './fixture';

/** Infantry A 10.4" (fronts) from infantry D: beyond the 9" Attack range. */
function apart(measuring: 'free' | 'after-declaring') {
  const s = buildState({
    units: [makeUnit({ id: 'A', side: 'a', troop: 'infantry', x: 36, y: 14, status: 'elite' }), makeUnit({ id: 'D', side: 'b', troop: 'infantry', x: 36, y: 26 }), makeGeneral('ga', 'a', 10, 2), makeGeneral('gb', 'b', 60, 46)],
    hands: { a: ['u:A:1'] },
  });
  s.options.measuring = measuring;
  return s;
}

describe('measuring only after declaring (A §11.10)', () => {
  it('when the program measures, a target out of range cannot be attacked', () => {
    const s = apart('free');
    expect(legal(s, 'a').some((l) => l.action.order === 'attack')).toBe(false);
    expect(refuse(s, { type: 'order', side: 'a', unit: 'A', card: 'u:A:1', order: 'attack', target: 'D' })).toBe('A has no target it may Attack now: it needs one in range, in sight, on a clear line and of a kind it may attack');
  });

  it('without measuring the Attack may be declared; out of reach, the attacker charges short and the defender is untouched', () => {
    const s = apart('after-declaring');
    expect(legal(s, 'a').some((l) => l.action.order === 'attack')).toBe(true);
    const before = unit(s, 'D');
    // A 6+6 −1 unsupported +1 higher status +1 fresh = 13: Charge (up to 9"); D 1+1 would break and run, but ignores its result.
    const r = attack(s, 'A', 'D', [6, 6, 1, 1]);
    const text = event(r.events, 'attack-result').text;
    expect(text).toContain('D proves to be out of reach');
    const a = unit(r.state, 'A');
    const d = unit(r.state, 'D');
    expect((a.y - 14 * 25.4) / 25.4).toBeCloseTo(9, 1);
    expect(d.y).toBe(before.y);
    expect(d.rs.retrograde).toBe('none');
    expect(d.stands.every((st) => st.status === 'ok')).toBe(true);
  });
});
