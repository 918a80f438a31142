/**
 * Alternate placement, the main deployment's method 5B (B §6.3), after the compulsory share (B §6.2,
 * deployment.ts). Everything is done in the open.
 *
 * - The sides take turns, the side with the initiative first. Each turn a side places a group of 1,
 *   2 or 3 units of one arm (foot, artillery or mounted), standing directly behind one another at
 *   most 9" apart; guns may stand side by side instead. "Group placed" ends the turn.
 * - An attacker may not stand within 18" of a defender's unit already deployed; a defender not
 *   within 12" of an attacker's, and the front unit of each of his groups stands within 18" of the
 *   centre line. Both sides' halves are theirs edge to edge, but only horse and skirmishers within
 *   18" of the side edges (deployment.ts zones).
 * - No unit but a General may be placed to the right of a friendly unit already on the table.
 *   [ENGINE DEFAULT] (B47) its left edge may be no further right than the right edge of each, seen
 *   from its own side, so an army deploys from its right to its left.
 * - A side that cannot or will not place more stops: the rest of its main body comes later as
 *   reinforcements (B §7), with the Generals whose whole Command goes with them (B §6.4).
 * - When neither side has units left, each side places its Generals, the initiative side first
 *   (B §6.4), and the battle begins.
 *
 * "Place a group for me" puts down one unit where the engine's own deployment would, or at the
 * nearest legal spot, rightmost first; it is what the computer player uses.
 */

import {
  DEPLOY_ACTION,
  DEPLOY_DONE_ACTION,
  DEPLOY_REST_ACTION,
  DEPLOY_STOP_ACTION,
  acrossExtent,
  deployAction,
  isUndeployed,
  nearestFreePose,
  posed,
  relativePlace,
} from '../../core/deployment';
import { dcos, dsin } from '../../core/detmath';
import { inch } from '../../core/measure';
import type { Action, SideId } from '../../core/model';
import { unitDistances } from '../../core/unitDistance';
import { RuleError, type LegalAction, type RuleContext } from '../../core/ruleset';
import type { Battlefield } from '../../terrain/battlefield';
import { EARLIEST_ARRIVAL_JOKER } from './charts';
import { behindCommand, describePose, formationsFor, formed, nameOf, nearSide, onTable, placeUnit, problemAt, readDeployOrRefuse, waiting, zonesFor, type HmDeployment } from './deployment';
import { parkOffTable } from './setup';
import type { HmState, HmUnit, OffTableForce } from './types';

/** The three arms a group is made of (B §6.3). */
export type Arm = 'foot' | 'artillery' | 'mounted';

export function armOf(u: HmUnit): Arm {
  if (u.rs.troop === 'artillery') return 'artillery';
  return u.rs.troop === 'infantry' || u.rs.troop === 'skirmInf' ? 'foot' : 'mounted';
}

const GROUP_MAX = 3;
const GROUP_GAP = inch(9);
const ATTACKER_FROM_DEFENDERS = inch(18);
const DEFENDER_FROM_ATTACKERS = inch(12);
const FRONT_UNIT_FROM_CENTRE = inch(18);
/** Measuring slack: a unit put down exactly at a limit is at it. */
const EPS = 0.01;

const inches = (mm: number): string => `${(mm / 25.4).toFixed(1)}"`;
const forwardOf = (state: HmState, side: SideId): number => (nearSide(state, side) ? Math.PI / 2 : -Math.PI / 2);
const otherSide = (state: HmState, side: SideId): SideId => state.sides.find((s) => s.id !== side)!.id;
const unitOf = (state: HmState, id: string): HmUnit => state.units.find((u) => u.id === id)!;

function deploymentOf(state: HmState): HmDeployment {
  const d = state.rules.deployment;
  if (!d || (d.phase !== 'alternate' && d.phase !== 'generals')) throw new RuleError('there is no alternate placement under way');
  return d;
}

