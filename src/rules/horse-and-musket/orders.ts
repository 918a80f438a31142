/**
 * Orders (A §10): which cards may order which unit, the orders each unit may take now with their
 * open parameters, and carrying them out. The Attack Sequence is in attack.ts, fire in fire.ts.
 */

import { angleOf, cross, direction, dot, rectDistance, sub, wrapAngle, type Vec2 } from '../../core/geometry';
import type { Action } from '../../core/model';
import { inch, toInches } from '../../core/measure';
import { RuleError, type ActionParam, type LegalAction, type RuleContext } from '../../core/ruleset';
import type { Battlefield } from '../../terrain/battlefield';
import { ARMY_LISTS } from './armies';
import { arrivalBarred } from './arrivals';
import { unitsKnownTo } from './hidden';
import { cardLabel, discardFromHand } from './cards';
import { handOf } from './seats';
import { TROOPS } from './charts';
import { colourGap, destroyUnit, resolveAttack, retireAlong, touching } from './attack';
import { artilleryTargets, fireArtillery, GUESS_FACTOR, skirmishFire, skirmishTargets } from './fire';
import { layoutStands, relayout } from './layout';
import { checkPlan, firePlan, parsePlan, planChoices, type Joiner } from './skirmishPlan';
import { moveCap, moveTo, pointAhead, walk, zoneContext } from './moves';
import { breakRanksBefore, describeGap, fitLooseInGap, gapAlong, gapRefusal, moveThroughGaps, narrowGapAhead, spanOf, type GapOptions, type NarrowGap } from './gaps';
import { withdrawStep } from './withdraw';
import { coverOf } from './terrain';
import { shellAtOccupiers, shellableBuildings, shellBuilding } from './burning';
import type { Card, HmState, HmUnit } from './types';
import { canSee } from './visibility';
import { cincOf, destroyedCount, enemiesOf, isBroken, isShaken, liveUnits, unitById } from './world';
import { attackAspect, attackLine, attackRange, eligibleTarget, enemyZoneOn, haltCause, isSkirmisher, mayAttack, nearestEnemy, wheelBy } from './zones';
import { datan2, dhypot } from '../../core/detmath';

export type OrderId =
  | 'move'
  | 'wheel'
  | 'turn'
  | 'oblique'
  | 'form-line'
  | 'attack'
  | 'assault'
  | 'withdraw'
  | 'retire'
  | 'halt'
  | 'reform'
  | 'rally'
  | 'skirmish-fire'
  | 'skirmish-plan'
  | 'fire'
  | 'shell-building'
  | 'manhandle'
  | 'limber'
  | 'unlimber'
  | 'spike';

export const ORDER_LABELS: Record<OrderId, string> = {
  move: 'Move',
  wheel: 'Wheel',
  turn: 'Turn about',
  oblique: 'Oblique',
  'form-line': 'Form line',
  attack: 'Attack',
  assault: 'Assault',
  withdraw: 'Withdraw',
  retire: 'Retire',
  halt: 'Halt',
  reform: 'Reform',
  rally: 'Rally',
  'skirmish-fire': 'Skirmish fire',
  'skirmish-plan': 'Split or combine fire',
  fire: 'Fire',
  'shell-building': 'Shell a building',
  manhandle: 'Manhandle',
  limber: 'Limber up',
  unlimber: 'Unlimber',
  spike: 'Spike the gun',
};

export const ORDER_GROUP: Record<OrderId, string> = {
  move: 'move',
  wheel: 'move',
  turn: 'move',
  oblique: 'move',
  'form-line': 'move',
  attack: 'charge',
  assault: 'charge',
  withdraw: 'move',
  retire: 'move',
  halt: 'command',
  reform: 'command',
  rally: 'command',
  'skirmish-fire': 'fire',
  'skirmish-plan': 'fire',
  fire: 'fire',
  'shell-building': 'fire',
  manhandle: 'move',
  limber: 'move',
  unlimber: 'move',
  spike: 'command',
};

const Q = Math.PI / 4;
const SAME = 1e-3;

const isFormed = (u: HmUnit): boolean => !isSkirmisher(u) && u.rs.troop !== 'general' && u.rs.troop !== 'artillery';
const nationRules = (u: HmUnit) => ARMY_LISTS[u.rs.nation === 'russia' ? 'russia' : u.rs.nation === 'austria' ? 'austria' : 'prussia-supremacy'].rules;

// ---------------------------------------------------------------------------------------------
// Cards that may order a unit (A §6.6, §7.1)

/**
 * Why this General cannot give orders where he stands, or null (A §6.6): disordered, in an enemy
 * threat zone, or in contact. The Joker's orders are his too and obey these (A §7.6, note A7).
 */
export function generalHindered(state: HmState, bf: Battlefield, g: HmUnit): string | null {
  if (g.removed) return `${g.name} is no longer on the table`;
  if (g.stands.some((s) => s.status === 'disordered')) return `${g.name} is disordered`;
  const units = liveUnits(state);
  if (enemyZoneOn(g, units, zoneContext(state, bf))) return `${g.name} is inside an enemy threat zone`;
  if (enemiesOf(state, g).some((e) => touching(g, e))) return `${g.name} is in contact with the enemy`;
  const host = g.rs.general?.attachedTo ? unitById(state, g.rs.general.attachedTo) : undefined;
  if (host && enemiesOf(state, host).some((e) => touching(host, e))) return `${g.name}'s unit is in contact with the enemy`;
  return null;
}

