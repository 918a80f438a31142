/** The terrain layer: heightmap, features, the random battlefield, and queries over them. */

export {
  createHeightmap,
  gradientAt,
  heightAt,
  heightRange,
  normalAt,
  sampleAt,
  slopeAt,
  MAX_HEIGHTMAP_SAMPLES,
  type Heightmap,
} from './heightmap';
export {
  isAreaFeature,
  isLinearFeature,
  isWater,
  obscuringHeightOf,
  type AreaFeature,
  type AreaGeometry,
  type CrossingFeature,
  type FeatureKind,
  type HillFeature,
  type LinearFeature,
  type LinearGeometry,
  type RoadFeature,
  type TerrainFeature,
  type WaterFeature,
  type WoodFeature,
} from './features';
export {
  battlefieldFromSpec,
  generateBattlefield,
  specKey,
  standardSpec,
  DEFAULT_CELL_SIZE,
  DEPLOYMENT_DEPTH,
  TABLE_6X4,
  type Battlefield,
  type BattlefieldSpec,
} from './battlefield';
export { coveredIntervals, featuresAt, lengthInside, sampleSegment, DEFAULT_SAMPLE_STEP, type SegmentSample } from './query';
export { lineOfSight, sightProfile, type SightBlocker, type SightOptions, type SightResult, type SightSample } from './sight';
