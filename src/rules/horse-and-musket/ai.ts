/**
 * What the Horse & Musket rules tell the AI: strength and worth, reach and sight, the expected
 * result of an Attack read off the Resolve charts (A §16-18) without throwing a die, and which
 * cards are worth keeping.
 */

import type { Action, Unit } from '../../core/model';
import { DEPLOY_ACTION, DEPLOY_DONE_ACTION, DEPLOY_REST_ACTION, DEPLOY_STOP_ACTION } from '../../core/deployment';
import { PLACE_WORKS_ACTION } from './works';
import { WORKS_FLANK_ACTION, WORKS_FLANK_DONE_ACTION, WORKS_FLANK_PLAN_ACTION } from './worksTrade';
import { shellBuildingForecast } from './aiFire';
import { inch } from '../../core/measure';
import type { AiHints, Forecast } from '../../core/ruleset';
import { angleOf, direction, sub, wrapAngle } from '../../core/geometry';
import { activeCardMayOrder, attackTargets } from './orders';
import { artilleryTargets } from './fire';
import { battlefieldFromSpec, type Battlefield } from '../../terrain/battlefield';
import { colourGap, defaultChoices } from './attack';
import { duel, exposure } from './aiResolve';
import { walk, zoneContext } from './moves';
import { coverOf, crossingsAlong, roughOrObstacleCrossed, slopeDisorder } from './terrain';
import { standRect } from '../../core/model';
import type { HmGame, HmState, HmUnit, HmUnitState } from './types';
import { breakTally, countsForBreak, disorderedCount, isBroken, isShaken, liveUnits, unitById } from './world';
import { attackAspect, attackLine, attackRange, eligibleTarget, mayAttack, offTable, unitExtent, unitsOverlap, wheelBy, withPose } from './zones';
import { datan2, dcos, dhypot, dsin } from '../../core/detmath';
import { fireForecast, planForecast } from './aiFire';
import { TROOPS } from './charts';
import { commandCentre, commandCoverage, generalSafety, inCommand } from './aiCommand';
import { cardsWorthKeeping, generalCardCost, restValue } from './aiCards';
import { turnLimitOf, verdictJudgement, verdictStance, verdictStanding, verdictSwing, verdictWeight } from './aiVerdict';

/** Formed horse: the troops whose strike is the charge of an Attack (skirmishing cavalry shoot and evade). */
const MOUNTED_LINE = new Set(['lightCav', 'heavyCav', 'cuirassier']);

const isCombatant = (u: Unit<HmUnitState>): boolean => u.rs.troop !== 'general';

/**
 * What losing this unit costs its army, as the AI weighs it: a unit that counts for the break
 * (B §8.1) is its army's share of the break, against the enemy's share; others count 0.6. An army
 * of three battalions facing five loses a battalion at 1/3 of its break against the enemy's 1/5, and
 * the battle cut short by the turn limit is judged on those shares too (world.ts battleResult), so
 * its few battalions are worth more than the many of the other side: √(5/3) ≈ 1.29 against √(3/5) ≈ 0.77.
 * Equal armies weigh 1. The counts are of the side's own view (a hidden enemy is not counted).
 */
export function breakWeight(state: HmState, x: HmUnit): number {
  const allUnits = state.options.breakRule === 'forty-percent-all';
  if (!countsForBreak(x, allUnits)) return 0.6;
  const own = breakTally(state, x.side, allUnits).total;
  const enemy = state.sides.filter((s) => s.id !== x.side).reduce((n, s) => n + breakTally(state, s.id, allUnits).total, 0);
  if (own === 0 || enemy === 0) return 1;
  return Math.sqrt(enemy / own);
}

/** A unit's present strength in stands, a disordered stand counting half (as `strength` does). */
const presentStands = (u: HmUnit): number => Math.max(0.5, u.stands.length - 0.5 * disorderedCount(u));

/**
 * An Attack's expected result: both sides' Resolve read together, with the confrontation and
 * combat dice the pair of results brings (A §16, aiResolve.ts duel). The stands each side loses are
 * weighed as a share of its present strength: a fresh line of six attacking a disordered four
 * throws more dice and takes fewer hits than the other way round.
 */
function attackForecast(state: HmState, bf: Battlefield, u: HmUnit, t: HmUnit, assault: boolean): { inflicted: number; removes: number; risk: number; swing: number } {
  // Across rough ground or an obstacle the attacker tests at −3, and D6 of its stands are disordered if it moves on (A §23.3).
  const crossing = roughOrObstacleCrossed(bf, { x: u.x, y: u.y }, { x: t.x, y: t.y }).length > 0;
  const { mine, theirs, attackerLoss, defenderLoss } = duel(state, bf, u, t, assault, crossing);
  // A broken or yielding defender is what the Attack is for; the stands it loses on the way count too.
  const inflicted = Math.min(1, theirs.breaks * 0.8 + theirs.yields * 0.4 + 0.6 * Math.min(1, defenderLoss / presentStands(t)));
  // Three and a half stands disordered on average: a heavy price for a line of four to six.
  const crossingCost = crossing ? mine.moves * Math.min(1, 3.5 / Math.max(1, u.stands.length)) * 0.5 : 0;
  const risk = Math.min(1, mine.breaks * 0.8 + mine.yields * 0.4 + 0.6 * Math.min(1, attackerLoss / presentStands(u)) + crossingCost);
  // As the turn limit nears, only the count the battle is judged on matters: hurting a unit that
  // does not count for the break (a gun, horse) is worth less and less, and a side that is not
  // ahead takes the risks that waiting cannot spare it.
  const late = verdictWeight(state);
  const allUnits = state.options.breakRule === 'forty-percent-all';
  const worth = countsForBreak(t, allUnits) ? 1 : 1 - 0.7 * late;
  const dare = late > 0 && verdictStanding(state, u.side) !== 'ahead' ? 1 - 0.5 * late : 1;
  // The battle is lost by the infantry that break (B §8.1): each side's by its share of its army.
  return { inflicted: inflicted * worth, removes: theirs.breaks * breakWeight(state, t) * worth, risk: risk * breakWeight(state, u) * dare, swing: verdictSwing(state, u, t, mine.breaks, theirs.breaks) };
}

