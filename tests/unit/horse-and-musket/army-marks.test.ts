/**
 * The army builder's marks (B §7, §9.2): statuses bought for points, units held off the table as a
 * flanking force or reinforcements with their flank, half and Joker, their arrival by the book's die,
 * a column that comes on marching from its next turn, the winner's roll for his side of the table,
 * and a save that keeps the marks.
 */

import { describe, expect, it } from 'vitest';
import { DiceRoller, scriptedDice } from '../../../src/core/dice';
import { inch } from '../../../src/core/measure';
import type { ArmyRoster, GameEvent } from '../../../src/core/model';
import type { RuleContext } from '../../../src/core/ruleset';
import { parseSave, SAVE_FORMAT, SAVE_VERSION, serialiseSave } from '../../../src/core/save';
import { battlefieldFromSpec } from '../../../src/terrain/battlefield';
import { afterJoker, applyArrival, arrivalActions, forceDue, offTableInfo } from '../../../src/rules/horse-and-musket/arrivals';
import { checkRoster, rosterToArmy } from '../../../src/rules/horse-and-musket/roster';
import { createHorseAndMusketGame, entryEdge, OFF_TABLE, rollTableSide, TABLE } from '../../../src/rules/horse-and-musket/setup';
import type { HmState, OffTableForce } from '../../../src/rules/horse-and-musket/types';
import { act, buildState, DOWN, makeGeneral, makeUnit, unit } from './fixture';
import { nearSideId } from '../../../src/rules/horse-and-musket/world';

/** A legal Austrian army of 153 points at 160 (budget 184) to mark up. */
function austrians(extra: ArmyRoster['picks'] = []): ArmyRoster {
  return {
    list: 'austria',
    picks: [
      { item: 'line-infantry', stands: 5, count: 6 },
      { item: 'cuirassiers', stands: 5, count: 1 },
      { item: 'dragoons', stands: 5, count: 1 },
      { item: 'horse-grenadiers', count: 1 },
      ...extra,
      { item: 'general-cinc', count: 1 },
      { item: 'general-mediocre', count: 3 },
    ],
  };
}

function ctxFor(state: HmState, values: number[], events: GameEvent[]): RuleContext & { script: number[] } {
  const dice = scriptedDice(values);
  return { dice: new DiceRoller(dice), battlefield: battlefieldFromSpec(state.battlefield), emit: (e) => void events.push(e), script: dice.script! };
}

describe('statuses bought in the army builder (B §9.2)', () => {
  it('prices each status flat per unit from the list status, and the bill totals exactly', () => {
    const plain = checkRoster(austrians(), 160);
    expect(plain.problems).toEqual([]);
    // 6 × 10 + 22 + 16 + 18 + 25 + 3 × 4 = 153.
    expect(plain.points).toBe(153);
    // Two line battalions Elite (Trained +4 each), the Well Trained cuirassiers Elite (+2), the dragoons Unreliable (−4).
    const r = checkRoster(
      {
        list: 'austria',
        picks: [
          { item: 'line-infantry', stands: 5, count: 4 },
          { item: 'line-infantry', stands: 5, count: 2, status: 'elite' },
          { item: 'cuirassiers', stands: 5, count: 1, status: 'elite' },
          { item: 'dragoons', stands: 5, count: 1, status: 'unreliable' },
          { item: 'horse-grenadiers', count: 1 },
          { item: 'general-cinc', count: 1 },
          { item: 'general-mediocre', count: 3 },
        ],
      },
      160,
    );
    expect(r.problems).toEqual([]);
    expect(r.pickPoints).toEqual([10, 14, 24, 12, 18, 25, 4]);
    expect(r.points).toBe(153 + 8 + 2 - 4);
    expect(r.lines.map((l) => l.what)).toContain('Dragoons, 5 stands (Unreliable)');
  });

  it('offers every other status with its price, and none for a rolled status', () => {
    const grenzer = checkRoster({ list: 'austria', picks: [{ item: 'croat-grenzer', stands: 5, count: 1, status: 'elite' }] }, 160);
    expect(grenzer.problems[0]).toBe('Croat Grenzer takes the status it rolls (status rolled on table A, Croat Grenzer) and pays the list price for it (B §9.2): it cannot be bought as "elite".');
    const wrong = checkRoster({ list: 'austria', picks: [{ item: 'line-infantry', stands: 5, count: 1, status: 'heroic' }] }, 160);
    expect(wrong.problems[0]).toBe('Line infantry: "heroic" is not a status it can be bought at; choose one of Unreliable, Poorly Trained, Well Trained, Elite, Exceptional.');
    const general = checkRoster({ list: 'austria', picks: [{ item: 'general-capable', count: 1, status: 'elite' }] }, 160);
    expect(general.problems[0]).toBe('Capable General has no status to buy: it cannot be bought as "elite".');
  });

  it('a bought status is the unit\'s status on the table', () => {
    const s = createHorseAndMusketGame({
      rulesetId: 'horse-and-musket',
      seed: 'marks-status',
      options: { deployment: 'automatic' },
      armies: { b: { list: 'austria', picks: austrians().picks.map((p) => (p.item === 'dragoons' ? { ...p, status: 'elite' } : p)) } },
    });
    const dragoons = s.units.find((u) => u.side === 'b' && u.rs.listEntry === 'dragoons')!;
    expect(dragoons.rs.status).toBe('elite');
    expect(s.units.filter((u) => u.side === 'b' && u.rs.listEntry === 'line-infantry').every((u) => u.rs.status === 'trained')).toBe(true);
  });
});

