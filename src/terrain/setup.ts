/**
 * The rulebooks' battlefield set-up procedures: horse-and-musket's three methods (digest part B
 * §5) and syw-orders' dice and sectors (its §16.6). Each is seeded and reproducible, and writes
 * every die it rolls and every piece it places to `setupLog`, so players can follow (or redo) it
 * at a real table. This file holds what they share: the dice, the plan of pieces, and turning a
 * plan into a battlefield (heightmap, features, settlements' buildings).
 *
 * A procedure decides where pieces go and what they are; the heightmap follows from that (B
 * §5.5 RTG-8: the rules layer is authoritative): hills are raised to their gradient class's
 * profile, watercourses cut to their class's depth, raised roads built up as low embankments.
 */

import { createNoise2D } from 'simplex-noise';
import type { Vec2 } from '../core/geometry';
import { pointInPolygon } from '../core/geometry';
import { inch } from '../core/measure';
import { Rng } from '../core/random';
import type { Battlefield, BattlefieldSpec } from './battlefield';
import { HILL_FACTS, WATER_FACTS, WOOD_FACTS } from './catalogue';
import { arcLengths, clamp, dcos, dist, dsin, pointAtLength, segmentCrossing } from './detmath';
import type {
  BuildingMaterial,
  CrossingFeature,
  GradientClass,
  GroundFeature,
  HillFace,
  HillFeature,
  MarshClass,
  RoadFeature,
  SettlementClass,
  TerrainFeature,
  WaterClass,
  WaterFeature,
  WoodDensity,
  WoodFeature,
} from './features';
import { type FieldPlan, keepoutsOf, layFields, placeSettlement } from './settlements';
import { createHeightmap, type Heightmap } from './heightmap';
import { Namer } from './names';
import { elevationByKey, groundOnTable } from './elevation';
import { type Blob, type ClassHill, HILL_CREST, blobPolygon, carveChannel, channelBank, raiseClassHill, raiseRoad, settleToZero } from './relief';
import { planHorseAndMusket } from './setup-hm';
import { planSywOrders } from './setup-syw';

export const SETUP_RULES = ['horse-and-musket', 'syw-orders'] as const;
export type SetupRules = (typeof SETUP_RULES)[number];

/**
 * Which procedure lays the table. horse-and-musket has methods 1 ("fast and convenient"), 2
 * ("slightly more time-consuming") and 3 (random generation, the digest's engine default); syw-orders
 * has one.
 */
export interface SetupSpec {
  rules: SetupRules;
  method?: 1 | 2 | 3;
  /**
   * horse-and-musket: the game, not the table, rolls the subtypes and the extra fords, after the
   * initiative winner has chosen to attack or defend (B §6.1 steps 4-5). The table is laid with every
   * wood, marsh and watercourse of the commonest kind, each watercourse cut at the centre line into
   * sections (B45), and the places an extra ford may lie listed as `fordSites`, none rolled.
   */
  byGame?: boolean;
}

export const TAU = 6.283185307179586;

/** Dice that say what they rolled: every value goes into the log by the caller's words. */
export class SetupDice {
  constructor(
    private readonly rng: Rng,
    readonly log: string[],
  ) {}

  /** One die of `sides` faces. */
  d(sides: number): number {
    return 1 + this.rng.int(sides);
  }

  /** `count` dice of `sides` faces. */
  roll(count: number, sides: number): number[] {
    return Array.from({ length: count }, () => this.d(sides));
  }

  /** A uniform number in [lo, hi): for what the book leaves to the player's hand (a point in a cell). */
  range(lo: number, hi: number): number {
    return this.rng.range(lo, hi);
  }

  note(line: string): void {
    this.log.push(line);
  }
}

/** "3, 5" */
export function faces(values: readonly number[]): string {
  return values.join(', ');
}

export function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** Inches to one decimal, as a player would read a tape. */
export function inches(mm: number): string {
  return `${(Math.round((mm / 25.4) * 10) / 10).toString()}"`;
}

