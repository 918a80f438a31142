/**
 * Moving units on the table: the walk that every move uses (ordered moves, compulsory moves and
 * Resolve-result moves), with what stops it (A §11-12, §19, B §4.1), and the context objects the
 * geometry and sight code read the terrain through.
 */

import { direction, wrapAngle, type Vec2 } from '../../core/geometry';
import { standRect } from '../../core/model';
import { inch } from '../../core/measure';
import type { Battlefield } from '../../terrain/battlefield';
import { lineOfSight } from '../../terrain/sight';
import { WEATHER } from './charts';
import { relayout } from './layout';
import { impassableToCavalryNear, moveCapAt, needsLoose, pathBlocked, slopeDisorder, slowingStopAlong, crossingsAlong } from './terrain';
import type { HmState, HmUnit } from './types';
import { attachedGenerals, liveUnits } from './world';
import { unitsKnownTo } from './hidden';
import { haltAlong, offTable, sweptCollisions, unitsNearWay, type Pose, type ZoneContext } from './zones';
import { asLoose, gunPassed, loosensForGuns, onGuns, passableGuns } from './throughGuns';
import { TABLE } from './setup';
import { dcos, dhypot, dsin } from '../../core/detmath';

/** How finely a walk is checked, mm: a quarter inch. */
const STEP = inch(0.25);

export function zoneContext(state: HmState, bf: Battlefield): ZoneContext {
  return {
    terrainBlocks: (a, b, troop) => pathBlocked(bf, a, b, troop) !== undefined,
    sightBlocked: (a, b) => !lineOfSight(bf, a, b, { eyeHeight: 25, targetHeight: 25, obscuringLimit: inch(2) }).visible,
    cavalryImpassableNear: (a, b, within) => impassableToCavalryNear(bf, a, b, within),
    table: TABLE,
    fog: state.rules.weather === 'fog',
  };
}

/** The longest move an order gives now (A §11.1, B §4.1, §4.12): 6", less in slowing ground or weather. */
export function moveCap(state: HmState, bf: Battlefield, u: HmUnit): number {
  const terrainCap = moveCapAt(bf, { x: u.x, y: u.y }, u.rs.troop, u.formation as 'line' | 'column' | 'loose');
  return inch(Math.min(terrainCap, WEATHER[state.rules.weather].maxMove));
}

export interface WalkOptions {
  /** Resolve-result and retrograde moves do not halt (A §12 exemptions, A47). */
  exemptHalts?: boolean;
  /** Ordered moves stop at the edge of slowing terrain (B §4.1). */
  stopAtSlowing?: boolean;
  /** Units it may pass through without stopping (its own attack target when charging, handled by the caller). */
  ignore?: string[];
  /** Sweep only the Colour Stand: a loose unit threading a gap, its other stands following round it (A §11.7). */
  colourStandOnly?: boolean;
}

export interface WalkResult {
  travelled: number;
  pose: Pose;
  /** Why it stopped short, in words, or null when it went all the way. */
  stoppedBy: string | null;
  /** Friendly / enemy units it would have run into next. */
  hitFriend: string | null;
  hitEnemy: string | null;
  hitTerrain: boolean;
  leftTable: boolean;
}

function poseAlong(u: HmUnit, heading: number, d: number, facing: number): Pose {
  const v = direction(heading);
  return { x: u.x + v.x * d, y: u.y + v.y * d, facing };
}

/**
 * Walk a unit up to `dist` along `heading`, ending with `facing`, stopping before impassable terrain
 * or another unit (skirmishers in the way are moved aside, A §11.8), at an automatic halt (A §12) and
 * at the edge of slowing terrain unless exempt. Does not move the unit: see `moveTo`.
 */
