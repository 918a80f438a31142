/**
 * Mistakes the one-page AI made in games against the scripted player, each in a hand-made position
 * where it now chooses otherwise: horse riding about under the enemy's muskets instead of charging or
 * keeping out of range, and skirmishers evading a charge off their own table edge. The decisions are
 * deterministic (the seed of the weighted choice is fixed), so the exact order chosen is asserted.
 */

import { describe, expect, it } from 'vitest';
import { decide, type Decision } from '../../../src/ai/utility';
import { seededDice } from '../../../src/core/dice';
import { inch } from '../../../src/core/measure';
import { getRuleset } from '../../../src/rules/registry';
import { battlefieldFromSpec } from '../../../src/terrain/battlefield';
import { fireTaken, retreatLostShare, STRIKE_PROSPECT, UNDER_FIRE, onePageAi } from '../../../src/rules/one-page/ai';
import type { GameState } from '../../../src/core/model';
import type { OnePageState } from '../../../src/rules/one-page/types';
import { act, buildGame, unit, UP, DOWN } from '../one-page/fixture';

const ruleset = getRuleset('one-page');
// Building a table and its heightmap is slow on a busy machine; nothing here is timed.
const slow = { timeout: 60_000 };

/** The normal level's decision for a side, with dice of its own so every order can be tried. */
function choose(s: OnePageState, side = 'red'): Decision {
  s.dice = seededDice('judge');
  return decide(ruleset, s as unknown as GameState, side, { level: 'normal', personality: 'balanced' }, 'judge')!;
}

const scoreOf = (d: Decision, name: string): number => d.chosen.considerations.find((k) => k.name === name)!.score;

describe('horse does not ride about under the enemy muskets', slow, () => {
  it('dragoons with a line on their flank and one in reach of its flank charge it, rather than advance onto the objective beside both', () => {
    // The dragoons face up the table; IR 1 stands 11" ahead showing them its flank, IR 4 stands 12" to their right facing them.
    const s = buildGame({ units: [{ id: 'red-u0', x: 30, y: 14, facing: UP }, { id: 'black-u1', x: 30, y: 25, facing: 0 }, { id: 'black-u4', x: 42, y: 15, facing: Math.PI }] });
    const d = choose(s);
    // Before, it advanced toward IR 4 (to 38.4", 22.6"), into both battalions' fire, with no charge to make from there.
    expect(d.action).toEqual({ type: 'charge', side: 'red', unit: 'red-u0', target: 'black-u1' });
    const advance = { type: 'move', side: 'red', unit: 'red-u0', mode: 'advance', to: { x: 974.8494538724627, y: 575.243597644448 } };
    const f = onePageAi.forecast(s, battlefieldFromSpec(s.battlefield), advance);
    // The fire and the charge prospect are judged later, only for orders that can still be among the best.
    expect(f.later?.count).toBe(2);
    const judged = Object.fromEntries([...(f.judgements ?? []), ...(f.later?.judge() ?? [])].map((j) => [j.name, j.value]));
    // Both lines reach it there: a share of the horse lost to their volleys, and no charge in prospect.
    expect(judged[UNDER_FIRE]).toBeLessThan(0.5);
    expect(judged[STRIKE_PROSPECT]).toBe(0.7);
  });

  it('dragoons with a line on their flank and no charge to make sidestep out of its range, rather than advance onto the objective beside it', () => {
    const s = buildGame({ units: [{ id: 'red-u0', x: 30, y: 14, facing: UP }, { id: 'black-u1', x: 40, y: 15, facing: Math.PI }] });
    const d = choose(s);
    // Before, it advanced onto objective 1 (36", 24"), 4" from the battalion's front.
    expect(d.action.type).toBe('move');
    expect(d.action.mode).toBe('sideways');
    expect(d.chosen.why).toBe('away from IR 1 Kaiser');
    const to = d.action.to as { x: number; y: number };
    expect(Math.abs(to.x - 458.71266442399536)).toBeLessThan(1e-6);
    expect(Math.abs(to.y - 325.2712664423994)).toBeLessThan(1e-6);
    // Where it ends, no musket reaches it.
    expect(scoreOf(d, UNDER_FIRE)).toBe(1);
  });

  it('the fire a pose draws: none beyond the enemy muskets, none from a line that has acted and faces away', () => {
    const s = buildGame({ units: [{ id: 'red-u0', x: 30, y: 14, facing: UP }, { id: 'black-u1', x: 30, y: 24, facing: DOWN }] });
    const bf = battlefieldFromSpec(s.battlefield);
    const u = unit(s, 'red-u0');
    // 10" apart, face to face: 12 dice at long range, hitting on 4+ (first fire), against 8 horsemen.
    const near = fireTaken(s, bf, u, { x: u.x, y: u.y, facing: u.facing });
    expect(near).toBeGreaterThan(0.5);
    expect(fireTaken(s, bf, u, { x: u.x, y: inch(2), facing: u.facing })).toBe(0);
    const acted = structuredClone(s);
    const line = unit(acted, 'black-u1');
    line.facing = UP;
    line.rs.activated = true;
    expect(fireTaken(acted, bf, unit(acted, 'red-u0'), { x: u.x, y: u.y, facing: u.facing })).toBe(0);
  });
});

describe('a retreat off the table is a loss', slow, () => {
  it('the share of move rolls that carry a unit over its edge: dragoons 21" from it, retreating straight back, are lost on 22" and 24"', () => {
    const s = buildGame({ units: [{ id: 'red-u0', x: 30, y: 21, facing: UP }, { id: 'black-u1', x: 30, y: 32, facing: DOWN }] });
    const bf = battlefieldFromSpec(s.battlefield);
    const u = unit(s, 'red-u0');
    // (6 + D6) x 2: 14, 16 ... 24. The centre has 20.5" of room (half an inch kept for the unit's depth).
    expect(retreatLostShare(bf, u, u, unit(s, 'black-u1'))).toBeCloseTo(2 / 6, 12);
    expect(retreatLostShare(bf, u, { x: u.x, y: inch(40) }, { x: u.x, y: inch(47) })).toBe(0);
  });

  it('skirmishers 4" from their own edge stand when charged rather than evade off the table', () => {
    let s = buildGame({ order: ['black', 'red'], units: [{ id: 'red-u1', x: 30, y: 4, facing: UP }, { id: 'black-u0', x: 30, y: 20, facing: DOWN }] });
    s = act(s, { type: 'charge', side: 'black', unit: 'black-u0', target: 'red-u1' }).state;
    // Before, it evaded: a full move of 7" to 12" straight back, off the table, and the Jäger were lost.
    expect(onePageAi.choiceValue!(s, { type: 'react', side: 'red', response: 'evade' }, 'attack')).toBeCloseTo(0.05, 12);
    expect(choose(s).action).toEqual({ type: 'react', side: 'red', response: 'stand' });
  });

  it('skirmishers with room behind them still evade', () => {
    let s = buildGame({ order: ['black', 'red'], units: [{ id: 'red-u1', x: 30, y: 20, facing: UP }, { id: 'black-u0', x: 30, y: 36, facing: DOWN }] });
    s = act(s, { type: 'charge', side: 'black', unit: 'black-u0', target: 'red-u1' }).state;
    expect(onePageAi.choiceValue!(s, { type: 'react', side: 'red', response: 'evade' }, 'attack')).toBeCloseTo(0.9, 12);
    expect(choose(s).action).toEqual({ type: 'react', side: 'red', response: 'evade' });
  });
});
