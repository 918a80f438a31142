/**
 * Setting up a horse-and-musket battle (B §5-6): the table by the book's random generation, two
 * armies bought to a points total from the army lists, Generals rolled, Commands formed, initiative
 * rolled, the armies deployed, and the order deck shuffled.
 *
 * Pre-battle rolls (Generals, random statuses, Freikorps sizes, initiative) come from the seed even
 * when dice are entered by hand: they happen before the players sit down at the table.
 */

import { DiceRoller, manualDice, scriptedDice, seededDice, type DiceState } from '../../core/dice';
import type { GameSetup, Side, SideId } from '../../core/model';
import { inch } from '../../core/measure';
import { RuleError } from '../../core/ruleset';
import { battlefieldFromSpec, setupSpec } from '../../terrain/battlefield';
import { ARMY_LISTS, ARMY_LIST_IDS, defaultArmy, listEntry, rollFreikorpsSize, rollStatus, standardStands, isRandomStatus, type ArmyListId } from './armies';
import { cardsDrawnPerTurn, cavalryGeneralStats, lowerStatus, MEDIOCRE_STATS, rollGeneral } from './charts';
import { buildCards, shuffle } from './cards';
import { layoutStands, lineFrontage } from './layout';
import { impassableFor } from './terrain';
import type { Formation, HmGame, HmState, HmUnit, HmUnitState, Nation, TroopType } from './types';

export const TABLE = { width: inch(72), depth: inch(48) };
const CENTRE_Y = TABLE.depth / 2;
/** The first line stands 13" from the centre line: inside 18" for a defender, beyond 12" for an attacker (B §6.3). */
const FIRST_LINE = inch(13);
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
}

/** Buy the default army of a list and field it: statuses, sizes and Generals rolled (B §9.3). */
function fieldArmy(side: SideId, listId: ArmyListId, points: number, dice: DiceRoller): Built {
  const list = ARMY_LISTS[listId];
  const army = defaultArmy(listId, points);
  const log: string[] = [`${list.name} (${list.period}): ${points} points${list.budgetPercent ? `, budget ${list.budgetPercent > 0 ? '+' : ''}${list.budgetPercent}%` : ''}`];
  const units: HmUnit[] = [];
  let n = 0;
  const make = (troop: TroopType, name: string): HmUnit => {
    n++;
    const u: HmUnit = {
      id: `${side}-${n}`,
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
  });
  for (const pick of army.entries) {
    if (pick.offTable) continue;
    const entry = listEntry(listId, pick.entry);
    for (let k = 0; k < pick.count; k++) {
      const u = make(entry.troop, `${entry.name} ${k + 1}`);
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
      u.rs.originalStands = stands;
      u.stands = layoutStands(entry.troop, 'line', stands);
      u.quality = u.rs.status;
    }
  }
  return { units, log };
}

