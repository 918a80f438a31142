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

/**
 * Look closely at a throw, as a player would, save the picture, and check it is no flat colour and
 * shows the dice's own colour.
 */
async function closeUp(page: Page, thrown: DiceReport['throws'][number], file: string, only?: number): Promise<void> {
  const looked = only === undefined ? thrown.dice : [thrown.dice[only]!];
  const cx = looked.reduce((a, d) => a + d.x, 0) / looked.length;
  const cy = looked.reduce((a, d) => a + d.y, 0) / looked.length;
  await page.evaluate(([x, y]) => window.__tricorne!.focus(x!, y!, 150), [cx, cy]);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const centre = await page.evaluate(([x, y]) => window.__tricorne!.project(x!, y!, 8), [cx, cy]);
  const clip = { x: centre.x - 160, y: centre.y - 110, width: 320, height: 220 };
  const img = decodePng(await page.screenshot({ path: join(RESULTS, file), clip }));
  const stats = colourStats(img);
  expect(stats.distinct).toBeGreaterThan(60);
  expect(stats.topShare).toBeLessThan(0.5);
  // The dice's own colour is on screen (lit or shaded, within a band of it).
  const [r, g, b] = hexToRgb(thrown.colour);
  let diePixels = 0;
  for (let i = 0; i < img.data.length; i += 4) {
    if (Math.hypot(img.data[i]! - r, img.data[i + 1]! - g, img.data[i + 2]! - b) < 60) diePixels++;
  }
  expect(diePixels).toBeGreaterThan(200);
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
    await closeUp(page, initiative.throws[0]!, 'dice-initiative.png');

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
    const param = shoot.params[0]!;
    expect(param.kind).toBe('unit');
    const targetId = param.kind === 'unit' ? param.choices[0]! : '';
    const target = before.state.units.find((u) => u.id === targetId)!;
    // Back from the close-up, looking at the gun and its target.
    await page.evaluate(([x, y]) => window.__tricorne!.focus(x!, y!, 2600), [(gun.x + target.x) / 2, (gun.y + target.y) / 2]);
    await clickTable(page, gunRect.cx, gunRect.cy, 4);
    await page.getByTestId('order-Shoot').click();
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
    await closeUp(page, t!, 'dice-close.png');
    expect(app.errors).toEqual([]);
  });

  it('throws the polyhedral dice as their own shapes landing on the values asked, and a D3 as a D6 read halved', async () => {
    app = await openApp(baseUrl, '?seed=dice-poly&dice3d=keep');
    const { page } = app;
    const before = await view(page);
    const side = before.state.sides[0]!;
    const unit = before.state.units.find((u) => u.side === side.id && u.kind === 'infantry')!;
    const rolls = [
      { purpose: 'a D10', sides: 10, values: [10, 7, 1] },
      { purpose: 'a D20', sides: 20, values: [20, 13] },
      { purpose: 'a D4', sides: 4, values: [4, 1] },
      { purpose: 'a D8', sides: 8, values: [8, 3] },
      { purpose: 'a D12', sides: 12, values: [12, 5] },
      { purpose: 'a D3', sides: 3, values: [3, 1, 2] },
    ];
    await page.evaluate((e) => window.__tricorne!.throwDice(e), [{ type: 'test-throw', text: 'dice of every kind', side: side.id, unit: unit.id, dice: rolls }]);
    const report = await settled(page);
    expect(report.throws.map((t) => t.die)).toEqual([10, 20, 4, 8, 12, 6]);
    for (const [i, t] of report.throws.entries()) {
      expect(t.values).toEqual(rolls[i]!.values);
      // Each drawn die shows the face asked for, lying plainly on the ground.
      expect(t.shown, t.purpose).toEqual(t.faces);
      for (const f of t.flat) expect(f).toBeGreaterThan(0.94);
      if (t.sides === 3) expect(t.faces.map((f) => Math.ceil(f / 2))).toEqual(t.values);
      else expect(t.faces).toEqual(t.values);
      expect(t.colour).toBe(side.colour);
    }
    // The whole spread of throws beside the unit, as a player sees it.
    const all = report.throws.flatMap((t) => t.dice);
    await page.evaluate(([x, y]) => window.__tricorne!.focus(x!, y!, 700), [all.reduce((a, d) => a + d.x, 0) / all.length, all.reduce((a, d) => a + d.y, 0) / all.length]);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.getByTestId('canvas-wrap').screenshot({ path: join(RESULTS, 'dice-polyhedral.png') });
    // Each kind from close by, one die at a time, as a player leans over to read it.
    await closeUp(page, report.throws[0]!, 'dice-d10.png', 0);
    await closeUp(page, report.throws[1]!, 'dice-d20.png', 0);
    await closeUp(page, report.throws[4]!, 'dice-d12.png', 0);
    await closeUp(page, report.throws[2]!, 'dice-d4.png', 0);
    await closeUp(page, report.throws[3]!, 'dice-d8.png', 0);
    // Only a picture: the game is untouched.
    expect((await view(page)).hash).toBe(before.hash);
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
    // The whole report in the message: where a wrong face was drawn says what went wrong.
    for (const t of report.throws) expect(t.shown, JSON.stringify({ phase: report.phase, ...t })).toEqual(t.values);
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

  it('throws the computer\'s dice too, and the computer waits for them to settle before its next order', async () => {
    app = await openApp(baseUrl, '?seed=dice-ai&dice3d=fast');
    const { page } = app;
    await page.getByTestId('opponent').selectOption('ai:easy');
    await page.getByTestId('turn-Roll for initiative').click();
    await idle(page);
    // If the player won the initiative, let the computer go first.
    if ((await legal(page)).some((o) => o.label === 'Go second')) await page.getByTestId('turn-Go second').click();
    const computer = (await view(page)).state.sides[1]!.id;
    // Watch the page for a while: the phase of the dice, the orders logged, and every settled throw.
    const watched = await page.evaluate(
      ({ side, ms }) =>
        new Promise<{ samples: { phase: string; orders: number }[]; settled: { side: string | null; values: number[]; shown: number[] }[] }>((resolve) => {
          const samples: { phase: string; orders: number }[] = [];
          const settled: { side: string | null; values: number[]; shown: number[] }[] = [];
          const timer = setInterval(() => {
            const d = window.__tricorne!.dice();
            const orders = window.__tricorne!.view()?.seq ?? 0;
            const last = samples[samples.length - 1];
            if (d.phase === 'settled' && last?.phase !== 'settled') {
              for (const t of d.throws) settled.push({ side: t.side, values: t.values, shown: t.shown });
            }
            samples.push({ phase: d.phase, orders });
            const done = settled.filter((t) => t.side === side).length >= 3;
            if (done) {
              clearInterval(timer);
              resolve({ samples, settled });
            }
          }, 40);
          setTimeout(() => {
            clearInterval(timer);
            resolve({ samples, settled });
          }, ms);
        }),
      { side: computer, ms: 80_000 },
    );
    const theirs = watched.settled.filter((t) => t.side === computer);
    expect(theirs.length).toBeGreaterThanOrEqual(3);
    for (const t of watched.settled) expect(t.shown).toEqual(t.values);
    // No new order while the dice were still rolling.
    for (let i = 1; i < watched.samples.length; i++) {
      const [a, b] = [watched.samples[i - 1]!, watched.samples[i]!];
      if (a.phase === 'rolling' && b.phase === 'rolling') expect(b.orders).toBe(a.orders);
    }
    expect(app.errors).toEqual([]);
  });
});
