/**
 * Deployment by the players on the real page (Horse & Musket, seed "dep2", hot seat): the zone is
 * shaded, a unit dragged with the real mouse from the list is set up where it is dropped, a drop
 * outside the zone is refused with the reason, a unit on the table is dragged to a new place, the
 * screen is handed over between the secret plans, and "Deployment done" starts the battle.
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

/** Press on a screen point, move there in steps with the button held, and let go. */
async function dragTo(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(from.x + ((to.x - from.x) * i) / 12, from.y + ((to.y - from.y) * i) / 12);
  await page.mouse.up();
}

/** Drag a waiting unit from the deployment list to a table point (inches). */
async function dragFromList(page: Page, unit: string, x: number, y: number): Promise<void> {
  const box = (await page.getByTestId(`deploy-unit-${unit}`).boundingBox())!;
  const target = await project(page, x * INCH, y * INCH);
  expect(target.onScreen).toBe(true);
  await dragTo(page, { x: box.x + box.width / 2, y: box.y + box.height / 2 }, target);
  await idle(page);
}

async function unitAt(page: Page, id: string) {
  return (await view(page)).state.units.find((u) => u.id === id)!;
}

async function clickTurn(page: Page, prefix: string): Promise<void> {
  await page.locator(`[data-testid^="turn-${prefix}"]`).click();
  await idle(page);
}

describe('deployment by the players', () => {
  it('drags units into the zone, refuses a drop outside it, hands the screen over, and starts the battle', async () => {
    app = await openApp(baseUrl, '?ruleset=horse-and-musket&seed=dep2&opt.tableSide=fixed');
    const { page } = app;
    await idle(page);
    expect((await view(page)).state.phase).toBe('posture');
    await clickTurn(page, 'Defend');
    let v = await view(page);
    expect(v.state.phase).toBe('deploy');
    expect(v.state.active).toBe('b');
    await expect.poll(() => page.evaluate(() => window.__tricorne!.ruleOverlays().labels)).toEqual([
      'your half of the table, more than 18" from the side edges',
      'your half of the table, edge to edge (horse, skirmishers, Generals)',
    ]);
    const foot = v.state.units.filter((u) => u.side === 'b' && u.name.startsWith('Line infantry'));
    const [first, second] = [foot[0]!.id, foot[1]!.id];
    await expect.poll(() => page.getByTestId('deploy-panel').isVisible()).toBe(true);

    // The deployment screen: the far half shaded for the Austrians.
    const shot = await page.screenshot({ path: join(RESULTS, 'deploy-screen.png') });
    const stats = colourStats(decodePng(shot));
    expect(stats.distinct).toBeGreaterThan(150);
    expect(stats.topShare).toBeLessThan(0.5);

    // A drop inside the zone: the Colour Stand stands where the mouse let go.
    await dragFromList(page, first, 36, 34);
    const placed = await unitAt(page, first);
    expect(placed.carriedBy).toBeUndefined();
    expect(Math.abs(placed.x - 36 * INCH)).toBeLessThan(0.3 * INCH);
    expect(Math.abs(placed.y - 34 * INCH)).toBeLessThan(0.3 * INCH);
    expect(placed.facing).toBeCloseTo(-Math.PI / 2, 6);

    // A drop in the side band, where foot may not stand: refused with the reason, nothing placed.
    await dragFromList(page, second, 8, 34);
    await expect.poll(() => page.getByTestId('message').textContent()).toContain('must stand wholly inside its deployment zone');
    expect((await unitAt(page, second)).carriedBy).toBe('awaiting-deployment');

    // A unit on the table dragged by its Colour Stand to a new place.
    const grab = await project(page, 36 * INCH, 34 * INCH);
    const to = await project(page, 30 * INCH, 38 * INCH);
    await dragTo(page, grab, to);
    await idle(page);
    const moved = await unitAt(page, first);
    expect(Math.abs(moved.x - 30 * INCH)).toBeLessThan(0.5 * INCH);
    expect(Math.abs(moved.y - 38 * INCH)).toBeLessThan(0.5 * INCH);
    // Selected now: turned 15° and formed in column from the panel.
    await page.getByTestId('deploy-turn-left').click();
    await idle(page);
    expect((await unitAt(page, first)).facing).toBeCloseTo(-Math.PI / 2 + Math.PI / 12, 6);
    await page.getByTestId('deploy-formation-column').click();
    await idle(page);
    expect((await unitAt(page, first)).formation).toBe('column');

    await dragFromList(page, second, 44, 30);
    expect((await unitAt(page, second)).carriedBy).toBeUndefined();
    await page.screenshot({ path: join(RESULTS, 'deploy-placed.png') });

    // The compulsory share is done; the Austrians' plan: the rest set up for them, then done.
    await clickTurn(page, 'Deployment done');
    await clickTurn(page, 'Deploy the rest for me');
    expect((await view(page)).state.units.filter((u) => u.side === 'b' && u.carriedBy).length).toBe(0);
    await clickTurn(page, 'Deployment done');

    // Hot seat: the table is covered until the Prussian player takes the screen, and his view holds
    // only the two Austrian battalions set up in the open.
    await expect.poll(() => page.getByTestId('deploy-handover').isVisible()).toBe(true);
    v = await view(page);
    expect(v.state.active).toBe('a');
    expect(v.state.units.filter((u) => u.side === 'b' && !u.carriedBy).map((u) => u.id).sort()).toEqual([first, second].sort());
    // The same cover as hidden movement's: the whole page, side panel included, under the side's name.
    const prussians = v.state.sides.find((s) => s.id === 'a')!.name;
    expect(await page.getByTestId('deploy-handover').textContent()).toContain(`Pass the screen to the ${prussians}`);
    expect(await page.evaluate(() => !!document.elementFromPoint(1270, 400)?.closest('[data-testid="deploy-handover"]'))).toBe(true);
    await page.screenshot({ path: join(RESULTS, 'deploy-handover.png') });
    await page.getByTestId('deploy-handover-take').click();
    await expect.poll(() => page.getByTestId('deploy-handover').count()).toBe(0);
    expect((await legal(page)).some((l) => l.label.startsWith('Deploy the rest for me'))).toBe(true);
    await clickTurn(page, 'Deploy the rest for me');
    await clickTurn(page, 'Deployment done');

    // The battle begins with the Austrians' first turn, both armies on the table.
    v = await view(page);
    expect(v.state.phase).toBe('decision');
    expect(v.state.active).toBe('b');
    expect(v.state.units.filter((u) => !u.removed && u.carriedBy).length).toBe(0);
    await expect.poll(() => page.getByTestId('deploy-panel').count()).toBe(0);
    await page.screenshot({ path: join(RESULTS, 'deploy-battle.png') });
    expect(app.errors).toEqual([]);
  });
});
