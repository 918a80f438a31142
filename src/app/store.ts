/**
 * The page's state: the latest game view from the worker, the terrain, the legal orders of the side
 * to act, what the player has selected and the order being filled in. Every game change goes
 * through the engine worker; this store only remembers answers and drives the prompts.
 */

import { actingPlayer, playerSide as sideOfPlayer } from '../core/seats';
import { heightSpan, type ElevationSource } from '../terrain/elevation';
import { create } from 'zustand';
import { proxy } from 'comlink';
import type { GameAlert } from '../core/alerts';
import type { Action, ArmyRoster, GameEvent, GameSetup } from '../core/model';
import type { ActionParam, ArmyCheck, LegalAction, Overlay, SideInfoSection } from '../core/ruleset';
import type { Vec2 } from '../core/geometry';
import type { ActionPreview, BattlefieldData, ComputerMove, RulesetInfo, SightEnd, SightLineData, ViewshedData } from './engineApi';
import { frontCentre } from '../core/geometry';
import { homeEdge, unitFootprint } from '../core/model';
import { ACTIVE_SIDE, type ActResult, type GameView } from './session';
import { connectEngine, type EngineConnection } from './engineClient';
import type { LengthUnit } from '../core/measure';
import { planGame, secretGame, type NewGameChoice } from './newGame';
import { Autosaver, autosavesToDrop, newestOtherAutosave, saveDb, tabId, type AutosaveRecord, type PageExtras } from './persist';

type Level = 'easy' | 'normal' | 'hard';
/** Who plays the other side: a person at the same screen, or a computer player by name. */
export type Opponent = 'human' | 'random' | 'scripted' | `ai:${Level}` | `ai:${Level}:${'cautious' | 'aggressive'}`;

export const OPPONENTS: { value: Opponent; label: string }[] = [
  { value: 'human', label: 'human (hot seat)' },
  ...(['easy', 'normal', 'hard'] as const).flatMap((level) => [
    { value: `ai:${level}` as const, label: `computer: ${level}` },
    { value: `ai:${level}:cautious` as const, label: `computer: ${level}, cautious` },
    { value: `ai:${level}:aggressive` as const, label: `computer: ${level}, aggressive` },
  ]),
  { value: 'scripted', label: 'scripted (always attacks)' },
  { value: 'random', label: 'random legal moves' },
];

/** An order the player has chosen whose open parameters are being asked for, one at a time. */
export interface PendingOrder {
  legal: LegalAction;
  values: Record<string, unknown>;
  /** Index into `legal.params` of the parameter being asked for. */
  step: number;
}

/** "Roll your own": the engine wants real dice for this action. */
export interface DicePrompt {
  action: Action;
  label: string;
  /** Values entered so far for this action, in order; sent in full on every retry. */
  entered: number[];
  count: number;
  sides: number;
  purpose: string;
}

export interface LogItem {
  id: number;
  /** The action number the event belongs to (the view's seq after it). */
  seq: number;
  /** The game turn it happened in (for "this turn" in a unit's tooltip). */
  turn: number;
  event: GameEvent;
}

/** Demonstration mode (src/app/demo.ts): the computer plays both sides, battle after battle. */
export type DemoSpeed = 'slow' | 'normal' | 'fast';

export interface DemoState {
  speed: DemoSpeed;
  paused: boolean;
  /** Battles begun since the demonstration started, this one included. */
  battle: number;
}

/** Pause before each computer order in a demonstration, ms: time to watch the last one. */
export const DEMO_PAUSE_MS: Record<DemoSpeed, number> = { slow: 3200, normal: 1500, fast: 300 };

/** The computer player that plays both sides of a demonstration. */
export const DEMO_PLAYER: Opponent = 'ai:normal';

/** An alert on show (a toast): what the ruleset reported, and when. */
export interface AlertToast extends GameAlert {
  id: number;
  at: number;
}

export interface Message {
  kind: 'error' | 'info';
  text: string;
}

/** The sight tools: V shades what the selected unit sees, D hatches its dead ground, L draws sight lines. */
export interface SightModes {
  viewshed: boolean;
  dead: boolean;
  tool: boolean;
}

/** The first end of a sight line being drawn with the line-of-sight tool. */
export interface SightStart {
  end: SightEnd;
  /** Where it is on the table (a unit's front centre), for drawing the line while it is drawn. */
  at: Vec2;
}

