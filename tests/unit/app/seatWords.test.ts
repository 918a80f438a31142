/** The top bar's words for who plays what with seats: the person's seat, and what the computer plays, his own side's first. */

import { describe, expect, it } from 'vitest';
import { seatingWords } from '../../../src/app/seatWords';
import type { Seat } from '../../../src/core/model';

const sides = [
  { id: 'a', name: 'Prussians', nation: 'prussia', colour: '#000' },
  { id: 'b', name: 'Austrians', nation: 'austria', colour: '#fff' },
];
const seats: Seat[] = [
  { id: 'a', side: 'a', name: 'Prussians Commander-in-chief', role: 'cinc', units: [] },
  { id: 'a-sub', side: 'a', name: 'Prussians subordinate General (General 2)', role: 'subordinate', units: [] },
  { id: 'b', side: 'b', name: 'Austrians Commander-in-chief', role: 'cinc', units: [] },
  { id: 'b-sub', side: 'b', name: 'Austrians subordinate General (General 1)', role: 'subordinate', units: [] },
];

describe('seatingWords', () => {
  it("names the person's seat, and the computer's: his own Commander-in-chief, then the enemy", () => {
    expect(seatingWords({ seats, sides }, 'a-sub')).toEqual({
      you: 'subordinate General (General 2)',
      computer: 'your Commander-in-chief and the Austrians',
      full: 'You play the Prussians subordinate General (General 2); the computer plays the Prussians Commander-in-chief, Austrians Commander-in-chief and Austrians subordinate General (General 1).',
    });
    expect(seatingWords({ seats, sides }, 'b')!.computer).toBe('your subordinate General (General 1) and the Prussians');
    // A Commander-in-chief alone on his side: the computer plays only the enemy.
    expect(seatingWords({ seats: seats.filter((s) => s.id !== 'a-sub'), sides }, 'a')).toMatchObject({ you: 'Commander-in-chief', computer: 'the Austrians' });
  });

  it('says nothing without seats or without a seat of the person', () => {
    expect(seatingWords({ sides }, 'a')).toBeNull();
    expect(seatingWords({ seats, sides }, null)).toBeNull();
  });
});
