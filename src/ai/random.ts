/**
 * The "random legal actions" player: a baseline opponent and a fuzzer for the rules. It fills the
 * open parameters of a legal action at random and keeps the first one the rules accept.
 */

import { apply } from '../core/engine';
import type { Action, GameState } from '../core/model';
import type { ActionParam, LegalAction, Ruleset } from '../core/ruleset';
import { Rng } from '../core/random';
import { bounds, pointInPolygon, polygonCentroid, type Vec2 } from '../core/geometry';
import { dcos, dsin } from '../core/detmath';

/** A random point inside a polygon: drawn in its bounds until it falls inside (its centroid after 50 misses). */
function pointInRegion(poly: Vec2[], rng: Rng): Vec2 {
  const b = bounds(poly);
  for (let i = 0; i < 50; i++) {
    const p = { x: rng.range(b.minX, b.maxX), y: rng.range(b.minY, b.maxY) };
    if (pointInPolygon(p, poly)) return p;
  }
  return polygonCentroid(poly);
}

function fillParam(p: ActionParam, rng: Rng): unknown {
  switch (p.kind) {
    case 'point': {
      // A point that must fall in one of some areas (deployment zones): anywhere in one of them.
      if (p.regions && p.regions.length) return pointInRegion(rng.pick(p.regions), rng);
      const sector = p.sectors && p.sectors.length ? rng.pick(p.sectors) : { centre: 0, halfWidth: Math.PI };
      const angle = sector.centre + rng.range(-sector.halfWidth, sector.halfWidth);
      const min = p.minReach ?? 0;
      const r = min + (p.maxReach - min) * Math.sqrt(rng.float());
      return { x: p.origin.x + dcos(angle) * r, y: p.origin.y + dsin(angle) * r };
    }
    case 'unit':
      return rng.pick(p.choices);
    case 'angle':
      return rng.range(p.min, p.max);
    case 'choice':
      return rng.pick(p.choices).value;
    case 'dice':
      return Array.from({ length: p.count }, () => 1 + rng.int(p.sides));
  }
}

export function fillAction(legal: LegalAction, rng: Rng): Action {
  const action: Action = { ...legal.action };
  for (const p of legal.params) action[p.name] = fillParam(p, rng);
  return action;
}

/**
 * Groups the random player treats as "doing nothing": chosen only when nothing else works. "adjust"
 * redoes something already done (moving a unit already deployed), which would otherwise never end.
 */
const PASSIVE_GROUPS = new Set(['turn', 'pass', 'adjust']);

/**
 * Pick a random legal action for `side` that the rules accept, or null when the side has nothing to
 * do. Deterministic for a given rng state.
 */
export function randomAction(ruleset: Ruleset, state: GameState, legal: LegalAction[], rng: Rng, triesPerAction = 6): Action | null {
  const active = legal.filter((l) => !PASSIVE_GROUPS.has(l.group));
  const passive = legal.filter((l) => PASSIVE_GROUPS.has(l.group));
  const order = [...active];
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  for (const l of [...order, ...passive]) {
    const tries = l.params.length > 0 ? triesPerAction : 1;
    for (let t = 0; t < tries; t++) {
      const action = fillAction(l, rng);
      const r = apply(ruleset, state, action);
      if (r.ok || 'needDice' in r) return action;
    }
  }
  return null;
}
