/** Prussians declare line or column at each unit's first order (B §3.3). */

import { describe, expect, it } from 'vitest';
import { act, buildState, legal, makeGeneral, makeUnit, refuse, unit } from './fixture';

function prussians() {
  return buildState({
    units: [makeUnit({ id: 'P', side: 'a', troop: 'infantry', x: 36, y: 8, rs: { formationDeclared: false } }), makeGeneral('ga', 'a', 10, 2), makeGeneral('gb', 'b', 60, 46)],
    hands: { a: ['u:P:1'] },
  });
}

describe("a Prussian unit's first order (B §3.3)", () => {
  it('asks whether it stands in line or column before the order', () => {
    const move = legal(prussians(), 'a').find((l) => l.unit === 'P' && l.action.order === 'move')!;
    expect(move.params.map((p) => p.name)).toEqual(['formation', 'to']);
  });

  it('declared in column it marches as a column, and is not asked again', () => {
    const s = prussians();
    const to = { x: unit(s, 'P').x, y: unit(s, 'P').y + 25.4 * 4 };
    const r = act(s, { type: 'order', side: 'a', unit: 'P', card: 'u:P:1', order: 'move', formation: 'column', to });
    const p = unit(r.state, 'P');
    expect(p.formation).toBe('column');
    expect(p.rs.columnCompulsory).toBe(true);
    expect(p.rs.formationDeclared).toBe(true);
    expect(r.events.some((e) => e.text === 'P is declared to stand in column')).toBe(true);
  });

  it('refuses a first order that does not say', () => {
    const s = prussians();
    expect(refuse(s, { type: 'order', side: 'a', unit: 'P', card: 'u:P:1', order: 'move', to: { x: unit(s, 'P').x, y: unit(s, 'P').y + 50 } })).toBe("P's first order must say whether it stands in line or column");
  });
});
