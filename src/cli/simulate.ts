/** Headless games between players, for testing the rules and measuring players against each other. */

import { GameSession } from '../app/session';
import { makePlayer as makeAnyPlayer, PlayerError, type Player } from '../ai/players';
import { UsageError } from './args';

export function makePlayer(id: string, seed: string): Player {
  try {
    return makeAnyPlayer(id, seed);
  } catch (e) {
    if (e instanceof PlayerError) throw new UsageError(e.message);
    throw e;
  }
}

export interface GameRecord {
  game: number;
  seed: string;
  winner: string | null;
  /** Which player won: "a", "b" or null for a draw. */
  winnerPlayer: 'a' | 'b' | null;
  reason: string;
  turns: number;
  actions: number;
  hash: string;
  /** Milliseconds per decision by each player (computer players only). */
  decisionMs: { a: number[]; b: number[] };
}

/** Play one game to the end. Side 0 is player a unless `swap`. */
export function playGame(rulesetId: string, seed: string, a: Player, b: Player, swap: boolean, maxActions = 20000, options?: Record<string, unknown>): { record: Omit<GameRecord, 'game'>; session: GameSession } {
  // With several players a side (seats), a plays every seat of its side and b every seat of the other.
  const session = new GameSession(options ? { rulesetId, seed, options } : { rulesetId, seed });
  const sides = session.state.sides.map((s) => s.id);
  const playerOf = (side: string): 'a' | 'b' => ((sides.indexOf(side) === 0) !== swap ? 'a' : 'b');
  let actions = 0;
  const decisionMs: { a: number[]; b: number[] } = { a: [], b: [] };
  while (!session.state.result) {
    if (actions >= maxActions) throw new Error(`game ${seed} did not finish in ${maxActions} actions`);
    const side = session.state.active;
    if (!side) throw new Error(`game ${seed}: nobody is to act at seq ${session.state.seq}`);
    const who = playerOf(side);
    const player = who === 'a' ? a : b;
    const t0 = performance.now();
    const { action, outcome } = player.choose(session.ruleset, session.state, session.legal(side), side);
    decisionMs[who].push(performance.now() - t0);
    if (!action) throw new Error(`game ${seed}: ${player.name} found no legal action for ${side} in ${session.state.phase}`);
    const r = session.step(action, undefined, outcome);
    if (!r.ok) throw new Error(`game ${seed}: ${player.name} chose an action the rules refused: ${'error' in r ? r.error : 'dice needed'}`);
    actions++;
  }
  const result = session.state.result!;
  const view = session.view();
  // Every game is also replayed from its save: the same log must reach the same state.
  const replayed = GameSession.fromSave(session.saveText()).view().hash;
  if (replayed !== view.hash) throw new Error(`game ${seed}: its replay ends in state hash ${replayed}, not ${view.hash}`);
  return {
    session,
    record: {
      seed,
      winner: result.winner,
      winnerPlayer: result.winner === null ? null : playerOf(result.winner),
      reason: result.reason,
      turns: session.state.turn,
      actions,
      hash: view.hash,
      decisionMs,
    },
  };
}
