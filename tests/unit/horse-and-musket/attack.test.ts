/** The Attack Sequence with scripted dice on the flat table (A §16-22): charts, modifiers, results, dice, aftermath. */

import { describe, expect, it } from 'vitest';
import type { GameEvent } from '../../../src/core/model';
import { inch } from '../../../src/core/measure';
import type { HmUnit } from '../../../src/rules/horse-and-musket/types';
import { attack, buildState, disordered, event, expectPose, makeGeneral, makeUnit, STAND, unit, type UnitSpec } from './fixture';

const MM = 1 / 25.4;
const generals = (): HmUnit[] => [makeGeneral('ga', 'a', 10, 2), makeGeneral('gb', 'b', 60, 46)];

/** Attacker A (side a, facing up) and defender D (side b, facing down), with the CinCs far away. */
function duel(a: Partial<UnitSpec> & { y: number }, d: Partial<UnitSpec> = {}, extra: HmUnit[] = []) {
  return buildState({
    units: [
      makeUnit({ id: 'A', side: 'a', troop: 'infantry', x: 36, ...a }),
      makeUnit({ id: 'D', side: 'b', troop: 'infantry', x: 36, y: 26, ...d }),
      ...extra,
      ...generals(),
    ],
    hands: { a: ['u:A:1'] },
  });
}

function resolves(events: GameEvent[]): { a: GameEvent; d: GameEvent } {
  const r = events.filter((e) => e.type === 'resolve');
  expect(r.map((e) => e.unit)).toEqual(['A', 'D']);
  return { a: r[0]!, d: r[1]!};
}

const CHART_A = 'Chart A: infantry or skirmishing infantry attacking';
const CHART_B = 'Chart B: infantry or skirmishing infantry defending against foot';

describe('infantry attacks infantry (Charts A and B)', () => {
  // Fronts 7.43" apart: the 9" charge ends overlapping the target, so the contact search finds it.
  const Y = 26 - 9;

  it('13+ charges home; the Stand defender is disordered by confrontation dice, loses them outright, and is thrown back 2"', () => {
    const s = duel({ y: Y, status: 'elite' });
    // Resolve A 6+6, D 4+3; confrontation A 5 dice, D 5 dice; no combat dice are thrown for a charge.
    const r = attack(s, 'A', 'D', [6, 6, 4, 3, 4, 5, 1, 2, 6, 5, 1, 1, 1, 1]);
    const { a, d } = resolves(r.events);
    expect(a.chart).toEqual({ chart: CHART_A, row: '13+: Charge (up to 9")' });
    expect(a.modifiers).toEqual([
      { value: -1, reason: 'Unsupported' },
      { value: 1, reason: 'Higher status than opponent (Elite vs Trained)' },
      { value: 1, reason: 'Fresh troops' },
    ]);
    expect(a.text).toContain('= 13: resolute');
    expect(d.chart).toEqual({ chart: CHART_B, row: '6: Stand' });
    expect(d.modifiers).toEqual([
      { value: -1, reason: 'Unsupported' },
      { value: -1, reason: 'Lower status than opponent (Trained vs Elite)' },
      { value: 1, reason: 'Fresh troops' },
    ]);
    expect(d.text).toContain('= 6: uncertain');
    const result = event(r.events, 'attack-result').text;
    expect(result).toContain('A charges home');
    // Resolute needs 4+: 4, 5, 6 → 3; Uncertain needs 5+: one 5 → 1.
    expect(result).toContain("A (resolute) 4 5 1 2 6 → 3 of D's stands disordered; D (uncertain) 5 1 1 1 1 → 1 of A's disordered");
    expect(result).toContain("Combat dice on D's 3 disordered stands (charged: destroyed outright)");
    expect(result).toContain("Combat dice on A's 1 disordered stand (charged: destroyed outright)");
    const A = unit(r.state, 'A');
    const D = unit(r.state, 'D');
    expect(D.stands.length).toBe(2);
    expect(A.stands.length).toBe(4);
    expect(disordered(D)).toBe(0);
    expect(A.rs.fresh).toBe(false);
    expect(D.rs.fresh).toBe(false);
    // Thrown back straight back 2" from where the charge met it; not beaten, so no jubilation.
    expectPose(D, 36, 28);
    expect(A.rs.jubilation).toBe(0);
    expect(result).toContain('D is thrown back');
  });

  it('a foot victor follows a thrown-back foot opponent in the open and stays in contact (A §21.1)', () => {
    const r = attack(duel({ y: Y, status: 'elite' }), 'A', 'D', [6, 6, 4, 3, 4, 5, 1, 2, 6, 5, 1, 1, 1, 1]);
    const A = unit(r.state, 'A');
    const D = unit(r.state, 'D');
    expectPose(D, 36, 28);
    // Fronts touching: A's front edge on D's front edge.
    expectPose(A, 36, 28 - STAND * MM);
  });

  it('a defender that Withdraws leaves the Resolute charger jubilant (+1), and inflicts no combat dice', () => {
    const s = duel({ y: Y, status: 'elite' });
    const r = attack(s, 'A', 'D', [6, 6, 3, 2, 1, 1, 1, 1, 1, 6, 6, 1, 1, 1]);
    const { d } = resolves(r.events);
    expect(d.chart).toEqual({ chart: CHART_B, row: '4–5: Withdraw' });
    expect(d.text).toContain('= 4: uncertain');
    const A = unit(r.state, 'A');
    const D = unit(r.state, 'D');
    expect(A.rs.jubilation).toBe(1);
    // D's dice disordered two of A's stands, but a withdrawing unit inflicts no combat dice (A11).
    expect(disordered(A)).toBe(2);
    expect(A.stands.length).toBe(5);
    expect(D.rs.retrograde).toBe('withdrawing');
    expectPose(D, 36, 29, -Math.PI / 2);
    expect(D.stands.length).toBe(5);
  });

  it('a charge from 4.4" makes contact rather than passing through the target (A §19.2)', () => {
    const r = attack(duel({ y: 20, status: 'elite' }), 'A', 'D', [6, 6, 4, 3, 4, 5, 1, 2, 6, 5, 1, 1, 1, 1]);
    expect(event(r.events, 'attack-result').text).toContain('A charges home');
    // A never ends beyond the defender it charged.
    expect(unit(r.state, 'A').y).toBeLessThan(unit(r.state, 'D').y);
  });
});

