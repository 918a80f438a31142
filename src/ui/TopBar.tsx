/** The top bar: where the game stands, the turn-level orders, undo, saves, replay and a new game. */

import { openSaves } from '../app/saves';
import { startReplay } from '../app/replay';
import { computerSide, openNewGame, resumeLastGame, setNotesOpen, setOpponent, setShadows, startOrder, undo, useApp, OPPONENTS, type Opponent } from '../app/store';
import { DiceSettings } from '../scene/dice/DiceControls';
import { DemoButton } from './DemoControls';
import { HelpButton } from './HelpOverlay';

export function TopBar() {
  const view = useApp((s) => s.view);
  const rulesets = useApp((s) => s.rulesets);
  const legal = useApp((s) => s.legal);
  const busy = useApp((s) => s.busy);
  const opponent = useApp((s) => s.opponent);
  const resumeText = useApp((s) => s.resumeText);
  const shadows = useApp((s) => s.shadows);
  const replaying = useApp((s) => s.replaying);
  const demo = useApp((s) => s.demo);

  const state = view?.state;
  const ruleset = rulesets.find((r) => r.id === state?.rulesetId);
  const active = state?.sides.find((s) => s.id === state.active);
  const turnActions = legal.filter((l) => !l.unit);
  const opponentSide = state?.sides.find((s) => s.id === computerSide(view));

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
                <i className="chip" style={{ background: active.colour }} /> {(state?.activeSeat && state.seats?.find((x) => x.id === state.activeSeat)?.name) || active.name} to act
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
          <select data-testid="opponent" value={opponent} disabled={replaying || !!demo} onChange={(e) => setOpponent(e.target.value as Opponent)}>
            {OPPONENTS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
        {resumeText && (
          <button data-testid="resume" disabled={busy || replaying} onClick={() => void resumeLastGame()} title="Load the game your last visit left off">
            Resume last game
          </button>
        )}
        <button data-testid="undo" disabled={busy || !view?.canUndo} onClick={() => void undo()} title="Take back the last order (not once dice were rolled)">
          Undo
        </button>
        <button data-testid="saves" onClick={() => openSaves()} title="Save under a name, load, export or import a game">
          Saves
        </button>
        <button data-testid="replay" disabled={busy || replaying || !view?.seq} onClick={() => void startReplay()} title="Watch this battle again from the start, step by step">
          Replay
        </button>
        <button data-testid="new-game" disabled={busy || replaying} onClick={() => openNewGame()} title="Choose a rulebook, a battlefield, the armies and the opponent">
          New game
        </button>
        <label title="Soft shadows (slow without a graphics card)">
          <input type="checkbox" data-testid="shadows" checked={shadows} onChange={(e) => setShadows(e.target.checked)} /> Shadows
        </label>
        <DiceSettings />
        <button data-testid="rule-notes" onClick={() => setNotesOpen(true)}>
          Rule notes
        </button>
        <DemoButton />
        <HelpButton />
      </div>
    </header>
  );
}
