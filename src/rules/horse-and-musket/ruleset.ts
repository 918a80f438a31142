/** The horse-and-musket ruleset (seed 000, "Resolve"): the Ruleset object the engine, the AI and the UI use. */

import type { Action, GameSetup, Unit } from '../../core/model';
import { inch } from '../../core/measure';
import { RuleError, type LegalAction, type RuleContext, type Ruleset, type UnitInfoLine } from '../../core/ruleset';
import { angleOf, sub } from '../../core/geometry';
import { battlefieldFromSpec, type Battlefield } from '../../terrain/battlefield';
import { CARD_LABELS, cardLabel, discardFromHand, reshuffle } from './cards';
import { STATUS_NAMES, TROOPS, WEATHER, rollDamageRepair, type ResolveChoice } from './charts';
import { grapeshotPhase } from './fire';
import { relayout } from './layout';
import { moveTo, pointAhead, walk } from './moves';
import { breakFormationThrough, moveThroughGaps, standsBlocked, terrainGapToThread } from './gaps';
import { withdrawStep } from './withdraw';
import { HORSE_AND_MUSKET_NOTES } from './notes';
import { HM_OPTIONS } from './options';
import { HM_ARMY_BUILDING } from './roster';
import { activeCardMayOrder, applyGeneralMove, applyOrder, generalHindered, orderActions, point } from './orders';
import { choiceOptions, chooseResolve, chooseRetire, colourGap, destroyUnit, loseStands, reactToAttack, relocateEvaders, touching } from './attack';
import { SCENARIOS, applyPreBattle, automaticPlan, beginBattle, commandRangePenalty, createHorseAndMusketGame, deployAutomatically, preBattleActions } from './setup';
import { afterJoker, applyArrival, arrivalActions, enteredThisTurn } from './arrivals';
import { endTurn, gameTurn, issueOrders, jokerDue, passTurn, type TurnHooks } from './turn';
import type { HmGame, HmState, HmUnit, HmUnitState } from './types';
import { handForUnit, handOf, seatOrders, seatPlans, seatToAct, turnsPerRound } from './seats';
import { seatById, seatOfUnit } from '../../core/seats';
import { FIGURE_HEIGHT } from './visibility';
import { hmAi } from './ai';
import { battleResult, cincOf, cincOver, destroyedCount, disorderedCount, enemiesOf, isBroken, isShaken, liveUnits, unitById } from './world';
import { applyBreakthroughOrder, breakthroughActions } from './breakthrough';
import { attackRange, haltCause, nearestEnemy, overlappingStands, separateOverlaps, wheelBy } from './zones';
import { onRoad } from './terrain';
import { zoneContext } from './moves';
import { hmOverlays, hmSideInfo } from './display';
import { hmAlerts } from './alerts';
import { DEPLOY_ACTION, DEPLOY_DONE_ACTION, DEPLOY_REST_ACTION, DEPLOY_STOP_ACTION } from '../../core/deployment';
import { alternateActions, applyAlternate } from './alternate';
import { applyPlaceWorks, attackersLoseWorks, autoPlaceWorksText, PLACE_WORKS_ACTION, worksActions, worksKnownTo } from './works';
import { applyDeployment, deploymentActions, deploymentKnownEvents, deploymentKnownTo, deploymentOverlays, startDeployment } from './deployment';
import { answerActions, applyAnswer, applyOffer, applySurrender, endingActions, offerPending } from './ending';
import { revealTerrain, rollExtraFords, rollRoadCrossings, rollTerrainSubtypes, terrainDice, terrainKnownEvents, veilTerrain } from './subtypes';
import { applyDecoyMove, decoyActions, describeCounter, initHidden, knownEvents, knownTo, updateHidden } from './hidden';

const bfOf = (state: HmState): Battlefield => battlefieldFromSpec(state.battlefield);
const alternatePlacing = (state: HmState): boolean => state.rules.deployment?.phase === 'alternate' || state.rules.deployment?.phase === 'generals';

// ---------------------------------------------------------------------------------------------
// The turn's automatic parts (A §8.1 steps 2, 4 and 6)

/** Free rallies (A §8.1 step 4, A8): an unshaken General touching a broken unit outside every enemy's Attack range. */
function freeRallies(state: HmState, side: string, ctx: RuleContext, only?: (u: HmUnit) => boolean): void {
  for (const u of liveUnits(state)) {
    if (u.side !== side || !isBroken(u) || (only && !only(u))) continue;
    const g = liveUnits(state).find((x) => x.side === side && x.rs.general && !isShaken(state, x) && touching(x, u));
    if (!g) continue;
    if (enemiesOf(state, u).some((e) => e.rs.troop !== 'general' && colourGap(e, u) <= attackRange(e))) continue;
    if (destroyedCount(u) * 2 > u.rs.originalStands) {
      u.removed = true;
      u.rs.removedBy = 'dispersed';
      ctx.emit({ type: 'rally', side, unit: u.id, text: `${g.name} rallies ${u.name}, but it has lost more than half its stands and disperses` });
      continue;
    }
    u.rs.retrograde = 'none';
    for (const s of u.stands) s.status = 'disordered';
    ctx.emit({ type: 'rally', side, unit: u.id, text: `${g.name} rallies ${u.name} (free: in base contact)` });
  }
}

