/** Hand-built battlefields for tests: a heightmap from a function and features given directly. */

import type { Vec2 } from '../../../src/core/geometry';
import type { Battlefield } from '../../../src/terrain/battlefield';
import type { TerrainFeature, WoodFeature } from '../../../src/terrain/features';
import { createHeightmap } from '../../../src/terrain/heightmap';

export function handBuilt(
  width: number,
  depth: number,
  cellSize: number,
  height: (x: number, y: number) => number,
  features: TerrainFeature[] = [],
): Battlefield {
  const heightmap = createHeightmap(width, depth, cellSize);
  for (let j = 0; j < heightmap.rows; j++) {
    for (let i = 0; i < heightmap.cols; i++) heightmap.heights[j * heightmap.cols + i] = height(i * cellSize, j * cellSize);
  }
  return { spec: { seed: 'hand-built', width, depth, cellSize }, width, depth, heightmap, features };
}

export function rect(x0: number, y0: number, x1: number, y1: number): Vec2[] {
  return [
    { x: x0, y: y0 },
    { x: x1, y: y0 },
    { x: x1, y: y1 },
    { x: x0, y: y1 },
  ];
}

export function wood(id: string, polygon: Vec2[], canopyHeight = 50): WoodFeature {
  return { id, kind: 'wood', name: id, polygon, canopyHeight };
}
