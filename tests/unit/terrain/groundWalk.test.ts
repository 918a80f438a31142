/**
 * The ground walk skips stretches of samples under tiles (8 samples a side) and blocks (32) whose
 * highest sample is below the line. Those skips must never change an answer: against a plain walk
 * that blends every half-cell sample, with the same arithmetic, lineOfSight must find each line
 * blocked at the very same place, or clear.
 */

import { describe, expect, it } from 'vitest';
import type { Vec2 } from '../../../src/core/geometry';
import { Rng } from '../../../src/core/random';
import { battlefieldFromSpec, setupBattlefield, standardSpec, type Battlefield } from '../../../src/terrain/battlefield';
import { obscuringHeightOf, solidHeightOf } from '../../../src/terrain/features';
import { heightAt, type Heightmap } from '../../../src/terrain/heightmap';
import { lineOfSight } from '../../../src/terrain/sight';

/** The bilinear blend at grid coordinates, clamped at the edges, as the walk does it. */
function blend(hm: Heightmap, gx: number, gy: number): number {
  const maxI = hm.cols - 1;
  const maxJ = hm.rows - 1;
  gx = gx < 0 ? 0 : gx > maxI ? maxI : gx;
  gy = gy < 0 ? 0 : gy > maxJ ? maxJ : gy;
  let i = Math.floor(gx);
  let j = Math.floor(gy);
  if (i >= maxI) i = maxI - 1;
  if (j >= maxJ) j = maxJ - 1;
  const fx = gx - i;
  const fy = gy - j;
  const h = hm.heights;
  const k = j * hm.cols + i;
  const top = h[k]! + (h[k + 1]! - h[k]!) * fx;
  const bottom = h[k + hm.cols]! + (h[k + hm.cols + 1]! - h[k + hm.cols]!) * fx;
  return top + (bottom - top) * fy;
}

/**
 * How far from `a` the ground first rises through the line from `a` (at height za) to `b` (at
 * zb), every half-cell sample blended and none skipped; Infinity if nowhere.
 */
function plainWalk(hm: Heightmap, a: Vec2, za: number, b: Vec2, zb: number): number {
  const len = Math.sqrt((b.x - a.x) ** 2 + (b.y - a.y) ** 2);
  const cs = hm.cellSize;
  const step = cs / 2;
  if (!(len > cs)) return Infinity;
  const n = Math.floor((len - cs) / step + 1e-9);
  const gx0 = (a.x - hm.originX) / cs;
  const gy0 = (a.y - hm.originY) / cs;
  const gdx = (b.x - a.x) / len / cs;
  const gdy = (b.y - a.y) / len / cs;
  const gapAt = (d: number): number => blend(hm, gx0 + gdx * d, gy0 + gdy * d) - (za + ((zb - za) * d) / len);
  for (let k = 0; k <= n; k++) {
    const d = step + k * step;
    const gap = gapAt(d);
    if (gap > 0) return k === 0 ? d : d - step + (step * -gapAt(d - step)) / (gap - gapAt(d - step));
  }
  return Infinity;
}

/**
 * Where the plain walk says the ground blocks the line from the eye at `from` to `to`, null if
 * nowhere. As lineOfSight: blocked or not by the walk from the end that sorts first (so either
 * way round gives the same answer); the place from the eye's end, or from the other end when the
 * walk from the eye, grazing a crest, finds nothing.
 */
function plainGroundBlock(hm: Heightmap, from: Vec2, to: Vec2, eyeHeight: number, targetHeight: number): Vec2 | null {
  const zFrom = heightAt(hm, from.x, from.y) + eyeHeight;
  const zTo = heightAt(hm, to.x, to.y) + targetHeight;
  const len = Math.sqrt((to.x - from.x) ** 2 + (to.y - from.y) ** 2);
  const forward = from.x < to.x || (from.x === to.x && from.y <= to.y);
  const shared = forward ? plainWalk(hm, from, zFrom, to, zTo) : plainWalk(hm, to, zTo, from, zFrom);
  if (shared === Infinity) return null;
  let fromEye = forward ? shared : plainWalk(hm, from, zFrom, to, zTo);
  if (fromEye === Infinity) fromEye = len - shared;
  return { x: from.x + ((to.x - from.x) * fromEye) / len, y: from.y + ((to.y - from.y) * fromEye) / len };
}

/** The battlefield with only its ground: no woods or buildings to block first. */
function bareGround(bf: Battlefield): Battlefield {
  return { ...bf, features: bf.features.filter((f) => obscuringHeightOf(f) === undefined && solidHeightOf(f) === undefined) };
}

describe('the ground walk with tile and block skips', () => {
  for (const [name, bf] of [
    ['a generated table', () => battlefieldFromSpec(standardSpec('walk-skips'))],
    ['a Horse & Musket table', () => setupBattlefield('horse-and-musket', 3, 'walk-skips')],
  ] as const) {
    it(`blocks every line where the plain walk does, at the same place, on ${name}`, () => {
      const ground = bareGround(bf());
      const rng = new Rng(`walk-${name}`);
      let blocked = 0;
      const total = 4000;
      for (let k = 0; k < total; k++) {
        const a = { x: rng.range(0, ground.width), y: rng.range(0, ground.depth) };
        // Short lines and long, low eyes and high, so some clear the blocks and some graze them.
        const reach = rng.range(20, k % 3 ? 2000 : 400);
        const angle = rng.range(0, 2 * Math.PI);
        const b = { x: Math.min(ground.width, Math.max(0, a.x + reach * Math.cos(angle))), y: Math.min(ground.depth, Math.max(0, a.y + reach * Math.sin(angle))) };
        const eyeHeight = rng.range(0, k % 4 ? 8 : 200);
        const targetHeight = rng.range(0, 8);
        const expected = plainGroundBlock(ground.heightmap, a, b, eyeHeight, targetHeight);
        const got = lineOfSight(ground, a, b, { eyeHeight, targetHeight });
        expect(got.visible, `line ${k}`).toBe(expected === null);
        if (expected) {
          blocked++;
          expect(got.blockedBy!.kind, `line ${k}`).toBe('ground');
          expect(got.blockedBy!.at.x, `line ${k}`).toBeCloseTo(expected.x, 9);
          expect(got.blockedBy!.at.y, `line ${k}`).toBeCloseTo(expected.y, 9);
        }
      }
      expect(blocked).toBeGreaterThan(total / 10);
      expect(blocked).toBeLessThan(total - total / 10);
    });
  }
});
