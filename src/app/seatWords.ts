/**
 * Who plays which seat, in words for the top bar (more than two players against the computer): the
 * person's seat, and every other seat the computer plays, his own side's first.
 */

import type { GameState } from '../core/model';

export interface SeatingWords {
  /** The seat the person plays. */
  you: string;
  /** The seats the computer plays: the person's own side's first (his Commander-in-chief, his ally), then the enemy's. */
  computer: string[];
}

export function seatingWords(state: Pick<GameState, 'seats'>, personSeat: string | null): SeatingWords | null {
  const seats = state.seats ?? [];
  const mine = seats.find((s) => s.id === personSeat);
  if (!mine) return null;
  const others = seats.filter((s) => s.id !== mine.id);
  const ordered = [...others.filter((s) => s.side === mine.side), ...others.filter((s) => s.side !== mine.side)];
  return { you: mine.name, computer: ordered.map((s) => s.name) };
}
