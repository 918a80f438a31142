/** The one-page ruleset (seed 004): the Ruleset object the engine, the AI and the UI use. */

import type { Action, Unit } from '../../core/model';
import { RuleError, type ActionParam, type LegalAction, type RuleContext, type Ruleset, type UnitInfoLine } from '../../core/ruleset';
import { formatLength, inch } from '../../core/measure';
import type { Battlefield } from '../../terrain/battlefield';
import {
  actCharge,
  actChooseOrder,
  actCommanderMove,
  actEndActivations,
  actEndShooting,
  actFollowMe,
  actFormation,
  actHalt,
  actLimber,
  actMove,
  actRallyMen,
  actReact,
  actRollInitiative,
  actShoot,
  actWheel,
  maxChargeReach,
  reactionsTo,
} from './actions';
import { COMMANDER_JOIN_RANGE, UNIT_TYPES, WEAPONS, WOODS_SIGHT, type Formation } from './charts';
import { figuresOf } from './layout';
import { ONE_PAGE_NOTES } from './notes';
import { actEmbark, actLand, actRow, boatsFor, LAND_REACH } from './boats';
import { onePageAi } from './ai';
import { onePageAlerts } from './alerts';
import { createOnePageGame, SCENARIOS } from './setup';
import { applyOnePageDeployment, onePageDeploymentActions, onePageDeploymentOverlays } from './deployment';
import { chargeTargets, shootTargets } from './targets';
import { activatableNow, beginActivations, unfinished } from './turn';
import type { OnePageGame, OnePageState, OnePageUnit, OnePageUnitState } from './types';
import { figureHeight, liveUnits, unitsBeyond } from './world';

type Handler = (state: OnePageState, action: Action, ctx: RuleContext) => void;

const HANDLERS: Record<string, Handler> = {
  'roll-initiative': actRollInitiative,
  'choose-order': actChooseOrder,
  move: actMove,
  wheel: actWheel,
  formation: actFormation,
  limber: actLimber,
  unlimber: actLimber,
  halt: actHalt,
  shoot: actShoot,
  charge: actCharge,
  react: actReact,
  'commander-move': actCommanderMove,
  'rally-men': actRallyMen,
  'follow-me': actFollowMe,
  row: actRow,
  embark: actEmbark,
  land: actLand,
  'end-activations': actEndActivations,
  'end-shooting': actEndShooting,
};

/** The best possible move roll, for the reach of a move order (the roll is a maximum, Q2). */
function bestMove(u: OnePageUnit, half: boolean): number {
  return maxChargeReach(u) * (half ? 0.5 : 1);
}

const Q = Math.PI / 4;

/** A destination within reach, in the sectors this kind of move may take (relative to the facing). */
function pointParam(u: OnePageUnit, reach: number, label: string, sectors?: number[]): ActionParam {
  const p: ActionParam = { name: 'to', kind: 'point', label, origin: { x: u.x, y: u.y }, maxReach: reach };
  if (sectors) p.sectors = sectors.map((rel) => ({ centre: u.facing + rel, halfWidth: Q }));
  return p;
}

