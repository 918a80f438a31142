/**
 * Setting up a one-page battle (digest §15, Q54): a 6' x 4' table from the terrain generator, two
 * armies of similar size with commanders, three objectives on the centre line, and deployment
 * within 12" of each long edge.
 */

import { DiceRoller, manualDice, scriptedDice, seededDice, type DiceState } from '../../core/dice';
import type { GameSetup, Side } from '../../core/model';
import { inch } from '../../core/measure';
import { RuleError } from '../../core/ruleset';
import { battlefieldFromSpec, type Battlefield, type BattlefieldSpec } from '../../terrain/battlefield';
import { elevationSpec } from '../../terrain/elevation';
import type { Vec2 } from '../../core/geometry';
import { DEPLOY_DEPTH, TURN_LIMIT, UNIT_TYPES, type UnitTypeId } from './charts';
import { layoutStands } from './layout';
import type { OnePageGame, OnePageState, OnePageUnit } from './types';
import { footprint, groundAt, isCombatUnit } from './world';
import { beginActivations } from './turn';
import { holdOnePageDeployment } from './deployment';
import { datan2, dcos, dhypot, dsin } from '../../core/detmath';

export const TABLE_WIDTH = inch(72);
export const TABLE_DEPTH = inch(48);

interface ArmyEntry {
  type: UnitTypeId;
  name: string;
  /** Index of the commander in the army's commander list. */
  command: number;
  /** Position across the deployment line, 0 (left) to 1 (right), from the side's own view. */
  at: number;
  /** Second line further back. */
  reserve?: boolean;
}

interface ArmyList {
  nation: string;
  name: string;
  colour: string;
  commanders: string[];
  units: ArmyEntry[];
}

/** The default armies: a Prussian and an Austrian brigade group of eight combat units each. */
const ARMIES: ArmyList[] = [
  {
    nation: 'prussia',
    name: 'Prussians',
    colour: '#2b3f7a',
    commanders: ['General von Kleist (C-in-C)', 'Colonel von Bredow', 'Colonel von Seydlitz'],
    units: [
      { type: 'cavalry', name: 'Dragoon Regt. Bayreuth', command: 2, at: 0.06 },
      { type: 'light', name: 'Freikorps Jäger', command: 1, at: 0.2 },
      { type: 'line', name: 'IR 15 Garde', command: 1, at: 0.33 },
      { type: 'guard', name: 'Grenadier Bn. Kleist', command: 1, at: 0.46 },
      { type: 'footArtillery', name: '12-pdr battery', command: 0, at: 0.58 },
      { type: 'line', name: 'IR 19 Markgraf Karl', command: 1, at: 0.7 },
      { type: 'line', name: 'IR 27 Lestwitz', command: 1, at: 0.83 },
      { type: 'eliteCavalry', name: 'Cuirassier Regt. Gens d\'armes', command: 2, at: 0.95 },
      { type: 'wagon', name: 'Prussian supply train', command: 0, at: 0.4, reserve: true },
    ],
  },
  {
    nation: 'austria',
    name: 'Austrians',
    colour: '#d9d4c3',
    commanders: ['Feldmarschall Daun (C-in-C)', 'General Wied', 'General Lucchesi'],
    units: [
      { type: 'eliteCavalry', name: 'Cuirassier Regt. Anhalt-Zerbst', command: 2, at: 0.06 },
      { type: 'line', name: 'IR 1 Kaiser', command: 1, at: 0.18 },
      { type: 'militia', name: 'Banal Grenz militia', command: 1, at: 0.31 },
      { type: 'footArtillery', name: 'Position battery', command: 0, at: 0.44 },
      { type: 'line', name: 'IR 4 Deutschmeister', command: 1, at: 0.56 },
      { type: 'shock', name: 'Hungarian IR 2 Erzherzog Ferdinand', command: 1, at: 0.69 },
      { type: 'irregular', name: 'Warasdiner Grenzer', command: 1, at: 0.82 },
      { type: 'cavalry', name: 'Hussar Regt. Nádasdy', command: 2, at: 0.95 },
      { type: 'wagon', name: 'Austrian supply train', command: 0, at: 0.4, reserve: true },
    ],
  },
];

export const SCENARIOS = [
  {
    id: 'meeting',
    name: 'Meeting engagement',
    description: 'Two brigade groups meet across a random battlefield; three objectives on the centre line.',
  },
  {
    id: 'river-crossing',
    name: 'River crossing',
    description: 'The same armies on a table with a navigable river; each side has a boat at its own bank to ferry a unit across.',
  },
];

/**
 * With several players a side (Q18), each takes whole commands: the brigade of commander k (and
 * commander k himself) goes to player k modulo the number of players; boats go to the first player.
 */
