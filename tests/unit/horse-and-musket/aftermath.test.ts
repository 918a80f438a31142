/** Thrown back, breakthrough and its free order with scripted dice on the flat table (A §21). */

import { describe, expect, it } from 'vitest';
import type { HmState, HmUnit } from '../../../src/rules/horse-and-musket/types';
import { act, attack, buildState, disordered, event, expectPose, legal, makeGeneral, makeUnit, refuse, STAND, unit, UP, type Acted, type UnitSpec } from './fixture';

const MM = 1 / 25.4;
/** Half a 40 mm stand's depth, inches. */
const HALF = (STAND / 2) * MM;
const generals = (): HmUnit[] => [makeGeneral('ga', 'a', 10, 2), makeGeneral('gb', 'b', 60, 46)];

/** Attacker A (side a, facing up) and defender D (side b, facing down at y 26), with others. */
function duel(a: Partial<UnitSpec> & { y: number }, extra: HmUnit[] = []) {
  return buildState({
    units: [makeUnit({ id: 'A', side: 'a', troop: 'infantry', x: 36, ...a }), makeUnit({ id: 'D', side: 'b', troop: 'infantry', x: 36, y: 26 }), ...extra, ...generals()],
    hands: { a: extra.some((u) => u.id === 'B') ? ['u:A:1', 'u:B:1'] : ['u:A:1'] },
  });
}

// Elite infantry charges home from 9" back, D stands (6) and is Uncertain, loses 3 stands to the
// charge and is thrown back 2" from y 26 (its rear edge at 26 + HALF).
const FOOT = { y: 26 - 9, status: 'elite' as const };
const FOOT_DICE = [6, 6, 4, 3, 4, 5, 1, 2, 6, 5, 1, 1, 1, 1];

describe('thrown back (A §21.1)', () => {
  it('into a friend: they interpenetrate and every stand of both is disordered', () => {
    // F faces away from D (no rear support), its rear edge 1.9" behind D's rear edge.
    const F = makeUnit({ id: 'F', side: 'b', troop: 'infantry', x: 36, y: 26 + 2 * HALF + 1.9, facing: UP, stands: 3 });
    const r = attack(duel(FOOT, [F]), 'A', 'D', FOOT_DICE);
    const text = event(r.events, 'attack-result').text;
    expect(text).toContain('A charges home');
    expect(text).toContain('D is thrown back into F: they interpenetrate, every stand of both disordered');
    const D = unit(r.state, 'D');
    const f = unit(r.state, 'F');
    // The full 2", through the friend's front.
    expectPose(D, 36, 28);
    expect(D.removed).toBe(false);
    expect([D.stands.length, disordered(D)]).toEqual([2, 2]);
    expect([f.stands.length, disordered(f)]).toEqual([3, 3]);
    expectPose(f, 36, 26 + 2 * HALF + 1.9);
  });

  it('into an enemy: the whole beaten unit is destroyed', () => {
    const E = makeUnit({ id: 'E', side: 'a', troop: 'infantry', x: 36, y: 26 + 2 * HALF + 1.9, facing: UP, stands: 3 });
    const r = attack(duel(FOOT, [E]), 'A', 'D', FOOT_DICE);
    const text = event(r.events, 'attack-result').text;
    expect(text).toContain('D is thrown back into E');
    expect(text).toContain('D is destroyed (thrown back into E)');
    const D = unit(r.state, 'D');
    expect(D.removed).toBe(true);
    expect(D.rs.removedBy).toBe('destroyed');
    // It got as far as E, 1.9", and left its marker there; E is untouched.
    expect(D.y / 25.4).toBeCloseTo(27.9, 1);
    expect(r.state.rules.destroyedMarkers).toEqual([{ side: 'b', x: D.x, y: D.y }]);
    expect(disordered(unit(r.state, 'E'))).toBe(0);
    // Nobody is left to follow: A stays where the charge met D.
    expectPose(unit(r.state, 'A'), 36, 26 - 2 * HALF);
  });

  it('with enemy stands touching its rear: destroyed where it stands', () => {
    // E's rear edge against D's rear edge, facing away.
    const E = makeUnit({ id: 'E', side: 'a', troop: 'infantry', x: 36, y: 26 + 2 * HALF, facing: UP, stands: 3 });
    const r = attack(duel(FOOT, [E]), 'A', 'D', FOOT_DICE);
    const text = event(r.events, 'attack-result').text;
    expect(text).toContain('D is thrown back with E against its rear');
    expect(text).toContain('D is destroyed (caught between A and E)');
    const D = unit(r.state, 'D');
    expect(D.removed).toBe(true);
    expectPose(D, 36, 26);
  });
});

