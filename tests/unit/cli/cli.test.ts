import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../../src/cli/main';
import { GameSession } from '../../../src/app/session';

function capture(argv: string[]): { code: number; out: string; err: string } {
  const out: string[] = [];
  const err: string[] = [];
  const code = run(argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('the tricorne command line', () => {
  it('a wrong flag prints the usage and exits non-zero', () => {
    const r = capture(['simulate', '--ruleset', 'one-page', '--gamez', '3']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/unknown flag --gamez/);
    expect(r.err).toMatch(/Usage:/);
    expect(capture(['simulate', '--games', 'many']).err).toMatch(/--games must be a whole number from 1 to 100000, not "many"/);
    expect(capture(['simulate', '--ruleset', 'chess']).err).toMatch(/unknown ruleset "chess"/);
    expect(capture(['simulate', '--a', 'genius']).err).toMatch(/unknown player "genius"; players: random \| scripted \| ai:easy\|normal\|hard/);
    expect(capture(['simulate', '--b', 'ai:brilliant']).code).toBe(2);
    expect(capture(['fly']).code).toBe(2);
    expect(capture([]).err).toMatch(/no command given/);
  });

  it('simulate --players plays Horse & Musket with more than two players, and refuses a wrong value', () => {
    expect(capture(['simulate', '--ruleset', 'one-page', '--players', 'allies-a']).err).toMatch(/one-page has no players setting; --players is for horse-and-musket/);
    expect(capture(['simulate', '--ruleset', 'horse-and-musket', '--players', 'six']).err).toMatch(/--players must be one of two, subordinate-a, subordinate-b, subordinate-both, allies-a, allies-b, allies-both, not "six"/);
    const r = capture(['simulate', '--ruleset', 'horse-and-musket', '--players', 'allies-a', '--games', '1', '--a', 'random', '--b', 'random', '--seed', '3']);
    expect(r.code).toBe(0);
    expect(r.out.split('\n')[0]).toBe('game 1: winner b (b), 21 turns, 434 actions, hash 48748188d7a86508');
  }, 120_000);

  it('simulate plays complete games and prints winner, turns and hash per game, then totals', () => {
    const r = capture(['simulate', '--ruleset', 'one-page', '--games', '2', '--a', 'random', '--b', 'random', '--seed', '5']);
    expect(r.code).toBe(0);
    const lines = r.out.split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toMatch(/^game 1: winner ((a|b) \((red|black)\)|draw), \d+ turns, \d+ actions, hash [0-9a-f]{16}$/);
    expect(lines[2]).toMatch(/^totals: 2 games; a won \d, b won \d, \d drawn; mean \d+\.\d turns$/);
    expect(lines[3]).toMatch(/^a \(random\): win \d+\.\d% \(95% CI \d+\.\d–\d+\.\d%\), draw .*, loss .*$/);
    expect(lines[4]).toMatch(/^a decision time: median /);
    expect(lines[5]).toMatch(/^b decision time: median /);
    // Deterministic: the same seed prints the same games.
    const again = capture(['simulate', '--games', '2', '--seed', '5']).out.split('\n');
    expect(again.slice(0, 4)).toEqual(lines.slice(0, 4));
  }, 60_000);

  it('simulate reports the AI against the scripted player with decision times', () => {
    const r = capture(['simulate', '--games', '1', '--a', 'ai:easy', '--b', 'scripted', '--seed', '2']);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/a \(ai:easy\): win/);
    expect(r.out).toMatch(/^a decision time: median \d+\.\d\d ms, p90 \d+\.\d\d ms, max \d+\.\d ms over \d+ decisions$/m);
    expect(r.out).toMatch(/^b decision time: median/m);
  }, 60_000);

  it('simulate --json prints machine-readable results', () => {
    const r = capture(['simulate', '--games', '1', '--seed', '9', '--json']);
    const data = JSON.parse(r.out);
    expect(data.games).toHaveLength(1);
    expect(data.games[0].hash).toMatch(/^[0-9a-f]{16}$/);
    expect(data.totals.games).toBe(1);
  });

  it('replay checks a save against its recorded hash', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tricorne-'));
    const s = new GameSession({ rulesetId: 'one-page', seed: 'cli-replay' });
    s.act({ type: 'roll-initiative', side: 'red' });
    const good = join(dir, 'good.json');
    writeFileSync(good, s.saveText());
    const r = capture(['replay', good]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(new RegExp(`replays 1 actions to state hash ${s.view().hash}`));
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, s.saveText().replace(/"stateHash": "[0-9a-f]+"/, '"stateHash": "0000000000000000"'));
    const rb = capture(['replay', bad]);
    expect(rb.code).toBe(1);
    expect(rb.err).toMatch(/does not replay to its recorded position/);
    expect(capture(['replay', join(dir, 'missing.json')]).err).toMatch(/cannot read .*ENOENT/);
  });
});
