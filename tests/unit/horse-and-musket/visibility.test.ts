/**
 * Horse-and-musket visibility (digest C §8): the test cases of C §8.13 in the book's 'levels'
 * reading, the same situations on the heightmap ('computed'), and the caps both share.
 *
 * Battlefields are 60" x 30" at 5 mm cells, built by hand. Hills are round: a dome falls as a
 * cosine from its summit to its foot; a mesa has a flat top and a straight slope. Units have one
 * stand, 20 mm wide and 10 mm deep (small, so that "1.5 inches behind the wood" holds for the whole
 * stand), placed by the x of their front edge along the line y = 15".
 */

import { describe, expect, it } from 'vitest';
import type { Vec2 } from '../../../src/core/geometry';
import { inch } from '../../../src/core/measure';
import type { Stand } from '../../../src/core/model';
import type { Battlefield } from '../../../src/terrain/battlefield';
import type {
  BoundaryFeature,
  BuildingFeature,
  GradientClass,
  GroundFeature,
  HillFeature,
  OrchardFeature,
  SettlementFeature,
  TerrainFeature,
  WoodDensity,
  WoodFeature,
} from '../../../src/terrain/features';
import type { TroopType, Weather } from '../../../src/rules/horse-and-musket/types';
import {
  canAnySee,
  canSee,
  observerSamples,
  targetSamples,
  weatherCap,
  type SightContext,
  type SightMode,
  type SightUnit,
} from '../../../src/rules/horse-and-musket/visibility';
import { handBuilt, rect } from '../terrain/helpers';

const I = inch;
const Y = I(15);
const EAST = 0;
const WEST = Math.PI;

type Relief = (x: number, y: number) => number;

function dome(cx: number, cy: number, r: number, h: number): Relief {
  return (x, y) => {
    const d = Math.hypot(x - cx, y - cy);
    return d >= r ? 0 : h * 0.5 * (1 + Math.cos((Math.PI * d) / r));
  };
}

function mesa(cx: number, cy: number, rTop: number, r: number, h: number): Relief {
  return (x, y) => {
    const d = Math.hypot(x - cx, y - cy);
    return d <= rTop ? h : d >= r ? 0 : (h * (r - d)) / (r - rTop);
  };
}

function circle(cx: number, cy: number, r: number, n = 64): Vec2[] {
  const out: Vec2[] = [];
  for (let k = 0; k < n; k++) out.push({ x: cx + r * Math.cos((2 * Math.PI * k) / n), y: cy + r * Math.sin((2 * Math.PI * k) / n) });
  return out;
}

function hill(name: string, cx: number, r: number, height: number, gradient: GradientClass, shape?: 'domed' | 'flatTopped'): HillFeature {
  const h: HillFeature = { id: name, kind: 'hill', name, polygon: circle(cx, Y, r), centre: { x: cx, y: Y }, radius: r, height, gradient };
  if (shape) h.shape = shape;
  return h;
}

function woods(name: string, x0: number, x1: number, density: WoodDensity = 'woodland', canopyHeight = I(1.5), y0 = I(5), y1 = I(25)): WoodFeature {
  return { id: name, kind: 'wood', name, polygon: rect(x0, y0, x1, y1), canopyHeight, density };
}

function field(features: TerrainFeature[], relief: Relief[] = []): Battlefield {
  return handBuilt(I(60), I(30), 5, (x, y) => relief.reduce((s, f) => s + f(x, y), 0), features);
}

function stand(width = 20, depth = 10, f = 0): Stand {
  return { f, l: 0, width, depth, figures: 4, status: 'ok' };
}

/** A one-stand unit whose front edge is at x = front, facing east or west, centred on y. */
function unit(troop: TroopType, front: number, facing: number, y = Y, s: Stand = stand()): SightUnit {
  const dir = facing === EAST ? 1 : -1;
  return { x: front - (dir * s.depth) / 2, y, facing, stands: [s], rs: { troop } };
}

/** A two-stand column: the front stand's front edge at x = front, the second stand behind it. */
function column(troop: TroopType, front: number, facing: number): SightUnit {
  const dir = facing === EAST ? 1 : -1;
  return { x: front - dir * 10, y: Y, facing, stands: [stand(20, 10, 5), stand(20, 10, -5)], rs: { troop } };
}

function ctx(mode: SightMode, more: Partial<SightContext> = {}): SightContext {
  return { mode, weather: 'clear', enemy: true, ...more };
}

const MODES: SightMode[] = ['levels', 'computed'];