export interface AppState {
  status: 'starting' | 'ready' | 'failed';
  rulesets: RulesetInfo[];
  setup: GameSetup | null;
  view: GameView | null;
  battlefield: BattlefieldData | null;
  /** Legal actions of the side to act, when a person plays that side; empty otherwise. */
  legal: LegalAction[];
  selected: string | null;
  hovered: string | null;
  pending: PendingOrder | null;
  /** The current value of a pending `angle` parameter (radians). */
  angleValue: number;
  /** The table point under the pointer while a `point` parameter is asked for. */
  hoverPoint: Vec2 | null;
  dice: DicePrompt | null;
  message: Message | null;
  log: LogItem[];
  opponent: Opponent;
  /** The computer's reasons for its last move, for the "AI thinking" panel. */
  thinking: ComputerMove['thinking'] | null;
  busy: boolean;
  notesOpen: boolean;
  /** The autosave a previous visit (another tab) left behind, offered as "Resume" until used. */
  resumeText: string | null;
  /** A replay is on the table (src/app/replay.ts): `view` and `log` show its position, and no order may be given. */
  replaying: boolean;
  /** Soft shadows: off by default, as software WebGL (SwiftShader) draws them slowly. */
  shadows: boolean;
  sightModes: SightModes;
  /** What the selected unit sees, from the worker; null until asked for. */
  viewshed: ViewshedData | null;
  /** A viewshed or sight line is being worked out in the worker. */
  sightComputing: boolean;
  sightStart: SightStart | null;
  /** The table point under the pointer while the second end of a sight line is chosen. */
  sightHover: Vec2 | null;
  sightLine: SightLineData | null;
  /** The ruleset's side panel (hand, deck, card in play) for `sideInfoSide`, the side the page shows. */
  sideInfo: SideInfoSection[];
  sideInfoSide: string | null;
  /** The ruleset's shapes on the table for that side and the selected unit. */
  ruleOverlays: Overlay[];
  /** What the pending order would do with the value under the pointer (worked out in the worker). */
  preview: ActionPreview | null;
  /** The new-game screen is shown (on a first visit, and from the top bar's New game). */
  newGameOpen: boolean;
  /** What the new-game screen last started, to offer again. */
  lastChoice: NewGameChoice | null;
  /** The step of starting a battle under way, for the screen's progress. */
  startStage: 'armies' | 'terrain' | null;
  /** The side the person plays against the computer (null: the first side). */
  playerSide: string | null;
  /** Inches or centimetres for distances on the page (null: the rulebook's own). */
  lengthUnit: LengthUnit | null;
  /** Hot seat with hidden movement: the side the screen must be passed to before it is shown. */
  handoverTo: string | null;
  /** The events of the last accepted order (either side's), for the dice thrown on the table; null after a new game or a load. */
  lastOrder: { id: number; events: GameEvent[] } | null;
  /** Dice are rolling on the table (or have just settled and are being read): the computer waits for them. */
  diceRolling: boolean;
  /** Demonstration mode, when on. */
  demo: DemoState | null;
  /** While the computer thinks: how many candidate orders it has scored of how many. */
  aiProgress: { side: string; done: number; total: number } | null;
  /** Alerts on show, newest last. */
  alerts: AlertToast[];
  /** Units picked with a box (shift-drag), which Tab goes through; empty when none. */
  group: string[];
}

export const useApp = create<AppState>(() => ({
  status: 'starting',
  rulesets: [],
  setup: null,
  view: null,
  battlefield: null,
  legal: [],
  selected: null,
  hovered: null,
  pending: null,
  angleValue: 0,
  hoverPoint: null,
  dice: null,
  message: null,
  log: [],
  opponent: 'human',
  thinking: null,
  busy: false,
  notesOpen: false,
  resumeText: null,
  replaying: false,
  shadows: false,
  sightModes: { viewshed: false, dead: false, tool: false },
  viewshed: null,
  sightComputing: false,
  sightStart: null,
  sightHover: null,
  sightLine: null,
  sideInfo: [],
  sideInfoSide: null,
  ruleOverlays: [],
  preview: null,
  newGameOpen: false,
  lastChoice: null,
  startStage: null,
  playerSide: null,
  lengthUnit: null,
  handoverTo: null,
  lastOrder: null,
  diceRolling: false,
  demo: null,
  aiProgress: null,
  alerts: [],
  group: [],
}));

const set = useApp.setState;
const get = useApp.getState;

let engine: EngineConnection | null = null;
/** The last save text, to restore the game into a new worker if the worker dies. */
let lastSave: string | null = null;
let logId = 0;
let orderId = 0;
/** Bumped whenever a new game starts, so a running opponent loop of the old game stops. */
let generation = 0;

const OPPONENT_DELAY_MS = 650;

/** The engine worker's API, for the page's other modules (saves, replay, result). */
export function api() {
  if (!engine) throw new Error('the engine is not running');
  return engine.api;
}

function errorText(e: unknown): string {
  if (e instanceof Error) return e.message;
  return String(e);
}

function say(kind: Message['kind'], text: string): void {
  set({ message: { kind, text } });
}

export function clearMessage(): void {
  set({ message: null });
}

// ---------------------------------------------------------------------------------------------
// Sides

/** The side a computer opponent plays: the side the person does not (by default the second). */
export function computerSide(view: GameView | null): string | null {
  const sides = view?.state.sides ?? [];
  // With seats (several players a side) playerSide holds the person's seat: his side is its side.
  const own = view && get().playerSide ? sideOfPlayer(view.state, get().playerSide!) : get().playerSide;
  if (own && sides.some((x) => x.id === own)) return sides.find((x) => x.id !== own)?.id ?? null;
  return sides[1]?.id ?? null;
}

/**
 * Whose knowledge the page shows (C §9: each side's page shows only what that side may know): the
 * person's side against the computer, the side to act in hot seat (ACTIVE_SIDE, settled in the
 * worker). Rulesets without hidden information show everything either way.
 */
export function knowledgeViewer(view: GameView | null = get().view): string | undefined {
  // A demonstration's audience sees everything both computers know.
  if (get().demo) return undefined;
  if (get().opponent === 'human') return ACTIVE_SIDE;
  const computer = computerSide(view);
  return view?.state.sides.find((x) => x.id !== computer)?.id ?? ACTIVE_SIDE;
}

/** A view fetched before the sides were known (new game, load) seen again through the right side's eyes. */
async function ownView(view: GameView): Promise<GameView> {
  const viewer = knowledgeViewer(view);
  return viewer === ACTIVE_SIDE || viewer === view.viewer ? view : api().view(viewer);
}

/** Whether a person gives the orders of `side` (both sides in hot seat). */
export function humanPlays(side: string | null): boolean {
  if (!side) return false;
  const s = get();
  if (s.demo) return false;
  const seated = seatedHuman(s);
  if (seated) return side === s.view!.state.active && actingPlayer(s.view!.state) === seated;
  return s.opponent === 'human' || side !== computerSide(s.view);
}

