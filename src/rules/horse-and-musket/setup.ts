/**
 * Setting up a horse-and-musket battle (B §5-6): the table by the book's random generation, two
 * armies bought to a points total from the army lists, Generals rolled, Commands formed, initiative
 * rolled, the armies deployed, and the order deck shuffled.
 *
 * Pre-battle rolls (Generals, random statuses, Freikorps sizes, initiative) come from the seed even
 * when dice are entered by hand: they happen before the players sit down at the table.
 */

import { DiceRoller, manualDice, scriptedDice, seededDice, type DiceState } from '../../core/dice';
import type { Vec2 } from '../../core/geometry';
import type { Action, GameSetup, Side, SideId } from '../../core/model';
import { sideName } from '../../core/model';
import { inch } from '../../core/measure';
import { checkOptions, RuleError, type LegalAction, type RuleContext } from '../../core/ruleset';
import { HM_OPTIONS } from './options';
import { battlefieldFromSpec, setupSpec, type Battlefield } from '../../terrain/battlefield';
import { elevationSpec } from '../../terrain/elevation';
import { ARMY_LISTS, ARMY_LIST_IDS, defaultArmy, ordinal, flankSurcharge, listEntry, REINFORCEMENT_DISCOUNT, rollFreikorpsSize, rollStatus, standardStands, isRandomStatus, validateArmy, type Army, type ArmyListId, type ArrivalPlan, type OffTable } from './armies';
import { rosterToArmy } from './roster';
import { plannedArmy } from './armyPlan';
import { worksBought } from './works';
import { cardsDrawnPerTurn, cavalryGeneralStats, EARLIEST_ARRIVAL_JOKER, lowerStatus, MEDIOCRE_STATS, rollGeneral } from './charts';
import { buildCards, shuffle } from './cards';
import { allyId, allyListOption, alliedBudget, assignCardSeats, buildSeats, readPlayers, seatToAct, turnRotation } from './seats';
import { layoutStands, lineFrontage } from './layout';
import { impassableFor } from './terrain';
import { beginTurn, type TurnHooks } from './turn';
import { holdForDeployment } from './deployment';
import { unrolledSubtypes } from './subtypes';
import { isUndeployed } from '../../core/deployment';
import type { Formation, HmGame, HmState, HmUnit, HmUnitState, Nation, OffTableForce, TroopType } from './types';
import { dcos, dhypot, dsin } from '../../core/detmath';
import { nearSideId } from './world';

export const TABLE = { width: inch(72), depth: inch(48) };
const CENTRE_Y = TABLE.depth / 2;
const SECOND_LINE_BACK = inch(4);
/** Only cavalry and skirmishers deploy within 18" of a side edge (B §6.2). */
const SIDE_BAND = inch(18);
const SKIRMISH_SCREEN = inch(3);

export const SCENARIOS = [
  {
    id: 'pitched-battle',
    name: 'Pitched battle',
    description: 'Two armies bought from the army lists to the same points total meet on a table laid by the book\'s random generation.',
  },
];

const NATION_COLOURS: Record<Nation, string> = { prussia: '#2b3f7a', austria: '#d9d4c3', russia: '#2f6b3a' };

function diceFor(setup: GameSetup): DiceState {
  const d = setup.dice ?? 'seeded';
  if (d === 'seeded') return seededDice(setup.seed);
  if (d === 'manual') return manualDice();
  return scriptedDice(d.scripted);
}

const ARMY_WORDS: Record<string, string> = { a: 'first army', b: 'second army', a2: "first side's allied army", b2: "second side's allied army" };

/** The program's own plans for the armies it buys (armyPlan.ts): which sides, the ground, and the log for its words. */
interface ArmyPlanning {
  ground: Battlefield;
  sides: ForceSides;
  log: string[];
}

/**
 * Each army: the roster chosen on the new-game screen (`setup.armies`), checked against its list and
 * the points total, or else the default army of its list option. A roster from another list than the
 * option names, or one the list does not allow, is refused with the reasons. Allied armies (A §8.3,
 * "a2" and "b2") are each bought with half the points total, their list from allyA/allyB.
 */
function armiesFor(setup: GameSetup, options: Record<string, unknown>, points: number, allies: readonly SideId[], planning: ArmyPlanning): Record<string, Army> {
  const given = setup.armies ?? {};
  const armyIds = ['a', 'b', ...allies.map(allyId)];
  for (const side of Object.keys(given)) {
    if (!armyIds.includes(side)) {
      if (side in ARMY_WORDS) throw new RuleError(`armies: there is no allied army "${side}" unless the players setting gives that side two allied Commanders-in-chief`, 'armies');
      throw new RuleError(`armies: there is no side "${side}"; the sides are a and b${allies.length ? `, with the allied armies ${allies.map(allyId).join(' and ')}` : ''}`, 'armies');
    }
  }
  const out: Record<string, Army> = {};
  const plan: [string, string, ArmyListId][] = [['a', 'armyA', 'prussia-supremacy'], ['b', 'armyB', 'austria']];
  for (const side of allies) {
    const option = allyListOption(side);
    const own = readList(options[side === 'a' ? 'armyA' : 'armyB'], side === 'a' ? 'prussia-supremacy' : 'austria', side === 'a' ? 'armyA' : 'armyB');
    plan.push([allyId(side), option, options[option] === 'same' ? own : readList(options[option], own, option)]);
  }
  const lists = { a: readList(options.armyA, 'prussia-supremacy', 'armyA'), b: readList(options.armyB, 'austria', 'armyB') };
  for (const [army, option, fallback] of plan) {
    const allied = allies.includes(army) || army.endsWith('2');
    const budget = allied ? alliedBudget(points) : points;
    if (allied && budget < 80) throw new RuleError(`allied armies are each bought with half the points total, at least 80 each: raise the points to 160 or more (now ${points})`, 'armies');
    const roster = given[army];
    if (!roster) {
      const list = option.startsWith('ally') ? fallback : readList(options[option], fallback, option);
      if (allied || (army !== 'a' && army !== 'b') || !takes(planning.sides, army)) {
        out[army] = defaultArmy(list, budget);
        continue;
      }
      // The program plans its own flank march from the part it expects to play (armyPlan.ts).
      const enemy = given[army === 'a' ? 'b' : 'a']?.list ?? lists[army === 'a' ? 'b' : 'a'];
      const edges: ('near' | 'far')[] = options.tableSide === 'fixed' ? [army === 'a' ? 'near' : 'far'] : ['near', 'far'];
      const planned = plannedArmy(list, enemy as ArmyListId, budget, planning.ground, army, edges);
      planning.log.push(`The program's plan for the ${ARMY_WORDS[army]}: ${planned.words}`);
      out[army] = planned.army;
      continue;
    }
    const named = setup.options?.[option];
    if (named !== undefined && named !== 'same' && named !== roster.list) {
      throw new RuleError(`${option} is "${String(named)}" but the ${ARMY_WORDS[army]}'s roster is from the "${roster.list}" list`, 'armies');
    }
    const { army: bought, problems } = rosterToArmy(roster);
    const all = bought ? [...problems, ...validateArmy(bought, budget)] : problems;
    if (!bought || all.length > 0) {
      const name = bought ? ARMY_LISTS[bought.list].name : roster.list;
      throw new RuleError(`The ${ARMY_WORDS[army]} (${name}) cannot take the field: ${all.join(' ')}`, 'armies');
    }
    out[army] = bought;
  }
  return out;
}