describe('sample points (C §8.3)', () => {
  it('a unit looks from its Colour Stand: 4 corners, centre and front-edge midpoint', () => {
    const u: SightUnit = { x: 100, y: 100, facing: EAST, stands: [stand(40, 20), stand(40, 20, -20)], rs: { troop: 'infantry' } };
    const s = observerSamples(u);
    expect(s.points).toHaveLength(6);
    expect(s.reference).toEqual({ x: 100, y: 100 });
    expect(s.points[5]!.x).toBeCloseTo(110, 9);
    expect(s.points[5]!.y).toBeCloseTo(100, 9);
  });

  it('a battery looks from the centre of its gun stand front edge only; a General from his corners and centre', () => {
    const gun: SightUnit = { x: 100, y: 100, facing: WEST, stands: [stand(40, 20)], rs: { troop: 'artillery' } };
    const g = observerSamples(gun);
    expect(g.points).toHaveLength(1);
    expect(g.points[0]!.x).toBeCloseTo(90, 9);
    expect(g.points[0]!.y).toBeCloseTo(100, 9);
    const general: SightUnit = { x: 100, y: 100, facing: EAST, stands: [stand(20, 20)], rs: { troop: 'general' } };
    expect(observerSamples(general).points).toHaveLength(5);
  });

  it('a target unit is seen at the corners and centre of every live stand', () => {
    const u: SightUnit = { x: 100, y: 100, facing: EAST, stands: [stand(), stand(20, 10, -10), { ...stand(20, 10, -20), status: 'destroyed' }], rs: { troop: 'infantry' } };
    const groups = targetSamples(u);
    expect(groups.map((g) => g.length)).toEqual([5, 5]);
  });
});

describe('C §8.13 case 1: a gentle hill between two units on level 0', () => {
  const gentle = hill('Gentle hill', I(15), I(4), I(0.5), 'gentle');
  const normal = hill('Round hill', I(15), I(4), I(1), 'normal');
  const overGentle = field([gentle], [dome(I(15), Y, I(4), I(0.5))]);
  const overNormal = field([normal], [dome(I(15), Y, I(4), I(1))]);
  const a = unit('infantry', I(5), EAST);
  const b = unit('infantry', I(25), WEST);

  it('levels: hidden, gentle hills block', () => {
    expect(canSee(overGentle, a, b, ctx('levels'))).toMatchObject({ visible: false, reason: 'Gentle hill blocks the view' });
    expect(canSee(overGentle, b, a, ctx('levels')).visible).toBe(false);
  });

  it('levels: seen on a flat table, and past the side of the hill', () => {
    expect(canSee(field([]), a, b, ctx('levels')).visible).toBe(true);
    expect(canSee(overGentle, a, unit('infantry', I(25), WEST, I(25)), ctx('levels')).visible).toBe(true);
  });

  it('computed differs by design: 20 mm figures see over a hill 0.5" (12.7 mm) high', () => {
    expect(canSee(overGentle, a, b, ctx('computed')).visible).toBe(true);
  });

  it('computed: a normal hill 1" high, taller than the figures, hides them', () => {
    expect(canSee(overNormal, a, b, ctx('computed'))).toMatchObject({ visible: false, reason: 'hidden behind the crest of Round hill' });
  });

  it('computed: mounted figures (28 mm) see each other over the 1" hill that hides foot (20 mm)', () => {
    expect(canSee(overNormal, unit('lightCav', I(5), EAST), unit('lightCav', I(25), WEST), ctx('computed')).visible).toBe(true);
    expect(canSee(overNormal, unit('lightCav', I(5), EAST), b, ctx('computed')).visible).toBe(false);
  });

  it('computed: eye and target heights can be set (5 mm figures do not see over the gentle hill)', () => {
    expect(canSee(overGentle, a, b, ctx('computed', { eyeHeight: 5, targetHeight: 5 }))).toMatchObject({ visible: false, reason: 'hidden behind the crest of Gentle hill' });
  });
});

