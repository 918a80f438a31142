/** Army lists and points (digest B §9, §3.3; A §2, §4.1, §6.2): prices, limits, statuses, default armies. */

import { describe, expect, it } from 'vitest';
import { DiceRoller, scriptedDice } from '../../../src/core/dice';
import {
  ARMY_LIST_IDS,
  ARMY_LISTS,
  BASE_POINTS_TABLE,
  GENERAL_POINTS,
  STATUS_POINTS,
  STATUS_TABLES,
  armyCostLines,
  armyPoints,
  budgetFor,
  defaultArmy,
  entryUnitPoints,
  flankSurcharge,
  freikorpsRevealStatus,
  generalPoints,
  isRandomStatus,
  listEntry,
  rollFreikorpsSize,
  rollStatus,
  standardStands,
  unitPoints,
  validateArmy,
  type Army,
  type ArmyListId,
  type StatusTableId,
} from '../../../src/rules/horse-and-musket/armies';
import type { Status } from '../../../src/rules/horse-and-musket/types';

const dice = (values: number[]) => new DiceRoller(scriptedDice(values));

describe('unit points (B §9.1, B50)', () => {
  it('prices listed sizes, extra stands above and missing stands below', () => {
    const line = listEntry('austria', 'line-infantry'); // 5 = 10, +3
    expect([1, 3, 4, 5, 6, 8].map((n) => unitPoints(line, n))).toEqual([1, 4, 7, 10, 13, 19]); // 1: 10 − 12 → min 1
    const hussars = listEntry('austria', 'hussars'); // 3/5/7 = 8/14/20, +4
    // 1: 8 − 8 → 1; 2: 8 − 4; 4: 8 + 4 (from 3, not 14 − 4); 6: 14 + 4; 9: 20 + 8
    expect([1, 2, 3, 4, 5, 6, 7, 9].map((n) => unitPoints(hussars, n))).toEqual([1, 4, 8, 12, 14, 18, 20, 28]);
    const guardCuir = listEntry('russia', 'guard-cuirassiers'); // 14/24/34, +6
    expect(unitPoints(guardCuir, 8)).toBe(40);
    expect(unitPoints(guardCuir, 2)).toBe(8);
    const lightCav = BASE_POINTS_TABLE.find((r) => r.id === 'light-cavalry')!; // 5/10/15, +3
    expect(unitPoints(lightCav, 4)).toBe(8);
    expect(unitPoints(lightCav, 10)).toBe(24);
  });

  it('takes only the listed sizes of fixed-size types', () => {
    expect(unitPoints(listEntry('austria', 'combined-grenadiers'), 4)).toBe(10);
    expect(() => unitPoints(listEntry('austria', 'combined-grenadiers'), 5)).toThrow('Combined grenadiers comes only in 4 stands, not 5');
    expect(() => unitPoints(listEntry('austria', 'cannon'), 2)).toThrow('Cannon comes only in 1 stand, not 2');
    expect(unitPoints(listEntry('austria', 'imperial-heavy-cavalry'), 3)).toBe(6);
    expect(unitPoints(listEntry('austria', 'imperial-heavy-cavalry'), 5)).toBe(14);
    expect(() => unitPoints(listEntry('austria', 'imperial-heavy-cavalry'), 4)).toThrow('Imperial heavy cavalry comes only in 3 or 5 stands, not 4');
    expect(() => unitPoints(listEntry('austria', 'line-infantry'), 0)).toThrow('at least 1, not 0');
    expect(() => unitPoints(listEntry('austria', 'line-infantry'), 2.5)).toThrow('whole number');
  });

  it('charges Freikorps and Freihussars one price whatever the 1d6 size', () => {
    const fk = listEntry('prussia-later', 'freikorps');
    const fh = listEntry('prussia-later', 'freihussars');
    expect([1, 2, 3, 4, 5, 6].map((n) => unitPoints(fk, n))).toEqual([4, 4, 4, 4, 4, 4]);
    expect([1, 6].map((n) => unitPoints(fh, n))).toEqual([6, 6]);
    expect(() => unitPoints(fk, 7)).toThrow('Freikorps comes only in 1, 2, 3, 4, 5 or 6 stands, not 7');
    expect(standardStands(fk)).toBeNull();
    expect(standardStands(listEntry('russia', 'grenadiers'))).toBe(6);
    expect(standardStands(listEntry('russia', 'hussars'))).toBe(5);
  });

  it('adjusts a bought status by the flat per-unit table; rolled statuses cannot be bought', () => {
    expect(STATUS_POINTS).toEqual({ unreliable: -4, poorlyTrained: -2, trained: 0, wellTrained: 2, elite: 4, exceptional: 6 });
    // Austrian line infantry (Trained, 10) bought Elite: 10 + 4; Unreliable: 10 − 4
    expect(entryUnitPoints('austria', { entry: 'line-infantry', stands: 5, count: 1, status: 'elite' })).toBe(14);
    expect(entryUnitPoints('austria', { entry: 'line-infantry', stands: 5, count: 1, status: 'unreliable' })).toBe(6);
    // Austrian cuirassiers are Well Trained at 22: Trained 22 − 2; Exceptional 22 − 2 + 6 (B29)
    expect(entryUnitPoints('austria', { entry: 'cuirassiers', stands: 5, count: 1, status: 'trained' })).toBe(20);
    expect(entryUnitPoints('austria', { entry: 'cuirassiers', stands: 5, count: 1, status: 'exceptional' })).toBe(26);
    // The list status itself costs nothing extra
    expect(entryUnitPoints('austria', { entry: 'cuirassiers', stands: 5, count: 1, status: 'wellTrained' })).toBe(22);
    expect(() => entryUnitPoints('austria', { entry: 'croat-grenzer', stands: 5, count: 1, status: 'elite' })).toThrow('Croat Grenzer roll their status (A-grenzer)');
  });

  it('adds the flanking surcharge and takes the reinforcement discount', () => {
    expect(flankSurcharge('infantry', 5)).toBe(5);
    expect(flankSurcharge('skirmInf', 3)).toBe(3);
    expect(flankSurcharge('heavyCav', 5)).toBe(10);
    expect(flankSurcharge('skirmCav', 4)).toBe(8);
    expect(flankSurcharge('artillery', 1)).toBe(10);
    // Russian cuirassiers 7 stands on a flank: 32 + 14; Prussian WAS cannon on a flank: 15 + 10
    expect(entryUnitPoints('russia', { entry: 'cuirassiers', stands: 7, count: 1, offTable: 'flank' })).toBe(46);
    expect(entryUnitPoints('prussia-was', { entry: 'cannon', stands: 1, count: 1, offTable: 'flank' })).toBe(25);
    // Reinforcements: 10 − 2; a Bosniak squadron of 3: 3 − 2; a 1-stand battalion (1 point) never goes below 0
    expect(entryUnitPoints('russia', { entry: 'musketeers', stands: 5, count: 1, offTable: 'reinforcement' })).toBe(8);
    expect(entryUnitPoints('prussia-later', { entry: 'bosniaks', stands: 3, count: 1, offTable: 'reinforcement' })).toBe(1);
    expect(entryUnitPoints('russia', { entry: 'musketeers', stands: 1, count: 1, offTable: 'reinforcement' })).toBe(0);
  });
});

