/**
 * Deployment by the players in the one-page rules (Q54, `?opt.deployment=players`): a roll-off, the
 * loser sets up all his units within 12" of his own long edge, then the winner; turn 1 then begins.
 * Seed "op-dep2": the roll-off is a tie (1-1), then Prussians 6, Austrians 1, so the Austrians
 * (black, the far edge) set up first.
 */

import { describe, expect, it } from 'vitest';
import { apply, legalActions, stateHash } from '../../../src/core/engine';
import { onePage as typedOnePage } from '../../../src/rules/one-page/ruleset';
import type { Ruleset } from '../../../src/core/ruleset';
import { inch } from '../../../src/core/measure';
import { UNDEPLOYED, unitInPolygon } from '../../../src/core/deployment';
import { onePageZone } from '../../../src/rules/one-page/deployment';
import { GameSession } from '../../../src/app/session';
import { makePlayer } from '../../../src/ai/players';
import type { Action, GameState } from '../../../src/core/model';
import type { OnePageState } from '../../../src/rules/one-page/types';

const DOWN = -Math.PI / 2;
const onePage = typedOnePage as unknown as Ruleset;
const newGame = (): OnePageState => typedOnePage.createGame({ rulesetId: 'one-page', seed: 'op-dep2', options: { deployment: 'players' } });

function act(state: OnePageState, action: Action): { state: OnePageState; texts: string[] } {
  const r = apply(onePage, state as unknown as GameState, action);
  if (!r.ok) throw new Error(`refused: ${'error' in r ? r.error : 'dice'}`);
  return { state: r.state as unknown as OnePageState, texts: r.events.map((e) => e.text) };
}

function refuse(state: OnePageState, action: Action): string {
  const before = stateHash(state as unknown as GameState);
  const r = apply(onePage, state as unknown as GameState, action);
  expect(r.ok).toBe(false);
  expect(stateHash(state as unknown as GameState)).toBe(before);
  return 'error' in r ? r.error : '';
}

describe('one-page deployment by the players (Q54)', () => {
  it('rolls off; the loser sets up first, every unit off the table until placed', () => {
    const s = newGame();
    expect(s.phase).toBe('deploy');
    expect(s.active).toBe('black');
    expect(s.units.every((u) => u.carriedBy === UNDEPLOYED)).toBe(true);
    const labels = legalActions(onePage, s as unknown as GameState, 'black').map((l) => l.label);
    expect(labels.slice(0, 3)).toEqual(['Deploy the rest for me (12)', 'Deployment done', 'Deploy Cuirassier Regt. Anhalt-Zerbst']);
    expect(legalActions(onePage, s as unknown as GameState, 'red')).toEqual([]);
    expect(onePageZone(s, 'black').polygon.map((p) => [p.x / 25.4, Math.round(p.y / 25.4)])).toEqual([[0, 36], [72, 36], [72, 48], [0, 48]]);
    expect(typedOnePage.overlays!(s, undefined as never, 'black').map((o) => o.label)).toEqual(['within 12" of your own long edge']);
  });

  it('places a unit where it is put, refuses one outside the zone, and starts turn 1 after both sides', () => {
    let s = newGame();
    const deploy = (x: number, y: number): Action => ({ type: 'deploy', side: 'black', unit: 'black-u1', at: { x: inch(x), y: inch(y) }, facing: DOWN });
    expect(refuse(s, deploy(36, 30))).toBe('IR 1 Kaiser must stand wholly inside its deployment zone (within 12" of your own long edge)');
    expect(refuse(s, { type: 'deploy-done', side: 'black' })).toBe('12 units are still to be set up: place them, or "Deploy the rest for me"');
    expect(refuse(s, { type: 'roll-initiative', side: 'black' })).toBe('the armies are being set up: "roll-initiative" must wait until both sides have deployed');
    const first = act(s, deploy(30, 42));
    s = first.state;
    expect(first.texts).toEqual([
      'Roll-off for deployment: Prussians 1, Austrians 1; re-rolled: Prussians 6, Austrians 1. Austrians set up all their units first, then Prussians',
      'IR 1 Kaiser is set up 6.0" from its own edge',
    ]);
    const u = s.units.find((x) => x.id === 'black-u1')!;
    expect([u.x, u.y, u.facing, u.carriedBy]).toEqual([inch(30), inch(42), DOWN, undefined]);
    s = act(s, { type: 'deploy-rest', side: 'black' }).state;
    for (const x of s.units.filter((v) => v.side === 'black')) expect(unitInPolygon(x, onePageZone(s, 'black').polygon), x.name).toBe(true);
    const done = act(s, { type: 'deploy-done', side: 'black' });
    expect(done.texts).toEqual(['Austrians have set up. Prussians now set up theirs']);
    s = done.state;
    expect(s.active).toBe('red');
    s = act(s, { type: 'deploy-rest', side: 'red' }).state;
    const last = act(s, { type: 'deploy-done', side: 'red' });
    expect(last.texts).toEqual(['Both armies are set up: turn 1 begins']);
    expect(last.state.phase).toBe('initiative');
    expect(last.state.active).toBe('red');
    expect(last.state.rules.deployment).toBeNull();
  });

  it('the computer sets up through the same actions; a game without the option keeps its old start', () => {
    const g = new GameSession({ rulesetId: 'one-page', seed: 'op-dep2', options: { deployment: 'players' } });
    const ai = makePlayer('ai:normal', 'op');
    const seen: string[] = [];
    for (let i = 0; i < 8 && g.state.phase === 'deploy'; i++) {
      const side = g.state.active!;
      const { action } = ai.choose(g.ruleset, g.state, g.legal(side), side);
      seen.push(`${side}:${action!.type}`);
      expect(g.act(action!).ok).toBe(true);
    }
    expect(seen).toEqual(['black:deploy-rest', 'black:deploy-done', 'red:deploy-rest', 'red:deploy-done']);
    expect(g.state.phase).toBe('initiative');
    const plain = typedOnePage.createGame({ rulesetId: 'one-page', seed: 'op-dep2' });
    expect(plain.phase).toBe('initiative');
    expect(plain.options.deployment).toBeUndefined();
  });
});
