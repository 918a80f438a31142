/**
 * A withdrawal's or retreat's 3" (A §19.4-19.5): the first one, made by the Withdraw order or the
 * Resolve result, and each later one made as a compulsory move. It stops when it would collide:
 * behind an unshaken friend it takes loose formation and stops; it passes through a shaken friend,
 * every stand of both disordered; it halts 2" short of an enemy with every stand disordered (A37); and
 * it stops at ground it may not enter. A narrow gap between ground or friends that it may pass loose
 * (A §11.7, gaps.ts) it threads instead of stopping, and what it meets beyond is met the same way.
 */

import { inch, toInches } from '../../core/measure';
import type { Battlefield } from '../../terrain/battlefield';
import { relayout } from './layout';
import { disorderStands, moveTo, pointAhead, walk, type WalkResult } from './moves';
import { gapToPass, moveThroughGaps } from './gaps';
import type { HmState, HmUnit } from './types';
import { isShaken, unitById } from './world';

/** Each withdrawal or retreat move (A §19.4). */
export const WITHDRAW_STEP = inch(3);
/** A withdrawal halts this far short of an enemy it would run into (A37). */
const SHORT_OF_ENEMY = inch(2);

const inches = (mm: number): string => `${toInches(mm).toFixed(1)}"`;

/**
 * The unit's next 3" along `heading`, ending facing `facing`, with what it meets; it must already be
 * withdrawing or retreating. A stop ends the withdrawal. Returns sentences for the log.
 */
export function withdrawStep(state: HmState, bf: Battlefield, u: HmUnit, heading: number, facing: number): string[] {
  const verb = u.rs.retrograde === 'retreating' ? 'retreats' : 'withdraws';
  const w = walk(state, bf, u, heading, WITHDRAW_STEP, facing, { exemptHalts: true });
  if (gapToPass(state, bf, u, heading, WITHDRAW_STEP, w)) return throughGap(state, bf, u, heading, facing, verb);
  const friend = w.hitFriend ? unitById(state, w.hitFriend) : undefined;
  if (friend && isShaken(state, friend)) {
    const through = walk(state, bf, u, heading, WITHDRAW_STEP, facing, { exemptHalts: true, ignore: [friend.id] });
    disorderStands(u, u.stands.length);
    disorderStands(friend, friend.stands.length);
    return [`${u.name} ${verb} through the shaken ${friend.name}: every stand of both disordered`, ...moveTo(state, bf, u, through.pose)];
  }
  if (w.hitEnemy) {
    const short = walk(state, bf, u, heading, Math.max(0, w.travelled - SHORT_OF_ENEMY), facing, { exemptHalts: true });
    u.rs.retrograde = 'none';
    disorderStands(u, u.stands.length);
    return [`${u.name} ${verb} into the enemy and halts 2" short, every stand disordered`, ...moveTo(state, bf, u, short.pose)];
  }
  return [`${u.name} ${verb} ${inches(w.travelled)}`, ...moveTo(state, bf, u, w.pose), ...stopped(u, w, friend)];
}

/** Through a narrow gap it may pass loose, then on to whatever it meets beyond. */
function throughGap(state: HmState, bf: Battlefield, u: HmUnit, heading: number, facing: number, verb: string): string[] {
  const start = { x: u.x, y: u.y, facing: u.facing };
  const m = moveThroughGaps(state, bf, u, heading, WITHDRAW_STEP, facing, { exemptHalts: true });
  const w = m.walk;
  const notes = [`${u.name} ${verb} ${inches(w.travelled)}`, ...m.notes];
  if (u.removed) return notes;
  const friend = w.hitFriend ? unitById(state, w.hitFriend) : undefined;
  if (friend && isShaken(state, friend)) {
    const rest = walk(state, bf, u, heading, WITHDRAW_STEP - w.travelled, u.facing, { exemptHalts: true, ignore: [friend.id] });
    disorderStands(u, u.stands.length);
    disorderStands(friend, friend.stands.length);
    return [...notes, `and on through the shaken ${friend.name}: every stand of both disordered`, ...moveTo(state, bf, u, rest.pose)];
  }
  if (w.hitEnemy) {
    // Back along its own way to 2" short of where it would touch, or where it began.
    const back = pointAhead(start, heading, Math.max(0, w.travelled - SHORT_OF_ENEMY));
    u.rs.retrograde = 'none';
    disorderStands(u, u.stands.length);
    return [...notes, 'and halts 2" short of the enemy, every stand disordered', ...moveTo(state, bf, u, { ...back, facing: u.facing }, { terrainDisorder: false })];
  }
  return [...notes, ...stopped(u, w, friend)];
}

/** A stop short of the full move ends the withdrawal; behind an unshaken friend it stands loose (A §19.4). */
function stopped(u: HmUnit, w: WalkResult, friend: HmUnit | undefined): string[] {
  if (friend) {
    u.rs.retrograde = 'none';
    u.formation = 'loose';
    relayout(u);
    return [`and stops behind ${friend.name} in loose formation`];
  }
  if (w.stoppedBy) {
    u.rs.retrograde = 'none';
    return [`and stops: ${w.stoppedBy}`];
  }
  return [];
}