describe('flanking forces and reinforcements marked in the builder (B §7, §9.2)', () => {
  it('charges +2 a mounted stand for a flank march and saves 2 a unit for reinforcements', () => {
    const r = checkRoster(
      austrians([
        { item: 'cuirassiers', stands: 3, count: 1, arrival: 'flank-left-far', arrivalTurn: 4 },
        { item: 'line-infantry', stands: 5, count: 1, arrival: 'reinforcements', arrivalTurn: 1 },
      ]),
      160,
    );
    // Cuirassiers of 3 stands 12 + 3 × 2, a battalion 10 − 2.
    expect(r.pickPoints!.slice(4, 6)).toEqual([18, 8]);
    expect(r.points).toBe(153 + 18 + 8);
    expect(r.problems).toEqual([]);
    expect(r.lines.map((l) => l.what).slice(4, 6)).toEqual(['Cuirassiers, 3 stands (flank)', 'Line infantry, 5 stands (reinforcement)']);
  });

  it('refuses a plan the book does not allow, saying why', () => {
    const early = checkRoster(austrians([{ item: 'cuirassiers', stands: 3, count: 1, arrival: 'flank-right-far', arrivalTurn: 2 }]), 160);
    expect(early.problems).toEqual(['Cuirassiers: A flanking force on the far half of a flank cannot be planned before the 3rd Joker, not the 2nd (B §7).']);
    const nowhere = checkRoster(austrians([{ item: 'hussars', stands: 3, count: 1, arrival: 'by-sea' }]), 160);
    expect(nowhere.problems[0]).toBe('Hussars: "by-sea" is not a way to come on; choose one of reinforcements, flank-left-near, flank-left-far, flank-right-near, flank-right-far.');
    const cinc = checkRoster({ list: 'austria', picks: [{ item: 'general-cinc', count: 1, arrival: 'reinforcements' }] }, 160);
    expect(cinc.problems[0]).toBe('The Commander-in-Chief starts on the table: he commands the whole army and cannot come on later.');
    const turnOnly = checkRoster(austrians([{ item: 'hussars', stands: 3, count: 1, arrivalTurn: 3 }]), 160);
    expect(turnOnly.problems[0]).toBe('Hussars: a Joker to arrive is given, but the units are not held off the table.');
    // The game refuses such a roster whole; nothing is built.
    expect(() =>
      createHorseAndMusketGame({ rulesetId: 'horse-and-musket', seed: 'marks-bad', armies: { b: austrians([{ item: 'cuirassiers', stands: 3, count: 1, arrival: 'flank-right-far', arrivalTurn: 2 }]) } }),
    ).toThrow('The second army (Austrians) cannot take the field: Cuirassiers: A flanking force on the far half of a flank cannot be planned before the 3rd Joker, not the 2nd (B §7).');
  });

  it('fields the marked units off the table as one force on the far half of the left flank, and brings them on with scripted dice', () => {
    const roster = austrians([
      { item: 'cuirassiers', stands: 3, count: 1, arrival: 'flank-left-far', arrivalTurn: 3 },
      { item: 'dragoons', stands: 3, count: 1, arrival: 'flank-left-far', arrivalTurn: 3 },
    ]);
    // 153 + (12 + 6) + (8 + 6) = 185: a 170-point game (budget 195).
    expect(checkRoster(roster, 170)).toMatchObject({ points: 185, problems: [] });
    const s = createHorseAndMusketGame({ rulesetId: 'horse-and-musket', seed: 'marks-flank', options: { deployment: 'automatic', points: 170 }, armies: { b: roster } });
    const forces = s.rules.forces!;
    expect(forces.length).toBe(1);
    const f = forces[0]!;
    expect(f).toMatchObject({ side: 'b', kind: 'farFlank', flank: 'left', plannedJoker: 3, arrivesAtJoker: null });
    const hussars = f.units.map((id) => unit(s, id));
    expect(hussars.map((u) => u.name)).toEqual(['Cuirassiers 2', 'Dragoons 2']);
    expect(hussars.every((u) => u.carriedBy === OFF_TABLE)).toBe(true);
    expect(s.rules.setupLog).toContain('Flanking force held off the table as the army list says, to come on along the far half of its left flank: Cuirassiers 2, Dragoons 2. Dice for its arrival from the 3rd Joker');

    // Fix the table sides as the first army near, then play it as side b's action step.
    s.sides[0]!.edge = 'near';
    s.sides[1]!.edge = 'far';
    f.ownEdge = 'far';
    s.rules.step = 'action';
    s.rules.turnSide = 'b';
    s.rules.turnNumber = 5;
    const events: GameEvent[] = [];
    // The 2nd Joker: too early, no die. The 3rd: a raw 5, +1 for an all-mounted force = 6, arrives now.
    s.rules.jokersPlayed = 2;
    const early = ctxFor(s, [], events);
    afterJoker(s, early.battlefield, early);
    expect(events).toEqual([]);
    expect(forceDue(s, f)).toBe('dice for it after the 3rd Joker (2 played): 6 arrives at once, 5 at the next Joker, 4 the one after');
    s.rules.jokersPlayed = 3;
    const roll = ctxFor(s, [5], events);
    afterJoker(s, roll.battlefield, roll);
    expect(roll.script).toEqual([]);
    expect(f.arrivesAtJoker).toBe(3);
    expect(events[0]!.text).toBe("Austrians' flanking force: arrival roll 5 +1 = 6 (all mounted: the engine adds 1, the soonest arrival): it arrives now: it is seen approaching on the far half of their left flank");
    expect(events[0]!.dice).toEqual([{ purpose: 'arrival', sides: 6, values: [5] }]);
    expect(offTableInfo(s, 'b')[0]).toMatchObject({ label: 'Flanking force: Cuirassiers 2, Dragoons 2', tone: 'warn' });
    expect(offTableInfo(s, 'a')[0]).toEqual({ label: "Austrians' flanking force seen approaching", detail: 'on the far half of their left flank', tone: 'warn' });

    // Side b faces down the table: its left is the east edge (x = 72"), its far half is y below 24".
    const edge = entryEdge(f);
    expect([edge.a.x, edge.b.x]).toEqual([TABLE.width, TABLE.width]);
    expect([edge.a.y, edge.b.y]).toEqual([0, TABLE.depth / 2]);
    const legal = arrivalActions(s, roll.battlefield, 'b');
    expect(legal.map((l) => l.label)).toEqual(['Bring on Cuirassiers 2 (flanking force)']);
    applyArrival(s, roll.battlefield, { ...legal[0]!.action, at: { x: TABLE.width, y: inch(12) }, formation: 'column' }, roll);
    const first = unit(s, hussars[0]!.id);
    expect(first.carriedBy).toBeUndefined();
    expect(first.facing).toBeCloseTo(Math.PI, 6);
    // Its rear on the edge at y = 12", then a free Move: cuirassiers in column may go further than 6".
    expect(Math.abs(first.y - inch(12))).toBeLessThan(inch(0.5));
    expect(first.x).toBeLessThan(TABLE.width - inch(6));
    expect(first.x).toBeGreaterThan(TABLE.width - inch(20));
  });

  it('a General marked with the reinforcements commands them and comes on after them (B §6.4)', () => {
    const picks = austrians().picks.flatMap((p) =>
      p.item === 'line-infantry'
        ? [{ ...p, count: 4 }, { ...p, count: 2, arrival: 'reinforcements', arrivalTurn: 2 }]
        : p.item === 'general-mediocre'
          ? [{ ...p, count: 2 }, { ...p, count: 1, arrival: 'reinforcements', arrivalTurn: 2 }]
          : [p],
    );
    const roster = { list: 'austria', picks };
    expect(checkRoster(roster, 160)).toMatchObject({ points: 153 - 4, problems: [] });
    const s = createHorseAndMusketGame({ rulesetId: 'horse-and-musket', seed: 'marks-general', options: { deployment: 'automatic' }, armies: { b: roster } });
    const f = s.rules.forces!.find((x) => x.side === 'b')!;
    expect(f).toMatchObject({ kind: 'reinforcements', plannedJoker: 2 });
    expect(f.units.slice(0, 2).map((id) => unit(s, id).name)).toEqual(['Line infantry 5', 'Line infantry 6']);
    expect(f.units.length).toBe(3);
    const general = unit(s, f.units[2]!);
    expect(general.rs.general).not.toBeNull();
    expect(f.units.slice(0, 2).every((id) => unit(s, id).rs.command === general.id)).toBe(true);
    // The battalions on the table are not his.
    expect(s.units.filter((u) => u.side === 'b' && u.rs.command === general.id).length).toBe(2);
  });
});

