import { describe, expect, it } from 'vitest';
import { DiceRoller, scriptedDice } from '../../../src/core/dice';
import { inch } from '../../../src/core/measure';
import {
  COMMAND_RANGE,
  COMMAND_ROLL_NEED,
  COMMANDER_JOIN_RANGE,
  COVER,
  DEPLOY_DEPTH,
  HIT_ON,
  HITS_CHART,
  MORALE_RESULTS,
  MOVE_CHART,
  MOVE_TYPES,
  OBJECTIVE_RADIUS,
  RALLY_MEN_RESULTS,
  REMOVAL_FRACTION,
  SHOOT_ARC_HALF_ANGLE,
  SHOOTING_MORALE_FRACTION,
  TERRAIN_EFFECTS,
  TURN_LIMIT,
  UNIT_TYPES,
  UPHILL_THRESHOLD,
  WEAPONS,
  WOODS_SIGHT,
  moraleResult,
  moraleRow,
  moveTypeFactor,
  rallyMenResult,
  rallyMenRow,
  rangeBand,
  rollMoveAllowance,
  terrainSpeedFactor,
  type Formation,
  type GroundClass,
  type MoveContext,
  type MoveRuleId,
  type Mover,
  type Trait,
  type UnitTypeDef,
  type UnitTypeId,
  type WeaponId,
} from '../../../src/rules/one-page/charts';
import { ONE_PAGE_NOTES } from '../../../src/rules/one-page/notes';

const EPS = 1e-6;

/** A roller over scripted dice, with the state kept so a test can check every die was used. */
function scripted(values: number[]) {
  const state = scriptedDice(values);
  return { dice: new DiceRoller(state), left: () => state.script.length };
}

