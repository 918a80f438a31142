import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/random';
import { dexp, dhypot, dlog, dpow, dtan } from '../../../src/core/detmath';

/** Relative difference, or absolute near zero. */
function off(a: number, b: number): number {
  return Math.abs(a - b) / Math.max(1, Math.abs(b));
}

describe("the engine's own arithmetic", () => {
  const rng = new Rng('detmath');

  it('exp and log agree with the engine built-ins to about 1e-15', () => {
    for (let k = 0; k < 5000; k++) {
      const x = rng.range(-50, 50);
      expect(Math.abs(dexp(x) - Math.exp(x)) / Math.exp(x)).toBeLessThan(1e-14);
      const y = rng.range(1e-6, 1e6);
      expect(Math.abs(dlog(y) - Math.log(y))).toBeLessThan(1e-13);
    }
    expect(dexp(0)).toBe(1);
    expect(dlog(1)).toBe(0);
    expect(dexp(800)).toBe(Infinity);
    expect(dexp(-800)).toBe(0);
    expect(dlog(0)).toBe(-Infinity);
    expect(Number.isNaN(dlog(-1))).toBe(true);
  });

  it('pow, tan and hypot', () => {
    for (let k = 0; k < 2000; k++) {
      const t = rng.float();
      const e = rng.range(0.2, 4);
      expect(Math.abs(dpow(t, e) - Math.pow(t, e))).toBeLessThan(1e-13);
      const a = rng.range(-1.4, 1.4);
      expect(off(dtan(a), Math.tan(a))).toBeLessThan(1e-12);
    }
    expect(dpow(0, 2)).toBe(0);
    expect(dpow(0.5, 0)).toBe(1);
    expect(dhypot(3, 4)).toBe(5);
    expect(() => dpow(-1, 0.5)).toThrow(/base of 0 or more, got -1/);
  });
});
