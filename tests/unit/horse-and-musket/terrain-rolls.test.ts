/**
 * The terrain rolls in the game's order (B §6.1 steps 3-8, §5.2, B45, RTG-6/7/8): the table is laid
 * with every wood, marsh and watercourse of unknown kind and each watercourse cut at the centre line;
 * once the initiative winner has chosen, each section's subtype is rolled, then the extra fords; the
 * ground's channels follow the rolled kinds; and only then are the armies set up.
 *
 * The table of seed 't6': five woods and a river from the south baseline to the north one, cut at
 * the centre line into river-1 (south, side a's half) and river-2 (north, side b's half), with one
 * place for an extra ford on each. Side b wins the initiative.
 */

import { describe, expect, it } from 'vitest';
import { DiceRoller, scriptedDice, seededDice } from '../../../src/core/dice';
import { segmentRectDistance, type Vec2 } from '../../../src/core/geometry';
import { inch } from '../../../src/core/measure';
import { standRect, type GameEvent, type GameState } from '../../../src/core/model';
import { stateHash } from '../../../src/core/engine';
import { Rng } from '../../../src/core/random';
import { randomAction } from '../../../src/ai/random';
import { GameSession } from '../../../src/app/session';
import { isUndeployed } from '../../../src/core/deployment';
import { battlefieldFromSpec, generateBattlefield, type Battlefield } from '../../../src/terrain/battlefield';
import { heightAt } from '../../../src/terrain/heightmap';
import type { TerrainFeature, WaterFeature } from '../../../src/terrain/features';
import { horseAndMusket } from '../../../src/rules/horse-and-musket/ruleset';
import { deployAutomatically } from '../../../src/rules/horse-and-musket/setup';
import { fordPlaces, revealTerrain, rollExtraFords, rollTerrainSubtypes } from '../../../src/rules/horse-and-musket/subtypes';
import { impassableFor } from '../../../src/rules/horse-and-musket/terrain';
import type { HmState } from '../../../src/rules/horse-and-musket/types';
import { act, newHmGame, posturedGame } from './fixture';

const SEED = 't6';
const CENTRE = inch(24);

const newGame = (seed = SEED): HmState => newHmGame(seed);

const postured = (nobodyDefends = false): HmState => posturedGame(SEED, nobodyDefends);

const bfOf = (s: HmState): Battlefield => battlefieldFromSpec(s.battlefield);
const water = (bf: Battlefield, id: string): WaterFeature => bf.features.find((f) => f.id === id) as WaterFeature;

/** Roll the subtypes, then the fords, from one scripted stream; the events in order. */
function rollAll(s: HmState, dice: number[]): GameEvent[] {
  const events: GameEvent[] = [];
  const ctx = { dice: new DiceRoller(scriptedDice(dice)), battlefield: bfOf(s), emit: (e: GameEvent) => events.push(e) };
  rollTerrainSubtypes(s, bfOf(s), ctx);
  rollExtraFords(s, ctx);
  return events;
}

const WOODS = ['wood-1', 'wood-2', 'wood-3', 'wood-4', 'wood-5'];

describe('the table laid for a game', () => {
  it('cuts the river at the centre line into a section on each half, rolls no subtype and lays no extra ford', () => {
    const s = newGame();
    const bf = bfOf(s);
    expect(s.battlefield.setup).toEqual({ rules: 'horse-and-musket', method: 3, byGame: true });
    const [south, north] = [water(bf, 'river-1'), water(bf, 'river-2')];
    expect(south.line.every((p) => p.y <= CENTRE + 1e-6)).toBe(true);
    expect(north.line.every((p) => p.y >= CENTRE - 1e-6)).toBe(true);
    // The two sections meet on the centre line, the river running on unbroken.
    expect(south.line[south.line.length - 1]!).toEqual(north.line[0]!);
    expect(south.line[south.line.length - 1]!.y).toBeCloseTo(CENTRE, 6);
    expect(bf.setupLog!.some((l) => l.includes('cut there into 2 sections, river-1 and river-2, each rolled for on its own (B45)'))).toBe(true);
    // Every wood and watercourse waits for the game's roll.
    expect(s.battlefield.subtypes).toEqual(Object.fromEntries([...WOODS, 'river-1', 'river-2'].map((id) => [id, 'unknown'])));
    expect(bf.fordSites!.map((site) => [site.id, site.waterId])).toEqual([
      ['extra-ford-1', 'river-1'],
      ['extra-ford-2', 'river-2'],
    ]);
    expect(bf.features.filter((f) => f.kind === 'ford')).toEqual([]);
  });
});

