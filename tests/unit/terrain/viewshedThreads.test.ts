import { afterAll, describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/random';
import { generateBattlefield, standardSpec } from '../../../src/terrain/battlefield';
import { obstacleRaster, solidRaster, viewshed, type Viewshed, type ViewshedTerrain } from '../../../src/terrain/viewshed';
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

  it('gives viewshed()\'s numbers to the bit when the worker sweeps east and west', () => {
    expect(terrain.obstacles).toBeDefined();
    expect(terrain.solids).toBeDefined();
    const rng = new Rng('two-threads');
    let hidden = 0;
    for (let k = 0; k < 8; k++) {
      const observer = k === 0 ? { x: 0, y: 0 } : { x: rng.range(0, bf.width), y: rng.range(0, bf.depth) };
      const opts = { eyeHeight: rng.range(5, 40), targetHeight: 20, obscuringLimit: k % 2 ? 76.2 : 0, ...(k % 3 === 2 ? { maxDistance: 600 } : {}) };
      const one = viewshed(terrain, observer, opts);
      const two = waiting.viewshed(terrain, observer, opts);
      expect(differences(one, two), `observer ${k}`).toBe(0);
      hidden += one.visible.reduce((s, v) => s + (v ? 0 : 1), 0);
    }
    expect(waiting.shared).toBe(8);
    expect(waiting.alone).toBe(0);
    // Enough ground hidden for the comparison to mean something.
    expect(hidden).toBeGreaterThan(8 * 0.05 * bf.heightmap.cols * bf.heightmap.rows);
  });

  it('gives the same numbers whichever thread sweeps the second half', () => {
    const observer = { x: 0.3 * bf.width, y: 0.6 * bf.depth };
    const opts = { eyeHeight: 20, targetHeight: 15, obscuringLimit: 76.2 };
    const one = viewshed(terrain, observer, opts);
    for (let k = 0; k < 3; k++) expect(differences(one, usual.viewshed(terrain, observer, opts))).toBe(0);
    expect(usual.shared + usual.alone).toBe(3);
  });

  it('refuses an observer off the grid as viewshed() does, and goes on working', () => {
    expect(() => usual.viewshed(terrain, { x: -50, y: 10 }, { eyeHeight: 20, targetHeight: 0 })).toThrow(/outside the grid/);
    const observer = { x: 100, y: 100 };
    expect(differences(viewshed(terrain, observer, { eyeHeight: 20, targetHeight: 0 }), usual.viewshed(terrain, observer, { eyeHeight: 20, targetHeight: 0 }))).toBe(0);
  });
});
