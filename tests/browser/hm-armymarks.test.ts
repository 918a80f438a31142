/**
 * The army builder's marks with real clicks: a Horse & Musket army whose battalions are bought
 * Poorly Trained and whose dragoons are sent on a flank march (left flank, near half, from the 3rd
 * Joker), priced by the book; the battle starts with them off the table, and the side panel says
 * where and when they are due.
 */

import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { RESULTS, idle, legal, openApp, view, type App } from './browser';

const baseUrl = inject('baseUrl');
let app: App | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

/** The part of the Horse & Musket game record this test reads. */
interface HmRules {
  forces?: { side: string; kind: string; flank: string; plannedJoker: number; units: string[] }[];
}

describe('flanking forces and bought statuses in the army builder', () => {
  it('marks the dragoons as a flanking force, prices it, and shows when and where it is due', async () => {
    app = await openApp(baseUrl, '', 'newgame');
    const { page } = app;
    await page.getByTestId('ng-ruleset-horse-and-musket').click();
    await page.getByTestId('ng-seed').fill('armymarks-browser');
    await page.getByTestId('ng-option-deployment').selectOption('automatic');
    await page.getByTestId('ng-opponent-computer').click();
    await page.getByTestId('ng-list-0').selectOption('austria');
    await page.getByTestId('ng-army-mode-0-built').click();
    await page.getByTestId('ab-0-ready').waitFor();
    // The default Austrian army: 176 of 184 points, the dragoons its third pick.
    await expect.poll(() => page.getByTestId('ab-0-total').textContent()).toMatch(/^176 of 184 points/);
    expect(await page.getByTestId('ab-0-pick-2').textContent()).toContain('Dragoons');

    // Dragoons of 3 stands (8 points) on a flank march: +2 a mounted stand = 14.
    await page.getByTestId('ab-0-pick-2-stands').selectOption('3');
    await page.getByTestId('ab-0-pick-2-arrival').selectOption('flank-left-near');
    // The near half of a flank may be planned from the 2nd Joker: the choice starts there.
    expect(await page.getByTestId('ab-0-pick-2-turn').inputValue()).toBe('2');
    await page.getByTestId('ab-0-pick-2-turn').selectOption('3');
    await expect.poll(() => page.getByTestId('ab-0-pick-2-points').textContent()).toBe('14 pts');
    // The four line battalions bought Poorly Trained: −2 each.
    await page.getByTestId('ab-0-pick-0-status').selectOption('poorlyTrained');
    await expect.poll(() => page.getByTestId('ab-0-pick-0-points').textContent()).toBe('32 pts');
    await page.getByTestId('ab-0-ready').waitFor();
    await expect.poll(() => page.getByTestId('ab-0-total').textContent()).toMatch(/^166 of 184 points/);
    await page.getByTestId('ab-0-pick-2').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: join(RESULTS, 'armymarks-builder.png') });

    // The far half of a flank starts from the 3rd Joker: the builder offers no earlier one.
    await page.getByTestId('ab-0-pick-2-arrival').selectOption('flank-left-far');
    expect(await page.getByTestId('ab-0-pick-2-turn').inputValue()).toBe('3');
    expect(await page.getByTestId('ab-0-pick-2-turn').locator('option').first().getAttribute('value')).toBe('3');
    await page.getByTestId('ab-0-pick-2-arrival').selectOption('flank-left-near');
    await page.getByTestId('ab-0-pick-2-turn').selectOption('3');
    await page.getByTestId('ab-0-ready').waitFor();

    await page.getByTestId('ng-start').click();
    await page.waitForFunction(() => window.__tricorne?.ready === true, undefined, { timeout: 100_000, polling: 250 });
    await idle(page);
    // If the Austrians won the initiative they choose: defend.
    const defend = (await legal(page)).find((l) => l.action.type === 'choose-posture' && l.action.side === 'a' && l.action.choice === 'defend');
    if (defend) {
      await page.getByTestId(`turn-${defend.label}`).click();
      await idle(page);
    }

    const v = await view(page);
    const forces = (v.state.rules as HmRules).forces ?? [];
    expect(forces.map((f) => ({ side: f.side, kind: f.kind, flank: f.flank, plannedJoker: f.plannedJoker }))).toEqual([{ side: 'a', kind: 'nearFlank', flank: 'left', plannedJoker: 3 }]);
    const dragoons = v.state.units.find((u) => u.id === forces[0]!.units[0]);
    expect(dragoons?.name).toBe('Dragoons 1');
    expect(dragoons?.carriedBy).toBe('off-table');
    const infantry = v.state.units.filter((u) => u.side === 'a' && u.name.startsWith('Line infantry'));
    // Bought Poorly Trained; one set up beyond its General's range is a status lower still (B §6.4).
    expect(infantry.length).toBe(4);
    for (const u of infantry) expect(u.quality, u.name).toBe((u.rs as { outOfCommand: boolean }).outOfCommand ? 'unreliable' : 'poorlyTrained');

    // The side panel says where the force comes on and when it is diced for.
    const panel = page.getByTestId('side-info');
    await expect.poll(() => panel.getAttribute('data-side')).toBe('a');
    const section = panel.locator('[data-testid="side-info-section"][data-title="Coming on later"]');
    await expect.poll(() => section.count()).toBe(1);
    const text = await section.innerText();
    expect(text).toContain('Flanking force: Dragoons 1');
    expect(text).toContain('on the near half of your left flank');
    expect(text).toMatch(/dice for it after the 3rd Joker \(\d played\)/);
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(RESULTS, 'armymarks-due.png') });
    expect(app.errors).toEqual([]);
  }, 240_000);
});
