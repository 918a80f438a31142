/**
 * What the dice worker offers the page: record throws. Rapier (a 4 MB WebAssembly module) is loaded
 * and initialised on the first call only, so it costs nothing until dice are first thrown.
 */

import type { Rapier, ThrowRecording, ThrowSpec } from './record';
import { recordThrow } from './record';

export interface DiceApi {
  /** Load Rapier now, so the first throw does not wait for it. */
  warm(): Promise<void>;
  /** Record each throw; the pose arrays are handed over, not copied. */
  record(specs: ThrowSpec[]): Promise<{ recordings: ThrowRecording[]; ms: number }>;
}

let rapier: Promise<Rapier> | null = null;

export function loadRapier(): Promise<Rapier> {
  if (!rapier) {
    rapier = import('@dimforge/rapier3d-compat').then(async (m) => {
      const R: Rapier = m.default;
      await R.init();
      return R;
    });
  }
  return rapier;
}

export function createDiceApi(send: <T>(data: T, transfers: Transferable[]) => T = (d) => d): DiceApi {
  return {
    async warm() {
      await loadRapier();
    },
    async record(specs) {
      const R = await loadRapier();
      const t0 = performance.now();
      const recordings = specs.map((spec) => recordThrow(R, spec));
      const ms = performance.now() - t0;
      return send({ recordings, ms }, recordings.map((r) => r.poses.buffer as ArrayBuffer));
    },
  };
}
