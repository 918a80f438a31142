/**
 * The Retire result's wheel and facing, chosen by the retiring unit's side (A §10, §19.6): "the unit
 * wheels through up to forty five degrees, Retires nine inches ... and turns to face any direction".
 * The Attack waits for the choice; a wrong choice is refused and the game is left as it was.
 */

import { describe, expect, it } from 'vitest';
import type { HmState } from '../../../src/rules/horse-and-musket/types';
import { hmAi } from '../../../src/rules/horse-and-musket/ai';
import { inch } from '../../../src/core/measure';
import { act, attack, buildState, event, expectPose, legal, makeGeneral, makeUnit, refuse, STAND, unit } from './fixture';

const MM = 1 / 25.4;
// Heavy cavalry A, 12" from D's front: A's Resolve 2+2 with +1 net is 5 on Chart D, Retire; D throws 3+3.
const AY = 26 - 12 - STAND * MM;
const RESOLVE = [2, 2, 3, 3];
/** Confrontation dice after the Retire: none disorders. */
const CONFRONTATION = [1, 1, 1, 1, 1, 1, 1, 1, 1];

function duel(resolveChoices?: string): HmState {
  const s = buildState({
    units: [makeUnit({ id: 'A', side: 'a', troop: 'heavyCav', x: 36, y: AY }), makeUnit({ id: 'D', side: 'b', troop: 'infantry', x: 36, y: 26 }), makeGeneral('ga', 'a', 10, 2), makeGeneral('gb', 'b', 60, 46)],
    hands: { a: ['u:A:1'] },
  });
  if (resolveChoices) s.options.resolveChoices = resolveChoices;
  return s;
}

describe('the Retire result: its side chooses the wheel and facing (A §19.6)', () => {
  it('the Attack waits for the retiring side, which alone is offered the choice', () => {
    const r = attack(duel(), 'A', 'D', RESOLVE);
    expect(event(r.events, 'resolve', 'A').chart?.row).toBe('5: Retire');
    expect(event(r.events, 'retire-choice', 'A').text).toBe('A must Retire: its side chooses the wheel, up to 45° from straight away from D, and the way it faces after 9"');
    expect(r.events.some((e) => e.type === 'attack-result')).toBe(false);
    expect(r.state.rules.pendingRetire).toMatchObject({ unit: 'A', opponent: 'D', next: 0 });
    expect(r.state.phase).toBe('reaction');
    expectPose(unit(r.state, 'A'), 36, AY, Math.PI / 2);
    expect(legal(r.state, 'b')).toEqual([]);
    const offered = legal(r.state, 'a');
    expect(offered.map((l) => l.label)).toEqual(['A: retire straight back and face D', "A: choose the Retire's wheel and facing"]);
    expect(offered[1]!.params.map((p) => (p.kind === 'angle' ? [p.name, p.min, p.max] : p.name))).toEqual([
      ['wheel', -Math.PI / 4, Math.PI / 4],
      ['turn', -Math.PI, Math.PI],
    ]);
    // The other side cannot answer for it.
    expect(refuse(r.state, { type: 'retire-choice', side: 'b', unit: 'A', choice: 'chosen', wheel: 0, turn: 0 })).toBe("A's side chooses how it retires");
  });

  it('a chosen wheel of 30° right and a turn of 90° left: 9" along the wheeled line, facing as chosen', () => {
    const s = attack(duel(), 'A', 'D', RESOLVE).state;
    const r = act(s, { type: 'retire-choice', side: 'a', unit: 'A', choice: 'chosen', wheel: -Math.PI / 6, turn: Math.PI / 2 }, CONFRONTATION);
    // Straight away from D is straight down the table (−90°); 30° right of it is −120°.
    const heading = -Math.PI / 2 - Math.PI / 6;
    expectPose(unit(r.state, 'A'), 36 + 9 * Math.cos(heading), AY + 9 * Math.sin(heading), Math.PI);
    expect(unit(r.state, 'A').rs.shakenMarker).toBe(true);
    const moved = event(r.events, 'retire-move', 'A');
    expect(moved.text).toBe('A wheels 30° right and retires 9.0", then turns 90° left');
    // The way and the pose, before any die of the rest of the Attack: what the choice's preview shows.
    expect(moved.data).toEqual({ path: [{ x: inch(36), y: inch(AY) }, { x: unit(r.state, 'A').x, y: unit(r.state, 'A').y }], pose: { x: unit(r.state, 'A').x, y: unit(r.state, 'A').y, facing: unit(r.state, 'A').facing } });
    expect(r.events.indexOf(moved)).toBe(0);
    expect(event(r.events, 'attack-result').text).toContain('Confrontation:');
    expect(r.state.rules.pendingRetire).toBeNull();
    expect(r.state.active).toBe('a');
  });

  it("the program's way is the same as before the choice existed, and is the computer's pick", () => {
    const s = attack(duel(), 'A', 'D', RESOLVE).state;
    const program = legal(s, 'a')[0]!.action;
    const chosen = legal(s, 'a')[1]!.action;
    expect(hmAi.choiceValue!(s, program, 'attack')).toBeGreaterThan(hmAi.choiceValue!(s, chosen, 'attack')!);
    const r = act(s, program, CONFRONTATION);
    expectPose(unit(r.state, 'A'), 36, AY - 9, Math.PI / 2);
    // With the program taking the Attack's choices, nothing waits.
    const auto = attack(duel('automatic'), 'A', 'D', [...RESOLVE, ...CONFRONTATION]);
    expect(auto.state.rules.pendingRetire ?? null).toBeNull();
    expectPose(unit(auto.state, 'A'), 36, AY - 9, Math.PI / 2);
  });

  it('refuses a wheel over 45°, a turn over 180°, an unknown way and any other action, leaving the game as it was', () => {
    const s = attack(duel(), 'A', 'D', RESOLVE).state;
    expect(refuse(s, { type: 'retire-choice', side: 'a', unit: 'A', choice: 'chosen', wheel: (50 * Math.PI) / 180, turn: 0 })).toBe('a Retire wheels at most 45° either way from straight away from the enemy');
    expect(refuse(s, { type: 'retire-choice', side: 'a', unit: 'A', choice: 'chosen', wheel: 0, turn: 4 })).toBe('the turn after a Retire is at most 180° either way');
    expect(refuse(s, { type: 'retire-choice', side: 'a', unit: 'A', choice: 'chosen', wheel: 'left', turn: 0 })).toBe('a Retire wheels at most 45° either way from straight away from the enemy');
    expect(refuse(s, { type: 'retire-choice', side: 'a', unit: 'A', choice: 'sideways' })).toBe('a Retire is carried out by the program ("program") or as its side chooses ("chosen")');
    expect(refuse(s, { type: 'end-activations', side: 'a' })).toBe('A must first Retire: its side chooses the wheel and facing, or leaves them to the program');
  });
});