export function walk(state: HmState, bf: Battlefield, u: HmUnit, heading: number, dist: number, facing: number, opts: WalkOptions = {}): WalkResult {
  const ctx = zoneContext(state, bf);
  const present = liveUnits(state).filter((o) => o.id !== u.id && !o.rs.general?.attachedTo && !(opts.ignore ?? []).includes(o.id));
  // Ordered and marching moves pass through friendly or unmanned guns, loose (A §11.7, throughGuns.ts).
  const guns = opts.exemptHalts ? [] : passableGuns(u, present);
  const end = poseAlong(u, heading, dist, facing);
  // Only units near the way can be met: each step then sweeps a handful of stands, not the whole table's.
  const others = unitsNearWay(u, end, present.filter((o) => !guns.includes(o)));
  const result: WalkResult = { travelled: dist, pose: end, stoppedBy: null, hitFriend: null, hitEnemy: null, hitTerrain: false, leftTable: false };
  if (dist <= 0) return { ...result, travelled: 0, pose: { x: u.x, y: u.y, facing } };
  let limit = dist;
  const stop = (d: number, why: string): void => {
    if (d < limit) {
      limit = d;
      result.stoppedBy = why;
    }
  };
  if (opts.stopAtSlowing) {
    const s = slowingStopAlong(bf, { x: u.x, y: u.y }, result.pose, u.rs.troop, u.formation as 'line' | 'column' | 'loose');
    if (s) stop(s.t * dist, `reached ${s.feature.name} (slows movement)`);
  }
  // Stepwise collision and terrain checks (the stands sweep; a quarter inch at a time).
  const n = Math.max(1, Math.ceil(dist / STEP));
  let prev: Pose = { x: u.x, y: u.y, facing: u.facing };
  for (let k = 1; k <= n; k++) {
    const d = (dist * k) / n;
    if (d > limit) break;
    const pose = poseAlong(u, heading, d, k === n ? facing : u.facing);
    const moving = { ...u, x: prev.x, y: prev.y, facing: prev.facing, stands: opts.colourStandOnly ? u.stands.slice(0, 1) : u.stands };
    const hit = sweptCollisions(moving, pose, others, ctx);
    if (hit.terrain) {
      result.hitTerrain = true;
      stop((dist * (k - 1)) / n, 'impassable terrain ahead');
      break;
    }
    if (hit.friends.length || hit.enemies.length) {
      result.hitFriend = hit.friends[0] ?? null;
      result.hitEnemy = hit.enemies[0] ?? null;
      const who = state.units.find((x) => x.id === (hit.enemies[0] ?? hit.friends[0]));
      stop((dist * (k - 1)) / n, `${who?.name ?? 'another unit'} in the way`);
      break;
    }
    prev = pose;
  }
  if (!opts.exemptHalts) {
    const to = poseAlong(u, heading, limit, facing);
    // Halts come only from enemies the mover's side knows of (C §9.4).
    const known = new Set(unitsKnownTo(state, u.side).map((k) => k.id));
    const h = haltAlong(u, to, [...present.filter((o) => known.has(o.id)), u], ctx);
    if (h) stop(h.travelled, `halted: ${h.cause.text}`);
  }
  // It may not stop on top of the guns it passes: back off to where it stands clear, loose or formed.
  for (let d = limit; guns.length && d > 0; d = Math.max(0, d - STEP)) {
    const probe: HmUnit = { ...u, ...poseAlong(u, heading, d, u.facing) };
    const gun = onGuns(probe, guns) ?? onGuns(asLoose(probe), guns);
    if (!gun) break;
    stop(Math.max(0, d - STEP), `${gun.name} is in the way: a unit may pass through guns but not stop on them`);
  }
  result.travelled = Math.max(0, limit);
  result.pose = poseAlong(u, heading, result.travelled, result.travelled >= dist - 1e-6 ? facing : limit < dist ? u.facing : facing);
  const probe = { ...u, ...result.pose };
  result.leftTable = offTable(probe, TABLE);
  return result;
}

/**
 * Put a unit at a new pose: attached Generals come along, the unit goes loose where the ground asks
 * it (A §11.7), terrain disorder is applied (B §4.2 slopes and crossings), and a unit off the table is
 * removed for good (A §11.9). Returns sentences for the log.
 */
