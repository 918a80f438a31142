/**
 * When hot seat must cover the screen between the players (GameView.secret, session.ts buildView):
 * only when the table a side is shown holds something the other side may not know. Alternate
 * placement (5B) is made in the open; map plans (5A) are secret; so are a defender's secret woods.
 */

import { describe, expect, it } from 'vitest';
import { ACTIVE_SIDE, GameSession } from '../../../src/app/session';
import type { GameSetup } from '../../../src/core/model';
import type { HmState } from '../../../src/rules/horse-and-musket/types';

const setup = (deployment: string): GameSetup => ({ rulesetId: 'horse-and-musket', seed: 'dep2', options: { deployment } });

/** Take the turn action of the side to act whose label starts so. */
function turn(s: GameSession, label: string): void {
  const l = s.legal(s.state.active!).find((x) => x.label.startsWith(label));
  expect(l, `${label} among ${s.legal(s.state.active!).map((x) => x.label).join(' | ')}`).toBeDefined();
  const r = s.act(l!.action);
  expect(r.ok, JSON.stringify(r)).toBe(true);
}

const secretRolls = (s: GameSession): number => ((s.state as unknown as HmState).rules.terrainRolls ?? []).filter((r) => r.secret && !r.revealed).length;

describe('the hot-seat cover during deployment', () => {
  it('5B with both sides attacking: nothing is secret, group after group, so no cover', () => {
    const s = new GameSession(setup('alternate'));
    turn(s, 'Attack');
    expect(secretRolls(s)).toBe(0);
    turn(s, 'Deploy the rest for me');
    turn(s, 'Deployment done');
    expect(s.state.phase).toBe('deploy');
    for (let i = 0; i < 6; i++) {
      const side = s.state.active!;
      const v = s.view(ACTIVE_SIDE);
      expect(v.viewer).toBe(side);
      expect(v.secret, `group ${i} by ${side}`).toBe(false);
      turn(s, 'Place a group for me');
      // The next group is the other side's: the screen passes, uncovered.
      expect(s.state.active).not.toBe(side);
    }
  });

  it('5B against a defender with secret woods: his table shows them, so the screen is covered', () => {
    const s = new GameSession(setup('alternate'));
    turn(s, 'Defend');
    expect(secretRolls(s)).toBeGreaterThan(0);
    turn(s, 'Deploy the rest for me');
    turn(s, 'Deployment done');
    const defender = Object.entries((s.state as unknown as HmState).rules.sides).find(([, x]) => x.posture === 'defender')![0];
    expect(s.view(defender).secret).toBe(true);
  });

  it('5A map plans: open while only the compulsory share stands, secret once a side has laid its plan', () => {
    const s = new GameSession(setup('players'));
    turn(s, 'Attack');
    expect(s.view(ACTIVE_SIDE).secret).toBe(false);
    turn(s, 'Deploy the rest for me');
    turn(s, 'Deployment done');
    // The compulsory share stands in the open: the second side's plan is not laid yet.
    expect(s.view(ACTIVE_SIDE).secret).toBe(false);
    const first = s.state.active!;
    turn(s, 'Deploy the rest for me');
    expect(s.view(first).secret).toBe(true);
    turn(s, 'Deployment done');
    // The other side now sets up: the first side's plan must not be on show to him.
    expect(s.state.active).not.toBe(first);
    expect(s.state.phase).toBe('deploy');
    expect(s.view(ACTIVE_SIDE).secret).toBe(true);
  });
});
