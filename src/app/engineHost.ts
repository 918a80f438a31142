/**
 * The implementation behind the worker's API. It runs in the worker in the browser and directly in
 * Node for tests, so the page and the tests exercise the same code.
 */

import { playerSide } from '../core/seats';
import { readElevationFile } from '../terrain/elevation';
import type { Action, GameEvent, GameSetup, GameState, Unit } from '../core/model';
import { unitFootprint } from '../core/model';
import { frontCentre, type Vec2 } from '../core/geometry';
import type { ArmyBuilding, Ruleset, SightRules } from '../core/ruleset';
import { makePlayer, type Player } from '../ai/players';
import type { Decision, ScoredCandidate } from '../ai/utility';
import { battlefieldFromSpec, type Battlefield, type BattlefieldSpec } from '../terrain/battlefield';
import { lineOfSight } from '../terrain/sight';
import { deadGround, viewshed } from '../terrain/viewshed';
import { getRuleset, rulesetIds } from '../rules/registry';
import type { ActionPreview, BattlefieldData, EngineApi, ReplayInfo, RulesetInfo, SightEnd, SightLineData, ViewshedData } from './engineApi';
import { ACTIVE_SIDE, buildView, GameSession } from './session';
import { Timeline } from './timeline';
import { apply } from '../core/engine';
import { pathsBeforeDice, posesBeforeDice } from '../core/eventPaths';

/** Used for dead ground only when the table has no troops to take a figure's height from, mm. */
const FALLBACK_FIGURE_MM = 25;

function liveUnit(state: GameState, id: string): Unit {
  const u = state.units.find((x) => x.id === id);
  if (!u || u.removed) throw new Error(`there is no unit "${id}" on the table`);
  return u;
}

/**
 * The height of "a standing figure" for dead ground: the commonest figure height among the foot
 * on the table (the rulebook gives each unit's; none names one for the ground itself).
 */
function standingFigureHeight(ruleset: Ruleset, state: GameState): number {
  const live = state.units.filter((u) => !u.removed);
  const foot = live.filter((u) => u.kind === 'infantry');
  const counts = new Map<number, number>();
  for (const u of foot.length ? foot : live) {
    const h = ruleset.figureHeight(u);
    counts.set(h, (counts.get(h) ?? 0) + 1);
  }
  let best = FALLBACK_FIGURE_MM;
  let most = 0;
  for (const [h, n] of counts) {
    if (n > most || (n === most && h < best)) {
      best = h;
      most = n;
    }
  }
  return best;
}

function sightRules(ruleset: Ruleset, state: GameState): SightRules {
  return ruleset.sightOptions?.(state) ?? { obscuringLimit: 0 };
}

/** A point moved onto the heightmap's grid, which the viewshed needs its observer on. */
function ontoGrid(bf: Battlefield, p: Vec2): Vec2 {
  const hm = bf.heightmap;
  return {
    x: Math.min(Math.max(p.x, hm.originX), hm.originX + (hm.cols - 1) * hm.cellSize),
    y: Math.min(Math.max(p.y, hm.originY), hm.originY + (hm.rows - 1) * hm.cellSize),
  };
}

function isUnitEnd(e: SightEnd): e is { unit: string } {
  return typeof (e as { unit?: unknown }).unit === 'string';
}

function armyBuilding(rulesetId: string): ArmyBuilding {
  const r = getRuleset(rulesetId);
  if (!r.armies) throw new Error(`${r.name} fields its preset armies; it has no army lists`);
  return r.armies;
}

type Transfer = <T>(data: T, transfers: Transferable[]) => T;

/** Progress reports at most this often (ms): each one is a message to the page. */
const PROGRESS_INTERVAL_MS = 40;

/** A progress callback that passes on the first report, the last, and at most one per interval between. */
function throttled(report: (done: number, total: number) => void): (done: number, total: number) => void {
  let last = -Infinity;
  return (done, total) => {
    const now = performance.now();
    if (done !== 1 && done < total && now - last < PROGRESS_INTERVAL_MS) return;
    last = now;
    void report(done, total);
  };
}

