/**
 * The miniatures in the real page (Debian's Chromium, WebGL through SwiftShader):
 * - the set piece (a Prussian brigade on a hill facing Austrians across a stream by a village)
 *   from fixed camera positions: not blank, Prussian dark blue and Austrian white present;
 *   screenshots in test-results/setpiece-*.png;
 * - the 2,000-figure battle: draw calls, triangles and main-thread time per frame, written to
 *   test-results/render-bench.json and printed.
 */

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RESULTS, openApp, type App } from './browser';
import { colourStats, decodePng, type Image } from './png';
import { describeBench, measureBench } from './renderBench';

const baseUrl = inject('baseUrl');
let app: App | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

/** Pixels within `tol` (per channel, 0-255) of any of the colours. */
function countNear(img: Image, colours: [number, number, number][], tol: number): number {
  let n = 0;
  for (let i = 0; i < img.data.length; i += 4) {
    const r = img.data[i]!;
    const g = img.data[i + 1]!;
    const b = img.data[i + 2]!;
    for (const c of colours) {
      if (Math.abs(r - c[0]) <= tol && Math.abs(g - c[1]) <= tol && Math.abs(b - c[2]) <= tol) {
        n++;
        break;
      }
    }
  }
  return n;
}

/** Move the camera to a showcase's named position and wait until the frame is drawn. */
async function look(page: Page, name: string): Promise<void> {
  await page.evaluate((n) => {
    const cam = window.__showcase!.cameras[n]!;
    window.__tricorne!.lookFrom(cam.eye, cam.target);
  }, name);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(r)))));
}

// Lit uniform colours as SwiftShader renders them (sunlit and shaded faces).
const PRUSSIAN_BLUE: [number, number, number][] = [
  [28, 42, 86],
  [40, 58, 110],
  [22, 32, 66],
  [52, 72, 128],
];
const AUSTRIAN_WHITE: [number, number, number][] = [
  [235, 231, 219],
  [210, 205, 192],
  [250, 246, 234],
  [185, 180, 168],
];

const BOTH_ARMIES = new Set(['overview', 'table', 'hill', 'guns', 'cavalry']);

describe('the miniatures', () => {
  it('draws the set piece in painted uniforms', async () => {
    app = await openApp(baseUrl, '?scene=setpiece');
    const { page } = app;
    const report: Record<string, unknown> = {};
    for (const view of ['overview', 'table', 'hill', 'village', 'guns', 'cavalry', 'austrians', 'general', 'casualties']) {
      await look(page, view);
      const png = await page.screenshot({ path: join(RESULTS, `setpiece-${view}.png`) });
      const img = decodePng(png);
      const stats = colourStats(img);
      const blue = countNear(img, PRUSSIAN_BLUE, 14);
      const white = countNear(img, AUSTRIAN_WHITE, 14);
      const render = await page.evaluate(() => window.__tricorne!.stats());
      report[view] = { distinct: stats.distinct, topShare: stats.topShare, prussianBlue: blue, austrianWhite: white, ...render };
      console.log(`setpiece ${view}: ${stats.distinct} colours, ${blue} Prussian blue px, ${white} Austrian white px, ${render.calls} calls, ${render.triangles} triangles`);
      expect(stats.distinct, `${view}: colours`).toBeGreaterThan(200);
      expect(stats.topShare, `${view}: largest single colour`).toBeLessThan(0.5);
      // The views that take in both armies show both uniforms.
      if (BOTH_ARMIES.has(view)) {
        expect(blue, `${view}: Prussian blue pixels`).toBeGreaterThan(150);
        expect(white, `${view}: Austrian white pixels`).toBeGreaterThan(150);
      }
    }
    await writeFile(join(RESULTS, 'setpiece.json'), JSON.stringify(report, null, 2));
    expect(app.errors).toEqual([]);
  });

  it('draws a 2,000-figure battle among thousands of trees in a few dozen draw calls', async () => {
    app = await openApp(baseUrl, '?scene=bench2000');
    // A few frames at each view: the counts are what is checked here; the benchmark times more.
    const bench = await measureBench(app.page, true, 4);
    await writeFile(join(RESULTS, 'render-bench.json'), JSON.stringify(bench, null, 2));
    console.log(describeBench(bench));
    expect(bench.figures).toBeGreaterThanOrEqual(2000);
    expect(bench.trees).toBeGreaterThan(2000);
    for (const [name, v] of Object.entries(bench.views)) {
      expect(v.calls, `${name}: draw calls`).toBeGreaterThan(5);
      expect(v.calls, `${name}: draw calls`).toBeLessThan(150);
    }
    // Far away every figure is at its simplest: a 2,000-figure battle costs well under 300k triangles.
    expect(bench.views.overview!.triangles).toBeLessThan(300_000);
    const img = decodePng(await app.page.screenshot());
    expect(colourStats(img).distinct).toBeGreaterThan(200);
    expect(app.errors).toEqual([]);
    // Thousands of trees and figures in software rendering on a shared machine: more than the usual time.
  }, 300_000);
});

