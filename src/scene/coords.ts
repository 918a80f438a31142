/**
 * The one place where table coordinates meet three.js world coordinates.
 *
 * Table: millimetres, x to the right, y away from the player, z up; facing in radians CCW from +x.
 * World: one unit is one millimetre, X = table x, Y = table z (up), Z = -table y. So the player sits
 * at +Z looking towards -Z, and a rotation about world Y by `facing` turns +X to the unit's front.
 *
 * Models are built in a "stand frame": +X forward, +Z to the unit's right, +Y up.
 */

import { Vector3 } from 'three';
import type { Vec2 } from '../core/geometry';

export function toWorld(x: number, y: number, z = 0, out = new Vector3()): Vector3 {
  return out.set(x, z, -y);
}

export function toTable(v: { x: number; y: number; z: number }): Vec2 & { z: number } {
  return { x: v.x, y: -v.z, z: v.y };
}

/** Rotation about world Y that points a stand-frame model along a table facing. */
export function facingToYaw(facing: number): number {
  return facing;
}

/** Inverse of facingToYaw. */
export function yawToFacing(yaw: number): number {
  return yaw;
}
