/**
 * The page's handle on the engine worker: starts the worker and wraps it with comlink, so every
 * call is a typed, asynchronous call into the worker. No rule runs on the main thread.
 */

import * as Comlink from 'comlink';
import type { EngineApi } from './engineApi';

export type EngineClient = Comlink.Remote<EngineApi>;

export interface EngineConnection {
  api: EngineClient;
  /** Stop the worker (a new connection must be made to go on). */
  terminate(): void;
}

/**
 * Start a fresh engine worker. `onCrash` is called when the worker dies on an uncaught error, so the
 * page can start another one and restore the game from its last save.
 */
export function connectEngine(onCrash?: (message: string) => void): EngineConnection {
  const worker = new Worker(new URL('../../workers/engine.worker.ts', import.meta.url), { type: 'module', name: 'tricorne-engine' });
  worker.addEventListener('error', (e) => {
    onCrash?.(e.message || 'the engine worker stopped on an error');
  });
  const api = Comlink.wrap<EngineApi>(worker);
  return {
    api,
    terminate() {
      api[Comlink.releaseProxy]();
      worker.terminate();
    },
  };
}