/** A §9: columns march, withdrawals and retreats go on 3", runners run; loose units that stood reform. */
function compulsoryMoves(state: HmState, side: string, ctx: RuleContext, only?: (u: HmUnit) => boolean): void {
  const bf = bfOf(state);
  const zc = zoneContext(state, bf);
  for (const u of liveUnits(state)) {
    if (u.side !== side || u.rs.troop === 'general' || u.removed || (only && !only(u))) continue;
    const notes: string[] = [];
    if (u.rs.retrograde === 'running') {
      const near = nearestEnemy(u, liveUnits(state).filter((x) => x.rs.troop !== 'general'));
      const heading = near ? angleOf(sub(u, { x: near.unit.x, y: near.unit.y })) : u.facing;
      const run = inch(TROOPS[u.rs.troop].breakRun ?? 6);
      // Runners break formation for a gap between ground, not between units (A §19.3).
      const gap = terrainGapToThread(state, bf, u, u, pointAhead(u, heading, run));
      const w = walk(state, bf, u, heading, run, heading, { exemptHalts: true, colourStandOnly: gap !== null });
      notes.push(`${u.name} runs ${(w.travelled / 25.4).toFixed(1)}"`, ...moveTo(state, bf, u, w.pose, { looseAllowed: false }));
      if (gap && !u.removed) notes.push(...breakFormationThrough(state, bf, u, gap));
      if (w.hitEnemy && !u.removed) notes.push(...destroyUnit(state, u, 'ran into the enemy'));
    } else if (u.rs.retrograde === 'withdrawing' || u.rs.retrograde === 'retreating') {
      notes.push(...withdrawStep(state, bf, u, u.rs.retrogradeHeading, u.facing));
    } else if (u.rs.columnCompulsory && u.formation === 'column' && !enteredThisTurn(state, u.id)) {
      // A column that came on this turn made its move coming on (B §7); it marches from its next turn.
      if (haltCause(u, liveUnits(state), zc)) {
        u.rs.columnCompulsory = false;
      } else {
        // A gap narrower than one stand stops the march at its mouth (gaps.ts).
        const m = moveThroughGaps(state, bf, u, u.facing, inch(Math.min(6, WEATHER[state.rules.weather].maxMove)), u.facing, { stopAtSlowing: true });
        const w = m.walk;
        notes.push(`${u.name} marches on in column ${(w.travelled / 25.4).toFixed(1)}"`, ...m.notes);
        // The column's compulsory marching ends for good at the first stop (A53).
        if (w.stoppedBy) {
          u.rs.columnCompulsory = false;
          notes.push(`and stops: ${w.stoppedBy}`);
        }
      }
    } else if (u.formation === 'loose' && !u.rs.moved && u.rs.troop !== 'skirmInf' && u.rs.troop !== 'skirmCav') {
      const loose = u.stands;
      u.formation = u.rs.baseFormation;
      relayout(u);
      if (standsBlocked(state, bf, u)) {
        // No room to re-form inside a narrow gap: it stays loose until it is through [ENGINE DEFAULT].
        u.formation = 'loose';
        u.stands = loose;
        notes.push(`${u.name} stays loose: there is no room to re-form ${u.rs.baseFormation === 'line' ? 'line' : 'column'} where it stands`);
      } else notes.push(`${u.name} re-forms ${u.rs.baseFormation === 'line' ? 'line' : 'column'} about its Colour Stand`);
    }
    if (notes.length) ctx.emit({ type: 'compulsory', side, unit: u.id, text: notes.join('. ') });
  }
}

/**
 * No two units end a turn overlapping (A §11.8): they move equal distances directly apart; stands
 * still overlapping because other units or ground stop them are destroyed. Generals and skirmishers,
 * which are moved aside, are left out.
 */
function separateAll(state: HmState, ctx: RuleContext): void {
  const formed = (u: HmUnit): boolean => u.rs.troop !== 'general' && u.rs.troop !== 'skirmInf' && u.rs.troop !== 'skirmCav';
  const bf = bfOf(state);
  const units = liveUnits(state).filter(formed);
  for (let i = 0; i < units.length; i++) {
    for (let j = i + 1; j < units.length; j++) {
      const a = units[i]!;
      const b = units[j]!;
      if (a.removed || b.removed) continue;
      const apart = separateOverlaps(a, b);
      if (!apart) continue;
      const notes = [`${a.name} and ${b.name} end the turn overlapping and move ${(apart.each / 25.4).toFixed(1)}" apart`];
      notes.push(...moveTo(state, bf, a, apart.a, { terrainDisorder: false, looseAllowed: false }), ...moveTo(state, bf, b, apart.b, { terrainDisorder: false, looseAllowed: false }));
      for (const u of [a, b]) {
        const others = liveUnits(state).filter((o) => o.id !== u.id && formed(o));
        const stuck = overlappingStands(u, others);
        if (stuck.length && !u.removed) notes.push(...loseStands(state, u, stuck.length));
      }
      ctx.emit({ type: 'separate', side: a.side, unit: a.id, target: b.id, text: notes.join('. ') });
    }
  }
}

const HOOKS: TurnHooks = {
  grapeshot: (state, side, ctx) => grapeshotPhase(state, bfOf(state), ctx, side),
  freeRallies,
  compulsoryMoves: (state, side, ctx, only) => {
    compulsoryMoves(state, side, ctx, only);
    separateAll(state, ctx);
  },
  victory: battleResult,
};

// ---------------------------------------------------------------------------------------------
// Playing cards that order several units, the Joker, discards

const MULTI = ['artillery', 'skirmInf', 'skirmCav', 'joker', 'infantryAdvance'] as const;

