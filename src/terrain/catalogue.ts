/**
 * The physical facts of every kind of terrain, and of each class within a kind: how tall what stands
 * there is, whether sight passes, who can get through at all. Physical facts only, the same for
 * every rulebook: what a ruleset makes of them (movement rates, cover classes, disorder, levels)
 * belongs to the ruleset. Heights are table millimetres at the usual 15-28 mm figure scale.
 *
 * Sources for the sizes: horse-and-musket part B §4 and §5.5 (sizes of pieces, canopy and roof
 * heights in part C §8.12's realistic sight mode: woodland 1.5", forest 2", buildings 1"), and the
 * pieces the default generator already made (woods 40-60 mm, orchards 26-34 mm, hedges 16 mm).
 */

import {
  type BuildingMaterial,
  type FeatureKind,
  type GradientClass,
  type MarshClass,
  type SettlementClass,
  type TerrainFeature,
  type WaterClass,
  type WoodDensity,
  marshClassOf,
  waterClassOf,
  woodDensityOf,
} from './features';

/**
 * How a kind of mover gets through, in general: 'yes' freely, 'slow' picking its way (trees, mud,
 * climbing), 'no' not at all. Foot is men on foot, horse is mounted troops, wheels is guns and wagons.
 */
export type Passage = 'yes' | 'slow' | 'no';

/**
 * Sight across the feature: 'open' (one sees over and through it), 'screen' (trees: sight below the
 * top is lost after a depth the ruleset sets, lineOfSight's obscuringLimit), 'solid' (nothing below
 * the top is seen through at all).
 */
export type SightClass = 'open' | 'screen' | 'solid';

export interface TerrainFacts {
  label: string;
  geometry: 'area' | 'line';
  /** Height of what stands on the ground (canopy, roof, hedge top) above it, mm, [min, max]. */
  standing?: readonly [number, number];
  sight: SightClass;
  passage: { readonly foot: Passage; readonly horse: Passage; readonly wheels: Passage };
  /** Watercourses: depth of the carved channel below the banks, mm, [min, max]. */
  depth?: readonly [number, number];
  /** Linear features: full width, mm, [min, max]. */
  width?: readonly [number, number];
  /** Water underfoot (a watercourse, a ford, a marsh). */
  wet?: boolean;
  note: string;
}

const ALL: TerrainFacts['passage'] = { foot: 'yes', horse: 'yes', wheels: 'yes' };
const NONE: TerrainFacts['passage'] = { foot: 'no', horse: 'no', wheels: 'no' };

