import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/random';
import {
  decodePng,
  decodePngAsync,
  encodePng,
  fitToTable,
  formatAsc,
  formatAscBytes,
  GridError,
  heightmapFromPng,
  heightmapToPng,
  parseAsc,
  PNG_GRID_KEYWORD,
  shortFloat32,
} from '../../../src/terrain/gridio';
import { heightAt, type Heightmap } from '../../../src/terrain/heightmap';

const inflate = (d: Uint8Array): Uint8Array => new Uint8Array(inflateSync(d));
const deflate = (d: Uint8Array): Uint8Array => new Uint8Array(deflateSync(d));

function randomGrid(seed: string, cols: number, rows: number, cellSize = 10, originX = 0, originY = 0): Heightmap {
  const rng = new Rng(seed);
  const heights = new Float32Array(cols * rows);
  for (let k = 0; k < heights.length; k++) heights[k] = rng.range(-50, 500) * (rng.float() < 0.1 ? 1e-4 : 1);
  return { cols, rows, cellSize, originX, originY, heights };
}

/** The GridError message a parse gives, or a note that it parsed. */
function ascError(text: string, opts?: Parameters<typeof parseAsc>[1]): string {
  try {
    parseAsc(text, opts);
    return 'parsed';
  } catch (e) {
    expect(e).toBeInstanceOf(GridError);
    return (e as Error).message;
  }
}

const SMALL = `ncols 4
nrows 3
xllcorner 1000
yllcorner 2000
cellsize 30
NODATA_value -9999
1 2 3 4
5 6 7 8
9 10 11 12
`;