describe('UNIT_TYPES (digest §2.2, §3)', () => {
  type Expect = Omit<UnitTypeDef, 'id' | 'name' | 'standWidth' | 'standDepth' | 'traits' | 'formations'> & {
    traits: readonly Trait[];
    formations: readonly Formation[];
    w: number;
    d: number;
  };
  const foot = { w: 1, d: 0.75, figureHeight: 25 };
  const battalion = {
    kind: 'infantry',
    figures: 24,
    weapon: 'musket',
    formations: ['line', 'column'],
    defaultFormation: 'line',
    move: 'regularInfantry',
    stands: 6,
    figuresPerStand: 4,
    columnFront: 4,
    ...foot,
  } as const;
  const skirm = { kind: 'infantry', figures: 12, defaultFormation: 'skirmish', stands: 6, figuresPerStand: 2, ...foot } as const;
  const horse = {
    kind: 'cavalry',
    figures: 8,
    traits: [],
    formations: ['line', 'column'],
    defaultFormation: 'line',
    move: 'mounted',
    stands: 4,
    figuresPerStand: 2,
    w: 1,
    d: 1.25,
    figureHeight: 40,
    columnFront: 2,
  } as const;
  const gun = {
    kind: 'artillery',
    figures: 4,
    quality: 'regular',
    traits: ['noMelee'],
    formations: ['limbered', 'unlimbered'],
    defaultFormation: 'unlimbered',
    stands: 1,
    figuresPerStand: 4,
    w: 1.5,
    d: 2,
    figureHeight: 25,
  } as const;
  const expected: Record<UnitTypeId, Expect> = {
    line: { ...battalion, quality: 'regular', traits: [] },
    guard: { ...battalion, quality: 'elite', traits: [] },
    shock: { ...battalion, quality: 'regular', traits: ['shock'] },
    militia: { ...battalion, quality: 'militia', traits: [] },
    light: { ...skirm, quality: 'regular', traits: ['skirmisher'], weapon: 'musket', formations: ['skirmish', 'line'], move: 'regularInfantry' },
    rifles: {
      ...skirm,
      quality: 'regular',
      traits: ['skirmisher', 'sharpshooter', 'noMelee'],
      weapon: 'rifle',
      formations: ['skirmish'],
      move: 'regularInfantry',
    },
    irregular: { ...skirm, quality: 'irregular', traits: ['skirmisher'], weapon: 'musket', formations: ['skirmish'], move: 'irregularInfantry' },
    cavalry: { ...horse, quality: 'regular' },
    eliteCavalry: { ...horse, quality: 'elite' },
    lightGun: { ...gun, weapon: 'lightGun', move: 'artillery' },
    footArtillery: { ...gun, weapon: 'footArtillery', move: 'artillery' },
    heavyArtillery: { ...gun, weapon: 'footArtillery', move: 'heavy' },
    wagon: {
      kind: 'wagon',
      figures: 1,
      quality: 'regular',
      traits: ['noMelee'],
      formations: ['none'],
      defaultFormation: 'none',
      move: 'heavy',
      stands: 1,
      figuresPerStand: 1,
      w: 1.5,
      d: 3,
      figureHeight: 40,
    },
    boat: {
      kind: 'boat',
      figures: 1,
      quality: 'regular',
      traits: ['noMelee'],
      formations: ['none'],
      defaultFormation: 'none',
      move: 'boat',
      stands: 1,
      figuresPerStand: 1,
      w: 1.5,
      d: 3,
      figureHeight: 25,
    },
    commander: {
      kind: 'commander',
      figures: 1,
      quality: 'regular',
      traits: [],
      formations: ['none'],
      defaultFormation: 'none',
      move: 'mounted',
      stands: 1,
      figuresPerStand: 1,
      w: 1,
      d: 1,
      figureHeight: 40,
    },
  };

  it('has exactly the fifteen types', () => {
    expect(Object.keys(UNIT_TYPES).sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.keys(expected) as UnitTypeId[])('%s matches the chart', (id) => {
    const def = UNIT_TYPES[id];
    const { w, d, ...rest } = expected[id];
    expect(def.id).toBe(id);
    expect(def.name.length).toBeGreaterThan(0);
    expect(def).toMatchObject(rest);
    expect(def.weapon).toBe(rest.weapon);
    expect(def.columnFront).toBe(rest.columnFront);
    expect(def.standWidth).toBeCloseTo(inch(w), 9);
    expect(def.standDepth).toBeCloseTo(inch(d), 9);
    // Stands hold the whole unit, and the default formation is one it may take.
    expect(def.stands * def.figuresPerStand).toBe(def.figures);
    expect(def.formations).toContain(def.defaultFormation);
  });
});

describe('WEAPONS (§2.3) and range bands', () => {
  const rows: [WeaponId, string, number, number][] = [
    ['musket', 'Musket', 6, 12],
    ['rifle', 'Rifle', 12, 24],
    ['lightGun', 'Light gun', 12, 36],
    ['footArtillery', 'Foot artillery', 12, 48],
  ];

  it('has exactly the four weapons', () => {
    expect(Object.keys(WEAPONS).sort()).toEqual(rows.map((r) => r[0]).sort());
  });

  it.each(rows)('%s: %s close %i", long %i"', (id, name, close, long) => {
    expect(WEAPONS[id]).toEqual({ name, close: inch(close), long: inch(long) });
    expect(rangeBand(id, 0)).toBe('close');
    expect(rangeBand(id, inch(close))).toBe('close');
    expect(rangeBand(id, inch(close) + 0.01)).toBe('long');
    expect(rangeBand(id, inch(long))).toBe('long');
    expect(rangeBand(id, inch(long) + 0.01)).toBe('out');
  });
});

describe('MOVE_CHART (§7.1)', () => {
  interface MoveCase {
    name: string;
    rule: MoveRuleId;
    ctx: MoveContext;
    dice: number[];
    inches: number;
    formula: string;
  }
  const cases: MoveCase[] = [
    { name: 'regular infantry', rule: 'regularInfantry', ctx: {}, dice: [4], inches: 10, formula: '6 + D6 (4)' },
    { name: 'regular infantry in column', rule: 'regularInfantry', ctx: { column: true }, dice: [4, 2], inches: 12, formula: '6 + D6 (4) + D6 column (2)' },
    { name: 'regular infantry on a road (no bonus)', rule: 'regularInfantry', ctx: { onRoad: true }, dice: [1], inches: 7, formula: '6 + D6 (1)' },
    {
      name: 'regular infantry in column with Follow Me!',
      rule: 'regularInfantry',
      ctx: { column: true, followMe: true },
      dice: [6, 6, 6],
      inches: 24,
      formula: '6 + D6 (6) + D6 column (6) + D6 Follow Me! (6)',
    },
    { name: 'irregular infantry', rule: 'irregularInfantry', ctx: {}, dice: [2, 3, 4], inches: 9, formula: '3D6 (2+3+4)' },
    { name: 'irregular infantry ignores column', rule: 'irregularInfantry', ctx: { column: true }, dice: [1, 1, 1], inches: 3, formula: '3D6 (1+1+1)' },
    { name: 'cavalry / commander', rule: 'mounted', ctx: {}, dice: [1], inches: 14, formula: '(6 + D6 (1)) × 2' },
    {
      name: 'cavalry with Follow Me! (not doubled)',
      rule: 'mounted',
      ctx: { followMe: true },
      dice: [6, 4],
      inches: 28,
      formula: '(6 + D6 (6)) × 2 + D6 Follow Me! (4)',
    },
    { name: 'artillery unlimbered', rule: 'artillery', ctx: {}, dice: [5], inches: 5, formula: 'D6 (5)' },
    { name: 'artillery unlimbered on a road (Q26: no road bonus)', rule: 'artillery', ctx: { onRoad: true }, dice: [5], inches: 5, formula: 'D6 (5)' },
    { name: 'artillery limbered', rule: 'artillery', ctx: { limbered: true }, dice: [2], inches: 8, formula: 'D6 (2) + 6 limbered' },
    {
      name: 'artillery limbered on a road',
      rule: 'artillery',
      ctx: { limbered: true, onRoad: true },
      dice: [2, 6],
      inches: 14,
      formula: 'D6 (2) + 6 limbered + D6 road (6)',
    },
    { name: 'wagon / heavy artillery', rule: 'heavy', ctx: {}, dice: [4], inches: 4, formula: 'D6 (4)' },
    { name: 'wagon / heavy artillery on a road', rule: 'heavy', ctx: { onRoad: true }, dice: [4, 1], inches: 5, formula: 'D6 (4) + D6 road (1)' },
    { name: 'boat, still water', rule: 'boat', ctx: { current: 'none' }, dice: [1, 2], inches: 15, formula: '12 + 2D6 (1+2)' },
    { name: 'boat against the current', rule: 'boat', ctx: { current: 'against' }, dice: [1, 2, 6], inches: 9, formula: '12 + 2D6 (1+2) − D6 against current (6)' },
    { name: 'boat with the current', rule: 'boat', ctx: { current: 'with' }, dice: [6, 6, 6], inches: 30, formula: '12 + 2D6 (6+6) + D6 with current (6)' },
  ];

  it('walks every row of the chart', () => {
    expect(new Set(cases.map((c) => c.rule))).toEqual(new Set(MOVE_CHART.map((r) => r.id)));
    for (const row of MOVE_CHART) expect(row.row.length).toBeGreaterThan(0);
  });

  it.each(cases)('$name: $inches"', (c) => {
    const s = scripted(c.dice);
    const r = rollMoveAllowance(c.rule, c.ctx, s.dice);
    expect(Math.abs(r.distance - inch(c.inches))).toBeLessThan(EPS);
    expect(r.formula).toBe(c.formula);
    expect(r.dice).toEqual(c.dice);
    expect(r.throws.flatMap((t) => t.values)).toEqual(c.dice);
    expect(s.left()).toBe(0);
  });

  it('names each throw for the log', () => {
    const s = scripted([3, 2, 5]);
    const r = rollMoveAllowance('regularInfantry', { column: true, followMe: true }, s.dice);
    expect(r.throws.map((t) => t.purpose)).toEqual(['move: 6 + D6', 'move: +D6 column', 'move: +D6 Follow Me!']);
    expect(s.dice.rolls).toEqual(r.throws);
  });

  describe('digest §17 movement cases', () => {
    it('16: cavalry rolls 3 → 18", 9" in broken ground', () => {
      const r = rollMoveAllowance('mounted', {}, scripted([3]).dice);
      expect(Math.abs(r.distance - inch(18))).toBeLessThan(EPS);
      expect(Math.abs(r.distance * terrainSpeedFactor('broken', 'cavalry') - inch(9))).toBeLessThan(EPS);
    });

    it('16: a Regular line cannot enter difficult ground', () => {
      expect(terrainSpeedFactor('difficult', 'line')).toBe(0);
    });

    it('16: Regular infantry starting in column rolls 2 and 5 → 13"', () => {
      const r = rollMoveAllowance('regularInfantry', { column: true }, scripted([2, 5]).dice);
      expect(Math.abs(r.distance - inch(13))).toBeLessThan(EPS);
    });

    it('16: moving backwards with 6 + 4 → 5"', () => {
      const r = rollMoveAllowance('regularInfantry', {}, scripted([4]).dice);
      expect(Math.abs(r.distance * moveTypeFactor('backwards') - inch(5))).toBeLessThan(EPS);
    });

    it('17: limbered gun on a road rolls 3 and 4 → 13"', () => {
      const r = rollMoveAllowance('artillery', { limbered: true, onRoad: true }, scripted([3, 4]).dice);
      expect(Math.abs(r.distance - inch(13))).toBeLessThan(EPS);
    });

    it('17: unlimbered gun rolls 3 → 3"', () => {
      const r = rollMoveAllowance('artillery', { limbered: false }, scripted([3]).dice);
      expect(Math.abs(r.distance - inch(3))).toBeLessThan(EPS);
    });

    it('17: heavy artillery on a road rolls 2 and 5 → 7"', () => {
      const r = rollMoveAllowance(UNIT_TYPES.heavyArtillery.move, { limbered: true, onRoad: true }, scripted([2, 5]).dice);
      expect(Math.abs(r.distance - inch(7))).toBeLessThan(EPS);
    });

    it('18: boat against the current, 4 + 3 and 5 → 14"; with the current → 24"', () => {
      const against = rollMoveAllowance('boat', { current: 'against' }, scripted([4, 3, 5]).dice);
      expect(Math.abs(against.distance - inch(14))).toBeLessThan(EPS);
      const withIt = rollMoveAllowance('boat', { current: 'with' }, scripted([4, 3, 5]).dice);
      expect(Math.abs(withIt.distance - inch(24))).toBeLessThan(EPS);
    });

    it('20: Follow Me! Regular line rolls 3, plus 4 → 13"', () => {
      const r = rollMoveAllowance(UNIT_TYPES.line.move, { followMe: true }, scripted([3, 4]).dice);
      expect(Math.abs(r.distance - inch(13))).toBeLessThan(EPS);
      expect(r.formula).toBe('6 + D6 (3) + D6 Follow Me! (4)');
    });
  });
});

describe('MOVE_TYPES (§7.2)', () => {
  it.each([
    ['advance', 1],
    ['retire', 1],
    ['backwards', 0.5],
    ['sideways', 0.5],
    ['wheel', 1],
    ['formationChange', 0.5],
  ] as const)('%s: × %f', (id, factor) => {
    expect(moveTypeFactor(id)).toBe(factor);
  });

  it('has exactly six move types', () => {
    expect(MOVE_TYPES.map((m) => m.id).sort()).toEqual(['advance', 'backwards', 'formationChange', 'retire', 'sideways', 'wheel']);
  });
});

describe('TERRAIN_EFFECTS (§7.3)', () => {
  const movers: Mover[] = ['skirmisher', 'line', 'column', 'cavalry', 'artillery'];
  const grid: Record<GroundClass, number[]> = {
    open: [1, 1, 1, 1, 1],
    broken: [1, 0.5, 0.5, 0.5, 0.5],
    difficult: [0.5, 0, 0.5, 0, 0],
    road: [1, 1, 1, 1, 1],
    water: [0, 0, 0, 0, 0],
  };

  it('has one row per ground class', () => {
    expect(TERRAIN_EFFECTS.map((r) => r.ground).sort()).toEqual(Object.keys(grid).sort());
  });

  const cells = (Object.keys(grid) as GroundClass[]).flatMap((g) => movers.map((m, i) => [g, m, grid[g][i]!] as const));
  it.each(cells)('%s, %s: %f', (ground, mover, factor) => {
    expect(terrainSpeedFactor(ground, mover)).toBe(factor);
  });
});

describe('cover (§8.5)', () => {
  it('has the three cover classes, and a hits row for each cover with and without skirmishers', () => {
    expect(Object.keys(COVER).sort()).toEqual(['full', 'none', 'partial']);
    expect(COVER.partial.rounding).toBe('up');
    expect(COVER.full.rounding).toBe('down');
    expect(COVER.none.rounding).toBeNull();
    const keys = HITS_CHART.map((r) => `${r.cover}/${r.skirmisher}`);
    expect(new Set(keys).size).toBe(6);
    expect(keys.length).toBe(6);
  });
});

describe('MORALE_RESULTS (§10.3)', () => {
  it.each([
    [-3, 'rout'],
    [-1, 'rout'],
    [0, 'rout'],
    [1, 'retreat'],
    [2, 'retreat'],
    [3, 'retreat'],
    [4, 'steady'],
    [6, 'steady'],
    [8, 'steady'],
  ] as const)('%i → %s', (total, result) => {
    expect(moraleResult(total)).toBe(result);
    expect(moraleRow(total).result).toBe(result);
  });

  it('the rows do not overlap', () => {
    for (let t = -6; t <= 9; t++) {
      const matches = MORALE_RESULTS.filter((r) => (r.min === null || t >= r.min) && (r.max === null || t <= r.max));
      expect(matches.length).toBe(1);
    }
  });
});

describe('RALLY_MEN_RESULTS (§13.2)', () => {
  it.each([
    [1, 'ko'],
    [2, 'nothing'],
    [3, 'nothing'],
    [4, 'cancel'],
    [5, 'cancel'],
    [6, 'cancel'],
  ] as const)('roll %i → %s', (roll, result) => {
    expect(rallyMenResult(roll)).toBe(result);
    // The row label a player sees names the roll.
    expect(rallyMenRow(roll).row).toMatch(new RegExp(`^[\\d, ]*\\b${roll}\\b[\\d, ]*:`));
  });

  it('covers each face exactly once and rejects a 7', () => {
    expect(RALLY_MEN_RESULTS.flatMap((r) => r.rolls).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(() => rallyMenResult(7)).toThrow();
  });

  it('19: roll 5 cancels a hit, 1 knocks the commander out, 3 does nothing', () => {
    expect(rallyMenResult(5)).toBe('cancel');
    expect(rallyMenResult(1)).toBe('ko');
    expect(rallyMenResult(3)).toBe('nothing');
  });
});

describe('constants', () => {
  it('match the sheet and the proposals', () => {
    expect(HIT_ON).toBe(5);
    expect(COMMAND_RANGE).toBeCloseTo(304.8, 9);
    expect(COMMANDER_JOIN_RANGE).toBeCloseTo(304.8, 9);
    expect(WOODS_SIGHT).toBeCloseTo(76.2, 9);
    expect(DEPLOY_DEPTH).toBeCloseTo(304.8, 9);
    expect(OBJECTIVE_RADIUS).toBeCloseTo(76.2, 9);
    expect(UPHILL_THRESHOLD).toBeCloseTo(6.35, 9);
    expect(COMMAND_ROLL_NEED).toBe(4);
    expect(TURN_LIMIT).toBe(8);
    expect(SHOOT_ARC_HALF_ANGLE).toBeCloseTo(Math.PI / 4, 12);
    expect(REMOVAL_FRACTION).toBe(0.25);
    expect(SHOOTING_MORALE_FRACTION).toBe(0.25);
  });
});

describe('rule notes', () => {
  it('have one note for each proposal Q1–Q57, with unique ids and some text', () => {
    const ids = ONE_PAGE_NOTES.map((n) => n.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (let q = 1; q <= 57; q++) expect(ids).toContain(`Q${q}`);
    for (const n of ONE_PAGE_NOTES) {
      expect(n.topic.length).toBeGreaterThan(0);
      expect(n.text.length).toBeGreaterThan(20);
    }
  });
});
