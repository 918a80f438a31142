/**
 * A battle on real ground: a landscape file picked on the new-game screen (an ESRI ASCII grid with
 * a round hill in the middle), its relief chosen, and the battle started on it; a damaged file is
 * refused with its reason and the choice left as it was.
 */

import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { RESULTS, openApp, view, type App } from './browser';

const baseUrl = inject('baseUrl');
let app: App | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

/** 3 x 2 km of ground, 50 m samples, with a hill 80 m high and 1.2 km across in the middle. */
function hillAsc(): string {
  const lines = ['ncols 61', 'nrows 41', 'xllcorner 612000', 'yllcorner 5540000', 'cellsize 50', 'NODATA_value -9999'];
  for (let r = 0; r < 41; r++) {
    const y = (40 - r) * 50;
    const row: string[] = [];
    for (let c = 0; c < 61; c++) row.push((300 + Math.max(0, 80 * (1 - (Math.hypot(c * 50 - 1500, y - 1000) / 600) ** 2))).toFixed(1));
    lines.push(row.join(' '));
  }
  return lines.join('\n');
}

describe('real ground from a file', () => {
  it('is read, summarised, and fought on, with the relief chosen', async () => {
    app = await openApp(baseUrl, '', 'ng-start');
    const { page } = app;
    await page.getByTestId('ng-ruleset-one-page').click();
    await page.getByRole('button', { name: 'Real ground from a file' }).click();
    // Start waits for a file.
    expect(await page.getByTestId('ng-start').isDisabled()).toBe(true);
    expect(await page.getByTestId('ng-blocker').textContent()).toBe('Choose a landscape file for the real ground.');

    // A damaged file is refused with its reason.
    await page.getByTestId('landscape-file').setInputFiles({ name: 'broken.asc', mimeType: 'text/plain', buffer: Buffer.from('ncols 3\nnrows 2\ncellsize 1\n1 2 3\n') });
    await expect.poll(() => page.locator('.landscape-error').textContent()).toMatch(/^broken\.asc: /);

    await page.getByTestId('landscape-relief').selectOption('4');
    await page.getByTestId('landscape-file').setInputFiles({ name: 'hill.asc', mimeType: 'text/plain', buffer: Buffer.from(hillAsc()) });
    await expect.poll(() => page.getByTestId('landscape-summary').textContent()).toContain('hill.asc: 61 x 41 samples, 3000 x 2000 ground units, 80.0 of relief.');
    expect(await page.locator('.landscape-error').count()).toBe(0);
    expect(await page.getByTestId('ng-start').isDisabled()).toBe(false);
    await page.getByTestId('ng-seed').fill('real-ground');
    await page.screenshot({ path: join(RESULTS, 'realground-newgame.png') });
    await page.getByTestId('ng-start').click();
    await page.waitForFunction(() => window.__tricorne?.ready === true, undefined, { timeout: 100_000, polling: 250 });

    const v = await view(page);
    expect(v.state.battlefield.elevation).toMatch(/^ground-[0-9a-f]{16}$/);
    // The hill stands in the middle of the table, 4" (101.6 mm) above the lowest ground.
    const [top, corner, side] = await page.evaluate(() => {
      const w = window.__tricorne!;
      const bf = w.view()!.state.battlefield;
      return [w.groundAt(bf.width / 2, bf.depth / 2), w.groundAt(40, 40), w.groundAt(bf.width / 2 + 0.25 * bf.depth, bf.depth / 2)];
    });
    expect(top - corner).toBeGreaterThan(95);
    expect(top - corner).toBeLessThan(102);
    // Halfway out from the top (0.25 of the table's depth, 500 m of the 600 m radius): 80 (1 - (500/600)^2) m.
    expect(side - corner).toBeCloseTo(101.6 * (1 - (500 / 600) ** 2), -1);
    await page.screenshot({ path: join(RESULTS, 'realground-table.png') });
    expect(app.errors).toEqual([]);
  });
});
