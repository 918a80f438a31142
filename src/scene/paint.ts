/**
 * Paint: the material regions every model's vertices are marked with (shared by the model builder
 * in models/ and the scene), and the colours those regions take per nation and troop style.
 *
 * A model carries no colour of its own, only a region per vertex. The scene turns a (nation, style,
 * regiment) into a row of a small palette texture, and each instance names its row, so one model
 * is painted as Prussian musketeers on one base and Austrian ones on the next in the same draw.
 */

/** Region ids, in a fixed order: the ids are written into the .glb files, so only append. */
export const REGIONS = [
  'skin',
  'hair',
  'coat',
  'facings',
  'smallclothes',
  'gaiters',
  'black',
  'belts',
  'hat',
  'trim',
  'plume',
  'sash',
  'steel',
  'brass',
  'wood',
  'carriage',
  'horse',
  'mane',
  'saddlecloth',
  'lace',
  'flagField',
  'flagCross',
  'flagBorder',
  'flagCentre',
  'flagDiagonal',
  'flagChecker',
  'pole',
  'flock',
  'flockLight',
  'baseEdge',
  'earth',
  'grass',
  'stone',
  'plaster',
  'roof',
  'thatch',
  'timber',
  'window',
  'leaf',
  'leafDark',
  'bark',
  'blossom',
  'hedge',
  'planks',
  'sail',
  'slate',
  'marker',
  'markerLight',
  'cuirass',
  'boots',
  'leather',
  'rock',
] as const;

export type Region = (typeof REGIONS)[number];

export const R = Object.fromEntries(REGIONS.map((r, i) => [r, i])) as Record<Region, number>;

/** Width of the palette texture: one texel per region, with room to grow. */
export const PALETTE_WIDTH = 64;

/**
 * Regions whose colour is multiplied by the instance's tint: horses (the tint is the horse's coat;
 * the region colour says how light that part is), leaves and hedges (a little variety per tree).
 */
export const TINTED: Partial<Record<Region, number>> = {
  horse: 1,
  mane: 1,
  leaf: 1,
  leafDark: 1,
  hedge: 1,
  blossom: 0.35,
};

export type Paint = Record<Region, string>;

/** What everything is painted when nothing says otherwise; terrain pieces use it as it is. */
export const BASE_PAINT: Paint = {
  skin: '#e3b08b',
  hair: '#d9d4c8',
  coat: '#8a8a8a',
  facings: '#b3262a',
  smallclothes: '#e6e0cc',
  gaiters: '#1c1c1e',
  black: '#18181a',
  belts: '#eee8d8',
  hat: '#17171a',
  trim: '#ece6d4',
  plume: '#f4f2ea',
  sash: '#c9c9cf',
  steel: '#b9bcc2',
  brass: '#c9a040',
  wood: '#6a4326',
  carriage: '#6a4e2f',
  // Tinted regions: white takes the tint as it is, grey a darker shade of it.
  horse: '#ffffff',
  mane: '#4a4a4a',
  saddlecloth: '#b3262a',
  lace: '#e4c24e',
  flagField: '#f1efe6',
  flagCross: '#f1efe6',
  flagBorder: '#f1efe6',
  flagCentre: '#151515',
  flagDiagonal: '#f1efe6',
  flagChecker: '#f1efe6',
  pole: '#7a5a36',
  flock: '#5d7a34',
  flockLight: '#7d9440',
  baseEdge: '#5a4630',
  earth: '#7a6240',
  grass: '#5f7f36',
  stone: '#a39d8e',
  plaster: '#e6dcc4',
  roof: '#a5482e',
  thatch: '#b8a060',
  timber: '#4a3220',
  window: '#2a3138',
  leaf: '#5d8a3a',
  leafDark: '#3f6a2c',
  bark: '#5a4330',
  blossom: '#f2f0e8',
  hedge: '#47722f',
  planks: '#8a6a45',
  sail: '#e9e2cf',
  slate: '#4f6e64',
  marker: '#d42a22',
  markerLight: '#f4f0e6',
  cuirass: '#bfc3c9',
  boots: '#141416',
  leather: '#5e3f24',
  rock: '#8c877c',
};

/** BASE_PAINT with every colour multiplied by `by` (red, green, blue), e.g. a building blackened by fire. */
export function darkenedPaint(by: readonly [number, number, number]): Paint {
  const out = {} as Paint;
  for (const [region, colour] of Object.entries(BASE_PAINT) as [Region, string][]) {
    const n = parseInt(colour.slice(1), 16);
    const channel = (shift: number, k: number): string => Math.round(((n >> shift) & 255) * k).toString(16).padStart(2, '0');
    out[region] = `#${channel(16, by[0])}${channel(8, by[1])}${channel(0, by[2])}`;
  }
  return out;
}

