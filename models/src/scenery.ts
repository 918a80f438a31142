/**
 * Terrain pieces, bases and markers.
 *
 * Trees are 1.0 tall (the scene scales them to a wood's canopy height). Buildings, walls, hedges,
 * fences and earthworks are in a standing man's height, like the figures, so they stand at the
 * figures' scale; wall, hedge and fence pieces are one unit long along x, to be stretched along a
 * line. The bridge is a unit square (x along its span) that the scene fits to the crossing.
 */

import { IcosahedronGeometry, LatheGeometry, OctahedronGeometry, TorusGeometry, Vector2 } from 'three';
import type { Region } from '../../src/scene/paint';
import { bar, box, cone, cyl, hexa, Mesh, quad, rng, rod, taper, tri, type V3 } from './geom';
import type { Lod } from './figure';

// --- Trees --------------------------------------------------------------------------------------

function blob(m: Mesh, c: V3, rx: number, ry: number, region: Region, detail = 0): void {
  m.add(new IcosahedronGeometry(1, detail).scale(rx, ry, rx).translate(c[0], c[1], c[2]), region);
}

export function oak(lod: Lod): Mesh {
  const m = new Mesh();
  if (lod === 2) {
    m.add(bar([0, 0, 0], [0, 0.45, 0], 0.08, 0.08), 'bark');
    blob(m, [0, 0.68, 0], 0.34, 0.3, 'leaf');
    return m;
  }
  m.add(rod([0, 0, 0], [0, 0.5, 0], 0.06, lod === 0 ? 6 : 4, 0.04), 'bark');
  if (lod === 1) {
    blob(m, [0, 0.72, 0], 0.32, 0.28, 'leaf');
    blob(m, [0.12, 0.58, 0.08], 0.22, 0.2, 'leafDark');
    return m;
  }
  m.add(bar([0, 0.35, 0], [0.14, 0.56, 0.06], 0.035, 0.035), 'bark');
  m.add(bar([0, 0.38, 0], [-0.12, 0.58, -0.07], 0.035, 0.035), 'bark');
  blob(m, [0, 0.74, 0], 0.28, 0.24, 'leaf');
  blob(m, [0.17, 0.6, 0.09], 0.2, 0.18, 'leafDark');
  blob(m, [-0.16, 0.62, -0.1], 0.21, 0.18, 'leaf');
  blob(m, [0.02, 0.6, -0.18], 0.19, 0.17, 'leafDark');
  blob(m, [-0.06, 0.88, 0.08], 0.17, 0.13, 'leaf');
  blob(m, [-0.1, 0.58, 0.17], 0.17, 0.15, 'leafDark');
  return m;
}

export function pine(lod: Lod): Mesh {
  const m = new Mesh();
  const n = lod === 0 ? 7 : lod === 1 ? 6 : 5;
  if (lod === 2) {
    m.add(bar([0, 0, 0], [0, 0.2, 0], 0.06, 0.06), 'bark');
    m.add(cone(0, 0, 0.15, 0.85, 0.27, n), 'leafDark');
    return m;
  }
  m.add(rod([0, 0, 0], [0, 0.3, 0], 0.045, 4, 0.035), 'bark');
  if (lod === 1) {
    m.add(cone(0, 0, 0.15, 0.55, 0.3, n), 'leafDark');
    m.add(cone(0, 0, 0.48, 0.52, 0.21, n), 'leaf');
    return m;
  }
  m.add(cone(0, 0, 0.14, 0.42, 0.3, n), 'leafDark');
  m.add(cone(0, 0, 0.36, 0.38, 0.245, n), 'leafDark');
  m.add(cone(0, 0, 0.56, 0.3, 0.185, n), 'leaf');
  m.add(cone(0, 0, 0.74, 0.26, 0.12, n), 'leaf');
  return m;
}