describe('breakthrough (A §21.2)', () => {
  // Cuirassiers 17" from D's front: the 18" charge reaches; the dice give a breakthrough.
  const CAV = { troop: 'cuirassier' as const, y: 26 - 17 - STAND * MM };
  const CAV_DICE = [5, 5, 3, 3, 6, 6, 1, 1, 1, 1, 1, 1, 1];

  it('enemies in the way are thrown back 2" at a time until the victor has room', () => {
    // G, a friend of D facing away from it, its rear edge 0.2" behind D's rear edge.
    const gRear = 26 + HALF + 0.2;
    const G = makeUnit({ id: 'G', side: 'b', troop: 'infantry', x: 36, y: gRear + HALF, facing: UP, stands: 3 });
    const r = attack(duel(CAV, [G]), 'A', 'D', CAV_DICE);
    const text = event(r.events, 'attack-result').text;
    expect(text).toContain('A breaks through D, every stand of D disordered');
    expect(text).toContain("G is in A's way. G is thrown back 2.0\". G is in A's way. G is thrown back 2.0\"");
    const A = unit(r.state, 'A');
    const g = unit(r.state, 'G');
    // A's front edge ends 2" + D's depth + its own depth beyond D's front (A49); G was pushed twice.
    const aFront = 26 - HALF + 2 + 4 * HALF;
    expectPose(A, 36, aFront - HALF);
    expectPose(g, 36, gRear + 4 + HALF);
    expect(disordered(g)).toBe(0);
    expect(g.removed).toBe(false);
  });

  it('the victor halts 2" short of a friend in its way', () => {
    // F, a friend of A, 3" beyond D's rear edge, facing away.
    const F = makeUnit({ id: 'F', side: 'a', troop: 'infantry', x: 36, y: 26 + HALF + 3 + HALF, facing: UP, stands: 3 });
    const r = attack(duel(CAV, [F]), 'A', 'D', CAV_DICE);
    expect(event(r.events, 'attack-result').text).toContain('A halts 2" short of F');
    // A's front edge 2" short of F's rear edge.
    expectPose(unit(r.state, 'A'), 36, 26 + HALF + 1 - HALF);
    expectPose(unit(r.state, 'F'), 36, 26 + HALF + 3 + HALF);
  });

  it('gives the victor an immediate free order: no card is spent, and nothing else may be done first', () => {
    const s = duel(CAV, [makeUnit({ id: 'B', side: 'a', troop: 'infantry', x: 10, y: 10 })]);
    const r = attack(s, 'A', 'D', CAV_DICE);
    expect(r.state.rules.breakthroughOrder).toBe('A');
    const offered = legal(r.state);
    // A's orders in its panel; letting the order go among the turn's actions.
    expect(offered.every((l) => l.unit === 'A' || l.action.type === 'skip-breakthrough-order')).toBe(true);
    expect(offered.map((l) => l.label)).toContain('Wheel (free order after the breakthrough)');
    expect(offered.map((l) => l.label)).toContain('Retire (free order after the breakthrough)');
    expect(offered.find((l) => l.action.type === 'skip-breakthrough-order')!.label).toBe('No free order for A after its breakthrough');
    expect(offered.filter((l) => l.action.type === 'order').every((l) => l.action.free === true && l.action.card === undefined)).toBe(true);
    // Another unit's order waits.
    expect(refuse(r.state, { type: 'order', side: 'a', unit: 'B', card: 'u:B:1', order: 'wheel', angle: 0.2 })).toBe('A has broken through: give it its free order, or let it go, first');
    const hand = [...r.state.rules.sides.a!.hand];
    const w = act(r.state, { type: 'order', side: 'a', unit: 'A', order: 'wheel', angle: 0.3, free: true });
    expect(event(w.events, 'order').text).toBe('A takes its free order after the breakthrough (no card): Wheel');
    expect(w.state.rules.sides.a!.hand).toEqual(hand);
    expect(w.state.rules.breakthroughOrder).toBe(null);
    expect(w.state.rules.cardsPlayedThisTurn).toBe(r.state.rules.cardsPlayedThisTurn);
    expect(unit(w.state, 'A').facing).toBeCloseTo(Math.PI / 2 + 0.3, 3);
    // Now the side's other units may be ordered again.
    expect(legal(w.state).some((l) => l.unit === 'B')).toBe(true);
  });

  it('may be let go', () => {
    const r = attack(duel(CAV), 'A', 'D', CAV_DICE);
    const k = act(r.state, { type: 'skip-breakthrough-order', side: 'a', unit: 'A' });
    expect(event(k.events, 'order').text).toBe('A takes no free order after its breakthrough');
    expect(k.state.rules.breakthroughOrder).toBe(null);
  });
});

