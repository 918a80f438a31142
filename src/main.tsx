/** Entry point: start the engine worker, begin a game (seed and dice from the URL) and render. */

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { GameSetup } from './core/model';
import { setShadows, startApp } from './app/store';
import { App } from './ui/App';
import { ShowcaseApp, startShowcase } from './showcase/ShowcaseApp';
import './ui/styles.css';

const params = new URLSearchParams(window.location.search);
const setup: GameSetup = {
  rulesetId: params.get('ruleset') ?? 'one-page',
  seed: params.get('seed') ?? 'tricorne',
  dice: params.get('dice') === 'manual' ? 'manual' : 'seeded',
};

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
  void startApp(setup);
}