/** Fruit tree: short trunk, low round crown dotted with fruit. */
export function fruitTree(lod: Lod): Mesh {
  const m = new Mesh();
  if (lod === 2) {
    m.add(bar([0, 0, 0], [0, 0.4, 0], 0.08, 0.08), 'bark');
    m.add(new OctahedronGeometry(1).scale(0.42, 0.3, 0.42).translate(0, 0.66, 0), 'leaf');
    return m;
  }
  m.add(rod([0, 0, 0], [0, 0.42, 0], 0.06, lod === 0 ? 5 : 4, 0.045), 'bark');
  blob(m, [0, 0.68, 0], 0.42, 0.3, 'leaf');
  if (lod === 0) {
    blob(m, [0.12, 0.8, -0.1], 0.24, 0.18, 'leafDark');
    const r = rng(7);
    for (let i = 0; i < 9; i++) {
      const a = r() * Math.PI * 2;
      const y = 0.55 + r() * 0.3;
      const rad = 0.36 * Math.sqrt(1 - ((y - 0.68) / 0.32) ** 2);
      m.add(new OctahedronGeometry(0.045).translate(Math.cos(a) * rad, y, Math.sin(a) * rad), 'blossom');
    }
  }
  return m;
}

export function poplar(lod: Lod): Mesh {
  const m = new Mesh();
  m.add(lod === 2 ? bar([0, 0, 0], [0, 0.2, 0], 0.05, 0.05) : rod([0, 0, 0], [0, 0.25, 0], 0.04, 4, 0.03), 'bark');
  blob(m, [0, 0.56, 0], 0.15, 0.42, 'leaf');
  if (lod === 0) blob(m, [0.02, 0.82, 0.01], 0.1, 0.17, 'leafDark');
  return m;
}

// --- Buildings -------------------------------------------------------------------------------

/** A pitched roof along x: two slabs from the eaves (at ±zEave, yEave) to the ridge. */
function roof(m: Mesh, x0: number, x1: number, zEave: number, yEave: number, yRidge: number, region: Region, t = 0.09): void {
  m.add(
    hexa([
      [x0, yEave - t, -zEave],
      [x1, yEave - t, -zEave],
      [x1, yRidge - t, 0],
      [x0, yRidge - t, 0],
      [x0, yEave, -zEave],
      [x1, yEave, -zEave],
      [x1, yRidge, 0],
      [x0, yRidge, 0],
    ]),
    region,
  );
  m.add(
    hexa([
      [x0, yRidge - t, 0],
      [x1, yRidge - t, 0],
      [x1, yEave - t, zEave],
      [x0, yEave - t, zEave],
      [x0, yRidge, 0],
      [x1, yRidge, 0],
      [x1, yEave, zEave],
      [x0, yEave, zEave],
    ]),
    region,
  );
}

/** Windows on both long walls (at ±z) and an optional door, as flat panes just proud of the wall. */
function windows(m: Mesh, xs: number[], z: number, y0: number, y1: number, w: number, region: Region = 'window'): void {
  for (const s of [-1, 1]) {
    const zz = s * (z + 0.012);
    for (const x of xs) {
      const a: V3 = [x - w / 2, y0, zz];
      const b: V3 = [x + w / 2, y0, zz];
      const c: V3 = [x + w / 2, y1, zz];
      const d: V3 = [x - w / 2, y1, zz];
      m.add(s > 0 ? quad(a, b, c, d, false) : quad(b, a, d, c, false), region);
    }
  }
}

function gables(m: Mesh, xs: number[], z: number, y0: number, y1: number, region: Region): void {
  for (const x of xs) m.add(tri([x, y0, -z], [x, y0, z], [x, y1, 0]), region);
}

