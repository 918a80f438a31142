/**
 * More than two players on the real page (Horse & Musket A §8.3): against the computer the person
 * takes the subordinate General's seat under a computer Commander-in-chief; in hot seat the screen
 * passes from seat to seat, each cover naming the seat, and the side panel shows that seat's hand.
 */

import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { RESULTS, idle, legal, openApp, view, type App } from './browser';
import { decodePng } from './png';

const baseUrl = inject('baseUrl');
let app: App | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

/** The side panel's text, section by section. */
async function panelText(app: App): Promise<string> {
  return (await app.page.getByTestId('side-info').textContent()) ?? '';
}

/** Distinct colours among a screenshot's pixels, coarsely binned: a covered or blank page has few. */
function colourCount(png: Buffer): number {
  const img = decodePng(png);
  const seen = new Set<number>();
  for (let k = 0; k < img.data.length; k += 4 * 37) seen.add(((img.data[k]! >> 4) << 8) | ((img.data[k + 1]! >> 4) << 4) | (img.data[k + 2]! >> 4));
  return seen.size;
}

describe('more than two players on the page', () => {
  it('against the computer, the person plays the subordinate General and the computer the rest', async () => {
    app = await openApp(baseUrl, '', 'newgame');
    const { page } = app;
    await page.getByTestId('ng-ruleset-horse-and-musket').click();
    await page.getByTestId('ng-seed').fill('seats-browser');
    await page.getByTestId('ng-option-deployment').selectOption('automatic');
    await page.getByTestId('ng-option-players').selectOption('subordinate-a');
    await page.getByTestId('ng-seat-a-sub').click();
    await page.screenshot({ path: join(RESULTS, 'hm-seats-newgame.png') });
    expect(await page.getByTestId('ng-seat-a-sub').getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('ng-start').click();
    await page.waitForFunction(() => window.__tricorne?.ready === true && !document.querySelector('[data-testid="newgame"]'), undefined, { timeout: 100_000 });
    // The computer chooses the posture and plays the other seats until the subordinate's part comes.
    await page.waitForFunction(() => window.__tricorne?.view()?.state.activeSeat === 'a-sub' && (window.__tricorne?.legal().length ?? 0) > 0, undefined, { timeout: 240_000, polling: 500 });
    await idle(page);
    const v = await view(page);
    const sub = v.state.seats!.find((s) => s.id === 'a-sub')!;
    expect(sub.role).toBe('subordinate');
    const orders = await legal(page);
    expect(orders.every((l) => l.action.seat === 'a-sub')).toBe(true);
    expect(orders.map((l) => l.label)).toContain('Pass');
    await expect.poll(() => panelText(app!)).toContain(`You are the ${sub.name}`);
    expect(await panelText(app)).toContain('Your turn: the moment of decision');
    const shot = await page.screenshot({ path: join(RESULTS, 'hm-seats-subordinate.png') });
    expect(colourCount(shot)).toBeGreaterThan(40);
    // He passes; his Commander-in-chief (the computer) takes his part of the same turn.
    const turn = v.state.turn;
    await page.getByTestId('turn-Pass').click();
    await page.waitForFunction(() => window.__tricorne?.view()?.state.activeSeat !== 'a-sub', undefined, { timeout: 60_000, polling: 250 });
    const after = await view(page);
    expect(after.state.activeSeat).toBe('a');
    expect(after.state.turn).toBe(turn);
    expect(app.errors).toEqual([]);
  }, 420_000);

  it('in hot seat, the screen passes seat by seat and each cover names the seat', async () => {
    app = await openApp(baseUrl, '', 'newgame');
    const { page } = app;
    await page.getByTestId('ng-ruleset-horse-and-musket').click();
    await page.getByTestId('ng-seed').fill('seats-hotseat');
    await page.getByTestId('ng-option-deployment').selectOption('automatic');
    await page.getByTestId('ng-option-players').selectOption('allies-a');
    await page.getByTestId('ng-opponent-human').click();
    await page.getByTestId('ng-start').click();
    await page.waitForFunction(() => window.__tricorne?.ready === true && !document.querySelector('[data-testid="newgame"]'), undefined, { timeout: 100_000 });
    await idle(page);
    const seatNames = new Map((await view(page)).state.seats!.map((s) => [s.id, s.name]));
    const covered: string[] = [];
    // The posture by the initiative side's first seat, then a pass a player turn: the cover comes up
    // each time the seat to act changes, and names it.
    for (let i = 0; i < 5; i++) {
      await idle(page);
      const acting = (await view(page)).state.activeSeat!;
      const cover = page.getByTestId('hotseat-cover');
      if (await cover.count()) {
        expect((await cover.textContent()) ?? '').toContain(`Pass the screen to the ${seatNames.get(acting)}`);
        if (covered.length === 1) await page.screenshot({ path: join(RESULTS, 'hm-seats-cover.png') });
        covered.push(acting);
        await page.getByTestId('hotseat-cover-take').click();
        await idle(page);
      }
      await expect.poll(() => panelText(app!)).toContain(`You are the ${seatNames.get(acting)}`);
      if (i === 2) await page.screenshot({ path: join(RESULTS, 'hm-seats-hotseat-panel.png') });
      const l = await legal(page);
      const next = l.find((x) => x.action.type === 'choose-posture' && x.action.choice === 'defend') ?? l.find((x) => x.action.type === 'pass')!;
      await page.getByTestId(`turn-${next.label}`).click();
    }
    for (let i = 1; i < covered.length; i++) expect(covered[i]).not.toBe(covered[i - 1]);
    expect(new Set(covered)).toEqual(new Set(['a', 'a2', 'b']));
    expect(app.errors).toEqual([]);
  }, 300_000);
});