describe('a column that comes on marches from its next turn (B §7, A §11.5)', () => {
  it('enters 6" in column, stays put at the end of that turn, and marches 6" at the end of the next', () => {
    const waiting = makeUnit({ id: 'R', side: 'a', troop: 'infantry', x: 36, y: -12, facing: Math.PI / 2 });
    waiting.carriedBy = OFF_TABLE;
    const s = buildState({ units: [waiting, makeGeneral('ga', 'a', 10, 4), makeGeneral('gb', 'b', 60, 46), makeUnit({ id: 'B', side: 'b', troop: 'infantry', x: 60, y: 44, facing: DOWN })], hands: { a: [] } });
    const f: OffTableForce = { id: 'a-reinforcements', side: 'a', kind: 'reinforcements', flank: 'right', plannedJoker: 1, arrivesAtJoker: 1, announced: true, units: ['R'], rolls: [{ joker: 1, raw: 6, final: 6 }] };
    s.rules.forces = [f];
    s.rules.offTable = [{ unit: 'R', force: f.id }];
    s.rules.entered = [];
    s.rules.jokersPlayed = 1;
    const entered = act(s, { type: 'enter', side: 'a', force: f.id, unit: 'R', at: { x: inch(36), y: 0 }, formation: 'column' }).state;
    const r = unit(entered, 'R');
    expect(r.formation).toBe('column');
    expect(r.rs.columnCompulsory).toBe(true);
    // The rear stand on the baseline, the Colour Stand at the head: 6" in.
    const headAfterEntry = r.y;
    expect(r.x).toBeCloseTo(inch(36), 0);
    // The end of the turn it came on: no march (coming on was its move).
    entered.rules.discardedThisTurn = true;
    const ended = act(entered, { type: 'end-turn', side: 'a' });
    expect(ended.events.filter((e) => e.type === 'compulsory' && e.unit === 'R')).toEqual([]);
    expect(unit(ended.state, 'R').y).toBeCloseTo(headAfterEntry, 6);
    // Its next turn: orders issued, and at the end the column marches on 6" straight up the table.
    const next = structuredClone(ended.state);
    next.rules.turnSide = 'a';
    next.rules.step = 'action';
    next.rules.issuedOrders = true;
    next.rules.turnNumber = entered.rules.turnNumber + 2;
    next.rules.cardsPlayedThisTurn = 0;
    next.rules.discardedThisTurn = true;
    next.active = 'a';
    next.phase = 'action';
    const marched = act(next, { type: 'end-turn', side: 'a' });
    expect(marched.events.find((e) => e.type === 'compulsory' && e.unit === 'R')?.text).toBe('Line infantry R marches on in column 6.0"'.replace('Line infantry R', unit(next, 'R').name));
    const after = unit(marched.state, 'R');
    expect(Math.abs(after.y - (headAfterEntry + inch(6)))).toBeLessThan(inch(0.05));
    expect(Math.abs(after.x - r.x)).toBeLessThan(inch(0.05));
  });
});

