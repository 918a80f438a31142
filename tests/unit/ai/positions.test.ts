import { describe, expect, it } from 'vitest';
import { activationSession, FACING_BLACK, FACING_RED, handMade } from './handmade';
import { decide, perceive, scoreCandidate, scoringContext } from '../../../src/ai/utility';
import { battlefieldFromSpec } from '../../../src/terrain/battlefield';
import { featuresAt } from '../../../src/terrain/query';
import type { GameState } from '../../../src/core/model';

const s = activationSession('hand');
const normal = { level: 'normal' as const, personality: 'balanced' as const };

/** What a decision chose, and the first runners-up, in a form a snapshot can hold. */
function summary(state: GameState): { chosen: unknown; why: string; runnersUp: string[] } {
  const d = decide(s.ruleset, state, 'red', normal, 'position')!;
  return { chosen: d.action, why: d.chosen.why, runnersUp: d.runnersUp.slice(0, 3).map((r) => `${r.label}: ${r.why}`) };
}

describe('decisions in hand-made positions', () => {
  it('a gun on a crest with a battalion in range shoots rather than walk off the hill', () => {
    // The 12-pdr on the crest of South hill, three battalions forward by the objectives; IR 4 inside
    // the gun's close range (12"), IR 2 further off.
    const { state, bf } = handMade(s, { 'red-u4': { x: 619, y: 181, facing: FACING_BLACK }, 'red-u2': { x: 380, y: 430, facing: FACING_BLACK }, 'red-u3': { x: 1250, y: 500, facing: FACING_BLACK }, 'red-u5': { x: 1000, y: 450, facing: FACING_BLACK }, 'black-u4': { x: 619, y: 480, facing: FACING_RED }, 'black-u5': { x: 800, y: 1100, facing: FACING_RED } });
    expect(bf.features.find((f) => f.kind === 'hill' && f.name === 'South hill')).toBeDefined();
    // The battalions have had their activations: the decision is the gun's.
    for (const id of ['red-u2', 'red-u3', 'red-u5']) (state.units.find((u) => u.id === id)!.rs as { activated: boolean }).activated = true;
    const d = summary(state);
    expect(d).toMatchInlineSnapshot(`
      {
        "chosen": {
          "side": "red",
          "target": "black-u4",
          "type": "shoot",
          "unit": "red-u4",
        },
        "runnersUp": [
          "Shoot: Hungarian IR 2 Erzherzog Ferdinand",
          "Sidestep: objective 2",
          "Sidestep: toward Hungarian IR 2 Erzherzog Ferdinand",
        ],
        "why": "IR 4 Deutschmeister",
      }
    `);
    expect(d.chosen).toEqual({ type: 'shoot', side: 'red', unit: 'red-u4', target: 'black-u4' });
    // Every move of the gun scores below its best shot.
    const ctx = scoringContext(s.ruleset.ai, state, bf, 'red', 'balanced', s.ruleset.legalActions(state, bf, 'red'));
    expect(ctx.plan.holders['red-u4']).toBeUndefined();
    const shot = scoreCandidate(ctx, { action: { type: 'shoot', side: 'red', unit: 'red-u4', target: 'black-u4' }, label: 'Shoot', group: 'fire', unit: 'red-u4', why: '' });
    for (const to of [{ x: 619, y: 446 }, { x: 619, y: 330 }, { x: 700, y: 400 }]) {
      const move = scoreCandidate(ctx, { action: { type: 'move', side: 'red', unit: 'red-u4', mode: 'advance', to }, label: 'Advance', group: 'move', unit: 'red-u4', why: '' });
      expect(move.score).toBeLessThan(shot.score);
    }
  });

  it('a battalion with cuirassiers on its flank wheels to face them', () => {
    // IR 15 faces up the table; the cuirassiers stand 10" off its left, facing it. It stands in the
    // open: on the broken ground 3" further down the table the wheel would be halved (§7.3).
    const { state } = handMade(s, { 'red-u2': { x: 1400, y: 300, facing: FACING_BLACK }, 'black-u0': { x: 1150, y: 300, facing: 0 }, 'black-u1': { x: 1400, y: 1100, facing: FACING_RED } });
    const d = summary(state);
    expect(d).toMatchInlineSnapshot(`
      {
        "chosen": {
          "angle": 1.5707963267948966,
          "side": "red",
          "type": "wheel",
          "unit": "red-u2",
        },
        "runnersUp": [
          "Advance: edge of North-east wood",
          "Advance: toward IR 1 Kaiser",
          "Advance: half a move forward",
        ],
        "why": "to face Cuirassier Regt. Anhalt-Zerbst",
      }
    `);
    expect((d.chosen as { type: string }).type).toBe('wheel');
    // Toward the cuirassiers: a quarter turn to the left brings them dead ahead.
    expect((d.chosen as { angle: number }).angle).toBeCloseTo(Math.PI / 2, 6);
  });

  it('an enemy hidden in dead ground behind a rise, not in any wood, does not change the decision under fog of war', () => {
    const fog = activationSession('ai-dead-ground', { fogOfWar: true });
    const state = fog.state as GameState;
    const bf = battlefieldFromSpec(state.battlefield);
    const hints = fog.ruleset.ai;
    const reds = state.units.filter((u) => u.side === 'red' && !u.removed);
    const template = state.units.find((u) => u.side === 'black' && u.kind === 'infantry')!;
    let hidden: GameState | null = null;
    for (let y = bf.depth / 2; y < bf.depth - 150 && !hidden; y += 50) {
      for (let x = 100; x < bf.width - 100 && !hidden; x += 50) {
        // Open ground, or anything but a feature that hides by itself: the rise of the ground hides it.
        if (featuresAt(bf, { x, y }).some((f) => ['wood', 'orchard', 'town', 'village', 'farm'].includes(f.kind))) continue;
        const ghost = { ...structuredClone(template), id: 'black-hidden', name: 'Hidden battalion', x, y };
        const trial = { ...structuredClone(state), units: [...structuredClone(state.units), ghost] };
        if (reds.every((r) => !hints.sees(trial, bf, r, ghost))) hidden = trial;
      }
    }
    expect(hidden, 'dead ground deep enough to hide a battalion').not.toBeNull();
    expect(perceive(hidden!, bf, hints, 'red').units.some((u) => u.id === 'black-hidden')).toBe(false);
    const without = decide(fog.ruleset, state, 'red', normal, 'dead');
    const withHidden = decide(fog.ruleset, hidden!, 'red', normal, 'dead');
    expect(withHidden!.action).toEqual(without!.action);
    expect(withHidden!.runnersUp.map((r) => r.score)).toEqual(without!.runnersUp.map((r) => r.score));
    // In plain sight (fog off) the same battalion is part of the picture.
    const open = { ...hidden!, options: { ...hidden!.options, fogOfWar: false } };
    expect(perceive(open, bf, hints, 'red').units.some((u) => u.id === 'black-hidden')).toBe(true);
  }, 120_000);
});
