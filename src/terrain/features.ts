/**
 * Terrain features as plain JSON objects, so they can be saved, hashed and sent to the page as
 * they are. Geometry comes in two shapes only: an area (`polygon`) or a linear feature (`line` +
 * `width`). Queries go by shape, not by kind, so a new kind (town, marsh, wall, crops...) needs a
 * new interface in the union below and nothing else in the query or sight code.
 */

import type { Vec2 } from '../core/geometry';

/** Every kind of feature, for code that must cover them all (the catalogue, its test). */
export const FEATURE_KINDS = [
  'hill',
  'wood',
  'orchard',
  'river',
  'stream',
  'road',
  'ford',
  'bridge',
  'marsh',
  'rough',
  'crops',
  'hedge',
  'wall',
  'fence',
  'building',
  'settlement',
  'fieldwork',
  'chevaux',
] as const;

export type FeatureKind = (typeof FEATURE_KINDS)[number];

/**
 * Steepness classes of a hill face, gentlest first (horse-and-musket B §4.3). The thresholds that
 * read them from the heightmap are in gradient.ts.
 */
export const GRADIENT_CLASSES = ['gentle', 'normal', 'steep', 'verySteep', 'sheer'] as const;
export type GradientClass = (typeof GRADIENT_CLASSES)[number];

/**
 * How thick a wood is: 'open' is an orchard, open woodland or scrub (a ring of trees marking the
 * edge), 'woodland' ordinary woods, 'forest' dense woods (B §4.4). An OrchardFeature is 'open'.
 */
export const WOOD_DENSITIES = ['open', 'woodland', 'forest'] as const;
export type WoodDensity = (typeof WOOD_DENSITIES)[number];

/**
 * Watercourse classes (B §4.2, §5.2): the first two are streams, the rest rivers. Absent on a
 * feature, a stream is a minor stream and a river a (chest-deep) river.
 */
export const WATER_CLASSES = ['minorStream', 'torrentialStream', 'shallowRiver', 'river', 'fastRiver', 'deepRiver', 'ragingTorrent'] as const;
export type WaterClass = (typeof WATER_CLASSES)[number];

/** Marsh classes, firmest first (B §4.8). Absent on a feature: a bog. */
export const MARSH_CLASSES = ['bog', 'morass', 'quagmire'] as const;
export type MarshClass = (typeof MARSH_CLASSES)[number];

/** Built-up places by size (B §4.5): a town or village has three or more buildings, a hamlet or farm one. */
export const SETTLEMENT_CLASSES = ['town', 'village', 'hamlet', 'farm'] as const;
export type SettlementClass = (typeof SETTLEMENT_CLASSES)[number];

/** What a building (or a bridge) is made of: wood covers wood-framed, stone covers brick. */
export const BUILDING_MATERIALS = ['wood', 'stone'] as const;
export type BuildingMaterial = (typeof BUILDING_MATERIALS)[number];

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
  /**
   * The hill's gradient class when it is set rather than read from the heightmap (set-up procedures
   * set it; the default generator does not). Faces in `faces` override it in their sectors.
   */
  gradient?: GradientClass;
  /** Faces of another class: a normal hill with one steep face, a steep hill with a sheer one. */
  faces?: HillFace[];
  /** Domed (a ridge line through the centre) or flat-topped (a plateau); absent when not decided. */
  shape?: 'domed' | 'flatTopped';
  /** The piece's terrain level where a set-up procedure rolls one (syw-orders: level 0, 1, ...). */
  level?: number;
}

/**
 * A sector of a hill's slope, seen from its centre: angles in degrees counter-clockwise from the +x
 * axis (east along the long edge), from `from` to `to` (to > from; may run past 360).
 */
export interface HillFace {
  from: number;
  to: number;
  gradient: GradientClass;
}

export interface WoodFeature extends FeatureBase, AreaGeometry {
  kind: 'wood';
  /** Height of the canopy top above the ground, mm. */
  canopyHeight: number;
  /** Absent: 'woodland' (what the default generator makes). */
  density?: WoodDensity;
  /** Set on a viewer's copy while the feature's subtype is secret from him: the generic word for it (subtypes.ts). */
  subtypeHidden?: string;
  /** The piece's terrain level where a set-up procedure gives one (syw-orders woods are level 2). */
  level?: number;
}

/** Fruit trees in rows: lower and thinner than a wood, but sight through them is still limited. */
export interface OrchardFeature extends FeatureBase, AreaGeometry {
  kind: 'orchard';
  canopyHeight: number;
}

