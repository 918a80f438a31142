import { describe, it, expect } from 'vitest';
import { inch } from '../../../src/core/measure';
import { Rng } from '../../../src/core/random';
import { generateBattlefield, standardSpec } from '../../../src/terrain/battlefield';
import { obscuringHeightOf, type HillFeature } from '../../../src/terrain/features';
import { heightAt } from '../../../src/terrain/heightmap';
import { lineOfSight, sightClear, type SightHint } from '../../../src/terrain/sight';
import { handBuilt, rect, wood } from './helpers';

const eye = { eyeHeight: 20, targetHeight: 20 };
const from = { x: 100, y: 250 };
const to = { x: 900, y: 250 };

describe('lineOfSight over open ground', () => {
  const flat = handBuilt(1000, 500, 10, () => 0);

  it('sees across flat ground', () => {
    const r = lineOfSight(flat, from, to, eye);
    expect(r).toEqual({ visible: true, obscured: 0 });
  });

  it('is blocked beyond the maximum range, at that range', () => {
    const r = lineOfSight(flat, from, to, { ...eye, maxRange: 500 });
    expect(r.visible).toBe(false);
    expect(r.blockedBy?.kind).toBe('range');
    expect(r.blockedBy?.at.x).toBeCloseTo(600, 9);
    expect(r.blockedBy?.at.y).toBeCloseTo(250, 9);
    expect(lineOfSight(flat, from, to, { ...eye, maxRange: 800 }).visible).toBe(true);
  });

  it('sees a point from itself', () => {
    expect(lineOfSight(flat, from, from, eye).visible).toBe(true);
  });
});

describe('lineOfSight over a ridge', () => {
  // A sharp ridge 60 mm high along x = 500, one cell wide at its foot.
  const ridge = (x: number) => Math.max(0, 60 - 6 * Math.abs(x - 500));
  const hill: HillFeature = {
    id: 'ridge',
    kind: 'hill',
    name: 'Ridge',
    polygon: rect(480, 0, 520, 500),
    centre: { x: 500, y: 250 },
    radius: 20,
    height: 60,
  };
  const bf = handBuilt(1000, 500, 10, (x) => ridge(x), [hill]);

  it('is blocked by the ground, at the ridge', () => {
    const r = lineOfSight(bf, from, to, eye);
    expect(r.visible).toBe(false);
    expect(r.blockedBy?.kind).toBe('ground');
    expect(r.blockedBy?.featureId).toBe('ridge');
    expect(Math.abs(r.blockedBy!.at.x - 500)).toBeLessThanOrEqual(10);
    expect(r.blockedBy!.at.y).toBeCloseTo(250, 9);
    // Looking the other way, the ridge is met from the other side.
    const back = lineOfSight(bf, to, from, eye);
    expect(back.blockedBy?.kind).toBe('ground');
    expect(Math.abs(back.blockedBy!.at.x - 500)).toBeLessThanOrEqual(10);
  });

  it('is not blocked when eye and target are above the crest', () => {
    expect(lineOfSight(bf, from, to, { eyeHeight: 70, targetHeight: 70 }).visible).toBe(true);
    // Nor when the line climbs steeply enough to clear it.
    expect(lineOfSight(bf, from, to, { eyeHeight: 0, targetHeight: 130 }).visible).toBe(true);
    expect(lineOfSight(bf, from, to, { eyeHeight: 0, targetHeight: 110 }).visible).toBe(false);
  });
});

