/**
 * The engine loop: legal actions, apply, log, replay and state hash. It knows no rulebook: every
 * rule question goes to the Ruleset. `apply` never changes the state it is given.
 */

import { DiceError, DiceRequest, DiceRoller } from './dice';
import type { Action, GameEvent, GameSetup, GameState, LogEntry } from './model';
import { RuleError, type LegalAction, type Ruleset } from './ruleset';
import { battlefieldFromSpec } from '../terrain/battlefield';
import { hashValue } from './hash';
import { seatListProblem, seatRefusal } from './seats';

export type ApplyResult =
  | { ok: true; state: GameState; events: GameEvent[]; entry: LogEntry }
  | { ok: false; error: string; code: string }
  | { ok: false; needDice: { count: number; sides: number; purpose: string; entered: number } };

/**
 * An action already applied, by `apply`, to a state without entered dice: what the AI hands back
 * after trying its choice on the true state, so a session need not apply the same action twice.
 */
export interface AppliedOutcome {
  from: GameState;
  action: Action;
  result: Extract<ApplyResult, { ok: true }>;
}

/**
 * A deep copy of a state. States are trees of plain objects, arrays and primitives (the state hash
 * walks them as JSON, so they hold no cycles); those are copied here directly, several times faster
 * than structuredClone, and anything else (a typed array, a Map) is handed to structuredClone.
 */
export function cloneState<S>(state: S): S {
  return clonePlain(state);
}

function clonePlain<T>(v: T): T {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) {
    if (Object.getPrototypeOf(v) !== Array.prototype) return structuredClone(v);
    const out = new Array<unknown>(v.length);
    for (let i = 0; i < v.length; i++) out[i] = clonePlain(v[i]);
    return out as T;
  }
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return structuredClone(v);
  const out: Record<string, unknown> = {};
  for (const k in v) out[k] = clonePlain((v as Record<string, unknown>)[k]);
  return out as T;
}

/**
 * Structural sharing: every unit an action left exactly as it was (same fields in the same order,
 * same values) is put back as the previous state's own object. States are never changed once made,
 * so sharing is safe, and what is remembered by unit object (the AI's forecasts, footprint memos)
 * carries over from one state to the next for the units nothing happened to.
 */
function shareUnchangedUnits(before: GameState, after: GameState): void {
  const old = before.units;
  const now = after.units;
  if (!Array.isArray(old) || !Array.isArray(now)) return;
  for (let i = 0; i < now.length && i < old.length; i++) if (samePlain(now[i], old[i])) now[i] = old[i]!;
}

/** Whether two plain JSON-like trees are the same: the same keys in the same order and the same values (NaN and -0 told apart as Object.is tells them). */
export function samePlain(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length || Object.getPrototypeOf(a) !== Array.prototype || Object.getPrototypeOf(b) !== Array.prototype) return false;
    for (let i = 0; i < a.length; i++) if (!samePlain(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const pa = Object.getPrototypeOf(a);
  if ((pa !== Object.prototype && pa !== null) || Object.getPrototypeOf(b) !== pa) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  for (let i = 0; i < ka.length; i++) {
    const k = ka[i]!;
    if (k !== kb[i] || !samePlain((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

export function legalActions(ruleset: Ruleset, state: GameState, side?: string): LegalAction[] {
  if (state.result) return [];
  return ruleset.legalActions(state, battlefieldFromSpec(state.battlefield), side);
}

/**
 * Apply one action. `entered` holds dice entered by hand for this action (manual dice) or recorded in
 * a log entry; when more are needed the result says how many, and the state is untouched.
 */
export function apply(ruleset: Ruleset, state: GameState, action: Action, entered?: number[]): ApplyResult {
  if (state.rulesetId !== ruleset.id) {
    return { ok: false, error: `this game uses the ${state.rulesetId} rules, not ${ruleset.id}`, code: 'ruleset' };
  }
  if (state.result) return { ok: false, error: 'the game is over', code: 'game-over' };
  if (!action || typeof action !== 'object' || typeof action.type !== 'string' || typeof action.side !== 'string') {
    return { ok: false, error: 'an action needs a type and a side', code: 'malformed' };
  }
  const wrongSeat = seatRefusal(state, action);
  if (wrongSeat) return { ok: false, error: wrongSeat, code: 'seat' };
  const next = cloneState(state);
  const useEntered = entered ?? (state.dice.mode === 'manual' ? [] : null);
  const dice = new DiceRoller(next.dice, useEntered);
  const events: GameEvent[] = [];
  try {
    ruleset.apply(next, action, { dice, battlefield: battlefieldFromSpec(state.battlefield), emit: (e) => events.push(e) });
  } catch (e) {
    if (e instanceof DiceRequest) {
      return { ok: false, needDice: { count: e.count, sides: e.sides, purpose: e.purpose, entered: e.alreadyEntered } };
    }
    if (e instanceof RuleError) return { ok: false, error: e.reason, code: e.code };
    if (e instanceof DiceError) return { ok: false, error: e.message, code: 'dice' };
    throw e;
  }
  if (useEntered && dice.enteredUsed !== useEntered.length) {
    return {
      ok: false,
      error: `${useEntered.length} dice were entered but the action used ${dice.enteredUsed}`,
      code: 'dice',
    };
  }
  next.seq = state.seq + 1;
  shareUnchangedUnits(state, next);
  const entry: LogEntry = { seq: next.seq, action };
  if (state.dice.mode === 'manual') entry.entered = [...dice.consumed];
  return { ok: true, state: next, events, entry };
}

export function createGame(ruleset: Ruleset, setup: GameSetup): GameState {
  if (setup.rulesetId !== ruleset.id) throw new RuleError(`setup is for ${setup.rulesetId}, not ${ruleset.id}`);
  if (setup.armies && !ruleset.armies) throw new RuleError(`${ruleset.name} fields its preset armies; it takes no army rosters`, 'armies');
  const state = ruleset.createGame(setup);
  // A ruleset's seats (several players a side) must name the game's own sides and units.
  if (state.seats) {
    const problem = seatListProblem(state.seats, state.sides, new Set(state.units.map((u) => u.id)));
    if (problem) throw new RuleError(`the players' seats are wrong: ${problem}`, 'seats');
  }
  return state;
}

export interface ReplayResult {
  state: GameState;
  events: GameEvent[][];
}

/** Replay a log from the setup. Throws an Error naming the first entry that fails. */
export function replay(ruleset: Ruleset, setup: GameSetup, log: readonly LogEntry[]): ReplayResult {
  let state = createGame(ruleset, setup);
  const events: GameEvent[][] = [];
  for (const [i, entry] of log.entries()) {
    const r = apply(ruleset, state, entry.action, entry.entered);
    if (!r.ok) {
      const why = 'error' in r ? r.error : `dice were missing (${r.needDice.purpose})`;
      throw new Error(`log entry ${i + 1} (${entry.action.type}) does not replay: ${why}`);
    }
    state = r.state;
    events.push(r.events);
  }
  return { state, events };
}

export function stateHash(state: GameState): string {
  return hashValue(state);
}
