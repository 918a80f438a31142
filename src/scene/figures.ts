/**
 * Low-poly miniature figures, built from three.js primitives at a nominal height of 1 (a standing
 * man) in the stand frame (+X forward, +Y up, +Z right), and the layout of figures on a stand.
 *
 * Each figure is split by what gives it colour: the coat (white vertices, tinted per instance with
 * the side's uniform) and the fixed parts (faces, hats, muskets, horses' tack) in their own vertex
 * colours. So a whole army is a handful of instanced draws.
 */

import {
  BoxGeometry,
  BufferGeometry,
  Color,
  ConeGeometry,
  CylinderGeometry,
  Float32BufferAttribute,
  IcosahedronGeometry,
  TorusGeometry,
} from 'three';
import { mergeGeometries } from 'three/examples/jsm/utils/BufferGeometryUtils.js';
import type { Stand, TroopKind } from '../core/model';

type Place = (g: BufferGeometry) => BufferGeometry;

/** Colour a primitive, drop what we do not use and make it mergeable. */
function part(g: BufferGeometry, colour: string, place: Place = (x) => x): BufferGeometry {
  const placed = place(g);
  const p = placed.index ? placed.toNonIndexed() : placed;
  p.deleteAttribute('uv');
  const c = new Color(colour);
  const n = p.getAttribute('position').count;
  const colours = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) {
    colours[i * 3] = c.r;
    colours[i * 3 + 1] = c.g;
    colours[i * 3 + 2] = c.b;
  }
  p.setAttribute('color', new Float32BufferAttribute(colours, 3));
  return p;
}

function mergeParts(parts: BufferGeometry[]): BufferGeometry {
  const g = mergeGeometries(parts, false);
  if (!g) throw new Error('figure parts could not be merged');
  for (const p of parts) p.dispose();
  g.computeBoundingSphere();
  return g;
}

const box = (x: number, y: number, z: number) => new BoxGeometry(x, y, z);

const WHITE = '#ffffff';
const FLESH = '#e2b48e';
const HAT = '#1b1b1e';
const BREECHES = '#d9d3c2';
const BOOTS = '#202022';
const MUSKET = '#4a3321';
const TACK = '#2a1d14';
const BRONZE = '#9a7a3a';
const CARRIAGE = '#6a4e2f';
const WHEEL = '#3e2c1b';

/** A tricorne: a three-sided cone, flattened. */
function tricorne(y: number, r: number): BufferGeometry {
  return part(new ConeGeometry(r, r * 0.55, 3), HAT, (g) => g.rotateY(Math.PI / 6).translate(0, y, 0));
}

function head(y: number, r: number): BufferGeometry {
  return part(new IcosahedronGeometry(r, 0), FLESH, (g) => g.translate(0, y, 0));
}

// --- Infantryman ------------------------------------------------------------------------------

export function manCoatGeometry(): BufferGeometry {
  return mergeParts([
    part(box(0.2, 0.42, 0.3), WHITE, (g) => g.translate(0, 0.56, 0)),
    // Coat skirts, a little wider than the waist.
    part(box(0.22, 0.14, 0.32), WHITE, (g) => g.translate(-0.01, 0.34, 0)),
  ]);
}

export function manFixedGeometry(): BufferGeometry {
  return mergeParts([
    part(box(0.16, 0.3, 0.24), BREECHES, (g) => g.translate(0, 0.15, 0)),
    head(0.85, 0.1),
    tricorne(0.95, 0.17),
    // Shouldered musket on the left, pointing up.
    part(box(0.04, 0.72, 0.04), MUSKET, (g) => g.translate(0.05, 0.7, -0.18)),
  ]);
}

// --- Horse and rider (rider in the saddle at ~1.0) --------------------------------------------

export function horseGeometry(): BufferGeometry {
  const legs = [
    [0.36, 0.1],
    [0.36, -0.1],
    [-0.36, 0.1],
    [-0.36, -0.1],
  ].map(([x, z]) => part(box(0.09, 0.52, 0.08), '#ffffff', (g) => g.translate(x!, 0.26, z!)));
  return mergeParts([
    part(box(0.95, 0.36, 0.28), '#ffffff', (g) => g.translate(0, 0.7, 0)),
    // Neck and head, raked forward.
    part(box(0.2, 0.42, 0.18), '#ffffff', (g) => g.rotateZ(-0.6).translate(0.52, 0.95, 0)),
    part(box(0.3, 0.14, 0.14), '#ffffff', (g) => g.translate(0.7, 1.1, 0)),
    part(box(0.06, 0.36, 0.06), '#303030', (g) => g.rotateZ(0.5).translate(-0.55, 0.62, 0)),
    ...legs,
    // Saddle cloth.
    part(box(0.34, 0.04, 0.32), TACK, (g) => g.translate(-0.02, 0.9, 0)),
  ]);
}