/** The nearest targets weighed for one strike prospect (the cost stays bounded). */
const PROSPECT_TARGETS = 2;

/**
 * The best Attack a horse regiment could make on its next order from `pose`, 0..1: each enemy
 * within its Attack range there, eligible to it and on a clear Attack line (A §14.1-14.3; the
 * nearest two) read through
 * both sides' Resolve charts as the Attack's own forecast reads them, the harm and the break it
 * promises less the risk. 0 with nobody to Attack. This is what sends cuirassiers where a lone
 * battalion breaks on Chart F rather than to the middle of the table.
 */
export function strikeProspect(state: HmState, bf: Battlefield, u: HmUnit, pose: { x: number; y: number; facing: number }): number {
  const moved = withPose(u, pose);
  const units = state.units.map((x) => (x.id === u.id ? moved : x));
  if (!mayAttack(moved, units)) return 0;
  const view: HmState = { ...state, units };
  const range = attackRange(moved, { fog: state.rules.weather === 'fog' });
  const zc = zoneContext(view, bf);
  const near: { t: HmUnit; gap: number }[] = [];
  for (const t of liveUnits(view)) {
    if (t.side === u.side || t.rs.troop === 'general') continue;
    const gap = colourGap(moved, t);
    if (gap > range) continue;
    // As the order would be checked (orders.ts attackTargets): eligible, foot in cover not for horse, and a clear Attack line.
    const inCover = coverOf(bf, { x: t.x, y: t.y }, t.rs.troop, { x: moved.x, y: moved.y }) !== 'none';
    if (!eligibleTarget(moved, t, attackAspect(moved, t), inCover, units) || !attackLine(moved, t, units, zc).ok) continue;
    near.push({ t, gap });
  }
  near.sort((a, b) => a.gap - b.gap || (a.t.id < b.t.id ? -1 : 1));
  let best = 0;
  for (const { t } of near.slice(0, PROSPECT_TARGETS)) {
    const f = attackForecast(view, bf, moved, t, false);
    best = Math.max(best, Math.min(1, f.inflicted + f.removes - f.risk));
  }
  return best;
}

/** Guns with targets, once per view of the battle and side: every card and limber order asks. */
const gunsReady = new WeakMap<HmState, Map<string, HmUnit[]>>();

/** Guns that could fire now, were an artillery card played: manned, in action, with a target in range and arc. */
function gunsWithTargets(state: HmState, bf: Battlefield, side: string): HmUnit[] {
  let bySide = gunsReady.get(state);
  if (!bySide) gunsReady.set(state, (bySide = new Map()));
  let guns = bySide.get(side);
  if (!guns) bySide.set(side, (guns = findGunsWithTargets(state, bf, side)));
  return guns;
}

function findGunsWithTargets(state: HmState, bf: Battlefield, side: string): HmUnit[] {
  return liveUnits(state).filter((u) => u.side === side && u.rs.troop === 'artillery' && activeCardMayOrder(state, bf, 'artillery', u) && !u.rs.gun!.limbered && artilleryTargets(state, bf, u, u.rs.gun!.kind === 'howitzer' ? 'shell' : 'ball').legal.length > 0);
}

/** Cards that order many units, played as a card rather than with an order: worth playing only when they can order someone now. */
export function multiCardValue(state: HmState, bf: Battlefield, kind: string, side: string): number {
  const own = liveUnits(state).filter((u) => u.side === side);
  const enemies = liveUnits(state).filter((u) => u.side !== side && u.rs.troop !== 'general');
  const near = (u: HmUnit, reach: number): boolean => enemies.some((e) => dhypot(e.x - u.x, e.y - u.y) <= reach);
  switch (kind) {
    case 'artillery': {
      // Two a deck: played when a battery has someone to shoot at, or to bring limbered guns into action.
      if (gunsWithTargets(state, bf, side).length) return 0.9;
      const limbered = own.some((u) => u.rs.troop === 'artillery' && activeCardMayOrder(state, bf, 'artillery', u) && u.rs.gun!.limbered);
      return limbered ? 0.4 : 0.1;
    }
    case 'skirmInf':
    case 'skirmCav': {
      // A skirmisher card also buys an Evade bonus (B §1.5): keep one when nobody has a target.
      const troop = kind === 'skirmInf' ? 'skirmInf' : 'skirmCav';
      if (!own.some((u) => u.rs.troop === troop)) return 0.02;
      return own.some((u) => u.rs.troop === troop && near(u, inch(12))) ? 0.8 : 0.3;
    }
    case 'infantryAdvance':
      // Used now or lost (A §7.3), but only worth the play when some battalion is in its General's reach.
      return own.some((u) => activeCardMayOrder(state, bf, 'infantryAdvance', u)) ? 0.85 : 0.05;
    case 'joker': {
      // Three orders within the CinC's reach, and the discards back in the deck (A §7.6).
      const reached = own.filter((u) => u.rs.troop !== 'general' && activeCardMayOrder(state, bf, 'joker', u)).length;
      return reached >= 2 ? 0.8 : reached === 1 ? 0.5 : 0.1;
    }
    default:
      return 0.5;
  }
}

