/** Entry point: start the engine worker, begin a game (from the address, the last visit or the new-game screen) and render. */

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { GameSetup } from './core/model';
import { setShadows, startApp } from './app/store';
import { App } from './ui/App';
import { startDemo } from './app/demo';
import { ShowcaseApp, startShowcase } from './showcase/ShowcaseApp';
import './ui/styles.css';

const params = new URLSearchParams(window.location.search);

/**
 * Ruleset options from the address: `?opt.activation=cards&opt.commandControl=true`. Values are
 * read as JSON where they parse (true, 8) and as text otherwise; the worker checks them against the
 * ruleset's option list and says what is wrong.
 */
function optionsFrom(p: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, raw] of p) {
    if (!key.startsWith('opt.')) continue;
    let value: unknown = raw;
    try {
      value = JSON.parse(raw);
    } catch {
      // Plain text, such as "cards".
    }
    out[key.slice(4)] = value;
  }
  return out;
}

/**
 * The game the address names: a ruleset, seed, scenario, dice or any option starts that game at
 * once, as links and the browser tests do. With none of them the page resumes the last game or
 * shows the new-game screen.
 */
function setupFrom(p: URLSearchParams): GameSetup | null {
  const names = ['ruleset', 'seed', 'scenario', 'dice', 'demo'].some((k) => p.has(k)) || [...p.keys()].some((k) => k.startsWith('opt.'));
  if (!names) return null;
  const scenario = p.get('scenario');
  return {
    rulesetId: p.get('ruleset') ?? 'one-page',
    seed: p.get('seed') ?? 'tricorne',
    dice: p.get('dice') === 'manual' ? 'manual' : 'seeded',
    options: optionsFrom(p),
    ...(scenario ? { scenario } : {}),
  };
}

if (params.get('shadows') === '1') setShadows(true);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
// `?scene=NAME` shows a fixed table for the renderer's tests and benchmarks, without the engine.
const showcase = params.get('scene');
if (showcase && startShowcase(showcase)) {
  createRoot(root).render(
    <StrictMode>
      <ShowcaseApp />
    </StrictMode>,
  );
} else {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // `?demo=1`: the computer plays both sides, battle after battle (later seeds are made from `seed`).
  void startApp(setupFrom(params)).then(() => {
    if (params.get('demo') === '1') startDemo(params.get('seed'));
  });
}
