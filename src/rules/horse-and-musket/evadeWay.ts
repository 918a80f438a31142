/**
 * Where Perfect Evaders may go (B §1.5): up to 6" (18" for cavalry) by a clear way that stays on the
 * table and never passes within 9" of an enemy Colour Stand other than their attacker's (nor nearer
 * one than they already stood). The straight way is tried first, the whole unit sweeping along it;
 * when it is blocked, a way that bends round the ground and units in the way is looked for, the
 * Colour Stand leading and the other stands arranged round it at the end, as a loose unit moves
 * (A §11.7) [ENGINE DEFAULT]. The distance is measured along the way.
 */

import { angleOf, corners, lerp, pointInRect, rectDistance, rectsOverlap, sub, type OrientedRect, type Vec2 } from '../../core/geometry';
import { dhypot } from '../../core/detmath';
import { standRect } from '../../core/model';
import { inch, toInches } from '../../core/measure';
import { findWay } from '../../core/waypath';
import type { Battlefield } from '../../terrain/battlefield';
import { unitsKnownTo } from './hidden';
import { walk, zoneContext } from './moves';
import { TABLE } from './setup';
import { impassableFor, pathBlocked } from './terrain';
import type { HmState, HmUnit } from './types';
import { liveUnits } from './world';
import { colourStand, isSkirmisher, offTable, sweptCollisions, type Pose } from './zones';

/** Where a relocation would leave the evaders and the way they take, or why they cannot go there. */
export type RelocationCheck = { ok: true; pose: Pose; distance: number; way: Vec2[] } | { ok: false; reason: string };

/** No closer than this to an enemy Colour Stand on the way (B §1.5). */
const COLOUR_STAND_LIMIT = inch(9);

/** The lattice a way round is looked for on, mm: a third of a stand, fine enough to slip past a corner. */
const WAY_CELL = inch(0.5);

/** An enemy Colour Stand the way must keep its distance from, and how far that is. */
interface Guard {
  unit: HmUnit;
  stand: OrientedRect;
  allowed: number;
}

/** The enemies whose Colour Stands the evaders must keep 9" from (or as far as they stood): those their side knows of, the attacker aside. */
function guards(state: HmState, evader: HmUnit, attacker: HmUnit | undefined): Guard[] {
  const known = new Set(unitsKnownTo(state, evader.side).map((k) => k.id));
  const mine = colourStand(evader);
  return liveUnits(state)
    .filter((e) => e.side !== evader.side && e.id !== attacker?.id && !e.rs.general?.attachedTo && known.has(e.id))
    .map((e) => {
      const stand = colourStand(e);
      return { unit: e, stand, allowed: Math.min(COLOUR_STAND_LIMIT, rectDistance(mine, stand)) };
    });
}

/** The evaders' Colour Stand with its centre at `p`. */
const standAt = (evader: HmUnit, p: Vec2, facing = evader.facing): OrientedRect => colourStand({ ...evader, x: p.x, y: p.y, facing });

/** The first guard the way along `points` comes too near, checked every quarter inch, and how near; null when none. */
function tooNear(evader: HmUnit, points: readonly Vec2[], finalFacing: number, all: readonly Guard[]): { guard: Guard; near: number } | null {
  for (const g of all) {
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1]!;
      const b = points[i]!;
      const steps = Math.max(1, Math.ceil(dhypot(b.x - a.x, b.y - a.y) / inch(0.25)));
      for (let k = 1; k <= steps; k++) {
        const last = i === points.length - 1 && k === steps;
        const near = rectDistance(standAt(evader, lerp(a, b, k / steps), last ? finalFacing : evader.facing), g.stand);
        if (near < g.allowed - 1) return { guard: g, near };
      }
    }
  }
  return null;
}

const tooNearReason = (hit: { guard: Guard; near: number }): string => `the way passes within 9" of ${hit.guard.unit.name}'s Colour Stand (${toInches(hit.near).toFixed(1)}")`;

/**
 * Whether Perfect Evaders may go to `to` (B §1.5), and by which way. They end facing their attacker,
 * whom they then fire at.
 */
