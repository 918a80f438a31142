/**
 * Fire forecasts for the AI, read off the fire charts without throwing a die (B §1.6, §2.4, §2.8):
 * every number of hits a throw can give is weighed by its chance and put on the target as the
 * rules put it (disorder first, then each further hit destroys a stand, with cover saves), so the
 * AI knows what a ball at 20", grapeshot at 5" or a skirmish line's volley is worth against this
 * target in this state.
 */

import type { Battlefield } from '../../terrain/battlefield';
import {
  applyFireHits,
  BALL_SUBTRACT,
  GRAPESHOT_DICE,
  GRAPESHOT_HIT_NEED,
  saveNeed,
  skirmisherFireOutcome,
  type Ammunition,
} from './charts';
import { artilleryTargets, fireCover, skirmishTargets } from './fire';
import { parsePlan, type SkirmishPlan } from './skirmishPlan';
import type { HmState, HmUnit } from './types';
import { countsForBreak, destroyedCount, disorderedCount, isShaken, permanentlyShaken, unitById } from './world';

/** Chance of each number of hits, index = hits. */
export type HitChances = number[];

/** One ball or shell: 1D6 − 3 stands (B §2.4). */
export function ballHitChances(): HitChances {
  const out: HitChances = [];
  for (let die = 1; die <= 6; die++) {
    const h = Math.max(0, die - BALL_SUBTRACT);
    out[h] = (out[h] ?? 0) + 1 / 6;
  }
  return out;
}

/** Grapeshot: 4D6, each 4+ a hit (B §2.4): a binomial count. */
export function grapeshotHitChances(): HitChances {
  const p = (7 - GRAPESHOT_HIT_NEED) / 6;
  const n = GRAPESHOT_DICE;
  const out: HitChances = [];
  let ways = 1;
  for (let k = 0; k <= n; k++) {
    out[k] = ways * p ** k * (1 - p) ** (n - k);
    ways = (ways * (n - k)) / (k + 1);
  }
  return out;
}

/** What a fire forecast expects to happen to its target. */
export interface FireOutlook {
  /** Expected stands newly disordered. */
  disordered: number;
  /** Expected stands destroyed, after cover saves. */
  destroyed: number;
  /** Chance the target is shaken afterwards when it was not before (it can then no longer Attack). */
  shakes: number;
  /** Chance half its stands are destroyed afterwards when they were not before: shaken for good, lost for the army's break. */
  breaks: number;
  /** Guns: chance of at least one result on the under-fire table (suppressed, crew fled or damaged). */
  silences: number;
}

const NONE: FireOutlook = { disordered: 0, destroyed: 0, shakes: 0, breaks: 0, silences: 0 };

export interface TargetNow {
  stands: number;
  disordered: number;
  destroyed: number;
  original: number;
  shaken: boolean;
  gone: boolean;
}

function targetNow(state: HmState, t: HmUnit): TargetNow {
  return {
    stands: t.stands.length,
    disordered: disorderedCount(t),
    destroyed: destroyedCount(t),
    original: t.rs.originalStands,
    shaken: isShaken(state, t),
    gone: permanentlyShaken(t),
  };
}

/**
 * Weigh one outcome into the outlook: `disorder` stands newly disordered, `destroy` stands that
 * would be destroyed but may save in cover, and `sure` stands lost outright with no save.
 */
function addOutcome(out: FireOutlook, now: TargetNow, p: number, disorder: number, destroy: number, save: number | null, sure = 0): void {
  const pSave = save === null ? 0 : (7 - save) / 6;
  // The chance that exactly k of the `destroy` stands are lost after saves: a binomial.
  let ways = 1;
  for (let k = 0; k <= destroy; k++) {
    const pk = ways * (1 - pSave) ** k * pSave ** (destroy - k);
    ways = (ways * (destroy - k)) / (k + 1);
    const q = p * pk;
    if (q === 0) continue;
    const lost = Math.min(now.stands, k + sure);
    out.disordered += q * disorder;
    out.destroyed += q * lost;
    const destroyedAfter = now.destroyed + lost;
    const disorderedAfter = Math.min(now.stands - lost, now.disordered + disorder);
    const shakenAfter = disorderedAfter + destroyedAfter > now.original / 2 || destroyedAfter >= now.original / 2;
    if (!now.shaken && shakenAfter) out.shakes += q;
    if (!now.gone && destroyedAfter * 2 >= now.original) out.breaks += q;
  }
}

