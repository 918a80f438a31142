/**
 * What the polyhedral dice look like: the solid itself with flat faces (the physics body's very
 * corners), and its numbers as small squares lying on the faces, cut from one texture of the
 * numbers 1 to 20. A D4 carries three numbers on each face, one by each corner, and is read by the
 * corner on top, as printed D4s are. 6 and 9 are underlined so they are never mistaken.
 */

import { BufferAttribute, BufferGeometry, CanvasTexture, LinearMipmapLinearFilter, Vector3 } from 'three';
import { dieShape, type DieShape, type PhysicalSides } from '../../dice-physics/polyhedra';
import { dieExtent } from '../../dice-physics/record';

const ATLAS_COLS = 5;
const ATLAS_ROWS = 4;
const CELL_PX = 128;

function corners(s: DieShape, ring: number[], r: number): Vector3[] {
  return ring.map((i) => s.vertices[i]!.clone().multiplyScalar(r));
}

function centroid(points: Vector3[]): Vector3 {
  return points.reduce((c, p) => c.add(p), new Vector3()).divideScalar(points.length);
}

/** The solid, flat-shaded: every face a fan of triangles with the face's normal. */
export function polyBodyGeometry(sides: PhysicalSides, size: number): BufferGeometry {
  const s = dieShape(sides);
  const { circumradius } = dieExtent(sides, size);
  const positions: number[] = [];
  const normals: number[] = [];
  for (const f of s.faces) {
    const p = corners(s, f.ring, circumradius);
    // The ring runs counter-clockwise seen from outside, so a fan from its first corner faces out.
    for (let k = 1; k + 1 < p.length; k++) {
      for (const q of [p[0]!, p[k]!, p[k + 1]!]) {
        positions.push(q.x, q.y, q.z);
        normals.push(f.normal.x, f.normal.y, f.normal.z);
      }
    }
  }
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(new Float32Array(positions), 3));
  g.setAttribute('normal', new BufferAttribute(new Float32Array(normals), 3));
  g.computeBoundingSphere();
  return g;
}

/** The distance from a point inside a convex polygon to its nearest edge. */
function distanceToEdges(c: Vector3, p: Vector3[]): number {
  let best = Infinity;
  for (let k = 0; k < p.length; k++) {
    const a = p[k]!;
    const b = p[(k + 1) % p.length]!;
    const ab = b.clone().sub(a);
    const t = Math.max(0, Math.min(1, c.clone().sub(a).dot(ab) / ab.lengthSq()));
    best = Math.min(best, a.clone().addScaledVector(ab, t).distanceTo(c));
  }
  return best;
}

/**
 * The numbers: a square per number lying just on its face, the number upright towards `up` (a
 * corner of the face), its texture coordinates on that number's cell of `numberAtlas`.
 */
export function polyNumbersGeometry(sides: PhysicalSides, size: number): BufferGeometry {
  const s = dieShape(sides);
  const { circumradius } = dieExtent(sides, size);
  const positions: number[] = [];
  const normals: number[] = [];
  const uvs: number[] = [];
  const index: number[] = [];
  const lift = size * 0.01;
  const square = (centre: Vector3, up: Vector3, normal: Vector3, half: number, value: number) => {
    const v = up.clone().sub(normal.clone().multiplyScalar(up.dot(normal))).normalize();
    const u = new Vector3().crossVectors(v, normal);
    const col = (value - 1) % ATLAS_COLS;
    const row = Math.floor((value - 1) / ATLAS_COLS);
    const [u0, u1] = [col / ATLAS_COLS, (col + 1) / ATLAS_COLS];
    const [v1, v0] = [1 - row / ATLAS_ROWS, 1 - (row + 1) / ATLAS_ROWS];
    const base = positions.length / 3;
    for (const [du, dv, tu, tv] of [
      [-1, -1, u0, v0],
      [1, -1, u1, v0],
      [1, 1, u1, v1],
      [-1, 1, u0, v1],
    ] as const) {
      const q = centre.clone().addScaledVector(normal, lift).addScaledVector(u, du * half).addScaledVector(v, dv * half);
      positions.push(q.x, q.y, q.z);
      normals.push(normal.x, normal.y, normal.z);
      uvs.push(tu, tv);
    }
    index.push(base, base + 1, base + 2, base, base + 2, base + 3);
  };
  for (const f of s.faces) {
    const p = corners(s, f.ring, circumradius);
    const c = centroid(p);
    const room = distanceToEdges(c, p);
    if (s.cornerValues.length > 0) {
      // D4: by each corner, the number read when that corner is on top.
      for (const [k, i] of f.ring.entries()) {
        const toward = p[k]!.clone().sub(c);
        square(c.clone().addScaledVector(toward, 0.5), toward, f.normal, room * 0.6, s.cornerValues[i]!);
      }
    } else {
      // Upright towards the face's farthest corner (a D10's pole), filling most of the face.
      const far = p.reduce((a, b) => (b.distanceToSquared(c) > a.distanceToSquared(c) ? b : a));
      square(c, far.clone().sub(c), f.normal, room * (sides === 10 ? 0.95 : 0.78), f.value);
    }
  }
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(new Float32Array(positions), 3));
  g.setAttribute('normal', new BufferAttribute(new Float32Array(normals), 3));
  g.setAttribute('uv', new BufferAttribute(new Float32Array(uvs), 2));
  g.setIndex(index);
  g.computeBoundingSphere();
  return g;
}

/** The numbers 1 to 20 in white on clear, one per cell; each die's numbers are tinted by its instance colour. */
export function numberAtlas(): CanvasTexture {
  const canvas = document.createElement('canvas');
  canvas.width = ATLAS_COLS * CELL_PX;
  canvas.height = ATLAS_ROWS * CELL_PX;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = '#ffffff';
  ctx.strokeStyle = '#ffffff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let value = 1; value <= ATLAS_COLS * ATLAS_ROWS; value++) {
    const x = ((value - 1) % ATLAS_COLS) * CELL_PX + CELL_PX / 2;
    const y = Math.floor((value - 1) / ATLAS_COLS) * CELL_PX + CELL_PX / 2;
    const text = String(value);
    ctx.font = `bold ${text.length > 1 ? 64 : 78}px Georgia, 'DejaVu Serif', serif`;
    ctx.fillText(text, x, y);
    if (value === 6 || value === 9) {
      ctx.lineWidth = 7;
      ctx.beginPath();
      ctx.moveTo(x - 20, y + 40);
      ctx.lineTo(x + 20, y + 40);
      ctx.stroke();
    }
  }
  const tex = new CanvasTexture(canvas);
  tex.minFilter = LinearMipmapLinearFilter;
  tex.anisotropy = 4;
  return tex;
}
