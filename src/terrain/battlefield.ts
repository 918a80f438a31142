/**
 * The random battlefield: a seeded heightmap of rolling ground and hills, with a river carved into
 * it, a road across it and woods. Only the small `BattlefieldSpec` is saved with a game; every
 * player rebuilds the same battlefield from it, so generation must be bit-for-bit deterministic
 * (see detmath.ts for why no Math.sin or Math.hypot appear here).
 */

import { createNoise2D, type NoiseFunction2D } from 'simplex-noise';
import { pointInPolygon, type Vec2 } from '../core/geometry';
import { inch } from '../core/measure';
import { Rng } from '../core/random';
import {
  arcLengths,
  chaikin,
  clamp,
  dcos,
  dist,
  dsin,
  pointAtLength,
  pointPolylineDist,
  polylinePolylineDist,
  ring,
  segmentCrossing,
  smoothstep,
} from './detmath';
import type {
  BuildingFeature,
  BuildingFire,
  CrossingFeature,
  HillFeature,
  RoadFeature,
  TerrainFeature,
  WaterFeature,
  WoodFeature,
  WorksFeature,
} from './features';
import { elevationByKey, groundOnTable } from './elevation';
import { createHeightmap, type Heightmap } from './heightmap';
import { planFields } from './fields';
import { Namer } from './names';
import { carveChannel, settleToZero } from './relief';
import { convexHull, planSettlements } from './settlements';
import { cutChannels, generateSetup, type CrossingSite, type FordSite, type SetupSpec } from './setup';
import { applySubtypes, type SubtypeOverrides } from './subtypes';

/** What a road crossing was rolled to be (B §6.1 step 5). */
export type CrossingKind = 'ford' | 'wood' | 'stone';

export interface BattlefieldSpec {
  seed: string | number;
  /** Table size, mm: x runs along `width`, y along `depth`. */
  width: number;
  depth: number;
  /** Heightmap spacing, mm (DEFAULT_CELL_SIZE is a good choice). */
  cellSize: number;
  /** Number of hills; 2-4 at random when absent. */
  hills?: number;
  /** Number of woods; 1-3 at random when absent. */
  woods?: number;
  /** A river or stream across the table unless false. */
  river?: boolean;
  /** A road across the table unless false. */
  road?: boolean;
  /**
   * Multiplier on the height of the rolling ground (the noise under the hills): 0 gives a perfectly
   * flat table where no hill or river is asked for. Absent, or not a finite number >= 0, counts as 1,
   * which is bit-identical to a spec without it.
   */
  relief?: number;
  /** Farmland (an orchard, hedges, walls, fences, marsh, rocky ground, crops) unless false. */
  fields?: boolean;
  /**
   * A village astride the road and a farm with its fields, when true. Absent or false adds nothing,
   * so older specs build exactly what they did.
   */
  settlements?: boolean;
  /**
   * Lay the table by a rulebook's set-up procedure instead of the default generator (see setup.ts).
   * Only seed, width, depth and cellSize are read beside it, and `features`, added at the end.
   */
  setup?: SetupSpec;
  /** Round hills raised at fixed places, after the random ones (for scenarios and tests). */
  hillsAt?: FixedHill[];
  /** Features laid on the table as given, after the generated ones (plain JSON; ids must be unique). */
  features?: TerrainFeature[];
  /**
   * An imported landscape (elevation.ts), by its key in the elevation store: the ground is the
   * real one, fitted to the table, and no hills are generated or placed (the land has its own);
   * the generators lay only woods, water, roads, fields and settlements on it. No river is laid
   * on it unless `river` is true.
   */
  elevation?: string;
  /**
   * Subtypes rolled after the table was laid (subtypes.ts), by feature id, or 'unknown' where the
   * viewer may not know it. Applied over the generated features; absent, nothing changes.
   */
  subtypes?: SubtypeOverrides;
  /**
   * Extra fords found by the game's rolls (B §6.1 step 5): ids of the table's `fordSites`, each laid
   * as a ford feature. Absent, none.
   */
  fords?: string[];
  /**
   * What the game rolled at each place a road meets water (B §6.1 step 5), by the table's
   * `crossingSites` id: a ford, or a wooden or stone bridge. A place not listed has neither yet.
   */
  crossings?: Record<string, CrossingKind>;
  /** Features left off this copy of the table: ones its viewer has not found yet (a secret ford). */
  unfound?: string[];
  /**
   * Buildings set alight during the battle, by id: burning, or burnt out (features.ts BuildingFire).
   * A settlement's area is then the hull of its buildings still standing; one with none left is
   * gone. Absent, none.
   */
  fires?: Record<string, BuildingFire>;
  /** Field works built before the battle (earthworks, chevaux de frise), laid after the table's own features. Absent, none. */
  works?: WorksFeature[];
}

