/**
 * The result screen's state: when the game in progress ends (or a finished game is loaded), the
 * worker works out the battle report once and the screen opens. Closing it leaves the table to look
 * at; the game-over banner opens it again.
 */

import { create } from 'zustand';
import type { BattleReport } from './battleReport';
import { api, newGame, useApp } from './store';
import { exitReplay } from './replay';

export interface ReportState {
  report: BattleReport | null;
  open: boolean;
}

export const useReport = create<ReportState>(() => ({ report: null, open: false }));

/** The game hash whose report was asked for, so each ending is reported once. */
let askedFor: string | null = null;

useApp.subscribe((s, prev) => {
  if (s.view === prev.view || s.replaying) return;
  const view = s.view;
  if (!view?.state.result) {
    if (useReport.getState().report) useReport.setState({ report: null, open: false });
    askedFor = null;
    return;
  }
  if (askedFor === view.hash) return;
  askedFor = view.hash;
  api()
    .battleReport()
    .then((report) => {
      // Only for the position it was asked for: a new game may have begun meanwhile.
      if (askedFor === report.hash && !useApp.getState().replaying) useReport.setState({ report, open: true });
    })
    .catch((e: unknown) => {
      useApp.setState({ message: { kind: 'error', text: `The battle report could not be worked out: ${e instanceof Error ? e.message : String(e)}` } });
    });
});

export function openReport(): void {
  if (useReport.getState().report) useReport.setState({ open: true });
}

export function closeReport(): void {
  useReport.setState({ open: false });
}

/**
 * "New game" from the result screen. The new-game screen is another part's work; until it exists
 * this starts a battle with the same ruleset, scenario, options and dice on fresh ground.
 */
export async function newGameAfterBattle(): Promise<void> {
  await exitReplay();
  const setup = useApp.getState().setup;
  if (!setup) return;
  closeReport();
  await newGame({ ...setup, seed: Math.random().toString(36).slice(2, 8) });
}