describe('the rolls once attacker and defender are known (B §6.1 steps 4-5)', () => {
  it("rolls each river section on its own table row, openly on the attacker's half and in secret on the defender's", () => {
    const s = postured();
    const events = rollAll(s, [1, 2, 3, 4, 5, 1, 6, 5, 2]);
    const rolls = s.rules.terrainRolls!;
    expect(rolls.map((r) => [r.feature, r.die, r.subtype, r.owner, r.secret])).toEqual([
      ['wood-1', 1, 'open', 'b', true],
      ['wood-2', 2, 'woodland', 'a', false],
      ['wood-3', 3, 'woodland', 'a', false],
      ['wood-4', 4, 'woodland', 'a', false],
      ['wood-5', 5, 'forest', 'b', true],
      ['river-1', 1, 'shallowRiver', 'a', false],
      ['river-2', 6, 'deepRiver', 'b', true],
    ]);
    const river = events.filter((e) => e.type === 'terrain-roll' && String(e.data?.feature).startsWith('river'));
    expect(river.map((e) => e.text)).toEqual([
      "South watercourse (Prussians: Absolute Supremacy' side, rolled openly): Rivers table, d6 1: a shallow river (B §5.2)",
      "North watercourse (Austrians' side, rolled in secret): Rivers table, d6 6: a deep, lazy river (B §5.2)",
    ]);
    const bf = bfOf(s);
    expect([water(bf, 'river-1').class, water(bf, 'river-2').class]).toEqual(['shallowRiver', 'deepRiver']);
    // The attacker knows his own half's section, not the defender's.
    const seenByA = bfOf(horseAndMusket.knownTo!(s, bf, 'a'));
    expect(water(seenByA, 'river-1').class).toBe('shallowRiver');
    expect(water(seenByA, 'river-2').subtypeHidden).toBe('watercourse');
  });

  it('then the defender rolls in secret for each place a ford may lie: 5-6 lays a ford, hidden from the attacker', () => {
    const s = postured();
    const events = rollAll(s, [1, 2, 3, 4, 5, 1, 6, 5, 2]);
    // The dice in the order thrown: the five woods, the two river sections, the two ford places.
    expect(events.flatMap((e) => e.dice ?? []).map((d) => [d.purpose, d.values[0]])).toEqual([
      ['Woods table for East wood', 1],
      ['Woods table for South wood', 2],
      ['Woods table for West wood', 3],
      ['Woods table for South-east wood', 4],
      ['Woods table for North wood', 5],
      ['Rivers table for South watercourse', 1],
      ['Rivers table for North watercourse', 6],
      ['Extra ford on South shallow river', 5],
      ['Extra ford on North deep, lazy river', 2],
    ]);
    const fords = events.filter((e) => e.data?.feature === 'extra-ford-1' || e.data?.feature === 'extra-ford-2');
    expect(fords.map((e) => [e.side, e.data?.secret, e.text])).toEqual([
      ['b', true, 'The 27.5" stretch of South shallow river with no crossing (rolled in secret): extra ford, d6 5: a ford at its middle (5-6) (B §6.1)'],
      ['b', true, 'The 27.7" stretch of North deep, lazy river with no crossing (rolled in secret): extra ford, d6 2: no ford (1-4) (B §6.1)'],
    ]);
    expect(events[events.length - 1]!.text).toBe('Austrians roll in secret for 2 places a ford may lie; the attacker finds a ford only when one of his units comes within 1" of it (B §6.1)');
    expect(s.battlefield.fords).toEqual(['extra-ford-1']);
    expect(s.rules.secretFords).toEqual([{ feature: 'extra-ford-1', owner: 'b', revealed: false }]);
    const truth = bfOf(s);
    const ford = truth.features.find((f) => f.id === 'extra-ford-1')!;
    expect(ford).toMatchObject({ kind: 'ford', waterId: 'river-1' });
    const ids = (side: string): string[] => bfOf(horseAndMusket.knownTo!(s, truth, side)).features.filter((f) => f.kind === 'ford').map((f) => f.id);
    expect(ids('b')).toEqual(['extra-ford-1']);
    expect(ids('a')).toEqual([]);
    // Nothing in the attacker's view of the state so much as names the ford.
    expect(JSON.stringify(horseAndMusket.knownTo!(s, truth, 'a'))).not.toContain('extra-ford-1');
    // The attacker's log has neither the secret section nor the ford rolls.
    const seen = horseAndMusket.knownEvents!(s, events, 'a').filter((e) => e.type === 'terrain-roll').map((e) => e.data?.feature);
    expect(seen).toEqual(['wood-2', 'wood-3', 'wood-4', 'river-1']);
  });

  it('rolls no ford on a raging torrent, which nothing crosses but by a bridge', () => {
    const s = postured();
    const events = rollAll(s, [1, 2, 3, 4, 5, 5, 6, 3]);
    expect(fordPlaces(bfOf(s)).map((p) => p.id)).toEqual(['extra-ford-2']);
    expect(events.filter((e) => e.dice?.[0]?.purpose.startsWith('Extra ford')).map((e) => [e.data?.feature, e.dice![0]!.values[0]])).toEqual([['extra-ford-2', 3]]);
    expect(s.battlefield.fords).toBeUndefined();
  });

  it('an attacker unit within 1" of the secret ford finds it', () => {
    const s = postured();
    rollAll(s, [1, 2, 3, 4, 5, 1, 6, 5, 2]);
    const truth = bfOf(s);
    const ford = truth.features.find((f) => f.id === 'extra-ford-1')!;
    const scout = s.units.find((u) => u.side === 'a' && u.rs.troop === 'infantry')!;
    delete scout.carriedBy;
    if (!('polygon' in ford)) throw new Error('a ford is an area');
    const events: GameEvent[] = [];
    const ctx = { dice: new DiceRoller(scriptedDice([])), battlefield: truth, emit: (e: GameEvent) => events.push(e) };
    putNear(scout, ford.polygon, true, 1.3);
    revealTerrain(s, truth, ctx);
    expect(s.rules.secretFords![0]!.revealed).toBe(false);
    putNear(scout, ford.polygon, true, 0.9);
    revealTerrain(s, truth, ctx);
    expect(events.map((e) => e.text)).toEqual([`${scout.name} comes within 1" of a ford the defender knew of (B §6.1)`]);
    expect(bfOf(horseAndMusket.knownTo!(s, truth, 'a')).features.some((f) => f.id === 'extra-ford-1')).toBe(true);
  });
});

