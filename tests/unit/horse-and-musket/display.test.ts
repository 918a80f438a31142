/** The side panel and the table shapes of Horse & Musket: the hand, threat zones, leadership and ranges. */

import { describe, expect, it } from 'vitest';
import { inch } from '../../../src/core/measure';
import { pointInPolygon } from '../../../src/core/geometry';
import { battlefieldFromSpec } from '../../../src/terrain/battlefield';
import { hmOverlays, hmSideInfo, OVERLAY_COLOURS } from '../../../src/rules/horse-and-musket/display';
import { drawCards } from '../../../src/rules/horse-and-musket/cards';
import { getRuleset } from '../../../src/rules/registry';
import { buildState, makeGeneral, makeUnit } from './fixture';

function position() {
  const units = [
    makeUnit({ id: 'inf', side: 'a', troop: 'infantry', x: 30, y: 10, rs: { command: 'gen' } }),
    makeUnit({ id: 'hussars', side: 'a', troop: 'lightCav', x: 50, y: 10 }),
    makeUnit({ id: 'gun', side: 'a', troop: 'artillery', x: 15, y: 10 }),
    makeGeneral('gen', 'a', 30, 6, { role: 'general' }),
    makeUnit({ id: 'foe', side: 'b', troop: 'infantry', x: 30, y: 40 }),
  ];
  return buildState({ units, hands: { a: ['u:inf:1', 'g:gen:2', 'artillery:a:1'], b: ['u:foe:1'] } });
}

const bf = battlefieldFromSpec(position().battlefield);

describe('the side panel', () => {
  it('lists the side\'s own hand and not the other side\'s', () => {
    const state = position();
    const info = hmSideInfo(state, 'a');
    const hand = info.find((s) => s.title.startsWith('Hand'));
    expect(hand?.title).toBe('Hand (3)');
    expect(hand?.items.map((i) => i.label)).toEqual(['Unit card: inf', 'General card: gen', 'Artillery card']);
    expect(JSON.stringify(info)).not.toContain('Unit card: foe');
    const deck = info.find((s) => s.title === 'Deck')!;
    expect(deck.items[0]!.label).toBe(`Deck: ${state.rules.deck.length} cards`);
    expect(deck.items.some((i) => i.label === 'Austrians: 1 card in hand')).toBe(true);
    const theirs = hmSideInfo(state, 'b').find((s) => s.title.startsWith('Hand'));
    expect(theirs?.items.map((i) => i.label)).toEqual(['Unit card: foe']);
  });

  it('shows the card in play with its orders left', () => {
    const state = position();
    state.rules.activeCard = { card: 'artillery:a:1', kind: 'artillery', ordered: ['gun'], ordersLeft: null, fired: [] };
    const card = hmSideInfo(state, 'a').find((s) => s.title === 'Card in play');
    expect(card?.items[0]).toMatchObject({ label: 'Artillery card', detail: 'one order for each unit it may order' });
    expect(card?.items[1]!.label).toBe('Ordered: gun');
  });

  it('lists the cards the side drew at the start of its turn', () => {
    const state = position();
    // The deck's top: one of side a's own cards and one of side b's, which goes to b's hand.
    state.rules.sides.b!.hand = [];
    state.rules.deck = ['u:hussars:1', 'u:foe:1', ...state.rules.deck.filter((id) => id !== 'u:hussars:1')];
    drawCards(state, 'a', 2);
    expect(state.rules.lastDraw).toEqual({ side: 'a', got: ['u:hussars:1'], passed: ['u:foe:1'] });
    const drew = hmSideInfo(state, 'a').find((x) => x.title === 'Drawn this turn');
    expect(drew?.items.map((i) => i.label)).toEqual(['Unit card: hussars', '1 passed to Austrians']);
    const passed = hmSideInfo(state, 'b').find((x) => x.title.startsWith('Passed to you'));
    expect(passed?.items.map((i) => i.label)).toEqual(['Unit card: foe']);
    // The ruleset object answers through the generic interface too.
    const rs = getRuleset('horse-and-musket');
    expect(rs.sideInfo?.(state as never, 'a')).toEqual(hmSideInfo(state, 'a'));
  });
});

