/**
 * The one-page rules sheet (seed 004) as data. Every chart is a table of rows, each with a `row`
 * label a player can read, so the explanation panel can name the row that decided a result and a
 * test can walk every row. Distances are millimetres; the sheet's inches go through `inch()`.
 * Gaps in the sheet follow the digest's proposals (Qn); see notes.ts.
 */

import type { DiceRoll, DiceRoller } from '../../core/dice';
import { inch } from '../../core/measure';

// ---------------------------------------------------------------------------------------------
// Troop types (digest §2, §3)

export type UnitTypeId =
  | 'line'
  | 'guard'
  | 'shock'
  | 'militia'
  | 'light'
  | 'rifles'
  | 'irregular'
  | 'cavalry'
  | 'eliteCavalry'
  | 'lightGun'
  | 'footArtillery'
  | 'heavyArtillery'
  | 'wagon'
  | 'boat'
  | 'commander';

export type Quality = 'elite' | 'regular' | 'militia' | 'irregular';
export type Trait = 'shock' | 'sharpshooter' | 'skirmisher' | 'noMelee';
export type WeaponId = 'musket' | 'rifle' | 'lightGun' | 'footArtillery';
export type Formation = 'line' | 'column' | 'skirmish' | 'limbered' | 'unlimbered' | 'none';
export type MoveRuleId = 'regularInfantry' | 'irregularInfantry' | 'mounted' | 'artillery' | 'heavy' | 'boat';
export type UnitKind = 'infantry' | 'cavalry' | 'artillery' | 'commander' | 'wagon' | 'boat';

export interface UnitTypeDef {
  id: UnitTypeId;
  name: string;
  kind: UnitKind;
  /** Starting figures (gunners for a gun, 1 for a model). */
  figures: number;
  quality: Quality;
  traits: Trait[];
  weapon?: WeaponId;
  formations: Formation[];
  defaultFormation: Formation;
  move: MoveRuleId;
  stands: number;
  /** Figures a stand is worth; a stand comes off for each such loss (Q13). */
  figuresPerStand: number;
  standWidth: number;
  standDepth: number;
  /** Height of the figures above the ground, for sight. */
  figureHeight: number;
  /** Figures abreast in the front rank of a column (Q30); only for types that form column. */
  columnFront?: number;
}

const FOOT_HEIGHT = 25;
const MOUNTED_HEIGHT = 40;

function battalion(id: UnitTypeId, name: string, quality: Quality, traits: Trait[]): UnitTypeDef {
  return {
    id,
    name,
    kind: 'infantry',
    figures: 24,
    quality,
    traits,
    weapon: 'musket',
    formations: ['line', 'column'],
    defaultFormation: 'line',
    move: 'regularInfantry',
    stands: 6,
    figuresPerStand: 4,
    standWidth: inch(1),
    standDepth: inch(0.75),
    figureHeight: FOOT_HEIGHT,
    columnFront: 4,
  };
}

function skirmishers(
  id: UnitTypeId,
  name: string,
  quality: Quality,
  traits: Trait[],
  weapon: WeaponId,
  formations: Formation[],
  move: MoveRuleId,
): UnitTypeDef {
  return {
    id,
    name,
    kind: 'infantry',
    figures: 12,
    quality,
    traits,
    weapon,
    formations,
    defaultFormation: 'skirmish',
    move,
    stands: 6,
    figuresPerStand: 2,
    standWidth: inch(1),
    standDepth: inch(0.75),
    figureHeight: FOOT_HEIGHT,
  };
}

function horse(id: UnitTypeId, name: string, quality: Quality): UnitTypeDef {
  return {
    id,
    name,
    kind: 'cavalry',
    figures: 8,
    quality,
    traits: [],
    formations: ['line', 'column'],
    defaultFormation: 'line',
    move: 'mounted',
    stands: 4,
    figuresPerStand: 2,
    standWidth: inch(1),
    standDepth: inch(1.25),
    figureHeight: MOUNTED_HEIGHT,
    // A cavalry column is one base wide: 2 troopers abreast (§3).
    columnFront: 2,
  };
}

