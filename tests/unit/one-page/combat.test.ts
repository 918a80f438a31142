import { describe, expect, it } from 'vitest';
import { DiceRoller, scriptedDice } from '../../../src/core/dice';
import { inch } from '../../../src/core/measure';
import type { Modifier } from '../../../src/core/model';
import { MELEE_DICE, SHOOTING_DICE, rangeBand, UNIT_TYPES } from '../../../src/rules/one-page/charts';
import {
  belowHalf,
  combineCategories,
  commandRollModifiers,
  commandRollPasses,
  countHits,
  hitNeed,
  hitsAfterCover,
  meleeDice,
  meleeModifiers,
  meleeOutcome,
  modifierTotal,
  moraleModifiers,
  removalThreshold,
  removedAtEndOfTurn,
  resolveCommandRoll,
  resolveMeleeSide,
  resolveMoraleTest,
  resolveRallyMen,
  resolveShootingVolley,
  shootingDice,
  shootingModifiers,
  shootingMoraleTriggered,
  splitDice,
  type MeleeDiceInput,
  type MeleeModifierInput,
  type MoraleModifierInput,
  type ShootingDiceInput,
  type ShootingInput,
  type ShootingModifierInput,
} from '../../../src/rules/one-page/combat';

function scripted(values: number[]) {
  const state = scriptedDice(values);
  return { dice: new DiceRoller(state), left: () => state.script.length };
}

const mod = (value: number, reason: string): Modifier => ({ value, reason });

describe('modifier categories (Q7)', () => {
  it('an empty category gives nothing', () => {
    expect(combineCategories([{ category: 'a', plus: [], minus: [] }])).toEqual([]);
  });

  it('one reason gives ±1 named by it', () => {
    expect(combineCategories([{ category: 'a', plus: ['first fire (regular)'], minus: [] }])).toEqual([mod(1, 'first fire (regular)')]);
    expect(combineCategories([{ category: 'a', plus: [], minus: ['militia'] }])).toEqual([mod(-1, 'militia')]);
  });

  it('several reasons in one category still give +1', () => {
    const m = combineCategories([{ category: 'a', plus: ['sharpshooter', 'target in column'], minus: [] }]);
    expect(m).toEqual([mod(1, 'sharpshooter and target in column (counts once)')]);
  });

  it('a bonus and a penalty in one category cancel, both shown', () => {
    const m = combineCategories([{ category: 'a', plus: ['elite'], minus: ['not equipped for melee'] }]);
    expect(m).toEqual([mod(1, 'elite'), mod(-1, 'not equipped for melee')]);
    expect(modifierTotal(m)).toBe(0);
  });

  it('different categories add up', () => {
    const m = combineCategories([
      { category: 'a', plus: ['x'], minus: [] },
      { category: 'b', plus: ['y', 'z'], minus: [] },
      { category: 'c', plus: [], minus: ['w'], size: 2 },
    ]);
    expect(m.map((x) => x.value)).toEqual([1, 1, -2]);
    expect(modifierTotal(m)).toBe(0);
  });

  it('modifierTotal sums the values', () => {
    expect(modifierTotal([])).toBe(0);
    expect(modifierTotal([mod(1, 'a'), mod(1, 'b'), mod(-2, 'c')])).toBe(0);
    expect(modifierTotal([mod(1, 'a'), mod(1, 'b')])).toBe(2);
  });
});

