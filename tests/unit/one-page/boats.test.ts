/** Scenarios with boats: rowing with and against the current, embarking and landing one unit, capture (§7.1, §14, Q11, Q43, Q56). */

import { describe, expect, it } from 'vitest';
import { apply, stateHash } from '../../../src/core/engine';
import type { Action, GameState } from '../../../src/core/model';
import { inch } from '../../../src/core/measure';
import { getRuleset } from '../../../src/rules/registry';
import { createOnePageGame } from '../../../src/rules/one-page/setup';
import { layoutStands } from '../../../src/rules/one-page/layout';
import type { OnePageState, OnePageUnit } from '../../../src/rules/one-page/types';
import { footprint, groundAt, liveUnits, navigable, unitDistance } from '../../../src/rules/one-page/world';
import { blockedAt } from '../../../src/rules/one-page/resolve';
import { battlefieldFromSpec } from '../../../src/terrain/battlefield';
import type { WaterFeature } from '../../../src/terrain/features';

const onePage = getRuleset('one-page');

/** A river-crossing game in red's activation, with scripted dice given per action. */
function crossing(): OnePageState {
  const s = createOnePageGame({ rulesetId: 'one-page', seed: 'rc0', scenario: 'river-crossing', dice: { scripted: [] } });
  s.rules.step = 'activations';
  s.rules.order = ['red', 'black'];
  s.rules.orderIndex = 0;
  s.active = 'red';
  s.phase = 'activations';
  return s;
}

function unit(s: OnePageState, id: string): OnePageUnit {
  return s.units.find((u) => u.id === id)!;
}

function act(s: OnePageState, action: Action, dice: number[] = []): { state: OnePageState; texts: string[] } {
  const r = apply(onePage, s as unknown as GameState, action, dice);
  if (!r.ok) throw new Error('error' in r ? r.error : `needs dice: ${r.needDice.purpose}`);
  return { state: r.state as unknown as OnePageState, texts: r.events.map((e) => e.text) };
}

function refuse(s: OnePageState, action: Action, dice: number[] = []): string {
  const g = s as unknown as GameState;
  const hash = stateHash(g);
  const r = apply(onePage, g, action, dice);
  expect(r.ok).toBe(false);
  expect(stateHash(g)).toBe(hash);
  return 'error' in r ? r.error : 'needs dice';
}

/** Put a unit on dry ground just by a boat, on the given side of the river (-1 near, +1 far). */
function beside(s: OnePageState, u: OnePageUnit, boat: OnePageUnit, sideOfRiver: -1 | 1): void {
  const bf = battlefieldFromSpec(s.battlefield);
  u.facing = sideOfRiver < 0 ? Math.PI / 2 : -Math.PI / 2;
  u.stands = layoutStands(u, u.rs.figuresStart);
  for (let d = 0; d < inch(6); d += 2) {
    u.x = boat.x;
    u.y = boat.y + sideOfRiver * d;
    const dry = [footprint(u)].every((r) => groundAt(bf, { x: r.cx, y: r.cy }) !== 'water' && groundAt(bf, { x: r.cx, y: r.cy + (sideOfRiver * r.depth) / 2 }) !== 'water');
    if (dry && !blockedAt(s, u, u, u.facing, { bfWidth: bf.width, bfDepth: bf.depth, ignore: [boat.id] })) {
      expect(unitDistance(u, boat)).toBeLessThanOrEqual(inch(1));
      return;
    }
  }
  throw new Error(`no dry spot by ${boat.name}`);
}

