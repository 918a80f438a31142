/** Headless games between players, for testing the rules and measuring players against each other. */

import { GameSession } from '../app/session';
import { randomAction } from '../ai/random';
import { Rng } from '../core/random';
import type { Action, GameState } from '../core/model';
import type { Ruleset, LegalAction } from '../core/ruleset';
import { UsageError } from './args';

export type PlayerId = 'random';
export const PLAYERS: PlayerId[] = ['random'];

export interface Player {
  name: string;
  choose(ruleset: Ruleset, state: GameState, legal: LegalAction[]): Action | null;
}

export function makePlayer(id: string, seed: string): Player {
  if (id === 'random') {
    return {
      name: 'random',
      choose: (ruleset, state, legal) => randomAction(ruleset, state, legal, new Rng(`${seed}/random/${state.seq}`)),
    };
  }
  throw new UsageError(`unknown player "${id}"; players: ${PLAYERS.join(', ')}`);
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
}

/** Play one game to the end. Side 0 is player a unless `swap`. */
export function playGame(rulesetId: string, seed: string, a: Player, b: Player, swap: boolean, maxActions = 20000): { record: Omit<GameRecord, 'game'>; session: GameSession } {
  const session = new GameSession({ rulesetId, seed });
  const sides = session.state.sides.map((s) => s.id);
  const playerOf = (side: string): 'a' | 'b' => ((sides.indexOf(side) === 0) !== swap ? 'a' : 'b');
  let actions = 0;
  while (!session.state.result) {
    if (actions >= maxActions) throw new Error(`game ${seed} did not finish in ${maxActions} actions`);
    const side = session.state.active;
    if (!side) throw new Error(`game ${seed}: nobody is to act at seq ${session.state.seq}`);
    const player = playerOf(side) === 'a' ? a : b;
    const action = player.choose(session.ruleset, session.state, session.legal(side));
    if (!action) throw new Error(`game ${seed}: ${player.name} found no legal action for ${side} in ${session.state.phase}`);
    const r = session.act(action);
    if (!r.ok) throw new Error(`game ${seed}: ${player.name} chose an action the rules refused: ${'error' in r ? r.error : 'dice needed'}`);
    actions++;
  }
  const result = session.state.result!;
  const view = session.view();
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
    },
  };
}