describe('C §8.13 cases 2 and 3: a level-1 observer and a level-0 wood', () => {
  // A normal dome 1" high round (8", 15"), radius 5"; a woodland from x = 20" to 24".
  const features = [hill('Mill hill', I(8), I(5), I(1), 'normal'), woods('Copse', I(20), I(24))];
  const bf = field(features, [dome(I(8), Y, I(5), I(1))]);
  const onHill = unit('infantry', I(10), EAST);
  const behind = (inches: number): SightUnit => unit('infantry', I(24 + inches), WEST);

  it('case 2: a target 1.5" behind the wood is in its 2" dead zone; at 3" it is seen', () => {
    expect(canSee(bf, onHill, behind(1.5), ctx('levels'))).toMatchObject({ visible: false, reason: 'in dead ground behind Copse' });
    expect(canSee(bf, onHill, { point: { x: I(25.5), y: Y } }, ctx('levels')).visible).toBe(false);
    expect(canSee(bf, onHill, behind(3), ctx('levels')).visible).toBe(true);
    expect(canSee(bf, onHill, { point: { x: I(27), y: Y } }, ctx('levels')).visible).toBe(true);
  });

  it('case 2: the dead zone depth is editable per feature (4" hides the unit 3" behind)', () => {
    expect(canSee(bf, onHill, behind(3), ctx('levels', { deadGroundDepth: { Copse: I(4) } })).visible).toBe(false);
  });

  it('case 3: 0.5" behind the wood, tucked against the trees, the unit cannot see the hill', () => {
    expect(canSee(bf, behind(0.5), onHill, ctx('levels'))).toMatchObject({ visible: false, reason: 'cannot see out of dead ground behind Copse' });
  });

  it('case 3: 1.5" behind, just inside the far edge, it sees the hill while staying hidden', () => {
    const v = canSee(bf, behind(1.5), onHill, ctx('levels'));
    expect(v.visible).toBe(true);
    expect(v.reason).toContain('from just inside the edge of the dead ground behind Copse');
    expect(canSee(bf, onHill, behind(1.5), ctx('levels')).visible).toBe(false);
  });

  it('case 3: with τ = 0.1" the edge band is 1.9"-2", and the unit 1.5"-1.9" behind is blind', () => {
    expect(canSee(bf, behind(1.5), onHill, ctx('levels', { tau: I(0.1) })).visible).toBe(false);
  });

  it('case 3: 3" behind, the two see each other', () => {
    const v = canSee(bf, behind(3), onHill, ctx('levels'));
    expect(v.visible).toBe(true);
    expect(v.reason).not.toContain('edge');
    expect(canSee(bf, onHill, behind(3), ctx('levels')).visible).toBe(true);
  });

  it('computed differs by design: a 20 mm eye on the slope of a 1" hill is below a 1.5" canopy, so nothing behind the wood is seen', () => {
    expect(canSee(bf, onHill, behind(1.5), ctx('computed'))).toMatchObject({ visible: false, reason: 'hidden by the trees of Copse' });
    expect(canSee(bf, onHill, behind(3), ctx('computed')).visible).toBe(false);
    expect(canSee(bf, onHill, behind(10), ctx('computed')).visible).toBe(false);
  });

  describe('computed, from a taller hill close to the wood, where the physics agrees', () => {
    // A mesa 50 mm high, flat to 3" from (8", 15"), foot at 4"; the observer at the plateau's front
    // edge (x = 11"); woodland 1.5" tall from x = 13" to 15". From an eye 70 mm up, 4" from the
    // wood's far edge, the canopy's shadow on a 20 mm figure reaches 2.27"; from the stand's back
    // edge, 2.49".
    const tall = field([hill('Tall hill', I(8), I(4), 50, 'steep', 'flatTopped'), woods('Spinney', I(13), I(15))], [mesa(I(8), Y, I(3), I(4), 50)]);
    const watcher = unit('infantry', I(11), EAST);
    const back = (inches: number): SightUnit => unit('infantry', I(15 + inches), WEST);

    it('1.5" behind the wood is hidden, 3" behind is seen', () => {
      expect(canSee(tall, watcher, back(1.5), ctx('computed'))).toMatchObject({ visible: false, reason: 'hidden by the trees of Spinney' });
      expect(canSee(tall, watcher, back(3), ctx('computed')).visible).toBe(true);
    });

    it('the levels reading agrees on this ground', () => {
      expect(canSee(tall, watcher, back(1.5), ctx('levels')).visible).toBe(false);
      expect(canSee(tall, watcher, back(3), ctx('levels')).visible).toBe(true);
    });

    it('computed differs by design: sight lines are symmetric, so 1.5" behind does not see out either', () => {
      expect(canSee(tall, back(1.5), watcher, ctx('computed'))).toMatchObject({ visible: false, reason: 'hidden by the trees of Spinney' });
      expect(canSee(tall, back(1.5), watcher, ctx('levels')).visible).toBe(true);
    });
  });
});

describe('C §8.13 case 4: from a level-2 hill over a level-1 dome', () => {
  // Level 2: a dome of radius 3" on a dome of radius 6", both round (8", 15"). The level-1 dome
  // round (26", 15"), radius 6", its far foot at x = 32".
  const features = [hill('Base hill', I(8), I(6), I(1), 'normal'), hill('Top hill', I(8), I(3), I(1), 'normal'), hill('Low dome', I(26), I(6), I(1), 'normal')];
  const bf = field(features, [dome(I(8), Y, I(6), I(1)), dome(I(8), Y, I(3), I(1)), dome(I(26), Y, I(6), I(1))]);
  const high = unit('infantry', I(9), EAST);
  const at = (x: number): SightUnit => unit('infantry', I(x), WEST);

  it('on the far slope 0.5" behind the crest: seen; 3" behind: dead ground', () => {
    expect(canSee(bf, high, at(26.5), ctx('levels')).visible).toBe(true);
    expect(canSee(bf, high, at(29), ctx('levels'))).toMatchObject({ visible: false, reason: 'in dead ground behind the crest of Low dome' });
  });

  it('on level 0, 8" beyond the far foot: dead ground; 12" beyond: seen', () => {
    expect(canSee(bf, high, at(40), ctx('levels'))).toMatchObject({ visible: false, reason: 'in dead ground behind Low dome' });
    expect(canSee(bf, high, at(44), ctx('levels')).visible).toBe(true);
  });

  it('on level 0 but on the near side of the dome: seen', () => {
    expect(canSee(bf, high, at(17), ctx('levels')).visible).toBe(true);
  });

  it('ground that rises again is not dead: a unit on another level-1 hill 8" beyond the foot is seen', () => {
    const rise = field([...features, hill('Far rise', I(40), I(3), I(1), 'normal')], [dome(I(8), Y, I(6), I(1)), dome(I(8), Y, I(3), I(1)), dome(I(26), Y, I(6), I(1)), dome(I(40), Y, I(3), I(1))]);
    expect(canSee(rise, high, at(40), ctx('levels')).visible).toBe(true);
    expect(canSee(rise, high, at(36), ctx('levels')).visible).toBe(false);
  });

  it('computed differs by design: from 2" up, a 1" dome hides no 20 mm figure at these distances', () => {
    for (const x of [26.5, 29, 40, 44]) expect(canSee(bf, high, at(x), ctx('computed')).visible).toBe(true);
  });
});