/** One entry per kind; kinds with classes also have a table below, which factsOf prefers. */
export const CATALOGUE: { readonly [K in FeatureKind]: TerrainFacts } = {
  hill: { label: 'Hill', geometry: 'area', sight: 'open', passage: ALL, note: 'Ground raised in the heightmap; sight over it is a matter of the ground itself. See HILL_FACTS by gradient.' },
  wood: { label: 'Wood', geometry: 'area', standing: [35, 65], sight: 'screen', passage: { foot: 'slow', horse: 'slow', wheels: 'no' }, note: 'See WOOD_FACTS by density.' },
  orchard: {
    label: 'Orchard',
    geometry: 'area',
    standing: [20, 35],
    sight: 'screen',
    passage: { foot: 'yes', horse: 'slow', wheels: 'slow' },
    note: 'Fruit trees in rows: lower and thinner than a wood. The same as a wood of density "open".',
  },
  river: { label: 'River', geometry: 'line', width: [35, 76], depth: [6, 9], sight: 'open', passage: { foot: 'slow', horse: 'slow', wheels: 'no' }, wet: true, note: 'See WATER_FACTS by class.' },
  stream: { label: 'Stream', geometry: 'line', width: [13, 30], depth: [4, 6], sight: 'open', passage: { foot: 'slow', horse: 'slow', wheels: 'slow' }, wet: true, note: 'See WATER_FACTS by class.' },
  road: { label: 'Road', geometry: 'line', width: [20, 32], sight: 'open', passage: ALL, note: 'A raised road (raised > 0) is an embankment a few mm high, raised into the heightmap.' },
  ford: { label: 'Ford', geometry: 'area', sight: 'open', passage: { foot: 'slow', horse: 'slow', wheels: 'slow' }, wet: true, note: 'A shallow place in a watercourse.' },
  bridge: { label: 'Bridge', geometry: 'area', sight: 'open', passage: ALL, note: 'Over water; narrow (a defile). Stone or wood.' },
  marsh: { label: 'Marsh', geometry: 'area', sight: 'open', passage: { foot: 'slow', horse: 'no', wheels: 'no' }, wet: true, note: 'See MARSH_FACTS by class.' },
  rough: { label: 'Rocky ground', geometry: 'area', sight: 'open', passage: { foot: 'slow', horse: 'no', wheels: 'no' }, note: 'Rocks, scrub and broken ground, often on hill slopes and round their feet.' },
  crops: { label: 'Crops', geometry: 'area', standing: [5, 10], sight: 'open', passage: { foot: 'slow', horse: 'slow', wheels: 'slow' }, note: 'Standing corn: tall enough to hide a man lying or kneeling, not a formed body.' },
  hedge: { label: 'Hedge', geometry: 'line', standing: [12, 20], width: [6, 10], sight: 'open', passage: { foot: 'slow', horse: 'slow', wheels: 'no' }, note: 'A field boundary; horses can jump it.' },
  wall: { label: 'Wall', geometry: 'line', standing: [8, 15], width: [4, 8], sight: 'open', passage: { foot: 'slow', horse: 'slow', wheels: 'no' }, note: 'Stone; stops round shot. A field boundary horses can jump.' },
  fence: { label: 'Fence', geometry: 'line', standing: [8, 12], width: [2, 4], sight: 'open', passage: { foot: 'slow', horse: 'slow', wheels: 'no' }, note: 'Post and rail; horses can jump it.' },
  building: {
    label: 'Building',
    geometry: 'area',
    standing: [20, 45],
    sight: 'solid',
    passage: NONE,
    note: 'A footprint nobody walks through (a garrison stands against its walls). See BUILDING_FACTS by material.',
  },
  settlement: {
    label: 'Settlement',
    geometry: 'area',
    sight: 'open',
    passage: { foot: 'slow', horse: 'slow', wheels: 'slow' },
    note: 'The built-up area between and around its buildings: yards, lanes, gardens. The buildings are separate features. See SETTLEMENT_FACTS by class.',
  },
  fieldwork: {
    label: 'Earthwork',
    geometry: 'line',
    standing: [8, 14],
    width: [20, 30],
    sight: 'open',
    passage: { foot: 'slow', horse: 'slow', wheels: 'no' },
    note: 'A field fortification thrown up before the battle: a bank of earth with a ditch in front, waist high to a man.',
  },
  chevaux: {
    label: 'Chevaux de frise',
    geometry: 'line',
    standing: [8, 12],
    width: [8, 12],
    sight: 'open',
    passage: { foot: 'slow', horse: 'no', wheels: 'no' },
    note: 'Timber beams set with crossed spikes, laid end to end: men can clamber over, horses cannot.',
  },
};

/**
 * Hill faces by gradient (B §4.3's heightmap guidance): the rise of a typical crest and the slope,
 * rise over run, of its face. `slope` is the band gradient.ts reads the class from.
 */
export const HILL_FACTS: { readonly [G in GradientClass]: TerrainFacts & { crest: number; band: readonly [number, number]; slope: readonly [number, number] } } = {
  gentle: { label: 'Gentle hill', geometry: 'area', sight: 'open', passage: ALL, crest: 12.7, band: [101.6, 203.2], slope: [0.05, 0.18], note: 'Half an inch over 4" or more.' },
  normal: { label: 'Normal hill', geometry: 'area', sight: 'open', passage: ALL, crest: 25.4, band: [50.8, 101.6], slope: [0.18, 0.6], note: 'An inch over 2-4".' },
  steep: { label: 'Steep hill', geometry: 'area', sight: 'open', passage: { foot: 'slow', horse: 'slow', wheels: 'slow' }, crest: 38.1, band: [25.4, 50.8], slope: [0.6, 1.7], note: '1.5" over 1-2".' },
  verySteep: { label: 'Very steep hill', geometry: 'area', sight: 'open', passage: { foot: 'slow', horse: 'no', wheels: 'no' }, crest: 50.8, band: [12.7, 25.4], slope: [1.7, 4], note: '2" over 0.5-1": a scramble.' },
  sheer: { label: 'Sheer slope', geometry: 'area', sight: 'open', passage: NONE, crest: 25.4, band: [0, 6.35], slope: [4, Infinity], note: 'A cliff or quarry face.' },
};

export const WOOD_FACTS: { readonly [D in WoodDensity]: TerrainFacts } = {
  open: {
    label: 'Orchard, open wood or scrub',
    geometry: 'area',
    standing: [20, 35],
    sight: 'screen',
    passage: { foot: 'yes', horse: 'slow', wheels: 'slow' },
    note: 'Scattered trees or bushes; modelled as a ring of trees marking the edge.',
  },
  woodland: { label: 'Woodland', geometry: 'area', standing: [35, 50], sight: 'screen', passage: { foot: 'slow', horse: 'slow', wheels: 'no' }, note: 'Trees 1-2" apart, some touching.' },
  forest: { label: 'Forest', geometry: 'area', standing: [45, 65], sight: 'screen', passage: { foot: 'slow', horse: 'no', wheels: 'no' }, note: 'Dense woods, trees touching or an inch apart.' },
};

