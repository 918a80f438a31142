/**
 * The Austrians' fortification points spent on flank marches when they find they attack (B §3.3
 * rule 3, worksTrade.ts): offered once attack or defend is chosen, paid at the flank-march rates of
 * B §9.2, by hand or by the program's plan (flankPlan.ts), and formed into forces like the army
 * builder's; the rest is lost.
 */

import { describe, expect, it } from 'vitest';
import { GameSession } from '../../../src/app/session';
import { stateHash } from '../../../src/core/engine';
import type { ArmyRoster, GameState } from '../../../src/core/model';
import { makePlayer } from '../../../src/ai/players';
import { HM_ARMY_BUILDING } from '../../../src/rules/horse-and-musket/roster';
import type { HmState } from '../../../src/rules/horse-and-musket/types';

/** The default Austrian army for 300 points with three 6" fortifications (12 points): 357 of the 357 a 311-point game allows. */
function austrians(sections: number): ArmyRoster {
  const r = HM_ARMY_BUILDING.defaultRoster('austria', 300);
  return { list: r.list, picks: [...r.picks, { item: 'fortification', count: sections }] };
}

function session(): GameSession {
  return new GameSession({ rulesetId: 'horse-and-musket', seed: 'works1', options: { armyA: 'prussia-later', armyB: 'austria', points: 311 }, armies: { b: austrians(3) } });
}

const stateOf = (s: GameSession, side?: string): HmState => s.view(side).state as unknown as HmState;

function go(s: GameSession, action: Record<string, unknown>) {
  const r = s.act(action as never);
  if (!r.ok) throw new Error(`refused: ${'error' in r ? r.error : 'dice'}`);
  return r.events;
}