describe('shooting dice (§8.3, Q30, Q31)', () => {
  const line: ShootingDiceInput = { shooterKind: 'infantry', formation: 'line', figures: 24, skirmisher: false, longRange: false, disordered: false };
  const row = (id: string) => SHOOTING_DICE.find((r) => r.id === id)!.row;

  it('formed line: all figures, 1 die per 2', () => {
    expect(shootingDice(line)).toEqual({ base: 12, counted: 24, dice: 12, halvings: [], row: row('line') });
  });

  it('column: the first 2 ranks of a 4-wide front (8 figures)', () => {
    expect(shootingDice({ ...line, formation: 'column' })).toMatchObject({ counted: 8, dice: 4, row: row('column') });
    expect(shootingDice({ ...line, formation: 'column', columnFrontWidth: 3 })).toMatchObject({ counted: 6, dice: 3 });
    expect(shootingDice({ ...line, formation: 'column', figures: 5 })).toMatchObject({ counted: 5, base: 2.5, dice: 2 });
  });

  it('skirmishers and irregulars: one loose rank, all figures', () => {
    expect(shootingDice({ ...line, formation: 'skirmish', figures: 12, skirmisher: true })).toMatchObject({ counted: 12, dice: 6, row: row('skirmish') });
    // Skirmish order alone is enough to use the row.
    expect(shootingDice({ ...line, formation: 'skirmish', figures: 11 })).toMatchObject({ counted: 11, dice: 5, row: row('skirmish') });
  });

  it('artillery: 1 die per gunner', () => {
    const gun: ShootingDiceInput = { ...line, shooterKind: 'artillery', formation: 'unlimbered', figures: 4 };
    expect(shootingDice(gun)).toMatchObject({ base: 4, counted: 4, dice: 4, row: row('artillery') });
    expect(shootingDice({ ...gun, figures: 3 }).dice).toBe(3);
  });

  it('halvings: long range, disordered, both; floor after all of them', () => {
    expect(shootingDice({ ...line, longRange: true })).toMatchObject({ dice: 6, halvings: ['long range'] });
    expect(shootingDice({ ...line, disordered: true })).toMatchObject({ dice: 6, halvings: ['disordered'] });
    expect(shootingDice({ ...line, longRange: true, disordered: true })).toMatchObject({ dice: 3, halvings: ['long range', 'disordered'] });
    // 23 figures: 11.5 → 11; long 5.75 → 5; both 2.875 → 2.
    expect(shootingDice({ ...line, figures: 23 }).dice).toBe(11);
    expect(shootingDice({ ...line, figures: 23, longRange: true }).dice).toBe(5);
    expect(shootingDice({ ...line, figures: 23, longRange: true, disordered: true }).dice).toBe(2);
  });

  it('minimum 1 die when the base is at least 1; none for fewer than 2 figures', () => {
    expect(shootingDice({ ...line, figures: 2, longRange: true, disordered: true }).dice).toBe(1);
    expect(shootingDice({ ...line, figures: 3, longRange: true }).dice).toBe(1);
    expect(shootingDice({ ...line, figures: 1 }).dice).toBe(0);
    expect(shootingDice({ ...line, figures: 0 }).dice).toBe(0);
    expect(shootingDice({ ...line, shooterKind: 'artillery', figures: 1, longRange: true, disordered: true }).dice).toBe(1);
    expect(shootingDice({ ...line, shooterKind: 'artillery', figures: 0 }).dice).toBe(0);
  });

  it('6: Regular line of 20 figures: 10 dice, long 5, disordered 2', () => {
    expect(shootingDice({ ...line, figures: 20 }).dice).toBe(10);
    expect(shootingDice({ ...line, figures: 20, longRange: true }).dice).toBe(5);
    expect(shootingDice({ ...line, figures: 20, longRange: true, disordered: true }).dice).toBe(2);
  });

  it('7: foot artillery 4 gunners: 4 dice at 10", 2 at 30", none at 50"; light gun 2 at 30", none at 40"', () => {
    const gunDice = (weapon: 'footArtillery' | 'lightGun', at: number): number | null => {
      const band = rangeBand(weapon, inch(at));
      if (band === 'out') return null;
      return shootingDice({ shooterKind: 'artillery', formation: 'unlimbered', figures: 4, skirmisher: false, longRange: band === 'long', disordered: false }).dice;
    };
    expect(gunDice('footArtillery', 10)).toBe(4);
    expect(gunDice('footArtillery', 30)).toBe(2);
    expect(gunDice('footArtillery', 50)).toBeNull();
    expect(gunDice('lightGun', 30)).toBe(2);
    expect(gunDice('lightGun', 40)).toBeNull();
  });
});