describe('Generals and budgets (B §9.1-9.2, A §6.2)', () => {
  it('prices Generals; Frederick is 35 in the Prussian lists (B29)', () => {
    expect(GENERAL_POINTS).toEqual({ mediocre: 4, capable: 12, cinc: 25, exceptional: 40 });
    expect(generalPoints('mediocre')).toBe(4);
    expect(generalPoints('capable', 'russia')).toBe(12);
    expect(generalPoints('cinc', 'prussia-was')).toBe(25);
    expect(generalPoints('exceptional')).toBe(40);
    expect(generalPoints('exceptional', 'russia')).toBe(40);
    for (const id of ['prussia-was', 'prussia-supremacy', 'prussia-later', 'prussia-twilight'] as const) expect(generalPoints('exceptional', id)).toBe(35);
  });

  it('applies the national modifiers, rounding down', () => {
    expect(ARMY_LIST_IDS.map((id) => ARMY_LISTS[id].budgetPercent)).toEqual([15, 0, -5, -15, -10, 0]);
    // 160: +15% = 184; 0; −5% = 152; −15% = 136; −10% = 144; 0
    expect(ARMY_LIST_IDS.map((id) => budgetFor(id, 160))).toEqual([184, 160, 152, 136, 144, 160]);
    expect(budgetFor('austria', 110)).toBe(126); // 126.5
    expect(budgetFor('prussia-was', 110)).toBe(104); // 104.5
    expect(budgetFor('prussia-supremacy', 317)).toBe(269); // 269.45
    expect(budgetFor('austria', 160, 20)).toBe(192); // B28: the +20% of the points text, on request
  });
});

