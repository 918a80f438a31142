/**
 * Optional hidden movement (digest C §9; seed src 5356–5391, "OPTIONAL HIDDEN MOVEMENT RULES"),
 * on top of the visibility rules of C §8 (visibility.ts).
 *
 * A unit no enemy unit, battery or General can see (C §8 with the concealment caps) is shown to the
 * enemy as a numbered counter instead of its models. Each such unit has two counters: the real one,
 * which sits on the unit's Colour Stand and follows it, and a decoy "only there to confuse and alarm
 * the enemy". The engine keeps the true state; `knownTo(state, bf, side)` gives the state as one side
 * may know it, which is what that side's page shows and what its computer player reasons on.
 *
 * - At the start (C §9.2): after deployment each unit no enemy can see becomes a real counter plus a
 *   decoy. [ENGINE DEFAULT] The decoy goes in the owner's deployment area (`deploymentArea`), out of
 *   enemy sight, at a point drawn on the game's generator.
 * - During the battle (C §9.3): after every action, a unit that no enemy can see any more becomes
 *   two counters on its Colour Stand. Real counters follow their units.
 * - Revealing (C §9.4): a real counter goes (the unit is shown) as soon as any enemy sees the unit.
 *   [ENGINE DEFAULT] A decoy is removed when an enemy unit with terrain sight of it (no concealment
 *   caps: C §8.5–8.7, interior and weather limits) is within 3" of it, measured from the observer's
 *   sample points (C §8.3) to the counter's centre.
 * - Decoys (C §9.2 [ENGINE DEFAULT]): each time the owner Issues Orders, each decoy may move up to
 *   12" in the action step, in a straight line, over any ground, but not off the table and not to a
 *   place an enemy would see a unit there: a decoy goes only where a real unit could be hidden.
 * - Attack range and automatic halts ignore unrevealed counters (C §9.4, C42): `visibleEnemies`.
 * - Cards (C §9.5): the enemy's cards of hidden units show whose they are but not where the unit
 *   is: in `knownTo` their unit is masked.
 *
 * Counter numbers are drawn at random from the numbers not in use (1-99, more if needed), so a
 * pair's numbers say nothing of which is real. Numbers are shared by both sides, so a counter's id
 * `counter-N` names one counter.
 *
 * Not modelled: extra decoys bought at 2 points (C §9.5), the cards that act on counters (Lost in
 * Woods, Rumours of Reinforcements, Scouts Report), and declaring an Attack or fire on a counter
 * (C §9.4, the ruleset's orders decide that).
 */

import type { DiceRoller } from '../../core/dice';
import type { Vec2 } from '../../core/geometry';
import type { Action, GameEvent, SideId, Unit } from '../../core/model';
import { inch } from '../../core/measure';
import { RuleError, type LegalAction, type RuleContext } from '../../core/ruleset';
import type { Battlefield } from '../../terrain/battlefield';
import { blankState } from './setup';
import type { Card, HmState, HmUnit, HmUnitState, Nation } from './types';
import { canSee, observerSamples, type SightContext, type SightTarget } from './visibility';
import { dhypot } from '../../core/detmath';
import { nearSideId } from './world';

/** One hidden-movement counter (C §9.1). */
export interface HiddenCounter {
  /** `counter-N`: also the id of the marker unit that stands for it in `knownTo`. */
  id: string;
  side: SideId;
  number: number;
  /** Centre, table mm: a real counter's is its unit's Colour Stand. */
  x: number;
  y: number;
  /** The unit it stands for, or null for a decoy. */
  real: string | null;
  /** Set when the counter was revealed (it is then removed; kept for a state that records it). */
  revealed?: boolean;
  /** The turn number in which a decoy last moved (one move each time the owner Issues Orders). */
  movedTurn?: number;
}

export interface HiddenState {
  counters: HiddenCounter[];
}

/** A decoy moves up to this far each time its side Issues Orders (C §9.2 [ENGINE DEFAULT]). */
export const DECOY_MOVE = inch(12);
/** A decoy is removed when an enemy with terrain sight of it comes within this (C §9.4, C24). */
export const DECOY_SPOT = inch(3);
/** Side of the square counter, mm. */
export const COUNTER_SIZE = inch(1);
/** Deployment areas end this far short of the centre line (B §6.3: the attacker deploys beyond 12"). */
const DEPLOY_LIMIT = inch(12);
/** How many points are drawn for a decoy's place at the start before it goes on its unit. */
const DECOY_TRIES = 40;
/** Tolerance on the 12" move, mm (a point picked on the page at the edge of the reach). */
const REACH_SLACK = 0.5;

