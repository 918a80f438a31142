/**
 * Sight on the real page (Debian's Chromium, WebGL through SwiftShader):
 * - a unit selected with a real click, V shades the ground it cannot see and D hatches its dead
 *   ground (screenshots compared before and after), and the viewshed follows the unit when it
 *   advances;
 * - the line-of-sight tool: two real clicks draw the line and open its profile with a caption.
 * Screenshots land in test-results/sight-*.png; the worker's viewshed times in sight-timing.json.
 */

import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { standRect, type Unit } from '../../src/core/model';
import { RESULTS, clickTable, idle, infantryThatMay, openApp, project, untilUnitOrder, view, type App } from './browser';
import { decodePng, type Image } from './png';

const baseUrl = inject('baseUrl');
let app: App | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

async function canvasShot(page: Page, name: string): Promise<Image> {
  // Two frames, so the overlay's new uniforms are drawn before the shot.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const png = await page.getByTestId('canvas-wrap').locator('canvas').screenshot({ path: join(RESULTS, name) });
  return decodePng(png);
}

const luma = (d: Uint8Array, i: number) => 0.299 * d[i]! + 0.587 * d[i + 1]! + 0.114 * d[i + 2]!;

/** How many pixels changed, got darker, or turned to the dead-ground hatching's red. */
function compare(before: Image, after: Image): { changed: number; darker: number; redder: number; total: number } {
  expect([after.width, after.height]).toEqual([before.width, before.height]);
  let changed = 0;
  let darker = 0;
  let redder = 0;
  const a = before.data;
  const b = after.data;
  const red = (d: Uint8Array, i: number) => d[i]! > 120 && d[i]! - d[i + 1]! > 60;
  for (let i = 0; i < a.length; i += 4) {
    const diff = Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!);
    if (diff > 24) changed++;
    if (luma(a, i) - luma(b, i) > 20) darker++;
    if (red(b, i) && !red(a, i)) redder++;
  }
  return { changed, darker, redder, total: a.length / 4 };
}

function unitOf(units: readonly Unit[], id: string): Unit {
  const u = units.find((x) => x.id === id);
  if (!u) throw new Error(`no unit ${id}`);
  return u;
}