/** How a troop type is dressed; the nation says the colours. */
export type PaintStyle =
  | 'line'
  | 'grenadier'
  | 'militia'
  | 'jager'
  | 'grenzer'
  | 'freikorps'
  | 'cuirassier'
  | 'dragoon'
  | 'hussar'
  | 'cossack'
  | 'artillery'
  | 'general'
  | 'train';

/** A flag colour, or 'facing' for the regiment's facing colour. */
type FlagColour = string;

interface NationPaint {
  /** The line infantry's dress. */
  line: Partial<Paint>;
  /** Regimental facing colours; a regiment takes one by its id. */
  facings: string[];
  flag: { field: FlagColour; cross?: FlagColour; border?: FlagColour; centre?: FlagColour; diagonal?: FlagColour; checker?: FlagColour };
  styles: Partial<Record<PaintStyle, Omit<Partial<Paint>, 'facings'> & { facings?: string[] }>>;
}

const BLACK = '#18181a';
const WHITE_COAT = '#ebe7db';
const STRAW = '#d8c9a0';
const BUFF = '#d9c79c';
const RED = '#b3262a';
const GOLD = '#d9b44a';
const SILVER = '#d8d8dc';
const BLACK_CUIRASS = '#26262b';

/**
 * Mid-18th-century dress by nation, simplified to what reads at table distance. Facings vary by
 * regiment; flags carry the nation's colours (Prussian white with black eagle and coloured flames,
 * Austrian yellow with black eagle, the French white cross, the British union, Bavarian lozenges).
 */
