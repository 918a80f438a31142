/**
 * Which miniatures stand on a base, and where. The scene knows no rules: it maps a ruleset's troop
 * type id to a figure style through the tables below (data, not code), falling back on the unit's
 * broad kind for ids it does not know, so a new ruleset draws sensibly before anyone adds a row.
 *
 * Positions are in the stand's frame (f forward, l to the right, mm); `size` is the height of a
 * standing man in mm, the scale every model is built at.
 */

import type { Stand, TroopKind } from '../core/model';
import type { PaintStyle } from './paint';

/** A kind of figure, before the nation picks the model (a grenadier wears a mitre or a bearskin). */
export type Family =
  | 'line'
  | 'grenadier'
  | 'light'
  | 'rifles'
  | 'irregular'
  | 'grenzer'
  | 'freikorps'
  | 'dragoon'
  | 'cuirassier'
  | 'hussar'
  | 'cossack'
  | 'fieldGun'
  | 'howitzer'
  | 'general'
  | 'cinc'
  | 'wagon'
  | 'boat';

export interface StyleRow {
  family: Family;
  paint: PaintStyle;
  /** Skirmishers: figures stand loose, in no ranks. */
  loose?: boolean;
  /** Heavy horse rides dark horses. */
  heavy?: boolean;
  /** Guns bigger than a field piece. */
  gunScale?: number;
}

/** Ruleset type ids (of every ruleset so far, and the obvious names of those to come). */
export const TYPE_STYLES: Record<string, StyleRow> = {
  line: { family: 'line', paint: 'line' },
  musketeer: { family: 'line', paint: 'line' },
  fusilier: { family: 'line', paint: 'line' },
  militia: { family: 'line', paint: 'militia' },
  guard: { family: 'grenadier', paint: 'grenadier' },
  grenadier: { family: 'grenadier', paint: 'grenadier' },
  shock: { family: 'grenadier', paint: 'grenadier' },
  light: { family: 'light', paint: 'jager', loose: true },
  jager: { family: 'rifles', paint: 'jager', loose: true },
  rifles: { family: 'rifles', paint: 'jager', loose: true },
  irregular: { family: 'irregular', paint: 'freikorps', loose: true },
  grenzer: { family: 'grenzer', paint: 'grenzer', loose: true },
  freikorps: { family: 'freikorps', paint: 'freikorps', loose: true },
  cavalry: { family: 'dragoon', paint: 'dragoon' },
  dragoon: { family: 'dragoon', paint: 'dragoon' },
  eliteCavalry: { family: 'cuirassier', paint: 'cuirassier', heavy: true },
  cuirassier: { family: 'cuirassier', paint: 'cuirassier', heavy: true },
  heavyCavalry: { family: 'cuirassier', paint: 'cuirassier', heavy: true },
  lightCavalry: { family: 'hussar', paint: 'hussar' },
  hussar: { family: 'hussar', paint: 'hussar' },
  cossack: { family: 'cossack', paint: 'cossack' },
  lightGun: { family: 'fieldGun', paint: 'artillery', gunScale: 0.9 },
  footArtillery: { family: 'fieldGun', paint: 'artillery' },
  heavyArtillery: { family: 'fieldGun', paint: 'artillery', gunScale: 1.2 },
  howitzer: { family: 'howitzer', paint: 'artillery' },
  commander: { family: 'cinc', paint: 'general' },
  cinc: { family: 'cinc', paint: 'general' },
  general: { family: 'general', paint: 'general' },
  brigadier: { family: 'general', paint: 'general' },
  wagon: { family: 'wagon', paint: 'train' },
  boat: { family: 'boat', paint: 'line' },
};

/** For type ids no table knows: the unit's broad kind decides. */
export const KIND_STYLES: Record<TroopKind, StyleRow> = {
  infantry: { family: 'line', paint: 'line' },
  cavalry: { family: 'dragoon', paint: 'dragoon' },
  artillery: { family: 'fieldGun', paint: 'artillery' },
  commander: { family: 'general', paint: 'general' },
  wagon: { family: 'wagon', paint: 'train' },
  boat: { family: 'boat', paint: 'line' },
  /** A counter: a bare base in the side's colours, no figures (Counters.tsx puts its number on it). */
  marker: { family: 'line', paint: 'line' },
};

/** The model a family wears, unless the nation's row below says otherwise. */
const FAMILY_MODELS: Record<Family, string> = {
  line: 'musketeer',
  grenadier: 'grenadierMitre',
  light: 'skirmisher',
  rifles: 'skirmisher',
  irregular: 'freikorps',
  grenzer: 'grenzer',
  freikorps: 'freikorps',
  dragoon: 'dragoon',
  cuirassier: 'cuirassier',
  hussar: 'hussarBusby',
  cossack: 'cossack',
  fieldGun: 'fieldGun',
  howitzer: 'howitzer',
  general: 'general',
  cinc: 'general',
  wagon: 'wagon',
  boat: 'boat',
};

