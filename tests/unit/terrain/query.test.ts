import { describe, it, expect } from 'vitest';
import { pointInPolygon, pointPolylineDistance } from '../../../src/core/geometry';
import { Rng } from '../../../src/core/random';
import { generateBattlefield, standardSpec } from '../../../src/terrain/battlefield';
import type { RoadFeature, TerrainFeature } from '../../../src/terrain/features';
import { coveredIntervals, featuresAt, lengthInside, sampleSegment } from '../../../src/terrain/query';
import { handBuilt, rect, wood } from './helpers';

const road: RoadFeature = { id: 'road', kind: 'road', name: 'Road', line: [{ x: 100, y: 500 }, { x: 900, y: 500 }], width: 30 };
const square = wood('square', rect(100, 100, 300, 300));
const bf = handBuilt(1000, 1000, 10, () => 0, [square, road]);
const isWood = (f: TerrainFeature) => f.kind === 'wood';
const isRoad = (f: TerrainFeature) => f.kind === 'road';

describe('featuresAt', () => {
  it('finds the wood a point is in, and nothing outside it', () => {
    expect(featuresAt(bf, { x: 200, y: 200 })).toEqual([square]);
    expect(featuresAt(bf, { x: 101, y: 299 })).toEqual([square]);
    expect(featuresAt(bf, { x: 99, y: 200 })).toEqual([]);
    expect(featuresAt(bf, { x: 200, y: 301 })).toEqual([]);
    expect(featuresAt(bf, { x: -500, y: 200 })).toEqual([]);
  });

  it('finds a road within half its width of the centre line', () => {
    expect(featuresAt(bf, { x: 400, y: 514.9 })).toEqual([road]);
    expect(featuresAt(bf, { x: 400, y: 515.1 })).toEqual([]);
    // Round ends: 10 mm past the end, 10 mm aside is still within 15 mm of the end point.
    expect(featuresAt(bf, { x: 910, y: 510 })).toEqual([road]);
    expect(featuresAt(bf, { x: 912, y: 512 })).toEqual([]);
  });

  it('agrees with a brute-force test on a generated battlefield', () => {
    const gen = generateBattlefield(standardSpec('query'));
    const rng = new Rng('points');
    for (let n = 0; n < 3000; n++) {
      const p = { x: rng.range(-20, gen.width + 20), y: rng.range(-20, gen.depth + 20) };
      const expected = gen.features.filter((f) =>
        'polygon' in f ? pointInPolygon(p, f.polygon) : pointPolylineDistance(p, f.line) <= f.width / 2,
      );
      expect(featuresAt(gen, p)).toEqual(expected);
    }
  });
});

describe('lengthInside', () => {
  it('measures a straight pass through the wood', () => {
    expect(lengthInside(bf, { x: 0, y: 200 }, { x: 400, y: 200 }, isWood)).toBeCloseTo(200, 9);
    expect(lengthInside(bf, { x: 0, y: 0 }, { x: 400, y: 400 }, isWood)).toBeCloseTo(200 * Math.SQRT2, 9);
  });

  it('measures a path that starts or ends inside', () => {
    expect(lengthInside(bf, { x: 200, y: 200 }, { x: 200, y: 1000 }, isWood)).toBeCloseTo(100, 9);
    expect(lengthInside(bf, { x: 150, y: 50 }, { x: 350, y: 250 }, isWood)).toBeCloseTo(100 * Math.SQRT2, 9);
    expect(lengthInside(bf, { x: 150, y: 150 }, { x: 250, y: 250 }, isWood)).toBeCloseTo(100 * Math.SQRT2, 9);
  });

  it('is zero for a path that misses, or a predicate that matches nothing', () => {
    expect(lengthInside(bf, { x: 0, y: 350 }, { x: 1000, y: 350 }, isWood)).toBe(0);
    expect(lengthInside(bf, { x: 0, y: 200 }, { x: 400, y: 200 }, isRoad)).toBe(0);
  });

  it('measures across and along a road, round ends included', () => {
    expect(lengthInside(bf, { x: 500, y: 0 }, { x: 500, y: 1000 }, isRoad)).toBeCloseTo(30, 9);
    expect(lengthInside(bf, { x: 0, y: 0 }, { x: 1000, y: 1000 }, isRoad)).toBeCloseTo(30 * Math.SQRT2, 9);
    expect(lengthInside(bf, { x: 0, y: 500 }, { x: 1000, y: 500 }, isRoad)).toBeCloseTo(830, 9);
  });

  it('counts ground covered by two overlapping woods once', () => {
    const overlapping = handBuilt(1000, 1000, 10, () => 0, [square, wood('other', rect(200, 150, 400, 250))]);
    expect(lengthInside(overlapping, { x: 0, y: 200 }, { x: 500, y: 200 }, isWood)).toBeCloseTo(300, 9);
    expect(coveredIntervals(overlapping, { x: 0, y: 200 }, { x: 500, y: 200 }, isWood)).toEqual([[0.2, 0.8]]);
  });

  it('matches fine sampling to within 1 mm on a generated battlefield', () => {
    const gen = generateBattlefield(standardSpec('lengths'));
    const rng = new Rng('segments');
    const covers = (f: TerrainFeature) => f.kind !== 'hill';
    for (let n = 0; n < 40; n++) {
      const a = { x: rng.range(0, gen.width), y: rng.range(0, gen.depth) };
      const b = { x: rng.range(0, gen.width), y: rng.range(0, gen.depth) };
      const len = Math.hypot(b.x - a.x, b.y - a.y);
      const step = 0.25;
      const k = Math.ceil(len / step);
      let inside = 0;
      for (let i = 0; i < k; i++) {
        const t = (i + 0.5) / k;
        if (featuresAt(gen, { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t }).some(covers)) inside += len / k;
      }
      expect(Math.abs(lengthInside(gen, a, b, covers) - inside)).toBeLessThan(1);
    }
  });
});

describe('sampleSegment', () => {
  it('samples from a to b inclusive, no further apart than the step', () => {
    const samples = sampleSegment(bf, { x: 0, y: 200 }, { x: 400, y: 200 }, 10);
    expect(samples).toHaveLength(41);
    expect(samples[0]!.t).toBe(0);
    expect(samples[40]!.t).toBe(1);
    expect(samples[40]!.p).toEqual({ x: 400, y: 200 });
    expect(samples[15]!.p.x).toBeCloseTo(150, 9);
    expect(samples[15]!.features).toEqual([square]);
    expect(samples[5]!.features).toEqual([]);
    expect(samples.filter((s) => s.features.length > 0).length).toBeGreaterThanOrEqual(19);
    expect(samples.filter((s) => s.features.length > 0).length).toBeLessThanOrEqual(21);
  });

  it('gives one sample for a zero-length segment, and refuses a zero step', () => {
    expect(sampleSegment(bf, { x: 200, y: 200 }, { x: 200, y: 200 })).toEqual([
      { t: 0, p: { x: 200, y: 200 }, features: [square] },
    ]);
    expect(() => sampleSegment(bf, { x: 0, y: 0 }, { x: 1, y: 1 }, 0)).toThrow(RangeError);
  });
});
