import { describe, expect, it } from 'vitest';
import { GRADIENT_CLASSES, type HillFeature } from '../../../src/terrain/features';
import { GRADIENT_THRESHOLDS, gradientClassAt, gradientOfSlope, hillAt, hillFaces, hillLevelAt, steeper } from '../../../src/terrain/gradient';
import { createHeightmap, slopeAt } from '../../../src/terrain/heightmap';
import { HILL_BAND, HILL_CREST, blobPolygon, raiseClassHill, type ClassHill } from '../../../src/terrain/relief';
import { handBuilt, rect } from './helpers';

function hill(id: string, cx: number, cy: number, radius: number, height: number, extra: Partial<HillFeature> = {}): HillFeature {
  const polygon = Array.from({ length: 24 }, (_, k) => ({ x: cx + radius * Math.cos((k * Math.PI) / 12), y: cy + radius * Math.sin((k * Math.PI) / 12) }));
  return { id, kind: 'hill', name: id, polygon, centre: { x: cx, y: cy }, radius, height, ...extra };
}

describe('gradient classes from slope', () => {
  it('follow the thresholds (rise over run), each boundary belonging to the steeper class', () => {
    expect(gradientOfSlope(0)).toBe('level');
    expect(gradientOfSlope(0.049)).toBe('level');
    expect(gradientOfSlope(0.05)).toBe('gentle');
    expect(gradientOfSlope(0.17)).toBe('gentle');
    expect(gradientOfSlope(0.18)).toBe('normal');
    expect(gradientOfSlope(0.59)).toBe('normal');
    expect(gradientOfSlope(0.6)).toBe('steep');
    expect(gradientOfSlope(1.69)).toBe('steep');
    expect(gradientOfSlope(1.7)).toBe('verySteep');
    expect(gradientOfSlope(3.99)).toBe('verySteep');
    expect(gradientOfSlope(4)).toBe('sheer');
    expect(gradientOfSlope(100)).toBe('sheer');
    // Thresholds rise with the classes.
    const t = GRADIENT_CLASSES.map((g) => GRADIENT_THRESHOLDS[g]);
    expect([...t].sort((a, b) => a - b)).toEqual(t);
    expect(steeper('gentle', 'steep')).toBe('steep');
    expect(steeper('sheer', 'level')).toBe('sheer');
  });

  it('read planes of known slope off the heightmap, away from any hill', () => {
    for (const [slope, expected] of [
      [0.02, 'level'],
      [0.1, 'gentle'],
      [0.3, 'normal'],
      [1, 'steep'],
      [2.5, 'verySteep'],
    ] as const) {
      const bf = handBuilt(1000, 500, 10, (x, y) => slope * (0.6 * x + 0.8 * y));
      expect(slopeAt(bf.heightmap, 500, 250)).toBeCloseTo(slope, 6);
      expect(gradientClassAt(bf, { x: 500, y: 250 })).toBe(expected);
      expect(gradientClassAt(bf, { x: 3, y: 497 })).toBe(expected);
    }
  });

  it('read a cliff as sheer on a grid fine enough to hold it, and as less at 10 mm', () => {
    // A 25 mm step over 2 mm.
    const step = (x: number): number => (x < 499 ? 0 : x > 501 ? 25 : 12.5 * (x - 499));
    const fine = handBuilt(100, 20, 1, (x) => step(x + 450));
    expect(gradientClassAt(fine, { x: 50, y: 10 })).toBe('sheer');
    // 25 mm over two 10 mm cells: 1.25, steep; a 2" cliff, very steep.
    expect(gradientClassAt(handBuilt(1000, 100, 10, step), { x: 500, y: 50 })).toBe('steep');
    expect(gradientClassAt(handBuilt(1000, 100, 10, (x) => 2 * step(x)), { x: 500, y: 50 })).toBe('verySteep');
  });
});

