/** The turn and the cards (A §7-9): initial hands and deck, draws, pass, the steps, end-turn, the Joker, compulsory moves. */

import { describe, expect, it } from 'vitest';
import { horseAndMusket } from '../../../src/rules/horse-and-musket/ruleset';
import { UNIT_CARDS } from '../../../src/rules/horse-and-musket/cards';
import type { HmState } from '../../../src/rules/horse-and-musket/types';
import { act, buildState, expectPose, legal, makeGeneral, makeUnit, refuse, unit, UP } from './fixture';

const TYPE_KINDS = ['artillery', 'skirmInf', 'skirmCav'];

/** A new battle whose initiative winner has chosen to defend (B §6.1), so the first turn has begun. */
function newGame(): HmState {
  const s = horseAndMusket.createGame({ rulesetId: 'horse-and-musket', seed: 't1', options: { deployment: 'automatic' } });
  return act(s, { type: 'choose-posture', side: s.rules.initiative, choice: 'defend' }).state;
}

describe('the first turn of a new battle (A §7.1-7.2, §8.5)', () => {
  it('deals the type cards and the Infantry Advance, builds the deck, and the first player draws its count', () => {
    const s = newGame();
    const r = s.rules;
    const attacker = Object.keys(r.sides).find((k) => r.sides[k]!.posture === 'attacker')!;
    const first = r.initiative;
    expect(r.turnSide).toBe(first);
    expect(r.step).toBe('decision');
    for (const side of ['a', 'b']) {
      const typeCards = r.sides[side]!.hand.filter((id) => TYPE_KINDS.includes(r.cards[id]!.kind));
      expect(typeCards.map((id) => r.cards[id]!.kind).sort()).toEqual(['artillery', 'artillery', 'skirmCav', 'skirmCav', 'skirmCav', 'skirmInf', 'skirmInf']);
      expect(typeCards.every((id) => r.cards[id]!.owner === side)).toBe(true);
    }
    expect(r.sides[attacker]!.hand).toContain('advance:1');
    expect(r.sides[attacker]!.mustPlayAdvance).toBe(true);
    // Every card is in exactly one place.
    const all = [...r.deck, ...r.discard, ...r.sides.a!.hand, ...r.sides.b!.hand];
    expect(all.length).toBe(new Set(all).size);
    expect(new Set(all)).toEqual(new Set(Object.keys(r.cards)));
    // The deck before the first draw: unit cards by troop type, General cards = Leadership, one
    // Infantry Advance (the other was dealt) and the Joker.
    let expected = 2;
    for (const u of s.units) {
      expected += UNIT_CARDS[u.rs.troop] ?? 0;
      if (u.rs.general) expected += u.rs.general.stats.leadership;
      const unitCards = Object.values(r.cards).filter((c) => c.kind === 'unit' && c.unit === u.id).length;
      expect(unitCards, `${u.id} ${u.rs.troop}`).toBe({ infantry: 1, heavyCav: 2, cuirassier: 2, lightCav: 3 }[u.rs.troop as string] ?? 0);
    }
    const draw = r.sides[first]!.drawPerTurn;
    expect(r.deck.length + draw).toBe(expected);
    expect(Object.values(r.cards).filter((c) => c.kind === 'infantryAdvance').length).toBe(2);
    expect(Object.values(r.cards).filter((c) => c.kind === 'joker').length).toBe(1);
    // What was drawn sits in the hands beyond the dealt cards.
    const dealt = new Set(Object.values(r.cards).filter((c) => TYPE_KINDS.includes(c.kind)).map((c) => c.id));
    dealt.add('advance:1');
    const extra = [...r.sides.a!.hand, ...r.sides.b!.hand].filter((id) => !dealt.has(id));
    expect(extra.length).toBe(draw);
  });

  it('a pass ends the turn at once, with no compulsory moves, and the other side draws', () => {
    const s = newGame();
    const first = s.rules.turnSide;
    const other = first === 'a' ? 'b' : 'a';
    const column = s.units.find((u) => u.side === first && u.rs.columnCompulsory)!;
    const at = { x: column.x, y: column.y };
    const deck = s.rules.deck.length;
    const handBefore = s.rules.sides[other]!.hand.length;
    const r = act(s, { type: 'pass', side: first });
    // An Infantry Advance drawn this turn and not played is discarded (A §7.3); nothing else happens.
    const advances = s.rules.sides[first]!.hand.filter((id) => s.rules.cards[id]!.kind === 'infantryAdvance').length;
    expect(r.events.map((e) => e.type)).toEqual(['pass', ...Array<string>(advances).fill('discard'), 'turn', 'draw']);
    expect(r.state.rules.sides[first]!.hand.some((id) => r.state.rules.cards[id]!.kind === 'infantryAdvance')).toBe(false);
    expect(r.state.rules.turnSide).toBe(other);
    expect(r.state.rules.step).toBe('decision');
    expect(r.state.active).toBe(other);
    expect(r.state.rules.deck.length).toBe(deck - r.state.rules.sides[other]!.drawPerTurn);
    expect(r.state.rules.sides[other]!.hand.length).toBeGreaterThanOrEqual(handBefore);
    const c = unit(r.state, column.id);
    expect([c.x, c.y]).toEqual([at.x, at.y]);
  });

  it('issue-orders → reorganisation → action; end-turn is refused until a card is played or discarded', () => {
    const s = newGame();
    const side = s.rules.turnSide;
    const r1 = act(s, { type: 'issue-orders', side });
    expect(r1.state.rules.step).toBe('reorganisation');
    expect(r1.state.rules.issuedOrders).toBe(true);
    expect(refuse(r1.state, { type: 'end-turn', side })).toBe('The turn ends only in the action step; now it is the reorganisation step');
    const r2 = act(r1.state, { type: 'end-reorganisation', side });
    expect(r2.state.rules.step).toBe('action');
    expect(refuse(r2.state, { type: 'end-turn', side })).toBe('having chosen to issue orders you must play at least one card (or discard one)');
    expect(refuse(r2.state, { type: 'pass', side })).toContain('only in the decision step');
    const spare = r2.state.rules.sides[side]!.hand.find((id) => r2.state.rules.cards[id]!.kind === 'unit')!;
    const r3 = act(r2.state, { type: 'discard', side, card: spare });
    expect(r3.state.rules.discard).toContain(spare);
    const r4 = act(r3.state, { type: 'end-turn', side });
    expect(r4.state.rules.turnSide).not.toBe(side);
  });
});