/** The side's units still to place, its Generals aside. */
const unitsLeft = (state: HmState, side: SideId): HmUnit[] => waiting(state, side).filter((u) => !u.rs.general);
const generalsLeft = (state: HmState, side: SideId): HmUnit[] => waiting(state, side).filter((u) => !!u.rs.general);

/** Units the side to place may put down (or move again) now. */
export function alternateMovable(state: HmState, side: SideId): HmUnit[] {
  const d = deploymentOf(state);
  if (d.phase === 'generals') return state.units.filter((u) => u.side === side && !!u.rs.general && !u.removed && (isUndeployed(u) || !u.carriedBy));
  const group = (d.group ?? []).map((id) => unitOf(state, id));
  const left = unitsLeft(state, side);
  if (group.length === 0) return left;
  const arm = armOf(group[0]!);
  return [...(group.length < GROUP_MAX ? left.filter((u) => armOf(u) === arm) : []), ...group];
}

export function alternateActions(state: HmState, side?: SideId): LegalAction[] {
  const d = deploymentOf(state);
  if (side && side !== d.side) return [];
  const s = d.side;
  const turn = (type: string, label: string): LegalAction => ({ action: { type, side: s }, label, group: 'turn', params: [] });
  const out: LegalAction[] = [];
  if (d.phase === 'generals') {
    const left = generalsLeft(state, s).length;
    if (left > 0) out.push(turn(DEPLOY_REST_ACTION, `Place my Generals for me (${left})`));
    out.push(turn(DEPLOY_DONE_ACTION, 'Deployment done'));
  } else if ((d.group ?? []).length === 0) {
    const left = unitsLeft(state, s).length;
    out.push(turn(DEPLOY_REST_ACTION, 'Place a group for me'));
    out.push(turn(DEPLOY_STOP_ACTION, `Stop placing: the other ${left} come later as reinforcements`));
  } else {
    out.push(turn(DEPLOY_DONE_ACTION, `Group placed (${d.group!.length})`));
  }
  for (const u of alternateMovable(state, s)) out.push(deployAction(s, u, zonesFor(state, u), formationsFor(u)));
  return out;
}

/**
 * What 5B forbids for a unit posed where it would stand, or null (the zones, overlaps and ground are
 * deployment.ts's problemAt): nearness to the enemy, the right-to-left rule, the group's make-up,
 * and a defender's group front.
 */
export function alternateProblem(state: HmState, u: HmUnit): string | null {
  if (u.rs.general) return null;
  const d = deploymentOf(state);
  const posture = state.rules.sides[u.side]!.posture;
  const forward = forwardOf(state, u.side);
  for (const e of onTable(state)) {
    if (e.side === u.side) continue;
    const theirs = state.rules.sides[e.side]!.posture;
    const min = posture === 'attacker' && theirs === 'defender' ? ATTACKER_FROM_DEFENDERS : posture === 'defender' && theirs === 'attacker' ? DEFENDER_FROM_ATTACKERS : 0;
    const gap = unitDistances(u, e).edges;
    if (gap < min - EPS) {
      const rule = posture === 'attacker' ? 'an attacker may not deploy within 18" of the defender\'s units' : 'a defender may not deploy within 12" of the attacker\'s units';
      return `${u.name} would stand ${inches(gap)} from ${e.name}: ${rule} (B §6.3, 5B)`;
    }
  }
  const mine = acrossExtent(u, forward);
  for (const f of onTable(state)) {
    if (f.side !== u.side || f.id === u.id || f.rs.general) continue;
    const theirs = acrossExtent(f, forward);
    if (mine.left > theirs.right + EPS) {
      return `${u.name} would stand to the right of ${f.name}: no unit may be placed to the right of a friendly unit already on the table, so an army deploys from its right to its left (B §6.3, B47)`;
    }
  }
  const group = (d.group ?? []).filter((id) => id !== u.id).map((id) => unitOf(state, id));
  if (group.length > 0) {
    const arm = armOf(group[0]!);
    if (armOf(u) !== arm) return `${u.name} is ${armOf(u)} and this group is ${arm}: a group is all foot, all artillery or all mounted (B §6.3, 5B)`;
    const fits = group.some((g) => {
      const r = relativePlace(g, u, forward);
      if (r.gap > GROUP_GAP + EPS) return false;
      const a = acrossExtent(g, forward);
      const behind = Math.min(a.right, mine.right) - Math.max(a.left, mine.left) > EPS;
      // Along the front: the extents measured looking a quarter turn to the left.
      const ga = acrossExtent(g, forward + Math.PI / 2);
      const ua = acrossExtent(u, forward + Math.PI / 2);
      const beside = arm === 'artillery' && Math.min(ga.right, ua.right) - Math.max(ga.left, ua.left) > EPS;
      return behind || beside;
    });
    if (!fits) {
      return `${u.name} must stand directly behind or in front of a unit of its group, at most 9" from it${arm === 'artillery' ? ', or beside one of its guns' : ''} (B §6.3, 5B)`;
    }
  }
  if (posture === 'defender') {
    const centre = state.battlefield.depth / 2;
    const front = Math.min(...[...group, u].map((m) => Math.abs(m.y - centre)));
    if (front > FRONT_UNIT_FROM_CENTRE + EPS) return `the front unit of a defender's group must stand within 18" of the centre line; ${u.name}'s group would be ${inches(front)} from it (B §6.3, 5B)`;
  }
  return null;
}

