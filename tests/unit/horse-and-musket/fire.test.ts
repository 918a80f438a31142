/**
 * Horse-and-musket fire (B §1.6, §2.2–2.10): artillery ball, shell and grapeshot, overflow, cover
 * saves, guns under fire, attached Generals, bouncing balls, the grapeshot step, defensive support,
 * and skirmisher fire, on a flat, bare 48" x 48" table with scripted dice.
 *
 * Every unit faces along the y axis: side a at the bottom facing +y (north), side b above it facing
 * −y. A gun at (20", 4") has its muzzle (the centre of its front edge) at y = 4" + 20 mm.
 */

import { blankState } from '../../../src/rules/horse-and-musket/setup';
import { describe, expect, it } from 'vitest';
import type { Vec2 } from '../../../src/core/geometry';
import { DiceRoller, scriptedDice } from '../../../src/core/dice';
import { inch } from '../../../src/core/measure';
import type { GameEvent } from '../../../src/core/model';
import { RuleError, type RuleContext } from '../../../src/core/ruleset';
import { battlefieldFromSpec, type Battlefield } from '../../../src/terrain/battlefield';
import type { HillFeature, OrchardFeature, TerrainFeature } from '../../../src/terrain/features';
import {
  applyHitsToUnit,
  artilleryTargets,
  defensiveGrapeshot,
  fireArtillery,
  grapeshotAt,
  grapeshotPhase,
  skirmishFire,
  skirmishTargets,
} from '../../../src/rules/horse-and-musket/fire';
import { layoutStands } from '../../../src/rules/horse-and-musket/layout';
import type { Formation, HmState, HmUnit, TroopType } from '../../../src/rules/horse-and-musket/types';

const I = inch;
const NORTH = Math.PI / 2;
const SOUTH = -Math.PI / 2;
const HALF = 20; // half a 40 mm stand
const MUZZLE_Y = I(4) + HALF;

function table(features: TerrainFeature[] = []): Battlefield {
  return battlefieldFromSpec({
    seed: 'hm-fire',
    width: I(48),
    depth: I(48),
    cellSize: 10,
    hills: 0,
    woods: 0,
    river: false,
    road: false,
    fields: false,
    relief: 0,
    features,
  });
}

const box = (x0: number, y0: number, x1: number, y1: number): Vec2[] => [
  { x: I(x0), y: I(y0) },
  { x: I(x1), y: I(y0) },
  { x: I(x1), y: I(y1) },
  { x: I(x0), y: I(y1) },
];

interface UnitOpts {
  formation?: Formation;
  gun?: 'cannon' | 'howitzer';
}

function unit(id: string, side: 'a' | 'b', troop: TroopType, x: number, y: number, stands = 1, opts: UnitOpts = {}): HmUnit {
  const formation: Formation = opts.formation ?? (troop === 'skirmInf' || troop === 'skirmCav' ? 'loose' : 'line');
  return {
    id,
    side,
    name: id,
    kind: troop === 'artillery' ? 'artillery' : troop === 'general' ? 'commander' : troop === 'infantry' || troop === 'skirmInf' ? 'infantry' : 'cavalry',
    type: troop,
    quality: 'trained',
    x: I(x),
    y: I(y),
    facing: side === 'a' ? NORTH : SOUTH,
    formation,
    stands: layoutStands(troop, formation, stands),
    removed: false,
    rs: {
      ...blankState(troop, side === 'a' ? 'prussia' : 'austria'),
      originalStands: stands,
      gun:
        troop === 'artillery'
          ? { kind: opts.gun ?? 'cannon', limbered: false, crew: 'manned', controller: side, suppressed: false, damaged: false, spiked: false, noTeam: false, readyForBall: true }
          : null,
      general: troop === 'general' ? { role: 'general', grade: 'mediocre', stats: { leadership: 0, range: 0, ability: 4 }, cavalry: false, attachedTo: null, cardsThisTurn: 0 } : null,
      removedBy: null,
      listEntry: '',
      points: 0,
    },
  };
}

/** A unit whose front edge (toward the other side) is `gap` inches from the muzzle of a gun at (x, 4"). */
function ahead(id: string, troop: TroopType, x: number, gap: number, stands = 1, opts: UnitOpts = {}): HmUnit {
  return unit(id, 'b', troop, x, (MUZZLE_Y + I(gap) + HALF) / I(1), stands, opts);
}

