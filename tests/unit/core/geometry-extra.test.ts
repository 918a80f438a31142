import { describe, expect, it } from 'vitest';
import {
  clipConvexPolygon,
  clipSegmentToRect,
  polygonArea,
  polygonCentroid,
  rotateAbout,
  segmentCrossesRect,
  segmentRectDistance,
  type OrientedRect,
  type Vec2,
} from '../../../src/core/geometry';

// A 100 x 20 rectangle facing north at the origin: x -50..50, y -10..10.
const r: OrientedRect = { cx: 0, cy: 0, facing: Math.PI / 2, width: 100, depth: 20 };

describe('rotateAbout', () => {
  it('turns a point counter-clockwise about a pivot, leaving the pivot fixed', () => {
    const p = rotateAbout({ x: 20, y: 10 }, { x: 10, y: 10 }, Math.PI / 2);
    expect(p.x).toBeCloseTo(10, 12);
    expect(p.y).toBeCloseTo(20, 12);
    const q = rotateAbout({ x: 10, y: 10 }, { x: 10, y: 10 }, 1);
    expect(q).toEqual({ x: 10, y: 10 });
  });
});

describe('clipSegmentToRect', () => {
  it('returns the parameters where a segment enters and leaves', () => {
    const c = clipSegmentToRect({ x: -100, y: 0 }, { x: 100, y: 0 }, r)!;
    expect(c[0]).toBeCloseTo(0.25, 12);
    expect(c[1]).toBeCloseTo(0.75, 12);
  });

  it('misses a segment that passes by, and clips one that ends inside', () => {
    expect(clipSegmentToRect({ x: -100, y: 11 }, { x: 100, y: 11 }, r)).toBeNull();
    const c = clipSegmentToRect({ x: 0, y: -30 }, { x: 0, y: 0 }, r)!;
    expect(c[0]).toBeCloseTo(2 / 3, 12);
    expect(c[1]).toBe(1);
  });

  it('works on turned rectangles and honours the inset', () => {
    const turned: OrientedRect = { ...r, facing: 0 }; // now x -10..10, y -50..50
    expect(clipSegmentToRect({ x: 20, y: 0 }, { x: 40, y: 0 }, turned)).toBeNull();
    expect(clipSegmentToRect({ x: -20, y: 40 }, { x: 20, y: 40 }, turned)).not.toBeNull();
    expect(clipSegmentToRect({ x: -20, y: 49.5 }, { x: 20, y: 49.5 }, turned, 1)).toBeNull();
  });
});

describe('segmentCrossesRect', () => {
  it('counts a segment through the interior but not one touching an edge or running along it', () => {
    expect(segmentCrossesRect({ x: 0, y: -30 }, { x: 0, y: 30 }, r)).toBe(true);
    expect(segmentCrossesRect({ x: -100, y: 10 }, { x: 100, y: 10 }, r)).toBe(false); // along the front edge
    expect(segmentCrossesRect({ x: 40, y: 20 }, { x: 60, y: 0 }, r)).toBe(false); // touches the front-right corner
    expect(segmentCrossesRect({ x: 40, y: 19 }, { x: 60, y: -1 }, r)).toBe(true); // cuts that corner by ~0.7 mm
  });
});

describe('segmentRectDistance', () => {
  it('is the gap to the nearest edge, 0 when touching or crossing', () => {
    expect(segmentRectDistance({ x: -100, y: 13 }, { x: 100, y: 13 }, r)).toBeCloseTo(3, 12);
    expect(segmentRectDistance({ x: 53, y: 14 }, { x: 60, y: 20 }, r)).toBeCloseTo(5, 12); // nearest the corner (50, 10)
    expect(segmentRectDistance({ x: -100, y: 10 }, { x: 100, y: 10 }, r)).toBe(0);
    expect(segmentRectDistance({ x: 0, y: -30 }, { x: 0, y: 30 }, r)).toBe(0);
  });
});

describe('polygons', () => {
  const square = (x: number, y: number, size: number): Vec2[] => [
    { x, y },
    { x: x + size, y },
    { x: x + size, y: y + size },
    { x, y: y + size },
  ];

  it('gives signed areas and centroids', () => {
    expect(polygonArea(square(0, 0, 10))).toBeCloseTo(100, 12);
    expect(polygonArea([...square(0, 0, 10)].reverse())).toBeCloseTo(-100, 12);
    const c = polygonCentroid([{ x: 0, y: 0 }, { x: 30, y: 0 }, { x: 0, y: 30 }]);
    expect(c.x).toBeCloseTo(10, 12);
    expect(c.y).toBeCloseTo(10, 12);
  });

  it('clips one convex polygon by another in either winding', () => {
    const common = clipConvexPolygon(square(0, 0, 10), [...square(5, 5, 10)].reverse());
    expect(polygonArea(common)).toBeCloseTo(25, 9);
    const c = polygonCentroid(common);
    expect(c.x).toBeCloseTo(7.5, 9);
    expect(c.y).toBeCloseTo(7.5, 9);
    expect(Math.abs(polygonArea(clipConvexPolygon(square(0, 0, 10), square(20, 0, 10))))).toBe(0);
    // Touching along an edge leaves no area.
    expect(Math.abs(polygonArea(clipConvexPolygon(square(0, 0, 10), square(10, 0, 10))))).toBeCloseTo(0, 9);
  });
});
