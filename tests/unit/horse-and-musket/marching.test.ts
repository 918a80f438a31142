/**
 * Columns the player sets up himself (A §11.5), guns begun limbered (B §2.1) and skirmishers
 * deployed in column (B §1.2) march at every Issue Orders; and discarding a chosen card to make the
 * compulsory moves (A §7.8).
 *
 * Seed "dep2": the Austrians (side b, the far side, facing down the table) win the initiative and
 * defend; after their compulsory share both sides let the engine set up the rest.
 */

import { describe, expect, it } from 'vitest';
import { horseAndMusket } from '../../../src/rules/horse-and-musket/ruleset';
import { DEPLOY_ACTION, DEPLOY_DONE_ACTION, DEPLOY_REST_ACTION } from '../../../src/core/deployment';
import { inch } from '../../../src/core/measure';
import type { HmState } from '../../../src/rules/horse-and-musket/types';
import { act, buildState, DOWN, expectPose, legal, makeGeneral, makeUnit, refuse, unit, UP } from './fixture';

const deploy = (unitId: string, x: number, y: number, formation: string) => ({ type: DEPLOY_ACTION, side: 'b', unit: unitId, at: { x: inch(x), y: inch(y) }, facing: DOWN, formation });

/** Seed dep2, the Austrians defending: a column, a limbered gun and a skirmisher column put down by hand, the rest by the engine. */
function handPlaced(): HmState {
  let s: HmState = horseAndMusket.createGame({ rulesetId: 'horse-and-musket', seed: 'dep2', options: { tableSide: 'fixed' } });
  s = act(s, { type: 'choose-posture', side: 'b', choice: 'defend' }).state;
  expect(s.rules.deployment!.compulsory).toBe(2);
  // The skirmishers may be set up in their chain or in column (B §1.2).
  const skirmLegal = legal(s, 'b').find((l) => l.unit === 'b-12')!;
  expect(skirmLegal.params.find((p) => p.name === 'formation')).toMatchObject({ kind: 'choice', choices: [{ value: 'loose', label: 'Skirmish order' }, { value: 'column', label: 'Column' }] });
  s = act(s, deploy('b-4', 44, 38, 'column')).state; // Line infantry 1
  s = act(s, deploy('b-11', 50, 40, 'column')).state; // Cannon 1, limbered
  for (let i = 0; i < 10 && s.rules.step === 'deploy'; i++) {
    const side = s.rules.deployment!.side;
    if (s.rules.deployment!.phase === 'plans' && side === 'b' && unit(s, 'b-12').carriedBy) s = act(s, deploy('b-12', 62, 38, 'column')).state; // Croat Grenzer 1
    const l = legal(s, side);
    const rest = l.find((x) => x.action.type === DEPLOY_REST_ACTION);
    s = act(s, (rest ?? l.find((x) => x.action.type === DEPLOY_DONE_ACTION)!).action).state;
  }
  expect(s.rules.step).toBe('decision');
  expect(s.rules.turnSide).toBe('b');
  return s;
}