function setSide(state: HmState, d: HmDeployment, side: SideId): void {
  d.side = side;
  state.rules.turnSide = side;
  state.active = side;
}

/** A group is placed (or a side stopped): the other side places next while it has units; then the Generals. */
function passTurn(state: HmState, d: HmDeployment, ctx: RuleContext, what: string): void {
  const s = d.side;
  d.group = [];
  d.done = d.done ?? [];
  if (unitsLeft(state, s).length === 0 && !d.done.includes(s)) d.done.push(s);
  const o = otherSide(state, s);
  const next = !d.done.includes(o) ? o : !d.done.includes(s) ? s : null;
  if (next) {
    setSide(state, d, next);
    ctx.emit({ type: 'deploy-step', side: s, text: `${what}. ${nameOf(state, next)} place the next group` });
    return;
  }
  d.phase = 'generals';
  d.finished = [];
  setSide(state, d, state.rules.initiative);
  ctx.emit({ type: 'deploy-step', side: s, text: `${what}. Every unit is placed: now the Generals, ${nameOf(state, state.rules.initiative)} first (B §6.4)` });
}

/** The side's units still waiting go to its reinforcements (B §6.3, §7), with Generals whose whole Command goes too (B §6.4). */
function sendAsReinforcements(state: HmState, side: SideId): HmUnit[] {
  const left = unitsLeft(state, side);
  if (left.length === 0) return [];
  const held = new Set(left.map((u) => u.id));
  const generals = generalsLeft(state, side).filter((g) => {
    const command = state.units.filter((u) => u.rs.command === g.id && !u.removed);
    return command.length > 0 && command.every((u) => held.has(u.id));
  });
  const rules = state.rules;
  let force = rules.forces?.find((f) => f.side === side && f.kind === 'reinforcements');
  if (!force) {
    force = { id: `${side}-reinforcements`, side, kind: 'reinforcements', flank: 'right', plannedJoker: EARLIEST_ARRIVAL_JOKER.reinforcements, arrivesAtJoker: null, announced: false, units: [], rolls: [] } satisfies OffTableForce;
    rules.forces = [...(rules.forces ?? []), force];
  }
  const all = [...left, ...generals];
  parkOffTable(force, all, force.units.length);
  force.units.push(...all.map((u) => u.id));
  rules.offTable = [...(rules.offTable ?? []), ...all.map((u) => ({ unit: u.id, force: force.id }))];
  rules.entered = rules.entered ?? [];
  return all;
}

