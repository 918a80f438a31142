/**
 * The six-sided die: which face carries which value in the die's own frame, which face is up for a
 * given orientation, and the turn of the die's picture that makes a landed throw show the engine's
 * value.
 *
 * The physics body is a plain rounded cube, so any of the cube's 24 rotations leaves its shape (and
 * hence its trajectory) unchanged. The mesh is drawn turned by one of those rotations relative to
 * the body: the face carrying the wanted value is put where the face that landed on top is.
 */

import { Quaternion, Vector3 } from 'three';

/** Die frame: +Y up, like three.js. Opposite faces add to 7, and 1-2-3 run counter-clockwise round their corner. */
export const D6_FACES: readonly { value: number; normal: Vector3 }[] = [
  { value: 1, normal: new Vector3(0, 1, 0) },
  { value: 6, normal: new Vector3(0, -1, 0) },
  { value: 2, normal: new Vector3(0, 0, 1) },
  { value: 5, normal: new Vector3(0, 0, -1) },
  { value: 3, normal: new Vector3(1, 0, 0) },
  { value: 4, normal: new Vector3(-1, 0, 0) },
];

const UP = new Vector3(0, 1, 0);

export function faceNormal(value: number): Vector3 {
  const face = D6_FACES.find((f) => f.value === value);
  if (!face) throw new RangeError(`a D6 has no face ${value}`);
  return face.normal;
}

/**
 * The value on the face that points most nearly up when the die is turned by `q`, and how nearly
 * (the cosine between that face's normal and straight up: 1 when flat on level ground).
 */
export function topFace(q: { x: number; y: number; z: number; w: number }): { value: number; cos: number } {
  const rot = new Quaternion(q.x, q.y, q.z, q.w);
  const n = new Vector3();
  let best = { value: 0, cos: -Infinity };
  for (const f of D6_FACES) {
    const c = n.copy(f.normal).applyQuaternion(rot).dot(UP);
    if (c > best.cos) best = { value: f.value, cos: c };
  }
  return best;
}

/**
 * The rotation of the cube's symmetry that carries the face showing `wanted` onto the face showing
 * `landed` (both in the die's frame). Drawing the mesh as `bodyRotation * faceSwap(landed, wanted)`
 * shows `wanted` where the simulated die had `landed`.
 */
export function faceSwap(landed: number, wanted: number): Quaternion {
  const from = faceNormal(wanted);
  const to = faceNormal(landed);
  const q = new Quaternion();
  const d = from.dot(to);
  if (d > 0.5) return q;
  if (d < -0.5) {
    // Opposite faces: half a turn about any axis across them; the faces' axes are the die's axes.
    const axis = Math.abs(from.x) > 0.5 ? new Vector3(0, 1, 0) : new Vector3(1, 0, 0);
    return q.setFromAxisAngle(axis, Math.PI);
  }
  // Neighbouring faces: a quarter turn about the edge direction between them.
  return q.setFromAxisAngle(new Vector3().crossVectors(from, to).normalize(), Math.PI / 2);
}

/** The orientation to draw a die whose body is turned by `body` and landed showing `landed`, so it shows `wanted`. */
export function shownRotation(body: Quaternion, landed: number, wanted: number, out = new Quaternion()): Quaternion {
  return out.copy(body).multiply(faceSwap(landed, wanted));
}

/**
 * Pips of each face as (u, v) offsets in face units (-1..1 across the face's flat part), in the
 * usual layout of Western dice.
 */
export function pipLayout(value: number): [number, number][] {
  const c: [number, number] = [0, 0];
  const tl: [number, number] = [-1, 1];
  const tr: [number, number] = [1, 1];
  const bl: [number, number] = [-1, -1];
  const br: [number, number] = [1, -1];
  const ml: [number, number] = [-1, 0];
  const mr: [number, number] = [1, 0];
  switch (value) {
    case 1:
      return [c];
    case 2:
      return [tl, br];
    case 3:
      return [tl, c, br];
    case 4:
      return [tl, tr, bl, br];
    case 5:
      return [tl, tr, c, bl, br];
    case 6:
      return [tl, tr, ml, mr, bl, br];
    default:
      throw new RangeError(`a D6 has no face ${value}`);
  }
}
