/**
 * The horse-and-musket ruleset's own records in the game state (seed 000; digest part A §5, B §2,
 * A §6-7). Everything is plain JSON so the state can be cloned, hashed and saved.
 */

import type { GameState, SideId, Unit } from '../../core/model';
import type { Vec2 } from '../../core/geometry';
import type { HiddenState } from './hidden';
import type { PendingChoice, PendingRelocation, PendingRetire } from './attack';
import type { HmDeployment } from './deployment';
import type { EndOffer } from './ending';
import type { CrossingRoll, SecretFord, TerrainRoll } from './subtypes';

/** Troop types of A §3. Freikorps and Freihussars are skirmishers with the `freikorps` flag. */
export const TROOP_TYPES = ['infantry', 'skirmInf', 'lightCav', 'heavyCav', 'cuirassier', 'skirmCav', 'artillery', 'general'] as const;
export type TroopType = (typeof TROOP_TYPES)[number];

/** Unit status (quality), lowest first (A §4). */
export const STATUSES = ['unreliable', 'poorlyTrained', 'trained', 'wellTrained', 'elite', 'exceptional'] as const;
export type Status = (typeof STATUSES)[number];

export const NATIONS = ['austria', 'russia', 'prussia'] as const;
export type Nation = (typeof NATIONS)[number];

/** Formations of A §5. Guns use 'line' for unlimbered and 'column' for limbered (B §2.1). */
export type Formation = 'line' | 'column' | 'loose';

/** What a unit is doing of its own accord between orders (A §9). */
export type Retrograde = 'none' | 'withdrawing' | 'retreating' | 'running';

export type GunKind = 'cannon' | 'howitzer';

/** Who serves a gun now (B §2.8, §2.11). */
export type GunCrew = 'manned' | 'abandoned' | 'fled' | 'overrun';

export interface GunState {
  kind: GunKind;
  limbered: boolean;
  crew: GunCrew;
  /** The side that controls the gun now (changes hands by overrunning, B §2.11). */
  controller: SideId;
  /** Suppressed: no orders until after the next Joker (B §2.8, d6 1-2). */
  suppressed: boolean;
  /** Seriously damaged: no orders until a 4-6 is rolled at a Joker (B §2.8, d6 5-6). */
  damaged: boolean;
  spiked: boolean;
  /** Overrun guns lose their team: they may only be manhandled (B §2.11). */
  noTeam: boolean;
  /** Ball or shell waits for the next artillery card after unlimbering or remanning (B §2.1, §2.11). */
  readyForBall: boolean;
}

/** General grades (A §6.2-6.3). Mediocre is bought; the rest are rolled. */
export type GeneralGrade = 'mediocre' | 'talented' | 'skilled' | 'great' | 'exceptional';

/** A General's `Leadership / Range / Ability` (A §6.1); range in inches. */
export interface GeneralStats {
  leadership: number;
  range: number;
  ability: number;
}

export interface GeneralState {
  role: 'cinc' | 'general';
  grade: GeneralGrade;
  stats: GeneralStats;
  /** A cavalry General orders only cavalry (A §6.4). */
  cavalry: boolean;
  /** The unit he is attached to (in base contact with), or null when alone (A §2.2). */
  attachedTo: string | null;
  /** General cards played this turn (Russian Generals play at most one, B §3.3). */
  cardsThisTurn: number;
}

export type ContactSide = 'front' | 'flank' | 'rear';

export interface HmUnitState {
  troop: TroopType;
  status: Status;
  /** Freikorps and Freihussars: status is unknown until the first Resolve test (A §4.1). */
  statusHidden: boolean;
  freikorps: boolean;
  /** Cossacks may enter woodland (B §4.4). */
  cossack: boolean;
  nation: Nation;
  /** The General whose Command it belongs to; null for skirmishers, artillery and Generals (A §6.5). */
  command: string | null;
  /** Stands at the start, the General excluded (A §5). */
  originalStands: number;
  /** The formation a loose unit returns to (A §11.7). */
  baseFormation: 'line' | 'column';
  retrograde: Retrograde;
  /** Direction of a withdrawal or retreat, radians, apart from the facing (A §19.4). */
  retrogradeHeading: number;
  /** A column that must still make its compulsory move (A §11.5). */
  columnCompulsory: boolean;
  /** No stand has ever been disordered (A §18.4). */
  fresh: boolean;
  jubilation: number;
  /** Shaken by a result (Veer Off, Falter, Retire, Retreat) until reformed (A2). */
  shakenMarker: boolean;
  /** May be given Assault orders (army list), and the opponent it may go on assaulting (A §23.2). */
  assault: boolean;
  assaultTarget: string | null;
  /** Enemy units in base contact and which of our sides they touch. */
  contacts: { unit: string; side: ContactSide }[];
  /** Moved this turn (loose units that did not move reform, A §11.7). */
  moved: boolean;
  /** Free column wheels used this turn (A §11.5). */
  freeWheels: number;
  /** Prussians: the first order fixes line or column (B §3.3); true once decided. */
  formationDeclared: boolean;
  /** Skirmishers fielded as formed troops keep +3 in rough ground when attacked (B §1.4). */
  exSkirmisher: boolean;
  /** Deployed outside its General's range: status already lowered by one (B §6.4). */
  outOfCommand: boolean;
  /** Fired and may be seen at any range until this turn number is over (C §8.8). */
  firedUntilTurn: number;
  gun: GunState | null;
  general: GeneralState | null;
  /** Why the unit left the table. */
  removedBy: 'destroyed' | 'dispersed' | 'left-table' | 'killed' | 'surrendered' | null;
  /** Army-list entry it was bought as, for the panel and the points. */
  listEntry: string;
  points: number;
}