/** A half-timbered house with a tiled roof and a chimney. */
export function house(lod: Lod): Mesh {
  const m = new Mesh();
  m.add(box(-1.65, 1.65, 0, 0.25, -1.15, 1.15), 'stone');
  m.add(box(-1.6, 1.6, 0, 1.5, -1.1, 1.1), 'plaster');
  gables(m, [-1.6, 1.6], 1.1, 1.5, 2.6, 'plaster');
  roof(m, -1.75, 1.75, 1.3, 1.4, 2.72, 'roof');
  m.add(box(0.6, 0.88, 1.9, 3.0, 0.25, 0.52), 'stone');
  windows(m, [-1.15, -0.4, 1.15], 1.1, 0.6, 1.15, 0.34);
  // Door on the front (+z) wall.
  m.add(quad([0.25, 0, 1.115], [0.7, 0, 1.115], [0.7, 0.95, 1.115], [0.25, 0.95, 1.115], false), 'timber');
  if (lod === 0) {
    for (const s of [-1, 1]) {
      const z = s * 1.125;
      m.add(box(-1.6, 1.6, 1.38, 1.48, z - 0.02, z + 0.02), 'timber');
      m.add(box(-1.6, 1.6, 0.4, 0.48, z - 0.02, z + 0.02), 'timber');
      for (const x of [-1.55, -0.78, 0.05, 0.9, 1.55]) m.add(box(x - 0.05, x + 0.05, 0.4, 1.45, z - 0.02, z + 0.02), 'timber');
      m.add(bar([-1.55, 0.48, z], [-0.78, 1.4, z], 0.07, 0.04, [1, 0, 0]), 'timber');
      m.add(bar([1.55, 0.48, z], [0.9, 1.4, z], 0.07, 0.04, [1, 0, 0]), 'timber');
    }
    m.add(box(-1.8, 1.8, 2.66, 2.78, -0.08, 0.08), 'timber');
  }
  return m;
}

/** A cottage with a thick hipped thatch. */
export function cottage(lod: Lod): Mesh {
  const m = new Mesh();
  m.add(box(-1.3, 1.3, 0, 1.15, -0.9, 0.9), 'plaster');
  m.add(taper(1.05, 2.25, [-1.5, 1.5, -1.12, 1.12], [-0.65, 0.65, -0.08, 0.08]), 'thatch');
  windows(m, [-0.75, 0.75], 0.9, 0.45, 0.85, 0.32);
  m.add(quad([-0.2, 0, 0.915], [0.2, 0, 0.915], [0.2, 0.85, 0.915], [-0.2, 0.85, 0.915], false), 'timber');
  m.add(box(0.8, 1.02, 1.6, 2.45, -0.15, 0.1), 'stone');
  if (lod === 0) m.add(taper(2.2, 2.32, [-0.66, 0.66, -0.1, 0.1], [-0.6, 0.6, -0.04, 0.04]), 'timber');
  return m;
}

/** A village church: nave, apse, and a west tower with an onion dome. */
export function church(lod: Lod): Mesh {
  const m = new Mesh();
  m.add(box(-2.5, 1.5, 0, 2.4, -1.3, 1.3), 'plaster');
  gables(m, [1.5], 1.3, 2.4, 3.7, 'plaster');
  roof(m, -2.4, 1.65, 1.45, 2.3, 3.82, 'roof');
  m.add(cyl(1.5, 0, 0, 2.1, 1.05, lod === 0 ? 8 : 6), 'plaster');
  m.add(cone(1.5, 0, 2.05, 1.0, 1.15, lod === 0 ? 8 : 6), 'roof');
  m.add(box(-3.7, -2.4, 0, 5.0, -0.7, 0.7), 'plaster');
  m.add(box(-3.75, -2.35, 4.9, 5.1, -0.75, 0.75), 'stone');
  // The onion dome, turned from a profile, with its lantern and spike.
  const onion = [
    [0.01, 0],
    [0.62, 0.02],
    [0.8, 0.3],
    [0.74, 0.55],
    [0.45, 0.82],
    [0.16, 1.02],
    [0.1, 1.2],
    [0.01, 1.22],
  ].map(([r, y]) => new Vector2(r, y));
  m.add(new LatheGeometry(onion, lod === 0 ? 8 : 6).translate(-3.05, 5.1, 0), 'slate');
  m.add(cyl(-3.05, 0, 6.25, 0.35, 0.16, 6), 'slate');
  m.add(cone(-3.05, 0, 6.55, 0.5, 0.1, 6), 'slate');
  windows(m, [-1.6, -0.5, 0.6], 1.3, 0.9, 1.95, 0.4);
  // West door and belfry openings.
  m.add(quad([-3.712, 0, -0.3], [-3.712, 0, 0.3], [-3.712, 1.2, 0.3], [-3.712, 1.2, -0.3], false), 'timber');
  if (lod === 0) {
    for (const s of [-1, 1]) {
      m.add(box(-3.3, -2.8, 3.9, 4.6, s * 0.712 - 0.01, s * 0.712 + 0.01), 'window');
      m.add(box(-3.712, -3.69, 3.9, 4.6, -0.25, 0.25), 'window');
    }
    m.add(cyl(0, 0, -0.02, 0.04, 0.28, 8).rotateZ(Math.PI / 2).translate(-3.73, 3.2, 0), 'markerLight');
    m.add(box(-3.09, -3.01, 7.0, 7.45, -0.04, 0.04), 'brass');
    m.add(box(-3.09, -3.01, 7.26, 7.33, -0.16, 0.16), 'brass');
    m.add(box(-2.55, 1.55, 0, 0.3, -1.35, 1.35), 'stone');
  }
  return m;
}