describe('the shapes on the table', () => {
  it('draws a cavalry unit\'s threat zone', () => {
    const state = position();
    const shapes = hmOverlays(state, bf, 'b');
    const zone = shapes.find((o) => o.label === 'Threat zone of hussars');
    expect(zone?.kind).toBe('polygon');
    expect(zone?.colour).toBe(OVERLAY_COLOURS.enemyZone);
    // The wedge reaches 17" straight ahead of the hussars (facing up the table) but not 19".
    const hussars = state.units.find((u) => u.id === 'hussars')!;
    expect(pointInPolygon({ x: hussars.x, y: hussars.y + inch(17) }, zone!.points!)).toBe(true);
    expect(pointInPolygon({ x: hussars.x, y: hussars.y + inch(19) }, zone!.points!)).toBe(false);
    // Seen from its own side the same zone is drawn in the friendly colour; infantry has none.
    expect(hmOverlays(state, bf, 'a').find((o) => o.label === 'Threat zone of hussars')?.colour).toBe(OVERLAY_COLOURS.ownZone);
    expect(shapes.filter((o) => o.label?.startsWith('Threat zone'))).toHaveLength(1);
  });

  it('rings a General\'s leadership range, in mm, for him and for a unit of his Command', () => {
    const state = position();
    const gen = state.units.find((u) => u.id === 'gen')!;
    for (const selected of ['gen', 'inf']) {
      const ring = hmOverlays(state, bf, 'a', selected).find((o) => o.kind === 'ring');
      expect(ring?.radius).toBeCloseTo(inch(12), 6);
      expect(ring?.centre?.x).toBeCloseTo(gen.x, 6);
      expect(ring?.centre?.y).toBeCloseTo(gen.y, 6);
      expect(ring?.label).toContain('12"');
    }
    // Hussars belong to no Command here: no ring.
    expect(hmOverlays(state, bf, 'a', 'hussars').some((o) => o.kind === 'ring')).toBe(false);
  });

  it('draws the selected unit\'s Attack range, wheel arcs, and a gun\'s arc and ranges', () => {
    const state = position();
    const inf = hmOverlays(state, bf, 'a', 'inf');
    const range = inf.find((o) => o.label?.startsWith('Attack range'))!;
    const u = state.units.find((x) => x.id === 'inf')!;
    // Every point of the outline is 9" from the Colour Stand's edge (stand depth/width aside).
    const ahead = Math.max(...range.points!.map((p) => p.y - u.y));
    expect(ahead).toBeCloseTo(inch(9) + u.stands[0]!.depth / 2, 0);
    expect(inf.filter((o) => o.label?.startsWith('Wheel'))).toHaveLength(2);
    const gun = hmOverlays(state, bf, 'a', 'gun');
    const ball = gun.find((o) => o.label?.startsWith('Ball'))!;
    const far = Math.max(...ball.points!.map((p) => Math.hypot(p.x - ball.points![0]!.x, p.y - ball.points![0]!.y)));
    expect(far).toBeCloseTo(inch(30), 3);
    expect(gun.some((o) => o.label?.startsWith('Grapeshot'))).toBe(true);
    expect(gun.some((o) => o.label?.startsWith('Wheel'))).toBe(false);
  });

  it('is plain data that survives structured cloning', () => {
    const state = position();
    const shapes = hmOverlays(state, bf, 'a', 'inf');
    expect(structuredClone(shapes)).toEqual(shapes);
    expect(JSON.parse(JSON.stringify(hmSideInfo(state, 'a')))).toEqual(hmSideInfo(state, 'a'));
  });
});
