/**
 * The one-page actions: initiative, a unit's activation (move, wheel, formation, charge, shoot,
 * halt, limber), commanders' actions, reactions to a charge, and the end-of-turn declarations.
 * Each checks everything first and throws a RuleError with the reason before changing anything.
 */

import { add, angleOf, corners, direction, distance, fromLocal, normalize, rotate, scale, sub, wrapAngle, type Arc, type Vec2 } from '../../core/geometry';
import type { Action } from '../../core/model';
import { inch } from '../../core/measure';
import { pathCost } from '../../core/movement';
import { RuleError, type RuleContext } from '../../core/ruleset';
import type { Battlefield } from '../../terrain/battlefield';
import {
  COMMAND_RANGE,
  COMMANDER_JOIN_RANGE,
  COMMAND_ROLL_NEED,
  rallyMenResult,
  rallyMenRow,
  UNIT_TYPES,
  WEAPONS,
  type Formation,
  type GroundClass,
} from './charts';
import { commandRollModifiers, commandRollPasses, modifierTotal } from './combat';
import { figuresOf, layoutStands, markDisorder } from './layout';
import {
  applyShootingHits,
  blockedAt,
  followJoinedCommander,
  moraleTest,
  moveAway,
  moveUnit,
  needsShootingMoraleTest,
  placeBehind,
  removeUnit,
  rollAllowance,
  rollShot,
} from './resolve';
import { activatable, afterActivation, beginActivations, nextShootingSide, unfinished } from './turn';
import { chargeTargets, shootTargets } from './targets';
import type { OnePageState, OnePageUnit } from './types';
import { arcOfAttacker, canSee, canSeePoint, centreOnTable, footprint, groundAt, inFrontArc, liveUnits, moverOf, moveSpeedFn, onTable, sightBlocker, unitById, unitDistance } from './world';

/** Half-angle of the front, rear and side sectors a move's direction is judged by. */
const SECTOR = Math.PI / 4 + 1e-6;

function point(v: unknown, what: string): Vec2 {
  const p = v as Vec2 | undefined;
  if (!p || typeof p !== 'object' || !Number.isFinite(p.x) || !Number.isFinite(p.y)) throw new RuleError(`${what} must be a point on the table`);
  return { x: p.x, y: p.y };
}

function ownUnit(state: OnePageState, action: Action, key = 'unit'): OnePageUnit {
  const u = unitById(state, action[key]);
  if (!u) throw new RuleError(`there is no unit "${String(action[key])}" on the table`);
  if (u.side !== action.side) throw new RuleError(`${u.name} is not yours to command`);
  return u;
}

/** The checks every activation shares. */
export function activating(state: OnePageState, action: Action, opts: { moving: boolean }): OnePageUnit {
  const g = state.rules;
  if (g.step !== 'activations') throw new RuleError(`units activate in the activation phase; it is now ${g.step}`);
  if (state.active !== action.side) throw new RuleError(`it is ${state.sides.find((s) => s.id === state.active)?.name ?? 'nobody'}'s activation`);
  const u = ownUnit(state, action);
  if (u.rs.activated) throw new RuleError(`${u.name} has already activated this turn`);
  if (g.activation === 'cards' && g.cardPlayers.includes(u.rs.player)) {
    throw new RuleError(`player ${u.rs.player + 1} of the ${state.sides.find((s) => s.id === u.side)!.name} has already activated a unit on this card`);
  }
  const pending = unfinished(state, action.side);
  if (pending && pending !== u) throw new RuleError(`${pending.name} failed its command roll and must finish its activation first: shoot or halt`);
  if (u.kind === 'commander' && u.rs.joined) throw new RuleError(`${u.name} has joined a unit and stays with it until the end of the turn`);
  if (u.carriedBy && action.type !== 'land' && action.type !== 'halt') {
    throw new RuleError(`${u.name} is aboard ${state.units.find((b) => b.id === u.carriedBy)?.name ?? 'a boat'}: it may only land or stay aboard`);
  }
  if (opts.moving) {
    if (u.rs.inMelee.length > 0) throw new RuleError(`${u.name} is in melee and cannot move`);
    if (u.rs.pinned) throw new RuleError(`${u.name} was contacted by a charge and is pinned this turn`);
    if (u.rs.commandFailed) throw new RuleError(`${u.name} failed its command roll: it may only shoot or halt`);
  }
  return u;
}

export function finishActivation(state: OnePageState, ctx: RuleContext, u: OnePageUnit): void {
  u.rs.activated = true;
  // A pursuit is for the winner's next activation only (Q42): kept just when it charged home.
  if (u.rs.pursuing && !(u.rs.charged && u.rs.inMelee.includes(u.rs.pursuing))) u.rs.pursuing = null;
  afterActivation(state, ctx, u);
}

/**
 * Command control (optional, §13.1): out of command, a unit needs 4+ on a D6 to move. In command
 * means within 12" and in sight of its own commander or of the C-in-C, who may command any unit
 * (Q14); a joined commander always keeps it in command (Q49).
 */
