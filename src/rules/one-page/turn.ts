/**
 * The sequence of play (§5): initiative or cards, activations, end-of-turn shooting, melee, end of
 * turn with removals and victory.
 */

import type { RuleContext } from '../../core/ruleset';
import { REMOVAL_FRACTION, OBJECTIVE_RADIUS } from './charts';
import { figuresOf, markDisorder } from './layout';
import { applyShootingHits, moraleTest, needsShootingMoraleTest, removeUnit, resolveMelees, rollShot } from './resolve';
import type { OnePageState, OnePageUnit } from './types';
import { isCombatUnit, liveUnits } from './world';
import { pointRectDistance } from '../../core/geometry';
import { unitFootprint } from '../../core/model';
import { shootTargets } from './targets';

/** Units of a side that may still activate this turn. */
/** Units of a side that may still activate this turn; a unit aboard a boat may activate to land. */
export function activatable(state: OnePageState, side: string): OnePageUnit[] {
  return state.units.filter((u) => !u.removed && u.side === side && !u.rs.activated && !(u.kind === 'commander' && u.rs.joined));
}

/** Those that may activate right now: in card mode, only units of players who have not yet used the card. */
export function activatableNow(state: OnePageState, side: string): OnePageUnit[] {
  const g = state.rules;
  const all = activatable(state, side);
  return g.activation === 'cards' ? all.filter((u) => !g.cardPlayers.includes(u.rs.player)) : all;
}

/** A unit of the side whose activation is half done: it failed its command roll and must still shoot or halt (Q49). */
export function unfinished(state: OnePageState, side: string): OnePageUnit | undefined {
  return liveUnits(state).find((u) => u.side === side && u.rs.commandFailed && !u.rs.activated);
}

/** Start a turn's activations: the initiative order is set, or the cards are shuffled. */
export function beginActivations(state: OnePageState, ctx: RuleContext): void {
  const g = state.rules;
  g.step = 'activations';
  if (g.activation === 'cards') {
    // One card per unit and commander, by side colour (Q18); shuffled from the state's generator.
    const deck: string[] = [];
    // Each side gets as many cards as its largest player's force (Q18); with one player a side that
    // is one card per unit and commander. Passengers aboard a boat count: landing takes their activation.
    for (const side of state.sides) {
      const perPlayer = new Map<number, number>();
      for (const u of state.units) if (!u.removed && u.side === side.id) perPlayer.set(u.rs.player, (perPlayer.get(u.rs.player) ?? 0) + 1);
      const cards = Math.max(0, ...perPlayer.values());
      for (let i = 0; i < cards; i++) deck.push(side.id);
    }
    for (let i = deck.length - 1; i > 0; i--) {
      const j = ctx.dice.pickIndex(i + 1);
      [deck[i], deck[j]] = [deck[j]!, deck[i]!];
    }
    g.deck = deck;
    ctx.emit({ type: 'cards', text: `The activation deck is shuffled: ${deck.filter((d) => d === state.sides[0]!.id).length} ${state.sides[0]!.name} and ${deck.filter((d) => d === state.sides[1]!.id).length} ${state.sides[1]!.name} cards` });
    drawCard(state, ctx);
  } else {
    g.orderIndex = 0;
    state.active = g.order[0]!;
    if (activatable(state, state.active).length === 0) nextSide(state, ctx);
  }
}

/** Card mode: turn cards until one belongs to a side with something left to activate. */
function drawCard(state: OnePageState, ctx: RuleContext): void {
  const g = state.rules;
  while (g.deck.length > 0) {
    const card = g.deck.pop()!;
    if (activatable(state, card).length > 0) {
      g.card = card;
      g.cardPlayers = [];
      state.active = card;
      ctx.emit({ type: 'card', text: `A ${card} card is turned: ${state.sides.find((s) => s.id === card)!.name} activate one unit or commander`, side: card });
      return;
    }
    ctx.emit({ type: 'card', text: `A ${card} card is turned, but that side has nothing left to activate` });
  }
  g.card = null;
  beginEndShooting(state, ctx);
}

function nextSide(state: OnePageState, ctx: RuleContext): void {
  const g = state.rules;
  while (g.orderIndex < g.order.length) {
    g.orderIndex++;
    const side = g.order[g.orderIndex];
    if (side && activatable(state, side).length > 0) {
      state.active = side;
      return;
    }
  }
  beginEndShooting(state, ctx);
}

