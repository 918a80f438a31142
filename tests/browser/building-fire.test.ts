/**
 * A building set alight by shell (B §2.7) is drawn burning: flames and smoke over its roof, its
 * walls scorched, and once burnt out a blackened shell. The fire is put on the table through the
 * test hook (as the battlefield says it after a shell's 5 or 6); the rules' side is tested in
 * tests/unit/horse-and-musket/shell-buildings.test.ts.
 */

import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { RESULTS, idle, openApp, project, type App } from './browser';
import { decodePng, type Image } from './png';

const baseUrl = inject('baseUrl');
let app: App | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

/** Pixels within `radius` of a screen point that look like flame: strong red, less green, little blue. */
function flamePixels(img: Image, cx: number, cy: number, radius: number): number {
  let n = 0;
  for (let y = Math.max(0, Math.round(cy - radius)); y < Math.min(img.height, cy + radius); y++)
    for (let x = Math.max(0, Math.round(cx - radius)); x < Math.min(img.width, cx + radius); x++) {
      const i = (y * img.width + x) * 4;
      const [r, g, b] = [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
      if (r > 200 && g > 60 && g < 215 && b < 90 && r - b > 140) n++;
    }
  return n;
}

/** Mean brightness (0-255) of the pixels within `radius` of a screen point. */
function brightness(img: Image, cx: number, cy: number, radius: number): number {
  let sum = 0;
  let n = 0;
  for (let y = Math.round(cy - radius); y <= cy + radius; y++)
    for (let x = Math.round(cx - radius); x <= cx + radius; x++) {
      const i = (y * img.width + x) * 4;
      sum += (img.data[i]! + img.data[i + 1]! + img.data[i + 2]!) / 3;
      n++;
    }
  return sum / n;
}

describe('a building on fire', () => {
  it('shows flames over the roof while it burns and a blackened shell once burnt', async () => {
    app = await openApp(baseUrl, '?ruleset=horse-and-musket&seed=browser-hm&opt.deployment=automatic');
    const { page } = app;
    await idle(page);
    const buildings = await page.evaluate(() => window.__tricorne!.buildings());
    expect(buildings.length).toBeGreaterThan(2);
    const b = buildings[0]!;
    await page.evaluate(([x, y]) => window.__tricorne!.focus(x!, y!, 380), [b.x, b.y]);
    await idle(page);
    const canvas = page.getByTestId('canvas-wrap').locator('canvas');
    const box = (await canvas.boundingBox())!;
    const shot = async (name: string): Promise<Image> => decodePng(await canvas.screenshot({ path: join(RESULTS, name) }));
    const roof = await project(page, b.x, b.y, b.height);
    const wall = await project(page, b.x, b.y, b.height * 0.3);
    const at = (p: { x: number; y: number }) => ({ x: p.x - box.x, y: p.y - box.y });
    const before = await shot('fire-before.png');
    const flamesBefore = flamePixels(before, at(roof).x, at(roof).y - 20, 45);

    expect(await page.evaluate((id) => window.__tricorne!.showFires({ [id]: 'burning' }), b.id)).toBe(1);
    await idle(page);
    const burning = await shot('fire-burning.png');
    const flames = flamePixels(burning, at(roof).x, at(roof).y - 20, 45);
    // Flame-coloured pixels over the roof: from none (a red roof is darker) to a good patch.
    expect(flames - flamesBefore, 'flame pixels over the roof').toBeGreaterThan(40);

    expect(await page.evaluate((id) => window.__tricorne!.showFires({ [id]: 'burnt' }), b.id)).toBe(1);
    await idle(page);
    const burnt = await shot('fire-burnt.png');
    // No flames any more, and the walls much darker than they stood.
    expect(flamePixels(burnt, at(roof).x, at(roof).y - 20, 45)).toBeLessThanOrEqual(flamesBefore);
    expect(brightness(burnt, at(wall).x, at(wall).y, 3), 'wall brightness, burnt').toBeLessThan(0.6 * brightness(before, at(wall).x, at(wall).y, 3));
    expect(app.errors).toEqual([]);
  }, 180_000);
});
