/**
 * A regular grid of ground heights (mm) over the table. Sample (i, j) sits at
 * x = originX + i * cellSize, y = originY + j * cellSize and is stored at heights[j * cols + i].
 */

import type { Vec3 } from '../core/geometry';

export interface Heightmap {
  cols: number;
  rows: number;
  cellSize: number;
  originX: number;
  originY: number;
  heights: Float32Array;
}

/** Largest grid we agree to build: a 6'x4' table at 1 mm would be 2.2 M samples. */
export const MAX_HEIGHTMAP_SAMPLES = 4_000_000;

/**
 * A flat (all zero) heightmap whose samples cover at least [0, width] x [0, depth]; the last row
 * and column may lie a little beyond the table when the size is not a multiple of the cell.
 */
export function createHeightmap(width: number, depth: number, cellSize: number, originX = 0, originY = 0): Heightmap {
  if (!(width > 0) || !(depth > 0) || !(cellSize > 0)) {
    throw new RangeError(`heightmap needs positive sizes, got ${width} x ${depth} at ${cellSize}`);
  }
  // The epsilon keeps 1828.8 / 10.16 from rounding up to an extra, useless column.
  const cols = Math.ceil(width / cellSize - 1e-9) + 1;
  const rows = Math.ceil(depth / cellSize - 1e-9) + 1;
  if (cols * rows > MAX_HEIGHTMAP_SAMPLES) {
    throw new RangeError(`heightmap of ${cols} x ${rows} samples is too large; use a bigger cellSize`);
  }
  return { cols, rows, cellSize, originX, originY, heights: new Float32Array(cols * rows) };
}

/** The stored sample at grid index (i, j), clamped into the grid. */
export function sampleAt(hm: Heightmap, i: number, j: number): number {
  const ci = i < 0 ? 0 : i >= hm.cols ? hm.cols - 1 : i;
  const cj = j < 0 ? 0 : j >= hm.rows ? hm.rows - 1 : j;
  return hm.heights[cj * hm.cols + ci]!;
}

/** Ground height at a table point, bilinear between samples; points off the grid take the edge value. */
export function heightAt(hm: Heightmap, x: number, y: number): number {
  const maxI = hm.cols - 1;
  const maxJ = hm.rows - 1;
  let gx = (x - hm.originX) / hm.cellSize;
  let gy = (y - hm.originY) / hm.cellSize;
  gx = gx < 0 ? 0 : gx > maxI ? maxI : gx;
  gy = gy < 0 ? 0 : gy > maxJ ? maxJ : gy;
  // Stepping back from the last row/column keeps i + 1 inside the grid with fx = 1.
  const i = gx >= maxI ? Math.max(maxI - 1, 0) : Math.floor(gx);
  const j = gy >= maxJ ? Math.max(maxJ - 1, 0) : Math.floor(gy);
  const fx = gx - i;
  const fy = gy - j;
  const h = hm.heights;
  const k = j * hm.cols + i;
  const i1 = maxI > 0 ? 1 : 0;
  const j1 = maxJ > 0 ? hm.cols : 0;
  const h00 = h[k]!;
  const h10 = h[k + i1]!;
  const h01 = h[k + j1]!;
  const h11 = h[k + i1 + j1]!;
  const top = h00 + (h10 - h00) * fx;
  const bottom = h01 + (h11 - h01) * fx;
  return top + (bottom - top) * fy;
}

/**
 * Height gradient (dz/dx, dz/dy) by central differences one cell either side; at the edges the
 * difference becomes one-sided, so a plane reports its true gradient everywhere.
 */
export function gradientAt(hm: Heightmap, x: number, y: number): { dx: number; dy: number } {
  const h = hm.cellSize;
  const minX = hm.originX;
  const maxX = hm.originX + (hm.cols - 1) * h;
  const minY = hm.originY;
  const maxY = hm.originY + (hm.rows - 1) * h;
  const cx = x < minX ? minX : x > maxX ? maxX : x;
  const cy = y < minY ? minY : y > maxY ? maxY : y;
  const x0 = Math.max(minX, cx - h);
  const x1 = Math.min(maxX, cx + h);
  const y0 = Math.max(minY, cy - h);
  const y1 = Math.min(maxY, cy + h);
  const dx = x1 > x0 ? (heightAt(hm, x1, cy) - heightAt(hm, x0, cy)) / (x1 - x0) : 0;
  const dy = y1 > y0 ? (heightAt(hm, cx, y1) - heightAt(hm, cx, y0)) / (y1 - y0) : 0;
  return { dx, dy };
}

/** Steepness as rise over run (0 flat, 1 is 45 degrees). */
export function slopeAt(hm: Heightmap, x: number, y: number): number {
  const g = gradientAt(hm, x, y);
  return Math.sqrt(g.dx * g.dx + g.dy * g.dy);
}

/** Unit surface normal, z up. */
export function normalAt(hm: Heightmap, x: number, y: number): Vec3 {
  const g = gradientAt(hm, x, y);
  const len = Math.sqrt(g.dx * g.dx + g.dy * g.dy + 1);
  return { x: -g.dx / len, y: -g.dy / len, z: 1 / len };
}

/** Lowest and highest stored heights. */
export function heightRange(hm: Heightmap): { min: number; max: number } {
  let min = Infinity;
  let max = -Infinity;
  for (const v of hm.heights) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { min, max };
}
