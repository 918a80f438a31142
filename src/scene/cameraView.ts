/**
 * Camera framings of the table: the starting view from the player's side, the view straight down,
 * and a close view of a point. Pure functions of the battlefield's size and the camera's lens.
 */

import { PerspectiveCamera, Vector3 } from 'three';
import type { BattlefieldData } from '../app/engineApi';
import { toWorld } from './coords';

/** Elevation of the starting view above the table plane, radians. */
export const START_ELEVATION = 1.08;

/** A camera pose: where the eye is and the point it looks at (world coordinates). */
export interface CameraPose {
  position: Vector3;
  target: Vector3;
}

/**
 * The pose looking at `target` along `dir` (from the target towards the eye), pulled back until
 * the whole table fits the canvas whatever its shape (found by bisection on the distance).
 */
export function frameTable(bf: BattlefieldData, camera: PerspectiveCamera, target: Vector3, dir: Vector3): CameraPose {
  const corners = [toWorld(0, 0, 0), toWorld(bf.width, 0, 0), toWorld(0, bf.depth, 0), toWorld(bf.width, bf.depth, 0)];
  const probe = camera.clone();
  const unit = dir.clone().normalize();
  const fits = (d: number) => {
    probe.position.copy(unit).multiplyScalar(d).add(target);
    probe.lookAt(target);
    probe.updateMatrixWorld();
    return corners.every((c) => {
      const p = c.clone().project(probe);
      return Math.abs(p.x) <= 0.96 && Math.abs(p.y) <= 0.92 && p.z < 1;
    });
  };
  let lo = 100;
  let hi = Math.max(bf.width, bf.depth) * 6;
  for (let i = 0; i < 30; i++) {
    const mid = (lo + hi) / 2;
    if (fits(mid)) hi = mid;
    else lo = mid;
  }
  return { position: unit.multiplyScalar(hi).add(target), target: target.clone() };
}

/**
 * The starting view: from behind the player's table edge (`edge`: the near one, y = 0, or the far
 * one) at a slant, the whole table in sight.
 */
export function cameraStart(bf: BattlefieldData, camera: PerspectiveCamera, edge: 'near' | 'far' = 'near'): CameraPose {
  const toward = edge === 'near' ? 1 : -1;
  const target = toWorld(bf.width / 2, bf.depth * (edge === 'near' ? 0.47 : 0.53), 0);
  return frameTable(bf, camera, target, new Vector3(0, Math.sin(START_ELEVATION), toward * Math.cos(START_ELEVATION)));
}

/**
 * Straight down on the table's middle, the player's edge at the bottom of the screen. The eye is
 * a hair towards the player, so the orbit controls keep "up the table" as up on the screen.
 */
export function cameraTopDown(bf: BattlefieldData, camera: PerspectiveCamera, edge: 'near' | 'far' = 'near'): CameraPose {
  const target = toWorld(bf.width / 2, bf.depth / 2, 0);
  return frameTable(bf, camera, target, new Vector3(0, 1, edge === 'near' ? 0.001 : -0.001));
}

/** Least elevation (radians) of a close view, so a unit is never looked at from the grass. */
const CLOSE_MIN_ELEVATION = 0.55;

/**
 * A close view of `target` from `distance` away, keeping the compass bearing of the present view
 * and its elevation (raised to CLOSE_MIN_ELEVATION if lower).
 */
export function cameraCloseUp(from: CameraPose, target: Vector3, distance: number): CameraPose {
  const dir = from.position.clone().sub(from.target);
  const flat = Math.hypot(dir.x, dir.z);
  let elevation = Math.atan2(dir.y, flat);
  if (!Number.isFinite(elevation) || elevation < CLOSE_MIN_ELEVATION) elevation = CLOSE_MIN_ELEVATION;
  const bearing = flat > 1e-6 ? Math.atan2(dir.x, dir.z) : 0;
  const offset = new Vector3(Math.sin(bearing) * Math.cos(elevation), Math.sin(elevation), Math.cos(bearing) * Math.cos(elevation));
  return { position: offset.multiplyScalar(distance).add(target), target: target.clone() };
}
