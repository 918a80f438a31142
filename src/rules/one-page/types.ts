/** The one-page ruleset's own records in the game state (digest §4, §5). */

import type { OnePageDeployment } from './deployment';
import type { Vec2 } from '../../core/geometry';
import type { GameState, SideId, Unit } from '../../core/model';
import type { MoveRuleId, Trait, UnitTypeId, WeaponId } from './charts';

export interface OnePageUnitState {
  typeId: UnitTypeId;
  traits: Trait[];
  weapon: WeaponId | null;
  moveRule: MoveRuleId;
  figuresPerStand: number;
  figuresStart: number;
  figuresAtTurnStart: number;
  /** Figures lost to shooting this turn (the 25% test, Q35). */
  shootingLossThisTurn: number;
  /** Already took its shooting morale test this turn (once per turn, Q35). */
  shootingTested: boolean;
  /** Lost a figure to shooting this turn or in last turn's end shooting: Rally Men! may help (Q50). */
  lostToShooting: boolean;
  /** Lost figures in this turn's end-of-turn shooting: carries Rally Men! into the next turn. */
  lostInEndShooting: boolean;
  disordered: boolean;
  /** A Regular unit's +1 applies to its first shot of the game only (Q32). */
  hasShot: boolean;
  activated: boolean;
  moved: boolean;
  shot: boolean;
  charged: boolean;
  pinned: boolean;
  /** Failed its command roll this activation: it may still shoot or halt (Q49). */
  commandFailed: boolean;
  /** Limbered or unlimbered this turn: cannot shoot (Q20). */
  changedLimber: boolean;
  /** Enemy units in contact (a melee). */
  inMelee: string[];
  /** Enemies that charged it, shot at it, or touched it this turn: a disordered unit may shoot back (Q47). */
  reactionTo: string[];
  /** The winner of a melee may charge the same unit next activation as a pursuit (Q42). */
  pursuing: string | null;
  /** Its commander (brigadier or C-in-C). */
  commanderId: string | null;
  /** A commander who joined it this turn (+1 morale; moves with it). */
  joinedBy: string | null;
  /** Follow Me!: +D6" on its next move this turn. */
  followMe: boolean;
  /** Rally Men! made while the unit is in melee: the roll is made in the melee step. */
  rallyInMelee: boolean;
  /** Which of its side's players commands it (0 unless several players share a side, Q18). */
  player: number;
  /** Commanders only. */
  isCinC: boolean;
  /** Commanders only: the unit this commander has joined. */
  joined: string | null;
  /** Why the unit left the table, for the log and the victory count. */
  removedBy: 'rout' | 'destroyed' | 'spent' | 'captured' | 'left-table' | 'knocked-out' | null;
}

export type OnePageUnit = Unit<OnePageUnitState>;

export type Step = 'deploy' | 'initiative' | 'choose-order' | 'activations' | 'charge-reaction' | 'end-shooting';

export interface PendingCharge {
  charger: string;
  target: string;
}

export interface DeclaredShot {
  shooter: string;
  target: string;
}

export interface OnePageGame {
  activation: 'initiative' | 'cards';
  commandControl: boolean;
  turnLimit: number;
  /** Optional global sight limit for night or fog (Q53), mm; 0 = none. */
  visibilityLimit: number;
  step: Step;
  initiativeWinner: SideId | null;
  /** The two sides in activation order this turn. */
  order: SideId[];
  /** Index into `order` of the side activating now (initiative mode). */
  orderIndex: number;
  /** Card mode: the cards still face down, and the one turned. */
  deck: SideId[];
  card: SideId | null;
  /** Players on each side (Q18); on a card, each of that side's players activates one unit. */
  playersPerSide: number;
  /** The players of the turned card's side who have activated on it. */
  cardPlayers: number[];
  pendingCharge: PendingCharge | null;
  declaredShots: DeclaredShot[];
  /** Sides that have finished declaring end-of-turn shots. */
  shootingDone: SideId[];
  objectives: Vec2[];
  startCombatUnits: Record<SideId, number>;
  /** Deployment by the players (deployment.ts); absent when the engine sets up both armies. */
  deployment?: OnePageDeployment | null;
}

export type OnePageState = GameState<OnePageGame, OnePageUnitState>;
