/** Small pieces over the table: the message line, hover tooltip, game-over banner, dice prompt, rule notes. */

import { useEffect, useState } from 'react';
import { cancelOrder, clearMessage, enterDice, setNotesOpen, useApp } from '../app/store';
import { UnitTurnLines } from './UnitTooltip';
import { openReport, useReport } from '../app/report';

export function MessageLine() {
  const message = useApp((s) => s.message);
  if (!message) return <div className="message empty" data-testid="message" />;
  return (
    <div className={`message ${message.kind}`} data-testid="message" role={message.kind === 'error' ? 'alert' : 'status'}>
      <span data-testid={message.kind === 'error' ? 'error' : 'info'}>{message.text}</span>
      <button className="link" onClick={() => clearMessage()} aria-label="dismiss">
        ×
      </button>
    </div>
  );
}

/** Beside the pointer, opening upwards in the lower half of the table and leftwards near its right edge. */
function tooltipPlace(pos: { x: number; y: number }, container: HTMLElement | null): React.CSSProperties {
  const w = container?.clientWidth ?? Infinity;
  const h = container?.clientHeight ?? Infinity;
  const across = pos.x > w - 300 ? { right: w - pos.x + 16 } : { left: pos.x + 16 };
  return { ...across, ...(pos.y > h / 2 ? { bottom: h - pos.y + 12 } : { top: pos.y + 12 }) };
}

/** The hovered unit's name and info lines, next to the pointer. */
export function HoverTooltip({ container }: { container: HTMLElement | null }) {
  const hovered = useApp((s) => s.hovered);
  const view = useApp((s) => s.view);
  const [pos, setPos] = useState<{ x: number; y: number } | null>(null);
  useEffect(() => {
    if (!container) return;
    const move = (e: PointerEvent) => {
      const r = container.getBoundingClientRect();
      setPos({ x: e.clientX - r.left, y: e.clientY - r.top });
    };
    const leave = () => setPos(null);
    container.addEventListener('pointermove', move);
    container.addEventListener('pointerleave', leave);
    return () => {
      container.removeEventListener('pointermove', move);
      container.removeEventListener('pointerleave', leave);
    };
  }, [container]);
  const unit = hovered ? view?.state.units.find((u) => u.id === hovered) : undefined;
  if (!unit || !pos) return null;
  const side = view?.state.sides.find((s) => s.id === unit.side);
  const lines = view?.unitInfo[unit.id] ?? [];
  return (
    <div className="tooltip" data-testid="tooltip" style={tooltipPlace(pos, container)}>
      <div className="tooltip-title">
        {side && <i className="chip" style={{ background: side.colour }} />} {unit.name}
        {side && <span className="muted"> · {side.name}</span>}
      </div>
      {lines.map((l) => (
        <div key={l.label} className="tooltip-line">
          <span className="muted">{l.label}:</span> {l.value}
        </div>
      ))}
      <UnitTurnLines unit={unit} />
    </div>
  );
}

export function GameOverBanner() {
  const view = useApp((s) => s.view);
  const replaying = useApp((s) => s.replaying);
  const reportOpen = useReport((s) => s.open);
  const hasReport = useReport((s) => !!s.report);
  const result = view?.state.result;
  if (!result || reportOpen) return null;
  const winner = view.state.sides.find((s) => s.id === result.winner);
  return (
    <div className="banner" data-testid="game-over">
      <div className="banner-title">{winner ? `${winner.name} win` : 'A draw'}</div>
      <div>{result.reason}</div>
      {result.scores && (
        <div className="muted">
          {Object.entries(result.scores)
            .map(([id, n]) => `${view.state.sides.find((s) => s.id === id)?.name ?? id}: ${n}`)
            .join(' · ')}
        </div>
      )}
      {hasReport && !replaying && (
        <button className="banner-button" data-testid="open-report" onClick={() => openReport()}>
          Battle report
        </button>
      )}
    </div>
  );
}

/** "Roll your own": ask for the results of real dice thrown on the table. */
export function DicePrompt() {
  const prompt = useApp((s) => s.dice);
  const [values, setValues] = useState<number[]>([]);
  useEffect(() => {
    setValues([]);
  }, [prompt]);
  if (!prompt) return null;
  const complete = values.length === prompt.count;
  const faces = Array.from({ length: prompt.sides }, (_, i) => i + 1);
  return (
    <div className="modal-back">
      <div className="modal dice-prompt" data-testid="dice-prompt" role="dialog" aria-label="Enter dice">
        <h2>Roll your own</h2>
        <p>
          <b>{prompt.label}</b>: roll <b>{prompt.count}D{prompt.sides}</b> for {prompt.purpose} and enter what they show.
        </p>
        {prompt.entered.length > 0 && <p className="muted">Already entered for this order: {prompt.entered.join(', ')}</p>}
        <div className="entered" data-testid="dice-entered">
          {Array.from({ length: prompt.count }, (_, i) => (
            <span key={i} className={`die${values[i] ? '' : ' empty'}`}>
              {values[i] ?? '?'}
            </span>
          ))}
        </div>
        {prompt.sides <= 20 ? (
          <div className="buttons faces">
            {faces.map((f) => (
              <button key={f} data-testid={`die-${f}`} disabled={complete} onClick={() => setValues((v) => [...v, f])}>
                {f}
              </button>
            ))}
          </div>
        ) : (
          <input
            type="number"
            min={1}
            max={prompt.sides}
            onKeyDown={(e) => {
              const v = Number(e.currentTarget.value);
              if (e.key === 'Enter' && Number.isInteger(v) && v >= 1 && v <= prompt.sides && !complete) {
                setValues((vs) => [...vs, v]);
                e.currentTarget.value = '';
              }
            }}
          />
        )}
        <div className="buttons">
          <button onClick={() => setValues((v) => v.slice(0, -1))} disabled={values.length === 0}>
            Back
          </button>
          <button className="primary" data-testid="dice-submit" disabled={!complete} onClick={() => void enterDice(values)}>
            Enter
          </button>
          <button onClick={() => cancelOrder()}>Cancel order</button>
        </div>
      </div>
    </div>
  );
}

export function RuleNotes() {
  const open = useApp((s) => s.notesOpen);
  const rulesets = useApp((s) => s.rulesets);
  const view = useApp((s) => s.view);
  if (!open) return null;
  const r = rulesets.find((x) => x.id === view?.state.rulesetId) ?? rulesets[0];
  return (
    <div className="modal-back" onClick={() => setNotesOpen(false)}>
      <div className="modal notes" data-testid="notes-dialog" role="dialog" aria-label="Rule notes" onClick={(e) => e.stopPropagation()}>
        <h2>Rule notes: {r?.name}</h2>
        <p className="muted">From {r?.source}. Where the rules leave a gap or contradict themselves, this is how Tricorne plays it.</p>
        <div className="notes-list">
          {(r?.notes ?? []).map((n) => (
            <div key={n.id} className="note">
              <div className="note-topic">
                <span className="muted">{n.id}</span> {n.topic}
              </div>
              <div>{n.text}</div>
            </div>
          ))}
        </div>
        <button data-testid="notes-close" onClick={() => setNotesOpen(false)}>
          Close
        </button>
      </div>
    </div>
  );
}
