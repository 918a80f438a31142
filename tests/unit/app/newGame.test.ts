/**
 * The new-game screen's logic and the game it makes: a Horse & Musket army built pick by pick
 * from the Austrian list to 160 points (budget 184 with the Austrians' +15%), priced exactly, its
 * problems in the rulebook's words while it is incomplete, the setup it produces, and the battle
 * the engine sets up from it. Also the engine's refusals of rosters that are wrong.
 */

import { describe, expect, it } from 'vitest';
import { createEngineApi } from '../../../src/app/engineHost';
import { GameSession } from '../../../src/app/session';
import type { ArmyRoster, GameSetup } from '../../../src/core/model';
import type { ArmyListInfo } from '../../../src/core/ruleset';
import { BUILT_AUSTRIAN_NAMES } from '../../fixtures/builtArmy';
import {
  addUnit,
  defaultChoice,
  itemCount,
  planGame,
  playerSeatOf,
  randomSeed,
  seatPlanOf,
  rosterPoints,
  secretGame,
  setCount,
  setStands,
  sideName,
  switchRuleset,
  type NewGameChoice,
} from '../../../src/app/newGame';

const api = createEngineApi();
const rulesets = await api.rulesets();
const hm = rulesets.find((r) => r.id === 'horse-and-musket')!;
const onePage = rulesets.find((r) => r.id === 'one-page')!;
const austria = hm.armies!.lists.find((l) => l.id === 'austria')!;

function item(list: ArmyListInfo, id: string) {
  const found = list.items.find((i) => i.id === id);
  if (!found) throw new Error(`no item ${id}`);
  return found;
}

/** Add `n` of each item, in order, with the builder's "+" button logic. */
function build(list: ArmyListInfo, adds: [string, number][], start: ArmyRoster = { list: list.id, picks: [] }): ArmyRoster {
  let roster = start;
  for (const [id, n] of adds) for (let k = 0; k < n; k++) roster = addUnit(roster, item(list, id));
  return roster;
}

/** The test army: 5 line infantry, 2 dragoons and 2 cuirassiers of 5 stands, a cannon, and Generals. */
const TROOPS: [string, number][] = [
  ['line-infantry', 5],
  ['dragoons', 2],
  ['cuirassiers', 2],
  ['cannon', 1],
];
const GENERALS: [string, number][] = [
  ['general-cinc', 1],
  ['general-mediocre', 3],
];

describe('the army lists as the page sees them', () => {
  it('describe each Austrian item with its sizes, points and limit', () => {
    expect(hm.armies!.lists.map((l) => l.id)).toEqual(['austria', 'russia', 'prussia-was', 'prussia-supremacy', 'prussia-later', 'prussia-twilight']);
    expect(hm.armies!.listOption).toEqual({ a: 'armyA', b: 'armyB' });
    expect(hm.armies!.pointsOption).toBe('points');
    const inf = item(austria, 'line-infantry');
    // B §9.4: 5 stands for 10, 3 a stand more or less (B50); offered from 4 to 7 stands.
    expect(inf.sizes).toEqual([
      { stands: 4, points: 7 },
      { stands: 5, points: 10 },
      { stands: 6, points: 13 },
      { stands: 7, points: 16 },
    ]);
    expect(inf.usual).toBe(5);
    expect(inf.group).toBe('Infantry');
    expect(inf.limit).toBeUndefined();
    expect(item(austria, 'dragoons').sizes.map((s) => [s.stands, s.points])).toEqual([
      [2, 4],
      [3, 8],
      [4, 12],
      [5, 16],
      [6, 20],
      [7, 24],
      [8, 28],
      [9, 32],
    ]);
    expect(item(austria, 'dragoons').limit).toBe('at most ½ of the mounted units');
    expect(item(austria, 'croat-grenzer').detail).toBe('status rolled on table A, Croat Grenzer');
    expect(item(austria, 'croat-grenzer').limit).toBe('at most ⅓ of the foot units');
    expect(item(austria, 'howitzer').limit).toBe('takes the place of a Cannon');
    expect(item(austria, 'cannon').limit).toBe('1 per 2 infantry units');
    expect(item(austria, 'freikorps').sizes).toEqual([{ stands: null, points: 4 }]);
    expect(item(austria, 'general-cinc').sizes).toEqual([{ stands: null, points: 25 }]);
    expect(austria.notes[0]).toBe('Spends the agreed points total +15% (B §9.2).');
    // Only the Russian list may buy a named Exceptional C-in-C here (Suvorov, 40 points, B29).
    const russia = hm.armies!.lists.find((l) => l.id === 'russia')!;
    expect(item(russia, 'general-exceptional')).toMatchObject({ name: 'Suvorov (Exceptional C-in-C)', sizes: [{ stands: null, points: 40 }] });
    expect(austria.items.some((i) => i.id === 'general-exceptional')).toBe(false);
    // The one-page rules have no lists.
    expect(onePage.armies).toBeUndefined();
    expect(onePage.sides).toEqual([
      { id: 'red', name: 'Prussians' },
      { id: 'black', name: 'Austrians' },
    ]);
  });
});

