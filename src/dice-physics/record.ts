/**
 * Recording a throw of dice with Rapier: the dice are dropped and thrown onto the piece of ground
 * with a fixed time step until all of them lie still, and every die's pose is kept at 60 frames a
 * second. The page then plays the recording back at any speed, or jumps to its end.
 *
 * The recording knows nothing of the engine's values: it says which face of each body landed on
 * top, and the page turns each die's picture so that face shows the engine's value (see d6.ts).
 * A throw that ends with a die cocked, resting on another die or on a stand, or out of the tray is
 * thrown again with another release, so what the player sees is never in doubt.
 */

import type RAPIER from '@dimforge/rapier3d-compat';
import type * as RapierModule from '@dimforge/rapier3d-compat';
import { nextFloat, seedRng, type RngState } from '../core/random';
import { groundAt, type GroundPatch } from './ground';
import { dieShape, dieTop, restingCos, type PhysicalSides } from './polyhedra';

/** The initialised Rapier module (its default export). */
export type Rapier = typeof RAPIER;

/** A stand (or anything else) the dice must not roll through: a box on the ground, in the throw's frame. */
export interface Obstacle {
  x: number;
  z: number;
  /** Half extents along the box's own x and z, mm. */
  halfX: number;
  halfZ: number;
  /** Turn about the vertical, radians (three.js yaw). */
  yaw: number;
  /** Bottom and height of the box above the origin, mm. */
  bottom: number;
  height: number;
}

export interface ThrowSpec {
  count: number;
  /** The kind of die thrown (6 when absent): a rounded cube, or the real polyhedron (polyhedra.ts). */
  sides?: PhysicalSides;
  /** Edge of a D6, mm; the other dice are sized from it (`DieShape.scale`). */
  dieSize: number;
  /** Half the tray's extent along x and z, mm; invisible walls there keep the dice in. */
  halfX: number;
  halfZ: number;
  ground: GroundPatch;
  obstacles: readonly Obstacle[];
  /** Seed of the hand's release (where and how the dice leave it); never the engine's dice. */
  seed: string;
}

export interface ThrowRecording {
  count: number;
  /** Recorded frames a second. */
  hz: number;
  frames: number;
  /** frames × count × 7 numbers: x, y, z, qx, qy, qz, qw of each die in the throw's frame. */
  poses: Float32Array;
  /** The face of each body that ended on top, in the die's own numbering. */
  landed: number[];
  /** The kind of die thrown. */
  sides: PhysicalSides;
  /** Releases tried; the last one is kept. */
  attempts: number;
  /** Every die ended flat on the ground inside the tray (false only if every release failed). */
  clean: boolean;
  /** Simulated steps in all attempts (for the benchmark). */
  steps: number;
}

export const RECORD_HZ = 60;
/** Radius of a die's rounded edges, as a fraction of its edge (the body and the picture share it). */
export const DIE_ROUNDING = 0.14;
const STEPS_PER_FRAME = 2;
const GRAVITY = 9810; // mm/s²
/** A throw that has not settled after this long is cut short (and counts as unclean). */
const MAX_SECONDS = 8;
const MAX_ATTEMPTS = 6;
/** Still enough to call resting: speeds below these for REST_STEPS steps in a row. */
const REST_SPEED = 3; // mm/s
const REST_SPIN = 0.25; // rad/s
const REST_STEPS = 24;
/** A die counts as flat when its bottom face is within about 12° of the ground under it. */
const FLAT_COS = 0.978;

/** The tray a throw of `count` dice needs: room to tumble, growing with the number of dice. */
export function traySize(count: number, dieSize: number): { halfX: number; halfZ: number } {
  const spread = Math.sqrt(Math.max(1, count));
  return { halfX: dieSize * (3.2 + 1.1 * spread), halfZ: dieSize * (3.6 + 1.1 * spread) };
}

function rand(rng: RngState, lo: number, hi: number): number {
  return lo + (hi - lo) * nextFloat(rng);
}

/** A uniformly random orientation (Shoemake's method). */
function randomRotation(rng: RngState): { x: number; y: number; z: number; w: number } {
  const u1 = nextFloat(rng);
  const u2 = nextFloat(rng) * 2 * Math.PI;
  const u3 = nextFloat(rng) * 2 * Math.PI;
  const a = Math.sqrt(1 - u1);
  const b = Math.sqrt(u1);
  return { x: a * Math.sin(u2), y: a * Math.cos(u2), z: b * Math.sin(u3), w: b * Math.cos(u3) };
}