const NATIONS: Record<string, NationPaint> = {
  prussia: {
    line: { coat: '#1c2a56', smallclothes: STRAW, gaiters: BLACK, belts: '#efe9da', trim: '#efe9da', sash: SILVER, carriage: '#3e5270', saddlecloth: RED },
    facings: [RED, '#d9862b', '#dcbf3e', '#d990a2', '#6d93c8', '#e07a2a'],
    flag: { field: '#f3f1e8', centre: '#141414', diagonal: 'facing', border: '#f3f1e8' },
    styles: {
      jager: { coat: '#2f4a2c', facings: [RED], smallclothes: BUFF },
      freikorps: { coat: '#2a4f7a', facings: ['#c23a2a', '#2f5a32', '#dcbf3e'], smallclothes: '#efeadc' },
      cuirassier: { coat: '#ece3c4', smallclothes: STRAW, cuirass: BLACK_CUIRASS, facings: [RED, '#2a4f9a', '#e0c040', '#111111'] },
      dragoon: { coat: '#8db4dc', smallclothes: STRAW, facings: [RED, '#efeadc', '#dcbf3e', '#f09a3a'] },
      hussar: { coat: RED, facings: ['#1c2a56'], trim: '#efeadc', hat: '#141414', smallclothes: '#1c2a56', lace: '#efeadc', saddlecloth: '#1c2a56' },
      artillery: { coat: '#1c2a56', facings: ['#141414'], smallclothes: STRAW },
      general: { coat: '#1c2a56', facings: [RED], trim: GOLD, lace: GOLD, plume: '#f6f5ef', saddlecloth: RED },
      train: { coat: '#5a6a7a', facings: ['#1c2a56'] },
    },
  },
  austria: {
    line: { coat: WHITE_COAT, smallclothes: WHITE_COAT, gaiters: BLACK, belts: BUFF, trim: '#f2efe6', sash: '#dcc04a', carriage: '#c9a23a', saddlecloth: RED },
    facings: [RED, '#25448a', '#2f6b3a', '#dcb43d', '#e08a9a', '#6b1f33', '#3f8ab0'],
    flag: { field: '#e9c84c', centre: '#141414', border: RED },
    styles: {
      grenzer: { coat: '#7a3b2a', facings: ['#2f5a8a', '#dcb43d', '#2f6b3a'], smallclothes: '#2f4a7a', gaiters: '#2f4a7a', hat: '#1a1a1a' },
      jager: { coat: '#6d6e5a', facings: ['#2e5a32'], smallclothes: '#6d6e5a' },
      freikorps: { coat: '#5b3a2a', facings: [RED], smallclothes: '#2f4a7a' },
      cuirassier: { coat: WHITE_COAT, cuirass: BLACK_CUIRASS, facings: [RED, '#25448a', '#2f6b3a'] },
      dragoon: { coat: WHITE_COAT, facings: [RED, '#25448a', '#2f6b3a', '#dcb43d'] },
      hussar: { coat: '#2f4f8f', facings: [RED], trim: '#e4c44a', lace: '#e4c44a', hat: '#3d2a1c', smallclothes: RED, saddlecloth: RED },
      artillery: { coat: '#8a6e4e', facings: [RED], smallclothes: '#8a6e4e' },
      general: { coat: WHITE_COAT, facings: [RED], trim: GOLD, lace: GOLD, plume: '#2f7a3a', saddlecloth: RED },
      train: { coat: '#8a6e4e', facings: ['#dcb43d'] },
    },
  },
  russia: {
    line: { coat: '#2e5a34', smallclothes: RED, gaiters: BLACK, belts: BUFF, carriage: '#a63226', saddlecloth: RED },
    facings: [RED],
    flag: { field: '#f3f1e8', centre: '#141414', diagonal: '#33509c' },
    styles: {
      jager: { coat: '#3e6b3a', facings: ['#3e6b3a'], smallclothes: '#3e6b3a' },
      cossack: { coat: '#2a3f7a', facings: [RED], smallclothes: RED, hat: '#1a1a1a', trim: RED, saddlecloth: '#2a3f7a' },
      cuirassier: { coat: '#ece2c0', cuirass: BLACK_CUIRASS, facings: [RED, '#25448a'] },
      dragoon: { coat: '#2e5a34', facings: [RED] },
      hussar: { coat: '#c9a040', facings: ['#2a3f7a'], lace: '#f2efe6', hat: '#141414', smallclothes: '#2a3f7a' },
      artillery: { coat: RED, facings: ['#141414'], smallclothes: RED },
      general: { coat: '#2e5a34', facings: [RED], trim: GOLD, lace: GOLD, plume: '#f6f5ef' },
      train: { coat: '#2e5a34', facings: [RED] },
    },
  },
  france: {
    line: { coat: '#e3dfd2', smallclothes: '#e3dfd2', gaiters: '#efece4', belts: BUFF, trim: '#f2efe6', sash: '#f2efe6', carriage: '#8c3a2a' },
    facings: ['#25448a', RED, '#141414', '#2f6b3a', '#dcb43d', '#7a1f2f'],
    flag: { field: 'facing', cross: '#f6f4ee', centre: '#f6f4ee' },
    styles: {
      jager: { coat: '#2f5a3a', facings: [RED] },
      freikorps: { coat: '#2f5a3a', facings: ['#dcb43d'] },
      cuirassier: { coat: '#ece2c0', facings: [RED] },
      dragoon: { coat: RED, facings: ['#25448a'] },
      hussar: { coat: '#3a5a9a', facings: [RED], lace: '#f2efe6', hat: '#141414' },
      artillery: { coat: '#25448a', facings: [RED] },
      general: { coat: '#25448a', facings: ['#25448a'], trim: GOLD, lace: GOLD, plume: '#f6f5ef' },
      train: { coat: '#6a6a6a', facings: [RED] },
    },
  },
  britain: {
    line: { coat: '#b3262c', smallclothes: '#b3262c', gaiters: '#efece4', belts: BUFF, trim: '#f2efe6', sash: '#8a1f2a', carriage: '#5e6e7c' },
    facings: ['#25448a', '#dcb43d', '#2f6b3a', BUFF, '#141414', '#efe9da'],
    flag: { field: '#23337a', cross: '#c41e2a', diagonal: '#f6f4ee', centre: '#c41e2a', border: '#23337a' },
    styles: {
      grenadier: { trim: 'facing' },
      jager: { coat: '#2f5a3a', facings: ['#141414'] },
      dragoon: { coat: '#b3262c', facings: ['#25448a', '#dcb43d'] },
      hussar: { coat: '#b3262c', facings: ['#25448a'], hat: '#141414' },
      cuirassier: { coat: '#b3262c', facings: ['#25448a'] },
      artillery: { coat: '#1f2e5a', facings: [RED] },
      general: { coat: '#b3262c', facings: ['#25448a'], trim: GOLD, lace: GOLD, plume: '#f6f5ef' },
      train: { coat: '#1f2e5a', facings: [RED] },
    },
  },
  bavaria: {
    line: { coat: '#76a8d8', smallclothes: '#efeadc', gaiters: BLACK, belts: '#efe9da', carriage: '#3a5a8a' },
    facings: [BLACK, RED, '#efeadc', '#dcb43d', '#e08a9a'],
    flag: { field: '#f3f1e8', checker: '#5f93cf', centre: '#dcb43d' },
    styles: {
      cuirassier: { coat: '#ece2c0', facings: ['#141414'] },
      dragoon: { coat: '#76a8d8', facings: [RED] },
      artillery: { coat: '#5a6a7a', facings: ['#141414'] },
      general: { coat: '#76a8d8', facings: [RED], trim: '#d8d8dc', lace: '#d8d8dc', plume: '#f6f5ef' },
    },
  },
  saxony: {
    line: { coat: WHITE_COAT, smallclothes: '#efeadc', gaiters: BLACK, belts: BUFF, carriage: '#4a5a3a' },
    facings: [RED, '#2f6b3a', '#25448a', '#dcb43d'],
    flag: { field: '#f3f1e8', centre: '#2f6b3a', border: '#dcb43d' },
    styles: {},
  },
  sweden: {
    line: { coat: '#2c4f8f', smallclothes: '#dcb43d', gaiters: BLACK, belts: BUFF },
    facings: ['#dcb43d'],
    flag: { field: '#2c4f8f', cross: '#dcb43d', centre: '#dcb43d' },
    styles: {},
  },
  hanover: {
    line: { coat: '#b8312f', smallclothes: '#efeadc', gaiters: '#efece4', belts: BUFF },
    facings: ['#25448a', '#dcb43d', '#efeadc', '#2f6b3a'],
    flag: { field: 'facing', centre: '#f3f1e8' },
    styles: {},
  },
};

