/**
 * Renderer benchmark in headless Chromium (SwiftShader, no GPU):
 * - the 2,000-figure showcase battle among some 3,000 trees: draw calls, triangles and main-thread
 *   milliseconds per frame (median and 90th percentile) at each camera position;
 * - time to first render, from navigation start to the first frame with the table drawn, for a new
 *   one-page game (engine worker, terrain, models) and for the showcase battle, median of a few loads.
 * The page is the production build (what `npm start` serves), built afresh into a temporary folder.
 * Prints the machine's load with the figures, since the machine may be shared.
 * Run with `npx tsx bench/render.bench.ts` (needs /usr/bin/chromium); `npm run bench` runs it too.
 */

import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';
import { CHROMIUM, RESULTS, openApp } from '../tests/browser/browser';
import { describeBench, firstRenderMs, measureBench } from '../tests/browser/renderBench';
import { summary } from './stats';

const LOADS = 3;

if (!existsSync(CHROMIUM)) {
  console.log(`render bench skipped: no Chromium at ${CHROMIUM}`);
  process.exit(0);
}
const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = await mkdtemp(join(tmpdir(), 'tricorne-bench-dist-'));
const configFile = join(root, 'vite.config.ts');
await build({ root, configFile, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
const server = await preview({ root, configFile, logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port: 0 } });
const address = server.httpServer?.address();
const port = typeof address === 'object' && address ? address.port : 4173;
try {
  const base = `http://127.0.0.1:${port}/`;
  console.log(`load average at start: ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  const app = await openApp(base, '?scene=bench2000');
  let bench;
  try {
    bench = await measureBench(app.page, false);
    console.log(describeBench(bench));
  } finally {
    await app.close();
  }
  const first: Record<string, number[]> = { 'a new one-page game': [], 'the 2,000-figure battle': [] };
  for (let i = 0; i < LOADS; i++) {
    for (const [label, query] of [
      ['a new one-page game', `?seed=first-render-${i}`],
      ['the 2,000-figure battle', '?scene=bench2000'],
    ] as const) {
      const page = await openApp(base, query);
      try {
        first[label]!.push(await firstRenderMs(page.page));
      } finally {
        await page.close();
      }
    }
  }
  for (const [label, values] of Object.entries(first)) console.log(summary(`time to first render, ${label}`, values, 'ms', 0));
  console.log(`load average at end: ${loadavg().map((l) => l.toFixed(2)).join(', ')}`);
  await writeFile(join(RESULTS, 'render-bench.json'), JSON.stringify({ ...bench, firstRenderMs: first }, null, 2));
} finally {
  await server.close();
  await rm(outDir, { recursive: true, force: true });
}
