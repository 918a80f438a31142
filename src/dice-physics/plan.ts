/**
 * Which dice to throw for an accepted order, and where: one throw for every throw in its events,
 * in order, each in a tray of open ground beside the unit whose dice they are, clear of the
 * miniatures, woods, water, buildings, hedges and walls, and of the other throws of the order.
 * Pure: the page runs it on the view it shows, and the tests on a session's state.
 */

import type { GameEvent, GameState, SideId, Unit } from '../core/model';
import { standRect, unitFootprint } from '../core/model';
import { bounds, pointInPolygon, pointPolylineDistance, rectsOverlap, type OrientedRect, type Vec2 } from '../core/geometry';
import { heightAt, type Heightmap } from '../terrain/heightmap';
import type { TerrainFeature } from '../terrain/features';
import { groundPatch, type ThrowOrigin } from './ground';
import { physicalDie, type PhysicalSides } from './polyhedra';
import { traySize, type Obstacle, type ThrowSpec } from './record';
import { nextFloat, seedRng } from '../core/random';

/** A wargamer's die: 16 mm. */
export const DIE_SIZE = 16;

/** The table as the planner needs it. */
export interface TableInfo {
  width: number;
  depth: number;
  heightmap: Heightmap;
  features: readonly TerrainFeature[];
}

export interface ThrowPlan {
  /** The engine's values, one die each, in order. */
  values: number[];
  /** The engine's die (3 for a D3). */
  sides: number;
  /** The die thrown on the table (a D3 is thrown as a D6), and the face each must show. */
  die: PhysicalSides;
  faces: number[];
  purpose: string;
  /** Whose dice they are (colours the dice), when known. */
  side: SideId | null;
  /** The tray's centre on the table and the ground height there. */
  origin: ThrowOrigin;
  spec: ThrowSpec;
}

/** Kinds of ground a die must not land in: it would vanish among trees, under water or in a house. */
const AREAS_TO_AVOID = new Set(['wood', 'orchard', 'building', 'settlement', 'ford', 'bridge']);
const LINES_TO_AVOID = new Set(['river', 'stream', 'hedge', 'wall', 'fence']);
/** How far dice keep from the edge of a river, hedge or wall, mm. */
const LINE_CLEARANCE = 6;
/** The steepest ground (rise over run, about 14°) where dice are thrown. */
const MAX_SLOPE = 0.25;
/** The ground mask's cell, mm, and the weights of a steep and of a blocked cell. */
const MASK_CELL = 20;
const STEEP_WEIGHT = 1;
const BLOCKED_WEIGHT = 4;
/** Rings of spots tried round a unit, their spacing (mm), and what each ring further out costs. */
const RINGS = 10;
const RING_STEP = 35;
const RING_COST = 6;
/** How far from a table edge a tray keeps, mm. */
const EDGE_MARGIN = 8;
/** Height of a stand as an obstacle to the dice: the figures on it, mm. */
const STAND_HEIGHT = 22;

/** Whose throw a roll is: the roll says so, else the event's side, else its unit's side. */
export function throwOwner(event: GameEvent, roll: { side?: SideId }, units: readonly Unit[]): SideId | null {
  if (roll.side) return roll.side;
  if (event.side) return event.side;
  const unit = units.find((u) => u.id === event.unit);
  return unit?.side ?? null;
}

function liveUnit(units: readonly Unit[], id: string | undefined): Unit | undefined {
  const u = id ? units.find((x) => x.id === id) : undefined;
  return u && !u.removed && !u.carriedBy ? u : undefined;
}

/** The unit a throw is thrown beside: the event's unit or target that belongs to the thrower. */
function anchorUnit(event: GameEvent, owner: SideId | null, units: readonly Unit[]): Unit | undefined {
  const actor = liveUnit(units, event.unit);
  const target = liveUnit(units, event.target);
  if (owner && target?.side === owner && actor?.side !== owner) return target;
  return actor ?? target;
}

