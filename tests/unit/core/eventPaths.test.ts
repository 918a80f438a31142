/** The ways units took, read off events for the table: only well-formed paths, and in a preview only those before any die. */

import { describe, expect, it } from 'vitest';
import { eventPath, eventPaths, pathsBeforeDice } from '../../../src/core/eventPaths';
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
});