// ---------------------------------------------------------------------------------------------
// Start-up and games

function startEngine(): EngineConnection {
  const conn = connectEngine((why) => void recoverFromCrash(why));
  engine = conn;
  return conn;
}

async function recoverFromCrash(why: string): Promise<void> {
  engine?.terminate();
  startEngine();
  if (!lastSave) {
    set({ status: 'failed' });
    say('error', `The engine stopped (${why}) before a game was started. Reload the page.`);
    return;
  }
  try {
    const view = await ownView(await api().loadSave(lastSave, ACTIVE_SIDE));
    set({ log: await historyItems() });
    await adoptView(view, null);
    say('error', `The engine stopped (${why}); it was restarted and the game restored from the last position.`);
  } catch (e) {
    set({ status: 'failed' });
    say('error', `The engine stopped (${why}) and the game could not be restored: ${errorText(e)}`);
  }
}

/**
 * Start the worker, read the rulesets and begin a game: the one the address names, else the
 * previous visit's game, else the new-game screen.
 */
export async function startApp(setup: GameSetup | null): Promise<void> {
  if (!engine) startEngine();
  try {
    const rulesets = await api().rulesets();
    set({ rulesets });
    // A reload finds this tab's autosave and resumes it; a new tab starts the address's game and
    // offers the newest game another tab left.
    const db = await saveDb();
    if (db.unavailable) say('info', `Games cannot be kept in this browser (${db.unavailable}); export a file to keep one.`);
    const records = await db.autosaves.all().catch((): AutosaveRecord[] => []);
    const own = records.find((r) => r.tab === tab);
    resumeRecord = newestOtherAutosave(records, tab);
    set({ resumeText: resumeRecord?.save ?? null });
    for (const old of autosavesToDrop(records, tab)) void db.autosaves.delete(old).catch(() => {});
    const resumed = own ? await loadSave(own.save, 'the game this tab was playing', own.extras) : false;
    if (!resumed) {
      const why = own ? get().message : null;
      if (!setup) {
        // No game in the address: the new-game screen, which offers another tab's game to resume.
        set({ newGameOpen: true });
        if (why) say('error', why.text);
        return;
      }
      await newGame(setup);
      if (why) say('error', `${why.text} A new game was started instead.`);
    }
    set({ status: 'ready' });
  } catch (e) {
    set({ status: 'failed' });
    say('error', `The game could not start: ${errorText(e)}`);
  }
}

/** Who sits where in a new game: the opponent, the index of the side the person plays, and his seat when a side has several players. */
export interface Seating {
  opponent: Opponent;
  playerSide: number;
  playerSeat?: string;
}

/** Against the computer in a game with seats: the seat the person takes (playerSide holds it); else null. */
function seatedHuman(s: Pick<AppState, 'view' | 'opponent' | 'playerSide' | 'demo'>): string | null {
  const state = s.view?.state;
  if (s.demo || s.opponent === 'human' || !state?.seats?.length) return null;
  return state.seats.find((x) => x.id === s.playerSide)?.id ?? state.seats.find((x) => x.id === state.sides[0]?.id)?.id ?? state.seats[0]!.id;
}

/** The player whose panel (his own hand) the page shows: the person's seat, or in hot seat the one to act. */
function viewerPlayer(s: AppState, side: string): string {
  const state = s.view?.state;
  if (!state?.seats?.length || s.demo) return side;
  return seatedHuman(s) ?? actingPlayer(state) ?? side;
}

export async function newGame(setup: GameSetup, seating?: Seating): Promise<boolean> {
  return guarded(async () => {
    clearPageExtras();
    set({ startStage: 'armies' });
    const fresh = await api().newGame(setup, ACTIVE_SIDE);
    if (seating) set({ opponent: seating.opponent, playerSide: seating.playerSeat ?? fresh.state.sides[seating.playerSide]?.id ?? null });
    const view = await ownView(fresh);
    generation++;
    shownSide = null;
    set({ setup, log: [], selected: null, group: [], alerts: [], viewshed: null, sightStart: null, sightHover: null, sightLine: null, handoverTo: null, startStage: 'terrain' });
    await adoptView(view, null, true);
    say('info', `New game: ${rulesetName(view.state.rulesetId)}, seed "${setup.seed}".`);
  }).finally(() => set({ startStage: null }));
}

export function openNewGame(open = true): void {
  set({ newGameOpen: open });
}

/** Start the battle the new-game screen describes; the screen closes once the table is laid. */
export async function startBattle(choice: NewGameChoice): Promise<boolean> {
  const ruleset = get().rulesets.find((r) => r.id === choice.rulesetId);
  if (!ruleset) {
    say('error', `There is no ruleset "${choice.rulesetId}".`);
    return false;
  }
  const plan = planGame(ruleset, choice);
  set({ lastChoice: choice, lengthUnit: plan.lengthUnit });
  const ok = await newGame(plan.setup, { opponent: plan.opponent, playerSide: plan.playerSide, ...(plan.playerSeat ? { playerSeat: plan.playerSeat } : {}) });
  if (ok) set({ newGameOpen: false, status: 'ready' });
  return ok;
}

/** The ruleset's default army of a list for a points total, as a roster the builder can edit. */
export async function defaultRoster(rulesetId: string, list: string, points: number): Promise<ArmyRoster> {
  return api().defaultRoster(rulesetId, list, points);
}

/** Price a roster and list what is wrong with it, in the worker (the page knows no army lists' rules). */
export async function checkArmy(rulesetId: string, roster: ArmyRoster, points: number): Promise<ArmyCheck> {
  return api().checkArmy(rulesetId, roster, points);
}