describe('compulsory moves (A §9)', () => {
  function columnGame(hands: string[]): HmState {
    return buildState({
      units: [
        makeUnit({ id: 'C', side: 'a', troop: 'infantry', x: 20, y: 10, formation: 'column', rs: { columnCompulsory: true } }),
        makeUnit({ id: 'W', side: 'a', troop: 'infantry', x: 50, y: 20, rs: { retrograde: 'withdrawing', retrogradeHeading: -UP } }),
        makeUnit({ id: 'E', side: 'b', troop: 'infantry', x: 36, y: 42 }),
        makeGeneral('ga', 'a', 10, 2),
        makeGeneral('gb', 'b', 60, 46),
      ],
      step: 'decision',
      hands: { a: hands },
    });
  }

  it('a marching column goes 6" and a withdrawing unit 3" at the end of a turn in which orders were issued', () => {
    const s = columnGame(['u:C:1']);
    const r1 = act(s, { type: 'issue-orders', side: 'a' });
    const r2 = act(r1.state, { type: 'end-reorganisation', side: 'a' });
    const r3 = act(r2.state, { type: 'discard', side: 'a', card: 'u:C:1' });
    const r4 = act(r3.state, { type: 'end-turn', side: 'a' });
    expectPose(unit(r4.state, 'C'), 20, 16, UP);
    // Withdrawing down the table, still facing the enemy.
    expectPose(unit(r4.state, 'W'), 50, 17, UP);
    expect(unit(r4.state, 'C').rs.columnCompulsory).toBe(true);
    expect(r4.events.filter((e) => e.type === 'compulsory').map((e) => e.unit)).toEqual(['C', 'W']);
    expect(r4.state.rules.turnSide).toBe('b');
  });

  it('nothing moves when the player passes', () => {
    const r = act(columnGame([]), { type: 'pass', side: 'a' });
    expectPose(unit(r.state, 'C'), 20, 10, UP);
    expectPose(unit(r.state, 'W'), 50, 20, UP);
    expect(r.events.some((e) => e.type === 'compulsory')).toBe(false);
  });
});

