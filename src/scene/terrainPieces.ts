/**
 * Terrain pieces as models: trees in woods and orchards, houses in towns and farms, mills,
 * churches, bridges, walls, hedges, fences and earthworks. `placePieces` turns one feature (an
 * area or a line, of any kind it knows by name) into model instances, so the terrain features
 * still to come (towns, walls, hedges...) only need a kind name to be drawn.
 *
 * Pure functions of the battlefield: the same feature always gets the same trees and houses.
 */

import type { Vec2 } from '../core/geometry';
import { pointInPolygon } from '../core/geometry';
import type { BattlefieldData } from '../app/engineApi';
import { groundHeight, hash01, orientedExtent, polygonBounds, stringSeed } from './terrainGeometry';
import { darkenedPaint, type Paint } from './paint';

/** Height of a standing man, mm, for buildings and walls (they are modelled at figure scale). */
export const TERRAIN_FIGURE_MM = 18;

/** A feature as the scene reads it: a kind name and an area or a line. */
export interface SceneFeature {
  id: string;
  kind: string;
  name?: string;
  polygon?: Vec2[];
  line?: Vec2[];
  width?: number;
  canopyHeight?: number;
  /** Height above the ground of a boundary (hedge, wall, fence), mm: the model is made that tall. */
  height?: number;
  /** Which way a building or work faces, radians (table frame), when the feature says. */
  facing?: number;
  /** A building's material (stone or wood). */
  material?: string;
  /** A wood's density ('open', 'woodland', 'forest'), when the viewer knows it. */
  density?: string;
  /** Set while the viewer does not know the feature's subtype: it is drawn with the generic look. */
  subtypeHidden?: string;
  /** A building set alight: 'burning' or 'burnt'. */
  fire?: string;
}

/**
 * How a building set alight is painted: its colours darkened while it burns, nearly black once burnt
 * out. A whole paint scheme, not a tint: a tint only reaches the regions painted to take one.
 */
const SCORCHED_PAINT = darkenedPaint([0.55, 0.45, 0.4]);
const BURNT_PAINT = darkenedPaint([0.2, 0.18, 0.17]);

export interface Piece {
  model: string;
  /** Table position (mm); z is the height of its base. */
  x: number;
  y: number;
  z: number;
  /** Turn about the vertical, radians CCW from +x (the model's front, +x, points this way). */
  yaw: number;
  /**
   * The slope of the piece along its x axis, radians (a bank laid up a hill): the model is sheared,
   * its ends kept upright, so one end stands `tan(pitch) × sx` higher than the other; absent: level.
   */
  pitch?: number;
  /** Scale along the model's x (front), y (up) and z (right). */
  sx: number;
  sy: number;
  sz: number;
  /** Leaf shade or other tint (1 = as painted). */
  tint?: [number, number, number];
  /** A paint scheme of its own instead of the base one (a building scorched by fire). */
  paint?: Paint;
  /** Height of the piece, mm: its level of detail follows its size on screen. */
  size: number;
}

/** Tree mixes by the kind of wood: a wood picks one of these by its id. */
/** The tree models woods and orchards are planted with. */
export const TREE_MODELS: ReadonlySet<string> = new Set(['oak', 'poplar', 'pine', 'fruitTree']);

const WOOD_MIXES: { name: string; trees: [string, number][] }[] = [
  { name: 'woodland', trees: [['oak', 0.75], ['poplar', 0.08], ['pine', 0.17]] },
  { name: 'forest', trees: [['pine', 0.72], ['oak', 0.28]] },
  { name: 'mixed', trees: [['oak', 0.5], ['pine', 0.42], ['poplar', 0.08]] },
];

const LEAF_TINTS: [number, number, number][] = [
  [1, 1, 1],
  [0.86, 0.94, 0.84],
  [0.96, 0.92, 0.78],
  [0.8, 0.88, 0.8],
  [0.92, 1, 0.88],
];

function pick<T>(items: [T, number][], r: number): T {
  let acc = 0;
  for (const [item, w] of items) {
    acc += w;
    if (r < acc) return item;
  }
  return items[items.length - 1]![0];
}