function passesCommand(state: OnePageState, ctx: RuleContext, u: OnePageUnit): boolean {
  if (!state.rules.commandControl || u.kind === 'commander') return true;
  if (u.rs.joinedBy && unitById(state, u.rs.joinedBy)) return true;
  const cinc = liveUnits(state).find((c) => c.side === u.side && c.rs.isCinC);
  const own = unitById(state, u.rs.commanderId);
  const leaders = [own, cinc].filter((c, i, all): c is OnePageUnit => !!c && all.indexOf(c) === i);
  const height = UNIT_TYPES[u.rs.typeId].figureHeight;
  const inCommand = (c: OnePageUnit): boolean => unitDistance(c, u) <= COMMAND_RANGE && canSeePoint(state, ctx.battlefield, c, { x: u.x, y: u.y }, height);
  if (leaders.some(inCommand)) return true;
  const mods = commandRollModifiers({ elite: u.quality === 'elite', militia: u.quality === 'militia' });
  const roll = ctx.dice.one(6, `command roll for ${u.name}`);
  const ok = commandRollPasses(roll, mods);
  const why = leaders.length === 0 ? 'no commander left' : `not within 12" and sight of ${leaders.map((c) => c.name).join(' or ')}`;
  ctx.emit({
    type: 'command',
    text: `${u.name} is out of command (${why}): rolls ${roll}${mods.length ? ` ${mods.map((m) => `${m.value > 0 ? '+' : '−'} ${Math.abs(m.value)} ${m.reason}`).join(' ')}` : ''} = ${roll + modifierTotal(mods)}, needs 4: ${ok ? 'it moves' : 'it cannot move, and may only shoot or halt'}`,
    unit: u.id,
    side: u.side,
    dice: [ctx.dice.rolls[ctx.dice.rolls.length - 1]!],
    modifiers: mods,
    // The natural score needed on the die, as for every other throw.
    need: COMMAND_ROLL_NEED - modifierTotal(mods),
    chart: { chart: 'Command control', row: ok ? 'passed' : 'failed' },
  });
  if (!ok) u.rs.commandFailed = true;
  return ok;
}

export type MoveMode = 'advance' | 'retire' | 'backward' | 'sideways';

/** Which sector of the unit a direction points into. */
function sectorOf(u: OnePageUnit, to: Vec2): 'front' | 'rear' | 'side' {
  const b = Math.abs(wrapAngle(angleOf(sub(to, { x: u.x, y: u.y })) - u.facing));
  if (b <= SECTOR) return 'front';
  if (b >= Math.PI - SECTOR) return 'rear';
  return 'side';
}

/** Whether the whole path runs along a road (Q26). */
function alongRoad(ctx: RuleContext, from: Vec2, to: Vec2): boolean {
  const n = Math.max(2, Math.ceil(distance(from, to) / inch(0.5)));
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    if (groundAt(ctx.battlefield, { x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t }) !== 'road') return false;
  }
  return true;
}

