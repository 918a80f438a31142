/** The two distances players measure between units: closest edges (stand to stand) and centre to centre. */

import { distance, rectDistance } from './geometry';
import { standRect, unitFootprint, type Unit } from './model';

type Placed = Pick<Unit, 'x' | 'y' | 'facing' | 'stands'>;

function liveStands(u: Placed): Placed['stands'] {
  const live = u.stands.filter((s) => s.status !== 'destroyed');
  return live.length ? live : u.stands;
}

/** Millimetres between the closest edges of any two of their stands, and between their footprints' centres. */
export function unitDistances(a: Placed, b: Placed): { edges: number; centres: number } {
  let edges = Infinity;
  for (const s of liveStands(a)) {
    const ra = standRect(a, s);
    for (const t of liveStands(b)) edges = Math.min(edges, rectDistance(ra, standRect(b, t)));
  }
  const fa = unitFootprint(a);
  const fb = unitFootprint(b);
  return { edges, centres: distance({ x: fa.cx, y: fa.cy }, { x: fb.cx, y: fb.cy }) };
}
