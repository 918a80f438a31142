/** Units of measure. The table works in millimetres; rulebooks state inches or centimetres. */

export const MM_PER_INCH = 25.4;
export const MM_PER_CM = 10;

export const inch = (n: number): number => n * MM_PER_INCH;
export const cm = (n: number): number => n * MM_PER_CM;
export const toInches = (mm: number): number => mm / MM_PER_INCH;
export const toCm = (mm: number): number => mm / MM_PER_CM;

export type LengthUnit = 'in' | 'cm';

/** A distance for people to read, e.g. `7.5"` or `19 cm`. */
export function formatLength(mm: number, unit: LengthUnit): string {
  const v = unit === 'in' ? toInches(mm) : toCm(mm);
  const r = Math.round(v * 10) / 10;
  return unit === 'in' ? `${r}"` : `${r} cm`;
}