/** A hill placed by hand: its summit, its footprint radius and its rise, all mm. */
export interface FixedHill {
  x: number;
  y: number;
  radius: number;
  height: number;
}

export interface Battlefield {
  spec: BattlefieldSpec;
  width: number;
  depth: number;
  heightmap: Heightmap;
  features: TerrainFeature[];
  /** For a set-up procedure: every die rolled and every piece placed, in order, in words. */
  setupLog?: string[];
  /** Places an extra ford may lie, when the set-up leaves the rolls to the game (SetupSpec.byGame). */
  fordSites?: FordSite[];
  /** Places a road meets water whose bridge or ford the game rolls (SetupSpec.byGame). */
  crossingSites?: CrossingSite[];
  /**
   * For a set-up procedure: the ground before the watercourses (by id, in the order cut) had their
   * channels cut, so a subtype rolled later cuts them again to its depth (setup.ts cutChannels).
   */
  channels?: { uncut: Float32Array; waters: string[]; sections: boolean };
}

export const DEFAULT_CELL_SIZE = 10;
export const TABLE_6X4 = { width: inch(72), depth: inch(48) } as const;
/** Armies deploy within this distance of the long edges, so it is kept mostly clear. */
export const DEPLOYMENT_DEPTH = inch(12);

/** A spec for the usual 6'x4' table. */
export function standardSpec(seed: string | number, overrides: Partial<Omit<BattlefieldSpec, 'seed'>> = {}): BattlefieldSpec {
  return { seed, width: TABLE_6X4.width, depth: TABLE_6X4.depth, cellSize: DEFAULT_CELL_SIZE, ...overrides };
}

/**
 * The spec for a table laid by a rulebook's set-up procedure (setup.ts), for a game state to keep:
 * battlefieldFromSpec rebuilds the same table, log included, from it.
 */
export function setupSpec(
  rules: SetupSpec['rules'],
  method: SetupSpec['method'],
  seed: string | number,
  size: { width: number; depth: number; cellSize?: number } = TABLE_6X4,
): BattlefieldSpec {
  const setup: SetupSpec = method === undefined ? { rules } : { rules, method };
  return { seed, width: size.width, depth: size.depth, cellSize: size.cellSize ?? DEFAULT_CELL_SIZE, setup };
}

/**
 * A table laid by a rulebook's procedure: setupBattlefield('horse-and-musket', 3, 'Kolin') or
 * setupBattlefield('syw-orders', undefined, 7). Same arguments, same table (and setupLog). Shared
 * through the memo like battlefieldFromSpec: treat it as read-only.
 */
export function setupBattlefield(
  rules: SetupSpec['rules'],
  method: SetupSpec['method'],
  seed: string | number,
  size?: { width: number; depth: number; cellSize?: number },
): Battlefield {
  return battlefieldFromSpec(setupSpec(rules, method, seed, size));
}

const TAU = 6.283185307179586;
const MAX_HILLS = 8;
const MAX_WOODS = 8;

interface Layout {
  width: number;
  depth: number;
  /** Depth of each deployment strip actually kept clear (less than 12" on a small table). */
  strip: number;
}

interface RiverPlan {
  feature: WaterFeature;
  /** Width of the sloping bank either side of the water. */
  bank: number;
  /** Fall of the whole table from the river's source end to its outlet end, mm. */
  tilt: number;
  flowsRight: boolean;
}

interface HillPlan {
  centre: Vec2;
  rMajor: number;
  rMinor: number;
  cos: number;
  sin: number;
  height: number;
  /** Fraction of the radius that is flat summit. */
  plateau: number;
}