/** Why this General cannot play his cards now, or null (A §6.6). */
export function generalBarred(state: HmState, bf: Battlefield, g: HmUnit): string | null {
  const hindered = generalHindered(state, bf, g);
  if (hindered) return hindered;
  if (g.rs.general?.grade === 'mediocre') return `${g.name} is Mediocre and has no cards`;
  if (nationRules(g).oneGeneralCardPerTurn && (g.rs.general?.cardsThisTurn ?? 0) >= 1) return `${g.name} has played his one General card this turn`;
  return null;
}

/** Whether a General's card may order this unit: his Command (or anyone, for the CinC), range and sight (A §6.6, C §8.2). */
export function generalMayOrder(state: HmState, bf: Battlefield, g: HmUnit, u: HmUnit): boolean {
  const gs = g.rs.general!;
  if (u.side !== g.side || u.removed || u.rs.troop === 'artillery' || u.id === g.id) return false;
  if (u.rs.troop === 'general') return gs.role === 'cinc' && u.rs.general?.grade === 'mediocre';
  if (gs.role !== 'cinc' && u.rs.command !== g.id) return false;
  if (gs.cavalry && !TROOPS[u.rs.troop].cavalry) return false;
  const reach = inch(gs.stats.range);
  const gRect = { cx: g.x, cy: g.y, facing: g.facing, width: g.stands[0]!.width, depth: g.stands[0]!.depth };
  const cRect = { cx: u.x, cy: u.y, facing: u.facing, width: u.stands[0]!.width, depth: u.stands[0]!.depth };
  if (rectDistance(gRect, cRect) > reach + 0.5) return false;
  return sees(state, bf, g, u, false);
}

/** Sight for the rules (C §8): the mode the game was set up with. */
export function sees(state: HmState, bf: Battlefield, observer: HmUnit, target: HmUnit, enemy: boolean): boolean {
  const mode = state.options.sight === 'levels' ? 'levels' : 'computed';
  return canSee(bf, observer, target, { mode, weather: state.rules.weather, enemy, turn: state.rules.turnNumber }).visible;
}

/**
 * The cards in hand that could give this unit an order now, cheapest first (its own unit card before
 * a General's). A listing of many units passes `barredMemo`, to ask once whether each General may play.
 */
export function cardsFor(state: HmState, bf: Battlefield, u: HmUnit, barredMemo?: Map<HmUnit, string | null>): string[] {
  const rules = state.rules;
  const side = u.side;
  const active = rules.activeCard;
  if (active) {
    if (active.ordered.includes(u.id)) return [];
    if (active.ordersLeft !== null && active.ordersLeft <= 0) return [];
    const ok = activeCardMayOrder(state, bf, active.kind, u);
    return ok ? [active.card] : [];
  }
  const hand = handOf(state, side);
  const out: string[] = [];
  const own = hand.find((id) => rules.cards[id]!.kind === 'unit' && rules.cards[id]!.unit === u.id);
  if (own) out.push(own);
  for (const id of hand) {
    const c = rules.cards[id]!;
    if (c.kind !== 'general') continue;
    const g = unitById(state, c.unit!);
    if (!g) continue;
    let barred = barredMemo?.get(g);
    if (barred === undefined) {
      barred = generalBarred(state, bf, g);
      barredMemo?.set(g, barred);
    }
    if (barred) continue;
    if (generalMayOrder(state, bf, g, u) && !out.some((o) => rules.cards[o]!.unit === g.id)) out.push(id);
  }
  return out;
}

