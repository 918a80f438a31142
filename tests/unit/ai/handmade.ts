/** Hand-made positions for AI tests: a one-page game in red's activations with only the named units left on the table. */

import { expect } from 'vitest';
import { GameSession } from '../../../src/app/session';
import type { Action, GameState } from '../../../src/core/model';
import type { Candidate } from '../../../src/ai/candidates';
import { scoreCandidate, scoringContext, type ConsiderationScore } from '../../../src/ai/utility';
import { battlefieldFromSpec, type Battlefield } from '../../../src/terrain/battlefield';
import type { AiHints } from '../../../src/core/ruleset';

export interface Placement {
  x: number;
  y: number;
  facing?: number;
}

/** Red faces up the table (+y) and black down it, as deployed. */
export const FACING_BLACK = Math.PI / 2;
export const FACING_RED = -Math.PI / 2;

export function activationSession(seed: string, options: Record<string, unknown> = {}): GameSession {
  const s = new GameSession({ rulesetId: 'one-page', seed, options });
  expect(s.act({ type: 'roll-initiative', side: 'red' }).ok).toBe(true);
  const winner = s.state.active!;
  expect(s.act({ type: 'choose-order', side: winner, first: winner === 'red' ? 'first' : 'second' }).ok).toBe(true);
  expect(s.state.active).toBe('red');
  return s;
}

/** The session's state with every unit not placed taken off the table, and the placed ones moved. */
export function handMade(s: GameSession, place: Record<string, Placement>): { state: GameState; bf: Battlefield } {
  const state = structuredClone(s.state) as GameState;
  for (const u of state.units) {
    const p = place[u.id];
    if (!p) {
      u.removed = true;
      continue;
    }
    u.x = p.x;
    u.y = p.y;
    if (p.facing !== undefined) u.facing = p.facing;
  }
  return { state, bf: battlefieldFromSpec(state.battlefield) };
}

/** The considerations a candidate is scored on, by name. */
export function considerationsOf(s: GameSession, state: GameState, bf: Battlefield, action: Action, group: string, hints: AiHints = s.ruleset.ai): Record<string, ConsiderationScore> {
  const ctx = scoringContext(hints, state, bf, 'red', 'balanced');
  const c: Candidate = { action, label: String(action.type), group, ...(typeof action.unit === 'string' ? { unit: action.unit } : {}), why: 'test' };
  const scored = scoreCandidate(ctx, c);
  return Object.fromEntries(scored.considerations.map((k) => [k.name, k]));
}
