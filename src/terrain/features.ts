/**
 * Terrain features as plain JSON objects, so they can be saved, hashed and sent to the page as
 * they are. Geometry comes in two shapes only: an area (`polygon`) or a linear feature (`line` +
 * `width`). Queries go by shape, not by kind, so a new kind (town, marsh, wall, crops...) needs a
 * new interface in the union below and nothing else in the query or sight code.
 */

import type { Vec2 } from '../core/geometry';

export type FeatureKind =
  | 'hill'
  | 'wood'
  | 'orchard'
  | 'river'
  | 'stream'
  | 'road'
  | 'ford'
  | 'bridge'
  | 'marsh'
  | 'rough'
  | 'crops'
  | 'hedge'
  | 'wall'
  | 'fence';

interface FeatureBase {
  /** Stable within a battlefield: the same spec always gives the same ids. */
  id: string;
  kind: FeatureKind;
  /** For people: "Hill 2", "North-west wood". */
  name: string;
}

export interface AreaGeometry {
  /** Outline, counter-clockwise or clockwise, not closed (the last point does not repeat the first). */
  polygon: Vec2[];
}

export interface LinearGeometry {
  /** Centre line. */
  line: Vec2[];
  /** Full width, mm. */
  width: number;
}

export interface HillFeature extends FeatureBase, AreaGeometry {
  kind: 'hill';
  /** Summit position. */
  centre: Vec2;
  /** Mean footprint radius, mm. */
  radius: number;
  /** Rise of the summit above the surrounding ground, mm. */
  height: number;
}

export interface WoodFeature extends FeatureBase, AreaGeometry {
  kind: 'wood';
  /** Height of the canopy top above the ground, mm. */
  canopyHeight: number;
}

/** Fruit trees in rows: lower and thinner than a wood, but sight through them is still limited. */
export interface OrchardFeature extends FeatureBase, AreaGeometry {
  kind: 'orchard';
  canopyHeight: number;
}

/** Ground that slows or shelters troops without hiding them: marsh, rocky ground or scrub, crops. */
export interface GroundFeature extends FeatureBase, AreaGeometry {
  kind: 'marsh' | 'rough' | 'crops';
}

/** A field boundary: hedges and fences give partial cover, a stone wall full cover; all obstruct. */
export interface BoundaryFeature extends FeatureBase, LinearGeometry {
  kind: 'hedge' | 'wall' | 'fence';
  /** Height above the ground, mm. */
  height: number;
}

/** A river or stream. Its `line` runs downstream: line[0] is upstream, the last point the outlet. */
export interface WaterFeature extends FeatureBase, LinearGeometry {
  kind: 'river' | 'stream';
  /** Depth of the carved channel below its banks, mm. */
  depth: number;
}

export interface RoadFeature extends FeatureBase, LinearGeometry {
  kind: 'road';
}

export interface CrossingFeature extends FeatureBase, AreaGeometry {
  kind: 'ford' | 'bridge';
  /** The water feature crossed. */
  waterId: string;
  /** The road that uses the crossing, when there is one. */
  roadId?: string;
}

export type TerrainFeature =
  | HillFeature
  | WoodFeature
  | OrchardFeature
  | GroundFeature
  | BoundaryFeature
  | WaterFeature
  | RoadFeature
  | CrossingFeature;
export type AreaFeature = Extract<TerrainFeature, AreaGeometry>;
export type LinearFeature = Extract<TerrainFeature, LinearGeometry>;

export function isAreaFeature(f: TerrainFeature): f is AreaFeature {
  return 'polygon' in f;
}

export function isLinearFeature(f: TerrainFeature): f is LinearFeature {
  return 'line' in f;
}

export function isWater(f: TerrainFeature): f is WaterFeature {
  return f.kind === 'river' || f.kind === 'stream';
}

export function isBoundary(f: TerrainFeature): f is BoundaryFeature {
  return f.kind === 'hedge' || f.kind === 'wall' || f.kind === 'fence';
}

/**
 * Height above the ground of whatever in an area blocks sight (a wood's canopy), or undefined for
 * features one can see across. Sight code asks this rather than testing for woods.
 */
export function obscuringHeightOf(f: TerrainFeature): number | undefined {
  return 'canopyHeight' in f ? f.canopyHeight : undefined;
}
