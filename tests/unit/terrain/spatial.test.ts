/**
 * featureIntervals over a long winding river (src/terrain/spatial.ts): the bends a short step cannot
 * reach are skipped by box before the capsule test, which must leave every answer as it was: the
 * intervals found are exactly where the step lies within half the river's width of its line.
 */

import { describe, expect, it } from 'vitest';
import { pointSegDist } from '../../../src/core/geometry';
import { compileFeature, featureIntervals } from '../../../src/terrain/spatial';
import type { TerrainFeature } from '../../../src/terrain/features';

/** A river winding across a 72" table in 240 bends, 40 mm wide. */
const line = Array.from({ length: 241 }, (_, i) => ({ x: i * 7.62, y: 600 + 180 * Math.sin(i / 9) + 40 * Math.sin(i * 1.7) }));
const river = { id: 'r', kind: 'river', name: 'River', line, width: 40, class: 'river' } as unknown as TerrainFeature;
const cf = compileFeature(river, 0);

/** Whether the point lies within half the width of the river's line, tested bend by bend. */
const inRiver = (x: number, y: number): boolean => line.some((p, i) => i > 0 && pointSegDist(x, y, line[i - 1]!.x, line[i - 1]!.y, p.x, p.y) <= 20);

describe('featureIntervals on a long winding river', () => {
  it('gives, for short steps all over the table, exactly the stretches inside the river', () => {
    let seed = 7;
    const rand = (): number => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    let inside = 0;
    for (let k = 0; k < 400; k++) {
      const ax = rand() * 1829;
      const ay = 300 + rand() * 600;
      const a = rand() * Math.PI * 2;
      const bx = ax + Math.cos(a) * 6.35;
      const by = ay + Math.sin(a) * 6.35;
      const out: number[] = [];
      featureIntervals(cf, ax, ay, bx, by, out);
      // Sampled every hundredth of the step: inside exactly where an interval says so (a sample off an edge by less than a sample's width aside).
      for (let s = 0; s <= 100; s++) {
        const t = s / 100;
        const covered = out.some((_, i) => i % 2 === 0 && t >= out[i]! - 0.01 && t <= out[i + 1]! + 0.01);
        const strictly = out.some((_, i) => i % 2 === 0 && t >= out[i]! + 0.01 && t <= out[i + 1]! - 0.01);
        const truth = inRiver(ax + (bx - ax) * t, ay + (by - ay) * t);
        if (truth) inside++;
        if (truth) expect(covered, `step ${k} at t ${t}`).toBe(true);
        if (strictly) expect(truth, `step ${k} at t ${t}`).toBe(true);
      }
    }
    // The steps did meet the river, often enough for the test to mean something.
    expect(inside).toBeGreaterThan(500);
  });
});
