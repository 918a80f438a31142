/** A withdrawal's compulsory 3" and what it meets on the way (A §19.4). */

import { describe, expect, it } from 'vitest';
import { act, buildState, disordered, makeGeneral, makeUnit, unit, UP, DOWN } from './fixture';

/** W withdraws straight back (toward y = 0); a unit of `side` stands 0.9" behind it. */
function behind(side: 'a' | 'b', shaken = false) {
  const s = buildState({
    units: [
      makeUnit({ id: 'W', side: 'a', troop: 'infantry', x: 36, y: 20, facing: UP, rs: { retrograde: 'withdrawing', retrogradeHeading: DOWN } }),
      makeUnit({ id: 'F', side, troop: 'infantry', x: 36, y: 17.5, facing: UP, rs: { shakenMarker: shaken } }),
      makeGeneral('ga', 'a', 10, 2),
      makeGeneral('gb', 'b', 60, 46),
    ],
    hands: { a: [] },
    issued: true,
  });
  return act(s, { type: 'end-turn', side: 'a' });
}

describe('withdrawing (A §19.4)', () => {
  it('stops behind an unshaken friend, in loose formation', () => {
    const r = behind('a');
    const w = unit(r.state, 'W');
    expect(w.rs.retrograde).toBe('none');
    expect(w.formation).toBe('loose');
    expect(w.y / 25.4).toBeGreaterThan(19);
  });

  it('passes through a shaken friend, every stand of both disordered', () => {
    const r = behind('a', true);
    const w = unit(r.state, 'W');
    // Through F (at 17.5"), and then moved clear of it at the end of the turn (A §11.8).
    expect(w.y / 25.4).toBeLessThan(17.5);
    expect(r.events.some((e) => e.type === 'separate' && e.text.startsWith('W and F end the turn overlapping'))).toBe(true);
    expect(disordered(w)).toBe(5);
    expect(disordered(unit(r.state, 'F'))).toBe(5);
  });

  it('halts short of an enemy, every stand disordered', () => {
    const r = behind('b');
    const w = unit(r.state, 'W');
    expect(w.y / 25.4).toBeCloseTo(20, 2);
    expect(w.rs.retrograde).toBe('none');
    expect(disordered(w)).toBe(5);
  });
});

describe('no two units end a turn overlapping (A §11.8)', () => {
  it('two overlapping battalions move equal distances apart until clear', () => {
    const s = buildState({
      units: [
        makeUnit({ id: 'P', side: 'a', troop: 'infantry', x: 36, y: 20, facing: UP }),
        // 1" behind P's centre: their stands overlap by about half an inch.
        makeUnit({ id: 'Q', side: 'a', troop: 'infantry', x: 36, y: 19, facing: UP }),
        makeGeneral('ga', 'a', 10, 2),
        makeGeneral('gb', 'b', 60, 46),
      ],
      hands: { a: [] },
      issued: true,
    });
    const r = act(s, { type: 'end-turn', side: 'a' });
    const p = unit(r.state, 'P');
    const q = unit(r.state, 'Q');
    // 40 mm stands 25.4 mm apart: each moves (40 − 25.4) / 2 = 7.3 mm.
    expect(p.y - 20 * 25.4).toBeCloseTo(7.3, 1);
    expect(19 * 25.4 - q.y).toBeCloseTo(7.3, 1);
    expect(r.events.some((e) => e.type === 'separate')).toBe(true);
  });
});