describe('with no defender (B §6.1 step 5)', () => {
  it('rolls for a ford place openly when a unit of either side first comes within 1" of its stretch of water', () => {
    const s = postured(true);
    const events = rollAll(s, [1, 2, 3, 4, 5, 1, 6]);
    expect(s.rules.terrainRolls!.every((r) => !r.secret)).toBe(true);
    expect(s.rules.fordRollsDue).toEqual(['extra-ford-1', 'extra-ford-2']);
    expect(events[events.length - 1]!.text).toBe('With no defender, each of the 2 stretches of water that may hold a ford is rolled for when a unit first comes within 1" of it (B §6.1)');
    const bf = bfOf(s);
    const stretch = bf.fordSites!.find((p) => p.id === 'extra-ford-2')!.stretch;
    const reach = water(bf, 'river-2').width / 2;
    const rider = s.units.find((u) => u.side === 'b' && u.rs.troop === 'infantry')!;
    delete rider.carriedBy;
    const seen: GameEvent[] = [];
    const ctx = { dice: new DiceRoller(scriptedDice([6])), battlefield: bf, emit: (e: GameEvent) => seen.push(e) };
    putNear(rider, stretch, false, 1.3 + reach / 25.4);
    revealTerrain(s, bf, ctx);
    expect(seen).toEqual([]);
    putNear(rider, stretch, false, 0.9 + reach / 25.4);
    revealTerrain(s, bf, ctx);
    expect(seen.map((e) => [e.type, e.data?.feature, e.data?.secret, e.dice?.[0]?.values])).toEqual([['terrain-roll', 'extra-ford-2', false, [6]]]);
    expect(seen[0]!.text).toMatch(new RegExp(`^${rider.name} comes within 1" of the 27\\.7" stretch of North deep, lazy river with no crossing: extra ford, d6 6: a ford at its middle \\(5-6\\) \\(B §6\\.1\\)$`));
    expect(s.rules.fordRollsDue).toEqual(['extra-ford-1']);
    expect(s.battlefield.fords).toEqual(['extra-ford-2']);
    expect(bfOf(s).features.find((f) => f.id === 'extra-ford-2')).toMatchObject({ kind: 'ford', waterId: 'river-2' });
  });
});

