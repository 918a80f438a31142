/** Small helpers for benchmarks: medians and quartiles of repeated measurements. */

export function quantile(values: readonly number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const i = (s.length - 1) * q;
  const lo = Math.floor(i);
  const hi = Math.ceil(i);
  return s[lo]! + (s[hi]! - s[lo]!) * (i - lo);
}

export const median = (values: readonly number[]): number => quantile(values, 0.5);

export function summary(label: string, values: readonly number[], unit: string, digits = 2): string {
  return `${label}: median ${median(values).toFixed(digits)} ${unit} (p25 ${quantile(values, 0.25).toFixed(digits)}, p75 ${quantile(values, 0.75).toFixed(digits)}, n=${values.length})`;
}
