/**
 * The ruleset's side panel and table shapes on the real page: a Horse & Musket player sees his own
 * hand, and selecting a cavalry unit draws its threat zone, its Attack range and its wheel arcs.
 */

import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { RESULTS, clickTable, idle, legal, openApp, project, view, type App } from './browser';
import type { LegalAction } from '../../src/core/ruleset';

const baseUrl = inject('baseUrl');
let app: App | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

/** In hot seat the screen is covered when the other side is to act with secrets: its player takes it. */
async function takeScreen(page: App['page']): Promise<void> {
  const cover = page.getByTestId('hotseat-cover');
  if ((await cover.count()) === 0) return;
  await page.getByTestId('hotseat-cover-take').click();
  await expect.poll(() => cover.count()).toBe(0);
  await idle(page);
}

/** Choose to defend (the armies are placed once the terrain is rolled), and take the screen. */
async function toTheBattle(page: App['page']): Promise<void> {
  const defend = (await legal(page)).find((l) => l.action.type === 'choose-posture' && l.action.choice === 'defend');
  expect(defend, 'the posture is chosen first').toBeDefined();
  await page.getByTestId(`turn-${defend!.label}`).click();
  await idle(page);
  await takeScreen(page);
}

/** The part of the Horse & Musket game record this test reads. */
interface HmRules {
  sides: Record<string, { hand: string[] }>;
}

describe('the side panel and the rule overlays', () => {
  it('lists the hand and draws a selected cavalry unit\'s threat zone', async () => {
    app = await openApp(baseUrl, '?ruleset=horse-and-musket&seed=panels-hm&opt.deployment=automatic');
    const { page } = app;
    await idle(page);
    await toTheBattle(page);
    const v = await view(page);
    const active = v.state.active!;
    const hand = (v.state.rules as HmRules).sides[active]!.hand;

    // The panel shows the side to act (hot seat) and every card of its hand.
    const panel = page.getByTestId('side-info');
    await expect.poll(() => panel.getAttribute('data-side')).toBe(active);
    const handSection = panel.locator('[data-testid="side-info-section"][data-title^="Hand"]');
    await expect.poll(() => handSection.getAttribute('data-title')).toBe(`Hand (${hand.length})`);
    // Identical cards are listed once with a count ("Artillery card ×2").
    const lines = await handSection.getByTestId('side-info-item').allInnerTexts();
    const counted = lines.reduce((n, line) => n + Number(/×(\d+)/.exec(line)?.[1] ?? 1), 0);
    expect(counted).toBe(hand.length);
    const text = await panel.innerText();
    expect(text).toContain('Deck:');

    // Select an unshaken cavalry unit with a real click on its Colour Stand.
    const cav = v.state.units.find((u) => u.kind === 'cavalry' && !u.removed && ['lightCav', 'heavyCav', 'cuirassier'].includes(String(u.type)));
    expect(cav, 'the battle has close-order cavalry').toBeDefined();
    await page.evaluate(([x, y]) => window.__tricorne!.focus(x!, y!, 1500), [cav!.x, cav!.y + 150]);
    await idle(page);
    await clickTable(page, cav!.x, cav!.y, 6);
    await idle(page);
    await expect.poll(() => page.getByTestId('unit-name').innerText()).toBe(cav!.name);
    await expect
      .poll(() => page.evaluate((name) => window.__tricorne!.ruleOverlays().labels.some((l) => l.startsWith(`Attack range of ${name}`)), cav!.name), { timeout: 20_000 })
      .toBe(true);
    const shown = await page.evaluate(() => window.__tricorne!.ruleOverlays());
    // Its threat zone is drawn (faint when an enemy zone neutralises it), and its Command's General's range.
    expect(shown.labels.some((l) => l.startsWith(`Threat zone of ${cav!.name}`))).toBe(true);
    expect(shown.labels.some((l) => l.startsWith('Leadership range of'))).toBe(true);
    expect(shown.meshes).toBeGreaterThanOrEqual(shown.count);
    await idle(page);
    await page.screenshot({ path: join(RESULTS, 'panels.png') });
    expect(app.errors).toEqual([]);
  });

  it('previews a move as the pointer moves, and the unit ends where the ghost stood', async () => {
    app = await openApp(baseUrl, '?ruleset=horse-and-musket&seed=panels-hm&opt.deployment=automatic');
    const { page } = app;
    await idle(page);
    // Through the turn's first steps to the orders.
    let move: LegalAction | undefined;
    for (let i = 0; i < 8 && !move; i++) {
      const l = await legal(page);
      move = l.find((a) => a.unit && a.action.order === 'move' && a.params[0]?.kind === 'point' && (a.params[0] as { sectors?: unknown }).sectors && a.label.startsWith('Move'));
      if (move) break;
      const turn = l.find((a) => !a.unit && a.group === 'turn' && !/pass|end/i.test(a.label)) ?? l.find((a) => !a.unit);
      if (!turn) break;
      await page.getByTestId(`turn-${turn.label}`).click();
      await idle(page);
      await takeScreen(page);
    }
    expect(move, 'some unit may move straight ahead').toBeDefined();
    const v = await view(page);
    const unit = v.state.units.find((u) => u.id === move!.unit)!;
    await page.getByTestId(`ready-${unit.id}`).click();
    await page.getByTestId(`order-${move!.label}`).click();
    await page.getByTestId('param-point').waitFor();
    // Point 3" straight ahead of the Colour Stand.
    const ahead = { x: unit.x + Math.cos(unit.facing) * 76, y: unit.y + Math.sin(unit.facing) * 76 };
    await page.evaluate(([x, y]) => window.__tricorne!.focus(x!, y!, 1300), [ahead.x, ahead.y]);
    await idle(page);
    const p = await project(page, ahead.x, ahead.y);
    await page.mouse.move(p.x - 20, p.y);
    await page.mouse.move(p.x, p.y, { steps: 4 });
    await expect.poll(() => page.evaluate(() => window.__tricorne!.preview()), { timeout: 15_000 }).not.toBeNull();
    await page.waitForTimeout(300);
    const preview = await page.evaluate(() => window.__tricorne!.preview());
    expect(preview?.ok, JSON.stringify(preview)).toBe(true);
    const ghost = preview?.ok ? preview.units.find((u) => u.id === unit.id) : undefined;
    expect(ghost, 'the unit moves in the preview').toBeDefined();
    expect(await page.getByTestId('preview-text').innerText()).not.toBe('');
    await page.screenshot({ path: join(RESULTS, 'panels-move.png') });
    await page.mouse.click(p.x, p.y);
    await idle(page);
    const after = (await view(page)).state.units.find((u) => u.id === unit.id)!;
    expect(after.x).toBeCloseTo(ghost!.x, 0);
    expect(after.y).toBeCloseTo(ghost!.y, 0);
    expect(after.facing).toBeCloseTo(ghost!.facing, 3);
    expect(app.errors).toEqual([]);
  });
});
