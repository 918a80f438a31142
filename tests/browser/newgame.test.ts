/**
 * The new-game screen with real clicks, on a fresh profile (no saved game): a Horse & Musket
 * battle with an Austrian army built in the army builder to 160 points, the Russians bought by the
 * program, the computer on normal and cautious, distances in centimetres; and a hot-seat game
 * with hidden movement, where the screen is covered until each player takes it.
 */

import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { RESULTS, clickTable, idle, legal, openApp, view, type App } from './browser';
import { GameSession } from '../../src/app/session';
import type { GameSetup } from '../../src/core/model';
import { BUILT_AUSTRIAN_NAMES } from '../fixtures/builtArmy';

const baseUrl = inject('baseUrl');
let app: App | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

async function ready(page: App['page']): Promise<void> {
  await page.waitForFunction(() => window.__tricorne?.ready === true, undefined, { timeout: 100_000, polling: 250 });
}

describe('the new-game screen', () => {
  it('starts a battle with an army built to points against the computer, in centimetres', async () => {
    app = await openApp(baseUrl, '', 'newgame');
    const { page } = app;
    await page.getByTestId('ng-ruleset-horse-and-musket').click();
    await page.getByTestId('ng-seed').fill('newgame-browser');

    // The first army: Austrians, built by hand from nothing.
    await page.getByTestId('ng-list-0').selectOption('austria');
    await page.getByTestId('ng-army-mode-0-built').click();
    await page.getByTestId('ab-0-ready').waitFor();
    await page.getByTestId('ab-0-clear').click();
    const add = async (item: string, n: number) => {
      for (let k = 0; k < n; k++) await page.getByTestId(`ab-0-add-${item}`).click();
    };
    await add('line-infantry', 5);
    await add('dragoons', 2);
    await add('cuirassiers', 2);
    await add('cannon', 1);
    // Troops alone: 143 of a budget of 184 (160 +15%), and the rulebook's objections.
    await expect.poll(() => page.getByTestId('ab-0-total').textContent()).toMatch(/^143 of 184 points/);
    await expect.poll(() => page.getByTestId('ab-0-problems').textContent()).toContain('The army has no Commander-in-Chief.');
    // The verdict comes from the worker after the total: wait for the one for the whole army.
    await expect.poll(() => page.getByTestId('ab-0-problems').textContent()).toContain('The Generals can command 0 units but 9 units need a Command');
    expect(await page.getByTestId('ng-start').isDisabled()).toBe(true);
    await add('general-cinc', 1);
    await add('general-mediocre', 3);
    await page.getByTestId('ab-0-ready').waitFor();
    expect(await page.getByTestId('ab-0-total').textContent()).toMatch(/^180 of 184 points/);
    expect(await page.getByTestId('ab-0-pick-0-count').textContent()).toBe('5');

    // The second army: Russians, bought by the program.
    await page.getByTestId('ng-army-tab-1').click();
    await page.getByTestId('ng-list-1').selectOption('russia');
    expect(await page.getByTestId('ng-army-mode-1-default').getAttribute('aria-checked')).toBe('true');

    // I command the Austrians against the computer, normal and cautious; distances in centimetres.
    await page.getByTestId('ng-side-0').click();
    expect(await page.getByTestId('ng-side-0').textContent()).toBe('Austrians');
    await page.getByTestId('ng-opponent-computer').click();
    await page.getByTestId('ng-level-normal').click();
    await page.getByTestId('ng-personality-cautious').click();
    await page.getByTestId('ng-length-cm').click();
    await page.getByTestId('ng-army-tab-0').click();
    await page.screenshot({ path: join(RESULTS, 'newgame-filled.png') });
    // The progress panel may come and go quickly: a watcher records what it said while it was up.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { progressSeen: string[] }).progressSeen = seen;
      new MutationObserver(() => {
        const p = document.querySelector('[data-testid="ng-progress"]');
        if (p?.textContent && !seen.includes(p.textContent.replace(/\d+ s$/, ''))) seen.push(p.textContent.replace(/\d+ s$/, ''));
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await page.getByTestId('ng-start').click();
    await ready(page);
    const progress = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    expect(progress[0]).toContain('Setting up the battle…');
    expect(progress[0]).toContain('Laying out the battlefield and raising the armies');
    expect(await page.getByTestId('newgame').count()).toBe(0);

    // Exactly those armies: ours as built, the Russians as the engine buys them for this setup.
    const v = await view(page);
    expect(v.state.sides.map((s) => s.name)).toEqual(['Austrians', 'Russians']);
    // The computer's army is left to the program, so it plans its own flank march (plannedForces).
    expect(v.state.options).toMatchObject({ armyA: 'austria', armyB: 'russia', points: 160, hiddenMovement: false, plannedForces: 'b' });
    expect(v.state.units.filter((u) => u.side === 'a').map((u) => u.name)).toEqual(BUILT_AUSTRIAN_NAMES);
    const roster = {
      list: 'austria',
      picks: [
        { item: 'line-infantry', stands: 5, count: 5 },
        { item: 'dragoons', stands: 5, count: 2 },
        { item: 'cuirassiers', stands: 5, count: 2 },
        { item: 'cannon', count: 1 },
        { item: 'general-cinc', count: 1 },
        { item: 'general-mediocre', count: 3 },
      ],
    };
    const expected: GameSetup = { rulesetId: 'horse-and-musket', seed: 'newgame-browser', dice: 'seeded', options: { armyA: 'austria', armyB: 'russia', plannedForces: 'b' }, armies: { a: roster } };
    const node = new GameSession(expected).view();
    const names = (units: { side: string; name: string }[], side: string) => units.filter((u) => u.side === side).map((u) => u.name);
    expect(names(v.state.units, 'b')).toEqual(names(node.state.units, 'b'));
    expect(names(v.state.units, 'b').filter((n) => n.startsWith('Musketeers')).length).toBeGreaterThan(0);

    // The computer plays the Russians, normal and cautious.
    expect(await page.getByTestId('opponent').inputValue()).toBe('ai:normal:cautious');
    expect(await page.getByTestId('opponent').locator('..').textContent()).toContain('Opponent (Russians)');

    // Distances on the page are in centimetres: a line of sight between two table points.
    await idle(page);
    await page.getByTestId('sight-tool').click();
    const bf = v.state.battlefield;
    const from = { x: bf.width * 0.3, y: bf.depth * 0.5 };
    const to = { x: bf.width * 0.6, y: bf.depth * 0.5 };
    await clickTable(page, from.x, from.y);
    await clickTable(page, to.x, to.y);
    await page.getByTestId('sight-profile').waitFor();
    const profile = (await page.getByTestId('sight-profile').textContent()) ?? '';
    expect(await page.getByTestId('sight-caption').textContent()).toMatch(/\d+\.\d cm/);
    const cm = Number(/(\d+\.\d) cm away/.exec(profile)?.[1]);
    // The clicks land within a few millimetres of the points asked for.
    expect(Math.abs(cm * 10 - (to.x - from.x))).toBeLessThan(15);
    await page.screenshot({ path: join(RESULTS, 'newgame-started.png') });
    expect(app.errors).toEqual([]);
    // Many clicks and a whole battle set up: more than the usual time on a busy two-core machine.
  }, 240_000);

  it('hands the screen over between players in hot seat with hidden movement', async () => {
    app = await openApp(baseUrl, '', 'newgame');
    const { page } = app;
    // The one-page rules have no army lists: the screen says they field their preset armies.
    await page.getByTestId('ng-ruleset-one-page').click();
    expect(await page.getByTestId('ng-preset-armies').textContent()).toContain('One-page horse & musket rules fields its preset armies: Prussians and Austrians.');
    expect(await page.getByTestId('ng-scenario-river-crossing').count()).toBe(1);
    await page.screenshot({ path: join(RESULTS, 'newgame-one-page.png') });
    await page.getByTestId('ng-ruleset-horse-and-musket').click();
    await page.getByTestId('ng-seed').fill('hotseat-browser');
    await page.getByTestId('ng-opponent-human').click();
    await page.getByTestId('ng-option-hiddenMovement').check();
    // The program deploys both armies, so the first hand-over after the start is the turn's.
    await page.getByTestId('ng-option-deployment').selectOption('automatic');
    await expect.poll(() => page.locator('.ng-help', { hasText: 'Hot seat' }).textContent()).toContain('the table is covered whenever the screen passes to the other player');
    await page.getByTestId('ng-start').click();
    await ready(page);

    // The side to act (the initiative winner) must take the screen first.
    let v = await view(page);
    const first = v.state.sides.find((s) => s.id === v.state.active)!;
    const cover = page.getByTestId('hotseat-cover');
    await cover.waitFor();
    expect(await cover.textContent()).toContain(`Pass the screen to the ${first.name}`);
    // Nothing of the table shows: the cover is on top at the middle of the table and of the side panel.
    const canvas = (await page.getByTestId('canvas-wrap').boundingBox())!;
    const onTop = (x: number, y: number) => page.evaluate(([px, py]) => !!document.elementFromPoint(px!, py!)?.closest('[data-testid="hotseat-cover"]'), [x, y]);
    expect(await onTop(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2)).toBe(true);
    expect(await onTop(1270, 400)).toBe(true);
    await page.screenshot({ path: join(RESULTS, 'newgame-hotseat-cover.png') });
    await page.getByTestId('hotseat-cover-take').click();
    expect(await cover.count()).toBe(0);

    // He defends, then passes his turn: the screen must go to the other player.
    const defend = (await legal(page)).find((l) => l.action.type === 'choose-posture' && l.action.choice === 'defend')!;
    await page.getByTestId(`turn-${defend.label}`).click();
    await idle(page);
    expect(await cover.count()).toBe(0);
    await page.getByTestId('turn-Pass').click();
    await idle(page);
    v = await view(page);
    const second = v.state.sides.find((s) => s.id === v.state.active)!;
    expect(second.id).not.toBe(first.id);
    await cover.waitFor();
    expect(await cover.textContent()).toContain(`Pass the screen to the ${second.name}`);
    // The page already shows only what the second side may know.
    expect(v.viewer).toBe(second.id);
    await page.getByTestId('hotseat-cover-take').click();
    expect(await cover.count()).toBe(0);

    // A new game over a battle in progress asks first; keeping it leaves the battle as it was.
    const hash = v.hash;
    await page.getByTestId('new-game').click();
    await page.getByTestId('ng-start').click();
    const confirm = page.getByTestId('ng-confirm');
    expect(await confirm.textContent()).toContain('Abandon the battle in progress?');
    await page.getByTestId('ng-confirm-keep').click();
    expect(await confirm.count()).toBe(0);
    await page.getByTestId('ng-back').click();
    expect(await page.getByTestId('newgame').count()).toBe(0);
    expect((await view(page)).hash).toBe(hash);
    expect(app.errors).toEqual([]);
  }, 240_000);
});