// ---------------------------------------------------------------------------------------------
// Hot seat with secrets: the screen is covered whenever the other player is to act

/** The side whose player last uncovered the screen. */
let shownSide: string | null = null;

function needsHandover(view: GameView): boolean {
  const s = get();
  const ruleset = s.rulesets.find((r) => r.id === view.state.rulesetId);
  const active = view.state.active;
  // While the armies are set up, the deployment's own cover decides (DeployPanel.tsx).
  if (view.state.phase === 'deploy') return false;
  // Secret by the game's options (hidden movement), or because this side's table shows what the
  // other may not know (the defender's woods before the attacker has found them).
  const secret = !!ruleset && (secretGame(ruleset, view.state.options) || view.secret === true);
  // With several players a side each keeps his own hand: the screen passes from seat to seat.
  if (view.state.seats?.length) return s.opponent === 'human' && !view.state.result && !!actingPlayer(view.state) && actingPlayer(view.state) !== shownSide;
  return s.opponent === 'human' && secret && !!active && !view.state.result && active !== shownSide;
}

/** The player the screen was passed to uncovers it. */
export function takeOverScreen(): void {
  shownSide = get().handoverTo;
  set({ handoverTo: null });
}

/**
 * Read a landscape file the player picked (.asc or 16-bit PNG) in the worker, for a new game's
 * GameSetup.elevation. `reliefMm` scales the land's highest point to that many mm above its lowest.
 * Throws an Error naming the file and what is wrong with it.
 */
export async function readLandscape(file: File, reliefMm?: number): Promise<ElevationSource> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const src = await api().readElevation(file.name, bytes);
  if (reliefMm === undefined) return src;
  const { min, max } = heightSpan(src.heights);
  return max > min ? { ...src, verticalScale: reliefMm / (max - min) } : src;
}

function rulesetName(id: string): string {
  return get().rulesets.find((r) => r.id === id)?.name ?? id;
}

/**
 * Take a new view from the worker: remember it, log its events, fetch the new legal orders, and
 * reload the terrain when the battlefield changed (new game or load).
 */
async function adoptView(view: GameView, events: GameEvent[] | null, terrainChanged = false): Promise<void> {
  const prev = get().view;
  const battlefieldChanged =
    terrainChanged || !prev || JSON.stringify(prev.state.battlefield) !== JSON.stringify(view.state.battlefield);
  // The view's own battlefield: terrain secret from the viewer stays generic.
  const battlefield = battlefieldChanged ? await api().battlefield(view.state.battlefield) : get().battlefield;
  const items = (events ?? []).map((event) => ({ id: ++logId, seq: view.seq, turn: view.state.turn, event }));
  const selected = get().selected;
  const selUnit = selected ? view.state.units.find((u) => u.id === selected) : undefined;
  set((s) => ({
    view,
    handoverTo: needsHandover(view) ? actingPlayer(view.state) : s.handoverTo,
    battlefield,
    log: [...s.log.filter((l) => l.seq <= view.seq), ...items],
    lastOrder: events ? { id: ++orderId, events } : terrainChanged ? null : s.lastOrder,
    pending: null,
    hoverPoint: null,
    dice: null,
    selected: selUnit && !selUnit.removed ? selected : null,
  }));
  await refreshLegal();
  restorePageExtras();
  void autosave();
  scheduleOpponent();
}

async function refreshLegal(): Promise<void> {
  const view = get().view;
  const active = view?.state.active ?? null;
  if (!view || !active || view.state.result || !humanPlays(active) || get().replaying) {
    set({ legal: [] });
    return;
  }
  const legal = await api().legal(active);
  // A newer view may have arrived meanwhile; only keep orders for the view they were asked for.
  if (get().view !== view) return;
  set({ legal });
  // When every order on offer belongs to one unit (a reaction to a charge, say), show that unit.
  const units = new Set(legal.map((l) => l.unit));
  const only = [...units][0];
  if (units.size === 1 && only && get().selected !== only && !get().pending) set({ selected: only });
}

const tab = tabId();
let autosaveError: string | null = null;
const autosaver = new Autosaver<AutosaveRecord>(
  async (record) => (await saveDb()).autosaves.put(record),
  (e) => {
    // Say it once: the game goes on, but a reload would not find it.
    const why = errorText(e);
    if (autosaveError !== why) say('error', `The game could not be autosaved (${why}); export a file to keep it.`);
    autosaveError = why;
  },
  () => {
    autosaveError = null;
  },
);

/** Whether an autosave is waiting to be written (the test hook waits for it). */
export function autosavePending(): boolean {
  return saveTextsAsked > 0 || autosaver.pending;
}

let saveTextsAsked = 0;

/** After every accepted action: the save text from the worker, then the tab's record, written in the background. */
async function autosave(): Promise<void> {
  saveTextsAsked++;
  try {
    lastSave = await api().saveText();
    writeAutosave();
  } catch {
    // The worker could not give its save (it is being replaced after a crash); the next action tries again.
  } finally {
    saveTextsAsked--;
  }
}

/** What the page adds to the save: the opponent, the selection and any order half given. */
function pageExtras(s: AppState = get()): PageExtras {
  const p = s.pending;
  return {
    opponent: s.opponent,
    playerSide: s.playerSide,
    lengthUnit: s.lengthUnit,
    selected: s.selected,
    pending: p ? { label: p.legal.label, ...(p.legal.unit ? { unit: p.legal.unit } : {}), action: p.legal.action, values: p.values, step: p.step } : null,
    dice: s.dice,
  };
}

