import { describe, expect, it } from 'vitest';
import { GameSession } from '../../../src/app/session';
import { battlefieldFromSpec } from '../../../src/terrain/battlefield';
import { groundAt } from '../../../src/rules/one-page/world';
import { inch } from '../../../src/core/measure';
import type { OnePageGame } from '../../../src/rules/one-page/types';

describe('objectives', () => {
  it('are three, 12" apart, at the crossings first, and always beside ground a unit can hold', () => {
    for (let i = 0; i < 12; i++) {
      const s = new GameSession({ rulesetId: 'one-page', seed: `objectives-${i}` });
      const bf = battlefieldFromSpec(s.state.battlefield);
      const objectives = (s.state.rules as OnePageGame).objectives;
      expect(objectives).toHaveLength(3);
      for (const [a, p] of objectives.entries()) {
        for (const q of objectives.slice(a + 1)) expect(Math.hypot(p.x - q.x, p.y - q.y)).toBeGreaterThanOrEqual(inch(12) - 1e-6);
        let holdable = false;
        for (let r = 0; r <= inch(2) && !holdable; r += 5) {
          for (let k = 0; k < 32 && !holdable; k++) {
            const g = groundAt(bf, { x: p.x + r * Math.cos((k * Math.PI) / 16), y: p.y + r * Math.sin((k * Math.PI) / 16) });
            holdable = g === 'open' || g === 'road';
          }
        }
        expect(holdable, `objective ${a + 1} of seed ${i}`).toBe(true);
      }
      const bridge = bf.features.find((f) => f.kind === 'bridge');
      if (bridge && 'polygon' in bridge) {
        const c = bridge.polygon.reduce((acc, q) => ({ x: acc.x + q.x / bridge.polygon.length, y: acc.y + q.y / bridge.polygon.length }), { x: 0, y: 0 });
        expect(objectives[0]!.x).toBeCloseTo(c.x, 6);
        expect(objectives[0]!.y).toBeCloseTo(c.y, 6);
      }
    }
  });
});