function playCard(state: HmState, action: Action, ctx: RuleContext): void {
  const rules = state.rules;
  const side = action.side;
  const id = String(action.card);
  const card = rules.cards[id];
  const hand = handOf(state, side);
  if (!card || !hand.includes(id)) throw new RuleError(`${side} does not hold that card`);
  if (!(MULTI as readonly string[]).includes(card.kind)) throw new RuleError(`${cardLabel(state, id)} is played by giving a unit its order`);
  if (rules.activeCard) throw new RuleError(`finish ${cardLabel(state, rules.activeCard.card)} first`);
  // The Joker's orders are the CinC's General cards and obey their limits (A §6.6, §7.6, note A7).
  const cinc = card.kind === 'joker' ? cincOf(state, side) : undefined;
  const hindered = cinc ? generalHindered(state, ctx.battlefield, cinc) : null;
  const forced = jokerDue(state, side);
  if (hindered && !forced) throw new RuleError(`the Joker cannot be played now: its orders are the Commander-in-chief's, and ${hindered} (A §6.6)`);
  hand.splice(hand.indexOf(id), 1);
  let ordersLeft: number | null = null;
  if (card.kind === 'joker') {
    // Forced out by an empty deck while the CinC is hindered, its orders are lost (A §7.6).
    ordersLeft = hindered ? 0 : cinc?.rs.general?.grade === 'exceptional' ? 6 : 3;
    rules.jokersPlayed++;
    reshuffle(state, ctx.dice);
    const what = hindered ? `its orders are lost, as ${hindered}` : `${ordersLeft} orders as the Commander-in-chief's General cards`;
    ctx.emit({ type: 'joker', side, text: `The Joker: ${what}; the discards are shuffled back into the deck` });
    jokerEffects(state, ctx);
  } else {
    rules.discard.push(id);
    ctx.emit({ type: 'card', side, text: `${state.sides.find((s) => s.id === side)?.name} plays ${CARD_LABELS[card.kind]}` });
  }
  if (card.kind === 'artillery') {
    // Guns unlimbered or remanned on an earlier card may fire ball or shell from this one (B §2.1, §2.11).
    for (const u of liveUnits(state)) if (u.rs.gun && u.rs.gun.controller === side && u.rs.gun.crew === 'manned') u.rs.gun.readyForBall = true;
    remann(state, side, ctx);
  }
  rules.activeCard = { card: id, kind: card.kind, ordered: [], ordersLeft, fired: [] };
}

/** Guns whose own crew fled are remanned when their side plays an artillery card; overrun guns by their captors (B §2.11). */
function remann(state: HmState, side: string, ctx: RuleContext): void {
  for (const u of liveUnits(state)) {
    const g = u.rs.gun;
    if (!g || g.controller !== side || g.spiked) continue;
    if (g.crew === 'abandoned' || g.crew === 'fled' || g.crew === 'overrun') {
      if (u.side !== side) u.side = side;
      g.crew = 'manned';
      g.readyForBall = false;
      ctx.emit({ type: 'remann', side, unit: u.id, text: `${u.name} is manned again` });
    }
  }
}

/** Suppressed guns recover after a Joker; damaged guns roll 4-6 to be repaired (B §2.8). */
function jokerEffects(state: HmState, ctx: RuleContext): void {
  for (const u of liveUnits(state)) {
    const g = u.rs.gun;
    if (!g) continue;
    g.suppressed = false;
    if (g.damaged) {
      const r = rollDamageRepair(ctx.dice);
      if (r.repaired) g.damaged = false;
      ctx.emit({ type: 'repair', side: u.side, unit: u.id, text: `${u.name}: repair roll ${r.dice.join('')}: ${r.repaired ? 'repaired' : 'still damaged'}`, dice: [{ purpose: 'repair', sides: 6, values: r.dice }] });
    }
  }
}

function endCard(state: HmState, ctx: RuleContext): void {
  const a = state.rules.activeCard;
  if (!a) throw new RuleError('no card is being played');
  state.rules.activeCard = null;
  ctx.emit({ type: 'card-done', side: state.rules.turnSide, text: `${CARD_LABELS[a.kind]} done` });
  // After the Joker's orders, forces off the table roll to arrive (B §7).
  if (a.kind === 'joker') afterJoker(state, bfOf(state), ctx);
}

function discard(state: HmState, action: Action, ctx: RuleContext): void {
  const id = String(action.card);
  const card = state.rules.cards[id];
  const hand = handOf(state, action.side);
  if (!card || !hand.includes(id)) throw new RuleError('that card is not in your hand');
  if (card.kind === 'joker') throw new RuleError('the Joker cannot be discarded');
  discardFromHand(state, hand, id);
  state.rules.issuedOrders = true;
  if (state.rules.step === 'decision') state.rules.step = 'action';
  state.rules.discardedThisTurn = true;
  ctx.emit({ type: 'discard', side: action.side, text: `${state.sides.find((s) => s.id === action.side)?.name} discards ${cardLabel(state, id)} to make the compulsory moves` });
}

// ---------------------------------------------------------------------------------------------
// Legal actions and apply

/** A column's free wheels: once a turn, twice on a road, no card needed (A §11.5); not for a halted column. */
function freeWheelsAllowed(bf: Battlefield, u: HmUnit): number {
  return onRoad(bf, { x: u.x, y: u.y }) ? 2 : 1;
}

function columnWheels(state: HmState, bf: Battlefield, side: string): LegalAction[] {
  const out: LegalAction[] = [];
  const zc = zoneContext(state, bf);
  for (const u of liveUnits(state)) {
    if (u.side !== side || u.formation !== 'column' || u.rs.troop === 'artillery' || isBroken(u) || u.rs.retrograde !== 'none') continue;
    if (u.rs.freeWheels >= freeWheelsAllowed(bf, u) || haltCause(u, liveUnits(state), zc)) continue;
    out.push({ action: { type: 'column-wheel', side, unit: u.id }, label: 'Wheel the column (free)', group: 'move', params: [{ name: 'angle', kind: 'angle', label: 'Wheel (left +, right −)', min: -Math.PI / 4, max: Math.PI / 4 }], unit: u.id });
  }
  return out;
}