describe('boats', () => {
  it('each side has a boat on the river; it rows with the current for 12 + 2D6 + D6 and only on the water', () => {
    const s = crossing();
    const bf = battlefieldFromSpec(s.battlefield);
    const river = bf.features.find((f): f is WaterFeature => f.kind === 'river')!;
    const boat = unit(s, 'red-b0');
    expect(boat.kind).toBe('boat');
    expect(navigable(bf, boat)).toBe(true);
    // Downstream: toward the river's last point.
    const end = river.line[river.line.length - 1]!;
    const downstream = { x: boat.x + Math.sign(end.x - boat.x) * inch(40), y: boat.y };
    const onLand = { x: boat.x, y: inch(2) };
    expect(refuse(s, { type: 'row', side: 'red', unit: 'red-b0', to: onLand })).toBe('a boat moves only on the water; the point given is on land');
    // Aim along the water: the point 40" downstream on the river's own line.
    let target = river.line[0]!;
    for (const p of river.line) if (Math.abs(p.x - downstream.x) < Math.abs(target.x - downstream.x)) target = p;
    const r = act(s, { type: 'row', side: 'red', unit: 'red-b0', to: target }, [3, 4, 2]);
    expect(r.texts[0]).toMatch(/^Prussian pontoon boat rolls its move for rowing with the current: 12 \+ 2D6 \(3\+4\) \+ D6 with current \(2\) = 21\.0"$/);
    const moved = unit(r.state, 'red-b0');
    expect(Math.hypot(moved.x - boat.x, moved.y - boat.y)).toBeLessThanOrEqual(inch(21) + 1e-6);
    expect(Math.hypot(moved.x - boat.x, moved.y - boat.y)).toBeGreaterThan(inch(3));
    expect(navigable(bf, moved)).toBe(true);
  });

  it('rowing against the current loses a D6', () => {
    const s = crossing();
    const bf = battlefieldFromSpec(s.battlefield);
    const river = bf.features.find((f): f is WaterFeature => f.kind === 'river')!;
    const start = river.line[0]!;
    const r = act(s, { type: 'row', side: 'red', unit: 'red-b0', to: start }, [3, 4, 2]);
    expect(r.texts[0]).toMatch(/rowing against the current: 12 \+ 2D6 \(3\+4\) − D6 against current \(2\) = 17\.0"$/);
  });

  it('a unit beside its boat embarks, leaves the table, and rides where the boat goes', () => {
    const s = crossing();
    const boat = unit(s, 'red-b0');
    const line = unit(s, 'red-u2');
    beside(s, line, boat, -1);
    expect(refuse(s, { type: 'embark', side: 'red', unit: 'red-u3', boat: 'red-b0' })).toBe('Grenadier Bn. Kleist must be within 1" of Prussian pontoon boat to embark');
    const e = act(s, { type: 'embark', side: 'red', unit: 'red-u2', boat: 'red-b0' });
    expect(e.texts).toEqual(['IR 15 Garde embarks on Prussian pontoon boat']);
    expect(unit(e.state, 'red-u2').carriedBy).toBe('red-b0');
    expect(liveUnits(e.state).some((u) => u.id === 'red-u2')).toBe(false);
    // One unit at a time (Q11).
    const full = structuredClone(e.state);
    beside(full, unit(full, 'red-u3'), unit(full, 'red-b0'), -1);
    expect(refuse(full, { type: 'embark', side: 'red', unit: 'red-u3', boat: 'red-b0' })).toBe('Prussian pontoon boat already carries a unit (one at a time)');
    // Aboard, it has used its activation; it goes where the boat goes.
    expect(refuse(e.state, { type: 'halt', side: 'red', unit: 'red-u2' })).toBe('IR 15 Garde has already activated this turn');
    const river = battlefieldFromSpec(s.battlefield).features.find((f): f is WaterFeature => f.kind === 'river')!;
    const along = river.line.reduce((best, p) => (Math.abs(p.x - boat.x - inch(6)) < Math.abs(best.x - boat.x - inch(6)) ? p : best));
    const rowed = act(e.state, { type: 'row', side: 'red', unit: 'red-b0', to: along }, [1, 1, 1]);
    const b = unit(rowed.state, 'red-b0');
    expect(Math.hypot(b.x - boat.x, b.y - boat.y)).toBeGreaterThan(inch(1));
    expect(unit(rowed.state, 'red-u2').x).toBeCloseTo(b.x, 9);
    expect(unit(rowed.state, 'red-u2').y).toBeCloseTo(b.y, 9);
  });

  it('lands on dry ground within 2" of the boat, facing away from it', () => {
    const s = crossing();
    const boat = unit(s, 'red-b0');
    const line = unit(s, 'red-u2');
    line.carriedBy = boat.id;
    line.x = boat.x;
    line.y = boat.y;
    const bf = battlefieldFromSpec(s.battlefield);
    expect(refuse(s, { type: 'move', side: 'red', unit: 'red-u2', mode: 'advance', to: { x: boat.x, y: boat.y + inch(5) } })).toBe('IR 15 Garde is aboard Prussian pontoon boat: it may only land or stay aboard');
    expect(refuse(s, { type: 'land', side: 'red', unit: 'red-u2', to: { x: boat.x, y: boat.y } })).toBe('IR 15 Garde must land on dry ground on the table');
    expect(refuse(s, { type: 'land', side: 'red', unit: 'red-u2', to: { x: boat.x, y: boat.y + inch(8) } })).toBe('IR 15 Garde lands within 2" of Prussian pontoon boat');
    // The far bank: the first dry point north of the boat, plus half the line's depth.
    let y = boat.y;
    while (groundAt(bf, { x: boat.x, y }) === 'water') y += 2;
    const to = { x: boat.x, y: y + inch(0.5) };
    const r = act(s, { type: 'land', side: 'red', unit: 'red-u2', to });
    expect(r.texts[0]).toMatch(/^IR 15 Garde lands from Prussian pontoon boat/);
    const landed = unit(r.state, 'red-u2');
    expect(landed.carriedBy).toBeUndefined();
    expect(landed.x).toBeCloseTo(to.x, 6);
    expect(landed.y).toBeCloseTo(to.y, 6);
    expect(Math.cos(landed.facing - Math.atan2(to.y - boat.y, to.x - boat.x))).toBeCloseTo(1, 9);
    expect(unit(r.state, 'red-u2').rs.activated).toBe(true);
  });

  it('a boat charged by the enemy is captured with its passengers (Q11, Q43)', () => {
    const s = crossing();
    const boat = unit(s, 'black-b0');
    const passenger = unit(s, 'black-u1');
    passenger.carriedBy = boat.id;
    passenger.x = boat.x;
    passenger.y = boat.y;
    // Red's light infantry on the bank, 2" from the boat and facing it.
    const jaeger = unit(s, 'red-u1');
    beside(s, jaeger, boat, -1);
    jaeger.y -= inch(1);
    const r = act(s, { type: 'charge', side: 'red', unit: 'red-u1', target: 'black-b0' }, [3]);
    expect(unit(r.state, 'black-b0').removed).toBe(true);
    expect(unit(r.state, 'black-b0').rs.removedBy).toBe('captured');
    expect(unit(r.state, 'black-u1').removed).toBe(true);
    expect(r.texts).toContain('Austrian river barge is captured by Freikorps Jäger');
    expect(r.texts).toContain('IR 1 Kaiser, aboard Austrian river barge, is lost with it');
  });
});
