/**
 * Who can see whom: a matrix of unit-to-unit visibility for the AI and for fog of war. A unit is a
 * handful of points (eye points for observers, the points that may be seen for targets), and one
 * unit sees another when any of its eye points sees any of the other's points. Every answer comes
 * from sightClear, lineOfSight's own walk without the reasons, so the matrix and a single "can A
 * see B" question never disagree.
 */

import type { Vec2 } from '../core/geometry';
import type { Battlefield } from './battlefield';
import { heightAt } from './heightmap';
import { sightClearOnGround, type SightHint, type SightOptions } from './sight';

export interface SightObserver {
  id: string;
  /** Eye points, e.g. the centre and corners of the unit's front. */
  points: Vec2[];
  /** Eye above the ground, mm. */
  eyeHeight: number;
}

export interface SightTarget {
  id: string;
  /** Points that may be seen ("any part of the target"). */
  points: Vec2[];
  /** Height above the ground of each point, mm. */
  height: number;
}

export interface VisibilityOptions {
  /** As in lineOfSight: mm of woods a line may cross below the canopy. */
  obscuringLimit?: number;
  /** Longest visible distance, mm. */
  maxRange?: number;
}

/**
 * visibility[i * targets.length + j] is 1 when observers[i] sees targets[j]. Per pair the point
 * pairs are tried nearest first and the search stops at the first one that sees; a pair whose
 * units are wholly out of range is settled without a sight line.
 */
export function visibilityMatrix(
  bf: Battlefield,
  observers: readonly SightObserver[],
  targets: readonly SightTarget[],
  opts: VisibilityOptions = {},
): Uint8Array {
  const nt = targets.length;
  const out = new Uint8Array(observers.length * nt);
  const pairs = new PairSight(bf, opts);
  const tBounds = targets.map((t) => placeOf(bf, t.points));
  for (let i = 0; i < observers.length; i++) {
    const ob = observers[i]!;
    const oBox = placeOf(bf, ob.points);
    for (let j = 0; j < nt; j++) if (pairs.sees(ob, oBox, targets[j]!, tBounds[j]!)) out[i * nt + j] = 1;
  }
  return out;
}

/**
 * The visibility matrix kept up to date as units move: each call answers as visibilityMatrix
 * would, working out again only the pairs where the observer or the target has moved (or changed
 * its points or heights) since the last call. After one unit moves that is one row and one column,
 * so the AI and fog of war can ask after every move.
 */
export class VisibilityTracker {
  private readonly pairs: PairSight;
  private readonly bf: Battlefield;
  /** Where each observer (by id) stood last time, and its answers: per target id, the target's place number, negative if not seen. */
  private readonly observers = new Map<string, { place: UnitPlace; seen: Map<string, number> }>();
  /** Where each target (by id) stood last time. */
  private readonly targets = new Map<string, UnitPlace>();
  /** The last place number handed out: every new place gets a new one. */
  private places = 0;
  /** How many pairs the last call worked out (the rest were reused). */
  recomputed = 0;

  constructor(bf: Battlefield, opts: VisibilityOptions = {}) {
    this.pairs = new PairSight(bf, opts);
    this.bf = bf;
  }

  matrix(observers: readonly SightObserver[], targets: readonly SightTarget[]): Uint8Array {
    const nt = targets.length;
    const out = new Uint8Array(observers.length * nt);
    // Compared as numbers (not as strings of them, which cost more than the lookups they save).
    const tPlaces = new Float64Array(nt);
    for (let j = 0; j < nt; j++) {
      const tg = targets[j]!;
      let place = this.targets.get(tg.id);
      if (place === undefined) this.targets.set(tg.id, (place = newPlace()));
      tPlaces[j] = this.placeNumber(place, tg.points, tg.height);
    }
    const tBounds: (Place | undefined)[] = new Array<Place | undefined>(nt);
    this.recomputed = 0;
    for (let i = 0; i < observers.length; i++) {
      const ob = observers[i]!;
      let entry = this.observers.get(ob.id);
      if (entry === undefined) this.observers.set(ob.id, (entry = { place: newPlace(), seen: new Map() }));
      const before = entry.place.number;
      // A new place: every answer of this observer is out of date.
      if (this.placeNumber(entry.place, ob.points, ob.eyeHeight) !== before) entry.seen.clear();
      let oBox: Place | undefined;
      for (let j = 0; j < nt; j++) {
        const tg = targets[j]!;
        const known = entry.seen.get(tg.id);
        let sees: boolean;
        if (known !== undefined && Math.abs(known) === tPlaces[j]) sees = known > 0;
        else {
          oBox ??= placeOf(this.bf, ob.points);
          sees = this.pairs.sees(ob, oBox, tg, (tBounds[j] ??= placeOf(this.bf, tg.points)));
          entry.seen.set(tg.id, sees ? tPlaces[j]! : -tPlaces[j]!);
          this.recomputed++;
        }
        if (sees) out[i * nt + j] = 1;
      }
    }
    return out;
  }

