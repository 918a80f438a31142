/**
 * Where a unit's stands stand in its frame, by formation (A §2, §11.5-11.7, B §1.2). The unit's
 * position (x, y) is its Colour Stand, which is always stands[0]: the reference for ranges, zones and
 * halts, the centre of a line and the head of a column.
 */

import type { Stand } from '../../core/model';
import { inch } from '../../core/measure';
import type { Formation, HmUnit, TroopType } from './types';

/** Stand sizes (A §2 suggests 40 mm squares at 28 mm; distances never change with base size). */
export const STAND_SIZE: Record<TroopType, { width: number; depth: number; figures: number }> = {
  infantry: { width: 40, depth: 40, figures: 4 },
  skirmInf: { width: 40, depth: 40, figures: 2 },
  lightCav: { width: 40, depth: 40, figures: 2 },
  heavyCav: { width: 40, depth: 40, figures: 2 },
  cuirassier: { width: 40, depth: 40, figures: 2 },
  skirmCav: { width: 40, depth: 40, figures: 2 },
  artillery: { width: 40, depth: 40, figures: 3 },
  general: { width: 30, depth: 30, figures: 1 },
};

/** Skirmisher and loose stands stand apart: 0.5"-1" in a skirmish chain (B §1.2). */
export const CHAIN_GAP = inch(0.75);
/** Loose formation: "stands not quite touching and not aligned" (A §11.7). */
export const LOOSE_GAP = inch(0.25);
/** A limbered gun is longer: the limber and team behind it. */
const LIMBER_DEPTH = inch(1.5);

function stand(troop: TroopType, f: number, l: number, depth?: number): Stand {
  const s = STAND_SIZE[troop];
  return { f, l, width: s.width, depth: depth ?? s.depth, figures: s.figures, status: 'ok' };
}

/**
 * Lateral slots of a line centred on the Colour Stand: 0, then right, left, right... so the Colour
 * Stand stays in the middle whatever the count.
 */
function lineSlot(i: number): number {
  if (i === 0) return 0;
  const k = Math.ceil(i / 2);
  return i % 2 === 1 ? k : -k;
}

/**
 * Lay out `count` stands for a troop type in a formation. Disorder is carried over by index by the
 * caller (relayout keeps statuses).
 */
export function layoutStands(troop: TroopType, formation: Formation, count: number, limbered = false): Stand[] {
  const { width, depth } = STAND_SIZE[troop];
  const out: Stand[] = [];
  const skirmisher = troop === 'skirmInf' || troop === 'skirmCav';
  for (let i = 0; i < count; i++) {
    if (troop === 'artillery') {
      out.push(stand(troop, 0, 0, limbered ? depth + LIMBER_DEPTH : depth));
    } else if (formation === 'column') {
      // A single file with the Colour Stand at the head (A §11.5 proposal).
      out.push(stand(troop, -i * depth, 0));
    } else if (formation === 'loose' || skirmisher) {
      // A chain either side of the Colour Stand, every other stand a little back so they do not align.
      const gap = skirmisher ? CHAIN_GAP : LOOSE_GAP;
      const slot = lineSlot(i);
      out.push(stand(troop, i % 2 === 0 ? 0 : -depth / 3, slot * (width + gap)));
    } else {
      out.push(stand(troop, 0, lineSlot(i) * width));
    }
  }
  return out;
}

/** Re-lay a unit's stands for its formation, keeping each stand's disorder. */
export function relayout(unit: HmUnit): void {
  const statuses = unit.stands.map((s) => s.status);
  const limbered = unit.rs.gun?.limbered ?? false;
  unit.stands = layoutStands(unit.rs.troop, unit.formation as Formation, unit.stands.length, limbered);
  unit.stands.forEach((s, i) => (s.status = statuses[i] ?? 'ok'));
}

/** Frontage of a formed line of `count` stands, mm. */
export function lineFrontage(troop: TroopType, count: number): number {
  return STAND_SIZE[troop].width * count;
}