describe('ESRI ASCII grids', () => {
  it('reads rows north first into a heightmap whose row 0 is the south edge', () => {
    const g = parseAsc(SMALL);
    const hm = g.heightmap;
    expect([hm.cols, hm.rows, hm.cellSize]).toEqual([4, 3, 30]);
    // Corner registration: the lower-left cell's centre is half a cell in from the corner.
    expect(hm.originX).toBe(1015);
    expect(hm.originY).toBe(2015);
    expect(g.registration).toBe('corner');
    expect(g.nodataValue).toBe(-9999);
    expect(g.nodataMask).toBeUndefined();
    // The last line of the file is the southern row.
    expect(Array.from(hm.heights.subarray(0, 4))).toEqual([9, 10, 11, 12]);
    expect(Array.from(hm.heights.subarray(8, 12))).toEqual([1, 2, 3, 4]);
    // North-west cell centre, and a point between samples.
    expect(heightAt(hm, 1015, 2075)).toBe(1);
    expect(heightAt(hm, 1030, 2015)).toBe(9.5);
  });

  it('places a centre-registered grid on its samples', () => {
    const g = parseAsc(SMALL.replace('xllcorner 1000', 'xllcenter 1015').replace('yllcorner 2000', 'yllcenter 2015'));
    expect(g.registration).toBe('center');
    expect(g.heightmap.originX).toBe(1015);
    expect(g.heightmap.originY).toBe(2015);
    expect(g.heightmap.heights).toEqual(parseAsc(SMALL).heightmap.heights);
  });

  it('round-trips heights exactly, with either registration', () => {
    const hm = randomGrid('asc', 37, 23, 2.5, 512000.25, 6100000.75);
    for (const registration of ['corner', 'center'] as const) {
      const text = formatAsc(hm, { registration });
      expect(text.split('\n')[2]).toBe(registration === 'corner' ? 'xllcorner 511999' : 'xllcenter 512000.25');
      const back = parseAsc(text);
      expect(back.registration).toBe(registration);
      expect(back.heightmap.cols).toBe(37);
      expect(back.heightmap.rows).toBe(23);
      expect(back.heightmap.cellSize).toBe(2.5);
      expect(back.heightmap.originX).toBe(512000.25);
      expect(back.heightmap.originY).toBe(6100000.75);
      expect(back.heightmap.heights).toEqual(hm.heights);
      // And writing again gives the same text.
      expect(formatAsc(back.heightmap, { registration })).toBe(text);
    }
  });

  it('writes the fewest digits that read back to the same 32-bit float', () => {
    const rng = new Rng('short');
    for (let k = 0; k < 5000; k++) {
      const v = Math.fround(rng.range(-1e4, 1e4) * 10 ** rng.int(7 - 3));
      const s = shortFloat32(v);
      expect(Math.fround(Number(s))).toBe(v);
      expect(s.replace(/^-/, '').replace('.', '').replace(/^0+/, '').length).toBeLessThanOrEqual(9);
    }
    expect(shortFloat32(Math.fround(0.1))).toBe('0.1');
    expect(shortFloat32(12)).toBe('12');
  });

  it('reads the number forms GIS tools write, and CRLF line ends', () => {
    const text = 'NCOLS 3\r\nNROWS 2\r\nXLLCENTER 0\r\nYLLCENTER 0\r\nCELLSIZE 1\r\n+1 .5 5.\r\n-0.25E-1 1e3 -7\r\n';
    const hm = parseAsc(text).heightmap;
    expect(Array.from(hm.heights)).toEqual([-0.025, 1000, -7, 1, 0.5, 5].map(Math.fround));
  });

  it('writes each kind of number in its exact shortest form', () => {
    const cases: [number, string][] = [
      [0, '0'],
      [-0, '0'],
      [-7, '-7'],
      [12, '12'],
      [16777217, '16777216'], // not a float32: the nearest is written
      [-2147483648, '-2147483648'],
      [3e9, '3000000000'],
      [1e15, '999999986991104'],
      [1e16, '10000000000000000'],
      [1.5e20, '150000000000000000000'],
      [-3.4028234663852886e38, '-3.4028235e+38'],
      [0.1, '0.1'],
      [-0.0125, '-0.0125'],
      [0.05, '0.05'],
      [1e-4, '0.0001'],
      [9.99e-5, '0.0000999'],
      [1e-5, '0.00001'],
      [-1.5e-7, '-1.5e-7'],
      [1.17549435e-38, '1.1754944e-38'],
      [1e-45, '1.4013e-45'],
      [794.4142, '794.4142'],
      [1 / 3, '0.33333334'],
      [-Math.E, '-2.7182817'],
      // Nine significant digits, the most a float32 needs.
      [123.4000244140625, '123.400024'],
      [-123.4000244140625, '-123.400024'],
      [0.01230000052601099, '0.0123000005'],
      [1234567.8, '1234567.8'],
      [12345678.5, '12345678'],
      [9999999.5, '10000000'],
      [0.999999999, '1'],
    ];
    for (const [v, text] of cases) expect(shortFloat32(v), String(v)).toBe(text);
  });

  it('writes the same text as bytes, and grows its buffer as the digits need', () => {
    const hm: Heightmap = { cols: 3, rows: 2, cellSize: 1, originX: 0.5, originY: 0.5, heights: new Float32Array(6) };
    const values = [-0, 1e-5, 123.4000244140625, -3.4028234663852886e38, NaN, 16777217];
    // NODATA text wider than any number, so a row's room is reckoned from it.
    const nodataValue = -1.2345678901234e30;
    const text = 'ncols 3\nnrows 2\nxllcorner 0\nyllcorner 0\ncellsize 1\nNODATA_value -1.2345678901234e+30\n-3.4028235e+38 -1.2345678901234e+30 16777216\n0 0.00001 123.400024\n';
    expect(new TextDecoder().decode(formatAscBytes(hm, { values, nodataValue }))).toBe(text);
    expect(formatAsc(hm, { values, nodataValue })).toBe(text);
    // A 1/0 grid fits the first buffer; long decimals outgrow it several times over.
    const big = randomGrid('grow', 300, 200);
    const bytes = formatAscBytes(big);
    expect(bytes.length).toBeGreaterThan(5 * 300 * 200);
    expect(parseAsc(bytes).heightmap.heights).toEqual(big.heights);
    const tokens = new TextDecoder().decode(bytes).trim().split('\n').slice(5).reverse().join(' ').split(' ');
    expect(tokens).toEqual(Array.from(big.heights, shortFloat32));
  });

  it('reads a file\'s bytes as it reads its text', () => {
    const text = '\uFEFFncols 3\r\nnrows 2\r\nxllcorner 0\r\nyllcorner 0\r\ncellsize 1\r\n\r\n+1  .5\t5.\r\n-0.25E-1 1e3 -7';
    const fromText = parseAsc(text);
    expect(Array.from(fromText.heightmap.heights)).toEqual([-0.025, 1000, -7, 1, 0.5, 5].map(Math.fround));
    for (const bytes of [new TextEncoder().encode(text), Buffer.from(text, 'utf8')]) {
      const g = parseAsc(bytes);
      expect(g.heightmap).toEqual(fromText.heightmap);
      expect(g.registration).toBe('corner');
    }
    // Bad bytes are named as a text reader shows them: an invalid byte as U+FFFD, a stray
    // byte-order mark as itself.
    const head = 'ncols 2\nnrows 2\nxllcorner 0\nyllcorner 0\ncellsize 1\n3 4\n';
    const badByte = new Uint8Array([...new TextEncoder().encode(`${head}1 6`), 0xe9, 10]);
    expect(() => parseAsc(badByte)).toThrow('line 7, value 2: "6\uFFFD" is not a number');
    expect(() => parseAsc(Buffer.from(`${head}1 \uFEFF6\n`))).toThrow('line 7, value 2: "\uFEFF6" is not a number');
    // The last line needs no newline, and is still counted whole.
    expect(() => parseAsc(Buffer.from(`${head}1 2 3`))).toThrow('line 7: row 2 has 3 values, expected 2');
  });

  it('writes NODATA for values that are not finite', () => {
    const hm = randomGrid('nd', 3, 2);
    const values = Float32Array.from([1, NaN, 3, Infinity, 5, 6]);
    const text = formatAsc(hm, { values, nodataValue: -1 });
    expect(text).toContain('NODATA_value -1\n');
    expect(text.trim().split('\n').slice(-2)).toEqual(['-1 5 6', '1 -1 3']);
    expect(formatAsc(hm)).not.toContain('NODATA');
  });

  describe('NODATA cells', () => {
    const holey = `ncols 5
nrows 4
xllcenter 0
yllcenter 0
cellsize 1
nodata_value -9999
10 10 10 10 10
10 -9999 -9999 10 10
10 -9999 20 10 10
10 10 10 10 -9999
`;

    it('are filled from their neighbours by default, and listed in the mask', () => {
      const g = parseAsc(holey);
      const h = g.heightmap.heights;
      const at = (i: number, j: number): number => h[j * 5 + i]!;
      expect(g.nodataMask).toBeDefined();
      const masked = Array.from(g.nodataMask!).flatMap((v, k) => (v ? [k] : []));
      // File rows 2-3 are heightmap rows 2 and 1; the last file row is row 0.
      expect(masked).toEqual([4, 6, 11, 12]);
      // (1, 1): known neighbours 10 (west), 10 (south), 20 (east) -> 40 / 3.
      expect(at(1, 1)).toBeCloseTo(40 / 3, 5);
      // (4, 0): 10 (west) and 10 (north).
      expect(at(4, 0)).toBe(10);
      // (1, 2) and (2, 2) both touch known cells; each takes the mean of its known neighbours only,
      // not of each other.
      expect(at(1, 2)).toBe(10);
      expect(at(2, 2)).toBeCloseTo(40 / 3, 5);
    });

    it('fill a large hole from the outside in', () => {
      const rows = ['5 5 5 5 5', '5 -1 -1 -1 5', '5 -1 -1 -1 5', '5 -1 -1 -1 5', '5 5 5 5 5'];
      const g = parseAsc(`ncols 5\nnrows 5\nxllcorner 0\nyllcorner 0\ncellsize 1\nNODATA_value -1\n${rows.join('\n')}\n`);
      expect(Array.from(g.heightmap.heights).every((v) => v === 5)).toBe(true);
      expect(g.nodataMask!.reduce((s, v) => s + v, 0)).toBe(9);
    });

    it('are refused when asked, naming the first', () => {
      expect(ascError(holey, { nodata: 'reject' })).toBe('line 8, value 2: NODATA cell (-9999); this grid must be complete');
    });

    it('cannot be the whole grid', () => {
      expect(ascError('ncols 2\nnrows 2\nxllcorner 0\nyllcorner 0\ncellsize 1\nNODATA_value 0\n0 0\n0 0\n')).toBe('every cell is NODATA');
    });
  });

  it('rejects bad files with the line and field at fault', () => {
    const head = (over: Record<string, string | null>): string => {
      const keys: Record<string, string | null> = { ncols: '2', nrows: '2', xllcorner: '0', yllcorner: '0', cellsize: '1', ...over };
      return Object.entries(keys)
        .filter(([, v]) => v !== null)
        .map(([k, v]) => `${k} ${v}`)
        .join('\n');
    };
    const data = '\n1 2\n3 4\n';
    expect(ascError(head({ ncols: null }) + data)).toBe('missing header key ncols');
    expect(ascError(head({ cellsize: null }) + data)).toBe('missing header key cellsize');
    expect(ascError(head({ xllcorner: null }) + data)).toBe('missing header key xllcorner (or xllcenter)');
    expect(ascError(head({ ncols: 'two' }) + data)).toBe('line 1: ncols must be a number, got "two"');
    expect(ascError(head({ nrows: '2.5' }) + data)).toBe('line 2: nrows must be a whole number, got 2.5');
    expect(ascError(head({ ncols: '1' }) + data)).toBe('line 1: ncols must be at least 2, got 1');
    expect(ascError(head({ cellsize: '0' }) + data)).toBe('line 5: cellsize must be positive, got 0');
    expect(ascError(head({ cellsize: '-30' }) + data)).toBe('line 5: cellsize must be positive, got -30');
    expect(ascError(head({ ncols: '10000', nrows: '10000' }) + data)).toBe('grid of 10000 x 10000 cells is too large (at most 67108864 cells, 8192 x 8192)');
    expect(ascError(head({ ncols: '70000' }) + data)).toBe('line 1: ncols of 70000 is too large (at most 65536)');
    expect(ascError(head({ xllcenter: '0' }) + data)).toBe('line 6: give xllcorner or xllcenter, not both');
    expect(ascError(head({ xllcorner: null, xllcenter: '0' }) + data)).toBe('line 5: mixed registration; use xllcorner with yllcorner, or xllcenter with yllcenter');
    expect(ascError('ncols 2\nncols 2\n')).toBe('line 2: header key ncols given twice');
    expect(ascError('ncols 2\nfoo 3\n')).toBe('line 2: unknown header key "foo"; expected one of ncols, nrows, xllcorner, xllcenter, yllcorner, yllcenter, cellsize, nodata_value');
    expect(ascError('ncols 2\ndx 3\n')).toBe('line 2: separate dx/dy cell sizes are not supported; cells must be square (cellsize)');
    expect(ascError('ncols 2 3\n')).toBe('line 1: header line for ncols should be "ncols value", got "ncols 2 3"');
    expect(ascError(head({}) + '\n1 2\n3\n')).toBe('line 7: row 2 has 1 values, expected 2');
    expect(ascError(head({}) + '\n1 2 3\n3 4\n')).toBe('line 6: row 1 has 3 values, expected 2');
    expect(ascError(head({}) + '\n1 2\n')).toBe('expected 2 rows of data, found 1 (file truncated?)');
    expect(ascError(head({}) + '\n1 2\n3 4\n5 6\n')).toBe('line 8: more data rows than nrows (2)');
    expect(ascError(head({}) + '\n1 NaN\n3 4\n')).toBe('line 6, value 2: NaN is not a height (use NODATA_value for missing cells)');
    expect(ascError(head({}) + '\n1 2\n-Infinity 4\n')).toBe('line 7, value 1: -Infinity is not a finite height');
    expect(ascError(head({}) + '\n1 2\n3 1e400\n')).toBe('line 7, value 2: 1e400 is not a finite height');
    expect(ascError(head({}) + '\n1 2\n3 1e39\n')).toBe('line 7, value 2: 1e39 is too large for a height');
    expect(ascError(head({}) + '\n1 2\n3 4x\n')).toBe('line 7, value 2: "4x" is not a number');
    expect(ascError(head({}) + '\n1 0x10\n3 4\n')).toBe('line 6, value 2: "0x10" is not a number');
    expect(ascError('')).toBe('missing header key ncols');
  });
});

