/**
 * What the one-page rules tell the AI: unit strength and worth, reach, sight, and the expected
 * result of an action computed from the charts without rolling a die.
 */

import { add, angleOf, corners, distance, normalize, pointRectDistance, pointSegDist, scale, sub, type OrientedRect, type Vec2 } from '../../core/geometry';
import { DiceRoller, scriptedDice } from '../../core/dice';
import { DEPLOY_ACTION, DEPLOY_DONE_ACTION, DEPLOY_REST_ACTION } from '../../core/deployment';
import { unitFootprint, type Action } from '../../core/model';
import type { AiHints, Forecast } from '../../core/ruleset';
import { pathCost, walkStraight } from '../../core/movement';
import { battlefieldFromSpec, type Battlefield } from '../../terrain/battlefield';
import { moraleResult, OBJECTIVE_RADIUS, rollMoveAllowance, WEAPONS, type Formation, type GroundClass, type MoveContext } from './charts';
import { belowHalf, hitNeed, hitsAfterCover, meleeDice, meleeModifiers, modifierTotal, moraleModifiers, removedAtEndOfTurn, shootingDice, shootingModifiers, shootingMoraleTriggered } from './combat';
import { heightAt } from '../../terrain/heightmap';
import { inch } from '../../core/measure';
import { ObjectMemo } from '../../core/memo';
import { figuresOf, layoutStands } from './layout';
import { blockedAtAlong } from './resolve';
import { isCombatUnit } from './setup';
import type { OnePageGame, OnePageState, OnePageUnit, OnePageUnitState } from './types';
import { arcOfAttacker, canSee, coverOf, footprint, groundAt, inFrontArc, moveSpeedFn, reachFromPosition, unitById, unitDistance, unitsBeyond } from './world';
import { contactPose, maxChargeReach, wheelReach } from './actions';
import { chargeTargets, mayShoot } from './targets';

/** Chance that one die hits with a net modifier (a modified 5+). */
function hitChance(modifier: number): number {
  return Math.max(0, Math.min(6, 7 - hitNeed(modifier))) / 6;
}

/** P(exactly k hits) for k = 0..n, from n dice each hitting with chance p. */
export function hitDistribution(n: number, p: number): number[] {
  let dist = [1];
  for (let i = 0; i < n; i++) {
    const next = new Array<number>(dist.length + 1).fill(0);
    dist.forEach((q, k) => {
      next[k]! += q * (1 - p);
      next[k + 1]! += q * p;
    });
    dist = next;
  }
  return dist;
}

/**
 * Every move roll of a unit, equally likely: the chart's dice enumerated face by face (at most
 * three dice, so at most 216 rolls), cached by what the roll depends on.
 */
function allowances(u: OnePageUnit, ctx: MoveContext): number[] {
  const key = `${u.rs.moveRule}/${ctx.column}/${ctx.limbered}/${ctx.onRoad}/${ctx.followMe}`;
  const known = allowanceCache.get(key);
  if (known) return known;
  // How many dice the roll throws: read off a roll with every die showing 1.
  const probe = new DiceRoller(scriptedDice([]), Array(8).fill(1));
  rollMoveAllowance(u.rs.moveRule, ctx, probe);
  const count = Math.min(3, probe.rolls.reduce((n, r) => n + r.values.length, 0));
  const out: number[] = [];
  for (let i = 0; i < 6 ** count; i++) {
    const faces = Array.from({ length: count }, (_, k) => 1 + (Math.floor(i / 6 ** k) % 6));
    out.push(rollMoveAllowance(u.rs.moveRule, ctx, new DiceRoller(scriptedDice([]), [...faces, ...Array(8).fill(faces[0] ?? 1)])).distance);
  }
  allowanceCache.set(key, out);
  return out;
}

const allowanceCache = new Map<string, number[]>();

/** The mean move roll. */
export function meanAllowance(u: OnePageUnit, ctx: MoveContext): number {
  const all = allowances(u, ctx);
  // Every forecast of a move asks; the rolls of one kind are fixed, so their mean is too.
  const known = meanCache.get(all);
  if (known !== undefined) return known;
  const mean = all.reduce((a, b) => a + b, 0) / all.length;
  meanCache.set(all, mean);
  return mean;
}

const meanCache = new WeakMap<number[], number>();

/** A unit's mean move roll, ending in column or not, remembered on the unit object (it reads only the unit). */
const meanMoves = new WeakMap<OnePageUnit, [number | undefined, number | undefined]>();

function meanMove(u: OnePageUnit, endsInColumn: boolean): number {
  let known = meanMoves.get(u);
  if (!known) meanMoves.set(u, (known = [undefined, undefined]));
  const i = endsInColumn ? 1 : 0;
  return (known[i] ??= meanAllowance(u, moveContext(u, endsInColumn)));
}

function moveContext(u: OnePageUnit, endsInColumn = false): MoveContext {
  return { column: u.formation === 'column' || endsInColumn, limbered: u.formation === 'limbered', onRoad: false, current: 'none', followMe: u.rs.followMe };
}

