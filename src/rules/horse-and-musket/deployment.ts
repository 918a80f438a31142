/**
 * Deployment by the players (B §6.2-6.4), with the generic mechanics of src/core/deployment.ts:
 *
 * 1. Compulsory deployment (B §6.2): the side with the initiative first puts a share of its main
 *    body on the table, in the open.
 * 2. Main deployment by map plans (B §6.3, method 5A): each side sets up the rest of its army where
 *    its plan says. The plans are secret, so while the step lasts neither side sees what the other
 *    has placed beyond the compulsory units (hot seat: the screen is handed over). The side with the
 *    initiative sets up first, then the other; then both plans are revealed together.
 * 3. Generals are placed after every other unit of their side (B §6.4), and units outside their
 *    General's range are one status lower for the battle.
 *
 * Zones (B §6.3): a side's half of the table; an attacker no nearer than 12" to the centre line; only
 * cavalry, skirmishing cavalry and skirmishing infantry within 18" of the side edges. A defender's
 * first line stands within 18" of the centre line: a unit further back must have a friend in front
 * of it, checked at every placement and move.
 *
 * "Deploy the rest for me" puts each unit not yet placed where the engine's own deployment would,
 * or at the nearest free legal spot; it is what the computer player uses.
 */

import {
  acrossExtent,
  DEPLOY_ACTION,
  DEPLOY_DONE_ACTION,
  DEPLOY_REST_ACTION,
  UNDEPLOYED,
  deployAction,
  deployTurnActions,
  isUndeployed,
  nearestFreePose,
  placementProblem,
  posed,
  readDeploy,
  rectZone,
  zoneOverlays,
  type DeployZone,
} from '../../core/deployment';
import { toLocal } from '../../core/geometry';
import { inch } from '../../core/measure';
import type { Action, GameEvent, SideId } from '../../core/model';
import { unitFootprint } from '../../core/model';
import { RuleError, type LegalAction, type Overlay, type RuleContext } from '../../core/ruleset';
import type { Battlefield } from '../../terrain/battlefield';
import { layoutStands } from './layout';
import { impassableFor } from './terrain';
import type { Formation, HmState, HmUnit } from './types';
import { nearSideId } from './world';

/** Where a deployment by the players stands (HmGame.deployment). */
export interface HmDeployment {
  /**
   * 'compulsory': the initiative side's share in the open; 'plans': each side's secret plan in turn
   * (5A); 'alternate': groups placed in turn (5B, alternate.ts); 'generals': then each side's Generals (5B).
   */
  phase: 'compulsory' | 'plans' | 'alternate' | 'generals';
  /** The main deployment's method: absent for map plans (5A), 'alternate' for alternate placement (5B). */
  method?: 'alternate';
  /** 5B: the units of the group being placed now. */
  group?: string[];
  /** 5B: sides that have no more units to place (all on the table, or the rest sent as reinforcements). */
  done?: SideId[];
  /** The side setting up now. */
  side: SideId;
  /** Units the initiative side must put down in the compulsory deployment (B §6.2). */
  compulsory: number;
  /** Units put down in the compulsory deployment: seen by both sides. */
  open: string[];
  /** Sides whose plan is finished. */
  finished: SideId[];
}

const CENTRE_BAND = inch(18);
/** Deployment zones are shaded a light green on the table. */
const ZONE_COLOUR = '#9fd27f';
const ATTACKER_KEEP_OFF = inch(12);
const DEFENDER_FIRST_LINE = inch(18);
const MOUNTED_OR_SKIRMISH = ['lightCav', 'heavyCav', 'cuirassier', 'skirmCav', 'skirmInf'];

export const nameOf = (state: HmState, side: SideId): string => state.sides.find((s) => s.id === side)?.name ?? side;
export const nearSide = (state: HmState, side: SideId): boolean => nearSideId(state) === side;
const other = (state: HmState, side: SideId): SideId => state.sides.find((s) => s.id !== side)!.id;
/** Alternate placement (5B) after the compulsory share: the attacker's 12" keep-off gives way to 18" from the defenders. */
const alternating = (state: HmState): boolean => state.rules.deployment?.method === 'alternate' && state.rules.deployment.phase !== 'compulsory';

