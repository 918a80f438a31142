/**
 * Skirmisher fire split among targets and combined between units (B §1.6): "stands of one unit may
 * split their fire among several targets" and "stands from different SI units may combine into one
 * roll against the same target". A plan says, for each enemy unit fired at, which stands of the
 * ordered unit fire at it and which other skirmishing-infantry units join that throw with every
 * stand of theirs that may fire at it. 2D6 are thrown for each enemy unit fired at.
 *
 * A plan travels in an action as text (the `plan` of a 'skirmish-plan' order): the JSON of its
 * groups, so the page and the AI pick one from the choices listed, and a test or the command line
 * can write one out. `apply` checks every group before a die is thrown.
 */

import { RuleError } from '../../core/ruleset';
import type { Battlefield } from '../../terrain/battlefield';
import type { RuleContext } from '../../core/ruleset';
import { skirmishFire, skirmishTargets, type SkirmishFireResult, type SkirmishTarget } from './fire';
import type { HmState, HmUnit } from './types';
import { unitById } from './world';

/** One enemy unit fired at: the ordered unit's stands (indices) and the units that join the throw. */
export interface FireGroup {
  target: string;
  stands: number[];
  joinedBy: string[];
}

export type SkirmishPlan = FireGroup[];

/** Another unit that may join the throw, with the stands it may fire at each target (indices by target id). */
export interface Joiner {
  id: string;
  targets: SkirmishTarget[];
}

export const encodePlan = (plan: SkirmishPlan): string => JSON.stringify(plan.map((g) => ({ target: g.target, stands: g.stands, joinedBy: g.joinedBy })));

/** Read a plan from an action, with what is wrong with it in words. */
export function parsePlan(value: unknown): SkirmishPlan {
  if (typeof value !== 'string') throw new RuleError('a split or combined fire needs its plan: which stands fire at which enemy unit');
  let raw: unknown;
  try {
    raw = JSON.parse(value);
  } catch {
    throw new RuleError(`the fire plan is not readable: ${value.slice(0, 60)}`);
  }
  if (!Array.isArray(raw) || raw.length === 0) throw new RuleError('the fire plan names no target');
  return raw.map((g: unknown, i) => {
    const o = g as Partial<FireGroup> | null;
    const ints = (v: unknown): v is number[] => Array.isArray(v) && v.every((n) => Number.isInteger(n) && n >= 0);
    const ids = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');
    if (!o || typeof o.target !== 'string' || !ints(o.stands) || !(o.joinedBy === undefined || ids(o.joinedBy))) {
      throw new RuleError(`part ${i + 1} of the fire plan must name a target, the stands firing (numbers) and any units joining`);
    }
    return { target: o.target, stands: o.stands, joinedBy: o.joinedBy ?? [] };
  });
}

/**
 * Check a plan against the table before any die is thrown: each enemy unit once, each stand once,
 * each stand eligible for its target (in range, clear line, in sight), each joining unit once, of
 * skirmishing infantry like the firer, able to take an order now (`mayJoin`) and able to fire at
 * that target. A group with no stands of the ordered unit is allowed only with joiners.
 */
export function checkPlan(state: HmState, bf: Battlefield, u: HmUnit, plan: SkirmishPlan, mayJoin: (j: HmUnit) => string | null): void {
  const mine = skirmishTargets(state, bf, u.id);
  if (mine.unitReason) throw new RuleError(`${u.name} cannot fire: ${mine.unitReason}`);
  if (!plan.some((g) => g.stands.length > 0)) throw new RuleError(`${u.name} is the unit ordered: at least one of its stands must fire`);
  const seenTargets = new Set<string>();
  const seenStands = new Set<number>();
  const seenJoiners = new Set<string>();
  for (const g of plan) {
    const t = unitById(state, g.target);
    if (!t) throw new RuleError(`no unit "${g.target}" to fire at`);
    if (seenTargets.has(t.id)) throw new RuleError(`${t.name} is named twice in the plan: 2D6 are thrown once for each enemy unit fired at`);
    seenTargets.add(t.id);
    const legal = mine.legal.find((x) => x.id === t.id);
    if (g.stands.length === 0 && g.joinedBy.length === 0) throw new RuleError(`no stand fires at ${t.name}`);
    if (g.stands.length && !legal) {
      throw new RuleError(`${u.name} cannot fire at ${t.name}: ${mine.excluded.find((x) => x.id === t.id)?.reason ?? 'not an enemy unit it may fire at'}`);
    }
    for (const s of g.stands) {
      if (seenStands.has(s)) throw new RuleError(`stand ${s + 1} of ${u.name} is given two targets: each stand fires once`);
      seenStands.add(s);
      if (!legal!.stands.includes(s)) throw new RuleError(`stand ${s + 1} of ${u.name} cannot fire at ${t.name} (out of range, no clear line or out of sight, or disordered)`);
    }
    for (const id of g.joinedBy) {
      const j = unitById(state, id);
      if (!j) throw new RuleError(`no unit "${id}" to join the fire`);
      if (j.id === u.id) throw new RuleError(`${u.name} cannot join its own fire`);
      if (seenJoiners.has(j.id)) throw new RuleError(`${j.name} joins twice: each unit fires once an order`);
      seenJoiners.add(j.id);
      if (u.rs.troop !== 'skirmInf' || j.rs.troop !== 'skirmInf') throw new RuleError('only stands of skirmishing infantry units may combine their fire');
      const why = mayJoin(j);
      if (why) throw new RuleError(`${j.name} cannot join: ${why}`);
      if (!skirmishTargets(state, bf, j.id).legal.some((x) => x.id === t.id)) throw new RuleError(`${j.name} cannot join the fire at ${t.name}: none of its stands may fire at it`);
    }
  }
}