/** The chances of each morale result (§10) for a unit left with `figuresLeft` figures. */
function moraleOdds(state: OnePageState, u: OnePageUnit, figuresLeft: number, retreatLost = 0): { retreat: number; rout: number } {
  const mods = moraleModifiers({
    commanderJoined: commanderWith(state, u),
    elite: u.quality === 'elite',
    militiaOrIrregular: u.quality === 'militia' || u.quality === 'irregular',
    belowHalf: belowHalf(figuresLeft, u.rs.figuresStart),
  });
  const m = modifierTotal(mods);
  let retreat = 0;
  let rout = 0;
  for (let roll = 1; roll <= 6; roll++) {
    const r = moraleResult(roll + m);
    if (r === 'rout') rout += 1 / 6;
    else if (r === 'retreat') retreat += 1 / 6;
  }
  // A retreat that carries the unit off the table loses it as surely as a rout (Q24).
  return { retreat: retreat * (1 - retreatLost), rout: rout + retreat * retreatLost };
}

/**
 * The chance that a unit at `at` retreating a full move roll straight away from `from` (§10) leaves
 * the table and is lost: the share of its move rolls that reach the edge that way. Horse deployed
 * near its own edge is lost by almost any retreat.
 */
export function retreatLostShare(bf: Battlefield, u: OnePageUnit, at: Vec2, from: Vec2): number {
  const away = normalize(sub(at, from));
  if (away.x === 0 && away.y === 0) return 0;
  // Room to the edge that way, for the centre, less half an inch for the unit's own depth.
  const margin = inch(0.5);
  let room = Infinity;
  if (away.x > 1e-9) room = Math.min(room, (bf.width - margin - at.x) / away.x);
  if (away.x < -1e-9) room = Math.min(room, (at.x - margin) / -away.x);
  if (away.y > 1e-9) room = Math.min(room, (bf.depth - margin - at.y) / away.y);
  if (away.y < -1e-9) room = Math.min(room, (at.y - margin) / -away.y);
  const rolls = allowances(u, moveContext(u));
  let lost = 0;
  for (const r of rolls) if (r >= room) lost++;
  return lost / rolls.length;
}

/** A disordered unit shoots and fights at half and holds no ground: worth a quarter of the unit. */
const DISORDER_WORTH = 0.25;

/** @param gap the two units' distance, where the caller has measured it already. */
function shotOdds(state: OnePageState, bf: Battlefield, shooter: OnePageUnit, target: OnePageUnit, gap?: number): { dist: number[]; figures: number } {
  if (!shooter.rs.weapon) return { dist: [1], figures: figuresOf(target) };
  const longRange = (gap ?? unitDistance(shooter, target)) > WEAPONS[shooter.rs.weapon].close;
  const d = shootingDice({
    shooterKind: shooter.kind === 'artillery' ? 'artillery' : 'infantry',
    formation: shooter.formation as Formation,
    figures: figuresOf(shooter),
    skirmisher: shooter.formation === 'skirmish' || shooter.quality === 'irregular',
    longRange,
    disordered: shooter.rs.disordered,
  });
  const mods = shootingModifiers({
    sharpshooter: shooter.rs.traits.includes('sharpshooter'),
    regularFirstFire: shooter.quality === 'regular' && !shooter.rs.hasShot,
    targetInColumn: target.formation === 'column',
    flankShot: arcOfAttacker(target, shooter) !== 'front',
    militia: shooter.quality === 'militia',
  });
  const raw = hitDistribution(d.dice, hitChance(modifierTotal(mods)));
  // Cover and skirmish order halve the hits, rounded as the chart says (§8.5).
  const cover = coverOf(bf, target, shooter);
  const skirmisher = target.formation === 'skirmish' || target.quality === 'irregular';
  const dist = new Array<number>(raw.length).fill(0);
  raw.forEach((q, h) => (dist[hitsAfterCover(h, cover, skirmisher).hits]! += q));
  void state;
  return { dist, figures: figuresOf(target) };
}

/** The distribution of the sum of two independent hit counts. */
function convolve(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  a.forEach((p, i) => {
    if (p === 0) return;
    b.forEach((q, j) => (out[i + j]! += p * q));
  });
  return out;
}

/**
 * What a number of hits on a target should do, taken over their distribution: figures lost, the
 * chance the 25% loss forces a morale test that routs it, or that it falls below a quarter and
 * disperses at the end of the turn (Q35, Q45), and the chance it retreats disordered.
 */
function shotOutcome(state: OnePageState, target: OnePageUnit, dist: readonly number[], retreatLost = 0): { hits: number; removes: number; disorder: number } {
  const figures = figuresOf(target);
  let hits = 0;
  let removes = 0;
  let disorder = 0;
  dist.forEach((q, h) => {
    if (q === 0) return;
    const left = figures - h;
    hits += q * Math.min(h, figures);
    if (left <= 0 || removedAtEndOfTurn(left, target.rs.figuresStart)) {
      removes += q;
      return;
    }
    if (!shootingMoraleTriggered(target.rs.shootingLossThisTurn + h, target.rs.figuresAtTurnStart)) return;
    const m = moraleOdds(state, target, left, retreatLost);
    removes += q * m.rout;
    disorder += q * m.retreat;
  });
  return { hits, removes, disorder };
}

/**
 * A shot's expected result from the charts. In the end-of-turn shooting every shot lands at once
 * and the morale test comes after them all (Q17, Q35), so a shot is worth what it adds to the shots
 * already declared at the same target: joining them can tip it past the 25% test or below a quarter.
 */
