import { describe, expect, it } from 'vitest';
import { duel, exposure, outlook } from '../../../src/rules/horse-and-musket/aiResolve';
import { hmAi, reformJudgement } from '../../../src/rules/horse-and-musket/ai';
import { decide } from '../../../src/ai/utility';
import { getRuleset } from '../../../src/rules/registry';
import { battlefieldFromSpec } from '../../../src/terrain/battlefield';
import type { GameState } from '../../../src/core/model';
import { buildState, DOWN, makeGeneral, makeUnit } from '../horse-and-musket/fixture';

const close = (a: number, b: number): void => expect(a).toBeCloseTo(b, 10);
/** The chance that one 2D6 beats another: half of what is left after the ties (Σ p² = 146/1296). */
const BEATS = (1 - 146 / 1296) / 2;

describe('Horse & Musket AI: an Attack read through both charts at once, with the confrontation and combat dice', () => {
  // A fresh, trained battalion of five facing up the table, and an enemy one 8" ahead facing it.
  const mine = (stands = 5): ReturnType<typeof makeUnit> => makeUnit({ id: 'a-4', side: 'a', troop: 'infantry', x: 36, y: 10, stands });
  const theirs = (stands = 5, y = 18): ReturnType<typeof makeUnit> => makeUnit({ id: 'b-4', side: 'b', troop: 'infantry', x: 36, y, facing: DOWN, stands });

  it('equal battalions, both fresh and unsupported (+1 −1): the attacker is Resolute when its throw beats the other, and each side reads its own chart', () => {
    const state = buildState({ units: [mine(), theirs()] });
    const bf = battlefieldFromSpec(state.battlefield);
    const [a, d] = [state.units[0]!, state.units[1]!];
    const f = duel(state, bf, a, d, false);
    close(f.resolute, BEATS);
    expect(f.mine).toEqual(outlook(state, bf, a, d, 'attacker', false));
    expect(f.theirs).toEqual(outlook(state, bf, d, a, 'defender', false));
    // Chart A breaks the attacker on 5 or less (10/36), Chart B the defender on 3 or less (3/36):
    // the runner's every stand is disordered, so the attacker loses more of the exchange.
    close(f.mine.breaks, 10 / 36);
    close(f.theirs.breaks, 3 / 36);
    expect(f.attackerLoss).toBeGreaterThan(f.defenderLoss);
    expect(f.defenderLoss).toBeGreaterThan(0);
  });

  it('more stands throw more confrontation dice: six against three inflict more and take less than three against six', () => {
    const big = buildState({ units: [mine(6), theirs(3)] });
    const small = buildState({ units: [mine(3), theirs(6)] });
    const bf = battlefieldFromSpec(big.battlefield);
    const strong = duel(big, bf, big.units[0]!, big.units[1]!, false);
    const weak = duel(small, bf, small.units[0]!, small.units[1]!, false);
    // The modifiers do not count stands: the Resolve charts read the same.
    expect(strong.mine).toEqual(weak.mine);
    close(strong.resolute, weak.resolute);
    // As shares of each side's stands, which is how the forecast weighs them.
    expect(strong.defenderLoss / 3).toBeGreaterThan(weak.defenderLoss / 6);
    expect(strong.attackerLoss / 6).toBeLessThan(weak.attackerLoss / 3);
  });

  it('an Attack on guns throws no confrontation or combat dice (A §16 steps 5-6): no stands lost either way', () => {
    const gun = makeUnit({ id: 'b-9', side: 'b', troop: 'artillery', x: 36, y: 18, facing: DOWN });
    const state = buildState({ units: [mine(), gun] });
    const f = duel(state, battlefieldFromSpec(state.battlefield), state.units[0]!, state.units[1]!, false);
    expect(f.attackerLoss).toBe(0);
    expect(f.defenderLoss).toBe(0);
  });

  it('a defender taken in the flank inflicts no combat dice (A11): the attacker loses only what the confrontation disorders', () => {
    // The enemy battalion side-on, its flank toward ours.
    const flank = makeUnit({ id: 'b-4', side: 'b', troop: 'infantry', x: 36, y: 18, facing: 0 });
    const state = buildState({ units: [mine(), flank] });
    const bf = battlefieldFromSpec(state.battlefield);
    const f = duel(state, bf, state.units[0]!, state.units[1]!, false);
    const front = buildState({ units: [mine(), theirs()] });
    const g = duel(front, bf, front.units[0]!, front.units[1]!, false);
    // +4 within Attack range of the flank: Resolute far more often, and far less lost.
    expect(f.resolute).toBeGreaterThan(g.resolute);
    expect(f.attackerLoss).toBeLessThan(g.attackerLoss);
    expect(f.defenderLoss).toBeGreaterThan(g.defenderLoss);
  });

  it('the Attack on a battalion of three is judged better than the same Attack on one of six: the same charts, a bigger share of it lost', () => {
    const judged = (stands: number): { inflicted: number; risk: number; odds: number } => {
      const state = buildState({ units: [makeGeneral('a-1', 'a', 60, 2), mine(6), theirs(stands, 17), makeGeneral('b-1', 'b', 60, 46)], hands: { a: ['u:a-4:1'] } });
      const f = hmAi.forecast(state, battlefieldFromSpec(state.battlefield), { type: 'order', side: 'a', unit: 'a-4', order: 'attack', target: 'b-4', card: 'u:a-4:1' });
      return { inflicted: f.inflicted!, risk: f.risk!, odds: f.judgements!.find((j) => j.name === 'odds of the Attack')!.value };
    };
    const three = judged(3);
    // The stakes of the Attack: 1 + 1.5 × the chance it breaks the target, as the weight of the order.
    const state = buildState({ units: [makeGeneral('a-1', 'a', 60, 2), mine(6), theirs(3, 17), makeGeneral('b-1', 'b', 60, 46)], hands: { a: ['u:a-4:1'] } });
    const bf = battlefieldFromSpec(state.battlefield);
    const f = hmAi.forecast(state, bf, { type: 'order', side: 'a', unit: 'a-4', order: 'attack', target: 'b-4', card: 'u:a-4:1' });
    // One counted battalion a side: the break weight is 1, so the chance it breaks is the duel's own.
    const breaks = duel(state, bf, state.units[1]!, state.units[2]!, false).theirs.breaks;
    expect(breaks).toBeGreaterThan(0);
    close(f.removes!, breaks);
    close(f.stakes!, 1 + 1.5 * breaks);
    const six = judged(6);
    expect(three.inflicted).toBeGreaterThan(six.inflicted);
    expect(three.risk).toBeLessThan(six.risk);
    close(three.odds, Math.max(0.05, Math.min(1, 0.5 + three.inflicted - three.risk)));
    expect(three.odds).toBeGreaterThan(six.odds);
  });

  it('a decision: the middle battalion of a line of three, a flank friend either side, Attacks the lone battalion of three 7" ahead', () => {
    const left = makeUnit({ id: 'a-5', side: 'a', troop: 'infantry', x: 36 - 7.5, y: 10 });
    const right = makeUnit({ id: 'a-6', side: 'a', troop: 'infantry', x: 36 + 7.5, y: 10 });
    const state = buildState({ units: [makeGeneral('a-1', 'a', 60, 2), mine(), left, right, theirs(3, 17), makeGeneral('b-1', 'b', 60, 46)], hands: { a: ['u:a-4:1'] } });
    const d = decide(getRuleset('horse-and-musket'), state as unknown as GameState, 'a', { level: 'normal', personality: 'balanced' }, 'duel');
    expect(d!.chosen.action).toMatchObject({ type: 'order', unit: 'a-4', order: 'attack', target: 'b-4' });
    // Its weight is the charge group's (0.75 when defending, 1 attacking) times the Attack's stakes.
    const stakes = hmAi.forecast(state, battlefieldFromSpec(state.battlefield), d!.chosen.action).stakes!;
    expect(stakes).toBeGreaterThan(1);
    close(d!.chosen.weight / stakes, d!.plan.stance === 'attack' ? 1 : 0.75);
    // +2 for the flanks and +1 fresh: Chart A (Break & Run on 5 or less) breaks it on a throw of 2 only.
    const f = duel(state, battlefieldFromSpec(state.battlefield), state.units[1]!, state.units[4]!, false);
    close(f.mine.breaks, 1 / 36);
    expect(f.defenderLoss / 3).toBeGreaterThan(f.attackerLoss / 5);
  });
});

