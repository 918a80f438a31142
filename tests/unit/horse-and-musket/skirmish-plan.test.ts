/**
 * Skirmisher fire split among targets and combined between units (B §1.6), given as a
 * 'skirmish-plan' order on a skirmishing-infantry card, with scripted dice.
 */

import { describe, expect, it } from 'vitest';
import { act, buildState, event, legal, makeGeneral, makeUnit, refuse, unit, type Acted } from './fixture';
import type { HmState } from '../../../src/rules/horse-and-musket/types';
import { hmAi } from '../../../src/rules/horse-and-musket/ai';
import { battlefieldFromSpec } from '../../../src/terrain/battlefield';
import { encodePlan, hitChance, type SkirmishPlan } from '../../../src/rules/horse-and-musket/skirmishPlan';

const CARD = 'skirmInf:a:1';

/** Two Jäger units facing two enemy battalions 7" away, the skirmisher card already in play. */
function position(): HmState {
  const units = [
    makeUnit({ id: 'jg', side: 'a', troop: 'skirmInf', x: 30, y: 10 }),
    makeUnit({ id: 'jg2', side: 'a', troop: 'skirmInf', x: 44, y: 10 }),
    makeUnit({ id: 'left', side: 'b', troop: 'infantry', x: 24, y: 17 }),
    makeUnit({ id: 'right', side: 'b', troop: 'infantry', x: 40, y: 17 }),
  ];
  const s = buildState({ units, hands: { a: [CARD] } });
  return act(s, { type: 'play-card', side: 'a', card: CARD }).state;
}

const planOrder = (unitId: string, plan: SkirmishPlan) => ({ type: 'order', side: 'a', unit: unitId, card: CARD, order: 'skirmish-plan', plan: encodePlan(plan) });

/** The value of the listed plan whose label starts so. */
function listed(s: HmState, unitId: string, label: string): string {
  const l = legal(s, 'a').find((x) => x.action.order === 'skirmish-plan' && x.unit === unitId);
  const p = l?.params[0];
  const c = p?.kind === 'choice' ? p.choices.find((x) => x.label.startsWith(label)) : undefined;
  if (!c) throw new Error(`no plan "${label}" for ${unitId}`);
  return c.value;
}

const HIT_ROW = 'Total at most the stands firing: one stand disordered, 4–6 destroys it';
const MISS_ROW = 'Total above the stands firing: no hit';

