/** Distances between units: closest stand edges and footprint centres, on hand-placed units. */

import { describe, expect, it } from 'vitest';
import { unitDistances } from '../../../src/core/unitDistance';
import type { Stand } from '../../../src/core/model';

const stand = (f: number, l: number, status: Stand['status'] = 'ok'): Stand => ({ f, l, width: 40, depth: 20, figures: 4, status });

describe('unitDistances', () => {
  it('measures two lines face to face: edge to edge and centre to centre', () => {
    // Two units of three stands side by side, facing each other 100 mm apart (centres).
    const a = { x: 0, y: 0, facing: Math.PI / 2, stands: [stand(0, -40), stand(0, 0), stand(0, 40)] };
    const b = { x: 0, y: 100, facing: -Math.PI / 2, stands: [stand(0, -40), stand(0, 0), stand(0, 40)] };
    const d = unitDistances(a, b);
    expect(d.centres).toBeCloseTo(100, 6);
    // Each stand is 20 deep: 100 - 10 - 10.
    expect(d.edges).toBeCloseTo(80, 6);
  });

  it('leaves destroyed stands out and measures to the nearest corner at an angle', () => {
    const a = { x: 0, y: 0, facing: 0, stands: [stand(0, 0), stand(100, 0, 'destroyed')] };
    const b = { x: 100, y: 100, facing: 0, stands: [stand(0, 0)] };
    const d = unitDistances(a, b);
    // Facing +x: a stand is 20 along x and 40 along y. Corner (10, 20) to corner (90, 80).
    expect(d.edges).toBeCloseTo(Math.hypot(80, 60), 6);
    expect(d.centres).toBeCloseTo(Math.hypot(100, 100), 6);
  });
});
