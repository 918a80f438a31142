import { describe, expect, it } from 'vitest';
import { GameSession } from '../../../src/app/session';
import { generateBattlefield, standardSpec, battlefieldFromSpec } from '../../../src/terrain/battlefield';
import { checkElevationSource, elevationSource, groundOnTable, MAX_SOURCE_SIDE, readElevationFile, registerElevation, type ElevationSource } from '../../../src/terrain/elevation';
import { formatAsc, heightmapToPng, parseAsc } from '../../../src/terrain/gridio';
import { deflateSync } from 'node:zlib';
import { heightAt, type Heightmap } from '../../../src/terrain/heightmap';

/** A DEM in metres: samples every `cell` m, heights from f(x, y) with y running up the grid. */
function dem(cols: number, rows: number, cell: number, f: (x: number, y: number) => number): Heightmap {
  const heights = new Float32Array(cols * rows);
  for (let j = 0; j < rows; j++) for (let i = 0; i < cols; i++) heights[j * cols + i] = f(i * cell, j * cell);
  return { cols, rows, cellSize: cell, originX: 0, originY: 0, heights };
}

/** A round hill 60 m high and 1500 m across in the middle of a 3 x 2 km landscape. */
const hillDem = dem(151, 101, 20, (x, y) => 100 + Math.max(0, 60 - 60 * (Math.hypot(x - 1500, y - 1000) / 750) ** 2));

describe('an imported landscape as a game carries it', () => {
  it('keeps a small grid whole, to 0.01', () => {
    const src = elevationSource(dem(3, 2, 5, (x, y) => x / 3 + y), 'tiny.asc');
    expect(src).toEqual({ name: 'tiny.asc', cols: 3, rows: 2, cellSize: 5, heights: [0, 1.67, 3.33, 5, 6.67, 8.33] });
  });

  it('reduces a large grid to at most 256 samples a side by taking every k-th sample', () => {
    const big = dem(700, 300, 2, (x, y) => x + 1000 * y);
    const src = elevationSource(big, 'big.asc');
    // k = ceil(700 / 256) = 3: columns 0, 3, ... 699 and rows 0, 3, ... 297.
    expect(src.cols).toBe(234);
    expect(src.rows).toBe(100);
    expect(src.cellSize).toBe(6);
    expect(src.heights[0]).toBe(0);
    expect(src.heights[1]).toBe(6);
    expect(src.heights[src.cols]).toBe(6000);
    expect(Math.max(src.cols, src.rows)).toBeLessThanOrEqual(MAX_SOURCE_SIDE);
  });

  it('refuses a damaged source with a message that says what is wrong', () => {
    const good = elevationSource(dem(4, 4, 10, () => 1), 'ok.asc');
    const cases: [unknown, RegExp][] = [
      [{ ...good, heights: good.heights.slice(1) }, /should have 16 heights, has 15/],
      [{ ...good, heights: [...good.heights.slice(0, 5), Number.NaN, ...good.heights.slice(6)] }, /height 5 \(row 1, column 1\) is not a number/],
      [{ ...good, cols: 1 }, /needs at least 2 x 2 samples, got 1 x 4/],
      [{ ...good, cols: 300, rows: 4 }, /300 x 4 samples; at most 256 a side/],
      [{ ...good, cellSize: -2 }, /positive cell size, got -2/],
      [{ ...good, verticalScale: 0 }, /vertical scale must be a positive number, got 0/],
    ];
    for (const [src, message] of cases) expect(() => checkElevationSource(src as ElevationSource)).toThrow(message);
  });
});