function writeAutosave(): void {
  const s = get();
  if (!lastSave || !s.view || s.replaying) return;
  autosaver.save({ tab, save: lastSave, seq: s.view.seq, turn: s.view.state.turn, rulesetId: s.view.state.rulesetId, updatedAt: new Date().toISOString(), extras: pageExtras(s) });
}

// A change of opponent, selection or a half-given order is kept too, so a reload loses nothing.
useApp.subscribe((s, prev) => {
  if (s.opponent !== prev.opponent || s.playerSide !== prev.playerSide || s.lengthUnit !== prev.lengthUnit || s.selected !== prev.selected || s.pending !== prev.pending || s.dice !== prev.dice) writeAutosave();
});

/** Extras waiting for the position they belong to (set by a resumed autosave, used once). */
let extrasToRestore: PageExtras | null = null;

function clearPageExtras(): void {
  extrasToRestore = null;
}

/** Put back the selection, the half-given order and the dice prompt a resumed autosave recorded. */
function restorePageExtras(): void {
  const extras = extrasToRestore;
  extrasToRestore = null;
  if (!extras) return;
  const s = get();
  const unit = extras.selected ? s.view?.state.units.find((u) => u.id === extras.selected && !u.removed) : undefined;
  const p = extras.pending;
  const legal = p ? s.legal.find((l) => l.label === p.label && l.unit === p.unit && JSON.stringify(l.action) === JSON.stringify(p.action)) : undefined;
  set({
    ...(unit ? { selected: unit.id } : {}),
    ...(legal && p ? { pending: { legal, values: p.values, step: Math.min(p.step, legal.params.length - 1) } } : {}),
    ...(extras.dice ? { dice: extras.dice } : {}),
  });
  primeParam();
}

/** Run one engine call with the busy flag up; report a thrown error in words. */
async function guarded(fn: () => Promise<void>): Promise<boolean> {
  set({ busy: true });
  try {
    await fn();
    return true;
  } catch (e) {
    say('error', errorText(e));
    return false;
  } finally {
    set({ busy: false });
  }
}

// ---------------------------------------------------------------------------------------------
// Selection and orders

/** Put the ruleset's alerts for an accepted order on show. */
function showAlerts(list: GameAlert[] | undefined): void {
  if (!list?.length) return;
  const at = Date.now();
  set((s) => ({ alerts: [...s.alerts, ...list.map((a) => ({ ...a, id: ++logId, at }))] }));
}

export function dismissAlert(id: number): void {
  set((s) => ({ alerts: s.alerts.filter((a) => a.id !== id) }));
}

/** Units picked with a box: the first is selected, Tab goes through the rest. */
export function selectGroup(ids: string[]): void {
  set({ group: ids.length > 1 ? ids : [] });
  selectUnit(ids[0] ?? null);
}

export function selectUnit(id: string | null): void {
  const s = get();
  if (s.pending) {
    const p = s.pending.legal.params[s.pending.step];
    if (p?.kind === 'unit' && id) {
      if (p.choices.includes(id)) provideParam(id);
      else say('error', `${unitName(id)} cannot be chosen for "${p.label}": pick one of the highlighted units, or Cancel.`);
      return;
    }
    set({ pending: null, hoverPoint: null });
  }
  // A unit outside the box's group ends the group.
  set({ selected: id, ...(id && s.group.includes(id) ? {} : { group: [] }) });
}

export function setHovered(id: string | null): void {
  if (get().hovered !== id) set({ hovered: id });
}

export function setHoverPoint(p: Vec2 | null): void {
  set({ hoverPoint: p });
}

function unitName(id: string): string {
  return get().view?.state.units.find((u) => u.id === id)?.name ?? id;
}

/** The parameter the pending order is asking for, if any. */
export function currentParam(s: Pick<AppState, 'pending'> = get()): ActionParam | null {
  return s.pending?.legal.params[s.pending.step] ?? null;
}

/** Choose an order (a unit's order or a turn action); asks for its parameters or sends it at once. */
export function startOrder(legal: LegalAction): void {
  if (get().busy || get().replaying) return;
  clearMessage();
  if (legal.params.length === 0) {
    void submit({ ...legal.action }, legal.label);
    return;
  }
  set({ pending: { legal, values: {}, step: 0 }, hoverPoint: null });
  primeParam();
}

function primeParam(): void {
  const p = currentParam();
  if (p?.kind === 'angle') set({ angleValue: Math.max(p.min, Math.min(p.max, 0)) });
}

export function setAngleValue(v: number): void {
  set({ angleValue: v });
}

/** Give the value of the parameter being asked for; sends the order after the last one. */
export function provideParam(value: unknown): void {
  const s = get();
  const pending = s.pending;
  const p = currentParam(s);
  if (!pending || !p) return;
  const values = { ...pending.values, [p.name]: value };
  const step = pending.step + 1;
  if (step >= pending.legal.params.length) {
    set({ pending: null, hoverPoint: null });
    void submit({ ...pending.legal.action, ...values }, pending.legal.label);
    return;
  }
  set({ pending: { ...pending, values, step }, hoverPoint: null });
  primeParam();
}

export function cancelOrder(): void {
  set({ pending: null, hoverPoint: null, dice: null });
}

/** Send an action to the engine; on a rule error say why, on a dice request ask for the dice. */
export async function submit(action: Action, label: string, entered?: number[]): Promise<void> {
  await guarded(async () => {
    const r = await api().act(action, entered, knowledgeViewer());
    await handleResult(r, action, label, entered ?? []);
  });
}

