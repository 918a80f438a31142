import { describe, expect, it } from 'vitest';
import type { OrientedRect, Vec2 } from '../../../src/core/geometry';
import { inch } from '../../../src/core/measure';
import { battlefieldFromSpec, setupBattlefield, type Battlefield } from '../../../src/terrain/battlefield';
import { Rng } from '../../../src/core/random';
import {
  BUILDING_MATERIALS,
  MARSH_CLASSES,
  SETTLEMENT_CLASSES,
  WATER_CLASSES,
  WOOD_DENSITIES,
  type BoundaryFeature,
  type BuildingFeature,
  type CrossingFeature,
  type GradientClass,
  type GroundFeature,
  type HillFace,
  type HillFeature,
  type MarshClass,
  type RoadFeature,
  type SettlementClass,
  type SettlementFeature,
  type TerrainFeature,
  type WaterClass,
  type WaterFeature,
  type WoodDensity,
  type WoodFeature,
} from '../../../src/terrain/features';
import {
  HM_TERRAIN,
  HM_TERRAINS,
  coverOf,
  crossingsAlong,
  hamletCapacity,
  hillClassAt,
  impassableFor,
  impassableToCavalryNear,
  inRoughTerrain,
  moveCapAt,
  needsLoose,
  onSteepHill,
  pathBlocked,
  roughOrObstacleCrossed,
  settlementCover,
  skirmInfInOpen,
  slopeDisorder,
  slowingStopAlong,
  terrainAt,
  terrainOfFeature,
} from '../../../src/rules/horse-and-musket/terrain';
import { TROOP_TYPES } from '../../../src/rules/horse-and-musket/types';

// Coordinates in inches throughout; the table is 48" x 36", flat and bare but for the features given.
const P = (x: number, y: number): Vec2 => ({ x: inch(x), y: inch(y) });
const box = (x0: number, y0: number, x1: number, y1: number): Vec2[] => [P(x0, y0), P(x1, y0), P(x1, y1), P(x0, y1)];
const circle = (cx: number, cy: number, r: number): Vec2[] =>
  Array.from({ length: 48 }, (_, k) => P(cx + r * Math.cos((k * Math.PI) / 24), cy + r * Math.sin((k * Math.PI) / 24)));

function table(...features: TerrainFeature[]): Battlefield {
  return battlefieldFromSpec({
    seed: 'hm-terrain',
    width: inch(48),
    depth: inch(36),
    cellSize: 10,
    hills: 0,
    woods: 0,
    river: false,
    road: false,
    fields: false,
    relief: 0,
    features,
  });
}

const woodF = (id: string, b: Vec2[], density?: WoodDensity): WoodFeature => ({ id, kind: 'wood', name: id, polygon: b, canopyHeight: 45, ...(density ? { density } : {}) });
const hillF = (id: string, cx: number, cy: number, r: number, gradient: GradientClass, faces?: HillFace[]): HillFeature => ({
  id,
  kind: 'hill',
  name: id,
  polygon: circle(cx, cy, r),
  centre: P(cx, cy),
  radius: inch(r),
  height: inch(1),
  gradient,
  ...(faces ? { faces } : {}),
});
const ground = (id: string, kind: GroundFeature['kind'], b: Vec2[], cls?: MarshClass): GroundFeature => ({ id, kind, name: id, polygon: b, ...(cls ? { class: cls } : {}) });
const water = (id: string, kind: 'river' | 'stream', line: Vec2[], width: number, cls?: WaterClass): WaterFeature => ({
  id,
  kind,
  name: id,
  line,
  width: inch(width),
  depth: 6,
  ...(cls ? { class: cls } : {}),
});
const boundary = (id: string, kind: BoundaryFeature['kind'], line: Vec2[]): BoundaryFeature => ({ id, kind, name: id, line, width: 8, height: 16 });
const roadF = (id: string, line: Vec2[], raised?: number): RoadFeature => ({ id, kind: 'road', name: id, line, width: 25, ...(raised ? { raised } : {}) });
const crossing = (id: string, kind: 'ford' | 'bridge', b: Vec2[], waterId: string, material?: 'wood' | 'stone'): CrossingFeature => ({
  id,
  kind,
  name: id,
  polygon: b,
  waterId,
  ...(material ? { material } : {}),
});
const building = (id: string, b: Vec2[], material: 'wood' | 'stone', settlementId?: string): BuildingFeature => ({
  id,
  kind: 'building',
  name: id,
  polygon: b,
  height: 30,
  material,
  ...(settlementId ? { settlementId } : {}),
});
const settlement = (id: string, cls: SettlementClass, b: Vec2[], buildingIds: string[]): SettlementFeature => ({ id, kind: 'settlement', name: id, class: cls, polygon: b, buildingIds });
/** A 40 mm stand centred at (x, y)", facing `facing` radians. */
const stand = (x: number, y: number, facing = Math.PI / 2): OrientedRect => ({ cx: inch(x), cy: inch(y), facing, width: 40, depth: 40 });

const terrains = (bf: Battlefield, x: number, y: number): string[] => terrainAt(bf, P(x, y)).map((h) => h.terrain);

