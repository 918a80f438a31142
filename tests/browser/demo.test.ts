/**
 * Demonstration mode on the real page (Debian's Chromium, WebGL through SwiftShader): the computer
 * plays both sides with nobody touching the page, the camera follows the action, the "AI thinking"
 * panel and the progress of its thinking are shown, and the page answers keys while it plays. A
 * short battle ends, its result is held, and the next battle begins with the other ruleset and a
 * seed made from the first. Figures (frame times, key latency) go to test-results/demo-figures.json.
 */

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RESULTS, openApp, view, type App } from './browser';
import { colourStats, decodePng } from './png';

const baseUrl = inject('baseUrl');
let app: App | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

function camera(page: Page): Promise<{ x: number; y: number; z: number }> {
  return page.evaluate(() => window.__tricorneCamera!.position());
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : NaN;
};

describe('demonstration mode', () => {
  it('plays both sides by itself, follows the action with the camera and stays responsive', async () => {
    app = await openApp(baseUrl, '?demo=1&seed=demo-show&ruleset=one-page');
    const { page } = app;
    // Record every progress report the page shows while the computer thinks.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __progressSeen: string[] }).__progressSeen = seen;
      new MutationObserver(() => {
        const el = document.querySelector('[data-testid="ai-progress"]');
        if (el) seen.push(`${el.getAttribute('data-done')}/${el.getAttribute('data-total')}`);
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    await expect.poll(() => page.getByTestId('demo-bar').isVisible()).toBe(true);
    const start = await view(page);
    const cam0 = await camera(page);

    // Several orders with no input from anyone.
    await page.waitForFunction((seq) => (window.__tricorne?.view()?.seq ?? 0) >= seq + 8, start.seq, { timeout: 90_000, polling: 200 });
    const cam1 = await camera(page);
    const moved = Math.hypot(cam1.x - cam0.x, cam1.y - cam0.y, cam1.z - cam0.z);
    console.log(`camera moved ${moved.toFixed(0)} mm between the two moments`);
    expect(moved, 'camera travel (mm)').toBeGreaterThan(50);

    // Both sides were played: units of each have moved from where they stood.
    await page.waitForFunction(
      (before) => {
        const v = window.__tricorne?.view();
        if (!v) return false;
        const was = new Map(before.map((u) => [u.id, u]));
        const movedSides = new Set(v.state.units.filter((u) => was.has(u.id) && (u.x !== was.get(u.id)!.x || u.y !== was.get(u.id)!.y)).map((u) => u.side));
        return movedSides.size === v.state.sides.length;
      },
      start.state.units.map((u) => ({ id: u.id, x: u.x, y: u.y })),
      { timeout: 90_000, polling: 250 },
    );

    // The AI's reasons stay on show, and its progress was shown while it thought.
    await expect.poll(() => page.getByTestId('thinking').isVisible()).toBe(true);
    expect(await page.getByTestId('thinking-chosen').count()).toBe(1);
    const progress = await page.evaluate(() => (window as unknown as { __progressSeen: string[] }).__progressSeen);
    expect(progress.length, 'progress reports seen').toBeGreaterThan(0);
    expect(progress.some((p) => /^\d+\/[1-9]\d*$/.test(p))).toBe(true);

    // The page answers keys while the computer plays. Measured in the page: from the key's event
    // time to its handler (how long it waited for the main thread) and to the help overlay in the DOM.
    await page.evaluate(() => {
      const w = window as unknown as { __keys: { queued: number; shown: number; thinking: boolean }[]; __keyAt: number };
      w.__keys = [];
      window.addEventListener(
        'keydown',
        (e) => {
          if (e.key !== '?') return;
          w.__keyAt = e.timeStamp;
          w.__keys.push({ queued: performance.now() - e.timeStamp, shown: NaN, thinking: document.querySelector('[data-testid="ai-progress"]') !== null });
        },
        true,
      );
      new MutationObserver(() => {
        const last = w.__keys[w.__keys.length - 1];
        if (last && Number.isNaN(last.shown) && document.querySelector('[data-testid="help-overlay"]')) last.shown = performance.now() - w.__keyAt;
      }).observe(document.body, { subtree: true, childList: true });
    });
    for (let i = 0; i < 8; i++) {
      // Press as soon as the computer starts thinking (the progress line appears).
      await page.waitForFunction(() => document.querySelector('[data-testid="ai-progress"]') !== null, undefined, { timeout: 30_000, polling: 'raf' });
      await page.keyboard.press('?');
      await page.getByTestId('help-overlay').waitFor();
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByTestId('help-overlay').count()).toBe(0);
    }
    const keys = await page.evaluate(() => (window as unknown as { __keys: { queued: number; shown: number; thinking: boolean }[] }).__keys);
    expect(keys).toHaveLength(8);
    expect(keys.every((k) => Number.isFinite(k.shown))).toBe(true);
    const duringThinking = keys.filter((k) => k.thinking).length;
    console.log(
      `keys during the demonstration: ${duringThinking} of ${keys.length} pressed while the computer was thinking; ` +
        `waited for the main thread median ${median(keys.map((k) => k.queued)).toFixed(1)} ms, help on screen median ${median(keys.map((k) => k.shown)).toFixed(1)} ms`,
    );
    const latencies = keys.map((k) => k.shown);

    // Pause (P) and let the camera settle, so the shot is of a still table.
    await page.keyboard.press('p');
    await expect.poll(() => page.getByTestId('demo-pause').textContent()).toBe('Resume');
    await page.waitForFunction(() => window.__tricorneCamera?.flying() === false && window.__tricorne?.idle() === true, undefined, { timeout: 30_000, polling: 100 });
    await page.waitForTimeout(500);
    await page.evaluate(() => window.__tricorneCamera!.redraw());
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const png = await page.getByTestId('canvas-wrap').locator('canvas').screenshot({ path: join(RESULTS, 'demo.png') });
    const stats = colourStats(decodePng(png));
    expect(stats.distinct).toBeGreaterThan(150);
    expect(stats.topShare).toBeLessThan(0.5);
    await page.screenshot({ path: join(RESULTS, 'demo-page.png') });

    // Main-thread time of each frame drawn in the demonstration, from the performance marks.
    const frames = await page.evaluate(() => performance.getEntriesByName('tricorne-frame', 'measure').map((e) => e.duration));
    expect(frames.length).toBeGreaterThan(20);
    const figures = {
      frames: frames.length,
      medianFrameMs: median(frames),
      p90FrameMs: [...frames].sort((a, b) => a - b)[Math.floor(frames.length * 0.9)],
      keys,
      keysWhileThinking: duringThinking,
      medianKeyToHelpMs: median(latencies),
    };
    console.log(`demo frames: ${figures.frames}, main-thread median ${figures.medianFrameMs.toFixed(1)} ms, p90 ${figures.p90FrameMs!.toFixed(1)} ms`);
    await writeFile(join(RESULTS, 'demo-figures.json'), JSON.stringify(figures, null, 2));
    expect(app.errors).toEqual([]);
  });

  it('holds a finished battle and goes on to a new one with the other ruleset', async () => {
    // A one-turn battle, without dice thrown on the table (the computer would wait for each to settle).
    app = await openApp(baseUrl, '?demo=1&seed=demo-loop&ruleset=one-page&opt.turnLimit=1&dice3d=off');
    const { page } = app;
    await page.getByTestId('demo-speed-fast').click();
    expect(await page.getByTestId('demo-speed-fast').getAttribute('aria-pressed')).toBe('true');
    // The result: the battle report over the table (or the banner, when the report is closed).
    await page.locator('[data-testid="result-screen"], [data-testid="game-over"]').first().waitFor({ timeout: 100_000 });
    // Pause while the result is held: the next battle waits for the pause to end.
    await page.keyboard.press('p');
    const over = await view(page);
    expect(over.state.result).not.toBeNull();
    await page.screenshot({ path: join(RESULTS, 'demo-result.png') });
    await page.waitForTimeout(4000);
    expect((await view(page)).hash, 'still the finished battle while paused').toBe(over.hash);
    await page.keyboard.press('p');
    // The result stays up for a while, then the next battle: Horse & Musket, seed made from the first.
    await page.waitForFunction(() => window.__tricorne?.view()?.state.rulesetId === 'horse-and-musket', undefined, { timeout: 100_000, polling: 250 });
    await expect.poll(() => page.getByTestId('demo-bar').textContent()).toMatch(/battle 2.*seed “demo-loop-2”/);
    const next = await view(page);
    expect(next.state.result).toBeNull();
    expect(next.state.options.armyA).toBe('russia');
    expect(next.state.options.armyB).toBe('prussia-later');
    // Both armies are the program's, and each plans its own flank march.
    expect(next.state.options.plannedForces).toBe('both');
    // It goes on playing the new battle by itself.
    await page.waitForFunction((seq) => (window.__tricorne?.view()?.seq ?? 0) > seq + 2, next.seq, { timeout: 60_000, polling: 250 });
    await page.getByTestId('demo-stop').click();
    await expect.poll(() => page.getByTestId('demo-bar').count()).toBe(0);
    expect(app.errors).toEqual([]);
  });
});
