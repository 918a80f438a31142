/**
 * The polyhedral dice besides the cube: D4, D8, D10, D12 and D20. Each is a convex solid given by
 * its corners and faces in the die's own frame (+Y up), with a value on every face (on every corner
 * for the D4, which is read at its top point), and the rotations that carry the solid onto itself.
 *
 * A throw is recorded with the real shape, and the die's picture is drawn turned by the symmetry
 * that carries the face with the engine's value onto the face that landed up, as the D6 does
 * (d6.ts): a symmetry leaves the shape, and so the recorded path, unchanged. The D6 itself keeps
 * its own tables in d6.ts (rounded body, pips); `dieTop` and `dieSwap` answer for every die.
 */

import { Matrix4, Quaternion, Vector3 } from 'three';
import { D6_FACES, faceSwap as cubeSwap, topFace as cubeTop } from './d6';

/** Dice that have a body to throw. A D3 is thrown as a D6 read halved (see `physicalDie`). */
export const PHYSICAL_SIDES = [4, 6, 8, 10, 12, 20] as const;
export type PhysicalSides = (typeof PHYSICAL_SIDES)[number];

export interface DieFace {
  /** The value printed on the face (for a D4, unused: its faces carry the corners' values). */
  value: number;
  /** Outward unit normal, die frame. */
  normal: Vector3;
  /** Its corners (indices into `vertices`), counter-clockwise seen from outside. */
  ring: number[];
}

export interface DieShape {
  sides: PhysicalSides;
  /** Corners, die frame, for a die whose farthest corner is 1 from its centre. */
  vertices: Vector3[];
  faces: DieFace[];
  /** For a D4 the value of each corner (read when that corner points up); empty for the others. */
  cornerValues: number[];
  /** The distance from the centre to a face, for a die of circumradius 1. */
  inradius: number;
  /** Circumradius of the die in mm, as a fraction of the D6's edge (the D6 of 16 mm has about 13.9). */
  scale: number;
  /** The rotations of the solid onto itself. */
  symmetries: Quaternion[];
}

const PHI = (1 + Math.sqrt(5)) / 2;
const EPS = 1e-6;

/** The faces of a convex solid: for each outward normal, the corners lying on that plane, in order round it. */
function facesFromNormals(vertices: Vector3[], normals: Vector3[]): { normal: Vector3; ring: number[] }[] {
  return normals.map((raw) => {
    const normal = raw.clone().normalize();
    const top = Math.max(...vertices.map((v) => v.dot(normal)));
    const ring = vertices.map((v, i) => ({ v, i })).filter(({ v }) => v.dot(normal) > top - EPS);
    const centre = ring.reduce((c, { v }) => c.add(v), new Vector3()).divideScalar(ring.length);
    const u = ring[0]!.v.clone().sub(centre).normalize();
    const w = new Vector3().crossVectors(normal, u);
    const angle = (p: Vector3) => {
      const d = p.clone().sub(centre);
      return Math.atan2(d.dot(w), d.dot(u));
    };
    return { normal, ring: ring.sort((a, b) => angle(a.v) - angle(b.v)).map(({ i }) => i) };
  });
}

/** Every rotation carrying the corners onto themselves: each maps face 0 onto some face, its first corner onto one of that face's. */
function symmetriesOf(vertices: Vector3[], faces: { normal: Vector3; ring: number[] }[]): Quaternion[] {
  const frame = (f: { normal: Vector3; ring: number[] }, corner: number) => {
    const centre = f.ring.reduce((c, i) => c.add(vertices[i]!), new Vector3()).divideScalar(f.ring.length);
    const t = vertices[corner]!.clone().sub(centre).normalize();
    return new Matrix4().makeBasis(f.normal, t, new Vector3().crossVectors(f.normal, t));
  };
  const from = frame(faces[0]!, faces[0]!.ring[0]!).transpose();
  const found: Quaternion[] = [];
  for (const g of faces) {
    for (const corner of g.ring) {
      const m = frame(g, corner).multiply(from);
      const ok = vertices.every((v) => {
        const moved = v.clone().applyMatrix4(m);
        return vertices.some((x) => x.distanceToSquared(moved) < 1e-9);
      });
      if (ok) found.push(new Quaternion().setFromRotationMatrix(m));
    }
  }
  return found;
}

/** Give opposite faces values adding to sides + 1, pairing faces by their normals. */
function numberOpposites(faces: { normal: Vector3; ring: number[] }[], order: number[]): DieFace[] {
  const sides = faces.length;
  const values = new Array<number>(sides).fill(0);
  let next = 1;
  for (const i of order) {
    if (values[i]) continue;
    const opposite = faces.findIndex((f) => f.normal.dot(faces[i]!.normal) < -1 + EPS);
    if (opposite < 0) throw new Error(`a D${sides} face has no opposite face`);
    values[i] = next;
    values[opposite] = sides + 1 - next;
    next++;
  }
  return faces.map((f, i) => ({ ...f, value: values[i]! }));
}

function unitCircumradius(vertices: Vector3[]): Vector3[] {
  const r = Math.max(...vertices.map((v) => v.length()));
  return vertices.map((v) => v.clone().divideScalar(r));
}

