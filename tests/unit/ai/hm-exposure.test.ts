import { describe, expect, it } from 'vitest';
import { exposure, outlook } from '../../../src/rules/horse-and-musket/aiResolve';
import { hmAi, moveDisorder, reachJudgement, walkedPose } from '../../../src/rules/horse-and-musket/ai';
import { inch } from '../../../src/core/measure';
import { battlefieldFromSpec } from '../../../src/terrain/battlefield';
import type { WaterFeature } from '../../../src/terrain/features';
import type { HmState } from '../../../src/rules/horse-and-musket/types';
import { buildState, flatTable, makeGeneral, makeUnit, UP } from '../horse-and-musket/fixture';

const close = (a: number, b: number): void => expect(a).toBeCloseTo(b, 10);
/** The chance of 2D6 of at most n. */
const atMost = (n: number): number => [0, 0, 1, 3, 6, 10, 15, 21, 26, 30, 33, 35, 36][Math.max(0, Math.min(12, n))]! / 36;

/** A stream across the whole table at `y` inches: two disordered stands for formed foot crossing it (B §5.2). */
function withTorrent(state: HmState, y: number): HmState {
  const torrent: WaterFeature = { id: 'torrent', kind: 'stream', name: 'torrent', line: [{ x: 0, y: inch(y) }, { x: inch(72), y: inch(y) }], width: inch(0.75), depth: 6, class: 'torrentialStream' };
  state.battlefield = { ...flatTable(), features: [torrent] };
  return state;
}

describe('Horse & Musket exposure: what an enemy Attack would do where a unit stands', () => {
  // A fresh, trained battalion of five stands in line facing up the table, alone.
  const line = (): ReturnType<typeof makeUnit> => makeUnit({ id: 'a-4', side: 'a', troop: 'infantry', x: 36, y: 10 });
  // Heavy horse 12" ahead of it, facing it: within its 18" Attack range.
  const horse = (): ReturnType<typeof makeUnit> => makeUnit({ id: 'b-8', side: 'b', troop: 'heavyCav', x: 36, y: 22 });

  it('an unsupported line charged from the front reads Chart F: Break & Run on 4 or less, Retreat on 5', () => {
    const state = buildState({ units: [line(), horse()] });
    const bf = battlefieldFromSpec(state.battlefield);
    const u = state.units[0]!;
    // Fresh +1, unsupported −1: the throw stands as it is.
    const e = exposure(state, bf, u, u);
    close(e.breaks, atMost(4));
    close(e.yields, atMost(5) - atMost(4));
    close(e.danger, atMost(4) + (atMost(5) - atMost(4)) / 3);
    expect(e.by).toBe('b-8');
  });

  it('battalions on both flanks (+1 each, no longer unsupported) make the same charge break it only on a 2D6 of 1: never', () => {
    const left = makeUnit({ id: 'a-5', side: 'a', troop: 'infantry', x: 36 - 7.5, y: 10 });
    const right = makeUnit({ id: 'a-6', side: 'a', troop: 'infantry', x: 36 + 7.5, y: 10 });
    const state = buildState({ units: [line(), left, right, horse()] });
    const bf = battlefieldFromSpec(state.battlefield);
    const u = state.units[0]!;
    const e = exposure(state, bf, u, u);
    close(e.breaks, 0);
    // +3 in all: Retreat on a total of 5 is a throw of 2.
    close(e.yields, atMost(2));
  });

  it('a flank offered to the horse costs −1 more (enemy within Attack range of the flank): Break & Run on 5 or less', () => {
    const state = buildState({ units: [line(), makeUnit({ id: 'b-8', side: 'b', troop: 'heavyCav', x: 48, y: 10, facing: Math.PI })] });
    const bf = battlefieldFromSpec(state.battlefield);
    const u = state.units[0]!;
    close(exposure(state, bf, u, u).breaks, atMost(5));
    // Wheeled to face the horse, the flank is no longer offered.
    close(exposure(state, bf, u, { x: u.x, y: u.y, facing: 0 }).breaks, atMost(4));
  });

  it('horse a move beyond its reach counts half; beyond that, nothing; foot cannot Attack horse from the front', () => {
    const bf = battlefieldFromSpec(flatTable());
    const far = buildState({ units: [line(), makeUnit({ id: 'b-8', side: 'b', troop: 'heavyCav', x: 36, y: 31 })] });
    const u = far.units[0]!;
    close(exposure(far, bf, u, u).danger, (atMost(4) + (atMost(5) - atMost(4)) / 3) / 2);
    const away = buildState({ units: [line(), makeUnit({ id: 'b-8', side: 'b', troop: 'heavyCav', x: 36, y: 40 })] });
    expect(exposure(away, bf, away.units[0]!, away.units[0]!).danger).toBe(0);
    const cav = makeUnit({ id: 'a-8', side: 'a', troop: 'heavyCav', x: 36, y: 10 });
    const foot = buildState({ units: [cav, makeUnit({ id: 'b-4', side: 'b', troop: 'infantry', x: 36, y: 16 })] });
    expect(exposure(foot, bf, cav, cav).danger).toBe(0);
  });

  it("the move judgement: stepping back out of the horse's reach is worth more than standing in it", () => {
    const state = buildState({ units: [line(), horse()] });
    const bf = battlefieldFromSpec(state.battlefield);
    const u = state.units[0]!;
    const stay = reachJudgement(state, bf, u, { x: u.x, y: u.y, facing: UP });
    close(stay, 1 - 1.6 * (atMost(4) + (atMost(5) - atMost(4)) / 3));
    // Out of the 18" range and a 6" move beyond it: nothing to fear there, and the danger left behind is a bonus (capped at 1).
    expect(reachJudgement(state, bf, u, { x: u.x, y: u.y - inch(14), facing: UP })).toBe(1);
    // The forecast of a move serves the same judgement.
    const f = hmAi.forecast(state, bf, { type: 'order', side: 'a', unit: 'a-4', order: 'wheel', angle: 0.3 });
    expect(f.judgements!.find((j) => j.name === "out of the enemy's reach")).toBeDefined();
  });
});

