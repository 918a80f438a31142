import { describe, expect, it } from 'vitest';
import { GameSession } from '../../../src/app/session';
import { createEngineApi } from '../../../src/app/engineHost';
import { parseSave, SaveError } from '../../../src/core/save';

function playedSession(): GameSession {
  const s = new GameSession({ rulesetId: 'one-page', seed: 'save-test' });
  expect(s.act({ type: 'roll-initiative', side: 'red' }).ok).toBe(true);
  expect(s.act({ type: 'choose-order', side: s.state.active!, first: 'second' }).ok).toBe(true);
  const side = s.state.active!;
  const u = s.state.units.find((x) => x.side === side && x.kind === 'infantry')!;
  expect(s.act({ type: 'halt', side, unit: u.id }).ok).toBe(true);
  return s;
}

describe('the save format', () => {
  it('round-trips: a loaded save replays to the same state', () => {
    const s = playedSession();
    const loaded = GameSession.fromSave(s.saveText('test'));
    expect(loaded.view().hash).toBe(s.view().hash);
    expect(loaded.log).toEqual(s.log);
    expect(loaded.state).toEqual(s.state);
  });

  it('says clearly what is wrong with a corrupt file', () => {
    const good = JSON.parse(playedSession().saveText());
    const cases: [string, RegExp][] = [
      ['{"format": "tricorne-save", "version": 1, "setup"', /not valid JSON/],
      ['[1, 2, 3]', /damaged: the file/],
      [JSON.stringify({ ...good, version: 9 }), /format version 9; this Tricorne reads version 1/],
      [JSON.stringify({ ...good, setup: { ...good.setup, rulesetId: 'chess' } }), /unknown ruleset "chess"/],
      [JSON.stringify({ ...good, stateHash: 'zz' }), /damaged: stateHash/],
      [JSON.stringify({ ...good, stateHash: '0123456789abcdef' }), /does not replay to its recorded position/],
      [JSON.stringify({ ...good, log: good.log.slice(0, 1) }), /does not replay to its recorded position/],
      [JSON.stringify({ ...good, log: [good.log[1], good.log[0], good.log[2]] }), /log entry 1 is numbered 2/],
      [JSON.stringify({ ...good, log: [{ ...good.log[0], action: { type: 'roll-initiative', side: 'black' } }, ...good.log.slice(1)] }), /the rules refuse action 1 of 3 \(roll-initiative by black\): the other side rolls for initiative first/],
    ];
    for (const [text, message] of cases) {
      expect(() => GameSession.fromSave(text)).toThrow(SaveError);
      expect(() => GameSession.fromSave(text)).toThrow(message);
    }
    expect(() => parseSave('not json')).toThrow(/not a Tricorne save/);
  });

  it('records the rules edition, and refuses a save of another edition saying why', () => {
    const onePage = JSON.parse(playedSession().saveText());
    expect(onePage.rulesEdition).toBe(1);
    // Saves from before editions were recorded are edition 1, which one-page still plays.
    const { rulesEdition: _dropped, ...older } = onePage;
    expect(GameSession.fromSave(JSON.stringify(older)).log).toHaveLength(3);
    // Horse & Musket is at edition 4: among other changes attacking Austrians may trade their fortification points for flank marches.
    const hm = new GameSession({ rulesetId: 'horse-and-musket', seed: 'edition' });
    const saved = JSON.parse(hm.saveText());
    expect(saved.rulesEdition).toBe(4);
    expect(GameSession.fromSave(JSON.stringify(saved)).view().hash).toBe(hm.view().hash);
    const { rulesEdition: _old, ...firstEdition } = saved;
    expect(() => GameSession.fromSave(JSON.stringify(firstEdition))).toThrow(
      /played under edition 1 of Tricorne's Horse & Musket \(Resolve\) rules, and this Tricorne plays edition 4/,
    );
    for (const edition of [2, 3]) {
      expect(() => GameSession.fromSave(JSON.stringify({ ...saved, rulesEdition: edition }))).toThrow(
        new RegExp(`played under edition ${edition} of Tricorne's Horse & Musket \\(Resolve\\) rules, and this Tricorne plays edition 4`),
      );
    }
  });

  it('a corrupt file leaves the game in progress untouched', async () => {
    const api = createEngineApi();
    const view = await api.newGame({ rulesetId: 'one-page', seed: 'in-progress' });
    const r = await api.act({ type: 'roll-initiative', side: 'red' });
    expect(r.ok).toBe(true);
    const before = await api.view();
    await expect(api.loadSave('{"format":"tricorne-save","version":1}')).rejects.toThrow(/damaged: savedAt/);
    const after = await api.view();
    expect(after.hash).toBe(before.hash);
    expect(after.seq).toBe(1);
    expect(after.hash).not.toBe(view.hash);
  });
});
