/**
 * What happens to units: losses, morale tests and their results, shooting, melee and moves forced
 * on a unit (retreat, fall back). Shared by the activation actions and the end-of-turn steps.
 */

import { angleOf, direction, distance, fromLocal, normalize, pointSegDist, rectsOverlap, rectWithin, scale, add, sub, type OrientedRect, type Vec2 } from '../../core/geometry';
import type { RuleContext } from '../../core/ruleset';
import { footprintPlacer, unitFootprint } from '../../core/model';
import { walkStraight } from '../../core/movement';
import { inch } from '../../core/measure';
import {
  COMMANDER_JOIN_RANGE,
  moraleResult,
  MORALE_RESULTS,
  rallyMenResult,
  rallyMenRow,
  rollMoveAllowance,
  UNIT_TYPES,
  WEAPONS,
  type Formation,
} from './charts';
import { meleeModifiers, moraleModifiers, modifierTotal, resolveMeleeSide, resolveShootingVolley } from './combat';
import { figuresOf, markDisorder, setFigures } from './layout';
import type { OnePageState, OnePageUnit } from './types';
import {
  arcOfAttacker,
  boundaryBetween,
  coverOf,
  footprint,
  liveUnits,
  mayInterpenetrate,
  moveSpeedFn,
  onTable,
  overlapping,
  reachFromPosition,
  unitsNearPath,
  unitDistance,
} from './world';
import { UPHILL_THRESHOLD } from './charts';
import { heightAt } from '../../terrain/heightmap';

/** Remove a unit from the table, with the reason, and deal with a commander who had joined it (Q48). */
export function removeUnit(state: OnePageState, ctx: RuleContext, u: OnePageUnit, why: NonNullable<OnePageUnit['rs']['removedBy']>, text: string): void {
  if (u.removed) return;
  u.removed = true;
  u.rs.removedBy = why;
  for (const other of state.units) {
    other.rs.inMelee = other.rs.inMelee.filter((id) => id !== u.id);
    if (other.rs.pursuing === u.id) other.rs.pursuing = null;
  }
  u.rs.inMelee = [];
  ctx.emit({ type: 'removed', text, unit: u.id, side: u.side, data: { why } });
  const cmdrId = u.rs.joinedBy;
  u.rs.joinedBy = null;
  if (u.kind === 'commander' && u.rs.joined) {
    const host = state.units.find((h) => h.id === u.rs.joined);
    if (host) host.rs.joinedBy = null;
    u.rs.joined = null;
  }
  // A boat takes its passengers with it (Q11).
  for (const p of state.units) {
    if (p.carriedBy !== u.id || p.removed) continue;
    p.carriedBy = undefined;
    removeUnit(state, ctx, p, why === 'captured' ? 'captured' : 'destroyed', `${p.name}, aboard ${u.name}, is lost with it`);
  }
  if (!cmdrId || why === 'knocked-out') return;
  const cmdr = state.units.find((c) => c.id === cmdrId && !c.removed);
  if (!cmdr) return;
  cmdr.rs.joined = null;
  const roll = ctx.dice.one(6, `${cmdr.name}: does he escape the rout of ${u.name}?`);
  if (roll === 1) {
    removeUnit(state, ctx, cmdr, 'knocked-out', `${cmdr.name} is knocked out with ${u.name} (rolled 1)`);
    return;
  }
  const friends = liveUnits(state).filter((f) => f.side === cmdr.side && f.kind !== 'commander' && f.id !== u.id);
  const near = friends
    .map((f) => ({ f, d: distance({ x: f.x, y: f.y }, { x: cmdr.x, y: cmdr.y }) }))
    .filter(({ d }) => d <= COMMANDER_JOIN_RANGE + inch(6))
    .sort((a, b) => a.d - b.d)[0];
  if (near) placeBehind(state, cmdr, near.f);
  ctx.emit({ type: 'commander-escapes', text: `${cmdr.name} escapes (rolled ${roll})${near ? ` to ${near.f.name}` : ''}`, unit: cmdr.id, side: cmdr.side });
  // With no friend to ride to, he stays where he is; if that is off the table he has gone with it.
  if (!near && !rectWithin(footprint(cmdr), state.battlefield.width, state.battlefield.depth)) {
    removeUnit(state, ctx, cmdr, 'left-table', `${cmdr.name} has left the table with ${u.name}`);
  }
}

