import { describe, expect, it } from 'vitest';
import { combineScores, CURVES, evaluateCurve, normalise } from '../../../src/ai/curves';

describe('response curves', () => {
  it('linear, polynomial, logistic, step and constant curves give their exact values', () => {
    expect(evaluateCurve({ kind: 'linear', slope: 0.5, intercept: 0.25 }, 0.5)).toBeCloseTo(0.5, 12);
    expect(evaluateCurve({ kind: 'polynomial', exponent: 2 }, 0.5)).toBeCloseTo(0.25, 12);
    expect(evaluateCurve({ kind: 'polynomial', exponent: 2, invert: true }, 0.5)).toBeCloseTo(0.75, 12);
    expect(evaluateCurve({ kind: 'logistic', midpoint: 0.5, steepness: 10 }, 0.5)).toBeCloseTo(0.5, 12);
    expect(evaluateCurve({ kind: 'logistic', midpoint: 0.5, steepness: 10 }, 1)).toBeCloseTo(1 / (1 + Math.exp(-5)), 12);
    expect(evaluateCurve({ kind: 'step', threshold: 0.3, below: 0.1, above: 0.9 }, 0.29)).toBe(0.1);
    expect(evaluateCurve({ kind: 'step', threshold: 0.3, below: 0.1, above: 0.9 }, 0.3)).toBe(0.9);
    expect(evaluateCurve({ kind: 'constant', value: 0.4 }, 0.9)).toBe(0.4);
  });

  it('clamps inputs and outputs to 0..1', () => {
    expect(evaluateCurve(CURVES.rising, 3)).toBe(1);
    expect(evaluateCurve(CURVES.rising, -2)).toBe(0);
    expect(evaluateCurve(CURVES.falling, Number.NaN)).toBe(1);
    expect(evaluateCurve({ kind: 'linear', slope: 2, intercept: 0.5 }, 1)).toBe(1);
  });

  it('normalises in either direction', () => {
    expect(normalise(15, 10, 20)).toBeCloseTo(0.5, 12);
    expect(normalise(15, 20, 10)).toBeCloseTo(0.5, 12);
    expect(normalise(25, 10, 20)).toBe(1);
    expect(normalise(5, 20, 10)).toBe(1);
  });

  it('combines multiplicatively, with compensation for the number of considerations', () => {
    expect(combineScores([0.5])).toBeCloseTo(0.5, 12);
    // Two scores of 0.5: each made up by (1 - 0.5) * 0.5 * 0.5 = 0.125, so 0.625².
    expect(combineScores([0.5, 0.5])).toBeCloseTo(0.625 * 0.625, 12);
    expect(combineScores([0.9, 0, 1])).toBe(0);
    expect(combineScores([])).toBe(0);
    // Eight scores of 0.8: each made up to 0.8 + 0.2 × 7/8 × 0.8 = 0.94, far above the raw 0.8^8.
    expect(combineScores(Array(8).fill(0.8))).toBeCloseTo(0.94 ** 8, 12);
    expect(combineScores(Array(8).fill(0.8))).toBeGreaterThan(3 * 0.8 ** 8);
  });
});
