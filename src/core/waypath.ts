/**
 * A way from one point to another that bends round obstacles, no longer than a limit: a shortest
 * path over a square lattice of points (8 neighbours each), then pulled tight so it bends only where
 * it must. Rulesets say what is in the way through two callbacks; the search itself knows nothing of
 * units or ground. Deterministic: ties are broken by the order points are found in.
 */

import type { Vec2 } from './geometry';
import { dhypot } from './detmath';

export interface WayOptions {
  /** Lattice spacing, mm: the way's points lie on it (its start and end excepted). */
  cell: number;
  /** The longest way accepted, measured along it, mm. */
  maxLength: number;
  /** Whether something may stand at this point (cheap: it is asked for every lattice point reached). */
  standable: (p: Vec2) => boolean;
  /** Whether the straight way from `a` to `b` is clear (dearer: asked once for each leg of the way found). */
  clear: (a: Vec2, b: Vec2) => boolean;
}

/** A way found: its points, start and end included, and its length along them, mm. */
export interface Way {
  points: Vec2[];
  length: number;
}

/** How much longer than the limit a lattice way may be and still be searched (8-neighbour detours are at most 8.3% long). */
const LATTICE_SLACK = 1.09;

const NEIGHBOURS: readonly [number, number][] = [
  [1, 0],
  [0, 1],
  [-1, 0],
  [0, -1],
  [1, 1],
  [-1, 1],
  [-1, -1],
  [1, -1],
];

/** A small binary heap of node indices ordered by a priority array (lowest first; ties by insertion). */
class Frontier {
  private heap: number[] = [];
  private order: number[] = [];
  private count = 0;
  constructor(private readonly prio: Float64Array) {}
  get size(): number {
    return this.heap.length;
  }
  private less(a: number, b: number): boolean {
    const pa = this.prio[this.heap[a]!]!;
    const pb = this.prio[this.heap[b]!]!;
    return pa < pb || (pa === pb && this.order[a]! < this.order[b]!);
  }
  private swap(a: number, b: number): void {
    [this.heap[a], this.heap[b]] = [this.heap[b]!, this.heap[a]!];
    [this.order[a], this.order[b]] = [this.order[b]!, this.order[a]!];
  }
  push(node: number): void {
    this.heap.push(node);
    this.order.push(this.count++);
    let i = this.heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }
  pop(): number {
    const top = this.heap[0]!;
    const last = this.heap.length - 1;
    this.swap(0, last);
    this.heap.pop();
    this.order.pop();
    let i = 0;
    for (;;) {
      const l = i * 2 + 1;
      const r = l + 1;
      let m = i;
      if (l < this.heap.length && this.less(l, m)) m = l;
      if (r < this.heap.length && this.less(r, m)) m = r;
      if (m === i) break;
      this.swap(i, m);
      i = m;
    }
    return top;
  }
}

const lengthOf = (points: readonly Vec2[]): number => {
  let sum = 0;
  for (let i = 1; i < points.length; i++) sum += dhypot(points[i]!.x - points[i - 1]!.x, points[i]!.y - points[i - 1]!.y);
  return sum;
};

/**
 * The shortest way found from `start` to `goal` that keeps to standable lattice points, pulled tight
 * over standable ground, no longer than `maxLength`; null when there is none, or a leg of it is not
 * `clear`. Every leg of the way returned has been found clear.
 */
export function findWay(start: Vec2, goal: Vec2, opts: WayOptions): Way | null {
  const { cell, maxLength } = opts;
  if (dhypot(goal.x - start.x, goal.y - start.y) > maxLength) return null;
  const n = Math.ceil((maxLength * LATTICE_SLACK) / cell);
  const side = 2 * n + 1;
  const total = side * side;
  const pointOf = (k: number): Vec2 => ({ x: start.x + ((k % side) - n) * cell, y: start.y + (Math.floor(k / side) - n) * cell });
  // 0 unknown, 1 standable, 2 not.
  const standable = new Uint8Array(total);
  const cost = new Float64Array(total).fill(Infinity);
  const prio = new Float64Array(total).fill(Infinity);
  const from = new Int32Array(total).fill(-1);
  const done = new Uint8Array(total);
  const canStand = (k: number): boolean => {
    if (standable[k] === 0) standable[k] = opts.standable(pointOf(k)) ? 1 : 2;
    return standable[k] === 1;
  };
  const toGoal = (p: Vec2): number => dhypot(goal.x - p.x, goal.y - p.y);
  const origin = n * side + n;
  cost[origin] = 0;
  prio[origin] = toGoal(start);
  const frontier = new Frontier(prio);
  frontier.push(origin);
  let reached = -1;
  while (frontier.size > 0) {
    const k = frontier.pop();
    if (done[k]) continue;
    done[k] = 1;
    const p = pointOf(k);
    // The goal is reached from any lattice point within one diagonal of it.
    if (toGoal(p) <= cell * Math.SQRT2 + 1e-9) {
      reached = k;
      break;
    }
    const i = k % side;
    const j = Math.floor(k / side);
    for (const [di, dj] of NEIGHBOURS) {
      const ni = i + di;
      const nj = j + dj;
      if (ni < 0 || nj < 0 || ni >= side || nj >= side) continue;
      const m = nj * side + ni;
      if (done[m]) continue;
      // A diagonal step may not cut the corner of a point that cannot be stood on.
      if (di !== 0 && dj !== 0 && (!canStand(j * side + ni) || !canStand(nj * side + i))) continue;
      if (!canStand(m)) continue;
      const g = cost[k]! + cell * (di !== 0 && dj !== 0 ? Math.SQRT2 : 1);
      const q = pointOf(m);
      const f = g + toGoal(q);
      // A lattice way runs up to 8% longer than the same way pulled tight: search a little beyond the limit.
      if (f > maxLength * LATTICE_SLACK + 1e-9 || g >= cost[m]!) continue;
      cost[m] = g;
      prio[m] = f;
      from[m] = k;
      frontier.push(m);
    }
  }
  if (reached < 0) return null;
  const lattice: Vec2[] = [];
  for (let k = reached; k !== -1; k = from[k]!) lattice.push(k === origin ? start : pointOf(k));
  lattice.reverse();
  lattice.push(goal);
  // Pull the way tight: from each corner go straight on to the last lattice point in a row still
  // reachable over standable ground (sampled every half cell), then check each leg for real.
  const open = (a: Vec2, b: Vec2): boolean => {
    const steps = Math.ceil(dhypot(b.x - a.x, b.y - a.y) / (cell / 2));
    for (let s = 1; s < steps; s++) if (!opts.standable({ x: a.x + ((b.x - a.x) * s) / steps, y: a.y + ((b.y - a.y) * s) / steps })) return false;
    return true;
  };
  const way: Vec2[] = [start];
  let at = 0;
  while (at < lattice.length - 1) {
    let next = at + 1;
    while (next + 1 < lattice.length && open(lattice[at]!, lattice[next + 1]!)) next++;
    // A leg that clips a corner between the samples is cut back a lattice point at a time.
    while (!opts.clear(lattice[at]!, lattice[next]!)) {
      if (next === at + 1) return null;
      next--;
    }
    way.push(lattice[next]!);
    at = next;
  }
  const length = lengthOf(way);
  return length <= maxLength + 1e-6 ? { points: way, length } : null;
}
