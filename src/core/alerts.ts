/**
 * Alerts: the moments of a battle a player must not miss (a unit routs or is destroyed, a general
 * falls, an army nears its break point), found by comparing the state before and after an action.
 * The rulebook says what each change means (through `AlertRules`); this file only compares.
 */

import type { GameState, SideId, Unit } from './model';

export type AlertKind = 'rout' | 'destroyed' | 'general' | 'break';

export interface GameAlert {
  kind: AlertKind;
  /** The side whose unit or army it is. */
  side: SideId;
  /** The unit concerned, for routs, losses and generals. */
  unit?: string;
  /** A sentence for the toast, in the rulebook's words. */
  text: string;
}

/** What a unit's fate is in the rulebook's terms, and how an army's break is counted. */
export interface AlertRules<RS = unknown, US = Record<string, unknown>> {
  /**
   * What happened to a unit between two states: it routed, was destroyed (or dispersed, captured),
   * or, for a general, fell. Null when nothing alert-worthy happened to it.
   */
  fate(before: Unit<US>, after: Unit<US>, state: GameState<RS, US>): { kind: Exclude<AlertKind, 'break'>; text: string } | null;
  /**
   * The army's break tally: units lost so far, how many lost break it, and what is counted
   * ("infantry units"). Null when the rulebook has no break point for this side.
   */
  breakTally(state: GameState<RS, US>, side: SideId): { lost: number; breaksAt: number; counted: string } | null;
}

/** How many losses from its break point an army is when the page starts warning. */
export const BREAK_WARNING = 2;

/** The alerts for one action, from the state before it and after it. */
export function findAlerts<RS, US>(rules: AlertRules<RS, US>, before: GameState<RS, US>, after: GameState<RS, US>): GameAlert[] {
  const out: GameAlert[] = [];
  const was = new Map(before.units.map((u) => [u.id, u]));
  for (const u of after.units) {
    const b = was.get(u.id);
    if (!b) continue;
    const fate = rules.fate(b, u, after);
    if (fate) out.push({ kind: fate.kind, side: u.side, unit: u.id, text: fate.text });
  }
  if (after.result) return out;
  for (const side of after.sides) {
    const now = rules.breakTally(after, side.id);
    const then = rules.breakTally(before, side.id);
    if (!now || !then) continue;
    const left = now.breaksAt - now.lost;
    // Warn each time the army comes a loss nearer, once within BREAK_WARNING losses of breaking.
    if (left > 0 && left <= BREAK_WARNING && left < then.breaksAt - then.lost) {
      out.push({
        kind: 'break',
        side: side.id,
        text: `${side.name} near their break point: ${now.lost} of ${now.counted} lost, ${left === 1 ? 'one more loss' : `${left} more losses`} and the army breaks`,
      });
    }
  }
  return out;
}
