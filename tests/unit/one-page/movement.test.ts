/** Scenarios: movement rolls, terrain, move directions, interpenetration and wheels (§7, §17.16, Q21, Q23, Q27). */

import { describe, expect, it } from 'vitest';
import { corners } from '../../../src/core/geometry';
import { inch } from '../../../src/core/measure';
import { footprint } from '../../../src/rules/one-page/world';
import { act, buildGame, DOWN, event, expectPose, refuse, unit, UP, woodRect } from './fixture';

const move = (unitId: string, mode: string, x: number, y: number, side = 'red') => ({ type: 'move', side, unit: unitId, mode, to: { x: inch(x), y: inch(y) } });

describe('advances and terrain (§17.16)', () => {
  it('cavalry rolls 3: (6 + 3) x 2 = 18"', () => {
    const s = buildGame({ units: [{ id: 'red-u0', x: 36, y: 4, facing: UP }, { id: 'black-u1', x: 10, y: 44 }] });
    const r = act(s, move('red-u0', 'advance', 36, 40), [3]);
    expect(event(r.events, 'move-roll').text).toBe('Dragoon Regt. Bayreuth rolls its move for advance: (6 + D6 (3)) × 2 = 18.0"');
    expect(event(r.events, 'move').text).toBe('Dragoon Regt. Bayreuth advances 18.0", its full allowance');
    expectPose(unit(r.state, 'red-u0'), 36, 22, UP);
  });

  it('a column rolls 2 and 5: 6 + 2 + 5 = 13"; in a wood each inch costs two (Q27)', () => {
    // The column's front edge is 3" from a wood: 3" in the open, then the other 10" buy 5".
    const s = buildGame({
      units: [{ id: 'red-u2', x: 36, y: 10, facing: UP, formation: 'column' }, { id: 'black-u1', x: 10, y: 44 }],
      table: { features: [woodRect('Copse', 20, 10 + 1.125 + 3, 52, 30)] },
    });
    expect(footprint(unit(s, 'red-u2')).depth).toBeCloseTo(inch(2.25), 6);
    const r = act(s, move('red-u2', 'advance', 36, 30), [2, 5]);
    expect(event(r.events, 'move-roll').text).toBe('IR 15 Garde rolls its move for advance: 6 + D6 (2) + D6 column (5) = 13.0"');
    expect(event(r.events, 'move').text).toBe('IR 15 Garde advances 8.0", its full allowance');
    expectPose(unit(r.state, 'red-u2'), 36, 18, UP);
  });

  it('a line may not enter a wood: it stops with its front at the edge, "stopped by the ground" (Q25)', () => {
    const s = buildGame({
      units: [{ id: 'red-u2', x: 36, y: 10, facing: UP }, { id: 'black-u1', x: 10, y: 44 }],
      table: { features: [woodRect('Copse', 20, 14, 52, 30)] },
    });
    const r = act(s, move('red-u2', 'advance', 36, 22), [6]);
    expect(event(r.events, 'move').text).toBe('IR 15 Garde advances 3.6", stopped by the ground');
    const front = unit(r.state, 'red-u2').y + inch(0.375);
    expect(Math.abs(front - inch(14))).toBeLessThan(0.1);
  });

  it('moving backwards is half speed, facing unchanged: 6 + 4 -> 5" (§17.16)', () => {
    const s = buildGame({ units: [{ id: 'red-u2', x: 36, y: 20, facing: UP }, { id: 'black-u1', x: 10, y: 44 }] });
    const r = act(s, move('red-u2', 'backward', 36, 5), [4]);
    expect(event(r.events, 'move').text).toBe('IR 15 Garde moves backward at half speed 5.0" (half of 10.0"), its full allowance');
    expectPose(unit(r.state, 'red-u2'), 36, 15, UP);
    // A retire turns its back to the enemy and goes the full roll.
    const s2 = buildGame({ units: [{ id: 'red-u2', x: 36, y: 20, facing: UP }, { id: 'black-u1', x: 10, y: 44 }] });
    const r2 = act(s2, move('red-u2', 'retire', 36, 5), [4]);
    expectPose(unit(r2.state, 'red-u2'), 36, 10, DOWN);
    // Directions are checked before any die is rolled.
    expect(refuse(s2, move('red-u2', 'advance', 36, 5))).toBe('IR 15 Garde advances forward, within 45° of its front; the point given is to its rear');
    expect(refuse(s2, move('red-u2', 'sideways', 36, 30))).toBe('IR 15 Garde moves sideways to a flank, between 45° and 135° of its front; the point given is to its front');
  });

  it('a formed friend stops a move; skirmishers pass through friends (Q23)', () => {
    const s = buildGame({
      units: [
        { id: 'red-u2', x: 36, y: 10, facing: UP },
        { id: 'red-u3', x: 36, y: 16, facing: UP },
        { id: 'red-u1', x: 20, y: 10, facing: UP },
        { id: 'red-u5', x: 20, y: 14, facing: UP },
        { id: 'black-u1', x: 10, y: 44 },
      ],
    });
    const blocked = act(s, move('red-u2', 'advance', 36, 22), [6]);
    expect(event(blocked.events, 'move').text).toBe('IR 15 Garde advances 5.2", stopped by other troops');
    // It halts touching the guards: fronts and rears 0.75" apart, centre to centre.
    expect(Math.abs(unit(blocked.state, 'red-u2').y - inch(16 - 0.75))).toBeLessThan(0.1);
    // The Jäger skirmish through the line in front of them and come out beyond it.
    const through = act(blocked.state, move('red-u1', 'advance', 20, 18), [1]);
    expect(event(through.events, 'move').text).toBe('Freikorps Jäger advances 7.0", its full allowance');
    expectPose(unit(through.state, 'red-u1'), 20, 17, UP);
    // But they may not end on top of it: 6 + 1 = 7" would leave them inside; they stop short, clear of it.
    const s2 = buildGame({
      units: [
        { id: 'red-u1', x: 20, y: 10, facing: UP },
        { id: 'red-u5', x: 20, y: 17, facing: UP },
        { id: 'black-u1', x: 10, y: 44 },
      ],
    });
    const short = act(s2, move('red-u1', 'advance', 20, 30), [1]);
    const y = unit(short.state, 'red-u1').y;
    expect(y + inch(0.375)).toBeLessThanOrEqual(inch(17 - 0.375) + 0.5);
  });

  it('a wheel swings the outer corner along its arc, no further than the roll (Q21)', () => {
    const s = buildGame({ units: [{ id: 'red-u2', x: 36, y: 10, facing: UP }, { id: 'black-u1', x: 10, y: 44 }] });
    // 6 + 1 = 7" on a 6" frontage: 7/6 rad = 66.8° at most, though 90° is declared.
    const r = act(s, { type: 'wheel', side: 'red', unit: 'red-u2', angle: Math.PI / 2 }, [1]);
    expect(event(r.events, 'wheel').text).toBe('IR 15 Garde wheels left 67° (declared 90°; its 7.0" swings the outer corner 67° at most)');
    // The front-left corner (east: the unit faces north, so its left is to the west) stays put.
    const a = 7 / 6;
    const pivot = { x: 33, y: 10.375 };
    const cx = pivot.x + Math.cos(a) * 3 - Math.sin(a) * -0.375;
    const cy = pivot.y + Math.sin(a) * 3 + Math.cos(a) * -0.375;
    expectPose(unit(r.state, 'red-u2'), cx, cy, UP + a);
    // The pivot corner has not moved.
    const [fl] = corners(footprint(unit(r.state, 'red-u2')));
    expect(Math.hypot(fl.x - inch(pivot.x), fl.y - inch(pivot.y))).toBeLessThan(1e-6);
    expect(refuse(s, { type: 'wheel', side: 'red', unit: 'red-u2', angle: Math.PI })).toBe('a wheel turns the unit by up to 90° to the left or right');
  });
});

describe('a charge stopped on its way', () => {
  it('stops where it was blocked and does not move on a second time', () => {
    const s = buildGame({
      units: [
        { id: 'red-u0', x: 36, y: 10, facing: UP },
        // A black unit the dragoons are not charging stands in their path.
        { id: 'black-u2', x: 36, y: 15, facing: DOWN },
        { id: 'black-u1', x: 36, y: 30, facing: DOWN },
      ],
    });
    // Units do not block sight: the line is a legal target, but the militia stand in the way.
    const r = act(s, { type: 'charge', side: 'red', unit: 'red-u0', target: 'black-u1' }, [6]);
    const stop = event(r.events, 'charge-short');
    expect(stop.text).toBe('Dragoon Regt. Bayreuth\'s charge is stopped 4.0" toward IR 1 Kaiser by other troops');
    const cav = unit(r.state, 'red-u0');
    expect(Math.abs(cav.y + inch(0.625) - inch(15 - 0.375))).toBeLessThan(0.5);
    expect(cav.rs.inMelee).toEqual([]);
  });
});
