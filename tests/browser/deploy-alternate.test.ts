/**
 * Alternate placement (Horse & Musket 5B) on the real page, hot seat, seed "dep2": after the
 * compulsory share the Austrians drag a group of two battalions from the list, one behind the other
 * (a second one too far back is refused with the reason), end their group, the Prussians place a
 * group with "Place a group for me", the Austrians stop and send the rest to their reinforcements,
 * and the placing goes on to the Generals and the first turn.
 */

import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RESULTS, idle, legal, openApp, project, view, type App } from './browser';
import { colourStats, decodePng } from './png';

const baseUrl = inject('baseUrl');
const INCH = 25.4;
let app: App | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

async function dragFromList(page: Page, unit: string, x: number, y: number): Promise<void> {
  const box = (await page.getByTestId(`deploy-unit-${unit}`).boundingBox())!;
  const to = await project(page, x * INCH, y * INCH);
  expect(to.onScreen).toBe(true);
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(from.x + ((to.x - from.x) * i) / 12, from.y + ((to.y - from.y) * i) / 12);
  await page.mouse.up();
  await idle(page);
}

async function clickTurn(page: Page, prefix: string): Promise<void> {
  await page.locator(`[data-testid^="turn-${prefix}"]`).click();
  await idle(page);
}

/** Hot seat: take the screen when the table is covered for the other player. */
async function takeScreen(page: Page): Promise<void> {
  if (await page.getByTestId('deploy-handover').count()) {
    await page.getByTestId('deploy-handover-take').click();
    await expect.poll(() => page.getByTestId('deploy-handover').count()).toBe(0);
  }
}

describe('alternate placement (5B)', () => {
  it('places groups in turn from the list, refuses a unit too far behind its group, stops into reinforcements, and starts the battle', { timeout: 240_000 }, async () => {
    app = await openApp(baseUrl, '?ruleset=horse-and-musket&seed=dep2&opt.deployment=alternate&opt.tableSide=fixed');
    const { page } = app;
    await idle(page);
    await clickTurn(page, 'Defend');
    await clickTurn(page, 'Deploy the rest for me');
    await clickTurn(page, 'Deployment done');
    let v = await view(page);
    expect(v.state.phase).toBe('deploy');
    expect(v.state.active).toBe('b');
    expect((await legal(page)).filter((l) => l.group === 'turn').map((l) => l.label)).toEqual(['Place a group for me', 'Stop placing: the other 7 come later as reinforcements']);

    // The Austrians (facing down the table) drag a battalion to 6" from the centre line, on their left.
    const foot = v.state.units.filter((u) => u.side === 'b' && u.carriedBy && u.name.startsWith('Line infantry'));
    const [first, second] = [foot[0]!.id, foot[1]!.id];
    await dragFromList(page, first, 46, 30);
    v = await view(page);
    const placed = v.state.units.find((u) => u.id === first)!;
    expect(placed.carriedBy).toBeUndefined();
    expect(Math.abs(placed.x - 46 * INCH)).toBeLessThan(0.3 * INCH);
    // Only foot may join the group now.
    const joinable = (await legal(page)).filter((l) => l.group === 'deploy').map((l) => v.state.units.find((u) => u.id === l.unit)!.kind);
    expect(joinable.length).toBeGreaterThan(0);
    expect(new Set(joinable)).toEqual(new Set(['infantry']));

    // 11" behind, centre to centre, is more than 9" between the stands: refused with the reason.
    await dragFromList(page, second, 46, 41);
    await expect.poll(() => page.getByTestId('message').textContent()).toContain('must stand directly behind or in front of a unit of its group, at most 9" from it');
    expect((await view(page)).state.units.find((u) => u.id === second)!.carriedBy).toBe('awaiting-deployment');
    await dragFromList(page, second, 46, 38);
    expect((await view(page)).state.units.find((u) => u.id === second)!.carriedBy).toBeUndefined();
    const shot = await page.screenshot({ path: join(RESULTS, 'deploy-alternate-group.png') });
    const stats = colourStats(decodePng(shot));
    expect(stats.distinct).toBeGreaterThan(150);
    expect(stats.topShare).toBeLessThan(0.5);
    await clickTurn(page, 'Group placed');

    // The Prussians' turn: the program places one unit for them.
    await takeScreen(page);
    v = await view(page);
    expect(v.state.active).toBe('a');
    const waitingA = v.state.units.filter((u) => u.side === 'a' && u.carriedBy === 'awaiting-deployment').length;
    await clickTurn(page, 'Place a group for me');
    v = await view(page);
    expect(v.state.units.filter((u) => u.side === 'a' && u.carriedBy === 'awaiting-deployment').length).toBe(waitingA - 1);

    // The Austrians stop: their other units wait off the table as reinforcements.
    await takeScreen(page);
    await clickTurn(page, 'Stop placing');
    v = await view(page);
    expect(v.state.units.filter((u) => u.side === 'b' && u.carriedBy === 'off-table').length).toBeGreaterThan(0);

    // The Prussians place the rest group by group, then both sides their Generals.
    for (let i = 0; i < 40 && (await view(page)).state.phase === 'deploy'; i++) {
      await takeScreen(page);
      const labels = (await legal(page)).filter((l) => l.group === 'turn').map((l) => l.label);
      const next = ['Place a group for me', 'Place my Generals for me', 'Deployment done'].find((p) => labels.some((l) => l.startsWith(p)));
      expect(next, labels.join(' | ')).toBeDefined();
      await clickTurn(page, next!);
    }
    v = await view(page);
    expect(v.state.phase).toBe('decision');
    expect(v.state.active).toBe('b');
    expect(v.state.units.filter((u) => !u.removed && u.carriedBy === 'awaiting-deployment').length).toBe(0);
    await page.screenshot({ path: join(RESULTS, 'deploy-alternate-battle.png') });
    expect(app.errors).toEqual([]);
  });
});
