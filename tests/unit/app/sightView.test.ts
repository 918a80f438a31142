/**
 * What the page makes of the worker's sight answers: the profile's caption in words, and the
 * viewshed packed into the overlay texture.
 */

import { describe, expect, it } from 'vitest';
import type { SightLineData } from '../../../src/app/engineApi';
import { inch } from '../../../src/core/measure';
import { sightCaption } from '../../../src/ui/sightText';
import { sightTexture } from '../../../src/scene/sightOverlay';

function line(extra: Partial<SightLineData>): SightLineData {
  return {
    from: { x: 0, y: 0 },
    to: { x: inch(31), y: 0 },
    eyeHeight: 25,
    targetHeight: 25,
    length: inch(31),
    visible: true,
    obscured: 0,
    obscuringLimit: inch(3),
    profile: [],
    ...extra,
  };
}

describe('the sight line caption', () => {
  it('says clear, or what blocks the line and where, to a tenth of an inch', () => {
    expect(sightCaption(line({}), 'in')).toBe('Clear: 31.0"');
    const at = { x: inch(14.2), y: 0 };
    expect(sightCaption(line({ visible: false, blockedBy: { kind: 'ground', featureId: 'hill-2', featureName: 'Hill 2', at, distance: inch(14.2) } }), 'in')).toBe(
      'Blocked by the ground at 14.2" (Hill 2)',
    );
    expect(sightCaption(line({ visible: false, blockedBy: { kind: 'ground', at, distance: inch(14.2) } }), 'in')).toBe('Blocked by the ground at 14.2"');
    expect(sightCaption(line({ visible: false, blockedBy: { kind: 'canopy', featureName: 'North wood', at, distance: inch(9.54) } }), 'in')).toBe(
      'Blocked by North wood at 9.5" (sight reaches 3" into woods)',
    );
    expect(sightCaption(line({ visible: false, maxRange: inch(9), blockedBy: { kind: 'range', at, distance: inch(9) } }), 'in')).toBe(
      'Blocked at 9.0": sight reaches only 9" in this light',
    );
    expect(sightCaption(line({}), 'cm')).toBe('Clear: 78.7 cm');
  });
});

describe('the overlay texture', () => {
  it('packs seen ground, dead ground and sight range into one texel per grid sample', () => {
    const grid = {
      cols: 3,
      rows: 2,
      cellSize: 10,
      originX: 0,
      originY: 0,
      visible: Uint8Array.from([1, 0, 0, 1, 0, 0]),
      dead: Uint8Array.from([0, 1, 0, 0, 0, 0]),
      minHeight: Float32Array.from([0, 40, 10, 0, Infinity, 5]),
    };
    const tex = sightTexture(grid);
    expect([tex.image.width, tex.image.height]).toEqual([3, 2]);
    const px = (k: number) => Array.from((tex.image.data as Uint8Array).subarray(k * 4, k * 4 + 4));
    expect(px(0)).toEqual([255, 0, 255, 255]);
    expect(px(1)).toEqual([0, 255, 255, 255]);
    expect(px(2)).toEqual([0, 0, 255, 255]);
    expect(px(4)).toEqual([0, 0, 0, 255]);
  });
});
