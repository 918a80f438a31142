/**
 * The showcase tables:
 * - `setpiece`: a Prussian brigade on a hill facing Austrians (with Cossacks on their flank)
 *   across a stream by a village, with every kind of miniature and terrain piece on show;
 * - `bench2000`: a battle of about 2,000 figures among some 3,000 trees on an 8'x6' table, for the
 *   renderer's benchmark.
 */

import type { BattlefieldData } from '../app/engineApi';
import type { GameView } from '../app/session';
import type { Side, Unit } from '../core/model';
import type { TerrainFeature } from '../terrain/features';
import type { Vec2 } from '../core/geometry';
import { makeBattlefield, makeUnit, makeView, type UnitSpec } from './build';
import { placePieces, TREE_MODELS } from '../scene/terrainPieces';

export interface Showcase {
  view: GameView;
  battlefield: BattlefieldData;
  /** Named camera positions (table mm): eye and the point looked at. */
  cameras: Record<string, { eye: [number, number, number]; target: [number, number, number] }>;
}

const NORTH = Math.PI / 2;
const SOUTH = -Math.PI / 2;

/** Features of kinds the terrain model has not got yet (towns, walls...), drawn by name. */
const feature = (f: Record<string, unknown>) => f as unknown as TerrainFeature;

const rect = (cx: number, cy: number, w: number, d: number, angle = 0): Vec2[] => {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  return [
    [-w / 2, -d / 2],
    [w / 2, -d / 2],
    [w / 2, d / 2],
    [-w / 2, d / 2],
  ].map(([u, v]) => ({ x: cx + c * u! - s * v!, y: cy + s * u! + c * v! }));
};

const blob = (cx: number, cy: number, r: number, n = 9, squash = 1): Vec2[] =>
  Array.from({ length: n }, (_, i) => {
    const a = (i / n) * Math.PI * 2;
    const k = 0.82 + 0.18 * Math.sin(i * 2.7 + cx);
    return { x: cx + Math.cos(a) * r * k, y: cy + Math.sin(a) * r * k * squash };
  });

