/**
 * Terrain subtype rolls and their secrecy (B §5.2, §6.1 step 4, RTG-7, L15). Once the initiative
 * winner has chosen to attack or defend, a d6 is thrown for every wood, marsh, stream and river:
 * openly for features on an attacker's side of the table, secretly for those on the defender's
 * side, which are revealed when an attacker unit comes within 1" of them. With no defender every
 * roll is open.
 *
 * The verdicts go into the battlefield spec (`subtypes`, src/terrain/subtypes.ts), so every rule
 * reads the true subtype; `veilTerrain` gives an attacker's view a spec where the secret ones are
 * unknown (the commonest kind, drawn and named generically), and `terrainKnownEvents` keeps the
 * secret throws out of his log.
 *
 * [ENGINE DEFAULT] An area feature belongs to the half holding its centroid (B45). A watercourse is
 * laid in sections cut at the centre line (src/terrain/setup-hm.ts), each a feature of its own, so
 * each section is rolled, kept secret and revealed on its own; a section belongs to the half
 * holding more of its length.
 *
 * Then the extra fords (B §6.1 step 5): at the middle of each stretch of river or torrential stream
 * 18" or longer with no crossing (the table lists the places, `Battlefield.fordSites`), a 5 or 6 is a
 * ford. The defender rolls for every one in secret, and the attacker finds a ford when one of his
 * units comes within 1" of it. With no defender each place is rolled for, openly, when a unit first
 * comes within 1" of its stretch of water.
 */

import { pointInPolygon, pointInRect, polygonCentroid, segmentRectDistance, corners, type Vec2 } from '../../core/geometry';
import { DiceRoller, seededDice } from '../../core/dice';
import { dhypot } from '../../core/detmath';
import { inch } from '../../core/measure';
import { standRect, type GameEvent, type SideId } from '../../core/model';
import type { RuleContext } from '../../core/ruleset';
import { battlefieldFromSpec, type Battlefield } from '../../terrain/battlefield';
import { inches, type FordSite } from '../../terrain/setup';
import type { TerrainFeature } from '../../terrain/features';
import { GENERIC_WORDS, UNKNOWN_SUBTYPE, subtypeChoices, type SubtypeOverrides } from '../../terrain/subtypes';
import type { HmState } from './types';
import { nearSideId } from './world';

/** The §5.2 tables: the subtype each d6 score gives, by feature kind, and its name for the log. */
export const SUBTYPE_TABLES: Readonly<Record<'wood' | 'stream' | 'marsh' | 'river', { table: string; faces: readonly [string, string][] }>> = {
  wood: {
    table: 'Woods',
    faces: [
      ['open', 'an orchard (open woodland or scrub)'],
      ['woodland', 'woodland'],
      ['woodland', 'woodland'],
      ['woodland', 'woodland'],
      ['forest', 'a forest'],
      ['forest', 'a forest'],
    ],
  },
  stream: {
    table: 'Streams',
    faces: [
      ['minorStream', 'a minor stream'],
      ['minorStream', 'a minor stream'],
      ['minorStream', 'a minor stream'],
      ['minorStream', 'a minor stream'],
      ['torrentialStream', 'a torrential stream'],
      ['torrentialStream', 'a torrential stream'],
    ],
  },
  marsh: {
    table: 'Marshes',
    faces: [
      ['bog', 'a bog'],
      ['bog', 'a bog'],
      ['bog', 'a bog'],
      ['morass', 'a morass'],
      ['morass', 'a morass'],
      ['quagmire', 'a quagmire'],
    ],
  },
  river: {
    table: 'Rivers',
    faces: [
      ['shallowRiver', 'a shallow river'],
      ['fastRiver', 'a fast-flowing river'],
      ['river', 'a river'],
      ['river', 'a river'],
      ['ragingTorrent', 'a raging torrent'],
      ['deepRiver', 'a deep, lazy river'],
    ],
  },
};

type RolledKind = keyof typeof SUBTYPE_TABLES;

/** One feature's roll (HmGame.terrainRolls). In a view where it is still secret, `die` is 0 and `subtype` unknown. */
export interface TerrainRoll {
  feature: string;
  die: number;
  subtype: string;
  /** The side whose half of the table holds it. */
  owner: SideId;
  /** Rolled in secret by the defender: hidden from the attacker until revealed. */
  secret: boolean;
  revealed: boolean;
}