/** A barn with stone footings, boarded walls, big doors and a long roof. */
export function barn(lod: Lod): Mesh {
  const m = new Mesh();
  m.add(box(-2.25, 2.25, 0, 0.6, -1.45, 1.45), 'stone');
  m.add(box(-2.2, 2.2, 0.6, 1.45, -1.4, 1.4), 'planks');
  gables(m, [-2.2, 2.2], 1.4, 1.45, 2.95, 'planks');
  roof(m, -2.35, 2.35, 1.62, 1.3, 3.05, 'thatch', 0.14);
  m.add(quad([-0.55, 0, 1.465], [0.55, 0, 1.465], [0.55, 1.3, 1.465], [-0.55, 1.3, 1.465], false), 'timber');
  m.add(quad([0.55, 0, -1.465], [-0.55, 0, -1.465], [-0.55, 1.3, -1.465], [0.55, 1.3, -1.465], false), 'timber');
  if (lod === 0) {
    // A lean-to shed on one end.
    m.add(box(2.2, 3.2, 0, 0.95, -1.0, 1.0), 'planks');
    m.add(
      hexa([
        [2.1, 1.25, -1.1],
        [3.35, 0.85, -1.1],
        [3.35, 0.85, 1.1],
        [2.1, 1.25, 1.1],
        [2.1, 1.35, -1.1],
        [3.35, 0.95, -1.1],
        [3.35, 0.95, 1.1],
        [2.1, 1.35, 1.1],
      ]),
      'roof',
    );
    m.add(box(-0.05, 0.05, 0, 1.3, 1.46, 1.5), 'black');
  }
  return m;
}

/** A post mill: the wooden body on its trestle, four sails to the front (+x). */
export function windmill(lod: Lod): Mesh {
  const m = new Mesh();
  for (const [x, z] of [
    [-0.7, -0.7],
    [0.7, -0.7],
    [0.7, 0.7],
    [-0.7, 0.7],
  ] as const) {
    m.add(bar([x, 0, z], [0, 1.3, 0], 0.1, 0.1), 'timber');
  }
  m.add(rod([0, 0, 0], [0, 1.75, 0], 0.14, 6), 'timber');
  m.add(box(-0.7, 0.7, 1.6, 3.25, -0.55, 0.55), 'planks');
  roof(m, -0.8, 0.8, 0.65, 3.2, 3.75, 'planks', 0.1);
  gables(m, [-0.7, 0.7], 0.55, 3.25, 3.7, 'planks');
  m.add(rod([0.6, 2.9, 0], [0.95, 2.95, 0], 0.08, 6), 'timber');
  for (let k = 0; k < 4; k++) {
    const a = Math.PI / 4 + (k * Math.PI) / 2;
    const dir: V3 = [0, Math.sin(a), Math.cos(a)];
    const side: V3 = [0, Math.cos(a), -Math.sin(a)];
    const at = (r: number, w: number): V3 => [0.97, 2.95 + dir[1] * r + side[1] * w, dir[2] * r + side[2] * w];
    m.add(bar(at(0, 0), at(2.1, 0), 0.06, 0.06), 'timber');
    m.add(quad(at(0.45, 0.04), at(2.1, 0.04), at(2.1, 0.48), at(0.45, 0.48)), 'sail');
    if (lod === 0) m.add(bar(at(0.45, 0.48), at(2.1, 0.48), 0.03, 0.03), 'timber');
  }
  m.add(bar([-0.7, 1.9, 0], [-1.9, 0.1, 0], 0.08, 0.08), 'timber');
  if (lod === 0) m.add(bar([-0.7, 1.6, 0.25], [-1.6, 0.0, 0.25], 0.12, 0.04), 'timber');
  return m;
}

