/**
 * The bridge or ford where a road meets water (B §6.1 step 5, subtypes.ts rollRoadCrossings): not laid
 * with the table but rolled by the game just after the water's kind, so a raging torrent gets a bridge;
 * a crossing of the defender's secret water is his secret; and the spec alone rebuilds it.
 *
 * The table of seed 'x28' has one road, meeting river-2 (a section on side b's half) at crossing-1.
 */

import { describe, expect, it } from 'vitest';
import { DiceRoller, scriptedDice } from '../../../src/core/dice';
import type { GameEvent, GameState } from '../../../src/core/model';
import { stateHash } from '../../../src/core/engine';
import { battlefieldFromSpec, type Battlefield } from '../../../src/terrain/battlefield';
import { subtypeChoices } from '../../../src/terrain/subtypes';
import { horseAndMusket } from '../../../src/rules/horse-and-musket/ruleset';
import { newHmGame, posturedGame } from './fixture';
import { rollExtraFords, rollRoadCrossings, rollTerrainSubtypes, terrainKnownEvents } from '../../../src/rules/horse-and-musket/subtypes';
import type { HmState } from '../../../src/rules/horse-and-musket/types';

const newGame = (): HmState => newHmGame('x28');
const bfOf = (s: HmState): Battlefield => battlefieldFromSpec(s.battlefield);

const postured = (nobodyDefends = false): HmState => posturedGame('x28', nobodyDefends);

/** The game's order from one scripted stream: every subtype (river-2's die given, the rest 2s), the crossing's dice, then 1s for the fords. */
function rollAll(s: HmState, riverDie: number, crossingDice: number[]): GameEvent[] {
  const rolled = bfOf(s).features.filter((f) => subtypeChoices(f));
  const dice = [...rolled.map((f) => (f.id === 'river-2' ? riverDie : 2)), ...crossingDice, ...Array.from({ length: 20 }, () => 1)];
  const events: GameEvent[] = [];
  const ctx = { dice: new DiceRoller(scriptedDice(dice)), battlefield: bfOf(s), emit: (e: GameEvent) => events.push(e) };
  rollTerrainSubtypes(s, bfOf(s), ctx);
  rollRoadCrossings(s, ctx);
  rollExtraFords(s, ctx);
  return events;
}

const crossingAt = (bf: Battlefield) => bf.features.filter((f) => (f.kind === 'ford' || f.kind === 'bridge') && f.roadId !== undefined);

describe('the road crossing, rolled after the water (B §6.1 step 5)', () => {
  it('is not laid with the table: the place is listed, and no die is thrown for it there', () => {
    const s = newGame();
    const bf = bfOf(s);
    expect(bf.crossingSites!.map((c) => [c.id, c.waterId, c.roadId])).toEqual([['crossing-1', 'river-2', 'road-1']]);
    expect(crossingAt(bf)).toEqual([]);
    expect(bf.setupLog!.some((l) => l.includes('a bridge or a ford, rolled for by the game after the water\'s kind'))).toBe(true);
  });

  it('comes right after the last subtype roll and before the fords: d6 2 is a ford', () => {
    const s = postured(true);
    const events = rollAll(s, 3, [2]);
    const rolls = events.filter((e) => e.type === 'terrain-roll' || e.type === 'terrain-fords');
    const at = rolls.findIndex((e) => e.data?.feature === 'crossing-1');
    expect(at).toBe(s.rules.terrainRolls!.length);
    expect(rolls[at]!.text).toBe('Where Road meets North-east river: d6 2: a ford (1-3) (B §6.1)');
    expect(rolls[at]!.dice).toEqual([{ purpose: 'Bridge or ford where Road meets North-east river', sides: 6, values: [2] }]);
    expect(s.battlefield.crossings).toEqual({ 'crossing-1': 'ford' });
    expect(crossingAt(bfOf(s)).map((f) => [f.id, f.kind, f.name])).toEqual([['crossing-1', 'ford', 'Ford']]);
  });

  it('4-6 is a bridge, its material by a second d6: 5 makes it stone', () => {
    const s = postured(true);
    const events = rollAll(s, 3, [4, 5]);
    expect(events.find((e) => e.data?.feature === 'crossing-1')!.text).toBe('Where Road meets North-east river: d6 4: a bridge (4-6); d6 5: of stone (5-6) (B §6.1)');
    const [bridge] = crossingAt(bfOf(s));
    expect(bridge).toMatchObject({ id: 'crossing-1', kind: 'bridge', name: 'Stone bridge', material: 'stone', waterId: 'river-2', roadId: 'road-1' });
  });

  it('a raging torrent (Rivers table 5) gets a bridge whatever the die: 2, then 1, a wooden bridge', () => {
    const s = postured(true);
    const events = rollAll(s, 5, [2, 1]);
    expect(bfOf(s).features.find((f) => f.id === 'river-2')).toMatchObject({ class: 'ragingTorrent' });
    expect(events.find((e) => e.data?.feature === 'crossing-1')!.text).toBe('Where Road meets North-east raging torrent: d6 2: a bridge (nothing fords a raging torrent); d6 1: of wood (1-4) (B §6.1)');
    expect(crossingAt(bfOf(s))[0]).toMatchObject({ kind: 'bridge', material: 'wood', name: 'Wooden bridge' });
  });

  it("on the defender's secret water it is his secret: left off the attacker's table and log until that water is found", () => {
    const s = postured();
    const events = rollAll(s, 5, [2, 6]);
    const roll = events.find((e) => e.data?.feature === 'crossing-1')!;
    expect(roll).toMatchObject({ side: 'b', data: { feature: 'crossing-1', secret: true } });
    expect(roll.text).toBe('Where Road meets North-east raging torrent (rolled in secret): d6 2: a bridge (nothing fords a raging torrent); d6 6: of stone (5-6) (B §6.1)');
    const bf = bfOf(s);
    expect(crossingAt(bfOf(horseAndMusket.knownTo!(s, bf, 'b')))).toHaveLength(1);
    expect(crossingAt(bfOf(horseAndMusket.knownTo!(s, bf, 'a')))).toEqual([]);
    expect(terrainKnownEvents(s, events, 'a').some((e) => e.data?.feature === 'crossing-1')).toBe(false);
    // Found: the section's roll revealed, the bridge is on the attacker's table too.
    s.rules.terrainRolls!.find((r) => r.feature === 'river-2')!.revealed = true;
    expect(crossingAt(bfOf(horseAndMusket.knownTo!(s, bf, 'a'))).map((f) => f.name)).toEqual(['Stone bridge']);
  });

  it('a save rebuilds the same table: the spec carries the verdict', () => {
    const s = postured(true);
    rollAll(s, 3, [4, 2]);
    const back = JSON.parse(JSON.stringify(s)) as HmState;
    expect(stateHash(back as unknown as GameState)).toBe(stateHash(s as unknown as GameState));
    const again = battlefieldFromSpec(structuredClone(back.battlefield));
    expect(crossingAt(again)).toEqual(crossingAt(bfOf(s)));
    expect(() => battlefieldFromSpec({ ...back.battlefield, crossings: { 'crossing-9': 'ford' } })).toThrow('crossings: there is no road crossing "crossing-9" on this battlefield');
  });
});
