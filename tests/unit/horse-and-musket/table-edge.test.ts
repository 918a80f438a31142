/**
 * The table's edge (A §11.9): a unit is gone when a move takes a stand over it, never because a
 * file it threaded a gap in trails over it, and never for a move that goes nowhere. The AI judges a
 * move that ends over the edge as all but ruling itself out.
 */
import { describe, expect, it } from 'vitest';
import { inch } from '../../../src/core/measure';
import { hmAi } from '../../../src/rules/horse-and-musket/ai';
import { fitLooseInGap } from '../../../src/rules/horse-and-musket/gaps';
import { moveTo } from '../../../src/rules/horse-and-musket/moves';
import { TABLE } from '../../../src/rules/horse-and-musket/setup';
import type { HmState, HmUnit } from '../../../src/rules/horse-and-musket/types';
import { offTable } from '../../../src/rules/horse-and-musket/zones';
import { battlefieldFromSpec } from '../../../src/terrain/battlefield';
import { box, buildState, flatTable, makeUnit, stoneBuilding, UP } from './fixture';

/** A loose battalion facing up the table at `y`", between two barns 2" apart whose sides cover its scattered stands. */
function threading(y: number): { state: HmState; u: HmUnit } {
  const u = makeUnit({ id: 'M', side: 'a', troop: 'infantry', x: 36, y, formation: 'loose' });
  const state = buildState({ units: [u, makeUnit({ id: 'E', side: 'b', troop: 'infantry', x: 36, y: 44 })] });
  state.battlefield = { ...flatTable(), features: [stoneBuilding('w', 'West barn', box(30, y - 1, 35, y + 6)), stoneBuilding('e', 'East barn', box(37, y - 1, 42, y + 6))] };
  return { state, u: state.units[0]! };
}

const forward = (u: HmUnit): number[] => u.stands.map((s) => Math.sign(Math.round(s.f)) + 0);

describe('a file threading a gap by the table edge (A §11.7, §11.9)', () => {
  it('trails back along its way where there is room behind it', () => {
    const { state, u } = threading(20);
    expect(fitLooseInGap(state, battlefieldFromSpec(state.battlefield), u, UP)).toBe(true);
    expect(forward(u)).toEqual([0, -1, -1, -1, -1]);
    expect(offTable(u, TABLE)).toBe(false);
  });

  it('forms ahead of its Colour Stand, into the clear gap, where trailing back would put stands over the edge', () => {
    const { state, u } = threading(3);
    expect(fitLooseInGap(state, battlefieldFromSpec(state.battlefield), u, UP)).toBe(true);
    expect(forward(u)).toEqual([0, 1, 1, 1, 1]);
    expect(offTable(u, TABLE)).toBe(false);
    // The last stand 4 stand depths and a little ahead: 4 × (40 mm + 0.1").
    expect(u.stands[4]!.f).toBeCloseTo(4 * (40 + inch(0.1)), 6);
  });
});

describe('leaving the table takes a move (A §11.9)', () => {
  /** A battalion 3" from its own edge whose file trails back over it. */
  function overTheEdge(): { state: HmState; u: HmUnit } {
    const { state, u } = threading(3);
    u.stands = u.stands.map((s, i) => ({ ...s, f: -i * (40 + inch(0.1)), l: 0 }));
    expect(offTable(u, TABLE)).toBe(true);
    return { state, u };
  }

  it('a move that goes nowhere leaves it on the table', () => {
    const { state, u } = overTheEdge();
    const notes = moveTo(state, battlefieldFromSpec(state.battlefield), u, { x: u.x, y: u.y, facing: u.facing });
    expect(u.removed).toBe(false);
    expect(notes).toEqual([]);
  });

  it('a move of an inch, its tail still over the edge, takes it off', () => {
    const { state, u } = overTheEdge();
    const notes = moveTo(state, battlefieldFromSpec(state.battlefield), u, { x: u.x, y: u.y + inch(1), facing: u.facing });
    expect(u.removed).toBe(true);
    expect(u.rs.removedBy).toBe('left-table');
    expect(notes).toEqual(['M leaves the table and is gone for the rest of the battle']);
  });
});

describe('the AI and the table edge', () => {
  const judged = (state: HmState, action: Record<string, unknown>): number | undefined =>
    hmAi.forecast(state, battlefieldFromSpec(state.battlefield), { type: 'order', side: 'a', unit: 'a-4', ...action }).judgements!.find((j) => j.name === 'stays on the table')?.value;

  it('judges a move that ends with a stand over the edge at 0.02, and says nothing of one that stays on', () => {
    // A line 3" from the side edge (x = 72"), facing it: a 3" move puts its stands half over.
    const state = buildState({ units: [makeUnit({ id: 'a-4', side: 'a', troop: 'infantry', x: 69, y: 20, facing: 0 }), makeUnit({ id: 'b-4', side: 'b', troop: 'infantry', x: 20, y: 40 })] });
    const u = state.units[0]!;
    expect(judged(state, { order: 'move', to: { x: u.x + inch(3), y: u.y } })).toBe(0.02);
    expect(judged(state, { order: 'move', to: { x: u.x - inch(3), y: u.y } })).toBeUndefined();
  });

  it('judges every move of a unit whose stands reach over the edge already at 0.02', () => {
    const { state, u } = threading(3);
    u.id = 'a-4';
    u.stands = u.stands.map((s, i) => ({ ...s, f: -i * (40 + inch(0.1)), l: 0 }));
    expect(judged(state, { order: 'move', to: { x: u.x, y: u.y + inch(1) } })).toBe(0.02);
  });
});
