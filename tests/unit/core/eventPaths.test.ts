/** The ways units took, read off events for the table: only well-formed paths, and in a preview only those before any die. */

import { describe, expect, it } from 'vitest';
import { eventPath, eventPaths, pathsBeforeDice, posesBeforeDice } from '../../../src/core/eventPaths';
import type { GameEvent } from '../../../src/core/model';

const way = [
  { x: 0, y: 0 },
  { x: 10, y: 0 },
  { x: 10, y: 12 },
];
const moved: GameEvent = { type: 'evade-move', text: 'S slips away', data: { path: way } };
const fired: GameEvent = { type: 'skirmish-fire', text: 'S fires', dice: [{ purpose: 'skirmisher fire', sides: 6, values: [3, 4] }] };
const later: GameEvent = { type: 'move', text: 'after the dice', data: { path: [way[0], way[2]] } };

describe('event paths', () => {
  it('reads a path of two or more points and nothing else', () => {
    expect(eventPath(moved)).toEqual(way);
    expect(eventPath({ type: 'x', text: '', data: { path: [{ x: 1, y: 2 }] } })).toBeNull();
    expect(eventPath({ type: 'x', text: '', data: { path: [{ x: 1, y: 2 }, { x: 'a', y: 3 }] } })).toBeNull();
    expect(eventPath({ type: 'x', text: '' })).toBeNull();
  });

  it('keeps every path after the move, and for a preview only those before the first die', () => {
    expect(eventPaths([moved, fired, later])).toEqual([way, [way[0], way[2]]]);
    expect(pathsBeforeDice([moved, fired, later])).toEqual([way]);
    expect(pathsBeforeDice([fired, moved])).toEqual([]);
  });

  it('gives the poses events state before the first die, for a unit, and only well-formed ones', () => {
    const retired: GameEvent = { type: 'retire-move', text: 'A retires 9"', unit: 'A', data: { path: [way[0], way[1]], pose: { x: 10, y: 0, facing: 1.5 } } };
    const noUnit: GameEvent = { type: 'x', text: '', data: { pose: { x: 1, y: 1, facing: 0 } } };
    const bad: GameEvent = { type: 'x', text: '', unit: 'B', data: { pose: { x: 1, y: 1 } } };
    expect(posesBeforeDice([retired, noUnit, bad, fired, { ...retired, unit: 'C' }])).toEqual([{ unit: 'A', x: 10, y: 0, facing: 1.5 }]);
  });
});
