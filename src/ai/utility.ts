/**
 * The utility AI. For the side to act it expands the legal actions into candidates, forecasts each
 * through the ruleset's hints (no dice are rolled, nothing hidden is read), scores it on
 * considerations through response curves, combines them multiplicatively and picks among the best
 * with weighted randomness drawn from a seeded generator. Every decision keeps its top candidates
 * and their scores, so the page can show why.
 */

import { distance, type Vec2 } from '../core/geometry';
import { apply, legalActions } from '../core/engine';
import type { Action, GameState, Unit } from '../core/model';
import { Rng } from '../core/random';
import type { AiHints, Forecast, Ruleset } from '../core/ruleset';
import { battlefieldFromSpec, type Battlefield } from '../terrain/battlefield';
import { expandCandidates, inWood, type Candidate } from './candidates';
import { combineScores, CURVES, evaluateCurve, normalise, type Curve } from './curves';
import { buildInfluence, sample, type InfluenceMap } from './influence';

export type Level = 'easy' | 'normal' | 'hard';
export type Personality = 'balanced' | 'cautious' | 'aggressive';

export interface AiConfig {
  level: Level;
  personality: Personality;
  /**
   * Wall-clock budget for one decision, ms: candidates past it are not scored. Off by default,
   * because a clock makes decisions depend on the machine; the work budget below is what keeps a
   * decision bounded and replayable.
   */
  budgetMs?: number;
  /** Told how many candidates are scored of how many, while deciding (the page's progress bar); never changes the choice. */
  progress?: (scored: number, total: number) => void;
}

export interface ConsiderationScore {
  name: string;
  /** The normalised input, 0..1. */
  input: number;
  /** The utility after the response curve. */
  score: number;
}

export interface ScoredCandidate {
  action: Action;
  label: string;
  unit?: string;
  why: string;
  weight: number;
  score: number;
  considerations: ConsiderationScore[];
}

export interface Plan {
  stance: 'attack' | 'defend';
  /** Our strength over theirs, as we see it. */
  ratio: number;
  /** The objective or enemy group we mean to take: the main effort. */
  mainEffort: Vec2 | null;
}

export interface Decision {
  action: Action;
  side: string;
  plan: Plan;
  chosen: ScoredCandidate;
  runnersUp: ScoredCandidate[];
  candidates: number;
  scored: number;
  ms: number;
}

interface Profile {
  /** Most candidates scored in one decision: the deterministic work budget. */
  maxCandidates: number;
  pointsPerOrder: number;
  /** Pick among candidates within this share of the best score. */
  band: number;
  /** How many of the best may be picked. */
  top: number;
}

const PROFILES: Record<Level, Profile> = {
  easy: { maxCandidates: 800, pointsPerOrder: 4, band: 0.6, top: 6 },
  normal: { maxCandidates: 2000, pointsPerOrder: 7, band: 0.9, top: 3 },
  hard: { maxCandidates: 4000, pointsPerOrder: 10, band: 0.97, top: 2 },
};

/** Per action group: how much the plan wants it. Turn actions are last resorts. */
function groupWeight(group: string, plan: Plan, personality: Personality): number {
  const attack = plan.stance === 'attack';
  const bold = personality === 'aggressive' ? 1.15 : personality === 'cautious' ? 0.85 : 1;
  switch (group) {
    case 'charge':
      return (attack ? 1 : 0.75) * bold;
    case 'fire':
      return 1;
    case 'move':
      return attack ? 0.9 : 0.75;
    case 'formation':
      return 0.7;
    case 'command':
      return 0.8;
    case 'hold':
      return attack ? 0.55 : 0.7;
    case 'reaction':
      return 1;
    case 'turn':
      return 0.05;
    default:
      return 0.5;
  }
}

/**
 * Only what the side may know. A ruleset that says what each side knows (`knownTo`: hidden
 * movement) is asked first; then, when fog of war is on, unseen enemies are left out of the picture.
 */
export function perceive(state: GameState, bf: Battlefield, hints: AiHints, side: string, ruleset?: Pick<Ruleset, 'knownTo'>): GameState {
  if (ruleset?.knownTo) state = ruleset.knownTo(state, bf, side);
  if (state.options.fogOfWar !== true) return state;
  const own = state.units.filter((u) => u.side === side && !u.removed);
  const seen = state.units.filter((u) => u.side === side || u.removed || own.some((o) => hints.sees(state, bf, o, u)));
  return { ...state, units: seen };
}

