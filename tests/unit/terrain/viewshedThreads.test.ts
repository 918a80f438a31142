import { afterAll, describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/random';
import { generateBattlefield, standardSpec } from '../../../src/terrain/battlefield';
import { finishViewshed, obstacleRaster, planViewshed, solidRaster, sweepShare, viewshed, viewshedArrays, type Viewshed, type ViewshedTerrain } from '../../../src/terrain/viewshed';
import { TwoThreadViewshed } from '../../../src/terrain/viewshedThreads';

/** Samples where two viewsheds differ in any bit of minHeight or in visible. */
function differences(a: Viewshed, b: Viewshed): number {
  let n = 0;
  for (let k = 0; k < a.minHeight.length; k++) if (!Object.is(a.minHeight[k], b.minHeight[k]) || a.visible[k] !== b.visible[k]) n++;
  return n;
}

describe('the viewshed on two threads', () => {
  // A generated table with woods and towns, as rasters, since the worker is sent grids.
  const bf = generateBattlefield(standardSpec('two-threads', { settlements: true }));
  const terrain: ViewshedTerrain = { heightmap: bf.heightmap, obstacles: obstacleRaster(bf), solids: solidRaster(bf) };
  const waiting = new TwoThreadViewshed({ withdraw: false });
  const usual = new TwoThreadViewshed();
  afterAll(async () => {
    await waiting.close();
    await usual.close();
  });

  // Observers on samples (where the diagonals run through samples both halves reach), off them,
  // and less than a cell from an edge (where a sector has a single column).
  const cs = bf.heightmap.cellSize;
  const rng = new Rng('two-threads');
  const observers = [
    { x: 0, y: 0 },
    { x: 40 * cs, y: 70 * cs },
    { x: 0.4 * cs, y: 0.6 * bf.depth },
    { x: 0.5 * bf.width, y: (bf.heightmap.rows - 1.3) * cs },
    ...Array.from({ length: 6 }, () => ({ x: rng.range(0, bf.width), y: rng.range(0, bf.depth) })),
  ];

  it('gives viewshed()\'s numbers to the bit when the worker sweeps the second share', () => {
    expect(terrain.obstacles).toBeDefined();
    expect(terrain.solids).toBeDefined();
    let hidden = 0;
    for (let k = 0; k < observers.length; k++) {
      const observer = observers[k]!;
      const opts = { eyeHeight: rng.range(5, 40), targetHeight: 20, obscuringLimit: k % 2 ? 76.2 : 0, ...(k % 3 === 2 ? { maxDistance: 600 } : {}) };
      const one = viewshed(terrain, observer, opts);
      const two = waiting.viewshed(terrain, observer, opts);
      expect(differences(one, two), `observer ${k}`).toBe(0);
      hidden += one.visible.reduce((s, v) => s + (v ? 0 : 1), 0);
    }
    expect(waiting.shared).toBe(observers.length);
    expect(waiting.alone).toBe(0);
    // Enough ground hidden for the comparison to mean something.
    expect(hidden).toBeGreaterThan(observers.length * 0.05 * bf.heightmap.cols * bf.heightmap.rows);
    // Ten viewsheds and the worker's start, on a shared machine.
  }, 30_000);

  it('has shares that write no sample in common, so their order (or overlap in time) is no matter', () => {
    const n = bf.heightmap.cols * bf.heightmap.rows;
    for (const [k, observer] of observers.entries()) {
      const opts = { eyeHeight: 15, targetHeight: 10, obscuringLimit: k % 2 ? 76.2 : 0 };
      const plan = planViewshed(terrain, observer, opts);
      // Each share alone, over NaN: what it writes.
      const written = (['first', 'second'] as const).map((share) => {
        const out = { minHeight: new Float32Array(n).fill(NaN), visible: new Uint8Array(n) };
        sweepShare(plan, share, out.minHeight, out.visible);
        return out.minHeight;
      });
      let both = 0;
      let first = 0;
      let second = 0;
      for (let q = 0; q < n; q++) {
        const a = !Number.isNaN(written[0]![q]);
        const b = !Number.isNaN(written[1]![q]);
        if (a && b) both++;
        if (a) first++;
        if (b) second++;
      }
      expect(both, `observer ${k}`).toBe(0);
      // Together they write every sample but the observer's own.
      expect(first + second, `observer ${k}`).toBeGreaterThanOrEqual(n - 1);
      // Second share first, then the first: still viewshed()'s numbers.
      const out = viewshedArrays(plan, new ArrayBuffer(4 * n), new ArrayBuffer(n));
      sweepShare(plan, 'second', out.minHeight, out.visible);
      sweepShare(plan, 'first', out.minHeight, out.visible);
      expect(differences(viewshed(terrain, observer, opts), finishViewshed(plan, out.minHeight, out.visible)), `observer ${k}`).toBe(0);
    }
  });

  it('gives the same numbers whichever thread sweeps the second share', () => {
    const observer = { x: 0.3 * bf.width, y: 0.6 * bf.depth };
    const opts = { eyeHeight: 20, targetHeight: 15, obscuringLimit: 76.2 };
    const one = viewshed(terrain, observer, opts);
    for (let k = 0; k < 3; k++) expect(differences(one, usual.viewshed(terrain, observer, opts))).toBe(0);
    expect(usual.shared + usual.alone).toBe(3);
  });

  it('writes over a viewshed it gave before when asked, with the same numbers as new ones', () => {
    const opts = { eyeHeight: 25, targetHeight: 10, obscuringLimit: 76.2 };
    const open = { x: 0.5 * bf.width, y: 0.5 * bf.depth };
    const before = waiting.viewshed(terrain, open, opts);
    const again = waiting.viewshed(terrain, { x: 0.2 * bf.width, y: 0.7 * bf.depth }, opts, before);
    // The same memory, now holding the second observer's numbers.
    expect(again.minHeight.buffer).toBe(before.minHeight.buffer);
    expect(again.visible.buffer).toBe(before.visible.buffer);
    expect(differences(viewshed(terrain, { x: 0.2 * bf.width, y: 0.7 * bf.depth }, opts), again)).toBe(0);
    // With a maxDistance, samples beyond it that were seen last time are out of range now.
    const near = { ...opts, maxDistance: 300 };
    const ranged = waiting.viewshed(terrain, open, near, again);
    expect(ranged.minHeight.buffer).toBe(before.minHeight.buffer);
    expect(differences(viewshed(terrain, open, near), ranged)).toBe(0);
    expect(ranged.minHeight.includes(Infinity)).toBe(true);
  });

  it('refuses an observer off the grid as viewshed() does, and goes on working', () => {
    expect(() => usual.viewshed(terrain, { x: -50, y: 10 }, { eyeHeight: 20, targetHeight: 0 })).toThrow(/outside the grid/);
    const observer = { x: 100, y: 100 };
    expect(differences(viewshed(terrain, observer, { eyeHeight: 20, targetHeight: 0 }), usual.viewshed(terrain, observer, { eyeHeight: 20, targetHeight: 0 }))).toBe(0);
  });
});
