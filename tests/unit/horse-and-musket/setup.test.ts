/** The pre-battle sequence (B §6.1-6.3): scouting, initiative, the winner's choice to attack or defend, deployment by posture, forces held off the table (B §7). */

import { describe, expect, it } from 'vitest';
import { DiceRoller } from '../../../src/core/dice';
import { inch } from '../../../src/core/measure';
import type { GameEvent } from '../../../src/core/model';
import { RuleError, type RuleContext } from '../../../src/core/ruleset';
import { battlefieldFromSpec } from '../../../src/terrain/battlefield';
import { isUndeployed } from '../../../src/core/deployment';
import { isOffTable } from '../../../src/rules/horse-and-musket/arrivals';
import {
  applyPreBattle,
  beginBattle,
  deployAutomatically,
  createHorseAndMusketGame,
  entryEdge,
  OFF_TABLE,
  outscouted,
  preBattleActions,
  TABLE,
} from '../../../src/rules/horse-and-musket/setup';
import type { TurnHooks } from '../../../src/rules/horse-and-musket/turn';
import type { HmState } from '../../../src/rules/horse-and-musket/types';
import { horseAndMusket } from '../../../src/rules/horse-and-musket/ruleset';

const CENTRE = TABLE.depth / 2;

/** A new game the engine deploys (deployment by the players is tested in deployment.test.ts). */
function game(seed = 'setup-1', options: Record<string, unknown> = {}): HmState {
  return createHorseAndMusketGame({ rulesetId: 'horse-and-musket', seed, options: { deployment: 'automatic', tableSide: 'fixed', ...options } });
}

function ctxFor(state: HmState, events: GameEvent[] = []): RuleContext {
  return { dice: new DiceRoller(state.dice), battlefield: battlefieldFromSpec(state.battlefield), emit: (e) => void events.push(e) };
}

/** The winner's choice and then, as the posture action does once the terrain is rolled, the engine's deployment; the choice's events. */
function choose(state: HmState, choice: 'attack' | 'defend', side = state.rules.initiative): GameEvent[] {
  const events: GameEvent[] = [];
  const ctx = ctxFor(state, events);
  applyPreBattle(state, ctx.battlefield, { type: 'choose-posture', side, choice }, ctx);
  deployAutomatically(state, ctx.battlefield, ctxFor(state));
  return events;
}

const advances = (state: HmState, side: string): string[] => state.rules.sides[side]!.hand.filter((id) => state.rules.cards[id]!.kind === 'infantryAdvance');
const onTable = (state: HmState, side: string) => state.units.filter((u) => u.side === side && !u.carriedBy && !u.removed);
/** Distance of a unit's nearest stand edge to the centre line, mm (all stands face along y). */
const fromCentre = (u: HmState['units'][number]): number => Math.min(...u.stands.map((s) => Math.abs(u.y + Math.sin(u.facing) * s.f - CENTRE) - s.depth / 2));

const noHooks: TurnHooks = { grapeshot: () => undefined, freeRallies: () => undefined, compulsoryMoves: () => undefined, victory: () => null };

