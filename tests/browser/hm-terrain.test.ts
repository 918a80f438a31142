/**
 * Horse & Musket terrain rolled in the game (B §6.1 steps 4-5, RTG-8) on the real page: the table
 * of seed 't31' has a river from one baseline to the other, cut at the centre line. Once the
 * initiative winner (side b) chooses to defend, the south section is rolled a deep, lazy river and
 * the north one a raging torrent, and the page's ground is cut deeper to match; the armies stand on
 * the table only then.
 */

import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { RESULTS, idle, legal, openApp, view, type App } from './browser';
import { decodePng, pixelsNear } from './png';
import { battlefieldFromSpec } from '../../src/terrain/battlefield';
import { heightAt } from '../../src/terrain/heightmap';
import type { WaterFeature } from '../../src/terrain/features';

const baseUrl = inject('baseUrl');
let app: App | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

describe('Horse & Musket terrain rolls on the page', () => {
  it('cuts the river deeper once its sections are rolled, and shows the armies only then', async () => {
    app = await openApp(baseUrl, '?ruleset=horse-and-musket&seed=t31&opt.deployment=automatic');
    const { page } = app;
    await idle(page);
    const before = await view(page);
    expect(before.state.phase).toBe('posture');
    expect(before.state.units.every((u) => u.carriedBy)).toBe(true);
    const laid = battlefieldFromSpec(before.state.battlefield);
    const river = (id: string) => laid.features.find((f) => f.id === id) as WaterFeature;
    const points = ['river-1', 'river-2'].map((id) => river(id).line[Math.floor(river(id).line.length / 2)]!);
    const groundAt = (p: { x: number; y: number }): Promise<number> => page.evaluate(([x, y]) => window.__tricorne!.groundAt(x!, y!), [p.x, p.y]);
    const shot = async (name: string): Promise<Uint8Array> => {
      await page.evaluate(([x, y]) => window.__tricorne!.focus(x!, y!, 700), [points[0]!.x, points[0]!.y]);
      await idle(page);
      return page.getByTestId('canvas-wrap').locator('canvas').screenshot({ path: join(RESULTS, name) });
    };
    const heightsBefore = await Promise.all(points.map(groundAt));
    points.forEach((p, i) => expect(heightsBefore[i]).toBeCloseTo(heightAt(laid.heightmap, p.x, p.y), 2));
    const pngBefore = decodePng(await shot('hm-river-laid.png'));

    const defend = (await legal(page)).find((l) => l.action.type === 'choose-posture' && l.action.choice === 'defend')!;
    await page.getByTestId(`turn-${defend.label}`).click();
    await idle(page);
    const after = await view(page);
    expect(after.state.phase).toBe('decision');
    expect(after.state.units.filter((u) => !u.carriedBy).length).toBeGreaterThan(10);
    // The defender's page knows both sections: a deep, lazy river and a raging torrent.
    const rolled = battlefieldFromSpec(after.state.battlefield);
    expect(['river-1', 'river-2'].map((id) => (rolled.features.find((f) => f.id === id) as WaterFeature).class)).toEqual(['deepRiver', 'ragingTorrent']);
    const heightsAfter = await Promise.all(points.map(groundAt));
    points.forEach((p, i) => {
      expect(heightsAfter[i]).toBeCloseTo(heightAt(rolled.heightmap, p.x, p.y), 2);
      // Cut deeper by the change in depth the rolls made.
      const deeper = (rolled.features.find((f) => f.id === `river-${i + 1}`) as WaterFeature).depth - river(`river-${i + 1}`).depth;
      expect(deeper).toBeGreaterThan(1);
      expect(heightsBefore[i]! - heightsAfter[i]!).toBeCloseTo(deeper, 1);
    });
    // The river is drawn both times: its blue covers a good share of the view of its middle.
    const pngAfter = decodePng(await shot('hm-river-rolled.png'));
    for (const png of [pngBefore, pngAfter]) expect(pixelsNear(png, '#446f85', 30) / (png.width * png.height)).toBeGreaterThan(0.05);
    expect(app.errors).toEqual([]);
  });
});