function applyColumnWheel(state: HmState, bf: Battlefield, action: Action, ctx: RuleContext): void {
  const u = unitById(state, String(action.unit));
  if (!u || !columnWheels(state, bf, action.side).some((l) => l.unit === u.id)) throw new RuleError('that unit has no free column wheel now');
  const angle = Number(action.angle);
  if (!Number.isFinite(angle) || Math.abs(angle) > Math.PI / 4 + 1e-3) throw new RuleError('a wheel is at most 45°');
  u.rs.freeWheels++;
  const notes = moveTo(state, bf, u, wheelBy(u, angle));
  ctx.emit({ type: 'order', side: u.side, unit: u.id, text: [`${u.name} wheels its column ${Math.round(Math.abs((angle * 180) / Math.PI))}° ${angle >= 0 ? 'left' : 'right'} (free)`, ...notes].join('. ') });
}

/** A side may end the battle by leaving the field when no unit of its is within an enemy's Attack range (B §8.2). */
function mayLeaveField(state: HmState, side: string): boolean {
  const units = liveUnits(state).filter((u) => u.rs.troop !== 'general');
  const own = units.filter((u) => u.side === side);
  return !own.some((u) => units.some((e) => e.side !== side && colourGap(e, u) <= attackRange(e, { fog: state.rules.weather === 'fog' })));
}

/** A player who chose to issue orders plays at least one card, when he has one he can play (A §8.1 step 5). */
function mayEndTurn(state: HmState, anythingElse: boolean): boolean {
  return state.rules.cardsPlayedThisTurn > 0 || state.rules.discardedThisTurn || !anythingElse;
}

/** The defender's answers to an Attack it may Evade (B §1.5): stand, evade, or evade with a skirmisher card for +1. */
function reactionActions(state: HmState, side?: string): LegalAction[] {
  const p = state.rules.pendingReaction!;
  const d = unitById(state, p.defender)!;
  if (side && side !== d.side) return [];
  const base = { type: 'react', side: d.side };
  // The evaders may wheel up to 45° from straight away before they go (B §1.5).
  const wheel: LegalAction['params'] = [{ name: 'angle', kind: 'angle', label: 'Wheel from straight away (left +, right −)', min: -Math.PI / 4, max: Math.PI / 4 }];
  const hand = handForUnit(state, d);
  const want = d.rs.troop === 'skirmInf' ? 'skirmInf' : 'skirmCav';
  // A skirmisher card of the matching kind and a Commander-in-chief's General card each give +1.
  const skirmCard = d.rs.troop === 'skirmInf' || d.rs.troop === 'skirmCav' ? hand.find((id) => state.rules.cards[id]!.kind === want) : undefined;
  const over = cincOver(state, d);
  const cinc = over && !over.removed ? over : undefined;
  const cincCard = cinc ? hand.find((id) => state.rules.cards[id]!.kind === 'general' && state.rules.cards[id]!.unit === cinc.id) : undefined;
  const out: LegalAction[] = [];
  for (const card of [null, skirmCard ?? undefined]) {
    if (card === undefined) continue;
    for (const general of [null, cincCard ?? undefined]) {
      if (general === undefined) continue;
      const extras = [card ? CARD_LABELS[want] : '', general ? "the Commander-in-chief's card" : ''].filter(Boolean);
      const label = extras.length ? `${d.name}: Evade with ${extras.join(' and ')} (+${extras.length})` : `${d.name}: Evade`;
      out.push({ action: { ...base, choice: 'evade', card, cincCard: general }, label, group: 'reaction', params: wheel });
    }
  }
  out.splice(1, 0, { action: { ...base, choice: 'stand', card: null, cincCard: null }, label: `${d.name}: stand`, group: 'reaction', params: [] });
  return out;
}

/** The ± choices open to the side whose Resolve throw waits (A30), each labelled with the total and row it gives. */
function choiceActions(state: HmState, side?: string): LegalAction[] {
  const u = unitById(state, state.rules.pendingChoice!.awaiting)!;
  if (side && side !== u.side) return [];
  return choiceOptions(state).map((o) => ({ action: { type: 'resolve-choice', side: u.side, ...o.choices }, label: `${u.name}: ${o.label}`, group: 'reaction', params: [] }));
}

/** Where Perfect Evaders go (B §1.5): a place within their reach, or nowhere. */
function relocationActions(state: HmState, side?: string): LegalAction[] {
  const p = state.rules.pendingRelocation!;
  const e = unitById(state, p.evader)!;
  if (side && side !== e.side) return [];
  const inches = Math.round(p.reach / 25.4);
  return [
    { action: { type: 'relocate', side: e.side, unit: e.id }, label: `${e.name}: move up to ${inches}" after the Perfect Evade`, group: 'move', unit: e.id, params: [{ name: 'to', kind: 'point', label: `Where the evaders go (up to ${inches}", not within 9" of another enemy Colour Stand)`, origin: { x: e.x, y: e.y }, maxReach: p.reach }] },
    { action: { type: 'relocate', side: e.side, unit: e.id, to: null }, label: `${e.name}: stay after the Perfect Evade`, group: 'pass', unit: e.id, params: [] },
  ];
}

/**
 * How a unit carries out its Retire result (A §19.6): the program's way (straight back, or the
 * smallest wheel that clears the way, then face the enemy), or the wheel and facing its side chooses.
 */
function retireActions(state: HmState, side?: string): LegalAction[] {
  const p = state.rules.pendingRetire!;
  const u = unitById(state, p.unit)!;
  const o = unitById(state, p.opponent)!;
  if (side && side !== u.side) return [];
  const base = { type: 'retire-choice', side: u.side, unit: u.id };
  return [
    { action: { ...base, choice: 'program' }, label: `${u.name}: retire straight back and face ${o.name}`, group: 'reaction', unit: u.id, params: [] },
    {
      action: { ...base, choice: 'chosen' },
      label: `${u.name}: choose the Retire's wheel and facing`,
      group: 'reaction',
      unit: u.id,
      params: [
        { name: 'wheel', kind: 'angle', label: `Wheel from straight away from ${o.name} (left +, right −)`, min: -Math.PI / 4, max: Math.PI / 4 },
        { name: 'turn', kind: 'angle', label: 'Then turn after 9" (left +, right −)', min: -Math.PI, max: Math.PI },
      ],
    },
  ];
}