describe('the army builder', () => {
  it('adds units at their usual size, merges alike picks, and resizes and removes picks', () => {
    let r = build(austria, [['line-infantry', 2]]);
    expect(r.picks).toEqual([{ item: 'line-infantry', stands: 5, count: 2 }]);
    r = build(austria, [['general-cinc', 1]], r);
    expect(r.picks[1]).toEqual({ item: 'general-cinc', count: 1 });
    // A third battalion resized to 7 stands becomes a pick of its own...
    r = build(austria, [['line-infantry', 1]], r);
    r = setCount(r, 0, 2);
    r = { ...r, picks: [...r.picks, { item: 'line-infantry', stands: 7, count: 1 }] };
    expect(itemCount(r, 'line-infantry')).toBe(3);
    expect(rosterPoints(austria, r)).toBe(10 + 10 + 16 + 25);
    // ...and resizing it back to 5 joins it to the other two.
    r = setStands(r, 2, 5);
    expect(r.picks).toEqual([
      { item: 'line-infantry', stands: 5, count: 3 },
      { item: 'general-cinc', count: 1 },
    ]);
    expect(setCount(r, 1, 0).picks).toEqual([{ item: 'line-infantry', stands: 5, count: 3 }]);
  });

  it('prices the test army exactly and lists what is wrong until it is complete', async () => {
    const troops = build(austria, TROOPS);
    // 5 × 10 + 2 × 16 + 2 × 22 + 17
    expect(rosterPoints(austria, troops)).toBe(143);
    const incomplete = await api.checkArmy('horse-and-musket', troops, 160);
    expect(incomplete.points).toBe(143);
    expect(incomplete.budget).toBe(184);
    expect(incomplete.problems).toEqual([
      'The army has no Commander-in-Chief.',
      'The Generals can command 0 units but 9 units need a Command: buy Mediocre Generals or take free Poor Generals.',
    ]);

    const army = build(austria, GENERALS, troops);
    expect(rosterPoints(austria, army)).toBe(143 + 25 + 3 * 4);
    const ready = await api.checkArmy('horse-and-musket', army, 160);
    expect(ready).toMatchObject({ points: 180, budget: 184, problems: [] });
    expect(ready.lines.map((l) => [l.what, l.count, l.points])).toEqual([
      ['Line infantry, 5 stands', 5, 50],
      ['Dragoons, 5 stands', 2, 32],
      ['Cuirassiers, 5 stands', 2, 44],
      ['Cannon, 1 stand', 1, 17],
      ['Commander-in-Chief', 1, 25],
      ['Mediocre General', 1, 4],
      ['Mediocre General', 1, 4],
      ['Mediocre General', 1, 4],
    ]);

    // Two more dragoons: over the budget, and more than half the mounted units.
    const over = build(austria, [['dragoons', 2]], army);
    expect(rosterPoints(austria, over)).toBe(212);
    expect((await api.checkArmy('horse-and-musket', over, 160)).problems).toEqual([
      'The army costs 212 points; the budget is 184 (160 +15%).',
      'Dragoons: 4 of 6 mounted units, but the list allows at most ½ of them.',
    ]);
    // A second Commander-in-Chief and two more cannon break the list's rules.
    const wrong = build(austria, [['general-cinc', 1], ['cannon', 2]], army);
    expect((await api.checkArmy('horse-and-musket', wrong, 160)).problems).toEqual([
      'The army costs 239 points; the budget is 184 (160 +15%).',
      'Cannon, Howitzer: 3 in all, but the list allows 1 per 2 infantry units (2 with 5 infantry units).',
      'The army has 2 Commanders-in-Chief; it may have only one.',
    ]);
  });

  it('starts from the default army as a roster the list accepts', async () => {
    const roster = await api.defaultRoster('horse-and-musket', 'austria', 160);
    expect(roster.list).toBe('austria');
    const check = await api.checkArmy('horse-and-musket', roster, 160);
    expect(check.problems).toEqual([]);
    expect(check.points).toBeLessThanOrEqual(184);
    expect(rosterPoints(austria, roster)).toBe(check.points);
    await expect(api.defaultRoster('one-page', 'austria', 160)).rejects.toThrow('One-page horse & musket rules fields its preset armies; it has no army lists');
  });
});

