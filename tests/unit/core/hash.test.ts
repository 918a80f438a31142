import { describe, expect, it } from 'vitest';
import { canonicalJson, hashValue } from '../../../src/core/hash';

describe('state hash', () => {
  it('does not depend on key order', () => {
    expect(hashValue({ a: 1, b: [1, 2, { c: 3, d: 4 }] })).toBe(hashValue({ b: [1, 2, { d: 4, c: 3 }], a: 1 }));
  });
  it('changes when any value changes', () => {
    expect(hashValue({ a: 1, b: 2 })).not.toBe(hashValue({ a: 1, b: 3 }));
    expect(hashValue([1, 2])).not.toBe(hashValue([2, 1]));
  });
  it('is 16 hex digits and stable across runs', () => {
    expect(hashValue({ turn: 3, units: ['a', 'b'] })).toMatch(/^[0-9a-f]{16}$/);
    expect(hashValue('tricorne')).toBe(hashValue('tricorne'));
    expect(canonicalJson({ b: 1, a: undefined, c: null })).toBe('{"b":1,"c":null}');
  });
});
