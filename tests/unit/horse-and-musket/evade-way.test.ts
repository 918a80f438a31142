/**
 * A Perfect Evade's way (B §1.5, evadeWay.ts): when the straight way is blocked, the evaders take a
 * way that bends round what is in it, no longer than their reach measured along it.
 */

import { describe, expect, it } from 'vitest';
import { inch } from '../../../src/core/measure';
import type { Vec2 } from '../../../src/core/geometry';
import { battlefieldFromSpec } from '../../../src/terrain/battlefield';
import { relocationCheck } from '../../../src/rules/horse-and-musket/evadeWay';
import type { HmState } from '../../../src/rules/horse-and-musket/types';
import { act, attack, buildState, event, expectPose, flatTable, makeGeneral, makeUnit, refuse, unit, box, stoneBuilding } from './fixture';

const HALF = 20 / 25.4;
const toIn = (mm: number): number => mm / 25.4;
/** Points every 0.05" along a way's legs. */
const along = (pts: readonly Vec2[]): Vec2[] =>
  pts.slice(1).flatMap((b, i) => {
    const a = pts[i]!;
    const n = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / inch(0.05)));
    return Array.from({ length: n + 1 }, (_, k) => ({ x: a.x + ((b.x - a.x) * k) / n, y: a.y + ((b.y - a.y) * k) / n }));
  });
const lengthOf = (pts: readonly Vec2[]): number => pts.slice(1).reduce((sum, p, i) => sum + Math.hypot(p.x - pts[i]!.x, p.y - pts[i]!.y), 0);

/** A well 1.2" wide and 0.2" deep (x 35.4"–36.6", y 27.9"–28.1") straight behind skirmishers S at (36", 26"), whom A attacks. */
function perfectBeforeWell(): HmState {
  const reserve = ['R1', 'R2', 'R3'].map((id, i) => makeUnit({ id, side: 'b', troop: 'infantry', x: 50 + i * 8, y: 44 }));
  const s = buildState({
    units: [makeUnit({ id: 'A', side: 'a', troop: 'infantry', x: 36, y: 17 }), makeUnit({ id: 'S', side: 'b', troop: 'skirmInf', x: 36, y: 26 }), makeGeneral('ga', 'a', 6, 2), makeGeneral('gb', 'b', 66, 46), ...reserve],
    hands: { a: ['u:A:1'] },
  });
  s.battlefield = { ...flatTable(), features: [stoneBuilding('well', 'The well', box(35.4, 27.9, 36.6, 28.1))] };
  const declared = attack(s, 'A', 'S', []);
  // Evade 6: Perfect; A's Resolve 4+4 = 8: advance to 6" and fire.
  return act(declared.state, { type: 'react', side: 'b', choice: 'evade', card: null }, [6, 4, 4]).state;
}

const relocate = (to: Vec2) => ({ type: 'relocate', side: 'b', unit: 'S', to: { x: inch(to.x), y: inch(to.y) } });

describe('a Perfect Evade takes a way round what blocks the straight one', () => {
  it('goes 4" on round the well by a bent way, about 5.4" long, and ends where its side chose', () => {
    const s0 = perfectBeforeWell();
    // Its Colour Stand must pass west of x = 35.4" − 0.79" = 34.61" (or east of 37.39") while level with
    // the well: at best 3 legs of 1.78" (5.34"); on the half-inch lattice a little more.
    const check = relocationCheck(s0, battlefieldFromSpec(s0.battlefield), unit(s0, 'S'), unit(s0, 'A'), inch(6), { x: inch(36), y: inch(30) });
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.way.length).toBeGreaterThan(2);
    expect(toIn(check.distance)).toBeGreaterThanOrEqual(5.34 - 1e-6);
    expect(toIn(check.distance)).toBeLessThanOrEqual(6);
    expect(check.distance).toBeCloseTo(lengthOf(check.way), 6);
    // Wherever the way runs level with the well, it runs clear of it, to one side.
    const level = along(check.way).filter((p) => toIn(p.y) > 27.9 - HALF && toIn(p.y) < 28.1 + HALF);
    expect(level.length).toBeGreaterThan(0);
    for (const p of level) expect(toIn(p.x) <= 34.61 + 1e-6 || toIn(p.x) >= 37.39 - 1e-6).toBe(true);
    expect(check.way[0]).toEqual({ x: inch(36), y: inch(26) });
    expect(check.way.at(-1)).toEqual({ x: inch(36), y: inch(30) });

    const r = act(s0, relocate({ x: 36, y: 30 }), [6, 6, 4, 4, 1, 1, 1, 6, 1, 1, 1]);
    expectPose(unit(r.state, 'S'), 36, 30, Math.atan2(18.5 - 30, 0));
    expect(event(r.events, 'evade-move').text).toContain(`S slips away ${toIn(check.distance).toFixed(1)}" by a way round what stood in its path and regroups facing A`);
    // The event carries the bent way for the table to draw, before any die of the evaders' fire.
    const moved = event(r.events, 'evade-move');
    expect(moved.data?.path).toEqual(check.way);
    expect(r.events.indexOf(moved)).toBeLessThan(r.events.findIndex((e) => (e.dice?.length ?? 0) > 0));
  });

  it('takes the straight way when nothing is in it, measuring it straight', () => {
    const s0 = perfectBeforeWell();
    const check = relocationCheck(s0, battlefieldFromSpec(s0.battlefield), unit(s0, 'S'), unit(s0, 'A'), inch(6), { x: inch(31), y: inch(27) });
    expect(check).toMatchObject({ ok: true, way: [{ x: inch(36), y: inch(26) }, { x: inch(31), y: inch(27) }] });
    if (check.ok) expect(toIn(check.distance)).toBeCloseTo(Math.hypot(5, 1), 9);
  });
});

