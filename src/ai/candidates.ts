/**
 * Candidate generation: legal actions come from the ruleset with open parameters; the AI fills
 * them with a handful of meaningful values, in the spirit of an environment query: toward the
 * enemy and the objectives, away from danger, onto high ground and wood edges, beside friends.
 */

import { angleOf, distance, sub, wrapAngle, type Vec2 } from '../core/geometry';
import type { Action, GameState, Unit } from '../core/model';
import type { ActionParam, AiHints, LegalAction } from '../core/ruleset';
import type { Battlefield } from '../terrain/battlefield';
import { heightAt } from '../terrain/heightmap';
import { featuresAt } from '../terrain/query';
import { dcos, dsin } from '../core/detmath';

export interface Candidate {
  action: Action;
  label: string;
  group: string;
  unit?: string;
  /** Why this value was tried ("toward IR 1 Kaiser", "crest", "objective 2"). */
  why: string;
}

/** A spot worth considering on the table, with why. */
export interface Spot {
  p: Vec2;
  why: string;
}

/** High ground and wood edges: computed once per battlefield. */
const terrainSpots = new WeakMap<Battlefield, Spot[]>();

export function terrainSpotsOf(bf: Battlefield): Spot[] {
  const known = terrainSpots.get(bf);
  if (known) return known;
  const spots: Spot[] = [];
  for (const f of bf.features) {
    if (f.kind === 'hill') spots.push({ p: f.centre, why: `crest of ${f.name}` });
    if (f.kind === 'wood') {
      // The edge of a wood facing the middle of the table.
      const mid = { x: bf.width / 2, y: bf.depth / 2 };
      const edge = [...f.polygon].sort((a, b) => distance(a, mid) - distance(b, mid))[0];
      if (edge) spots.push({ p: edge, why: `edge of ${f.name}` });
    }
    if (f.kind === 'ford' || f.kind === 'bridge') {
      const c = f.polygon.reduce((acc, q) => ({ x: acc.x + q.x / f.polygon.length, y: acc.y + q.y / f.polygon.length }), { x: 0, y: 0 });
      spots.push({ p: c, why: f.name });
    }
  }
  terrainSpots.set(bf, spots);
  return spots;
}

function clampToSectors(origin: Vec2, p: Vec2, param: Extract<ActionParam, { kind: 'point' }>): Vec2 | null {
  const d = distance(origin, p);
  if (d < 1) return null;
  let angle = angleOf(sub(p, origin));
  if (param.sectors && param.sectors.length) {
    let best: number | null = null;
    let bestOff = Infinity;
    for (const s of param.sectors) {
      const off = wrapAngle(angle - s.centre);
      if (Math.abs(off) <= s.halfWidth) {
        best = angle;
        bestOff = 0;
        break;
      }
      const edge = s.centre + Math.sign(off) * s.halfWidth * 0.98;
      const cost = Math.abs(off) - s.halfWidth;
      if (cost < bestOff) {
        bestOff = cost;
        best = edge;
      }
    }
    // A direction far outside every allowed sector is not what this order is for.
    if (best === null || bestOff > Math.PI / 3) return null;
    angle = best;
  }
  const r = Math.min(d, param.maxReach);
  return { x: origin.x + dcos(angle) * r, y: origin.y + dsin(angle) * r };
}

export interface CandidateContext {
  state: GameState;
  bf: Battlefield;
  hints: AiHints;
  side: string;
  enemies: Unit[];
  friends: Unit[];
  /** How many points to try per move order; more on harder levels. */
  pointsPerOrder: number;
}

/**
 * What the spots of a move depend on besides the order's reach and sectors: the three nearest
 * enemies to its origin and the unit's nearest combat friend. A unit's several move orders share
 * them, so they are found once per origin and unit in each expansion.
 */
interface Surroundings {
  nearest: Unit[];
  friend: Unit | undefined;
}

/** `list` sorted by distance from o (a stable sort, as Array.sort is), each distance computed once. */
function byDistanceFrom<T extends Vec2>(o: Vec2, list: readonly T[]): T[] {
  const d = new Map<T, number>();
  for (const x of list) d.set(x, distance(o, x));
  return [...list].sort((a, b) => d.get(a)! - d.get(b)!);
}

function surroundingsOf(ctx: CandidateContext, unit: Unit | undefined, o: Vec2, memo: Map<string, Surroundings>): Surroundings {
  const key = `${o.x},${o.y},${unit?.id ?? ''}`;
  const known = memo.get(key);
  if (known) return known;
  const nearest = byDistanceFrom(o, ctx.enemies).slice(0, 3);
  const friend = unit ? byDistanceFrom(o, ctx.friends.filter((f) => f.id !== unit.id && ctx.hints.isCombatant(f)))[0] : undefined;
  const found = { nearest, friend };
  memo.set(key, found);
  return found;
}

