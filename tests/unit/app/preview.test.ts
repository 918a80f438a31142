/** Previews of a filled-in order, worked out on a copy of the game in the engine host. */

import { describe, expect, it } from 'vitest';
import { createEngineApi } from '../../../src/app/engineHost';
import type { LegalAction } from '../../../src/core/ruleset';

async function toOrders(seed: string) {
  const api = createEngineApi();
  await api.newGame({ rulesetId: 'horse-and-musket', seed, options: { deployment: 'automatic' } });
  for (let i = 0; i < 10; i++) {
    const v = await api.view();
    const legal = await api.legal(v.state.active!);
    if (legal.some((l) => l.unit && l.params[0]?.kind === 'angle' && l.action.order === 'wheel')) return { api, legal };
    const turn = legal.find((a) => !a.unit && a.group === 'turn' && !/pass|end/i.test(a.label)) ?? legal.find((a) => !a.unit && a.params.length === 0);
    if (!turn) break;
    const r = await api.act(turn.action);
    expect(r.ok).toBe(true);
  }
  throw new Error('no wheel order came up');
}

describe('previewAction', () => {
  it('shows a wheel pivoting on a front corner and a move straight ahead, without changing the game', async () => {
    const { api, legal } = await toOrders('preview-1');
    const before = await api.view();
    const wheel = legal.find((l) => l.action.order === 'wheel') as LegalAction;
    const unit = before.state.units.find((u) => u.id === wheel.unit)!;
    const p = await api.previewAction({ ...wheel.action, angle: Math.PI / 8 });
    expect(p?.ok).toBe(true);
    const moved = p?.ok ? p.units.find((u) => u.id === unit.id) : undefined;
    expect(moved?.facing).toBeCloseTo(unit.facing + Math.PI / 8, 6);
    // Pivoting on a corner moves the Colour Stand too (a turn in place would not).
    expect(Math.hypot(moved!.x - unit.x, moved!.y - unit.y)).toBeGreaterThan(1);
    expect(p?.ok && p.text).toContain('wheels');

    const move = legal.find((l) => l.unit === unit.id && l.action.order === 'move')!;
    const ahead = { x: unit.x + Math.cos(unit.facing) * 50, y: unit.y + Math.sin(unit.facing) * 50 };
    const m = await api.previewAction({ ...move.action, to: ahead });
    const after = m?.ok ? m.units.find((u) => u.id === unit.id) : undefined;
    expect(after?.x).toBeCloseTo(ahead.x, 0);
    expect(after?.y).toBeCloseTo(ahead.y, 0);

    // Too far: the rule error, not a pose.
    const far = { x: unit.x + Math.cos(unit.facing) * 1000, y: unit.y + Math.sin(unit.facing) * 1000 };
    const no = await api.previewAction({ ...move.action, to: far });
    expect(no?.ok).toBe(false);

    const still = await api.view();
    expect(still.hash).toBe(before.hash);
    expect(still.seq).toBe(before.seq);
  });
});
