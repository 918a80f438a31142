/**
 * Split skirmisher fire (B §1.6) on the real page: a game played by the computer on both sides up
 * to the first moment a skirmisher may split or combine its fire is saved, loaded into the page,
 * and the player gives the order through the unit panel's buttons: every plan is listed with its
 * chance, and the one chosen throws 2D6 at each target with the stands allotted to it.
 */

import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { RESULTS, idle, legal, openApp, view, type App } from './browser';
import { GameSession } from '../../src/app/session';
import { makePlayer } from '../../src/ai/players';
import type { LegalAction } from '../../src/core/ruleset';

const baseUrl = inject('baseUrl');
let app: App | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

const isPlan = (l: LegalAction): boolean => l.action.type === 'order' && l.action.order === 'skirmish-plan';

/** A computer-played game up to the first position where a skirmisher may split its fire, as a save. */
function saveWithSplitFire(seed: string): { text: string; unit: string; side: string } {
  const session = new GameSession({ rulesetId: 'horse-and-musket', seed, options: { deployment: 'automatic' } });
  const player = makePlayer('ai:easy:aggressive', seed);
  for (let i = 0; i < 400 && !session.state.result; i++) {
    const side = session.state.active!;
    const offered = session.legal(side);
    const plan = offered.find((l) => isPlan(l) && l.params[0]?.kind === 'choice' && l.params[0].choices.some((c) => c.label.startsWith('Split:')));
    if (plan) return { text: session.saveText('split fire'), unit: plan.unit!, side };
    const { action } = player.choose(session.ruleset, session.state, offered, side);
    if (!action) break;
    const r = session.act(action);
    if (!r.ok) throw new Error(`the computer's action was refused at ${i}`);
  }
  throw new Error(`no split fire came up in game ${seed}`);
}

describe('split skirmisher fire on the page', () => {
  it('lists the plans with their chances and throws at each target with its own stands', async () => {
    const game = saveWithSplitFire('s1');
    app = await openApp(baseUrl, '?ruleset=horse-and-musket&seed=s1&opt.deployment=automatic');
    const { page } = app;
    await idle(page);
    await page.getByTestId('saves').click();
    await page.getByTestId('load-input').setInputFiles({ name: 'split.json', mimeType: 'application/json', buffer: Buffer.from(game.text) });
    // The page replays the save's orders before it says so.
    await expect.poll(() => page.getByTestId('info').textContent(), { timeout: 30_000 }).toMatch(/^Loaded "split.json"/);
    await page.keyboard.press('Escape');
    await idle(page);
    // In hot seat the screen may be covered for the side to act: take it.
    const take = page.locator('[data-testid$="-take"]');
    if (await take.count()) {
      await take.first().click();
      await idle(page);
    }
    const before = await view(page);
    expect(before.state.active).toBe(game.side);
    const order = (await legal(page)).find((l) => isPlan(l) && l.unit === game.unit)!;
    expect(order.label).toMatch(/^Split or combine fire \(/);

    if (!(await page.getByTestId('unit-name').count()) || (await page.getByTestId('unit-name').textContent()) !== before.state.units.find((u) => u.id === game.unit)!.name) {
      await page.getByTestId(`ready-${game.unit}`).click();
    }
    await page.getByTestId(`order-${order.label}`).click();
    const prompt = page.getByTestId('param-choice');
    await prompt.waitFor();
    const labels = await prompt.locator('button').allTextContents();
    const param = order.params[0]!;
    const choice = param.kind === 'choice' ? param.choices : [];
    expect(labels).toEqual(choice.map((c) => c.label));
    for (const l of labels) expect(l).toMatch(/^(Split|Combined): .*\(2D6 ≤ \d+: \d+%\)$/);
    await page.getByTestId('unit-panel').screenshot({ path: join(RESULTS, 'skirmish-plan-choices.png') });

    const split = choice.find((c) => c.label.startsWith('Split:'))!;
    const groups = JSON.parse(split.value) as { target: string; stands: number[] }[];
    await prompt.getByRole('button', { name: split.label }).click();
    await idle(page);
    const after = await view(page);
    expect(after.seq).toBe(before.seq + 1);
    // One throw for each target, with the stands the plan gave it; the unit's order is spent.
    const history = await page.evaluate(() => document.querySelector('[data-testid="log-panel"]')?.textContent ?? '');
    for (const g of groups) {
      const target = after.state.units.find((u) => u.id === g.target)!;
      expect(history).toContain(`fires at ${target.name} with ${g.stands.length} stand${g.stands.length === 1 ? '' : 's'}: 2D6`);
    }
    await page.screenshot({ path: join(RESULTS, 'skirmish-plan-fired.png') });
    expect(app.errors).toEqual([]);
  });
});
