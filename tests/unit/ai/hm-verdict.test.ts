import { describe, expect, it } from 'vitest';
import { hmAi } from '../../../src/rules/horse-and-musket/ai';
import { ownTurnsLeft, verdictJudgement, verdictStance, verdictStanding, verdictSwing, verdictWeight } from '../../../src/rules/horse-and-musket/aiVerdict';
import { cardsWorthKeeping, GENERAL_CARD_COST, LAST_REFORM_CARD_COST, lastCardsForReform, REST_VALUE } from '../../../src/rules/horse-and-musket/aiCards';
import { outlook } from '../../../src/rules/horse-and-musket/aiResolve';
import { decide } from '../../../src/ai/utility';
import { getRuleset } from '../../../src/rules/registry';
import type { GameState } from '../../../src/core/model';
import { battlefieldFromSpec } from '../../../src/terrain/battlefield';
import type { HmState } from '../../../src/rules/horse-and-musket/types';
import { buildState, DOWN, makeGeneral, makeUnit } from '../horse-and-musket/fixture';

const hm = getRuleset('horse-and-musket');
const normal = { level: 'normal', personality: 'balanced' } as const;

/**
 * Three Prussian battalions against five Austrian ones, and an Austrian battery 5" in front of the
 * middle battalion, in its Attack range. `lostAustrians` of the Austrian battalions are gone.
 */
function batteryInFront(turnNumber: number, lostAustrians = 0, cardPlayed = true): HmState {
  const units = [
    makeGeneral('a-1', 'a', 64, 2),
    ...[20, 36, 52].map((x, i) => makeUnit({ id: `a-${4 + i}`, side: 'a', troop: 'infantry', x, y: 10 })),
    makeUnit({ id: 'b-9', side: 'b', troop: 'artillery', x: 36, y: 16, facing: DOWN }),
    ...[4, 14, 58, 68, 46].map((x, i) => makeUnit({ id: `b-${4 + i}`, side: 'b', troop: 'infantry', x, y: 44, facing: DOWN })),
    makeGeneral('b-1', 'b', 64, 47),
  ];
  const state = buildState({ units, hands: { a: ['u:a-5:1'] } });
  state.rules.turnNumber = turnNumber;
  // A card was played already this turn: the turn may end with the rest kept (A §8.1).
  if (cardPlayed) state.rules.cardsPlayedThisTurn = 1;
  for (let i = 0; i < lostAustrians; i++) state.units.find((u) => u.id === `b-${8 - i}`)!.removed = true;
  return state;
}

const attackGun = { type: 'order', side: 'a', unit: 'a-5', card: 'u:a-5:1', order: 'attack', target: 'b-9' };