function makePlan(state: GameState, hints: AiHints, side: string, personality: Personality): Plan {
  let mine = 0;
  let theirs = 0;
  for (const u of state.units) {
    if (u.removed || !hints.isCombatant(u)) continue;
    const w = hints.value(state, u) * hints.strength(state, u);
    if (u.side === side) mine += w;
    else theirs += w;
  }
  const ratio = mine / Math.max(0.01, theirs);
  const threshold = personality === 'aggressive' ? 0.75 : personality === 'cautious' ? 1.25 : 0.95;
  const objectives = hints.objectives(state);
  const ownCentre = centroid(state.units.filter((u) => u.side === side && !u.removed));
  const mainEffort = ownCentre && objectives.length ? [...objectives].sort((a, b) => distance(a, ownCentre) - distance(b, ownCentre))[0]! : null;
  return { stance: ratio >= threshold ? 'attack' : 'defend', ratio, mainEffort };
}

function centroid(units: readonly Unit[]): Vec2 | null {
  if (units.length === 0) return null;
  return { x: units.reduce((s, u) => s + u.x, 0) / units.length, y: units.reduce((s, u) => s + u.y, 0) / units.length };
}

interface ScoreContext {
  state: GameState;
  bf: Battlefield;
  hints: AiHints;
  side: string;
  plan: Plan;
  personality: Personality;
  influence: InfluenceMap;
  enemies: Unit[];
  friends: Unit[];
  diagonal: number;
}

function consider(list: ConsiderationScore[], name: string, input: number, curve: Curve): void {
  list.push({ name, input, score: evaluateCurve(curve, input) });
}

/** Considerations of where a unit will stand. */
function positional(ctx: ScoreContext, unit: Unit, at: Vec2, list: ConsiderationScore[]): void {
  const { hints, state, influence } = ctx;
  const strength = Math.max(0.2, hints.strength(state, unit) * hints.value(state, unit));
  const threat = sample(influence, influence.threat, at) / (strength * 3);
  const cautious = ctx.personality === 'cautious';
  consider(list, 'threat', threat, cautious ? CURVES.sharpFalling : CURVES.softFalling);
  const support = sample(influence, influence.own, at) / (strength * 4);
  consider(list, 'support', support, CURVES.softRising);
  const edge = Math.min(at.x, at.y, ctx.bf.width - at.x, ctx.bf.depth - at.y);
  consider(list, 'table edge', normalise(edge, 0, 100), { kind: 'logistic', midpoint: 0.3, steepness: 12 });
  if (!hints.isCombatant(unit)) return;
  const nearest = ctx.enemies.reduce((best, e) => Math.min(best, distance(at, e)), Infinity);
  const range = hints.fireRange(unit);
  if (range && Number.isFinite(nearest)) {
    // Shooters want an enemy inside close range, and are content at long range.
    consider(list, 'range to enemy', normalise(nearest, range.long * 1.5, range.close), CURVES.softRising);
  } else if (Number.isFinite(nearest)) {
    const eager = ctx.plan.stance === 'attack' ? CURVES.softRising : { kind: 'constant', value: 0.7 } as Curve;
    consider(list, 'closing on the enemy', normalise(nearest, ctx.diagonal / 2, 0), eager);
  }
  const objectives = hints.objectives(state);
  if (objectives.length) {
    // The best objective for this unit: near, and not already held by another friend.
    let best = 0;
    for (const o of objectives) {
      const claimed = ctx.friends.some((f) => f.id !== unit.id && hints.isCombatant(f) && distance(f, o) <= hints.objectiveRadius * 2.5);
      const closeness = 1 - normalise(distance(at, o), hints.objectiveRadius, ctx.diagonal / 2);
      best = Math.max(best, closeness * (claimed ? 0.5 : 1));
    }
    // Ground matters more as the last turn nears.
    const urgency = 0.35 + 0.5 * hints.progress(state) + (ctx.plan.stance === 'attack' ? 0.15 : 0);
    consider(list, 'objective', best, { kind: 'linear', slope: urgency, intercept: 1 - urgency });
  }
  if (range) consider(list, 'cover', inWood(ctx.bf, at) ? 1 : 0, { kind: 'linear', slope: 0.25, intercept: 0.75 });
}