describe('Horse & Musket AI: Reform where it counts (A §15.4)', () => {
  /** A battalion of five with `n` stands disordered, the last ones first as the rules disorder them. */
  const battalion = (id: string, x: number, n: number): ReturnType<typeof makeUnit> => {
    const u = makeUnit({ id, side: 'a', troop: 'infantry', x, y: 10, rs: { fresh: false } });
    for (let i = u.stands.length - n; i < u.stands.length; i++) u.stands[i]!.status = 'disordered';
    return u;
  };
  // Enemy heavy horse 12" ahead of the battalion at x 20: it can charge it this turn; the other, at 56, is out of its reach.
  const horse = (): ReturnType<typeof makeUnit> => makeUnit({ id: 'b-8', side: 'b', troop: 'heavyCav', x: 20, y: 22 });

  it('the judgement: the stands in disorder, and how far a Reform lowers the danger of the enemy Attack in reach', () => {
    const state = buildState({ units: [battalion('a-4', 20, 2), battalion('a-5', 56, 2), horse()], step: 'reorganisation' });
    const bf = battlefieldFromSpec(state.battlefield);
    const [near, far] = [state.units[0]!, state.units[1]!];
    // Out of reach, only the stands count: 0.4 + 0.3 × 2/5.
    close(reformJudgement(state, bf, far), 0.4 + 0.3 * (2 / 5));
    const before = exposure(state, bf, near, near).danger;
    const reformed = { ...near, stands: near.stands.map((s) => ({ ...s, status: 'ok' as const })) };
    const after = exposure(state, bf, reformed, reformed).danger;
    // Two disordered stands are −2 to its Chart F test and +2 to the horse's Chart D one.
    expect(before).toBeGreaterThan(after);
    close(reformJudgement(state, bf, near), Math.min(1, 0.4 + 0.3 * (2 / 5) + 1.2 * (before - after)));
  });

  it("a decision: with one General's card, the CinC reforms the battalion the enemy can Attack (one stand disordered), not the one out of its reach (two)", () => {
    // The CinC between them, both within his 12" reach (horse would put him in its threat zone, where
    // he gives no orders); an enemy battalion 8" ahead of a-4, 20" from a-5: out of its reach.
    const cinc = makeGeneral('a-1', 'a', 38, 6);
    const charger = makeUnit({ id: 'b-4', side: 'b', troop: 'infantry', x: 28, y: 18, facing: DOWN });
    const state = buildState({ units: [cinc, battalion('a-4', 28, 1), battalion('a-5', 48, 2), charger, makeGeneral('b-1', 'b', 60, 46)], step: 'reorganisation', hands: { a: ['g:a-1:1'] } });
    const bf = battlefieldFromSpec(state.battlefield);
    expect(reformJudgement(state, bf, state.units[1]!)).toBeGreaterThan(reformJudgement(state, bf, state.units[2]!));
    const d = decide(getRuleset('horse-and-musket'), state as unknown as GameState, 'a', { level: 'normal', personality: 'balanced' }, 'reform');
    expect(d!.chosen.action).toMatchObject({ type: 'order', unit: 'a-4', order: 'reform', card: 'g:a-1:1' });
  });
});

