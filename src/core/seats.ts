/**
 * Seats: several players on one side (a subordinate General under his Commander-in-chief, allied
 * Commanders-in-chief). A game without seats has one player a side, and every function here then
 * answers in sides, so the page, the sessions and the AI can ask "who acts" the same way in both.
 */

import type { Action, GameState, Seat, SideId } from './model';

/** Who must act now: the active seat in a game with seats, else the active side; null when nobody is. */
export function actingPlayer(state: Pick<GameState, 'active' | 'seats' | 'activeSeat'>): string | null {
  if (!state.active) return null;
  return state.seats?.length ? (state.activeSeat ?? null) : state.active;
}

/** The side a player (a seat id, or a side id in a game without seats) plays for. */
export function playerSide(state: Pick<GameState, 'seats'>, player: string): SideId {
  return state.seats?.find((s) => s.id === player)?.side ?? player;
}

/** A seat by id. */
export function seatById(state: Pick<GameState, 'seats'>, id: string | null | undefined): Seat | undefined {
  return id ? state.seats?.find((s) => s.id === id) : undefined;
}

/** The players of a game: its seats, or one player a side named after the side. */
export function players(state: Pick<GameState, 'seats' | 'sides'>): { id: string; side: SideId; name: string }[] {
  if (state.seats?.length) return state.seats.map((s) => ({ id: s.id, side: s.side, name: s.name }));
  return state.sides.map((s) => ({ id: s.id, side: s.id, name: s.name }));
}

/** The name of a player for the page ("Subordinate General (General 2)", or a side's name). */
export function playerName(state: Pick<GameState, 'seats' | 'sides'>, player: string): string {
  return players(state).find((p) => p.id === player)?.name ?? player;
}

/**
 * The seat that orders a unit: the seat of its side that lists it, else its side's first seat (a
 * captured gun, a hidden-movement counter). Undefined in a game without seats.
 */
export function seatOfUnit(state: { seats?: Seat[]; units: readonly { id: string; side: SideId }[] }, unitId: string): Seat | undefined {
  if (!state.seats?.length) return undefined;
  const u = state.units.find((x) => x.id === unitId);
  if (!u) return undefined;
  return state.seats.find((s) => s.side === u.side && s.units.includes(unitId)) ?? state.seats.find((s) => s.side === u.side);
}

/**
 * The engine's check that an action comes from the seat that must act (games with seats only): the
 * reason it is refused, or null. Which units a seat may order is the ruleset's to check.
 */
export function seatRefusal(state: Pick<GameState, 'seats' | 'activeSeat'>, action: Action): string | null {
  if (!state.seats?.length || !state.activeSeat) return null;
  if (action.seat === state.activeSeat) return null;
  const acting = seatById(state, state.activeSeat)?.name ?? state.activeSeat;
  const from = typeof action.seat === 'string' ? (seatById(state, action.seat)?.name ?? `an unknown seat "${action.seat}"`) : 'no seat';
  return `it is ${acting}'s turn to act, and this order came from ${from}`;
}

/**
 * A seat list checked against the game's sides and units (a save's or a ruleset's): the first thing
 * wrong with it, in words, or null when it is sound.
 */
export function seatListProblem(seats: unknown, sides: readonly { id: SideId }[], unitIds: ReadonlySet<string>): string | null {
  if (!Array.isArray(seats)) return 'the seat list is not a list';
  const ids = new Set<string>();
  for (const [i, s] of seats.entries()) {
    const seat = s as Partial<Seat> | null;
    const where = `seat ${i + 1}`;
    if (!seat || typeof seat !== 'object') return `${where} is not a seat`;
    if (typeof seat.id !== 'string' || !seat.id) return `${where} has no id`;
    if (ids.has(seat.id)) return `two seats have the id "${seat.id}"`;
    ids.add(seat.id);
    if (!sides.some((x) => x.id === seat.side)) return `${where} ("${seat.id}") is on no side of this game (${JSON.stringify(seat.side)})`;
    if (typeof seat.name !== 'string' || typeof seat.role !== 'string') return `${where} ("${seat.id}") has no name or role`;
    if (!Array.isArray(seat.units)) return `${where} ("${seat.id}") has no list of units`;
    const stray = seat.units.find((u) => typeof u !== 'string' || !unitIds.has(u));
    if (stray !== undefined) return `${where} ("${seat.id}") names a unit the game does not have (${JSON.stringify(stray)})`;
  }
  for (const side of sides) if (!seats.some((s) => (s as Seat).side === side.id)) return `side "${side.id}" has no seat`;
  return null;
}