/** The option is on. */
export function hiddenMovementOn(state: HmState): boolean {
  return state.options.hiddenMovement === true;
}

const countersOf = (state: HmState): HiddenCounter[] => state.rules.hidden?.counters ?? [];

/** Units that may be seen or hide: on the table (not gone, not aboard anything). */
function onTable(state: HmState): HmUnit[] {
  return state.units.filter((u) => !u.removed && !u.carriedBy);
}

function sight(state: HmState, enemy: boolean): SightContext {
  return { mode: state.options.sight === 'levels' ? 'levels' : 'computed', weather: state.rules.weather, enemy, turn: state.rules.turnNumber };
}

const gap = (a: Vec2, b: Vec2): number => dhypot(a.x - b.x, a.y - b.y);

/**
 * Sight verdicts remembered per battlefield: after an action most units have not moved, so most of
 * the "can any enemy see it" questions asked after every action were answered after the last one.
 * The key holds everything canSee reads (poses, stands, troop types, whether the target fired, the
 * weather and the mode), so a remembered answer is the answer; it changes no result, only the time.
 */
const sightMemo = new WeakMap<Battlefield, Map<string, boolean>>();
const MEMO_LIMIT = 50_000;

function poseKey(u: HmUnit): string {
  let k = `${u.x},${u.y},${u.facing},${u.rs.troop}`;
  for (const st of u.stands) k += `;${st.f},${st.l},${st.width},${st.depth},${st.status}`;
  return k;
}

