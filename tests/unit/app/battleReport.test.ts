import { describe, expect, it } from 'vitest';
import { ReportBuilder, strengthOf } from '../../../src/app/battleReport';
import type { GameState, Stand, Unit } from '../../../src/core/model';
import { chartLayout, luminance } from '../../../src/ui/ResultChart';

function stands(n: number, destroyed = 0): Stand[] {
  return Array.from({ length: n }, (_, i) => ({ f: 0, l: i * 40, width: 40, depth: 20, figures: 4, status: i < destroyed ? 'destroyed' : 'ok' }));
}

function unit(id: string, side: string, kind: Unit['kind'], n: number, extra: Partial<Unit> = {}): Unit {
  return { id, side, name: id.toUpperCase(), kind, type: kind, quality: 'regular', x: 0, y: 0, facing: 0, formation: 'line', stands: stands(n), removed: false, rs: {}, ...extra };
}

function state(turn: number, seq: number, units: Unit[], result: GameState['result'] = null): GameState {
  return {
    version: 1,
    rulesetId: 'test',
    options: {},
    seed: 's',
    battlefield: { seed: 's', width: 100, depth: 100, cellSize: 10 } as GameState['battlefield'],
    sides: [
      { id: 'p', name: 'Prussians', nation: 'prussia', colour: '#2b3f7a' },
      { id: 'a', name: 'Austrians', nation: 'austria', colour: '#d9d4c3' },
    ],
    units,
    turn,
    phase: 'x',
    active: 'p',
    seq,
    rules: {},
    dice: { mode: 'seeded', s: [1, 2, 3, 4] } as unknown as GameState['dice'],
    result,
  };
}

const fights = (u: Unit) => u.kind !== 'commander' && u.kind !== 'wagon';

const army = (): Unit[] => [
  unit('p1', 'p', 'infantry', 4),
  unit('p2', 'p', 'cavalry', 2),
  unit('pg', 'p', 'commander', 1),
  unit('a1', 'a', 'infantry', 4),
  unit('a2', 'a', 'artillery', 1),
  unit('aw', 'a', 'wagon', 1),
];

describe('side strength', () => {
  it('counts fighting units, their live stands and the generals; lost units count nothing', () => {
    const units = army();
    units[0]!.stands = stands(4, 1);
    units[4]!.removed = true;
    // A unit aboard a boat is not lost.
    units[1]!.carriedBy = 'boat';
    expect(strengthOf(state(1, 0, units), fights)).toEqual({
      p: { units: 2, stands: 5, generals: 1 },
      a: { units: 1, stands: 4, generals: 0 },
    });
  });
});

describe('the battle report', () => {
  it('samples the start and the end of every turn, and counts the losses from start to end', () => {
    const b = new ReportBuilder(fights);
    const s0 = state(1, 0, army());
    b.add(s0);
    const t1a = army();
    t1a[3]!.stands = stands(4, 1);
    b.add(state(1, 1, t1a), [{ type: 'shot', text: 'A1 loses a stand' }]);
    const t1b = structuredClone(t1a);
    t1b[4]!.removed = true;
    b.add(state(1, 2, t1b));
    const t2 = structuredClone(t1b);
    t2[2]!.removed = true;
    t2[1]!.stands = stands(2, 2);
    b.add(state(2, 3, t2));
    const end = structuredClone(t2);
    b.add(state(2, 4, end, { winner: 'p', reason: 'the Austrians broke' }), [{ type: 'game-over', text: 'Prussians win: the Austrians broke' }]);
    const r = b.finish('0123456789abcdef');

    expect(r.series.map((p) => [p.label, p.seq, p.sides.p!.stands, p.sides.a!.stands])).toEqual([
      ['Start', 0, 6, 5],
      ['Turn 1', 2, 6, 3],
      ['Turn 2', 4, 4, 3],
    ]);
    expect(r.result).toEqual({ winner: 'p', reason: 'the Austrians broke' });
    expect(r.resultText).toBe('Prussians win: the Austrians broke');
    expect(r.turns).toBe(2);
    expect(r.actions).toBe(4);
    const [p, a] = r.losses;
    expect(p).toMatchObject({ side: 'p', name: 'Prussians', unitsLost: 0, standsLost: 2, generalsLost: 1, lostNames: ['PG'] });
    // The cavalry lost both stands but is still on the table as a unit.
    expect(p!.end).toEqual({ units: 2, stands: 4, generals: 0 });
    expect(a).toMatchObject({ side: 'a', unitsLost: 1, standsLost: 2, generalsLost: 0, lostNames: ['A2'] });
    expect(a!.start).toEqual({ units: 2, stands: 5, generals: 0 });
  });

  it('a game that has not begun has the opening position only', () => {
    const b = new ReportBuilder(fights);
    b.add(state(1, 0, army()));
    const r = b.finish('0123456789abcdef');
    expect(r.series).toHaveLength(1);
    expect(r.losses.map((l) => l.standsLost)).toEqual([0, 0]);
    expect(r.result).toBeNull();
  });
});