/** The wood's mix, by its kind name when that says, else by its id. */
export function woodMix(f: SceneFeature): string {
  // A wood whose kind the viewer does not know yet looks like any other wood.
  if (f.subtypeHidden) return 'mixed';
  if (f.density === 'open') return 'orchard';
  if (f.density === 'forest') return 'forest';
  const k = `${f.kind} ${f.name ?? ''}`.toLowerCase();
  if (k.includes('orchard')) return 'orchard';
  if (k.includes('forest') || k.includes('pine')) return 'forest';
  return WOOD_MIXES[stringSeed(f.id) % WOOD_MIXES.length]!.name;
}

function trees(bf: BattlefieldData, f: SceneFeature, poly: Vec2[]): Piece[] {
  const out: Piece[] = [];
  const seed = stringSeed(f.id);
  const mixName = woodMix(f);
  const height = Math.max(20, f.canopyHeight ?? 50);
  if (mixName === 'orchard') {
    // Fruit trees in rows along the orchard's long axis, as tall as its canopy.
    const e = orientedExtent(poly);
    const ux = Math.cos(e.angle);
    const uy = Math.sin(e.angle);
    const h = height;
    const step = h * 0.95;
    for (let u = -e.length / 2 + step / 2; u < e.length / 2; u += step) {
      for (let v = -e.width / 2 + step / 2; v < e.width / 2; v += step) {
        const x = e.centre.x + ux * u - uy * v;
        const y = e.centre.y + uy * u + ux * v;
        if (!pointInPolygon({ x, y }, poly)) continue;
        const r = hash01(seed, Math.round(u), Math.round(v));
        const s = h * (0.85 + r * 0.25);
        out.push({ model: 'fruitTree', x, y, z: groundHeight(bf, x, y), yaw: r * 6.28, sx: s, sy: s, sz: s, tint: LEAF_TINTS[Math.floor(r * 5)]!, size: s });
      }
    }
    return out;
  }
  const mix = WOOD_MIXES.find((m) => m.name === mixName)!;
  const b = polygonBounds(poly);
  const spacing = Math.max(14, height * 0.5);
  for (let gy = b.minY; gy <= b.maxY; gy += spacing) {
    for (let gx = b.minX; gx <= b.maxX; gx += spacing) {
      const i = Math.round(gx / spacing);
      const j = Math.round(gy / spacing);
      const x = gx + (hash01(seed, i, j) - 0.5) * spacing * 0.8;
      const y = gy + (hash01(seed, j, i + 17) - 0.5) * spacing * 0.8;
      if (!pointInPolygon({ x, y }, poly)) continue;
      const model = pick(mix.trees, hash01(seed ^ 0x51, i, j));
      const s = height * (0.72 + hash01(seed, i * 3, j * 5) * 0.42) * (model === 'poplar' ? 1.25 : 1);
      const tint = LEAF_TINTS[Math.floor(hash01(seed ^ 0x99, i, j) * LEAF_TINTS.length)]!;
      out.push({ model, x, y, z: groundHeight(bf, x, y), yaw: hash01(seed ^ 0x33, i, j) * Math.PI * 2, sx: s, sy: s, sz: s, tint, size: s });
    }
  }
  return out;
}

/** Footprints of the buildings (model units, x by z) and their heights. */
const BUILDINGS: Record<string, { len: number; dep: number; h: number }> = {
  house: { len: 3.6, dep: 2.7, h: 3.0 },
  cottage: { len: 3.0, dep: 2.3, h: 2.4 },
  church: { len: 6.6, dep: 2.9, h: 7.5 },
  barn: { len: 5.8, dep: 3.3, h: 3.1 },
  windmill: { len: 2.6, dep: 4.4, h: 5.1 },
  watermill: { len: 3.4, dep: 4.6, h: 3.0 },
};

function building(bf: BattlefieldData, model: string, x: number, y: number, yaw: number, scale: number): Piece {
  const b = BUILDINGS[model] ?? BUILDINGS.house!;
  // Rest on the lowest corner's ground, so no wall floats over a slope.
  const hx = (b.len * scale) / 2;
  const hz = (b.dep * scale) / 2;
  const c = Math.cos(yaw);
  const s = Math.sin(yaw);
  let z = groundHeight(bf, x, y);
  for (const [u, v] of [
    [hx, hz],
    [hx, -hz],
    [-hx, hz],
    [-hx, -hz],
  ] as const) {
    z = Math.min(z, groundHeight(bf, x + c * u + s * v, y + s * u - c * v));
  }
  return { model, x, y, z, yaw, sx: scale, sy: scale, sz: scale, size: b.h * scale };
}