/** Where to start looking: the anchor unit, else the middle of the thrower's army, else mid-table. */
function anchorPoint(event: GameEvent, owner: SideId | null, state: GameState, table: TableInfo): { at: Vec2; radius: number } {
  const unit = anchorUnit(event, owner, state.units);
  if (unit) {
    const f = unitFootprint(unit);
    return { at: { x: f.cx, y: f.cy }, radius: Math.hypot(f.width, f.depth) / 2 };
  }
  const army = state.units.filter((u) => !u.removed && !u.carriedBy && (owner === null || u.side === owner));
  if (army.length > 0) {
    const x = army.reduce((a, u) => a + u.x, 0) / army.length;
    const y = army.reduce((a, u) => a + u.y, 0) / army.length;
    return { at: { x, y }, radius: 0 };
  }
  return { at: { x: table.width / 2, y: table.depth / 2 }, radius: 0 };
}

function trayRect(c: Vec2, halfX: number, halfY: number): OrientedRect {
  // Facing 0: depth runs along table x, width along table y.
  return { cx: c.x, cy: c.y, facing: 0, width: 2 * halfY, depth: 2 * halfX };
}

/**
 * Where on the table dice should not land, as a grid of weights summed for quick look-ups: woods,
 * orchards, buildings, water, hedges and walls (dice would vanish among them) and steep ground (a
 * die would not lie plainly on a face). Made once per battlefield.
 */
export interface GroundMask {
  cell: number;
  cols: number;
  rows: number;
  /** Summed-area table: sum[(j) * (cols + 1) + i] is the weight of all cells below row j and left of column i. */
  sum: Float64Array;
}

const masks = new WeakMap<Heightmap, GroundMask>();

/** Also called ahead of the first throw, while the page is idle: the mask is made once per battlefield. */
export function groundMask(table: TableInfo): GroundMask {
  const cached = masks.get(table.heightmap);
  if (cached) return cached;
  const cell = MASK_CELL;
  const cols = Math.ceil(table.width / cell);
  const rows = Math.ceil(table.depth / cell);
  const weight = new Float64Array(cols * rows);
  const hm = table.heightmap;
  const d = hm.cellSize;
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      const x = (i + 0.5) * cell;
      const y = (j + 0.5) * cell;
      const sx = (heightAt(hm, x + d, y) - heightAt(hm, x - d, y)) / (2 * d);
      const sy = (heightAt(hm, x, y + d) - heightAt(hm, x, y - d)) / (2 * d);
      if (Math.hypot(sx, sy) > MAX_SLOPE) weight[j * cols + i] = STEEP_WEIGHT;
    }
  }
  for (const f of table.features) {
    // An area to keep out of, or a line to keep clear of by its half width and a little more.
    const inside =
      'polygon' in f && AREAS_TO_AVOID.has(f.kind)
        ? { points: f.polygon, grow: 0, test: (p: Vec2) => pointInPolygon(p, f.polygon) }
        : 'line' in f && LINES_TO_AVOID.has(f.kind)
          ? { points: f.line, grow: f.width / 2 + LINE_CLEARANCE, test: (p: Vec2) => pointPolylineDistance(p, f.line) < f.width / 2 + LINE_CLEARANCE }
          : null;
    if (!inside) continue;
    const b = bounds(inside.points);
    const i0 = Math.max(0, Math.floor((b.minX - inside.grow) / cell));
    const i1 = Math.min(cols - 1, Math.floor((b.maxX + inside.grow) / cell));
    const j0 = Math.max(0, Math.floor((b.minY - inside.grow) / cell));
    const j1 = Math.min(rows - 1, Math.floor((b.maxY + inside.grow) / cell));
    for (let j = j0; j <= j1; j++) {
      for (let i = i0; i <= i1; i++) {
        if (inside.test({ x: (i + 0.5) * cell, y: (j + 0.5) * cell })) weight[j * cols + i] = BLOCKED_WEIGHT;
      }
    }
  }
  const sum = new Float64Array((cols + 1) * (rows + 1));
  for (let j = 0; j < rows; j++) {
    let row = 0;
    for (let i = 0; i < cols; i++) {
      row += weight[j * cols + i]!;
      sum[(j + 1) * (cols + 1) + i + 1] = sum[j * (cols + 1) + i + 1]! + row;
    }
  }
  const mask = { cell, cols, rows, sum };
  masks.set(table.heightmap, mask);
  return mask;
}

