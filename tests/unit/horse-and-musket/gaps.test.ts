/** Narrow gaps and defiles (A §11.7, B §4.10): who may pass a gap between buildings, friends or over a bridge, and how. */

import { describe, expect, it } from 'vitest';
import { inch } from '../../../src/core/measure';
import { narrowestPassage, rayToRects } from '../../../src/core/passage';
import type { Vec2 } from '../../../src/core/geometry';
import type { CrossingFeature, TerrainFeature, WaterFeature } from '../../../src/terrain/features';
import type { Formation, HmState, TroopType } from '../../../src/rules/horse-and-musket/types';
import { act, attack, buildState, event, expectPose, flatTable, makeGeneral, makeUnit, refuse, unit, UP, box, barns } from './fixture';




/** Unit M of side a at (36", y) facing up the table, with the given ground. */
function position(troop: TroopType, formation: Formation, y: number, features: TerrainFeature[], stands?: number): HmState {
  const s = buildState({
    units: [makeUnit({ id: 'M', side: 'a', troop, x: 36, y, formation, stands }), makeGeneral('ga', 'a', 6, 2), makeGeneral('gb', 'b', 66, 46)],
    hands: { a: [troop === 'skirmInf' ? 'skirmInf:a:1' : 'u:M:1'] },
  });
  s.battlefield = { ...flatTable(), features };
  // Skirmishers move on their side's skirmisher card, played first.
  return troop === 'skirmInf' ? act(s, { type: 'play-card', side: 'a', card: 'skirmInf:a:1' }).state : s;
}

const move = (to: { x: number; y: number }, card = 'u:M:1') => ({ type: 'order', side: 'a', unit: 'M', card, order: 'move', to: { x: inch(to.x), y: inch(to.y) } });

describe('measuring a passage (src/core/passage.ts)', () => {
  it('finds the narrowest cross-section of a path between obstacles either side', () => {
    // A corridor that narrows from 4 to 3 units between two walls; probes return the distance to x = ±half-width.
    const half = (y: number): number => (y < 5 ? 2 : 1.5);
    const probe = (p: Vec2, dir: Vec2, max: number) => {
      const d = (dir.x > 0 ? half(p.y) - p.x : p.x + half(p.y)) / Math.abs(dir.x || 1);
      return Math.abs(dir.x) > 0.5 && d <= max ? { distance: d, what: dir.x > 0 ? 'east wall' : 'west wall' } : null;
    };
    const g = narrowestPassage({ x: 0, y: 0 }, { x: 0, y: 10 }, probe, { reach: 5, step: 0.5 })!;
    expect(g.width).toBeCloseTo(3, 9);
    expect(g.at.y).toBeGreaterThanOrEqual(5);
    expect([g.left, g.right]).toEqual(['west wall', 'east wall']);
  });

  it('runs a ray to the first rectangle it enters', () => {
    const rect = { cx: 10, cy: 0, facing: 0, width: 4, depth: 2 };
    expect(rayToRects({ x: 0, y: 0 }, { x: 1, y: 0 }, 20, [rect])).toBeCloseTo(9, 9);
    expect(rayToRects({ x: 0, y: 0 }, { x: -1, y: 0 }, 20, [rect])).toBeNull();
  });
});

