/** Scenarios: initiative (§17.1), shooting in an activation and at the end of the turn (§17.2, §17.3, Q17), refusals. */

import { describe, expect, it } from 'vitest';
import { inch } from '../../../src/core/measure';
import { createOnePageGame } from '../../../src/rules/one-page/setup';
import type { OnePageState } from '../../../src/rules/one-page/types';
import { act, attempt, buildGame, DOWN, event, expectPose, figures, refuse, texts, unit, UP, woodRect } from './fixture';

describe('initiative (§17.1, Q15)', () => {
  it('a tie is rolled again; the winner chooses to go second and the loser activates first', () => {
    const s0 = createOnePageGame({ rulesetId: 'one-page', seed: 'init', dice: { scripted: [] } });
    expect(s0.rules.step).toBe('initiative');
    expect(refuse(s0, { type: 'roll-initiative', side: 'black' })).toBe('the other side rolls for initiative first');
    const r = act(s0, { type: 'roll-initiative', side: 'red' }, [3, 3, 5, 2]);
    expect(texts(r.events)).toEqual([
      'Initiative: Prussians 3, Austrians 3: a tie, roll again',
      'Initiative: Prussians 5, Austrians 2',
      'Prussians win the initiative and choose to go first or second',
    ]);
    expect(r.events[0]!.chart).toEqual({ chart: 'Initiative', row: 'tie: re-roll' });
    expect(r.events[1]!.chart).toEqual({ chart: 'Initiative', row: 'higher wins' });
    expect(r.state.rules.initiativeWinner).toBe('red');
    expect(r.state.active).toBe('red');
    expect(refuse(r.state, { type: 'choose-order', side: 'black', first: 'first' })).toBe('only the winner of the initiative chooses the order');
    expect(refuse(r.state, { type: 'choose-order', side: 'red', first: 'last' })).toBe('choose to go "first" or "second"');
    const c = act(r.state, { type: 'choose-order', side: 'red', first: 'second' });
    expect(c.state.rules.order).toEqual(['black', 'red']);
    expect(c.state.rules.step).toBe('activations');
    expect(c.state.active).toBe('black');
    // Red may not act out of turn.
    expect(refuse(c.state, { type: 'halt', side: 'red', unit: 'red-u2' })).toBe("it is Austrians's activation");
  });
});

/** Red line IR 15 facing a black line IR 1 across `gap` inches of open ground. */
function lines(gap: number, extra: Partial<Parameters<typeof buildGame>[0]> = {}): OnePageState {
  return buildGame({
    units: [
      { id: 'red-u2', x: 36, y: 20, facing: UP },
      { id: 'black-u1', x: 36, y: 20 + 0.375 + gap + 0.375, facing: DOWN },
    ],
    ...extra,
  });
}

