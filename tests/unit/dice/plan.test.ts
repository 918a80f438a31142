/**
 * Where an order's throws land and how they play back: one throw per throw in the events, coloured
 * by whose dice they are, each tray on the table, clear of the stands and of the order's other
 * throws; played back, the dice start one after another and, skipped to the end, show the engine's
 * values.
 */

import { beforeAll, describe, expect, it } from 'vitest';
import RAPIER from '@dimforge/rapier3d-compat';
import { Quaternion, Vector3 } from 'three';
import { GameSession } from '../../../src/app/session';
import { standRect, type GameEvent } from '../../../src/core/model';
import { rectsOverlap, type OrientedRect } from '../../../src/core/geometry';
import { battlefieldFromSpec } from '../../../src/terrain/battlefield';
import { planThrows, throwOwner, DIE_SIZE } from '../../../src/dice-physics/plan';
import { recordThrow } from '../../../src/dice-physics/record';
import { topFace } from '../../../src/dice-physics/d6';
import { DicePlayer, STAGGER_S } from '../../../src/scene/dice/player';

beforeAll(async () => {
  await RAPIER.init();
});

function setting(seed: string) {
  const s = new GameSession({ rulesetId: 'one-page', seed });
  const bf = battlefieldFromSpec(s.state.battlefield);
  return { s, table: { width: bf.width, depth: bf.depth, heightmap: bf.heightmap, features: bf.features } };
}

function trayOf(p: { origin: { x: number; y: number }; spec: { halfX: number; halfZ: number } }): OrientedRect {
  return { cx: p.origin.x, cy: p.origin.y, facing: 0, depth: 2 * p.spec.halfX, width: 2 * p.spec.halfZ };
}

describe('planning the throws of an order', () => {
  it('makes one throw per throw in the events, owned by the roll, the event or its unit', () => {
    const { s, table } = setting('dice-plan-1');
    // The real initiative throw: one die for each side, each side's own.
    const r = s.act(s.legal(s.state.active!)[0]!.action);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const plans = planThrows(r.events, s.state, table, 'k');
    const rolls = r.events.flatMap((e) => e.dice ?? []);
    expect(plans.map((p) => p.values)).toEqual(rolls.map((d) => d.values));
    expect(plans.map((p) => p.side)).toEqual(s.state.sides.map((x) => x.id));
    expect(plans.map((p) => p.spec.seed)).toEqual(['k/0', 'k/1']);

    const unit = s.state.units[0]!;
    const event: GameEvent = { type: 't', text: '', unit: unit.id, dice: [{ purpose: 'p', sides: 6, values: [1] }] };
    expect(throwOwner(event, event.dice![0]!, s.state.units)).toBe(unit.side);
    expect(throwOwner({ ...event, side: 'x' }, event.dice![0]!, s.state.units)).toBe('x');
    expect(throwOwner({ ...event, side: 'x' }, { side: 'y' }, s.state.units)).toBe('y');
    // A die the scene has no body for is left to the log.
    expect(planThrows([{ ...event, dice: [{ purpose: 'p', sides: 100, values: [42] }] }], s.state, table, 'k')).toEqual([]);
    // A D10 is thrown as a D10 showing the engine's values; a D3 as a D6 whose face halves to them.
    const [d10] = planThrows([{ ...event, dice: [{ purpose: 'p', sides: 10, values: [7, 10] }] }], s.state, table, 'k');
    expect(d10).toMatchObject({ values: [7, 10], sides: 10, die: 10, faces: [7, 10] });
    expect(d10!.spec.sides).toBe(10);
    const [d3] = planThrows([{ ...event, dice: [{ purpose: 'p', sides: 3, values: [1, 2, 3, 3, 2, 1] }] }], s.state, table, 'k');
    expect(d3).toMatchObject({ sides: 3, die: 6 });
    expect(d3!.faces.map((f) => Math.ceil(f / 2))).toEqual([1, 2, 3, 3, 2, 1]);
    expect(new Set(d3!.faces.map((f) => f % 2)).size, 'both faces of a D3 value come up').toBe(2);
  });

  it('puts every tray on the table, clear of the stands and of each other, near the unit', () => {
    for (const seed of ['dice-plan-2', 'dice-plan-3']) {
      const { s, table } = setting(seed);
      const stands = s.state.units.flatMap((u) => u.stands.map((st) => standRect(u, st)));
      for (const u of s.state.units.filter((x) => !x.removed)) {
        // An attack with a throw for each side, as a melee would have.
        const enemy = s.state.units.find((x) => x.side !== u.side)!;
        const events: GameEvent[] = [
          {
            type: 'melee',
            text: '',
            side: u.side,
            unit: u.id,
            target: enemy.id,
            dice: [
              { purpose: 'attacker', sides: 6, values: [1, 2, 3, 4, 5, 6] },
              { purpose: 'defender', sides: 6, values: [6, 5, 4], side: enemy.side },
            ],
          },
        ];
        const plans = planThrows(events, s.state, table, `${seed}/${u.id}`);
        expect(plans.map((p) => p.side)).toEqual([u.side, enemy.side]);
        const trays = plans.map(trayOf);
        for (const [i, t] of trays.entries()) {
          expect(t.cx - t.depth / 2).toBeGreaterThanOrEqual(0);
          expect(t.cx + t.depth / 2).toBeLessThanOrEqual(table.width);
          expect(t.cy - t.width / 2).toBeGreaterThanOrEqual(0);
          expect(t.cy + t.width / 2).toBeLessThanOrEqual(table.depth);
          expect(stands.some((st) => rectsOverlap(t, st)), `tray ${i} beside ${u.name} on ${seed}`).toBe(false);
          // Beside the unit whose dice they are.
          const owner = i === 0 ? u : enemy;
          expect(Math.hypot(t.cx - owner.x, t.cy - owner.y)).toBeLessThan(500);
        }
        expect(rectsOverlap(trays[0]!, trays[1]!)).toBe(false);
      }
    }
  }, 60_000);
});

