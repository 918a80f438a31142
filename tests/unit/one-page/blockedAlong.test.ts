import { describe, expect, it } from 'vitest';
import { footprintPlacer, unitFootprint } from '../../../src/core/model';
import { Rng } from '../../../src/core/random';
import { blockedAt, blockedAtAlong } from '../../../src/rules/one-page/resolve';
import type { OnePageState } from '../../../src/rules/one-page/types';
import { onePageBattle } from '../../../bench/battles';

describe('footprintPlacer', () => {
  it('places the footprint exactly where unitFootprint does, to the last bit', () => {
    const state = onePageBattle('placer', 30).state as unknown as OnePageState;
    const rng = new Rng('placer');
    let compared = 0;
    for (const u of state.units) {
      const facing = (rng.float() - 0.5) * 7;
      const place = footprintPlacer(u.stands, facing);
      for (let k = 0; k < 20; k++) {
        const x = rng.float() * 1800 - 100;
        const y = rng.float() * 1300 - 100;
        const a = place(x, y);
        const b = unitFootprint({ x, y, facing, stands: u.stands });
        for (const f of ['cx', 'cy', 'facing', 'width', 'depth'] as const) expect(Object.is(a[f], b[f]), `${u.id} ${f}`).toBe(true);
        compared++;
      }
    }
    expect(compared).toBe(state.units.length * 20);
  });
});

describe('blockedAtAlong', () => {
  it('answers as blockedAt does at every place of a walk, near other units and the table edge', () => {
    const state = onePageBattle('along', 30).state as unknown as OnePageState;
    const bf = { bfWidth: state.battlefield.width, bfDepth: state.battlefield.depth };
    const rng = new Rng('along');
    const answers = { blocked: 0, clear: 0 };
    for (const u of state.units.filter((x) => !x.removed).slice(0, 24)) {
      const facing = u.facing + (rng.float() - 0.5);
      const along = blockedAtAlong(state, u, facing, bf);
      for (let k = 0; k < 60; k++) {
        // Places around the unit, out to a foot, and some over the table's edge.
        const p = { x: u.x + (rng.float() - 0.5) * 600, y: u.y + (rng.float() - 0.5) * 600 };
        if (k % 10 === 0) p.x = rng.float() < 0.5 ? rng.float() * 40 : bf.bfWidth - rng.float() * 40;
        for (const allowFriends of [false, true]) {
          const want = blockedAt(state, u, p, facing, { ...bf, allowFriends });
          expect(along(p, allowFriends), `${u.id} at ${p.x},${p.y}`).toBe(want);
          answers[want ? 'blocked' : 'clear']++;
        }
      }
    }
    // Both answers are exercised many times.
    expect(answers.blocked).toBeGreaterThan(200);
    expect(answers.clear).toBeGreaterThan(200);
  });

  it("given the walk's line, answers as blockedAt does on the line and off it", () => {
    const state = onePageBattle('along-line', 30).state as unknown as OnePageState;
    const bf = { bfWidth: state.battlefield.width, bfDepth: state.battlefield.depth };
    const rng = new Rng('along-line');
    const answers = { blocked: 0, clear: 0 };
    for (const u of state.units.filter((x) => !x.removed).slice(0, 24)) {
      const from = { x: u.x, y: u.y };
      const to = { x: u.x + (rng.float() - 0.5) * 800, y: u.y + (rng.float() - 0.5) * 800 };
      const along = blockedAtAlong(state, u, u.facing, bf, { from, to });
      for (let k = 0; k <= 40; k++) {
        // Places on the line, as a walk steps along it, and every fifth a little off it.
        const t = k / 40;
        const off = k % 5 === 0 ? 30 * (rng.float() - 0.5) : 0;
        const p = { x: from.x + (to.x - from.x) * t + off, y: from.y + (to.y - from.y) * t - off };
        for (const allowFriends of [false, true]) {
          const want = blockedAt(state, u, p, u.facing, { ...bf, allowFriends });
          expect(along(p, allowFriends), `${u.id} at ${p.x},${p.y}`).toBe(want);
          answers[want ? 'blocked' : 'clear']++;
        }
      }
    }
    expect(answers.blocked).toBeGreaterThan(100);
    expect(answers.clear).toBeGreaterThan(100);
  });
});