describe('shooting in an activation (§17.2, §17.3, §17.21)', () => {
  it('a first close volley: 12 dice at +1 give 6 hits, the target tests, retreats; the next volley has no first-fire bonus', () => {
    const s0 = lines(4);
    const shot = act(s0, { type: 'shoot', side: 'red', unit: 'red-u2', target: 'black-u1' }, [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 3, 1]);
    const volley = event(shot.events, 'shoot');
    expect(volley.text).toBe('IR 15 Garde shoots at IR 1 Kaiser at 4.0" (close range): 12 dice, hits on 4+: 6 hits');
    expect(volley.modifiers).toEqual([{ value: 1, reason: 'first fire (regular)' }]);
    expect(volley.need).toBe(4);
    expect(volley.chart).toEqual({ chart: 'Shooting', row: 'Formed infantry in line: 2 ranks (all figures), 1 die per 2; In the open: all hits' });
    expect(volley.dice![0]!.values).toEqual([1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6]);
    expect(figures(shot.state, 'black-u1')).toBe(18);
    // 6 of 24 at the start of the turn is 25%: a morale test, a 3 is a Retreat.
    const morale = event(shot.events, 'morale', 'black-u1');
    expect(morale.text).toBe('IR 1 Kaiser tests morale after losing 25% to shooting: rolls 3 = 3: RETREAT');
    expect(morale.chart).toEqual({ chart: 'Morale', row: '1, 2, 3: Retreat a full move in disorder, facing the enemy' });
    expect(morale.modifiers).toEqual([]);
    // The retreat: a full move (6 + 1 = 7") straight away from the shooter, facing it, disordered.
    expect(event(shot.events, 'move-roll', 'black-u1').text).toBe('IR 1 Kaiser rolls its move for retreats in disorder: 6 + D6 (1) = 7.0"');
    expect(event(shot.events, 'forced-move', 'black-u1').text).toBe('IR 1 Kaiser retreats in disorder: 7.0" away, facing the enemy');
    const black = unit(shot.state, 'black-u1');
    expectPose(black, 36, 24.75 + 7, DOWN);
    expect(black.rs.disordered).toBe(true);
    expect(black.stands.every((s) => s.status === 'disordered')).toBe(true);
    expect(shot.state.active).toBe('black');

    // A disordered unit may not shoot in its activation (§17.21, Q47); it halts and recovers.
    expect(refuse(shot.state, { type: 'shoot', side: 'black', unit: 'black-u1', target: 'red-u2' })).toBe(
      'IR 1 Kaiser is disordered: it may only shoot back in the end-of-turn shooting',
    );
    // Halting ends the activations; at 11" the black line may still shoot at the end of the turn.
    const rallied = act(shot.state, { type: 'halt', side: 'black', unit: 'black-u1' });
    expect(texts(rallied.events)).toEqual(['IR 1 Kaiser halts and recovers from disorder', 'End-of-turn shooting: units that have not shot may shoot now']);
    expect(unit(rallied.state, 'black-u1').rs.disordered).toBe(false);
    expect(rallied.state.active).toBe('black');
    const halt = act(rallied.state, { type: 'end-shooting', side: 'black' });
    expect(texts(halt.events)).toEqual(['Melee: all melees are fought', 'Turn 2 begins']);
    expect(halt.state.turn).toBe(2);
    expect(halt.state.rules.step).toBe('initiative');

    // Turn 2: the same unit at 11": long range, 12 -> 6 dice, no first fire: hits on 5-6 (§17.3).
    const init = act(halt.state, { type: 'roll-initiative', side: 'red' }, [4, 2]);
    const order = act(init.state, { type: 'choose-order', side: 'red', first: 'first' });
    const second = act(order.state, { type: 'shoot', side: 'red', unit: 'red-u2', target: 'black-u1' }, [5, 6, 1, 2, 3, 4]);
    const v2 = event(second.events, 'shoot');
    expect(v2.text).toBe('IR 15 Garde shoots at IR 1 Kaiser at 11.0" (long range): 6 dice, hits on 5+: 2 hits');
    expect(v2.modifiers).toEqual([]);
    expect(v2.chart!.row).toBe('Formed infantry in line: 2 ranks (all figures), 1 die per 2; ½ dice: long range; In the open: all hits');
    expect(figures(second.state, 'black-u1')).toBe(16);
    // 2 of 18 is under 25%: no test.
    expect(second.events.some((e) => e.type === 'morale')).toBe(false);
  });

  it('refuses a target out of the arc, out of range, behind a ridge or through more than 3" of wood, and changes nothing', () => {
    const shoot = (s: OnePageState, target = 'black-u1'): string => refuse(s, { type: 'shoot', side: 'red', unit: 'red-u2', target });
    // 45° either side of the front: a unit well off to the side is outside it.
    const arc = buildGame({
      units: [
        { id: 'red-u2', x: 20, y: 20, facing: UP },
        { id: 'black-u1', x: 32, y: 22, facing: DOWN },
      ],
    });
    expect(shoot(arc)).toBe("IR 1 Kaiser is outside IR 15 Garde's arc of fire (45° either side of its front)");
    // A musket reaches 12".
    expect(shoot(lines(12.5))).toBe('IR 1 Kaiser is out of range: 12.5" away, and a musket reaches 12"');
    expect(attempt(lines(12), { type: 'shoot', side: 'red', unit: 'red-u2', target: 'black-u1' }, [1, 1, 1, 1, 1, 1]).ok).toBe(true);
    // A ridge 3" high between them.
    const ridge = lines(10, { table: { hillsAt: [{ x: inch(36), y: inch(25.5), radius: inch(4), height: 75 }] } });
    expect(shoot(ridge)).toBe('IR 15 Garde cannot see IR 1 Kaiser: the centre hill is in the way');
    // A wood 4" deep across the line of fire; and a wood 2" deep, which does not block.
    const deep = lines(8, { table: { features: [woodRect('Oak wood', 20, 22, 52, 26)] } });
    expect(shoot(deep)).toBe('IR 15 Garde cannot see IR 1 Kaiser: more than 3" of Oak wood is in the way');
    const thin = lines(8, { table: { features: [woodRect('Oak wood', 20, 23, 52, 25)] } });
    expect(attempt(thin, { type: 'shoot', side: 'red', unit: 'red-u2', target: 'black-u1' }, [1, 1, 1, 1, 1, 1]).ok).toBe(true);
    // Out of turn, a friend, a commander, and twice in a turn.
    const s = lines(4, { units: [{ id: 'red-u2', x: 36, y: 20 }, { id: 'red-u3', x: 46, y: 20 }, { id: 'black-u1', x: 36, y: 24.75 }, { id: 'black-c1', x: 36, y: 28 }] });
    expect(refuse(s, { type: 'shoot', side: 'black', unit: 'black-u1', target: 'red-u2' })).toBe('it is not your turn to shoot');
    expect(shoot(s, 'red-u3')).toBe('Grenadier Bn. Kleist is a friend');
    expect(shoot(s, 'black-c1')).toBe('commanders cannot be shot at');
    expect(shoot(s, 'nobody')).toBe('there is no target "nobody" on the table');
  });
});