export function cm(mm: number): string {
  return `${(Math.round(mm) / 10).toString()} cm`;
}

export interface PlannedHill {
  hill: ClassHill;
  level?: number;
  noun?: string;
}

export interface PlannedArea {
  blob: Blob;
  noun: string;
}

export interface PlannedWood extends PlannedArea {
  density: WoodDensity;
  level?: number;
}

export interface PlannedMarsh extends PlannedArea {
  class: MarshClass;
}

export interface PlannedWater {
  kind: 'river' | 'stream';
  class: WaterClass;
  /** Runs downstream. */
  line: Vec2[];
  width: number;
}

export interface PlannedSettlement {
  class: SettlementClass;
  centre: Vec2;
  radius: number;
  materials: BuildingMaterial[];
}

export interface PlannedFarm {
  centre: Vec2;
  material: BuildingMaterial;
  fields: FieldPlan[];
}

/** A stretch of water with no crossing where the game may roll for a ford at the middle (B §6.1 step 5). */
export interface PlannedFordSite {
  /** Index into waters. */
  water: number;
  /** The stretch, downstream. */
  line: Vec2[];
}

/**
 * A place an extra ford may lie, for the game to roll for (B §6.1 step 5): the stretch of water
 * it would serve (a unit within 1" of it finds it) and the ford as it would be laid at its middle.
 */
export interface FordSite {
  id: string;
  waterId: string;
  stretch: Vec2[];
  ford: CrossingFeature;
}

/** A place a road meets water, its bridge or ford left for the game to roll (SetupSpec.byGame). */
export interface PlannedCrossingSite {
  /** Index into waters. */
  water: number;
  /** Index into roads. */
  road: number;
  at: Vec2;
}

/**
 * A place a road meets water where the game rolls for a bridge or a ford once the water's kind is
 * known (B §6.1 step 5): both as they would be laid; a bridge gets its material and name then.
 */
export interface CrossingSite {
  id: string;
  waterId: string;
  roadId: string;
  ford: CrossingFeature;
  bridge: CrossingFeature;
}

export interface PlannedCrossing {
  kind: 'ford' | 'bridge';
  /** Index into waters. */
  water: number;
  /** Index into roads, when a road uses it. */
  road?: number;
  at: Vec2;
  material?: BuildingMaterial;
}

/** Everything a procedure decided, before it is made into features and ground. */
export interface SetupPlan {
  hills: PlannedHill[];
  woods: PlannedWood[];
  marshes: PlannedMarsh[];
  rough: PlannedArea[];
  waters: PlannedWater[];
  settlements: PlannedSettlement[];
  farms: PlannedFarm[];
  /** Road centre lines; a stretch raised over a marsh is listed in `raised`. */
  roads: { line: Vec2[]; width: number }[];
  raised: { road: number; line: Vec2[] }[];
  crossings: PlannedCrossing[];
  /** Extra fords left for the game to roll (SetupSpec.byGame). */
  fordSites: PlannedFordSite[];
  /** Road crossings whose bridge or ford the game rolls (SetupSpec.byGame). */
  crossingSites: PlannedCrossingSite[];
  /**
   * Watercourses laid as sections whose kinds the game rolls apart (SetupSpec.byGame): each channel
   * is cut from the uncut ground, so one section's depth does not carry into the next.
   */
  sections?: boolean;
}

export function emptyPlan(): SetupPlan {
  return { hills: [], woods: [], marshes: [], rough: [], waters: [], settlements: [], farms: [], roads: [], raised: [], crossings: [], fordSites: [], crossingSites: [] };
}

/** The table a procedure works on. */
export interface SetupTable {
  width: number;
  depth: number;
  cellSize: number;
  seed: string;
}

