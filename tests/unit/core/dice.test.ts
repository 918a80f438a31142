import { describe, expect, it } from 'vitest';
import { DiceError, DiceRequest, DiceRoller, manualDice, scriptedDice, seededDice } from '../../../src/core/dice';
import { hashValue } from '../../../src/core/hash';

describe('dice sources', () => {
  it('a seeded source gives the same throws from the same seed and state', () => {
    const a = new DiceRoller(seededDice('battle-1'));
    const b = new DiceRoller(seededDice('battle-1'));
    const ra = a.roll(50, 6, 'test');
    expect(b.roll(50, 6, 'test')).toEqual(ra);
    expect(ra.every((v) => v >= 1 && v <= 6)).toBe(true);
    expect(new Set(ra).size).toBe(6);
    const c = new DiceRoller(seededDice('battle-2'));
    expect(c.roll(50, 6, 'test')).not.toEqual(ra);
  });

  it('a seeded source is fair over many throws', () => {
    const d = new DiceRoller(seededDice(42));
    const counts = [0, 0, 0, 0, 0, 0];
    for (const v of d.roll(60000, 6, 'fairness')) counts[v - 1]!++;
    for (const c of counts) expect(Math.abs(c - 10000)).toBeLessThan(400);
  });

  it('the seeded state is part of the game state and advances with each throw', () => {
    const state = seededDice('x');
    const before = hashValue(state);
    new DiceRoller(state).roll(3, 6, 'test');
    expect(hashValue(state)).not.toBe(before);
  });

  it('a scripted source gives its list in order and says when it runs out', () => {
    const d = new DiceRoller(scriptedDice([3, 6, 1]));
    expect(d.roll(2, 6, 'a')).toEqual([3, 6]);
    expect(d.one(6, 'b')).toBe(1);
    expect(() => d.one(6, 'c')).toThrow(DiceError);
    expect(d.rolls.map((r) => r.purpose)).toEqual(['a', 'b']);
    expect(d.consumed).toEqual([3, 6, 1]);
  });

  it('a scripted value that no die can show is refused', () => {
    const d = new DiceRoller(scriptedDice([7]));
    expect(() => d.one(6, 'bad')).toThrow(/not a D6 result/);
  });

  it('manual dice ask for the throw, saying how many and what for', () => {
    const d = new DiceRoller(manualDice(), []);
    try {
      d.roll(12, 6, 'shooting: 12 dice');
      expect.unreachable('a manual source must ask');
    } catch (e) {
      expect(e).toBeInstanceOf(DiceRequest);
      const r = e as DiceRequest;
      expect([r.count, r.sides, r.purpose, r.alreadyEntered]).toEqual([12, 6, 'shooting: 12 dice', 0]);
    }
  });

  it('manual dice use the entered values and ask again for the next throw', () => {
    const d = new DiceRoller(manualDice(), [4, 2]);
    expect(d.one(6, 'move')).toBe(4);
    expect(d.one(6, 'morale')).toBe(2);
    expect(() => d.roll(3, 6, 'more')).toThrow(DiceRequest);
    expect(d.enteredUsed).toBe(2);
  });

  it('an entered value that a die cannot show is an error, not a result', () => {
    const d = new DiceRoller(manualDice(), [0]);
    expect(() => d.one(6, 'move')).toThrow(/cannot show 0/);
  });
});
