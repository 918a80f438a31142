/**
 * The typed API the engine worker exposes through comlink. The page talks to the game only
 * through this; no rule runs on the main thread.
 */

import type { Action, GameEvent, GameSetup } from '../core/model';
import type { Decision } from '../ai/utility';
import type { LegalAction, Ruleset } from '../core/ruleset';
import type { TerrainFeature } from '../terrain/features';
import type { BattlefieldSpec } from '../terrain/battlefield';
import type { ActResult, GameView } from './session';
import type { SightResult } from '../terrain/sight';
import type { Vec2 } from '../core/geometry';

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

/** What the page needs to know of a ruleset: its name, options and rule notes (no rules). */
export type RulesetInfo = Pick<Ruleset, 'id' | 'name' | 'source' | 'lengthUnit' | 'options' | 'notes' | 'scenarios'>;

export interface EngineApi {
  rulesets(): Promise<RulesetInfo[]>;
  newGame(setup: GameSetup): Promise<GameView>;
  /** Load a save; throws an Error whose message says what is wrong, and keeps the current game. */
  loadSave(text: string): Promise<GameView>;
  saveText(name?: string): Promise<string>;
  view(): Promise<GameView>;
  legal(side?: string): Promise<LegalAction[]>;
  act(action: Action, entered?: number[]): Promise<ActResult>;
  undo(): Promise<{ ok: true; view: GameView } | { ok: false; error: string }>;
  /**
   * A computer player (`random`, `scripted`, `ai:LEVEL[:PERSONALITY]`) picks and plays one action for
   * `side`. With hand-rolled dice the result may be `needDice`: the page asks for the dice and sends
   * the same action with `act`. Null when the player finds nothing to do.
   */
  playComputer(side: string, player: string): Promise<ComputerMove | null>;
  /** The events of every accepted action so far, for the log after a load. */
  history(): Promise<GameEvent[][]>;
  battlefield(): Promise<BattlefieldData>;
  lineOfSight(from: Vec2, to: Vec2, eyeHeight: number, targetHeight: number): Promise<SightResult>;
}
