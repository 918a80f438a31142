/**
 * The program's own plan for a flanking force (B §7, §9.2): which units go, by which flank and which
 * half of it, within the points it may spend. Used by the Austrians' trade of fortification points
 * for flank marches (B §3.3 rule 3, worksTrade.ts) and by the armies the program plans for itself
 * (the `plannedForces` option, setup.ts). Deterministic: it reads only the units and the ground.
 */

import type { Vec2 } from '../../core/geometry';
import { inch } from '../../core/measure';
import type { SideId } from '../../core/model';
import type { Battlefield } from '../../terrain/battlefield';
import { EARLIEST_ARRIVAL_JOKER } from './charts';
import { entryEdge } from './setup';
import { impassableFor, inRoughTerrain } from './terrain';
import type { OffTableForce, TroopType } from './types';
import { flankSurcharge } from './armies';
import { dcos, dhypot, dsin } from '../../core/detmath';

/** Formed and skirmishing horse: a force of these alone may add or subtract 1 from its arrival die (B §7). */
export const MOUNTED_TROOPS: readonly TroopType[] = ['lightCav', 'heavyCav', 'cuirassier', 'skirmCav'];

/** How deep into the table the ground a force comes on over is judged. */
const ENTRY_DEPTH = inch(12);
/** A far half arrives a Joker later at the earliest (B §7): its going must be this much better to be chosen. */
const FAR_HALF_COST = 0.15;

/** One way onto the table: the owner's left or right flank, near or far half. */
export interface FlankWay {
  flank: 'left' | 'right';
  half: 'near' | 'far';
}

/**
 * How open the ground is where a force would come on: the share of points in the strip 12" deep
 * along its stretch of edge (every 2" along, every 3" in) that `troop` may enter and that is not
 * rough. 1 is open fields, 0 a wood or a lake.
 */
export function entryGoing(bf: Battlefield, side: SideId, ownEdge: 'near' | 'far', way: FlankWay, troop: TroopType): number {
  const force: Pick<OffTableForce, 'side' | 'kind' | 'flank' | 'ownEdge'> = { side, kind: way.half === 'near' ? 'nearFlank' : 'farFlank', flank: way.flank, ownEdge };
  const e = entryEdge(force, { width: bf.width, depth: bf.depth });
  const inward = { x: dcos(e.inward), y: dsin(e.inward) };
  const length = dhypot(e.b.x - e.a.x, e.b.y - e.a.y);
  const steps = Math.max(1, Math.round(length / inch(2)));
  let open = 0;
  let all = 0;
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const edge: Vec2 = { x: e.a.x + (e.b.x - e.a.x) * t, y: e.a.y + (e.b.y - e.a.y) * t };
    for (let d = inch(1); d <= ENTRY_DEPTH; d += inch(3)) {
      const p = { x: edge.x + inward.x * d, y: edge.y + inward.y * d };
      all++;
      if (!impassableFor(bf, p, troop) && !inRoughTerrain(bf, p)) open++;
    }
  }
  return all ? open / all : 0;
}

/**
 * The way in for a force: the flank whose ground is most open for its troops (averaged over the
 * owner's possible edges when the table side is still to be rolled). A force of horse may
 * take the far half, behind the enemy's line, when its ground is better by more than the Joker it
 * costs; foot always the near half, so it is not on the road for the whole battle. Ties go left.
 */
export function bestWay(bf: Battlefield, side: SideId, ownEdge: 'near' | 'far' | readonly ('near' | 'far')[], troop: TroopType): { way: FlankWay; going: number; joker: number } {
  // Before the table sides are rolled the owner's edge is not known: each flank is judged on both.
  const edges = typeof ownEdge === 'string' ? [ownEdge] : ownEdge;
  const mounted = MOUNTED_TROOPS.includes(troop);
  const ways: FlankWay[] = [
    { flank: 'left', half: 'near' },
    { flank: 'right', half: 'near' },
    ...(mounted ? ([{ flank: 'left', half: 'far' }, { flank: 'right', half: 'far' }] as FlankWay[]) : []),
  ];
  let best: { way: FlankWay; going: number; score: number } | null = null;
  for (const way of ways) {
    const going = edges.reduce((sum, e) => sum + entryGoing(bf, side, e, way, troop), 0) / edges.length;
    const score = going - (way.half === 'far' ? FAR_HALF_COST : 0);
    if (!best || score > best.score + 1e-9) best = { way, going, score };
  }
  return { way: best!.way, going: best!.going, joker: EARLIEST_ARRIVAL_JOKER[best!.way.half === 'near' ? 'nearFlank' : 'farFlank'] };
}

/** A unit the plan may send: its id, troop type and stands. */
export interface Candidate {
  id: string;
  troop: TroopType;
  stands: number;
}

/**
 * The units for a flanking force within `points` of surcharge (B §9.2: +1 a foot stand, +2 a
 * mounted stand, +10 a gun): formed horse first, as many as fit (a wing that arrives fast and may
 * adjust its arrival die), then light horse; only when no horse fits, battalions of `foot` (the
 * second line, in the order given). Guns never go: they cost 10 and cannot leave the road quickly.
 * At most `most` units. Returns the chosen candidates and the points they cost.
 */
export function pickFlankers(horse: Candidate[], foot: Candidate[], points: number, most = Infinity): { units: Candidate[]; cost: number } {
  const take = (pool: Candidate[]): { units: Candidate[]; cost: number } => {
    const units: Candidate[] = [];
    let cost = 0;
    for (const c of pool) {
      const price = flankSurcharge(c.troop, c.stands);
      if (units.length >= most || cost + price > points) continue;
      units.push(c);
      cost += price;
    }
    return { units, cost };
  };
  const formed = horse.filter((c) => c.troop !== 'skirmCav');
  const light = horse.filter((c) => c.troop === 'skirmCav');
  const mounted = take([...formed, ...light]);
  if (mounted.units.length) return mounted;
  return take(foot);
}