function assignPlayers(units: OnePageUnit[], players: number): void {
  const commandIndex = (id: string | null): number => Number(/-c(\d+)$/.exec(id ?? '')?.[1] ?? 0);
  for (const u of units) u.rs.player = commandIndex(u.kind === 'commander' ? u.id : u.rs.commanderId) % players;
}

/** The first of the seed's variants whose table has a navigable river (a stream is too narrow for boats). */
function riverSpec(seed: string): BattlefieldSpec {
  for (let k = 0; k < 40; k++) {
    const spec: BattlefieldSpec = { seed: k === 0 ? seed : `${seed}/river-${k}`, width: TABLE_WIDTH, depth: TABLE_DEPTH, cellSize: 10 };
    if (battlefieldFromSpec(spec).features.some((f) => f.kind === 'river')) return spec;
  }
  throw new RuleError(`no table with a navigable river was found for seed "${seed}"`);
}

/** A boat for each side, moored on the water at its own bank, pointing downstream. */
function mooredBoats(bf: Battlefield, sides: Side[]): OnePageUnit[] {
  const river = bf.features.find((f) => f.kind === 'river');
  if (!river || !('line' in river)) return [];
  return sides.map((side, i) => {
    const wantX = TABLE_WIDTH * (i === 0 ? 0.3 : 0.7);
    let best = 1;
    for (let k = 1; k < river.line.length; k++) if (Math.abs(river.line[k]!.x - wantX) < Math.abs(river.line[best]!.x - wantX)) best = k;
    const a = river.line[best - 1]!;
    const b = river.line[best]!;
    const len = dhypot(b.x - a.x, b.y - a.y) || 1;
    // Toward the side's own bank: the near side (lower y) for the first army.
    const normal = { x: -(b.y - a.y) / len, y: (b.x - a.x) / len };
    const toward = (normal.y < 0) === (i === 0) ? 1 : -1;
    const off = Math.max(0, river.width / 2 - inch(0.75)) * 0.5 * toward;
    const boat = makeUnit(`${side.id}-b0`, side.id, i === 0 ? 'Prussian pontoon boat' : 'Austrian river barge', 'boat', b.x + normal.x * off, b.y + normal.y * off, datan2(b.y - a.y, b.x - a.x), null);
    return boat;
  });
}

function diceFor(setup: GameSetup): DiceState {
  const d = setup.dice ?? 'seeded';
  if (d === 'seeded') return seededDice(setup.seed);
  if (d === 'manual') return manualDice();
  return scriptedDice(d.scripted);
}

function newUnitState(typeId: UnitTypeId, commanderId: string | null, isCinC = false): OnePageUnit['rs'] {
  const def = UNIT_TYPES[typeId];
  return {
    typeId,
    traits: [...def.traits],
    weapon: def.weapon ?? null,
    moveRule: def.move,
    figuresPerStand: def.figuresPerStand,
    figuresStart: def.figures,
    figuresAtTurnStart: def.figures,
    shootingLossThisTurn: 0,
    shootingTested: false,
    lostToShooting: false,
    lostInEndShooting: false,
    disordered: false,
    hasShot: false,
    activated: false,
    moved: false,
    shot: false,
    charged: false,
    pinned: false,
    commandFailed: false,
    changedLimber: false,
    inMelee: [],
    reactionTo: [],
    pursuing: null,
    commanderId,
    joinedBy: null,
    followMe: false,
    rallyInMelee: false,
    isCinC,
    player: 0,
    joined: null,
    removedBy: null,
  };
}

function makeUnit(id: string, side: string, name: string, typeId: UnitTypeId, x: number, y: number, facing: number, commanderId: string | null, isCinC = false): OnePageUnit {
  const def = UNIT_TYPES[typeId];
  const unit: OnePageUnit = {
    id,
    side,
    name,
    kind: def.kind,
    type: typeId,
    quality: def.quality,
    x,
    y,
    facing,
    formation: def.defaultFormation,
    stands: [],
    removed: false,
    rs: newUnitState(typeId, commanderId, isCinC),
  };
  unit.stands = layoutStands(unit, def.figures);
  return unit;
}

const OPTION_KEYS = ['activation', 'commandControl', 'turnLimit', 'visibility', 'fogOfWar', 'playersPerSide', 'deployment'];