describe('C §8.13 case 5: a level-0 observer and a unit on a level-1 dome', () => {
  const bf = field([hill('Knoll', I(15), I(5), I(1), 'normal')], [dome(I(15), Y, I(5), I(1))]);
  const low = unit('infantry', I(5), EAST);

  it('a unit on the near side of the line through the centre is seen; one wholly beyond it is not', () => {
    expect(canSee(bf, low, unit('infantry', I(13), WEST), ctx('levels')).visible).toBe(true);
    expect(canSee(bf, low, unit('infantry', I(15.3), WEST), ctx('levels'))).toMatchObject({ visible: false, reason: 'hidden behind the crest of Knoll' });
  });

  it('a unit with any stand on the near side is seen (a column across the crest)', () => {
    expect(canSee(bf, low, column('infantry', I(14.9), WEST), ctx('levels')).visible).toBe(true);
  });

  it('reverse slope: a Colour Stand 0.5" behind the line sees the observer, which cannot see it', () => {
    const reverse = unit('infantry', I(15.5), WEST);
    const v = canSee(bf, reverse, low, ctx('levels'));
    expect(v.visible).toBe(true);
    expect(v.reason).toContain('from just behind the crest of Knoll');
    expect(canSee(bf, low, reverse, ctx('levels')).visible).toBe(false);
  });

  it('1.5" behind the line is more than τ: it cannot see over the crest', () => {
    expect(canSee(bf, unit('infantry', I(16.5), WEST), low, ctx('levels'))).toMatchObject({ visible: false, reason: 'cannot see over the crest of Knoll' });
  });

  describe('computed, on a dome 2" high', () => {
    const tall = field([hill('Knoll', I(15), I(5), I(2), 'steep')], [dome(I(15), Y, I(5), I(2))]);

    it('agrees: the near side is seen, 3" down the far slope is hidden behind the crest', () => {
      expect(canSee(tall, low, unit('infantry', I(13), WEST), ctx('computed')).visible).toBe(true);
      expect(canSee(tall, low, unit('infantry', I(18), WEST), ctx('computed'))).toMatchObject({ visible: false, reason: 'hidden behind the crest of Knoll' });
    });

    it('differs by design: a dome is nearly flat at its crest, so a unit 0.3" beyond the line is still seen', () => {
      expect(canSee(tall, low, unit('infantry', I(15.3), WEST), ctx('computed')).visible).toBe(true);
    });
  });
});

describe('C §8.13 case 6: a flat-topped level-1 hill', () => {
  // A mesa 1" high, flat to 3" from (15", 15"), foot at 5". Its plateau, read from the heightmap as
  // the ground within 0.1" of the top (C §8.12), reaches r = 3.2": the near edge is at x = 11.8".
  const plateau = hill('Table hill', I(15), I(5), I(1), 'normal', 'flatTopped');
  const bf = field([plateau, hill('Far knoll', I(4), I(4), I(1), 'normal')], [mesa(I(15), Y, I(3), I(5), I(1)), dome(I(4), Y, I(4), I(1))]);
  const low = unit('infantry', I(5), EAST, I(25));
  // On level 0, just short of the hill's foot at x = 10".
  const lowOnLine = unit('infantry', I(9.5), EAST);

  it('one stand 0.8" inside the near plateau edge: seen', () => {
    expect(canSee(bf, lowOnLine, column('infantry', I(12.6), WEST), ctx('levels')).visible).toBe(true);
    expect(canSee(bf, lowOnLine, unit('infantry', I(12.6), WEST), ctx('levels')).visible).toBe(true);
  });

  it('all stands more than 1" inside: hidden', () => {
    expect(canSee(bf, lowOnLine, unit('infantry', I(13), WEST), ctx('levels'))).toMatchObject({ visible: false, reason: 'hidden behind the crest of Table hill' });
    expect(canSee(bf, lowOnLine, column('infantry', I(13.1), WEST), ctx('levels')).visible).toBe(false);
  });

  it('a hill with no shape is read as domed (a unit short of the centre line is seen)', () => {
    const domed = field([{ ...plateau, shape: undefined } as HillFeature], [mesa(I(15), Y, I(3), I(5), I(1))]);
    expect(canSee(domed, lowOnLine, unit('infantry', I(13), WEST), ctx('levels')).visible).toBe(true);
  });

  it('a same-level observer sees a unit deep on the plateau, not one on the far slope', () => {
    const level1 = unit('infantry', I(6), EAST);
    expect(canSee(bf, level1, unit('infantry', I(15), WEST), ctx('levels')).visible).toBe(true);
    expect(canSee(bf, level1, unit('infantry', I(19), WEST), ctx('levels'))).toMatchObject({ visible: false, reason: 'hidden beyond the far crest of Table hill' });
  });

  it('computed differs by design: a 1" plateau edge does not hide 20 mm figures on the plateau from the plain', () => {
    expect(canSee(bf, lowOnLine, unit('infantry', I(13), WEST), ctx('computed')).visible).toBe(true);
    expect(canSee(bf, low, unit('infantry', I(14), WEST, I(25)), ctx('computed')).visible).toBe(true);
  });
});