/** Hits from a battery's fire put on a target by the overflow rule, with cover saves (B §2.4). */
export function hitsOutlook(now: TargetNow, chances: HitChances, save: number | null): FireOutlook {
  const out: FireOutlook = { ...NONE };
  chances.forEach((p, hits) => {
    if (!p) return;
    const { disorder, destroy } = applyFireHits(hits, now.stands, now.disordered);
    addOutcome(out, now, p, disorder, destroy, save);
  });
  return out;
}

/** Guns under fire roll on the under-fire table for each result; every row takes them out of action for a while (B §2.8). */
function gunOutlook(chances: HitChances): FireOutlook {
  return { ...NONE, silences: 1 - (chances[0] ?? 0) };
}

/** A battery's shot at a target, with the ammunition the range gives (B §2.2): grapeshot within 6", else ball or shell. */
export function artilleryOutlook(state: HmState, bf: Battlefield, gun: HmUnit, t: HmUnit): FireOutlook {
  const near = artilleryTargets(state, bf, gun, 'grapeshot').legal.some((x) => x.id === t.id);
  const ammo: Ammunition = near ? 'grapeshot' : gun.rs.gun?.kind === 'howitzer' ? 'shell' : 'ball';
  const chances = ammo === 'grapeshot' ? grapeshotHitChances() : ballHitChances();
  if (t.rs.troop === 'artillery') return gunOutlook(chances);
  return hitsOutlook(targetNow(state, t), chances, saveNeed(fireCover(bf, t, gun), 'underFire'));
}

/**
 * A skirmisher unit's fire at a target (B §1.6): 2D6 at most the stands firing disorders one
 * stand, which a 4–6 then destroys (skirmishing cavalry only against mounted, skirmishers and
 * shaken infantry); a shaken target loses a stand outright the first time in a turn.
 */
export function skirmishOutlook(state: HmState, t: HmUnit, standsFiring: number, firerType: 'skirmInf' | 'skirmCav', save: number | null): FireOutlook & { firerDisordered: number } {
  const now = targetNow(state, t);
  const facts = { troop: t.rs.troop, shaken: now.shaken, autoLossTaken: state.rules.skirmishFiredAt.includes(t.id) };
  const out = { ...NONE, firerDisordered: 0 };
  for (let a = 1; a <= 6; a++) {
    for (let b = 1; b <= 6; b++) {
      const o = skirmisherFireOutcome(a + b, [a, b], standsFiring, firerType, facts);
      const p = 1 / 36;
      if (o.firerDisordered) out.firerDisordered += p;
      if (t.rs.troop === 'artillery') {
        if (o.disorder || o.autoLoss) out.silences += p;
        continue;
      }
      const disorder = Math.min(o.disorder, Math.max(0, now.stands - now.disordered));
      const sure = o.autoLoss ? 1 : 0;
      // The destroy die (4–6) is thrown for the disordered stand; the automatic loss has no save.
      if (o.destroyRoll) {
        addOutcome(out, now, p / 2, disorder, 1, save, sure);
        addOutcome(out, now, p / 2, disorder, 0, save, sure);
      } else {
        addOutcome(out, now, p, disorder, 0, save, sure);
      }
    }
  }
  return out;
}

/** A skirmisher order's fire at a target, with the stands that may fire now. */
export function skirmishFireOutlook(state: HmState, bf: Battlefield, u: HmUnit, t: HmUnit): FireOutlook & { firerDisordered: number } {
  const legal = skirmishTargets(state, bf, u.id).legal.find((x) => x.id === t.id);
  if (!legal) return { ...NONE, firerDisordered: 0 };
  const firerType = u.rs.troop === 'skirmCav' ? 'skirmCav' : 'skirmInf';
  return skirmishOutlook(state, t, legal.stands.length, firerType, saveNeed(fireCover(bf, t, u), 'underFire'));
}