describe('split and combined skirmisher fire (B §1.6)', () => {
  it('lists split and combined plans, each with its chance, for the page and the AI', () => {
    const s = position();
    const l = legal(s, 'a').find((x) => x.action.order === 'skirmish-plan' && x.unit === 'jg');
    expect(l?.label).toBe('Split or combine fire (Skirmishing infantry card)');
    const p = l!.params[0]!;
    const labels = p.kind === 'choice' ? p.choices.map((c) => c.label) : [];
    expect(labels).toEqual([
      'Combined: 7 stands with jg2 at right (2D6 ≤ 7: 58%)',
      'Split: 2 stands at left (2D6 ≤ 2: 3%); 2 stands at right (2D6 ≤ 2: 3%)',
      'Split: 3 stands at left (2D6 ≤ 3: 8%); 1 stand at right (2D6 ≤ 1: 0%)',
      'Split: 1 stand at left (2D6 ≤ 1: 0%); 3 stands at right (2D6 ≤ 3: 8%)',
    ]);
    expect(hitChance(7)).toBeCloseTo(21 / 36, 12);
  });

  it('a split throws 2D6 for each target with the stands firing at it: a hit, a double and a miss', () => {
    const s = position();
    const plan = listed(s, 'jg', 'Split: 2 stands at left');
    const groups = JSON.parse(plan) as SkirmishPlan;
    expect(groups.map((g) => [g.target, g.stands.length])).toEqual([
      ['left', 2],
      ['right', 2],
    ]);
    // left: 1+1 = 2, at most 2: one stand disordered, destroyed on the 5; the double disorders a
    // firing stand (open ground, no save). right: 2+3 = 5, more than 2: no hit.
    const r: Acted = act(s, { type: 'order', side: 'a', unit: 'jg', card: CARD, order: 'skirmish-plan', plan }, [1, 1, 5, 2, 3]);
    const fire = r.events.filter((e) => e.type === 'skirmish-fire');
    expect(fire.map((e) => [e.target, e.chart?.row, (e.data as { standsFiring: number }).standsFiring])).toEqual([
      ['left', HIT_ROW, 2],
      ['right', MISS_ROW, 2],
    ]);
    expect(fire.map((e) => e.dice?.map((d) => d.values))).toEqual([[[1, 1], [5]], [[2, 3]]]);
    expect(fire[0]!.text).toContain('a double: one firing stand disordered');
    expect(unit(r.state, 'left').stands).toHaveLength(4);
    expect(unit(r.state, 'right').stands.every((x) => x.status === 'ok')).toBe(true);
    const jg = unit(r.state, 'jg');
    // The disordered firer is the last stand of the throw that came up double.
    const last = Math.max(...groups[0]!.stands);
    expect(jg.stands.map((x, i) => (x.status === 'disordered' ? i : -1)).filter((i) => i >= 0)).toEqual([last]);
    expect(jg.stands.filter((x) => x.status === 'disordered')).toHaveLength(1);
    expect(r.state.rules.activeCard?.ordered).toEqual(['jg']);
  });

  it('combined fire is one throw with every stand of both units, and spends both units\' orders', () => {
    const s = position();
    const plan = listed(s, 'jg', 'Combined: 7 stands with jg2 at right');
    // 3+4 = 7, at most 7: one stand of right disordered; the destroy roll 2 fails.
    const r = act(s, { type: 'order', side: 'a', unit: 'jg', card: CARD, order: 'skirmish-plan', plan }, [3, 4, 2]);
    const e = event(r.events, 'skirmish-fire');
    expect(e.chart?.row).toBe(HIT_ROW);
    expect(e.data).toMatchObject({ standsFiring: 7, firers: ['jg', 'jg2'], disordered: 1, destroyed: 0 });
    expect(e.text).toMatch(/^jg and jg2 fire at right with 7 stands: 2D6 3\+4 = 7, at most 7: one stand disordered; destroy roll 2: the stand survives/);
    expect(unit(r.state, 'right').stands.filter((x) => x.status === 'disordered')).toHaveLength(1);
    expect(unit(r.state, 'right').stands).toHaveLength(5);
    expect(r.state.rules.activeCard?.ordered).toEqual(['jg2', 'jg']);
    // jg2 has had its order from the card: it is offered nothing more.
    expect(legal(r.state, 'a').some((l) => l.unit === 'jg2' && l.action.type === 'order')).toBe(false);
  });

  it('refuses a plan that breaks the book, with the reason, and leaves the game as it was', () => {
    const s = position();
    expect(refuse(s, planOrder('jg', [{ target: 'left', stands: [0], joinedBy: [] }, { target: 'right', stands: [0], joinedBy: [] }]))).toBe('stand 1 of jg is given two targets: each stand fires once');
    expect(refuse(s, planOrder('jg', [{ target: 'left', stands: [0], joinedBy: [] }, { target: 'left', stands: [1], joinedBy: [] }]))).toBe('left is named twice in the plan: 2D6 are thrown once for each enemy unit fired at');
    expect(refuse(s, planOrder('jg', [{ target: 'right', stands: [0], joinedBy: ['jg'] }]))).toBe('jg cannot join its own fire');
    expect(refuse(s, planOrder('jg', [{ target: 'jg2', stands: [0], joinedBy: [] }]))).toBe('jg cannot fire at jg2: not an enemy unit it may fire at');
    expect(refuse(s, planOrder('jg', [{ target: 'right', stands: [9], joinedBy: [] }]))).toBe('stand 10 of jg cannot fire at right (out of range, no clear line or out of sight, or disordered)');
    expect(refuse(s, { ...planOrder('jg', []), plan: 'left please' })).toBe('the fire plan is not readable: left please');
    // Once jg2 has fired on the card, it cannot join another throw.
    const after = act(s, { type: 'order', side: 'a', unit: 'jg2', card: CARD, order: 'skirmish-fire', target: 'right' }, [6, 5]).state;
    const atRight = (JSON.parse(listed(s, 'jg', 'Combined')) as SkirmishPlan)[0]!.stands;
    expect(refuse(after, planOrder('jg', [{ target: 'right', stands: atRight, joinedBy: ['jg2'] }]))).toBe('jg2 cannot join: jg2 has already had its order from this card');
  });

  it("only on a skirmisher card: a unit ordered by the Commander-in-chief's card fires alone", () => {
    const units = [makeUnit({ id: 'jg', side: 'a', troop: 'skirmInf', x: 30, y: 10 }), makeUnit({ id: 'jg2', side: 'a', troop: 'skirmInf', x: 44, y: 10 }), makeUnit({ id: 'left', side: 'b', troop: 'infantry', x: 24, y: 17 }), makeUnit({ id: 'right', side: 'b', troop: 'infantry', x: 40, y: 17 }), makeGeneral('cinc', 'a', 36, 6)];
    const s = buildState({ units, hands: { a: ['g:cinc:1'] } });
    expect(refuse(s, { type: 'order', side: 'a', unit: 'jg', card: 'g:cinc:1', order: 'skirmish-plan', plan: encodePlan([{ target: 'right', stands: [3], joinedBy: ['jg2'] }]) })).toBe(
      'jg2 cannot join: units combine their fire only on a skirmishing-infantry card, which orders them all',
    );
  });

  it('the AI weighs a plan by its throws: one throw of 7 stands beats two of 4 and 3, an even split of 4 stands is worth little', () => {
    const s = position();
    const bf = battlefieldFromSpec(s.battlefield);
    const jg = unit(s, 'jg');
    const combined = hmAi.forecast(s, bf, { type: 'order', side: 'a', unit: 'jg', card: CARD, order: 'skirmish-plan', plan: listed(s, 'jg', 'Combined') });
    const alone = hmAi.forecast(s, bf, { type: 'order', side: 'a', unit: 'jg', card: CARD, order: 'skirmish-fire', target: 'right' });
    const split = hmAi.forecast(s, bf, { type: 'order', side: 'a', unit: 'jg', card: CARD, order: 'skirmish-plan', plan: listed(s, 'jg', 'Split: 2 stands at left') });
    expect(combined.target).toBe('right');
    expect(combined.inflicted!).toBeGreaterThan(alone.inflicted!);
    expect(split.inflicted!).toBeLessThan(alone.inflicted!);
    expect(jg.stands).toHaveLength(4);
  });
});
