/**
 * Scenario fixtures for the one-page turn machine: a controlled table, chosen units placed by hand,
 * and helpers that apply one action with exactly the dice given (entered dice must all be used, so
 * a test also proves how many dice an action throws).
 */

import { expect } from 'vitest';
import { apply, legalActions, stateHash, type ApplyResult } from '../../../src/core/engine';
import type { LegalAction } from '../../../src/core/ruleset';
import { DiceRoller } from '../../../src/core/dice';
import type { Action, GameEvent, GameState, SideId } from '../../../src/core/model';
import { inch } from '../../../src/core/measure';
import { battlefieldFromSpec, type BattlefieldSpec } from '../../../src/terrain/battlefield';
import type { TerrainFeature, WoodFeature } from '../../../src/terrain/features';
import { getRuleset } from '../../../src/rules/registry';
import { createOnePageGame, placeObjectives, TABLE_DEPTH, TABLE_WIDTH } from '../../../src/rules/one-page/setup';
import { figuresOf, layoutStands, markDisorder } from '../../../src/rules/one-page/layout';
import { beginActivations } from '../../../src/rules/one-page/turn';
import type { OnePageState, OnePageUnit, OnePageUnitState, Step } from '../../../src/rules/one-page/types';
import { isCombatUnit } from '../../../src/rules/one-page/world';

const onePage = getRuleset('one-page');

/** Facing up the table (red's default) and down it (black's default). */
export const UP = Math.PI / 2;
export const DOWN = -Math.PI / 2;

export interface Placement {
  /** A unit of the default armies: red-u0..u7, red-c0..c2, black-u0..u7, black-c0..c2. */
  id: string;
  /** Centre, in inches. */
  x: number;
  y: number;
  /** Radians; the side's default facing when absent. */
  facing?: number;
  formation?: string;
  figures?: number;
  /** Ruleset flags to set (disordered, hasShot...). */
  rs?: Partial<OnePageUnitState>;
}

export interface FixtureOptions {
  seed?: string;
  options?: Record<string, unknown>;
  /** Extra table spec: woods, hills... The table is flat and bare unless given. */
  table?: Partial<BattlefieldSpec>;
  units: Placement[];
  /** Units of the default armies kept off the table as already lost (they count for victory). */
  lost?: string[];
  /** Activation order (initiative mode); the first side is active. Default red, then black. */
  order?: [SideId, SideId];
  /** Card mode: the cards in the order they will be turned (the first is turned already). */
  cards?: SideId[];
}

/** A flat, bare 6' x 4' table; woods and hills come from `extra`. */
export function flatTable(extra: Partial<BattlefieldSpec> = {}): BattlefieldSpec {
  return { seed: 'test-table', width: TABLE_WIDTH, depth: TABLE_DEPTH, cellSize: 10, hills: 0, woods: 0, river: false, road: false, fields: false, relief: 0, ...extra };
}

/** A rectangular wood, corners in inches. */
export function woodRect(id: string, x0: number, y0: number, x1: number, y1: number): WoodFeature {
  return {
    id,
    kind: 'wood',
    name: id,
    canopyHeight: 50,
    polygon: [
      { x: inch(x0), y: inch(y0) },
      { x: inch(x1), y: inch(y0) },
      { x: inch(x1), y: inch(y1) },
      { x: inch(x0), y: inch(y1) },
    ],
  };
}

/** Place a unit: centre, facing, formation and strength; stands are laid out afresh. */
export function place(u: OnePageUnit, p: Placement): void {
  u.x = inch(p.x);
  u.y = inch(p.y);
  if (p.facing !== undefined) u.facing = p.facing;
  if (p.formation) u.formation = p.formation;
  Object.assign(u.rs, p.rs ?? {});
  const figures = p.figures ?? u.rs.figuresStart;
  u.stands = layoutStands(u, figures);
  u.rs.figuresAtTurnStart = figures;
  markDisorder(u);
}

/**
 * A game in the activation phase of turn 1 with only the placed units on a controlled table. The
 * dice are scripted and empty: every throw must come from the `dice` given to `act`.
 */