/** Build the battlefield for a spec with `setup`. Called by generateBattlefield. */
export function generateSetup(spec: BattlefieldSpec, setup: SetupSpec): Battlefield {
  const table: SetupTable = { width: spec.width, depth: spec.depth, cellSize: spec.cellSize > 0 ? spec.cellSize : 10, seed: String(spec.seed) };
  const log: string[] = [];
  let plan: SetupPlan;
  if (setup.rules === 'horse-and-musket') {
    const method = setup.method ?? 3;
    if (method !== 1 && method !== 2 && method !== 3) throw new RangeError(`horse-and-musket has set-up methods 1, 2 and 3, not ${String(method)}`);
    plan = planHorseAndMusket(new SetupDice(new Rng(`${table.seed}/hm-${method}`), log), table, method, setup.byGame === true);
  } else if (setup.rules === 'syw-orders') {
    plan = planSywOrders(new SetupDice(new Rng(`${table.seed}/syw`), log), table);
  } else {
    throw new RangeError(`no set-up procedure for rules "${String((setup as { rules: unknown }).rules)}"`);
  }
  if (spec.elevation !== undefined) {
    // The imported land has its own hills: the procedure's are left off the table.
    if (plan.hills.length > 0) log.push(`Hills: the imported ground's own; the ${plan.hills.length} placed above are not raised`);
    plan = { ...plan, hills: [] };
  }
  const bf = compose(table, plan, log, spec.elevation);
  if (spec.features) bf.features.push(...(JSON.parse(JSON.stringify(spec.features)) as TerrainFeature[]));
  return { ...bf, spec: { ...spec } };
}

// ---------------------------------------------------------------------------------------------
// Shapes shared by the procedures

/** An irregular ellipse with its long axis at `angle`, lobed a little. */
export function blobAt(dice: SetupDice, centre: Vec2, long: number, short: number, angle: number): Blob {
  return {
    centre,
    long: Math.max(long, short) / 2,
    short: Math.min(long, short) / 2,
    cos: dcos(angle),
    sin: dsin(angle),
    a2: dice.range(0, 0.08),
    p2: dice.range(0, TAU),
    a3: dice.range(0, 0.06),
    p3: dice.range(0, TAU),
  };
}

/** A hill from its class and shape, its crest from the class (B §4.3's table). */
export function classHill(blob: Blob, gradient: GradientClass, faces: HillFace[], shape: 'domed' | 'flatTopped'): ClassHill {
  return { ...blob, crest: HILL_CREST[gradient], gradient, faces, shape };
}

/** A gently meandering line from a to b (the ends stay put), `amplitude` mm either side. */
export function meander(dice: SetupDice, a: Vec2, b: Vec2, amplitude: number): Vec2[] {
  const len = dist(a, b);
  const n = Math.max(4, Math.ceil(len / 25));
  const nx = -(b.y - a.y) / len;
  const ny = (b.x - a.x) / len;
  const f1 = dice.range(1, 2.5);
  const f2 = dice.range(2.5, 5);
  const q1 = dice.range(0, TAU);
  const q2 = dice.range(0, TAU);
  const out: Vec2[] = [];
  for (let k = 0; k <= n; k++) {
    const t = k / n;
    // The envelope pins both ends to where they were rolled.
    const w = amplitude * dsin(TAU * 0.5 * t) * (0.65 * dsin(TAU * f1 * t + q1) + 0.35 * dsin(TAU * f2 * t + q2));
    out.push({ x: a.x + (b.x - a.x) * t + nx * w, y: a.y + (b.y - a.y) * t + ny * w });
  }
  return out;
}

/** The line through a and b, cut to the table: its two ends on the edges. */
export function lineAcross(a: Vec2, b: Vec2, width: number, depth: number): Vec2[] {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  let t0 = -Infinity;
  let t1 = Infinity;
  const clip = (p: number, d: number, lo: number, hi: number): void => {
    if (d === 0) return;
    const u = (lo - p) / d;
    const v = (hi - p) / d;
    t0 = Math.max(t0, Math.min(u, v));
    t1 = Math.min(t1, Math.max(u, v));
  };
  clip(a.x, dx, 0, width);
  clip(a.y, dy, 0, depth);
  return [
    { x: clamp(a.x + dx * t0, 0, width), y: clamp(a.y + dy * t0, 0, depth) },
    { x: clamp(a.x + dx * t1, 0, width), y: clamp(a.y + dy * t1, 0, depth) },
  ];
}

