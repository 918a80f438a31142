import { describe, expect, it } from 'vitest';
import { makePlayer } from '../../../src/ai/players';
import { GameSession } from '../../../src/app/session';
import { apply, stateHash } from '../../../src/core/engine';

/** The first `count` actions of a one-page game between two easy AIs, with or without their outcomes. */
function play(count: number, takeOutcomes: boolean): { session: GameSession; taken: number } {
  const s = new GameSession({ rulesetId: 'one-page', seed: 'outcome', options: { turnLimit: 2 } });
  const players = { red: makePlayer('ai:easy', 'outcome/red'), black: makePlayer('ai:easy', 'outcome/black') };
  let taken = 0;
  for (let i = 0; i < count && !s.state.result; i++) {
    const side = s.state.active as 'red' | 'black';
    const { action, outcome } = players[side].choose(s.ruleset, s.state, s.legal(side), side);
    const r = s.step(action!, undefined, takeOutcomes ? outcome : undefined);
    if (!r.ok) throw new Error(`refused: ${JSON.stringify(action)}`);
    if (outcome && s.state === outcome.result.state) taken++;
  }
  return { session: s, taken };
}

describe("the AI's outcome of its own action", () => {
  it('is taken as the next state, and the game is the one it would be with every action applied again', () => {
    const once = play(40, true);
    const twice = play(40, false);
    expect(once.taken).toBe(40);
    expect(twice.taken).toBe(0);
    expect(stateHash(once.session.state)).toBe(stateHash(twice.session.state));
    expect(once.session.log).toEqual(twice.session.log);
    expect(once.session.events).toEqual(twice.session.events);
    // The save replays from its log to the same position.
    expect(GameSession.fromSave(once.session.saveText()).view().hash).toBe(stateHash(once.session.state));
  }, 60_000);

  it('from another state, or for another action, is ignored and the action applied as usual', () => {
    const { session } = play(6, true);
    const side = session.state.active!;
    const player = makePlayer('ai:easy', 'outcome/again');
    const { action, outcome } = player.choose(session.ruleset, session.state, session.legal(side), side);
    expect(outcome).toBeDefined();
    // Stale: an outcome worked out from an earlier position.
    const stale = { ...outcome!, from: session.stateAt(session.log.length - 1) };
    const fresh = apply(session.ruleset, session.state, action!);
    const r = session.step(action!, undefined, stale);
    expect(r.ok).toBe(true);
    expect(session.state).not.toBe(outcome!.result.state);
    expect(fresh.ok && stateHash(session.state)).toBe(stateHash(outcome!.result.state));
    // Another action object than the one applied: applied afresh, even when equal in content.
    const other = play(6, true).session;
    expect(stateHash(other.state)).toBe(stateHash(outcome!.from));
    const again = player.choose(other.ruleset, other.state, other.legal(side), side);
    const r2 = other.step({ ...again.action! }, undefined, again.outcome);
    expect(r2.ok).toBe(true);
    expect(other.state).not.toBe(again.outcome!.result.state);
    expect(stateHash(other.state)).toBe(stateHash(again.outcome!.result.state));
  }, 60_000);
});
