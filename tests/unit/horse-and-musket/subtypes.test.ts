/**
 * Terrain subtype rolls and their secrecy (B §5.2, §6.1 step 4, RTG-7, L15): the §5.2 tables with
 * scripted dice, who rolls in secret, what each side's view knows, the reveal at 1", the engine
 * reading the true subtype, and the same seed giving the same game.
 *
 * The table: side a (the attacker, near half, y < 24") and side b (the defender, far half). A wood
 * and a river on b's side, a marsh on a's side.
 */

import { describe, expect, it } from 'vitest';
import { DiceRoller, scriptedDice } from '../../../src/core/dice';
import { inch } from '../../../src/core/measure';
import { unitFootprint, type GameEvent } from '../../../src/core/model';
import { stateHash } from '../../../src/core/engine';
import { battlefieldFromSpec } from '../../../src/terrain/battlefield';
import type { TerrainFeature, WoodFeature } from '../../../src/terrain/features';
import { horseAndMusket } from '../../../src/rules/horse-and-musket/ruleset';
import { createEngineApi } from '../../../src/app/engineHost';
import { featureOwner, revealTerrain, rollTerrainSubtypes, SUBTYPE_TABLES } from '../../../src/rules/horse-and-musket/subtypes';
import { impassableFor, pathBlocked } from '../../../src/rules/horse-and-musket/terrain';
import type { HmState } from '../../../src/rules/horse-and-musket/types';
import { act, buildState, flatTable, makeUnit, UP } from './fixture';

const square = (x0: number, y0: number, size: number) => [
  { x: inch(x0), y: inch(y0) },
  { x: inch(x0 + size), y: inch(y0) },
  { x: inch(x0 + size), y: inch(y0 + size) },
  { x: inch(x0), y: inch(y0 + size) },
];

const FEATURES: TerrainFeature[] = [
  { id: 'wood-b', kind: 'wood', name: 'North wood', polygon: square(30, 30, 6), canopyHeight: 40, density: 'woodland' },
  { id: 'marsh-a', kind: 'marsh', name: 'South marsh', polygon: square(50, 8, 5), class: 'bog' },
  { id: 'river-b', kind: 'river', name: 'North river', line: [{ x: 0, y: inch(42) }, { x: inch(72), y: inch(42) }], width: inch(2), depth: 7, class: 'river' },
];

/** Side a attacks, side b defends; an infantry unit of a at (x, y) inches, facing up the table. */
function table(x = 10, y = 10): HmState {
  const s = buildState({ units: [makeUnit({ id: 'a1', side: 'a', troop: 'infantry', x, y, facing: UP }), makeUnit({ id: 'b1', side: 'b', troop: 'infantry', x: 60, y: 30 })] });
  s.battlefield = { ...flatTable(), features: FEATURES };
  s.rules.postureChosen = true;
  return s;
}

function roll(s: HmState, dice: number[]): GameEvent[] {
  const events: GameEvent[] = [];
  rollTerrainSubtypes(s, battlefieldFromSpec(s.battlefield), { dice: new DiceRoller(scriptedDice(dice)), battlefield: battlefieldFromSpec(s.battlefield), emit: (e) => events.push(e) });
  return events;
}

describe('the §5.2 subtype tables', () => {
  it('map every d6 score as the book does', () => {
    const faces = (k: keyof typeof SUBTYPE_TABLES): string[] => SUBTYPE_TABLES[k].faces.map(([v]) => v);
    expect(faces('wood')).toEqual(['open', 'woodland', 'woodland', 'woodland', 'forest', 'forest']);
    expect(faces('stream')).toEqual(['minorStream', 'minorStream', 'minorStream', 'minorStream', 'torrentialStream', 'torrentialStream']);
    expect(faces('marsh')).toEqual(['bog', 'bog', 'bog', 'morass', 'morass', 'quagmire']);
    expect(faces('river')).toEqual(['shallowRiver', 'fastRiver', 'river', 'river', 'ragingTorrent', 'deepRiver']);
  });

  it('a feature belongs to the half holding its centroid, a watercourse (section) to the half holding more of its length', () => {
    const s = table();
    expect(FEATURES.map((f) => featureOwner(s, f))).toEqual(['b', 'a', 'b']);
    const diagonal: TerrainFeature = { id: 's', kind: 'stream', name: 'S', line: [{ x: 0, y: inch(4) }, { x: inch(72), y: inch(28) }], width: inch(0.75), depth: 4 };
    expect(featureOwner(s, diagonal)).toBe('a'); // 20" of 24" rise below the centre line
  });
});