describe("the initiative winner's roll for his side of the table (B §6.1 step 3)", () => {
  function fresh(): HmState {
    return createHorseAndMusketGame({ rulesetId: 'horse-and-musket', seed: 'marks-side', options: { deployment: 'automatic' }, armies: { b: austrians([{ item: 'cuirassiers', stands: 3, count: 1, arrival: 'flank-right-near', arrivalTurn: 2 }]) } });
  }
  it.each([
    [2, 'near'],
    [5, 'far'],
  ] as const)('a %i puts the winner on the %s long edge, and the other army opposite', (die, edge) => {
    const s = fresh();
    const winner = s.rules.initiative;
    const loser = winner === 'a' ? 'b' : 'a';
    const events: GameEvent[] = [];
    const dice = scriptedDice([die]);
    rollTableSide(s, new DiceRoller(dice), { emit: (e) => void events.push(e) });
    expect(dice.script).toEqual([]);
    expect(nearSideId(s)).toBe(edge === 'near' ? winner : loser);
    expect(s.sides.find((x) => x.id === winner)!.edge).toBe(edge);
    expect(s.sides.find((x) => x.id === loser)!.edge).toBe(edge === 'near' ? 'far' : 'near');
    const name = (id: string) => s.sides.find((x) => x.id === id)!.name;
    expect(events).toEqual([
      {
        type: 'table-side',
        side: winner,
        text: `${name(winner)} roll for their side of the table (B §6.1): ${die}, ${die <= 3 ? '1-3' : '4-6'}: they set up along ${edge === 'near' ? 'the near long edge' : 'the far long edge'}, ${name(loser)} along ${edge === 'near' ? 'the far long edge' : 'the near long edge'}`,
        dice: [{ purpose: 'side of the table', sides: 6, values: [die] }],
      },
    ]);
    // Side b's flanking force comes on from its own half of its right flank, wherever that now is.
    const f = s.rules.forces![0]!;
    const bNear = nearSideId(s) === 'b';
    expect(f.ownEdge).toBe(bNear ? 'near' : 'far');
    const e = entryEdge(f);
    expect([e.a.y, e.b.y]).toEqual(bNear ? [0, TABLE.depth / 2] : [TABLE.depth / 2, TABLE.depth]);
    // Facing up the table from the near edge, the right is x = 72"; facing down from the far edge, x = 0.
    expect(e.a.x).toBe(bNear ? TABLE.width : 0);
  });

  it('the game makes the roll when the winner chooses, and the armies deploy on their own halves', () => {
    const s = fresh();
    const winner = s.rules.initiative;
    const r = act(s, { type: 'choose-posture', side: winner, choice: 'defend' });
    const roll = r.events.find((e) => e.type === 'table-side')!;
    expect(roll.dice![0]!.values.length).toBe(1);
    const near = nearSideId(r.state as HmState);
    const onTable = r.state.units.filter((u) => !u.carriedBy && !u.removed && u.rs.troop !== 'general');
    for (const u of onTable) expect(u.side === near ? u.y < TABLE.depth / 2 : u.y > TABLE.depth / 2, u.name).toBe(true);
  });
});

