/** Scenarios on farmland: broken ground, marsh, crossing a field boundary, cover behind hedges and walls, obstacles in melee (§7.3, §8.5, §9.4, Q25, Q27, Q33, Q40). */

import { describe, expect, it } from 'vitest';
import { inch } from '../../../src/core/measure';
import type { BoundaryFeature, GroundFeature, OrchardFeature } from '../../../src/terrain/features';
import { battlefieldFromSpec } from '../../../src/terrain/battlefield';
import { coverOf, groundAt } from '../../../src/rules/one-page/world';
import { act, buildGame, DOWN, event, expectPose, unit, UP } from './fixture';

const square = (x0: number, y0: number, x1: number, y1: number) => [
  { x: inch(x0), y: inch(y0) },
  { x: inch(x1), y: inch(y0) },
  { x: inch(x1), y: inch(y1) },
  { x: inch(x0), y: inch(y1) },
];

const orchard = (x0: number, y0: number, x1: number, y1: number): OrchardFeature => ({ id: 'orchard', kind: 'orchard', name: 'Orchard', canopyHeight: 30, polygon: square(x0, y0, x1, y1) });
const marsh = (x0: number, y0: number, x1: number, y1: number): GroundFeature => ({ id: 'marsh', kind: 'marsh', name: 'Marsh', polygon: square(x0, y0, x1, y1) });
const boundary = (kind: BoundaryFeature['kind'], y: number): BoundaryFeature => ({
  id: kind,
  kind,
  name: kind,
  line: [
    { x: inch(20), y: inch(y) },
    { x: inch(52), y: inch(y) },
  ],
  width: 6,
  height: 12,
});

const move = (id: string, x: number, y: number) => ({ type: 'move', side: 'red', unit: id, mode: 'advance', to: { x: inch(x), y: inch(y) } });

describe('broken and difficult farmland (§7.3, Q25)', () => {
  it('classes orchards and rocky ground as broken, marsh as difficult, crops as open, and the ground by a hedge as broken', () => {
    const s = buildGame({
      units: [{ id: 'red-u2', x: 10, y: 5, facing: UP }, { id: 'black-u1', x: 60, y: 44 }],
      table: {
        features: [
          orchard(10, 10, 20, 20),
          marsh(30, 10, 40, 20),
          { id: 'rocks', kind: 'rough', name: 'Rocks', polygon: square(50, 10, 60, 20) },
          { id: 'corn', kind: 'crops', name: 'Corn', polygon: square(10, 25, 20, 35) },
          boundary('hedge', 40),
        ],
      },
    });
    const bf = battlefieldFromSpec(s.battlefield);
    expect(groundAt(bf, { x: inch(15), y: inch(15) })).toBe('broken');
    expect(groundAt(bf, { x: inch(35), y: inch(15) })).toBe('difficult');
    expect(groundAt(bf, { x: inch(55), y: inch(15) })).toBe('broken');
    expect(groundAt(bf, { x: inch(15), y: inch(30) })).toBe('open');
    expect(groundAt(bf, { x: inch(30), y: inch(40.4) })).toBe('broken');
    expect(groundAt(bf, { x: inch(30), y: inch(40.6) })).toBe('open');
  });

  it('a line pays double through an orchard: 3" in the open, then 6" of the roll buy 3" (Q27)', () => {
    const s = buildGame({
      units: [{ id: 'red-u2', x: 36, y: 10, facing: UP }, { id: 'black-u1', x: 10, y: 44 }],
      table: { features: [orchard(20, 10 + 0.375 + 3, 52, 30)] },
    });
    const r = act(s, move('red-u2', 36, 30), [3]);
    expect(event(r.events, 'move').text).toBe('IR 15 Garde advances 6.0", its full allowance');
    expectPose(unit(r.state, 'red-u2'), 36, 16, UP);
  });

  it('skirmishers move at full speed through the same orchard', () => {
    const s = buildGame({
      units: [{ id: 'red-u1', x: 36, y: 10, facing: UP }, { id: 'black-u1', x: 10, y: 44 }],
      table: { features: [orchard(20, 10 + 0.375 + 3, 52, 30)] },
    });
    const r = act(s, move('red-u1', 36, 30), [3]);
    expect(event(r.events, 'move').text).toBe('Freikorps Jäger advances 9.0", its full allowance');
  });

  it('a line stops at the edge of a marsh (difficult ground)', () => {
    const s = buildGame({
      units: [{ id: 'red-u2', x: 36, y: 10, facing: UP }, { id: 'black-u1', x: 10, y: 44 }],
      table: { features: [marsh(20, 14, 52, 30)] },
    });
    const r = act(s, move('red-u2', 36, 22), [6]);
    expect(event(r.events, 'move').text).toBe('IR 15 Garde advances 3.6", stopped by the ground');
  });

  it('crossing a hedge costs double for a formed line within half an inch of it', () => {
    const s = buildGame({
      units: [{ id: 'red-u2', x: 36, y: 10, facing: UP }, { id: 'black-u1', x: 10, y: 44 }],
      table: { features: [boundary('hedge', 15)] },
    });
    // The front edge starts 4.625" short of the hedge: 4.125" open, 1" of hedge zone costing 2", then open.
    const r = act(s, move('red-u2', 36, 30), [3]);
    expect(event(r.events, 'move').text).toBe('IR 15 Garde advances 8.0", its full allowance');
    expectPose(unit(r.state, 'red-u2'), 36, 18, UP);
  });
});

