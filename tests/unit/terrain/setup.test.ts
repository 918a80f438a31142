import { describe, expect, it } from 'vitest';
import { pointInPolygon, type Vec2 } from '../../../src/core/geometry';
import { inch } from '../../../src/core/measure';
import { battlefieldFromSpec, generateBattlefield, setupBattlefield, setupSpec, type Battlefield } from '../../../src/terrain/battlefield';
import type { CrossingFeature, HillFeature, RoadFeature, SettlementFeature, WaterFeature } from '../../../src/terrain/features';
import { GRADIENT_CLASSES, MARSH_CLASSES, WATER_CLASSES, WOOD_DENSITIES } from '../../../src/terrain/features';
import { heightAt } from '../../../src/terrain/heightmap';
import { raiseRoad } from '../../../src/terrain/relief';
import { createHeightmap } from '../../../src/terrain/heightmap';
import { crossingsOf } from '../../../src/terrain/setup';

const PROCEDURES = [
  ['horse-and-musket', 1],
  ['horse-and-musket', 2],
  ['horse-and-musket', 3],
  ['syw-orders', undefined],
] as const;

const SEEDS = ['Kolin', 'Leuthen', 'x1', 'x2', 'x3', 'x4', 'x5', 'x6'];

function bits(a: Float32Array): number[] {
  return [...new Uint32Array(a.buffer, a.byteOffset, a.length)];
}

/** All numbers captured by a pattern in the log, one array per matching line. */
function grab(log: readonly string[], re: RegExp): number[][] {
  return log.flatMap((l) => {
    const m = re.exec(l);
    return m ? [m.slice(1).map(Number)] : [];
  });
}

describe.each(PROCEDURES)('set-up %s method %s', (rules, method) => {
  it('gives the same battlefield, bit for bit, log included, from the same seed', () => {
    for (const seed of ['Kolin', 7]) {
      const a = generateBattlefield(setupSpec(rules, method, seed));
      const b = generateBattlefield(setupSpec(rules, method, seed));
      expect(bits(b.heightmap.heights)).toEqual(bits(a.heightmap.heights));
      expect(JSON.stringify(b.features)).toBe(JSON.stringify(a.features));
      expect(b.setupLog).toEqual(a.setupLog);
      expect(a.setupLog!.length).toBeGreaterThan(3);
      // Plain JSON with unique ids, like every battlefield.
      expect(JSON.parse(JSON.stringify(a.features))).toEqual(a.features);
      expect(new Set(a.features.map((f) => f.id)).size).toBe(a.features.length);
    }
    const other = generateBattlefield(setupSpec(rules, method, 'Torgau'));
    expect(other.setupLog).not.toEqual(generateBattlefield(setupSpec(rules, method, 'Kolin')).setupLog);
  });

  it('is rebuilt from the spec a game keeps', () => {
    const spec = JSON.parse(JSON.stringify(setupSpec(rules, method, 'saved'))) as ReturnType<typeof setupSpec>;
    const bf = battlefieldFromSpec(spec);
    expect(setupBattlefield(rules, method, 'saved')).toBe(bf);
    expect(bf.spec.setup).toEqual(method === undefined ? { rules } : { rules, method });
  });

  it('makes valid features: classes from the lists, pieces on the table, every road crossing bridged or forded', () => {
    for (const seed of SEEDS) {
      const bf = setupBattlefield(rules, method, seed);
      checkFeatures(bf);
    }
  });
});

