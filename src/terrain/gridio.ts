/**
 * Heightmaps in and out: ESRI ASCII grids (.asc) and greyscale PNGs (16-bit, or 8-bit on input).
 * Pure code with no Node imports, so the page can use it too: the PNG functions take the zlib
 * inflate/deflate as arguments (node:zlib in the CLI, DecompressionStream in the page, see
 * inflateWithStreams).
 *
 * Orientation: a file's first row is its northern edge; our heightmap's row 0 is the south edge
 * (y = originY, nearest the player) and rows run north. Readers and writers flip rows.
 *
 * Registration: an .asc cell is an area and its value belongs to the cell's centre, which is where
 * our samples sit. With xllcorner/yllcorner the header gives the outer corner of the lower-left
 * cell, so the first sample is half a cell in from it; with xllcenter/yllcenter it gives the sample.
 */

import type { Heightmap } from './heightmap';

export class GridError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GridError';
  }
}

/** Largest grid accepted: 8192 x 8192 samples (256 MB of heights). */
export const MAX_GRID_CELLS = 8192 * 8192;
/** Longest side accepted, so a 1-row strip cannot pass the cell limit. */
export const MAX_GRID_SIDE = 65536;

export type Registration = 'corner' | 'center';

export interface AscGrid {
  heightmap: Heightmap;
  /** How the file placed its lower-left cell; writing with it reproduces the header. */
  registration: Registration;
  /** The file's NODATA_value, if it had one. */
  nodataValue: number | undefined;
  /**
   * 1 where the file had NODATA. Those samples were filled from their neighbours (see parseAsc);
   * undefined when there were none.
   */
  nodataMask: Uint8Array | undefined;
}

export interface AscReadOptions {
  /**
   * What to do with NODATA cells. 'fill' (default): give each the mean of its known 4-neighbours,
   * working inwards from the edges of each hole, so sight lines can cross it; the cells are listed
   * in nodataMask. 'reject': throw a GridError naming the first one.
   */
  nodata?: 'fill' | 'reject';
}

const HEADER_KEYS = ['ncols', 'nrows', 'xllcorner', 'xllcenter', 'yllcorner', 'yllcenter', 'cellsize', 'nodata_value'] as const;
type HeaderKey = (typeof HEADER_KEYS)[number];

function isHeaderKey(k: string): k is HeaderKey {
  return (HEADER_KEYS as readonly string[]).includes(k);
}

const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22];
const NUMBER_RE = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A decimal token the way Number() reads it, or NaN when it is not a plain decimal number. */
function parseDecimal(tok: string): number {
  return NUMBER_RE.test(tok) ? Number(tok) : NaN;
}

// ignoreBOM keeps a byte-order mark in the text, as a string read from the file has it: the
// header's trim() drops it there, and anywhere else it makes the token bad, as before.
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** Bytes start to end of a file's UTF-8, as text (for header lines and error messages). */
function textOf(bytes: Uint8Array, start: number, end: number): string {
  return utf8.decode(bytes.subarray(start, end));
}

/**
 * Read an ESRI ASCII grid, from its text or straight from the file's bytes (UTF-8). Bytes are
 * quicker for a big file: a 2048 x 2048 grid is 40 MB of text, and decoding it into a string cost
 * more than parsing it. Throws GridError with the line (and value) at fault.
 */
