import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { RESULTS, openApp, type App } from './browser';

const baseUrl = inject('baseUrl');
let app: App | null = null;

afterEach(async () => {
  await app?.close();
  app = null;
});

describe('the new-game screen', () => {
  it('shows', async () => {
    app = await openApp(baseUrl, '', 'newgame');
    const { page } = app;
    await page.screenshot({ path: join(RESULTS, 'newgame-screen.png'), fullPage: true });
    await page.getByTestId('ng-army-mode-0-built').click();
    await page.getByTestId('ab-0-ready').waitFor();
    await page.screenshot({ path: join(RESULTS, 'newgame-builder.png') });
    expect(app.errors).toEqual([]);
  });
});
