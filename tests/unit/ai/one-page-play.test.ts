/**
 * The one-page AI's reading of the table: move forecasts that stop where the engine stops,
 * objectives measured from the footprint as the victory rules measure them, the pull onto an
 * objective narrowing as the last turn nears, focus fire in the end-of-turn shooting, and the hard
 * level's second look around its best moves.
 */

import { describe, expect, it } from 'vitest';
import { inch } from '../../../src/core/measure';
import { battlefieldFromSpec } from '../../../src/terrain/battlefield';
import { onePageAi } from '../../../src/rules/one-page/ai';
import { OBJECTIVE_RADIUS } from '../../../src/rules/one-page/charts';
import { getRuleset } from '../../../src/rules/registry';
import { decide, scoreCandidate, scoringContext, type ConsiderationScore } from '../../../src/ai/utility';
import type { Action, GameState } from '../../../src/core/model';
import type { OnePageState } from '../../../src/rules/one-page/types';
import { act, attempt, buildGame, unit, UP, DOWN, woodRect } from '../one-page/fixture';

const advance = (id: string, x: number, y: number): Action => ({ type: 'move', side: 'red', unit: id, mode: 'advance', to: { x: inch(x), y: inch(y) } });

function forecastPose(state: OnePageState, action: Action): { x: number; y: number } {
  const pose = onePageAi.forecast(state, battlefieldFromSpec(state.battlefield), action).pose;
  expect(pose).toBeDefined();
  return pose!;
}

/** The considerations of one candidate for red, by name. */
function considerations(state: OnePageState, action: Action, group: string): Record<string, ConsiderationScore> {
  const bf = battlefieldFromSpec(state.battlefield);
  const ctx = scoringContext(onePageAi as never, state as unknown as GameState, bf, 'red', 'balanced');
  const scored = scoreCandidate(ctx, { action, label: String(action.type), group, unit: String(action.unit), why: 'test' });
  return Object.fromEntries(scored.considerations.map((k) => [k.name, k]));
}

// Building a table and its heightmap is slow on a busy machine; nothing here is timed.
const slow = { timeout: 60_000 };

describe('move forecasts stop where the engine stops', slow, () => {
  it('a line advancing on a wood halts with its front at the edge, in the forecast as on the table', () => {
    const s = buildGame({ units: [{ id: 'red-u2', x: 36, y: 10, facing: UP }, { id: 'black-u1', x: 10, y: 44 }], table: { features: [woodRect('Copse', 20, 14, 52, 30)] } });
    const f = forecastPose(s, advance('red-u2', 36, 22));
    const moved = unit(act(s, advance('red-u2', 36, 22), [6]).state, 'red-u2');
    // The engine stops the front at y = 14": the centre 3/8" short of it.
    expect(moved.y).toBeCloseTo(inch(14 - 0.375), 0);
    expect(Math.abs(f.y - moved.y)).toBeLessThan(inch(1));
    expect(f.x).toBeCloseTo(inch(36), 6);
  });

  it('a battalion behind another cannot march through it: the forecast ends short of the friend', () => {
    const s = buildGame({ units: [{ id: 'red-u2', x: 36, y: 8, facing: UP }, { id: 'red-u3', x: 36, y: 12, facing: UP }, { id: 'black-u1', x: 10, y: 44 }] });
    const f = forecastPose(s, advance('red-u2', 36, 20));
    const moved = unit(act(s, advance('red-u2', 36, 20), [6]).state, 'red-u2');
    // Formed lines may not pass through each other (Q23): 4" between centres, lines 3/4" deep, so 3 1/4" at most.
    expect(moved.y - inch(8)).toBeLessThan(inch(3.3));
    expect(Math.abs(f.y - moved.y)).toBeLessThan(inch(1));
  });
});