export const hmAi: AiHints<HmGame, HmUnitState> = {
  isCombatant,
  strength: (state, u) => {
    const h = u as HmUnit;
    if (u.removed) return 0;
    const good = h.stands.filter((s) => s.status === 'ok').length;
    const base = (good + 0.5 * disorderedCount(h)) / Math.max(1, h.rs.originalStands);
    return isBroken(h) ? base * 0.3 : isShaken(state as HmState, h) ? base * 0.6 : base;
  },
  value: (_state, u) => (u.rs.troop === 'general' ? 3 : (u.rs.points || 10) / 10),
  threatReach: (state, u) => {
    const h = u as HmUnit;
    if (u.rs.troop === 'artillery') return inch(30);
    // An Attack is declared from where the unit stands, within its Attack range (A §14.1).
    return attackRange(h, { fog: state.rules.weather === 'fog' });
  },
  // Guns shoot by order (grapeshot within 6", ball to 30") and skirmishers within 9" (B §1.6, §2.2);
  // formed foot and horse fire only as part of an Attack, so they close to Attack range instead.
  fireRange: (u) => (u.rs.troop === 'artillery' ? { close: inch(6), long: inch(30) } : u.rs.troop === 'skirmInf' || u.rs.troop === 'skirmCav' ? { close: inch(6), long: inch(9) } : null),
  shaken: (state, u) => isShaken(state as HmState, u as HmUnit),
  objectives: (state) => {
    // The enemy army's centre of mass is what a horse-and-musket battle is fought for.
    return state.sides.map((s) => {
      const own = state.units.filter((u) => u.side === s.id && !u.removed && !u.carriedBy && u.rs.troop !== 'general');
      const n = Math.max(1, own.length);
      return { x: own.reduce((a, u) => a + u.x, 0) / n, y: own.reduce((a, u) => a + u.y, 0) / n };
    });
  },
  objectiveRadius: inch(6),
  progress: (state) => {
    // With no turn limit the battle runs until an army breaks: no last turn to plan for.
    const limit = turnLimitOf(state);
    return limit ? Math.min(1, state.rules.turnNumber / limit) : 0;
  },
  // Not ahead on the turn limit's verdict, the army must attack before the turns run out.
  stance: (state, side, ratio) => verdictStance(state, side, ratio),
  choiceValue: (state, action) => {
    const hs = state as HmState;
    const pc = hs.rules.pendingChoice;
    if (action.type === 'resolve-choice' && pc) {
      // The program's own pick for a side that does not choose is the AI's pick too.
      const t = pc.thrown[0].unit === pc.awaiting ? pc.thrown[0] : pc.thrown[1];
      const best = defaultChoices(hs, t);
      return best.coverChoice === action.coverChoice && best.generalChoice === action.generalChoice && best.austrianChoice === action.austrianChoice ? 0.95 : 0.2;
    }
    // A Retire result: the program's way (straight back, facing the enemy) is the computer's too.
    if (action.type === 'retire-choice') return action.choice === 'program' ? 0.95 : 0.1;
    // The turn's own choices: fight on rather than stand idle, and never give up the field.
    if (action.type === 'issue-orders') return 0.95;
    if (action.type === 'pass') return 0.1;
    if (action.type === 'leave-field') return 0;
    // The computer never offers to end the battle nor surrenders; it accepts an offer that names it the winner.
    if (action.type === 'offer-end' || action.type === 'surrender') return 0;
    if (action.type === 'accept-end') return hs.rules.endOffer?.winner === action.side ? 0.95 : 0.05;
    if (action.type === 'refuse-end') return 0.5;
    if (action.type === 'play-card') {
      const card = hs.rules.cards[String(action.card)];
      return card ? multiCardValue(hs, battlefieldFromSpec(hs.battlefield), card.kind, String(action.side)) : 0.5;
    }
    // Discarding only to make the compulsory moves: a spare unit card before any other.
    if (action.type === 'discard') return hs.rules.cards[String(action.card)]?.kind === 'unit' ? 0.05 : 0.03;
    // Spiking is for guns about to be lost, which the AI does not foresee: never its own choice.
    if (action.type === 'order' && action.order === 'spike') return 0.01;
    if (action.type === 'choose-posture') return action.choice === 'defend' ? 0.6 : 0.4;
    // Attacking Austrians' fortification points (B §3.3): the program's plan of a flank march, else done.
    if (action.type === WORKS_FLANK_PLAN_ACTION) return 0.95;
    if (action.type === WORKS_FLANK_DONE_ACTION) return 0.3;
    if (action.type === WORKS_FLANK_ACTION) return 0;
    // The computer sets up its army as the engine's deployment does, then says it is done.
    if (action.type === DEPLOY_REST_ACTION) return 0.95;
    if (action.type === DEPLOY_DONE_ACTION) return 0.9;
    if (action.type === DEPLOY_ACTION) return 0;
    // Works are placed by "Deploy the rest for me" (works.ts autoPlaceWorks), not one by one.
    if (action.type === PLACE_WORKS_ACTION) return 0;
    // Alternate placement (5B): stopping sends the rest to the reinforcements; only when no group can be placed.
    if (action.type === DEPLOY_STOP_ACTION) return 0.02;
    if (action.type !== 'react') return undefined;
    const d = unitById(hs, String(hs.rules.pendingReaction?.defender ?? ''));
    if (!d) return undefined;
    // Skirmishers caught in the open are destroyed, and light cavalry are outclassed by heavier horse: evade.
    const exposed = d.rs.troop !== 'lightCav';
    if (action.choice === 'evade') {
      const a = unitById(hs, String(hs.rules.pendingReaction?.attacker ?? ''));
      const way = a ? evadeWay(hs, battlefieldFromSpec(hs.battlefield), d, a, typeof action.angle === 'number' ? action.angle : 0) : 'clear';
      // Into the enemy or impassable ground the evaders are destroyed; through friends, both are disordered in every stand.
      if (way === 'destroyed') return 0.02;
      if (way === 'friend') return 0.1;
      return action.card ? 0.9 : exposed ? 0.85 : 0.6;
    }
    return exposed ? 0.2 : 0.5;
  },
  cardCost: (state, action) => {
    if (action.type !== 'order' || typeof action.card !== 'string') return undefined;
    const hs = state as HmState;
    const card = hs.rules.cards[action.card];
    if (!card) return undefined;
    // A card already in play costs nothing more; a unit's own card orders only that unit; a
    // General's card could order any unit of his Command, so it is spent on good orders only.
    if (hs.rules.activeCard?.card === action.card) return 0;
    if (card.kind === 'general') return generalCardCost(hs, action);
    return (card.kind === 'unit' ? 0.1 : 0.3) * cardsWorthKeeping(hs, action.side);
  },
  sees: (state, bf, o, t) => attackTargets(state as HmState, bf, o as HmUnit).some((x) => x.id === t.id) || dhypot(o.x - t.x, o.y - t.y) < inch(24),
  forecast: (state, bf, action) => {
    const f = orderForecast(state as HmState, bf, action);
    const u = unitById(state as HmState, String(action.unit ?? ''));
    const declared = u ? formationJudgement(u, action) : null;
    const leaves = u && f.pose ? leavesTable(bf, u, f.pose) : null;
    if (!declared && !leaves) return f;
    const judgements = [...(f.judgements ?? [])];
    if (declared) judgements.push(declared);
    if (leaves) judgements.push(leaves);
    return { ...f, judgements };
  },
  // Cards may be held from turn to turn (A §7.7): ending the turn keeps them for a better use.
  // The more so when a card in hand is the last that could reform a battalion in need (aiCards.ts).
  restValue: (state, action) => (action.type === 'end-turn' ? restValue(state as HmState, action.side) : undefined),
  placesFor: (state, bf, u) => (u.rs.general ? placesForGeneral(state as HmState, bf, u as HmUnit) : placesInLine(state as HmState, u as HmUnit)),
};

