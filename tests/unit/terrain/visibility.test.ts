import { describe, expect, it } from 'vitest';
import type { Vec2 } from '../../../src/core/geometry';
import { inch } from '../../../src/core/measure';
import { Rng } from '../../../src/core/random';
import { generateBattlefield, standardSpec } from '../../../src/terrain/battlefield';
import { lineOfSight, sightClear } from '../../../src/terrain/sight';
import { visibilityMatrix, VisibilityTracker, type SightObserver, type SightTarget } from '../../../src/terrain/visibility';
import { handBuilt } from './helpers';

/** Centre and corners of a 100 x 40 mm stand. */
function stand(cx: number, cy: number): Vec2[] {
  return [
    { x: cx, y: cy },
    { x: cx - 50, y: cy - 20 },
    { x: cx + 50, y: cy - 20 },
    { x: cx + 50, y: cy + 20 },
    { x: cx - 50, y: cy + 20 },
  ];
}

describe('visibilityMatrix', () => {
  const ridge = handBuilt(1000, 500, 10, (x) => Math.max(0, 60 - 6 * Math.abs(x - 500)));

  it('is row per observer, column per target, and hides units behind a ridge', () => {
    const observers: SightObserver[] = [
      { id: 'west', points: stand(150, 250), eyeHeight: 20 },
      { id: 'east', points: stand(850, 250), eyeHeight: 20 },
    ];
    const targets: SightTarget[] = [
      { id: 'near-west', points: stand(300, 100), height: 20 },
      { id: 'far-east', points: stand(800, 400), height: 20 },
      { id: 'tall-east', points: stand(800, 100), height: 200 },
    ];
    const m = visibilityMatrix(ridge, observers, targets);
    expect(Array.from(m)).toEqual([1, 0, 1, 0, 1, 1]);
  });

  it('sees a unit when any eye point sees any of its points', () => {
    // A flat-topped ridge; the target's rear corner pokes out past its end.
    const bf = handBuilt(1000, 500, 10, (x, y) => (y < 200 && Math.abs(x - 500) <= 20 ? 60 : 0));
    const observer: SightObserver = { id: 'o', points: stand(150, 150), eyeHeight: 20 };
    const hidden: SightTarget = { id: 'h', points: stand(800, 150), height: 20 };
    const peeking: SightTarget = { id: 'p', points: [{ x: 800, y: 150 }, { x: 800, y: 400 }], height: 20 };
    expect(Array.from(visibilityMatrix(bf, [observer], [hidden, peeking]))).toEqual([0, 1]);
    expect(lineOfSight(bf, { x: 150, y: 150 }, { x: 800, y: 150 }, { eyeHeight: 20, targetHeight: 20 }).visible).toBe(false);
  });

  it('settles pairs out of range, and units without points, as unseen', () => {
    const flat = handBuilt(1000, 500, 10, () => 0);
    const observers: SightObserver[] = [
      { id: 'a', points: stand(100, 250), eyeHeight: 20 },
      { id: 'none', points: [], eyeHeight: 20 },
    ];
    const targets: SightTarget[] = [
      { id: 'close', points: stand(400, 250), height: 20 },
      { id: 'far', points: stand(900, 250), height: 20 },
      { id: 'edge', points: [{ x: 550, y: 250 }, { x: 950, y: 250 }], height: 20 },
    ];
    expect(Array.from(visibilityMatrix(flat, observers, targets, { maxRange: 450 }))).toEqual([1, 0, 1, 0, 0, 0]);
    expect(visibilityMatrix(flat, [], targets)).toHaveLength(0);
  });

  it('agrees with lineOfSight between every pair of points, on a generated table with woods', () => {
    const bf = generateBattlefield(standardSpec('matrix'));
    const rng = new Rng('matrix-units');
    const make = (n: number): { o: SightObserver[]; t: SightTarget[] } => {
      const o: SightObserver[] = [];
      const t: SightTarget[] = [];
      for (let i = 0; i < n; i++) {
        const pts = stand(rng.range(60, bf.width - 60), rng.range(30, bf.depth - 30));
        o.push({ id: `u${i}`, points: pts, eyeHeight: rng.range(10, 30) });
        t.push({ id: `u${i}`, points: pts, height: rng.range(10, 30) });
      }
      return { o, t };
    };
    const { o, t } = make(14);
    for (const opts of [{ obscuringLimit: inch(3) }, { obscuringLimit: 0, maxRange: inch(24) }]) {
      const m = visibilityMatrix(bf, o, t, opts);
      let seen = 0;
      for (let i = 0; i < o.length; i++) {
        for (let j = 0; j < t.length; j++) {
          const any = o[i]!.points.some((p) =>
            t[j]!.points.some((q) => lineOfSight(bf, p, q, { eyeHeight: o[i]!.eyeHeight, targetHeight: t[j]!.height, ...opts }).visible),
          );
          expect(m[i * t.length + j], `${i} sees ${j}`).toBe(any ? 1 : 0);
          seen += m[i * t.length + j]!;
        }
      }
      // Some seen and some not, so the comparison means something.
      expect(seen).toBeGreaterThan(10);
      expect(seen).toBeLessThan(o.length * t.length - 10);
    }
  });

  it('sightClear gives lineOfSight\'s answer, over hills, woods and buildings, with and without limits', () => {
    for (const [seed, settlements] of [['clear-a', true], ['clear-b', false]] as const) {
      const bf = generateBattlefield(standardSpec(seed, { settlements }));
      const rng = new Rng(seed);
      let blocked = 0;
      for (let k = 0; k < 3000; k++) {
        const a = { x: rng.range(0, bf.width), y: rng.range(0, bf.depth) };
        const b = { x: rng.range(0, bf.width), y: rng.range(0, bf.depth) };
        const opts = { eyeHeight: rng.range(0, 40), targetHeight: rng.range(0, 40), obscuringLimit: k % 2 ? inch(3) : 0, ...(k % 3 ? {} : { maxRange: inch(30) }) };
        const visible = lineOfSight(bf, a, b, opts).visible;
        if (!visible) blocked++;
        expect(sightClear(bf, a, b, opts), `line ${k} of ${seed}`).toBe(visible);
      }
      expect(blocked).toBeGreaterThan(300);
      expect(blocked).toBeLessThan(2700);
    }
  });
});