function expectedShot(state: OnePageState, bf: Battlefield, shooter: OnePageUnit, target: OnePageUnit): Forecast {
  const { dist, figures } = shotOdds(state, bf, shooter, target);
  let before = [1];
  if (state.rules.step === 'end-shooting') {
    for (const d of state.rules.declaredShots) {
      const other = d.target === target.id && d.shooter !== shooter.id ? unitById(state, d.shooter) : undefined;
      if (other) before = convolve(before, shotOdds(state, bf, other, target).dist);
    }
  }
  const lost = retreatLostShare(bf, target, target, shooter);
  const was = shotOutcome(state, target, before, lost);
  const now = shotOutcome(state, target, convolve(before, dist), lost);
  const inflicted = Math.min(1, (now.hits - was.hits) / Math.max(1, figures) + DISORDER_WORTH * Math.max(0, now.disorder - was.disorder));
  const removes = Math.max(0, now.removes - was.removes);
  // Routed or sent back disordered: either way the target no longer stands where it stood.
  const drivesBack = Math.min(1, removes + Math.max(0, now.disorder - was.disorder));
  const judgements = [{ name: 'clears an objective', value: objectiveShotValue(state, target, drivesBack) }];
  if (state.rules.step !== 'end-shooting') judgements.push({ name: 'shoots now, not after moving', value: shootNowValue(shooter, target, drivesBack) });
  return { target: target.id, inflicted, removes, judgements };
}

/** What a shot at a unit off every objective is worth beside one that may drive a unit off one. */
export const OFF_OBJECTIVE_SHOT = 0.7;

/**
 * Objectives decide the points (§16): an enemy within 3" of one holds it, or keeps us from holding
 * it, until it is routed or sent back. A shot at such a unit is worth more the likelier it is to
 * drive it off (routed, or retreating disordered); at any other unit it is worth OFF_OBJECTIVE_SHOT.
 */
export function objectiveShotValue(state: OnePageState, target: OnePageUnit, drivesBack: number): number {
  const rect = footprint(target);
  const onObjective = state.rules.objectives.some((o) => pointRectDistance(rect, o) <= OBJECTIVE_RADIUS);
  if (!onObjective) return OFF_OBJECTIVE_SHOT;
  return OFF_OBJECTIVE_SHOT + (1 - OFF_OBJECTIVE_SHOT) * Math.min(1, 0.5 + 2 * drivesBack);
}

/**
 * A unit that moves still shoots in the end-of-turn shooting (§8.1), so a shot in its activation
 * gives up its move. At close range nothing is lost (a move cannot bring more dice), nor for a gun
 * (manhandling brings it no nearer to speak of). At long range, with half the dice, advancing and
 * shooting at the end is usually better, unless the shot may break the target before it acts: a
 * target that has not yet activated and may be routed or sent back now cannot charge or take ground.
 */
export function shootNowValue(shooter: OnePageUnit, target: OnePageUnit, drivesBack: number): number {
  if (shooter.kind !== 'infantry' || !shooter.rs.weapon) return 1;
  if (unitDistance(shooter, target) <= WEAPONS[shooter.rs.weapon].close) return 1;
  const timing = target.rs.activated ? 0 : Math.min(1, 2 * drivesBack);
  return 0.5 + 0.5 * timing;
}

function meleeHitOdds(u: OnePageUnit, enemy: OnePageUnit, charging: boolean, flankOrRear: boolean, uphill: boolean): number[] {
  const d = meleeDice({
    kind: u.kind === 'cavalry' ? 'cavalry' : u.kind === 'artillery' ? 'artillery' : 'infantry',
    formation: u.formation as Formation,
    figures: figuresOf(u),
    attackedInFlankOrRear: flankOrRear,
    skirmisher: u.formation === 'skirmish' || u.quality === 'irregular',
    disordered: u.rs.disordered,
  });
  const mods = meleeModifiers({
    elite: u.quality === 'elite',
    shock: u.rs.traits.includes('shock'),
    militia: u.quality === 'militia',
    noMelee: u.rs.traits.includes('noMelee'),
    charging,
    pursuing: u.rs.pursuing === enemy.id,
    acrossObstacle: false,
    uphill,
  });
  return hitDistribution(d.dice, hitChance(modifierTotal(mods)));
}

const expectation = (dist: readonly number[]): number => dist.reduce((s, q, k) => s + q * k, 0);

/**
 * A charge's expected result: the chance the move roll reaches, then the melee exchange from the
 * dice and modifiers of both sides (§9.4) and the loser's morale test, a gun that loses being
 * captured (Q43).
 */
function expectedCharge(state: OnePageState, bf: Battlefield, u: OnePageUnit, target: OnePageUnit): Forecast {
  // Read from the two units, the ground and (for morale) whether a commander is still with either.
  const deps = [bf, target, commanderWith(state, u), commanderWith(state, target)];
  const key = [target.id, 'charge'];
  let result = forecastMemo.get(u, key, deps);
  if (!result) {
    result = chargeOutcome(state, bf, u, target);
    forecastMemo.set(u, key, deps, result);
  }
  if (result.pose) return result;
  // A charge that should fall short ends as far toward the contact spot as the ground and the troops
  // let it walk (the engine's short charge), facing the enemy: a charge through a wood a line may
  // not enter goes nowhere, and is seen to. The walk depends on the troops near it, so it is worked
  // out (and remembered) as a move is, not with the charge's odds.
  const from = { x: u.x, y: u.y };
  return { ...result, pose: expectedMove(state, bf, u, contactPose(u, target), 1, angleOf(sub(target, from))).pose! };
}

