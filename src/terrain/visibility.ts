/**
 * Who can see whom: a matrix of unit-to-unit visibility for the AI and for fog of war. A unit is a
 * handful of points (eye points for observers, the points that may be seen for targets), and one
 * unit sees another when any of its eye points sees any of the other's points. Every answer comes
 * from lineOfSight, so the matrix and a single "can A see B" question never disagree.
 */

import type { Vec2 } from '../core/geometry';
import type { Battlefield } from './battlefield';
import { lineOfSight, type SightOptions } from './sight';

export interface SightObserver {
  id: string;
  /** Eye points, e.g. the centre and corners of the unit's front. */
  points: Vec2[];
  /** Eye above the ground, mm. */
  eyeHeight: number;
}

export interface SightTarget {
  id: string;
  /** Points that may be seen ("any part of the target"). */
  points: Vec2[];
  /** Height above the ground of each point, mm. */
  height: number;
}

export interface VisibilityOptions {
  /** As in lineOfSight: mm of woods a line may cross below the canopy. */
  obscuringLimit?: number;
  /** Longest visible distance, mm. */
  maxRange?: number;
}

/**
 * visibility[i * targets.length + j] is 1 when observers[i] sees targets[j]. Per pair the point
 * pairs are tried nearest first and the search stops at the first one that sees; a pair whose
 * units are wholly out of range is settled without a sight line.
 */
export function visibilityMatrix(
  bf: Battlefield,
  observers: readonly SightObserver[],
  targets: readonly SightTarget[],
  opts: VisibilityOptions = {},
): Uint8Array {
  const nt = targets.length;
  const out = new Uint8Array(observers.length * nt);
  const tBounds = targets.map((t) => boundsOf(t.points));
  const sight: SightOptions = { eyeHeight: 0, targetHeight: 0 };
  if (opts.obscuringLimit !== undefined) sight.obscuringLimit = opts.obscuringLimit;
  if (opts.maxRange !== undefined) sight.maxRange = opts.maxRange;
  const maxRange = opts.maxRange ?? Infinity;
  // Scratch for the point pairs of one unit pair, sorted by length.
  let order = new Int32Array(64);
  let lengths = new Float64Array(64);

  for (let i = 0; i < observers.length; i++) {
    const ob = observers[i]!;
    const oBox = boundsOf(ob.points);
    sight.eyeHeight = ob.eyeHeight;
    for (let j = 0; j < nt; j++) {
      const tg = targets[j]!;
      const tBox = tBounds[j]!;
      if (ob.points.length === 0 || tg.points.length === 0) continue;
      // The boxes' gap is a lower bound on every point pair's length.
      if (boxGap(oBox, tBox) > maxRange) continue;
      sight.targetHeight = tg.height;
      const pairs = ob.points.length * tg.points.length;
      if (order.length < pairs) {
        order = new Int32Array(pairs * 2);
        lengths = new Float64Array(pairs * 2);
      }
      for (let a = 0; a < ob.points.length; a++) {
        const p = ob.points[a]!;
        for (let b = 0; b < tg.points.length; b++) {
          const q = tg.points[b]!;
          const k = a * tg.points.length + b;
          order[k] = k;
          lengths[k] = (q.x - p.x) ** 2 + (q.y - p.y) ** 2;
        }
      }
      // Shorter lines are cheaper and more often clear: try them first (insertion sort, ~25 items).
      for (let x = 1; x < pairs; x++) {
        const v = order[x]!;
        const len = lengths[v]!;
        let y = x - 1;
        while (y >= 0 && lengths[order[y]!]! > len) {
          order[y + 1] = order[y]!;
          y--;
        }
        order[y + 1] = v;
      }
      for (let x = 0; x < pairs; x++) {
        const k = order[x]!;
        const p = ob.points[(k / tg.points.length) | 0]!;
        const q = tg.points[k % tg.points.length]!;
        if (lineOfSight(bf, p, q, sight).visible) {
          out[i * nt + j] = 1;
          break;
        }
      }
    }
  }
  return out;
}

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function boundsOf(points: readonly Vec2[]): Box {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const p of points) {
    if (p.x < box.minX) box.minX = p.x;
    if (p.y < box.minY) box.minY = p.y;
    if (p.x > box.maxX) box.maxX = p.x;
    if (p.y > box.maxY) box.maxY = p.y;
  }
  return box;
}

function boxGap(a: Box, b: Box): number {
  const dx = Math.max(0, a.minX - b.maxX, b.minX - a.maxX);
  const dy = Math.max(0, a.minY - b.maxY, b.minY - a.maxY);
  return Math.sqrt(dx * dx + dy * dy);
}
