/**
 * syw-orders' random terrain (digest §16.6, its seed's "Terrain Rules"): D3 + 1 hills, D4 - 1
 * woods, D4 - 2 wet features (each a marsh on 1-4 or a stream on 5-6), a town on a 6; each piece
 * centred in a sub-sector found by two D6 (sector, then sub-sector) and turned by a third. A hill
 * landing where a hill already stands is discarded and raises that hill a level instead; other
 * pieces landing on an occupied sub-sector roll again. Larger tables are split in two halves
 * along their length and each half is laid the same way.
 *
 * The digest's proposal A63 fills in what the book leaves open, and is followed here: sectors 3
 * along the table by 2 across (1-3 in the south row, 4-6 in the north, west to east), sub-sectors
 * the same inside a sector; hills and woods 20 + 5·D4 cm long (45-60 cm, 40 + 5·D4, on a D6 of 6,
 * counting twice), 70% as wide; marshes 15-25 cm (13 + 2·D6); streams and the town's road from a
 * D4 edge (1 N, 2 E, 3 S, 4 W) and a D6 sixth of it to a D3 choice of the other edges and a D6
 * sixth, meandering up to 5 cm. [ENGINE DEFAULT] The town is 18 + 2·D6 cm across with 3 + D3
 * buildings (each wooden on 1-4, stone on 5-6, as in horse-and-musket); a road meets a stream at a
 * wooden bridge. Hill levels become gradient classes: level 0 gentle ("low, even hills", type 0),
 * 1 normal ("low hills", type 1), 2 or more steep (type 2).
 *
 * Not done: the defender's bought terrain (§16.7), which is chosen during the game's set-up.
 */

import type { Vec2 } from '../core/geometry';
import type { GradientClass } from './features';
import { blobPolygon, type Blob } from './relief';
import { materialOf } from './settlements';
import { blobAt, classHill, cm, crossingsOf, emptyPlan, faces, meander, type SetupDice, type SetupPlan, type SetupTable, TAU } from './setup';

interface Region {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  label: string;
}

/** Sector or sub-sector n (1-6) of a rectangle: 1-3 along the south row, 4-6 the north, west to east. */
function cell(r: Region, n: number): Region {
  const col = (n - 1) % 3;
  const row = n <= 3 ? 0 : 1;
  const w = (r.x1 - r.x0) / 3;
  const h = (r.y1 - r.y0) / 2;
  return { x0: r.x0 + col * w, y0: r.y0 + row * h, x1: r.x0 + (col + 1) * w, y1: r.y0 + (row + 1) * h, label: '' };
}

/** D6 turn: 1 = 45° right (clockwise), 2 = 90° right, 3 = 45° left, 4 = 180°, 5-6 unchanged. */
const TURN_DEG = [0, -45, -90, 45, 180, 0, 0] as const;
const TURN_WORDS = ['', '45° right', '90° right', '45° left', '180°', 'left as it is', 'left as it is'] as const;

const LEVEL_GRADIENT = (level: number): GradientClass => (level <= 0 ? 'gentle' : level === 1 ? 'normal' : 'steep');

export function planSywOrders(dice: SetupDice, table: SetupTable): SetupPlan {
  const plan = emptyPlan();
  const W = table.width;
  const D = table.depth;
  const halves = W > 1828.8 * 1.01 ? 2 : 1;
  dice.note(`Seven Years War (orders) set-up on a ${cm(W)} x ${cm(D)} table${halves === 2 ? ', larger than 6\' x 4\': each half is diced separately' : ''}.`);
  dice.note('Sectors: 3 along the table by 2 across, 1-3 in the south row and 4-6 in the north, west to east; sub-sectors likewise inside each sector.');
  for (let hIdx = 0; hIdx < halves; hIdx++) {
    const region: Region = { x0: (hIdx * W) / halves, y0: 0, x1: ((hIdx + 1) * W) / halves, y1: D, label: halves === 2 ? (hIdx === 0 ? 'West half: ' : 'East half: ') : '' };
    layHalf(dice, plan, region, table);
  }
  return plan;
}

interface Slot {
  sector: number;
  sub: number;
  centre: Vec2;
}