export type HmUnit = Unit<HmUnitState>;

/** Order-deck cards (A §7.1). */
export type CardKind = 'unit' | 'general' | 'artillery' | 'skirmInf' | 'skirmCav' | 'infantryAdvance' | 'joker' | 'national' | 'event';

export interface Card {
  id: string;
  kind: CardKind;
  /** The side the card belongs to; null for cards that belong to whoever draws them. */
  owner: SideId | null;
  /** Unit cards: the unit; General cards: the General. */
  unit?: string;
  /** With several players a side (seats.ts): the seat it goes to when that is not its side's first seat. */
  seat?: string;
}

/** The steps of a player's turn (A §8.1). */
/** 'posture': before the first turn, the initiative winner chooses to attack or defend (B §6.1 step 3). */
export type TurnStep = 'deploy' | 'decision' | 'reorganisation' | 'action' | 'over' | 'posture';

export type Weather = 'clear' | 'rain' | 'heavyRain' | 'mist' | 'fog';

export interface HmSideState {
  hand: string[];
  /** Attacker or defender (B §6.1). */
  posture: 'attacker' | 'defender';
  /** Cards drawn at the start of each of this side's turns (A §8.5). */
  drawPerTurn: number;
  /** Units this side started with that count for the army's break (B §8.1). */
  startInfantry: number;
  startUnits: number;
  /** The Infantry Advance card the attacker starts with must be played in his first turn (A §7.2). */
  mustPlayAdvance: boolean;
  turnsTaken: number;
  /** Outscouted before the battle (B §6.1 step 2): −1 to the initiative roll, flanks revealed. */
  outscouted?: boolean;
  /** Extra decoy counters bought with the army and still held (C §9.5; lost when outscouted); absent for none. */
  extraDecoys?: number;
  /** Sections of field works bought and not yet placed, by the list's works id (works.ts); absent for none. */
  works?: Record<string, number>;
}