export function readOptions(setup: GameSetup): {
  activation: 'initiative' | 'cards';
  commandControl: boolean;
  turnLimit: number;
  visibilityLimit: number;
  fogOfWar: boolean;
  playersPerSide: number;
  deployment: 'automatic' | 'players';
} {
  const o = setup.options ?? {};
  const unknown = Object.keys(o).filter((k) => !OPTION_KEYS.includes(k));
  if (unknown.length) throw new RuleError(`the one-page rules have no option "${unknown[0]}"; options: ${OPTION_KEYS.join(', ')}`);
  for (const k of ['commandControl', 'fogOfWar']) if (o[k] !== undefined && typeof o[k] !== 'boolean') throw new RuleError(`option ${k} must be true or false`);
  const activation = o.activation ?? 'initiative';
  if (activation !== 'initiative' && activation !== 'cards') throw new RuleError(`option activation must be "initiative" or "cards", not "${String(activation)}"`);
  const turnLimit = o.turnLimit ?? TURN_LIMIT;
  if (typeof turnLimit !== 'number' || !Number.isInteger(turnLimit) || turnLimit < 1 || turnLimit > 50) throw new RuleError('option turnLimit must be a whole number of turns from 1 to 50');
  const visibility = o.visibility ?? 'clear';
  const limits: Record<string, number> = { clear: 0, fog: inch(9), night: inch(6) };
  if (typeof visibility !== 'string' || !(visibility in limits)) throw new RuleError('option visibility must be clear, fog or night');
  const players = o.playersPerSide ?? 1;
  if (typeof players !== 'number' || !Number.isInteger(players) || players < 1 || players > 3) throw new RuleError('option playersPerSide must be 1, 2 or 3');
  const deployment = o.deployment ?? 'automatic';
  if (deployment !== 'automatic' && deployment !== 'players') throw new RuleError(`option deployment must be "automatic" or "players", not "${String(deployment)}"`);
  return { activation, commandControl: o.commandControl === true, turnLimit, visibilityLimit: limits[visibility]!, fogOfWar: o.fogOfWar === true, playersPerSide: players, deployment };
}

/**
 * Three objectives in the middle of the table (Q54): the river crossings first, since every
 * battle there turns on them, then points on the centre line moved onto dry, open ground a unit
 * can stand on and hold.
 */
export function placeObjectives(bf: Battlefield): Vec2[] {
  const out: Vec2[] = [];
  const farEnough = (p: Vec2): boolean => out.every((q) => dhypot(q.x - p.x, q.y - p.y) >= inch(12));
  for (const kind of ['bridge', 'ford'] as const) {
    const f = bf.features.find((x) => x.kind === kind);
    if (!f || !('polygon' in f)) continue;
    const c = f.polygon.reduce((acc, q) => ({ x: acc.x + q.x / f.polygon.length, y: acc.y + q.y / f.polygon.length }), { x: 0, y: 0 });
    if (farEnough(c)) out.push(c);
  }
  for (const t of [0.5, 0.25, 0.75]) {
    if (out.length >= 3) break;
    const spot = nearestHoldable(bf, { x: TABLE_WIDTH * t, y: TABLE_DEPTH / 2 }, farEnough);
    if (spot) out.push(spot);
  }
  return out;
}

/** The nearest point on open ground, searching outward in half-inch rings up to 8". */
function nearestHoldable(bf: Battlefield, p: Vec2, ok: (q: Vec2) => boolean): Vec2 | null {
  for (let r = 0; r <= inch(8); r += inch(0.5)) {
    const steps = r === 0 ? 1 : Math.ceil((2 * Math.PI * r) / inch(0.5));
    for (let k = 0; k < steps; k++) {
      const a = (2 * Math.PI * k) / steps;
      const q = { x: p.x + r * dcos(a), y: p.y + r * dsin(a) };
      if (groundAt(bf, q) === 'open' && ok(q)) return q;
    }
  }
  return null;
}