function gun(id: UnitTypeId, name: string, weapon: WeaponId, move: MoveRuleId): UnitTypeDef {
  return {
    id,
    name,
    kind: 'artillery',
    figures: 4,
    quality: 'regular',
    traits: ['noMelee'],
    weapon,
    formations: ['limbered', 'unlimbered'],
    // Guns are deployed in battery, ready to fire.
    defaultFormation: 'unlimbered',
    move,
    stands: 1,
    figuresPerStand: 4,
    standWidth: inch(1.5),
    standDepth: inch(2),
    figureHeight: FOOT_HEIGHT,
  };
}

function model(id: UnitTypeId, name: string, kind: UnitKind, move: MoveRuleId, height: number): UnitTypeDef {
  return {
    id,
    name,
    kind,
    figures: 1,
    quality: 'regular',
    traits: ['noMelee'],
    formations: ['none'],
    defaultFormation: 'none',
    move,
    stands: 1,
    figuresPerStand: 1,
    standWidth: inch(1.5),
    standDepth: inch(3),
    figureHeight: height,
  };
}

export const UNIT_TYPES: Record<UnitTypeId, UnitTypeDef> = {
  line: battalion('line', 'Line infantry', 'regular', []),
  guard: battalion('guard', 'Guard / grenadiers', 'elite', []),
  shock: battalion('shock', 'Shock foot', 'regular', ['shock']),
  militia: battalion('militia', 'Formed militia', 'militia', []),
  light: skirmishers('light', 'Light infantry', 'regular', ['skirmisher'], 'musket', ['skirmish', 'line'], 'regularInfantry'),
  rifles: skirmishers(
    'rifles',
    'Riflemen',
    'regular',
    ['skirmisher', 'sharpshooter', 'noMelee'],
    'rifle',
    ['skirmish'],
    'regularInfantry',
  ),
  // Irregulars count as skirmishers (Q57).
  irregular: skirmishers('irregular', 'Irregular infantry', 'irregular', ['skirmisher'], 'musket', ['skirmish'], 'irregularInfantry'),
  cavalry: horse('cavalry', 'Cavalry', 'regular'),
  eliteCavalry: horse('eliteCavalry', 'Elite cavalry', 'elite'),
  lightGun: gun('lightGun', 'Light gun', 'lightGun', 'artillery'),
  footArtillery: gun('footArtillery', 'Foot artillery', 'footArtillery', 'artillery'),
  // Heavy guns use foot-artillery ranges and move like wagons (Q10).
  heavyArtillery: gun('heavyArtillery', 'Heavy artillery', 'footArtillery', 'heavy'),
  wagon: model('wagon', 'Wagon', 'wagon', 'heavy', MOUNTED_HEIGHT),
  boat: model('boat', 'Boat', 'boat', 'boat', FOOT_HEIGHT),
  commander: {
    id: 'commander',
    name: 'Commander',
    kind: 'commander',
    figures: 1,
    quality: 'regular',
    traits: [],
    formations: ['none'],
    defaultFormation: 'none',
    move: 'mounted',
    stands: 1,
    figuresPerStand: 1,
    standWidth: inch(1),
    standDepth: inch(1),
    figureHeight: MOUNTED_HEIGHT,
  },
};

// ---------------------------------------------------------------------------------------------
// Weapons (§2.3)

export interface WeaponDef {
  name: string;
  /** Close range: up to and including this distance. */
  close: number;
  /** Long range (½ dice): over close, up to and including this distance. */
  long: number;
}

export const WEAPONS: Record<WeaponId, WeaponDef> = {
  musket: { name: 'Musket', close: inch(6), long: inch(12) },
  rifle: { name: 'Rifle', close: inch(12), long: inch(24) },
  lightGun: { name: 'Light gun', close: inch(12), long: inch(36) },
  footArtillery: { name: 'Foot artillery', close: inch(12), long: inch(48) },
};

