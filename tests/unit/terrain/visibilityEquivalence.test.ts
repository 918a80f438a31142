/**
 * The visibility matrix's shortcuts (hints, wood cores, ground maxima, the crest test across a pair
 * of units) only ever save work: on many seeded battlefields, laid by both rulebooks' set-up
 * procedures and by the generator, every pair's answer must be what the exhaustive method gives,
 * lineOfSight between every eye point and every point to be seen.
 */

import { describe, expect, it } from 'vitest';
import type { Vec2 } from '../../../src/core/geometry';
import { inch } from '../../../src/core/measure';
import { Rng } from '../../../src/core/random';
import { battlefieldFromSpec, setupBattlefield, standardSpec, type Battlefield } from '../../../src/terrain/battlefield';
import { lineOfSight } from '../../../src/terrain/sight';
import { visibilityMatrix, VisibilityTracker, type SightObserver, type SightTarget, type VisibilityOptions } from '../../../src/terrain/visibility';

/** Centre and corners of a unit's frontage, turned by `angle`. */
function unitPoints(cx: number, cy: number, width: number, depth: number, angle: number): Vec2[] {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const at = (u: number, v: number): Vec2 => ({ x: cx + u * c - v * s, y: cy + u * s + v * c });
  return [at(0, 0), at(-width / 2, -depth / 2), at(width / 2, -depth / 2), at(width / 2, depth / 2), at(-width / 2, depth / 2)];
}

type Layout = 'deployed' | 'scattered' | 'close';

/** Two armies of `n` units each: in their deployment zones, anywhere, or a few inches apart mid-table. */
function armies(bf: Battlefield, layout: Layout, n: number, seed: string): { observers: SightObserver[]; targets: SightTarget[] } {
  const rng = new Rng(seed);
  const place = (side: 0 | 1): Vec2[] => {
    const x = rng.range(80, bf.width - 80);
    const y =
      layout === 'deployed'
        ? side === 0
          ? rng.range(40, inch(12))
          : rng.range(bf.depth - inch(12), bf.depth - 40)
        : layout === 'scattered'
          ? rng.range(40, bf.depth - 40)
          : bf.depth / 2 + (side === 0 ? -1 : 1) * rng.range(inch(1), inch(6));
    // Line, column and skirmish frontages, some turned.
    const width = rng.range(20, 120);
    return unitPoints(x, y, width, rng.range(10, 40), rng.int(3) === 0 ? rng.range(0, Math.PI) : 0);
  };
  const observers = Array.from({ length: n }, (_, i) => ({ id: `o${i}`, points: place(0), eyeHeight: rng.range(10, 40) }));
  const targets = Array.from({ length: n }, (_, i) => ({ id: `t${i}`, points: place(1), height: rng.range(10, 40) }));
  return { observers, targets };
}

/** The exhaustive method: every point pair, by lineOfSight. */
function exhaustive(bf: Battlefield, observers: readonly SightObserver[], targets: readonly SightTarget[], opts: VisibilityOptions): number[] {
  const out: number[] = [];
  for (const ob of observers) {
    for (const tg of targets) {
      const sight = { eyeHeight: ob.eyeHeight, targetHeight: tg.height, ...opts };
      out.push(ob.points.some((p) => tg.points.some((q) => lineOfSight(bf, p, q, sight).visible)) ? 1 : 0);
    }
  }
  return out;
}

const tables: [string, () => Battlefield][] = [
  ...['eq-1', 'eq-2', 'eq-3'].map((seed): [string, () => Battlefield] => [`generated ${seed}`, () => battlefieldFromSpec(standardSpec(seed))]),
  ['generated with settlements', () => battlefieldFromSpec(standardSpec('eq-town', { settlements: true }))],
  ...([1, 2, 3] as const).map((method): [string, () => Battlefield] => [`horse-and-musket method ${method}`, () => setupBattlefield('horse-and-musket', method, `eq-hm-${method}`)]),
  ...['eq-syw-1', 'eq-syw-2'].map((seed): [string, () => Battlefield] => [`syw-orders ${seed}`, () => setupBattlefield('syw-orders', undefined, seed)]),
];

const options: VisibilityOptions[] = [{ obscuringLimit: inch(3) }, { obscuringLimit: 0 }, { obscuringLimit: inch(2), maxRange: inch(30) }];

describe('visibilityMatrix against the exhaustive method', () => {
  for (const [name, make] of tables) {
    it(`gives every pair the exhaustive answer on ${name}`, () => {
      const bf = make();
      let seen = 0;
      let pairs = 0;
      for (const layout of ['deployed', 'scattered', 'close'] as const) {
        const { observers, targets } = armies(bf, layout, 12, `${name}-${layout}`);
        for (const opts of options) {
          const expected = exhaustive(bf, observers, targets, opts);
          expect(Array.from(visibilityMatrix(bf, observers, targets, opts)), `${layout} ${JSON.stringify(opts)}`).toEqual(expected);
          seen += expected.reduce((s, v) => s + v, 0);
          pairs += expected.length;
        }
      }
      // Both answers well represented, so the comparison means something.
      expect(seen).toBeGreaterThan(pairs / 10);
      expect(seen).toBeLessThan(pairs - pairs / 20);
    });
  }

  it('keeps the exhaustive answers in the tracker as units move', () => {
    const bf = setupBattlefield('horse-and-musket', 2, 'eq-track');
    const opts = { obscuringLimit: inch(3) };
    const { observers, targets } = armies(bf, 'scattered', 14, 'eq-track');
    const tracker = new VisibilityTracker(bf, opts);
    const rng = new Rng('eq-track-moves');
    for (let move = 0; move < 8; move++) {
      expect(Array.from(tracker.matrix(observers, targets)), `move ${move}`).toEqual(exhaustive(bf, observers, targets, opts));
      const k = rng.int(observers.length);
      const moved = armies(bf, 'scattered', 1, `eq-track-${move}`);
      observers[k] = { ...observers[k]!, points: moved.observers[0]!.points };
      targets[(k * 5) % targets.length] = { ...targets[(k * 5) % targets.length]!, points: moved.targets[0]!.points };
    }
  });
});
