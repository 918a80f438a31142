/**
 * Seeded AI-versus-AI games whose every decision and final state are fingerprinted, so a change
 * meant only to make the AI faster can be shown to leave its choices exactly as they were.
 * Re-record the expected fingerprints (after a change meant to alter decisions) with
 * `npx tsx tests/unit/ai/seededGames.ts`.
 */

import { GameSession } from '../../../src/app/session';
import { makePlayer } from '../../../src/ai/players';
import { canonicalJson, hashString } from '../../../src/core/hash';
import { stateHash } from '../../../src/core/engine';
import { onePageBattle } from '../../../bench/battles';

export interface SeededGame {
  name: string;
  /** A fresh session at the point the AIs take over. */
  start: () => GameSession;
  /** The computer player for each side, by its `makePlayer` name. */
  players: Record<string, string>;
  /** Stop after this many actions, or at the end of the game. */
  maxActions: number;
}

export const SEEDED_GAMES: SeededGame[] = [
  {
    name: 'one-page, default armies, normal against normal',
    start: () => new GameSession({ rulesetId: 'one-page', seed: 'speed-1', options: { turnLimit: 3 } }),
    players: { red: 'ai:normal', black: 'ai:normal' },
    maxActions: 400,
  },
  {
    name: 'one-page with fog of war, hard and cautious against easy and aggressive',
    start: () => new GameSession({ rulesetId: 'one-page', seed: 'speed-2', options: { turnLimit: 3, fogOfWar: true } }),
    players: { red: 'ai:hard:cautious', black: 'ai:easy:aggressive' },
    maxActions: 400,
  },
  {
    name: 'one-page, 30 units a side, normal against normal',
    start: () => onePageBattle('speed-3', 30, { turnLimit: 2 }),
    players: { red: 'ai:normal', black: 'ai:normal' },
    maxActions: 400,
  },
  {
    name: 'horse-and-musket, default armies, normal against normal',
    start: () => new GameSession({ rulesetId: 'horse-and-musket', seed: 'speed-4', options: { turnLimit: 4 } }),
    players: { a: 'ai:normal', b: 'ai:normal' },
    maxActions: 300,
  },
  {
    name: "horse-and-musket with hidden movement and the book's sight levels, hard against easy and aggressive",
    start: () => new GameSession({ rulesetId: 'horse-and-musket', seed: 'speed-5', options: { turnLimit: 4, hiddenMovement: true, sight: 'levels' } }),
    players: { a: 'ai:hard', b: 'ai:easy:aggressive' },
    maxActions: 300,
  },
];

export interface GameFingerprint {
  actions: number;
  /** The hash of every decision in order: the action chosen, its score and the runners-up's scores. */
  decisions: string;
  /** The final state's hash. */
  state: string;
}

export function playSeededGame(game: SeededGame): GameFingerprint {
  const session = game.start();
  const players = Object.fromEntries(Object.entries(game.players).map(([side, id]) => [side, makePlayer(id, `${game.name}/${side}`)]));
  const trail: unknown[] = [];
  let actions = 0;
  while (!session.state.result && actions < game.maxActions) {
    const side = session.state.active;
    if (!side) throw new Error(`${game.name}: nobody is to act at seq ${session.state.seq}`);
    const { action, decision, outcome } = players[side]!.choose(session.ruleset, session.state, session.legal(side), side);
    if (!action) throw new Error(`${game.name}: no action for ${side}`);
    trail.push([action, decision?.chosen.score, decision?.runnersUp.map((r) => r.score), decision?.candidates]);
    // The AI's own outcome of its action, as the simulator and the page take it.
    const r = session.step(action, undefined, outcome);
    if (!r.ok) throw new Error(`${game.name}: the rules refused ${JSON.stringify(action)}`);
    actions++;
  }
  return { actions, decisions: hashString(canonicalJson(trail)), state: stateHash(session.state) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const game of SEEDED_GAMES) {
    const t = performance.now();
    const f = playSeededGame(game);
    console.log(JSON.stringify(game.name), JSON.stringify(f), `${Math.round(performance.now() - t)} ms`);
  }
}