/** A water mill: stone house with the wheel on its +z side (set it on the bank, wheel to the water). */
export function watermill(lod: Lod): Mesh {
  const m = new Mesh();
  m.add(box(-1.5, 1.5, 0, 0.9, -1.1, 1.1), 'stone');
  m.add(box(-1.5, 1.5, 0.9, 1.8, -1.1, 1.1), 'plaster');
  gables(m, [-1.5, 1.5], 1.1, 1.8, 2.9, 'plaster');
  roof(m, -1.65, 1.65, 1.3, 1.7, 3.0, 'roof');
  windows(m, [-0.8, 0.8], 1.1, 1.1, 1.55, 0.32);
  const c: V3 = [0, 0.7, 1.45];
  const n = lod === 0 ? 12 : 8;
  m.add(new TorusGeometry(0.95, 0.07, 3, n).translate(c[0], c[1], c[2] - 0.15), 'timber');
  m.add(new TorusGeometry(0.95, 0.07, 3, n).translate(c[0], c[1], c[2] + 0.15), 'timber');
  for (let k = 0; k < (lod === 0 ? 10 : 5); k++) {
    const a = (k * Math.PI * 2) / (lod === 0 ? 10 : 5);
    const p: V3 = [c[0] + Math.cos(a) * 0.95, c[1] + Math.sin(a) * 0.95, c[2]];
    m.add(bar([p[0], p[1], p[2] - 0.2], [p[0], p[1], p[2] + 0.2], 0.06, 0.22, [Math.cos(a), Math.sin(a), 0]), 'planks');
  }
  m.add(rod([c[0], c[1], 1.0], [c[0], c[1], 1.8], 0.1, 6), 'timber');
  return m;
}

/** A stone arch bridge, a unit square: x along the span, deck top at y = 0. */
export function bridge(lod: Lod): Mesh {
  const m = new Mesh();
  m.add(box(-0.5, 0.5, -0.1, 0, -0.5, 0.5), 'stone');
  for (const s of [-1, 1]) {
    m.add(box(-0.5, 0.5, 0, 0.2, s > 0 ? 0.4 : -0.5, s > 0 ? 0.5 : -0.4), 'stone');
    m.add(box(-0.52, 0.52, 0.2, 0.24, s > 0 ? 0.38 : -0.52, s > 0 ? 0.52 : -0.38), 'rock');
  }
  // The arch: a vault under the deck from pier to pier.
  const segs = lod === 0 ? 8 : 4;
  const r = 0.3;
  const spring = -0.55;
  for (let k = 0; k < segs; k++) {
    const a0 = Math.PI - (k * Math.PI) / segs;
    const a1 = Math.PI - ((k + 1) * Math.PI) / segs;
    const x0 = Math.cos(a0) * r;
    const x1 = Math.cos(a1) * r;
    const y0 = spring + Math.sin(a0) * r;
    const y1 = spring + Math.sin(a1) * r;
    m.add(
      hexa([
        [x0, y0, -0.5],
        [x1, y1, -0.5],
        [x1, y1, 0.5],
        [x0, y0, 0.5],
        [x0, -0.1, -0.5],
        [x1, -0.1, -0.5],
        [x1, -0.1, 0.5],
        [x0, -0.1, 0.5],
      ]),
      'stone',
    );
  }
  for (const s of [-1, 1]) m.add(box(s > 0 ? r : -0.5, s > 0 ? 0.5 : -r, -0.9, -0.1, -0.5, 0.5), 'stone');
  if (lod === 0) {
    for (const s of [-1, 1]) {
      m.add(box(-0.5, 0.5, -0.12, -0.09, s * 0.5 - 0.015, s * 0.5 + 0.015), 'rock');
    }
    m.add(box(-0.5, 0.5, -0.005, 0.01, -0.32, 0.32), 'earth');
  }
  return m;
}

// --- Lines ----------------------------------------------------------------------------------------

