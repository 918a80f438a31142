/**
 * What a die looks like: a cube with rounded edges (the same rounding as its physics body), its
 * pips as shallow dished spots on each face in the usual layout, and a soft round shadow to lay
 * under it. Built once and shared by every die through instancing.
 */

import { BufferAttribute, BufferGeometry, CanvasTexture, LinearFilter, PlaneGeometry, Vector3 } from 'three';
import { RoundedBoxGeometry } from 'three/examples/jsm/geometries/RoundedBoxGeometry.js';
import { D6_FACES, pipLayout } from '../../dice-physics/d6';
import { DIE_ROUNDING } from '../../dice-physics/record';

export function dieBodyGeometry(size: number): BufferGeometry {
  return new RoundedBoxGeometry(size, size, size, 3, size * DIE_ROUNDING);
}

/** Pip spacing from the face centre, and pip radius, as fractions of the die's edge. */
const PIP_OFFSET = 0.25;
const PIP_RADIUS = 0.085;
const PIP_SEGMENTS = 12;

/**
 * Every pip of every face in one geometry, in the die's frame. Each pip is a disc lying just on
 * its face, shaded as a shallow dish (its normals lean inwards towards the rim), so the light
 * picks it out like a drilled pip.
 */
export function diePipsGeometry(size: number): BufferGeometry {
  const positions: number[] = [];
  const normals: number[] = [];
  const index: number[] = [];
  const half = size / 2;
  const r = size * PIP_RADIUS;
  const lift = size * 0.006;
  const u = new Vector3();
  const v = new Vector3();
  const c = new Vector3();
  const p = new Vector3();
  const n = new Vector3();
  for (const face of D6_FACES) {
    // Two directions across the face.
    u.set(face.normal.y !== 0 ? 1 : 0, 0, face.normal.y !== 0 ? 0 : 1);
    if (Math.abs(u.dot(face.normal)) > 0.5) u.set(0, 1, 0);
    v.crossVectors(face.normal, u);
    for (const [pu, pv] of pipLayout(face.value)) {
      c.copy(face.normal)
        .multiplyScalar(half + lift)
        .addScaledVector(u, pu * PIP_OFFSET * size)
        .addScaledVector(v, pv * PIP_OFFSET * size);
      const centre = positions.length / 3;
      positions.push(c.x, c.y, c.z);
      normals.push(face.normal.x, face.normal.y, face.normal.z);
      for (let k = 0; k < PIP_SEGMENTS; k++) {
        const a = (2 * Math.PI * k) / PIP_SEGMENTS;
        const du = Math.cos(a);
        const dv = Math.sin(a);
        // The rim's normal leans inwards, as a dish's wall does.
        p.copy(c).addScaledVector(u, du * r).addScaledVector(v, dv * r);
        n.copy(face.normal).multiplyScalar(0.6).addScaledVector(u, -du * 0.8).addScaledVector(v, -dv * 0.8).normalize();
        positions.push(p.x, p.y, p.z);
        normals.push(n.x, n.y, n.z);
        const next = (k + 1) % PIP_SEGMENTS;
        index.push(centre, centre + 1 + k, centre + 1 + next);
      }
    }
  }
  // Wind every triangle to face out of its face.
  const pos = new Float32Array(positions);
  for (let t = 0; t < index.length; t += 3) {
    const [i0, i1, i2] = [index[t]!, index[t + 1]!, index[t + 2]!];
    const e1 = new Vector3(pos[i1 * 3]! - pos[i0 * 3]!, pos[i1 * 3 + 1]! - pos[i0 * 3 + 1]!, pos[i1 * 3 + 2]! - pos[i0 * 3 + 2]!);
    const e2 = new Vector3(pos[i2 * 3]! - pos[i0 * 3]!, pos[i2 * 3 + 1]! - pos[i0 * 3 + 1]!, pos[i2 * 3 + 2]! - pos[i0 * 3 + 2]!);
    const out = new Vector3(normals[i0 * 3]!, normals[i0 * 3 + 1]!, normals[i0 * 3 + 2]!);
    if (e1.cross(e2).dot(out) < 0) {
      index[t + 1] = i2;
      index[t + 2] = i1;
    }
  }
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(pos, 3));
  g.setAttribute('normal', new BufferAttribute(new Float32Array(normals), 3));
  g.setIndex(index);
  g.computeBoundingSphere();
  return g;
}

/** A flat square lying on the ground (facing +Y), for the shadow. */
export function shadowGeometry(size: number): BufferGeometry {
  const g = new PlaneGeometry(size * 1.9, size * 1.9);
  g.rotateX(-Math.PI / 2);
  return g;
}

/** A soft round shadow: dark in the middle, fading to nothing at the edge. */
export function shadowTexture(): CanvasTexture {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 64;
  const ctx = canvas.getContext('2d')!;
  const grad = ctx.createRadialGradient(32, 32, 4, 32, 32, 32);
  grad.addColorStop(0, 'rgba(0,0,0,0.8)');
  grad.addColorStop(0.5, 'rgba(0,0,0,0.55)');
  grad.addColorStop(1, 'rgba(0,0,0,0)');
  ctx.fillStyle = grad;
  ctx.fillRect(0, 0, 64, 64);
  const tex = new CanvasTexture(canvas);
  tex.minFilter = LinearFilter;
  return tex;
}
