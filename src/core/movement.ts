/**
 * Generic movement along a straight path with terrain costs and collisions. Rulesets supply the
 * speed factor of the ground at a point (1 full, 0.5 half, 0 impassable) and a test for positions the
 * mover may not occupy; this walks the path in small steps and stops where the allowance, the ground
 * or another unit stops it.
 */

import { distance, lerp, type Vec2 } from './geometry';

export type StopReason = 'arrived' | 'allowance' | 'terrain' | 'blocked';

export interface WalkResult {
  end: Vec2;
  /** Distance covered on the table, mm. */
  travelled: number;
  /** Allowance spent: half-speed ground costs double (one-page Q27 and most rulebooks alike). */
  spent: number;
  stoppedBy: StopReason;
}

export function walkStraight(
  from: Vec2,
  to: Vec2,
  allowance: number,
  speedAt: (p: Vec2) => number,
  blocked: (p: Vec2) => boolean,
  step = 5,
): WalkResult {
  const total = distance(from, to);
  if (total < 1e-9) return { end: from, travelled: 0, spent: 0, stoppedBy: 'arrived' };
  const n = Math.max(1, Math.ceil(total / step));
  const ds = total / n;
  let spent = 0;
  let last = from;
  for (let i = 1; i <= n; i++) {
    const p = lerp(from, to, i / n);
    const mid = lerp(from, to, (i - 0.5) / n);
    const speed = speedAt(mid);
    if (speed <= 0) return { end: last, travelled: ((i - 1) / n) * total, spent, stoppedBy: 'terrain' };
    const cost = ds / speed;
    if (spent + cost > allowance + 1e-6) {
      // Spend what is left of the allowance part-way through this step.
      const frac = Math.max(0, (allowance - spent) / cost);
      const partial = lerp(last, p, frac);
      if (blocked(partial)) return { end: last, travelled: ((i - 1) / n) * total, spent, stoppedBy: 'blocked' };
      return { end: partial, travelled: ((i - 1 + frac) / n) * total, spent: allowance, stoppedBy: 'allowance' };
    }
    if (blocked(p)) return { end: last, travelled: ((i - 1) / n) * total, spent, stoppedBy: 'blocked' };
    spent += cost;
    last = p;
  }
  return { end: to, travelled: total, spent, stoppedBy: 'arrived' };
}

/** Cost of a straight path in allowance (mm), or Infinity if the ground stops it. */
export function pathCost(from: Vec2, to: Vec2, speedAt: (p: Vec2) => number, step = 2): number {
  const total = distance(from, to);
  const n = Math.max(1, Math.ceil(total / step));
  let cost = 0;
  for (let i = 1; i <= n; i++) {
    const speed = speedAt(lerp(from, to, (i - 0.5) / n));
    if (speed <= 0) return Infinity;
    cost += total / n / speed;
  }
  return cost;
}
