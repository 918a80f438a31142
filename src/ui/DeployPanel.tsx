/**
 * The deployment panel: the units still to set up (drag one onto the shaded zone), and for the
 * selected unit on the table, buttons to turn it and to change its formation. "Deploy the rest for
 * me" and "Deployment done" are turn buttons in the top bar. In hot seat, a cover asks for the
 * screen to be handed over when the other side starts to set up, so neither sees the other's plan.
 */

import { useEffect } from 'react';
import { DEPLOY_ACTION } from '../core/deployment';
import { startOrder, useApp } from '../app/store';
import { PassTheScreen } from './PassTheScreen';
import { deployLegalFor, deploying, formationChoices, reformUnit, startDeployDrag, turnUnit, useDeploy } from './DeployState';

const TURN_STEP = Math.PI / 12;

export function DeployPanel() {
  const legal = useApp((s) => s.legal);
  const view = useApp((s) => s.view);
  const selected = useApp((s) => s.selected);
  const busy = useApp((s) => s.busy);
  const dragging = useDeploy((s) => s.drag?.unit ?? null);
  if (!view || !deploying(legal)) return null;
  const state = view.state;
  const side = state.sides.find((s) => s.id === state.active);
  const waiting = legal.filter((l) => l.action.type === DEPLOY_ACTION && l.group === 'deploy');
  const works = legal.filter((l) => l.group === 'works');
  const sel = selected ? state.units.find((u) => u.id === selected && !u.carriedBy) : undefined;
  const selLegal = sel ? deployLegalFor(sel.id, legal) : undefined;
  const formations = formationChoices(selLegal);
  return (
    <section className="panel deploy-panel" data-testid="deploy-panel">
      <h2>
        {side && <i className="chip" style={{ background: side.colour }} />} Deployment{side ? `: ${side.name}` : ''}
      </h2>
      <p className="muted small">
        Drag a unit from the list onto the shaded zone; its Colour Stand goes where you let go. Drag a unit on the table to move it, or click it to turn it or change its formation.
      </p>
      {waiting.length > 0 ? (
        <ul className="deploy-list" data-testid="deploy-list">
          {waiting.map((l) => {
            const u = state.units.find((x) => x.id === l.unit);
            return (
              <li
                key={l.unit}
                data-testid={`deploy-unit-${l.unit}`}
                className={dragging === l.unit ? 'dragging' : ''}
                title="Drag onto the table"
                onPointerDown={(e) => {
                  if (e.button !== 0) return;
                  e.preventDefault();
                  startDeployDrag(String(l.unit), { x: e.clientX, y: e.clientY });
                }}
              >
                {u?.name ?? l.unit}
                <span className="muted"> {u?.kind}</span>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="small">Every unit you may set up now is on the table.</p>
      )}
      {works.length > 0 && (
        <div className="deploy-works" data-testid="deploy-works">
          <div>
            <b>Field works</b>
          </div>
          <p className="muted small">Click a button, then click the table where the middle of the 6" section goes, then set which way its front faces. "Deploy the rest for me" builds what is left in front of your line.</p>
          <div className="buttons">
            {works.map((l) => (
              <button
                key={String(l.action.works)}
                data-testid={`place-works-${String(l.action.works)}`}
                disabled={busy}
                onClick={() => {
                  useApp.setState({ selected: null });
                  startOrder(l);
                }}
              >
                {l.label}
              </button>
            ))}
          </div>
        </div>
      )}
      {sel && selLegal && (
        <div className="deploy-selected" data-testid="deploy-selected">
          <div>
            <b>{sel.name}</b>
          </div>
          <div className="row">
            <button data-testid="deploy-turn-left" disabled={busy} onClick={() => void turnUnit(sel.id, TURN_STEP)}>
              ⟲ 15°
            </button>
            <button data-testid="deploy-turn-right" disabled={busy} onClick={() => void turnUnit(sel.id, -TURN_STEP)}>
              ⟳ 15°
            </button>
            <button data-testid="deploy-about" disabled={busy} onClick={() => void turnUnit(sel.id, Math.PI)}>
              About face
            </button>
          </div>
          {formations.length > 1 && (
            <div className="row">
              {formations.map((f) => (
                <button key={f.value} data-testid={`deploy-formation-${f.value}`} disabled={busy || sel.formation === f.value} onClick={() => void reformUnit(sel.id, f.value)}>
                  {f.label}
                </button>
              ))}
            </div>
          )}
        </div>
      )}
    </section>
  );
}

/**
 * Hot seat: when the side setting up changes and its table holds something the other side may not
 * see (a secret plan, 5A; secret ground), cover the table until the next player says he has the
 * screen, so the first player's plan is not shown to the second (nor the second's kept on show).
 * Placing in the open (5B) with nothing secret needs no cover.
 */
export function DeployHandover() {
  const view = useApp((s) => s.view);
  const opponent = useApp((s) => s.opponent);
  const shownTo = useDeploy((s) => s.shownTo);
  const phase = view?.state.phase;
  const active = view?.state.active ?? null;
  const settingUp = phase === 'deploy';
  // Nothing on this side's table is hidden from the other (placing in the open, 5B): no cover needed.
  const open = view?.secret === false;
  useEffect(() => {
    // The first side to set up has the screen already; a new game starts afresh; with nothing
    // secret on the table the screen simply passes.
    if (!settingUp) {
      if (shownTo !== null) useDeploy.setState({ shownTo: null });
    } else if ((shownTo === null || open) && active && shownTo !== active) {
      useDeploy.setState({ shownTo: active });
    }
  }, [settingUp, shownTo, active, open]);
  if (!view || !settingUp || opponent !== 'human' || !active || shownTo === null || shownTo === active || open) return null;
  return (
    <PassTheScreen
      side={active}
      why={(name) => `Something on the table is not for the other side's eyes (a deployment plan, secret ground): it stays covered until the player of the ${name} has the screen.`}
      reveals="my deployment"
      onTake={() => useDeploy.setState({ shownTo: active })}
      testId="deploy-handover"
    />
  );
}