/** The weight of the mask's cells whose centres lie in a table rectangle. */
function maskWeight(m: GroundMask, minX: number, minY: number, maxX: number, maxY: number): number {
  const i0 = Math.max(0, Math.min(m.cols, Math.ceil(minX / m.cell - 0.5)));
  const i1 = Math.max(0, Math.min(m.cols, Math.floor(maxX / m.cell - 0.5) + 1));
  const j0 = Math.max(0, Math.min(m.rows, Math.ceil(minY / m.cell - 0.5)));
  const j1 = Math.max(0, Math.min(m.rows, Math.floor(maxY / m.cell - 0.5) + 1));
  if (i1 <= i0 || j1 <= j0) return 0;
  const w = m.cols + 1;
  return m.sum[j1 * w + i1]! - m.sum[j0 * w + i1]! - m.sum[j1 * w + i0]! + m.sum[j0 * w + i0]!;
}

/** A stand's rectangle and the radius of the circle round it, for a quick first test. */
interface StandBox {
  rect: OrientedRect;
  reach: number;
}

/**
 * How bad a tray there would be: 0 for open, level ground; more for each other tray, stand, and
 * blocked or steep piece of ground it takes in.
 */
function trayFaults(rect: OrientedRect, table: TableInfo, mask: GroundMask, stands: readonly StandBox[], taken: readonly OrientedRect[]): number {
  const hx = rect.depth / 2;
  const hy = rect.width / 2;
  if (rect.cx - hx < EDGE_MARGIN || rect.cx + hx > table.width - EDGE_MARGIN || rect.cy - hy < EDGE_MARGIN || rect.cy + hy > table.depth - EDGE_MARGIN) {
    return Infinity;
  }
  let faults = maskWeight(mask, rect.cx - hx, rect.cy - hy, rect.cx + hx, rect.cy + hy);
  for (const t of taken) if (rectsOverlap(rect, t)) faults += 1000;
  const reach = Math.hypot(hx, hy);
  for (const s of stands) {
    if (Math.hypot(s.rect.cx - rect.cx, s.rect.cy - rect.cy) < reach + s.reach && rectsOverlap(rect, s.rect)) faults += 50;
  }
  return faults;
}

/**
 * A tray's centre near `at`: rings of candidate spots round the unit, and on each ring the side
 * towards the player first (so the dice are not hidden behind the unit). Each ring further out
 * costs as much as a little poor ground, so the dice stay close to their unit when they can.
 */
function placeTray(
  at: Vec2,
  radius: number,
  halfX: number,
  halfY: number,
  table: TableInfo,
  mask: GroundMask,
  stands: readonly StandBox[],
  taken: readonly OrientedRect[],
): OrientedRect {
  const reach = Math.hypot(halfX, halfY);
  let best: { rect: OrientedRect; score: number } | null = null;
  const consider = (p: Vec2, ring: number) => {
    const x = Math.min(Math.max(p.x, halfX + EDGE_MARGIN), table.width - halfX - EDGE_MARGIN);
    const y = Math.min(Math.max(p.y, halfY + EDGE_MARGIN), table.depth - halfY - EDGE_MARGIN);
    const rect = trayRect({ x, y }, halfX, halfY);
    const score = trayFaults(rect, table, mask, stands, taken) + ring * RING_COST;
    if (!best || score < best.score) best = { rect, score };
  };
  consider(at, 0);
  for (let ring = 1; ring <= RINGS && best!.score > ring * RING_COST; ring++) {
    const d = radius * 0.6 + reach * 0.8 + (ring - 1) * RING_STEP;
    const n = 10 + ring * 2;
    const around: { p: Vec2; toPlayer: number }[] = [];
    for (let k = 0; k < n; k++) {
      const a = (2 * Math.PI * k) / n;
      around.push({ p: { x: at.x + d * Math.sin(a), y: at.y - d * Math.cos(a) }, toPlayer: Math.cos(a) });
    }
    around.sort((u, v) => v.toPlayer - u.toPlayer);
    for (const s of around) consider(s.p, ring);
  }
  return best!.rect;
}

