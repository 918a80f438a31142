/** Flanking forces and reinforcements (B §7): the arrival die, the ±1, the announcement, entry four a turn through one point, fog, and off-table units kept out of every table query. */

import { describe, expect, it } from 'vitest';
import { DiceRoller, scriptedDice, type DiceState } from '../../../src/core/dice';
import { inch } from '../../../src/core/measure';
import type { GameEvent } from '../../../src/core/model';
import { RuleError, type RuleContext } from '../../../src/core/ruleset';
import { battlefieldFromSpec } from '../../../src/terrain/battlefield';
import {
  afterJoker,
  applyArrival,
  arrivalActions,
  arrivalBarred,
  enteredThisTurn,
  hasArrived,
  isOffTable,
} from '../../../src/rules/horse-and-musket/arrivals';
import { zoneContext } from '../../../src/rules/horse-and-musket/moves';
import { OFF_TABLE } from '../../../src/rules/horse-and-musket/setup';
import type { HmState, HmUnit, OffTableForce, TroopType } from '../../../src/rules/horse-and-musket/types';
import { attackTargets } from '../../../src/rules/horse-and-musket/orders';
import { enemiesOf } from '../../../src/rules/horse-and-musket/world';
import { enemyZoneOn, haltCause, offTable, threatZones } from '../../../src/rules/horse-and-musket/zones';
import { buildState, DOWN, legal, makeUnit, unit } from './fixture';

const PI = Math.PI;

/** Side a holds a force off the table (the near half of its right flank unless told), and b a battalion far away. */
function position(troops: TroopType[], force: Partial<OffTableForce> = {}, extra: HmUnit[] = []): HmState {
  const waiting = troops.map((troop, i) => {
    const u = makeUnit({ id: `f${i + 1}`, side: 'a', troop, x: 100 + 6 * i, y: 12, facing: PI, stands: troop === 'infantry' ? 4 : undefined });
    u.carriedBy = OFF_TABLE;
    return u;
  });
  const s = buildState({ units: [...waiting, makeUnit({ id: 'b1', side: 'b', troop: 'infantry', x: 36, y: 44, facing: DOWN }), ...extra] });
  const f: OffTableForce = { id: 'a-flank', side: 'a', kind: 'nearFlank', flank: 'right', plannedJoker: 2, arrivesAtJoker: null, announced: false, units: waiting.map((u) => u.id), rolls: [], ...force };
  s.rules.forces = [f];
  s.rules.offTable = f.units.map((unit) => ({ unit, force: f.id }));
  s.rules.entered = [];
  return s;
}

interface Run {
  events: GameEvent[];
  dice: DiceState;
  ctx: RuleContext;
}

function ctxFor(state: HmState, values: number[] = []): Run {
  const dice = scriptedDice(values);
  const events: GameEvent[] = [];
  return { events, dice, ctx: { dice: new DiceRoller(dice), battlefield: battlefieldFromSpec(state.battlefield), emit: (e) => void events.push(e) } };
}

/** The Joker has just been played (jokersPlayed already counts it): roll with exactly these dice. */
function joker(state: HmState, jokersPlayed: number, values: number[]): GameEvent[] {
  state.rules.jokersPlayed = jokersPlayed;
  const r = ctxFor(state, values);
  afterJoker(state, r.ctx.battlefield, r.ctx);
  expect(r.dice.script, 'every scripted die is thrown').toEqual([]);
  return r.events;
}

function enter(state: HmState, extra: Record<string, unknown> = {}): GameEvent[] {
  const r = ctxFor(state);
  const legal = arrivalActions(state, r.ctx.battlefield, 'a');
  const base = legal[0]?.action ?? { type: 'enter', side: 'a', force: 'a-flank' };
  applyArrival(state, r.ctx.battlefield, { ...base, formation: 'line', ...extra }, r.ctx);
  return r.events;
}

function refusal(state: HmState, action: Record<string, unknown>): string {
  const r = ctxFor(state);
  const before = JSON.stringify(state);
  try {
    applyArrival(structuredClone(state), r.ctx.battlefield, { type: 'enter', side: 'a', force: 'a-flank', ...action }, r.ctx);
  } catch (e) {
    expect(e).toBeInstanceOf(RuleError);
    expect(JSON.stringify(state)).toBe(before);
    return (e as RuleError).reason;
  }
  throw new Error('expected a refusal');
}