describe('the game the screen makes', () => {
  const choose = (): NewGameChoice => {
    const c = defaultChoice(hm, 'newgame-unit');
    const roster = build(austria, [...TROOPS, ...GENERALS]);
    return {
      ...c,
      options: { ...c.options, armyA: 'austria', armyB: 'russia' },
      armies: [roster, null],
      playerSide: 0,
      opponent: { kind: 'computer', level: 'normal', personality: 'cautious' },
      lengthUnit: 'cm',
    };
  };

  it('plans the setup, the opponent and the display', () => {
    const plan = planGame(hm, choose());
    expect(plan.setup).toEqual({
      rulesetId: 'horse-and-musket',
      seed: 'newgame-unit',
      dice: 'seeded',
      options: { armyA: 'austria', armyB: 'russia' },
      armies: { a: build(austria, [...TROOPS, ...GENERALS]) },
    });
    expect(plan.opponent).toBe('ai:normal:cautious');
    expect(plan.playerSide).toBe(0);
    expect(plan.lengthUnit).toBe('cm');
    expect(sideName(hm, choose(), 0)).toBe('Austrians');
    expect(sideName(hm, choose(), 1)).toBe('Russians');
    expect(planGame(hm, { ...choose(), opponent: { kind: 'computer', level: 'hard', personality: 'balanced' } }).opponent).toBe('ai:hard');
    expect(planGame(hm, { ...choose(), opponent: { kind: 'human' } }).opponent).toBe('human');
  });

  it('puts real ground in the setup only once a landscape is chosen', () => {
    const ground = { name: 'hill.asc', cols: 2, rows: 2, cellSize: 50, heights: [0, 1, 2, 3] };
    expect(planGame(hm, { ...choose(), battlefield: { kind: 'imported', seed: 'newgame-unit', ground } }).setup.elevation).toEqual(ground);
    expect('elevation' in planGame(hm, { ...choose(), battlefield: { kind: 'imported', seed: 'newgame-unit', ground: null } }).setup).toBe(false);
    expect('elevation' in planGame(hm, choose()).setup).toBe(false);
  });

  it('sets up the battle with exactly the built army', async () => {
    const view = await api.newGame(planGame(hm, choose()).setup);
    expect(view.state.sides.map((s) => s.name)).toEqual(['Austrians', 'Russians']);
    expect(view.state.options.armyA).toBe('austria');
    const names = view.state.units.filter((u) => u.side === 'a').map((u) => u.name);
    expect(names).toEqual(BUILT_AUSTRIAN_NAMES);
    const stands = Object.fromEntries(view.state.units.filter((u) => u.side === 'a').map((u) => [u.name, u.stands.length]));
    expect(stands['Line infantry 1']).toBe(5);
    expect(stands['Cuirassiers 2']).toBe(5);
    expect(stands['Cannon 1']).toBe(1);
  });

  it('gives the very game of the default army when the roster is the default army', async () => {
    const plain: GameSetup = { rulesetId: 'horse-and-musket', seed: 'newgame-default', options: { armyB: 'russia' } };
    const roster = await api.defaultRoster('horse-and-musket', 'russia', 160);
    const a = new GameSession(plain);
    const b = new GameSession({ ...plain, armies: { b: roster } });
    expect(b.view().hash).toBe(a.view().hash);
  });

  it('keeps the rosters in a save, so the game loads and replays', async () => {
    await api.newGame(planGame(hm, choose()).setup);
    const first = (await api.legal())[0]!;
    expect((await api.act(first.action)).ok).toBe(true);
    const text = await api.saveText();
    const before = await api.view();
    const loaded = await api.loadSave(text);
    expect(loaded.hash).toBe(before.hash);
    expect(loaded.state.units.filter((u) => u.side === 'a' && u.name.startsWith('Cuirassiers'))).toHaveLength(2);
  });

  it('refuses rosters that are wrong, saying why', async () => {
    const setup = planGame(hm, choose()).setup;
    const noCinc: ArmyRoster = { list: 'austria', picks: setup.armies!.a!.picks.filter((p) => p.item !== 'general-cinc') };
    await expect(api.newGame({ ...setup, armies: { a: noCinc } })).rejects.toThrow('The first army (Austrians) cannot take the field: The army has no Commander-in-Chief.');
    await expect(api.newGame({ ...setup, options: { armyA: 'russia' } })).rejects.toThrow('armyA is "russia" but the first army\'s roster is from the "austria" list');
    await expect(api.newGame({ ...setup, armies: { c: noCinc } })).rejects.toThrow('armies: there is no side "c"; the sides are a and b');
    const odd: ArmyRoster = { list: 'austria', picks: [...setup.armies!.a!.picks, { item: 'line-infantry', stands: 12, count: 1 }, { item: 'war-elephants', count: 1 }] };
    await expect(api.newGame({ ...setup, armies: { a: odd } })).rejects.toThrow(
      'The first army (Austrians) cannot take the field: Line infantry: 12 stands is not a size the builder offers (4, 5, 6, 7). The Austrians list has no "war-elephants".',
    );
    await expect(api.newGame({ rulesetId: 'one-page', seed: 'x', armies: { red: noCinc } })).rejects.toThrow('One-page horse & musket rules fields its preset armies; it takes no army rosters');
  });
});