describe('stand and fire within 6" (A §19.1, §20.2)', () => {
  it('8-9 within 6" stands and fires; both sides destroy disordered stands on 5-6', () => {
    // Fronts 4.43" apart.
    const s = duel({ y: 20 });
    const dice = [4, 4, 5, 5, 5, 6, 1, 1, 1, 4, 4, 4, 1, 1, 5, 4, 6, 6, 1];
    const r = attack(s, 'A', 'D', dice);
    const { a, d } = resolves(r.events);
    expect(a.chart).toEqual({ chart: CHART_A, row: '8–9: advance to 6" and Fire; within 6", Stand and Fire' });
    expect(a.modifiers).toEqual([
      { value: -1, reason: 'Unsupported' },
      { value: 1, reason: 'Fresh troops' },
    ]);
    expect(a.text).toContain('= 8: uncertain');
    expect(d.chart).toEqual({ chart: CHART_B, row: '7–15: Stand and Fire' });
    expect(d.text).toContain('= 10: resolute');
    const text = event(r.events, 'attack-result').text;
    expect(text).toContain('A stands and fires. D stands and fires');
    expect(text).toContain("A (uncertain) 5 6 1 1 1 → 2 of D's stands disordered; D (resolute) 4 4 4 1 1 → 3 of A's disordered");
    expect(text).toContain("Combat dice on D's 2 disordered stands (5+ destroys): 5 4. D loses 1 stand");
    expect(text).toContain("Combat dice on A's 3 disordered stands (5+ destroys): 6 6 1. A loses 2 stands");
    const A = unit(r.state, 'A');
    const D = unit(r.state, 'D');
    expect([A.stands.length, disordered(A)]).toEqual([3, 1]);
    expect([D.stands.length, disordered(D)]).toEqual([4, 1]);
    // Nobody moved, nobody is in contact: no thrown back, no jubilation.
    expectPose(A, 36, 20, Math.PI / 2);
    expectPose(D, 36, 26, -Math.PI / 2);
    expect(A.rs.jubilation + D.rs.jubilation).toBe(0);
    // Both fired: seen at any range until the end of the next turn (C §8.8).
    expect(A.rs.firedUntilTurn).toBe(r.state.rules.turnNumber + 1);
    expect(D.rs.firedUntilTurn).toBe(r.state.rules.turnNumber + 1);
  });
});