describe('columns set up by the player march (A §11.5, B §1.2, B §2.1)', () => {
  it('a column, a limbered gun and a skirmisher column put down by hand each march 6" at the first Issue Orders', () => {
    let s = handPlaced();
    for (const id of ['b-4', 'b-11', 'b-12']) {
      expect(unit(s, id).formation, id).toBe('column');
      expect(unit(s, id).rs.columnCompulsory, id).toBe(true);
    }
    expect(unit(s, 'b-11').rs.gun!.limbered).toBe(true);
    // A unit set up in line does not march.
    expect(unit(s, 'b-5').formation).toBe('line');
    expect(unit(s, 'b-5').rs.columnCompulsory).toBe(false);
    s = act(s, { type: 'issue-orders', side: 'b' }).state;
    s = act(s, { type: 'end-reorganisation', side: 'b' }).state;
    // Any card but the Joker may be discarded; cards alike are offered once (A §7.8).
    const offer = legal(s, 'b').find((l) => l.action.type === 'discard')!;
    expect(offer.label).toBe('Discard a card for the compulsory moves');
    const choices = offer.params[0]!;
    expect(choices.kind === 'choice' && choices.choices.map((c) => c.value)).toEqual(['artillery:b:1', 'skirmInf:b:1', 'skirmCav:b:1', 'g:b-3:6', 'u:b-4:1']);
    s = act(s, { type: 'discard', side: 'b', card: 'skirmCav:b:2' }).state;
    expect(s.rules.discard).toEqual(['skirmCav:b:2']);
    expect(s.rules.sides.b!.hand).toContain('u:b-4:1');
    const r = act(s, { type: 'end-turn', side: 'b' });
    expectPose(unit(r.state, 'b-4'), 44, 32, DOWN);
    expectPose(unit(r.state, 'b-11'), 50, 34, DOWN);
    expectPose(unit(r.state, 'b-12'), 62, 32, DOWN);
    const marches = r.events.filter((e) => e.type === 'compulsory').map((e) => e.text);
    expect(marches).toContain('Line infantry 1 marches on in column 6.0"');
    expect(marches).toContain('Cannon 1 marches on in column 6.0"');
    expect(marches).toContain('Croat Grenzer 1 marches on in column 6.0"');
  });

  it('a skirmisher column marches straight ahead when ordered and forms its chain on "Form line"', () => {
    const s0 = buildState({
      units: [makeUnit({ id: 'S', side: 'a', troop: 'skirmInf', x: 30, y: 10, formation: 'column', rs: { columnCompulsory: true, baseFormation: 'column' } }), makeGeneral('ga', 'a', 10, 2), makeGeneral('gb', 'b', 60, 46)],
      hands: { a: ['skirmInf:a:1'] },
    });
    const s = act(s0, { type: 'play-card', side: 'a', card: 'skirmInf:a:1' }).state;
    const order = (extra: Record<string, unknown>) => ({ type: 'order', side: 'a', unit: 'S', card: 'skirmInf:a:1', ...extra });
    expect(legal(s, 'a').filter((l) => l.unit === 'S').map((l) => l.label)).toEqual(['Move (Skirmishing infantry card)', 'Form line (Skirmishing infantry card)', 'Wheel the column (free)']);
    expect(refuse(s, order({ order: 'move', to: { x: inch(30), y: inch(12) } }))).toBe('a column moves at least 3"');
    // Not the chain's free move: a point off to the side still takes the column straight ahead.
    const moved = act(s, order({ order: 'move', to: { x: inch(34), y: inch(14) } }));
    expectPose(unit(moved.state, 'S'), 30, 14, UP);
    expect(unit(moved.state, 'S').formation).toBe('column');
    const formed = act(s, order({ order: 'form-line', to: 'front' }));
    const f = unit(formed.state, 'S');
    expect(f.formation).toBe('loose');
    expect(f.rs.columnCompulsory).toBe(false);
    // The chain about the Colour Stand: stands 0.75" (19.05 mm) apart, every other one a third of a stand back.
    const chain = [[0, 0], [-40 / 3, 59.05], [0, -59.05], [-40 / 3, 118.1]];
    f.stands.forEach((x, i) => {
      expect(x.f).toBeCloseTo(chain[i]![0]!, 6);
      expect(x.l).toBeCloseTo(chain[i]![1]!, 6);
    });
  });
});

