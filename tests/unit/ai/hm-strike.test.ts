import { describe, expect, it } from 'vitest';
import { breakWeight, evadeWay, formationJudgement, hmAi, reachJudgement, strikeProspect } from '../../../src/rules/horse-and-musket/ai';
import { exposure } from '../../../src/rules/horse-and-musket/aiResolve';
import { decide } from '../../../src/ai/utility';
import { getRuleset } from '../../../src/rules/registry';
import type { GameState } from '../../../src/core/model';
import { inch } from '../../../src/core/measure';
import { battlefieldFromSpec } from '../../../src/terrain/battlefield';
import { buildState, DOWN, makeGeneral, makeUnit, UP } from '../horse-and-musket/fixture';

const close = (a: number, b: number): void => expect(a).toBeCloseTo(b, 10);

/** Three Prussian battalions against five Austrian ones, far apart, and a regiment of horse each. */
function threeAgainstFive(): ReturnType<typeof buildState> {
  const units = [
    ...[20, 36, 52].map((x, i) => makeUnit({ id: `a-${4 + i}`, side: 'a', troop: 'infantry', x, y: 6 })),
    makeUnit({ id: 'a-8', side: 'a', troop: 'cuirassier', x: 64, y: 6 }),
    ...[12, 24, 36, 48, 60].map((x, i) => makeUnit({ id: `b-${4 + i}`, side: 'b', troop: 'infantry', x, y: 42, facing: DOWN })),
  ];
  return buildState({ units });
}

describe("Horse & Musket: each side's losses weighed by its share of its army's break", () => {
  it('three battalions against five: one of ours weighs √(5/3), one of theirs √(3/5); horse 0.6; equal armies 1', () => {
    const state = threeAgainstFive();
    const unit = (id: string): ReturnType<typeof makeUnit> => state.units.find((u) => u.id === id)!;
    close(breakWeight(state, unit('a-4')), Math.sqrt(5 / 3));
    close(breakWeight(state, unit('b-4')), Math.sqrt(3 / 5));
    expect(breakWeight(state, unit('a-8'))).toBe(0.6);
    // Two of the Austrian battalions gone from the view (not yet seen, say): three against three.
    const even = { ...state, units: state.units.filter((u) => u.id !== 'b-7' && u.id !== 'b-8') };
    expect(breakWeight(even, unit('a-4'))).toBe(1);
    // With the A §25 option every unit but the Generals counts: four against five.
    const all = { ...state, options: { ...state.options, breakRule: 'forty-percent-all' } };
    close(breakWeight(all, unit('a-8')), Math.sqrt(5 / 4));
  });

  it("the few battalions' Attacks risk more and their danger weighs more: the risk and the reach judgement scale by the weight", () => {
    // A battalion 7" from an enemy one, face to face, alone (equal armies) and then with the four
    // other Austrian battalions far off on the table.
    const mine = (): ReturnType<typeof makeUnit> => makeUnit({ id: 'a-4', side: 'a', troop: 'infantry', x: 36, y: 10 });
    const theirs = (id: string, x: number, y: number): ReturnType<typeof makeUnit> => makeUnit({ id, side: 'b', troop: 'infantry', x, y, facing: DOWN });
    const alone = buildState({ units: [mine(), theirs('b-4', 36, 17)] });
    const outnumbered = buildState({ units: [mine(), theirs('b-4', 36, 17), theirs('b-5', 4, 46), theirs('b-6', 16, 46), theirs('b-7', 56, 46), theirs('b-8', 68, 46)] });
    const bf = battlefieldFromSpec(alone.battlefield);
    const attack = { type: 'order', side: 'a', unit: 'a-4', order: 'attack', target: 'b-4' };
    const even = hmAi.forecast(alone, bf, attack);
    const few = hmAi.forecast(outnumbered, bf, attack);
    close(few.risk!, even.risk! * Math.sqrt(5));
    close(few.removes!, even.removes! / Math.sqrt(5));
    // Standing 7" from the enemy battalion: its Attack's danger counts √5 times as much.
    const u = outnumbered.units[0]!;
    const danger = exposure(outnumbered, bf, u, u).danger;
    expect(danger).toBeGreaterThan(0);
    close(reachJudgement(outnumbered, bf, u, { x: u.x, y: u.y, facing: UP }), Math.max(0.1, 1 - Math.sqrt(5) * 1.6 * danger));
    close(reachJudgement(alone, bf, alone.units[0]!, { x: u.x, y: u.y, facing: UP }), Math.max(0.1, 1 - 1.6 * danger));
  });
});

