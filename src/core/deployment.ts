/**
 * Deployment by the players, rule-agnostic: deployment zones as polygons on the table, placing a
 * unit's stands in a zone without overlapping other units, the shapes of the step's legal actions,
 * and a search for the nearest free spot (what "deploy the rest for me" needs). A ruleset decides
 * which zone each unit may use, in what order the sides deploy and what is hidden; the checks and
 * the actions' shapes are the same for every rulebook.
 */

import { pointInPolygon, polygonCentroid, distance, corners, rectsOverlap, wrapAngle, type Vec2 } from './geometry';
import { standRect, type SideId, type Unit } from './model';
import { unitDistances } from './unitDistance';
import type { ActionParam, LegalAction, Overlay } from './ruleset';
import { dcos, dsin } from './detmath';

/**
 * `carriedBy` of a unit waiting to be deployed: it is off the table (not drawn, not in any
 * geometry) until a `deploy` action puts it down.
 */
export const UNDEPLOYED = 'awaiting-deployment';

/** The action types of a deployment step. */
export const DEPLOY_ACTION = 'deploy';
export const DEPLOY_REST_ACTION = 'deploy-rest';
export const DEPLOY_DONE_ACTION = 'deploy-done';
/** A side stops placing units (those left come later, as the ruleset says: reinforcements in horse-and-musket 5B). */
export const DEPLOY_STOP_ACTION = 'deploy-stop';

/** A stretch of the table where some of a side's units may be set up. Polygons are convex. */
export interface DeployZone {
  id: string;
  side: SideId;
  /** Plain words for the player: "within 12" of your baseline". */
  label: string;
  polygon: Vec2[];
}

export interface Pose {
  x: number;
  y: number;
  facing: number;
}

/** What deployment needs of a unit, whatever the ruleset's own record. */
export type Placeable = Pick<Unit, 'id' | 'name' | 'x' | 'y' | 'facing' | 'stands' | 'removed' | 'carriedBy'>;

export const isUndeployed = (u: Pick<Unit, 'carriedBy'>): boolean => u.carriedBy === UNDEPLOYED;

/** A copy of the unit standing at `pose` (its stands as they are, or as `stands` gives). */
export function posed<U extends Placeable>(unit: U, pose: Pose, stands = unit.stands): U {
  return { ...unit, x: pose.x, y: pose.y, facing: pose.facing, stands };
}

/** Whether every live stand of the unit lies wholly inside the polygon (a convex zone). */
export function unitInPolygon(unit: Pick<Unit, 'x' | 'y' | 'facing' | 'stands'>, polygon: readonly Vec2[]): boolean {
  return unit.stands.filter((s) => s.status !== 'destroyed').every((s) => corners(standRect(unit, s)).every((c) => pointInPolygon(c, polygon)));
}

/** The other units on the table whose stands overlap this unit's (touching is allowed). */
export function overlappingUnits<U extends Placeable>(unit: U, others: readonly U[]): U[] {
  const mine = unit.stands.filter((s) => s.status !== 'destroyed').map((s) => standRect(unit, s));
  return others.filter(
    (o) =>
      o.id !== unit.id &&
      !o.removed &&
      !o.carriedBy &&
      o.stands.some((s) => s.status !== 'destroyed' && mine.some((r) => rectsOverlap(r, standRect(o, s)))),
  );
}

/**
 * What is wrong with putting a unit (already posed where it would stand) down, in words, or null
 * when it may go there: a stand outside every zone it may use, or a stand on another unit.
 */
export function placementProblem<U extends Placeable>(unit: U, zones: readonly DeployZone[], onTable: readonly U[]): string | null {
  if (zones.length === 0) return `${unit.name} has no deployment zone`;
  if (!zones.some((z) => unitInPolygon(unit, z.polygon))) {
    return `${unit.name} must stand wholly inside ${zones.length === 1 ? 'its deployment zone' : 'one of its deployment zones'} (${zones.map((z) => z.label).join('; or ')})`;
  }
  const hit = overlappingUnits(unit, onTable);
  if (hit.length) return `${unit.name} would stand on ${hit.map((u) => u.name).join(' and ')}`;
  return null;
}

/** A point param reaching every corner of the zones, from their middle, limited to the zones' region. */
function zonePoint(zones: readonly DeployZone[]): Extract<ActionParam, { kind: 'point' }> {
  const all = zones.flatMap((z) => z.polygon);
  const origin = polygonCentroid(zones[0]!.polygon);
  const reach = Math.max(...all.map((p) => distance(origin, p)));
  return { name: 'at', kind: 'point', label: 'Where its Colour Stand goes', origin, maxReach: reach, regions: zones.map((z) => z.polygon) };
}

/**
 * The legal action that puts a unit down (or picks it up and puts it down again): where (`at`), its
 * facing (`facing`, radians on the table), and its formation when it has a choice of them.
 */
