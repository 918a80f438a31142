/**
 * The one-page AI's reading of orders the table refuses, and of which shots matter: a wheel or a
 * charge into ground a line may not enter is forecast to go nowhere, as the engine moves it; a shot
 * at a unit standing on an objective is worth more the likelier it drives it off; and a long-range
 * shot in the activation gives up the move (a unit that moves still shoots at the end of the turn).
 */

import { describe, expect, it } from 'vitest';
import { inch } from '../../../src/core/measure';
import { battlefieldFromSpec } from '../../../src/terrain/battlefield';
import { objectiveShotValue, OFF_OBJECTIVE_SHOT, onePageAi, shootNowValue } from '../../../src/rules/one-page/ai';
import { getRuleset } from '../../../src/rules/registry';
import { decide, LAST_TURN_OBJECTIVE, lastTurnObjectives, scoreCandidate, scoringContext } from '../../../src/ai/utility';
import { evaluateCurve } from '../../../src/ai/curves';
import type { Action, GameState } from '../../../src/core/model';
import type { OnePageState } from '../../../src/rules/one-page/types';
import { act, buildGame, legal, unit, UP, DOWN, woodRect } from '../one-page/fixture';
import { expandCandidates } from '../../../src/ai/candidates';

// Building a table and its heightmap is slow on a busy machine; nothing here is timed.
const slow = { timeout: 60_000 };

function forecast(state: OnePageState, action: Action): ReturnType<typeof onePageAi.forecast> {
  return onePageAi.forecast(state, battlefieldFromSpec(state.battlefield), action);
}

const judgement = (f: ReturnType<typeof onePageAi.forecast>, name: string): number | undefined => f.judgements?.find((j) => j.name === name)?.value;

describe('orders into ground a line may not enter are forecast to go nowhere', slow, () => {
  it('a line standing in a wood cannot wheel: the forecast keeps it where it is, as the engine does', () => {
    const s = buildGame({ units: [{ id: 'red-u2', x: 36, y: 20, facing: UP }, { id: 'black-u1', x: 10, y: 44 }], table: { features: [woodRect('Copse', 28, 14, 44, 26)] } });
    const wheel: Action = { type: 'wheel', side: 'red', unit: 'red-u2', angle: Math.PI / 4 };
    const f = forecast(s, wheel).pose!;
    const before = unit(s, 'red-u2');
    expect(f).toEqual({ x: before.x, y: before.y, facing: before.facing });
    // The engine, with a 6 for the roll (6 + D6 = 12"), turns it back to nothing too.
    const after = unit(act(s, wheel, [6]).state, 'red-u2');
    expect(after.x).toBe(before.x);
    expect(after.y).toBe(before.y);
    expect(after.facing).toBe(before.facing);
  });

  it('a line in the open wheels in the forecast as far as the mean roll swings its outer corner', () => {
    const s = buildGame({ units: [{ id: 'red-u2', x: 36, y: 10, facing: UP }, { id: 'black-u1', x: 10, y: 44 }] });
    const f = forecast(s, { type: 'wheel', side: 'red', unit: 'red-u2', angle: Math.PI / 4 }).pose!;
    // The mean of 6 + D6 is 9.5"; a 6" line's corner swings 45° (4.7") well within it.
    expect(f.facing).toBeCloseTo(UP + Math.PI / 4, 9);
  });

  it('a line charging an enemy beyond a wood belt is forecast to stop with its front at the wood, where the engine stops it', () => {
    const s = buildGame({
      units: [
        { id: 'red-u2', x: 36, y: 10, facing: UP },
        { id: 'black-u1', x: 36, y: 21, facing: DOWN },
      ],
      table: { features: [woodRect('Belt', 28, 14, 44, 16)] },
    });
    const charge: Action = { type: 'charge', side: 'red', unit: 'red-u2', target: 'black-u1' };
    const f = forecast(s, charge);
    // No roll can carry a line through a wood (Q25): it cannot reach, and the pose is the short charge's.
    expect(f.pose!.y).toBeLessThan(inch(14));
    expect(f.pose!.y).toBeGreaterThan(inch(13));
    expect(f.pose!.x).toBeCloseTo(inch(36), 0);
    const after = unit(act(s, charge, [6]).state, 'red-u2');
    expect(Math.abs(after.y - f.pose!.y)).toBeLessThan(inch(0.5));
  });
});