describe('fitting a landscape onto the table', () => {
  // 5 km x 2.5 km at 50 m, heights 100 m to 200 m.
  const land: Heightmap = { cols: 101, rows: 51, cellSize: 50, originX: 400000, originY: 5000000, heights: new Float32Array(101 * 51) };
  for (let j = 0; j < 51; j++) for (let i = 0; i < 101; i++) land.heights[j * 101 + i] = 100 + i;

  it('keeps the shape, fits the table and centres it', () => {
    const fit = fitToTable(land, 1828.8, 1219.2);
    const hm = fit.heightmap;
    // Width limits: 5000 m onto 1828.8 mm.
    expect(fit.horizontalScale).toBeCloseTo(1828.8 / 5000, 12);
    expect(hm.cellSize).toBeCloseTo(18.288, 9);
    expect(hm.originX).toBeCloseTo(0, 9);
    expect(hm.originY).toBeCloseTo((1219.2 - 2500 * fit.horizontalScale) / 2, 9);
    // 100 m of relief becomes 75 mm, the lowest point 0.
    expect(fit.verticalScale).toBeCloseTo(0.75, 12);
    expect(hm.heights[0]).toBe(0);
    expect(hm.heights[100]).toBeCloseTo(75, 4);
    expect(fit.exaggeration).toBeCloseTo(0.75 / (1828.8 / 5000), 9);
    // The original is untouched.
    expect(land.heights[0]).toBe(100);
  });

  it('takes a chosen vertical scale', () => {
    const fit = fitToTable(land, 1828.8, 1219.2, 0.5);
    expect(fit.heightmap.heights[100]).toBeCloseTo(50, 4);
    expect(() => fitToTable(land, 0, 100)).toThrow(/table size/);
    expect(() => fitToTable(land, 100, 100, -1)).toThrow(/verticalScale/);
  });
});

