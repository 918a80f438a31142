/**
 * Alerts: the rulebook's reading of what happened to a unit (routed, destroyed, a general fallen)
 * and of how near an army is to its break point, found by comparing two states.
 */

import { describe, expect, it } from 'vitest';
import { findAlerts } from '../../../src/core/alerts';
import { onePageAlerts } from '../../../src/rules/one-page/alerts';
import { hmAlerts } from '../../../src/rules/horse-and-musket/alerts';
import type { OnePageState } from '../../../src/rules/one-page/types';
import { buildGame } from '../one-page/fixture';
import { buildState, makeGeneral, makeUnit } from '../horse-and-musket/fixture';

function remove(state: OnePageState, id: string, why: 'rout' | 'destroyed' | 'knocked-out'): OnePageState {
  const next = structuredClone(state);
  const u = next.units.find((x) => x.id === id)!;
  u.removed = true;
  u.rs.removedBy = why;
  return next;
}

describe('one-page alerts', () => {
  // Red fields three combat units and a commander; half (2) lost breaks the army (Q55).
  const game = () =>
    buildGame({
      units: [
        { id: 'red-u0', x: 20, y: 10 },
        { id: 'red-u1', x: 30, y: 10 },
        { id: 'red-u2', x: 40, y: 10 },
        { id: 'red-c0', x: 30, y: 6 },
        { id: 'black-u0', x: 30, y: 40 },
      ],
    });

  it('names a rout, a unit destroyed and a commander knocked out', () => {
    const s = game();
    expect(findAlerts(onePageAlerts, s, remove(s, 'red-u0', 'rout'))).toContainEqual({ kind: 'rout', side: 'red', unit: 'red-u0', text: `${s.units[0]!.name} routs` });
    const destroyed = findAlerts(onePageAlerts, s, remove(s, 'red-u1', 'destroyed'));
    expect(destroyed.filter((a) => a.kind === 'destroyed').map((a) => a.unit)).toEqual(['red-u1']);
    const ko = findAlerts(onePageAlerts, s, remove(s, 'red-c0', 'knocked-out'));
    expect(ko).toEqual([{ kind: 'general', side: 'red', unit: 'red-c0', text: `${s.units.find((u) => u.id === 'red-c0')!.name} is knocked out` }]);
  });

  it('warns when an army comes within a loss of its break point, and not again for no new loss', () => {
    const s = game();
    const one = remove(s, 'red-u0', 'rout');
    const warn = findAlerts(onePageAlerts, s, one).filter((a) => a.kind === 'break');
    expect(warn).toHaveLength(1);
    expect(warn[0]!.side).toBe('red');
    expect(warn[0]!.text).toMatch(/near their break point: 1 of 3 combat units lost, one more loss and the army breaks/);
    expect(findAlerts(onePageAlerts, one, structuredClone(one)).filter((a) => a.kind === 'break')).toEqual([]);
    // Black's single unit: its loss breaks the army at once (no warning, the battle is over).
    expect(findAlerts(onePageAlerts, s, s)).toEqual([]);
  });
});

describe('horse-and-musket alerts', () => {
  it('names a unit that breaks and runs, one destroyed, a General killed, and the infantry break point', () => {
    const units = [
      makeUnit({ id: 'a1', side: 'a', troop: 'infantry', x: 10, y: 8 }),
      makeUnit({ id: 'a2', side: 'a', troop: 'infantry', x: 20, y: 8 }),
      makeUnit({ id: 'a3', side: 'a', troop: 'infantry', x: 30, y: 8 }),
      makeGeneral('ag', 'a', 20, 4, { role: 'cinc' }),
      makeUnit({ id: 'b1', side: 'b', troop: 'infantry', x: 20, y: 40 }),
    ];
    const s = buildState({ units });
    const run = structuredClone(s);
    run.units.find((u) => u.id === 'a1')!.rs.retrograde = 'running';
    const alerts = findAlerts(hmAlerts, s, run);
    expect(alerts.find((a) => a.kind === 'rout')).toMatchObject({ side: 'a', unit: 'a1', text: `${units[0]!.name} breaks and runs` });
    // Three infantry units: more than half (2) lost breaks the army (B §8.1); a broken unit counts.
    expect(alerts.find((a) => a.kind === 'break')?.text).toMatch(/1 of 3 infantry units lost, one more loss and the army breaks/);

    const gone = structuredClone(s);
    const a2 = gone.units.find((u) => u.id === 'a2')!;
    a2.removed = true;
    a2.rs.removedBy = 'destroyed';
    const g = gone.units.find((u) => u.id === 'ag')!;
    g.removed = true;
    g.rs.removedBy = 'killed';
    const kinds = findAlerts(hmAlerts, s, gone).map((a) => [a.kind, a.unit]);
    expect(kinds).toEqual([
      ['destroyed', 'a2'],
      ['general', 'ag'],
      ['break', undefined],
    ]);
  });
});
