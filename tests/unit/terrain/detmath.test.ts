import { describe, it, expect } from 'vitest';
import { chaikin, dcos, dsin, segmentCrossing } from '../../../src/terrain/detmath';

describe('deterministic trigonometry', () => {
  it('matches Math.sin and Math.cos to 1e-12 over many turns', () => {
    for (let x = -50; x <= 50; x += 0.0137) {
      expect(Math.abs(dsin(x) - Math.sin(x))).toBeLessThan(1e-12);
      expect(Math.abs(dcos(x) - Math.cos(x))).toBeLessThan(1e-12);
    }
  });

  it('is exact where it matters for shapes', () => {
    expect(dsin(0)).toBe(0);
    expect(dcos(0)).toBe(1);
  });
});

describe('polyline helpers', () => {
  it('rounds corners and keeps the end points', () => {
    const line = chaikin(
      [
        { x: 0, y: 0 },
        { x: 100, y: 0 },
        { x: 100, y: 100 },
      ],
      1,
    );
    expect(line).toEqual([
      { x: 0, y: 0 },
      { x: 75, y: 0 },
      { x: 100, y: 25 },
      { x: 100, y: 100 },
    ]);
  });

  it('finds where two segments cross', () => {
    expect(segmentCrossing({ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 4, y: -1 }, { x: 4, y: 1 })).toBeCloseTo(0.4, 12);
    expect(segmentCrossing({ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 4, y: 1 }, { x: 4, y: 2 })).toBeUndefined();
  });
});
