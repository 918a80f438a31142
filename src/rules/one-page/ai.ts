/**
 * What the one-page rules tell the AI: unit strength and worth, reach, sight, and the expected
 * result of an action computed from the charts without rolling a die.
 */

import { add, angleOf, corners, normalize, rotate, scale, sub, type Vec2 } from '../../core/geometry';
import { DiceRoller, scriptedDice } from '../../core/dice';
import { DEPLOY_ACTION, DEPLOY_DONE_ACTION, DEPLOY_REST_ACTION } from '../../core/deployment';
import type { Action } from '../../core/model';
import type { AiHints, Forecast } from '../../core/ruleset';
import { walkStraight } from '../../core/movement';
import type { Battlefield } from '../../terrain/battlefield';
import { OBJECTIVE_RADIUS, rollMoveAllowance, WEAPONS, type Formation, type MoveContext } from './charts';
import { hitNeed, hitsAfterCover, meleeDice, meleeModifiers, modifierTotal, shootingDice, shootingModifiers } from './combat';
import { figuresOf } from './layout';
import { blockedAt } from './resolve';
import { isCombatUnit } from './setup';
import type { OnePageGame, OnePageState, OnePageUnit, OnePageUnitState } from './types';
import { arcOfAttacker, canSee, coverOf, footprint, speedFn, unitById, unitDistance } from './world';
import { maxChargeReach } from './actions';

/** Chance that one die hits with a net modifier (a modified 5+). */
function hitChance(modifier: number): number {
  return Math.max(0, Math.min(6, 7 - hitNeed(modifier))) / 6;
}

/**
 * The mean move roll. Every allowance on the chart is a sum of dice (times a constant), so its
 * mean is the average of the rolls with every die showing 1, 2, ... 6.
 */
export function meanAllowance(u: OnePageUnit, ctx: MoveContext): number {
  const key = `${u.rs.moveRule}/${ctx.column}/${ctx.limbered}/${ctx.onRoad}/${ctx.followMe}`;
  const known = meanCache.get(key);
  if (known !== undefined) return known;
  let total = 0;
  for (let face = 1; face <= 6; face++) {
    total += rollMoveAllowance(u.rs.moveRule, ctx, new DiceRoller(scriptedDice([]), Array(8).fill(face))).distance;
  }
  meanCache.set(key, total / 6);
  return total / 6;
}

const meanCache = new Map<string, number>();

function moveContext(u: OnePageUnit, endsInColumn = false): MoveContext {
  return { column: u.formation === 'column' || endsInColumn, limbered: u.formation === 'limbered', onRoad: false, current: 'none', followMe: u.rs.followMe };
}

function expectedShot(state: OnePageState, bf: Battlefield, shooter: OnePageUnit, target: OnePageUnit): Forecast {
  if (!shooter.rs.weapon) return { target: target.id };
  const longRange = unitDistance(shooter, target) > WEAPONS[shooter.rs.weapon].close;
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
  const raw = d.dice * hitChance(modifierTotal(mods));
  // Halving for cover and skirmishers, on the expected hits (rounding ignored).
  const reduced = hitsAfterCover(100, coverOf(bf, target, shooter), target.formation === 'skirmish' || target.quality === 'irregular').hits / 100;
  void state;
  return { target: target.id, inflicted: Math.min(1, (raw * reduced) / Math.max(1, figuresOf(target))) };
}

function meleeHits(u: OnePageUnit, enemy: OnePageUnit, charging: boolean, flankOrRear: boolean): number {
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
    uphill: false,
  });
  return d.dice * hitChance(modifierTotal(mods));
}

function expectedCharge(bf: Battlefield, u: OnePageUnit, target: OnePageUnit): Forecast {
  const mean = meanAllowance(u, moveContext(u));
  const gap = unitDistance(u, target);
  // Rough chance to reach: the move roll spreads about ±40% around its mean.
  const reach = Math.max(0, Math.min(1, (mean * 1.4 - gap) / (mean * 0.8)));
  const flank = arcOfAttacker(target, u) !== 'front';
  const mine = meleeHits(u, target, true, false);
  const theirs = meleeHits(target, u, false, flank);
  const inflicted = Math.min(1, mine / Math.max(1, figuresOf(target)));
  const risk = Math.min(1, theirs / Math.max(1, figuresOf(u)));
  const dir = normalize(sub({ x: target.x, y: target.y }, { x: u.x, y: u.y }));
  const travel = Math.min(gap, mean);
  const end = add({ x: u.x, y: u.y }, scale(dir, travel));
  void bf;
  return { target: target.id, inflicted: inflicted * reach, risk: risk * reach + (1 - reach) * 0.1, pose: { x: end.x, y: end.y, facing: angleOf(dir) } };
}

