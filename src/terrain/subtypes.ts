/**
 * Subtypes laid over a generated battlefield: a rulebook may roll what kind of wood, marsh or
 * watercourse each feature is after the table is laid (horse-and-musket B §5.2), and may keep some
 * of them secret from one side. The spec carries the verdicts (`BattlefieldSpec.subtypes`), so the
 * battlefield a state describes is always the true one, and a side's view of the state carries a
 * spec with the secret ones written as unknown.
 *
 * An unknown subtype gives the feature the commonest kind of its table (woodland, a bog, a minor
 * stream, a river) for anything that reads it, and `subtypeHidden`, the generic word the page draws
 * and names it by. The feature's shape never changes; its canopy height and channel depth are moved
 * into the range of the kind it now shows, keeping their place within the range, so neither says
 * anything about a subtype the viewer does not know; a set-up table then cuts the watercourse's
 * channel again to its new depth (battlefield.ts, setup.ts `cutChannels`).
 */

import { MARSH_CLASSES, WATER_CLASSES, WOOD_DENSITIES, type TerrainFeature, type WaterClass } from './features';
import { WATER_FACTS, WOOD_FACTS } from './catalogue';

/** The value for a feature whose subtype the viewer does not know. */
export const UNKNOWN_SUBTYPE = 'unknown';

/** Feature id to its subtype (a wood density, a marsh class, a water class) or UNKNOWN_SUBTYPE. */
export type SubtypeOverrides = Record<string, string>;

/** The generic words for a feature of unknown subtype, by kind. */
export const GENERIC_WORDS: Readonly<Record<'wood' | 'marsh' | 'stream' | 'river', string>> = {
  wood: 'wooded area',
  marsh: 'marshy ground',
  stream: 'watercourse',
  river: 'watercourse',
};

const STREAM_CLASSES: readonly WaterClass[] = ['minorStream', 'torrentialStream'];
const RIVER_CLASSES: readonly WaterClass[] = WATER_CLASSES.filter((c) => !STREAM_CLASSES.includes(c));

/** Whether a feature takes a subtype roll, and the values it may take. */
export function subtypeChoices(f: TerrainFeature): readonly string[] | null {
  if (f.kind === 'wood') return WOOD_DENSITIES;
  if (f.kind === 'marsh') return MARSH_CLASSES;
  if (f.kind === 'stream') return STREAM_CLASSES;
  if (f.kind === 'river') return RIVER_CLASSES;
  return null;
}

/** Move `value` from its place in [lo, hi] to the same place in [lo2, hi2]. */
function rescale(value: number, [lo, hi]: readonly [number, number], [lo2, hi2]: readonly [number, number]): number {
  // The same range leaves the value to the last bit, so a kind that does not move the ground shares its heightmap.
  if (lo === lo2 && hi === hi2) return value;
  const t = hi > lo ? Math.min(1, Math.max(0, (value - lo) / (hi - lo))) : 0.5;
  return lo2 + t * (hi2 - lo2);
}

/** For a feature laid without a kind: the range its number was likely drawn from, the one holding it, else the widest. */
function rangeHolding(value: number, ranges: readonly (readonly [number, number])[]): readonly [number, number] {
  const holding = ranges.filter(([lo, hi]) => value >= lo && value <= hi);
  return (holding.length ? holding : ranges).reduce((a, b) => (b[1] - b[0] > a[1] - a[0] ? b : a));
}

/**
 * The features with the subtypes laid over them. A value the feature cannot take is refused with a
 * RangeError naming it (a hand-edited save), as is an override for a feature that is not there.
 */
export function applySubtypes(features: readonly TerrainFeature[], overrides: SubtypeOverrides): TerrainFeature[] {
  const ids = new Set(features.map((f) => f.id));
  for (const id of Object.keys(overrides)) if (!ids.has(id)) throw new RangeError(`subtypes: there is no feature "${id}" on this battlefield`);
  return features.map((f) => {
    const value = overrides[f.id];
    const choices = subtypeChoices(f);
    if (value === undefined || !choices) return f;
    if (value !== UNKNOWN_SUBTYPE && !choices.includes(value)) throw new RangeError(`subtypes: ${f.name} cannot be "${value}"; it may be ${choices.join(', ')}`);
    const hidden = value === UNKNOWN_SUBTYPE;
    if (f.kind === 'wood') {
      const density = hidden ? 'woodland' : (value as (typeof WOOD_DENSITIES)[number]);
      // The canopy was drawn from the range of the density the wood was laid with.
      const from = f.density ? WOOD_FACTS[f.density].standing! : rangeHolding(f.canopyHeight, WOOD_DENSITIES.map((d) => WOOD_FACTS[d].standing!));
      const out = { ...f, density, canopyHeight: rescale(f.canopyHeight, from, WOOD_FACTS[density].standing!) };
      return hidden ? { ...out, subtypeHidden: GENERIC_WORDS.wood } : withoutHidden(out);
    }
    if (f.kind === 'marsh') {
      const out = { ...f, class: hidden ? 'bog' : (value as (typeof MARSH_CLASSES)[number]) };
      return hidden ? { ...out, subtypeHidden: GENERIC_WORDS.marsh } : withoutHidden(out);
    }
    if (f.kind === 'stream' || f.kind === 'river') {
      const old = f.class ?? (f.kind === 'stream' ? 'minorStream' : 'river');
      const cls: WaterClass = hidden ? (f.kind === 'stream' ? 'minorStream' : 'river') : (value as WaterClass);
      const word = hidden ? GENERIC_WORDS[f.kind] : WATER_FACTS[cls].label.toLowerCase();
      const kinds = f.kind === 'stream' ? STREAM_CLASSES : RIVER_CLASSES;
      const from = f.class ? WATER_FACTS[f.class].depth! : rangeHolding(f.depth, kinds.map((c) => WATER_FACTS[c].depth!));
      const name = f.name.replace(WATER_FACTS[old].label.toLowerCase(), word);
      const out = { ...f, name, class: cls, depth: rescale(f.depth, from, WATER_FACTS[cls].depth!) };
      return hidden ? { ...out, subtypeHidden: GENERIC_WORDS[f.kind] } : withoutHidden(out);
    }
    return f;
  });
}

function withoutHidden<F extends { subtypeHidden?: string }>(f: F): F {
  const out = { ...f };
  delete out.subtypeHidden;
  return out;
}
