/**
 * The player's named saves, export and import, on the page. The saves live in IndexedDB
 * (src/app/persist.ts); loading one goes through the worker's full check like any file.
 */

import { create } from 'zustand';
import { checkSaveName, savedActions, saveDb, sortSaves, type NamedSave } from './persist';
import { api, loadSave, useApp } from './store';
import { exitReplay } from './replay';

export interface SavesState {
  open: boolean;
  list: NamedSave[];
  /** What went wrong in the dialog (a bad name, storage refused), shown in it. */
  problem: string | null;
}

export const useSaves = create<SavesState>(() => ({ open: false, list: [], problem: null }));

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

export async function refreshSaves(): Promise<void> {
  try {
    const db = await saveDb();
    useSaves.setState({ list: sortSaves(await db.saves.all()) });
  } catch (e) {
    useSaves.setState({ problem: `The saved games could not be read: ${errorText(e)}` });
  }
}

export function openSaves(): void {
  useSaves.setState({ open: true, problem: null });
  void refreshSaves();
}

export function closeSaves(): void {
  useSaves.setState({ open: false, problem: null });
}

/** Save the game in progress under a name (a save of that name is replaced). */
export async function saveAs(typed: string): Promise<boolean> {
  const s = useApp.getState();
  if (s.replaying) {
    useSaves.setState({ problem: 'Leave the replay to save the game in progress.' });
    return false;
  }
  try {
    const name = checkSaveName(typed);
    const view = s.view;
    if (!view) throw new Error('no game is in progress');
    const text = await api().saveText(name);
    const result = view.state.result;
    const winner = result ? view.state.sides.find((x) => x.id === result.winner)?.name : undefined;
    const record: NamedSave = {
      name,
      save: text,
      rulesetId: view.state.rulesetId,
      rulesetName: s.rulesets.find((r) => r.id === view.state.rulesetId)?.name ?? view.state.rulesetId,
      turn: view.state.turn,
      seq: view.seq,
      result: result ? (winner ? `${winner} won` : 'a draw') : null,
      savedAt: new Date().toISOString(),
    };
    const db = await saveDb();
    const replaced = useSaves.getState().list.some((x) => x.name === name);
    await db.saves.put(record);
    await refreshSaves();
    useSaves.setState({ problem: null });
    useApp.setState({ message: { kind: 'info', text: `${replaced ? 'Replaced' : 'Saved'} "${name}" (turn ${record.turn}, ${record.seq} ${record.seq === 1 ? 'action' : 'actions'}).` } });
    return true;
  } catch (e) {
    useSaves.setState({ problem: `Could not save: ${errorText(e)}.` });
    return false;
  }
}

async function record(name: string): Promise<NamedSave> {
  const found = await (await saveDb()).saves.get(name);
  if (!found) throw new Error(`there is no save named "${name}"`);
  return found;
}

/** Load a named save as the game in progress; a save that no longer replays is refused with the reason. */
export async function loadNamed(name: string): Promise<void> {
  try {
    const r = await record(name);
    await exitReplay();
    if (await loadSave(r.save, `"${name}"`)) closeSaves();
  } catch (e) {
    useSaves.setState({ problem: errorText(e) });
  }
}

export async function deleteNamed(name: string): Promise<void> {
  try {
    await (await saveDb()).saves.delete(name);
    await refreshSaves();
  } catch (e) {
    useSaves.setState({ problem: `Could not delete "${name}": ${errorText(e)}` });
  }
}

/** The text of a named save, for export or replay. */
export async function namedSaveText(name: string): Promise<string | null> {
  try {
    return (await record(name)).save;
  } catch (e) {
    useSaves.setState({ problem: errorText(e) });
    return null;
  }
}

/** Import a save file as the game in progress; a bad file is refused with the reason and the game kept. */
export async function importFile(file: File): Promise<void> {
  let text: string;
  try {
    text = await file.text();
  } catch (e) {
    useSaves.setState({ problem: `Could not read "${file.name}": ${errorText(e)}` });
    return;
  }
  await exitReplay();
  if (await loadSave(text, `"${file.name}"`)) closeSaves();
  else useSaves.setState({ problem: useApp.getState().message?.text ?? `Could not load "${file.name}".` });
}

/** Download text as a file. */
export function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser time to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file name from a save's name or the game's seed: letters, digits and dashes. */
export function fileNameFor(base: string, seq: number): string {
  const safe = base
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `tricorne-${safe || 'game'}-${seq}.json`;
}

/** Export the game in progress as a file. */
export async function exportCurrent(): Promise<void> {
  try {
    // The worker's game is the live one, even while a replay is on the table.
    const text = await api().saveText();
    download(fileNameFor(useApp.getState().setup?.seed ?? 'game', savedActions(text)), text);
  } catch (e) {
    useSaves.setState({ problem: `Could not export the game: ${errorText(e)}` });
  }
}