export function riderCoatGeometry(): BufferGeometry {
  return part(box(0.2, 0.42, 0.28), WHITE, (g) => g.translate(0, 1.13, 0));
}

export function riderFixedGeometry(): BufferGeometry {
  return mergeParts([
    part(box(0.22, 0.3, 0.07), BOOTS, (g) => g.translate(0.02, 0.8, 0.17)),
    part(box(0.22, 0.3, 0.07), BOOTS, (g) => g.translate(0.02, 0.8, -0.17)),
    head(1.44, 0.1),
    tricorne(1.54, 0.17),
    // Sword at the slope.
    part(box(0.03, 0.5, 0.03), '#c8c8cc', (g) => g.rotateZ(-0.5).translate(0.12, 1.35, 0.2)),
  ]);
}

/** The commander's colour: a staff and a flag tinted with the side's colour per instance. */
export function flagPoleGeometry(): BufferGeometry {
  return part(new CylinderGeometry(0.025, 0.025, 1.9, 4), '#5a4128', (g) => g.translate(-0.12, 1.75, -0.22));
}

export function flagGeometry(): BufferGeometry {
  return part(box(0.7, 0.46, 0.03), WHITE, (g) => g.translate(-0.48, 2.42, -0.22));
}

// --- Gun ----------------------------------------------------------------------------------------

export function gunGeometry(): BufferGeometry {
  const wheel = (z: number) => part(new CylinderGeometry(0.3, 0.3, 0.05, 10), WHEEL, (g) => g.rotateX(Math.PI / 2).translate(0, 0.3, z));
  return mergeParts([
    part(new CylinderGeometry(0.055, 0.075, 0.95, 8), BRONZE, (g) => g.rotateZ(-Math.PI / 2).translate(0.2, 0.42, 0)),
    part(box(0.9, 0.08, 0.16), CARRIAGE, (g) => g.rotateZ(0.3).translate(-0.3, 0.22, 0)),
    part(box(0.06, 0.06, 0.5), CARRIAGE, (g) => g.translate(0, 0.3, 0)),
    wheel(0.24),
    wheel(-0.24),
  ]);
}

// --- Wagon and boat -----------------------------------------------------------------------------

export function wagonGeometry(): BufferGeometry {
  const wheel = (x: number, z: number) => part(new CylinderGeometry(0.2, 0.2, 0.05, 8), WHEEL, (g) => g.rotateX(Math.PI / 2).translate(x, 0.2, z));
  return mergeParts([
    part(box(1.1, 0.3, 0.5), CARRIAGE, (g) => g.translate(0, 0.42, 0)),
    part(new CylinderGeometry(0.28, 0.28, 1.0, 8, 1, false, 0, Math.PI), '#e7e0cc', (g) => g.rotateZ(Math.PI / 2).rotateX(Math.PI / 2).translate(0, 0.57, 0)),
    wheel(0.4, 0.27),
    wheel(0.4, -0.27),
    wheel(-0.4, 0.27),
    wheel(-0.4, -0.27),
  ]);
}

export function boatGeometry(): BufferGeometry {
  return mergeParts([
    part(box(1.4, 0.25, 0.5), CARRIAGE, (g) => g.translate(0, 0.12, 0)),
    part(new ConeGeometry(0.25, 0.4, 4), CARRIAGE, (g) => g.rotateZ(-Math.PI / 2).rotateX(Math.PI / 4).translate(0.9, 0.12, 0)),
  ]);
}

/** Disorder marker: a flat ring lying on the ground behind the stand. */
export function disorderRingGeometry(): BufferGeometry {
  return new TorusGeometry(1, 0.22, 4, 14).rotateX(Math.PI / 2);
}

// --- Layout -------------------------------------------------------------------------------------

export type FigureMesh = 'manCoat' | 'manFixed' | 'horse' | 'riderCoat' | 'riderFixed' | 'flagPole' | 'flag' | 'gun' | 'wagon' | 'boat';

/** One model on a stand: where it stands in the stand frame, how tall, which meshes draw it. */
export interface FigureSlot {
  f: number;
  l: number;
  /** Scale: the height of a man, mm. */
  size: number;
  /** Extra turn about the vertical (crew facing the gun, etc.). */
  yaw: number;
  meshes: FigureMesh[];
}

const MAN: FigureMesh[] = ['manCoat', 'manFixed'];
const RIDER: FigureMesh[] = ['horse', 'riderCoat', 'riderFixed'];

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