export function parseAsc(input: string | Uint8Array, opts: AscReadOptions = {}): AscGrid {
  // One scanner, over bytes: text is encoded first (tests and small grids; the page and the
  // command hand over bytes).
  const text = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const policy = opts.nodata ?? 'fill';
  const header = new Map<HeaderKey, { value: number; line: number }>();
  let pos = 0;
  let lineNo = 0;
  const nextLine = (): string | undefined => {
    if (pos >= text.length) return undefined;
    let end = text.indexOf(10, pos);
    if (end < 0) end = text.length;
    const line = textOf(text, pos, end);
    pos = end + 1;
    lineNo++;
    return line;
  };

  // Header: "key value" lines, in any order, until the first line that is not a known key.
  for (;;) {
    const lineStart = pos;
    const line = nextLine();
    if (line === undefined) break;
    const toks = line.trim().split(/\s+/);
    if (toks[0] === '') continue;
    const key = toks[0]!.toLowerCase();
    if (!/^[a-z_]/.test(key) || (!isHeaderKey(key) && requiredSeen(header))) {
      // The first data line: read it again below.
      pos = lineStart;
      lineNo--;
      break;
    }
    if (key === 'dx' || key === 'dy') throw new GridError(`line ${lineNo}: separate dx/dy cell sizes are not supported; cells must be square (cellsize)`);
    if (!isHeaderKey(key)) throw new GridError(`line ${lineNo}: unknown header key "${toks[0]}"; expected one of ${HEADER_KEYS.join(', ')}`);
    if (header.has(key)) throw new GridError(`line ${lineNo}: header key ${key} given twice`);
    if (toks.length !== 2) throw new GridError(`line ${lineNo}: header line for ${key} should be "${key} value", got "${line.trim()}"`);
    const value = parseDecimal(toks[1]!);
    if (!Number.isFinite(value)) throw new GridError(`line ${lineNo}: ${key} must be a number, got "${toks[1]}"`);
    header.set(key, { value, line: lineNo });
  }

  const need = (key: HeaderKey): { value: number; line: number } => {
    const h = header.get(key);
    if (!h) throw new GridError(`missing header key ${key}`);
    return h;
  };
  const cols = need('ncols');
  const rows = need('nrows');
  for (const [name, h] of [['ncols', cols], ['nrows', rows]] as const) {
    if (!Number.isInteger(h.value)) throw new GridError(`line ${h.line}: ${name} must be a whole number, got ${h.value}`);
    if (h.value < 2) throw new GridError(`line ${h.line}: ${name} must be at least 2, got ${h.value}`);
    if (h.value > MAX_GRID_SIDE) throw new GridError(`line ${h.line}: ${name} of ${h.value} is too large (at most ${MAX_GRID_SIDE})`);
  }
  const ncols = cols.value;
  const nrows = rows.value;
  if (ncols * nrows > MAX_GRID_CELLS) {
    throw new GridError(`grid of ${ncols} x ${nrows} cells is too large (at most ${MAX_GRID_CELLS} cells, 8192 x 8192)`);
  }
  const cell = need('cellsize');
  if (!(cell.value > 0)) throw new GridError(`line ${cell.line}: cellsize must be positive, got ${cell.value}`);
  const cs = cell.value;
  const xCorner = header.get('xllcorner');
  const xCenter = header.get('xllcenter');
  const yCorner = header.get('yllcorner');
  const yCenter = header.get('yllcenter');
  if (xCorner && xCenter) throw new GridError(`line ${xCenter.line}: give xllcorner or xllcenter, not both`);
  if (yCorner && yCenter) throw new GridError(`line ${yCenter.line}: give yllcorner or yllcenter, not both`);
  if (!xCorner && !xCenter) throw new GridError('missing header key xllcorner (or xllcenter)');
  if (!yCorner && !yCenter) throw new GridError('missing header key yllcorner (or yllcenter)');
  if (!!xCorner !== !!yCorner) {
    throw new GridError(`line ${(xCenter ?? yCenter)!.line}: mixed registration; use xllcorner with yllcorner, or xllcenter with yllcenter`);
  }
  const registration: Registration = xCorner ? 'corner' : 'center';
  const originX = xCorner ? xCorner.value + cs / 2 : xCenter!.value;
  const originY = yCorner ? yCorner.value + cs / 2 : yCenter!.value;
  const nodataValue = header.get('nodata_value')?.value;

  // Data: one grid row per line, north first.
  const rowReader = new RowReader(text, new Float32Array(ncols * nrows), policy === 'reject');
  // NaN equals no value, so a file without NODATA_value has none.
  const nodata = nodataValue ?? NaN;
  let row = 0;
  // Scan the bytes in place (no string per line or per value): millions of values.
  const len = text.length;
  while (pos < len) {
    let n = text.indexOf(10, pos);
    if (n < 0) n = len;
    let p = pos;
    pos = n + 1;
    lineNo++;
    // Skip blank lines (a trailing newline, or blank lines between rows).
    while (p < n && isSpace(text[p]!)) p++;
    if (p === n) continue;
    if (row >= nrows) throw new GridError(`line ${lineNo}: more data rows than nrows (${nrows})`);
    const count = rowReader.read(p, n, (nrows - 1 - row) * ncols, ncols, nodata, lineNo);
    if (count !== ncols) throw new GridError(`line ${lineNo}: row ${row + 1} has ${count} values, expected ${ncols}`);
    row++;
  }
  const { heights, mask, nodataCount } = rowReader;
  if (row < nrows) throw new GridError(`expected ${nrows} rows of data, found ${row} (file truncated?)`);
  if (mask) {
    if (nodataCount === ncols * nrows) throw new GridError('every cell is NODATA');
    fillHoles(heights, mask, ncols);
  }
  return { heightmap: { cols: ncols, rows: nrows, cellSize: cs, originX, originY, heights }, registration, nodataValue, nodataMask: mask };
}

/**
 * Reads the data lines one call a row, keeping what carries over between rows. The optimiser
 * compiles a function called once a row as a whole; one loop over the whole file it could only
 * enter part way through. On a 2048 x 2048 grid the row calls parsed some 5% quicker in a fresh
 * process and 10% once warm.
 */
class RowReader {
  /** 1 where the file had NODATA, made at the first. */
  mask: Uint8Array | undefined = undefined;
  nodataCount = 0;
  private readonly scanned = new Float64Array(1);

  constructor(
    private readonly text: Uint8Array,
    readonly heights: Float32Array,
    private readonly reject: boolean,
  ) {}

