/** What the table tools show over the canvas: the ruler's reading and the box being dragged out. */

import { useApp } from '../app/store';
import { distance } from '../core/geometry';
import { formatLength, toCm, toInches } from '../core/measure';
import { toggleRuler, useTools } from '../scene/RulerTool';

export function RulerReadout() {
  const on = useTools((s) => s.rulerOn);
  const from = useTools((s) => s.from);
  const to = useTools((s) => s.to);
  const unit = useApp((s) => s.rulesets.find((r) => r.id === s.view?.state.rulesetId)?.lengthUnit ?? 'in');
  if (!on && !from) return null;
  const mm = from && to ? distance(from, to) : null;
  return (
    <div className="ruler-readout" data-testid="ruler-readout">
      <b>Ruler</b>{' '}
      {mm === null ? (
        <span className="muted">drag on the table to measure</span>
      ) : (
        <span data-testid="ruler-distance" data-mm={mm.toFixed(1)}>
          {formatLength(mm, unit)}{' '}
          <span className="muted">({unit === 'in' ? `${toCm(mm).toFixed(1)} cm` : `${toInches(mm).toFixed(1)}"`})</span>
        </span>
      )}
      <button className="link" onClick={() => toggleRuler()} title="Ruler off (R)">
        {on ? 'done' : 'clear'}
      </button>
    </div>
  );
}

/** The rectangle of a shift-drag selection. */
export function SelectionBox() {
  const box = useTools((s) => s.box);
  if (!box) return null;
  return (
    <div
      className="select-box"
      data-testid="select-box"
      style={{ left: Math.min(box.x0, box.x1), top: Math.min(box.y0, box.y1), width: Math.abs(box.x1 - box.x0), height: Math.abs(box.y1 - box.y0) }}
    />
  );
}
