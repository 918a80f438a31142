/**
 * Who plays which seat, in words for the top bar (more than two players against the computer): the
 * person's seat, and what the computer plays, his own side's seats first ("your Commander-in-chief")
 * and then the enemy by name, short enough for the bar; the seats' full names for its tooltip.
 */

import type { GameState, Seat } from '../core/model';

export interface SeatingWords {
  /** The person's seat, without his side's name ("subordinate General (General 2)"). */
  you: string;
  /** What the computer plays: "your Commander-in-chief and the Austrians". */
  computer: string;
  /** Every seat by its full name, the person's first. */
  full: string;
}

/** A seat's name without its side's name in front. */
function roleName(seat: Seat, sideName: string): string {
  return seat.name.startsWith(`${sideName} `) ? seat.name.slice(sideName.length + 1) : seat.name;
}

function joined(words: string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

export function seatingWords(state: Pick<GameState, 'seats' | 'sides'>, personSeat: string | null): SeatingWords | null {
  const seats = state.seats ?? [];
  const mine = seats.find((s) => s.id === personSeat);
  if (!mine) return null;
  const sideName = (id: string) => state.sides.find((s) => s.id === id)?.name ?? id;
  const friends = seats.filter((s) => s.side === mine.side && s.id !== mine.id);
  const enemySides = state.sides.filter((s) => s.id !== mine.side);
  const computer = [...friends.map((s) => `your ${roleName(s, sideName(s.side))}`), ...enemySides.map((s) => `the ${s.name}`)];
  const others = seats.filter((s) => s.id !== mine.id);
  return {
    you: roleName(mine, sideName(mine.side)),
    computer: joined(computer),
    full: `You play the ${mine.name}; the computer plays the ${joined(others.map((s) => s.name))}.`,
  };
}
