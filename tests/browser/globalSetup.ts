/**
 * Browser tests: start one Vite dev server (no build) on a free port of 127.0.0.1 for the whole run
 * and hand its URL to the tests through vitest's provide/inject.
 */

import { createServer as createNetServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createNetServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const port = await freePort();
  const server = await createServer({
    root,
    configFile: `${root}/vite.config.ts`,
    logLevel: 'warn',
    clearScreen: false,
    // No file watching or hot reload: a reload in the middle of a test would lose the game.
    server: { host: '127.0.0.1', port, strictPort: true, hmr: false, watch: null },
  });
  await server.listen();
  const baseUrl = `http://127.0.0.1:${port}/`;
  // Warm the transform cache so the first test does not pay for compiling the whole app.
  await fetch(baseUrl).then((r) => r.text());
  project.provide('baseUrl', baseUrl);
  return async () => {
    await server.close();
  };
}