/**
 * A commander stands just behind the unit he is with; if that spot is off the table or taken, at
 * its flanks or in front, wherever he stands clear of everyone (no unit ends overlapping another, Q23).
 */
export function placeBehind(state: OnePageState, cmdr: OnePageUnit, host: OnePageUnit): void {
  const r = footprint(host);
  const c = footprint(cmdr);
  const gap = inch(0.25);
  const back = r.depth / 2 + c.depth / 2 + gap;
  const side = r.width / 2 + c.width / 2 + gap;
  // Host frame offsets (forward, right), nearest first.
  const spots: [number, number][] = [
    [-back, 0],
    [-back, -side],
    [-back, side],
    [0, -side],
    [0, side],
    [-back - c.depth - gap, 0],
    [back, -side],
    [back, side],
    [back, 0],
  ];
  const w = state.battlefield.width;
  const d = state.battlefield.depth;
  cmdr.facing = host.facing;
  let fallback: Vec2 | null = null;
  for (const [f, l] of spots) {
    const p = fromLocal(r, f, l);
    const fp = footprint({ ...cmdr, x: p.x, y: p.y });
    if (!rectWithin(fp, w, d)) continue;
    fallback ??= p;
    if (overlapping(state, fp, [cmdr.id, host.id]).length === 0) {
      cmdr.x = p.x;
      cmdr.y = p.y;
      return;
    }
  }
  const p = fallback ?? fromLocal(r, -back, 0);
  cmdr.x = p.x;
  cmdr.y = p.y;
}

/** Take hits off a unit (a hit is a figure, Q1). Removes it at 0 figures. */
export function applyHits(state: OnePageState, ctx: RuleContext, u: OnePageUnit, hits: number, cause: string): void {
  if (hits <= 0 || u.removed) return;
  const left = Math.max(0, figuresOf(u) - hits);
  setFigures(u, left);
  if (left === 0) {
    const what = u.kind === 'artillery' ? 'its last gunner falls' : 'its last figure falls';
    removeUnit(state, ctx, u, 'destroyed', `${u.name} is destroyed: ${what} (${cause})`);
  }
}

/** Roll a unit's move allowance, with the chart's formula in the log. */
export function rollAllowance(ctx: RuleContext, u: OnePageUnit, extra: { endsInColumn?: boolean; onRoad?: boolean; current?: 'with' | 'against' | 'none'; purpose: string }): number {
  const followMe = u.rs.followMe;
  const r = rollMoveAllowance(
    u.rs.moveRule,
    {
      column: u.formation === 'column' || extra.endsInColumn === true,
      limbered: u.formation === 'limbered',
      onRoad: extra.onRoad === true,
      current: extra.current ?? 'none',
      followMe,
    },
    ctx.dice,
  );
  if (followMe) u.rs.followMe = false;
  ctx.emit({
    type: 'move-roll',
    text: `${u.name} rolls its move for ${extra.purpose}: ${r.formula} = ${(r.distance / 25.4).toFixed(1)}"`,
    unit: u.id,
    side: u.side,
    dice: r.throws,
    chart: { chart: 'Movement', row: UNIT_TYPES[u.rs.typeId].name },
    data: { distance: r.distance },
  });
  return r.distance;
}

/** Whether a unit could stand at this centre, facing this way (on the table, clear of others). */
export function blockedAt(
  state: OnePageState,
  u: OnePageUnit,
  at: Vec2,
  facing: number,
  opts: { ignore?: string[]; allowFriends?: boolean; offTableOk?: boolean; bfWidth: number; bfDepth: number; among?: readonly OnePageUnit[] },
): boolean {
  return blockedWith(state, u, unitFootprint({ x: at.x, y: at.y, facing, stands: u.stands }), opts);
}

/** blockedAt for the unit's footprint `r` where it would stand. */
function blockedWith(state: OnePageState, u: OnePageUnit, r: OrientedRect, opts: Parameters<typeof blockedAt>[4]): boolean {
  if (!opts.offTableOk && !rectWithin(r, opts.bfWidth, opts.bfDepth)) return true;
  // firstOverlapping's test, written out: a walk asks it at every step, so nothing is made per call.
  const ignore = opts.ignore;
  for (const o of opts.among ?? state.units) {
    if (o.removed || o.carriedBy || o.id === u.id || (ignore !== undefined && ignore.includes(o.id))) continue;
    if (rectsOverlap(r, footprint(o)) && !(opts.allowFriends === true && mayInterpenetrate(u, o))) return true;
  }
  return false;
}