describe('narrow gaps (A §11.7, B §4.10)', () => {
  it('refuses a line going through a 3" gap between two barns, saying why, and leaves the game untouched', () => {
    const s = position('infantry', 'line', 14, barns(3));
    const why = refuse(s, move({ x: 36, y: 20 }));
    expect(why).toBe('M is in line, 7.9" wide, and the gap between West barn and East barn (3.0" wide) is narrower: it passes only in loose formation. Move it to within 1" of the gap first; there it breaks ranks by itself');
  });

  it('lets a column through the same gap: it marches the full 6"', () => {
    const s = position('infantry', 'column', 14, barns(3));
    const r = act(s, move({ x: 36, y: 20 }));
    expectPose(unit(r.state, 'M'), 36, 20, UP);
    expect(unit(r.state, 'M').formation).toBe('column');
  });

  it('a line that comes within 1" of the gap breaks ranks, and then threads it loose', () => {
    const s = position('infantry', 'line', 14, barns(3));
    // Front edge at 19.29", 0.71" short of the barns.
    const r1 = act(s, move({ x: 36, y: 18.5 }));
    const m1 = unit(r1.state, 'M');
    expectPose(m1, 36, 18.5);
    expect(m1.formation).toBe('loose');
    expect(r1.events.find((e) => e.type === 'order')!.text).toContain('M breaks ranks into loose formation before the gap between West barn and East barn (3.0" wide)');
    // Next order: the loose unit goes through and out the far side, 6" on, its scatter clear of the barns.
    const s2 = r1.state;
    s2.rules.sides.a!.hand = ['u:M:1'];
    const r2 = act(s2, move({ x: 36, y: 24.5 }));
    const m2 = unit(r2.state, 'M');
    expectPose(m2, 36, 24.5);
    expect(m2.stands.every((st) => Math.abs(st.l) > 0 || st === m2.stands[0])).toBe(true);
  });

  it('a loose unit stopping inside the gap stands in a file behind its Colour Stand', () => {
    const s = position('infantry', 'loose', 17, barns(3), 4);
    const r = act(s, move({ x: 36, y: 21 }));
    const m = unit(r.state, 'M');
    expectPose(m, 36, 21);
    expect(m.stands.map((st) => Math.abs(st.l) <= inch(0.1) + 1e-9)).toEqual([true, true, true, true]);
    expect(r.events.find((e) => e.type === 'order')!.text).toContain('M threads the gap between West barn and East barn (3.0" wide) in a file');
  });

  it('a 1.9" gap refuses a line and a loose unit alike: no formed unit passes under 2"', () => {
    const line = refuse(position('infantry', 'line', 14, barns(1.9)), move({ x: 36, y: 20 }));
    expect(line).toBe('M cannot pass the gap between West barn and East barn (1.9" wide): no formed unit passes a gap narrower than 2", even in loose formation');
    const loose = refuse(position('infantry', 'loose', 17, barns(1.9), 4), move({ x: 36, y: 21 }));
    expect(loose).toBe(line);
  });

  it('columns and skirmishers need only one stand: they pass 1.9", but not 1.4"', () => {
    expectPose(unit(act(position('infantry', 'column', 14, barns(1.9)), move({ x: 36, y: 20 })).state, 'M'), 36, 20);
    expectPose(unit(act(position('skirmInf', 'loose', 17, barns(1.9)), move({ x: 36, y: 23 }, 'skirmInf:a:1')).state, 'M'), 36, 23);
    const column = refuse(position('infantry', 'column', 14, barns(1.4)), move({ x: 36, y: 20 }));
    expect(column).toBe('M cannot pass the gap between West barn and East barn (1.4" wide): it is narrower than one stand (1.6")');
    expect(refuse(position('skirmInf', 'loose', 17, barns(1.4)), move({ x: 36, y: 23 }, 'skirmInf:a:1'))).toBe(column);
  });

  it('friendly units make a gap too', () => {
    const s = buildState({
      units: [
        makeUnit({ id: 'M', side: 'a', troop: 'infantry', x: 36, y: 14 }),
        makeUnit({ id: 'F1', side: 'a', troop: 'infantry', x: 30.5, y: 21, formation: 'column', stands: 2 }),
        makeUnit({ id: 'F2', side: 'a', troop: 'infantry', x: 41.5, y: 21, formation: 'column', stands: 2 }),
        makeGeneral('ga', 'a', 6, 2),
        makeGeneral('gb', 'b', 66, 46),
      ],
      hands: { a: ['u:M:1'] },
    });
    // The columns' inner edges are at 31.29" and 40.71": a 9.4" gap, wider than the 7.9" line.
    expect(unit(act(s, move({ x: 36, y: 20 })).state, 'M').formation).toBe('line');
    const narrow = buildState({
      units: [
        makeUnit({ id: 'M', side: 'a', troop: 'infantry', x: 36, y: 14 }),
        makeUnit({ id: 'F1', side: 'a', troop: 'infantry', x: 33, y: 21, formation: 'column', stands: 2 }),
        makeUnit({ id: 'F2', side: 'a', troop: 'infantry', x: 39, y: 21, formation: 'column', stands: 2 }),
        makeGeneral('ga', 'a', 6, 2),
        makeGeneral('gb', 'b', 66, 46),
      ],
      hands: { a: ['u:M:1'] },
    });
    expect(refuse(narrow, move({ x: 36, y: 20 }))).toContain('the gap between F1 and F2 (4.4" wide)');
  });

  it('a bridge is a defile: a line may not cross it in line, a column crosses', () => {
    const river: WaterFeature = { id: 'r', kind: 'river', name: 'The Weistritz', line: [{ x: 0, y: inch(21) }, { x: inch(72), y: inch(21) }], width: inch(2), depth: 20, class: 'deepRiver' };
    const bridge: CrossingFeature = { id: 'br', kind: 'bridge', name: 'Mill bridge', waterId: 'r', polygon: box(34.5, 19.5, 37.5, 22.5), material: 'stone' };
    const ground = [river, bridge];
    const why = refuse(position('infantry', 'line', 14, ground), move({ x: 36, y: 20 }));
    expect(why).toBe('M is in line, 7.9" wide, and Mill bridge (3.0" wide) is narrower: it passes only in loose formation. Move it to within 1" of the gap first; there it breaks ranks by itself');
    expectPose(unit(act(position('infantry', 'column', 14, ground), move({ x: 36, y: 20 })).state, 'M'), 36, 20);
  });
});