describe('C §8.13 case 7: two level-1 hills with a level-0 wood in the valley', () => {
  const features = [hill('West hill', I(10), I(5), I(1), 'normal'), hill('East hill', I(40), I(5), I(1), 'normal'), woods('Valley wood', I(20), I(30))];
  const bf = field(features, [dome(I(10), Y, I(5), I(1)), dome(I(40), Y, I(5), I(1))]);
  const west = unit('infantry', I(13), EAST);
  const east = unit('infantry', I(37), WEST);

  it('levels: both above the wood, they see each other', () => {
    expect(canSee(bf, west, east, ctx('levels')).visible).toBe(true);
    expect(canSee(bf, east, west, ctx('levels')).visible).toBe(true);
  });

  it('levels with losLiteralSameLevel: the wood blocks', () => {
    expect(canSee(bf, west, east, ctx('levels', { literalSameLevel: true }))).toMatchObject({
      visible: false,
      reason: 'Valley wood blocks the view (same level, literal reading)',
    });
  });

  it('levels: a unit on the far side of the other hill is hidden beyond its far crest', () => {
    expect(canSee(bf, west, unit('infantry', I(41), EAST), ctx('levels'))).toMatchObject({ visible: false, reason: 'hidden beyond the far crest of East hill' });
  });

  it('computed differs by design: on the lower slopes (ground 9 mm up) the eyes are below the 1.5" canopy', () => {
    expect(canSee(bf, west, east, ctx('computed'))).toMatchObject({ visible: false, reason: 'hidden by the trees of Valley wood' });
  });

  it('computed: from the summits (eyes 45 mm up) they see over the wood, with or without the literal option', () => {
    const a = unit('infantry', I(10), EAST);
    const b = unit('infantry', I(40), WEST);
    expect(canSee(bf, a, b, ctx('computed')).visible).toBe(true);
    expect(canSee(bf, a, b, ctx('computed', { literalSameLevel: true })).visible).toBe(true);
  });
});

describe('C §8.13 case 8: enemy infantry 2" inside a woodland', () => {
  const bf = field([woods('Oak wood', I(20), I(30))]);
  const inWood = unit('infantry', I(22), WEST);

  for (const mode of MODES) {
    it(`${mode}: seen from 8" in the open, not from 10"; after firing, seen from 10"`, () => {
      expect(canSee(bf, unit('infantry', I(14), EAST), inWood, ctx(mode)).visible).toBe(true);
      expect(canSee(bf, unit('infantry', I(12), EAST), inWood, ctx(mode))).toMatchObject({ visible: false, reason: 'infantry in woods: seen only within 9"' });
      expect(canSee(bf, unit('infantry', I(12), EAST), inWood, ctx(mode, { targetFired: true })).visible).toBe(true);
    });

    it(`${mode}: firing is read from firedUntilTurn and the turn`, () => {
      const fired: SightUnit = { ...inWood, rs: { troop: 'infantry', firedUntilTurn: 4 } };
      expect(canSee(bf, unit('infantry', I(12), EAST), fired, ctx(mode, { turn: 4 })).visible).toBe(true);
      expect(canSee(bf, unit('infantry', I(12), EAST), fired, ctx(mode, { turn: 5 })).visible).toBe(false);
    });

    it(`${mode}: 5" inside, the 4" interior limit hides them even after firing`, () => {
      const deep = unit('infantry', I(25), WEST);
      const v = canSee(bf, unit('infantry', I(19), EAST), deep, ctx(mode, { targetFired: true }));
      expect(v).toMatchObject({ visible: false, reason: '5" of the line is inside Oak wood (woods: limit 4")' });
    });
  }

  it('computed: a second wood on the way is not looked through on the target wood\'s allowance', () => {
    const two = field([woods('Oak wood', I(20), I(30)), woods('Thicket', I(16), I(17), 'woodland', I(1.5), I(10), I(20))]);
    const v = canSee(two, unit('infantry', I(14), EAST), inWood, ctx('computed'));
    expect(v).toMatchObject({ visible: false, reason: 'hidden by the trees of Thicket' });
    expect(canSee(two, unit('infantry', I(14), EAST), inWood, ctx('levels'))).toMatchObject({ visible: false, reason: 'Thicket blocks the view' });
  });
});

