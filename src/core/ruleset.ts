/**
 * The contract between the rule-agnostic engine and a rulebook. Each rulebook is one folder under
 * src/rules implementing this interface; the engine, the AI and the UI talk to rules only through it.
 */

import type { DiceRoller } from './dice';
import type { Action, ArmyRoster, GameEvent, GameSetup, GameState, Unit } from './model';
import type { Battlefield } from '../terrain/battlefield';
import type { LengthUnit } from './measure';
import type { Vec2 } from './geometry';
import type { AlertRules } from './alerts';

/** A rule error: the action is illegal, with the reason in words. The state is left untouched. */
export class RuleError extends Error {
  constructor(
    readonly reason: string,
    readonly code = 'illegal',
  ) {
    super(reason);
    this.name = 'RuleError';
  }
}

/** What a ruleset's `apply` gets besides the state: the dice, the terrain and an event sink. */
export interface RuleContext {
  dice: DiceRoller;
  battlefield: Battlefield;
  emit(event: GameEvent): void;
}

export interface OptionDef {
  id: string;
  label: string;
  help: string;
  kind: 'boolean' | 'choice' | 'number';
  default: boolean | string | number;
  choices?: { value: string; label: string }[];
  min?: number;
  max?: number;
  /**
   * When on, each side may know only part of the game (hidden movement): at the same screen the
   * page covers the table whenever the other player is to act.
   */
  secret?: boolean;
}

/**
 * Options checked against a ruleset's option list: an unknown option, a value of the wrong kind, a
 * choice not offered or a number out of range is refused with the reason. Returns the options with
 * every default filled in.
 */
export function checkOptions(defs: readonly OptionDef[], given: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(given)) {
    if (!defs.some((d) => d.id === key)) throw new RuleError(`unknown option "${key}"; the options are ${defs.map((d) => d.id).join(', ')}`, 'option');
  }
  for (const d of defs) {
    const v = given[d.id] ?? d.default;
    if (d.kind === 'boolean' && typeof v !== 'boolean') throw new RuleError(`option ${d.id} must be true or false, not ${JSON.stringify(v)}`, 'option');
    if (d.kind === 'number' && (typeof v !== 'number' || !Number.isFinite(v) || (d.min !== undefined && v < d.min) || (d.max !== undefined && v > d.max))) {
      throw new RuleError(`option ${d.id} must be a number from ${d.min ?? '-∞'} to ${d.max ?? '∞'}, not ${JSON.stringify(v)}`, 'option');
    }
    if (d.kind === 'choice' && !(d.choices ?? []).some((c) => c.value === v)) {
      throw new RuleError(`option ${d.id} must be one of ${(d.choices ?? []).map((c) => c.value).join(', ')}, not ${JSON.stringify(v)}`, 'option');
    }
    out[d.id] = v;
  }
  return out;
}

/** One size a list item is bought in, with the points for one unit of it. */
export interface ArmyItemSize {
  /** Stands a unit; null when the size is rolled when the army takes the field. */
  stands: number | null;
  points: number;
}

/** One thing an army may buy from a list: a kind of unit, or a General. */
export interface ArmyListItem {
  id: string;
  name: string;
  /** The heading it is listed under ("Infantry", "Cavalry", "Artillery", "Generals"). */
  group: string;
  /** Its status or quality in words ("Elite", "rolled on table A"). */
  detail: string;
  /** The sizes on offer, smallest first, each with its points. */
  sizes: ArmyItemSize[];
  /** The size usually fielded, which the builder adds first (one of `sizes`). */
  usual: number | null;
  /** The list's limit in words ("at most 3", "at most ⅓ of the mounted units"); absent when none. */
  limit?: string;
  /** Statuses it may be bought at instead of the list's, with the points a unit gains or loses; absent when it may not. */
  statuses?: { id: string; name: string; points: number }[];
  /** It may be held off the table to come on later (the list's `arrivals`). */
  offTable?: boolean;
}

/** A way a bought unit may come on later (a flanking force, reinforcements), as the builder offers it. */
export interface ArmyArrival {
  id: string;
  label: string;
  /** The turn or Joker it may be planned for: from `earliest`, the word naming it ("Joker"). */
  earliest: number;
  latest: number;
  turnWord: string;
  /** What it costs or saves, in words ("+1 a foot stand, +2 a mounted stand, +10 a gun"). */
  points: string;
}

