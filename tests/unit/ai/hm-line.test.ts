/**
 * Horse & Musket spots in the line and withdrawals near the edge: a formed battalion is offered the
 * spot level with a friend beside it and the spot close behind a friend ahead of it, and each, as
 * the rules read it there, gives the support it is meant to (A §18.2-18.3). A withdrawal that walks
 * a battalion off its own edge within two more turns is judged as giving up far more than one with
 * room behind it (B §8.1).
 */
import { describe, expect, it } from 'vitest';
import { hmAi, withdrawsOffTable } from '../../../src/rules/horse-and-musket/ai';
import { zoneContext } from '../../../src/rules/horse-and-musket/moves';
import { flankSupport, rearSupport, withPose } from '../../../src/rules/horse-and-musket/zones';
import { inch } from '../../../src/core/measure';
import { battlefieldFromSpec } from '../../../src/terrain/battlefield';
import type { HmState, HmUnit } from '../../../src/rules/horse-and-musket/types';
import { buildState, makeUnit, UP } from '../horse-and-musket/fixture';

function placed(state: HmState, id: string, at: { x: number; y: number }): HmUnit[] {
  return state.units.map((u) => (u.id === id ? withPose(u, { x: at.x, y: at.y, facing: u.facing }) : u));
}

describe('Horse & Musket spots in the line', () => {
  // a-4 faces up the table; a-5 stands 6" further on, beside it; a-6 stands 14" ahead of it; the enemy far off.
  const state = (): HmState =>
    buildState({
      units: [
        makeUnit({ id: 'a-4', side: 'a', troop: 'infantry', x: 36, y: 10 }),
        makeUnit({ id: 'a-5', side: 'a', troop: 'infantry', x: 36 + 7.5, y: 16 }),
        makeUnit({ id: 'a-6', side: 'a', troop: 'infantry', x: 36, y: 24 }),
        makeUnit({ id: 'b-4', side: 'b', troop: 'infantry', x: 10, y: 44 }),
      ],
    });

  it('offers the spot level with a friend beside it, where each flanks the other', () => {
    const s = state();
    const bf = battlefieldFromSpec(s.battlefield);
    const spots = hmAi.placesFor!(s, bf, s.units[0]!);
    const level = spots.find((p) => p.why === 'level with a-5')!;
    expect(level).toBeDefined();
    // Straight ahead (formed troops move only to their front), 6" on.
    expect(level.x).toBeCloseTo(inch(36), 6);
    expect(level.y).toBeCloseTo(inch(16), 6);
    const units = placed(s, 'a-4', level);
    const ctx = zoneContext(s, bf);
    const moved = units.find((u) => u.id === 'a-4')!;
    expect(flankSupport(moved, units, ctx).right).toMatchObject({ supported: true, by: 'a-5' });
    // Where it stands now, a-5 is 6" ahead: no support on that flank.
    expect(flankSupport(s.units[0]!, s.units, ctx).right.supported).toBe(false);
  });

  it('offers the spot close behind a friend ahead of it, from where it is that friend\'s rear support', () => {
    const s = state();
    // Without a-5, whose stands overlap a-6's rearward and would support it from 6" back.
    s.units = s.units.filter((u) => u.id !== 'a-5');
    const bf = battlefieldFromSpec(s.battlefield);
    const behind = hmAi.placesFor!(s, bf, s.units[0]!).find((p) => p.why === 'behind a-6 in support')!;
    expect(behind).toBeDefined();
    expect(behind.x).toBeCloseTo(inch(36), 6);
    expect(behind.y).toBeGreaterThan(inch(10));
    expect(behind.y).toBeLessThan(inch(24));
    const units = placed(s, 'a-4', behind);
    const ctx = zoneContext(s, bf);
    expect(rearSupport(units.find((u) => u.id === 'a-6')!, units, ctx)).toMatchObject({ supported: true, by: 'a-4' });
    // From 14" back, as it stands now, it is too far to support (9").
    expect(rearSupport(s.units.find((u) => u.id === 'a-6')!, s.units, ctx)).toMatchObject({ supported: false });
  });

  it('offers horse no spot beside foot, and skirmishers none at all', () => {
    const s = buildState({
      units: [
        makeUnit({ id: 'a-7', side: 'a', troop: 'heavyCav', x: 36, y: 10 }),
        makeUnit({ id: 'a-5', side: 'a', troop: 'infantry', x: 36 + 7.5, y: 16 }),
        makeUnit({ id: 'a-8', side: 'a', troop: 'skirmInf', x: 20, y: 10 }),
        makeUnit({ id: 'a-9', side: 'a', troop: 'infantry', x: 20 + 7.5, y: 16 }),
      ],
    });
    const bf = battlefieldFromSpec(s.battlefield);
    expect(hmAi.placesFor!(s, bf, s.units[0]!)).toEqual([]);
    expect(hmAi.placesFor!(s, bf, s.units[2]!)).toEqual([]);
  });
});

describe('Horse & Musket withdrawals near the edge', () => {
  it('a withdrawal that walks off the table within two more turns gives up its ground at 0.05, one with room at 0.3', () => {
    // Facing up the table, so a withdrawal goes back toward the near edge (y = 0).
    const near = buildState({ units: [makeUnit({ id: 'a-4', side: 'a', troop: 'infantry', x: 36, y: 6, facing: UP }), makeUnit({ id: 'b-4', side: 'b', troop: 'infantry', x: 36, y: 30 })] });
    const far = buildState({ units: [makeUnit({ id: 'a-4', side: 'a', troop: 'infantry', x: 36, y: 20, facing: UP }), makeUnit({ id: 'b-4', side: 'b', troop: 'infantry', x: 36, y: 40 })] });
    const withdraw = { type: 'order', side: 'a', unit: 'a-4', order: 'withdraw', angle: 0 } as const;
    const giveUp = (s: HmState): number => hmAi.forecast(s, battlefieldFromSpec(s.battlefield), withdraw).judgements!.find((j) => j.name === 'holds its ground')!.value;
    expect(giveUp(near)).toBe(0.05);
    expect(giveUp(far)).toBe(0.3);
    // 6" from the edge: 3" back now, then 3" and 3" more take its rear stands over it.
    const bf = battlefieldFromSpec(near.battlefield);
    const u = near.units[0]!;
    expect(withdrawsOffTable(bf, u, { x: u.x, y: u.y - inch(3), facing: -UP })).toBe(true);
    expect(withdrawsOffTable(bf, u, { x: u.x, y: u.y + inch(12), facing: -UP })).toBe(false);
  });
});