export type RangeBand = 'close' | 'long' | 'out';

/** The range band of a shot at `distance` mm. "Within" includes the limit (Q3). */
export function rangeBand(weapon: WeaponId, distance: number): RangeBand {
  const w = WEAPONS[weapon];
  if (distance <= w.close) return 'close';
  if (distance <= w.long) return 'long';
  return 'out';
}

// ---------------------------------------------------------------------------------------------
// Movement (§7.1)

export type MoveCondition = 'column' | 'limbered' | 'onRoad' | 'withCurrent' | 'againstCurrent';

export interface MoveBonus {
  /** Short label used in the formula: "column", "road". */
  label: string;
  /** All of these must hold for the bonus to apply. */
  when: MoveCondition[];
  sign: 1 | -1;
  inches: number;
  dice: number;
}

export interface MoveChartRow {
  id: MoveRuleId;
  row: string;
  inches: number;
  dice: number;
  /** The base (inches + dice) is multiplied by this (cavalry and commanders, Q9). */
  times: number;
  bonuses: MoveBonus[];
}

export const MOVE_CHART: MoveChartRow[] = [
  {
    id: 'regularInfantry',
    row: 'Regular infantry: 6 + D6", +D6" if starting or ending in column',
    inches: 6,
    dice: 1,
    times: 1,
    bonuses: [{ label: 'column', when: ['column'], sign: 1, inches: 0, dice: 1 }],
  },
  { id: 'irregularInfantry', row: 'Irregular infantry: 3D6"', inches: 0, dice: 3, times: 1, bonuses: [] },
  { id: 'mounted', row: 'Cavalry, commanders: (6 + D6) × 2"', inches: 6, dice: 1, times: 2, bonuses: [] },
  {
    id: 'artillery',
    row: 'Artillery: D6", +6" if limbered, +D6" on a road (limbered)',
    inches: 0,
    dice: 1,
    times: 1,
    bonuses: [
      { label: 'limbered', when: ['limbered'], sign: 1, inches: 6, dice: 0 },
      // Road bonus only for a limbered gun (Q26).
      { label: 'road', when: ['limbered', 'onRoad'], sign: 1, inches: 0, dice: 1 },
    ],
  },
  {
    id: 'heavy',
    row: 'Wagons, heavy artillery: D6", +D6" on a road',
    inches: 0,
    dice: 1,
    times: 1,
    bonuses: [{ label: 'road', when: ['onRoad'], sign: 1, inches: 0, dice: 1 }],
  },
  {
    id: 'boat',
    row: 'Boats: 12 + 2D6", −D6" against or across the current, +D6" with it',
    inches: 12,
    dice: 2,
    times: 1,
    bonuses: [
      { label: 'against current', when: ['againstCurrent'], sign: -1, inches: 0, dice: 1 },
      { label: 'with current', when: ['withCurrent'], sign: 1, inches: 0, dice: 1 },
    ],
  },
];

export interface MoveContext {
  /** Starts or ends the move in column. */
  column?: boolean;
  limbered?: boolean;
  onRoad?: boolean;
  /** Boats: 'against' also covers moving across the current. */
  current?: 'with' | 'against' | 'none';
  /** A commander has given Follow Me! to this unit this turn. */
  followMe?: boolean;
}

export interface MoveAllowance {
  distance: number;
  formula: string;
  dice: number[];
  /** Every throw made, in order (base, bonuses, Follow Me!), for the log. */
  throws: DiceRoll[];
}

export function moveChartRow(rule: MoveRuleId): MoveChartRow {
  const row = MOVE_CHART.find((r) => r.id === rule);
  if (!row) throw new Error(`no move chart row for ${rule}`);
  return row;
}