const force = (s: HmState): OffTableForce => s.rules.forces![0]!;

describe('the arrival roll (B §7)', () => {
  it('a near-flank force throws no die before the 2nd Joker and cannot come on', () => {
    const s = position(['infantry', 'infantry']);
    expect(joker(s, 1, [])).toEqual([]);
    expect(force(s).arrivesAtJoker).toBeNull();
    expect(arrivalActions(s, battlefieldFromSpec(s.battlefield), 'a')).toEqual([]);
    expect(refusal(s, { at: { x: inch(72), y: inch(12) } })).toBe("Prussians' flanking force cannot arrive before the 2nd Joker (1 played)");
  });

  it.each([
    [6, 2, 'it arrives now'],
    [5, 3, 'it arrives at the next Joker (the 3rd)'],
    [4, 4, 'it arrives at the Joker after next (the 4th)'],
  ])('a roll of %i at the 2nd Joker: it arrives at Joker %i', (die, at, words) => {
    const s = position(['infantry', 'infantry']);
    const events = joker(s, 2, [die]);
    expect(force(s).arrivesAtJoker).toBe(at);
    expect(force(s).rolls).toEqual([{ joker: 2, raw: die, final: die }]);
    expect(events[0]!.text).toBe(`Prussians' flanking force: arrival roll ${die}: ${words}: it is seen approaching on the near half of their right flank`);
    expect(events[0]!.dice).toEqual([{ purpose: 'arrival', sides: 6, values: [die] }]);
    expect(hasArrived(s, force(s))).toBe(at === 2);
    // Its arrival fixed, it throws no more dice; it comes on once its Joker has been played.
    expect(joker(s, at, [])).toEqual([]);
    expect(hasArrived(s, force(s))).toBe(true);
  });

  it('1-3: no sign, roll again at the next Joker; a raw 3 is announced', () => {
    const s = position(['infantry', 'infantry']);
    const first = joker(s, 2, [2]);
    expect(first[0]!.text).toBe("Prussians' flanking force: arrival roll 2: no sign yet; roll again at the next Joker");
    expect(force(s)).toMatchObject({ arrivesAtJoker: null, announced: false });
    expect(refusal(s, {})).toBe("there is no sign of Prussians' flanking force yet: it rolls again at the next Joker");
    const second = joker(s, 3, [3]);
    expect(second[0]!.text).toBe("Prussians' flanking force: arrival roll 3: no sign yet; roll again at the next Joker: it is seen approaching on the near half of their right flank");
    expect(force(s)).toMatchObject({ arrivesAtJoker: null, announced: true });
    joker(s, 4, [6]);
    expect(force(s).arrivesAtJoker).toBe(4);
    expect(force(s).rolls.map((r) => r.raw)).toEqual([2, 3, 6]);
  });

  it('an all-mounted force takes +1 when it brings it sooner (the engine chooses the soonest)', () => {
    const cases: [number, number | null, number][] = [
      [5, 2, 6],
      [4, 3, 5],
      [3, 4, 4],
      [2, null, 2],
      [6, 2, 6],
    ];
    for (const [raw, at, final] of cases) {
      const s = position(['lightCav', 'heavyCav']);
      const events = joker(s, 2, [raw]);
      expect(force(s).arrivesAtJoker, `raw ${raw}`).toBe(at);
      expect(force(s).rolls[0]!.final).toBe(final);
      if (final !== raw) expect(events[0]!.text).toContain(`arrival roll ${raw} +1 = ${final} (all mounted: the engine adds 1, the soonest arrival)`);
    }
    // Foot with the horse: no adjustment.
    const mixed = position(['lightCav', 'infantry']);
    joker(mixed, 2, [5]);
    expect(force(mixed)).toMatchObject({ arrivesAtJoker: 3, rolls: [{ joker: 2, raw: 5, final: 5 }] });
    // Reinforcements may adjust too, and dice from the 1st Joker.
    const reinf = position(['infantry'], { id: 'a-flank', kind: 'reinforcements', plannedJoker: 1 });
    joker(reinf, 1, [4]);
    expect(force(reinf)).toMatchObject({ arrivesAtJoker: 2, rolls: [{ joker: 1, raw: 4, final: 5 }] });
  });
});