/** Build the battlefield a spec describes. Same spec, same result, to the last bit. */
export function generateBattlefield(spec: BattlefieldSpec): Battlefield {
  if (hasOverlay(spec)) return withSubtypes(generateBattlefield(withoutSubtypes(spec)), spec);
  const width = spec.width;
  const depth = spec.depth;
  if (!(width > 0) || !(depth > 0)) throw new RangeError(`battlefield needs a positive size, got ${width} x ${depth}`);
  if (spec.setup) return generateSetup(spec, spec.setup);
  // Specs arrive from saved JSON, where a missing cellSize should not be fatal.
  const cellSize = spec.cellSize > 0 ? spec.cellSize : DEFAULT_CELL_SIZE;
  const seed = String(spec.seed);
  const layout: Layout = { width, depth, strip: Math.min(DEPLOYMENT_DEPTH, depth * 0.25) };

  // Separate streams per part, so asking for one more wood does not move the hills.
  const ground = spec.elevation !== undefined ? elevationByKey(spec.elevation) : undefined;
  const river = spec.river === false || (ground && spec.river !== true) ? undefined : planRiver(new Rng(`${seed}/river`), layout);
  const roadRng = new Rng(`${seed}/road`);
  const road = spec.road === false ? undefined : planRoad(roadRng, layout, river);
  const crossings = river ? planCrossings(roadRng, layout, river, road) : [];

  const hillRng = new Rng(`${seed}/hills`);
  const hillCount = ground ? 0 : countOf(spec.hills, () => 2 + hillRng.int(3), MAX_HILLS);
  const hills = planHills(hillRng, layout, hillCount, river, road);
  // Hand-placed hills come last, so they do not move the random ones.
  if (!ground) for (const h of spec.hillsAt ?? []) hills.push(fixedHill(h));

  const woodRng = new Rng(`${seed}/woods`);
  const woodCount = countOf(spec.woods, () => 1 + woodRng.int(3), MAX_WOODS);
  const woods = planWoods(woodRng, layout, woodCount, river, road, crossings);

  const heightmap = createHeightmap(width, depth, cellSize);
  if (ground) heightmap.heights.set(groundOnTable(ground, width, depth, cellSize).heightmap.heights);
  else raiseGround(heightmap, new Rng(`${seed}/ground`), layout, hills, river, reliefOf(spec));
  if (river) carveChannel(heightmap, river.feature, river.bank);
  settleToZero(heightmap);

  const names = new Namer(layout);
  const features: TerrainFeature[] = [];
  hills.forEach((h, i) => features.push(hillFeature(h, i, names)));
  woods.forEach((w, i) => features.push(woodFeature(woodRng, w, i, names)));
  if (river) features.push(river.feature);
  if (road) features.push(road);
  features.push(...crossings);
  if (spec.fields !== false) {
    const ctx = { width, depth, strip: layout.strip, bank: river?.bank ?? 0, crossings, woods, ...(river ? { water: river.feature } : {}), ...(road ? { road } : {}) };
    features.push(...planFields(new Rng(`${seed}/fields`), ctx, (p, noun) => names.name(p, noun)));
  }
  if (spec.settlements === true) {
    const ctx = { width, depth, strip: layout.strip, bank: river?.bank ?? 0, features };
    features.push(...planSettlements(new Rng(`${seed}/settlements`), ctx, (p, noun) => names.name(p, noun)));
  }
  // A copy: the battlefield's features are frozen, the spec's belong to the caller (and the game state).
  if (spec.features) features.push(...(JSON.parse(JSON.stringify(spec.features)) as TerrainFeature[]));

  return { spec: { ...spec }, width, depth, heightmap, features };
}

function reliefOf(spec: BattlefieldSpec): number {
  const r = spec.relief;
  return typeof r === 'number' && Number.isFinite(r) && r >= 0 ? r : 1;
}

function fixedHill(h: FixedHill): HillPlan {
  if (![h.x, h.y, h.radius, h.height].every(Number.isFinite) || !(h.radius > 0)) {
    throw new RangeError(`a fixed hill needs a finite place, height and positive radius, got ${JSON.stringify(h)}`);
  }
  return { centre: { x: h.x, y: h.y }, rMajor: h.radius, rMinor: h.radius, cos: 1, sin: 0, height: h.height, plateau: 0.2 };
}

function countOf(requested: number | undefined, random: () => number, max: number): number {
  if (requested === undefined || !Number.isFinite(requested)) return random();
  return clamp(Math.floor(requested), 0, max);
}

// ---------------------------------------------------------------------------------------------
// River

function planRiver(rng: Rng, layout: Layout): RiverPlan {
  const { width, depth } = layout;
  const isRiver = rng.float() < 0.6;
  const waterWidth = isRiver ? rng.range(35, 60) : rng.range(20, 30);
  const channelDepth = isRiver ? rng.range(6, 9) : rng.range(4, 6);
  const flowsRight = rng.float() < 0.5;
  const tilt = rng.range(8, 16);
  const yStart = depth * rng.range(0.42, 0.58);
  const yEnd = depth * rng.range(0.42, 0.58);
  const amplitude = depth * rng.range(0.05, 0.09);
  const wavelength = rng.range(450, 800);
  const meander = createNoise2D(() => rng.float());

  // Runs end to end along the long axis and stays in the middle band, clear of both deployment strips.
  const n = Math.max(8, Math.ceil(width / 25));
  const line: Vec2[] = [];
  for (let k = 0; k <= n; k++) {
    const x = width * (k / n);
    const t = k / n;
    const wander = meander(x / wavelength, 0.5) + 0.3 * meander(x / (wavelength * 0.35), 9.5);
    line.push({ x, y: clamp(yStart + (yEnd - yStart) * t + amplitude * wander, depth * 0.3, depth * 0.7) });
  }
  if (!flowsRight) line.reverse();

  const kind = isRiver ? 'river' : 'stream';
  return {
    feature: {
      id: `${kind}-1`,
      kind,
      name: isRiver ? 'River' : 'Stream',
      line,
      width: waterWidth,
      depth: channelDepth,
    },
    // Short banks keep the channel walls steep enough for the water surface to meet them.
    bank: Math.max(8, 0.2 * waterWidth),
    tilt,
    flowsRight,
  };
}

