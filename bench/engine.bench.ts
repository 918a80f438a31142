/**
 * The engine's speed on the one-page and horse-and-musket rules: a new game, legal actions, one
 * applied action, and a whole random-versus-random game. Prints medians. Run with `npx tsx bench/engine.bench.ts`.
 */

import { GameSession } from '../src/app/session';
import { randomAction } from '../src/ai/random';
import { apply, legalActions, stateHash } from '../src/core/engine';
import { Rng } from '../src/core/random';
import { getRuleset } from '../src/rules/registry';
import { summary } from './stats';

/** Play `games` random-versus-random games of a ruleset and print the medians. */
function measure(rulesetId: string, games: number): void {
  const ruleset = getRuleset(rulesetId);
  const newGame: number[] = [];
  const legal: number[] = [];
  const applyMs: number[] = [];
  const hashMs: number[] = [];
  const gameMs: number[] = [];
  const actionsPerGame: number[] = [];
  for (let g = 0; g < games; g++) {
    const seed = `bench-${g}`;
    let t = performance.now();
    const s = new GameSession({ rulesetId, seed });
    newGame.push(performance.now() - t);
    const t0 = performance.now();
    let n = 0;
    while (!s.state.result) {
      const side = s.state.active!;
      t = performance.now();
      const options = legalActions(ruleset, s.state, side);
      legal.push(performance.now() - t);
      const action = randomAction(ruleset, s.state, options, new Rng(`${seed}/${s.state.seq}`));
      if (!action) throw new Error(`no action in ${seed}`);
      t = performance.now();
      const r = apply(ruleset, s.state, action);
      applyMs.push(performance.now() - t);
      if (!r.ok) throw new Error(`refused in ${seed}`);
      s.act(action);
      t = performance.now();
      stateHash(s.state);
      hashMs.push(performance.now() - t);
      n++;
    }
    gameMs.push(performance.now() - t0);
    actionsPerGame.push(n);
  }
  console.log(`${rulesetId} engine, ${games} random-vs-random games (the first game includes battlefield generation and JIT warm-up)`);
  console.log(summary('new game (incl. battlefield)', newGame, 'ms'));
  console.log(summary('legalActions for the side to act', legal, 'ms', 3));
  console.log(summary('apply one action', applyMs, 'ms', 3));
  console.log(summary('state hash', hashMs, 'ms', 3));
  console.log(summary('whole game incl. random player', gameMs, 'ms', 0));
  console.log(summary('actions per game', actionsPerGame, '', 0));
}

measure('one-page', 12);
measure('horse-and-musket', 6);