/**
 * A Prussian battalion's first order fixes whether it stands in line or column for the battle
 * (B §3.3). A column tests Resolve at −3 (A §18.1), must march 3"-6" ahead every turn orders are
 * issued (A §9), and needs a card and a 3" move to form line (A §11.6): declared only for a good
 * reason. The forecasts read the unit as it stands (in line), so the cost is judged here.
 */
export function formationJudgement(u: HmUnit, action: Action): { name: string; value: number } | null {
  if (u.rs.formationDeclared || action.formation !== 'column' || u.formation === 'column') return null;
  return { name: 'stays in line to fight', value: 0.4 };
}

/**
 * A move that ends with a stand over the table's edge takes the unit out of the battle (A §11.9),
 * and off the table a battalion counts as lost for the break (B §8.1). Seen: a battalion that had
 * threaded a gap in a file near its own edge marched on, its file's tail over the edge.
 */
export function leavesTable(bf: Battlefield, u: HmUnit, pose: { x: number; y: number; facing: number }): { name: string; value: number } | null {
  // A pose where the unit stands now counts too: with its file's tail over the edge, the rules may
  // walk it a little way the forecast does not, and any move at all takes it off.
  return offTable(withPose(u, pose), { width: bf.width, depth: bf.depth }) ? { name: 'stays on the table', value: 0.02 } : null;
}

/** How much more an Attack sure to break its target weighs than the rest of its group (Forecast.stakes). */
const ATTACK_STAKES = 1.5;