describe('Horse & Musket Attacks weighed with their support and the ground crossed', () => {
  // A fresh, trained battalion 6" in front of an enemy one, face to face.
  const attacker = (): ReturnType<typeof makeUnit> => makeUnit({ id: 'a-4', side: 'a', troop: 'infantry', x: 36, y: 10 });
  const target = (): ReturnType<typeof makeUnit> => makeUnit({ id: 'b-4', side: 'b', troop: 'infantry', x: 36, y: 17 });
  const attack = { type: 'order', side: 'a', unit: 'a-4', order: 'attack', target: 'b-4' };

  it('a supported Attack is preferred to a lone one: Chart A breaks the lone attacker on 5 or less, the supported one only on 2', () => {
    const alone = buildState({ units: [attacker(), target()] });
    const bf = battlefieldFromSpec(alone.battlefield);
    close(outlook(alone, bf, alone.units[0]!, alone.units[1]!, 'attacker', false).breaks, atMost(5));
    const supported = buildState({ units: [attacker(), makeUnit({ id: 'a-5', side: 'a', troop: 'infantry', x: 36 - 7.5, y: 10 }), makeUnit({ id: 'a-6', side: 'a', troop: 'infantry', x: 36 + 7.5, y: 10 }), target()] });
    close(outlook(supported, bf, supported.units[0]!, supported.units[3]!, 'attacker', false).breaks, atMost(2));
    const lone = hmAi.forecast(alone, bf, attack);
    const flanked = hmAi.forecast(supported, bf, attack);
    expect(flanked.risk!).toBeLessThan(lone.risk!);
    const odds = (f: typeof lone): number => f.judgements!.find((j) => j.name === 'odds of the Attack')!.value;
    expect(odds(flanked)).toBeGreaterThan(odds(lone));
  });

  it('an Attack across a torrential stream tests at −3 (A §23.3): the lone attacker breaks on 8 or less, and the forecast counts the risk', () => {
    const dry = buildState({ units: [attacker(), target()] });
    const wet = withTorrent(buildState({ units: [attacker(), target()] }), 13.5);
    const bf = battlefieldFromSpec(wet.battlefield);
    close(outlook(wet, bf, wet.units[0]!, wet.units[1]!, 'attacker', false, true).breaks, atMost(8));
    expect(hmAi.forecast(wet, bf, attack).risk!).toBeGreaterThan(hmAi.forecast(dry, battlefieldFromSpec(dry.battlefield), attack).risk!);
  });
});

