/**
 * Watch Horse & Musket games turn by turn, to see why the AI loses one (a diagnostic, not a test).
 *   npx tsx scripts/hm-watch.ts A B SEED GAME [GAME...]
 * plays game GAME of `tricorne simulate --seed SEED` (the same seed and sides), printing each
 * player turn's Attacks, breaks and losses and a line per unit at the end of every fourth turn.
 */

import { GameSession } from '../src/app/session';
import { makePlayer } from '../src/ai/players';
import type { HmState, HmUnit } from '../src/rules/horse-and-musket/types';
import { breakTally, lostForBreak } from '../src/rules/horse-and-musket/world';

const [aId, bId, seed, ...games] = process.argv.slice(2);
const inch = (mm: number): string => (mm / 25.4).toFixed(0);

function unitLine(u: HmUnit): string {
  const ok = u.stands.filter((s) => s.status === 'ok').length;
  const dis = u.stands.length - ok;
  const st = [u.removed ? `GONE(${u.rs.removedBy})` : '', u.rs.retrograde !== 'none' ? String(u.rs.retrograde) : '', lostForBreak(u) ? 'LOST' : '', u.formation].filter(Boolean).join(' ');
  return `${u.id.padEnd(6)} ${u.rs.troop.padEnd(10)} ${u.rs.status.padEnd(8)} at ${inch(u.x)},${inch(u.y)} face ${((u.facing * 180) / Math.PI).toFixed(0)} ok${ok}/dis${dis}/of${u.rs.originalStands} ${st}`;
}

for (const g of games) {
  const i = Number(g) - 1;
  const a = makePlayer(aId!, `${seed}/a`);
  const b = makePlayer(bId!, `${seed}/b`);
  const session = new GameSession({ rulesetId: 'horse-and-musket', seed: `${seed}-${i + 1}` });
  const sideA = session.state.sides[i % 2 === 1 ? 1 : 0]!.id;
  // Player a's decisions, by action number: what it chose and why.
  const chosen = new Map<number, string>();
  while (!session.state.result) {
    const side = session.state.active!;
    const player = side === sideA ? a : b;
    const n = session.log.length;
    const { action, decision, outcome } = player.choose(session.ruleset, session.state, session.legal(side), side);
    if (!action) throw new Error('no action');
    if (decision && side === sideA) {
      const c = decision.chosen;
      const low = c.considerations.filter((k) => k.score < 0.75).map((k) => `${k.name}=${k.score.toFixed(2)}`).join(' ');
      chosen.set(n, `${c.label} ${c.unit ?? ''} [${c.why}] ${c.score.toFixed(3)} ${low} | next: ${decision.runnersUp.slice(0, 2).map((r) => `${r.label} ${r.unit ?? ''} ${r.score.toFixed(3)}`).join('; ')}`);
    }
    const r = session.step(action, undefined, outcome);
    if (!r.ok) throw new Error('refused');
  }
  const result = session.state.result!;
  const winnerPlayer = result.winner === null ? 'draw' : result.winner === sideA ? 'a' : 'b';
  console.log(`\n=== game ${g} seed ${seed}-${i + 1}: player a (${aId}) is side ${sideA}; winner ${winnerPlayer} (${result.reason})`);
  let lastTurn = -1;
  session.log.forEach((entry, n) => {
    const st = session.stateAt(n + 1) as HmState;
    const events = session.events[n] ?? [];
    if (chosen.has(n) && process.env.DECISIONS) console.log(`    > t${st.rules.turnNumber} ${chosen.get(n)!.slice(0, 300)}`);
    for (const e of events) {
      if (/attack|resolve|break|destroy|rout|run|withdraw|retreat|disperse|abandon|game-over|rally/i.test(e.type)) console.log(`  t${st.rules.turnNumber} [${e.side ?? ''}] ${e.type}: ${e.text.slice(0, 220)}`);
    }
    if (st.rules.turnNumber !== lastTurn) {
      lastTurn = st.rules.turnNumber;
      const tallies = st.sides.map((s) => `${s.id}${s.id === sideA ? '(a)' : '(b)'} lost ${breakTally(st, s.id, false).lost}/${breakTally(st, s.id, false).total}`).join('  ');
      console.log(`--- turn ${lastTurn}: ${tallies}`);
      if (lastTurn % 4 === 1) for (const u of st.units as HmUnit[]) if (u.rs.troop !== 'general') console.log(`     ${u.side} ${unitLine(u)}`);
    }
  });
  const end = session.state as HmState;
  for (const u of end.units as HmUnit[]) if (u.rs.troop !== 'general') console.log(`  END ${u.side} ${unitLine(u)}`);
}