/** An army list as the army builder shows it. */
export interface ArmyListInfo {
  id: string;
  name: string;
  /** When it fought ("Seven Years War, 1756-58"). */
  period: string;
  /** The list's rules in words: budget modifier, national rules. */
  notes: string[];
  items: ArmyListItem[];
  /** Ways units may come on later; absent when every unit starts on the table. */
  arrivals?: ArmyArrival[];
}

/** A roster priced and checked against a points total. */
export interface ArmyCheck {
  points: number;
  /** What the army may spend: the points total with the list's budget modifier. */
  budget: number;
  /** The bill, one line per pick and General. */
  lines: { what: string; count: number; points: number }[];
  /** Points a unit of each pick, in the roster's order (null where the pick cannot be priced). */
  pickPoints?: (number | null)[];
  /** Everything wrong with the army, in words; empty when it may take the field. */
  problems: string[];
}

/** Armies built from a rulebook's lists to a points total (the new-game screen's army builder). */
export interface ArmyBuilding {
  lists: ArmyListInfo[];
  /** The option holding each side's list, by side id, and the option holding the points total. */
  listOption: Record<string, string>;
  pointsOption: string;
  /**
   * An option naming the armies the program buys with its own plan (values: a side id, "both" or
   * "none"); the new-game screen sets it to the computer's side when the computer's army is not built
   * by hand and the option was left at "none".
   */
  computerPlanOption?: string;
  /** A sensible army of a list for a points total, as a roster: the army a side takes by default. */
  defaultRoster(list: string, points: number): ArmyRoster;
  /** Price and check a roster; an unknown list or item is a problem, not a throw. */
  checkRoster(roster: ArmyRoster, points: number): ArmyCheck;
  /**
   * Allied armies (more than two players): for each value of the players option, the sides that
   * field a second army under an allied Commander-in-chief; that army's id and list option by side;
   * the list option's value meaning "the side's own list"; and the share of the points total each
   * army of such a side is bought with (the total divided by it, rounded down).
   */
  allies?: { option: string; sides: Record<string, string[]>; army: Record<string, { id: string; listOption: string }>; sameList: string; share: number };
}

/** A seat a new game will have (Ruleset.seating): its id, side and name. */
export interface SeatPlan {
  id: string;
  side: string;
  name: string;
}

/** A resolution of a gap or contradiction in the rulebook, shown to players in the rule notes. */
export interface RuleNote {
  id: string;
  topic: string;
  text: string;
}

/**
 * The open parameters of a legal action. A move has a destination within a reach; a shot has a
 * list of targets; a wheel has an angle range. The random player and the AI fill them in; the UI
 * asks the player. `apply` checks the filled-in action in full either way.
 */
export type ActionParam =
  | {
      name: string;
      kind: 'point';
      label: string;
      origin: { x: number; y: number };
      maxReach: number;
      minReach?: number;
      /** Allowed directions from the origin (angle of the centre line and half-width), if limited. */
      sectors?: { centre: number; halfWidth: number }[];
      /** Areas the point must fall in (deployment zones), if limited: any one of these polygons. */
      regions?: Vec2[][];
    }
  | { name: string; kind: 'unit'; label: string; choices: string[] }
  | { name: string; kind: 'angle'; label: string; min: number; max: number }
  | { name: string; kind: 'choice'; label: string; choices: { value: string; label: string }[] }
  | { name: string; kind: 'dice'; label: string; count: number; sides: number };

export interface LegalAction {
  /** The action with everything fixed except `params`. */
  action: Action;
  /** A short label for a button: "Advance", "Shoot", "Charge", "End activations". */
  label: string;
  /** Which order group it belongs to in the UI ("move", "fire", "charge", "command", "turn"). */
  group: string;
  params: ActionParam[];
  /** The unit this order is for, if any. */
  unit?: string;
}

/** One line of a unit's tooltip or info panel. */
export interface UnitInfoLine {
  label: string;
  value: string;
}

