/**
 * A small, serialisable pseudo-random generator (sfc32). Its whole state is four 32-bit integers,
 * so it can live inside the game state and be saved, hashed and replayed. Same results in Node and
 * in the browser, because it uses only 32-bit integer arithmetic.
 */

export type RngState = [number, number, number, number];

/** Turn any string or number seed into a generator state (by a 32-bit FNV-1a hash and splitmix). */
export function seedRng(seed: string | number): RngState {
  let h = 0x811c9dc5;
  const s = String(seed);
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  const next = (): number => {
    h = (h + 0x9e3779b9) >>> 0;
    let z = h;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  const state: RngState = [next(), next(), next(), next()];
  // Warm up so that similar seeds diverge.
  for (let i = 0; i < 12; i++) nextUint32(state);
  return state;
}

/** Advance the state in place and return a uint32. */
export function nextUint32(st: RngState): number {
  let [a, b, c, d] = st;
  a >>>= 0;
  b >>>= 0;
  c >>>= 0;
  d >>>= 0;
  const t = (((a + b) >>> 0) + d) >>> 0;
  d = (d + 1) >>> 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) >>> 0;
  c = ((c << 21) | (c >>> 11)) >>> 0;
  c = (c + t) >>> 0;
  st[0] = a >>> 0;
  st[1] = b;
  st[2] = c;
  st[3] = d;
  return t;
}

/** A float in [0, 1). */
export function nextFloat(st: RngState): number {
  return nextUint32(st) / 4294967296;
}

/** An integer in [0, n), without modulo bias. */
export function nextInt(st: RngState, n: number): number {
  if (n <= 0 || !Number.isInteger(n)) throw new RangeError(`nextInt needs a positive integer, got ${n}`);
  const limit = Math.floor(4294967296 / n) * n;
  for (;;) {
    const v = nextUint32(st);
    if (v < limit) return v % n;
  }
}

/** A stateful convenience wrapper for generators that do not need to be saved (terrain, AI sampling). */
export class Rng {
  readonly state: RngState;
  constructor(seed: string | number | RngState) {
    this.state = Array.isArray(seed) ? ([...seed] as RngState) : seedRng(seed);
  }
  float(): number {
    return nextFloat(this.state);
  }
  int(n: number): number {
    return nextInt(this.state, n);
  }
  range(min: number, max: number): number {
    return min + (max - min) * this.float();
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('pick from an empty list');
    return items[this.int(items.length)]!;
  }
}
