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
export { deadGround, obstacleRaster, viewshed, type Viewshed, type ViewshedOptions, type ViewshedTerrain } from './viewshed';
export { visibilityMatrix, type SightObserver, type SightTarget, type VisibilityOptions } from './visibility';
export {
  decodePng,
  decodePngAsync,
  encodePng,
  fitToTable,
  formatAsc,
  GridError,
  heightmapFromPng,
  heightmapToPng,
  inflateWithStreams,
  parseAsc,
  shortFloat32,
  DEFAULT_TABLE_RELIEF,
  MAX_GRID_CELLS,
  MAX_GRID_SIDE,
  PNG_GRID_KEYWORD,
  type AscGrid,
  type AscReadOptions,
  type AscWriteOptions,
  type Deflate,
  type FittedGrid,
  type GreyImage,
  type Inflate,
  type PngHeightOptions,
  type Registration,
} from './gridio';
