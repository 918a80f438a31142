/**
 * Field works on the real page: the Austrians buy a 6" field fortification in the army builder,
 * win the initiative and defend, and place it by hand during the deployment (alternate placement,
 * 5B, made in the open, in hot seat). The bank is drawn on the table where it was put.
 */

import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { RESULTS, clickTable, idle, legal, openApp, project, view, type App } from './browser';
import { decodePng, pixelsNear, type Image } from './png';

const baseUrl = inject('baseUrl');
let app: App | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

/** Pixels of a screenshot within a square of `half` px about a point, whose colour changed by more than `tolerance` between two shots. */
function changedAround(a: Image, b: Image, cx: number, cy: number, half: number, tolerance: number): number {
  let n = 0;
  for (let y = Math.max(0, Math.round(cy - half)); y < Math.min(a.height, Math.round(cy + half)); y++) {
    for (let x = Math.max(0, Math.round(cx - half)); x < Math.min(a.width, Math.round(cx + half)); x++) {
      const k = (y * a.width + x) * 4;
      if (Math.abs(a.data[k]! - b.data[k]!) + Math.abs(a.data[k + 1]! - b.data[k + 1]!) + Math.abs(a.data[k + 2]! - b.data[k + 2]!) > tolerance) n++;
    }
  }
  return n;
}

/** The part of an image within a square about a point, as an image of its own. */
function crop(img: Image, cx: number, cy: number, half: number): Image {
  const x0 = Math.max(0, Math.round(cx - half));
  const y0 = Math.max(0, Math.round(cy - half));
  const w = Math.min(img.width - x0, 2 * half);
  const h = Math.min(img.height - y0, 2 * half);
  const data = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) data.set(img.data.subarray(((y0 + y) * img.width + x0) * 4, ((y0 + y) * img.width + x0 + w) * 4), y * w * 4);
  return { width: w, height: h, data };
}