describe('an imported landscape on the table', () => {
  const src = elevationSource(hillDem, 'hill.asc');

  it('is fitted with one scale both ways, centred, lowest point 0 and about three inches of relief', () => {
    // 3000 x 2000 m onto 1800 x 1200 mm: 0.6 mm a metre, filling the table exactly.
    const g = groundOnTable(src, 1800, 1200, 10);
    expect(g.heightmap.cols).toBe(181);
    expect(g.heightmap.rows).toBe(121);
    expect(heightAt(g.heightmap, 900, 600)).toBeCloseTo(75, 1);
    expect(heightAt(g.heightmap, 50, 50)).toBeCloseTo(0, 5);
    // 75 mm for 60 m of relief against 0.6 mm a metre across: 2.08 times steeper than the land.
    expect(g.exaggeration).toBeCloseTo(75 / 60 / 0.6, 5);
    // Halfway up the hill's side, 375 m from the top: 60 - 60/4 = 45 m, 56.25 mm.
    expect(heightAt(g.heightmap, 900 + 375 * 0.6, 600)).toBeCloseTo(56.25, 0);
  });

  it('on a table of another shape, the strips beside the land take the edge heights', () => {
    // A wedge rising along x, 1000 x 1000 m, on a 1800 x 1200 table: 1.2 mm a metre, 300 mm strips left and right.
    const wedge = elevationSource(dem(51, 51, 20, (x) => x / 10), 'wedge.asc');
    const g = groundOnTable(wedge, 1800, 1200, 10);
    expect(heightAt(g.heightmap, 100, 600)).toBeCloseTo(0, 5);
    expect(heightAt(g.heightmap, 1700, 600)).toBeCloseTo(75, 3);
    expect(heightAt(g.heightmap, 900, 600)).toBeCloseTo(37.5, 3);
  });

  it('replaces the generated hills: the ground is the land, and no hill is laid or raised', () => {
    const key = registerElevation(src);
    const plain = generateBattlefield(standardSpec('real-ground'));
    const real = generateBattlefield(standardSpec('real-ground', { elevation: key }));
    expect(plain.features.some((f) => f.kind === 'hill')).toBe(true);
    expect(real.features.some((f) => f.kind === 'hill')).toBe(false);
    expect(real.features.some((f) => f.kind === 'river')).toBe(false);
    // The table is 72" x 48" (1828.8 x 1219.2 mm): the hill's top stands at its centre.
    const top = heightAt(real.heightmap, 914.4, 609.6);
    const corner = heightAt(real.heightmap, 30, 30);
    expect(top - corner).toBeGreaterThan(70);
    expect(top - corner).toBeLessThan(76);
    // Woods and roads are still laid on it; same key, same table.
    expect(real.features.some((f) => f.kind === 'wood')).toBe(true);
    expect(Array.from(generateBattlefield(standardSpec('real-ground', { elevation: key })).heightmap.heights)).toEqual(Array.from(real.heightmap.heights));
  });

  it('a rulebook set-up keeps its woods and towns but leaves its hills off', () => {
    const key = registerElevation(src);
    const spec = { seed: 'Kolin', width: 1828.8, depth: 1219.2, cellSize: 10, setup: { rules: 'horse-and-musket' as const, method: 3 as const }, elevation: key };
    const bf = battlefieldFromSpec(spec);
    expect(bf.features.some((f) => f.kind === 'hill')).toBe(false);
    expect(bf.setupLog!.some((l) => /^Hills: the imported ground's own/.test(l))).toBe(true);
    expect(heightAt(bf.heightmap, 914.4, 609.6) - heightAt(bf.heightmap, 30, 30)).toBeGreaterThan(60);
  });
});

describe('a game on imported ground', () => {
  const asc = ['ncols 61', 'nrows 41', 'xllcorner 500000', 'yllcorner 4000000', 'cellsize 50', 'NODATA_value -9999'];
  for (let r = 0; r < 41; r++) {
    // Rows of an .asc run from the north (top) down.
    const y = (40 - r) * 50;
    asc.push(Array.from({ length: 61 }, (_, c) => (200 + Math.max(0, 40 - Math.hypot(c * 50 - 1500, y - 1000) / 20)).toFixed(1)).join(' '));
  }
  const source = elevationSource(parseAsc(asc.join('\n')).heightmap, 'ridge.asc');

  for (const rulesetId of ['one-page', 'horse-and-musket']) {
    it(`${rulesetId}: is set up on the land, and its save carries it and replays`, () => {
      const s = new GameSession({ rulesetId, seed: 'real', elevation: source });
      const bf = battlefieldFromSpec(s.state.battlefield);
      expect(bf.features.some((f) => f.kind === 'hill')).toBe(false);
      const centre = heightAt(bf.heightmap, bf.width / 2, bf.depth / 2);
      expect(centre - heightAt(bf.heightmap, 20, 20)).toBeGreaterThan(60);
      const loaded = GameSession.fromSave(s.saveText('real ground'));
      expect(loaded.view().hash).toBe(s.view().hash);
      expect(loaded.state.battlefield).toEqual(s.state.battlefield);
    });
  }

  it('the same seed on generated ground gives another table and another hash', () => {
    const real = new GameSession({ rulesetId: 'one-page', seed: 'real', elevation: source });
    const plain = new GameSession({ rulesetId: 'one-page', seed: 'real' });
    expect(real.view().hash).not.toBe(plain.view().hash);
  });

  it('a save whose ground is damaged is refused, saying why', () => {
    const s = new GameSession({ rulesetId: 'one-page', seed: 'real', elevation: source });
    const save = JSON.parse(s.saveText());
    save.setup.elevation.heights = save.setup.elevation.heights.slice(3);
    expect(() => GameSession.fromSave(JSON.stringify(save))).toThrow(/ridge\.asc" should have 2501 heights, has 2498/);
  });
});

describe('reading a landscape file', () => {
  const small = dem(5, 4, 30, (x, y) => 100 + x / 10 + y);
  it('reads an .asc grid and a 16-bit PNG to the same source', async () => {
    const fromAsc = await readElevationFile('small.asc', new TextEncoder().encode(formatAsc(small)));
    const fromPng = await readElevationFile('small.png', heightmapToPng(small, (d) => deflateSync(d)));
    expect(fromAsc.cols).toBe(5);
    expect(fromAsc.rows).toBe(4);
    expect(fromAsc.cellSize).toBe(30);
    expect(fromAsc.heights).toEqual(Array.from(small.heights, (v) => Math.round(v * 100) / 100));
    // 16 bits over a 99 m range: within 0.002 m.
    fromPng.heights.forEach((v, k) => expect(Math.abs(v - fromAsc.heights[k]!)).toBeLessThanOrEqual(0.01));
  });

  it('names the file and the fault when it cannot be read', async () => {
    await expect(readElevationFile('notes.asc', new TextEncoder().encode('hello world'))).rejects.toThrow(/^notes\.asc: /);
    await expect(readElevationFile('photo.jpg', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x80, 0x81]))).rejects.toThrow(/photo\.jpg: it is neither a PNG image nor a text \.asc grid/);
    const png = heightmapToPng(small, (d) => deflateSync(d));
    await expect(readElevationFile('cut.png', png.slice(0, 60))).rejects.toThrow(/^cut\.png: /);
  });
});