function readList(value: unknown, fallback: ArmyListId, which: string): ArmyListId {
  if (value === undefined) return fallback;
  if (typeof value === 'string' && (ARMY_LIST_IDS as readonly string[]).includes(value)) return value as ArmyListId;
  throw new RuleError(`${which}: "${String(value)}" is not an army list; choose one of ${ARMY_LIST_IDS.join(', ')}`);
}

/** A unit record with nothing happened to it yet, for army building and for tests. */
export function blankState(troop: TroopType, nation: Nation): HmUnitState {
  return {
    troop,
    status: 'trained',
    statusHidden: false,
    freikorps: false,
    cossack: false,
    nation,
    command: null,
    originalStands: 0,
    baseFormation: 'line',
    retrograde: 'none',
    retrogradeHeading: 0,
    columnCompulsory: false,
    fresh: troop !== 'artillery',
    jubilation: 0,
    shakenMarker: false,
    assault: false,
    assaultTarget: null,
    contacts: [],
    moved: false,
    freeWheels: 0,
    formationDeclared: true,
    exSkirmisher: false,
    outOfCommand: false,
    firedUntilTurn: 0,
    gun: null,
    general: null,
    removedBy: null,
    listEntry: '',
    points: 0,
  };
}

const KIND_OF: Record<TroopType, HmUnit['kind']> = {
  infantry: 'infantry',
  skirmInf: 'infantry',
  lightCav: 'cavalry',
  heavyCav: 'cavalry',
  cuirassier: 'cavalry',
  skirmCav: 'cavalry',
  artillery: 'artillery',
  general: 'commander',
};

interface Built {
  units: HmUnit[];
  log: string[];
  /** Units the army list marked to come on later (B §7), by unit id. */
  marks: Map<string, { offTable: OffTable; arrival?: ArrivalPlan }>;
  /** Field one more unit of this army (a free General when Commands run short). */
  make(troop: TroopType, name: string): HmUnit;
}

/** Field a bought army: statuses, sizes and Generals rolled (B §9.3). */
function fieldArmy(side: SideId, army: Army, points: number, dice: DiceRoller, formedSkirmishers = false, idPrefix: string = side): Built {
  const listId = army.list;
  const list = ARMY_LISTS[listId];
  const log: string[] = [`${list.name} (${list.period}): ${points} points${list.budgetPercent ? `, budget ${list.budgetPercent > 0 ? '+' : ''}${list.budgetPercent}%` : ''}`];
  const units: HmUnit[] = [];
  const marks: Built['marks'] = new Map();
  const mark = (u: HmUnit, offTable: OffTable | undefined, arrival: ArrivalPlan | undefined): void => {
    if (offTable) marks.set(u.id, { offTable, ...(arrival ? { arrival } : {}) });
  };
  let n = 0;
  const make = (troop: TroopType, name: string): HmUnit => {
    n++;
    const u: HmUnit = {
      id: `${idPrefix}-${n}`,
      side,
      name,
      kind: KIND_OF[troop],
      type: troop,
      quality: 'trained',
      x: 0,
      y: 0,
      facing: 0,
      formation: 'line',
      stands: [],
      removed: false,
      rs: blankState(troop, list.nation),
    };
    units.push(u);
    return u;
  };
  // Generals first, then their stats are rolled (B §9.3 step 2).
  army.generals.forEach((g, i) => {
    const cinc = i === 0;
    const u = make('general', cinc ? `${list.name} Commander-in-chief` : `General ${i}`);
    if (g.kind === 'mediocre') {
      u.rs.general = { role: 'general', grade: 'mediocre', stats: { ...MEDIOCRE_STATS }, cavalry: false, attachedTo: null, cardsThisTurn: 0 };
      log.push(`${u.name}: Mediocre, ${MEDIOCRE_STATS.leadership}/${MEDIOCRE_STATS.range}/${MEDIOCRE_STATS.ability}`);
    } else {
      const roll = rollGeneral(dice, { cinc, greatCountsAsTalented: cinc && list.rules.cincAtBestTalented });
      let stats = roll.stats;
      if (g.cavalry && !cinc && roll.grade !== 'exceptional') stats = cavalryGeneralStats(stats);
      u.rs.general = { role: cinc ? 'cinc' : 'general', grade: roll.grade, stats, cavalry: !!g.cavalry && !cinc, attachedTo: null, cardsThisTurn: 0 };
      log.push(`${u.name}: rolled ${roll.dice.join(' and ')}: ${roll.grade}, ${stats.leadership}/${stats.range}/${stats.ability}`);
    }
    u.rs.originalStands = 1;
    u.stands = layoutStands('general', 'line', 1);
    u.quality = 'elite';
    mark(u, g.offTable, g.arrival);
  });
  // Units are numbered through each entry, however many picks it was bought in.
  const numbered = new Map<string, number>();
  for (const pick of army.entries) {
    const entry = listEntry(listId, pick.entry);
    for (let k = 0; k < pick.count; k++) {
      const number = (numbered.get(entry.id) ?? 0) + 1;
      numbered.set(entry.id, number);
      const u = make(entry.troop, `${entry.name} ${number}`);
      u.rs.listEntry = entry.id;
      u.rs.freikorps = entry.flags.includes('freikorps');
      u.rs.cossack = entry.flags.includes('cossack');
      let stands = pick.stands || (standardStands(entry) ?? 1);
      if (u.rs.freikorps) {
        stands = rollFreikorpsSize(dice).stands;
        log.push(`${u.name}: ${stands} stand${stands === 1 ? '' : 's'} (Freikorps size roll)`);
      }
      if (isRandomStatus(entry.status)) {
        const r = rollStatus(entry.status, dice);
        u.rs.status = r.status;
        u.rs.statusHidden = r.hidden;
        log.push(`${u.name}: ${r.row}`);
      } else {
        u.rs.status = pick.status ?? entry.status;
      }
      if (entry.troop === 'artillery') {
        u.rs.gun = { kind: entry.gun ?? 'cannon', limbered: false, crew: 'manned', controller: side, suppressed: false, damaged: false, spiked: false, noTeam: false, readyForBall: true };
      }
      // Skirmishers may be fielded as Poorly Trained formed troops for the battle (B §1.4, A21).
      if (formedSkirmishers && (entry.troop === 'skirmInf' || entry.troop === 'skirmCav')) {
        const troop = entry.troop === 'skirmInf' ? 'infantry' : 'lightCav';
        u.rs.troop = troop;
        u.type = troop;
        u.rs.status = 'poorlyTrained';
        u.rs.statusHidden = false;
        u.rs.exSkirmisher = true;
        u.name = `${u.name} (formed)`;
        log.push(`${u.name} fights as Poorly Trained ${troop === 'infantry' ? 'infantry' : 'light cavalry'}`);
      }
      u.rs.originalStands = stands;
      // Prussians declare line or column at each unit's first order (B §3.3).
      u.rs.formationDeclared = !(list.rules.formationAtFirstOrder && ['infantry', 'lightCav', 'heavyCav', 'cuirassier'].includes(entry.troop));
      u.stands = layoutStands(u.rs.troop, 'line', stands);
      u.quality = u.rs.status;
      mark(u, pick.offTable, pick.arrival);
    }
  }
  return { units, log, marks, make };
}

