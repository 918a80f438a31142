/**
 * Narrow gaps and defiles on the moves the rules make (A §11.7, B §4.10, gaps.ts moveThroughGaps):
 * an Attack's approach, a column's compulsory march and Form Line's 3" step thread a gap they may
 * pass (a line breaking ranks 1" short of it) and stop at the mouth of one they may not; a gun's
 * ordered move is refused like any ordered move.
 */

import { describe, expect, it } from 'vitest';
import { inch } from '../../../src/core/measure';
import type { Formation, HmState, HmUnit, TroopType } from '../../../src/rules/horse-and-musket/types';
import { act, buildState, event, expectPose, flatTable, makeGeneral, makeUnit, refuse, unit, UP, type UnitSpec, barns } from './fixture';



/** Half a stand: a Colour Stand's front edge is this far ahead of its centre, inches. */
const HALF = 20 / 25.4;

function table(units: HmUnit[], width: number, hand: string[] = []): HmState {
  const s = buildState({ units: [...units, makeGeneral('ga', 'a', 6, 2), makeGeneral('gb', 'b', 66, 46)], hands: { a: hand } });
  s.battlefield = { ...flatTable(), features: barns(width) };
  return s;
}

const mover = (troop: TroopType, formation: Formation, y: number, more: Partial<UnitSpec> = {}): HmUnit => makeUnit({ id: 'M', side: 'a', troop, x: 36, y, formation, ...more });

/** The Colour Stand's front edge stopped at the barns' face (y = 20"), at most a quarter inch short. */
function expectAtMouth(u: HmUnit): void {
  const front = u.y / 25.4 + HALF;
  expect(front).toBeLessThanOrEqual(20 + 1e-6);
  expect(front).toBeGreaterThan(19.7);
  expect(Math.abs(u.x - inch(36))).toBeLessThan(1);
}

/** Loose stands laid in a file behind the Colour Stand (fitLooseInGap): every one within 0.1" of its line of march. */
const inFile = (u: HmUnit): boolean[] => u.stands.map((st) => Math.abs(st.l) <= inch(0.1) + 1e-9);

// Elite attacker: Resolve 6+6 (16, Charge up to 9"), defender 4+3 (6, Stand); then five confrontation dice each.
const CHARGE_DICE = [6, 6, 4, 3, 4, 5, 1, 2, 6, 5, 1, 1, 1, 1];
const ATTACK = { type: 'order', side: 'a', unit: 'M', card: 'u:M:1', order: 'attack', target: 'D' };
const defender = (): HmUnit => makeUnit({ id: 'D', side: 'b', troop: 'infantry', x: 36, y: 26 });

describe('an Attack approaching through a gap', () => {
  it('a line charging at a 3" gap goes on in line to 1" short, breaks ranks and charges home through it loose', () => {
    const r = act(table([mover('infantry', 'line', 17, { status: 'elite' }), defender()], 3, ['u:M:1']), ATTACK, CHARGE_DICE);
    const text = event(r.events, 'attack-result').text;
    expect(text).toContain('M breaks ranks into loose formation before the gap between West barn and East barn (3.0" wide). M charges home');
    const m = unit(r.state, 'M');
    expect(m.formation).toBe('loose');
    // D is thrown back 2" (to 28") and the foot victor follows it through the gap into contact: fronts touch at 27.21".
    expectPose(unit(r.state, 'D'), 36, 28);
    expectPose(m, 36, 28 - 2 * HALF, UP);
  });

  it('a column charging at a gap narrower than one stand stops at its mouth, and says why', () => {
    const r = act(table([mover('infantry', 'column', 17, { status: 'elite' }), defender()], 1.4, ['u:M:1']), ATTACK, CHARGE_DICE);
    const text = event(r.events, 'attack-result').text;
    expect(text).toContain('M cannot pass the gap between West barn and East barn (1.4" wide): it is narrower than one stand (1.6"). M charges but cannot reach D');
    expectAtMouth(unit(r.state, 'M'));
    expect(unit(r.state, 'M').formation).toBe('column');
  });

  it('a line charging at a 1.9" gap stops at its mouth in line: no formed unit passes under 2"', () => {
    const r = act(table([mover('infantry', 'line', 17, { status: 'elite' }), defender()], 1.9, ['u:M:1']), ATTACK, CHARGE_DICE);
    expect(event(r.events, 'attack-result').text).toContain('M cannot pass the gap between West barn and East barn (1.9" wide): no formed unit passes a gap narrower than 2", even in loose formation');
    expectAtMouth(unit(r.state, 'M'));
    expect(unit(r.state, 'M').formation).toBe('line');
  });
});