describe('interior limits (C §8.9) apply to friends too', () => {
  for (const mode of MODES) {
    it(`${mode}: forest 2", woodland 4", orchard 6"`, () => {
      const forest = field([woods('Dark forest', I(20), I(30), 'forest')]);
      const friend = ctx(mode, { enemy: false });
      expect(canSee(forest, unit('infantry', I(15), EAST), unit('infantry', I(21.5), WEST), friend).visible).toBe(true);
      expect(canSee(forest, unit('infantry', I(15), EAST), unit('infantry', I(22.5), WEST), friend)).toMatchObject({
        visible: false,
        reason: '2.5" of the line is inside Dark forest (forest: limit 2")',
      });
      const orchard: OrchardFeature = { id: 'orchard', kind: 'orchard', name: 'Orchard', polygon: rect(I(20), I(5), I(30), I(25)), canopyHeight: 30 };
      const fruit = field([orchard]);
      expect(canSee(fruit, unit('infantry', I(15), EAST), unit('infantry', I(25), WEST), friend).visible).toBe(true);
      expect(canSee(fruit, unit('infantry', I(15), EAST), unit('infantry', I(27), WEST), friend).visible).toBe(false);
    });

    it(`${mode}: the observer's end counts as well: 3" inside a wood it sees out, 5" inside it does not`, () => {
      const bf = field([woods('Oak wood', I(20), I(30))]);
      const target = unit('infantry', I(15), EAST);
      expect(canSee(bf, unit('infantry', I(23), WEST), target, ctx(mode, { enemy: false })).visible).toBe(true);
      expect(canSee(bf, unit('infantry', I(25), WEST), target, ctx(mode, { enemy: false })).visible).toBe(false);
    });
  }

  it('levels: an orchard crossed on the way does not block', () => {
    const orchard: OrchardFeature = { id: 'orchard', kind: 'orchard', name: 'Orchard', polygon: rect(I(20), I(5), I(30), I(25)), canopyHeight: 30 };
    expect(canSee(field([orchard]), unit('infantry', I(15), EAST), unit('infantry', I(35), WEST), ctx('levels')).visible).toBe(true);
    // Computed allows 6" of an orchard crossed, and this one is 10" deep.
    expect(canSee(field([orchard]), unit('infantry', I(15), EAST), unit('infantry', I(35), WEST), ctx('computed'))).toMatchObject({
      visible: false,
      reason: 'hidden by the trees of Orchard',
    });
  });
});

describe('C §8.13 case 9: skirmishers', () => {
  const onHill = (g: GradientClass): Battlefield => field([hill('Rise', I(20), I(5), I(1), g)], [dome(I(20), Y, I(5), I(1))]);
  const si = unit('skirmInf', I(16), WEST);

  for (const mode of MODES) {
    it(`${mode}: SI on a normal hill 5" away are hidden by the 3" cap, 2.5" away they are seen`, () => {
      expect(canSee(onHill('normal'), unit('infantry', I(11), EAST), si, ctx(mode))).toMatchObject({
        visible: false,
        reason: 'skirmishers on a normal hill: seen only within 3"',
      });
      expect(canSee(onHill('normal'), unit('infantry', I(13.5), EAST), si, ctx(mode)).visible).toBe(true);
    });

    it(`${mode}: the same SI on a gentle hill are seen at 5"; formed infantry on the normal hill too`, () => {
      expect(canSee(onHill('gentle'), unit('infantry', I(11), EAST), si, ctx(mode)).visible).toBe(true);
      expect(canSee(onHill('normal'), unit('infantry', I(11), EAST), unit('infantry', I(16), WEST), ctx(mode)).visible).toBe(true);
    });
  }

  // A village: three buildings and their hull; the SI stand at (31.2", 13") inside it, with a
  // clear line west to the observer.
  const house = (id: string, x0: number, y0: number): BuildingFeature => ({
    id,
    kind: 'building',
    name: id,
    polygon: rect(I(x0), I(y0), I(x0 + 1.5), I(y0 + 1.5)),
    height: 30,
    material: 'stone',
    settlementId: 'village',
  });
  const houses = [house('Mill', 30, 10), house('Inn', 34, 10), house('Church', 32, 18)];
  const hull: SettlementFeature = {
    id: 'village',
    kind: 'settlement',
    name: 'Hochdorf',
    class: 'village',
    polygon: [
      { x: I(30), y: I(10) },
      { x: I(35.5), y: I(10) },
      { x: I(35.5), y: I(11.5) },
      { x: I(33.5), y: I(19.5) },
      { x: I(32), y: I(19.5) },
      { x: I(30), y: I(11.5) },
    ],
    buildingIds: houses.map((h) => h.id),
  };
  const village = field([...houses, hull]);
  const siInVillage = unit('skirmInf', I(31), WEST, I(13));

  for (const mode of MODES) {
    it(`${mode}: SI in a village are never seen by the enemy until they fire`, () => {
      expect(canSee(village, unit('infantry', I(29), EAST, I(13)), siInVillage, ctx(mode))).toMatchObject({
        visible: false,
        reason: 'skirmishers in a village: unseen until they fire',
      });
      expect(canSee(village, unit('infantry', I(29), EAST, I(13)), siInVillage, ctx(mode, { targetFired: true })).visible).toBe(true);
      expect(canSee(village, unit('infantry', I(29), EAST, I(13)), siInVillage, ctx(mode, { enemy: false })).visible).toBe(true);
    });

    it(`${mode}: formed infantry in the village are seen within 9" only`, () => {
      const inf = unit('infantry', I(31), WEST, I(13));
      expect(canSee(village, unit('infantry', I(23), EAST, I(13)), inf, ctx(mode)).visible).toBe(true);
      expect(canSee(village, unit('infantry', I(21), EAST, I(13)), inf, ctx(mode))).toMatchObject({
        visible: false,
        reason: 'infantry in a village: seen only within 9"',
      });
    });

    it(`${mode}: SI against a farm building occupy it and are never seen`, () => {
      const farmhouse: BuildingFeature = { id: 'farm', kind: 'building', name: 'Farm', polygon: rect(I(20), I(14), I(21.5), I(16)), height: 30, material: 'wood' };
      const farm = field([farmhouse]);
      const against = unit('skirmInf', I(19.9), WEST);
      expect(canSee(farm, unit('infantry', I(17), EAST), against, ctx(mode))).toMatchObject({ visible: false, reason: 'skirmishers occupying a building: unseen until they fire' });
      expect(canSee(farm, unit('infantry', I(17), EAST), unit('skirmInf', I(19), WEST), ctx(mode)).visible).toBe(true);
    });

    it(`${mode}: SI in crops are seen only within 3"`, () => {
      const crops: GroundFeature = { id: 'crops', kind: 'crops', name: 'Cornfield', polygon: rect(I(20), I(10), I(25), I(20)) };
      const bf = field([crops]);
      const hiding = unit('skirmInf', I(21), WEST);
      expect(canSee(bf, unit('infantry', I(17), EAST), hiding, ctx(mode))).toMatchObject({ visible: false, reason: 'skirmishers in crops: seen only within 3"' });
      expect(canSee(bf, unit('infantry', I(18.5), EAST), hiding, ctx(mode)).visible).toBe(true);
      expect(canSee(bf, unit('infantry', I(17), EAST), unit('infantry', I(21), WEST), ctx(mode)).visible).toBe(true);
    });

    it(`${mode}: SI within 1" behind a hedge are seen only within 3", but not when the hedge is behind them`, () => {
      const hedge: BoundaryFeature = { id: 'hedge', kind: 'hedge', name: 'Long hedge', line: [{ x: I(20), y: I(5) }, { x: I(20), y: I(25) }], width: 8, height: 16 };
      const bf = field([hedge]);
      const behindHedge = unit('skirmInf', I(20.5), WEST);
      expect(canSee(bf, unit('infantry', I(16), EAST), behindHedge, ctx(mode))).toMatchObject({ visible: false, reason: 'skirmishers behind a hedge: seen only within 3"' });
      expect(canSee(bf, unit('infantry', I(18), EAST), behindHedge, ctx(mode)).visible).toBe(true);
      expect(canSee(bf, unit('infantry', I(25.5), WEST), behindHedge, ctx(mode)).visible).toBe(true);
      expect(canSee(bf, unit('infantry', I(16), EAST), unit('skirmInf', I(21.5), WEST), ctx(mode)).visible).toBe(true);
    });
  }
});

