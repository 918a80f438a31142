/**
 * Shell against buildings (B §2.7, burning.ts): a howitzer's order to shell a building, the 1D6
 * alight throw (5-6), skirmishers abandoning the burning building, the town's perimeter shrinking
 * to the buildings left standing, a burnt farm no longer occupied, and the fire burning out.
 *
 * The village: three wooden houses in a row across the table at y 20"-22" (x 14"-18", 19"-23",
 * 24"-28"), its area their hull. Side a's howitzer stands at (21", 4") facing up the table.
 */

import { describe, expect, it } from 'vitest';
import { inch } from '../../../src/core/measure';
import type { RuleContext } from '../../../src/core/ruleset';
import { DiceRoller, scriptedDice } from '../../../src/core/dice';
import type { GameEvent } from '../../../src/core/model';
import { battlefieldFromSpec } from '../../../src/terrain/battlefield';
import type { BuildingFeature, SettlementFeature, TerrainFeature } from '../../../src/terrain/features';
import { convexHull } from '../../../src/terrain/settlements';
import { ALIGHT_ROW, burnOut } from '../../../src/rules/horse-and-musket/burning';
import { coverOf } from '../../../src/rules/horse-and-musket/terrain';
import type { HmState } from '../../../src/rules/horse-and-musket/types';
import { act, box, buildState, event, flatTable, legal, makeUnit, refuse, unit, type UnitSpec } from './fixture';

const wooden = (id: string, name: string, polygon: ReturnType<typeof box>, settlementId: string): BuildingFeature => ({ id, kind: 'building', name, polygon, height: 30, material: 'wood', settlementId });

function village(): TerrainFeature[] {
  const houses = [wooden('h1', 'West house', box(14, 20, 18, 22), 'v'), wooden('h2', 'Middle house', box(19, 20, 23, 22), 'v'), wooden('h3', 'East house', box(24, 20, 28, 22), 'v')];
  const area: SettlementFeature = { id: 'v', kind: 'settlement', name: 'Dorf', class: 'village', polygon: convexHull(houses.flatMap((h) => h.polygon)), buildingIds: houses.map((h) => h.id) };
  const farmhouse = wooden('f1', 'Farmhouse', box(34, 20, 37, 22), 'farm');
  const farm: SettlementFeature = { id: 'farm', kind: 'settlement', name: 'Hof', class: 'farm', polygon: convexHull(farmhouse.polygon), buildingIds: ['f1'] };
  return [...houses, area, farmhouse, farm];
}

const howitzer = (over: Partial<UnitSpec> = {}) => {
  const u = makeUnit({ id: 'how', side: 'a', troop: 'artillery', x: 21, y: 4, ...over });
  u.rs.gun!.kind = 'howitzer';
  return u;
};

/** A position with the artillery card in play for side a. */
function position(extra: ReturnType<typeof makeUnit>[] = [], gun = howitzer()): HmState {
  const st = buildState({ units: [gun, ...extra], hands: { a: ['artillery:a:1'] } });
  st.battlefield = { ...flatTable(), features: village() };
  st.rules.activeCard = { card: 'artillery:a:1', kind: 'artillery', ordered: [], ordersLeft: null, fired: [] };
  return st;
}

const shell = (building: string) => ({ type: 'order', side: 'a', unit: 'how', card: 'artillery:a:1', order: 'shell-building', building });