describe('a line caught in a wood gets out', slow, () => {
  it('its best order is to form column and march out, not to wheel on the spot (which the table refuses)', () => {
    const s = buildGame({ units: [{ id: 'red-u2', x: 36, y: 20, facing: UP }, { id: 'black-u1', x: 20, y: 44 }], table: { features: [woodRect('Copse', 28, 14, 44, 26)] } });
    const bf = battlefieldFromSpec(s.battlefield);
    const orders = legal(s, 'red');
    const ctx = scoringContext(onePageAi as never, s as unknown as GameState, bf, 'red', 'balanced', orders);
    const candidates = expandCandidates({ state: s as unknown as GameState, bf, hints: onePageAi as never, side: 'red', enemies: ctx.enemies, friends: ctx.friends, pointsPerOrder: 7 }, orders);
    const ranked = candidates.map((c) => scoreCandidate(ctx, c)).sort((a, b) => b.score - a.score);
    expect(ranked[0]!.label).toBe('Form column and advance');
    expect(ranked[0]!.action.formation).toBe('column');
    // Every wheel is seen to go nowhere: it gets the unit nowhere and ranks below the march out.
    const wheels = ranked.filter((c) => c.action.type === 'wheel');
    expect(wheels.length).toBeGreaterThan(0);
    for (const w of wheels) {
      expect(w.considerations.find((k) => k.name === 'gets somewhere')!.input).toBe(0);
      expect(w.score).toBeLessThan(ranked[0]!.score);
    }
  });
});

describe('which shots matter', slow, () => {
  // The bare table's objectives stand on the centre line at 18", 36" and 54".
  const position = (): OnePageState =>
    buildGame({
      units: [
        { id: 'red-u2', x: 40, y: 17, facing: UP, rs: { hasShot: true } },
        // Within 3" of the objective at 36", 24" (its front is 2.6" from it)...
        { id: 'black-u1', x: 36, y: 21, facing: DOWN },
        // ...and a battalion as near the shooter, 10" from any objective.
        { id: 'black-u2', x: 44, y: 21, facing: DOWN },
      ],
    });

  it('a shot at a unit on an objective is worth more the likelier it drives it off; any other shot is worth 0.7', () => {
    const s = position();
    expect(OFF_OBJECTIVE_SHOT).toBe(0.7);
    expect(objectiveShotValue(s, unit(s, 'black-u2'), 0.4)).toBe(0.7);
    expect(objectiveShotValue(s, unit(s, 'black-u1'), 0)).toBeCloseTo(0.85, 12);
    expect(objectiveShotValue(s, unit(s, 'black-u1'), 0.1)).toBeCloseTo(0.7 + 0.3 * 0.7, 12);
    expect(objectiveShotValue(s, unit(s, 'black-u1'), 0.25)).toBe(1);
    expect(objectiveShotValue(s, unit(s, 'black-u1'), 0.9)).toBe(1);
  });

  it('a shot in the activation costs nothing at close range, and half its worth at long range unless it may break a target yet to act', () => {
    const close = position();
    expect(shootNowValue(unit(close, 'red-u2'), unit(close, 'black-u1'), 0)).toBe(1);
    const far = buildGame({ units: [{ id: 'red-u2', x: 36, y: 10, facing: UP }, { id: 'black-u1', x: 36, y: 20, facing: DOWN }] });
    const shooter = unit(far, 'red-u2');
    const target = unit(far, 'black-u1');
    // 10" between centres, 9.25" between fronts: long range for a musket (close is 6").
    expect(shootNowValue(shooter, target, 0)).toBe(0.5);
    expect(shootNowValue(shooter, target, 0.1)).toBeCloseTo(0.6, 12);
    expect(shootNowValue(shooter, target, 0.5)).toBe(1);
    target.rs.activated = true;
    expect(shootNowValue(shooter, target, 0.5)).toBe(0.5);
  });

  it('the shot forecast carries both judgements in the activation, and only the objective one in the end-of-turn shooting', () => {
    const s = position();
    const shot: Action = { type: 'shoot', side: 'red', unit: 'red-u2', target: 'black-u2' };
    const f = forecast(s, shot);
    expect(judgement(f, 'clears an objective')).toBe(0.7);
    expect(judgement(f, 'shoots now, not after moving')).toBe(1);
    s.rules.step = 'end-shooting';
    const g = forecast(s, shot);
    expect(judgement(g, 'clears an objective')).toBe(0.7);
    expect(judgement(g, 'shoots now, not after moving')).toBeUndefined();
  });

  it('in the end-of-turn shooting the computer fires at the battalion on the objective, not the one as near beside it', () => {
    const s = position();
    s.rules.step = 'end-shooting';
    s.phase = 'end-shooting';
    const d = decide(getRuleset('one-page'), s as unknown as GameState, 'red', { level: 'normal', personality: 'balanced' }, 'focus')!;
    expect(d.action).toEqual({ type: 'shoot', side: 'red', unit: 'red-u2', target: 'black-u1' });
    const other = d.runnersUp.find((c) => c.action.target === 'black-u2')!;
    expect(d.chosen.score).toBeGreaterThan(other.score);
  });
});

