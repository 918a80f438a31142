/** Scenarios: charges, contact, reactions and the melee step (§9, §17.11, §17.12, §17.22, §17.23, Q24, Q38, Q41, Q42). */

import { describe, expect, it } from 'vitest';
import { battlefieldFromSpec } from '../../../src/terrain/battlefield';
import type { OnePageState } from '../../../src/rules/one-page/types';
import { act, buildGame, DOWN, event, expectPose, figures, legal, refuse, texts, unit, UP, woodRect } from './fixture';

const CAV = [4, 4, 5, 6, 1, 2, 3, 3];
const INF = [5, 6, 1, 2, 3, 4, 1, 2, 3, 4, 5, 1];

/** Red dragoons 9" in front of a black line (fronts 9" apart). */
function cavalryAndLine(): OnePageState {
  return buildGame({
    units: [
      { id: 'red-u0', x: 36, y: 10, facing: UP },
      { id: 'black-u1', x: 36, y: 20, facing: DOWN },
    ],
  });
}

/** Charge, let the line do nothing, and reach the melee step with these dice. */
function chargeAndFight(s: OnePageState, chargeDice: number[], meleeDice: number[]) {
  const charge = act(s, { type: 'charge', side: 'red', unit: 'red-u0', target: 'black-u1' }, chargeDice);
  const halt = act(charge.state, { type: 'halt', side: 'black', unit: 'black-u1' });
  // The pinned line could shoot at the cavalry touching it (Q28); it holds its fire.
  expect(halt.state.rules.step).toBe('end-shooting');
  const melee = act(halt.state, { type: 'end-shooting', side: 'black' }, meleeDice);
  return { charge, halt, melee };
}

