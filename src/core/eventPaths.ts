/**
 * The ways units took, as events carry them: an event's `data.path` is a list of table points (mm)
 * from where a unit started to where it stopped, bends included (a Perfect Evade round a wood, say).
 * The scene draws these; it never works a way out for itself.
 */

import type { GameEvent } from './model';
import type { Vec2 } from './geometry';

const isPoint = (p: unknown): p is Vec2 => typeof p === 'object' && p !== null && Number.isFinite((p as Vec2).x) && Number.isFinite((p as Vec2).y);

/** The path an event carries, or null when it carries none (fewer than two points, or not points). */
export function eventPath(e: GameEvent): Vec2[] | null {
  const path = e.data?.path;
  if (!Array.isArray(path) || path.length < 2 || !path.every(isPoint)) return null;
  return path.map((p) => ({ x: p.x, y: p.y }));
}

/** Every path the events carry, in order. */
export function eventPaths(events: readonly GameEvent[]): Vec2[][] {
  return events.map(eventPath).filter((p): p is Vec2[] => p !== null);
}

/**
 * The paths carried by the events before the first one that threw dice: what an order is sure to do
 * whatever the dice say, and so what its preview may show without giving any throw away.
 */
export function pathsBeforeDice(events: readonly GameEvent[]): Vec2[][] {
  const firstDie = events.findIndex((e) => (e.dice?.length ?? 0) > 0);
  return eventPaths(firstDie < 0 ? events : events.slice(0, firstDie));
}
