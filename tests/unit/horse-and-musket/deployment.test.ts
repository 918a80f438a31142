/**
 * Deployment by the players (B §6.2-6.4): the compulsory share in the open, the secret map plans
 * (5A), the zones, placing and moving units, refusals with reasons, Generals last, the defender's
 * first line, "deploy the rest for me", and the computer setting up through the same actions.
 *
 * Seed "dep2": the Austrians (side b, the far side, facing down the table) win the initiative; both
 * Commanders-in-chief have Ability 10; side a (6 units, outscouted) and side b (9 units besides
 * Generals).
 */

import { describe, expect, it } from 'vitest';
import { horseAndMusket } from '../../../src/rules/horse-and-musket/ruleset';
import { compulsoryCount, zonesFor } from '../../../src/rules/horse-and-musket/deployment';
import { UNDEPLOYED, isUndeployed, unitInPolygon, overlappingUnits } from '../../../src/core/deployment';
import { inch } from '../../../src/core/measure';
import { GameSession } from '../../../src/app/session';
import { makePlayer } from '../../../src/ai/players';
import { stateHash } from '../../../src/core/engine';
import type { HmState, HmUnit } from '../../../src/rules/horse-and-musket/types';
import { act, buildState, DOWN, legal, makeGeneral, makeUnit, refuse, UP } from './fixture';


function newGame(seed = 'dep2'): HmState {
  return horseAndMusket.createGame({ rulesetId: 'horse-and-musket', seed, options: { tableSide: 'fixed' } });
}

/** Seed dep2 after the Austrians (b) chose to defend: the compulsory deployment of 2 units. */
function defended(): HmState {
  const s = newGame();
  expect(s.rules.initiative).toBe('b');
  return act(s, { type: 'choose-posture', side: 'b', choice: 'defend' }).state;
}

/** A zone's corners in inches, to 0.001". */
const cornersIn = (poly: { x: number; y: number }[]): number[][] => poly.map((p) => [Math.round((p.x / 25.4) * 1000) / 1000, Math.round((p.y / 25.4) * 1000) / 1000]);
const byName = (s: HmState, side: string, name: string): HmUnit => s.units.find((u) => u.side === side && u.name === name)!;
const deploy = (side: string, unit: string, x: number, y: number, facing: number, formation?: string) => ({
  type: 'deploy',
  side,
  unit,
  at: { x: inch(x), y: inch(y) },
  facing,
  ...(formation ? { formation } : {}),
});

describe('the compulsory share (B §6.2)', () => {
  const army = (side: 'a' | 'b', n: number): HmUnit[] => Array.from({ length: n }, (_, i) => makeUnit({ id: `${side}${i}`, side, troop: 'infantry', x: 10 + 5 * i, y: side === 'a' ? 10 : 38 }));
  const withCincs = (abilityA: number, abilityB: number): HmState => {
    const ga = makeGeneral('ga', 'a', 30, 4);
    const gb = makeGeneral('gb', 'b', 30, 44);
    ga.rs.general!.stats.ability = abilityA;
    gb.rs.general!.stats.ability = abilityB;
    return buildState({ units: [...army('a', 10), ...army('b', 10), ga, gb], step: 'posture' });
  };

  it('a defender 30%, an attacker 10%, +10% outscouted, ±10% a point of Ability difference, rounded down, at least 1', () => {
    const s = withCincs(8, 10);
    // The fixture makes a the attacker and b the defender.
    expect(compulsoryCount(s, 'b')).toEqual({ count: 1, percent: 10 }); // 30 + (8 − 10) × 10
    expect(compulsoryCount(s, 'a')).toEqual({ count: 3, percent: 30 }); // 10 + (10 − 8) × 10
    s.rules.sides.a!.outscouted = true;
    expect(compulsoryCount(s, 'a')).toEqual({ count: 4, percent: 40 });
    const far = withCincs(14, 8);
    expect(compulsoryCount(far, 'a')).toEqual({ count: 1, percent: -50 }); // negative: still one unit
    expect(compulsoryCount(far, 'b')).toEqual({ count: 9, percent: 90 });
  });
});