/** After any activation: move on to the next card or the next side when this one is done. */
export function afterActivation(state: OnePageState, ctx: RuleContext, actor?: OnePageUnit): void {
  const g = state.rules;
  if (state.result || g.step !== 'activations') return;
  if (g.activation === 'cards') {
    if (actor && !g.cardPlayers.includes(actor.rs.player)) g.cardPlayers.push(actor.rs.player);
    // The card stays up while another player of that side may still use it.
    if (activatableNow(state, state.active!).length === 0) drawCard(state, ctx);
    return;
  }
  if (activatable(state, state.active!).length === 0) nextSide(state, ctx);
}

/** Units of a side that may still shoot in the end-of-turn shooting. */
function endShooters(state: OnePageState, ctx: RuleContext, side: string): OnePageUnit[] {
  const declared = new Set(state.rules.declaredShots.map((d) => d.shooter));
  return liveUnits(state).filter((u) => u.side === side && !declared.has(u.id) && shootTargets(state, ctx.battlefield, u, true).length > 0);
}

export function beginEndShooting(state: OnePageState, ctx: RuleContext): void {
  const g = state.rules;
  g.step = 'end-shooting';
  g.declaredShots = [];
  g.shootingDone = [];
  ctx.emit({ type: 'phase', text: 'End-of-turn shooting: units that have not shot may shoot now' });
  nextShootingSide(state, ctx);
}

/** The next side that still has shots to declare; when none, resolve all shooting at once. */
export function nextShootingSide(state: OnePageState, ctx: RuleContext): void {
  const g = state.rules;
  for (const side of g.order) {
    if (g.shootingDone.includes(side)) continue;
    if (endShooters(state, ctx, side).length === 0) {
      g.shootingDone.push(side);
      continue;
    }
    state.active = side;
    return;
  }
  resolveEndShooting(state, ctx);
}

/** End-of-turn shooting is simultaneous (Q17): all dice on the strength before any loss. */
function resolveEndShooting(state: OnePageState, ctx: RuleContext): void {
  const g = state.rules;
  const results: { target: OnePageUnit; hits: number }[] = [];
  for (const shot of g.declaredShots) {
    const shooter = state.units.find((u) => u.id === shot.shooter && !u.removed);
    const target = state.units.find((u) => u.id === shot.target && !u.removed);
    if (!shooter || !target) continue;
    results.push({ target, hits: rollShot(state, ctx, shooter, target) });
  }
  for (const r of results) applyShootingHits(state, ctx, r.target, r.hits, true);
  for (const u of liveUnits(state)) {
    if (!needsShootingMoraleTest(u)) continue;
    const shooter = g.declaredShots.find((s) => s.target === u.id);
    moraleTest(state, ctx, u, 'shooting', state.units.find((x) => x.id === shooter?.shooter));
    u.rs.shootingTested = true;
  }
  g.declaredShots = [];
  ctx.emit({ type: 'phase', text: 'Melee: all melees are fought' });
  resolveMelees(state, ctx);
  endTurn(state, ctx);
}

/** End of turn (§5.1 step 7): commanders detach, spent units disperse, victory, next turn. */
function endTurn(state: OnePageState, ctx: RuleContext): void {
  for (const u of state.units) {
    if (u.kind === 'commander') u.rs.joined = null;
    u.rs.joinedBy = null;
  }
  for (const u of liveUnits(state)) {
    if (!isCombatUnit(u)) continue;
    const floor = Math.max(1, Math.floor(u.rs.figuresStart * REMOVAL_FRACTION));
    if (figuresOf(u) < floor) removeUnit(state, ctx, u, 'spent', `${u.name} is spent (${figuresOf(u)} of ${u.rs.figuresStart} figures left) and disperses`);
  }
  if (checkVictory(state, ctx)) return;
  state.turn += 1;
  startTurn(state, ctx);
}

