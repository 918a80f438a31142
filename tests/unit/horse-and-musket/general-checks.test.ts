/**
 * The legal orders ask each General once per list whether he may play his cards, not once per unit
 * (orders.ts `cardsFor` with a memo): redone for every unit, the threat-zone test behind it took half
 * of a random game's CPU, and a second for one list of legal actions. The answers stay the same.
 */

import { describe, expect, it } from 'vitest';
import { battlefieldFromSpec } from '../../../src/terrain/battlefield';
import { cardsFor, orderActions } from '../../../src/rules/horse-and-musket/orders';
import type { HmUnit } from '../../../src/rules/horse-and-musket/types';
import { buildState, makeGeneral, makeUnit, unit } from './fixture';

describe('the General checks behind the legal orders', () => {
  it('ask about each General once for all the units, with the same answers as asking alone', () => {
    const units = Array.from({ length: 8 }, (_, k) => makeUnit({ id: `U${k}`, side: 'a', troop: 'infantry', x: 10 + k * 7, y: 12, rs: { command: 'ga' } }));
    const s = buildState({ units: [...units, makeGeneral('ga', 'a', 36, 8, { role: 'general' }), makeGeneral('ca', 'a', 36, 4), makeGeneral('gb', 'b', 60, 46)], hands: { a: ['g:ga:1', 'g:ca:1'] } });
    const bf = battlefieldFromSpec(s.battlefield);
    const memo = new Map<HmUnit, string | null>();
    const shared = units.map((u) => cardsFor(s, bf, unit(s, u.id), memo));
    // Two Generals with cards in hand: two answers kept, whatever the number of units asked about.
    expect(memo.size).toBe(2);
    expect(shared).toEqual(units.map((u) => cardsFor(s, bf, unit(s, u.id))));
    expect(shared.filter((c) => c.includes('g:ga:1')).length).toBeGreaterThan(0);
    const ordered = new Set(orderActions(s, bf, 'a').map((a) => a.unit));
    for (const [k, u] of units.entries()) expect(ordered.has(u.id), u.id).toBe(shared[k]!.length > 0);
  });
});
