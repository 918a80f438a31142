/**
 * The profile of a sight line: the ground, the woods' canopy and buildings' roofs along it, the
 * sight line from the eye to the target, and where it is blocked, with heights drawn taller than
 * life so gentle slopes can be read. The caption says in words what blocks it and where.
 */

import { clearSightLine, useApp } from '../app/store';
import type { SightLineData } from '../app/engineApi';
import { formatLength, MM_PER_CM, MM_PER_INCH, type LengthUnit } from '../core/measure';
import { useLengthUnit } from './SightPanel';
import { measured, sightCaption } from './sightText';

const W = 480;
const H = 160;
const M = { left: 38, right: 14, top: 12, bottom: 24 };

/** Tick spacing (mm) giving at most `most` ticks over `span` mm, in round numbers of the unit. */
function tickStep(span: number, unit: LengthUnit, most: number): number {
  const per = unit === 'in' ? MM_PER_INCH : MM_PER_CM;
  const steps = unit === 'in' ? [0.5, 1, 2, 3, 6, 12, 24] : [0.5, 1, 2, 5, 10, 20, 50, 100];
  for (const s of steps) if (span / (s * per) <= most) return s * per;
  return steps[steps.length - 1]! * per;
}

function Chart({ line, unit }: { line: SightLineData; unit: LengthUnit }) {
  const prof = line.profile;
  const len = Math.max(line.length, 1);
  let lo = Infinity;
  let hi = -Infinity;
  for (const p of prof) {
    lo = Math.min(lo, p.ground);
    hi = Math.max(hi, p.ray, p.canopy, p.ground);
  }
  // At least two figures' height of room, so a flat table is not drawn as mountains.
  const minSpan = 60;
  if (hi - lo < minSpan) hi = lo + minSpan;
  const pad = (hi - lo) * 0.08;
  lo -= pad;
  hi += pad;
  const pw = W - M.left - M.right;
  const ph = H - M.top - M.bottom;
  const x = (d: number) => M.left + (d / len) * pw;
  const y = (z: number) => M.top + (1 - (z - lo) / (hi - lo)) * ph;
  const exaggeration = ph / (hi - lo) / (pw / len);

  const ground = `M${x(0)},${y(lo)} ${prof.map((p) => `L${x(p.d).toFixed(1)},${y(p.ground).toFixed(1)}`).join(' ')} L${x(len)},${y(lo)} Z`;
  // One shape per stretch of woods or of a building, between the ground and the tree tops or roof.
  const covers: { d: string; cover: 'trees' | 'roof' }[] = [];
  let run: typeof prof = [];
  const flush = () => {
    if (run.length > 1) {
      const top = run.map((p) => `${x(p.d).toFixed(1)},${y(p.canopy).toFixed(1)}`);
      const bottom = [...run].reverse().map((p) => `${x(p.d).toFixed(1)},${y(p.ground).toFixed(1)}`);
      covers.push({ d: `M${top.join(' L')} L${bottom.join(' L')} Z`, cover: run[0]!.cover ?? 'trees' });
    }
    run = [];
  };
  for (const p of prof) {
    const standing = p.canopy > p.ground + 0.01;
    if (!standing || (run.length > 0 && run[0]!.cover !== p.cover)) flush();
    if (standing) run.push(p);
  }
  flush();

  const first = prof[0]!;
  const last = prof[prof.length - 1]!;
  const b = line.blockedBy;
  const bd = b ? Math.min(b.distance, len) : len;
  const rayAt = (d: number) => first.ray + ((last.ray - first.ray) * d) / len;

  const xStep = tickStep(len, unit, 8);
  const xTicks: number[] = [];
  for (let d = 0; d <= len + 1e-6; d += xStep) xTicks.push(d);
  const yStep = tickStep(hi - lo, unit, 4);
  const yTicks: number[] = [];
  for (let z = Math.ceil(lo / yStep) * yStep; z <= hi; z += yStep) yTicks.push(z);

  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="profile-chart" role="img" aria-label="Profile of the sight line">
      <rect x={M.left} y={M.top} width={pw} height={ph} fill="#1e2a36" />
      {yTicks.map((z) => (
        <g key={`y${z}`}>
          <line x1={M.left} x2={M.left + pw} y1={y(z)} y2={y(z)} stroke="#ffffff14" />
          <text x={M.left - 4} y={y(z) + 3} textAnchor="end" className="tick">
            {formatLength(z, unit)}
          </text>
        </g>
      ))}
      {xTicks.map((d) => (
        <g key={`x${d}`}>
          <line x1={x(d)} x2={x(d)} y1={M.top + ph} y2={M.top + ph + 4} stroke="#9aa3ae" />
          <text x={x(d)} y={H - 8} textAnchor="middle" className="tick">
            {formatLength(d, unit)}
          </text>
        </g>
      ))}
      <path d={ground} fill="#7b6a46" stroke="#b49a6c" strokeWidth={1} />
      {covers.map((c, i) =>
        c.cover === 'roof' ? (
          <path key={i} d={c.d} data-cover="roof" fill="#8c4a3a" fillOpacity={0.9} stroke="#c9826b" strokeWidth={0.8} />
        ) : (
          <path key={i} d={c.d} data-cover="trees" fill="#2f6b35" fillOpacity={0.85} stroke="#4f9a55" strokeWidth={0.8} />
        ),
      )}
      {/* Eye and target: a figure's height above the ground at each end. */}
      <line x1={x(0)} x2={x(0)} y1={y(first.ground)} y2={y(first.ray)} stroke="#f4f0e0" strokeWidth={2} />
      <line x1={x(len)} x2={x(len)} y1={y(last.ground)} y2={y(last.ray)} stroke="#f4f0e0" strokeWidth={2} />
      <line x1={x(0)} y1={y(first.ray)} x2={x(bd)} y2={y(rayAt(bd))} stroke="#3fe06a" strokeWidth={2.5} />
      {b && <line x1={x(bd)} y1={y(rayAt(bd))} x2={x(len)} y2={y(last.ray)} stroke="#ff3b2f" strokeWidth={2.5} strokeDasharray="6 4" />}
      <circle cx={x(0)} cy={y(first.ray)} r={3.5} fill="#3fe06a" />
      <circle cx={x(len)} cy={y(last.ray)} r={3.5} fill={b ? '#ff3b2f' : '#3fe06a'} />
      {b && <circle data-testid="profile-block" cx={x(bd)} cy={y(rayAt(bd))} r={5.5} fill="#ff3b2f" stroke="#fff" strokeWidth={1.5} />}
      <text x={M.left + pw - 4} y={M.top + 12} textAnchor="end" className="tick">
        heights ×{exaggeration >= 10 ? Math.round(exaggeration) : exaggeration.toFixed(1)}
      </text>
    </svg>
  );
}

export function SightProfile() {
  const line = useApp((s) => s.sightLine);
  const tool = useApp((s) => s.sightModes.tool);
  const view = useApp((s) => s.view);
  const unit = useLengthUnit();
  if (!line || !tool || line.profile.length < 2) return null;
  const name = (id: string | undefined) => (id ? view?.state.units.find((u) => u.id === id)?.name : undefined);
  const from = name(line.fromUnit);
  const to = name(line.toUnit);
  return (
    <div className="sight-profile" data-testid="sight-profile">
      <div className="profile-head">
        <b className={line.visible ? 'clear' : 'blocked'} data-testid="sight-caption">
          {sightCaption(line, unit)}
        </b>
        <button className="link" aria-label="Close the profile" data-testid="sight-profile-close" onClick={() => clearSightLine()}>
          ×
        </button>
      </div>
      <div className="muted small">
        From {from ?? 'a point'} (eye {formatLength(line.eyeHeight, unit)} up) to {to ? `the middle of ${to}` : 'a standing figure'} (
        {formatLength(line.targetHeight, unit)}), {measured(line.length, unit)} away.
      </div>
      <Chart line={line} unit={unit} />
    </div>
  );
}