  /** Read the values in bytes p to n, line lineNo, into heights from base on; returns how many there were. */
  read(p: number, n: number, base: number, ncols: number, nodataValue: number, lineNo: number): number {
    const { text, heights, scanned } = this;
    let count = 0;
    while (p < n) {
      const start = p;
      p = scanNumber(text, p, n, scanned);
      const v = scanned[0]!;
      if (count < ncols) {
        if (Number.isNaN(v)) {
          const tok = textOf(text, start, p);
          if (/^[+-]?nan$/i.test(tok)) throw new GridError(`line ${lineNo}, value ${count + 1}: NaN is not a height (use NODATA_value for missing cells)`);
          if (/^[+-]?inf(inity)?$/i.test(tok)) throw new GridError(`line ${lineNo}, value ${count + 1}: ${tok} is not a finite height`);
          throw new GridError(`line ${lineNo}, value ${count + 1}: "${tok}" is not a number`);
        }
        if (v === nodataValue) {
          if (this.reject) throw new GridError(`line ${lineNo}, value ${count + 1}: NODATA cell (${nodataValue}); this grid must be complete`);
          this.mask ??= new Uint8Array(heights.length);
          this.mask[base + count] = 1;
          this.nodataCount++;
        } else if (!Number.isFinite(v)) {
          throw new GridError(`line ${lineNo}, value ${count + 1}: ${textOf(text, start, p)} is not a finite height`);
        } else {
          const f = Math.fround(v);
          if (!Number.isFinite(f)) throw new GridError(`line ${lineNo}, value ${count + 1}: ${textOf(text, start, p)} is too large for a height`);
          heights[base + count] = f;
        }
      }
      count++;
      while (p < n && isSpace(text[p]!)) p++;
    }
    return count;
  }
}

function requiredSeen(header: Map<HeaderKey, unknown>): boolean {
  return (
    header.has('ncols') &&
    header.has('nrows') &&
    header.has('cellsize') &&
    (header.has('xllcorner') || header.has('xllcenter')) &&
    (header.has('yllcorner') || header.has('yllcenter'))
  );
}

function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 13 || c === 11 || c === 12;
}

/**
 * Read the number starting at s[p] into out[0] and return where its token ends, without building
 * a substring on the common path: up to 15 digits and a power of ten up to 22 give a correctly
 * rounded result by one multiply or divide (both operands exact), the same double as Number().
 * Anything else goes through Number(). (The value goes out through an array because returning a
 * double from a call that is not inlined allocates, and a big grid has millions of them.) The
 * line ends at n, read as a space, so no read goes past the bytes.
 */
function scanNumber(s: Uint8Array, p: number, n: number, out: Float64Array): number {
  const start = p;
  let neg = false;
  let c = p < n ? s[p]! : 32;
  if (c === 45 || c === 43) {
    neg = c === 45;
    c = ++p < n ? s[p]! : 32;
  }
  let mant = 0;
  let digits = 0;
  let exp = 0;
  let any = false;
  while (c >= 48 && c <= 57) {
    mant = mant * 10 + (c - 48);
    digits++;
    any = true;
    c = ++p < n ? s[p]! : 32;
  }
  if (c === 46) {
    c = ++p < n ? s[p]! : 32;
    while (c >= 48 && c <= 57) {
      mant = mant * 10 + (c - 48);
      digits++;
      exp--;
      any = true;
      c = ++p < n ? s[p]! : 32;
    }
  }
  let fast = any;
  if (any && (c === 101 || c === 69)) {
    let q = p + 1;
    let ec = q < n ? s[q]! : 32;
    let eneg = false;
    if (ec === 45 || ec === 43) {
      eneg = ec === 45;
      ec = ++q < n ? s[q]! : 32;
    }
    let e = 0;
    let edigits = 0;
    while (ec >= 48 && ec <= 57) {
      e = e * 10 + (ec - 48);
      edigits++;
      ec = ++q < n ? s[q]! : 32;
    }
    if (edigits === 0) fast = false;
    else {
      exp += eneg ? -e : e;
      p = q;
      c = ec;
    }
  }
  // The token must end here; otherwise it is not a plain number.
  if (p < n && !isSpace(c)) {
    while (p < n && !isSpace(s[p]!)) p++;
    out[0] = parseDecimal(textOf(s, start, p));
    return p;
  }
  if (fast && digits <= 15 && exp >= -22 && exp <= 22) {
    const v = exp >= 0 ? mant * POW10[exp]! : mant / POW10[-exp]!;
    out[0] = neg ? -v : v;
  } else out[0] = parseDecimal(textOf(s, start, p));
  return p;
}

/** Fill masked samples with the mean of their known 4-neighbours, a ring at a time inwards. */
function fillHoles(h: Float32Array, mask: Uint8Array, cols: number): void {
  const known = new Uint8Array(mask.length);
  for (let k = 0; k < mask.length; k++) known[k] = mask[k] ? 0 : 1;
  let ring: number[] = [];
  const touchesKnown = (k: number): boolean => {
    const i = k % cols;
    return (i > 0 && known[k - 1] === 1) || (i < cols - 1 && known[k + 1] === 1) || (k >= cols && known[k - cols] === 1) || (k + cols < known.length && known[k + cols] === 1);
  };
  for (let k = 0; k < mask.length; k++) if (mask[k] && touchesKnown(k)) ring.push(k);
  const vals: number[] = [];
  while (ring.length > 0) {
    vals.length = 0;
    for (const k of ring) {
      const i = k % cols;
      let sum = 0;
      let n = 0;
      const take = (nb: number): void => {
        if (known[nb] === 1) {
          sum += h[nb]!;
          n++;
        }
      };
      if (i > 0) take(k - 1);
      if (i < cols - 1) take(k + 1);
      if (k >= cols) take(k - cols);
      if (k + cols < known.length) take(k + cols);
      vals.push(sum / n);
    }
    // Set the whole ring at once, so the result does not depend on the scan order.
    ring.forEach((k, x) => {
      h[k] = vals[x]!;
      known[k] = 1;
    });
    const next: number[] = [];
    const queued = new Set<number>();
    for (const k of ring) {
      const i = k % cols;
      for (const nb of [i > 0 ? k - 1 : -1, i < cols - 1 ? k + 1 : -1, k - cols, k + cols]) {
        if (nb >= 0 && nb < known.length && known[nb] === 0 && !queued.has(nb)) {
          queued.add(nb);
          next.push(nb);
        }
      }
    }
    next.sort((a, b) => a - b);
    ring = next;
  }
}