/** An extra ford the defender found in secret (B §6.1 step 5): hidden from the attacker until found. */
export interface SecretFord {
  feature: string;
  owner: SideId;
  revealed: boolean;
}

/** Attacker units reveal a secret feature at this distance or closer (B §5.2). */
export const REVEAL_DISTANCE = inch(1);

/** B §6.1 step 5: a d6 of 5 or 6 puts a ford at the middle of a stretch with no crossing. */
export const FORD_ROW = { found: [5, 6], words: { found: 'a ford at its middle (5-6)', none: 'no ford (1-4)' } } as const;
const fordFound = (die: number): boolean => die >= FORD_ROW.found[0];

const rolledKind = (f: TerrainFeature): RolledKind | null => (subtypeChoices(f) ? (f.kind as RolledKind) : null);

/** Before the rolls nobody knows any subtype: every feature that takes a roll starts unknown. */
export function unrolledSubtypes(bf: Battlefield): SubtypeOverrides {
  const out: SubtypeOverrides = {};
  for (const f of bf.features) if (rolledKind(f)) out[f.id] = UNKNOWN_SUBTYPE;
  return out;
}

/** Length of a polyline on the near (low y) side of the line y = centre. */
function lengthBelow(line: readonly Vec2[], centre: number): number {
  let s = 0;
  for (let i = 1; i < line.length; i++) {
    const a = line[i - 1]!;
    const b = line[i]!;
    const len = dhypot(b.x - a.x, b.y - a.y);
    if (a.y <= centre && b.y <= centre) s += len;
    else if (a.y < centre || b.y < centre) s += (len * Math.abs(centre - Math.min(a.y, b.y))) / Math.abs(b.y - a.y);
  }
  return s;
}

/** The side whose half holds the feature: the near side's half is y below the centre line. */
export function featureOwner(state: HmState, f: TerrainFeature): SideId {
  const centre = state.battlefield.depth / 2;
  const near = nearSideId(state);
  const far = state.sides.find((s) => s.id !== near)!.id;
  if ('polygon' in f) return polygonCentroid(f.polygon).y < centre ? near : far;
  let total = 0;
  for (let i = 1; i < f.line.length; i++) total += dhypot(f.line[i]!.x - f.line[i - 1]!.x, f.line[i]!.y - f.line[i - 1]!.y);
  return lengthBelow(f.line, centre) * 2 >= total ? near : far;
}

const defenderOf = (state: HmState): SideId | null => state.sides.find((s) => state.rules.sides[s.id]?.posture === 'defender' && state.rules.postureChosen)?.id ?? null;
const sideName = (state: HmState, side: SideId): string => state.sides.find((s) => s.id === side)?.name ?? side;

/**
 * The dice for the subtype rolls. Like the other pre-battle rolls (setup.ts) they come from the seed
 * whatever the dice mode: they are thrown before the players sit down at the table, and a defender's
 * secret throws could not be entered by hand at a shared screen.
 */
export function terrainDice(state: HmState): DiceRoller {
  return new DiceRoller(seededDice(`${state.seed}/terrain-subtypes`));
}

/**
 * Throw the §5.2 subtype of every wood, marsh, stream and river (B §6.1 step 4), after the postures
 * are fixed, with `ctx.dice` (the game passes `terrainDice`). Each throw is an event with its die;
 * the defender's secret ones are his alone.
 */
export function rollTerrainSubtypes(state: HmState, bf: Battlefield, ctx: RuleContext): void {
  const defender = defenderOf(state);
  const rolls: TerrainRoll[] = [];
  const subtypes: SubtypeOverrides = {};
  let secretCount = 0;
  for (const f of bf.features) {
    const kind = rolledKind(f);
    if (!kind) continue;
    const owner = featureOwner(state, f);
    const secret = defender !== null && owner === defender;
    const table = SUBTYPE_TABLES[kind];
    const die = ctx.dice.one(6, `${table.table} table for ${f.name}`);
    const [subtype, words] = table.faces[die - 1]!;
    rolls.push({ feature: f.id, die, subtype, owner, secret, revealed: false });
    subtypes[f.id] = subtype;
    if (secret) secretCount++;
    ctx.emit({
      type: 'terrain-roll',
      ...(secret ? { side: defender! } : {}),
      text: `${f.name} (${secret ? `${sideName(state, owner)}' side, rolled in secret` : `${sideName(state, owner)}' side, rolled openly`}): ${table.table} table, d6 ${die}: ${words} (B §5.2)`,
      dice: [{ purpose: `${table.table} table for ${f.name}`, sides: 6, values: [die], ...(secret ? { side: defender! } : {}) }],
      data: { feature: f.id, secret },
    });
  }
  if (secretCount > 0) {
    ctx.emit({
      type: 'terrain-secret',
      side: defender!,
      text: `${sideName(state, defender!)} roll in secret for ${secretCount} feature${secretCount === 1 ? '' : 's'} on their side of the table; each is revealed when an attacking unit comes within 1" of it (B §5.2)`,
    });
  }
  state.rules.terrainRolls = rolls;
  state.battlefield = { ...state.battlefield, subtypes };
}

