/**
 * How the horse-and-musket rules read the table (digest part B §4; part A §11.7, §18.2-18.3,
 * §23.3, §24, §27; the seed's TERRAIN chapter where they differ). The terrain layer describes what
 * is on the table in physical terms; this file maps every feature to a row of the book's master
 * terrain table (B §4.2, `HM_TERRAIN`) and answers the questions the rules ask of it: how far a
 * unit may move, what it may not enter, what it crosses and what that costs, when it must go loose,
 * and what cover it has.
 *
 * Conventions:
 * - Lengths are table mm; move caps are in inches (the book's unit for them).
 * - "Cav" is the formed cavalry types (light, heavy, cuirassier); SC is listed separately (B15).
 * - An unattached General moves as skirmishing cavalry (A §3): `general` is treated as `skirmCav`
 *   for entry and slowing, is never disordered by terrain (B19) and never in cover.
 * - Hills are read from the hill features and their gradient classes (B §4.3), never from the
 *   heightmap's own slope outside a hill footprint; stacked hills: the innermost hill's face wins.
 * - Everything is a pure function of the Battlefield; point queries go through the terrain layer's
 *   spatial grid, segment queries through the per-feature bounds and exact interval code.
 */

import { pointInPolygon, rectAxes, segmentDistance, corners, type OrientedRect, type Vec2 } from '../../core/geometry';
import { inch } from '../../core/measure';
import type { Battlefield } from '../../terrain/battlefield';
import {
  isBoundary,
  isWater,
  isWorks,
  marshClassOf,
  waterClassOf,
  woodDensityOf,
  type BuildingFeature,
  type CrossingFeature,
  type HillFeature,
  type SettlementFeature,
  type TerrainFeature,
} from '../../terrain/features';
import { gradientClassAt, hillFaces, HILL_SECTORS, type GroundGradient } from '../../terrain/gradient';
import {
  boundsMeetSegment,
  cellOf,
  containsPoint,
  featureIntervals,
  insidePolygon,
  pathDist2,
  polygonCrossings,
  terrainIndex,
  type CompiledFeature,
} from '../../terrain/spatial';
import { TROOP_TYPES, type Formation, type TroopType } from './types';
import { datan2, dcos, dsin } from '../../core/detmath';

// ---------------------------------------------------------------------------------------------
// The master terrain table (B §4.2)

/** Cover classes (A §24), weakest first. */
export type TerrainCover = 'none' | 'soft' | 'hard' | 'fortified';
const COVER_RANK: { readonly [C in TerrainCover]: number } = { none: 0, soft: 1, hard: 2, fortified: 3 };

/** The better of two covers. */
export function betterCover(a: TerrainCover, b: TerrainCover): TerrainCover {
  return COVER_RANK[a] >= COVER_RANK[b] ? a : b;
}

/** Every row of the book's master terrain table, as the keys of HM_TERRAIN. */
export const HM_TERRAINS = [
  'open',
  'gentleHill',
  'normalHill',
  'steepHill',
  'verySteepHill',
  'sheerSlope',
  'orchard',
  'woodland',
  'forest',
  'town',
  'village',
  'hamlet',
  'farm',
  'woodenBuilding',
  'stoneBuilding',
  'minorStream',
  'ford',
  'torrentialStream',
  'shallowRiver',
  'river',
  'fastRiver',
  'deepRiver',
  'ragingTorrent',
  'wall',
  'highWall',
  'hedge',
  'fence',
  'fieldFortification',
  'chevauxDeFrise',
  'crops',
  'rockyGround',
  'bog',
  'morass',
  'quagmire',
  'road',
  'raisedRoad',
  'woodenBridge',
  'stoneBridge',
  'pond',
] as const;
export type HmTerrain = (typeof HM_TERRAINS)[number];

/** Cover for those who can take it (cavalry and Generals never do, A §24.2). */
export interface CoverBy {
  /** Close-order infantry that broke ranks to get there (A §18.7: the caller checks that). */
  infantry: TerrainCover;
  skirmInf: TerrainCover;
  artillery: TerrainCover;
}

export interface HmTerrainEntry {
  label: string;
  /** The feature (and class) of the terrain layer it is read from, or null where the layer has none yet. */
  from: string | null;
  /** Rough terrain: formed units must go loose to enter, and within 1" of it (B §4.1, A §11.7). */
  rough: boolean;
  /** Slows movement: at most 3" per order while in it; 2" and 1" for two and three SM types (B §4.1). */
  slows: boolean;
  /** Slows skirmishing infantry too (quagmire only; skirmishers are otherwise never slowed). */
  slowsSkirmInf: boolean;
  impassableTo: readonly TroopType[];
  /** May enter only the perimeter band, 1.5" deep (B §4.4, B14, B42). */
  perimeterOnly: readonly TroopType[];
  /** Cossacks may enter it although it is impassable to their type (B §4.4). */
  cossacksMayEnter: boolean;
  /** Stands disordered on entering a watercourse, once per crossing (B18); 'all' for every stand. */
  crossingDisorder: Readonly<Partial<Record<TroopType, number | 'all'>>>;
  /** After crossing, each stand is destroyed on this d6 roll or more. */
  crossingDestroyOn: Readonly<Partial<Record<TroopType, number>>>;
  /** Hills: stands disordered once per move on this slope class (columns exempt, B19). */
  perMoveDisorder: number;
  /** Linear obstacles: stands disordered when cavalry jump it (B §4.7). */
  jumpDisorder: Readonly<Partial<Record<TroopType, number>>>;
  /** Cover in it, or behind it where `coverBehind` (under fire, and in contact unless `coverInContact`). */
  cover: CoverBy;
  /** Cover in contact, where it differs from `cover` (chevaux de frise). */
  coverInContact?: CoverBy;
  /** Cover is had behind it, relative to the enemy, rather than in it. */
  coverBehind: boolean;
  /** Cover comes from the settlement's buildings (majority rule, B §4.5); `cover` holds the wooden case. */
  coverByBuildings: boolean;
  /** Blocks line of sight between two points on the same level (core rules). */
  blocksSight: boolean;
  /** Hides skirmishers (crops, B §4.7). */
  hidesSkirmInf: boolean;
  /** A linear obstacle (B §4.7): rough and slowing where it runs, jumped by cavalry, cover behind it. */
  linear: boolean;
  note: string;
}

const ALL: readonly TroopType[] = TROOP_TYPES;
const CAV: readonly TroopType[] = ['lightCav', 'heavyCav', 'cuirassier'];
const FOOT_WATER = (n: number | 'all'): Partial<Record<TroopType, number | 'all'>> => ({ infantry: n, skirmInf: n });
const HORSE_WATER = (n: number | 'all'): Partial<Record<TroopType, number | 'all'>> => ({ lightCav: n, heavyCav: n, cuirassier: n, skirmCav: n });
const NO_COVER: CoverBy = { infantry: 'none', skirmInf: 'none', artillery: 'none' };
const SI_HARD: CoverBy = { infantry: 'none', skirmInf: 'hard', artillery: 'none' };
const JUMP: Partial<Record<TroopType, number>> = { cuirassier: 2, heavyCav: 1 };

function row(label: string, from: string | null, e: Partial<Omit<HmTerrainEntry, 'label' | 'from'>>): HmTerrainEntry {
  return {
    label,
    from,
    rough: false,
    slows: false,
    slowsSkirmInf: false,
    impassableTo: [],
    perimeterOnly: [],
    cossacksMayEnter: false,
    crossingDisorder: {},
    crossingDestroyOn: {},
    perMoveDisorder: 0,
    jumpDisorder: {},
    cover: NO_COVER,
    coverBehind: false,
    coverByBuildings: false,
    blocksSight: false,
    hidesSkirmInf: false,
    linear: false,
    note: '',
    ...e,
  };
}

/**
 * The master terrain table (B §4.2), one entry per row, with the §4.3-4.11 detail folded in. Rows
 * the terrain layer cannot lay yet have `from: null`; they are here for when it can.
 */
