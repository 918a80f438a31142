/**
 * Deployment by the players in the one-page rules (digest §15, Q54), with the generic mechanics of
 * src/core/deployment.ts: the sides roll off, the loser sets up all his units within 12" of his own
 * long edge, then the winner within 12" of his, seeing where the loser stood. Turn 1 then begins.
 * The engine's own set-up (setup.ts) is each side's "deploy the rest for me".
 */

import {
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
  type Pose,
} from '../../core/deployment';
import { DiceRoller, seededDice } from '../../core/dice';
import type { Action, SideId } from '../../core/model';
import { RuleError, type LegalAction, type Overlay, type RuleContext } from '../../core/ruleset';
import type { Battlefield } from '../../terrain/battlefield';
import { DEPLOY_DEPTH } from './charts';
import type { OnePageState, OnePageUnit } from './types';
import { footprint, groundAt } from './world';

/** Where a deployment by the players stands (OnePageGame.deployment). */
export interface OnePageDeployment {
  /** The sides in the order they set up: the loser of the roll-off first. */
  order: SideId[];
  /** Index into `order` of the side setting up now. */
  index: number;
  /** Where the engine's own set-up puts each unit: the "deploy the rest for me" positions. */
  plan: Record<string, Pose>;
  /** The roll-off in words, told in the log with the first deployment action (a new game has no events). */
  rollOff: string | null;
}

const sideName = (state: OnePageState, side: SideId): string => state.sides.find((s) => s.id === side)?.name ?? side;

/** A side's zone: the whole width of the table, within 12" of its own long edge (Q54). */
export function onePageZone(state: OnePageState, side: SideId): DeployZone {
  const { width, depth } = state.battlefield;
  const near = state.sides[0]!.id === side;
  return near ? rectZone(`${side}-edge`, side, 'within 12" of your own long edge', 0, 0, width, DEPLOY_DEPTH) : rectZone(`${side}-edge`, side, 'within 12" of your own long edge', 0, depth - DEPLOY_DEPTH, width, depth);
}

/**
 * Take the engine's set-up as the plan and put the units aside, then roll off (Q54). The roll is
 * made with the seed's own pre-battle dice, as the armies are: it happens before the players sit
 * down, so it is the same with dice rolled by hand.
 */
export function holdOnePageDeployment(state: OnePageState): void {
  const plan: Record<string, Pose> = {};
  for (const u of state.units) {
    // Boats of a river scenario stay moored where the scenario puts them.
    if (u.kind === 'boat' || u.carriedBy) continue;
    plan[u.id] = { x: u.x, y: u.y, facing: u.facing };
    u.carriedBy = UNDEPLOYED;
  }
  const dice = new DiceRoller(seededDice(`${state.seed}/deployment-roll-off`));
  const [a, b] = state.sides.map((s) => s.id) as [SideId, SideId];
  let ra = 0;
  let rb = 0;
  const throws: string[] = [];
  while (ra === rb) {
    ra = dice.one(6, 'deployment roll-off');
    rb = dice.one(6, 'deployment roll-off');
    throws.push(`${sideName(state, a)} ${ra}, ${sideName(state, b)} ${rb}`);
  }
  const loser = ra < rb ? a : b;
  const winner = loser === a ? b : a;
  const rollOff = `Roll-off for deployment: ${throws.join('; re-rolled: ')}. ${sideName(state, loser)} set up all their units first, then ${sideName(state, winner)}`;
  state.rules.deployment = { order: [loser, winner], index: 0, plan, rollOff };
  state.rules.step = 'deploy';
  state.phase = 'deploy';
  state.active = loser;
}

const onTable = (state: OnePageState): OnePageUnit[] => state.units.filter((u) => !u.removed && !u.carriedBy);

export function onePageDeploymentActions(state: OnePageState, side: SideId): LegalAction[] {
  const d = state.rules.deployment;
  if (!d || side !== d.order[d.index]) return [];
  const own = state.units.filter((u) => u.side === side && !u.removed && u.kind !== 'boat' && (isUndeployed(u) || !u.carriedBy));
  const out = deployTurnActions(side, own.filter(isUndeployed).length);
  for (const u of own) out.push(deployAction(side, u, [onePageZone(state, side)], []));
  return out;
}