const ALIASES: Record<string, string> = {
  'great-britain': 'britain',
  england: 'britain',
  uk: 'britain',
  'holy-roman-empire': 'austria',
};

export function nationPaintKnown(nation: string): boolean {
  const n = nation.toLowerCase();
  return n in NATIONS || n in ALIASES;
}

/** A small stable hash, for picking a regiment's facings and a horse's coat. */
export function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

/**
 * The paint of one regiment: the nation's line dress, then the style's, with a facing colour taken
 * by the regiment's id. Nations we do not know wear the side's colour with red facings.
 */
export function regimentPaint(nation: string, style: PaintStyle, regiment: string, sideColour: string): Paint {
  const key = nation.toLowerCase();
  const np = NATIONS[ALIASES[key] ?? key];
  if (!np) {
    return {
      ...BASE_PAINT,
      coat: sideColour,
      saddlecloth: sideColour,
      flagField: sideColour,
      flagBorder: sideColour,
      flagCentre: '#f3f1e8',
      ...(style === 'general' ? { trim: GOLD, lace: GOLD } : {}),
    };
  }
  const st = np.styles[style] ?? {};
  const facings = st.facings ?? np.facings;
  const facing = facings[hashString(regiment) % facings.length] ?? RED;
  const { facings: _unused, ...stPaint } = st;
  const paint: Paint = { ...BASE_PAINT, ...np.line, saddlecloth: facing, facings: facing, ...stPaint };
  for (const k of Object.keys(paint) as Region[]) if (paint[k] === 'facing') paint[k] = facing;
  const f = np.flag;
  const flag = (c: FlagColour | undefined, fallback: string) => (c === undefined ? fallback : c === 'facing' ? facing : c);
  paint.flagField = flag(f.field, '#f3f1e8');
  paint.flagCross = flag(f.cross, paint.flagField);
  paint.flagBorder = flag(f.border, paint.flagField);
  paint.flagCentre = flag(f.centre, paint.flagField);
  paint.flagDiagonal = flag(f.diagonal, paint.flagField);
  paint.flagChecker = flag(f.checker, paint.flagField);
  if (style === 'grenadier' && paint.trim === paint.coat) paint.trim = BASE_PAINT.brass;
  return paint;
}

/** Horse coats: bays, chestnuts, browns, a black and a grey. Heavy horse rides the darker ones. */
export const HORSE_COATS = ['#6b3f24', '#4a2c1a', '#7e4424', '#2a201b', '#8c6a4a', '#5a3822', '#c9c5bc', '#a0522d'];
export const HEAVY_HORSE_COATS = ['#2a201b', '#3a2618', '#4a2c1a', '#241c18'];

export function horseCoat(seed: number, heavy: boolean): string {
  const list = heavy ? HEAVY_HORSE_COATS : HORSE_COATS;
  return list[seed % list.length]!;
}