describe('the ground follows the rolled subtype (RTG-8)', () => {
  const midOf = (bf: Battlefield, id: string): Vec2 => {
    const line = water(bf, id).line;
    return line[Math.floor(line.length / 2)]!;
  };

  it('cuts a section deeper or shallower by the difference in depth, leaving the rest of the table where it was', () => {
    const before = postured();
    const unrolled = bfOf(before);
    const at = midOf(unrolled, 'river-1');
    const other = midOf(unrolled, 'river-2');
    const far = { x: inch(4), y: inch(44) };
    const h0 = heightAt(unrolled.heightmap, at.x, at.y);
    for (const [die, kind] of [
      [1, 'shallowRiver'],
      [5, 'ragingTorrent'],
    ] as const) {
      const s = postured();
      rollAll(s, [3, 3, 3, 3, 3, die, 3, 1, 1]);
      const bf = bfOf(s);
      expect(water(bf, 'river-1').class).toBe(kind);
      const drop = water(bf, 'river-1').depth - water(unrolled, 'river-1').depth;
      // The bed at the section's middle moves by the change in depth (within a tenth of a mm).
      expect(heightAt(bf.heightmap, at.x, at.y)).toBeCloseTo(h0 - drop, 1);
      expect(Math.abs(drop)).toBeGreaterThan(1.5);
      // The other section, rolled a river as it was laid, and open ground keep their heights.
      expect(heightAt(bf.heightmap, other.x, other.y)).toBeCloseTo(heightAt(unrolled.heightmap, other.x, other.y), 3);
      expect(heightAt(bf.heightmap, far.x, far.y)).toBe(heightAt(unrolled.heightmap, far.x, far.y));
      // What the rules read (movement, sight): the ground of the rolled table.
      expect(impassableFor(bf, at, 'infantry')?.terrain).toBe(kind === 'ragingTorrent' ? 'ragingTorrent' : undefined);
    }
  });

  it("the attacker's view of a secret section is cut the same whatever was rolled", () => {
    const views = [6, 1].map((die) => {
      const s = postured();
      rollAll(s, [3, 3, 3, 3, 3, 3, die, 1, 1]);
      return bfOf(horseAndMusket.knownTo!(s, bfOf(s), 'a'));
    });
    const at = midOf(views[0]!, 'river-2');
    expect(heightAt(views[0]!.heightmap, at.x, at.y)).toBe(heightAt(views[1]!.heightmap, at.x, at.y));
    expect(views[0]!.heightmap.heights).toEqual(views[1]!.heightmap.heights);
  });
});

