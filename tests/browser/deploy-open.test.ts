/**
 * Hot seat and alternate placement (Horse & Musket 5B), seed "dep2": groups are placed in the open,
 * so when both sides attack (no secret ground) the screen passes between groups with no cover; with
 * a defender whose woods are secret, his table shows them, and the cover comes back.
 */

import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RESULTS, idle, legal, openApp, view, type App } from './browser';
import { colourStats, decodePng } from './png';

const baseUrl = inject('baseUrl');
let app: App | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

async function clickTurn(page: Page, prefix: string): Promise<void> {
  await page.locator(`[data-testid^="turn-${prefix}"]`).click();
  await idle(page);
}

const covers = async (page: Page): Promise<number> => (await page.getByTestId('deploy-handover').count()) + (await page.getByTestId('hotseat-cover').count());

describe('the pass-the-screen cover in 5B', () => {
  it('does not cover the table between groups placed in the open', { timeout: 240_000 }, async () => {
    app = await openApp(baseUrl, '?ruleset=horse-and-musket&seed=dep2&opt.deployment=alternate&opt.tableSide=fixed');
    const { page } = app;
    await idle(page);
    await clickTurn(page, 'Attack');
    await clickTurn(page, 'Deploy the rest for me');
    await clickTurn(page, 'Deployment done');
    let v = await view(page);
    expect(v.state.phase).toBe('deploy');
    for (let i = 0; i < 4; i++) {
      const side = v.state.active;
      expect((await legal(page)).some((l) => l.label.startsWith('Place a group for me'))).toBe(true);
      await clickTurn(page, 'Place a group for me');
      v = await view(page);
      expect(v.state.active, `group ${i}`).not.toBe(side);
      expect(v.secret).toBe(false);
      // The screen has passed to the other player: his table is on show at once, with nothing to hide.
      expect(await covers(page)).toBe(0);
      await expect.poll(() => page.getByTestId('deploy-panel').isVisible()).toBe(true);
    }
    const shot = await page.screenshot({ path: join(RESULTS, 'deploy-open-no-cover.png') });
    const stats = colourStats(decodePng(shot));
    expect(stats.distinct).toBeGreaterThan(150);
    expect(stats.topShare).toBeLessThan(0.5);
    expect(app.errors).toEqual([]);
  });

  it('covers it when the defender\'s table shows his secret woods', { timeout: 240_000 }, async () => {
    app = await openApp(baseUrl, '?ruleset=horse-and-musket&seed=dep2&opt.deployment=alternate&opt.tableSide=fixed');
    const { page } = app;
    await idle(page);
    await clickTurn(page, 'Defend');
    await clickTurn(page, 'Deploy the rest for me');
    await clickTurn(page, 'Deployment done');
    const side = (await view(page)).state.active;
    await clickTurn(page, 'Place a group for me');
    const v = await view(page);
    expect(v.state.active).not.toBe(side);
    expect(v.secret).toBe(true);
    await expect.poll(() => page.getByTestId('deploy-handover').isVisible()).toBe(true);
    expect(await page.getByTestId('hotseat-cover').count()).toBe(0);
    await page.screenshot({ path: join(RESULTS, 'deploy-open-secret-cover.png') });
    await page.getByTestId('deploy-handover-take').click();
    await expect.poll(() => page.getByTestId('deploy-handover').count()).toBe(0);
    expect(app.errors).toEqual([]);
  });
});