describe('renewed combat on a flanked unit (A §23.5)', () => {
  it('the flanked unit turns to face, the attacker closes frontages, and both fight on Chart G from the front', () => {
    // A, two stands facing east, touches D's flank with its front edge (a longer line would reach round its rear).
    const s = buildState({
      units: [
        makeUnit({ id: 'A', side: 'a', troop: 'infantry', x: 36 - 2.5 * STAND * MM - HALF, y: 26, facing: 0, stands: 2 }),
        makeUnit({ id: 'D', side: 'b', troop: 'infantry', x: 36, y: 26 }),
        ...generals(),
      ],
      hands: { a: ['u:A:1'] },
    });
    const r = attack(s, 'A', 'D', [6, 5, 4, 4, 4, 4, 1, 1, 1, 5, 1, 4, 3, 4]);
    expect(event(r.events, 'attack').text).toBe('A renews the combat with D');
    expect(event(r.events, 'attack').data).toEqual({ aspect: 'front', continued: true });
    const tests = r.events.filter((e) => e.type === 'resolve');
    expect(tests.map((e) => e.chart?.chart)).toEqual(['Chart G: continuing combat', 'Chart G: continuing combat']);
    const text = event(r.events, 'attack-result').text;
    expect(text).toMatch(/^D turns to face A on its flank\. A closes frontages with it/);
    // D turned in place to face west and A's Colour Stand met D's front to front; then, beaten, D
    // was thrown back 2" east, straight away from A, and A followed it.
    expect(text).toContain('D is thrown back 2.0". A follows up');
    const D = unit(r.state, 'D');
    const A = unit(r.state, 'A');
    expectPose(D, 38, 26, Math.PI);
    expectPose(A, 38 - 2 * HALF, 26, 0);
    // Facing its attacker, D inflicts combat dice too (A11).
    expect(text).toContain("Combat dice on A's 1 disordered stand (4+ destroys): 4. A loses 1 stand");
  });
});