function conditionHolds(c: MoveCondition, ctx: MoveContext): boolean {
  switch (c) {
    case 'column':
      return ctx.column === true;
    case 'limbered':
      return ctx.limbered === true;
    case 'onRoad':
      return ctx.onRoad === true;
    case 'withCurrent':
      return ctx.current === 'with';
    case 'againstCurrent':
      return ctx.current === 'against';
  }
}

function diceText(count: number, values: number[]): string {
  return `${count === 1 ? '' : count}D6 (${values.join('+')})`;
}

/**
 * Roll a move allowance (the maximum distance, Q2). Dice are thrown in chart order: base dice,
 * then each bonus, then Follow Me!. Halving for move type and terrain is left to the caller, after
 * this (Q51: the Follow Me! die is added before any halving).
 */
export function rollMoveAllowance(rule: MoveRuleId, ctx: MoveContext, dice: DiceRoller): MoveAllowance {
  const chart = moveChartRow(rule);
  const firstThrow = dice.rolls.length;
  const all: number[] = [];
  const baseParts: string[] = [];
  let base = chart.inches;
  if (chart.inches > 0) baseParts.push(`${chart.inches}`);
  if (chart.dice > 0) {
    const v = dice.roll(chart.dice, 6, `move: ${[...baseParts, `${chart.dice === 1 ? '' : chart.dice}D6`].join(' + ')}`);
    all.push(...v);
    base += v.reduce((a, b) => a + b, 0);
    baseParts.push(diceText(chart.dice, v));
  }
  let total = base * chart.times;
  let formula = chart.times === 1 ? baseParts.join(' + ') : `(${baseParts.join(' + ')}) × ${chart.times}`;

  const addTerm = (sign: 1 | -1, inches: number, count: number, label: string) => {
    let amount = inches;
    let text = inches > 0 ? `${inches} ${label}` : '';
    if (count > 0) {
      const v = dice.roll(count, 6, `move: ${sign > 0 ? '+' : '−'}${count === 1 ? '' : count}D6 ${label}`);
      all.push(...v);
      amount += v.reduce((a, b) => a + b, 0);
      const diceTerm = `${count === 1 ? '' : count}D6 ${label} (${v.join('+')})`;
      text = inches > 0 ? `${inches} + ${diceTerm}` : diceTerm;
    }
    total += sign * amount;
    formula += ` ${sign > 0 ? '+' : '−'} ${text}`;
  };

  for (const b of chart.bonuses) {
    if (b.when.every((c) => conditionHolds(c, ctx))) addTerm(b.sign, b.inches, b.dice, b.label);
  }
  if (ctx.followMe) addTerm(1, 0, 1, 'Follow Me!');
  return { distance: inch(total), formula, dice: all, throws: dice.rolls.slice(firstThrow) };
}

/** How much of the roll each kind of move gets (§7.2); a formation change costs half (Q22). */
export type MoveTypeId = 'advance' | 'retire' | 'backwards' | 'sideways' | 'wheel' | 'formationChange';

export const MOVE_TYPES: { id: MoveTypeId; row: string; factor: number }[] = [
  { id: 'advance', row: 'Advance: full roll, forward', factor: 1 },
  { id: 'retire', row: 'Retire: full roll, back to the enemy', factor: 1 },
  { id: 'backwards', row: 'Backwards, facing the enemy: ½ roll', factor: 0.5 },
  { id: 'sideways', row: 'Sideways: ½ roll', factor: 0.5 },
  { id: 'wheel', row: 'Wheel: the moving corner’s arc up to the roll', factor: 1 },
  { id: 'formationChange', row: 'Formation change: costs ½ roll, the rest may advance', factor: 0.5 },
];

export function moveTypeFactor(type: MoveTypeId): number {
  const row = MOVE_TYPES.find((r) => r.id === type);
  if (!row) throw new Error(`no move type ${type}`);
  return row.factor;
}