describe('hand-built armies (B §9.2-9.4)', () => {
  // Austrians. Line 4×10 + 6 stands 13; combined grenadiers 10; Grenzer 14; dragoons 2×(7 stands) 2×24;
  // cuirassiers 7 stands 32; hussars 4 stands 8+4 = 12; cannon 17; howitzer 22; C-in-C 25, Capable 12,
  // Mediocre 2×4; one fortification 4. 40+13+10+14+48+32+12+17+22+45+4 = 257.
  const austria: Army = {
    list: 'austria',
    entries: [
      { entry: 'line-infantry', stands: 5, count: 4 },
      { entry: 'line-infantry', stands: 6, count: 1 },
      { entry: 'combined-grenadiers', stands: 4, count: 1 },
      { entry: 'croat-grenzer', stands: 5, count: 1 },
      { entry: 'dragoons', stands: 7, count: 2 },
      { entry: 'cuirassiers', stands: 7, count: 1 },
      { entry: 'hussars', stands: 4, count: 1 },
      { entry: 'cannon', stands: 1, count: 1 },
      { entry: 'howitzer', stands: 1, count: 1 },
    ],
    generals: [{ kind: 'cinc' }, { kind: 'capable' }, { kind: 'mediocre' }, { kind: 'mediocre' }],
    works: [{ id: 'fortification', count: 1 }],
  };

  it('Austrians: 257 points, legal at 224 (budget 257), over at 223 (budget 256)', () => {
    expect(armyPoints(austria)).toBe(257);
    expect(validateArmy(austria, 224)).toEqual([]);
    expect(validateArmy(austria, 223)).toEqual(['The army costs 257 points; the budget is 256 (223 +15%).']);
  });

  it('lists the bill line by line', () => {
    const lines = armyCostLines(austria);
    expect(lines[0]).toEqual({ what: 'Line infantry, 5 stands', each: 10, count: 4, points: 40 });
    expect(lines[6]).toEqual({ what: 'Hussars, 4 stands', each: 12, count: 1, points: 12 });
    expect(lines.slice(9).map((l) => [l.what, l.points])).toEqual([
      ['Commander-in-Chief', 25],
      ['Capable General', 12],
      ['Mediocre General', 4],
      ['Mediocre General', 4],
      ['6" field fortification', 4],
    ]);
  });

  // Russians. Musketeers 3×10 + 7 stands 10+6; grenadiers 16; Corps of Observation musketeers 11;
  // horse grenadiers 2×16; cuirassiers 22; hussars 7 stands 20; Cossacks 10; cannon 2×15; chevaux de
  // frise 2×2; Suvorov 40, Capable 12, Mediocre 2×4. 30+16+16+11+32+22+20+10+30+4+40+12+8 = 251.
  const russia: Army = {
    list: 'russia',
    entries: [
      { entry: 'musketeers', stands: 5, count: 3 },
      { entry: 'musketeers', stands: 7, count: 1 },
      { entry: 'grenadiers', stands: 6, count: 1 },
      { entry: 'observation-musketeers', stands: 6, count: 1 },
      { entry: 'horse-grenadiers', stands: 5, count: 2 },
      { entry: 'cuirassiers', stands: 5, count: 1 },
      { entry: 'hussars', stands: 7, count: 1 },
      { entry: 'cossacks', stands: 5, count: 1 },
      { entry: 'cannon', stands: 1, count: 2 },
    ],
    generals: [{ kind: 'exceptional' }, { kind: 'capable' }, { kind: 'mediocre' }, { kind: 'mediocre' }],
    works: [{ id: 'chevaux-de-frise', count: 2 }],
  };

  it('Russians: 251 points, no modifier', () => {
    expect(armyPoints(russia)).toBe(251);
    expect(validateArmy(russia, 251)).toEqual([]);
    expect(validateArmy(russia, 250)).toEqual(['The army costs 251 points; the budget is 250.']);
  });

  // Prussians, WAS. Musketeers 4×12; guard 20; Jäger 6; Freikorps (rolled 4 stands) 4; dragoons
  // 2×(7 stands) 2×24; cuirassiers 7 stands on a flank 30+14; hussars as reinforcements 10−2;
  // cannon on a flank 15+10; Frederick 35; Mediocre 2×4 (one with the flank march, free).
  // 48+20+6+4+48+44+8+25+35+8 = 246.
  const was: Army = {
    list: 'prussia-was',
    entries: [
      { entry: 'musketeers', stands: 5, count: 4 },
      { entry: 'guard-infantry', stands: 6, count: 1 },
      { entry: 'jager', stands: 3, count: 1 },
      { entry: 'freikorps', stands: 4, count: 1 },
      { entry: 'dragoons', stands: 7, count: 2 },
      { entry: 'cuirassiers', stands: 7, count: 1, offTable: 'flank' },
      { entry: 'hussars', stands: 5, count: 1, offTable: 'reinforcement' },
      { entry: 'cannon', stands: 1, count: 1, offTable: 'flank' },
    ],
    generals: [{ kind: 'exceptional' }, { kind: 'mediocre' }, { kind: 'mediocre', offTable: 'flank' }],
  };

  it('Prussians (WAS): 246 points with off-table forces; −5% budget', () => {
    expect(armyPoints(was)).toBe(246);
    expect(validateArmy(was, 259)).toEqual([]); // 246.05 → 246
    expect(validateArmy(was, 258)).toEqual(['The army costs 246 points; the budget is 245 (258 −5%).']);
  });

  // Prussians, Absolute Supremacy. Musketeers 6×13; combined grenadiers 10; Bosniaks 8; hussars 12;
  // dragoons 2×18; cuirassiers 2×22; cannon 15; horse artillery 25; C-in-C 25, Capable 12 (rolled
  // Ability 10), Mediocre 4. 78+10+8+12+36+44+15+25+41 = 269.
  const supremacy: Army = {
    list: 'prussia-supremacy',
    entries: [
      { entry: 'musketeers', stands: 5, count: 6 },
      { entry: 'combined-grenadiers', stands: 4, count: 1 },
      { entry: 'bosniaks', stands: 5, count: 1 },
      { entry: 'hussars', stands: 5, count: 1 },
      { entry: 'dragoons', stands: 5, count: 2 },
      { entry: 'cuirassiers', stands: 5, count: 2 },
      { entry: 'cannon', stands: 1, count: 1 },
      { entry: 'horse-artillery', stands: 1, count: 1 },
    ],
    generals: [{ kind: 'cinc' }, { kind: 'capable', ability: 10 }, { kind: 'mediocre' }],
  };

  it('Prussians (Absolute Supremacy): 269 points; −15% budget', () => {
    expect(armyPoints(supremacy)).toBe(269);
    expect(validateArmy(supremacy, 317)).toEqual([]); // 269.45 → 269
    // 7 infantry + 6 cavalry need a Command; Ability 6 + 4 = 10 is short
    const weak = { ...supremacy, generals: [{ kind: 'cinc' as const }, { kind: 'capable' as const, ability: 6 }, { kind: 'mediocre' as const }] };
    expect(validateArmy(weak, 317)).toEqual(['The Generals can command 10 units but 13 units need a Command: buy Mediocre Generals or take free Poor Generals.']);
  });

  // Prussians, Later SYW and Twilight. Musketeers 5×12 + 6 stands 15; guard 20; Jäger 10; hussars
  // 2×10; dragoons 2×16; cuirassiers 2×20; howitzer 20; cannon 2×15; C-in-C 25, Mediocre 4×4.
  // 60+15+20+10+20+32+40+20+30+41 = 288.
  const later = (list: ArmyListId): Army => ({
    list,
    entries: [
      { entry: 'musketeers', stands: 5, count: 5 },
      { entry: 'musketeers', stands: 6, count: 1 },
      { entry: 'guard-infantry', stands: 6, count: 1 },
      { entry: 'jager', stands: 5, count: 1 },
      { entry: 'hussars', stands: 5, count: 2 },
      { entry: 'dragoons', stands: 5, count: 2 },
      { entry: 'cuirassiers', stands: 5, count: 2 },
      { entry: 'howitzer', stands: 1, count: 1 },
      { entry: 'cannon', stands: 1, count: 2 },
    ],
    generals: [{ kind: 'cinc' }, { kind: 'mediocre' }, { kind: 'mediocre' }, { kind: 'mediocre' }, { kind: 'mediocre' }],
  });

  it('Prussians (Later SYW, −10%) and Twilight (0%): the same 288-point army', () => {
    expect(armyPoints(later('prussia-later'))).toBe(288);
    expect(armyPoints(later('prussia-twilight'))).toBe(288);
    expect(validateArmy(later('prussia-later'), 320)).toEqual([]); // 288
    expect(validateArmy(later('prussia-later'), 319)).toEqual(['The army costs 288 points; the budget is 287 (319 −10%).']);
    expect(validateArmy(later('prussia-twilight'), 288)).toEqual([]);
    expect(validateArmy(later('prussia-twilight'), 287)).toEqual(['The army costs 288 points; the budget is 287.']);
  });

  it('throws on an entry the list does not have; validateArmy says so in words', () => {
    const bad: Army = { ...russia, entries: [...russia.entries, { entry: 'croat-grenzer', stands: 5, count: 1 }] };
    expect(() => armyPoints(bad)).toThrow('the Russians list has no entry croat-grenzer');
    expect(validateArmy(bad, 400)).toEqual(['The Russians list has no "croat-grenzer".']);
    const odd: Army = { ...russia, entries: [...russia.entries, { entry: 'grenadiers', stands: 5, count: 1 }, { entry: 'musketeers', stands: 5, count: 0 }] };
    expect(validateArmy(odd, 400)).toEqual(['Grenadiers comes only in 6 stands, not 5.', 'Musketeers: the number of units must be a whole number, at least 1, not 0.']);
    const bought: Army = { ...russia, entries: [...russia.entries.slice(0, 7), { entry: 'cossacks', stands: 5, count: 1, status: 'trained' }, ...russia.entries.slice(8)] };
    expect(validateArmy(bought, 400)).toEqual(['Cossacks roll their status (R-cossack); it cannot be bought.']);
  });
});

