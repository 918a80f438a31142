/**
 * Dice thrown on the table in the real page: after an order with dice, every throw's dice settle
 * beside the units, in the thrower's colours, and the value on top of each drawn die (read from its
 * drawn rotation) is the engine's value, as the log lists it. Space skips the roll; with the dice
 * turned off the log still lists every die. Screenshots land in test-results/ for a person to look at.
 */

import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { standRect } from '../../src/core/model';
import type { DiceReport } from '../../src/scene/dice/DiceLayer';
import { RESULTS, clickTable, idle, legal, openApp, view, type App } from './browser';
import { colourStats, decodePng } from './png';

const baseUrl = inject('baseUrl');
let app: App | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

function dice(page: Page): Promise<DiceReport> {
  return page.evaluate(() => window.__tricorne!.dice());
}

async function settled(page: Page): Promise<DiceReport> {
  await page.waitForFunction(() => ['settled', 'fading'].includes(window.__tricorne!.dice().phase), undefined, { timeout: 60_000, polling: 100 });
  return dice(page);
}

/** The dice of the newest log entry that has any, as the log panel lists them. */
async function loggedDice(page: Page): Promise<number[][]> {
  const entry = page.locator('[data-testid="log-entry"]:has(.roll)').last();
  await entry.locator('summary').click();
  const rolls = entry.locator('.roll');
  const out: number[][] = [];
  for (let i = 0; i < (await rolls.count()); i++) out.push((await rolls.nth(i).locator('.die').allTextContents()).map(Number));
  return out;
}

function hexToRgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

