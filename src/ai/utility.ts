/**
 * The utility AI. For the side to act it expands the legal actions into candidates, forecasts each
 * through the ruleset's hints (no dice are rolled, nothing hidden is read), scores it on
 * considerations through response curves, combines them multiplicatively and picks among the best
 * with weighted randomness drawn from a seeded generator. Every decision keeps its top candidates
 * and their scores, so the page can show why.
 */

import { distance, wrapAngle, type Vec2 } from '../core/geometry';
import { apply, legalActions, type AppliedOutcome } from '../core/engine';
import type { Action, GameState, Unit } from '../core/model';
import { Rng } from '../core/random';
import type { AiHints, Forecast, LegalAction, Ruleset } from '../core/ruleset';
import { battlefieldFromSpec, type Battlefield } from '../terrain/battlefield';
import { heightAt } from '../terrain/heightmap';
import { expandCandidates, inWood, type Candidate } from './candidates';
import { combineScores, CURVES, evaluateCurve, normalise, type Curve } from './curves';
import { buildInfluence, sample, type InfluenceMap } from './influence';
import { lookAhead } from './lookahead';
import { datan2, dcos, dhypot, dsin } from '../core/detmath';

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
  /** The order's group (move, fire, charge...). */
  group?: string;
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
  /** Which unit is to take or hold which objective: the nearest fit unit to each, one apiece. */
  holders: Record<string, Vec2>;
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
  /** Units whose orders are weighed in one decision (see focusUnits). */
  unitsPerDecision: number;
  /** How many of the best moves are searched around for a better spot (see refineMoves). */
  refine: number;
  /** How many of the best orders are played ahead against the enemy's best reply (see lookahead.ts). */
  lookahead: number;
}

