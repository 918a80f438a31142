import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/random';
import { battlefieldFromSpec } from '../../../src/terrain/battlefield';
import { cachedGround, meanAllowance, onePageAi } from '../../../src/rules/one-page/ai';
import { wheelReach } from '../../../src/rules/one-page/actions';
import { canSee } from '../../../src/rules/one-page/world';
import type { OnePageState, OnePageUnit } from '../../../src/rules/one-page/types';
import { onePageBattle } from '../../../bench/battles';

/**
 * Answers the one-page rules and AI remember must be the answers worked out afresh, whatever
 * changed in between: these compare them over a crowded 30-unit table.
 */
describe('remembered answers', () => {
  it('canSee gives the fresh answer after a unit is moved in place, as the rules move a copy', () => {
    const state = onePageBattle('sight-memo', 30).state as unknown as OnePageState;
    const bf = battlefieldFromSpec(state.battlefield);
    const rng = new Rng('sight-memo');
    const units = state.units.filter((u) => !u.removed);
    const seen = { yes: 0, no: 0, changed: 0 };
    for (let k = 0; k < 200; k++) {
      const a = units[Math.floor(rng.float() * units.length)]!;
      const b = units[Math.floor(rng.float() * units.length)]!;
      if (a === b) continue;
      const before = canSee(state, bf, a, b);
      // A battlefield object of its own remembers nothing: the answer is worked out afresh.
      expect(before, `${a.id} sees ${b.id}`).toBe(canSee(state, { ...bf }, a, b));
      // The rules move units in place on their copy of the state: the remembered answer must follow.
      const was = { x: a.x, y: a.y, facing: a.facing };
      a.x = rng.float() * bf.width;
      a.y = rng.float() * bf.depth;
      a.facing = (rng.float() - 0.5) * 6;
      const after = canSee(state, bf, a, b);
      expect(after, `${a.id} moved, sees ${b.id}`).toBe(canSee(state, { ...bf }, a, b));
      if (after !== before) seen.changed++;
      seen[after ? 'yes' : 'no']++;
      Object.assign(a, was);
      expect(canSee(state, bf, a, b)).toBe(before);
    }
    expect(seen.yes).toBeGreaterThan(20);
    expect(seen.no).toBeGreaterThan(20);
    expect(seen.changed).toBeGreaterThan(20);
  }, 60_000);

  it("a wheel's forecast, worked out among the units near it, ends where wheelReach among all the units ends it", () => {
    const state = onePageBattle('wheel-memo', 30).state as unknown as OnePageState;
    const bf = battlefieldFromSpec(state.battlefield);
    let turnedBack = 0;
    let compared = 0;
    const wheelers = state.units.filter((u): u is OnePageUnit => !u.removed && (u.kind === 'infantry' || u.kind === 'cavalry'));
    for (const u of wheelers) {
      for (const angle of [Math.PI / 2, Math.PI / 4, -Math.PI / 4, -Math.PI / 2]) {
        const roll = meanAllowance(u, { column: u.formation === 'column', limbered: u.formation === 'limbered', onRoad: false, current: 'none', followMe: u.rs.followMe });
        // On the forecasts' ground grid, as the forecast reads the ground.
        const w = wheelReach(state, bf, u, angle, roll, cachedGround);
        const want = Math.abs(w.turn) >= 1e-3 ? w.pose : { x: u.x, y: u.y, facing: u.facing };
        // Asked twice: worked out, then remembered.
        for (let i = 0; i < 2; i++) expect(onePageAi.forecast(state, bf, { type: 'wheel', side: u.side, unit: u.id, angle }).pose, `${u.id} by ${angle}`).toEqual(want);
        if (Math.abs(w.turn) < Math.min(Math.abs(angle), w.maxAngle) - 1e-3) turnedBack++;
        compared++;
      }
    }
    expect(compared).toBe(wheelers.length * 4);
    // Wheels turned back by the units beside them are among those compared.
    expect(turnedBack).toBeGreaterThan(10);
  }, 60_000);
});
