import { describe, it, expect } from 'vitest';
import { pointInPolygon, pointPolylineDistance, segmentsIntersect, type Vec2 } from '../../../src/core/geometry';
import { inch } from '../../../src/core/measure';
import {
  battlefieldFromSpec,
  generateBattlefield,
  standardSpec,
  type Battlefield,
  type BattlefieldSpec,
} from '../../../src/terrain/battlefield';
import type { CrossingFeature, HillFeature, RoadFeature, TerrainFeature, WaterFeature, WoodFeature } from '../../../src/terrain/features';
import { heightAt } from '../../../src/terrain/heightmap';
import { featuresAt } from '../../../src/terrain/query';

const SEEDS = ['alpha', 'Fontenoy 1745', 7, 'seed-3', 'Minden', 12345, 'Leuthen', 'x'];

const hillsOf = (bf: Battlefield) => bf.features.filter((f): f is HillFeature => f.kind === 'hill');
const woodsOf = (bf: Battlefield) => bf.features.filter((f): f is WoodFeature => f.kind === 'wood');
const waterOf = (bf: Battlefield) => bf.features.filter((f): f is WaterFeature => f.kind === 'river' || f.kind === 'stream');
const roadsOf = (bf: Battlefield) => bf.features.filter((f): f is RoadFeature => f.kind === 'road');
const crossingsOf = (bf: Battlefield, kind: 'bridge' | 'ford') =>
  bf.features.filter((f): f is CrossingFeature => f.kind === kind);

function bits(a: Float32Array): Uint32Array {
  return new Uint32Array(a.buffer, a.byteOffset, a.length);
}

/** Where two polylines cross. */
function polylineCrossings(p: Vec2[], q: Vec2[]): Vec2[] {
  const out: Vec2[] = [];
  for (let i = 0; i + 1 < p.length; i++) {
    for (let j = 0; j + 1 < q.length; j++) {
      const a = p[i]!;
      const b = p[i + 1]!;
      const c = q[j]!;
      const d = q[j + 1]!;
      if (!segmentsIntersect(a, b, c, d)) continue;
      const rx = b.x - a.x;
      const ry = b.y - a.y;
      const sx = d.x - c.x;
      const sy = d.y - c.y;
      const t = ((c.x - a.x) * sy - (c.y - a.y) * sx) / (rx * sy - ry * sx);
      out.push({ x: a.x + rx * t, y: a.y + ry * t });
    }
  }
  return out;
}

describe('generateBattlefield determinism', () => {
  it('builds bit-identical heights and identical features from the same spec', () => {
    const spec = standardSpec('Rossbach');
    const a = generateBattlefield(spec);
    const b = generateBattlefield({ ...spec });
    expect(a.heightmap.heights.length).toBe(b.heightmap.heights.length);
    expect(bits(a.heightmap.heights)).toEqual(bits(b.heightmap.heights));
    expect(b.features).toEqual(a.features);
    expect(JSON.stringify(b.features)).toBe(JSON.stringify(a.features));
  });

  it('builds different ground from a different seed', () => {
    const a = generateBattlefield(standardSpec('Rossbach'));
    const b = generateBattlefield(standardSpec('Zorndorf'));
    let differ = 0;
    for (let k = 0; k < a.heightmap.heights.length; k++) if (a.heightmap.heights[k] !== b.heightmap.heights[k]) differ++;
    expect(differ).toBeGreaterThan(a.heightmap.heights.length * 0.9);
    expect(JSON.stringify(a.features)).not.toBe(JSON.stringify(b.features));
  });

  it('keeps features serialisable as plain JSON', () => {
    const bf = generateBattlefield(standardSpec('json'));
    expect(JSON.parse(JSON.stringify(bf.features))).toEqual(bf.features);
    expect(new Set(bf.features.map((f) => f.id)).size).toBe(bf.features.length);
  });
});