function expectedMove(state: OnePageState, bf: Battlefield, u: OnePageUnit, to: Vec2, fraction: number, facing: number, endsInColumn = false): Forecast {
  const allowance = meanAllowance(u, moveContext(u, endsInColumn)) * fraction;
  // A coarse step: a forecast needs the ground and the troops in the way only roughly, and it runs
  // for every candidate.
  const walk = walkStraight({ x: u.x, y: u.y }, to, allowance, speedFn(bf, u), () => false, 25);
  // Troops in the way: where the walk ends blocked, back off toward the start by halves.
  const opts = { bfWidth: bf.width, bfDepth: bf.depth, allowFriends: false };
  const from = { x: u.x, y: u.y };
  let end = walk.end;
  if (blockedAt(state, u, end, facing, opts)) {
    let lo = 0;
    let hi = 1;
    for (let i = 0; i < 6; i++) {
      const mid = (lo + hi) / 2;
      const p = { x: from.x + (walk.end.x - from.x) * mid, y: from.y + (walk.end.y - from.y) * mid };
      if (blockedAt(state, u, p, facing, opts)) hi = mid;
      else lo = mid;
    }
    end = { x: from.x + (walk.end.x - from.x) * lo, y: from.y + (walk.end.y - from.y) * lo };
  }
  return { pose: { x: end.x, y: end.y, facing } };
}

function forecast(state: OnePageState, bf: Battlefield, action: Action): Forecast {
  const u = unitById(state, action.unit);
  if (!u) return {};
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
      return to ? expectedMove(state, bf, u, to, 0.5, u.facing, action.formation === 'column') : {};
    case 'wheel': {
      const angle = Number(action.angle) || 0;
      const r = footprint(u);
      const mean = meanAllowance(u, moveContext(u));
      const turn = Math.sign(angle) * Math.min(Math.abs(angle), mean / Math.max(1, r.width));
      const [fl, fr] = corners(r);
      const pivot = angle > 0 ? fl : fr;
      const c = add(pivot, rotate(sub({ x: u.x, y: u.y }, pivot), turn));
      // A wheel into other troops or off the table goes nowhere.
      if (blockedAt(state, u, c, u.facing + turn, { bfWidth: bf.width, bfDepth: bf.depth })) return { pose: { x: u.x, y: u.y, facing: u.facing } };
      return { pose: { x: c.x, y: c.y, facing: u.facing + turn } };
    }
    case 'shoot': {
      const t = unitById(state, action.target);
      return t ? expectedShot(state, bf, u, t) : {};
    }
    case 'charge': {
      const t = unitById(state, action.target);
      return t ? expectedCharge(bf, u, t) : {};
    }
    case 'rally-men':
      // A figure back on 4-6, but the commander is lost on a 1 (and the enemy scores him).
      return { risk: 1 / 6, inflicted: 0 };
    default:
      return {};
  }
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
  progress: (s) => Math.min(1, (s.turn - 1) / Math.max(1, (s as OnePageState).rules.turnLimit - 1)),
  sees: (s, bf, a, b) => canSee(s as OnePageState, bf, a as OnePageUnit, b as OnePageUnit),
  forecast: (s, bf, action) => forecast(s as OnePageState, bf, action),
  choiceValue: (_s, action, stance) => {
    // Going first suits the attacker; evading costs skirmishers nothing; counter-charging suits boldness.
    if (action.type === 'choose-order') return (action.first === 'first') === (stance === 'attack') ? 1 : 0.6;
    // The computer sets up its army as the engine's own set-up does, then says it is done.
    if (action.type === DEPLOY_REST_ACTION) return 0.95;
    if (action.type === DEPLOY_DONE_ACTION) return 0.9;
    if (action.type === DEPLOY_ACTION) return 0;
    if (action.type !== 'react') return undefined;
    if (action.response === 'evade') return 0.9;
    if (action.response === 'counter-charge') return stance === 'attack' ? 0.95 : 0.7;
    return 0.6;
  },
};
