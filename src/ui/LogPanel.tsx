/**
 * The battle log: every event's sentence, and for events with dice, modifiers or a chart an
 * explanation that opens beneath it: each die, which of them scored, each modifier and its reason,
 * and the chart row that decided the result.
 */

import { useEffect, useRef } from 'react';
import type { GameEvent } from '../core/model';
import { useApp } from '../app/store';

function DieFace({ value, sides, hit }: { value: number; sides: number; hit: boolean | null }) {
  return (
    <span className={`die${hit === true ? ' hit' : hit === false ? ' miss' : ''}`} title={`D${sides}: ${value}${hit === true ? ' (scores)' : hit === false ? ' (misses)' : ''}`}>
      {value}
    </span>
  );
}

function Explanation({ event }: { event: GameEvent }) {
  const mods = event.modifiers ?? [];
  const total = mods.reduce((a, m) => a + m.value, 0);
  // A single throw added up with modifiers (a test against a chart, not dice that each need a score).
  const rolls = event.dice ?? [];
  const sum = rolls.length === 1 && event.need === undefined && mods.length > 0 ? rolls[0]!.values.reduce((a, v) => a + v, 0) : null;
  return (
    <div className="explain" data-testid="log-explain">
      {(event.dice ?? []).map((roll, i) => (
        <div key={i} className="roll">
          <span className="roll-purpose">
            {roll.values.length}D{roll.sides} for {roll.purpose}
            {event.need !== undefined ? `, need ${event.need}+` : ''}:
          </span>
          <span className="dice">
            {roll.values.map((v, j) => (
              <DieFace key={j} value={v} sides={roll.sides} hit={event.need === undefined ? null : v >= event.need} />
            ))}
          </span>
          {event.need !== undefined && roll.values.length > 1 && (
            <span className="muted"> ({roll.values.filter((v) => v >= (event.need ?? Infinity)).length} scored)</span>
          )}
        </div>
      ))}
      {mods.length > 0 && (
        <ul className="mods">
          {mods.map((m, i) => (
            <li key={i} className={m.value >= 0 ? 'plus' : 'minus'}>
              <b>{m.value >= 0 ? `+${m.value}` : `−${Math.abs(m.value)}`}</b> {m.reason}
            </li>
          ))}
          {mods.length > 1 && (
            <li className="total">
              <b>{total >= 0 ? `+${total}` : `−${Math.abs(total)}`}</b> in all
            </li>
          )}
        </ul>
      )}
      {sum !== null && (
        <div className="score" data-testid="log-score">
          Score: dice <b>{sum}</b> {total >= 0 ? '+' : '−'} modifiers <b>{Math.abs(total)}</b> = <b>{sum + total}</b>
        </div>
      )}
      {event.chart && (
        <div className="chart">
          Chart: <b>{event.chart.chart}</b>, row <b>{event.chart.row}</b>
        </div>
      )}
    </div>
  );
}

export function LogPanel() {
  const log = useApp((s) => s.log);
  const view = useApp((s) => s.view);
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'nearest' });
  }, [log.length]);
  const sideColour = (id?: string) => view?.state.sides.find((s) => s.id === id)?.colour;

  return (
    <section className="panel log-panel" data-testid="log-panel">
      <h2>Log</h2>
      <div className="log-list">
        {log.length === 0 && <p className="muted">Orders and their results will be listed here.</p>}
        {log.map(({ id, seq, event }) => {
          const explained = (event.dice?.length ?? 0) > 0 || (event.modifiers?.length ?? 0) > 0 || !!event.chart;
          const colour = sideColour(event.side);
          const head = (
            <>
              <span className="seq">{seq}</span>
              {colour && <i className="chip" style={{ background: colour }} />}
              <span className="text">{event.text}</span>
            </>
          );
          return explained ? (
            <details key={id} className="log-entry" data-testid="log-entry" data-type={event.type}>
              <summary>
                {head}
                <span className="why">why?</span>
              </summary>
              <Explanation event={event} />
            </details>
          ) : (
            <div key={id} className="log-entry" data-testid="log-entry" data-type={event.type}>
              {head}
            </div>
          );
        })}
        <div ref={end} />
      </div>
    </section>
  );
}