function unitOrders(state: OnePageState, bf: Battlefield, u: OnePageUnit): LegalAction[] {
  const side = u.side;
  const base = { side, unit: u.id };
  const out: LegalAction[] = [];
  const add = (type: string, label: string, group: string, params: ActionParam[] = [], extra: Record<string, unknown> = {}): void => {
    out.push({ action: { type, ...base, ...extra }, label, group, params, unit: u.id });
  };
  if (u.carriedBy) {
    // A unit aboard a boat is given its orders through the boat it is in.
    const boat = state.units.find((b) => b.id === u.carriedBy)!;
    const at = { name: 'to', kind: 'point' as const, label: `Land ${u.name} where? (within 2" of the boat)`, origin: { x: boat.x, y: boat.y }, maxReach: LAND_REACH + inch(1.5) };
    out.push({ action: { type: 'land', side, unit: u.id }, label: `Land ${u.name}`, group: 'move', params: [at], unit: boat.id });
    out.push({ action: { type: 'halt', side, unit: u.id }, label: `${u.name} stays aboard`, group: 'hold', params: [], unit: boat.id });
    return out;
  }
  if (u.kind === 'boat') {
    if (u.rs.inMelee.length === 0) add('row', 'Row', 'move', [pointParam(u, inch(30), 'Row to where? (on the water)')]);
    add('halt', 'Halt', 'hold');
    return out;
  }
  if (u.kind === 'commander') {
    add('commander-move', 'Ride', 'move', [pointParam(u, inch(24), 'Where to?')]);
    const friends = liveUnits(state).filter((f) => f.side === side && f.kind !== 'commander' && !f.rs.joinedBy && !unitsBeyond(u, f, COMMANDER_JOIN_RANGE));
    const rally = friends.filter((f) => f.rs.inMelee.length > 0 || (f.rs.lostToShooting && figuresOf(f) < f.rs.figuresStart));
    if (rally.length) add('rally-men', 'Rally Men!', 'command', [{ name: 'target', kind: 'unit', label: 'Which unit?', choices: rally.map((f) => f.id) }]);
    const follow = friends.filter((f) => !f.rs.activated);
    if (follow.length) add('follow-me', 'Follow Me!', 'command', [{ name: 'target', kind: 'unit', label: 'Which unit?', choices: follow.map((f) => f.id) }]);
    add('halt', 'Halt', 'hold');
    return out;
  }
  const free = u.rs.inMelee.length === 0 && !u.rs.pinned && !u.rs.commandFailed;
  const def = UNIT_TYPES[u.rs.typeId];
  const boats = free ? boatsFor(state, u) : [];
  if (boats.length) add('embark', 'Embark', 'move', [{ name: 'boat', kind: 'unit', label: 'Which boat?', choices: boats.map((b) => b.id) }]);
  const canMove = free && !(u.formation === 'unlimbered' && u.rs.moveRule === 'heavy');
  if (canMove) {
    add('move', 'Advance', 'move', [pointParam(u, bestMove(u, false), 'Advance to where? (within 45° of the front)', [0])], { mode: 'advance' });
    add('move', 'Retire', 'move', [pointParam(u, bestMove(u, false), 'Retire to where? (to the rear)', [Math.PI])], { mode: 'retire' });
    add('move', 'Move back', 'move', [pointParam(u, bestMove(u, true), 'Move back to where? (half speed, facing front)', [Math.PI])], { mode: 'backward' });
    add('move', 'Sidestep', 'move', [pointParam(u, bestMove(u, true), 'Sidestep to where? (half speed)', [Math.PI / 2, -Math.PI / 2])], { mode: 'sideways' });
  }
  if (free && (u.kind === 'infantry' || u.kind === 'cavalry')) {
    add('wheel', 'Wheel', 'move', [{ name: 'angle', kind: 'angle', label: 'Wheel by (left +, right −)', min: -Math.PI / 2, max: Math.PI / 2 }]);
    for (const f of def.formations as Formation[]) {
      if (f === u.formation || f === 'limbered' || f === 'unlimbered') continue;
      add('formation', `Form ${f}`, 'formation', [], { formation: f });
      add('formation', `Form ${f} and advance`, 'formation', [pointParam(u, bestMove(u, true), 'Advance to where?', [0])], { formation: f });
    }
    const targets = chargeTargets(state, bf, u, maxChargeReach(u));
    if (targets.length && !u.rs.disordered) add('charge', 'Charge', 'charge', [{ name: 'target', kind: 'unit', label: 'Charge whom?', choices: targets.map((t) => t.id) }]);
  }
  if (free && u.kind === 'artillery') add(u.formation === 'limbered' ? 'unlimber' : 'limber', u.formation === 'limbered' ? 'Unlimber' : 'Limber', 'formation');
  const shots = shootTargets(state, bf, u, false);
  if (shots.length) add('shoot', 'Shoot', 'fire', [{ name: 'target', kind: 'unit', label: 'Shoot at whom?', choices: shots.map((t) => t.id) }]);
  add('halt', u.rs.disordered ? 'Halt and rally' : 'Halt', 'hold');
  return out;
}

