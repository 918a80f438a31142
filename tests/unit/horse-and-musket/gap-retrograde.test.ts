/**
 * Narrow gaps on the moves forced on a unit (A §11.7, §19.4, §19.6, §21.1; gaps.ts `gapToPass`): a
 * withdrawal or retreat, a thrown-back unit and veering cavalry thread a gap they may pass loose, and
 * meet what the book says where they cannot: a withdrawal stops, a thrown-back unit is wholly
 * disordered against the ground.
 */

import { describe, expect, it } from 'vitest';
import { inch } from '../../../src/core/measure';
import type { Vec2 } from '../../../src/core/geometry';
import type { HmState, HmUnit } from '../../../src/rules/horse-and-musket/types';
import { act, attack, barns, box, buildState, disordered, event, expectPose, flatTable, makeGeneral, makeUnit, STAND, stoneBuilding, unit, UP, DOWN, type UnitSpec } from './fixture';
import type { TerrainFeature } from '../../../src/terrain/features';

/** Half a 40 mm stand's depth, inches. */
const HALF = STAND / 2 / 25.4;
const generals = (): HmUnit[] => [makeGeneral('ga', 'a', 6, 2), makeGeneral('gb', 'b', 66, 46)];

function table(units: HmUnit[], features: TerrainFeature[], hand: string[] = [], issued = false): HmState {
  const s = buildState({ units: [...units, ...generals()], hands: { a: hand }, issued });
  s.battlefield = { ...flatTable(), features };
  return s;
}

/** Loose stands laid in a file behind the Colour Stand: every one within 0.1" of its line of march. */
const inFile = (u: HmUnit): boolean => u.stands.every((st) => Math.abs(st.l) <= inch(0.1) + 1e-9);

/** W, a 5-stand line facing up the table at (36, y), withdrawing (or retreating) straight down it toward the barns (y 20"-22"). */
const withdrawing = (y: number, more: Partial<UnitSpec['rs']> = {}): HmUnit =>
  makeUnit({ id: 'W', side: 'a', troop: 'infantry', x: 36, y, facing: UP, rs: { retrograde: 'withdrawing', retrogradeHeading: DOWN, ...more } });

/** The turn ends with orders issued: the withdrawal's compulsory 3" is made (A §9). */
const endTurn = (s: HmState) => {
  s.rules.issuedOrders = true;
  return act(s, { type: 'end-turn', side: 'a' });
};

describe('a withdrawal at a narrow gap (A §19.4, §11.7)', () => {
  it('goes on in line to 1" short of a 3" gap, breaks ranks and withdraws its full 3" into it, still withdrawing', () => {
    // Rear edge at 25 - HALF = 24.21": the barns' face (22") is 2.21" off, so it backs 1.21" in line first.
    const r = endTurn(table([withdrawing(25)], barns(3)));
    const w = unit(r.state, 'W');
    expectPose(w, 36, 22, UP);
    expect(w.formation).toBe('loose');
    expect(inFile(w)).toBe(true);
    expect(w.rs.retrograde).toBe('withdrawing');
    expect(event(r.events, 'compulsory', 'W').text).toBe(
      'W withdraws 3.0". W breaks ranks into loose formation before the gap between East barn and West barn (3.0" wide). W threads the gap between East barn and West barn (3.0" wide) in a file',
    );
  });

  it('a retreat stops at a 1.9" gap, too narrow even loose: it stands in line against the barns and retreats no more', () => {
    const r = endTurn(table([withdrawing(25, { retrograde: 'retreating' })], barns(1.9)));
    const w = unit(r.state, 'W');
    // Quarter-inch steps: at 2" back its rear edge is at 22.21", the next step would cross 22".
    expectPose(w, 36, 23, UP);
    expect(w.formation).toBe('line');
    expect(w.rs.retrograde).toBe('none');
    expect(event(r.events, 'compulsory', 'W').text).toBe('W retreats 2.0". and stops: impassable terrain ahead');
  });

  it('the Withdraw order threads the gap the same way', () => {
    const s = table([makeUnit({ id: 'W', side: 'a', troop: 'infantry', x: 36, y: 25, facing: UP })], barns(3), ['u:W:1']);
    const r = act(s, { type: 'order', side: 'a', unit: 'W', card: 'u:W:1', order: 'withdraw', angle: 0 });
    const w = unit(r.state, 'W');
    expectPose(w, 36, 22, UP);
    expect(w.formation).toBe('loose');
    expect(w.rs.retrograde).toBe('withdrawing');
    expect(event(r.events, 'order', 'W').text).toContain('W withdraws 3.0". W breaks ranks into loose formation before the gap between East barn and West barn (3.0" wide)');
  });

  it('through the gap into an enemy beyond: back to 2" short of it, every stand disordered, and the withdrawal ends', () => {
    // E's front edge at 20.8": W's Colour Stand would touch it at 20.8 + HALF, 2.22" down from 23.
    const E = makeUnit({ id: 'E', side: 'b', troop: 'infantry', x: 36, y: 20.8 - HALF, facing: UP, stands: 1 });
    const r = endTurn(table([withdrawing(23), E], barns(3)));
    const w = unit(r.state, 'W');
    expect(w.rs.retrograde).toBe('none');
    expect(disordered(w)).toBe(5);
    // It walked in quarter inches to 2" (its rear edge 21.21", the next step would touch E at 20.8"), then back 2": where it began.
    expectPose(w, 36, 23, UP);
    expect(event(r.events, 'compulsory', 'W').text).toContain('and halts 2" short of the enemy, every stand disordered');
  });
});

