/**
 * The turn limit's verdict, as the AI plans for it. A battle that no army has broken by the last
 * player turn is judged on the share of its break each side has lost (world.ts battleResult): the
 * less hurt army wins, equal shares draw. Only the units that count for the break (B §8.1) count.
 * So an army that is level or behind must go and break enemy battalions while turns remain, and in
 * the last turns an Attack is weighed by what it does to that count: a battalion gambled on the
 * last turn against a gun (which counts for nothing) can turn a won battle into a lost one.
 * Everything here reads the side's own picture of the battle (a hidden enemy is not counted).
 */

import type { SideId } from '../../core/model';
import type { HmState, HmUnit } from './types';
import { breakTally, countsForBreak } from './world';

/** The player turns of the battle, 0 with no limit. */
export function turnLimitOf(state: HmState): number {
  const limit = Number(state.options.turnLimit ?? 0);
  return Number.isFinite(limit) && limit > 0 ? limit : 0;
}

/**
 * The side's own turns left before the verdict, this one included (1 in its last turn); Infinity
 * with no limit. The battle is judged once the player turn past the limit begins.
 */
export function ownTurnsLeft(state: HmState): number {
  const limit = turnLimitOf(state);
  if (!limit) return Infinity;
  return Math.max(1, Math.floor((limit - state.rules.turnNumber) / 2) + 1);
}

/** How much the verdict weighs on an Attack now, 0..1: in full in the side's last turn, fading over the four before. */
export function verdictWeight(state: HmState): number {
  const left = ownTurnsLeft(state);
  return left === Infinity ? 0 : Math.max(0, 1 - (left - 1) / 4);
}

interface Shares {
  own: { lost: number; total: number };
  enemy: { lost: number; total: number };
}

function sharesOf(state: HmState, side: SideId): Shares {
  const allUnits = state.options.breakRule === 'forty-percent-all';
  const own = breakTally(state, side, allUnits);
  const enemy = { lost: 0, total: 0 };
  for (const s of state.sides) {
    if (s.id === side) continue;
    const t = breakTally(state, s.id, allUnits);
    enemy.lost += t.lost;
    enemy.total += t.total;
  }
  return { own, enemy };
}

/** The verdict for the side were the battle judged with these losses: 1 won, 0.5 drawn, 0 lost. */
function verdictOf(own: { lost: number; total: number }, enemy: { lost: number; total: number }): number {
  const a = own.total ? own.lost / own.total : 0;
  const b = enemy.total ? enemy.lost / enemy.total : 0;
  return a < b ? 1 : a === b ? 0.5 : 0;
}

/** Where the side stands if the battle were judged now. */
export function verdictStanding(state: HmState, side: SideId): 'ahead' | 'level' | 'behind' {
  const { own, enemy } = sharesOf(state, side);
  const v = verdictOf(own, enemy);
  return v === 1 ? 'ahead' : v === 0.5 ? 'level' : 'behind';
}

/**
 * The army's stance when the turn limit presses: a side that is not ahead on the verdict must
 * attack, and the weaker it is the later it accepts that, until with a sixth of the battle left it
 * attacks whatever the odds (a draw or a defeat is all that waiting can bring). Undefined leaves
 * the stance to the strength ratio.
 */
export function verdictStance(state: HmState, side: SideId, ratio: number): 'attack' | undefined {
  const limit = turnLimitOf(state);
  if (!limit || state.rules.turnNumber < 1) return undefined;
  if (verdictStanding(state, side) === 'ahead') return undefined;
  const progress = Math.min(1, state.rules.turnNumber / limit);
  return ratio >= 1 - 1.2 * progress ? 'attack' : undefined;
}

/**
 * What an Attack does to the verdict, for the attacker's side: the chance each unit breaks (and
 * counts as lost for the break) changes the count the battle is judged on. Returns the expected
 * verdict after the Attack less the verdict now, -1..1 (0 when neither unit counts).
 */
export function verdictSwing(state: HmState, attacker: HmUnit, target: HmUnit, attackerBreaks: number, targetBreaks: number): number {
  const allUnits = state.options.breakRule === 'forty-percent-all';
  const { own, enemy } = sharesOf(state, attacker.side);
  const now = verdictOf(own, enemy);
  const ours = countsForBreak(attacker, allUnits) ? Math.max(0, Math.min(1, attackerBreaks)) : 0;
  const theirs = countsForBreak(target, allUnits) ? Math.max(0, Math.min(1, targetBreaks)) : 0;
  const lostOne = (t: { lost: number; total: number }): { lost: number; total: number } => ({ lost: t.lost + 1, total: t.total });
  let expected = 0;
  for (const [weBreak, pWe] of [[true, ours], [false, 1 - ours]] as const) {
    for (const [theyBreak, pThey] of [[true, theirs], [false, 1 - theirs]] as const) {
      const p = pWe * pThey;
      if (p === 0) continue;
      expected += p * verdictOf(weBreak ? lostOne(own) : own, theyBreak ? lostOne(enemy) : enemy);
    }
  }
  return expected - now;
}

/**
 * The Attack judged by the verdict, 0.05..1: an Attack that can only lose the count the battle is
 * judged on is refused as the end nears (in full in the side's last turn); one that can win it is
 * not held back. 1 with no turn limit or far from it.
 */
export function verdictJudgement(state: HmState, swing: number): number {
  const w = verdictWeight(state);
  if (w === 0 || swing >= 0) return 1;
  return Math.max(0.05, 1 + w * 4 * swing);
}