/** The stands near a tray, as boxes in the throw's frame, so no die rolls through a miniature. */
function obstaclesFor(rect: OrientedRect, origin: ThrowOrigin, units: readonly Unit[], groundAtTable: (x: number, y: number) => number): Obstacle[] {
  const out: Obstacle[] = [];
  const grown: OrientedRect = { ...rect, width: rect.width + 60, depth: rect.depth + 60 };
  for (const u of units) {
    if (u.removed || u.carriedBy) continue;
    for (const s of u.stands) {
      if (s.status === 'destroyed') continue;
      const r = standRect(u, s);
      if (!rectsOverlap(grown, r)) continue;
      out.push({
        x: r.cx - origin.x,
        z: -(r.cy - origin.y),
        halfX: r.depth / 2,
        halfZ: r.width / 2,
        yaw: r.facing,
        bottom: groundAtTable(r.cx, r.cy) - origin.height - 4,
        height: STAND_HEIGHT + 4,
      });
    }
  }
  return out;
}

/**
 * The throws of an order's events, each placed and ready to record. `key` makes the hand's release
 * differ from order to order but stay the same for the same order (the view's hash, say).
 */
export function planThrows(events: readonly GameEvent[], state: GameState, table: TableInfo, key: string, dieSize = DIE_SIZE): ThrowPlan[] {
  const stands: StandBox[] = [];
  for (const u of state.units) {
    if (u.removed || u.carriedBy) continue;
    for (const s of u.stands) {
      if (s.status === 'destroyed') continue;
      const rect = standRect(u, s);
      stands.push({ rect, reach: Math.hypot(rect.width, rect.depth) / 2 });
    }
  }
  const mask = groundMask(table);
  const taken: OrientedRect[] = [];
  const plans: ThrowPlan[] = [];
  const hm = table.heightmap;
  const height = (x: number, y: number) => heightAt(hm, x, y);
  for (const event of events) {
    for (const roll of event.dice ?? []) {
      if (roll.values.length === 0) continue;
      // A D3 is thrown as a D6 read halved; which of its two faces shows is the release's choice.
      const pick = seedRng(`${key}/${plans.length}/faces`);
      const shown = roll.values.map((v) => physicalDie(roll.sides, v, nextFloat(pick)));
      // A die with no body (a D100, say) is shown in the log only.
      if (shown.some((d) => d === null)) continue;
      const die = shown[0]!.sides;
      const owner = throwOwner(event, roll, state.units);
      const { halfX, halfZ } = traySize(roll.values.length, dieSize);
      const { at, radius } = anchorPoint(event, owner, state, table);
      const rect = placeTray(at, radius, halfX, halfZ, table, mask, stands, taken);
      taken.push(rect);
      const { patch, origin } = groundPatch(hm, rect.cx, rect.cy, halfX + dieSize, halfZ + dieSize);
      plans.push({
        values: [...roll.values],
        sides: roll.sides,
        die,
        faces: shown.map((d) => d!.face),
        purpose: roll.purpose,
        side: owner,
        origin,
        spec: {
          count: roll.values.length,
          sides: die,
          dieSize,
          halfX,
          halfZ,
          ground: patch,
          obstacles: obstaclesFor(rect, origin, state.units, height),
          seed: `${key}/${plans.length}`,
        },
      });
    }
  }
  return plans;
}