describe('objectives as the victory rules measure them', slow, () => {
  it("holding is measured from the footprint: a line whose flank touches the objective holds it, though its centre is 4\" off", () => {
    // The bare table's objectives stand on the centre line at 18", 36" and 54".
    const s = buildGame({ units: [{ id: 'red-u2', x: 22, y: 24, facing: UP }, { id: 'black-u1', x: 60, y: 44 }] });
    const o = s.rules.objectives.find((q) => Math.abs(q.x - inch(18)) < 1)!;
    const u = unit(s, 'red-u2');
    // A 6" line: its flank is 1" from the objective.
    expect(onePageAi.objectiveDistance!(s, u, { x: u.x, y: u.y, facing: u.facing }, o)).toBeCloseTo(inch(1), 6);
    const k = considerations(s, { type: 'halt', side: 'red', unit: 'red-u2' }, 'hold')['hold our objective']!;
    expect(k.input).toBe(1);
    expect(k.score).toBeCloseTo(1, 12);
  });

  it('a holder 2" short of its objective is pulled by the moves still needed, the same in the first turn as in the last', () => {
    // The line's front 2" beyond the 3" radius: 5" short of the objective, straight ahead of it.
    const first = buildGame({ units: [{ id: 'red-u2', x: 18, y: 24 - 5 - 0.375, facing: UP }, { id: 'black-u1', x: 60, y: 44 }] });
    const last = buildGame({ units: [{ id: 'red-u2', x: 18, y: 24 - 5 - 0.375, facing: UP }, { id: 'black-u1', x: 60, y: 44 }] });
    last.turn = last.rules.turnLimit;
    const halt: Action = { type: 'halt', side: 'red', unit: 'red-u2' };
    const early = considerations(first, halt, 'hold')['hold our objective']!;
    const late = considerations(last, halt, 'hold')['hold our objective']!;
    // Without orders to read, a unit's reach is taken as three radii (9"): 2" still to go is 1.5 x 2/9
    // of a move's worth of score lost, whatever the turn.
    const reach = OBJECTIVE_RADIUS * 3;
    expect(early.input).toBeCloseTo(1 / (1 + (1.5 * inch(2)) / reach), 6);
    expect(early.input).toBeCloseTo(0.75, 6);
    expect(late.input).toBeCloseTo(early.input, 9);
    expect(late.score).toBeCloseTo(0.1 + 0.9 * late.input, 6);
  });
});

describe('focus fire in the end-of-turn shooting', slow, () => {
  it('a shot at a battalion another unit has already declared on is worth more: together they can force its morale test', () => {
    const units = [
      { id: 'red-u2', x: 30, y: 20, facing: UP, rs: { hasShot: true } },
      { id: 'red-u3', x: 38, y: 20, facing: UP, rs: { hasShot: true } },
      { id: 'black-u1', x: 34, y: 25, facing: DOWN },
      { id: 'black-u2', x: 24, y: 25, facing: DOWN },
    ];
    const alone = buildGame({ units });
    alone.rules.step = 'end-shooting';
    const joined = structuredClone(alone);
    joined.rules.declaredShots = [{ shooter: 'red-u3', target: 'black-u1' }];
    const shot: Action = { type: 'shoot', side: 'red', unit: 'red-u2', target: 'black-u1' };
    const bf = battlefieldFromSpec(alone.battlefield);
    const a = onePageAi.forecast(alone, bf, shot);
    const b = onePageAi.forecast(joined, bf, shot);
    // 12 dice hitting on 5+: 4 figures expected either way, but the 25% test (6 of 24) is far likelier with 24 dice.
    expect(b.inflicted!).toBeGreaterThan(a.inflicted! + 0.03);
    expect(b.removes!).toBeGreaterThanOrEqual(a.removes!);
    // A shot at another battalion is not changed by the declared one.
    const other: Action = { ...shot, target: 'black-u2' };
    expect(onePageAi.forecast(joined, bf, other)).toEqual(onePageAi.forecast(alone, bf, other));
  });
});

describe('the hard level looks twice', slow, () => {
  it('it also scores spots around its best moves, and still chooses an order the rules accept', () => {
    const s = buildGame({ units: [{ id: 'red-u2', x: 30, y: 8, facing: UP }, { id: 'red-u3', x: 42, y: 8, facing: UP }, { id: 'black-u1', x: 34, y: 40 }] });
    const ruleset = getRuleset('one-page');
    const hard = decide(ruleset, s as unknown as GameState, 'red', { level: 'hard', personality: 'balanced' }, 'look')!;
    const normal = decide(ruleset, s as unknown as GameState, 'red', { level: 'normal', personality: 'balanced' }, 'look')!;
    // The first pass scores every candidate it named; the second adds spots around the best moves.
    expect(normal.scored).toBe(normal.candidates);
    expect(hard.scored).toBeGreaterThan(hard.candidates);
    const adjusted = [hard.chosen, ...hard.runnersUp].filter((c) => c.why.endsWith(', adjusted'));
    for (const c of adjusted) expect(c.action.to).toBeDefined();
    const r = attempt(s, hard.action);
    expect(r.ok || 'needDice' in r).toBe(true);
  });
});