describe('the pre-battle choice (B §6.1 step 3)', () => {
  it('a new game waits for the initiative winner to attack or defend; only he may choose', () => {
    const s = game();
    const winner = s.rules.initiative;
    const loser = winner === 'a' ? 'b' : 'a';
    expect(s.rules.step).toBe('posture');
    expect(s.phase).toBe('posture');
    expect(s.active).toBe(winner);
    const legal = preBattleActions(s);
    expect(legal.map((l) => l.action)).toEqual([
      { type: 'choose-posture', side: winner, choice: 'defend' },
      { type: 'choose-posture', side: winner, choice: 'attack' },
    ]);
    expect(preBattleActions(s, loser)).toEqual([]);
    expect(() => choose(s, 'attack', loser)).toThrow(/only the winner of the initiative/);
    expect(() => choose(s, 'charge' as 'attack')).toThrow(RuleError);
  });

  it('the winner defends: the loser attacks with the Infantry Advance card; first lines by posture', () => {
    const s = game();
    const winner = s.rules.initiative;
    const loser = winner === 'a' ? 'b' : 'a';
    // Nothing stands on the table before the choice (B §6.1: deployment follows the terrain rolls).
    expect(s.units.every((u) => u.carriedBy)).toBe(true);
    const events = choose(s, 'defend');
    expect(events.map((e) => e.text)).toEqual([expect.stringMatching(/choose to defend; .* must attack$/)]);
    expect(s.rules.sides[winner]!.posture).toBe('defender');
    expect(s.rules.sides[loser]!.posture).toBe('attacker');
    expect(advances(s, loser)).toEqual(['advance:1']);
    expect(advances(s, winner)).toEqual([]);
    expect(s.rules.sides[loser]!.mustPlayAdvance).toBe(true);
    expect(s.rules.sides[winner]!.mustPlayAdvance).toBe(false);
    // The defender's first line is within 18" of the centre line.
    const line = onTable(s, winner).filter((u) => u.rs.troop === 'infantry' && u.formation === 'line');
    expect(line.length).toBeGreaterThan(0);
    for (const u of line) expect(fromCentre(u)).toBeLessThanOrEqual(inch(18));
    // No attacking unit, skirmishers and Generals included, stands closer than 12" to the centre line.
    for (const u of onTable(s, loser)) expect(fromCentre(u), u.name).toBeGreaterThanOrEqual(inch(12) - 1);
    expect(preBattleActions(s)).toEqual([]);
    expect(() => choose(s, 'attack')).toThrow(/made once/);
  });

  it('the winner attacks: both sides attack, there is no defender, and each attacker holds an Infantry Advance', () => {
    const s = game();
    const winner = s.rules.initiative;
    const loser = winner === 'a' ? 'b' : 'a';
    const deck = s.rules.deck.length;
    const events = choose(s, 'attack');
    expect(events[0]!.text).toMatch(/choose to attack: both sides attack and there is no defender/);
    expect(Object.values(s.rules.sides).map((x) => x.posture)).toEqual(['attacker', 'attacker']);
    expect(advances(s, loser)).toEqual(['advance:1']);
    expect(advances(s, winner)).toEqual(['advance:2']);
    expect(s.rules.deck.length).toBe(deck - 1);
    expect(s.rules.sides[winner]!.mustPlayAdvance).toBe(true);
    // The winner's army deploys as an attacker: no stand closer than 12" to the centre line.
    for (const side of ['a', 'b']) for (const u of onTable(s, side)) expect(fromCentre(u), u.name).toBeGreaterThanOrEqual(inch(12) - 1);
    // Every card is still in exactly one place.
    const all = [...s.rules.deck, ...s.rules.discard, ...s.rules.sides.a!.hand, ...s.rules.sides.b!.hand];
    expect(all.length).toBe(new Set(all).size);
    expect(new Set(all)).toEqual(new Set(Object.keys(s.rules.cards)));
  });

  it('beginBattle starts the first turn of the initiative winner', () => {
    const s = game();
    choose(s, 'defend');
    const events: GameEvent[] = [];
    beginBattle(s, ctxFor(s, events), noHooks);
    expect(s.rules.step).toBe('decision');
    expect(s.phase).toBe('decision');
    expect(s.rules.turnSide).toBe(s.rules.initiative);
    expect(s.rules.turnNumber).toBe(1);
    expect(events[0]!.type).toBe('turn');
    expect(() => beginBattle(s, ctxFor(s), noHooks)).toThrow(/already begun/);
  });
});

