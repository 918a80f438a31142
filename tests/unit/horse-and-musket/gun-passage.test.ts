/** Moving through friendly or unmanned guns (A §11.7, B §2.1): loose within 1", through, never stopping on them. */

import { describe, expect, it } from 'vitest';
import { inch } from '../../../src/core/measure';
import type { HmState } from '../../../src/rules/horse-and-musket/types';
import { unitsOverlap } from '../../../src/rules/horse-and-musket/zones';
import { act, buildState, expectPose, makeGeneral, makeUnit, unit, UP } from './fixture';

/** A battalion (or skirmishers) at 30", 10" facing up the table, a gun 4" ahead of it. */
function withGun(gunSide: 'a' | 'b', mover: 'infantry' | 'skirmInf' = 'infantry'): HmState {
  const gun = makeUnit({ id: 'G', side: gunSide, troop: 'artillery', x: 30, y: 14, facing: UP });
  const id = mover === 'infantry' ? 'I' : 'K';
  return buildState({
    units: [makeUnit({ id, side: 'a', troop: mover, x: 30, y: 10 }), gun, makeGeneral('ga', 'a', 10, 2), makeGeneral('gb', 'b', 60, 46)],
    hands: { a: [mover === 'infantry' ? 'u:I:1' : 'skirmInf:a:1'] },
  });
}
const move = (y: number) => ({ type: 'order', side: 'a', unit: 'I', card: 'u:I:1', order: 'move', to: { x: inch(30), y: inch(y) } });

describe('a unit passes through its own guns in loose formation (A §11.7)', () => {
  it('a line moves 6" straight through a friendly battery 4" ahead and stands beyond it, loose', () => {
    const r = act(withGun('a'), move(16));
    const i = unit(r.state, 'I');
    expectPose(i, 30, 16, UP);
    expect(i.formation).toBe('loose');
    expect(unitsOverlap(i, unit(r.state, 'G'))).toBe(false);
    expect(r.events.find((e) => e.unit === 'I')!.text).toContain('I breaks ranks into loose formation to pass G');
  });

  it('going loose as soon as it comes within 1", it may not stop on the guns: it halts short of them', () => {
    const r = act(withGun('a'), move(14.5));
    const i = unit(r.state, 'I');
    // The gun's rear edge is at 13.21"; the line's front edge, 0.79" ahead of its centre, stops short of it.
    expectPose(i, 30, 12.25, UP);
    expect(i.formation).toBe('loose');
  });

  it('a line marching alongside its guns, never nearer than it began, keeps its ranks', () => {
    const s = withGun('a');
    // The gun 1" to the right of the line's end, level with it.
    const g = unit(s, 'G');
    g.x = inch(30 + 2.5 * 40 / 25.4 + 0.5 + 20 / 25.4);
    g.y = inch(10);
    const r = act(s, move(14));
    expectPose(unit(r.state, 'I'), 30, 14, UP);
    expect(unit(r.state, 'I').formation).toBe('line');
  });

  it('skirmishers pass through their guns without breaking their chain; a manned enemy gun is no way through', () => {
    const played = act(withGun('a', 'skirmInf'), { type: 'play-card', side: 'a', card: 'skirmInf:a:1' }).state;
    const r = act(played, { type: 'order', side: 'a', unit: 'K', card: 'skirmInf:a:1', order: 'move', to: { x: inch(30), y: inch(16) } });
    expectPose(unit(r.state, 'K'), 30, 16);
    expect(unit(r.state, 'K').formation).toBe('loose');
    expect(r.events.find((e) => e.unit === 'K')!.text).not.toContain('breaks ranks');
    // A manned enemy battery 14" ahead: the line halts with its Colour Stand 9" from the gun's.
    const enemy = withGun('b');
    unit(enemy, 'G').y = inch(24);
    const m = act(enemy, move(16));
    expectPose(unit(m.state, 'I'), 30, 24 - 9 - 40 / 25.4, UP);
    expect(unit(m.state, 'I').formation).toBe('line');
  });
});
