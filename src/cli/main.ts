/** The `tricorne` command line: headless games and replays. */

import { readFileSync } from 'node:fs';
import { GameSession } from '../app/session';
import { getRuleset, rulesetIds } from '../rules/registry';
import { intFlag, parseArgs, UsageError } from './args';
import { makePlayer, playGame, type GameRecord } from './simulate';
import { PLAYER_HELP } from '../ai/players';
import { wilson } from './stats';
import { median, quantile } from '../../bench/stats';
import { TERRAIN_USAGE, terrainCommand } from './terrain';
import { VIEWSHED_USAGE, viewshedCommand } from './viewshed';

export const USAGE = `Usage:
  tricorne simulate --ruleset R --games N --a PLAYER --b PLAYER [--seed S] [--players MODE] [--json]
      Play N headless games and print each game's winner, turns and final state hash, then totals.
      Each game is replayed from its save and must reach the same hash.
      Rulesets: ${rulesetIds().join(', ')}. Players: ${PLAYER_HELP}.
      Sides alternate between games. Prints win, draw and loss rates with 95% confidence
      intervals, and decision-time statistics.
  tricorne replay FILE
      Check that a saved game replays to its recorded state hash.
${TERRAIN_USAGE}
${VIEWSHED_USAGE}
  tricorne help
      Show this text.`;

export interface Io {
  out(line: string): void;
  err(line: string): void;
}

export function run(argv: readonly string[], io: Io): number {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'simulate':
        return simulate(rest, io);
      case 'replay':
        return replayFile(rest, io);
      case 'terrain':
        return terrainCommand(rest, io);
      case 'viewshed':
        return viewshedCommand(rest, io);
      case 'help':
      case '--help':
      case '-h':
        io.out(USAGE);
        return 0;
      case undefined:
        throw new UsageError('no command given');
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } catch (e) {
    return failed(e, io);
  }
}

/** How a command that threw ends: a usage error shows the usage and exits 2, anything else exits 1. */
export function failed(e: unknown, io: Io): number {
  if (e instanceof UsageError) {
    io.err(`tricorne: ${e.message}`);
    io.err(USAGE);
    return 2;
  }
  io.err(`tricorne: ${(e as Error).message}`);
  return 1;
}

function simulate(argv: readonly string[], io: Io): number {
  const { flags, switches, positional } = parseArgs(argv, { values: ['ruleset', 'games', 'a', 'b', 'seed', 'players'], switches: ['json'] });
  if (positional.length) throw new UsageError(`unexpected argument "${positional[0]}"`);
  const ruleset = flags.ruleset ?? 'one-page';
  if (!rulesetIds().includes(ruleset)) throw new UsageError(`unknown ruleset "${ruleset}"; rulesets: ${rulesetIds().join(', ')}`);
  const games = intFlag(flags, 'games', 10, 1, 100000);
  const seed = flags.seed ?? '1';
  const a = makePlayer(flags.a ?? 'random', `${seed}/a`);
  const b = makePlayer(flags.b ?? 'random', `${seed}/b`);
  // More than two players (Horse & Musket's players option): each computer player plays all its side's seats.
  const players = flags.players;
  if (players !== undefined) {
    const def = getRuleset(ruleset).options.find((o) => o.id === 'players');
    if (!def) throw new UsageError(`${ruleset} has no players setting; --players is for horse-and-musket`);
    if (!def.choices!.some((c) => c.value === players)) throw new UsageError(`--players must be one of ${def.choices!.map((c) => c.value).join(', ')}, not "${players}"`);
  }
  const records: GameRecord[] = [];
  for (let i = 0; i < games; i++) {
    const { record } = playGame(ruleset, `${seed}-${i + 1}`, a, b, i % 2 === 1, undefined, players === undefined ? undefined : { players });
    records.push({ game: i + 1, ...record });
    if (!switches.has('json')) {
      const who = record.winnerPlayer ? `${record.winnerPlayer} (${record.winner})` : 'draw';
      io.out(`game ${i + 1}: winner ${who}, ${record.turns} turns, ${record.actions} actions, hash ${record.hash}`);
    }
  }
  const count = (who: 'a' | 'b' | null): number => records.filter((r) => r.winnerPlayer === who).length;
  const rate = (n: number): { rate: number; ci95: [number, number] } => ({ rate: n / games, ci95: wilson(n, games) });
  const times = (who: 'a' | 'b'): { median: number; p90: number; max: number; decisions: number } | null => {
    const all = records.flatMap((r) => r.decisionMs[who]);
    return all.length ? { median: median(all), p90: quantile(all, 0.9), max: Math.max(...all), decisions: all.length } : null;
  };
  const totals = {
    games,
    aWins: count('a'),
    bWins: count('b'),
    draws: count(null),
    a: { win: rate(count('a')), draw: rate(count(null)), loss: rate(count('b')) },
    meanTurns: records.reduce((s, r) => s + r.turns, 0) / games,
    decisionMs: { a: times('a'), b: times('b') },
  };
  const slim = records.map(({ decisionMs: _d, ...r }) => r);
  if (switches.has('json')) {
    io.out(JSON.stringify({ ruleset, seed, a: flags.a ?? 'random', b: flags.b ?? 'random', games: slim, totals }, null, 1));
  } else {
    const pct = (r: { rate: number; ci95: [number, number] }): string => `${(r.rate * 100).toFixed(1)}% (95% CI ${(r.ci95[0] * 100).toFixed(1)}–${(r.ci95[1] * 100).toFixed(1)}%)`;
    io.out(`totals: ${games} games; a won ${totals.aWins}, b won ${totals.bWins}, ${totals.draws} drawn; mean ${totals.meanTurns.toFixed(1)} turns`);
    io.out(`a (${flags.a ?? 'random'}): win ${pct(totals.a.win)}, draw ${pct(totals.a.draw)}, loss ${pct(totals.a.loss)}`);
    for (const who of ['a', 'b'] as const) {
      const t = totals.decisionMs[who];
      if (t) io.out(`${who} decision time: median ${t.median.toFixed(2)} ms, p90 ${t.p90.toFixed(2)} ms, max ${t.max.toFixed(1)} ms over ${t.decisions} decisions`);
    }
  }
  return 0;
}

function replayFile(argv: readonly string[], io: Io): number {
  const { positional } = parseArgs(argv, { values: [], switches: [] });
  if (positional.length !== 1) throw new UsageError('replay takes exactly one FILE');
  const file = positional[0]!;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    io.err(`tricorne: cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    return 1;
  }
  try {
    const session = GameSession.fromSave(text);
    const view = session.view();
    io.out(`OK: ${file} replays ${session.log.length} actions to state hash ${view.hash} (turn ${view.state.turn}${view.state.result ? `, ${view.state.result.reason}` : ''})`);
    return 0;
  } catch (e) {
    io.err(`tricorne: ${file}: ${(e as Error).message}`);
    return 1;
  }
}
