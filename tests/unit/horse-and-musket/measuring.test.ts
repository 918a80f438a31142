/** The book's no-measuring rule as a setting (A §11.10): declared out of reach, only the attacker's result counts. */

import { describe, expect, it } from 'vitest';
import { act, attack, buildState, event, legal, makeGeneral, makeUnit, refuse, unit } from './fixture';

/** Infantry A 10.4" (fronts) from infantry D: beyond the 9" Attack range. */
function apart(measuring: 'free' | 'after-declaring') {
  const s = buildState({
    units: [makeUnit({ id: 'A', side: 'a', troop: 'infantry', x: 36, y: 14, status: 'elite' }), makeUnit({ id: 'D', side: 'b', troop: 'infantry', x: 36, y: 26 }), makeGeneral('ga', 'a', 10, 2), makeGeneral('gb', 'b', 60, 46)],
    hands: { a: ['u:A:1'] },
  });
  s.options.measuring = measuring;
  return s;
}

describe('measuring only after declaring (A §11.10)', () => {
  it('when the program measures, a target out of range cannot be attacked', () => {
    const s = apart('free');
    expect(legal(s, 'a').some((l) => l.action.order === 'attack')).toBe(false);
    expect(refuse(s, { type: 'order', side: 'a', unit: 'A', card: 'u:A:1', order: 'attack', target: 'D' })).toBe('A has no target it may Attack now: it needs one in range, in sight, on a clear line and of a kind it may attack');
  });

  it('without measuring the Attack may be declared; out of reach, the attacker charges short and the defender is untouched', () => {
    const s = apart('after-declaring');
    expect(legal(s, 'a').some((l) => l.action.order === 'attack')).toBe(true);
    const before = unit(s, 'D');
    // A 6+6 −1 unsupported +1 higher status +1 fresh = 13: Charge (up to 9"); D 1+1 would break and run, but ignores its result.
    const r = attack(s, 'A', 'D', [6, 6, 1, 1]);
    const text = event(r.events, 'attack-result').text;
    expect(text).toContain('D proves to be out of reach');
    const a = unit(r.state, 'A');
    const d = unit(r.state, 'D');
    expect((a.y - 14 * 25.4) / 25.4).toBeCloseTo(9, 1);
    expect(d.y).toBe(before.y);
    expect(d.rs.retrograde).toBe('none');
    expect(d.stands.every((st) => st.status === 'ok')).toBe(true);
  });
});

/** Cannon G (side a) laid on infantry T 36.4" away (front edges): beyond the 30" of ball. */
function gunAndTarget(measuring: 'free' | 'after-declaring', inLine: boolean) {
  const units = [
    makeUnit({ id: 'G', side: 'a', troop: 'artillery', x: 36, y: 4 }),
    makeUnit({ id: 'T', side: 'b', troop: 'infantry', x: 36, y: 42, stands: 1 }),
    makeGeneral('ga', 'a', 6, 2),
    makeGeneral('gb', 'b', 66, 46),
    ...['R1', 'R2'].map((id, i) => makeUnit({ id, side: 'b', troop: 'infantry', x: 64 + i * 5, y: 30 + i * 6 })),
  ];
  // X stands 0.41" off the line of fire where a ball falls at 30" (y 34.79").
  if (inLine) units.push(makeUnit({ id: 'X', side: 'b', troop: 'infantry', x: 37.2, y: 35, stands: 1 }));
  const s = buildState({ units, hands: { a: ['artillery:a:1'] } });
  s.options.measuring = measuring;
  return act(s, { type: 'play-card', side: 'a', card: 'artillery:a:1' }).state;
}

const fire = { type: 'order', side: 'a', unit: 'G', card: 'artillery:a:1', order: 'fire', target: 'T' };

describe('guns without measuring (A §11.10, B §2.2)', () => {
  it('when the program measures, a target beyond the range is not offered', () => {
    const s = gunAndTarget('free', true);
    // X, within the 30", may be fired at; T may not.
    expect(legal(s, 'a').find((l) => l.action.order === 'fire')!.params[0]).toMatchObject({ choices: ['X'] });
    expect(refuse(s, fire)).toBe('G cannot fire ball at T: out of range: 36.4" away, ball reaches 30"');
  });

  it('a gun laid on a target out of range hits the stand in line with it at maximum range', () => {
    const s = gunAndTarget('after-declaring', true);
    const order = legal(s, 'a').find((l) => l.action.order === 'fire' && l.action.unit === 'G')!;
    expect(order.params[0]).toMatchObject({ kind: 'unit', choices: ['X', 'T'] });
    // Ball: 1D6 − 3 = 5 − 3 = 2 hits on X's single stand (disordered, then destroyed); no bounce reaches T.
    const r = act(s, fire, [5]);
    const shot = event(r.events, 'artillery-fire', 'G');
    expect(shot.target).toBe('X');
    expect(shot.text).toBe('G fires ball at X (30"; fired without measuring: T proves to be 36.4" away, beyond the 30" ball reaches; the ball falls at maximum range in line with it, on X): 1D6 5 − 3: 2 hits; 1 stand disordered; 1 stand destroyed; the unit is wiped out');
    const lands = (shot.data as { to: { x: number; y: number } }).to;
    expect(lands.x / 25.4).toBeCloseTo(36, 3);
    expect(lands.y / 25.4).toBeCloseTo(4 + 40 / 50.8 + 30, 3);
    expect(unit(r.state, 'T').stands.every((st) => st.status === 'ok')).toBe(true);
    expect(unit(r.state, 'X').removed).toBe(true);
    expect(r.state.rules.activeCard?.fired).toEqual(['G']);
  });

  it('with no stand in line at maximum range the shot is lost', () => {
    const s = gunAndTarget('after-declaring', false);
    const r = act(s, fire, []);
    const shot = event(r.events, 'artillery-fire', 'G');
    expect(shot.text).toBe('G fires ball at T without measuring: T proves to be 36.4" away, beyond the 30" ball reaches, and no stand lies in line within 1" of where the ball falls: the shot is lost');
    expect(shot.dice).toBeUndefined();
    expect(unit(r.state, 'T').stands.every((st) => st.status === 'ok')).toBe(true);
    expect(r.state.rules.activeCard?.fired).toEqual(['G']);
  });
});
