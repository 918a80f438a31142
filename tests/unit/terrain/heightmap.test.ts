import { describe, it, expect } from 'vitest';
import { createHeightmap, heightAt, normalAt, sampleAt, slopeAt, type Heightmap } from '../../../src/terrain/heightmap';

/** 3 x 3 samples, 10 mm apart, with the grid's corner at (100, 200). */
function smallGrid(): Heightmap {
  const hm = createHeightmap(20, 20, 10, 100, 200);
  hm.heights.set([0, 10, 20, 30, 40, 80, 60, 70, 100]);
  return hm;
}

function plane(cellSize: number, f: (x: number, y: number) => number): Heightmap {
  const hm = createHeightmap(100, 80, cellSize);
  for (let j = 0; j < hm.rows; j++) for (let i = 0; i < hm.cols; i++) hm.heights[j * hm.cols + i] = f(i * cellSize, j * cellSize);
  return hm;
}

describe('createHeightmap', () => {
  it('covers the whole table with samples one cell apart', () => {
    const hm = createHeightmap(1828.8, 1219.2, 10);
    expect(hm.cols).toBe(184);
    expect(hm.rows).toBe(123);
    expect((hm.cols - 1) * hm.cellSize).toBeGreaterThanOrEqual(1828.8);
    expect(hm.heights.length).toBe(184 * 123);
    expect(hm.heights.every((v) => v === 0)).toBe(true);
  });

  it('adds no spare column when the size is a whole number of cells', () => {
    const hm = createHeightmap(100, 50, 10);
    expect([hm.cols, hm.rows]).toEqual([11, 6]);
  });

  it('rejects sizes that are not positive', () => {
    expect(() => createHeightmap(100, 50, 0)).toThrow(RangeError);
    expect(() => createHeightmap(-1, 50, 10)).toThrow(RangeError);
  });
});

describe('heightAt', () => {
  const hm = smallGrid();

  it('returns the stored samples at grid points', () => {
    expect(heightAt(hm, 100, 200)).toBe(0);
    expect(heightAt(hm, 110, 210)).toBe(40);
    expect(heightAt(hm, 120, 210)).toBe(80);
    expect(heightAt(hm, 120, 220)).toBe(100);
    expect(sampleAt(hm, 2, 1)).toBe(80);
  });

  it('interpolates bilinearly between samples', () => {
    expect(heightAt(hm, 105, 200)).toBe(5);
    expect(heightAt(hm, 115, 205)).toBe(37.5);
    expect(heightAt(hm, 102.5, 217.5)).toBe(55);
    expect(heightAt(hm, 110, 215)).toBe(55);
  });

  it('takes the edge value off the grid', () => {
    expect(heightAt(hm, 0, 0)).toBe(0);
    expect(heightAt(hm, 500, 500)).toBe(100);
    expect(heightAt(hm, 90, 215)).toBe(45);
    expect(heightAt(hm, 115, 1000)).toBe(85);
  });
});

describe('slopeAt and normalAt', () => {
  it('give the gradient of a plane everywhere, edges included', () => {
    // Gradients and sample values are exact binary fractions, so float32 storage loses nothing.
    const hm = plane(5, (x, y) => 0.25 * x - 0.5 * y + 40);
    const expected = Math.sqrt(0.25 ** 2 + 0.5 ** 2);
    for (const [x, y] of [
      [50, 40],
      [12.3, 71.9],
      [0, 0],
      [100, 80],
      [100, 13],
    ] as const) {
      expect(Math.abs(slopeAt(hm, x, y) - expected)).toBeLessThan(1e-6);
    }
    const n = normalAt(hm, 50, 40);
    const len = Math.sqrt(1 + 0.25 ** 2 + 0.5 ** 2);
    expect(n.x).toBeCloseTo(-0.25 / len, 9);
    expect(n.y).toBeCloseTo(0.5 / len, 9);
    expect(n.z).toBeCloseTo(1 / len, 9);
  });

  it('measures a plane with an awkward gradient to within 1e-6', () => {
    const hm = plane(10, (x, y) => 0.3 * x - 0.2 * y + 5);
    expect(Math.abs(slopeAt(hm, 47, 33) - Math.sqrt(0.13))).toBeLessThan(1e-6);
  });

  it('are flat on flat ground', () => {
    const hm = plane(10, () => 7);
    expect(slopeAt(hm, 30, 30)).toBe(0);
    const n = normalAt(hm, 30, 30);
    expect(Math.abs(n.x) + Math.abs(n.y)).toBe(0);
    expect(n.z).toBe(1);
  });
});