describe('the master terrain table', () => {
  it('has an entry for every row, and every class of the terrain layer maps to one', () => {
    expect(Object.keys(HM_TERRAIN).sort()).toEqual([...HM_TERRAINS].sort());
    const base = { id: 'x', name: 'x' };
    expect(WOOD_DENSITIES.map((d) => terrainOfFeature({ ...base, kind: 'wood', polygon: [], canopyHeight: 1, density: d }))).toEqual(['orchard', 'woodland', 'forest']);
    expect(terrainOfFeature({ ...base, kind: 'orchard', polygon: [], canopyHeight: 1 })).toBe('orchard');
    expect(WATER_CLASSES.map((c) => terrainOfFeature(water('w', 'river', [], 1, c)))).toEqual([...WATER_CLASSES]);
    expect(terrainOfFeature(water('w', 'stream', [], 1))).toBe('minorStream');
    expect(terrainOfFeature(water('w', 'river', [], 1))).toBe('river');
    expect(MARSH_CLASSES.map((c) => terrainOfFeature(ground('m', 'marsh', [], c)))).toEqual(['bog', 'morass', 'quagmire']);
    expect(terrainOfFeature(ground('m', 'marsh', []))).toBe('bog');
    expect(terrainOfFeature(ground('r', 'rough', []))).toBe('rockyGround');
    expect(terrainOfFeature(ground('c', 'crops', []))).toBe('crops');
    expect(SETTLEMENT_CLASSES.map((c) => terrainOfFeature(settlement('s', c, [], [])))).toEqual(['town', 'village', 'hamlet', 'farm']);
    expect(BUILDING_MATERIALS.map((m) => terrainOfFeature(building('b', [], m)))).toEqual(['woodenBuilding', 'stoneBuilding']);
    expect(BUILDING_MATERIALS.map((m) => terrainOfFeature(crossing('b', 'bridge', [], 'w', m)))).toEqual(['woodenBridge', 'stoneBridge']);
    expect(terrainOfFeature(crossing('b', 'bridge', [], 'w'))).toBe('woodenBridge');
    expect(terrainOfFeature(crossing('f', 'ford', [], 'w'))).toBe('ford');
    expect(terrainOfFeature(roadF('r', []))).toBe('road');
    expect(terrainOfFeature(roadF('r', [], 6))).toBe('raisedRoad');
    expect((['hedge', 'wall', 'fence'] as const).map((k) => terrainOfFeature(boundary('l', k, [])))).toEqual(['hedge', 'wall', 'fence']);
    // After three Jokers of heavy rain every river (not a torrent, not a stream) is fast-flowing.
    expect((['shallowRiver', 'river', 'deepRiver', 'ragingTorrent', 'minorStream'] as const).map((c) => terrainOfFeature(water('w', 'river', [], 1, c), { sodden: true }))).toEqual([
      'fastRiver',
      'fastRiver',
      'fastRiver',
      'ragingTorrent',
      'minorStream',
    ]);
  });

  it('holds the rows the terrain layer cannot lay yet', () => {
    expect(HM_TERRAIN.highWall.from).toBeNull();
    expect(HM_TERRAIN.highWall.cover.infantry).toBe('fortified');
    // Field works are laid from the works an army bought (works.ts).
    expect(HM_TERRAIN.fieldFortification).toMatchObject({ from: 'fieldwork feature (works bought with the army)', rough: true, slows: true, impassableTo: ['artillery'], linear: true, jumpDisorder: { cuirassier: 2, heavyCav: 1 } });
    expect(HM_TERRAIN.fieldFortification.cover).toEqual({ infantry: 'hard', skirmInf: 'hard', artillery: 'hard' });
    expect(HM_TERRAIN.chevauxDeFrise).toMatchObject({ from: 'chevaux feature (works bought with the army)', rough: true, slows: false, impassableTo: ['lightCav', 'heavyCav', 'cuirassier'] });
    expect(HM_TERRAIN.chevauxDeFrise.cover.infantry).toBe('soft');
    expect(HM_TERRAIN.chevauxDeFrise.coverInContact?.infantry).toBe('fortified');
    expect(HM_TERRAIN.pond.impassableTo).toEqual([...TROOP_TYPES]);
  });

  it('gives each row its rough, slowing and sight properties', () => {
    const rough = HM_TERRAINS.filter((k) => HM_TERRAIN[k].rough);
    expect(rough).toEqual(['orchard', 'woodland', 'forest', 'town', 'village', 'wall', 'highWall', 'hedge', 'fence', 'fieldFortification', 'chevauxDeFrise', 'rockyGround', 'bog', 'morass', 'quagmire']);
    const slows = HM_TERRAINS.filter((k) => HM_TERRAIN[k].slows);
    expect(slows).toEqual([
      'normalHill',
      'steepHill',
      'verySteepHill',
      'woodland',
      'forest',
      'town',
      'village',
      'minorStream',
      'ford',
      'torrentialStream',
      'shallowRiver',
      'river',
      'fastRiver',
      'deepRiver',
      'wall',
      'highWall',
      'hedge',
      'fence',
      'fieldFortification',
      'crops',
      'rockyGround',
      'bog',
      'morass',
      'quagmire',
    ]);
    expect(HM_TERRAINS.filter((k) => HM_TERRAIN[k].slowsSkirmInf)).toEqual(['quagmire']);
    const sight = HM_TERRAINS.filter((k) => HM_TERRAIN[k].blocksSight);
    expect(sight).toEqual(['gentleHill', 'normalHill', 'steepHill', 'verySteepHill', 'sheerSlope', 'woodland', 'forest', 'town', 'village', 'hamlet', 'farm', 'woodenBuilding', 'stoneBuilding']);
    expect(HM_TERRAINS.filter((k) => HM_TERRAIN[k].hidesSkirmInf)).toEqual(['crops']);
  });
});

