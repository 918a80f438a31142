/**
 * Shooting, melee, morale and command rolls for the one-page rules. Pure functions: each returns
 * its result together with what explains it (dice, modifiers with reasons, chart rows), so the
 * turn machine can log and show every die.
 */

import type { DiceRoll, DiceRoller } from '../../core/dice';
import type { Modifier } from '../../core/model';
import {
  COMMAND_MODIFIERS,
  COMMAND_ROLL_NEED,
  HIT_ON,
  HITS_CHART,
  MELEE_DICE,
  MELEE_MODIFIERS,
  MORALE_MODIFIERS,
  REMOVAL_FRACTION,
  SHOOTING_DICE,
  SHOOTING_MODIFIERS,
  SHOOTING_MORALE_FRACTION,
  moraleRow,
  rallyMenRow,
  type CommandModifierFlag,
  type Cover,
  type Formation,
  type MeleeDiceRowId,
  type MeleeModifierFlag,
  type ModifierRow,
  type MoraleModifierFlag,
  type MoraleResult,
  type RallyMenResult,
  type ShootingDiceRowId,
  type ShootingModifierFlag,
} from './charts';

// ---------------------------------------------------------------------------------------------
// Modifier categories (Q7)

export interface ModifierCategory {
  category: string;
  /** Reasons for the category's bonus; any number of them still give one bonus. */
  plus: string[];
  /** Reasons for the category's penalty; any number of them still give one penalty. */
  minus: string[];
  /** Size of the bonus / penalty; 1 unless the sheet says otherwise (morale below ½ is −2). */
  size?: number;
}

function reasonText(reasons: string[]): string {
  return reasons.length === 1 ? reasons[0]! : `${reasons.join(' and ')} (counts once)`;
}

/**
 * One modifier per category and sign. A category with both a bonus and a penalty returns both,
 * so the player sees why they cancel.
 */
export function combineCategories(cats: ModifierCategory[]): Modifier[] {
  const out: Modifier[] = [];
  for (const c of cats) {
    const size = c.size ?? 1;
    if (c.plus.length > 0) out.push({ value: size, reason: reasonText(c.plus) });
    if (c.minus.length > 0) out.push({ value: -size, reason: reasonText(c.minus) });
  }
  return out;
}

export function modifierTotal(mods: readonly Modifier[]): number {
  return mods.reduce((n, m) => n + m.value, 0);
}

/** Build the categories of a modifier chart from the flags that hold, in chart order. */
function modifiersFromChart<F extends string>(chart: readonly ModifierRow<F>[], flags: Record<F, boolean>): Modifier[] {
  const cats: ModifierCategory[] = [];
  for (const row of chart) {
    let cat = cats.find((c) => c.category === row.category);
    if (!cat) {
      cat = { category: row.category, plus: [], minus: [], size: Math.abs(row.value) };
      cats.push(cat);
    }
    if (flags[row.flag]) (row.value > 0 ? cat.plus : cat.minus).push(row.row);
  }
  return combineCategories(cats);
}

// ---------------------------------------------------------------------------------------------
// Dice counts

/** Halve `base` once per halving, round down at the end, never below 1 die if base ≥ 1 (Q31). */
function halvedDice(base: number, halvings: number): number {
  const d = Math.floor(base / 2 ** halvings);
  return base >= 1 ? Math.max(1, d) : d;
}

export interface ShootingDiceInput {
  shooterKind: 'infantry' | 'artillery';
  formation: Formation;
  /** Figures now (gunners for a gun). */
  figures: number;
  skirmisher: boolean;
  /** Figures abreast in a column's front rank; 4 by default (Q30). */
  columnFrontWidth?: number;
  longRange: boolean;
  disordered: boolean;
}

export interface ShootingDice {
  /** Dice before halving (may be fractional: 1 per 2 figures). */
  base: number;
  counted: number;
  dice: number;
  halvings: string[];
  row: string;
}

function shootingRow(id: ShootingDiceRowId): (typeof SHOOTING_DICE)[number] {
  const row = SHOOTING_DICE.find((r) => r.id === id);
  if (!row) throw new Error(`no shooting dice row ${id}`);
  return row;
}

export function shootingDice(input: ShootingDiceInput): ShootingDice {
  const figures = Math.max(0, input.figures);
  let id: ShootingDiceRowId;
  let counted: number;
  if (input.shooterKind === 'artillery') {
    id = 'artillery';
    counted = figures;
  } else if (input.skirmisher || input.formation === 'skirmish') {
    id = 'skirmish';
    counted = figures;
  } else if (input.formation === 'column') {
    id = 'column';
    // The first two ranks of the column (Q30).
    counted = Math.min(figures, (input.columnFrontWidth ?? 4) * 2);
  } else {
    id = 'line';
    counted = figures;
  }
  const row = shootingRow(id);
  const base = counted / row.perDie;
  const halvings: string[] = [];
  if (input.longRange) halvings.push('long range');
  if (input.disordered) halvings.push('disordered');
  return { base, counted, dice: halvedDice(base, halvings.length), halvings, row: row.row };
}

