/**
 * The typed API the engine worker exposes through comlink. The page talks to the game only
 * through this; no rule runs on the main thread.
 */

import type { ElevationSource } from '../terrain/elevation';
import type { Action, ArmyRoster, GameEvent, GameSetup } from '../core/model';
import type { Decision } from '../ai/utility';
import type { ArmyBuilding, ArmyCheck, LegalAction, Overlay, Ruleset, SideInfoSection } from '../core/ruleset';
import type { Stand } from '../core/model';
import type { TerrainFeature } from '../terrain/features';
import type { BattlefieldSpec } from '../terrain/battlefield';
import type { ActResult, GameView } from './session';
import type { SightBlocker, SightResult, SightSample } from '../terrain/sight';
import type { Vec2 } from '../core/geometry';
import type { BattleReport } from './battleReport';
import type { TurnMark } from './timeline';

/** One past action as the log shows it: its events, and the game turn after it. */
export interface PastAction {
  turn: number;
  events: GameEvent[];
}

export interface BattlefieldData {
  spec: BattlefieldSpec;
  width: number;
  depth: number;
  heightmap: { cols: number; rows: number; cellSize: number; originX: number; originY: number; heights: Float32Array };
  features: TerrainFeature[];
}

export interface ComputerMove {
  action: Action;
  /** The order's label, for prompts ("Advance", "Shoot"). */
  label: string;
  result: ActResult;
  /** The AI's reasons: its plan, the chosen candidate and the runners-up with their scores. */
  thinking?: Decision;
}

/**
 * What a unit sees of the whole table, on the heightmap's grid (same cols, rows and layout as
 * BattlefieldData.heightmap.heights). Computed in the worker; the arrays are transferred.
 */
export interface ViewshedData {
  unitId: string;
  /** The unit's pose it was computed for, so the page knows when it is stale. */
  pose: { x: number; y: number; facing: number };
  /** Eye point: the centre of the unit's front, `eyeHeight` above the ground. */
  eye: Vec2;
  cols: number;
  rows: number;
  cellSize: number;
  originX: number;
  originY: number;
  /** 1 where a point `targetHeight` above the ground is seen (0 by default: the ground itself). */
  visible: Uint8Array;
  /** Least height above the ground a target needs to be seen there, mm; Infinity beyond range. */
  minHeight: Float32Array;
  /** 1 on dead ground: a standing figure (`figureHeight`) there would not be seen; 0 beyond range. */
  dead: Uint8Array;
  eyeHeight: number;
  targetHeight: number;
  /** Height of the standing figure dead ground is judged for, mm. */
  figureHeight: number;
  /** The rulebook's limits used: woods sight (mm) and the longest sight range, if any. */
  obscuringLimit: number;
  maxRange?: number;
  /** Time the worker spent on it, ms. */
  ms: number;
}

/** One end of a sight line: a table point, or a unit (its front centre as eye, its centre as target). */
export type SightEnd = Vec2 | { unit: string };

/** A line of sight with everything the profile chart and its caption need. */
export interface SightLineData {
  from: Vec2;
  to: Vec2;
  /** The units at the ends, when an end was a unit. */
  fromUnit?: string;
  toUnit?: string;
  eyeHeight: number;
  targetHeight: number;
  /** Horizontal length, mm. */
  length: number;
  visible: boolean;
  blockedBy?: {
    kind: SightBlocker;
    featureId?: string;
    /** The feature's name for people ("North wood", "Hill 2"). */
    featureName?: string;
    at: Vec2;
    /** Distance of the blocking point from `from`, mm. */
    distance: number;
  };
  /** Mm of sight line below a canopy top, up to the block. */
  obscured: number;
  obscuringLimit: number;
  maxRange?: number;
  profile: SightSample[];
}

/**
 * What a filled-in action would do, worked out on a copy of the game without keeping it: the units
 * that would move (their new poses and stands) and the events' sentences; or the rule error that
 * refuses it. `previewAction` answers null when the outcome needs dice, unless the action first takes
 * a way that no die decides (a Perfect Evade's way round, a Retire): then only those ways and
 * the poses events give before the first die are shown, with `dicePending` set and no text, so the
 * preview tells nothing of the throws.
 */
export type ActionPreview =
  | { ok: true; units: { id: string; x: number; y: number; facing: number; stands: Stand[] }[]; text: string; paths?: Vec2[][]; dicePending?: boolean }
  | { ok: false; error: string };

/** What the page needs to know of a ruleset: its name, options and rule notes (no rules). */
export type RulesetInfo = Pick<Ruleset, 'id' | 'name' | 'source' | 'lengthUnit' | 'options' | 'notes' | 'scenarios' | 'sides' | 'seating'> & {
  /** Its army lists, for the army builder; absent when it fields only preset armies. */
  armies?: Pick<ArmyBuilding, 'lists' | 'listOption' | 'pointsOption'>;
};

/** A replay opened in the worker: how long it is, where its turns begin, and how it ended. */
export interface ReplayInfo {
  /** Actions in the game; positions run from 0 to `length`. */
  length: number;
  marks: TurnMark[];
  rulesetId: string;
  /** The save's name, when replaying a named save. */
  name: string | null;
  finished: boolean;
  /** The hash of the final position, which must equal the game's own. */
  finalHash: string;
  /** Whether the replayed game is played on the same battlefield as the game in progress. */
  sameBattlefield: boolean;
}