/** Where a unit is expected to end an action, and what an attack is expected to do. */
export interface Forecast {
  /** The acting unit's expected pose afterwards (for moves; absent when it stays). */
  pose?: { x: number; y: number; facing: number };
  /** Expected loss to the target, as a fraction of its current strength (0..1). */
  inflicted?: number;
  /** Expected loss to the actor, as a fraction of its current strength (0..1). */
  risk?: number;
  /** Chance the target is removed from play by this action (routed, destroyed, captured), 0..1. */
  removes?: number;
  /** The unit attacked, if any. */
  target?: string;
  /**
   * The ruleset's own judgements of the action, each a utility 0..1 with its name for the AI's
   * explanation (a General keeping his Command within his reach, a unit staying in command).
   */
  judgements?: { name: string; value: number }[];
  /**
   * How much more this order weighs than others of its group (1 when absent): the ruleset's view of
   * the stakes, such as an Attack likely to break a unit the battle is counted by.
   */
  stakes?: number;
  /**
   * Judgements that cost more to work out (the fire a unit would draw where it ends), in this order
   * after `judgements`: `count` of them, worked out by `judge` only while the order can still be
   * among the AI's best few. Each is a utility 0..1 like the others, so until worked out it can be
   * taken at its best (1), which bounds the order's score from above.
   */
  later?: { count: number; judge(): readonly { name: string; value: number }[] };
}

/**
 * What a rulebook tells the AI: the numbers it cannot know without the rules. The AI itself is
 * rule-agnostic; everything it knows of a ruleset comes through here and through legal actions.
 */
export interface AiHints<RS = unknown, US = Record<string, unknown>> {
  /** Units that fight (not commanders, wagons or markers). */
  isCombatant(unit: Unit<US>): boolean;
  /** 0..1: how fit the unit is (figures left, Resolve, pips...). */
  strength(state: GameState<RS, US>, unit: Unit<US>): number;
  /** Relative worth of the unit, for planning and for choosing targets. */
  value(state: GameState<RS, US>, unit: Unit<US>): number;
  /** How far, in mm from its footprint, the unit can hurt an enemy in its next activation. */
  threatReach(state: GameState<RS, US>, unit: Unit<US>): number;
  /** Its firing ranges, or null for units that do not shoot. */
  fireRange(unit: Unit<US>): { close: number; long: number } | null;
  /** The unit needs to recover (disordered, shaken, low Resolve). */
  shaken(state: GameState<RS, US>, unit: Unit<US>): boolean;
  /** Ground worth holding, and the distance within which a unit holds it. */
  objectives(state: GameState<RS, US>): { x: number; y: number }[];
  objectiveRadius: number;
  /**
   * How far a unit standing at `pose` is from a point, measured as the rulebook measures holding
   * ground (from the unit's footprint, say); the distance between centres when absent.
   */
  objectiveDistance?(state: GameState<RS, US>, unit: Unit<US>, pose: { x: number; y: number; facing: number }, point: { x: number; y: number }): number;
  /** How far the battle has run: 0 at the start, 1 in its last turn. */
  progress(state: GameState<RS, US>): number;
  /**
   * The army's stance where the rules' own terms say more than the strength ratio (a turn limit's
   * verdict that a side not ahead must attack to change); undefined leaves it to the ratio.
   */
  stance?(state: GameState<RS, US>, side: string, ratio: number): 'attack' | 'defend' | undefined;
  /** Can one unit see another (the rulebook's sight rules over the terrain layer)? */
  sees(state: GameState<RS, US>, battlefield: Battlefield, observer: Unit<US>, target: Unit<US>): boolean;
  /**
   * How well a choice that is not about where a unit stands (who goes first, how to meet a charge)
   * suits a plan, 0..1; undefined for other actions.
   */
  choiceValue?(state: GameState<RS, US>, action: Action, stance: 'attack' | 'defend'): number | undefined;
  /**
   * For card-driven rules: how much the card this action would spend is worth keeping, 0..1 (0: a
   * card with no better use, 1: one to hoard); undefined when the action spends no card.
   */
  cardCost?(state: GameState<RS, US>, action: Action): number | undefined;
  /** The expected result of a filled-in action, without rolling any dice. */
  forecast(state: GameState<RS, US>, battlefield: Battlefield, action: Action): Forecast;
  /**
   * For rules where stopping keeps something (cards held over to the next turn): the score of an
   * action that ends the side's turn, on the same 0..1 scale as the AI's scored candidates, so an
   * order worth less than keeping the cards is not given; undefined for other actions.
   */
  restValue?(state: GameState<RS, US>, action: Action): number | undefined;
  /**
   * Places the rules say are worth trying for this unit's move (a General among his Command), tried
   * before the AI's own spots; absent or empty when the rules have nothing to add.
   */
  placesFor?(state: GameState<RS, US>, battlefield: Battlefield, unit: Unit<US>): { x: number; y: number; why: string }[];
}

/** The rulebook's sight limits (see Ruleset.sightOptions). */
export interface SightRules {
  obscuringLimit: number;
  maxRange?: number;
}