// 16-bit, 5 x 6, one filter type per row (None, Sub, Up, Average, Paeth, None), made by an
// independent writer (Python's zlib and struct), so the decoder is not only tested against itself.
const PNG16 =
  'iVBORw0KGgoAAAANSUhEUgAAAAUAAAAGEAAAAAB+ANfUAAAAR0lEQVR42mNgYJB7b3sv5mz1HsaZkjMjZkbMAmKmmZLCTX2vOUKa9zJvMrp4rY/7tH1HCQtYdDJnSPNkhr+1DZXMpW2FnLkAegIaw2Q6kNEAAAAASUVORK5CYII=';
const PNG16_PIXELS = [
  [0, 7919, 15838, 23757, 31676],
  [39193, 12913, 52169, 25889, 65145],
  [12850, 17907, 22964, 28021, 33078],
  [52043, 22901, 59295, 30153, 1011],
  [25700, 27895, 30090, 32285, 34480],
  [64893, 32889, 885, 34417, 2413],
];
const PNG8 = 'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAAAAACRn/EaAAAAF0lEQVR4nGNgsKnYwiDo23mUQSlu1jUAH4EFBWi5nIQAAAAASUVORK5CYII=';
const PNG8_PIXELS = [
  [0, 60, 120, 180],
  [17, 77, 137, 197],
  [34, 94, 154, 214],
];

