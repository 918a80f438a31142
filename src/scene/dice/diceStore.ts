/**
 * The physical dice's settings and what they are doing, for the top bar, the skip button and the
 * test hook. Settings are kept between visits; `?dice3d=off`, `on`, `fast` or `keep` in the
 * address overrides them (the browser tests turn the dice off unless they test them).
 */

import { create } from 'zustand';

export type DiceSpeed = 'normal' | 'fast';

/** none: nothing on the table; recording: the worker is working the throw out; rolling; settled; fading away. */
export type DicePhase = 'none' | 'recording' | 'rolling' | 'settled' | 'fading';

export interface DiceStore {
  enabled: boolean;
  speed: DiceSpeed;
  /** Leave the dice on the table until the next order instead of fading them after a few seconds. */
  keep: boolean;
  phase: DicePhase;
  /** Bumped to ask the dice on the table to jump to where they come to rest. */
  skipTick: number;
  /** Why the last throw could not be shown, if it could not. */
  failure: string | null;
}

const STORAGE_KEY = 'tricorne.dice';

type Settings = Pick<DiceStore, 'enabled' | 'speed' | 'keep'>;

function initialSettings(): Settings {
  const settings: Settings = { enabled: true, speed: 'normal', keep: false };
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<typeof settings> | null;
    if (typeof saved?.enabled === 'boolean') settings.enabled = saved.enabled;
    if (saved?.speed === 'normal' || saved?.speed === 'fast') settings.speed = saved.speed;
    if (typeof saved?.keep === 'boolean') settings.keep = saved.keep;
  } catch {
    // No storage (or a damaged entry): the defaults stand.
  }
  const param = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('dice3d');
  if (param === 'off') settings.enabled = false;
  else if (param === 'on') settings.enabled = true;
  else if (param === 'fast') Object.assign(settings, { enabled: true, speed: 'fast' });
  else if (param === 'keep') Object.assign(settings, { enabled: true, keep: true });
  return settings;
}

export const useDice = create<DiceStore>(() => ({ ...initialSettings(), phase: 'none', skipTick: 0, failure: null }));

function remember(): void {
  const { enabled, speed, keep } = useDice.getState();
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ enabled, speed, keep }));
  } catch {
    // Settings that cannot be stored still hold for this visit.
  }
}

export function setDiceEnabled(enabled: boolean): void {
  useDice.setState({ enabled });
  remember();
}

export function setDiceSpeed(speed: DiceSpeed): void {
  useDice.setState({ speed });
  remember();
}

export function setDiceKeep(keep: boolean): void {
  useDice.setState({ keep });
  remember();
}

/** Jump the rolling dice to where they come to rest. */
export function skipDice(): void {
  const { phase, skipTick } = useDice.getState();
  if (phase === 'rolling' || phase === 'recording') useDice.setState({ skipTick: skipTick + 1 });
}