/**
 * The places an extra ford may lie on the water as rolled (B §6.1 step 5): on a river of any kind but
 * a raging torrent, which nothing crosses but by a bridge, and on a torrential stream (B18; a minor
 * stream is fordable anywhere already).
 */
export function fordPlaces(bf: Battlefield): FordSite[] {
  return (bf.fordSites ?? []).filter((site) => {
    const water = bf.features.find((f) => f.id === site.waterId);
    if (!water || (water.kind !== 'river' && water.kind !== 'stream')) return false;
    return water.kind === 'river' ? water.class !== 'ragingTorrent' : water.class === 'torrentialStream';
  });
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
const stretchWords = (site: FordSite, water: TerrainFeature): string => `the ${inches(polylineLength(site.stretch))} stretch of ${water.name} with no crossing`;

/**
 * Roll for the extra fords (B §6.1 step 5), after the subtypes, with `ctx.dice` (the game passes
 * the same `terrainDice` stream). The defender rolls for every place in secret; the fords he finds
 * are laid (`BattlefieldSpec.fords`) and hidden from the attacker until found. With no defender
 * nothing is rolled yet: each place waits for a unit to come within 1" (`rollFordsInReach`).
 */
export function rollExtraFords(state: HmState, ctx: RuleContext): void {
  const bf = battlefieldFromSpec(state.battlefield);
  const places = fordPlaces(bf);
  if (places.length === 0) return;
  const defender = defenderOf(state);
  if (defender === null) {
    state.rules.fordRollsDue = places.map((p) => p.id);
    ctx.emit({
      type: 'terrain-fords',
      text: `With no defender, each of the ${places.length} stretch${places.length === 1 ? '' : 'es'} of water that may hold a ford is rolled for when a unit first comes within 1" of it (B §6.1)`,
    });
    return;
  }
  const found: string[] = [];
  for (const site of places) {
    const water = bf.features.find((f) => f.id === site.waterId)!;
    const purpose = `Extra ford on ${water.name}`;
    const die = ctx.dice.one(6, purpose);
    if (fordFound(die)) found.push(site.id);
    ctx.emit({
      type: 'terrain-roll',
      side: defender,
      text: `${capitalise(stretchWords(site, water))} (rolled in secret): extra ford, d6 ${die}: ${fordFound(die) ? FORD_ROW.words.found : FORD_ROW.words.none} (B §6.1)`,
      dice: [{ purpose, sides: 6, values: [die], side: defender }],
      data: { feature: site.id, secret: true },
    });
  }
  ctx.emit({
    type: 'terrain-secret',
    side: defender,
    text: `${sideName(state, defender)} roll in secret for ${places.length} place${places.length === 1 ? '' : 's'} a ford may lie; the attacker finds a ford only when one of his units comes within 1" of it (B §6.1)`,
  });
  if (found.length === 0) return;
  state.battlefield = { ...state.battlefield, fords: [...(state.battlefield.fords ?? []), ...found] };
  state.rules.secretFords = found.map((feature) => ({ feature, owner: defender, revealed: false }));
}

/**
 * With no defender, a place for an extra ford is rolled for, openly, when a unit of either side
 * first comes within 1" of its stretch of water (B §6.1 step 5), with the game's dice.
 */
function rollFordsInReach(state: HmState, bf: Battlefield, ctx: RuleContext): void {
  const due = state.rules.fordRollsDue;
  if (!due?.length) return;
  const units = state.units.filter((u) => !u.removed && !u.carriedBy && u.kind !== 'marker');
  for (const id of [...due]) {
    const site = bf.fordSites?.find((s) => s.id === id);
    const water = site && bf.features.find((f) => f.id === site.waterId);
    if (!site || !water || (water.kind !== 'river' && water.kind !== 'stream')) continue;
    const reach = REVEAL_DISTANCE + water.width / 2 + 1e-6;
    const finder = units.find((u) => distanceToLine(u, site.stretch) <= reach);
    if (!finder) continue;
    const purpose = `Extra ford on ${water.name}`;
    const die = ctx.dice.one(6, purpose);
    due.splice(due.indexOf(id), 1);
    if (fordFound(die)) state.battlefield = { ...state.battlefield, fords: [...(state.battlefield.fords ?? []), id] };
    ctx.emit({
      type: 'terrain-roll',
      unit: finder.id,
      text: `${finder.name} comes within 1" of ${stretchWords(site, water)}: extra ford, d6 ${die}: ${fordFound(die) ? FORD_ROW.words.found : FORD_ROW.words.none} (B §6.1)`,
      dice: [{ purpose, sides: 6, values: [die] }],
      data: { feature: id, secret: false },
    });
  }
  if (due.length === 0) delete state.rules.fordRollsDue;
}

/** Shortest distance from a unit's live stands to a polyline. */
function distanceToLine(u: HmState['units'][number], line: readonly Vec2[]): number {
  let best = Infinity;
  for (const s of u.stands) {
    if (s.status === 'destroyed') continue;
    const r = standRect(u, s);
    for (let i = 1; i < line.length; i++) best = Math.min(best, segmentRectDistance(line[i - 1]!, line[i]!, r));
  }
  return best;
}

function polylineLength(line: readonly Vec2[]): number {
  let s = 0;
  for (let i = 1; i < line.length; i++) s += dhypot(line[i]!.x - line[i - 1]!.x, line[i]!.y - line[i - 1]!.y);
  return s;
}

/** Shortest distance from a unit's stands to a feature (0 when a stand touches or lies in it). */
function distanceToFeature(u: HmState['units'][number], f: TerrainFeature): number {
  let best = Infinity;
  for (const s of u.stands) {
    if (s.status === 'destroyed') continue;
    const r = standRect(u, s);
    if ('polygon' in f) {
      if (corners(r).some((c) => pointInPolygon(c, f.polygon)) || f.polygon.some((p) => pointInRect(r, p))) return 0;
      for (let i = 0; i < f.polygon.length; i++) best = Math.min(best, segmentRectDistance(f.polygon[i]!, f.polygon[(i + 1) % f.polygon.length]!, r));
    } else {
      for (let i = 1; i < f.line.length; i++) best = Math.min(best, Math.max(0, segmentRectDistance(f.line[i - 1]!, f.line[i]!, r) - f.width / 2));
    }
  }
  return best;
}

/** Each feature's bounding box, a linear feature's grown by half its width. */
const featureBoxes = new WeakMap<TerrainFeature, { minX: number; minY: number; maxX: number; maxY: number }>();

function featureBox(f: TerrainFeature): { minX: number; minY: number; maxX: number; maxY: number } {
  let box = featureBoxes.get(f);
  if (box) return box;
  const points = 'polygon' in f ? f.polygon : f.line;
  const grow = 'polygon' in f ? 0 : f.width / 2;
  box = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const p of points) {
    box.minX = Math.min(box.minX, p.x - grow);
    box.minY = Math.min(box.minY, p.y - grow);
    box.maxX = Math.max(box.maxX, p.x + grow);
    box.maxY = Math.max(box.maxY, p.y + grow);
  }
  featureBoxes.set(f, box);
  return box;
}