describe('automatic deployment comes after the rolls (B §6.1 steps 4-8)', () => {
  it('the choose-posture action rolls the subtypes, then the fords, from the seeded terrain dice, then deploys both armies', () => {
    const s = newGame();
    // Before the choice nothing stands on the table: the main bodies wait to be deployed.
    expect(s.units.some((u) => !u.carriedBy)).toBe(false);
    expect(s.units.filter((u) => isUndeployed(u)).length).toBeGreaterThan(10);
    const { state, events } = act(s, { type: 'choose-posture', side: 'b', choice: 'defend' });
    const types = events.map((e) => e.type);
    const lastRoll = types.lastIndexOf('terrain-roll');
    expect(types[0]).toBe('posture');
    // The winner's roll for his side of the table (B §6.1 step 3), from its own seeded stream.
    expect(types[1]).toBe('table-side');
    expect(events[1]!.dice).toEqual([{ purpose: 'side of the table', sides: 6, values: [new DiceRoller(seededDice(`${SEED}/table-side`)).one(6, 'side')] }]);
    expect(types.slice(2, 9)).toEqual(Array(7).fill('terrain-roll'));
    expect(types.indexOf('deployed')).toBeGreaterThan(lastRoll);
    expect(types.filter((t) => t === 'deployed')).toHaveLength(2);
    // The dice are the game's seeded terrain stream, in order: seven sections, then the ford places.
    const stream = new DiceRoller(seededDice(`${SEED}/terrain-subtypes`));
    const thrown = events.filter((e) => e.type === 'terrain-roll').flatMap((e) => e.dice ?? []).map((d) => d.values[0]);
    expect(thrown).toEqual(thrown.map(() => stream.one(6, 'terrain')));
    expect(thrown.length).toBe(7 + fordPlaces(bfOf(state)).length);
    // Every unit of the main bodies stands on ground it may stand on, in the table as rolled.
    const bf = bfOf(state);
    const onTable = state.units.filter((u) => !u.carriedBy);
    expect(onTable.length).toBeGreaterThan(10);
    for (const u of onTable) expect(impassableFor(bf, u, u.rs.troop), u.name).toBeUndefined();
    // The same seed, the same game.
    expect(stateHash(act(newGame(), { type: 'choose-posture', side: 'b', choice: 'defend' }).state as never)).toBe(stateHash(state as never));
  });

  it('places a unit on the rolled ground: a wood rolled a forest is stepped round, one rolled woodland is not', () => {
    // Where the engine would put the defender's first infantry unit on the table as laid.
    const spot = (): { id: string; at: Vec2 } => {
      const s = postured();
      deployAutomatically(s, bfOf(s), { dice: new DiceRoller(scriptedDice([])), battlefield: bfOf(s), emit: () => {} });
      const u = s.units.find((x) => x.side === 'b' && x.rs.troop === 'infantry')!;
      return { id: u.id, at: { x: u.x, y: u.y } };
    };
    const { id, at } = spot();
    // An 8" square wood centred on that spot: a forest's interior, beyond its 1.5" band, is barred to infantry.
    const wood: TerrainFeature = {
      id: 'copse',
      kind: 'wood',
      name: 'Copse',
      polygon: [
        { x: at.x - inch(4), y: at.y - inch(4) },
        { x: at.x + inch(4), y: at.y - inch(4) },
        { x: at.x + inch(4), y: at.y + inch(4) },
        { x: at.x - inch(4), y: at.y + inch(4) },
      ],
      canopyHeight: 40,
      density: 'woodland',
    };
    const placed = (woodDie: number): { at: Vec2; barred: boolean } => {
      const s = postured();
      s.battlefield = { ...s.battlefield, features: [wood], subtypes: { ...s.battlefield.subtypes, copse: 'unknown' } };
      rollAll(s, [3, 3, 3, 3, 3, 3, 3, woodDie, 1, 1]);
      deployAutomatically(s, bfOf(s), { dice: new DiceRoller(scriptedDice([])), battlefield: bfOf(s), emit: () => {} });
      const u = s.units.find((x) => x.id === id)!;
      expect(impassableFor(bfOf(s), u, 'infantry')).toBeUndefined();
      return { at: { x: u.x, y: u.y }, barred: impassableFor(bfOf(s), at, 'infantry') !== undefined };
    };
    expect(placed(3)).toEqual({ at, barred: false });
    const forest = placed(5);
    expect(forest.barred).toBe(true);
    expect(forest.at.y).toBe(at.y);
    expect(Math.abs(forest.at.x - at.x)).toBeGreaterThanOrEqual(inch(2.5));
  });
});

