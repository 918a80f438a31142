/**
 * Allied armies in the army builder (more than two players, H&M A §8.3): a side with two allied
 * Commanders-in-chief fields two armies, each built on its own tab from its own list to half the
 * points; the builder checks each at the points the engine checks it at, the setup carries both
 * rosters, and a save replays them.
 */

import { describe, expect, it } from 'vitest';
import { createEngineApi } from '../../../src/app/engineHost';
import type { ArmyRoster } from '../../../src/core/model';
import { armySlots, defaultChoice, planGame, slotList, slotName, slotPoints, slotRoster, type NewGameChoice } from '../../../src/app/newGame';

const api = createEngineApi();
const hm = (await api.rulesets()).find((r) => r.id === 'horse-and-musket')!;

/**
 * A small Russian army for an ally's half share (74 of 80 points): two battalions of 4 stands, a
 * regiment of horse grenadiers, a gun, a Commander-in-chief and a Mediocre General.
 */
const SMALL_RUSSIANS: ArmyRoster = {
  list: 'russia',
  picks: [
    { item: 'musketeers', stands: 4, count: 2 },
    { item: 'horse-grenadiers', stands: 5, count: 1 },
    { item: 'cannon', count: 1 },
    { item: 'general-cinc', count: 1 },
    { item: 'general-mediocre', count: 1 },
  ],
};

function alliedChoice(): NewGameChoice {
  const c = defaultChoice(hm, 'allied-armies');
  return { ...c, options: { ...c.options, players: 'allies-a', allyA: 'russia' } };
}

describe('the armies a players setting fields', () => {
  it('gives one army a side for two players, each at the whole points total', () => {
    const c = defaultChoice(hm, 'x');
    const slots = armySlots(hm, c);
    expect(slots.map((s) => [s.id, s.index, s.allied, s.listOption, slotPoints(hm, c, s)])).toEqual([
      ['a', 0, false, 'armyA', 160],
      ['b', 1, false, 'armyB', 160],
    ]);
  });

  it('gives a side with allies two armies at half the points each, the ally on its own list', () => {
    const c = alliedChoice();
    const slots = armySlots(hm, c);
    expect(slots.map((s) => [s.id, s.index, s.allied, s.listOption, slotPoints(hm, c, s)])).toEqual([
      ['a', 0, false, 'armyA', 80],
      ['a2', 2, true, 'allyA', 80],
      ['b', 1, false, 'armyB', 160],
    ]);
    expect(slots.map((s) => slotName(hm, c, s))).toEqual(['Prussians: Absolute Supremacy', 'Russians', 'Austrians']);
    // "The same list as the first army" follows the first army's list.
    const same = { ...c, options: { ...c.options, allyA: 'same', armyA: 'austria' } };
    expect(slotList(hm, same, armySlots(hm, same)[1]!)?.id).toBe('austria');
    const both = { ...c, options: { ...c.options, players: 'allies-both' } };
    expect(armySlots(hm, both).map((s) => `${s.id}:${slotPoints(hm, both, s)}`)).toEqual(['a:80', 'a2:80', 'b:80', 'b2:80']);
  });
});

describe('building an ally', () => {
  it('checks each allied army at half the points, as the engine does', async () => {
    const c = alliedChoice();
    const [first, ally] = armySlots(hm, c);
    // The first army's default at its share takes the field; the same list's default at the whole total does not.
    const half = await api.defaultRoster('horse-and-musket', 'prussia-supremacy', slotPoints(hm, c, first!)!);
    expect((await api.checkArmy('horse-and-musket', half, slotPoints(hm, c, first!)!)).problems).toEqual([]);
    const whole = await api.defaultRoster('horse-and-musket', 'prussia-supremacy', 160);
    const over = await api.checkArmy('horse-and-musket', whole, slotPoints(hm, c, first!)!);
    // The Prussians of this period buy with 15% less (B §9.3): 68 of the 80.
    expect(over.budget).toBe(68);
    expect(over.problems).toEqual([`The army costs ${over.points} points; the budget is 68 (80 −15%).`]);
    // The engine refuses that roster for the same reason, and takes the half-share one.
    const refused = planGame(hm, { ...c, armies: [whole] }).setup;
    await expect(api.newGame(refused)).rejects.toThrow(`The first army (Prussians: Absolute Supremacy) cannot take the field: ${over.problems.join(' ')}`);
    const russians = SMALL_RUSSIANS;
    const check = await api.checkArmy('horse-and-musket', russians, slotPoints(hm, c, ally!)!);
    expect(check.problems).toEqual([]);
    expect([check.points, check.budget]).toEqual([74, 80]);
    // At the whole total the same roster would be checked against 160: the builder does not.
    expect((await api.checkArmy('horse-and-musket', russians, 160)).budget).toBe(160);
    const view = await api.newGame(planGame(hm, { ...c, armies: [half, null, russians] }).setup);
    expect(view.state.seats!.map((s) => s.id)).toEqual(['a', 'a2', 'b']);
  });

  it('carries both rosters in the setup, fields exactly the ally as built, and replays them from a save', async () => {
    const c = alliedChoice();
    const russians = SMALL_RUSSIANS;
    expect(slotRoster(c, armySlots(hm, c)[1]!)).toBeNull();
    const plan = planGame(hm, { ...c, armies: [null, null, russians] });
    expect(plan.setup.armies).toEqual({ a2: russians });
    // The computer plays the second side and plans its own army's forces (computerPlanOption).
    expect(plan.setup.options).toEqual({ players: 'allies-a', allyA: 'russia', plannedForces: 'b' });
    const view = await api.newGame(plan.setup);
    const allySeat = view.state.seats!.find((s) => s.id === 'a2')!;
    const allyNames = allySeat.units.map((id) => view.state.units.find((u) => u.id === id)!.name);
    expect(allyNames).toEqual([
      'Russians Commander-in-chief (ally)',
      'General 1 (ally)',
      'Musketeers 1 (ally)',
      'Musketeers 2 (ally)',
      'Horse grenadiers 1 (ally)',
      'Cannon 1 (ally)',
    ]);
    const first = (await api.legal())[0]!;
    expect((await api.act(first.action)).ok).toBe(true);
    const before = await api.view();
    const loaded = await api.loadSave(await api.saveText());
    expect(loaded.hash).toBe(before.hash);
    expect(loaded.state.seats!.find((s) => s.id === 'a2')!.units).toEqual(allySeat.units);
  });

  it('leaves an ally roster out of the setup once the players setting has no ally', () => {
    const c = alliedChoice();
    const russians = SMALL_RUSSIANS;
    const two = { ...c, options: { ...c.options, players: 'two' }, armies: [null, null, russians] };
    expect(planGame(hm, two).setup.armies).toBeUndefined();
  });
});