describe('the Joker (A §7.6)', () => {
  it('reshuffles the discards and itself into the deck and gives three orders', () => {
    const s = buildState({
      units: [
        makeUnit({ id: 'I', side: 'a', troop: 'infantry', x: 20, y: 10 }),
        makeUnit({ id: 'K', side: 'a', troop: 'heavyCav', x: 40, y: 10 }),
        makeUnit({ id: 'E', side: 'b', troop: 'infantry', x: 36, y: 42 }),
        makeGeneral('ga', 'a', 30, 6),
        makeGeneral('gb', 'b', 60, 46),
      ],
      hands: { a: ['joker'] },
      discard: ['u:K:1', 'u:K:2', 'g:gb:1'],
    });
    const deckBefore = [...s.rules.deck];
    const r = act(s, { type: 'play-card', side: 'a', card: 'joker' });
    const g = r.state.rules;
    expect(g.discard).toEqual([]);
    expect(g.sides.a!.hand).not.toContain('joker');
    expect(new Set(g.deck)).toEqual(new Set([...deckBefore, 'u:K:1', 'u:K:2', 'g:gb:1', 'joker']));
    expect(g.deck.length).toBe(deckBefore.length + 4);
    expect(g.activeCard).toMatchObject({ card: 'joker', kind: 'joker', ordersLeft: 3 });
    expect(g.jokersPlayed).toBe(1);
    expect(r.events.find((e) => e.type === 'joker')!.text).toContain('3 orders');
  });

  it('an empty deck makes the Joker holder play it: no pass, no end-turn', () => {
    const s = buildState({
      units: [makeUnit({ id: 'I', side: 'a', troop: 'infantry', x: 20, y: 10 }), makeUnit({ id: 'E', side: 'b', troop: 'infantry', x: 36, y: 42 }), makeGeneral('ga', 'a', 30, 6), makeGeneral('gb', 'b', 60, 46)],
      step: 'decision',
      hands: { a: ['joker'] },
    });
    s.rules.deck = [];
    expect(refuse(s, { type: 'pass', side: 'a' })).toBe('the deck is empty: you must play the Joker');
  });
});

describe('ending the battle by choice (B §8.2)', () => {
  function field(gap: number) {
    return buildState({
      units: [makeUnit({ id: 'A', side: 'a', troop: 'infantry', x: 36, y: 10 }), makeUnit({ id: 'B', side: 'b', troop: 'infantry', x: 36, y: 10 + gap }), makeGeneral('ga', 'a', 10, 2), makeGeneral('gb', 'b', 60, 46)],
      step: 'decision',
    });
  }

  it('a side out of every enemy Attack range may leave the field, and the enemy wins', () => {
    const s = field(20);
    expect(legal(s, 'a').map((l) => l.action.type)).toContain('leave-field');
    const r = act(s, { type: 'leave-field', side: 'a' });
    expect(r.state.result).toEqual({ winner: 'b', reason: 'Prussians withdrew from the field' });
  });

  it('is refused while an enemy has one of its units within Attack range', () => {
    const s = field(8);
    expect(legal(s, 'a').map((l) => l.action.type)).not.toContain('leave-field');
    expect(refuse(s, { type: 'leave-field', side: 'a' })).toBe("a side may leave the field only when none of its units is within an enemy's Attack range");
  });
});