/** One line of a side's information panel: a card in hand, a count, a card in play. */
export interface SideInfoItem {
  label: string;
  detail?: string;
  tone?: 'normal' | 'muted' | 'warn';
}

/** A titled group of lines in a side's information panel ("Hand", "Card in play", "Deck"). */
export interface SideInfoSection {
  title: string;
  items: SideInfoItem[];
}

/**
 * A shape a ruleset asks the scene to drape on the table (threat zones, ranges, arcs), as plain
 * data in table mm. `polygon` is filled, `circle` a filled disc, `ring` a band along a circle, and
 * `line` a polyline (closed when its last point repeats the first).
 */
export interface Overlay {
  kind: 'polygon' | 'circle' | 'ring' | 'line';
  points?: Vec2[];
  centre?: Vec2;
  radius?: number;
  colour: string;
  opacity?: number;
  label?: string;
}

export interface Ruleset<RS = unknown, US = Record<string, unknown>> {
  id: string;
  name: string;
  /** The rulebook's source, for the rule notes ("one-page rules sheet, seed 004"). */
  source: string;
  /**
   * Raised whenever a change to the rules would replay an old game's actions differently (1 when
   * absent). Saves record it, and a save of another edition is refused with a message that says so.
   */
  rulesEdition?: number;
  lengthUnit: LengthUnit;
  options: OptionDef[];
  notes: RuleNote[];
  /** Scenarios the ruleset offers; the first is the default. */
  scenarios: { id: string; name: string; description: string }[];
  /** The sides of a new game in order, with their names when the armies are the preset ones. */
  sides: { id: string; name: string }[];
  /** Army lists to build armies from; absent when the ruleset fields only its preset armies. */
  armies?: ArmyBuilding;
  /**
   * More than two players (seats, src/core/seats.ts): the option that sets them, and for each of its
   * values the seats a game will have, so the new-game screen can offer one before the game exists.
   * Absent when the rules know one player a side only.
   */
  seating?: { option: string; plans: Record<string, SeatPlan[]> };

  /** Build the initial state. Uses only the setup, so every machine builds the same state. */
  createGame(setup: GameSetup): GameState<RS, US>;
  /** The actions the given side may take now (all sides when omitted), with open parameters. */
  legalActions(state: GameState<RS, US>, battlefield: Battlefield, side?: string): LegalAction[];
  /** Apply an action to a state the engine has already cloned: mutate it, emit events, or throw RuleError. */
  apply(state: GameState<RS, US>, action: Action, ctx: RuleContext): void;
  /** Tooltip lines for a unit: type, quality, strength, state, orders. */
  describeUnit(state: GameState<RS, US>, unit: Unit<US>): UnitInfoLine[];
  /** Height of a unit's figures above the ground for sight, in mm (taller when mounted). */
  figureHeight(unit: Unit<US>): number;
  /**
   * How sight works on the table now, for the viewshed and the line-of-sight tool: how far (mm) a
   * sight line may run through woods below the canopy, and the longest visible distance (night,
   * fog). Without it sight is blocked by any canopy and unlimited in range.
   */
  sightOptions?(state: GameState<RS, US>): SightRules;
  /**
   * What `side` may know of its own game record, for the side panel: its hand, the deck and discard
   * counts, the card in play and the orders left on it, the cards drawn this turn. In a game with
   * seats `side` is a seat id, and the panel is that player's.
   */
  sideInfo?(state: GameState<RS, US>, side: string): SideInfoSection[];
  /**
   * Shapes for the scene to draw for `side`'s player: zones, ranges and arcs on the table, and those
   * of `selectedUnit` when one is selected.
   */
  overlays?(state: GameState<RS, US>, battlefield: Battlefield, side: string, selectedUnit?: string): Overlay[];
  /**
   * The state as one side may know it (hidden movement, fog of war): what that side's page shows
   * and what its computer player reasons on. Absent, or returning the state itself: everything is
   * known. Must not change the state it is given.
   */
  knownTo?(state: GameState<RS, US>, battlefield: Battlefield, side: string): GameState<RS, US>;
  /**
   * The events of an action as one side may learn of them (with `knownTo`): what hidden units did is
   * left out. Absent: every event is told.
   */
  knownEvents?(state: GameState<RS, US>, events: GameEvent[], side: string): GameEvent[];
  /** What the AI needs to know of this rulebook. */
  ai: AiHints<RS, US>;
  /** What a unit's rout, loss or fall and an army's break point are, for the page's alerts. */
  alerts?: AlertRules<RS, US>;
}