/** National differences: Austrian grenadiers in bearskins, Prussian hussars in mirlitons... */
const NATION_MODELS: Record<string, Partial<Record<Family, { model: string; paint?: PaintStyle }>>> = {
  prussia: { hussar: { model: 'hussarMirliton' }, light: { model: 'freikorps', paint: 'freikorps' } },
  austria: {
    grenadier: { model: 'grenadierBearskin' },
    light: { model: 'grenzer', paint: 'grenzer' },
    irregular: { model: 'grenzer', paint: 'grenzer' },
  },
  france: { grenadier: { model: 'grenadierBearskin' } },
  bavaria: { grenadier: { model: 'grenadierBearskin' } },
  saxony: { grenadier: { model: 'grenadierBearskin' } },
  russia: { irregular: { model: 'skirmisher', paint: 'jager' } },
};

export interface FigureStyle extends StyleRow {
  /** The model of the rank and file. */
  model: string;
}

/** How a unit of this type, kind and nation is drawn. */
export function figureStyle(type: string, kind: TroopKind, nation: string): FigureStyle {
  const row = TYPE_STYLES[type] ?? KIND_STYLES[kind];
  const national = NATION_MODELS[nation.toLowerCase()]?.[row.family];
  return { ...row, model: national?.model ?? FAMILY_MODELS[row.family], paint: national?.paint ?? row.paint };
}

// --- Layout -------------------------------------------------------------------------------------

/** One model on a stand. */
export interface FigureSlot {
  model: string;
  f: number;
  l: number;
  /** Scale: the height of a standing man, mm. */
  size: number;
  /** Extra turn about the vertical, radians (crew facing the gun, loose skirmishers). */
  yaw: number;
  /** Ridden or drawn by horses: tinted with a horse's coat. */
  horse?: boolean;
}

export interface StandContext {
  style: FigureStyle;
  kind: TroopKind;
  formation: string;
  /** This is the unit's colour stand: it carries the flag (and the officer and drummer). */
  colours: boolean;
  /** The battle's figure scale (mm for a standing man), so horse and foot match. */
  scale: number;
  /** Per-stand seed, for the loose placement of skirmishers. */
  seed: number;
}

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

