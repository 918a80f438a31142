/**
 * A tiny modelling kit for the miniatures: parts (three.js primitives or hand-made hexahedra) each
 * marked with a paint region, flattened into one indexed mesh with faceted normals. Runs in Node:
 * only three's maths and primitive builders are used, no DOM.
 */

import {
  BoxGeometry,
  BufferGeometry,
  ConeGeometry,
  CylinderGeometry,
  Float32BufferAttribute,
  IcosahedronGeometry,
  Matrix4,
  Quaternion,
  SphereGeometry,
  Vector3,
} from 'three';
import { R, type Region } from '../../src/scene/paint';

export type V3 = [number, number, number];

export interface MeshData {
  positions: Float32Array;
  /** Left out for faceted models: the shader takes face normals from screen-space derivatives. */
  normals?: Float32Array;
  regions: Uint8Array;
  indices: Uint16Array;
}

interface Part {
  geo: BufferGeometry;
  region: number;
  smooth: boolean;
}

/** One level of detail of a model, built part by part. */
export class Mesh {
  readonly parts: Part[] = [];

  add(geo: BufferGeometry, region: Region, smooth = false): this {
    this.parts.push({ geo, region: R[region], smooth });
    return this;
  }

  /** Apply a transform to every part added so far (for placing a whole sub-assembly). */
  transform(m: Matrix4, from = 0): this {
    for (let i = from; i < this.parts.length; i++) this.parts[i]!.geo.applyMatrix4(m);
    return this;
  }

  /** Append another mesh's parts (cloned) under a transform. */
  include(other: Mesh, m?: Matrix4): this {
    for (const p of other.parts) {
      const g = p.geo.clone();
      if (m) g.applyMatrix4(m);
      this.parts.push({ geo: g, region: p.region, smooth: p.smooth });
    }
    return this;
  }

  get length(): number {
    return this.parts.length;
  }

  /**
   * Flatten into one indexed mesh. Vertices that agree in position and region (and normal, when
   * normals are kept) are shared. Without normals a box costs 8 vertices; with faceted normals 24.
   */
  build(withNormals = false): MeshData {
    const pos: number[] = [];
    const nrm: number[] = [];
    const reg: number[] = [];
    const idx: number[] = [];
    const seen = new Map<string, number>();
    const q = (v: number) => Math.round(v * 1e5);
    for (const p of this.parts) {
      let g = p.geo;
      g.deleteAttribute('uv');
      if (!p.smooth) {
        g = g.index ? g.toNonIndexed() : g;
        g.computeVertexNormals();
      } else if (!g.getAttribute('normal')) {
        g.computeVertexNormals();
      }
      const P = g.getAttribute('position');
      const N = g.getAttribute('normal');
      const order: number[] = g.index ? Array.from(g.index.array) : Array.from({ length: P.count }, (_, i) => i);
      for (let t = 0; t + 2 < order.length; t += 3) {
        // Skip triangles with no area (cones' degenerate tips, squashed caps).
        const a = order[t]!;
        const b = order[t + 1]!;
        const c = order[t + 2]!;
        const ab = new Vector3(P.getX(b) - P.getX(a), P.getY(b) - P.getY(a), P.getZ(b) - P.getZ(a));
        const ac = new Vector3(P.getX(c) - P.getX(a), P.getY(c) - P.getY(a), P.getZ(c) - P.getZ(a));
        if (ab.cross(ac).lengthSq() < 1e-14) continue;
        for (const i of [a, b, c]) {
          const x = P.getX(i);
          const y = P.getY(i);
          const z = P.getZ(i);
          let nx = N.getX(i);
          let ny = N.getY(i);
          let nz = N.getZ(i);
          const l = Math.hypot(nx, ny, nz) || 1;
          nx /= l;
          ny /= l;
          nz /= l;
          const key = withNormals
            ? `${q(x)},${q(y)},${q(z)},${Math.round(nx * 127)},${Math.round(ny * 127)},${Math.round(nz * 127)},${p.region}`
            : `${q(x)},${q(y)},${q(z)},${p.region}`;
          let k = seen.get(key);
          if (k === undefined) {
            k = reg.length;
            seen.set(key, k);
            pos.push(x, y, z);
            nrm.push(nx, ny, nz);
            reg.push(p.region);
          }
          idx.push(k);
        }
      }
    }
    if (reg.length > 65535) throw new Error(`mesh has ${reg.length} vertices; 16-bit indices hold 65535`);
    return {
      positions: new Float32Array(pos),
      ...(withNormals ? { normals: new Float32Array(nrm) } : {}),
      regions: new Uint8Array(reg),
      indices: new Uint16Array(idx),
    };
  }
}

// --- Primitives ---------------------------------------------------------------------------------

const v = (p: V3) => new Vector3(p[0], p[1], p[2]);

/** An axis-aligned box by its extents (x forward, y up, z right). */
export function box(x0: number, x1: number, y0: number, y1: number, z0: number, z1: number): BufferGeometry {
  return new BoxGeometry(x1 - x0, y1 - y0, z1 - z0).translate((x0 + x1) / 2, (y0 + y1) / 2, (z0 + z1) / 2);
}

/**
 * A hexahedron from eight corners: bottom face (y low) a, b, c, d going -x-z, +x-z, +x+z, -x+z,
 * then the top face in the same order. Tapered blocks, slanted walls and wedges are all this.
 */
