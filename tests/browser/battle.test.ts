/**
 * A whole battle against the computer with real clicks, as a player has it: the new-game screen
 * (the one-page rules, a two-turn battle, the Austrians against the computer on normal), orders
 * given by clicking a unit on the table, an order button and the table or a target, turns ended,
 * the computer's turns played animated on the table, and the result screen at the end with the
 * winner, each side's losses as the engine counts them, and the strength chart.
 *
 * Nothing here depends on what the computer chooses: the test waits for the worker to hand the
 * turn back, and orders whatever units of its own may act.
 */

import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, inject, it } from 'vitest';
import type { GameState, Unit } from '../../src/core/model';
import { standRect } from '../../src/core/model';
import type { LegalAction } from '../../src/core/ruleset';
import { RESULTS, clickTable, idle, legal, openApp, project, view, type App } from './browser';
import { colourStats, decodePng, pixelsNear } from './png';

const baseUrl = inject('baseUrl');
let app: App | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

/** Units a player gives orders to each turn before ending his activations; the rest hold. */
const ORDERS_PER_TURN = 3;

/** The one-page rules' fighting units (its battle report counts these; commanders are generals). */
const fights = (u: Unit) => u.kind === 'infantry' || u.kind === 'cavalry' || u.kind === 'artillery';

function strength(state: GameState, side: string): { units: number; stands: number; generals: number } {
  const own = state.units.filter((u) => u.side === side && !u.removed);
  return {
    units: own.filter(fights).length,
    stands: own.filter(fights).reduce((n, u) => n + u.stands.filter((s) => s.status !== 'destroyed').length, 0),
    generals: own.filter((u) => u.kind === 'commander').length,
  };
}

/** Wait until the worker has moved the game on from `seq`, or ended it (the computer playing). */
async function waitForMove(page: Page, seq: number): Promise<void> {
  await page.waitForFunction(
    (s) => {
      const t = window.__tricorne;
      const v = t?.view();
      return !!v && (v.seq !== s || v.state.result !== null);
    },
    seq,
    { timeout: 120_000, polling: 200 },
  );
}

/** Frame a unit from close by and click the middle of its middle stand, as a player would. */
async function clickUnit(page: Page, unit: Unit): Promise<void> {
  await page.evaluate(([x, y]) => window.__tricorne!.focus(x!, y!, 900), [unit.x, unit.y]);
  await idle(page);
  const r = standRect(unit, unit.stands[Math.floor(unit.stands.length / 2)]!);
  await clickTable(page, r.cx, r.cy, 6);
  await expect.poll(() => page.getByTestId('unit-name').textContent()).toBe(unit.name);
}

/**
 * Give one order by clicking: a shot at the first target offered (the target clicked on the table),
 * or else an advance to a point straight ahead (hovered first, as a player sees the ghost); a point
 * the engine refuses is given up for a halt. True when an order was given.
 */
async function orderOneUnit(page: Page, orders: LegalAction[]): Promise<boolean> {
  const v = await view(page);
  const shot = orders.find((o) => o.label === 'Shoot' && o.unit);
  const advance = orders.find((o) => o.label === 'Advance' && o.unit);
  const order = shot ?? advance;
  if (!order) return false;
  const unit = v.state.units.find((u) => u.id === order.unit)!;
  await clickUnit(page, unit);
  await page.getByTestId(`order-${order.label}`).click();
  const param = order.params[0]!;
  if (param.kind === 'unit') {
    await page.getByTestId('param-unit').waitFor();
    const target = v.state.units.find((u) => u.id === param.choices[0])!;
    const r = standRect(target, target.stands[Math.floor(target.stands.length / 2)]!);
    await page.evaluate(([x, y]) => window.__tricorne!.focus(x!, y!, 1400), [(unit.x + target.x) / 2, (unit.y + target.y) / 2]);
    await idle(page);
    await clickTable(page, r.cx, r.cy, 6);
    // Should the click find the stand hidden (a tree, another unit), the target's button is there.
    const taken = await page
      .waitForFunction((s) => window.__tricorne!.view()!.seq !== s, v.seq, { timeout: 10_000, polling: 100 })
      .then(() => true)
      .catch(() => false);
    if (!taken) await page.getByTestId(`choice-${target.id}`).click();
  } else if (param.kind === 'point') {
    await page.getByTestId('param-point').waitFor();
    const dist = Math.min(param.maxReach * 0.5, 100);
    const to = { x: unit.x + Math.cos(unit.facing) * dist, y: unit.y + Math.sin(unit.facing) * dist };
    const p = await project(page, to.x, to.y);
    await page.mouse.move(p.x, p.y, { steps: 3 });
    await clickTable(page, to.x, to.y);
    // The engine has the last word on the point clicked: the order is taken, or refused with a reason.
    const outcome = await page.waitForFunction(
      (s) => {
        if (window.__tricorne!.view()!.seq !== s) return 'taken';
        return document.querySelector('[data-testid="error"]') ? 'refused' : null;
      },
      v.seq,
      { timeout: 60_000, polling: 100 },
    );
    const refused = (await outcome.jsonValue()) === 'refused';
    if (refused) {
      if ((await page.getByTestId('order-cancel').count()) > 0) await page.getByTestId('order-cancel').click();
      await page.getByTestId('order-Halt').click();
    }
  } else {
    throw new Error(`an order asking for a ${param.kind} was not expected: ${order.label}`);
  }
  await waitForMove(page, v.seq);
  await idle(page);
  return true;
}