describe('Horse & Musket AI: the turn limit and its verdict', () => {
  it('counts the own turns left before the verdict, and weighs it in full in the last one, fading over the four before', () => {
    // The default limit is 40 player turns; side a plays the odd ones.
    expect(ownTurnsLeft(batteryInFront(39))).toBe(1);
    expect(ownTurnsLeft(batteryInFront(37))).toBe(2);
    expect(ownTurnsLeft(batteryInFront(3))).toBe(19);
    expect(verdictWeight(batteryInFront(39))).toBe(1);
    expect(verdictWeight(batteryInFront(37))).toBe(0.75);
    expect(verdictWeight(batteryInFront(31))).toBe(0);
    const unlimited = batteryInFront(39);
    unlimited.options = { ...unlimited.options, turnLimit: 0 };
    expect(ownTurnsLeft(unlimited)).toBe(Infinity);
    expect(verdictWeight(unlimited)).toBe(0);
    // No limit, no last turn to plan for: the battle's progress stays 0.
    expect(hmAi.progress(unlimited)).toBe(0);
    expect(hmAi.progress(batteryInFront(20))).toBe(0.5);
  });

  it('reads the verdict as the rules judge it: the share of each army lost, 1/5 of theirs against none of ours is ahead', () => {
    expect(verdictStanding(batteryInFront(39), 'a')).toBe('level');
    expect(verdictStanding(batteryInFront(39, 1), 'a')).toBe('ahead');
    expect(verdictStanding(batteryInFront(39, 1), 'b')).toBe('behind');
  });

  it("an Attack's swing: a battalion broken against a gun turns a won verdict into a lost one; against a battalion it can win a level one", () => {
    const ahead = batteryInFront(39, 1);
    const a5 = ahead.units.find((u) => u.id === 'a-5')!;
    const gun = ahead.units.find((u) => u.id === 'b-9')!;
    const b4 = ahead.units.find((u) => u.id === 'b-4')!;
    // The gun counts for nothing: all the Attack can do to the verdict is lose it (1/3 of ours against 1/5 of theirs).
    expect(verdictSwing(ahead, a5, gun, 0.25, 0.6)).toBe(-0.25);
    // Level at nothing lost each: our battalion breaking loses (−0.5), theirs breaking wins (+0.5), both breaking leaves
    // us behind (1/3 against 1/5).
    const level = batteryInFront(39);
    expect(verdictSwing(level, a5, b4, 0.2, 0.5)).toBeCloseTo(0.2 * 0.5 * -0.5 + 0.8 * 0.5 * 0.5 + 0.2 * 0.5 * -0.5, 12);
    expect(verdictJudgement(ahead, -0.25)).toBe(0.05);
    expect(verdictJudgement(ahead, -0.1)).toBeCloseTo(0.6, 12);
    expect(verdictJudgement(batteryInFront(37, 1), -0.1)).toBeCloseTo(0.7, 12);
    expect(verdictJudgement(ahead, 0.3)).toBe(1);
    expect(verdictJudgement(batteryInFront(3, 1), -0.25)).toBe(1);
  });

  it("the forecast of the Attack on the gun carries the verdict's judgement in the last turn, read off the Resolve charts", () => {
    const ahead = batteryInFront(39, 1);
    const bf = battlefieldFromSpec(ahead.battlefield);
    const a5 = ahead.units.find((u) => u.id === 'a-5')!;
    const gun = ahead.units.find((u) => u.id === 'b-9')!;
    const mine = outlook(ahead, bf, a5, gun, 'attacker', false);
    expect(mine.breaks).toBeGreaterThan(0);
    const f = hmAi.forecast(ahead, bf, attackGun);
    expect(f.judgements!.find((j) => j.name === 'the verdict at the turn limit')!.value).toBeCloseTo(Math.max(0.05, 1 - 4 * mine.breaks), 12);
    // Early in the battle the same Attack is judged on its odds alone.
    const early = hmAi.forecast(batteryInFront(3, 1), bf, attackGun);
    expect(early.judgements!.map((j) => j.name)).toEqual(['odds of the Attack']);
    // In the last turn hurting the gun is worth 0.3 of what it was: it does not count for the verdict.
    expect(f.inflicted!).toBeCloseTo(early.inflicted! * 0.3, 12);
  });

  it('a decision: ahead on the verdict in its last turn, the battalion does not gamble itself on the battery', () => {
    const last = decide(hm, batteryInFront(39, 1) as unknown as GameState, 'a', normal, 'verdict')!;
    // Halted by the battery, the battalion may only Attack it or wheel toward it: it keeps its card.
    expect(last.chosen.action).toEqual({ type: 'end-turn', side: 'a' });
    expect([last.chosen, ...last.runnersUp].some((c) => c.action.order === 'attack')).toBe(false);
    // Bound to play its only card (A §8.1): early on it Attacks the battery; in the last turn it withdraws (which loses
    // nothing for the verdict) rather than risk breaking.
    const early = decide(hm, batteryInFront(3, 1, false) as unknown as GameState, 'a', normal, 'verdict')!;
    expect(early.chosen.action).toEqual(attackGun);
    const bound = decide(hm, batteryInFront(39, 1, false) as unknown as GameState, 'a', normal, 'verdict')!;
    expect(bound.chosen.action).toEqual({ type: 'order', side: 'a', unit: 'a-5', card: 'u:a-5:1', order: 'withdraw', angle: Math.PI / 4 });
  });

  it('the stance: not ahead on the verdict, a weaker army attacks as the turns run out; ahead or with no limit, the ratio decides', () => {
    const level = batteryInFront(3);
    expect(verdictStance(level, 'a', 0.7)).toBeUndefined();
    level.rules.turnNumber = 20;
    // Half the battle gone: any army above 0.4 of the enemy's strength attacks.
    expect(verdictStance(level, 'a', 0.7)).toBe('attack');
    expect(verdictStance(level, 'a', 0.3)).toBeUndefined();
    level.rules.turnNumber = 34;
    expect(verdictStance(level, 'a', 0.01)).toBe('attack');
    const ahead = batteryInFront(34, 1);
    expect(verdictStance(ahead, 'a', 0.7)).toBeUndefined();
    const unlimited = batteryInFront(34);
    unlimited.options = { ...unlimited.options, turnLimit: 0 };
    expect(verdictStance(unlimited, 'a', 0.7)).toBeUndefined();
    // The plan of a decision: three battalions against five and a gun defend at first, attack by the middle of the battle.
    expect(decide(hm, batteryInFront(3) as unknown as GameState, 'a', normal, 'stance')!.plan.stance).toBe('defend');
    expect(decide(hm, batteryInFront(21) as unknown as GameState, 'a', normal, 'stance')!.plan.stance).toBe('attack');
  });
});

/**
 * A Prussian General's Command of two battalions: a-4 with two stands disordered, 6" from an
 * Austrian battalion (in its Attack range), and a-5 far from the enemy; the General's own card in hand.
 */
