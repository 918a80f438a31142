/**
 * The sight tools: switches for the viewshed (V), dead ground (D) and the line-of-sight tool (L),
 * a legend that says what the shading means, and a "computing sight…" chip while the worker works.
 */

import { useMemo } from 'react';
import { formatLength, type LengthUnit } from '../core/measure';
import { toggleSight, useApp, type SightModes } from '../app/store';

/** Inches or centimetres for distances on the page: the player's choice, else the rulebook's. */
export function useLengthUnit(): LengthUnit {
  const view = useApp((s) => s.view);
  const rulesets = useApp((s) => s.rulesets);
  const chosen = useApp((s) => s.lengthUnit);
  return chosen ?? rulesets.find((r) => r.id === view?.state.rulesetId)?.lengthUnit ?? 'in';
}

const SWITCHES: { mode: keyof SightModes; label: string; key: string; title: string }[] = [
  { mode: 'viewshed', label: 'Viewshed', key: 'V', title: 'Shade the ground the selected unit cannot see' },
  { mode: 'dead', label: 'Dead ground', key: 'D', title: 'Hatch the ground where a standing figure is hidden from the selected unit' },
  { mode: 'tool', label: 'Line of sight', key: 'L', title: 'Click two ends (units or points) to draw a sight line and its profile' },
];

/** Small floating chip over the table while a viewshed or sight line is worked out. */
export function SightComputing() {
  const computing = useApp((s) => s.sightComputing);
  if (!computing) return null;
  return (
    <div className="sight-computing" data-testid="sight-computing">
      computing sight…
    </div>
  );
}

export function SightPanel() {
  const modes = useApp((s) => s.sightModes);
  const viewshed = useApp((s) => s.viewshed);
  const selected = useApp((s) => s.selected);
  const view = useApp((s) => s.view);
  const start = useApp((s) => s.sightStart);
  const line = useApp((s) => s.sightLine);
  const unit = useLengthUnit();
  const data = viewshed && viewshed.unitId === selected ? viewshed : null;
  const seen = useMemo(() => {
    if (!data) return 0;
    let n = 0;
    for (const v of data.visible) n += v;
    return n / data.visible.length;
  }, [data]);
  const name = (id: string) => view?.state.units.find((u) => u.id === id)?.name ?? id;
  const overlay = modes.viewshed || modes.dead;

  return (
    <section className="panel sight-panel" data-testid="sight-panel">
      <h2>Sight</h2>
      <div className="buttons">
        {SWITCHES.map((s) => (
          <button
            key={s.mode}
            className={modes[s.mode] ? 'toggle on' : 'toggle'}
            aria-pressed={modes[s.mode]}
            data-testid={`sight-${s.mode}`}
            title={s.title}
            onClick={() => toggleSight(s.mode)}
          >
            {s.label} <kbd>{s.key}</kbd>
          </button>
        ))}
      </div>
      {overlay && !selected && <p className="muted">Select a unit to see what it can see.</p>}
      {overlay && data && (
        <div className="sight-legend" data-testid="sight-legend">
          <div className="muted">
            From the front of <b>{name(data.unitId)}</b>, eye {formatLength(data.eyeHeight, unit)} up: {Math.round(seen * 100)}% of the
            ground seen.
          </div>
          {modes.viewshed && (
            <>
              <div className="legend-row">
                <i className="swatch seen" /> Ground in sight
              </div>
              <div className="legend-row">
                <i className="swatch hidden" /> Ground out of sight: a figure standing there may still show over the crest
              </div>
              {data.maxRange !== undefined && (
                <div className="legend-row">
                  <i className="swatch beyond" /> Beyond sight ({formatLength(data.maxRange, unit)} in this light)
                </div>
              )}
            </>
          )}
          {modes.dead && (
            <div className="legend-row">
              <i className="swatch dead" /> Dead ground: a standing figure ({formatLength(data.figureHeight, unit)}) there is hidden too
            </div>
          )}
          <div className="muted small">
            Sight reaches {formatLength(data.obscuringLimit, unit)} into woods. Worked out in {data.ms.toFixed(0)} ms.
          </div>
        </div>
      )}
      {modes.tool && (
        <p className="muted" data-testid="sight-tool-hint">
          {start ? 'Now click the other end.' : line ? 'Click again to draw another line.' : 'Click a unit or a point on the table, then a second one.'}
        </p>
      )}
    </section>
  );
}
