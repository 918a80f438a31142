/**
 * More than two players (A §8.3): subordinate Generals and allied Commanders-in-chief as seats.
 * Card routing, the subordinate's part of the turn before his Commander-in-chief, refusals of
 * another seat's units, the allied turn orders, each allied army's draw, saves and whole games.
 */

import { describe, expect, it } from 'vitest';
import { horseAndMusket } from '../../../src/rules/horse-and-musket/ruleset';
import { cardsDrawnPerTurn } from '../../../src/rules/horse-and-musket/charts';
import { ARMY_LISTS, type ArmyListId } from '../../../src/rules/horse-and-musket/armies';
import { seatHand } from '../../../src/rules/horse-and-musket/seats';
import { cincOver } from '../../../src/rules/horse-and-musket/world';
import type { HmState } from '../../../src/rules/horse-and-musket/types';
import { GameSession } from '../../../src/app/session';
import { makePlayer } from '../../../src/ai/players';
import { replay, stateHash } from '../../../src/core/engine';
import { serialiseSave } from '../../../src/core/save';
import { act, legal, refuse } from './fixture';

/** A new battle with these players options; the initiative winner defends, so the first turn has begun. */
function seatedGame(seed: string, options: Record<string, unknown>): HmState {
  const s = horseAndMusket.createGame({ rulesetId: 'horse-and-musket', seed, options: { deployment: 'automatic', ...options } });
  const seat = s.activeSeat!;
  return act(s, { type: 'choose-posture', side: s.rules.initiative, seat, choice: 'defend' }).state;
}

/** The acting seat passes (its legal 'pass', seat included). */
function pass(s: HmState): HmState {
  const l = legal(s).find((x) => x.action.type === 'pass');
  if (!l) throw new Error(`no pass for ${s.activeSeat} in the ${s.rules.step} step`);
  return act(s, l.action).state;
}

/** Pass until `side`'s turn is about to begin: the next pass hands the turn to it. */
function untilTurnOf(s: HmState, side: string): HmState {
  for (let i = 0; i < 12; i++) {
    const next = pass(s);
    if (s.rules.turnSide !== side && next.rules.turnSide === side) return s;
    s = next;
  }
  throw new Error(`${side}'s turn never came`);
}

const seatTurns = (s: HmState): string[] => [s.rules.turnSeat!];

