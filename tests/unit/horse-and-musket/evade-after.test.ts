/** What follows an Evade (B §1.5): the Perfect Evade's free move, and a charge that runs on into another unit. */

import { describe, expect, it } from 'vitest';
import { inch } from '../../../src/core/measure';
import { act, attack, buildState, event, expectPose, legal, makeGeneral, makeUnit, refuse, unit, DOWN } from './fixture';
import type { HmUnit } from '../../../src/rules/horse-and-musket/types';

/** Infantry A (side a, facing up) 9" from skirmishing infantry S; side b's main body far off; `more` adds units. */
function skirmishers(more: HmUnit[] = []) {
  const reserve = ['R1', 'R2', 'R3'].map((id, i) => makeUnit({ id, side: 'b', troop: 'infantry', x: 50 + i * 8, y: 44 }));
  return buildState({
    units: [makeUnit({ id: 'A', side: 'a', troop: 'infantry', x: 36, y: 17 }), makeUnit({ id: 'S', side: 'b', troop: 'skirmInf', x: 36, y: 26 }), makeGeneral('ga', 'a', 6, 2), makeGeneral('gb', 'b', 66, 46), ...reserve, ...more],
    hands: { a: ['u:A:1'] },
  });
}

/** Declared, evaded perfectly (a 6), and the attacker's Resolve 4+4 = 8 (+1 fresh −1 unsupported): advance to 6" and fire. */
function perfect(more: HmUnit[] = []) {
  const declared = attack(skirmishers(more), 'A', 'S', []);
  return act(declared.state, { type: 'react', side: 'b', choice: 'evade', card: null }, [6, 4, 4]);
}

const relocate = (to: { x: number; y: number } | null) => ({ type: 'relocate', side: 'b', unit: 'S', to: to ? { x: inch(to.x), y: inch(to.y) } : null });

describe('a Perfect Evade (B §1.5)', () => {
  it('waits until the attacker has moved, then asks where the evaders go', () => {
    const r = perfect();
    expect(event(r.events, 'evade', 'S').chart?.row).toContain('6+: Perfect Evade');
    // A advanced to 6" from where S stood: 9" − 1.5" of stands, less 6" = 1.5".
    expectPose(unit(r.state, 'A'), 36, 18.5);
    // S has not moved yet; its side must now place it, and nothing else may be done.
    expectPose(unit(r.state, 'S'), 36, 26);
    expect(r.state.active).toBe('b');
    expect(event(r.events, 'evade-relocation', 'S').text).toBe('S evades perfectly: now that A has moved, it may go up to 6" to any place it can reach without passing within 9" of another enemy Colour Stand, and then fire');
    const choices = legal(r.state, 'b');
    expect(choices.map((l) => l.label)).toEqual(['S: move up to 6" after the Perfect Evade', 'S: stay after the Perfect Evade']);
    expect(choices[0]!.params[0]).toMatchObject({ kind: 'point', maxReach: inch(6) });
    expect(legal(r.state, 'a')).toEqual([]);
    expect(refuse(r.state, { type: 'end-turn', side: 'a' })).toBe('S must first finish its Perfect Evade: move it or let it stay');
    expect(r.events.some((e) => e.type === 'attack-result')).toBe(false);
  });

  it('goes where its side chooses, faces the attacker, and the Attack ends with the confrontation dice', () => {
    const r0 = perfect();
    expect(refuse(r0.state, relocate({ x: 30, y: 28 }))).toBe('S may go at most 6" after a Perfect Evade, not 6.3"');
    // 4" left and 4" up, now 11" from A; but A was within 9" when the Evade began, so S fires: 6+6 = 12,
    // more than its 4 stands, no hit. Then A's 5 confrontation dice (4+) and S's 4 (5+).
    const r = act(r0.state, relocate({ x: 32, y: 30 }), [6, 6, 4, 4, 1, 1, 1, 6, 1, 1, 1]);
    const s = unit(r.state, 'S');
    expectPose(s, 32, 30, Math.atan2(18.5 - 30, 36 - 32));
    const text = event(r.events, 'attack-result').text;
    const moved = event(r.events, 'evade-move', 'S');
    expect(moved.text).toBe('S slips away 5.7" and regroups facing A');
    // The way it took, for the table: straight from where it stood to where it went.
    expect(moved.data?.path).toEqual([
      { x: inch(36), y: inch(26) },
      { x: inch(32), y: inch(30) },
    ].map((p) => ({ x: expect.closeTo(p.x, 3), y: expect.closeTo(p.y, 3) })));
    expect(text).toContain('S fires as it evades');
    expect(event(r.events, 'skirmish-fire', 'S').dice).toEqual([{ purpose: 'skirmisher fire: 4 stands', sides: 6, values: [6, 6] }]);
    expect(text).toContain("Confrontation: A (resolute) 4 4 1 1 1 → 2 of S's stands disordered; S (uncertain) 6 1 1 1 → 1 of A's disordered");
    expect(r.state.result).toBeNull();
    expect(r.state.active).toBe('a');
    expect(r.state.rules.pendingRelocation).toBeNull();
  });

  it('may not pass within 9" of another enemy Colour Stand, nor through a unit', () => {
    const r = perfect([makeUnit({ id: 'E', side: 'a', troop: 'infantry', x: 24, y: 36, stands: 3 }), makeUnit({ id: 'F', side: 'b', troop: 'infantry', x: 41, y: 28, facing: DOWN, stands: 3 })]);
    expect(refuse(r.state, relocate({ x: 31, y: 29 }))).toMatch(/^the way passes within 9" of E's Colour Stand \(\d+\.\d"\), and there is no way round within 6"$/);
    expect(refuse(r.state, relocate({ x: 40, y: 29.5 }))).toBe('S cannot get there: F in the way');
  });

  it('may stay where it is', () => {
    // Still within 9" of A, S fires first: 6+6 = 12, more than its 4 stands, no hit.
    const r = act(perfect().state, relocate(null), [6, 6, 4, 4, 1, 1, 1, 6, 1, 1, 1]);
    expectPose(unit(r.state, 'S'), 36, 26);
    expect(event(r.events, 'attack-result').text).toContain('S stays where it is after its Perfect Evade');
  });
});