function layHalf(dice: SetupDice, plan: SetupPlan, region: Region, table: SetupTable): void {
  const pre = region.label;
  /** Sub-sectors taken, as "sector/sub", and the hill (index into plan.hills) in each. */
  const taken = new Map<string, number>();
  const roll = (): Slot => {
    const sector = dice.d(6);
    const sub = dice.d(6);
    const c = cell(cell(region, sector), sub);
    return { sector, sub, centre: { x: (c.x0 + c.x1) / 2, y: (c.y0 + c.y1) / 2 } };
  };
  const turn = (): { deg: number; words: string } => {
    const r = dice.d(6);
    return { deg: TURN_DEG[r]!, words: `turn d6 = ${r}: ${TURN_WORDS[r]!}` };
  };
  const size = (remaining: number, noun: string): { long: number; count: number; words: string } => {
    const big = dice.d(6);
    const d4 = dice.d(4);
    if (big === 6 && remaining >= 2) return { long: 400 + 50 * d4, count: 2, words: `size d6 = 6: a large ${noun} (counts as 2), 40 + 5 x d4 = 40 + 5 x ${d4} = ${cm(400 + 50 * d4)} long` };
    return { long: 200 + 50 * d4, count: 1, words: `size d6 = ${big}${big === 6 ? ' (only one left to place: standard)' : ''}, 20 + 5 x d4 = 20 + 5 x ${d4} = ${cm(200 + 50 * d4)} long` };
  };

  // 1. Hills.
  const h3 = dice.d(3);
  const hillCount = h3 + 1;
  const level0 = Math.ceil((2 * hillCount) / 3);
  dice.note(`${pre}Hills: D3 + 1 = ${h3} + 1 = ${hillCount}; the first ${level0} (2/3, rounded up) are level 0, the rest level 1.`);
  const firstHill = plan.hills.length;
  for (let used = 0; used < hillCount; ) {
    const n = plan.hills.length - firstHill + 1;
    const sz = size(hillCount - used, 'hill');
    const level = used < level0 ? 0 : 1;
    used += sz.count;
    const slot = roll();
    const key = `${slot.sector}/${slot.sub}`;
    const there = taken.get(key);
    if (there !== undefined && there >= 0) {
      const h = plan.hills[there]!;
      h.level = (h.level ?? 0) + 1;
      h.hill = classHill(h.hill, LEVEL_GRADIENT(h.level), [], 'domed');
      dice.note(`${pre}Hill roll ${n}: ${sz.words}; sector ${slot.sector}, sub-sector ${slot.sub} already holds a hill: this one is discarded and that hill rises to level ${h.level}.`);
      continue;
    }
    const t = turn();
    const blob = blobAt(dice, slot.centre, sz.long, sz.long * 0.7, (t.deg * TAU) / 360);
    taken.set(key, plan.hills.length);
    plan.hills.push({ hill: classHill(blob, LEVEL_GRADIENT(level), [], 'domed'), level });
    dice.note(`${pre}Hill ${n}: ${sz.words}, ${cm(sz.long * 0.7)} wide; level ${level}; sector d6 = ${slot.sector}, sub-sector d6 = ${slot.sub}: centred at (${cm(slot.centre.x)}, ${cm(slot.centre.y)}); ${t.words}.`);
  }

  /** A free sub-sector for a piece that is not a hill: roll again while it is taken (20 tries). */
  const freeSlot = (what: string): Slot | null => {
    for (let k = 0; k < 20; k++) {
      const slot = roll();
      const key = `${slot.sector}/${slot.sub}`;
      if (!taken.has(key)) {
        taken.set(key, -1);
        return slot;
      }
      dice.note(`${pre}${what}: sector ${slot.sector}, sub-sector ${slot.sub} is taken; roll again.`);
    }
    dice.note(`${pre}${what}: no free sub-sector in 20 rolls; left out.`);
    return null;
  };

  // 2. Woods.
  const w4 = dice.d(4);
  const woodCount = Math.max(0, w4 - 1);
  dice.note(`${pre}Woods: D4 - 1 = ${w4} - 1 = ${woodCount}, each level 2.`);
  for (let used = 0, n = 1; used < woodCount; n++) {
    const sz = size(woodCount - used, 'wood');
    used += sz.count;
    const slot = freeSlot(`Wood ${n}`);
    if (!slot) continue;
    const t = turn();
    const blob = blobAt(dice, slot.centre, sz.long, sz.long * 0.7, (t.deg * TAU) / 360);
    plan.woods.push({ blob, density: 'woodland', level: 2, noun: 'wood' });
    dice.note(`${pre}Wood ${n}: ${sz.words}, ${cm(sz.long * 0.7)} wide; sector ${slot.sector}, sub-sector ${slot.sub}: (${cm(slot.centre.x)}, ${cm(slot.centre.y)}); ${t.words}${keepOnTable(blob, table)}.`);
  }

  // 3. Marshes and streams.
  const m4 = dice.d(4);
  const wetCount = Math.max(0, m4 - 2);
  dice.note(`${pre}Wet ground: D4 - 2 = ${m4} - 2 = ${wetCount} features.`);
  for (let n = 1; n <= wetCount; n++) {
    const kind = dice.d(6);
    if (kind <= 4) {
      const r = dice.d(6);
      const across = 130 + 20 * r;
      const slot = freeSlot(`Wet feature ${n} (marsh)`);
      if (!slot) continue;
      const t = turn();
      const blob = blobAt(dice, slot.centre, across, across * 0.75, (t.deg * TAU) / 360);
      plan.marshes.push({ blob, class: 'bog', noun: 'marsh' });
      dice.note(`${pre}Wet feature ${n}: d6 = ${kind}, a marsh 13 + 2 x d6 = 13 + 2 x ${r} = ${cm(across)} across; sector ${slot.sector}, sub-sector ${slot.sub}: (${cm(slot.centre.x)}, ${cm(slot.centre.y)}); ${t.words}${keepOnTable(blob, table)}.`);
    } else {
      const { line, words } = edgeToEdge(dice, region, table);
      plan.waters.push({ kind: 'stream', class: 'minorStream', line, width: dice.range(15, 25) });
      dice.note(`${pre}Wet feature ${n}: d6 = ${kind}, a stream ${words}.`);
    }
  }

  // 4. A town on a 6, with a road through it.
  const t6 = dice.d(6);
  if (t6 < 6) {
    dice.note(`${pre}Town: d6 = ${t6}: none.`);
    return;
  }
  const size6 = dice.d(6);
  const across = 180 + 20 * size6;
  const b3 = dice.d(3);
  const mats = dice.roll(3 + b3, 6);
  const slot = freeSlot('Town');
  if (!slot) return;
  const t = turn();
  const materials = mats.map(materialOf);
  plan.settlements.push({ class: materials.length >= 6 ? 'town' : 'village', centre: slot.centre, radius: across / 2, materials });
  dice.note(
    `${pre}Town: d6 = 6: a town/village 18 + 2 x d6 = 18 + 2 x ${size6} = ${cm(across)} across [engine default], 3 + D3 = 3 + ${b3} = ${3 + b3} buildings, materials d6 = ${faces(mats)} (1-4 wooden, 5-6 stone); sector ${slot.sector}, sub-sector ${slot.sub}: (${cm(slot.centre.x)}, ${cm(slot.centre.y)}); ${t.words}.`,
  );
  const road = edgeToEdge(dice, region, table, slot.centre);
  const ri = plan.roads.length;
  plan.roads.push({ line: road.line, width: 25 });
  dice.note(`${pre}Its road runs ${road.words}.`);
  plan.waters.forEach((w, wi) => {
    for (const c of crossingsOf(road.line, w.line)) {
      plan.crossings.push({ kind: 'bridge', water: wi, road: ri, at: c.at, material: 'wood' });
      dice.note(`${pre}The road meets stream ${wi + 1} at (${cm(c.at.x)}, ${cm(c.at.y)}): a wooden bridge [engine default].`);
    }
  });
}