export interface MeleeDiceInput {
  kind: 'infantry' | 'cavalry' | 'artillery';
  formation: Formation;
  figures: number;
  attackedInFlankOrRear: boolean;
  skirmisher: boolean;
  disordered: boolean;
  /** Figures abreast in a column's front rank; 4 for infantry, 2 for cavalry by default. */
  columnFrontWidth?: number;
  /** Number of enemy units this unit's dice are split between (Q39); 1 by default. */
  share?: number;
  /** Which share this is (0-based): earlier shares get the odd dice. 0 by default. */
  shareIndex?: number;
}

export interface MeleeDice {
  counted: number;
  dice: number;
  row: string;
}

function meleeRow(id: MeleeDiceRowId): (typeof MELEE_DICE)[number] {
  const row = MELEE_DICE.find((r) => r.id === id);
  if (!row) throw new Error(`no melee dice row ${id}`);
  return row;
}

/** Split `total` dice between `n` enemies as evenly as possible, the odd dice to the first (Q39). */
export function splitDice(total: number, n: number): number[] {
  if (n < 1 || !Number.isInteger(n)) throw new Error(`cannot split dice between ${n} enemies`);
  return Array.from({ length: n }, (_, i) => Math.floor(total / n) + (i < total % n ? 1 : 0));
}

export function meleeDice(input: MeleeDiceInput): MeleeDice {
  const figures = Math.max(0, input.figures);
  let id: MeleeDiceRowId;
  let counted: number;
  if (input.kind === 'artillery') {
    id = 'gunners';
    counted = figures;
  } else if (input.kind === 'cavalry') {
    if (input.formation === 'column') {
      id = 'cavalryColumn';
      counted = Math.min(figures, input.columnFrontWidth ?? 2);
    } else {
      id = 'cavalryLine';
      counted = figures;
    }
  } else if (input.skirmisher || input.formation === 'skirmish') {
    id = 'infantrySkirmish';
    counted = figures;
  } else if (input.formation === 'column') {
    id = 'infantryColumn';
    counted = Math.min(figures, input.columnFrontWidth ?? 4);
  } else if (input.attackedInFlankOrRear) {
    // One rank of a two-rank line (Q30).
    id = 'infantryLineFlank';
    counted = Math.ceil(figures / 2);
  } else {
    id = 'infantryLine';
    counted = figures;
  }
  const row = meleeRow(id);
  const total = halvedDice(counted / row.perDie, input.disordered ? 1 : 0);
  const share = input.share ?? 1;
  const dice = share > 1 ? splitDice(total, share)[input.shareIndex ?? 0] ?? 0 : total;
  let text = row.row;
  if (input.disordered) text += '; disordered: ½ dice';
  if (share > 1) text += `; split between ${share} enemies`;
  return { counted, dice, row: text };
}

// ---------------------------------------------------------------------------------------------
// Modifiers

export type ShootingModifierInput = Record<ShootingModifierFlag, boolean>;
export type MeleeModifierInput = Record<MeleeModifierFlag, boolean>;
export type MoraleModifierInput = Record<MoraleModifierFlag, boolean>;
export type CommandModifierInput = Record<CommandModifierFlag, boolean>;

export function shootingModifiers(input: ShootingModifierInput): Modifier[] {
  return modifiersFromChart(SHOOTING_MODIFIERS, input);
}

export function meleeModifiers(input: MeleeModifierInput): Modifier[] {
  return modifiersFromChart(MELEE_MODIFIERS, input);
}

export function moraleModifiers(input: MoraleModifierInput): Modifier[] {
  return modifiersFromChart(MORALE_MODIFIERS, input);
}

export function commandRollModifiers(input: CommandModifierInput): Modifier[] {
  return modifiersFromChart(COMMAND_MODIFIERS, input);
}

export function commandRollPasses(roll: number, mods: readonly Modifier[]): boolean {
  return roll + modifierTotal(mods) >= COMMAND_ROLL_NEED;
}

// ---------------------------------------------------------------------------------------------
// Hits

/**
 * Dice that hit: modified score of 5 or more. The sheet gives no automatic hit on a natural 6,
 * so with −2 no die can hit.
 */
export function countHits(values: readonly number[], modifier: number): number {
  return values.filter((v) => v + modifier >= HIT_ON).length;
}

/** The natural score a die needs; above 6 means no die can hit. */
export function hitNeed(modifier: number): number {
  return HIT_ON - modifier;
}

export function hitsAfterCover(hits: number, cover: Cover, skirmisher: boolean): { hits: number; row: string } {
  const row = HITS_CHART.find((r) => r.cover === cover && r.skirmisher === skirmisher);
  if (!row) throw new Error(`no hits row for ${cover}${skirmisher ? ' skirmishers' : ''}`);
  if (!row.halve) return { hits, row: row.row };
  return { hits: row.round === 'up' ? Math.ceil(hits / 2) : Math.floor(hits / 2), row: row.row };
}

// ---------------------------------------------------------------------------------------------
// Whole throws

function lastThrow(dice: DiceRoller): DiceRoll {
  const r = dice.rolls[dice.rolls.length - 1];
  if (!r) throw new Error('no throw was recorded');
  return r;
}

