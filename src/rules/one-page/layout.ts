/** Stand layouts by formation (digest §3, Q8, Q13) and the loss of figures stand by stand. */

import { blockLayout, type Stand } from '../../core/model';
import { inch } from '../../core/measure';
import { UNIT_TYPES, type Formation } from './charts';
import type { OnePageUnit } from './types';

/** Extra depth of a limbered gun: the limber and team behind it. */
const LIMBER_DEPTH = inch(1.5);
/** Skirmishers stand apart (the digest allows up to 1"). */
const SKIRMISH_GAP = inch(0.5);
/** A column is two stands wide (four figures in its front rank, Q30). */
const INFANTRY_COLUMN_COLS = 2;

export function layoutStands(unit: Pick<OnePageUnit, 'rs' | 'formation'>, figures: number): Stand[] {
  const def = UNIT_TYPES[unit.rs.typeId];
  const per = unit.rs.figuresPerStand;
  const count = Math.max(1, Math.ceil(figures / per));
  const formation = unit.formation as Formation;
  let cols = count;
  let gap = 0;
  let depth = def.standDepth;
  if (def.kind === 'infantry' && formation === 'column') cols = INFANTRY_COLUMN_COLS;
  if (def.kind === 'cavalry' && formation === 'column') cols = 1;
  if (formation === 'skirmish') gap = SKIRMISH_GAP;
  if (formation === 'limbered') depth += LIMBER_DEPTH;
  const stands = blockLayout(count, Math.min(cols, count), def.standWidth, depth, gap);
  let left = figures;
  for (const s of stands) {
    s.figures = Math.min(per, left);
    left -= s.figures;
  }
  return stands;
}

export function figuresOf(unit: OnePageUnit): number {
  return unit.stands.reduce((n, s) => n + s.figures, 0);
}

/**
 * Set a unit's figure count: stands come off from the rear rank and the flanks as their figures are
 * lost (Q13), and the remaining stands close up around the same centre.
 */
export function setFigures(unit: OnePageUnit, figures: number): void {
  unit.stands = layoutStands(unit, Math.max(0, figures));
  if (figures <= 0) for (const s of unit.stands) s.status = 'destroyed';
  markDisorder(unit);
}

/** Show disorder on the stands, so the scene can mark it without knowing the rules. */
export function markDisorder(unit: OnePageUnit): void {
  for (const s of unit.stands) if (s.status !== 'destroyed') s.status = unit.rs.disordered ? 'disordered' : 'ok';
}