/** Clear the per-turn flags and open the next turn. */
export function startTurn(state: OnePageState, ctx: RuleContext): void {
  const g = state.rules;
  for (const u of state.units) {
    const rs = u.rs;
    rs.figuresAtTurnStart = figuresOf(u);
    rs.shootingLossThisTurn = 0;
    rs.shootingTested = false;
    rs.lostToShooting = rs.lostInEndShooting;
    rs.lostInEndShooting = false;
    rs.activated = false;
    rs.moved = false;
    rs.shot = false;
    rs.charged = false;
    rs.commandFailed = false;
    rs.changedLimber = false;
    rs.reactionTo = [...rs.inMelee];
    rs.pinned = rs.inMelee.length > 0;
    rs.followMe = false;
    rs.rallyInMelee = false;
    markDisorder(u);
  }
  g.initiativeWinner = null;
  ctx.emit({ type: 'turn', text: `Turn ${state.turn} begins` });
  if (g.activation === 'initiative') {
    g.step = 'initiative';
    state.active = g.order[0]!;
  } else {
    beginActivations(state, ctx);
  }
}

/** Army break and the last turn's scoring (Q55). Returns true when the game is over. */
/** Combat units a side has lost, and how many lost break its army: half of those it began with (Q55). */
export function armyBreakTally(state: OnePageState, side: string): { lost: number; breaksAt: number; start: number } {
  const start = state.rules.startCombatUnits[side]!;
  // A unit aboard a boat is not lost.
  const lost = start - state.units.filter((u) => !u.removed && u.side === side && isCombatUnit(u)).length;
  return { lost, breaksAt: Math.ceil(start / 2), start };
}

export function checkVictory(state: OnePageState, ctx: RuleContext): boolean {
  const g = state.rules;
  const [a, b] = state.sides.map((s) => s.id) as [string, string];
  const broken = (side: string): boolean => {
    const t = armyBreakTally(state, side);
    return t.lost >= t.breaksAt;
  };
  const name = (side: string): string => state.sides.find((s) => s.id === side)!.name;
  if (broken(a) || broken(b)) {
    const winner = broken(a) && broken(b) ? null : broken(a) ? b : a;
    const reason = winner === null ? 'both armies broke in the same turn' : `${name(winner === a ? b : a)} lost half their combat units and broke`;
    finish(state, ctx, winner, reason);
    return true;
  }
  if (state.turn < g.turnLimit) return false;
  const scores: Record<string, number> = { [a]: 0, [b]: 0 };
  const lines: string[] = [];
  for (const side of [a, b]) {
    const enemy = side === a ? b : a;
    const removedCombat = state.units.filter((u) => u.side === enemy && u.removed && isCombatUnit(u)).length;
    const koCommanders = state.units.filter((u) => u.side === enemy && u.removed && u.kind === 'commander').length;
    const wagons = state.units.filter((u) => u.side === enemy && u.removed && u.kind === 'wagon' && u.rs.removedBy === 'captured').length;
    const held = g.objectives.filter((o) => holds(state, side, o)).length;
    scores[side] = removedCombat + koCommanders + wagons + 2 * held;
    lines.push(
      `${name(side)} ${scores[side]} (${plural(removedCombat, 'enemy unit')} removed, ${plural(koCommanders, 'enemy commander')} lost, ${wagons ? `${plural(wagons, 'wagon')} captured, ` : ''}${plural(held, 'objective')} held)`,
    );
  }
  const winner = scores[a]! === scores[b]! ? null : scores[a]! > scores[b]! ? a : b;
  finish(state, ctx, winner, `after ${plural(g.turnLimit, 'turn')}, on points: ${lines.join('; ')}`, scores);
  return true;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function holds(state: OnePageState, side: string, o: { x: number; y: number }): boolean {
  const near = (u: OnePageUnit): boolean => pointRectDistance(unitFootprint(u), o) <= OBJECTIVE_RADIUS;
  const combat = liveUnits(state).filter((u) => isCombatUnit(u));
  return combat.some((u) => u.side === side && !u.rs.disordered && near(u)) && !combat.some((u) => u.side !== side && near(u));
}

function finish(state: OnePageState, ctx: RuleContext, winner: string | null, reason: string, scores?: Record<string, number>): void {
  state.result = scores ? { winner, reason, scores } : { winner, reason };
  state.active = null;
  const who = winner ? `${state.sides.find((s) => s.id === winner)!.name} win` : 'The battle is a draw';
  ctx.emit({ type: 'game-over', text: `${who}: ${reason}` });
}
