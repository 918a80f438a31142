import { describe, expect, it } from 'vitest';
import { artilleryOutlook, ballHitChances, fireForecast, grapeshotHitChances, hitsOutlook, skirmishOutlook } from '../../../src/rules/horse-and-musket/aiFire';
import { commandCoverage, generalSafety } from '../../../src/rules/horse-and-musket/aiCommand';
import { facingJudgement, hmAi, multiCardValue, orderPose } from '../../../src/rules/horse-and-musket/ai';
import { inch } from '../../../src/core/measure';
import { battlefieldFromSpec } from '../../../src/terrain/battlefield';
import { decide } from '../../../src/ai/utility';
import { getRuleset } from '../../../src/rules/registry';
import type { GameState } from '../../../src/core/model';
import { buildState, makeGeneral, makeUnit, UP } from '../horse-and-musket/fixture';

const close = (a: number, b: number): void => expect(a).toBeCloseTo(b, 10);

describe('Horse & Musket fire forecasts read the fire charts', () => {
  it('a ball is 1D6 − 3 stands: no hit on 1–3, then 1, 2 or 3; grapeshot is 4D6 at 4+', () => {
    const ball = ballHitChances();
    [0.5, 1 / 6, 1 / 6, 1 / 6].forEach((p, h) => close(ball[h]!, p));
    const grape = grapeshotHitChances();
    [1, 4, 6, 4, 1].forEach((w, h) => close(grape[h]!, w / 16));
  });

  it('ball on a fresh 4-stand line: one stand disordered on average, shaken only on a 6 (3 of 4 disordered)', () => {
    const o = hitsOutlook({ stands: 4, disordered: 0, destroyed: 0, original: 4, shaken: false, gone: false }, ballHitChances(), null);
    close(o.disordered, 1);
    close(o.destroyed, 0);
    close(o.shakes, 1 / 6);
    close(o.breaks, 0);
  });

  it('grapeshot on a 4-stand unit with 3 stands disordered: the overflow destroys; half destroyed on 3+ hits', () => {
    const now = { stands: 4, disordered: 3, destroyed: 0, original: 4, shaken: true, gone: false };
    const o = hitsOutlook(now, grapeshotHitChances(), null);
    // 1 hit disorders the last stand; each further hit destroys one.
    close(o.disordered, 15 / 16);
    close(o.destroyed, (6 * 1 + 4 * 2 + 1 * 3) / 16);
    close(o.breaks, 5 / 16);
    close(o.shakes, 0);
    // Hard cover saves on 4–6: each destroyed stand is lost only half the time.
    const covered = hitsOutlook(now, grapeshotHitChances(), 4);
    close(covered.destroyed, 17 / 32);
    // Two hits needed for half: 3 hits lose 2 on (1/2)^2, 4 hits lose 2+ on 1/2.
    close(covered.breaks, (4 / 16) * (1 / 4) + (1 / 16) * (1 / 2));
  });

  it('skirmisher fire: 2D6 at most the stands firing disorders one, 4–6 destroys it; skirmishing cavalry cannot destroy unshaken foot', () => {
    const fresh = buildState({ units: [makeUnit({ id: 'b-1', side: 'b', troop: 'infantry', x: 36, y: 30 })] });
    const t = fresh.units[0]!;
    const si = skirmishOutlook(fresh, t, 3, 'skirmInf', null);
    close(si.disordered, 3 / 36);
    close(si.destroyed, 3 / 72);
    close(si.firerDisordered, 6 / 36);
    const sc = skirmishOutlook(fresh, t, 3, 'skirmCav', null);
    close(sc.disordered, 3 / 36);
    close(sc.destroyed, 0);
    // A shaken target loses a stand outright the first time in a turn, on top of the throw.
    for (const s of t.stands.slice(0, 3)) s.status = 'disordered';
    const shaken = skirmishOutlook(fresh, t, 3, 'skirmInf', null);
    close(shaken.destroyed, 1 + 3 / 72);
    fresh.rules.skirmishFiredAt.push(t.id);
    close(skirmishOutlook(fresh, t, 3, 'skirmInf', null).destroyed, 3 / 72);
  });

  it('a battery picks its ammunition by range: grapeshot at 5", ball at 20"; guns under fire are silenced by any hit', () => {
    const gun = makeUnit({ id: 'a-9', side: 'a', troop: 'artillery', x: 36, y: 10 });
    const near = makeUnit({ id: 'b-1', side: 'b', troop: 'infantry', x: 36, y: 15.5, stands: 4 });
    const far = makeUnit({ id: 'b-2', side: 'b', troop: 'infantry', x: 20, y: 30, stands: 4 });
    const guns = makeUnit({ id: 'b-3', side: 'b', troop: 'artillery', x: 52, y: 30 });
    const state = buildState({ units: [gun, near, far, guns] });
    const bf = battlefieldFromSpec(state.battlefield);
    close(artilleryOutlook(state, bf, gun, near).disordered, grapeshotHitChances().reduce((s, p, h) => s + p * Math.min(h, 4), 0));
    close(artilleryOutlook(state, bf, gun, far).disordered, 1);
    close(artilleryOutlook(state, bf, gun, guns).silences, 0.5);
    const f = fireForecast(state, bf, gun, 'b-1');
    expect(f.inflicted).toBeGreaterThan(fireForecast(state, bf, gun, 'b-2').inflicted);
    expect(f.risk).toBe(0);
    // The hint serves the same numbers to the AI.
    expect(hmAi.forecast(state, bf, { type: 'order', side: 'a', unit: 'a-9', order: 'fire', target: 'b-1' })).toMatchObject({ target: 'b-1', inflicted: f.inflicted });
  });
});

