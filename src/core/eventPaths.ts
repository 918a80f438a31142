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
 * The paths carried by the events before the first one that shows dice: what an order is sure to do
 * whatever the dice say, and so what its preview may show without giving any throw away. (A rule
 * that throws dice it does not show in an event must emit its path events before them, as the
 * Perfect Evade and the Retire do.)
 */
export function pathsBeforeDice(events: readonly GameEvent[]): Vec2[][] {
  const firstDie = events.findIndex((e) => (e.dice?.length ?? 0) > 0);
  return eventPaths(firstDie < 0 ? events : events.slice(0, firstDie));
}

/**
 * Where units stand after the events before the first die, as events say (`unit` and `data.pose`,
 * a table point and facing): the poses an order is sure to leave them in whatever the dice say.
 */
export function posesBeforeDice(events: readonly GameEvent[]): { unit: string; x: number; y: number; facing: number }[] {
  const firstDie = events.findIndex((e) => (e.dice?.length ?? 0) > 0);
  const out: { unit: string; x: number; y: number; facing: number }[] = [];
  for (const e of firstDie < 0 ? events : events.slice(0, firstDie)) {
    const pose = e.data?.pose as { x: number; y: number; facing: number } | undefined;
    if (!e.unit || !isPoint(pose) || !Number.isFinite(pose.facing)) continue;
    out.push({ unit: e.unit, x: pose.x, y: pose.y, facing: pose.facing });
  }
  return out;
}
