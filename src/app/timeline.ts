/**
 * The replay timeline of a game: the position after any number of its actions. It keeps a snapshot
 * of the state every `SNAPSHOT_EVERY` actions and replays forward from the nearest one, so a jump
 * anywhere costs at most that many actions and a step forward costs one. Built from a save (the log
 * is replayed once, checked like a load) or from the game in progress (its states are taken as they
 * are, with no replay). It holds its own copy of everything, so the live game is never touched.
 */

import { apply, stateHash } from '../core/engine';
import type { GameEvent, GameSetup, GameState, LogEntry } from '../core/model';
import type { Ruleset } from '../core/ruleset';
import { parseSave } from '../core/save';
import { ReportBuilder, type BattleReport } from './battleReport';
import { replaySave, sessionForSetup, type GameSession } from './session';

export const SNAPSHOT_EVERY = 10;

/** Where a turn begins on the timeline: the first action played in it. */
export interface TurnMark {
  turn: number;
  /** The position (actions played) at which the turn's first action has been played. */
  at: number;
}

export class Timeline {
  private readonly snapshots = new Map<number, GameState>();
  /** The last position worked out, so stepping forward replays one action. */
  private cursor: { at: number; state: GameState };
  readonly marks: TurnMark[] = [];
  readonly events: GameEvent[][];
  /** The game turn after each action (for "this turn" in the replay's tooltips). */
  readonly turns: number[];
  readonly report: BattleReport;

  private constructor(
    readonly ruleset: Ruleset,
    readonly setup: GameSetup,
    readonly log: readonly LogEntry[],
    states: (visit: (state: GameState, events: readonly GameEvent[]) => void) => void,
    readonly name: string | null,
  ) {
    const builder = new ReportBuilder((u) => ruleset.ai.isCombatant(u));
    const events: GameEvent[][] = [];
    const turns: number[] = [];
    let at = 0;
    let previousTurn: number | null = null;
    let last: GameState | null = null;
    states((state, evs) => {
      if (at > 0) {
        events.push([...evs]);
        turns.push(state.turn);
      }
      if (at % SNAPSHOT_EVERY === 0) this.snapshots.set(at, state);
      if (previousTurn !== null && state.turn !== previousTurn) this.marks.push({ turn: state.turn, at });
      if (previousTurn === null) this.marks.push({ turn: state.turn, at: 0 });
      previousTurn = state.turn;
      builder.add(state, evs);
      last = state;
      at++;
    });
    if (!last) throw new Error('a timeline needs the opening position');
    this.events = events;
    this.turns = turns;
    this.snapshots.set(this.length, last);
    this.cursor = { at: this.length, state: last };
    this.report = builder.finish(stateHash(last));
  }

  /** The timeline of a saved game: its log is replayed and checked (SaveError on a bad file). */
  static fromSave(text: string): Timeline {
    const save = parseSave(text);
    const start = sessionForSetup(save.setup);
    const initial = start.state;
    return new Timeline(
      start.ruleset,
      save.setup,
      save.log,
      (visit) => {
        visit(initial, []);
        replaySave(start.ruleset, initial, save, (r) => visit(r.state, r.events));
      },
      save.name ?? null,
    );
  }

  /** The timeline of the game in progress, from the states it has already passed through. */
  static fromSession(session: GameSession, name: string | null = null): Timeline {
    const log = structuredClone([...session.log]);
    return new Timeline(
      session.ruleset,
      structuredClone(session.setup),
      log,
      (visit) => {
        for (let i = 0; i <= log.length; i++) visit(session.stateAt(i), i === 0 ? [] : session.events[i - 1]!);
      },
      name,
    );
  }

  /** Actions in the game: positions run from 0 (the opening) to `length`. */
  get length(): number {
    return this.log.length;
  }

  get final(): GameState {
    return this.snapshots.get(this.length)!;
  }

  /** The state after `at` actions. Replays forward from the nearest snapshot or the last position asked for. */
  stateAt(at: number): GameState {
    const n = Math.max(0, Math.min(Math.round(at), this.length));
    const snap = this.snapshots.get(n);
    if (snap) return this.remember(n, snap);
    let from = Math.floor(n / SNAPSHOT_EVERY) * SNAPSHOT_EVERY;
    let state = this.snapshots.get(from)!;
    if (this.cursor.at <= n && this.cursor.at > from) {
      from = this.cursor.at;
      state = this.cursor.state;
    }
    for (let i = from; i < n; i++) {
      const entry = this.log[i]!;
      const r = apply(this.ruleset, state, entry.action, entry.entered);
      // The log was checked when the timeline was built, so a refusal here is a bug, not bad input.
      if (!r.ok) throw new Error(`the replay could not redo action ${i + 1}`);
      state = r.state;
    }
    return this.remember(n, state);
  }

  private remember(at: number, state: GameState): GameState {
    this.cursor = { at, state };
    return state;
  }
}
