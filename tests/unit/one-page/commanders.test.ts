/** Scenarios: command control (§13.1, §17.15, Q49), Rally Men! (§17.19, Q50) and Follow Me! (§17.20, Q51). */

import { describe, expect, it } from 'vitest';
import { inch } from '../../../src/core/measure';
import { act, buildGame, DOWN, event, expectPose, figures, refuse, texts, unit, UP, woodRect } from './fixture';

const advance = (side: string, unitId: string, x: number, y: number) => ({ type: 'move', side, unit: unitId, mode: 'advance', to: { x: inch(x), y: inch(y) } });

describe('command control (§17.15)', () => {
  /** Red-c1 commands red-u2 (regular) and red-u3 (elite); black-c1 commands black-u2 (militia). */
  function game() {
    return buildGame({
      options: { commandControl: true },
      units: [
        { id: 'red-c1', x: 10, y: 10 },
        // The elite guard 15" from its brigadier.
        { id: 'red-u3', x: 10 + 0.5 + 15 + 3, y: 10, facing: UP },
        // The line 10" away, but behind a wood 5" deep.
        { id: 'red-u2', x: 10, y: 10 + 0.5 + 10 + 0.375, facing: UP },
        { id: 'red-u5', x: 10 + 0.5 + 6 + 3, y: 4, facing: UP },
        { id: 'red-c0', x: 66, y: 4 },
        { id: 'black-u2', x: 40, y: 40, facing: DOWN },
        { id: 'black-c1', x: 40 - 3 - 15 - 0.5, y: 40 },
        { id: 'black-c0', x: 70, y: 46 },
      ],
      table: { features: [woodRect('Pine wood', 4, 13, 16, 18)] },
      order: ['black', 'red'],
    });
  }

  it('militia 15" from its commander rolls 4 - 1 = 3: it cannot move, but may still halt', () => {
    const s = game();
    const r = act(s, advance('black', 'black-u2', 40, 30), [4]);
    expect(texts(r.events)).toEqual([
      'Banal Grenz militia is out of command (not within 12" and sight of General Wied or Feldmarschall Daun (C-in-C)): rolls 4 − 1 militia = 3, needs 4: it cannot move, and may only shoot or halt',
    ]);
    expect(event(r.events, 'command').chart).toEqual({ chart: 'Command control', row: 'failed' });
    const u = unit(r.state, 'black-u2');
    expectPose(u, 40, 40, DOWN);
    expect(u.rs.activated).toBe(false);
    expect(r.state.active).toBe('black');
    expect(refuse(r.state, advance('black', 'black-u2', 40, 30), [6])).toBe('Banal Grenz militia failed its command roll: it may only shoot or halt');
    // Its activation is not over: no other unit may act until it shoots or halts.
    expect(refuse(r.state, { type: 'halt', side: 'black', unit: 'black-c0' })).toBe(
      'Banal Grenz militia failed its command roll and must finish its activation first: shoot or halt',
    );
    const h = act(r.state, { type: 'halt', side: 'black', unit: 'black-u2' });
    expect(unit(h.state, 'black-u2').rs.activated).toBe(true);
  });

  it('the elite guard 15" away rolls 3 + 1 = 4 and moves; a line 10" away but out of sight must roll', () => {
    let s = act(game(), { type: 'end-activations', side: 'black' }).state;
    const guard = act(s, advance('red', 'red-u3', 28.5, 14), [3, 2]);
    expect(texts(guard.events)[0]).toBe(
      'Grenadier Bn. Kleist is out of command (not within 12" and sight of Colonel von Bredow or General von Kleist (C-in-C)): rolls 3 + 1 elite = 4, needs 4: it moves',
    );
    expectPose(unit(guard.state, 'red-u3'), 28.5, 14, UP);
    s = guard.state;
    const hidden = act(s, advance('red', 'red-u2', 10, 22), [4, 1]);
    expect(texts(hidden.events)[0]).toMatch(/^IR 15 Garde is out of command .*: rolls 4 = 4, needs 4: it moves$/);
    // In command (6" away and in sight): no roll, only the move die.
    const near = act(hidden.state, advance('red', 'red-u5', 19.5, 8), [2]);
    expect(near.events.map((e) => e.type)).toEqual(['move-roll', 'move']);
  });

  it('the C-in-C may command any unit (Q14), and a joined commander keeps a unit in command (Q49)', () => {
    const s = buildGame({
      options: { commandControl: true },
      units: [
        { id: 'red-u2', x: 36, y: 10, facing: UP },
        { id: 'red-c0', x: 36, y: 4 },
        { id: 'red-c1', x: 70, y: 40 },
        { id: 'red-u3', x: 60, y: 10, facing: UP },
        { id: 'red-c2', x: 60, y: 22 },
        { id: 'black-u1', x: 10, y: 44 },
      ],
    });
    const byCinC = act(s, advance('red', 'red-u2', 36, 14), [1]);
    expect(byCinC.events.map((e) => e.type)).toEqual(['move-roll', 'move']);
    // Colonel von Seydlitz is 11" from the guard but not its brigadier: he joins it with Follow Me!.
    const join = act(byCinC.state, { type: 'follow-me', side: 'red', unit: 'red-c2', target: 'red-u3' });
    const moved = act(join.state, advance('red', 'red-u3', 60, 30), [1, 1]);
    expect(moved.events.map((e) => e.type)).toEqual(['move-roll', 'move']);
  });
});