describe('list limits (B §9.4)', () => {
  /** A legal core to which each test adds one offending purchase. */
  const core = (list: ArmyListId, extra: Army['entries'], generals: Army['generals'] = [{ kind: 'cinc' }, { kind: 'capable', ability: 20 }, { kind: 'capable', ability: 20 }]): Army => ({
    list,
    entries: extra,
    generals,
  });

  it('max N', () => {
    const a = core('austria', [
      { entry: 'combined-grenadiers', stands: 4, count: 4 },
      { entry: 'line-infantry', stands: 5, count: 2 },
      { entry: 'imperial-heavy-cavalry', stands: 5, count: 4 },
    ]);
    expect(validateArmy(a, 1000)).toEqual(['Combined grenadiers: 4 units, but the list allows at most 3.']);
  });

  it('max a fraction of a group (units, not stands)', () => {
    // 2 hussars of 4 mounted units: more than ⅓ (1.33)
    const a = core('austria', [
      { entry: 'line-infantry', stands: 5, count: 6 },
      { entry: 'hussars', stands: 5, count: 2 },
      { entry: 'imperial-heavy-cavalry', stands: 5, count: 1 },
      { entry: 'dragoons', stands: 7, count: 1 },
    ]);
    expect(validateArmy(a, 1000, { thirds: false })).toEqual(['Hussars: 2 of 4 mounted units, but the list allows at most ⅓ of them.']);
    // ⅓ exactly is allowed: 1 of 3
    a.entries[1]!.count = 1;
    expect(validateArmy(a, 1000, { thirds: false })).toEqual([]);
    // Grenzer: ⅓ of foot (infantry and SI)
    const g = core('austria', [
      { entry: 'line-infantry', stands: 5, count: 3 },
      { entry: 'croat-grenzer', stands: 5, count: 2 },
      { entry: 'imperial-heavy-cavalry', stands: 5, count: 4 },
    ]);
    expect(validateArmy(g, 1000)).toEqual(['Croat Grenzer: 2 of 5 foot units, but the list allows at most ⅓ of them.']);
    // Russian dragoons: ¼ of the (formed) cavalry; Cossacks do not count
    const r = core('russia', [
      { entry: 'musketeers', stands: 5, count: 6 },
      { entry: 'dragoons', stands: 5, count: 2 },
      { entry: 'horse-grenadiers', stands: 5, count: 3 },
      { entry: 'cossacks', stands: 5, count: 2 },
    ]);
    expect(validateArmy(r, 1000)).toEqual(['Dragoons: 2 of 5 cavalry units, but the list allows at most ¼ of them.']);
  });

  it('min a fraction (Russian musketeers, B53)', () => {
    const r = core('russia', [
      { entry: 'musketeers', stands: 5, count: 1 },
      { entry: 'grenadiers', stands: 6, count: 3 },
      { entry: 'horse-grenadiers', stands: 5, count: 3 },
    ]);
    expect(validateArmy(r, 1000)).toEqual(['Musketeers: 1 of 4 infantry units, but the list asks for at least ⅓ of them.']);
    r.entries[0]!.count = 2; // 2 of 5 ≥ 1.67
    expect(validateArmy(r, 1000)).toEqual([]);
  });

  it('guns per infantry units, with howitzers and horse artillery in the cannon places', () => {
    // WAS: 1 per 3 infantry units; 5 infantry units allow 1
    const w = core('prussia-was', [
      { entry: 'musketeers', stands: 5, count: 5 },
      { entry: 'dragoons', stands: 7, count: 2 },
      { entry: 'cuirassiers', stands: 7, count: 2 },
      { entry: 'cannon', stands: 1, count: 1 },
      { entry: 'howitzer', stands: 1, count: 1 },
    ]);
    expect(validateArmy(w, 1000)).toEqual(['Cannon, Howitzer: 2 in all, but the list allows 1 per 3 infantry units (1 with 5 infantry units).']);
    w.entries[0]!.count = 6;
    expect(validateArmy(w, 1000)).toEqual([]);
    // Later SYW: 1 per 2; horse artillery also at most 2
    const l = core('prussia-later', [
      { entry: 'musketeers', stands: 5, count: 8 },
      { entry: 'dragoons', stands: 7, count: 3 },
      { entry: 'cuirassiers', stands: 7, count: 3 },
      { entry: 'horse-artillery', stands: 1, count: 3 },
      { entry: 'cannon', stands: 1, count: 2 },
    ]);
    expect(validateArmy(l, 1000)).toEqual([
      'Cannon, Howitzer, Horse artillery: 5 in all, but the list allows 1 per 2 infantry units (4 with 8 infantry units).',
      'Horse artillery: 3 units, but the list allows at most 2.',
    ]);
    // An Austrian howitzer takes a cannon's place: 1 cannon + 2 howitzers with 4 infantry units is one too many
    const a = core('austria', [
      { entry: 'line-infantry', stands: 5, count: 4 },
      { entry: 'imperial-heavy-cavalry', stands: 5, count: 4 },
      { entry: 'cannon', stands: 1, count: 1 },
      { entry: 'howitzer', stands: 1, count: 2 },
    ]);
    expect(validateArmy(a, 1000)).toEqual(['Cannon, Howitzer: 3 in all, but the list allows 1 per 2 infantry units (2 with 4 infantry units).']);
  });

  it('works: Austrian fortifications 1 per 3 infantry units', () => {
    const a: Army = {
      ...core('austria', [
        { entry: 'line-infantry', stands: 5, count: 6 },
        { entry: 'imperial-heavy-cavalry', stands: 5, count: 5 },
      ]),
      works: [{ id: 'fortification', count: 3 }],
    };
    expect(validateArmy(a, 1000)).toEqual(['6" field fortification: 3, but the list allows 1 per 3 infantry units (2 with 6 infantry units).']);
    expect(validateArmy({ ...a, works: [{ id: 'redoubt', count: 1 }] }, 1000)).toEqual(['The Austrians list has no "redoubt".']);
  });
});

