/** The computer's reasons shown on the page leave out units the viewer may not know of (hidden movement). */

import { describe, expect, it } from 'vitest';
import type { Decision, ScoredCandidate } from '../../../src/ai/utility';
import { reasonsKnownTo } from '../../../src/app/engineHost';
import { GameSession } from '../../../src/app/session';

/** Seed t13 with hidden movement: after the choice of posture, unit a-9 is hidden from side b. */
function game(): GameSession {
  const s = new GameSession({ rulesetId: 'horse-and-musket', seed: 't13', options: { hiddenMovement: true, deployment: 'automatic' } });
  s.step(s.legal(s.state.active!).find((l) => l.action.type === 'choose-posture')!.action);
  return s;
}

const candidate = (unit: string): ScoredCandidate => ({ action: { type: 'order', side: 'a', unit }, label: `order for ${unit}`, unit, why: '', weight: 1, score: 0.5, considerations: [] });

function decision(chosen: string, others: string[]): Decision {
  return {
    action: candidate(chosen).action,
    side: 'a',
    plan: { stance: 'attack', ratio: 1, mainEffort: null },
    chosen: candidate(chosen),
    runnersUp: others.map(candidate),
    candidates: 1 + others.length,
    scored: 1 + others.length,
    ms: 1,
  } as Decision;
}

describe('the computer’s reasons as the viewer may know them', () => {
  it('shows nothing when the chosen order is for a unit hidden from the viewer', () => {
    const s = game();
    expect(s.state.rules && (s.state.rules as { hidden?: { counters: { real: string | null }[] } }).hidden?.counters.some((c) => c.real === 'a-9')).toBe(true);
    expect(reasonsKnownTo(s, s.state, decision('a-9', ['a-1']), 'b')).toBeNull();
  });

  it('leaves hidden units out of the runners-up, and shows everything to the computer’s own side', () => {
    const s = game();
    const d = decision('a-1', ['a-9', 'a-2']);
    expect(reasonsKnownTo(s, s.state, d, 'b')!.runnersUp.map((c) => c.unit)).toEqual(['a-2']);
    expect(reasonsKnownTo(s, s.state, d, 'a')).toBe(d);
  });
});