export interface ShootingInput extends ShootingDiceInput, ShootingModifierInput {
  /** The target's cover. */
  cover: Cover;
  targetSkirmisher: boolean;
}

export interface ShootingVolley {
  diceCount: number;
  rolls: number[];
  modifiers: Modifier[];
  need: number;
  rawHits: number;
  hits: number;
  coverRow: string;
  diceRow: string;
  halvings: string[];
  /** The throw as logged (always exactly one, even of 0 dice). */
  diceRoll: DiceRoll;
}

export function resolveShootingVolley(dice: DiceRoller, input: ShootingInput): ShootingVolley {
  const d = shootingDice(input);
  const modifiers = shootingModifiers(input);
  const mod = modifierTotal(modifiers);
  // Always one throw, even of 0 dice, so the caller's log finds this volley's throw.
  const rolls = dice.roll(d.dice, 6, `shooting: ${d.dice} dice`);
  const rawHits = countHits(rolls, mod);
  const cover = hitsAfterCover(rawHits, input.cover, input.targetSkirmisher);
  const diceRow = d.halvings.length > 0 ? `${d.row}; ½ dice: ${d.halvings.join(', ')}` : d.row;
  return {
    diceCount: d.dice,
    rolls,
    modifiers,
    need: hitNeed(mod),
    rawHits,
    hits: cover.hits,
    coverRow: cover.row,
    diceRow,
    halvings: d.halvings,
    diceRoll: lastThrow(dice),
  };
}

export type MeleeSideInput = MeleeDiceInput & MeleeModifierInput;

export interface MeleeSide {
  diceCount: number;
  rolls: number[];
  modifiers: Modifier[];
  need: number;
  hits: number;
  row: string;
  diceRoll: DiceRoll;
}

export function resolveMeleeSide(dice: DiceRoller, input: MeleeSideInput): MeleeSide {
  const d = meleeDice(input);
  const modifiers = meleeModifiers(input);
  const mod = modifierTotal(modifiers);
  const rolls = dice.roll(d.dice, 6, `melee: ${d.dice} dice`);
  return {
    diceCount: d.dice,
    rolls,
    modifiers,
    need: hitNeed(mod),
    hits: countHits(rolls, mod),
    row: d.row,
    diceRoll: lastThrow(dice),
  };
}

/** Who lost a melee (Q39: compare side totals). Equal hits, even 0–0, is a draw (Q41). */
export function meleeOutcome(hitsByA: number, hitsByB: number): 'aLost' | 'bLost' | 'drawn' {
  if (hitsByB > hitsByA) return 'aLost';
  if (hitsByA > hitsByB) return 'bLost';
  return 'drawn';
}

// ---------------------------------------------------------------------------------------------
// Tests and thresholds

export interface MoraleTest {
  roll: number;
  modifiers: Modifier[];
  total: number;
  result: MoraleResult;
  row: string;
  diceRoll: DiceRoll;
}

export function resolveMoraleTest(dice: DiceRoller, input: MoraleModifierInput): MoraleTest {
  const modifiers = moraleModifiers(input);
  const roll = dice.one(6, 'morale');
  const total = roll + modifierTotal(modifiers);
  const row = moraleRow(total);
  return { roll, modifiers, total, result: row.result, row: row.row, diceRoll: lastThrow(dice) };
}

export interface CommandRoll {
  roll: number;
  modifiers: Modifier[];
  total: number;
  need: number;
  passes: boolean;
  diceRoll: DiceRoll;
}

export function resolveCommandRoll(dice: DiceRoller, input: CommandModifierInput): CommandRoll {
  const modifiers = commandRollModifiers(input);
  const roll = dice.one(6, 'command control');
  return {
    roll,
    modifiers,
    total: roll + modifierTotal(modifiers),
    need: COMMAND_ROLL_NEED,
    passes: commandRollPasses(roll, modifiers),
    diceRoll: lastThrow(dice),
  };
}

export function resolveRallyMen(dice: DiceRoller): { roll: number; result: RallyMenResult; row: string; diceRoll: DiceRoll } {
  const roll = dice.one(6, 'Rally Men!');
  const row = rallyMenRow(roll);
  return { roll, result: row.result, row: row.row, diceRoll: lastThrow(dice) };
}

/** Shooting losses this turn of at least 25% of the turn-start strength force a test (Q35). */
export function shootingMoraleTriggered(lossThisTurn: number, figuresAtTurnStart: number): boolean {
  return lossThisTurn > 0 && lossThisTurn >= SHOOTING_MORALE_FRACTION * figuresAtTurnStart;
}

/** Below ½: fewer figures than half the starting figures (§10.2). */
export function belowHalf(figures: number, figuresStart: number): boolean {
  return figures < figuresStart / 2;
}

/** End of turn: removed when below 25% of the start, rounded down, minimum 1 (Q45). */
export function removalThreshold(figuresStart: number): number {
  return Math.max(1, Math.floor(figuresStart * REMOVAL_FRACTION));
}

export function removedAtEndOfTurn(figures: number, figuresStart: number): boolean {
  return figures < removalThreshold(figuresStart);
}
