/**
 * Keeping games in the browser, with real clicks in Chromium: a reload in the middle of an order
 * resumes it with nothing lost, an undone order is not resumed, named saves live in IndexedDB
 * across reloads, and a damaged file is refused with the reason while the game goes on untouched.
 */

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { standRect } from '../../src/core/model';
import { RESULTS, reloadApp, clickTable, idle, infantryThatMay, legal, openApp, project, untilUnitOrder, view, type App } from './browser';

const baseUrl = inject('baseUrl');
let app: App | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

const logCount = (page: Page) => page.getByTestId('log-entry').count();

describe('autosave', () => {
  it('a reload in the middle of an order resumes the game, the opponent and the order with nothing lost', async () => {
    app = await openApp(baseUrl, '?seed=saves-reload');
    const { page } = app;
    await untilUnitOrder(page, 'Advance');
    const start = await view(page);
    // The person plays the first side; the computer would play the second.
    expect(start.state.active).toBe(start.state.sides[0]!.id);
    await page.getByTestId('opponent').selectOption('ai:easy');
    await idle(page);

    const { unit, orders } = await infantryThatMay(page, 'Advance');
    const stand = unit.stands[Math.floor(unit.stands.length / 2)]!;
    const r = standRect(unit, stand);
    await clickTable(page, r.cx, r.cy, 6);
    await expect.poll(() => page.getByTestId('unit-name').textContent()).toBe(unit.name);
    await page.getByTestId('order-Advance').click();
    await expect.poll(() => page.getByTestId('param-point').isVisible()).toBe(true);
    await idle(page);

    const before = await view(page);
    const logBefore = await logCount(page);
    expect(before.seq).toBeGreaterThan(1);

    await reloadApp(page);

    const after = await view(page);
    expect(after.hash).toBe(before.hash);
    expect(after.seq).toBe(before.seq);
    expect(await logCount(page)).toBe(logBefore);
    expect(await page.getByTestId('opponent').inputValue()).toBe('ai:easy');
    // The order half given is still asked for, for the same unit.
    await expect.poll(() => page.getByTestId('unit-name').textContent()).toBe(unit.name);
    expect(await page.getByTestId('param-point').isVisible()).toBe(true);
    await page.screenshot({ path: join(RESULTS, 'saves-resumed-order.png') });

    // And it can be finished: a point a few inches ahead.
    const advance = orders.find((a) => a.unit === unit.id && a.label === 'Advance')!;
    const reach = advance.params[0]?.kind === 'point' ? advance.params[0].maxReach : 100;
    const dist = Math.min(reach * 0.6, 90);
    const to = { x: unit.x + Math.cos(unit.facing) * dist, y: unit.y + Math.sin(unit.facing) * dist };
    const p = await project(page, to.x, to.y);
    await page.mouse.move(p.x, p.y, { steps: 3 });
    await clickTable(page, to.x, to.y);
    await idle(page);
    const moved = (await view(page)).state.units.find((u) => u.id === unit.id)!;
    expect(Math.hypot(moved.x - unit.x, moved.y - unit.y)).toBeGreaterThan(1);

    // The unit's tooltip says what it did this turn, and says the same after another reload, rebuilt
    // from the restored game rather than from the page's memory.
    const thisTurn = async () => {
      await page.mouse.move(5, 5);
      const mr = standRect(moved, moved.stands[Math.floor(moved.stands.length / 2)]!);
      const at = await project(page, mr.cx, mr.cy, 6);
      expect(at.onScreen).toBe(true);
      await page.mouse.move(at.x, at.y, { steps: 3 });
      await page.getByTestId('tooltip-turn').waitFor();
      return (await page.getByTestId('tooltip-turn').textContent()) ?? '';
    };
    const moveText = (await page.getByTestId('log-entry').allTextContents()).find((t) => t.includes(unit.name)) ?? '';
    const livePlay = await thisTurn();
    expect(livePlay).toMatch(/^This turn: /);
    expect(livePlay).not.toContain('nothing yet');
    expect(livePlay).toContain(unit.name);
    expect(moveText).toContain(livePlay.replace(/^This turn: /, '').replace(/…$/, '').slice(0, 40));
    await reloadApp(page);
    expect(await thisTurn()).toBe(livePlay);
    await page.screenshot({ path: join(RESULTS, 'saves-tooltip-after-reload.png') });
    expect(app.errors).toEqual([]);
  });

  it('a reload while the engine waits for the person to meet a charge resumes at that choice', async () => {
    app = await openApp(baseUrl, '?seed=short&opt.turnLimit=2');
    const { page } = app;
    await page.getByTestId('opponent').selectOption('scripted');
    const person = (await view(page)).state.sides[0]!.id;
    // The person only ends activations and shooting, until the computer's charge asks for a reaction.
    for (let guard = 0; guard < 200; guard++) {
      await idle(page);
      const v = await view(page);
      expect(v.state.result, 'the battle ended before any charge').toBeNull();
      const l = await legal(page);
      if (v.state.active === person && l.some((a) => a.label === 'Stand')) break;
      const turn = v.state.active === person ? l.find((a) => !a.unit) : undefined;
      if (turn) await page.getByTestId(`turn-${turn.label}`).click();
      else await page.waitForTimeout(250);
    }
    const before = await view(page);
    const orders = (await legal(page)).map((a) => `${a.unit}:${a.label}`).sort();
    expect(orders.some((o) => o.endsWith(':Stand'))).toBe(true);
    const logBefore = await logCount(page);

    await reloadApp(page);
    const after = await view(page);
    expect(after.hash).toBe(before.hash);
    expect(after.seq).toBe(before.seq);
    expect(after.state.phase).toBe(before.state.phase);
    expect(await logCount(page)).toBe(logBefore);
    expect((await legal(page)).map((a) => `${a.unit}:${a.label}`).sort()).toEqual(orders);
    expect(await page.getByTestId('opponent').inputValue()).toBe('scripted');
    // The charged unit is shown with its choices, and standing goes on with the game.
    await page.getByTestId('order-Stand').click();
    await idle(page);
    expect((await view(page)).seq).toBeGreaterThan(before.seq);
    expect(app.errors).toEqual([]);
  });

  it('an order taken back with Undo is not resumed after a reload', async () => {
    app = await openApp(baseUrl, '?seed=saves-undo');
    const { page } = app;
    await untilUnitOrder(page, 'Halt');
    const { unit } = await infantryThatMay(page, 'Halt');
    await page.getByTestId(`ready-${unit.id}`).click();
    await idle(page);
    const before = await view(page);
    const logBefore = await logCount(page);

    await page.getByTestId('order-Halt').click();
    await idle(page);
    const halted = await view(page);
    expect(halted.seq).toBe(before.seq + 1);
    expect(halted.canUndo).toBe(true);

    await page.getByTestId('undo').click();
    await idle(page);
    const undone = await view(page);
    expect(undone.hash).toBe(before.hash);
    expect(undone.seq).toBe(before.seq);

    await reloadApp(page);
    const after = await view(page);
    expect(after.hash).toBe(before.hash);
    expect(after.seq).toBe(before.seq);
    expect(await logCount(page)).toBe(logBefore);
    expect(app.errors).toEqual([]);
  });
});

