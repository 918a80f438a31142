import { describe, expect, it } from 'vitest';
import { DiceRoller, scriptedDice } from '../../../src/core/dice';
import type { Modifier } from '../../../src/core/model';
import {
  ARRIVAL_TABLE,
  ARRIVAL_UNITS_PER_TURN,
  ARTILLERY_ARC_HALF_ANGLE,
  ARTILLERY_ARC_HALF_ANGLE_DEG,
  ARTILLERY_FRIENDLY_CLEARANCE,
  ARTILLERY_RANGE,
  ARTILLERY_UNDER_FIRE,
  BOUNCE_MAX_DISTANCE,
  BOUNCE_MAX_UNITS,
  BUILDING_ALIGHT_NEED,
  COMBAT_DICE,
  CONFRONTATION_NEED,
  COVER_SAVES,
  DAMAGE_REPAIR_NEED,
  DRAW_TABLE,
  EARLIEST_ARRIVAL_JOKER,
  EVADE_CHART,
  EXCEPTIONAL_STATS,
  FREIKORPS_STATUS,
  GENERAL_STATS_TABLE,
  GENERAL_TYPE_ROWS,
  MEDIOCRE_STATS,
  RESOLVE_CHARTS,
  SHELL_FRIENDLY_CLEARANCE,
  SKIRMISHER_FIRE_RANGE,
  STATUS_NAMES,
  TROOPS,
  UNDER_FIRE_SEVERITY,
  WEATHER,
  advanceFireDistance,
  applyFireHits,
  arrivalResult,
  attackRange,
  availableResolveChoices,
  ballOrShellHits,
  bestResolveChoices,
  bounceHits,
  canBeCavalryGeneral,
  cardsDrawnPerTurn,
  cavalryGeneralStats,
  chartFor,
  chartRows,
  combatDiceNeed,
  compareStatus,
  confidenceOf,
  drawTable,
  evadeModifiers,
  evadeResult,
  evaderKind,
  freikorpsStatus,
  generalFromDice,
  grapeshotHits,
  heavyRainEffects,
  lowerStatus,
  mostSevereUnderFire,
  resolveModifiers,
  resolveRow,
  rollBallOrShell,
  rollBounce,
  rollBuildingAlight,
  rollCombatDice,
  rollConfrontationDice,
  rollDamageRepair,
  rollEvade,
  rollGeneral,
  rollGrapeshot,
  rollSaves,
  rollSkirmisherFire,
  rollUnderFire,
  saveNeed,
  saveSituationFor,
  setsShakenMarker,
  skirmisherFireOutcome,
  statusRank,
  sumModifiers,
  threatZoneRange,
  underFireResult,
  weatherAfterJoker,
  type ChartSelectionInput,
  type CombatSituation,
  type EvadeFacts,
  type ResolveChartId,
  type ResolveFacts,
  type ResolveResult,
  type SaveCover,
  type TroopFacts,
} from '../../../src/rules/horse-and-musket/charts';
import { STATUSES, TROOP_TYPES, type Status, type TroopType, type Weather } from '../../../src/rules/horse-and-musket/types';

/** A roller over scripted dice, with the state kept so a test can check every die was used. */
function scripted(values: number[]) {
  const state = scriptedDice(values);
  return { dice: new DiceRoller(state), left: () => state.script.length };
}

// ---------------------------------------------------------------------------------------------