describe('Horse & Musket AI: formed troops in loose order test with every stand disordered (A §11.7, A52)', () => {
  it('a battalion in loose order Attacking reads −5 for its stands and no Fresh +1: Chart A breaks it on 11 or less, and its five stands are half lost before a die is thrown', () => {
    const loose = makeUnit({ id: 'a-4', side: 'a', troop: 'infantry', x: 36, y: 10, formation: 'loose' });
    const target = makeUnit({ id: 'b-4', side: 'b', troop: 'infantry', x: 36, y: 18, facing: DOWN });
    const state = buildState({ units: [loose, target] });
    const bf = battlefieldFromSpec(state.battlefield);
    const f = duel(state, bf, state.units[0]!, state.units[1]!, false);
    // Unsupported −1, five stands disordered −5: a total of 5 or less is a throw of 11 or less.
    close(f.mine.breaks, 35 / 36);
    expect(f.mine).toEqual(outlook(state, bf, state.units[0]!, state.units[1]!, 'attacker', false));
    expect(f.attackerLoss).toBeGreaterThanOrEqual(2.5);
    // The forecast refuses it: the odds of the Attack at their floor.
    const forecast = hmAi.forecast(state, bf, { type: 'order', side: 'a', unit: 'a-4', order: 'attack', target: 'b-4', card: 'u:a-4:1' });
    expect(forecast.judgements!.find((j) => j.name === 'odds of the Attack')!.value).toBe(0.05);
  });
});
