/**
 * The program's own flank march for the armies it buys (armyPlan.ts, flankPlan.ts; B §6.1, §7,
 * §9.2): from the part the side expects to play, by the flank with the most open ground, paid
 * from its points, and the same every time.
 */

import { describe, expect, it } from 'vitest';
import { inch } from '../../../src/core/measure';
import { GameSession } from '../../../src/app/session';
import { planGame, defaultChoice } from '../../../src/app/newGame';
import type { RulesetInfo } from '../../../src/app/engineApi';
import type { WoodFeature } from '../../../src/terrain/features';
import { armyPoints, budgetFor, flankSurcharge, listEntry, validateArmy } from '../../../src/rules/horse-and-musket/armies';
import { initiativeChance, plannedArmy } from '../../../src/rules/horse-and-musket/armyPlan';
import { bestWay, entryGoing, pickFlankers } from '../../../src/rules/horse-and-musket/flankPlan';
import { HM_ARMY_BUILDING } from '../../../src/rules/horse-and-musket/roster';
import { HM_OPTIONS } from '../../../src/rules/horse-and-musket/options';
import type { HmState } from '../../../src/rules/horse-and-musket/types';
import { handBuilt, rect } from '../terrain/helpers';

const I = inch;

/** A flat 72" × 48" table with a forest along the first 14" of the left side edge (x = 0), y 0-25". */
function leftForest() {
  const forest: WoodFeature = { id: 'forest', kind: 'wood', name: 'Left forest', polygon: rect(0, 0, I(14), I(25)), canopyHeight: I(1.5), density: 'forest' };
  return handBuilt(I(72), I(48), 10, () => 0, [forest]);
}

describe('the initiative the plan expects (B §6.1 step 3)', () => {
  it('a d6 each plus the modifiers, ties thrown again: Austrians +3 against Prussians −1 win 33 times in 34', () => {
    expect(initiativeChance(3, -1)).toBeCloseTo(33 / 34, 12);
    expect(initiativeChance(-1, 3)).toBeCloseTo(1 / 34, 12);
    expect(initiativeChance(0, 0)).toBe(0.5);
  });
});

describe('the way in (flankPlan.ts)', () => {
  it('the going is the open share of the 12" strip where the force comes on; a forest there closes it', () => {
    const bf = leftForest();
    // Side a on the near edge: its left flank is x = 0, its near half y 0-24" (the forest), its far half y 24-48".
    expect(entryGoing(bf, 'a', 'near', { flank: 'left', half: 'near' }, 'heavyCav')).toBe(0);
    expect(entryGoing(bf, 'a', 'near', { flank: 'right', half: 'near' }, 'heavyCav')).toBe(1);
    // The far half's first row of samples, at y = 24", is still in the forest: 12 rows of 13 open.
    expect(entryGoing(bf, 'a', 'near', { flank: 'left', half: 'far' }, 'heavyCav')).toBeCloseTo(12 / 13, 12);
    // Horse and foot both go right; a far half is not worth its later Joker on equal ground.
    expect(bestWay(bf, 'a', 'near', 'heavyCav')).toEqual({ way: { flank: 'right', half: 'near' }, going: 1, joker: 2 });
    expect(bestWay(bf, 'a', 'near', 'infantry')).toEqual({ way: { flank: 'right', half: 'near' }, going: 1, joker: 2 });
    // Side b on the far edge faces down the table: its right flank is x = 0, its far half y 0-24".
    expect(bestWay(bf, 'b', 'far', 'heavyCav')).toEqual({ way: { flank: 'left', half: 'near' }, going: 1, joker: 2 });
  });

  it('picks formed horse first, as many as the points pay for, up to the most asked; foot only when no horse fits', () => {
    const horse = [
      { id: 'h1', troop: 'heavyCav' as const, stands: 4 },
      { id: 'h2', troop: 'cuirassier' as const, stands: 3 },
      { id: 's1', troop: 'skirmCav' as const, stands: 2 },
    ];
    const foot = [{ id: 'f1', troop: 'infantry' as const, stands: 6 }];
    expect(pickFlankers(horse, foot, 14)).toEqual({ units: [horse[0], horse[1]], cost: 14 });
    expect(pickFlankers(horse, foot, 12)).toEqual({ units: [horse[0], horse[2]], cost: 12 });
    expect(pickFlankers(horse, foot, Infinity, 1)).toEqual({ units: [horse[0]], cost: 8 });
    expect(pickFlankers(horse, foot, 3)).toEqual({ units: [], cost: 0 });
    expect(pickFlankers([], foot, 6)).toEqual({ units: [foot[0]], cost: 6 });
  });
});