describe('cover behind field boundaries (§8.5, Q33)', () => {
  const across = (kind: BoundaryFeature['kind'] | null) =>
    buildGame({
      units: [
        { id: 'red-u2', x: 36, y: 20, facing: UP },
        { id: 'black-u1', x: 36, y: 25, facing: DOWN },
      ],
      table: kind ? { features: [boundary(kind, 24.3)] } : {},
    });

  it('a wall in front of the target gives full cover, a hedge or fence partial, open ground none', () => {
    for (const [kind, cover] of [
      ['wall', 'full'],
      ['hedge', 'partial'],
      ['fence', 'partial'],
      [null, 'none'],
    ] as const) {
      const s = across(kind);
      const bf = battlefieldFromSpec(s.battlefield);
      expect(coverOf(bf, unit(s, 'black-u1'), unit(s, 'red-u2'))).toBe(cover);
    }
  });

  it('5 hits on a line behind a wall become 2 (full cover rounds down)', () => {
    const s = across('wall');
    const r = act(s, { type: 'shoot', side: 'red', unit: 'red-u2', target: 'black-u1' }, [1, 1, 1, 1, 1, 1, 1, 4, 4, 4, 4, 4]);
    const volley = event(r.events, 'shoot');
    expect(volley.text).toBe('IR 15 Garde shoots at IR 1 Kaiser at 4.3" (close range): 12 dice, hits on 4+: 5 hits, 2 after Full cover: ½ hits, rounded down');
  });
});

describe('attacking across an obstacle (§9.4, Q40)', () => {
  it('the charger that contacts across a hedge fights at −1; the defender does not', () => {
    const s = buildGame({
      units: [
        { id: 'red-u0', x: 36, y: 10, facing: UP },
        { id: 'black-u1', x: 36, y: 20, facing: DOWN },
      ],
      table: { features: [boundary('hedge', 19.55)] },
    });
    const charge = act(s, { type: 'charge', side: 'red', unit: 'red-u0', target: 'black-u1' }, [1]);
    expect(unit(charge.state, 'red-u0').rs.inMelee).toEqual(['black-u1']);
    const halt = act(charge.state, { type: 'halt', side: 'black', unit: 'black-u1' });
    const melee = act(halt.state, { type: 'end-shooting', side: 'black' }, [4, 4, 5, 6, 1, 2, 3, 3, 5, 6, 1, 2, 3, 4, 1, 2, 3, 4, 5, 1, 3, 2]);
    const dice = melee.events.filter((e) => e.type === 'melee-dice');
    // +1 charging and −1 across an obstacle: hits on 5+.
    expect(dice[0]!.modifiers).toEqual([
      { value: 1, reason: 'charging (not fired this turn)' },
      { value: -1, reason: 'attacking across an obstacle' },
    ]);
    expect(dice[0]!.text).toBe('Dragoon Regt. Bayreuth fights IR 1 Kaiser: 8 dice, hits on 5+: 2 hits');
    expect(dice[1]!.modifiers).toEqual([]);
  });
});

describe('wagons (§2.2, Q43, Q55)', () => {
  it('a wagon charged by the enemy is captured at once, with no melee, and scores a point', () => {
    const s = buildGame({
      options: { turnLimit: 1 },
      units: [
        { id: 'red-u0', x: 36, y: 10, facing: UP },
        { id: 'black-u8', x: 36, y: 22, facing: DOWN },
        { id: 'black-u1', x: 60, y: 44, facing: DOWN },
      ],
    });
    expect(unit(s, 'black-u8').kind).toBe('wagon');
    const charge = act(s, { type: 'charge', side: 'red', unit: 'red-u0', target: 'black-u8' }, [4]);
    expect(unit(charge.state, 'black-u8').removed).toBe(true);
    expect(unit(charge.state, 'black-u8').rs.removedBy).toBe('captured');
    expect(unit(charge.state, 'red-u0').rs.inMelee).toEqual([]);
    expect(event(charge.events, 'removed').text).toBe('Austrian supply train is captured by Dragoon Regt. Bayreuth');
    // Nobody can shoot, so black's last halt ends the turn, and the one-turn game.
    const end = act(charge.state, { type: 'halt', side: 'black', unit: 'black-u1' });
    expect(end.state.result?.scores).toEqual({ red: 1, black: 0 });
    expect(end.state.result?.reason).toMatch(/Prussians 1 \(0 enemy units removed, 0 enemy commanders lost, 1 wagon captured, 0 objectives held\)/);
  });
});