/** Whether a commander has joined the unit and is still in the game (a morale modifier). */
function commanderWith(state: OnePageState, u: OnePageUnit): boolean {
  return u.rs.joinedBy !== null && state.units.some((c) => c.id === u.rs.joinedBy && !c.removed);
}

/**
 * The chance a charge's move roll reaches the contact spot. The roll must pay for the ground there,
 * as the engine charges it: a stream or a wood in the way can make a short charge long, or one
 * across deep water impossible.
 */
function chargeReachChance(bf: Battlefield, u: OnePageUnit, target: OnePageUnit, pose = contactPose(u, target)): number {
  const rolls = allowances(u, moveContext(u));
  const from = { x: u.x, y: u.y };
  const cost = pathCost(from, pose, moveSpeedFn(bf, u, pose.facing, sub(pose, from), cachedGround), 12);
  return rolls.filter((r) => r >= cost).length / rolls.length;
}

/**
 * A charged unit's answer (§9.3). An evade is a full move straight away from the charger, so one that
 * would carry the skirmishers off the table loses them (Q24); a counter-charge spends the horse's
 * activation, so one that cannot reach the charger (deep water between) is worse than standing.
 */
function reactionValue(state: OnePageState, response: unknown, stance: 'attack' | 'defend'): number {
  const pending = state.rules.pendingCharge;
  const target = pending ? unitById(state, pending.target) : undefined;
  const charger = pending ? unitById(state, pending.charger) : undefined;
  if (response === 'stand' || !target || !charger) return STAND_VALUE;
  const bf = battlefieldFromSpec(state.battlefield);
  if (response === 'evade') return 0.9 - 0.85 * retreatLostShare(bf, target, target, charger);
  if (chargeReachChance(bf, target, charger, contactPose(target, charger, 'front')) === 0) return 0.4;
  return stance === 'attack' ? 0.95 : 0.7;
}

const STAND_VALUE = 0.6;

function chargeOutcome(state: OnePageState, bf: Battlefield, u: OnePageUnit, target: OnePageUnit): Forecast {
  const pose = contactPose(u, target);
  const reach = chargeReachChance(bf, u, target, pose);
  const flank = arcOfAttacker(target, u) !== 'front';
  const uphill = heightAt(bf.heightmap, target.x, target.y) - heightAt(bf.heightmap, u.x, u.y) > inch(0.25);
  const mine = meleeHitOdds(u, target, true, false, uphill);
  const theirs = meleeHitOdds(target, u, false, flank, false);
  const myFigures = figuresOf(u);
  const theirFigures = figuresOf(target);
  // Skirmishers that have not moved evade (§9.3): most charges at them find nobody there.
  const evades = (target.formation === 'skirmish' || target.quality === 'irregular') && !target.rs.moved ? 0.7 : 0;
  // The loser retreats straight away from the winner, from where the two meet.
  const theirRetreatLost = retreatLostShare(bf, target, target, pose);
  const myRetreatLost = retreatLostShare(bf, u, pose, target);
  let removes = 0;
  let disorder = 0;
  let lost = 0;
  let lostDisorder = 0;
  // The loser's morale depends only on the hits it took: read once per count, not per pair of counts.
  const theirMorale = mine.map((_, a) => (target.kind === 'artillery' ? null : moraleOdds(state, target, theirFigures - a, theirRetreatLost)));
  const myMorale = theirs.map((_, b) => moraleOdds(state, u, myFigures - b, myRetreatLost));
  mine.forEach((p, a) => {
    theirs.forEach((q, b) => {
      const pq = p * q;
      if (pq === 0) return;
      if (a > b) {
        const m = theirMorale[a];
        if (!m) removes += pq;
        else {
          removes += pq * m.rout;
          disorder += pq * m.retreat;
        }
      } else if (b > a) {
        const m = myMorale[b]!;
        lost += pq * m.rout;
        lostDisorder += pq * m.retreat;
      }
    });
  });
  const home = reach * (1 - evades);
  const inflicted = Math.min(1, home * (expectation(mine) / Math.max(1, theirFigures) + DISORDER_WORTH * disorder));
  // A charge that falls short leaves the unit standing in front of the enemy.
  const risk = Math.min(1, home * (expectation(theirs) / Math.max(1, myFigures) + lost + DISORDER_WORTH * lostDisorder) + (1 - reach) * 0.15);
  // In contact when the roll should reach; a short charge's end is walked by expectedCharge.
  const forecast: Forecast = { target: target.id, inflicted, removes: home * removes, risk };
  return reach >= 0.5 ? { ...forecast, pose: { x: pose.x, y: pose.y, facing: pose.facing } } : forecast;
}

/**
 * The ground class on a half-centimetre grid, per battlefield: forecasts ask the same spots again and
 * again. Cells on the table are kept in an array (the class's index + 1, 0 while not yet read),
 * cells off it in a map.
 */
interface GroundCells {
  cols: number;
  rows: number;
  onTable: Uint8Array;
  offTable: Map<number, GroundClass>;
}
const groundCache = new WeakMap<Battlefield, GroundCells>();
const GROUND_CELL = 5;
const GROUND_CLASSES: readonly GroundClass[] = ['open', 'broken', 'difficult', 'road', 'water'];