describe('lineOfSight through woods', () => {
  it('lets an observer high on a hill see over a wood below the line', () => {
    // Flat top 100 mm high for x < 200, falling to the plain at x = 300.
    const ground = (x: number) => (x <= 200 ? 100 : x >= 300 ? 0 : 100 - (x - 200));
    const w = wood('copse', rect(400, 150, 600, 350), 50);
    const bf = handBuilt(1000, 500, 10, ground, [w]);
    const onHill = lineOfSight(bf, from, to, eye);
    expect(onHill).toEqual({ visible: true, obscured: 0 });
    // The same line from the plain runs into the trees.
    const onPlain = lineOfSight(bf, { x: 350, y: 250 }, to, eye);
    expect(onPlain.visible).toBe(false);
    expect(onPlain.blockedBy?.kind).toBe('canopy');
    expect(onPlain.blockedBy?.featureId).toBe('copse');
    expect(onPlain.blockedBy!.at.x).toBeCloseTo(400, 6);
  });

  const flatWithWood = (deep: number) => handBuilt(1000, 500, 10, () => 0, [wood('wood', rect(500, 100, 500 + deep, 400), 50)]);

  it('sees through 2 inches of wood when 3 inches are allowed', () => {
    const r = lineOfSight(flatWithWood(inch(2)), from, to, { ...eye, obscuringLimit: inch(3) });
    expect(r.visible).toBe(true);
    expect(r.obscured).toBeCloseTo(inch(2), 6);
  });

  it('is blocked by 5 inches of wood, 3 inches in', () => {
    const r = lineOfSight(flatWithWood(inch(5)), from, to, { ...eye, obscuringLimit: inch(3) });
    expect(r.visible).toBe(false);
    expect(r.blockedBy?.kind).toBe('canopy');
    expect(r.blockedBy?.featureId).toBe('wood');
    expect(r.blockedBy!.at.x).toBeCloseTo(500 + inch(3), 6);
    expect(r.obscured).toBeCloseTo(inch(3), 6);
  });

  it('is blocked at the edge of any wood by default', () => {
    const r = lineOfSight(flatWithWood(inch(2)), from, to, eye);
    expect(r.blockedBy?.kind).toBe('canopy');
    expect(r.blockedBy!.at.x).toBeCloseTo(500, 6);
  });

  it('reports the nearer of ground and canopy', () => {
    const ridgeThenWood = handBuilt(1000, 500, 10, (x) => Math.max(0, 60 - 6 * Math.abs(x - 300)), [
      wood('wood', rect(500, 100, 700, 400), 50),
    ]);
    const r = lineOfSight(ridgeThenWood, from, to, eye);
    expect(r.blockedBy?.kind).toBe('ground');
    expect(r.obscured).toBe(0);
  });
});

describe('lineOfSight profile', () => {
  const bf = handBuilt(1000, 500, 10, () => 5, [wood('wood', rect(500, 100, 600, 400), 40)]);

  it('is left out unless asked for', () => {
    expect(lineOfSight(bf, from, to, eye).profile).toBeUndefined();
  });

  it('gives ground, sight line and canopy every half cell', () => {
    const r = lineOfSight(bf, from, to, { ...eye, profile: true });
    const profile = r.profile!;
    expect(profile).toHaveLength(161);
    expect(profile[0]).toEqual({ d: 0, ground: 5, ray: 25, canopy: 5 });
    expect(profile[160]!.d).toBeCloseTo(800, 9);
    expect(profile[160]!.ray).toBeCloseTo(25, 9);
    const inWood = profile.find((s) => s.d === 450)!;
    expect(inWood.canopy).toBe(45);
    expect(inWood.cover).toBe('trees');
  });
});

describe('lineOfSight on a generated battlefield', () => {
  const gen = generateBattlefield(standardSpec('sight'));

  it('agrees with a finely sampled reference on lines across the hills', () => {
    // Reference: step along the line every 1 mm and compare the ground with the ray, with woods and
    // orchards (everything with a canopy) left out.
    const noWoods = { ...gen, features: gen.features.filter((f) => obscuringHeightOf(f) === undefined) };
    const hills = gen.features.filter((f): f is HillFeature => f.kind === 'hill');
    const rng = new Rng('lines');
    const clampX = (x: number) => Math.min(gen.width, Math.max(0, x));
    const clampY = (y: number) => Math.min(gen.depth, Math.max(0, y));
    let agreed = 0;
    let blockedLines = 0;
    const total = 200;
    for (let n = 0; n < total; n++) {
      // Aim each line over a hill, so that a good share of them are blocked.
      const hill = rng.pick(hills);
      const a = { x: rng.range(0, gen.width), y: rng.range(0, gen.depth) };
      const k = rng.range(0.2, 1);
      const b = { x: clampX(hill.centre.x + (hill.centre.x - a.x) * k), y: clampY(hill.centre.y + (hill.centre.y - a.y) * k) };
      const len = Math.hypot(b.x - a.x, b.y - a.y);
      const z0 = heightAt(gen.heightmap, a.x, a.y) + 15;
      const z1 = heightAt(gen.heightmap, b.x, b.y) + 15;
      let blocked = false;
      for (let d = 5; d <= len - 5 && !blocked; d += 1) {
        const t = d / len;
        if (heightAt(gen.heightmap, a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t) > z0 + (z1 - z0) * t) blocked = true;
      }
      if (blocked) blockedLines++;
      if (lineOfSight(noWoods, a, b, { eyeHeight: 15, targetHeight: 15 }).visible === !blocked) agreed++;
    }
    expect(blockedLines).toBeGreaterThanOrEqual(total * 0.2);
    expect(blockedLines).toBeLessThanOrEqual(total * 0.9);
    // The reference samples five times as often, so a line that barely grazes a crest may differ.
    expect(agreed).toBeGreaterThanOrEqual(total * 0.98);
  });
});

