/**
 * The replay on the page: the table shows the position at a step of a game's log, chosen on a
 * timeline, while the game in progress waits untouched. Entering puts the live view, log and
 * battlefield aside; leaving puts them back. The worker replays the log (src/app/timeline.ts).
 */

import { create } from 'zustand';
import type { ReplayInfo } from './engineApi';
import { api, knowledgeViewer, liveAgain, useApp, type AppState, type LogItem, type Message } from './store';

/** Play speeds: milliseconds per action. */
export const REPLAY_SPEEDS = [
  { label: '1×', ms: 900 },
  { label: '3×', ms: 300 },
  { label: '10×', ms: 90 },
] as const;

export interface ReplayState {
  info: ReplayInfo | null;
  /** Actions played at the position shown. */
  at: number;
  playing: boolean;
  speedMs: number;
  /** What is replayed, for the bar's title ("this battle", a save's name). */
  title: string;
}

export const useReplay = create<ReplayState>(() => ({ info: null, at: 0, playing: false, speedMs: REPLAY_SPEEDS[1].ms, title: '' }));

const app = useApp;

/** The live page put aside while the replay is on the table. */
let live: Pick<AppState, 'view' | 'log' | 'battlefield' | 'selected' | 'thinking' | 'pending'> | null = null;
/** Every log line of the replayed game; the log shows those up to the position. */
let allItems: LogItem[] = [];
/** Bumped for every position asked for, so only the newest answer is shown. */
let seekTicket = 0;
let timer: ReturnType<typeof setTimeout> | null = null;

function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function say(kind: Message['kind'], text: string): void {
  app.setState({ message: { kind, text } });
}

/**
 * Put the game in progress aside and show a replay of it (no text) or of a saved game (its text).
 * A bad save is refused with the reason and nothing changes.
 */
export async function startReplay(saveText?: string, title = 'this battle'): Promise<boolean> {
  const s = app.getState();
  if (s.replaying || s.busy || !s.view) return false;
  if (s.dice) {
    say('error', 'Enter the dice asked for (or cancel the order) before watching a replay.');
    return false;
  }
  // Orders stop at once: the computer's next move waits for the replay to end, so the game put
  // aside is the game in the worker.
  live = { view: s.view, log: s.log, battlefield: s.battlefield, selected: s.selected, thinking: s.thinking, pending: s.pending };
  app.setState({ busy: true, replaying: true, legal: [], pending: null, hoverPoint: null, preview: null });
  try {
    const info = await api().openReplay(saveText);
    const viewer = knowledgeViewer(live.view);
    const history = await api().replayHistory(viewer);
    const battlefield = info.sameBattlefield ? s.battlefield : await api().replayBattlefield(viewer);
    const view = await api().replayView(0, viewer);
    allItems = history.flatMap(({ turn, events }, i) => events.map((event, k) => ({ id: (i + 1) * 1000 + k, seq: i + 1, turn, event })));
    useReplay.setState({ info, at: 0, playing: false, title });
    app.setState({
      view,
      battlefield,
      log: [],
      selected: null,
      thinking: null,
      sightStart: null,
      sightHover: null,
      sightLine: null,
      message: { kind: 'info', text: `Replay of ${title}: ${count(info.length, 'action')} over ${count(info.marks.length, 'turn')}. Orders are off until you leave the replay.` },
    });
    return true;
  } catch (e) {
    const back = live;
    live = null;
    app.setState({ ...back, replaying: false });
    void liveAgain();
    say('error', `Could not replay ${title}: ${e instanceof Error ? e.message : String(e)}. The game in progress is unchanged.`);
    return false;
  } finally {
    app.setState({ busy: false });
  }
}

/** The position the page wants shown next; asked for once the worker answers the one in hand. */
let wanted: number | null = null;
let fetching = false;

/**
 * Show the position after `at` actions. While the slider is dragged only the newest position waits
 * for the worker, so a long drag costs one replay at a time, never a queue of them.
 */
export async function seekReplay(at: number): Promise<void> {
  const info = useReplay.getState().info;
  if (!info || !app.getState().replaying) return;
  const n = Math.max(0, Math.min(info.length, Math.round(at)));
  useReplay.setState({ at: n });
  wanted = n;
  if (fetching) return;
  fetching = true;
  const ticket = seekTicket;
  try {
    while (wanted !== null) {
      const target: number = wanted;
      wanted = null;
      const view = await api().replayView(target, knowledgeViewer(live?.view ?? null));
      // Left the replay (or began another) meanwhile: this answer belongs to nothing on screen.
      if (ticket !== seekTicket || !app.getState().replaying) return;
      const selected = app.getState().selected;
      const keep = selected && view.state.units.some((u) => u.id === selected && !u.removed);
      app.setState({ view, log: allItems.filter((l) => l.seq <= target), ...(keep ? {} : { selected: null }) });
    }
  } catch (e) {
    if (ticket === seekTicket) say('error', `The replay could not show step ${n}: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    fetching = false;
  }
}

export function stepReplay(delta: number): void {
  pauseReplay();
  void seekReplay(useReplay.getState().at + delta);
}

/** Jump to the start of the previous or next turn. */
export function turnReplay(direction: -1 | 1): void {
  const { info, at } = useReplay.getState();
  if (!info) return;
  pauseReplay();
  const starts = info.marks.map((m) => m.at);
  const target = direction > 0 ? (starts.find((x) => x > at) ?? info.length) : ([...starts].reverse().find((x) => x < at) ?? 0);
  void seekReplay(target);
}

export function playReplay(): void {
  const { info, at } = useReplay.getState();
  if (!info) return;
  // Play from the start again when at the end.
  if (at >= info.length) void seekReplay(0);
  useReplay.setState({ playing: true });
  tick();
}

export function pauseReplay(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  if (useReplay.getState().playing) useReplay.setState({ playing: false });
}

export function setReplaySpeed(ms: number): void {
  useReplay.setState({ speedMs: ms });
}

function tick(): void {
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    const { info, at, playing } = useReplay.getState();
    if (!playing || !info) return;
    if (at >= info.length) {
      pauseReplay();
      return;
    }
    void seekReplay(at + 1).then(tick);
  }, useReplay.getState().speedMs);
}

/** Leave the replay: the game in progress comes back exactly as it was put aside. */
export async function exitReplay(): Promise<void> {
  if (!app.getState().replaying || !live) return;
  pauseReplay();
  seekTicket++;
  wanted = null;
  const back = live;
  live = null;
  allItems = [];
  useReplay.setState({ info: null, at: 0, playing: false, title: '' });
  app.setState({ ...back, replaying: false, message: null });
  await api()
    .closeReplay()
    .catch(() => {});
  await liveAgain();
}
