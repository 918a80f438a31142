/**
 * The legal orders test each General's bar on his cards once per list, not once per unit
 * (orders.ts GeneralChecks): redone for every unit, the threat-zone test behind it took half of a
 * random game's time, and a second of CPU for one list of legal actions. The answers stay the same.
 */

import { describe, expect, it } from 'vitest';
import { battlefieldFromSpec } from '../../../src/terrain/battlefield';
import { GeneralChecks, cardsFor, orderActions } from '../../../src/rules/horse-and-musket/orders';
import { buildState, makeGeneral, makeUnit, unit } from './fixture';

describe('the General checks behind the legal orders', () => {
  it("work out each General once for the whole side's orders, whatever the number of units", () => {
    const units = Array.from({ length: 8 }, (_, k) => makeUnit({ id: `U${k}`, side: 'a', troop: 'infantry', x: 10 + k * 7, y: 12, rs: { command: 'ga' } }));
    const s = buildState({ units: [...units, makeGeneral('ga', 'a', 36, 8, { role: 'general' }), makeGeneral('ca', 'a', 36, 4), makeGeneral('gb', 'b', 60, 46)], hands: { a: ['g:ga:1', 'g:ca:1'] } });
    const bf = battlefieldFromSpec(s.battlefield);
    const checks = new GeneralChecks(s, bf);
    const actions = orderActions(s, bf, 'a', checks);
    // Two Generals with cards in hand: two tests, not one per unit and card.
    expect(checks.worked).toBe(2);
    // Every battalion in the General's reach may be ordered by his card, as when each is asked alone.
    const ordered = new Set(actions.map((a) => a.unit));
    for (const u of units) expect(ordered.has(u.id), u.id).toBe(cardsFor(s, bf, unit(s, u.id)).length > 0);
    expect(actions.filter((a) => a.action.card === 'g:ga:1').length).toBeGreaterThan(0);
  });
});