// Hard draws between its best two only when they score within 1% of each other: variety among
// near-equals. At 0.97 it gave away strength to chance (hard against normal won 109 of 200 one-page
// games at 0.97, 120 at 0.99; ARCHITECTURE.md).
const PROFILES: Record<Level, Profile> = {
  easy: { maxCandidates: 800, pointsPerOrder: 4, band: 0.6, top: 6, unitsPerDecision: 4, refine: 0, lookahead: 0 },
  normal: { maxCandidates: 2000, pointsPerOrder: 7, band: 0.9, top: 3, unitsPerDecision: 4, refine: 0, lookahead: 0 },
  hard: { maxCandidates: 4000, pointsPerOrder: 10, band: 0.99, top: 2, unitsPerDecision: 10, refine: 4, lookahead: 4 },
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

function makePlan(state: GameState, hints: AiHints, side: string, personality: Personality, reach?: ReadonlyMap<string, number>): Plan {
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
  const ruled = hints.stance?.(state, side, ratio);
  return { stance: ruled ?? (ratio >= threshold ? 'attack' : 'defend'), ratio, mainEffort, holders: assignHolders(state, hints, side, objectives, reach) };
}

/**
 * Give each objective one holder: the closest pairs of objective and fit combat unit first, so no
 * objective is left to chance and no two units crowd the same one.
 */
export function assignHolders(state: GameState, hints: AiHints, side: string, objectives: readonly Vec2[], reach: ReadonlyMap<string, number> = new Map()): Record<string, Vec2> {
  const fit = state.units.filter((u) => u.side === side && !u.removed && !u.carriedBy && hints.isCombatant(u) && hints.strength(state, u) > 0.3);
  // Distances count in moves where the orders say how far a unit may go: a slow gun is a poor holder.
  const known = [...reach.values()].sort((a, b) => a - b);
  const usual = known.length ? known[Math.floor(known.length / 2)]! : 1;
  const pairs: { unit: string; o: number; d: number }[] = [];
  for (const u of fit) objectives.forEach((o, i) => pairs.push({ unit: u.id, o: i, d: distance(u, o) / Math.max(1, reach.get(u.id) ?? usual) }));
  pairs.sort((a, b) => a.d - b.d || (a.unit < b.unit ? -1 : a.unit > b.unit ? 1 : a.o - b.o));
  const holders: Record<string, Vec2> = {};
  // Ground is taken in strength: a second unit for each objective where the army has units to
  // spare, so one volley or one lost melee does not give it up. Each round goes closest pairs first.
  const rounds = fit.length >= objectives.length * 2 + 2 ? 2 : 1;
  for (let round = 1; round <= rounds; round++) {
    const taken = new Set<number>();
    for (const p of pairs) {
      if (taken.has(p.o) || holders[p.unit]) continue;
      holders[p.unit] = objectives[p.o]!;
      taken.add(p.o);
    }
  }
  return holders;
}

function centroid(units: readonly Unit[]): Vec2 | null {
  if (units.length === 0) return null;
  return { x: units.reduce((s, u) => s + u.x, 0) / units.length, y: units.reduce((s, u) => s + u.y, 0) / units.length };
}

export interface ScoreContext {
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
  /** The ruleset's objectives, read once per decision. */
  objectives: { x: number; y: number }[];
  /** How far each unit may move now, mm, read off its orders. */
  reach: ReadonlyMap<string, number>;
  /**
   * In the last turn, the objectives where one more unit of ours changes the score: the enemy is
   * on it, or none of ours is (see lastTurnObjectives). Empty before the last turn.
   */
  scoring: Vec2[];
  /** The picture's units by id. */
  byId: ReadonlyMap<string, Unit>;
  /** What every candidate of a unit asks of where the unit stands now, worked out once a decision. */
  standing: Map<Unit, { engaged?: boolean; away: Map<Vec2, number> }>;
  /** What positional gave for a unit in each pose tried this decision, by unit and pose. */
  positions: Map<Unit, Map<number, { x: number; y: number; facing: number | undefined; scores: ConsiderationScore[] }[]>>;
}

/** The remembered answers about where a unit stands now (see ScoreContext.standing). */
function standingOf(ctx: ScoreContext, unit: Unit): { engaged?: boolean; away: Map<Vec2, number> } {
  let known = ctx.standing.get(unit);
  if (!known) ctx.standing.set(unit, (known = { away: new Map() }));
  return known;
}

function consider(list: ConsiderationScore[], name: string, input: number, curve: Curve): void {
  list.push({ name, input, score: evaluateCurve(curve, input) });
}

/** Considerations of where a unit will stand. */
function positional(ctx: ScoreContext, unit: Unit, at: Vec2, list: ConsiderationScore[]): void {
  const { hints, state, influence } = ctx;
  const strength = Math.max(0.2, hints.strength(state, unit) * hints.value(state, unit));
  // A unit sent to hold ground takes the risk of standing on it, more so as the end nears.
  const holding = ctx.plan.holders[unit.id] ? 1 - 0.6 * hints.progress(state) : 1;
  const threat = (holding * sample(influence, 'threat', at)) / (strength * 3);
  const cautious = ctx.personality === 'cautious';
  consider(list, 'threat', threat, cautious ? CURVES.sharpFalling : CURVES.softFalling);
  const support = sample(influence, 'own', at) / (strength * 4);
  consider(list, 'support', support, CURVES.softRising);
  const edge = Math.min(at.x, at.y, ctx.bf.width - at.x, ctx.bf.depth - at.y);
  consider(list, 'table edge', normalise(edge, 0, 100), { kind: 'logistic', midpoint: 0.3, steepness: 12 });
  if (!hints.isCombatant(unit)) return;
  const nearest = ctx.enemies.reduce((best, e) => Math.min(best, distance(at, e)), Infinity);
  const range = hints.fireRange(unit);
  if (range && Number.isFinite(nearest)) {
    // Shooters want an enemy in front of them at close range, and are content at long range: they
    // shoot at the end of the turn from wherever the move leaves them.
    consider(list, 'fire from there', fireProspect(ctx, at, range), CURVES.softRising);
  } else if (Number.isFinite(nearest)) {
    const eager = ctx.plan.stance === 'attack' ? CURVES.softRising : ({ kind: 'constant', value: 0.7 } as Curve);
    consider(list, 'closing on the enemy', normalise(nearest, ctx.diagonal / 2, 0), eager);
  }
  if (ctx.objectives.length) objectiveConsideration(ctx, unit, at, list);
  if (range) {
    // The longer the reach, the more a rise matters: a gun on a crest sees over its own troops.
    const weight = 0.15 + 0.45 * normalise(range.long, 300, 1200);
    consider(list, 'high ground', heightShare(ctx.bf, at), { kind: 'linear', slope: weight, intercept: 1 - weight });
  }
  if (range) consider(list, 'cover', inWood(ctx.bf, at) ? 1 : 0, { kind: 'linear', slope: 0.25, intercept: 0.75 });
}

/**
 * Ground to take or hold, measured as the rules measure holding it (from the footprint, where the
 * ruleset says so). A unit's own objective (see assignHolders) is to be stood on and kept; the
 * others keep near the objectives, to contest the enemy's and support our holders. Near the end
 * the pull gathers onto the objective itself: a step short of it counts for little in the last turn.
 */
function objectiveConsideration(ctx: ScoreContext, unit: Unit, at: Vec2 & { facing?: number }, list: ConsiderationScore[]): void {
  const { hints, state } = ctx;
  const r = hints.objectiveRadius;
  const late = hints.progress(state);
  const pose = { x: at.x, y: at.y, facing: at.facing ?? unit.facing };
  const own = ctx.plan.holders[unit.id];
  if (own) {
    // Counted in moves: every move still needed to stand on it costs a good share of the score,
    // so a holder goes straight there rather than trickling forward or wheeling about.
    const move = Math.max(r, ctx.reach.get(unit.id) ?? r * 3);
    const d = awayFrom(ctx, unit, at, pose, own);
    const onIt = d <= r ? 1 : 1 / (1 + (1.5 * (d - r)) / move);
    consider(list, 'hold our objective', onIt, { kind: 'linear', slope: 0.9, intercept: 0.1 });
    consider(list, 'closing on our objective', closing(ctx, unit, d, own, move), { kind: 'linear', slope: 0.7, intercept: 0.3 });
    return;
  }
  let best = 0;
  let nearest: Vec2 | null = null;
  let nearestAway = Infinity;
  for (const o of ctx.objectives) {
    const d = awayFrom(ctx, unit, at, pose, o);
    best = Math.max(best, 1 - normalise(d, r, ctx.diagonal / 3));
    if (d < nearestAway) [nearest, nearestAway] = [o, d];
  }
  const urgency = 0.2 + 0.6 * late + (ctx.plan.stance === 'attack' ? 0.1 : 0);
  consider(list, 'objective', best, { kind: 'linear', slope: urgency, intercept: 1 - urgency });
  // In the last turn only standing on an objective scores: one the enemy is on, or nobody of ours.
  if (ctx.scoring.length) consider(list, 'on an objective at the end', ctx.scoring.some((o) => awayFrom(ctx, unit, at, pose, o) <= r) ? 1 : 0, LAST_TURN_OBJECTIVE);
  // The rest of the army closes up behind the holders, in support, rather than waiting at the start;
  // a unit with an enemy to shoot at from where it stands is already where it is needed.
  const range = hints.fireRange(unit);
  const standing = standingOf(ctx, unit);
  const engaged = (standing.engaged ??= range !== null && fireProspect(ctx, { x: unit.x, y: unit.y, facing: unit.facing }, range) > 0.1);
  if (nearest && !engaged) consider(list, 'closing on the objectives', closing(ctx, unit, nearestAway, nearest, Math.max(r, ctx.reach.get(unit.id) ?? r * 3)), { kind: 'linear', slope: 0.4, intercept: 0.6 });
}

/** The last turn's pull onto an objective that changes the score: a unit off one keeps 0.6. */
export const LAST_TURN_OBJECTIVE: Curve = { kind: 'linear', slope: 0.4, intercept: 0.6 };

/** How far a unit in `pose` is from standing on objective `o`: a unit already within reach needs no turn to stand on it. */
function awayFrom(ctx: ScoreContext, unit: Unit, at: Vec2 & { facing?: number }, pose: { x: number; y: number; facing: number }, o: Vec2): number {
  const d = ctx.hints.objectiveDistance?.(ctx.state, unit, pose, o) ?? distance(at, o);
  return d <= ctx.hints.objectiveRadius ? d : d + turnCost(at, o);
}

/**
 * How much nearer its goal an order brings a unit, in moves from where it stands now: 0.5 for no
 * nearer (a wheel on the spot, a shot), 1 for a full move nearer or for standing on it. The plan's
 * units go somewhere rather than turning about in front of ground they cannot enter.
 */
function closing(ctx: ScoreContext, unit: Unit, dThen: number, goal: Vec2, move: number): number {
  const r = ctx.hints.objectiveRadius;
  if (dThen <= r) return 1;
  const away = standingOf(ctx, unit).away;
  let nowAway = away.get(goal);
  if (nowAway === undefined) {
    const now = { x: unit.x, y: unit.y, facing: unit.facing };
    const dNow = ctx.hints.objectiveDistance?.(ctx.state, unit, now, goal) ?? distance(unit, goal);
    nowAway = dNow <= r ? dNow : dNow + turnCost(now, goal);
    away.set(goal, nowAway);
  }
  return 0.5 + 0.5 * Math.max(-1, Math.min(1, (nowAway - dThen) / move));
}

/** The lowest and highest ground of a table, computed once per battlefield. */
const reliefOf = new WeakMap<Battlefield, { lo: number; hi: number }>();

/**
 * How high a spot stands, 0 at the lowest ground of the table and 1 at the highest: shooters on a
 * rise see over the troops and folds in front of them.
 */
function heightShare(bf: Battlefield, p: Vec2): number {
  let r = reliefOf.get(bf);
  if (!r) {
    let lo = Infinity;
    let hi = -Infinity;
    for (const h of bf.heightmap.heights) {
      if (h < lo) lo = h;
      if (h > hi) hi = h;
    }
    r = { lo, hi };
    reliefOf.set(bf, r);
  }
  return normalise(heightAt(bf.heightmap, p.x, p.y), r.lo, r.hi);
}

/**
 * What facing away from a place costs a unit that must go there, in mm: formed troops advance only
 * to their front, so a goal behind them is a wheel or two further away than it looks.
 */
function turnCost(at: Vec2 & { facing?: number }, goal: Vec2): number {
  if (at.facing === undefined || distance(at, goal) < 80) return 0;
  const off = Math.abs(wrapAngle(datan2(goal.y - at.y, goal.x - at.x) - at.facing));
  return off <= Math.PI / 4 ? 0 : off <= Math.PI / 2 ? 60 : 150;
}

/**
 * How well a unit could shoot from a spot, facing the way it will face: 1 with a seen enemy in its
 * front arc at close range, about 0.6 at long range, 0.1 with nobody to shoot at.
 */
function fireProspect(ctx: ScoreContext, at: Vec2 & { facing?: number }, range: { close: number; long: number }): number {
  let best = 0.1;
  for (const e of ctx.enemies) {
    const d = distance(at, e);
    if (d > range.long + 40) continue;
    if (at.facing !== undefined) {
      const off = Math.abs(wrapAngle(datan2(e.y - at.y, e.x - at.x) - at.facing));
      if (off > Math.PI / 4 + 0.1) continue;
    }
    best = Math.max(best, d <= range.close + 20 ? 1 : 0.6);
    if (best === 1) break;
  }
  return best;
}

/** A candidate scored but for its forecast's later judgements: until settled, its score bounds the exact one from above. */
interface Unsettled {
  /** Where the first of the later judgements stands in the considerations. */
  at: number;
  later: NonNullable<Forecast['later']>;
}

/** What a later judgement counts as until worked out: its best, which leaves the product as it is. */
const NOT_YET: ConsiderationScore = { name: 'worked out if it can matter', input: 1, score: 1 };

/** How many runners-up a decision keeps for its explanation. */
const RUNNERS_UP = 4;

export function scoreCandidate(ctx: ScoreContext, c: Candidate): ScoredCandidate {
  const { scored, unsettled } = scoreParts(ctx, c);
  if (unsettled) settle(scored, unsettled);
  return scored;
}

/** Work out a candidate's later judgements, in their places, and its exact score. */
function settle(s: ScoredCandidate, u: Unsettled): void {
  const judged = u.later.judge();
  if (judged.length !== u.later.count) throw new Error(`a forecast promised ${u.later.count} later judgements and gave ${judged.length}`);
  for (let k = 0; k < judged.length; k++) s.considerations[u.at + k] = { name: judged[k]!.name, input: judged[k]!.value, score: evaluateCurve(CURVES.rising, judged[k]!.value) };
  s.score = combineScores(s.considerations.map((k) => k.score)) * s.weight;
}

/**
 * Exact scores for every candidate that can be among the `k` best: the unsettled ones are settled
 * highest bound first, until the next bound falls below the k-th best exact score. The rest keep
 * their bounds, all below the k best, which are then exactly the k best of the full scoring.
 */
function settleBest(scored: readonly ScoredCandidate[], unsettled: Map<ScoredCandidate, Unsettled>, k: number): void {
  if (unsettled.size === 0) return;
  // The k best exact scores so far, best first.
  const best: number[] = [];
  const keep = (x: number): void => {
    let i = best.length;
    while (i > 0 && best[i - 1]! < x) i--;
    if (i < k) best.splice(i, 0, x);
    if (best.length > k) best.pop();
  };
  for (const s of scored) if (!unsettled.has(s)) keep(s.score);
  const open = [...unsettled.keys()].sort((a, b) => b.score - a.score);
  for (const s of open) {
    if (best.length >= k && s.score < best[k - 1]!) break;
    settle(s, unsettled.get(s)!);
    unsettled.delete(s);
    keep(s.score);
  }
}

function scoreParts(ctx: ScoreContext, c: Candidate): { scored: ScoredCandidate; unsettled?: Unsettled } {
  let unsettled: Unsettled | undefined;
  const considerations: ConsiderationScore[] = [];
  const unit = c.unit ? ctx.byId.get(c.unit) : undefined;
  let weight = groupWeight(c.group, ctx.plan, ctx.personality);
  const choice = ctx.hints.choiceValue?.(ctx.state, c.action, ctx.plan.stance);
  if (choice !== undefined) consider(considerations, 'plan', choice, CURVES.rising);
  // Card-driven rules: an order that spends a card worth keeping must be worth the card.
  const cardCost = ctx.hints.cardCost?.(ctx.state, c.action);
  if (cardCost !== undefined) consider(considerations, 'keeps a useful card', cardCost, { kind: 'linear', slope: -0.6, intercept: 1 });
  if (unit) {
    const forecast: Forecast = ctx.hints.forecast(ctx.state, ctx.bf, c.action);
    if (forecast.stakes !== undefined) weight *= forecast.stakes;
    const at = forecast.pose ?? { x: unit.x, y: unit.y, facing: unit.facing };
    positionalOnce(ctx, unit, at, considerations);
    if (forecast.pose && (c.group === 'move' || c.group === 'formation')) {
      // An order that leaves the unit where it was wastes the activation.
      const moved = distance(at, unit) + Math.abs(forecast.pose.facing - unit.facing) * 50;
      consider(considerations, 'gets somewhere', normalise(moved, 0, 25), { kind: 'linear', slope: 0.8, intercept: 0.2 });
    }
    if (forecast.inflicted !== undefined) {
      const target = forecast.target !== undefined ? ctx.byId.get(forecast.target) : undefined;
      const worth = target ? ctx.hints.value(ctx.state, target) / 4 : 0.5;
      // A unit removed counts far more than its figures: it scores, and it brings the army nearer breaking.
      const harm = forecast.inflicted + 1.5 * (forecast.removes ?? 0);
      // An enemy on an objective is worth driving off.
      const onGround = target && ctx.objectives.some((o) => distance(o, target) <= ctx.hints.objectiveRadius * 1.5) ? 1.3 : 1;
      // Saturating, with a floor: any hurt done now is worth a good deal of a move, and a sure kill is worth it all.
      // An attack forecast to do nothing (a charge that cannot reach) is worth less than a move.
      consider(considerations, 'damage to the enemy', Math.min(1, harm * 2 * (0.5 + worth) * onGround), harm > 0.005 ? CURVES.harm : CURVES.futile);
    }
    for (const j of forecast.judgements ?? []) consider(considerations, j.name, j.value, CURVES.rising);
    if (forecast.later) {
      unsettled = { at: considerations.length, later: forecast.later };
      for (let k = 0; k < forecast.later.count; k++) considerations.push(NOT_YET);
    }
    if (forecast.risk !== undefined) consider(considerations, 'risk to ourselves', forecast.risk * 2, ctx.personality === 'cautious' ? CURVES.sharpFalling : CURVES.softFalling);
    // Standing still is right for a unit that must recover, and fair for one already where it should be.
    if (c.group === 'hold') consider(considerations, 'needs to recover', ctx.hints.shaken(ctx.state, unit) ? 1 : 0, { kind: 'linear', slope: 0.25, intercept: 0.75 });
  } else if (choice === undefined) {
    consider(considerations, 'nothing better to do', 1, CURVES.rising);
  }
  const rest = ctx.hints.restValue?.(ctx.state, c.action);
  if (rest !== undefined) {
    // Stopping is scored outright: what is kept for later is worth this much.
    const kept: ConsiderationScore[] = [{ name: 'keeps the rest for later', input: rest, score: rest }];
    return { scored: { action: c.action, label: c.label, ...(c.unit ? { unit: c.unit } : {}), why: c.why, weight: 1, score: rest, considerations: kept } };
  }
  const score = combineScores(considerations.map((k) => k.score)) * weight;
  // The same fields in the same order as with a spread of the optional unit, without making two objects.
  if (c.unit) return { scored: { action: c.action, label: c.label, unit: c.unit, group: c.group, why: c.why, weight, score, considerations }, ...(unsettled ? { unsettled } : {}) };
  return { scored: { action: c.action, label: c.label, group: c.group, why: c.why, weight, score, considerations }, ...(unsettled ? { unsettled } : {}) };
}

/**
 * positional, remembered for the decision by unit and pose: a unit's shots, charges that stay put,
 * halts and moves that end in the same place all stand it in one spot, and what that spot is worth
 * reads only the unit, the spot and the decision's picture. The scores are never changed once made,
 * so the candidates share them.
 */
function positionalOnce(ctx: ScoreContext, unit: Unit, at: Vec2 & { facing?: number }, list: ConsiderationScore[]): void {
  // Found by x, then the very same y and facing (Object.is: -0 is not 0).
  let byX = ctx.positions.get(unit);
  if (!byX) ctx.positions.set(unit, (byX = new Map()));
  let poses = byX.get(at.x);
  if (!poses) byX.set(at.x, (poses = []));
  let known: ConsiderationScore[] | undefined;
  for (const p of poses) {
    if (Object.is(p.x, at.x) && Object.is(p.y, at.y) && Object.is(p.facing, at.facing)) {
      known = p.scores;
      break;
    }
  }
  if (!known) {
    known = [];
    positional(ctx, unit, at, known);
    poses.push({ x: at.x, y: at.y, facing: at.facing, scores: known });
  }
  for (const k of known) list.push(k);
}

/** What every candidate of one decision is scored against: the picture, the plan and the maps. */
export function scoringContext(hints: AiHints, view: GameState, bf: Battlefield, side: string, personality: Personality, legal: readonly LegalAction[] = []): ScoreContext {
  // How far each unit may move now, read off its orders' open destinations.
  const reach = new Map<string, number>();
  for (const l of legal) {
    if (!l.unit) continue;
    for (const p of l.params) if (p.kind === 'point') reach.set(l.unit, Math.max(reach.get(l.unit) ?? 0, p.maxReach));
  }
  const objectives = hints.objectives(view);
  return {
    state: view,
    bf,
    hints,
    side,
    plan: makePlan(view, hints, side, personality, reach),
    personality,
    influence: buildInfluence(view, hints, side, bf.width, bf.depth),
    enemies: view.units.filter((u) => u.side !== side && !u.removed && hints.isCombatant(u)),
    friends: view.units.filter((u) => u.side === side && !u.removed),
    diagonal: dhypot(bf.width, bf.depth),
    objectives,
    reach,
    byId: unitsById(view),
    standing: new Map(),
    positions: new Map(),
    scoring: hints.progress(view) >= 1 ? lastTurnObjectives(view, hints, side, objectives) : [],
  };
}

/**
 * The objectives where, in the last turn, one more unit of ours changes the score: one the enemy
 * stands on (standing there too denies it him), or one none of ours stands on yet. Another unit on
 * ground we already hold alone adds nothing. Read from the side's own picture of the table.
 */
export function lastTurnObjectives(state: GameState, hints: AiHints, side: string, objectives: readonly Vec2[]): Vec2[] {
  const r = hints.objectiveRadius;
  const near = (u: Unit, o: Vec2): boolean => (hints.objectiveDistance?.(state, u, { x: u.x, y: u.y, facing: u.facing }, o) ?? distance(u, o)) <= r;
  const combat = state.units.filter((u) => !u.removed && !u.carriedBy && hints.isCombatant(u));
  return objectives.filter((o) => combat.some((u) => u.side !== side && near(u, o)) || !combat.some((u) => u.side === side && !hints.shaken(state, u) && near(u, o)));
}

/** The units by id, the first of an id as `find` would give it. */
function unitsById(state: GameState): Map<string, Unit> {
  const out = new Map<string, Unit>();
  for (const u of state.units) if (!out.has(u.id)) out.set(u.id, u);
  return out;
}

/** Decide one action for `side`. Deterministic for the same state and seed. */
export function decide(ruleset: Ruleset, state: GameState, side: string, config: AiConfig, seed: string, known?: readonly LegalAction[]): Decision | null {
  return decideAndTry(ruleset, state, side, config, seed, known)?.decision ?? null;
}

/**
 * `decide`, and the chosen action as applied to the true state when the check that it is legal
 * there applied it in full: the caller's session can take that outcome instead of applying the
 * action a second time (GameSession.step).
 */
export function decideAndTry(ruleset: Ruleset, state: GameState, side: string, config: AiConfig, seed: string, known?: readonly LegalAction[]): { decision: Decision; outcome?: AppliedOutcome } | null {
  const t0 = performance.now();
  const hints = ruleset.ai;
  const seen = perceive(state, battlefieldFromSpec(state.battlefield), hints, side, ruleset);
  // Each decision reasons on a view object of its own: what the rules' hints remember by view (once
  // per view of the battle) can never be carried into another decision, whatever the caller does
  // with its state in between.
  const view = seen === state ? { ...state } : seen;
  // The ground as the side knows it: a terrain subtype secret from it stays unknown (honesty).
  const bf = battlefieldFromSpec(view.battlefield);
  // The caller's list of legal actions serves when the AI's picture is the whole truth.
  const legal = known && seen === state ? [...known] : legalActions(ruleset, view, side);
  if (legal.length === 0) return null;
  const profile = PROFILES[config.level];
  const ctx = scoringContext(hints, view, bf, side, config.personality, legal);
  const { plan, enemies, friends } = ctx;
  const considered = focusUnits(view, legal, enemies, profile.unitsPerDecision);
  const candidates = expandCandidates({ state: view, bf, hints, side, enemies, friends, pointsPerOrder: profile.pointsPerOrder }, considered);
  const scored: ScoredCandidate[] = [];
  const unsettled = new Map<ScoredCandidate, Unsettled>();
  for (const c of candidates) {
    if (scored.length >= profile.maxCandidates) break;
    if (config.budgetMs !== undefined && scored.length > 0 && performance.now() - t0 > config.budgetMs) break;
    const parts = scoreParts(ctx, c);
    scored.push(parts.scored);
    if (parts.unsettled) unsettled.set(parts.scored, parts.unsettled);
    config.progress?.(scored.length, Math.min(candidates.length, profile.maxCandidates));
  }
  // Only the best few need exact scores: the pick and the runners-up shown. The hard level's second
  // look and look-ahead read further down the ranking, so there every score is worked out.
  const exact = profile.refine > 0 || profile.lookahead > 0 ? scored.length : profile.top + RUNNERS_UP;
  settleBest(scored, unsettled, exact);
  const generated = [...scored];
  const byScore = (a: ScoredCandidate, b: ScoredCandidate): number => b.score - a.score;
  scored.sort(byScore);
  if (profile.refine > 0) {
    const room = profile.maxCandidates * 1.25 - scored.length;
    const better = refineMoves(ctx, scored, profile.refine, room);
    if (better.length) {
      scored.push(...better);
      scored.sort((a, b) => b.score - a.score);
    }
  }
  if (profile.lookahead > 0) {
    // The best few, looked at again after the enemy's best reply to each.
    scored.splice(0, scored.length, ...lookAhead(ruleset, view, bf, side, scored, profile.lookahead, config.personality, seed));
  }
  const rng = new Rng(seed);
  // Weighted randomness among the best: variety that stays replayable.
  const best = scored[0]!.score;
  const pool = scored.filter((s, i) => i < profile.top && s.score >= best * profile.band);
  let ordered = pickOrder(pool, rng).concat(scored.filter((s) => !pool.includes(s)));
  for (let i = 0; i < ordered.length; i++) {
    if (i >= exact && unsettled.size > 0) {
      // Past the best few the ranking must be exact too: every score worked out, and the rest ranked
      // anew from the order they were made in, as one sort of exact scores would have ranked them.
      for (const [s, u] of unsettled) settle(s, u);
      unsettled.clear();
      scored.splice(0, scored.length, ...generated.sort(byScore));
      ordered = ordered.slice(0, i).concat(scored.filter((s) => !pool.includes(s)).slice(i - pool.length));
    }
    const choice = ordered[i]!;
    // The action must be legal in the true state too (a hidden unit may be in the way).
    const r = apply(ruleset, state, choice.action);
    if (r.ok || 'needDice' in r) {
      const decision: Decision = {
        action: choice.action,
        side,
        plan,
        chosen: choice,
        runnersUp: scored.filter((s) => s !== choice).slice(0, RUNNERS_UP),
        candidates: candidates.length,
        scored: scored.length,
        ms: performance.now() - t0,
      };
      return r.ok ? { decision, outcome: { from: state, action: choice.action, result: r } } : { decision };
    }
  }
  return null;
}

/** Offsets, mm, tried around a good move's destination: an inch and a half and three inches, eight ways. */
const REFINE_STEPS = [38, 76].flatMap((r) => [0, 1, 2, 3, 4, 5, 6, 7].map((k) => ({ x: r * Math.round(1e6 * dcos((k * Math.PI) / 4)) / 1e6, y: r * Math.round(1e6 * dsin((k * Math.PI) / 4)) / 1e6 })));

/**
 * A second look, for the harder levels: around the destinations of the best few moves, try spots
 * a little to each side and score them too. The first pass only tries spots it could name (toward an
 * enemy, an objective, a crest); this finds the step that clears a stream bank or gets a line's
 * flank onto an objective. At most `room` more candidates are scored; the rules still judge each.
 */
function refineMoves(ctx: ScoreContext, scored: readonly ScoredCandidate[], count: number, room: number): ScoredCandidate[] {
  const out: ScoredCandidate[] = [];
  const seen = new Set<string>();
  let refined = 0;
  for (const s of scored) {
    if (refined >= count || out.length >= room) break;
    const to = s.action.to as Vec2 | undefined;
    if (!to || typeof to.x !== 'number' || !s.unit) continue;
    refined++;
    for (const d of REFINE_STEPS) {
      if (out.length >= room) break;
      const p = { x: to.x + d.x, y: to.y + d.y };
      const key = `${s.unit}/${String(s.action.type)}/${String(s.action.mode)}/${Math.round(p.x)}/${Math.round(p.y)}`;
      if (seen.has(key) || p.x < 0 || p.y < 0 || p.x > ctx.bf.width || p.y > ctx.bf.depth) continue;
      seen.add(key);
      out.push(scoreCandidate(ctx, { action: { ...s.action, to: p }, label: s.label, group: s.group ?? 'move', unit: s.unit, why: `${s.why}, adjusted` }));
    }
  }
  return out;
}

/**
 * The work budget by units: only the orders of the `limit` units that most need a decision now are
 * expanded and scored. Units that can strike come first, then those nearest the enemy; orders for
 * no unit (turn choices, cards) are always kept. Every unit still gets its turn, as the ones decided
 * leave the list, and a decision costs the same on a 30-unit side as on an 8-unit one.
 */
export function focusUnits(state: GameState, legal: readonly LegalAction[], enemies: readonly Unit[], limit: number): LegalAction[] {
  const urgency = new Map<string, number>();
  for (const l of legal) {
    if (!l.unit || urgency.has(l.unit)) continue;
    const u = state.units.find((x) => x.id === l.unit);
    const near = u ? enemies.reduce((best, e) => Math.min(best, distance(u, e)), Infinity) : Infinity;
    const strikes = legal.some((k) => k.unit === l.unit && (k.group === 'charge' || k.group === 'fire'));
    urgency.set(l.unit, (strikes ? 1e6 : 0) - (Number.isFinite(near) ? near : 1e5));
  }
  if (urgency.size <= limit) return [...legal];
  const chosen = new Set(
    [...urgency.entries()]
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .slice(0, limit)
      .map(([id]) => id),
  );
  return legal.filter((l) => !l.unit || chosen.has(l.unit));
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
