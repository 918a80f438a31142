/**
 * The selected unit: its tooltip lines, the orders the ruleset offers it, and the prompt for the
 * open parameter of the order being given. Parameters are driven by their kind only.
 */

import { useState } from 'react';
import type { ActionParam, LegalAction } from '../core/ruleset';
import { formatLength } from '../core/measure';
import { cancelOrder, currentParam, provideParam, selectUnit, setAngleValue, startOrder, useApp } from '../app/store';
import { useLengthUnit } from './SightPanel';

const deg = (rad: number) => Math.round((rad * 180) / Math.PI);

function ParamPrompt({ param }: { param: ActionParam }) {
  const view = useApp((s) => s.view);
  const angle = useApp((s) => s.angleValue);
  const unit = useLengthUnit();
  const [dice, setDice] = useState<string[]>([]);
  const unitName = (id: string) => view?.state.units.find((u) => u.id === id)?.name ?? id;

  switch (param.kind) {
    case 'point':
      return (
        <div className="prompt" data-testid="param-point">
          <div className="prompt-label">{param.label}</div>
          <div className="muted">
            Click on the table within the circle (up to {formatLength(param.maxReach, unit)}
            {param.minReach ? `, at least ${formatLength(param.minReach, unit)}` : ''}).
          </div>
        </div>
      );
    case 'unit':
      return (
        <div className="prompt" data-testid="param-unit">
          <div className="prompt-label">{param.label}</div>
          <div className="muted">Click a highlighted unit on the table, or pick one:</div>
          <div className="buttons">
            {param.choices.map((id) => (
              <button key={id} data-testid={`choice-${id}`} onClick={() => provideParam(id)}>
                {unitName(id)}
              </button>
            ))}
          </div>
        </div>
      );
    case 'angle': {
      const step = Math.PI / 36;
      const clamp = (v: number) => Math.max(param.min, Math.min(param.max, v));
      return (
        <div className="prompt" data-testid="param-angle">
          <div className="prompt-label">{param.label}</div>
          <div className="angle-row">
            <button onClick={() => setAngleValue(clamp(angle - step))} aria-label="less">
              −5°
            </button>
            <input
              type="range"
              data-testid="angle-slider"
              min={param.min}
              max={param.max}
              step={Math.PI / 180}
              value={angle}
              onChange={(e) => setAngleValue(Number(e.target.value))}
            />
            <button onClick={() => setAngleValue(clamp(angle + step))} aria-label="more">
              +5°
            </button>
            <b className="angle-value">{deg(angle)}°</b>
          </div>
          <button className="primary" data-testid="param-confirm" onClick={() => provideParam(angle)}>
            Confirm
          </button>
        </div>
      );
    }
    case 'choice':
      return (
        <div className="prompt" data-testid="param-choice">
          <div className="prompt-label">{param.label}</div>
          <div className="buttons">
            {param.choices.map((c) => (
              <button key={c.value} data-testid={`choice-${c.value}`} onClick={() => provideParam(c.value)}>
                {c.label}
              </button>
            ))}
          </div>
        </div>
      );
    case 'dice': {
      const values = Array.from({ length: param.count }, (_, i) => dice[i] ?? '');
      const parsed = values.map((v) => Number(v));
      const valid = parsed.every((v) => Number.isInteger(v) && v >= 1 && v <= param.sides);
      return (
        <form
          className="prompt"
          data-testid="param-dice"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid) provideParam(parsed);
          }}
        >
          <div className="prompt-label">{param.label}</div>
          <div className="dice-inputs">
            {values.map((v, i) => (
              <input
                key={i}
                type="number"
                min={1}
                max={param.sides}
                value={v}
                onChange={(e) => setDice((d) => Object.assign([...d], { [i]: e.target.value }))}
              />
            ))}
          </div>
          <button className="primary" type="submit" disabled={!valid}>
            Confirm
          </button>
        </form>
      );
    }
  }
}

