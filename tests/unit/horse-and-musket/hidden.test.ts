/**
 * Hidden movement (digest C §9): counters, decoys, revealing, and the state as each side may know it.
 *
 * The table is the fixture's flat 72" x 48" with one round hill raised at its centre (36", 24"),
 * 6" in radius and 60 mm high: higher than 20 mm within about 4" of the summit, so it hides foot
 * figures (20 mm) straight behind it from foot on the far side. Prussian a1 stands south of the hill
 * at (36", 14"); Austrian b1 straight behind it at (36", 34"); Austrian b2 out on the west flank at
 * (10", 24"), in the open, where a1 and b2 see each other.
 */

import { describe, expect, it } from 'vitest';
import { DiceRoller } from '../../../src/core/dice';
import { stateHash } from '../../../src/core/engine';
import { inch } from '../../../src/core/measure';
import type { GameEvent, GameState } from '../../../src/core/model';
import { RuleError, type RuleContext } from '../../../src/core/ruleset';
import { battlefieldFromSpec, type Battlefield } from '../../../src/terrain/battlefield';
import {
  knownEvents,
  applyDecoyMove,
  decoyActions,
  deploymentArea,
  initHidden,
  isHiddenFrom,
  knownTo,
  updateHidden,
  visibleEnemies,
  type HiddenCounter,
} from '../../../src/rules/horse-and-musket/hidden';
import { canSee } from '../../../src/rules/horse-and-musket/visibility';
import type { HmState } from '../../../src/rules/horse-and-musket/types';
import { act, buildState, flatTable, legal, makeUnit, refuse, unit } from './fixture';

function position(): { state: HmState; bf: Battlefield } {
  const state = buildState({
    units: [
      makeUnit({ id: 'a1', side: 'a', troop: 'infantry', x: 36, y: 14 }),
      makeUnit({ id: 'b1', side: 'b', troop: 'infantry', x: 36, y: 34 }),
      makeUnit({ id: 'b2', side: 'b', troop: 'infantry', x: 10, y: 24 }),
    ],
    side: 'b',
    step: 'action',
  });
  state.battlefield = { ...flatTable(), hillsAt: [{ x: inch(36), y: inch(24), radius: inch(6), height: 60 }] };
  state.options.hiddenMovement = true;
  return { state, bf: battlefieldFromSpec(state.battlefield) };
}

function context(state: HmState, bf: Battlefield): { ctx: RuleContext; events: GameEvent[] } {
  const events: GameEvent[] = [];
  return { ctx: { dice: new DiceRoller(state.dice), battlefield: bf, emit: (e) => void events.push(e) }, events };
}

function hiddenPosition(): { state: HmState; bf: Battlefield; real: HiddenCounter; decoy: HiddenCounter } {
  const { state, bf } = position();
  initHidden(state, bf, new DiceRoller(state.dice));
  const counters = state.rules.hidden!.counters;
  return { state, bf, real: counters.find((c) => c.real)!, decoy: counters.find((c) => !c.real)! };
}

const sees = (bf: Battlefield, state: HmState, observer: string, p: { x: number; y: number }): boolean =>
  canSee(bf, unit(state, observer), { point: p }, { mode: 'computed', weather: 'clear', enemy: true, targetTroop: 'infantry' }).visible;

function refusal(fn: () => void): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof RuleError) return e.reason;
    throw e;
  }
  throw new Error('expected a RuleError');
}