describe('a subordinate General (A §8.3)', () => {
  const start = seatedGame('seats-1', { players: 'subordinate-a' });

  it('takes the largest Command of his army, and only that Command', () => {
    expect(start.seats!.map((x) => [x.id, x.side, x.role])).toEqual([
      ['a', 'a', 'cinc'],
      ['a-sub', 'a', 'subordinate'],
      ['b', 'b', 'cinc'],
    ]);
    const sub = start.seats![1]!;
    const general = start.units.find((u) => u.id === sub.units[0])!;
    expect(general.rs.general?.role).toBe('general');
    const commands = start.units.filter((g) => g.side === 'a' && g.rs.general?.role === 'general').map((g) => start.units.filter((u) => u.rs.command === g.id).length);
    expect(sub.units.length - 1).toBe(Math.max(...commands));
    expect(sub.units.slice(1).sort()).toEqual(start.units.filter((u) => u.rs.command === general.id).map((u) => u.id).sort());
    expect(sub.name).toBe(`${start.sides[0]!.name} subordinate General (${general.name})`);
    // Every unit of side a is in exactly one of its seats.
    const own = start.units.filter((u) => u.side === 'a').map((u) => u.id).sort();
    expect([...start.seats![0]!.units, ...sub.units].sort()).toEqual(own);
  });

  it("gets his Command's unit and General cards whoever draws them; his CinC's and the enemy's go to theirs", () => {
    let s = structuredClone(untilTurnOf(start, 'a'));
    const sub = s.seats!.find((x) => x.role === 'subordinate')!;
    const subUnit = sub.units[1]!;
    const cinc = s.units.find((u) => u.side === 'a' && u.rs.general?.role === 'cinc')!;
    const enemy = s.units.find((u) => u.side === 'b' && u.rs.troop === 'infantry')!;
    const scripted = [`u:${subUnit}:1`, `g:${sub.units[0]}:1`, `g:${cinc.id}:1`, `u:${enemy.id}:1`];
    for (const id of scripted) expect(s.rules.deck, id).toContain(id);
    s.rules.deck = [...scripted, ...s.rules.deck.filter((id) => !scripted.includes(id))];
    s.rules.sides.a!.drawPerTurn = 4;
    const before = { sub: [...seatHand(s, 'a-sub')], a: [...s.rules.sides.a!.hand], b: [...s.rules.sides.b!.hand] };
    const r = act(s, legal(s).find((x) => x.action.type === 'pass')!.action);
    s = r.state;
    expect(s.rules.turnSide).toBe('a');
    expect(seatHand(s, 'a-sub')).toEqual([...before.sub, `u:${subUnit}:1`, `g:${sub.units[0]}:1`]);
    expect(s.rules.sides.a!.hand.filter((id) => !before.a.includes(id))).toEqual([`g:${cinc.id}:1`]);
    expect(s.rules.sides.b!.hand.filter((id) => !before.b.includes(id))).toEqual([`u:${enemy.id}:1`]);
    const draw = r.events.find((e) => e.type === 'draw')!;
    expect(draw.text).toContain(`passed to ${sub.name}:`);
    expect(s.rules.lastDraw!.to).toEqual({ [`u:${subUnit}:1`]: 'a-sub', [`g:${sub.units[0]}:1`]: 'a-sub', [`g:${cinc.id}:1`]: 'a', [`u:${enemy.id}:1`]: 'b' });
  });

  it('plays his part of the turn before his Commander-in-chief, ordering only his own units', () => {
    let s = pass(untilTurnOf(start, 'a'));
    const sub = s.seats!.find((x) => x.role === 'subordinate')!;
    const turn = s.rules.turnNumber;
    expect([s.activeSeat, s.rules.turnSeat, s.rules.step]).toEqual(['a-sub', 'a-sub', 'decision']);
    expect(legal(s).every((l) => l.action.seat === 'a-sub')).toBe(true);
    s = act(s, legal(s).find((l) => l.action.type === 'issue-orders')!.action).state;
    s = act(s, legal(s).find((l) => l.action.type === 'end-reorganisation')!.action).state;
    const units = new Set(legal(s).filter((l) => l.unit).map((l) => l.unit!));
    for (const u of units) expect(sub.units, u).toContain(u);
    // The subordinate ends his part (discarding a card if he has nothing to order); the CinC's begins in the same player turn.
    const end = legal(s).find((l) => l.action.type === 'end-turn') ?? legal(s).find((l) => l.action.type === 'discard');
    const discarded = end!.action.type === 'discard' ? act(s, { ...end!.action, card: (end!.params[0] as { choices: { value: string }[] }).choices[0]!.value }).state : s;
    s = act(discarded, legal(discarded).find((l) => l.action.type === 'end-turn')!.action).state;
    expect([s.activeSeat, s.rules.turnSeat, s.rules.step, s.rules.turnSide, s.rules.turnNumber]).toEqual(['a', 'a', 'decision', 'a', turn]);
    s = act(s, legal(s).find((l) => l.action.type === 'issue-orders')!.action).state;
    s = act(s, legal(s).find((l) => l.action.type === 'end-reorganisation')!.action).state;
    for (const l of legal(s).filter((x) => x.unit)) expect(sub.units, l.unit).not.toContain(l.unit);
    expect(seatTurns(s)).toEqual(['a']);
  });

  it("refuses an order from the wrong seat, and an order for another seat's unit, saying whose it is", () => {
    const s = pass(untilTurnOf(start, 'a'));
    const sub = s.seats!.find((x) => x.role === 'subordinate')!;
    const cincSeat = s.seats!.find((x) => x.id === 'a')!;
    expect(refuse(s, { type: 'issue-orders', side: 'a', seat: 'a' })).toBe(`it is ${sub.name}'s turn to act, and this order came from ${cincSeat.name}`);
    expect(refuse(s, { type: 'issue-orders', side: 'a' })).toBe(`it is ${sub.name}'s turn to act, and this order came from no seat`);
    // Ending the battle is his Commander-in-chief's: not offered to him, and refused.
    expect(legal(s).map((l) => l.action.type).sort()).toEqual(['issue-orders', 'pass']);
    expect(refuse(s, { type: 'leave-field', side: 'a', seat: 'a-sub' })).toBe('a subordinate General cannot end the battle; that is for his Commander-in-chief');
    const issued = act(s, { type: 'issue-orders', side: 'a', seat: 'a-sub' }).state;
    const other = issued.units.find((u) => u.side === 'a' && cincSeat.units.includes(u.id) && u.rs.troop !== 'general')!;
    expect(refuse(issued, { type: 'order', side: 'a', seat: 'a-sub', unit: other.id, card: `u:${other.id}:1`, order: 'halt' })).toBe(
      `${other.name} is commanded by the ${cincSeat.name}; the ${sub.name} cannot order it`,
    );
  });
});

