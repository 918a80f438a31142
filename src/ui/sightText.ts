/** Sight lines in words, for the profile's caption. Pure, so it is tested in Node. */

import type { SightLineData } from '../app/engineApi';
import { formatLength, MM_PER_CM, MM_PER_INCH, type LengthUnit } from '../core/measure';

/** A measured distance, always to a tenth ("14.0""), as a tape measure would be read. */
export function measured(mm: number, unit: LengthUnit): string {
  return unit === 'in' ? `${(mm / MM_PER_INCH).toFixed(1)}"` : `${(mm / MM_PER_CM).toFixed(1)} cm`;
}

/** The caption: "Clear: 31.0"", "Blocked by the ground at 14.2" (Hill 2)", "Blocked by North wood at 9.5"". */
export function sightCaption(line: SightLineData, unit: LengthUnit): string {
  const b = line.blockedBy;
  if (!b) return `Clear: ${measured(line.length, unit)}`;
  const at = measured(b.distance, unit);
  if (b.kind === 'ground') return `Blocked by the ground at ${at}${b.featureName ? ` (${b.featureName})` : ''}`;
  if (b.kind === 'canopy') return `Blocked by ${b.featureName ?? 'woods'} at ${at} (sight reaches ${formatLength(line.obscuringLimit, unit)} into woods)`;
  if (b.kind === 'range') return `Blocked at ${at}: sight reaches only ${formatLength(line.maxRange ?? b.distance, unit)} in this light`;
  // Buildings, and whatever else the terrain learns to block sight with.
  return `Blocked by ${b.featureName ?? `a ${b.kind}`} at ${at}`;
}