export interface HmGame {
  cards: Record<string, Card>;
  deck: string[];
  discard: string[];
  sides: Record<SideId, HmSideState>;
  step: TurnStep;
  /** The side whose turn it is. */
  turnSide: SideId;
  /** The side that won the initiative (moves first). */
  initiative: SideId;
  /** The active player chose to Issue Orders this turn (compulsory moves follow, A §9). */
  issuedOrders: boolean;
  jokersPlayed: number;
  weather: Weather;
  /** Heavy-rain Jokers counted so far (B §4.12). */
  heavyRainJokers: number;
  /** Markers left by completely destroyed units (A §25): they count as broken friends within 9". */
  destroyedMarkers: { side: SideId; x: number; y: number }[];
  /** Units that already came under skirmisher fire this turn while shaken (B §1.6). */
  skirmishFiredAt: string[];
  /** A free order after a breakthrough (A §21.2): the unit, until used or the next card. */
  breakthroughOrder: string | null;
  /** Counts of turns, for the log and the battle's length. */
  turnNumber: number;
  /** What happened before the first turn (armies, Generals, initiative), in words for the log. */
  setupLog: string[];
  /** A card being played that gives several orders (artillery, skirmishers, the Joker, Infantry Advance). */
  activeCard: ActiveCard | null;
  /** A General whose card was just used: he may now move (A §6.7). */
  pendingGeneralMove: string | null;
  /** Cards played this turn (a player who issues orders must play one, A §8.1 step 5). */
  cardsPlayedThisTurn: number;
  /** A card was discarded this turn to make the compulsory moves (A §7.8). */
  discardedThisTurn: boolean;
  /** The latest draw, for the side panel: who drew, the card ids kept and those passed to the other hand. */
  lastDraw?: { side: SideId; got: string[]; passed: string[]; seat?: string; to?: Record<string, string> };
  /** An Attack waiting for its defender to choose whether to Evade (B §1.5). */
  pendingReaction: PendingReaction | null;
  /** An Attack whose Resolve throws wait for the sides' ± choices (A30); absent or null when none does. */
  pendingChoice?: PendingChoice | null;
  /** A Perfect Evade waiting for its side to say where the evaders go (B §1.5); absent or null when none does. */
  pendingRelocation?: PendingRelocation | null;
  /** A Retire result waiting for its side to choose the wheel and facing (A §19.6); absent or null when none does. */
  pendingRetire?: PendingRetire | null;
  /**
   * Hidden movement (C §9, hidden.ts): the counters on the table, or absent/null when the option is
   * off. Optional so that games without it keep their state hashes (and old saves still load).
   */
  hidden?: HiddenState | null;
  /** Flanking forces and reinforcements (B §7), setup.ts / arrivals.ts; absent when neither side has any. */
  forces?: OffTableForce[];
  /** Units not yet on the table, in the order they will enter, and their force (B §7). */
  offTable?: { unit: string; force: string }[];
  /** Units that came on from off the table and the turn they did: no other order that turn (B §7). */
  entered?: { unit: string; force: string; turnNumber: number }[];
  /** The initiative winner has chosen to attack or defend (B §6.1 step 3). */
  postureChosen?: boolean;
  /** The last offer to end the battle by agreement (B §8.2, ending.ts); absent until one is made. */
  endOffer?: EndOffer;
  /** Deployment by the players (B §6.2-6.3, deployment.ts); absent when the engine deploys both armies. */
  deployment?: HmDeployment | null;
  /**
   * More than two players (A §8.3, seats.ts); all absent in a game of one player a side. The seat
   * whose turn (or subordinate's part of it) it is; the hands of seats other than each side's first
   * (whose hand is the side's own); the order of the player turns; an allied army's draw a turn.
   */
  turnSeat?: string;
  seatHands?: Record<string, string[]>;
  seatOrder?: string[];
  seatDraw?: Record<string, number>;
  /** The §5.2 terrain subtype rolls (B §5.2, subtypes.ts), made once the postures are fixed; absent before. */
  terrainRolls?: TerrainRoll[];
  /** The bridge-or-ford rolls where roads meet water (B §6.1 step 5, subtypes.ts), made after the subtypes; absent before. */
  crossingRolls?: CrossingRoll[];
  /** Extra fords the defender rolled for in secret, hidden from the attacker until found (B §6.1 step 5, subtypes.ts). */
  secretFords?: SecretFord[];
  /** Buildings burning now (B §2.7, burning.ts), by id, with the player turn they were set alight; absent when none is. */
  burning?: Record<string, number>;
  /** With no defender: the places for extra fords not yet rolled for, each rolled when a unit first comes within 1" (B §6.1 step 5). */
  fordRollsDue?: string[];
}

/** A flanking force or reinforcements waiting off the table (B §7). */
export interface OffTableForce {
  id: string;
  side: SideId;
  kind: 'nearFlank' | 'farFlank' | 'reinforcements';
  /** The long edge that is the owner's baseline; absent: the near edge (y = 0) for side a, the far one for b. */
  ownEdge?: 'near' | 'far';
  /** The owner's left or right flank (reinforcements come on along the owner's own baseline instead). */
  flank: 'left' | 'right';
  /** The Joker after which the arrival die is thrown (B §7: a near flank the 2nd at the earliest, a far flank the 3rd). */
  plannedJoker: number;
  /** The Joker at which it arrives, once a 4-6 fixed it; null while there is no sign. */
  arrivesAtJoker: number | null;
  /** A raw 3 or more was rolled: the owner announced where it is seen approaching (B §7, B23). */
  announced: boolean;
  /** The exact entry point on the table edge, fixed when its first unit enters. */
  entry?: Vec2;
  /** Every unit of the force, in the order they enter. */
  units: string[];
  /** Arrival rolls so far: the Joker, the raw die and the score used. */
  rolls: { joker: number; raw: number; final: number }[];
}

export interface PendingReaction {
  attacker: string;
  defender: string;
  assault: boolean;
  afterBreakthrough: boolean;
  aspect: ContactSide;
  canCounter: boolean;
  /** What the declaration already did (wheels), for the Attack's log entry. */
  log: string[];
}

/** A card in play with orders left to give (A §7.1, §7.6, B §1.1, §2.1). */
export interface ActiveCard {
  card: string;
  kind: CardKind;
  /** Units that have had their order from this card. */
  ordered: string[];
  /** Orders left (the Joker's three General cards); null when every eligible unit may have one. */
  ordersLeft: number | null;
  /** Artillery: batteries that have fired on this card (each may then take one more order). */
  fired: string[];
}

export type HmState = GameState<HmGame, HmUnitState>;