/** Lay `count` figures in `ranks` ranks across the stand, front rank forward. */
function grid(stand: Stand, files: number, ranks: number, size: number, meshes: FigureMesh[]): FigureSlot[] {
  const out: FigureSlot[] = [];
  const across = stand.width / files;
  const along = stand.depth / ranks;
  for (let r = 0; r < ranks; r++) {
    for (let c = 0; c < files; c++) {
      // Stagger the rear rank a little: it reads as a line of men rather than a grid of boxes.
      const stagger = r % 2 === 1 ? across * 0.18 : 0;
      out.push({
        f: stand.depth / 2 - along * (r + 0.5),
        l: -stand.width / 2 + across * (c + 0.5) + stagger,
        size,
        yaw: 0,
        meshes,
      });
    }
  }
  return out;
}

/**
 * Where the figures of one stand go. Uses the stand's figure count when the ruleset gives one, and
 * otherwise fills the base at a size that fits it.
 */
export function standFigures(kind: TroopKind, stand: Stand): FigureSlot[] {
  const w = stand.width;
  const d = stand.depth;
  switch (kind) {
    case 'infantry': {
      const ranks = stand.figures > 0 ? (stand.figures >= 4 && d >= w * 0.3 ? 2 : 1) : d >= 12 ? 2 : 1;
      const files =
        stand.figures > 0 ? clamp(Math.ceil(stand.figures / ranks), 1, 16) : clamp(Math.round(w / ((d / ranks) * 1.0)), 1, 12);
      const size = Math.min((w / files) * 1.75, (d / ranks) * 1.9);
      return grid(stand, files, ranks, size, MAN);
    }
    case 'cavalry': {
      const files = stand.figures > 0 ? clamp(stand.figures, 1, 8) : clamp(Math.round(w / (d * 0.6)), 1, 6);
      const size = Math.min(d * 0.85, (w / files) * 2.6);
      return grid(stand, files, 1, size, RIDER);
    }
    case 'artillery': {
      const size = Math.min(d * 0.4, w * 0.45);
      // The gun is modelled at a man's scale; a field piece stands a good deal bigger than that.
      const out: FigureSlot[] = [{ f: d * 0.1, l: 0, size: size * 1.5, yaw: 0, meshes: ['gun'] }];
      const crew = stand.figures > 0 ? clamp(stand.figures, 1, 4) : 3;
      for (let i = 0; i < crew; i++) {
        const l = (i - (crew - 1) / 2) * w * 0.28;
        out.push({ f: -d * 0.3 + (i % 2) * d * 0.06, l: l === 0 ? w * 0.3 : l, size, yaw: 0, meshes: MAN });
      }
      return out;
    }
    case 'commander': {
      const size = Math.min(d * 0.7, w * 0.7);
      const out: FigureSlot[] = [{ f: 0, l: w * 0.08, size, yaw: 0, meshes: [...RIDER, 'flagPole', 'flag'] }];
      if (w > d * 1.4) out.push({ f: -d * 0.12, l: -w * 0.3, size: size * 0.95, yaw: 0.3, meshes: RIDER });
      return out;
    }
    case 'wagon':
      return [{ f: 0, l: 0, size: Math.min(d * 0.75, w * 0.6), yaw: 0, meshes: ['wagon'] }];
    case 'boat':
      return [{ f: 0, l: 0, size: Math.min(d * 0.6, w * 1.0), yaw: 0, meshes: ['boat'] }];
  }
}

// --- Colours ------------------------------------------------------------------------------------

/** Coat colours by nation (mid-18th century); unknown nations wear the side's display colour. */
const COATS: Record<string, string> = {
  prussia: '#1e2d5e',
  austria: '#ebe7db',
  france: '#e3dfd2',
  britain: '#b3262c',
  'great-britain': '#b3262c',
  england: '#b3262c',
  hanover: '#b8312f',
  russia: '#2f5a35',
  saxony: '#e0dcd0',
  sweden: '#2c4f8f',
  bavaria: '#6e9fd2',
  spain: '#e6e2d6',
  portugal: '#2a3f72',
  'dutch-republic': '#3b4f86',
  netherlands: '#3b4f86',
  hesse: '#24356a',
};

export function coatColour(nation: string, sideColour: string): string {
  return COATS[nation.toLowerCase()] ?? sideColour;
}

const HORSES = ['#6b4127', '#4a2f1e', '#7c4a2a', '#2b211c', '#8a6a4c', '#5a3a24'];

export function horseColour(index: number): string {
  return HORSES[index % HORSES.length]!;
}