function rand(seed: number, i: number): number {
  let h = Math.imul(seed ^ Math.imul(i + 1, 0x9e3779b1), 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 4294967296;
}

/** The size of a foot figure that fills a stand of this shape (also the battle's figure scale). */
export function footSize(stand: Pick<Stand, 'width' | 'depth' | 'figures'>): number {
  const ranks = stand.figures >= 4 && stand.depth >= stand.width * 0.3 ? 2 : 1;
  const files = stand.figures > 0 ? clamp(Math.ceil(stand.figures / ranks), 1, 16) : clamp(Math.round(stand.width / 12), 1, 12);
  return Math.min((stand.width / files) * 1.8, (stand.depth / ranks) * 2.0, 28);
}

/** Where the figures of one stand go. */
export function standFigures(stand: Stand, ctx: StandContext): FigureSlot[] {
  const w = stand.width;
  const d = stand.depth;
  const { style } = ctx;
  switch (ctx.kind) {
    case 'infantry':
      return style.loose || ctx.formation === 'skirmish' ? looseFoot(stand, ctx) : formedFoot(stand, ctx);
    case 'cavalry': {
      const n = stand.figures > 0 ? clamp(stand.figures, 1, 8) : clamp(Math.round(w / (d * 0.6)), 1, 6);
      const size = Math.min(ctx.scale, d / 1.25, (w / n) / 0.34);
      const out: FigureSlot[] = [];
      for (let i = 0; i < n; i++) {
        const model = ctx.colours && i === Math.floor((n - 1) / 2) ? 'cornet' : style.model;
        out.push({ model, f: d * 0.05 - (i % 2) * d * 0.04, l: -w / 2 + (w / n) * (i + 0.5), size, yaw: 0, horse: true });
      }
      return out;
    }
    case 'artillery':
      return gunStand(stand, ctx);
    case 'commander': {
      const size = Math.min(ctx.scale, d / 1.3, w / 0.9);
      const out: FigureSlot[] = [{ model: 'general', f: d * 0.12, l: w * 0.1, size, yaw: 0, horse: true }];
      out.push({ model: 'staff', f: -d * 0.2, l: -w * 0.22, size, yaw: 0.35, horse: true });
      if (style.family === 'cinc') out.push({ model: 'cornet', f: -d * 0.25, l: w * 0.3, size, yaw: -0.2, horse: true });
      return out;
    }
    case 'wagon':
      return [{ model: 'wagon', f: -d * 0.12, l: 0, size: Math.min(ctx.scale, d / 2.4, w / 0.75), yaw: 0, horse: true }];
    case 'boat':
      return [{ model: 'boat', f: 0, l: 0, size: Math.min(ctx.scale, d / 2.2, w / 0.7), yaw: 0 }];
    case 'marker':
      return [];
  }
}

/** Close-order foot in one or two ranks; the colour stand puts its ensign, officer and drummer in. */
function formedFoot(stand: Stand, ctx: StandContext): FigureSlot[] {
  const { width: w, depth: d } = stand;
  const count = stand.figures > 0 ? stand.figures : Math.max(2, Math.round(w / 12) * (d >= 12 ? 2 : 1));
  const ranks = count >= 4 && d >= w * 0.3 ? 2 : 1;
  const files = clamp(Math.ceil(count / ranks), 1, 16);
  const size = Math.min(ctx.scale, footSize({ width: w, depth: d, figures: count }));
  const across = w / files;
  const along = d / ranks;
  const out: FigureSlot[] = [];
  for (let r = 0; r < ranks; r++) {
    for (let c = 0; c < files && out.length < count; c++) {
      // The rear rank covers the gaps of the front one.
      const stagger = r % 2 === 1 ? across * 0.2 : 0;
      out.push({
        model: ctx.style.model,
        f: d / 2 - along * (r + 0.5) + along * 0.08,
        l: -w / 2 + across * (c + 0.5) + stagger,
        size,
        yaw: 0,
      });
    }
  }
  if (ctx.colours && out.length > 0) {
    const mid = Math.floor((files - 1) / 2);
    out[mid]!.model = 'bearer';
    // The officer steps out in front of the colours; the drummer beats in the rear rank.
    if (count >= 3) out.push({ model: 'officer', f: d / 2 - along * 0.05, l: out[mid]!.l + across * 0.5, size, yaw: 0.3 });
    if (ranks > 1 && out[files + mid]) out[files + mid]!.model = 'drummer';
  }
  return out;
}

/** Skirmishers: scattered over the base, each turned a little his own way. */
function looseFoot(stand: Stand, ctx: StandContext): FigureSlot[] {
  const { width: w, depth: d } = stand;
  const count = stand.figures > 0 ? clamp(stand.figures, 1, 8) : 2;
  const size = Math.min(ctx.scale, footSize({ width: w, depth: d, figures: 2 }));
  const out: FigureSlot[] = [];
  for (let i = 0; i < count; i++) {
    const slot = (i + 0.5) / count;
    out.push({
      model: ctx.style.model,
      f: (rand(ctx.seed, i * 3) - 0.5) * d * 0.45 - d * 0.05,
      l: -w / 2 + w * slot + (rand(ctx.seed, i * 3 + 1) - 0.5) * (w / count) * 0.4,
      size,
      yaw: (rand(ctx.seed, i * 3 + 2) - 0.5) * 0.9,
    });
  }
  return out;
}

/** A gun with its crew, or limbered: the team in front, the gun hooked on behind. */
function gunStand(stand: Stand, ctx: StandContext): FigureSlot[] {
  const { width: w, depth: d } = stand;
  const gunModel = ctx.style.model;
  const scale = ctx.style.gunScale ?? 1;
  if (ctx.formation === 'limbered') {
    // The team is about 3.4 men long and the gun 1.7: fit both in the depth.
    const size = Math.min(ctx.scale, d / 5.3, w / 0.75);
    return [
      { model: 'limberTeam', f: -d / 2 + size * 1.95, l: 0, size, yaw: 0, horse: true },
      { model: gunModel, f: -d / 2 + size * 0.45, l: 0, size: size * scale, yaw: Math.PI },
    ];
  }
  const size = Math.min(ctx.scale, d / 2.6, w / 1.1);
  const out: FigureSlot[] = [{ model: gunModel, f: d * 0.12, l: 0, size: size * scale, yaw: 0 }];
  const crew = stand.figures > 0 ? clamp(stand.figures, 1, 5) : 3;
  // Rammer at the muzzle, the gunner with his linstock by the breech, the rest behind.
  const spots: { model: string; f: number; l: number; yaw: number }[] = [
    { model: 'gunnerRammer', f: d * 0.28, l: w * 0.33, yaw: Math.PI / 2 + 0.3 },
    { model: 'gunnerLinstock', f: -d * 0.1, l: -w * 0.34, yaw: -0.5 },
    { model: 'gunnerRammer', f: -d * 0.3, l: w * 0.22, yaw: 0.2 },
    { model: 'gunnerLinstock', f: -d * 0.34, l: -w * 0.08, yaw: 0 },
    { model: 'gunnerRammer', f: -d * 0.38, l: w * 0.4, yaw: 0 },
  ];
  for (let i = 0; i < crew; i++) out.push({ ...spots[i]!, size });
  return out;
}