export const HM_TERRAIN: { readonly [K in HmTerrain]: HmTerrainEntry } = {
  open: row('Open ground', 'anywhere without terrain', { note: 'SI in the open: -3 Resolve (A §18.1).' }),

  // Hills: by the gradient class of the face under the point (gradientClassAt); a hill too flat to
  // read a class from counts as gentle. The book's "shallow hill" is the gentle hill (A51).
  gentleHill: row('Gentle hill', "hill face 'gentle'", { blocksSight: true, note: 'No effect on movement; blocks sight (ridge line).' }),
  normalHill: row('Normal hill', "hill face 'normal'", { slows: true, cover: SI_HARD, blocksSight: true, note: 'SI hard cover (B16). Above the mist.' }),
  steepHill: row('Steep hill', "hill face 'steep'", {
    slows: true,
    perMoveDisorder: 1,
    cover: { infantry: 'none', skirmInf: 'fortified', artillery: 'none' },
    blocksSight: true,
    note: 'One stand disordered per move, columns exempt (B19). Austrians ±1 (B §3.3).',
  }),
  verySteepHill: row('Very steep hill', "hill face 'verySteep'", {
    slows: true,
    impassableTo: ['artillery', ...CAV, 'skirmCav'],
    perMoveDisorder: 2,
    // [ENGINE DEFAULT] B16: SI fortified on very steep hills as on steep ones.
    cover: { infantry: 'none', skirmInf: 'fortified', artillery: 'none' },
    blocksSight: true,
    note: 'Two stands disordered per move, columns exempt (B19).',
  }),
  // A sheer face comes from a hill's `gradient` or `faces`; the 10 mm heightmap cannot hold one by itself.
  sheerSlope: row('Sheer slope', "hill face 'sheer'", { impassableTo: ALL, blocksSight: true, note: 'A cliff face: impassable to all.' }),

  orchard: row('Orchard, open woodland or scrub', "orchard feature, or wood density 'open'", {
    rough: true,
    impassableTo: CAV,
    // [ENGINE DEFAULT] B14: artillery may enter the perimeter band only.
    perimeterOnly: ['artillery'],
    // Ours: Cossacks may enter woodland (B §4.4), so a fortiori the thinner orchard.
    cossacksMayEnter: true,
    cover: { infantry: 'soft', skirmInf: 'hard', artillery: 'none' },
    note: 'RT, not SM. SC may enter (B15). Sight not blocked ([ENGINE DEFAULT]).',
  }),
  woodland: row('Woodland', "wood density 'woodland' (the default)", {
    rough: true,
    slows: true,
    impassableTo: [...CAV, 'skirmCav'],
    perimeterOnly: ['artillery'],
    cossacksMayEnter: true,
    // [ENGINE DEFAULT] B §4.11: artillery Reformed in a woodland or forest perimeter has soft cover.
    cover: { infantry: 'soft', skirmInf: 'hard', artillery: 'soft' },
    blocksSight: true,
    note: 'Impassable to Cav and SC except Cossacks; artillery manhandled into the perimeter only.',
  }),
  forest: row('Forest (dense woods)', "wood density 'forest'", {
    rough: true,
    slows: true,
    impassableTo: [...CAV, 'skirmCav'],
    perimeterOnly: ['artillery', 'infantry'],
    cover: { infantry: 'soft', skirmInf: 'fortified', artillery: 'soft' },
    blocksSight: true,
    note: 'Only SI pass through; infantry and artillery the perimeter only, in cover there once Reformed.',
  }),

  town: row('Town', "settlement class 'town'", {
    rough: true,
    slows: true,
    // [ENGINE DEFAULT] B42: artillery the perimeter band only, or through along a road.
    perimeterOnly: ['artillery'],
    cover: { infantry: 'hard', skirmInf: 'hard', artillery: 'hard' },
    coverByBuildings: true,
    blocksSight: true,
    note: 'Building footprints impassable to all. Cover by the majority of buildings: wooden hard, stone fortified; the defender at the start fortified.',
  }),
  village: row('Village', "settlement class 'village'", {
    rough: true,
    slows: true,
    perimeterOnly: ['artillery'],
    cover: { infantry: 'hard', skirmInf: 'hard', artillery: 'hard' },
    coverByBuildings: true,
    blocksSight: true,
    note: 'As a town.',
  }),
  hamlet: row('Hamlet', "settlement class 'hamlet'", {
    impassableTo: ALL.filter((t) => t !== 'skirmInf'),
    cover: SI_HARD,
    coverByBuildings: true,
    blocksSight: true,
    note: 'One building; only SI occupy it, backs to its walls, capacity floor(L/w) + floor(S/w) (hamletCapacity).',
  }),
  farm: row('Farm', "settlement class 'farm'", {
    impassableTo: ALL.filter((t) => t !== 'skirmInf'),
    cover: SI_HARD,
    coverByBuildings: true,
    blocksSight: true,
    note: 'As a hamlet.',
  }),
  woodenBuilding: row('Wooden building', "building material 'wood'", {
    impassableTo: ALL,
    cover: { infantry: 'hard', skirmInf: 'hard', artillery: 'hard' },
    blocksSight: true,
    note: 'A footprint nobody enters; its cover is had in its settlement or, for SI, against its walls.',
  }),
  stoneBuilding: row('Stone building', "building material 'stone'", {
    impassableTo: ALL,
    cover: { infantry: 'fortified', skirmInf: 'fortified', artillery: 'fortified' },
    blocksSight: true,
    note: 'As a wooden building, fortified.',
  }),

  // Watercourses (B §4.6): "infantry" covers SI, "cavalry" covers SC (B18).
  minorStream: row('Minor stream', "stream class 'minorStream' (the default)", { slows: true, crossingDisorder: FOOT_WATER(1), cover: SI_HARD }),
  ford: row('Ford', 'ford feature, where it lies in its water', {
    slows: true,
    crossingDisorder: FOOT_WATER(1),
    cover: SI_HARD,
    note: 'Crossing any watercourse at a ford costs what a minor stream does.',
  }),
  torrentialStream: row('Torrential stream', "stream class 'torrentialStream'", {
    slows: true,
    impassableTo: ['artillery', 'cuirassier', 'heavyCav'],
    // [ENGINE DEFAULT] B18: an unqualified number applies to any crossing type.
    crossingDisorder: { ...FOOT_WATER(2), ...HORSE_WATER(2) },
    cover: SI_HARD,
  }),
  shallowRiver: row('Shallow river', "river class 'shallowRiver'", { slows: true, crossingDisorder: FOOT_WATER(2), cover: SI_HARD }),
  river: row('River', "river class 'river' (the default)", {
    slows: true,
    impassableTo: ['artillery'],
    crossingDisorder: { ...FOOT_WATER(3), ...HORSE_WATER(1) },
    cover: SI_HARD,
  }),
  fastRiver: row('Fast-flowing river', "river class 'fastRiver'", {
    slows: true,
    impassableTo: ['artillery'],
    crossingDisorder: { ...FOOT_WATER('all'), ...HORSE_WATER(2) },
    crossingDestroyOn: { infantry: 6, skirmInf: 6 },
    cover: SI_HARD,
    note: 'Foot stands destroyed on a 6 unless cavalry cross upstream alongside (B18: same turn, upstream, within 3").',
  }),
  deepRiver: row('Deep, lazy river', "river class 'deepRiver'", {
    slows: true,
    impassableTo: ['artillery', 'cuirassier', 'heavyCav', 'infantry', 'skirmInf'],
    crossingDisorder: { lightCav: 'all' },
    crossingDestroyOn: { lightCav: 5, skirmCav: 6 },
    note: 'Only light cavalry and SC swim it.',
  }),
  ragingTorrent: row('Raging torrent', "river class 'ragingTorrent'", { impassableTo: ALL }),

  // Linear obstacles (B §4.7): rough, slowing, impassable to artillery; cavalry jump them and never shelter behind them.
  wall: row('Wall', 'wall feature', {
    rough: true,
    slows: true,
    impassableTo: ['artillery'],
    jumpDisorder: JUMP,
    cover: { infantry: 'hard', skirmInf: 'hard', artillery: 'none' },
    coverBehind: true,
    linear: true,
    note: 'Stops bouncing balls.',
  }),
  highWall: row('High loopholed wall', null, {
    rough: true,
    slows: true,
    impassableTo: ['artillery'],
    jumpDisorder: JUMP,
    cover: { infantry: 'fortified', skirmInf: 'fortified', artillery: 'none' },
    coverBehind: true,
    linear: true,
    note: 'Not in the terrain layer: a wall has no loopholed flag.',
  }),
  hedge: row('Hedge', 'hedge feature', {
    rough: true,
    slows: true,
    impassableTo: ['artillery'],
    jumpDisorder: JUMP,
    cover: { infantry: 'soft', skirmInf: 'hard', artillery: 'none' },
    coverBehind: true,
    linear: true,
    note: 'Bouncing balls pass through.',
  }),
  fence: row('Fence', 'fence feature', {
    rough: true,
    slows: true,
    impassableTo: ['artillery'],
    jumpDisorder: JUMP,
    cover: { infantry: 'soft', skirmInf: 'hard', artillery: 'none' },
    coverBehind: true,
    linear: true,
  }),
  fieldFortification: row('Field fortification', 'fieldwork feature (works bought with the army)', {
    rough: true,
    slows: true,
    impassableTo: ['artillery'],
    jumpDisorder: JUMP,
    // [ENGINE DEFAULT] B §4.11: artillery behind works as infantry. A full fortification is fortified.
    cover: { infantry: 'hard', skirmInf: 'hard', artillery: 'hard' },
    coverBehind: true,
    linear: true,
    note: 'Defender only, bought in 6" sections and placed in his deployment zone (B §6.1, works.ts).',
  }),
  chevauxDeFrise: row('Chevaux de frise', 'chevaux feature (works bought with the army)', {
    // [ENGINE DEFAULT] B §4.2: a linear obstacle (rough) that is impassable to Cav.
    rough: true,
    impassableTo: CAV,
    cover: { infantry: 'soft', skirmInf: 'hard', artillery: 'soft' },
    coverInContact: { infantry: 'fortified', skirmInf: 'fortified', artillery: 'fortified' },
    coverBehind: true,
    linear: true,
    note: 'Russian list, 2 pts a 6" section; defender only, placed like a field fortification (works.ts).',
  }),

  crops: row('Crops', 'crops feature', { slows: true, cover: SI_HARD, hidesSkirmInf: true, note: 'SI hard cover (B16).' }),
  rockyGround: row('Rocky ground', 'rough feature', {
    rough: true,
    slows: true,
    impassableTo: ['artillery', ...CAV],
    cover: { infantry: 'none', skirmInf: 'fortified', artillery: 'none' },
    note: 'SC may enter (B15).',
  }),
  bog: row('Bog', "marsh class 'bog' (the default)", { rough: true, slows: true, impassableTo: ['artillery', ...CAV], cover: SI_HARD }),
  morass: row('Morass', "marsh class 'morass'", {
    rough: true,
    slows: true,
    impassableTo: ['artillery', ...CAV, 'skirmCav', 'infantry'],
    cover: SI_HARD,
    note: 'Only SI enter.',
  }),
  quagmire: row('Quagmire', "marsh class 'quagmire'", {
    rough: true,
    slows: true,
    slowsSkirmInf: true,
    impassableTo: ['artillery', ...CAV, 'skirmCav', 'infantry'],
    cover: SI_HARD,
    note: 'As a morass, and SI are slowed too.',
  }),

  road: row('Road', 'road feature', { note: 'A column on a road moves 3"-9" and wheels twice a turn (A §11.5, B §4.9).' }),
  raisedRoad: row('Raised road', 'road feature with `raised`', {
    cover: { infantry: 'hard', skirmInf: 'hard', artillery: 'none' },
    coverBehind: true,
    note: 'Wall (hard) cover for infantry and SI off the road and facing it. Sight not blocked ([ENGINE DEFAULT]).',
  }),
  woodenBridge: row('Wooden bridge', "bridge material 'wood' (or none)", {
    cover: SI_HARD,
    note: 'A defile. Only SI use it as cover, 1-3 stands by size: fence (soft), SI at least hard.',
  }),
  stoneBridge: row('Stone bridge', "bridge material 'stone'", { cover: SI_HARD, note: 'A defile. Only SI use it as cover: wall (hard).' }),
  // [ENGINE DEFAULT] B §4.2: ponds and lakes are impassable to all.
  pond: row('Pond or lake', null, { impassableTo: ALL, note: 'Not in the terrain layer.' }),
};

