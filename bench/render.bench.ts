/**
 * Renderer benchmark: the 2,000-figure showcase battle in headless Chromium (SwiftShader, no GPU).
 * Prints draw calls, triangles and main-thread milliseconds per frame at each camera position.
 * Run with `npx tsx bench/render.bench.ts` (needs /usr/bin/chromium); `npm run bench` runs it too.
 */

import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { CHROMIUM, RESULTS, openApp } from '../tests/browser/browser';
import { describeBench, measureBench } from '../tests/browser/renderBench';

if (!existsSync(CHROMIUM)) {
  console.log(`render bench skipped: no Chromium at ${CHROMIUM}`);
  process.exit(0);
}
const root = fileURLToPath(new URL('..', import.meta.url));
const server = await createServer({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn', server: { host: '127.0.0.1', port: 0, hmr: false, watch: null } });
await server.listen();
const address = server.httpServer?.address();
const port = typeof address === 'object' && address ? address.port : 5173;
try {
  const app = await openApp(`http://127.0.0.1:${port}/`, '?scene=bench2000');
  try {
    const bench = await measureBench(app.page, false);
    console.log(describeBench(bench));
    await writeFile(join(RESULTS, 'render-bench.json'), JSON.stringify(bench, null, 2));
  } finally {
    await app.close();
  }
} finally {
  await server.close();
}