describe('shooting modifiers (§8.4, Q7)', () => {
  const none: ShootingModifierInput = { sharpshooter: false, regularFirstFire: false, targetInColumn: false, flankShot: false, militia: false };

  it('none', () => {
    expect(shootingModifiers(none)).toEqual([]);
  });

  it.each([
    ['sharpshooter', 1, 'sharpshooter'],
    ['regularFirstFire', 1, 'first fire (regular)'],
    ['targetInColumn', 1, 'target in column'],
    ['flankShot', 1, 'shooting at the flank'],
    ['militia', -1, 'inferior (militia)'],
  ] as const)('%s alone: %i', (flag, value, reason) => {
    expect(shootingModifiers({ ...none, [flag]: true })).toEqual([mod(value, reason)]);
  });

  it('all four bonuses together: still +1', () => {
    const m = shootingModifiers({ ...none, sharpshooter: true, regularFirstFire: true, targetInColumn: true, flankShot: true });
    expect(m.length).toBe(1);
    expect(modifierTotal(m)).toBe(1);
  });

  it('everything: +1 − 1 = 0', () => {
    const m = shootingModifiers({ sharpshooter: true, regularFirstFire: true, targetInColumn: true, flankShot: true, militia: true });
    expect(m.map((x) => x.value)).toEqual([1, -1]);
    expect(hitNeed(modifierTotal(m))).toBe(5);
  });

  it('5: militia shooting at a column: 0, hits on 5–6', () => {
    const m = shootingModifiers({ ...none, militia: true, targetInColumn: true });
    expect(modifierTotal(m)).toBe(0);
    expect(hitNeed(modifierTotal(m))).toBe(5);
  });

  it('5: sharpshooters at a column\'s flank: +1 only, hits on 4–6', () => {
    const m = shootingModifiers({ ...none, sharpshooter: true, targetInColumn: true, flankShot: true });
    expect(m).toEqual([mod(1, 'sharpshooter and target in column and shooting at the flank (counts once)')]);
    expect(hitNeed(modifierTotal(m))).toBe(4);
  });
});

describe('hits (modified 5+)', () => {
  const faces = [1, 2, 3, 4, 5, 6];
  it.each([
    [-2, 0],
    [-1, 1],
    [0, 2],
    [1, 3],
    [2, 4],
  ])('modifier %i: %i of the six faces hit', (m, hits) => {
    expect(countHits(faces, m)).toBe(hits);
  });

  it('a natural 6 is no automatic hit; no dice, no hits', () => {
    expect(countHits([6, 6], -2)).toBe(0);
    expect(countHits([], 2)).toBe(0);
  });

  it('need is the natural score', () => {
    expect(hitNeed(0)).toBe(5);
    expect(hitNeed(1)).toBe(4);
    expect(hitNeed(2)).toBe(3);
    expect(hitNeed(-1)).toBe(6);
    expect(hitNeed(-2)).toBe(7);
  });
});

describe('cover (§8.5, Q34)', () => {
  it.each([
    ['none', false, 5, 5],
    ['none', false, 0, 0],
    ['partial', false, 5, 3],
    ['partial', false, 1, 1],
    ['full', false, 5, 2],
    ['full', false, 1, 0],
    ['none', true, 1, 1],
    ['none', true, 5, 3],
    ['partial', true, 5, 3],
    ['partial', true, 4, 2],
    ['full', true, 4, 2],
    ['full', true, 5, 2],
    ['full', true, 1, 0],
  ] as const)('%s cover, skirmishers %s: %i hits → %i', (cover, skirm, hits, after) => {
    expect(hitsAfterCover(hits, cover, skirm).hits).toBe(after);
  });

  it('names the row', () => {
    expect(hitsAfterCover(5, 'partial', false).row).toBe('Partial cover: ½ hits, rounded up');
    expect(hitsAfterCover(4, 'full', true).row).toBe('Skirmishers in full cover: ½ hits once, rounded down');
    expect(hitsAfterCover(4, 'none', false).row).toBe('In the open: all hits');
  });

  it('4: 5 in partial → 3, in full → 2; 1 on skirmishers in the open → 1; 1 in full → 0; 4 on skirmishers in full → 2', () => {
    expect(hitsAfterCover(5, 'partial', false).hits).toBe(3);
    expect(hitsAfterCover(5, 'full', false).hits).toBe(2);
    expect(hitsAfterCover(1, 'none', true).hits).toBe(1);
    expect(hitsAfterCover(1, 'full', false).hits).toBe(0);
    expect(hitsAfterCover(4, 'full', true).hits).toBe(2);
  });
});