/**
 * Form Commands (A §6.5): cavalry to cavalry Generals first, then every other unit that needs one, by
 * Ability. Units left over (skirmishers fielded as formed troops) get a free General with a Mediocre
 * General's statistics, the book's free Poor General (B §9.3 step 3).
 */
function formCommands(built: Built): void {
  const units = built.units;
  const generals = units.filter((u) => u.rs.general && u.rs.general.role === 'general');
  const room = new Map(generals.map((g) => [g.id, g.rs.general!.stats.ability]));
  const needs = units.filter((u) => ['infantry', 'lightCav', 'heavyCav', 'cuirassier'].includes(u.rs.troop));
  const cav = (u: HmUnit): boolean => ['lightCav', 'heavyCav', 'cuirassier'].includes(u.rs.troop);
  const order = [...needs.filter(cav), ...needs.filter((u) => !cav(u))];
  // A unit held off the table is commanded by a General who comes on with it where one can (B §6.4).
  const group = (x: HmUnit): string => forceKey(built.marks.get(x.id));
  for (const u of order) {
    const choose = (pool: HmUnit[]): HmUnit | undefined =>
      pool.find((g) => g.rs.general!.cavalry && cav(u) && room.get(g.id)! > 0) ?? pool.find((g) => !g.rs.general!.cavalry && room.get(g.id)! > 0 && sameArm(units, g, u));
    const g = choose(generals.filter((x) => group(x) === group(u))) ?? choose(generals);
    let pick = g ?? generals.find((g) => group(g) === group(u) && !g.rs.general!.cavalry && room.get(g.id)! > 0) ?? generals.find((g) => !g.rs.general!.cavalry && room.get(g.id)! > 0);
    if (!pick) {
      pick = built.make('general', `Poor General ${generals.length + 1}`);
      pick.rs.general = { role: 'general', grade: 'mediocre', stats: { ...MEDIOCRE_STATS }, cavalry: false, attachedTo: null, cardsThisTurn: 0 };
      pick.rs.originalStands = 1;
      pick.stands = layoutStands('general', 'line', 1);
      pick.quality = 'elite';
      generals.push(pick);
      room.set(pick.id, MEDIOCRE_STATS.ability);
      built.log.push(`${pick.name} is taken free to command the units no General has room for`);
    }
    u.rs.command = pick.id;
    room.set(pick.id, room.get(pick.id)! - 1);
  }
}

/** Keep a General's Command to one arm where his first unit set it (mixing is allowed, not advised: A §6.5). */
function sameArm(units: HmUnit[], g: HmUnit, u: HmUnit): boolean {
  const first = units.find((x) => x.rs.command === g.id);
  if (!first) return true;
  const cav = (x: HmUnit): boolean => ['lightCav', 'heavyCav', 'cuirassier'].includes(x.rs.troop);
  return cav(first) === cav(u);
}

/** Place a unit at a spot for its side, nudged sideways off ground it may not stand on. */
function place(bf: Battlefield, u: HmUnit, x: number, y: number, facing: number): void {
  u.facing = facing;
  for (const dx of [0, inch(1), -inch(1), inch(2), -inch(2), inch(3), -inch(3), inch(4), -inch(4), inch(6), -inch(6)]) {
    u.x = Math.min(TABLE.width - inch(2), Math.max(inch(2), x + dx));
    u.y = y;
    if (!impassableFor(bf, { x: u.x, y: u.y }, u.rs.troop)) return;
  }
  u.x = x;
  u.y = y;
}
/**
 * Deploy an army (B §6.3, the engine's own deployment): infantry and guns in the centre, the first
 * line `firstLine` from the centre line and the rest in column behind, cavalry on the wings,
 * skirmishers a screen ahead, Generals behind their Commands. Only the units given are placed: units
 * held back as flanking forces or reinforcements stay off the table.
 */