function groundCollider(R: Rapier, p: GroundPatch): RapierModule.ColliderDesc {
  const vertices = new Float32Array(p.cols * p.rows * 3);
  for (let j = 0; j < p.rows; j++) {
    for (let i = 0; i < p.cols; i++) {
      const k = (j * p.cols + i) * 3;
      vertices[k] = p.x0 + i * p.cell;
      vertices[k + 1] = p.heights[j * p.cols + i]!;
      vertices[k + 2] = p.z0 - j * p.cell;
    }
  }
  const indices = new Uint32Array((p.cols - 1) * (p.rows - 1) * 6);
  let q = 0;
  for (let j = 0; j < p.rows - 1; j++) {
    for (let i = 0; i < p.cols - 1; i++) {
      const a = j * p.cols + i;
      const b = a + 1;
      const d = a + p.cols;
      const e = d + 1;
      // The drawn ground's triangles, facing up.
      indices[q++] = a;
      indices[q++] = b;
      indices[q++] = d;
      indices[q++] = b;
      indices[q++] = e;
      indices[q++] = d;
    }
  }
  return R.ColliderDesc.trimesh(vertices, indices, R.TriMeshFlags.FIX_INTERNAL_EDGES).setFriction(0.75).setRestitution(0.25);
}

interface Attempt {
  poses: Float32Array;
  frames: number;
  landed: number[];
  /** Dice that did not end flat on the ground inside the tray. */
  faults: number;
  steps: number;
}

function simulate(R: Rapier, spec: ThrowSpec, seed: string): Attempt {
  const { count, dieSize: size, halfX, halfZ, ground } = spec;
  const sides = spec.sides ?? 6;
  const rng = seedRng(seed);
  const world = new R.World({ x: 0, y: -GRAVITY, z: 0 });
  try {
    world.timestep = 1 / (RECORD_HZ * STEPS_PER_FRAME);
    // Rapier's tolerances are set for objects about a unit long; a die is `size` units long here.
    world.lengthUnit = size;
    world.createCollider(groundCollider(R, ground));

    let top = -Infinity;
    let low = Infinity;
    for (const h of ground.heights) {
      top = Math.max(top, h);
      low = Math.min(low, h);
    }
    // Walls round the tray, from below the lowest ground to well above the release.
    const wallBottom = low - size * 2;
    const wallTop = top + size * 12;
    const wallHalfH = (wallTop - wallBottom) / 2;
    const wallY = (wallTop + wallBottom) / 2;
    const t = size;
    for (const [x, z, hx, hz] of [
      [0, -halfZ - t, halfX + 2 * t, t],
      [0, halfZ + t, halfX + 2 * t, t],
      [-halfX - t, 0, t, halfZ + 2 * t],
      [halfX + t, 0, t, halfZ + 2 * t],
    ] as const) {
      world.createCollider(R.ColliderDesc.cuboid(hx, wallHalfH, hz).setTranslation(x, wallY, z).setFriction(0.3).setRestitution(0.4));
    }
    for (const o of spec.obstacles) {
      const half = Math.sin(o.yaw / 2);
      world.createCollider(
        R.ColliderDesc.cuboid(o.halfX, o.height / 2, o.halfZ)
          .setTranslation(o.x, o.bottom + o.height / 2, o.z)
          .setRotation({ x: 0, y: half, z: 0, w: Math.cos(o.yaw / 2) })
          .setFriction(0.6)
          .setRestitution(0.3),
      );
    }

    // The hand lets go over the near part of the tray, the dice in a loose cluster, thrown away
    // from the player and a little sideways, tumbling.
    const perRow = Math.ceil(Math.sqrt(count));
    const gap = size * 1.85;
    const heading = rand(rng, -0.45, 0.45);
    const speed = rand(rng, 260, 380);
    const centreX = rand(rng, -0.3, 0.3) * halfX;
    const centreZ = halfZ - size * 1.6 - ((Math.ceil(count / perRow) - 1) * gap) / 2;
    const bodies: RapierModule.RigidBody[] = [];
    const radius = size * DIE_ROUNDING;
    const core = size / 2 - radius;
    for (let i = 0; i < count; i++) {
      const row = Math.floor(i / perRow);
      const col = i % perRow;
      const x = centreX + (col - (perRow - 1) / 2) * gap + rand(rng, -0.1, 0.1) * size;
      const z = centreZ + (row - (Math.ceil(count / perRow) - 1) / 2) * gap + rand(rng, -0.1, 0.1) * size;
      const y = top + size * rand(rng, 2.6, 3.6);
      const spin = () => rand(rng, -18, 18);
      const body = world.createRigidBody(
        R.RigidBodyDesc.dynamic()
          .setTranslation(x, y, z)
          .setRotation(randomRotation(rng))
          .setLinvel(Math.sin(heading) * speed, rand(rng, -120, -40), -Math.cos(heading) * speed)
          .setAngvel({ x: spin(), y: spin(), z: spin() })
          .setLinearDamping(0.15)
          .setAngularDamping(0.35)
          .setCcdEnabled(true),
      );
      // Plastic, about 1.2 g/cm³.
      world.createCollider(dieCollider(R, sides, size, core, radius).setDensity(0.0012).setFriction(0.55).setRestitution(0.4), body);
      bodies.push(body);
    }

    const maxFrames = MAX_SECONDS * RECORD_HZ;
    const poses = new Float32Array((maxFrames + 1) * count * 7);
    const writeFrame = (frame: number) => {
      for (let i = 0; i < count; i++) {
        const b = bodies[i]!;
        const p = b.translation();
        const r = b.rotation();
        const k = (frame * count + i) * 7;
        poses[k] = p.x;
        poses[k + 1] = p.y;
        poses[k + 2] = p.z;
        poses[k + 3] = r.x;
        poses[k + 4] = r.y;
        poses[k + 5] = r.z;
        poses[k + 6] = r.w;
      }
    };
    writeFrame(0);
    let frames = 1;
    let still = 0;
    let steps = 0;
    while (frames <= maxFrames && still < REST_STEPS) {
      for (let s = 0; s < STEPS_PER_FRAME; s++) {
        world.step();
        steps++;
        const resting = bodies.every((b) => {
          if (b.isSleeping()) return true;
          const v = b.linvel();
          const w = b.angvel();
          return Math.hypot(v.x, v.y, v.z) < REST_SPEED && Math.hypot(w.x, w.y, w.z) < REST_SPIN;
        });
        still = resting ? still + 1 : 0;
      }
      writeFrame(frames++);
    }

    const landed: number[] = [];
    let faults = still < REST_STEPS ? count : 0;
    for (let i = 0; i < count; i++) {
      const k = ((frames - 1) * count + i) * 7;
      const [x, y, z] = [poses[k]!, poses[k + 1]!, poses[k + 2]!];
      const q = { x: poses[k + 3]!, y: poses[k + 4]!, z: poses[k + 5]!, w: poses[k + 6]! };
      landed.push(dieTop(sides, q).value);
      if (!restsCleanly(ground, halfX, halfZ, size, x, y, z, q, sides)) faults++;
    }
    return { poses: poses.slice(0, frames * count * 7), frames, landed, faults, steps };
  } finally {
    world.free();
  }
}