// ---------------------------------------------------------------------------------------------
// Terrain (§7.3)

export type GroundClass = 'open' | 'broken' | 'difficult' | 'road' | 'water';
export type Mover = 'skirmisher' | 'line' | 'column' | 'cavalry' | 'artillery';

export interface TerrainRow {
  ground: GroundClass;
  row: string;
  /** Speed factor: 1 full, 0.5 half, 0 may not enter. */
  factors: Record<Mover, number>;
}

export const TERRAIN_EFFECTS: TerrainRow[] = [
  { ground: 'open', row: 'Open', factors: { skirmisher: 1, line: 1, column: 1, cavalry: 1, artillery: 1 } },
  {
    ground: 'broken',
    row: 'Broken ground (scrub, orchards, ploughland, rocky ground, crossing a hedge or wall)',
    // Columns are formed regulars; guns and wagons also slow down (Q25).
    factors: { skirmisher: 1, line: 0.5, column: 0.5, cavalry: 0.5, artillery: 0.5 },
  },
  {
    ground: 'difficult',
    row: 'Difficult ground (woods, marsh, steep slopes, fords, built-up areas)',
    // The sheet names only who moves at ½; the others may not enter (Q25).
    factors: { skirmisher: 0.5, line: 0, column: 0.5, cavalry: 0, artillery: 0 },
  },
  { ground: 'road', row: 'Road: negates terrain', factors: { skirmisher: 1, line: 1, column: 1, cavalry: 1, artillery: 1 } },
  // Deep water is for boats only (Q56); boats are moved by their own rule.
  { ground: 'water', row: 'River / deep water: boats only', factors: { skirmisher: 0, line: 0, column: 0, cavalry: 0, artillery: 0 } },
];

export function terrainSpeedFactor(ground: GroundClass, mover: Mover): number {
  const row = TERRAIN_EFFECTS.find((r) => r.ground === ground);
  if (!row) throw new Error(`no terrain row for ${ground}`);
  return row.factors[mover];
}

// ---------------------------------------------------------------------------------------------
// Shooting (§8)

export type Cover = 'none' | 'partial' | 'full';

export const COVER: Record<Cover, { row: string; examples: string; rounding: 'up' | 'down' | null }> = {
  none: { row: 'No cover', examples: 'open ground', rounding: null },
  partial: { row: 'Partial cover: ½ hits, round up', examples: 'hedges, fences, woods, orchards, crops, scattered buildings', rounding: 'up' },
  full: { row: 'Full cover: ½ hits, round down', examples: 'stone walls, buildings, earthworks', rounding: 'down' },
};

/** §8.5: hits suffered, by target cover and whether it is skirmishing (Q34: halve once only). */
export const HITS_CHART: { cover: Cover; skirmisher: boolean; row: string; halve: boolean; round: 'up' | 'down' }[] = [
  { cover: 'none', skirmisher: false, row: 'In the open: all hits', halve: false, round: 'down' },
  { cover: 'partial', skirmisher: false, row: 'Partial cover: ½ hits, rounded up', halve: true, round: 'up' },
  { cover: 'full', skirmisher: false, row: 'Full cover: ½ hits, rounded down', halve: true, round: 'down' },
  { cover: 'none', skirmisher: true, row: 'Skirmishers in the open: ½ hits, rounded up', halve: true, round: 'up' },
  { cover: 'partial', skirmisher: true, row: 'Skirmishers in partial cover: ½ hits once, rounded up', halve: true, round: 'up' },
  { cover: 'full', skirmisher: true, row: 'Skirmishers in full cover: ½ hits once, rounded down', halve: true, round: 'down' },
];

export type ShootingDiceRowId = 'line' | 'column' | 'skirmish' | 'artillery';

