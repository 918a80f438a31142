import { describe, expect, it } from 'vitest';
import { fromLocal, radians, type Vec2 } from '../../../src/core/geometry';
import { inch } from '../../../src/core/measure';
import { blockLayout, type TroopKind } from '../../../src/core/model';
import type { HmUnit, HmUnitState, TroopType } from '../../../src/rules/horse-and-musket/types';
import {
  activeThreatZones,
  attackAspect,
  attackLine,
  attackRange,
  awayFromNearestEnemy,
  colourStand,
  contactSides,
  enemyZoneOn,
  flankOrRearThreat,
  flankOrRearThreats,
  flankSupport,
  haltAlong,
  haltCause,
  haltReason,
  inThreatZone,
  inZoneShape,
  isBroken,
  isShaken,
  nearestEnemy,
  neutralisersOf,
  offTable,
  openGround,
  rearSupport,
  runPose,
  separateOverlaps,
  sweptCollisions,
  threatZone,
  threatZones,
  thrownBackPose,
  unitCorners,
  unitsNearWay,
  unitReach,
  unitsOverlap,
  wheelBy,
  wheelPose,
  withPose,
  type ZoneContext,
} from '../../../src/rules/horse-and-musket/zones';

const N = Math.PI / 2;
const S = -Math.PI / 2;
const E = 0;
const W = Math.PI;
const ctx = openGround({ width: 3000, depth: 3000 });

const KIND: Record<TroopType, TroopKind> = {
  infantry: 'infantry',
  skirmInf: 'infantry',
  lightCav: 'cavalry',
  heavyCav: 'cavalry',
  cuirassier: 'cavalry',
  skirmCav: 'cavalry',
  artillery: 'artillery',
  general: 'commander',
};

interface MakeOpts {
  stands?: number;
  /** Stands per rank; a column is cols 1. Defaults to all in one line. */
  cols?: number;
  rs?: Partial<HmUnitState>;
}

/**
 * A unit of 40×40 mm stands centred on (x, y); the Colour Stand (stands[0]) is the middle of the front
 * rank, as in the ruleset.
 */
function mk(id: string, side: string, troop: TroopType, x: number, y: number, facing = N, opts: MakeOpts = {}): HmUnit {
  const n = opts.stands ?? 5;
  const stands = blockLayout(n, opts.cols ?? n, 40, 40);
  const front = Math.min(n, opts.cols ?? n);
  const cs = stands.splice(Math.floor((front - 1) / 2), 1)[0]!;
  stands.unshift(cs);
  const rs: HmUnitState = {
    troop,
    status: 'trained',
    statusHidden: false,
    freikorps: false,
    cossack: false,
    nation: 'prussia',
    command: null,
    originalStands: n,
    baseFormation: 'line',
    retrograde: 'none',
    retrogradeHeading: 0,
    columnCompulsory: false,
    fresh: true,
    jubilation: 0,
    shakenMarker: false,
    assault: false,
    assaultTarget: null,
    contacts: [],
    moved: false,
    freeWheels: 0,
    formationDeclared: false,
    exSkirmisher: false,
    outOfCommand: false,
    firedUntilTurn: 0,
    gun: null,
    general: null,
    removedBy: null,
    listEntry: troop,
    points: 0,
    ...opts.rs,
  };
  return { id, side, name: id, kind: KIND[troop], type: troop, quality: 'trained', x, y, facing, formation: 'line', stands, removed: false, rs };
}

function general(id: string, side: string, x: number, y: number, attachedTo: string | null = null): HmUnit {
  return mk(id, side, 'general', x, y, N, {
    stands: 1,
    rs: { general: { role: 'general', grade: 'talented', stats: { leadership: 8, range: 12, ability: 4 }, cavalry: false, attachedTo, cardsThisTurn: 0 } },
  });
}

const near = (p: Vec2, q: Vec2, tol = 0.01): void => {
  expect(Math.abs(p.x - q.x)).toBeLessThan(tol);
  expect(Math.abs(p.y - q.y)).toBeLessThan(tol);
};

describe('unit status', () => {
  it('counts disordered and destroyed stands against the original strength (A34)', () => {
    const u = mk('u', 'red', 'infantry', 0, 0, N, { stands: 3, rs: { originalStands: 5 } }); // 2 destroyed
    expect(isShaken(u)).toBe(false); // 2 of 5 lost, none disordered
    u.stands[1]!.status = 'disordered';
    expect(isShaken(u)).toBe(true); // 1 + 2 = 3 > 2.5
    const four = mk('f', 'red', 'infantry', 0, 0, N, { stands: 2, rs: { originalStands: 4 } });
    expect(isShaken(four)).toBe(true); // half destroyed: permanently shaken
    expect(isShaken(mk('m', 'red', 'infantry', 0, 0, N, { rs: { shakenMarker: true } }))).toBe(true);
  });

  it('makes a General shaken through his unit, and broken means running', () => {
    const host = mk('h', 'red', 'infantry', 0, 0, N, { rs: { shakenMarker: true } });
    const g = general('g', 'red', 0, -40, 'h');
    expect(isShaken(g, [host, g])).toBe(true);
    expect(isShaken(general('g2', 'red', 0, 0))).toBe(false);
    expect(isBroken(mk('r', 'red', 'infantry', 0, 0, N, { rs: { retrograde: 'running' } }))).toBe(true);
    expect(isBroken(mk('w', 'red', 'infantry', 0, 0, N, { rs: { retrograde: 'withdrawing' } }))).toBe(false);
  });

  it('gives Attack ranges by troop type, fog cutting mounted to 9"', () => {
    expect(attackRange(mk('i', 'r', 'infantry', 0, 0))).toBeCloseTo(inch(9), 9);
    expect(attackRange(mk('c', 'r', 'heavyCav', 0, 0))).toBeCloseTo(inch(18), 9);
    expect(attackRange(mk('c', 'r', 'heavyCav', 0, 0), { fog: true })).toBeCloseTo(inch(9), 9);
    expect(attackRange(mk('s', 'r', 'skirmCav', 0, 0))).toBeCloseTo(inch(9), 9);
    expect(attackRange(mk('a', 'r', 'artillery', 0, 0, N, { stands: 1 }))).toBe(0);
  });

  it('uses stands[0] as the Colour Stand', () => {
    const u = mk('u', 'red', 'infantry', 900, 600);
    const cs = colourStand(u);
    expect(cs.cx).toBeCloseTo(900, 9);
    expect(cs.cy).toBeCloseTo(600, 9);
  });
});