describe('hidden movement: the start of the battle (C §9.2)', () => {
  it('does nothing when the option is off', () => {
    const { state, bf } = position();
    state.options.hiddenMovement = false;
    initHidden(state, bf, new DiceRoller(state.dice));
    expect(state.rules.hidden).toBeUndefined();
    expect(knownTo(state, bf, 'a')).toBe(state);
  });

  it('a unit behind the hill becomes a real counter on its Colour Stand and a decoy out of sight in its deployment area', () => {
    const { state, bf, real, decoy } = hiddenPosition();
    const counters = state.rules.hidden!.counters;
    expect(counters).toHaveLength(2);
    expect(counters.map((c) => c.side)).toEqual(['b', 'b']);
    expect(real).toMatchObject({ real: 'b1', x: inch(36), y: inch(34) });
    expect(decoy.real).toBeNull();
    expect(real.number).not.toBe(decoy.number);
    for (const c of counters) {
      expect(c.id).toBe(`counter-${c.number}`);
      expect(c.number).toBeGreaterThanOrEqual(1);
      expect(c.number).toBeLessThanOrEqual(99);
    }
    // Austria's deployment area: y from 12" beyond the centre line to 1" from its own edge.
    const area = deploymentArea(state, bf, 'b');
    expect(area.minX).toBeCloseTo(inch(1), 6);
    expect(area.maxX).toBeCloseTo(inch(71), 6);
    expect(area.minY).toBeCloseTo(inch(36), 6);
    expect(area.maxY).toBeCloseTo(inch(47), 6);
    expect(decoy.x).toBeGreaterThanOrEqual(area.minX);
    expect(decoy.x).toBeLessThanOrEqual(area.maxX);
    expect(decoy.y).toBeGreaterThanOrEqual(area.minY);
    expect(decoy.y).toBeLessThanOrEqual(area.maxY);
    expect(sees(bf, state, 'a1', decoy)).toBe(false);
    // b2 and a1 see each other across the open flank: neither is hidden.
    expect(isHiddenFrom(state, 'b1', 'a')).toBe(true);
    expect(isHiddenFrom(state, 'b1', 'b')).toBe(false);
    expect(isHiddenFrom(state, 'b2', 'a')).toBe(false);
    expect(isHiddenFrom(state, 'a1', 'b')).toBe(false);
    expect(visibleEnemies(state, 'a').map((u) => u.id)).toEqual(['b2']);
    expect(visibleEnemies(state, 'b').map((u) => u.id)).toEqual(['a1']);
  });
});

describe('hidden movement: what each side knows (C §9.1, §9.5)', () => {
  it('the enemy sees two numbered counters and not the unit; the owner sees his unit and his decoy', () => {
    const { state, bf, real, decoy } = hiddenPosition();
    const before = stateHash(state as unknown as GameState);
    const prussian = knownTo(state, bf, 'a');
    expect(prussian.units.map((u) => u.id)).toEqual(['a1', 'b2', ...[real, decoy].sort((p, q) => p.number - q.number).map((c) => c.id)]);
    const markers = prussian.units.filter((u) => u.kind === 'marker');
    expect(markers.map((u) => u.name).sort()).toEqual([`Counter ${real.number}`, `Counter ${decoy.number}`].sort());
    const shown = markers.find((u) => u.id === real.id)!;
    expect(shown).toMatchObject({ side: 'b', x: inch(36), y: inch(34), removed: false, type: 'counter' });
    expect(shown.stands).toEqual([{ f: 0, l: 0, width: inch(1), depth: inch(1), figures: 0, status: 'ok' }]);
    // Nothing says which counter is real: the Prussians hold none of the Austrians' counters.
    expect(prussian.rules.hidden).toEqual({ counters: [] });
    // The Austrian unit's card shows whose it is, not which unit.
    expect(prussian.rules.cards['u:b1:1']).toEqual({ id: 'u:b1:1', kind: 'unit', owner: 'b' });
    expect(prussian.rules.cards['u:b2:1']).toEqual({ id: 'u:b2:1', kind: 'unit', owner: 'b', unit: 'b2' });

    const austrian = knownTo(state, bf, 'b');
    expect(austrian.units.map((u) => u.id)).toEqual(['a1', 'b1', 'b2', decoy.id]);
    expect(austrian.units.find((u) => u.id === decoy.id)!.kind).toBe('marker');
    expect(austrian.rules.hidden!.counters).toEqual(state.rules.hidden!.counters);
    expect(austrian.rules.cards['u:b1:1']!.unit).toBe('b1');

    // The true state is untouched, and its hash with it.
    expect(stateHash(state as unknown as GameState)).toBe(before);
    expect(state.units.map((u) => u.id)).toEqual(['a1', 'b1', 'b2']);
  });
});

describe('hidden movement: what each side hears of the battle (C §9.1)', () => {
  it('the enemy is told nothing of what a hidden unit does; its owner, and events of units in sight, are told', () => {
    const { state } = hiddenPosition();
    const hiddenUnit = state.rules.hidden!.counters.find((c) => c.real)!.real!;
    const events: GameEvent[] = [
      { type: 'order', side: 'b', unit: hiddenUnit, text: 'the hidden unit moves' },
      { type: 'order', side: 'a', unit: 'a1', text: 'a1 moves' },
    ];
    expect(knownEvents(state, events, 'a').map((e) => e.text)).toEqual(['a1 moves']);
    expect(knownEvents(state, events, 'b').map((e) => e.text)).toEqual(['the hidden unit moves', 'a1 moves']);
  });
});