describe('a cavalry charge on an infantry line (§17.11)', () => {
  it('contacts front to front, fights with 8 dice at +1 against 12, and the line that lost retreats disordered', () => {
    const { charge, halt, melee } = chargeAndFight(cavalryAndLine(), [1], [...CAV, ...INF, 3, 2]);
    expect(texts(charge.events)).toEqual([
      'Dragoon Regt. Bayreuth charges IR 1 Kaiser',
      'Dragoon Regt. Bayreuth rolls its move for a charge: (6 + D6 (1)) × 2 = 14.0"',
      "Dragoon Regt. Bayreuth charges 9.0\" into contact with IR 1 Kaiser's front",
    ]);
    // Front to front: the cavalry's front edge on the line's front edge, centred, facing it.
    expectPose(unit(charge.state, 'red-u0'), 36, 20 - 0.375 - 0.625, UP);
    expect(unit(charge.state, 'black-u1').rs.pinned).toBe(true);
    expect(unit(charge.state, 'red-u0').rs.inMelee).toEqual(['black-u1']);
    // The pinned line may not move.
    expect(refuse(charge.state, { type: 'move', side: 'black', unit: 'black-u1', mode: 'retire', to: { x: 914, y: 900 } })).toBe(
      'IR 1 Kaiser is in melee and cannot move',
    );
    expect(halt.events.map((e) => e.type)).toEqual(['halt', 'phase']);

    const dice = melee.events.filter((e) => e.type === 'melee-dice');
    expect(dice.map((d) => d.text)).toEqual([
      'Dragoon Regt. Bayreuth fights IR 1 Kaiser: 8 dice, hits on 4+: 4 hits',
      'IR 1 Kaiser fights Dragoon Regt. Bayreuth: 12 dice, hits on 5+: 3 hits',
    ]);
    expect(dice[0]!.modifiers).toEqual([{ value: 1, reason: 'charging (not fired this turn)' }]);
    expect(dice[0]!.chart).toEqual({ chart: 'Melee', row: 'Cavalry in line: 1 rank (all figures), 1 die per figure' });
    expect(dice[1]!.modifiers).toEqual([]);
    expect(dice[1]!.chart).toEqual({ chart: 'Melee', row: 'Infantry in line: 2 ranks (all figures), 1 die per 2' });
    expect(event(melee.events, 'melee-result').text).toBe('Austrians lose the melee (4 hits taken to 3)');
    // The line took 4 > 3 and tests; the cavalry does not.
    const morale = melee.events.filter((e) => e.type === 'morale');
    expect(morale.map((m) => m.text)).toEqual(['IR 1 Kaiser tests morale after losing a melee: rolls 3 = 3: RETREAT']);
    expect(figures(melee.state, 'black-u1')).toBe(20);
    expect(figures(melee.state, 'red-u0')).toBe(5);
    // Retreat: 6 + 2 = 8" straight away from the cavalry, still facing it, disordered.
    const line = unit(melee.state, 'black-u1');
    expectPose(line, 36, 28, DOWN);
    expect(line.rs.disordered).toBe(true);
    expect(line.rs.inMelee).toEqual([]);
    const cav = unit(melee.state, 'red-u0');
    expect(cav.rs.inMelee).toEqual([]);
    expect(cav.rs.pursuing).toBe('black-u1');
    expect(melee.state.turn).toBe(2);
  });

  it('a Steady line falls back half a move in good order, and the winner may pursue next turn with +1 and no sight check (Q42, Q44)', () => {
    const { melee } = chargeAndFight(cavalryAndLine(), [1], [...CAV, ...INF, 5, 4]);
    expect(texts(melee.events)).toContain('IR 1 Kaiser tests morale after losing a melee: rolls 5 = 5: STEADY');
    expect(event(melee.events, 'forced-move', 'black-u1').text).toBe('IR 1 Kaiser falls back in good order: 5.0" (half of 10.0") away, facing the enemy');
    const line = unit(melee.state, 'black-u1');
    expectPose(line, 36, 25, DOWN);
    expect(line.rs.disordered).toBe(false);
    // Turn 2: the cavalry turns its back; the pursuit needs no sight of the enemy.
    const init = act(melee.state, { type: 'roll-initiative', side: 'red' }, [6, 1]);
    let s = act(init.state, { type: 'choose-order', side: 'red', first: 'first' }).state;
    s.units.find((u) => u.id === 'red-u0')!.facing = DOWN;
    const pursuit = act(s, { type: 'charge', side: 'red', unit: 'red-u0', target: 'black-u1' }, [2]);
    expect(texts(pursuit.events)[0]).toBe('Dragoon Regt. Bayreuth charges IR 1 Kaiser in pursuit');
    expect(event(pursuit.events, 'charge-contact').text).toMatch(/^Dragoon Regt\. Bayreuth charges [\d.]+" into contact with IR 1 Kaiser's front$/);
    s = act(pursuit.state, { type: 'halt', side: 'black', unit: 'black-u1' }).state;
    // Cavalry 5 dice, the line 10; the line loses again (Steady, 5) and falls back (6 + 2) / 2 = 4".
    const fight = act(s, { type: 'end-shooting', side: 'black' }, [1, 1, 1, 1, 4, ...Array(10).fill(1), 5, 2]);
    const dice = fight.events.filter((e) => e.type === 'melee-dice');
    expect(dice[0]!.text).toBe('Dragoon Regt. Bayreuth fights IR 1 Kaiser: 5 dice, hits on 4+: 1 hits');
    expect(dice[0]!.modifiers).toEqual([{ value: 1, reason: 'charging (not fired this turn) and pursuing (counts once)' }]);
    expect(dice[1]!.text).toBe('IR 1 Kaiser fights Dragoon Regt. Bayreuth: 10 dice, hits on 5+: 0 hits');
    // A new pursuit from this melee; it lapses if the winner does anything else in its next activation.
    expect(unit(fight.state, 'red-u0').rs.pursuing).toBe('black-u1');
    const t3 = act(fight.state, { type: 'roll-initiative', side: 'red' }, [6, 1]);
    const s3 = act(t3.state, { type: 'choose-order', side: 'red', first: 'first' }).state;
    const halted = act(s3, { type: 'halt', side: 'red', unit: 'red-u0' });
    expect(unit(halted.state, 'red-u0').rs.pursuing).toBe(null);
  });

  it('a drawn melee locks both units; they fight again next turn without the charge bonus (§17.14, Q41)', () => {
    const { melee } = chargeAndFight(cavalryAndLine(), [1], [4, 4, 4, 1, 1, 1, 1, 1, ...[5, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1]]);
    expect(texts(melee.events)).toContain('The melee is drawn (3 hits each): the units stay locked and fight again next turn');
    const cav = unit(melee.state, 'red-u0');
    const line = unit(melee.state, 'black-u1');
    expect(cav.rs.inMelee).toEqual(['black-u1']);
    expect(line.rs.pinned).toBe(true);
    expect(cav.rs.pinned).toBe(true);
    expect(cav.rs.pursuing).toBe(null);
    const init = act(melee.state, { type: 'roll-initiative', side: 'red' }, [6, 1]);
    const s = act(init.state, { type: 'choose-order', side: 'red', first: 'first' }).state;
    expect(refuse(s, { type: 'charge', side: 'red', unit: 'red-u0', target: 'black-u1' })).toBe('Dragoon Regt. Bayreuth is in melee and cannot move');
    const a = act(s, { type: 'end-activations', side: 'red' });
    const b = act(a.state, { type: 'end-activations', side: 'black' });
    const fight = act(b.state, { type: 'end-shooting', side: 'black' }, [4, 4, 4, 4, 4, ...Array(10).fill(1)]);
    const dice = fight.events.filter((e) => e.type === 'melee-dice');
    expect(dice[0]!.text).toBe('Dragoon Regt. Bayreuth fights IR 1 Kaiser: 5 dice, hits on 5+: 0 hits');
    expect(dice[0]!.modifiers).toEqual([]);
  });
});

describe('a flank charge (§17.12) and charge visibility (§17.22)', () => {
  it('contacts the flank, and the line fights with 1 rank: 6 dice', () => {
    const s = buildGame({
      units: [
        { id: 'red-u0', x: 27, y: 20, facing: 0 },
        { id: 'black-u1', x: 36, y: 20, facing: DOWN },
      ],
    });
    const charge = act(s, { type: 'charge', side: 'red', unit: 'red-u0', target: 'black-u1' }, [1]);
    expect(event(charge.events, 'charge-contact').text).toBe("Dragoon Regt. Bayreuth charges 5.4\" into contact with IR 1 Kaiser's flank");
    // Black faces down the table, so its right flank is to the west: the cavalry's front against it.
    expectPose(unit(charge.state, 'red-u0'), 36 - 3 - 0.625, 20, 0);
    const halt = act(charge.state, { type: 'halt', side: 'black', unit: 'black-u1' });
    const melee = act(halt.state, { type: 'end-shooting', side: 'black' }, [...CAV, 5, 6, 1, 2, 3, 4, 3, 3]);
    const dice = melee.events.filter((e) => e.type === 'melee-dice');
    expect(dice[1]!.text).toBe('IR 1 Kaiser fights Dragoon Regt. Bayreuth: 6 dice, hits on 5+: 2 hits');
    expect(dice[1]!.chart!.row).toBe('Infantry line attacked in flank or rear: 1 rank (½ figures, rounded up), 1 die per 2');
  });

  /** Cavalry at the origin of a bearing, and a target line 16" away (centres) at `deg` off its front. */
  function bearing(deg: number, wood = false): OnePageState {
    const r = (deg * Math.PI) / 180;
    const tx = 20 + 16 * Math.sin(r);
    const ty = 10 + 16 * Math.cos(r);
    return buildGame({
      units: [
        { id: 'red-u0', x: 20, y: 10, facing: UP },
        { id: 'black-u1', x: tx, y: ty, facing: DOWN },
      ],
      // The target 4" inside a wood, the charger outside it.
      ...(wood ? { table: { features: [woodRect('Birch wood', 5, ty - 4 - 0.375, 40, ty + 6)] } } : {}),
    });
  }

  it('a target 40° off the front is a charge target; at 60° or 4" inside a wood it is not', () => {
    const bf = (s: OnePageState) => battlefieldFromSpec(s.battlefield);
    const charges = (s: OnePageState) => legal(s, 'red').filter((l) => l.action.type === 'charge');
    const at40 = bearing(40);
    expect(charges(at40)[0]!.params[0]).toMatchObject({ choices: ['black-u1'] });
    expect(act(at40, { type: 'charge', side: 'red', unit: 'red-u0', target: 'black-u1' }, [6]).events.some((e) => e.type === 'charge-contact')).toBe(true);
    const refusal = 'IR 1 Kaiser is not a charge target for Dragoon Regt. Bayreuth: the enemy must be visible to its front, within 45° either side, and within its best move';
    const at60 = bearing(60);
    expect(charges(at60)).toEqual([]);
    expect(refuse(at60, { type: 'charge', side: 'red', unit: 'red-u0', target: 'black-u1' })).toBe(refusal);
    const hidden = bearing(0, true);
    void bf(hidden);
    expect(charges(hidden)).toEqual([]);
    expect(refuse(hidden, { type: 'charge', side: 'red', unit: 'red-u0', target: 'black-u1' })).toBe(refusal);
  });
});

describe('reactions to a charge (§9.3, §17.23, Q38)', () => {
  it('cavalry that has not moved counter-charges 22" into contact; both count as charging', () => {
    const s = buildGame({
      units: [
        { id: 'red-u0', x: 36, y: 10, facing: UP },
        { id: 'black-u7', x: 36, y: 10 + 0.625 + 20 + 0.625, facing: DOWN },
        // Another black unit, so black still has an activation to make after the counter-charge.
        { id: 'black-u1', x: 60, y: 40, facing: DOWN },
      ],
    });
    const declared = act(s, { type: 'charge', side: 'red', unit: 'red-u0', target: 'black-u7' });
    expect(texts(declared.events)).toEqual(['Dragoon Regt. Bayreuth declares a charge on Hussar Regt. Nádasdy, which may counter-charge']);
    expect(declared.state.rules.step).toBe('charge-reaction');
    expect(declared.state.active).toBe('black');
    expect(legal(declared.state, 'black').map((l) => l.label)).toEqual(['Stand', 'Counter-charge']);
    expect(refuse(declared.state, { type: 'react', side: 'black', response: 'evade' })).toBe('only skirmishers evade');
    const cc = act(declared.state, { type: 'react', side: 'black', response: 'counter-charge' }, [5]);
    expect(texts(cc.events)).toEqual([
      'Hussar Regt. Nádasdy counter-charges Dragoon Regt. Bayreuth',
      'Hussar Regt. Nádasdy rolls its move for a counter-charge: (6 + D6 (5)) × 2 = 22.0"',
      "Hussar Regt. Nádasdy counter-charges 20.0\" into contact with Dragoon Regt. Bayreuth's front",
    ]);
    expectPose(unit(cc.state, 'black-u7'), 36, 11.25, DOWN);
    expectPose(unit(cc.state, 'red-u0'), 36, 10, UP);
    expect(unit(cc.state, 'black-u7').rs.activated).toBe(true);
    expect(unit(cc.state, 'red-u0').rs.activated).toBe(true);
    // Both sides have acted; nobody shoots; the melee: both at +1.
    expect(cc.state.rules.step).toBe('activations');
    const melee = act(cc.state, { type: 'end-activations', side: 'black' }, [...Array(8).fill(1), ...Array(8).fill(1)]);
    const dice = melee.events.filter((e) => e.type === 'melee-dice');
    expect(dice.map((d) => d.modifiers)).toEqual([
      [{ value: 1, reason: 'charging (not fired this turn)' }],
      [{ value: 1, reason: 'charging (not fired this turn)' }],
    ]);
  });

  it('disordered cavalry may not counter-charge; the charge goes in at once', () => {
    const s = buildGame({
      units: [
        { id: 'red-u0', x: 36, y: 10, facing: UP },
        { id: 'black-u7', x: 36, y: 21.25, facing: DOWN, rs: { disordered: true } },
      ],
    });
    const c = act(s, { type: 'charge', side: 'red', unit: 'red-u0', target: 'black-u7' }, [3]);
    expect(texts(c.events)[0]).toBe('Dragoon Regt. Bayreuth charges Hussar Regt. Nádasdy');
    expect(event(c.events, 'charge-contact').text).toBe("Dragoon Regt. Bayreuth charges 10.0\" into contact with Hussar Regt. Nádasdy's front");
  });

  it('skirmishers that have not moved evade a full move, facing away and in good order; the charge may still reach them (Q38)', () => {
    const s = buildGame({
      units: [
        { id: 'red-u0', x: 36, y: 10, facing: UP },
        { id: 'black-u6', x: 36, y: 10 + 0.625 + 6 + 0.375, facing: DOWN },
      ],
    });
    const declared = act(s, { type: 'charge', side: 'red', unit: 'red-u0', target: 'black-u6' });
    expect(legal(declared.state, 'black').map((l) => l.label)).toEqual(['Stand', 'Evade']);
    expect(refuse(declared.state, { type: 'react', side: 'black', response: 'counter-charge' })).toBe('only cavalry counter-charge');
    // Evade 3D6 = 1 + 2 + 1 = 4"; the dragoons then roll (6 + 6) x 2 = 24" and still catch them.
    const ev = act(declared.state, { type: 'react', side: 'black', response: 'evade' }, [1, 2, 1, 6]);
    expect(texts(ev.events).slice(0, 4)).toEqual([
      'Warasdiner Grenzer rolls its move for evades the charge: 3D6 (1+2+1) = 4.0"',
      'Warasdiner Grenzer evades the charge: 4.0" away, facing away from the enemy',
      'Dragoon Regt. Bayreuth rolls its move for a charge: (6 + D6 (6)) × 2 = 24.0"',
      "Dragoon Regt. Bayreuth charges 10.0\" into contact with Warasdiner Grenzer's rear",
    ]);
    const sk = unit(ev.state, 'black-u6');
    expectPose(sk, 36, 17 + 4, UP);
    expect(sk.rs.disordered).toBe(false);
    expect(sk.rs.pinned).toBe(true);
    expectPose(unit(ev.state, 'red-u0'), 36, 21 - 0.375 - 0.625, UP);
  });
});

describe('a retreat forced off the table (Q24)', () => {
  it('removes the unit', () => {
    const s = buildGame({
      units: [
        { id: 'red-u2', x: 36, y: 38, facing: UP },
        { id: 'black-u1', x: 36, y: 42.75, facing: DOWN },
        { id: 'black-u4', x: 10, y: 44, facing: DOWN },
      ],
    });
    const shot = act(s, { type: 'shoot', side: 'red', unit: 'red-u2', target: 'black-u1' }, [...Array(6).fill(6), ...Array(6).fill(1), 2, 1]);
    expect(texts(shot.events).slice(-3)).toEqual([
      'IR 1 Kaiser tests morale after losing 25% to shooting: rolls 2 = 2: RETREAT',
      'IR 1 Kaiser rolls its move for retreats in disorder: 6 + D6 (1) = 7.0"',
      'IR 1 Kaiser retreats in disorder off the table and is lost',
    ]);
    const u = unit(shot.state, 'black-u1');
    expect(u.removed).toBe(true);
    expect(u.rs.removedBy).toBe('left-table');
  });
});

describe('shooting and the charge bonus (§17.24, Q28, Q47)', () => {
  it('a charger that shoots at the unit it touches loses its +1; a disordered defender may shoot back at it', () => {
    // Card mode, so the defender never gets an activation in which to halt and rally.
    const s = buildGame({
      options: { activation: 'cards' },
      units: [
        { id: 'red-u2', x: 36, y: 10, facing: UP },
        { id: 'black-u1', x: 36, y: 10 + 0.375 + 5 + 0.375, facing: DOWN, rs: { disordered: true } },
      ],
      cards: ['red', 'black'],
    });
    const charge = act(s, { type: 'charge', side: 'red', unit: 'red-u2', target: 'black-u1' }, [3]);
    expect(event(charge.events, 'charge-contact').text).toBe("IR 15 Garde charges 5.0\" into contact with IR 1 Kaiser's front");
    const pass = act(charge.state, { type: 'end-activations', side: 'black' });
    expect(pass.state.rules.step).toBe('end-shooting');
    let cur = act(pass.state, { type: 'shoot', side: 'red', unit: 'red-u2', target: 'black-u1' }).state;
    cur = act(cur, { type: 'end-shooting', side: 'red' }).state;
    cur = act(cur, { type: 'shoot', side: 'black', unit: 'black-u1', target: 'red-u2' }).state;
    const end = act(cur, { type: 'end-shooting', side: 'black' }, [...Array(12).fill(1), ...Array(6).fill(1), ...Array(12).fill(4), ...Array(6).fill(1)]);
    const volleys = end.events.filter((e) => e.type === 'shoot');
    expect(volleys.map((v) => v.text)).toEqual([
      'IR 15 Garde shoots at IR 1 Kaiser at 0.0" (close range): 12 dice, hits on 4+: 0 hits',
      'IR 1 Kaiser shoots at IR 15 Garde at 0.0" (close range): 6 dice, hits on 4+: 0 hits',
    ]);
    const dice = end.events.filter((e) => e.type === 'melee-dice');
    // No charge bonus after shooting: 4s do not hit.
    expect(dice[0]!.text).toBe('IR 15 Garde fights IR 1 Kaiser: 12 dice, hits on 5+: 0 hits');
    expect(dice[0]!.modifiers).toEqual([]);
    expect(dice[1]!.text).toBe('IR 1 Kaiser fights IR 15 Garde: 6 dice, hits on 5+: 0 hits');
    expect(dice[1]!.chart!.row).toBe('Infantry in line: 2 ranks (all figures), 1 die per 2; disordered: ½ dice');
  });
});

describe('guns and commanders caught in a defeat (Q43, Q48)', () => {
  it('a gun that loses a melee is captured, whatever its losses', () => {
    const s = buildGame({
      units: [
        { id: 'red-u0', x: 36, y: 10, facing: UP },
        { id: 'black-u3', x: 36, y: 20, facing: DOWN },
        { id: 'black-u1', x: 10, y: 44 },
        { id: 'black-u4', x: 60, y: 44 },
      ],
    });
    const charge = act(s, { type: 'charge', side: 'red', unit: 'red-u0', target: 'black-u3' }, [1]);
    expectPose(unit(charge.state, 'red-u0'), 36, 20 - 1 - 0.625, UP);
    const done = act(charge.state, { type: 'end-activations', side: 'black' });
    const melee = act(done.state, { type: 'end-shooting', side: 'black' }, [4, 4, 4, 1, 1, 1, 1, 1, 6, 6]);
    const dice = melee.events.filter((e) => e.type === 'melee-dice');
    expect(dice[1]!.text).toBe('Position battery fights Dragoon Regt. Bayreuth: 2 dice, hits on 6+: 2 hits');
    expect(dice[1]!.modifiers).toEqual([{ value: -1, reason: 'not equipped for melee' }]);
    expect(texts(melee.events)).toContain('Position battery loses the melee and its gun is captured');
    expect(unit(melee.state, 'black-u3').rs.removedBy).toBe('captured');
    expect(figures(melee.state, 'red-u0')).toBe(6);
  });

  it('militia below half routs on 2 + 1 - 1 - 2 = 0; its commander escapes to the nearest friend, or is lost on a 1', () => {
    const game = () => {
      const s = buildGame({
        units: [
          { id: 'red-u2', x: 36, y: 20, facing: UP },
          { id: 'black-u2', x: 36, y: 24.75, facing: DOWN, figures: 10 },
          { id: 'black-c1', x: 36, y: 28 },
          { id: 'black-u1', x: 48, y: 30, facing: DOWN },
        ],
        order: ['black', 'red'],
      });
      let cur = act(s, { type: 'follow-me', side: 'black', unit: 'black-c1', target: 'black-u2' }).state;
      cur = act(cur, { type: 'end-activations', side: 'black' }).state;
      return cur;
    };
    const shot = act(game(), { type: 'shoot', side: 'red', unit: 'red-u2', target: 'black-u2' }, [4, 4, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 3]);
    expect(texts(shot.events).slice(1, 4)).toEqual([
      'Banal Grenz militia tests morale after losing 25% to shooting: rolls 2 + 1 commander joined − 1 militia or irregular − 2 below half strength = 0: ROUT',
      'Banal Grenz militia routs and leaves the field',
      'General Wied escapes (rolled 3) to IR 1 Kaiser',
    ]);
    const c = unit(shot.state, 'black-c1');
    expect(c.removed).toBe(false);
    expect(c.rs.joined).toBe(null);
    const lost = act(game(), { type: 'shoot', side: 'red', unit: 'red-u2', target: 'black-u2' }, [4, 4, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 1]);
    expect(texts(lost.events)[3]).toBe('General Wied is knocked out with Banal Grenz militia (rolled 1)');
    expect(unit(lost.state, 'black-c1').rs.removedBy).toBe('knocked-out');
  });
});