describe('evaders and gaps between ground (B §1.5, §4.10)', () => {
  /** Infantry A attacks skirmishers S, whose way straight back runs between the barns. */
  function evaders(width: number): HmState {
    const s = buildState({
      units: [
        makeUnit({ id: 'A', side: 'a', troop: 'infantry', x: 36, y: 8 }),
        makeUnit({ id: 'S', side: 'b', troop: 'skirmInf', x: 36, y: 17 }),
        makeGeneral('ga', 'a', 6, 2),
        makeGeneral('gb', 'b', 66, 46),
        ...['R1', 'R2'].map((id, i) => makeUnit({ id, side: 'b', troop: 'infantry', x: 58 + i * 8, y: 44 })),
      ],
      hands: { a: ['u:A:1'] },
    });
    s.battlefield = { ...flatTable(), features: barns(width) };
    return s;
  }

  it('break formation to pass a 3" gap, where their chain would have struck the barns', () => {
    const declared = attack(evaders(3), 'A', 'S', []);
    // A 5: evade 6" straight away; the attackers move 6" forward without testing.
    const r = act(declared.state, { type: 'react', side: 'b', choice: 'evade', card: null }, [5]);
    const s = unit(r.state, 'S');
    expect(s.removed).toBe(false);
    expectPose(s, 36, 23, UP);
    expect(event(r.events, 'attack-result').text).toContain('S breaks formation to pass the gap between West barn and East barn (3.0" wide)');
  });

  it('are destroyed by a gap narrower than one stand', () => {
    const declared = attack(evaders(1.4), 'A', 'S', []);
    const r = act(declared.state, { type: 'react', side: 'b', choice: 'evade', card: null }, [5]);
    expect(unit(r.state, 'S').removed).toBe(true);
    expect(event(r.events, 'attack-result').text).toContain('S is destroyed (evaded into impassable ground)');
  });
});

describe('re-forming in a narrow gap (A §11.7)', () => {
  /** M, loose and unmoved, at the end of a turn in which its side issued orders. */
  function standing(y: number): HmState {
    const s = buildState({
      units: [makeUnit({ id: 'M', side: 'a', troop: 'infantry', x: 36, y, formation: 'loose', stands: 4 }), makeGeneral('ga', 'a', 6, 2), makeGeneral('gb', 'b', 66, 46)],
      step: 'action',
      issued: true,
    });
    s.battlefield = { ...flatTable(), features: barns(3) };
    return s;
  }

  it('a loose unit that stood re-forms its line when there is room', () => {
    const r = act(standing(16), { type: 'end-turn', side: 'a' });
    expect(unit(r.state, 'M').formation).toBe('line');
    expect(event(r.events, 'compulsory', 'M').text).toBe('M re-forms line about its Colour Stand');
  });

  it('stays loose inside the gap, where its line would stand on the barns', () => {
    const r = act(standing(21), { type: 'end-turn', side: 'a' });
    expect(unit(r.state, 'M').formation).toBe('loose');
    expect(event(r.events, 'compulsory', 'M').text).toBe('M stays loose: there is no room to re-form line where it stands');
  });
});