export function deploy(bf: Battlefield, units: HmUnit[], near: boolean, firstLine: number): void {
  const facing = near ? Math.PI / 2 : -Math.PI / 2;
  const toward = near ? 1 : -1;
  const yAt = (fromCentre: number): number => CENTRE_Y - toward * fromCentre;
  // x measured from the side's own left: mirrored for the far side.
  const xAt = (fromLeft: number): number => (near ? fromLeft : TABLE.width - fromLeft);
  const inf = units.filter((u) => u.rs.troop === 'infantry');
  const guns = units.filter((u) => u.rs.troop === 'artillery');
  const cav = units.filter((u) => MOUNTED.includes(u.rs.troop));
  const skirm = units.filter((u) => u.rs.troop === 'skirmInf');
  const centreWidth = TABLE.width - 2 * SIDE_BAND;
  const front = inf.slice(0, FIRST_LINE_UNITS);
  const rest = inf.slice(FIRST_LINE_UNITS);
  const frontage = front.reduce((w, u) => w + lineFrontage('infantry', u.stands.length), 0);
  const gap = front.length > 1 ? Math.min(inch(4), (centreWidth - frontage) / (front.length + 1)) : 0;
  let x = SIDE_BAND + (centreWidth - frontage - gap * (front.length - 1)) / 2;
  const gapCentres: number[] = [];
  for (const u of front) {
    const w = lineFrontage('infantry', u.stands.length);
    place(bf, u, xAt(x + w / 2), yAt(firstLine), facing);
    x += w + gap;
    gapCentres.push(x - gap / 2);
  }
  // Guns in the intervals of the first line, then on its flanks.
  guns.forEach((g, i) => {
    const at = gapCentres[i] ?? SIDE_BAND + inch(1) + i * inch(2);
    place(bf, g, xAt(at), yAt(firstLine), facing);
  });
  // The rest of the foot in column behind the first line, ready to march up (A §11.5).
  rest.forEach((u, i) => {
    u.formation = 'column';
    u.rs.baseFormation = 'column';
    u.rs.columnCompulsory = true;
    u.stands = layoutStands('infantry', 'column', u.stands.length);
    const slot = SIDE_BAND + (centreWidth * (i + 1)) / (rest.length + 1);
    place(bf, u, xAt(slot), yAt(firstLine + SECOND_LINE_BACK), facing);
  });
  // Cavalry on the wings in rows 5" apart, each Command kept together on one wing, so its General
  // can reach it (A §6.6): the first Command on the right, the next on the left, and so on.
  const commands = [...new Set(cav.map((u) => u.rs.command ?? u.id))];
  const rows = { right: 0, left: 0 };
  cav.forEach((u) => {
    const right = commands.indexOf(u.rs.command ?? u.id) % 2 === 0;
    const row = rows[right ? 'right' : 'left']++;
    const w = lineFrontage(u.rs.troop, u.stands.length);
    const at = right ? TABLE.width - SIDE_BAND / 2 : SIDE_BAND / 2;
    place(bf, u, xAt(Math.max(w / 2 + inch(1), Math.min(TABLE.width - w / 2 - inch(1), at))), yAt(firstLine + row * inch(5)), facing);
  });
  skirm.forEach((u, i) => {
    const slot = SIDE_BAND + (centreWidth * (i + 1)) / (skirm.length + 1);
    u.formation = 'loose';
    u.stands = layoutStands('skirmInf', 'loose', u.stands.length);
    place(bf, u, xAt(slot), yAt(firstLine - SKIRMISH_SCREEN), facing);
  });
  // Generals behind the middle of their Commands; the CinC behind the centre.
  const generals = units.filter((u) => u.rs.general);
  for (const g of generals) {
    const command = units.filter((u) => u.rs.command === g.id);
    const cx = command.length ? command.reduce((s, u) => s + u.x, 0) / command.length : xAt(TABLE.width / 2);
    const cy = command.length ? command.reduce((s, u) => s + u.y, 0) / command.length : yAt(firstLine);
    place(bf, g, cx, cy - toward * inch(g.rs.general!.role === 'cinc' ? 5 : 3), facing);
  }
}

/**
 * Where the engine's own deployment would put each unit of a side's main body (copies), for "deploy
 * the rest for me": its first line by its posture (B §6.3).
 */
export function automaticPlan(state: HmState, bf: Battlefield, side: SideId): Map<string, HmUnit> {
  const own = state.units.filter((u) => u.side === side && !u.removed && (!u.carriedBy || isUndeployed(u)));
  const copies = own.map((u) => {
    const c = structuredClone(u);
    delete c.carriedBy;
    c.formation = c.rs.troop === 'skirmInf' || c.rs.troop === 'skirmCav' ? 'loose' : 'line';
    c.stands = layoutStands(c.rs.troop, c.formation as Formation, c.stands.length);
    return c;
  });
  const attacker = state.rules.sides[side]!.posture === 'attacker';
  deploy(bf, copies, nearSideId(state) === side, attacker ? ATTACKER_FIRST_LINE : DEFENDER_FIRST_LINE);
  return new Map(copies.map((c) => [c.id, c]));
}