describe('rolling the subtypes once attacker and defender are known (B §6.1 step 4)', () => {
  it('throws one d6 per feature, in order, and the battlefield the rules read takes the results', () => {
    const s = table();
    const events = roll(s, [5, 4, 6]);
    expect(s.rules.terrainRolls).toEqual([
      { feature: 'wood-b', die: 5, subtype: 'forest', owner: 'b', secret: true, revealed: false },
      { feature: 'marsh-a', die: 4, subtype: 'morass', owner: 'a', secret: false, revealed: false },
      { feature: 'river-b', die: 6, subtype: 'deepRiver', owner: 'b', secret: true, revealed: false },
    ]);
    expect(s.battlefield.subtypes).toEqual({ 'wood-b': 'forest', 'marsh-a': 'morass', 'river-b': 'deepRiver' });
    const rolls = events.filter((e) => e.type === 'terrain-roll');
    expect(rolls.map((e) => e.dice)).toEqual([
      [{ purpose: 'Woods table for North wood', sides: 6, values: [5], side: 'b' }],
      [{ purpose: 'Marshes table for South marsh', sides: 6, values: [4] }],
      [{ purpose: 'Rivers table for North river', sides: 6, values: [6], side: 'b' }],
    ]);
    expect(rolls[0]!.text).toBe("North wood (Austrians' side, rolled in secret): Woods table, d6 5: a forest (B §5.2)");
    expect(rolls[1]!.text).toBe("South marsh (Prussians' side, rolled openly): Marshes table, d6 4: a morass (B §5.2)");
    const bf = battlefieldFromSpec(s.battlefield);
    expect((bf.features.find((f) => f.id === 'wood-b') as WoodFeature).density).toBe('forest');
    expect(bf.features.find((f) => f.id === 'river-b')!.name).toBe('North deep, lazy river');
  });

  it('with no defender every roll is open', () => {
    const s = table();
    s.rules.sides.b!.posture = 'attacker';
    roll(s, [1, 1, 1]);
    expect(s.rules.terrainRolls!.map((r) => [r.subtype, r.secret])).toEqual([
      ['open', false],
      ['bog', false],
      ['shallowRiver', false],
    ]);
    expect(horseAndMusket.knownTo!(s, battlefieldFromSpec(s.battlefield), 'a')).toBe(s);
  });
});

