/**
 * The piece of ground under a dice throw: the battlefield's height grid cut out round the spot, in
 * the throw's own frame (three.js axes: x right, y up, z towards the player; origin on the ground at
 * the throw's centre). The physics world is built from it, and the test of a clean landing reads it.
 */

import { heightAt, type Heightmap } from '../terrain/heightmap';

export interface GroundPatch {
  /** Grid vertices along x, and rows of them. */
  cols: number;
  rows: number;
  /** Grid spacing, mm. */
  cell: number;
  /** Local position of the first vertex; row j lies at z = z0 - j * cell (table y grows away from the player). */
  x0: number;
  z0: number;
  /** Heights above the origin, row by row (the heightmap's own layout). */
  heights: Float32Array;
}

/** Where a throw lands on the table: the centre in table mm and the ground height there. */
export interface ThrowOrigin {
  x: number;
  y: number;
  height: number;
}

/**
 * Cut the heightmap round a table point, covering at least `halfX` by `halfY` mm either side. The
 * patch keeps the heightmap's own vertices and diagonals, so the dice roll on the very surface the
 * scene draws.
 */
export function groundPatch(hm: Heightmap, x: number, y: number, halfX: number, halfY: number): { patch: GroundPatch; origin: ThrowOrigin } {
  const height = heightAt(hm, x, y);
  const clampI = (v: number) => Math.max(0, Math.min(hm.cols - 1, v));
  const clampJ = (v: number) => Math.max(0, Math.min(hm.rows - 1, v));
  const i0 = clampI(Math.floor((x - halfX - hm.originX) / hm.cellSize) - 1);
  const i1 = clampI(Math.ceil((x + halfX - hm.originX) / hm.cellSize) + 1);
  const j0 = clampJ(Math.floor((y - halfY - hm.originY) / hm.cellSize) - 1);
  const j1 = clampJ(Math.ceil((y + halfY - hm.originY) / hm.cellSize) + 1);
  const cols = i1 - i0 + 1;
  const rows = j1 - j0 + 1;
  const heights = new Float32Array(cols * rows);
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) heights[j * cols + i] = hm.heights[(j0 + j) * hm.cols + i0 + i]! - height;
  }
  const patch: GroundPatch = {
    cols,
    rows,
    cell: hm.cellSize,
    x0: hm.originX + i0 * hm.cellSize - x,
    // Table y becomes world -z.
    z0: -(hm.originY + j0 * hm.cellSize - y),
    heights,
  };
  return { patch, origin: { x, y, height } };
}

/** A flat patch, for tests and benchmarks on level ground. */
export function flatPatch(halfSize: number, cell = 10): GroundPatch {
  const n = Math.ceil((2 * halfSize) / cell) + 1;
  return { cols: n, rows: n, cell, x0: -halfSize, z0: halfSize, heights: new Float32Array(n * n) };
}

/**
 * The ground's height and upward normal under a local point, on the same triangles as the physics
 * (and the drawn ground): each cell split from its (i+1, j) corner to its (i, j+1) corner.
 */
export function groundAt(p: GroundPatch, x: number, z: number): { height: number; normal: [number, number, number] } {
  const gx = Math.max(0, Math.min(p.cols - 1 - 1e-9, (x - p.x0) / p.cell));
  const gy = Math.max(0, Math.min(p.rows - 1 - 1e-9, (p.z0 - z) / p.cell));
  const i = Math.min(p.cols - 2, Math.floor(gx));
  const j = Math.min(p.rows - 2, Math.floor(gy));
  const fx = gx - i;
  const fy = gy - j;
  const h = (ii: number, jj: number) => p.heights[(j + jj) * p.cols + i + ii]!;
  let height: number;
  let dhdx: number;
  let dhdy: number;
  if (fx + fy <= 1) {
    // Triangle (i,j), (i+1,j), (i,j+1).
    dhdx = h(1, 0) - h(0, 0);
    dhdy = h(0, 1) - h(0, 0);
    height = h(0, 0) + dhdx * fx + dhdy * fy;
  } else {
    // Triangle (i+1,j), (i+1,j+1), (i,j+1).
    dhdx = h(1, 1) - h(0, 1);
    dhdy = h(1, 1) - h(1, 0);
    height = h(1, 1) + dhdx * (fx - 1) + dhdy * (fy - 1);
  }
  // Slopes per mm; grid y runs along world -z.
  const sx = dhdx / p.cell;
  const sz = -dhdy / p.cell;
  const len = Math.hypot(sx, 1, sz);
  return { height, normal: [-sx / len, 1 / len, -sz / len] };
}