describe('Horse & Musket: horse goes where its next order can be a good charge', () => {
  // Cuirassiers facing up the table, and an enemy battalion alone, facing them.
  const horse = (y: number): ReturnType<typeof makeUnit> => makeUnit({ id: 'a-8', side: 'a', troop: 'cuirassier', x: 36, y });
  const battalion = (): ReturnType<typeof makeUnit> => makeUnit({ id: 'b-4', side: 'b', troop: 'infantry', x: 36, y: 34, facing: DOWN });

  it("the prospect from a spot is the Attack's own forecast from there: harm and break less the risk; nothing out of the 18\" range", () => {
    const state = buildState({ units: [horse(4), battalion()] });
    const bf = battlefieldFromSpec(state.battlefield);
    const u = state.units[0]!;
    // From 30" away nobody is in reach.
    expect(strikeProspect(state, bf, u, u)).toBe(0);
    // 12" from the battalion: the forecast of the Attack from there, as if the horse stood there now.
    const there = { x: u.x, y: u.y + inch(18), facing: UP };
    const moved = buildState({ units: [horse(22), battalion()] });
    const f = hmAi.forecast(moved, bf, { type: 'order', side: 'a', unit: 'a-8', order: 'attack', target: 'b-4' });
    const prospect = strikeProspect(state, bf, u, there);
    close(prospect, Math.min(1, f.inflicted! + f.removes! - f.risk!));
    // Cuirassiers (+4, fresh +1, less 1 against unshaken foot, unsupported −1) charging a lone
    // battalion (Chart F, unsupported −1): it breaks on 4 or less, but most charges falter.
    expect(prospect).toBeGreaterThan(0.1);
    // The judgement a move there carries.
    const move = hmAi.forecast(state, bf, { type: 'order', side: 'a', unit: 'a-8', order: 'move', to: { x: there.x, y: there.y } });
    close(move.judgements!.find((j) => j.name === 'a charge in reach from there')!.value, 0.6 + 0.4 * Math.min(1, 2 * prospect));
    // Foot moves carry no such judgement (they halt within 9" of the enemy and Attack from there).
    const foot = buildState({ units: [makeUnit({ id: 'a-4', side: 'a', troop: 'infantry', x: 36, y: 4 }), battalion()] });
    const footMove = hmAi.forecast(foot, bf, { type: 'order', side: 'a', unit: 'a-4', order: 'move', to: { x: 36, y: 4 + inch(6) } });
    expect(footMove.judgements!.some((j) => j.name === 'a charge in reach from there')).toBe(false);
  });

  it('no prospect where the Attack line is blocked: a friendly battalion between the horse and its target', () => {
    const open = buildState({ units: [horse(22), battalion()] });
    const bf = battlefieldFromSpec(open.battlefield);
    expect(strikeProspect(open, bf, open.units[0]!, open.units[0]!)).toBeGreaterThan(0.1);
    const blocked = buildState({ units: [horse(22), battalion(), makeUnit({ id: 'a-4', side: 'a', troop: 'infantry', x: 36, y: 28 })] });
    expect(strikeProspect(blocked, bf, blocked.units[0]!, blocked.units[0]!)).toBe(0);
  });

  it('a battalion covered by friends on both flanks is a poorer prospect than the same battalion alone', () => {
    const bf = battlefieldFromSpec(buildState({ units: [] }).battlefield);
    const lone = buildState({ units: [horse(22), battalion()] });
    const lined = buildState({ units: [horse(22), battalion(), makeUnit({ id: 'b-5', side: 'b', troop: 'infantry', x: 28.5, y: 34, facing: DOWN }), makeUnit({ id: 'b-6', side: 'b', troop: 'infantry', x: 43.5, y: 34, facing: DOWN })] });
    const a = strikeProspect(lone, bf, lone.units[0]!, lone.units[0]!);
    const b = strikeProspect(lined, bf, lined.units[0]!, lined.units[0]!);
    expect(b).toBeLessThan(a);
  });

  it('a decision: cuirassiers 24" from a lone battalion rate riding into charge reach above wheeling or a shorter move', () => {
    // The horse, its own card in hand, a CinC far behind, and the enemy battalion 24" off.
    const cinc = makeGeneral('a-1', 'a', 60, 2);
    const enemyCinc = makeGeneral('b-1', 'b', 60, 46);
    const state = buildState({ units: [cinc, horse(10), battalion(), enemyCinc], hands: { a: ['u:a-8:1'] } });
    const d = decide(getRuleset('horse-and-musket'), state as unknown as GameState, 'a', { level: 'normal', personality: 'balanced' }, 'strike');
    const ranked = [d!.chosen, ...d!.runnersUp].sort((a, b) => b.score - a.score);
    const best = ranked[0]!;
    expect(best.action).toMatchObject({ type: 'order', unit: 'a-8', order: 'move' });
    // A full 6" move straight at the battalion: 18" from it, within the horse's Attack range.
    const to = best.action.to as { x: number; y: number };
    close(to.y, inch(16));
    const prospect = strikeProspect(state, battlefieldFromSpec(state.battlefield), state.units[1]!, { x: to.x, y: to.y, facing: UP });
    expect(prospect).toBeGreaterThan(0.1);
    close(best.considerations.find((c) => c.name === 'a charge in reach from there')!.input, 0.6 + 0.4 * Math.min(1, 2 * prospect));
    // Every other order leaves the horse out of reach: the judgement's floor.
    for (const other of ranked.slice(1)) {
      if (other.unit === 'a-8' && other.group === 'move') expect(other.considerations.find((c) => c.name === 'a charge in reach from there')!.input).toBe(0.6);
    }
  });
});