/**
 * The forecast of a fire order in the AI's terms: the loss to the target as a share of its present
 * strength (a disordered stand counts half, as `strength` does), the chance it is lost to its army
 * (guns silenced count so too), and the risk to the firers.
 */
export function fireForecast(state: HmState, bf: Battlefield, u: HmUnit, targetId: string): { target: string; inflicted: number; removes: number; risk: number } {
  const t = unitById(state, targetId);
  if (!t) return { target: targetId, inflicted: 0, removes: 0, risk: 0 };
  const skirmish = u.rs.troop === 'skirmInf' || u.rs.troop === 'skirmCav';
  return forecastOf(state, u, t, skirmish ? skirmishFireOutlook(state, bf, u, t) : artilleryOutlook(state, bf, u, t));
}

/** An outlook of fire at one target in the AI's terms (see fireForecast). */
function forecastOf(state: HmState, u: HmUnit, t: HmUnit, o: FireOutlook): { target: string; inflicted: number; removes: number; risk: number } {
  if (t.rs.troop === 'artillery') return { target: t.id, inflicted: 0.6 * o.silences, removes: 0.3 * o.silences, risk: 0 };
  const present = Math.max(0.5, t.stands.length - 0.5 * disorderedCount(t));
  // A disordered stand is half a stand lost; a destroyed one is what is left of it.
  const lost = 0.5 * o.disordered + o.destroyed;
  // Shaken troops cannot Attack, and the break counts infantry only (B §8.1): those are what fire is for.
  const breakWeight = countsForBreak(t, state.options.breakRule === 'forty-percent-all') ? 1 : 0.5;
  const inflicted = Math.min(1, lost / present + 0.3 * o.shakes);
  const risk = 'firerDisordered' in o ? (o as { firerDisordered: number }).firerDisordered / Math.max(1, u.stands.length) : 0;
  return { target: t.id, inflicted, removes: o.breaks * breakWeight, risk };
}

/**
 * The forecast of a split or combined skirmisher fire (B §1.6): each throw's outlook with the stands
 * firing at its target, summed over the targets; the target named is the one most hurt. The fire
 * a joining unit gives up (its own best throw alone) is taken off, so combining is chosen only when
 * one throw with more stands does better than two with fewer. Empty for a plan that cannot be read.
 */
export function planForecast(state: HmState, bf: Battlefield, u: HmUnit, planText: unknown): { target?: string; inflicted?: number; removes?: number; risk?: number } {
  let plan: SkirmishPlan;
  try {
    plan = parsePlan(planText);
  } catch {
    return {};
  }
  const firerType = u.rs.troop === 'skirmCav' ? 'skirmCav' : 'skirmInf';
  let inflicted = 0;
  let unharmed = 1;
  let risk = 0;
  let best: { target: string; inflicted: number } | null = null;
  for (const g of plan) {
    const t = unitById(state, g.target);
    if (!t) continue;
    let count = g.stands.length;
    for (const id of g.joinedBy) {
      const j = unitById(state, id);
      if (!j) continue;
      const legal = skirmishTargets(state, bf, j.id).legal;
      count += legal.find((x) => x.id === t.id)?.stands.length ?? 0;
      // What the joiner would have done firing alone at its best target.
      inflicted -= Math.max(0, ...legal.map((x) => fireForecast(state, bf, j, x.id).inflicted));
    }
    const f = forecastOf(state, u, t, skirmishOutlook(state, t, count, firerType, saveNeed(fireCover(bf, t, u), 'underFire')));
    inflicted += f.inflicted;
    unharmed *= 1 - f.removes;
    risk += f.risk;
    if (!best || f.inflicted > best.inflicted) best = { target: t.id, inflicted: f.inflicted };
  }
  if (!best) return {};
  return { target: best.target, inflicted: Math.max(0, Math.min(1, inflicted)), removes: 1 - unharmed, risk: Math.min(1, risk) };
}