/** §8.3: counted figures and figures per die. */
export const SHOOTING_DICE: { id: ShootingDiceRowId; row: string; perDie: number }[] = [
  { id: 'line', row: 'Formed infantry in line: 2 ranks (all figures), 1 die per 2', perDie: 2 },
  { id: 'column', row: 'Formed infantry in column: first 2 ranks, 1 die per 2', perDie: 2 },
  { id: 'skirmish', row: 'Skirmishers / irregulars: 1 loose rank (all figures), 1 die per 2', perDie: 2 },
  { id: 'artillery', row: 'Artillery: 1 die per gunner', perDie: 1 },
];

export type MeleeDiceRowId =
  | 'infantryLine'
  | 'infantryLineFlank'
  | 'infantryColumn'
  | 'infantrySkirmish'
  | 'cavalryLine'
  | 'cavalryColumn'
  | 'gunners';

/** §9.4: counted figures and figures per die in melee. */
export const MELEE_DICE: { id: MeleeDiceRowId; row: string; perDie: number }[] = [
  { id: 'infantryLine', row: 'Infantry in line: 2 ranks (all figures), 1 die per 2', perDie: 2 },
  { id: 'infantryLineFlank', row: 'Infantry line attacked in flank or rear: 1 rank (½ figures, rounded up), 1 die per 2', perDie: 2 },
  { id: 'infantryColumn', row: 'Infantry in column: front rank, 1 die per 2', perDie: 2 },
  { id: 'infantrySkirmish', row: 'Skirmishers / irregulars: 1 loose rank (all figures), 1 die per 2', perDie: 2 },
  { id: 'cavalryLine', row: 'Cavalry in line: 1 rank (all figures), 1 die per figure', perDie: 1 },
  { id: 'cavalryColumn', row: 'Cavalry in column: front rank, 1 die per figure', perDie: 1 },
  { id: 'gunners', row: 'Gunners: 1 die per 2', perDie: 2 },
];

// ---------------------------------------------------------------------------------------------
// Modifier charts (§8.4, §9.4, §10.2, §13.1). Each row is one condition; rows sharing a
// `category` give at most +1 and at most −1 together (Q7).

export interface ModifierRow<F extends string> {
  flag: F;
  category: string;
  value: number;
  row: string;
}

export type ShootingModifierFlag = 'sharpshooter' | 'regularFirstFire' | 'targetInColumn' | 'flankShot' | 'militia';
export type MeleeModifierFlag = 'elite' | 'shock' | 'militia' | 'noMelee' | 'charging' | 'pursuing' | 'acrossObstacle' | 'uphill';
export type MoraleModifierFlag = 'commanderJoined' | 'elite' | 'militiaOrIrregular' | 'belowHalf';
export type CommandModifierFlag = 'elite' | 'militia';

export const SHOOTING_MODIFIERS: ModifierRow<ShootingModifierFlag>[] = [
  { flag: 'sharpshooter', category: 'shooting bonus', value: 1, row: 'sharpshooter' },
  { flag: 'regularFirstFire', category: 'shooting bonus', value: 1, row: 'first fire (regular)' },
  { flag: 'targetInColumn', category: 'shooting bonus', value: 1, row: 'target in column' },
  { flag: 'flankShot', category: 'shooting bonus', value: 1, row: 'shooting at the flank' },
  { flag: 'militia', category: 'inferior', value: -1, row: 'inferior (militia)' },
];

export const MELEE_MODIFIERS: ModifierRow<MeleeModifierFlag>[] = [
  { flag: 'elite', category: 'troop quality', value: 1, row: 'elite' },
  { flag: 'shock', category: 'troop quality', value: 1, row: 'shock troops' },
  { flag: 'militia', category: 'troop quality', value: -1, row: 'militia' },
  { flag: 'noMelee', category: 'troop quality', value: -1, row: 'not equipped for melee' },
  { flag: 'charging', category: 'charging', value: 1, row: 'charging (not fired this turn)' },
  { flag: 'pursuing', category: 'charging', value: 1, row: 'pursuing' },
  { flag: 'acrossObstacle', category: 'obstructed', value: -1, row: 'attacking across an obstacle' },
  { flag: 'uphill', category: 'obstructed', value: -1, row: 'attacking uphill' },
];

