/**
 * What the AI needs to know of command in Horse & Musket (A §6.6): a General's cards order only the
 * units of his Command whose Colour Stands are within his Leadership Range, and not at all while
 * he stands in an enemy threat zone or in contact. So a General is placed where his Command is in
 * reach and no horse can reach him, and a unit is best kept within its General's reach.
 */

import { rectDistance, type Vec2 } from '../../core/geometry';
import { dhypot } from '../../core/detmath';
import { inch } from '../../core/measure';
import type { HmState, HmUnit } from './types';
import { cincOf, liveUnits, unitById } from './world';
import { inZoneShape, threatZone, type ThreatZone } from './zones';

/** The units a General's cards are for: his Command, or every unit but guns for the CinC (A §6.6). */
export function commandOf(state: HmState, g: HmUnit): HmUnit[] {
  const gs = g.rs.general;
  if (!gs) return [];
  return liveUnits(state).filter((u) => u.side === g.side && u.rs.troop !== 'general' && u.rs.troop !== 'artillery' && (gs.role === 'cinc' ? true : u.rs.command === g.id));
}

/** Gap from a General standing at `at` to a unit's Colour Stand, as the range rule measures it. */
function reachGap(g: HmUnit, at: Vec2, u: HmUnit): number {
  const gs = g.stands[0]!;
  const cs = u.stands[0]!;
  return rectDistance({ cx: at.x, cy: at.y, facing: g.facing, width: gs.width, depth: gs.depth }, { cx: u.x, cy: u.y, facing: u.facing, width: cs.width, depth: cs.depth });
}

/**
 * The share of a General's Command within his Leadership Range if he stood at `at`, 0..1. The
 * CinC counts only the units no other General reaches now, and his own Command: his cards and the
 * Joker are what orders those.
 */
export function commandCoverage(state: HmState, g: HmUnit, at: Vec2): number {
  const gs = g.rs.general;
  if (!gs || gs.stats.range <= 0) return 0;
  let units = commandOf(state, g);
  if (gs.role === 'cinc') {
    const others = liveUnits(state).filter((o) => o.side === g.side && o.rs.general && o.id !== g.id && o.rs.general.role !== 'cinc' && o.rs.general.stats.range > 0);
    const reachedByOther = (u: HmUnit): boolean => others.some((o) => u.rs.command === o.id && reachGap(o, o, u) <= inch(o.rs.general!.stats.range));
    units = units.filter((u) => u.rs.command === g.id || !reachedByOther(u));
  }
  if (units.length === 0) return 1;
  const reach = inch(gs.stats.range);
  // Just outside the range is still worth something: a short move brings the unit back in.
  let sum = 0;
  for (const u of units) {
    const gap = reachGap(g, at, u);
    sum += gap <= reach ? 1 : gap <= reach + inch(4) ? 0.4 : 0;
  }
  return sum / units.length;
}

/** The enemy threat zones of a position, cached per state: a General inside one cannot give orders. */
const zonesOf = new WeakMap<HmState, Map<string, ThreatZone[]>>();

function enemyZones(state: HmState, side: string): ThreatZone[] {
  let bySide = zonesOf.get(state);
  if (!bySide) {
    bySide = new Map();
    zonesOf.set(state, bySide);
  }
  let zones = bySide.get(side);
  if (!zones) {
    const fog = state.rules.weather === 'fog';
    zones = liveUnits(state)
      .filter((u) => u.side !== side)
      .map((u) => threatZone(u, { fog }))
      .filter((z): z is ThreatZone => z !== null);
    bySide.set(side, zones);
  }
  return zones;
}

/** How safe a General is at `at`, 0..1: 0.1 inside an enemy threat zone, 0.5 within 3" of an enemy, else 1. */
export function generalSafety(state: HmState, g: HmUnit, at: Vec2): number {
  if (enemyZones(state, g.side).some((z) => inZoneShape(z, at, inch(1)))) return 0.1;
  const close = liveUnits(state).some((e) => e.side !== g.side && e.rs.troop !== 'general' && dhypot(e.x - at.x, e.y - at.y) < inch(4));
  return close ? 0.5 : 1;
}

/** Where a General is best placed: among the units his cards are for. */
export function commandCentre(state: HmState, g: HmUnit): Vec2 | null {
  const units = commandOf(state, g).filter((u) => g.rs.general?.role !== 'cinc' || u.rs.troop === 'infantry' || u.rs.command === g.id);
  if (units.length === 0) return null;
  return { x: units.reduce((s, u) => s + u.x, 0) / units.length, y: units.reduce((s, u) => s + u.y, 0) / units.length };
}

/** Whether a unit standing at `at` would be within reach of its own General's or the CinC's cards, 0..1. */
export function inCommand(state: HmState, u: HmUnit, at: Vec2): number {
  const generals = [u.rs.command ? unitById(state, u.rs.command) : undefined, cincOf(state, u.side)].filter((g): g is HmUnit => !!g && !g.removed && (g.rs.general?.stats.range ?? 0) > 0);
  if (generals.length === 0) return 1;
  const moved = { ...u, x: at.x, y: at.y };
  return generals.some((g) => reachGap(g, g, moved) <= inch(g.rs.general!.stats.range)) ? 1 : 0;
}