/** Where a polyline crosses another: points, with the unit direction of each line there. */
export function crossingsOf(p: readonly Vec2[], q: readonly Vec2[]): { at: Vec2; pDir: Vec2; qDir: Vec2; pS: number; qS: number }[] {
  const out: { at: Vec2; pDir: Vec2; qDir: Vec2; pS: number; qS: number }[] = [];
  const ps = arcLengths(p);
  const qs = arcLengths(q);
  for (let i = 0; i + 1 < p.length; i++) {
    for (let j = 0; j + 1 < q.length; j++) {
      const t = segmentCrossing(p[i]!, p[i + 1]!, q[j]!, q[j + 1]!);
      if (t === undefined) continue;
      const a = p[i]!;
      const b = p[i + 1]!;
      const at = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
      const lp = dist(a, b);
      const lq = dist(q[j]!, q[j + 1]!);
      out.push({
        at,
        pDir: { x: (b.x - a.x) / lp, y: (b.y - a.y) / lp },
        qDir: { x: (q[j + 1]!.x - q[j]!.x) / lq, y: (q[j + 1]!.y - q[j]!.y) / lq },
        pS: ps[i]! + dist(a, at),
        qS: qs[j]! + dist(q[j]!, at),
      });
    }
  }
  return out;
}

/** The part of a polyline between arc lengths s0 and s1. */
export function subLine(line: readonly Vec2[], s0: number, s1: number): Vec2[] {
  const s = arcLengths(line);
  const out: Vec2[] = [pointAtLength(line, s, s0).p];
  for (let k = 1; k + 1 < line.length; k++) if (s[k]! > s0 && s[k]! < s1) out.push(line[k]!);
  out.push(pointAtLength(line, s, s1).p);
  return out;
}

/** Stretches [s0, s1] of a polyline inside a polygon, by 2 mm steps. */
export function stretchesInside(line: readonly Vec2[], poly: readonly Vec2[]): [number, number][] {
  const s = arcLengths(line);
  const total = s[s.length - 1]!;
  const out: [number, number][] = [];
  let start = -1;
  for (let at = 0; at <= total + 1e-9; at += 2) {
    const inside = pointInPolygon(pointAtLength(line, s, Math.min(at, total)).p, poly);
    if (inside && start < 0) start = at;
    if (!inside && start >= 0) {
      out.push([start, at]);
      start = -1;
    }
  }
  if (start >= 0) out.push([start, total]);
  return out;
}

// ---------------------------------------------------------------------------------------------
// From plan to battlefield

/** A rotated rectangle for a crossing: `halfAlong` along `dir`, `halfAcross` across it. */
function crossingRect(c: Vec2, dir: Vec2, halfAlong: number, halfAcross: number): Vec2[] {
  const corner = (su: number, sv: number): Vec2 => ({ x: c.x + dir.x * halfAlong * su - dir.y * halfAcross * sv, y: c.y + dir.y * halfAlong * su + dir.x * halfAcross * sv });
  return [corner(-1, -1), corner(1, -1), corner(1, 1), corner(-1, 1)];
}

/** A ford's outline: a strip along the water at `at`, reaching past both banks. */
function fordPolygon(at: Vec2, tangent: Vec2, water: WaterFeature): Vec2[] {
  return crossingRect(at, tangent, 14, water.width / 2 + 18);
}

const waterBank = (w: PlannedWater): number => channelBank(w.class, w.width);

