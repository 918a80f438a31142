import { describe, expect, it } from 'vitest';
import { activationSession, considerationsOf, FACING_BLACK, FACING_RED, handMade } from './handmade';
import { hitDistribution, onePageAi } from '../../../src/rules/one-page/ai';
import { evaluateCurve, CURVES } from '../../../src/ai/curves';
import { featuresAt } from '../../../src/terrain/query';
import type { OnePageUnit } from '../../../src/rules/one-page/types';
import type { GameState } from '../../../src/core/model';

// Open ground on the 'hand' table: x 1100-1700, y 300-480 holds no feature.
const s = activationSession('hand');
const halt = (unit: string): Record<string, unknown> & { type: string; side: string } => ({ type: 'halt', side: 'red', unit });

describe('each consideration', () => {
  it('threat falls as an enemy that can reach the spot comes closer', () => {
    const far = handMade(s, { 'red-u2': { x: 1250, y: 330 }, 'black-u0': { x: 1250, y: 1150, facing: FACING_RED } });
    const near = handMade(s, { 'red-u2': { x: 1250, y: 330 }, 'black-u0': { x: 1250, y: 480, facing: FACING_RED } });
    const a = considerationsOf(s, far.state, far.bf, halt('red-u2'), 'hold').threat!;
    const b = considerationsOf(s, near.state, near.bf, halt('red-u2'), 'hold').threat!;
    expect(a.input).toBe(0);
    expect(a.score).toBe(1);
    expect(b.input).toBeGreaterThan(0.3);
    expect(b.score).toBeCloseTo(evaluateCurve(CURVES.softFalling, b.input), 12);
    expect(b.score).toBeLessThan(0.8);
  });

  it('support rises with friends close by', () => {
    const alone = handMade(s, { 'red-u2': { x: 1250, y: 330 }, 'black-u1': { x: 1250, y: 1150, facing: FACING_RED } });
    const backed = handMade(s, { 'red-u2': { x: 1250, y: 330 }, 'red-u3': { x: 1420, y: 330 }, 'red-u5': { x: 1080, y: 330 }, 'black-u1': { x: 1250, y: 1150, facing: FACING_RED } });
    const a = considerationsOf(s, alone.state, alone.bf, halt('red-u2'), 'hold').support!;
    const b = considerationsOf(s, backed.state, backed.bf, halt('red-u2'), 'hold').support!;
    expect(b.input).toBeGreaterThan(a.input);
    expect(b.score).toBeGreaterThan(a.score);
    expect(b.score).toBeCloseTo(evaluateCurve(CURVES.softRising, b.input), 12);
  });

  it('the table edge is shunned within the last few inches', () => {
    const edge = handMade(s, { 'red-u2': { x: 1250, y: 20 }, 'black-u1': { x: 1250, y: 1150, facing: FACING_RED } });
    const mid = handMade(s, { 'red-u2': { x: 1250, y: 330 }, 'black-u1': { x: 1250, y: 1150, facing: FACING_RED } });
    const k = considerationsOf(s, edge.state, edge.bf, halt('red-u2'), 'hold')['table edge']!;
    // 20 mm from the edge of a 100 mm band, on a logistic curve centred at 30 mm.
    expect(k.input).toBeCloseTo(0.2, 12);
    expect(k.score).toBeCloseTo(1 / (1 + Math.exp(-12 * (0.2 - 0.3))), 12);
    expect(considerationsOf(s, mid.state, mid.bf, halt('red-u2'), 'hold')['table edge']!.score).toBeGreaterThan(0.99);
  });

  it('fire from there: an enemy ahead at close range, at long range, or behind', () => {
    const fire = (y: number, facing = FACING_BLACK): number => {
      const p = handMade(s, { 'red-u2': { x: 1250, y: 330, facing }, 'black-u1': { x: 1250, y, facing: FACING_RED } });
      return considerationsOf(s, p.state, p.bf, halt('red-u2'), 'hold')['fire from there']!.input;
    };
    expect(fire(450)).toBe(1); // 4.7" between centres: close range of a musket
    expect(fire(600)).toBe(0.6); // about 10": long range
    expect(fire(450, FACING_RED)).toBe(0.1); // behind it: no shot without turning
  });

  it('closing on the enemy for troops that do not shoot, eager when attacking', () => {
    const close = (y: number): { input: number; score: number } => {
      const p = handMade(s, { 'red-u0': { x: 1250, y: 330 }, 'red-u2': { x: 1100, y: 330 }, 'red-u3': { x: 1400, y: 330 }, 'black-u1': { x: 1250, y, facing: FACING_RED } });
      return considerationsOf(s, p.state, p.bf, halt('red-u0'), 'hold')['closing on the enemy']!;
    };
    expect(close(600).input).toBeGreaterThan(close(1100).input);
    // Three units against one: the plan attacks, so the curve rises.
    expect(close(600).score).toBeGreaterThan(close(1100).score);
  });

  it('a unit holds the objective it was given, and others keep near the objectives', () => {
    const st = s.state as GameState<{ objectives: { x: number; y: number }[] }>;
    const o = st.rules.objectives[1]!;
    const p = handMade(s, { 'red-u2': { x: o.x, y: o.y }, 'red-u3': { x: 1250, y: 330 }, 'black-u1': { x: 300, y: 1150, facing: FACING_RED } });
    const holder = considerationsOf(s, p.state, p.bf, halt('red-u2'), 'hold');
    expect(holder['hold our objective']!.input).toBe(1);
    expect(holder['hold our objective']!.score).toBeCloseTo(1, 12);
    const other = considerationsOf(s, p.state, p.bf, halt('red-u3'), 'hold');
    // red-u3 is nearer another objective, and holds that one.
    expect(other['hold our objective']).toBeDefined();
    const q = handMade(s, { 'red-u2': { x: o.x, y: o.y }, 'red-u3': { x: o.x + 150, y: o.y - 100 }, 'red-u5': { x: 1250, y: 330 }, 'red-u6': { x: 1450, y: 330 }, 'black-u1': { x: 300, y: 1150, facing: FACING_RED } });
    const spare = Object.values({ u3: considerationsOf(s, q.state, q.bf, halt('red-u3'), 'hold'), u5: considerationsOf(s, q.state, q.bf, halt('red-u5'), 'hold'), u6: considerationsOf(s, q.state, q.bf, halt('red-u6'), 'hold') }).filter((k) => k.objective);
    // Four units, three objectives: exactly one unit has none of its own and weighs the nearest.
    expect(spare.length).toBe(1);
    expect(spare[0]!.objective!.input).toBeGreaterThan(0);
  });

  it('cover: shooters like standing in a wood', () => {
    expect(featuresAt(handMade(s, {}).bf, { x: 1600, y: 725 }).some((f) => f.kind === 'wood')).toBe(true);
    const inWood = handMade(s, { 'red-u1': { x: 1600, y: 725 }, 'black-u1': { x: 300, y: 1150, facing: FACING_RED } });
    const open = handMade(s, { 'red-u1': { x: 1250, y: 330 }, 'black-u1': { x: 300, y: 1150, facing: FACING_RED } });
    expect(considerationsOf(s, inWood.state, inWood.bf, halt('red-u1'), 'hold').cover!.score).toBe(1);
    expect(considerationsOf(s, open.state, open.bf, halt('red-u1'), 'hold').cover!.score).toBe(0.75);
  });

  it('high ground: shooters like a crest', () => {
    const crest = handMade(s, { 'red-u4': { x: 619, y: 181 }, 'black-u1': { x: 1250, y: 1150, facing: FACING_RED } });
    const low = handMade(s, { 'red-u4': { x: 1250, y: 330 }, 'black-u1': { x: 1250, y: 1150, facing: FACING_RED } });
    const a = considerationsOf(s, crest.state, crest.bf, halt('red-u4'), 'hold')['high ground']!;
    const b = considerationsOf(s, low.state, low.bf, halt('red-u4'), 'hold')['high ground']!;
    expect(a.input).toBeGreaterThan(b.input + 0.3);
    // A foot battery reaches 48": the rise weighs the most it can, 0.6.
    expect(a.score).toBeCloseTo(0.4 + 0.6 * a.input, 12);
    // Troops that do not shoot are not weighed on it.
    const cav = handMade(s, { 'red-u0': { x: 619, y: 181 }, 'black-u1': { x: 1250, y: 1150, facing: FACING_RED } });
    expect(considerationsOf(s, cav.state, cav.bf, halt('red-u0'), 'hold')['high ground']).toBeUndefined();
  });

  it('gets somewhere: a move that ends where it began wastes the activation', () => {
    const p = handMade(s, { 'red-u2': { x: 1250, y: 330 }, 'black-u1': { x: 1250, y: 1150, facing: FACING_RED } });
    const still = considerationsOf(s, p.state, p.bf, { type: 'move', side: 'red', unit: 'red-u2', mode: 'advance', to: { x: 1250, y: 330 } }, 'move')['gets somewhere']!;
    const on = considerationsOf(s, p.state, p.bf, { type: 'move', side: 'red', unit: 'red-u2', mode: 'advance', to: { x: 1250, y: 450 } }, 'move')['gets somewhere']!;
    expect(still.input).toBe(0);
    expect(still.score).toBeCloseTo(0.2, 12);
    expect(on.input).toBe(1);
    expect(on.score).toBe(1);
  });

  it('damage to the enemy and risk to ourselves come from the forecast', () => {
    // On open ground: at y 560 the gun would stand behind the stream, which no charge can cross.
    const p = handMade(s, { 'red-u0': { x: 1250, y: 300 }, 'black-u3': { x: 1250, y: 470, facing: FACING_RED }, 'black-u1': { x: 1500, y: 1150, facing: FACING_RED } });
    const k = considerationsOf(s, p.state, p.bf, { type: 'charge', side: 'red', unit: 'red-u0', target: 'black-u3' }, 'charge');
    const f = onePageAi.forecast(p.state as never, p.bf, { type: 'charge', side: 'red', unit: 'red-u0', target: 'black-u3' });
    // Cavalry charging a lone gun a few inches off: sure to reach, and a gun that loses is captured.
    expect(f.removes!).toBeGreaterThan(0.5);
    expect(k['damage to the enemy']!.score).toBeGreaterThan(0.9);
    expect(k['risk to ourselves']!.input).toBeCloseTo(f.risk! * 2, 12);
  });

  it('needs to recover: halting suits a disordered unit', () => {
    const p = handMade(s, { 'red-u2': { x: 1250, y: 330 }, 'black-u1': { x: 1250, y: 1150, facing: FACING_RED } });
    expect(considerationsOf(s, p.state, p.bf, halt('red-u2'), 'hold')['needs to recover']!.score).toBe(0.75);
    (p.state.units.find((u) => u.id === 'red-u2') as unknown as OnePageUnit).rs.disordered = true;
    expect(considerationsOf(s, p.state, p.bf, halt('red-u2'), 'hold')['needs to recover']!.score).toBe(1);
  });

  it('plan: the ruleset says how a choice suits the plan', () => {
    const p = handMade(s, { 'red-u2': { x: 1250, y: 330 }, 'red-u3': { x: 1400, y: 330 }, 'black-u1': { x: 1250, y: 1150, facing: FACING_RED } });
    // Two against one: the plan attacks, and going first suits an attacker.
    expect(considerationsOf(s, p.state, p.bf, { type: 'choose-order', side: 'red', first: 'first' }, 'turn').plan!.score).toBe(1);
    expect(considerationsOf(s, p.state, p.bf, { type: 'choose-order', side: 'red', first: 'second' }, 'turn').plan!.score).toBe(0.6);
  });

  it('keeps a useful card: an order that spends a precious card scores lower', () => {
    const p = handMade(s, { 'red-u2': { x: 1250, y: 330 }, 'black-u1': { x: 1250, y: 1150, facing: FACING_RED } });
    const hints = { ...s.ruleset.ai, cardCost: () => 0.45 };
    const k = considerationsOf(s, p.state, p.bf, halt('red-u2'), 'hold', hints)['keeps a useful card']!;
    expect(k.input).toBe(0.45);
    expect(k.score).toBeCloseTo(1 - 0.6 * 0.45, 12);
    expect(considerationsOf(s, p.state, p.bf, halt('red-u2'), 'hold')['keeps a useful card']).toBeUndefined();
  });

  it('nothing better to do: a turn action with no plan value', () => {
    const p = handMade(s, { 'red-u2': { x: 1250, y: 330 }, 'black-u1': { x: 1250, y: 1150, facing: FACING_RED } });
    expect(considerationsOf(s, p.state, p.bf, { type: 'end-activations', side: 'red' }, 'turn')['nothing better to do']!.score).toBe(1);
  });
});

describe('one-page forecasts from the charts', () => {
  it('hit distributions are binomial', () => {
    expect(hitDistribution(2, 0.5)).toEqual([0.25, 0.5, 0.25]);
    const d = hitDistribution(12, 1 / 3);
    expect(d.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(d.reduce((a, q, k) => a + q * k, 0)).toBeCloseTo(4, 12);
  });

  it("a first volley at close range: 12 dice hitting on 4+, and the 25% morale test's Retreat worth a quarter", () => {
    const p = handMade(s, { 'red-u2': { x: 1250, y: 330 }, 'black-u1': { x: 1250, y: 460, facing: FACING_RED } });
    const f = onePageAi.forecast(p.state as never, p.bf, { type: 'shoot', side: 'red', unit: 'red-u2', target: 'black-u1' });
    // P(6 or more hits of 12 at ½) = 1 − (1 + 12 + 66 + 220 + 495 + 792) / 4096; a regular unit retreats on 1-3.
    const test = 1 - 1586 / 4096;
    expect(f.inflicted!).toBeCloseTo(6 / 24 + 0.25 * 0.5 * test, 12);
    expect(f.removes).toBe(0);
    expect(f.target).toBe('black-u1');
  });
});