/** Why a unit may not be set up now, in words. */
function whyNot(state: HmState, d: HmDeployment, u: HmUnit | undefined, id: string): string {
  if (!u || u.side !== d.side) return `unit "${id}" is not one of ${nameOf(state, d.side)}'s units to set up`;
  if (u.rs.general) return `${u.name} waits: Generals are placed after every other unit of both armies (B §6.4)`;
  if (!isUndeployed(u)) return `${u.name} was placed in an earlier group: alternate placement is final`;
  const group = (d.group ?? []).map((g) => unitOf(state, g));
  if (group.length >= GROUP_MAX) return `this group already has ${GROUP_MAX} units, the most a group may have (B §6.3, 5B): "Group placed" to end your turn`;
  if (group.length > 0 && armOf(u) !== armOf(group[0]!)) return `${u.name} is ${armOf(u)} and this group is ${armOf(group[0]!)}: a group is all foot, all artillery or all mounted (B §6.3, 5B)`;
  return `${u.name} cannot be set up now`;
}

/**
 * One action of the alternate placement. `autoPlan` is the engine's own deployment of the side;
 * `finish` starts the battle once both sides' Generals are placed.
 */
export function applyAlternate(state: HmState, bf: Battlefield, action: Action, ctx: RuleContext, autoPlan: (side: SideId) => Map<string, HmUnit>, finish: () => void): void {
  const d = deploymentOf(state);
  if (action.side !== d.side) throw new RuleError(`${nameOf(state, d.side)} are placing now, not ${nameOf(state, action.side)}`);
  const side = d.side;
  const generals = d.phase === 'generals';
  // The 5B rules first: they are cheaper than the ground.
  const legalHere = (c: HmUnit): boolean => alternateProblem(state, c) === null && problemAt(state, bf, c) === null;
  switch (action.type) {
    case DEPLOY_ACTION: {
      const values = readDeployOrRefuse(action);
      const u = state.units.find((x) => x.id === values.unit);
      if (!u || !alternateMovable(state, side).includes(u)) throw new RuleError(generals && u?.rs.general && u.side === side ? `${u.name} cannot be set up now` : whyNot(state, d, u, values.unit));
      const candidate = posed(formed(u, values.formation), { x: values.at.x, y: values.at.y, facing: values.facing });
      const problem = problemAt(state, bf, candidate) ?? alternateProblem(state, candidate);
      if (problem) throw new RuleError(problem);
      const first = isUndeployed(u);
      placeUnit(state, bf, u, candidate);
      if (first && !generals) d.group = [...(d.group ?? []), u.id];
      ctx.emit({ type: 'deploy', side, unit: u.id, text: `${u.name} ${first ? 'is placed' : 'moves'} ${describePose(state, u)}`, data: { to: { x: u.x, y: u.y, facing: u.facing } } });
      return;
    }
    case DEPLOY_DONE_ACTION: {
      if (!generals) {
        const group = d.group ?? [];
        if (group.length === 0) throw new RuleError('place a group of 1, 2 or 3 units first, or stop placing (the rest come later as reinforcements)');
        passTurn(state, d, ctx, `${nameOf(state, side)} have placed a group: ${group.map((id) => unitOf(state, id).name).join(', ')}`);
        return;
      }
      const left = generalsLeft(state, side);
      if (left.length) throw new RuleError(`${left.map((g) => g.name).join(', ')} must still be placed ("Place my Generals for me" finds them a place)`);
      d.finished.push(side);
      const next = state.sides.find((s) => !d.finished.includes(s.id));
      if (next) {
        setSide(state, d, next.id);
        ctx.emit({ type: 'deploy-step', side, text: `${nameOf(state, side)} have placed their Generals. ${nameOf(state, next.id)} now place theirs` });
        return;
      }
      ctx.emit({ type: 'deploy-step', side, text: 'Both armies stand on the table, Generals and all' });
      finish();
      return;
    }
    case DEPLOY_REST_ACTION: {
      if (generals) {
        const placed: string[] = [];
        for (const g of generalsLeft(state, side)) {
          const want = behindCommand(state, g) ?? { ...g, x: state.battlefield.width / 2, y: nearSide(state, side) ? inch(4) : state.battlefield.depth - inch(4), facing: forwardOf(state, side) };
          const others = onTable(state);
          const pose = nearestFreePose(g, { x: want.x, y: want.y, facing: want.facing }, zonesFor(state, g), others, legalHere);
          if (!pose) throw new RuleError(`no room was found for ${g.name}: place him by hand`);
          placeUnit(state, bf, g, posed(g, pose));
          placed.push(g.name);
        }
        ctx.emit({ type: 'deploy', side, text: `${nameOf(state, side)} place ${placed.length ? placed.join(', ') : 'no more Generals'} behind their Commands` });
        return;
      }
      if ((d.group ?? []).length > 0) throw new RuleError('finish this group first ("Group placed")');
      const plan = autoPlan(side);
      const forward = forwardOf(state, side);
      const centre = state.battlefield.depth / 2;
      // Rightmost first, as the right-to-left rule wants; the front before the back.
      const order = unitsLeft(state, side)
        .map((u) => plan.get(u.id))
        .filter((p): p is HmUnit => !!p)
        .sort((a, b) => acrossExtent(b, forward).right - acrossExtent(a, forward).right || Math.abs(a.y - centre) - Math.abs(b.y - centre));
      // The right-to-left rule: the search starts where the unit's left edge meets the leftmost right edge of its friends.
      const friends = onTable(state).filter((f) => f.side === side && !f.rs.general);
      const limit = Math.min(...friends.map((f) => acrossExtent(f, forward).right));
      const toRight = { x: dsin(forward), y: -dcos(forward) };
      for (const planned of order) {
        const u = unitOf(state, planned.id);
        const candidate = formed(u, formationsFor(u).length ? planned.formation : undefined);
        const over = acrossExtent(posed(candidate, planned), forward).left - limit;
        const shift = Number.isFinite(over) && over > 0 ? over + 1 : 0;
        const want = { x: planned.x - toRight.x * shift, y: planned.y - toRight.y * shift, facing: planned.facing };
        const pose = nearestFreePose(candidate, want, zonesFor(state, u), onTable(state), legalHere);
        if (!pose) continue;
        placeUnit(state, bf, u, posed(candidate, pose));
        if (planned.rs.columnCompulsory) u.rs.columnCompulsory = true;
        d.group = [u.id];
        ctx.emit({ type: 'deploy', side, unit: u.id, text: `${u.name} is placed ${describePose(state, u)}`, data: { to: { x: u.x, y: u.y, facing: u.facing } } });
        passTurn(state, d, ctx, `${nameOf(state, side)} have placed a group: ${u.name}`);
        return;
      }
      throw new RuleError('no unit left can be placed legally anywhere now: stop placing, and the rest come later as reinforcements (B §6.3)');
    }
    case DEPLOY_STOP_ACTION: {
      if (generals) throw new RuleError('every unit is placed; only the Generals are left');
      if ((d.group ?? []).length > 0) throw new RuleError('finish this group first ("Group placed"), then stop');
      const sent = sendAsReinforcements(state, side);
      d.done = [...(d.done ?? []).filter((s) => s !== side), side];
      passTurn(state, d, ctx, sent.length ? `${nameOf(state, side)} stop placing: ${sent.map((u) => u.name).join(', ')} will come on later as reinforcements along their own baseline (B §6.3, §7)` : `${nameOf(state, side)} have no more units to place`);
      return;
    }
    default:
      throw new RuleError(`the armies are being set up: "${action.type}" must wait until both sides have deployed`);
  }
}
