/**
 * Boats (§7.1, §14, Q11, Q43, Q56): they move 12 + 2D6" on the water only, a D6 less against or
 * across the current and a D6 more with it; each carries one unit, which embarks or lands at a bank
 * with its own activation. A boat that is lost or captured takes its passengers with it.
 */

import { angleOf, distance, pointRectDistance, sub, type Vec2 } from '../../core/geometry';
import type { Action } from '../../core/model';
import { inch } from '../../core/measure';
import { RuleError, type RuleContext } from '../../core/ruleset';
import { activating, finishActivation } from './actions';
import { blockedAt, moveUnit, rollAllowance } from './resolve';
import type { OnePageState, OnePageUnit } from './types';
import { currentFor, footprint, groundAt, navigable, onTable, passengerOf, unitById, unitDistance } from './world';

/** A unit embarks from within this distance of its boat. */
export const EMBARK_REACH = inch(1);
/** A unit lands within this distance of its boat's footprint. */
export const LAND_REACH = inch(2);

function point(v: unknown, what: string): Vec2 {
  const p = v as Vec2 | undefined;
  if (!p || typeof p !== 'object' || !Number.isFinite(p.x) || !Number.isFinite(p.y)) throw new RuleError(`${what} must be a point on the table`);
  return { x: p.x, y: p.y };
}

/** The passenger rides where its boat is, so it goes where the boat goes. */
export function carryPassenger(state: OnePageState, boat: OnePageUnit): void {
  const p = passengerOf(state, boat);
  if (!p) return;
  p.x = boat.x;
  p.y = boat.y;
}

export function actRow(state: OnePageState, action: Action, ctx: RuleContext): void {
  const boat = activating(state, action, { moving: true });
  if (boat.kind !== 'boat') throw new RuleError(`${boat.name} is not a boat`);
  const to = point(action.to, 'the destination');
  if (!navigable(ctx.battlefield, to)) throw new RuleError(`a boat moves only on the water; the point given is on land`);
  const dir = sub(to, { x: boat.x, y: boat.y });
  const current = currentFor(ctx.battlefield, { x: boat.x, y: boat.y }, dir);
  // Across the current costs the same D6 as against it (see the rule notes).
  const roll = rollAllowance(ctx, boat, { current: current === 'with' ? 'with' : 'against', purpose: `rowing ${current === 'with' ? 'with' : current === 'against' ? 'against' : 'across'} the current` });
  const r = moveUnit(state, ctx, boat, to, roll, angleOf(dir));
  carryPassenger(state, boat);
  boat.rs.moved = true;
  ctx.emit({
    type: 'move',
    text: `${boat.name} rows ${(r.travelled / 25.4).toFixed(1)}" ${current === 'with' ? 'downstream' : current === 'against' ? 'upstream' : 'across the stream'}${r.stoppedBy === 'terrain' ? ', stopped at the bank' : r.stoppedBy === 'blocked' ? ', stopped by other troops' : ''}`,
    unit: boat.id,
    side: boat.side,
    data: { to: { x: boat.x, y: boat.y }, facing: boat.facing, travelled: r.travelled },
  });
  finishActivation(state, ctx, boat);
}

/** Own boats with room, close enough for this unit to board. */
export function boatsFor(state: OnePageState, u: OnePageUnit): OnePageUnit[] {
  if (u.kind !== 'infantry' && u.kind !== 'cavalry' && u.kind !== 'artillery') return [];
  return state.units.filter((b) => b.kind === 'boat' && !b.removed && b.side === u.side && !passengerOf(state, b) && unitDistance(u, b) <= EMBARK_REACH);
}

export function actEmbark(state: OnePageState, action: Action, ctx: RuleContext): void {
  const u = activating(state, action, { moving: true });
  const boat = unitById(state, action.boat);
  if (!boat || boat.kind !== 'boat' || boat.side !== u.side) throw new RuleError('a unit embarks on one of its own side\'s boats');
  if (passengerOf(state, boat)) throw new RuleError(`${boat.name} already carries a unit (one at a time)`);
  if (!boatsFor(state, u).includes(boat)) throw new RuleError(`${u.name} must be within 1" of ${boat.name} to embark`);
  u.carriedBy = boat.id;
  if (u.rs.joinedBy) {
    // A joined commander stays on the bank.
    const c = state.units.find((x) => x.id === u.rs.joinedBy);
    if (c) c.rs.joined = null;
    u.rs.joinedBy = null;
  }
  carryPassenger(state, boat);
  u.rs.moved = true;
  ctx.emit({ type: 'embark', text: `${u.name} embarks on ${boat.name}`, unit: u.id, target: boat.id, side: u.side });
  finishActivation(state, ctx, u);
}

export function actLand(state: OnePageState, action: Action, ctx: RuleContext): void {
  const u = activating(state, action, { moving: true });
  const boat = state.units.find((b) => b.id === u.carriedBy && !b.removed);
  if (!boat) throw new RuleError(`${u.name} is not aboard a boat`);
  const to = point(action.to, 'the landing place');
  const bf = ctx.battlefield;
  if (pointRectDistance(footprint(boat), to) > LAND_REACH) throw new RuleError(`${u.name} lands within 2" of ${boat.name}`);
  // The unit faces inland, away from the boat.
  const facing = angleOf(sub(to, { x: boat.x, y: boat.y }));
  const landed = { ...u, x: to.x, y: to.y, facing };
  const r = footprint(landed);
  if (groundAt(bf, to) === 'water' || !onTable(bf, r)) throw new RuleError(`${u.name} must land on dry ground on the table`);
  if (blockedAt(state, u, to, facing, { ignore: [boat.id], bfWidth: bf.width, bfDepth: bf.depth })) throw new RuleError(`there is no room for ${u.name} to land there`);
  u.carriedBy = undefined;
  u.x = to.x;
  u.y = to.y;
  u.facing = facing;
  u.rs.moved = true;
  ctx.emit({
    type: 'land',
    text: `${u.name} lands from ${boat.name}, ${(distance(to, boat) / 25.4).toFixed(1)}" from it`,
    unit: u.id,
    target: boat.id,
    side: u.side,
    data: { to, facing },
  });
  finishActivation(state, ctx, u);
}