export function hexa(c: V3[]): BufferGeometry {
  const faces = [
    [0, 1, 2, 3], // bottom
    [4, 7, 6, 5], // top
    [0, 4, 5, 1], // -z
    [1, 5, 6, 2], // +x
    [2, 6, 7, 3], // +z
    [3, 7, 4, 0], // -x
  ];
  const pos: number[] = [];
  for (const f of faces) {
    const [a, b, cc, d] = f.map((i) => c[i]!);
    pos.push(...a!, ...b!, ...cc!, ...a!, ...cc!, ...d!);
  }
  const g = new BufferGeometry();
  g.setAttribute('position', new Float32BufferAttribute(pos, 3));
  return g;
}

/** A block tapering from a bottom rectangle to a top one, each given by x and z extents. */
export function taper(
  y0: number,
  y1: number,
  bottom: [number, number, number, number],
  top: [number, number, number, number],
): BufferGeometry {
  const [bx0, bx1, bz0, bz1] = bottom;
  const [tx0, tx1, tz0, tz1] = top;
  return hexa([
    [bx0, y0, bz0],
    [bx1, y0, bz0],
    [bx1, y0, bz1],
    [bx0, y0, bz1],
    [tx0, y1, tz0],
    [tx1, y1, tz0],
    [tx1, y1, tz1],
    [tx0, y1, tz1],
  ]);
}

/** A flat triangle (both faces), for flags' and hats' undersides. */
export function tri(a: V3, b: V3, c: V3, twoSided = true): BufferGeometry {
  const pos = [...a, ...b, ...c];
  if (twoSided) pos.push(...a, ...c, ...b);
  const g = new BufferGeometry();
  g.setAttribute('position', new Float32BufferAttribute(pos, 3));
  return g;
}

/** A quad (both faces by default). */
export function quad(a: V3, b: V3, c: V3, d: V3, twoSided = true): BufferGeometry {
  const pos = [...a, ...b, ...c, ...a, ...c, ...d];
  if (twoSided) pos.push(...a, ...c, ...b, ...a, ...d, ...c);
  const g = new BufferGeometry();
  g.setAttribute('position', new Float32BufferAttribute(pos, 3));
  return g;
}

/**
 * A square-section bar from a to b, `w` across and `d` deep. `side` says which way its width
 * lies (it is made square to the bar's direction).
 */
export function bar(a: V3, b: V3, w: number, d = w, side: V3 = [0, 0, 1]): BufferGeometry {
  const A = v(a);
  const B = v(b);
  const dir = B.clone().sub(A);
  const len = dir.length();
  dir.normalize();
  let s = v(side);
  s.addScaledVector(dir, -s.dot(dir));
  if (s.lengthSq() < 1e-8) {
    s = Math.abs(dir.x) < 0.9 ? new Vector3(1, 0, 0) : new Vector3(0, 0, 1);
    s.addScaledVector(dir, -s.dot(dir));
  }
  s.normalize();
  const f = new Vector3().crossVectors(s, dir).normalize();
  // Local box: x = f (depth d), y = dir (length), z = s (width w).
  const basis = new Matrix4().makeBasis(f, dir, s);
  basis.setPosition(A.clone().add(B).multiplyScalar(0.5));
  return new BoxGeometry(d, len, w).applyMatrix4(basis);
}

/** A round rod from a to b with `n` sides, radius r (ra at a, rb at b when given). */
export function rod(a: V3, b: V3, r: number, n = 6, rb = r, caps = true): BufferGeometry {
  const A = v(a);
  const B = v(b);
  const dir = B.clone().sub(A);
  const len = dir.length();
  const g = new CylinderGeometry(rb, r, len, n, 1, !caps);
  const q = new Quaternion().setFromUnitVectors(new Vector3(0, 1, 0), dir.normalize());
  g.applyQuaternion(q);
  g.translate((A.x + B.x) / 2, (A.y + B.y) / 2, (A.z + B.z) / 2);
  return g;
}

/** A cylinder standing on y0 (vertical axis), centred at x, z. */
export function cyl(x: number, z: number, y0: number, h: number, r: number, n = 8, rTop = r): BufferGeometry {
  return new CylinderGeometry(rTop, r, h, n).translate(x, y0 + h / 2, z);
}

export function cone(x: number, z: number, y0: number, h: number, r: number, n = 6): BufferGeometry {
  return new ConeGeometry(r, h, n).translate(x, y0 + h / 2, z);
}

/** A faceted ball: an icosahedron, stretched to radii rx, ry, rz. */
export function ball(c: V3, rx: number, ry = rx, rz = rx, detail = 0): BufferGeometry {
  return new IcosahedronGeometry(1, detail).scale(rx, ry, rz).translate(c[0], c[1], c[2]);
}

/** A smooth low sphere (w x h segments), stretched. */
export function sphere(c: V3, rx: number, ry = rx, rz = rx, w = 6, h = 4): BufferGeometry {
  return new SphereGeometry(1, w, h).scale(rx, ry, rz).translate(c[0], c[1], c[2]);
}

// --- Transforms ---------------------------------------------------------------------------------

export function mat(): Matrix4 {
  return new Matrix4();
}

export function translation(x: number, y: number, z: number): Matrix4 {
  return new Matrix4().makeTranslation(x, y, z);
}

export function rotY(a: number): Matrix4 {
  return new Matrix4().makeRotationY(a);
}

export function rotZ(a: number): Matrix4 {
  return new Matrix4().makeRotationZ(a);
}

export function rotX(a: number): Matrix4 {
  return new Matrix4().makeRotationX(a);
}

export function scaling(x: number, y = x, z = x): Matrix4 {
  return new Matrix4().makeScale(x, y, z);
}

/** Compose transforms applied right to left as written left to right: chain(a, b) = b after a. */
export function chain(...ms: Matrix4[]): Matrix4 {
  const out = new Matrix4();
  for (const m of ms) out.premultiply(m);
  return out;
}

/** A small deterministic random stream for jitter inside models (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