describe('melee dice (§9.4, Q30, Q31, Q39)', () => {
  const inf: MeleeDiceInput = { kind: 'infantry', formation: 'line', figures: 24, attackedInFlankOrRear: false, skirmisher: false, disordered: false };
  const cav: MeleeDiceInput = { ...inf, kind: 'cavalry', figures: 8 };
  const row = (id: string) => MELEE_DICE.find((r) => r.id === id)!.row;

  it('infantry line: 2 ranks, all figures, 1 die per 2', () => {
    expect(meleeDice(inf)).toEqual({ counted: 24, dice: 12, row: row('infantryLine') });
  });

  it('12: infantry line attacked in flank or rear: ceil(24/2) = 12 figures → 6 dice', () => {
    expect(meleeDice({ ...inf, attackedInFlankOrRear: true })).toEqual({ counted: 12, dice: 6, row: row('infantryLineFlank') });
    expect(meleeDice({ ...inf, figures: 23, attackedInFlankOrRear: true })).toMatchObject({ counted: 12, dice: 6 });
  });

  it('infantry column: front rank', () => {
    expect(meleeDice({ ...inf, formation: 'column' })).toEqual({ counted: 4, dice: 2, row: row('infantryColumn') });
    expect(meleeDice({ ...inf, formation: 'column', columnFrontWidth: 6 })).toMatchObject({ counted: 6, dice: 3 });
    expect(meleeDice({ ...inf, formation: 'column', attackedInFlankOrRear: true })).toMatchObject({ counted: 4, dice: 2 });
  });

  it('skirmishers: all figures, flank or not', () => {
    expect(meleeDice({ ...inf, formation: 'skirmish', skirmisher: true, figures: 12 })).toEqual({ counted: 12, dice: 6, row: row('infantrySkirmish') });
    expect(meleeDice({ ...inf, formation: 'skirmish', skirmisher: true, figures: 12, attackedInFlankOrRear: true })).toMatchObject({ counted: 12, dice: 6 });
  });

  it('cavalry: 1 die per figure; a column fights with its 2-wide front', () => {
    expect(meleeDice(cav)).toEqual({ counted: 8, dice: 8, row: row('cavalryLine') });
    expect(meleeDice({ ...cav, attackedInFlankOrRear: true })).toMatchObject({ counted: 8, dice: 8 });
    expect(meleeDice({ ...cav, formation: 'column' })).toEqual({ counted: 2, dice: 2, row: row('cavalryColumn') });
    expect(meleeDice({ ...cav, formation: 'column', columnFrontWidth: UNIT_TYPES.cavalry.columnFront! * 2 })).toMatchObject({ counted: 4, dice: 4 });
  });

  it('gunners: 1 die per 2', () => {
    expect(meleeDice({ ...inf, kind: 'artillery', formation: 'unlimbered', figures: 4 })).toEqual({ counted: 4, dice: 2, row: row('gunners') });
    expect(meleeDice({ ...inf, kind: 'artillery', formation: 'unlimbered', figures: 3 }).dice).toBe(1);
  });

  it('disordered: ½ dice, floor, minimum 1', () => {
    expect(meleeDice({ ...inf, disordered: true }).dice).toBe(6);
    expect(meleeDice({ ...cav, figures: 5, disordered: true }).dice).toBe(2);
    expect(meleeDice({ ...cav, figures: 1, disordered: true }).dice).toBe(1);
    expect(meleeDice({ ...inf, figures: 2, disordered: true }).dice).toBe(1);
    expect(meleeDice({ ...inf, figures: 1 }).dice).toBe(0);
    expect(meleeDice({ ...inf, disordered: true }).row).toBe(`${row('infantryLine')}; disordered: ½ dice`);
  });

  it('dice split between enemies as evenly as possible (Q39)', () => {
    expect(splitDice(7, 2)).toEqual([4, 3]);
    expect(splitDice(8, 3)).toEqual([3, 3, 2]);
    expect(splitDice(1, 2)).toEqual([1, 0]);
    expect(() => splitDice(4, 0)).toThrow();
    const fourteen = { ...inf, figures: 14 };
    expect(meleeDice({ ...fourteen, share: 2 }).dice).toBe(4);
    expect(meleeDice({ ...fourteen, share: 2, shareIndex: 1 }).dice).toBe(3);
    expect(meleeDice({ ...fourteen, share: 1 }).dice).toBe(7);
    expect(meleeDice({ ...fourteen, share: 2 }).row).toBe(`${row('infantryLine')}; split between 2 enemies`);
  });
});