describe('Austrian fortification points spent on flank marches (B §3.3)', () => {
  it('attacking, the Austrians are offered their 12 points before the terrain is rolled; only units the points pay for are offered', () => {
    const s = session();
    expect(stateOf(s).rules.initiative).toBe('b');
    const events = go(s, { type: 'choose-posture', side: 'b', choice: 'attack' });
    expect(events.map((e) => e.text)).toContain('Austrians attack: rather than lose the 12 points of field fortifications they bought, they may spend them on flank marches (B §3.3)');
    expect(events.some((e) => e.type === 'terrain-roll')).toBe(false);
    const st = stateOf(s);
    expect(st.rules.worksTrade).toEqual([{ side: 'b', points: 12, picks: [] }]);
    expect(st.rules.sides.b!.works).toBeUndefined();
    expect(st.active).toBe('b');
    expect(s.legal('a')).toEqual([]);
    const legal = s.legal('b');
    expect(legal.map((l) => l.label)).toEqual(['Send a unit on a flank march (12 fortification points left)', 'Let the program plan a flank march with the 12 fortification points', 'Done: the 12 fortification points left are lost']);
    // The units wait off the table: they are a list with their prices. 5-stand battalions and Grenzer
    // cost 5, 5-stand horse 10, a gun 10; Generals go only with their Commands.
    const [unit, way] = legal[0]!.params;
    const units = unit!.kind === 'choice' ? unit!.choices : [];
    expect(units).toHaveLength(22);
    expect(units.find((c) => c.value === 'b-20')).toEqual({ value: 'b-20', label: 'Dragoons 1 (10 points)' });
    expect(units.find((c) => c.value === 'b-7')).toEqual({ value: 'b-7', label: 'Line infantry 1 (5 points)' });
    expect(units.map((c) => c.label)).toContain('Cannon 1 (10 points)');
    expect(units.some((c) => c.label.includes('General') || c.label.includes('Commander'))).toBe(false);
    // Each way in and Joker: the near half from the 2nd Joker, the far half from the 3rd, up to the 12th.
    const ways = way!.kind === 'choice' ? way!.choices : [];
    expect(ways).toHaveLength(42);
    expect(ways[0]).toEqual({ value: 'left-near-2', label: 'left flank, near half, dice from the 2nd Joker' });
    expect(ways.some((c) => c.value === 'left-far-2')).toBe(false);
    // Other pre-battle actions wait.
    const early = s.act({ type: 'deploy-rest', side: 'b' } as never);
    expect(early.ok).toBe(false);
    expect(!early.ok && 'error' in early && early.error).toBe('Austrians first spend their fortification points on flank marches, or say they are done');
  });

  it('by hand: Dragoons 1 to the far half of the right flank for the 3rd Joker; then nothing else fits and the 2 points left are lost', () => {
    const s = session();
    go(s, { type: 'choose-posture', side: 'b', choice: 'attack' });
    const tooSoon = s.act({ type: 'works-flank-march', side: 'b', unit: 'b-20', way: 'right-far-2' } as never);
    expect(!tooSoon.ok && 'error' in tooSoon && tooSoon.error).toMatch(/^"right-far-2" is not a way in/);
    const sent = go(s, { type: 'works-flank-march', side: 'b', unit: 'b-20', way: 'right-far-3' });
    expect(sent.map((e) => e.text)).toEqual(['Dragoons 1 goes on a flank march by the far half of the right flank, dice from the 3rd Joker: 10 of the fortification points (2 left)']);
    const legal = s.legal('b');
    // Nothing costs 2 points or less.
    expect(legal.map((l) => l.label)).toEqual(['Done: the 2 fortification points left are lost']);
    const dear = s.act({ type: 'works-flank-march', side: 'b', unit: 'b-7', way: 'left-near-2' } as never);
    expect(!dear.ok && 'error' in dear && dear.error).toBe('Line infantry 1 costs 5 points on a flank march; only 2 fortification points are left');
    // Seen by the Prussians: the points spent, not where the force goes.
    const seen = s.act({ type: 'works-flank-done', side: 'b' } as never, undefined, 'a');
    if (!seen.ok) throw new Error('refused');
    const done = seen.events;
    expect(done.find((e) => e.type === 'works-trade-done')!.text).toBe('Austrians spend 10 of their 12 fortification points on flank marches; the other 2 are lost');
    expect(done.some((e) => e.type === 'works-trade')).toBe(false);
    // Then the terrain is rolled and the deployment begins.
    expect(done.some((e) => e.type === 'terrain-roll')).toBe(true);
    const st = stateOf(s);
    expect(st.rules.worksTrade).toBeNull();
    expect(st.rules.step).toBe('deploy');
    expect(st.rules.forces).toEqual([
      { id: 'b-works-flank-right-far-j3', side: 'b', kind: 'farFlank', flank: 'right', plannedJoker: 3, ownEdge: 'near', arrivesAtJoker: null, announced: false, units: ['b-20'], rolls: [] },
    ]);
    expect(st.rules.offTable).toEqual([{ unit: 'b-20', force: 'b-works-flank-right-far-j3' }]);
    const dragoons = st.units.find((u) => u.id === 'b-20')!;
    expect(dragoons.carriedBy).toBe('off-table');
    // Side b sets up along the near edge: its right flank is the far side edge (x = 72"), its far half y 24"-48".
    expect(dragoons.x).toBeGreaterThan(72 * 25.4);
    expect(dragoons.y).toBeCloseTo(36 * 25.4, 6);
    // The save replays to the same state.
    const back = GameSession.fromSave(s.saveText());
    expect(stateHash(back.view().state as unknown as GameState)).toBe(stateHash(st as unknown as GameState));
  });

  it("the program's plan (the computer's choice too) sends the horse the points pay for by the flank with the most open ground", () => {
    const s = session();
    go(s, { type: 'choose-posture', side: 'b', choice: 'attack' });
    const ai = makePlayer('ai:normal', 'works-trade');
    const st0 = stateOf(s);
    const { action } = ai.choose(s.ruleset, s.state, s.legal('b'), 'b');
    expect(action!.type).toBe('works-flank-plan');
    const events = go(s, action as never);
    expect(st0.rules.worksTrade?.[0]?.side).toBe('b');
    expect(events.filter((e) => e.type.startsWith('works-trade')).map((e) => e.text)).toEqual([
      "Austrians' flanking force, paid with fortification points, will come on along the near half of their left flank: Combined horse grenadiers 1. Dice for its arrival from the 2nd Joker",
      'Austrians spend 10 of their 12 fortification points on flank marches; the other 2 are lost',
    ]);
    expect(stateOf(s).rules.forces!.map((f) => [f.id, f.units])).toEqual([['b-works-flank-left-near-j2', ['b-19']]]);
  });

  it('defending, the Austrians keep their works and are offered no trade', () => {
    const s = session();
    go(s, { type: 'choose-posture', side: 'b', choice: 'defend' });
    const st = stateOf(s);
    expect(st.rules.worksTrade).toBeUndefined();
    expect(st.rules.sides.b!.works).toEqual({ fortification: 3 });
    expect(st.rules.step).toBe('deploy');
  });
});

describe('other attackers lose their works (B §6.1 step 3)', () => {
  it('Russians who attack lose their chevaux de frise, with no trade offered', () => {
    const r = HM_ARMY_BUILDING.defaultRoster('russia', 160);
    const s = new GameSession({ rulesetId: 'horse-and-musket', seed: 'works1', options: { armyA: 'prussia-later', armyB: 'russia', points: 170 }, armies: { b: { list: r.list, picks: [...r.picks, { item: 'chevaux-de-frise', count: 2 }] } } });
    const winner = stateOf(s).rules.initiative;
    const events = go(s, { type: 'choose-posture', side: winner, choice: winner === 'b' ? 'attack' : 'defend' });
    expect(events.map((e) => e.text)).toContain('Russians attack, and an attacker loses the field works he bought (B §6.1): 2 × Chevaux de frise (6" section)');
    const st = stateOf(s);
    expect(st.rules.worksTrade).toBeUndefined();
    expect(st.rules.sides.b!.works).toBeUndefined();
    expect(st.rules.step).toBe('deploy');
  });
});