describe('VisibilityTracker', () => {
  const bf = generateBattlefield(standardSpec('tracker'));
  const rng = new Rng('tracker-units');
  const place = (id: string): { o: SightObserver; t: SightTarget } => {
    const pts = stand(rng.range(60, bf.width - 60), rng.range(30, bf.depth - 30));
    return { o: { id, points: pts, eyeHeight: 20 }, t: { id, points: pts, height: 20 } };
  };

  it('answers as visibilityMatrix after every move, working out only the moved unit\'s row and column', () => {
    const units = Array.from({ length: 12 }, (_, i) => place(`u${i}`));
    const opts = { obscuringLimit: inch(3) };
    const tracker = new VisibilityTracker(bf, opts);
    const observers = (): SightObserver[] => units.map((u) => u.o);
    const targets = (): SightTarget[] => units.map((u) => u.t);
    expect(Array.from(tracker.matrix(observers(), targets()))).toEqual(Array.from(visibilityMatrix(bf, observers(), targets(), opts)));
    expect(tracker.recomputed).toBe(144);
    // Nothing moved: nothing to work out.
    tracker.matrix(observers(), targets());
    expect(tracker.recomputed).toBe(0);
    let changed = 0;
    for (let move = 0; move < 10; move++) {
      const i = rng.int(units.length);
      units[i] = place(`u${i}`);
      const m = tracker.matrix(observers(), targets());
      const fresh = visibilityMatrix(bf, observers(), targets(), opts);
      expect(Array.from(m), `after move ${move}`).toEqual(Array.from(fresh));
      // Its row as observer (12 pairs) and its column as target (11 more).
      expect(tracker.recomputed).toBe(23);
      changed += fresh.reduce((s, v) => s + v, 0);
    }
    expect(changed).toBeGreaterThan(0);
  });

  it('works a pair out again when only the eye height changes', () => {
    const a = place('a');
    const b = place('b');
    const tracker = new VisibilityTracker(bf);
    tracker.matrix([a.o], [b.t]);
    tracker.matrix([{ ...a.o, eyeHeight: 40 }], [b.t]);
    expect(tracker.recomputed).toBe(1);
  });

  it('works a pair out again when a target\'s height or points change, and only then', () => {
    const a = place('a');
    const b = place('b');
    const tracker = new VisibilityTracker(bf);
    tracker.matrix([a.o], [b.t]);
    // New arrays and objects holding the same numbers are the same place.
    tracker.matrix([{ ...a.o, points: a.o.points.map((p) => ({ ...p })) }], [{ ...b.t, points: b.t.points.map((p) => ({ ...p })) }]);
    expect(tracker.recomputed).toBe(0);
    tracker.matrix([a.o], [{ ...b.t, height: 5 }]);
    expect(tracker.recomputed).toBe(1);
    // One point fewer: another place, though the points kept are where they were.
    const fewer = { ...b.t, height: 5, points: b.t.points.slice(0, -1) };
    tracker.matrix([a.o], [fewer]);
    expect(tracker.recomputed).toBe(1);
    expect(Array.from(tracker.matrix([a.o], [fewer]))).toEqual(Array.from(visibilityMatrix(bf, [a.o], [fewer])));
    expect(tracker.recomputed).toBe(0);
  });
});