function pointsFor(ctx: CandidateContext, unit: Unit | undefined, param: Extract<ActionParam, { kind: 'point' }>, memo: Map<string, Surroundings>): Spot[] {
  const o = param.origin;
  const raw: Spot[] = [];
  const { nearest, friend } = surroundingsOf(ctx, unit, o, memo);
  const range = unit ? ctx.hints.fireRange(unit) : null;
  for (const e of nearest) {
    const d = distance(o, e);
    const dir = { x: (e.x - o.x) / Math.max(1, d), y: (e.y - o.y) / Math.max(1, d) };
    // Straight at it, and to a firing position at close range for units that shoot.
    raw.push({ p: { x: o.x + dir.x * d, y: o.y + dir.y * d }, why: `toward ${e.name}` });
    if (range) {
      const stand = Math.max(0, d - range.close * 0.8);
      raw.push({ p: { x: o.x + dir.x * stand, y: o.y + dir.y * stand }, why: `close range of ${e.name}` });
    }
    raw.push({ p: { x: o.x - dir.x * param.maxReach, y: o.y - dir.y * param.maxReach }, why: `away from ${e.name}` });
  }
  for (const [i, obj] of ctx.hints.objectives(ctx.state).entries()) raw.push({ p: obj, why: `objective ${i + 1}` });
  for (const s of terrainSpotsOf(ctx.bf)) if (distance(o, s.p) <= param.maxReach * 1.5) raw.push(s);
  if (unit) {
    // Forward along the facing, and level with the nearest friend (keeping the line).
    raw.push({ p: { x: o.x + dcos(unit.facing) * param.maxReach * 0.5, y: o.y + dsin(unit.facing) * param.maxReach * 0.5 }, why: 'half a move forward' });
    if (friend) raw.push({ p: { x: (o.x + friend.x) / 2 + dcos(unit.facing) * 40, y: (o.y + friend.y) / 2 + dsin(unit.facing) * 40 }, why: `beside ${friend.name}` });
  }
  // The rules' own suggestions come first and are always kept.
  const suggested = unit ? (ctx.hints.placesFor?.(ctx.state, ctx.bf, unit) ?? []).map((q) => ({ p: { x: q.x, y: q.y }, why: q.why })) : [];
  const out: Spot[] = [];
  for (const s of [...suggested, ...raw]) {
    const p = clampToSectors(o, s.p, param);
    if (!p) continue;
    if (p.x < 0 || p.y < 0 || p.x > ctx.bf.width || p.y > ctx.bf.depth) continue;
    if (out.some((q) => distance(q.p, p) < 15)) continue;
    out.push({ p, why: s.why });
  }
  const kept = out.filter((s) => suggested.some((q) => q.why === s.why));
  const rest = out.filter((s) => !kept.includes(s));
  // Prefer spots on higher ground when there are too many (a cheap, rule-free tie-break).
  // Heights are read once per spot, not once per comparison.
  const height = new Map<Spot, number>();
  for (const q of rest) height.set(q, heightAt(ctx.bf.heightmap, q.p.x, q.p.y));
  rest.sort((a, b) => height.get(b)! - height.get(a)!);
  return [...kept, ...rest.slice(0, Math.max(0, ctx.pointsPerOrder - kept.length))];
}

function anglesFor(ctx: CandidateContext, unit: Unit | undefined, param: Extract<ActionParam, { kind: 'angle' }>): Spot[] {
  const out: Spot[] = [];
  const push = (a: number, why: string): void => {
    const v = Math.max(param.min, Math.min(param.max, a));
    if (Math.abs(v) > 0.05 && !out.some((s) => Math.abs(s.p.x - v) < 0.05)) out.push({ p: { x: v, y: 0 }, why });
  };
  if (unit) {
    const e = byDistanceFrom(unit, ctx.enemies)[0];
    if (e) push(wrapAngle(angleOf(sub(e, unit)) - unit.facing), `to face ${e.name}`);
  }
  push(Math.PI / 4, '45° left');
  push(-Math.PI / 4, '45° right');
  return out;
}

/** The values worth trying for one open parameter. Dice parameters are never guessed. */
function paramValues(ctx: CandidateContext, unit: Unit | undefined, param: ActionParam, memo: Map<string, Surroundings>): { value: unknown; why: string }[] {
  switch (param.kind) {
    case 'point':
      return pointsFor(ctx, unit, param, memo).map((s) => ({ value: s.p, why: s.why }));
    case 'unit':
      return param.choices.map((id) => ({ value: id, why: ctx.state.units.find((u) => u.id === id)?.name ?? id }));
    case 'angle':
      return anglesFor(ctx, unit, param).map((s) => ({ value: s.p.x, why: s.why }));
    case 'choice':
      return param.choices.map((c) => ({ value: c.value, why: c.label }));
    case 'dice':
      return [];
  }
}

/** Expand legal actions into concrete candidates. */
export function expandCandidates(ctx: CandidateContext, legal: readonly LegalAction[]): Candidate[] {
  const out: Candidate[] = [];
  const memo = new Map<string, Surroundings>();
  for (const l of legal) {
    const unit = l.unit ? ctx.state.units.find((u) => u.id === l.unit) : undefined;
    let partial: { action: Action; why: string }[] = [{ action: { ...l.action }, why: '' }];
    for (const param of l.params) {
      const next: { action: Action; why: string }[] = [];
      // The values depend on the order and its unit, not on the values already chosen.
      const values = partial.length ? paramValues(ctx, unit, param, memo) : [];
      for (const p of partial) {
        for (const v of values) next.push({ action: { ...p.action, [param.name]: v.value }, why: p.why ? `${p.why}, ${v.why}` : v.why });
      }
      partial = next;
    }
    for (const p of partial) out.push({ action: p.action, label: l.label, group: l.group, ...(l.unit ? { unit: l.unit } : {}), why: p.why });
  }
  return out;
}

/** Whether a spot is in a wood (cover for the units that use it). */
export function inWood(bf: Battlefield, p: Vec2): boolean {
  return featuresAt(bf, p).some((f) => f.kind === 'wood');
}
