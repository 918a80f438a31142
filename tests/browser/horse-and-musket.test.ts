/**
 * The Horse & Musket ruleset on the real page (armies set up by the program): the armies are drawn, and the turn buttons take the
 * side to act from the moment of decision through reorganisation to the action step, where its
 * units' orders name the card each one spends.
 */

import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { RESULTS, idle, legal, openApp, view, type App } from './browser';
import { colourStats, decodePng } from './png';

const baseUrl = inject('baseUrl');
let app: App | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

describe('a Horse & Musket battle', () => {
  it('draws both armies and plays a turn up to the orders', async () => {
    app = await openApp(baseUrl, '?ruleset=horse-and-musket&seed=browser-hm&opt.deployment=automatic');
    const { page } = app;
    await idle(page);
    const v = await view(page);
    expect(v.state.rulesetId).toBe('horse-and-musket');
    expect(v.state.phase).toBe('posture');
    const kinds = new Set(v.state.units.map((u) => u.kind));
    expect([...kinds].sort()).toEqual(['artillery', 'cavalry', 'commander', 'infantry']);

    // The initiative winner chooses to defend (B §6.1); the terrain is rolled, the program sets up
    // both armies on it, and the first turn begins.
    const defend = (await legal(page)).find((l) => l.action.type === 'choose-posture' && l.action.choice === 'defend')!;
    await page.getByTestId(`turn-${defend.label}`).click();
    await idle(page);
    expect((await view(page)).state.phase).toBe('decision');
    const png = await page.getByTestId('canvas-wrap').locator('canvas').screenshot({ path: join(RESULTS, 'horse-and-musket.png') });
    const stats = colourStats(decodePng(png));
    expect(stats.distinct).toBeGreaterThan(150);
    expect(stats.topShare).toBeLessThan(0.5);
    await page.getByTestId('turn-Issue orders').click();
    await idle(page);
    expect((await view(page)).state.phase).toBe('reorganisation');
    await page.getByTestId('turn-Reorganisation done').click();
    await idle(page);
    expect((await view(page)).state.phase).toBe('action');
    const orders = (await legal(page)).filter((l) => l.unit && l.action.type === 'order');
    expect(orders.length).toBeGreaterThan(0);
    // Every order says which card it spends: "Move (Unit card: ...)" or "(General card)".
    for (const o of orders) expect(o.label).toMatch(/\((Unit card|General card)/);
    expect(app.errors).toEqual([]);
  });
});