describe('scouting and the initiative (B §6.1 steps 2-3)', () => {
  it('outscouted: half the enemy skirmishers or fewer, when the enemy has some', () => {
    expect(outscouted(0, 1)).toBe(true);
    expect(outscouted(1, 2)).toBe(true);
    expect(outscouted(1, 1)).toBe(false);
    expect(outscouted(2, 3)).toBe(false);
    expect(outscouted(0, 0)).toBe(false);
  });

  it('an outscouted side is −1 for the initiative, and the log says so', () => {
    const s = game();
    const count = (side: string) => s.units.filter((u) => u.side === side && (u.rs.troop === 'skirmInf' || u.rs.troop === 'skirmCav')).length;
    for (const side of ['a', 'b']) {
      const other = side === 'a' ? 'b' : 'a';
      expect(!!s.rules.sides[side]!.outscouted, side).toBe(outscouted(count(side), count(other)));
    }
    const out = Object.entries(s.rules.sides).filter(([, x]) => x.outscouted);
    for (const [side] of out) {
      const name = s.sides.find((x) => x.id === side)!.name;
      expect(s.rules.setupLog.some((l) => l.startsWith(`${name} are outscouted`) && l.includes('−1 for the initiative'))).toBe(true);
    }
    expect(s.rules.setupLog.some((l) => l.includes('win the initiative, move first, and choose whether to attack or defend'))).toBe(true);
  });
});

describe('forces held off the table (B §7)', () => {
  it('flankMarch and reinforcements are checked', () => {
    expect(() => game('setup-1', { flankMarch: 'left' })).toThrow(/flankMarch/);
    expect(() => game('setup-1', { reinforcements: 3 })).toThrow(/reinforcements/);
    const plain = game();
    expect(plain.rules.forces).toBeUndefined();
    expect(plain.options).toMatchObject({ flankMarch: 'none', reinforcements: 'none' });
  });

  it('a flanking force: the cavalry wing of its flank, near half, dice from the 2nd Joker, off the table', () => {
    const s = game('setup-1', { flankMarch: 'a' });
    const forces = s.rules.forces!;
    expect(forces.length).toBe(1);
    const f = forces[0]!;
    expect(f).toMatchObject({ side: 'a', kind: 'nearFlank', plannedJoker: 2, arrivesAtJoker: null, announced: false, rolls: [] });
    expect(f.units.length).toBeGreaterThan(0);
    for (const id of f.units) {
      const u = s.units.find((x) => x.id === id)!;
      expect(u.carriedBy).toBe(OFF_TABLE);
      expect(u.removed).toBe(false);
      expect(isOffTable(s, id)).toBe(true);
      // Parked beyond the table edge, far out of every range.
      expect(u.x < 0 || u.x > TABLE.width || u.y < 0 || u.y > TABLE.depth).toBe(true);
    }
    const cavalry = f.units.map((id) => s.units.find((x) => x.id === id)!).filter((u) => u.rs.troop !== 'general');
    expect(cavalry.every((u) => ['lightCav', 'heavyCav', 'cuirassier', 'skirmCav'].includes(u.rs.troop))).toBe(true);
    expect(s.rules.offTable).toEqual(f.units.map((unit) => ({ unit, force: f.id })));
    expect(s.rules.setupLog.some((l) => l.startsWith('Flanking force held off the table'))).toBe(true);
    // The edge is the side edge of its flank, on side a's own (near) half.
    const e = entryEdge(f);
    expect(e.a.x).toBe(e.b.x);
    expect([0, TABLE.width]).toContain(e.a.x);
    expect([e.a.y, e.b.y]).toEqual([0, TABLE.depth / 2]);
    expect(e.inward).toBe(f.flank === 'left' ? 0 : Math.PI);
    // The other army waits whole to be deployed: none of it is held off the table.
    expect(s.units.filter((u) => u.side === 'b').every((u) => isUndeployed(u))).toBe(true);
  });

  it('reinforcements: the second line comes on along its own baseline, dice from the 1st Joker', () => {
    const s = game('setup-1', { reinforcements: 'b' });
    const f = s.rules.forces![0]!;
    expect(f).toMatchObject({ side: 'b', kind: 'reinforcements', plannedJoker: 1 });
    const units = f.units.map((id) => s.units.find((x) => x.id === id)!);
    expect(units.filter((u) => u.rs.troop !== 'general').every((u) => u.rs.troop === 'infantry')).toBe(true);
    // The first line stays: three battalions are deployed.
    choose(s, 'defend');
    expect(onTable(s, 'b').filter((u) => u.rs.troop === 'infantry').length).toBe(3);
    const e = entryEdge(f);
    expect([e.a.y, e.b.y]).toEqual([TABLE.depth, TABLE.depth]);
    expect(e.inward).toBe(-Math.PI / 2);
  });

  it('an off-table unit is not deployed, so it costs no one a status for being out of command', () => {
    const s = game('setup-1', { flankMarch: 'both', reinforcements: 'both' });
    for (const u of s.units.filter((x) => x.carriedBy)) expect(u.rs.outOfCommand, u.name).toBe(false);
    // A General goes with a force only when his whole Command does.
    for (const g of s.units.filter((x) => x.carriedBy && x.rs.general)) {
      const command = s.units.filter((u) => u.rs.command === g.id);
      expect(command.every((u) => u.carriedBy)).toBe(true);
    }
  });
});