function seen(bf: Battlefield, observer: HmUnit, target: SightTarget, ctx: SightContext): boolean {
  let memo = sightMemo.get(bf);
  if (!memo) sightMemo.set(bf, (memo = new Map()));
  const t = 'point' in target ? `p${target.point.x},${target.point.y}` : 'stands' in target ? poseKey(target as HmUnit) : '';
  const fired = ctx.targetFired ?? ('stands' in target && ctx.turn !== undefined ? (target as HmUnit).rs.firedUntilTurn >= ctx.turn : false);
  const key = `${poseKey(observer)}|${t}|${ctx.mode}|${ctx.weather}|${ctx.enemy}|${ctx.targetTroop ?? ''}|${fired}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const v = canSee(bf, observer, target, ctx).visible;
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, v);
  return v;
}

/** The enemy observers of `side`'s units, nearest to `at` first (every unit, battery and General, C §8.2). */
function observersOf(state: HmState, side: SideId, at: Vec2): HmUnit[] {
  return onTable(state)
    .filter((u) => u.side !== side)
    .sort((a, b) => gap(a, at) - gap(b, at));
}

/** The first enemy of `side` that sees the target (C §8 with concealment), or undefined. */
function enemySeeing(state: HmState, bf: Battlefield, side: SideId, target: SightTarget, at: Vec2): HmUnit | undefined {
  const ctx = sight(state, true);
  for (const o of observersOf(state, side, at)) if (seen(bf, o, target, ctx)) return o;
  return undefined;
}

/** Would an enemy of `side` see a (non-skirmisher) unit standing at `p`? The test for where a decoy may go. */
function pointSeen(state: HmState, bf: Battlefield, side: SideId, p: Vec2): HmUnit | undefined {
  const ctx: SightContext = { ...sight(state, true), targetTroop: 'infantry', targetFired: false };
  for (const o of observersOf(state, side, p)) if (seen(bf, o, { point: p }, ctx)) return o;
  return undefined;
}

/** An enemy of the decoy's side with terrain sight of it within 3" (C §9.4 [ENGINE DEFAULT]). */
function decoySpotter(state: HmState, bf: Battlefield, c: HiddenCounter): HmUnit | undefined {
  const ctx = sight(state, false);
  const p = { x: c.x, y: c.y };
  for (const o of observersOf(state, c.side, p)) {
    const near = observerSamples(o).points.some((q) => gap(q, p) <= DECOY_SPOT + 1e-6);
    if (!near) continue;
    if (seen(bf, o, { point: p }, ctx)) return o;
  }
  return undefined;
}

/** The unit is hidden from `side`: an enemy's unit that has a real counter (C §9.1). */
export function isHiddenFrom(state: HmState, unitId: string, side: SideId): boolean {
  return countersOf(state).some((c) => c.real === unitId && c.side !== side && !c.revealed);
}

/** Enemy units `side` may know of: on the table and not hidden (for Attack range and automatic halts, C §9.4). */
export function visibleEnemies(state: HmState, side: SideId): HmUnit[] {
  const hidden = new Set(countersOf(state).filter((c) => c.real && c.side !== side && !c.revealed).map((c) => c.real!));
  return state.units.filter((u) => u.side !== side && !u.removed && !u.carriedBy && !hidden.has(u.id));
}

/** The units on the table as `side` knows them: its own, and the enemies not hidden from it (C §9.4). */
export function unitsKnownTo(state: HmState, side: SideId): HmUnit[] {
  return [...state.units.filter((u) => u.side === side && !u.removed && !u.carriedBy), ...visibleEnemies(state, side)];
}

/**
 * The owner's deployment area [ENGINE DEFAULT]: the whole width, 1" in from the edges, from the
 * side's own table edge to 12" short of the centre line (B §6.3). The side's own edge is the one
 * nearer the middle of its units.
 */
export function deploymentArea(state: HmState, bf: Battlefield, side: SideId): { minX: number; maxX: number; minY: number; maxY: number } {
  const own = state.units.filter((u) => u.side === side && !u.removed);
  const meanY = own.length ? own.reduce((s, u) => s + u.y, 0) / own.length : nearSideId(state) === side ? 0 : bf.depth;
  const centre = bf.depth / 2;
  const margin = inch(1);
  return meanY <= centre
    ? { minX: margin, maxX: bf.width - margin, minY: margin, maxY: Math.max(margin, centre - DEPLOY_LIMIT) }
    : { minX: margin, maxX: bf.width - margin, minY: Math.min(bf.depth - margin, centre + DEPLOY_LIMIT), maxY: bf.depth - margin };
}

/** A counter number not in use, drawn on the generator. */
function drawNumber(state: HmState, dice: DiceRoller): number {
  const used = new Set(countersOf(state).map((c) => c.number));
  const top = Math.max(99, used.size * 2 + 10);
  const free: number[] = [];
  for (let n = 1; n <= top; n++) if (!used.has(n)) free.push(n);
  return free[dice.pickIndex(free.length)]!;
}

/** Put a unit under two counters: the real one on its Colour Stand and a decoy at `decoyAt`. */
function hide(state: HmState, u: HmUnit, decoyAt: Vec2, dice: DiceRoller): [HiddenCounter, HiddenCounter] {
  const hidden = (state.rules.hidden ??= { counters: [] });
  const a = drawNumber(state, dice);
  const realCounter: HiddenCounter = { id: `counter-${a}`, side: u.side, number: a, x: u.x, y: u.y, real: u.id };
  hidden.counters.push(realCounter);
  const b = drawNumber(state, dice);
  const decoy: HiddenCounter = { id: `counter-${b}`, side: u.side, number: b, x: decoyAt.x, y: decoyAt.y, real: null };
  hidden.counters.push(decoy);
  hidden.counters.sort((p, q) => p.number - q.number);
  return [realCounter, decoy];
}

/**
 * After deployment (C §9.2): every unit no enemy can see becomes a real counter on its Colour Stand
 * and a decoy in its side's deployment area out of enemy sight (on the unit if no such place is
 * found in a few draws). Does nothing unless the `hiddenMovement` option is on.
 */
export function initHidden(state: HmState, bf: Battlefield, dice: DiceRoller, emit?: (e: GameEvent) => void): void {
  if (!hiddenMovementOn(state)) return;
  state.rules.hidden = { counters: [] };
  for (const side of state.sides) {
    let count = 0;
    for (const u of onTable(state)) {
      if (u.side !== side.id) continue;
      if (enemySeeing(state, bf, u.side, u, u)) continue;
      hide(state, u, freeDecoySpot(state, bf, u.side, dice) ?? { x: u.x, y: u.y }, dice);
      count++;
    }
    if (count > 0) emit?.({ type: 'hidden', side: side.id, text: `${side.name}: ${count} unit${count === 1 ? '' : 's'} out of the enemy's sight deploy hidden, as ${count * 2} numbered counters` });
    // Extra decoys bought with the army (C §9.5) go down too, anywhere in the deployment area out of
    // enemy sight, or, where no such place is found, on one of the side's hidden units as its own decoys may.
    const extra = state.rules.sides[side.id]?.extraDecoys ?? 0;
    let placed = 0;
    for (let k = 0; k < extra; k++) {
      const cover = countersOf(state).filter((c) => c.side === side.id && c.real);
      const onUnit = (): Vec2 | null => {
        if (cover.length === 0) return null;
        const c = cover[dice.pickIndex(cover.length)]!;
        return { x: c.x, y: c.y };
      };
      const at = freeDecoySpot(state, bf, side.id, dice) ?? onUnit();
      if (!at) continue;
      const hidden = (state.rules.hidden ??= { counters: [] });
      const n = drawNumber(state, dice);
      hidden.counters.push({ id: `counter-${n}`, side: side.id, number: n, x: at.x, y: at.y, real: null });
      hidden.counters.sort((p, q) => p.number - q.number);
      placed++;
    }
    if (extra > 0) {
      emit?.({ type: 'hidden', side: side.id, text: `${side.name} put down ${placed} extra decoy counter${placed === 1 ? '' : 's'}${placed < extra ? ` (no hidden place for ${extra - placed}: they are lost)` : ''} (C §9.5)` });
    }
  }
}

