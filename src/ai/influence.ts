/**
 * Influence maps: a coarse grid over the table holding the enemy's threat (where its fire and
 * attacks reach, weighted by the worth and fitness of each unit) and our own, so a candidate
 * position is judged in O(1).
 */

import type { Vec2 } from '../core/geometry';
import { unitFootprint, type GameState, type Unit } from '../core/model';
import { pointRectDistanceAt } from '../core/geometry';
import { dcos, dsin } from '../core/detmath';
import type { AiHints } from '../core/ruleset';

export interface InfluenceMap {
  cell: number;
  cols: number;
  rows: number;
  /** Threat from the enemy at each cell. */
  threat: Float32Array;
  /** Our own side's reach at each cell. */
  own: Float32Array;
}

/** Threat fades from full at the unit to a quarter at the edge of its reach. */
function falloff(d: number, reach: number): number {
  if (d > reach) return 0;
  return 1 - 0.75 * (d / Math.max(1, reach));
}

export function buildInfluence(state: GameState, hints: AiHints, side: string, width: number, depth: number, cell = 50.8): InfluenceMap {
  const cols = Math.ceil(width / cell);
  const rows = Math.ceil(depth / cell);
  const threat = new Float32Array(cols * rows);
  const own = new Float32Array(cols * rows);
  for (const u of state.units as Unit[]) {
    if (u.removed || !hints.isCombatant(u)) continue;
    const weight = hints.value(state, u) * hints.strength(state, u);
    const reach = hints.threatReach(state, u);
    if (reach <= 0 || weight <= 0) continue;
    const r = unitFootprint(u);
    const target = u.side === side ? own : threat;
    const span = reach + Math.max(r.width, r.depth);
    const i0 = Math.max(0, Math.floor((r.cx - span) / cell));
    const i1 = Math.min(cols - 1, Math.floor((r.cx + span) / cell));
    const j0 = Math.max(0, Math.floor((r.cy - span) / cell));
    const j1 = Math.min(rows - 1, Math.floor((r.cy + span) / cell));
    const c = dcos(r.facing);
    const s = dsin(r.facing);
    for (let j = j0; j <= j1; j++) {
      for (let i = i0; i <= i1; i++) {
        const d = pointRectDistanceAt(r, c, s, (i + 0.5) * cell, (j + 0.5) * cell);
        const f = falloff(d, reach);
        if (f > 0) target[j * cols + i]! += weight * f;
      }
    }
  }
  return { cell, cols, rows, threat, own };
}

export function sample(map: InfluenceMap, grid: Float32Array, p: Vec2): number {
  const i = Math.min(map.cols - 1, Math.max(0, Math.floor(p.x / map.cell)));
  const j = Math.min(map.rows - 1, Math.max(0, Math.floor(p.y / map.cell)));
  return grid[j * map.cols + i]!;
}