/** The zones a unit may be set up in (B §6.3): its side's half, kept back 12" for an attacker; the side bands for horse and skirmishers. */
export function zonesFor(state: HmState, u: HmUnit): DeployZone[] {
  const { width, depth } = state.battlefield;
  const centre = depth / 2;
  const attacker = state.rules.sides[u.side]!.posture === 'attacker' && !alternating(state);
  const limit = attacker ? centre - ATTACKER_KEEP_OFF : centre;
  const near = nearSide(state, u.side);
  const [y0, y1] = near ? [0, limit] : [depth - limit, depth];
  const where = attacker ? 'your half, at least 12" from the centre line' : 'your half of the table';
  const wide = u.rs.general !== null || MOUNTED_OR_SKIRMISH.includes(u.rs.troop);
  if (wide) return [rectZone(`${u.side}-wide`, u.side, `${where}, edge to edge (horse, skirmishers, Generals)`, 0, y0, width, y1)];
  return [rectZone(`${u.side}-centre`, u.side, `${where}, more than 18" from the side edges`, CENTRE_BAND, y0, width - CENTRE_BAND, y1)];
}

/** The formations a unit may be deployed in (B §6.4): line or column, a gun unlimbered or limbered, skirmishers in their chain or in column (B §1.2). */
export function formationsFor(u: HmUnit): { value: string; label: string }[] {
  if (u.rs.general) return [];
  if (u.rs.troop === 'skirmInf' || u.rs.troop === 'skirmCav') return [{ value: 'loose', label: 'Skirmish order' }, { value: 'column', label: 'Column' }];
  if (u.rs.gun) return [{ value: 'line', label: 'Unlimbered' }, { value: 'column', label: 'Limbered' }];
  return [{ value: 'line', label: 'Line' }, { value: 'column', label: 'Column' }];
}

/** A unit set out in a formation, as a copy (a gun in column is limbered). */
export function formed(u: HmUnit, formation: string | undefined): HmUnit {
  const copy: HmUnit = { ...u, rs: { ...u.rs, gun: u.rs.gun ? { ...u.rs.gun } : null } };
  const choices = formationsFor(u).map((f) => f.value);
  if (formation === undefined || choices.length === 0) return copy;
  if (!choices.includes(formation)) throw new RuleError(`${u.name} deploys in ${choices.join(' or ')}, not "${formation}"`);
  copy.formation = formation;
  if (copy.rs.gun) {
    copy.rs.gun.limbered = formation === 'column';
    copy.formation = formation === 'column' ? 'column' : 'line';
  }
  copy.stands = layoutStands(u.rs.troop, copy.formation as Formation, u.stands.length, copy.rs.gun?.limbered ?? false);
  return copy;
}

export const onTable = (state: HmState): HmUnit[] => state.units.filter((u) => !u.removed && !u.carriedBy);
export const waiting = (state: HmState, side: SideId): HmUnit[] => state.units.filter((u) => u.side === side && isUndeployed(u));
const placedThisStep = (state: HmState, side: SideId): HmUnit[] => state.units.filter((u) => u.side === side && !u.carriedBy && !u.removed);

/** Units of the side's main body counted for the compulsory share: every unit but Generals (artillery units are one stand each). */
function mainBody(state: HmState, side: SideId): HmUnit[] {
  return state.units.filter((u) => u.side === side && !u.rs.general && (isUndeployed(u) || (!u.carriedBy && !u.removed)));
}

/**
 * The compulsory share (B §6.2, B21): 30% for a defender, 10% for an attacker, +10% if outscouted,
 * plus 10% for every point the enemy Commander-in-chief's Ability exceeds his own; at least one unit.
 */
