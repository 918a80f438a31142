/** A commander caught alone (Q52): he escapes to a friend within 12", or is captured. */

import { describe, expect, it } from 'vitest';
import { act, buildGame, DOWN, unit, UP } from './fixture';

describe('a commander caught alone (Q52)', () => {
  it('rides to join the nearest friendly unit within 12"', () => {
    const s = buildGame({
      units: [
        { id: 'red-u0', x: 36, y: 20, facing: UP },
        { id: 'black-c1', x: 36, y: 28 },
        { id: 'black-u1', x: 36, y: 36, facing: DOWN },
      ],
    });
    const r = act(s, { type: 'charge', side: 'red', unit: 'red-u0', target: 'black-c1' }, [1]);
    expect(r.events.map((e) => e.text)).toContain('General Wied escapes Dragoon Regt. Bayreuth and joins IR 1 Kaiser');
    expect(unit(r.state, 'black-c1').removed).toBe(false);
    expect(unit(r.state, 'black-c1').rs.joined).toBe('black-u1');
    expect(unit(r.state, 'black-u1').rs.joinedBy).toBe('black-c1');
  });

  it('is captured with no friend in reach', () => {
    const s = buildGame({
      units: [
        { id: 'red-u0', x: 36, y: 20, facing: UP },
        { id: 'black-c1', x: 36, y: 28 },
        { id: 'black-u1', x: 6, y: 44, facing: DOWN },
      ],
    });
    const r = act(s, { type: 'charge', side: 'red', unit: 'red-u0', target: 'black-c1' }, [1]);
    expect(unit(r.state, 'black-c1').removed).toBe(true);
    expect(unit(r.state, 'black-c1').rs.removedBy).toBe('captured');
    expect(r.events.map((e) => e.text)).toContain('General Wied is caught by Dragoon Regt. Bayreuth with no friend within 12" and is captured');
  });
});
