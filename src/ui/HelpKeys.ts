/**
 * The page's keyboard shortcuts: one table that both the key handler and the help overlay read, so
 * the help always lists what the keys really do.
 */

import { useEffect } from 'react';
import { create } from 'zustand';
import { cancelOrder, clearSightLine, currentParam, provideParam, selectUnit, toggleSight, useApp, viewerSide } from '../app/store';
import { toggleDemoPause } from '../app/demo';
import { aimCamera } from '../scene/CameraRig';
import { clearRuler, toggleRuler } from '../scene/RulerTool';

export const useHelp = create<{ open: boolean }>(() => ({ open: false }));

export function setHelpOpen(open: boolean): void {
  useHelp.setState({ open });
}

/** One line of the help: the keys (as shown) and what they do. */
export interface KeyHelp {
  keys: string[];
  what: string;
}

/** The mouse, for the help overlay (the handlers are the scene's and the tools'). */
export const MOUSE_HELP: KeyHelp[] = [
  { keys: ['Click'], what: 'select a unit (or give the point or target an order asks for)' },
  { keys: ['Shift', 'drag'], what: 'select the units in a box; Tab then goes through them' },
  { keys: ['Left-drag'], what: 'pan the table' },
  { keys: ['Right-drag'], what: 'turn the view' },
  { keys: ['Wheel'], what: 'zoom in and out' },
  { keys: ['Hover'], what: 'a unit’s details; with a unit selected, the distance to it' },
];

/** Keys other parts of the page handle themselves, listed in the help all the same. */
export const OTHER_KEYS_HELP: KeyHelp[] = [{ keys: ['Space'], what: 'skip the dice rolling on the table to where they land' }];

/** Whether a key press is meant for a text box or a list rather than for the table. */
function typingIn(target: EventTarget | null): boolean {
  const el = target as HTMLElement | null;
  return !!el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable);
}

function say(text: string): void {
  useApp.setState({ message: { kind: 'info', text } });
}

/** The units Tab goes through: those picked with a box, else the viewer's own on the table. */
function tabUnits(): string[] {
  const s = useApp.getState();
  const live = (s.view?.state.units ?? []).filter((u) => !u.removed && !u.carriedBy && u.kind !== 'marker');
  const group = s.group.filter((id) => live.some((u) => u.id === id));
  if (group.length) return group;
  const own = viewerSide();
  return live.filter((u) => u.side === own).map((u) => u.id);
}

function cycleUnits(step: 1 | -1): void {
  const list = tabUnits();
  if (!list.length) return;
  const at = list.indexOf(useApp.getState().selected ?? '');
  const next = list[(at + step + list.length) % list.length]!;
  // Tab keeps a box's group; selectUnit alone would not clear it.
  selectUnit(next);
  aimCamera({ kind: 'unit', id: next });
}

function focusSelected(): void {
  const id = useApp.getState().selected;
  if (id) aimCamera({ kind: 'unit', id });
  else say('Select a unit first (click it, or Tab), then F to look at it.');
}

let topDown = false;

/** Enter: give the order being set up the value on show (the angle set, or the point or unit under the pointer). */
function confirmOrder(): boolean {
  const s = useApp.getState();
  const p = currentParam(s);
  if (!p) return false;
  if (p.kind === 'angle') provideParam(s.angleValue);
  else if (p.kind === 'point' && s.hoverPoint) provideParam({ x: s.hoverPoint.x, y: s.hoverPoint.y });
  else if (p.kind === 'unit' && s.hovered && p.choices.includes(s.hovered)) provideParam(s.hovered);
  else return false;
  return true;
}

/** Escape backs out of one thing at a time, the most recent kind first. */
function escape(): void {
  const s = useApp.getState();
  if (useHelp.getState().open) setHelpOpen(false);
  else if (s.pending) cancelOrder();
  else if (s.sightStart || s.sightLine) clearSightLine();
  else if (clearRuler()) return;
  else if (s.group.length) useApp.setState({ group: [] });
  else if (s.selected) selectUnit(null);
}

/** Every key: what it shows in the help and what it does. `match` is tested on KeyboardEvent.key. */
export const KEYS: (KeyHelp & { match: (key: string, shift: boolean) => boolean; run: () => boolean | void })[] = [
  { keys: ['F'], what: 'focus the camera on the selected unit', match: (k) => k === 'f', run: focusSelected },
  {
    keys: ['T'],
    what: 'look straight down on the table (again: back to the starting view)',
    match: (k) => k === 't',
    run: () => {
      topDown = !topDown;
      aimCamera({ kind: topDown ? 'top' : 'reset' });
    },
  },
  {
    keys: ['Home', '0'],
    what: 'reset the view',
    match: (k) => k === 'home' || k === '0',
    run: () => {
      topDown = false;
      aimCamera({ kind: 'reset' });
    },
  },
  { keys: ['R'], what: 'ruler: drag on the table to measure, in the rulebook’s unit', match: (k) => k === 'r', run: toggleRuler },
  { keys: ['V'], what: 'shade the ground the selected unit cannot see', match: (k) => k === 'v', run: () => toggleSight('viewshed') },
  { keys: ['D'], what: 'hatch the selected unit’s dead ground', match: (k) => k === 'd', run: () => toggleSight('dead') },
  { keys: ['L'], what: 'line of sight: click two units or points', match: (k) => k === 'l', run: () => toggleSight('tool') },
  { keys: ['Tab'], what: 'select your next unit (and look at it)', match: (k, shift) => k === 'tab' && !shift, run: () => cycleUnits(1) },
  { keys: ['Shift', 'Tab'], what: 'select your previous unit', match: (k, shift) => k === 'tab' && shift, run: () => cycleUnits(-1) },
  { keys: ['Enter'], what: 'confirm the order being given (the angle set, or the point under the pointer)', match: (k) => k === 'enter', run: confirmOrder },
  { keys: ['Esc'], what: 'cancel the order, drop the sight line or ruler, close this help, clear the selection', match: (k) => k === 'escape', run: escape },
  { keys: ['P'], what: 'pause or resume the demonstration', match: (k) => k === 'p', run: () => (useApp.getState().demo ? toggleDemoPause() : false) },
  { keys: ['?', 'H'], what: 'show or hide this help', match: (k) => k === '?' || k === 'h', run: () => setHelpOpen(!useHelp.getState().open) },
];

/** Listen for the shortcut keys on the whole page (not while typing in a box or list). */
export function useShortcutKeys(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const key = e.key.toLowerCase();
      if (e.ctrlKey || e.metaKey || e.altKey || typingIn(e.target)) return;
      // Holding a key down repeats only Tab (going through units quickly).
      if (e.repeat && key !== 'tab') return;
      const entry = KEYS.find((k) => k.match(key, e.shiftKey));
      if (!entry) return;
      if (entry.run() === false) return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