describe('Retire (A §10, §19.6)', () => {
  // Heavy cavalry A, 12" from D's front; 2+2 with +1 net is 5 on Chart D: Retire. Its rear edge is at 11.638".
  const AY = 26 - 12 - STAND * MM;
  const REAR = AY - HALF;
  // Resolve A 2+2, D 3+3 (Stand); confrontation dice, none of which disorders.
  const RETIRE_DICE = [2, 2, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1];
  const retireDuel = (extra: HmUnit[] = []) =>
    buildState({
      units: [makeUnit({ id: 'A', side: 'a', troop: 'heavyCav', x: 36, y: AY }), makeUnit({ id: 'D', side: 'b', troop: 'infantry', x: 36, y: 26 }), ...extra, ...generals()],
      hands: { a: ['u:A:1'] },
    });
  /** The Attack up to the Retire result, then A's side leaves the wheel and facing to the program (A §19.6). */
  const retireResult = (s: HmState): Acted => {
    const attacked = attack(s, 'A', 'D', RETIRE_DICE.slice(0, 4));
    const done = act(attacked.state, { type: 'retire-choice', side: 'a', unit: 'A', choice: 'program' }, RETIRE_DICE.slice(4));
    return { state: done.state, events: [...attacked.events, ...done.events] };
  };
  /** A friend of A facing away from it (no rear support), `stands` wide, its front edge 5" behind A's rear edge. */
  const behind = (stands: number): HmUnit => makeUnit({ id: 'F', side: 'a', troop: 'infantry', x: 36, y: REAR - 5 - HALF, facing: -Math.PI / 2, stands });

  it('the result: 9" straight away from the opponent when the way is clear, then facing it; shaken', () => {
    const r = retireResult(retireDuel());
    expect(event(r.events, 'resolve', 'A').chart).toEqual({ chart: 'Chart D: cavalry attacking or counter-attacking', row: '5: Retire' });
    expect(event(r.events, 'retire-move', 'A').text).toContain('A retires 9.0", then turns to face D');
    const A = unit(r.state, 'A');
    expectPose(A, 36, AY - 9, Math.PI / 2);
    expect(A.rs.shakenMarker).toBe(true);
  });

  it('the result wheels (up to 45°) round a friend straight behind it', () => {
    // One stand behind the Colour Stand: 15° and 30° either way still meet it; 45° left clears it.
    const r = retireResult(retireDuel([behind(1)]));
    expect(event(r.events, 'retire-move', 'A').text).toContain('A wheels 45° left (straight back is blocked) and retires 9.0", then turns to face D');
    const A = unit(r.state, 'A');
    const x = 36 + 9 * Math.SQRT1_2;
    const y = AY - 9 * Math.SQRT1_2;
    expectPose(A, x, y, Math.atan2(26 - y, 36 - x));
    expect(disordered(unit(r.state, 'F'))).toBe(0);
  });

  it('the result stops at the half-way point when every way is blocked', () => {
    // Nine stands behind: no wheel up to 45° gets past them within 9".
    const r = retireResult(retireDuel([behind(9)]));
    expect(event(r.events, 'retire-move', 'A').text).toContain('A retires 4.5", stopping at the half-way point (F in the way), then turns to face D');
    expectPose(unit(r.state, 'A'), 36, AY - 4.5, Math.PI / 2);
    expect(disordered(unit(r.state, 'F'))).toBe(0);
  });

  it('the order: the player wheels, retires 9" and chooses the final facing', () => {
    const s = retireDuel();
    const offered = legal(s).find((l) => l.unit === 'A' && l.action.order === 'retire')!;
    expect(offered.params.map((p) => p.name)).toEqual(['angle', 'face']);
    const r = act(s, { type: 'order', side: 'a', unit: 'A', card: 'u:A:1', order: 'retire', angle: 0, face: Math.PI / 2 });
    expect(event(r.events, 'order').text).toBe('A retires 9.0"');
    const A = unit(r.state, 'A');
    expectPose(A, 36, AY - 9, Math.PI);
    expect(A.rs.shakenMarker).toBe(true);
  });

  it('the order stops at the half-way point when blocked, facing as the player chose', () => {
    const s = retireDuel([behind(9)]);
    const r = act(s, { type: 'order', side: 'a', unit: 'A', card: 'u:A:1', order: 'retire', angle: 0, face: 0 });
    expect(event(r.events, 'order').text).toBe('A retires 4.5", stopping at the half-way point (F in the way)');
    expectPose(unit(r.state, 'A'), 36, AY - 4.5, Math.PI / 2);
  });
});

/** Resolve A 4+4, H 3+3, then nine confrontation dice that disorder nobody. */
const FREE_ATTACK_DICE = [4, 4, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1];

describe('an Attack as the breakthrough\'s free order (A §21.2)', () => {
  it('tests Resolve at +3 and costs no card', () => {
    // H, a second enemy 8.8" beyond where A ends its breakthrough.
    const H = makeUnit({ id: 'H', side: 'b', troop: 'infantry', x: 36, y: 40 });
    const s = buildState({
      units: [makeUnit({ id: 'A', side: 'a', troop: 'cuirassier', x: 36, y: 26 - 17 - STAND * MM }), makeUnit({ id: 'D', side: 'b', troop: 'infantry', x: 36, y: 26 }), H, ...generals()],
      hands: { a: ['u:A:1'] },
    });
    const r = attack(s, 'A', 'D', [5, 5, 3, 3, 6, 6, 1, 1, 1, 1, 1, 1, 1]);
    expect(r.state.rules.breakthroughOrder).toBe('A');
    const offered = legal(r.state).find((l) => l.action.order === 'attack')!;
    expect(offered.label).toBe('Attack (free order after the breakthrough)');
    expect(offered.params[0]).toMatchObject({ name: 'target', choices: ['H'] });
    const hand = [...r.state.rules.sides.a!.hand];
    const f = act(r.state, { ...offered.action, target: 'H' }, FREE_ATTACK_DICE);
    const tested = f.events.find((e) => e.type === 'resolve' && e.unit === 'A')!;
    expect(tested.modifiers).toContainEqual({ value: 3, reason: 'Testing after a breakthrough' });
    expect(tested.text).toContain('4+4');
    expect(event(f.events, 'attack').text).toBe('A attacks H');
    expect(f.state.rules.sides.a!.hand).toEqual(hand);
    expect(f.state.rules.breakthroughOrder).toBe(null);
  });
});