export function wall(lod: Lod): Mesh {
  const m = new Mesh();
  m.add(box(-0.5, 0.5, 0, 0.46, -0.14, 0.14), 'stone');
  m.add(box(-0.5, 0.5, 0.46, 0.54, -0.17, 0.17), 'rock');
  if (lod === 0) {
    const r = rng(11);
    for (let i = 0; i < 6; i++) {
      const x = -0.42 + i * 0.16 + r() * 0.04;
      const y = 0.06 + r() * 0.3;
      const s = r() < 0.5 ? -1 : 1;
      m.add(box(x - 0.05, x + 0.05, y, y + 0.07, s * 0.14 - 0.015, s * 0.14 + 0.015), 'rock');
    }
  }
  return m;
}

export function hedge(lod: Lod): Mesh {
  const m = new Mesh();
  m.add(taper(0, 0.6, [-0.5, 0.5, -0.22, 0.22], [-0.5, 0.5, -0.15, 0.15]), 'hedge');
  if (lod === 0) {
    for (const x of [-0.33, 0, 0.33]) m.add(new IcosahedronGeometry(1, 0).scale(0.2, 0.16, 0.2).translate(x, 0.58, x * 0.1), 'hedge');
    m.add(new IcosahedronGeometry(1, 0).scale(0.16, 0.14, 0.18).translate(0.18, 0.4, 0.13), 'leafDark');
  }
  return m;
}

export function fence(lod: Lod): Mesh {
  const m = new Mesh();
  for (const x of [-0.5, 0]) m.add(box(x - 0.035, x + 0.035, 0, 0.72, -0.035, 0.035), 'timber');
  for (const y of [0.3, 0.6]) m.add(bar([-0.5, y, 0.045], [0.5, y + 0.02, 0.045], 0.05, 0.04), 'planks');
  if (lod === 0) m.add(bar([-0.5, 0.45, -0.045], [0.5, 0.44, -0.045], 0.05, 0.04), 'planks');
  return m;
}

/** A gun emplacement: an earth bank with an embrasure and gabions, the gun behind it (-x). */
export function earthwork(lod: Lod): Mesh {
  const m = new Mesh();
  const bank = (z0: number, z1: number, h: number) =>
    taper(0, h, [-0.15, 0.8, z0, z1], [0.05, 0.35, z0 + (z0 < 0 ? 0.05 : 0), z1 - (z1 > 0 ? 0.05 : 0)]);
  m.add(bank(-1.5, -0.24, 0.48), 'earth');
  m.add(bank(0.24, 1.5, 0.48), 'earth');
  m.add(bank(-0.24, 0.24, 0.2), 'earth');
  // Turf on the outer slope.
  for (const [z0, z1] of [
    [-1.5, -0.24],
    [0.24, 1.5],
  ] as const) {
    m.add(quad([0.81, 0.0, z1], [0.81, 0.0, z0], [0.36, 0.485, z0 + 0.04], [0.36, 0.485, z1 - 0.04], false), 'grass');
  }
  // The flanks bend back.
  for (const s of [-1, 1]) {
    const g = taper(0, 0.4, [-0.7, 0.1, -0.25, 0.25], [-0.6, 0.0, -0.1, 0.1]);
    g.rotateY(s * 0.5).translate(-0.2, 0, s * 1.6);
    m.add(g, 'earth');
  }
  const n = lod === 0 ? 7 : 5;
  for (const z of lod === 0 ? [-1.2, -0.85, -0.42, 0.42, 0.85, 1.2] : [-0.42, 0.42]) {
    m.add(cyl(0.2, z, 0.44, 0.3, 0.15, n), 'thatch');
    if (lod === 0) m.add(cyl(0.2, z, 0.72, 0.04, 0.11, n), 'earth');
  }
  return m;
}

/**
 * A field fortification along a line (x): a bank of earth thrown up from the ditch in front of it
 * (-z), turfed on top, with a low fire step behind (+z). Stretched along x to the section's length.
 */
export function fieldwork(lod: Lod): Mesh {
  const m = new Mesh();
  m.add(taper(0, 0.6, [-0.5, 0.5, -0.3, 0.42], [-0.5, 0.5, -0.08, 0.16]), 'earth');
  m.add(quad([0.5, 0.601, -0.08], [-0.5, 0.601, -0.08], [-0.5, 0.601, 0.16], [0.5, 0.601, 0.16], false), 'grass');
  // The ditch the earth came from: a dark scar in front of the bank.
  m.add(box(-0.5, 0.5, 0, 0.02, -0.5, -0.3), 'timber');
  m.add(taper(0, 0.22, [-0.5, 0.5, 0.3, 0.5], [-0.5, 0.5, 0.38, 0.5]), 'earth');
  if (lod === 0) {
    // Revetting stakes along the crest.
    for (const x of [-0.4, -0.2, 0, 0.2, 0.4]) m.add(box(x - 0.02, x + 0.02, 0.5, 0.68, -0.1, -0.06), 'timber');
  }
  return m;
}