function compose(table: SetupTable, plan: SetupPlan, log: string[], elevation?: string): Battlefield {
  const { width, depth, seed } = table;
  const names = new Namer({ width, depth });
  const name = (p: Vec2, noun: string): string => names.name(p, noun);
  const detail = new Rng(`${seed}/detail`);
  const features: TerrainFeature[] = [];

  plan.hills.forEach((h, i) => {
    const f: HillFeature = {
      id: `hill-${i + 1}`,
      kind: 'hill',
      name: name(h.hill.centre, h.noun ?? 'hill'),
      polygon: blobPolygon(h.hill),
      centre: h.hill.centre,
      radius: Math.sqrt(h.hill.long * h.hill.short),
      height: h.hill.crest,
      gradient: h.hill.gradient,
      shape: h.hill.shape,
    };
    if (h.hill.faces.length > 0) f.faces = h.hill.faces.map((x) => ({ ...x }));
    if (h.level !== undefined) f.level = h.level;
    features.push(f);
  });
  plan.woods.forEach((w, i) => {
    const [lo, hi] = WOOD_FACTS[w.density].standing!;
    const f: WoodFeature = { id: `wood-${i + 1}`, kind: 'wood', name: name(w.blob.centre, w.noun), polygon: blobPolygon(w.blob, 20), canopyHeight: detail.range(lo, hi), density: w.density };
    if (w.level !== undefined) f.level = w.level;
    features.push(f);
  });
  plan.marshes.forEach((m, i) => {
    features.push({ id: `marsh-${i + 1}`, kind: 'marsh', name: name(m.blob.centre, m.noun), polygon: blobPolygon(m.blob, 16), class: m.class } satisfies GroundFeature);
  });
  plan.rough.forEach((r, i) => {
    features.push({ id: `rough-${i + 1}`, kind: 'rough', name: name(r.blob.centre, r.noun), polygon: blobPolygon(r.blob, 14) } satisfies GroundFeature);
  });
  const waters: WaterFeature[] = plan.waters.map((w, i) => {
    const [lo, hi] = WATER_FACTS[w.class].depth!;
    const mid = w.line[Math.floor(w.line.length / 2)]!;
    return { id: `${w.kind}-${i + 1}`, kind: w.kind, name: name(mid, WATER_FACTS[w.class].label.toLowerCase()), line: w.line, width: w.width, depth: detail.range(lo, hi), class: w.class };
  });
  features.push(...waters);
  const roads: RoadFeature[] = plan.roads.map((r, i) => ({ id: `road-${i + 1}`, kind: 'road', name: plan.roads.length > 1 ? `Road ${i + 1}` : 'Road', line: r.line, width: r.width }));
  features.push(...roads);
  const raised: RoadFeature[] = plan.raised.map((r, i) => ({
    id: `raised-road-${i + 1}`,
    kind: 'road',
    name: `Raised road ${i + 1}`,
    line: r.line,
    width: roads[r.road]!.width,
    // B §5.5 RTG-8: a causeway about 0.25" high.
    raised: inch(0.25),
  }));
  features.push(...raised);
  // Where a crossing lies across its water: the water's direction there, and square to it.
  const crossingFrame = (water: WaterFeature, at: Vec2): { tangent: Vec2; across: Vec2 } => {
    const s = arcLengths(water.line);
    let best = Infinity;
    let tangent = { x: 1, y: 0 };
    for (let along = 0; along <= s[s.length - 1]!; along += 5) {
      const q = pointAtLength(water.line, s, along);
      const d = dist(q.p, at);
      if (d < best) {
        best = d;
        tangent = q.tangent;
      }
    }
    return { tangent, across: { x: -tangent.y, y: tangent.x } };
  };
  const bridgeOutline = (water: WaterFeature, at: Vec2, road: RoadFeature | undefined): Vec2[] => crossingRect(at, crossingFrame(water, at).across, water.width / 2 + 18, (road?.width ?? 24) / 2 + 6);
  plan.crossings.forEach((c, i) => {
    const water = waters[c.water]!;
    const road = c.road !== undefined ? roads[c.road] : undefined;
    const f: CrossingFeature =
      c.kind === 'bridge'
        ? { id: `bridge-${i + 1}`, kind: 'bridge', name: `${c.material === 'stone' ? 'Stone' : 'Wooden'} bridge`, polygon: bridgeOutline(water, c.at, road), waterId: water.id }
        : { id: `ford-${i + 1}`, kind: 'ford', name: 'Ford', polygon: fordPolygon(c.at, crossingFrame(water, c.at).tangent, water), waterId: water.id };
    if (road) f.roadId = road.id;
    if (c.material) f.material = c.material;
    features.push(f);
  });
  const crossingSites: CrossingSite[] = plan.crossingSites.map((c, i) => {
    const water = waters[c.water]!;
    const road = roads[c.road]!;
    const id = `crossing-${i + 1}`;
    return {
      id,
      waterId: water.id,
      roadId: road.id,
      ford: { id, kind: 'ford', name: 'Ford', polygon: fordPolygon(c.at, crossingFrame(water, c.at).tangent, water), waterId: water.id, roadId: road.id },
      bridge: { id, kind: 'bridge', name: 'Bridge', polygon: bridgeOutline(water, c.at, road), waterId: water.id, roadId: road.id },
    };
  });
  // Buildings keep clear of a crossing not yet rolled as they would of either kind laid there.
  const crossingRoom = crossingSites.flatMap((c) => [c.ford, c.bridge]);
  const fordSites: FordSite[] = plan.fordSites.map((site, i) => {
    const water = waters[site.water]!;
    const s = arcLengths(site.line);
    const mid = pointAtLength(site.line, s, s[s.length - 1]! / 2);
    const id = `extra-ford-${i + 1}`;
    return { id, waterId: water.id, stretch: site.line, ford: { id, kind: 'ford', name: 'Ford', polygon: fordPolygon(mid.p, mid.tangent, water), waterId: water.id } };
  });

  // Buildings go last, clear of everything but hills.
  const buildRng = new Rng(`${seed}/buildings`);
  const bank = Math.max(0, ...plan.waters.map(waterBank));
  const counts = { village: 0, town: 0, hamlet: 0, farm: 0 };
  for (const site of plan.settlements) {
    const id = `${site.class}-${++counts[site.class]}`;
    const through = roads.find((r) => r.line.some((_, k) => k > 0 && segmentNear(r.line[k - 1]!, r.line[k]!, site.centre, site.radius)));
    const placed = placeSettlement(
      buildRng,
      { id, name: name(site.centre, site.class), class: site.class, centre: site.centre, radius: site.radius, materials: site.materials, ...(through ? { road: through } : {}) },
      keepoutsOf([...features.filter((f) => f !== through), ...crossingRoom], bank),
      { width, depth },
    );
    if (!placed) {
      log.push(`${id}: no room for any building; left out`);
      continue;
    }
    features.push(placed.settlement, ...placed.buildings);
    const stone = placed.buildings.filter((b) => b.material === 'stone').length;
    log.push(`${placed.settlement.name}: ${placed.buildings.length} of ${site.materials.length} buildings placed (${placed.buildings.length - stone} wooden, ${stone} stone)${through ? `, along ${through.name === 'Road' ? 'the road' : through.name}` : ''}`);
  }
  for (const farm of plan.farms) {
    const id = `farm-${++counts.farm}`;
    const keep = keepoutsOf([...features, ...crossingRoom], bank);
    const placed = placeSettlement(buildRng, { id, name: name(farm.centre, 'farm'), class: 'farm', centre: farm.centre, radius: inch(1.5), materials: [farm.material] }, keep, { width, depth });
    if (!placed) {
      log.push(`${id}: no room for the farmhouse; left out`);
      continue;
    }
    const fields = layFields(placed.buildings[0]!, farm.fields, inch(6), keep, { width, depth }, name);
    features.push(placed.settlement, ...placed.buildings, ...fields);
    const laid = fields.filter((f) => f.kind !== 'crops').length;
    log.push(`${placed.settlement.name}: ${placed.buildings[0]!.material === 'stone' ? 'stone' : 'wooden'} farmhouse and ${laid} of ${farm.fields.length} fields laid`);
  }

  // Ground: a gently rolling base (the rules treat it as level), then hills, causeways, channels.
  const heightmap = createHeightmap(width, depth, table.cellSize);
  const groundRng = new Rng(`${seed}/ground`);
  const noise = createNoise2D(() => groundRng.float());
  const h = heightmap.heights;
  if (elevation !== undefined) h.set(groundOnTable(elevationByKey(elevation), width, depth, table.cellSize).heightmap.heights);
  else {
    for (let j = 0; j < heightmap.rows; j++) {
      for (let i = 0; i < heightmap.cols; i++) {
        const x = i * heightmap.cellSize;
        const y = j * heightmap.cellSize;
        h[j * heightmap.cols + i] = 3 * noise(x / 800, y / 800) + noise(x / 250 + 40.5, y / 250 + 17.25);
      }
    }
  }
  for (const p of plan.hills) raiseClassHill(heightmap, p.hill);
  for (const r of raised) raiseRoad(heightmap, r, Math.max(heightmap.cellSize, 2 * (r.raised ?? 0)));
  // The ground before the channels are cut is kept, so a subtype rolled later can cut them again (cutChannels).
  const uncut = new Float32Array(h);
  const profileFrom = plan.sections ? { ...heightmap, heights: uncut } : heightmap;
  plan.waters.forEach((w, i) => carveChannel(heightmap, waters[i]!, waterBank(w), profileFrom));
  const shift = settleToZero(heightmap);
  for (let k = 0; k < uncut.length; k++) uncut[k] = uncut[k]! - shift;

  const channels = { uncut, waters: waters.map((w) => w.id), sections: plan.sections === true };
  const bf: Battlefield = { spec: { seed, width, depth, cellSize: table.cellSize }, width, depth, heightmap, features, setupLog: log, channels };
  if (fordSites.length > 0) bf.fordSites = fordSites;
  if (crossingSites.length > 0) bf.crossingSites = crossingSites;
  return bf;
}