describe('sightClear with a hint from the line before', () => {
  it('answers every line as lineOfSight does, over groups of nearby lines through hills, woods and towns', () => {
    const kinds = new Set<string>();
    let blocked = 0;
    let lines = 0;
    for (const [seed, settlements] of [['hint-a', false], ['hint-b', true], ['hint-c', true]] as const) {
      const bf = generateBattlefield(standardSpec(seed, { settlements }));
      const rng = new Rng(seed);
      const hint: SightHint = { kind: 'none', x: 0, y: 0, feature: -1 };
      for (let g = 0; g < 250; g++) {
        // The point pairs of two units: lines close together, so the hint is often right.
        const a0 = { x: rng.range(0, bf.width), y: rng.range(0, bf.depth) };
        const b0 = { x: rng.range(0, bf.width), y: rng.range(0, bf.depth) };
        const opts = { eyeHeight: rng.range(5, 40), targetHeight: rng.range(5, 40), obscuringLimit: [0, inch(3), 200][g % 3]! };
        for (let k = 0; k < 10; k++) {
          const a = { x: a0.x + rng.range(-50, 50), y: a0.y + rng.range(-20, 20) };
          const b = { x: b0.x + rng.range(-50, 50), y: b0.y + rng.range(-20, 20) };
          const before = hint.kind;
          const clear = sightClear(bf, a, b, opts, hint);
          expect(clear, `line ${lines}`).toBe(lineOfSight(bf, a, b, opts).visible);
          if (before !== 'none') kinds.add(before);
          if (!clear) blocked++;
          lines++;
        }
      }
    }
    // Every kind of hint was tried, on enough blocked lines for the comparison to mean something.
    expect([...kinds].sort()).toEqual(['building', 'canopy', 'ground']);
    expect(blocked).toBeGreaterThan(lines * 0.2);
  });
  it('answers as lineOfSight through a lone round wood on a slope, for chords and heights either side of the limit', () => {
    // A wood 300 mm across on ground waving 10 mm up and down, trees 50 mm tall. A canopy hint lets
    // sightClear settle a line from a disc inside the wood; near the limit, and where the line
    // passes over the tops in the troughs, it must not settle one that the full walk calls clear.
    const circle = Array.from({ length: 40 }, (_, k) => ({ x: 500 + 150 * Math.cos((k * Math.PI) / 20), y: 400 + 150 * Math.sin((k * Math.PI) / 20) }));
    const bf = handBuilt(1000, 800, 10, (x) => 10 * Math.sin((2 * Math.PI * (x - 100)) / 200), [wood('round', circle)]);
    let blocked = 0;
    let clearAfterCanopy = 0;
    let lines = 0;
    for (const limit of [inch(3), 150, 280]) {
      const hint: SightHint = { kind: 'none', x: 0, y: 0, feature: -1 };
      for (let off = -160; off <= 160; off += 4) {
        for (const eye of [30, 38, 41, 44, 48, 55]) {
          const opts = { eyeHeight: eye, targetHeight: eye, obscuringLimit: limit };
          const a = { x: 100, y: 400 + off };
          const b = { x: 900, y: 400 + off * 0.8 };
          const before = hint.kind;
          const clear = sightClear(bf, a, b, opts, hint);
          expect(clear, `limit ${limit}, offset ${off}, eye ${eye}`).toBe(lineOfSight(bf, a, b, opts).visible);
          if (!clear) blocked++;
          else if (before === 'canopy') clearAfterCanopy++;
          lines++;
        }
      }
    }
    expect(blocked).toBeGreaterThan(lines * 0.2);
    expect(clearAfterCanopy).toBeGreaterThan(lines * 0.05);
  });
});
