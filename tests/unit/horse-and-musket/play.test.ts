/** Whole horse-and-musket battles between random players: they finish, and the save replays to the same position. */

import { describe, expect, it } from 'vitest';
import { stateHash } from '../../../src/core/engine';
import { GameSession } from '../../../src/app/session';
import { makePlayer } from '../../../src/ai/players';

function playOut(seed: string): GameSession {
  const s = new GameSession({ rulesetId: 'horse-and-musket', seed, options: { turnLimit: 10 } });
  const players = { a: makePlayer('random', `${seed}/a`), b: makePlayer('random', `${seed}/b`) };
  for (let i = 0; i < 4000 && !s.state.result; i++) {
    const side = s.state.active!;
    const legal = s.legal(side);
    expect(legal.length, `no legal action for ${side} in ${s.state.phase}`).toBeGreaterThan(0);
    const { action } = players[side as 'a' | 'b'].choose(s.ruleset, s.state, legal, side);
    expect(action, `the random player found nothing in ${s.state.phase}`).not.toBeNull();
    const r = s.act(action!);
    expect(r.ok, `${JSON.stringify(action)} → ${JSON.stringify(r)}`).toBe(true);
  }
  return s;
}

describe('random battles', () => {
  it.each(['hm-play-1', 'hm-play-2'])('%s finishes with a result and its save replays', (seed) => {
    const s = playOut(seed);
    expect(s.state.result).not.toBeNull();
    expect(s.state.active).toBeNull();
    const loaded = GameSession.fromSave(s.saveText());
    expect(stateHash(loaded.state)).toBe(stateHash(s.state));
    expect(loaded.log.length).toBe(s.log.length);
  }, 40_000);
});