// ---------------------------------------------------------------------------------------------
// Constants

/** The perimeter band of a wood or settlement: one stand depth (B §4.4 [ENGINE DEFAULT]). */
export const PERIMETER_BAND = inch(1.5);
/** Formed units go loose within 1" of rough terrain or a linear obstacle (A §11.7). */
export const LOOSE_REACH = inch(1);
/** Flank and rear support by terrain impassable to cavalry within 3" (A §18.2-18.3). */
export const SUPPORT_REACH = inch(3);
/**
 * How near a stand must be to a hedge, wall or raised road to be "behind" it, or to a hamlet's
 * building to occupy it. Ours: 1", the distance within which a unit must be crossing or lining up
 * behind an obstacle anyway (B §4.7).
 */
export const ADJACENT = inch(1);
/** Basic move, and a column's on a road (A §11.1, §11.5). */
export const BASE_MOVE = 6;
export const ROAD_COLUMN_MOVE = 9;
/** Contact tolerance, mm: a stand this close to a feature touches it. */
const TOUCH = 0.5;
/** Spacing of the sampled segment queries, mm (a tenth of an inch). */
const STEP = 2.5;

// ---------------------------------------------------------------------------------------------
// Options and results

export interface HmTerrainOptions {
  /** The unit is Cossacks: woodland is open to them (B §4.4). */
  cossack?: boolean;
  /**
   * Three or more Jokers of heavy rain have fallen (B §4.12, B25): marshes are impassable to all,
   * rivers count as fast-flowing (ours: not a raging torrent), and the road bonus is gone.
   */
  sodden?: boolean;
}

/** One piece of rulebook terrain at a place. */
export interface TerrainHere {
  terrain: HmTerrain;
  featureId: string;
  feature: TerrainFeature;
}

/** A point, or a stand's rectangle. */
export type Place = Vec2 | OrientedRect;

// ---------------------------------------------------------------------------------------------
// Classification

const HILL_TERRAIN: { readonly [G in GroundGradient]: HmTerrain } = {
  level: 'gentleHill',
  gentle: 'gentleHill',
  normal: 'normalHill',
  steep: 'steepHill',
  verySteep: 'verySteepHill',
  sheer: 'sheerSlope',
};

const MARSHES: ReadonlySet<HmTerrain> = new Set(['bog', 'morass', 'quagmire']);
const SKIRMISHERS: ReadonlySet<TroopType> = new Set(['skirmInf', 'skirmCav']);
const MOUNTED: ReadonlySet<TroopType> = new Set(['lightCav', 'heavyCav', 'cuirassier', 'skirmCav']);
/** Who must go loose for rough terrain (A §11.7): all but skirmishers, Generals and artillery. */
const GOES_LOOSE: ReadonlySet<TroopType> = new Set(['infantry', 'lightCav', 'heavyCav', 'cuirassier']);

/** The type a troop enters terrain as: an unattached General as SC (A §3). */
function moverOf(troop: TroopType): TroopType {
  return troop === 'general' ? 'skirmCav' : troop;
}