describe.each(SEEDS)('generated battlefield for seed %s', (seed) => {
  const bf = generateBattlefield(standardSpec(seed));
  const hm = bf.heightmap;
  const water = waterOf(bf);
  const river = water[0]!;
  const road = roadsOf(bf)[0]!;

  it('covers a 6x4 table with a 10 mm grid', () => {
    expect(bf.width).toBeCloseTo(1828.8, 9);
    expect(bf.depth).toBeCloseTo(1219.2, 9);
    expect(hm.cellSize).toBe(10);
    expect(hm.heights.every((v) => Number.isFinite(v) && v >= 0 && v < 150)).toBe(true);
  });

  it('has 2 to 4 hills, each a few inches high and standing above its surroundings', () => {
    const hills = hillsOf(bf);
    expect(hills.length).toBeGreaterThanOrEqual(2);
    expect(hills.length).toBeLessThanOrEqual(4);
    for (const h of hills) {
      expect(h.height).toBeGreaterThanOrEqual(25);
      expect(h.height).toBeLessThanOrEqual(110);
      const rim = h.polygon.reduce((s, p) => s + heightAt(hm, p.x, p.y), 0) / h.polygon.length;
      expect(heightAt(hm, h.centre.x, h.centre.y) - rim).toBeGreaterThan(0.5 * h.height);
      expect(pointInPolygon(h.centre, h.polygon)).toBe(true);
    }
  });

  it('has at least one wood, none on the water', () => {
    const woods = woodsOf(bf);
    expect(woods.length).toBeGreaterThanOrEqual(1);
    for (const w of woods) {
      expect(w.polygon.length).toBeGreaterThanOrEqual(10);
      expect(w.canopyHeight).toBeGreaterThanOrEqual(40);
      expect(w.canopyHeight).toBeLessThanOrEqual(60);
      for (const p of river.line) expect(pointInPolygon(p, w.polygon)).toBe(false);
      for (const p of w.polygon) expect(pointPolylineDistance(p, river.line)).toBeGreaterThan(river.width / 2);
    }
  });

  it('runs one river or stream from one short edge to the other, flowing downhill', () => {
    expect(water).toHaveLength(1);
    const first = river.line[0]!;
    const last = river.line[river.line.length - 1]!;
    expect([first.x, last.x].sort((a, b) => a - b)).toEqual([0, bf.width]);
    expect(heightAt(hm, first.x, first.y) - heightAt(hm, last.x, last.y)).toBeGreaterThan(river.depth);
  });

  it('carves the water into a channel below its banks', () => {
    const line = river.line;
    let totalCut = 0;
    let samples = 0;
    for (let k = 2; k + 2 < line.length; k++) {
      const a = line[k - 1]!;
      const b = line[k + 1]!;
      const p = line[k]!;
      const len = Math.hypot(b.x - a.x, b.y - a.y);
      const n = { x: -(b.y - a.y) / len, y: (b.x - a.x) / len };
      // Well outside the water, past the sloping bank.
      const off = river.width + 15;
      const bed = heightAt(hm, p.x, p.y);
      const left = heightAt(hm, p.x + n.x * off, p.y + n.y * off);
      const right = heightAt(hm, p.x - n.x * off, p.y - n.y * off);
      expect(Math.min(left, right) - bed).toBeGreaterThan(1);
      totalCut += Math.min(left, right) - bed;
      samples++;
    }
    expect(totalCut / samples).toBeGreaterThan(0.6 * river.depth);
  });

  it('lets the bed fall, never rise, along the flow', () => {
    let lowest = Infinity;
    for (const p of river.line) {
      const bed = heightAt(hm, p.x, p.y);
      // Bilinear sampling between the carved cells allows a fraction of a millimetre.
      expect(bed).toBeLessThan(lowest + 0.5);
      lowest = Math.min(lowest, bed);
    }
  });

  it('crosses the table with a road that has a bridge where it meets the water', () => {
    expect(roadsOf(bf)).toHaveLength(1);
    const first = road.line[0]!;
    const last = road.line[road.line.length - 1]!;
    const onEdge = (p: Vec2) => p.x === 0 || p.y === 0 || Math.abs(p.x - bf.width) < 1e-9 || Math.abs(p.y - bf.depth) < 1e-9;
    expect(onEdge(first) && onEdge(last)).toBe(true);
    // It runs from one half of the table to the other, not along an edge.
    expect(Math.abs(last.y - first.y)).toBeGreaterThan(bf.depth / 2);

    const meets = polylineCrossings(road.line, river.line);
    expect(meets.length).toBeGreaterThanOrEqual(1);
    const bridges = crossingsOf(bf, 'bridge');
    expect(bridges).toHaveLength(meets.length);
    for (const m of meets) {
      const bridge = bridges.find((b) => pointInPolygon(m, b.polygon));
      expect(bridge).toBeDefined();
      expect(bridge!.roadId).toBe(road.id);
      expect(bridge!.waterId).toBe(river.id);
      const here = featuresAt(bf, m).map((f) => f.kind);
      expect(here).toEqual(expect.arrayContaining(['bridge', 'road', river.kind]));
    }
  });

  it('has a ford on the water away from the bridge', () => {
    const fords = crossingsOf(bf, 'ford');
    expect(fords).toHaveLength(1);
    const ford = fords[0]!;
    expect(ford.waterId).toBe(river.id);
    const c = ford.polygon.reduce((s, p) => ({ x: s.x + p.x / 4, y: s.y + p.y / 4 }), { x: 0, y: 0 });
    expect(pointPolylineDistance(c, river.line)).toBeLessThan(1);
    for (const b of crossingsOf(bf, 'bridge')) {
      const bc = b.polygon.reduce((s, p) => ({ x: s.x + p.x / 4, y: s.y + p.y / 4 }), { x: 0, y: 0 });
      expect(Math.hypot(bc.x - c.x, bc.y - c.y)).toBeGreaterThan(inch(8));
    }
  });

  it('keeps the 12-inch deployment strips mostly open', () => {
    const strip = inch(12);
    let inStrips = 0;
    let covered = 0;
    for (let y = 5; y < bf.depth; y += 20) {
      if (y > strip && y < bf.depth - strip) continue;
      for (let x = 5; x < bf.width; x += 20) {
        inStrips++;
        if (featuresAt(bf, { x, y }).some((f: TerrainFeature) => f.kind === 'wood' || f.kind === 'river' || f.kind === 'stream')) covered++;
      }
    }
    expect(covered / inStrips).toBeLessThan(0.05);
  });
});