export function createOnePageGame(setup: GameSetup): OnePageState {
  const opts = readOptions(setup);
  if (setup.scenario && !SCENARIOS.some((s) => s.id === setup.scenario)) throw new RuleError(`unknown scenario "${setup.scenario}"`);
  if (setup.scenario === 'river-crossing' && setup.elevation) throw new RuleError('the river-crossing scenario has its own table: it cannot be fought on imported ground');
  const spec: BattlefieldSpec =
    setup.scenario === 'river-crossing' ? riverSpec(setup.seed) : { seed: setup.seed, width: TABLE_WIDTH, depth: TABLE_DEPTH, cellSize: 10, ...elevationSpec(setup.elevation) };
  const bf = battlefieldFromSpec(spec);
  const sides: Side[] = ARMIES.map((a, i) => ({ id: i === 0 ? 'red' : 'black', name: a.name, nation: a.nation, colour: a.colour }));
  const units: OnePageUnit[] = [];
  ARMIES.forEach((army, i) => {
    const side = sides[i]!.id;
    // Side 0 deploys along the near edge facing up the table; side 1 along the far edge facing down.
    const facing = i === 0 ? Math.PI / 2 : -Math.PI / 2;
    const lineY = (d: number): number => (i === 0 ? d : TABLE_DEPTH - d);
    const acrossX = (t: number): number => {
      const x = inch(4) + t * (TABLE_WIDTH - inch(8));
      return i === 0 ? x : TABLE_WIDTH - x;
    };
    const cmdIds = army.commanders.map((_, k) => `${side}-c${k}`);
    army.units.forEach((e, k) => {
      const id = `${side}-u${k}`;
      const y = lineY(e.reserve ? DEPLOY_DEPTH * 0.35 : DEPLOY_DEPTH * 0.6);
      const u = makeUnit(id, side, e.name, e.type, acrossX(e.at), y, facing, cmdIds[e.command]!);
      placeClear(bf, u, units);
      units.push(u);
    });
    army.commanders.forEach((name, k) => {
      const led = army.units.map((e, idx) => ({ e, idx })).filter(({ e }) => e.command === k);
      const meanAt = led.length ? led.reduce((s, { e }) => s + e.at, 0) / led.length : 0.5;
      const c = makeUnit(cmdIds[k]!, side, name, 'commander', acrossX(meanAt), lineY(DEPLOY_DEPTH * 0.2), facing, k === 0 ? null : cmdIds[0]!, k === 0);
      placeClear(bf, c, units);
      units.push(c);
    });
  });
  if (setup.scenario === 'river-crossing') units.push(...mooredBoats(bf, sides));
  assignPlayers(units, opts.playersPerSide);
  const game: OnePageGame = {
    activation: opts.activation,
    commandControl: opts.commandControl,
    turnLimit: opts.turnLimit,
    visibilityLimit: opts.visibilityLimit,
    step: opts.activation === 'initiative' ? 'initiative' : 'activations',
    initiativeWinner: null,
    order: sides.map((s) => s.id),
    orderIndex: 0,
    deck: [],
    card: null,
    playersPerSide: opts.playersPerSide,
    cardPlayers: [],
    pendingCharge: null,
    declaredShots: [],
    shootingDone: [],
    objectives: placeObjectives(bf),
    startCombatUnits: Object.fromEntries(sides.map((s) => [s.id, units.filter((u) => u.side === s.id && isCombatUnit(u)).length])),
  };
  // The deployment setting is recorded only when the players deploy, so older games keep their hashes.
  const { deployment: _deployment, ...kept } = opts;
  const state: OnePageState = {
    version: 1,
    rulesetId: 'one-page',
    options: opts.deployment === 'players' ? { ...opts } : kept,
    seed: setup.seed,
    battlefield: spec,
    sides,
    units,
    turn: 1,
    phase: game.step,
    active: opts.activation === 'initiative' ? sides[0]!.id : null,
    seq: 0,
    rules: game,
    dice: diceFor(setup),
    result: null,
  };
  // With deployment by the players, the set-up above is only each side's "deploy the rest for me":
  // the units wait off the table, and turn 1 begins when both sides have set up (deployment.ts).
  if (opts.deployment === 'players') {
    holdOnePageDeployment(state);
    return state;
  }
  // Card mode has no initiative step: deal turn 1's deck now, or nobody could act. The shuffle uses
  // the state's generator, so it is the same on every machine; its events are not logged.
  if (opts.activation === 'cards') {
    beginActivations(state, { dice: new DiceRoller(state.dice), battlefield: bf, emit: () => {} });
    state.phase = game.step;
  }
  return state;
}

// Lives in world.ts so that turn.ts need not import this file; re-exported for existing callers.
export { isCombatUnit };

/** Nudge a unit sideways until it stands on open ground and clear of the units already placed. */
function placeClear(bf: ReturnType<typeof battlefieldFromSpec>, u: OnePageUnit, placed: OnePageUnit[]): void {
  const x0 = u.x;
  const y0 = u.y;
  for (let k = 0; k < 60; k++) {
    const dx = (k % 2 === 0 ? 1 : -1) * Math.ceil(k / 2) * inch(0.5);
    const dy = Math.floor(k / 20) * inch(1) * (u.facing > 0 ? -1 : 1);
    u.x = Math.min(bf.width - inch(3), Math.max(inch(3), x0 + dx));
    u.y = y0 + dy;
    const r = footprint(u);
    const ground = groundAt(bf, { x: r.cx, y: r.cy });
    const clashes = placed.some((p) => {
      const q = footprint(p);
      return Math.abs(q.cx - r.cx) < (q.width + r.width) / 2 + inch(0.5) && Math.abs(q.cy - r.cy) < (q.depth + r.depth) / 2 + inch(0.25);
    });
    if ((ground === 'open' || ground === 'road') && !clashes) return;
  }
  u.x = x0;
  u.y = y0;
}
