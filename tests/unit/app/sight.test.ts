/**
 * The worker's sight API, run directly in Node (the page runs the same object in the worker):
 * a unit's viewshed and dead ground on a generated table, and sight lines with their blockers.
 */

import { describe, expect, it } from 'vitest';
import { createEngineApi } from '../../../src/app/engineHost';
import type { ViewshedData } from '../../../src/app/engineApi';
import { frontCentre } from '../../../src/core/geometry';
import { unitFootprint, type Unit } from '../../../src/core/model';
import { inch } from '../../../src/core/measure';

async function game(seed: string, options?: Record<string, unknown>) {
  const api = createEngineApi();
  const view = await api.newGame({ rulesetId: 'one-page', seed, ...(options ? { options } : {}) });
  const bf = await api.battlefield();
  return { api, view, bf };
}

const cellOf = (v: Pick<ViewshedData, 'cols' | 'cellSize' | 'originX' | 'originY'>, x: number, y: number): number =>
  Math.round((y - v.originY) / v.cellSize) * v.cols + Math.round((x - v.originX) / v.cellSize);

const combat = (u: Unit) => !u.removed && (u.kind === 'infantry' || u.kind === 'cavalry' || u.kind === 'artillery');

describe('viewshedOf', () => {
  it("returns grids of the heightmap's size, sees the unit's own ground and hides some of the table", async () => {
    const { api, view, bf } = await game('tricorne');
    const units = view.state.units.filter(combat);
    expect(units.length).toBeGreaterThan(4);
    const hm = bf.heightmap;
    const times: number[] = [];
    let hiddenSomewhere = 0;
    for (const u of units) {
      const v = await api.viewshedOf(u.id);
      times.push(v.ms);
      expect([v.cols, v.rows, v.cellSize, v.originX, v.originY]).toEqual([hm.cols, hm.rows, hm.cellSize, hm.originX, hm.originY]);
      for (const a of [v.visible, v.minHeight, v.dead]) expect(a.length).toBe(hm.cols * hm.rows);
      expect(v.unitId).toBe(u.id);
      expect(v.targetHeight).toBe(0);
      expect(v.eyeHeight).toBeGreaterThan(0);
      expect(v.figureHeight).toBeGreaterThan(0);
      // The rulebook's woods limit came through the ruleset: 3" in the one-page rules.
      expect(v.obscuringLimit).toBeCloseTo(inch(3), 6);
      expect(v.maxRange).toBeUndefined();
      // The eye is the centre of the unit's front, and the ground it stands on is seen.
      const eye = frontCentre(unitFootprint(u));
      expect(v.eye.x).toBeCloseTo(eye.x, 6);
      expect(v.eye.y).toBeCloseTo(eye.y, 6);
      expect(v.visible[cellOf(v, eye.x, eye.y)]).toBe(1);
      // Counted rather than asserted cell by cell: 22,000 expects per unit are slow.
      let hidden = 0;
      let deadButSeen = 0;
      let deadWrong = 0;
      for (let k = 0; k < v.visible.length; k++) {
        if (!v.visible[k]) hidden++;
        // Dead ground is ground not seen: a subset of the hidden cells.
        if (v.dead[k] && v.visible[k]) deadButSeen++;
        // And it is exactly where a standing figure would need to be taller than it is.
        if (v.dead[k] !== (v.minHeight[k]! > v.figureHeight && v.minHeight[k] !== Infinity ? 1 : 0)) deadWrong++;
      }
      expect(deadButSeen).toBe(0);
      expect(deadWrong).toBe(0);
      expect(hidden).toBeLessThan(v.visible.length);
      hiddenSomewhere = Math.max(hiddenSomewhere, hidden / v.visible.length);
    }
    // Hills and woods hide a real part of the table from somebody.
    expect(hiddenSomewhere).toBeGreaterThan(0.05);
    const deadSomewhere = await Promise.all(units.map(async (u) => (await api.viewshedOf(u.id)).dead.reduce((n, d) => n + d, 0)));
    expect(Math.max(...deadSomewhere)).toBeGreaterThan(0);
    times.sort((a, b) => a - b);
    console.log(`viewshedOf on the default table (${hm.cols} x ${hm.rows}): median ${times[times.length >> 1]!.toFixed(1)} ms, max ${times[times.length - 1]!.toFixed(1)} ms over ${times.length} units`);
  });

  it('a taller target is seen on more ground, and dead ground follows the figure height asked for', async () => {
    const { api, view } = await game('tricorne');
    const u = view.state.units.find(combat)!;
    const ground = await api.viewshedOf(u.id);
    const tall = await api.viewshedOf(u.id, { targetHeight: 40, figureHeight: 60 });
    let more = 0;
    let lost = 0;
    let deadGained = 0;
    for (let k = 0; k < ground.visible.length; k++) {
      if (ground.visible[k] && !tall.visible[k]) lost++;
      if (tall.visible[k] && !ground.visible[k]) more++;
      if (tall.dead[k] && !ground.dead[k]) deadGained++;
    }
    expect(lost).toBe(0);
    expect(deadGained).toBe(0);
    expect(more).toBeGreaterThan(0);
    expect(tall.targetHeight).toBe(40);
    expect(tall.figureHeight).toBe(60);
  });

  it('limits sight to the night range, beyond which nothing is seen and nothing is dead ground', async () => {
    const { api, view } = await game('tricorne', { visibility: 'night' });
    const u = view.state.units.find(combat)!;
    const v = await api.viewshedOf(u.id);
    expect(v.maxRange).toBeCloseTo(inch(6), 6);
    let beyond = 0;
    let wrong = 0;
    for (let j = 0; j < v.rows; j++) {
      for (let i = 0; i < v.cols; i++) {
        const d = Math.hypot(v.originX + i * v.cellSize - v.eye.x, v.originY + j * v.cellSize - v.eye.y);
        if (d > inch(6) + v.cellSize) {
          const k = j * v.cols + i;
          beyond++;
          if (v.visible[k] || v.dead[k] || v.minHeight[k] !== Infinity) wrong++;
        }
      }
    }
    expect(beyond).toBeGreaterThan(v.cols * v.rows * 0.5);
    expect(wrong).toBe(0);
  });

  it('refuses an unknown unit, and answers nothing before a game', async () => {
    const { api } = await game('tricorne');
    await expect(api.viewshedOf('no-such-unit')).rejects.toThrow(/no unit "no-such-unit"/);
    await expect(createEngineApi().viewshedOf('x')).rejects.toThrow(/no game/);
  });
});