describe('secrecy (RTG-7)', () => {
  it("the attacker's view has no subtype of the defender's secret features; the defender's view has them", () => {
    const s = table();
    const events = roll(s, [5, 4, 6]);
    const seenByA = horseAndMusket.knownTo!(s, battlefieldFromSpec(s.battlefield), 'a');
    expect(seenByA.battlefield.subtypes).toEqual({ 'wood-b': 'unknown', 'marsh-a': 'morass', 'river-b': 'unknown' });
    expect(seenByA.rules.terrainRolls!.filter((r) => r.secret).map((r) => [r.die, r.subtype])).toEqual([
      [0, 'unknown'],
      [0, 'unknown'],
    ]);
    const bfA = battlefieldFromSpec(seenByA.battlefield);
    const woodA = bfA.features.find((f) => f.id === 'wood-b') as WoodFeature;
    expect(woodA.subtypeHidden).toBe('wooded area');
    expect(woodA.density).toBe('woodland');
    expect(bfA.features.find((f) => f.id === 'river-b')!.name).toBe('North watercourse');
    expect(JSON.stringify(seenByA)).not.toContain('forest');
    expect(JSON.stringify(seenByA)).not.toContain('deepRiver');
    // Neither the canopy nor the name of the generic wood depends on the secret roll.
    const rolledWoodland = table();
    roll(rolledWoodland, [3, 4, 3]);
    const otherView = battlefieldFromSpec(horseAndMusket.knownTo!(rolledWoodland, battlefieldFromSpec(rolledWoodland.battlefield), 'a').battlefield);
    expect(otherView.features).toEqual(bfA.features);

    const seenByB = horseAndMusket.knownTo!(s, battlefieldFromSpec(s.battlefield), 'b');
    expect(seenByB.battlefield.subtypes).toEqual({ 'wood-b': 'forest', 'marsh-a': 'morass', 'river-b': 'deepRiver' });
    // The attacker's log leaves out the secret throws; the defender's keeps them.
    expect(horseAndMusket.knownEvents!(s, events, 'a').filter((e) => e.type === 'terrain-roll').map((e) => e.data?.feature)).toEqual(['marsh-a']);
    expect(horseAndMusket.knownEvents!(s, events, 'b').filter((e) => e.type === 'terrain-roll')).toHaveLength(3);
  });

  it("is revealed when an attacker unit comes within 1\" of the feature, and not at 1.1\"", () => {
    // The wood's near edge is y = 30"; the unit faces up the table, so its footprint's front edge is the nearest point.
    const frontEdge = (s: HmState): number => {
      const fp = unitFootprint(s.units[0]!);
      return fp.cy + fp.depth / 2;
    };
    const at = (gapInches: number): HmState => {
      const s = table(33, 20);
      roll(s, [5, 4, 6]);
      const u = s.units[0]!;
      u.y += inch(30) - gapInches * 25.4 - frontEdge(s);
      return s;
    };
    const reveal = (s: HmState): GameEvent[] => {
      const events: GameEvent[] = [];
      revealTerrain(s, battlefieldFromSpec(s.battlefield), { dice: new DiceRoller(scriptedDice([])), battlefield: battlefieldFromSpec(s.battlefield), emit: (e) => events.push(e) });
      return events;
    };
    const far = at(1.1);
    expect(reveal(far)).toEqual([]);
    expect(far.rules.terrainRolls![0]!.revealed).toBe(false);
    const near = at(1);
    const events = reveal(near);
    expect(events.map((e) => e.text)).toEqual(['a1 comes within 1" of the wooded area and finds it is a forest (the defender\'s secret roll was 5, B §5.2)']);
    expect(near.rules.terrainRolls![0]!.revealed).toBe(true);
    expect(near.rules.terrainRolls![2]!.revealed).toBe(false); // the river is far away
    const seenByA = horseAndMusket.knownTo!(near, battlefieldFromSpec(near.battlefield), 'a');
    expect(seenByA.battlefield.subtypes).toEqual({ 'wood-b': 'forest', 'marsh-a': 'morass', 'river-b': 'unknown' });
    expect((battlefieldFromSpec(seenByA.battlefield).features.find((f) => f.id === 'wood-b') as WoodFeature).subtypeHidden).toBeUndefined();
  });

  it('a defender unit near his own secret feature reveals nothing', () => {
    const s = table();
    roll(s, [5, 4, 6]);
    s.units[1]!.x = inch(33);
    s.units[1]!.y = inch(29);
    const events: GameEvent[] = [];
    revealTerrain(s, battlefieldFromSpec(s.battlefield), { dice: new DiceRoller(scriptedDice([])), battlefield: battlefieldFromSpec(s.battlefield), emit: (e) => events.push(e) });
    expect(events).toEqual([]);
  });
});

describe('fords laid with the table (B §6.1 step 5)', () => {
  const ford = (id: string, x: number, roadId?: string): TerrainFeature => ({ id, kind: 'ford', name: 'Ford', polygon: square(x, 41, 2), waterId: 'river-b', ...(roadId ? { roadId } : {}) });

  it("are seen by both sides: only the extra fords the defender rolls for are secret (terrain-rolls.test.ts)", () => {
    const s = table(50, 20);
    s.battlefield = { ...s.battlefield, features: [...FEATURES, ford('ford-1', 49), ford('ford-2', 10, 'road-1')] };
    roll(s, [5, 4, 6]);
    expect(s.rules.secretFords).toBeUndefined();
    const ids = (side: string): string[] => battlefieldFromSpec(horseAndMusket.knownTo!(s, battlefieldFromSpec(s.battlefield), side).battlefield).features.map((f) => f.id);
    expect(ids('a')).toEqual(['wood-b', 'marsh-a', 'river-b', 'ford-1', 'ford-2']);
    expect(ids('b')).toEqual(ids('a'));
  });
});