const bytesOf = (b64: string): Uint8Array => new Uint8Array(Buffer.from(b64, 'base64'));

/** A copy with the chunk at `at` given new data and a correct CRC (to make well-formed bad files). */
function rewriteChunk(png: Uint8Array, type: string, edit: (data: Uint8Array) => Uint8Array): Uint8Array {
  let at = 8;
  const parts: Uint8Array[] = [png.subarray(0, 8)];
  while (at < png.length) {
    const len = new DataView(png.buffer, png.byteOffset).getUint32(at);
    const t = String.fromCharCode(...png.subarray(at + 4, at + 8));
    let data = png.subarray(at + 8, at + 8 + len);
    if (t === type) data = edit(new Uint8Array(data));
    const c = new Uint8Array(12 + data.length);
    const dv = new DataView(c.buffer);
    dv.setUint32(0, data.length);
    c.set(png.subarray(at + 4, at + 8), 4);
    c.set(data, 8);
    dv.setUint32(8 + data.length, crc(c.subarray(4, 8 + data.length)));
    parts.push(c);
    at += 12 + len;
  }
  return new Uint8Array(Buffer.concat(parts));
}

function crc(b: Uint8Array): number {
  let c = 0xffffffff;
  for (const v of b) {
    c ^= v;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

function pngError(bytes: Uint8Array): string {
  try {
    decodePng(bytes, inflate);
    return 'decoded';
  } catch (e) {
    expect(e).toBeInstanceOf(GridError);
    return (e as Error).message;
  }
}

describe('greyscale PNG', () => {
  it('decodes a 16-bit file written elsewhere, every filter type', () => {
    const img = decodePng(bytesOf(PNG16), inflate);
    expect([img.width, img.height, img.bitDepth]).toEqual([5, 6, 16]);
    expect(Array.from(img.samples)).toEqual(PNG16_PIXELS.flat());
    // As a heightmap: top row north, raw sample values without a range.
    const hm = heightmapFromPng(img);
    expect(hm.heights[0]).toBe(64893);
    expect(hm.heights[5 * 5]).toBe(0);
    expect(heightmapFromPng(img, { range: [0, 65.535], cellSize: 10 }).heights[5 * 5 + 1]).toBeCloseTo(7.919, 4);
  });

  it('decodes an 8-bit file', () => {
    const img = decodePng(bytesOf(PNG8), inflate);
    expect([img.width, img.height, img.bitDepth]).toEqual([4, 3, 8]);
    expect(Array.from(img.samples)).toEqual(PNG8_PIXELS.flat());
    const hm = heightmapFromPng(img, { range: [0, 51] });
    expect(hm.heights[0]).toBeCloseTo((34 / 255) * 51, 5);
  });

  it('round-trips a heightmap to within 1/65535 of its range, keeping cell size and origin', async () => {
    const hm = randomGrid('png', 61, 43, 12.5, -3.25, 7);
    const png = heightmapToPng(hm, deflate);
    for (const img of [decodePng(png, inflate), await decodePngAsync(png)]) {
      expect(img.text[PNG_GRID_KEYWORD]).toBeDefined();
      const back = heightmapFromPng(img);
      expect([back.cols, back.rows, back.cellSize, back.originX, back.originY]).toEqual([61, 43, 12.5, -3.25, 7]);
      let min = Infinity;
      let max = -Infinity;
      for (const v of hm.heights) {
        min = Math.min(min, v);
        max = Math.max(max, v);
      }
      const tol = (max - min) / 65535 / 2 + 1e-4;
      let worst = 0;
      for (let k = 0; k < hm.heights.length; k++) worst = Math.max(worst, Math.abs(back.heights[k]! - hm.heights[k]!));
      expect(worst).toBeLessThanOrEqual(tol);
      // The extremes come back exactly.
      expect(Math.min(...back.heights)).toBeCloseTo(min, 4);
      expect(Math.max(...back.heights)).toBeCloseTo(max, 4);
    }
  });

  it('encodes rows with several filter types, all of which decode', () => {
    // A ramp, noise and a flat stretch push the encoder to different filters.
    const rng = new Rng('filters');
    const samples = new Uint16Array(32 * 12);
    for (let y = 0; y < 12; y++) {
      for (let x = 0; x < 32; x++) samples[y * 32 + x] = y < 4 ? x * 2000 : y < 8 ? rng.int(65536) : 1234 + y * 100;
    }
    const png = encodePng({ width: 32, height: 12, bitDepth: 16, samples, text: {} }, deflate);
    // Read the filter bytes back out of the image data.
    const idatAt = Buffer.from(png).indexOf('IDAT') - 4;
    const len = new DataView(png.buffer).getUint32(idatAt);
    const raw = inflate(png.subarray(idatAt + 8, idatAt + 8 + len));
    const filters = new Set(Array.from({ length: 12 }, (_, y) => raw[y * 65]!));
    expect(filters.size).toBeGreaterThanOrEqual(3);
    expect(Array.from(decodePng(png, inflate).samples)).toEqual(Array.from(samples));
    const eight = Uint8Array.from(samples, (v) => v >> 8);
    expect(Array.from(decodePng(encodePng({ width: 32, height: 12, bitDepth: 8, samples: eight, text: {} }, deflate), inflate).samples)).toEqual(
      Array.from(eight),
    );
  });

  it('rejects damaged and unsupported files, saying what is wrong', async () => {
    const good = bytesOf(PNG16);
    expect(pngError(new Uint8Array([1, 2, 3]))).toBe('not a PNG file (bad signature)');
    expect(pngError(bytesOf(PNG8).subarray(0, 30))).toBe('PNG truncated: chunk IHDR at byte 8 needs 13 bytes of data, only 10 left');
    expect(pngError(good.subarray(0, good.length - 12))).toBe('PNG truncated: no IEND chunk');
    expect(pngError(good.subarray(0, good.length - 5))).toBe(`PNG truncated: chunk header at byte ${good.length - 12} is incomplete`);
    const badCrc = good.slice();
    badCrc[45] = badCrc[45]! ^ 0xff;
    expect(pngError(badCrc)).toBe('PNG corrupt: bad CRC in chunk IDAT at byte 33');
    const rgb = rewriteChunk(good, 'IHDR', (d) => ((d[9] = 2), d));
    expect(pngError(rgb)).toBe('PNG colour type 2 (RGB) is not supported; a heightmap must be greyscale (colour type 0)');
    const rgba = rewriteChunk(good, 'IHDR', (d) => ((d[9] = 6), d));
    expect(pngError(rgba)).toBe('PNG colour type 6 (RGBA) is not supported; a heightmap must be greyscale (colour type 0)');
    const depth4 = rewriteChunk(good, 'IHDR', (d) => ((d[8] = 4), d));
    expect(pngError(depth4)).toBe('PNG bit depth 4 is not supported; use 16 (or 8) bits per sample');
    const interlaced = rewriteChunk(good, 'IHDR', (d) => ((d[12] = 1), d));
    expect(pngError(interlaced)).toBe('interlaced PNGs are not supported; save without interlacing');
    const huge = rewriteChunk(good, 'IHDR', (d) => (new DataView(d.buffer).setUint32(0, 10000), new DataView(d.buffer).setUint32(4, 10000), d));
    expect(pngError(huge)).toBe('PNG of 10000 x 10000 pixels is too large (at most 67108864 pixels, 8192 x 8192)');
    const garbage = rewriteChunk(good, 'IDAT', (d) => d.map((v, i) => (i > 2 ? v ^ 0x5a : v)));
    expect(pngError(garbage)).toMatch(/^PNG image data is corrupt: /);
    await expect(decodePngAsync(garbage)).rejects.toThrow(/^PNG image data is corrupt: /);
    await expect(decodePngAsync(badCrc)).rejects.toThrow('PNG corrupt: bad CRC in chunk IDAT at byte 33');
    const short = rewriteChunk(good, 'IDAT', () => deflate(new Uint8Array(20)));
    expect(pngError(short)).toBe('PNG image data has 20 bytes, expected 66 for 5 x 6 at 16 bits');
    const badFilter = rewriteChunk(good, 'IDAT', () => deflate(new Uint8Array(66).fill(7)));
    expect(pngError(badFilter)).toBe('PNG corrupt: row 0 has unknown filter type 7');
  });

  it('rejects damaged tEXt metadata', () => {
    const img = decodePng(heightmapToPng(randomGrid('meta', 3, 3), deflate), inflate);
    expect(() => heightmapFromPng({ ...img, text: { [PNG_GRID_KEYWORD]: '{' } })).toThrow(GridError);
    expect(() => heightmapFromPng({ ...img, text: { [PNG_GRID_KEYWORD]: '{"min":0}' } })).toThrow(/max must be a finite number/);
  });
});