describe('deployment by the players', () => {
  it('a new game holds both armies off the table until the winner has chosen; then the compulsory share is asked for', () => {
    const s = newGame();
    expect(s.rules.step).toBe('posture');
    const main = s.units.filter((u) => !u.removed);
    expect(main.every((u) => u.carriedBy === UNDEPLOYED)).toBe(true);
    const d = defended();
    expect(d.rules.step).toBe('deploy');
    expect(d.phase).toBe('deploy');
    expect(d.active).toBe('b');
    expect(d.rules.deployment).toMatchObject({ phase: 'compulsory', side: 'b', compulsory: 2, open: [], finished: [] });
    const labels = legal(d, 'b').map((l) => l.label);
    expect(labels.slice(0, 2)).toEqual(['Deploy the rest for me (2)', 'Deployment done']);
    // No General in the compulsory share (B §6.4: Generals come last).
    expect(labels.filter((l) => l.includes('General') || l.includes('Commander'))).toEqual([]);
    expect(legal(d, 'a')).toEqual([]);
  });

  it('zones: a defender\'s half; foot and guns more than 18" from the side edges; horse and skirmishers edge to edge', () => {
    const d = defended();
    const foot = byName(d, 'b', 'Line infantry 1');
    const [zone] = zonesFor(d, foot);
    expect(cornersIn(zone!.polygon)).toEqual([[18, 24], [54, 24], [54, 48], [18, 48]]);
    const horse = d.units.find((u) => u.side === 'b' && u.kind === 'cavalry')!;
    expect(cornersIn(zonesFor(d, horse)[0]!.polygon)).toEqual([[0, 24], [72, 24], [72, 48], [0, 48]]);
    // The attacker keeps 12" back from the centre line.
    const attackerFoot = d.units.find((u) => u.side === 'a' && u.rs.troop === 'infantry')!;
    expect(cornersIn(zonesFor(d, attackerFoot)[0]!.polygon)).toEqual([[18, 0], [54, 0], [54, 12], [18, 12]]);
    // The zones are on the table for the side setting up, none for the other.
    expect(horseAndMusket.overlays!(d, undefined as never, 'b').map((o) => o.label)).toEqual([
      'your half of the table, more than 18" from the side edges',
      'your half of the table, edge to edge (horse, skirmishers, Generals)',
    ]);
    expect(horseAndMusket.overlays!(d, undefined as never, 'a')).toEqual([]);
  });

  it('a unit goes where it is put, facing and formation as chosen; it may be moved again', () => {
    let d = defended();
    const id = byName(d, 'b', 'Line infantry 1').id;
    const r = act(d, deploy('b', id, 36, 34, DOWN, 'column'));
    d = r.state;
    const u = d.units.find((x) => x.id === id)!;
    expect(u.carriedBy).toBeUndefined();
    expect(u.x).toBeCloseTo(inch(36), 6);
    expect(u.y).toBeCloseTo(inch(34), 6);
    expect(u.facing).toBeCloseTo(DOWN, 9);
    expect(u.formation).toBe('column');
    expect(u.rs.baseFormation).toBe('column');
    // A column is a single file behind its Colour Stand.
    expect(u.stands.map((s) => [s.f, s.l])).toEqual(u.stands.map((_, i) => [-i * 40, 0]));
    expect(r.events[0]!.text).toBe('Line infantry 1 is set up 36.0" from its left edge and 10.0" from the centre line, in column');
    expect(d.rules.deployment!.open).toEqual([id]);
    const moved = act(d, deploy('b', id, 40, 30, DOWN + 0.2, 'line'));
    const m = moved.state.units.find((x) => x.id === id)!;
    expect([m.x, m.y, m.facing, m.formation]).toEqual([inch(40), inch(30), DOWN + 0.2, 'line']);
    expect(moved.state.rules.deployment!.open).toEqual([id]);
    expect(moved.events[0]!.text).toMatch(/^Line infantry 1 moves /);
    expect(legal(moved.state, 'b').find((l) => l.unit === id)!.label).toBe('Move Line infantry 1');
  });

  it('refuses with the reason, and leaves the game as it was', () => {
    let d = defended();
    const foot = byName(d, 'b', 'Line infantry 1').id;
    const foot2 = byName(d, 'b', 'Line infantry 2').id;
    expect(refuse(d, deploy('b', foot, 10, 34, DOWN))).toBe(
      'Line infantry 1 must stand wholly inside its deployment zone (your half of the table, more than 18" from the side edges)',
    );
    expect(refuse(d, deploy('b', foot, 36, 20, DOWN))).toMatch(/must stand wholly inside its deployment zone/);
    expect(refuse(d, deploy('a', foot, 36, 34, DOWN))).toBe('Austrians are setting up now, not Prussians: Absolute Supremacy');
    expect(refuse(d, { type: 'deploy', side: 'b', unit: foot, facing: DOWN })).toBe('a deployment needs the point where the unit goes');
    expect(refuse(d, deploy('b', foot, 36, 34, DOWN, 'square'))).toBe('Line infantry 1 deploys in line or column, not "square"');
    const cinc = d.units.find((u) => u.side === 'b' && u.rs.general?.role === 'cinc')!;
    expect(refuse(d, deploy('b', cinc.id, 36, 40, DOWN))).toBe(`${cinc.name} cannot be set up now: Generals are not part of the compulsory deployment`);
    expect(refuse(d, { type: 'deploy-done', side: 'b' })).toBe('set up 2 more units first: the compulsory deployment is 2');
    expect(refuse(d, { type: 'issue-orders', side: 'b' })).toBe('the armies are being set up: "issue-orders" must wait until both sides have deployed');
    d = act(d, deploy('b', foot, 36, 34, DOWN)).state;
    expect(refuse(d, deploy('b', foot2, 36.5, 34.5, DOWN))).toBe('Line infantry 2 would stand on Line infantry 1');
    d = act(d, deploy('b', foot2, 36, 30, DOWN)).state;
    // The compulsory share is full: the rest wait for the plan.
    expect(legal(d, 'b').filter((l) => l.label.startsWith('Deploy '))).toEqual([]);
  });

  it('the plans are secret: each side sees its own units and the enemy\'s compulsory share only, until both are done', () => {
    let d = defended();
    const open1 = byName(d, 'b', 'Line infantry 1').id;
    d = act(d, deploy('b', open1, 36, 34, DOWN)).state;
    d = act(d, deploy('b', byName(d, 'b', 'Line infantry 2').id, 36, 30, DOWN)).state;
    const done = act(d, { type: 'deploy-done', side: 'b' });
    d = done.state;
    expect(done.events.map((e) => e.text)).toEqual([
      'Austrians have set up 2 units in the open. Now each side sets up the rest of its army by its secret plan (B §6.3, 5A), Austrians first',
    ]);
    expect(d.rules.deployment).toMatchObject({ phase: 'plans', side: 'b' });
    const secret = byName(d, 'b', 'Line infantry 3').id;
    const r = act(d, deploy('b', secret, 24, 34, DOWN));
    d = r.state;
    const bf = undefined as never;
    const forA = horseAndMusket.knownTo!(d, bf, 'a');
    const seenByA = forA.units.filter((u) => u.side === 'b' && !u.carriedBy).map((u) => u.id);
    expect(seenByA.sort()).toEqual([open1, byName(d, 'b', 'Line infantry 2').id].sort());
    expect(horseAndMusket.knownTo!(d, bf, 'b').units.find((u) => u.id === secret)!.carriedBy).toBeUndefined();
    // Nor does a's log tell where it went.
    expect(horseAndMusket.knownEvents!(d, r.events, 'a')).toEqual([]);
    expect(horseAndMusket.knownEvents!(d, r.events, 'b')).toHaveLength(1);
  });

  it('Generals are set up after every other unit of their side (B §6.4)', () => {
    let d = defended();
    d = act(d, { type: 'deploy-rest', side: 'b' }).state;
    d = act(d, { type: 'deploy-done', side: 'b' }).state;
    const generals = (s: HmState) => legal(s, 'b').filter((l) => l.unit && s.units.find((u) => u.id === l.unit)!.rs.general);
    expect(generals(d)).toEqual([]);
    const cinc = d.units.find((u) => u.side === 'b' && u.rs.general?.role === 'cinc')!;
    expect(refuse(d, deploy('b', cinc.id, 36, 40, DOWN))).toBe(`${cinc.name} cannot be set up now: Generals are placed after every other unit (B §6.4)`);
    // Once every other unit stands on the table, the Generals are offered (and set up last by "the rest").
    const rest = act(d, { type: 'deploy-rest', side: 'b' });
    expect(generals(rest.state).map((l) => l.label)).toEqual(d.units.filter((u) => u.side === 'b' && u.rs.general).map((u) => `Move ${u.name}`));
    const setUp = rest.events[0]!.text;
    const lastGeneral = d.units.filter((u) => u.side === 'b' && u.rs.general).map((u) => u.name);
    expect(setUp.indexOf(lastGeneral[0]!)).toBeGreaterThan(setUp.indexOf('Line infantry 3'));
  });

  it('a defender\'s first line stands within 18" of the centre line: a unit further back needs a friend in front', () => {
    // Two Austrian battalions in the defender's plan: one 21" back, the other 10" back but 14" to its side.
    const back = makeUnit({ id: 'back', side: 'b', troop: 'infantry', x: 36, y: 24 + 21 });
    const front = makeUnit({ id: 'front', side: 'b', troop: 'infantry', x: 50, y: 24 + 10 });
    const s = buildState({ units: [back, front], side: 'b', step: 'deploy' });
    s.rules.deployment = { phase: 'plans', side: 'b', compulsory: 1, open: [], finished: [] };
    expect(refuse(s, { type: 'deploy-done', side: 'b' })).toBe(
      'back stands 21.0" from the centre line with no unit in front of it: a defender\'s first line must be within 18" of the centre line (B §6.3)',
    );
    // With the other battalion moved in front of it, it stands in the second line: the plan is finished.
    const d = act(s, deploy('b', 'front', 37, 24 + 10, DOWN)).state;
    const finished = act(d, { type: 'deploy-done', side: 'b' });
    expect(finished.state.rules.deployment).toMatchObject({ phase: 'plans', side: 'a', finished: ['b'] });
    expect(finished.state.active).toBe('a');
    expect(finished.events.map((e) => e.text)).toEqual(['Austrians have finished their plan. Prussians now set up theirs']);
  });

  it('"deploy the rest for me" sets up every unit inside its zones, on nobody; after both plans the first turn begins', () => {
    let d = defended();
    for (let i = 0; i < 6 && d.rules.step === 'deploy'; i++) {
      const side = d.active!;
      const rest = legal(d, side).find((l) => l.action.type === 'deploy-rest');
      d = act(d, rest ? rest.action : { type: 'deploy-done', side }).state;
    }
    expect(d.rules.step).toBe('decision');
    expect(d.rules.deployment).toBeNull();
    expect(d.active).toBe('b');
    expect(d.turn).toBe(1);
    const placed = d.units.filter((u) => !u.removed && !u.carriedBy);
    expect(placed.length).toBe(d.units.filter((u) => !u.removed).length);
    for (const u of placed) {
      expect(zonesFor(d, u).some((z) => unitInPolygon(u, z.polygon)), `${u.name} in its zone`).toBe(true);
      if (!u.rs.general) expect(overlappingUnits(u, placed.filter((o) => !o.rs.general)).map((o) => o.name), `${u.name} on nobody`).toEqual([]);
      expect(u.facing).toBeCloseTo(u.side === 'a' ? UP : DOWN, 9);
    }
  });

  it('the computer finishes the deployment through the legal actions, and the game replays from its save', () => {
    const s = new GameSession({ rulesetId: 'horse-and-musket', seed: 'dep2' });
    const ai = makePlayer('ai:normal', 'dep-ai');
    const types: string[] = [];
    for (let i = 0; i < 12 && s.state.phase !== 'decision'; i++) {
      const side = s.state.active!;
      const { action } = ai.choose(s.ruleset, s.state, s.legal(side), side);
      expect(action).not.toBeNull();
      types.push(`${side}:${action!.type}`);
      expect(s.act(action!).ok).toBe(true);
    }
    expect(types).toEqual(['b:choose-posture', 'b:deploy-rest', 'b:deploy-done', 'b:deploy-rest', 'b:deploy-done', 'a:deploy-rest', 'a:deploy-done']);
    expect(s.state.phase).toBe('decision');
    const loaded = GameSession.fromSave(s.saveText());
    expect(stateHash(loaded.state)).toBe(stateHash(s.state));
  });

  it('with deployment left to the program, the armies wait until the terrain is rolled, then stand on the table when the battle begins', () => {
    const s = horseAndMusket.createGame({ rulesetId: 'horse-and-musket', seed: 'dep2', options: { deployment: 'automatic' } });
    expect(s.units.every((u) => isUndeployed(u))).toBe(true);
    const next = act(s, { type: 'choose-posture', side: 'b', choice: 'defend' }).state;
    expect(next.rules.step).toBe('decision');
    expect(next.rules.deployment).toBeUndefined();
    expect(next.units.filter((u) => u.carriedBy).length).toBe(0);
  });
});
