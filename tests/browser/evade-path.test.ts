/**
 * A way bent round what stood in a unit's path (a Perfect Evade's way round, src/core/waypath.ts)
 * is drawn on the ground from the last order's events (`data.path`): the pixels along both legs
 * and at the bend take the way's colour, and the straight chord that cuts the corner does not.
 */

import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { RESULTS, idle, legal, openApp, project, type App } from './browser';
import { decodePng, type Image } from './png';
import type { Vec2 } from '../../src/core/geometry';

const baseUrl = inject('baseUrl');
let app: App | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

/** The mean colour of the 3x3 pixels about a point of the image. */
function colourAt(img: Image, x: number, y: number): [number, number, number] {
  const sum = [0, 0, 0];
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) {
      const i = ((Math.round(y) + dy) * img.width + Math.round(x) + dx) * 4;
      for (let c = 0; c < 3; c++) sum[c]! += img.data[i + c]!;
    }
  return sum.map((v) => v / 9) as [number, number, number];
}

const change = (a: number[], b: number[]): number => a.reduce((s, v, i) => s + Math.abs(v - b[i]!), 0);

describe('the way a unit took', () => {
  it('is drawn along both legs of a bent way and round its bend, and not across the corner it cut', async () => {
    app = await openApp(baseUrl, '?ruleset=horse-and-musket&seed=browser-hm&opt.deployment=automatic');
    const { page } = app;
    await idle(page);
    const defend = (await legal(page)).find((l) => l.action.type === 'choose-posture' && l.action.choice === 'defend')!;
    await page.getByTestId(`turn-${defend.label}`).click();
    await idle(page);

    // An L-shaped way of two 6" legs in the middle of the table, between the armies.
    const way: Vec2[] = [
      { x: 780, y: 560 },
      { x: 932, y: 560 },
      { x: 932, y: 712 },
    ];
    await page.evaluate(() => window.__tricorne!.focus(880, 620, 700));
    await idle(page);
    const canvas = page.getByTestId('canvas-wrap').locator('canvas');
    const box = (await canvas.boundingBox())!;
    const shot = async (name: string): Promise<Image> => decodePng(await canvas.screenshot({ path: join(RESULTS, name) }));
    const before = await shot('way-before.png');
    await page.evaluate((path) => window.__tricorne!.showOrderEvents([{ type: 'evade-move', unit: 'x', side: 'b', text: 'evades by a way round', data: { path } }]), way);
    await idle(page);
    const after = await shot('way-after.png');

    const on: Vec2[] = [];
    for (let leg = 1; leg < way.length; leg++) for (const t of [0.2, 0.5, 0.8]) on.push({ x: way[leg - 1]!.x + (way[leg]!.x - way[leg - 1]!.x) * t, y: way[leg - 1]!.y + (way[leg]!.y - way[leg - 1]!.y) * t });
    // The bend itself, and just either side of it.
    on.push(way[1]!, { x: way[1]!.x - 8, y: way[1]!.y }, { x: way[1]!.x, y: way[1]!.y + 8 });
    for (const p of on) {
      const s = await project(page, p.x, p.y);
      expect(s.onScreen).toBe(true);
      const [r, g, b] = colourAt(after, s.x - box.x, s.y - box.y);
      const was = colourAt(before, s.x - box.x, s.y - box.y);
      // The way's light blue over whatever ground is there: blue well above red, and not as it was.
      expect(b - r, `blue over red at (${p.x}, ${p.y})`).toBeGreaterThan(70);
      expect(g, `green at (${p.x}, ${p.y})`).toBeGreaterThan(120);
      expect(change([r, g, b], was), `change at (${p.x}, ${p.y})`).toBeGreaterThan(60);
    }
    // The chord from the start to the end cuts the corner: nothing is drawn there.
    for (const t of [0.35, 0.5, 0.65]) {
      const p = { x: way[0]!.x + (way[2]!.x - way[0]!.x) * t, y: way[0]!.y + (way[2]!.y - way[0]!.y) * t };
      const s = await project(page, p.x, p.y);
      expect(change(colourAt(after, s.x - box.x, s.y - box.y), colourAt(before, s.x - box.x, s.y - box.y)), `no change at (${p.x}, ${p.y})`).toBeLessThan(25);
    }
    expect(app.errors).toEqual([]);
  });
});