describe('hidden movement: during the battle (C §9.3, §9.4)', () => {
  it('an enemy moving into sight reveals the real counter; the decoy stays', () => {
    const { state, bf, real, decoy } = hiddenPosition();
    const a1 = unit(state, 'a1');
    a1.x = inch(20);
    a1.y = inch(30);
    const { ctx, events } = context(state, bf);
    updateHidden(state, bf, ctx);
    expect(state.rules.hidden!.counters.map((c) => c.id)).toEqual([decoy.id]);
    expect(isHiddenFrom(state, 'b1', 'a')).toBe(false);
    expect(events.map((e) => [e.type, e.text])).toEqual([['counter-revealed', `Counter ${real.number} is revealed by a1: it is b1`]]);
    expect(knownTo(state, bf, 'a').units.map((u) => u.id)).toEqual(['a1', 'b1', 'b2', decoy.id]);
  });

  it('a real counter follows its unit while it stays out of sight', () => {
    const { state, bf, real } = hiddenPosition();
    const b1 = unit(state, 'b1');
    b1.y = inch(38);
    const { ctx, events } = context(state, bf);
    updateHidden(state, bf, ctx);
    expect(events).toEqual([]);
    expect(state.rules.hidden!.counters.find((c) => c.id === real.id)).toMatchObject({ real: 'b1', x: inch(36), y: inch(38) });
  });

  it('a decoy is removed when an enemy with sight of it comes within 3"', () => {
    const { state, bf, decoy } = hiddenPosition();
    decoy.x = inch(30);
    decoy.y = inch(40);
    // A Prussian General south of the decoy, the front edge of his stand 3.1" short of it, then 2.9".
    const ga = makeUnit({ id: 'ga', side: 'a', troop: 'general', x: 30, y: 40 });
    const half = ga.stands[0]!.depth / 2;
    const far = makeUnit({ id: 'ga', side: 'a', troop: 'general', x: 30, y: 40 - 3.1 - half / 25.4 });
    state.units.push(far);
    let run = context(state, bf);
    updateHidden(state, bf, run.ctx);
    expect(state.rules.hidden!.counters.some((c) => c.id === decoy.id)).toBe(true);
    expect(run.events.filter((e) => e.type === 'decoy-removed')).toEqual([]);
    far.y = inch(40 - 2.9) - half;
    run = context(state, bf);
    updateHidden(state, bf, run.ctx);
    expect(state.rules.hidden!.counters.some((c) => c.id === decoy.id)).toBe(false);
    expect(run.events.filter((e) => e.type === 'decoy-removed').map((e) => e.text)).toEqual([`Counter ${decoy.number} was a decoy of the Austrians: removed as ga comes within 3"`]);
  });

  it('a unit that passes out of every enemy\'s sight becomes two counters on its Colour Stand, and so may the enemy it leaves', () => {
    const { state, bf } = hiddenPosition();
    const b2 = unit(state, 'b2');
    b2.x = inch(38);
    b2.y = inch(36);
    const { ctx, events } = context(state, bf);
    updateHidden(state, bf, ctx);
    const pair = state.rules.hidden!.counters.filter((c) => c.x === inch(38) && c.y === inch(36));
    expect(pair).toHaveLength(2);
    expect(pair.filter((c) => c.real === 'b2')).toHaveLength(1);
    expect(isHiddenFrom(state, 'b2', 'a')).toBe(true);
    // b2 was the only Austrian who saw a1 (b1 is behind the hill): a1 vanishes from their sight too.
    expect(events.map((e) => [e.type, e.unit])).toEqual([
      ['counter-hidden', 'a1'],
      ['counter-hidden', 'b2'],
    ]);
    const [lo, hi] = pair.map((c) => c.number).sort((p, q) => p - q);
    expect(events[1]!.text).toBe(`b2 passes out of the enemy's sight: counters ${lo} and ${hi} take its place`);
    expect(isHiddenFrom(state, 'a1', 'b')).toBe(true);
    expect(visibleEnemies(state, 'a')).toEqual([]);
    expect(visibleEnemies(state, 'b')).toEqual([]);
    expect(state.rules.hidden!.counters).toHaveLength(6);
  });
});

