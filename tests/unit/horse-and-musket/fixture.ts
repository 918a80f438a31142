/**
 * Hand-built horse-and-musket positions on a flat, bare 6' x 4' table: units placed where a test
 * wants them, chosen cards in hand, and helpers that apply one action with exactly the dice given
 * (entered dice must all be used, so a test also proves how many dice an action throws).
 */

import { blankState } from '../../../src/rules/horse-and-musket/setup';
import { expect } from 'vitest';
import { apply, legalActions, stateHash, type ApplyResult } from '../../../src/core/engine';
import type { LegalAction } from '../../../src/core/ruleset';
import { scriptedDice, seededDice } from '../../../src/core/dice';
import type { Action, GameEvent, GameState, SideId } from '../../../src/core/model';
import { inch } from '../../../src/core/measure';
import type { BattlefieldSpec } from '../../../src/terrain/battlefield';
import type { BuildingFeature, TerrainFeature } from '../../../src/terrain/features';
import type { Vec2 } from '../../../src/core/geometry';
import { getRuleset } from '../../../src/rules/registry';
import { horseAndMusket } from '../../../src/rules/horse-and-musket/ruleset';
import { buildCards } from '../../../src/rules/horse-and-musket/cards';
import { layoutStands } from '../../../src/rules/horse-and-musket/layout';
import type { Formation, HmGame, HmState, HmUnit, HmUnitState, Status, TroopType, TurnStep } from '../../../src/rules/horse-and-musket/types';

const hm = getRuleset('horse-and-musket');

/** Facing up the table (side a's way) and down it (side b's way). */
export const UP = Math.PI / 2;
export const DOWN = -Math.PI / 2;

/** The flat, bare table of the brief. */
export function flatTable(): BattlefieldSpec {
  return { seed: 'flat', width: inch(72), depth: inch(48), cellSize: 10, hills: 0, woods: 0, river: false, road: false, fields: false, relief: 0 };
}

const KIND: Record<TroopType, HmUnit['kind']> = {
  infantry: 'infantry',
  skirmInf: 'infantry',
  lightCav: 'cavalry',
  heavyCav: 'cavalry',
  cuirassier: 'cavalry',
  skirmCav: 'cavalry',
  artillery: 'artillery',
  general: 'commander',
};

export interface UnitSpec {
  id: string;
  side: SideId;
  troop: TroopType;
  /** Colour Stand centre, inches. */
  x: number;
  y: number;
  /** Radians; UP for side a and DOWN for side b when absent. */
  facing?: number;
  formation?: Formation;
  /** Stands (default: 5 infantry, 4 cavalry, 1 gun or General). */
  stands?: number;
  status?: Status;
  rs?: Partial<HmUnitState>;
}

const DEFAULT_STANDS: Partial<Record<TroopType, number>> = { infantry: 5, skirmInf: 4, lightCav: 4, heavyCav: 4, cuirassier: 4, skirmCav: 3 };

const blank = blankState;

/** A unit laid out afresh at a spot: a line of 5 stands for infantry unless told otherwise. */
export function makeUnit(spec: UnitSpec): HmUnit {
  const troop = spec.troop;
  const formation: Formation = spec.formation ?? (troop === 'skirmInf' || troop === 'skirmCav' ? 'loose' : 'line');
  const n = spec.stands ?? DEFAULT_STANDS[troop] ?? 1;
  const rs = blank(troop, spec.side === 'a' ? 'prussia' : 'austria');
  rs.status = spec.status ?? 'trained';
  rs.originalStands = n;
  rs.baseFormation = formation === 'column' ? 'column' : 'line';
  if (troop === 'artillery') {
    rs.gun = { kind: 'cannon', limbered: false, crew: 'manned', controller: spec.side, suppressed: false, damaged: false, spiked: false, noTeam: false, readyForBall: true };
  }
  Object.assign(rs, spec.rs ?? {});
  return {
    id: spec.id,
    side: spec.side,
    name: spec.id,
    kind: KIND[troop],
    type: troop,
    quality: rs.status,
    x: inch(spec.x),
    y: inch(spec.y),
    facing: spec.facing ?? (spec.side === 'a' ? UP : DOWN),
    formation,
    stands: layoutStands(troop, formation, n, rs.gun?.limbered ?? false),
    removed: false,
    rs,
  };
}

