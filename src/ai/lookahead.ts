/**
 * Lookahead for the hard level: for its best few orders, play each on a copy of the side's own view
 * of the battle, hand the move over to the enemy as the rules do, and ask the normal-level scorer
 * what the enemy's best strike would then be. An order whose unit that strike would maul is marked
 * down by what the strike should cost, so the hard AI sees the volley or the charge coming.
 *
 * It stays honest: it only ever plays on the view the AI was given (fog of war and hidden movement
 * already applied), and the dice of the copy come from a generator seeded by the decision's own seed,
 * never the game's dice state, so it cannot see the rolls to come and a game replays exactly.
 */

import { apply, legalActions } from '../core/engine';
import { seededDice } from '../core/dice';
import type { Action, GameState } from '../core/model';
import type { LegalAction, Ruleset } from '../core/ruleset';
import type { Battlefield } from '../terrain/battlefield';
import { expandCandidates } from './candidates';
import { evaluateCurve, type Curve } from './curves';
import { scoreCandidate, scoringContext, type Personality, type ScoredCandidate } from './utility';

/** One enemy unit's best strike after one of our orders, as the normal scorer picks it. */
export interface Reply {
  action: Action;
  label: string;
  why: string;
  /** What the strike should cost us, 0..1 on the same scale as "damage to the enemy". */
  cost: number;
}

/** How far the replies' cost marks an order down: at worst to half its score. */
export const REPLY_CURVE: Curve = { kind: 'linear', slope: -0.5, intercept: 1 };

/** Most pass orders given on our side while waiting for the enemy's turn to come. */
const MAX_PASSES = 4;

/**
 * An order that ends our part of the present step without doing anything: "end activations",
 * "done shooting", "pass this card". Turn choices the AI weighs (go first or second) are not passes.
 */
function passOf(ruleset: Ruleset, state: GameState, legal: readonly LegalAction[]): LegalAction | undefined {
  return legal.find((l) => l.group === 'turn' && l.params.length === 0 && ruleset.ai.choiceValue?.(state, l.action, 'attack') === undefined);
}

/**
 * The state after `action`, played on the AI's view with dice of its own, and our side's remaining
 * orders passed until the enemy is to act. Null when the rules refuse the order on the view.
 */
export function afterOrder(ruleset: Ruleset, view: GameState, side: string, action: Action, seed: string): GameState | null {
  // Seeded dice of the AI's own: the copy never reads the game's dice, which hold the rolls to come.
  const sim: GameState = { ...view, dice: seededDice(`${seed}/lookahead`) };
  const r = apply(ruleset, sim, action);
  if (!r.ok) return null;
  let state = r.state;
  for (let i = 0; i < MAX_PASSES && state.active === side && !state.result; i++) {
    const pass = passOf(ruleset, state, legalActions(ruleset, state, side));
    if (!pass) break;
    const p = apply(ruleset, state, pass.action);
    if (!p.ok) break;
    state = p.state;
  }
  return state;
}

/**
 * The enemy's strikes in `state`: for each of its units that can charge or shoot, the one the
 * normal-level scorer likes best on the same view. In both rulesets every enemy unit will get its
 * turn, so an order is judged by all the strikes it would face, not just the worst. Their cost to
 * `side` is summed and saturates toward 1. Null when the enemy is not to act.
 */
export function bestReplies(ruleset: Ruleset, state: GameState, bf: Battlefield, side: string, personality: Personality): { replies: Reply[]; cost: number } | null {
  const enemy = state.active;
  if (!enemy || enemy === side || state.result) return null;
  const legal = legalActions(ruleset, state, enemy);
  const strikes = legal.filter((l) => l.group === 'fire' || l.group === 'charge');
  if (strikes.length === 0) return { replies: [], cost: 0 };
  const hints = ruleset.ai;
  const ctx = scoringContext(hints, state, bf, enemy, personality, legal);
  const candidates = expandCandidates({ state, bf, hints, side: enemy, enemies: ctx.enemies, friends: ctx.friends, pointsPerOrder: 1 }, strikes);
  // Each unit's best-liked strike among those that would hurt us: a charge that cannot reach is no
  // reply, and a unit that would rather not shoot yet (it may move and shoot later) still can.
  const bestByUnit = new Map<string, { scored: ScoredCandidate; cost: number }>();
  for (const c of candidates) {
    const f = hints.forecast(state, bf, c.action);
    const target = f.target ? state.units.find((u) => u.id === f.target) : undefined;
    if (!target || target.side !== side || f.inflicted === undefined) continue;
    // The same measure as an attack's "damage to the enemy": a removal counts heavily.
    const worth = hints.value(state, target) / 4;
    const cost = Math.min(1, (f.inflicted + 1.5 * (f.removes ?? 0)) * 2 * (0.5 + worth));
    if (cost <= 0) continue;
    const s = scoreCandidate(ctx, c);
    const key = c.unit ?? '';
    const known = bestByUnit.get(key);
    if (!known || s.score > known.scored.score) bestByUnit.set(key, { scored: s, cost });
  }
  const replies: Reply[] = [];
  let total = 0;
  for (const { scored: best, cost } of bestByUnit.values()) {
    replies.push({ action: best.action, label: best.label, why: best.why, cost });
    total += cost;
  }
  replies.sort((a, b) => b.cost - a.cost);
  return { replies, cost: 1 - Math.exp(-total) };
}

/**
 * Look past the best orders (`ranked`, best first): each looked at is marked down by what the
 * enemy's replies to it should cost, and carries them as a consideration. At least the best `count`
 * are looked at, and then any order still scoring above the best looked at, up to twice `count`.
 * Orders the rules refuse on the view are dropped. Returns the orders looked at, best first, then the
 * rest as they were ranked.
 */
export function lookAhead(ruleset: Ruleset, view: GameState, bf: Battlefield, side: string, ranked: readonly ScoredCandidate[], count: number, personality: Personality, seed: string): ScoredCandidate[] {
  const looked: ScoredCandidate[] = [];
  let best = -Infinity;
  let i = 0;
  for (; i < ranked.length && i < count * 2; i++) {
    const c = ranked[i]!;
    if (i >= count && c.score <= best) break;
    const after = afterOrder(ruleset, view, side, c.action, seed);
    if (!after) continue;
    const reply = bestReplies(ruleset, after, bf, side, personality);
    const cost = reply?.cost ?? 0;
    const factor = evaluateCurve(REPLY_CURVE, cost);
    const worst = reply?.replies[0];
    const name = worst ? `the enemy's reply (worst: ${worst.label}, ${worst.why})` : "the enemy's reply";
    const rescored = { ...c, score: c.score * factor, considerations: [...c.considerations, { name, input: cost, score: factor }] };
    looked.push(rescored);
    best = Math.max(best, rescored.score);
  }
  // Orders not looked at follow every order that was, whatever their scores: none is picked only
  // because its reply was never weighed.
  return [...looked.sort((a, b) => b.score - a.score), ...ranked.slice(i)];
}
