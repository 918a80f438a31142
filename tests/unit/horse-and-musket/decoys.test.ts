/**
 * Extra decoy counters (C §9.5, B §6.1 step 2): bought at army selection for 2 points each, priced
 * and checked with the army, put on the table with hidden movement, and all lost by a side that is
 * outscouted.
 *
 * The default 160-point armies: the Prussians (133 of 136 points) field no skirmishers and the
 * Austrians (176 of 184) one unit of Croat Grenzer, so the Prussians are outscouted.
 */

import { describe, expect, it } from 'vitest';
import type { ArmyRoster, GameEvent } from '../../../src/core/model';
import { horseAndMusket } from '../../../src/rules/horse-and-musket/ruleset';
import { DECOY_ITEM, HM_ARMY_BUILDING, HM_ARMY_LISTS, armyToRoster, rosterToArmy } from '../../../src/rules/horse-and-musket/roster';
import { armyPoints, validateArmy } from '../../../src/rules/horse-and-musket/armies';
import type { HmState } from '../../../src/rules/horse-and-musket/types';
import { act } from './fixture';

const withDecoys = (list: string, count: number): ArmyRoster => {
  const r = HM_ARMY_BUILDING.defaultRoster(list, 160);
  return { ...r, picks: [...r.picks, { item: DECOY_ITEM, count }] };
};

describe('buying extra decoys (C §9.5)', () => {
  it('every list offers them at 2 points each', () => {
    for (const list of HM_ARMY_LISTS) {
      const item = list.items.find((i) => i.id === DECOY_ITEM);
      expect(item, list.id).toMatchObject({ name: 'Extra decoy counter', group: 'Hidden movement', sizes: [{ stands: null, points: 2 }] });
    }
  });

  it('add 2 points each to the army, as a line of their own', () => {
    const check = HM_ARMY_BUILDING.checkRoster(withDecoys('austria', 3), 160);
    expect(check.points).toBe(176 + 6);
    expect(check.lines.at(-1)).toEqual({ what: 'Extra decoy counters', count: 3, points: 6 });
    expect(check.problems).toEqual([]);
  });

  it('count against the budget', () => {
    expect(HM_ARMY_BUILDING.checkRoster(withDecoys('prussia-supremacy', 1), 160).problems).toEqual([]);
    const over = HM_ARMY_BUILDING.checkRoster(withDecoys('prussia-supremacy', 2), 160);
    expect(over.points).toBe(137);
    expect(over.problems).toEqual(['The army costs 137 points; the budget is 136 (160 −15%).']);
  });

  it('go from roster to army and back', () => {
    const { army, problems } = rosterToArmy(withDecoys('austria', 4));
    expect(problems).toEqual([]);
    expect(army!.decoys).toBe(4);
    expect(armyPoints(army!)).toBe(184);
    expect(armyToRoster(army!).picks.at(-1)).toEqual({ item: DECOY_ITEM, count: 4 });
    expect(validateArmy({ ...army!, decoys: -1 }, 160)).toContain('Extra decoy counters: the number must be a whole number, 0 or more, not -1.');
  });
});

describe('extra decoys on the table', () => {
  function battle(seed: string): { state: HmState; events: GameEvent[] } {
    const s = horseAndMusket.createGame({
      rulesetId: 'horse-and-musket',
      seed,
      options: { hiddenMovement: true, deployment: 'automatic', armyA: 'prussia-supremacy', armyB: 'austria' },
      armies: { a: withDecoys('prussia-supremacy', 1), b: withDecoys('austria', 3) },
    });
    return act(s, { type: 'choose-posture', side: s.rules.initiative, choice: 'defend' });
  }

  it('an outscouted side loses all its extra decoys; the other puts its own down with the hidden units\' decoys', { timeout: 30_000 }, () => {
    const { state: s, events } = battle('decoy1');
    expect(s.rules.sides.a!.outscouted).toBe(true);
    expect(s.rules.sides.a!.extraDecoys).toBeUndefined();
    expect(s.rules.setupLog).toContain('Prussians: Absolute Supremacy are outscouted and lose the 1 extra decoy counter they bought (C §9.5)');
    expect(s.rules.sides.b!.extraDecoys).toBe(3);
    const hiddenTexts = events.filter((e) => e.type === 'hidden').map((e) => e.text);
    expect(hiddenTexts).toContain('Austrians put down 3 extra decoy counters (C §9.5)');
    expect(hiddenTexts.some((t) => t.startsWith('Prussians') && t.includes('extra decoy'))).toBe(false);
    // Decoys on the table: one per unit hidden at the start, the extra ones, less those enemies have since found.
    const hiddenAtStart = (name: string): number => Number(/^(\d+) unit/.exec(hiddenTexts.find((t) => t.startsWith(`${name}: `))?.slice(name.length + 2) ?? '0 unit')![1]);
    const found = (side: string): number => events.filter((e) => e.type === 'decoy-removed' && e.side === side).length;
    const decoys = (side: string): number => s.rules.hidden!.counters.filter((c) => c.side === side && c.real === null).length;
    expect(decoys('a')).toBe(hiddenAtStart('Prussians: Absolute Supremacy') - found('a'));
    expect(decoys('b')).toBe(hiddenAtStart('Austrians') + 3 - found('b'));
    expect(decoys('b')).toBeGreaterThanOrEqual(3);
    // The enemy's view shows every Austrian counter, real or decoy, as a marker like any other.
    const seenByA = horseAndMusket.knownTo!(s, undefined as never, 'a');
    const live = s.rules.hidden!.counters.filter((c) => c.side === 'b' && !c.revealed).length;
    expect(seenByA.units.filter((u) => u.kind === 'marker' && u.side === 'b').length).toBe(live);
  });

  it('the same seed and rosters give the same counters', { timeout: 30_000 }, () => {
    expect(battle('decoy1').state.rules.hidden).toEqual(battle('decoy1').state.rules.hidden);
  });
});