describe('C §8.13 case 10: weather', () => {
  const hills = (g: GradientClass): Battlefield =>
    field([hill('West hill', I(10), I(5), I(1), 'normal'), hill('East hill', I(35), I(5), I(1), g)], [dome(I(10), Y, I(5), I(1)), dome(I(35), Y, I(5), I(1))]);
  const west = unit('infantry', I(13), EAST);
  const east = unit('infantry', I(33), WEST);

  it('caps: rain 30", heavy rain 18", mist 15", fog 9", clear none', () => {
    const caps = (['rain', 'heavyRain', 'mist', 'fog', 'clear'] as Weather[]).map(weatherCap);
    expect(caps).toEqual([I(30), I(18), I(15), I(9), Infinity]);
  });

  for (const mode of MODES) {
    it(`${mode}: fog, both in the open, 10" apart: hidden; 8" apart: seen`, () => {
      const open = field([]);
      expect(canSee(open, unit('infantry', I(10), EAST), unit('infantry', I(20), WEST), ctx(mode, { weather: 'fog' }))).toMatchObject({
        visible: false,
        reason: 'beyond fog visibility 9"',
      });
      expect(canSee(open, unit('infantry', I(10), EAST), unit('infantry', I(18), WEST), ctx(mode, { weather: 'fog', enemy: false })).visible).toBe(true);
    });

    it(`${mode}: mist, both on normal hills 20" apart: seen; one on a gentle hill: hidden`, () => {
      expect(canSee(hills('normal'), west, east, ctx(mode, { weather: 'mist' })).visible).toBe(true);
      expect(canSee(hills('gentle'), west, east, ctx(mode, { weather: 'mist' }))).toMatchObject({ visible: false, reason: 'beyond mist visibility 15"' });
      expect(canSee(hills('normal'), west, east, ctx(mode, { weather: 'fog' })).visible).toBe(false);
    });

    it(`${mode}: rain caps at 30", heavy rain at 18"`, () => {
      const open = field([]);
      const a = unit('infantry', I(5), EAST);
      expect(canSee(open, a, unit('infantry', I(34), WEST), ctx(mode, { weather: 'rain' })).visible).toBe(true);
      expect(canSee(open, a, unit('infantry', I(36), WEST), ctx(mode, { weather: 'rain' })).visible).toBe(false);
      expect(canSee(open, a, unit('infantry', I(22), WEST), ctx(mode, { weather: 'heavyRain' })).visible).toBe(true);
      expect(canSee(open, a, unit('infantry', I(24), WEST), ctx(mode, { weather: 'heavyRain' }))).toMatchObject({ visible: false, reason: 'beyond heavy rain visibility 18"' });
    });
  }
});