describe('cavalry charges infantry (Charts D and F)', () => {
  // Fronts 17" apart: within 18", and the 18" charge ends overlapping the target.
  const CAV = { troop: 'cuirassier' as const, y: 26 - 17 - STAND * MM };

  it('a Resolute charge home with more good stands breaks through: the infantry is fully disordered', () => {
    const r = attack(duel(CAV), 'A', 'D', [5, 5, 3, 3, 6, 6, 1, 1, 1, 1, 1, 1, 1]);
    const { a, d } = resolves(r.events);
    expect(a.chart).toEqual({ chart: 'Chart D: cavalry attacking or counter-attacking', row: '13+: Charge (up to 18")' });
    expect(a.modifiers).toEqual([
      { value: -1, reason: 'Unsupported' },
      { value: 1, reason: 'Fresh troops' },
      { value: 4, reason: 'Cuirassiers' },
      { value: -1, reason: 'Cavalry attacking unshaken infantry' },
    ]);
    expect(a.text).toContain('= 13: resolute');
    expect(d.chart).toEqual({ chart: 'Chart F: infantry attacked by cavalry', row: '6: Stand' });
    expect(d.modifiers).toEqual([
      { value: -1, reason: 'Unsupported' },
      { value: 1, reason: 'Fresh troops' },
    ]);
    const text = event(r.events, 'attack-result').text;
    expect(text).toContain('A charges home');
    expect(text).toContain("A (resolute) 6 6 1 1 → 2 of D's stands disordered; D (uncertain) 1 1 1 1 1 → 0 of A's disordered");
    expect(text).toContain("Combat dice on D's 2 disordered stands (charged: destroyed outright)");
    expect(text).toContain('A breaks through D');
    const A = unit(r.state, 'A');
    const D = unit(r.state, 'D');
    expect(D.stands.length).toBe(3);
    expect(disordered(D)).toBe(3);
    expect(A.stands.length).toBe(4);
    expect(disordered(A)).toBe(0);
    // The victor ends beyond the beaten unit, same facing, clear of its rear edge (A49).
    expect(A.facing).toBeCloseTo(Math.PI / 2, 6);
    expect(A.x).toBeCloseTo(inch(36), 3);
    expect(A.y - STAND / 2).toBeGreaterThanOrEqual(D.y + STAND / 2 - 0.5);
  });

  it('the breakthrough leaves the victor its free order (A §21.2)', () => {
    const r = attack(duel(CAV), 'A', 'D', [5, 5, 3, 3, 6, 6, 1, 1, 1, 1, 1, 1, 1]);
    expect(event(r.events, 'attack-result').text).toContain('A breaks through D');
    expect(r.state.rules.breakthroughOrder).toBe('A');
  });
});

describe('continuing combat (A §22)', () => {
  it('units already in contact both test on Chart G and destroy disordered stands on 4-6', () => {
    // Fronts touching.
    const s = duel({ y: 26 - STAND * MM });
    const r = attack(s, 'A', 'D', [6, 5, 4, 4, 4, 4, 1, 1, 1, 5, 1, 1, 1, 1, 4, 3, 4]);
    expect(event(r.events, 'attack').data).toEqual({ aspect: 'front', continued: true });
    expect(event(r.events, 'attack').text).toBe('A renews the combat with D');
    const { a, d } = resolves(r.events);
    expect(a.chart).toEqual({ chart: 'Chart G: continuing combat', row: '8+: Continue combat' });
    expect(d.chart).toEqual({ chart: 'Chart G: continuing combat', row: '8+: Continue combat' });
    expect(a.text).toContain('= 11: resolute');
    expect(d.text).toContain('= 8: uncertain');
    const text = event(r.events, 'attack-result').text;
    expect(text).toContain("Combat dice on D's 2 disordered stands (4+ destroys): 4 3. D loses 1 stand");
    expect(text).toContain("Combat dice on A's 1 disordered stand (4+ destroys): 4. A loses 1 stand");
    expect(text).toContain('D is thrown back');
    expect(unit(r.state, 'D').stands.length).toBe(4);
    expect(unit(r.state, 'A').stands.length).toBe(4);
    expectPose(unit(r.state, 'D'), 36, 28);
  });
});

