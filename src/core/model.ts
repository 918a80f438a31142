/**
 * The rule-agnostic game model: sides, units, stands, actions, events and the game state. Every
 * object here is plain JSON so that states can be cloned, hashed, saved and sent to the worker.
 */

import type { DiceRoll, DiceState } from './dice';
import type { OrientedRect } from './geometry';
import { fromLocal, rectAxes } from './geometry';
import type { BattlefieldSpec } from '../terrain/battlefield';
import type { ElevationSource } from '../terrain/elevation';

export type SideId = string;

export interface Side {
  id: SideId;
  name: string;
  /** Nation, for uniform colours and flags ("prussia", "austria", ...). */
  nation: string;
  /** Display colour of the side in the UI (CSS colour). */
  colour: string;
  /**
   * The long edge of the table its army sets up along, when the rules decide it (Horse & Musket's
   * table-side roll); absent: the first side the near edge (y = 0), the second the far one.
   */
  edge?: 'near' | 'far';
}

/** The long edge a side sets up along (see Side.edge). */
export function homeEdge(sides: readonly Side[], side: SideId): 'near' | 'far' {
  const s = sides.find((x) => x.id === side);
  if (s?.edge) return s.edge;
  const other = sides.find((x) => x.id !== side && x.edge);
  if (other?.edge) return other.edge === 'near' ? 'far' : 'near';
  return sides[0]?.id === side ? 'near' : 'far';
}

/** A side's display name, or its id when the game has no such side. */
export function sideName(state: { sides: readonly Side[] }, side: SideId): string {
  return state.sides.find((s) => s.id === side)?.name ?? side;
}

/**
 * The broad kind of a unit: what the scene draws, and what generic code (AI, UI) may rely on.
 * 'marker' is a token standing for something a side may not see (a hidden-movement counter): the
 * scene draws it as a numbered counter, the last word of its name.
 */
export type TroopKind = 'infantry' | 'cavalry' | 'artillery' | 'commander' | 'wagon' | 'boat' | 'marker';

export type StandStatus = 'ok' | 'disordered' | 'destroyed';

/**
 * A stand (a base of figures), placed in its unit's frame: `f` forward of the unit centre and `l`
 * to its right. Its world rectangle comes from `standRect`.
 */
export interface Stand {
  f: number;
  l: number;
  width: number;
  depth: number;
  figures: number;
  status: StandStatus;
}

export interface Unit<US = Record<string, unknown>> {
  id: string;
  side: SideId;
  name: string;
  kind: TroopKind;
  /** The ruleset's troop type id. */
  type: string;
  /** The ruleset's quality ("elite", "regular", "militia", ...). */
  quality: string;
  /** Centre of the footprint and the facing, in table millimetres and radians. */
  x: number;
  y: number;
  facing: number;
  formation: string;
  stands: Stand[];
  /** Whether the unit is still on the table. */
  removed: boolean;
  /** The id of the unit carrying it (a boat): it is off the table, aboard, and not drawn. */
  carriedBy?: string;
  /** The ruleset's own record for this unit (orders, flags, pips...). */
  rs: US;
}

export interface ActionBase {
  type: string;
  side: SideId;
}

/** An action: a plain object, checked and resolved by the ruleset. */
export type Action = ActionBase & Record<string, unknown>;

/** One modifier applied to a die or a test, with its reason. */
export interface Modifier {
  value: number;
  reason: string;
}

/** Which row of which chart decided a result. */
export interface ChartRef {
  chart: string;
  row: string;
}

/** Something that happened: for the log, the explanation panel and the scene's animations. */
export interface GameEvent {
  type: string;
  /** A sentence for the log. */
  text: string;
  side?: SideId;
  unit?: string;
  target?: string;
  dice?: DiceRoll[];
  modifiers?: Modifier[];
  chart?: ChartRef;
  /** The natural score each die needs (modifiers already allowed for), when a throw is against a target number. */
  need?: number;
  /** Extra facts for animation (path, from/to poses...). */
  data?: Record<string, unknown>;
}

export interface GameResult {
  winner: SideId | null;
  reason: string;
  scores?: Record<SideId, number>;
}

export interface GameState<RS = unknown, US = Record<string, unknown>> {
  /** State format version; bumped when a saved state would no longer load. */
  version: 1;
  rulesetId: string;
  options: Record<string, unknown>;
  seed: string;
  battlefield: BattlefieldSpec;
  sides: Side[];
  units: Unit<US>[];
  turn: number;
  /** The ruleset's phase name, for display ("initiative", "activations", "end shooting"...). */
  phase: string;
  /** The side that must act now, or null when the game is over. */
  active: SideId | null;
  /** Number of actions applied so far. */
  seq: number;
  rules: RS;
  dice: DiceState;
  result: GameResult | null;
  /**
   * The players' seats when a side has more than one player (src/core/seats.ts); absent for the
   * ordinary game of one player a side, so its states, saves and hashes are as they always were.
   */
  seats?: Seat[];
  /** With seats: the seat that must act now (one of `active`'s seats), or null when the game is over. */
  activeSeat?: string | null;
}

/**
 * One player's place at the table when a side has several players: a subordinate General under his
 * Commander-in-chief, or allied Commanders-in-chief each with his own army. `role` is the ruleset's
 * word for it; `units` the units (Generals included) this player orders.
 */