function shape(sides: PhysicalSides, rawVertices: Vector3[], normals: Vector3[], scale: number, numbering: (f: { normal: Vector3; ring: number[] }[]) => DieFace[], cornerValues: number[] = []): DieShape {
  const vertices = unitCircumradius(rawVertices);
  const bare = facesFromNormals(vertices, normals);
  if (bare.length !== sides) throw new Error(`a D${sides} needs ${sides} faces, not ${bare.length}`);
  const faces = numbering(bare);
  const inradius = vertices[faces[0]!.ring[0]!]!.dot(faces[0]!.normal);
  return { sides, vertices, faces, cornerValues, inradius, scale, symmetries: symmetriesOf(vertices, bare) };
}

/** Faces in order of a walk from the top down, so low values sit near the top as printed dice often have them. */
const topDown = (faces: { normal: Vector3 }[]) => faces.map((f, i) => ({ i, y: f.normal.y, a: Math.atan2(f.normal.z, f.normal.x) })).sort((a, b) => b.y - a.y || a.a - b.a).map((f) => f.i);

function tetrahedron(): DieShape {
  const v = [new Vector3(1, 1, 1), new Vector3(1, -1, -1), new Vector3(-1, 1, -1), new Vector3(-1, -1, 1)];
  // Each face lies opposite a corner; the value read is the corner pointing up.
  const normals = v.map((x) => x.clone().negate());
  return shape(4, v, normals, 0.75, (faces) => faces.map((f) => ({ ...f, value: 0 })), [1, 2, 3, 4]);
}

function cube(): DieShape {
  const v: Vector3[] = [];
  for (const x of [-1, 1]) for (const y of [-1, 1]) for (const z of [-1, 1]) v.push(new Vector3(x, y, z));
  // The D6's own numbering (d6.ts), which its pips follow.
  return shape(
    6,
    v,
    D6_FACES.map((f) => f.normal),
    Math.sqrt(3) / 2,
    (faces) => faces.map((f, i) => ({ ...f, value: D6_FACES[i]!.value })),
  );
}

function octahedron(): DieShape {
  const v = [new Vector3(1, 0, 0), new Vector3(-1, 0, 0), new Vector3(0, 1, 0), new Vector3(0, -1, 0), new Vector3(0, 0, 1), new Vector3(0, 0, -1)];
  const normals: Vector3[] = [];
  for (const x of [-1, 1]) for (const y of [-1, 1]) for (const z of [-1, 1]) normals.push(new Vector3(x, y, z));
  return shape(8, v, normals, 0.66, (faces) => numberOpposites(faces, topDown(faces)));
}

/**
 * The pentagonal trapezohedron: two poles and two rings of five corners, the lower ring turned by
 * 36°. The ring height `z` and the pole height `h` must satisfy h = z (1 + cos 36°) / (1 − cos 36°)
 * for the kites to be flat; z = 0.1056 gives poles as far out as the rings, as a printed D10 has.
 */
function trapezohedron(): DieShape {
  const c36 = Math.cos(Math.PI / 5);
  const z = 0.1056;
  const h = (z * (1 + c36)) / (1 - c36);
  const v = [new Vector3(0, h, 0), new Vector3(0, -h, 0)];
  for (let k = 0; k < 5; k++) v.push(new Vector3(Math.cos((2 * Math.PI * k) / 5), z, Math.sin((2 * Math.PI * k) / 5)));
  for (let k = 0; k < 5; k++) v.push(new Vector3(Math.cos((2 * Math.PI * k) / 5 + Math.PI / 5), -z, Math.sin((2 * Math.PI * k) / 5 + Math.PI / 5)));
  const normals: Vector3[] = [];
  for (let k = 0; k < 5; k++) {
    // Upper kite: pole, ring corner k, lower corner k, ring corner k+1; the lower kites likewise.
    const up = [v[0]!, v[2 + k]!, v[7 + k]!];
    const down = [v[1]!, v[7 + k]!, v[2 + ((k + 1) % 5)]!];
    for (const [a, b, c] of [up, down]) {
      const n = new Vector3().crossVectors(b!.clone().sub(a!), c!.clone().sub(a!));
      if (n.dot(a!.clone().add(b!).add(c!)) < 0) n.negate();
      normals.push(n);
    }
  }
  // Odd values round the upper pole, even ones round the lower, opposite faces adding to 11.
  return shape(10, v, normals, 0.64, (faces) => numberOpposites(faces, topDown(faces)));
}

function dodecahedron(): DieShape {
  const v: Vector3[] = [];
  for (const x of [-1, 1]) for (const y of [-1, 1]) for (const z of [-1, 1]) v.push(new Vector3(x, y, z));
  for (const a of [-1, 1]) {
    for (const b of [-1, 1]) {
      v.push(new Vector3(0, a / PHI, b * PHI), new Vector3(a / PHI, b * PHI, 0), new Vector3(a * PHI, 0, b / PHI));
    }
  }
  const normals: Vector3[] = [];
  for (const a of [-1, 1]) for (const b of [-1, 1]) normals.push(new Vector3(0, a * PHI, b), new Vector3(a * PHI, b, 0), new Vector3(a, 0, b * PHI));
  return shape(12, v, normals, 0.68, (faces) => numberOpposites(faces, topDown(faces)));
}

