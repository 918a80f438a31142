import { describe, expect, it } from 'vitest';
import { apply, replay, stateHash } from '../../../src/core/engine';
import { GameSession } from '../../../src/app/session';
import { getRuleset } from '../../../src/rules/registry';
import { randomAction } from '../../../src/ai/random';
import { Rng } from '../../../src/core/random';
import type { GameSetup } from '../../../src/core/model';

const onePage = getRuleset('one-page');

function playRandomGame(setup: GameSetup): GameSession {
  const s = new GameSession(setup);
  for (let i = 0; i < 5000 && !s.state.result; i++) {
    const side = s.state.active!;
    const action = randomAction(s.ruleset, s.state, s.legal(side), new Rng(`${setup.seed}/${s.state.seq}`));
    expect(action, `no legal action for ${side} in ${s.state.phase}`).not.toBeNull();
    const r = s.act(action!);
    expect(r.ok, JSON.stringify(r)).toBe(true);
  }
  return s;
}

describe('the engine', () => {
  it('an illegal action returns a reason and leaves the state unchanged', () => {
    const s = new GameSession({ rulesetId: 'one-page', seed: 'illegal' });
    const before = structuredClone(s.state);
    const hash = stateHash(s.state);
    const cases = [
      { type: 'move', side: 'red', unit: 'red-u2', mode: 'advance', to: { x: 0, y: 0 } }, // not in the activation phase yet
      { type: 'roll-initiative', side: 'black' }, // red rolls first
      { type: 'fly', side: 'red' },
      { type: 'halt', side: 'green', unit: 'red-u0' },
    ];
    const reasons = cases.map((a) => apply(onePage, s.state, a));
    for (const r of reasons) {
      expect(r.ok).toBe(false);
      expect('error' in r && r.error.length).toBeGreaterThan(10);
    }
    expect(reasons.map((r) => ('error' in r ? r.error : ''))).toEqual([
      'units activate in the activation phase; it is now initiative',
      'the other side rolls for initiative first',
      'the one-page rules have no action "fly"',
      'there is no side "green"',
    ]);
    expect(s.state).toEqual(before);
    expect(stateHash(s.state)).toBe(hash);
  });

  it('an advance in the wrong direction is refused with the rule, and nothing changes', () => {
    const s = new GameSession({ rulesetId: 'one-page', seed: 'wrong-way' });
    expect(s.act({ type: 'roll-initiative', side: 'red' }).ok).toBe(true);
    const winner = s.state.active!;
    expect(s.act({ type: 'choose-order', side: winner, first: 'first' }).ok).toBe(true);
    const unit = s.state.units.find((u) => u.side === winner && u.type === 'line')!;
    const hash = stateHash(s.state);
    const behind = { x: unit.x - 200 * Math.cos(unit.facing), y: unit.y - 200 * Math.sin(unit.facing) };
    const r = s.act({ type: 'move', side: winner, unit: unit.id, mode: 'advance', to: behind });
    expect(r.ok).toBe(false);
    expect('error' in r && r.error).toMatch(/advances forward, within 45° of its front; the point given is to its rear/);
    expect(stateHash(s.state)).toBe(hash);
  });

  it('100 seeded random games replay from their logs to identical hashes', () => {
    for (let g = 0; g < 100; g++) {
      const setup: GameSetup = { rulesetId: 'one-page', seed: `replay-${g}`, options: { turnLimit: 3 } };
      const s = playRandomGame(setup);
      expect(s.state.result).not.toBeNull();
      const again = replay(onePage, setup, s.log);
      expect(stateHash(again.state)).toBe(stateHash(s.state));
    }
  }, 300_000);

  it('the same seed and the same actions give the same hash; another seed does not', () => {
    const a = playRandomGame({ rulesetId: 'one-page', seed: 'twin' });
    const b = playRandomGame({ rulesetId: 'one-page', seed: 'twin' });
    expect(stateHash(b.state)).toBe(stateHash(a.state));
    expect(b.log).toEqual(a.log);
    const c = new GameSession({ rulesetId: 'one-page', seed: 'other' });
    expect(stateHash(c.state)).not.toBe(stateHash(new GameSession({ rulesetId: 'one-page', seed: 'twin' }).state));
  }, 60_000);
});