export function compulsoryCount(state: HmState, side: SideId): { count: number; percent: number } {
  const rs = state.rules.sides[side]!;
  const ability = (s: SideId): number => state.units.find((u) => u.side === s && u.rs.general?.role === 'cinc')?.rs.general?.stats.ability ?? 0;
  const percent = (rs.posture === 'defender' ? 30 : 10) + (rs.outscouted ? 10 : 0) + (ability(other(state, side)) - ability(side)) * 10;
  const units = mainBody(state, side).length;
  return { count: Math.min(units, Math.max(1, Math.floor((percent * units) / 100))), percent };
}

/** Put every unit of the main body aside to wait for its deployment (setup, when the players deploy), facing the enemy. */
export function holdForDeployment(units: HmUnit[], facing: number): void {
  for (const u of units) {
    if (u.carriedBy) continue;
    u.carriedBy = UNDEPLOYED;
    u.facing = facing;
  }
}

/** Start the deployment once the initiative winner has chosen to attack or defend. */
export function startDeployment(state: HmState, ctx: RuleContext): void {
  const side = state.rules.initiative;
  const { count, percent } = compulsoryCount(state, side);
  state.rules.step = 'deploy';
  state.rules.turnSide = side;
  state.rules.deployment = { phase: 'compulsory', side, compulsory: count, open: [], finished: [], ...(state.options.deployment === 'alternate' ? { method: 'alternate' as const } : {}) };
  state.active = side;
  ctx.emit({
    type: 'deploy-step',
    side,
    text: `Compulsory deployment (B §6.2): ${nameOf(state, side)} must first put ${count} unit${count === 1 ? '' : 's'} on the table in the open (${percent}% of ${mainBody(state, side).length}, rounded down, at least one)`,
  });
}

/** Units the side may put down (or pick up and put down again) now. */
function movable(state: HmState, side: SideId): HmUnit[] {
  const d = state.rules.deployment!;
  if (d.phase === 'compulsory') {
    const full = d.open.length >= d.compulsory;
    return state.units.filter((u) => u.side === side && !u.rs.general && ((isUndeployed(u) && !full) || d.open.includes(u.id)));
  }
  // In its plan a side may still move anything it placed, except the units set up in the open.
  const own = state.units.filter((u) => u.side === side && !u.removed && (isUndeployed(u) || !u.carriedBy) && !d.open.includes(u.id));
  // Generals come last (B §6.4): only when every other unit is on the table.
  const othersLeft = own.some((u) => !u.rs.general && isUndeployed(u));
  return own.filter((u) => !u.rs.general || !othersLeft);
}

export function deploymentActions(state: HmState, side?: SideId): LegalAction[] {
  const d = state.rules.deployment;
  if (!d || (side && side !== d.side)) return [];
  const out: LegalAction[] = [];
  const left = d.phase === 'compulsory' ? Math.max(0, d.compulsory - d.open.length) : waiting(state, d.side).length;
  out.push(...deployTurnActions(d.side, left));
  for (const u of movable(state, d.side)) {
    out.push(deployAction(d.side, u, zonesFor(state, u), formationsFor(u)));
  }
  return out;
}

/** What is wrong with a unit standing here, or null (zones, overlap, impassable ground). */
export function problemAt(state: HmState, bf: Battlefield, u: HmUnit): string | null {
  const others = onTable(state).filter((o) => o.id !== u.id && visibleTo(state, o, u.side));
  const p = placementProblem(u, zonesFor(state, u), others);
  if (p) return p;
  const fp = unitFootprint(u);
  if (impassableFor(bf, { x: fp.cx, y: fp.cy }, u.rs.troop)) return `${u.name} cannot stand on that ground`;
  // Checked at every placement, so a finished plan always keeps its first line forward (5A; 5B
  // has its own rule for each group's front unit, alternate.ts).
  return alternating(state) ? null : firstLineProblem(state, u.side, u);
}

/** Whether `side` knows of this unit during the deployment: its own, and the enemy's set up in the open. */
function visibleTo(state: HmState, u: HmUnit, side: SideId): boolean {
  const d = state.rules.deployment;
  // Alternate placement (5B) is made in the open.
  return !d || d.method === 'alternate' || u.side === side || d.open.includes(u.id) || d.finished.length === state.sides.length;
}

