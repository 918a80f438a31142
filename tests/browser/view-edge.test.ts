/**
 * The view from the player's own edge: in Horse & Musket the initiative winner rolls for his side
 * of the table, and when the roll gives the player's army the far edge the view turns round to
 * look from behind it, so his own units are nearest him at the foot of the screen.
 */

import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { RESULTS, idle, openApp, project, view, type App } from './browser';
import { colourStats, decodePng } from './png';

const baseUrl = inject('baseUrl');
let app: App | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

/** Mean screen height (px from the top) of a side's units on the table. */
async function meanScreenY(a: App, side: string): Promise<number> {
  const v = await view(a.page);
  const units = v.state.units.filter((u) => u.side === side && !u.removed && !u.carriedBy);
  expect(units.length).toBeGreaterThan(3);
  let sum = 0;
  for (const u of units) sum += (await project(a.page, u.x, u.y)).y;
  return sum / units.length;
}

describe("the view from the player's own edge", () => {
  it('turns round when the table-side roll gives the player the far edge, and T and Home keep to it', async () => {
    app = await openApp(baseUrl, '', 'newgame');
    const { page } = app;
    await page.getByTestId('ng-ruleset-horse-and-musket').click();
    // On this seed the table-side roll gives the player's army (the first side) the far edge.
    await page.getByTestId('ng-seed').fill('view-edge-3');
    await page.getByTestId('ng-option-deployment').selectOption('automatic');
    await page.getByTestId('ng-opponent-computer').click();
    await page.getByTestId('ng-start').click();
    await page.waitForFunction(() => window.__tricorne?.ready === true, undefined, { timeout: 100_000, polling: 250 });
    await page.waitForFunction(() => window.__tricorne?.view()?.state.sides.some((s) => s.edge), undefined, { timeout: 100_000, polling: 250 });
    await idle(page);
    const v = await view(page);
    expect(v.state.sides.map((s) => [s.id, s.edge])).toEqual([
      ['a', 'far'],
      ['b', 'near'],
    ]);
    await page.waitForFunction(() => window.__tricorneCamera?.flying() === false, undefined, { timeout: 30_000, polling: 100 });

    // The eye stands beyond the far edge (table y grows away from the near edge), looking back.
    const eye = await page.evaluate(() => window.__tricorneCamera!.position());
    const target = await page.evaluate(() => window.__tricorneCamera!.target());
    expect(eye.y - target.y, 'eye beyond the target, towards the far edge (mm)').toBeGreaterThan(500);
    // The player's own army is drawn nearer the foot of the screen than the enemy's.
    const own = await meanScreenY(app, 'a');
    const enemy = await meanScreenY(app, 'b');
    expect(own - enemy, 'own army below the enemy on the screen (px)').toBeGreaterThan(100);
    const shot = join(RESULTS, 'view-edge-far.png');
    await page.screenshot({ path: shot });
    const stats = colourStats(decodePng(await readFile(shot)));
    expect(stats.distinct).toBeGreaterThan(50);

    // Home flies back to the view from the far edge, not to the near edge's.
    await page.evaluate(() => window.__tricorneCamera!.redraw());
    await page.locator('canvas').first().click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('T');
    await page.waitForFunction(() => window.__tricorneCamera?.flying() === false, undefined, { timeout: 30_000, polling: 100 });
    expect(await meanScreenY(app, 'a')).toBeGreaterThan(await meanScreenY(app, 'b'));
    await page.keyboard.press('Home');
    await page.waitForFunction(() => window.__tricorneCamera?.flying() === false, undefined, { timeout: 30_000, polling: 100 });
    const home = await page.evaluate(() => window.__tricorneCamera!.position());
    const homeTarget = await page.evaluate(() => window.__tricorneCamera!.target());
    expect(home.y - homeTarget.y, 'Home: eye beyond the target, towards the far edge (mm)').toBeGreaterThan(500);
    expect((await meanScreenY(app, 'a')) - (await meanScreenY(app, 'b'))).toBeGreaterThan(100);
    expect(app.errors).toEqual([]);
  }, 240_000);
});