export function relocationCheck(state: HmState, bf: Battlefield, evader: HmUnit, attacker: HmUnit | undefined, reach: number, to: Vec2): RelocationCheck {
  const from = { x: evader.x, y: evader.y };
  const d = dhypot(to.x - from.x, to.y - from.y);
  if (!Number.isFinite(d)) return { ok: false, reason: 'the evaders need a place to go' };
  if (d > reach + 0.5) return { ok: false, reason: `${evader.name} may go at most ${toInches(reach).toFixed(0)}" after a Perfect Evade, not ${toInches(d).toFixed(1)}"` };
  const heading = d > 0.5 ? angleOf(sub(to, from)) : evader.facing;
  const facing = attacker && !attacker.removed ? angleOf(sub({ x: attacker.x, y: attacker.y }, to)) : heading;
  const pose: Pose = { x: to.x, y: to.y, facing };
  const all = guards(state, evader, attacker);
  const w = walk(state, bf, evader, heading, d, facing, { exemptHalts: true });
  if (w.travelled >= d - 0.5 && w.leftTable) return { ok: false, reason: `${evader.name} would leave the table` };
  const near = w.travelled >= d - 0.5 ? tooNear(evader, [from, to], facing, all) : null;
  if (w.travelled >= d - 0.5 && !near) return { ok: true, pose, distance: d, way: [from, to] };
  const blocked = near ? tooNearReason(near) : `${evader.name} cannot get there: ${w.stoppedBy ?? 'the way is blocked'}`;
  // The straight way is blocked: a way round, if the evaders have room to stand where they are going.
  if (!roomAt(state, bf, evader, pose)) return { ok: false, reason: blocked };
  const way = wayRound(state, bf, evader, all, reach, to, facing);
  return way ? { ok: true, pose, distance: way.length, way: way.points } : { ok: false, reason: `${blocked}, and there is no way round within ${toInches(reach).toFixed(0)}"` };
}

/** Whether the whole unit, its stands laid out about its Colour Stand at `pose`, stands clear of other units and ground it may not enter, on the table. */
function roomAt(state: HmState, bf: Battlefield, evader: HmUnit, pose: Pose): boolean {
  const placed = { ...evader, ...pose };
  if (offTable(placed, TABLE)) return false;
  const others = liveUnits(state).filter((o) => o.id !== evader.id && !o.rs.general?.attachedTo);
  const hit = sweptCollisions(placed, pose, others, zoneContext(state, bf));
  if (hit.friends.length > 0 || hit.enemies.length > 0) return false;
  return !placed.stands.some((s) => onBarredGround(bf, standRect(placed, s), evader.rs.troop));
}

/** Whether a stand lies on ground its troops may not enter: at its centre, or across its edges or diagonals (a thin wall may lie between its corners). */
function onBarredGround(bf: Battlefield, r: OrientedRect, troop: HmUnit['rs']['troop']): boolean {
  const c = { x: r.cx, y: r.cy };
  if (impassableFor(bf, c, troop)) return true;
  const inset = corners(r).map((q) => lerp(q, c, 0.02));
  const lines: [Vec2, Vec2][] = [...inset.map((q, i): [Vec2, Vec2] => [q, inset[(i + 1) % 4]!]), [inset[0]!, inset[2]!], [inset[1]!, inset[3]!]];
  return lines.some(([a, b]) => pathBlocked(bf, a, b, troop) !== undefined);
}

/**
 * The shortest way round found for the Colour Stand within `reach`, on a half-inch lattice: every point of it on the table, off ground the evaders may not
 * enter and other units' stands (skirmishers are moved aside, A §11.8), and as far from enemy Colour
 * Stands as the rule asks; every leg of it walked for real.
 */
function wayRound(state: HmState, bf: Battlefield, evader: HmUnit, all: readonly Guard[], reach: number, to: Vec2, facing: number): { points: Vec2[]; length: number } | null {
  // Only units that could stand in the way: none whose Colour Stand is further than the reach and a long unit's width.
  const outOfReach = (o: HmUnit): boolean => dhypot(o.x - evader.x, o.y - evader.y) > reach + inch(12);
  const far = liveUnits(state).filter((o) => o.id !== evader.id && outOfReach(o)).map((o) => o.id);
  const others = liveUnits(state).filter((o) => o.id !== evader.id && !o.rs.general?.attachedTo && !isSkirmisher(o) && !outOfReach(o));
  const rects = others.flatMap((o) => o.stands.map((s) => standRect(o, s)));
  const troop = evader.rs.troop;
  const standable = (p: Vec2): boolean => {
    const r = standAt(evader, p);
    const pts = corners(r);
    if (pts.some((q) => q.x < 0 || q.y < 0 || q.x > TABLE.width || q.y > TABLE.depth)) return false;
    if (rects.some((o) => rectsOverlap(r, o) || pointInRect(o, p))) return false;
    if (onBarredGround(bf, r, troop)) return false;
    return all.every((g) => rectDistance(r, g.stand) >= g.allowed - 1);
  };
  const clear = (a: Vec2, b: Vec2): boolean => {
    const len = dhypot(b.x - a.x, b.y - a.y);
    if (len < 0.5) return true;
    const probe = { ...evader, x: a.x, y: a.y };
    const leg = walk(state, bf, probe, angleOf(sub(b, a)), len, evader.facing, { exemptHalts: true, colourStandOnly: true, ignore: far });
    return leg.travelled >= len - 0.5 && !tooNear(evader, [a, b], evader.facing, all);
  };
  const way = findWay({ x: evader.x, y: evader.y }, to, { cell: WAY_CELL, maxLength: reach, standable, clear });
  // The last step turns the evaders to face their attacker: that pose is checked for the 9" rule too.
  if (!way || tooNear(evader, way.points.slice(-2), facing, all)) return null;
  return way;
}
