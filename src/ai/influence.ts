/**
 * Influence maps: a coarse grid over the table holding the enemy's threat (where its fire and
 * attacks reach, weighted by the worth and fitness of each unit) and our own, so a candidate
 * position is judged in O(1).
 *
 * A decision samples only a few hundred of the thousands of cells, so each cell is summed the first
 * time it is asked for, from the units' contributions in their order in the state: the same sums,
 * in the same order and float32 rounding, as filling the whole grid unit by unit. Reading `threat`
 * or `own` whole fills every cell first.
 */

import { pointRectDistanceAt, type OrientedRect, type Vec2 } from '../core/geometry';
import { unitFootprint, type GameState, type Unit } from '../core/model';
import type { AiHints } from '../core/ruleset';
import { dcos, dsin } from '../core/detmath';

export type InfluenceGrid = 'threat' | 'own';

export interface InfluenceMap {
  cell: number;
  cols: number;
  rows: number;
  /** Threat from the enemy at each cell. */
  readonly threat: Float32Array;
  /** Our own side's reach at each cell. */
  readonly own: Float32Array;
}

/** One unit's reach over the grid: its footprint, weight and reach, and the box of cells it may touch. */
interface Source {
  grid: InfluenceGrid;
  rect: OrientedRect;
  cos: number;
  sin: number;
  weight: number;
  reach: number;
  i0: number;
  i1: number;
  j0: number;
  j1: number;
}

/** Threat fades from full at the unit to a quarter at the edge of its reach. */
function falloff(d: number, reach: number): number {
  if (d > reach) return 0;
  return 1 - 0.75 * (d / Math.max(1, reach));
}

class LazyInfluence implements InfluenceMap {
  private readonly values: Record<InfluenceGrid, Float32Array>;
  private readonly summed: Record<InfluenceGrid, Uint8Array>;
  private readonly whole: Record<InfluenceGrid, boolean> = { threat: false, own: false };

  constructor(
    readonly cell: number,
    readonly cols: number,
    readonly rows: number,
    private readonly sources: readonly Source[],
  ) {
    this.values = { threat: new Float32Array(cols * rows), own: new Float32Array(cols * rows) };
    this.summed = { threat: new Uint8Array(cols * rows), own: new Uint8Array(cols * rows) };
  }

  get threat(): Float32Array {
    return this.filled('threat');
  }

  get own(): Float32Array {
    return this.filled('own');
  }

  /** The value of cell (i, j) of a grid, summed on first asking. */
  at(grid: InfluenceGrid, i: number, j: number): number {
    const k = j * this.cols + i;
    const values = this.values[grid];
    if (this.summed[grid][k]) return values[k]!;
    const x = (i + 0.5) * this.cell;
    const y = (j + 0.5) * this.cell;
    for (const s of this.sources) {
      if (s.grid !== grid || i < s.i0 || i > s.i1 || j < s.j0 || j > s.j1) continue;
      const f = falloff(pointRectDistanceAt(s.rect, s.cos, s.sin, x, y), s.reach);
      if (f > 0) values[k]! += s.weight * f;
    }
    this.summed[grid][k] = 1;
    return values[k]!;
  }

  private filled(grid: InfluenceGrid): Float32Array {
    if (!this.whole[grid]) {
      for (let j = 0; j < this.rows; j++) for (let i = 0; i < this.cols; i++) this.at(grid, i, j);
      this.whole[grid] = true;
    }
    return this.values[grid];
  }
}

export function buildInfluence(state: GameState, hints: AiHints, side: string, width: number, depth: number, cell = 50.8): InfluenceMap {
  const cols = Math.ceil(width / cell);
  const rows = Math.ceil(depth / cell);
  const sources: Source[] = [];
  for (const u of state.units as Unit[]) {
    if (u.removed || !hints.isCombatant(u)) continue;
    const weight = hints.value(state, u) * hints.strength(state, u);
    const reach = hints.threatReach(state, u);
    if (reach <= 0 || weight <= 0) continue;
    const r = unitFootprint(u);
    const span = reach + Math.max(r.width, r.depth);
    sources.push({
      grid: u.side === side ? 'own' : 'threat',
      rect: r,
      cos: dcos(r.facing),
      sin: dsin(r.facing),
      weight,
      reach,
      i0: Math.max(0, Math.floor((r.cx - span) / cell)),
      i1: Math.min(cols - 1, Math.floor((r.cx + span) / cell)),
      j0: Math.max(0, Math.floor((r.cy - span) / cell)),
      j1: Math.min(rows - 1, Math.floor((r.cy + span) / cell)),
    });
  }
  return new LazyInfluence(cell, cols, rows, sources);
}

/**
 * The value of a grid at a point. Name the grid ('threat' or 'own') to have only that cell summed;
 * passing the array itself (map.threat) works too, but fills the whole grid first.
 */
export function sample(map: InfluenceMap, grid: InfluenceGrid | Float32Array, p: Vec2): number {
  const i = Math.min(map.cols - 1, Math.max(0, Math.floor(p.x / map.cell)));
  const j = Math.min(map.rows - 1, Math.max(0, Math.floor(p.y / map.cell)));
  if (typeof grid === 'string' && map instanceof LazyInfluence) return map.at(grid, i, j);
  const values = typeof grid === 'string' ? map[grid] : grid;
  return values[j * map.cols + i]!;
}