describe('thrown back at a narrow gap (A §21.1, §11.7)', () => {
  // Elite infantry charges home from 9" back; D stands, loses 3 stands and is thrown back 2" from y 26 (aftermath.test.ts).
  const FOOT_DICE = [6, 6, 4, 3, 4, 5, 1, 2, 6, 5, 1, 1, 1, 1];
  /** Barns 2" deep behind D, their face 0.6" beyond its rear edge, leaving a gap `width` wide at x 36. */
  const barnsBehind = (width: number): TerrainFeature[] => {
    const y0 = 26 + HALF + 0.6;
    return [stoneBuilding('w', 'West barn', box(28, y0, 36 - width / 2, y0 + 2)), stoneBuilding('e', 'East barn', box(36 + width / 2, y0, 44, y0 + 2))];
  };
  const duel = (features: TerrainFeature[]): HmState =>
    table([makeUnit({ id: 'A', side: 'a', troop: 'infantry', x: 36, y: 17, status: 'elite' }), makeUnit({ id: 'D', side: 'b', troop: 'infantry', x: 36, y: 26 })], features, ['u:A:1']);

  it('its two stands are wider than a 3" gap: it breaks ranks and is thrown the full 2" into it, in a file', () => {
    const r = attack(duel(barnsBehind(3)), 'A', 'D', FOOT_DICE);
    const text = event(r.events, 'attack-result').text;
    expect(text).toContain('D is thrown back 2.0". D breaks ranks into loose formation before the gap between West barn and East barn (3.0" wide). D threads the gap between West barn and East barn (3.0" wide) in a file');
    const d = unit(r.state, 'D');
    expectPose(d, 36, 28, DOWN);
    expect(d.formation).toBe('loose');
    expect(inFile(d)).toBe(true);
    expect(disordered(d)).toBe(0);
  });

  it('a 1.9" gap is too narrow even loose: it is stopped by the barns with every stand disordered', () => {
    const r = attack(duel(barnsBehind(1.9)), 'A', 'D', FOOT_DICE);
    expect(event(r.events, 'attack-result').text).toContain('D is thrown back 0.5" against impassable ground: every stand disordered');
    const d = unit(r.state, 'D');
    expectPose(d, 36, 26.5, DOWN);
    expect(d.formation).toBe('line');
  });
});

/** A building `along` long and `across` deep, its centre at c, its length along the heading `angle`. */
function turnedBuilding(id: string, name: string, c: Vec2, angle: number, along: number, across: number): TerrainFeature {
  const u = { x: Math.cos(angle), y: Math.sin(angle) };
  const v = { x: -u.y, y: u.x };
  const at = (a: number, b: number): Vec2 => ({ x: inch(c.x + u.x * a + v.x * b), y: inch(c.y + u.y * a + v.y * b) });
  return stoneBuilding(id, name, [at(-along / 2, -across / 2), at(along / 2, -across / 2), at(along / 2, across / 2), at(-along / 2, across / 2)]);
}

describe('veering off through a narrow gap (A §19.6, §11.7)', () => {
  // As attack.test.ts: A (heavy cavalry, here 2 stands, 3.15" wide) veers off, the die 2 turning it about and 45° left: it rides 9" along -45°.
  const VEER_DICE = [5, 6, 3, 4, 2, 1, 1, 1, 1, 1, 1, 1];
  const RIDE = -Math.PI / 4;
  /** Two 1" buildings square across the ride, their near faces `dist`" along it from `from`, leaving a gap `width` wide on its line. */
  const gapOnRide = (from: Vec2, dist: number, width: number): TerrainFeature[] => {
    const u = { x: Math.cos(RIDE), y: Math.sin(RIDE) };
    const v = { x: -u.y, y: u.x };
    const mid = { x: from.x + u.x * (dist + 0.5), y: from.y + u.y * (dist + 0.5) };
    const side = (k: 1 | -1): Vec2 => ({ x: mid.x + v.x * k * (width / 2 + 0.5), y: mid.y + v.y * k * (width / 2 + 0.5) });
    return [turnedBuilding('w', 'West barn', side(1), RIDE, 1, 1), turnedBuilding('e', 'East barn', side(-1), RIDE, 1, 1)];
  };
  const veer = (features: TerrainFeature[]) =>
    attack(table([makeUnit({ id: 'A', side: 'a', troop: 'heavyCav', x: 36, y: 14, stands: 2 }), makeUnit({ id: 'D', side: 'b', troop: 'infantry', x: 36, y: 26 })], features, ['u:A:1']), 'A', 'D', VEER_DICE);

  it('threads a 2.5" gap across its ride loose and rides its full 9"; at a 1.9" one it stops short of the buildings', () => {
    const open = unit(veer([]).state, 'A');
    const start = { x: open.x / 25.4 - 9 * Math.cos(RIDE), y: open.y / 25.4 - 9 * Math.sin(RIDE) };
    const wide = veer(gapOnRide(start, 6, 2.5));
    expect(event(wide.events, 'attack-result').text).toContain('A veers off to the left (2) and rides 9.0"');
    const a = unit(wide.state, 'A');
    expectPose(a, open.x / 25.4, open.y / 25.4, RIDE);
    expect(a.formation).toBe('loose');
    const narrow = veer(gapOnRide(start, 6, 1.9));
    const stopped = unit(narrow.state, 'A');
    const ridden = Math.hypot(stopped.x / 25.4 - start.x, stopped.y / 25.4 - start.y);
    // It rides still facing up the table (it turns at the end), its second stand's far corner leading the way
    // by 2.23" along the ride and 1.11" to its left: that corner meets the west building's face, 6" on, after
    // 3.77"; the walk's last clear quarter inch is 3.75".
    expect(ridden).toBeCloseTo(3.75, 2);
    expect(stopped.formation).toBe('line');
    expect(event(narrow.events, 'attack-result').text).toContain('A veers off to the left (2) and rides 3.8"');
  });
});
