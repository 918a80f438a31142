/**
 * Field works (works.ts; B §6.1, §9.2, §4.7; A §24): bought in the army builder where a list has
 * them, kept only by a defender, placed in his half during the deployment, and read by the terrain
 * table as linear obstacles: cover, who may cross, disorder, and the −3 for attacking across.
 */

import { describe, expect, it } from 'vitest';
import { inch } from '../../../src/core/measure';
import { GameSession } from '../../../src/app/session';
import { stateHash } from '../../../src/core/engine';
import type { ArmyRoster, GameState } from '../../../src/core/model';
import { battlefieldFromSpec } from '../../../src/terrain/battlefield';
import type { WorksFeature } from '../../../src/terrain/features';
import { HM_ARMY_BUILDING, checkRoster } from '../../../src/rules/horse-and-musket/roster';
import { coverOf, crossingsAlong, needsLoose, pathBlocked } from '../../../src/rules/horse-and-musket/terrain';
import { worksFeature } from '../../../src/rules/horse-and-musket/works';
import type { HmState } from '../../../src/rules/horse-and-musket/types';
import { act, buildState, event, flatTable, makeUnit } from './fixture';
import { nearSideId } from '../../../src/rules/horse-and-musket/world';

const I = inch;

function withFortifications(list: string, item: string, count: number): ArmyRoster {
  const r = HM_ARMY_BUILDING.defaultRoster(list, 160);
  return { list: r.list, picks: [...r.picks, { item, count }] };
}

