/**
 * The random player through whole games in every activation mode, with invariants checked after
 * every action: someone can always act, no unit ends on another or off the table, melees are
 * between enemies in contact, and the log replays to the same hash.
 */

import { describe, expect, it } from 'vitest';
import { corners, rectDistance, rectsOverlap } from '../../../src/core/geometry';
import { replay, stateHash } from '../../../src/core/engine';
import type { GameSetup } from '../../../src/core/model';
import { Rng } from '../../../src/core/random';
import { GameSession } from '../../../src/app/session';
import { randomAction } from '../../../src/ai/random';
import { figuresOf } from '../../../src/rules/one-page/layout';
import type { OnePageState } from '../../../src/rules/one-page/types';
import { footprint } from '../../../src/rules/one-page/world';

function violations(st: OnePageState): string[] {
  const out: string[] = [];
  const live = st.units.filter((u) => !u.removed);
  const w = st.battlefield.width;
  const d = st.battlefield.depth;
  for (const u of live) {
    const r = footprint(u);
    if (corners(r).some((c) => c.x < -0.01 || c.y < -0.01 || c.x > w + 0.01 || c.y > d + 0.01)) out.push(`${u.id} is off the table`);
    if (u.kind !== 'commander' && figuresOf(u) <= 0) out.push(`${u.id} has no figures but is on the table`);
    for (const id of u.rs.inMelee) {
      const o = live.find((x) => x.id === id);
      if (!o || o.side === u.side || !o.rs.inMelee.includes(u.id)) out.push(`${u.id} in melee with ${id}, which is not a live enemy in melee with it`);
      else if (rectDistance(r, footprint(o)) > 1) out.push(`${u.id} and ${id} are in melee but apart`);
    }
  }
  for (let i = 0; i < live.length; i++) {
    for (let j = i + 1; j < live.length; j++) {
      if (rectsOverlap(footprint(live[i]!), footprint(live[j]!), 0.5)) out.push(`${live[i]!.id} overlaps ${live[j]!.id}`);
    }
  }
  if (!st.result && !st.active) out.push('nobody may act');
  return out;
}

const MODES = [{ activation: 'initiative' }, { activation: 'cards' }, { activation: 'initiative', commandControl: true }, { activation: 'cards', commandControl: true }];

describe('random games in every mode', () => {
  it.each(MODES)('finish, keep the table consistent and replay: %o', (opts) => {
    for (let g = 0; g < 3; g++) {
      const setup: GameSetup = { rulesetId: 'one-page', seed: `random-${g}`, options: { ...opts, turnLimit: 3 } };
      const s = new GameSession(setup);
      for (let i = 0; i < 3000 && !s.state.result; i++) {
        const action = randomAction(s.ruleset, s.state, s.legal(s.state.active!), new Rng(`${setup.seed}/${s.state.seq}`));
        expect(action, `no legal action in ${s.state.phase}`).not.toBeNull();
        const r = s.act(action!);
        expect(r.ok, JSON.stringify(r)).toBe(true);
        expect(violations(s.state as unknown as OnePageState), `after ${JSON.stringify(action)}`).toEqual([]);
      }
      expect(s.state.result).not.toBeNull();
      expect(stateHash(replay(s.ruleset, setup, s.log).state)).toBe(stateHash(s.state));
    }
  }, 120_000);
});