/** A General (Commander-in-chief by default, Skilled 4/12/8), attached to `attachedTo` when given. */
export function makeGeneral(id: string, side: SideId, x: number, y: number, opts: { role?: 'cinc' | 'general'; attachedTo?: string; leadership?: number; grade?: 'skilled' | 'great' | 'exceptional' | 'talented' | 'mediocre' } = {}): HmUnit {
  const g = makeUnit({ id, side, troop: 'general', x, y, stands: 1 });
  g.quality = 'elite';
  g.rs.fresh = true;
  g.rs.general = {
    role: opts.role ?? 'cinc',
    grade: opts.grade ?? 'skilled',
    stats: { leadership: opts.leadership ?? 4, range: 12, ability: 8 },
    cavalry: false,
    attachedTo: opts.attachedTo ?? null,
    cardsThisTurn: 0,
  };
  return g;
}

export interface StateOptions {
  units: HmUnit[];
  /** Whose turn it is (default a) and its step (default action). */
  side?: SideId;
  step?: TurnStep;
  /** Cards in each hand (ids from buildCards: u:<unit>:1, g:<general>:1, joker, advance:1, artillery:a:1...). */
  hands?: Partial<Record<SideId, string[]>>;
  /** Cards in the discard pile. */
  discard?: string[];
  /** Cards drawn per turn by each side (default 2). */
  draw?: number;
  /** Scripted dice for the state itself (actions applied with entered dice ignore them). */
  dice?: number[];
  /** Set issuedOrders (the step is past the moment of decision). */
  issued?: boolean;
}

/**
 * A game position: the units given (add a CinC per side with makeGeneral if a test needs one), every
 * card of those units, the chosen hands, the rest in the deck in a fixed order.
 */
export function buildState(opts: StateOptions): HmState {
  const side = opts.side ?? 'a';
  const step = opts.step ?? 'action';
  const cards = buildCards(opts.units, ['a', 'b']);
  const hands: Record<SideId, string[]> = { a: [...(opts.hands?.a ?? [])], b: [...(opts.hands?.b ?? [])] };
  const discard = [...(opts.discard ?? [])];
  for (const id of [...hands.a!, ...hands.b!, ...discard]) if (!cards[id]) throw new Error(`no card ${id} for these units`);
  const held = new Set([...hands.a!, ...hands.b!, ...discard]);
  const deck = Object.keys(cards).filter((id) => !held.has(id));
  const sideState = (s: SideId): HmGame['sides'][string] => ({
    hand: hands[s]!,
    posture: s === 'a' ? 'attacker' : 'defender',
    drawPerTurn: opts.draw ?? 2,
    startInfantry: opts.units.filter((u) => u.side === s && (u.rs.troop === 'infantry' || u.rs.troop === 'skirmInf')).length,
    startUnits: opts.units.filter((u) => u.side === s && u.rs.troop !== 'general').length,
    mustPlayAdvance: false,
    turnsTaken: 1,
  });
  const rules: HmGame = {
    cards,
    deck,
    discard,
    sides: { a: sideState('a'), b: sideState('b') },
    step,
    turnSide: side,
    initiative: 'a',
    issuedOrders: opts.issued ?? step !== 'decision',
    jokersPlayed: 0,
    weather: 'clear',
    heavyRainJokers: 0,
    destroyedMarkers: [],
    skirmishFiredAt: [],
    breakthroughOrder: null,
    turnNumber: 3,
    setupLog: [],
    activeCard: null,
    pendingGeneralMove: null,
    cardsPlayedThisTurn: 0,
    discardedThisTurn: false,
    pendingReaction: null,
  };
  return {
    version: 1,
    rulesetId: 'horse-and-musket',
    options: { turnLimit: 40, sight: 'computed', breakRule: 'half-infantry', unpreparedSwap: false },
    seed: 'fixture',
    battlefield: flatTable(),
    sides: [
      { id: 'a', name: 'Prussians', nation: 'prussia', colour: '#2b3f7a' },
      { id: 'b', name: 'Austrians', nation: 'austria', colour: '#d9d4c3' },
    ],
    units: opts.units,
    turn: 2,
    phase: step,
    active: side,
    seq: 0,
    rules,
    dice: opts.dice ? scriptedDice(opts.dice) : seededDice('fixture'),
    result: null,
  };
}

export interface Acted {
  state: HmState;
  events: GameEvent[];
}

/** Apply an action with exactly these dice (all must be used); fails the test on a refusal. */
export function act(state: HmState, action: Action, dice: number[] = []): Acted {
  const r = apply(hm, state as unknown as GameState, action, dice);
  if (!r.ok) throw new Error(`refused: ${'error' in r ? r.error : `needs dice (${r.needDice.purpose}, ${r.needDice.count}D${r.needDice.sides})`} for ${JSON.stringify(action)}`);
  return { state: r.state as unknown as HmState, events: r.events };
}