function disorderedUnderThreat(hand: string[], step: 'action' | 'reorganisation' = 'action'): HmState {
  const a4 = makeUnit({ id: 'a-4', side: 'a', troop: 'infantry', x: 30, y: 20, rs: { command: 'a-2' } });
  a4.stands[1]!.status = 'disordered';
  a4.stands[2]!.status = 'disordered';
  const units = [
    makeGeneral('a-1', 'a', 64, 2),
    makeGeneral('a-2', 'a', 36, 14, { role: 'general', leadership: 2 }),
    a4,
    makeUnit({ id: 'a-5', side: 'a', troop: 'infantry', x: 44, y: 8, rs: { command: 'a-2' } }),
    makeUnit({ id: 'b-4', side: 'b', troop: 'infantry', x: 30, y: 27, facing: DOWN }),
    makeGeneral('b-1', 'b', 64, 47),
  ];
  const state = buildState({ units, hands: { a: hand }, step });
  // A card was played already this turn: the turn may end with the rest kept (A §8.1).
  state.rules.cardsPlayedThisTurn = 1;
  return state;
}

describe('Horse & Musket AI: the card economy keeps a card to reform a battalion in need', () => {
  it("the General's last card that could reform a disordered battalion in the enemy's reach is dear in the Action step", () => {
    const one = disorderedUnderThreat(['g:a-2:1']);
    expect([...lastCardsForReform(one, 'a')]).toEqual(['g:a-2:1']);
    const move = { type: 'order', side: 'a', unit: 'a-5', card: 'g:a-2:1', order: 'move', to: { x: 1117, y: 300 } };
    expect(hmAi.cardCost!(one, move)).toBe(LAST_REFORM_CARD_COST);
    // With the battalion's own card in hand too, the General's card is spent at the usual price.
    const two = disorderedUnderThreat(['g:a-2:1', 'u:a-4:1']);
    expect(lastCardsForReform(two, 'a').size).toBe(0);
    expect(hmAi.cardCost!(two, { ...move })).toBe(GENERAL_CARD_COST);
    // In the Reorganisation step the card is spent on the Reform itself.
    const reorg = disorderedUnderThreat(['g:a-2:1'], 'reorganisation');
    expect(hmAi.cardCost!(reorg, { type: 'order', side: 'a', unit: 'a-4', card: 'g:a-2:1', order: 'reform' })).toBe(GENERAL_CARD_COST);
  });

  it("a decision: with the General's last card, the far battalion is not moved; the card reforms the threatened one next", () => {
    const action = decide(hm, disorderedUnderThreat(['g:a-2:1']) as unknown as GameState, 'a', normal, 'economy')!;
    expect(action.chosen.action).toEqual({ type: 'end-turn', side: 'a' });
    const reorg = decide(hm, disorderedUnderThreat(['g:a-2:1'], 'reorganisation') as unknown as GameState, 'a', normal, 'economy')!;
    expect(reorg.chosen.action).toEqual({ type: 'order', side: 'a', unit: 'a-4', card: 'g:a-2:1', order: 'reform' });
  });
});

describe('Horse & Musket AI: cards kept as the turn limit nears', () => {
  const endTurn = { type: 'end-turn', side: 'a' } as const;
  const unitCard = { type: 'order', side: 'a', unit: 'a-5', card: 'u:a-5:1', order: 'move', to: { x: 914, y: 330 } };

  it('a side not ahead finds a kept card worth less each of its last turns, and nothing in its last', () => {
    // Level (nothing lost either side): full worth far from the limit, 0.25 with two own turns left after this one, 0 in the last.
    expect(cardsWorthKeeping(batteryInFront(31), 'a')).toBe(1);
    expect(cardsWorthKeeping(batteryInFront(35), 'a')).toBe(0.5);
    expect(cardsWorthKeeping(batteryInFront(39), 'a')).toBe(0);
    expect(hmAi.restValue!(batteryInFront(31), endTurn)).toBe(REST_VALUE);
    expect(hmAi.restValue!(batteryInFront(35), endTurn)).toBe(REST_VALUE * 0.5);
    // Ending the last turn keeps nothing: only the floor that ranks it below any real order.
    expect(hmAi.restValue!(batteryInFront(39), endTurn)).toBe(0.02);
    expect(hmAi.cardCost!(batteryInFront(31), unitCard)).toBe(0.1);
    expect(hmAi.cardCost!(batteryInFront(39), unitCard)).toBe(0);
  });

  it('a side ahead on the verdict keeps its cards at full worth to the end', () => {
    // One Austrian battalion of five gone: the Prussians are ahead.
    expect(cardsWorthKeeping(batteryInFront(39, 1), 'a')).toBe(1);
    expect(hmAi.restValue!(batteryInFront(39, 1), endTurn)).toBe(REST_VALUE);
    expect(hmAi.cardCost!(batteryInFront(39, 1), unitCard)).toBe(0.1);
  });
});