describe('playing a recorded order back', () => {
  it('starts each throw after the one before, and at the end every die shows its engine value', () => {
    const { s, table } = setting('dice-play');
    const u = s.state.units[2]!;
    const events: GameEvent[] = [
      { type: 'a', text: '', side: u.side, unit: u.id, dice: [{ purpose: 'first', sides: 6, values: [6, 6, 1] }] },
      { type: 'b', text: '', side: u.side, unit: u.id, dice: [{ purpose: 'second', sides: 6, values: [2, 3, 4, 5] }] },
    ];
    const plans = planThrows(events, s.state, table, 'play');
    const player = new DicePlayer(
      plans,
      plans.map((p) => recordThrow(RAPIER, p.spec)),
    );
    expect(player.diceCount).toBe(7);
    expect(player.throws[1]!.start).toBeCloseTo(STAGGER_S, 9);
    const pos = new Vector3();
    const rot = new Quaternion();
    // At the start only the first throw is in the air, above its tray.
    expect(player.pose(0, 0, pos, rot)).toBe(true);
    expect(player.pose(1, 0, pos, rot)).toBe(false);
    expect(player.pose(0, 0, pos, rot) && pos.y).toBeGreaterThan(plans[0]!.origin.height + DIE_SIZE);
    player.advance(STAGGER_S + 0.01);
    expect(player.pose(1, 0, pos, rot)).toBe(true);
    expect(player.settled).toBe(false);
    player.skip();
    expect(player.settled).toBe(true);
    for (const [i, p] of plans.entries()) {
      expect(player.shown(i).map((x) => x.value)).toEqual(p.values);
      for (let d = 0; d < p.values.length; d++) {
        player.pose(i, d, pos, rot);
        expect(topFace(rot).value).toBe(p.values[d]);
        // At rest on the ground of its tray.
        expect(Math.abs(pos.x - p.origin.x)).toBeLessThan(p.spec.halfX);
        expect(Math.abs(-pos.z - p.origin.y)).toBeLessThan(p.spec.halfZ);
      }
    }
  }, 120_000);
});