describe("a column's compulsory march (A §9) at a gap", () => {
  const marching = (width: number): HmState => {
    const s = table([mover('infantry', 'column', 14, { rs: { columnCompulsory: true } })], width);
    s.rules.issuedOrders = true;
    // A card was played this turn: the turn may end (A §8.1).
    s.rules.cardsPlayedThisTurn = 1;
    return s;
  };

  it('marches its full 6" through a 1.9" gap: one stand is all a column needs', () => {
    const r = act(marching(1.9), { type: 'end-turn', side: 'a' });
    const m = unit(r.state, 'M');
    expectPose(m, 36, 20, UP);
    expect(m.rs.columnCompulsory).toBe(true);
    expect(event(r.events, 'compulsory', 'M').text).toBe('M marches on in column 6.0"');
  });

  it('stops at the mouth of a 1.4" gap, and its compulsory marching ends (A53)', () => {
    const r = act(marching(1.4), { type: 'end-turn', side: 'a' });
    const m = unit(r.state, 'M');
    expectAtMouth(m);
    expect(m.rs.columnCompulsory).toBe(false);
    expect(event(r.events, 'compulsory', 'M').text).toMatch(/^M marches on in column 5\.\d"\. and stops: M cannot pass the gap between West barn and East barn \(1\.4" wide\): it is narrower than one stand \(1\.6"\)$/);
  });
});

describe("Form Line's 3\" step (A §11.6) at a gap", () => {
  const formLine = { type: 'order', side: 'a', unit: 'M', card: 'u:M:1', order: 'form-line', to: 'front' };

  it('the new line steps into a 3" gap: it breaks ranks at once and ends 3" on inside it, in a file', () => {
    const r = act(table([mover('infantry', 'column', 18, { stands: 4 })], 3, ['u:M:1']), formLine);
    const m = unit(r.state, 'M');
    expectPose(m, 36, 21, UP);
    expect(m.formation).toBe('loose');
    expect(inFile(m)).toEqual([true, true, true, true]);
    const text = event(r.events, 'order', 'M').text;
    expect(text).toBe('M forms line to the front and moves 3.0". M breaks ranks into loose formation before the gap between West barn and East barn (3.0" wide). M threads the gap between West barn and East barn (3.0" wide) in a file');
  });

  it('stops at the mouth of a 1.9" gap, still in line', () => {
    const r = act(table([mover('infantry', 'column', 18, { stands: 4 })], 1.9, ['u:M:1']), formLine);
    const m = unit(r.state, 'M');
    expectAtMouth(m);
    expect(m.formation).toBe('line');
    expect(event(r.events, 'order', 'M').text).toMatch(/^M forms line to the front and moves 1\.\d" and stops: M cannot pass the gap between West barn and East barn \(1\.9" wide\): no formed unit passes a gap narrower than 2", even in loose formation$/);
  });
});

describe('gun moves through a gap (B §4.10: one stand)', () => {
  /** A single gun 1.5" short of the barns, its side's artillery card played. */
  const battery = (width: number): HmState => act(table([mover('artillery', 'line', 18.5, { stands: 1 })], width, ['artillery:a:1']), { type: 'play-card', side: 'a', card: 'artillery:a:1' }).state;
  const order = (kind: 'manhandle' | 'limber', y: number) => ({ type: 'order', side: 'a', unit: 'M', card: 'artillery:a:1', order: kind, to: { x: inch(36), y: inch(y) } });

  it('a gun is manhandled 3" through a 1.9" gap, or limbers and goes 6" through it', () => {
    expectPose(unit(act(battery(1.9), order('manhandle', 21.5)).state, 'M'), 36, 21.5, UP);
    expectPose(unit(act(battery(1.9), order('limber', 24.5)).state, 'M'), 36, 24.5, UP);
  });

  it('refuses to manhandle or limber a gun through a 1.4" gap, saying why, and leaves the game untouched', () => {
    const why = 'M cannot pass the gap between West barn and East barn (1.4" wide): it is narrower than one stand (1.6")';
    expect(refuse(battery(1.4), order('manhandle', 21.5))).toBe(why);
    expect(refuse(battery(1.4), order('limber', 24.5))).toBe(why);
  });
});
