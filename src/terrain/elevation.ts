/**
 * Real ground under a game: a landscape imported from a GIS grid (.asc or 16-bit PNG) fitted onto
 * the table. A game carries the landscape as an ElevationSource inside its GameSetup (so a save
 * holds it and replays on any machine); the battlefield spec holds only its content key, so state
 * hashes and the battlefield memo stay cheap, and battlefield generation reads the heights back
 * from the store below by that key.
 */

import { hashString } from '../core/hash';
import { decodePngAsync, fitToTable, heightmapFromPng, parseAsc } from './gridio';
import { createHeightmap, heightAt, type Heightmap } from './heightmap';

/** The longest side an imported landscape is kept at: finer than any table grid needs. */
export const MAX_SOURCE_SIDE = 256;

/** An imported landscape, ready to travel in a game's set-up (plain JSON). */
export interface ElevationSource {
  /** Where it came from, for the player: the file name. */
  name: string;
  cols: number;
  rows: number;
  /** Ground distance between samples, in the grid's own units (metres for most DEMs). */
  cellSize: number;
  /** Row-major, rows running up the table (+y), in the grid's height units, to 0.01. */
  heights: number[];
  /** Table mm per height unit; absent, the relief is scaled to about three inches. */
  verticalScale?: number;
}

/** The landscape as table heights, on a table grid, with what it was scaled by. */
export interface TableGround {
  heightmap: Heightmap;
  /** How much steeper the table is than the land. */
  exaggeration: number;
}

/**
 * An imported grid (as read by parseAsc or heightmapFromPng) as a source a game can carry: reduced
 * to at most MAX_SOURCE_SIDE samples a side by taking every k-th sample, and rounded to 0.01 so its
 * JSON is compact and the same everywhere.
 */
export function elevationSource(grid: Heightmap, name: string, verticalScale?: number): ElevationSource {
  const k = Math.max(1, Math.ceil(Math.max(grid.cols, grid.rows) / MAX_SOURCE_SIDE));
  const cols = Math.floor((grid.cols - 1) / k) + 1;
  const rows = Math.floor((grid.rows - 1) / k) + 1;
  const heights: number[] = new Array(cols * rows);
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) heights[j * cols + i] = Math.round(grid.heights[j * k * grid.cols + i * k]! * 100) / 100;
  }
  const out: ElevationSource = { name, cols, rows, cellSize: grid.cellSize * k, heights };
  if (verticalScale !== undefined) out.verticalScale = verticalScale;
  return checkElevationSource(out);
}

/**
 * Check a source that came from outside (a save file, the page): the right number of finite
 * heights, a sensible size. Throws a RangeError that says what is wrong.
 */
export function checkElevationSource(src: ElevationSource): ElevationSource {
  const where = `imported ground${typeof src?.name === 'string' ? ` "${src.name}"` : ''}`;
  if (typeof src !== 'object' || src === null) throw new RangeError('imported ground must be an object');
  if (!Number.isInteger(src.cols) || !Number.isInteger(src.rows) || src.cols < 2 || src.rows < 2) {
    throw new RangeError(`${where} needs at least 2 x 2 samples, got ${String(src.cols)} x ${String(src.rows)}`);
  }
  if (src.cols > MAX_SOURCE_SIDE || src.rows > MAX_SOURCE_SIDE) {
    throw new RangeError(`${where} is ${src.cols} x ${src.rows} samples; at most ${MAX_SOURCE_SIDE} a side are kept`);
  }
  if (!(src.cellSize > 0) || !Number.isFinite(src.cellSize)) throw new RangeError(`${where} needs a positive cell size, got ${String(src.cellSize)}`);
  if (!Array.isArray(src.heights) || src.heights.length !== src.cols * src.rows) {
    throw new RangeError(`${where} should have ${src.cols * src.rows} heights, has ${Array.isArray(src.heights) ? src.heights.length : 'none'}`);
  }
  const bad = src.heights.findIndex((v) => typeof v !== 'number' || !Number.isFinite(v));
  if (bad >= 0) throw new RangeError(`${where}: height ${bad} (row ${Math.floor(bad / src.cols)}, column ${bad % src.cols}) is not a number`);
  if (src.verticalScale !== undefined && !(src.verticalScale > 0 && Number.isFinite(src.verticalScale))) {
    throw new RangeError(`${where}: vertical scale must be a positive number, got ${String(src.verticalScale)}`);
  }
  return src;
}

/**
 * The landscape on a table width x depth mm with samples every cellSize mm: fitted as fitToTable
 * does (same scale both ways, centred, lowest point 0), and read bilinearly at each table sample;
 * the strips beside a landscape of another shape take the nearest edge's height.
 */
export function groundOnTable(src: ElevationSource, width: number, depth: number, cellSize: number): TableGround {
  const grid: Heightmap = { cols: src.cols, rows: src.rows, cellSize: src.cellSize, originX: 0, originY: 0, heights: Float32Array.from(src.heights) };
  const fitted = fitToTable(grid, width, depth, src.verticalScale);
  const hm = createHeightmap(width, depth, cellSize);
  for (let j = 0; j < hm.rows; j++) {
    for (let i = 0; i < hm.cols; i++) hm.heights[j * hm.cols + i] = heightAt(fitted.heightmap, i * cellSize, j * cellSize);
  }
  return { heightmap: hm, exaggeration: fitted.exaggeration };
}

const store = new Map<string, ElevationSource>();

/** The content key of a source: same heights and scale, same key. */
export function elevationKey(src: ElevationSource): string {
  return `ground-${hashString(`${src.cols}x${src.rows}@${src.cellSize}/${src.verticalScale ?? 'fit'}:${src.heights.join(',')}`)}`;
}

/**
 * Keep a source for battlefield generation and give its key, for BattlefieldSpec.elevation. The
 * store only grows by what games bring in; keys are content hashes, so the same source twice is
 * one entry.
 */
export function registerElevation(src: ElevationSource): string {
  checkElevationSource(src);
  const key = elevationKey(src);
  if (!store.has(key)) store.set(key, src);
  return key;
}

export function elevationByKey(key: string): ElevationSource {
  const src = store.get(key);
  if (!src) throw new RangeError(`the imported ground ${key} is not loaded: start the game from its set-up, which carries it`);
  return src;
}

/**
 * The `elevation` field of a battlefield spec for a game set up with this source (or none): the
 * source is kept and its key given. Rulesets spread this into the spec they build.
 */
export function elevationSpec(src: ElevationSource | undefined): { elevation?: string } {
  return src === undefined ? {} : { elevation: registerElevation(src) };
}

/**
 * Read a landscape file as the page hands it over: a 16-bit greyscale PNG (by its signature) or
 * an ESRI ASCII grid. A bad file throws an Error naming the file and what is wrong with it.
 */
export async function readElevationFile(name: string, bytes: Uint8Array, verticalScale?: number): Promise<ElevationSource> {
  const isPng = bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  try {
    const grid = isPng ? heightmapFromPng(await decodePngAsync(bytes)) : parseAsc(new TextDecoder('utf-8', { fatal: true }).decode(bytes)).heightmap;
    return elevationSource(grid, name, verticalScale);
  } catch (e) {
    const why = e instanceof TypeError && !isPng ? 'it is neither a PNG image nor a text .asc grid' : (e as Error).message;
    throw new Error(`${name}: ${why}`, { cause: e });
  }
}

/** The lowest and highest of a source's heights. */
export function heightSpan(heights: readonly number[]): { min: number; max: number } {
  let min = Infinity;
  let max = -Infinity;
  for (const v of heights) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { min, max };
}
