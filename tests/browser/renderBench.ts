/**
 * Measures the renderer on the 2,000-figure showcase battle (`?scene=bench2000`): at each named
 * camera position, draw calls, triangles, the miniatures' instanced batches, and main-thread time
 * per frame (the three.js render call, and the whole frame with a read-back that waits for it).
 * Shared by the browser test and `bench/render.bench.ts`.
 */

import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { median, quantile } from '../../bench/stats';
import { FIRST_TABLE_FRAME } from '../../src/scene/perfMarks';
import { RESULTS } from './browser';

export interface ViewFigures {
  calls: number;
  triangles: number;
  batches: number;
  instances: number;
  submitMs: number;
  frameMs: number;
  /**
   * Main-thread time per frame, median and 90th percentile: the render call alone (the scene's own
   * work, what a page with a real GPU pays), and the whole frame with a read-back that waits for the
   * drawing (software rendering here, so this follows the machine's load).
   */
  submitMedianMs: number;
  submitP90Ms: number;
  frameMedianMs: number;
  frameP90Ms: number;
  /** Time to move the camera there and draw the first frame (levels of detail rebuilt). */
  moveMs: number;
  /** The same frame with the miniatures hidden: what the table and terrain cost alone. */
  withoutMiniatures: { calls: number; triangles: number; frameMs: number };
}

export interface BenchFigures {
  figures: number;
  trees: number;
  units: number;
  viewport: { width: number; height: number };
  views: Record<string, ViewFigures>;
}

const FRAMES = 24;

/** Time to first render: from navigation start to the first frame drawn with the table and its miniatures, ms. */
export async function firstRenderMs(page: Page): Promise<number> {
  await page.waitForFunction((name) => performance.getEntriesByName(name).length > 0, FIRST_TABLE_FRAME, { timeout: 100_000, polling: 100 });
  return page.evaluate((name) => performance.getEntriesByName(name)[0]!.startTime, FIRST_TABLE_FRAME);
}

/** Measure at every camera position; `frames` timed frames at each (the test takes few, the benchmark more). */
export async function measureBench(page: Page, screenshots = true, frames = FRAMES): Promise<BenchFigures> {
  const meta = await page.evaluate(() => ({
    figures: window.__showcase!.figures,
    trees: window.__showcase!.trees,
    units: window.__tricorne!.view()!.state.units.length,
    cameras: Object.keys(window.__showcase!.cameras),
    viewport: { width: window.innerWidth, height: window.innerHeight },
  }));
  const views: Record<string, ViewFigures> = {};
  for (const name of meta.cameras) {
    const moveMs = await page.evaluate(
      (n) =>
        new Promise<number>((resolve) => {
          const cam = window.__showcase!.cameras[n]!;
          const t0 = performance.now();
          window.__tricorne!.lookFrom(cam.eye, cam.target);
          requestAnimationFrame(() => {
            const t1 = performance.now();
            requestAnimationFrame(() => resolve(t1 - t0));
          });
        }),
      name,
    );
    // Warm up (shader compiles, buffer uploads) before timing.
    await page.evaluate(() => window.__tricorne!.timeFrames(2));
    const { perFrameMs, perSubmitMs, ...t } = await page.evaluate((n) => window.__tricorne!.timeFrames(n), frames);
    const mini = await page.evaluate(() => window.__tricorne!.miniatures());
    const bare = await page.evaluate((n) => {
      window.__tricorne!.setVisible('miniatures', false);
      window.__tricorne!.timeFrames(1);
      const r = window.__tricorne!.timeFrames(n);
      window.__tricorne!.setVisible('miniatures', true);
      return { calls: r.calls, triangles: r.triangles, frameMs: r.frameMs };
    }, Math.ceil(frames / 2));
    const spread = { submitMedianMs: median(perSubmitMs), submitP90Ms: quantile(perSubmitMs, 0.9), frameMedianMs: median(perFrameMs), frameP90Ms: quantile(perFrameMs, 0.9) };
    views[name] = { ...t, ...spread, ...mini, moveMs, withoutMiniatures: bare };
    if (screenshots) await page.screenshot({ path: join(RESULTS, `bench2000-${name}.png`) });
  }
  return { figures: meta.figures, trees: meta.trees, units: meta.units, viewport: meta.viewport, views };
}

export function describeBench(b: BenchFigures): string {
  const lines = [`${b.figures} figures in ${b.units} units, ${b.trees} trees, ${b.viewport.width}x${b.viewport.height} px (SwiftShader)`];
  for (const [name, v] of Object.entries(b.views)) {
    lines.push(
      `  ${name.padEnd(9)} ${String(v.calls).padStart(4)} draw calls (${v.batches} miniature batches, ${v.instances} instances), ` +
        `${v.triangles} triangles, render call median ${v.submitMedianMs.toFixed(1)} ms (p90 ${v.submitP90Ms.toFixed(1)}), ` +
        `whole frame median ${v.frameMedianMs.toFixed(1)} ms (p90 ${v.frameP90Ms.toFixed(1)}), camera move ${v.moveMs.toFixed(1)} ms; ` +
        `without the miniatures ${v.withoutMiniatures.calls} calls, ${v.withoutMiniatures.triangles} triangles, frame ${v.withoutMiniatures.frameMs.toFixed(1)} ms`,
    );
  }
  return lines.join('\n');
}