export const WATER_FACTS: { readonly [W in WaterClass]: TerrainFacts } = {
  minorStream: { label: 'Minor stream', geometry: 'line', width: [13, 25], depth: [3, 5], sight: 'open', passage: { foot: 'slow', horse: 'slow', wheels: 'slow' }, wet: true, note: 'Ankle to knee deep.' },
  torrentialStream: {
    label: 'Torrential stream',
    geometry: 'line',
    width: [13, 25],
    depth: [8, 12],
    sight: 'open',
    passage: { foot: 'slow', horse: 'slow', wheels: 'no' },
    wet: true,
    note: 'Rocky, fast-flowing and deeply cut.',
  },
  shallowRiver: { label: 'Shallow river', geometry: 'line', width: [38, 76], depth: [4, 6], sight: 'open', passage: { foot: 'slow', horse: 'slow', wheels: 'slow' }, wet: true, note: 'Waist deep.' },
  river: { label: 'River', geometry: 'line', width: [38, 76], depth: [6, 9], sight: 'open', passage: { foot: 'slow', horse: 'slow', wheels: 'no' }, wet: true, note: 'Chest deep.' },
  fastRiver: { label: 'Fast-flowing river', geometry: 'line', width: [38, 76], depth: [6, 9], sight: 'open', passage: { foot: 'slow', horse: 'slow', wheels: 'no' }, wet: true, note: 'Chest deep and fast: men are swept away.' },
  deepRiver: { label: 'Deep, lazy river', geometry: 'line', width: [38, 76], depth: [8, 12], sight: 'open', passage: { foot: 'no', horse: 'slow', wheels: 'no' }, wet: true, note: 'Too deep to wade; horses may swim.' },
  ragingTorrent: { label: 'Raging torrent', geometry: 'line', width: [38, 76], depth: [10, 14], sight: 'open', passage: NONE, wet: true, note: 'Nothing crosses but by a bridge.' },
};

export const MARSH_FACTS: { readonly [M in MarshClass]: TerrainFacts } = {
  bog: { label: 'Bog', geometry: 'area', sight: 'open', passage: { foot: 'slow', horse: 'no', wheels: 'no' }, wet: true, note: 'Soft ground men can cross with care.' },
  morass: { label: 'Morass', geometry: 'area', sight: 'open', passage: { foot: 'slow', horse: 'no', wheels: 'no' }, wet: true, note: 'Only men in open order pick their way across.' },
  quagmire: { label: 'Quagmire', geometry: 'area', sight: 'open', passage: { foot: 'slow', horse: 'no', wheels: 'no' }, wet: true, note: 'As a morass, and slow even for men in open order.' },
};

export const SETTLEMENT_FACTS: { readonly [S in SettlementClass]: TerrainFacts & { buildings: readonly [number, number] } } = {
  town: { ...CATALOGUE.settlement, label: 'Town', buildings: [7, 9], note: 'Six or more buildings.' },
  village: { ...CATALOGUE.settlement, label: 'Village', buildings: [3, 6], note: 'Three or more buildings.' },
  hamlet: { ...CATALOGUE.settlement, label: 'Hamlet', buildings: [1, 1], note: 'A single small building.' },
  farm: { ...CATALOGUE.settlement, label: 'Farm', buildings: [1, 1], note: 'A farmhouse, with its enclosed fields.' },
};

export const BUILDING_FACTS: { readonly [B in BuildingMaterial]: TerrainFacts } = {
  wood: { ...CATALOGUE.building, label: 'Wooden building', standing: [20, 35], note: 'Wooden or wood-framed.' },
  stone: { ...CATALOGUE.building, label: 'Stone building', standing: [25, 45], note: 'Stone or brick.' },
};

/** The facts for one feature: its class's entry where its kind has classes, else its kind's. */
export function factsOf(f: TerrainFeature): TerrainFacts {
  switch (f.kind) {
    case 'hill':
      return f.gradient ? HILL_FACTS[f.gradient] : CATALOGUE.hill;
    case 'wood':
    case 'orchard':
      return WOOD_FACTS[woodDensityOf(f)];
    case 'river':
    case 'stream':
      return WATER_FACTS[waterClassOf(f)];
    case 'marsh':
      return MARSH_FACTS[marshClassOf(f)];
    case 'settlement':
      return SETTLEMENT_FACTS[f.class];
    case 'building':
      return BUILDING_FACTS[f.material];
    default:
      return CATALOGUE[f.kind];
  }
}