describe('cavalry evaders (18") round a long wall', () => {
  /** Light cavalry L (2 stands) at (20", 20") facing up the table; a stone wall of barns across y 26"–27" from x0 to x1. */
  function cavalry(x0: number, x1: number): HmState {
    const s = buildState({ units: [makeUnit({ id: 'L', side: 'b', troop: 'lightCav', x: 20, y: 20, formation: 'loose', stands: 2, facing: Math.PI / 2 }), makeGeneral('ga', 'a', 66, 2), makeGeneral('gb', 'b', 66, 46)] });
    s.battlefield = { ...flatTable(), features: [stoneBuilding('wall', 'Long barn', box(x0, 26, x1, 27))] };
    return s;
  }

  it('rides round the end of an 8" barn to a point 14" beyond, about 17.5" along the way', () => {
    const s = cavalry(16, 24);
    const check = relocationCheck(s, battlefieldFromSpec(s.battlefield), unit(s, 'L'), undefined, inch(18), { x: inch(20), y: inch(34) });
    expect(check.ok, JSON.stringify(check)).toBe(true);
    if (!check.ok) return;
    // Round either end: (20,20) → (24.79, 25.21) → (24.79, 27.79) → (20, 34) is 17.5" at best.
    expect(toIn(check.distance)).toBeGreaterThanOrEqual(17.49);
    expect(toIn(check.distance)).toBeLessThanOrEqual(18);
    expect(check.distance).toBeCloseTo(lengthOf(check.way), 6);
    const beside = along(check.way).filter((p) => toIn(p.y) > 26 - HALF && toIn(p.y) < 27 + HALF);
    expect(beside.length).toBeGreaterThan(0);
    for (const p of beside) expect(toIn(p.x) <= 16 - HALF + 1e-6 || toIn(p.x) >= 24 + HALF - 1e-6).toBe(true);
    expectPose({ ...unit(s, 'L'), x: check.pose.x, y: check.pose.y }, 20, 34);
  });

  it('refuses a 12" barn: the way round is over 18", and says so', () => {
    const s = cavalry(14, 26);
    const check = relocationCheck(s, battlefieldFromSpec(s.battlefield), unit(s, 'L'), undefined, inch(18), { x: inch(20), y: inch(34) });
    expect(check).toEqual({ ok: false, reason: 'L cannot get there: impassable terrain ahead, and there is no way round within 18"' });
  });
});

describe('a refused relocation leaves the game as it was', () => {
  it('a place beyond the reach along any way is refused with the reason', () => {
    const s0 = perfectBeforeWell();
    expect(refuse(s0, relocate({ x: 36, y: 31.5 }))).toBe('S cannot get there: impassable terrain ahead, and there is no way round within 6"');
  });

  it('a place where the chain, gathered round its Colour Stand, would stand on the well is refused, though a way round leads there', () => {
    const s0 = perfectBeforeWell();
    // The Colour Stand at (33.5", 28") is clear of the well; the chain's stand 2.3" to its side is on it.
    expect(refuse(s0, relocate({ x: 33.5, y: 28 }))).toBe('S cannot get there: impassable terrain ahead');
  });
});
