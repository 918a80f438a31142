import { describe, expect, it } from 'vitest';
import {
  arcOf,
  corners,
  pointInFrontZone,
  pointRectDistance,
  rectDistance,
  rectInFrontZone,
  rectsOverlap,
  wrapAngle,
  type OrientedRect,
} from '../../../src/core/geometry';

const north = Math.PI / 2;
const rect = (cx: number, cy: number, facing = north, width = 100, depth = 20): OrientedRect => ({ cx, cy, facing, width, depth });

describe('oriented rectangles', () => {
  it('puts the corners of a north-facing stand front-left, front-right, rear-right, rear-left', () => {
    const c = corners(rect(0, 0));
    const expected = [
      [-50, 10],
      [50, 10],
      [50, -10],
      [-50, -10],
    ];
    c.forEach((p, i) => {
      expect(p.x).toBeCloseTo(expected[i]![0]!, 9);
      expect(p.y).toBeCloseTo(expected[i]![1]!, 9);
    });
  });

  it('detects overlap but lets touching stands stand in contact', () => {
    expect(rectsOverlap(rect(0, 0), rect(50, 0))).toBe(true);
    expect(rectsOverlap(rect(0, 0), rect(100, 0))).toBe(false); // edges touch
    expect(rectsOverlap(rect(0, 0), rect(0, 20))).toBe(false); // front to back
    expect(rectsOverlap(rect(0, 0), rect(0, 19))).toBe(true);
  });

  it('finds overlap between rotated rectangles that axis-aligned boxes would miss', () => {
    const a = rect(0, 0, north, 100, 20);
    const b = rect(0, 40, north + Math.PI / 4, 100, 20);
    expect(rectsOverlap(a, b)).toBe(true);
    const c = rect(0, 60, north + Math.PI / 4, 100, 20);
    expect(rectsOverlap(a, c)).toBe(false);
  });

  it('measures the distance between closest points', () => {
    expect(rectDistance(rect(0, 0), rect(0, 120))).toBeCloseTo(100, 9);
    expect(rectDistance(rect(0, 0), rect(200, 0))).toBeCloseTo(100, 9);
    // Corner to corner on the diagonal: 30 and 40 apart, 50 mm.
    expect(rectDistance(rect(0, 0), rect(130, 60))).toBeCloseTo(50, 9);
    expect(rectDistance(rect(0, 0), rect(10, 5))).toBe(0);
  });

  it('measures point-to-rectangle distance in the rectangle\'s own frame, rotated or not', () => {
    const r = rect(0, 0);
    expect(pointRectDistance(r, { x: 0, y: 40 })).toBeCloseTo(30, 9);
    expect(pointRectDistance(r, { x: 80, y: 50 })).toBeCloseTo(50, 9); // 30 and 40 beyond a corner
    expect(pointRectDistance(r, { x: 10, y: 5 })).toBe(0);
    const tilted = rect(100, 100, north + Math.PI / 4, 100, 20);
    // 25 mm straight out from the front edge's middle, along the tilted facing.
    const out = { x: 100 + Math.cos(north + Math.PI / 4) * 35, y: 100 + Math.sin(north + Math.PI / 4) * 35 };
    expect(pointRectDistance(tilted, out)).toBeCloseTo(25, 9);
  });

  it('sorts a point into front, flank and rear arcs by bearing from the centre', () => {
    const r = rect(0, 0);
    expect(arcOf(r, { x: 0, y: 100 })).toBe('front');
    expect(arcOf(r, { x: 99, y: 100 })).toBe('front'); // 44.7° off the facing
    expect(arcOf(r, { x: 101, y: 100 })).toBe('flank');
    expect(arcOf(r, { x: -100, y: 0 })).toBe('flank');
    expect(arcOf(r, { x: 10, y: -100 })).toBe('rear');
  });

  it('widens the front zone by 45° from each front corner', () => {
    const r = rect(0, 0);
    expect(pointInFrontZone(r, { x: 50, y: 10 }, Math.PI / 4)).toBe(true);
    expect(pointInFrontZone(r, { x: 89, y: 50 }, Math.PI / 4)).toBe(true); // 40 ahead, 39 beyond the corner
    expect(pointInFrontZone(r, { x: 91, y: 50 }, Math.PI / 4)).toBe(false);
    expect(pointInFrontZone(r, { x: 0, y: -30 }, Math.PI / 4)).toBe(false);
    expect(rectInFrontZone(r, rect(140, 100, north, 40, 20), Math.PI / 4)).toBe(true);
    expect(rectInFrontZone(r, rect(200, 60, north, 40, 20), Math.PI / 4)).toBe(false);
  });

  it('wraps angles into (-π, π]', () => {
    expect(wrapAngle(3 * Math.PI)).toBeCloseTo(Math.PI, 12);
    expect(wrapAngle(-Math.PI)).toBeCloseTo(Math.PI, 12);
    expect(wrapAngle(Math.PI / 3 + 4 * Math.PI)).toBeCloseTo(Math.PI / 3, 12);
  });
});