export function placeUnit(state: HmState, bf: Battlefield, u: HmUnit, candidate: HmUnit): void {
  const problem = problemAt(state, bf, candidate);
  if (problem) throw new RuleError(problem);
  u.x = candidate.x;
  u.y = candidate.y;
  u.facing = candidate.facing;
  u.formation = candidate.formation;
  u.stands = candidate.stands;
  u.rs.gun = candidate.rs.gun;
  u.rs.baseFormation = candidate.formation === 'column' ? 'column' : 'line';
  // A column set up so marches at every Issue Orders, and so does a gun begun limbered (A §11.5,
  // B §1.2, B §2.1); a Prussian unit says how it stands only at its first order (B §3.3).
  u.rs.columnCompulsory = candidate.formation === 'column' && u.rs.formationDeclared;
  delete u.carriedBy;
}

/** A deployment action's values, or a RuleError saying what is wrong with them. */
export function readDeployOrRefuse(action: Action): ReturnType<typeof readDeploy> {
  try {
    return readDeploy(action);
  } catch (e) {
    throw new RuleError((e as Error).message);
  }
}

export function applyDeployment(state: HmState, bf: Battlefield, action: Action, ctx: RuleContext, autoPlan: (side: SideId) => Map<string, HmUnit>, finish: () => void): void {
  const d = state.rules.deployment;
  if (!d) throw new RuleError('there is no deployment under way');
  if (action.side !== d.side) throw new RuleError(`${nameOf(state, d.side)} are setting up now, not ${nameOf(state, action.side)}`);
  switch (action.type) {
    case DEPLOY_ACTION: {
      const values = readDeployOrRefuse(action);
      const u = state.units.find((x) => x.id === values.unit);
      if (!u || !movable(state, d.side).includes(u)) {
        const why = u?.rs.general && d.phase === 'plans' ? ': Generals are placed after every other unit (B §6.4)' : u?.rs.general ? ': Generals are not part of the compulsory deployment' : '';
        throw new RuleError(`${u ? u.name : `unit "${values.unit}"`} cannot be set up now${why}`);
      }
      if (d.phase === 'compulsory' && isUndeployed(u) && d.open.length >= d.compulsory) {
        throw new RuleError(`the compulsory deployment is ${d.compulsory} unit${d.compulsory === 1 ? '' : 's'}; the rest are set up in your plan after "Deployment done"`);
      }
      const first = isUndeployed(u);
      placeUnit(state, bf, u, posed(formed(u, values.formation), { x: values.at.x, y: values.at.y, facing: values.facing }));
      if (d.phase === 'compulsory' && first) d.open.push(u.id);
      ctx.emit({ type: 'deploy', side: u.side, unit: u.id, text: `${u.name} ${first ? 'is set up' : 'moves'} ${describePose(state, u)}`, data: { to: { x: u.x, y: u.y, facing: u.facing } } });
      return;
    }
    case DEPLOY_REST_ACTION: {
      const plan = autoPlan(d.side);
      const quota = d.phase === 'compulsory' ? d.compulsory - d.open.length : Infinity;
      // Front units first in the compulsory share, then the rest; Generals last of all (B §6.4).
      const order = [...plan.values()].filter((p) => isUndeployed(state.units.find((x) => x.id === p.id)!) && (d.phase === 'plans' || !p.rs.general));
      const back = (p: HmUnit): number => Math.abs(p.y - state.battlefield.depth / 2);
      // Before alternate placement (5B) the rightmost go first, as its right-to-left rule will want.
      const rightward = (p: HmUnit): number => (d.method === 'alternate' ? acrossExtent(p, nearSide(state, d.side) ? Math.PI / 2 : -Math.PI / 2).right : 0);
      order.sort((a, b) => Number(!!a.rs.general) - Number(!!b.rs.general) || rightward(b) - rightward(a) || back(a) - back(b));
      const names: string[] = [];
      const stuck: string[] = [];
      for (const planned of order.slice(0, quota)) {
        const u = state.units.find((x) => x.id === planned.id)!;
        const want = u.rs.general ? behindCommand(state, u) ?? planned : planned;
        const candidate = formed(u, formationsFor(u).length ? want.formation : undefined);
        const others = onTable(state).filter((o) => visibleTo(state, o, d.side));
        const pose = nearestFreePose(candidate, { x: want.x, y: want.y, facing: want.facing }, zonesFor(state, u), others, (c) => problemAt(state, bf, c) === null);
        if (!pose) {
          stuck.push(u.name);
          continue;
        }
        placeUnit(state, bf, u, posed(candidate, pose));
        if (want.rs.columnCompulsory) u.rs.columnCompulsory = true;
        if (d.phase === 'compulsory') d.open.push(u.id);
        names.push(u.name);
      }
      ctx.emit({ type: 'deploy', side: d.side, text: `${nameOf(state, d.side)} set up ${names.length ? names.join(', ') : 'nothing more'} where the engine's deployment puts them${stuck.length ? `; no room was found for ${stuck.join(', ')}` : ''}` });
      return;
    }
    case DEPLOY_DONE_ACTION: {
      if (d.phase === 'compulsory') {
        if (d.open.length < d.compulsory) throw new RuleError(`set up ${d.compulsory - d.open.length} more unit${d.compulsory - d.open.length === 1 ? '' : 's'} first: the compulsory deployment is ${d.compulsory}`);
        if (d.method === 'alternate') {
          d.phase = 'alternate';
          d.group = [];
          d.done = [];
          ctx.emit({ type: 'deploy-step', side: d.side, text: `${nameOf(state, d.side)} have set up ${d.open.length} unit${d.open.length === 1 ? '' : 's'} in the open. Now the sides take turns to place a group of 1, 2 or 3 units (B §6.3, 5B), ${nameOf(state, d.side)} first` });
          return;
        }
        d.phase = 'plans';
        ctx.emit({ type: 'deploy-step', side: d.side, text: `${nameOf(state, d.side)} have set up ${d.open.length} unit${d.open.length === 1 ? '' : 's'} in the open. Now each side sets up the rest of its army by its secret plan (B §6.3, 5A), ${nameOf(state, d.side)} first` });
        return;
      }
      const left = waiting(state, d.side);
      if (left.length) throw new RuleError(`${left.length} unit${left.length === 1 ? ' is' : 's are'} still to be set up (${left.slice(0, 4).map((u) => u.name).join(', ')}${left.length > 4 ? '…' : ''}): place them, or "Deploy the rest for me"`);
      const stray = firstLineProblem(state, d.side);
      if (stray) throw new RuleError(stray);
      d.finished.push(d.side);
      const next = state.sides.find((s) => !d.finished.includes(s.id));
      if (next) {
        d.side = next.id;
        state.rules.turnSide = next.id;
        state.active = next.id;
        ctx.emit({ type: 'deploy-step', side: action.side, text: `${nameOf(state, action.side)} have finished their plan. ${nameOf(state, next.id)} now set up theirs` });
        return;
      }
      ctx.emit({ type: 'deploy-step', side: action.side, text: 'Both plans are finished and revealed: the armies stand on the table' });
      finish();
      return;
    }
    default:
      throw new RuleError(`the armies are being set up: "${action.type}" must wait until both sides have deployed`);
  }
}

