/** The computer players by name: `random`, `scripted`, and `ai:LEVEL[:PERSONALITY]`. */

import type { AppliedOutcome } from '../core/engine';
import type { Action, GameState } from '../core/model';
import { Rng } from '../core/random';
import type { LegalAction, Ruleset } from '../core/ruleset';
import { randomAction } from './random';
import { scriptedAction } from './scripted';
import { decideAndTry, type Decision, type Level, type Personality } from './utility';

export interface Player {
  name: string;
  /** `progress` hears how far a thinking player has got (candidates scored of the total). */
  /** `outcome`, when given, is the action already applied to `state`: hand it to GameSession.step. */
  choose(ruleset: Ruleset, state: GameState, legal: LegalAction[], side: string, progress?: (done: number, total: number) => void): { action: Action | null; decision?: Decision; outcome?: AppliedOutcome };
}

const LEVELS: Level[] = ['easy', 'normal', 'hard'];
const PERSONALITIES: Personality[] = ['balanced', 'cautious', 'aggressive'];

export const PLAYER_HELP = `random | scripted | ai:${LEVELS.join('|')}[:${PERSONALITIES.join('|')}]`;

export class PlayerError extends Error {}

export function makePlayer(id: string, seed: string): Player {
  if (id === 'random') {
    return { name: id, choose: (ruleset, state, legal) => ({ action: randomAction(ruleset, state, legal, new Rng(`${seed}/random/${state.seq}`)) }) };
  }
  if (id === 'scripted') return { name: id, choose: (ruleset, state, legal) => ({ action: scriptedAction(ruleset, state, legal) }) };
  const m = /^ai:(easy|normal|hard)(?::(balanced|cautious|aggressive))?$/.exec(id);
  if (m) {
    const level = m[1] as Level;
    const personality = (m[2] ?? 'balanced') as Personality;
    return {
      name: id,
      choose: (ruleset, state, legal, side, progress) => {
        const tried = decideAndTry(ruleset, state, side, { level, personality, ...(progress ? { progress } : {}) }, `${seed}/${state.seed}/${state.seq}`, legal);
        if (!tried) return { action: null };
        return { action: tried.decision.action, decision: tried.decision, ...(tried.outcome ? { outcome: tried.outcome } : {}) };
      },
    };
  }
  throw new PlayerError(`unknown player "${id}"; players: ${PLAYER_HELP}`);
}