describe('the engine reads the true subtype', () => {
  it('infantry may not stand inside a secret forest or wade a secret deep river, though the attacker sees woodland and a river', () => {
    const s = table();
    roll(s, [5, 4, 6]);
    const truth = battlefieldFromSpec(s.battlefield);
    const seen = battlefieldFromSpec(horseAndMusket.knownTo!(s, truth, 'a').battlefield);
    const inWood = { x: inch(33), y: inch(33) };
    const inRiver = { x: inch(20), y: inch(42) };
    expect(impassableFor(truth, inWood, 'infantry')?.terrain).toBe('forest');
    expect(impassableFor(seen, inWood, 'infantry')).toBeUndefined();
    expect(impassableFor(truth, inRiver, 'infantry')?.terrain).toBe('deepRiver');
    expect(impassableFor(seen, inRiver, 'infantry')).toBeUndefined();
  });

  it('a path into the secret forest is barred at its 1.5" perimeter band for infantry, not for the view the attacker was shown', () => {
    const s = table();
    roll(s, [5, 4, 6]);
    const truth = battlefieldFromSpec(s.battlefield);
    const seen = battlefieldFromSpec(horseAndMusket.knownTo!(s, truth, 'a').battlefield);
    const from = { x: inch(33), y: inch(26) };
    const to = { x: inch(33), y: inch(34) };
    const hit = pathBlocked(truth, from, to, 'infantry');
    expect(hit?.terrain).toBe('forest');
    expect(hit!.p.y / 25.4).toBeCloseTo(31.5, 1);
    expect(pathBlocked(seen, from, to, 'infantry')).toBeUndefined();
  });
});

describe('the page', () => {
  it("is sent the attacker's view of the battlefield: the secret woods and watercourses generic, with no word of their kind", { timeout: 30_000 }, async () => {
    const api = createEngineApi();
    await api.newGame({ rulesetId: 'horse-and-musket', seed: 'dep2', options: { deployment: 'automatic' } }, 'a');
    const r = await api.act({ type: 'choose-posture', side: 'b', choice: 'defend' }, undefined, 'a');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const truth = (await api.view()).state as unknown as HmState;
    const secret = truth.rules.terrainRolls!.filter((t) => t.secret && !t.revealed);
    expect(secret.length).toBeGreaterThan(0);
    const seen = await api.battlefield(r.view.state.battlefield);
    for (const t of secret) {
      const f = seen.features.find((x) => x.id === t.feature)!;
      expect('subtypeHidden' in f && f.subtypeHidden, f.name).toBeTruthy();
    }
    const words = (await api.history('a')).flatMap((h) => h.events).filter((e) => e.type === 'terrain-roll').map((e) => e.data?.feature);
    for (const t of secret) expect(words).not.toContain(t.feature);
    // The defender's page gets the true kinds.
    const own = await api.battlefield((await api.view('b')).state.battlefield);
    for (const t of secret) expect('subtypeHidden' in own.features.find((x) => x.id === t.feature)!).toBe(false);
  });
});

describe('a whole game', () => {
  it('rolls the subtypes in the posture action; the same seed gives the same hash, and a side sees only its own secrets', () => {
    const play = (): HmState => {
      const s = horseAndMusket.createGame({ rulesetId: 'horse-and-musket', seed: 'dep2', options: { deployment: 'automatic' } });
      expect(Object.values(s.battlefield.subtypes ?? {}).every((v) => v === 'unknown')).toBe(true);
      expect(s.rules.initiative).toBe('b');
      return act(s, { type: 'choose-posture', side: 'b', choice: 'defend' }).state;
    };
    const one = play();
    const two = play();
    expect(stateHash(one as never)).toBe(stateHash(two as never));
    const rolls = one.rules.terrainRolls!;
    expect(rolls.length).toBeGreaterThan(0);
    for (const r of rolls) expect(r.secret).toBe(r.owner === 'b');
    const secret = rolls.filter((r) => r.secret && !r.revealed);
    const viewA = horseAndMusket.knownTo!(one, battlefieldFromSpec(one.battlefield), 'a');
    for (const r of secret) expect(viewA.battlefield.subtypes![r.feature]).toBe('unknown');
    for (const r of rolls) expect(one.battlefield.subtypes![r.feature]).toBe(r.subtype);
  });
});