export interface EngineApi {
  rulesets(): Promise<RulesetInfo[]>;
  /** A ruleset's default army of a list for a points total, as a roster. Throws for an unknown list. */
  defaultRoster(rulesetId: string, list: string, points: number): Promise<ArmyRoster>;
  /** Price and check a roster against a points total, with every problem in words. */
  checkArmy(rulesetId: string, roster: ArmyRoster, points: number): Promise<ArmyCheck>;
  /**
   * `viewer` on the calls that return a view: the side whose knowledge the view shows (a side id,
   * or ACTIVE_SIDE from session.ts for the side to act); absent, the whole state (see GameView).
   */
  newGame(setup: GameSetup, viewer?: string): Promise<GameView>;
  /** Load a save; throws an Error whose message says what is wrong, and keeps the current game. */
  loadSave(text: string, viewer?: string): Promise<GameView>;
  saveText(name?: string): Promise<string>;
  view(viewer?: string): Promise<GameView>;
  legal(side?: string): Promise<LegalAction[]>;
  act(action: Action, entered?: number[], viewer?: string): Promise<ActResult>;
  undo(viewer?: string): Promise<{ ok: true; view: GameView } | { ok: false; error: string }>;
  /**
   * A computer player (`random`, `scripted`, `ai:LEVEL[:PERSONALITY]`) picks and plays one action for
   * `side`. With hand-rolled dice the result may be `needDice`: the page asks for the dice and sends
   * the same action with `act`. Null when the player finds nothing to do.
   * `progress`, when given, hears how many candidates the AI has scored of how many while it thinks
   * (from the page, a comlink proxy).
   */
  playComputer(side: string, player: string, viewer?: string, progress?: (done: number, total: number) => void): Promise<ComputerMove | null>;
  /**
   * Every accepted action so far, for the log after a load: its events as the viewer may know them,
   * and the game turn it left the battle in (what "this turn" in a unit's tooltip is made from).
   */
  history(viewer?: string): Promise<PastAction[]>;
  /** The battlefield of the game in progress, or of `spec` (a view's: what its side may know of the terrain). */
  battlefield(spec?: BattlefieldSpec): Promise<BattlefieldData>;
  lineOfSight(from: Vec2, to: Vec2, eyeHeight: number, targetHeight: number): Promise<SightResult>;
  /**
   * What a unit sees from the centre of its front at its figures' height, under the ruleset's
   * sight limits. `targetHeight` (default 0, the ground) decides `visible`; `figureHeight`
   * (default: the commonest foot figure on the table) decides `dead`. Throws for an unknown unit.
   */
  viewshedOf(unitId: string, opts?: { targetHeight?: number; figureHeight?: number }): Promise<ViewshedData>;
  /**
   * A sight line with its profile, under the ruleset's sight limits, naming what blocks it.
   * Heights default to the unit's figures at a unit end and to a standing foot figure at a point.
   */
  sightLine(from: SightEnd, to: SightEnd, eyeHeight?: number, targetHeight?: number): Promise<SightLineData>;
  /** The ruleset's side panel for a player (a side, or a seat with several players a side): his hand, deck, card in play; empty if the ruleset has none. */
  sideInfo(side: string): Promise<SideInfoSection[]>;
  /** The ruleset's shapes on the table for `side`'s player and the selected unit; empty if it has none. */
  overlays(side: string, unitId?: string): Promise<Overlay[]>;
  /**
   * Apply a filled-in action to a copy of the game and say where it would leave the units, without
   * changing the game. Null when the outcome depends on dice (some were rolled or are asked for).
   */
  previewAction(action: Action): Promise<ActionPreview | null>;
  /**
   * Open a replay of the game in progress (no text) or of a save's text (checked like a load; a bad
   * file throws and nothing changes). The game in progress is not touched by anything replay does.
   */
  openReplay(saveText?: string): Promise<ReplayInfo>;
  /**
   * The position after `at` actions of the open replay. A finished game shows everything; a game
   * still in progress shows what `viewer` may know, as the live page does.
   */
  replayView(at: number, viewer?: string): Promise<GameView>;
  /** Every action of the open replay: its events as the viewer may know them (see replayView), and its turn. */
  replayHistory(viewer?: string): Promise<PastAction[]>;
  /** The open replay's battlefield (when it is not the live game's), as the viewer knows it (see replayView). */
  replayBattlefield(viewer?: string): Promise<BattlefieldData>;
  closeReplay(): Promise<void>;
  /** Who won and why, each side's losses and its strength over the turns, for the game in progress. */
  battleReport(): Promise<BattleReport>;
  /**
   * Read a landscape file (.asc or 16-bit PNG) for GameSetup.elevation; throws an Error naming the
   * file and its fault. `verticalScale` is table mm per height unit (default: about 3" of relief).
   */
  readElevation(name: string, bytes: Uint8Array, verticalScale?: number): Promise<ElevationSource>;
}
