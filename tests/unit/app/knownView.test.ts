/**
 * Views for one side (the ruleset's `knownTo`): a horse-and-musket battle with hidden movement,
 * seed "hm-hidden-1", where the deployment leaves units out of the enemy's sight when it begins.
 * Each side's view shows only what it may know; the hash is always the true state's.
 */

import { describe, expect, it } from 'vitest';
import { ACTIVE_SIDE, GameSession } from '../../../src/app/session';
import { createEngineApi } from '../../../src/app/engineHost';
import type { GameSetup } from '../../../src/core/model';
import type { HmState } from '../../../src/rules/horse-and-musket/types';

const setup: GameSetup = { rulesetId: 'horse-and-musket', seed: 'hm-hidden-1', options: { turnLimit: 6, hiddenMovement: true, deployment: 'automatic' } };

describe('views for one side', () => {
  it('hide the enemy\'s hidden units behind counters, keep the true hash, and leave the true state alone', () => {
    const s = new GameSession(setup);
    // The counters are laid when the battle begins, once the initiative winner has chosen to attack or defend.
    expect((s.state as unknown as HmState).rules.hidden).toBeUndefined();
    expect(s.act(s.legal(s.state.active!)[0]!.action).ok).toBe(true);
    const truth = s.state as unknown as HmState;
    const counters = truth.rules.hidden!.counters;
    const hiddenUnits = counters.filter((c) => c.real).map((c) => ({ id: c.real!, side: c.side }));
    expect(hiddenUnits.length).toBeGreaterThan(0);
    expect(counters).toHaveLength(hiddenUnits.length * 2);
    const whole = s.view();
    expect(whole.viewer).toBeUndefined();
    expect(whole.state).toBe(truth);
    for (const side of ['a', 'b']) {
      const v = s.view(side);
      expect(v.viewer).toBe(side);
      expect(v.hash).toBe(whole.hash);
      const ids = new Set(v.state.units.map((u) => u.id));
      for (const h of hiddenUnits) expect(ids.has(h.id), `${h.id} in ${side}'s view`).toBe(h.side === side);
      const enemyCounters = counters.filter((c) => c.side !== side);
      const markers = v.state.units.filter((u) => u.kind === 'marker' && u.side !== side);
      expect(markers.map((u) => u.id).sort()).toEqual(enemyCounters.map((c) => c.id).sort());
      // Every unit the page shows is described; counters say nothing of what they hide.
      expect(Object.keys(v.unitInfo).sort()).toEqual([...ids].sort());
      for (const m of markers) expect(v.unitInfo[m.id]).toEqual([{ label: 'Counter', value: `${m.name}: a hidden unit or a decoy (hidden movement)` }]);
    }
    expect(s.view(ACTIVE_SIDE).viewer).toBe(truth.active);
    expect(s.state).toBe(truth);
    expect(s.view().hash).toBe(whole.hash);
  });

  it('the worker API takes the viewer on new games, views, orders and undo', async () => {
    const api = createEngineApi();
    const first = await api.newGame(setup, ACTIVE_SIDE);
    expect(first.viewer).toBe(first.state.active);
    const full = await api.view();
    expect(full.hash).toBe(first.hash);
    const [opening] = await api.legal(first.state.active!);
    const r = await api.act(opening!.action, undefined, 'b');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.view.viewer).toBe('b');
    expect(r.view.hash).toBe((await api.view()).hash);
    // Issuing orders throws no dice, so it may be taken back.
    const side = r.view.state.active!;
    expect((await api.act({ type: 'issue-orders', side }, undefined, ACTIVE_SIDE)).ok).toBe(true);
    const u = await api.undo('a');
    expect(u.ok && u.view.viewer).toBe('a');
  });
});