export interface AscWriteOptions {
  /** Header style; default 'corner' (xllcorner/yllcorner), which every GIS reads. */
  registration?: Registration;
  /** Values to write instead of the heights (e.g. a viewshed), laid out like heights. */
  values?: ArrayLike<number>;
  /** Written for NaN and infinite values; default -9999. The header line appears only when used or given. */
  nodataValue?: number;
}

/**
 * Write an ESRI ASCII grid, north row first. Heights are written with the fewest digits that read
 * back to the same 32-bit float, so a round trip is exact.
 */
export function formatAsc(hm: Heightmap, opts: AscWriteOptions = {}): string {
  return utf8.decode(formatAscBytes(hm, opts));
}

/**
 * formatAsc's text as bytes (it is all ASCII), ready to be written to a file. A big grid's
 * millions of numbers are written digit by digit into one buffer: a string for each, joined, then
 * encoded for the file, took several times as long as the viewshed they wrote.
 */
export function formatAscBytes(hm: Heightmap, opts: AscWriteOptions = {}): Uint8Array {
  const { cols, rows, cellSize: cs } = hm;
  const values = opts.values ?? hm.heights;
  if (values.length !== cols * rows) throw new GridError(`values has ${values.length} entries for a ${cols} x ${rows} grid`);
  let hasNodata = opts.nodataValue !== undefined;
  for (let k = 0; k < values.length && !hasNodata; k++) if (!Number.isFinite(values[k]!)) hasNodata = true;
  const nodata = opts.nodataValue ?? -9999;
  const corner = (opts.registration ?? 'corner') === 'corner';
  const x = corner ? hm.originX - cs / 2 : hm.originX;
  const y = corner ? hm.originY - cs / 2 : hm.originY;
  const head = [
    `ncols ${cols}`,
    `nrows ${rows}`,
    `${corner ? 'xllcorner' : 'xllcenter'} ${clean(x)}`,
    `${corner ? 'yllcorner' : 'yllcenter'} ${clean(y)}`,
    `cellsize ${clean(cs)}`,
  ];
  if (hasNodata) head.push(`NODATA_value ${clean(nodata)}`);
  const headText = head.join('\n') + '\n';
  const nodataText = clean(nodata);
  // Room checked once a row, for its widest possible text.
  const rowMax = cols * (Math.max(FLOAT_CHARS, nodataText.length) + 1);
  // Two bytes a value fits a 1/0 visibility grid exactly; other grids grow once or twice.
  let out = new Uint8Array(headText.length + 2 * cols * rows + rowMax);
  let at = writeAscii(out, 0, headText);
  for (let j = rows - 1; j >= 0; j--) {
    if (at + rowMax > out.length) {
      // Room for all rows at the average length so far, and a little over: usually one copy.
      const done = rows - 1 - j;
      const bigger = new Uint8Array(Math.ceil(Math.max(1.25 * out.length, ((at * rows) / done) * 1.05)) + rowMax);
      bigger.set(out.subarray(0, at));
      out = bigger;
    }
    const base = j * cols;
    for (let i = 0; i < cols; i++) {
      if (i > 0) out[at++] = 32;
      const v = values[base + i]!;
      at = Number.isFinite(v) ? writeFloat32(out, at, v) : writeAscii(out, at, nodataText);
    }
    out[at++] = 10;
  }
  return out.subarray(0, at);
}

/** A header number without float noise from corner/centre arithmetic (1000.0000000000001 -> 1000). */
function clean(v: number): string {
  return String(Number(v.toPrecision(15)));
}

/** The most characters writeFloat32 writes (its longest forms, like "-1.1754943508222875e-38", have 23). */
const FLOAT_CHARS = 32;
const floatScratch = new Uint8Array(FLOAT_CHARS);

/**
 * A short decimal (at most 9 significant digits, usually the fewest) that reads back as the same
 * 32-bit float.
 */
export function shortFloat32(v: number): string {
  return utf8.decode(floatScratch.subarray(0, writeFloat32(floatScratch, 0, v)));
}

/**
 * Write shortFloat32(v) into out at `at`, returning where it ends. Big grids have millions of
 * values, so the usual range is done with integer arithmetic: q / 10^d is exactly what a reader
 * makes of the digits of q with d decimals (both are exact doubles and one division rounds
 * correctly), so checking fround(q / 10^d) checks the text, and the digits of q are written
 * straight into the bytes.
 */