/** The forecast of one order, before the formation it declares is judged. */
function orderForecast(hs: HmState, bf: Battlefield, action: Action): Forecast {
  const u = unitById(hs, String(action.unit ?? ''));
  if (!u) return {};
  if (action.type === 'order' && (action.order === 'attack' || action.order === 'assault')) {
    const t = unitById(hs, String(action.target));
    if (!t) return {};
    const { swing, ...f } = attackForecast(hs, bf, u, t, action.order === 'assault');
    // An Attack is a gamble of the unit itself: taken at good odds, refused at bad ones.
    const judgements = [{ name: 'odds of the Attack', value: Math.max(0.05, Math.min(1, 0.5 + f.inflicted - f.risk)) }];
    // Near the turn limit, an Attack that can only lose the count the battle is judged on is refused.
    const verdict = verdictJudgement(hs, swing);
    if (verdict < 1) judgements.push({ name: 'the verdict at the turn limit', value: verdict });
    // An Attack likely to break its target is what wins the battle: up to 2.5 times its group's
    // weight, or a sure Attack loses to a march whose many minor judgements all read well (ARCHITECTURE).
    return { target: t.id, ...f, judgements, stakes: 1 + ATTACK_STAKES * Math.min(1, f.removes) };
  }
  if (action.type === 'order' && (action.order === 'fire' || action.order === 'skirmish-fire')) return fireForecast(hs, bf, u, String(action.target));
  if (action.type === 'order' && action.order === 'skirmish-plan') return planForecast(hs, bf, u, action.plan);
  if (action.type === 'order' && action.order === 'shell-building') return shellBuildingForecast(hs, bf, u, String(action.building));
  if (action.type === 'general-move') {
    const pose = walkedPose(hs, bf, u, movePose(u, action).pose);
    if (!pose) return {};
    return {
      pose,
      judgements: [
        { name: 'command in reach', value: 0.15 + 0.85 * commandCoverage(hs, u, pose) },
        { name: 'General out of danger', value: generalSafety(hs, u, pose) },
      ],
    };
  }
  if (action.order === 'reform') return { judgements: [{ name: 'back in order where it is threatened', value: reformJudgement(hs, bf, u) }] };
  // A rallied unit no longer counts as lost for the army's break (B §8.1): always worth a card.
  if (action.order === 'rally') return { judgements: [{ name: 'rallies a broken unit', value: 1 }] };
  // A withdrawing battalion goes on 3" a turn until halted, takes no other order, supports nobody,
  // runs into the friends behind it and, off the table, counts as lost (A §19.4, §11.8, B §8.1).
  if (action.order === 'halt') return { judgements: [{ name: 'halts its withdrawal', value: 1 }] };
  const moved = walkedOrderPose(hs, bf, u, action);
  if (!moved.pose) return moved;
  const judgements: { name: string; value: number }[] = [];
  // Guns that can shoot now stay in action: a limbered gun needs another card to fire.
  if (action.order === 'limber' && gunsWithTargets(hs, bf, u.side).includes(u)) judgements.push({ name: 'guns stay in action', value: 0.3 });
  const giveUp = retrogradeCost(bf, u, action.order, moved.pose);
  if (giveUp !== null) judgements.push({ name: 'holds its ground', value: giveUp });
  // Formed troops move only to their front: facing the enemy is what lets them close and Attack.
  const facing = facingJudgement(hs, u, moved.pose);
  if (facing !== null) judgements.push({ name: 'faces the enemy', value: facing });
  // A unit that leaves its General's reach can be ordered only by its own cards.
  if (u.rs.command && u.rs.troop !== 'general') judgements.push({ name: 'stays in command', value: 0.6 + 0.4 * inCommand(hs, u, moved.pose) });
  judgements.push({ name: "out of the enemy's reach", value: reachJudgement(hs, bf, u, moved.pose) });
  const onTop = overlapJudgement(hs, u, moved.pose);
  if (onTop !== null) judgements.push({ name: 'ends clear of other units', value: onTop });
  // Horse goes where its next order can be a good charge; foot halts within 9" of the enemy anyway.
  // A charge that promises half again its risk is as good as it gets: most charges falter (Chart D).
  if (MOUNTED_LINE.has(u.rs.troop)) judgements.push({ name: 'a charge in reach from there', value: 0.6 + 0.4 * Math.min(1, 2 * strikeProspect(hs, bf, u, moved.pose)) });
  const disorder = moveDisorder(bf, u, moved.pose);
  if (disorder > 0) judgements.push({ name: 'keeps its order', value: Math.max(0.3, 1 - (0.6 * disorder) / Math.max(1, u.stands.length)) });
  return { ...moved, judgements };
}

/** standsReach by stands list: states share the lists of units an action left alone. */
const REACH = new WeakMap<readonly HmUnit['stands'][number][], number>();

/** A stand's furthest reach from its unit's centre: its offset plus half its diagonal. */
function standsReach(u: HmUnit): number {
  let r = REACH.get(u.stands);
  if (r !== undefined) return r;
  r = 0;
  for (const s of u.stands) r = Math.max(r, dhypot(s.f, s.l) + dhypot(s.width, s.depth) / 2);
  REACH.set(u.stands, r);
  return r;
}

/**
 * 0.1 when an order leaves a formed unit overlapping another: the rules let a wheel swing into a
 * neighbour, but at the end of the turn both are moved apart and the stands still overlapping are
 * lost, an attached General first (A §11.8, ruleset.ts separateAll). Seen: a third of a battalion
 * and the Commander-in-chief lost so, and every unit of the army then tests at −3. Null when clear.
 */
export function overlapJudgement(state: HmState, u: HmUnit, pose: { x: number; y: number; facing: number }): number | null {
  const formed = (o: HmUnit): boolean => o.rs.troop !== 'general' && o.rs.troop !== 'skirmInf' && o.rs.troop !== 'skirmCav';
  if (!formed(u)) return null;
  const placed = withPose(u, pose);
  const reach = standsReach(u);
  for (const o of liveUnits(state)) {
    if (o.id === u.id || !formed(o)) continue;
    if (dhypot(o.x - pose.x, o.y - pose.y) > reach + standsReach(o)) continue;
    if (unitsOverlap(placed, o)) return 0.1;
  }
  return null;
}