describe('shelling a building (B §2.7)', () => {
  it('a howitzer is offered the buildings it can see in its arc and range; a cannon is not', () => {
    const st = position();
    const order = legal(st, 'a').find((l) => l.action.unit === 'how' && l.action.order === 'shell-building');
    expect(order).toBeDefined();
    const p = order!.params[0]!;
    expect(p.kind).toBe('choice');
    // Nearest first; the farm at x 34"-37" is outside the 30° half-arc from x 21", 16" away.
    expect(p.kind === 'choice' && p.choices.map((c) => c.value)).toEqual(['h2', 'h1', 'h3']);
    const cannon = position([], makeUnit({ id: 'how', side: 'a', troop: 'artillery', x: 21, y: 4 }));
    expect(legal(cannon, 'a').some((l) => l.action.order === 'shell-building')).toBe(false);
    expect(refuse(cannon, shell('h2'))).toMatch(/cannot be given the Shell a building order/);
  });

  it('a 5 sets the house alight: the die, the chart row and the need are in the log; the village shrinks to the other two', () => {
    const st = position();
    const { state, events } = act(st, shell('h1'), [5]);
    const e = event(events, 'shell-building', 'how');
    expect(e.dice?.map((d) => d.values)).toEqual([[5]]);
    expect(e.need).toBe(5);
    expect(e.modifiers).toEqual([]);
    expect(e.chart).toEqual({ chart: 'Artillery fire', row: ALIGHT_ROW });
    expect(e.text).toBe('how fires shell at West house (15.5"): 1D6 5, 5+ needed: West house is set alight');
    expect(event(events, 'building-alight').text).toBe('West house burns: it no longer counts in the perimeter of Dorf (B §2.7)');
    expect(state.battlefield.fires).toEqual({ h1: 'burning' });
    expect(state.rules.burning).toEqual({ h1: 3 });
    expect(state.rules.activeCard!.fired).toEqual(['how']);
    const bf = battlefieldFromSpec(state.battlefield);
    const dorf = bf.features.find((f) => f.id === 'v') as SettlementFeature;
    const xs = dorf.polygon.map((p) => p.x);
    expect(Math.min(...xs)).toBeCloseTo(inch(19), 6);
    expect(Math.max(...xs)).toBeCloseTo(inch(28), 6);
    expect((bf.features.find((f) => f.id === 'h1') as BuildingFeature).fire).toBe('burning');
    // Shelled once on this card: not again, and the burning house is no longer offered.
    expect(refuse(state, shell('h2'), [6])).toMatch(/cannot be given the Shell a building order/);
  });

  it('a 4 does not set it alight, and the shot is spent', () => {
    const { state, events } = act(position(), shell('h2'), [4]);
    expect(event(events, 'shell-building').text).toBe('how fires shell at Middle house (15.2"): 1D6 4, 5+ needed: it does not catch fire');
    expect(state.battlefield.fires).toBeUndefined();
    expect(state.rules.activeCard!.fired).toEqual(['how']);
  });

  it('troops in the burnt-off part of the town lose its cover', () => {
    // The lane between the west house and the middle one is inside the old hull only; the lane
    // between the middle and east houses stays inside.
    const before = position();
    const bf0 = battlefieldFromSpec(before.battlefield);
    expect(coverOf(bf0, { x: inch(18.5), y: inch(21) }, 'infantry')).toBe('hard');
    const { state } = act(before, shell('h1'), [6]);
    const bf1 = battlefieldFromSpec(state.battlefield);
    expect(coverOf(bf1, { x: inch(18.5), y: inch(21) }, 'infantry')).toBe('none');
    expect(coverOf(bf1, { x: inch(23.5), y: inch(21) }, 'infantry')).toBe('hard');
  });

  it('shell at skirmishers occupying a farm throws for the farmhouse too; on a 6 they abandon it and the farm is gone', () => {
    const si = makeUnit({ id: 'si', side: 'b', troop: 'skirmInf', x: 35.5, y: 19.2, stands: 2 });
    const gun = howitzer({ x: 35.5, y: 6 });
    const st = position([si], gun);
    const bf0 = battlefieldFromSpec(st.battlefield);
    expect(coverOf(bf0, { x: inch(35.5), y: inch(19.2) }, 'skirmInf')).toBe('hard');
    // Shell 1D6 − 3: a 3 does no harm; then the farmhouse: 6, alight.
    const { state, events } = act(st, { type: 'order', side: 'a', unit: 'how', card: 'artillery:a:1', order: 'fire', target: 'si' }, [3, 6]);
    const throwFor = event(events, 'shell-building');
    expect(throwFor.text).toBe('The shell from how falls on Farmhouse, which si occupy: 1D6 6, 5+ needed: Farmhouse is set alight');
    expect(event(events, 'building-alight').text).toBe('Farmhouse burns: the farm can no longer be occupied (B §2.7)');
    const left = event(events, 'abandon-building', 'si');
    expect(left.text).toMatch(/^si abandon the burning Farmhouse, falling back 1\.\d"/);
    const bf1 = battlefieldFromSpec(state.battlefield);
    expect(bf1.features.some((f) => f.id === 'farm')).toBe(false);
    const moved = unit(state, 'si');
    // Clear of the farmhouse by more than 1", straight back down the table (away from its middle).
    expect(moved.y).toBeLessThan(inch(19.2));
    expect(coverOf(bf1, { x: moved.x, y: moved.y }, 'skirmInf')).toBe('none');
    expect(coverOf(bf1, { x: inch(35.5), y: inch(19.2) }, 'skirmInf')).toBe('none');
  });

  it('the fire lasts this player turn and the next, then the house is a burnt shell', () => {
    const { state } = act(position(), shell('h3'), [5]);
    const events: GameEvent[] = [];
    const ctx: RuleContext = { dice: new DiceRoller(scriptedDice([])), battlefield: battlefieldFromSpec(state.battlefield), emit: (e) => void events.push(e) };
    burnOut(state, ctx);
    expect(state.battlefield.fires).toEqual({ h3: 'burning' });
    state.rules.turnNumber = 4;
    burnOut(state, ctx);
    expect(state.battlefield.fires).toEqual({ h3: 'burnt' });
    expect(state.rules.burning).toBeUndefined();
    expect(events.map((e) => e.text)).toEqual(['The fire in East house burns out, leaving a blackened shell']);
    expect((battlefieldFromSpec(state.battlefield).features.find((f) => f.id === 'h3') as BuildingFeature).fire).toBe('burnt');
  });

  it('a fire on something that is not a building is refused when the table is rebuilt', () => {
    expect(() => battlefieldFromSpec({ ...flatTable(), features: village(), fires: { v: 'burning' } })).toThrow(/fires: there is no building "v"/);
  });
});