describe('sightLine', () => {
  it('gives the profile and names what blocks the line', async () => {
    const { api, bf } = await game('tricorne');
    // Across the table both ways and corner to corner: some of these lines cross a hill or a wood.
    const lines = [
      [{ x: 20, y: 20 }, { x: bf.width - 20, y: bf.depth - 20 }],
      [{ x: bf.width - 20, y: 20 }, { x: 20, y: bf.depth - 20 }],
      [{ x: bf.width / 2, y: 20 }, { x: bf.width / 2, y: bf.depth - 20 }],
      [{ x: 20, y: bf.depth / 2 }, { x: bf.width - 20, y: bf.depth / 2 }],
    ] as const;
    let blocked = 0;
    for (const [a, b] of lines) {
      const s = await api.sightLine(a, b);
      expect(s.length).toBeCloseTo(Math.hypot(b.x - a.x, b.y - a.y), 6);
      expect(s.profile.length).toBeGreaterThan(10);
      expect(s.profile[0]!.d).toBe(0);
      expect(s.profile[s.profile.length - 1]!.d).toBeCloseTo(s.length, 6);
      expect(s.eyeHeight).toBeGreaterThan(0);
      expect(s.visible).toBe(!s.blockedBy);
      if (s.blockedBy) {
        blocked++;
        expect(s.blockedBy.distance).toBeGreaterThan(0);
        expect(s.blockedBy.distance).toBeLessThanOrEqual(s.length + 1e-6);
        if (s.blockedBy.featureId) {
          expect(s.blockedBy.featureName).toBe(bf.features.find((f) => f.id === s.blockedBy!.featureId)!.name);
        }
        if (s.blockedBy.kind === 'canopy') expect(s.blockedBy.featureName).toMatch(/wood|orchard/i);
      }
    }
    expect(blocked).toBeGreaterThan(0);
  });

  it('takes a unit as an end: its front as the eye, its figures as the heights', async () => {
    const { api, view } = await game('tricorne');
    const [a, b] = view.state.units.filter(combat);
    const s = await api.sightLine({ unit: a!.id }, { unit: b!.id });
    expect(s.fromUnit).toBe(a!.id);
    expect(s.toUnit).toBe(b!.id);
    const eye = frontCentre(unitFootprint(a!));
    expect(s.from.x).toBeCloseTo(eye.x, 6);
    expect(s.eyeHeight).toBeGreaterThan(0);
    const own = await api.sightLine({ unit: a!.id }, { x: 100, y: 100 }, 5, 7);
    expect([own.eyeHeight, own.targetHeight]).toEqual([5, 7]);
    await expect(api.sightLine({ unit: 'nobody' }, { x: 1, y: 1 })).rejects.toThrow(/no unit "nobody"/);
  });
});