/**
 * What a Reform is worth, 0.4..1 (A §15.4): each disordered stand is −1 to the unit's own Resolve
 * and +1 to its opponent's, and a stand that combat dice can destroy; the shaken marker goes too.
 * So it is worth most to the unit with the most stands in disorder and to the one whose danger from
 * the enemy's best Attack (exposure) falls the most once it is back in order: one General's card
 * reforms the battalion that is about to be attacked before one that is out of reach.
 */
export function reformJudgement(state: HmState, bf: Battlefield, u: HmUnit): number {
  const disordered = disorderedCount(u);
  const reformed: HmUnit = { ...u, stands: u.stands.map((s) => (s.status === 'disordered' ? { ...s, status: 'ok' } : s)), rs: { ...u.rs, shakenMarker: false } };
  const pose = { x: u.x, y: u.y, facing: u.facing };
  const relief = Math.max(0, exposure(state, bf, u, pose).danger - exposure(state, bf, reformed, pose).danger);
  return Math.min(1, 0.4 + (0.3 * disordered) / Math.max(1, u.stands.length) + 1.2 * relief);
}

/** Troops that give and take flank and rear support (A §18.2-18.3): formed foot and horse. */
const LINE_TROOPS: ReadonlySet<string> = new Set(['infantry', 'lightCav', 'heavyCav', 'cuirassier']);

/**
 * A formed unit's spots in the line (A §18.2-18.3): level with a friend beside it, so that each
 * flanks the other, and close behind a friend in front, as its rear support. An unsupported unit
 * tests its Resolve at -1, a well-supported one at up to +4 (A §18.1): seen, the computer's lines
 * came apart as it marched, and 19 of its 41 Attacked units were unsupported. Formed troops move only
 * ahead, so each spot lies on the unit's own line of march; the scoring judges what it is worth.
 */
function placesInLine(hs: HmState, u: HmUnit): { x: number; y: number; why: string }[] {
  if (!LINE_TROOPS.has(u.rs.troop) || u.formation === 'loose') return [];
  // Asked once per point order of the unit: kept by the state's unit list (never changed once made) and the unit.
  let byUnit = lineSpots.get(hs.units);
  if (!byUnit) lineSpots.set(hs.units, (byUnit = new Map()));
  const known = byUnit.get(u);
  if (known) return known;
  const spots = lineSpotsOf(hs, u);
  byUnit.set(u, spots);
  return spots;
}

const lineSpots = new WeakMap<readonly HmUnit[], Map<HmUnit, { x: number; y: number; why: string }[]>>();

function lineSpotsOf(hs: HmState, u: HmUnit): { x: number; y: number; why: string }[] {
  const mounted = TROOPS[u.rs.troop].mounted;
  const own = unitExtent(u);
  const ahead = direction(u.facing);
  const right = { x: -ahead.y, y: ahead.x };
  const out: { x: number; y: number; why: string }[] = [];
  for (const f of liveUnits(hs)) {
    if (f.id === u.id || f.side !== u.side || !LINE_TROOPS.has(f.rs.troop) || TROOPS[f.rs.troop].mounted !== mounted) continue;
    if (Math.abs(wrapAngle(f.facing - u.facing)) > Math.PI / 4 || isShaken(hs, f)) continue;
    const dx = f.x - u.x;
    const dy = f.y - u.y;
    const forward = dx * ahead.x + dy * ahead.y;
    const across = Math.abs(dx * right.x + dy * right.y);
    const theirs = unitExtent(f);
    const halfFronts = (own.maxL - own.minL + theirs.maxL - theirs.minL) / 2;
    if (across >= halfFronts - inch(0.5) && across <= halfFronts + inch(3) && forward > inch(1)) {
      out.push({ x: u.x + ahead.x * forward, y: u.y + ahead.y * forward, why: `level with ${f.name}` });
    } else if (across < halfFronts / 2) {
      // Directly ahead: close up behind it, an inch or two inside the 9" (horse 18") of rear support.
      const gap = (own.maxF - own.minF + theirs.maxF - theirs.minF) / 2 + inch(mounted ? 6 : 3);
      if (forward - gap > inch(1)) out.push({ x: u.x + ahead.x * (forward - gap), y: u.y + ahead.y * (forward - gap), why: `behind ${f.name} in support` });
    }
  }
  return out;
}

/** A General's spots: among his Command, and a little behind it. */
function placesForGeneral(hs: HmState, _bf: Battlefield, u: HmUnit): { x: number; y: number; why: string }[] {
  if (!u.rs.general) return [];
  const centre = commandCentre(hs, u);
  if (!centre) return [];
  // Among his Command, a little behind it: in reach of all and out of the enemy's.
  const enemies = liveUnits(hs).filter((e) => e.side !== u.side && e.rs.troop !== 'general');
  const nearest = enemies.sort((a, b) => dhypot(a.x - centre.x, a.y - centre.y) - dhypot(b.x - centre.x, b.y - centre.y))[0];
  if (!nearest) return [{ ...centre, why: 'among his Command' }];
  const d = Math.max(1, dhypot(nearest.x - centre.x, nearest.y - centre.y));
  const back = inch(3);
  return [
    { ...centre, why: 'among his Command' },
    { x: centre.x - ((nearest.x - centre.x) / d) * back, y: centre.y - ((nearest.y - centre.y) / d) * back, why: 'behind his Command' },
  ];
}

/**
 * Where an Evade would take the evaders (B §1.5): straight away from the attacker, turned by the
 * wheel chosen, as far as the chart's longest move (6", horse 18"): clear, into a friend (every stand
 * of both disordered) or into the enemy or impassable ground (destroyed). A skirmish screen in front
 * of its own line that evades straight back runs through the line and leaves it shaken.
 */