function writeFloat32(out: Uint8Array, at: number, v: number): number {
  const f = Math.fround(v);
  const a = Math.abs(f);
  // Whole numbers (-0 too, written "0" as String(-0) is).
  if (Number.isInteger(f) && a < 1e15) {
    if (f < 0) out[at++] = 45;
    return writeDecimals(out, at, a, 0);
  }
  if (a >= 1e-4 && a < 1e8) {
    // Digits before the point (0 for a < 1, which then needs more decimals).
    let whole = 0;
    while (whole < 9 && a >= POW10[whole]!) whole++;
    const lead = a < 1 ? Math.floor(-Math.log10(a)) : 0;
    for (let sig = 6; sig <= 9; sig++) {
      const d = Math.max(0, sig - whole) + lead;
      if (d > 22) break;
      const q = Math.round(a * POW10[d]!);
      if (Math.fround(q / POW10[d]!) === a) {
        if (f < 0) out[at++] = 45;
        return writeDecimals(out, at, q, d);
      }
    }
  }
  return writeAscii(out, at, roundTripText(f));
}

/** The rare values outside writeFloat32's integer range: the shortest toPrecision that reads back. */
function roundTripText(f: number): string {
  for (let p = 6; p <= 9; p++) {
    const d = Number(f.toPrecision(p));
    if (Math.fround(d) === f) return String(d);
  }
  return String(f);
}

/**
 * Write the whole number q (0 <= q < 1e15) as q / 10^d, with trailing zeros after the point left
 * off and at least one digit before it (5 with 2 decimals is "0.05"); returns where it ends.
 */
function writeDecimals(out: Uint8Array, at: number, q: number, d: number): number {
  // Nearly every q fits 31 bits, where integer division is quickest; larger ones go as doubles.
  if (q > 0x7fffffff) return writeBigDecimals(out, at, q, d);
  let n = q | 0;
  while (d > 0 && n % 10 === 0) {
    n = (n / 10) | 0;
    d--;
  }
  let len = 1;
  while (len < 10 && n >= POW10[len]!) len++;
  const width = len > d ? len : d + 1;
  const end = at + width + (d > 0 ? 1 : 0);
  let w = end;
  for (let k = 0; k < width; k++) {
    if (k === d && d > 0) out[--w] = 46;
    const t = (n / 10) | 0;
    out[--w] = 48 + n - t * 10;
    n = t;
  }
  return end;
}

/** writeDecimals for q of 2^31 and more: floor(q / 10) is exact for whole numbers below 2^53. */
function writeBigDecimals(out: Uint8Array, at: number, q: number, d: number): number {
  for (;;) {
    const t = Math.floor(q / 10);
    if (d === 0 || q !== t * 10) break;
    q = t;
    d--;
  }
  let len = 1;
  while (len < 16 && q >= POW10[len]!) len++;
  const width = Math.max(len, d + 1);
  const end = at + width + (d > 0 ? 1 : 0);
  let w = end;
  for (let k = 0; k < width; k++) {
    if (k === d && d > 0) out[--w] = 46;
    const t = Math.floor(q / 10);
    out[--w] = 48 + (q - t * 10);
    q = t;
  }
  return end;
}

/** Write an ASCII string's characters; returns where they end. */
function writeAscii(out: Uint8Array, at: number, s: string): number {
  for (let k = 0; k < s.length; k++) out[at++] = s.charCodeAt(k);
  return at;
}

// ---------------------------------------------------------------------------------------------
// Fitting a real landscape onto the table

export interface FittedGrid {
  heightmap: Heightmap;
  /** Table mm per grid unit, horizontally. */
  horizontalScale: number;
  /** Table mm per grid height unit. */
  verticalScale: number;
  /** How much steeper the table is than the land: verticalScale / horizontalScale. */
  exaggeration: number;
}

/** Default relief on the table: about three inches from the lowest point to the highest. */
export const DEFAULT_TABLE_RELIEF = 75;

/**
 * Scale a georeferenced grid onto a table: horizontally by one factor, so the land keeps its shape
 * and fits inside tableWidth x tableDepth (mm), centred; vertically so the lowest point is 0 and
 * the highest DEFAULT_TABLE_RELIEF mm, unless `verticalScale` (table mm per grid height unit) is
 * given. A real valley of 100 m relief a few km across becomes a few inches of hills with some
 * vertical exaggeration, which is what a wargames table needs to have any dead ground at all.
 */