/**
 * The ground with the laid watercourses' channels cut afresh to the depth and class the features
 * now have, from the ground as it was before any was cut (`channels`), in the order they were laid:
 * the table as it would have been had the subtypes been known when it was laid (B §5.5 RTG-8: the
 * ground follows the rules layer). The level of the rest of the table does not move.
 */
export function cutChannels(bf: Battlefield, features: readonly TerrainFeature[]): Heightmap {
  if (!bf.channels) throw new RangeError('this battlefield keeps no uncut ground to cut its channels in again');
  const heightmap: Heightmap = { ...bf.heightmap, heights: new Float32Array(bf.channels.uncut) };
  const profileFrom = bf.channels.sections ? { ...bf.heightmap, heights: bf.channels.uncut } : heightmap;
  for (const id of bf.channels.waters) {
    const f = features.find((x) => x.id === id);
    if (f && (f.kind === 'river' || f.kind === 'stream')) carveChannel(heightmap, f, channelBank(f.class, f.width), profileFrom);
  }
  return heightmap;
}

function segmentNear(a: Vec2, b: Vec2, c: Vec2, r: number): boolean {
  const ex = b.x - a.x;
  const ey = b.y - a.y;
  const len2 = ex * ex + ey * ey;
  const u = len2 > 0 ? clamp(((c.x - a.x) * ex + (c.y - a.y) * ey) / len2, 0, 1) : 0;
  return dist({ x: a.x + ex * u, y: a.y + ey * u }, c) < r;
}

/** Label of a gradient class in words, for the log. */
export function gradientWords(g: GradientClass): string {
  return HILL_FACTS[g].label.toLowerCase();
}