describe('Rally Men! (§17.19, Q50)', () => {
  /** Black shoots first: IR 15 loses 3 figures to shooting; then red's brigadier may rally it. */
  function shotAt() {
    const s = buildGame({
      units: [
        { id: 'red-u2', x: 36, y: 20, facing: UP },
        { id: 'red-c1', x: 36, y: 10 },
        { id: 'red-u5', x: 24, y: 10, facing: UP },
        { id: 'red-u6', x: 66, y: 4, facing: UP },
        { id: 'black-u1', x: 36, y: 24.75, facing: DOWN },
      ],
      order: ['black', 'red'],
    });
    const r = act(s, { type: 'shoot', side: 'black', unit: 'black-u1', target: 'red-u2' }, [4, 4, 4, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(figures(r.state, 'red-u2')).toBe(21);
    expect(r.state.active).toBe('red');
    return r.state;
  }

  it('a 5 cancels one hit: a figure comes back and the shooting loss drops by one', () => {
    const s = shotAt();
    expect(refuse(s, { type: 'rally-men', side: 'red', unit: 'red-c1', target: 'red-u5' })).toBe(
      'Rally Men! helps a unit that has lost figures to shooting or is in melee; IR 19 Markgraf Karl has done neither',
    );
    expect(refuse(s, { type: 'rally-men', side: 'red', unit: 'red-c1', target: 'red-u6' })).toBe('IR 27 Lestwitz is more than 12" from Colonel von Bredow');
    const r = act(s, { type: 'rally-men', side: 'red', unit: 'red-c1', target: 'red-u2' }, [5]);
    const e = event(r.events, 'rally-men');
    expect(e.text).toBe('Rally Men! Colonel von Bredow joins IR 15 Garde and rolls 5: one hit cancelled, a figure returns');
    expect(e.chart).toEqual({ chart: 'Rally Men!', row: '4, 5, 6: one hit cancelled' });
    const u = unit(r.state, 'red-u2');
    expect(figures(r.state, 'red-u2')).toBe(22);
    expect(u.rs.shootingLossThisTurn).toBe(2);
    expect(u.rs.joinedBy).toBe('red-c1');
    // He stands behind the unit, and he is done for the turn.
    expectPose(unit(r.state, 'red-c1'), 36, 20 - 0.375 - 0.75, UP);
    expect(refuse(r.state, { type: 'halt', side: 'red', unit: 'red-c1' })).toBe('Colonel von Bredow has already activated this turn');
  });

  it('a 1 knocks the commander out; a 3 does nothing', () => {
    const ko = act(shotAt(), { type: 'rally-men', side: 'red', unit: 'red-c1', target: 'red-u2' }, [1]);
    expect(texts(ko.events)).toEqual([
      'Rally Men! Colonel von Bredow joins IR 15 Garde and rolls 1: the commander is knocked out',
      'Colonel von Bredow is knocked out',
    ]);
    expect(unit(ko.state, 'red-c1').removed).toBe(true);
    expect(unit(ko.state, 'red-c1').rs.removedBy).toBe('knocked-out');
    expect(unit(ko.state, 'red-u2').rs.joinedBy).toBe(null);
    const none = act(shotAt(), { type: 'rally-men', side: 'red', unit: 'red-c1', target: 'red-u2' }, [3]);
    expect(event(none.events, 'rally-men').text).toBe('Rally Men! Colonel von Bredow joins IR 15 Garde and rolls 3: no effect');
    expect(figures(none.state, 'red-u2')).toBe(21);
  });

  it('with a unit in melee the roll is made in the melee step and cancels a hit before they are compared', () => {
    const s = buildGame({
      units: [
        { id: 'red-u0', x: 36, y: 10, facing: UP },
        { id: 'black-u1', x: 36, y: 20, facing: DOWN },
        { id: 'black-c1', x: 36, y: 26 },
      ],
    });
    const charged = act(s, { type: 'charge', side: 'red', unit: 'red-u0', target: 'black-u1' }, [1]);
    expect(refuse(charged.state, { type: 'rally-men', side: 'black', unit: 'black-c1', target: 'red-u0' })).toBe("a commander joins one of his own side's units");
    const join = act(charged.state, { type: 'rally-men', side: 'black', unit: 'black-c1', target: 'black-u1' });
    expect(texts(join.events)).toEqual(['General Wied joins IR 1 Kaiser in the melee: Rally Men! is rolled in the melee step']);
    expectPose(unit(join.state, 'black-c1'), 36, 20 + 0.375 + 0.75, DOWN);
    const halt = act(join.state, { type: 'halt', side: 'black', unit: 'black-u1' });
    const melee = act(halt.state, { type: 'end-shooting', side: 'black' }, [4, 4, 5, 6, 1, 2, 3, 3, 5, 6, 1, 2, 3, 4, 1, 2, 3, 4, 5, 1, 5]);
    expect(event(melee.events, 'rally-men').text).toBe('Rally Men! General Wied with IR 1 Kaiser rolls 5: one hit cancelled');
    expect(texts(melee.events)).toContain('The melee is drawn (3 hits each): the units stay locked and fight again next turn');
    expect(figures(melee.state, 'black-u1')).toBe(21);
  });
});

describe('Follow Me! (§17.20, Q51)', () => {
  it('the joined line rolls 3 plus 4 for Follow Me!: 13"; the commander goes with it', () => {
    const s = buildGame({
      units: [
        { id: 'red-u2', x: 36, y: 10, facing: UP },
        { id: 'red-c1', x: 30, y: 4 },
        { id: 'red-u5', x: 10, y: 10, facing: UP },
        { id: 'black-u1', x: 10, y: 44 },
      ],
    });
    const f = act(s, { type: 'follow-me', side: 'red', unit: 'red-c1', target: 'red-u2' });
    expect(texts(f.events)).toEqual(['Follow Me! Colonel von Bredow joins IR 15 Garde: +D6" on its next move this turn']);
    const m = act(f.state, advance('red', 'red-u2', 36, 30), [3, 4]);
    expect(event(m.events, 'move-roll').text).toBe('IR 15 Garde rolls its move for advance: 6 + D6 (3) + D6 Follow Me! (4) = 13.0"');
    expectPose(unit(m.state, 'red-u2'), 36, 23, UP);
    expectPose(unit(m.state, 'red-c1'), 36, 23 - 0.375 - 0.75, UP);
    // Follow Me! helps only a unit that has not yet acted.
    const s2 = act(s, advance('red', 'red-u2', 36, 12), [1]).state;
    expect(refuse(s2, { type: 'follow-me', side: 'red', unit: 'red-c1', target: 'red-u2' })).toBe(
      'IR 15 Garde has already activated: Follow Me! must come before its move',
    );
    expect(refuse(s2, { type: 'follow-me', side: 'red', unit: 'red-c1', target: 'black-u1' })).toBe("a commander joins one of his own side's units");
  });
});
