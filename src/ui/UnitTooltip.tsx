/**
 * The tooltip's lines about a unit's turn: what it has done this turn (from the log's events), the
 * orders it may still be given, and, with another unit selected, how far apart the two are.
 */

import { useApp } from '../app/store';
import type { Unit } from '../core/model';
import { formatLength } from '../core/measure';
import { unitDistances } from '../core/unitDistance';

/** At most this many of the unit's doings this turn are listed; the log has the rest. */
const MAX_DONE = 3;
/** Long sentences from the log are cut to this many characters in a tooltip. */
const MAX_CHARS = 90;

function clip(text: string): string {
  return text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS - 1)}…` : text;
}

export function UnitTurnLines({ unit }: { unit: Unit }) {
  const turn = useApp((s) => s.view?.state.turn);
  const log = useApp((s) => s.log);
  const legal = useApp((s) => s.legal);
  const selected = useApp((s) => s.view?.state.units.find((u) => u.id === s.selected && !u.removed));
  const unitSystem = useApp((s) => s.rulesets.find((r) => r.id === s.view?.state.rulesetId)?.lengthUnit ?? 'in');
  const done = log.filter((l) => l.turn === turn && (l.event.unit === unit.id || l.event.target === unit.id)).map((l) => l.event.text);
  const orders = [...new Set(legal.filter((l) => l.unit === unit.id).map((l) => l.label))];
  const gap = selected && selected.id !== unit.id && !unit.removed ? unitDistances(selected, unit) : null;
  return (
    <>
      <div className="tooltip-line" data-testid="tooltip-turn">
        <span className="muted">This turn:</span>{' '}
        {done.length === 0 ? 'nothing yet' : done.slice(-MAX_DONE).map(clip).join('; ')}
        {done.length > MAX_DONE && <span className="muted"> (and {done.length - MAX_DONE} more in the log)</span>}
      </div>
      {orders.length > 0 && (
        <div className="tooltip-line" data-testid="tooltip-orders">
          <span className="muted">May still:</span> {orders.join(', ')}
        </div>
      )}
      {gap && (
        <div className="tooltip-line" data-testid="tooltip-distance">
          <span className="muted">From {selected!.name}:</span> {formatLength(gap.edges, unitSystem)} edge to edge, {formatLength(gap.centres, unitSystem)} centre to centre
        </div>
      )}
    </>
  );
}