describe('the Retire chosen when only the attacker\'s result counts', () => {
  it('against a target that proves out of reach (A §11.10): the Attack waits, then the chosen Retire, and no die for D', () => {
    // A 20" from D's front: beyond the 18" Attack range, declared without measuring.
    const far = 40 - 20 - STAND * MM;
    const s = buildState({
      units: [makeUnit({ id: 'A', side: 'a', troop: 'heavyCav', x: 36, y: far }), makeUnit({ id: 'D', side: 'b', troop: 'infantry', x: 36, y: 40 }), makeGeneral('ga', 'a', 10, 2), makeGeneral('gb', 'b', 60, 46)],
      hands: { a: ['u:A:1'] },
    });
    s.options.measuring = 'after-declaring';
    const r = attack(s, 'A', 'D', RESOLVE);
    expect(event(r.events, 'resolve', 'A').chart?.row).toBe('5: Retire');
    expect(r.events.some((e) => e.type === 'attack-result')).toBe(false);
    expect(r.state.rules.pendingRetire).toMatchObject({ unit: 'A', opponent: 'D', next: 0, defenderSide: null, after: { kind: 'outOfReach' } });
    expect(legal(r.state, 'a').map((l) => l.label)).toEqual(['A: retire straight back and face D', "A: choose the Retire's wheel and facing"]);
    // 45° left of straight away (−90°) is −45°; then turn 180°. No die is thrown after the choice.
    const done = act(r.state, { type: 'retire-choice', side: 'a', unit: 'A', choice: 'chosen', wheel: Math.PI / 4, turn: Math.PI }, []);
    expectPose(unit(done.state, 'A'), 36 + 9 * Math.cos(-Math.PI / 4), far + 9 * Math.sin(-Math.PI / 4), -Math.PI / 2);
    expect(event(done.events, 'retire-move', 'A').text).toBe('A wheels 45° left and retires 9.0", then turns 180° left');
    expect(event(done.events, 'attack-result').text).toBe("D proves to be out of reach: only A's result counts");
    expect(unit(done.state, 'A').rs.shakenMarker).toBe(true);
    expect(unit(done.state, 'D').stands.every((st) => st.status === 'ok')).toBe(true);
    expect(done.state.rules.pendingRetire).toBeNull();
    expect(done.state.active).toBe('a');
  });

  it('against evaders (B §1.5): the attacker\'s Retire waits for its side, away from where the evaders now stand', () => {
    const s = buildState({
      units: [makeUnit({ id: 'A', side: 'a', troop: 'heavyCav', x: 36, y: 14 }), makeUnit({ id: 'S', side: 'b', troop: 'skirmInf', x: 36, y: 26 }), makeGeneral('ga', 'a', 10, 2), makeGeneral('gb', 'b', 60, 46)],
      hands: { a: ['u:A:1'] },
    });
    const declared = attack(s, 'A', 'S', []);
    // Evade 4 −1 (skirmishers attacked by horse) = 3: 1D6", a 1; then A tests 1+1 +3 net = 5 on Chart D: Retire.
    const r = act(declared.state, { type: 'react', side: 'b', choice: 'evade', card: null }, [4, 1, 1, 1]);
    expect(event(r.events, 'resolve', 'A').chart?.row).toBe('5: Retire');
    expect(r.state.rules.pendingRetire).toMatchObject({ unit: 'A', opponent: 'S', defenderSide: null, after: { kind: 'evade', perfect: false, inches: 1 } });
    expect(r.state.active).toBe('a');
    const sy = unit(r.state, 'S').y;
    // Straight back from S, then face the way it came (turn 0 keeps A's facing up the table).
    const done = act(r.state, { type: 'retire-choice', side: 'a', unit: 'A', choice: 'chosen', wheel: -Math.PI / 8, turn: 0 }, [1, 1, 1, 1, 1, 1, 1, 1]);
    const heading = Math.atan2(14 * 25.4 - sy, 0) - Math.PI / 8;
    expectPose(unit(done.state, 'A'), 36 + 9 * Math.cos(heading), 14 + 9 * Math.sin(heading), Math.PI / 2);
    expect(event(done.events, 'retire-move', 'A').text).toBe('A wheels 23° right and retires 9.0"');
    expect(event(done.events, 'attack-result').text).toContain('Confrontation');
    expect(done.state.rules.pendingRetire).toBeNull();
  });
});