describe('coming on (B §7)', () => {
  it('four units a turn through one point, one behind another, as a free Move; the 5th waits', () => {
    const s = position(['infantry', 'infantry', 'infantry', 'infantry', 'infantry'], { arrivesAtJoker: 2 });
    s.rules.jokersPlayed = 2;
    const bf = battlefieldFromSpec(s.battlefield);
    const first = arrivalActions(s, bf, 'a');
    expect(first.map((l) => l.action)).toEqual([{ type: 'enter', side: 'a', force: 'a-flank', unit: 'f1' }]);
    expect(first[0]!.params.map((p) => p.name)).toEqual(['at', 'formation']);
    // Out of order is refused; a point beyond the edge is taken to the edge.
    expect(refusal(s, { unit: 'f3', at: { x: inch(72), y: inch(10) } })).toBe("f1 comes on first: Prussians' flanking force enters in the order it was chosen (f3 later)");
    const events = enter(s, { at: { x: inch(80), y: inch(10) } });
    expect(events[0]!.text).toBe(`f1 (Prussians' flanking force) comes on in line at 72.0", 10.0" and moves 6.0"`);
    expect(force(s).entry).toEqual({ x: inch(72), y: inch(10) });
    // Later units use the same point: no point to choose.
    expect(arrivalActions(s, bf, 'a')[0]!.params.map((p) => p.name)).toEqual(['formation']);
    for (let i = 0; i < 3; i++) enter(s);
    const entered = ['f1', 'f2', 'f3', 'f4'].map((id) => unit(s, id));
    for (const u of entered) {
      expect(u.carriedBy).toBeUndefined();
      expect(isOffTable(s, u.id)).toBe(false);
      expect(Math.abs(u.y - inch(10))).toBeLessThan(1);
      expect(u.facing).toBeCloseTo(PI);
      expect(offTable(u, { width: inch(72), depth: inch(48) })).toBe(false);
      expect(enteredThisTurn(s, u.id)).toBe(true);
      expect(arrivalBarred(s, u.id)).toBe(`${u.id} came on to the table this turn and may take no other order until your next turn (B §7)`);
    }
    // One behind another: each stopped behind the one before.
    for (let i = 1; i < 4; i++) expect(entered[i]!.x).toBeGreaterThan(entered[i - 1]!.x + 40);
    expect(unit(s, 'f1').x).toBeCloseTo(inch(72) - 21 - inch(6), 0);
    // The fifth must wait for the next turn.
    expect(arrivalActions(s, bf, 'a')).toEqual([]);
    expect(refusal(s, {})).toBe("4 units of Prussians' flanking force have come on this turn, the most allowed: f5 must wait for your next turn (B §7)");
    expect(isOffTable(s, 'f5')).toBe(true);
    expect(arrivalBarred(s, 'f5')).toBe('f5 has not come on to the table yet');
    // Next turn those that came on may take orders again; until f4 marches on, the point is blocked.
    s.rules.turnNumber++;
    expect(arrivalBarred(s, 'f1')).toBeNull();
    expect(refusal(s, { formation: 'line' })).toBe('no room at the entry point (72.0", 10.0"): f4 has not cleared it');
    // A column is longer: it needs more room.
    for (const u of entered) u.x -= inch(3);
    expect(refusal(s, { formation: 'column' })).toBe('no room at the entry point (72.0", 10.0"): f4 has not cleared it');
    for (const u of entered) u.x -= inch(12);
    const last = enter(s);
    expect(last[0]!.text).toMatch(/^f5 .* all of Prussians' flanking force is on the table$/);
    expect(s.rules.offTable).toEqual([]);
    expect(arrivalActions(s, bf, 'a')).toEqual([]);
  });

  it('only in the owner\'s action step, with no card in play', () => {
    const s = position(['infantry'], { arrivesAtJoker: 2 });
    s.rules.jokersPlayed = 2;
    const bf = battlefieldFromSpec(s.battlefield);
    expect(arrivalActions(s, bf, 'b')).toEqual([]);
    s.rules.step = 'reorganisation';
    expect(arrivalActions(s, bf, 'a')).toEqual([]);
    expect(refusal(s, {})).toBe('units come on in the action step, once you have chosen to issue orders');
    s.rules.step = 'action';
    s.rules.activeCard = { card: 'joker', kind: 'joker', ordered: [], ordersLeft: 3, fired: [] };
    expect(arrivalActions(s, bf, 'a')).toEqual([]);
    expect(refusal(s, {})).toBe('finish the card in play first');
  });

  it('fog: no arrival die is thrown and nothing comes on while it lasts (B §4.12)', () => {
    const s = position(['infantry', 'infantry'], { arrivesAtJoker: 2 });
    s.rules.jokersPlayed = 2;
    s.rules.weather = 'fog';
    const bf = battlefieldFromSpec(s.battlefield);
    expect(arrivalActions(s, bf, 'a')).toEqual([]);
    expect(refusal(s, { at: { x: inch(72), y: inch(10) } })).toBe("fog: Prussians' flanking force cannot arrive while it lasts (B §4.12)");
    const waiting = position(['infantry']);
    waiting.rules.weather = 'fog';
    const events = joker(waiting, 2, []);
    expect(events[0]!.text).toBe("Prussians' flanking force: no sign in the fog (flanking forces and reinforcements do not arrive while it lasts)");
    expect(force(waiting).rolls).toEqual([]);
    // The fog lifts: it comes on.
    s.rules.weather = 'mist';
    expect(arrivalActions(s, bf, 'a').length).toBe(1);
  });
});

describe('off-table units are in no table query', () => {
  it('no threat zone, no halt, no target, no order while off the table', () => {
    // An enemy battalion 3" in front of b's cavalry, which is still off the table but placed right there.
    const s = position(['infantry'], {}, [
      makeUnit({ id: 'cav', side: 'b', troop: 'heavyCav', x: 36, y: 27, facing: DOWN }),
      makeUnit({ id: 'a1', side: 'a', troop: 'infantry', x: 36, y: 22 }),
    ]);
    const bf = battlefieldFromSpec(s.battlefield);
    const zc = zoneContext(s, bf);
    const a1 = unit(s, 'a1');
    const cav = unit(s, 'cav');
    // On the table it would halt a1 with its threat zone.
    expect(haltCause(a1, s.units, zc)).not.toBeNull();
    cav.carriedBy = OFF_TABLE;
    expect(threatZones(s.units, zc).some((z) => z.owner === 'cav')).toBe(false);
    expect(enemyZoneOn(a1, s.units, zc)).toBeNull();
    expect(haltCause(a1, s.units, zc)).toBeNull();
  });

  it('a force held back at setup is parked beyond the edge: no enemy may Attack it', () => {
    const s = position(['lightCav'], {}, [makeUnit({ id: 'b2', side: 'b', troop: 'lightCav', x: 68, y: 12, facing: 0 })]);
    const bf = battlefieldFromSpec(s.battlefield);
    expect(attackTargets(s, bf, unit(s, 'b2')).map((u) => u.id)).not.toContain('f1');
  });

  it('an off-table unit takes no orders, even with its card in hand, and is no enemy', () => {
    const s = position(['lightCav'], {}, [makeUnit({ id: 'b2', side: 'b', troop: 'lightCav', x: 68, y: 12, facing: 0 })]);
    s.rules.sides.a!.hand.push('u:f1:1');
    const f1 = unit(s, 'f1');
    f1.x = inch(66);
    f1.facing = 0;
    const bf = battlefieldFromSpec(s.battlefield);
    expect(legal(s, 'a').some((l) => l.action.unit === 'f1')).toBe(false);
    expect(attackTargets(s, bf, unit(s, 'b2')).map((u) => u.id)).not.toContain('f1');
    expect(enemiesOf(s, unit(s, 'b2')).map((u) => u.id)).not.toContain('f1');
  });
});