export function setpiece(): Showcase {
  const W = 1200;
  const D = 900;
  const stream: Vec2[] = [
    { x: 0, y: 505 },
    { x: 200, y: 488 },
    { x: 420, y: 470 },
    { x: 620, y: 500 },
    { x: 780, y: 512 },
    { x: 980, y: 492 },
    { x: 1200, y: 515 },
  ];
  const road: Vec2[] = [
    { x: 700, y: 0 },
    { x: 730, y: 260 },
    { x: 765, y: 420 },
    { x: 780, y: 510 },
    { x: 800, y: 600 },
    { x: 830, y: 760 },
    { x: 840, y: 900 },
  ];
  const features: TerrainFeature[] = [
    { id: 'hill-1', kind: 'hill', name: 'Prussian hill', polygon: blob(600, 250, 280), centre: { x: 600, y: 250 }, radius: 280, height: 45 },
    { id: 'stream-1', kind: 'stream', name: 'The brook', line: stream, width: 26, depth: 7 },
    { id: 'road-1', kind: 'road', name: 'Village road', line: road, width: 22 },
    { id: 'bridge-1', kind: 'bridge', name: 'Stone bridge', polygon: rect(780, 510, 30, 74, Math.atan2(90, 20) - Math.PI / 2), waterId: 'stream-1', roadId: 'road-1' },
    { id: 'wood-west', kind: 'wood', name: 'West wood', polygon: blob(110, 330, 120, 10, 1.3), canopyHeight: 55 },
    { id: 'wood-pines', kind: 'wood', name: 'Pine forest', polygon: blob(1110, 820, 140, 10, 0.7), canopyHeight: 60 },
    { id: 'orchard-1', kind: 'orchard', name: 'Orchard', polygon: rect(590, 760, 170, 110), canopyHeight: 36 },
    feature({ id: 'village-1', kind: 'village', name: 'Hochdorf', polygon: rect(915, 720, 250, 170, 0.05) }),
    feature({ id: 'farm-1', kind: 'farm', name: 'Farm', polygon: rect(300, 760, 190, 120, -0.1) }),
    feature({ id: 'mill-1', kind: 'windmill', name: 'Windmill', polygon: rect(1130, 330, 60, 60), facing: SOUTH }),
    feature({ id: 'watermill-1', kind: 'watermill', name: 'Water mill', polygon: rect(1000, 560, 70, 70), facing: Math.PI }),
    { id: 'wall-1', kind: 'wall', name: 'Churchyard wall', line: [{ x: 760, y: 622 }, { x: 880, y: 618 }, { x: 1060, y: 632 }], width: 6, height: 12 },
    { id: 'hedge-1', kind: 'hedge', name: 'Hedge', line: [{ x: 120, y: 600 }, { x: 300, y: 612 }, { x: 500, y: 640 }], width: 8, height: 16 },
    { id: 'hedge-2', kind: 'hedge', name: 'Hedge', line: [{ x: 40, y: 130 }, { x: 250, y: 110 }], width: 8, height: 16 },
    { id: 'fence-1', kind: 'fence', name: 'Fence', line: [{ x: 880, y: 170 }, { x: 1060, y: 190 }, { x: 1180, y: 160 }], width: 3, height: 10 },
    feature({ id: 'works-1', kind: 'earthwork', name: 'Battery', line: [{ x: 540, y: 420 }, { x: 660, y: 420 }] }),
  ];
  const bf = makeBattlefield('setpiece', W, D, { hills: [{ x: 600, y: 250, radius: 280, height: 45 }, { x: 920, y: 760, radius: 220, height: 9 }, { x: 1130, y: 330, radius: 120, height: 16 }], streams: [{ line: stream, width: 26, depth: 7 }], roll: 2.5 }, features);

  const sides: Side[] = [
    { id: 'prussia', name: 'Prussians', nation: 'prussia', colour: '#2a4a9a' },
    { id: 'austria', name: 'Austrians', nation: 'austria', colour: '#e2dccb' },
    { id: 'russia', name: 'Russians', nation: 'russia', colour: '#3f7a46' },
  ];
  const P = (u: Omit<UnitSpec, 'side' | 'facing'> & { facing?: number }) => makeUnit({ side: 'prussia', facing: NORTH, ...u });
  const A = (u: Omit<UnitSpec, 'side' | 'facing'> & { facing?: number }) => makeUnit({ side: 'austria', facing: SOUTH, ...u });
  const units: Unit[] = [
    // The Prussian brigade on its hill.
    P({ id: 'IR-15', kind: 'infantry', type: 'line', x: 415, y: 330 }),
    P({ id: 'IR-18', kind: 'infantry', type: 'line', x: 785, y: 335 }),
    P({ id: 'IR-19', kind: 'infantry', type: 'line', x: 600, y: 290 }),
    P({ id: 'GB-3', kind: 'infantry', type: 'guard', x: 600, y: 175, formation: 'column', cols: 2 }),
    P({ id: 'Jager', kind: 'infantry', type: 'rifles', x: 330, y: 435 }),
    P({ id: 'FK-Mayr', kind: 'infantry', type: 'light', x: 190, y: 400, stands: 4 }),
    P({ id: 'Bty-1', kind: 'artillery', type: 'footArtillery', x: 565, y: 385 }),
    P({ id: 'Bty-2', kind: 'artillery', type: 'footArtillery', x: 640, y: 385 }),
    P({ id: 'Bty-3', kind: 'artillery', type: 'lightGun', x: 880, y: 120, formation: 'limbered' }),
    P({ id: 'CR-8', kind: 'cavalry', type: 'eliteCavalry', x: 1000, y: 300 }),
    P({ id: 'HR-2', kind: 'cavalry', type: 'hussar', x: 1060, y: 205, facing: NORTH + 0.3 }),
    P({ id: 'DR-4', kind: 'cavalry', type: 'cavalry', x: 230, y: 200 }),
    P({ id: 'Frederick', kind: 'commander', type: 'commander', x: 600, y: 70 }),
    P({ id: 'Brigadier', kind: 'commander', type: 'general', x: 330, y: 250, facing: NORTH + 0.4 }),
    P({ id: 'Train', kind: 'wagon', type: 'wagon', x: 1000, y: 60, facing: 0.1 }),
    // The Austrians across the brook.
    A({ id: 'IR-Deutschmeister', kind: 'infantry', type: 'line', x: 460, y: 640, status: { 1: 'disordered', 2: 'disordered', 3: 'disordered' } }),
    A({ id: 'IR-Botta', kind: 'infantry', type: 'line', x: 180, y: 690, figures: { 5: 2 }, status: { 4: 'destroyed' } }),
    A({ id: 'Gren-Bn', kind: 'infantry', type: 'guard', x: 830, y: 795, formation: 'column', cols: 2 }),
    A({ id: 'Grenzer', kind: 'infantry', type: 'grenzer', x: 905, y: 585 }),
    A({ id: 'How-1', kind: 'artillery', type: 'howitzer', x: 660, y: 625, facing: SOUTH + 0.15 }),
    A({ id: 'KR-Serbelloni', kind: 'cavalry', type: 'cuirassier', x: 560, y: 840 }),
    A({ id: 'DR-Liechtenstein', kind: 'cavalry', type: 'dragoon', x: 280, y: 850 }),
    A({ id: 'HR-Nadasdy', kind: 'cavalry', type: 'hussar', x: 60, y: 560, facing: SOUTH + 0.5, stands: 2 }),
    A({ id: 'Daun', kind: 'commander', type: 'commander', x: 700, y: 860 }),
    makeUnit({ id: 'Cossacks', side: 'russia', kind: 'cavalry', type: 'cossack', x: 1100, y: 620, facing: SOUTH - 0.4 }),
  ];
  return {
    view: makeView(sides, units, bf),
    battlefield: bf,
    cameras: {
      overview: { eye: [600, -420, 760], target: [620, 520, 0] },
      table: { eye: [560, -60, 330], target: [680, 560, 0] },
      hill: { eye: [470, 120, 150], target: [640, 520, 10] },
      village: { eye: [760, 360, 130], target: [880, 690, 0] },
      guns: { eye: [520, 300, 95], target: [640, 420, 40] },
      cavalry: { eye: [930, 120, 110], target: [1050, 260, 20] },
      austrians: { eye: [420, 470, 90], target: [420, 700, 0] },
      general: { eye: [560, 20, 60], target: [600, 75, 45] },
      casualties: { eye: [260, 560, 70], target: [180, 700, 5] },
    },
  };
}