export function moveTo(state: HmState, bf: Battlefield, u: HmUnit, pose: Pose, opts: { terrainDisorder?: boolean; looseAllowed?: boolean } = {}): string[] {
  const notes: string[] = [];
  const from = { x: u.x, y: u.y };
  const dx = pose.x - u.x;
  const dy = pose.y - u.y;
  const turn = wrapAngle(pose.facing - u.facing);
  const before = { x: u.x, y: u.y, facing: u.facing };
  const wasOff = offTable(u, TABLE);
  u.x = pose.x;
  u.y = pose.y;
  u.facing = wrapAngle(pose.facing);
  if (dhypot(dx, dy) > 0.5) u.rs.moved = true;
  for (const g of attachedGenerals(state, u)) {
    // The General keeps his place relative to the unit.
    const rel = { x: g.x - before.x, y: g.y - before.y };
    const c = dcos(turn);
    const s = dsin(turn);
    g.x = u.x + rel.x * c - rel.y * s;
    g.y = u.y + rel.x * s + rel.y * c;
    g.facing = u.facing;
  }
  // Leaving the table takes a move: a unit whose stands already reached over the edge and that
  // did not go anywhere (a move stopped at once) is still on it.
  if (offTable(u, TABLE) && (!wasOff || dhypot(dx, dy) > 0.5 || Math.abs(turn) > 1e-6)) {
    u.removed = true;
    u.rs.removedBy = 'left-table';
    notes.push(`${u.name} leaves the table and is gone for the rest of the battle`);
    for (const g of attachedGenerals(state, u)) {
      g.removed = true;
      g.rs.removedBy = 'left-table';
    }
    return notes;
  }
  if (opts.terrainDisorder !== false && u.rs.troop !== 'general' && u.rs.troop !== 'artillery') {
    const crossings = crossingsAlong(bf, from, { x: u.x, y: u.y }, u.rs.troop);
    let disorder = 0;
    for (const c of crossings) {
      const n = c.disorder === 'all' ? u.stands.length : c.disorder;
      if (n > 0) {
        disorder += n;
        notes.push(`${u.name} crosses ${c.feature.name}: ${c.disorder === 'all' ? 'every stand' : n} disordered`);
      }
    }
    const slope = slopeDisorder(bf, u.stands.map((s) => standRect(u, s)), u.rs.troop, u.formation as 'line' | 'column' | 'loose');
    if (slope > 0) {
      disorder += slope;
      notes.push(`${u.name} moves on a steep slope: ${slope} stand${slope === 1 ? '' : 's'} disordered`);
    }
    if (disorder > 0) disorderStands(u, disorder);
  }
  if (opts.looseAllowed !== false && (u.formation === 'line' || u.formation === 'column') && u.rs.troop !== 'artillery' && u.rs.troop !== 'general') {
    const gun = loosensForGuns(u) ? gunPassed(u, before, passableGuns(u, liveUnits(state))) : null;
    if (gun || needsLoose(bf, u.stands.map((s) => standRect(u, s)), u.rs.troop, u.formation as 'line' | 'column')) {
      u.formation = 'loose';
      relayout(u);
      notes.push(gun ? `${u.name} breaks ranks into loose formation to pass ${gun.name}` : `${u.name} breaks ranks into loose formation`);
    }
  }
  return notes;
}


/** Disorder `n` more stands: from the ends, the Colour Stand last (A §15.1-15.2). Ends freshness (A §18.4). */
export function disorderStands(u: HmUnit, n: number): number {
  let done = 0;
  for (let i = u.stands.length - 1; i >= 0 && done < n; i--) {
    if (u.stands[i]!.status === 'ok') {
      u.stands[i]!.status = 'disordered';
      done++;
    }
  }
  if (done > 0) u.rs.fresh = false;
  return done;
}

/** Destroy `n` stands, disordered ones first, from the end; the Colour Stand (index 0) last (A §15.2). */
export function destroyStands(u: HmUnit, n: number): number {
  let done = 0;
  while (done < n && u.stands.length > 0) {
    let i = -1;
    for (let k = u.stands.length - 1; k >= 1; k--) if (u.stands[k]!.status === 'disordered') {
      i = k;
      break;
    }
    if (i < 0) i = u.stands.length > 1 ? u.stands.length - 1 : 0;
    u.stands.splice(i, 1);
    done++;
  }
  relayout(u);
  return done;
}

/** Point `d` mm from the unit along a heading. */
export function pointAhead(u: Pose, heading: number, d: number): Vec2 {
  const v = direction(heading);
  return { x: u.x + v.x * d, y: u.y + v.y * d };
}
