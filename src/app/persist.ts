/**
 * Keeping games in the browser: the autosave of each tab and the player's named saves, in
 * IndexedDB. Every record holds a save in the engine's format (setup and action log, checked by hash
 * when it is loaded), never a state. Writes are asynchronous and coalesced, so the page never waits
 * for them; the newest record always wins.
 */

import type { DicePrompt, Opponent } from './store';
import type { Action } from '../core/model';

/** A pending order as the page had it: enough to find the same legal order again after a reload. */
export interface SavedPendingOrder {
  label: string;
  unit?: string;
  action: Action;
  values: Record<string, unknown>;
  step: number;
}

/** What the page adds to the save to resume exactly: who plays, what was selected, what was half given. */
export interface PageExtras {
  opponent: Opponent;
  selected: string | null;
  pending: SavedPendingOrder | null;
  dice: DicePrompt | null;
}

/** A tab's autosave, rewritten after every accepted action and every change of the page extras. */
export interface AutosaveRecord {
  tab: string;
  /** The save text (src/core/save.ts). */
  save: string;
  seq: number;
  turn: number;
  rulesetId: string;
  updatedAt: string;
  extras: PageExtras;
}

/** A game the player saved under a name. */
export interface NamedSave {
  name: string;
  save: string;
  rulesetId: string;
  rulesetName: string;
  turn: number;
  seq: number;
  /** The result in words, when the battle was over. */
  result: string | null;
  savedAt: string;
}

/** The little a record store needs: IndexedDB in the page, a Map in the unit tests. */
export interface RecordStore<T> {
  get(key: string): Promise<T | undefined>;
  put(value: T): Promise<void>;
  delete(key: string): Promise<void>;
  all(): Promise<T[]>;
}

export interface SaveDb {
  autosaves: RecordStore<AutosaveRecord>;
  saves: RecordStore<NamedSave>;
  /** Why the browser's storage could not be used, when these stores live only as long as the page. */
  unavailable: string | null;
}

const DB_NAME = 'tricorne';
const DB_VERSION = 1;
const KEYS = { autosaves: 'tab', saves: 'name' } as const;
/** Autosaves of other tabs kept for "Resume last game"; older ones are dropped. */
export const AUTOSAVES_KEPT = 5;
export const SAVE_NAME_MAX = 60;

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('the browser refused the request'));
  });
}

function idbStore<T>(db: IDBDatabase, name: keyof typeof KEYS): RecordStore<T> {
  const store = (mode: IDBTransactionMode) => db.transaction(name, mode).objectStore(name);
  return {
    get: (key) => done(store('readonly').get(key) as IDBRequest<T | undefined>),
    all: () => done(store('readonly').getAll() as IDBRequest<T[]>),
    async put(value) {
      await done(store('readwrite').put(value));
    },
    async delete(key) {
      await done(store('readwrite').delete(key));
    },
  };
}

export function memoryStore<T>(key: (value: T) => string): RecordStore<T> {
  const map = new Map<string, T>();
  return {
    get: async (k) => structuredClone(map.get(k)),
    all: async () => [...map.values()].map((v) => structuredClone(v)),
    async put(value) {
      map.set(key(value), structuredClone(value));
    },
    async delete(k) {
      map.delete(k);
    },
  };
}

export function memoryDb(unavailable: string | null = null): SaveDb {
  return { autosaves: memoryStore((r) => r.tab), saves: memoryStore((r) => r.name), unavailable };
}

function openIdb(): Promise<SaveDb> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      for (const [name, keyPath] of Object.entries(KEYS)) {
        if (!db.objectStoreNames.contains(name)) db.createObjectStore(name, { keyPath });
      }
    };
    request.onsuccess = () => {
      const db = request.result;
      resolve({ autosaves: idbStore(db, 'autosaves'), saves: idbStore(db, 'saves'), unavailable: null });
    };
    request.onerror = () => reject(request.error ?? new Error('the browser would not open its database'));
    request.onblocked = () => reject(new Error('another Tricorne tab holds an older version of the database open'));
  });
}

let dbPromise: Promise<SaveDb> | null = null;

/** The page's stores: IndexedDB, or stores in memory (with the reason) where the browser refuses it. */
export function saveDb(): Promise<SaveDb> {
  dbPromise ??= (typeof indexedDB === 'undefined' ? Promise.reject(new Error('this browser has no IndexedDB')) : openIdb()).catch((e: unknown) =>
    memoryDb(e instanceof Error ? e.message : String(e)),
  );
  return dbPromise;
}

const TAB_KEY = 'tricorne.tab';

/**
 * This tab's id. Session storage outlives a reload but not the tab, so a reload finds the tab's own
 * autosave, and a new tab starts its own game while offering the last one.
 */
export function tabId(storage: Pick<Storage, 'getItem' | 'setItem'> | null = globalThis.sessionStorage ?? null): string {
  let id = storage?.getItem(TAB_KEY) ?? null;
  if (!id) {
    id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
    storage?.setItem(TAB_KEY, id);
  }
  return id;
}

/** How many actions a save's text holds, by a glance at its log (the worker checks it in full). */
export function savedActions(text: string): number {
  try {
    const log = (JSON.parse(text) as { log?: unknown }).log;
    return Array.isArray(log) ? log.length : 0;
  } catch {
    return 0;
  }
}

/** The newest autosave of another tab that holds at least one action: the game to offer as "Resume". */
export function newestOtherAutosave(records: AutosaveRecord[], tab: string): AutosaveRecord | null {
  return byNewest(records.filter((r) => r.tab !== tab && r.seq > 0), (r) => r.updatedAt)[0] ?? null;
}

/** The autosaves to delete: all but this tab's and the newest few of the others. */
export function autosavesToDrop(records: AutosaveRecord[], tab: string, keep = AUTOSAVES_KEPT): string[] {
  return byNewest(records.filter((r) => r.tab !== tab), (r) => r.updatedAt)
    .slice(keep)
    .map((r) => r.tab);
}

function byNewest<T>(list: T[], date: (t: T) => string): T[] {
  return [...list].sort((a, b) => date(b).localeCompare(date(a)));
}

/** Named saves for the list, newest first. */
export function sortSaves(list: NamedSave[]): NamedSave[] {
  return byNewest(list, (s) => s.savedAt);
}

/** A save name as typed, trimmed; throws an Error saying what is wrong with it. */
export function checkSaveName(typed: string): string {
  const name = typed.trim().replace(/\s+/g, ' ');
  if (!name) throw new Error('give the save a name');
  if (name.length > SAVE_NAME_MAX) throw new Error(`a save name may have at most ${SAVE_NAME_MAX} characters`);
  return name;
}

/**
 * Writes records one at a time, keeping only the newest waiting: a burst of actions costs at most
 * one write in flight and one to follow. A failed write is reported and the next one tried.
 */
export class Autosaver<T> {
  private next: T | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly write: (record: T) => Promise<void>,
    private readonly onError: (e: unknown) => void = () => {},
    private readonly onWritten: (record: T) => void = () => {},
  ) {}

  /** Queue a record; returns at once. */
  save(record: T): void {
    this.next = record;
    this.running ??= this.drain();
  }

  /** Whether a write is waiting or under way. */
  get pending(): boolean {
    return this.running !== null;
  }

  /** Resolves once everything queued so far is written. */
  async flushed(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    while (this.next !== null) {
      const record = this.next;
      this.next = null;
      try {
        await this.write(record);
        this.onWritten(record);
      } catch (e) {
        this.onError(e);
      }
    }
    this.running = null;
  }
}