/**
 * blockedAt for many places of one unit with one facing, as a walk asks them along its line. A
 * place where the unit's reach (reachFromPosition, a millimetre to spare) stays inside the table and
 * clear of every other unit's bounding circle cannot be blocked, and is answered without building a
 * footprint. Any other place is judged as blockedAt judges it, on the footprint placed as
 * unitFootprint places it (footprintPlacer), against the units whose circles it touches: no other
 * unit can overlap it, so every answer is blockedAt's. Given the walk's `line`, places within half a
 * millimetre of it look only among the units whose circles reach the line.
 */
export function blockedAtAlong(
  state: OnePageState,
  u: OnePageUnit,
  facing: number,
  opts: { bfWidth: number; bfDepth: number; among?: readonly OnePageUnit[] },
  line?: { from: Vec2; to: Vec2 },
): (at: Vec2, allowFriends: boolean) => boolean {
  const reach = reachFromPosition(u) + 1;
  const place = footprintPlacer(u.stands, facing);
  // The other units, with their footprints' centres and the squared distances within which they may touch.
  const others: number[] = [];
  const near: number[] = [];
  const all: OnePageUnit[] = [];
  for (const o of opts.among ?? state.units) if (!o.removed && !o.carriedBy && o.id !== u.id) all.push(o);
  const everyone: number[] = [];
  for (let i = 0; i < all.length; i++) {
    const r = footprint(all[i]!);
    const clear = reach + Math.sqrt(r.width * r.width + r.depth * r.depth) / 2;
    near.push(r.cx, r.cy, clear * clear);
    everyone.push(i);
    // A place p near the line touches a unit only if the line passes within clear + |p - line| of it.
    if (!line || pointSegDist(r.cx, r.cy, line.from.x, line.from.y, line.to.x, line.to.y) <= clear + 1) others.push(i);
  }
  // One list of the units touching a place, refilled at every call (blockedWith keeps nothing), and
  // blockedWith's options for each answer: a walk asks at every step.
  const touching: OnePageUnit[] = [];
  const withFriends = { ...opts, allowFriends: true, among: touching };
  const withoutFriends = { ...opts, allowFriends: false, among: touching };
  return (at, allowFriends) => {
    const onLine = line !== undefined && pointSegDist(at.x, at.y, line.from.x, line.from.y, line.to.x, line.to.y) <= 0.5;
    const candidates = onLine ? others : everyone;
    touching.length = 0;
    for (const i of candidates) {
      const dx = at.x - near[3 * i]!;
      const dy = at.y - near[3 * i + 1]!;
      if (dx * dx + dy * dy <= near[3 * i + 2]!) touching.push(all[i]!);
    }
    const inside = at.x - reach >= 0 && at.y - reach >= 0 && at.x + reach <= opts.bfWidth && at.y + reach <= opts.bfDepth;
    if (inside && touching.length === 0) return false;
    return blockedWith(state, u, place(at.x, at.y), allowFriends ? withFriends : withoutFriends);
  };
}