function icosahedron(): DieShape {
  const v: Vector3[] = [];
  for (const a of [-1, 1]) for (const b of [-1, 1]) v.push(new Vector3(0, a, b * PHI), new Vector3(a, b * PHI, 0), new Vector3(a * PHI, 0, b));
  const normals: Vector3[] = [];
  for (const x of [-1, 1]) for (const y of [-1, 1]) for (const z of [-1, 1]) normals.push(new Vector3(x, y, z));
  for (const a of [-1, 1]) {
    for (const b of [-1, 1]) {
      normals.push(new Vector3(0, a * PHI, b / PHI), new Vector3(a * PHI, b / PHI, 0), new Vector3(a / PHI, 0, b * PHI));
    }
  }
  return shape(20, v, normals, 0.7, (faces) => numberOpposites(faces, topDown(faces)));
}

const BUILDERS: Record<PhysicalSides, () => DieShape> = { 4: tetrahedron, 6: cube, 8: octahedron, 10: trapezohedron, 12: dodecahedron, 20: icosahedron };
const built = new Map<PhysicalSides, DieShape>();

export function isPhysical(sides: number): sides is PhysicalSides {
  return (PHYSICAL_SIDES as readonly number[]).includes(sides);
}

export function dieShape(sides: PhysicalSides): DieShape {
  let s = built.get(sides);
  if (!s) {
    s = BUILDERS[sides]();
    built.set(sides, s);
  }
  return s;
}

/** The direction in the die's frame that points up when `value` shows: its face, or the D4's corner. */
export function readDirection(s: DieShape, value: number): Vector3 {
  if (s.cornerValues.length > 0) {
    const i = s.cornerValues.indexOf(value);
    if (i < 0) throw new RangeError(`a D${s.sides} has no corner ${value}`);
    return s.vertices[i]!.clone().normalize();
  }
  const face = s.faces.find((f) => f.value === value);
  if (!face) throw new RangeError(`a D${s.sides} has no face ${value}`);
  return face.normal;
}

function values(s: DieShape): number[] {
  return s.cornerValues.length > 0 ? s.cornerValues : s.faces.map((f) => f.value);
}

const UP = new Vector3(0, 1, 0);

/**
 * The value a die of `sides` shows turned by `q`, and how nearly its reading direction points up
 * (1 when it lies plainly; for the D4 the corner's direction, about 1 as well when it rests on a face).
 */
export function dieTop(sides: PhysicalSides, q: { x: number; y: number; z: number; w: number }): { value: number; cos: number } {
  if (sides === 6) return cubeTop(q);
  const s = dieShape(sides);
  const rot = new Quaternion(q.x, q.y, q.z, q.w);
  const d = new Vector3();
  let best = { value: 0, cos: -Infinity };
  for (const v of values(s)) {
    const c = d.copy(readDirection(s, v)).applyQuaternion(rot).dot(UP);
    if (c > best.cos) best = { value: v, cos: c };
  }
  return best;
}

/** How nearly a die turned by `q` lies on a face against ground of normal `n`: the best cosine of a face's normal with −n. */
export function restingCos(sides: PhysicalSides, q: { x: number; y: number; z: number; w: number }, n: [number, number, number]): number {
  const down = new Vector3(-n[0], -n[1], -n[2]).applyQuaternion(new Quaternion(q.x, q.y, q.z, q.w).invert());
  return Math.max(...dieShape(sides).faces.map((f) => f.normal.dot(down)));
}

const swaps = new Map<string, Quaternion>();

/**
 * The symmetry of the die that carries the reading direction of `wanted` onto that of `landed`:
 * drawing the picture as `body * dieSwap(...)` shows `wanted` where the body landed showing `landed`.
 */
export function dieSwap(sides: PhysicalSides, landed: number, wanted: number): Quaternion {
  if (sides === 6) return cubeSwap(landed, wanted);
  const key = `${sides}:${landed}:${wanted}`;
  const cached = swaps.get(key);
  if (cached) return cached;
  const s = dieShape(sides);
  const from = readDirection(s, wanted);
  const to = readDirection(s, landed);
  const q = s.symmetries.find((r) => from.clone().applyQuaternion(r).distanceToSquared(to) < 1e-9);
  if (!q) throw new Error(`no turn of a D${sides} carries ${wanted} onto ${landed}`);
  swaps.set(key, q);
  return q;
}

/**
 * The die thrown for a roll of `sides`, and the value its picture shows for the engine's `value`:
 * a D3 is thrown as a D6, showing 2v or 2v − 1 (read halved, rounded up), picked by `pick` in [0, 1).
 * Null for a die that has no body (the log shows it alone).
 */
export function physicalDie(sides: number, value: number, pick: number): { sides: PhysicalSides; face: number } | null {
  if (sides === 3) return { sides: 6, face: 2 * value - (pick < 0.5 ? 1 : 0) };
  return isPhysical(sides) ? { sides, face: value } : null;
}