function checkFeatures(bf: Battlefield): void {
  const hm = bf.heightmap;
  expect(hm.heights.every((v) => Number.isFinite(v) && v >= 0 && v < 150)).toBe(true);
  for (const f of bf.features) {
    if (f.kind === 'hill') {
      expect(GRADIENT_CLASSES).toContain(f.gradient);
      expect(['domed', 'flatTopped']).toContain(f.shape);
      // The summit stands above the rim.
      const rim = f.polygon.reduce((s, p) => s + heightAt(hm, p.x, p.y), 0) / f.polygon.length;
      expect(heightAt(hm, f.centre.x, f.centre.y) - rim).toBeGreaterThan(0.5 * f.height);
    }
    if (f.kind === 'wood') expect(WOOD_DENSITIES).toContain(f.density);
    if (f.kind === 'marsh') expect(MARSH_CLASSES).toContain(f.class);
    if (f.kind === 'river' || f.kind === 'stream') {
      expect(WATER_CLASSES).toContain(f.class);
      expect(f.kind === 'stream').toBe(f.class === 'minorStream' || f.class === 'torrentialStream');
    }
    if ('polygon' in f && f.kind !== 'hill') {
      for (const p of f.polygon) {
        expect(p.x).toBeGreaterThan(-1e-9);
        expect(p.y).toBeGreaterThan(-1e-9);
        expect(p.x).toBeLessThan(bf.width + 1e-9);
        expect(p.y).toBeLessThan(bf.depth + 1e-9);
      }
    }
  }
  const waters = bf.features.filter((f): f is WaterFeature => f.kind === 'river' || f.kind === 'stream');
  const roads = bf.features.filter((f): f is RoadFeature => f.kind === 'road' && !f.raised);
  const crossings = bf.features.filter((f): f is CrossingFeature => f.kind === 'bridge' || f.kind === 'ford');
  for (const r of roads) {
    for (const w of waters) {
      for (const c of crossingsOf(r.line, w.line)) {
        expect(crossings.some((x) => x.waterId === w.id && x.roadId === r.id && pointInPolygon(c.at, x.polygon))).toBe(true);
      }
    }
  }
  for (const s of bf.features.filter((f): f is SettlementFeature => f.kind === 'settlement')) {
    // Roads are required where there are villages and towns (B §4.9).
    if (s.class === 'village' || s.class === 'town') expect(roads.length).toBeGreaterThan(0);
  }
}