/** Carry out a checked plan: one throw per enemy unit, in the plan's order. */
export function firePlan(state: HmState, bf: Battlefield, ctx: RuleContext, u: HmUnit, plan: SkirmishPlan): SkirmishFireResult[] {
  const out: SkirmishFireResult[] = [];
  for (const g of plan) {
    const t = unitById(state, g.target);
    // A target removed by an earlier throw of the same order is not fired at again.
    if (!t || t.removed) continue;
    if (g.stands.length) {
      out.push(skirmishFire(state, bf, ctx, u.id, g.target, { stands: g.stands, joinedBy: g.joinedBy }));
    } else {
      // Only joiners fire at this target: the first leads the throw.
      const [lead, ...rest] = g.joinedBy;
      out.push(skirmishFire(state, bf, ctx, lead!, g.target, { joinedBy: rest }));
    }
  }
  return out;
}

/** Chance that 2D6 come to at most n: the throw's chance of disordering a stand. */
export function hitChance(n: number): number {
  let k = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (a + b <= n) k++;
  return k / 36;
}

const pct = (p: number): string => `${Math.round(p * 100)}%`;

/** At most this many plans are offered: the page lists them as buttons, and the AI weighs each. */
const MAX_PLANS = 12;

/**
 * The split and combined plans worth offering a skirmisher unit: every way of sharing its stands
 * between two or three of its targets (by how many fire at each; the stands go to the targets they
 * may reach), and all its stands at one target joined by each unit that may join, or by all of them.
 * A plain fire at one target with every stand is the ordinary order and is not repeated here.
 */
export function planChoices(state: HmState, u: HmUnit, targets: SkirmishTarget[], joiners: Joiner[]): { value: string; label: string }[] {
  const name = (id: string): string => unitById(state, id)?.name ?? id;
  const out: { value: string; label: string; plan: SkirmishPlan }[] = [];
  const seen = new Set<string>();
  const add = (plan: SkirmishPlan, label: string): void => {
    const value = encodePlan(plan);
    if (seen.has(value)) return;
    seen.add(value);
    out.push({ value, label, plan });
  };
  const groupText = (g: FireGroup, count: number): string => {
    const joined = g.joinedBy.length ? ` with ${g.joinedBy.map(name).join(' and ')}` : '';
    return `${count} stand${count === 1 ? '' : 's'}${joined} at ${name(g.target)} (2D6 ≤ ${count}: ${pct(hitChance(count))})`;
  };
  // Combined: every stand this unit may fire at the target, and the joiners' stands too.
  for (const t of targets) {
    const able = joiners.filter((j) => j.targets.some((x) => x.id === t.id));
    const sets = able.length > 1 ? [...able.map((j) => [j]), able] : able.map((j) => [j]);
    for (const set of sets) {
      const count = t.stands.length + set.reduce((n, j) => n + j.targets.find((x) => x.id === t.id)!.stands.length, 0);
      const g: FireGroup = { target: t.id, stands: [...t.stands], joinedBy: set.map((j) => j.id) };
      add([g], `Combined: ${groupText(g, count)}`);
    }
  }
  // Split: each stand to one of the (up to three nearest) targets, counted by how many go where.
  const near = targets.slice(0, 3);
  const stands = [...new Set(near.flatMap((t) => t.stands))].sort((a, b) => a - b);
  const bySignature = new Map<string, SkirmishPlan>();
  const assign = (i: number, chosen: number[]): void => {
    if (i === stands.length) {
      const plan: SkirmishPlan = near.map((t, k) => ({ target: t.id, stands: stands.filter((_, s) => chosen[s] === k), joinedBy: [] })).filter((g) => g.stands.length);
      if (plan.length < 2) return;
      const sig = plan.map((g) => `${g.target}:${g.stands.length}`).join(',');
      if (!bySignature.has(sig)) bySignature.set(sig, plan);
      return;
    }
    near.forEach((t, k) => {
      if (t.stands.includes(stands[i]!)) assign(i + 1, [...chosen, k]);
    });
  };
  if (stands.length >= 2 && near.length >= 2) assign(0, []);
  // Splits with the most even shares first: those keep a real chance at each target.
  const splits = [...bySignature.values()].sort((a, b) => spread(a) - spread(b));
  for (const plan of splits) add(plan, `Split: ${plan.map((g) => groupText(g, g.stands.length)).join('; ')}`);
  return out.slice(0, MAX_PLANS).map(({ value, label }) => ({ value, label }));
}

function spread(plan: SkirmishPlan): number {
  const n = plan.map((g) => g.stands.length);
  return Math.max(...n) - Math.min(...n);
}
