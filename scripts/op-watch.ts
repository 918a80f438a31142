/**
 * Watch one-page games turn by turn, to see why the AI loses one (a diagnostic, not a test).
 *   npx tsx scripts/op-watch.ts A B SEED GAME [GAME...]
 * plays game GAME of `tricorne simulate --ruleset one-page --seed SEED` (the same seed and sides),
 * printing each of player a's orders (what it chose, why, the considerations that held it down and
 * the next best), the moves, charges, melees and routs, and each side's losses at every turn.
 * With FORECAST=1 it also sums, by kind of move, how far the AI expected its units to go and how far
 * they went: a forecast that is right on average has a mean error near zero; with SHORT=1 it prints
 * every move that fell 2" short of its forecast, and with CHARGES=1 the charges each of player a's
 * horse could have made instead of the order it gave, as the AI forecast them. QUIET=1 leaves out
 * the turn-by-turn lines.
 */

import { GameSession } from '../src/app/session';
import { makePlayer } from '../src/ai/players';
import { distance } from '../src/core/geometry';
import { battlefieldFromSpec } from '../src/terrain/battlefield';
import type { OnePageState, OnePageUnit } from '../src/rules/one-page/types';

const [aId, bId, seed, ...games] = process.argv.slice(2);
const inch = (mm: number): string => (mm / 25.4).toFixed(1);
const quiet = process.env.QUIET === '1';
/** By kind of order: how many, the summed forecast distance and the summed distance travelled. */
const errors = new Map<string, { n: number; forecast: number; real: number; worse: number }>();

for (const g of games) {
  const i = Number(g) - 1;
  const a = makePlayer(aId!, `${seed}/a`);
  const b = makePlayer(bId!, `${seed}/b`);
  const session = new GameSession({ rulesetId: 'one-page', seed: `${seed}-${i + 1}` });
  const sideA = session.state.sides[i % 2 === 1 ? 1 : 0]!.id;
  const lines: string[] = [];
  while (!session.state.result) {
    const state = session.state as OnePageState;
    const side = state.active!;
    const player = side === sideA ? a : b;
    const { action, decision, outcome } = player.choose(session.ruleset, state, session.legal(side), side);
    if (!action) throw new Error('no action');
    const u = state.units.find((x) => x.id === action.unit) as OnePageUnit | undefined;
    if (process.env.CHARGES && decision && side === sideA && u?.kind === 'cavalry' && action.type !== 'charge') {
      // Charges this cavalry could have made, as the AI forecast them.
      const bf = battlefieldFromSpec(state.battlefield);
      for (const l of session.legal(side)) {
        if (l.unit !== u.id || l.group !== 'charge') continue;
        const p = l.params[0]!;
        if (p.kind !== 'unit') continue;
        for (const t of p.choices) {
          const f = session.ruleset.ai.forecast(state, bf, { ...l.action, target: t });
          const e = state.units.find((x) => x.id === t)!;
          console.log(`t${state.turn} ${u.name} chose ${action.type}/${String(action.mode ?? '')} ${decision.chosen.score.toFixed(3)} over charging ${e.name} (${e.kind} ${e.formation}): inflicted ${f.inflicted?.toFixed(2)} removes ${f.removes?.toFixed(2)} risk ${f.risk?.toFixed(2)}`);
        }
      }
    }
    const predicted = u && state.rules.step === 'activations' ? session.ruleset.ai.forecast(state, battlefieldFromSpec(state.battlefield), action) : null;
    const r = session.step(action, undefined, outcome);
    if (!r.ok) throw new Error('refused');
    const after = session.state as OnePageState;
    const moved = u ? (after.units.find((x) => x.id === u.id) as OnePageUnit) : undefined;
    const who = side === sideA ? 'A' : 'b';
    const t = `t${after.turn}`;
    if (decision && side === sideA && !quiet) {
      const c = decision.chosen;
      const low = c.considerations.filter((k) => k.score < 0.8).map((k) => `${k.name}=${k.score.toFixed(2)}`).join(' ');
      lines.push(`  ${t} A> ${u?.name ?? ''}: ${c.label} [${c.why}] ${c.score.toFixed(3)} {${low}} | next: ${decision.runnersUp.slice(0, 3).map((q) => `${q.label} [${q.why}] ${q.score.toFixed(3)}`).join('; ')}`);
    }
    if (u && moved && predicted?.pose && (action.type === 'move' || action.type === 'charge' || action.type === 'formation')) {
      const kind = `${String(action.type)}${action.mode ? `/${String(action.mode)}` : ''}/${u.kind}`;
      const f = distance(u, predicted.pose);
      const real = distance(u, moved);
      const e = errors.get(kind) ?? { n: 0, forecast: 0, real: 0, worse: 0 };
      errors.set(kind, { n: e.n + 1, forecast: e.forecast + f, real: e.real + real, worse: e.worse + (real < f - 50 ? 1 : 0) });
      if (side === sideA && !quiet) lines.push(`      forecast ${inch(f)}" went ${inch(real)}"`);
      if (process.env.SHORT && real < f - 50) console.log(`short ${kind} forecast ${inch(f)}" went ${inch(real)}" to ${inch(distance(u, action.to as { x: number; y: number }))}": ${r.events.map((e) => e.text).join(' / ').slice(0, 300)}`);
    }
    for (const e of r.events) {
      if (/^(move|charge|melee|morale|rout|removed|counter|evade|game-over|shot|shoot)/i.test(e.type) && !quiet) lines.push(`    ${t} [${who}] ${e.type}: ${e.text.slice(0, 200)}`);
    }
  }
  const result = session.state.result!;
  const end = session.state as OnePageState;
  const winner = result.winner === null ? 'draw' : result.winner === sideA ? 'a' : 'b';
  console.log(`\n=== game ${g} seed ${seed}-${i + 1}: player a (${aId}) is side ${sideA}; winner ${winner} (${result.reason})`);
  if (!quiet) console.log(lines.join('\n'));
  for (const u of end.units as OnePageUnit[]) {
    if (u.kind === 'commander' || u.kind === 'wagon') continue;
    console.log(`  END ${u.side === sideA ? 'A' : 'b'} ${u.name.padEnd(34)} ${u.kind.padEnd(9)} ${u.removed ? `GONE(${u.rs.removedBy})` : `${u.stands.length} stands`} at ${inch(u.x)},${inch(u.y)}`);
  }
}

if (process.env.FORECAST) {
  console.log('\nmove forecasts (all players): kind, count, mean forecast, mean travelled, share that fell 2" short');
  for (const [k, e] of [...errors.entries()].sort()) console.log(`  ${k.padEnd(32)} ${String(e.n).padStart(4)} ${inch(e.forecast / e.n)}" ${inch(e.real / e.n)}" ${((100 * e.worse) / e.n).toFixed(0)}%`);
}