/** Ground that slows or shelters troops without hiding them: marsh, rocky ground or scrub, crops. */
export interface GroundFeature extends FeatureBase, AreaGeometry {
  kind: 'marsh' | 'rough' | 'crops';
  /** Marsh only; absent: a bog. */
  class?: MarshClass;
  /** Set on a viewer's copy while the feature's subtype is secret from him: the generic word for it (subtypes.ts). */
  subtypeHidden?: string;
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
  /** Absent: a minor stream for a stream, a river for a river (see WATER_CLASSES). */
  class?: WaterClass;
  /** Set on a viewer's copy while the feature's subtype is secret from him: the generic word for it (subtypes.ts). */
  subtypeHidden?: string;
}

export interface RoadFeature extends FeatureBase, LinearGeometry {
  kind: 'road';
  /**
   * A raised road (a causeway over wet ground): height of its embankment above the ground either
   * side, mm, raised into the heightmap. Absent for a road at ground level.
   */
  raised?: number;
}

export interface CrossingFeature extends FeatureBase, AreaGeometry {
  kind: 'ford' | 'bridge';
  /** The water feature crossed. */
  waterId: string;
  /** The road that uses the crossing, when there is one. */
  roadId?: string;
  /** Bridges: what it is built of, when that has been decided. */
  material?: BuildingMaterial;
}

/**
 * One building's footprint. Impassable, and solid to sight: a line below its roof over the footprint
 * is blocked outright (unlike a wood, no depth of it can be seen through).
 */
export interface BuildingFeature extends FeatureBase, AreaGeometry {
  kind: 'building';
  /** Height of the roof ridge above the ground, mm. */
  height: number;
  material: BuildingMaterial;
  /** The settlement it belongs to, if any. */
  settlementId?: string;
  /**
   * Set alight during the battle (battlefield.ts lays it from the spec's `fires`): 'burning' while
   * the flames last, 'burnt' once it is a blackened shell. Absent for a sound building.
   */
  fire?: BuildingFire;
}

/** A building set alight: burning now, or burnt out. */
export type BuildingFire = 'burning' | 'burnt';

/**
 * Field works a side built before the battle (battlefield.ts lays them from the spec's `works`):
 * an earthwork bank with its ditch, or a row of chevaux de frise (timber beams set with spikes).
 * The line runs along the work; `facing` is the way its front looks, towards the enemy.
 */
export interface WorksFeature extends FeatureBase, LinearGeometry {
  kind: 'fieldwork' | 'chevaux';
  /** Height above the ground, mm. */
  height: number;
  /** The side that built it. */
  side: string;
  /** The direction its front faces, radians on the table. */
  facing: number;
}

/**
 * A built-up place: its area (for a town or village the convex hull of its buildings, B §4.5) and
 * the buildings that make it. The area itself does not block sight; its buildings do.
 */
export interface SettlementFeature extends FeatureBase, AreaGeometry {
  kind: 'settlement';
  class: SettlementClass;
  buildingIds: string[];
}

export type TerrainFeature =
  | HillFeature
  | WoodFeature
  | OrchardFeature
  | GroundFeature
  | BoundaryFeature
  | WaterFeature
  | RoadFeature
  | CrossingFeature
  | BuildingFeature
  | SettlementFeature
  | WorksFeature;
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

export function isWorks(f: TerrainFeature): f is WorksFeature {
  return f.kind === 'fieldwork' || f.kind === 'chevaux';
}

export function isBuilding(f: TerrainFeature): f is BuildingFeature {
  return f.kind === 'building';
}

/**
 * Height above the ground of whatever in an area blocks sight below its top for a limited depth (a
 * wood's canopy), or undefined for features one can see across. Sight code asks this rather than
 * testing for woods. Buildings are not here: see solidHeightOf.
 */
export function obscuringHeightOf(f: TerrainFeature): number | undefined {
  return 'canopyHeight' in f ? f.canopyHeight : undefined;
}

/** Height above the ground below which nothing is seen across the feature at all (a roof), or undefined. */
export function solidHeightOf(f: TerrainFeature): number | undefined {
  return f.kind === 'building' ? f.height : undefined;
}

/** A wood's or orchard's density, with the default filled in. */
export function woodDensityOf(f: WoodFeature | OrchardFeature): WoodDensity {
  return f.kind === 'orchard' ? 'open' : (f.density ?? 'woodland');
}

/** A watercourse's class, with the default for its kind filled in. */
export function waterClassOf(f: WaterFeature): WaterClass {
  return f.class ?? (f.kind === 'stream' ? 'minorStream' : 'river');
}

/** A marsh's class, with the default filled in. */
export function marshClassOf(f: GroundFeature): MarshClass {
  return f.class ?? 'bog';
}