describe('buying works in the army builder (B §9.2)', () => {
  it('the Austrian list sells 6" field fortifications at 4 points, 1 per 3 infantry units; the total counts them', () => {
    const base = checkRoster(HM_ARMY_BUILDING.defaultRoster('austria', 160), 160);
    const one = checkRoster(withFortifications('austria', 'fortification', 1), 160);
    expect(one.points).toBe(base.points + 4);
    expect(one.lines.find((l) => l.what === '6" field fortification')).toEqual({ what: '6" field fortification', count: 1, points: 4 });
    // The default army has 4 infantry units: one section, not two.
    const two = checkRoster(withFortifications('austria', 'fortification', 2), 160);
    expect(two.points).toBe(base.points + 8);
    expect(two.problems).toContain('6" field fortification: 2, but the list allows 1 per 3 infantry units (1 with 4 infantry units).');
    const item = HM_ARMY_BUILDING.lists.find((l) => l.id === 'austria')!.items.find((i) => i.id === 'fortification')!;
    expect(item).toMatchObject({ group: 'Field works', sizes: [{ stands: null, points: 4 }], limit: '1 per 3 infantry units' });
    const many = checkRoster(withFortifications('austria', 'fortification', 9), 600);
    expect(many.problems.some((p) => /^6" field fortification: 9, but the list allows 1 per 3 infantry units/.test(p))).toBe(true);
  });

  it('the Russian list sells chevaux de frise at 2 points a section with no limit; the Prussian lists sell none', () => {
    const base = checkRoster(HM_ARMY_BUILDING.defaultRoster('russia', 160), 160);
    const three = checkRoster(withFortifications('russia', 'chevaux-de-frise', 3), 160);
    expect(three.points).toBe(base.points + 6);
    expect(three.lines.find((l) => l.what === 'Chevaux de frise (6" section)')).toEqual({ what: 'Chevaux de frise (6" section)', count: 3, points: 6 });
    expect(checkRoster(withFortifications('prussia-later', 'fortification', 1), 160).problems[0]).toMatch(/has no "fortification"/);
  });
});

/** A position on the flat table with one section of works across x 27"-33" at y = 24", its front facing down (side a's way). */
function position(kind: string, units: ReturnType<typeof makeUnit>[]): HmState {
  const st = buildState({ units });
  st.rules.sides.b!.works = { [kind]: 1 };
  const w = worksFeature(st, 'b', kind, { x: I(30), y: I(24) }, -Math.PI / 2);
  st.battlefield = { ...flatTable(), works: [w] };
  delete st.rules.sides.b!.works;
  return st;
}

describe('works on the table', () => {
  it('a section is a 6" line across its front, named for its side', () => {
    const st = position('fortification', []);
    const w = st.battlefield.works![0]! as WorksFeature;
    expect(w).toMatchObject({ id: 'works-b-fieldwork-1', kind: 'fieldwork', name: 'Austrians field fortification 1', width: 25, side: 'b' });
    expect(Math.hypot(w.line[1]!.x - w.line[0]!.x, w.line[1]!.y - w.line[0]!.y)).toBeCloseTo(I(6), 6);
    expect(w.line.every((p) => Math.abs(p.y - I(24)) < 1e-9)).toBe(true);
  });

  it('infantry behind a field fortification have hard cover from the enemy beyond it; none from behind', () => {
    const bf = battlefieldFromSpec(position('fortification', []).battlefield);
    const behind = { x: I(30), y: I(24.8) };
    expect(coverOf(bf, behind, 'infantry', { x: I(30), y: I(12) })).toBe('hard');
    expect(coverOf(bf, behind, 'skirmInf', { x: I(30), y: I(12) })).toBe('hard');
    expect(coverOf(bf, behind, 'artillery', { x: I(30), y: I(12) })).toBe('hard');
    expect(coverOf(bf, behind, 'heavyCav', { x: I(30), y: I(12) })).toBe('none');
    expect(coverOf(bf, behind, 'infantry', { x: I(30), y: I(40) })).toBe('none');
  });

  it('chevaux de frise: soft cover under fire, fortified in contact (A §24)', () => {
    const bf = battlefieldFromSpec(position('chevaux-de-frise', []).battlefield);
    const behind = { x: I(30), y: I(24.6) };
    expect(coverOf(bf, behind, 'infantry', { x: I(30), y: I(12) }, { vs: 'fire' })).toBe('soft');
    expect(coverOf(bf, behind, 'infantry', { x: I(30), y: I(12) }, { vs: 'contact' })).toBe('fortified');
  });

  it('guns may not cross a fortification, horse may not cross chevaux de frise, foot may; jumping works costs cavalry stands', () => {
    const fort = battlefieldFromSpec(position('fortification', []).battlefield);
    const from = { x: I(30), y: I(20) };
    const to = { x: I(30), y: I(28) };
    expect(pathBlocked(fort, from, to, 'artillery')?.terrain).toBe('fieldFortification');
    expect(pathBlocked(fort, from, to, 'infantry')).toBeUndefined();
    expect(crossingsAlong(fort, from, to, 'cuirassier').map((c) => [c.terrain, c.disorder])).toEqual([['fieldFortification', 2]]);
    expect(crossingsAlong(fort, from, to, 'heavyCav').map((c) => [c.terrain, c.disorder])).toEqual([['fieldFortification', 1]]);
    expect(needsLoose(fort, { x: I(30), y: I(23) }, 'infantry')).toBe(true);
    expect(needsLoose(fort, { x: I(30), y: I(21) }, 'infantry')).toBe(false);
    const chevaux = battlefieldFromSpec(position('chevaux-de-frise', []).battlefield);
    expect(pathBlocked(chevaux, from, to, 'heavyCav')?.terrain).toBe('chevauxDeFrise');
    expect(pathBlocked(chevaux, from, to, 'skirmCav')).toBeUndefined();
    expect(pathBlocked(chevaux, from, to, 'infantry')).toBeUndefined();
  });

  it('an Attack across the fortification takes −3 on the attacker\'s Resolve (A §23.3) and the defender its hard cover', () => {
    const attacker = makeUnit({ id: 'att', side: 'a', troop: 'infantry', x: 30, y: 20 });
    const defender = makeUnit({ id: 'def', side: 'b', troop: 'infantry', x: 30, y: 25.3, formation: 'loose' });
    const st = position('fortification', [attacker, defender]);
    st.options.resolveChoices = 'automatic';
    st.rules.sides.a!.hand = ['u:att:1'];
    // 2D6 each for Resolve, then 5 confrontation dice a side (all 4s).
    const r = act(st, { type: 'order', side: 'a', unit: 'att', card: 'u:att:1', order: 'attack', target: 'def' }, Array.from({ length: 14 }, () => 4));
    expect(event(r.events, 'resolve', 'att').modifiers).toEqual([
      { value: -1, reason: 'Unsupported' },
      { value: -3, reason: 'Attacking across rough terrain or linear obstacles' },
      { value: 1, reason: 'Fresh troops' },
    ]);
    // The defender lined up loose behind the works: in cover (+1), and as Austrians another +1 (B §3.3).
    expect(event(r.events, 'resolve', 'def').modifiers).toEqual([
      { value: -1, reason: 'Unsupported' },
      { value: -5, reason: '5 own stands disordered' },
      { value: 1, reason: 'In cover (chose +1)' },
      { value: 1, reason: 'Austrians in cover or on a steep hill (chose +1)' },
    ]);
  });
});

describe('a defender places his works (B §6.1)', () => {
  const setup = () => ({
    rulesetId: 'horse-and-musket',
    seed: 'works1',
    options: { armyA: 'prussia-later', armyB: 'austria', points: 170 },
    armies: { b: withFortifications('austria', 'fortification', 1) },
  });

  it('the Austrians defend: "deploy the rest" builds the section in front of their line; the save replays to the same table', () => {
    const s = new GameSession(setup());
    let st = s.view().state as unknown as HmState;
    expect(st.rules.sides.b!.works).toEqual({ fortification: 1 });
    expect(st.rules.initiative).toBe('b');
    const go = (action: Record<string, unknown>) => {
      const r = s.act(action as never);
      if (!r.ok) throw new Error(`refused: ${'error' in r ? r.error : 'dice'}`);
      st = s.view().state as unknown as HmState;
    };
    go({ type: 'choose-posture', side: 'b', choice: 'defend' });
    go({ type: 'deploy-rest', side: 'b' });
    go({ type: 'deploy-done', side: 'b' });
    expect(s.legal('b').some((l) => l.action.type === 'place-works')).toBe(true);
    go({ type: 'deploy-rest', side: 'b' });
    expect(st.rules.sides.b!.works).toBeUndefined();
    const works = st.battlefield.works!;
    expect(works.map((w) => w.id)).toEqual(['works-b-fieldwork-1']);
    // In side b's half (which half is rolled, B §6.1: here the near one), across the front of a unit.
    const bNear = nearSideId(st) === 'b';
    expect(bNear).toBe(true);
    for (const w of works) expect(w.line.every((p) => p.y <= st.battlefield.depth / 2)).toBe(true);
    // Side a's plan view does not show b's works until both plans are done.
    expect((s.view('a').state as unknown as HmState).battlefield.works).toBeUndefined();
    go({ type: 'deploy-done', side: 'b' });
    go({ type: 'deploy-rest', side: 'a' });
    go({ type: 'deploy-done', side: 'a' });
    expect((s.view('a').state as unknown as HmState).battlefield.works?.length).toBe(1);
    const text = s.saveText();
    const back = GameSession.fromSave(text);
    const again = back.view().state as unknown as HmState;
    expect(again.battlefield.works).toEqual(st.battlefield.works);
    expect(stateHash(again as unknown as GameState)).toBe(stateHash(st as unknown as GameState));
    expect(battlefieldFromSpec(again.battlefield).features.filter((f) => f.kind === 'fieldwork').length).toBe(1);
  });

  it('attacking Austrians who spend none of their fortification points lose them', () => {
    const s = new GameSession(setup());
    const r = s.act({ type: 'choose-posture', side: 'b', choice: 'attack' } as never);
    expect(r.ok).toBe(true);
    const st = s.view().state as unknown as HmState;
    expect(st.rules.sides.b!.works).toBeUndefined();
    if (r.ok) expect(event(r.events, 'posture').text).toBeDefined();
    // Their 4 points would buy the flank march of no 5-stand unit (B §3.3, §9.2): only "done" is offered.
    expect(r.ok && r.events.some((e) => e.text === 'Austrians attack: rather than lose the 4 points of field fortifications they bought, they may spend them on flank marches (B §3.3)')).toBe(true);
    expect(s.legal('b').map((l) => l.label)).toEqual(['Done: the 4 fortification points left are lost']);
    const done = s.act({ type: 'works-flank-done', side: 'b' } as never);
    expect(done.ok && done.events.some((e) => e.text === 'Austrians spend none of their 4 fortification points on flank marches: they are lost')).toBe(true);
    expect((s.view().state as unknown as HmState).rules.step).toBe('deploy');
  });

  it('works placed by hand: refused off the side\'s half or across a unit, with the reason; laid where asked', () => {
    const s = new GameSession(setup());
    s.act({ type: 'choose-posture', side: 'b', choice: 'defend' } as never);
    s.act({ type: 'deploy-rest', side: 'b' } as never);
    s.act({ type: 'deploy-done', side: 'b' } as never);
    const place = (x: number, y: number) => s.act({ type: 'place-works', side: 'b', works: 'fortification', at: { x: I(x), y: I(y) }, turn: 0 } as never);
    // Seed works1 rolls the near half for side b (B §6.1).
    expect(nearSideId(s.view().state as unknown as HmState)).toBe('b');
    const off = place(36, 28);
    expect(off.ok).toBe(false);
    expect(!off.ok && 'error' in off && off.error).toMatch(/must lie wholly in your half of the table/);
    const st = s.view().state as unknown as HmState;
    const u = st.units.find((x) => x.side === 'b' && !x.carriedBy && x.rs.troop === 'infantry')!;
    const across = place(u.x / 25.4, u.y / 25.4);
    expect(!across.ok && 'error' in across && across.error).toMatch(/would cut through/);
    const ok = place(6, 8);
    expect(ok.ok).toBe(true);
    const after = s.view().state as unknown as HmState;
    expect(after.rules.sides.b!.works).toBeUndefined();
    const w = after.battlefield.works![0]!;
    expect((w.line[0]!.x + w.line[1]!.x) / 2).toBeCloseTo(I(6), 6);
    // Square to the enemy: side b's front faces up the table, the line runs across it.
    expect(w.facing).toBeCloseTo(Math.PI / 2, 9);
    expect(Math.abs(w.line[0]!.y - w.line[1]!.y)).toBeLessThan(1e-9);
  });
});
