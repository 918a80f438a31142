/**
 * Alternate placement, deployment method 5B (B §6.3): turn order from the initiative side, groups of
 * 1-3 units of one arm standing behind one another at most 9" apart (guns also side by side), the
 * distances to the enemy, a defender's group front, the right-to-left rule, stopping (the rest become
 * reinforcements), the Generals last, refusals with reasons and the state untouched, and whole
 * deployments by the computer and the random player through the legal actions.
 *
 * The position: side a attacks from the near half (y < 24", facing up the table; its right is +x),
 * side b defends the far half. Each side's units wait off the table.
 */

import { describe, expect, it } from 'vitest';
import { UNDEPLOYED, isUndeployed } from '../../../src/core/deployment';
import { inch } from '../../../src/core/measure';
import { stateHash } from '../../../src/core/engine';
import { GameSession } from '../../../src/app/session';
import { makePlayer } from '../../../src/ai/players';
import type { HmState, HmUnit } from '../../../src/rules/horse-and-musket/types';
import { act, buildState, legal, makeGeneral, makeUnit, refuse } from './fixture';

function waitingUnit(u: HmUnit): HmUnit {
  u.carriedBy = UNDEPLOYED;
  return u;
}

/** a: four battalions, a regiment of horse, two guns and a CinC; b: two battalions and a CinC. a places first. */
function position(first: 'a' | 'b' = 'a'): HmState {
  const a = ['a1', 'a2', 'a3', 'a4'].map((id) => waitingUnit(makeUnit({ id, side: 'a', troop: 'infantry', x: 0, y: 0 })));
  const horse = waitingUnit(makeUnit({ id: 'a5', side: 'a', troop: 'lightCav', x: 0, y: 0 }));
  const guns = ['a6', 'a7'].map((id) => waitingUnit(makeUnit({ id, side: 'a', troop: 'artillery', x: 0, y: 0 })));
  const b = ['b1', 'b2'].map((id) => waitingUnit(makeUnit({ id, side: 'b', troop: 'infantry', x: 0, y: 0 })));
  const ga = waitingUnit(makeGeneral('ga', 'a', 0, 0));
  const gb = waitingUnit(makeGeneral('gb', 'b', 0, 0));
  for (const u of [...a, horse]) u.rs.command = 'ga';
  for (const u of b) u.rs.command = 'gb';
  const s = buildState({ units: [...a, horse, ...guns, ...b, ga, gb], step: 'deploy', side: first });
  s.options = { ...s.options, deployment: 'alternate' };
  s.rules.initiative = first;
  s.rules.postureChosen = true;
  s.rules.deployment = { phase: 'alternate', method: 'alternate', side: first, compulsory: 0, open: [], finished: [], group: [], done: [] };
  s.phase = 'deploy';
  s.active = first;
  return s;
}

const UP = Math.PI / 2;
const DOWN = -Math.PI / 2;
const put = (side: string, unit: string, x: number, y: number, formation?: string) => ({ type: 'deploy', side, unit, at: { x: inch(x), y: inch(y) }, facing: side === 'a' ? UP : DOWN, ...(formation ? { formation } : {}) });
const done = (side: string) => ({ type: 'deploy-done', side });
const rest = (side: string) => ({ type: 'deploy-rest', side });
const stop = (side: string) => ({ type: 'deploy-stop', side });

/** Apply the actions in order, each must be accepted. */
function run(s: HmState, ...actions: Record<string, unknown>[]): HmState {
  for (const a of actions) s = act(s, a as never).state;
  return s;
}