describe('the last turn: only standing on an objective scores', slow, () => {
  // Objectives at 18", 36" and 54" on the centre line (24"). Red holds 18" and 36" alone; black's
  // line stands on 54", where red's IR 19 stands too; red's IR 27 is the one unit without an objective.
  const lastTurn = (spare: { x: number; y: number }): OnePageState => {
    const s = buildGame({
      units: [
        { id: 'red-u2', x: 36, y: 22, facing: UP },
        { id: 'red-u3', x: 18, y: 22, facing: UP },
        { id: 'red-u5', x: 54, y: 21.5, facing: UP },
        { id: 'red-u6', x: spare.x, y: spare.y, facing: UP },
        { id: 'black-u1', x: 54, y: 27, facing: DOWN },
      ],
    });
    s.turn = s.rules.turnLimit;
    return s;
  };

  it('the objectives where one more unit changes the score are those the enemy stands on or we do not', () => {
    const s = lastTurn({ x: 70, y: 10 });
    const scoring = lastTurnObjectives(s as unknown as GameState, onePageAi as never, 'red', s.rules.objectives);
    expect(scoring).toEqual([s.rules.objectives.find((o) => Math.abs(o.x - inch(54)) < 1)]);
    // With red's line at 18" disordered, 18" is no longer held: it scores again.
    unit(s, 'red-u3').rs.disordered = true;
    expect(lastTurnObjectives(s as unknown as GameState, onePageAi as never, 'red', s.rules.objectives)).toHaveLength(2);
  });

  it('a unit without an objective scores 1 standing on a contested one and 0.6 anywhere else, and only in the last turn', () => {
    expect(evaluateCurve(LAST_TURN_OBJECTIVE, 1)).toBe(1);
    expect(evaluateCurve(LAST_TURN_OBJECTIVE, 0)).toBe(0.6);
    const halt: Action = { type: 'halt', side: 'red', unit: 'red-u6' };
    const on = (s: OnePageState) => {
      const ctx = scoringContext(onePageAi as never, s as unknown as GameState, battlefieldFromSpec(s.battlefield), 'red', 'balanced');
      expect(ctx.plan.holders['red-u6']).toBeUndefined();
      const scored = scoreCandidate(ctx, { action: halt, label: 'Halt', group: 'hold', unit: 'red-u6', why: 'test' });
      return scored.considerations.find((k) => k.name === 'on an objective at the end');
    };
    // Its front 2.6" from the objective at 54" that black's line stands on.
    expect(on(lastTurn({ x: 55, y: 21 }))).toEqual({ name: 'on an objective at the end', input: 1, score: 1 });
    expect(on(lastTurn({ x: 70, y: 10 }))).toEqual({ name: 'on an objective at the end', input: 0, score: 0.6 });
    const earlier = lastTurn({ x: 70, y: 10 });
    earlier.turn = earlier.rules.turnLimit - 1;
    expect(on(earlier)).toBeUndefined();
  });
});