/** Move a unit straight toward a point within an allowance, as far as ground and units allow. */
export function moveUnit(
  state: OnePageState,
  ctx: RuleContext,
  u: OnePageUnit,
  to: Vec2,
  allowance: number,
  facing: number,
  opts: { ignore?: string[]; leaveTable?: boolean } = {},
): { travelled: number; stoppedBy: string; left: boolean } {
  const bf = ctx.battlefield;
  const from = { x: u.x, y: u.y };
  // The ground is judged under the unit's leading edges, in its facing at the end of the move.
  const speed = moveSpeedFn(bf, u, facing, sub(to, from));
  // Every place tested below lies on the line from here to `to`: only the units near it can be in the way.
  const among = unitsNearPath(state, u, from, to);
  const baseOpts = { ignore: opts.ignore ?? [], bfWidth: bf.width, bfDepth: bf.depth, offTableOk: opts.leaveTable === true, among };
  const passable = (p: Vec2): boolean => blockedAt(state, u, p, facing, { ...baseOpts, allowFriends: true });
  const walk = walkStraight(from, to, allowance, speed, passable);
  let end = walk.end;
  if (walk.stoppedBy === 'blocked' || walk.stoppedBy === 'terrain') {
    // The walk stops at its last 5 mm step: creep on in 0.05 mm steps, so a unit halts against
    // whatever stopped it rather than up to a fifth of an inch short.
    const ahead = Math.min(6, distance(end, to));
    if (ahead > 0) {
      const near = add(end, scale(normalize(sub(to, end)), ahead));
      end = walkStraight(end, near, allowance - walk.spent, speed, passable, 0.05).end;
    }
  }
  // Friends may be passed through but not ended on (Q23): step back until clear, or stay put.
  const clearAt = (p: Vec2): boolean => !blockedAt(state, u, p, facing, { ...baseOpts, allowFriends: false });
  let turned = true;
  if (!clearAt(end)) {
    const back = normalize(sub(from, end));
    const total = distance(from, end);
    let clear: Vec2 | null = null;
    for (let d = 1; d < total; d += 1) {
      const p = add(end, scale(back, d));
      if (clearAt(p)) {
        clear = p;
        break;
      }
    }
    end = clear ?? from;
    // Not even room to turn where it stands: it keeps its old facing.
    if (!clear && !clearAt(from)) turned = false;
  }
  u.x = end.x;
  u.y = end.y;
  if (turned) u.facing = facing;
  // Moving off the table takes any part of the unit over the edge (Q24).
  const leftTable = opts.leaveTable === true && !onTable(bf, footprint(u));
  followJoinedCommander(state, u);
  return { travelled: distance(from, end), stoppedBy: walk.stoppedBy, left: leftTable };
}

export function followJoinedCommander(state: OnePageState, u: OnePageUnit): void {
  if (!u.rs.joinedBy) return;
  const c = state.units.find((x) => x.id === u.rs.joinedBy && !x.removed);
  if (c) placeBehind(state, c, u);
}

/**
 * A forced move directly away from an enemy: a Retreat (full move) or a fall-back (half a move), both
 * ending facing the enemy (§10.3, Q44); an evade ends facing away (Q38). Forced off the table, the
 * unit is removed (Q24).
 */
export function moveAway(
  state: OnePageState,
  ctx: RuleContext,
  u: OnePageUnit,
  enemy: OnePageUnit | undefined,
  fraction: number,
  purpose: string,
  opts: { faceAway?: boolean } = {},
): void {
  const away = enemy ? normalize(sub({ x: u.x, y: u.y }, { x: enemy.x, y: enemy.y })) : direction(u.facing + Math.PI);
  const dir = away.x === 0 && away.y === 0 ? direction(u.facing + Math.PI) : away;
  const roll = rollAllowance(ctx, u, { purpose });
  const allowance = roll * fraction;
  const facing = opts.faceAway ? angleOf(dir) : angleOf(scale(dir, -1));
  const target = add({ x: u.x, y: u.y }, scale(dir, allowance));
  const r = moveUnit(state, ctx, u, target, allowance, facing, { leaveTable: true });
  if (r.left) {
    removeUnit(state, ctx, u, 'left-table', `${u.name} ${purpose} off the table and is lost`);
    return;
  }
  const part = fraction === 1 ? '' : ` (${fraction === 0.5 ? 'half' : fraction} of ${(roll / 25.4).toFixed(1)}")`;
  ctx.emit({
    type: 'forced-move',
    text: `${u.name} ${purpose}: ${(r.travelled / 25.4).toFixed(1)}"${part} away, facing ${opts.faceAway ? 'away from the enemy' : 'the enemy'}${r.stoppedBy === 'blocked' ? ' (stopped by other troops)' : r.stoppedBy === 'terrain' ? ' (stopped by the ground)' : ''}`,
    unit: u.id,
    side: u.side,
    data: { to: { x: u.x, y: u.y }, facing: u.facing, travelled: r.travelled },
  });
}

/** End every melee the unit is in. */
export function breakContact(state: OnePageState, u: OnePageUnit): void {
  for (const id of u.rs.inMelee) {
    const o = state.units.find((x) => x.id === id);
    if (o) o.rs.inMelee = o.rs.inMelee.filter((x) => x !== u.id);
  }
  u.rs.inMelee = [];
  u.rs.pinned = false;
}