/** Houses (and a church in a big enough town) set out on a grid along the area's long axis. */
function town(bf: BattlefieldData, f: SceneFeature, poly: Vec2[], scale: number, withChurch: boolean): Piece[] {
  const out: Piece[] = [];
  const seed = stringSeed(f.id);
  const e = orientedExtent(poly);
  const ux = Math.cos(e.angle);
  const uy = Math.sin(e.angle);
  const lotU = 4.6 * scale;
  const lotV = 4.0 * scale;
  const lots: { u: number; v: number }[] = [];
  for (let u = -e.length / 2 + lotU / 2; u <= e.length / 2 - lotU / 2 + 1e-6; u += lotU) {
    for (let v = -e.width / 2 + lotV / 2; v <= e.width / 2 - lotV / 2 + 1e-6; v += lotV) lots.push({ u, v });
  }
  const at = (u: number, v: number) => ({ x: e.centre.x + ux * u - uy * v, y: e.centre.y + uy * u + ux * v });
  const inside = (u: number, v: number, hu: number, hv: number) =>
    [
      [hu, hv],
      [hu, -hv],
      [-hu, hv],
      [-hu, -hv],
    ].every(([a, b]) => pointInPolygon(at(u + a!, v + b!), poly));
  let church = withChurch && lots.length >= 6 ? lots.reduce((best, l) => (Math.hypot(l.u, l.v) < Math.hypot(best.u, best.v) ? l : best)) : null;
  if (church && !inside(church.u, church.v, 3.4 * scale, 1.5 * scale)) church = null;
  for (const [k, l] of lots.entries()) {
    if (church && Math.abs(l.u - church.u) < lotU * 1.2 && Math.abs(l.v - church.v) < lotV * 0.6) continue;
    if (!inside(l.u, l.v, 1.8 * scale, 1.35 * scale)) continue;
    const r = hash01(seed, k, 3);
    if (r < 0.12) continue; // A gap: a garden or a yard.
    const model = r < 0.55 ? 'house' : r < 0.9 ? 'cottage' : 'barn';
    if (model === 'barn' && !inside(l.u, l.v, 2.9 * scale, 1.65 * scale)) continue;
    const p = at(l.u + (hash01(seed, k, 5) - 0.5) * scale * 0.4, l.v + (hash01(seed, k, 6) - 0.5) * scale * 0.3);
    // Houses face the street (the long axis), turned a little this way or that.
    const yaw = e.angle + (l.v > 0 ? Math.PI : 0) + (hash01(seed, k, 7) - 0.5) * 0.12;
    out.push(building(bf, model, p.x, p.y, yaw, scale));
  }
  if (church) {
    const p = at(church.u, church.v);
    out.push(building(bf, 'church', p.x, p.y, e.angle, scale));
  }
  return out;
}

/** Height and thickness of the line models (model units), to fit a boundary's own. */
const LINE_MODELS: Record<string, { h: number; t: number }> = {
  wall: { h: 0.54, t: 0.34 },
  hedge: { h: 0.74, t: 0.44 },
  fence: { h: 0.72, t: 0.14 },
  earthwork: { h: 0.6, t: 1 },
  fieldwork: { h: 0.6, t: 1 },
  chevaux: { h: 0.7, t: 0.84 },
};

/** Line models broad enough that the ground across them matters (field works). */
const BROAD_LINES: ReadonlySet<string> = new Set(['fieldwork', 'chevaux']);

/**
 * Pieces along a line, each stretched to its length. A boundary that says how tall and thick it
 * is gets a model of that size (sight is worked out from those numbers), else figure scale.
 */