describe('the strength chart', () => {
  const sides = [
    { id: 'p', name: 'Prussians', colour: '#2b3f7a' },
    { id: 'a', name: 'Austrians', colour: '#d9d4c3' },
  ];
  const series = [
    { label: 'Start', turn: 1, seq: 0, sides: { p: { units: 2, stands: 8, generals: 1 }, a: { units: 2, stands: 6, generals: 0 } } },
    { label: 'Turn 1', turn: 1, seq: 5, sides: { p: { units: 2, stands: 7, generals: 1 }, a: { units: 1, stands: 3, generals: 0 } } },
    { label: 'Turn 2', turn: 2, seq: 9, sides: { p: { units: 2, stands: 7, generals: 1 }, a: { units: 1, stands: 2, generals: 0 } } },
  ];

  it('puts the points on a y axis from 0 to a round top, the turns evenly along x', () => {
    const l = chartLayout(series, sides, 252, 138);
    // Plot from x 38 to 238 and y 12 to 112; 8 stands at most gives ticks of 2 up to 8.
    expect(l.plot).toEqual({ left: 38, top: 12, right: 238, bottom: 112 });
    expect(l.yTicks.map((t) => [t.value, t.y])).toEqual([
      [0, 112],
      [2, 87],
      [4, 62],
      [6, 37],
      [8, 12],
    ]);
    expect(l.lines[0]!.points.map((p) => [p.x, p.y])).toEqual([
      [38, 12],
      [138, 24.5],
      [238, 24.5],
    ]);
    expect(l.lines[1]!.points.map((p) => p.value)).toEqual([6, 3, 2]);
    expect(l.xLabels.map((x) => x.text)).toEqual(['Start', '1', '2']);
  });

  it('starts the y axis below the least value when every value is in the top half', () => {
    const close = [
      { label: 'Start', turn: 1, seq: 0, sides: { p: { units: 8, stands: 39, generals: 3 }, a: { units: 8, stands: 39, generals: 3 } } },
      { label: 'Turn 1', turn: 1, seq: 16, sides: { p: { units: 7, stands: 38, generals: 3 }, a: { units: 8, stands: 39, generals: 3 } } },
    ];
    const l = chartLayout(close, sides, 252, 138);
    expect(l.yTicks.map((t) => [t.value, t.y])).toEqual([
      [37, 112],
      [38, 62],
      [39, 12],
    ]);
    expect(l.lines[0]!.points.map((p) => p.y)).toEqual([12, 62]);
  });

  it('gives a dark side a light halo and a light side a dark one, so both show on the chart', () => {
    expect(luminance('#ffffff')).toBeCloseTo(1, 5);
    expect(luminance('#000000')).toBe(0);
    const [dark, light] = chartLayout(series, sides, 300, 150).lines;
    expect(dark!.casing).toBe('#e8e4d8');
    expect(light!.casing).toBe('#10141a');
  });
});
