/** Test grounds for the sight benchmarks. */

import { createNoise2D } from 'simplex-noise';
import { Rng } from '../src/core/random';
import type { Heightmap } from '../src/terrain/heightmap';

/** Rolling DEM-like ground: three octaves of noise, heights in cells' units, seeded. */
export function noiseGrid(n: number, seed: string): Heightmap {
  const rng = new Rng(seed);
  const noise = createNoise2D(() => rng.float());
  const heights = new Float32Array(n * n);
  for (let j = 0; j < n; j++) for (let i = 0; i < n; i++) heights[j * n + i] = 40 * noise(i / 300, j / 300) + 10 * noise(i / 60, j / 60) + 3 * noise(i / 15, j / 15);
  return { cols: n, rows: n, cellSize: 1, originX: 0, originY: 0, heights };
}
