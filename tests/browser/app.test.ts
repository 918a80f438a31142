/**
 * The real page in Debian's Chromium (WebGL through SwiftShader): the table renders, a unit is
 * selected and moved with real mouse clicks, and a bad save file is refused without harming the
 * game in progress. Screenshots land in test-results/ for a person to look at.
 */

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { standRect } from '../../src/core/model';
import { RESULTS, clickTable, idle, infantryThatMay, openApp, project, untilUnitOrder, view, type App } from './browser';
import { colourStats, decodePng } from './png';

const baseUrl = inject('baseUrl');
let app: App | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

describe('the page', () => {
  it('loads and draws the battlefield with WebGL', async () => {
    app = await openApp(baseUrl, '?seed=browser-a');
    const { page } = app;
    await idle(page);
    const canvas = page.getByTestId('canvas-wrap').locator('canvas');
    await expect.poll(() => canvas.count()).toBe(1);
    const png = await canvas.screenshot({ path: join(RESULTS, 'table.png') });
    const img = decodePng(png);
    const stats = colourStats(img);
    // A blank or single-colour canvas has a handful of colours; grass, water, roads, trees and
    // figures under light give hundreds.
    expect(img.width).toBeGreaterThan(300);
    expect(stats.distinct).toBeGreaterThan(150);
    expect(stats.topShare).toBeLessThan(0.5);

    const render = await page.evaluate(() => window.__tricorne!.stats());
    const v = await view(page);
    const stands = v.state.units.filter((u) => !u.removed).reduce((n, u) => n + u.stands.length, 0);
    await writeFile(join(RESULTS, 'render-stats.json'), JSON.stringify({ ...render, units: v.state.units.length, stands }, null, 2));
    console.log(`render: ${render.calls} draw calls, ${render.triangles} triangles for ${stands} stands`);
    expect(render.calls).toBeGreaterThan(5);
    expect(render.calls).toBeLessThan(60);

    await expect.poll(() => page.getByTestId('ruleset-name').textContent()).toMatch(/one-page/i);
    expect(app.errors).toEqual([]);
  });

  it('selects a unit and moves it with real mouse clicks', async () => {
    app = await openApp(baseUrl, '?seed=browser-b');
    const { page } = app;
    await untilUnitOrder(page, 'Advance');

    const { unit, orders } = await infantryThatMay(page, 'Advance');

    // Click on its middle stand, at the height of the figures' chests.
    const stand = unit.stands[Math.floor(unit.stands.length / 2)]!;
    const r = standRect(unit, stand);
    await clickTable(page, r.cx, r.cy, 6);
    await expect.poll(() => page.getByTestId('unit-name').textContent()).toBe(unit.name);

    await page.getByTestId('order-Advance').click();
    await expect.poll(() => page.getByTestId('param-point').isVisible()).toBe(true);

    // A point a few inches straight ahead: hover it first, so the ghost and reach are drawn.
    const advance = orders.find((a) => a.unit === unit.id && a.label === 'Advance')!;
    const reach = advance.params[0]?.kind === 'point' ? advance.params[0].maxReach : 100;
    const dist = Math.min(reach * 0.6, 90);
    const to = { x: unit.x + Math.cos(unit.facing) * dist, y: unit.y + Math.sin(unit.facing) * dist };
    const p = await project(page, to.x, to.y);
    await page.mouse.move(p.x, p.y, { steps: 4 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: join(RESULTS, 'move-ghost.png') });
    await clickTable(page, to.x, to.y);
    await idle(page);
    await page.screenshot({ path: join(RESULTS, 'move-done.png') });

    const after = (await view(page)).state.units.find((u) => u.id === unit.id)!;
    const moved = Math.hypot(after.x - unit.x, after.y - unit.y);
    expect(moved, 'distance the unit moved (mm)').toBeGreaterThan(1);
    // It moved forward, towards the point clicked.
    expect((after.x - unit.x) * Math.cos(unit.facing) + (after.y - unit.y) * Math.sin(unit.facing)).toBeGreaterThan(0);

    const entries = await page.getByTestId('log-entry').allTextContents();
    expect(entries.some((t) => t.includes(unit.name))).toBe(true);
    await expect.poll(() => page.getByTestId('error').count()).toBe(0);
    expect(app.errors).toEqual([]);
  });

  it('asks for hand-rolled dice and explains them in the log', async () => {
    app = await openApp(baseUrl, '?seed=browser-d&dice=manual');
    const { page } = app;
    await page.getByTestId('turn-Roll for initiative').click();
    // Roll-off: one die for each side, asked one throw at a time; the second prompt keeps the first value.
    const prompt = page.getByTestId('dice-prompt');
    await prompt.waitFor();
    expect(await prompt.textContent()).toMatch(/1D6/);
    await page.getByTestId('die-6').click();
    await page.getByTestId('dice-submit').click();
    await expect.poll(() => page.getByTestId('dice-entered').textContent()).toBe('?');
    expect(await prompt.textContent()).toMatch(/Already entered for this order: 6/);
    await page.getByTestId('die-2').click();
    await page.getByTestId('dice-submit').click();
    await expect.poll(() => prompt.count()).toBe(0);
    await idle(page);
    expect((await view(page)).seq).toBe(1);

    // The roll's explanation shows both dice and the chart row.
    const entry = page.locator('details[data-testid="log-entry"]').first();
    await entry.locator('summary').click();
    const explain = entry.getByTestId('log-explain');
    await expect.poll(() => explain.textContent()).toMatch(/6.*2|2.*6/s);
    expect(await explain.textContent()).toMatch(/Chart: Initiative/);
    await page.screenshot({ path: join(RESULTS, 'manual-dice-log.png') });
    expect(app.errors).toEqual([]);
  });

  it('refuses a corrupt save and keeps the game in progress', async () => {
    app = await openApp(baseUrl, '?seed=browser-c');
    const { page } = app;
    // Play an order, so there is a game worth keeping.
    await page.getByTestId('turn-Roll for initiative').click();
    await idle(page);
    const before = await view(page);
    expect(before.seq).toBe(1);

    // Save through the real button (in the Saves dialog), to have a genuine file to damage.
    await page.getByTestId('saves').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('save').click()]);
    const savePath = join(RESULTS, 'save.json');
    await download.saveAs(savePath);
    const { readFile } = await import('node:fs/promises');
    const saved = JSON.parse(await readFile(savePath, 'utf8')) as { stateHash: string };

    const load = page.getByTestId('load-input');

    // 1. Not JSON at all.
    await load.setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"format": "tricorne-save", "log": [') });
    await expect.poll(() => page.getByTestId('error').textContent()).toMatch(/broken\.json.*not valid JSON.*unchanged/s);
    expect((await view(page)).hash).toBe(before.hash);

    // 2. Valid JSON whose recorded position is not what its log replays to.
    const tampered = { ...saved, stateHash: saved.stateHash === '0123456789abcdef' ? 'fedcba9876543210' : '0123456789abcdef' };
    await load.setInputFiles({ name: 'tampered.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(tampered)) });
    await expect.poll(() => page.getByTestId('error').textContent()).toMatch(/tampered\.json.*does not replay to its recorded position/s);
    await page.screenshot({ path: join(RESULTS, 'load-error.png') });
    const after = await view(page);
    expect(after.hash).toBe(before.hash);
    expect(after.seq).toBe(before.seq);

    // The genuine file still loads.
    await load.setInputFiles(savePath);
    await expect.poll(() => page.getByTestId('info').textContent()).toMatch(/Loaded/);
    expect((await view(page)).hash).toBe(before.hash);
  });
});