export function actMove(state: OnePageState, action: Action, ctx: RuleContext): void {
  const u = activating(state, action, { moving: true });
  if (u.kind === 'commander') throw new RuleError('commanders move with the commander move order');
  if (u.kind === 'boat') throw new RuleError('boats move with the row order');
  if (u.formation === 'unlimbered' && u.rs.moveRule === 'heavy') throw new RuleError('heavy artillery must limber before it moves');
  const mode = action.mode as MoveMode;
  if (!['advance', 'retire', 'backward', 'sideways'].includes(mode)) throw new RuleError('a move is an advance, a retire, a move backwards or a move sideways');
  const to = point(action.to, 'the destination');
  const sector = sectorOf(u, to);
  const expected = mode === 'advance' ? 'front' : mode === 'sideways' ? 'side' : 'rear';
  if (sector !== expected) {
    const hint = { front: 'forward, within 45° of its front', side: 'to a flank, between 45° and 135° of its front', rear: 'to the rear, within 45° of straight back' }[expected];
    throw new RuleError(`${u.name} ${mode === 'advance' ? 'advances' : mode === 'retire' ? 'retires' : `moves ${mode}`} ${hint}; the point given is to its ${sector}`);
  }
  const leaving = !centreOnTable(ctx.battlefield, to);
  if (!passesCommand(state, ctx, u)) return;
  const onRoad = alongRoad(ctx, { x: u.x, y: u.y }, to);
  const roll = rollAllowance(ctx, u, { onRoad, purpose: mode });
  const half = mode === 'backward' || mode === 'sideways';
  const allowance = half ? roll / 2 : roll;
  const facing = mode === 'retire' ? angleOf(sub(to, { x: u.x, y: u.y })) : u.facing;
  const r = moveUnit(state, ctx, u, to, allowance, facing, { leaveTable: leaving });
  u.rs.moved = true;
  ctx.emit({
    type: 'move',
    text: `${u.name} ${mode === 'advance' ? 'advances' : mode === 'retire' ? 'retires, back to the enemy,' : `moves ${mode} at half speed`} ${(r.travelled / 25.4).toFixed(1)}"${half ? ` (half of ${(roll / 25.4).toFixed(1)}")` : ''}${r.stoppedBy === 'terrain' ? ', stopped by the ground' : r.stoppedBy === 'blocked' ? ', stopped by other troops' : r.stoppedBy === 'allowance' ? ', its full allowance' : ''}`,
    unit: u.id,
    side: u.side,
    data: { to: { x: u.x, y: u.y }, facing: u.facing, travelled: r.travelled },
  });
  if (r.left) removeUnit(state, ctx, u, 'left-table', `${u.name} marches off the table`);
  finishActivation(state, ctx, u);
}

/**
 * How far a wheel of `angle` with a move roll of `roll` really turns a unit: the roll is halved on
 * half-speed ground under its front (§7.3), the moving corner travels width × angle (Q21), and the
 * turn comes back from the declared angle until the new front stands somewhere legal, clear of
 * troops, on the table, and off ground it may not enter. The AI's forecast asks the same.
 */
export function wheelReach(
  state: OnePageState,
  bf: Battlefield,
  u: OnePageUnit,
  angle: number,
  roll: number,
  ground?: (bf: Battlefield, p: Vec2) => GroundClass,
): { turn: number; maxAngle: number; allowance: number; halfGround: boolean; pose: { x: number; y: number; facing: number } } {
  const r0 = footprint(u);
  // Wheeling left keeps the front-left corner still and swings the right (positive angle = left).
  const [fl, fr] = corners(r0);
  const pivot = angle > 0 ? fl : fr;
  const halfGround = moveSpeedFn(bf, u, u.facing, direction(u.facing), ground)({ x: u.x, y: u.y }) === 0.5;
  const allowance = halfGround ? roll / 2 : roll;
  const maxAngle = allowance / Math.max(r0.width, 1);
  let turn = Math.sign(angle) * Math.min(Math.abs(angle), maxAngle);
  const poseAfter = (a: number): { x: number; y: number; facing: number } => {
    const c = add(pivot, rotate(sub({ x: u.x, y: u.y }, pivot), a));
    return { x: c.x, y: c.y, facing: u.facing + a };
  };
  for (;;) {
    const p = poseAfter(turn);
    const ok = !blockedAt(state, u, p, p.facing, { bfWidth: bf.width, bfDepth: bf.depth }) && moveSpeedFn(bf, u, p.facing, direction(p.facing), ground)(p) > 0;
    if (ok || Math.abs(turn) < 1e-3) break;
    turn -= Math.sign(turn) * Math.min(Math.abs(turn), 0.02);
  }
  return { turn, maxAngle, allowance, halfGround, pose: poseAfter(Math.abs(turn) >= 1e-3 ? turn : 0) };
}

export function actWheel(state: OnePageState, action: Action, ctx: RuleContext): void {
  const u = activating(state, action, { moving: true });
  if (u.kind !== 'infantry' && u.kind !== 'cavalry') throw new RuleError('only infantry and cavalry wheel; guns and commanders turn as they move');
  const angle = Number(action.angle);
  if (!Number.isFinite(angle) || angle === 0 || Math.abs(angle) > Math.PI / 2 + 1e-9) throw new RuleError('a wheel turns the unit by up to 90° to the left or right');
  if (!passesCommand(state, ctx, u)) return;
  const roll = rollAllowance(ctx, u, { purpose: 'a wheel' });
  const { turn, maxAngle, allowance, halfGround, pose: p } = wheelReach(state, ctx.battlefield, u, angle, roll);
  if (Math.abs(turn) >= 1e-3) {
    u.x = p.x;
    u.y = p.y;
    u.facing = wrapAngle(p.facing);
  }
  u.rs.moved = true;
  followJoinedCommander(state, u);
  ctx.emit({
    type: 'wheel',
    text: `${u.name} wheels ${angle > 0 ? 'left' : 'right'} ${Math.round((Math.abs(turn) * 180) / Math.PI)}°${
      Math.abs(turn) < Math.abs(angle) - 1e-3
        ? ` (declared ${Math.round((Math.abs(angle) * 180) / Math.PI)}°; ${
            maxAngle < Math.abs(angle) - 1e-3
              ? `its ${(allowance / 25.4).toFixed(1)}"${halfGround ? ' (half, in difficult ground)' : ''} swings the outer corner ${Math.round((maxAngle * 180) / Math.PI)}° at most`
              : 'troops or ground stopped it'
          })`
        : ''
    }`,
    unit: u.id,
    side: u.side,
    data: { to: { x: u.x, y: u.y }, facing: u.facing, turned: turn },
  });
  finishActivation(state, ctx, u);
}

export function actFormation(state: OnePageState, action: Action, ctx: RuleContext): void {
  const u = activating(state, action, { moving: true });
  const def = UNIT_TYPES[u.rs.typeId];
  const formation = action.formation as Formation;
  if (formation === 'limbered' || formation === 'unlimbered') throw new RuleError('guns limber and unlimber with their own orders');
  if (!def.formations.includes(formation)) throw new RuleError(`${def.name} cannot form ${String(formation)}`);
  if (formation === u.formation) throw new RuleError(`${u.name} is already in ${formation}`);
  const to = action.to === undefined ? null : point(action.to, 'the advance after the change');
  if (to && sectorOf(u, to) !== 'front') throw new RuleError('after a formation change the unit may only advance, within 45° of its front');
  if (!passesCommand(state, ctx, u)) return;
  const before = u.formation;
  const test = { ...u, formation, stands: layoutStands({ ...u, formation }, figuresOf(u)) };
  const bf = ctx.battlefield;
  if (!onTable(bf, footprint(test)) || blockedAt(state, test, { x: u.x, y: u.y }, u.facing, { bfWidth: bf.width, bfDepth: bf.depth })) {
    throw new RuleError(`${u.name} has no room to form ${formation} here`);
  }
  const roll = rollAllowance(ctx, u, { purpose: `forming ${formation}`, endsInColumn: formation === 'column' });
  u.formation = formation;
  u.stands = test.stands;
  markDisorder(u);
  let travelled = 0;
  if (to) travelled = moveUnit(state, ctx, u, to, roll / 2, u.facing).travelled;
  u.rs.moved = true;
  followJoinedCommander(state, u);
  ctx.emit({
    type: 'formation',
    text: `${u.name} changes from ${before} to ${formation}, using half its move (${(roll / 2 / 25.4).toFixed(1)}")${to ? ` and advances ${(travelled / 25.4).toFixed(1)}"` : ''}`,
    unit: u.id,
    side: u.side,
    data: { to: { x: u.x, y: u.y }, facing: u.facing },
  });
  finishActivation(state, ctx, u);
}

export function actLimber(state: OnePageState, action: Action, ctx: RuleContext): void {
  const u = activating(state, action, { moving: true });
  if (u.kind !== 'artillery') throw new RuleError('only guns limber and unlimber');
  const want: Formation = action.type === 'limber' ? 'limbered' : 'unlimbered';
  if (u.formation === want) throw new RuleError(`${u.name} is already ${want}`);
  const stands = layoutStands({ ...u, formation: want }, figuresOf(u));
  const bf = ctx.battlefield;
  if (blockedAt(state, { ...u, stands }, { x: u.x, y: u.y }, u.facing, { bfWidth: bf.width, bfDepth: bf.depth })) throw new RuleError(`${u.name} has no room to ${action.type} here`);
  u.formation = want;
  u.stands = stands;
  markDisorder(u);
  u.rs.changedLimber = true;
  ctx.emit({ type: 'formation', text: `${u.name} ${want}: that takes its whole activation, and it cannot shoot this turn`, unit: u.id, side: u.side });
  finishActivation(state, ctx, u);
}

export function actHalt(state: OnePageState, action: Action, ctx: RuleContext): void {
  const u = activating(state, action, { moving: false });
  haltUnit(state, ctx, u);
  finishActivation(state, ctx, u);
}

/** A halted unit recovers from disorder at the end of its activation (§11). */
function haltUnit(state: OnePageState, ctx: RuleContext, u: OnePageUnit): void {
  void state;
  if (u.rs.disordered) {
    u.rs.disordered = false;
    markDisorder(u);
    ctx.emit({ type: 'rally', text: `${u.name} halts and recovers from disorder`, unit: u.id, side: u.side });
  } else {
    ctx.emit({ type: 'halt', text: `${u.name} halts`, unit: u.id, side: u.side });
  }
}

export function actEndActivations(state: OnePageState, action: Action, ctx: RuleContext): void {
  const g = state.rules;
  if (g.step !== 'activations') throw new RuleError('there are no activations to end now');
  if (state.active !== action.side) throw new RuleError('it is not your activation');
  if (g.activation === 'cards') {
    // In card mode, passing gives up this card only; a unit that failed its command roll on it halts.
    const pending = unfinished(state, action.side);
    if (pending) {
      haltUnit(state, ctx, pending);
      pending.rs.activated = true;
    }
    ctx.emit({ type: 'pass', text: `${state.sides.find((s) => s.id === action.side)!.name} pass on this card`, side: action.side });
    // Passing gives the card up for every player of the side.
    for (let p = 0; p < state.rules.playersPerSide; p++) if (!state.rules.cardPlayers.includes(p)) state.rules.cardPlayers.push(p);
    afterActivation(state, ctx);
    return;
  }
  // The units that did not act count as halted (recorded in the rule notes).
  for (const u of activatable(state, action.side)) {
    haltUnit(state, ctx, u);
    u.rs.activated = true;
  }
  afterActivation(state, ctx);
}

// ---------------------------------------------------------------------------------------------
// Shooting

export function actShoot(state: OnePageState, action: Action, ctx: RuleContext): void {
  const g = state.rules;
  const endOfTurn = g.step === 'end-shooting';
  if (!endOfTurn && g.step !== 'activations') throw new RuleError('units shoot in their activation or in the end-of-turn shooting');
  if (state.active !== action.side) throw new RuleError('it is not your turn to shoot');
  const u = endOfTurn ? ownUnit(state, action) : activating(state, action, { moving: false });
  const target = unitById(state, action.target);
  if (!target) throw new RuleError(`there is no target "${String(action.target)}" on the table`);
  if (endOfTurn && g.declaredShots.some((d) => d.shooter === u.id)) throw new RuleError(`${u.name} has already declared its shot`);
  if (!shootTargets(state, ctx.battlefield, u, endOfTurn).includes(target)) throw new RuleError(whyNoShot(state, ctx, u, target, endOfTurn));
  if (endOfTurn) {
    g.declaredShots.push({ shooter: u.id, target: target.id });
    ctx.emit({ type: 'declare-shot', text: `${u.name} will shoot at ${target.name} in the end-of-turn volley`, unit: u.id, target: target.id, side: u.side });
    return;
  }
  const hits = rollShot(state, ctx, u, target);
  applyShootingHits(state, ctx, target, hits, false);
  if (needsShootingMoraleTest(target)) {
    moraleTest(state, ctx, target, 'shooting', u);
    target.rs.shootingTested = true;
  }
  finishActivation(state, ctx, u);
}

/** The reason a shot is refused, for the player: the first rule it breaks. */
function whyNoShot(state: OnePageState, ctx: RuleContext, u: OnePageUnit, t: OnePageUnit, endOfTurn: boolean): string {
  if (!u.rs.weapon || (u.kind !== 'infantry' && u.kind !== 'artillery')) return `${u.name} has no firearms`;
  if (u.rs.shot) return `${u.name} has already shot this turn`;
  if (u.kind === 'artillery' && u.formation !== 'unlimbered') return `${u.name} must be unlimbered to shoot`;
  if (u.rs.changedLimber) return `${u.name} limbered or unlimbered this turn and cannot shoot`;
  if (u.kind === 'artillery' && figuresOf(u) === 0) return `${u.name} has no gunners left`;
  if (t.side === u.side) return `${t.name} is a friend`;
  if (t.kind === 'commander') return 'commanders cannot be shot at';
  if (t.kind === 'wagon' || t.kind === 'boat') return `${t.name} is taken by contact, not shot at`;
  if (!endOfTurn && u.rs.disordered) return `${u.name} is disordered: it may only shoot back in the end-of-turn shooting`;
  if (!endOfTurn && u.rs.inMelee.length) return `${u.name} is in melee: it may shoot only in the end-of-turn shooting, at the enemy it touches`;
  const inContact = u.rs.inMelee.includes(t.id);
  if (u.rs.inMelee.length && !inContact) return `${u.name} is in melee: it may shoot only at the enemy it touches`;
  if (t.rs.inMelee.length && !inContact) return `${t.name} is in a melee; only the units in contact may shoot at it`;
  if (u.rs.disordered && !u.rs.reactionTo.includes(t.id) && !inContact) {
    return `${u.name} is disordered: it may shoot only as a reaction, at an enemy that charged it, shot at it or touches it this turn`;
  }
  const weapon = WEAPONS[u.rs.weapon];
  const d = unitDistance(u, t);
  const inches = (mm: number): string => `${(Math.round((mm / 25.4) * 10) / 10).toString()}"`;
  if (d > weapon.long) return `${t.name} is out of range: ${inches(d)} away, and a ${weapon.name.toLowerCase()} reaches ${inches(weapon.long)}`;
  if (!inFrontArc(u, t)) return `${t.name} is outside ${u.name}'s arc of fire (45° either side of its front)`;
  if (!canSee(state, ctx.battlefield, u, t)) return `${u.name} cannot see ${t.name}: ${sightBlockText(state, ctx, u, t)}`;
  return `${t.name} is not a target for ${u.name}`;
}

/** What blocks the view from a's front to b, in words (the line to b's centre decides). */
function sightBlockText(state: OnePageState, ctx: RuleContext, a: OnePageUnit, b: OnePageUnit): string {
  const why = sightBlocker(state, ctx.battlefield, a, b);
  const name = why?.featureId ? ctx.battlefield.features.find((f) => f.id === why.featureId)?.name : undefined;
  if (why?.kind === 'canopy') return `more than 3" of ${name ?? 'wood'} is in the way`;
  if (why?.kind === 'ground') return `${name ? `the ${name.toLowerCase()}` : 'rising ground'} is in the way`;
  if (why?.kind === 'range') return 'it is beyond the limit of sight';
  return 'the line of sight is blocked';
}

export function actEndShooting(state: OnePageState, action: Action, ctx: RuleContext): void {
  const g = state.rules;
  if (g.step !== 'end-shooting') throw new RuleError('it is not the end-of-turn shooting');
  if (state.active !== action.side) throw new RuleError('it is not your turn to declare shots');
  g.shootingDone.push(action.side);
  nextShootingSide(state, ctx);
}

// ---------------------------------------------------------------------------------------------
// Initiative

export function actRollInitiative(state: OnePageState, action: Action, ctx: RuleContext): void {
  const g = state.rules;
  if (g.step !== 'initiative') throw new RuleError('initiative is rolled at the start of a turn');
  if (state.active !== action.side) throw new RuleError('the other side rolls for initiative first');
  const [a, b] = state.sides;
  let ra: number;
  let rb: number;
  // Ties are rolled again (Q15).
  do {
    ra = ctx.dice.one(6, `initiative: ${a!.name}`);
    rb = ctx.dice.one(6, `initiative: ${b!.name}`);
    ctx.emit({
      type: 'initiative',
      text: `Initiative: ${a!.name} ${ra}, ${b!.name} ${rb}${ra === rb ? ': a tie, roll again' : ''}`,
      dice: ctx.dice.rolls.slice(-2).map((roll, i) => ({ ...roll, side: i === 0 ? a!.id : b!.id })),
      chart: { chart: 'Initiative', row: ra === rb ? 'tie: re-roll' : 'higher wins' },
    });
  } while (ra === rb);
  const winner = ra > rb ? a! : b!;
  g.initiativeWinner = winner.id;
  g.step = 'choose-order';
  state.active = winner.id;
  ctx.emit({ type: 'initiative-won', text: `${winner.name} win the initiative and choose to go first or second`, side: winner.id });
}

export function actChooseOrder(state: OnePageState, action: Action, ctx: RuleContext): void {
  const g = state.rules;
  if (g.step !== 'choose-order' || g.initiativeWinner !== action.side) throw new RuleError('only the winner of the initiative chooses the order');
  if (action.first !== 'first' && action.first !== 'second') throw new RuleError('choose to go "first" or "second"');
  const other = state.sides.find((s) => s.id !== action.side)!.id;
  g.order = action.first === 'first' ? [action.side, other] : [other, action.side];
  ctx.emit({ type: 'order', text: `${state.sides.find((s) => s.id === action.side)!.name} choose to go ${action.first}`, side: action.side });
  beginActivations(state, ctx);
}

// ---------------------------------------------------------------------------------------------
// Charges

/**
 * Where a charger stands when it contacts a target: front to front, or against the side it hit
 * (Q37). `face` forces the face contacted (a counter-charge meets the charger head on).
 */
export function contactPose(charger: OnePageUnit, target: OnePageUnit, face?: Arc): { x: number; y: number; facing: number } {
  const t = footprint(target);
  const c = footprint(charger);
  const arc = face ?? arcOfAttacker(target, charger);
  let facing: number;
  let at: Vec2;
  if (arc === 'front') {
    facing = target.facing + Math.PI;
    at = fromLocal(t, t.depth / 2 + c.depth / 2, 0);
  } else if (arc === 'rear') {
    facing = target.facing;
    at = fromLocal(t, -t.depth / 2 - c.depth / 2, 0);
  } else {
    const right = fromLocal(t, 0, 1);
    const onRight = distance(right, { x: charger.x, y: charger.y }) < distance(fromLocal(t, 0, -1), { x: charger.x, y: charger.y });
    facing = target.facing + (onRight ? Math.PI / 2 : -Math.PI / 2);
    at = fromLocal(t, 0, (onRight ? 1 : -1) * (t.width / 2 + c.depth / 2));
  }
  // The unit's centre may sit off its footprint's centre (a part-filled rear rank): correct for it.
  const off = sub({ x: c.cx, y: c.cy }, { x: charger.x, y: charger.y });
  const offLocal = rotate(off, -charger.facing);
  const shift = rotate(offLocal, facing);
  return { x: at.x - shift.x, y: at.y - shift.y, facing: wrapAngle(facing) };
}

/** Move a charger toward its target with a rolled allowance; contact if it reaches. */
function chargeMove(state: OnePageState, ctx: RuleContext, u: OnePageUnit, target: OnePageUnit, purpose: string, face?: Arc): boolean {
  const pose = contactPose(u, target, face);
  const from = { x: u.x, y: u.y };
  const speed = moveSpeedFn(ctx.battlefield, u, pose.facing, sub(pose, from));
  const cost = pathCost(from, pose, speed);
  const allowance = rollAllowance(ctx, u, { purpose });
  u.rs.moved = true;
  u.rs.charged = true;
  const bf = ctx.battlefield;
  // The target's joined commander stands behind it and does not stop a charge.
  const ignore = [target.id, ...(target.rs.joinedBy ? [target.rs.joinedBy] : [])];
  const clearAtContact = !blockedAt(state, u, pose, pose.facing, { ignore, bfWidth: bf.width, bfDepth: bf.depth, allowFriends: false });
  const counter = purpose === 'a counter-charge';
  if (cost <= allowance && clearAtContact) {
    const r = moveUnit(state, ctx, u, pose, allowance, pose.facing, { ignore });
    if (distance({ x: u.x, y: u.y }, pose) < 1) {
      u.x = pose.x;
      u.y = pose.y;
      u.facing = pose.facing;
      followJoinedCommander(state, u);
      if (target.kind === 'wagon' || target.kind === 'boat') {
        // Wagons and boats contacted by the enemy are captured at once, with no melee (Q43).
        ctx.emit({ type: 'charge-contact', text: `${u.name} charges ${(r.travelled / 25.4).toFixed(1)}" into ${target.name}`, unit: u.id, target: target.id, side: u.side, data: { to: { x: u.x, y: u.y }, facing: u.facing, travelled: r.travelled } });
        removeUnit(state, ctx, target, 'captured', `${target.name} is captured by ${u.name}`);
        return true;
      }
      if (target.kind === 'commander') {
        ctx.emit({ type: 'charge-contact', text: `${u.name} charges ${(r.travelled / 25.4).toFixed(1)}" into ${target.name}`, unit: u.id, target: target.id, side: u.side, data: { to: { x: u.x, y: u.y }, facing: u.facing, travelled: r.travelled } });
        commanderCaught(state, ctx, target, u);
        return true;
      }
      if (!u.rs.inMelee.includes(target.id)) u.rs.inMelee.push(target.id);
      if (!target.rs.inMelee.includes(u.id)) target.rs.inMelee.push(u.id);
      target.rs.pinned = true;
      if (!target.rs.reactionTo.includes(u.id)) target.rs.reactionTo.push(u.id);
      ctx.emit({
        type: 'charge-contact',
        text: `${u.name} ${counter ? 'counter-charges' : 'charges'} ${(r.travelled / 25.4).toFixed(1)}" into contact with ${target.name}'s ${face ?? arcOfAttacker(target, u)}`,
        unit: u.id,
        target: target.id,
        side: u.side,
        data: { to: { x: u.x, y: u.y }, facing: u.facing, travelled: r.travelled },
      });
      return true;
    }
    // Troops or ground on the way stopped it short: it stays where it was stopped.
    ctx.emit({
      type: 'charge-short',
      text: `${u.name}'s ${counter ? 'counter-charge' : 'charge'} is stopped ${(r.travelled / 25.4).toFixed(1)}" toward ${target.name}${r.stoppedBy === 'terrain' ? ' by the ground' : ' by other troops'}`,
      unit: u.id,
      target: target.id,
      side: u.side,
      data: { to: { x: u.x, y: u.y }, facing: u.facing, travelled: r.travelled },
    });
    return false;
  }
  const dir = normalize(sub(pose, from));
  const r = moveUnit(state, ctx, u, add(from, scale(dir, allowance)), allowance, angleOf(sub({ x: target.x, y: target.y }, from)), { ignore: [] });
  if ((target.kind === 'boat' || target.kind === 'wagon') && unitDistance(u, target) <= CAPTURE_REACH) {
    // A boat at the bank is reached from the water's edge: touching distance is enough to take it (Q43).
    ctx.emit({ type: 'charge-contact', text: `${u.name} charges ${(r.travelled / 25.4).toFixed(1)}" to ${target.name} at the water's edge`, unit: u.id, target: target.id, side: u.side, data: { to: { x: u.x, y: u.y }, facing: u.facing, travelled: r.travelled } });
    removeUnit(state, ctx, target, 'captured', `${target.name} is captured by ${u.name}`);
    return true;
  }
  const why = cost === Infinity ? 'the ground is impassable to it' : !clearAtContact && cost <= allowance ? 'other troops stand where it would make contact' : `it needed ${(cost / 25.4).toFixed(1)}"`;
  ctx.emit({
    type: 'charge-short',
    text: `${u.name}'s ${counter ? 'counter-charge' : 'charge'} falls short (${why}): it moves ${(r.travelled / 25.4).toFixed(1)}" toward ${target.name} and stops`,
    unit: u.id,
    target: target.id,
    side: u.side,
    data: { to: { x: u.x, y: u.y }, facing: u.facing, travelled: r.travelled },
  });
  return false;
}

/**
 * A commander caught alone by the enemy (Q52) rides at once to join the nearest friendly unit within
 * 12"; with none in reach, he is captured.
 */
function commanderCaught(state: OnePageState, ctx: RuleContext, c: OnePageUnit, by: OnePageUnit): void {
  const refuge = liveUnits(state)
    .filter((f) => f.side === c.side && f.kind !== 'commander' && f.kind !== 'wagon' && f.kind !== 'boat' && !f.rs.joinedBy && unitDistance(c, f) <= COMMANDER_JOIN_RANGE)
    .sort((a, b) => unitDistance(c, a) - unitDistance(c, b))[0];
  if (!refuge) {
    removeUnit(state, ctx, c, 'captured', `${c.name} is caught by ${by.name} with no friend within 12" and is captured`);
    return;
  }
  join(state, c, refuge);
  ctx.emit({ type: 'commander-escapes', text: `${c.name} escapes ${by.name} and joins ${refuge.name}`, unit: c.id, target: refuge.id, side: c.side });
}

/** Close enough to seize a boat or wagon the charger cannot stand against (a boat on the water). */
const CAPTURE_REACH = inch(0.5);

/** The farthest a unit could possibly charge: its best move roll. */
export function maxChargeReach(u: OnePageUnit): number {
  const rule = u.rs.moveRule;
  const best = { regularInfantry: inch(12 + 6), irregularInfantry: inch(18), mounted: inch(24), artillery: inch(12), heavy: inch(6), boat: inch(24) }[rule];
  return best + (u.rs.followMe ? inch(6) : 0);
}

export function actCharge(state: OnePageState, action: Action, ctx: RuleContext): void {
  const u = activating(state, action, { moving: true });
  const target = unitById(state, action.target);
  if (!target) throw new RuleError(`there is no target "${String(action.target)}" on the table`);
  if (u.rs.disordered) throw new RuleError(`${u.name} is disordered and may not charge`);
  if (!chargeTargets(state, ctx.battlefield, u, maxChargeReach(u)).includes(target)) {
    throw new RuleError(`${target.name} is not a charge target for ${u.name}: the enemy must be visible to its front, within 45° either side, and within its best move`);
  }
  if (!passesCommand(state, ctx, u)) return;
  if (reactionsTo(target).length > 0) {
    // The target's owner decides first: counter-charge, evade, or stand (§9.3).
    state.rules.pendingCharge = { charger: u.id, target: target.id };
    state.rules.step = 'charge-reaction';
    state.active = target.side;
    ctx.emit({ type: 'charge-declared', text: `${u.name} declares a charge on ${target.name}, which may ${target.kind === 'cavalry' ? 'counter-charge' : 'evade'}`, unit: u.id, target: target.id, side: u.side });
    return;
  }
  ctx.emit({ type: 'charge-declared', text: `${u.name} charges ${target.name}${u.rs.pursuing === target.id ? ' in pursuit' : ''}`, unit: u.id, target: target.id, side: u.side });
  chargeMove(state, ctx, u, target, 'a charge');
  finishActivation(state, ctx, u);
}

/**
 * What a charged unit may do before the charger moves (§9.1, §9.3): cavalry that has not yet moved
 * may counter-charge, unless disordered (a counter-charge is a charge, Q19); skirmishers that have
 * not yet moved may evade. The sheet asks only that it has not moved, not that it has not acted.
 */
export function reactionsTo(target: OnePageUnit): ('counter-charge' | 'evade')[] {
  if (target.rs.moved || target.rs.inMelee.length > 0 || target.rs.pinned) return [];
  if (target.kind === 'cavalry') return target.rs.disordered ? [] : ['counter-charge'];
  if (target.kind === 'infantry' && moverOf(target) === 'skirmisher') return ['evade'];
  return [];
}

export function actReact(state: OnePageState, action: Action, ctx: RuleContext): void {
  const g = state.rules;
  const pending = g.pendingCharge;
  if (g.step !== 'charge-reaction' || !pending) throw new RuleError('there is no charge to react to');
  if (state.active !== action.side) throw new RuleError('the charged side reacts now');
  const target = unitById(state, pending.target)!;
  const charger = unitById(state, pending.charger)!;
  const response = action.response;
  if (response !== 'stand' && response !== 'counter-charge' && response !== 'evade') throw new RuleError('react with "stand", "counter-charge" or "evade"');
  if (response === 'counter-charge' && target.kind !== 'cavalry') throw new RuleError('only cavalry counter-charge');
  if (response === 'evade' && moverOf(target) !== 'skirmisher') throw new RuleError('only skirmishers evade');
  if (response !== 'stand' && !reactionsTo(target).includes(response)) throw new RuleError(`${target.name} cannot ${response} now`);
  g.pendingCharge = null;
  g.step = 'activations';
  state.active = charger.side;
  if (response === 'counter-charge') {
    // The counter-charger moves first; both count as charging (Q38).
    ctx.emit({ type: 'counter-charge', text: `${target.name} counter-charges ${charger.name}`, unit: target.id, target: charger.id, side: target.side });
    const met = chargeMove(state, ctx, target, charger, 'a counter-charge', 'front');
    target.rs.activated = true;
    if (met) {
      charger.rs.charged = true;
      charger.rs.moved = true;
      // Only the charger's own side pins: the counter-charge met it head on.
      charger.rs.pinned = false;
    } else {
      chargeMove(state, ctx, charger, target, 'a charge');
    }
  } else if (response === 'evade') {
    moveAway(state, ctx, target, charger, 1, 'evades the charge', { faceAway: true });
    target.rs.moved = true;
    target.rs.activated = true;
    if (!target.removed) chargeMove(state, ctx, charger, target, 'a charge');
  } else {
    ctx.emit({ type: 'stand', text: `${target.name} stands to receive the charge`, unit: target.id, side: target.side });
    chargeMove(state, ctx, charger, target, 'a charge');
  }
  finishActivation(state, ctx, charger);
}

// ---------------------------------------------------------------------------------------------
// Commanders

function commanderActing(state: OnePageState, action: Action): OnePageUnit {
  const c = activating(state, action, { moving: false });
  if (c.kind !== 'commander') throw new RuleError(`${c.name} is not a commander`);
  return c;
}

export function actCommanderMove(state: OnePageState, action: Action, ctx: RuleContext): void {
  const c = commanderActing(state, action);
  const to = point(action.to, 'the destination');
  const allowance = rollAllowance(ctx, c, { purpose: 'a commander move' });
  const r = moveUnit(state, ctx, c, to, allowance, angleOf(sub(to, { x: c.x, y: c.y })));
  ctx.emit({ type: 'move', text: `${c.name} rides ${(r.travelled / 25.4).toFixed(1)}"`, unit: c.id, side: c.side, data: { to: { x: c.x, y: c.y }, facing: c.facing } });
  finishActivation(state, ctx, c);
}

function joinTarget(state: OnePageState, action: Action, c: OnePageUnit): OnePageUnit {
  const t = unitById(state, action.target);
  if (!t || t.side !== c.side || t.kind === 'commander') throw new RuleError('a commander joins one of his own side\'s units');
  if (t.rs.joinedBy) throw new RuleError(`${t.name} already has a commander with it`);
  // Measured like every distance, between the closest points (Q3), as the order list does.
  if (unitDistance(c, t) > COMMANDER_JOIN_RANGE) throw new RuleError(`${t.name} is more than 12" from ${c.name}`);
  return t;
}

function join(state: OnePageState, c: OnePageUnit, t: OnePageUnit): void {
  c.rs.joined = t.id;
  t.rs.joinedBy = c.id;
  placeBehind(state, c, t);
}

export function actRallyMen(state: OnePageState, action: Action, ctx: RuleContext): void {
  const c = commanderActing(state, action);
  const t = joinTarget(state, action, c);
  const inMelee = t.rs.inMelee.length > 0;
  if (!inMelee && !(t.rs.lostToShooting && figuresOf(t) < t.rs.figuresStart)) {
    throw new RuleError(`Rally Men! helps a unit that has lost figures to shooting or is in melee; ${t.name} has done neither`);
  }
  join(state, c, t);
  c.rs.activated = true;
  if (inMelee) {
    t.rs.rallyInMelee = true;
    ctx.emit({ type: 'rally-men', text: `${c.name} joins ${t.name} in the melee: Rally Men! is rolled in the melee step`, unit: c.id, target: t.id, side: c.side });
  } else {
    const roll = ctx.dice.one(6, `Rally Men! by ${c.name}`);
    const res = rallyMenResult(roll);
    if (res === 'cancel') {
      const f = Math.min(t.rs.figuresStart, figuresOf(t) + 1);
      t.stands = layoutStands(t, f);
      markDisorder(t);
      if (t.rs.shootingLossThisTurn > 0) t.rs.shootingLossThisTurn -= 1;
      // A returning figure may bring back a stand: stand clear of it.
      placeBehind(state, c, t);
    }
    ctx.emit({
      type: 'rally-men',
      text: `Rally Men! ${c.name} joins ${t.name} and rolls ${roll}: ${res === 'cancel' ? 'one hit cancelled, a figure returns' : res === 'ko' ? 'the commander is knocked out' : 'no effect'}`,
      unit: c.id,
      target: t.id,
      side: c.side,
      dice: [ctx.dice.rolls[ctx.dice.rolls.length - 1]!],
      chart: { chart: 'Rally Men!', row: rallyMenRow(roll).row },
    });
    if (res === 'ko') removeUnit(state, ctx, c, 'knocked-out', `${c.name} is knocked out`);
  }
  afterActivation(state, ctx, c);
}

export function actFollowMe(state: OnePageState, action: Action, ctx: RuleContext): void {
  const c = commanderActing(state, action);
  const t = joinTarget(state, action, c);
  if (t.rs.activated) throw new RuleError(`${t.name} has already activated: Follow Me! must come before its move`);
  join(state, c, t);
  t.rs.followMe = true;
  c.rs.activated = true;
  ctx.emit({ type: 'follow-me', text: `Follow Me! ${c.name} joins ${t.name}: +D6" on its next move this turn`, unit: c.id, target: t.id, side: c.side });
  afterActivation(state, ctx, c);
}