describe('woods', () => {
  const bf = table(woodF('wl', box(10, 10, 20, 20)), woodF('fo', box(30, 10, 40, 20), 'forest'), woodF('or', box(10, 24, 20, 34), 'open'));

  it('woodland slows, is rough and is impassable to cavalry and SC, but not to Cossacks', () => {
    expect(terrains(bf, 15, 15)).toEqual(['woodland']);
    expect(moveCapAt(bf, P(15, 15), 'infantry', 'line')).toBe(3);
    expect(moveCapAt(bf, P(15, 15), 'artillery', 'column')).toBe(3);
    expect(moveCapAt(bf, P(15, 15), 'skirmInf', 'loose')).toBe(6);
    expect(inRoughTerrain(bf, P(15, 15))).toBe(true);
    for (const t of ['lightCav', 'heavyCav', 'cuirassier', 'skirmCav', 'general'] as const) expect(impassableFor(bf, P(15, 15), t)?.terrain).toBe('woodland');
    expect(impassableFor(bf, P(15, 15), 'skirmCav', { cossack: true })).toBeUndefined();
    expect(impassableFor(bf, P(15, 15), 'lightCav', { cossack: true })).toBeUndefined();
    expect(impassableFor(bf, P(15, 15), 'infantry')).toBeUndefined();
    // Artillery only into the 1.5" perimeter band.
    expect(impassableFor(bf, P(11, 15), 'artillery')).toBeUndefined();
    expect(impassableFor(bf, P(12, 15), 'artillery')?.terrain).toBe('woodland');
  });

  it('forest is closed to Cossacks too, and infantry may enter only its perimeter band', () => {
    expect(impassableFor(bf, P(35, 15), 'skirmCav', { cossack: true })?.terrain).toBe('forest');
    expect(impassableFor(bf, P(31, 15), 'infantry')).toBeUndefined();
    expect(impassableFor(bf, P(31.6, 15), 'infantry')?.terrain).toBe('forest');
    expect(impassableFor(bf, P(35, 15), 'skirmInf')).toBeUndefined();
    // Marching in from the west: blocked 1.5" inside the edge, at x = 31.5".
    const blocked = pathBlocked(bf, P(25, 15), P(35, 15), 'infantry');
    expect(blocked?.terrain).toBe('forest');
    expect(blocked?.t).toBeCloseTo(0.65, 4);
    expect(pathBlocked(bf, P(25, 15), P(45, 15), 'skirmInf')).toBeUndefined();
    expect(pathBlocked(bf, P(25, 15), P(45, 15), 'lightCav')?.t).toBeCloseTo(0.25, 9);
  });

  it('an orchard is rough but does not slow, is closed to cavalry but open to SC (B15)', () => {
    expect(terrains(bf, 15, 30)).toEqual(['orchard']);
    expect(moveCapAt(bf, P(15, 30), 'infantry', 'line')).toBe(6);
    expect(inRoughTerrain(bf, P(15, 30))).toBe(true);
    expect(impassableFor(bf, P(15, 30), 'lightCav')?.terrain).toBe('orchard');
    expect(impassableFor(bf, P(15, 30), 'skirmCav')).toBeUndefined();
    expect(impassableFor(bf, P(15, 30), 'artillery')?.terrain).toBe('orchard');
    expect(impassableFor(bf, P(15, 24.5), 'artillery')).toBeUndefined();
  });

  it('gives infantry soft cover, SI hard (forest fortified), artillery soft in woodland and forest', () => {
    expect(coverOf(bf, P(15, 15), 'infantry')).toBe('soft');
    expect(coverOf(bf, P(15, 15), 'skirmInf')).toBe('hard');
    expect(coverOf(bf, P(15, 15), 'artillery')).toBe('soft');
    expect(coverOf(bf, P(31, 15), 'infantry')).toBe('soft');
    expect(coverOf(bf, P(35, 15), 'skirmInf')).toBe('fortified');
    expect(coverOf(bf, P(15, 30), 'infantry')).toBe('soft');
    expect(coverOf(bf, P(15, 30), 'skirmInf')).toBe('hard');
    expect(coverOf(bf, P(15, 30), 'artillery')).toBe('none');
    for (const t of ['lightCav', 'heavyCav', 'cuirassier', 'skirmCav', 'general'] as const) expect(coverOf(bf, P(15, 15), t)).toBe('none');
  });

  it('a unit moving into woodland stops at its edge, and is capped there on its next order', () => {
    const stop = slowingStopAlong(bf, P(5, 15), P(15, 15), 'infantry', 'line');
    expect(stop?.terrain).toBe('woodland');
    expect(stop?.t).toBeCloseTo(0.5, 4);
    // A stand's front edge reaches it first: the centre stops 20 mm (half its depth) short.
    const s = stand(5, 15, 0);
    const rectStop = slowingStopAlong(bf, s, P(15, 15), 'infantry', 'line');
    expect(rectStop?.p.x).toBeCloseTo(inch(10) - 20 - 0.5, 1);
    expect(moveCapAt(bf, { ...s, cx: rectStop!.p.x }, 'infantry', 'line')).toBe(3);
    // Already in the wood: no new edge; SI are not slowed; orchards do not slow.
    expect(slowingStopAlong(bf, P(12, 15), P(18, 15), 'infantry', 'line')).toBeUndefined();
    expect(slowingStopAlong(bf, P(5, 15), P(15, 15), 'skirmInf', 'loose')).toBeUndefined();
    expect(slowingStopAlong(bf, P(5, 30), P(15, 30), 'infantry', 'line')).toBeUndefined();
  });
});