function legalActions(state: OnePageState, bf: Battlefield, side?: string): LegalAction[] {
  const g = state.rules;
  const active = state.active;
  if (!active || (side && side !== active)) return [];
  const out: LegalAction[] = [];
  switch (g.step) {
    case 'deploy':
      out.push(...onePageDeploymentActions(state, active));
      break;
    case 'initiative':
      out.push({ action: { type: 'roll-initiative', side: active }, label: 'Roll for initiative', group: 'turn', params: [] });
      break;
    case 'choose-order':
      out.push({ action: { type: 'choose-order', side: active, first: 'first' }, label: 'Go first', group: 'turn', params: [] });
      out.push({ action: { type: 'choose-order', side: active, first: 'second' }, label: 'Go second', group: 'turn', params: [] });
      break;
    case 'charge-reaction': {
      const t = liveUnits(state).find((u) => u.id === g.pendingCharge?.target);
      if (!t) break;
      out.push({ action: { type: 'react', side: active, response: 'stand' }, label: 'Stand', group: 'reaction', params: [], unit: t.id });
      for (const r of reactionsTo(t)) {
        out.push({ action: { type: 'react', side: active, response: r }, label: r === 'evade' ? 'Evade' : 'Counter-charge', group: 'reaction', params: [], unit: t.id });
      }
      break;
    }
    case 'activations': {
      // A unit that failed its command roll finishes its activation before any other acts.
      const pending = unfinished(state, active);
      for (const u of pending ? [pending] : activatableNow(state, active)) out.push(...unitOrders(state, bf, u));
      out.push({
        action: { type: 'end-activations', side: active },
        label: g.activation === 'cards' ? 'Pass this card' : 'End activations',
        group: 'turn',
        params: [],
      });
      break;
    }
    case 'end-shooting': {
      const declared = new Set(g.declaredShots.map((d) => d.shooter));
      for (const u of liveUnits(state)) {
        if (u.side !== active || declared.has(u.id)) continue;
        const ts = shootTargets(state, bf, u, true);
        if (ts.length) out.push({ action: { type: 'shoot', side: active, unit: u.id }, label: 'Shoot', group: 'fire', params: [{ name: 'target', kind: 'unit', label: 'Shoot at whom?', choices: ts.map((t) => t.id) }], unit: u.id });
      }
      out.push({ action: { type: 'end-shooting', side: active }, label: 'Done shooting', group: 'turn', params: [] });
      break;
    }
  }
  return out;
}

function apply(state: OnePageState, action: Action, ctx: RuleContext): void {
  if (state.rules.step === 'deploy') {
    applyOnePageDeployment(state, ctx.battlefield, action, ctx, () => {
      // Turn 1 as a game set up by the engine starts it: an initiative roll, or the card deck dealt.
      if (state.rules.activation === 'cards') {
        state.active = null;
        beginActivations(state, ctx);
      } else {
        state.rules.step = 'initiative';
        state.active = state.sides[0]!.id;
      }
    });
    state.phase = state.rules.step;
    return;
  }
  const handler = HANDLERS[action.type];
  if (!handler) throw new RuleError(`the one-page rules have no action "${action.type}"`);
  if (!state.sides.some((s) => s.id === action.side)) throw new RuleError(`there is no side "${action.side}"`);
  handler(state, action, ctx);
  state.phase = state.rules.step;
}

function describeUnit(state: OnePageState, u: OnePageUnit): UnitInfoLine[] {
  const def = UNIT_TYPES[u.rs.typeId];
  const lines: UnitInfoLine[] = [
    { label: 'Type', value: def.name },
    { label: 'Quality', value: [u.quality, ...u.rs.traits].join(', ') },
  ];
  if (u.kind !== 'commander') {
    lines.push({ label: 'Strength', value: `${figuresOf(u)} of ${u.rs.figuresStart} ${u.kind === 'artillery' ? 'gunners' : 'figures'}, ${u.stands.length} stands` });
    lines.push({ label: 'Formation', value: u.formation });
  } else {
    lines.push({ label: 'Role', value: u.rs.isCinC ? 'Commander-in-chief' : 'Brigade commander' });
  }
  if (u.rs.weapon) {
    const w = WEAPONS[u.rs.weapon];
    lines.push({ label: 'Weapon', value: `${w.name}, ${formatLength(w.close, 'in')} / ${formatLength(w.long, 'in')}` });
  }
  const state_: string[] = [];
  if (u.removed) state_.push(`removed (${u.rs.removedBy})`);
  if (u.rs.disordered) state_.push('disordered');
  if (u.rs.inMelee.length) state_.push('in melee');
  if (u.rs.pinned) state_.push('pinned');
  if (u.rs.activated) state_.push('activated');
  if (u.rs.shot) state_.push('has shot');
  if (u.rs.joinedBy) state_.push(`joined by ${state.units.find((c) => c.id === u.rs.joinedBy)?.name ?? 'a commander'}`);
  if (u.rs.followMe) state_.push('Follow Me! +D6"');
  if (u.rs.commandFailed) state_.push('failed its command roll: may only shoot or halt');
  if (u.rs.pursuing) state_.push(`may pursue ${state.units.find((e) => e.id === u.rs.pursuing)?.name ?? 'the enemy'} (+1, no sight needed)`);
  lines.push({ label: 'State', value: state_.length ? state_.join(', ') : 'steady' });
  if (u.kind === 'boat') lines.push({ label: 'Carrying', value: state.units.find((p) => p.carriedBy === u.id && !p.removed)?.name ?? 'nobody' });
  if (u.carriedBy) lines.push({ label: 'Aboard', value: state.units.find((b) => b.id === u.carriedBy)?.name ?? 'a boat' });
  const cmdr = state.units.find((c) => c.id === u.rs.commanderId);
  if (cmdr) lines.push({ label: 'Commander', value: cmdr.removed ? `${cmdr.name} (lost)` : cmdr.name });
  return lines;
}

