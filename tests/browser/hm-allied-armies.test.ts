/**
 * More than two players on the page, continued: the army builder offers the ally's army on its own
 * tab (its own list, half the points, checked as the engine checks it), and a game with seats
 * survives a reload (the person keeps his seat, the computer goes on with the others) and replays.
 */

import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { RESULTS, reloadApp, idle, legal, openApp, view, type App } from './browser';

const baseUrl = inject('baseUrl');
let app: App | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

describe('allied armies in the army builder', () => {
  it("builds the ally's army on its own tab from its own list to half the points, and fields it", async () => {
    app = await openApp(baseUrl, '', 'newgame');
    const { page } = app;
    await page.getByTestId('ng-ruleset-horse-and-musket').click();
    await page.getByTestId('ng-seed').fill('allied-builder');
    await page.getByTestId('ng-option-deployment').selectOption('automatic');
    await page.getByTestId('ng-option-players').selectOption('allies-a');
    // Three tabs: the first army, its ally, the second army.
    const tabs = await page.locator('[data-testid^="ng-army-tab-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(tabs).toEqual(['ng-army-tab-0', 'ng-army-tab-2', 'ng-army-tab-1']);
    await page.getByTestId('ng-army-tab-2').click();
    expect(await page.getByTestId('ng-army-2-share').textContent()).toContain('80 of 160');
    await page.getByTestId('ng-list-2').selectOption('russia');
    await page.getByTestId('ng-army-mode-2-built').click();
    await expect.poll(() => page.getByTestId('ab-2-ready').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId('ab-2-total').textContent()).toContain("of 80 points");
    expect(await page.getByTestId('ab-2-total').textContent()).toContain("agreed total 160, this army's share 80");
    expect(await page.getByTestId('ab-2').textContent()).toContain('The Russians list');
    // One more battalion than its share allows, and the builder says so; one fewer, and it is ready.
    await page.getByTestId('ab-2-add-musketeers').click();
    await page.getByTestId('ab-2-add-musketeers').click();
    await expect.poll(() => page.getByTestId('ab-2-problems').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId('ab-2-problems').textContent()).toContain('the budget is 80');
    await page.screenshot({ path: join(RESULTS, 'hm-allied-builder-over.png') });
    expect(await page.getByTestId('ng-start').isDisabled()).toBe(true);
    const added = await page.locator('[data-testid^="ab-2-pick-"][data-testid$="-less"]').count();
    expect(added).toBeGreaterThan(0);
    await page.getByTestId('ab-2-clear').click();
    await page.getByTestId('ng-army-mode-2-default').click();
    await page.getByTestId('ng-army-mode-2-built').click();
    await expect.poll(() => page.getByTestId('ab-2-ready').count(), { timeout: 20_000 }).toBe(1);
    const allyTotal = Number((await page.getByTestId('ab-2-total').locator('b').textContent()) ?? 'NaN');
    // The first army, built too, is checked at its own half share (the Prussians' 80 less 15%).
    await page.getByTestId('ng-army-tab-0').click();
    await page.getByTestId('ng-army-mode-0-built').click();
    await expect.poll(() => page.getByTestId('ab-0-ready').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByTestId('ab-0-total').textContent()).toContain('of 68 points');
    await page.getByTestId('ng-army-tab-2').click();
    await page.screenshot({ path: join(RESULTS, 'hm-allied-builder.png') });
    await page.getByTestId('ng-start').click();
    await page.waitForFunction(() => window.__tricorne?.ready === true && !document.querySelector('[data-testid="newgame"]'), undefined, { timeout: 100_000 });
    await idle(page);
    const v = await view(page);
    expect(v.state.options.allyA).toBe('russia');
    const ally = v.state.seats!.find((s) => s.id === 'a2')!;
    expect(ally.name).toBe('Russians Commander-in-chief (ally)');
    expect(ally.units.length).toBeGreaterThan(3);
    expect(allyTotal).toBeLessThanOrEqual(80);
    expect(app.errors).toEqual([]);
  }, 300_000);
});

describe('a game with seats after a reload', () => {
  it('keeps the subordinate seat the person took, lets the computer play the others, and replays', async () => {
    app = await openApp(baseUrl, '', 'newgame');
    const { page } = app;
    await page.getByTestId('ng-ruleset-horse-and-musket').click();
    await page.getByTestId('ng-seed').fill('seats-reload');
    await page.getByTestId('ng-option-deployment').selectOption('automatic');
    await page.getByTestId('ng-option-players').selectOption('subordinate-a');
    await page.getByTestId('ng-seat-a-sub').click();
    await page.getByTestId('ng-start').click();
    await page.waitForFunction(() => window.__tricorne?.ready === true && !document.querySelector('[data-testid="newgame"]'), undefined, { timeout: 100_000 });
    const mine = () => page.waitForFunction(() => window.__tricorne?.view()?.state.activeSeat === 'a-sub' && (window.__tricorne?.legal().length ?? 0) > 0, undefined, { timeout: 240_000, polling: 500 });
    await mine();
    await idle(page);
    const seats = (await view(page)).state.seats!;
    const sub = seats.find((s) => s.id === 'a-sub')!;
    const seating = await page.getByTestId('seating').textContent();
    const general = sub.name.slice(sub.name.indexOf('subordinate General'));
    expect(seating).toBe(`You: ${general} · Computer, for your Commander-in-chief and the Austrians: `);
    await page.screenshot({ path: join(RESULTS, 'hm-seats-topbar.png') });
    const before = await view(page);

    await reloadApp(page);
    const after = await view(page);
    expect(after.hash).toBe(before.hash);
    expect(after.state.activeSeat).toBe('a-sub');
    expect(await page.getByTestId('seating').textContent()).toBe(seating);
    expect((await legal(page)).every((l) => l.action.seat === 'a-sub')).toBe(true);
    await expect.poll(async () => (await page.getByTestId('side-info').textContent()) ?? '').toContain(`You are the ${sub.name}`);

    // He passes; the computer plays his Commander-in-chief and the enemy until his part comes again.
    const turn = after.state.turn;
    await page.getByTestId('turn-Pass').click();
    await page.waitForFunction((t) => window.__tricorne?.view()?.state.activeSeat === 'a-sub' && (window.__tricorne?.view()?.state.turn ?? 0) > t && (window.__tricorne?.legal().length ?? 0) > 0, turn, { timeout: 300_000, polling: 500 });
    await idle(page);
    const later = await view(page);
    expect(later.seq).toBeGreaterThan(after.seq + 1);

    // The replay viewer steps the game with its seats, and gives it back to the subordinate.
    await page.getByTestId('replay').click();
    await expect.poll(() => page.getByTestId('replay-bar').isVisible()).toBe(true);
    await idle(page);
    expect((await view(page)).seq).toBe(0);
    await page.getByTestId('replay-forward').click();
    await expect.poll(async () => (await view(page)).seq).toBe(1);
    expect((await view(page)).state.seats!.map((s) => s.id)).toEqual(seats.map((s) => s.id));
    await page.getByTestId('replay-exit').click();
    await expect.poll(() => page.getByTestId('replay-bar').count()).toBe(0);
    await idle(page);
    const back = await view(page);
    expect(back.hash).toBe(later.hash);
    expect(back.state.activeSeat).toBe('a-sub');
    expect((await legal(page)).every((l) => l.action.seat === 'a-sub')).toBe(true);
    expect(app.errors).toEqual([]);
  }, 600_000);
});