export const MORALE_MODIFIERS: ModifierRow<MoraleModifierFlag>[] = [
  { flag: 'commanderJoined', category: 'commander', value: 1, row: 'commander joined' },
  { flag: 'elite', category: 'elite', value: 1, row: 'elite' },
  { flag: 'militiaOrIrregular', category: 'militia or irregular', value: -1, row: 'militia or irregular' },
  { flag: 'belowHalf', category: 'below half', value: -2, row: 'below half strength' },
];

export const COMMAND_MODIFIERS: ModifierRow<CommandModifierFlag>[] = [
  { flag: 'elite', category: 'quality', value: 1, row: 'elite' },
  { flag: 'militia', category: 'quality', value: -1, row: 'militia' },
];

// ---------------------------------------------------------------------------------------------
// Results charts (§10.3, §13.2)

export type MoraleResult = 'steady' | 'retreat' | 'rout';

/** Bounds are inclusive; null is open-ended. */
export const MORALE_RESULTS: { min: number | null; max: number | null; result: MoraleResult; row: string }[] = [
  { min: 4, max: null, result: 'steady', row: '4, 5, 6 or more: Steady (fall back in good order if it lost a melee; rally if disordered)' },
  { min: 1, max: 3, result: 'retreat', row: '1, 2, 3: Retreat a full move in disorder, facing the enemy' },
  { min: null, max: 0, result: 'rout', row: '0 or less: Rout (removed)' },
];

export function moraleRow(total: number): (typeof MORALE_RESULTS)[number] {
  const row = MORALE_RESULTS.find((r) => (r.min === null || total >= r.min) && (r.max === null || total <= r.max));
  if (!row) throw new Error(`no morale row for ${total}`);
  return row;
}

export function moraleResult(total: number): MoraleResult {
  return moraleRow(total).result;
}

export type RallyMenResult = 'cancel' | 'nothing' | 'ko';

export const RALLY_MEN_RESULTS: { rolls: number[]; result: RallyMenResult; row: string }[] = [
  { rolls: [4, 5, 6], result: 'cancel', row: '4, 5, 6: one hit cancelled' },
  { rolls: [2, 3], result: 'nothing', row: '2, 3: no effect' },
  { rolls: [1], result: 'ko', row: '1: commander knocked out' },
];

export function rallyMenRow(roll: number): (typeof RALLY_MEN_RESULTS)[number] {
  const row = RALLY_MEN_RESULTS.find((r) => r.rolls.includes(roll));
  if (!row) throw new Error(`a D6 cannot show ${roll}`);
  return row;
}

export function rallyMenResult(roll: number): RallyMenResult {
  return rallyMenRow(roll).result;
}

// ---------------------------------------------------------------------------------------------
// Constants

/** A die hits on a modified score of this or more. */
export const HIT_ON = 5;
export const COMMAND_RANGE = inch(12);
export const COMMANDER_JOIN_RANGE = inch(12);
export const WOODS_SIGHT = inch(3);
export const DEPLOY_DEPTH = inch(12);
export const OBJECTIVE_RADIUS = inch(3);
/** The attacker's base centre must be this much lower to count as uphill (Q40). */
export const UPHILL_THRESHOLD = inch(0.25);
export const COMMAND_ROLL_NEED = 4;
export const TURN_LIMIT = 8;
/** Shooting (and charge sight) arc: 45° either side of straight ahead. */
export const SHOOT_ARC_HALF_ANGLE = Math.PI / 4;
/** End of turn: a unit below this fraction of its starting figures is removed (Q45). */
export const REMOVAL_FRACTION = 0.25;
/** Losing this fraction of the turn-start strength to shooting forces a morale test (Q35). */
export const SHOOTING_MORALE_FRACTION = 0.25;