/** Where a General goes: behind the middle of his Command as it was really set up (the CinC further back). */
export function behindCommand(state: HmState, g: HmUnit): HmUnit | null {
  const own = placedThisStep(state, g.side).filter((u) => !u.rs.general);
  const command = g.rs.general!.role === 'cinc' ? own : own.filter((u) => u.rs.command === g.id);
  if (!command.length) return null;
  const back = nearSide(state, g.side) ? -1 : 1;
  const x = command.reduce((s, u) => s + u.x, 0) / command.length;
  const y = command.reduce((s, u) => s + u.y, 0) / command.length + back * inch(g.rs.general!.role === 'cinc' ? 5 : 3);
  return { ...g, x, y, facing: nearSide(state, g.side) ? Math.PI / 2 : -Math.PI / 2 };
}

/**
 * A defender's first line stands within 18" of the centre line (B §6.3): a unit further back needs a
 * friend in front of it. `candidate` is a unit about to be put down (or moved), in its new place.
 */
function firstLineProblem(state: HmState, side: SideId, candidate?: HmUnit): string | null {
  if (state.rules.sides[side]!.posture !== 'defender' || candidate?.rs.general) return null;
  const centre = state.battlefield.depth / 2;
  const own = placedThisStep(state, side).filter((u) => !u.rs.general && u.id !== candidate?.id);
  if (candidate) own.push(candidate);
  const ahead = nearSide(state, side) ? 1 : -1;
  for (const u of own) {
    if (Math.abs(centre - u.y) <= DEFENDER_FIRST_LINE) continue;
    const fp = unitFootprint(u);
    const cover = own.some((f) => {
      if (f.id === u.id) return false;
      const local = toLocal({ cx: u.x, cy: u.y, facing: ahead > 0 ? Math.PI / 2 : -Math.PI / 2, width: 0, depth: 0 }, { x: f.x, y: f.y });
      return local.f > 0 && Math.abs(local.l) <= fp.width / 2 + unitFootprint(f).width / 2;
    });
    if (!cover) return `${u.name} stands ${(Math.abs(centre - u.y) / 25.4).toFixed(1)}" from the centre line with no unit in front of it: a defender's first line must be within 18" of the centre line (B §6.3)`;
  }
  return null;
}