describe('named saves and files', () => {
  it('saves under a name, lists it after a reload, loads it back and deletes it', async () => {
    app = await openApp(baseUrl, '?seed=saves-named');
    const { page } = app;
    await page.getByTestId('turn-Roll for initiative').click();
    await idle(page);
    const saved = await view(page);

    await page.getByTestId('saves').click();
    await page.getByTestId('save-name').fill('Before the advance');
    await page.getByTestId('save-as').click();
    const row = page.getByTestId('saved-game');
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getAttribute('data-name')).toBe('Before the advance');
    const cells = await row.locator('td').allTextContents();
    expect(cells[1]).toMatch(/one-page/i);
    expect(cells[2]).toBe(String(saved.state.turn));
    await page.screenshot({ path: join(RESULTS, 'saves-dialog.png') });
    await page.getByTestId('saves-close').click();

    // Play on, then reload: the save is still listed (IndexedDB), and loading it goes back.
    await untilUnitOrder(page, 'Halt');
    const later = await view(page);
    expect(later.seq).toBeGreaterThan(saved.seq);
    await reloadApp(page);
    expect((await view(page)).hash).toBe(later.hash);
    await page.getByTestId('saves').click();
    await expect.poll(() => page.getByTestId('saved-game').count()).toBe(1);
    await page.getByTestId('saved-load').click();
    await expect.poll(() => page.getByTestId('saves-dialog').count()).toBe(0);
    await idle(page);
    expect((await view(page)).hash).toBe(saved.hash);
    expect(await logCount(page)).toBeGreaterThan(0);

    await page.getByTestId('saves').click();
    await page.getByTestId('saved-delete').click();
    await page.getByTestId('saved-delete-confirm').click();
    await expect.poll(() => page.getByTestId('saved-game').count()).toBe(0);
    expect(app.errors).toEqual([]);
  });

  it('refuses damaged files, saying what is wrong, and keeps the game in progress', async () => {
    app = await openApp(baseUrl, '?seed=saves-corrupt');
    const { page } = app;
    await untilUnitOrder(page, 'Halt');
    const before = await view(page);
    expect(before.seq).toBeGreaterThanOrEqual(2);

    await page.getByTestId('saves').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('save').click()]);
    const savePath = join(RESULTS, 'saves-export.json');
    await download.saveAs(savePath);
    const text = await readFile(savePath, 'utf8');
    const good = JSON.parse(text) as { version: number; setup: { rulesetId: string }; log: { action: { type: string; side: string } }[]; stateHash: string };
    expect(good.log).toHaveLength(before.seq);

    const refusedLog = good.log.map((e, i) => (i === 1 ? { ...e, action: { ...e.action, type: 'fly' } } : e));
    const cases: [string, string, RegExp][] = [
      ['torn.json', text.slice(0, text.length / 2), /"torn\.json".*not valid JSON/s],
      ['future.json', JSON.stringify({ ...good, version: 7 }), /"future\.json".*format version 7; this Tricorne reads version 1/s],
      ['chess.json', JSON.stringify({ ...good, setup: { ...good.setup, rulesetId: 'chess' } }), /"chess\.json".*unknown ruleset "chess"/s],
      ['refused.json', JSON.stringify({ ...good, log: refusedLog }), new RegExp(`"refused\\.json".*the rules refuse action 2 of ${good.log.length} \\(fly by \\w+\\)`, 's')],
      ['edited.json', JSON.stringify({ ...good, stateHash: good.stateHash === '0123456789abcdef' ? 'fedcba9876543210' : '0123456789abcdef' }), /"edited\.json".*does not replay to its recorded position/s],
    ];
    const input = page.getByTestId('load-input');
    for (const [name, body, message] of cases) {
      await input.setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(body) });
      await expect.poll(() => page.getByTestId('saves-problem').textContent(), { timeout: 20_000 }).toMatch(message);
      expect(await page.getByTestId('error').textContent()).toMatch(/The game in progress is unchanged/);
      const now = await view(page);
      expect(now.hash, name).toBe(before.hash);
      expect(now.seq, name).toBe(before.seq);
    }
    await page.screenshot({ path: join(RESULTS, 'saves-import-error.png') });

    // The genuine file loads.
    await input.setInputFiles(savePath);
    await expect.poll(() => page.getByTestId('info').textContent()).toMatch(/Loaded "saves-export\.json"/);
    expect((await view(page)).hash).toBe(before.hash);
  });
});