describe('alternate placement (B §6.3, 5B)', () => {
  it('offers the side to place every waiting unit but its Generals, "Place a group for me" and stopping', () => {
    const s = position();
    const labels = legal(s, 'a').map((l) => l.label);
    expect(labels).toEqual(['Place a group for me', 'Stop placing: the other 7 come later as reinforcements', 'Deploy a1', 'Deploy a2', 'Deploy a3', 'Deploy a4', 'Deploy a5', 'Deploy a6', 'Deploy a7']);
    expect(legal(s, 'b')).toEqual([]);
  });

  it('a group is up to three units of one arm, one behind another; the turn then passes to the other side', () => {
    let s = run(position(), put('a', 'a1', 45, 20));
    expect(s.rules.deployment!.group).toEqual(['a1']);
    // Only foot may join a group of foot; the mounted and the guns wait.
    expect(legal(s, 'a').filter((l) => l.group === 'deploy').map((l) => l.unit)).toEqual(['a2', 'a3', 'a4']);
    expect(refuse(s, put('a', 'a5', 45, 14))).toBe('a5 is mounted and this group is foot: a group is all foot, all artillery or all mounted (B §6.3, 5B)');
    expect(refuse(s, put('a', 'a2', 36, 20))).toBe('a2 must stand directly behind or in front of a unit of its group, at most 9" from it (B §6.3, 5B)');
    // Stands are 40 mm deep: centres 10.7" apart leave 9.1" between them, 10.5" leave 8.9".
    expect(refuse(s, put('a', 'a2', 45, 20 - 10.7))).toBe('a2 must stand directly behind or in front of a unit of its group, at most 9" from it (B §6.3, 5B)');
    s = run(s, put('a', 'a2', 45, 20 - 10.5), put('a', 'a3', 45, 2));
    expect(s.rules.deployment!.group).toEqual(['a1', 'a2', 'a3']);
    expect(refuse(s, put('a', 'a4', 45, 5))).toBe('this group already has 3 units, the most a group may have (B §6.3, 5B): "Group placed" to end your turn');
    expect(legal(s, 'a').find((l) => l.group === 'turn')!.label).toBe('Group placed (3)');
    s = run(s, done('a'));
    expect(s.rules.deployment).toMatchObject({ side: 'b', group: [] });
    expect(s.active).toBe('b');
    expect(refuse(s, put('a', 'a4', 30, 20))).toBe('Austrians are placing now, not Prussians');
  });

  it('guns may stand side by side in their group', () => {
    const s = run(position(), put('a', 'a6', 40, 10), put('a', 'a7', 37.5, 10));
    expect(s.rules.deployment!.group).toEqual(['a6', 'a7']);
  });

  it('an attacker stays 18" from the defenders, a defender 12" from the attackers, and a defender\'s group front within 18" of the centre line', () => {
    // b1 alone would be its group's front, 20" from the centre line.
    let s = position('b');
    expect(refuse(s, put('b', 'b1', 40, 44))).toBe('the front unit of a defender\'s group must stand within 18" of the centre line; b1\'s group would be 20.0" from it (B §6.3, 5B)');
    s = run(s, put('b', 'b1', 40, 40), put('b', 'b2', 40, 44), done('b'));
    const b1 = s.units.find((u) => u.id === 'b1')!;
    const frontOfB1 = (b1.y - Math.max(...b1.stands.map((st) => st.depth)) / 2) / 25.4;
    expect(refuse(s, put('a', 'a1', 40, 24 - 1))).toMatch(/^a1 would stand \d+\.\d" from b1: an attacker may not deploy within 18" of the defender's units \(B §6\.3, 5B\)$/);
    // 18.2" between the front edges: allowed.
    const a1 = s.units.find((u) => u.id === 'a1')!;
    const halfDepth = Math.max(...a1.stands.map((st) => st.depth)) / 2 / 25.4;
    s = run(s, put('a', 'a1', 40, frontOfB1 - 18.2 - halfDepth), done('a'));
    // b has no more units to place, so a places again.
    expect(s.rules.deployment!.done).toEqual(['b']);
    expect(s.active).toBe('a');
  });

  it('a defender may not stand within 12" of an attacker', () => {
    let s = run(position(), put('a', 'a1', 40, 20), done('a'));
    expect(refuse(s, put('b', 'b1', 40, 30))).toMatch(/^b1 would stand \d+\.\d" from a1: a defender may not deploy within 12" of the attacker's units \(B §6\.3, 5B\)$/);
    s = run(s, put('b', 'b1', 40, 34));
    expect(s.units.find((u) => u.id === 'b1')!.carriedBy).toBeUndefined();
  });

  it('no unit is placed to the right of a friend already on the table: the army deploys right to left', () => {
    let s = run(position(), put('a', 'a1', 40, 10), done('a'), put('b', 'b1', 40, 38), done('b'));
    expect(refuse(s, put('a', 'a2', 50, 10))).toBe('a2 would stand to the right of a1: no unit may be placed to the right of a friendly unit already on the table, so an army deploys from its right to its left (B §6.3, B47)');
    // Its left edge at a1's right edge is still allowed.
    const a1 = s.units.find((u) => u.id === 'a1')!;
    const width = (Math.max(...a1.stands.map((st) => st.l)) - Math.min(...a1.stands.map((st) => st.l)) + a1.stands[0]!.width) / 25.4;
    s = run(s, put('a', 'a2', 40 + width - 0.01, 4));
    expect(s.rules.deployment!.group).toEqual(['a2']);
  });

  it('a refused placement leaves the game as it was', () => {
    const s = run(position(), put('a', 'a1', 45, 20));
    const before = stateHash(s as never);
    refuse(s, put('a', 'a5', 45, 14));
    refuse(s, done('b'));
    refuse(s, stop('a'));
    expect(stateHash(s as never)).toBe(before);
    expect(refuse(position(), done('a'))).toBe('place a group of 1, 2 or 3 units first, or stop placing (the rest come later as reinforcements)');
    expect(refuse(position(), put('a', 'ga', 40, 5))).toBe('ga waits: Generals are placed after every other unit of both armies (B §6.4)');
  });

  it('stopping sends the rest to the reinforcements with their General; then the Generals are placed and the battle begins', () => {
    let s = run(position(), put('a', 'a1', 40, 10), done('a'), stop('b'));
    // b stopped with both battalions waiting: they and their whole Command's General go to the reinforcements.
    const force = s.rules.forces!.find((f) => f.side === 'b')!;
    expect(force).toMatchObject({ id: 'b-reinforcements', kind: 'reinforcements', units: ['b1', 'b2', 'gb'] });
    expect(s.rules.offTable!.map((o) => o.unit)).toEqual(['b1', 'b2', 'gb']);
    expect(s.units.filter((u) => u.side === 'b').every((u) => u.carriedBy === 'off-table')).toBe(true);
    // b is done, so a goes on placing group after group.
    expect(s.active).toBe('a');
    s = run(s, put('a', 'a2', 30, 10), done('a'));
    expect(s.active).toBe('a');
    s = run(s, stop('a'));
    expect(s.rules.deployment).toMatchObject({ phase: 'generals', side: 'a' });
    expect(legal(s, 'a').map((l) => l.label)).toEqual(['Place my Generals for me (1)', 'Deployment done', 'Deploy ga']);
    expect(refuse(s, done('a'))).toBe('ga must still be placed ("Place my Generals for me" finds them a place)');
    s = run(s, rest('a'));
    expect(s.units.find((u) => u.id === 'ga')!.carriedBy).toBeUndefined();
    s = run(s, done('a'), done('b'));
    expect(s.rules.deployment).toBeNull();
    expect(s.rules.step).toBe('decision');
  });
});

describe('a whole game with alternate placement', () => {
  const setup = (seed: string) => ({ rulesetId: 'horse-and-musket', seed, options: { deployment: 'alternate' } });

  function deployWith(kind: 'ai:normal' | 'random', seed: string): GameSession {
    const session = new GameSession(setup(seed));
    const players = { a: makePlayer(kind, `${seed}/a`), b: makePlayer(kind, `${seed}/b`) };
    for (let i = 0; i < 400 && (session.state.phase === 'posture' || session.state.phase === 'deploy'); i++) {
      const side = session.state.active as 'a' | 'b';
      const { action } = players[side].choose(session.ruleset, session.state, session.legal(side), side);
      expect(action, `no action for ${side} at step ${i}`).toBeTruthy();
      const r = session.act(action!);
      expect(r.ok, JSON.stringify(r)).toBe(true);
    }
    return session;
  }

  it('the compulsory share, then groups in turn from the initiative side, then the battle: played by the computer', { timeout: 60_000 }, () => {
    const session = deployWith('ai:normal', 'dep2');
    const s = session.state as unknown as HmState;
    expect(s.phase).toBe('decision');
    expect(s.units.filter((u) => !u.removed).every((u) => !isUndeployed(u))).toBe(true);
    const steps = session.events.flat().filter((e) => e.type === 'deploy-step').map((e) => e.text);
    expect(steps[1]).toMatch(/Now the sides take turns to place a group of 1, 2 or 3 units \(B §6\.3, 5B\), Austrians first$/);
  });

  it('the random player deploys through it too, and its save replays to the same hash', { timeout: 60_000 }, () => {
    const one = deployWith('random', 'alt5');
    expect(one.state.phase).toBe('decision');
    expect(one.events.flat().some((e) => e.type === 'deploy' && /is placed/.test(e.text))).toBe(true);
    // Replaying the save (the same seed and actions) reaches the same state.
    expect(stateHash(GameSession.fromSave(one.saveText()).state)).toBe(stateHash(one.state));
  });
});