describe('cavalry threat zones (§13, A14)', () => {
  // Three stands facing north at (900, 600): the Colour Stand's front edge runs (880, 620)-(920, 620).
  const cav = (): HmUnit => mk('cav', 'blue', 'heavyCav', 900, 600, N, { stands: 3 });

  it('splays 45° from the front corners: on the boundary in, half a millimetre beyond out', () => {
    const c = cav();
    expect(inThreatZone({ x: 970, y: 670 }, c, [c], ctx)).toBe(true); // 50 beyond the corner, 50 ahead
    expect(inThreatZone({ x: 970.5, y: 670 }, c, [c], ctx)).toBe(false);
    expect(inThreatZone({ x: 829.5, y: 670 }, c, [c], ctx)).toBe(false); // the left side likewise
    expect(inThreatZone({ x: 830, y: 670 }, c, [c], ctx)).toBe(true);
    expect(inThreatZone({ x: 900, y: 619 }, c, [c], ctx)).toBe(false); // behind the front edge line
  });

  it('reaches 18" from the front edge, measured to the nearer corner off to the side', () => {
    const c = cav();
    expect(inThreatZone({ x: 900, y: 620 + inch(18) - 0.5 }, c, [c], ctx)).toBe(true);
    expect(inThreatZone({ x: 900, y: 620 + inch(18) + 0.5 }, c, [c], ctx)).toBe(false);
    expect(inThreatZone({ x: 920 + 300, y: 620 + 330 }, c, [c], ctx)).toBe(true); // 446 mm from the corner
    expect(inThreatZone({ x: 920 + 330, y: 620 + 340 }, c, [c], ctx)).toBe(false); // 474 mm
    const fog = { ...ctx, fog: true };
    expect(inThreatZone({ x: 900, y: 620 + inch(10) }, c, [c], fog)).toBe(false);
    expect(threatZone(c, { fog: true })!.range).toBeCloseTo(inch(9), 9);
  });

  it('gives skirmishing cavalry 9" and shaken cavalry, infantry and Generals none', () => {
    expect(threatZone(mk('s', 'blue', 'skirmCav', 0, 0))!.range).toBeCloseTo(inch(9), 9);
    expect(threatZone(mk('c', 'blue', 'heavyCav', 0, 0, N, { rs: { shakenMarker: true } }))).toBeNull();
    expect(threatZone(mk('i', 'blue', 'infantry', 0, 0))).toBeNull();
    expect(threatZone(general('g', 'blue', 0, 0))).toBeNull();
  });

  it('stops at a friendly stand: the point behind it is shadowed, one off to the side is not', () => {
    const c = cav();
    const friend = mk('f', 'blue', 'infantry', 900, 800, N, { stands: 1 });
    expect(inThreatZone({ x: 900, y: 900 }, c, [c], ctx)).toBe(true);
    expect(inThreatZone({ x: 900, y: 900 }, c, [c, friend], ctx)).toBe(false);
    expect(inThreatZone({ x: 990, y: 900 }, c, [c, friend], ctx)).toBe(true);
    // A point on the blocking stand itself is reached.
    expect(inThreatZone({ x: 900, y: 790 }, c, [c, friend], ctx)).toBe(true);
  });

  it('tests whole stands: fully shadowed out, partly seen in', () => {
    const c = cav();
    const wall = mk('wall', 'blue', 'infantry', 900, 800, N, { stands: 3 }); // x 840..960
    const hidden = mk('h', 'red', 'infantry', 900, 900, N, { stands: 1 });
    const peeking = mk('p', 'red', 'infantry', 1000, 900, N, { stands: 1 });
    const all = [c, wall, hidden, peeking];
    expect(inThreatZone(colourStand(hidden), c, all, ctx)).toBe(false);
    expect(inThreatZone(colourStand(peeking), c, all, ctx)).toBe(true);
    expect(inThreatZone(colourStand(hidden), c, [c, hidden], ctx)).toBe(true);
  });

  it('finds a stand whose edge only cuts the far corner of the wedge, between the 5 mm samples', () => {
    const c = cav();
    // K: where the right 45° edge meets the 18" arc. A stand facing north whose left edge runs
    // 1 mm inside K crosses only a 2 mm sliver of the wedge, and none of its corners is inside.
    const k = { x: 920 + inch(18) / Math.SQRT2, y: 620 + inch(18) / Math.SQRT2 };
    const clipping = mk('d', 'red', 'infantry', k.x - 1 + 20, k.y + 2.5, N, { stands: 1 });
    const clear = mk('d', 'red', 'infantry', k.x + 1 + 20, k.y + 2.5, N, { stands: 1 });
    expect(inThreatZone(colourStand(clipping), c, [c, clipping], ctx)).toBe(true);
    expect(inThreatZone(colourStand(clear), c, [c, clear], ctx)).toBe(false);
  });

  it('is cut by loss of line of sight', () => {
    const c = cav();
    const ridge: ZoneContext = { ...ctx, sightBlocked: (a, b) => (a.y - 700) * (b.y - 700) < 0 };
    expect(inThreatZone({ x: 900, y: 690 }, c, [c], ridge)).toBe(true);
    expect(inThreatZone({ x: 900, y: 710 }, c, [c], ridge)).toBe(false);
  });

  it('is cut by terrain impassable to cavalry', () => {
    const c = cav();
    const wood: ZoneContext = { ...ctx, terrainBlocks: (a, b, troop) => troop === 'heavyCav' && Math.max(a.y, b.y) > 750 };
    expect(inThreatZone({ x: 900, y: 740 }, c, [c], wood)).toBe(true);
    expect(inThreatZone({ x: 900, y: 760 }, c, [c], wood)).toBe(false);
  });

  it('neutralises two opposing zones that overlap, both of them (A15)', () => {
    const red = mk('rc', 'red', 'heavyCav', 900, 300, N, { stands: 3 }); // front edge y 320
    const blue = mk('bc', 'blue', 'heavyCav', 900, 900, S, { stands: 3 }); // front edge y 880: 22" apart
    const zones = threatZones([red, blue], ctx);
    expect(zones.map((z) => [z.owner, z.neutralisedBy])).toEqual([
      ['rc', ['bc']],
      ['bc', ['rc']],
    ]);
    expect(activeThreatZones([red, blue], ctx)).toEqual([]);
  });

  it('neutralises only after blocking: a zone hidden behind its own infantry neutralises nothing', () => {
    const red = mk('rc', 'red', 'heavyCav', 900, 300, N, { stands: 3 }); // front edge y 320
    const blue = mk('bc', 'blue', 'heavyCav', 900, 900, S, { stands: 3 });
    const wall = mk('wall', 'red', 'infantry', 900, 340, N, { stands: 15 }); // x 600..1200, touching red's front
    const zones = threatZones([red, blue, wall], ctx);
    expect(zones.map((z) => z.neutralisedBy)).toEqual([[], []]);
    // A wall no wider than the Colour Stand leaves the 45° views past its ends: neutralised again.
    const short = mk('wall', 'red', 'infantry', 900, 340, N, { stands: 1 });
    expect(activeThreatZones([red, blue, short], ctx)).toEqual([]);
  });

  it('finds the same neutralisers pair by pair as for the whole table', () => {
    const red = mk('rc', 'red', 'heavyCav', 900, 300, N, { stands: 3 });
    const red2 = mk('rc2', 'red', 'lightCav', 500, 300, N, { stands: 3 });
    const red3 = mk('rc3', 'red', 'lightCav', 100, 300, N, { stands: 3 }); // out of blue's reach
    const blue = mk('bc', 'blue', 'heavyCav', 900, 900, S, { stands: 3 });
    const units = [red, red2, red3, blue];
    const all = threatZones(units, ctx);
    for (const z of all) expect(neutralisersOf(threatZone(units.find((u) => u.id === z.owner)!)!, units, ctx)).toEqual(z.neutralisedBy);
    expect(all.find((z) => z.owner === 'bc')!.neutralisedBy).toEqual(['rc', 'rc2']);
  });

  it('leaves zones that only reach 38" apart active, and never neutralises friends', () => {
    const red = mk('rc', 'red', 'heavyCav', 900, 300, N, { stands: 3 });
    const far = mk('bc', 'blue', 'heavyCav', 900, 320 + inch(38) + 20, S, { stands: 3 });
    expect(activeThreatZones([red, far], ctx).map((z) => z.owner)).toEqual(['rc', 'bc']);
    const friend = mk('rc2', 'red', 'heavyCav', 900, 900, S, { stands: 3 });
    expect(activeThreatZones([red, friend], ctx).map((z) => z.owner)).toEqual(['rc', 'rc2']);
  });

  it('does not count zones whose wedges touch along their far edges as overlapping', () => {
    const red = mk('rc', 'red', 'heavyCav', 900, 300, N, { stands: 3 });
    const touching = mk('bc', 'blue', 'heavyCav', 900, 320 + 2 * inch(18) + 20, S, { stands: 3 }); // exactly 36"
    expect(activeThreatZones([red, touching], ctx)).toHaveLength(2);
    const overlapping = withPose(touching, { x: 900, y: touching.y - 12, facing: S }); // 12 mm deep: wider than the 5 mm grid
    expect(activeThreatZones([red, overlapping], ctx)).toHaveLength(0);
  });

  it('describes the wedge as a polygon that matches the shape test', () => {
    const z = threatZone(cav())!;
    expect(z.polygon[0]).toEqual(z.frontLeft);
    expect(z.polygon[z.polygon.length - 1]).toEqual(z.frontRight);
    for (const p of z.polygon) expect(inZoneShape(z, p, 1e-6)).toBe(true);
  });
});

