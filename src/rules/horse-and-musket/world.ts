/** Looking things up in a horse-and-musket game: units, Commands, Generals, losses and the break. */

import { seatActingFor, turnsPerRound } from './seats';
import { seatOfUnit } from '../../core/seats';
import type { GameResult, SideId } from '../../core/model';
import type { HmState, HmUnit } from './types';

import { destroyedCount, isBroken, isShaken as shakenAmong } from './zones';

export { destroyedCount, disorderedCount, isBroken } from './zones';

/** The side set up along the near long edge (y = 0): the table-side roll's, or the first side until it is made. */
export function nearSideId(state: HmState): SideId {
  return state.sides.find((s) => s.edge === 'near')?.id ?? state.sides[0]!.id;
}

export const isGeneral = (u: HmUnit): boolean => u.rs.troop === 'general';

export function unitById(state: HmState, id: string): HmUnit | undefined {
  return state.units.find((u) => u.id === id);
}

/** Units on the table: not gone, and not waiting off it (carried, or a flanking force not yet arrived). */
export function liveUnits(state: HmState): HmUnit[] {
  return state.units.filter((u) => !u.removed && !u.carriedBy);
}

export function enemiesOf(state: HmState, u: HmUnit): HmUnit[] {
  return state.units.filter((e) => !e.removed && !e.carriedBy && e.side !== u.side);
}

/** Once half its stands are destroyed a unit is shaken for good (A34). */
export function permanentlyShaken(u: HmUnit): boolean {
  return u.rs.troop !== 'general' && u.rs.originalStands > 0 && destroyedCount(u) * 2 >= u.rs.originalStands;
}

/** Shaken (A §15.3, A2, A34), a General by his unit (zones.ts holds the rule). */
export function isShaken(state: HmState, u: HmUnit): boolean {
  return shakenAmong(u, state.units);
}

/** The Generals of a side, the CinC first. */
export function generalsOf(state: HmState, side: SideId): HmUnit[] {
  return state.units
    .filter((u) => u.side === side && u.rs.general && !u.removed)
    .sort((a, b) => (a.rs.general!.role === 'cinc' ? -1 : 0) - (b.rs.general!.role === 'cinc' ? -1 : 0));
}

export function cincOf(state: HmState, side: SideId): HmUnit | undefined {
  const isCinc = (u: HmUnit): boolean => u.side === side && u.rs.general?.role === 'cinc' && !u.removed;
  if (!state.seats?.length) return state.units.find(isCinc);
  // Allied armies (A §8.3) each have a Commander-in-chief: the one of the seat acting for the side.
  const seat = seatActingFor(state, side);
  return state.units.find((u) => isCinc(u) && !!seat?.units.includes(u.id)) ?? state.units.find(isCinc);
}

/**
 * The Commander-in-chief over a unit, lost or not: his side's, or with allied armies (A §8.3) the one
 * of the unit's own army.
 */
export function cincOver(state: HmState, unit: HmUnit): HmUnit | undefined {
  const isCinc = (g: HmUnit): boolean => g.side === unit.side && g.rs.general?.role === 'cinc';
  if (!state.seats?.some((x) => x.role === 'allied-cinc')) return state.units.find(isCinc);
  const seat = seatOfUnit(state, unit.id);
  return state.units.find((g) => isCinc(g) && !!seat?.units.includes(g.id)) ?? state.units.find(isCinc);
}

/** The unit a General is attached to, if any. */
export function hostOf(state: HmState, general: HmUnit): HmUnit | undefined {
  const id = general.rs.general?.attachedTo;
  const host = id ? unitById(state, id) : undefined;
  return host && !host.removed ? host : undefined;
}

/** Generals attached to a unit. */
export function attachedGenerals(state: HmState, u: HmUnit): HmUnit[] {
  return state.units.filter((g) => !g.removed && g.rs.general?.attachedTo === u.id);
}

/**
 * Units that count toward the break (B §8.1): infantry (the book's "infantry units"; skirmishing
 * infantry are infantry too) or, with the A §25 option, every unit but Generals.
 */
export function countsForBreak(u: HmUnit, allUnits: boolean): boolean {
  if (allUnits) return u.rs.troop !== 'general';
  return u.rs.troop === 'infantry' || u.rs.troop === 'skirmInf';
}

/** Gone for the break: left the table, destroyed, dispersed, permanently shaken or broken (B §8.1). */
export function lostForBreak(u: HmUnit): boolean {
  return u.removed || permanentlyShaken(u) || isBroken(u);
}

export function breakTally(state: HmState, side: SideId, allUnits: boolean): { lost: number; total: number } {
  const units = state.units.filter((u) => u.side === side && countsForBreak(u, allUnits));
  return { lost: units.filter(lostForBreak).length, total: units.length };
}

/** B §8.1 (or the A §25 40% option): the side over the threshold loses; both at once is a draw. */
/** How many of `total` counted units lost break the army: more than half (B §8.1), or 40% (A §25). */
export function breakThreshold(total: number, allUnits: boolean): number {
  return allUnits ? Math.ceil((total * 4) / 10) : Math.floor(total / 2) + 1;
}

export function battleResult(state: HmState): GameResult | null {
  const allUnits = state.options.breakRule === 'forty-percent-all';
  const over = (side: SideId): boolean => {
    const t = breakTally(state, side, allUnits);
    if (t.total === 0) return false;
    return t.lost >= breakThreshold(t.total, allUnits);
  };
  const broken = state.sides.filter((s) => over(s.id)).map((s) => s.id);
  const what = allUnits ? '40% of its units' : 'more than half its infantry';
  if (broken.length === 2) return { winner: null, reason: `both armies lost ${what} in the same turn` };
  if (broken.length === 1) {
    const loser = state.sides.find((s) => s.id === broken[0])!;
    const winner = state.sides.find((s) => s.id !== loser.id)!;
    return { winner: winner.id, reason: `${loser.name} lost ${what} and quit the field` };
  }
  // With more than two players (A §8.3) the limit keeps its length in game turns: a game turn is one turn of every player.
  const limit = (Number(state.options.turnLimit ?? 0) * turnsPerRound(state)) / 2;
  if (limit > 0 && state.rules.turnNumber > limit) {
    // [ENGINE DEFAULT] a battle cut short is judged on the share of the break threshold each side has reached.
    const share = (side: SideId): number => {
      const t = breakTally(state, side, allUnits);
      return t.total ? t.lost / t.total : 0;
    };
    const a = share(state.sides[0]!.id);
    const b = share(state.sides[1]!.id);
    if (a === b) return { winner: null, reason: `the turn limit came with both armies equally hurt` };
    const winner = a < b ? state.sides[0]! : state.sides[1]!;
    return { winner: winner.id, reason: `the turn limit came with ${winner.name} the less hurt` };
  }
  return null;
}