/** A point of the side's deployment area no enemy sees, drawn at random, or null after a few draws. */
function freeDecoySpot(state: HmState, bf: Battlefield, side: SideId, dice: DiceRoller): Vec2 | null {
  const area = deploymentArea(state, bf, side);
  for (let k = 0; k < DECOY_TRIES; k++) {
    const p = { x: area.minX + dice.pickIndex(1000) * ((area.maxX - area.minX) / 999), y: area.minY + dice.pickIndex(1000) * ((area.maxY - area.minY) / 999) };
    if (!pointSeen(state, bf, side, p)) return p;
  }
  return null;
}

/**
 * After every action (C §9.3–9.4): real counters follow their units (and go with them when they
 * leave the table); a real counter is revealed when any enemy sees its unit; a decoy is removed
 * when an enemy with terrain sight of it comes within 3"; and a unit no enemy can see any more
 * becomes two counters on its Colour Stand.
 */
export function updateHidden(state: HmState, bf: Battlefield, ctx: RuleContext): void {
  const hidden = state.rules.hidden;
  if (!hidden) return;
  const name = (side: SideId): string => state.sides.find((s) => s.id === side)?.name ?? side;
  const keep: HiddenCounter[] = [];
  for (const c of hidden.counters) {
    if (c.real) {
      const u = state.units.find((x) => x.id === c.real);
      if (!u || u.removed || u.carriedBy) continue;
      c.x = u.x;
      c.y = u.y;
      const by = enemySeeing(state, bf, c.side, u, u);
      if (by) {
        ctx.emit({ type: 'counter-revealed', side: c.side, unit: u.id, text: `Counter ${c.number} is revealed by ${by.name}: it is ${u.name}`, data: { counter: c.id, by: by.id } });
        continue;
      }
    } else {
      const by = decoySpotter(state, bf, c);
      if (by) {
        ctx.emit({ type: 'decoy-removed', side: c.side, text: `Counter ${c.number} was a decoy of the ${name(c.side)}: removed as ${by.name} comes within 3"`, data: { counter: c.id, by: by.id } });
        continue;
      }
    }
    keep.push(c);
  }
  hidden.counters = keep;
  const covered = new Set(keep.filter((c) => c.real).map((c) => c.real!));
  for (const u of onTable(state)) {
    if (covered.has(u.id)) continue;
    if (enemySeeing(state, bf, u.side, u, u)) continue;
    const [r, d] = hide(state, u, { x: u.x, y: u.y }, ctx.dice);
    const [lo, hi] = r.number < d.number ? [r.number, d.number] : [d.number, r.number];
    ctx.emit({ type: 'counter-hidden', side: u.side, unit: u.id, text: `${u.name} passes out of the enemy's sight: counters ${lo} and ${hi} take its place`, data: { counters: [r.id, d.id] } });
  }
}

/** Each decoy of `side` that may still move this turn: up to 12" (C §9.2 [ENGINE DEFAULT]), in the action step. */
export function decoyActions(state: HmState, _bf: Battlefield, side: SideId): LegalAction[] {
  const rules = state.rules;
  if (!rules.hidden || rules.step !== 'action' || !rules.issuedOrders || rules.turnSide !== side) return [];
  return countersOf(state)
    .filter((c) => c.side === side && c.real === null && c.movedTurn !== rules.turnNumber)
    .map((c) => ({
      action: { type: 'move-decoy', side, counter: c.id },
      label: `Move decoy ${c.number}`,
      group: 'move',
      params: [{ name: 'to', kind: 'point' as const, label: 'Move the decoy (up to 12", not into enemy sight)', origin: { x: c.x, y: c.y }, maxReach: DECOY_MOVE }],
      unit: c.id,
    }));
}