describe('melee modifiers (§9.4, Q7, Q40)', () => {
  const none: MeleeModifierInput = {
    elite: false,
    shock: false,
    militia: false,
    noMelee: false,
    charging: false,
    pursuing: false,
    acrossObstacle: false,
    uphill: false,
  };

  it('none', () => {
    expect(meleeModifiers(none)).toEqual([]);
  });

  it.each([
    ['elite', 1, 'elite'],
    ['shock', 1, 'shock troops'],
    ['militia', -1, 'militia'],
    ['noMelee', -1, 'not equipped for melee'],
    ['charging', 1, 'charging (not fired this turn)'],
    ['pursuing', 1, 'pursuing'],
    ['acrossObstacle', -1, 'attacking across an obstacle'],
    ['uphill', -1, 'attacking uphill'],
  ] as const)('%s alone: %i', (flag, value, reason) => {
    expect(meleeModifiers({ ...none, [flag]: true })).toEqual([mod(value, reason)]);
  });

  it('elite shock troops: +1 only', () => {
    expect(modifierTotal(meleeModifiers({ ...none, elite: true, shock: true }))).toBe(1);
  });

  it('militia not equipped for melee: −1 only', () => {
    expect(modifierTotal(meleeModifiers({ ...none, militia: true, noMelee: true }))).toBe(-1);
  });

  it('charging and pursuing: +1 only', () => {
    expect(modifierTotal(meleeModifiers({ ...none, charging: true, pursuing: true }))).toBe(1);
  });

  it('13: uphill and across a hedge: −1 in total, not −2', () => {
    const m = meleeModifiers({ ...none, uphill: true, acrossObstacle: true });
    expect(m).toEqual([mod(-1, 'attacking across an obstacle and attacking uphill (counts once)')]);
  });

  it('categories add: elite charging shock troops +2; militia charging uphill −1', () => {
    expect(modifierTotal(meleeModifiers({ ...none, elite: true, shock: true, charging: true }))).toBe(2);
    expect(modifierTotal(meleeModifiers({ ...none, militia: true, charging: true, uphill: true }))).toBe(-1);
    expect(modifierTotal(meleeModifiers({ ...none, militia: true, noMelee: true, uphill: true, acrossObstacle: true }))).toBe(-2);
  });

  it('a bonus and a penalty in troop quality cancel (elite gunners)', () => {
    const m = meleeModifiers({ ...none, elite: true, noMelee: true });
    expect(m).toEqual([mod(1, 'elite'), mod(-1, 'not equipped for melee')]);
  });
});

describe('morale modifiers (§10.2)', () => {
  const none: MoraleModifierInput = { commanderJoined: false, elite: false, militiaOrIrregular: false, belowHalf: false };

  it('none', () => {
    expect(moraleModifiers(none)).toEqual([]);
  });

  it.each([
    ['commanderJoined', 1, 'commander joined'],
    ['elite', 1, 'elite'],
    ['militiaOrIrregular', -1, 'militia or irregular'],
    ['belowHalf', -2, 'below half strength'],
  ] as const)('%s alone: %i', (flag, value, reason) => {
    expect(moraleModifiers({ ...none, [flag]: true })).toEqual([mod(value, reason)]);
  });

  it('commander and elite add: +2', () => {
    expect(modifierTotal(moraleModifiers({ ...none, commanderJoined: true, elite: true }))).toBe(2);
  });

  it('all together: +1 +1 −1 −2 = −1', () => {
    expect(modifierTotal(moraleModifiers({ commanderJoined: true, elite: true, militiaOrIrregular: true, belowHalf: true }))).toBe(-1);
  });

  it('below half: fewer than half the starting figures', () => {
    expect(belowHalf(11, 24)).toBe(true);
    expect(belowHalf(12, 24)).toBe(false);
    expect(belowHalf(3, 8)).toBe(true);
    expect(belowHalf(4, 8)).toBe(false);
  });

  it('8: Elite with a commander joined rolls 2 → 4: Steady', () => {
    const s = scripted([2]);
    const t = resolveMoraleTest(s.dice, { ...none, elite: true, commanderJoined: true });
    expect(t).toMatchObject({ roll: 2, total: 4, result: 'steady' });
    expect(t.row.startsWith('4, 5, 6')).toBe(true);
    expect(t.diceRoll).toEqual({ purpose: 'morale', sides: 6, values: [2] });
  });

  it('9: Militia below half rolls 2 → −1: Rout', () => {
    const t = resolveMoraleTest(scripted([2]).dice, { ...none, militiaOrIrregular: true, belowHalf: true });
    expect(t).toMatchObject({ roll: 2, total: -1, result: 'rout' });
  });

  it('10: Regular that lost a melee rolls 3: Retreat', () => {
    const t = resolveMoraleTest(scripted([3]).dice, none);
    expect(t).toMatchObject({ roll: 3, total: 3, result: 'retreat', modifiers: [] });
  });
});

