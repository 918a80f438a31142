import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../../src/cli/main';
import { battlefieldFromSpec, DEFAULT_CELL_SIZE, TABLE_6X4 } from '../../../src/terrain/battlefield';
import { formatAsc, parseAsc } from '../../../src/terrain/gridio';
import type { Heightmap } from '../../../src/terrain/heightmap';

function capture(argv: string[]): { code: number; out: string; err: string } {
  const out: string[] = [];
  const err: string[] = [];
  const code = run(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/**
 * A 41 x 21 DEM in metres, 10 m cells, lower-left corner at (5000, 7000): flat at 100 m with a
 * ridge 30 m high along the column x = 5205 (sample i = 20), falling 3 m per metre to each side.
 */
function ridgeDem(): Heightmap {
  const cols = 41;
  const rows = 21;
  const heights = new Float32Array(cols * rows);
  for (let j = 0; j < rows; j++) for (let i = 0; i < cols; i++) heights[j * cols + i] = 100 + Math.max(0, 30 - 3 * Math.abs(i - 20) * 10);
  return { cols, rows, cellSize: 10, originX: 5005, originY: 7005, heights };
}

describe('tricorne viewshed', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tricorne-vs-'));
  const dem = join(dir, 'dem.asc');
  writeFileSync(dem, formatAsc(ridgeDem()));
  // Observer 2 m above the ground at sample (5, 10); x = 5055, y = 7105.
  const observer = '5055,7105';

  it('writes 1/0 visibility with the DEM georeferencing', () => {
    const out = join(dir, 'visible.asc');
    const r = capture(['viewshed', '--dem', dem, '--observer', observer, '--out', out]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^viewshed: 41 x 21 cells from \(5055, 7105\), \d+\.\d% visible; wrote visible to /);
    const text = readFileSync(out, 'utf8');
    expect(text.split('\n').slice(0, 6)).toEqual(['ncols 41', 'nrows 21', 'xllcorner 5000', 'yllcorner 7000', 'cellsize 10', 'NODATA_value -9999']);
    const g = parseAsc(text);
    const at = (i: number, j: number): number => g.heightmap.heights[j * 41 + i]!;
    // The near side and the crest are seen; the plain behind the ridge is not (a target on the
    // ground, the default target height 0).
    for (const i of [0, 5, 10, 19, 20]) expect(at(i, 10)).toBe(1);
    for (const i of [22, 30, 40]) expect(at(i, 10)).toBe(0);
    for (const i of [22, 30, 40]) expect(at(i, 0)).toBe(0);
  });

  it('writes the least visible height, by similar triangles behind the ridge', () => {
    const out = join(dir, 'min.asc');
    const r = capture(['viewshed', '--dem', dem, '--observer', observer, '--observer-height', '2', '--output', 'min-height', '--out', out]);
    expect(r.code).toBe(0);
    const g = parseAsc(readFileSync(out, 'utf8'));
    // Eye at 102 m, crest 130 m 150 m away: at distance d the shadow is 102 + 28 d / 150.
    for (const i of [23, 30, 40]) {
      const d = (i - 5) * 10;
      expect(g.heightmap.heights[10 * 41 + i]).toBeCloseTo(102 + (28 * d) / 150 - 100, 3);
    }
    // A 40 m mast at x = 5305 (i = 30) is seen: it needs 102 + 28 * 250 / 150 - 100 = 48.7 m. At 50 m it is.
    const tall = join(dir, 'tall.asc');
    capture(['viewshed', '--dem', dem, '--observer', observer, '--target-height', '50', '--out', tall]);
    expect(parseAsc(readFileSync(tall, 'utf8')).heightmap.heights[10 * 41 + 30]).toBe(1);
  });

  it('writes NODATA beyond --max-distance in min-height, and 0 in visible', () => {
    const out = join(dir, 'range.asc');
    expect(capture(['viewshed', '--dem', dem, '--observer', observer, '--max-distance', '100', '--output', 'min-height', '--out', out]).code).toBe(0);
    const text = readFileSync(out, 'utf8');
    const southRow = text.trim().split('\n').at(-1)!.split(' ');
    // South row (j = 0) is 100 m south of the observer's row: only i = 5 is within 100 m.
    expect(southRow[5]).toBe('0');
    expect(southRow[4]).toBe('-9999');
    expect(southRow[6]).toBe('-9999');
    const vis = join(dir, 'range-vis.asc');
    capture(['viewshed', '--dem', dem, '--observer', observer, '--max-distance', '100', '--out', vis]);
    expect(readFileSync(vis, 'utf8').trim().split('\n').at(-1)!.split(' ').slice(3, 8)).toEqual(['0', '0', '1', '0', '0']);
  });

  it('takes an observer anywhere in the grid’s cells, and refuses one outside them', () => {
    // The grid's cells reach from x 5000 to 5410; the outermost samples are at 5005 and 5405.
    expect(capture(['viewshed', '--dem', dem, '--observer', '5001,7001', '--out', join(dir, 'corner.asc')]).code).toBe(0);
    const r = capture(['viewshed', '--dem', dem, '--observer', '4990,7100', '--out', join(dir, 'x.asc')]);
    expect(r.code).toBe(1);
    expect(r.err).toBe('tricorne: observer (4990, 7100) is outside the grid, which covers x 5000 to 5410 and y 7000 to 7210');
  });

  it('exits 2 with the usage for a wrong command line', () => {
    const cases: [string[], RegExp][] = [
      [['viewshed', '--dem', dem, '--observer', observer, '--out', 'x', '--colour', 'red'], /unknown flag --colour/],
      [['viewshed', '--observer', observer, '--out', 'x'], /viewshed needs --dem FILE\.asc/],
      [['viewshed', '--dem', dem, '--observer', observer], /viewshed needs --out OUT\.asc/],
      [['viewshed', '--dem', dem, '--out', 'x'], /viewshed needs --observer X,Y/],
      [['viewshed', '--dem', dem, '--observer', '5055', '--out', 'x'], /--observer must be X,Y \(two numbers\), not "5055"/],
      [['viewshed', '--dem', dem, '--observer', '5055,north', '--out', 'x'], /--observer must be X,Y/],
      [['viewshed', '--dem', dem, '--observer', observer, '--output', 'colours', '--out', 'x'], /--output must be visible or min-height, not "colours"/],
      [['viewshed', '--dem', dem, '--observer', observer, '--max-distance', '-5', '--out', 'x'], /--max-distance must be a number of at least 0, not "-5"/],
      [['viewshed', '--dem', dem, '--observer', observer, '--observer-height', 'tall', '--out', 'x'], /--observer-height must be a number/],
      [['viewshed', dem, '--observer', observer, '--out', 'x'], /unexpected argument/],
    ];
    for (const [argv, message] of cases) {
      const r = capture(argv);
      expect(r.code, argv.join(' ')).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err).toMatch(/Usage:/);
      expect(r.err).toMatch(/tricorne viewshed --dem FILE\.asc/);
    }
  });

  it('exits 1 for a file it cannot read or make sense of', () => {
    const missing = capture(['viewshed', '--dem', join(dir, 'nope.asc'), '--observer', observer, '--out', join(dir, 'o.asc')]);
    expect(missing.code).toBe(1);
    expect(missing.err).toBe(`tricorne: cannot read ${join(dir, 'nope.asc')}: ENOENT`);
    const bad = join(dir, 'bad.asc');
    writeFileSync(bad, 'ncols 3\nnrows 2\nxllcorner 0\nyllcorner 0\ncellsize 1\n1 2 3\n4 5\n');
    const r = capture(['viewshed', '--dem', bad, '--observer', '1,1', '--out', join(dir, 'o.asc')]);
    expect(r.code).toBe(1);
    expect(r.err).toBe(`tricorne: ${bad}: line 7: row 2 has 2 values, expected 3`);
    expect(r.err).not.toMatch(/Usage/);
    const unwritable = capture(['viewshed', '--dem', dem, '--observer', observer, '--out', join(dir, 'no-such-dir', 'o.asc')]);
    expect(unwritable.code).toBe(1);
    expect(unwritable.err).toMatch(/cannot write .*o\.asc: ENOENT/);
  });

  it('writes NODATA where the DEM had none to give', () => {
    const holey = join(dir, 'holey.asc');
    writeFileSync(holey, 'ncols 3\nnrows 3\nxllcorner 0\nyllcorner 0\ncellsize 1\nNODATA_value -1\n0 0 0\n0 -1 0\n0 0 0\n');
    const out = join(dir, 'holey-out.asc');
    expect(capture(['viewshed', '--dem', holey, '--observer', '0.5,0.5', '--out', out]).code).toBe(0);
    expect(readFileSync(out, 'utf8').trim().split('\n').slice(-3)).toEqual(['1 1 1', '1 -1 1', '1 1 1']);
    const min = join(dir, 'holey-min.asc');
    expect(capture(['viewshed', '--dem', holey, '--observer', '0.5,0.5', '--output', 'min-height', '--out', min]).code).toBe(0);
    expect(readFileSync(min, 'utf8').trim().split('\n').slice(-3)).toEqual(['0 0 0', '0 -1 0', '0 0 0']);
  });

  it('runs as a program', () => {
    const out = join(dir, 'spawned.asc');
    const r = spawnSync(process.execPath, ['bin/tricorne.mjs', 'viewshed', '--dem', dem, '--observer', observer, '--out', out], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(join(dir, 'visible.asc'), 'utf8'));
    const bad = spawnSync(process.execPath, ['bin/tricorne.mjs', 'viewshed', '--bogus'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/unknown flag --bogus/);
    // The program loads the rest of the CLI only for a mistake, and still shows the whole usage.
    expect(bad.stderr).toContain(capture(['help']).out);
    const min = join(dir, 'spawned-min.asc');
    const r2 = spawnSync(process.execPath, ['bin/tricorne.mjs', 'viewshed', '--dem', dem, '--observer', observer, '--output', 'min-height', '--max-distance', '150', '--out', min], { encoding: 'utf8' });
    expect(r2.status).toBe(0);
    const inProcess = join(dir, 'in-process-min.asc');
    capture(['viewshed', '--dem', dem, '--observer', observer, '--output', 'min-height', '--max-distance', '150', '--out', inProcess]);
    expect(readFileSync(min, 'utf8')).toBe(readFileSync(inProcess, 'utf8'));
    const broken = join(dir, 'broken.asc');
    writeFileSync(broken, 'ncols 3\nnrows 2\nxllcorner 0\nyllcorner 0\ncellsize 1\n1 2 3\n4 5\n');
    const r3 = spawnSync(process.execPath, ['bin/tricorne.mjs', 'viewshed', '--dem', broken, '--observer', '1,1', '--out', join(dir, 'o.asc')], { encoding: 'utf8' });
    expect(r3.status).toBe(1);
    expect(r3.stderr).toBe(`tricorne: ${broken}: line 7: row 2 has 2 values, expected 3\n`);
    const help = spawnSync(process.execPath, ['bin/tricorne.mjs', 'help'], { encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toBe(`${capture(['help']).out}\n`);
  }, 60_000);
});

describe('tricorne terrain', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tricorne-terrain-'));

  it('writes the battlefield of a ruleset and seed as JSON, and its heights as .asc', () => {
    const json = join(dir, 'bf.json');
    const asc = join(dir, 'h.asc');
    const r = capture(['terrain', '--ruleset', 'one-page', '--seed', '7', '--out', json, '--asc', asc]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^terrain: one-page seed 7: 184 x 123 heights, 0\.0 to \d+\.\d mm; .*hills?.*; wrote /);
    const doc = JSON.parse(readFileSync(json, 'utf8'));
    const bf = battlefieldFromSpec({ seed: '7', width: TABLE_6X4.width, depth: TABLE_6X4.depth, cellSize: DEFAULT_CELL_SIZE });
    expect(doc.ruleset).toBe('one-page');
    expect(doc.spec).toEqual({ seed: '7', width: TABLE_6X4.width, depth: TABLE_6X4.depth, cellSize: 10 });
    expect(doc.features).toEqual(JSON.parse(JSON.stringify(bf.features)));
    expect(doc.heightmap.cols).toBe(184);
    expect(doc.heightmap.min).toBe(0);
    const g = parseAsc(readFileSync(asc, 'utf8'));
    expect(g.heightmap.heights).toEqual(bf.heightmap.heights);
    expect(g.heightmap.originX).toBe(0);
    expect(g.heightmap.cellSize).toBe(10);
  });

  it('refuses an unknown ruleset and missing flags with the usage', () => {
    const cases: [string[], RegExp][] = [
      [['terrain', '--ruleset', 'chess', '--seed', '1', '--out', 'x'], /unknown ruleset "chess"; rulesets: one-page/],
      [['terrain', '--seed', '1', '--out', 'x'], /terrain needs --ruleset/],
      [['terrain', '--ruleset', 'one-page', '--out', 'x'], /terrain needs --seed/],
      [['terrain', '--ruleset', 'one-page', '--seed', '1'], /terrain needs --out/],
      [['terrain', '--ruleset', 'one-page', '--seed', '1', '--out', 'x', '--png', 'y'], /unknown flag --png/],
    ];
    for (const [argv, message] of cases) {
      const r = capture(argv);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(message);
      expect(r.err).toMatch(/tricorne terrain --ruleset R --seed S/);
    }
    const r = capture(['terrain', '--ruleset', 'one-page', '--seed', '1', '--out', join(dir, 'missing', 'x.json')]);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/cannot write .*x\.json: ENOENT/);
  });
});