describe('saving and loading mid-game', () => {
  it('a save replays to the same state hash and the same heights, rebuilt from the spec alone', { timeout: 60_000 }, () => {
    const session = new GameSession({ rulesetId: 'horse-and-musket', seed: SEED, options: { deployment: 'automatic' } });
    expect(session.act({ type: 'choose-posture', side: 'b', choice: 'defend' }).ok).toBe(true);
    const rng = new Rng('terrain-save');
    for (let i = 0; i < 12; i++) {
      const state = session.state;
      const action = randomAction(horseAndMusket as never, state, session.legal(state.active ?? undefined), rng);
      if (!action) break;
      const r = session.act(action);
      expect(r.ok || 'needDice' in r).toBe(true);
    }
    const truth = session.state as unknown as HmState;
    expect(Object.values(truth.battlefield.subtypes!).every((v) => v !== 'unknown')).toBe(true);
    const loaded = GameSession.fromSave(session.saveText());
    expect(stateHash(loaded.state)).toBe(stateHash(session.state));
    // Built afresh (not from the memo) from the loaded spec: the same ground, cell for cell.
    const rebuilt = generateBattlefield((loaded.state as GameState).battlefield);
    const original = battlefieldFromSpec(truth.battlefield);
    expect(rebuilt.heightmap.heights).toEqual(original.heightmap.heights);
    expect(rebuilt.features.map((f) => f.id)).toEqual(original.features.map((f) => f.id));
  });
});

/**
 * Stand a unit so its nearest stand is `gapInches` from a polygon (closed: approached from the
 * south, the attacker's side) or a polyline (approached square to it at its middle point), facing
 * it; the gap is measured with the core geometry.
 */
function putNear(u: HmState['units'][number], shape: readonly Vec2[], closed: boolean, gapInches: number): void {
  let from: Vec2;
  let away: Vec2;
  if (closed) {
    from = { x: shape.reduce((a, p) => a + p.x, 0) / shape.length, y: shape.reduce((a, p) => a + p.y, 0) / shape.length };
    away = { x: 0, y: -1 };
  } else {
    const k = Math.floor(shape.length / 2);
    const [p, q] = [shape[k]!, shape[k + 1]!];
    const len = Math.hypot(q.x - p.x, q.y - p.y);
    from = p;
    away = { x: (q.y - p.y) / len, y: -(q.x - p.x) / len };
  }
  u.facing = Math.atan2(-away.y, -away.x);
  const gapTo = (): number => {
    let best = Infinity;
    for (const st of u.stands) {
      const r = standRect(u, st);
      const n = closed ? shape.length : shape.length - 1;
      for (let i = 0; i < n; i++) best = Math.min(best, segmentRectDistance(shape[i]!, shape[(i + 1) % shape.length]!, r));
    }
    return best;
  };
  let t = inch(8);
  for (let k = 0; k < 12; k++) {
    u.x = from.x + away.x * t;
    u.y = from.y + away.y * t;
    t -= gapTo() - inch(gapInches);
  }
  u.x = from.x + away.x * t;
  u.y = from.y + away.y * t;
  expect(gapTo() / 25.4).toBeCloseTo(gapInches, 3);
}