describe('Horse & Musket command and card hints', () => {
  const general = makeGeneral('a-2', 'a', 36, 4, { role: 'general' });
  const inf1 = makeUnit({ id: 'a-4', side: 'a', troop: 'infantry', x: 30, y: 8, rs: { command: 'a-2' } });
  const inf2 = makeUnit({ id: 'a-5', side: 'a', troop: 'infantry', x: 50, y: 8, rs: { command: 'a-2' } });
  const horse = makeUnit({ id: 'b-8', side: 'b', troop: 'heavyCav', x: 36, y: 26 });

  it("a General's place is judged by the share of his Command in his 12\" reach, and by the enemy horse's threat zone", () => {
    const state = buildState({ units: [general, inf1, inf2, horse] });
    close(commandCoverage(state, general, { x: inch(20), y: inch(4) }), 0.5);
    close(commandCoverage(state, general, { x: inch(40), y: inch(4) }), 1);
    // Just beyond reach counts for a little: one short move brings the unit back in.
    close(commandCoverage(state, general, { x: inch(16), y: inch(4) }), 0.4 / 2);
    // The heavy horse's zone reaches 18" straight ahead: a General 10" in front of it cannot give orders.
    expect(generalSafety(state, general, { x: inch(36), y: inch(16) })).toBe(0.1);
    expect(generalSafety(state, general, { x: inch(45), y: inch(2) })).toBe(1);
  });

  it('the computer moves a General whose Command is out of reach back among it', () => {
    const g = makeGeneral('a-2', 'a', 8, 4, { role: 'general' });
    const state = buildState({ units: [g, inf1, inf2, horse], hands: { a: [] } });
    state.rules.pendingGeneralMove = 'a-2';
    const d = decide(getRuleset('horse-and-musket'), state as unknown as GameState, 'a', { level: 'normal', personality: 'balanced' }, 'seed');
    expect(d!.action.type).toBe('general-move');
    const to = d!.action.to as { x: number; y: number };
    expect(to.x).toBeGreaterThan(g.x + inch(3));
    expect(commandCoverage(state, g, to)).toBeGreaterThan(commandCoverage(state, g, g));
  });

  it('orders have poses: a turn about faces the rear, a wheel pivots, a withdrawal goes 3" back', () => {
    const u = makeUnit({ id: 'a-4', side: 'a', troop: 'infantry', x: 30, y: 8 });
    expect(orderPose(u, { type: 'order', side: 'a', order: 'turn' }).pose!.facing).toBeCloseTo(-UP, 10);
    expect(orderPose(u, { type: 'order', side: 'a', order: 'wheel', angle: Math.PI / 4 }).pose!.facing).toBeCloseTo(UP + Math.PI / 4, 10);
    const back = orderPose(u, { type: 'order', side: 'a', order: 'withdraw', angle: 0 }).pose!;
    expect(back.y).toBeCloseTo(u.y - inch(3), 6);
    const state = buildState({ units: [u, horse] });
    expect(facingJudgement(state, u, u)).toBe(1);
    expect(facingJudgement(state, u, { ...u, facing: -UP })).toBe(0.3);
  });

  it('the Joker and Infantry Advance are played only when they can order somebody', () => {
    const far = makeGeneral('a-1', 'a', 4, 40);
    const state = buildState({ units: [far, inf1, inf2, horse, makeGeneral('a-2', 'a', 36, 4, { role: 'general' })] });
    const bf = battlefieldFromSpec(state.battlefield);
    expect(multiCardValue(state, bf, 'joker', 'a')).toBe(0.1);
    const near = buildState({ units: [makeGeneral('a-1', 'a', 40, 4), inf1, inf2, horse, makeGeneral('a-2', 'a', 36, 4, { role: 'general' })] });
    expect(multiCardValue(near, bf, 'joker', 'a')).toBe(0.8);
    expect(multiCardValue(near, bf, 'infantryAdvance', 'a')).toBe(0.85);
    expect(multiCardValue(near, bf, 'skirmInf', 'a')).toBe(0.02);
  });

  it('the computer never spikes its own guns, and ending the turn keeps the cards at a set worth', () => {
    const state = buildState({ units: [inf1] });
    expect(hmAi.choiceValue!(state, { type: 'order', side: 'a', order: 'spike', unit: 'a-9' }, 'attack')).toBe(0.01);
    expect(hmAi.restValue!(state, { type: 'end-turn', side: 'a' })).toBe(0.22);
    expect(hmAi.restValue!(state, { type: 'pass', side: 'a' })).toBeUndefined();
  });
});