/** What is wrong with a unit standing here, or null: its zone, other units, ground it may not stand on. */
function problemAt(state: OnePageState, bf: Battlefield, u: OnePageUnit): string | null {
  const p = placementProblem(u, [onePageZone(state, u.side)], onTable(state).filter((o) => o.id !== u.id));
  if (p) return p;
  const r = footprint(u);
  const ground = groundAt(bf, { x: r.cx, y: r.cy });
  if (ground === 'water') return `${u.name} cannot be set up in the water`;
  return null;
}

function put(u: OnePageUnit, pose: Pose): void {
  u.x = pose.x;
  u.y = pose.y;
  u.facing = pose.facing;
  delete u.carriedBy;
}

/** A deployment action; `begin` starts turn 1 once both sides have set up. */
export function applyOnePageDeployment(state: OnePageState, bf: Battlefield, action: Action, ctx: RuleContext, begin: () => void): void {
  const d = state.rules.deployment;
  if (!d || state.rules.step !== 'deploy') throw new RuleError('units are set up only before the battle');
  const side = d.order[d.index]!;
  if (action.side !== side) throw new RuleError(`${sideName(state, side)} are setting up now, not ${sideName(state, action.side)}`);
  if (d.rollOff) {
    ctx.emit({ type: 'deploy-step', text: d.rollOff });
    d.rollOff = null;
  }
  if (action.type === DEPLOY_ACTION) {
    let v: ReturnType<typeof readDeploy>;
    try {
      v = readDeploy(action);
    } catch (e) {
      throw new RuleError((e as Error).message);
    }
    const u = state.units.find((x) => x.id === v.unit);
    if (!u || u.side !== side || u.removed || u.kind === 'boat' || (u.carriedBy && !isUndeployed(u))) throw new RuleError(`${u ? u.name : `unit "${v.unit}"`} cannot be set up now`);
    const pose = { x: v.at.x, y: v.at.y, facing: v.facing };
    const problem = problemAt(state, bf, posed(u, pose));
    if (problem) throw new RuleError(problem);
    const first = isUndeployed(u);
    put(u, pose);
    ctx.emit({ type: 'deploy', side, unit: u.id, text: `${u.name} ${first ? 'is set up' : 'moves'} ${((u.side === state.sides[0]!.id ? u.y : state.battlefield.depth - u.y) / 25.4).toFixed(1)}" from its own edge`, data: { to: pose } });
    return;
  }
  if (action.type === DEPLOY_REST_ACTION) {
    const placed: string[] = [];
    const stuck: string[] = [];
    for (const u of state.units.filter((x) => x.side === side && isUndeployed(x))) {
      const want = d.plan[u.id] ?? { x: bf.width / 2, y: u.y, facing: u.facing };
      const pose = nearestFreePose(u, want, [onePageZone(state, side)], onTable(state), (c) => problemAt(state, bf, c) === null);
      if (!pose) {
        stuck.push(u.name);
        continue;
      }
      put(u, pose);
      placed.push(u.name);
    }
    ctx.emit({ type: 'deploy', side, text: `${sideName(state, side)} set up ${placed.length ? placed.join(', ') : 'nothing more'} where the engine's set-up puts them${stuck.length ? `; no room was found for ${stuck.join(', ')}` : ''}` });
    return;
  }
  if (action.type === DEPLOY_DONE_ACTION) {
    const left = state.units.filter((x) => x.side === side && isUndeployed(x));
    if (left.length) throw new RuleError(`${left.length} unit${left.length === 1 ? ' is' : 's are'} still to be set up: place them, or "Deploy the rest for me"`);
    d.index++;
    const next = d.order[d.index];
    if (next) {
      state.active = next;
      ctx.emit({ type: 'deploy-step', side, text: `${sideName(state, side)} have set up. ${sideName(state, next)} now set up theirs` });
      return;
    }
    ctx.emit({ type: 'deploy-step', side, text: 'Both armies are set up: turn 1 begins' });
    state.rules.deployment = null;
    begin();
    return;
  }
  throw new RuleError(`the armies are being set up: "${action.type}" must wait until both sides have deployed`);
}

export function onePageDeploymentOverlays(state: OnePageState, side: SideId): Overlay[] {
  const d = state.rules.deployment;
  if (!d || state.rules.step !== 'deploy' || d.order[d.index] !== side) return [];
  return zoneOverlays([onePageZone(state, side)], '#9fd27f');
}
