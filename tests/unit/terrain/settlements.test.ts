import { describe, expect, it } from 'vitest';
import { pointInPolygon, pointPolylineDistance, segmentDistance, type Vec2 } from '../../../src/core/geometry';
import { generateBattlefield, setupBattlefield, standardSpec, type Battlefield } from '../../../src/terrain/battlefield';
import { BUILDING_FACTS } from '../../../src/terrain/catalogue';
import type { BuildingFeature, SettlementFeature, TerrainFeature } from '../../../src/terrain/features';
import { featuresAt } from '../../../src/terrain/query';

/** Least distance between two closed outlines; 0 when they cross or one holds the other. */
function polyDistance(a: readonly Vec2[], b: readonly Vec2[]): number {
  if (a.some((p) => pointInPolygon(p, b)) || b.some((p) => pointInPolygon(p, a))) return 0;
  let best = Infinity;
  for (let i = 0; i < a.length; i++) {
    for (let j = 0; j < b.length; j++) best = Math.min(best, segmentDistance(a[i]!, a[(i + 1) % a.length]!, b[j]!, b[(j + 1) % b.length]!));
  }
  return best;
}

/** Inside or on the outline, to within a micrometre. */
function insideOrOn(p: Vec2, poly: readonly Vec2[]): boolean {
  return pointInPolygon(p, poly) || pointPolylineDistance(p, [...poly, poly[0]!]) < 1e-6;
}

/** The invariants every generated settlement keeps. */
function checkSettlements(bf: Battlefield): { settlements: SettlementFeature[]; buildings: BuildingFeature[] } {
  const settlements = bf.features.filter((f): f is SettlementFeature => f.kind === 'settlement');
  const buildings = bf.features.filter((f): f is BuildingFeature => f.kind === 'building');
  const byId = new Map(bf.features.map((f) => [f.id, f] as const));
  for (const s of settlements) {
    expect(s.buildingIds.length).toBeGreaterThan(0);
    if (s.class === 'farm' || s.class === 'hamlet') expect(s.buildingIds).toHaveLength(1);
    for (const id of s.buildingIds) {
      const b = byId.get(id) as BuildingFeature;
      expect(b.kind).toBe('building');
      expect(b.settlementId).toBe(s.id);
      // Every corner of every building lies in the built-up area (the hull of the buildings).
      for (const p of b.polygon) expect(insideOrOn(p, s.polygon)).toBe(true);
    }
  }
  const others = (kinds: TerrainFeature['kind'][]): TerrainFeature[] => bf.features.filter((f) => kinds.includes(f.kind));
  for (let i = 0; i < buildings.length; i++) {
    const b = buildings[i]!;
    const [lo, hi] = BUILDING_FACTS[b.material].standing!;
    expect(b.height).toBeGreaterThanOrEqual(lo);
    expect(b.height).toBeLessThanOrEqual(hi);
    expect(b.polygon.every((p) => p.x > 0 && p.y > 0 && p.x < bf.width && p.y < bf.depth)).toBe(true);
    // Not on each other,
    for (let j = i + 1; j < buildings.length; j++) expect(polyDistance(b.polygon, buildings[j]!.polygon)).toBeGreaterThan(5);
    // nor on a road or in the water,
    for (const f of others(['road', 'river', 'stream'])) {
      if (!('line' in f)) continue;
      for (let k = 0; k + 1 < f.line.length; k++) {
        for (let e = 0; e < 4; e++) expect(segmentDistance(b.polygon[e]!, b.polygon[(e + 1) % 4]!, f.line[k]!, f.line[k + 1]!)).toBeGreaterThan(f.width / 2);
      }
    }
    // nor in a wood, marsh, field of crops, rocky ground or on a crossing,
    for (const f of others(['wood', 'orchard', 'marsh', 'rough', 'crops', 'ford', 'bridge'])) {
      if ('polygon' in f) expect(polyDistance(b.polygon, f.polygon)).toBeGreaterThan(0);
    }
    // and the sight and query code see it.
    const c = { x: (b.polygon[0]!.x + b.polygon[2]!.x) / 2, y: (b.polygon[0]!.y + b.polygon[2]!.y) / 2 };
    expect(featuresAt(bf, c).some((f) => f.id === b.id)).toBe(true);
  }
  return { settlements, buildings };
}

describe('settlements on the default table (spec.settlements)', () => {
  it('adds a village of 3 to 6 buildings by the road and a farm with its fields', () => {
    let villages = 0;
    let farms = 0;
    for (const seed of ['Kolin', 'Leuthen', 'Zorndorf', 'Hochkirch', 'Kunersdorf', 'Torgau']) {
      const bf = generateBattlefield(standardSpec(seed, { settlements: true }));
      const { settlements } = checkSettlements(bf);
      const road = bf.features.find((f) => f.kind === 'road')!;
      for (const s of settlements) {
        if (s.class === 'village') {
          villages++;
          expect(s.buildingIds.length).toBeGreaterThanOrEqual(3);
          expect(s.buildingIds.length).toBeLessThanOrEqual(6);
          // By the road: it runs through the built-up area or close beside it.
          expect(road.kind === 'road' && road.line.some((_, k) => k > 0 && s.polygon.some((p) => pointPolylineDistance(p, [road.line[k - 1]!, road.line[k]!]) < 50))).toBe(true);
        }
        if (s.class === 'farm') {
          farms++;
          const fields = bf.features.filter((f) => f.id.startsWith(`${s.buildingIds[0]}-field`));
          expect(fields.length).toBeGreaterThanOrEqual(1);
          expect(fields.length).toBeLessThanOrEqual(3);
        }
      }
    }
    expect(villages).toBeGreaterThanOrEqual(5);
    expect(farms).toBeGreaterThanOrEqual(5);
  });

  it('is the same twice, and leaves the rest of the table as it was', () => {
    const a = generateBattlefield(standardSpec('Prague', { settlements: true }));
    const b = generateBattlefield(standardSpec('Prague', { settlements: true }));
    expect(b.features).toEqual(a.features);
    const plain = generateBattlefield(standardSpec('Prague'));
    expect(a.features.slice(0, plain.features.length)).toEqual(plain.features);
    expect([...a.heightmap.heights]).toEqual([...plain.heightmap.heights]);
    expect(generateBattlefield(standardSpec('Prague', { settlements: false })).features).toEqual(plain.features);
  });
});

describe('settlements laid by the rulebooks', () => {
  it('keep clear of roads, water, each other and the rest', () => {
    let buildings = 0;
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
      for (const method of [1, 2, 3] as const) buildings += checkSettlements(setupBattlefield('horse-and-musket', method, seed)).buildings.length;
    }
    for (const seed of ['t7', 't9', 't13']) buildings += checkSettlements(setupBattlefield('syw-orders', undefined, seed)).buildings.length;
    expect(buildings).toBeGreaterThan(40);
  });
});