describe('status ladder (A §4)', () => {
  it('ranks the six statuses lowest first', () => {
    expect(STATUSES.map(statusRank)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(STATUSES.map((s) => STATUS_NAMES[s])).toEqual(['Unreliable', 'Poorly Trained', 'Trained', 'Well Trained', 'Elite', 'Exceptional']);
  });

  it('compares statuses', () => {
    expect(compareStatus('trained', 'elite')).toBe(-1);
    expect(compareStatus('elite', 'trained')).toBe(1);
    expect(compareStatus('wellTrained', 'wellTrained')).toBe(0);
    expect(compareStatus('unreliable', 'exceptional')).toBe(-1);
  });

  it('lowers a status by one step, never below Unreliable', () => {
    expect(lowerStatus('exceptional')).toBe('elite');
    expect(lowerStatus('elite')).toBe('wellTrained');
    expect(lowerStatus('wellTrained')).toBe('trained');
    expect(lowerStatus('trained')).toBe('poorlyTrained');
    expect(lowerStatus('poorlyTrained')).toBe('unreliable');
    expect(lowerStatus('unreliable')).toBe('unreliable');
    expect(lowerStatus('elite', 2)).toBe('trained');
  });
});

// ---------------------------------------------------------------------------------------------

describe('TROOPS (A §3, §9, §19)', () => {
  type Row = Omit<TroopFacts, 'troop' | 'name'>;
  const expected: Record<TroopType, Row> = {
    infantry: {
      foot: true,
      mounted: false,
      skirmisher: false,
      cavalry: false,
      attackRange: 9,
      threatZone: 0,
      charge: 9,
      evades: false,
      unitCards: 1,
      move: 6,
      breakRun: 6,
    },
    skirmInf: {
      foot: true,
      mounted: false,
      skirmisher: true,
      cavalry: false,
      attackRange: 9,
      threatZone: 0,
      charge: 9,
      evades: true,
      unitCards: 0,
      move: 6,
      breakRun: 6,
    },
    lightCav: {
      foot: false,
      mounted: true,
      skirmisher: false,
      cavalry: true,
      attackRange: 18,
      threatZone: 18,
      charge: 18,
      evades: true,
      unitCards: 3,
      move: 6,
      breakRun: 12,
    },
    heavyCav: {
      foot: false,
      mounted: true,
      skirmisher: false,
      cavalry: true,
      attackRange: 18,
      threatZone: 18,
      charge: 18,
      evades: false,
      unitCards: 2,
      move: 6,
      breakRun: 12,
    },
    cuirassier: {
      foot: false,
      mounted: true,
      skirmisher: false,
      cavalry: true,
      attackRange: 18,
      threatZone: 18,
      charge: 18,
      evades: false,
      unitCards: 2,
      move: 6,
      breakRun: 12,
    },
    skirmCav: {
      foot: false,
      mounted: true,
      skirmisher: true,
      cavalry: false,
      attackRange: 9,
      threatZone: 9,
      charge: 18,
      evades: true,
      unitCards: 0,
      move: 6,
      breakRun: 12,
    },
    artillery: {
      foot: false,
      mounted: false,
      skirmisher: false,
      cavalry: false,
      attackRange: null,
      threatZone: 0,
      charge: null,
      evades: false,
      unitCards: 0,
      move: 6,
      breakRun: 0,
    },
    general: {
      foot: false,
      mounted: true,
      skirmisher: false,
      cavalry: false,
      attackRange: null,
      threatZone: 0,
      charge: null,
      evades: true,
      unitCards: 0,
      move: 6,
      breakRun: 12,
    },
  };

  it('has one entry per troop type', () => {
    expect(Object.keys(TROOPS).sort()).toEqual([...TROOP_TYPES].sort());
  });

  it.each([...TROOP_TYPES])('%s', (troop) => {
    const { troop: id, name, ...rest } = TROOPS[troop];
    expect(id).toBe(troop);
    expect(name.length).toBeGreaterThan(0);
    expect(rest).toEqual(expected[troop]);
  });

  it('fog cuts mounted Attack ranges and threat zones to 9" (B §4.12)', () => {
    expect(attackRange('lightCav')).toBe(18);
    expect(attackRange('lightCav', 'fog')).toBe(9);
    expect(attackRange('cuirassier', 'rain')).toBe(18);
    expect(attackRange('skirmCav', 'fog')).toBe(9);
    expect(attackRange('infantry', 'fog')).toBe(9);
    expect(attackRange('artillery', 'fog')).toBeNull();
    expect(threatZoneRange('heavyCav')).toBe(18);
    expect(threatZoneRange('heavyCav', 'fog')).toBe(9);
    expect(threatZoneRange('heavyCav', 'mist')).toBe(18);
    expect(threatZoneRange('skirmCav', 'fog')).toBe(9);
    expect(threatZoneRange('infantry', 'fog')).toBe(0);
    expect(threatZoneRange('general', 'clear')).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------

describe('Resolve charts (A §17)', () => {
  // [chart, total, expected result, row label start]; both ends of every range and past the open ends.
  const cases: [ResolveChartId, number, ResolveResult, string][] = [
    ['A', 30, { kind: 'charge' }, '13+'],
    ['A', 13, { kind: 'charge' }, '13+'],
    ['A', 12, { kind: 'advanceFire', advanceTo: [6, 3] }, '10–12'],
    ['A', 10, { kind: 'advanceFire', advanceTo: [6, 3] }, '10–12'],
    ['A', 9, { kind: 'advanceFire', advanceTo: [6] }, '8–9'],
    ['A', 8, { kind: 'advanceFire', advanceTo: [6] }, '8–9'],
    ['A', 7, { kind: 'stand' }, '7'],
    ['A', 6, { kind: 'withdraw' }, '6'],
    ['A', 5, { kind: 'breakRun' }, '5 or less'],
    ['A', -8, { kind: 'breakRun' }, '5 or less'],

    ['B', 25, { kind: 'chargeIfWithin', within: 6, fallback: 'standFire' }, '18+'],
    ['B', 18, { kind: 'chargeIfWithin', within: 6, fallback: 'standFire' }, '18+'],
    ['B', 17, { kind: 'chargeIfWithin', within: 3, fallback: 'standFire' }, '16–17'],
    ['B', 16, { kind: 'chargeIfWithin', within: 3, fallback: 'standFire' }, '16–17'],
    ['B', 15, { kind: 'standFire' }, '7–15'],
    ['B', 7, { kind: 'standFire' }, '7–15'],
    ['B', 6, { kind: 'stand' }, '6'],
    ['B', 5, { kind: 'withdraw' }, '4–5'],
    ['B', 4, { kind: 'withdraw' }, '4–5'],
    ['B', 3, { kind: 'breakRun' }, '3 or less'],
    ['B', -5, { kind: 'breakRun' }, '3 or less'],

    ['C', 20, { kind: 'standFire' }, '8+'],
    ['C', 8, { kind: 'standFire' }, '8+'],
    ['C', 7, { kind: 'abandonIfCharged' }, '6–7'],
    ['C', 6, { kind: 'abandonIfCharged' }, '6–7'],
    ['C', 5, { kind: 'abandonGuns' }, '5'],
    ['C', 4, { kind: 'abandonGuns' }, '4 or less'],
    ['C', -3, { kind: 'abandonGuns' }, '4 or less'],

    ['D', 22, { kind: 'charge' }, '13+'],
    ['D', 13, { kind: 'charge' }, '13+'],
    ['D', 12, { kind: 'veerOff' }, '12'],
    ['D', 11, { kind: 'falter', short: 9 }, '10–11'],
    ['D', 10, { kind: 'falter', short: 9 }, '10–11'],
    ['D', 9, { kind: 'falter', short: 6 }, '9'],
    ['D', 8, { kind: 'falter', short: 3 }, '8'],
    ['D', 7, { kind: 'falterAfter', forward: 3 }, '7'],
    ['D', 6, { kind: 'stand' }, '6'],
    ['D', 5, { kind: 'retire' }, '5'],
    ['D', 4, { kind: 'breakRun' }, '4 or less'],
    ['D', -2, { kind: 'breakRun' }, '4 or less'],

    ['E', 19, { kind: 'retire' }, '12+'],
    ['E', 12, { kind: 'retire' }, '12+'],
    ['E', 11, { kind: 'turnToFace' }, '10–11'],
    ['E', 10, { kind: 'turnToFace' }, '10–11'],
    ['E', 9, { kind: 'breakRun' }, '8–9'],
    ['E', 8, { kind: 'breakRun' }, '8–9'],
    ['E', 7, { kind: 'stand' }, '7 or less'],
    ['E', -4, { kind: 'stand' }, '7 or less'],

    ['F', 24, { kind: 'chargeIfWithin', within: 6, fallback: 'standFire', facedFalteredOnly: true }, '18+'],
    ['F', 18, { kind: 'chargeIfWithin', within: 6, fallback: 'standFire', facedFalteredOnly: true }, '18+'],
    ['F', 17, { kind: 'chargeIfWithin', within: 3, fallback: 'standFire', facedFalteredOnly: true }, '16–17'],
    ['F', 16, { kind: 'chargeIfWithin', within: 3, fallback: 'standFire', facedFalteredOnly: true }, '16–17'],
    ['F', 15, { kind: 'standFire' }, '7–15'],
    ['F', 7, { kind: 'standFire' }, '7–15'],
    ['F', 6, { kind: 'stand' }, '6'],
    ['F', 5, { kind: 'retreat' }, '5'],
    ['F', 4, { kind: 'breakRun' }, '4 or less'],
    ['F', -1, { kind: 'breakRun' }, '4 or less'],

    ['G', 15, { kind: 'continue' }, '8+'],
    ['G', 8, { kind: 'continue' }, '8+'],
    ['G', 7, { kind: 'withdrawOrRetire' }, '5–7'],
    ['G', 5, { kind: 'withdrawOrRetire' }, '5–7'],
    ['G', 4, { kind: 'breakRun' }, '4 or less'],
    ['G', -6, { kind: 'breakRun' }, '4 or less'],
  ];

  it.each(cases)('chart %s, total %i', (chart, total, result, rowStart) => {
    const r = resolveRow(chart, total);
    expect(r.result).toEqual(result);
    expect(r.row.startsWith(`${rowStart}:`)).toBe(true);
    expect(r.ref).toEqual({ chart: RESOLVE_CHARTS[chart].name, row: r.row });
  });

  it('the cases walk every row of every chart', () => {
    for (const id of Object.keys(RESOLVE_CHARTS) as ResolveChartId[]) {
      const rowsHit = new Set(cases.filter((c) => c[0] === id).map((c) => resolveRow(id, c[1]).row));
      expect(rowsHit).toEqual(new Set(RESOLVE_CHARTS[id].rows.map((r) => r.row)));
    }
  });

  it('every total falls in exactly one row of each chart', () => {
    for (const id of Object.keys(RESOLVE_CHARTS) as ResolveChartId[]) {
      expect(RESOLVE_CHARTS[id].id).toBe(id);
      for (let t = -20; t <= 40; t++) {
        const hits = RESOLVE_CHARTS[id].rows.filter((r) => (r.min === null || t >= r.min) && (r.max === null || t <= r.max));
        expect(hits.length).toBe(1);
      }
    }
  });

  it('A3 option swaps Chart E’s Stand and Break & Run', () => {
    const opts = { swapUnpreparedStand: true };
    expect(resolveRow('E', 12, opts).result).toEqual({ kind: 'retire' });
    expect(resolveRow('E', 10, opts).result).toEqual({ kind: 'turnToFace' });
    expect(resolveRow('E', 9, opts)).toMatchObject({ row: '8–9: Stand', result: { kind: 'stand' } });
    expect(resolveRow('E', 8, opts).result).toEqual({ kind: 'stand' });
    expect(resolveRow('E', 7, opts)).toMatchObject({ row: '7 or less: Break & Run, all stands disordered', result: { kind: 'breakRun' } });
    expect(resolveRow('E', -3, opts).result).toEqual({ kind: 'breakRun' });
    // The chart itself is unchanged, and the option means nothing to the other charts.
    expect(resolveRow('E', 7).result).toEqual({ kind: 'stand' });
    expect(chartRows('D', opts)).toBe(RESOLVE_CHARTS.D.rows);
  });

  it.each([
    [[6, 3], 12, 6],
    [[6, 3], 6.01, 6],
    [[6, 3], 6, 3],
    [[6, 3], 3.5, 3],
    [[6, 3], 3, null],
    [[6, 3], 1, null],
    [[6], 9, 6],
    [[6], 6, null],
    [[6], 2, null],
  ] as const)('advanceFire %j at %f" → %s', (advanceTo, distance, to) => {
    expect(advanceFireDistance(advanceTo, distance)).toBe(to);
  });

  it('Veer Off, Falters, Retire and Retreat leave the unit shaken (A2, A5)', () => {
    const shaking = new Set(['veerOff', 'falter', 'falterAfter', 'retire', 'retreat']);
    for (const chart of Object.values(RESOLVE_CHARTS)) {
      for (const row of chart.rows) expect(setsShakenMarker(row.result)).toBe(shaking.has(row.result.kind));
    }
    expect(setsShakenMarker({ kind: 'falter', short: 9 })).toBe(true);
    expect(setsShakenMarker({ kind: 'stand' })).toBe(false);
  });

  it('the higher total is Resolute; a tie leaves both Uncertain', () => {
    expect(confidenceOf(9, 8)).toBe('resolute');
    expect(confidenceOf(8, 9)).toBe('uncertain');
    expect(confidenceOf(8, 8)).toBe('uncertain');
  });
});

// ---------------------------------------------------------------------------------------------

describe('chartFor (A §17.1)', () => {
  const base: ChartSelectionInput = {
    tester: 'infantry',
    role: 'attacker',
    opponent: 'infantry',
    inContact: false,
    flankOrRear: false,
    canCounterAttack: true,
    broken: false,
  };
  const cases: [string, Partial<ChartSelectionInput>, ResolveChartId, string][] = [
    ['infantry attacking', {}, 'A', 'foot attacking'],
    ['skirmishing infantry attacking', { tester: 'skirmInf', opponent: 'skirmInf' }, 'A', 'foot attacking'],
    ['infantry assaulting cavalry in the flank', { opponent: 'heavyCav' }, 'A', 'foot attacking'],
    ['infantry attacked by infantry', { role: 'defender' }, 'B', 'foot attacked by foot'],
    ['skirmishers attacked by skirmishers', { tester: 'skirmInf', role: 'defender', opponent: 'skirmInf' }, 'B', 'foot attacked by foot'],
    ['infantry attacked in the flank by infantry', { role: 'defender', flankOrRear: true }, 'B', 'foot attacked by foot'],
    ['broken infantry attacked by infantry (A28)', { role: 'defender', broken: true }, 'B', 'foot attacked by foot'],
    ['infantry attacked by cuirassiers', { role: 'defender', opponent: 'cuirassier' }, 'F', 'foot attacked by mounted troops'],
    ['skirmishers attacked by skirmishing cavalry', { tester: 'skirmInf', role: 'defender', opponent: 'skirmCav' }, 'F', 'foot attacked by mounted troops'],
    ['infantry attacked by a lone General', { role: 'defender', opponent: 'general' }, 'F', 'foot attacked by mounted troops'],
    ['artillery attacked', { tester: 'artillery', role: 'defender', opponent: 'heavyCav' }, 'C', 'artillery attacked'],
    ['cavalry attacking', { tester: 'heavyCav', opponent: 'lightCav' }, 'D', 'mounted attacking'],
    ['skirmishing cavalry attacking', { tester: 'skirmCav', opponent: 'skirmInf' }, 'D', 'mounted attacking'],
    ['cavalry counter-attacking', { tester: 'lightCav', role: 'counterAttacker', opponent: 'heavyCav' }, 'D', 'mounted counter-attacking'],
    ['cavalry attacked frontally', { tester: 'cuirassier', role: 'defender', opponent: 'heavyCav' }, 'D', 'mounted attacked frontally: counter-attacks'],
    [
      'cavalry attacked in the flank',
      { tester: 'cuirassier', role: 'defender', opponent: 'infantry', flankOrRear: true },
      'E',
      'mounted attacked in flank or rear: unprepared',
    ],
    [
      'cavalry attacked while broken',
      { tester: 'heavyCav', role: 'defender', opponent: 'lightCav', broken: true },
      'E',
      'mounted attacked while broken: unprepared',
    ],
    [
      'cavalry attacked frontally without a line to counter-attack',
      { tester: 'heavyCav', role: 'defender', opponent: 'lightCav', canCounterAttack: false },
      'E',
      'mounted attacked frontally but unable to counter-attack: unprepared',
    ],
    ['already in contact', { inContact: true, role: 'defender', tester: 'heavyCav' }, 'G', 'already in contact: continuing combat'],
    ['artillery already in contact', { inContact: true, tester: 'artillery', role: 'defender' }, 'G', 'already in contact: continuing combat'],
  ];

  it.each(cases)('%s → %s', (_name, change, chart, reason) => {
    expect(chartFor({ ...base, ...change })).toEqual({ chart, reason });
  });

  it('refuses impossible tests', () => {
    expect(() => chartFor({ ...base, tester: 'artillery' })).toThrow();
    expect(() => chartFor({ ...base, role: 'counterAttacker' })).toThrow();
    expect(() => chartFor({ ...base, role: 'defender', opponent: 'artillery' })).toThrow();
  });
});

// ---------------------------------------------------------------------------------------------

/** A supported, even-matched infantry attacker in the open: only "1 flank supported" applies. */
const BASE: ResolveFacts = {
  troop: 'infantry',
  status: 'trained',
  nation: 'prussia',
  role: 'attacker',
  opponentTroop: 'infantry',
  opponentStatus: 'trained',
  ownDisordered: 0,
  ownDestroyed: 0,
  enemyInRangeOfFlankOrRear: false,
  running: false,
  inColumn: false,
  crossingRoughOrObstacle: false,
  flanksSupported: 1,
  rearSupport: false,
  fresh: false,
  jubilation: 0,
  assault: false,
  cover: 'none',
  colourInRough: false,
  exSkirmisher: false,
  coverChoice: 'raise',
  capableGeneralAttached: false,
  generalChoice: 'raise',
  onSteepHill: false,
  austrianChoice: 'raise',
  friendBrokenWithin9: false,
  friendsShakenWithin9: 0,
  ownGeneralDead: false,
  opponentDisordered: 0,
  opponentDestroyed: 0,
  opponentShaken: false,
  testerInRangeOfOpponentFlank: false,
  testerInRangeOfOpponentRear: false,
  afterBreakthrough: false,
  weather: 'clear',
};
const F1: Modifier = { value: 1, reason: '1 flank supported' };
const m = (value: number, reason: string): Modifier => ({ value, reason });

describe('resolveModifiers (A §18.1)', () => {
  it('the base facts give only the flank support', () => {
    expect(resolveModifiers(BASE)).toEqual([F1]);
  });

  const cases: [string, Partial<ResolveFacts>, Modifier[]][] = [
    // Own situation
    ['unsupported', { flanksSupported: 0 }, [m(-1, 'Unsupported')]],
    ['one own stand disordered', { ownDisordered: 1 }, [m(-1, '1 own stand disordered'), F1]],
    ['own stands disordered, −1 each', { ownDisordered: 3 }, [m(-3, '3 own stands disordered'), F1]],
    ['own stands destroyed, −1 each', { ownDestroyed: 2 }, [m(-2, '2 own stands destroyed'), F1]],
    ['enemy within range of flank or rear', { enemyInRangeOfFlankOrRear: true }, [m(-1, 'Enemy within Attack range of own flank or rear'), F1]],
    ['lower status', { opponentStatus: 'elite' }, [m(-1, 'Lower status than opponent (Trained vs Elite)'), F1]],
    ['running', { running: true }, [m(-3, 'Running'), F1]],
    ['in column', { inColumn: true }, [m(-3, 'In column'), F1]],
    ['skirmishing infantry in the open (no support lines, A18)', { troop: 'skirmInf', flanksSupported: 0 }, [m(-3, 'Skirmishing infantry in the open')]],
    ['crossing rough terrain or obstacles', { crossingRoughOrObstacle: true }, [m(-3, 'Attacking across rough terrain or linear obstacles'), F1]],
    ['two flanks supported', { flanksSupported: 2 }, [m(2, '2 flanks supported')]],
    ['flank support is at most +2', { flanksSupported: 5 }, [m(2, '2 flanks supported')]],
    ['rear support alone', { flanksSupported: 0, rearSupport: true }, [m(1, 'Rear support')]],
    ['well supported', { rearSupport: true }, [F1, m(1, 'Rear support'), m(1, 'Well supported')]],
    ['best support is +4', { flanksSupported: 2, rearSupport: true }, [m(2, '2 flanks supported'), m(1, 'Rear support'), m(1, 'Well supported')]],
    ['higher status', { status: 'elite' }, [F1, m(1, 'Higher status than opponent (Elite vs Trained)')]],
    ['exceptional and higher', { status: 'exceptional', opponentStatus: 'elite' }, [F1, m(1, 'Higher status than opponent (Exceptional vs Elite)'), m(1, 'Exceptional')]],
    ['exceptional against exceptional', { status: 'exceptional', opponentStatus: 'exceptional' }, [F1, m(1, 'Exceptional')]],
    ['fresh', { fresh: true }, [F1, m(1, 'Fresh troops')]],
    ['artillery is never fresh', { troop: 'artillery', role: 'defender', opponentTroop: 'heavyCav', fresh: true }, [F1]],
    ['jubilant, +1 per level', { jubilation: 2 }, [F1, m(2, 'Jubilant (2 levels)')]],
    ['jubilant, one level', { jubilation: 1 }, [F1, m(1, 'Jubilant (1 level)')]],
    ['assault orders', { assault: true }, [F1, m(3, 'Assault orders')]],
    ['in cover, chose +1', { cover: 'soft' }, [F1, m(1, 'In cover (chose +1)')]],
    ['in cover, chose −3', { cover: 'fortified', coverChoice: 'lower' }, [F1, m(-3, 'In cover (chose −3)')]],
    ['artillery in cover', { troop: 'artillery', role: 'defender', opponentTroop: 'heavyCav', cover: 'hard' }, [F1, m(1, 'In cover (chose +1)')]],
    [
      'skirmishing infantry in cover: ±3 replaces ±1/−3',
      { troop: 'skirmInf', cover: 'hard' },
      [m(3, 'Skirmishing infantry in cover or rough terrain (chose +3)')],
    ],
    [
      'skirmishing infantry in rough terrain, chose −3',
      { troop: 'skirmInf', colourInRough: true, coverChoice: 'lower' },
      [m(-3, 'Skirmishing infantry in cover or rough terrain (chose −3)')],
    ],
    [
      'former skirmishers attacked in rough ground (B §1.4)',
      { exSkirmisher: true, role: 'defender', colourInRough: true },
      [F1, m(3, 'Former skirmishers attacked in rough ground (chose +3)')],
    ],
    ['former skirmishers attacking from rough ground get nothing', { exSkirmisher: true, colourInRough: true }, [F1]],
    ['capable General attached, chose +1', { capableGeneralAttached: true }, [F1, m(1, 'Capable General attached (chose +1)')]],
    ['capable General attached, chose −1', { capableGeneralAttached: true, generalChoice: 'lower' }, [F1, m(-1, 'Capable General attached (chose −1)')]],
    // Austrians (B §3.3)
    [
      'Austrian infantry in cover',
      { nation: 'austria', cover: 'soft' },
      [F1, m(1, 'In cover (chose +1)'), m(1, 'Austrians in cover or on a steep hill (chose +1)')],
    ],
    [
      'Austrian infantry in cover with a General: cover, then Austrians, then the General',
      { nation: 'austria', cover: 'hard', capableGeneralAttached: true, jubilation: 1 },
      [F1, m(1, 'Jubilant (1 level)'), m(1, 'In cover (chose +1)'), m(1, 'Austrians in cover or on a steep hill (chose +1)'), m(1, 'Capable General attached (chose +1)')],
    ],
    ['Austrian infantry on a steep hill, chose −1', { nation: 'austria', onSteepHill: true, austrianChoice: 'lower' }, [F1, m(-1, 'Austrians in cover or on a steep hill (chose −1)')]],
    [
      'Austrian skirmishers in cover stack with ±3',
      { nation: 'austria', troop: 'skirmInf', cover: 'fortified', coverChoice: 'lower' },
      [m(-3, 'Skirmishing infantry in cover or rough terrain (chose −3)'), m(1, 'Austrians in cover or on a steep hill (chose +1)')],
    ],
    ['Austrian cavalry on a steep hill get nothing', { nation: 'austria', troop: 'heavyCav', opponentTroop: 'heavyCav', onSteepHill: true }, [F1, m(1, 'Cavalry attacking cavalry or skirmishers'), m(2, 'Heavy cavalry')]],
    ['Austrians in the open get nothing', { nation: 'austria' }, [F1]],
    ['Russians on a steep hill get nothing', { nation: 'russia', onSteepHill: true }, [F1]],
    // Friends
    ['friends broken within 9"', { friendBrokenWithin9: true }, [F1, m(-3, 'Friends broken within 9"')]],
    ['other friends shaken within 9", −1 each', { friendsShakenWithin9: 2 }, [F1, m(-2, '2 other friends shaken within 9"')]],
    ['one other friend shaken within 9"', { friendsShakenWithin9: 1 }, [F1, m(-1, '1 other friend shaken within 9"')]],
    ['own General dead', { ownGeneralDead: true }, [F1, m(-3, 'Own General or Commander-in-chief dead or evacuated')]],
    // Opponent
    ['opponent stands disordered, +1 each', { opponentDisordered: 4 }, [F1, m(4, '4 opponent stands disordered')]],
    ['opponent stand destroyed', { opponentDestroyed: 1 }, [F1, m(1, '1 opponent stand destroyed')]],
    ['opponent shaken', { opponentShaken: true }, [F1, m(3, 'Opponent shaken')]],
    ["within range of the opponent's flank", { testerInRangeOfOpponentFlank: true }, [F1, m(4, "Within Attack range of the opponent's flank")]],
    ["within range of the opponent's rear", { testerInRangeOfOpponentRear: true }, [F1, m(6, "Within Attack range of the opponent's rear")]],
    ['rear wins over flank', { testerInRangeOfOpponentFlank: true, testerInRangeOfOpponentRear: true }, [F1, m(6, "Within Attack range of the opponent's rear")]],
    // Cavalry and skirmishing cavalry only
    ['heavy cavalry attacking cavalry', { troop: 'heavyCav', opponentTroop: 'lightCav' }, [F1, m(1, 'Cavalry attacking cavalry or skirmishers'), m(2, 'Heavy cavalry')]],
    ['light cavalry attacking skirmishers', { troop: 'lightCav', opponentTroop: 'skirmInf' }, [F1, m(1, 'Cavalry attacking cavalry or skirmishers'), m(1, 'Light cavalry')]],
    ['cuirassiers defending (A29: not the initiator)', { troop: 'cuirassier', role: 'defender', opponentTroop: 'heavyCav' }, [F1, m(4, 'Cuirassiers')]],
    [
      'cavalry counter-attacking',
      { troop: 'heavyCav', role: 'counterAttacker', opponentTroop: 'heavyCav' },
      [F1, m(2, 'Heavy cavalry'), m(-1, 'Counter-attacking')],
    ],
    ['after a breakthrough', { troop: 'lightCav', opponentTroop: 'skirmCav', afterBreakthrough: true }, [F1, m(1, 'Cavalry attacking cavalry or skirmishers'), m(1, 'Light cavalry'), m(3, 'Testing after a breakthrough')]],
    ['cavalry attacking unshaken infantry', { troop: 'heavyCav' }, [F1, m(2, 'Heavy cavalry'), m(-1, 'Cavalry attacking unshaken infantry')]],
    ['cavalry attacking unshaken artillery', { troop: 'cuirassier', opponentTroop: 'artillery' }, [F1, m(4, 'Cuirassiers'), m(-1, 'Cavalry attacking unshaken artillery')]],
    ['cavalry attacking shaken infantry', { troop: 'heavyCav', opponentShaken: true }, [F1, m(3, 'Opponent shaken'), m(2, 'Heavy cavalry')]],
    [
      'skirmishing cavalry attacking skirmishers (no support lines)',
      { troop: 'skirmCav', opponentTroop: 'skirmInf', flanksSupported: 0 },
      [m(1, 'Cavalry attacking cavalry or skirmishers'), m(-1, 'Skirmishing cavalry')],
    ],
    [
      'a lone General tests as Elite skirmishing cavalry',
      { troop: 'general', role: 'defender', opponentTroop: 'skirmCav', flanksSupported: 0 },
      [m(1, 'Higher status than opponent (Elite vs Trained)'), m(-1, 'Skirmishing cavalry')],
    ],
    ['cavalry lines do not apply to infantry', { afterBreakthrough: true, opponentTroop: 'heavyCav' }, [F1]],
    ['mounted troops never count as in cover', { troop: 'lightCav', role: 'defender', opponentTroop: 'infantry', cover: 'hard' }, [F1, m(1, 'Light cavalry')]],
    // Weather (B §4.12, B26)
    ['rain', { weather: 'rain' }, [F1, m(-1, 'Weather: rain or snow')]],
    ['heavy rain', { weather: 'heavyRain' }, [F1, m(-2, 'Weather: heavy rain or snow')]],
    ['mist has no penalty', { weather: 'mist' }, [F1]],
    ['fog', { weather: 'fog' }, [F1, m(-1, 'Weather: fog')]],
  ];

  it.each(cases)('%s', (_name, change, expected) => {
    expect(resolveModifiers({ ...BASE, ...change })).toEqual(expected);
  });

  it('lists every line in the table’s order', () => {
    const facts: ResolveFacts = {
      ...BASE,
      troop: 'cuirassier',
      status: 'exceptional',
      nation: 'austria',
      opponentTroop: 'heavyCav',
      opponentStatus: 'elite',
      ownDisordered: 2,
      ownDestroyed: 1,
      enemyInRangeOfFlankOrRear: true,
      running: true,
      inColumn: true,
      crossingRoughOrObstacle: true,
      flanksSupported: 2,
      rearSupport: true,
      fresh: true,
      jubilation: 1,
      assault: true,
      cover: 'soft',
      onSteepHill: true,
      capableGeneralAttached: true,
      friendBrokenWithin9: true,
      friendsShakenWithin9: 3,
      ownGeneralDead: true,
      opponentDisordered: 2,
      opponentDestroyed: 2,
      opponentShaken: true,
      testerInRangeOfOpponentFlank: true,
      afterBreakthrough: true,
      weather: 'heavyRain',
    };
    const mods = resolveModifiers(facts);
    expect(mods).toEqual([
      m(-2, '2 own stands disordered'),
      m(-1, '1 own stand destroyed'),
      m(-1, 'Enemy within Attack range of own flank or rear'),
      m(-3, 'Running'),
      m(-3, 'In column'),
      m(-3, 'Attacking across rough terrain or linear obstacles'),
      m(2, '2 flanks supported'),
      m(1, 'Rear support'),
      m(1, 'Well supported'),
      m(1, 'Higher status than opponent (Exceptional vs Elite)'),
      m(1, 'Exceptional'),
      m(1, 'Fresh troops'),
      m(1, 'Jubilant (1 level)'),
      m(3, 'Assault orders'),
      m(1, 'Capable General attached (chose +1)'),
      m(-3, 'Friends broken within 9"'),
      m(-3, '3 other friends shaken within 9"'),
      m(-3, 'Own General or Commander-in-chief dead or evacuated'),
      m(2, '2 opponent stands disordered'),
      m(2, '2 opponent stands destroyed'),
      m(3, 'Opponent shaken'),
      m(4, "Within Attack range of the opponent's flank"),
      m(1, 'Cavalry attacking cavalry or skirmishers'),
      m(4, 'Cuirassiers'),
      m(3, 'Testing after a breakthrough'),
      m(-2, 'Weather: heavy rain or snow'),
    ]);
    expect(sumModifiers(mods)).toBe(7);
  });

  it('offers the ± choices that apply', () => {
    expect(availableResolveChoices(BASE)).toEqual({ cover: false, general: false, austrian: false });
    expect(availableResolveChoices({ ...BASE, cover: 'soft', capableGeneralAttached: true })).toEqual({ cover: true, general: true, austrian: false });
    expect(availableResolveChoices({ ...BASE, troop: 'skirmInf', colourInRough: true })).toEqual({ cover: true, general: false, austrian: false });
    expect(availableResolveChoices({ ...BASE, nation: 'austria', onSteepHill: true })).toEqual({ cover: false, general: false, austrian: true });
    expect(availableResolveChoices({ ...BASE, troop: 'heavyCav', cover: 'hard' })).toEqual({ cover: false, general: false, austrian: false });
  });
});

describe('bestResolveChoices', () => {
  it('takes every plus by default', () => {
    const facts: ResolveFacts = { ...BASE, nation: 'austria', cover: 'soft', capableGeneralAttached: true, coverChoice: 'lower', generalChoice: 'lower', austrianChoice: 'lower' };
    expect(bestResolveChoices(facts, 7, 'A')).toEqual({ coverChoice: 'raise', generalChoice: 'raise', austrianChoice: 'raise' });
  });

  it('a defender in cover avoids charging out of it (chart B) at the least cost', () => {
    const facts: ResolveFacts = { ...BASE, role: 'defender', cover: 'soft', capableGeneralAttached: true };
    // 14 + 1 flank: +1/+1 → 17 and +1/−1 → 15 (Stand and Fire); the latter is the best that does not charge.
    expect(bestResolveChoices(facts, 14, 'B', { avoid: ['chargeIfWithin'] })).toEqual({ coverChoice: 'raise', generalChoice: 'lower', austrianChoice: 'raise' });
    // Without the General only −3 stops the charge: 14 + 1 − 3 = 12.
    expect(bestResolveChoices({ ...facts, capableGeneralAttached: false }, 14, 'B', { avoid: ['chargeIfWithin'] })).toEqual({
      coverChoice: 'lower',
      generalChoice: 'raise',
      austrianChoice: 'raise',
    });
    // Nothing to avoid: +1 all the way.
    expect(bestResolveChoices(facts, 14, 'B')).toEqual({ coverChoice: 'raise', generalChoice: 'raise', austrianChoice: 'raise' });
  });

  it('unprepared cavalry may lower the total to Stand rather than run (chart E as written, A3)', () => {
    const facts: ResolveFacts = { ...BASE, troop: 'heavyCav', role: 'defender', opponentTroop: 'heavyCav', capableGeneralAttached: true };
    // 4 + 1 flank + 2 heavy + 1 General = 8 (Break & Run); with −1, 6 (Stand).
    expect(bestResolveChoices(facts, 4, 'E', { avoid: ['breakRun'] }).generalChoice).toBe('lower');
    // With the A3 swap, 8 is Stand already.
    expect(bestResolveChoices(facts, 4, 'E', { avoid: ['breakRun'], swapUnpreparedStand: true }).generalChoice).toBe('raise');
  });

  it('falls back to the highest total when nothing avoids the result', () => {
    const facts: ResolveFacts = { ...BASE, cover: 'soft' };
    expect(bestResolveChoices(facts, 2, 'A', { avoid: ['breakRun'] }).coverChoice).toBe('raise');
  });
});

// ---------------------------------------------------------------------------------------------

describe('Freikorps status (A §4.1)', () => {
  it.each([
    [12, 'exceptional', '12: Exceptional'],
    [11, 'elite', '11: Elite'],
    [10, 'trained', '10: Trained'],
    [9, 'poorlyTrained', '9: Poorly Trained'],
    [8, 'unreliable', '8 or less: Unreliable'],
    [2, 'unreliable', '8 or less: Unreliable'],
  ] as const)('%i → %s', (raw, status, row) => {
    expect(freikorpsStatus(raw)).toEqual({ status, ref: { chart: 'Freikorps status', row } });
  });

  it('has no Well Trained row (A21) and refuses impossible totals', () => {
    expect(FREIKORPS_STATUS.map((r) => r.status)).not.toContain('wellTrained');
    expect(() => freikorpsStatus(1)).toThrow();
    expect(() => freikorpsStatus(13)).toThrow();
  });
});

// ---------------------------------------------------------------------------------------------

describe('Generals (A §6.2-6.4)', () => {
  const table = {
    talented: ['1/10/4', '1/10/4', '2/10/4', '2/10/4', '3/10/6', '3/10/8'],
    skilled: ['3/10/6', '3/20/8', '4/20/10', '4/20/12', '6/10/10', '5/20/12'],
    great: ['5/30/10', '5/30/12', '6/10/8', '6/20/12', '6/30/16', 'exceptional'],
  } as const;
  const txt = (g: { leadership: number; range: number; ability: number }) => `${g.leadership}/${g.range}/${g.ability}`;
  const typeDie = { talented: [1, 2, 3], skilled: [4, 5], great: [6] } as const;

  it('the statistics table matches the book', () => {
    for (const grade of ['talented', 'skilled', 'great'] as const) {
      expect(GENERAL_STATS_TABLE[grade].map((c) => (c === 'exceptional' ? c : txt(c)))).toEqual([...table[grade]]);
    }
    expect(MEDIOCRE_STATS).toEqual({ leadership: 0, range: 0, ability: 4 });
    expect(EXCEPTIONAL_STATS).toEqual({ leadership: 6, range: 30, ability: 20 });
    expect(GENERAL_TYPE_ROWS.map((r) => r.row)).toEqual(['1–3: Talented', '4–5: Skilled', '6+: Great']);
  });

  const cells = (['talented', 'skilled', 'great'] as const).flatMap((grade) =>
    typeDie[grade].flatMap((t) => [1, 2, 3, 4, 5, 6].map((d) => [grade, t, d] as const)),
  );
  it.each(cells)('General: %s (type die %i), statistics die %i', (grade, t, d) => {
    const r = generalFromDice(t, d, { cinc: false });
    const cell = table[grade][d - 1]!;
    if (cell === 'exceptional') {
      expect(r.grade).toBe('exceptional');
      expect(r.stats).toEqual({ leadership: 6, range: 30, ability: 20 });
    } else {
      expect(r.grade).toBe(grade);
      expect(txt(r.stats)).toBe(cell);
    }
    expect(r.dice).toEqual([t, d]);
    expect(r.modifiers).toEqual([]);
  });

  it('CinC rolls 6 then 6: +1 makes 7, Great, then Exceptional 6/30/20 with no extra Leadership (A6, A44)', () => {
    const s = scripted([6, 6]);
    const r = rollGeneral(s.dice, { cinc: true });
    expect(r).toMatchObject({ grade: 'exceptional', stats: { leadership: 6, range: 30, ability: 20 }, dice: [6, 6] });
    expect(r.modifiers).toEqual([{ value: 1, reason: 'Commander-in-chief' }]);
    expect(r.refs).toEqual([
      { chart: 'General type', row: '6+: Great' },
      { chart: 'General statistics', row: '6: Exceptional' },
    ]);
    expect(s.left()).toBe(0);
    expect(s.dice.rolls.map((x) => x.purpose)).toEqual(['Commander-in-chief: type', 'Commander-in-chief: statistics']);
  });

  it('CinC rolls 5 (+1 = 6, Great) then 1: 5/30/10, +1 Leadership → 6/30/10', () => {
    const r = rollGeneral(scripted([5, 1]).dice, { cinc: true });
    expect(r.grade).toBe('great');
    expect(r.stats).toEqual({ leadership: 6, range: 30, ability: 10 });
    expect(r.modifiers).toEqual([
      { value: 1, reason: 'Commander-in-chief' },
      { value: 1, reason: 'Commander-in-chief: +1 Leadership' },
    ]);
  });

  it('CinC rolls 3 (+1 = 4, Skilled) then 2: 3/20/8 → 4/20/8; the +1 is on the first roll only (A44)', () => {
    const r = rollGeneral(scripted([3, 2]).dice, { cinc: true });
    expect(r.grade).toBe('skilled');
    expect(r.stats).toEqual({ leadership: 4, range: 20, ability: 8 });
  });

  it('CinC rolls 2 (+1 = 3, Talented) then 6: 3/10/8 → 4/10/8', () => {
    const r = rollGeneral(scripted([2, 6]).dice, { cinc: true });
    expect(r.grade).toBe('talented');
    expect(r.stats).toEqual({ leadership: 4, range: 10, ability: 8 });
  });

  it('a General rolling 5 is Skilled (no +1), and 6 then 6 is Exceptional', () => {
    expect(rollGeneral(scripted([5, 5]).dice, { cinc: false })).toMatchObject({ grade: 'skilled', stats: { leadership: 6, range: 10, ability: 10 } });
    expect(rollGeneral(scripted([6, 6]).dice, { cinc: false })).toMatchObject({ grade: 'exceptional', stats: EXCEPTIONAL_STATS });
  });

  it('a Russian CinC’s Great counts as Talented (B §3.3)', () => {
    const r = rollGeneral(scripted([6, 6]).dice, { cinc: true, greatCountsAsTalented: true });
    expect(r.grade).toBe('talented');
    expect(r.stats).toEqual({ leadership: 4, range: 10, ability: 8 });
    expect(r.refs[0]).toEqual({ chart: 'General type', row: '6+: Great (counts as Talented)' });
    // Only the CinC is affected.
    expect(rollGeneral(scripted([6, 1]).dice, { cinc: false, greatCountsAsTalented: true }).grade).toBe('great');
  });

  it('refuses impossible dice', () => {
    expect(() => generalFromDice(0, 3, { cinc: false })).toThrow();
    expect(() => generalFromDice(3, 7, { cinc: false })).toThrow();
  });

  it('cavalry Generals: Leadership +2, Range ÷2, Ability ÷2 rounded up (A §6.4)', () => {
    expect(cavalryGeneralStats({ leadership: 3, range: 20, ability: 10 })).toEqual({ leadership: 5, range: 10, ability: 5 });
    expect(cavalryGeneralStats({ leadership: 3, range: 10, ability: 7 })).toEqual({ leadership: 5, range: 5, ability: 4 });
    expect(cavalryGeneralStats({ leadership: 6, range: 30, ability: 20 })).toEqual({ leadership: 8, range: 15, ability: 10 });
  });

  it('only a Capable General, never the CinC, may become a cavalry General (A43)', () => {
    expect(canBeCavalryGeneral('general', 'talented')).toBe(true);
    expect(canBeCavalryGeneral('general', 'exceptional')).toBe(true);
    expect(canBeCavalryGeneral('general', 'mediocre')).toBe(false);
    expect(canBeCavalryGeneral('cinc', 'great')).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------

describe('draw table (A §8.5)', () => {
  it.each([
    [10, 3, 5, 2],
    [20, 6, 7, 3],
    [30, 9, 9, 4],
    [40, 12, 11, 5],
  ])('%i units: the table row', (units, draws, event, national) => {
    const row = drawTable(units);
    expect(row).toMatchObject({ units, draws, event, national });
    expect(DRAW_TABLE).toContain(row);
  });

  it.each([
    [15, 5, 6, 3],
    [25, 8, 8, 4],
    [12, 4, 5, 2],
    [5, 2, 4, 2],
    [1, 1, 3, 1],
    [50, 15, 13, 6],
  ])('%i units: the A42 formulas', (units, draws, event, national) => {
    const row = drawTable(units);
    expect(row).toMatchObject({ units, draws, event, national });
    expect(DRAW_TABLE).not.toContain(row);
  });

  it('the formulas reproduce every table row', () => {
    for (const r of DRAW_TABLE) {
      expect(Math.round((r.units * 3) / 10)).toBe(r.draws);
      expect(3 + Math.round(r.units / 5)).toBe(r.event);
      expect(1 + Math.round(r.units / 10)).toBe(r.national);
    }
  });

  it('adds +1 for a Great CinC, +2 for an Exceptional one, +1 for Seven Years War Prussians', () => {
    expect(cardsDrawnPerTurn(20, 'talented')).toEqual({ count: 6, modifiers: [], ref: { chart: 'Order cards drawn', row: DRAW_TABLE[1]!.row } });
    expect(cardsDrawnPerTurn(20, 'skilled').count).toBe(6);
    expect(cardsDrawnPerTurn(20, 'great')).toMatchObject({ count: 7, modifiers: [{ value: 1, reason: 'Great Commander-in-chief' }] });
    expect(cardsDrawnPerTurn(10, 'exceptional')).toMatchObject({ count: 5, modifiers: [{ value: 2, reason: 'Exceptional Commander-in-chief' }] });
    expect(cardsDrawnPerTurn(30, 'great', { prussianSevenYearsWar: true })).toMatchObject({
      count: 11,
      modifiers: [
        { value: 1, reason: 'Great Commander-in-chief' },
        { value: 1, reason: 'Prussians, Seven Years War' },
      ],
    });
  });
});

// ---------------------------------------------------------------------------------------------

describe('confrontation and combat dice (A §20)', () => {
  it('confrontation: resolute 4-6, uncertain 5-6 per die', () => {
    expect(CONFRONTATION_NEED).toEqual({ resolute: 4, uncertain: 5 });
    const a = scripted([1, 2, 3, 4, 5, 6]);
    expect(rollConfrontationDice(a.dice, 6, 'resolute')).toEqual({ dice: [1, 2, 3, 4, 5, 6], need: 4, count: 3 });
    expect(a.left()).toBe(0);
    const b = scripted([1, 2, 3, 4, 5, 6]);
    expect(rollConfrontationDice(b.dice, 6, 'uncertain')).toEqual({ dice: [1, 2, 3, 4, 5, 6], need: 5, count: 2 });
    const c = scripted([4, 4, 4]);
    expect(rollConfrontationDice(c.dice, 2, 'uncertain')).toEqual({ dice: [4, 4], need: 5, count: 0 });
    expect(c.left()).toBe(1);
  });

  it('throws no dice for no stands', () => {
    const s = scripted([6]);
    expect(rollConfrontationDice(s.dice, 0, 'resolute')).toEqual({ dice: [], need: 4, count: 0 });
    expect(s.left()).toBe(1);
    expect(s.dice.rolls).toEqual([]);
  });

  it('the combat-dice table', () => {
    expect(COMBAT_DICE.map((r) => [r.situation, r.need])).toEqual([
      ['firedWithin6', 5],
      ['firedWithin3', 4],
      ['continuedCombat', 4],
      ['chargeContact', 'automatic'],
    ]);
  });

  it.each([
    [[], null],
    [['firedWithin6'], 5],
    [['firedWithin3'], 4],
    [['continuedCombat'], 4],
    [['chargeContact'], 'automatic'],
    [['firedWithin6', 'firedWithin3'], 4],
    [['firedWithin6', 'chargeContact'], 'automatic'],
    [['continuedCombat', 'firedWithin6'], 4],
  ] as [CombatSituation[], number | 'automatic' | null][])('%j → %s (most severe)', (situations, need) => {
    expect(combatDiceNeed(situations)).toBe(need);
  });

  it('combat dice count destroyed stands', () => {
    expect(rollCombatDice(scripted([3, 4, 5, 6]).dice, 4, 5)).toEqual({ dice: [3, 4, 5, 6], need: 5, destroyed: 2 });
    expect(rollCombatDice(scripted([3, 4, 5, 6]).dice, 4, 4)).toEqual({ dice: [3, 4, 5, 6], need: 4, destroyed: 3 });
  });

  it('the weather penalty comes off each combat die (B26)', () => {
    expect(rollCombatDice(scripted([3, 4, 5, 6]).dice, 4, 4, 'heavyRain').destroyed).toBe(1);
    expect(rollCombatDice(scripted([3, 4, 5, 6]).dice, 4, 4, 'rain').destroyed).toBe(2);
    expect(rollCombatDice(scripted([3, 4, 5, 6]).dice, 4, 4, 'mist').destroyed).toBe(3);
  });

  it('a charge to contact destroys every disordered stand without dice', () => {
    const s = scripted([1]);
    expect(rollCombatDice(s.dice, 3, 'automatic', 'heavyRain')).toEqual({ dice: [], need: 'automatic', destroyed: 3 });
    expect(s.left()).toBe(1);
  });
});

describe('cover saves (A §24)', () => {
  it.each([
    ['none', 'underFire', null],
    ['none', 'inContact', null],
    ['soft', 'underFire', 6],
    ['soft', 'inContact', 5],
    ['hard', 'underFire', 4],
    ['hard', 'inContact', 4],
    ['fortified', 'underFire', 3],
    ['fortified', 'inContact', 3],
    ['chevauxDeFrise', 'underFire', 6],
    ['chevauxDeFrise', 'inContact', 3],
  ] as const)('%s, %s → %s', (cover, situation, need) => {
    expect(saveNeed(cover as SaveCover, situation)).toBe(need);
  });

  it('has one row per cover class', () => {
    expect(COVER_SAVES.map((r) => r.cover)).toEqual(['soft', 'hard', 'fortified', 'chevauxDeFrise']);
  });

  it('contact saves as in contact, fire as under fire', () => {
    expect(saveSituationFor(['chargeContact'])).toBe('inContact');
    expect(saveSituationFor(['continuedCombat'])).toBe('inContact');
    expect(saveSituationFor(['firedWithin3', 'firedWithin6'])).toBe('underFire');
    expect(saveSituationFor(['firedWithin6', 'chargeContact'])).toBe('inContact');
  });

  it('rolls one save per stand', () => {
    const s = scripted([2, 5, 6]);
    expect(rollSaves(s.dice, 3, 5)).toEqual({ dice: [2, 5, 6], need: 5, count: 2 });
    expect(rollSaves(scripted([2, 5, 6]).dice, 3, 6).count).toBe(1);
    expect(s.left()).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------

describe('Evade (B §1.5)', () => {
  const base: EvadeFacts = {
    evader: 'skirmInf',
    status: 'trained',
    attackerTroop: 'infantry',
    cincCardPlayed: false,
    skirmisherCardPlayed: false,
    prussianHussars: false,
  };
  const cases: [string, Partial<EvadeFacts>, Modifier[]][] = [
    ['trained skirmishers attacked by foot', {}, []],
    ['CinC General card', { cincCardPlayed: true }, [m(1, "Commander-in-chief's General card")]],
    ['skirmisher card', { skirmisherCardPlayed: true }, [m(1, 'Skirmisher order card')]],
    ['skirmishing cavalry attacked by foot', { evader: 'skirmCav' }, [m(1, 'Skirmishing cavalry attacked by foot')]],
    ['skirmishing cavalry attacked by cavalry', { evader: 'skirmCav', attackerTroop: 'heavyCav' }, []],
    ['well trained', { status: 'wellTrained' }, [m(1, 'Well Trained or better (Well Trained)')]],
    ['elite', { status: 'elite' }, [m(1, 'Well Trained or better (Elite)')]],
    ['exceptional', { status: 'exceptional' }, [m(1, 'Well Trained or better (Exceptional)')]],
    ['poorly trained', { status: 'poorlyTrained' }, [m(-1, 'Poorly Trained or worse (Poorly Trained)')]],
    ['unreliable', { status: 'unreliable' }, [m(-1, 'Poorly Trained or worse (Unreliable)')]],
    ['skirmishing infantry attacked by mounted troops', { attackerTroop: 'lightCav' }, [m(-1, 'Skirmishing infantry attacked by mounted troops')]],
    ['light cavalry attacked by cavalry (B56: one −1)', { evader: 'lightCav', attackerTroop: 'cuirassier' }, [m(-1, 'Light cavalry')]],
    [
      'Prussian hussars (light cavalry)',
      { evader: 'lightCav', attackerTroop: 'heavyCav', prussianHussars: true },
      [m(-1, 'Light cavalry'), m(-1, 'Prussian Hussars')],
    ],
    [
      'a lone General evades as Elite skirmishing cavalry',
      { evader: 'general', attackerTroop: 'skirmCav' },
      [m(1, 'Well Trained or better (Elite)')],
    ],
    [
      'everything at once',
      { evader: 'skirmInf', status: 'elite', attackerTroop: 'skirmCav', cincCardPlayed: true, skirmisherCardPlayed: true },
      [
        m(1, "Commander-in-chief's General card"),
        m(1, 'Skirmisher order card'),
        m(1, 'Well Trained or better (Elite)'),
        m(-1, 'Skirmishing infantry attacked by mounted troops'),
      ],
    ],
  ];
  it.each(cases)('%s', (_name, change, expected) => {
    expect(evadeModifiers({ ...base, ...change })).toEqual(expected);
  });

  it('only skirmishers, light cavalry and lone Generals evade', () => {
    expect(evaderKind('skirmInf')).toBe('skirmInf');
    expect(evaderKind('skirmCav')).toBe('mounted');
    expect(evaderKind('lightCav')).toBe('mounted');
    expect(evaderKind('general')).toBe('mounted');
    expect(() => evaderKind('heavyCav')).toThrow();
    expect(() => evaderKind('infantry')).toThrow();
  });

  const standFire = { standFire: true, distance: null, attackersTest: true, attackersMove6: false, perfect: false, fires: true };
  const move = (distance: number | { dice: number }, attackersTest: boolean) => ({
    standFire: false,
    distance,
    attackersTest,
    attackersMove6: !attackersTest,
    perfect: false,
    fires: false,
  });
  const perfect = (d: number) => ({ standFire: false, distance: d, attackersTest: true, attackersMove6: false, perfect: true, fires: true });
  it.each([
    [-1, standFire, standFire],
    [2, standFire, standFire],
    [3, move({ dice: 1 }, true), move({ dice: 3 }, true)],
    [4, move(6, true), move(18, true)],
    [5, move(6, false), move(18, false)],
    [6, perfect(6), perfect(18)],
    [9, perfect(6), perfect(18)],
  ])('score %i', (score, si, mounted) => {
    const a = evadeResult(score, 'skirmInf');
    expect(a.result).toEqual(si);
    expect(a.ref).toEqual({ chart: 'Evade', row: a.row });
    expect(evadeResult(score, 'skirmCav').result).toEqual(mounted);
    expect(evadeResult(score, 'lightCav').result).toEqual(mounted);
  });

  it('the chart has five rows, each hit once from 2 to 6', () => {
    expect(EVADE_CHART.length).toBe(5);
    expect(new Set([2, 3, 4, 5, 6].map((n) => evadeResult(n, 'skirmInf').row)).size).toBe(5);
  });

  it('rolls the die, then the distance dice on a 3', () => {
    const s = scripted([3, 2]);
    const r = rollEvade(s.dice, base);
    expect(r).toMatchObject({ dice: [3, 2], score: 3, inches: 2, modifiers: [] });
    expect(r.result.distance).toEqual({ dice: 1 });
    expect(s.left()).toBe(0);

    const c = scripted([2, 4, 5, 6]);
    const rc = rollEvade(c.dice, { ...base, evader: 'skirmCav' });
    expect(rc).toMatchObject({ dice: [2, 4, 5, 6], score: 3, inches: 15 });
    expect(c.left()).toBe(0);
  });

  it('fixed distances and Stand & Fire need no more dice', () => {
    const s = scripted([5]);
    expect(rollEvade(s.dice, { ...base, evader: 'lightCav', attackerTroop: 'heavyCav' })).toMatchObject({ dice: [5], score: 4, inches: 18 });
    expect(s.left()).toBe(0);
    expect(rollEvade(scripted([5]).dice, base)).toMatchObject({ dice: [5], score: 5, inches: 6 });
    expect(rollEvade(scripted([1]).dice, base)).toMatchObject({ dice: [1], score: 1, inches: 0, result: { standFire: true } });
    expect(rollEvade(scripted([6]).dice, { ...base, evader: 'skirmCav', attackerTroop: 'heavyCav' })).toMatchObject({ inches: 18, result: { perfect: true } });
  });
});

// ---------------------------------------------------------------------------------------------

describe('skirmisher fire (B §1.6)', () => {
  const unshakenInf = { troop: 'infantry' as TroopType, shaken: false, autoLossTaken: false };
  it('range 9" and a 4-6 destroy roll', () => {
    expect(SKIRMISHER_FIRE_RANGE).toBe(9);
  });

  it.each([
    ['total equal to the stands firing disorders', 5, [2, 3], 5, 'skirmInf', unshakenInf, { disorder: 1, destroyRoll: true, firerDisordered: false, autoLoss: false }],
    ['total below the stands firing disorders', 3, [1, 2], 5, 'skirmInf', unshakenInf, { disorder: 1, destroyRoll: true, firerDisordered: false, autoLoss: false }],
    ['total above the stands firing does nothing', 6, [2, 4], 5, 'skirmInf', unshakenInf, { disorder: 0, destroyRoll: false, firerDisordered: false, autoLoss: false }],
    ['a double disorders a firer', 8, [4, 4], 5, 'skirmInf', unshakenInf, { disorder: 0, destroyRoll: false, firerDisordered: true, autoLoss: false }],
    ['both effects on one throw', 4, [2, 2], 5, 'skirmInf', unshakenInf, { disorder: 1, destroyRoll: true, firerDisordered: true, autoLoss: false }],
    [
      'skirmishing cavalry only disorder unshaken infantry (B5)',
      5,
      [1, 4],
      5,
      'skirmCav',
      unshakenInf,
      { disorder: 1, destroyRoll: false, firerDisordered: false, autoLoss: false },
    ],
    [
      'skirmishing cavalry may destroy shaken infantry, which also loses a stand',
      5,
      [1, 4],
      5,
      'skirmCav',
      { troop: 'infantry', shaken: true, autoLossTaken: false },
      { disorder: 1, destroyRoll: true, firerDisordered: false, autoLoss: true },
    ],
    [
      'skirmishing cavalry may destroy mounted troops',
      5,
      [1, 4],
      5,
      'skirmCav',
      { troop: 'heavyCav', shaken: false, autoLossTaken: false },
      { disorder: 1, destroyRoll: true, firerDisordered: false, autoLoss: false },
    ],
    [
      'skirmishing cavalry may destroy skirmishing infantry',
      5,
      [1, 4],
      5,
      'skirmCav',
      { troop: 'skirmInf', shaken: false, autoLossTaken: false },
      { disorder: 1, destroyRoll: true, firerDisordered: false, autoLoss: false },
    ],
    [
      'a shaken target loses one stand even when missed',
      11,
      [5, 6],
      4,
      'skirmInf',
      { troop: 'infantry', shaken: true, autoLossTaken: false },
      { disorder: 0, destroyRoll: false, firerDisordered: false, autoLoss: true },
    ],
    [
      'but only once a turn (B6)',
      11,
      [5, 6],
      4,
      'skirmInf',
      { troop: 'infantry', shaken: true, autoLossTaken: true },
      { disorder: 0, destroyRoll: false, firerDisordered: false, autoLoss: false },
    ],
  ] as const)('%s', (_name, total, dice, stands, firer, target, expected) => {
    expect(skirmisherFireOutcome(total, dice, stands, firer, target)).toEqual(expected);
  });

  it('refuses a total that is not the dice', () => {
    expect(() => skirmisherFireOutcome(7, [3, 3], 5, 'skirmInf', unshakenInf)).toThrow();
  });

  it('rolls 2D6 and then the destroy die', () => {
    const s = scripted([2, 3, 4]);
    expect(rollSkirmisherFire(s.dice, 5, 'skirmInf', unshakenInf)).toEqual({
      dice: [2, 3, 4],
      outcome: { disorder: 1, destroyRoll: true, firerDisordered: false, autoLoss: false },
      destroyed: true,
    });
    expect(s.left()).toBe(0);
    expect(rollSkirmisherFire(scripted([2, 3, 3]).dice, 5, 'skirmInf', unshakenInf).destroyed).toBe(false);
    const miss = scripted([6, 6, 1]);
    expect(rollSkirmisherFire(miss.dice, 5, 'skirmInf', unshakenInf)).toMatchObject({ dice: [6, 6], destroyed: false, outcome: { firerDisordered: true } });
    expect(miss.left()).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------------

describe('artillery (B §2.2-2.8)', () => {
  it('ranges, arc and clearances', () => {
    expect(ARTILLERY_RANGE).toEqual({ ball: 30, shell: 30, grapeshot: 6 });
    expect(ARTILLERY_ARC_HALF_ANGLE_DEG).toBe(30);
    expect(ARTILLERY_ARC_HALF_ANGLE).toBeCloseTo((30 * Math.PI) / 180, 12);
    expect(ARTILLERY_FRIENDLY_CLEARANCE).toBe(1);
    expect(SHELL_FRIENDLY_CLEARANCE).toBe(3);
    expect(BOUNCE_MAX_UNITS).toBe(2);
    expect(BOUNCE_MAX_DISTANCE).toBe(12);
  });

  it.each([
    [1, 0, 0],
    [2, 0, 0],
    [3, 0, 0],
    [4, 1, 0],
    [5, 2, 1],
    [6, 3, 2],
  ])('die %i: ball/shell %i, bounce %i', (die, ball, bounce) => {
    expect(ballOrShellHits(die)).toBe(ball);
    expect(bounceHits(die)).toBe(bounce);
  });

  it('grapeshot: 4D6, each 4-6 hits', () => {
    expect(grapeshotHits([1, 2, 3, 3])).toBe(0);
    expect(grapeshotHits([3, 4, 5, 6])).toBe(3);
    expect(grapeshotHits([6, 6, 6, 6])).toBe(4);
    const s = scripted([4, 1, 6, 3, 2]);
    expect(rollGrapeshot(s.dice)).toEqual({ dice: [4, 1, 6, 3], hits: 2 });
    expect(s.left()).toBe(1);
  });

  it('rolls ball and bounce', () => {
    expect(rollBallOrShell(scripted([5]).dice, 'ball')).toEqual({ dice: [5], hits: 2 });
    expect(rollBallOrShell(scripted([3]).dice, 'shell')).toEqual({ dice: [3], hits: 0 });
    expect(rollBounce(scripted([6]).dice)).toEqual({ dice: [6], hits: 2 });
  });

  it.each([
    [2, 5, 0, 2, 0],
    [3, 5, 3, 2, 1],
    [4, 5, 5, 0, 4],
    [9, 3, 1, 2, 3],
    [0, 4, 2, 0, 0],
  ])('%i hits on %i stands with %i disordered: disorder %i, destroy %i', (hits, stands, disordered, disorder, destroy) => {
    expect(applyFireHits(hits, stands, disordered)).toEqual({ disorder, destroy });
  });

  it.each([
    [1, 'suppressed'],
    [2, 'suppressed'],
    [3, 'crewFlee'],
    [4, 'crewFlee'],
    [5, 'damaged'],
    [6, 'damaged'],
  ] as const)('under fire: %i → %s', (die, result) => {
    const r = underFireResult(die);
    expect(r.result).toBe(result);
    expect(r.ref.chart).toBe('Artillery under fire');
    expect(ARTILLERY_UNDER_FIRE.find((row) => row.result === result)!.row).toBe(r.ref.row);
  });

  it('the most severe under-fire result governs (B10)', () => {
    expect(UNDER_FIRE_SEVERITY).toEqual(['crewFlee', 'damaged', 'suppressed']);
    expect(mostSevereUnderFire(['suppressed', 'damaged'])).toBe('damaged');
    expect(mostSevereUnderFire(['damaged', 'crewFlee', 'suppressed'])).toBe('crewFlee');
    expect(mostSevereUnderFire(['suppressed'])).toBe('suppressed');
    expect(mostSevereUnderFire([])).toBeNull();
    expect(rollUnderFire(scripted([2, 6]).dice, 2)).toEqual({ dice: [2, 6], results: ['suppressed', 'damaged'], worst: 'damaged' });
    expect(rollUnderFire(scripted([]).dice, 0)).toEqual({ dice: [], results: [], worst: null });
  });

  it('repairs on 4-6; a howitzer sets a building alight on 5-6', () => {
    expect(DAMAGE_REPAIR_NEED).toBe(4);
    expect(BUILDING_ALIGHT_NEED).toBe(5);
    expect(rollDamageRepair(scripted([3]).dice)).toEqual({ dice: [3], repaired: false });
    expect(rollDamageRepair(scripted([4]).dice)).toEqual({ dice: [4], repaired: true });
    expect(rollBuildingAlight(scripted([4]).dice)).toEqual({ dice: [4], alight: false });
    expect(rollBuildingAlight(scripted([5]).dice)).toEqual({ dice: [5], alight: true });
  });
});

// ---------------------------------------------------------------------------------------------

describe('weather (B §4.12)', () => {
  it.each([
    ['clear', null, 6, 0, null, false],
    ['rain', 30, 4, 1, null, false],
    ['heavyRain', 18, 3, 2, null, false],
    ['mist', 15, 6, 0, null, false],
    ['fog', 9, 3, 1, 9, true],
  ] as const)('%s: visibility %s, move %i", penalty %i', (weather, visibility, maxMove, penalty, mountedRange, arrivalsBlocked) => {
    expect(WEATHER[weather]).toMatchObject({ visibility, maxMove, penalty, mountedRange, arrivalsBlocked });
  });

  it('only mist lets hills see over it', () => {
    expect((Object.keys(WEATHER) as Weather[]).filter((w) => WEATHER[w].hillsSeeOver)).toEqual(['mist']);
  });

  it.each([
    ['clear', 1, 'clear'],
    ['clear', 6, 'clear'],
    ['rain', 3, 'clear'],
    ['rain', 4, 'heavyRain'],
    ['heavyRain', 1, 'rain'],
    ['heavyRain', 6, 'heavyRain'],
    ['mist', 3, 'clear'],
    ['mist', 4, 'fog'],
    ['fog', 3, 'mist'],
    ['fog', 4, 'fog'],
  ] as const)('%s, Joker die %i → %s', (from, die, to) => {
    expect(weatherAfterJoker(from, die)).toBe(to);
  });

  it('heavy rain: muskets fail after 2 Jokers, guns and the rest after 3', () => {
    const none = { infantryCannotFire: false, artilleryCannotFire: false, noColumnOrRoadBonus: false, marshesImpassable: false, riversFastFlowing: false };
    expect(heavyRainEffects(0)).toEqual(none);
    expect(heavyRainEffects(1)).toEqual(none);
    expect(heavyRainEffects(2)).toEqual({ ...none, infantryCannotFire: true });
    expect(heavyRainEffects(3)).toEqual({
      infantryCannotFire: true,
      artilleryCannotFire: true,
      noColumnOrRoadBonus: true,
      marshesImpassable: true,
      riversFastFlowing: true,
    });
  });
});

describe('flanking forces and reinforcements (B §7)', () => {
  it('earliest Jokers and entry rate', () => {
    expect(EARLIEST_ARRIVAL_JOKER).toEqual({ nearFlank: 2, farFlank: 3, reinforcements: 1 });
    expect(ARRIVAL_UNITS_PER_TURN).toBe(4);
    expect(ARRIVAL_TABLE.map((r) => r.result)).toEqual(['noSign', 'jokerAfterNext', 'nextJoker', 'immediately']);
  });

  it.each([
    [1, 0, 'noSign', false],
    [2, 0, 'noSign', false],
    [3, 0, 'noSign', true],
    [4, 0, 'jokerAfterNext', true],
    [5, 0, 'nextJoker', true],
    [6, 0, 'immediately', true],
    [1, -1, 'noSign', false],
    [3, 1, 'jokerAfterNext', true],
    [4, -1, 'noSign', true],
    [5, 1, 'immediately', true],
    [6, 1, 'immediately', true],
    [6, -1, 'nextJoker', true],
  ] as const)('raw %i, adjusted %i → %s (announce %s)', (raw, adjust, result, announce) => {
    const r = arrivalResult(raw, adjust, true);
    expect(r.result).toBe(result);
    expect(r.score).toBe(raw + adjust);
    expect(r.announce).toBe(announce);
    expect(r.ref).toEqual({ chart: 'Flank march arrival', row: ARRIVAL_TABLE.find((row) => row.result === result)!.row });
  });

  it('only all-mounted forces and reinforcements may adjust', () => {
    expect(() => arrivalResult(4, 1, false)).toThrow();
    expect(arrivalResult(4, 0, false).result).toBe('jokerAfterNext');
    expect(() => arrivalResult(7, 0, true)).toThrow();
  });
});

// ---------------------------------------------------------------------------------------------

describe('helpers', () => {
  it('sums modifiers', () => {
    expect(sumModifiers([])).toBe(0);
    expect(sumModifiers([m(3, 'a'), m(-1, 'b'), m(-4, 'c')])).toBe(-2);
  });

  it('status names cover every status', () => {
    for (const s of STATUSES as readonly Status[]) expect(STATUS_NAMES[s].length).toBeGreaterThan(0);
  });
});