async function handleResult(r: ActResult, action: Action, label: string, entered: number[]): Promise<void> {
  if (r.ok) {
    clearMessage();
    showAlerts(r.alerts);
    await adoptView(r.view, r.events);
    return;
  }
  if ('needDice' in r) {
    const d = r.needDice;
    // Keep what was entered up to this throw; the engine says how many it had used.
    set({ dice: { action, label, entered: entered.slice(0, d.entered), count: d.count, sides: d.sides, purpose: d.purpose } });
    return;
  }
  say('error', `${label}: ${r.error}`);
}

/** The player entered the dice asked for: retry the action with everything entered so far. */
export async function enterDice(values: number[]): Promise<void> {
  const prompt = get().dice;
  if (!prompt) return;
  set({ dice: null });
  await submit(prompt.action, prompt.label, [...prompt.entered, ...values]);
}

export async function undo(): Promise<void> {
  await guarded(async () => {
    const r = await api().undo(knowledgeViewer());
    if (!r.ok) {
      say('error', `Undo: ${r.error}`);
      return;
    }
    await adoptView(r.view, null);
    say('info', 'The last order was taken back.');
  });
}

export async function saveText(): Promise<string | null> {
  let text: string | null = null;
  await guarded(async () => {
    text = await api().saveText();
  });
  return text;
}

/** Load a save; on a bad file say what is wrong and keep the game in progress. */
export async function loadSave(text: string, fileName = 'the file', extras?: PageExtras): Promise<boolean> {
  return guarded(async () => {
    let view: GameView;
    const { opponent, playerSide, lengthUnit } = get();
    // The viewer depends on who plays: a resumed game's opponent is set before its first view.
    if (extras) set({ opponent: extras.opponent, playerSide: extras.playerSide ?? null, lengthUnit: extras.lengthUnit ?? null });
    try {
      view = await ownView(await api().loadSave(text, ACTIVE_SIDE));
    } catch (e) {
      if (extras) set({ opponent, playerSide, lengthUnit });
      throw new Error(`Could not load ${fileName}: ${errorText(e)}. The game in progress is unchanged.`, { cause: e });
    }
    generation++;
    shownSide = null;
    extrasToRestore = extras ?? null;
    const setup = (JSON.parse(text) as { setup: GameSetup }).setup;
    // A loaded game takes the table: the new-game screen, if open, closes.
    set({ setup, log: await historyItems(), selected: null, pending: null, dice: null, viewshed: null, sightStart: null, sightHover: null, sightLine: null, newGameOpen: false, status: 'ready' });
    await adoptView(view, null, true);
    say('info', extras ? `Resumed your game where you left it: ${view.seq} orders replayed.` : `Loaded ${fileName}: ${view.seq} orders replayed.`);
  });
}

/** The log of a loaded game, rebuilt from the events the worker kept for every order. */
export async function historyItems(): Promise<LogItem[]> {
  const history = await api().history(knowledgeViewer());
  return history.flatMap(({ turn, events }, i) => events.map((event) => ({ id: ++logId, seq: i + 1, turn, event })));
}

/** The autosave another tab left, offered as "Resume last game". */
let resumeRecord: AutosaveRecord | null = null;

/** Go back to the game the previous visit left off, with its opponent and any order half given. */
export async function resumeLastGame(): Promise<void> {
  const text = get().resumeText;
  if (!text) return;
  const extras = resumeRecord?.save === text ? resumeRecord.extras : undefined;
  if (await loadSave(text, 'your last game', extras)) set({ resumeText: null });
}

// ---------------------------------------------------------------------------------------------
// The opponent

export function setOpponent(opponent: Opponent): void {
  // The table shows a replay: the live game's opponent is changed after it.
  if (get().replaying) return;
  set({ opponent });
  // The page now shows another side's knowledge (hot seat: the side to act; else the person's).
  void reviewGame();
  void refreshLegal();
  scheduleOpponent();
}

/** Fetch the game again through the eyes the page now has (after the opponent or a demonstration changed). */
export async function reviewGame(): Promise<void> {
  await guarded(async () => {
    if (get().view) await adoptView(await api().view(knowledgeViewer()), null);
  });
}

let opponentRunning = false;

/** The side the computer must play now: the second side against a computer, either side in a demonstration. */
function computerToAct(s: AppState): string | null {
  const active = s.view?.state.active ?? null;
  if (!active || s.replaying || s.view?.state.result || s.dice) return null;
  if (s.demo) return s.demo.paused ? null : active;
  const seated = seatedHuman(s);
  if (seated) return actingPlayer(s.view!.state) !== seated ? active : null;
  return s.opponent !== 'human' && active === computerSide(s.view) ? active : null;
}

/** Let the computer play if it is its turn (after a demonstration is started or resumed, say). */
export function wakeComputer(): void {
  scheduleOpponent();
}

/** While the computer's side is to act, let it play, one visible move at a time. */
function scheduleOpponent(): void {
  if (opponentRunning) return;
  const s = get();
  const side = computerToAct(s);
  if (!side) return;
  opponentRunning = true;
  const gen = generation;
  window.setTimeout(() => {
    void (async () => {
      try {
        await diceSettled();
        await opponentStep(side, gen);
      } finally {
        opponentRunning = false;
      }
      scheduleOpponent();
    })();
  }, s.demo ? DEMO_PAUSE_MS[s.demo.speed] : OPPONENT_DELAY_MS);
}

/** The computer cannot go on: a demonstration stops, and against a computer a person takes its side. */
function computerGivesUp(): void {
  set(get().demo ? { demo: null } : { opponent: 'human' });
}

/** The longest the computer waits for dice on the table, ms (in case they never report settling). */
const DICE_WAIT_LIMIT_MS = 20_000;