describe('sight on the table', () => {
  it('shades what the selected unit sees, hatches its dead ground, and follows it when it moves', async () => {
    app = await openApp(baseUrl, '?seed=tricorne');
    const { page } = app;
    await untilUnitOrder(page, 'Advance');
    const v0 = await view(page);
    const { unit, orders } = await infantryThatMay(page, 'Advance');

    // Select it with a real click on its middle stand.
    const r = standRect(unit, unit.stands[Math.floor(unit.stands.length / 2)]!);
    await clickTable(page, r.cx, r.cy, 6);
    await expect.poll(() => page.getByTestId('unit-name').textContent()).toBe(unit.name);
    // Park the pointer off the table so no tooltip or hover frame differs between the shots.
    await page.mouse.move(3, 300);
    await idle(page);
    const before = await canvasShot(page, 'sight-before.png');

    await page.keyboard.press('v');
    await expect.poll(() => page.getByTestId('sight-legend').isVisible()).toBe(true);
    await idle(page);
    expect(await page.getByTestId('sight-viewshed').getAttribute('aria-pressed')).toBe('true');
    const shaded = await canvasShot(page, 'sight-viewshed.png');
    const v = compare(before, shaded);
    console.log(`viewshed overlay: ${v.changed} of ${v.total} canvas pixels changed, ${v.darker} darker`);
    // A good part of a 6'x4' table is out of sight of any one unit at figure height.
    expect(v.changed / v.total).toBeGreaterThan(0.05);
    expect(v.darker / v.total).toBeGreaterThan(0.04);
    const first = await page.evaluate(() => window.__tricorne!.viewshed());
    expect(first?.unitId).toBe(unit.id);
    expect(first!.seen).toBeGreaterThan(0.02);
    expect(first!.seen).toBeLessThan(0.98);

    // Dead ground: red hatching where a standing figure would be hidden, on top of the shading.
    await page.getByTestId('sight-dead').click();
    await page.mouse.move(3, 300);
    await idle(page);
    const hatched = await canvasShot(page, 'sight-dead-ground.png');
    const d = compare(shaded, hatched);
    console.log(`dead ground: ${d.changed} pixels changed, ${d.redder} turned red (${(first!.dead * 100).toFixed(1)}% of the table is dead ground)`);
    if (first!.dead > 0.01) expect(d.redder).toBeGreaterThan(500);
    await expect.poll(() => page.getByTestId('sight-legend').textContent()).toMatch(/Dead ground/);

    // Another unit's viewshed, now the worker is warm: the time the page reports.
    const other = v0.state.units.find((u) => u.side === unit.side && u.id !== unit.id && u.kind === 'infantry')!;
    const ro = standRect(other, other.stands[0]!);
    await clickTable(page, ro.cx, ro.cy, 6);
    await expect.poll(async () => (await page.evaluate(() => window.__tricorne!.viewshed()))?.unitId).toBe(other.id);
    const warm = (await page.evaluate(() => window.__tricorne!.viewshed()))!;

    // Advance the first unit; the viewshed is worked out again from where it now stands.
    await clickTable(page, r.cx, r.cy, 6);
    await expect.poll(() => page.getByTestId('unit-name').textContent()).toBe(unit.name);
    await idle(page);
    await page.getByTestId('order-Advance').click();
    const advance = orders.find((a) => a.unit === unit.id && a.label === 'Advance')!;
    const reach = advance.params[0]?.kind === 'point' ? advance.params[0].maxReach : 100;
    const dist = Math.min(reach * 0.7, 120);
    const to = { x: unit.x + Math.cos(unit.facing) * dist, y: unit.y + Math.sin(unit.facing) * dist };
    const p = await project(page, to.x, to.y);
    await page.mouse.move(p.x, p.y, { steps: 3 });
    await clickTable(page, to.x, to.y);
    await idle(page);
    const moved = unitOf((await view(page)).state.units, unit.id);
    expect(Math.hypot(moved.x - unit.x, moved.y - unit.y), 'the unit advanced (mm)').toBeGreaterThan(1);
    await expect
      .poll(async () => {
        const now = await page.evaluate(() => window.__tricorne!.viewshed());
        return now && now.unitId === unit.id ? Math.hypot(now.pose.x - moved.x, now.pose.y - moved.y) : -1;
      })
      .toBe(0);
    await page.mouse.move(3, 300);
    await idle(page);
    const after = await canvasShot(page, 'sight-after-advance.png');
    expect(compare(hatched, after).changed).toBeGreaterThan(1000);
    const again = (await page.evaluate(() => window.__tricorne!.viewshed()))!;

    const timing = { table: '72x48", 10 mm cells (184 x 123)', firstMs: first!.ms, warmMs: warm.ms, afterMoveMs: again.ms };
    await writeFile(join(RESULTS, 'sight-timing.json'), JSON.stringify(timing, null, 2));
    console.log(`viewshed in the worker: first ${first!.ms.toFixed(1)} ms, warm ${warm.ms.toFixed(1)} ms, after the move ${again.ms.toFixed(1)} ms`);
    expect(app.errors).toEqual([]);
  });

  it('draws a line of sight with two clicks and shows its profile', async () => {
    app = await openApp(baseUrl, '?seed=tricorne');
    const { page } = app;
    await idle(page);
    const v = await view(page);
    const bf = await page.evaluate(() => window.__tricorne!.view()!.state.battlefield);
    const unit = v.state.units.find((u) => u.kind === 'infantry' && u.side === v.state.sides[0]!.id)!;
    await page.mouse.move(3, 300);
    const before = await canvasShot(page, 'sight-line-before.png');

    await page.getByTestId('sight-tool').click();
    expect(await page.getByTestId('sight-tool').getAttribute('aria-pressed')).toBe('true');
    // First end: the unit itself (a real click on one of its stands), second: a point across the table.
    const r = standRect(unit, unit.stands[0]!);
    await clickTable(page, r.cx, r.cy, 6);
    await expect.poll(() => page.getByTestId('sight-tool-hint').textContent()).toMatch(/other end/);
    const far = { x: Math.min(bf.width - 100, Math.max(100, unit.x + 150)), y: bf.depth * 0.8 };
    await clickTable(page, far.x, far.y);
    const panel = page.getByTestId('sight-profile');
    await panel.waitFor();
    await idle(page);
    const caption = (await page.getByTestId('sight-caption').textContent()) ?? '';
    console.log(`sight line: ${caption}`);
    expect(caption).toMatch(/^(Clear: \d+\.\d"|Blocked .* at \d+\.\d")/);
    expect(await panel.textContent()).toContain(unit.name);
    expect(await panel.locator('svg path').count()).toBeGreaterThan(0);
    if (caption.startsWith('Blocked')) expect(await page.getByTestId('profile-block').count()).toBe(1);
    await page.screenshot({ path: join(RESULTS, 'sight-line.png') });
    // The line is drawn on the table too, green then red, above the profile panel.
    await page.mouse.move(3, 300);
    const drawn = await canvasShot(page, 'sight-line-table.png');
    const lineColours = (img: Image) => {
      let n = 0;
      for (let y = 0; y < img.height * 0.55; y++) {
        for (let x = 0; x < img.width; x++) {
          const i = (y * img.width + x) * 4;
          const [r, g, b] = [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
          if ((g > 170 && r < 120 && b < 150) || (r > 200 && g < 90 && b < 90)) n++;
        }
      }
      return n;
    };
    expect(lineColours(drawn) - lineColours(before)).toBeGreaterThan(100);

    // Escape drops it; L switches the tool off.
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);
    await page.keyboard.press('l');
    expect(await page.getByTestId('sight-tool').getAttribute('aria-pressed')).toBe('false');
    expect(app.errors).toEqual([]);
  });
});
