/**
 * The AI's speed: one decision, and a whole side's turn of decisions, for armies of the default
 * size and of 30 units a side; a whole 10-turn AI-versus-AI battle with 30 units a side; whole
 * battles of the default armies; decisions in a horse-and-musket battle, and a whole one of 300
 * points a side. Prints medians. Run with `npx tsx bench/ai.bench.ts`.
 */

import { GameSession } from '../src/app/session';
import { decide, decideAndTry } from '../src/ai/utility';
import { makePlayer } from '../src/ai/players';
import { playGame } from '../src/cli/simulate';
import type { GameState } from '../src/core/model';
import { onePageBattle } from './battles';
import { summary } from './stats';

const config = { level: 'normal' as const, personality: 'balanced' as const };

function sideTurn(s: GameSession, seed: string, level: 'normal' | 'hard' = 'normal'): { ms: number; decisions: number } {
  const t0 = performance.now();
  let decisions = 0;
  const side = s.state.active!;
  while (s.state.active === side && s.state.rules && (s.state as GameState<{ step: string }>).rules.step === 'activations') {
    const d = decideAndTry(s.ruleset, s.state, side, { ...config, level }, `${seed}/${decisions}`);
    if (!d) break;
    // The AI's own outcome of its action is taken, as the simulator and the page take it.
    if (!s.step(d.decision.action, undefined, d.outcome).ok) break;
    decisions++;
  }
  return { ms: performance.now() - t0, decisions };
}

for (const size of [undefined, 30]) {
  const single: number[] = [];
  const turns: number[] = [];
  const perDecision: number[] = [];
  for (let i = 0; i < 8; i++) {
    const s = onePageBattle(`ai-bench-${i}`, size);
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

// The hard level looks ahead (the enemy's replies to its best orders): what that costs a decision.
for (const size of [undefined, 30]) {
  const perDecision: number[] = [];
  for (let i = 0; i < 4; i++) {
    const r = sideTurn(onePageBattle(`ai-bench-${i}`, size), `hard-turn-${i}`, 'hard');
    perDecision.push(r.ms / Math.max(1, r.decisions));
  }
  console.log(summary(`hard level, per decision in a side's activation phase, ${size ? `${size} units a side` : 'default armies'}`, perDecision, 'ms'));
}

/**
 * A whole battle between two AIs from the first activation, every decision made by `decide`. Also
 * the CPU time this process spent on it, which a busy machine inflates less than the wall clock.
 */
function aiBattle(s: GameSession, seed: string): { ms: number; cpuMs: number; decisions: number } {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  let decisions = 0;
  while (!s.state.result) {
    const side = s.state.active!;
    const d = decideAndTry(s.ruleset, s.state, side, config, `${seed}/${decisions}`, s.legal(side));
    if (!d || !s.step(d.decision.action, undefined, d.outcome).ok) throw new Error(`${seed}: the AI found no action for ${side}`);
    decisions++;
  }
  const cpu = process.cpuUsage(c0);
  return { ms: performance.now() - t0, cpuMs: (cpu.user + cpu.system) / 1000, decisions };
}

// The first battle in the process also pays for compiling the AI's hot code: shown on its own,
// then three more timed as a demonstration's battles run, one after another in a warm worker.
const cold = aiBattle(onePageBattle('ai-big-cold', 30, { turnLimit: 10 }), 'big-cold');
console.log(`whole AI-vs-AI battle, 30 units a side, 10 turns, the first in the process: ${cold.ms.toFixed(0)} ms (CPU ${cold.cpuMs.toFixed(0)} ms, ${cold.decisions} decisions)`);
const big: { ms: number; cpuMs: number; decisions: number }[] = [];
for (let i = 0; i < 3; i++) big.push(aiBattle(onePageBattle(`ai-big-${i}`, 30, { turnLimit: 10 }), `big-${i}`));
console.log(summary('whole AI-vs-AI battle, 30 units a side, 10 turns, warm', big.map((b) => b.ms), 'ms', 0));
console.log(summary('  the same, CPU time', big.map((b) => b.cpuMs), 'ms', 0));
console.log(summary('  decisions in it', big.map((b) => b.decisions), '', 0));

// Horse & Musket at 300 points a side (18 and 28 units), set up by the program, for 10 player turns.
// (At 400 points and more, after the program's set-up, an army quits in the first turn: not a battle to time.)
const hmBig: { ms: number; cpuMs: number; decisions: number }[] = [];
for (let i = 0; i < 3; i++) {
  const s = new GameSession({ rulesetId: 'horse-and-musket', seed: `ai-big-hm-${i}`, options: { points: 300, turnLimit: 10, deployment: 'automatic' } });
  hmBig.push(aiBattle(s, `hm-big-${i}`));
}
console.log(summary('whole horse-and-musket AI-vs-AI battle, 300 points a side, 10 player turns', hmBig.map((b) => b.ms), 'ms', 0));
console.log(summary('  the same, CPU time', hmBig.map((b) => b.cpuMs), 'ms', 0));
console.log(summary('  decisions in it', hmBig.map((b) => b.decisions), '', 0));

const games: number[] = [];
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  playGame('one-page', `ai-vs-ai-${i}`, makePlayer('ai:normal', 'a'), makePlayer('ai:normal', 'b'), i % 2 === 1);
  games.push(performance.now() - t);
}
console.log(summary('whole AI-vs-AI battle, default armies, up to 8 turns', games, 'ms', 0));

// Horse & Musket: every AI decision of the first 120 actions of a battle between two AIs.
const hm = new GameSession({ rulesetId: 'horse-and-musket', seed: 'ai-bench-hm' });
const hmTimes: number[] = [];
for (let i = 0; i < 120 && !hm.state.result; i++) {
  const side = hm.state.active!;
  const t = performance.now();
  const d = decide(hm.ruleset, hm.state, side, config, `hm/${i}`, hm.legal(side));
  hmTimes.push(performance.now() - t);
  if (!d || !hm.step(d.action).ok) break;
}
console.log(summary('horse-and-musket: one decision, default armies', hmTimes, 'ms'));