/** Let the dice of the last order settle, and be read, before the computer gives its next order. */
function diceSettled(): Promise<void> {
  if (!get().diceRolling) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stop();
      clearTimeout(timer);
      resolve();
    };
    const stop = useApp.subscribe((s) => {
      if (!s.diceRolling) done();
    });
    const timer = setTimeout(done, DICE_WAIT_LIMIT_MS);
  });
}

export function setDiceRolling(diceRolling: boolean): void {
  if (get().diceRolling !== diceRolling) set({ diceRolling });
}

async function opponentStep(side: string, gen: number): Promise<void> {
  const s = get();
  if (gen !== generation || computerToAct(s) !== side) return;
  const who = s.demo ? DEMO_PLAYER : s.opponent;
  set({ busy: true, aiProgress: { side, done: 0, total: 0 } });
  try {
    const progress = proxy((done: number, total: number) => {
      if (gen === generation) set({ aiProgress: { side, done, total } });
    });
    const move = await api().playComputer(side, who, knowledgeViewer(), progress);
    if (gen !== generation) return;
    if (!move) {
      say('error', `The computer player has no legal order for ${sideName(side)}; switch the opponent to "human" to go on.`);
      computerGivesUp();
      await refreshLegal();
      return;
    }
    set({ thinking: move.thinking ?? null });
    const r = move.result;
    if (r.ok) {
      showAlerts(r.alerts);
      // adoptView's own scheduleOpponent is a no-op while this loop runs; the loop reschedules itself.
      await adoptView(r.view, r.events);
      return;
    }
    if ('needDice' in r) {
      // Hand-rolled dice: the player rolls for the computer too; entering them sends the order.
      await handleResult(r, move.action, `${sideName(side)} (computer): ${move.label}`, []);
      return;
    }
    say('error', `The computer's order was refused: ${r.error}`);
    computerGivesUp();
    await refreshLegal();
  } catch (e) {
    say('error', `The computer player failed: ${errorText(e)}`);
    computerGivesUp();
  } finally {
    set({ busy: false, aiProgress: null });
  }
}

function sideName(id: string): string {
  return get().view?.state.sides.find((s) => s.id === id)?.name ?? id;
}

// ---------------------------------------------------------------------------------------------
// Sight: the viewshed of the selected unit and the line-of-sight tool, both worked out in the worker

/** Bumped for every viewshed asked for, so only the newest answer is shown. */
let sightRequest = 0;
/** What the shown (or coming) viewshed was asked for: the unit, its pose and stands, the game. */
let viewshedKey = '';
let sightPending = 0;

function sightBusy(delta: number): void {
  sightPending += delta;
  const busy = sightPending > 0;
  if (get().sightComputing !== busy) set({ sightComputing: busy });
}

function unitKey(id: string): string | null {
  const u = get().view?.state.units.find((x) => x.id === id);
  if (!u || u.removed) return null;
  const stands = u.stands.map((s) => [s.f, s.l, s.width, s.depth, s.status]);
  return JSON.stringify([generation, u.id, u.x, u.y, u.facing, u.formation, stands]);
}

/**
 * Ask the worker for the selected unit's viewshed when the overlay is on and the unit, its pose or
 * its stands changed since the last one (after every accepted order that moves it).
 */
function refreshViewshed(): void {
  const s = get();
  const on = s.sightModes.viewshed || s.sightModes.dead;
  const id = s.selected;
  const key = id ? unitKey(id) : null;
  if (!on || !id || !key || !engine || s.replaying) {
    if (s.viewshed && (s.viewshed.unitId !== id || s.replaying)) set({ viewshed: null });
    if (s.replaying) viewshedKey = '';
    return;
  }
  if (key === viewshedKey) return;
  viewshedKey = key;
  // A viewshed of another unit must not stay on screen while this one is worked out.
  if (s.viewshed && s.viewshed.unitId !== id) set({ viewshed: null });
  const ticket = ++sightRequest;
  sightBusy(1);
  api()
    .viewshedOf(id)
    .then((data) => {
      if (ticket === sightRequest) set({ viewshed: data });
    })
    .catch((e: unknown) => {
      if (ticket !== sightRequest) return;
      viewshedKey = '';
      say('error', `Could not work out what ${unitName(id)} sees: ${errorText(e)}`);
    })
    .finally(() => sightBusy(-1));
}

// Selection, new positions and the overlay switches all decide whether a new viewshed is needed.
useApp.subscribe((s, prev) => {
  if (s.selected !== prev.selected || s.view !== prev.view || s.sightModes !== prev.sightModes) refreshViewshed();
});

export function toggleSight(mode: keyof SightModes): void {
  const s = get();
  const on = !s.sightModes[mode];
  set({ sightModes: { ...s.sightModes, [mode]: on } });
  if (mode === 'tool' && !on) set({ sightStart: null, sightHover: null, sightLine: null });
  if ((mode === 'viewshed' || mode === 'dead') && on && !s.selected) say('info', 'Select a unit to see what it can see.');
  if (mode === 'tool' && on) say('info', 'Line of sight: click a unit or a point on the table, then a second one.');
}

/** Where a sight-line end is on the table: a point, or a unit's front centre. */
function endPoint(end: SightEnd): Vec2 | null {
  if (!('unit' in end)) return { x: end.x, y: end.y };
  const u = get().view?.state.units.find((x) => x.id === end.unit);
  return u ? frontCentre(unitFootprint(u)) : null;
}

