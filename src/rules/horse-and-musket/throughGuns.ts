/**
 * Moving through guns (A §11.7, B §2.1): a unit may pass through its own side's guns and through
 * unmanned guns; formed foot and horse do it in loose formation, which they enter as soon as they
 * come within 1" of them (skirmishers and Generals need not). No unit may stop on top of them, and
 * guns do not pass through guns.
 */

import { dhypot } from '../../core/detmath';
import { rectDistance } from '../../core/geometry';
import { inch } from '../../core/measure';
import { standRect } from '../../core/model';
import { layoutStands } from './layout';
import type { HmUnit } from './types';
import { isUnmannedGun, unitsOverlap, type Pose } from './zones';

/** "Within one inch" of a gun, mm. */
const NEAR_GUNS = inch(1);
/** How finely a path is checked for guns passed, mm. */
const PATH_STEP = inch(0.25);

/** Whether this unit may pass through guns at all: anything but guns. */
export function passesGuns(u: HmUnit): boolean {
  return u.rs.troop !== 'artillery';
}

/** Whether passing guns breaks this unit's ranks: formed foot and horse only. */
export function loosensForGuns(u: HmUnit): boolean {
  return passesGuns(u) && u.rs.troop !== 'general' && u.rs.troop !== 'skirmInf' && u.rs.troop !== 'skirmCav';
}

/** Guns among `others` this unit may pass through: its own side's, and any that are unmanned. */
export function passableGuns(u: HmUnit, others: readonly HmUnit[]): HmUnit[] {
  if (!passesGuns(u)) return [];
  return others.filter((g) => g.id !== u.id && !g.removed && g.rs.gun && (g.side === u.side || isUnmannedGun(g)));
}

/** The gun among these that a stand of `u` overlaps, or null. */
export function onGuns(u: HmUnit, guns: readonly HmUnit[]): HmUnit | null {
  return guns.find((g) => unitsOverlap(u, g)) ?? null;
}

/** Gap between the nearest stands of `u` and gun `g`, mm (0 when they touch or overlap). */
function gapToGun(u: HmUnit, g: HmUnit): number {
  let best = Infinity;
  for (const s of u.stands) {
    const r = standRect(u, s);
    for (const t of g.stands) best = Math.min(best, rectDistance(r, standRect(g, t)));
  }
  return best;
}

/**
 * The first of these guns `u` moved to within 1" of on its straight way from pose `from` to where it
 * stands now, or null. Moving on within 1" counts only when it draws nearer: a unit already beside
 * its guns that marches on alongside them, or away, keeps its ranks.
 */
export function gunPassed(u: HmUnit, from: Pose, guns: readonly HmUnit[]): HmUnit | null {
  if (!guns.length) return null;
  const dx = u.x - from.x;
  const dy = u.y - from.y;
  const start: HmUnit = { ...u, x: from.x, y: from.y, facing: from.facing };
  const startGap = new Map(guns.map((g) => [g.id, gapToGun(start, g)]));
  const n = Math.max(1, Math.ceil(dhypot(dx, dy) / PATH_STEP));
  for (let k = 1; k <= n; k++) {
    const at: HmUnit = { ...u, x: from.x + (dx * k) / n, y: from.y + (dy * k) / n, facing: k === n ? u.facing : from.facing };
    const near = guns.find((g) => {
      const gap = gapToGun(at, g);
      return gap <= NEAR_GUNS && gap < startGap.get(g.id)! - 0.5;
    });
    if (near) return near;
  }
  return null;
}

/** The unit as it would stand in loose formation, as a copy (to check where it may stop). */
export function asLoose(u: HmUnit): HmUnit {
  return { ...u, stands: layoutStands(u.rs.troop, 'loose', u.stands.length) };
}
