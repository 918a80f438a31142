import { describe, expect, it } from 'vitest';
import { generateBattlefield, setupBattlefield, standardSpec } from '../../../src/terrain/battlefield';
import { BUILDING_FACTS, CATALOGUE, HILL_FACTS, MARSH_FACTS, SETTLEMENT_FACTS, WATER_FACTS, WOOD_FACTS, factsOf, type TerrainFacts } from '../../../src/terrain/catalogue';
import {
  BUILDING_MATERIALS,
  FEATURE_KINDS,
  GRADIENT_CLASSES,
  MARSH_CLASSES,
  SETTLEMENT_CLASSES,
  WATER_CLASSES,
  WOOD_DENSITIES,
  marshClassOf,
  waterClassOf,
  woodDensityOf,
} from '../../../src/terrain/features';
import { GRADIENT_THRESHOLDS } from '../../../src/terrain/gradient';

function checkFacts(f: TerrainFacts): void {
  expect(f.label.length).toBeGreaterThan(0);
  expect(f.note.length).toBeGreaterThan(0);
  for (const r of [f.standing, f.depth, f.width]) {
    if (!r) continue;
    expect(r[0]).toBeGreaterThanOrEqual(0);
    expect(r[0]).toBeLessThanOrEqual(r[1]);
  }
  for (const p of Object.values(f.passage)) expect(['yes', 'slow', 'no']).toContain(p);
  expect(['open', 'screen', 'solid']).toContain(f.sight);
}

describe('terrain catalogue', () => {
  it('has an entry for every feature kind, and for every class of those that have classes', () => {
    expect(Object.keys(CATALOGUE).sort()).toEqual([...FEATURE_KINDS].sort());
    for (const k of FEATURE_KINDS) checkFacts(CATALOGUE[k]);
    const tables = [
      [HILL_FACTS, GRADIENT_CLASSES],
      [WOOD_FACTS, WOOD_DENSITIES],
      [WATER_FACTS, WATER_CLASSES],
      [MARSH_FACTS, MARSH_CLASSES],
      [SETTLEMENT_FACTS, SETTLEMENT_CLASSES],
      [BUILDING_FACTS, BUILDING_MATERIALS],
    ] as const;
    for (const [table, classes] of tables) {
      expect(Object.keys(table).sort()).toEqual([...classes].sort());
      for (const c of classes) checkFacts((table as Record<string, TerrainFacts>)[c]!);
    }
  });

  it('agrees with the sight code and the gradient thresholds', () => {
    // Only buildings are solid; only woods and orchards screen.
    for (const k of FEATURE_KINDS) expect(CATALOGUE[k].sight === 'solid').toBe(k === 'building');
    for (const k of FEATURE_KINDS) expect(CATALOGUE[k].sight === 'screen').toBe(k === 'wood' || k === 'orchard');
    for (const g of GRADIENT_CLASSES) expect(HILL_FACTS[g].slope[0]).toBe(GRADIENT_THRESHOLDS[g]);
    for (let i = 1; i < GRADIENT_CLASSES.length; i++) expect(HILL_FACTS[GRADIENT_CLASSES[i - 1]!].slope[1]).toBe(HILL_FACTS[GRADIENT_CLASSES[i]!].slope[0]);
    // Woods thicken and rivers deepen the way their names say.
    expect(WOOD_FACTS.open.standing![1]).toBeLessThanOrEqual(WOOD_FACTS.forest.standing![1]);
    expect(WATER_FACTS.ragingTorrent.passage.foot).toBe('no');
  });

  it('answers for every feature the generators make, with classes filled in where absent', () => {
    const tables = [
      generateBattlefield(standardSpec('cat', { settlements: true })),
      setupBattlefield('horse-and-musket', 3, 'cat'),
      setupBattlefield('horse-and-musket', 2, 'r14'),
      setupBattlefield('syw-orders', undefined, 't7'),
    ];
    const seen = new Set<string>();
    for (const bf of tables) {
      for (const f of bf.features) {
        checkFacts(factsOf(f));
        seen.add(f.kind);
      }
    }
    expect(seen.size).toBeGreaterThanOrEqual(14);
    expect(woodDensityOf({ id: 'w', kind: 'wood', name: 'w', polygon: [], canopyHeight: 40 })).toBe('woodland');
    expect(woodDensityOf({ id: 'o', kind: 'orchard', name: 'o', polygon: [], canopyHeight: 30 })).toBe('open');
    expect(waterClassOf({ id: 's', kind: 'stream', name: 's', line: [], width: 20, depth: 4 })).toBe('minorStream');
    expect(waterClassOf({ id: 'r', kind: 'river', name: 'r', line: [], width: 50, depth: 8 })).toBe('river');
    expect(marshClassOf({ id: 'm', kind: 'marsh', name: 'm', polygon: [] })).toBe('bog');
    expect(factsOf({ id: 'm', kind: 'marsh', name: 'm', polygon: [], class: 'quagmire' }).label).toBe('Quagmire');
  });
});
