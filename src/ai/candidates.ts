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

function pointsFor(ctx: CandidateContext, unit: Unit | undefined, param: Extract<ActionParam, { kind: 'point' }>): Spot[] {
  const o = param.origin;
  const raw: Spot[] = [];
  const nearest = [...ctx.enemies].sort((a, b) => distance(o, a) - distance(o, b)).slice(0, 3);
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
    const friend = ctx.friends.filter((f) => f.id !== unit.id && ctx.hints.isCombatant(f)).sort((a, b) => distance(o, a) - distance(o, b))[0];
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
  rest.sort((a, b) => heightAt(ctx.bf.heightmap, b.p.x, b.p.y) - heightAt(ctx.bf.heightmap, a.p.x, a.p.y));
  return [...kept, ...rest.slice(0, Math.max(0, ctx.pointsPerOrder - kept.length))];
}

function anglesFor(ctx: CandidateContext, unit: Unit | undefined, param: Extract<ActionParam, { kind: 'angle' }>): Spot[] {
  const out: Spot[] = [];
  const push = (a: number, why: string): void => {
    const v = Math.max(param.min, Math.min(param.max, a));
    if (Math.abs(v) > 0.05 && !out.some((s) => Math.abs(s.p.x - v) < 0.05)) out.push({ p: { x: v, y: 0 }, why });
  };
  if (unit) {
    const e = [...ctx.enemies].sort((a, b) => distance(unit, a) - distance(unit, b))[0];
    if (e) push(wrapAngle(angleOf(sub(e, unit)) - unit.facing), `to face ${e.name}`);
  }
  push(Math.PI / 4, '45° left');
  push(-Math.PI / 4, '45° right');
  return out;
}

/** The values worth trying for one open parameter. Dice parameters are never guessed. */
function paramValues(ctx: CandidateContext, unit: Unit | undefined, param: ActionParam): { value: unknown; why: string }[] {
  switch (param.kind) {
    case 'point':
      return pointsFor(ctx, unit, param).map((s) => ({ value: s.p, why: s.why }));
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
  for (const l of legal) {
    const unit = l.unit ? ctx.state.units.find((u) => u.id === l.unit) : undefined;
    let partial: { action: Action; why: string }[] = [{ action: { ...l.action }, why: '' }];
    for (const param of l.params) {
      const next: { action: Action; why: string }[] = [];
      for (const p of partial) {
        const values = paramValues(ctx, unit, param);
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