describe('setting up with seats', () => {
  it("the side's first seat sets up the whole side, the subordinate's units included", () => {
    const s0 = horseAndMusket.createGame({ rulesetId: 'horse-and-musket', seed: 'seats-6', options: { players: 'subordinate-both' } });
    const s = act(s0, { type: 'choose-posture', side: s0.rules.initiative, seat: s0.rules.initiative, choice: 'defend' }).state;
    expect(s.rules.step).toBe('deploy');
    const side = s.active!;
    expect(s.activeSeat).toBe(side);
    const units = new Set(legal(s).filter((l) => l.unit).map((l) => l.unit!));
    const sub = s.seats!.find((x) => x.id === `${side}-sub`)!;
    expect(sub.units.some((u) => units.has(u))).toBe(true);
    expect(legal(s).every((l) => l.action.seat === side)).toBe(true);
  });
});

describe('allied Commanders-in-chief (A §8.3)', () => {
  const rotation = (s: HmState, n: number): string[] => {
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      out.push(s.rules.turnSeat!);
      s = pass(s);
    }
    return out;
  };

  it('take their turns side by side: all of one side, then all of the other', () => {
    const s = seatedGame('seats-2', { players: 'allies-both', alliedTurns: 'sides' });
    const first = s.rules.initiative;
    const other = first === 'a' ? 'b' : 'a';
    expect(rotation(s, 8)).toEqual([first, `${first}2`, other, `${other}2`, first, `${first}2`, other, `${other}2`]);
  });

  it('or alternate one player of each side; with three, the spare player goes last in the round', () => {
    const s = seatedGame('seats-2', { players: 'allies-both', alliedTurns: 'alternate' });
    const first = s.rules.initiative;
    const other = first === 'a' ? 'b' : 'a';
    expect(rotation(s, 8)).toEqual([first, other, `${first}2`, `${other}2`, first, other, `${first}2`, `${other}2`]);
    const three = seatedGame('seats-2', { players: 'allies-a', alliedTurns: 'alternate' });
    const seq = rotation(three, 6);
    expect(seq.slice(0, 3).sort()).toEqual(['a', 'a2', 'b']);
    expect(seq.slice(3)).toEqual(seq.slice(0, 3));
    expect(seq.indexOf('a')).toBeLessThan(seq.indexOf('a2'));
    expect(Math.abs(seq.indexOf('a') - seq.indexOf('b'))).toBe(1);
    // The game turn counts one turn of every player.
    expect(three.turn).toBe(1);
  });

  it("each draw by their own army's size and Commander-in-chief (A §8.5), and hold their own type cards", () => {
    const s = seatedGame('seats-3', { players: 'allies-a', points: 200 });
    const armyDraw = (seat: string): number => {
      const ids = s.seats!.find((x) => x.id === seat)!.units;
      const units = s.units.filter((u) => ids.includes(u.id));
      const cinc = units.find((u) => u.rs.general?.role === 'cinc')!;
      const list = (seat === 'a' ? s.options.armyA : s.options.allyA) as ArmyListId;
      return cardsDrawnPerTurn(units.filter((u) => u.rs.troop !== 'general').length, cinc.rs.general!.grade, { prussianSevenYearsWar: ARMY_LISTS[list].rules.extraOrderCard }).count;
    };
    expect(s.rules.sides.a!.drawPerTurn).toBe(armyDraw('a'));
    expect(s.rules.seatDraw).toEqual({ a2: armyDraw('a2') });
    // The ally's artillery and skirmisher cards are his own, dealt to his hand.
    const typeCards = (seat: string): string[] => seatHand(s, seat).filter((id) => ['artillery', 'skirmInf', 'skirmCav'].includes(s.rules.cards[id]!.kind)).sort();
    expect(typeCards('a2')).toEqual(['artillery:a2:1', 'artillery:a2:2', 'skirmCav:a2:1', 'skirmCav:a2:2', 'skirmCav:a2:3', 'skirmInf:a2:1', 'skirmInf:a2:2']);
    expect(typeCards('a').every((id) => id.includes(':a:'))).toBe(true);
    // When the ally's turn comes he draws his own count from the one deck.
    let t = s;
    while (!(t.rules.turnSeat !== 'a2' && pass(t).rules.turnSeat === 'a2')) t = pass(t);
    const deck = t.rules.deck.length;
    const r = act(t, legal(t).find((l) => l.action.type === 'pass')!.action);
    const draw = r.events.find((e) => e.type === 'draw')!;
    expect(draw.data).toMatchObject({ seat: 'a2' });
    expect(draw.text.startsWith(`${t.seats!.find((x) => x.id === 'a2')!.name} draws ${armyDraw('a2')} card`)).toBe(true);
    expect(r.state.rules.deck.length).toBe(deck - armyDraw('a2'));
    // Each army's units are named apart, and each army has its Commander-in-chief.
    const allyUnits = s.units.filter((u) => s.seats![1]!.units.includes(u.id));
    expect(allyUnits.every((u) => u.id.startsWith('a2-') && u.name.endsWith('(ally)'))).toBe(true);
    expect(allyUnits.filter((u) => u.rs.general?.role === 'cinc')).toHaveLength(1);
    // An allied unit's Commander-in-chief (for a lost CinC's Resolve and an Evade's +1) is his own army's.
    const allyFoot = allyUnits.find((u) => u.rs.troop !== 'general')!;
    expect(cincOver(s, allyFoot)!.id).toBe(allyUnits.find((u) => u.rs.general?.role === 'cinc')!.id);
    const firstFoot = s.units.find((u) => s.seats![0]!.units.includes(u.id) && u.rs.troop !== 'general')!;
    expect(cincOver(s, firstFoot)!.id.startsWith('a-')).toBe(true);
  });

  it('refuses allied armies bought with fewer than 80 points each', () => {
    expect(() => horseAndMusket.createGame({ rulesetId: 'horse-and-musket', seed: 'x', options: { players: 'allies-b', points: 150 } })).toThrow(
      'allied armies are each bought with half the points total, at least 80 each: raise the points to 160 or more (now 150)',
    );
  });
});