export function buildGame(opts: FixtureOptions): OnePageState {
  const state = createOnePageGame({ rulesetId: 'one-page', seed: opts.seed ?? 'fixture', options: opts.options ?? {}, dice: { scripted: [] } });
  state.battlefield = flatTable(opts.table);
  // Objectives belong to the table: on a bare one they are the centre-line points 18", 36", 54".
  state.rules.objectives = placeObjectives(battlefieldFromSpec(state.battlefield));
  const keep = new Set([...opts.units.map((p) => p.id), ...(opts.lost ?? [])]);
  for (const id of keep) if (!state.units.some((u) => u.id === id)) throw new Error(`no unit ${id} in the default armies`);
  state.units = state.units.filter((u) => keep.has(u.id));
  for (const p of opts.units) place(state.units.find((u) => u.id === p.id)!, p);
  for (const id of opts.lost ?? []) {
    const u = state.units.find((x) => x.id === id)!;
    u.removed = true;
    u.rs.removedBy = 'destroyed';
  }
  const g = state.rules;
  for (const side of state.sides) g.startCombatUnits[side.id] = state.units.filter((u) => u.side === side.id && isCombatUnit(u)).length;
  g.step = 'activations';
  g.order = opts.order ?? ['red', 'black'];
  g.orderIndex = 0;
  g.initiativeWinner = g.order[0]!;
  g.pendingCharge = null;
  g.declaredShots = [];
  g.shootingDone = [];
  if (g.activation === 'cards') {
    const cards = opts.cards;
    if (cards) {
      g.card = cards[0]!;
      g.deck = cards.slice(1).reverse();
      state.active = g.card;
    } else {
      // Deal a real deck for the units placed.
      beginActivations(state, { dice: new DiceRoller(state.dice), battlefield: battlefieldFromSpec(state.battlefield), emit: () => {} });
    }
  } else {
    state.active = g.order[0]!;
  }
  state.phase = g.step;
  return state;
}

export interface Acted {
  state: OnePageState;
  events: GameEvent[];
}

/** Apply an action with exactly these dice (all must be used); fails the test on a refusal. */
export function act(state: OnePageState, action: Action, dice: number[] = []): Acted {
  const r = apply(onePage, state as unknown as GameState, action, dice);
  if (!r.ok) throw new Error(`refused: ${'error' in r ? r.error : `needs dice (${r.needDice.purpose})`} for ${JSON.stringify(action)}`);
  return { state: r.state as unknown as OnePageState, events: r.events };
}

/** Apply an action that must be refused: returns the reason, and checks the state did not change. */
export function refuse(state: OnePageState, action: Action, dice: number[] = []): string {
  const generic = state as unknown as GameState;
  const before = stateHash(generic);
  const r = apply(onePage, generic, action, dice);
  expect(r.ok, `expected a refusal of ${JSON.stringify(action)}`).toBe(false);
  expect(stateHash(generic)).toBe(before);
  return 'error' in r ? r.error : 'needDice' in r ? `needs dice: ${r.needDice.purpose}` : '';
}

/** Apply without failing the test on a refusal. */
export function attempt(state: OnePageState, action: Action, dice: number[] = []): ApplyResult {
  return apply(onePage, state as unknown as GameState, action, dice);
}

export function legal(state: OnePageState, side?: string): LegalAction[] {
  return legalActions(onePage, state as unknown as GameState, side);
}

export function unit(state: OnePageState, id: string): OnePageUnit {
  const u = state.units.find((x) => x.id === id);
  if (!u) throw new Error(`no unit ${id}`);
  return u;
}

export function figures(state: OnePageState, id: string): number {
  return figuresOf(unit(state, id));
}

/** The first event of a type (and unit, when given). */
export function event(events: GameEvent[], type: string, unitId?: string): GameEvent {
  const e = events.find((x) => x.type === type && (unitId === undefined || x.unit === unitId));
  if (!e) throw new Error(`no ${type} event${unitId ? ` for ${unitId}` : ''} in:\n${events.map((x) => `${x.type}: ${x.text}`).join('\n')}`);
  return e;
}

export function texts(events: GameEvent[]): string[] {
  return events.map((e) => e.text);
}

/** Expect a unit's centre (inches) within 1 mm, and its facing within a hundredth of a degree. */
export function expectPose(u: OnePageUnit, x: number, y: number, facing?: number): void {
  expect(Math.abs(u.x - inch(x)), `${u.id} x ${u.x / 25.4}" vs ${x}"`).toBeLessThan(1);
  expect(Math.abs(u.y - inch(y)), `${u.id} y ${u.y / 25.4}" vs ${y}"`).toBeLessThan(1);
  if (facing !== undefined) {
    const d = Math.atan2(Math.sin(u.facing - facing), Math.cos(u.facing - facing));
    expect(Math.abs(d), `${u.id} facing ${u.facing} vs ${facing}`).toBeLessThan(2e-4);
  }
}

export function step(state: OnePageState): Step {
  return state.rules.step;
}

export type { TerrainFeature };