describe("Horse & Musket: a Prussian battalion's first order declares it in line unless a column is worth its cost", () => {
  // A Prussian battalion in line that has not yet said whether it stands in line or column (B §3.3).
  const undeclared = (): ReturnType<typeof makeUnit> => makeUnit({ id: 'a-4', side: 'a', troop: 'infantry', x: 36, y: 6, rs: { formationDeclared: false } });

  it('declaring column is judged 0.4 (−3 to Resolve, compulsory marches); line, or a unit already declared, carries no judgement', () => {
    const u = undeclared();
    expect(formationJudgement(u, { type: 'order', side: 'a', unit: 'a-4', order: 'move', formation: 'column' })).toEqual({ name: 'stays in line to fight', value: 0.4 });
    expect(formationJudgement(u, { type: 'order', side: 'a', unit: 'a-4', order: 'move', formation: 'line' })).toBeNull();
    const declared = makeUnit({ id: 'a-4', side: 'a', troop: 'infantry', x: 36, y: 6 });
    expect(formationJudgement(declared, { type: 'order', side: 'a', unit: 'a-4', order: 'move', formation: 'column' })).toBeNull();
    // The judgement rides on every order's forecast, a wheel as much as a move.
    const state = buildState({ units: [u, makeUnit({ id: 'b-4', side: 'b', troop: 'infantry', x: 36, y: 40 })] });
    const bf = battlefieldFromSpec(state.battlefield);
    const wheel = hmAi.forecast(state, bf, { type: 'order', side: 'a', unit: 'a-4', order: 'wheel', angle: 0.3, formation: 'column' });
    expect(wheel.judgements!.filter((j) => j.name === 'stays in line to fight')).toEqual([{ name: 'stays in line to fight', value: 0.4 }]);
  });

  it('a decision: the battalion, its card in hand and the enemy 34" off, is ordered in line', () => {
    const state = buildState({ units: [makeGeneral('a-1', 'a', 60, 2), undeclared(), makeUnit({ id: 'b-4', side: 'b', troop: 'infantry', x: 36, y: 40 }), makeGeneral('b-1', 'b', 60, 46)], hands: { a: ['u:a-4:1'] } });
    const d = decide(getRuleset('horse-and-musket'), state as unknown as GameState, 'a', { level: 'normal', personality: 'balanced' }, 'line');
    expect(d!.action).toMatchObject({ type: 'order', unit: 'a-4', formation: 'line' });
    // The best five orders all declare line: the same orders in column (judged 0.4) rank below them.
    for (const c of [d!.chosen, ...d!.runnersUp]) if (c.unit === 'a-4') expect(c.action.formation).toBe('line');
  });
});

