/** The end of a battle: who won and why, each side's losses, strength over the turns, and what next. */

import { closeReport, newGameAfterBattle, useReport } from '../app/report';
import { startReplay } from '../app/replay';
import { useApp } from '../app/store';
import { ResultChart } from './ResultChart';
import './afterBattle.css';

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

export function ResultScreen() {
  const { report, open } = useReport();
  const replaying = useApp((s) => s.replaying);
  const busy = useApp((s) => s.busy);
  if (!report || !open || replaying) return null;
  const result = report.result;
  const winner = report.losses.find((l) => l.side === result?.winner);
  const sides = report.losses.map((l) => ({ id: l.side, name: l.name, colour: l.colour }));
  return (
    <div className="modal-back result-back">
      <div className="result-screen" data-testid="result-screen" role="dialog" aria-label="Result of the battle">
        <div className="result-head">
          <div className="result-kicker">The battle is over</div>
          <h2 data-testid="result-title">
            {winner && <i className="flag" style={{ background: winner.colour }} />}
            {winner ? `${winner.name} win` : 'A drawn battle'}
          </h2>
          <p className="result-why" data-testid="result-reason">
            {result?.reason ?? report.resultText}
          </p>
          <p className="muted">
            {plural(report.turns, 'turn')} · {plural(report.actions, 'order')} and results
            {result?.scores && (
              <>
                {' · '}
                {report.losses.map((l) => `${l.name} ${result.scores?.[l.side] ?? 0}`).join(', ')} points
              </>
            )}
          </p>
        </div>
        <table className="result-losses" data-testid="result-losses">
          <thead>
            <tr>
              <th>Losses</th>
              <th>Units</th>
              <th>Stands</th>
              <th>Generals</th>
            </tr>
          </thead>
          <tbody>
            {report.losses.map((l) => (
              <tr key={l.side} data-testid="result-side" data-side={l.side}>
                <th>
                  <i className="chip" style={{ background: l.colour }} /> {l.name}
                  {l.lostNames.length > 0 && <div className="lost-names">{l.lostNames.join(', ')}</div>}
                </th>
                <td>
                  <b data-testid="units-lost">{l.unitsLost}</b> <span className="muted">of {l.start.units}</span>
                </td>
                <td>
                  <b data-testid="stands-lost">{l.standsLost}</b> <span className="muted">of {l.start.stands}</span>
                </td>
                <td>
                  <b data-testid="generals-lost">{l.generalsLost}</b> <span className="muted">of {l.start.generals}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="result-chart-box">
          <div className="chart-title">
            Stands in the field, turn by turn
            <span className="legend">
              {sides.map((s) => (
                <span key={s.id}>
                  <i className="chip" style={{ background: s.colour }} /> {s.name}
                </span>
              ))}
            </span>
          </div>
          <ResultChart series={report.series} sides={sides} />
        </div>
        <div className="result-buttons">
          <button className="primary" data-testid="result-replay" disabled={busy} onClick={() => void startReplay(undefined, 'the battle')}>
            Replay the battle
          </button>
          <button data-testid="result-new-game" disabled={busy} onClick={() => void newGameAfterBattle()}>
            New game
          </button>
          <button data-testid="result-close" onClick={() => closeReport()}>
            Look at the table
          </button>
        </div>
      </div>
    </div>
  );
}