/**
 * The actions open now. With several players a side (A §8.3), only the acting seat's: orders for the
 * units it commands, each action carrying the seat it comes from.
 */
function legalActions(state: HmState, bf: Battlefield, side?: string): LegalAction[] {
  const out = sideActions(state, bf, side);
  if (!state.seats?.length || !state.activeSeat) return out;
  const seat = state.activeSeat;
  // Before the battle the side's first seat sets up the whole side; in it each orders his own units.
  const setUp = state.rules.step === 'posture' || state.rules.step === 'deploy';
  return out.filter((l) => setUp || !l.unit || seatOrders(state, seat, l.unit)).map((l) => ({ ...l, action: { ...l.action, seat } }));
}

function sideActions(state: HmState, bf: Battlefield, side?: string): LegalAction[] {
  if (state.result || !state.active) return [];
  if (state.rules.pendingReaction) return reactionActions(state, side);
  if (state.rules.pendingRelocation) return relocationActions(state, side);
  if (state.rules.pendingChoice) return choiceActions(state, side);
  if (state.rules.pendingRetire) return retireActions(state, side);
  if (state.rules.breakthroughOrder) return breakthroughActions(state, bf, side);
  if (offerPending(state)) return answerActions(state, side);
  const s = state.rules.turnSide;
  if (side && side !== s) return [];
  const rules = state.rules;
  if (rules.step === 'posture') return preBattleActions(state, s);
  if (rules.step === 'deploy') return alternatePlacing(state) ? [...alternateActions(state, s), ...worksActions(state, s)] : deploymentActions(state, s);
  const out: LegalAction[] = [];
  const act = (type: string, label: string, group: string, extra: Record<string, unknown> = {}, params: LegalAction['params'] = []): void =>
    void out.push({ action: { type, side: s, ...extra }, label, group, params });
  if (rules.step === 'decision') {
    act('issue-orders', 'Issue orders', 'turn');
    if (!jokerDue(state, s)) act('pass', 'Pass', 'turn');
    // A subordinate General does not end the battle for his side (A §8.3): leaving it, offers and surrender are his Commander-in-chief's.
    if (seatById(state, rules.turnSeat)?.role === 'subordinate') return out;
    if (mayLeaveField(state, s)) act('leave-field', 'Withdraw from the field (the enemy wins)', 'turn');
    out.push(...endingActions(state, s));
    return out;
  }
  if (rules.pendingGeneralMove) {
    const g = unitById(state, rules.pendingGeneralMove)!;
    out.push({ action: { type: 'general-move', side: s, unit: g.id }, label: `Move ${g.name}`, group: 'move', params: [{ name: 'to', kind: 'point', label: 'Move the General (up to 6")', origin: { x: g.x, y: g.y }, maxReach: inch(6) }], unit: g.id });
    act('skip-general-move', `${g.name} stays`, 'turn');
    return out;
  }
  if (rules.step === 'reorganisation') {
    out.push(...orderActions(state, bf, s));
    act('end-reorganisation', 'Reorganisation done', 'turn');
    return out;
  }
  // Action step.
  if (jokerDue(state, s) && !rules.activeCard) {
    act('play-card', 'Play the Joker', 'card', { card: 'joker' });
    return out;
  }
  out.push(...orderActions(state, bf, s), ...columnWheels(state, bf, s), ...arrivalActions(state, bf, s));
  if (rules.activeCard) {
    act('end-card', `Finish ${CARD_LABELS[rules.activeCard.kind]}`, 'turn');
    return out;
  }
  const hand = handOf(state, s);
  const seen = new Set<string>();
  for (const id of hand) {
    const c = rules.cards[id]!;
    if (!(MULTI as readonly string[]).includes(c.kind) || seen.has(c.kind)) continue;
    seen.add(c.kind);
    // A card that could order no unit now is not offered (the Joker is, as it reshuffles the deck,
    // unless the CinC whose orders it gives is hindered, A §6.6).
    if (c.kind !== 'joker' && !liveUnits(state).some((u) => u.side === s && activeCardMayOrder(state, bf, c.kind, u) && (!state.seats || seatOrders(state, state.rules.turnSeat!, u.id)))) continue;
    const cinc = c.kind === 'joker' ? cincOf(state, s) : undefined;
    if (cinc && generalHindered(state, bf, cinc)) continue;
    act('play-card', `Play ${CARD_LABELS[c.kind]}`, 'card', { card: id });
  }
  // Any card but the Joker may be discarded to count as issuing orders (A §7.8, §8.1 step 3; note engine-discard).
  const spares = hand.filter((id) => rules.cards[id]!.kind !== 'joker');
  if (spares.length && !rules.discardedThisTurn) {
    // Cards alike (two artillery cards, say) are offered once.
    const choices = spares.map((id) => ({ value: id, label: cardLabel(state, id) })).filter((c, i, all) => all.findIndex((o) => o.label === c.label) === i);
    act('discard', 'Discard a card for the compulsory moves', 'card', {}, [{ name: 'card', kind: 'choice', label: 'Card to discard', choices }]);
  }
  if (mayEndTurn(state, out.length > 0)) act('end-turn', 'End turn', 'turn');
  // Hidden movement (C §9.2, hidden.ts): decoy moves, after the end-turn check (they are no card play).
  out.push(...decoyActions(state, bf, s));
  return out;
}