describe('horse-and-musket method 3 (RTG)', () => {
  it('rolls d6 items a player (at least 2), by 2d6 on the RTG-2 table, with sizes in the dice ranges', () => {
    for (const seed of SEEDS) {
      const bf = setupBattlefield('horse-and-musket', 3, seed);
      const log = bf.setupLog!;
      const counts = grab(log, /^RTG-1: player \d rolls d6 = (\d)/).map(([r]) => Math.max(2, r!));
      expect(counts).toHaveLength(2);
      for (const r of grab(log, /^RTG-1: player \d rolls d6 = (\d)/)) expect(r[0]).toBeGreaterThanOrEqual(1);
      const items = log.filter((l) => l.startsWith('Item #'));
      expect(items).toHaveLength(counts[0]! + counts[1]!);
      for (const [a, b] of grab(log, /^Item #\d+ \(player \d\): 2d6 = (\d), (\d)/)) {
        expect(a).toBeGreaterThanOrEqual(1);
        expect(b).toBeLessThanOrEqual(6);
      }
      for (const [l1, l2, long, s, short] of grab(log, /long axis 8 \+ 2d6 = 8 \+ (\d), (\d) = (\d+)", short axis 6 \+ d6 = 6 \+ (\d) = (\d+)"/)) {
        expect(long).toBe(8 + l1! + l2!);
        expect(short).toBe(6 + s!);
      }
      for (const [n, extra, total] of grab(log, /a village of 3 \+ d3 = 3 \+ (\d) = (\d) buildings/).map((x) => [0, ...x])) {
        expect(extra).toBeGreaterThanOrEqual(1);
        expect(extra).toBeLessThanOrEqual(3);
        expect(total).toBe(3 + extra!);
        void n;
      }
      for (const [extra, total] of grab(log, /a town of 6 \+ d3 = 6 \+ (\d) = (\d) buildings/)) expect(total).toBe(6 + extra!);
      // One river at most, two streams at most.
      expect(bf.features.filter((f) => f.kind === 'river').length).toBeLessThanOrEqual(1);
      expect(bf.features.filter((f) => f.kind === 'stream').length).toBeLessThanOrEqual(2);
      // The central-area roll: 1-3 hands the piece over, 4-6 keeps it there.
      for (const [r] of grab(log, /fell in the central area .*d6 = (\d): handed/)) expect(r).toBeLessThanOrEqual(3);
      for (const [r] of grab(log, /in the central area, d6 = (\d): it stays/)) expect(r).toBeGreaterThanOrEqual(4);
      // Hills: an ellipse of 10-20" by 7-12".
      for (const h of bf.features.filter((f): f is HillFeature => f.kind === 'hill')) {
        expect(h.radius).toBeGreaterThanOrEqual(inch(Math.sqrt(3.5 * 5)) * 0.999);
        expect(h.radius).toBeLessThanOrEqual(inch(Math.sqrt(6 * 10)) * 1.001);
      }
    }
  });

  it('lays towns with roads through them, and raises a road where it crosses a marsh', () => {
    const bf = setupBattlefield('horse-and-musket', 2, 'r14');
    const raised = bf.features.filter((f): f is RoadFeature => f.kind === 'road' && (f.raised ?? 0) > 0);
    expect(raised.length).toBeGreaterThan(0);
    const r = raised[0]!;
    expect(r.raised).toBeCloseTo(inch(0.25), 9);
    expect(bf.setupLog!.some((l) => l.includes('crosses a marsh: raised'))).toBe(true);
    // The causeway stands above the ground beside it.
    const mid = r.line[Math.floor(r.line.length / 2)]!;
    const next = r.line[Math.floor(r.line.length / 2) + 1] ?? r.line[0]!;
    const len = Math.hypot(next.x - mid.x, next.y - mid.y);
    const side = { x: -(next.y - mid.y) / len, y: (next.x - mid.x) / len };
    const off = r.width / 2 + 30;
    const beside = Math.min(heightAt(bf.heightmap, mid.x + side.x * off, mid.y + side.y * off), heightAt(bf.heightmap, mid.x - side.x * off, mid.y - side.y * off));
    expect(heightAt(bf.heightmap, mid.x, mid.y) - beside).toBeGreaterThan(3);
  });
});

describe('horse-and-musket methods 1 and 2', () => {
  it('method 2: d6 items each (at least 2), the first player by the higher d6', () => {
    for (const seed of SEEDS) {
      const log = setupBattlefield('horse-and-musket', 2, seed).setupLog!;
      const counts = grab(log, /^Count: player \d rolls d6 = (\d): (\d+) items/);
      expect(counts).toHaveLength(2);
      for (const [r, n] of counts) expect(n).toBe(Math.max(2, r!));
      expect(log.filter((l) => l.startsWith('Item #'))).toHaveLength(counts[0]![1]! + counts[1]![1]!);
      const first = grab(log, /^Who places first: player 1 rolls (\d), player 2 rolls (\d)\.$/);
      expect(first).toHaveLength(1);
      const [a, b] = first[0]!;
      expect(log.some((l) => l.startsWith(`Player ${a! > b! ? 1 : 2} places all of his items first`))).toBe(true);
    }
  });

  it('method 1: the host lays d6 + 2 items, the opponent makes 0-3 changes', () => {
    for (const seed of SEEDS) {
      const log = setupBattlefield('horse-and-musket', 1, seed).setupLog!;
      const [[r, n]] = grab(log, /lays d6 \+ 2 = (\d) \+ 2 = (\d+) items/) as [[number, number]];
      expect(n).toBe(r + 2);
      const [[c, k]] = grab(log, /d4 - 1 = (\d) - 1 = (\d) changes/) as [[number, number]];
      expect(k).toBe(c - 1);
      expect(k).toBeGreaterThanOrEqual(0);
      expect(k).toBeLessThanOrEqual(3);
      expect(log.filter((l) => /^Change \d+: d6 = \d/.test(l))).toHaveLength(k);
    }
  });

  it('refuses a method that does not exist', () => {
    expect(() => generateBattlefield({ ...setupSpec('horse-and-musket', 3, 1), setup: { rules: 'horse-and-musket', method: 4 as 3 } })).toThrow(/methods 1, 2 and 3/);
  });
});

describe('syw-orders dice and sectors', () => {
  it('rolls D3 + 1 hills, D4 - 1 woods, D4 - 2 wet features, and centres each on a sub-sector', () => {
    for (const seed of [...SEEDS, 't7', 't9']) {
      const bf = setupBattlefield('syw-orders', undefined, seed);
      const log = bf.setupLog!;
      const [[h3, hills]] = grab(log, /^Hills: D3 \+ 1 = (\d) \+ 1 = (\d)/) as [[number, number]];
      expect(h3).toBeGreaterThanOrEqual(1);
      expect(h3).toBeLessThanOrEqual(3);
      expect(hills).toBe(h3 + 1);
      const [[w4, woods]] = grab(log, /^Woods: D4 - 1 = (\d) - 1 = (\d)/) as [[number, number]];
      expect(woods).toBe(w4 - 1);
      const [[m4, wet]] = grab(log, /^Wet ground: D4 - 2 = (\d) - 2 = (-?\d)/) as [[number, number]];
      expect(wet).toBe(Math.max(0, m4 - 2));
      const hillFs = bf.features.filter((f): f is HillFeature => f.kind === 'hill');
      // A large hill counts twice and a hill on a hill is discarded: never more pieces than the count.
      expect(hillFs.length).toBeGreaterThanOrEqual(1);
      expect(hillFs.length).toBeLessThanOrEqual(hills);
      expect(bf.features.filter((f) => f.kind === 'wood').length).toBeLessThanOrEqual(woods);
      expect(bf.features.filter((f) => f.kind === 'marsh' || f.kind === 'stream').length).toBeLessThanOrEqual(wet);
      expect(bf.features.filter((f) => f.kind === 'settlement').length).toBeLessThanOrEqual(1);
      // The first 2/3 (rounded up) are level 0; raised hills go up from there.
      const level0 = Math.ceil((2 * hills) / 3);
      for (const h of hillFs) {
        expect(h.level).toBeGreaterThanOrEqual(0);
        expect(h.gradient).toBe(h.level === 0 ? 'gentle' : h.level === 1 ? 'normal' : 'steep');
        // 9 sub-sector columns along the table and 4 rows across.
        const col = (h.centre.x / bf.width) * 9 - 0.5;
        const row = (h.centre.y / bf.depth) * 4 - 0.5;
        expect(Math.abs(col - Math.round(col))).toBeLessThan(1e-9);
        expect(Math.abs(row - Math.round(row))).toBeLessThan(1e-9);
      }
      expect(hillFs.filter((h) => h.level === 0).length).toBeLessThanOrEqual(level0);
      for (const [d] of grab(log, /turn d6 = (\d)/)) expect(d).toBeGreaterThanOrEqual(1);
      for (const [d4, len] of grab(log, /20 \+ 5 x d4 = 20 \+ 5 x (\d) = (\d+) cm long/)) expect(len).toBe(20 + 5 * d4!);
      for (const [d4, len] of grab(log, /40 \+ 5 x d4 = 40 \+ 5 x (\d) = (\d+) cm long/)) expect(len).toBe(40 + 5 * d4!);
    }
  });

  it('a town comes on a 6, with a road from edge to edge through it', () => {
    const bf = setupBattlefield('syw-orders', undefined, 't7');
    expect(bf.setupLog!.some((l) => l.startsWith('Town: d6 = 6'))).toBe(true);
    const town = bf.features.find((f): f is SettlementFeature => f.kind === 'settlement')!;
    const road = bf.features.find((f): f is RoadFeature => f.kind === 'road')!;
    expect(road.line).toHaveLength(3);
    const onEdge = (p: Vec2): boolean => p.x === 0 || p.y === 0 || Math.abs(p.x - bf.width) < 1e-9 || Math.abs(p.y - bf.depth) < 1e-9;
    expect(onEdge(road.line[0]!) && onEdge(road.line[2]!)).toBe(true);
    expect(town.buildingIds.length).toBeGreaterThanOrEqual(3);
  });

  it('splits a larger table into two halves, each diced', () => {
    const bf = setupBattlefield('syw-orders', undefined, 'big', { width: inch(96), depth: inch(48) });
    expect(bf.setupLog!.filter((l) => /^(West|East) half: Hills: D3 \+ 1/.test(l))).toHaveLength(2);
  });
});

describe('raised roads in the heightmap', () => {
  it('build an embankment of the given height, flat across the road, falling away beside it', () => {
    const hm = createHeightmap(400, 200, 5);
    raiseRoad(hm, { id: 'r', kind: 'road', name: 'r', line: [{ x: 0, y: 100 }, { x: 400, y: 100 }], width: 24, raised: 6 }, 10);
    expect(heightAt(hm, 200, 100)).toBeCloseTo(6, 9);
    expect(heightAt(hm, 200, 110)).toBeCloseTo(6, 9);
    expect(heightAt(hm, 200, 125)).toBe(0);
    expect(heightAt(hm, 200, 116)).toBeGreaterThan(0);
    expect(heightAt(hm, 200, 116)).toBeLessThan(6);
    // A road that is not raised changes nothing.
    const flat = createHeightmap(400, 200, 5);
    raiseRoad(flat, { id: 'r', kind: 'road', name: 'r', line: [{ x: 0, y: 100 }, { x: 400, y: 100 }], width: 24 }, 10);
    expect(flat.heights.every((v) => v === 0)).toBe(true);
  });
});
