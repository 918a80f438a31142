/** The top bar's words for who plays what with seats: the person's seat, and the computer's, his own side's first. */

import { describe, expect, it } from 'vitest';
import { seatingWords } from '../../../src/app/seatWords';
import type { Seat } from '../../../src/core/model';

const seats: Seat[] = [
  { id: 'a', side: 'a', name: 'Prussians Commander-in-chief', role: 'cinc', units: [] },
  { id: 'a-sub', side: 'a', name: 'Prussians subordinate General (General 2)', role: 'subordinate', units: [] },
  { id: 'b', side: 'b', name: 'Austrians Commander-in-chief', role: 'cinc', units: [] },
  { id: 'b-sub', side: 'b', name: 'Austrians subordinate General (General 1)', role: 'subordinate', units: [] },
];

describe('seatingWords', () => {
  it("names the person's seat and the computer's, his own Commander-in-chief before the enemy", () => {
    expect(seatingWords({ seats }, 'a-sub')).toEqual({
      you: 'Prussians subordinate General (General 2)',
      computer: ['Prussians Commander-in-chief', 'Austrians Commander-in-chief', 'Austrians subordinate General (General 1)'],
    });
    expect(seatingWords({ seats }, 'b')!.computer).toEqual(['Austrians subordinate General (General 1)', 'Prussians Commander-in-chief', 'Prussians subordinate General (General 2)']);
  });

  it('says nothing without seats or without a seat of the person', () => {
    expect(seatingWords({}, 'a')).toBeNull();
    expect(seatingWords({ seats }, null)).toBeNull();
  });
});
