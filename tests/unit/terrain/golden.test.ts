import { describe, expect, it } from 'vitest';
import { generateBattlefield, standardSpec, type BattlefieldSpec } from '../../../src/terrain/battlefield';

/** 32-bit FNV-1a of some bytes, as 8 hex digits. */
function fnv(bytes: Uint8Array): string {
  let h = 0x811c9dc5;
  for (const b of bytes) {
    h ^= b;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

/**
 * The default generator's output, pinned: saved one-page games keep only the spec and replay on
 * the table it builds, so a change here must be deliberate (and these hashes updated with it).
 */
const GOLDEN: [BattlefieldSpec, string, string][] = [
  [standardSpec('Rossbach'), 'ebcc5188', 'f7470064'],
  [standardSpec('Minden'), '139fa0ca', 'c6562c2f'],
  [standardSpec(7), 'd685f556', '8160f0fe'],
  [standardSpec('x', { hills: 3, woods: 2 }), '6e0743b6', 'bb208f38'],
  [standardSpec('dry', { river: false }), '8c4a7311', '9b7381bb'],
  [{ seed: 'small', width: 1219.2, depth: 1219.2, cellSize: 20 }, 'e9f486fd', 'e1f3461a'],
];

describe('default generator, pinned', () => {
  it.each(GOLDEN)('builds the same heights and features as it always has: %j', (spec, heights, features) => {
    const bf = generateBattlefield(spec);
    const h = bf.heightmap.heights;
    expect(fnv(new Uint8Array(h.buffer, h.byteOffset, h.byteLength))).toBe(heights);
    expect(fnv(new TextEncoder().encode(JSON.stringify(bf.features)))).toBe(features);
  });
});
