/**
 * A game in progress: the setup, the log and the current state. The worker owns one; the CLI and the
 * tests use it directly. It keeps every state it has passed through, so undo and the replay
 * timeline need no re-simulation.
 */

import { apply, createGame, legalActions, stateHash, type ApplyResult } from '../core/engine';
import type { Action, GameEvent, GameSetup, GameState, LogEntry } from '../core/model';
import type { LegalAction, Ruleset, UnitInfoLine } from '../core/ruleset';
import { parseSave, SaveError, SAVE_FORMAT, SAVE_VERSION, serialiseSave, type SaveFile } from '../core/save';
import { getRuleset } from '../rules/registry';
import { battlefieldFromSpec } from '../terrain/battlefield';
import { findAlerts, type GameAlert } from '../core/alerts';

export interface GameView {
  /** The state as the viewer may know it (the whole state when there is no viewer). */
  state: GameState;
  /** The hash of the true state, whoever views it: saves, replays and tests compare it. */
  hash: string;
  /** The side whose knowledge `state` shows, when it was asked for one. */
  viewer?: string;
  seq: number;
  /** Tooltip lines for every unit on the table. */
  unitInfo: Record<string, UnitInfoLine[]>;
  canUndo: boolean;
}

/**
 * Who looks at a view: a side id (the view shows only what that side may know, through the
 * ruleset's `knownTo`), ACTIVE_SIDE for the side to act (hot seat: each side's page shows its own
 * knowledge), or nothing for the whole state.
 */
export const ACTIVE_SIDE = '@active';

export type ActResult =
  | { ok: true; view: GameView; events: GameEvent[]; alerts?: GameAlert[] }
  | { ok: false; error: string; code: string }
  | { ok: false; needDice: { count: number; sides: number; purpose: string; entered: number } };

type AppliedAction = Extract<ApplyResult, { ok: true }>;

/** A new game for a save's setup; a setup this build cannot make (an unknown ruleset, say) is a SaveError. */
export function sessionForSetup(setup: GameSetup): GameSession {
  try {
    return new GameSession(setup);
  } catch (e) {
    throw new SaveError(`the save names a game this Tricorne cannot set up: ${(e as Error).message}`);
  }
}

/**
 * Replay a save's log from `initial`, handing every accepted action to `visit`, and check that it
 * ends on the recorded hash. The first action the rules refuse is named by its number.
 */
export function replaySave(ruleset: Ruleset, initial: GameState, save: SaveFile, visit: (r: AppliedAction, before: GameState, index: number) => void): GameState {
  const saved = save.rulesEdition ?? 1;
  const current = ruleset.rulesEdition ?? 1;
  if (saved !== current) {
    throw new SaveError(
      `this save was played under edition ${saved} of Tricorne's ${ruleset.name} rules, and this Tricorne plays edition ${current}; the game's actions would not replay as they were played`,
    );
  }
  let state = initial;
  const total = save.log.length;
  for (const [i, entry] of save.log.entries()) {
    const what = `action ${i + 1} of ${total} (${entry.action.type} by ${entry.action.side})`;
    let r: ApplyResult;
    try {
      r = apply(ruleset, state, entry.action, entry.entered);
    } catch (e) {
      throw new SaveError(`the save file does not replay: ${what} failed: ${(e as Error).message}`);
    }
    if (!r.ok) {
      const why = 'error' in r ? r.error : `dice were missing (${r.needDice.purpose})`;
      throw new SaveError(`the save file does not replay: the rules refuse ${what}: ${why}`);
    }
    visit(r, state, i);
    state = r.state;
  }
  const hash = stateHash(state);
  if (hash !== save.stateHash) {
    throw new SaveError(`the save file does not replay to its recorded position (hash ${hash}, recorded ${save.stateHash})`);
  }
  return state;
}

/**
 * A page's view of a true state: with a viewer side, the state as that side may know it (the
 * ruleset's `knownTo`) and only its units described; the hash is always the true state's.
 */
export function buildView(ruleset: Ruleset, truth: GameState, side: string | undefined, canUndo: boolean): GameView {
  const state = side !== undefined && ruleset.knownTo ? ruleset.knownTo(truth, battlefieldFromSpec(truth.battlefield), side) : truth;
  const unitInfo: Record<string, UnitInfoLine[]> = {};
  for (const u of state.units) unitInfo[u.id] = ruleset.describeUnit(state, u);
  return { state, hash: stateHash(truth), seq: truth.seq, unitInfo, canUndo, ...(side !== undefined ? { viewer: side } : {}) };
}

export class GameSession {
  readonly ruleset: Ruleset;
  readonly setup: GameSetup;
  private states: GameState[];
  private entries: LogEntry[] = [];
  private eventsByEntry: GameEvent[][] = [];
  /** Whether each entry threw dice: an order whose dice are rolled cannot be taken back. */
  private rolled: boolean[] = [];

