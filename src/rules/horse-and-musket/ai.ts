/**
 * What the Horse & Musket rules tell the AI: strength and worth, reach and sight, the expected
 * result of an Attack read off the Resolve charts (A §16-18) without throwing a die, and which
 * cards are worth keeping.
 */

import type { Action, Unit } from '../../core/model';
import { DEPLOY_ACTION, DEPLOY_DONE_ACTION, DEPLOY_REST_ACTION, DEPLOY_STOP_ACTION } from '../../core/deployment';
import { inch } from '../../core/measure';
import type { AiHints } from '../../core/ruleset';
import { angleOf, direction, sub } from '../../core/geometry';
import type { Battlefield } from '../../terrain/battlefield';
import { chartFor, chartRows, resolveModifiers, sumModifiers, TROOPS, type ResolveResultKind, type ResolveRole } from './charts';
import { attackTargets } from './orders';
import { defaultChoices, resolveFacts, touching } from './attack';
import type { HmGame, HmState, HmUnit, HmUnitState } from './types';
import { disorderedCount, isBroken, isShaken, liveUnits, unitById } from './world';
import { attackAspect, attackRange } from './zones';
import { dhypot } from '../../core/detmath';

const isCombatant = (u: Unit<HmUnitState>): boolean => u.rs.troop !== 'general';

/** The chance of each 2D6 total, 2..12. */
const TWO_D6: number[] = Array.from({ length: 13 }, (_, t) => (t < 2 ? 0 : (6 - Math.abs(t - 7)) / 36));

/**
 * What a Resolve result means for the unit that gets it, from -1 (Break & Run) to +1 (it charges
 * home): the AI's reading of the charts' rows, not a rule.
 */
const OUTCOME: Record<ResolveResultKind, number> = {
  charge: 1,
  chargeIfWithin: 0.8,
  advanceFire: 0.6,
  standFire: 0.4,
  continue: 0.3,
  turnToFace: 0.1,
  stand: 0.1,
  abandonIfCharged: -0.2,
  falterAfter: -0.3,
  falter: -0.35,
  veerOff: -0.4,
  withdrawOrRetire: -0.5,
  retire: -0.5,
  withdraw: -0.5,
  retreat: -0.6,
  abandonGuns: -0.9,
  breakRun: -1,
};

interface ResolveOutlook {
  /** Expected worth of the result, -1..1. */
  mean: number;
  /** Chance of Break & Run or Abandon Guns. */
  breaks: number;
  /** Chance of a result that gives ground or leaves the unit shaken. */
  yields: number;
}

/** One side's Resolve test in an Attack, every 2D6 total weighed by its chance (A §16 step 4). */
function outlook(state: HmState, bf: Battlefield, u: HmUnit, opponent: HmUnit, role: ResolveRole, assault: boolean): ResolveOutlook {
  const inContact = touching(u, opponent);
  const aspect = role === 'attacker' ? 'front' : attackAspect(opponent, u);
  const canCounter = role !== 'attacker' && TROOPS[u.rs.troop].mounted && aspect === 'front';
  const tester = u.rs.troop === 'general' ? 'skirmCav' : u.rs.troop;
  const opp = opponent.rs.troop === 'general' ? 'skirmCav' : opponent.rs.troop;
  const chart = chartFor({ tester, role: canCounter ? 'counterAttacker' : role, opponent: opp, inContact, flankOrRear: aspect !== 'front', canCounterAttack: canCounter, broken: isBroken(u) }).chart;
  const facts = resolveFacts(state, bf, u, opponent, canCounter ? 'counterAttacker' : role, { assault }, false);
  const rows = chartRows(chart, { swapUnpreparedStand: state.options.unpreparedSwap === true });
  let mean = 0;
  let breaks = 0;
  let yields = 0;
  for (let raw = 2; raw <= 12; raw++) {
    // The ± choices a side would take for itself with this throw.
    const choices = defaultChoices(state, { unit: u.id, opponent: opponent.id, role, chart, raw: [Math.ceil(raw / 2), Math.floor(raw / 2)], facts });
    const total = raw + sumModifiers(resolveModifiers({ ...facts, ...choices }));
    const row = rows.find((r) => (r.min === null || total >= r.min) && (r.max === null || total <= r.max));
    if (!row) continue;
    const p = TWO_D6[raw]!;
    const worth = OUTCOME[row.result.kind];
    mean += p * worth;
    if (worth <= -0.9) breaks += p;
    else if (worth < 0) yields += p;
  }
  return { mean, breaks, yields };
}