describe('automatic halts (§12, A1)', () => {
  // Red line facing north; its Colour Stand's front edge is at y 320. A blue line faces it, `gap` away.
  const pair = (gap: number, rs: Partial<HmUnitState> = {}): [HmUnit, HmUnit] => [
    mk('p', 'red', 'infantry', 900, 300),
    mk('q', 'blue', 'infantry', 900, 320 + gap + 20, S, { rs }),
  ];

  it('halts at 8.9" between Colour Stands but not at 9.1"', () => {
    const [p, q] = pair(inch(8.9));
    expect(haltReason(p, [p, q], ctx)).toMatch(/within 9"/);
    expect(haltCause(p, [p, q], ctx)).toMatchObject({ kind: 'close-enemy', enemy: 'q' });
    const [p2, q2] = pair(inch(9.1));
    expect(haltReason(p2, [p2, q2], ctx)).toBeNull();
  });

  it('does not halt for a shaken enemy, or when another unit stands across every line', () => {
    const [p, q] = pair(inch(8.9), { shakenMarker: true });
    expect(haltReason(p, [p, q], ctx)).toBeNull();
    const [p2, q2] = pair(inch(8.9));
    const between = mk('b', 'red', 'infantry', 900, 320 + inch(8.9) / 2); // 200 mm wide, half-way
    expect(haltReason(p2, [p2, q2, between], ctx)).toBeNull();
    // A narrow stand leaves lines round it: still halted.
    const post = mk('post', 'red', 'infantry', 930, 320 + inch(8.9) / 2, N, { stands: 1 }); // x 910..950
    expect(haltReason(p2, [p2, q2, post], ctx)).not.toBeNull();
  });

  it('does not halt for an abandoned, fled or overrun gun, only a manned one', () => {
    const p = mk('p', 'red', 'infantry', 900, 300);
    const gunAt = (crew: 'manned' | 'abandoned' | 'fled' | 'overrun'): HmUnit =>
      mk('g', 'blue', 'artillery', 900, 320 + inch(8.9) + 20, S, {
        stands: 1,
        rs: { gun: { kind: 'cannon', limbered: false, crew, controller: 'blue', suppressed: false, damaged: false, spiked: false, noTeam: false, readyForBall: true } },
      });
    expect(haltCause(p, [p, gunAt('manned')], ctx)).toMatchObject({ kind: 'close-enemy', enemy: 'g' });
    for (const crew of ['abandoned', 'fled', 'overrun'] as const) expect(haltCause(p, [p, gunAt(crew)], ctx), crew).toBeNull();
    // Marching up to an abandoned gun: no halt on the way.
    const far = mk('g', 'blue', 'artillery', 900, 320 + inch(12) + 20, S, { stands: 1, rs: gunAt('abandoned').rs });
    expect(haltAlong(p, { x: 900, y: 300 + inch(6), facing: N }, [p, far], ctx)).toBeNull();
    expect(haltAlong(p, { x: 900, y: 300 + inch(6), facing: N }, [p, { ...far, rs: gunAt('manned').rs }], ctx)?.cause.kind).toBe('close-enemy');
  });

  it('does not halt when impassable terrain cuts every line', () => {
    const [p, q] = pair(inch(8.9));
    const river: ZoneContext = { ...ctx, terrainBlocks: (a, b) => (a.y - 400) * (b.y - 400) < 0 };
    expect(haltReason(p, [p, q], river)).toBeNull();
  });

  it('halts in an active enemy threat zone, and not once a friendly zone neutralises it', () => {
    const blueCav = mk('bc', 'blue', 'heavyCav', 900, 900, S, { stands: 3 }); // front edge y 880
    const inf = mk('i', 'red', 'infantry', 900, 880 - inch(15) - 20); // 15" in front of it
    expect(haltCause(inf, [inf, blueCav], ctx)).toMatchObject({ kind: 'threat-zone', enemy: 'bc' });
    const redCav = mk('rc', 'red', 'heavyCav', 600, 400, N, { stands: 3 });
    expect(haltReason(inf, [inf, blueCav, redCav], ctx)).toBeNull();
    // Precomputed zones give the same answers.
    expect(enemyZoneOn(inf, [inf, blueCav], ctx, threatZones([inf, blueCav], ctx))?.owner).toBe('bc');
    expect(enemyZoneOn(inf, [inf, blueCav, redCav], ctx, threatZones([inf, blueCav, redCav], ctx))).toBeNull();
  });

  it('stops a moving unit where it first comes within 9"', () => {
    const [p, q] = pair(inch(12));
    const stop = haltAlong(p, { x: 900, y: 300 + inch(6), facing: N }, [p, q], ctx);
    expect(stop).not.toBeNull();
    expect(stop!.cause.kind).toBe('close-enemy');
    expect(stop!.travelled).toBeGreaterThan(inch(3) - 0.01);
    expect(stop!.travelled).toBeLessThanOrEqual(inch(3) + 0.11);
    const [p2, q2] = pair(inch(20));
    expect(haltAlong(p2, { x: 900, y: 300 + inch(6), facing: N }, [p2, q2], ctx)).toBeNull();
  });
});

describe('Attack lines (§14.1–14.2)', () => {
  /** A one-stand target placed 150 mm straight ahead of the attacker's Colour Stand after a wheel of `deg` to the right, 40 mm to its right. */
  const targetAfterWheel = (a: HmUnit, deg: number): HmUnit => {
    const frame = deg <= 45 ? colourStand(withPose(a, wheelBy(a, -radians(deg)))) : { ...colourStand(a), facing: a.facing - radians(deg) };
    const p = fromLocal(frame, 20 + 150, 40);
    return mk('t', 'blue', 'infantry', p.x, p.y, frame.facing + Math.PI, { stands: 1 });
  };

  it('needs no wheel for a target straight ahead', () => {
    const a = mk('a', 'red', 'infantry', 900, 300);
    const t = mk('t', 'blue', 'infantry', 900, 500, S);
    const line = attackLine(a, t, [a, t], ctx);
    expect(line).toMatchObject({ ok: true, wheel: 0, pivot: null, reason: 'clear', path: 'formed' });
    expect(line.distance).toBeCloseTo(160, 6);
  });

  it('allows a target that needs a 30° wheel, and reports the wheel', () => {
    const a = mk('a', 'red', 'infantry', 900, 300);
    const t = targetAfterWheel(a, 30);
    const line = attackLine(a, t, [a, t], ctx);
    expect(line.ok).toBe(true);
    expect(line.pivot).toBe('right');
    expect(line.wheel).toBeCloseTo(-radians(30), 4);
    // Wheeling that much gives the line with no further wheel; a degree less does not.
    const wheeled = withPose(a, wheelBy(a, line.wheel));
    expect(attackLine(wheeled, t, [wheeled, t], ctx).wheel).toBe(0);
    const short = withPose(a, wheelBy(a, line.wheel + radians(1)));
    expect(attackLine(short, t, [short, t], ctx).wheel).not.toBe(0);
  });

  it('refuses a target that would need a 60° wheel', () => {
    const a = mk('a', 'red', 'infantry', 900, 300);
    const t = targetAfterWheel(a, 60);
    const line = attackLine(a, t, [a, t], ctx);
    expect(line.inRange).toBe(true);
    expect(line.ok).toBe(false);
    expect(line.reason).toMatch(/45° wheel/);
  });

  it('wheels left for a target off to the left', () => {
    const a = mk('a', 'red', 'infantry', 900, 300);
    const t = mk('t', 'blue', 'infantry', 800, 480, S, { stands: 1 });
    const line = attackLine(a, t, [a, t], ctx);
    expect(line.ok).toBe(true);
    expect(line.pivot).toBe('left');
    expect(line.wheel).toBeGreaterThan(0);
  });

  it('measures range Colour Stand to Colour Stand: 9" for foot, 18" for horse', () => {
    const a = mk('a', 'red', 'infantry', 900, 300);
    const t = mk('t', 'blue', 'infantry', 900, 320 + inch(9.1) + 20, S);
    expect(attackLine(a, t, [a, t], ctx)).toMatchObject({ ok: false, inRange: false });
    expect(attackLine(a, t, [a, t], ctx).reason).toMatch(/out of range/);
    const c = mk('c', 'red', 'heavyCav', 900, 300, N, { stands: 3 });
    expect(attackLine(c, t, [c, t], ctx).ok).toBe(true);
  });

  it('is blocked by a third unit across the line between Colour Stands', () => {
    const a = mk('a', 'red', 'infantry', 900, 300);
    const t = mk('t', 'blue', 'infantry', 900, 500, S);
    const b = mk('b', 'red', 'infantry', 900, 400);
    const line = attackLine(a, t, [a, t, b], ctx);
    expect(line.ok).toBe(false);
    expect(line.reason).toMatch(/no clear line/);
  });

  it('needs a wheel when troops block the straight-ahead lane', () => {
    const a = mk('a', 'red', 'infantry', 900, 300); // Colour Stand front x 880..920
    const t = mk('t', 'blue', 'infantry', 930, 500, S, { stands: 1 }); // x 910..950: straight ahead of x 910..920
    expect(attackLine(a, t, [a, t], ctx)).toMatchObject({ ok: true, wheel: 0 });
    const lane = mk('lane', 'red', 'infantry', 905, 410, N, { stands: 1 }); // x 885..925 across that lane
    const blocked = attackLine(a, t, [a, t, lane], ctx);
    expect(blocked.ok).toBe(true);
    expect(blocked.pivot).toBe('right');
    expect(blocked.wheel).toBeLessThan(-radians(1));
    // A wider block across every lane within reach of a 45° wheel refuses the Attack.
    const wall = mk('wall', 'red', 'infantry', 985, 430, N, { stands: 3 }); // x 925..1045, y 410..450: touching the lane
    const both = attackLine(a, t, [a, t, lane, wall], ctx);
    expect(both.ok).toBe(false);
  });

  it('lets skirmishers go straight past skirmisher stands but not formed troops', () => {
    const s = mk('s', 'red', 'skirmInf', 900, 300, N, { stands: 1 });
    const t = mk('t', 'blue', 'skirmInf', 1000, 480, S, { stands: 1 }); // off to the side: no wheel needed
    const screen = mk('sc', 'blue', 'skirmInf', 950, 390, N, { stands: 1 });
    const formed = mk('f', 'blue', 'infantry', 950, 390, N, { stands: 1 });
    expect(attackLine(s, t, [s, t], ctx)).toMatchObject({ ok: true, path: 'skirmisher', wheel: 0 });
    expect(attackLine(s, t, [s, t, screen], ctx).ok).toBe(true);
    expect(attackLine(s, t, [s, t, formed], ctx).ok).toBe(false);
  });

  it('gives artillery no Attack', () => {
    const g = mk('g', 'red', 'artillery', 900, 300, N, { stands: 1 });
    const t = mk('t', 'blue', 'infantry', 900, 400, S);
    expect(attackLine(g, t, [g, t], ctx).ok).toBe(false);
  });
});

describe('flank and rear attacks (§23.5)', () => {
  // Target: five stands facing north at (900, 600): front y 620, rear y 580, flanks x 800 and 1000.
  const target = (): HmUnit => mk('t', 'blue', 'infantry', 900, 600);

  it('is a rear attack from wholly behind with the Colour Stand in the corridor', () => {
    expect(attackAspect(mk('a', 'red', 'infantry', 900, 400, N, { stands: 3 }), target())).toBe('rear');
    // Overlapping the corridor by 10 mm is enough.
    expect(attackAspect(mk('a', 'red', 'infantry', 1010, 400, N, { stands: 3 }), target())).toBe('rear');
  });

  it('is a flank attack from behind but outside the corridor', () => {
    expect(attackAspect(mk('a', 'red', 'infantry', 1060, 400, N, { stands: 3 }), target())).toBe('flank');
    expect(attackAspect(mk('a', 'red', 'infantry', 1020, 400, N, { stands: 3 }), target())).toBe('flank'); // touches the corridor line only
  });

  it('is a flank attack when part of the attacking unit is not yet behind the rear line', () => {
    // Facing north-west, the right-hand stand's corner rises above y 580 (beside the target).
    const leaning = mk('a', 'red', 'infantry', 1000, 530, radians(135), { stands: 3 });
    expect(attackAspect(leaning, target())).toBe('flank');
    const back = withPose(leaning, { x: 1000, y: 510, facing: radians(135) });
    expect(attackAspect(back, target())).toBe('rear');
  });

  it('is a flank attack from the side with part of the Colour Stand behind the front line', () => {
    expect(attackAspect(mk('a', 'red', 'infantry', 1150, 600, W, { stands: 3 }), target())).toBe('flank');
    expect(attackAspect(mk('a', 'red', 'infantry', 1200, 630, W, { stands: 1 }), target())).toBe('flank'); // y 610..650
    expect(attackAspect(mk('a', 'red', 'infantry', 1200, 645, W, { stands: 1 }), target())).toBe('front'); // y 625..665
  });

  it('is frontal from ahead, and always against skirmishers and Generals', () => {
    expect(attackAspect(mk('a', 'red', 'infantry', 900, 900, S), target())).toBe('front');
    const skirm = mk('s', 'blue', 'skirmInf', 900, 600);
    expect(attackAspect(mk('a', 'red', 'infantry', 900, 400, N), skirm)).toBe('front');
    expect(attackAspect(mk('a', 'red', 'heavyCav', 900, 400, N), general('g', 'blue', 900, 600))).toBe('front');
  });

  it('finds enemies within Attack range of a flank (§18.6), but not in front', () => {
    const cav = mk('t', 'blue', 'heavyCav', 900, 600, N, { stands: 3 }); // flank x 960
    const flanker = mk('f', 'red', 'infantry', 1150, 600, W, { stands: 3 }); // front edge x 1130: 8.3" from the Colour Stand
    expect(flankOrRearThreat(flanker, cav, [cav, flanker], ctx)).toBe('flank');
    expect(flankOrRearThreats(cav, [cav, flanker], ctx)).toEqual([{ unit: 'f', aspect: 'flank' }]);
    const ahead = mk('h', 'red', 'infantry', 900, 800, S, { stands: 3 });
    expect(flankOrRearThreat(ahead, cav, [cav, ahead], ctx)).toBeNull();
    const shaken = mk('f', 'red', 'infantry', 1150, 600, W, { stands: 3, rs: { shakenMarker: true } });
    expect(flankOrRearThreat(shaken, cav, [cav, shaken], ctx)).toBeNull();
  });

  it('names the side an enemy touches', () => {
    const t = target();
    const behind = mk('b', 'red', 'infantry', 900, 560, N, { stands: 1 });
    const side = mk('s', 'red', 'infantry', 1020, 600, W, { stands: 1 });
    const far = mk('x', 'red', 'infantry', 900, 900, S, { stands: 1 });
    expect(contactSides(t, [t, behind, side, far])).toEqual([
      { unit: 'b', side: 'rear' },
      { unit: 's', side: 'flank' },
    ]);
  });
});

describe('support (§18.2–18.3)', () => {
  // The supported unit: five stands facing north at (900, 600); left flank x 800, rear y 580.
  const unit = (troop: TroopType = 'infantry'): HmUnit => mk('u', 'red', troop, 900, 600);
  /** A three-stand friend whose right edge is `gap` left of the left flank. */
  const leftFriend = (gap: number, troop: TroopType = 'infantry', rs: Partial<HmUnitState> = {}): HmUnit => mk('f', 'red', troop, 800 - gap - 60, 600, N, { stands: 3, rs });

  it('supports a flank from a friend 2" away but not 4"', () => {
    const u = unit();
    const two = flankSupport(u, [u, leftFriend(inch(2))], ctx);
    expect(two.left).toMatchObject({ supported: true, by: 'f' });
    expect(two.right.supported).toBe(false);
    expect(flankSupport(u, [u, leftFriend(inch(4))], ctx).left.supported).toBe(false);
  });

  it('refuses support from shaken, withdrawing and enemy units and from Generals (A19)', () => {
    const u = unit();
    expect(flankSupport(u, [u, leftFriend(inch(2), 'infantry', { shakenMarker: true })], ctx).left.supported).toBe(false);
    expect(flankSupport(u, [u, leftFriend(inch(2), 'infantry', { retrograde: 'withdrawing' })], ctx).left.supported).toBe(false);
    const enemy = { ...leftFriend(inch(2)), side: 'blue' };
    expect(flankSupport(u, [u, enemy], ctx).left.supported).toBe(false);
    const g = general('g', 'red', 800 - inch(1) - 20, 600);
    expect(flankSupport(u, [u, g], ctx).left.supported).toBe(false);
  });

  it('supports only the flank a friend is beside, even next to a narrow column', () => {
    const col = mk('u', 'red', 'infantry', 900, 600, N, { stands: 3, cols: 1 }); // x 880..920
    const right = mk('f', 'red', 'infantry', 920 + inch(1) + 20, 600, N, { stands: 1 }); // 1" right: 2.6" from the left edge
    const f = flankSupport(col, [col, right], ctx);
    expect(f.right.supported).toBe(true);
    expect(f.left.supported).toBe(false);
  });

  it('lets terrain impassable to cavalry support foot but not horse', () => {
    const always: ZoneContext = { ...ctx, cavalryImpassableNear: () => true };
    const foot = flankSupport(unit(), [unit()], always);
    expect(foot.left.supported && foot.right.supported).toBe(true);
    expect(foot.left.by).toBeNull();
    const horse = flankSupport(unit('heavyCav'), [unit('heavyCav')], always);
    expect(horse.left.supported || horse.right.supported).toBe(false);
  });

  it('supports mounted only with mounted', () => {
    const u = unit('lightCav');
    expect(flankSupport(u, [u, leftFriend(inch(2))], ctx).left.supported).toBe(false);
    expect(flankSupport(u, [u, leftFriend(inch(2), 'heavyCav')], ctx).left.supported).toBe(true);
    expect(flankSupport(u, [u, leftFriend(inch(2), 'skirmCav')], ctx).left.supported).toBe(true);
  });

  it('gives skirmishers no flanks or rear', () => {
    const s = mk('s', 'red', 'skirmInf', 900, 600);
    const f = flankSupport(s, [s, mk('f', 'red', 'infantry', 800 - inch(1) - 60, 600, N, { stands: 3 })], ctx);
    expect(f.left.supported || f.right.supported).toBe(false);
    expect(rearSupport(s, [s, mk('r', 'red', 'infantry', 900, 500)], ctx).supported).toBe(false);
  });

  /** A friend `gap` behind the rear edge, centred at x, turned `turn` from north. */
  const behind = (gap: number, turn = 0, troop: TroopType = 'infantry', x = 900, rs: Partial<HmUnitState> = {}): HmUnit =>
    mk('r', 'red', troop, x, 580 - gap - 20, N + turn, { stands: 3, rs });

  it('gives rear support from a friend facing within 45°, not one facing 90° away', () => {
    const u = unit();
    expect(rearSupport(u, [u, behind(inch(3))], ctx)).toMatchObject({ supported: true, by: 'r' });
    expect(rearSupport(u, [u, behind(inch(3), radians(30))], ctx).supported).toBe(true);
    expect(rearSupport(u, [u, behind(inch(3), radians(90))], ctx).supported).toBe(false);
  });

  it('wants the supporter directly behind, within 9" (foot) or 18" (horse)', () => {
    const u = unit();
    expect(rearSupport(u, [u, behind(inch(3), 0, 'infantry', 1070)], ctx).supported).toBe(false); // x 1010..1130
    expect(rearSupport(u, [u, behind(inch(3), 0, 'infantry', 1050)], ctx).supported).toBe(true); // overlaps the end stand by 10 mm
    expect(rearSupport(u, [u, behind(inch(8.9))], ctx).supported).toBe(true);
    expect(rearSupport(u, [u, behind(inch(9.1))], ctx).supported).toBe(false);
    const horse = unit('cuirassier');
    expect(rearSupport(horse, [horse, behind(inch(17), 0, 'heavyCav')], ctx).supported).toBe(true);
    expect(rearSupport(horse, [horse, behind(inch(19), 0, 'heavyCav')], ctx).supported).toBe(false);
    expect(rearSupport(horse, [horse, behind(inch(3))], ctx).supported).toBe(false); // infantry cannot support horse
  });

  it('refuses rear support from artillery, skirmishing infantry and shaken friends', () => {
    const u = unit();
    expect(rearSupport(u, [u, behind(inch(3), 0, 'artillery')], ctx).supported).toBe(false);
    expect(rearSupport(u, [u, behind(inch(3), 0, 'skirmInf')], ctx).supported).toBe(false);
    expect(rearSupport(u, [u, behind(inch(3), 0, 'infantry', 900, { shakenMarker: true })], ctx).supported).toBe(false);
  });

  it('counts a second line directly behind as rear support, not flank support', () => {
    const u = unit();
    const line = mk('r', 'red', 'infantry', 900, 580 - inch(2) - 20);
    const f = flankSupport(u, [u, line], ctx);
    expect(f.left.supported || f.right.supported).toBe(false);
    expect(rearSupport(u, [u, line], ctx).supported).toBe(true);
  });

  it('accepts terrain impassable to cavalry along the whole rear edge only', () => {
    const u = unit();
    const whole: ZoneContext = { ...ctx, cavalryImpassableNear: () => true };
    const half: ZoneContext = { ...ctx, cavalryImpassableNear: (a) => a.x < 900 };
    expect(rearSupport(u, [u], whole)).toMatchObject({ supported: true, by: null });
    expect(rearSupport(u, [u], half).supported).toBe(false);
  });
});

describe('wheels and moves', () => {
  it('wheels about the left front corner, the right corner swinging forward', () => {
    const u = mk('u', 'red', 'infantry', 900, 600); // front corners (800, 620) and (1000, 620)
    const w = withPose(u, wheelPose(u, radians(30), 'left'));
    near(unitCorners(w).frontLeft, { x: 800, y: 620 });
    near(unitCorners(w).frontRight, { x: 800 + 200 * Math.cos(radians(30)), y: 620 + 200 * Math.sin(radians(30)) });
    expect(w.facing).toBeCloseTo(N + radians(30), 12);
  });

  it('wheels about the right front corner the other way', () => {
    const u = mk('u', 'red', 'infantry', 900, 600, E);
    const before = unitCorners(u).frontRight;
    const w = withPose(u, wheelPose(u, radians(45), 'right'));
    near(unitCorners(w).frontRight, before);
    expect(w.facing).toBeCloseTo(-radians(45), 12);
    near(unitCorners(withPose(u, wheelBy(u, -radians(45)))).frontRight, before);
  });

  it('refuses wheels over 45°', () => {
    const u = mk('u', 'red', 'infantry', 900, 600);
    expect(() => wheelPose(u, radians(60), 'left')).toThrow(RangeError);
  });

  it('throws a unit straight back 2" and reports what it runs into', () => {
    const u = mk('u', 'red', 'infantry', 900, 600);
    const back = thrownBackPose(u);
    expect(back.x).toBeCloseTo(900, 9);
    expect(back.y).toBeCloseTo(600 - inch(2), 9);
    const friend = mk('f', 'red', 'infantry', 900, 540, N, { stands: 1 }); // 20 mm behind
    const enemy = mk('e', 'blue', 'infantry', 1100, 540, N, { stands: 1 }); // off to the side
    const screen = mk('s', 'blue', 'skirmInf', 820, 560, N, { stands: 1 });
    expect(sweptCollisions(u, back, [u, friend, enemy, screen], ctx)).toEqual({ friends: ['f'], enemies: [], skirmishers: ['s'], terrain: false });
    const ditch: ZoneContext = { ...ctx, terrainBlocks: (a, b) => Math.min(a.y, b.y) < 560 };
    expect(sweptCollisions(u, back, [u], ditch).terrain).toBe(true);
  });
});

describe('nearest enemy and running (§19.3)', () => {
  it('finds the nearest enemy by Colour Stand and runs directly away from it', () => {
    const u = mk('u', 'red', 'infantry', 900, 600);
    const north = mk('n', 'blue', 'infantry', 900, 800, S); // 160 mm
    const west = mk('w', 'blue', 'infantry', 600, 600, E); // 260 mm
    const friend = mk('f', 'red', 'infantry', 900, 700, N);
    const units = [u, north, west, friend];
    expect(nearestEnemy(u, units)).toMatchObject({ unit: { id: 'n' } });
    expect(nearestEnemy(u, units)!.distance).toBeCloseTo(160, 6);
    expect(awayFromNearestEnemy(u, units)).toBeCloseTo(S, 12);
    const run = runPose(u, units)!;
    expect(run.facing).toBeCloseTo(S, 12);
    expect(run.y).toBeCloseTo(600 - inch(6), 6);
    expect(runPose(mk('c', 'red', 'lightCav', 900, 600), units)!.y).toBeCloseTo(600 - inch(12), 6);
    expect(nearestEnemy(u, [u, friend])).toBeNull();
  });

  it('ignores a General attached to an enemy unit', () => {
    const u = mk('u', 'red', 'infantry', 900, 600);
    const host = mk('h', 'blue', 'infantry', 900, 900, S);
    const g = general('g', 'blue', 900, 700, 'h');
    expect(nearestEnemy(u, [u, host, g])!.unit.id).toBe('h');
  });
});

describe('overlaps and the table edge (§11.8–11.9)', () => {
  it('moves two overlapping units equal distances apart until clear', () => {
    const a = mk('a', 'red', 'infantry', 900, 600, N, { stands: 3 }); // x 840..960
    const b = mk('b', 'blue', 'infantry', 1010, 600, N, { stands: 3 }); // x 950..1070
    const sep = separateOverlaps(a, b)!;
    expect(sep.each).toBeCloseTo(5, 1);
    expect(sep.a.x).toBeCloseTo(895, 1);
    expect(sep.b.x).toBeCloseTo(1015, 1);
    expect(unitsOverlap(withPose(a, sep.a), withPose(b, sep.b))).toBe(false);
    expect(separateOverlaps(a, withPose(b, { x: 1020, y: 600, facing: N }))).toBeNull();
  });

  it('removes a unit once any part crosses the edge', () => {
    const table = { width: inch(72), depth: inch(48) };
    expect(offTable(mk('u', 'red', 'infantry', 100, 600), table)).toBe(false); // x 0..200: on the edge
    expect(offTable(mk('u', 'red', 'infantry', 99, 600), table)).toBe(true);
    expect(offTable(mk('u', 'red', 'infantry', 900, table.depth - 19, N, { stands: 1 }), table)).toBe(true);
    expect(offTable(mk('u', 'red', 'infantry', 900, table.depth - 21, N, { stands: 1 }), table)).toBe(false);
  });
});

describe('units near a way (the walk sweeps only these)', () => {
  it('keeps every unit whose stands could touch the mover on its way and drops the rest of the table', () => {
    // A 5-stand line (reach: the end stand's far corner, hypot(80, 0) + hypot(40, 40) / 2 = 108.3 mm) marching 300 mm north.
    const m = mk('m', 'red', 'infantry', 1000, 1000);
    expect(unitReach(m)).toBeCloseTo(80 + Math.hypot(40, 40) / 2, 6);
    const to = { x: 1000, y: 1300 };
    // One-stand units east of the way: reach 28.3 mm each, so kept up to 108.3 + 28.3 + 1 = 137.6 mm off it.
    const at = (id: string, x: number, y: number): HmUnit => mk(id, 'blue', 'infantry', x, y, S, { stands: 1 });
    const others = [at('beside', 1137, 1150), at('clear', 1139, 1150), at('ahead', 1000, 1437), at('beyond', 1000, 1439), at('far', 2500, 2500)];
    for (let k = 0; k < 40; k++) others.push(at(`row${k}`, 100 + k * 60, 2800));
    expect(unitsNearWay(m, to, others).map((u) => u.id)).toEqual(['beside', 'ahead']);
  });
});
