/**
 * Recording throws with Rapier: every recorded throw comes to rest, flat, inside its tray, on level
 * ground and on the real ground of a battlefield; the face read from each body's last pose is the
 * face the recording says landed; and turned for the engine's values, each die shows its value.
 */

import { beforeAll, describe, expect, it } from 'vitest';
import RAPIER from '@dimforge/rapier3d-compat';
import { Quaternion } from 'three';
import { recordThrow, restsCleanly, traySize, type ThrowRecording } from '../../../src/dice-physics/record';
import { flatPatch, groundAt, groundPatch } from '../../../src/dice-physics/ground';
import { shownRotation, topFace } from '../../../src/dice-physics/d6';
import { dieSwap, dieTop, type PhysicalSides } from '../../../src/dice-physics/polyhedra';
import { planThrows, DIE_SIZE } from '../../../src/dice-physics/plan';
import { battlefieldFromSpec } from '../../../src/terrain/battlefield';
import { heightAt } from '../../../src/terrain/heightmap';
import { GameSession } from '../../../src/app/session';
import { Rng } from '../../../src/core/random';

beforeAll(async () => {
  await RAPIER.init();
});

function lastPose(rec: ThrowRecording, die: number) {
  const k = ((rec.frames - 1) * rec.count + die) * 7;
  const p = rec.poses;
  return { x: p[k]!, y: p[k + 1]!, z: p[k + 2]!, q: new Quaternion(p[k + 3]!, p[k + 4]!, p[k + 5]!, p[k + 6]!) };
}