/**
 * Whether a unit comes within `d` of a feature (distanceToFeature). Checked after every action for
 * every attacker and secret feature, so a unit whose stands all lie farther than that from the
 * feature's box (a millimetre to spare) is answered without measuring stand by stand.
 */
function comesWithin(u: HmState['units'][number], f: TerrainFeature, d: number): boolean {
  const box = featureBox(f);
  let reach = 0;
  for (const s of u.stands) reach = Math.max(reach, Math.sqrt(s.f * s.f + s.l * s.l) + Math.sqrt(s.width * s.width + s.depth * s.depth) / 2);
  const dx = Math.max(box.minX - u.x, 0, u.x - box.maxX);
  const dy = Math.max(box.minY - u.y, 0, u.y - box.maxY);
  const far = reach + d + 1;
  if (dx * dx + dy * dy > far * far) return false;
  return distanceToFeature(u, f) <= d;
}

/**
 * After every action: a secret feature an attacker unit has come within 1" of is revealed to all
 * (L15), and with no defender a place for an extra ford a unit has come within 1" of is rolled for.
 */
export function revealTerrain(state: HmState, bf: Battlefield, ctx: RuleContext): void {
  rollFordsInReach(state, bf, ctx);
  const rolls = state.rules.terrainRolls ?? [];
  const fords = state.rules.secretFords ?? [];
  if (!rolls.some((r) => r.secret && !r.revealed) && !fords.some((f) => !f.revealed)) return;
  const attackers = state.units.filter((u) => !u.removed && !u.carriedBy && u.kind !== 'marker' && state.rules.sides[u.side]?.posture === 'attacker');
  for (const ford of fords) {
    if (ford.revealed) continue;
    const f = bf.features.find((x) => x.id === ford.feature);
    const finder = f && attackers.find((u) => comesWithin(u, f, REVEAL_DISTANCE + 1e-6));
    if (!finder) continue;
    ford.revealed = true;
    ctx.emit({ type: 'terrain-revealed', unit: finder.id, text: `${finder.name} comes within 1" of a ford the defender knew of (B §6.1)`, data: { feature: ford.feature } });
  }
  for (const roll of rolls) {
    if (!roll.secret || roll.revealed) continue;
    const f = bf.features.find((x) => x.id === roll.feature);
    if (!f) continue;
    const finder = attackers.find((u) => comesWithin(u, f, REVEAL_DISTANCE + 1e-6));
    if (!finder) continue;
    roll.revealed = true;
    const kind = rolledKind(f)!;
    const words = SUBTYPE_TABLES[kind].faces[roll.die - 1]![1];
    ctx.emit({ type: 'terrain-revealed', unit: finder.id, text: `${finder.name} comes within 1" of the ${GENERIC_WORDS[kind]} and finds it is ${words} (the defender's secret roll was ${roll.die}, B §5.2)`, data: { feature: f.id } });
  }
}