export function describePose(state: HmState, u: HmUnit): string {
  const fromCentre = Math.abs(state.battlefield.depth / 2 - u.y) / 25.4;
  const fromLeft = (nearSide(state, u.side) ? u.x : state.battlefield.width - u.x) / 25.4;
  const formation = u.rs.gun ? (u.rs.gun.limbered ? 'limbered' : 'unlimbered') : u.formation;
  return `${fromLeft.toFixed(1)}" from its left edge and ${fromCentre.toFixed(1)}" from the centre line, in ${formation}`;
}

/**
 * The state as a side may know it during the deployment: the other side's units placed by its
 * secret plan are still off the table for it (B §6.3, 5A). Afterwards everything placed is seen.
 */
export function deploymentKnownTo(state: HmState, side: SideId): HmState {
  const d = state.rules.deployment;
  if (!d || state.rules.step !== 'deploy') return state;
  if (!state.units.some((u) => !visibleTo(state, u, side) && !u.carriedBy)) return state;
  return { ...state, units: state.units.map((u) => (visibleTo(state, u, side) || u.carriedBy ? u : { ...u, carriedBy: UNDEPLOYED })) };
}

/** What a side learns of the deployment's events: not where the enemy's plan puts his units. */
export function deploymentKnownEvents(state: HmState, events: GameEvent[], side: SideId): GameEvent[] {
  const d = state.rules.deployment;
  if (!d || state.rules.step !== 'deploy' || d.method === 'alternate') return events;
  return events.filter((e) => e.type !== 'deploy' || e.side === side || (e.unit !== undefined && d.open.includes(e.unit)));
}

/** The zones on the table for the side setting up: its selected unit's, or every zone of its army. */
export function deploymentOverlays(state: HmState, side: SideId, selected?: string): Overlay[] {
  const d = state.rules.deployment;
  if (!d || state.rules.step !== 'deploy' || d.side !== side) return [];
  const u = selected ? state.units.find((x) => x.id === selected && x.side === side) : undefined;
  const units = u ? [u] : d.phase === 'alternate' || d.phase === 'generals' ? waiting(state, side) : movable(state, side);
  const seen = new Map<string, DeployZone>();
  for (const x of units) for (const z of zonesFor(state, x)) seen.set(z.id, z);
  return zoneOverlays([...seen.values()], ZONE_COLOUR);
}
