import { describe, expect, it } from 'vitest';
import {
  Autosaver,
  autosavesToDrop,
  checkSaveName,
  memoryDb,
  newestOtherAutosave,
  savedActions,
  SAVE_NAME_MAX,
  sortSaves,
  tabId,
  type AutosaveRecord,
  type NamedSave,
} from '../../../src/app/persist';

function record(tab: string, updatedAt: string, seq = 3): AutosaveRecord {
  return {
    tab,
    save: `{"log":[${Array.from({ length: seq }, () => '{}').join(',')}]}`,
    seq,
    turn: 1,
    rulesetId: 'one-page',
    updatedAt,
    extras: { opponent: 'human', selected: null, pending: null, dice: null },
  };
}

/** A write the test finishes by hand, to see what the writer does meanwhile. */
function gatedWriter() {
  const written: number[] = [];
  const gates: (() => void)[] = [];
  const write = (n: number) =>
    new Promise<void>((resolve) => {
      gates.push(() => {
        written.push(n);
        resolve();
      });
    });
  return { written, gates, write };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('the autosave writer', () => {
  it('writes one record at a time and keeps only the newest waiting', async () => {
    const w = gatedWriter();
    const seen: number[] = [];
    const saver = new Autosaver<number>(w.write, undefined, (n) => seen.push(n));
    saver.save(1);
    saver.save(2);
    saver.save(3);
    saver.save(4);
    expect(saver.pending).toBe(true);
    await tick();
    // Only the first write is under way; 2 and 3 were overtaken by 4 while it ran.
    expect(w.gates).toHaveLength(1);
    w.gates[0]!();
    await tick();
    expect(w.gates).toHaveLength(2);
    w.gates[1]!();
    await saver.flushed();
    expect(w.written).toEqual([1, 4]);
    expect(seen).toEqual([1, 4]);
    expect(saver.pending).toBe(false);
  });

  it('reports a failed write and goes on with the next', async () => {
    const errors: string[] = [];
    const written: number[] = [];
    const saver = new Autosaver<number>(
      async (n) => {
        if (n === 1) throw new Error('quota exceeded');
        written.push(n);
      },
      (e) => errors.push((e as Error).message),
    );
    saver.save(1);
    await saver.flushed();
    saver.save(2);
    await saver.flushed();
    expect(errors).toEqual(['quota exceeded']);
    expect(written).toEqual([2]);
  });

  it('the newest record is the one left in the store after a burst', async () => {
    const db = memoryDb();
    const saver = new Autosaver<AutosaveRecord>((r) => db.autosaves.put(r));
    for (let seq = 1; seq <= 20; seq++) saver.save(record('tab-a', `2026-01-01T00:00:${String(seq).padStart(2, '0')}Z`, seq));
    await saver.flushed();
    expect((await db.autosaves.get('tab-a'))?.seq).toBe(20);
    expect(await db.autosaves.all()).toHaveLength(1);
  });
});

describe('autosaves of several tabs', () => {
  const records = [
    record('a', '2026-03-01T10:00:00Z'),
    record('b', '2026-03-02T10:00:00Z'),
    record('c', '2026-03-03T10:00:00Z', 0),
    record('d', '2026-02-01T10:00:00Z'),
    record('mine', '2026-03-04T10:00:00Z'),
  ];

  it('offers the newest game of another tab that holds an action', () => {
    // "c" is newer but empty; "mine" is this tab's own.
    expect(newestOtherAutosave(records, 'mine')?.tab).toBe('b');
    expect(newestOtherAutosave([records[4]!], 'mine')).toBeNull();
  });

  it('drops all but the newest few of the other tabs, never this tab', () => {
    expect(autosavesToDrop(records, 'mine', 2)).toEqual(['a', 'd']);
    expect(autosavesToDrop(records, 'mine', 10)).toEqual([]);
    expect(autosavesToDrop(records, 'c', 0).sort()).toEqual(['a', 'b', 'd', 'mine']);
  });

  it('a tab keeps its id across reloads (session storage) and a new tab gets another', () => {
    const storage = new Map<string, string>();
    const session = { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => void storage.set(k, v) };
    const first = tabId(session);
    expect(tabId(session)).toBe(first);
    const other = new Map<string, string>();
    const second = tabId({ getItem: (k) => other.get(k) ?? null, setItem: (k, v) => void other.set(k, v) });
    expect(second).not.toBe(first);
  });
});

describe('named saves', () => {
  it('checks and tidies a name', () => {
    expect(checkSaveName('  Leuthen   before the  charge ')).toBe('Leuthen before the charge');
    expect(() => checkSaveName('   ')).toThrow('give the save a name');
    expect(() => checkSaveName('x'.repeat(SAVE_NAME_MAX + 1))).toThrow(`at most ${SAVE_NAME_MAX} characters`);
  });

  it('lists newest first and replaces a save of the same name', async () => {
    const db = memoryDb();
    const save = (name: string, savedAt: string, turn: number): NamedSave => ({ name, save: '{}', rulesetId: 'one-page', rulesetName: 'One-page', turn, seq: turn * 10, result: null, savedAt });
    await db.saves.put(save('Kolin', '2026-05-01T09:00:00Z', 2));
    await db.saves.put(save('Rossbach', '2026-05-03T09:00:00Z', 4));
    await db.saves.put(save('Kolin', '2026-05-04T09:00:00Z', 6));
    const list = sortSaves(await db.saves.all());
    expect(list.map((s) => [s.name, s.turn])).toEqual([
      ['Kolin', 6],
      ['Rossbach', 4],
    ]);
    await db.saves.delete('Kolin');
    expect((await db.saves.all()).map((s) => s.name)).toEqual(['Rossbach']);
  });

  it('counts the actions of a save by its log, and none for text that is not a save', () => {
    expect(savedActions('{"log":[{},{},{}]}')).toBe(3);
    expect(savedActions('{"log":"x"}')).toBe(0);
    expect(savedActions('not json')).toBe(0);
  });
});