/** A morale test (§10): D6 + modifiers; Steady, Retreat or Rout, and what follows. */
export function moraleTest(state: OnePageState, ctx: RuleContext, u: OnePageUnit, why: 'shooting' | 'melee', enemy: OnePageUnit | undefined): 'steady' | 'retreat' | 'rout' {
  const mods = moraleModifiers({
    commanderJoined: u.rs.joinedBy !== null && state.units.some((c) => c.id === u.rs.joinedBy && !c.removed),
    elite: u.quality === 'elite',
    militiaOrIrregular: u.quality === 'militia' || u.quality === 'irregular',
    belowHalf: figuresOf(u) * 2 < u.rs.figuresStart,
  });
  const roll = ctx.dice.one(6, `morale test of ${u.name}`);
  const total = roll + modifierTotal(mods);
  const result = moraleResult(total);
  const row = MORALE_RESULTS.find((r) => r.result === result)!;
  ctx.emit({
    type: 'morale',
    text: `${u.name} tests morale after ${why === 'melee' ? 'losing a melee' : 'losing 25% to shooting'}: rolls ${roll}${mods.map((m) => ` ${m.value > 0 ? '+' : '−'} ${Math.abs(m.value)} ${m.reason}`).join('')} = ${total}: ${result.toUpperCase()}`,
    unit: u.id,
    side: u.side,
    dice: [ctx.dice.rolls[ctx.dice.rolls.length - 1]!],
    modifiers: mods,
    chart: { chart: 'Morale', row: row.row },
  });
  if (result === 'rout') {
    removeUnit(state, ctx, u, 'rout', `${u.name} routs and leaves the field`);
    return result;
  }
  if (result === 'retreat') {
    breakContact(state, u);
    u.rs.disordered = true;
    markDisorder(u);
    moveAway(state, ctx, u, enemy, 1, 'retreats in disorder');
    return result;
  }
  // Steady.
  if (u.rs.disordered) {
    u.rs.disordered = false;
    markDisorder(u);
    ctx.emit({ type: 'rally', text: `${u.name} rallies: its disorder is removed`, unit: u.id, side: u.side });
  }
  if (why === 'melee') {
    breakContact(state, u);
    if (u.kind !== 'artillery') moveAway(state, ctx, u, enemy, 0.5, 'falls back in good order');
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Shooting

export interface ShotPlan {
  shooter: OnePageUnit;
  target: OnePageUnit;
}

/** Roll one unit's shooting at a target and return the hits (not yet applied). */
export function rollShot(state: OnePageState, ctx: RuleContext, shooter: OnePageUnit, target: OnePageUnit): number {
  const weapon = WEAPONS[shooter.rs.weapon!];
  const range = unitDistance(shooter, target);
  const longRange = range > weapon.close;
  const flank = arcOfAttacker(target, shooter) !== 'front';
  const volley = resolveShootingVolley(ctx.dice, {
    shooterKind: shooter.kind === 'artillery' ? 'artillery' : 'infantry',
    formation: shooter.formation as Formation,
    figures: figuresOf(shooter),
    skirmisher: shooter.formation === 'skirmish' || shooter.quality === 'irregular',
    longRange,
    disordered: shooter.rs.disordered,
    sharpshooter: shooter.rs.traits.includes('sharpshooter'),
    regularFirstFire: shooter.quality === 'regular' && !shooter.rs.hasShot,
    targetInColumn: target.formation === 'column',
    flankShot: flank,
    militia: shooter.quality === 'militia',
    cover: coverOf(ctx.battlefield, target, shooter),
    targetSkirmisher: target.formation === 'skirmish' || target.quality === 'irregular',
  });
  shooter.rs.hasShot = true;
  shooter.rs.shot = true;
  if (!target.rs.reactionTo.includes(shooter.id)) target.rs.reactionTo.push(shooter.id);
  ctx.emit({
    type: 'shoot',
    text: `${shooter.name} shoots at ${target.name} at ${(range / 25.4).toFixed(1)}" (${longRange ? 'long' : 'close'} range): ${volley.diceCount} dice, hits on ${volley.need}+: ${volley.rawHits} hits${volley.hits !== volley.rawHits ? `, ${volley.hits} after ${volley.coverRow}` : ''}`,
    unit: shooter.id,
    target: target.id,
    side: shooter.side,
    dice: [volley.diceRoll],
    modifiers: volley.modifiers,
    need: volley.need,
    chart: { chart: 'Shooting', row: `${volley.diceRow}; ${volley.coverRow}` },
    data: { hits: volley.hits, range, longRange },
  });
  return volley.hits;
}

/** Apply shooting hits and record them for the 25% test and for Rally Men!. */
export function applyShootingHits(state: OnePageState, ctx: RuleContext, target: OnePageUnit, hits: number, endOfTurn: boolean): void {
  if (hits <= 0) return;
  target.rs.shootingLossThisTurn += hits;
  target.rs.lostToShooting = true;
  if (endOfTurn) target.rs.lostInEndShooting = true;
  applyHits(state, ctx, target, hits, 'shooting');
}

/** The 25% test (§8.6, Q35): once per turn, against strength at the start of the turn. */
export function needsShootingMoraleTest(u: OnePageUnit): boolean {
  return !u.removed && !u.rs.shootingTested && u.rs.shootingLossThisTurn > 0 && u.rs.shootingLossThisTurn * 4 >= u.rs.figuresAtTurnStart;
}

// ---------------------------------------------------------------------------------------------
// Melee

/** Groups of units in contact with each other. */
function meleeGroups(state: OnePageState): OnePageUnit[][] {
  const seen = new Set<string>();
  const groups: OnePageUnit[][] = [];
  for (const u of liveUnits(state)) {
    if (seen.has(u.id) || u.rs.inMelee.length === 0) continue;
    const group: OnePageUnit[] = [];
    const stack = [u];
    seen.add(u.id);
    while (stack.length) {
      const v = stack.pop()!;
      group.push(v);
      for (const id of v.rs.inMelee) {
        const w = state.units.find((x) => x.id === id && !x.removed);
        if (w && !seen.has(w.id)) {
          seen.add(w.id);
          stack.push(w);
        }
      }
    }
    groups.push(group);
  }
  return groups;
}

/** The melee step (§9.4): every melee fought at once, then the losers test. */
export function resolveMelees(state: OnePageState, ctx: RuleContext): void {
  const groups = meleeGroups(state);
  for (const group of groups) resolveMelee(state, ctx, group);
}

function resolveMelee(state: OnePageState, ctx: RuleContext, group: OnePageUnit[]): void {
  const hitsOn = new Map<string, number>();
  const inflicted = new Map<string, number>();
  ctx.emit({ type: 'melee', text: `Melee: ${group.map((u) => u.name).join(' vs ')}`, data: { units: group.map((u) => u.id) } });
  for (const u of group) {
    const enemies = u.rs.inMelee.map((id) => group.find((g) => g.id === id)).filter((x): x is OnePageUnit => !!x);
    if (enemies.length === 0) continue;
    const attackedInFlankOrRear = enemies.some((e) => arcOfAttacker(u, e) !== 'front');
    for (const [shareIndex, e] of enemies.entries()) {
      const madeContact = u.rs.charged || u.rs.pursuing === e.id;
      const hu = heightAt(ctx.battlefield.heightmap, u.x, u.y);
      const he = heightAt(ctx.battlefield.heightmap, e.x, e.y);
      const side = resolveMeleeSide(ctx.dice, {
        kind: u.kind === 'cavalry' ? 'cavalry' : u.kind === 'artillery' ? 'artillery' : 'infantry',
        formation: u.formation as Formation,
        figures: figuresOf(u),
        attackedInFlankOrRear,
        skirmisher: u.formation === 'skirmish' || u.quality === 'irregular',
        disordered: u.rs.disordered,
        share: enemies.length,
        shareIndex,
        ...meleeInputs(u, e, madeContact, he - hu > UPHILL_THRESHOLD, boundaryBetween(ctx.battlefield, u, e) !== undefined),
      });
      ctx.emit({
        type: 'melee-dice',
        text: `${u.name} fights ${e.name}: ${side.diceCount} dice, hits on ${side.need}+: ${side.hits} hits`,
        unit: u.id,
        target: e.id,
        side: u.side,
        dice: [side.diceRoll],
        modifiers: side.modifiers,
        need: side.need,
        chart: { chart: 'Melee', row: side.row },
        data: { hits: side.hits },
      });
      hitsOn.set(e.id, (hitsOn.get(e.id) ?? 0) + side.hits);
      inflicted.set(u.id, (inflicted.get(u.id) ?? 0) + side.hits);
    }
  }
  // A pursuit gives its +1 in the melee it leads to, and only there (Q42).
  for (const u of group) u.rs.pursuing = null;
  // Rally Men! in melee (Q50): rolled after the hits, before they are compared.
  for (const u of group) {
    if (!u.rs.rallyInMelee || !u.rs.joinedBy) continue;
    const cmdr = state.units.find((c) => c.id === u.rs.joinedBy && !c.removed);
    u.rs.rallyInMelee = false;
    if (!cmdr) continue;
    const roll = ctx.dice.one(6, `Rally Men! by ${cmdr.name}`);
    const res = rallyMenResult(roll);
    if (res === 'cancel' && (hitsOn.get(u.id) ?? 0) > 0) hitsOn.set(u.id, hitsOn.get(u.id)! - 1);
    ctx.emit({
      type: 'rally-men',
      text: `Rally Men! ${cmdr.name} with ${u.name} rolls ${roll}: ${res === 'cancel' ? 'one hit cancelled' : res === 'ko' ? 'the commander is knocked out' : 'no effect'}`,
      unit: cmdr.id,
      side: cmdr.side,
      dice: [ctx.dice.rolls[ctx.dice.rolls.length - 1]!],
      chart: { chart: 'Rally Men!', row: rallyMenRow(roll).row },
    });
    if (res === 'ko') removeUnit(state, ctx, cmdr, 'knocked-out', `${cmdr.name} is knocked out`);
  }
  // Simultaneous losses, then compare the sides' totals (Q39).
  const sideHits = new Map<string, number>();
  for (const u of group) sideHits.set(u.side, (sideHits.get(u.side) ?? 0) + (inflicted.get(u.id) ?? 0));
  const taken = new Map<string, number>();
  for (const u of group) {
    const h = hitsOn.get(u.id) ?? 0;
    taken.set(u.side, (taken.get(u.side) ?? 0) + h);
  }
  for (const u of group) applyHits(state, ctx, u, hitsOn.get(u.id) ?? 0, 'melee');
  const sides = [...new Set(group.map((u) => u.side))];
  const [a, b] = sides;
  if (!a || !b) return;
  const ta = taken.get(a) ?? 0;
  const tb = taken.get(b) ?? 0;
  if (ta === tb) {
    ctx.emit({ type: 'melee-drawn', text: `The melee is drawn (${ta} hits each): the units stay locked and fight again next turn` });
    for (const u of group) u.rs.charged = false;
    return;
  }
  const loser = ta > tb ? a : b;
  ctx.emit({ type: 'melee-result', text: `${state.sides.find((s) => s.id === loser)!.name} lose the melee (${Math.max(ta, tb)} hits taken to ${Math.min(ta, tb)})`, side: loser });
  const winners = group.filter((u) => u.side !== loser && !u.removed);
  for (const u of group) {
    if (u.side !== loser || u.removed) continue;
    const enemy = winners.find((w) => w.rs.inMelee.includes(u.id)) ?? winners[0];
    if (u.kind === 'artillery') {
      removeUnit(state, ctx, u, 'captured', `${u.name} loses the melee and its gun is captured`);
      continue;
    }
    if ((hitsOn.get(u.id) ?? 0) === 0) continue;
    const result = moraleTest(state, ctx, u, 'melee', enemy);
    if (result !== 'rout' && enemy && !u.removed) enemy.rs.pursuing = u.id;
  }
}

/** Melee modifier inputs; the obstacle and uphill −1 fall only on the side that made contact (Q40). */
function meleeInputs(u: OnePageUnit, e: OnePageUnit, madeContact: boolean, uphill: boolean, obstacle: boolean): Parameters<typeof meleeModifiers>[0] {
  return {
    elite: u.quality === 'elite',
    shock: u.rs.traits.includes('shock'),
    militia: u.quality === 'militia',
    noMelee: u.rs.traits.includes('noMelee'),
    charging: u.rs.charged && !u.rs.shot,
    pursuing: u.rs.pursuing === e.id,
    acrossObstacle: madeContact && obstacle,
    uphill: madeContact && uphill,
  };
}