describe('Horse & Musket moves judged where the rules end them', () => {
  it('a move across a torrential stream disorders two stands (B §5.2); one short of it, none', () => {
    const state = withTorrent(buildState({ units: [makeUnit({ id: 'a-4', side: 'a', troop: 'infantry', x: 36, y: 10 })] }), 14);
    const bf = battlefieldFromSpec(state.battlefield);
    const u = state.units[0]!;
    expect(moveDisorder(bf, u, { x: u.x, y: u.y + inch(6), facing: UP })).toBe(2);
    expect(moveDisorder(bf, u, { x: u.x, y: u.y + inch(2), facing: UP })).toBe(0);
    // Generals and guns are never disordered by ground.
    const g = makeGeneral('a-1', 'a', 36, 10);
    expect(moveDisorder(bf, g, { x: g.x, y: g.y + inch(6), facing: UP })).toBe(0);
    const f = hmAi.forecast(state, bf, { type: 'order', side: 'a', unit: 'a-4', order: 'move', to: { x: u.x, y: u.y + inch(6) } });
    // Two of five stands: 1 − 0.6 × 2/5.
    close(f.judgements!.find((j) => j.name === 'keeps its order')!.value, 1 - (0.6 * 2) / 5);
  });

  it("a battalion's Move into a raging torrent is forecast where the walk stops it, at the bank, not across", () => {
    // Deployed facing a raging torrent (impassable to all, B §4.6) 2" ahead: every Move ahead stops at once.
    const line = (): ReturnType<typeof makeUnit> => makeUnit({ id: 'a-4', side: 'a', troop: 'infantry', x: 36, y: 10 });
    const state = buildState({ units: [line(), makeUnit({ id: 'b-4', side: 'b', troop: 'infantry', x: 36, y: 40 })] });
    const torrent: WaterFeature = { id: 'torrent', kind: 'stream', name: 'torrent', line: [{ x: 0, y: inch(12) }, { x: inch(72), y: inch(12) }], width: inch(0.75), depth: 6, class: 'ragingTorrent' };
    state.battlefield = { ...flatTable(), features: [torrent] };
    const bf = battlefieldFromSpec(state.battlefield);
    const u = state.units[0]!;
    const move = { type: 'order', side: 'a', unit: 'a-4', order: 'move', to: { x: u.x, y: u.y + inch(6) } } as const;
    const f = hmAi.forecast(state, bf, move);
    expect(f.pose!.y).toBeLessThan(u.y + inch(2));
    expect(f.pose!.y).toBeCloseTo(walkedPose(state, bf, u, { x: u.x, y: u.y + inch(6), facing: UP }).y, 6);
    // On open ground the same order goes the whole 6".
    const open = buildState({ units: [line(), makeUnit({ id: 'b-4', side: 'b', troop: 'infantry', x: 36, y: 40 })] });
    expect(hmAi.forecast(open, battlefieldFromSpec(open.battlefield), move).pose!.y).toBeCloseTo(u.y + inch(6), 6);
  });

  it("a General's move blocked by a battalion ends where it is stopped, so it gets nowhere", () => {
    const g = makeGeneral('a-1', 'a', 36, 10);
    const friend = makeUnit({ id: 'a-5', side: 'a', troop: 'infantry', x: 36, y: 12 });
    const state = buildState({ units: [g, friend, makeUnit({ id: 'b-4', side: 'b', troop: 'infantry', x: 36, y: 40 })] });
    const bf = battlefieldFromSpec(state.battlefield);
    const to = { x: g.x, y: g.y + inch(6), facing: UP };
    const walked = walkedPose(state, bf, g, to);
    expect(walked.y).toBeLessThan(g.y + inch(1));
    const f = hmAi.forecast(state, bf, { type: 'general-move', side: 'a', unit: 'a-1', to: { x: to.x, y: to.y } });
    expect(f.pose!.y).toBeCloseTo(walked.y, 6);
    // With the way clear, the same move goes the whole 6".
    const clear = buildState({ units: [makeGeneral('a-1', 'a', 36, 10), makeUnit({ id: 'b-4', side: 'b', troop: 'infantry', x: 36, y: 40 })] });
    expect(walkedPose(clear, bf, clear.units[0]!, to).y).toBeCloseTo(to.y, 6);
  });
});
