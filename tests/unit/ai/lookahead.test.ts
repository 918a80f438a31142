import { describe, expect, it } from 'vitest';
import { activationSession, FACING_BLACK, FACING_RED, handMade } from './handmade';
import { afterOrder, bestReplies, lookAhead, REPLY_CURVE } from '../../../src/ai/lookahead';
import { decide, scoringContext } from '../../../src/ai/utility';
import { evaluateCurve } from '../../../src/ai/curves';
import { seededDice } from '../../../src/core/dice';
import type { GameState } from '../../../src/core/model';

// Open ground at the top of the 'hand' table; IR 15 Garde (red) stands 12" in front of two Austrian
// battalions, with the North-east wood's edge to its right.
const s = activationSession('hand');
const place = {
  'red-u2': { x: 1100, y: 830, facing: FACING_BLACK },
  'red-u3': { x: 300, y: 300, facing: FACING_BLACK },
  'black-u1': { x: 1000, y: 1150, facing: FACING_RED },
  'black-u4': { x: 1250, y: 1150, facing: FACING_RED },
};
const shot = { type: 'shoot', side: 'red', unit: 'red-u2', target: 'black-u4' };

describe('the hard level looks ahead', () => {
  it('normal keeps its move rather than fire at long range now; hard weighs its best orders against both battalions\' replies', () => {
    const { state, bf } = handMade(s, place);
    const normal = decide(s.ruleset, state, 'red', { level: 'normal', personality: 'balanced' }, 'look')!;
    // A unit that moves still shoots at the end of the turn: the 12" volley now would waste the
    // move, so it wheels 45° left instead.
    expect(normal.action).toEqual({ type: 'wheel', side: 'red', unit: 'red-u2', angle: Math.PI / 4 });
    // Worth half, and a little more for the small chance it breaks IR 4 before it acts.
    const now = s.ruleset.ai.forecast(state, bf, shot).judgements!.find((j) => j.name === 'shoots now, not after moving')!;
    expect(now.value).toBe(0.5078125);
    const hard = decide(s.ruleset, state, 'red', { level: 'hard', personality: 'balanced' }, 'look')!;
    expect(hard.action).toMatchObject({ type: 'move', unit: 'red-u2', mode: 'sideways' });
    expect(hard.chosen.why).toBe('half a move forward, adjusted');
    // Its order was weighed against the replies: there a charge is the worst the enemy can do.
    const reply = hard.chosen.considerations.at(-1)!;
    expect(reply.name).toBe("the enemy's reply (worst: Charge, IR 15 Garde)");
    expect(reply.input).toBeCloseTo(0.13288487208364386, 12);
    // The wheel normal chose, looked at the same way, draws the battalions' volleys and costs more.
    const wheel = [hard.chosen, ...hard.runnersUp].find((c) => c.action.type === 'wheel')!;
    expect(wheel.considerations.at(-1)!.name).toBe("the enemy's reply (worst: Shoot, IR 15 Garde)");
    expect(wheel.considerations.at(-1)!.input).toBeCloseTo(0.3686951017734341, 12);
    expect(wheel.score).toBeLessThan(hard.chosen.score);
    expect(reply.score).toBeCloseTo(evaluateCurve(REPLY_CURVE, reply.input), 12);
  });

  it('after the shot the enemy is handed the turn and each battalion picks its strike with the normal scorer', () => {
    const { state, bf } = handMade(s, place);
    const after = afterOrder(s.ruleset, state, 'red', shot, 'look')!;
    // Red's other orders were passed: black is to act in its activations.
    expect(after.active).toBe('black');
    expect((after as GameState<{ step: string }>).rules.step).toBe('activations');
    const r = bestReplies(s.ruleset, after, bf, 'red', 'balanced')!;
    expect(r.replies.map((x) => x.action)).toEqual([
      { type: 'shoot', side: 'black', unit: 'black-u1', target: 'red-u2' },
      { type: 'shoot', side: 'black', unit: 'black-u4', target: 'red-u2' },
    ]);
    // A first volley at long range: 6 dice hitting on 4+, about an eighth of the battalion and a
    // small chance it retreats, scored as an attack's harm is. IR 4 lost figures to the shot in this
    // sample of the lookahead's dice, so its volley is the weaker.
    expect(r.replies[0]!.cost).toBeCloseTo(0.3173828125, 10);
    expect(r.replies[1]!.cost).toBeCloseTo(0.2604166666666667, 10);
    expect(r.cost).toBeCloseTo(1 - Math.exp(-(0.3173828125 + 0.2604166666666667)), 10);
    const [looked] = lookAhead(s.ruleset, state, bf, 'red', [{ action: shot, label: 'Shoot', unit: 'red-u2', group: 'fire', why: 'IR 4 Deutschmeister', weight: 1, score: 0.5, considerations: [] }], 1, 'balanced', 'look');
    expect(looked!.score).toBeCloseTo(0.5 * evaluateCurve(REPLY_CURVE, r.cost), 12);
  });

  it('plays on dice of its own, never the game dice that hold the rolls to come', () => {
    const { state } = handMade(s, place);
    const a = afterOrder(s.ruleset, { ...state, dice: seededDice('one future') }, 'red', shot, 'look')!;
    const b = afterOrder(s.ruleset, { ...state, dice: seededDice('another future') }, 'red', shot, 'look')!;
    // Whatever the game's dice would roll next, the lookahead sees the same battle.
    expect({ ...a, dice: null }).toEqual({ ...b, dice: null });
    // And the position it was given is untouched.
    expect(state.units.find((u) => u.id === 'red-u2')!.rs).toMatchObject({ activated: false, shot: false });
  });

  it('an enemy the side cannot see gives no reply under fog of war', () => {
    const fog = activationSession('hand', { fogOfWar: true });
    const { state, bf } = handMade(fog, place);
    // The view without IR 1 Kaiser, as fog would give it had the battalion been out of sight.
    const view: GameState = { ...state, units: state.units.filter((u) => u.id !== 'black-u1') };
    const after = afterOrder(fog.ruleset, view, 'red', shot, 'look')!;
    const r = bestReplies(fog.ruleset, after, bf, 'red', 'balanced')!;
    expect(r.replies.map((x) => x.action.unit)).toEqual(['black-u4']);
    const ctx = scoringContext(fog.ruleset.ai, after, bf, 'black', 'balanced');
    expect(ctx.enemies.map((u) => u.id)).toEqual(['red-u2', 'red-u3']);
  });
});