export function fitToTable(grid: Heightmap, tableWidth: number, tableDepth: number, verticalScale?: number): FittedGrid {
  if (!(tableWidth > 0) || !(tableDepth > 0)) throw new RangeError(`table size must be positive, got ${tableWidth} x ${tableDepth}`);
  if (verticalScale !== undefined && !(verticalScale > 0 && Number.isFinite(verticalScale))) {
    throw new RangeError(`verticalScale must be a positive number, got ${verticalScale}`);
  }
  const width = (grid.cols - 1) * grid.cellSize;
  const depth = (grid.rows - 1) * grid.cellSize;
  const k = Math.min(tableWidth / width, tableDepth / depth);
  let min = Infinity;
  let max = -Infinity;
  for (const v of grid.heights) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const vs = verticalScale ?? (max > min ? DEFAULT_TABLE_RELIEF / (max - min) : 1);
  const heights = new Float32Array(grid.heights.length);
  for (let i = 0; i < heights.length; i++) heights[i] = (grid.heights[i]! - min) * vs;
  const cellSize = grid.cellSize * k;
  return {
    heightmap: {
      cols: grid.cols,
      rows: grid.rows,
      cellSize,
      originX: (tableWidth - width * k) / 2,
      originY: (tableDepth - depth * k) / 2,
      heights,
    },
    horizontalScale: k,
    verticalScale: vs,
    exaggeration: vs / k,
  };
}

// ---------------------------------------------------------------------------------------------
// PNG

export type Inflate = (data: Uint8Array) => Uint8Array;
export type Deflate = (data: Uint8Array) => Uint8Array;

export interface GreyImage {
  width: number;
  height: number;
  bitDepth: 8 | 16;
  /** Row-major, top row first, one sample per pixel. */
  samples: Uint8Array | Uint16Array;
  /** tEXt chunks, keyword to text. */
  text: Record<string, string>;
}

const PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];
/** tEXt keyword carrying a heightmap's scale and placement (JSON). */
export const PNG_GRID_KEYWORD = 'tricorne:grid';

let crcTable: Uint32Array | undefined;