function alongLine(bf: BattlefieldData, model: string, line: Vec2[], scale: number, piece: number, f?: SceneFeature): Piece[] {
  const dims = LINE_MODELS[model] ?? { h: 1, t: 1 };
  const sy = f?.height && f.height > 0 ? f.height / dims.h : scale;
  const sz = f?.width && f.width > 0 && model !== 'earthwork' ? f.width / dims.t : scale;
  if (BROAD_LINES.has(model)) return drapedLine(bf, model, line, sy, sz * dims.t, dims.h * sy);
  const out: Piece[] = [];
  for (let i = 0; i + 1 < line.length; i++) {
    const a = line[i]!;
    const b = line[i + 1]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len < 1e-6) continue;
    const n = Math.max(1, Math.round(len / piece));
    const seg = len / n;
    const yaw = Math.atan2(b.y - a.y, b.x - a.x);
    for (let k = 0; k < n; k++) {
      const t = (k + 0.5) / n;
      const x = a.x + (b.x - a.x) * t;
      const y = a.y + (b.y - a.y) * t;
      const ux = (Math.cos(yaw) * seg) / 2;
      const uy = (Math.sin(yaw) * seg) / 2;
      const z = Math.min(groundHeight(bf, x - ux, y - uy), groundHeight(bf, x + ux, y + uy));
      // A hair longer than the gap, so neighbouring pieces meet at bends.
      const piece: Piece = { model, x, y, z: z - 0.3, yaw, sx: seg + scale * 0.08, sy, sz, size: dims.h * sy };
      // Hedges painted as they are would match the grass; darker, and not all one shade, they read
      // as a hedgerow from across the table.
      if (model === 'hedge') {
        const r = hash01(stringSeed(f?.id ?? 'hedge'), i, k);
        piece.tint = [0.66 + r * 0.1, 0.76 + r * 0.1, 0.62 + r * 0.08];
      }
      out.push(piece);
    }
  }
  return out;
}

/** How long each link of a draped bank is, mm: short enough to follow a hill's rim. */
const DRAPE_LINK = 6;
/** Sunk this far into the ground so no sliver of sky shows under a link where the ground bulges between its ends. */
const DRAPE_SINK = 0.6;

/**
 * Broad works (field fortifications, chevaux de frise) as a chain of short links draped on the
 * ground: each joint stands at the ground under the lowest point across the work's width there, so
 * a bank across a slope is not buried on its uphill side; each link is sheared from one joint to
 * the next with its ends upright, so neighbours share their end faces: no step, no gap, and no
 * wedge opening where the slope changes at a rim.
 */
function drapedLine(bf: BattlefieldData, model: string, line: Vec2[], sy: number, width: number, size: number): Piece[] {
  const out: Piece[] = [];
  const sz = width / (LINE_MODELS[model]?.t ?? 1);
  for (let i = 0; i + 1 < line.length; i++) {
    const a = line[i]!;
    const b = line[i + 1]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len < 1e-6) continue;
    const n = Math.max(1, Math.ceil(len / DRAPE_LINK));
    const yaw = Math.atan2(b.y - a.y, b.x - a.x);
    // Across the work: its front and back edges and its middle.
    const across = [-width / 2, 0, width / 2].map((d) => ({ x: -Math.sin(yaw) * d, y: Math.cos(yaw) * d }));
    const joint = (t: number): { x: number; y: number; z: number } => {
      const x = a.x + (b.x - a.x) * t;
      const y = a.y + (b.y - a.y) * t;
      return { x, y, z: Math.min(...across.map((c) => groundHeight(bf, x + c.x, y + c.y))) - DRAPE_SINK };
    };
    let from = joint(0);
    for (let k = 1; k <= n; k++) {
      const to = joint(k / n);
      const run = len / n;
      const rise = to.z - from.z;
      out.push({ model, x: (from.x + to.x) / 2, y: (from.y + to.y) / 2, z: (from.z + to.z) / 2, yaw, pitch: Math.atan2(rise, run), sx: run, sy, sz, size });
      from = to;
    }
  }
  return out;
}

function outline(poly: Vec2[]): Vec2[] {
  return poly.length > 0 ? [...poly, poly[0]!] : [];
}

function centroid(poly: Vec2[]): Vec2 {
  let x = 0;
  let y = 0;
  for (const p of poly) {
    x += p.x;
    y += p.y;
  }
  return { x: x / Math.max(1, poly.length), y: y / Math.max(1, poly.length) };
}

/**
 * The pieces that draw one feature, or none for a kind that is not drawn with models (hills,
 * rivers and roads are part of the ground).
 */