describe('picking an army (B §9.3) and Generals (A §6.2-6.5)', () => {
  const army = (entries: Army['entries'], generals: Army['generals']): Army => ({ list: 'russia', entries, generals });
  const enough: Army['generals'] = [{ kind: 'cinc' }, { kind: 'capable', ability: 20 }];

  it('asks ⅓ of the stands to be infantry and ⅓ cavalry (formed troops; skirmishers and guns only count in the total)', () => {
    // 20 infantry, 10 cavalry, 5 Cossacks, 2 guns: 37 stands; 10 × 3 < 37
    const a = army(
      [
        { entry: 'musketeers', stands: 5, count: 4 },
        { entry: 'horse-grenadiers', stands: 5, count: 2 },
        { entry: 'cossacks', stands: 5, count: 1 },
        { entry: 'cannon', stands: 1, count: 2 },
      ],
      enough,
    );
    expect(validateArmy(a, 1000)).toEqual(['Only 10 of 37 stands are cavalry; at least ⅓ must be.']);
    expect(validateArmy(a, 1000, { thirds: false })).toEqual([]);
    // 10 infantry, 21 cavalry: 31 stands; 10 × 3 < 31
    const b = army(
      [
        { entry: 'musketeers', stands: 5, count: 2 },
        { entry: 'horse-grenadiers', stands: 7, count: 3 },
      ],
      enough,
    );
    expect(validateArmy(b, 1000)).toEqual(['Only 10 of 31 stands are infantry; at least ⅓ must be.']);
    // Exactly ⅓: 10 infantry, 10 cavalry, 10 more
    const c = army(
      [
        { entry: 'musketeers', stands: 5, count: 2 },
        { entry: 'horse-grenadiers', stands: 5, count: 2 },
        { entry: 'skirmishers', stands: 5, count: 2 },
      ],
      enough,
    );
    expect(validateArmy(c, 1000)).toEqual([]);
  });

  it('needs one Commander-in-Chief, and an Exceptional one only where the list names him', () => {
    const units: Army['entries'] = [
      { entry: 'musketeers', stands: 5, count: 2 },
      { entry: 'horse-grenadiers', stands: 5, count: 2 },
    ];
    expect(validateArmy(army(units, [{ kind: 'mediocre' }]), 1000)).toEqual(['The army has no Commander-in-Chief.']);
    expect(validateArmy(army(units, [{ kind: 'cinc' }, { kind: 'exceptional' }, { kind: 'mediocre' }]), 1000)).toEqual([
      'The army has 2 Commanders-in-Chief; it may have only one.',
    ]);
    const austria: Army = {
      list: 'austria',
      entries: [
        { entry: 'line-infantry', stands: 5, count: 2 },
        { entry: 'imperial-heavy-cavalry', stands: 5, count: 2 },
      ],
      generals: [{ kind: 'exceptional' }, { kind: 'mediocre' }],
    };
    expect(validateArmy(austria, 1000)).toEqual(['The Austrians may not buy an Exceptional Commander-in-Chief; one can only be rolled.']);
  });

  it('checks command capacity: skirmishers and artillery need no Command, the C-in-C commands none', () => {
    // 4 musketeers + 2 horse grenadiers need a Command; Cossacks, skirmishers and guns do not
    const units: Army['entries'] = [
      { entry: 'musketeers', stands: 5, count: 4 },
      { entry: 'horse-grenadiers', stands: 7, count: 2 },
      { entry: 'cossacks', stands: 3, count: 1 },
      { entry: 'cannon', stands: 1, count: 2 },
    ];
    expect(validateArmy(army(units, [{ kind: 'cinc' }, { kind: 'mediocre' }]), 1000)).toEqual([
      'The Generals can command 4 units but 6 units need a Command: buy Mediocre Generals or take free Poor Generals.',
    ]);
    expect(validateArmy(army(units, [{ kind: 'cinc' }, { kind: 'mediocre' }, { kind: 'mediocre' }]), 1000)).toEqual([]);
    // An unrolled Capable General counts as Ability 4 (the worst roll); a rolled one as rolled
    expect(validateArmy(army(units, [{ kind: 'cinc' }, { kind: 'capable' }]), 1000)).toHaveLength(1);
    expect(validateArmy(army(units, [{ kind: 'cinc' }, { kind: 'capable', ability: 6 }]), 1000)).toEqual([]);
    // A Cavalry General (Ability halved: 2 unrolled) commands only cavalry
    expect(validateArmy(army(units, [{ kind: 'cinc' }, { kind: 'mediocre' }, { kind: 'capable', cavalry: true }]), 1000)).toEqual([]);
    expect(validateArmy(army(units, [{ kind: 'cinc' }, { kind: 'capable', ability: 3 }, { kind: 'capable', cavalry: true, ability: 5 }]), 1000)).toEqual([
      'Cavalry Generals command only cavalry: the other Generals can command 3 of the 4 other units.',
    ]);
    expect(validateArmy(army(units, [{ kind: 'cinc' }, { kind: 'mediocre', cavalry: true }, { kind: 'mediocre' }]), 1000)).toEqual([
      'Only a Capable General can be a Cavalry General, not a Mediocre General.',
    ]);
    // Every General needs a Command of at least one unit
    const few: Army['entries'] = [
      { entry: 'musketeers', stands: 5, count: 1 },
      { entry: 'horse-grenadiers', stands: 5, count: 1 },
    ];
    expect(validateArmy(army(few, [{ kind: 'cinc' }, { kind: 'mediocre' }, { kind: 'mediocre' }, { kind: 'mediocre' }]), 1000)).toEqual([
      '3 Generals but only 2 units to command: every General needs a Command.',
    ]);
  });
});