function crc32(bytes: Uint8Array, start: number, end: number): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = crcTable[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function readU32(b: Uint8Array, at: number): number {
  return ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
}

interface PngParts {
  width: number;
  height: number;
  bitDepth: 8 | 16;
  idat: Uint8Array;
  text: Record<string, string>;
}

/** Check the signature, every chunk's length and CRC, and the header; gather IDAT and tEXt. */
function readPngParts(bytes: Uint8Array): PngParts {
  if (bytes.length < 8 || PNG_SIGNATURE.some((v, i) => bytes[i] !== v)) throw new GridError('not a PNG file (bad signature)');
  let at = 8;
  let header: { width: number; height: number; bitDepth: 8 | 16 } | undefined;
  const idat: Uint8Array[] = [];
  const text: Record<string, string> = {};
  let ended = false;
  while (at < bytes.length) {
    if (at + 12 > bytes.length) throw new GridError(`PNG truncated: chunk header at byte ${at} is incomplete`);
    const len = readU32(bytes, at);
    const type = String.fromCharCode(bytes[at + 4]!, bytes[at + 5]!, bytes[at + 6]!, bytes[at + 7]!);
    if (at + 12 + len > bytes.length) {
      throw new GridError(`PNG truncated: chunk ${type} at byte ${at} needs ${len} bytes of data, only ${Math.max(0, bytes.length - at - 12)} left`);
    }
    const data = bytes.subarray(at + 8, at + 8 + len);
    const crc = readU32(bytes, at + 8 + len);
    if (crc32(bytes, at + 4, at + 8 + len) !== crc) throw new GridError(`PNG corrupt: bad CRC in chunk ${type} at byte ${at}`);
    if (!header && type !== 'IHDR') throw new GridError(`PNG corrupt: first chunk is ${type}, not IHDR`);
    if (type === 'IHDR') {
      if (header) throw new GridError('PNG corrupt: two IHDR chunks');
      if (len !== 13) throw new GridError(`PNG corrupt: IHDR has ${len} bytes, not 13`);
      const width = readU32(data, 0);
      const height = readU32(data, 4);
      const depth = data[8]!;
      const colour = data[9]!;
      if (data[10] !== 0 || data[11] !== 0) throw new GridError('PNG corrupt: unknown compression or filter method');
      if (data[12] !== 0) throw new GridError('interlaced PNGs are not supported; save without interlacing');
      if (colour !== 0) {
        const names: Record<number, string> = { 2: 'RGB', 3: 'palette', 4: 'grey with alpha', 6: 'RGBA' };
        throw new GridError(`PNG colour type ${colour} (${names[colour] ?? 'unknown'}) is not supported; a heightmap must be greyscale (colour type 0)`);
      }
      if (depth !== 8 && depth !== 16) throw new GridError(`PNG bit depth ${depth} is not supported; use 16 (or 8) bits per sample`);
      if (width < 2 || height < 2) throw new GridError(`PNG of ${width} x ${height} pixels is too small for a heightmap (at least 2 x 2)`);
      if (width > MAX_GRID_SIDE || height > MAX_GRID_SIDE || width * height > MAX_GRID_CELLS) {
        throw new GridError(`PNG of ${width} x ${height} pixels is too large (at most ${MAX_GRID_CELLS} pixels, 8192 x 8192)`);
      }
      header = { width, height, bitDepth: depth };
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'tEXt') {
      const zero = data.indexOf(0);
      if (zero > 0) text[latin1(data.subarray(0, zero))] = latin1(data.subarray(zero + 1));
    } else if (type === 'IEND') {
      ended = true;
      break;
    } else if ((bytes[at + 4]! & 0x20) === 0) {
      // Upper-case first letter: a critical chunk we do not understand (PLTE is only for colour).
      if (type !== 'PLTE') throw new GridError(`PNG uses critical chunk ${type}, which this reader does not know`);
    }
    at += 12 + len;
  }
  if (!header) throw new GridError('PNG truncated: no IHDR chunk');
  if (!ended) throw new GridError('PNG truncated: no IEND chunk');
  if (idat.length === 0) throw new GridError('PNG corrupt: no image data (IDAT)');
  let total = 0;
  for (const d of idat) total += d.length;
  const all = new Uint8Array(total);
  let o = 0;
  for (const d of idat) {
    all.set(d, o);
    o += d.length;
  }
  return { ...header, idat: all, text };
}

function latin1(b: Uint8Array): string {
  let s = '';
  for (let i = 0; i < b.length; i++) s += String.fromCharCode(b[i]!);
  return s;
}

/** Undo the per-row filters (None, Sub, Up, Average, Paeth) and unpack the samples. */
function unfilter(parts: PngParts, raw: Uint8Array): GreyImage {
  const { width, height, bitDepth } = parts;
  const bpp = bitDepth / 8;
  const stride = width * bpp;
  if (raw.length !== (stride + 1) * height) {
    throw new GridError(`PNG image data has ${raw.length} bytes, expected ${(stride + 1) * height} for ${width} x ${height} at ${bitDepth} bits`);
  }
  let cur = new Uint8Array(stride);
  let prev = new Uint8Array(stride);
  const samples = bitDepth === 16 ? new Uint16Array(width * height) : new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const at = y * (stride + 1);
    const f = raw[at]!;
    const line = raw.subarray(at + 1, at + 1 + stride);
    switch (f) {
      case 0:
        cur.set(line);
        break;
      case 1:
        for (let i = 0; i < stride; i++) cur[i] = line[i]! + (i >= bpp ? cur[i - bpp]! : 0);
        break;
      case 2:
        for (let i = 0; i < stride; i++) cur[i] = line[i]! + prev[i]!;
        break;
      case 3:
        for (let i = 0; i < stride; i++) cur[i] = line[i]! + (((i >= bpp ? cur[i - bpp]! : 0) + prev[i]!) >> 1);
        break;
      case 4:
        for (let i = 0; i < stride; i++) cur[i] = line[i]! + paeth(i >= bpp ? cur[i - bpp]! : 0, prev[i]!, i >= bpp ? prev[i - bpp]! : 0);
        break;
      default:
        throw new GridError(`PNG corrupt: row ${y} has unknown filter type ${f}`);
    }
    const o = y * width;
    if (bitDepth === 16) for (let x = 0; x < width; x++) samples[o + x] = (cur[2 * x]! << 8) | cur[2 * x + 1]!;
    else samples.set(cur, o);
    const t = prev;
    prev = cur;
    cur = t;
  }
  return { width, height, bitDepth, samples, text: parts.text };
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

function inflateChecked(inflate: Inflate, data: Uint8Array): Uint8Array {
  try {
    return inflate(data);
  } catch (e) {
    throw new GridError(`PNG image data is corrupt: ${(e as Error).message}`);
  }
}

/** Decode a greyscale PNG (8 or 16 bits per sample). */
export function decodePng(bytes: Uint8Array, inflate: Inflate): GreyImage {
  const parts = readPngParts(bytes);
  return unfilter(parts, inflateChecked(inflate, parts.idat));
}

/** decodePng with the browser's (and Node's) DecompressionStream, needing no zlib library. */
export async function decodePngAsync(bytes: Uint8Array): Promise<GreyImage> {
  const parts = readPngParts(bytes);
  let raw: Uint8Array;
  try {
    raw = await inflateWithStreams(parts.idat);
  } catch (e) {
    throw new GridError(`PNG image data is corrupt: ${(e as Error).message}`);
  }
  return unfilter(parts, raw);
}

/** zlib inflate through DecompressionStream('deflate') (which is the zlib format). */
export async function inflateWithStreams(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data as BlobPart]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Encode a greyscale PNG; each row gets whichever filter makes its bytes smallest in sum. */
export function encodePng(img: GreyImage, deflate: Deflate): Uint8Array {
  const { width, height, bitDepth, samples } = img;
  if (samples.length !== width * height) throw new GridError(`${samples.length} samples for a ${width} x ${height} image`);
  const bpp = bitDepth / 8;
  const stride = width * bpp;
  const raw = new Uint8Array((stride + 1) * height);
  let prev = new Uint8Array(stride);
  let cur = new Uint8Array(stride);
  const trial = new Uint8Array(stride);
  const best = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = samples[y * width + x]!;
      if (bitDepth === 16) {
        cur[2 * x] = v >> 8;
        cur[2 * x + 1] = v & 0xff;
      } else cur[x] = v;
    }
    let bestSum = Infinity;
    let bestFilter = 0;
    for (let f = 0; f <= 4; f++) {
      let sum = 0;
      for (let i = 0; i < stride; i++) {
        const a = i >= bpp ? cur[i - bpp]! : 0;
        const b = prev[i]!;
        const c = i >= bpp ? prev[i - bpp]! : 0;
        const pred = f === 0 ? 0 : f === 1 ? a : f === 2 ? b : f === 3 ? (a + b) >> 1 : paeth(a, b, c);
        const v = (cur[i]! - pred) & 0xff;
        trial[i] = v;
        sum += v < 128 ? v : 256 - v;
      }
      if (sum < bestSum) {
        bestSum = sum;
        bestFilter = f;
        best.set(trial);
      }
    }
    raw[y * (stride + 1)] = bestFilter;
    raw.set(best, y * (stride + 1) + 1);
    const t = prev;
    prev = cur;
    cur = t;
  }

  const chunks: Uint8Array[] = [];
  const ihdr = new Uint8Array(13);
  const dv = new DataView(ihdr.buffer);
  dv.setUint32(0, width);
  dv.setUint32(4, height);
  ihdr[8] = bitDepth;
  chunks.push(chunk('IHDR', ihdr));
  for (const [k, v] of Object.entries(img.text)) chunks.push(chunk('tEXt', latin1Bytes(`${k}\0${v}`)));
  chunks.push(chunk('IDAT', deflate(raw)));
  chunks.push(chunk('IEND', new Uint8Array(0)));
  let total = 8;
  for (const c of chunks) total += c.length;
  const out = new Uint8Array(total);
  out.set(PNG_SIGNATURE, 0);
  let o = 8;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}