describe('hills', () => {
  const bf = table(
    hillF('gentle', 8, 8, 4, 'gentle'),
    hillF('normal', 20, 8, 4, 'normal'),
    hillF('steep', 32, 8, 4, 'steep'),
    hillF('vsteep', 42, 8, 4, 'verySteep'),
    // A normal hill with a sheer face from east round to north (0°-90°) and a very steep one facing west (165°-195°).
    hillF('cliff', 14, 26, 6, 'normal', [
      { from: 0, to: 90, gradient: 'sheer' },
      { from: 165, to: 195, gradient: 'verySteep' },
    ]),
  );

  it('read the class of the face under the point, with its cap and SI cover', () => {
    expect([8, 20, 32, 42].map((x) => hillClassAt(bf, P(x + 1, 8)))).toEqual(['gentleHill', 'normalHill', 'steepHill', 'verySteepHill']);
    expect(hillClassAt(bf, P(2, 20))).toBeUndefined();
    expect([8, 20, 32].map((x) => moveCapAt(bf, P(x + 1, 8), 'infantry', 'line'))).toEqual([6, 3, 3]);
    expect([8, 20, 32, 42].map((x) => coverOf(bf, P(x + 1, 8), 'skirmInf'))).toEqual(['none', 'hard', 'fortified', 'fortified']);
    expect([8, 20, 32, 42].map((x) => coverOf(bf, P(x + 1, 8), 'infantry'))).toEqual(['none', 'none', 'none', 'none']);
    expect(onSteepHill(bf, P(33, 8))).toBe(true);
    expect(onSteepHill(bf, P(21, 8))).toBe(false);
  });

  it('very steep slopes bar artillery, cavalry, SC and Generals, not foot', () => {
    for (const t of ['artillery', 'lightCav', 'heavyCav', 'cuirassier', 'skirmCav', 'general'] as const) expect(impassableFor(bf, P(43, 8), t)?.terrain).toBe('verySteepHill');
    expect(impassableFor(bf, P(43, 8), 'infantry')).toBeUndefined();
    expect(impassableFor(bf, P(43, 8), 'skirmInf')).toBeUndefined();
    expect(impassableFor(bf, P(33, 8), 'artillery')).toBeUndefined();
  });

  it('a sheer face bars everyone, on its sector only', () => {
    const ne = P(14 + 3 * Math.SQRT1_2, 26 + 3 * Math.SQRT1_2);
    expect(terrainAt(bf, ne).map((h) => [h.terrain, h.featureId])).toEqual([['sheerSlope', 'cliff']]);
    expect(impassableFor(bf, ne, 'skirmInf')?.terrain).toBe('sheerSlope');
    expect(hillClassAt(bf, P(14, 29))).toBe('normalHill');
    expect(hillClassAt(bf, P(11, 26))).toBe('verySteepHill');
    expect(impassableFor(bf, P(17, 23), 'infantry')).toBeUndefined();
    // From west of the summit towards the north-east: blocked where the path crosses the 90° bearing, x = 14".
    const blocked = pathBlocked(bf, P(10, 26), P(17, 29), 'infantry');
    expect(blocked?.terrain).toBe('sheerSlope');
    expect(blocked?.featureId).toBe('cliff');
    expect(blocked?.t).toBeCloseTo(4 / 7, 4);
    // Light cavalry coming from the west is stopped by the very steep west face at the hill's edge, x = 8".
    expect(pathBlocked(bf, P(4, 26), P(12, 26), 'lightCav')?.t).toBeCloseTo(4 / 8, 3);
    expect(pathBlocked(bf, P(4, 26), P(12, 26), 'infantry')).toBeUndefined();
    expect(pathBlocked(bf, P(14, 16), P(14, 23), 'lightCav')).toBeUndefined();
  });

  it('disorder one stand per move on steep slopes and two on very steep, once per class; columns, guns and Generals exempt', () => {
    expect(slopeDisorder(bf, [P(33, 8), P(33, 9), P(33, 7)], 'infantry', 'line')).toBe(1);
    expect(slopeDisorder(bf, [P(43, 8)], 'infantry', 'loose')).toBe(2);
    expect(slopeDisorder(bf, [P(33, 8), P(43, 8)], 'skirmInf', 'loose')).toBe(3);
    expect(slopeDisorder(bf, [stand(33, 8), stand(21, 8)], 'lightCav', 'line')).toBe(1);
    expect(slopeDisorder(bf, [P(33, 8), P(43, 8)], 'infantry', 'column')).toBe(0);
    expect(slopeDisorder(bf, [P(33, 8)], 'artillery', 'line')).toBe(0);
    expect(slopeDisorder(bf, [P(33, 8)], 'general', 'line')).toBe(0);
    expect(slopeDisorder(bf, [P(33, 8)], 'skirmInf', 'loose', { exemptSkirmishers: true })).toBe(0);
    expect(slopeDisorder(bf, [P(21, 8), P(9, 8), P(2, 2)], 'infantry', 'line')).toBe(0);
  });

  it('count very steep and sheer faces as impassable to cavalry for flank and rear support', () => {
    // 2" west of the very steep west face: supported; 2" east of the (sheer, 0-90°) east face at the
    // summit's level, bearing 0°: supported; 2" south of the normal south face: not.
    expect(impassableToCavalryNear(bf, P(6, 25), P(6, 27))).toBe(true);
    expect(impassableToCavalryNear(bf, P(22, 27), P(22, 29))).toBe(true);
    expect(impassableToCavalryNear(bf, P(13, 18), P(15, 18))).toBe(false);
    expect(impassableToCavalryNear(bf, P(13, 4.5), P(15, 4.5))).toBe(false);
    // Near the very steep hill any way round.
    expect(impassableToCavalryNear(bf, P(41, 1.5), P(43, 1.5))).toBe(true);
  });
});

describe('combined terrain and roads', () => {
  const bf = table(
    hillF('h', 12, 18, 6, 'normal'),
    woodF('w', box(8, 14, 16, 22)),
    woodF('w2', box(11, 17, 13, 19)),
    water('s', 'stream', [P(0, 18), P(24, 18)], 0.75),
    roadF('r', [P(30, 0), P(30, 36)]),
    woodF('rw', box(26, 10, 34, 20)),
    roadF('rr', [P(40, 0), P(40, 36)], 6),
  );

  it('drop the cap by an inch for each slowing type beyond the first', () => {
    expect(terrains(bf, 9, 15)).toEqual(['normalHill', 'woodland']);
    expect(moveCapAt(bf, P(9, 15), 'infantry', 'line')).toBe(2);
    // Woodland, a normal hill and a minor stream: 1". A second wood of the same type adds nothing.
    expect(terrains(bf, 12, 18)).toEqual(['normalHill', 'woodland', 'woodland', 'minorStream']);
    expect(moveCapAt(bf, P(12, 18), 'infantry', 'line')).toBe(1);
    expect(moveCapAt(bf, P(12, 18), 'skirmInf', 'loose')).toBe(6);
    expect(moveCapAt(bf, P(3, 18), 'infantry', 'line')).toBe(3);
    expect(moveCapAt(bf, P(3, 18), 'skirmCav', 'loose')).toBe(6);
    expect(moveCapAt(bf, P(3, 10), 'infantry', 'line')).toBe(6);
  });

  it('a stand stopped against a stream counts as in it for the next order (B17)', () => {
    const s = stand(3, 18 - 0.375 - 20 / 25.4 - 0.01);
    expect(moveCapAt(bf, s, 'infantry', 'line')).toBe(3);
    expect(moveCapAt(bf, { ...s, cy: s.cy - 10 }, 'infantry', 'line')).toBe(6);
  });

  it('a column on a road moves 9" and ignores the ground under it; a line does not', () => {
    expect(moveCapAt(bf, P(30, 30), 'infantry', 'column')).toBe(9);
    expect(moveCapAt(bf, P(30, 15), 'infantry', 'column')).toBe(9);
    expect(moveCapAt(bf, P(30, 15), 'artillery', 'column')).toBe(9);
    expect(moveCapAt(bf, P(30, 15), 'infantry', 'line')).toBe(3);
    expect(moveCapAt(bf, P(30, 30), 'infantry', 'line')).toBe(6);
    expect(moveCapAt(bf, P(40, 30), 'infantry', 'column')).toBe(9);
    // After three Jokers of heavy rain the bonus is gone.
    expect(moveCapAt(bf, P(30, 15), 'infantry', 'column', { sodden: true })).toBe(3);
    expect(moveCapAt(bf, P(30, 30), 'infantry', 'column', { sodden: true })).toBe(6);
    // The column does not go loose for the wood the road runs through; a line does.
    expect(needsLoose(bf, [P(30, 15), P(30, 16.6)], 'infantry', 'column')).toBe(false);
    expect(needsLoose(bf, [P(30, 15)], 'infantry', 'line')).toBe(true);
    expect(slowingStopAlong(bf, P(30, 4), P(30, 12), 'infantry', 'column')).toBeUndefined();
    expect(slowingStopAlong(bf, P(30, 4), P(30, 12), 'infantry', 'line')?.t).toBeCloseTo(6 / 8, 4);
  });
});

