/**
 * Helpers for the showcase tables (`?scene=NAME`): a heightmap shaped by hand, units laid out in
 * stands, and a static GameView around them. These tables are fixtures for the renderer's tests
 * and benchmarks: they ask the engine worker for nothing and know no rules.
 */

import type { BattlefieldData } from '../app/engineApi';
import type { GameView } from '../app/session';
import type { DiceState } from '../core/dice';
import type { GameState, Side, Stand, TroopKind, Unit } from '../core/model';
import { blockLayout } from '../core/model';
import type { Vec2 } from '../core/geometry';
import { pointPolylineDistance } from '../core/geometry';
import { inch } from '../core/measure';

/** Stand sizes (mm) and figures per stand, as the one-page rules define them. */
export const STANDS: Record<string, { width: number; depth: number; figures: number; count: number }> = {
  infantry: { width: inch(1), depth: inch(0.75), figures: 4, count: 6 },
  skirmish: { width: inch(1), depth: inch(0.75), figures: 2, count: 6 },
  cavalry: { width: inch(1), depth: inch(1.25), figures: 2, count: 4 },
  artillery: { width: inch(1.5), depth: inch(2), figures: 4, count: 1 },
  limbered: { width: inch(1.5), depth: inch(3.5), figures: 4, count: 1 },
  commander: { width: inch(1.5), depth: inch(3), figures: 1, count: 1 },
};

export interface UnitSpec {
  id: string;
  side: string;
  name?: string;
  kind: TroopKind;
  type: string;
  x: number;
  y: number;
  /** Radians, table frame (CCW from +x). */
  facing: number;
  formation?: string;
  /** Stands across (a column is 2). */
  cols?: number;
  stands?: number;
  /** Stand statuses or figure counts to change, by index. */
  status?: Record<number, Stand['status']>;
  figures?: Record<number, number>;
}

const LOOSE = new Set(['light', 'rifles', 'irregular', 'grenzer', 'freikorps', 'jager']);

export function makeUnit(s: UnitSpec): Unit {
  const formation = s.formation ?? (LOOSE.has(s.type) ? 'skirmish' : s.kind === 'artillery' ? 'unlimbered' : 'line');
  const key = s.kind === 'infantry' ? (formation === 'skirmish' ? 'skirmish' : 'infantry') : s.kind === 'artillery' ? (formation === 'limbered' ? 'limbered' : 'artillery') : s.kind === 'cavalry' ? 'cavalry' : 'commander';
  const st = STANDS[key]!;
  const count = s.stands ?? st.count;
  const cols = s.cols ?? count;
  const stands = blockLayout(count, Math.min(cols, count), st.width, st.depth, formation === 'skirmish' ? inch(0.5) : 0);
  stands.forEach((stand, i) => {
    stand.figures = s.figures?.[i] ?? st.figures;
    stand.status = s.status?.[i] ?? 'ok';
  });
  return {
    id: s.id,
    side: s.side,
    name: s.name ?? s.id,
    kind: s.kind,
    type: s.type,
    quality: 'regular',
    x: s.x,
    y: s.y,
    facing: s.facing,
    formation,
    stands,
    removed: false,
    rs: {},
  };
}

export function makeView(sides: Side[], units: Unit[], bf: BattlefieldData): GameView {
  const state: GameState = {
    version: 1,
    rulesetId: 'showcase',
    options: {},
    seed: 'showcase',
    battlefield: bf.spec,
    sides,
    units,
    turn: 1,
    phase: 'showcase',
    active: null,
    seq: 0,
    rules: {},
    dice: { mode: 'seeded', rng: [1, 2, 3, 4], script: [] } as unknown as DiceState,
    result: null,
  };
  return { state, hash: 'showcase', seq: 0, unitInfo: {}, canUndo: false };
}

/** A value-noise bump in [-1, 1], for gentle unevenness. */
function noise(x: number, y: number): number {
  const h = (i: number, j: number) => {
    let n = Math.imul(i, 374761393) ^ Math.imul(j, 668265263);
    n = Math.imul(n ^ (n >>> 13), 1274126177);
    return ((n ^ (n >>> 16)) >>> 0) / 4294967296;
  };
  const i = Math.floor(x);
  const j = Math.floor(y);
  const fx = x - i;
  const fy = y - j;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const a = h(i, j);
  const b = h(i + 1, j);
  const c = h(i, j + 1);
  const d = h(i + 1, j + 1);
  return (a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy) * 2 - 1;
}

export interface Relief {
  hills: { x: number; y: number; radius: number; height: number }[];
  streams: { line: Vec2[]; width: number; depth: number }[];
  /** Amplitude of the gentle unevenness, mm. */
  roll: number;
}

/** A heightmap from round hills, carved stream channels and a little roll. */
export function makeBattlefield(name: string, width: number, depth: number, relief: Relief, features: BattlefieldData['features']): BattlefieldData {
  const cell = 10;
  const cols = Math.ceil(width / cell) + 1;
  const rows = Math.ceil(depth / cell) + 1;
  const heights = new Float32Array(cols * rows);
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      const x = i * cell;
      const y = j * cell;
      let z = relief.roll * (noise(x / 260, y / 260) * 0.7 + noise(x / 90 + 7, y / 90 + 3) * 0.3);
      for (const h of relief.hills) {
        const r = Math.hypot(x - h.x, y - h.y) / h.radius;
        if (r < 1) z += h.height * (r < 0.25 ? 1 : 0.5 + 0.5 * Math.cos(((r - 0.25) / 0.75) * Math.PI));
      }
      for (const s of relief.streams) {
        const d = pointPolylineDistance({ x, y }, s.line);
        const bank = s.width / 2 + 22;
        if (d < bank) {
          const t = d <= s.width / 2 ? 1 : 1 - (d - s.width / 2) / 22;
          z -= s.depth * Math.min(1, t * t * (3 - 2 * t));
        }
      }
      heights[j * cols + i] = z;
    }
  }
  return {
    spec: { seed: name, width, depth, cellSize: cell },
    width,
    depth,
    heightmap: { cols, rows, cellSize: cell, originX: 0, originY: 0, heights },
    features,
  };
}
