/**
 * Response curves: they turn a consideration's raw input (a distance, a ratio, a count), first
 * normalised to 0..1, into a utility in 0..1. They are data, so an explanation can name them and a
 * test can walk them.
 */

import { dexp, dpow } from '../core/detmath';

export type Curve =
  | { kind: 'linear'; slope: number; intercept: number }
  | { kind: 'polynomial'; exponent: number; invert?: boolean; floor?: number }
  | { kind: 'logistic'; midpoint: number; steepness: number }
  | { kind: 'step'; threshold: number; below: number; above: number }
  | { kind: 'constant'; value: number };

const clamp01 = (v: number): number => (v < 0 ? 0 : v > 1 ? 1 : Number.isFinite(v) ? v : 0);

export function evaluateCurve(curve: Curve, x: number): number {
  const t = clamp01(x);
  switch (curve.kind) {
    case 'linear':
      return clamp01(curve.slope * t + curve.intercept);
    case 'polynomial': {
      const v = dpow(t, curve.exponent);
      const shaped = curve.invert ? 1 - v : v;
      // A floor lifts the whole curve into floor..1.
      return clamp01(curve.floor === undefined ? shaped : curve.floor + (1 - curve.floor) * shaped);
    }
    case 'logistic':
      return clamp01(1 / (1 + dexp(-curve.steepness * (t - curve.midpoint))));
    case 'step':
      return clamp01(t < curve.threshold ? curve.below : curve.above);
    case 'constant':
      return clamp01(curve.value);
  }
}

/** Normalise a raw value into 0..1 between `lo` and `hi` (hi may be below lo for "less is better"). */
export function normalise(value: number, lo: number, hi: number): number {
  if (hi === lo) return value >= hi ? 1 : 0;
  return clamp01((value - lo) / (hi - lo));
}

/**
 * Combine scores multiplicatively with the usual compensation for the number of considerations
 * (so an action judged on eight things is not punished against one judged on two): each score is
 * raised toward 1 by a make-up factor that grows with the count.
 */
export function combineScores(scores: readonly number[]): number {
  if (scores.length === 0) return 0;
  const modification = 1 - 1 / scores.length;
  let total = 1;
  for (const s of scores) {
    const makeUp = (1 - s) * modification;
    total *= s + makeUp * s;
    if (total === 0) return 0;
  }
  return total;
}

/** Named curves used across rulesets, so explanations can say which shape was used. */
export const CURVES = {
  /** More is better, straight line. */
  rising: { kind: 'linear', slope: 1, intercept: 0 } as Curve,
  /** Less is better, straight line. */
  falling: { kind: 'linear', slope: -1, intercept: 1 } as Curve,
  /** Soft floor: bad values still leave some utility, so no single input vetoes an action. */
  softRising: { kind: 'linear', slope: 0.8, intercept: 0.2 } as Curve,
  softFalling: { kind: 'linear', slope: -0.8, intercept: 1 } as Curve,
  /** Little matters until the middle, then a lot (threat, danger). */
  sharpFalling: { kind: 'logistic', midpoint: 0.6, steepness: -10 } as Curve,
  /** Eagerness that grows quickly and saturates (attack value). */
  saturating: { kind: 'polynomial', exponent: 0.5 } as Curve,
  /**
   * Harm done: a floor of 0.7, then a square root, so small sure gains still count. The floor is
   * high because a unit that strikes gives up only its move, which is weighed on its own terms.
   */
  harm: { kind: 'polynomial', exponent: 0.5, floor: 0.7 } as Curve,
  /** An attack that should do no harm at all: it spends the unit's turn for nothing. */
  futile: { kind: 'constant', value: 0.35 } as Curve,
  /** Only the high end matters. */
  accelerating: { kind: 'polynomial', exponent: 2 } as Curve,
} as const;
