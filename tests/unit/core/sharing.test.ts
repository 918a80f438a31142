import { describe, expect, it } from 'vitest';
import { apply, samePlain, stateHash } from '../../../src/core/engine';
import { ObjectMemo } from '../../../src/core/memo';
import { onePageBattle } from '../../../bench/battles';

describe('states share the units an action left alone', () => {
  it('a move gives a fresh object for the unit moved and the previous objects for every other unit; the old state is untouched', () => {
    const s = onePageBattle('sharing-1');
    const side = s.state.active!;
    const mover = s.state.units.find((u) => u.side === side && u.kind === 'infantry')!;
    const before = structuredClone(s.state);
    const hash = stateHash(s.state);
    const to = { x: mover.x + Math.cos(mover.facing) * 40, y: mover.y + Math.sin(mover.facing) * 40 };
    const r = apply(s.ruleset, s.state, { type: 'move', side, unit: mover.id, mode: 'advance', to });
    expect(r.ok, JSON.stringify(r)).toBe(true);
    if (!r.ok) return;
    const moved = r.state.units.find((u) => u.id === mover.id)!;
    expect(moved).not.toBe(mover);
    expect(Math.hypot(moved.x - mover.x, moved.y - mover.y)).toBeGreaterThan(10);
    const others = r.state.units.filter((u) => u.id !== mover.id);
    const previous = s.state.units.filter((u) => u.id !== mover.id);
    expect(others.length).toBe(previous.length);
    expect(others.every((u, i) => u === previous[i])).toBe(true);
    // The shared objects are exactly what a copy would have held, and the state given is as it was.
    expect(stateHash(s.state)).toBe(hash);
    expect(s.state).toEqual(before);
  });

  it('samePlain tells apart key order, -0 from 0, NaN from a number, and a typed array from a plain one', () => {
    expect(samePlain({ a: 1, b: [1, { c: 2 }] }, { a: 1, b: [1, { c: 2 }] })).toBe(true);
    expect(samePlain({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(samePlain({ x: -0 }, { x: 0 })).toBe(false);
    expect(samePlain({ x: NaN }, { x: NaN })).toBe(true);
    expect(samePlain({ x: NaN }, { x: 1 })).toBe(false);
    expect(samePlain([1, 2], new Float64Array([1, 2]))).toBe(false);
    expect(samePlain({ a: undefined }, {})).toBe(false);
  });
});

describe('ObjectMemo', () => {
  it('gives a result back only for the same owner, key and dependency objects', () => {
    const memo = new ObjectMemo<string>(3);
    const owner = {};
    const a = {};
    const b = {};
    memo.set(owner, ['k'], [a, 1], 'first');
    expect(memo.get(owner, ['k'], [a, 1])).toBe('first');
    expect(memo.get(owner, ['k'], [{}, 1])).toBeUndefined();
    expect(memo.get(owner, ['k'], [a, 2])).toBeUndefined();
    expect(memo.get(owner, ['k'], [a])).toBeUndefined();
    expect(memo.get(owner, ['other'], [a, 1])).toBeUndefined();
    expect(memo.get({}, ['k'], [a, 1])).toBeUndefined();
    memo.set(owner, ['k'], [b], 'second');
    expect(memo.get(owner, ['k'], [b])).toBe('second');
    expect(memo.get(owner, ['k'], [a, 1])).toBeUndefined();
  });

  it("forgets an owner's results all at once past its limit", () => {
    const memo = new ObjectMemo<number>(2);
    const owner = {};
    memo.set(owner, ['a'], [], 1);
    memo.set(owner, ['b'], [], 2);
    memo.set(owner, ['c'], [], 3);
    expect([memo.get(owner, ['a'], []), memo.get(owner, ['b'], []), memo.get(owner, ['c'], [])]).toEqual([undefined, undefined, 3]);
  });

  it('tells keys apart element by element, -0 from 0', () => {
    const memo = new ObjectMemo<string>();
    const owner = {};
    memo.set(owner, [0, 1], [], 'zero');
    memo.set(owner, [-0, 1], [], 'minus zero');
    memo.set(owner, [0, 1, 'x'], [], 'longer');
    expect([memo.get(owner, [0, 1], []), memo.get(owner, [-0, 1], []), memo.get(owner, [0, 1, 'x'], []), memo.get(owner, [0, 2], [])]).toEqual(['zero', 'minus zero', 'longer', undefined]);
    memo.set(owner, [0, 1], [], 'again');
    expect(memo.get(owner, [0, 1], [])).toBe('again');
  });
});