describe('flank support (A §18.2)', () => {
  /** D with a friendly line `gap` inches beyond its left flank (as seen from the table). */
  function supported(gap: number) {
    const friend = makeUnit({ id: 'F', side: 'b', troop: 'infantry', x: 36 - (5 * STAND) * MM - gap, y: 26 });
    const r = attack(duel({ y: 20 }, {}, [friend]), 'A', 'D', [4, 4, 5, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    return resolves(r.events).d;
  }

  it('a friend 2" from the flank gives +1 and removes Unsupported', () => {
    const d = supported(2);
    expect(d.modifiers).toEqual([
      { value: 1, reason: '1 flank supported' },
      { value: 1, reason: 'Fresh troops' },
    ]);
    expect(d.text).toContain('= 12: resolute');
  });

  it('a friend 4" away gives nothing: the defender is Unsupported', () => {
    const d = supported(4);
    expect(d.modifiers).toEqual([
      { value: -1, reason: 'Unsupported' },
      { value: 1, reason: 'Fresh troops' },
    ]);
    expect(d.text).toContain('= 10: resolute');
  });
});

describe('cavalry meets cavalry head on (A §23.1)', () => {
  it('the defender counter-attacks on Chart D with −1, and the charges meet at the midpoint', () => {
    const s = buildState({
      units: [
        makeUnit({ id: 'A', side: 'a', troop: 'heavyCav', x: 36, y: 14 }),
        makeUnit({ id: 'D', side: 'b', troop: 'heavyCav', x: 36, y: 26 }),
        ...generals(),
      ],
      hands: { a: ['u:A:1'] },
    });
    const gap = (26 - 14) * 25.4 - 40;
    // Resolve A 6+6, D 6+6; confrontation A 4 dice, D 4 dice, all 1s.
    const r = attack(s, 'A', 'D', [6, 6, 6, 6, 1, 1, 1, 1, 1, 1, 1, 1]);
    const d = r.events.find((e) => e.type === 'resolve' && e.unit === 'D')!;
    expect(d.chart?.chart).toBe('Chart D: cavalry attacking or counter-attacking');
    expect(d.modifiers).toContainEqual({ value: -1, reason: 'Counter-attacking' });
    const text = event(r.events, 'attack-result').text;
    expect(text).toContain('A charges to the midpoint');
    expect(text).toContain('D charges home');
    // A rode half the gap before D moved to meet it.
    expect((unit(r.state, 'A').y - 14 * 25.4) / gap).toBeGreaterThan(0.45);
  });
});

describe('cavalry that veer off (A §19.6)', () => {
  it('ride up, turn about, wheel 45° by the die (1-3 left) and ride 9", shaken', () => {
    const s = buildState({
      units: [makeUnit({ id: 'A', side: 'a', troop: 'heavyCav', x: 36, y: 14 }), makeUnit({ id: 'D', side: 'b', troop: 'infantry', x: 36, y: 26 }), ...generals()],
      hands: { a: ['u:A:1'] },
    });
    // A 5+6 −1 unsupported +1 fresh +2 heavy −1 against unshaken infantry = 12: Veer Off; D 3+4 = 7: Stand & Fire.
    // Veer die 2 (left); confrontation: A 4 dice, D 5 dice.
    const r = attack(s, 'A', 'D', [5, 6, 3, 4, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    const a = r.events.find((e) => e.type === 'resolve' && e.unit === 'A')!;
    expect(a.chart?.row).toBe('12: Veer Off, shaken');
    expect(event(r.events, 'attack-result').text).toContain('A veers off to the left (2) and rides 9.0"');
    const u = unit(r.state, 'A');
    expect(u.rs.shakenMarker).toBe(true);
    // Turned about (facing down the table, −90°) and wheeled 45° to its own left (counter-clockwise): −45°.
    expect(u.facing).toBeCloseTo(-Math.PI / 4, 5);
  });
});

describe('an Attack on guns (B §2.9)', () => {
  it('guns that stand and fire give grapeshot, both sides test again, and only the second results count', () => {
    const s = buildState({
      units: [makeUnit({ id: 'A', side: 'a', troop: 'heavyCav', x: 36, y: 14 }), makeUnit({ id: 'G', side: 'b', troop: 'artillery', x: 36, y: 26, stands: 1 }), ...generals()],
      hands: { a: ['u:A:1'] },
    });
    // First test: A 6+6 (Charge), G 5+5 −1 unsupported = 9 (Stand and Fire). Grapeshot 4 5 6 1: 3 hits.
    // Second test: A 1+1 with 3 stands disordered (Break & Run), G 6+6.
    const r = attack(s, 'A', 'G', [6, 6, 5, 5, 4, 5, 6, 1, 1, 1, 6, 6]);
    const shot = r.events.find((e) => e.type === 'artillery-fire')!;
    expect(shot.text).toContain('fires grapeshot at the oncoming A: 4 5 6 1 → 3 hits');
    const again = r.events.filter((e) => e.type === 'resolve' && e.text.startsWith('Again after the grapeshot'));
    expect(again.map((e) => e.unit)).toEqual(['A', 'G']);
    expect(again[0]!.chart?.row).toBe('4 or less: Break & Run, all stands disordered');
    const a = unit(r.state, 'A');
    expect(a.rs.retrograde).toBe('running');
    expect(unit(r.state, 'G').rs.gun!.crew).toBe('manned');
  });
});