function game(units: HmUnit[], bf: Battlefield): HmState {
  return {
    version: 1,
    rulesetId: 'horse-and-musket',
    options: {},
    seed: 'hm-fire',
    battlefield: bf.spec,
    sides: [
      { id: 'a', name: 'Prussians', nation: 'prussia', colour: '#2b3f7a' },
      { id: 'b', name: 'Austrians', nation: 'austria', colour: '#d9d4c3' },
    ],
    units,
    turn: 1,
    phase: 'action',
    active: 'a',
    seq: 0,
    rules: {
      cards: {},
      deck: [],
      discard: [],
      sides: {},
      step: 'action',
      turnSide: 'a',
      initiative: 'a',
      issuedOrders: true,
      jokersPlayed: 0,
      weather: 'clear',
      heavyRainJokers: 0,
      destroyedMarkers: [],
      skirmishFiredAt: [],
      breakthroughOrder: null,
      turnNumber: 3,
      setupLog: [],
      activeCard: null,
      pendingGeneralMove: null,
      cardsPlayedThisTurn: 0,
      discardedThisTurn: false,
      pendingReaction: null,
    },
    dice: scriptedDice([]),
    result: null,
  };
}

interface Ctx extends RuleContext {
  events: GameEvent[];
  left(): number;
}

function context(bf: Battlefield, dice: number[]): Ctx {
  const state = scriptedDice(dice);
  const events: GameEvent[] = [];
  return { dice: new DiceRoller(state), battlefield: bf, emit: (e) => events.push(e), events, left: () => state.script.length };
}

const disordered = (u: HmUnit): number => u.stands.filter((s) => s.status === 'disordered').length;
const byId = (st: HmState, id: string): HmUnit => st.units.find((u) => u.id === id)!;
const types = (c: Ctx): string[] => c.events.map((e) => e.type);

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(RuleError);
    return (e as RuleError).reason;
  }
  throw new Error('expected a RuleError');
}

// ---------------------------------------------------------------------------------------------