export function cachedGround(bf: Battlefield, p: Vec2): GroundClass {
  let cells = groundCache.get(bf);
  if (!cells) {
    const cols = Math.ceil(bf.width / GROUND_CELL) + 1;
    const rows = Math.ceil(bf.depth / GROUND_CELL) + 1;
    groundCache.set(bf, (cells = { cols, rows, onTable: new Uint8Array(cols * rows), offTable: new Map() }));
  }
  const i = Math.floor(p.x / GROUND_CELL);
  const j = Math.floor(p.y / GROUND_CELL);
  if (i >= 0 && j >= 0 && i < cells.cols && j < cells.rows) {
    const k = j * cells.cols + i;
    const known = cells.onTable[k]!;
    if (known) return GROUND_CLASSES[known - 1]!;
    const g = groundAt(bf, { x: (i + 0.5) * GROUND_CELL, y: (j + 0.5) * GROUND_CELL });
    cells.onTable[k] = GROUND_CLASSES.indexOf(g) + 1;
    return g;
  }
  const key = i * 100003 + j;
  let g = cells.offTable.get(key);
  if (g === undefined) {
    g = groundAt(bf, { x: (i + 0.5) * GROUND_CELL, y: (j + 0.5) * GROUND_CELL });
    cells.offTable.set(key, g);
  }
  return g;
}

/**
 * Forecasts of moves and charges, by the unit ordered: a side's next decision weighs most of the same
 * orders of the same units again, and a unit nothing happened to is the same object (see `apply`).
 * Each is kept with exactly what it was read from (see the callers), so a remembered forecast is the
 * one that would be worked out again. Callers never change a forecast.
 */
const forecastMemo = new ObjectMemo<Forecast>();

/**
 * Where a move should end: the mean roll walked as the engine walks it, with the ground judged under
 * the unit's leading edges and formed friends in the way, so an order the table will refuse (a line
 * at a wood's edge, a battalion behind another) is seen to go nowhere. A unit changing formation
 * walks in its new formation.
 */
function expectedMove(state: OnePageState, bf: Battlefield, u: OnePageUnit, to: Vec2, fraction: number, facing: number, formation?: Formation): Forecast {
  const mover = formation ? moverInFormation(u, formation) : u;
  const allowance = meanMove(u, formation === 'column') * fraction;
  const from = { x: u.x, y: u.y };
  // Only troops within reach of the path can be in the way.
  const near = nearStart(state, u, mover, allowance + inch(8));
  const key = [to.x, to.y, fraction, facing, formation ?? ''];
  const deps = walkDependencies(bf, near, from, to);
  const known = forecastMemo.get(u, key, deps);
  if (known) return known;
  const result = walkedMove({ ...state, units: near.units }, bf, u, mover, to, allowance, facing);
  forecastMemo.set(u, key, deps, result);
  return result;
}

/** A unit as it would stand in another formation (its stands laid out anew), made once per unit object and formation. */
const formationMovers = new WeakMap<OnePageUnit, Map<Formation, OnePageUnit>>();

function moverInFormation(u: OnePageUnit, formation: Formation): OnePageUnit {
  let known = formationMovers.get(u);
  if (!known) formationMovers.set(u, (known = new Map()));
  let mover = known.get(formation);
  if (!mover) known.set(formation, (mover = { ...u, formation, stands: layoutStands({ ...u, formation }, figuresOf(u)) }));
  return mover;
}

/**
 * The units within `reach` of a unit's position (the unit itself first among them, in state order),
 * and for each other one the centre of its footprint and how near the mover's line it must come to
 * matter (see walkDependencies). Every candidate move of a unit in one decision asks the same, so it
 * is kept by the state's unit list (never changed once made), the mover and the reach.
 */
interface NearStart {
  units: OnePageUnit[];
  others: OnePageUnit[];
  /** Per other unit: its footprint's centre x, y and the distance within which it matters. */
  circles: number[];
}
const nearStarts = new WeakMap<readonly OnePageUnit[], Map<OnePageUnit, Map<number, NearStart>>>();

function nearStart(state: OnePageState, u: OnePageUnit, mover: OnePageUnit, reach: number): NearStart {
  let byMover = nearStarts.get(state.units);
  if (!byMover) nearStarts.set(state.units, (byMover = new Map()));
  let byReach = byMover.get(mover);
  if (!byReach) byMover.set(mover, (byReach = new Map()));
  const known = byReach.get(reach);
  if (known) return known;
  const from = { x: u.x, y: u.y };
  const units = state.units.filter((o) => o.id === u.id || (!o.removed && distance(o, from) <= reach));
  const others: OnePageUnit[] = [];
  const circles: number[] = [];
  const moverReach = reachFromPosition(mover) + 1;
  for (const o of units) {
    if (o.id === mover.id) continue;
    const r = footprint(o);
    others.push(o);
    circles.push(r.cx, r.cy, moverReach + Math.sqrt(r.width * r.width + r.depth * r.depth) / 2);
  }
  const out = { units, others, circles };
  byReach.set(reach, out);
  return out;
}

/**
 * What the walk of a move from `from` toward `to` is read from: the ground, and the units near its
 * start that could be in its way. The walk tests places on the segment only, and blockedAtAlong looks
 * only at units whose bounding circle, grown by the mover's reach, touches the place tested; a unit
 * farther than that from the whole segment (2 mm to spare) cannot change where the walk ends, wherever
 * else it stands. The same unit objects (unchanged units are shared between states) give the same end.
 */