export function evadeWay(state: HmState, bf: Battlefield, evader: HmUnit, attacker: HmUnit, wheel: number): 'clear' | 'friend' | 'destroyed' {
  const heading = wrapAngle(datan2(evader.y - attacker.y, evader.x - attacker.x) + wheel);
  const reach = inch(TROOPS[evader.rs.troop].mounted ? 18 : 6);
  const w = walk(state, bf, evader, heading, reach, heading, { exemptHalts: true });
  if (w.travelled >= reach - 1) return 'clear';
  if (w.hitEnemy || w.hitTerrain) return 'destroyed';
  return w.hitFriend ? 'friend' : 'clear';
}

/**
 * How much the danger where a move ends marks it down, per unit of danger. Measured against the
 * scripted player, games 1-140 of seed 5: 0.8 won 100, 1.2 won 104, 1.6 won 107, 2.4 won 100
 * (more careful still, it came too late to Attacks and lost more at the turn limit).
 */
export const REACH_DANGER = 1.6;

/** Each unit's exposure where it stands now, once per view of the battle. */
const exposureNow = new WeakMap<HmState, Map<string, number>>();

/**
 * How safe an order leaves a unit from the enemy's Attacks, 0.1..1: the worst enemy Attack in reach
 * where it would stand (aiResolve.ts exposure), and a bonus for getting out of a danger it is in
 * now. Foot that count for the army's break (B §8.1) weigh this in full, other troops by half.
 */
export function reachJudgement(state: HmState, bf: Battlefield, u: HmUnit, pose: { x: number; y: number; facing: number }): number {
  let known = exposureNow.get(state);
  if (!known) {
    known = new Map();
    exposureNow.set(state, known);
  }
  let now = known.get(u.id);
  if (now === undefined) {
    now = exposure(state, bf, u, { x: u.x, y: u.y, facing: u.facing }).danger;
    known.set(u.id, now);
  }
  const there = exposure(state, bf, u, pose).danger;
  // Foot that count for the break weigh it by their share of the army's break; the others by half.
  const weight = countsForBreak(u, state.options.breakRule === 'forty-percent-all') ? breakWeight(state, u) : 0.5;
  return Math.max(0.1, Math.min(1, 1 - weight * (REACH_DANGER * there - 0.4 * Math.max(0, now - there))));
}

/**
 * Stands a move would disorder on the way (B §4.2: streams, steep slopes), as the move itself
 * counts them: each disordered stand is −1 to the unit's Resolve and +1 to its opponent's until a
 * Reform, and a stand that can be destroyed in the next fight.
 */
export function moveDisorder(bf: Battlefield, u: HmUnit, pose: { x: number; y: number; facing: number }): number {
  if (u.rs.troop === 'general' || u.rs.troop === 'artillery') return 0;
  let n = 0;
  for (const c of crossingsAlong(bf, { x: u.x, y: u.y }, pose, u.rs.troop)) n += c.disorder === 'all' ? u.stands.length : c.disorder;
  const at = { x: pose.x, y: pose.y, facing: pose.facing };
  n += slopeDisorder(bf, u.stands.map((s) => standRect(at, s)), u.rs.troop, u.formation as 'line' | 'column' | 'loose');
  return Math.min(n, u.stands.length);
}

/**
 * Where a move really ends, as the rules walk it (moves.ts walk): short of a unit or impassable
 * ground in the way, at a halt within 9" of a known enemy or at slowing ground. A move that ends
 * where it began wastes the card; one that ends short is judged where it stops. Generals' moves and
 * units' Moves and Obliques (walkedOrderPose) are judged so; `slows` says whether slowing ground stops it.
 */
export function walkedPose<P extends { x: number; y: number; facing: number } | undefined>(
  state: HmState,
  bf: Battlefield,
  u: HmUnit,
  pose: P,
  slows = u.rs.troop !== 'general' && u.rs.troop !== 'skirmInf' && u.rs.troop !== 'skirmCav',
): P {
  if (!pose) return pose;
  const d = dhypot(pose.x - u.x, pose.y - u.y);
  if (d < 1) return pose;
  const heading = datan2(pose.y - u.y, pose.x - u.x);
  return walk(state, bf, u, heading, d, pose.facing, { stopAtSlowing: slows }).pose as P;
}

/**
 * orderPose, with a Move or an Oblique walked as the rules walk it (orders.ts): a unit deployed
 * behind a stream or a marsh otherwise spends card after card on moves that go nowhere. Guns do not
 * stop at slowing ground (gunMove).
 */
function walkedOrderPose(state: HmState, bf: Battlefield, u: HmUnit, action: Action): { pose?: { x: number; y: number; facing: number } } {
  const moved = orderPose(u, action);
  if (action.type !== 'order' || (action.order !== 'move' && action.order !== 'oblique') || !moved.pose) return moved;
  const slows = action.order === 'oblique' || (u.rs.troop !== 'artillery' && u.rs.troop !== 'skirmInf' && u.rs.troop !== 'skirmCav');
  return { pose: walkedPose(state, bf, u, moved.pose, slows) };
}