describe('command control (§13.1)', () => {
  it('modifiers: elite +1, militia −1, regular none', () => {
    expect(commandRollModifiers({ elite: true, militia: false })).toEqual([mod(1, 'elite')]);
    expect(commandRollModifiers({ elite: false, militia: true })).toEqual([mod(-1, 'militia')]);
    expect(commandRollModifiers({ elite: false, militia: false })).toEqual([]);
  });

  it('needs a modified 4', () => {
    expect(commandRollPasses(3, [])).toBe(false);
    expect(commandRollPasses(4, [])).toBe(true);
  });

  it('15: Militia rolls 4 → 3, cannot move; Elite rolls 3 → 4, moves', () => {
    const militia = resolveCommandRoll(scripted([4]).dice, { elite: false, militia: true });
    expect(militia).toMatchObject({ roll: 4, total: 3, need: 4, passes: false });
    const elite = resolveCommandRoll(scripted([3]).dice, { elite: true, militia: false });
    expect(elite).toMatchObject({ roll: 3, total: 4, need: 4, passes: true });
  });
});

describe('Rally Men! (§13.2)', () => {
  it.each([
    [5, 'cancel'],
    [1, 'ko'],
    [3, 'nothing'],
  ] as const)('19: roll %i → %s', (roll, result) => {
    const r = resolveRallyMen(scripted([roll]).dice);
    expect(r.roll).toBe(roll);
    expect(r.result).toBe(result);
    expect(r.diceRoll.purpose).toBe('Rally Men!');
  });
});

describe('a shooting volley', () => {
  const base: ShootingInput = {
    shooterKind: 'infantry',
    formation: 'line',
    figures: 24,
    skirmisher: false,
    longRange: false,
    disordered: false,
    sharpshooter: false,
    regularFirstFire: false,
    targetInColumn: false,
    flankShot: false,
    militia: false,
    cover: 'none',
    targetSkirmisher: false,
  };

  it('2: first volley at close range: 12 dice at +1, hits on 4–6, 6 hits; the target tests morale', () => {
    const rolls = [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6];
    const s = scripted(rolls);
    const v = resolveShootingVolley(s.dice, { ...base, regularFirstFire: true });
    expect(v).toMatchObject({ diceCount: 12, rolls, need: 4, rawHits: 6, hits: 6 });
    expect(v.modifiers).toEqual([mod(1, 'first fire (regular)')]);
    expect(v.diceRoll).toEqual({ purpose: 'shooting: 12 dice', sides: 6, values: rolls });
    expect(v.diceRow).toBe(SHOOTING_DICE.find((r) => r.id === 'line')!.row);
    expect(v.coverRow).toBe('In the open: all hits');
    expect(s.left()).toBe(0);
    expect(shootingMoraleTriggered(v.hits, 24)).toBe(true);
  });

  it('3: long range, later volley: 6 dice, hits on 5–6, 2 hits', () => {
    const s = scripted([5, 6, 1, 2, 3, 4]);
    const v = resolveShootingVolley(s.dice, { ...base, longRange: true });
    expect(v).toMatchObject({ diceCount: 6, need: 5, rawHits: 2, hits: 2, modifiers: [], halvings: ['long range'] });
    expect(v.diceRow).toContain('½ dice: long range');
    expect(s.left()).toBe(0);
  });

  it('cover and skirmishing targets reduce the hits', () => {
    const v = resolveShootingVolley(scripted([5, 5, 5, 5, 5, 1]).dice, { ...base, figures: 12, cover: 'partial' });
    expect(v).toMatchObject({ diceCount: 6, rawHits: 5, hits: 3, coverRow: 'Partial cover: ½ hits, rounded up' });
    const w = resolveShootingVolley(scripted([6, 6, 6, 6, 1, 1]).dice, { ...base, figures: 12, cover: 'full', targetSkirmisher: true });
    expect(w).toMatchObject({ rawHits: 4, hits: 2 });
  });

  it('militia at a column: 0 net, hits on 5', () => {
    const v = resolveShootingVolley(scripted([4, 5, 6, 4]).dice, { ...base, figures: 8, militia: true, targetInColumn: true });
    expect(v).toMatchObject({ need: 5, rawHits: 2 });
  });

  it('no dice: an empty throw, no hits', () => {
    const s = scripted([]);
    const v = resolveShootingVolley(s.dice, { ...base, figures: 1 });
    expect(v).toMatchObject({ diceCount: 0, rolls: [], rawHits: 0, hits: 0 });
    expect(v.diceRoll.values).toEqual([]);
  });

  it('25% trigger: against the turn-start strength', () => {
    expect(shootingMoraleTriggered(5, 24)).toBe(false);
    expect(shootingMoraleTriggered(6, 24)).toBe(true);
    expect(shootingMoraleTriggered(1, 4)).toBe(true);
    expect(shootingMoraleTriggered(0, 0)).toBe(false);
  });
});