describe('dice on the table', () => {
  it('land showing the engine values of every throw, in each side\'s colours, beside the units', async () => {
    app = await openApp(baseUrl, '?seed=dice-browser&dice3d=keep');
    const { page } = app;
    expect(await dice(page)).toMatchObject({ enabled: true, keep: true, phase: 'none', throws: [] });

    // The initiative: one die for each side.
    await page.getByTestId('turn-Roll for initiative').click();
    const initiative = await settled(page);
    const v = await view(page);
    const colour = (side: string) => v.state.sides.find((s) => s.id === side)!.colour;
    expect(initiative.throws.map((t) => t.side)).toEqual(v.state.sides.map((s) => s.id));
    expect(initiative.throws.map((t) => t.values)).toEqual(await loggedDice(page));
    for (const t of initiative.throws) {
      expect(t.colour).toBe(colour(t.side!));
      expect(t.shown).toEqual(t.values);
    }

    // Going first throws no dice: the initiative dice are cleared at once.
    await page.getByTestId('turn-Go first').click();
    await idle(page);
    await expect.poll(async () => (await dice(page)).throws.length).toBe(0);

    // A gun shoots: its two dice are thrown beside it.
    const orders = await legal(page);
    const shoot = orders.find((o) => o.label === 'Shoot')!;
    expect(shoot).toBeDefined();
    const before = await view(page);
    const gun = before.state.units.find((u) => u.id === shoot.unit)!;
    const gunRect = standRect(gun, gun.stands[0]!);
    await clickTable(page, gunRect.cx, gunRect.cy, 4);
    await page.getByTestId('order-Shoot').click();
    const param = shoot.params[0]!;
    expect(param.kind).toBe('unit');
    const targetId = param.kind === 'unit' ? param.choices[0]! : '';
    const target = before.state.units.find((u) => u.id === targetId)!;
    const targetRect = standRect(target, target.stands[Math.floor(target.stands.length / 2)]!);
    await clickTable(page, targetRect.cx, targetRect.cy, 4);
    const shot = await settled(page);
    expect(shot.throws).toHaveLength(1);
    const [t] = shot.throws;
    expect(t!.values).toEqual((await loggedDice(page))[0]);
    expect(t!.values.length).toBeGreaterThan(1);
    expect(t!.side).toBe(gun.side);
    expect(t!.colour).toBe(colour(gun.side));
    // Each drawn die shows the engine's value, lies flat on the ground, on the table, near the gun.
    expect(t!.shown).toEqual(t!.values);
    for (const [i, d] of t!.dice.entries()) {
      // Thrown on fairly level ground: each die lies plainly on a face (within about 20° of level).
      expect(t!.flat[i]).toBeGreaterThan(0.94);
      expect(d.z).toBeGreaterThan(16 * 0.35);
      expect(d.z).toBeLessThan(16 * 0.75);
      expect(d.x).toBeGreaterThan(0);
      expect(d.x).toBeLessThan(before.state.battlefield.width);
      expect(Math.hypot(d.x - gun.x, d.y - gun.y)).toBeLessThan(450);
    }

    const cx = t!.dice.reduce((a, d) => a + d.x, 0) / t!.dice.length;
    const cy = t!.dice.reduce((a, d) => a + d.y, 0) / t!.dice.length;
    // From a little way off, with the gun that threw them, as a player sees the table.
    await page.evaluate(([x, y]) => window.__tricorne!.focus(x!, y!, 700), [(cx + gun.x) / 2, (cy + gun.y) / 2]);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.getByTestId('canvas-wrap').screenshot({ path: join(RESULTS, 'dice-table.png') });
    // Close up on the dice, as a player would look at them.
    await page.evaluate(([x, y]) => window.__tricorne!.focus(x!, y!, 150), [cx, cy]);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const centre = await page.evaluate(([x, y]) => window.__tricorne!.project(x!, y!, 8), [cx, cy]);
    const clip = { x: centre.x - 160, y: centre.y - 110, width: 320, height: 220 };
    const png = await page.screenshot({ path: join(RESULTS, 'dice-close.png'), clip });
    const img = decodePng(png);
    const stats = colourStats(img);
    expect(stats.distinct).toBeGreaterThan(60);
    expect(stats.topShare).toBeLessThan(0.5);
    // The dice's own colour is on screen (lit or shaded, within a band of it).
    const [r, g, b] = hexToRgb(t!.colour);
    let diePixels = 0;
    for (let i = 0; i < img.data.length; i += 4) {
      const dr = img.data[i]! - r;
      const dg = img.data[i + 1]! - g;
      const db = img.data[i + 2]! - b;
      if (Math.hypot(dr, dg, db) < 60) diePixels++;
    }
    expect(diePixels).toBeGreaterThan(200);
    expect(app.errors).toEqual([]);
  });

  it('skips to rest on Space, and when turned off throws nothing while the log still lists the dice', async () => {
    app = await openApp(baseUrl, '?seed=dice-skip&dice3d=on');
    const { page } = app;
    await page.getByTestId('turn-Roll for initiative').click();
    await page.waitForFunction(() => ['rolling', 'recording'].includes(window.__tricorne!.dice().phase), undefined, { timeout: 60_000, polling: 20 });
    await page.keyboard.press('Space');
    const report = await settled(page);
    expect(report.keep).toBe(false);
    for (const t of report.throws) expect(t.shown).toEqual(t.values);
    // Left alone, they fade away after a few seconds.
    await page.waitForFunction(() => window.__tricorne!.dice().phase === 'none', undefined, { timeout: 60_000, polling: 200 });
    expect((await dice(page)).throws).toEqual([]);

    await page.getByTestId('dice3d').uncheck();
    await expect.poll(async () => (await dice(page)).throws.length).toBe(0);
    await page.getByTestId('turn-Go first').click();
    await idle(page);
    // An Advance throws its move die: the log lists it, the table shows nothing.
    const orders = await legal(page);
    const advance = orders.find((o) => o.label === 'Advance')!;
    const unit = (await view(page)).state.units.find((u) => u.id === advance.unit)!;
    const rect = standRect(unit, unit.stands[0]!);
    await clickTable(page, rect.cx, rect.cy, 4);
    await page.getByTestId('order-Advance').click();
    const to = { x: unit.x + Math.cos(unit.facing) * 60, y: unit.y + Math.sin(unit.facing) * 60 };
    await clickTable(page, to.x, to.y);
    await idle(page);
    expect((await loggedDice(page)).flat().length).toBeGreaterThan(0);
    expect(await dice(page)).toMatchObject({ enabled: false, phase: 'none', throws: [] });
    expect(app.errors).toEqual([]);
  });
});
