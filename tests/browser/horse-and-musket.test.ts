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

    // Discarding for the compulsory moves asks which card (A §7.8), with no unit selected.
    const before = (await view(page)).state;
    const side = before.active!;
    await page.getByTestId('turn-Discard a card for the compulsory moves').click();
    const prompt = page.getByTestId('param-choice');
    await prompt.waitFor();
    await page.getByTestId('unit-panel').screenshot({ path: join(RESULTS, 'hm-discard-choice.png') });
    const offered = await prompt.locator('button').allTextContents();
    const hand = (before.rules as { sides: Record<string, { hand: string[] }> }).sides[side]!.hand;
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.length).toBeLessThanOrEqual(hand.filter((id) => id !== 'joker').length);
    // The last card offered (cards alike are offered once, so pick from the buttons).
    const button = prompt.locator('button').last();
    const pick = (await button.getAttribute('data-testid'))!.replace(/^choice-/, '');
    expect(hand).toContain(pick);
    await button.click();
    await idle(page);
    const after = (await view(page)).state.rules as { discard: string[]; sides: Record<string, { hand: string[] }> };
    expect(after.discard).toContain(pick);
    expect(after.sides[side]!.hand).not.toContain(pick);
    expect(app.errors).toEqual([]);
  });
});