export interface Seat {
  id: string;
  side: SideId;
  name: string;
  role: string;
  units: string[];
}

/** What a new game is made from: enough to rebuild the initial state anywhere. */
export interface GameSetup {
  rulesetId: string;
  seed: string;
  options?: Record<string, unknown>;
  /** The scenario id, or absent for the ruleset's default random battle. */
  scenario?: string;
  dice?: 'seeded' | 'manual' | { scripted: number[] };
  /**
   * Fight on real ground: a landscape imported from a GIS grid, fitted to the ruleset's table in
   * place of its generated hills. Carried here so a save replays it anywhere.
   */
  elevation?: ElevationSource;
  /**
   * The armies chosen on the new-game screen, by side id, for a ruleset that builds armies from its
   * lists (Ruleset.armies); absent, each side takes the ruleset's preset or default army.
   */
  armies?: Record<SideId, ArmyRoster>;
}

/** So many units (or Generals) of one item of an army list, at one size. */
export interface RosterPick {
  /** The list item's id (ArmyListItem.id). */
  item: string;
  count: number;
  /** Stands a unit, for items offered in several sizes; absent for one size or a rolled size. */
  stands?: number;
  /** A status (quality) bought instead of the list's, one of the item's `statuses`; absent for the list's own. */
  status?: string;
  /** How the units come on, one of the list's `arrivals` (a flanking force, reinforcements); absent: on the table from the start. */
  arrival?: string;
  /** With an arrival: the turn or Joker it is planned for, as the list's arrival says. */
  arrivalTurn?: number;
}

/** An army as a player chose it: a list and what was bought from it. */
export interface ArmyRoster {
  list: string;
  picks: RosterPick[];
}

/** A log entry: the action and, for dice entered by hand, the values entered. */
export interface LogEntry {
  seq: number;
  action: Action;
  entered?: number[];
}

/** The world rectangle of a stand. */
export function standRect(unit: Pick<Unit, 'x' | 'y' | 'facing'>, stand: Stand): OrientedRect {
  const c = fromLocal({ cx: unit.x, cy: unit.y, facing: unit.facing, width: 0, depth: 0 }, stand.f, stand.l);
  return { cx: c.x, cy: c.y, facing: unit.facing, width: stand.width, depth: stand.depth };
}

/** The unit's footprint: the rectangle, in the unit's frame, that holds all its live stands. */
export function unitFootprint(unit: Pick<Unit, 'x' | 'y' | 'facing' | 'stands'>): OrientedRect {
  const b = liveStandsBox(unit.stands);
  const c = fromLocal({ cx: unit.x, cy: unit.y, facing: unit.facing, width: 0, depth: 0 }, b.f, b.l);
  return { cx: c.x, cy: c.y, facing: unit.facing, width: b.width, depth: b.depth };
}

/**
 * unitFootprint of one set of stands with one facing at many positions, as a walk along a line asks:
 * the box and the axes are worked out once, and each position costs the same two sums as fromLocal.
 */
export function footprintPlacer(stands: readonly Stand[], facing: number): (x: number, y: number) => OrientedRect {
  const b = liveStandsBox(stands);
  const { forward, right } = rectAxes({ cx: 0, cy: 0, facing, width: 0, depth: 0 });
  const fx = forward.x * b.f;
  const fy = forward.y * b.f;
  const lx = right.x * b.l;
  const ly = right.y * b.l;
  return (x, y) => ({ cx: x + fx + lx, cy: y + fy + ly, facing, width: b.width, depth: b.depth });
}

/** The middle (f forward, l right) and size of the box, in the unit's frame, around its live stands. */
function liveStandsBox(stands: readonly Stand[]): { f: number; l: number; width: number; depth: number } {
  const live = stands.filter((s) => s.status !== 'destroyed');
  const list = live.length > 0 ? live : stands;
  let minF = Infinity;
  let maxF = -Infinity;
  let minL = Infinity;
  let maxL = -Infinity;
  for (const s of list) {
    minF = Math.min(minF, s.f - s.depth / 2);
    maxF = Math.max(maxF, s.f + s.depth / 2);
    minL = Math.min(minL, s.l - s.width / 2);
    maxL = Math.max(maxL, s.l + s.width / 2);
  }
  return { f: (minF + maxF) / 2, l: (minL + maxL) / 2, width: maxL - minL, depth: maxF - minF };
}

/**
 * Lay out `count` stands of one size in a block `cols` wide, centred on the unit, front rank first.
 * `gap` is the space between stands (0 for close order; skirmishers stand apart).
 */
export function blockLayout(count: number, cols: number, width: number, depth: number, gap = 0): Stand[] {
  const rows = Math.ceil(count / cols);
  const stands: Stand[] = [];
  const totalDepth = rows * depth + (rows - 1) * gap;
  for (let i = 0; i < count; i++) {
    const row = Math.floor(i / cols);
    const inRow = row === rows - 1 ? count - row * cols : cols;
    const col = i % cols;
    const rowWidth = inRow * width + (inRow - 1) * gap;
    stands.push({
      f: totalDepth / 2 - depth / 2 - row * (depth + gap),
      l: -rowWidth / 2 + width / 2 + col * (width + gap),
      width,
      depth,
      figures: 0,
      status: 'ok',
    });
  }
  return stands;
}