describe('end-of-turn shooting (§5.1 step 5, Q17)', () => {
  it('is simultaneous: both volleys are rolled on the strength before any loss, then the 25% tests', () => {
    const s0 = lines(4);
    // Neither shoots in its activation.
    const a = act(s0, { type: 'halt', side: 'red', unit: 'red-u2' });
    const b = act(a.state, { type: 'halt', side: 'black', unit: 'black-u1' });
    expect(b.state.rules.step).toBe('end-shooting');
    expect(b.state.active).toBe('red');
    expect(refuse(b.state, { type: 'halt', side: 'red', unit: 'red-u2' })).toBe('units activate in the activation phase; it is now end-shooting');
    const d1 = act(b.state, { type: 'shoot', side: 'red', unit: 'red-u2', target: 'black-u1' });
    expect(texts(d1.events)).toEqual(['IR 15 Garde will shoot at IR 1 Kaiser in the end-of-turn volley']);
    expect(refuse(d1.state, { type: 'shoot', side: 'red', unit: 'red-u2', target: 'black-u1' })).toBe('IR 15 Garde has already declared its shot');
    const e1 = act(d1.state, { type: 'end-shooting', side: 'red' });
    expect(e1.state.active).toBe('black');
    expect(figures(e1.state, 'black-u1')).toBe(24);
    const d2 = act(e1.state, { type: 'shoot', side: 'black', unit: 'black-u1', target: 'red-u2' });
    const red12 = [4, 5, 6, 4, 5, 6, 1, 1, 1, 1, 1, 1];
    const black12 = [4, 4, 4, 4, 1, 1, 1, 1, 1, 1, 1, 1];
    const e2 = act(d2.state, { type: 'end-shooting', side: 'black' }, [...red12, ...black12, 5]);
    const volleys = e2.events.filter((e) => e.type === 'shoot');
    expect(volleys.map((v) => v.text)).toEqual([
      'IR 15 Garde shoots at IR 1 Kaiser at 4.0" (close range): 12 dice, hits on 4+: 6 hits',
      // Still 12 dice: IR 1 had lost nothing when it fired.
      'IR 1 Kaiser shoots at IR 15 Garde at 4.0" (close range): 12 dice, hits on 4+: 4 hits',
    ]);
    expect(figures(e2.state, 'black-u1')).toBe(18);
    expect(figures(e2.state, 'red-u2')).toBe(20);
    const morale = e2.events.filter((e) => e.type === 'morale');
    expect(morale.map((m) => m.text)).toEqual(['IR 1 Kaiser tests morale after losing 25% to shooting: rolls 5 = 5: STEADY']);
    expect(e2.state.turn).toBe(2);
    // Losses in the end shooting let Rally Men! help next turn (Q50).
    expect(unit(e2.state, 'red-u2').rs.lostToShooting).toBe(true);
  });
});