/** Where a move order leaves the unit: straight ahead for formed troops, anywhere for free movers. */
function movePose(u: HmUnit, action: Action): { pose?: { x: number; y: number; facing: number } } {
  const to = action.to as { x: number; y: number } | undefined;
  if (!to || typeof to.x !== 'number') return {};
  const d = dhypot(to.x - u.x, to.y - u.y);
  const heading = d > 1 ? angleOf(sub(to, u)) : u.facing;
  const free = u.rs.troop === 'general' || u.formation === 'loose' || u.rs.troop === 'skirmInf' || u.rs.troop === 'skirmCav';
  const v = direction(free ? heading : u.facing);
  const reach = free ? d : Math.max(0, (to.x - u.x) * v.x + (to.y - u.y) * v.y);
  return { pose: { x: u.x + v.x * reach, y: u.y + v.y * reach, facing: free ? heading : u.facing } };
}

/** Where an order leaves the unit and which way it faces: moves, wheels, turns, forming line. */
export function orderPose(u: HmUnit, action: Action): { pose?: { x: number; y: number; facing: number } } {
  const angle = typeof action.angle === 'number' ? action.angle : 0;
  if (action.type === 'column-wheel') return { pose: { x: u.x, y: u.y, facing: wrapAngle(u.facing + angle) } };
  if (action.type !== 'order') return movePose(u, action);
  switch (action.order) {
    case 'wheel':
      return { pose: wheelBy(u, Math.max(-Math.PI / 4, Math.min(Math.PI / 4, angle))) };
    case 'turn':
      return { pose: { x: u.x, y: u.y, facing: wrapAngle(u.facing + Math.PI) } };
    case 'form-line': {
      const side = action.to === 'left' ? Math.PI / 2 : action.to === 'right' ? -Math.PI / 2 : 0;
      const facing = wrapAngle(u.facing + side);
      // Forming line carries a compulsory 3" move to the new front (A §11.6).
      return { pose: { x: u.x + dcos(facing) * inch(3), y: u.y + dsin(facing) * inch(3), facing } };
    }
    case 'withdraw': {
      // About turn and 3" away, then 3" more each turn until halted (A §19.4).
      const away = wrapAngle(u.facing + Math.PI + angle);
      return { pose: { x: u.x + dcos(away) * inch(3), y: u.y + dsin(away) * inch(3), facing: away } };
    }
    case 'retire': {
      // Mounted: 9" away, then facing as the order says, turned from the old facing (A §10).
      const away = wrapAngle(u.facing + Math.PI + angle);
      const turn = typeof action.face === 'number' ? action.face : 0;
      return { pose: { x: u.x + dcos(away) * inch(9), y: u.y + dsin(away) * inch(9), facing: wrapAngle(u.facing + turn) } };
    }
    default:
      return movePose(u, action);
  }
}

/**
 * What a retrograde order gives up, 0..1: a withdrawing battalion goes on withdrawing each turn
 * until a card halts it, and off the table it counts as lost for the break (A §19.4, B §8.1); a
 * retiring regiment takes a shaken marker (A2).
 */
function retrogradeCost(bf: Battlefield, u: HmUnit, order: unknown, pose: { x: number; y: number; facing: number }): number | null {
  if (order === 'withdraw') return withdrawsOffTable(bf, u, pose) ? 0.05 : 0.3;
  if (order === 'retire') return 0.55;
  return null;
}

/** Turns of withdrawal after the first (3" each) within which a battalion that is not halted is off the table. */
const WITHDRAWALS_AHEAD = 2;

/**
 * Whether a withdrawal from `pose` (already about-turned and 3" back) takes a stand over the table's
 * edge within WITHDRAWALS_AHEAD more turns: halting needs a card, and a battalion gone off the table
 * counts as lost for the break (B §8.1). Seen: battalions withdrawn from near their own edge walked
 * off it two turns later, and lost the battle at the turn limit.
 */
export function withdrawsOffTable(bf: Battlefield, u: HmUnit, pose: { x: number; y: number; facing: number }): boolean {
  const table = { width: bf.width, depth: bf.depth };
  const step = direction(pose.facing);
  for (let k = 0; k <= WITHDRAWALS_AHEAD; k++) {
    const at = { x: pose.x + step.x * inch(3) * k, y: pose.y + step.y * inch(3) * k, facing: pose.facing };
    if (offTable(withPose(u, at), table)) return true;
  }
  return false;
}

/**
 * How well a formed unit facing this way can go at the enemy, 0.3..1: the nearest enemy within
 * 45° of its front is best; side-on costs a wheel; behind it, a turn about. Null for units that
 * face any way at will (skirmishers, loose order, Generals, guns).
 */
export function facingJudgement(state: HmState, u: HmUnit, pose: { x: number; y: number; facing: number }): number | null {
  if (u.rs.troop === 'general' || u.rs.troop === 'artillery' || u.rs.troop === 'skirmInf' || u.rs.troop === 'skirmCav' || u.formation === 'loose') return null;
  const enemies = liveUnits(state).filter((e) => e.side !== u.side && e.rs.troop !== 'general');
  let nearest: HmUnit | undefined;
  let best = Infinity;
  for (const e of enemies) {
    const d = dhypot(e.x - pose.x, e.y - pose.y);
    if (d < best) {
      best = d;
      nearest = e;
    }
  }
  if (!nearest) return null;
  const off = Math.abs(wrapAngle(datan2(nearest.y - pose.y, nearest.x - pose.x) - pose.facing));
  return off <= Math.PI / 4 + 0.05 ? 1 : off <= Math.PI / 2 + 0.05 ? 0.7 : off <= (3 * Math.PI) / 4 ? 0.45 : 0.3;
}