export function placePieces(bf: BattlefieldData, f: SceneFeature, scale = TERRAIN_FIGURE_MM): Piece[] {
  const kind = f.kind.toLowerCase();
  const poly = f.polygon;
  const line = f.line ?? (poly ? outline(poly) : undefined);
  switch (kind) {
    case 'wood':
    case 'woods':
    case 'forest':
    case 'woodland':
    case 'orchard':
      return poly ? trees(bf, f, poly) : [];
    case 'town':
    case 'village':
    case 'buildings':
    case 'builtup':
      return poly ? town(bf, f, poly, scale, true) : [];
    case 'hamlet':
      return poly ? town(bf, f, poly, scale, false) : [];
    case 'farm': {
      if (!poly) return [];
      const e = orientedExtent(poly);
      const ux = Math.cos(e.angle);
      const uy = Math.sin(e.angle);
      const off = Math.min(e.length * 0.22, 3.2 * scale);
      return [
        building(bf, 'barn', e.centre.x - ux * off, e.centre.y - uy * off, e.angle, scale),
        building(bf, 'house', e.centre.x + ux * off * 1.1 - uy * scale, e.centre.y + uy * off * 1.1 + ux * scale, e.angle + Math.PI / 2, scale),
        ...alongLine(bf, 'fence', outline(poly), scale, scale * 2.2),
      ];
    }
    case 'building': {
      // A footprint from the terrain model: a house stretched to its outline and roof height,
      // stone or timber by its material.
      if (!poly) return [];
      const e = orientedExtent(poly);
      const model = f.material === 'wood' ? 'cottage' : 'house';
      const b = BUILDINGS[model]!;
      const piece = building(bf, model, e.centre.x, e.centre.y, e.angle, scale);
      const height = f.height ?? b.h * scale;
      const out: Piece = { ...piece, sx: e.length / b.len, sz: e.width / b.dep, sy: height / b.h, size: height };
      // Set alight: scorched while it burns, a blackened shell once burnt out (the flames are BuildingFires').
      if (f.fire) out.paint = f.fire === 'burnt' ? BURNT_PAINT : SCORCHED_PAINT;
      return [out];
    }
    case 'church':
    case 'house':
    case 'cottage':
    case 'barn':
    case 'windmill':
    case 'mill':
    case 'watermill': {
      const at = poly ? centroid(poly) : line ? centroid(line) : null;
      if (!at) return [];
      const yaw = f.facing ?? (poly ? orientedExtent(poly).angle : 0);
      return [building(bf, kind === 'mill' ? 'windmill' : kind, at.x, at.y, yaw, scale)];
    }
    case 'wall':
    case 'stonewall':
      return line ? alongLine(bf, 'wall', line, scale, scale * 2.5, f) : [];
    case 'hedge':
    case 'hedgerow':
      return line ? alongLine(bf, 'hedge', line, scale, scale * 2.0, f) : [];
    case 'fence':
      return line ? alongLine(bf, 'fence', line, scale, scale * 2.2, f) : [];
    case 'fieldwork':
      // Field works bought with an army: a continuous bank along the section.
      return line ? alongLine(bf, 'fieldwork', line, scale, scale * 1.2, f) : [];
    case 'chevaux':
      return line ? alongLine(bf, 'chevaux', line, scale, scale * 1.2, f) : [];
    case 'earthwork':
    case 'redoubt':
    case 'emplacement': {
      // Works are 3 men wide; along a line each faces the line's left, a single one its facing.
      if (f.line) {
        return alongLine(bf, 'earthwork', f.line, scale, scale * 2.8).map((p) => ({ ...p, yaw: p.yaw + Math.PI / 2, sx: scale, sz: p.sx / 3 }));
      }
      if (!poly) return [];
      const c = centroid(poly);
      return [{ model: 'earthwork', x: c.x, y: c.y, z: groundHeight(bf, c.x, c.y) - 0.5, yaw: f.facing ?? Math.PI / 2, sx: scale, sy: scale, sz: scale, size: scale * 0.6 }];
    }
    case 'bridge': {
      if (!poly) return [];
      const e = orientedExtent(poly);
      const ux = Math.cos(e.angle);
      const uy = Math.sin(e.angle);
      const a = { x: e.centre.x - (ux * e.length) / 2, y: e.centre.y - (uy * e.length) / 2 };
      const b = { x: e.centre.x + (ux * e.length) / 2, y: e.centre.y + (uy * e.length) / 2 };
      const deck = Math.max(groundHeight(bf, a.x, a.y), groundHeight(bf, b.x, b.y)) + 1.5;
      return [{ model: 'bridge', x: e.centre.x, y: e.centre.y, z: deck, yaw: e.angle, sx: e.length, sy: e.width * 0.45, sz: e.width, size: e.width }];
    }
    default:
      return [];
  }
}
