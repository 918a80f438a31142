import { describe, expect, it } from 'vitest';
import { inch } from '../../../src/core/measure';
import { battlefieldFromSpec, generateBattlefield, specKey, standardSpec, type BattlefieldSpec } from '../../../src/terrain/battlefield';
import type { WoodFeature } from '../../../src/terrain/features';
import { heightAt, slopeAt } from '../../../src/terrain/heightmap';
import { featuresAt } from '../../../src/terrain/query';

const bare = { hills: 0, woods: 0, river: false, road: false, fields: false } as const;

function bits(a: Float32Array): Uint32Array {
  return new Uint32Array(a.buffer, a.byteOffset, a.length);
}

const copse: WoodFeature = {
  id: 'copse',
  kind: 'wood',
  name: 'Copse',
  canopyHeight: 50,
  polygon: [
    { x: 500, y: 500 },
    { x: 700, y: 500 },
    { x: 700, y: 650 },
    { x: 500, y: 650 },
  ],
};

describe('battlefield spec extras: relief, hillsAt, features', () => {
  it('relief 0 with no hills, river or road gives a perfectly flat, bare table', () => {
    const bf = generateBattlefield(standardSpec('flat', { ...bare, relief: 0 }));
    expect(bf.features).toEqual([]);
    expect(bf.heightmap.heights.every((h) => h === 0)).toBe(true);
    expect(slopeAt(bf.heightmap, 900, 600)).toBe(0);
  });

  it('relief absent or 1 is bit-identical; relief 2 makes rougher ground', () => {
    for (const seed of ['Rossbach', 7]) {
      const a = generateBattlefield(standardSpec(seed));
      const b = generateBattlefield(standardSpec(seed, { relief: 1 }));
      expect(bits(b.heightmap.heights)).toEqual(bits(a.heightmap.heights));
      expect(b.features).toEqual(a.features);
    }
    const range = (spec: BattlefieldSpec): number => {
      const h = generateBattlefield(spec).heightmap.heights;
      return Math.max(...h) - Math.min(...h);
    };
    expect(range(standardSpec('rough', { ...bare, relief: 2 }))).toBeCloseTo(2 * range(standardSpec('rough', bare)), 3);
  });

  it('hillsAt raises a round hill where asked, listed after the random ones', () => {
    const spec = standardSpec('hill', { ...bare, relief: 0, hillsAt: [{ x: inch(36), y: inch(24), radius: inch(6), height: 60 }] });
    const bf = generateBattlefield(spec);
    expect(heightAt(bf.heightmap, inch(36), inch(24))).toBeCloseTo(60, 3);
    expect(heightAt(bf.heightmap, inch(36), inch(31))).toBe(0);
    expect(bf.features.map((f) => [f.kind, f.name])).toEqual([['hill', 'Centre hill']]);
    // The random hills do not move when one is added.
    const plain = generateBattlefield(standardSpec('hill'));
    const more = generateBattlefield(standardSpec('hill', { hillsAt: [{ x: 100, y: 100, radius: 80, height: 30 }] }));
    expect(more.features.filter((f) => f.kind === 'hill').slice(0, -1)).toEqual(plain.features.filter((f) => f.kind === 'hill'));
    expect(() => generateBattlefield(standardSpec('bad', { hillsAt: [{ x: 1, y: 1, radius: 0, height: 10 }] }))).toThrow(/positive radius/);
  });

  it('features are appended as given, copied, and take part in the memo key', () => {
    const spec = standardSpec('woods', { ...bare, relief: 0, features: [copse] });
    const bf = battlefieldFromSpec(spec);
    expect(bf.features).toEqual([copse]);
    expect(bf.features[0]).not.toBe(copse);
    expect(Object.isFrozen(copse)).toBe(false);
    expect(featuresAt(bf, { x: 600, y: 600 }).map((f) => f.id)).toEqual(['copse']);
    // A different wood is a different battlefield (the key sorts nested keys, it does not drop them).
    const moved: WoodFeature = { ...copse, polygon: copse.polygon.map((p) => ({ x: p.x + 300, y: p.y })) };
    const other = standardSpec('woods', { ...bare, relief: 0, features: [moved] });
    expect(specKey(other)).not.toBe(specKey(spec));
    expect(battlefieldFromSpec(other)).not.toBe(bf);
    expect(featuresAt(battlefieldFromSpec(other), { x: 600, y: 600 })).toEqual([]);
    // Key order inside nested objects does not matter.
    const reordered = JSON.parse(JSON.stringify(spec).replace('"kind":"wood","name":"Copse"', '"name":"Copse","kind":"wood"')) as BattlefieldSpec;
    expect(battlefieldFromSpec(reordered)).toBe(bf);
  });

  it('the memo key of a spec without extras is what it was: its JSON with sorted keys', () => {
    const spec = standardSpec('key');
    expect(specKey(spec)).toBe(JSON.stringify(spec, Object.keys(spec).sort()));
  });
});