describe('hidden movement: moving decoys (C §9.2)', () => {
  function decoyAt(x: number, y: number): ReturnType<typeof hiddenPosition> {
    const p = hiddenPosition();
    p.decoy.x = inch(x);
    p.decoy.y = inch(y);
    return p;
  }

  it('offers each decoy of the side to act one move of up to 12" in the action step', () => {
    const { state, bf, decoy } = decoyAt(30, 40);
    expect(decoyActions(state, bf, 'b')).toEqual([
      {
        action: { type: 'move-decoy', side: 'b', counter: decoy.id },
        label: `Move decoy ${decoy.number}`,
        group: 'move',
        params: [{ name: 'to', kind: 'point', label: 'Move the decoy (up to 12", not into enemy sight)', origin: { x: inch(30), y: inch(40) }, maxReach: inch(12) }],
        unit: decoy.id,
      },
    ]);
    expect(decoyActions(state, bf, 'a')).toEqual([]);
    state.rules.step = 'decision';
    expect(decoyActions(state, bf, 'b')).toEqual([]);
  });

  it('moves a decoy behind the hill once a turn', () => {
    const { state, bf, decoy } = decoyAt(30, 40);
    const { ctx, events } = context(state, bf);
    const to = { x: inch(33), y: inch(46) };
    applyDecoyMove(state, bf, { type: 'move-decoy', side: 'b', counter: decoy.id, to }, ctx);
    expect(decoy).toMatchObject({ x: inch(33), y: inch(46), movedTurn: 3 });
    expect(events.map((e) => e.text)).toEqual([`Counter ${decoy.number} moves 6.7"`]);
    expect(decoyActions(state, bf, 'b')).toEqual([]);
    expect(refusal(() => applyDecoyMove(state, bf, { type: 'move-decoy', side: 'b', counter: decoy.id, to: { x: inch(33), y: inch(45) } }, ctx))).toBe(
      `decoy ${decoy.number} has already moved this turn`,
    );
  });

  it('refuses a move beyond 12", into enemy sight, of a real counter, or of the enemy\'s decoy', () => {
    const { state, bf, decoy, real } = decoyAt(30, 40);
    const { ctx } = context(state, bf);
    const move = (to: { x: number; y: number }, counter = decoy.id, side = 'b'): string =>
      refusal(() => applyDecoyMove(state, bf, { type: 'move-decoy', side, counter, to: { x: inch(to.x), y: inch(to.y) } }, ctx));
    expect(move({ x: 30, y: 27 })).toBe('a decoy moves at most 12"; that point is 13.0" away');
    expect(sees(bf, state, 'a1', { x: inch(20), y: inch(36) })).toBe(true);
    expect(move({ x: 20, y: 36 })).toBe('a decoy may not move where the enemy would see it: a1 would');
    expect(move({ x: 36, y: 40 }, real.id)).toBe(`counter ${real.number} is a real unit's: it moves with its unit's orders`);
    expect(move({ x: 36, y: 40 }, decoy.id, 'a')).toBe(`counter ${decoy.number} is not yours`);
    expect(move({ x: 36, y: 40 }, 'counter-0')).toBe('there is no counter "counter-0"');
    expect(decoy).toMatchObject({ x: inch(30), y: inch(40) });
    expect(decoy.movedTurn).toBeUndefined();
  });

  it('through the ruleset: the decoy move is a legal action beside ending the turn, and the engine applies it', () => {
    const { state, decoy } = decoyAt(30, 40);
    const offered = legal(state, 'b');
    expect(offered.filter((l) => l.action.type === 'move-decoy').map((l) => l.action.counter)).toEqual([decoy.id]);
    expect(offered.some((l) => l.action.type === 'end-turn')).toBe(true);
    expect(refuse(state, { type: 'move-decoy', side: 'b', counter: decoy.id, to: { x: inch(20), y: inch(36) } })).toBe('a decoy may not move where the enemy would see it: a1 would');
    const after = act(state, { type: 'move-decoy', side: 'b', counter: decoy.id, to: { x: inch(33), y: inch(46) } }).state;
    expect(after.rules.hidden!.counters.find((c) => c.id === decoy.id)).toMatchObject({ x: inch(33), y: inch(46), movedTurn: 3 });
    expect(legal(after, 'b').some((l) => l.action.type === 'move-decoy')).toBe(false);
    expect(act(after, { type: 'end-turn', side: 'b' }).state.rules.turnSide).toBe('a');
  });
});