describe('a battle against the computer', () => {
  it(
    'goes from the new-game screen through two turns of clicked orders to the result screen',
    async () => {
      app = await openApp(baseUrl, '', 'newgame');
      const { page } = app;

      // The new-game screen: the one-page rules, a short battle of two turns, the Austrians against the computer.
      await page.getByTestId('ng-ruleset-one-page').click();
      await page.getByTestId('ng-seed').fill('whole-battle');
      await page.getByTestId('ng-option-turnLimit').fill('2');
      await page.getByTestId('ng-side-1').click();
      await page.getByTestId('ng-opponent-computer').click();
      await page.getByTestId('ng-level-normal').click();
      await page.screenshot({ path: join(RESULTS, 'battle-newgame.png') });
      await page.getByTestId('ng-start').click();
      await page.waitForFunction(() => window.__tricorne?.ready === true, undefined, { timeout: 100_000, polling: 250 });
      expect(await page.getByTestId('newgame').count()).toBe(0);

      const start = await view(page);
      expect(start.state.rulesetId).toBe('one-page');
      expect(start.state.options).toMatchObject({ turnLimit: 2 });
      const person = start.state.sides[1]!.id;
      const computer = start.state.sides[0]!.id;
      expect(await page.getByTestId('opponent').inputValue()).toBe('ai:normal');

      const ordered = new Map<number, number>();
      let clickedOrders = 0;
      let computerMoves = 0;
      for (let guard = 0; guard < 300; guard++) {
        await idle(page);
        const v = await view(page);
        if (v.state.result) break;
        if (v.state.active !== person) {
          // The computer's turn: it plays on its own, animated; wait for the worker's next position.
          await waitForMove(page, v.seq);
          computerMoves++;
          continue;
        }
        const l = await legal(page);
        const reaction = l.find((a) => a.label === 'Stand');
        const unitOrders = l.filter((a) => a.unit && a.group !== 'reaction');
        const done = ordered.get(v.state.turn) ?? 0;
        if (reaction) {
          // Charged: the charged unit is shown with its choices; it stands.
          await page.getByTestId('order-Stand').click();
          await waitForMove(page, v.seq);
        } else if (done < ORDERS_PER_TURN && unitOrders.length > 0 && (await orderOneUnit(page, unitOrders))) {
          ordered.set(v.state.turn, done + 1);
          clickedOrders++;
        } else {
          // Initiative, going first, or the end of this side's activations and shooting.
          const turn = l.find((a) => !a.unit && a.label === 'Go first') ?? l.find((a) => !a.unit);
          if (!turn) throw new Error(`nothing to click for the person: ${l.map((a) => a.label).join(', ')}`);
          await page.getByTestId(`turn-${turn.label}`).click();
          await waitForMove(page, v.seq);
        }
      }

      const final = await view(page);
      expect(final.state.result, 'the battle ended').not.toBeNull();
      expect(final.state.turn).toBe(2);
      // Both players played: the person's clicked orders in both turns, and the computer's own.
      expect([...ordered.keys()].sort()).toEqual([1, 2]);
      expect(clickedOrders).toBeGreaterThanOrEqual(4);
      // The test waited on the computer's turns (it plays several orders while the test waits for one).
      expect(computerMoves).toBeGreaterThan(0);
      const entries = await page.getByTestId('log-entry').allTextContents();
      const names = (side: string) => final.state.units.filter((u) => u.side === side).map((u) => u.name);
      // The computer ordered its own units (whatever it chose to do with them).
      expect(entries.filter((t) => names(computer).some((n) => t.includes(n))).length).toBeGreaterThan(3);
      expect(entries.some((t) => names(person).some((n) => t.includes(n)))).toBe(true);

      // The result screen: who won and why.
      const screen = page.getByTestId('result-screen');
      await expect.poll(() => screen.isVisible(), { timeout: 60_000 }).toBe(true);
      const winner = final.state.sides.find((s) => s.id === final.state.result!.winner);
      expect(await page.getByTestId('result-title').textContent()).toBe(winner ? `${winner.name} win` : 'A drawn battle');
      expect(await page.getByTestId('result-reason').textContent()).toBe(final.state.result!.reason);

      // Each side's losses agree with the engine's positions at the start and at the end.
      for (const side of final.state.sides) {
        const row = page.locator(`[data-testid="result-side"][data-side="${side.id}"]`);
        const s = strength(start.state, side.id);
        const e = strength(final.state, side.id);
        expect(Number(await row.getByTestId('units-lost').textContent()), `${side.name} units`).toBe(s.units - e.units);
        expect(Number(await row.getByTestId('stands-lost').textContent()), `${side.name} stands`).toBe(s.stands - e.stands);
        expect(Number(await row.getByTestId('generals-lost').textContent()), `${side.name} generals`).toBe(s.generals - e.generals);
        expect(await row.textContent()).toContain(`of ${s.units}`);
      }
      await screen.screenshot({ path: join(RESULTS, 'battle-result.png') });

      // The strength chart is drawn: many colours, none covering the whole of it, both sides' lines.
      const chart = decodePng(await page.getByTestId('result-chart').screenshot({ path: join(RESULTS, 'battle-result-chart.png') }));
      const stats = colourStats(chart);
      expect(stats.distinct).toBeGreaterThan(20);
      expect(stats.topShare).toBeLessThan(0.9);
      for (const side of final.state.sides) expect(pixelsNear(chart, side.colour, 30), `pixels of ${side.name}'s line`).toBeGreaterThan(40);
      expect(app.errors).toEqual([]);
    },
    600_000,
  );
});