describe('a recorded throw', () => {
  it('comes to rest flat inside its tray for many seeds and sizes of throw, and shows the engine values once turned', () => {
    const rng = new Rng('engine values');
    let attempts = 0;
    let throws = 0;
    for (let seed = 0; seed < 24; seed++) {
      const count = 1 + (seed % 8);
      const tray = traySize(count, DIE_SIZE);
      const ground = flatPatch(Math.max(tray.halfX, tray.halfZ) + DIE_SIZE);
      const rec = recordThrow(RAPIER, { count, dieSize: DIE_SIZE, ...tray, ground, obstacles: [], seed: `flat-${seed}` });
      throws++;
      attempts += rec.attempts;
      expect(rec.clean, `seed ${seed}`).toBe(true);
      expect(rec.count).toBe(count);
      expect(rec.poses.length).toBe(rec.frames * count * 7);
      // A real throw takes a moment: more than a quarter of a second, less than the cut-off.
      expect(rec.frames).toBeGreaterThan(15);
      expect(rec.frames).toBeLessThan(8 * 60);
      const values = Array.from({ length: count }, () => 1 + rng.int(6));
      for (let i = 0; i < count; i++) {
        const { x, y, z, q } = lastPose(rec, i);
        expect(Math.abs(x)).toBeLessThan(tray.halfX);
        expect(Math.abs(z)).toBeLessThan(tray.halfZ);
        expect(y).toBeGreaterThan(DIE_SIZE * 0.4);
        expect(y).toBeLessThan(DIE_SIZE * 0.6);
        expect(topFace(q).value).toBe(rec.landed[i]);
        const shown = topFace(shownRotation(q, rec.landed[i]!, values[i]!));
        expect(shown.value).toBe(values[i]);
        expect(shown.cos).toBeGreaterThan(0.97);
      }
    }
    // Re-throws are the exception, not the rule.
    expect(attempts).toBeLessThan(throws * 1.5);
  }, 120_000);

  it('throws the polyhedral dice as their real shapes: each lands flat in the tray and shows the engine value once turned', () => {
    const rng = new Rng('polyhedral values');
    for (const sides of [4, 8, 10, 12, 20] as PhysicalSides[]) {
      let attempts = 0;
      const landed = new Set<number>();
      for (let seed = 0; seed < 6; seed++) {
        const count = 1 + (seed % 4);
        const tray = traySize(count, DIE_SIZE);
        const ground = flatPatch(Math.max(tray.halfX, tray.halfZ) + DIE_SIZE);
        const rec = recordThrow(RAPIER, { count, sides, dieSize: DIE_SIZE, ...tray, ground, obstacles: [], seed: `d${sides}-${seed}` });
        attempts += rec.attempts;
        expect(rec.clean, `D${sides} seed ${seed}`).toBe(true);
        expect(rec.sides).toBe(sides);
        for (let i = 0; i < count; i++) {
          const { x, y, z, q } = lastPose(rec, i);
          expect(restsCleanly(ground, tray.halfX, tray.halfZ, DIE_SIZE, x, y, z, q, sides)).toBe(true);
          expect(dieTop(sides, q).value).toBe(rec.landed[i]);
          landed.add(rec.landed[i]!);
          const wanted = 1 + rng.int(sides);
          const shown = dieTop(sides, q.clone().multiply(dieSwap(sides, rec.landed[i]!, wanted)));
          expect(shown.value, `D${sides} landed ${rec.landed[i]}, wanted ${wanted}`).toBe(wanted);
          expect(shown.cos).toBeGreaterThan(sides === 4 ? 0.95 : 0.97);
        }
      }
      // The dice really tumble: more than one face comes up over the throws.
      expect(landed.size, `faces landed on a D${sides}`).toBeGreaterThan(2);
      expect(attempts).toBeLessThan(6 * 2);
    }
  }, 120_000);

  it('lands on the real ground of a battlefield, planned beside the units of an order', () => {
    const s = new GameSession({ rulesetId: 'one-page', seed: 'dice-ground' });
    const bf = battlefieldFromSpec(s.state.battlefield);
    const table = { width: bf.width, depth: bf.depth, heightmap: bf.heightmap, features: bf.features };
    // Throws of every size, beside each unit in turn.
    const units = s.state.units.filter((u) => !u.removed).slice(0, 8);
    for (const [n, u] of units.entries()) {
      const values = Array.from({ length: 1 + (n % 6) }, (_, i) => 1 + ((n + i) % 6));
      const [plan] = planThrows([{ type: 'shoot', text: 'test', side: u.side, unit: u.id, dice: [{ purpose: 'shooting', sides: 6, values }] }], s.state, table, `ground-${n}`);
      expect(plan).toBeDefined();
      const rec = recordThrow(RAPIER, plan!.spec);
      expect(rec.clean, `throw beside ${u.name}`).toBe(true);
      for (let i = 0; i < values.length; i++) {
        const { x, y, z, q } = lastPose(rec, i);
        expect(restsCleanly(plan!.spec.ground, plan!.spec.halfX, plan!.spec.halfZ, DIE_SIZE, x, y, z, q)).toBe(true);
        // Resting on the battlefield's ground: its height there, from the table's own heightmap.
        const tableX = plan!.origin.x + x;
        const tableY = plan!.origin.y - z;
        const ground = heightAt(bf.heightmap, tableX, tableY) - plan!.origin.height;
        expect(y - ground).toBeGreaterThan(DIE_SIZE * 0.35);
        expect(y - ground).toBeLessThan(DIE_SIZE * 0.7);
        expect(topFace(shownRotation(q, rec.landed[i]!, values[i]!)).value).toBe(values[i]);
      }
    }
  }, 120_000);
});

describe('the ground under a throw', () => {
  it('is the heightmap cut out round the spot, on the drawn triangles', () => {
    const s = new GameSession({ rulesetId: 'horse-and-musket', seed: 'dice-patch' });
    const hm = battlefieldFromSpec(s.state.battlefield).heightmap;
    const { patch, origin } = groundPatch(hm, 612.3, 401.7, 80, 60);
    expect(origin.height).toBeCloseTo(heightAt(hm, 612.3, 401.7), 5);
    // At grid vertices and at cell centres' diagonals the triangles agree with the heightmap's bilinear heights.
    for (const [x, y] of [
      [600, 400],
      [560, 350],
      [670, 450],
    ] as const) {
      const g = groundAt(patch, x - origin.x, -(y - origin.y));
      expect(g.height + origin.height).toBeCloseTo(heightAt(hm, x, y), 3);
      expect(g.normal[1]).toBeGreaterThan(0.5);
    }
    expect(patch.x0).toBeLessThanOrEqual(-80);
    expect(patch.z0).toBeGreaterThanOrEqual(60);
    expect(patch.x0 + (patch.cols - 1) * patch.cell).toBeGreaterThanOrEqual(80);
    expect(patch.z0 - (patch.rows - 1) * patch.cell).toBeLessThanOrEqual(-60);
  });
});