export function deployAction(side: SideId, unit: Pick<Unit, 'id' | 'name' | 'carriedBy'>, zones: readonly DeployZone[], formations: { value: string; label: string }[]): LegalAction {
  const params: ActionParam[] = [zonePoint(zones), { name: 'facing', kind: 'angle', label: 'Facing', min: -Math.PI, max: Math.PI }];
  if (formations.length > 1) params.push({ name: 'formation', kind: 'choice', label: 'Formation', choices: formations });
  // Setting a unit down is the step's business; picking one up again to move it is optional ("adjust").
  const first = isUndeployed(unit);
  return { action: { type: DEPLOY_ACTION, side, unit: unit.id }, label: `${first ? 'Deploy' : 'Move'} ${unit.name}`, group: first ? 'deploy' : 'adjust', params, unit: unit.id };
}

/** The step's two closing actions: the engine sets up the rest, and the side has finished. */
export function deployTurnActions(side: SideId, left: number): LegalAction[] {
  const out: LegalAction[] = [];
  if (left > 0) out.push({ action: { type: DEPLOY_REST_ACTION, side }, label: `Deploy the rest for me (${left})`, group: 'turn', params: [] });
  out.push({ action: { type: DEPLOY_DONE_ACTION, side }, label: 'Deployment done', group: 'turn', params: [] });
  return out;
}

/** Read a deploy action's open values, or say what is missing. */
export function readDeploy(action: Record<string, unknown>): { unit: string; at: Vec2; facing: number; formation?: string } {
  const at = action.at as Vec2 | undefined;
  if (typeof action.unit !== 'string') throw new TypeError('a deployment names the unit to place');
  if (!at || typeof at.x !== 'number' || typeof at.y !== 'number' || !Number.isFinite(at.x) || !Number.isFinite(at.y)) throw new TypeError('a deployment needs the point where the unit goes');
  const facing = Number(action.facing);
  if (!Number.isFinite(facing)) throw new TypeError('a deployment needs the facing of the unit');
  const out: { unit: string; at: Vec2; facing: number; formation?: string } = { unit: action.unit, at: { x: at.x, y: at.y }, facing: wrapAngle(facing) };
  if (typeof action.formation === 'string') out.formation = action.formation;
  return out;
}

/**
 * The nearest pose to `want` (same facing) at which the unit stands in a zone and on nobody, tried
 * on rings `step` apart out to `maxRadius`, or null. `accept` adds the ruleset's own tests (ground).
 */
export function nearestFreePose<U extends Placeable>(
  unit: U,
  want: Pose,
  zones: readonly DeployZone[],
  onTable: readonly U[],
  accept: (candidate: U) => boolean = () => true,
  step = 25.4,
  maxRadius = 25.4 * 24,
): Pose | null {
  const tryAt = (x: number, y: number): Pose | null => {
    const pose = { x, y, facing: want.facing };
    const c = posed(unit, pose);
    return placementProblem(c, zones, onTable) === null && accept(c) ? pose : null;
  };
  const here = tryAt(want.x, want.y);
  if (here) return here;
  for (let r = step; r <= maxRadius; r += step) {
    // Points round the ring, about one step apart, nearest the side's own preference first (even spread).
    const n = Math.max(8, Math.round((2 * Math.PI * r) / step));
    for (let i = 0; i < n; i++) {
      const a = (i * 2 * Math.PI) / n;
      const p = tryAt(want.x + dcos(a) * r, want.y + dsin(a) * r);
      if (p) return p;
    }
  }
  return null;
}

/** The zones as shapes for the scene to shade: the viewer's own in its colour, faintly. */
export function zoneOverlays(zones: readonly DeployZone[], colour: string): Overlay[] {
  return zones.map((z) => ({ kind: 'polygon', points: z.polygon, colour, opacity: 0.3, label: z.label }));
}

/** A rectangle [x0, x1] × [y0, y1] as a zone polygon, corners anticlockwise. */
export function rectZone(id: string, side: SideId, label: string, x0: number, y0: number, x1: number, y1: number): DeployZone {
  return { id, side, label, polygon: [{ x: x0, y: y0 }, { x: x1, y: y0 }, { x: x1, y: y1 }, { x: x0, y: y1 }] };
}

/**
 * Where `other` stands from `unit`, seen by a side looking along `forward` (radians on the table):
 * how far ahead of it and to its right (centres), and the gap between their closest stands.
 */
export function relativePlace(unit: Placeable, other: Placeable, forward: number): { ahead: number; right: number; gap: number } {
  const dx = other.x - unit.x;
  const dy = other.y - unit.y;
  const [c, s] = [dcos(forward), dsin(forward)];
  return { ahead: dx * c + dy * s, right: dx * s - dy * c, gap: unitDistances(unit, other).edges };
}

/** A unit's extent across a side's front, looking along `forward`: its left and right edges (right positive). */
export function acrossExtent(unit: Placeable, forward: number): { left: number; right: number } {
  const [c, s] = [dcos(forward), dsin(forward)];
  let left = Infinity;
  let right = -Infinity;
  for (const st of unit.stands) {
    if (st.status === 'destroyed') continue;
    for (const p of corners(standRect(unit, st))) {
      const across = p.x * s - p.y * c;
      left = Math.min(left, across);
      right = Math.max(right, across);
    }
  }
  return { left, right };
}