describe("the program's plan for its own army (armyPlan.ts)", () => {
  it('Prussians expecting to attack send a wing of horse by the open flank, paid from their points; the army is legal and the same every time', () => {
    const bf = leftForest();
    const plan = plannedArmy('prussia-later', 'austria', 200, bf, 'a', ['near']);
    const marked = plan.army.entries.filter((e) => e.offTable);
    expect(marked.length).toBeGreaterThan(0);
    for (const e of marked) {
      expect(e.offTable).toBe('flank');
      expect(e.arrival).toEqual({ flank: 'right', half: 'near', joker: 2 });
    }
    // Half the formed horse regiments, rounded up.
    const horse = (e: (typeof plan.army.entries)[number]) => ['lightCav', 'heavyCav', 'cuirassier'].includes(listEntry('prussia-later', e.entry).troop);
    const regiments = plan.army.entries.filter(horse).reduce((n, e) => n + e.count, 0);
    const sent = marked.reduce((n, e) => n + e.count, 0);
    expect(marked.every(horse)).toBe(true);
    expect(sent).toBe(Math.ceil(regiments / 2));
    // Within the book's points: the surcharge is in the price, and the price within the budget.
    expect(validateArmy(plan.army, 200)).toEqual([]);
    expect(armyPoints(plan.army)).toBeLessThanOrEqual(budgetFor('prussia-later', 200));
    const surcharge = marked.reduce((n, e) => n + flankSurcharge(listEntry('prussia-later', e.entry).troop, e.stands) * e.count, 0);
    expect(plan.words).toContain(`${surcharge} points of the budget pay for it (B §9.2)`);
    expect(plan.words).toMatch(/^Prussians: Later Seven Years War win the initiative 3% of the time and the computer defends when it wins, so they expect to attack: the main effort is a flank march of \d units? \(.+\) by the near half of the right flank, where the ground they come on over is most open \(100% open\), dice from the 2nd Joker; /);
    expect(plannedArmy('prussia-later', 'austria', 200, bf, 'a', ['near'])).toEqual(plan);
  });

  it('Austrians expecting to win the initiative and defend keep their whole army on the table', () => {
    const plan = plannedArmy('austria', 'prussia-later', 200, leftForest(), 'b', ['near', 'far']);
    expect(plan.army.entries.some((e) => e.offTable)).toBe(false);
    expect(plan.words).toBe('Austrians win the initiative 97% of the time and then defend: the program keeps their whole army on the table to hold its position (no flanking force)');
  });

  it('in a game, the option makes the planned side field its force off the table; the other side and rosters are untouched', () => {
    const s = new GameSession({ rulesetId: 'horse-and-musket', seed: 'plan1', options: { plannedForces: 'a' } });
    const st = s.view().state as unknown as HmState;
    expect(st.rules.setupLog[0]).toBe(
      "The program's plan for the first army: Prussians: Absolute Supremacy win the initiative 3% of the time and the computer defends when it wins, so they expect to attack: the main effort is a flank march of 1 unit (Bosniaks) by the near half of the right flank, where the ground they come on over is most open (91% open), dice from the 2nd Joker; 10 points of the budget pay for it (B §9.2)",
    );
    expect(st.rules.forces!.map((f) => [f.id, f.side, f.kind, f.flank, f.plannedJoker, f.units])).toEqual([['a-flank-right-near-j2', 'a', 'nearFlank', 'right', 2, ['a-7']]]);
    expect(st.units.find((u) => u.id === 'a-7')!.carriedBy).toBe('off-table');
    expect(st.rules.forces!.some((f) => f.side === 'b')).toBe(false);
    // A side whose roster was built by hand keeps it as built.
    const roster = HM_ARMY_BUILDING.defaultRoster('prussia-supremacy', 160);
    const built = new GameSession({ rulesetId: 'horse-and-musket', seed: 'plan1', options: { plannedForces: 'a' }, armies: { a: roster } });
    expect((built.view().state as unknown as HmState).rules.forces).toBeUndefined();
  });

  it("the new-game screen names the computer's side in the option, unless its army is built or the option set", () => {
    const info = { id: 'horse-and-musket', name: 'Horse & Musket', source: '', lengthUnit: 'in', options: HM_OPTIONS, notes: [], scenarios: [], sides: [{ id: 'a', name: 'First army' }, { id: 'b', name: 'Second army' }], armies: { lists: HM_ARMY_BUILDING.lists, listOption: HM_ARMY_BUILDING.listOption, pointsOption: 'points', computerPlanOption: 'plannedForces' } } as unknown as RulesetInfo;
    const choice = defaultChoice(info, 'seed1');
    expect(planGame(info, choice).setup.options!.plannedForces).toBe('b');
    expect(planGame(info, { ...choice, playerSide: 1 }).setup.options!.plannedForces).toBe('a');
    expect(planGame(info, { ...choice, opponent: { kind: 'human' } }).setup.options!.plannedForces).toBeUndefined();
    expect(planGame(info, { ...choice, armies: [null, HM_ARMY_BUILDING.defaultRoster('austria', 160)] }).setup.options!.plannedForces).toBeUndefined();
    expect(planGame(info, { ...choice, options: { ...choice.options, plannedForces: 'both' } }).setup.options!.plannedForces).toBe('both');
  });
});
