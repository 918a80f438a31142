/**
 * Play games FROM..TO of `tricorne simulate --seed SEED --a A --b B` (the same numbering and sides),
 * one line each with the reason, and the totals at the end (a diagnostic for measuring the AI).
 *   npx tsx scripts/hm-batch.ts A B SEED FROM TO
 */
import { makePlayer } from '../src/ai/players';
import { playGame } from '../src/cli/simulate';

const [aId, bId, seed, from, to] = process.argv.slice(2);
const a = makePlayer(aId!, `${seed}/a`);
const b = makePlayer(bId!, `${seed}/b`);
const tally = { a: 0, b: 0, draw: 0, limitLoss: 0 };
const cpu0 = process.cpuUsage();
for (let g = Number(from); g <= Number(to); g++) {
  const i = g - 1;
  const { record } = playGame('horse-and-musket', `${seed}-${g}`, a, b, i % 2 === 1);
  const who = record.winnerPlayer ?? 'draw';
  tally[who]++;
  if (who === 'b' && /turn limit/.test(record.reason)) tally.limitLoss++;
  console.log(`game ${g} (a ${i % 2 === 1 ? 'second' : 'first'} side): ${who} — ${record.reason}, ${record.turns} turns`);
}
const cpu = process.cpuUsage(cpu0);
console.log(`totals: a ${tally.a} / draw ${tally.draw} / b ${tally.b} (b by turn limit ${tally.limitLoss}); cpu ${((cpu.user + cpu.system) / 1e6).toFixed(0)} s`);