/**
 * About 2,000 figures on an 8'x6' table: two armies in three lines, with horse on the wings, and
 * woods all round the field of battle: a brook's woods in the middle and forests in the margins,
 * some 3,000 trees in all.
 */
export function bench2000(): Showcase {
  const W = 2438;
  const D = 1829;
  // The armies' ground (6'x4') in the middle of the table, the forests round it.
  const OX = 305;
  const OY = 305;
  const stream: Vec2[] = [
    { x: 0, y: OY + 600 },
    { x: OX + 600, y: OY + 640 },
    { x: OX + 1200, y: OY + 590 },
    { x: W, y: OY + 620 },
  ];
  const forests: TerrainFeature[] = [];
  // Forests in the margins, young woods (lower canopies, so trees stand closer), clear of the stream.
  const margin: [number, number, number][] = [
    [150, 180, 170],
    [560, 140, 150],
    [1000, 150, 160],
    [1450, 140, 150],
    [1900, 150, 160],
    [2290, 200, 170],
    [130, 560, 140],
    [2310, 580, 140],
    [130, 1250, 140],
    [2310, 1260, 140],
    [150, 1650, 170],
    [600, 1690, 150],
    [1050, 1680, 160],
    [1500, 1690, 150],
    [1950, 1680, 160],
    [2290, 1640, 170],
  ];
  for (const [i, [x, y, r]] of margin.entries()) {
    forests.push({ id: `forest-${i + 1}`, kind: 'wood', name: 'Forest', polygon: blob(x, y, r, 11, 0.8), canopyHeight: 26 + (i % 3) * 3 });
  }
  const features: TerrainFeature[] = [
    { id: 'stream-1', kind: 'stream', name: 'Brook', line: stream, width: 24, depth: 6 },
    { id: 'wood-1', kind: 'wood', name: 'Wood', polygon: blob(OX + 300, OY + 620, 130), canopyHeight: 55 },
    { id: 'wood-2', kind: 'wood', name: 'Forest', polygon: blob(OX + 1550, OY + 620, 150), canopyHeight: 60 },
    feature({ id: 'village-1', kind: 'village', name: 'Village', polygon: rect(OX + 915, OY + 610, 220, 150) }),
    ...forests,
  ];
  const hills = [
    { x: OX + 600, y: OY + 250, radius: 300, height: 35 },
    { x: OX + 1300, y: OY + 950, radius: 300, height: 35 },
  ];
  const bf = makeBattlefield('bench2000', W, D, { hills, streams: [{ line: stream, width: 24, depth: 6 }], roll: 3 }, features);
  const sides: Side[] = [
    { id: 'prussia', name: 'Prussians', nation: 'prussia', colour: '#2a4a9a' },
    { id: 'austria', name: 'Austrians', nation: 'austria', colour: '#e2dccb' },
  ];
  const units: Unit[] = [];
  for (const [si, side] of sides.entries()) {
    const facing = si === 0 ? NORTH : SOUTH;
    const y0 = OY + (si === 0 ? 110 : 1219 - 110);
    const dir = si === 0 ? 1 : -1;
    let n = 0;
    const id = () => `${side.id}-${n++}`;
    // Three lines of eleven battalions (the second line in column), skirmishers out in front.
    for (let row = 0; row < 3; row++) {
      for (let k = 0; k < 11; k++) {
        const type = row === 2 && k % 3 === 0 ? 'guard' : 'line';
        units.push(makeUnit({ id: id(), side: side.id, kind: 'infantry', type, x: OX + 230 + k * 150, y: y0 + dir * (120 + row * 95), facing, formation: row === 1 ? 'column' : 'line', cols: row === 1 ? 2 : 6 }));
      }
    }
    for (let k = 0; k < 12; k++) units.push(makeUnit({ id: id(), side: side.id, kind: 'infantry', type: k % 2 ? 'light' : 'rifles', x: OX + 180 + k * 133, y: y0 + dir * (395 + (k % 2) * 45), facing }));
    for (let k = 0; k < 6; k++) units.push(makeUnit({ id: id(), side: side.id, kind: 'artillery', type: 'footArtillery', x: OX + 500 + k * 170, y: y0 + dir * 330, facing }));
    for (let k = 0; k < 4; k++) {
      units.push(makeUnit({ id: id(), side: side.id, kind: 'cavalry', type: k < 2 ? 'eliteCavalry' : 'cavalry', x: OX + (k % 2 ? 1730 : 90), y: y0 + dir * (60 + Math.floor(k / 2) * 150), facing }));
    }
    units.push(makeUnit({ id: id(), side: side.id, kind: 'cavalry', type: 'hussar', x: OX + 1720, y: y0 + dir * 360, facing }));
    units.push(makeUnit({ id: id(), side: side.id, kind: 'commander', type: 'commander', x: OX + 915, y: y0 - dir * 40, facing }));
  }
  return {
    view: makeView(sides, units, bf),
    battlefield: bf,
    cameras: {
      overview: { eye: [W / 2, -1150, 2100], target: [W / 2, D / 2, 0] },
      near: { eye: [OX + 700, OY + 60, 160], target: [OX + 760, OY + 400, 10] },
      forest: { eye: [700, -150, 420], target: [700, 250, 0] },
    },
  };
}

export const SHOWCASES: Record<string, () => Showcase> = { setpiece, bench2000 };

/** Figures on the table (men, riders and crews), as a rulebook counts them. */
/** The trees the scene plants in the table's woods and orchards. */
export function treeCount(bf: BattlefieldData): number {
  return bf.features.reduce((n, f) => n + placePieces(bf, f).filter((p) => TREE_MODELS.has(p.model)).length, 0);
}

export function figureCount(units: readonly Unit[]): number {
  return units.reduce((n, u) => n + u.stands.reduce((m, s) => m + (s.status === 'destroyed' ? 0 : s.figures), 0), 0);
}