function latin1Bytes(s: string): Uint8Array {
  const b = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c > 255) throw new GridError('PNG text must be Latin-1');
    b[i] = c;
  }
  return b;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(data.length + 12);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  dv.setUint32(8 + data.length, crc32(out, 4, 8 + data.length));
  return out;
}

interface PngGridMeta {
  min: number;
  max: number;
  cellSize: number;
  originX: number;
  originY: number;
}

/**
 * A heightmap as a 16-bit greyscale PNG, north at the top: 0 is the lowest height and 65535 the
 * highest, and a tEXt chunk (PNG_GRID_KEYWORD) records that range, the cell size and the origin,
 * so heightmapFromPng restores the heights to within 1/65535 of the range.
 */
export function heightmapToPng(hm: Heightmap, deflate: Deflate): Uint8Array {
  let min = Infinity;
  let max = -Infinity;
  for (const v of hm.heights) {
    if (!Number.isFinite(v)) throw new GridError('heightmap has a non-finite height');
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const span = max - min;
  const samples = new Uint16Array(hm.cols * hm.rows);
  for (let j = 0; j < hm.rows; j++) {
    const o = (hm.rows - 1 - j) * hm.cols;
    for (let i = 0; i < hm.cols; i++) {
      samples[o + i] = span > 0 ? Math.round(((hm.heights[j * hm.cols + i]! - min) / span) * 65535) : 0;
    }
  }
  const meta: PngGridMeta = { min, max, cellSize: hm.cellSize, originX: hm.originX, originY: hm.originY };
  return encodePng({ width: hm.cols, height: hm.rows, bitDepth: 16, samples, text: { [PNG_GRID_KEYWORD]: JSON.stringify(meta) } }, deflate);
}

export interface PngHeightOptions {
  /** Heights for sample 0 and for the largest sample (65535, or 255 at 8 bits); default from the file's tEXt, else the raw sample values. */
  range?: [number, number];
  /** Default from the file's tEXt, else 1. */
  cellSize?: number;
  originX?: number;
  originY?: number;
}

/**
 * A heightmap from a decoded greyscale PNG, top row north. Options override what the file's
 * tEXt chunk says; a PNG from elsewhere (no chunk) gives raw sample values unless told a range.
 */
export function heightmapFromPng(img: GreyImage, opts: PngHeightOptions = {}): Heightmap {
  let meta: Partial<PngGridMeta> = {};
  const raw = img.text[PNG_GRID_KEYWORD];
  if (raw !== undefined) {
    try {
      meta = JSON.parse(raw) as Partial<PngGridMeta>;
    } catch {
      throw new GridError(`PNG text ${PNG_GRID_KEYWORD} is not valid JSON`);
    }
    for (const k of ['min', 'max', 'cellSize', 'originX', 'originY'] as const) {
      if (typeof meta[k] !== 'number' || !Number.isFinite(meta[k])) throw new GridError(`PNG text ${PNG_GRID_KEYWORD}: ${k} must be a finite number`);
    }
  }
  const top = img.bitDepth === 16 ? 65535 : 255;
  const [lo, hi] = opts.range ?? (meta.min !== undefined && meta.max !== undefined ? [meta.min, meta.max] : [0, top]);
  const cellSize = opts.cellSize ?? meta.cellSize ?? 1;
  if (!(cellSize > 0)) throw new GridError(`cell size must be positive, got ${cellSize}`);
  const { width, height, samples } = img;
  const heights = new Float32Array(width * height);
  const k = (hi - lo) / top;
  for (let j = 0; j < height; j++) {
    const o = (height - 1 - j) * width;
    for (let i = 0; i < width; i++) heights[j * width + i] = lo + samples[o + i]! * k;
  }
  return { cols: width, rows: height, cellSize, originX: opts.originX ?? meta.originX ?? 0, originY: opts.originY ?? meta.originY ?? 0, heights };
}