describe('random status (B §9.4 tables A, R, P1, P2; A §4.1)', () => {
  const each = (table: StatusTableId): Status[] => [1, 2, 3, 4, 5, 6].map((d) => rollStatus(table, dice([d, 1])).status);

  it('walks every row of every table', () => {
    expect(each('A-imperial')).toEqual(['unreliable', 'unreliable', 'poorlyTrained', 'poorlyTrained', 'poorlyTrained', 'trained']);
    expect(each('A-grenzer')).toEqual(['wellTrained', 'wellTrained', 'wellTrained', 'wellTrained', 'wellTrained', 'elite']);
    expect(each('R-cossack')).toEqual(['unreliable', 'poorlyTrained', 'poorlyTrained', 'poorlyTrained', 'trained', 'trained']);
    expect(each('P1-infantry')).toEqual(['wellTrained', 'wellTrained', 'wellTrained', 'wellTrained', 'elite', 'elite']);
    expect(each('P1-dragoons')).toEqual(['trained', 'trained', 'wellTrained', 'wellTrained', 'elite', 'elite']);
    expect(each('P1-hussars')).toEqual(['wellTrained', 'wellTrained', 'wellTrained', 'wellTrained', 'wellTrained', 'elite']);
    expect(each('P2-infantry')).toEqual(['unreliable', 'poorlyTrained', 'poorlyTrained', 'trained', 'trained', 'elite']);
  });

  it('rolls again on P1’s 6: 4-6 is Exceptional', () => {
    for (const table of ['P1-infantry', 'P1-dragoons', 'P1-hussars'] as const) {
      expect([1, 2, 3, 4, 5, 6].map((d) => rollStatus(table, dice([6, d])).status)).toEqual(['elite', 'elite', 'elite', 'exceptional', 'exceptional', 'exceptional']);
    }
    const r = rollStatus('P1-infantry', dice([6, 4]));
    expect(r).toMatchObject({ table: 'P1-infantry', status: 'exceptional', hidden: false, dice: [6, 4], row: 'table P1, infantry: 6 = Elite, roll again 4 = Exceptional' });
    expect(r.throws.map((t) => t.purpose)).toEqual(['status: table P1, infantry', 'status: table P1, infantry, roll again']);
    // Only a 6 rolls again
    const roller = dice([5, 3]);
    expect(rollStatus('P1-dragoons', roller)).toMatchObject({ status: 'elite', dice: [5], row: 'table P1, dragoons: 5 = Elite' });
    expect(roller.consumed).toEqual([5]);
  });

  it('returns the dice and the row for the log', () => {
    const r = rollStatus('R-cossack', dice([3]));
    expect(r).toEqual({
      table: 'R-cossack',
      status: 'poorlyTrained',
      hidden: false,
      row: 'table R, Cossacks: 3 = Poorly Trained',
      dice: [3],
      throws: [{ purpose: 'status: table R, Cossacks', sides: 6, values: [3] }],
    });
  });

  it('Freikorps: no status roll (hidden until the first Resolve test), 1d6 stands', () => {
    const roller = dice([]);
    expect(rollStatus('freikorps', roller)).toMatchObject({ table: 'freikorps', status: 'unreliable', hidden: true, dice: [] });
    expect(roller.consumed).toEqual([]);
    expect(rollFreikorpsSize(dice([4]))).toEqual({ stands: 4, dice: [4], throws: [{ purpose: 'Freikorps size (stands)', sides: 6, values: [4] }] });
    expect([2, 8, 9, 10, 11, 12].map(freikorpsRevealStatus)).toEqual(['unreliable', 'unreliable', 'poorlyTrained', 'trained', 'elite', 'exceptional']);
  });

  it('every random entry names a table that exists', () => {
    for (const id of ARMY_LIST_IDS) {
      for (const e of ARMY_LISTS[id].entries) {
        if (isRandomStatus(e.status)) expect(e.status === 'freikorps' || e.status in STATUS_TABLES).toBe(true);
      }
    }
    expect(listEntry('russia', 'imperial-infantry').status).toBe('A-imperial'); // B33
    expect(listEntry('prussia-supremacy', 'dragoons').status).toBe('P1-dragoons');
    expect(listEntry('prussia-later', 'musketeers').status).toBe('P2-infantry');
    expect(listEntry('austria', 'freihussars').status).toBe('freikorps');
  });
});