describe('field works on the page', () => {
  it('buys a field fortification in the army builder and places it in front of the defenders', async () => {
    app = await openApp(baseUrl, '', 'newgame');
    const { page } = app;
    await page.getByTestId('ng-ruleset-horse-and-musket').click();
    await page.getByTestId('ng-seed').fill('works-browser');
    await page.getByTestId('ng-option-deployment').selectOption('alternate');
    await page.getByTestId('ng-option-points').fill('170');
    await page.getByTestId('ng-opponent-human').click();
    // The second army, the Austrians: the program's army and one section of fortification.
    await page.getByTestId('ng-army-tab-1').click();
    await page.getByTestId('ng-army-mode-1-built').click();
    await page.getByTestId('ab-1-ready').waitFor();
    await page.getByTestId('ab-1-add-fortification').click();
    await expect.poll(() => page.getByTestId('ab-1-check').textContent()).toMatch(/ready|Ready|may take the field/i);
    await page.screenshot({ path: join(RESULTS, 'hm-works-builder.png') });
    const lines = await page.getByTestId('ab-1').textContent();
    expect(lines).toContain('6" field fortification');
    await page.getByTestId('ng-start').click();
    await page.waitForFunction(() => window.__tricorne?.ready === true && !document.querySelector('[data-testid="newgame"]'), undefined, { timeout: 100_000 });
    await idle(page);
    if (await page.getByTestId('hotseat-cover-take').count()) await page.getByTestId('hotseat-cover-take').click();

    // The Austrians (+3) win the initiative and defend.
    const v0 = await view(page);
    expect((v0.state.rules as { sides: Record<string, { works?: Record<string, number> }> }).sides.b!.works).toEqual({ fortification: 1 });
    const defend = (await legal(page)).find((l) => l.action.type === 'choose-posture' && l.action.choice === 'defend')!;
    expect(defend.action.side).toBe('b');
    await page.getByTestId(`turn-${defend.label}`).click();
    await idle(page);
    // The compulsory share, by the program; then the Austrians place their first group: the works first.
    const rest = (await legal(page)).find((l) => l.action.type === 'deploy-rest')!;
    await page.getByTestId(`turn-${rest.label}`).click();
    await idle(page);
    await page.getByTestId('turn-Deployment done').click();
    await idle(page);
    const button = page.getByTestId('place-works-fortification');
    await button.waitFor();

    // In front of the first Austrian unit the program set up, 4" towards the enemy.
    const v1 = await view(page);
    const front = v1.state.units.find((u) => u.side === 'b' && !u.carriedBy && u.kind !== 'commander')!;
    // Which half each side has is rolled (B §6.1): the enemy lies up the table from the near half.
    const ahead = v1.state.sides.find((x) => x.id === 'b')?.edge === 'near' ? 1 : -1;
    const at = { x: front.x, y: front.y + ahead * 4 * 25.4 };
    await page.evaluate(([x, y]) => window.__tricorne!.focus(x!, y!, 420), [at.x, at.y]);
    await idle(page);
    const canvas = page.getByTestId('canvas-wrap').locator('canvas');
    const box = (await canvas.boundingBox())!;
    const before = decodePng(await canvas.screenshot({ path: join(RESULTS, 'hm-works-before.png') }));

    await button.click();
    await page.getByTestId('param-point').waitFor();
    await clickTable(page, at.x, at.y);
    await page.getByTestId('param-angle').waitFor();
    await page.getByTestId('param-confirm').click();
    await idle(page);
    const v2 = await view(page);
    const works = (v2.state.battlefield as { works?: { id: string; kind: string; line: { x: number; y: number }[] }[] }).works ?? [];
    expect(works.map((w) => [w.id, w.kind])).toEqual([['works-b-fieldwork-1', 'fieldwork']]);
    const mid = { x: (works[0]!.line[0]!.x + works[0]!.line[1]!.x) / 2, y: (works[0]!.line[0]!.y + works[0]!.line[1]!.y) / 2 };
    expect(Math.hypot(mid.x - at.x, mid.y - at.y)).toBeLessThan(3);

    // The camera stays where it was (building works does not re-frame the table); focus again to be sure.
    await page.evaluate(([x, y]) => window.__tricorne!.focus(x!, y!, 420), [at.x, at.y]);
    await idle(page);
    const after = decodePng(await canvas.screenshot({ path: join(RESULTS, 'hm-works-after.png') }));
    const p = await project(page, mid.x, mid.y, 5);
    expect(p.onScreen).toBe(true);
    const cx = p.x - box.x;
    const cy = p.y - box.y;
    // The bank's pixels: many changed where it stands, and its earth colour there (lit or shaded).
    const changed = changedAround(before, after, cx, cy, 60, 60);
    expect(changed).toBeGreaterThan(400);
    const earthBefore = pixelsNear(crop(before, cx, cy, 60), '#7a6240', 70);
    const earthAfter = pixelsNear(crop(after, cx, cy, 60), '#7a6240', 70);
    expect(earthAfter).toBeGreaterThan(earthBefore + 200);
    expect(app.errors).toEqual([]);
  });

  it('a bank laid across a steep rim follows the ground: no step and no gap along it', async () => {
    app = await openApp(baseUrl, '?ruleset=horse-and-musket&seed=browser-hm&opt.deployment=automatic');
    const { page } = app;
    await idle(page);
    // The steepest spot of the table (a 2" rise measured every inch) and the way up it.
    const rim = await page.evaluate(() => {
      const h = window.__tricorne!;
      const inch = 25.4;
      let best = { x: 0, y: 0, gx: 0, gy: 0, rise: 0 };
      for (let x = 6 * inch; x <= 66 * inch; x += inch) {
        for (let y = 6 * inch; y <= 42 * inch; y += inch) {
          const gx = h.groundAt(x + inch, y) - h.groundAt(x - inch, y);
          const gy = h.groundAt(x, y + inch) - h.groundAt(x, y - inch);
          const rise = Math.hypot(gx, gy);
          if (rise > best.rise) best = { x, y, gx, gy, rise };
        }
      }
      return best;
    });
    // A rise of at least a third of its run: a steep rim.
    expect(rim.rise).toBeGreaterThan((2 * 25.4) / 3);
    const up = { x: rim.gx / Math.hypot(rim.gx, rim.gy), y: rim.gy / Math.hypot(rim.gx, rim.gy) };
    const half = 3 * 25.4;
    const line = [
      { x: rim.x - up.x * half, y: rim.y - up.y * half },
      { x: rim.x + up.x * half, y: rim.y + up.y * half },
    ];
    const ground = await page.evaluate(([x, y]) => window.__tricorne!.groundAt(x!, y!), [rim.x, rim.y]);
    // Seen from the side, square to the bank, from a little above it.
    const side = { x: -up.y, y: up.x };
    const look = async () => {
      await page.evaluate(
        ([ex, ey, ez, tx, ty, tz]) => window.__tricorne!.lookFrom([ex!, ey!, ez!], [tx!, ty!, tz!]),
        [rim.x + side.x * 260, rim.y + side.y * 260, ground + 90, rim.x, rim.y, ground],
      );
      await idle(page);
    };
    await look();
    const canvas = page.getByTestId('canvas-wrap').locator('canvas');
    const box = (await canvas.boundingBox())!;
    const before = decodePng(await canvas.screenshot({ path: join(RESULTS, 'hm-works-rim-before.png') }));
    expect(await page.evaluate((l) => window.__tricorne!.showWorks(l), line)).toBe(1);
    await idle(page);
    await look();
    const after = decodePng(await canvas.screenshot({ path: join(RESULTS, 'hm-works-rim.png') }));
    // Every inch along the bank, from the foot of the slope to the top, the bank is drawn: its
    // pixels changed just above the ground there.
    for (let k = 0; k <= 6; k++) {
      const t = k / 6;
      const x = line[0]!.x + (line[1]!.x - line[0]!.x) * t;
      const y = line[0]!.y + (line[1]!.y - line[0]!.y) * t;
      // 5 mm above the ground there: the middle of the bank's 11 mm.
      const p = await project(page, x, y, 5);
      expect(p.onScreen).toBe(true);
      // Nearly every pixel of an 8 px square there (a gap or a step would leave ground showing).
      expect(changedAround(before, after, p.x - box.x, p.y - box.y, 4, 30), `bank at ${k}" of 6"`).toBeGreaterThanOrEqual(56);
    }
    expect(app.errors).toEqual([]);
  });
});
