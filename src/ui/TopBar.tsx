/** The top bar: where the game stands, the turn-level orders, undo, save/load and a new game. */

import { useRef, useState } from 'react';
import { DemoButton } from './DemoControls';
import { HelpButton } from './HelpOverlay';
import { loadSave, newGame, resumeLastGame, saveText, setNotesOpen, setOpponent, setShadows, startOrder, undo, useApp, OPPONENTS, type Opponent } from '../app/store';

function download(name: string, text: string): void {
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

export function TopBar() {
  const view = useApp((s) => s.view);
  const setup = useApp((s) => s.setup);
  const rulesets = useApp((s) => s.rulesets);
  const legal = useApp((s) => s.legal);
  const busy = useApp((s) => s.busy);
  const opponent = useApp((s) => s.opponent);
  const resumeText = useApp((s) => s.resumeText);
  const shadows = useApp((s) => s.shadows);
  const demo = useApp((s) => s.demo);
  const fileInput = useRef<HTMLInputElement>(null);
  const [seed, setSeed] = useState('');

  const state = view?.state;
  const ruleset = rulesets.find((r) => r.id === state?.rulesetId);
  const active = state?.sides.find((s) => s.id === state.active);
  const turnActions = legal.filter((l) => !l.unit);
  const opponentSide = state?.sides[1];

  return (
    <header className="topbar" data-testid="topbar">
      <div className="topbar-group">
        <strong className="brand">Tricorne</strong>
        <span className="muted" data-testid="ruleset-name">
          {ruleset?.name ?? '…'}
        </span>
      </div>
      {state && (
        <div className="topbar-group status" data-testid="game-status">
          <span>
            Turn <b data-testid="turn">{state.turn}</b>
          </span>
          <span>
            Phase <b data-testid="phase">{state.phase}</b>
          </span>
          <span data-testid="active-side">
            {active ? (
              <>
                <i className="chip" style={{ background: active.colour }} /> {active.name} to act
              </>
            ) : (
              'game over'
            )}
          </span>
        </div>
      )}
      <div className="topbar-group turn-actions">
        {turnActions.map((l) => (
          <button
            key={`${l.action.type}:${l.label}`}
            className="primary"
            data-testid={`turn-${l.label}`}
            disabled={busy}
            onClick={() => startOrder(l)}
          >
            {l.label}
          </button>
        ))}
      </div>
      <div className="topbar-group right">
        <label className="opponent">
          Opponent{opponentSide ? ` (${opponentSide.name})` : ''}:{' '}
          <select data-testid="opponent" value={opponent} disabled={!!demo} onChange={(e) => setOpponent(e.target.value as Opponent)}>
            {OPPONENTS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        {resumeText && (
          <button data-testid="resume" disabled={busy} onClick={() => void resumeLastGame()} title="Load the game your last visit left off">
            Resume last game
          </button>
        )}
        <button data-testid="undo" disabled={busy || !view?.canUndo} onClick={() => void undo()} title="Take back the last order (not once dice were rolled)">
          Undo
        </button>
        <button
          data-testid="save"
          disabled={busy || !view}
          onClick={() => {
            void saveText().then((text) => {
              if (text) download(`tricorne-${setup?.seed ?? 'game'}-${view?.seq ?? 0}.json`, text);
            });
          }}
        >
          Save
        </button>
        <button data-testid="load" disabled={busy} onClick={() => fileInput.current?.click()}>
          Load
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
            if (!file) return;
            void file.text().then((text) => loadSave(text, `"${file.name}"`));
            // Clear it so picking the same file again still fires a change.
            input.value = '';
          }}
        />
        <form
          className="new-game"
          onSubmit={(e) => {
            e.preventDefault();
            const s = seed.trim() || Math.random().toString(36).slice(2, 8);
            void newGame({ rulesetId: setup?.rulesetId ?? 'one-page', seed: s, dice: setup?.dice ?? 'seeded' });
            setSeed('');
          }}
        >
          <input data-testid="seed-input" placeholder="seed" value={seed} onChange={(e) => setSeed(e.target.value)} size={8} />
          <button data-testid="new-game" type="submit" disabled={busy}>
            New game
          </button>
        </form>
        <label title="Soft shadows (slow without a graphics card)">
          <input type="checkbox" data-testid="shadows" checked={shadows} onChange={(e) => setShadows(e.target.checked)} /> Shadows
        </label>
        <button data-testid="rule-notes" onClick={() => setNotesOpen(true)}>
          Rule notes
        </button>
        <DemoButton />
        <HelpButton />
      </div>
    </header>
  );
}