/** Units deployed beyond their General's range are one status lower for the battle (B §6.4; B20: Mediocre 10"). */
export function commandRangePenalty(units: HmUnit[], log: string[]): void {
  for (const u of units) {
    if (!u.rs.command || u.carriedBy) continue;
    const g = units.find((x) => x.id === u.rs.command);
    if (!g || g.carriedBy) continue;
    const range = inch(g.rs.general!.grade === 'mediocre' ? 10 : g.rs.general!.stats.range);
    if (dhypot(u.x - g.x, u.y - g.y) > range + inch(1)) {
      u.rs.outOfCommand = true;
      if (!u.rs.statusHidden) u.rs.status = lowerStatus(u.rs.status);
      u.quality = u.rs.status;
      log.push(`${u.name} deployed beyond ${g.name}'s range: one status lower for the battle`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Flanking forces and reinforcements chosen with the army (B §7, §9.2)

/** Which sides send a force off the table: the `flankMarch` and `reinforcements` options. */
export type ForceSides = 'none' | 'a' | 'b' | 'both';
const FORCE_SIDES: readonly ForceSides[] = ['none', 'a', 'b', 'both'];

function readForceSides(value: unknown, which: string): ForceSides {
  if (value === undefined) return 'none';
  if (typeof value === 'string' && (FORCE_SIDES as readonly string[]).includes(value)) return value as ForceSides;
  throw new RuleError(`${which}: "${String(value)}" is not one of ${FORCE_SIDES.join(', ')}`);
}

const takes = (choice: ForceSides, side: SideId): boolean => choice === 'both' || choice === side;

/** The marker off-table units carry in `carriedBy`: every table query already skips carried units. */
export const OFF_TABLE = 'off-table';

/** Units parked this far beyond their entry edge while they are off the table (out of every range). */
const PARKED = inch(24);

/**
 * The stretch of table edge a force comes on through (B §7): the owner's left or right side edge,
 * on the half nearer his own baseline (near flank) or the enemy's (far flank); reinforcements the
 * owner's own baseline. `inward` is the facing of a unit entering the table there.
 */
export function entryEdge(force: Pick<OffTableForce, 'side' | 'kind' | 'flank' | 'ownEdge'>, table: { width: number; depth: number } = TABLE): { a: Vec2; b: Vec2; inward: number; words: string } {
  const near = force.ownEdge ? force.ownEdge === 'near' : force.side === 'a';
  const mid = table.depth / 2;
  if (force.kind === 'reinforcements') {
    const y = near ? 0 : table.depth;
    return { a: { x: 0, y }, b: { x: table.width, y }, inward: near ? Math.PI / 2 : -Math.PI / 2, words: 'its own baseline' };
  }
  // Side a faces up the table: its left is x = 0. Side b faces down it: its left is x = width.
  const leftEdge = near ? 0 : table.width;
  const x = force.flank === 'left' ? leftEdge : table.width - leftEdge;
  const ownHalf = near ? [0, mid] : [mid, table.depth];
  const enemyHalf = near ? [mid, table.depth] : [0, mid];
  const [y0, y1] = force.kind === 'nearFlank' ? ownHalf : enemyHalf;
  return {
    a: { x, y: y0! },
    b: { x, y: y1! },
    inward: x === 0 ? 0 : Math.PI,
    words: `the ${force.kind === 'nearFlank' ? 'near' : 'far'} half of its ${force.flank} flank`,
  };
}

/** Put a force's units off the table, beyond its entry edge, in the order they will enter (from `first` in that order). */
export function parkOffTable(force: Pick<OffTableForce, 'side' | 'kind' | 'flank' | 'ownEdge'>, units: HmUnit[], first = 0): void {
  const edge = entryEdge(force);
  const out = { x: -dcos(edge.inward) * PARKED, y: -dsin(edge.inward) * PARKED };
  units.forEach((u, k) => {
    const i = first + k;
    u.carriedBy = OFF_TABLE;
    u.facing = edge.inward;
    u.x = (edge.a.x + edge.b.x) / 2 + out.x - dcos(edge.inward) * i * inch(6);
    u.y = (edge.a.y + edge.b.y) / 2 + out.y - dsin(edge.inward) * i * inch(6);
  });
}

const MOUNTED: TroopType[] = ['lightCav', 'heavyCav', 'cuirassier', 'skirmCav'];
/** Foot battalions in the first line of the engine's deployment; the rest form the second line. */
const FIRST_LINE_UNITS = 3;

/**
 * Hold part of an army off the table. A flanking force is the cavalry of the wing nearest its flank
 * (the engine's deployment alternates cavalry right, left, right...), or, with no cavalry there, up
 * to three battalions of the second line or skirmishers; reinforcements are the second-line
 * battalions (or, with none, the last battalion). A General goes with a force when his whole Command
 * does (B §6.4: reinforcements come with their Command General). [ENGINE DEFAULT] the flank is
 * rolled (1-3 left, 4-6 right), the force marches on the near half (earliest at the 2nd Joker),
 * reinforcements are planned for the 1st Joker (B55), and each for the earliest Joker allowed.
 */
function holdBack(units: HmUnit[], side: SideId, kind: 'flank' | 'reinforcements', seed: string, forces: OffTableForce[], log: string[]): void {
  const name = kind === 'flank' ? 'flanking force' : 'reinforcements';
  const free = (u: HmUnit): boolean => !u.carriedBy && !u.rs.general;
  const inf = units.filter((u) => u.rs.troop === 'infantry');
  let picked: HmUnit[];
  let flank: 'left' | 'right' = 'right';
  if (kind === 'flank') {
    flank = new DiceRoller(seededDice(`${seed}/flank-march/${side}`)).one(6, 'flank') <= 3 ? 'left' : 'right';
    const cav = units.filter((u) => MOUNTED.includes(u.rs.troop));
    picked = cav.filter((_, i) => (i % 2 === 0) === (flank === 'right')).filter(free);
    if (!picked.length) picked = [...inf.slice(FIRST_LINE_UNITS), ...units.filter((u) => u.rs.troop === 'skirmInf')].filter(free).slice(0, 3);
  } else {
    picked = inf.slice(FIRST_LINE_UNITS).filter(free);
    const left = inf.filter(free);
    if (!picked.length && left.length >= 2) picked = [left[left.length - 1]!];
  }
  if (!picked.length) {
    log.push(`No units to spare for ${name}: none held back`);
    return;
  }
  const forceKind = kind === 'flank' ? 'nearFlank' : 'reinforcements';
  const force = raiseForce(units, picked, { id: `${side}-${kind === 'flank' ? 'flank' : 'reinforcements'}`, side, kind: forceKind, flank, plannedJoker: EARLIEST_ARRIVAL_JOKER[forceKind] });
  forces.push(force);
  const all = force.units.map((id) => units.find((u) => u.id === id)!);
  const points = kind === 'flank' ? picked.reduce((s, u) => s + flankSurcharge(u.rs.troop, u.stands.length), 0) : -REINFORCEMENT_DISCOUNT * picked.length;
  log.push(
    `${kind === 'flank' ? 'Flanking force' : 'Reinforcements'} held off the table: ${all.map((u) => u.name).join(', ')} ` +
      `(${points >= 0 ? '+' : ''}${points} points by B §9.2; the engine does not re-buy the army). Dice for its arrival from the ${ordinal(force.plannedJoker)} Joker`,
  );
}

/**
 * A force off the table of `picked` (in their order of entry), joined by each General not already
 * off the table whose whole Command is in it (B §6.4: reinforcements come with their Command
 * General), who enters after his units; all parked beyond the entry edge.
 */
export function raiseForce(units: HmUnit[], picked: HmUnit[], plan: Pick<OffTableForce, 'id' | 'side' | 'kind' | 'flank' | 'plannedJoker' | 'ownEdge'>): OffTableForce {
  const ids = new Set(picked.map((u) => u.id));
  const generals = units.filter((g) => g.rs.general?.role === 'general' && g.carriedBy !== OFF_TABLE && !ids.has(g.id)).filter((g) => {
    const command = units.filter((u) => u.rs.command === g.id);
    return command.length > 0 && command.every((u) => ids.has(u.id));
  });
  const all = [...picked.filter((u) => !u.rs.general), ...picked.filter((u) => u.rs.general), ...generals];
  const force: OffTableForce = { ...plan, arrivesAtJoker: null, announced: false, units: all.map((u) => u.id), rolls: [] };
  parkOffTable(force, all);
  return force;
}

/** The key that puts marked units in one force: the same way in and the same Joker. */
function forceKey(mark: { offTable: OffTable; arrival?: ArrivalPlan } | undefined): string {
  if (!mark) return 'main';
  if (mark.offTable === 'reinforcement') return `reinforcements-j${mark.arrival?.joker ?? EARLIEST_ARRIVAL_JOKER.reinforcements}`;
  const half = mark.arrival?.half ?? 'near';
  return `flank-${mark.arrival?.flank ?? 'right'}-${half}-j${mark.arrival?.joker ?? EARLIEST_ARRIVAL_JOKER[half === 'near' ? 'nearFlank' : 'farFlank']}`;
}

/**
 * The forces the army list marked (B §7, §9.2): one for each way in and Joker, its units in the order
 * they were bought, Generals after them. The points were paid with the army.
 */
function forcesFromMarks(built: Built, side: SideId, forces: OffTableForce[], log: string[]): void {
  const byKey = new Map<string, HmUnit[]>();
  for (const u of built.units) {
    const m = built.marks.get(u.id);
    if (m) byKey.set(forceKey(m), [...(byKey.get(forceKey(m)) ?? []), u]);
  }
  for (const [key, picked] of byKey) {
    const m = built.marks.get(picked[0]!.id)!;
    const kind: OffTableForce['kind'] = m.offTable === 'reinforcement' ? 'reinforcements' : m.arrival?.half === 'far' ? 'farFlank' : 'nearFlank';
    const force = raiseForce(built.units, picked, { id: `${side}-${key}`, side, kind, flank: m.arrival?.flank ?? 'right', plannedJoker: m.arrival?.joker ?? EARLIEST_ARRIVAL_JOKER[kind] });
    forces.push(force);
    const names = force.units.map((id) => built.units.find((u) => u.id === id)!.name);
    log.push(`${kind === 'reinforcements' ? 'Reinforcements' : 'Flanking force'} held off the table as the army list says, to come on along ${entryEdge(force).words}: ${names.join(', ')}. Dice for its arrival from the ${ordinal(force.plannedJoker)} Joker`);
  }
}

// ---------------------------------------------------------------------------------------------
// The pre-battle sequence (B §6.1)

/**
 * The first line of a defender stands within 18" of the centre line; no attacker closer than 12",
 * his skirmish screen included (B §6.3): the screen's stands' front edges 12.2" away.
 */
export const DEFENDER_FIRST_LINE = inch(13);
export const ATTACKER_FIRST_LINE = inch(13) + SKIRMISH_SCREEN;

/** Skirmishing units of the main body, for scouting (B §6.1 step 2, B22). */
function scouts(units: HmUnit[], side: SideId): number {
  return units.filter((u) => u.side === side && !u.carriedBy && (u.rs.troop === 'skirmInf' || u.rs.troop === 'skirmCav')).length;
}

/** Outscouted: its main body has half the enemy's skirmishers or fewer, and the enemy has some (B §6.1 step 2). */
export function outscouted(own: number, enemy: number): boolean {
  return enemy > 0 && own * 2 <= enemy;
}

export function createHorseAndMusketGame(setup: GameSetup): HmState {
  // Options not given take their defaults, so a saved game records every setting it was played with.
  // Every option is checked and takes its default if not given, so a saved game records every setting.
  const options = checkOptions(HM_OPTIONS, setup.options ?? {});
  const players = readPlayers(options);
  const flankMarch = readForceSides(options.flankMarch, 'flankMarch');
  const reinforcements = readForceSides(options.reinforcements, 'reinforcements');
  const points = Number(options.points ?? 160);
  if (!Number.isFinite(points) || points < 80 || points > 600) throw new RuleError(`points: ${String(options.points)} is not a points total between 80 and 600`);
  // The table is laid now; its subtypes and extra fords are the game's to roll, once the initiative
  // winner has chosen to attack or defend (B §6.1 steps 4-5, subtypes.ts). Until then every wood,
  // marsh and watercourse is of unknown kind.
  const laid = setupSpec('horse-and-musket', 3, setup.seed, TABLE);
  const table = { ...laid, setup: { ...laid.setup!, byGame: true }, ...elevationSpec(setup.elevation) };
  const battlefield = { ...table, subtypes: unrolledSubtypes(battlefieldFromSpec(table)) };
  const planned: string[] = [];
  const armies = armiesFor(setup, options, points, players.allies, { ground: battlefieldFromSpec(battlefield), sides: readForceSides(options.plannedForces, 'plannedForces'), log: planned });
  const listA = armies.a!.list;
  const listB = armies.b!.list;
  // The options record the lists fought with, rosters included.
  options.armyA = listA;
  options.armyB = listB;
  for (const side of players.allies) options[allyListOption(side)] = armies[allyId(side)]!.list;
  const pre = new DiceRoller(seededDice(`${setup.seed}/pre-battle`));
  const lists = [listA, listB];
  const sides: Side[] = lists.map((id, i) => {
    const nation = ARMY_LISTS[id].nation;
    const sideId = i === 0 ? 'a' : 'b';
    return { id: sideId, name: ARMY_LISTS[id].name, nation, colour: i === 1 && listA === listB ? '#8a2b2b' : NATION_COLOURS[nation] };
  });
  const nameOf = (id: SideId): string => sides.find((s) => s.id === id)!.name;
  const log: string[] = [...planned];
  const units: HmUnit[] = [];
  const fielded: Record<SideId, HmUnit[]> = {};
  const forces: OffTableForce[] = [];
  const armyOf = new Map<string, string>();
  // 1. Armies, with their flanking forces and reinforcements (B §6.1 step 1, §7); a side with allies (A §8.3) fields two.
  sides.forEach((s) => {
    const built = fieldArmy(s.id, armies[s.id]!, players.allies.includes(s.id) ? alliedBudget(points) : points, pre, takes(readForceSides(options.skirmishersFormed, 'skirmishersFormed'), s.id));
    formCommands(built);
    if (players.allies.includes(s.id)) {
      // The ally's army forms its own Commands, then stands with the side's for the rest of the set-up.
      const ally = fieldArmy(s.id, armies[allyId(s.id)]!, alliedBudget(points), pre, takes(readForceSides(options.skirmishersFormed, 'skirmishersFormed'), s.id), allyId(s.id));
      formCommands(ally);
      // Its units are named apart from the first army's ("General 1 (ally)").
      for (const u of ally.units) {
        armyOf.set(u.id, allyId(s.id));
        u.name = `${u.name} (ally)`;
      }
      built.log.push(...ally.log);
      built.units.push(...ally.units);
      for (const [id, m] of ally.marks) built.marks.set(id, m);
    }
    log.push(...built.log);
    forcesFromMarks(built, s.id, forces, log);
    if (takes(flankMarch, s.id)) holdBack(built.units, s.id, 'flank', setup.seed, forces, log);
    if (takes(reinforcements, s.id)) holdBack(built.units, s.id, 'reinforcements', setup.seed, forces, log);
    fielded[s.id] = built.units;
    units.push(...built.units);
  });
  // 2. Scouting (B §6.1 step 2): an outscouted side is −1 for the initiative and reveals its flanks.
  const scouted: Record<SideId, boolean> = {};
  for (const s of sides) {
    const other = sides.find((x) => x.id !== s.id)!;
    scouted[s.id] = outscouted(scouts(units, s.id), scouts(units, other.id));
    if (!scouted[s.id]) continue;
    const own = forces.filter((f) => f.side === s.id && f.kind !== 'reinforcements');
    log.push(
      `${s.name} are outscouted (${scouts(units, s.id)} skirmishing units against ${scouts(units, other.id)}): −1 for the initiative` +
        (own.length ? `; their flanking force is revealed on the ${own.map((f) => entryEdge(f).words.replace('its ', 'their ')).join(' and ')}` : ''),
    );
  }
  // 3. Initiative (B §6.1 step 3): d6 + national modifier, −1 if outscouted, ties re-rolled.
  let initiative: SideId;
  for (;;) {
    const roll = (s: Side, list: ArmyListId): { total: number; text: string } => {
      const die = pre.one(6, 'initiative');
      const mods = ARMY_LISTS[list].rules.initiativeModifier + (scouted[s.id] ? -1 : 0);
      return { total: die + mods, text: `${s.name} ${die + mods}` };
    };
    const ra = roll(sides[0]!, listA);
    const rb = roll(sides[1]!, listB);
    log.push(`Initiative: ${ra.text}, ${rb.text}`);
    if (ra.total !== rb.total) {
      initiative = ra.total > rb.total ? 'a' : 'b';
      break;
    }
  }
  const loser: SideId = initiative === 'a' ? 'b' : 'a';
  log.push(`${nameOf(initiative)} win the initiative, move first, and choose whether to attack or defend; ${nameOf(loser)} must attack`);
  // The main bodies wait off the table until the winner has chosen and the terrain is rolled (B §6.1):
  // then the players deploy them (deployment.ts), or the engine does (deployAutomatically).
  sides.forEach((s, i) => holdForDeployment(fielded[s.id]!, i === 0 ? Math.PI / 2 : -Math.PI / 2));
  // More than two players (A §8.3, seats.ts): each seat's units, and the cards that go to its hand.
  const armyOfUnit = (u: HmUnit): string => armyOf.get(u.id) ?? u.side;
  const seats = players.mode === 'two' ? undefined : buildSeats(players, sides, units, armyOfUnit, (army) => ARMY_LISTS[armies[army]!.list].name);
  const cards = buildCards(units, sides.map((s) => s.id), players.allies.map((side) => ({ army: allyId(side), side })));
  if (seats) assignCardSeats(cards, seats);
  // Hands by seat; a side's first seat's id is the side's own.
  const hands: Record<string, string[]> = { a: [], b: [] };
  for (const seat of seats ?? []) hands[seat.id] ??= [];
  const deck: string[] = [];
  for (const c of Object.values(cards)) {
    if (c.owner && ['artillery', 'skirmInf', 'skirmCav'].includes(c.kind)) hands[c.seat ?? c.owner]!.push(c.id);
    else deck.push(c.id);
  }
  // The loser attacks and starts with one of the deck's Infantry Advance cards (A §7.2, A41); a
  // winner who attacks too takes the other (applyPreBattle).
  deck.splice(deck.indexOf('advance:1'), 1);
  hands[loser]!.push('advance:1');
  const dice = diceFor(setup);
  const shuffler = new DiceRoller(dice);
  const rules: HmGame = {
    cards,
    deck: shuffle(deck, shuffler),
    discard: [],
    sides: {},
    step: 'posture',
    turnSide: initiative,
    initiative,
    issuedOrders: false,
    jokersPlayed: 0,
    weather: 'clear',
    heavyRainJokers: 0,
    destroyedMarkers: [],
    skirmishFiredAt: [],
    breakthroughOrder: null,
    turnNumber: 0,
    setupLog: log,
    activeCard: null,
    pendingGeneralMove: null,
    cardsPlayedThisTurn: 0,
    discardedThisTurn: false,
    pendingReaction: null,
  };
  if (forces.length) {
    rules.forces = forces;
    rules.offTable = forces.flatMap((f) => f.units.map((unit) => ({ unit, force: f.id })));
    rules.entered = [];
  }
  // Each army draws by its own size and its own Commander-in-chief (A §8.5; an allied army too, A §8.3).
  const drawFor = (army: string): number => {
    const its = units.filter((u) => armyOfUnit(u) === army);
    const cinc = its.find((u) => u.rs.general?.role === 'cinc')!;
    return cardsDrawnPerTurn(its.filter((u) => u.rs.troop !== 'general').length, cinc.rs.general!.grade, { prussianSevenYearsWar: ARMY_LISTS[armies[army]!.list].rules.extraOrderCard }).count;
  };
  sides.forEach((s) => {
    const own = units.filter((u) => u.side === s.id);
    const counted = own.filter((u) => u.rs.troop !== 'general').length;
    rules.sides[s.id] = {
      hand: hands[s.id]!,
      posture: s.id === loser ? 'attacker' : 'defender',
      drawPerTurn: drawFor(s.id),
      startInfantry: own.filter((u) => u.rs.troop === 'infantry' || u.rs.troop === 'skirmInf').length,
      startUnits: counted,
      mustPlayAdvance: s.id === loser,
      turnsTaken: 0,
    };
    if (scouted[s.id]) rules.sides[s.id]!.outscouted = true;
    // Extra decoy counters (C §9.5): all lost if the side is outscouted (B §6.1 step 2).
    const decoys = armies[s.id]!.decoys ?? 0;
    if (decoys > 0 && scouted[s.id]) log.push(`${s.name} are outscouted and lose the ${decoys} extra decoy counter${decoys === 1 ? '' : 's'} they bought (C §9.5)`);
    else if (decoys > 0) rules.sides[s.id]!.extraDecoys = decoys;
    // Field works: placed by a defender with his deployment, lost by an attacker (works.ts).
    const works = worksBought(armies[s.id]!);
    if (works) rules.sides[s.id]!.works = works;
  });
  const state: HmState = {
    version: 1,
    rulesetId: 'horse-and-musket',
    options: { ...options },
    seed: setup.seed,
    battlefield,
    sides,
    units,
    turn: 1,
    phase: 'posture',
    active: initiative,
    seq: 0,
    rules,
    dice,
    result: null,
  };
  if (seats) {
    state.seats = seats;
    rules.seatHands = Object.fromEntries(seats.filter((seat) => !(seat.id in rules.sides)).map((seat) => [seat.id, hands[seat.id]!]));
    rules.seatOrder = turnRotation(state, initiative);
    const allied = seats.filter((seat) => seat.role === 'allied-cinc' && !(seat.id in rules.sides));
    if (allied.length) rules.seatDraw = Object.fromEntries(allied.map((seat) => [seat.id, drawFor(seat.id)]));
    for (const seat of seats) log.push(`${seat.name}: ${seat.units.length} units and Generals`);
    state.activeSeat = seatToAct(state);
  }
  return state;
}

/** The initiative winner's choice (B §6.1 step 3): defend, or attack too (then there is no defender). */
export function preBattleActions(state: HmState, side?: SideId): LegalAction[] {
  const rules = state.rules;
  if (rules.step !== 'posture' || rules.postureChosen) return [];
  const winner = rules.initiative;
  if (side && side !== winner) return [];
  const other = state.sides.find((s) => s.id !== winner)!.name;
  const act = (choice: 'defend' | 'attack', label: string): LegalAction => ({ action: { type: 'choose-posture', side: winner, choice }, label, group: 'turn', params: [] });
  return [act('defend', `Defend (${other} attack)`), act('attack', 'Attack (no defender)')];
}

/**
 * Carry out the initiative winner's choice (B §6.1 step 3): record the postures, give each attacker
 * an Infantry Advance card (A §7.2), and draw an attacking winner's army back to an attacker's
 * distance from the centre line (B §6.3). The battle then begins with `beginBattle`.
 */
export function applyPreBattle(state: HmState, bf: Battlefield, action: Action, ctx: RuleContext): void {
  const rules = state.rules;
  if (rules.step !== 'posture' || rules.postureChosen) throw new RuleError('the choice to attack or defend is made once, before the first turn');
  if (action.type !== 'choose-posture') throw new RuleError('first the winner of the initiative chooses to attack or defend');
  const winner = rules.initiative;
  if (action.side !== winner) throw new RuleError(`only the winner of the initiative, ${sideName(state, winner)}, chooses to attack or defend`);
  const choice = action.choice;
  if (choice !== 'attack' && choice !== 'defend') throw new RuleError('choose "attack" or "defend"');
  const loser = state.sides.find((s) => s.id !== winner)!.id;
  rules.postureChosen = true;
  rules.sides[loser]!.posture = 'attacker';
  if (choice === 'defend') {
    rules.sides[winner]!.posture = 'defender';
    ctx.emit({ type: 'posture', side: winner, text: `${sideName(state, winner)} choose to defend; ${sideName(state, loser)} must attack` });
    if (state.options.tableSide !== 'fixed') rollTableSide(state, new DiceRoller(seededDice(`${state.seed}/table-side`)), ctx);
    return;
  }
  rules.sides[winner]!.posture = 'attacker';
  rules.sides[winner]!.mustPlayAdvance = true;
  const hand = rules.sides[winner]!.hand;
  const card = Object.values(rules.cards).find((c) => c.kind === 'infantryAdvance' && !Object.values(rules.sides).some((s) => s.hand.includes(c.id)));
  if (card) {
    for (const pile of [rules.deck, rules.discard]) if (pile.includes(card.id)) pile.splice(pile.indexOf(card.id), 1);
    hand.push(card.id);
  }
  ctx.emit({ type: 'posture', side: winner, text: `${sideName(state, winner)} choose to attack: both sides attack and there is no defender; ${sideName(state, winner)} deploy at least 12" from the centre line` });
  if (state.options.tableSide !== 'fixed') rollTableSide(state, new DiceRoller(seededDice(`${state.seed}/table-side`)), ctx);
}

/** The table-side die (B §6.1 step 3): [ENGINE DEFAULT] 1-3 the near long edge (y = 0), 4-6 the far one. */
export function tableSideFor(die: number): 'near' | 'far' {
  return die <= 3 ? 'near' : 'far';
}

/**
 * The initiative winner, having chosen to attack or defend, rolls for the side of the table he sets
 * up on (B §6.1 step 3). The loser takes the other. Every off-table force is parked again beyond its
 * owner's edges, and the waiting armies face across the table from their own baselines. The die is
 * a pre-battle roll, from the seed like the others (engine-prebattle-dice); tests pass their own.
 */
export function rollTableSide(state: HmState, dice: DiceRoller, ctx: Pick<RuleContext, 'emit'>): void {
  const winner = state.rules.initiative;
  const loser = state.sides.find((s) => s.id !== winner)!.id;
  const die = dice.one(6, 'side of the table');
  const edge = tableSideFor(die);
  // Kept on the sides, where the page also reads it (the view opens from the player's own edge).
  for (const s of state.sides) s.edge = (s.id === winner) === (edge === 'near') ? 'near' : 'far';
  const nearSide = nearSideId(state);
  for (const f of state.rules.forces ?? []) {
    f.ownEdge = f.side === nearSide ? 'near' : 'far';
    const waiting = f.units.filter((id) => (state.rules.offTable ?? []).some((o) => o.unit === id)).map((id) => state.units.find((u) => u.id === id)!);
    parkOffTable(f, waiting);
  }
  for (const u of state.units) if (isUndeployed(u)) u.facing = u.side === nearSide ? Math.PI / 2 : -Math.PI / 2;
  const words = (e: 'near' | 'far'): string => (e === 'near' ? 'the near long edge' : 'the far long edge');
  ctx.emit({
    type: 'table-side',
    side: winner,
    text: `${sideName(state, winner)} roll for their side of the table (B §6.1): ${die}, ${die <= 3 ? '1-3' : '4-6'}: they set up along ${words(edge)}, ${sideName(state, loser)} along ${words(edge === 'near' ? 'far' : 'near')}`,
    dice: [{ purpose: 'side of the table', sides: 6, values: [die] }],
  });
}

/**
 * The engine's deployment of both main bodies (B §6.3, `deploy`), each by its posture, once the
 * terrain subtypes and fords are rolled (B §6.1: they come before any deployment), so the placing
 * sees the true ground: a forest or a raging torrent is stepped round. Units left beyond their
 * General's range are one status lower (B §6.4).
 */
export function deployAutomatically(state: HmState, bf: Battlefield, ctx: RuleContext): void {
  state.sides.forEach((s) => {
    const own = state.units.filter((u) => u.side === s.id);
    const waiting = own.filter((u) => isUndeployed(u));
    for (const u of waiting) delete u.carriedBy;
    const posture = state.rules.sides[s.id]!.posture;
    deploy(bf, waiting, nearSideId(state) === s.id, posture === 'defender' ? DEFENDER_FIRST_LINE : ATTACKER_FIRST_LINE);
    const log: string[] = [];
    commandRangePenalty(own, log);
    state.rules.setupLog.push(...log);
    ctx.emit({ type: 'deployed', side: s.id, text: `${s.name} deploy as ${posture === 'defender' ? 'the defender, their first line within 18"' : 'an attacker, at least 12"'} from the centre line (B §6.3)${log.length ? `; ${log.join('; ')}` : ''}` });
  });
}

/** Begin the battle after the pre-battle choice: the initiative winner takes the first turn (B §6.5). */
export function beginBattle(state: HmState, ctx: RuleContext, hooks: TurnHooks): void {
  if (state.rules.step !== 'posture' && state.rules.step !== 'deploy') throw new RuleError('the battle has already begun');
  beginTurn(state, state.rules.initiative, ctx, hooks);
  state.phase = state.rules.step;
}

export type { Formation };