/** The first place, from a towards b, where segment ab crosses the polyline. */
function firstCrossing(a: Vec2, b: Vec2, line: readonly Vec2[]): { t: number; segment: number } | undefined {
  let best: { t: number; segment: number } | undefined;
  for (let i = 0; i + 1 < line.length; i++) {
    const t = segmentCrossing(a, b, line[i]!, line[i + 1]!);
    if (t !== undefined && (!best || t < best.t)) best = { t, segment: i };
  }
  return best;
}

interface Crossing {
  p: Vec2;
  roadDir: Vec2;
  waterDir: Vec2;
  /** Arc length along the water at the crossing. */
  waterS: number;
}

function crossingsOf(road: readonly Vec2[], water: readonly Vec2[]): Crossing[] {
  const s = arcLengths(water);
  const out: Crossing[] = [];
  for (let i = 0; i + 1 < road.length; i++) {
    const a = road[i]!;
    const b = road[i + 1]!;
    for (let j = 0; j + 1 < water.length; j++) {
      const c = water[j]!;
      const d = water[j + 1]!;
      const t = segmentCrossing(a, b, c, d);
      if (t === undefined) continue;
      const p = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
      const lr = dist(a, b);
      const lw = dist(c, d);
      out.push({
        p,
        roadDir: { x: (b.x - a.x) / lr, y: (b.y - a.y) / lr },
        waterDir: { x: (d.x - c.x) / lw, y: (d.y - c.y) / lw },
        waterS: s[j]! + dist(c, p),
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Road, bridge and ford

function planRoad(rng: Rng, layout: Layout, river: RiverPlan | undefined): RoadFeature {
  const { width, depth } = layout;
  const roadWidth = rng.range(22, 32);
  let fallback: Vec2[] | undefined;
  for (let attempt = 0; attempt < 24; attempt++) {
    const diagonal = rng.float() < 0.5;
    const mirror = rng.float() < 0.5;
    const approach = rng.range(60, 100);
    const bendA = rng.range(-0.08, 0.08);
    const bendB = rng.range(-0.08, 0.08);
    // From the near half of the table to the far half, so it must cross the river in the middle.
    let a: Vec2;
    let b: Vec2;
    if (diagonal) {
      a = { x: width * rng.range(0.05, 0.35), y: 0 };
      b = { x: width * rng.range(0.65, 0.95), y: depth };
    } else {
      a = { x: 0, y: depth * rng.range(0.06, 0.25) };
      b = { x: width, y: depth * rng.range(0.75, 0.94) };
    }
    if (mirror) {
      a = { x: width - a.x, y: a.y };
      b = { x: width - b.x, y: b.y };
    }

    let control: Vec2[];
    if (river) {
      const water = river.feature.line;
      const hit = firstCrossing(a, b, water);
      if (!hit) continue;
      const p = { x: a.x + (b.x - a.x) * hit.t, y: a.y + (b.y - a.y) * hit.t };
      const c = water[hit.segment]!;
      const d = water[hit.segment + 1]!;
      const lw = dist(c, d);
      // Meet the water square on, as a bridge would.
      let n = { x: -(d.y - c.y) / lw, y: (d.x - c.x) / lw };
      if (n.x * (b.x - a.x) + n.y * (b.y - a.y) < 0) n = { x: -n.x, y: -n.y };
      const nearBank = { x: p.x - n.x * approach, y: p.y - n.y * approach };
      const farBank = { x: p.x + n.x * approach, y: p.y + n.y * approach };
      control = [a, bent(a, nearBank, bendA), nearBank, farBank, bent(farBank, b, bendB), b];
    } else {
      control = [a, bent(a, b, bendA), b];
    }
    const line = chaikin(control, 3);
    if (!river) return roadFeature(line, roadWidth);
    if (crossingsOf(line, river.feature.line).length === 1) return roadFeature(line, roadWidth);
    fallback ??= line;
  }
  // Very unlikely: every try crossed the river more than once; each crossing gets a bridge.
  return roadFeature(fallback ?? [{ x: 0, y: depth * 0.15 }, { x: width, y: depth * 0.85 }], roadWidth);
}

/** The midpoint of a-b pushed sideways by `k` times the length of a-b: a gentle bend. */
function bent(a: Vec2, b: Vec2, k: number): Vec2 {
  return { x: (a.x + b.x) / 2 - (b.y - a.y) * k, y: (a.y + b.y) / 2 + (b.x - a.x) * k };
}

function roadFeature(line: Vec2[], width: number): RoadFeature {
  return { id: 'road-1', kind: 'road', name: 'Road', line, width };
}

/** A rectangle centred on c, with half-sizes `along` on unit axis u and `across` on its normal. */
function rectangle(c: Vec2, u: Vec2, along: number, across: number): Vec2[] {
  const v = { x: -u.y, y: u.x };
  const corner = (su: number, sv: number): Vec2 => ({
    x: c.x + u.x * along * su + v.x * across * sv,
    y: c.y + u.y * along * su + v.y * across * sv,
  });
  return [corner(-1, -1), corner(1, -1), corner(1, 1), corner(-1, 1)];
}

function planCrossings(rng: Rng, layout: Layout, river: RiverPlan, road: RoadFeature | undefined): CrossingFeature[] {
  const water = river.feature;
  const out: CrossingFeature[] = [];
  const bridges = road ? crossingsOf(road.line, water.line) : [];
  if (road) {
    bridges.forEach((c, i) => {
      const sin = Math.abs(c.roadDir.x * c.waterDir.y - c.roadDir.y * c.waterDir.x);
      // A road meeting the water at a slant needs a longer span.
      const span = water.width / Math.max(sin, 0.35);
      out.push({
        id: `bridge-${i + 1}`,
        kind: 'bridge',
        name: bridges.length > 1 ? `Bridge ${i + 1}` : 'Bridge',
        polygon: rectangle(c.p, c.roadDir, span / 2 + 18, road.width / 2 + 6),
        waterId: water.id,
        roadId: road.id,
      });
    });
  }

  // A ford well away from the bridge, so the river has two ways across.
  const s = arcLengths(water.line);
  const total = s[s.length - 1]!;
  let chosen: number | undefined;
  let best = { at: total / 2, score: -Infinity };
  for (let attempt = 0; attempt < 40 && chosen === undefined; attempt++) {
    const at = total * rng.range(0.15, 0.85);
    const p = pointAtLength(water.line, s, at).p;
    const fromBridges = Math.min(Infinity, ...bridges.map((c) => Math.abs(c.waterS - at)));
    const fromRoad = road ? pointPolylineDist(p, road.line) : Infinity;
    if (fromBridges >= 0.3 * total && fromRoad >= 150) chosen = at;
    const score = Math.min(fromBridges / total, fromRoad / layout.width);
    if (score > best.score) best = { at, score };
  }
  const { p, tangent } = pointAtLength(water.line, s, chosen ?? best.at);
  out.push({
    id: 'ford-1',
    kind: 'ford',
    name: 'Ford',
    polygon: rectangle(p, tangent, rng.range(22, 32), water.width / 2 + 18),
    waterId: water.id,
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Hills

/** Distance from the hill centre in units of its footprint (1 on the outline). */
function hillRadiusAt(h: HillPlan, x: number, y: number): number {
  const dx = x - h.centre.x;
  const dy = y - h.centre.y;
  const u = (dx * h.cos + dy * h.sin) / h.rMajor;
  const v = (-dx * h.sin + dy * h.cos) / h.rMinor;
  return Math.sqrt(u * u + v * v);
}

function hillRise(h: HillPlan, r: number): number {
  if (r >= 1) return 0;
  return h.height * smoothstep((1 - r) / (1 - h.plateau));
}

/** Points every `step` mm along a polyline, for clearance checks. */
function densify(line: readonly Vec2[], step: number): Vec2[] {
  const out: Vec2[] = [];
  for (let i = 0; i + 1 < line.length; i++) {
    const a = line[i]!;
    const b = line[i + 1]!;
    const n = Math.max(1, Math.ceil(dist(a, b) / step));
    for (let k = 0; k < n; k++) out.push({ x: a.x + ((b.x - a.x) * k) / n, y: a.y + ((b.y - a.y) * k) / n });
  }
  const last = line[line.length - 1];
  if (last) out.push(last);
  return out;
}

function planHills(rng: Rng, layout: Layout, count: number, river: RiverPlan | undefined, road: RoadFeature | undefined): HillPlan[] {
  const { width, depth } = layout;
  const waterPts = river ? densify(river.feature.line, 10) : [];
  const waterClear = river ? river.feature.width / 2 + river.bank + 20 : 0;
  const roadPts = road ? densify(road.line, 20) : [];
  const hills: HillPlan[] = [];
  const attempts = 600;
  for (let attempt = 0; attempt < attempts && hills.length < count; attempt++) {
    // Later attempts try smaller hills, which fit between the river and the table edge more easily.
    const shrink = 1 - (0.5 * attempt) / attempts;
    const rMinor = rng.range(110, 240) * shrink;
    const rMajor = Math.min(rMinor / rng.range(0.65, 1), 380 * shrink);
    const angle = rng.range(0, TAU / 2);
    const plateau = rng.range(0.05, 0.4);
    // Steepest slope of a smoothstep flank is 1.5 * height / flank width: 0.25 gentle, 0.9 steep.
    const steepness = rng.range(0.25, 0.9);
    const height = clamp((steepness * rMinor * (1 - plateau)) / 1.5, 30, 90);
    const centre = { x: width * rng.range(0.06, 0.94), y: depth * rng.range(0.08, 0.92) };
    const hill: HillPlan = { centre, rMajor, rMinor, cos: dcos(angle), sin: dsin(angle), height, plateau };

    const meanR = Math.sqrt(rMajor * rMinor);
    const clearOfWater = waterPts.every((p) => hillRadiusAt(hill, p.x, p.y) >= 1 + waterClear / rMinor);
    // A road may climb a flank but not run over the summit.
    const clearOfRoad = roadPts.every((p) => hillRadiusAt(hill, p.x, p.y) >= 0.6);
    const apart = hills.every((o) => dist(o.centre, centre) >= 0.9 * (meanR + Math.sqrt(o.rMajor * o.rMinor)));
    if (clearOfWater && clearOfRoad && apart) hills.push(hill);
  }
  return hills;
}

function hillOutline(h: HillPlan): Vec2[] {
  const n = 24;
  const out: Vec2[] = [];
  for (let k = 0; k < n; k++) {
    const a = (TAU * k) / n;
    const u = dcos(a) * h.rMajor;
    const v = dsin(a) * h.rMinor;
    out.push({ x: h.centre.x + u * h.cos - v * h.sin, y: h.centre.y + u * h.sin + v * h.cos });
  }
  return out;
}

function hillFeature(h: HillPlan, i: number, names: Namer): HillFeature {
  return {
    id: `hill-${i + 1}`,
    kind: 'hill',
    name: names.name(h.centre, 'hill'),
    polygon: hillOutline(h),
    centre: h.centre,
    radius: Math.sqrt(h.rMajor * h.rMinor),
    height: h.height,
  };
}

// ---------------------------------------------------------------------------------------------
// Woods

/** Distance between a closed ring and a polyline or another ring; 0 when they touch or one holds the other. */
function shapeDist(closed: readonly Vec2[], other: readonly Vec2[], otherClosed: boolean): number {
  if (other.length > 0 && pointInPolygon(other[0]!, closed)) return 0;
  if (otherClosed && closed.length > 0 && pointInPolygon(closed[0]!, other)) return 0;
  return polylinePolylineDist(closed, other);
}

function planWoods(
  rng: Rng,
  layout: Layout,
  count: number,
  river: RiverPlan | undefined,
  road: RoadFeature | undefined,
  crossings: readonly CrossingFeature[],
): Vec2[][] {
  const { width, depth, strip } = layout;
  const woods: Vec2[][] = [];
  const attempts = 800;
  for (let attempt = 0; attempt < attempts && woods.length < count; attempt++) {
    const shrink = 1 - (0.5 * attempt) / attempts;
    const base = rng.range(60, 130) * shrink;
    const lo = strip + 0.3 * base;
    const hi = depth - strip - 0.3 * base;
    const centre = { x: width * rng.range(0.08, 0.92), y: lo < hi ? rng.range(lo, hi) : depth * rng.range(0.3, 0.7) };
    const polygon = woodOutline(rng, centre, base);
    const closed = ring(polygon);

    const inStrips = polygon.filter((p) => p.y < strip || p.y > depth - strip).length;
    if (inStrips > polygon.length * 0.25) continue;
    if (polygon.some((p) => p.x < 0 || p.x > width || p.y < 0 || p.y > depth)) continue;
    if (river && shapeDist(closed, river.feature.line, false) < river.feature.width / 2 + river.bank + 15) continue;
    if (road && shapeDist(closed, road.line, false) < road.width / 2 + 12) continue;
    if (crossings.some((c) => shapeDist(closed, ring(c.polygon), true) < 30)) continue;
    if (woods.some((w) => shapeDist(closed, ring(w), true) < 40)) continue;
    woods.push(polygon);
  }
  return woods;
}

/** An irregular, star-shaped outline: a few low harmonics give lobes, a little jitter gives edges. */
function woodOutline(rng: Rng, c: Vec2, base: number): Vec2[] {
  const n = 12 + rng.int(5);
  const a2 = rng.range(0.05, 0.25);
  const p2 = rng.range(0, TAU);
  const a3 = rng.range(0, 0.12);
  const p3 = rng.range(0, TAU);
  const a5 = rng.range(0, 0.06);
  const p5 = rng.range(0, TAU);
  const out: Vec2[] = [];
  for (let k = 0; k < n; k++) {
    const theta = (TAU * (k + rng.range(-0.2, 0.2))) / n;
    const r = base * (1 + a2 * dcos(2 * theta + p2) + a3 * dcos(3 * theta + p3) + a5 * dcos(5 * theta + p5) + rng.range(-0.06, 0.06));
    out.push({ x: c.x + r * dcos(theta), y: c.y + r * dsin(theta) });
  }
  return out;
}

function woodFeature(rng: Rng, polygon: Vec2[], i: number, names: Namer): WoodFeature {
  let cx = 0;
  let cy = 0;
  for (const p of polygon) {
    cx += p.x;
    cy += p.y;
  }
  const centre = { x: cx / polygon.length, y: cy / polygon.length };
  return {
    id: `wood-${i + 1}`,
    kind: 'wood',
    name: names.name(centre, 'wood'),
    polygon,
    canopyHeight: rng.range(40, 60),
  };
}

// ---------------------------------------------------------------------------------------------
// Heights

function raiseGround(hm: Heightmap, rng: Rng, layout: Layout, hills: readonly HillPlan[], river: RiverPlan | undefined, relief: number): void {
  const noise: NoiseFunction2D = createNoise2D(() => rng.float());
  const broadAmp = rng.range(5, 10);
  const broadScale = rng.range(600, 900);
  const fineAmp = rng.range(1.5, 3);
  const fineScale = rng.range(180, 260);
  // The whole table falls gently towards the river's outlet, so the water runs downhill.
  const fall = river ? (river.flowsRight ? -river.tilt : river.tilt) / layout.width : 0;
  const h = hm.heights;
  for (let j = 0; j < hm.rows; j++) {
    const y = hm.originY + j * hm.cellSize;
    for (let i = 0; i < hm.cols; i++) {
      const x = hm.originX + i * hm.cellSize;
      // (a + b) * 1 is exactly a + b, so relief 1 leaves every bit as it was.
      let z =
        (broadAmp * noise(x / broadScale, y / broadScale) + fineAmp * noise(x / fineScale + 40.5, y / fineScale + 17.25)) * relief +
        fall * (x - layout.width / 2);
      for (const hill of hills) z += hillRise(hill, hillRadiusAt(hill, x, y));
      h[j * hm.cols + i] = z;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Memo

/** The table, and the true and each side's subtypes over it (which share its heightmap), with room to spare. */
const MEMO_SIZE = 6;
const memo = new Map<string, Battlefield>();

/**
 * The memo key: the spec's JSON with the keys of every object sorted, so key order does not matter.
 * (A key list passed to JSON.stringify would also filter nested objects, dropping the fields of
 * `features` and `hillsAt` and making different specs share a key.)
 */
export function specKey(spec: BattlefieldSpec): string {
  return JSON.stringify(sortedKeys(spec));
}

function sortedKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortedKeys);
  if (v === null || typeof v !== 'object') return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v).sort()) out[k] = sortedKeys((v as Record<string, unknown>)[k]);
  return out;
}

/**
 * The battlefield for a spec, built once and then served from a small LRU memo, so the rules
 * engine can call this on every action. The result is shared: treat it as read-only.
 */
export function battlefieldFromSpec(spec: BattlefieldSpec): Battlefield {
  const key = specKey(spec);
  const hit = memo.get(key);
  if (hit) {
    // Re-inserting marks it most recently used.
    memo.delete(key);
    memo.set(key, hit);
    return hit;
  }
  // Subtypes are laid over the memoised table, so each side's view of it costs no new heightmap.
  const bf = hasOverlay(spec) ? withSubtypes(battlefieldFromSpec(withoutSubtypes(spec)), spec) : generateBattlefield(spec);
  deepFreeze(bf.features);
  Object.freeze(bf.spec);
  memo.set(key, bf);
  if (memo.size > MEMO_SIZE) memo.delete(memo.keys().next().value!);
  return bf;
}

/** What the game lays over a generated table: subtypes, extra fords, features not yet found. */
const hasOverlay = (spec: BattlefieldSpec): boolean =>
  spec.subtypes !== undefined || spec.unfound !== undefined || spec.fords !== undefined || spec.crossings !== undefined || spec.fires !== undefined || spec.works !== undefined;

function withoutSubtypes(spec: BattlefieldSpec): BattlefieldSpec {
  const base = { ...spec };
  delete base.subtypes;
  delete base.unfound;
  delete base.fords;
  delete base.fires;
  delete base.works;
  delete base.crossings;
  return base;
}

/**
 * The battlefield with a spec's subtypes laid over its features and its road crossings and extra fords laid, less the
 * features not found. The heightmap is shared unless a watercourse's depth or class changed: then
 * its channel is cut again to match, so sight and movement read the ground the subtype gives.
 */
function withSubtypes(base: Battlefield, spec: BattlefieldSpec): Battlefield {
  const fords = (spec.fords ?? []).map((id) => {
    const site = base.fordSites?.find((s) => s.id === id);
    if (!site) throw new RangeError(`fords: there is no place for an extra ford "${id}" on this battlefield`);
    return site.ford;
  });
  const rolled = spec.crossings ?? {};
  for (const id of Object.keys(rolled)) if (!base.crossingSites?.some((c) => c.id === id)) throw new RangeError(`crossings: there is no road crossing "${id}" on this battlefield`);
  const crossings = (base.crossingSites ?? []).flatMap((c): TerrainFeature[] => {
    const kind = rolled[c.id];
    if (kind === undefined) return [];
    if (kind === 'ford') return [c.ford];
    if (kind !== 'wood' && kind !== 'stone') throw new RangeError(`crossings: "${c.id}" cannot be "${String(kind)}"; it may be ford, wood or stone`);
    return [{ ...c.bridge, name: kind === 'stone' ? 'Stone bridge' : 'Wooden bridge', material: kind }];
  });
  const all = [...applySubtypes(base.features, spec.subtypes ?? {}), ...crossings, ...fords];
  const unfound = new Set(spec.unfound ?? []);
  for (const id of unfound) if (!all.some((f) => f.id === id)) throw new RangeError(`unfound: there is no feature "${id}" on this battlefield`);
  const features = [...applyFires(all.filter((f) => !unfound.has(f.id)), spec.fires ?? {}), ...checkedWorks(all, spec.works ?? [])];
  // applySubtypes keeps the features in order, one for one.
  const recut = base.channels !== undefined && base.features.some((f, i) => channelChanged(f, all[i]!));
  return { ...base, spec: { ...spec }, features, ...(recut ? { heightmap: cutChannels(base, all) } : {}) };
}

/**
 * Buildings set alight, and their settlements redrawn: a town or village is the hull of the
 * buildings still standing (B §4.5, B41: a burnt building no longer counts in its perimeter), and a
 * settlement with none standing (a hamlet or farm whose building burnt) is gone from the table.
 * A fire on anything but a building is refused with a RangeError (a hand-edited save).
 */
export function applyFires(features: readonly TerrainFeature[], fires: Readonly<Record<string, BuildingFire>>): TerrainFeature[] {
  const ids = Object.keys(fires);
  if (ids.length === 0) return [...features];
  for (const id of ids) {
    const f = features.find((x) => x.id === id);
    if (!f || f.kind !== 'building') throw new RangeError(`fires: there is no building "${id}" on this battlefield`);
    if (fires[id] !== 'burning' && fires[id] !== 'burnt') throw new RangeError(`fires: ${f.name} cannot be "${String(fires[id])}"; it may be burning or burnt`);
  }
  const standing = new Map<string, BuildingFeature>();
  for (const f of features) if (f.kind === 'building' && fires[f.id] === undefined) standing.set(f.id, f);
  const out: TerrainFeature[] = [];
  for (const f of features) {
    if (f.kind === 'building') {
      const fire = fires[f.id];
      out.push(fire ? { ...f, fire } : f);
      continue;
    }
    if (f.kind === 'settlement' && f.buildingIds.some((id) => fires[id] !== undefined)) {
      const left = f.buildingIds.map((id) => standing.get(id)).filter((b): b is BuildingFeature => b !== undefined);
      if (left.length === 0) continue;
      out.push({ ...f, polygon: convexHull(left.flatMap((b) => b.polygon)) });
      continue;
    }
    out.push(f);
  }
  return out;
}

/** Works laid over the table: ids must not clash with the table's features or each other. */
function checkedWorks(features: readonly TerrainFeature[], works: readonly WorksFeature[]): WorksFeature[] {
  const ids = new Set(features.map((f) => f.id));
  for (const w of works) {
    if (w.kind !== 'fieldwork' && w.kind !== 'chevaux') throw new RangeError(`works: "${w.id}" is not an earthwork or chevaux de frise`);
    if (ids.has(w.id)) throw new RangeError(`works: the id "${w.id}" is taken`);
    if (!(w.line?.length >= 2)) throw new RangeError(`works: "${w.id}" needs a line of two points or more`);
    ids.add(w.id);
  }
  return [...works];
}

/** A watercourse whose subtype moved its depth or class, and so the cut of its channel. */
function channelChanged(before: TerrainFeature, after: TerrainFeature): boolean {
  if (before.kind !== after.kind || (after.kind !== 'river' && after.kind !== 'stream') || (before.kind !== 'river' && before.kind !== 'stream')) return false;
  return before.depth !== after.depth || before.class !== after.class || before.width !== after.width;
}

function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
}