/** The rulebook row of a feature other than a hill (hills depend on the point: hillClassAt). */
export function terrainOfFeature(f: Exclude<TerrainFeature, HillFeature>, opts: HmTerrainOptions = {}): HmTerrain {
  switch (f.kind) {
    case 'wood':
    case 'orchard': {
      const d = woodDensityOf(f);
      return d === 'open' ? 'orchard' : d;
    }
    case 'river':
    case 'stream': {
      const c = waterClassOf(f);
      // [ENGINE DEFAULT] B25: after 3 Jokers of heavy rain every river is fast-flowing (ours: not a raging torrent).
      return opts.sodden && (c === 'shallowRiver' || c === 'river' || c === 'deepRiver') ? 'fastRiver' : c;
    }
    case 'marsh':
      return marshClassOf(f);
    case 'rough':
      return 'rockyGround';
    case 'crops':
      return 'crops';
    case 'hedge':
    case 'wall':
    case 'fence':
      return f.kind;
    case 'fieldwork':
      return 'fieldFortification';
    case 'chevaux':
      return 'chevauxDeFrise';
    case 'road':
      return (f.raised ?? 0) > 0 ? 'raisedRoad' : 'road';
    case 'ford':
      return 'ford';
    case 'bridge':
      // Ours: a bridge of unknown material is wooden (it only matters to SI, who get hard either way).
      return f.material === 'stone' ? 'stoneBridge' : 'woodenBridge';
    case 'building':
      return f.material === 'stone' ? 'stoneBuilding' : 'woodenBuilding';
    case 'settlement':
      return f.class;
  }
}

/** The hill row at p (the innermost hill's face there), or undefined off every hill. */
export function hillClassAt(bf: Battlefield, p: Vec2): HmTerrain | undefined {
  return innermostHill(compiledAt(bf, p)) ? HILL_TERRAIN[gradientClassAt(bf, p)] : undefined;
}

/** On a steep or very steep hill (Austrian ±1, B §3.3). */
export function onSteepHill(bf: Battlefield, p: Vec2): boolean {
  const h = hillClassAt(bf, p);
  return h === 'steepHill' || h === 'verySteepHill';
}

function compiledAt(bf: Battlefield, p: Vec2): CompiledFeature[] {
  const idx = terrainIndex(bf);
  const cell = cellOf(idx, p.x, p.y);
  const out: CompiledFeature[] = [];
  if (cell < 0) return out;
  for (let k = idx.cellStart[cell]!; k < idx.cellStart[cell + 1]!; k++) {
    const cf = idx.features[idx.cellItems[k]!]!;
    if (containsPoint(cf, p.x, p.y)) out.push(cf);
  }
  return out;
}

function innermostHill(cfs: readonly CompiledFeature[]): HillFeature | undefined {
  let best: HillFeature | undefined;
  for (const cf of cfs) {
    const f = cf.feature;
    if (f.kind === 'hill' && (!best || f.radius < best.radius)) best = f;
  }
  return best;
}

/**
 * The rulebook terrain at p, in feature order after the hill: the innermost hill by the face under
 * p; a watercourse where a bridge or ford of it covers p is left out (the bridge or ford stands for
 * it), and a ford counts only where it lies in its water.
 */