describe('games of one player a side', () => {
  it('have no seats and no players options in their state, so their hashes are as before', () => {
    const s = horseAndMusket.createGame({ rulesetId: 'horse-and-musket', seed: 'seats-4', options: {} });
    expect(s.seats).toBeUndefined();
    expect('activeSeat' in s).toBe(false);
    for (const key of ['players', 'alliedTurns', 'allyA', 'allyB']) expect(key in s.options, key).toBe(false);
    expect(s.rules.turnSeat).toBeUndefined();
  });
});

/** Play a whole game with every seat the computer's; returns the session and the seats that acted. */
function playWhole(seed: string, options: Record<string, unknown>): { session: GameSession; acted: Set<string>; actions: number } {
  const session = new GameSession({ rulesetId: 'horse-and-musket', seed, options: { deployment: 'automatic', turnLimit: 9, ...options } });
  const ai = makePlayer('ai:easy', seed);
  const acted = new Set<string>();
  let actions = 0;
  while (!session.state.result && actions < 600) {
    const side = session.state.active!;
    acted.add(session.state.activeSeat!);
    const { action, outcome } = ai.choose(session.ruleset, session.state, session.legal(side), side);
    if (!action) throw new Error(`no action for ${session.state.activeSeat}`);
    const r = session.step(action, undefined, outcome);
    if (!r.ok) throw new Error(`refused: ${JSON.stringify(action)}`);
    actions++;
  }
  return { session, acted, actions };
}

describe('whole games with more than two players, every seat the computer', () => {
  it('three players (a subordinate General) play to the end and replay to the same hash', () => {
    const { session, acted } = playWhole('seats-whole-3', { players: 'subordinate-b' });
    expect(session.state.result).not.toBeNull();
    expect([...acted].sort()).toEqual(['a', 'b', 'b-sub']);
    const again = replay(session.ruleset, session.setup, session.log);
    expect(stateHash(again.state)).toBe(stateHash(session.state));
    // The save carries the seats through its setup: loaded, it stands at the same position.
    const loaded = GameSession.fromSave(session.saveText());
    expect(stateHash(loaded.state)).toBe(stateHash(session.state));
    expect(loaded.state.seats).toEqual(session.state.seats);
  }, 300_000);

  it('four players (two allied Commanders-in-chief a side, alternating) play to the end and replay to the same hash', () => {
    const { session, acted } = playWhole('seats-whole-4', { players: 'allies-both', alliedTurns: 'alternate' });
    expect(session.state.result).not.toBeNull();
    expect([...acted].sort()).toEqual(['a', 'a2', 'b', 'b2']);
    const again = replay(session.ruleset, session.setup, session.log);
    expect(stateHash(again.state)).toBe(stateHash(session.state));
  }, 300_000);

  it('a save with a corrupt players setting is refused with a message naming it', () => {
    const session = new GameSession({ rulesetId: 'horse-and-musket', seed: 'seats-5', options: { players: 'subordinate-a' } });
    const save = session.toSave();
    const bad = { ...save, setup: { ...save.setup, options: { ...save.setup.options, players: 'five-a-side' } } };
    expect(() => GameSession.fromSave(serialiseSave(bad))).toThrow(/option players must be one of two, subordinate-a, .*not "five-a-side"/);
  });
});
