/** Who may shoot or charge whom (§8.1–8.2, §9.2, Q12, Q20, Q28, Q36, Q47). */

import type { Battlefield } from '../../terrain/battlefield';
import { WEAPONS } from './charts';
import { figuresOf } from './layout';
import type { OnePageState, OnePageUnit } from './types';
import { canSee, inFrontArc, liveUnits, unitsBeyond } from './world';

/** Whether the unit is of a kind that can shoot at all right now. */
export function mayShoot(u: OnePageUnit): boolean {
  if (u.removed || u.rs.shot || !u.rs.weapon || u.rs.changedLimber) return false;
  if (u.kind === 'artillery') return u.formation === 'unlimbered' && figuresOf(u) > 0;
  return u.kind === 'infantry';
}

/** Legal shooting targets. In an activation a disordered unit or one in melee may not shoot. */
export function shootTargets(state: OnePageState, bf: Battlefield, u: OnePageUnit, endOfTurn: boolean): OnePageUnit[] {
  if (!mayShoot(u)) return [];
  if (!endOfTurn && (u.rs.disordered || u.rs.inMelee.length > 0)) return [];
  const weapon = WEAPONS[u.rs.weapon!];
  return liveUnits(state).filter((t) => {
    // Commanders cannot be shot (Q52); wagons and boats are taken by contact, not shot (Q43).
    if (t.side === u.side || t.kind === 'commander' || t.kind === 'wagon' || t.kind === 'boat') return false;
    const inContact = u.rs.inMelee.includes(t.id);
    // Units in melee shoot only at the enemy they touch, at close range (Q28)...
    if (u.rs.inMelee.length > 0 && !inContact) return false;
    // ...and nobody else may shoot into a melee.
    if (t.rs.inMelee.length > 0 && !inContact) return false;
    // A disordered unit shoots only as a reaction (Q47).
    if (u.rs.disordered && !u.rs.reactionTo.includes(t.id) && !inContact) return false;
    if (unitsBeyond(u, t, inContact ? weapon.close : weapon.long)) return false;
    if (!inContact && !inFrontArc(u, t)) return false;
    return inContact || canSee(state, bf, u, t);
  });
}

/** Legal charge targets: visible to the front at the start of the move (Q36), or a pursuit (Q42). */
export function chargeTargets(state: OnePageState, bf: Battlefield, u: OnePageUnit, reach: number): OnePageUnit[] {
  if (u.rs.disordered || u.kind === 'commander' || u.kind === 'wagon' || u.kind === 'boat') return [];
  if (u.kind === 'artillery') return [];
  return liveUnits(state).filter((t) => {
    // A commander with a unit is part of it; one alone may be ridden down (Q52).
    if (t.side === u.side || (t.kind === 'commander' && t.rs.joined)) return false;
    if (unitsBeyond(u, t, reach)) return false;
    if (u.rs.pursuing === t.id) return true;
    return inFrontArc(u, t) && canSee(state, bf, u, t);
  });
}