function walkDependencies(bf: Battlefield, near: NearStart, from: Vec2, to: Vec2): unknown[] {
  const deps: unknown[] = [bf];
  const c = near.circles;
  for (let i = 0; i < near.others.length; i++) {
    if (pointSegDist(c[3 * i]!, c[3 * i + 1]!, from.x, from.y, to.x, to.y) <= c[3 * i + 2]! + 2) deps.push(near.others[i]);
  }
  return deps;
}

/** The mean move walked for expectedMove, in a state holding only the units near its start. */
function walkedMove(state: OnePageState, bf: Battlefield, u: OnePageUnit, mover: OnePageUnit, to: Vec2, allowance: number, facing: number): Forecast {
  const from = { x: u.x, y: u.y };
  const opts = { bfWidth: bf.width, bfDepth: bf.depth };
  const speed = moveSpeedFn(bf, mover, facing, sub(to, from), cachedGround);
  const blocked = blockedAtAlong(state, mover, facing, opts, { from, to });
  // A coarse step: a forecast runs for every candidate and needs the end only to an inch or so.
  const walk = walkStraight(from, to, allowance, speed, (p) => blocked(p, true), 25);
  let end = walk.end;
  // Friends may be passed through but not ended on: step back toward the start until clear.
  if (blocked(end, false)) {
    const back = distance(end, from);
    let clear: Vec2 = from;
    for (let d = 12; d < back; d += 12) {
      const p = add(end, scale(normalize(sub(from, end)), d));
      if (!blocked(p, false)) {
        clear = p;
        break;
      }
    }
    end = clear;
  }
  return { pose: { x: end.x, y: end.y, facing } };
}

/**
 * Where a wheel should end: the mean roll, turned back as the engine turns it from troops, the
 * table's edge and ground the new front may not enter (a line in a wood cannot wheel at all).
 * The unit swings about a front corner, so every pose it tries lies within (its centre's distance
 * from that corner + its reach) of the corner: only units whose bounding circles come that near
 * (2 mm to spare) can turn it back. The wheel is worked out among those alone, and remembered with
 * them and the ground, as a move is.
 */
function expectedWheel(state: OnePageState, bf: Battlefield, u: OnePageUnit, angle: number): Forecast {
  const [fl, fr] = corners(footprint(u));
  const pivot = angle > 0 ? fl : fr;
  const swing = Math.hypot(u.x - pivot.x, u.y - pivot.y) + reachFromPosition(u) + 2;
  const near: OnePageUnit[] = [];
  for (const o of state.units) {
    if (o.removed || o.carriedBy || o.id === u.id) continue;
    const r = footprint(o);
    const clear = swing + Math.sqrt(r.width * r.width + r.depth * r.depth) / 2;
    const dx = r.cx - pivot.x;
    const dy = r.cy - pivot.y;
    if (dx * dx + dy * dy <= clear * clear) near.push(o);
  }
  const key = [angle, 'wheel'];
  const deps: unknown[] = [bf, ...near];
  const known = forecastMemo.get(u, key, deps);
  if (known) return known;
  const w = wheelReach({ ...state, units: near }, bf, u, angle, meanAllowance(u, moveContext(u)), cachedGround);
  const result = { pose: Math.abs(w.turn) >= 1e-3 ? w.pose : { x: u.x, y: u.y, facing: u.facing } };
  forecastMemo.set(u, key, deps, result);
  return result;
}

function forecast(state: OnePageState, bf: Battlefield, action: Action): Forecast {
  const u = unitById(state, action.unit);
  if (!u) return {};
  const f = orderForecast(state, bf, u, action);
  // Where an order leaves a combat unit standing is judged for the fire it will draw there, and a
  // horseman's for the charge it could make from there.
  if (!isCombatUnit(u) || !STANDING_ORDERS.has(action.type)) return f;
  // They cost the most of a forecast, so they are worked out only for the orders that can still be
  // among the best (Forecast.later).
  const pose = f.pose ?? { x: u.x, y: u.y, facing: u.facing };
  const judge = (): { name: string; value: number }[] => {
    const standing = standingJudgements(state, bf, u, pose);
    return standing.strike === undefined ? [{ name: UNDER_FIRE, value: standing.fire }] : [{ name: UNDER_FIRE, value: standing.fire }, { name: STRIKE_PROSPECT, value: standing.strike }];
  };
  return { ...f, pose, later: { count: u.kind === 'cavalry' ? 2 : 1, judge } };
}

/** The standing judgements of a unit's poses, by the unit: its side's next decision asks most of them again. */
const standingMemo = new ObjectMemo<{ fire: number; strike?: number }>();

function standingJudgements(state: OnePageState, bf: Battlefield, u: OnePageUnit, pose: { x: number; y: number; facing: number }): { fire: number; strike?: number } {
  const key = [pose.x, pose.y, pose.facing];
  const deps = standingDependencies(state, bf, u);
  let known = standingMemo.get(u, key, deps);
  if (!known) {
    known = { fire: underFireValue(state, bf, u, pose) };
    if (u.kind === 'cavalry') known.strike = strikeProspectValue(state, bf, u, pose);
    standingMemo.set(u, key, deps, known);
  }
  return known;
}

/**
 * What the standing judgements of a unit's pose are read from besides the unit: the ground, the sight
 * limit, every enemy unit (who may shoot or be charged, and the commanders with them) and the
 * commander with the unit (its morale). Unchanged units are the same objects from state to state.
 * Every candidate of a unit in a decision asks the same, so the list is kept by the state's unit list
 * (never changed once made) and the unit, and handed to the memo as the very same array.
 */
