/**
 * "AI thinking": the computer's last decision, with its plan, the chosen order and the runners-up,
 * each with the considerations that scored it. For demonstrations and for learning the rules.
 */

import { useState } from 'react';
import { useApp } from '../app/store';
import type { ScoredCandidate } from '../ai/utility';

function unitName(id: string | undefined): string {
  if (!id) return '';
  return useApp.getState().view?.state.units.find((u) => u.id === id)?.name ?? id;
}

function Candidate({ c, chosen }: { c: ScoredCandidate; chosen: boolean }) {
  return (
    <li className={chosen ? 'thinking-chosen' : ''} data-testid={chosen ? 'thinking-chosen' : 'thinking-runner-up'}>
      <div>
        <b>{(c.score * 100).toFixed(0)}</b> {unitName(c.unit)} {c.label}
        {c.why ? <span className="thinking-why"> — {c.why}</span> : null}
      </div>
      <div className="thinking-considerations">
        {c.considerations.map((k) => (
          <span key={k.name} title={`input ${k.input.toFixed(2)}`}>
            {k.name} {k.score.toFixed(2)}
          </span>
        ))}
      </div>
    </li>
  );
}

export function ThinkingPanel() {
  const thinking = useApp((s) => s.thinking);
  const opponent = useApp((s) => s.opponent);
  const demo = useApp((s) => s.demo);
  const [open, setOpen] = useState(true);
  if (!thinking || !(demo || opponent.startsWith('ai:'))) return null;
  return (
    <section className="thinking" data-testid="thinking">
      <h3 onClick={() => setOpen(!open)}>
        AI thinking {open ? '▾' : '▸'}
      </h3>
      {open && (
        <>
          <div className="thinking-plan">
            Plan: <b>{thinking.plan.stance}</b> (strength ratio {thinking.plan.ratio.toFixed(2)}); {thinking.scored} of {thinking.candidates} candidates scored in{' '}
            {thinking.ms.toFixed(0)} ms
          </div>
          <ol>
            <Candidate c={thinking.chosen} chosen />
            {thinking.runnersUp.map((c, i) => (
              <Candidate key={i} c={c} chosen={false} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
