/**
 * The AI's speed: one decision, and a whole side's turn of decisions, for armies of the default
 * size and of 30 units a side; and whole AI-versus-AI battles. Prints medians.
 * Run with `npx tsx bench/ai.bench.ts`.
 */

import { GameSession } from '../src/app/session';
import { decide } from '../src/ai/utility';
import { makePlayer } from '../src/ai/players';
import { playGame } from '../src/cli/simulate';
import type { GameState, Unit } from '../src/core/model';
import { summary } from './stats';

const config = { level: 'normal' as const, personality: 'balanced' as const };

/** A game in its activation phase, red to act, optionally grown to `perSide` combat units a side. */
function battle(seed: string, perSide?: number): GameSession {
  const s = new GameSession({ rulesetId: 'one-page', seed });
  s.act({ type: 'roll-initiative', side: 'red' });
  const w = s.state.active!;
  s.act({ type: 'choose-order', side: w, first: w === 'red' ? 'first' : 'second' });
  if (perSide) grow(s.state, perSide);
  return s;
}

/** Add copies of each side's combat units in a second and third line, up to `perSide` a side. */
function grow(state: GameState, perSide: number): void {
  for (const side of ['red', 'black']) {
    const base = state.units.filter((u) => u.side === side && u.kind !== 'commander');
    const dir = side === 'red' ? -1 : 1;
    let n = 0;
    while (base.length + n < perSide) {
      const src = base[n % base.length]!;
      const row = 1 + Math.floor(n / base.length);
      const copy: Unit = { ...structuredClone(src), id: `${src.id}-x${n}`, name: `${src.name} (${row + 1})`, y: src.y + dir * row * 60, x: src.x + ((n % 3) - 1) * 12 };
      state.units.push(copy);
      n++;
    }
  }
}

function sideTurn(s: GameSession, seed: string): { ms: number; decisions: number } {
  const t0 = performance.now();
  let decisions = 0;
  const side = s.state.active!;
  while (s.state.active === side && s.state.rules && (s.state as GameState<{ step: string }>).rules.step === 'activations') {
    const d = decide(s.ruleset, s.state, side, config, `${seed}/${decisions}`);
    if (!d) break;
    if (!s.step(d.action).ok) break;
    decisions++;
  }
  return { ms: performance.now() - t0, decisions };
}

for (const size of [undefined, 30]) {
  const single: number[] = [];
  const turns: number[] = [];
  const perDecision: number[] = [];
  for (let i = 0; i < 8; i++) {
    const s = battle(`ai-bench-${i}`, size);
    const t = performance.now();
    decide(s.ruleset, s.state, 'red', config, 'one');
    single.push(performance.now() - t);
    const r = sideTurn(s, `turn-${i}`);
    turns.push(r.ms);
    perDecision.push(r.ms / Math.max(1, r.decisions));
  }
  const label = size ? `${size} units a side` : 'default armies (8 units + 3 commanders a side)';
  console.log(`-- ${label}`);
  console.log(summary('one decision (first of the turn)', single, 'ms'));
  console.log(summary("a side's whole activation phase", turns, 'ms', 0));
  console.log(summary('per decision within it', perDecision, 'ms'));
}

const games: number[] = [];
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  playGame('one-page', `ai-vs-ai-${i}`, makePlayer('ai:normal', 'a'), makePlayer('ai:normal', 'b'), i % 2 === 1);
  games.push(performance.now() - t);
}
console.log(summary('whole AI-vs-AI battle, default armies, up to 8 turns', games, 'ms', 0));