const standingDeps = new WeakMap<readonly OnePageUnit[], Map<OnePageUnit, unknown[]>>();

function standingDependencies(state: OnePageState, bf: Battlefield, u: OnePageUnit): unknown[] {
  let byUnit = standingDeps.get(state.units);
  if (!byUnit) standingDeps.set(state.units, (byUnit = new Map()));
  const limit = state.rules.visibilityLimit;
  const known = byUnit.get(u);
  if (known && known[0] === bf && Object.is(known[1], limit)) return known;
  const deps: unknown[] = [bf, limit, u.rs.joinedBy ? unitById(state, u.rs.joinedBy) ?? null : null];
  for (const e of state.units) if (e.side !== u.side) deps.push(e);
  byUnit.set(u, deps);
  return deps;
}

function orderForecast(state: OnePageState, bf: Battlefield, u: OnePageUnit, action: Action): Forecast {
  const to = action.to as Vec2 | undefined;
  switch (action.type) {
    case 'move': {
      if (!to) return {};
      const mode = action.mode;
      const half = mode === 'backward' || mode === 'sideways';
      const facing = mode === 'retire' ? angleOf(sub(to, { x: u.x, y: u.y })) : u.facing;
      return expectedMove(state, bf, u, to, half ? 0.5 : 1, facing);
    }
    case 'commander-move':
      return to ? expectedMove(state, bf, u, to, 1, angleOf(sub(to, { x: u.x, y: u.y }))) : {};
    case 'formation':
      return to ? expectedMove(state, bf, u, to, 0.5, u.facing, action.formation as Formation) : {};
    case 'wheel':
      return expectedWheel(state, bf, u, Number(action.angle) || 0);
    case 'shoot': {
      const t = unitById(state, action.target);
      return t ? expectedShot(state, bf, u, t) : {};
    }
    case 'charge': {
      const t = unitById(state, action.target);
      return t ? expectedCharge(state, bf, u, t) : {};
    }
    case 'halt':
      return { pose: { x: u.x, y: u.y, facing: u.facing } };
    case 'rally-men':
      // A figure back on 4-6, but the commander is lost on a 1 (and the enemy scores him).
      return { risk: 1 / 6, inflicted: 0 };
    default:
      return {};
  }
}

/** The orders that leave a unit standing somewhere until the end-of-turn shooting. */
const STANDING_ORDERS = new Set(['move', 'wheel', 'formation', 'halt']);

export const UNDER_FIRE = "out of the enemy's fire";
export const STRIKE_PROSPECT = 'a charge from there';

/** A unit as it would stand in a pose: a copy, so the state's own unit is never touched. */
function placedAt(u: OnePageUnit, pose: { x: number; y: number; facing: number }): OnePageUnit {
  return { ...u, x: pose.x, y: pose.y, facing: pose.facing };
}

/**
 * What the enemy's end-of-turn shooting should cost a unit standing in `pose` (§8.1, Q17, Q35): every
 * enemy that may still shoot this turn and would reach it there, its shots summed before the one
 * morale test, as figures lost, disorder and rout, 0..1 of the unit. An enemy that has yet to act may
 * still step closer (3") or turn to bring it into its arc (counted at half); one that has acted can
 * do neither. Only the enemies the side can see are in its picture of the battle.
 */
export function fireTaken(state: OnePageState, bf: Battlefield, u: OnePageUnit, pose: { x: number; y: number; facing: number }): number {
  const placed = placedAt(u, pose);
  let dist: number[] = [1];
  let nearest: OnePageUnit | null = null;
  let nearestGap = Infinity;
  for (const e of state.units) {
    if (e.side === u.side || e.removed || e.carriedBy || !mayShoot(e) || e.rs.inMelee.length > 0) continue;
    // A disordered unit that has acted shoots only as a reaction (Q47); one yet to act may halt and rally first.
    if (e.rs.disordered && e.rs.activated) continue;
    const slack = e.rs.activated || e.kind !== 'infantry' ? 0 : inch(3);
    if (unitsBeyond(e, placed, WEAPONS[e.rs.weapon!].long + slack)) continue;
    const arc = inFrontArc(e, placed) ? 1 : e.rs.activated ? 0 : 0.5;
    if (arc === 0 || !canSee(state, bf, e, placed)) continue;
    const gap = unitDistance(e, placed);
    const d = shotOdds(state, bf, e, placed, gap).dist;
    dist = convolve(dist, arc === 1 ? d : d.map((q, k) => q * arc + (k === 0 ? 1 - arc : 0)));
    if (gap < nearestGap) [nearest, nearestGap] = [e, gap];
  }
  if (!nearest) return 0;
  // A retreat goes straight away from the enemy; off the table it loses the unit.
  const out = shotOutcome(state, placed, dist, retreatLostShare(bf, u, pose, nearest));
  return Math.min(1, out.hits / Math.max(1, figuresOf(u)) + DISORDER_WORTH * out.disorder + out.removes);
}

/**
 * Standing under the enemy's muskets and guns costs a unit, more so one that cannot shoot back
 * (horse): a unit that would lose half of itself there keeps 0.2 (horse) or 0.6 (foot and guns) of
 * an order's worth, so cavalry waits out of range for its chance rather than riding about under fire.
 */