function scoreCandidate(ctx: ScoreContext, c: Candidate): ScoredCandidate {
  const considerations: ConsiderationScore[] = [];
  const unit = c.unit ? ctx.state.units.find((u) => u.id === c.unit) : undefined;
  const weight = groupWeight(c.group, ctx.plan, ctx.personality);
  let forecast: Forecast = {};
  const choice = ctx.hints.choiceValue?.(ctx.state, c.action, ctx.plan.stance);
  if (choice !== undefined) consider(considerations, 'plan', choice, CURVES.rising);
  if (unit) {
    forecast = ctx.hints.forecast(ctx.state, ctx.bf, c.action);
    const at = forecast.pose ?? { x: unit.x, y: unit.y };
    positional(ctx, unit, at, considerations);
    if (forecast.pose && (c.group === 'move' || c.group === 'formation')) {
      // An order that leaves the unit where it was wastes the activation.
      const moved = distance(at, unit) + Math.abs(forecast.pose.facing - unit.facing) * 50;
      consider(considerations, 'gets somewhere', normalise(moved, 0, 25), { kind: 'linear', slope: 0.8, intercept: 0.2 });
    }
    if (forecast.inflicted !== undefined) {
      const target = ctx.state.units.find((u) => u.id === forecast.target);
      const worth = target ? ctx.hints.value(ctx.state, target) / 4 : 0.5;
      consider(considerations, 'damage to the enemy', Math.min(1, forecast.inflicted * 3 * (0.5 + worth)), { kind: 'linear', slope: 0.85, intercept: 0.15 });
    }
    if (forecast.risk !== undefined) consider(considerations, 'risk to ourselves', forecast.risk * 2, ctx.personality === 'cautious' ? CURVES.sharpFalling : CURVES.softFalling);
    if (c.group === 'hold') consider(considerations, 'needs to recover', ctx.hints.shaken(ctx.state, unit) ? 1 : 0, { kind: 'linear', slope: 0.6, intercept: 0.4 });
  } else if (choice === undefined) {
    consider(considerations, 'nothing better to do', 1, CURVES.rising);
  }
  const score = combineScores(considerations.map((k) => k.score)) * weight;
  return { action: c.action, label: c.label, ...(c.unit ? { unit: c.unit } : {}), why: c.why, weight, score, considerations };
}

/** Decide one action for `side`. Deterministic for the same state and seed. */
export function decide(ruleset: Ruleset, state: GameState, side: string, config: AiConfig, seed: string): Decision | null {
  const t0 = performance.now();
  const bf = battlefieldFromSpec(state.battlefield);
  const hints = ruleset.ai;
  const view = perceive(state, bf, hints, side, ruleset);
  const legal = legalActions(ruleset, view, side);
  if (legal.length === 0) return null;
  const profile = PROFILES[config.level];
  const plan = makePlan(view, hints, side, config.personality);
  const enemies = view.units.filter((u) => u.side !== side && !u.removed && hints.isCombatant(u));
  const friends = view.units.filter((u) => u.side === side && !u.removed);
  const ctx: ScoreContext = {
    state: view,
    bf,
    hints,
    side,
    plan,
    personality: config.personality,
    influence: buildInfluence(view, hints, side, bf.width, bf.depth),
    enemies,
    friends,
    diagonal: Math.hypot(bf.width, bf.depth),
  };
  const candidates = expandCandidates({ state: view, bf, hints, side, enemies, friends, pointsPerOrder: profile.pointsPerOrder }, legal);
  const scored: ScoredCandidate[] = [];
  for (const c of candidates) {
    if (scored.length >= profile.maxCandidates) break;
    if (config.budgetMs !== undefined && scored.length > 0 && performance.now() - t0 > config.budgetMs) break;
    scored.push(scoreCandidate(ctx, c));
    config.progress?.(scored.length, Math.min(candidates.length, profile.maxCandidates));
  }
  scored.sort((a, b) => b.score - a.score);
  const rng = new Rng(seed);
  // Weighted randomness among the best: variety that stays replayable.
  const best = scored[0]!.score;
  const pool = scored.filter((s, i) => i < profile.top && s.score >= best * profile.band);
  const ordered = pickOrder(pool, rng).concat(scored.filter((s) => !pool.includes(s)));
  for (const choice of ordered) {
    // The action must be legal in the true state too (a hidden unit may be in the way).
    const r = apply(ruleset, state, choice.action);
    if (r.ok || 'needDice' in r) {
      return {
        action: choice.action,
        side,
        plan,
        chosen: choice,
        runnersUp: scored.filter((s) => s !== choice).slice(0, 4),
        candidates: candidates.length,
        scored: scored.length,
        ms: performance.now() - t0,
      };
    }
  }
  return null;
}

/** Order a pool by weighted random draws, heavier scores first more often. */
function pickOrder(pool: ScoredCandidate[], rng: Rng): ScoredCandidate[] {
  const left = [...pool];
  const out: ScoredCandidate[] = [];
  while (left.length) {
    const total = left.reduce((s, c) => s + c.score, 0);
    let r = rng.float() * total;
    let i = 0;
    for (; i < left.length - 1; i++) {
      r -= left[i]!.score;
      if (r <= 0) break;
    }
    out.push(left.splice(i, 1)[0]!);
  }
  return out;
}