export const onePage: Ruleset<OnePageGame, OnePageUnitState> = {
  id: 'one-page',
  name: 'One-page horse & musket rules',
  source: 'the one-page rules sheet (seed 004), with the digest\'s resolutions',
  lengthUnit: 'in',
  options: [
    {
      id: 'activation',
      label: 'Activation',
      help: 'Roll for initiative each turn, or turn cards of each side\'s colour and activate one unit per card.',
      kind: 'choice',
      default: 'initiative',
      choices: [
        { value: 'initiative', label: 'Initiative (IGO-UGO)' },
        { value: 'cards', label: 'Card activation' },
      ],
    },
    {
      id: 'playersPerSide',
      label: 'Players a side',
      help: 'In card mode, each player on a side activates one of his own units on each of that side\'s cards; each player takes whole brigades.',
      kind: 'number',
      default: 1,
      min: 1,
      max: 3,
    },
    { id: 'fogOfWar', label: 'Fog of war', help: 'Each side sees only the enemy units its own units can see; the computer opponent plays by the same limit.', kind: 'boolean', default: false },
    { id: 'commandControl', label: 'Command control', help: 'Units out of 12" and sight of their commander need 4+ to move.', kind: 'boolean', default: false },
    { id: 'turnLimit', label: 'Turns', help: 'The battle ends after this many turns and is scored on points.', kind: 'number', default: 8, min: 1, max: 50 },
    {
      id: 'visibility',
      label: 'Visibility',
      help: 'Night or fog limits all sight (Q53).',
      kind: 'choice',
      default: 'clear',
      choices: [
        { value: 'clear', label: 'Clear' },
        { value: 'fog', label: 'Fog (9")' },
        { value: 'night', label: 'Night (6")' },
      ],
    },
    {
      id: 'deployment',
      label: 'Deployment',
      help: 'Who sets up the armies: the program, or the players (the loser of a roll-off first, each within 12" of his own long edge; each can still say "deploy the rest for me").',
      kind: 'choice',
      default: 'automatic',
      choices: [
        { value: 'automatic', label: 'The program' },
        { value: 'players', label: 'The players' },
      ],
    },
  ],
  notes: ONE_PAGE_NOTES,
  scenarios: SCENARIOS,
  sides: [
    { id: 'red', name: 'Prussians' },
    { id: 'black', name: 'Austrians' },
  ],
  createGame: createOnePageGame,
  legalActions,
  apply,
  describeUnit,
  figureHeight: (u: Unit<OnePageUnitState>) => figureHeight(u as OnePageUnit),
  // The same limits canSee applies: 3" into woods, and night or fog when chosen.
  sightOptions: (state) => ({
    obscuringLimit: WOODS_SIGHT,
    ...(state.rules.visibilityLimit > 0 ? { maxRange: state.rules.visibilityLimit } : {}),
  }),
  // The side setting up sees its deployment zone on the table.
  overlays: (state, _bf, side) => onePageDeploymentOverlays(state, side),
  ai: onePageAi,
  alerts: onePageAlerts,
};