/**
 * Chevaux de frise along a line (x): a squared beam held off the ground by pairs of crossed spikes,
 * each pair an X through the beam, the points iron-shod.
 */
export function chevaux(lod: Lod): Mesh {
  const m = new Mesh();
  const y = 0.34;
  m.add(bar([-0.5, y, 0], [0.5, y, 0], 0.09, 0.09), 'timber');
  const pairs = lod === 0 ? [-0.42, -0.21, 0, 0.21, 0.42] : [-0.33, 0, 0.33];
  const reach = 0.42;
  for (const x of pairs) {
    for (const s of [-1, 1]) {
      const a: [number, number, number] = [x, y - reach * 0.8, -s * reach];
      const b: [number, number, number] = [x, y + reach * 0.8, s * reach];
      m.add(bar(a, b, 0.04, 0.04, [1, 0, 0]), 'timber');
      if (lod === 0) m.add(bar([x, y + reach * 0.68, s * reach * 0.85], b, 0.05, 0.05, [1, 0, 0]), 'steel');
    }
  }
  return m;
}

// --- Bases and markers ----------------------------------------------------------------------

/**
 * A flocked base, a unit slab (top at y = 1): the top mottled in two greens with bare patches,
 * the edge painted. The scene stretches it to the stand's width, depth and thickness.
 */
export function base(lod: Lod): Mesh {
  const m = new Mesh();
  const nx = lod === 0 ? 6 : lod === 1 ? 3 : 1;
  const nz = lod === 0 ? 5 : lod === 1 ? 2 : 1;
  const r = rng(3);
  // Jittered grid points (the rim stays straight), so the mottling does not read as a chequer.
  const pts: V3[][] = [];
  for (let i = 0; i <= nx; i++) {
    pts.push([]);
    for (let j = 0; j <= nz; j++) {
      const ex = i === 0 || i === nx ? 0 : (r() - 0.5) * 0.6;
      const ez = j === 0 || j === nz ? 0 : (r() - 0.5) * 0.6;
      pts[i]!.push([-0.5 + (i + ex) / nx, 1, -0.5 + (j + ez) / nz]);
    }
  }
  const p = (i: number, j: number): V3 => pts[i]![j]!;
  for (let i = 0; i < nx; i++) {
    for (let j = 0; j < nz; j++) {
      for (const t of [0, 1]) {
        const roll = r();
        const region: Region = lod === 2 ? 'flock' : roll < 0.64 ? 'flock' : roll < 0.95 ? 'flockLight' : 'earth';
        const tr = t === 0 ? tri(p(i, j), p(i, j + 1), p(i + 1, j + 1), false) : tri(p(i, j), p(i + 1, j + 1), p(i + 1, j), false);
        m.add(tr, region);
      }
    }
  }
  // Sides and bottom.
  // Just below the flock, so the two never fight for the same pixels.
  m.add(box(-0.5, 0.5, 0, 0.995, -0.5, 0.5), 'baseEdge');
  return m;
}

/** Disorder marker: a red and white token on a pin, standing above the figures. */
export function disorderMarker(lod: Lod): Mesh {
  const m = new Mesh();
  m.add(cyl(0, 0, 0, 0.04, 0.12, 6), 'black');
  m.add(lod === 2 ? bar([0, 0, 0], [0, 0.78, 0], 0.03, 0.03) : rod([0, 0, 0], [0, 0.78, 0], 0.018, 4), 'pole');
  const n = lod === 0 ? 12 : 8;
  m.add(cyl(0, 0, 0.76, 0.05, 0.15, n), 'marker');
  m.add(cyl(0, 0, 0.81, 0.012, 0.1, n), 'markerLight');
  m.add(cyl(0, 0, 0.822, 0.012, 0.045, n), 'marker');
  return m;
}