describe('a melee', () => {
  const noMods: MeleeModifierInput = {
    elite: false,
    shock: false,
    militia: false,
    noMelee: false,
    charging: false,
    pursuing: false,
    acrossObstacle: false,
    uphill: false,
  };

  it('11: cavalry charges an infantry line frontally', () => {
    const s = scripted([4, 4, 5, 6, 1, 2, 3, 3, 5, 6, 1, 2, 3, 4, 1, 2, 3, 4, 5, 1]);
    const cav = resolveMeleeSide(s.dice, {
      kind: 'cavalry',
      formation: 'line',
      figures: 8,
      attackedInFlankOrRear: false,
      skirmisher: false,
      disordered: false,
      ...noMods,
      charging: true,
    });
    expect(cav).toMatchObject({ diceCount: 8, rolls: [4, 4, 5, 6, 1, 2, 3, 3], need: 4, hits: 4 });
    expect(cav.modifiers).toEqual([mod(1, 'charging (not fired this turn)')]);
    expect(cav.diceRoll.purpose).toBe('melee: 8 dice');
    const foot = resolveMeleeSide(s.dice, {
      kind: 'infantry',
      formation: 'line',
      figures: 24,
      attackedInFlankOrRear: false,
      skirmisher: false,
      disordered: false,
      ...noMods,
    });
    expect(foot).toMatchObject({ diceCount: 12, rolls: [5, 6, 1, 2, 3, 4, 1, 2, 3, 4, 5, 1], need: 5, hits: 3, modifiers: [] });
    expect(s.left()).toBe(0);
    // The infantry took 4 (24 → 20), the cavalry 3 (8 → 5): the infantry lost and tests.
    expect(24 - cav.hits).toBe(20);
    expect(8 - foot.hits).toBe(5);
    expect(meleeOutcome(cav.hits, foot.hits)).toBe('bLost');
  });

  it('12: the same cavalry in the flank: the infantry rolls 6 dice', () => {
    const foot = resolveMeleeSide(scripted([1, 1, 1, 1, 1, 1]).dice, {
      kind: 'infantry',
      formation: 'line',
      figures: 24,
      attackedInFlankOrRear: true,
      skirmisher: false,
      disordered: false,
      ...noMods,
    });
    expect(foot.diceCount).toBe(6);
    expect(foot.hits).toBe(0);
  });

  it('at −2 nothing hits, even sixes', () => {
    const gunners = resolveMeleeSide(scripted([6, 6]).dice, {
      kind: 'artillery',
      formation: 'unlimbered',
      figures: 4,
      attackedInFlankOrRear: false,
      skirmisher: false,
      disordered: false,
      ...noMods,
      noMelee: true,
      uphill: true,
    });
    expect(gunners).toMatchObject({ diceCount: 2, need: 7, hits: 0 });
  });

  it('14: equal hits is a draw; otherwise the side that took more loses', () => {
    expect(meleeOutcome(3, 3)).toBe('drawn');
    expect(meleeOutcome(0, 0)).toBe('drawn');
    expect(meleeOutcome(2, 3)).toBe('aLost');
    expect(meleeOutcome(3, 2)).toBe('bLost');
  });
});

describe('removal (Q45)', () => {
  it('26: 24 figures down to 5 is removed (5 < 6); 6 stays', () => {
    expect(removalThreshold(24)).toBe(6);
    expect(removedAtEndOfTurn(5, 24)).toBe(true);
    expect(removedAtEndOfTurn(6, 24)).toBe(false);
  });

  it('the threshold is at least 1', () => {
    expect(removalThreshold(4)).toBe(1);
    expect(removalThreshold(1)).toBe(1);
    expect(removedAtEndOfTurn(1, 4)).toBe(false);
    expect(removedAtEndOfTurn(0, 4)).toBe(true);
  });
});