describe('the lists as data (B §9.4, §3.3)', () => {
  it('carries the national special rules', () => {
    const r = (id: ArmyListId) => ARMY_LISTS[id].rules;
    expect(r('austria')).toMatchObject({ initiativeModifier: 3, austrianCoverBonus: true, pursuitModifier: -1, fortificationsToFlankMarch: true, extraOrderCard: false });
    expect(r('russia')).toMatchObject({ noWithdraw: true, cavalryNoVoluntaryRetire: true, oneGeneralCardPerTurn: true, cincAtBestTalented: true, initiativeModifier: 0 });
    expect(r('prussia-was')).toMatchObject({ extraOrderCard: false, initiativeModifier: -1, oblique: true, evadeModifier: -1, formationAtFirstOrder: true });
    for (const id of ['prussia-supremacy', 'prussia-later', 'prussia-twilight'] as const) {
      expect(r(id)).toMatchObject({ extraOrderCard: true, initiativeModifier: -1, oblique: true, evadeModifier: -1, formationAtFirstOrder: true, noWithdraw: false });
    }
  });

  it('shares the Later SYW list with the Twilight years, with its own budget and years', () => {
    expect(ARMY_LISTS['prussia-twilight'].entries).toEqual(ARMY_LISTS['prussia-later'].entries);
    expect(ARMY_LISTS['prussia-later'].years).toEqual({ from: 1759, to: 1763 });
    expect(ARMY_LISTS['prussia-twilight'].years).toEqual({ from: 1764, to: null });
    expect(ARMY_LISTS['prussia-was'].years).toEqual({ from: 1740, to: 1745 });
    expect(ARMY_LISTS['prussia-supremacy'].years).toEqual({ from: 1756, to: 1758 });
  });

  it('types the troops, guns and flags', () => {
    expect(listEntry('austria', 'hussars')).toMatchObject({ troop: 'skirmCav', flags: ['hussar'] });
    expect(listEntry('prussia-was', 'hussars')).toMatchObject({ troop: 'skirmCav', status: 'unreliable' });
    expect(listEntry('prussia-later', 'hussars')).toMatchObject({ troop: 'lightCav', flags: ['hussar'] });
    expect(listEntry('russia', 'cossacks')).toMatchObject({ troop: 'skirmCav', flags: ['cossack'] });
    expect(listEntry('prussia-supremacy', 'horse-artillery')).toMatchObject({ troop: 'artillery', gun: 'cannon', limit: { replaces: 'cannon', max: 2 }, sizes: [{ stands: 1, points: 25 }] });
    expect(listEntry('prussia-later', 'horse-artillery').status).toBe('wellTrained');
    expect(listEntry('austria', 'howitzer')).toMatchObject({ gun: 'howitzer', status: 'wellTrained', sizes: [{ stands: 1, points: 22 }] });
    expect(listEntry('russia', 'guard-infantry').flags).toEqual(['guard']);
    expect(listEntry('russia', 'grenadiers').flags).toEqual(['grenadier']);
    expect(listEntry('austria', 'freikorps')).toMatchObject({ troop: 'skirmInf', flags: ['freikorps'], limit: { max: 3 } });
    expect(listEntry('prussia-supremacy', 'freikorps').limit).toEqual({ max: 4 });
    expect(listEntry('prussia-later', 'freikorps').limit).toEqual({ max: 5 });
    // No list grants Assault orders (the seed gives them by cards only)
    for (const id of ARMY_LIST_IDS) for (const e of ARMY_LISTS[id].entries) expect(e.flags).not.toContain('assault');
  });
});