describe('gradient classes of hill faces', () => {
  it('a cone of slope 0.3 is normal on every face, summit included', () => {
    const bf = handBuilt(1000, 1000, 10, (x, y) => Math.max(0, 60 - 0.3 * Math.hypot(x - 500, y - 500)), [hill('cone', 500, 500, 200, 60)]);
    const faces = hillFaces(bf, bf.features[0] as HillFeature);
    expect(faces).toHaveLength(24);
    expect(new Set(faces)).toEqual(new Set(['normal']));
    for (const p of [
      { x: 500, y: 500 },
      { x: 600, y: 500 },
      { x: 420, y: 380 },
    ]) {
      expect(gradientClassAt(bf, p)).toBe('normal');
    }
    // Off the hill, the plain is level.
    expect(gradientClassAt(bf, { x: 50, y: 50 })).toBe('level');
    expect(hillAt(bf, { x: 50, y: 50 })).toBeUndefined();
  });

  it('a hill gentle to the west and steep to the east has faces of both classes', () => {
    // Rises at 0.1 from the west edge of its footprint and falls at 1.0 to the east.
    const ground = (x: number): number => (x < 300 || x > 560 ? 0 : x <= 500 ? 0.1 * (x - 300) : Math.max(0, 20 - 1 * (x - 500)));
    const bf = handBuilt(1000, 500, 10, ground, [{ ...hill('ridge', 500, 250, 200, 20), polygon: rect(300, 100, 560, 400) }]);
    expect(gradientClassAt(bf, { x: 540, y: 250 })).toBe('steep');
    expect(gradientClassAt(bf, { x: 350, y: 250 })).toBe('gentle');
    const faces = hillFaces(bf, bf.features[0] as HillFeature);
    // Sector 0 runs 0-15° (east): steep; sector 12 runs 180-195° (west): gentle.
    expect(faces[0]).toBe('steep');
    expect(faces[12]).toBe('gentle');
  });

  it('a class set on the hill wins over the heightmap, and its faces over that', () => {
    const flatGround = (): number => 0;
    const set = hill('set', 500, 250, 150, 30, { gradient: 'steep', faces: [{ from: 330, to: 390, gradient: 'sheer' }] });
    const bf = handBuilt(1000, 500, 10, flatGround, [set]);
    expect(gradientClassAt(bf, { x: 600, y: 250 })).toBe('sheer');
    expect(gradientClassAt(bf, { x: 600, y: 300 })).toBe('sheer');
    expect(gradientClassAt(bf, { x: 500, y: 350 })).toBe('steep');
    expect(gradientClassAt(bf, { x: 400, y: 250 })).toBe('steep');
    // Outside the footprint the ground is read again.
    expect(gradientClassAt(bf, { x: 900, y: 250 })).toBe('level');
  });

  it('levels count the hills a point stands in, and the innermost hill gives the class', () => {
    const big = hill('big', 500, 250, 220, 25, { gradient: 'gentle' });
    const top = hill('top', 520, 250, 60, 25, { gradient: 'steep' });
    const bf = handBuilt(1000, 500, 10, () => 0, [big, top]);
    expect(hillLevelAt(bf, { x: 50, y: 50 })).toBe(0);
    expect(hillLevelAt(bf, { x: 350, y: 250 })).toBe(1);
    expect(hillLevelAt(bf, { x: 520, y: 260 })).toBe(2);
    expect(gradientClassAt(bf, { x: 350, y: 250 })).toBe('gentle');
    expect(gradientClassAt(bf, { x: 540, y: 260 })).toBe('steep');
  });
});

describe('hills raised from their class read back as that class', () => {
  for (const gradient of ['gentle', 'normal', 'steep', 'verySteep'] as const) {
    for (const shape of ['flatTopped', 'domed'] as const) {
      it(`${gradient}, ${shape}`, () => {
        const hm = createHeightmap(1000, 800, 10);
        const h: ClassHill = { centre: { x: 500, y: 400 }, long: 250, short: 170, cos: 0.8, sin: 0.6, a2: 0.05, p2: 1, a3: 0.03, p3: 2, crest: HILL_CREST[gradient], gradient, faces: [], shape };
        raiseClassHill(hm, h);
        expect(Math.max(...hm.heights)).toBeCloseTo(HILL_CREST[gradient], 0);
        const feature: HillFeature = { id: 'h', kind: 'hill', name: 'h', polygon: blobPolygon(h), centre: h.centre, radius: 200, height: h.crest };
        const bf = { spec: { seed: 0, width: 1000, depth: 800, cellSize: 10 }, width: 1000, depth: 800, heightmap: hm, features: [feature] };
        // Every face of the unclassed feature reads as the class it was raised with.
        const faces = hillFaces(bf, feature);
        expect(faces.filter((f) => f === gradient).length).toBeGreaterThanOrEqual(22);
        expect(HILL_BAND[gradient]).toBeGreaterThan(0);
      });
    }
  }

  it('a steep hill with a sheer face has a cliff there', () => {
    const hm = createHeightmap(1000, 800, 2);
    const h: ClassHill = {
      centre: { x: 500, y: 400 },
      long: 200,
      short: 150,
      cos: 1,
      sin: 0,
      a2: 0,
      p2: 0,
      a3: 0,
      p3: 0,
      crest: HILL_CREST.steep,
      gradient: 'steep',
      faces: [{ from: 60, to: 120, gradient: 'sheer' }],
      shape: 'flatTopped',
    };
    raiseClassHill(hm, h);
    // North face (90°): a cliff at the edge of the footprint; south face: the steep band.
    expect(slopeAt(hm, 500, 400 + 150 - 1.5)).toBeGreaterThan(4);
    const south = Math.max(...Array.from({ length: 40 }, (_, k) => slopeAt(hm, 500, 250 + k * 2)));
    expect(gradientOfSlope(south)).toBe('steep');
  });
});