/** Flat on the ground under it (not cocked, not on another die or a stand) and inside the tray. */
export function restsCleanly(
  ground: GroundPatch,
  halfX: number,
  halfZ: number,
  size: number,
  x: number,
  y: number,
  z: number,
  q: { x: number; y: number; z: number; w: number },
  sides: PhysicalSides = 6,
): boolean {
  const { inradius, circumradius } = dieExtent(sides, size);
  if (Math.abs(x) > halfX - circumradius * 0.52 || Math.abs(z) > halfZ - circumradius * 0.52) return false;
  const g = groundAt(ground, x, z);
  // Lying on the ground: the centre a face's distance above it (a little more on a slope).
  if (y - g.height > inradius * 1.5) return false;
  // A face must lie along the ground.
  return restingCos(sides, q, g.normal) >= FLAT_COS;
}

/** A die's centre-to-face and centre-to-corner distances, mm, for a D6 of edge `size`. */
export function dieExtent(sides: PhysicalSides, size: number): { inradius: number; circumradius: number } {
  const s = dieShape(sides);
  const circumradius = s.scale * size;
  return { inradius: s.inradius * circumradius, circumradius };
}

/** The die's body: the D6 a cube with rounded edges, the others their convex hull. */
function dieCollider(R: Rapier, sides: PhysicalSides, size: number, core: number, radius: number): RapierModule.ColliderDesc {
  if (sides === 6) return R.ColliderDesc.roundCuboid(core, core, core, radius);
  const { circumradius } = dieExtent(sides, size);
  const points = new Float32Array(dieShape(sides).vertices.flatMap((v) => [v.x * circumradius, v.y * circumradius, v.z * circumradius]));
  const hull = R.ColliderDesc.convexHull(points);
  if (!hull) throw new Error(`Rapier could not make the body of a D${sides}`);
  return hull;
}

/**
 * Record a throw. Releases are tried in turn (seed, seed/1, ...) until one ends cleanly; if none
 * does, the one with the fewest faults is kept.
 */
export function recordThrow(R: Rapier, spec: ThrowSpec): ThrowRecording {
  if (!Number.isInteger(spec.count) || spec.count < 1) throw new RangeError(`cannot throw ${spec.count} dice`);
  let best: Attempt | null = null;
  let steps = 0;
  let attempts = 0;
  for (let a = 0; a < MAX_ATTEMPTS; a++) {
    const run = simulate(R, spec, a === 0 ? spec.seed : `${spec.seed}/${a}`);
    steps += run.steps;
    attempts++;
    if (!best || run.faults < best.faults) best = run;
    if (run.faults === 0) break;
  }
  const b = best!;
  return { count: spec.count, sides: spec.sides ?? 6, hz: RECORD_HZ, frames: b.frames, poses: b.poses, landed: b.landed, attempts, clean: b.faults === 0, steps };
}