/** Form Commands (A §6.5): cavalry to cavalry Generals first, then every other unit that needs one, by Ability. */
function formCommands(units: HmUnit[]): void {
  const generals = units.filter((u) => u.rs.general && u.rs.general.role === 'general');
  const room = new Map(generals.map((g) => [g.id, g.rs.general!.stats.ability]));
  const needs = units.filter((u) => ['infantry', 'lightCav', 'heavyCav', 'cuirassier'].includes(u.rs.troop));
  const cav = (u: HmUnit): boolean => ['lightCav', 'heavyCav', 'cuirassier'].includes(u.rs.troop);
  const order = [...needs.filter(cav), ...needs.filter((u) => !cav(u))];
  for (const u of order) {
    const g =
      generals.find((g) => g.rs.general!.cavalry && cav(u) && room.get(g.id)! > 0) ??
      generals.find((g) => !g.rs.general!.cavalry && room.get(g.id)! > 0 && generals.filter((h) => h.rs.command === null).length >= 0 && sameArm(units, g, u));
    const pick = g ?? generals.find((g) => !g.rs.general!.cavalry && room.get(g.id)! > 0);
    if (!pick) throw new RuleError(`no General has room in his Command for ${u.name}`);
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
function place(bf: ReturnType<typeof battlefieldFromSpec>, u: HmUnit, x: number, y: number, facing: number): void {
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
 * line 13" from the centre line and the rest in column behind, cavalry on the wings, skirmishers a
 * screen ahead, Generals behind their Commands.
 */
function deploy(bf: ReturnType<typeof battlefieldFromSpec>, units: HmUnit[], near: boolean): void {
  const facing = near ? Math.PI / 2 : -Math.PI / 2;
  const toward = near ? 1 : -1;
  const yAt = (fromCentre: number): number => CENTRE_Y - toward * fromCentre;
  // x measured from the side's own left: mirrored for the far side.
  const xAt = (fromLeft: number): number => (near ? fromLeft : TABLE.width - fromLeft);
  const inf = units.filter((u) => u.rs.troop === 'infantry');
  const guns = units.filter((u) => u.rs.troop === 'artillery');
  const cav = units.filter((u) => ['lightCav', 'heavyCav', 'cuirassier', 'skirmCav'].includes(u.rs.troop));
  const skirm = units.filter((u) => u.rs.troop === 'skirmInf');
  const centreWidth = TABLE.width - 2 * SIDE_BAND;
  const front = inf.slice(0, 3);
  const rest = inf.slice(3);
  const frontage = front.reduce((w, u) => w + lineFrontage('infantry', u.stands.length), 0);
  const gap = front.length > 1 ? Math.min(inch(4), (centreWidth - frontage) / (front.length + 1)) : 0;
  let x = SIDE_BAND + (centreWidth - frontage - gap * (front.length - 1)) / 2;
  const gapCentres: number[] = [];
  for (const u of front) {
    const w = lineFrontage('infantry', u.stands.length);
    place(bf, u, xAt(x + w / 2), yAt(FIRST_LINE), facing);
    x += w + gap;
    gapCentres.push(x - gap / 2);
  }
  // Guns in the intervals of the first line, then on its flanks.
  guns.forEach((g, i) => {
    const at = gapCentres[i] ?? SIDE_BAND + inch(1) + i * inch(2);
    place(bf, g, xAt(at), yAt(FIRST_LINE), facing);
  });
  // The rest of the foot in column behind the first line, ready to march up (A §11.5).
  rest.forEach((u, i) => {
    u.formation = 'column';
    u.rs.baseFormation = 'column';
    u.rs.columnCompulsory = true;
    u.stands = layoutStands('infantry', 'column', u.stands.length);
    const slot = SIDE_BAND + (centreWidth * (i + 1)) / (rest.length + 1);
    place(bf, u, xAt(slot), yAt(FIRST_LINE + SECOND_LINE_BACK), facing);
  });
  // Cavalry on the wings, alternating right and left, in rows 5" apart.
  cav.forEach((u, i) => {
    const right = i % 2 === 0;
    const row = Math.floor(i / 2);
    const w = lineFrontage(u.rs.troop, u.stands.length);
    const at = right ? TABLE.width - SIDE_BAND / 2 : SIDE_BAND / 2;
    place(bf, u, xAt(Math.max(w / 2 + inch(1), Math.min(TABLE.width - w / 2 - inch(1), at))), yAt(FIRST_LINE + row * inch(5)), facing);
  });
  skirm.forEach((u, i) => {
    const slot = SIDE_BAND + (centreWidth * (i + 1)) / (skirm.length + 1);
    u.formation = 'loose';
    u.stands = layoutStands('skirmInf', 'loose', u.stands.length);
    place(bf, u, xAt(slot), yAt(FIRST_LINE - SKIRMISH_SCREEN), facing);
  });
  // Generals behind the middle of their Commands; the CinC behind the centre.
  const generals = units.filter((u) => u.rs.general);
  for (const g of generals) {
    const command = units.filter((u) => u.rs.command === g.id);
    const cx = command.length ? command.reduce((s, u) => s + u.x, 0) / command.length : xAt(TABLE.width / 2);
    const cy = command.length ? command.reduce((s, u) => s + u.y, 0) / command.length : yAt(FIRST_LINE);
    place(bf, g, cx, cy - toward * inch(g.rs.general!.role === 'cinc' ? 5 : 3), facing);
  }
}

/** Units deployed beyond their General's range are one status lower for the battle (B §6.4; B20: Mediocre 10"). */
function commandRangePenalty(units: HmUnit[], log: string[]): void {
  for (const u of units) {
    if (!u.rs.command) continue;
    const g = units.find((x) => x.id === u.rs.command)!;
    const range = inch(g.rs.general!.grade === 'mediocre' ? 10 : g.rs.general!.stats.range);
    if (Math.hypot(u.x - g.x, u.y - g.y) > range + inch(1)) {
      u.rs.outOfCommand = true;
      if (!u.rs.statusHidden) u.rs.status = lowerStatus(u.rs.status);
      u.quality = u.rs.status;
      log.push(`${u.name} deployed beyond ${g.name}'s range: one status lower for the battle`);
    }
  }
}

export function createHorseAndMusketGame(setup: GameSetup): HmState {
  // Options not given take their defaults, so a saved game records every setting it was played with.
  const options: Record<string, unknown> = { turnLimit: 40, sight: 'computed', breakRule: 'half-infantry', unpreparedSwap: false, ...(setup.options ?? {}) };
  const listA = readList(options.armyA, 'prussia-supremacy', 'armyA');
  const listB = readList(options.armyB, 'austria', 'armyB');
  const points = Number(options.points ?? 160);
  if (!Number.isFinite(points) || points < 80 || points > 600) throw new RuleError(`points: ${String(options.points)} is not a points total between 80 and 600`);
  const pre = new DiceRoller(seededDice(`${setup.seed}/pre-battle`));
  const battlefield = setupSpec('horse-and-musket', 3, setup.seed, TABLE);
  const bf = battlefieldFromSpec(battlefield);
  const lists = [listA, listB];
  const sides: Side[] = lists.map((id, i) => {
    const nation = ARMY_LISTS[id].nation;
    const sideId = i === 0 ? 'a' : 'b';
    return { id: sideId, name: ARMY_LISTS[id].name, nation, colour: i === 1 && listA === listB ? '#8a2b2b' : NATION_COLOURS[nation] };
  });
  const log: string[] = [];
  const units: HmUnit[] = [];
  sides.forEach((s, i) => {
    const built = fieldArmy(s.id, lists[i]!, points, pre);
    formCommands(built.units);
    deploy(bf, built.units, i === 0);
    commandRangePenalty(built.units, built.log);
    log.push(...built.log);
    units.push(...built.units);
  });
  // Initiative (B §6.1): d6 + national modifier, ties re-rolled; the winner defends [ENGINE DEFAULT].
  let initiative: SideId = 'a';
  for (;;) {
    const ra = pre.one(6, 'initiative') + ARMY_LISTS[listA].rules.initiativeModifier;
    const rb = pre.one(6, 'initiative') + ARMY_LISTS[listB].rules.initiativeModifier;
    log.push(`Initiative: ${sides[0]!.name} ${ra}, ${sides[1]!.name} ${rb}`);
    if (ra !== rb) {
      initiative = ra > rb ? 'a' : 'b';
      break;
    }
  }
  const attacker = initiative === 'a' ? 'b' : 'a';
  log.push(`${sides.find((s) => s.id === initiative)!.name} win the initiative, defend, and move first`);
  const cards = buildCards(units, sides.map((s) => s.id));
  const hands: Record<SideId, string[]> = { a: [], b: [] };
  const deck: string[] = [];
  for (const c of Object.values(cards)) {
    if (c.owner && ['artillery', 'skirmInf', 'skirmCav'].includes(c.kind)) hands[c.owner]!.push(c.id);
    else deck.push(c.id);
  }
  // The attacker starts with one of the deck's Infantry Advance cards (A §7.2, A41).
  deck.splice(deck.indexOf('advance:1'), 1);
  hands[attacker]!.push('advance:1');
  const dice = diceFor(setup);
  const shuffler = new DiceRoller(dice);
  const rules: HmGame = {
    cards,
    deck: shuffle(deck, shuffler),
    discard: [],
    sides: {},
    step: 'decision',
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
  };
  sides.forEach((s, i) => {
    const own = units.filter((u) => u.side === s.id);
    const counted = own.filter((u) => u.rs.troop !== 'general').length;
    const cinc = own.find((u) => u.rs.general?.role === 'cinc')!;
    const draw = cardsDrawnPerTurn(counted, cinc.rs.general!.grade, { prussianSevenYearsWar: ARMY_LISTS[lists[i]!].rules.extraOrderCard });
    rules.sides[s.id] = {
      hand: hands[s.id]!,
      posture: s.id === attacker ? 'attacker' : 'defender',
      drawPerTurn: draw.count,
      startInfantry: own.filter((u) => u.rs.troop === 'infantry' || u.rs.troop === 'skirmInf').length,
      startUnits: counted,
      mustPlayAdvance: s.id === attacker,
      turnsTaken: 0,
    };
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
    phase: 'decision',
    active: initiative,
    seq: 0,
    rules,
    dice,
    result: null,
  };
  return state;
}

export type { Formation };
