/**
 * Replaying an unfinished save keeps the fog (engineHost replayView / replayBattlefield): the page is
 * sent the battlefield and units as its side may know them, not the truth. A finished game may show all.
 */

import { describe, expect, it } from 'vitest';
import { ACTIVE_SIDE, GameSession } from '../../../src/app/session';
import { createEngineApi } from '../../../src/app/engineHost';
import type { GameSetup } from '../../../src/core/model';
import { UNKNOWN_SUBTYPE } from '../../../src/terrain/subtypes';
import type { HmState } from '../../../src/rules/horse-and-musket/types';

const setup: GameSetup = { rulesetId: 'horse-and-musket', seed: 'hm-hidden-1', options: { turnLimit: 6, hiddenMovement: true, deployment: 'automatic' } };

/** A battle just begun: the attacker/defender choice made, the terrain rolled, the counters laid. */
function begun(): GameSession {
  const s = new GameSession(setup);
  expect(s.act(s.legal(s.state.active!)[0]!.action).ok).toBe(true);
  return s;
}

describe('replaying an unfinished save of another battle', () => {
  it('sends the attacker the veiled battlefield and counters, never the secret subtypes or hidden units', async () => {
    const game = begun();
    const truth = game.state as unknown as HmState;
    const secret = (truth.rules.terrainRolls ?? []).filter((r) => r.secret && !r.revealed);
    expect(secret.length).toBeGreaterThan(0);
    const attacker = Object.entries(truth.rules.sides).find(([, s]) => s.posture === 'attacker')![0];
    const hiddenFromAttacker = truth.rules.hidden!.counters.filter((c) => c.real && c.side !== attacker && !c.revealed).map((c) => c.real!);
    expect(hiddenFromAttacker.length).toBeGreaterThan(0);

    // The page plays another game (a different seed), then replays the save above.
    const api = createEngineApi();
    await api.newGame({ ...setup, seed: 'replay-fog-live' });
    const info = await api.openReplay(game.saveText('unfinished'));
    expect(info).toMatchObject({ finished: false, sameBattlefield: false });

    const bf = await api.replayBattlefield(attacker);
    for (const r of secret) {
      expect(bf.spec.subtypes?.[r.feature], `subtype of ${r.feature}`).toBe(UNKNOWN_SUBTYPE);
      expect(truth.battlefield.subtypes?.[r.feature]).not.toBe(UNKNOWN_SUBTYPE);
    }
    const view = await api.replayView(info.length, attacker);
    expect(view.viewer).toBe(attacker);
    const ids = new Set(view.state.units.map((u) => u.id));
    for (const id of hiddenFromAttacker) expect(ids.has(id), `${id} sent to the attacker`).toBe(false);
    for (const r of secret) expect(view.state.battlefield.subtypes?.[r.feature]).toBe(UNKNOWN_SUBTYPE);
  });

  it('with the live game\'s side to act not a side of the save, still sends a side\'s view, not the truth', async () => {
    const game = begun();
    const truth = game.state as unknown as HmState;
    const api = createEngineApi();
    // A one-page game: its sides are not the save's, so the hot-seat viewer falls back to the save's side to act.
    await api.newGame({ rulesetId: 'one-page', seed: 'replay-fog-other' });
    const info = await api.openReplay(game.saveText());
    const view = await api.replayView(info.length, ACTIVE_SIDE);
    expect(view.viewer).toBe(truth.active);
    const bf = await api.replayBattlefield(ACTIVE_SIDE);
    const known = game.view(truth.active!).state.battlefield;
    expect(bf.spec).toEqual(known);
  });

  it('a finished game is replayed in full view, secrets and all', async () => {
    const game = begun();
    // The side to act offers a draw at once and the other side agrees: the battle is over.
    const side = game.state.active!;
    const offer = game.legal(side).find((l) => l.action.type === 'offer-end' && l.action.winner === null)!;
    expect(game.act(offer.action).ok).toBe(true);
    const accept = game.legal().find((l) => l.action.type === 'accept-end')!;
    expect(game.act(accept.action).ok).toBe(true);
    expect(game.state.result).not.toBeNull();
    const api = createEngineApi();
    await api.newGame({ ...setup, seed: 'replay-fog-live' });
    const info = await api.openReplay(game.saveText());
    expect(info.finished).toBe(true);
    const truth = game.state as unknown as HmState;
    const attacker = Object.entries(truth.rules.sides).find(([, s]) => s.posture === 'attacker')![0];
    expect((await api.replayBattlefield(attacker)).spec).toEqual(truth.battlefield);
    expect((await api.replayView(info.length, attacker)).viewer).toBeUndefined();
  });
});