function apply(state: HmState, action: Action, ctx: RuleContext): void {
  const rules = state.rules;
  if (state.result) throw new RuleError('the battle is over');
  const bf = ctx.battlefield;
  if (rules.pendingReaction) {
    const d = unitById(state, rules.pendingReaction.defender)!;
    if (action.type !== 'react' || action.side !== d.side) throw new RuleError(`${d.name} must first answer the Attack: Evade or stand`);
    const cards = { skirmisher: typeof action.card === 'string' ? action.card : null, cinc: typeof action.cincCard === 'string' ? action.cincCard : null };
    reactToAttack(state, bf, ctx, String(action.choice), cards, action.angle === undefined ? 0 : Number(action.angle));
    finishAction(state);
    return;
  }
  if (rules.pendingRelocation) {
    const e = unitById(state, rules.pendingRelocation.evader)!;
    if (action.type !== 'relocate') throw new RuleError(`${e.name} must first finish its Perfect Evade: move it or let it stay`);
    relocateEvaders(state, bf, ctx, action.side, action.to === null || action.to === undefined ? null : point(action.to));
    finishAction(state);
    return;
  }
  if (offerPending(state)) {
    applyAnswer(state, action, ctx);
    finishAction(state);
    return;
  }
  if (rules.pendingChoice) {
    const u = unitById(state, rules.pendingChoice.awaiting)!;
    if (action.type !== 'resolve-choice') throw new RuleError(`${u.name} must first choose its Resolve modifiers`);
    // chooseResolve checks each value is 'raise' or 'lower'.
    const pick = (v: unknown): ResolveChoice => v as ResolveChoice;
    chooseResolve(state, bf, ctx, action.side, { coverChoice: pick(action.coverChoice), generalChoice: pick(action.generalChoice), austrianChoice: pick(action.austrianChoice) });
    finishAction(state);
    return;
  }
  if (rules.pendingRetire) {
    const u = unitById(state, rules.pendingRetire.unit)!;
    if (action.type !== 'retire-choice') throw new RuleError(`${u.name} must first Retire: its side chooses the wheel and facing, or leaves them to the program`);
    if (action.choice !== 'program' && action.choice !== 'chosen') throw new RuleError('a Retire is carried out by the program ("program") or as its side chooses ("chosen")');
    const wheel = action.wheel === undefined ? 0 : Number(action.wheel);
    const turn = action.turn === undefined ? 0 : Number(action.turn);
    chooseRetire(state, bf, ctx, action.side, action.choice === 'program' ? null : { wheel, turn });
    finishAction(state);
    return;
  }
  if (rules.breakthroughOrder) {
    applyBreakthroughOrder(state, bf, action, ctx);
    finishAction(state);
    return;
  }
  if (rules.step === 'deploy') {
    if (action.type === PLACE_WORKS_ACTION) {
      applyPlaceWorks(state, bf, action, ctx);
      finishAction(state);
      return;
    }
    // "Deploy the rest for me" in a map plan (5A) builds the side's works too, as part of the plan.
    const planRest = action.type === DEPLOY_REST_ACTION && rules.deployment?.phase === 'plans' ? rules.deployment.side : null;
    // Alternate placement (5B, alternate.ts) after the compulsory share; else map plans (5A).
    const step = alternatePlacing(state) ? applyAlternate : applyDeployment;
    step(state, bf, action, ctx, (side) => automaticPlan(state, bf, side), () => {
      // Works not placed by hand are built in front of the line (works.ts), then units set up
      // beyond their General's range are one status lower for the battle (B §6.4).
      for (const sd of state.sides) {
        const text = autoPlaceWorksText(state, sd.id);
        if (text) ctx.emit({ type: 'deploy-step', side: sd.id, text });
      }
      const log: string[] = [];
      commandRangePenalty(state.units, log);
      for (const text of log) ctx.emit({ type: 'deploy-step', text });
      rules.deployment = null;
      startBattle(state, bfOf(state), ctx);
    });
    if (planRest && rules.deployment) {
      const text = autoPlaceWorksText(state, planRest);
      if (text) ctx.emit({ type: 'deploy', side: planRest, text });
    }
    finishAction(state);
    return;
  }
  if (action.side !== rules.turnSide) throw new RuleError(`it is not ${action.side}'s turn`);
  if (state.seats?.length && typeof action.unit === 'string') refuseOtherSeatsUnit(state, action.unit);
  if (['leave-field', 'offer-end', 'surrender'].includes(action.type) && seatById(state, rules.turnSeat)?.role === 'subordinate') {
    throw new RuleError(`a subordinate General cannot end the battle; that is for his Commander-in-chief`, 'seat');
  }
  const needStep = (step: HmGame['step'], what: string): void => {
    if (rules.step !== step) throw new RuleError(`${what} only in the ${step} step; now it is the ${rules.step} step`);
  };
  if (rules.pendingGeneralMove && action.type !== 'general-move' && action.type !== 'skip-general-move') throw new RuleError('move the General (or let him stay) first');
  switch (action.type) {
    case 'issue-orders':
      needStep('decision', 'Orders are issued');
      issueOrders(state, ctx, HOOKS);
      break;
    case 'pass':
      needStep('decision', 'A player passes');
      if (jokerDue(state, action.side)) throw new RuleError('the deck is empty: you must play the Joker');
      passTurn(state, ctx, HOOKS);
      break;
    case 'offer-end':
      needStep('decision', 'An end to the battle is offered');
      applyOffer(state, action, ctx);
      break;
    case 'surrender':
      needStep('decision', 'A side surrenders');
      applySurrender(state, action, ctx);
      break;
    case 'leave-field': {
      needStep('decision', 'A side leaves the field');
      if (!mayLeaveField(state, action.side)) throw new RuleError('a side may leave the field only when none of its units is within an enemy\'s Attack range');
      const leaver = state.sides.find((x) => x.id === action.side)!;
      const winner = state.sides.find((x) => x.id !== action.side)!;
      state.result = { winner: winner.id, reason: `${leaver.name} withdrew from the field` };
      ctx.emit({ type: 'game-over', side: action.side, text: `${leaver.name} withdraw from the field: ${winner.name} win` });
      break;
    }
    case 'end-reorganisation':
      needStep('reorganisation', 'Reorganisation ends');
      rules.step = 'action';
      break;
    case 'order':
      if (rules.step !== 'reorganisation' && rules.step !== 'action') throw new RuleError('orders are given in the reorganisation and action steps');
      applyOrder(state, bf, action, ctx);
      rules.cardsPlayedThisTurn++;
      if (rules.activeCard?.ordersLeft === 0) endCard(state, ctx);
      break;
    case 'general-move':
    case 'skip-general-move':
      if (!rules.pendingGeneralMove) throw new RuleError('no General is waiting to move');
      applyGeneralMove(state, bf, action, ctx);
      break;
    case 'play-card':
      needStep('action', 'Cards are played');
      playCard(state, action, ctx);
      rules.cardsPlayedThisTurn++;
      break;
    case 'end-card':
      endCard(state, ctx);
      break;
    case 'choose-posture': {
      if (rules.step !== 'posture') throw new RuleError('attack or defend is chosen before the battle');
      applyPreBattle(state, bf, action, ctx);
      for (const text of attackersLoseWorks(state)) ctx.emit({ type: 'posture', text });
      // With attacker and defender known, the terrain subtypes are rolled (B §6.1 step 4), then the
      // bridge or ford where each road meets water and the extra fords (step 5), from one seeded stream (subtypes.ts).
      const terrainCtx = { ...ctx, dice: terrainDice(state) };
      rollTerrainSubtypes(state, bf, terrainCtx);
      rollRoadCrossings(state, terrainCtx);
      rollExtraFords(state, terrainCtx);
      // Then the armies are set up on the rolled ground: by the players (B §6.2-6.3, deployment.ts) or the engine.
      if (state.options.deployment !== 'automatic') startDeployment(state, ctx);
      else {
        deployAutomatically(state, bfOf(state), ctx);
        for (const sd of state.sides) {
          const text = autoPlaceWorksText(state, sd.id);
          if (text) ctx.emit({ type: 'deployed', side: sd.id, text });
        }
        startBattle(state, bfOf(state), ctx);
      }
      break;
    }
    case DEPLOY_ACTION:
    case DEPLOY_REST_ACTION:
    case DEPLOY_DONE_ACTION:
    case DEPLOY_STOP_ACTION:
      throw new RuleError('units are set up only before the battle');
    case 'enter':
      needStep('action', 'Flanking forces and reinforcements come on');
      applyArrival(state, bf, action, ctx);
      break;
    case 'column-wheel':
      needStep('action', 'Columns wheel');
      applyColumnWheel(state, bf, action, ctx);
      break;
    case 'discard':
      if (rules.step !== 'decision' && rules.step !== 'action') throw new RuleError('cards are discarded at the moment of decision or in the action step');
      discard(state, action, ctx);
      break;
    case 'end-turn':
      needStep('action', 'The turn ends');
      if (rules.activeCard) throw new RuleError(`finish ${cardLabel(state, rules.activeCard.card)} first`);
      if (jokerDue(state, action.side)) throw new RuleError('the deck is empty: you must play the Joker');
      if (!mayEndTurn(state, legalActions(state, bf, action.side).some((l) => l.action.type !== 'end-turn' && l.action.type !== 'move-decoy'))) {
        throw new RuleError('having chosen to issue orders you must play at least one card (or discard one)');
      }
      rules.cardsPlayedThisTurn = 0;
      rules.discardedThisTurn = false;
      endTurn(state, ctx, HOOKS);
      break;
    case 'move-decoy':
      // Hidden movement (C §9.2, hidden.ts).
      needStep('action', 'Decoys are moved');
      applyDecoyMove(state, bf, action, ctx);
      break;
    default:
      throw new RuleError(`unknown action "${action.type}"`);
  }
  finishAction(state);
}