export function underFireValue(state: OnePageState, bf: Battlefield, u: OnePageUnit, pose: { x: number; y: number; facing: number }): number {
  const taken = Math.min(1, 1.6 * fireTaken(state, bf, u, pose));
  return 1 - (u.rs.weapon ? 0.4 : 0.8) * taken;
}

/**
 * Horse exists to charge (§9.2): a pose from which it could charge next with a good forecast (the
 * nearest two enemies it could charge from there, visible to its front and within its best move, each
 * read as the charge's own forecast, harm and removal less risk) is worth more than one from which
 * it could not, so cavalry seeks a flank or a crossing rather than the middle of the table.
 */
export function strikeProspectValue(state: OnePageState, bf: Battlefield, u: OnePageUnit, pose: { x: number; y: number; facing: number }): number {
  if (u.rs.disordered) return STRIKE_FLOOR;
  const placed = placedAt(u, pose);
  const targets = chargeTargets(state, bf, placed, maxChargeReach(u))
    .filter((t) => t.kind !== 'commander')
    .map((t) => ({ t, d: unitDistance(placed, t) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, 2);
  let best = 0;
  for (const { t } of targets) {
    const f = chargeOutcome(state, bf, placed, t);
    best = Math.max(best, (f.inflicted ?? 0) + 1.5 * (f.removes ?? 0) - (f.risk ?? 0));
  }
  return STRIKE_FLOOR + (1 - STRIKE_FLOOR) * Math.min(1, 2 * best);
}

/** A horseman's pose with no charge in prospect keeps this much of an order's worth. */
const STRIKE_FLOOR = 0.7;

/** The last footprint asked of poseFootprint, by the values it was made from. */
let lastPose: { x: number; y: number; facing: number; stands: OnePageUnit['stands']; rect: OrientedRect } | null = null;

/**
 * A unit's footprint in a pose it may take: each candidate's pose is measured against every
 * objective in turn, so the last one is kept while the pose and the stands are the same.
 */
function poseFootprint(u: OnePageUnit, pose: { x: number; y: number; facing: number }): OrientedRect {
  const last = lastPose;
  if (last && Object.is(last.x, pose.x) && Object.is(last.y, pose.y) && Object.is(last.facing, pose.facing) && last.stands === u.stands) return last.rect;
  const rect = unitFootprint({ x: pose.x, y: pose.y, facing: pose.facing, stands: u.stands });
  lastPose = { x: pose.x, y: pose.y, facing: pose.facing, stands: u.stands, rect };
  return rect;
}

export const onePageAi: AiHints<OnePageGame, OnePageUnitState> = {
  isCombatant: (u) => isCombatUnit(u as OnePageUnit),
  strength: (_s, u) => {
    const unit = u as OnePageUnit;
    if (unit.kind === 'commander') return unit.removed ? 0 : 1;
    return Math.max(0, figuresOf(unit) / unit.rs.figuresStart) * (unit.rs.disordered ? 0.7 : 1);
  },
  value: (_s, u) => {
    const unit = u as OnePageUnit;
    const base = { infantry: 3, cavalry: 3, artillery: 2.5, commander: 1.5, wagon: 1, boat: 1, marker: 0 }[unit.kind];
    return base + (unit.quality === 'elite' ? 1 : unit.quality === 'militia' ? -0.5 : 0);
  },
  threatReach: (_s, u) => {
    const unit = u as OnePageUnit;
    const fire = unit.rs.weapon && (unit.kind !== 'artillery' || unit.formation === 'unlimbered') ? WEAPONS[unit.rs.weapon].long : 0;
    const charge = unit.kind === 'infantry' || unit.kind === 'cavalry' ? maxChargeReach(unit) * 0.8 : 0;
    return Math.max(fire, charge);
  },
  fireRange: (u) => {
    const unit = u as OnePageUnit;
    return unit.rs.weapon ? { close: WEAPONS[unit.rs.weapon].close, long: WEAPONS[unit.rs.weapon].long } : null;
  },
  shaken: (_s, u) => (u as OnePageUnit).rs.disordered,
  objectives: (s) => (s as OnePageState).rules.objectives,
  objectiveRadius: OBJECTIVE_RADIUS,
  // Holding is measured from the unit's footprint (§16), so a line 6" wide holds from further off than its centre suggests.
  objectiveDistance: (_s, u, pose, point) => pointRectDistance(poseFootprint(u as OnePageUnit, pose), point),
  progress: (s) => Math.min(1, (s.turn - 1) / Math.max(1, (s as OnePageState).rules.turnLimit - 1)),
  sees: (s, bf, a, b) => canSee(s as OnePageState, bf, a as OnePageUnit, b as OnePageUnit),
  forecast: (s, bf, action) => forecast(s as OnePageState, bf, action),
  choiceValue: (s, action, stance) => {
    // Going first suits the attacker; evading costs skirmishers nothing; counter-charging suits boldness.
    if (action.type === 'choose-order') return (action.first === 'first') === (stance === 'attack') ? 1 : 0.6;
    // The computer sets up its army as the engine's own set-up does, then says it is done.
    if (action.type === DEPLOY_REST_ACTION) return 0.95;
    if (action.type === DEPLOY_DONE_ACTION) return 0.9;
    if (action.type === DEPLOY_ACTION) return 0;
    if (action.type !== 'react') return undefined;
    return reactionValue(s as OnePageState, action.response, stance);
  },
};
