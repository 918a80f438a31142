/** Saved games: save under a name, the list (name, rules, turn, date) to load, replay, export or delete; export and import files. */

import { useEffect, useRef, useState } from 'react';
import { closeSaves, deleteNamed, download, exportCurrent, fileNameFor, importFile, loadNamed, namedSaveText, saveAs, useSaves } from '../app/saves';
import { startReplay } from '../app/replay';
import { useApp } from '../app/store';
import { SAVE_NAME_MAX } from '../app/persist';
import './afterBattle.css';

function when(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString(undefined, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
}

export function SavesDialog() {
  const { open, list, problem } = useSaves();
  const view = useApp((s) => s.view);
  const rulesets = useApp((s) => s.rulesets);
  const busy = useApp((s) => s.busy);
  const replaying = useApp((s) => s.replaying);
  const [name, setName] = useState('');
  /** The save whose Delete was clicked once: a second click deletes it. */
  const [confirming, setConfirming] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const suggestion = view ? `${rulesets.find((r) => r.id === view.state.rulesetId)?.name ?? view.state.rulesetId}, turn ${view.state.turn}` : '';
  useEffect(() => {
    if (open) setName('');
  }, [open]);
  if (!open) return null;
  return (
    <div className="modal-back" onClick={() => closeSaves()}>
      <div className="modal saves-dialog" data-testid="saves-dialog" role="dialog" aria-label="Saved games" onClick={(e) => e.stopPropagation()}>
        <h2>Saved games</h2>
        <form
          className="save-as"
          onSubmit={(e) => {
            e.preventDefault();
            void saveAs(name || suggestion).then((ok) => ok && setName(''));
          }}
        >
          <input data-testid="save-name" value={name} placeholder={suggestion} maxLength={SAVE_NAME_MAX} onChange={(e) => setName(e.target.value)} aria-label="name for the save" />
          <button className="primary" type="submit" data-testid="save-as" disabled={busy || replaying || !view}>
            Save this game
          </button>
        </form>
        {problem && (
          <p className="saves-problem" data-testid="saves-problem" role="alert">
            {problem}
          </p>
        )}
        {list.length === 0 ? (
          <p className="muted">No saved games yet. Your game in progress is kept for you automatically; save it under a name to keep a copy.</p>
        ) : (
          <table className="saves-list">
            <thead>
              <tr>
                <th>Name</th>
                <th>Rules</th>
                <th>Turn</th>
                <th>Saved</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {list.map((s) => (
                <tr key={s.name} data-testid="saved-game" data-name={s.name}>
                  <td className="save-name">
                    {s.name}
                    {s.result && <span className="muted"> · {s.result}</span>}
                  </td>
                  <td>{s.rulesetName}</td>
                  <td>{s.turn}</td>
                  <td className="muted">{when(s.savedAt)}</td>
                  <td className="save-actions">
                    <button data-testid="saved-load" disabled={busy} onClick={() => void loadNamed(s.name)}>
                      Load
                    </button>
                    <button
                      data-testid="saved-replay"
                      disabled={busy}
                      onClick={() => {
                        void namedSaveText(s.name).then(async (text) => {
                          if (!text) return;
                          if (replaying) return;
                          if (await startReplay(text, `"${s.name}"`)) closeSaves();
                        });
                      }}
                    >
                      Replay
                    </button>
                    <button data-testid="saved-export" onClick={() => void namedSaveText(s.name).then((text) => text && download(fileNameFor(s.name, s.seq), text))}>
                      Export
                    </button>
                    {confirming === s.name ? (
                      <button className="danger" data-testid="saved-delete-confirm" onClick={() => void deleteNamed(s.name).then(() => setConfirming(null))} onBlur={() => setConfirming(null)}>
                        Delete for good
                      </button>
                    ) : (
                      <button data-testid="saved-delete" onClick={() => setConfirming(s.name)}>
                        Delete
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <div className="buttons saves-files">
          <button data-testid="save" disabled={!view} onClick={() => void exportCurrent()} title="Download the game in progress as a file">
            Export this game…
          </button>
          <button data-testid="load" disabled={busy} onClick={() => fileInput.current?.click()} title="Open a save file: it replaces the game in progress">
            Import a file…
          </button>
          <input
            ref={fileInput}
            type="file"
            accept=".json,application/json"
            hidden
            data-testid="load-input"
            onChange={(e) => {
              const input = e.currentTarget;
              const file = input.files?.[0];
              if (file) void importFile(file);
              // Cleared so that picking the same file again still counts.
              input.value = '';
            }}
          />
          <span className="spacer" />
          <button data-testid="saves-close" onClick={() => closeSaves()}>
            Close
          </button>
        </div>
      </div>
    </div>
  );
}
