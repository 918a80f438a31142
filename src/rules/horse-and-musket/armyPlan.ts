/**
 * An army the program buys for itself with its own flank march (B §7, §9.2): the computer's side
 * when the `plannedForces` option names it. The book has flanking forces chosen with the army,
 * before the initiative is thrown (B §6.1 step 1), so the plan rests on what the side expects to be:
 * - its chance of winning the initiative from the national modifiers (B §6.1 step 3), and the
 *   computer's own choice when it wins, which is to defend (ai.ts `choiceValue`);
 * - an expected attacker sends the horse of one wing on a flank march, by the flank whose ground
 *   is most open where it comes on (flankPlan.ts), its main effort; the surcharge is kept back
 *   from the budget and the army bought with the rest;
 * - an expected defender keeps every unit on the table to hold its position.
 * Pure and deterministic: the lists, the points and the ground decide.
 */

import type { SideId } from '../../core/model';
import type { Battlefield } from '../../terrain/battlefield';
import { ARMY_LISTS, defaultArmy, flankSurcharge, listEntry, ordinal, validateArmy, type Army, type ArmyEntry, type ArmyListId } from './armies';
import { bestWay, MOUNTED_TROOPS, pickFlankers, type Candidate } from './flankPlan';

/** The computer chooses to defend when it wins the initiative (ai.ts): it attacks when it expects to lose it. */
const ATTACKS_BELOW = 0.5;
/** Rebuying the army with the surcharge kept back changes the horse; a few rounds settle it. */
const ROUNDS = 4;

/** The chance of winning the initiative: a d6 each plus the national modifiers, ties thrown again (B §6.1 step 3). */
export function initiativeChance(own: number, enemy: number): number {
  let win = 0;
  let tie = 0;
  for (let a = 1; a <= 6; a++) {
    for (let b = 1; b <= 6; b++) {
      if (a + own > b + enemy) win++;
      else if (a + own === b + enemy) tie++;
    }
  }
  return win / (36 - tie);
}

export interface PlannedArmy {
  army: Army;
  /** What the plan is and why, for the setup log. */
  words: string;
}

/** The units an army's entries field, one candidate per unit, with the entry each comes from. */
function unitsOf(army: Army): (Candidate & { entry: number })[] {
  const out: (Candidate & { entry: number })[] = [];
  army.entries.forEach((pick, i) => {
    const troop = listEntry(army.list, pick.entry).troop;
    for (let k = 0; k < pick.count; k++) out.push({ id: `${i}:${k}`, troop, stands: pick.stands, entry: i });
  });
  return out;
}

/** The army with the chosen units split off into entries marked for the flank march. */
function markFlank(army: Army, chosen: (Candidate & { entry: number })[], arrival: NonNullable<ArmyEntry['arrival']>): Army {
  const sent = new Map<number, number>();
  for (const c of chosen) sent.set(c.entry, (sent.get(c.entry) ?? 0) + 1);
  const entries: ArmyEntry[] = [];
  army.entries.forEach((pick, i) => {
    const n = sent.get(i) ?? 0;
    if (pick.count - n > 0) entries.push({ ...pick, count: pick.count - n });
    if (n > 0) entries.push({ ...pick, count: n, offTable: 'flank', arrival });
  });
  return { ...army, entries };
}

/**
 * The program's army for `side` with its own plan: as `defaultArmy` when it expects to defend; when
 * it expects to attack, with the horse of one wing (half its formed cavalry regiments, rounded up;
 * with no horse, two battalions of the second line) sent on a flank march paid from the budget.
 * `ownEdges` are the long edges the side may yet set up along.
 */
export function plannedArmy(listId: ArmyListId, enemyListId: ArmyListId, points: number, bf: Battlefield, side: SideId, ownEdges: readonly ('near' | 'far')[]): PlannedArmy {
  const list = ARMY_LISTS[listId];
  const chance = initiativeChance(list.rules.initiativeModifier, ARMY_LISTS[enemyListId].rules.initiativeModifier);
  const odds = `${list.name} win the initiative ${Math.round(chance * 100)}% of the time`;
  if (chance >= ATTACKS_BELOW) {
    return { army: defaultArmy(listId, points), words: `${odds} and then defend: the program keeps their whole army on the table to hold its position (no flanking force)` };
  }
  let reserve = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const army = defaultArmy(listId, points, reserve);
    const units = unitsOf(army);
    const horse = units.filter((u) => MOUNTED_TROOPS.includes(u.troop) && u.troop !== 'skirmCav');
    // The first three battalions are the first line of the engine's deployment; the rest the second.
    const foot = units.filter((u) => u.troop === 'infantry').slice(3);
    const most = horse.length ? Math.ceil(horse.length / 2) : 2;
    const chosen = pickFlankers(horse, foot, Infinity, most);
    if (!chosen.units.length) return { army, words: `${odds}, so they expect to attack, but have no horse nor second line to send on a flank march` };
    const picked = chosen.units.map((c) => units.find((u) => u.id === c.id)!);
    const allMounted = picked.every((u) => MOUNTED_TROOPS.includes(u.troop));
    const { way, going, joker } = bestWay(bf, side, ownEdges, allMounted ? 'heavyCav' : 'infantry');
    const cost = picked.reduce((n, u) => n + flankSurcharge(u.troop, u.stands), 0);
    if (cost > reserve) {
      reserve = cost;
      continue;
    }
    const marked = markFlank(army, picked, { flank: way.flank, half: way.half, joker });
    if (validateArmy(marked, points).length) break;
    const names = [...new Set(picked.map((u) => listEntry(listId, army.entries[u.entry]!.entry).name))].join(', ');
    return {
      army: marked,
      words:
        `${odds} and the computer defends when it wins, so they expect to attack: the main effort is a flank march of ${picked.length} unit${picked.length === 1 ? '' : 's'} (${names}) ` +
        `by the ${way.half} half of the ${way.flank} flank, where the ground they come on over is most open (${Math.round(going * 100)}% open), dice from the ${ordinal(joker)} Joker; ` +
        `${cost} points of the budget pay for it (B §9.2)`,
    };
  }
  return { army: defaultArmy(listId, points), words: `${odds}, so they expect to attack, but no flank march fits their points` };
}