/** With several players a side (A §8.3): a player orders only the units he commands. */
function refuseOtherSeatsUnit(state: HmState, unitId: string): void {
  const acting = seatById(state, state.rules.turnSeat);
  const owner = seatOfUnit(state, unitId);
  if (!acting || !owner || owner.id === acting.id) return;
  const name = unitById(state, unitId)?.name ?? unitId;
  throw new RuleError(`${name} is commanded by the ${owner.name}; the ${acting.name} cannot order it`, 'seat');
}

/** The first turn, and hidden movement's first counters (C §9.2), once both armies stand on the table. */
function startBattle(state: HmState, bf: Battlefield, ctx: RuleContext): void {
  state.rules.turnSide = state.rules.initiative;
  beginBattle(state, ctx, HOOKS);
  initHidden(state, bf, ctx.dice, ctx.emit);
}

function finishAction(state: HmState): void {
  const rules = state.rules;
  state.phase = rules.pendingReaction || rules.pendingRelocation || rules.pendingRetire ? 'reaction' : rules.pendingChoice ? 'resolve choice' : offerPending(state) ? 'offer to end' : rules.step;
  // A game turn is both players' turns; the log and the top bar count the same way.
  state.turn = gameTurn(rules.turnNumber, turnsPerRound(state));
  if (!state.result) state.result = battleResult(state);
  if (state.result) {
    rules.step = 'over';
    state.active = null;
  }
}

function createGame(setup: GameSetup): HmState {
  const state = createHorseAndMusketGame(setup);
  // The game opens with the initiative winner's choice to attack or defend (B §6.1); the battle, and
  // hidden movement's first counters (C §9.2), begin once he has chosen.
  state.phase = state.rules.step;
  return state;
}