describe('options are checked (bad input is refused with the reason)', () => {
  const make = (options: Record<string, unknown>) => () => horseAndMusket.createGame({ rulesetId: 'horse-and-musket', seed: 'opts', options });
  it('refuses an unknown option, a choice not offered, a number out of range and a wrong kind', () => {
    expect(make({ fogOfWar: true })).toThrow(/^unknown option "fogOfWar"; the options are armyA, armyB, points/);
    expect(make({ sight: 'x-ray' })).toThrow('option sight must be one of computed, levels, not "x-ray"');
    expect(make({ points: 20 })).toThrow('option points must be a number from 80 to 600, not 20');
    expect(make({ hiddenMovement: 'yes' })).toThrow('option hiddenMovement must be true or false, not "yes"');
  });
  it('fills in every default', () => {
    const s = horseAndMusket.createGame({ rulesetId: 'horse-and-musket', seed: 'opts' });
    expect(s.options).toMatchObject({ armyA: 'prussia-supremacy', armyB: 'austria', points: 160, turnLimit: 40, sight: 'computed', hiddenMovement: false });
  });
});

describe('skirmishers fielded as formed troops (B §1.4)', () => {
  it('turn into Poorly Trained infantry or light cavalry, keep their rough-ground ±3, and are all commanded', () => {
    const plain = horseAndMusket.createGame({ rulesetId: 'horse-and-musket', seed: 'formed' });
    const s = horseAndMusket.createGame({ rulesetId: 'horse-and-musket', seed: 'formed', options: { skirmishersFormed: 'b' } });
    const before = plain.units.filter((u) => u.side === 'b' && (u.rs.troop === 'skirmInf' || u.rs.troop === 'skirmCav'));
    expect(before.length).toBeGreaterThan(0);
    for (const old of before) {
      const u = s.units.find((x) => x.id === old.id)!;
      expect(u.rs.troop).toBe(old.rs.troop === 'skirmInf' ? 'infantry' : 'lightCav');
      expect(u.rs.exSkirmisher).toBe(true);
      expect(u.rs.command).not.toBeNull();
    }
    expect(s.units.filter((u) => u.side === 'b' && (u.rs.troop === 'skirmInf' || u.rs.troop === 'skirmCav'))).toEqual([]);
    // Every unit that needs a Command has one (A §6.5).
    expect(s.units.filter((u) => ['infantry', 'lightCav', 'heavyCav', 'cuirassier'].includes(u.rs.troop) && !u.rs.command)).toEqual([]);
  });
});
