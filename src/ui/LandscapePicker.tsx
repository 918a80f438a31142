/**
 * "Fight on real ground": pick a landscape file (an ESRI ASCII grid or a 16-bit greyscale PNG, as
 * GIS tools export them) and how high its relief stands on the table. The file is read in the
 * worker; a bad file is refused with the reason and the choice is left as it was.
 */

import { useState } from 'react';
import { readLandscape } from '../app/store';
import { heightSpan, type ElevationSource } from '../terrain/elevation';

/** Relief on the table, from the lowest point to the highest, in inches. */
const RELIEF_CHOICES = [1.5, 2, 3, 4, 6];

export function LandscapePicker({ value, onChange }: { value: ElevationSource | null; onChange: (src: ElevationSource | null) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [relief, setRelief] = useState(3);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);

  const read = async (f: File, inches: number) => {
    setReading(true);
    setError(null);
    try {
      onChange(await readLandscape(f, inches * 25.4));
      setFile(f);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setReading(false);
    }
  };

  const span = value ? heightSpan(value.heights) : null;
  return (
    <div className="landscape-picker" data-testid="landscape-picker">
      <label>
        Landscape file (.asc or 16-bit .png){' '}
        <input
          type="file"
          accept=".asc,.txt,.png"
          data-testid="landscape-file"
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) void read(f, relief);
          }}
        />
      </label>
      <label>
        Relief on the table{' '}
        <select
          value={relief}
          data-testid="landscape-relief"
          onChange={(e) => {
            const inches = Number(e.target.value);
            setRelief(inches);
            if (file) void read(file, inches);
          }}
        >
          {RELIEF_CHOICES.map((r) => (
            <option key={r} value={r}>
              {r}" from lowest to highest
            </option>
          ))}
        </select>
      </label>
      {reading && <p className="landscape-status">Reading the landscape…</p>}
      {error && (
        <p className="landscape-error" role="alert">
          {error}
        </p>
      )}
      {value && span && !reading && (
        <p className="landscape-status" data-testid="landscape-summary">
          {value.name}: {value.cols} x {value.rows} samples, {fmt((value.cols - 1) * value.cellSize)} x {fmt((value.rows - 1) * value.cellSize)} ground units, {fmt(span.max - span.min)} of relief.
          The ruleset's own hills are left off; its woods, water, roads and towns are laid on this ground.{' '}
          <button type="button" onClick={() => onChange(null)}>
            Use generated ground
          </button>
        </p>
      )}
    </div>
  );
}

function fmt(v: number): string {
  return v >= 100 ? v.toFixed(0) : v.toFixed(1);
}