  constructor(setup: GameSetup) {
    this.ruleset = getRuleset(setup.rulesetId);
    this.setup = structuredClone(setup);
    this.states = [createGame(this.ruleset, this.setup)];
  }

  /**
   * A game from a save's text, replayed action by action. Throws SaveError saying what is wrong: not
   * JSON, a wrong version, an unknown ruleset, the first action the rules refuse, or a hash mismatch.
   */
  static fromSave(text: string): GameSession {
    const save = parseSave(text);
    const session = sessionForSetup(save.setup);
    replaySave(session.ruleset, session.state, save, (r, before) => session.push(r, before));
    return session;
  }

  get state(): GameState {
    return this.states[this.states.length - 1]!;
  }

  get log(): readonly LogEntry[] {
    return this.entries;
  }

  get events(): readonly GameEvent[][] {
    return this.eventsByEntry;
  }

  /** The state after `n` actions (0 = the start), for the replay timeline. */
  stateAt(n: number): GameState {
    const i = Math.max(0, Math.min(n, this.states.length - 1));
    return this.states[i]!;
  }

  legal(side?: string): LegalAction[] {
    return legalActions(this.ruleset, this.state, side);
  }

  act(action: Action, entered?: number[], viewer?: string): ActResult {
    const before = this.state;
    const r = this.step(action, entered);
    if (!r.ok) return r;
    const side = this.viewerSide(viewer);
    const events = side !== undefined && this.ruleset.knownEvents ? this.ruleset.knownEvents(this.state, r.events, side) : r.events;
    const alerts = this.alertsSince(before, side);
    return { ok: true, view: this.view(viewer), events, ...(alerts.length ? { alerts } : {}) };
  }

  /**
   * The ruleset's alerts for the last action (routs, losses, generals, break points), leaving out
   * units the viewing side did not know of before it (hidden movement).
   */
  private alertsSince(before: GameState, side: string | undefined): GameAlert[] {
    if (!this.ruleset.alerts) return [];
    const alerts = findAlerts(this.ruleset.alerts, before, this.state);
    if (side === undefined || !this.ruleset.knownTo || alerts.length === 0) return alerts;
    const known = new Set(this.ruleset.knownTo(before, battlefieldFromSpec(before.battlefield), side).units.map((u) => u.id));
    return alerts.filter((a) => a.unit === undefined || known.has(a.unit));
  }

  /** Apply an action without building a view: for headless games, where nobody looks. */
  step(action: Action, entered?: number[]): ApplyResult {
    const before = this.state;
    const r = apply(this.ruleset, before, action, entered);
    if (r.ok) this.push(r, before);
    return r;
  }

  private push(r: AppliedAction, before: GameState): void {
    this.states.push(r.state);
    this.entries.push(r.entry);
    this.eventsByEntry.push(r.events);
    this.rolled.push(r.events.some((e) => (e.dice?.length ?? 0) > 0) || JSON.stringify(r.state.dice) !== JSON.stringify(before.dice));
  }

  /** Take back the last order, if no dice were thrown for it. */
  undo(viewer?: string): { ok: true; view: GameView } | { ok: false; error: string } {
    if (this.entries.length === 0) return { ok: false, error: 'there is nothing to undo' };
    if (this.rolled[this.rolled.length - 1]) return { ok: false, error: 'the last order has rolled its dice and cannot be taken back' };
    this.states.pop();
    this.entries.pop();
    this.eventsByEntry.pop();
    this.rolled.pop();
    return { ok: true, view: this.view(viewer) };
  }

  /** The side a viewer stands for now: ACTIVE_SIDE is the side to act (none once the game is over). */
  viewerSide(viewer?: string): string | undefined {
    if (viewer === ACTIVE_SIDE) return this.state.active ?? undefined;
    return viewer;
  }

  /**
   * The current position for a page. With a viewer, the state is what that side may know (the
   * ruleset's `knownTo`), and only its units are described; the hash is always the true state's.
   */
  view(viewer?: string): GameView {
    return buildView(this.ruleset, this.state, this.viewerSide(viewer), this.entries.length > 0 && !this.rolled[this.rolled.length - 1]);
  }

  toSave(name?: string): SaveFile {
    const save: SaveFile = {
      format: SAVE_FORMAT,
      version: SAVE_VERSION,
      savedAt: new Date().toISOString(),
      setup: this.setup,
      log: structuredClone(this.entries),
      stateHash: stateHash(this.state),
      rulesEdition: this.ruleset.rulesEdition ?? 1,
    };
    if (name) save.name = name;
    return save;
  }

  saveText(name?: string): string {
    return serialiseSave(this.toSave(name));
  }
}
