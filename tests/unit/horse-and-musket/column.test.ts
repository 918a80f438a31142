/** Columns (A §11.5): the free wheel, once a turn off the road. */

import { describe, expect, it } from 'vitest';
import { act, buildState, legal, makeGeneral, makeUnit, refuse, unit } from './fixture';

function column() {
  return buildState({
    units: [makeUnit({ id: 'C', side: 'a', troop: 'infantry', x: 20, y: 10, formation: 'column', rs: { columnCompulsory: true } }), makeGeneral('ga', 'a', 10, 2), makeGeneral('gb', 'b', 60, 46)],
    hands: { a: [] },
  });
}

describe('a column wheels once a turn for free (A §11.5)', () => {
  it('wheels 30° left with no card, pivoting on its left front corner, and may not wheel again off the road', () => {
    const s = column();
    expect(legal(s, 'a').filter((l) => l.unit === 'C').map((l) => l.label)).toEqual(['Wheel the column (free)']);
    const before = unit(s, 'C').facing;
    const r = act(s, { type: 'column-wheel', side: 'a', unit: 'C', angle: Math.PI / 6 });
    expect(unit(r.state, 'C').facing - before).toBeCloseTo(Math.PI / 6, 6);
    expect(unit(r.state, 'C').rs.freeWheels).toBe(1);
    expect(refuse(r.state, { type: 'column-wheel', side: 'a', unit: 'C', angle: 0.1 })).toBe('that unit has no free column wheel now');
  });

  it('refuses a wheel of more than 45°', () => {
    expect(refuse(column(), { type: 'column-wheel', side: 'a', unit: 'C', angle: 1 })).toBe('a wheel is at most 45°');
  });
});