describe('a save keeps the marks', () => {
  it('round-trips the status and the off-table plan, and the loaded game has the same force', () => {
    const roster = austrians([{ item: 'cuirassiers', stands: 3, count: 1, arrival: 'flank-left-near', arrivalTurn: 3, status: 'elite' }]);
    const setup = { rulesetId: 'horse-and-musket', seed: 'marks-save', options: { deployment: 'automatic' }, armies: { b: roster } };
    const s = createHorseAndMusketGame(setup);
    const text = serialiseSave({ format: SAVE_FORMAT, version: SAVE_VERSION, savedAt: '2026-11-23T05:00:00Z', setup, log: [], stateHash: '0123456789abcdef' });
    const loaded = parseSave(text);
    expect(loaded.setup.armies!.b).toEqual(roster);
    const again = createHorseAndMusketGame(loaded.setup);
    expect(again.rules.forces).toEqual(s.rules.forces);
    const army = rosterToArmy(loaded.setup.armies!.b!).army!;
    expect(army.entries.find((e) => e.offTable)).toEqual({ entry: 'cuirassiers', stands: 3, count: 1, status: 'elite', offTable: 'flank', arrival: { flank: 'left', half: 'near', joker: 3 } });
    expect(unit(again, again.rules.forces![0]!.units[0]!).rs.status).toBe('elite');
  });
});