/** A click with the line-of-sight tool: the first end, or the second (then the line is worked out). */
export function sightClick(end: SightEnd): void {
  const s = get();
  if (s.replaying) {
    say('info', 'The sight tools work on the game in progress: leave the replay to use them.');
    return;
  }
  const at = endPoint(end);
  if (!at) return;
  if (!s.sightStart) {
    set({ sightStart: { end, at }, sightHover: null, sightLine: null });
    return;
  }
  const from = s.sightStart.end;
  set({ sightStart: null, sightHover: null });
  const gen = generation;
  sightBusy(1);
  api()
    .sightLine(from, end)
    .then((line) => {
      if (gen === generation) set({ sightLine: line });
    })
    .catch((e: unknown) => say('error', `Line of sight: ${errorText(e)}`))
    .finally(() => sightBusy(-1));
}

export function setSightHover(p: Vec2 | null): void {
  if (get().sightStart) set({ sightHover: p });
}

/** Drop the sight line on show or half drawn. */
export function clearSightLine(): void {
  set({ sightStart: null, sightHover: null, sightLine: null });
}

export function setLengthUnit(lengthUnit: LengthUnit | null): void {
  set({ lengthUnit });
}

export function setShadows(shadows: boolean): void {
  set({ shadows });
}

export function setNotesOpen(open: boolean): void {
  set({ notesOpen: open });
}

/** For the test hook and the console. */
export function latestView(): GameView | null {
  return get().view;
}

// ---------------------------------------------------------------------------------------------
// The ruleset's side panel and table shapes, and previews of the order being given

/**
 * The side whose panel and shapes the page shows: against a computer, the player's own side; in hot
 * seat, the side to act (so neither sees the other's hand on its turn).
 */
export function viewerSide(s: Pick<AppState, 'view' | 'opponent' | 'demo'> = get()): string | null {
  const state = s.view?.state;
  if (!state) return null;
  if (s.demo) return state.active ?? state.sides[0]?.id ?? null;
  if (s.opponent !== 'human') return state.sides.find((x) => x.id !== computerSide(s.view))?.id ?? null;
  return state.active ?? state.sides[0]?.id ?? null;
}

/**
 * The table edge the view opens from: against the computer, the player's own army's (Horse &
 * Musket's table-side roll can give it the far one). Hot seat shares one screen and a
 * demonstration has no player, so both keep the near edge.
 */
export function viewerEdge(s: Pick<AppState, 'view' | 'opponent' | 'demo'> = get()): 'near' | 'far' {
  if (s.demo || s.opponent === 'human' || !s.view) return 'near';
  const side = viewerSide(s);
  return side ? homeEdge(s.view.state.sides, side) : 'near';
}

let displayRequest = 0;

/** Ask the worker for the side panel and the shapes after every new position or selection. */
function refreshDisplay(): void {
  const s = get();
  const side = viewerSide(s);
  if (!engine || !s.view || !side || s.replaying) {
    if (s.sideInfo.length || s.ruleOverlays.length) set({ sideInfo: [], ruleOverlays: [], sideInfoSide: null });
    return;
  }
  const ticket = ++displayRequest;
  const selected = s.selected ?? undefined;
  Promise.all([api().sideInfo(viewerPlayer(s, side)), api().overlays(side, selected)])
    .then(([sideInfo, ruleOverlays]) => {
      if (ticket === displayRequest) set({ sideInfo, ruleOverlays, sideInfoSide: side });
    })
    .catch(() => {
      // The panel and shapes are a help; a failure leaves the last ones until the next position.
    });
}

useApp.subscribe((s, prev) => {
  if (s.view !== prev.view || s.selected !== prev.selected || s.opponent !== prev.opponent || s.replaying !== prev.replaying || s.demo !== prev.demo) refreshDisplay();
});

/** Back from a replay to the live position: its orders, the side panel, and the computer's turn. */
export async function liveAgain(): Promise<void> {
  await refreshLegal();
  refreshDisplay();
  refreshViewshed();
  scheduleOpponent();
}

/** At most this often (ms) is a preview asked for while the pointer moves. */
const PREVIEW_INTERVAL_MS = 100;
let previewTicket = 0;
let previewLast = 0;
let previewTimer: ReturnType<typeof setTimeout> | null = null;

/** The pending order filled in with the value now under the pointer or on the slider, if it is the last one asked. */
function previewCandidate(s: AppState): Action | null {
  const p = s.pending;
  const param = currentParam(s);
  if (!p || !param || p.step !== p.legal.params.length - 1) return null;
  let value: unknown;
  if (param.kind === 'point' && s.hoverPoint) value = { x: s.hoverPoint.x, y: s.hoverPoint.y };
  else if (param.kind === 'angle') value = s.angleValue;
  else return null;
  return { ...p.legal.action, ...p.values, [param.name]: value };
}

function requestPreview(): void {
  previewTimer = null;
  const action = previewCandidate(get());
  const ticket = ++previewTicket;
  if (!action || !engine) {
    if (get().preview) set({ preview: null });
    return;
  }
  previewLast = Date.now();
  api()
    .previewAction(action)
    .then((preview) => {
      if (ticket === previewTicket) set({ preview });
    })
    .catch(() => {
      if (ticket === previewTicket) set({ preview: null });
    });
}

/** Throttled: a preview at once if the last was long enough ago, else one when the interval is up. */
function schedulePreview(): void {
  if (!previewCandidate(get())) {
    if (previewTimer) clearTimeout(previewTimer);
    previewTimer = null;
    previewTicket++;
    if (get().preview) set({ preview: null });
    return;
  }
  if (previewTimer) return;
  const wait = Math.max(0, PREVIEW_INTERVAL_MS - (Date.now() - previewLast));
  previewTimer = setTimeout(requestPreview, wait);
}

useApp.subscribe((s, prev) => {
  if (s.pending !== prev.pending || s.hoverPoint !== prev.hoverPoint || s.angleValue !== prev.angleValue || s.view !== prev.view) schedulePreview();
});