describe('watercourses', () => {
  const bf = table(
    water('minor', 'stream', [P(0, 4), P(48, 4)], 0.75),
    water('torrent', 'stream', [P(0, 8), P(48, 8)], 0.75, 'torrentialStream'),
    water('shallow', 'river', [P(0, 12), P(48, 12)], 2, 'shallowRiver'),
    water('river', 'river', [P(0, 17), P(48, 17)], 2),
    water('fast', 'river', [P(0, 22), P(48, 22)], 2, 'fastRiver'),
    water('deep', 'river', [P(0, 27), P(48, 27)], 2, 'deepRiver'),
    water('raging', 'river', [P(0, 32), P(48, 32)], 2, 'ragingTorrent'),
    crossing('ford', 'ford', box(19, 15.5, 21, 18.5), 'river'),
    crossing('bridge', 'bridge', box(29, 15.5, 31, 18.5), 'river', 'stone'),
    crossing('bridge2', 'bridge', box(29, 30.5, 31, 33.5), 'raging'),
  );
  const across = (x: number, troop: Parameters<typeof crossingsAlong>[3]) =>
    crossingsAlong(bf, P(x, 1), P(x, 35), troop).map((c) => [c.terrain, c.disorder, c.destroyOn, c.impassable]);

  it('cost infantry (and SI) their disorder once per crossing, and bar them from deep water', () => {
    expect(across(10, 'infantry')).toEqual([
      ['minorStream', 1, null, false],
      ['torrentialStream', 2, null, false],
      ['shallowRiver', 2, null, false],
      ['river', 3, null, false],
      ['fastRiver', 'all', 6, false],
      ['deepRiver', 0, null, true],
      ['ragingTorrent', 0, null, true],
    ]);
    expect(across(10, 'skirmInf')).toEqual(across(10, 'infantry'));
  });

  it('cost cavalry theirs: torrential 2 for light, closed to heavy and cuirassiers; light cav and SC swim the deep river', () => {
    expect(across(10, 'lightCav')).toEqual([
      ['minorStream', 0, null, false],
      ['torrentialStream', 2, null, false],
      ['shallowRiver', 0, null, false],
      ['river', 1, null, false],
      ['fastRiver', 2, null, false],
      ['deepRiver', 'all', 5, false],
      ['ragingTorrent', 0, null, true],
    ]);
    expect(across(10, 'skirmCav').map((c) => c.slice(0, 3))).toEqual([
      ['minorStream', 0, null],
      ['torrentialStream', 2, null],
      ['shallowRiver', 0, null],
      ['river', 1, null],
      ['fastRiver', 2, null],
      ['deepRiver', 0, 6],
      ['ragingTorrent', 0, null],
    ]);
    expect(across(10, 'cuirassier').map((c) => c[3])).toEqual([false, true, false, false, false, true, true]);
    expect(across(10, 'heavyCav').map((c) => c[1])).toEqual([0, 2, 0, 1, 2, 0, 0]);
  });

  it('never disorder artillery or Generals, and bar artillery from rivers and torrents', () => {
    expect(across(10, 'artillery')).toEqual([
      ['minorStream', 0, null, false],
      ['torrentialStream', 0, null, true],
      ['shallowRiver', 0, null, false],
      ['river', 0, null, true],
      ['fastRiver', 0, null, true],
      ['deepRiver', 0, null, true],
      ['ragingTorrent', 0, null, true],
    ]);
    expect(across(10, 'general').map((c) => c[1])).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it('enter at the bank, in order, once per crossing', () => {
    const cs = crossingsAlong(bf, P(10, 1), P(10, 35), 'infantry');
    expect(cs[0]!.t).toBeCloseTo((4 - 0.375 - 1) / 34, 9);
    expect(cs[3]!.featureId).toBe('river');
    // Starting in the stream, it is not entered again; turning back into it is a second crossing.
    expect(crossingsAlong(bf, P(10, 4), P(10, 6), 'infantry')).toEqual([]);
    expect(crossingsAlong(bf, P(10, 3), P(10, 3.8), 'infantry').length).toBe(1);
  });

  it('cross at a ford as a minor stream, and free over a bridge', () => {
    expect(crossingsAlong(bf, P(20, 14), P(20, 20), 'infantry').map((c) => [c.terrain, c.featureId, c.disorder])).toEqual([['ford', 'ford', 1]]);
    expect(crossingsAlong(bf, P(20, 14), P(20, 20), 'artillery').map((c) => c.impassable)).toEqual([false]);
    expect(crossingsAlong(bf, P(30, 14), P(30, 20), 'infantry').map((c) => [c.terrain, c.featureId, c.disorder, c.impassable])).toEqual([['stoneBridge', 'bridge', 0, false]]);
    expect(terrains(bf, 20, 17)).toEqual(['ford']);
    expect(terrains(bf, 20, 15.7)).toEqual([]);
    expect(terrains(bf, 30, 17)).toEqual(['stoneBridge']);
    expect(terrains(bf, 10, 17)).toEqual(['river']);
  });

  it('block artillery at the river bank except over a bridge or through a ford', () => {
    const blocked = pathBlocked(bf, P(10, 14), P(10, 20), 'artillery');
    expect(blocked?.terrain).toBe('river');
    expect(blocked?.t).toBeCloseTo(2 / 6, 9);
    expect(pathBlocked(bf, P(30, 14), P(30, 20), 'artillery')).toBeUndefined();
    expect(pathBlocked(bf, P(20, 14), P(20, 20), 'artillery')).toBeUndefined();
    expect(pathBlocked(bf, P(30, 29), P(30, 35), 'infantry')).toBeUndefined();
    expect(pathBlocked(bf, P(10, 29), P(10, 35), 'skirmCav')?.terrain).toBe('ragingTorrent');
    expect(impassableFor(bf, P(10, 17), 'artillery')?.terrain).toBe('river');
    expect(impassableFor(bf, P(30, 17), 'artillery')).toBeUndefined();
  });

  it('slow formed troops, give SI hard cover (not in a deep river), and count as obstacles on an attack line', () => {
    expect(moveCapAt(bf, P(10, 4), 'infantry', 'line')).toBe(3);
    expect(moveCapAt(bf, P(20, 17), 'lightCav', 'line')).toBe(3);
    expect(moveCapAt(bf, P(10, 32), 'infantry', 'line')).toBe(6);
    expect(coverOf(bf, P(10, 4), 'skirmInf')).toBe('hard');
    expect(coverOf(bf, P(10, 17), 'skirmInf')).toBe('hard');
    expect(coverOf(bf, P(10, 27), 'skirmInf')).toBe('none');
    expect(coverOf(bf, P(10, 4), 'infantry')).toBe('none');
    expect(coverOf(bf, P(30, 17), 'skirmInf')).toBe('hard');
    expect(coverOf(bf, P(30, 17), 'infantry')).toBe('none');
    expect(roughOrObstacleCrossed(bf, P(10, 2), P(10, 6)).map((h) => h.terrain)).toEqual(['minorStream']);
    expect(roughOrObstacleCrossed(bf, P(20, 14), P(20, 20)).map((h) => h.terrain)).toEqual(['river']);
    expect(roughOrObstacleCrossed(bf, P(30, 14), P(30, 20))).toEqual([]);
  });

  it('after three Jokers of heavy rain, rivers run fast', () => {
    const cs = crossingsAlong(bf, P(10, 14), P(10, 20), 'infantry', { sodden: true });
    expect(cs.map((c) => [c.terrain, c.disorder, c.destroyOn])).toEqual([['fastRiver', 'all', 6]]);
  });
});

describe('linear obstacles', () => {
  const bf = table(boundary('hedge', 'hedge', [P(0, 10), P(48, 10)]), boundary('wall', 'wall', [P(0, 20), P(48, 20)]), boundary('fence', 'fence', [P(0, 30), P(48, 30)]));
  const jump = (troop: Parameters<typeof crossingsAlong>[3]) => crossingsAlong(bf, P(10, 5), P(10, 35), troop).map((c) => [c.terrain, c.disorder, c.impassable]);

  it('cost cuirassiers 2 stands and heavy cavalry 1 to jump, light cavalry, SC and foot nothing, and bar artillery', () => {
    expect(jump('cuirassier')).toEqual([
      ['hedge', 2, false],
      ['wall', 2, false],
      ['fence', 2, false],
    ]);
    expect(jump('heavyCav').map((c) => c[1])).toEqual([1, 1, 1]);
    expect(jump('lightCav').map((c) => c[1])).toEqual([0, 0, 0]);
    expect(jump('skirmCav').map((c) => c[1])).toEqual([0, 0, 0]);
    expect(jump('infantry').map((c) => c[1])).toEqual([0, 0, 0]);
    expect(jump('artillery').map((c) => c[2])).toEqual([true, true, true]);
    expect(pathBlocked(bf, P(10, 15), P(10, 25), 'artillery')?.terrain).toBe('wall');
    expect(pathBlocked(bf, P(10, 15), P(10, 25), 'artillery')?.t).toBeCloseTo((5 - 4 / 25.4) / 10, 9);
    expect(pathBlocked(bf, P(10, 15), P(10, 25), 'cuirassier')).toBeUndefined();
  });

  it('make formed troops within 1" go loose, and count on an attack line', () => {
    expect(needsLoose(bf, P(10, 11.1), 'infantry')).toBe(true);
    expect(needsLoose(bf, P(10, 11.2), 'infantry')).toBe(false);
    // A 40 mm stand: its near edge 20 mm in front of its centre, the hedge's 4 mm beyond its line.
    expect(needsLoose(bf, stand(10, 11.9), 'lightCav')).toBe(true);
    expect(needsLoose(bf, stand(10, 12.0), 'lightCav')).toBe(false);
    expect(needsLoose(bf, [P(10, 15), P(10, 19.5)], 'cuirassier')).toBe(true);
    for (const t of ['skirmInf', 'skirmCav', 'general', 'artillery'] as const) expect(needsLoose(bf, P(10, 10), t)).toBe(false);
    expect(roughOrObstacleCrossed(bf, P(10, 5), P(10, 25)).map((h) => h.featureId)).toEqual(['hedge', 'wall']);
    expect(roughOrObstacleCrossed(bf, P(10, 12), P(10, 18))).toEqual([]);
  });

  it('give cover behind them relative to the enemy: hedge soft, wall hard, SI hard; never to cavalry', () => {
    // Infantry lined up south of the hedge (smaller y), facing it.
    const behindHedge = stand(10, 10 - (4 + 20 + 1) / 25.4);
    expect(coverOf(bf, behindHedge, 'infantry', P(10, 15))).toBe('soft');
    expect(coverOf(bf, behindHedge, 'infantry', P(10, 2))).toBe('none');
    expect(coverOf(bf, behindHedge, 'infantry', P(30, 4))).toBe('none');
    expect(coverOf(bf, behindHedge, 'infantry')).toBe('none');
    expect(coverOf(bf, behindHedge, 'skirmInf', P(10, 15))).toBe('hard');
    expect(coverOf(bf, behindHedge, 'lightCav', P(10, 15))).toBe('none');
    expect(coverOf(bf, behindHedge, 'artillery', P(10, 15))).toBe('none');
    const behindWall = stand(10, 20 + (4 + 20 + 1) / 25.4, -Math.PI / 2);
    expect(coverOf(bf, behindWall, 'infantry', P(10, 15))).toBe('hard');
    expect(coverOf(bf, behindWall, 'infantry', P(10, 25))).toBe('none');
    expect(coverOf(bf, behindWall, 'cuirassier', P(10, 15))).toBe('none');
    expect(coverOf(bf, P(10, 29), 'infantry', P(10, 35))).toBe('soft');
    // Too far back (more than 1") to be behind it.
    expect(coverOf(bf, stand(10, 27.5), 'infantry', P(10, 35))).toBe('none');
  });
});

describe('settlements', () => {
  // Town: two stone, one wooden; village: one stone, two wooden; village2: a tie.
  const town = [building('t1', box(2, 2, 4, 4), 'stone', 'town'), building('t2', box(6, 2, 8, 4), 'stone', 'town'), building('t3', box(2, 6, 4, 8), 'wood', 'town')];
  const village = [building('v1', box(12, 2, 14, 4), 'stone', 'village'), building('v2', box(16, 2, 18, 4), 'wood', 'village'), building('v3', box(12, 6, 14, 8), 'wood', 'village')];
  const village2 = [
    building('w1', box(22, 2, 24, 4), 'stone', 'village2'),
    building('w2', box(26, 2, 28, 4), 'wood', 'village2'),
    building('w3', box(22, 6, 24, 8), 'wood', 'village2'),
    building('w4', box(26, 6, 28, 8), 'stone', 'village2'),
  ];
  const big = [building('b1', box(30, 20, 32, 22), 'wood', 'big'), building('b2', box(38, 20, 40, 22), 'wood', 'big'), building('b3', box(30, 28, 32, 30), 'wood', 'big')];
  const hamletW = building('hw', box(5, 20, 5 + 120 / 25.4, 20 + 80 / 25.4), 'wood', 'hamlet');
  const hamletS = building('hs', box(15, 20, 17, 22), 'stone', 'farm');
  const bf = table(
    ...town,
    settlement('town', 'town', box(2, 2, 8, 8), town.map((b) => b.id)),
    ...village,
    settlement('village', 'village', box(12, 2, 18, 8), village.map((b) => b.id)),
    ...village2,
    settlement('village2', 'village', box(22, 2, 28, 8), village2.map((b) => b.id)),
    ...big,
    settlement('big', 'town', box(30, 20, 40, 30), big.map((b) => b.id)),
    roadF('street', [P(35, 18), P(35, 34)]),
    hamletW,
    settlement('hamlet', 'hamlet', hamletW.polygon, ['hw']),
    hamletS,
    settlement('farm', 'farm', hamletS.polygon, ['hs']),
  );

  it('take the cover of the majority of their buildings, fortified for the defender at the start', () => {
    expect(settlementCover(bf, bf.features.find((f): f is SettlementFeature => f.id === 'town')!)).toBe('fortified');
    expect(coverOf(bf, P(6, 6), 'infantry')).toBe('fortified');
    expect(coverOf(bf, P(16, 6), 'infantry')).toBe('hard');
    expect(coverOf(bf, P(26, 5), 'infantry')).toBe('hard');
    expect(coverOf(bf, P(16, 6), 'infantry', null, { defenderFortified: true })).toBe('fortified');
    expect(coverOf(bf, P(16, 6), 'skirmInf')).toBe('hard');
    expect(coverOf(bf, P(6, 6), 'skirmInf')).toBe('fortified');
    expect(coverOf(bf, P(16, 6), 'artillery')).toBe('hard');
    expect(coverOf(bf, P(16, 6), 'heavyCav')).toBe('none');
    expect(coverOf(bf, P(6, 6), 'heavyCav', null, { dismounted: true })).toBe('fortified');
  });

  it('are rough and slowing, with building footprints closed to all', () => {
    expect(terrains(bf, 6, 6)).toEqual(['town']);
    expect(moveCapAt(bf, P(6, 6), 'infantry', 'line')).toBe(3);
    expect(inRoughTerrain(bf, P(6, 6))).toBe(true);
    expect(terrains(bf, 3, 3)).toEqual(['stoneBuilding', 'town']);
    for (const t of TROOP_TYPES) expect(impassableFor(bf, P(3, 3), t)?.terrain).toBe('stoneBuilding');
    expect(impassableFor(bf, P(6, 6), 'lightCav')).toBeUndefined();
    expect(pathBlocked(bf, P(3, 5), P(3, 1), 'skirmInf')?.featureId).toBe('t1');
    expect(pathBlocked(bf, P(3, 5), P(3, 1), 'skirmInf')?.t).toBeCloseTo(0.25, 9);
  });

  it('let artillery into their perimeter band only, or through along a road (B42)', () => {
    expect(impassableFor(bf, P(31, 25), 'artillery')).toBeUndefined();
    expect(impassableFor(bf, P(34, 25), 'artillery')?.terrain).toBe('town');
    expect(impassableFor(bf, P(35, 25), 'artillery')).toBeUndefined();
    expect(pathBlocked(bf, P(35, 18), P(35, 34), 'artillery')).toBeUndefined();
    expect(pathBlocked(bf, P(28, 25), P(35, 25), 'artillery')?.t).toBeCloseTo(3.5 / 7, 4);
  });

  it('hamlets and farms: only SI occupy them, backs to the wall, in the building\'s cover', () => {
    expect(terrains(bf, 6, 21)).toEqual(['woodenBuilding', 'hamlet']);
    for (const t of TROOP_TYPES) expect(impassableFor(bf, P(6, 21), t)).toBeDefined();
    const against = stand(6, 20 - 20 / 25.4, -Math.PI / 2);
    expect(coverOf(bf, against, 'skirmInf', P(6, 10))).toBe('hard');
    expect(coverOf(bf, against, 'skirmInf', P(6, 10), { defenderFortified: true })).toBe('fortified');
    expect(coverOf(bf, stand(16, 22 + 20 / 25.4), 'skirmInf')).toBe('fortified');
    expect(coverOf(bf, against, 'infantry', P(6, 10))).toBe('none');
    expect(coverOf(bf, stand(6, 16), 'skirmInf', P(6, 10))).toBe('none');
    // A 120 x 80 mm building holds 3 + 2 stands of 40 mm.
    expect(hamletCapacity(hamletW, 40)).toBe(5);
    expect(hamletCapacity(hamletS, inch(1))).toBe(4);
    expect(moveCapAt(bf, P(5, 19), 'infantry', 'line')).toBe(6);
  });

  it('are impassable to cavalry near them only by their buildings', () => {
    expect(impassableToCavalryNear(bf, P(31, 17.5), P(33, 17.5))).toBe(true);
    expect(impassableToCavalryNear(bf, P(35, 17), P(37, 17))).toBe(false);
  });
});

describe('open ground, crops, rocky ground and marshes', () => {
  const bf = table(
    ground('crops', 'crops', box(2, 2, 8, 8)),
    ground('rocks', 'rough', box(12, 2, 18, 8)),
    ground('bog', 'marsh', box(22, 2, 28, 8)),
    ground('morass', 'marsh', box(32, 2, 38, 8), 'morass'),
    ground('quag', 'marsh', box(2, 12, 8, 18), 'quagmire'),
  );

  it('crops slow formed troops and give SI hard cover, but are not rough', () => {
    expect(moveCapAt(bf, P(5, 5), 'infantry', 'line')).toBe(3);
    expect(moveCapAt(bf, P(5, 5), 'skirmInf', 'loose')).toBe(6);
    expect(inRoughTerrain(bf, P(5, 5))).toBe(false);
    expect(needsLoose(bf, P(5, 5), 'infantry')).toBe(false);
    expect(coverOf(bf, P(5, 5), 'skirmInf')).toBe('hard');
    expect(coverOf(bf, P(5, 5), 'infantry')).toBe('none');
    expect(skirmInfInOpen(bf, P(5, 5))).toBe(false);
    expect(skirmInfInOpen(bf, P(20, 20))).toBe(true);
  });

  it('rocky ground is rough and slow, closed to artillery and cavalry but not SC, and fortified for SI', () => {
    expect(terrains(bf, 15, 5)).toEqual(['rockyGround']);
    expect(moveCapAt(bf, P(15, 5), 'infantry', 'line')).toBe(3);
    expect(impassableFor(bf, P(15, 5), 'lightCav')?.terrain).toBe('rockyGround');
    expect(impassableFor(bf, P(15, 5), 'artillery')?.terrain).toBe('rockyGround');
    expect(impassableFor(bf, P(15, 5), 'skirmCav')).toBeUndefined();
    expect(coverOf(bf, P(15, 5), 'skirmInf')).toBe('fortified');
    expect(needsLoose(bf, P(11.1, 5), 'infantry')).toBe(true);
    expect(needsLoose(bf, P(10.9, 5), 'infantry')).toBe(false);
  });

  it('marshes: bog closed to cavalry, morass to infantry and SC too, quagmire slows SI', () => {
    expect(impassableFor(bf, P(25, 5), 'lightCav')?.terrain).toBe('bog');
    expect(impassableFor(bf, P(25, 5), 'skirmCav')).toBeUndefined();
    expect(impassableFor(bf, P(25, 5), 'infantry')).toBeUndefined();
    expect(impassableFor(bf, P(35, 5), 'infantry')?.terrain).toBe('morass');
    expect(impassableFor(bf, P(35, 5), 'skirmCav')?.terrain).toBe('morass');
    expect(impassableFor(bf, P(35, 5), 'general')?.terrain).toBe('morass');
    expect(impassableFor(bf, P(35, 5), 'skirmInf')).toBeUndefined();
    expect(moveCapAt(bf, P(5, 15), 'skirmInf', 'loose')).toBe(3);
    expect(moveCapAt(bf, P(25, 5), 'skirmInf', 'loose')).toBe(6);
    expect(coverOf(bf, P(35, 5), 'skirmInf')).toBe('hard');
    // After three Jokers of heavy rain every marsh is impassable.
    expect(impassableFor(bf, P(5, 15), 'skirmInf', { sodden: true })?.terrain).toBe('quagmire');
  });

  it('impassable-to-cavalry terrain within 3" of a flank, or along the whole of a rear edge', () => {
    expect(impassableToCavalryNear(bf, P(20, 10), P(20, 12))).toBe(true);
    expect(impassableToCavalryNear(bf, P(20, 11.5), P(20, 14))).toBe(false);
    // Crops do not count; a rear edge half beyond 3" of the rocks is not supported.
    expect(impassableToCavalryNear(bf, P(5, 10), P(5, 11))).toBe(true);
    expect(impassableToCavalryNear(bf, P(10, 20.5), P(10, 22))).toBe(false);
    expect(impassableToCavalryNear(bf, P(13, 10), P(17, 10), inch(3), true)).toBe(true);
    expect(impassableToCavalryNear(bf, P(16, 10), P(21, 13), inch(3), true)).toBe(false);
    expect(impassableToCavalryNear(bf, P(16, 10), P(21, 13), inch(3), false)).toBe(true);
  });

  it('an attack line through rough terrain counts, one through crops does not', () => {
    expect(roughOrObstacleCrossed(bf, P(10, 5), P(20, 5)).map((h) => h.terrain)).toEqual(['rockyGround']);
    expect(roughOrObstacleCrossed(bf, P(0, 5), P(9, 5))).toEqual([]);
    expect(roughOrObstacleCrossed(bf, P(10, 5), P(30, 5)).map((h) => h.terrain)).toEqual(['rockyGround', 'bog']);
  });
});

describe('raised roads', () => {
  const bf = table(roadF('causeway', [P(0, 20), P(48, 20)], 6.35));

  it('give infantry and SI off the road and facing it wall (hard) cover against an enemy beyond it', () => {
    const facing = stand(10, 20 - (12.5 + 20 + 1) / 25.4);
    expect(coverOf(bf, facing, 'infantry', P(10, 30))).toBe('hard');
    expect(coverOf(bf, facing, 'skirmInf', P(10, 30))).toBe('hard');
    expect(coverOf(bf, { ...facing, facing: -Math.PI / 2 }, 'infantry', P(10, 30))).toBe('none');
    expect(coverOf(bf, facing, 'infantry', P(10, 10))).toBe('none');
    expect(coverOf(bf, P(10, 20), 'infantry', P(10, 30))).toBe('none');
    expect(coverOf(bf, facing, 'lightCav', P(10, 30))).toBe('none');
    expect(moveCapAt(bf, P(10, 20), 'infantry', 'column')).toBe(9);
    expect(inRoughTerrain(bf, P(10, 20))).toBe(false);
  });
});

describe('on a table laid by the horse-and-musket set-up', () => {
  it('pathBlocked stops where impassableFor, sampled along the path, first says no', () => {
    const bf = setupBattlefield('horse-and-musket', 3, 'c');
    const rng = new Rng('paths');
    let blocked = 0;
    for (let n = 0; n < 60; n++) {
      const a = { x: rng.range(0, bf.width), y: rng.range(0, bf.depth) };
      const angle = rng.range(0, 2 * Math.PI);
      const len = rng.range(20, 300);
      const b = { x: a.x + Math.cos(angle) * len, y: a.y + Math.sin(angle) * len };
      for (const troop of TROOP_TYPES) {
        const hit = pathBlocked(bf, a, b, troop);
        const steps = Math.ceil(len / 2);
        let first: number | undefined;
        for (let k = 0; k <= steps && first === undefined; k++) {
          const t = k / steps;
          if (impassableFor(bf, { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t }, troop)) first = t;
        }
        expect(hit === undefined).toBe(first === undefined);
        if (hit && first !== undefined) {
          blocked++;
          expect(Math.abs(hit.t - first) * len).toBeLessThan(2.5);
          expect(impassableFor(bf, lerpHit(a, b, Math.min(1, hit.t + 0.5 / len)), troop)).toBeDefined();
        }
      }
    }
    expect(blocked).toBeGreaterThan(20);
  });
});

function lerpHit(a: Vec2, b: Vec2, t: number): Vec2 {
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}