describe('choosing', () => {
  it('switches rulesets keeping the seed, the players and the preferences', () => {
    const c = { ...defaultChoice(hm, 'keep-me'), playerSide: 1, dice: 'manual' as const, lengthUnit: 'cm' as const };
    const next = switchRuleset(c, onePage);
    expect(next).toMatchObject({ rulesetId: 'one-page', scenario: 'meeting', battlefield: { kind: 'generated', seed: 'keep-me' }, playerSide: 1, dice: 'manual', lengthUnit: 'cm', armies: [null, null] });
    expect(next.options).toEqual({ activation: 'initiative', playersPerSide: 1, fogOfWar: false, commandControl: false, turnLimit: 8, visibility: 'clear', deployment: 'automatic' });
    expect(planGame(onePage, { ...next, scenario: 'river-crossing' }).setup).toEqual({ rulesetId: 'one-page', seed: 'keep-me', dice: 'manual', options: {}, scenario: 'river-crossing' });
  });

  it('knows when the game hides things from each side, and makes seeds of six letters and digits', () => {
    expect(secretGame(hm, { hiddenMovement: true })).toBe(true);
    expect(secretGame(hm, { hiddenMovement: false })).toBe(false);
    expect(secretGame(onePage, { fogOfWar: true })).toBe(false);
    const steps = [0, 0.5, 0.99, 0.1, 0.3, 0.7];
    let k = 0;
    expect(randomSeed(() => steps[k++]!)).toBe('as9djy');
    expect(randomSeed()).toMatch(/^[a-km-z2-9]{6}$/);
  });
});

describe('more than two players on the new-game screen', () => {
  it('offers the seats of the players setting, and the plan carries the seat the person takes', async () => {
    const base = defaultChoice(hm, 'seats');
    expect(seatPlanOf(hm, base)).toBeNull();
    expect(planGame(hm, base).playerSeat).toBeUndefined();
    const three = { ...base, options: { ...base.options, players: 'subordinate-a' } };
    expect(seatPlanOf(hm, three)).toEqual([
      { id: 'a', side: 'a', name: 'First army Commander-in-chief' },
      { id: 'a-sub', side: 'a', name: 'First army subordinate General' },
      { id: 'b', side: 'b', name: 'Second army Commander-in-chief' },
    ]);
    // By default his side's first seat; a seat the setting does not have falls back to it.
    expect(playerSeatOf(hm, three)).toBe('a');
    expect(playerSeatOf(hm, { ...three, playerSeat: 'b2' })).toBe('a');
    const plan = planGame(hm, { ...three, playerSeat: 'a-sub' });
    expect(plan.playerSeat).toBe('a-sub');
    expect(plan.setup.options).toEqual({ players: 'subordinate-a' });
    // The worker makes the game with exactly those seats.
    const view = await api.newGame(plan.setup);
    expect(view.state.seats!.map((x) => x.id)).toEqual(['a', 'a-sub', 'b']);
    expect(seatPlanOf(onePage, base)).toBeNull();
  });
});
