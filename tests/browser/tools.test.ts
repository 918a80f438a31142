/**
 * The table tools on the real page, with real keys and mouse: the help overlay lists every key;
 * the ruler measures a known distance; F flies the camera to the selected unit, T looks straight
 * down, Tab goes through one's units and shift-drag picks units with a box; the tooltip gives the
 * distance between two units; and an alert appears when a unit is destroyed (a seeded game played
 * by the computer in Node up to the order before, loaded through the Load button, then played on
 * by the demonstration).
 */

import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { standRect, unitFootprint, type Unit } from '../../src/core/model';
import { formatLength } from '../../src/core/measure';
import { unitDistances } from '../../src/core/unitDistance';
import type { GameAlert } from '../../src/core/alerts';
import type { Action } from '../../src/core/model';
import { RESULTS, clickTable, idle, infantryThatMay, openApp, project, untilUnitOrder, view, type App } from './browser';

const baseUrl = inject('baseUrl');
let app: App | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

/** Wait for the camera to finish flying, then for a frame to be drawn. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__tricorneCamera?.flying() === false, undefined, { timeout: 20_000, polling: 100 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

function cameraTarget(page: Page) {
  return page.evaluate(() => window.__tricorneCamera!.target());
}

function cameraEye(page: Page) {
  return page.evaluate(() => window.__tricorneCamera!.position());
}

async function clickUnit(page: Page, unit: Unit): Promise<void> {
  const r = standRect(unit, unit.stands[Math.floor(unit.stands.length / 2)]!);
  await clickTable(page, r.cx, r.cy, 6);
  await expect.poll(() => page.getByTestId('unit-name').textContent()).toBe(unit.name);
}

describe('table tools', () => {
  it('lists every key in the help overlay (? opens it, Escape closes it)', async () => {
    app = await openApp(baseUrl, '?seed=tools-help');
    const { page } = app;
    await page.keyboard.press('?');
    const overlay = page.getByTestId('help-overlay');
    await overlay.waitFor();
    const rows = await page.getByTestId('help-key').allTextContents();
    for (const key of ['F', 'T', 'Home', 'R', 'V', 'D', 'L', 'Tab', 'Enter', 'Esc', 'P', '?']) {
      expect(rows.some((r) => r.startsWith(key) || r.includes(`or${key}`) || r.includes(`+${key}`)), `help lists ${key}`).toBe(true);
    }
    expect(rows.find((r) => r.startsWith('F'))).toMatch(/focus the camera on the selected unit/);
    expect(rows.find((r) => r.startsWith('R'))).toMatch(/ruler/);
    expect((await page.getByTestId('help-mouse').allTextContents()).join(' ')).toMatch(/Shift \+ drag.*box/);
    await page.screenshot({ path: join(RESULTS, 'tools-help.png') });
    await page.keyboard.press('Escape');
    await expect.poll(() => overlay.count()).toBe(0);
    // H opens it too.
    await page.keyboard.press('h');
    await overlay.waitFor();
    expect(app.errors).toEqual([]);
  });

  it('measures a known distance with the ruler, without moving the camera', async () => {
    app = await openApp(baseUrl, '?seed=tools-ruler');
    const { page } = app;
    await idle(page);
    const v = await view(page);
    const cx = v.state.battlefield.width / 2;
    const cy = v.state.battlefield.depth / 2;
    // Ten inches across the middle of the table.
    const a = { x: cx - 127, y: cy - 40 };
    const b = { x: cx + 127, y: cy - 40 };
    await page.keyboard.press('r');
    await expect.poll(() => page.getByTestId('ruler-readout').textContent()).toMatch(/drag on the table/);
    const eye0 = await cameraEye(page);
    const pa = await project(page, a.x, a.y);
    const pb = await project(page, b.x, b.y);
    await page.mouse.move(pa.x, pa.y);
    await page.mouse.down();
    await page.mouse.move(pb.x, pb.y, { steps: 8 });
    await page.mouse.up();
    const reading = page.getByTestId('ruler-distance');
    await reading.waitFor();
    const mm = Number(await reading.getAttribute('data-mm'));
    console.log(`ruler: ${mm} mm for 254 mm`);
    expect(Math.abs(mm - 254)).toBeLessThan(3);
    expect(await reading.textContent()).toMatch(/^10"/);
    expect(await page.getByTestId('ruler-label').textContent()).toBe('10"');
    const eye1 = await cameraEye(page);
    expect(Math.hypot(eye1.x - eye0.x, eye1.y - eye0.y, eye1.z - eye0.z), 'camera moved by the ruler drag').toBeLessThan(0.01);
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: join(RESULTS, 'tools-ruler.png') });
    // Escape drops the ruler.
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('ruler-readout').count()).toBe(0);
    expect(app.errors).toEqual([]);
  });

  it('focuses on the selected unit (F), looks down (T), tabs through units, picks by box and gives distances', async () => {
    app = await openApp(baseUrl, '?seed=tools-camera');
    const { page } = app;
    await untilUnitOrder(page, 'Advance');
    const { unit } = await infantryThatMay(page, 'Advance');
    await clickUnit(page, unit);

    await page.keyboard.press('f');
    await settled(page);
    const mid = unitFootprint(unit);
    const t = await cameraTarget(page);
    expect(Math.hypot(t.x - mid.cx, t.y - mid.cy), 'camera target to the unit middle (mm)').toBeLessThan(1);
    const eye = await cameraEye(page);
    expect(Math.hypot(eye.x - t.x, eye.y - t.y, eye.z - t.z)).toBeCloseTo(520, 0);
    await page.mouse.move(3, 300);
    await page.screenshot({ path: join(RESULTS, 'tools-focus.png') });

    // Tab: the next unit of the same side, and the camera goes to it.
    await page.keyboard.press('Tab');
    const v = await view(page);
    const own = v.state.units.filter((u) => u.side === unit.side && !u.removed && !u.carriedBy);
    const next = own[(own.findIndex((u) => u.id === unit.id) + 1) % own.length]!;
    await expect.poll(() => page.getByTestId('unit-name').textContent()).toBe(next.name);
    await settled(page);
    const nt = await cameraTarget(page);
    const nm = unitFootprint(next);
    expect(Math.hypot(nt.x - nm.cx, nt.y - nm.cy)).toBeLessThan(1);
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => page.getByTestId('unit-name').textContent()).toBe(unit.name);

    // Home: back to the whole table. With one unit selected, the tooltip of another gives both distances.
    await page.keyboard.press('Home');
    await settled(page);
    const nr = standRect(next, next.stands[Math.floor(next.stands.length / 2)]!);
    const hover = await project(page, nr.cx, nr.cy, 6);
    expect(hover.onScreen).toBe(true);
    await page.mouse.move(hover.x, hover.y, { steps: 3 });
    const gap = unitDistances(unit, next);
    await expect.poll(() => page.getByTestId('tooltip-distance').textContent()).toBe(
      `From ${unit.name}: ${formatLength(gap.edges, 'in')} edge to edge, ${formatLength(gap.centres, 'in')} centre to centre`,
    );
    expect(await page.getByTestId('tooltip').textContent()).toMatch(/Type:.*Quality:.*State:.*This turn:/s);
    await page.screenshot({ path: join(RESULTS, 'tools-tooltip.png') });

    // T: straight down on the table's middle.
    await page.keyboard.press('t');
    await settled(page);
    const top = await cameraEye(page);
    const tt = await cameraTarget(page);
    expect(Math.abs(tt.x - v.state.battlefield.width / 2)).toBeLessThan(1);
    expect(Math.abs(tt.y - v.state.battlefield.depth / 2)).toBeLessThan(1);
    expect(Math.hypot(top.x - tt.x, top.y - tt.y), 'eye straight above the target').toBeLessThan(5);
    expect(top.z - tt.z).toBeGreaterThan(1000);
    await page.mouse.move(3, 300);
    await page.screenshot({ path: join(RESULTS, 'tools-topdown.png') });

    // Shift-drag a box around the unit picks it (with any other own unit inside).
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('unit-name').count()).toBe(0);
    const c = await project(page, mid.cx, mid.cy);
    await page.keyboard.down('Shift');
    await page.mouse.move(c.x - 25, c.y - 25);
    await page.mouse.down();
    await page.mouse.move(c.x + 25, c.y + 25, { steps: 5 });
    await expect.poll(() => page.getByTestId('select-box').isVisible()).toBe(true);
    await page.mouse.up();
    await page.keyboard.up('Shift');
    await expect.poll(() => page.getByTestId('unit-name').count()).toBe(1);
    const picked = await page.getByTestId('unit-name').textContent();
    const inBox = await page.evaluate(
      ([units, cx, cy]) =>
        (units as { name: string; x: number; y: number }[])
          .filter((u) => {
            const p = window.__tricorne!.project(u.x, u.y);
            return Math.abs(p.x - (cx as number)) <= 25 && Math.abs(p.y - (cy as number)) <= 25;
          })
          .map((u) => u.name),
      [own.map((u) => ({ name: u.name, x: unitFootprint(u).cx, y: unitFootprint(u).cy })), c.x, c.y] as const,
    );
    expect(inBox).toContain(unit.name);
    expect(inBox).toContain(picked);

    // Enter gives the order being set up the point under the pointer.
    await clickUnit(page, unit);
    await page.getByTestId('order-Advance').click();
    await expect.poll(() => page.getByTestId('param-point').isVisible()).toBe(true);
    const to = { x: unit.x + Math.cos(unit.facing) * 60, y: unit.y + Math.sin(unit.facing) * 60 };
    const pt = await project(page, to.x, to.y);
    await page.mouse.move(pt.x, pt.y, { steps: 4 });
    await page.keyboard.press('Enter');
    await idle(page);
    const after = (await view(page)).state.units.find((u) => u.id === unit.id)!;
    expect((after.x - unit.x) * Math.cos(unit.facing) + (after.y - unit.y) * Math.sin(unit.facing), 'advanced (mm)').toBeGreaterThan(1);
    expect(app.errors).toEqual([]);
  });

  it('raises an alert when a unit is destroyed', async () => {
    app = await openApp(baseUrl, '?seed=alert');
    const { page } = app;
    await idle(page);
    // The scripted position: seeded games played by the computer on both sides, in this browser's
    // own engine (loaded from the dev server, off the page's game), up to the first shot that
    // destroys a unit. Several seeds are tried in turn, so a change in the computer's play that
    // spares every unit in one game does not leave the test without a position.
    const scripted = (await page.evaluate(`(async () => {
      const { GameSession } = await import('/src/app/session.ts');
      const { makePlayer } = await import('/src/ai/players.ts');
      for (const seed of ['alert-g', 'alert-i', 'alert-l', 'alert-e', 'alert-a', 'alert-b']) {
        const session = new GameSession({ rulesetId: 'one-page', seed, dice: 'seeded', options: {} });
        const player = makePlayer('ai:normal', seed);
        for (let i = 0; i < 300 && !session.state.result; i++) {
          const side = session.state.active;
          const before = session.saveText('before the loss');
          const { action } = player.choose(session.ruleset, session.state, session.legal(side), side);
          const r = session.act(action);
          // A shot that destroys a unit outright (one that runs off the table is 'destroyed' too).
          const lost = r.ok && action.type === 'shoot' ? (r.alerts ?? []).find((a) => a.kind === 'destroyed' && /is destroyed$/.test(a.text)) : undefined;
          if (lost) return { saveText: before, orders: i, shot: action, lost };
        }
      }
      return null;
    })()`)) as { saveText: string; orders: number; shot: Action; lost: GameAlert } | null;
    expect(scripted, 'a unit destroyed by a shot in the seeded game').not.toBeNull();
    const { saveText, shot, lost } = scripted!;
    expect(lost.text).toMatch(/is destroyed$/);

    await page.getByTestId('saves').click();
    await page.getByTestId('load-input').setInputFiles({ name: 'before-the-loss.json', mimeType: 'application/json', buffer: Buffer.from(saveText) });
    // Replaying the orders takes the worker a while on a busy machine.
    await page.waitForFunction(() => /Loaded|Could not/.test(document.querySelector('[data-testid="message"]')?.textContent ?? ''), undefined, { timeout: 100_000, polling: 250 });
    expect(await page.getByTestId('message').textContent()).toMatch(new RegExp(`Loaded "before-the-loss.json": ${scripted!.orders} orders replayed`));
    await idle(page);
    expect(await page.getByTestId('alert').count()).toBe(0);
    const v = await view(page);
    const shooter = v.state.units.find((u) => u.id === shot!.unit)!;
    const target = v.state.units.find((u) => u.id === shot!.target)!;
    await clickUnit(page, shooter);
    await page.getByTestId('order-Shoot').click();
    const tr = standRect(target, target.stands[0]!);
    await clickTable(page, tr.cx, tr.cy, 4);
    const toast = page.locator('[data-testid="alert"][data-kind="destroyed"]');
    await toast.waitFor({ timeout: 30_000 });
    expect(await toast.textContent()).toContain(lost!.text);
    expect((await view(page)).state.units.find((u) => u.id === target.id)?.removed).toBe(true);
    await idle(page);
    await page.screenshot({ path: join(RESULTS, 'tools-alert.png') });
    expect(app.errors).toEqual([]);
  });
});