describe('C §8.13 case 11: a General ordering his own infantry 2" inside a woodland, 12" away', () => {
  const bf = field([woods('Oak wood', I(20), I(30))]);
  const general = unit('general', I(10), EAST, Y, stand(20, 20));
  const inWood = unit('infantry', I(22), WEST);

  for (const mode of MODES) {
    it(`${mode}: allowed (the 9" cap is for enemies only); an enemy General could not see them`, () => {
      expect(canSee(bf, general, inWood, ctx(mode, { enemy: false })).visible).toBe(true);
      expect(canSee(bf, general, inWood, ctx(mode, { enemy: true }))).toMatchObject({ visible: false, reason: 'infantry in woods: seen only within 9"' });
    });
  }
});

describe('artillery, buildings and Generals (C §8.1.3, §8.1.11)', () => {
  // A barn only 10 mm across the line, 10" in front of a gun whose stand is 40 mm wide.
  const barn: BuildingFeature = { id: 'barn', kind: 'building', name: 'Barn', polygon: rect(I(14), Y - 5, I(15), Y + 5), height: 30, material: 'wood' };
  const bf = field([barn]);
  const target = unit('infantry', I(25), WEST);

  for (const mode of MODES) {
    it(`${mode}: a battery looks only from its front centre, so the barn hides what an infantry unit's corners see round`, () => {
      const gun = unit('artillery', I(5), EAST, Y, stand(40, 20));
      const line = unit('infantry', I(5), EAST, Y, stand(40, 20));
      expect(canSee(bf, gun, target, ctx(mode)).visible).toBe(false);
      expect(canSee(bf, line, target, ctx(mode)).visible).toBe(true);
    });

    it(`${mode}: a howitzer may use any friendly General's sight`, () => {
      const gun = unit('artillery', I(5), EAST, Y, stand(40, 20));
      const general = unit('general', I(5), EAST, I(20), stand(20, 20));
      const v = canAnySee(bf, [gun, general], target, ctx(mode));
      expect(v.visible).toBe(true);
      expect(canAnySee(bf, [gun], target, ctx(mode)).visible).toBe(false);
    });
  }

  const house = (id: string, x0: number): BuildingFeature => ({ id, kind: 'building', name: id, polygon: rect(I(x0), I(14), I(x0 + 1.5), I(15.5)), height: 30, material: 'stone' });
  const street = field([house('Smithy', 30), house('Tavern', 34)]);

  for (const mode of MODES) {
    it(`${mode}: artillery may fire at a building it can see, never concealed; one behind another is hidden`, () => {
      const fromWest = unit('artillery', I(20), EAST, I(14.75), stand(40, 20));
      const smithy = street.features[0] as BuildingFeature;
      expect(canSee(street, fromWest, { building: smithy }, ctx(mode, { enemy: true })).visible).toBe(true);
      const fromEast = unit('artillery', I(40), WEST, I(14.75), stand(40, 20));
      const v = canSee(street, fromEast, { building: smithy }, ctx(mode));
      expect(v.visible).toBe(false);
      expect(v.reason).toBe(mode === 'levels' ? 'Tavern blocks the view' : 'hidden by Tavern');
    });
  }
});

describe('authored dead ground (C §8.7.4) replaces the rule of thumb for its vantage areas', () => {
  const features = [hill('Mill hill', I(8), I(5), I(1), 'normal'), woods('Copse', I(20), I(24))];
  const bf = field(features, [dome(I(8), Y, I(5), I(1))]);
  const onHill = unit('infantry', I(10), EAST);
  const zones = [{ polygon: rect(I(26), I(10), I(30), I(20)), vantage: [rect(I(5), I(10), I(12), I(20))] }];

  it('inside the zone: hidden from the vantage area; 1.5" behind the wood, outside it: seen', () => {
    expect(canSee(bf, onHill, unit('infantry', I(27), WEST), ctx('levels', { deadGroundZones: zones }))).toMatchObject({
      visible: false,
      reason: 'in dead ground agreed before the battle',
    });
    expect(canSee(bf, onHill, unit('infantry', I(25.5), WEST), ctx('levels', { deadGroundZones: zones })).visible).toBe(true);
  });

  it('from deep inside the zone a unit cannot see the vantage area; within τ of its edge it can', () => {
    expect(canSee(bf, unit('infantry', I(28), WEST), onHill, ctx('levels', { deadGroundZones: zones }))).toMatchObject({
      visible: false,
      reason: 'cannot see out of dead ground agreed before the battle',
    });
    expect(canSee(bf, unit('infantry', I(27), WEST), onHill, ctx('levels', { deadGroundZones: zones })).visible).toBe(true);
  });
});

describe('the verdict', () => {
  it('names the deciding pair: the first that sees, at its distance', () => {
    const v = canSee(field([]), unit('infantry', I(10), EAST), unit('infantry', I(18), WEST), ctx('levels'));
    expect(v.visible).toBe(true);
    expect(v.reason).toBe('in sight at 8"');
    expect(v.from!.x).toBeCloseTo(I(10), 6);
    expect(v.to!.x).toBeCloseTo(I(18), 6);
  });

  it('a unit with every stand destroyed cannot be seen', () => {
    const gone: SightUnit = { x: I(20), y: Y, facing: WEST, stands: [{ ...stand(), status: 'destroyed' }], rs: { troop: 'infantry' } };
    expect(canSee(field([]), unit('infantry', I(10), EAST), gone, ctx('levels'))).toEqual({ visible: false, reason: 'nothing to see' });
  });
});