describe('battlefield spec options', () => {
  it('makes as many hills and woods as asked for', () => {
    for (const seed of ['a', 'b', 'c']) {
      const bf = generateBattlefield(standardSpec(seed, { hills: 3, woods: 2 }));
      expect(hillsOf(bf)).toHaveLength(3);
      expect(woodsOf(bf)).toHaveLength(2);
    }
    const bare = generateBattlefield(standardSpec('a', { hills: 0, woods: 0 }));
    expect(hillsOf(bare)).toHaveLength(0);
    expect(woodsOf(bare)).toHaveLength(0);
  });

  it('leaves out the river and the road when asked, and their crossings with them', () => {
    const bf = generateBattlefield(standardSpec('dry', { river: false, road: false, fields: false }));
    expect(bf.features.map((f) => f.kind).filter((k) => k !== 'hill' && k !== 'wood')).toEqual([]);
    const noRoad = generateBattlefield(standardSpec('dry', { road: false }));
    expect(crossingsOf(noRoad, 'bridge')).toHaveLength(0);
    expect(crossingsOf(noRoad, 'ford')).toHaveLength(1);
    const noRiver = generateBattlefield(standardSpec('dry', { river: false }));
    expect(roadsOf(noRiver)).toHaveLength(1);
    expect(crossingsOf(noRiver, 'bridge')).toHaveLength(0);
  });

  it('does not move the hills when only the number of woods changes', () => {
    const a = generateBattlefield(standardSpec('stable', { woods: 1 }));
    const b = generateBattlefield(standardSpec('stable', { woods: 3 }));
    expect(hillsOf(b)).toEqual(hillsOf(a));
  });

  it('builds other table sizes and cell sizes', () => {
    const bf = generateBattlefield({ seed: 'small', width: inch(48), depth: inch(48), cellSize: 20 });
    expect(bf.heightmap.cols).toBe(Math.ceil(inch(48) / 20) + 1);
    expect(hillsOf(bf).length).toBeGreaterThanOrEqual(1);
    expect(woodsOf(bf).length).toBeGreaterThanOrEqual(1);
    expect(() => generateBattlefield({ seed: 1, width: 0, depth: 100, cellSize: 10 })).toThrow(RangeError);
  });
});

describe('battlefieldFromSpec', () => {
  it('returns the same battlefield for equal specs, whatever their key order', () => {
    const spec: BattlefieldSpec = { seed: 'memo', width: 1828.8, depth: 1219.2, cellSize: 10 };
    const reordered = JSON.parse('{"cellSize":10,"depth":1219.2,"width":1828.8,"seed":"memo"}') as BattlefieldSpec;
    const a = battlefieldFromSpec(spec);
    expect(battlefieldFromSpec(reordered)).toBe(a);
    expect(battlefieldFromSpec({ ...spec, seed: 'other' })).not.toBe(a);
    expect(bits(a.heightmap.heights)).toEqual(bits(generateBattlefield(spec).heightmap.heights));
  });

  it('forgets the least recently used battlefield once full', () => {
    const first = battlefieldFromSpec(standardSpec('lru-0'));
    for (let i = 1; i <= 8; i++) battlefieldFromSpec(standardSpec(`lru-${i}`));
    expect(battlefieldFromSpec(standardSpec('lru-0'))).not.toBe(first);
  });

  it('hands out read-only features', () => {
    const bf = battlefieldFromSpec(standardSpec('frozen'));
    expect(Object.isFrozen(bf.features)).toBe(true);
    expect(Object.isFrozen(bf.features[0])).toBe(true);
  });
});
