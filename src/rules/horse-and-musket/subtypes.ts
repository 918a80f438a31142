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
 * one feature in the terrain layer, so it is rolled once, as a whole, and belongs to the half
 * holding more of its length (the digest would cut it at the centre line into sections rolled
 * apart; the terrain layer keeps one class per feature).
 */

import { pointInPolygon, pointInRect, polygonCentroid, segmentRectDistance, corners, type Vec2 } from '../../core/geometry';
import { DiceRoller, seededDice } from '../../core/dice';
import { dhypot } from '../../core/detmath';
import { inch } from '../../core/measure';
import { standRect, type GameEvent, type SideId } from '../../core/model';
import type { RuleContext } from '../../core/ruleset';
import type { Battlefield } from '../../terrain/battlefield';
import type { TerrainFeature } from '../../terrain/features';
import { GENERIC_WORDS, UNKNOWN_SUBTYPE, subtypeChoices, type SubtypeOverrides } from '../../terrain/subtypes';
import type { HmState } from './types';

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

/** A ford off the roads on the defender's half of the table (B §6.1 step 5): hidden from the attacker until found. */
export interface SecretFord {
  feature: string;
  owner: SideId;
  revealed: boolean;
}

/** Attacker units reveal a secret feature at this distance or closer (B §5.2). */
export const REVEAL_DISTANCE = inch(1);

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

/** The side whose half holds the feature: the first side's half is the near one, y below the centre line. */
export function featureOwner(state: HmState, f: TerrainFeature): SideId {
  const centre = state.battlefield.depth / 2;
  const [near, far] = [state.sides[0]!.id, state.sides[1]!.id];
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
  // Fords away from the roads on the defender's half are his secret too (B §6.1 step 5). The table's
  // set-up has already rolled for them (5-6 at each long section's middle).
  if (defender === null) return;
  const fords = bf.features.filter((f) => f.kind === 'ford' && !f.roadId && featureOwner(state, f) === defender);
  if (fords.length) state.rules.secretFords = fords.map((f) => ({ feature: f.id, owner: defender, revealed: false }));
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

/** After every action: a secret feature an attacker unit has come within 1" of is revealed to all (L15). */
export function revealTerrain(state: HmState, bf: Battlefield, ctx: RuleContext): void {
  const rolls = state.rules.terrainRolls ?? [];
  const fords = state.rules.secretFords ?? [];
  if (!rolls.some((r) => r.secret && !r.revealed) && !fords.some((f) => !f.revealed)) return;
  const attackers = state.units.filter((u) => !u.removed && !u.carriedBy && u.kind !== 'marker' && state.rules.sides[u.side]?.posture === 'attacker');
  for (const ford of fords) {
    if (ford.revealed) continue;
    const f = bf.features.find((x) => x.id === ford.feature);
    const finder = f && attackers.find((u) => distanceToFeature(u, f) <= REVEAL_DISTANCE + 1e-6);
    if (!finder) continue;
    ford.revealed = true;
    ctx.emit({ type: 'terrain-revealed', unit: finder.id, text: `${finder.name} comes within 1" of a ford the defender knew of (B §6.1)`, data: { feature: ford.feature } });
  }
  for (const roll of rolls) {
    if (!roll.secret || roll.revealed) continue;
    const f = bf.features.find((x) => x.id === roll.feature);
    if (!f) continue;
    const finder = attackers.find((u) => distanceToFeature(u, f) <= REVEAL_DISTANCE + 1e-6);
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
  const battlefield = { ...state.battlefield, subtypes, ...(unfound.length ? { unfound: unfound.map((f) => f.feature) } : {}) };
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