/** An Attack's expected result: both sides' Resolve read together (A §16). */
function attackForecast(state: HmState, bf: Battlefield, u: HmUnit, t: HmUnit, assault: boolean): { inflicted: number; removes: number; risk: number } {
  const mine = outlook(state, bf, u, t, 'attacker', assault);
  const theirs = outlook(state, bf, t, u, 'defender', false);
  // The better result carries the day; a broken or yielding defender is what the Attack is for.
  const edge = Math.max(0, Math.min(1, 0.5 + (mine.mean - theirs.mean) / 2));
  const inflicted = Math.min(1, theirs.breaks * 0.8 + theirs.yields * 0.4 + edge * 0.2);
  const risk = Math.min(1, mine.breaks * 0.8 + mine.yields * 0.4 + (1 - edge) * 0.2);
  return { inflicted, removes: theirs.breaks, risk };
}

/** Cards that order many units, played as a card rather than with an order. */
function multiCardValue(state: HmState, kind: string, side: string): number {
  const own = liveUnits(state).filter((u) => u.side === side);
  const enemies = liveUnits(state).filter((u) => u.side !== side && u.rs.troop !== 'general');
  const near = (u: HmUnit, reach: number): boolean => enemies.some((e) => dhypot(e.x - u.x, e.y - u.y) <= reach);
  switch (kind) {
    case 'artillery':
      // Worth playing when a battery has someone to shoot at; otherwise kept for a better turn.
      return own.some((u) => u.rs.troop === 'artillery' && near(u, inch(30))) ? 0.9 : 0.25;
    case 'skirmInf':
    case 'skirmCav': {
      // A skirmisher card also buys an Evade bonus (B §1.5): keep one when nobody has a target.
      const troop = kind === 'skirmInf' ? 'skirmInf' : 'skirmCav';
      return own.some((u) => u.rs.troop === troop && near(u, inch(12))) ? 0.8 : 0.3;
    }
    case 'infantryAdvance':
      // Used now or lost (A §7.3).
      return 0.85;
    case 'joker':
      return 0.75;
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
  fireRange: (u) => (u.rs.troop === 'artillery' ? { close: inch(6), long: inch(30) } : u.rs.troop === 'general' ? null : { close: inch(3), long: inch(6) }),
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
    const limit = Number(state.options.turnLimit ?? 24);
    return Math.min(1, state.rules.turnNumber / Math.max(1, limit));
  },
  choiceValue: (state, action) => {
    const hs = state as HmState;
    const pc = hs.rules.pendingChoice;
    if (action.type === 'resolve-choice' && pc) {
      // The program's own pick for a side that does not choose is the AI's pick too.
      const t = pc.thrown[0].unit === pc.awaiting ? pc.thrown[0] : pc.thrown[1];
      const best = defaultChoices(hs, t);
      return best.coverChoice === action.coverChoice && best.generalChoice === action.generalChoice && best.austrianChoice === action.austrianChoice ? 0.95 : 0.2;
    }
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
      return card ? multiCardValue(hs, card.kind, String(action.side)) : 0.5;
    }
    if (action.type === 'discard') return 0.05;
    if (action.type === 'choose-posture') return action.choice === 'defend' ? 0.6 : 0.4;
    // The computer sets up its army as the engine's deployment does, then says it is done.
    if (action.type === DEPLOY_REST_ACTION) return 0.95;
    if (action.type === DEPLOY_DONE_ACTION) return 0.9;
    if (action.type === DEPLOY_ACTION) return 0;
    // Alternate placement (5B): stopping sends the rest to the reinforcements; only when no group can be placed.
    if (action.type === DEPLOY_STOP_ACTION) return 0.02;
    if (action.type !== 'react') return undefined;
    const d = unitById(hs, String(hs.rules.pendingReaction?.defender ?? ''));
    if (!d) return undefined;
    // Skirmishers caught in the open are destroyed, and light cavalry are outclassed by heavier horse: evade.
    const exposed = d.rs.troop !== 'lightCav';
    if (action.choice === 'evade') return action.card ? 0.9 : exposed ? 0.85 : 0.6;
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
    if (card.kind === 'unit') return 0.1;
    if (card.kind === 'general') return 0.45;
    return 0.3;
  },
  sees: (state, bf, o, t) => attackTargets(state as HmState, bf, o as HmUnit).some((x) => x.id === t.id) || dhypot(o.x - t.x, o.y - t.y) < inch(24),
  forecast: (state, bf, action) => {
    const hs = state as HmState;
    const u = unitById(hs, String(action.unit ?? ''));
    if (!u) return {};
    if (action.type === 'order' && (action.order === 'attack' || action.order === 'assault')) {
      const t = unitById(hs, String(action.target));
      if (!t) return {};
      return { target: t.id, ...attackForecast(hs, bf, u, t, action.order === 'assault') };
    }
    if (action.type === 'order' && (action.order === 'fire' || action.order === 'skirmish-fire')) return { target: String(action.target), inflicted: 0.15, risk: 0.02 };
    return movePose(u, action);
  },
};

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