/** Heavy cavalry C (3 stands) attacks a lone skirmisher stand S 14" ahead; `beyond` stands in C's path behind where S was. */
function cavalryAttack(beyond: HmUnit) {
  return buildState({
    units: [makeUnit({ id: 'C', side: 'a', troop: 'heavyCav', x: 36, y: 10, stands: 3 }), makeUnit({ id: 'S', side: 'b', troop: 'skirmInf', x: 36, y: 24, stands: 1 }), beyond, makeGeneral('ga', 'a', 6, 2), makeGeneral('gb', 'b', 66, 46)],
    hands: { a: ['u:C:1'] },
  });
}

describe('a charge at evaders runs on (B §1.5)', () => {
  it('into another enemy unit: that unit tests against the charger\'s total, and the fight goes on', () => {
    const declared = attack(cavalryAttack(makeUnit({ id: 'E', side: 'b', troop: 'infantry', x: 36, y: 29, facing: DOWN, stands: 3 })), 'C', 'S', []);
    // S evades 6" (5 −1 attacked by mounted troops), wheeling 45° to its left, out of C's path; C throws
    // 6+6 = 15: Charge, the full 18"; it meets E, which throws 2+2 = 6 (+1 flank support, +1 fresh): Stand.
    const r = act(declared.state, { type: 'react', side: 'b', choice: 'evade', card: null, angle: Math.PI / 4 }, [5, 6, 6, 2, 2, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1]);
    const c = unit(r.state, 'C');
    // C's front edge meets E's front edge at 29" − 0.79": C's Colour Stand 0.79" further back.
    expectPose(c, 36, 29 - 40 / 25.4);
    const charged = r.events.find((e) => e.type === 'attack' && e.unit === 'C' && e.target === 'E')!;
    expect(charged.text).toMatch(/^C charges on into E, keeping its Resolve of \d+$/);
    const test = r.events.find((e) => e.type === 'resolve' && e.unit === 'E')!;
    expect(test.text).toContain('E is charged and tests Resolve');
    expect(test.dice).toEqual([{ purpose: 'Resolve', sides: 6, values: [2, 2] }]);
    const result = event(r.events, 'attack-result').text;
    expect(result).toContain('C has charged E: E 6 against 15, C resolute');
    // Resolute C's three confrontation dice (6 6 6) disorder all of E, and a charge home destroys disordered stands outright.
    expect(result).toContain("Confrontation: C (resolute) 6 6 6 → 3 of E's stands disordered");
    expect(unit(r.state, 'E').removed).toBe(true);
  });

  it('halts 2" short of a friendly unit in its path', () => {
    const declared = attack(cavalryAttack(makeUnit({ id: 'F', side: 'a', troop: 'infantry', x: 36, y: 29, stands: 3 })), 'C', 'S', []);
    const r = act(declared.state, { type: 'react', side: 'b', choice: 'evade', card: null, angle: Math.PI / 4 }, [5, 6, 6, 1, 1, 1, 1]);
    // F's rear edge is at 29" − 0.79"; C's front edge stops 2" short of it.
    expectPose(unit(r.state, 'C'), 36, 29 - 40 / 25.4 - 2);
    expect(event(r.events, 'attack-result').text).toContain('halts 2" short of F');
  });
});