/**
 * [ENGINE DEFAULT] A wood or marsh centred near the edge would hang off the table: slide it in
 * until it fits (hills may run to the edge: the ground just rises there). Says how far, for the log.
 */
function keepOnTable(blob: Blob, table: SetupTable): string {
  const poly = blobPolygon(blob, 20);
  let dx = 0;
  let dy = 0;
  for (const p of poly) {
    dx = Math.max(dx, -p.x);
    dy = Math.max(dy, -p.y);
  }
  for (const p of poly) {
    dx = Math.min(dx, table.width - p.x);
    dy = Math.min(dy, table.depth - p.y);
  }
  if (dx === 0 && dy === 0) return '';
  blob.centre = { x: blob.centre.x + dx, y: blob.centre.y + dy };
  return `; slid ${cm(Math.sqrt(dx * dx + dy * dy))} in to stay on the table [engine default]`;
}

const EDGE_NAMES = ['', 'north', 'east', 'south', 'west'] as const;

/**
 * A line from a D4 edge (1 N, 2 E, 3 S, 4 W) at a D6 sixth of it to a D3 choice among the other
 * three edges at a D6 sixth, meandering up to 5 cm; through `via` when given (a town's road).
 */
function edgeToEdge(dice: SetupDice, r: Region, table: SetupTable, via?: Vec2): { line: Vec2[]; words: string } {
  const point = (edge: number, sixth: number): Vec2 => {
    const t = (sixth - 0.5) / 6;
    if (edge === 1) return { x: r.x0 + t * (r.x1 - r.x0), y: table.depth };
    if (edge === 2) return { x: r.x1, y: t * table.depth };
    if (edge === 3) return { x: r.x0 + t * (r.x1 - r.x0), y: 0 };
    return { x: r.x0, y: t * table.depth };
  };
  const from = dice.d(4);
  const s1 = dice.d(6);
  const pick = dice.d(3);
  const others = [1, 2, 3, 4].filter((e) => e !== from);
  const to = others[pick - 1]!;
  const s2 = dice.d(6);
  const a = point(from, s1);
  const b = point(to, s2);
  const words = `from the ${EDGE_NAMES[from]} edge (D4 = ${from}, sixth D6 = ${s1}) to the ${EDGE_NAMES[to]} edge (D3 = ${pick} of the other three, sixth D6 = ${s2})${via ? ', through the town' : ', meandering up to 5 cm'}`;
  if (via) return { line: [a, via, b], words };
  return { line: meander(dice, a, b, 50), words };
}