/** The sides from which a roll is still secret: every attacker while it is unrevealed. */
function secretFrom(state: HmState, roll: TerrainRoll, side: SideId): boolean {
  return roll.secret && !roll.revealed && state.rules.sides[side]?.posture === 'attacker';
}

/**
 * The state as `side` may know the terrain: for an attacker, the defender's secret, unrevealed
 * features are unknown in the battlefield spec and their rolls carry no die or subtype. Returns the
 * state itself when nothing is hidden from the side.
 */
export function veilTerrain(state: HmState, side: SideId): HmState {
  const rolls = state.rules.terrainRolls ?? [];
  const attacker = state.rules.sides[side]?.posture === 'attacker';
  const unfound = attacker ? (state.rules.secretFords ?? []).filter((f) => !f.revealed) : [];
  if (!rolls.some((r) => secretFrom(state, r, side)) && unfound.length === 0) return state;
  const subtypes: SubtypeOverrides = { ...state.battlefield.subtypes };
  const seen = rolls.map((r) => {
    if (!secretFrom(state, r, side)) return r;
    subtypes[r.feature] = UNKNOWN_SUBTYPE;
    return { ...r, die: 0, subtype: UNKNOWN_SUBTYPE };
  });
  // An extra ford not yet found is left out of the attacker's spec altogether, so it says nothing of
  // it; one laid with the table is listed as not found.
  const hidden = new Set(unfound.map((f) => f.feature));
  const laid = state.battlefield.fords ?? [];
  const battlefield: HmState['battlefield'] = { ...state.battlefield, subtypes };
  if (laid.some((id) => hidden.has(id))) {
    const left = laid.filter((id) => !hidden.has(id));
    if (left.length) battlefield.fords = left;
    else delete battlefield.fords;
  }
  const withTable = [...hidden].filter((id) => !laid.includes(id));
  if (withTable.length) battlefield.unfound = withTable;
  const rules = { ...state.rules, terrainRolls: seen };
  // The attacker does not know how many fords there are to find.
  if (unfound.length) delete rules.secretFords;
  return { ...state, battlefield, rules };
}

/** An attacker's log leaves out the defender's secret throws. */
export function terrainKnownEvents(state: HmState, events: GameEvent[], side: SideId): GameEvent[] {
  if (!state.rules.terrainRolls) return events;
  return events.filter((e) => !(e.type === 'terrain-roll' && e.data?.secret === true && e.side !== side));
}
