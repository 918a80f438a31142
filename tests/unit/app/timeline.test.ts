import { describe, expect, it } from 'vitest';
import { makePlayer } from '../../../src/ai/players';
import { createEngineApi } from '../../../src/app/engineHost';
import { GameSession } from '../../../src/app/session';
import { SNAPSHOT_EVERY, Timeline } from '../../../src/app/timeline';
import { stateHash } from '../../../src/core/engine';
import { SaveError } from '../../../src/core/save';

/** A short one-page battle played to its end by the scripted player (two turns). */
function finishedGame(): GameSession {
  const s = new GameSession({ rulesetId: 'one-page', seed: 'timeline', options: { turnLimit: 2 } });
  const player = makePlayer('scripted', 'timeline');
  while (!s.state.result) {
    const side = s.state.active!;
    const { action } = player.choose(s.ruleset, s.state, s.legal(side), side);
    const r = s.step(action!);
    if (!r.ok) throw new Error('the scripted player was refused');
  }
  return s;
}

const game = finishedGame();
const text = game.saveText('timeline');

describe('the replay timeline', () => {
  it('gives the same position as the game at every step, in any order of asking', () => {
    expect(game.log.length).toBeGreaterThan(2 * SNAPSHOT_EVERY);
    const t = Timeline.fromSave(text);
    expect(t.length).toBe(game.log.length);
    const order = [game.log.length, 0, 17, 18, 19, 3, game.log.length - 1, 11, 10, 9, 25, 1];
    for (const n of order) expect(stateHash(t.stateAt(n)), `step ${n}`).toBe(stateHash(game.stateAt(n)));
    // Out of range is held to the ends.
    expect(stateHash(t.stateAt(-5))).toBe(stateHash(game.stateAt(0)));
    expect(stateHash(t.stateAt(10_000))).toBe(stateHash(game.state));
  });

  it('marks where each turn begins and ends on the game result', () => {
    const t = Timeline.fromSave(text);
    expect(t.marks[0]).toEqual({ turn: 1, at: 0 });
    expect(t.marks.map((m) => m.turn)).toEqual([1, 2]);
    const second = t.marks[1]!.at;
    expect(game.stateAt(second).turn).toBe(2);
    expect(game.stateAt(second - 1).turn).toBe(1);
    expect(t.report.hash).toBe(stateHash(game.state));
    expect(t.report.result).toEqual(game.state.result);
    expect(t.name).toBe('timeline');
  });

  it('from the game in progress agrees with the one from its save', () => {
    const a = Timeline.fromSession(game);
    const b = Timeline.fromSave(text);
    expect(a.report).toEqual(b.report);
    expect(a.marks).toEqual(b.marks);
    expect(a.events).toEqual(b.events);
    expect(a.turns).toEqual(b.turns);
    expect(stateHash(a.stateAt(23))).toBe(stateHash(b.stateAt(23)));
    // The report's chart: the start and the end of both turns, the last being the final position.
    expect(a.report.series.map((p) => p.label)).toEqual(['Start', 'Turn 1', 'Turn 2']);
    expect(a.report.series.at(-1)!.seq).toBe(game.log.length);
  });

  it('refuses a bad save with the reason', () => {
    const good = JSON.parse(text);
    const refused = { ...good, log: good.log.map((e: { action: object }, i: number) => (i === 4 ? { ...e, action: { ...e.action, type: 'fly' } } : e)) };
    expect(() => Timeline.fromSave(JSON.stringify(refused))).toThrow(SaveError);
    expect(() => Timeline.fromSave(JSON.stringify(refused))).toThrow(/the rules refuse action 5 of \d+ \(fly by \w+\)/);
    expect(() => Timeline.fromSave(JSON.stringify({ ...good, setup: { ...good.setup, rulesetId: 'chess' } }))).toThrow(/cannot set up: unknown ruleset "chess"/);
    expect(() => Timeline.fromSave(JSON.stringify({ ...good, stateHash: '0123456789abcdef' }))).toThrow(/does not replay to its recorded position/);
  });
});

describe('replay through the worker API', () => {
  it('never touches the game in progress, and ends on the live hash', async () => {
    const api = createEngineApi();
    await api.newGame({ rulesetId: 'one-page', seed: 'replay-api' });
    await api.act({ type: 'roll-initiative', side: 'red' });
    const live = await api.view();
    const info = await api.openReplay();
    expect(info).toMatchObject({ length: 1, finished: false, finalHash: live.hash, sameBattlefield: true, rulesetId: 'one-page' });
    expect((await api.replayView(0)).seq).toBe(0);
    expect((await api.replayView(1)).hash).toBe(live.hash);

    // A saved game of another battlefield, replayed while the live game waits.
    const other = await api.openReplay(text);
    expect(other).toMatchObject({ length: game.log.length, finished: true, sameBattlefield: false, name: 'timeline' });
    expect((await api.replayView(other.length)).hash).toBe(stateHash(game.state));
    const history = await api.replayHistory();
    expect(history.length).toBe(game.log.length);
    // Each action carries the turn it left the battle in, so a tooltip's "this turn" can be rebuilt.
    expect(history.map((h) => h.turn)).toEqual(game.log.map((_, i) => game.stateAt(i + 1).turn));
    expect(new Set(history.map((h) => h.turn))).toEqual(new Set([1, 2]));
    expect((await api.replayBattlefield()).spec).toEqual(game.state.battlefield);
    await expect(api.openReplay('{"format":"tricorne-save"')).rejects.toThrow(/not valid JSON/);
    await api.closeReplay();
    await expect(api.replayView(0)).rejects.toThrow(/no replay is open/);

    const after = await api.view();
    expect(after.hash).toBe(live.hash);
    expect(after.seq).toBe(1);
  });

  it('reports the battle of the game in progress', async () => {
    const api = createEngineApi();
    await api.loadSave(text);
    const report = await api.battleReport();
    expect(report.hash).toBe(stateHash(game.state));
    expect(report.result?.winner).toBe(game.state.result!.winner);
    // The losses add up with the strength at the start and at the end.
    for (const l of report.losses) {
      expect(l.start.stands - l.end.stands).toBe(l.standsLost);
      expect(report.series[0]!.sides[l.side]).toEqual(l.start);
      expect(report.series.at(-1)!.sides[l.side]).toEqual(l.end);
    }
  });
});

describe('the history of a loaded game', () => {
  it('gives each action the turn it left the battle in', async () => {
    const api = createEngineApi();
    await api.loadSave(text);
    const history = await api.history();
    expect(history.map((h) => h.events)).toEqual(game.events);
    expect(history.map((h) => h.turn)).toEqual(game.log.map((_, i) => game.stateAt(i + 1).turn));
    expect(history.at(-1)!.turn).toBe(2);
  });
});