/** What the order would do with the value under the pointer, as the worker previewed it. */
function PreviewLine() {
  const preview = useApp((s) => s.preview);
  if (!preview) return null;
  if (!preview.ok) {
    return (
      <div className="preview-text refused" data-testid="preview-text">
        Not there: {preview.error}
      </div>
    );
  }
  return preview.text ? (
    <div className="preview-text" data-testid="preview-text">
      {preview.text}
    </div>
  ) : null;
}

function groupOrders(orders: LegalAction[]): [string, LegalAction[]][] {
  const groups = new Map<string, LegalAction[]>();
  for (const o of orders) groups.set(o.group, [...(groups.get(o.group) ?? []), o]);
  return [...groups];
}

/** The order being given: its title and the prompt for its next value. */
function PendingOrder() {
  const pending = useApp((s) => s.pending);
  const param = currentParam({ pending });
  if (!pending || !param) return null;
  return (
    <div className="pending">
      <div className="pending-title">
        {pending.legal.label}
        {pending.legal.params.length > 1 ? ` (${pending.step + 1} of ${pending.legal.params.length})` : ''}
      </div>
      <ParamPrompt key={`${pending.legal.label}:${pending.step}`} param={param} />
      <PreviewLine />
      <button data-testid="order-cancel" onClick={() => cancelOrder()}>
        Cancel
      </button>
    </div>
  );
}

export function UnitPanel() {
  const view = useApp((s) => s.view);
  const selected = useApp((s) => s.selected);
  const legal = useApp((s) => s.legal);
  const pending = useApp((s) => s.pending);
  const busy = useApp((s) => s.busy);
  const param = currentParam({ pending });

  const unit = selected ? view?.state.units.find((u) => u.id === selected) : undefined;
  const side = unit ? view?.state.sides.find((s) => s.id === unit.side) : undefined;
  const info = unit ? (view?.unitInfo[unit.id] ?? []) : [];
  const orders = unit ? legal.filter((l) => l.unit === unit.id) : [];
  const ready = [...new Set(legal.map((l) => l.unit).filter((u): u is string => !!u))];

  if (!unit) {
    return (
      <section className="panel unit-panel" data-testid="unit-panel">
        <h2>Orders</h2>
        {pending && param ? (
          // A turn action with a choice to make (a card to discard, say) asks here.
          <PendingOrder />
        ) : ready.length > 0 ? (
          <>
            <p className="muted">Click a unit on the table, or choose one that can act:</p>
            <div className="buttons">
              {ready.map((id) => (
                <button key={id} data-testid={`ready-${id}`} onClick={() => selectUnit(id)}>
                  {view?.state.units.find((u) => u.id === id)?.name ?? id}
                </button>
              ))}
            </div>
          </>
        ) : (
          <p className="muted">Click a unit on the table to see it.</p>
        )}
      </section>
    );
  }

  return (
    <section className="panel unit-panel" data-testid="unit-panel">
      <h2>
        {side && <i className="chip" style={{ background: side.colour }} />} <span data-testid="unit-name">{unit.name}</span>
      </h2>
      <dl className="unit-info">
        {info.map((l) => (
          <div key={l.label}>
            <dt>{l.label}</dt>
            <dd>{l.value}</dd>
          </div>
        ))}
      </dl>
      {pending && param ? (
        <PendingOrder />
      ) : orders.length > 0 ? (
        <div className="orders">
          {groupOrders(orders).map(([group, list]) => (
            <div key={group} className="order-group">
              <div className="group-name">{group}</div>
              <div className="buttons">
                {list.map((o) => (
                  <button key={o.label} data-testid={`order-${o.label}`} disabled={busy} onClick={() => startOrder(o)}>
                    {o.label}
                  </button>
                ))}
              </div>
            </div>
          ))}
        </div>
      ) : (
        <p className="muted">No orders for this unit now.</p>
      )}
    </section>
  );
}