describe('artillery fire: dice and their effect (B §2.4)', () => {
  it('a ball rolling 5 disorders 2 stands, from the ends; the shot is logged with its die and marks the gun', () => {
    const bf = table();
    const gun = unit('gun', 'a', 'artillery', 20, 4);
    const foe = ahead('foe', 'infantry', 20, 14, 5);
    const st = game([gun, foe], bf);
    st.rules.activeCard = { card: 'artillery:a:1', kind: 'artillery', ordered: [], ordersLeft: null, fired: [] };
    const c = context(bf, [5]);
    const r = fireArtillery(st, bf, c, 'gun', 'foe', 'ball');
    expect(r.hits).toBe(2);
    expect(foe.stands.map((s) => s.status)).toEqual(['ok', 'ok', 'ok', 'disordered', 'disordered']);
    expect(c.left()).toBe(0);
    const shot = c.events.find((e) => e.type === 'artillery-fire')!;
    expect(shot.dice?.map((d) => d.values)).toEqual([[5]]);
    expect(shot.modifiers).toEqual([{ value: -3, reason: 'Ball: 1D6 − 3' }]);
    expect(shot.text).toMatch(/fires ball at foe \(14"\): 1D6 5 − 3: 2 hits; 2 stands disordered/);
    expect(st.rules.activeCard.fired).toEqual(['gun']);
    expect(gun.rs.firedUntilTurn).toBe(4);
    expect(refusal(() => fireArtillery(st, bf, context(bf, [5]), 'gun', 'foe', 'ball'))).toMatch(/already fired on this card/);
  });

  it('a ball of 3 or less does nothing', () => {
    const bf = table();
    const foe = ahead('foe', 'infantry', 20, 14, 5);
    const st = game([unit('gun', 'a', 'artillery', 20, 4), foe], bf);
    expect(fireArtillery(st, bf, context(bf, [3]), 'gun', 'foe', 'ball').hits).toBe(0);
    expect(disordered(foe)).toBe(0);
  });

  it('grapeshot [4, 5, 6, 1] is 3 hits within 6"', () => {
    const bf = table();
    const foe = ahead('foe', 'infantry', 20, 5, 5);
    const st = game([unit('gun', 'a', 'artillery', 20, 4), foe], bf);
    const c = context(bf, [4, 5, 6, 1]);
    const r = fireArtillery(st, bf, c, 'gun', 'foe', 'grapeshot');
    expect(r.hits).toBe(3);
    expect(disordered(foe)).toBe(3);
    const shot = c.events.find((e) => e.type === 'artillery-fire')!;
    expect(shot.need).toBe(4);
    expect(shot.dice?.[0]?.values).toEqual([4, 5, 6, 1]);
  });

  it('grapeshot reaches only 6"', () => {
    const bf = table();
    const st = game([unit('gun', 'a', 'artillery', 20, 4), ahead('foe', 'infantry', 20, 6.5, 5)], bf);
    expect(refusal(() => fireArtillery(st, bf, context(bf, [6, 6, 6, 6]), 'gun', 'foe', 'grapeshot'))).toMatch(/out of range: 6.5" away, grapeshot reaches 6"/);
  });

  it('overflow: once every stand is disordered each hit destroys one; a unit with nothing left is removed and leaves a marker', () => {
    const bf = table();
    const foe = ahead('foe', 'infantry', 20, 5, 3);
    foe.stands[1]!.status = 'disordered';
    const st = game([unit('gun', 'a', 'artillery', 20, 4), foe], bf);
    const first = fireArtillery(st, bf, context(bf, [6, 6, 6, 6]), 'gun', 'foe', 'grapeshot');
    // 4 hits on 3 stands with 1 disordered: 2 disorder the rest, 2 destroy.
    expect(first.report).toMatchObject({ disordered: 2, destroyed: 2, saved: 0, removed: false });
    expect(foe.stands).toHaveLength(1);
    expect(foe.stands[0]!.status).toBe('disordered');
    const c = context(bf, [6, 6, 1, 1]);
    fireArtillery(st, bf, c, 'gun', 'foe', 'grapeshot');
    expect(foe.removed).toBe(true);
    expect(foe.rs.removedBy).toBe('destroyed');
    expect(st.rules.destroyedMarkers).toEqual([{ side: 'b', x: foe.x, y: foe.y }]);
    expect(types(c)).toContain('unit-destroyed');
  });

  it('cover saves the stands that would be destroyed: loose infantry in an orchard (soft cover, 6 under fire)', () => {
    const orchard: OrchardFeature = { id: 'orchard', kind: 'orchard', name: 'Orchard', polygon: box(14, 8.5, 26, 13), canopyHeight: 40 };
    const bf = table([orchard]);
    const foe = unit('foe', 'b', 'infantry', 20, 9, 2, { formation: 'loose' });
    const st = game([unit('gun', 'a', 'artillery', 20, 4), foe], bf);
    const c = context(bf, [4, 4, 4, 4, 6, 2]);
    const r = fireArtillery(st, bf, c, 'gun', 'foe', 'grapeshot');
    expect(r.report).toMatchObject({ disordered: 2, cover: 'soft', saveNeed: 6, saveDice: [6, 2], saved: 1, destroyed: 1 });
    expect(foe.stands.map((s) => s.status)).toEqual(['disordered']);
    expect(c.left()).toBe(0);
    // The same unit in line has not broken ranks and so has no cover: no save is rolled.
    const line = unit('line', 'b', 'infantry', 20, 9, 2);
    const st2 = game([unit('gun', 'a', 'artillery', 20, 4), line], bf);
    const c2 = context(bf, [4, 4, 4, 4]);
    expect(fireArtillery(st2, bf, c2, 'gun', 'line', 'grapeshot').report).toMatchObject({ destroyed: 2, saveDice: [] });
    expect(line.removed).toBe(true);
  });
});

describe('artillery under fire (B §2.8)', () => {
  it('a gun takes one under-fire die per hit; the most severe result governs', () => {
    const bf = table();
    const theirs = ahead('theirs', 'artillery', 20, 14);
    const st = game([unit('gun', 'a', 'artillery', 20, 4), theirs], bf);
    // Ball 6: 3 hits, under fire 1 (suppressed), 2 (suppressed), 4 (crew flee).
    const r = fireArtillery(st, bf, context(bf, [6, 1, 2, 4]), 'gun', 'theirs', 'ball');
    expect(r.report.underFire).toEqual({ dice: [1, 2, 4], results: ['suppressed', 'suppressed', 'crewFlee'], worst: 'crewFlee' });
    expect(theirs.rs.gun).toMatchObject({ crew: 'fled', suppressed: false, damaged: false });
    expect(theirs.stands).toHaveLength(1);
    expect(theirs.removed).toBe(false);
    // Unmanned guns are no longer a target.
    expect(artilleryTargets(st, bf, 'gun', 'ball').excluded).toEqual([{ id: 'theirs', reason: 'theirs are unmanned guns' }]);
  });

  it('5-6 is serious damage, 1-2 suppression; either stops the gun firing', () => {
    const bf = table();
    const theirs = ahead('theirs', 'artillery', 20, 14);
    const st = game([unit('gun', 'a', 'artillery', 20, 4), theirs], bf);
    fireArtillery(st, bf, context(bf, [5, 2, 1]), 'gun', 'theirs', 'ball');
    expect(theirs.rs.gun).toMatchObject({ crew: 'manned', suppressed: true, damaged: false });
    fireArtillery(st, bf, context(bf, [4, 6]), 'gun', 'theirs', 'ball');
    expect(theirs.rs.gun).toMatchObject({ crew: 'manned', suppressed: true, damaged: true });
    expect(artilleryTargets(st, bf, 'theirs', 'grapeshot').gunReason).toBe('theirs is suppressed until after the next Joker');
  });
});

describe('artillery: who may be fired at (B §2.2-2.3)', () => {
  it('refuses targets out of arc and out of range, with the reason', () => {
    const bf = table();
    const side = unit('side', 'b', 'infantry', 31, 8);
    const far = ahead('far', 'infantry', 20, 31);
    const st = game([unit('gun', 'a', 'artillery', 20, 4), side, far], bf);
    expect(refusal(() => fireArtillery(st, bf, context(bf, [6]), 'gun', 'side', 'ball'))).toMatch(/out of arc/);
    expect(refusal(() => fireArtillery(st, bf, context(bf, [6]), 'gun', 'far', 'ball'))).toMatch(/out of range: 31" away, ball reaches 30"/);
    const t = artilleryTargets(st, bf, 'gun', 'ball');
    expect(t.legal).toEqual([]);
    expect(t.excluded.map((e) => e.id)).toEqual(['side', 'far']);
    // Just inside 30" it is legal.
    far.y -= I(1.5);
    expect(artilleryTargets(st, bf, 'gun', 'ball').legal.map((x) => x.id)).toEqual(['far']);
  });

  it('ball may not pass within 1" of a friend, but a friend beside the gun is no bar', () => {
    const bf = table();
    const friend = unit('friend', 'a', 'infantry', 20.5, 10);
    const st = game([unit('gun', 'a', 'artillery', 20, 4), friend, ahead('foe', 'infantry', 20, 14)], bf);
    expect(refusal(() => fireArtillery(st, bf, context(bf, [6]), 'gun', 'foe', 'ball'))).toMatch(/no clear line of fire: the line passes within 1" of friend/);
    friend.x = I(21.7);
    friend.y = I(4);
    expect(artilleryTargets(st, bf, 'gun', 'ball').legal.map((x) => x.id)).toEqual(['foe']);
  });

  it('another enemy unit in the line blocks ball; it does not block shell', () => {
    const bf = table();
    const st = game(
      [unit('gun', 'a', 'artillery', 20, 4), unit('how', 'a', 'artillery', 20, 4, 1, { gun: 'howitzer' }), ahead('screen', 'infantry', 20, 6, 3), ahead('foe', 'infantry', 20, 14, 3)],
      bf,
    );
    // Two guns in one place: only the one firing matters here.
    expect(refusal(() => fireArtillery(st, bf, context(bf, [6]), 'gun', 'foe', 'ball'))).toMatch(/screen is in the way/);
    const r = fireArtillery(st, bf, context(bf, [6]), 'how', 'foe', 'shell');
    expect(r.report.disordered).toBe(3);
    expect(refusal(() => fireArtillery(st, bf, context(bf, [6]), 'gun', 'foe', 'shell'))).toMatch(/a cannon fires ball, not shell/);
    expect(refusal(() => fireArtillery(st, bf, context(bf, [6]), 'how', 'foe', 'ball'))).toMatch(/a howitzer fires shell, not ball/);
  });

  it('shell may not land within 3" of a unit friendly to the firer', () => {
    const bf = table();
    const st = game([unit('how', 'a', 'artillery', 20, 4, 1, { gun: 'howitzer' }), ahead('foe', 'infantry', 20, 14, 3), unit('friend', 'a', 'infantry', 23.5, 19)], bf);
    expect(refusal(() => fireArtillery(st, bf, context(bf, [6]), 'how', 'foe', 'shell'))).toMatch(/friend is within 3" of foe/);
  });

  it('overhead fire: a cannon on a hill fires over a friend on the level below', () => {
    const knoll: HillFeature = {
      id: 'knoll',
      kind: 'hill',
      name: 'Knoll',
      polygon: Array.from({ length: 48 }, (_, k) => ({ x: I(20) + I(3) * Math.cos((k * Math.PI) / 24), y: I(4) + I(3) * Math.sin((k * Math.PI) / 24) })),
      centre: { x: I(20), y: I(4) },
      radius: I(3),
      height: 25,
      gradient: 'normal',
    };
    const bf = table([knoll]);
    const foe = ahead('foe', 'infantry', 20, 14);
    const behind = ahead('behind', 'infantry', 20, 16);
    const st = game([unit('gun', 'a', 'artillery', 20, 4), unit('friend', 'a', 'infantry', 20, 10), foe, behind], bf);
    const c = context(bf, [4]);
    const r = fireArtillery(st, bf, c, 'gun', 'foe', 'ball');
    expect(r.hits).toBe(1);
    expect(c.events[0]!.data?.overhead).toBe(true);
    // Fired from higher ground, the ball buries itself: no bounce into the unit behind.
    expect(types(c)).not.toContain('artillery-bounce-end');
    expect(disordered(behind)).toBe(0);
    // Level with the friend, the same shot is refused.
    const flat = table();
    const st2 = game([unit('gun', 'a', 'artillery', 20, 4), unit('friend', 'a', 'infantry', 20, 10), ahead('foe', 'infantry', 20, 14)], flat);
    expect(refusal(() => fireArtillery(st2, flat, context(flat, [4]), 'gun', 'foe', 'ball'))).toMatch(/within 1" of friend/);
  });

  it('a lone General is never a target; the General attached to a unit is hit with it and dies with its first destroyed stand', () => {
    const bf = table();
    const lone = ahead('lone', 'general', 24, 4);
    const foe = ahead('foe', 'infantry', 20, 4, 2);
    // Behind the middle of the unit, in contact with its rear edge.
    const gen = unit('gen', 'b', 'general', 20, (MUZZLE_Y + I(4) + 4 * HALF + 15) / I(1));
    gen.rs.general!.attachedTo = 'foe';
    const st = game([unit('gun', 'a', 'artillery', 20, 4), lone, foe, gen], bf);
    const t = artilleryTargets(st, bf, 'gun', 'grapeshot');
    expect(t.legal.map((x) => x.id)).toEqual(['foe']);
    expect(t.excluded).toEqual([
      { id: 'lone', reason: 'Generals are not a legal target for artillery' },
      { id: 'gen', reason: 'gen is attached to foe: fire at the unit' },
    ]);
    const c = context(bf, [4, 4, 4, 4]);
    const r = fireArtillery(st, bf, c, 'gun', 'foe', 'grapeshot');
    // 4 hits on 2 stands and the General: 3 disordered (the General last), then the General is the first destroyed.
    expect(r.report).toMatchObject({ disordered: 3, destroyed: 0, generalsKilled: ['gen'] });
    expect(foe.stands.map((s) => s.status)).toEqual(['disordered', 'disordered']);
    expect(gen.removed).toBe(true);
    expect(gen.rs.removedBy).toBe('killed');
    expect(types(c)).toEqual(['artillery-fire', 'general-killed']);
  });

  it('no fire after three Jokers of heavy rain; limbered guns never fire', () => {
    const bf = table();
    const gun = unit('gun', 'a', 'artillery', 20, 4);
    const st = game([gun, ahead('foe', 'infantry', 20, 10)], bf);
    st.rules.heavyRainJokers = 2;
    expect(artilleryTargets(st, bf, 'gun', 'ball').legal.map((x) => x.id)).toEqual(['foe']);
    st.rules.heavyRainJokers = 3;
    expect(refusal(() => fireArtillery(st, bf, context(bf, [6]), 'gun', 'foe', 'ball'))).toMatch(/heavy rain/);
    st.rules.heavyRainJokers = 0;
    gun.rs.gun!.limbered = true;
    expect(artilleryTargets(st, bf, 'gun', 'ball').gunReason).toMatch(/limbered guns cannot fire/);
  });
});

describe('bouncing balls (B §2.6)', () => {
  it('the ball goes on through the stands behind, 1D6 − 4 at each, and stops after two units other than the target', () => {
    const bf = table();
    const foe = ahead('foe', 'infantry', 20, 7);
    const second = ahead('second', 'infantry', 20, 10);
    const friend = unit('friend', 'a', 'infantry', 20, (MUZZLE_Y + I(13) + HALF) / I(1));
    const fourth = ahead('fourth', 'infantry', 20, 16);
    const st = game([unit('gun', 'a', 'artillery', 20, 4), foe, second, friend, fourth], bf);
    const c = context(bf, [4, 5, 6]);
    const r = fireArtillery(st, bf, c, 'gun', 'foe', 'ball');
    expect(r.hits).toBe(1);
    expect(r.bounces.map((b) => [b.unit, b.dice, b.hits])).toEqual([
      ['second', [5], 1],
      ['friend', [6], 2],
    ]);
    expect(disordered(foe)).toBe(1);
    expect(disordered(second)).toBe(1);
    // A friend on the line is struck too: 2 hits on one stand disorder it and destroy it.
    expect(friend.removed).toBe(true);
    expect(fourth.stands[0]!.status).toBe('ok');
    expect(c.left()).toBe(0);
    expect(types(c)).toEqual(['artillery-fire', 'artillery-bounce', 'artillery-bounce', 'unit-destroyed', 'artillery-bounce-end']);
    expect(c.events.at(-1)!.text).toMatch(/passed through 2 units/);
  });

  it('it bounces whether or not the shot hit, but no further than 12" beyond the target stand', () => {
    const bf = table();
    const foe = ahead('foe', 'infantry', 20, 7);
    // 7" + 40 mm + 12.4" on: the near edge of this one is 12.4" beyond the target stand.
    const past = ahead('past', 'infantry', 20, 7 + 40 / I(1) + 12.4);
    const near = ahead('near', 'infantry', 20, 7 + 40 / I(1) + 11.6);
    const st = game([unit('gun', 'a', 'artillery', 20, 4), foe, past], bf);
    const c = context(bf, [2]);
    const r = fireArtillery(st, bf, c, 'gun', 'foe', 'ball');
    expect(r.hits).toBe(0);
    expect(r.bounces).toEqual([]);
    expect(c.events.at(-1)!.text).toMatch(/runs out after 12"/);
    const st2 = game([unit('gun', 'a', 'artillery', 20, 4), ahead('foe', 'infantry', 20, 7), near], bf);
    const c2 = context(bf, [2, 5]);
    expect(fireArtillery(st2, bf, c2, 'gun', 'foe', 'ball').bounces.map((b) => b.unit)).toEqual(['near']);
    expect(disordered(near)).toBe(1);
  });
});

describe('grapeshot without a card (B §2.5, §2.9, §2.10)', () => {
  it('at the start of the turn each able battery fires at the nearest enemy within 6" in its arc', () => {
    const bf = table();
    const g1 = unit('g1', 'a', 'artillery', 10, 4);
    const g2 = unit('g2', 'a', 'artillery', 30, 4);
    g2.rs.gun!.suppressed = true;
    const nearer = ahead('nearer', 'infantry', 10, 3);
    const farther = ahead('farther', 'infantry', 12, 5);
    // Nearer still, but beside the gun.
    const outOfArc = unit('outOfArc', 'b', 'infantry', 12.8, 4.5);
    const byG2 = ahead('byG2', 'infantry', 30, 2);
    const st = game([g1, g2, nearer, farther, outOfArc, byG2], bf);
    const c = context(bf, [4, 1, 1, 1]);
    expect(grapeshotPhase(st, bf, c, 'a')).toBe(1);
    expect(disordered(nearer)).toBe(1);
    expect(disordered(farther) + disordered(outOfArc) + disordered(byG2)).toBe(0);
    expect(c.events[0]).toMatchObject({ type: 'artillery-fire', unit: 'g1', target: 'nearer' });
  });

  it('defensive support fires at an attacker within 6" and returns how many batteries fired', () => {
    const bf = table();
    const attacker = ahead('attacker', 'heavyCav', 20, 5, 2);
    const st = game([unit('gun', 'a', 'artillery', 20, 4), unit('other', 'a', 'artillery', 40, 4), attacker], bf);
    const c = context(bf, [5, 5, 1, 1]);
    expect(defensiveGrapeshot(st, bf, c, 'attacker', 'a')).toBe(1);
    expect(disordered(attacker)).toBe(2);
    attacker.y += I(2);
    const c2 = context(bf, []);
    expect(defensiveGrapeshot(st, bf, c2, 'attacker', 'a')).toBe(0);
    expect(c2.events).toEqual([]);
  });

  it('guns under Attack fire at their attacker within 6" whatever the arc; beyond it they say why', () => {
    const bf = table();
    const attacker = unit('attacker', 'b', 'heavyCav', 24, 4, 2);
    const st = game([unit('gun', 'a', 'artillery', 20, 4), attacker], bf);
    const r = grapeshotAt(st, bf, context(bf, [6, 6, 6, 1]), 'gun', 'attacker');
    expect(r?.hits).toBe(3);
    expect(attacker.stands).toHaveLength(1);
    attacker.x = I(30);
    const c = context(bf, []);
    expect(grapeshotAt(st, bf, c, 'gun', 'attacker')).toBeNull();
    expect(c.events[0]).toMatchObject({ type: 'artillery-silent' });
    expect(c.events[0]!.text).toMatch(/out of range/);
  });
});

describe('applyHitsToUnit', () => {
  it('a lone General struck (by a bouncing ball) is disordered, then killed; he leaves no marker', () => {
    const bf = table();
    const lone = unit('lone', 'b', 'general', 30, 30);
    const st = game([lone], bf);
    const c = context(bf, []);
    const rep = applyHitsToUnit(st, c, lone, 2, 'underFire');
    expect(rep).toMatchObject({ disordered: 1, removed: true });
    expect(lone.rs.removedBy).toBe('killed');
    expect(st.rules.destroyedMarkers).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('skirmisher fire (B §1.6)', () => {
  /** Skirmishing infantry of 3 stands at (20", 10") facing north, and an enemy line `gap` inches beyond the Colour Stand's front edge. */
  function skirmish(gap: number, troop: TroopType = 'infantry', firer: TroopType = 'skirmInf', targetStands = 4) {
    const bf = table();
    const sk = unit('sk', 'a', firer, 20, 10, 3);
    const foe = unit('foe', 'b', troop, 20, 10 + (2 * HALF) / I(1) + gap, targetStands);
    const st = game([sk, foe], bf);
    return { bf, sk, foe, st };
  }

  it('a total at most the stands firing disorders one stand; 4-6 then destroys it', () => {
    const { bf, foe, st } = skirmish(8);
    const legal = skirmishTargets(st, bf, 'sk').legal;
    expect(legal).toMatchObject([{ id: 'foe', stands: [0, 1, 2] }]);
    expect(legal[0]!.distance).toBeCloseTo(I(8), 6);
    const r = skirmishFire(st, bf, context(bf, [1, 2, 5]), 'sk', 'foe');
    expect(r).toMatchObject({ standsFiring: 3, targetDisordered: true, destroyRolled: true, targetStandDestroyed: true, firerDisordered: false });
    expect(foe.stands).toHaveLength(3);
    expect(disordered(foe)).toBe(0);
    expect(byId(st, 'sk').rs.firedUntilTurn).toBe(4);
  });

  it('a failed destroy roll leaves the stand disordered; a total above the stands firing does nothing', () => {
    const { bf, foe, st } = skirmish(8);
    const c = context(bf, [2, 1, 3, 3, 4]);
    skirmishFire(st, bf, c, 'sk', 'foe');
    expect(foe.stands.map((s) => s.status)).toEqual(['ok', 'ok', 'ok', 'disordered']);
    const r = skirmishFire(st, bf, c, 'sk', 'foe');
    expect(r).toMatchObject({ targetDisordered: false, destroyRolled: false });
    expect(disordered(foe)).toBe(1);
    expect(c.left()).toBe(0);
    expect(c.events[1]!.text).toMatch(/2D6 3\+4 = 7, more than 3: no hit/);
  });

  it('a double disorders a firing stand, with or without a hit', () => {
    const { bf, sk, foe, st } = skirmish(8);
    const r = skirmishFire(st, bf, context(bf, [1, 1, 2]), 'sk', 'foe');
    expect(r).toMatchObject({ targetDisordered: true, targetStandDestroyed: false, firerDisordered: true });
    expect(sk.stands.map((s) => s.status)).toEqual(['ok', 'ok', 'disordered']);
    expect(disordered(foe)).toBe(1);
    const r2 = skirmishFire(st, bf, context(bf, [6, 6]), 'sk', 'foe');
    expect(r2).toMatchObject({ standsFiring: 2, targetDisordered: false, firerDisordered: true });
    expect(sk.stands.map((s) => s.status)).toEqual(['ok', 'disordered', 'disordered']);
  });

  it('a firing stand in cover may save against the double (B4)', () => {
    const orchard: OrchardFeature = { id: 'orchard', kind: 'orchard', name: 'Orchard', polygon: box(16, 8, 24, 11.5), canopyHeight: 40 };
    const bf = table([orchard]);
    const sk = unit('sk', 'a', 'skirmInf', 20, 10, 3);
    const foe = unit('foe', 'b', 'infantry', 20, 10 + (2 * HALF) / I(1) + 4, 4);
    const st = game([sk, foe], bf);
    const r = skirmishFire(st, bf, context(bf, [2, 2, 4]), 'sk', 'foe');
    expect(r).toMatchObject({ targetDisordered: false, firerDisordered: false, firerSaved: true });
    expect(disordered(sk)).toBe(0);
  });

  it('skirmishing cavalry only disorder unshaken infantry; against shaken infantry they roll to destroy and the automatic loss applies', () => {
    const a = skirmish(8, 'infantry', 'skirmCav');
    const c = context(a.bf, [1, 2]);
    const r = skirmishFire(a.st, a.bf, c, 'sk', 'foe');
    expect(r).toMatchObject({ targetDisordered: true, destroyRolled: false, autoLoss: false });
    expect(a.foe.stands).toHaveLength(4);
    expect(c.events[0]!.text).toMatch(/cannot destroy stands of unshaken close-order infantry/);
    const b = skirmish(8, 'infantry', 'skirmCav');
    b.foe.rs.shakenMarker = true;
    const r2 = skirmishFire(b.st, b.bf, context(b.bf, [1, 2, 4]), 'sk', 'foe');
    expect(r2).toMatchObject({ targetDisordered: true, destroyRolled: true, targetStandDestroyed: true, autoLoss: true });
    expect(b.foe.stands).toHaveLength(2);
    // Against cavalry the destroy roll is made whether shaken or not.
    const d = skirmish(8, 'lightCav', 'skirmCav');
    expect(skirmishFire(d.st, d.bf, context(d.bf, [1, 2, 6]), 'sk', 'foe')).toMatchObject({ destroyRolled: true, targetStandDestroyed: true });
  });

  it('a shaken target loses a stand automatically the first time it is fired at in a turn, and only then', () => {
    const { bf, foe, st } = skirmish(8);
    const other = unit('other', 'a', 'skirmInf', 14, 10, 3);
    st.units.push(other);
    foe.rs.shakenMarker = true;
    const c = context(bf, [6, 5, 5, 6]);
    expect(skirmishFire(st, bf, c, 'sk', 'foe')).toMatchObject({ targetDisordered: false, autoLoss: true });
    expect(foe.stands).toHaveLength(3);
    expect(st.rules.skirmishFiredAt).toEqual(['foe']);
    expect(skirmishFire(st, bf, c, 'other', 'foe')).toMatchObject({ autoLoss: false });
    expect(foe.stands).toHaveLength(3);
  });

  it('only undisordered stands within 9" of the target fire', () => {
    // The Colour Stand is 8.8" from the target; the second stand stands a third of a stand back, 9.3".
    const { bf, sk, st } = skirmish(8.8);
    expect(skirmishTargets(st, bf, 'sk').legal[0]!.stands).toEqual([0, 2]);
    sk.stands[2]!.status = 'disordered';
    expect(skirmishTargets(st, bf, 'sk').legal[0]!.stands).toEqual([0]);
    const r = skirmishFire(st, bf, context(bf, [1, 1]), 'sk', 'foe');
    // 1+1 = 2 > 1 stand: no hit, but a double: the one firing stand is disordered.
    expect(r).toMatchObject({ standsFiring: 1, targetDisordered: false, firerDisordered: true });
    const far = skirmish(9.5);
    expect(skirmishTargets(far.st, far.bf, 'sk').excluded).toEqual([{ id: 'foe', reason: 'no undisordered stand within 9" (nearest 9.5")' }]);
    expect(refusal(() => skirmishFire(far.st, far.bf, context(far.bf, [1, 1]), 'sk', 'foe'))).toMatch(/no undisordered stand within 9"/);
  });

  it('formed friends block the line from the front edge; friendly skirmishers do not', () => {
    const { bf, st } = skirmish(6);
    const formed = unit('formed', 'a', 'infantry', 20, 13.5, 6);
    st.units.push(formed);
    expect(skirmishTargets(st, bf, 'sk').excluded).toEqual([{ id: 'foe', reason: 'no clear line from a front edge: formed in the way' }]);
    formed.rs.troop = 'skirmInf';
    formed.formation = 'loose';
    formed.stands = layoutStands('skirmInf', 'loose', 6);
    expect(skirmishTargets(st, bf, 'sk').legal.map((t) => t.id)).toEqual(['foe']);
  });

  it('stands of two skirmishing-infantry units may combine into one throw', () => {
    const { bf, foe, st } = skirmish(8);
    st.units.push(unit('pair', 'a', 'skirmInf', 24, 11, 2));
    const r = skirmishFire(st, bf, context(bf, [4, 1, 3]), 'sk', 'foe', { joinedBy: ['pair'] });
    expect(r).toMatchObject({ standsFiring: 5, targetDisordered: true, targetStandDestroyed: false });
    expect(disordered(foe)).toBe(1);
    expect(byId(st, 'pair').rs.firedUntilTurn).toBe(4);
  });

  it('no skirmisher fire after two Jokers of heavy rain', () => {
    const { bf, st } = skirmish(8);
    st.rules.heavyRainJokers = 2;
    expect(skirmishTargets(st, bf, 'sk').unitReason).toMatch(/heavy rain/);
    expect(refusal(() => skirmishFire(st, bf, context(bf, [1, 1]), 'sk', 'foe'))).toMatch(/heavy rain/);
  });
});
