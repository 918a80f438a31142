/**
 * The page for a showcase table (`?scene=setpiece`, `?scene=bench2000`): the 3D table alone,
 * filling the window, with a static game view made in the page. The engine worker is not started.
 */

import { Scene } from '../scene/Scene';
import { useApp } from '../app/store';
import { figureCount, SHOWCASES, treeCount, type Showcase } from './scenes';

/** Put a showcase table in the store, as if a game had started. False for an unknown name. */
export function startShowcase(name: string): boolean {
  const make = SHOWCASES[name];
  if (!make) return false;
  const s = make();
  useApp.setState({ status: 'ready', view: s.view, battlefield: s.battlefield, legal: [], rulesets: [] });
  // For the tests and the benchmark: where to put the camera, and how many figures there are.
  window.__showcase = { name, cameras: s.cameras, figures: figureCount(s.view.state.units), trees: treeCount(s.battlefield) };
  return true;
}

declare global {
  interface Window {
    __showcase?: { name: string; cameras: Showcase['cameras']; figures: number; trees: number };
  }
}

export function ShowcaseApp() {
  return (
    <div style={{ position: 'fixed', inset: 0 }} data-testid="canvas-wrap">
      <Scene />
    </div>
  );
}