export function activeCardMayOrder(state: HmState, bf: Battlefield, kind: Card['kind'], u: HmUnit): boolean {
  switch (kind) {
    case 'artillery':
      return u.rs.troop === 'artillery' && u.rs.gun!.controller === u.side && !['fled', 'abandoned'].includes(u.rs.gun!.crew) && !u.rs.gun!.spiked && !u.rs.gun!.suppressed && !u.rs.gun!.damaged;
    case 'skirmInf':
      return u.rs.troop === 'skirmInf';
    case 'skirmCav':
      return u.rs.troop === 'skirmCav';
    case 'joker': {
      // Three (six) General cards of the CinC: range and sight apply; Mediocre Generals may be moved (A §7.6).
      const cinc = cincOf(state, u.side);
      return !!cinc && !generalHindered(state, bf, cinc) && generalMayOrder(state, bf, cinc, u);
    }
    case 'infantryAdvance': {
      if (u.rs.troop !== 'infantry' || !u.rs.command) return false;
      const g = unitById(state, u.rs.command);
      if (!g || g.removed) return false;
      const gRect = { cx: g.x, cy: g.y, facing: g.facing, width: g.stands[0]!.width, depth: g.stands[0]!.depth };
      const cRect = { cx: u.x, cy: u.y, facing: u.facing, width: u.stands[0]!.width, depth: u.stands[0]!.depth };
      return rectDistance(gRect, cRect) <= inch(g.rs.general!.stats.range) + 0.5;
    }
    default:
      return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Orders a unit may take

function pointParam(u: HmUnit, reach: number, label: string, sectors?: number[], halfWidth = Q, minReach?: number): ActionParam {
  const p: ActionParam = { name: 'to', kind: 'point', label, origin: { x: u.x, y: u.y }, maxReach: reach };
  if (minReach !== undefined) p.minReach = minReach;
  if (sectors) p.sectors = sectors.map((rel) => ({ centre: wrapAngle(u.facing + rel), halfWidth }));
  return p;
}

const angleParam = (label: string, min = -Q, max = Q, name = 'angle'): ActionParam => ({ name, kind: 'angle', label, min, max });

/** The enemy units this unit may Attack now, with the halted rule (A1: only the nearest eligible). */
export function attackTargets(state: HmState, bf: Battlefield, u: HmUnit): HmUnit[] {
  if (!mayAttack(u, liveUnits(state)) || isBroken(u) || u.rs.retrograde !== 'none') return [];
  // Unrevealed counters are no targets and halt nobody (C §9.4).
  const units = unitsKnownTo(state, u.side);
  const zc = zoneContext(state, bf);
  const out = units.filter((t) => t.side !== u.side).filter((t) => {
    if (t.rs.general?.attachedTo) return false;
    const aspect = attackAspect(u, t);
    const inCover = coverOf(bf, { x: t.x, y: t.y }, t.rs.troop, { x: u.x, y: u.y }) !== 'none';
    if (!eligibleTarget(u, t, aspect, inCover, units)) return false;
    if (touching(u, t)) return true;
    // Without measuring, a player may declare on a target he only guesses is in reach (A §11.10);
    // the engine allows guesses up to half as far again [ENGINE DEFAULT].
    const guessing = state.options.measuring === 'after-declaring';
    const range = attackRange(u, { fog: zc.fog });
    if (colourGap(u, t) > (guessing ? range * GUESS_FACTOR : range) + 1) return false;
    if (!attackLine(u, t, units, zc, { ignoreRange: guessing }).ok) return false;
    return sees(state, bf, u, t, true);
  });
  if (haltCause(u, units, zc) && out.length > 1) {
    out.sort((a, b) => colourGap(u, a) - colourGap(u, b));
    return out.slice(0, 1);
  }
  return out;
}

/** A Prussian unit's first order says whether it stands in line or column (B §3.3). */
const FORMATION_PARAM: ActionParam = {
  name: 'formation',
  kind: 'choice',
  label: 'Its first order: it stands in',
  choices: [
    { value: 'line', label: 'line' },
    { value: 'column', label: 'column' },
  ],
};

/** Orders this unit may take now on a card (without the card), in the current step. */
export function ordersFor(state: HmState, bf: Battlefield, u: HmUnit, cardKind: Card['kind']): { order: OrderId; params: ActionParam[] }[] {
  const orders = ordersNow(state, bf, u, cardKind);
  if (u.rs.formationDeclared) return orders;
  return orders.map((o) => ({ ...o, params: [FORMATION_PARAM, ...o.params] }));
}

/** Set the formation a Prussian unit declares at its first order (B §3.3): a column marches as one deployed so. */
export function declareFormation(state: HmState, u: HmUnit, value: unknown, ctx: RuleContext): void {
  if (u.rs.formationDeclared) return;
  if (value !== 'line' && value !== 'column') throw new RuleError(`${u.name}'s first order must say whether it stands in line or column`);
  u.rs.formationDeclared = true;
  if (u.formation !== value) {
    u.formation = value;
    relayout(u);
  }
  u.rs.baseFormation = value;
  u.rs.columnCompulsory = value === 'column';
  log(ctx, u, `${u.name} is declared to stand in ${value}`);
}

function ordersNow(state: HmState, bf: Battlefield, u: HmUnit, cardKind: Card['kind']): { order: OrderId; params: ActionParam[] }[] {
  const out: { order: OrderId; params: ActionParam[] }[] = [];
  const add = (order: OrderId, params: ActionParam[] = []): void => void out.push({ order, params });
  const step = state.rules.step;
  const units = unitsKnownTo(state, u.side);
  const zc = zoneContext(state, bf);
  const foot = TROOPS[u.rs.troop].foot;
  const mounted = TROOPS[u.rs.troop].mounted;
  if (step === 'reorganisation') {
    if (cardKind === 'artillery' || cardKind === 'infantryAdvance') return out;
    if (!isBroken(u) && u.stands.some((s) => s.status === 'disordered' || u.rs.shakenMarker)) add('reform');
    if (isBroken(u) && cardKind !== 'unit' && !enemiesOf(state, u).some((e) => e.rs.troop !== 'general' && colourGap(e, u) <= attackRange(e, { fog: zc.fog }))) add('rally');
    return out;
  }
  if (step !== 'action') return out;
  if (u.rs.troop === 'general') {
    add('move', [pointParam(u, moveCap(state, bf, u), 'Move the General (up to 6")')]);
    return out;
  }
  if (isBroken(u)) return out;
  if (u.rs.retrograde === 'withdrawing' || u.rs.retrograde === 'retreating') {
    add('halt');
    return out;
  }
  if (cardKind === 'infantryAdvance') {
    if (!haltCause(u, units, zc)) add('move', [pointParam(u, moveCap(state, bf, u), 'Advance', [0], Math.PI / 36)]);
    return out;
  }
  if (u.rs.troop === 'artillery') return artilleryOrders(state, bf, u);
  const halted = haltCause(u, units, zc);
  const cap = moveCap(state, bf, u);
  if (!halted) {
    // Skirmishers deployed in column march like any column until they form their chain (B §1.2).
    if (u.formation === 'column') add('move', [pointParam(u, cap, 'March (3"-6" straight ahead)', [0], Math.PI / 36, Math.min(inch(3), cap))]);
    else if (isSkirmisher(u) || u.formation === 'loose') add('move', [pointParam(u, cap, 'Move the Colour Stand (any direction)')]);
    else add('move', [pointParam(u, cap, 'Move straight ahead', [0], Math.PI / 36)]);
    if (isFormed(u) && u.formation === 'line' && u.rs.troop === 'infantry' && nationRules(u).oblique && cap >= inch(6) - SAME) add('oblique', [pointParam(u, cap, 'Oblique: 3" aside for 6" ahead', [0], datan2(3, 6))]);
    if (isFormed(u) && u.formation !== 'loose') add('turn');
    if (u.formation === 'column') add('form-line', [{ name: 'to', kind: 'choice', label: 'Face', choices: [{ value: 'front', label: 'to the front' }, { value: 'left', label: 'to the left' }, { value: 'right', label: 'to the right' }] }]);
  }
  if (isFormed(u) && u.formation === 'line') add('wheel', [angleParam(halted ? 'Wheel toward the nearest enemy' : 'Wheel (left +, right −)')]);
  const targets = attackTargets(state, bf, u);
  if (targets.length) {
    const choice: ActionParam = { name: 'target', kind: 'unit', label: 'Target', choices: targets.map((t) => t.id) };
    add('attack', [choice]);
    const assaultable = targets.filter((t) => u.rs.assault || u.rs.assaultTarget === t.id);
    if (foot && assaultable.length) add('assault', [{ ...choice, choices: assaultable.map((t) => t.id) }]);
  }
  if (isSkirmisher(u)) {
    const legal = skirmishTargets(state, bf, u.id).legal;
    if (legal.length) add('skirmish-fire', [{ name: 'target', kind: 'unit', label: 'Fire at', choices: legal.map((x) => x.id) }]);
    // Split among targets, or combined with other skirmishing infantry on the card in play (B §1.6).
    const plans = legal.length ? planChoices(state, u, legal, fireJoiners(state, bf, u)) : [];
    if (plans.length) add('skirmish-plan', [{ name: 'plan', kind: 'choice', label: 'Which stands fire at which enemy', choices: plans }]);
  }
  if (foot && !isSkirmisher(u) && !nationRules(u).noWithdraw) add('withdraw', [angleParam('Wheel after turning about')]);
  if (mounted && !nationRules(u).cavalryNoVoluntaryRetire) add('retire', [angleParam('Wheel away'), angleParam('Then turn (left +, right −)', -Math.PI, Math.PI, 'face')]);
  return out;
}

/**
 * Why another unit may not join a skirmisher's throw, or null: only skirmishing infantry with
 * skirmishing infantry, on the skirmisher card in play (a General's card orders one unit), and only a
 * unit that has not had its order from that card (B §1.6).
 */
function joinReason(state: HmState, u: HmUnit, j: HmUnit): string | null {
  if (j.side !== u.side) return `${j.name} is not on ${u.name}'s side`;
  if (j.removed) return `${j.name} is no longer on the table`;
  if (u.rs.troop !== 'skirmInf' || j.rs.troop !== 'skirmInf') return 'only skirmishing infantry combine their fire';
  const active = state.rules.activeCard;
  if (!active || active.kind !== 'skirmInf') return 'units combine their fire only on a skirmishing-infantry card, which orders them all';
  if (active.ordered.includes(j.id)) return `${j.name} has already had its order from this card`;
  if (arrivalBarred(state, j.id)) return `${j.name} has just come on and may take no other order this turn`;
  if (isBroken(j) || j.rs.retrograde === 'withdrawing' || j.rs.retrograde === 'retreating') return `${j.name} cannot fire now`;
  return null;
}

/** The skirmishing-infantry units that may join this unit's throw now, with what each may fire at. */
function fireJoiners(state: HmState, bf: Battlefield, u: HmUnit): Joiner[] {
  if (u.rs.troop !== 'skirmInf' || state.rules.activeCard?.kind !== 'skirmInf') return [];
  const out: Joiner[] = [];
  for (const j of liveUnits(state)) {
    if (j.id === u.id || joinReason(state, u, j)) continue;
    const targets = skirmishTargets(state, bf, j.id).legal;
    if (targets.length) out.push({ id: j.id, targets });
  }
  return out;
}

function artilleryOrders(state: HmState, bf: Battlefield, u: HmUnit): { order: OrderId; params: ActionParam[] }[] {
  const out: { order: OrderId; params: ActionParam[] }[] = [];
  const gun = u.rs.gun!;
  const fired = state.rules.activeCard?.fired.includes(u.id) ?? false;
  if (!gun.limbered && !fired && gun.crew === 'manned') {
    const ammo = gun.kind === 'howitzer' ? 'shell' : 'ball';
    const far = gun.readyForBall ? artilleryTargets(state, bf, u, ammo).legal.map((t) => t.id) : [];
    const near = artilleryTargets(state, bf, u, 'grapeshot').legal.map((t) => t.id);
    const choices = [...new Set([...far, ...near])];
    if (choices.length) out.push({ order: 'fire', params: [{ name: 'target', kind: 'unit', label: 'Fire at', choices }] });
    // A howitzer may fire shell at a building it can see, to set it alight (B §2.7).
    const buildings = gun.readyForBall ? shellableBuildings(state, bf, u) : [];
    if (buildings.length) {
      const choices = buildings.map((b) => ({ value: b.building.id, label: `${b.building.name} (${toInches(b.distance).toFixed(1)}")` }));
      out.push({ order: 'shell-building', params: [{ name: 'building', kind: 'choice', label: 'Shell which building', choices }] });
    }
  }
  if (gun.limbered) {
    out.push({ order: 'move', params: [pointParam(u, inch(6), 'Move the limbered gun (up to 6")')] });
    out.push({ order: 'unlimber', params: [{ name: 'angle', kind: 'angle', label: 'Face', min: -Math.PI, max: Math.PI }] });
  } else {
    out.push({ order: 'manhandle', params: [pointParam(u, inch(3), 'Manhandle (up to 3")')] });
    if (!gun.noTeam) out.push({ order: 'limber', params: [pointParam(u, inch(6), 'Limber up and move (up to 6")')] });
  }
  // A gun its side holds may be spiked instead of firing (B §2.11): useless for the rest of the battle.
  if (!fired) out.push({ order: 'spike', params: [] });
  return out;
}

/** Every order action for the side now, one per unit and order (with the cheapest card). */
export function orderActions(state: HmState, bf: Battlefield, side: string): LegalAction[] {
  const out: LegalAction[] = [];
  // Whether each General may play his cards is the same for every unit asked about.
  const barred = new Map<HmUnit, string | null>();
  for (const u of liveUnits(state)) {
    if (u.side !== side) continue;
    if (u.rs.troop === 'general' && u.rs.general?.attachedTo) continue;
    if (arrivalBarred(state, u.id)) continue;
    const cards = cardsFor(state, bf, u, barred);
    if (!cards.length) continue;
    const card = cards[0]!;
    const kind = state.rules.cards[card]!.kind;
    for (const o of ordersFor(state, bf, u, kind)) {
      out.push({
        action: { type: 'order', side, unit: u.id, card, order: o.order },
        label: `${ORDER_LABELS[o.order]} (${cardLabel(state, card)})`,
        group: ORDER_GROUP[o.order],
        params: o.params,
        unit: u.id,
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Carrying orders out

function num(v: unknown, what: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw new RuleError(`${what} must be a number`);
  return v;
}

export function point(v: unknown): Vec2 {
  const p = v as Vec2 | undefined;
  if (!p || typeof p.x !== 'number' || typeof p.y !== 'number' || !Number.isFinite(p.x) || !Number.isFinite(p.y)) throw new RuleError('the order needs a destination point');
  return p;
}

function log(ctx: RuleContext, u: HmUnit, text: string, extra: Record<string, unknown> = {}): void {
  ctx.emit({ type: 'order', side: u.side, unit: u.id, text, data: extra });
}

/** Carry out an order action. The card is checked and spent here. */
export function applyOrder(state: HmState, bf: Battlefield, action: Action, ctx: RuleContext): void {
  const rules = state.rules;
  const u = unitById(state, String(action.unit));
  if (!u || u.removed) throw new RuleError(`no unit "${String(action.unit)}" on the table`);
  if (u.side !== action.side) throw new RuleError(`${u.name} is not yours to order`);
  const barred = arrivalBarred(state, u.id);
  if (barred) throw new RuleError(barred);
  const cardId = String(action.card);
  const card = rules.cards[cardId];
  if (!card) throw new RuleError(`no card "${cardId}"`);
  if (!cardsFor(state, bf, u).includes(cardId)) throw new RuleError(`${cardLabel(state, cardId)} cannot order ${u.name} now`);
  const order = String(action.order) as OrderId;
  // A Prussian unit first says how it stands; the order must then suit that formation (B §3.3).
  if (!u.rs.formationDeclared && ordersFor(state, bf, u, card.kind).length === 0) throw new RuleError(`${u.name} cannot be ordered now`);
  declareFormation(state, u, action.formation, ctx);
  const allowed = ordersFor(state, bf, u, card.kind).find((o) => o.order === order);
  if (!allowed && (order === 'attack' || order === 'assault')) {
    throw new RuleError(`${u.name} has no target it may ${ORDER_LABELS[order]} now: it needs one in range, in sight, on a clear line and of a kind it may attack`);
  }
  if (!allowed) throw new RuleError(`${u.name} cannot be given the ${ORDER_LABELS[order] ?? order} order now`);
  // A breakthrough's free order is given without a card (breakthrough.ts).
  carryOut(state, bf, u, order, action, ctx, false);
  // Spend the card, or count the order on the card in play.
  if (rules.activeCard) {
    // Firing is not a battery's one order: it may still manhandle, limber or unlimber (B §2.1).
    if (order !== 'fire' && order !== 'shell-building') rules.activeCard.ordered.push(u.id);
    if (rules.activeCard.ordersLeft !== null) rules.activeCard.ordersLeft--;
  } else {
    discardFromHand(state, handOf(state, u.side), cardId);
    if (card.kind === 'general') {
      const g = unitById(state, card.unit!)!;
      g.rs.general!.cardsThisTurn++;
      // The General may move after his order (A §6.7).
      if (!g.removed && g.rs.general!.grade !== 'mediocre') rules.pendingGeneralMove = g.id;
    }
  }
}

export function carryOut(state: HmState, bf: Battlefield, u: HmUnit, order: OrderId, action: Action, ctx: RuleContext, afterBreakthrough: boolean): void {
  const units = liveUnits(state);
  switch (order) {
    case 'move':
      return orderMove(state, bf, u, point(action.to), ctx);
    case 'oblique':
      return orderOblique(state, bf, u, point(action.to), ctx);
    case 'wheel': {
      const angle = num(action.angle, 'the wheel');
      if (Math.abs(angle) > Q + SAME) throw new RuleError('a wheel is at most 45°');
      if (haltCause(u, units, zoneContext(state, bf))) {
        const near = nearestEnemy(u, units.filter((x) => x.rs.troop !== 'general'));
        if (near) {
          const before = Math.abs(wrapAngle(angleOf(sub({ x: near.unit.x, y: near.unit.y }, u)) - u.facing));
          const after = Math.abs(wrapAngle(angleOf(sub({ x: near.unit.x, y: near.unit.y }, u)) - u.facing - angle));
          if (after > before + SAME) throw new RuleError(`${u.name} is halted and may only wheel toward the nearest enemy, ${near.unit.name}`);
        }
      }
      const notes = moveTo(state, bf, u, wheelBy(u, angle), { looseAllowed: true });
      log(ctx, u, [`${u.name} wheels ${Math.round(Math.abs((angle * 180) / Math.PI))}° ${angle >= 0 ? 'left' : 'right'}`, ...notes].join('. '));
      return;
    }
    case 'turn': {
      if (u.formation === 'column') {
        const tail = u.stands[u.stands.length - 1]!;
        const v = direction(u.facing);
        u.x += v.x * tail.f;
        u.y += v.y * tail.f;
      }
      u.facing = wrapAngle(u.facing + Math.PI);
      log(ctx, u, `${u.name} turns about`);
      return;
    }
    case 'form-line': {
      const to = String(action.to);
      const turn = to === 'left' ? Math.PI / 2 : to === 'right' ? -Math.PI / 2 : 0;
      const tailF = u.stands[u.stands.length - 1]!.f;
      const v = direction(u.facing);
      // Front: the line forms at the head; to a side: centred on the column's middle (A §11.6).
      const centre = to === 'front' ? { x: u.x, y: u.y } : { x: u.x + (v.x * tailF) / 2, y: u.y + (v.y * tailF) / 2 };
      u.x = centre.x;
      u.y = centre.y;
      u.facing = wrapAngle(u.facing + turn);
      // Skirmishers "form line" into their skirmish chain (B §1.2).
      u.formation = isSkirmisher(u) ? 'loose' : 'line';
      u.rs.baseFormation = 'line';
      u.rs.columnCompulsory = false;
      relayout(u);
      // The 3" step is the order's, not the player's choice: a narrow gap ahead is met as an automatic move meets it (gaps.ts).
      const m = moveThroughGaps(state, bf, u, u.facing, inch(3), u.facing, { exemptHalts: true });
      const stop = m.walk.stoppedBy && m.walk.travelled < inch(3) - 0.5 ? ` and stops: ${m.walk.stoppedBy}` : '';
      log(ctx, u, [`${u.name} forms line ${to === 'front' ? 'to the front' : `to the ${to}`} and moves ${toInches(m.walk.travelled).toFixed(1)}"${stop}`, ...m.notes].join('. '));
      return;
    }
    case 'attack':
    case 'assault': {
      const t = unitById(state, String(action.target));
      if (!t) throw new RuleError('the Attack needs a target');
      if (!attackTargets(state, bf, u).some((x) => x.id === t.id)) throw new RuleError(`${u.name} may not Attack ${t.name} now`);
      resolveAttack(state, bf, ctx, u, t, { assault: order === 'assault', afterBreakthrough });
      return;
    }
    case 'withdraw':
    case 'retire': {
      const angle = num(action.angle ?? 0, 'the wheel');
      if (Math.abs(angle) > Q + SAME) throw new RuleError('the wheel is at most 45°');
      const heading = wrapAngle(u.facing + Math.PI + angle);
      if (order === 'retire') {
        // Retire: then face any direction, the turn counted from the old facing (A §10).
        const turn = num(action.face ?? 0, 'the facing');
        if (Math.abs(turn) > Math.PI + SAME) throw new RuleError('the turn after a Retire is at most 180° either way');
        const facing = wrapAngle(u.facing + turn);
        const r = retireAlong(state, bf, u, heading, () => facing);
        u.rs.shakenMarker = true;
        const stop = r.blockedBy ? `, stopping at the half-way point (${r.blockedBy})` : '';
        log(ctx, u, [`${u.name} retires ${toInches(r.travelled).toFixed(1)}"${stop}`, ...r.notes].join('. '));
        return;
      }
      u.rs.retrograde = 'withdrawing';
      u.rs.retrogradeHeading = heading;
      log(ctx, u, withdrawStep(state, bf, u, heading, u.facing).join('. '));
      return;
    }
    case 'halt':
      u.rs.retrograde = 'none';
      log(ctx, u, `${u.name} halts`);
      return;
    case 'reform': {
      const n = u.stands.filter((s) => s.status === 'disordered').length;
      for (const s of u.stands) s.status = 'ok';
      u.rs.shakenMarker = false;
      log(ctx, u, `${u.name} reforms${n ? `: ${n} disordered stand${n === 1 ? '' : 's'} back in order` : ''}`);
      return;
    }
    case 'rally': {
      if (destroyedCount(u) * 2 > u.rs.originalStands) {
        u.removed = true;
        u.rs.removedBy = 'dispersed';
        log(ctx, u, `${u.name} is rallied but has lost more than half its stands: it disperses`);
        return;
      }
      u.rs.retrograde = 'none';
      for (const s of u.stands) s.status = 'disordered';
      log(ctx, u, `${u.name} rallies, every stand still disordered`);
      return;
    }
    case 'skirmish-fire':
      skirmishFire(state, bf, ctx, u.id, String(action.target));
      return;
    case 'skirmish-plan': {
      const plan = parsePlan(action.plan);
      checkPlan(state, bf, u, plan, (j) => joinReason(state, u, j));
      firePlan(state, bf, ctx, u, plan);
      // The units that joined have had their order from the card in play (B §1.6: one Fire a unit).
      for (const id of plan.flatMap((g) => g.joinedBy)) state.rules.activeCard?.ordered.push(id);
      return;
    }
    case 'fire': {
      const t = unitById(state, String(action.target));
      if (!t) throw new RuleError('the gun needs a target');
      // Grapeshot when the target is within its reach, measured as the fire rules measure it (B §2.2).
      const near = artilleryTargets(state, bf, u, 'grapeshot').legal.some((x) => x.id === t.id);
      const ammo = near ? 'grapeshot' : u.rs.gun!.kind === 'howitzer' ? 'shell' : 'ball';
      fireArtillery(state, bf, ctx, u.id, t.id, ammo);
      // Shell at skirmishers in a building may set it alight (B §2.7).
      if (ammo === 'shell') shellAtOccupiers(state, ctx, u, t);
      return;
    }
    case 'shell-building':
      shellBuilding(state, bf, ctx, u, String(action.building));
      return;
    case 'manhandle':
    case 'limber': {
      const to = point(action.to);
      const reach = order === 'manhandle' ? inch(3) : inch(6);
      if (order === 'limber') {
        u.rs.gun!.limbered = true;
        relayout(u);
      }
      gunMove(state, bf, u, to, reach, ctx, order === 'manhandle' ? 'manhandled' : 'limbers up and moves');
      return;
    }
    case 'spike':
      u.rs.gun!.spiked = true;
      u.rs.gun!.crew = 'fled';
      log(ctx, u, `${u.name} is spiked: useless for the rest of the battle`);
      return;
    case 'unlimber': {
      const angle = num(action.angle ?? 0, 'the facing');
      u.rs.gun!.limbered = false;
      u.rs.gun!.readyForBall = false;
      u.facing = wrapAngle(u.facing + angle);
      relayout(u);
      u.formation = 'line';
      u.rs.columnCompulsory = false;
      log(ctx, u, `${u.name} unlimbers`);
      return;
    }
  }
}

function gunMove(state: HmState, bf: Battlefield, u: HmUnit, to: Vec2, reach: number, ctx: RuleContext, verb: string): void {
  const d = dhypot(to.x - u.x, to.y - u.y);
  if (d > reach + 0.5) throw new RuleError(`${u.name} may move at most ${toInches(reach)}"`);
  const heading = d > SAME ? angleOf(sub(to, u)) : u.facing;
  // Guns need one stand's width through a gap or over a bridge (B §4.10).
  refuseNarrowGap(state, bf, u, to);
  const w = walk(state, bf, u, heading, d, heading, {});
  const notes = moveTo(state, bf, u, w.pose, { looseAllowed: false });
  log(ctx, u, [`${u.name} ${verb} ${toInches(w.travelled).toFixed(1)}"${w.stoppedBy ? ` (${w.stoppedBy})` : ''}`, ...notes].join('. '));
}

/** Move (A §10-11): formed units straight ahead; loose units, skirmishers and Generals any way. */
function orderMove(state: HmState, bf: Battlefield, u: HmUnit, to: Vec2, ctx: RuleContext): void {
  if (u.rs.troop === 'artillery') return gunMove(state, bf, u, to, inch(6), ctx, 'moves');
  const cap = moveCap(state, bf, u);
  const before: string[] = [];
  // A line already within 1" of a narrow gap ahead has broken ranks (A §11.7).
  const gapNear = narrowGapAhead(state, bf, u);
  if (gapNear) before.push(...breakRanksBefore(state, bf, u, gapNear));
  // A skirmisher column marches as a column (B §1.2).
  const free = (isSkirmisher(u) && u.formation !== 'column') || u.formation === 'loose' || u.rs.troop === 'general';
  const rel = sub(to, u);
  let heading = u.facing;
  let d: number;
  if (free) {
    d = dhypot(rel.x, rel.y);
    if (d > SAME) heading = angleOf(rel);
  } else {
    d = dot(rel, direction(u.facing));
    if (d < -SAME) throw new RuleError(`${u.name} may only move straight ahead`);
  }
  if (d > cap + 0.5) throw new RuleError(`${u.name} may move at most ${toInches(cap).toFixed(1)}" now`);
  if (u.formation === 'column' && d < Math.min(inch(3), cap) - 0.5) throw new RuleError('a column moves at least 3"');
  d = Math.min(d, cap);
  const units = liveUnits(state);
  const shaken = isShaken(state, u);
  const near = shaken ? nearestEnemy(u, units.filter((x) => x.rs.troop !== 'general')) : null;
  const facing = free && u.rs.troop !== 'general' ? heading : u.rs.troop === 'general' ? heading : u.facing;
  // Narrow gaps and defiles on the way (A §11.7, B §4.10): refused as the unit stands, or threaded loose.
  const gap = u.rs.troop === 'general' ? null : refuseNarrowGap(state, bf, u, pointAhead(u, heading, d), { need: spanOf(u) });
  // Loose units and skirmish chains thread a gap narrower than their scatter round the Colour Stand.
  const threading = gap !== null && (u.formation === 'loose' || isSkirmisher(u));
  const w = walk(state, bf, u, heading, d, free ? facing : u.facing, { stopAtSlowing: !isSkirmisher(u) && u.rs.troop !== 'general', colourStandOnly: threading });
  if (near) {
    const after = dhypot(near.unit.x - w.pose.x, near.unit.y - w.pose.y);
    if (after < dhypot(near.unit.x - u.x, near.unit.y - u.y) - SAME) throw new RuleError(`${u.name} is shaken and may not move nearer to the enemy`);
  }
  const notes = [...before, ...moveTo(state, bf, u, w.pose)];
  if (gap && threading && !u.removed && fitLooseInGap(state, bf, u)) notes.push(`${u.name} threads ${describeGap(gap)} in a file`);
  const gapAfter = u.removed ? null : narrowGapAhead(state, bf, u);
  if (gapAfter) notes.push(...breakRanksBefore(state, bf, u, gapAfter));
  if (u.rs.troop === 'general') attachGeneral(state, u, ctx);
  log(ctx, u, [`${u.name} moves ${toInches(w.travelled).toFixed(1)}"${w.stoppedBy ? ` and stops: ${w.stoppedBy}` : ''}`, ...notes].join('. '), { from: { x: u.x, y: u.y }, ...(gap ? { gap: { width: gap.width, at: gap.at } } : {}) });
}

/**
 * The narrow gap or defile a player's move from where the unit stands to `to` goes through; refused,
 * saying why, when the unit may not pass it as it stands (A §11.7, B §4.10: a line must break ranks
 * first, a loose unit needs 2", columns, guns and skirmishers one stand).
 */
function refuseNarrowGap(state: HmState, bf: Battlefield, u: HmUnit, to: Vec2, opts: GapOptions = {}): NarrowGap | null {
  const gap = gapAlong(state, bf, u, u, to, opts);
  const refusal = gap && gapRefusal(u, gap);
  if (refusal) throw new RuleError(refusal);
  return gap;
}

/** Oblique (A §11.4, A23 literal): a full 6" ahead allows up to 3" aside, keeping the facing. */
function orderOblique(state: HmState, bf: Battlefield, u: HmUnit, to: Vec2, ctx: RuleContext): void {
  const rel = sub(to, u);
  const f = direction(u.facing);
  const ahead = dot(rel, f);
  const aside = cross(f, rel);
  if (ahead < inch(6) - 0.5) throw new RuleError('an oblique move goes a full 6" ahead');
  if (Math.abs(aside) > inch(3) + 0.5) throw new RuleError('an oblique move goes at most 3" aside for 6" ahead');
  const d = dhypot(rel.x, rel.y);
  refuseNarrowGap(state, bf, u, to);
  const w = walk(state, bf, u, angleOf(rel), d, u.facing, { stopAtSlowing: true });
  const notes = moveTo(state, bf, u, w.pose);
  log(ctx, u, [`${u.name} moves obliquely ${toInches(w.travelled).toFixed(1)}"${w.stoppedBy ? ` and stops: ${w.stoppedBy}` : ''}`, ...notes].join('. '));
}

/** A General touching a friendly unit is attached to it (A §2.2); an unshaken one rallies a broken unit he joins (A8). */
export function attachGeneral(state: HmState, g: HmUnit, ctx: RuleContext): void {
  const host = liveUnits(state).find((u) => u.side === g.side && u.rs.troop !== 'general' && touching(g, u));
  g.rs.general!.attachedTo = host?.id ?? null;
  if (host && isBroken(host) && !isShaken(state, g) && !enemiesOf(state, host).some((e) => e.rs.troop !== 'general' && colourGap(e, host) <= attackRange(e))) {
    host.rs.retrograde = 'none';
    for (const s of host.stands) s.status = 'disordered';
    ctx.emit({ type: 'order', side: g.side, unit: host.id, text: `${g.name} joins ${host.name} and rallies it` });
  }
}

/** The General's own move after his card (A §6.7): up to 6" any way. */
export function applyGeneralMove(state: HmState, bf: Battlefield, action: Action, ctx: RuleContext): void {
  const g = unitById(state, String(state.rules.pendingGeneralMove));
  state.rules.pendingGeneralMove = null;
  if (!g || action.type === 'skip-general-move') return;
  orderMove(state, bf, g, point(action.to), ctx);
}

export { destroyUnit, layoutStands };