  /** The place's number, a new one if the points or height differ from those it holds (which it then takes). */
  private placeNumber(place: UnitPlace, points: readonly Vec2[], height: number): number {
    const c = place.coords;
    let same = place.number > 0 && c.length === 2 * points.length + 1 && c[0] === height;
    for (let k = 0; same && k < points.length; k++) same = c[2 * k + 1] === points[k]!.x && c[2 * k + 2] === points[k]!.y;
    if (same) return place.number;
    const coords = c.length === 2 * points.length + 1 ? c : (place.coords = new Float64Array(2 * points.length + 1));
    coords[0] = height;
    for (let k = 0; k < points.length; k++) {
      coords[2 * k + 1] = points[k]!.x;
      coords[2 * k + 2] = points[k]!.y;
    }
    place.number = ++this.places;
    return place.number;
  }
}

/** Where a unit stood: its height, then x and y of each point; and its place number (0: none yet). */
interface UnitPlace {
  coords: Float64Array;
  number: number;
}

function newPlace(): UnitPlace {
  return { coords: new Float64Array(0), number: 0 };
}

/** Does one unit see another: the nearest point pair, then the rest, until one sees. */
class PairSight {
  // Every field set from the start, so the object keeps one shape (the walk reads a missing
  // limit as 0).
  private readonly sight: SightOptions = { eyeHeight: 0, targetHeight: 0, obscuringLimit: 0 };
  // What blocked the last line tried: the next pair of points, close by, is often blocked alike.
  private readonly hint: SightHint = { kind: 'none', x: 0, y: 0, feature: -1 };
  private readonly maxRange: number;

  constructor(
    private readonly bf: Battlefield,
    opts: VisibilityOptions,
  ) {
    if (opts.obscuringLimit !== undefined) this.sight.obscuringLimit = opts.obscuringLimit;
    if (opts.maxRange !== undefined) this.sight.maxRange = opts.maxRange;
    this.maxRange = opts.maxRange ?? Infinity;
  }

  sees(ob: SightObserver, oBox: Place, tg: SightTarget, tBox: Place): boolean {
    if (ob.points.length === 0 || tg.points.length === 0) return false;
    // The boxes' gap is a lower bound on every point pair's length.
    if (boxGap(oBox, tBox) > this.maxRange) return false;
    this.sight.eyeHeight = ob.eyeHeight;
    this.sight.targetHeight = tg.height;
    // Near lines are cheaper and more often clear: first the line between the observer's point
    // nearest the target and the target's point nearest the observer (each judged from the
    // other's middle). If that is blocked the pair is most likely hidden, every line must be
    // tried, and the order is no matter: any order gives the same answer.
    const nearEye = nearestTo(ob.points, (tBox.minX + tBox.maxX) / 2, (tBox.minY + tBox.maxY) / 2);
    const nearTarget = nearestTo(tg.points, (oBox.minX + oBox.maxX) / 2, (oBox.minY + oBox.maxY) / 2);
    const { bf, sight, hint } = this;
    if (sightClearOnGround(bf, ob.points[nearEye]!, oBox.ground[nearEye]!, tg.points[nearTarget]!, tBox.ground[nearTarget]!, sight, hint)) return true;
    for (let a = 0; a < ob.points.length; a++) {
      for (let b = 0; b < tg.points.length; b++) {
        if (a === nearEye && b === nearTarget) continue;
        if (sightClearOnGround(bf, ob.points[a]!, oBox.ground[a]!, tg.points[b]!, tBox.ground[b]!, sight, hint)) return true;
      }
    }
    return false;
  }
}

/** The index of the point nearest (x, y). */
function nearestTo(points: readonly Vec2[], x: number, y: number): number {
  let best = 0;
  let bestD = Infinity;
  for (let k = 0; k < points.length; k++) {
    const dx = points[k]!.x - x;
    const dy = points[k]!.y - y;
    const d = dx * dx + dy * dy;
    if (d < bestD) {
      bestD = d;
      best = k;
    }
  }
  return best;
}

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** A unit's points: their bounds, and the ground height under each (worked out once, not per line). */
interface Place extends Box {
  ground: Float64Array;
}

function placeOf(bf: Battlefield, points: readonly Vec2[]): Place {
  const box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity, ground: new Float64Array(points.length) };
  for (let k = 0; k < points.length; k++) box.ground[k] = heightAt(bf.heightmap, points[k]!.x, points[k]!.y);
  for (const p of points) {
    if (p.x < box.minX) box.minX = p.x;
    if (p.y < box.minY) box.minY = p.y;
    if (p.x > box.maxX) box.maxX = p.x;
    if (p.y > box.maxY) box.maxY = p.y;
  }
  return box;
}

function boxGap(a: Box, b: Box): number {
  const dx = Math.max(0, a.minX - b.maxX, b.minX - a.maxX);
  const dy = Math.max(0, a.minY - b.maxY, b.minY - a.maxY);
  return Math.sqrt(dx * dx + dy * dy);
}