describe('Horse & Musket: a withdrawal is halted', () => {
  it('the Halt order of a withdrawing battalion is judged 1 and it outranks a move of a battalion far from the enemy', () => {
    const back = makeUnit({ id: 'a-4', side: 'a', troop: 'infantry', x: 30, y: 6, rs: { retrograde: 'withdrawing' } });
    const other = makeUnit({ id: 'a-5', side: 'a', troop: 'infantry', x: 50, y: 6 });
    const state = buildState({ units: [makeGeneral('a-1', 'a', 60, 2), back, other, makeUnit({ id: 'b-4', side: 'b', troop: 'infantry', x: 30, y: 40 }), makeGeneral('b-1', 'b', 60, 46)], hands: { a: ['u:a-4:1', 'u:a-5:1'] } });
    const bf = battlefieldFromSpec(state.battlefield);
    expect(hmAi.forecast(state, bf, { type: 'order', side: 'a', unit: 'a-4', card: 'u:a-4:1', order: 'halt' }).judgements).toEqual([{ name: 'halts its withdrawal', value: 1 }]);
    const d = decide(getRuleset('horse-and-musket'), state as unknown as GameState, 'a', { level: 'normal', personality: 'balanced' }, 'halt');
    expect(d!.action).toMatchObject({ type: 'order', unit: 'a-4', order: 'halt' });
  });
});

describe('Horse & Musket: skirmishers evade by a way clear of their own line', () => {
  // A skirmish screen 4" in front of its own battalion, charged by an enemy battalion from the front.
  function screened(lineX: number): ReturnType<typeof buildState> {
    const screen = makeUnit({ id: 'a-12', side: 'a', troop: 'skirmInf', x: 36, y: 11 });
    const line = makeUnit({ id: 'a-4', side: 'a', troop: 'infantry', x: lineX, y: 7 });
    const enemy = makeUnit({ id: 'b-4', side: 'b', troop: 'infantry', x: 36, y: 18 });
    const state = buildState({ units: [screen, line, enemy] });
    state.rules.pendingReaction = { attacker: 'b-4', defender: 'a-12', assault: false, afterBreakthrough: false, aspect: 'front', canCounter: false, log: [] };
    state.active = 'a';
    return state;
  }
  const evade = (angle: number): { type: string; side: string; choice: string; card: null; cincCard: null; angle: number } => ({ type: 'react', side: 'a', choice: 'evade', card: null, cincCard: null, angle });
  const stand = { type: 'react', side: 'a', choice: 'stand', card: null, cincCard: null };

  it('straight back runs into the battalion behind (both disordered): judged 0.1, below standing (0.2); with the battalion aside, 0.85', () => {
    const state = screened(36);
    const bf = battlefieldFromSpec(state.battlefield);
    const [screen, , enemy] = state.units;
    expect(evadeWay(state, bf, screen!, enemy!, 0)).toBe('friend');
    expect(hmAi.choiceValue!(state, evade(0), 'attack')).toBe(0.1);
    expect(hmAi.choiceValue!(state, stand, 'attack')).toBe(0.2);
    const clear = screened(56);
    expect(evadeWay(clear, bf, clear.units[0]!, clear.units[2]!, 0)).toBe('clear');
    expect(hmAi.choiceValue!(clear, evade(0), 'attack')).toBe(0.85);
  });

  it('a decision: with its battalion 4" behind, every way back runs through it, so the screen stands rather than evade', () => {
    const state = screened(36);
    const bf = battlefieldFromSpec(state.battlefield);
    const d = decide(getRuleset('horse-and-musket'), state as unknown as GameState, 'a', { level: 'normal', personality: 'balanced' }, 'evade');
    expect(d!.action).toMatchObject({ type: 'react', choice: 'stand' });
    expect(d!.chosen.score).toBeCloseTo(0.2, 10);
    // The evades it weighed, 45° to either side, both end in the battalion.
    const evades = d!.runnersUp.filter((c) => c.action.choice === 'evade');
    expect(evades.map((c) => c.action.angle).sort()).toEqual([-Math.PI / 4, Math.PI / 4]);
    for (const c of evades) {
      expect(evadeWay(state, bf, state.units[0]!, state.units[2]!, c.action.angle as number)).toBe('friend');
      expect(c.score).toBeCloseTo(0.1, 10);
    }
  });
});