describe('default armies', () => {
  const stands = (a: Army, troops: string[]) =>
    a.entries.reduce((n, p) => n + (troops.includes(listEntry(a.list, p.entry).troop) ? p.stands * p.count : 0), 0);

  it.each(ARMY_LIST_IDS.flatMap((id) => [160, 300].map((p) => [id, p] as const)))('%s at %i points is legal, mostly infantry, with guns', (id, points) => {
    const a = defaultArmy(id, points);
    expect(validateArmy(a, points)).toEqual([]);
    expect(armyPoints(a)).toBeLessThanOrEqual(budgetFor(id, points));
    expect(armyPoints(a)).toBeGreaterThanOrEqual(budgetFor(id, points) - 10);
    expect(stands(a, ['infantry'])).toBeGreaterThanOrEqual(stands(a, ['lightCav', 'heavyCav', 'cuirassier']));
    expect(stands(a, ['artillery'])).toBeGreaterThanOrEqual(1);
    if (points === 300) expect(stands(a, ['skirmInf', 'skirmCav'])).toBeGreaterThanOrEqual(1);
    expect(a.generals.filter((g) => g.kind === 'cinc')).toHaveLength(1);
    expect(defaultArmy(id, points)).toEqual(a);
  });

  it('is legal for every list from 100 to 400 points', () => {
    for (const id of ARMY_LIST_IDS) {
      for (let points = 100; points <= 400; points += 10) expect([id, points, validateArmy(defaultArmy(id, points), points)]).toEqual([id, points, []]);
    }
  });

  it('gives this Austrian army for 160 points', () => {
    // Budget 184: line 4×10, horse grenadiers 18, dragoons 16, cuirassiers 22, cannon 17, Grenzer 14,
    // C-in-C 25, two Mediocre Generals made Capable with the spare points 2×12 = 176
    const a = defaultArmy('austria', 160);
    expect(a).toEqual({
      list: 'austria',
      entries: [
        { entry: 'line-infantry', stands: 5, count: 4 },
        { entry: 'horse-grenadiers', stands: 5, count: 1 },
        { entry: 'dragoons', stands: 5, count: 1 },
        { entry: 'cuirassiers', stands: 5, count: 1 },
        { entry: 'cannon', stands: 1, count: 1 },
        { entry: 'croat-grenzer', stands: 5, count: 1 },
      ],
      generals: [{ kind: 'cinc' }, { kind: 'capable' }, { kind: 'capable' }],
    });
    expect(armyPoints(a)).toBe(176);
  });

  it('refuses a total too small for any army', () => {
    expect(() => defaultArmy('prussia-supremacy', 40)).toThrow('no default Prussians: Absolute Supremacy army fits in 40 points');
  });
});
