/** The strength chart of the result screen: stands remaining per side, at the start and after each turn. */

import type { StrengthPoint } from '../app/battleReport';

export interface ChartSide {
  id: string;
  name: string;
  colour: string;
}

export interface ChartLine {
  side: string;
  colour: string;
  /** A halo that keeps the line visible on the chart's dark ground, whatever the side's colour. */
  casing: string;
  points: { x: number; y: number; value: number; label: string }[];
}

export interface ChartLayout {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  lines: ChartLine[];
  yTicks: { y: number; value: number }[];
  xLabels: { x: number; text: string }[];
}

const PAD = { left: 38, right: 14, top: 12, bottom: 26 };

/** Relative luminance of a #rrggbb colour, 0 (black) to 1 (white). */
export function luminance(colour: string): number {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(colour.trim());
  if (!m) return 0.5;
  const [r, g, b] = [m[1]!, m[2]!, m[3]!].map((h) => {
    const c = parseInt(h, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** A round step for the y axis giving about four ticks. */
function tickStep(max: number): number {
  const raw = Math.max(1, max / 4);
  const mag = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((k) => k * mag).find((s) => s >= raw) ?? 10 * mag;
}

/**
 * Where every line, tick and label goes: stands remaining on y, the points in order on x. The y axis
 * starts at 0 unless every value lies in the top half, when it starts at a round value below the
 * least, so that a loss of a few stands out of forty still shows.
 */
export function chartLayout(series: StrengthPoint[], sides: ChartSide[], width: number, height: number): ChartLayout {
  const plot = { left: PAD.left, top: PAD.top, right: width - PAD.right, bottom: height - PAD.bottom };
  const values = series.flatMap((p) => sides.map((s) => p.sides[s.id]?.stands ?? 0));
  const max = Math.max(1, ...values);
  const min = Math.min(max, ...values);
  const zoomed = min > max / 2;
  const step = tickStep(zoomed ? Math.max(1, max - min) : max);
  const top = Math.ceil(max / step) * step;
  const floor = zoomed ? Math.max(0, Math.floor((min - step / 2) / step) * step) : 0;
  const x = (i: number) => (series.length <= 1 ? (plot.left + plot.right) / 2 : plot.left + ((plot.right - plot.left) * i) / (series.length - 1));
  const y = (v: number) => plot.bottom - ((plot.bottom - plot.top) * (v - floor)) / (top - floor);
  const lines = sides.map((s) => ({
    side: s.id,
    colour: s.colour,
    casing: luminance(s.colour) < 0.18 ? '#e8e4d8' : '#10141a',
    points: series.map((p, i) => {
      const value = p.sides[s.id]?.stands ?? 0;
      return { x: x(i), y: y(value), value, label: p.label };
    }),
  }));
  const yTicks: ChartLayout['yTicks'] = [];
  for (let v = floor; v <= top; v += step) yTicks.push({ y: y(v), value: v });
  // At most about eight labels along the bottom, always the first and the last.
  const every = Math.max(1, Math.ceil(series.length / 8));
  const xLabels = series
    .map((p, i) => ({ x: x(i), text: p.label === 'Start' ? 'Start' : String(p.turn), i }))
    .filter((l) => l.i % every === 0 || l.i === series.length - 1)
    .map(({ x: lx, text }) => ({ x: lx, text }));
  return { width, height, plot, lines, yTicks, xLabels };
}

export function ResultChart({ series, sides, width = 420, height = 180 }: { series: StrengthPoint[]; sides: ChartSide[]; width?: number; height?: number }) {
  const layout = chartLayout(series, sides, width, height);
  const { plot } = layout;
  const path = (l: ChartLine) => l.points.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ');
  return (
    <svg className="result-chart" data-testid="result-chart" viewBox={`0 0 ${width} ${height}`} width={width} height={height} role="img" aria-label="Stands remaining per side, turn by turn">
      <rect x={plot.left} y={plot.top} width={plot.right - plot.left} height={plot.bottom - plot.top} className="plot" />
      {layout.yTicks.map((t) => (
        <g key={t.value}>
          <line x1={plot.left} x2={plot.right} y1={t.y} y2={t.y} className="grid" />
          <text x={plot.left - 6} y={t.y + 4} textAnchor="end" className="tick">
            {t.value}
          </text>
        </g>
      ))}
      {layout.xLabels.map((l) => (
        <text key={l.x} x={l.x} y={plot.bottom + 16} textAnchor="middle" className="tick">
          {l.text}
        </text>
      ))}
      {layout.lines.map((l, k) => (
        <g key={l.side} data-side={l.side}>
          {/* Every side after the first is dashed, so a line running under another still shows. */}
          <path d={path(l)} stroke={l.casing} strokeWidth={5} fill="none" strokeLinejoin="round" strokeDasharray={k ? '9 6' : undefined} />
          <path d={path(l)} stroke={l.colour} strokeWidth={2.5} fill="none" strokeLinejoin="round" strokeDasharray={k ? '9 6' : undefined} />
          {l.points.map((p, i) => (
            <circle key={i} cx={p.x} cy={p.y} r={3.2} fill={l.colour} stroke={l.casing} strokeWidth={1.5}>
              <title>{`${p.label}: ${p.value} stands`}</title>
            </circle>
          ))}
        </g>
      ))}
    </svg>
  );
}