describe('a gun begun limbered marches until it unlimbers, comes within 9" of the enemy or enters a mounted threat zone (B §2.1)', () => {
  function limbered(enemy: ReturnType<typeof makeUnit>): HmState {
    const g = makeUnit({ id: 'G', side: 'a', troop: 'artillery', x: 20, y: 10, formation: 'column', rs: { columnCompulsory: true, baseFormation: 'column' } });
    g.rs.gun!.limbered = true;
    g.stands = [{ ...g.stands[0]!, depth: 40 + inch(1.5) }];
    // A battalion far off on the flank gives the unit card to discard.
    const spare = makeUnit({ id: 'I', side: 'a', troop: 'infantry', x: 62, y: 6 });
    return buildState({ units: [g, spare, enemy, makeGeneral('ga', 'a', 60, 2), makeGeneral('gb', 'b', 60, 46)], step: 'decision', hands: { a: ['u:I:1', 'artillery:a:1'] } });
  }
  /** Issue orders, discard the unit card, end the turn: the compulsory moves. */
  function marchTurn(s: HmState) {
    const r1 = act(s, { type: 'issue-orders', side: 'a' });
    const r2 = act(r1.state, { type: 'end-reorganisation', side: 'a' });
    const r3 = act(r2.state, { type: 'discard', side: 'a', card: 'u:I:1' });
    return act(r3.state, { type: 'end-turn', side: 'a' });
  }

  it('marches 6" with the enemy far off', () => {
    const r = marchTurn(limbered(makeUnit({ id: 'E', side: 'b', troop: 'infantry', x: 20, y: 40 })));
    expectPose(unit(r.state, 'G'), 20, 16, UP);
    expect(unit(r.state, 'G').rs.columnCompulsory).toBe(true);
  });

  it('halts with its Colour Stand 9" from the enemy\'s and marches no more', () => {
    const r = marchTurn(limbered(makeUnit({ id: 'E', side: 'b', troop: 'infantry', x: 20, y: 24 })));
    // Stand to stand 9": half the foot stand (0.79") and half the limbered gun's (1.54", with its team) besides.
    expectPose(unit(r.state, 'G'), 20, 24 - 9 - 20 / 25.4 - (40 + 38.1) / 2 / 25.4, UP);
    expect(unit(r.state, 'G').rs.columnCompulsory).toBe(false);
    expect(r.events.find((e) => e.unit === 'G')!.text).toMatch(/stops: halted: Colour Stand 9\.0" from E's, within 9"/);
  });

  it('halts on entering a mounted enemy\'s threat zone, though 9" off', () => {
    const horse = makeUnit({ id: 'H', side: 'b', troop: 'lightCav', x: 38, y: 24, facing: Math.PI });
    const r = marchTurn(limbered(horse));
    const g = unit(r.state, 'G');
    expect(g.y / 25.4).toBeGreaterThan(13);
    expect(g.y / 25.4).toBeLessThan(15);
    expect(g.rs.columnCompulsory).toBe(false);
    expect(r.events.find((e) => e.unit === 'G')!.text).toMatch(/stops: halted: in the threat zone of H/);
    // The same ground with foot there instead: no zone, and 16" off, so the gun marches its 6".
    const foot = marchTurn(limbered(makeUnit({ id: 'F', side: 'b', troop: 'infantry', x: 38, y: 24, facing: Math.PI })));
    expectPose(unit(foot.state, 'G'), 20, 16, UP);
  });

  it('unlimbering ("Form Line") ends the march', () => {
    let s = limbered(makeUnit({ id: 'E', side: 'b', troop: 'infantry', x: 20, y: 40 }));
    s = act(s, { type: 'issue-orders', side: 'a' }).state;
    s = act(s, { type: 'end-reorganisation', side: 'a' }).state;
    s = act(s, { type: 'play-card', side: 'a', card: 'artillery:a:1' }).state;
    s = act(s, { type: 'order', side: 'a', unit: 'G', card: 'artillery:a:1', order: 'unlimber', angle: 0 }).state;
    s = act(s, { type: 'end-card', side: 'a' }).state;
    expect(unit(s, 'G').rs.columnCompulsory).toBe(false);
    const r = act(s, { type: 'end-turn', side: 'a' });
    expectPose(unit(r.state, 'G'), 20, 10, UP);
    expect(r.events.some((e) => e.type === 'compulsory' && e.unit === 'G')).toBe(false);
  });
});