/** Move a decoy (action `move-decoy` {counter, to}); throws RuleError with the reason when it may not. */
export function applyDecoyMove(state: HmState, bf: Battlefield, action: Action, ctx: RuleContext): void {
  const rules = state.rules;
  if (!rules.hidden) throw new RuleError('hidden movement is not in use in this battle');
  const c = rules.hidden.counters.find((x) => x.id === action.counter);
  if (!c) throw new RuleError(`there is no counter "${String(action.counter)}"`);
  if (c.side !== action.side) throw new RuleError(`counter ${c.number} is not yours`);
  if (c.real !== null) throw new RuleError(`counter ${c.number} is a real unit's: it moves with its unit's orders`);
  if (rules.step !== 'action' || !rules.issuedOrders) throw new RuleError('decoys move in the action step, after issuing orders');
  if (c.movedTurn === rules.turnNumber) throw new RuleError(`decoy ${c.number} has already moved this turn`);
  const to = action.to as Vec2 | undefined;
  if (!to || typeof to.x !== 'number' || typeof to.y !== 'number' || !Number.isFinite(to.x) || !Number.isFinite(to.y)) throw new RuleError('a decoy move needs a point to move to');
  const d = gap(c, to);
  if (d > DECOY_MOVE + REACH_SLACK) throw new RuleError(`a decoy moves at most 12"; that point is ${(d / 25.4).toFixed(1)}" away`);
  if (to.x < 0 || to.y < 0 || to.x > bf.width || to.y > bf.depth) throw new RuleError('a decoy may not leave the table');
  const seer = pointSeen(state, bf, c.side, to);
  if (seer) throw new RuleError(`a decoy may not move where the enemy would see it: ${seer.name} would`);
  const from = { x: c.x, y: c.y };
  c.x = to.x;
  c.y = to.y;
  c.movedTurn = rules.turnNumber;
  ctx.emit({ type: 'counter-move', side: c.side, unit: c.id, text: `Counter ${c.number} moves ${(d / 25.4).toFixed(1)}"`, data: { from, to: { x: to.x, y: to.y } } });
}

/** The marker unit that shows a counter on a page: one small square stand, named by its number. */
function markerUnit(state: HmState, c: HiddenCounter): HmUnit {
  const nation = (state.sides.find((s) => s.id === c.side)?.nation ?? 'prussia') as Nation;
  const rs: HmUnitState = blankState('infantry', nation);
  rs.originalStands = 1;
  return {
    id: c.id,
    side: c.side,
    name: `Counter ${c.number}`,
    kind: 'marker',
    type: 'counter',
    quality: '',
    x: c.x,
    y: c.y,
    facing: Math.PI / 2,
    formation: 'counter',
    stands: [{ f: 0, l: 0, width: COUNTER_SIZE, depth: COUNTER_SIZE, figures: 0, status: 'ok' }],
    removed: false,
    rs,
  };
}

/**
 * The state as `side` may know it (C §9.1, §9.5): the enemy's hidden units are taken off the table
 * and every enemy counter, real or decoy, stands there as a marker unit (kind 'marker'); the side's
 * own decoys are shown to it as markers too (it moves them); the enemy's counters' secrets are left
 * out; and the enemy's cards of hidden units no longer say which unit they belong to. Without hidden
 * movement in play the state itself is returned. The state given is never changed.
 */
export function knownTo(state: HmState, _bf: Battlefield, side: SideId): HmState {
  const hidden = state.rules.hidden;
  if (!hidden) return state;
  const secret = new Set(hidden.counters.filter((c) => c.real && c.side !== side && !c.revealed).map((c) => c.real!));
  const markers = hidden.counters.filter((c) => !c.revealed && (c.side !== side || c.real === null)).map((c) => markerUnit(state, c));
  const units = [...state.units.filter((u) => !secret.has(u.id)), ...markers];
  const cards: Record<string, Card> = {};
  for (const [id, card] of Object.entries(state.rules.cards)) {
    if (card.unit && secret.has(card.unit)) {
      const masked: Card = { ...card };
      delete masked.unit;
      cards[id] = masked;
    } else {
      cards[id] = card;
    }
  }
  const own = hidden.counters.filter((c) => c.side === side);
  return { ...state, units, rules: { ...state.rules, cards, hidden: { counters: own } } } as HmState;
}

/** Tooltip lines for a marker unit (it says nothing of what it hides). */
export function describeCounter(u: Pick<Unit, 'name'>): { label: string; value: string }[] {
  return [{ label: 'Counter', value: `${u.name}: a hidden unit or a decoy (hidden movement)` }];
}

/** What `side` learns of an action's events: nothing of what enemy units hidden from it did (C §9.1). */
export function knownEvents(state: HmState, events: GameEvent[], side: SideId): GameEvent[] {
  if (!state.rules.hidden) return events;
  return events.filter((e) => !(e.unit && e.side !== side && isHiddenFrom(state, e.unit, side)));
}
