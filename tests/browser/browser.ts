/**
 * Launching Debian's Chromium with playwright-core for the browser tests: a fresh profile each
 * time, WebGL through SwiftShader, and helpers that read the page's test hook.
 */

import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import type { GameView } from '../../src/app/session';
import type { LegalAction } from '../../src/core/ruleset';
import type { Unit } from '../../src/core/model';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const RESULTS = join(process.cwd(), 'test-results');

export interface App {
  context: BrowserContext;
  page: Page;
  /** Page errors and console errors seen so far. */
  errors: string[];
  close(): Promise<void>;
}

/**
 * The address to open: the dice thrown on the table are turned off unless the test asks for them
 * (`dice3d=on` or `fast`), so tests that do not look at them do not wait for them.
 */
function withDiceSetting(query: string): string {
  if (/[?&]dice3d=/.test(query)) return query;
  if (query === '') return '?dice3d=off';
  return `${query}${query.includes('?') ? '&' : '?'}dice3d=off`;
}

/**
 * Open the page and wait until the game is on the table; with `waitFor` a test id instead, wait
 * until that is shown (the new-game screen, which has no game behind it yet).
 */
export async function openApp(baseUrl: string, query = '', waitFor?: string): Promise<App> {
  await mkdir(RESULTS, { recursive: true });
  const profile = await mkdtemp(join(tmpdir(), 'tricorne-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 800 },
    acceptDownloads: true,
    args: [
      '--no-sandbox',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  await page.goto(baseUrl + withDiceSetting(query));
  if (waitFor) await page.getByTestId(waitFor).waitFor({ timeout: 100_000 });
  else await page.waitForFunction(() => window.__tricorne?.ready === true, undefined, { timeout: 100_000, polling: 250 });
  return {
    context,
    page,
    errors,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

export function view(page: Page): Promise<GameView> {
  return page.evaluate(() => {
    const v = window.__tricorne?.view();
    if (!v) throw new Error('no game view');
    return v;
  });
}

export function legal(page: Page): Promise<LegalAction[]> {
  return page.evaluate(() => window.__tricorne?.legal() ?? []);
}

/** Wait until no engine call runs and no unit is still moving, then one more frame. */
export async function idle(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__tricorne?.idle() === true, undefined, { timeout: 60_000, polling: 100 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** Reload the page and wait until the app is ready again and idle (the autosave brings the game back). */
export async function reloadApp(page: Page): Promise<void> {
  await page.reload();
  await page.waitForFunction(() => window.__tricorne?.ready === true, undefined, { timeout: 100_000, polling: 250 });
  await idle(page);
}

export function project(page: Page, x: number, y: number, z = 0): Promise<{ x: number; y: number; onScreen: boolean }> {
  return page.evaluate(([px, py, pz]) => window.__tricorne!.project(px!, py!, pz), [x, y, z]);
}

/** Click with the real mouse on a table point (z: height above the ground, mm). */
export async function clickTable(page: Page, x: number, y: number, z = 0): Promise<void> {
  const p = await project(page, x, y, z);
  if (!p.onScreen) throw new Error(`table point (${x.toFixed(0)}, ${y.toFixed(0)}) is off screen`);
  await page.mouse.move(p.x, p.y);
  await page.mouse.click(p.x, p.y);
}

/** Play turn-level buttons (initiative, who goes first) until some unit may be given `label`. */
export async function untilUnitOrder(page: Page, label: string): Promise<void> {
  for (let i = 0; i < 8; i++) {
    const l = await legal(page);
    if (l.some((a) => a.unit && a.label === label)) return;
    const turn = l.find((a) => !a.unit && a.label === 'Go first') ?? l.find((a) => !a.unit);
    if (!turn) break;
    await page.getByTestId(`turn-${turn.label}`).click();
    await idle(page);
  }
  throw new Error(`no unit could be ordered to "${label}"`);
}

/** An infantry unit of the side to act that may be given `label` now, with the legal orders; fails the test if none may. */
export async function infantryThatMay(page: Page, label: string): Promise<{ unit: Unit; orders: LegalAction[] }> {
  const v = await view(page);
  const orders = await legal(page);
  const unit = v.state.units.find((u) => u.kind === 'infantry' && orders.some((a) => a.unit === u.id && a.label === label));
  if (!unit) throw new Error(`no infantry unit may be ordered to "${label}"`);
  return { unit, orders };
}
