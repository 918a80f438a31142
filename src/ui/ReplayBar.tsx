/** The replay's timeline under the table: a scrubber over the log with the turns marked, play and step. */

import { exitReplay, pauseReplay, playReplay, REPLAY_SPEEDS, seekReplay, setReplaySpeed, stepReplay, turnReplay, useReplay } from '../app/replay';
import { useApp } from '../app/store';
import './afterBattle.css';

/** Small drawn icons: the text font has no media-control glyphs. */
const ICONS = {
  prevTurn: 'M3 3h2v10H3zM13 3v10L6 8zM20 3v10l-7-5z',
  back: 'M3 3h2v10H3zM14 3v10L6 8z',
  play: 'M5 2v12l10-6z',
  pause: 'M4 3h3v10H4zM10 3h3v10h-3z',
  forward: 'M2 3v10l8-5zM11 3h2v10h-2z',
  nextTurn: 'M0 3v10l7-5zM7 3v10l7-5zM15 3h2v10h-2z',
} as const;

function Icon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg className="icon" viewBox="0 0 20 16" width={18} height={14} aria-hidden>
      <path d={ICONS[name]} fill="currentColor" />
    </svg>
  );
}

export function ReplayBar() {
  const replaying = useApp((s) => s.replaying);
  const view = useApp((s) => s.view);
  const { info, at, playing, speedMs, title } = useReplay();
  if (!replaying || !info) return null;
  const turn = view?.state.turn;
  const pct = (n: number) => `${info.length ? (100 * n) / info.length : 0}%`;
  const atEnd = at >= info.length;
  return (
    <div className="replay-bar" data-testid="replay-bar">
      <div className="replay-title">
        <span className="replay-badge">Replay</span> {title}
        <span className="muted" data-testid="replay-position">
          {' '}
          · Turn {turn} · step {at} of {info.length}
          {atEnd && info.finished ? ' · the end' : ''}
        </span>
      </div>
      <div className="replay-controls">
        <button title="Start of the previous turn" aria-label="previous turn" data-testid="replay-prev-turn" onClick={() => turnReplay(-1)} disabled={at === 0}>
          <Icon name="prevTurn" />
        </button>
        <button title="One step back" aria-label="step back" data-testid="replay-back" onClick={() => stepReplay(-1)} disabled={at === 0}>
          <Icon name="back" />
        </button>
        {playing ? (
          <button className="primary play" aria-label="pause" data-testid="replay-pause" onClick={() => pauseReplay()}>
            <Icon name="pause" />
          </button>
        ) : (
          <button className="primary play" aria-label="play" data-testid="replay-play" onClick={() => playReplay()}>
            <Icon name="play" />
          </button>
        )}
        <button title="One step forward" aria-label="step forward" data-testid="replay-forward" onClick={() => stepReplay(1)} disabled={atEnd}>
          <Icon name="forward" />
        </button>
        <button title="Start of the next turn" aria-label="next turn" data-testid="replay-next-turn" onClick={() => turnReplay(1)} disabled={atEnd}>
          <Icon name="nextTurn" />
        </button>
        <div className="replay-track">
          <input
            type="range"
            min={0}
            max={info.length}
            step={1}
            value={at}
            data-testid="replay-slider"
            aria-label="position in the battle"
            onChange={(e) => {
              pauseReplay();
              void seekReplay(Number(e.currentTarget.value));
            }}
          />
          <div className="replay-marks" aria-hidden>
            {info.marks.map((m) => (
              <span key={m.at} className="mark" style={{ left: pct(m.at) }} title={`Turn ${m.turn}`}>
                <i />
                {info.marks.length <= 24 || m.turn % 5 === 0 ? <em>{m.turn}</em> : null}
              </span>
            ))}
          </div>
        </div>
        <select value={speedMs} aria-label="speed" onChange={(e) => setReplaySpeed(Number(e.currentTarget.value))}>
          {REPLAY_SPEEDS.map((s) => (
            <option key={s.ms} value={s.ms}>
              {s.label}
            </option>
          ))}
        </select>
        <button data-testid="replay-exit" onClick={() => void exitReplay()}>
          Back to the game
        </button>
      </div>
    </div>
  );
}