export function terrainAt(bf: Battlefield, p: Vec2, opts: HmTerrainOptions = {}): TerrainHere[] {
  const cfs = compiledAt(bf, p);
  const out: TerrainHere[] = [];
  const hill = innermostHill(cfs);
  if (hill) out.push({ terrain: HILL_TERRAIN[gradientClassAt(bf, p)], featureId: hill.id, feature: hill });
  for (const cf of cfs) {
    const f = cf.feature;
    if (f.kind === 'hill') continue;
    if (isWater(f) && cfs.some((c) => (c.feature.kind === 'bridge' || c.feature.kind === 'ford') && c.feature.waterId === f.id)) continue;
    if (f.kind === 'ford' && !cfs.some((c) => c.feature.id === f.waterId)) continue;
    out.push({ terrain: terrainOfFeature(f, opts), featureId: f.id, feature: f });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Who may go where

/** True when terrain of this row is impassable to the troop type (before perimeter rules). */
export function barredTo(terrain: HmTerrain, troop: TroopType, opts: HmTerrainOptions = {}): boolean {
  // [ENGINE DEFAULT] B25: after 3 Jokers of heavy rain, marshes are impassable.
  if (opts.sodden && MARSHES.has(terrain)) return true;
  const e = HM_TERRAIN[terrain];
  const t = moverOf(troop);
  if (!e.impassableTo.includes(t)) return false;
  return !(opts.cossack && e.cossacksMayEnter && MOUNTED.has(t));
}

function perimeterOnlyFor(terrain: HmTerrain, troop: TroopType): boolean {
  return HM_TERRAIN[terrain].perimeterOnly.includes(troop);
}

/** Deeper into an area feature than its perimeter band. */
function beyondBand(cf: CompiledFeature, p: Vec2): boolean {
  return cf.polygon !== null && insidePolygon(cf.polygon, p.x, p.y) && pathDist2(cf.polygon, true, p.x, p.y) > PERIMETER_BAND * PERIMETER_BAND;
}

export function onRoad(bf: Battlefield, p: Vec2): boolean {
  return compiledAt(bf, p).some((cf) => cf.feature.kind === 'road');
}

/** Perimeter-only terrain p is too deep into for the troop (artillery may cross a town along a road, B42). */
function tooDeep(bf: Battlefield, cf: CompiledFeature, terrain: HmTerrain, troop: TroopType, p: Vec2): boolean {
  if (!perimeterOnlyFor(terrain, troop) || !beyondBand(cf, p)) return false;
  return !((terrain === 'town' || terrain === 'village') && onRoad(bf, p));
}

/**
 * The terrain at p that the troop type may not be in, or undefined when it may: impassable rows,
 * the inside of woods and towns it may enter only to the perimeter band, building footprints.
 */
export function impassableFor(bf: Battlefield, p: Vec2, troop: TroopType, opts: HmTerrainOptions = {}): TerrainHere | undefined {
  const cfs = compiledAt(bf, p);
  for (const h of terrainAt(bf, p, opts)) {
    if (barredTo(h.terrain, troop, opts)) return h;
    const cf = cfs.find((c) => c.feature === h.feature);
    if (cf && tooDeep(bf, cf, h.terrain, troop, p)) return h;
  }
  return undefined;
}

/** A place along a straight path, and the terrain found there. */
export interface PathHit extends TerrainHere {
  /** Fraction of the way from a to b. */
  t: number;
  p: Vec2;
}

/**
 * The first place on the straight path from a to b that the troop type may not enter (what
 * impassableFor says at each point), or undefined when the path is clear. Exact at the edges of
 * wholly impassable features; hill faces and perimeter bands are sampled every 2.5 mm and then
 * narrowed to a fraction of a millimetre (a sliver thinner than a sample step can be missed). A
 * watercourse is passable where a bridge or ford of it lies.
 */
export function pathBlocked(bf: Battlefield, a: Vec2, b: Vec2, troop: TroopType, opts: HmTerrainOptions = {}): PathHit | undefined {
  const idx = terrainIndex(bf);
  let best: PathHit | undefined;
  const take = (t: number, f: TerrainFeature, terrain: HmTerrain): void => {
    if (!best || t < best.t) best = { t, p: lerp(a, b, t), terrain, featureId: f.id, feature: f };
  };
  const hills: [number, number][] = [];
  for (const cf of idx.features) {
    if (!boundsMeetSegment(cf, a.x, a.y, b.x, b.y)) continue;
    const f = cf.feature;
    if (f.kind === 'hill') {
      if (hillFaces(bf, f).some((g) => barredTo(HILL_TERRAIN[g], troop, opts))) hills.push(...intervalsOf(cf, a, b));
      continue;
    }
    const terrain = terrainOfFeature(f, opts);
    let ivs = intervalsOf(cf, a, b);
    if (ivs.length === 0) continue;
    if (barredTo(terrain, troop, opts)) {
      if (isWater(f)) ivs = subtract(ivs, crossingIntervals(bf, f.id, a, b, true));
      if (ivs.length > 0) take(ivs[0]![0], f, terrain);
    } else if (perimeterOnlyFor(terrain, troop)) {
      const t = firstWhere(a, b, ivs, best?.t ?? 1, (p) => tooDeep(bf, cf, terrain, troop, p));
      if (t !== undefined) take(t, f, terrain);
    }
  }
  if (hills.length > 0) {
    const t = firstWhere(a, b, merge(hills), best?.t ?? 1, (p) => {
      const h = hillClassAt(bf, p);
      return h !== undefined && barredTo(h, troop, opts);
    });
    // firstWhere returns a place where the predicate holds, so there is a barring hill face there.
    const p = t === undefined ? undefined : lerp(a, b, t);
    const hill = p && innermostHill(compiledAt(bf, p));
    if (t !== undefined && p && hill) take(t, hill, HILL_TERRAIN[gradientClassAt(bf, p)]);
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// Movement

function slowsTroop(terrain: HmTerrain, troop: TroopType): boolean {
  const e = HM_TERRAIN[terrain];
  const t = moverOf(troop);
  if (t === 'skirmInf') return e.slowsSkirmInf;
  // Skirmishers are not slowed (B §1.2, §4.1); an unattached General moves as SC.
  if (SKIRMISHERS.has(t)) return false;
  return e.slows;
}

/**
 * The rulebook terrain a Colour Stand is in for Slows Movement: for a point, what terrainAt says;
 * for a stand's rectangle, every feature it touches (ours, B17: a stand stopped against a wood's
 * edge or a hedge is "in" it for the next order's cap), hills by their faces under its centre,
 * corners and edge midpoints.
 */
export function terrainTouching(bf: Battlefield, at: Place, opts: HmTerrainOptions = {}): TerrainHere[] {
  if (!isRect(at)) return terrainAt(bf, at, opts);
  const shape = toShape(at);
  const box = shapeBounds(shape, TOUCH);
  const touching: CompiledFeature[] = [];
  for (const cf of terrainIndex(bf).features) {
    if (cf.feature.kind === 'hill' || !boxMeets(cf, box)) continue;
    if (distanceTo(cf, shape) <= TOUCH) touching.push(cf);
  }
  const out: TerrainHere[] = [];
  const seen = new Set<string>();
  for (const p of rectSamples(at)) {
    const cfs = compiledAt(bf, p);
    const hill = innermostHill(cfs);
    if (!hill) continue;
    const terrain = HILL_TERRAIN[gradientClassAt(bf, p)];
    if (seen.has(`${hill.id}:${terrain}`)) continue;
    seen.add(`${hill.id}:${terrain}`);
    out.push({ terrain, featureId: hill.id, feature: hill });
  }
  for (const cf of touching) {
    const f = cf.feature;
    if (f.kind === 'hill') continue;
    if (isWater(f) && touching.some((c) => (c.feature.kind === 'bridge' || c.feature.kind === 'ford') && c.feature.waterId === f.id)) continue;
    if (f.kind === 'ford' && !touching.some((c) => c.feature.id === f.waterId)) continue;
    out.push({ terrain: terrainOfFeature(f, opts), featureId: f.id, feature: f });
  }
  return out;
}

/**
 * The most a unit may move on its next order, in inches, by the terrain its Colour Stand is in (a
 * point, or better its rectangle: see terrainTouching): 6 in the open; 3, 2 or 1 for one, two or
 * three or more distinct slowing rows (B §4.1, never below 1); skirmishers are not slowed, except SI
 * in a quagmire; a column whose Colour Stand is on a road moves up to 9" and ignores the slowing
 * ground under it (A §11.5, B40), unless the rain has made it sodden (B25). Weather caps are the
 * caller's: take the minimum (B §4.12).
 */
export function moveCapAt(bf: Battlefield, at: Place, troop: TroopType, formation: Formation, opts: HmTerrainOptions = {}): number {
  if (formation === 'column' && !opts.sodden && onRoad(bf, centreOf(at))) return ROAD_COLUMN_MOVE;
  const slowing = new Set<HmTerrain>();
  for (const h of terrainTouching(bf, at, opts)) if (slowsTroop(h.terrain, troop)) slowing.add(h.terrain);
  return slowing.size === 0 ? BASE_MOVE : Math.max(1, 4 - slowing.size);
}

/**
 * Where a Colour Stand moved in a straight line from `from` to `to` (its centre; a rectangle keeps
 * its facing) first reaches slowing terrain it was not already touching, and so must stop (B §4.1,
 * B17): the fraction of the way, the centre there, and the terrain. Undefined when it reaches none.
 * A column on a road does not stop for the ground under the road (B40).
 */
export function slowingStopAlong(
  bf: Battlefield,
  from: Place,
  to: Vec2,
  troop: TroopType,
  formation: Formation,
  opts: HmTerrainOptions = {},
): PathHit | undefined {
  const c0 = centreOf(from);
  const placeAt = (t: number): Place => {
    const c = lerp(c0, to, t);
    return isRect(from) ? { ...from, cx: c.x, cy: c.y } : c;
  };
  const key = (h: TerrainHere): string => `${h.featureId}:${h.terrain}`;
  const slowingAt = (t: number): TerrainHere[] => {
    const place = placeAt(t);
    if (formation === 'column' && !opts.sodden && onRoad(bf, centreOf(place))) return [];
    return terrainTouching(bf, place, opts).filter((h) => slowsTroop(h.terrain, troop));
  };
  const start = new Set(slowingAt(0).map(key));
  const fresh = (t: number): TerrainHere | undefined => slowingAt(t).find((h) => !start.has(key(h)));
  const t = firstWhere(c0, to, [[0, 1]], 1, (_p, s) => fresh(s) !== undefined);
  if (t === undefined || t === 0) return undefined;
  const h = fresh(t);
  return h ? { ...h, t, p: lerp(c0, to, t) } : undefined;
}

/**
 * Stands disordered by hill slopes for one move (B §4.2, B19): steep 1 and very steep 2, once each
 * for every slope class any stand (by its centre) moved on. Columns are exempt; artillery and
 * Generals are never disordered by terrain; skirmishers are included unless `exemptSkirmishers`.
 */
export function slopeDisorder(
  bf: Battlefield,
  stands: readonly Place[],
  troop: TroopType,
  formation: Formation,
  opts: { exemptSkirmishers?: boolean } = {},
): number {
  if (formation === 'column' || troop === 'artillery' || troop === 'general') return 0;
  if (opts.exemptSkirmishers && SKIRMISHERS.has(troop)) return 0;
  const classes = new Set<HmTerrain>();
  for (const s of stands) {
    const h = hillClassAt(bf, centreOf(s));
    if (h && HM_TERRAIN[h].perMoveDisorder > 0) classes.add(h);
  }
  let n = 0;
  for (const h of classes) n += HM_TERRAIN[h].perMoveDisorder;
  return n;
}

// ---------------------------------------------------------------------------------------------
// Crossings, rough terrain on a line, loose formation

export interface Crossing extends TerrainHere {
  /** Fraction of the way from a to b where it is entered. */
  t: number;
  p: Vec2;
  /** The troop type may not cross here. */
  impassable: boolean;
  /** Stands disordered: for water on entering it (B18), for a linear obstacle on jumping it. */
  disorder: number | 'all';
  /** Each crossing stand is then destroyed on this d6 roll or more; null when none are. */
  destroyOn: number | null;
}

/**
 * Watercourses and linear obstacles the straight path from a to b enters, in order, with what
 * they cost the troop type: a watercourse once per entry (B18), as a ford where a ford of it lies
 * and free over a bridge (listed as the bridge); a hedge, wall or fence its jumping cost. Artillery
 * and Generals are never disordered by terrain (B19). A watercourse or obstacle the path starts in
 * is not entered again.
 */
export function crossingsAlong(bf: Battlefield, a: Vec2, b: Vec2, troop: TroopType, opts: HmTerrainOptions = {}): Crossing[] {
  const out: Crossing[] = [];
  const undisordered = troop === 'artillery' || troop === 'general';
  for (const cf of terrainIndex(bf).features) {
    const f = cf.feature;
    if (!(isWater(f) || isBoundary(f) || isWorks(f))) continue;
    if (!boundsMeetSegment(cf, a.x, a.y, b.x, b.y)) continue;
    for (const [t0, t1] of intervalsOf(cf, a, b)) {
      if (t0 === 0 && containsPoint(cf, a.x, a.y)) continue;
      let terrain = terrainOfFeature(f, opts);
      let via: TerrainFeature = f;
      if (isWater(f)) {
        const crossing = crossingAt(bf, f.id, lerp(a, b, (t0 + t1) / 2));
        if (crossing) {
          via = crossing;
          terrain = terrainOfFeature(crossing, opts);
        }
      }
      const e = HM_TERRAIN[terrain];
      const cost = e.linear ? e.jumpDisorder[troop] : e.crossingDisorder[troop];
      out.push({
        t: t0,
        p: lerp(a, b, t0),
        terrain,
        featureId: via.id,
        feature: via,
        impassable: barredTo(terrain, troop, opts),
        disorder: undisordered ? 0 : (cost ?? 0),
        destroyOn: undisordered ? null : (e.crossingDestroyOn[troop] ?? null),
      });
    }
  }
  return out.sort((p, q) => p.t - q.t);
}

/**
 * Rough terrain and linear obstacles the straight line from a to b passes through, for the −3 and
 * d6 disorder of attacking across them (A §23.3, A26), in order along the line. Watercourses count
 * as linear obstacles except where bridged (A §27 #9 [PROPOSAL]). Empty when the line is clear.
 */
export function roughOrObstacleCrossed(bf: Battlefield, a: Vec2, b: Vec2, opts: HmTerrainOptions = {}): TerrainHere[] {
  const found: { t: number; h: TerrainHere }[] = [];
  for (const cf of terrainIndex(bf).features) {
    const f = cf.feature;
    if (f.kind === 'hill' || !boundsMeetSegment(cf, a.x, a.y, b.x, b.y)) continue;
    const terrain = terrainOfFeature(f, opts);
    if (!HM_TERRAIN[terrain].rough && !isWater(f)) continue;
    let ivs = intervalsOf(cf, a, b);
    if (isWater(f)) ivs = subtract(ivs, crossingIntervals(bf, f.id, a, b, false));
    if (ivs.length > 0) found.push({ t: ivs[0]![0], h: { terrain, featureId: f.id, feature: f } });
  }
  return found.sort((p, q) => p.t - q.t).map((x) => x.h);
}

/**
 * Rough terrain and linear obstacles within `reach` (1") of any of the places (A §11.7, B §4.1).
 * A column whose Colour Stand (the first place) is on a road ignores the rough ground that road
 * runs through (B40).
 */
export function looseTriggers(
  bf: Battlefield,
  places: Place | readonly Place[],
  formation: Formation = 'line',
  opts: HmTerrainOptions = {},
  reach = LOOSE_REACH,
): TerrainHere[] {
  const list = placeList(places);
  if (list.length === 0) return [];
  const shapes = list.map(toShape);
  const boxes = shapes.map((s) => shapeBounds(s, reach));
  const colour = centreOf(list[0]!);
  const underRoad = formation === 'column' && !opts.sodden && onRoad(bf, colour) ? new Set(compiledAt(bf, colour).map((cf) => cf.feature.id)) : undefined;
  const out: TerrainHere[] = [];
  for (const cf of terrainIndex(bf).features) {
    const f = cf.feature;
    if (f.kind === 'hill' || underRoad?.has(f.id)) continue;
    const terrain = terrainOfFeature(f, opts);
    if (!HM_TERRAIN[terrain].rough) continue;
    if (shapes.some((s, i) => boxMeets(cf, boxes[i]!) && distanceTo(cf, s) <= reach)) out.push({ terrain, featureId: f.id, feature: f });
  }
  return out;
}

/**
 * True when a formed unit (infantry or formed cavalry) with stands at these places must go loose:
 * within 1" of rough terrain or a linear obstacle (A §11.7). Skirmishers, Generals and artillery
 * never must. Narrow gaps and friendly artillery are the caller's.
 */
export function needsLoose(bf: Battlefield, places: Place | readonly Place[], troop: TroopType, formation: Formation = 'line', opts: HmTerrainOptions = {}): boolean {
  return GOES_LOOSE.has(troop) && looseTriggers(bf, places, formation, opts).length > 0;
}

/** Colour Stand in rough terrain (B §1.3, A §18.1). */
export function inRoughTerrain(bf: Battlefield, p: Vec2, opts: HmTerrainOptions = {}): boolean {
  return terrainAt(bf, p, opts).some((h) => HM_TERRAIN[h.terrain].rough);
}

// ---------------------------------------------------------------------------------------------
// Cover

export interface CoverOptions {
  /** The unit is the defender's, in place in its settlement since the start: fortified (B §4.5, §6.1). */
  defenderFortified?: boolean;
  /** Fire or contact: differs only behind chevaux de frise (A §24.2). */
  vs?: 'fire' | 'contact';
  /** Cavalry Reformed in a town or village counts as dismounted infantry there (B §4.5, optional). */
  dismounted?: boolean;
}

const buildingCache = new WeakMap<Battlefield, Map<string, BuildingFeature>>();

function buildingsOf(bf: Battlefield, s: SettlementFeature): BuildingFeature[] {
  let map = buildingCache.get(bf);
  if (!map) {
    map = new Map();
    for (const f of bf.features) if (f.kind === 'building') map.set(f.id, f);
    buildingCache.set(bf, map);
  }
  const out: BuildingFeature[] = [];
  for (const id of s.buildingIds) {
    const b = map.get(id);
    // A building set alight no longer counts for its settlement, nor can it be occupied (B §2.7).
    if (b && !b.fire) out.push(b);
  }
  return out;
}

/**
 * A settlement's cover by the majority of its buildings (B §4.5): fortified when more than half
 * are stone, else hard (ours: a tie is wooden, as the set-up log reads it). No buildings: hard.
 */
export function settlementCover(bf: Battlefield, s: SettlementFeature): 'hard' | 'fortified' {
  const bs = buildingsOf(bf, s);
  const stone = bs.filter((b) => b.material === 'stone').length;
  return stone * 2 > bs.length ? 'fortified' : 'hard';
}

/**
 * How many stands a hamlet or farm building holds: as many as fit along its longest wall plus its
 * shortest (B §4.5), `frontage` being the stand width.
 */
export function hamletCapacity(building: BuildingFeature, frontage: number): number {
  const poly = building.polygon;
  let longest = 0;
  let shortest = Infinity;
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i]!;
    const q = poly[(i + 1) % poly.length]!;
    const len = Math.sqrt((q.x - p.x) ** 2 + (q.y - p.y) ** 2);
    longest = Math.max(longest, len);
    shortest = Math.min(shortest, len);
  }
  if (!(frontage > 0) || poly.length < 2) return 0;
  // A hair of slack, so a 4" wall holds exactly four 1" stands despite rounding.
  return Math.floor(longest / frontage + 1e-9) + Math.floor(shortest / frontage + 1e-9);
}

type CoverTaker = keyof CoverBy;

function takerOf(troop: TroopType, dismounted: boolean): CoverTaker | undefined {
  if (troop === 'infantry' || troop === 'skirmInf' || troop === 'artillery') return troop;
  if (dismounted && (troop === 'lightCav' || troop === 'heavyCav' || troop === 'cuirassier')) return 'infantry';
  return undefined;
}

/**
 * The cover a stand (or the Colour Stand's point) has (A §24, B §4.11): the best of
 * - the area terrain its centre is in (woods, settlements by their buildings, and for SI hills,
 *   watercourses, crops, marsh, rocky ground, bridges), the defender's settlements fortified;
 * - for SI, a hamlet or farm building it stands against (within 1"): the building's class, at least hard;
 * - a hedge, fence, wall or raised road within 1" that lies between it and `enemy` (a raised road
 *   only when the stand is off it and, for a rectangle, facing it). Without `enemy` nothing is
 *   behind anything.
 * Cavalry (unless dismounted in a town or village) and Generals are never in cover. Whether
 * infantry broke ranks to get there (A §18.7) is the caller's to check.
 */
export function coverOf(bf: Battlefield, at: Place, troop: TroopType, enemy?: Vec2 | null, opts: CoverOptions & HmTerrainOptions = {}): TerrainCover {
  const dismounted = opts.dismounted === true && CAV.includes(troop);
  const who = takerOf(troop, dismounted);
  if (!who) return 'none';
  const contact = opts.vs === 'contact';
  const c = centreOf(at);
  let best: TerrainCover = 'none';
  for (const h of terrainAt(bf, c, opts)) {
    const e = HM_TERRAIN[h.terrain];
    if (e.coverBehind) continue;
    if (dismounted && h.terrain !== 'town' && h.terrain !== 'village') continue;
    let cv = (contact && e.coverInContact ? e.coverInContact : e.cover)[who];
    if (e.coverByBuildings && h.feature.kind === 'settlement' && cv !== 'none') {
      cv = opts.defenderFortified ? 'fortified' : settlementCover(bf, h.feature);
      if (who === 'skirmInf') cv = betterCover(cv, 'hard');
    }
    best = betterCover(best, cv);
  }
  if (dismounted) return best;
  const shape = toShape(at);
  const box = shapeBounds(shape, ADJACENT);
  for (const cf of terrainIndex(bf).features) {
    const f = cf.feature;
    if (!boxMeets(cf, box)) continue;
    if (f.kind === 'settlement' && (f.class === 'hamlet' || f.class === 'farm')) {
      if (who !== 'skirmInf') continue;
      for (const b of buildingsOf(bf, f)) {
        const bcf = compiledOf(bf, b.id);
        if (!bcf || distanceTo(bcf, shape) > ADJACENT) continue;
        const cv = opts.defenderFortified ? 'fortified' : HM_TERRAIN[terrainOfFeature(b)].cover.skirmInf;
        best = betterCover(best, betterCover(cv, 'hard'));
      }
      continue;
    }
    if (!enemy || f.kind === 'hill') continue;
    const terrain = terrainOfFeature(f, opts);
    const e = HM_TERRAIN[terrain];
    if (!e.coverBehind) continue;
    const cv = (contact && e.coverInContact ? e.coverInContact : e.cover)[who];
    if (cv === 'none' || COVER_RANK[cv] <= COVER_RANK[best]) continue;
    if (distanceTo(cf, shape) > ADJACENT) continue;
    if (terrain === 'raisedRoad') {
      if (containsPoint(cf, c.x, c.y)) continue;
      if (isRect(at) && !facesToward(at, cf)) continue;
    }
    if (intervalsOf(cf, c, enemy).length === 0) continue;
    best = cv;
  }
  return best;
}

/** SI whose Colour Stand is neither in cover nor in rough terrain: in the open (B §1.3, A §18.1). */
export function skirmInfInOpen(bf: Battlefield, at: Place, enemy?: Vec2 | null, opts: CoverOptions & HmTerrainOptions = {}): boolean {
  return !inRoughTerrain(bf, centreOf(at), opts) && coverOf(bf, at, 'skirmInf', enemy, opts) === 'none';
}

// ---------------------------------------------------------------------------------------------
// Support by terrain

const wedgeCache = new WeakMap<Battlefield, Map<string, Float64Array[]>>();

/** The parts of a hill whose faces are impassable to light cavalry (very steep, sheer), as polygons. */
function cavalryWedges(bf: Battlefield, hill: HillFeature): Float64Array[] {
  let perBf = wedgeCache.get(bf);
  if (!perBf) {
    perBf = new Map();
    wedgeCache.set(bf, perBf);
  }
  const hit = perBf.get(hill.id);
  if (hit) return hit;
  const faces = hillFaces(bf, hill);
  const bad = faces.map((g) => barredTo(HILL_TERRAIN[g], 'lightCav'));
  const out: Float64Array[] = [];
  const sector = 360 / HILL_SECTORS;
  const cf = compiledOf(bf, hill.id);
  if (bad.every(Boolean) && cf?.polygon) out.push(cf.polygon);
  else if (cf?.polygon && bad.some(Boolean)) {
    // Runs of bad sectors, starting after a good one so none wraps.
    const first = bad.findIndex((x) => !x);
    for (let k = 0; k < HILL_SECTORS; k++) {
      const i = (first + k) % HILL_SECTORS;
      if (!bad[i] || bad[(i + HILL_SECTORS - 1) % HILL_SECTORS]) continue;
      let j = i;
      while (bad[(j + 1) % HILL_SECTORS]) j = (j + 1) % HILL_SECTORS;
      const from = i * sector;
      const span = (((j - i + HILL_SECTORS) % HILL_SECTORS) + 1) * sector;
      out.push(wedge(cf.polygon, hill, from, span));
    }
  }
  perBf.set(hill.id, out);
  return out;
}

/** The part of a (star-shaped) hill outline between two bearings from its centre, as a polygon. */
function wedge(poly: Float64Array, hill: HillFeature, from: number, span: number): Float64Array {
  const cx = hill.centre.x;
  const cy = hill.centre.y;
  const buf = new Float64Array(poly.length / 2 + 2);
  const ray = (deg: number): [number, number] => {
    const dx = dcos((deg * Math.PI) / 180);
    const dy = dsin((deg * Math.PI) / 180);
    const n = polygonCrossings(poly, cx, cy, dx, dy, buf, 0);
    let reach = Infinity;
    for (let k = 0; k < n; k++) if (buf[k]! > 0 && buf[k]! < reach) reach = buf[k]!;
    if (reach === Infinity) reach = hill.radius;
    return [cx + dx * reach, cy + dy * reach];
  };
  const inside: [number, number, number][] = [];
  for (let k = 0; k < poly.length; k += 2) {
    let deg = (datan2(poly[k + 1]! - cy, poly[k]! - cx) * 180) / Math.PI;
    deg = (((deg - from) % 360) + 360) % 360;
    if (deg > 0 && deg < span) inside.push([deg, poly[k]!, poly[k + 1]!]);
  }
  inside.sort((p, q) => p[0] - q[0]);
  const pts: number[] = [cx, cy, ...ray(from)];
  for (const [, x, y] of inside) pts.push(x, y);
  pts.push(...ray(from + span));
  return Float64Array.from(pts);
}

/**
 * Terrain impassable to cavalry near an edge, for flank and rear support (A §18.2-18.3): with
 * `whole` false, any such terrain within `reach` (3") of the segment a-b (a flank); with `whole`
 * true, the whole segment within `reach` of such terrain (a rear edge). "Impassable to cavalry" is
 * impassable to light cavalry (and so to all formed cavalry): woods, rocky ground, marsh, very
 * steep and sheer hill faces, raging torrents, buildings.
 */
export function impassableToCavalryNear(bf: Battlefield, a: Vec2, b: Vec2, reach = SUPPORT_REACH, whole = false, opts: HmTerrainOptions = {}): boolean {
  const seg: Shape = { pts: [a, b], closed: false };
  const box = shapeBounds(seg, reach);
  const geoms: Geom[] = [];
  for (const cf of terrainIndex(bf).features) {
    if (!boxMeets(cf, box)) continue;
    const f = cf.feature;
    if (f.kind === 'hill') {
      for (const polygon of cavalryWedges(bf, f)) geoms.push({ polygon, line: null, halfWidth: 0 });
    } else if (barredTo(terrainOfFeature(f, opts), 'lightCav', { sodden: opts.sodden === true })) {
      geoms.push(cf);
    }
  }
  if (geoms.length === 0) return false;
  if (!whole) return geoms.some((g) => distanceTo(g, seg) <= reach);
  const len = Math.sqrt((b.x - a.x) ** 2 + (b.y - a.y) ** 2);
  const n = Math.max(1, Math.ceil(len / STEP));
  for (let k = 0; k <= n; k++) {
    const p: Shape = { pts: [lerp(a, b, k / n)], closed: false };
    if (!geoms.some((g) => distanceTo(g, p) <= reach)) return false;
  }
  return true;
}

// ---------------------------------------------------------------------------------------------
// Geometry helpers

function isRect(p: Place): p is OrientedRect {
  return 'cx' in p;
}

function centreOf(p: Place): Vec2 {
  return isRect(p) ? { x: p.cx, y: p.cy } : p;
}

function placeList(p: Place | readonly Place[]): readonly Place[] {
  return Array.isArray(p) ? (p as readonly Place[]) : [p as Place];
}

function lerp(a: Vec2, b: Vec2, t: number): Vec2 {
  return { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
}

/** A point (one vertex), a segment (two, open) or a rectangle (four, closed). */
interface Shape {
  pts: Vec2[];
  closed: boolean;
}

interface Geom {
  polygon: Float64Array | null;
  line: Float64Array | null;
  halfWidth: number;
}

function toShape(p: Place): Shape {
  return isRect(p) ? { pts: corners(p), closed: true } : { pts: [p], closed: false };
}

/** Centre, corners and edge midpoints of a rectangle. */
function rectSamples(r: OrientedRect): Vec2[] {
  const c = corners(r);
  const out: Vec2[] = [{ x: r.cx, y: r.cy }, ...c];
  for (let i = 0; i < 4; i++) out.push(lerp(c[i]!, c[(i + 1) % 4]!, 0.5));
  return out;
}

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function shapeBounds(s: Shape, pad: number): Box {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of s.pts) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  return { minX: minX - pad, minY: minY - pad, maxX: maxX + pad, maxY: maxY + pad };
}

function boxMeets(cf: CompiledFeature, b: Box): boolean {
  return !(b.maxX < cf.minX || b.minX > cf.maxX || b.maxY < cf.minY || b.minY > cf.maxY);
}

/** Distance between a feature (area, or line with its width) and a shape; 0 when they meet. */
function distanceTo(g: Geom, s: Shape): number {
  const pts = g.polygon ?? g.line;
  if (!pts || pts.length === 0) return Infinity;
  const closed = g.polygon !== null;
  for (const p of s.pts) {
    if (closed && insidePolygon(pts, p.x, p.y)) return 0;
  }
  if (s.closed) {
    for (let k = 0; k < pts.length; k += 2) if (pointInPolygon({ x: pts[k]!, y: pts[k + 1]! }, s.pts)) return 0;
  }
  let best = Infinity;
  if (s.pts.length === 1) {
    best = Math.sqrt(pathDist2(pts, closed, s.pts[0]!.x, s.pts[0]!.y));
  } else {
    const n = pts.length / 2;
    const fEdges = closed ? n : n - 1;
    const sEdges = s.closed ? s.pts.length : s.pts.length - 1;
    if (fEdges <= 0) {
      const q = { x: pts[0]!, y: pts[1]! };
      for (let j = 0; j < sEdges; j++) best = Math.min(best, segmentDistance(q, q, s.pts[j]!, s.pts[(j + 1) % s.pts.length]!));
    }
    for (let i = 0; i < fEdges; i++) {
      const k = (i + 1) % n;
      const p = { x: pts[2 * i]!, y: pts[2 * i + 1]! };
      const q = { x: pts[2 * k]!, y: pts[2 * k + 1]! };
      for (let j = 0; j < sEdges; j++) best = Math.min(best, segmentDistance(p, q, s.pts[j]!, s.pts[(j + 1) % s.pts.length]!));
    }
  }
  return Math.max(0, best - g.halfWidth);
}

/** True when the rectangle's front looks towards the nearest part of the feature. */
function facesToward(r: OrientedRect, cf: CompiledFeature): boolean {
  const pts = cf.line ?? cf.polygon;
  if (!pts) return false;
  const { forward } = rectAxes(r);
  // The nearest point of the centre line.
  let best = Infinity;
  let nx = r.cx;
  let ny = r.cy;
  for (let k = 0; k + 3 < pts.length; k += 2) {
    const ax = pts[k]!;
    const ay = pts[k + 1]!;
    const ex = pts[k + 2]! - ax;
    const ey = pts[k + 3]! - ay;
    const len2 = ex * ex + ey * ey;
    const u = len2 > 0 ? Math.max(0, Math.min(1, ((r.cx - ax) * ex + (r.cy - ay) * ey) / len2)) : 0;
    const qx = ax + ex * u;
    const qy = ay + ey * u;
    const d2 = (qx - r.cx) ** 2 + (qy - r.cy) ** 2;
    if (d2 < best) {
      best = d2;
      nx = qx;
      ny = qy;
    }
  }
  return (nx - r.cx) * forward.x + (ny - r.cy) * forward.y > 0;
}

const compiledCache = new WeakMap<Battlefield, Map<string, CompiledFeature>>();

function compiledOf(bf: Battlefield, id: string): CompiledFeature | undefined {
  let map = compiledCache.get(bf);
  if (!map) {
    map = new Map();
    for (const cf of terrainIndex(bf).features) map.set(cf.feature.id, cf);
    compiledCache.set(bf, map);
  }
  return map.get(id);
}

/** Where segment a-b lies in the feature, as sorted, merged [t0, t1] fractions. */
function intervalsOf(cf: CompiledFeature, a: Vec2, b: Vec2): [number, number][] {
  const raw: number[] = [];
  featureIntervals(cf, a.x, a.y, b.x, b.y, raw);
  const pairs: [number, number][] = [];
  for (let k = 0; k + 1 < raw.length; k += 2) pairs.push([raw[k]!, raw[k + 1]!]);
  return merge(pairs);
}

function merge(pairs: [number, number][]): [number, number][] {
  const sorted = [...pairs].sort((p, q) => p[0] - q[0]);
  const out: [number, number][] = [];
  for (const iv of sorted) {
    const last = out[out.length - 1];
    if (last && iv[0] <= last[1]) last[1] = Math.max(last[1], iv[1]);
    else out.push([iv[0], iv[1]]);
  }
  return out;
}

/** Intervals of `ivs` outside every interval of `cuts` (both sorted and merged). */
function subtract(ivs: [number, number][], cuts: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [s, e] of ivs) {
    let from = s;
    for (const [c0, c1] of cuts) {
      if (c1 <= from || c0 >= e) continue;
      if (c0 > from) out.push([from, c0]);
      from = Math.max(from, c1);
      if (from >= e) break;
    }
    if (from < e) out.push([from, e]);
  }
  return out;
}

/** Where segment a-b lies on the bridges (and fords, when asked) over a watercourse. */
function crossingIntervals(bf: Battlefield, waterId: string, a: Vec2, b: Vec2, fords: boolean): [number, number][] {
  const pairs: [number, number][] = [];
  for (const cf of terrainIndex(bf).features) {
    const f = cf.feature;
    if (!((f.kind === 'bridge' || (fords && f.kind === 'ford')) && f.waterId === waterId)) continue;
    if (!boundsMeetSegment(cf, a.x, a.y, b.x, b.y)) continue;
    pairs.push(...intervalsOf(cf, a, b));
  }
  return merge(pairs);
}

/** The bridge or ford over a watercourse at p, if any. */
function crossingAt(bf: Battlefield, waterId: string, p: Vec2): CrossingFeature | undefined {
  for (const cf of compiledAt(bf, p)) {
    const f = cf.feature;
    if ((f.kind === 'bridge' || f.kind === 'ford') && f.waterId === waterId) return f;
  }
  return undefined;
}

/**
 * The first fraction t in the intervals (before `limit`) where `pred` holds, sampled every STEP mm
 * and then narrowed by bisection; undefined when it holds nowhere.
 */
function firstWhere(a: Vec2, b: Vec2, ivs: [number, number][], limit: number, pred: (p: Vec2, t: number) => boolean): number | undefined {
  const len = Math.sqrt((b.x - a.x) ** 2 + (b.y - a.y) ** 2);
  for (const [t0, t1] of ivs) {
    if (t0 > limit) break;
    const n = Math.max(1, Math.ceil((len * (t1 - t0)) / STEP));
    let prev = t0;
    for (let k = 0; k <= n; k++) {
      const t = t0 + ((t1 - t0) * k) / n;
      if (!pred(lerp(a, b, t), t)) {
        prev = t;
        continue;
      }
      if (k === 0) return t;
      let lo = prev;
      let hi = t;
      for (let i = 0; i < 12; i++) {
        const mid = (lo + hi) / 2;
        if (pred(lerp(a, b, mid), mid)) hi = mid;
        else lo = mid;
      }
      return hi;
    }
  }
  return undefined;
}