/** Apply an action that must be refused: returns the reason, and checks the state did not change. */
export function refuse(state: HmState, action: Action, dice: number[] = []): string {
  const generic = state as unknown as GameState;
  const before = stateHash(generic);
  const r = apply(hm, generic, action, dice);
  expect(r.ok, `expected a refusal of ${JSON.stringify(action)}`).toBe(false);
  expect(stateHash(generic)).toBe(before);
  return 'error' in r ? r.error : 'needDice' in r ? `needs dice: ${r.needDice.purpose}` : '';
}

export function attempt(state: HmState, action: Action, dice: number[] = []): ApplyResult {
  return apply(hm, state as unknown as GameState, action, dice);
}

export function legal(state: HmState, side?: string): LegalAction[] {
  return legalActions(hm, state as unknown as GameState, side);
}

/** An Attack order on the unit's own card. */
export function attack(state: HmState, unitId: string, target: string, dice: number[]): Acted {
  const u = unit(state, unitId);
  return act(state, { type: 'order', side: u.side, unit: unitId, card: `u:${unitId}:1`, order: 'attack', target }, dice);
}

export function unit(state: HmState, id: string): HmUnit {
  const u = state.units.find((x) => x.id === id);
  if (!u) throw new Error(`no unit ${id}`);
  return u;
}

export const disordered = (u: HmUnit): number => u.stands.filter((s) => s.status === 'disordered').length;

/** The first event of a type (and unit, when given). */
export function event(events: GameEvent[], type: string, unitId?: string): GameEvent {
  const e = events.find((x) => x.type === type && (unitId === undefined || x.unit === unitId));
  if (!e) throw new Error(`no ${type} event${unitId ? ` for ${unitId}` : ''} in:\n${events.map((x) => `${x.type}: ${x.text}`).join('\n')}`);
  return e;
}

/** Expect a unit's Colour Stand (inches) within 1 mm, and its facing within a hundredth of a degree. */
export function expectPose(u: HmUnit, x: number, y: number, facing?: number): void {
  expect(Math.abs(u.x - inch(x)), `${u.id} x ${u.x / 25.4}" vs ${x}"`).toBeLessThan(1);
  expect(Math.abs(u.y - inch(y)), `${u.id} y ${u.y / 25.4}" vs ${y}"`).toBeLessThan(1);
  if (facing !== undefined) {
    const d = Math.atan2(Math.sin(u.facing - facing), Math.cos(u.facing - facing));
    expect(Math.abs(d), `${u.id} facing ${u.facing} vs ${facing}`).toBeLessThan(2e-4);
  }
}

/** Stand depth, mm (40 mm squares). */
export const STAND = 40;

/** A rectangle given in inches, as a polygon in mm. */
export const box = (x0: number, y0: number, x1: number, y1: number): Vec2[] => [
  { x: inch(x0), y: inch(y0) },
  { x: inch(x1), y: inch(y0) },
  { x: inch(x1), y: inch(y1) },
  { x: inch(x0), y: inch(y1) },
];

/** A stone building 150 mm tall: impassable ground that blocks sight. */
export const stoneBuilding = (id: string, name: string, polygon: Vec2[]): BuildingFeature => ({ id, kind: 'building', name, polygon, height: 150, material: 'stone' });

/** Two stone barns 2" deep (y 20"–22") either side of x = 36", leaving a gap `width` inches wide. */
export function barns(width: number): TerrainFeature[] {
  return [stoneBuilding('w', 'West barn', box(28, 20, 36 - width / 2, 22)), stoneBuilding('e', 'East barn', box(36 + width / 2, 20, 44, 22))];
}

/** A new game on `seed` (automatic deployment), nothing chosen yet. */
export function newHmGame(seed: string): HmState {
  return horseAndMusket.createGame({ rulesetId: 'horse-and-musket', seed, options: { deployment: 'automatic' } });
}

/**
 * A new game on `seed` as it stands once the postures are fixed: b defends and a attacks (or, with
 * `nobodyDefends`, both attack). Only the postures: nothing after them is rolled yet.
 */
export function posturedGame(seed: string, nobodyDefends = false): HmState {
  const s = structuredClone(newHmGame(seed));
  s.rules.postureChosen = true;
  s.rules.sides.a!.posture = 'attacker';
  s.rules.sides.b!.posture = nobodyDefends ? 'attacker' : 'defender';
  return s;
}