export function createEngineApi(transfer: Transfer = (d) => d): EngineApi {
  let session: GameSession | null = null;
  let replay: Timeline | null = null;
  const players = new Map<string, Player>();
  const current = (): GameSession => {
    if (!session) throw new Error('no game is in progress');
    return session;
  };
  const openTimeline = (): Timeline => {
    if (!replay) throw new Error('no replay is open');
    return replay;
  };
  /**
   * A finished game is replayed in full view; one still going shows what the viewer may know. The
   * viewer is a side of the game in progress: when that is not a side of the replayed game (a save of
   * another battle) or no side is to act, the replayed game's own side to act (else its first side)
   * views it, never the whole truth. No viewer at all is the demonstration's audience, who see all.
   */
  const replaySide = (t: Timeline, viewer?: string): string | undefined => {
    if (t.final.result || viewer === undefined) return undefined;
    const wanted = viewer === ACTIVE_SIDE ? (session?.state.active ?? undefined) : viewer;
    const sides = t.final.sides.map((x) => x.id);
    if (wanted !== undefined && sides.includes(wanted)) return wanted;
    return t.final.active ?? sides[0];
  };
  const battlefieldData = (spec: GameState['battlefield']): BattlefieldData => {
    const bf = battlefieldFromSpec(spec);
    // A copy crosses the boundary, so the worker's cached battlefield keeps its buffer.
    const heights = new Float32Array(bf.heightmap.heights);
    const data: BattlefieldData = {
      spec: bf.spec,
      width: bf.width,
      depth: bf.depth,
      heightmap: { ...bf.heightmap, heights },
      features: bf.features,
    };
    return transfer(data, [heights.buffer]);
  };

  return {
    async rulesets(): Promise<RulesetInfo[]> {
      return rulesetIds().map((id) => {
        const r = getRuleset(id);
        return {
          id: r.id,
          name: r.name,
          source: r.source,
          lengthUnit: r.lengthUnit,
          options: r.options,
          notes: r.notes,
          scenarios: r.scenarios,
          sides: r.sides,
          ...(r.seating ? { seating: r.seating } : {}),
          ...(r.armies ? { armies: { lists: r.armies.lists, listOption: r.armies.listOption, pointsOption: r.armies.pointsOption } } : {}),
        };
      });
    },
    async defaultRoster(rulesetId, list, points) {
      return armyBuilding(rulesetId).defaultRoster(list, points);
    },
    async checkArmy(rulesetId, roster, points) {
      return armyBuilding(rulesetId).checkRoster(roster, points);
    },
    async newGame(setup: GameSetup, viewer?: string) {
      session = new GameSession(setup);
      return session.view(viewer);
    },
    async loadSave(text: string, viewer?: string) {
      // Built aside first: a bad file throws here and the game in progress is untouched.
      const loaded = GameSession.fromSave(text);
      session = loaded;
      return loaded.view(viewer);
    },
    async saveText(name?: string) {
      return current().saveText(name);
    },
    async view(viewer?: string) {
      return current().view(viewer);
    },
    async legal(side?: string) {
      return current().legal(side);
    },
    async act(action: Action, entered?: number[], viewer?: string) {
      return current().act(action, entered, viewer);
    },
    async undo(viewer?: string) {
      return current().undo(viewer);
    },
    async playComputer(side: string, playerId: string, viewer?: string, progress?: (done: number, total: number) => void) {
      const s = current();
      const key = `${playerId}/${s.setup.seed}`;
      let player = players.get(key);
      if (!player) {
        player = makePlayer(playerId, s.setup.seed);
        players.set(key, player);
      }
      const legal = s.legal(side);
      const { action, decision, outcome } = player.choose(s.ruleset, s.state, legal, side, progress && throttled(progress));
      if (!action) return null;
      const label = legal.find((l) => l.action.type === action.type && (l.unit === undefined || l.unit === action.unit))?.label ?? action.type;
      // The page may show the computer's reasons only for units the viewer may know of (hidden movement).
      const before = s.state;
      const result = s.act(action, undefined, viewer, outcome);
      const thinking = decision ? reasonsKnownTo(s, before, decision, viewer) : null;
      return { action, label, result, ...(thinking ? { thinking } : {}) };
    },
    async history(viewer?: string) {
      const s = current();
      const side = s.viewerSide(viewer);
      // Hidden units' doings are left out by what the viewer may know now (the ruleset's knownEvents).
      const known = side !== undefined && s.ruleset.knownEvents ? (events: GameEvent[]) => s.ruleset.knownEvents!(s.state, events, side) : (events: GameEvent[]) => events;
      return s.events.map((e, i) => ({ turn: s.stateAt(i + 1).turn, events: known([...e]) }));
    },
    async battlefield(spec?: BattlefieldSpec): Promise<BattlefieldData> {
      return battlefieldData(spec ?? current().state.battlefield);
    },
    async lineOfSight(from, to, eyeHeight, targetHeight) {
      const bf = battlefieldFromSpec(current().state.battlefield);
      return lineOfSight(bf, from, to, { eyeHeight, targetHeight, profile: true });
    },
    async viewshedOf(unitId, opts = {}) {
      const s = current();
      const state = s.state;
      const unit = liveUnit(state, unitId);
      const t0 = performance.now();
      const bf = battlefieldFromSpec(state.battlefield);
      const rules = sightRules(s.ruleset, state);
      const eye = ontoGrid(bf, frontCentre(unitFootprint(unit)));
      const eyeHeight = s.ruleset.figureHeight(unit);
      const targetHeight = opts.targetHeight ?? 0;
      const figureHeight = opts.figureHeight ?? standingFigureHeight(s.ruleset, state);
      const vs = viewshed(bf, eye, {
        eyeHeight,
        targetHeight,
        obscuringLimit: rules.obscuringLimit,
        ...(rules.maxRange !== undefined ? { maxDistance: rules.maxRange } : {}),
      });
      const dead = deadGround(vs.minHeight, figureHeight);
      const hm = bf.heightmap;
      const data: ViewshedData = {
        unitId,
        pose: { x: unit.x, y: unit.y, facing: unit.facing },
        eye,
        cols: vs.cols,
        rows: vs.rows,
        cellSize: hm.cellSize,
        originX: hm.originX,
        originY: hm.originY,
        visible: vs.visible,
        minHeight: vs.minHeight,
        dead,
        eyeHeight,
        targetHeight,
        figureHeight,
        obscuringLimit: rules.obscuringLimit,
        ...(rules.maxRange !== undefined ? { maxRange: rules.maxRange } : {}),
        ms: performance.now() - t0,
      };
      // Fresh arrays each call, so they can be handed over rather than copied.
      return transfer(data, [vs.visible.buffer, vs.minHeight.buffer, dead.buffer]);
    },
    async sightLine(fromEnd, toEnd, eyeHeight, targetHeight) {
      const s = current();
      const state = s.state;
      const bf = battlefieldFromSpec(state.battlefield);
      const rules = sightRules(s.ruleset, state);
      const standing = standingFigureHeight(s.ruleset, state);
      // A unit looks out from the centre of its front and is looked at in its middle.
      const resolve = (e: SightEnd, eyeEnd: boolean): { p: Vec2; h: number; unit?: string } => {
        if (!isUnitEnd(e)) return { p: { x: e.x, y: e.y }, h: standing };
        const u = liveUnit(state, e.unit);
        const r = unitFootprint(u);
        return { p: eyeEnd ? frontCentre(r) : { x: r.cx, y: r.cy }, h: s.ruleset.figureHeight(u), unit: u.id };
      };
      const a = resolve(fromEnd, true);
      const b = resolve(toEnd, false);
      for (const { p } of [a, b]) {
        if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) throw new Error('a sight line needs two points on the table');
      }
      const eye = eyeHeight ?? a.h;
      const target = targetHeight ?? b.h;
      const r = lineOfSight(bf, a.p, b.p, {
        eyeHeight: eye,
        targetHeight: target,
        obscuringLimit: rules.obscuringLimit,
        ...(rules.maxRange !== undefined ? { maxRange: rules.maxRange } : {}),
        profile: true,
      });
      const out: SightLineData = {
        from: a.p,
        to: b.p,
        ...(a.unit ? { fromUnit: a.unit } : {}),
        ...(b.unit ? { toUnit: b.unit } : {}),
        eyeHeight: eye,
        targetHeight: target,
        length: Math.hypot(b.p.x - a.p.x, b.p.y - a.p.y),
        visible: r.visible,
        obscured: r.obscured,
        obscuringLimit: rules.obscuringLimit,
        ...(rules.maxRange !== undefined ? { maxRange: rules.maxRange } : {}),
        profile: r.profile ?? [],
      };
      if (r.blockedBy) {
        const { kind, featureId, at } = r.blockedBy;
        const name = featureId ? bf.features.find((f) => f.id === featureId)?.name : undefined;
        out.blockedBy = {
          kind,
          ...(featureId ? { featureId } : {}),
          ...(name ? { featureName: name } : {}),
          at,
          distance: Math.hypot(at.x - a.p.x, at.y - a.p.y),
        };
      }
      return out;
    },
    async sideInfo(player) {
      const s = current();
      if (!s.ruleset.sideInfo) return [];
      // Only what the side may know (hidden movement masks the enemy's hidden units); with seats the
      // panel is one player's (his own hand), so the ruleset is asked for the seat.
      const side = playerSide(s.state, player);
      const known = s.ruleset.knownTo ? s.ruleset.knownTo(s.state, battlefieldFromSpec(s.state.battlefield), side) : s.state;
      return s.ruleset.sideInfo(known, player);
    },
    async overlays(side, unitId) {
      const s = current();
      if (!s.ruleset.overlays) return [];
      const known = s.ruleset.knownTo ? s.ruleset.knownTo(s.state, battlefieldFromSpec(s.state.battlefield), side) : s.state;
      // The ground as the side knows it (secret terrain subtypes stay unknown).
      return s.ruleset.overlays(known, battlefieldFromSpec(known.battlefield), side, unitId);
    },
    async previewAction(action): Promise<ActionPreview | null> {
      const s = current();
      const before = s.state;
      const r = apply(s.ruleset, before, action);
      if (!r.ok) return 'error' in r ? { ok: false, error: r.error } : null;
      const rolled = r.events.some((e) => (e.dice?.length ?? 0) > 0) || JSON.stringify(r.state.dice) !== JSON.stringify(before.dice);
      // Ways taken before any die is thrown are certain: those may be shown, and nothing else.
      const paths = pathsBeforeDice(r.events);
      if (rolled) {
        // The poses are those events state before any die; the stands are shown as they were, so
        // no disorder the dice bring is given away.
        const units = posesBeforeDice(r.events).flatMap((p) => {
          const u = before.units.find((x) => x.id === p.unit);
          return u ? [{ id: u.id, x: p.x, y: p.y, facing: p.facing, stands: u.stands }] : [];
        });
        return paths.length || units.length ? { ok: true, units, text: '', ...(paths.length ? { paths } : {}), dicePending: true } : null;
      }
      const was = new Map(before.units.map((u) => [u.id, u]));
      const units = r.state.units
        .filter((u) => {
          const b = was.get(u.id);
          return !u.removed && !u.carriedBy && (!b || b.x !== u.x || b.y !== u.y || b.facing !== u.facing || JSON.stringify(b.stands) !== JSON.stringify(u.stands));
        })
        .map((u) => ({ id: u.id, x: u.x, y: u.y, facing: u.facing, stands: u.stands }));
      return { ok: true, units, text: r.events.map((e) => e.text).join('. '), ...(paths.length ? { paths } : {}) };
    },
    async openReplay(saveText?: string): Promise<ReplayInfo> {
      // Built aside first: a bad file throws here and the open replay (if any) stays as it was.
      const t = saveText === undefined ? Timeline.fromSession(current()) : Timeline.fromSave(saveText);
      replay = t;
      return {
        length: t.length,
        marks: t.marks,
        rulesetId: t.ruleset.id,
        name: t.name,
        finished: !!t.final.result,
        finalHash: t.report.hash,
        sameBattlefield: !!session && JSON.stringify(session.state.battlefield) === JSON.stringify(t.final.battlefield),
      };
    },
    async replayView(at: number, viewer?: string) {
      const t = openTimeline();
      return buildView(t.ruleset, t.stateAt(at), replaySide(t, viewer), false);
    },
    async replayHistory(viewer?: string) {
      const t = openTimeline();
      const side = replaySide(t, viewer);
      const known = t.ruleset.knownEvents;
      const shown = side !== undefined && known ? (e: readonly GameEvent[]) => known(t.final, [...e], side) : (e: readonly GameEvent[]) => [...e];
      return t.events.map((e, i) => ({ turn: t.turns[i]!, events: shown(e) }));
    },
    async replayBattlefield(viewer?: string) {
      const t = openTimeline();
      // The ground as the viewer knows it: a game still going keeps its secret terrain secret.
      const side = replaySide(t, viewer);
      const known = side !== undefined && t.ruleset.knownTo ? t.ruleset.knownTo(t.final, battlefieldFromSpec(t.final.battlefield), side) : t.final;
      return battlefieldData(known.battlefield);
    },
    async closeReplay() {
      replay = null;
    },
    async battleReport() {
      return Timeline.fromSession(current()).report;
    },
    async readElevation(name, bytes, verticalScale) {
      return readElevationFile(name, bytes, verticalScale);
    },
  };
}

/**
 * The computer's reasons as the viewer may see them: with a ruleset that hides units (`knownTo`),
 * candidates for units hidden from the viewer are left out, and nothing is shown when the chosen
 * order itself is for such a unit.
 */
export function reasonsKnownTo(session: GameSession, before: GameState, decision: Decision, viewer?: string): Decision | null {
  const side = session.viewerSide(viewer);
  if (side === undefined || side === decision.side || !session.ruleset.knownTo) return decision;
  const known = new Set(session.ruleset.knownTo(before, battlefieldFromSpec(before.battlefield), side).units.map((u) => u.id));
  const shown = (c: ScoredCandidate): boolean => c.unit === undefined || known.has(c.unit);
  if (!shown(decision.chosen)) return null;
  return { ...decision, runnersUp: decision.runnersUp.filter(shown) };
}