/** Every action, then hidden movement's counters follow, reveal or hide units (C §9.3-9.4, hidden.ts). */
function applyAndHide(state: HmState, action: Action, ctx: RuleContext): void {
  apply(state, action, ctx);
  if (state.seats?.length) state.activeSeat = seatToAct(state);
  // The subtype rolls change the battlefield once, in the action that makes them.
  const bf = bfOf(state);
  updateHidden(state, bf, ctx);
  // Secret terrain an attacker has come within 1" of is revealed (B §5.2, subtypes.ts).
  revealTerrain(state, bf, ctx);
}

// ---------------------------------------------------------------------------------------------
// What the panel and the AI read

function describeUnit(state: HmState, u: Unit<HmUnitState>): UnitInfoLine[] {
  if (u.kind === 'marker') return describeCounter(u); // a hidden-movement counter (hidden.ts)
  const h = u as HmUnit;
  const lines: UnitInfoLine[] = [{ label: 'Type', value: TROOPS[h.rs.troop].name }];
  if (h.rs.general) {
    const g = h.rs.general;
    lines.push({ label: 'General', value: `${g.role === 'cinc' ? 'Commander-in-chief' : 'General'}, ${g.grade}${g.cavalry ? ' (cavalry)' : ''}: ${g.stats.leadership}/${g.stats.range}"/${g.stats.ability}` });
    if (g.attachedTo) lines.push({ label: 'Attached to', value: unitById(state, g.attachedTo)?.name ?? g.attachedTo });
    return lines;
  }
  lines.push({ label: 'Status', value: h.rs.statusHidden ? 'unknown until its first Resolve test' : STATUS_NAMES[h.rs.status] });
  lines.push({ label: 'Stands', value: `${h.stands.length} of ${h.rs.originalStands}, ${disorderedCount(h)} disordered` });
  lines.push({ label: 'Formation', value: h.formation + (h.rs.gun ? (h.rs.gun.limbered ? ', limbered' : ', unlimbered') : '') });
  const st: string[] = [];
  if (h.removed) st.push(`gone (${h.rs.removedBy})`);
  if (isBroken(h)) st.push('broken, running');
  else if (isShaken(state, h)) st.push('shaken');
  if (h.rs.retrograde === 'withdrawing' || h.rs.retrograde === 'retreating') st.push(h.rs.retrograde);
  if (h.rs.fresh) st.push('fresh');
  if (h.rs.jubilation) st.push(`jubilant ${h.rs.jubilation}`);
  if (h.rs.columnCompulsory) st.push('marching in column');
  if (h.rs.gun && h.rs.gun.crew !== 'manned') st.push(`guns ${h.rs.gun.crew}`);
  lines.push({ label: 'State', value: st.length ? st.join(', ') : 'steady' });
  const cmd = h.rs.command ? unitById(state, h.rs.command) : undefined;
  if (cmd) lines.push({ label: 'Command', value: cmd.removed ? `${cmd.name} (lost)` : cmd.name });
  const cards = Object.values(state.rules.cards).filter((c) => c.unit === h.id && c.kind === 'unit');
  if (cards.length) lines.push({ label: 'Unit cards', value: `${cards.filter((c) => handForUnit(state, h).includes(c.id)).length} in hand of ${cards.length}` });
  const seat = seatOfUnit(state, h.id);
  if (seat) lines.push({ label: 'Player', value: seat.name });
  return lines;
}

export const horseAndMusket: Ruleset<HmGame, HmUnitState> = {
  id: 'horse-and-musket',
  name: 'Horse & Musket (Resolve)',
  source: 'the Horse & Musket draft rulebook (seed 000), with the digest\'s resolutions',
  // 2: the terrain kinds and extra fords are rolled after the postures and the armies placed after
  // them; hand-placed columns and limbered guns march; units pass through their own guns; thrown
  // back, breakthrough, Retire and narrow gaps on the moves the rules make follow the book.
  // 3: the initiative winner rolls for his side of the table; road crossings are rolled in play;
  // withdrawals, retreats, thrown back and veer-off pass narrow gaps; the Retire result is chosen by
  // its side; shell sets buildings alight; field works are bought and placed.
  rulesEdition: 3,
  lengthUnit: 'in',
  options: HM_OPTIONS,
  notes: HORSE_AND_MUSKET_NOTES,
  scenarios: SCENARIOS,
  sides: [
    { id: 'a', name: 'First army' },
    { id: 'b', name: 'Second army' },
  ],
  armies: HM_ARMY_BUILDING,
  seating: { option: 'players', plans: seatPlans() },
  createGame,
  legalActions,
  apply: applyAndHide,
  describeUnit,
  figureHeight: (u) => FIGURE_HEIGHT[(u as HmUnit).rs.troop],
  sideInfo: hmSideInfo,
  // While the players set up, the zones instead of the battle's shapes; and their secret plans (deployment.ts).
  overlays: (state, bf, side, unit) => (state.rules.step === 'deploy' ? deploymentOverlays(state, side, unit) : hmOverlays(state, bf, side, unit)),
  knownTo: (state, bf, side) => veilTerrain(state.rules.step === 'deploy' ? worksKnownTo(deploymentKnownTo(state, side), side) : knownTo(state, bf, side), side),
  knownEvents: (state, events, side) => terrainKnownEvents(state, knownEvents(state, deploymentKnownEvents(state, events, side), side), side),
  // The sight tools show woodland's 4" interior limit (C §8.9) and the weather's reach (B §4.12).
  sightOptions: (state) => {
    const reach = WEATHER[state.rules.weather].visibility;
    return reach === null ? { obscuringLimit: inch(4) } : { obscuringLimit: inch(4), maxRange: inch(reach) };
  },
  ai: hmAi,
  alerts: hmAlerts,
};

