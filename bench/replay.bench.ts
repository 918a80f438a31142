/**
 * The replay timeline and loading a save: how long loading a whole game takes, building a timeline
 * from a save and from the game in progress, jumping to a random step, and stepping forward one
 * action. Prints medians. Run with `npx tsx bench/replay.bench.ts`.
 */

import { makePlayer } from '../src/ai/players';
import { GameSession } from '../src/app/session';
import { SNAPSHOT_EVERY, Timeline } from '../src/app/timeline';
import { Rng } from '../src/core/random';
import { summary } from './stats';

function playedGame(rulesetId: string, seed: string): GameSession {
  const s = new GameSession({ rulesetId, seed });
  const player = makePlayer('random', seed);
  while (!s.state.result) {
    const side = s.state.active!;
    const { action } = player.choose(s.ruleset, s.state, s.legal(side), side);
    if (!action || !s.step(action).ok) throw new Error(`the random player was stuck in ${seed}`);
  }
  return s;
}

function measure(rulesetId: string, games: number): void {
  const load: number[] = [];
  const fromSave: number[] = [];
  const fromSession: number[] = [];
  const jump: number[] = [];
  const step: number[] = [];
  const actions: number[] = [];
  for (let g = 0; g < games; g++) {
    const game = playedGame(rulesetId, `replay-bench-${g}`);
    const text = game.saveText();
    actions.push(game.log.length);
    let t = performance.now();
    GameSession.fromSave(text);
    load.push(performance.now() - t);
    t = performance.now();
    const timeline = Timeline.fromSave(text);
    fromSave.push(performance.now() - t);
    t = performance.now();
    Timeline.fromSession(game);
    fromSession.push(performance.now() - t);
    const rng = new Rng(`jumps-${g}`);
    for (let k = 0; k < 20; k++) {
      const at = rng.int(timeline.length + 1);
      t = performance.now();
      timeline.stateAt(at);
      jump.push(performance.now() - t);
      if (at < timeline.length) {
        t = performance.now();
        timeline.stateAt(at + 1);
        step.push(performance.now() - t);
      }
    }
  }
  console.log(`${rulesetId}: ${games} random games, ${summary('actions a game', actions, '', 0)}; a snapshot every ${SNAPSHOT_EVERY} actions`);
  console.log(`  ${summary('load a save (replay and check)', load, 'ms', 0)}`);
  console.log(`  ${summary('timeline from a save', fromSave, 'ms', 0)}`);
  console.log(`  ${summary('timeline from the game in progress', fromSession, 'ms', 1)}`);
  console.log(`  ${summary('jump to a random step', jump, 'ms', 1)}`);
  console.log(`  ${summary('one step forward', step, 'ms', 2)}`);
}

measure('one-page', 5);
measure('horse-and-musket', 3);
