/**
 * Horse-and-musket's three ways of setting up the battlefield (digest part B §5; the draft's own
 * seed text says no more than the digest for them). What a player would choose by hand (which
 * piece, where exactly) is rolled here, and the log says so where it happens.
 *
 * - Method 1, "fast and convenient" (§5.3): the host lays the table, then the opponent adds or
 *   removes up to 3 pieces, removals picked at random, additions placed at random outside the
 *   central area. [ENGINE DEFAULT] The host lays d6 + 2 pieces of kinds drawn from the RTG-2 table,
 *   anywhere; the opponent makes d4 - 1 changes, each a removal on 1-3 and an addition on 4-6.
 * - Method 2, "slightly more time-consuming" (§5.4): each player rolls d6 (+2 on a bigger table;
 *   at least 2) pieces; the first player (higher of two d6) places all of his, then the other; a
 *   piece meant for the central area goes there on 4-6 and is handed to the opponent, who places
 *   it elsewhere, on 1-3. Roads last. [ENGINE DEFAULT] Kinds from the RTG-2 table, places at
 *   random, no ±3 adjustment.
 * - Method 3, random generation (§5.5, the digest's engine default RTG-1..8, as written).
 * All three: sizes and attributes by RTG-3, subtypes by §5.2, roads by §4.9 / RTG-5, crossings,
 * raised roads and extra fords by RTG-6.
 *
 * Not done: the gap rule's deliberate defiles and its snapping (gaps under 8" between rough or
 * impassable pieces are simply re-placed), watercourses crossing the central area only once,
 * roads bending round impassable pieces. Laid for a game (`byGame`), the subtypes and extra fords
 * are the game's to roll, in secret where the book says (src/rules/horse-and-musket/subtypes.ts);
 * laid on its own, the table rolls them openly itself.
 */

import type { Vec2 } from '../core/geometry';
import { pointInPolygon } from '../core/geometry';
import { inch } from '../core/measure';
import type { GradientClass, HillFace, MarshClass, WaterClass, WoodDensity } from './features';
import { arcLengths, dcos, dist, dsin } from './detmath';
import { blobPolygon, type Blob } from './relief';
import { clearanceTo, fieldPlan, materialOf, type Keepout } from './settlements';
import {
  blobAt,
  classHill,
  crossingsOf,
  emptyPlan,
  faces,
  gradientWords,
  inches,
  lineAcross,
  meander,
  stretchesInside,
  subLine,
  sum,
  TAU,
  type PlannedWater,
  type SetupDice,
  type SetupPlan,
  type SetupTable,
} from './setup';

type Category = 'river' | 'marsh' | 'stream' | 'rough' | 'woods' | 'hill' | 'village' | 'farm' | 'woodedHill';

const CATEGORY_WORDS: { readonly [C in Category]: string } = {
  river: 'river',
  marsh: 'marsh',
  stream: 'stream',
  rough: 'rocky ground',
  woods: 'woods',
  hill: 'hill',
  village: 'village or town',
  farm: 'farm with enclosures',
  woodedHill: 'wooded hill',
};

/** RTG-2: 2d6 to category. */
function categoryOf(total: number): Category {
  return (['river', 'marsh', 'stream', 'rough', 'woods', 'hill', 'hill', 'woods', 'village', 'farm', 'woodedHill'] as const)[total - 2]!;
}

/** An area piece once its size and attributes are rolled, before it is placed. */
interface Piece {
  n: number;
  owner: 0 | 1;
  category: Category;
  /** Footprint size for ordering, mm². */
  area: number;
  /** Builds the footprint (and the plan entries) at a centre. */
  shape: (centre: Vec2) => Footprint;
  words: string;
}

interface Footprint {
  poly: Vec2[];
  /** Rough or impassable: subject to the gap rule and blocking deployment. */
  rt: boolean;
  /** May sit on a hill (woods, rocky ground) or is one. */
  onHills: boolean;
  hill: boolean;
  /** May touch water (marsh). */
  wet: boolean;
  /** Blocks deployment ground (anything but a gentle hill). */
  blocks: boolean;
  commit: (plan: SetupPlan) => void;
}

interface Placed {
  fp: Footprint;
  piece: Piece;
}

interface Geometry {
  width: number;
  depth: number;
  big: boolean;
  inCentral: (p: Vec2) => boolean;
}

function geometryOf(t: SetupTable): Geometry {
  // B §5.1: the central area lies within 12" of the centre line and more than 24" from each short edge.
  const cy = t.depth / 2;
  return {
    width: t.width,
    depth: t.depth,
    big: t.width * t.depth > inch(72) * inch(48) * 1.001,
    inCentral: (p) => Math.abs(p.y - cy) <= inch(12) && p.x > inch(24) && p.x < t.width - inch(24),
  };
}

/**
 * Lay the table. With `byGame` the subtypes and the extra fords are left to the game, which rolls
 * them once attacker and defender are known (B §6.1 steps 4-5): watercourses are cut into their
 * sections at the centre line (B45) and the places for extra fords listed, not rolled.
 */
export function planHorseAndMusket(dice: SetupDice, table: SetupTable, method: 1 | 2 | 3, byGame = false): SetupPlan {
  const g = geometryOf(table);
  const plan = emptyPlan();
  dice.note(`Horse & Musket set-up, method ${method}, on a ${inches(g.width)} x ${inches(g.depth)} table${g.big ? ' (larger than 6\' x 4\')' : ''}.`);
  dice.note(`Player 1's baseline is the south edge (y = 0), player 2's the north edge. Central area: within 12" of the centre line and more than 24" from the short edges.`);
  const ctx: Ctx = { dice, g, plan, placed: [], rivers: 0, streams: 0, n: 0 };

  if (method === 3) {
    // RTG-1
    const counts = ([0, 1] as const).map((p) => {
      const r = dice.d(6);
      const n = Math.max(2, r + (g.big ? 2 : 0));
      dice.note(`RTG-1: player ${p + 1} rolls d6 = ${r}${g.big ? ' + 2 (larger table)' : ''}: ${n} items${r + (g.big ? 2 : 0) < 2 ? ' (at least 2)' : ''}; no adjustment.`);
      return n;
    });
    const total = counts[0]! + counts[1]!;
    const pieces: Piece[] = [];
    const left = [counts[0]!, counts[1]!];
    for (let i = 0; i < total; i++) {
      // Alternate, as long as each player has items left.
      let owner: 0 | 1 = i % 2 === 0 ? 0 : 1;
      if (left[owner] === 0) owner = owner === 0 ? 1 : 0;
      left[owner]!--;
      const piece = rollItem(ctx, owner);
      if (piece) pieces.push(piece);
    }
    // RTG-4.1: area features by decreasing size (watercourses were laid as they were rolled).
    pieces.sort((a, b) => b.area - a.area || a.n - b.n);
    if (pieces.length > 0) dice.note(`RTG-4: placing ${pieces.length} area items, largest first: ${pieces.map((p) => `#${p.n}`).join(', ')}.`);
    for (const p of pieces) place(ctx, p, { central: 'roll', gap: true, sanity: true });
  } else if (method === 2) {
    const rolls = ([0, 1] as const).map((p) => {
      const r = dice.d(6);
      const n = Math.max(2, r + (g.big ? 2 : 0));
      dice.note(`Count: player ${p + 1} rolls d6 = ${r}${g.big ? ' + 2 (larger table)' : ''}: ${n} items; no adjustment.`);
      return n;
    });
    let first: 0 | 1;
    for (;;) {
      const a = dice.d(6);
      const b = dice.d(6);
      dice.note(`Who places first: player 1 rolls ${a}, player 2 rolls ${b}${a === b ? ': a tie, roll again' : ''}.`);
      if (a !== b) {
        first = a > b ? 0 : 1;
        break;
      }
    }
    dice.note(`Player ${first + 1} places all of his items first, then player ${2 - first}. Kinds come from the RTG-2 table and places at random, in place of the players' choices.`);
    for (const owner of [first, first === 0 ? 1 : 0] as const) {
      for (let k = 0; k < rolls[owner]!; k++) {
        const piece = rollItem(ctx, owner);
        if (piece) place(ctx, piece, { central: 'roll', gap: false, sanity: false });
      }
    }
  } else {
    const r = dice.d(6);
    const count = r + 2;
    dice.note(`Method 1: player 1 hosts and lays d6 + 2 = ${r} + 2 = ${count} items [engine default], kinds from the RTG-2 table, places at random anywhere.`);
    for (let k = 0; k < count; k++) {
      const piece = rollItem(ctx, 0);
      if (piece) place(ctx, piece, { central: 'allow', gap: false, sanity: false });
    }
    const c = dice.d(4);
    const changes = c - 1;
    dice.note(`Player 2 may add or remove up to 3 items: d4 - 1 = ${c} - 1 = ${changes} changes [engine default].`);
    for (let k = 0; k < changes; k++) {
      const what = dice.d(6);
      if (what <= 3 && ctx.placed.length > 0) {
        const pick = dice.d(ctx.placed.length);
        const gone = ctx.placed.splice(pick - 1, 1)[0]!;
        dice.note(`Change ${k + 1}: d6 = ${what}, a removal. The pieces are numbered 1-${ctx.placed.length + 1} in the order laid; d${ctx.placed.length + 1} = ${pick}: #${gone.piece.n} (${gone.piece.words}) is taken away.`);
      } else {
        dice.note(`Change ${k + 1}: d6 = ${what}, an addition${what <= 3 ? ' (nothing is left to remove)' : ''}, placed at random outside the central area.`);
        const piece = rollItem(ctx, 1);
        if (piece) place(ctx, piece, { central: 'forbid', gap: false, sanity: false });
      }
    }
  }
  for (const p of ctx.placed) p.fp.commit(plan);

  if (byGame) {
    cutAtCentreLine(ctx);
    plan.sections = true;
    dice.note('Subtypes, road crossings and extra fords: rolled by the game once the initiative winner has chosen to attack or defend (B §6.1 steps 4-5).');
  } else rollSubtypes(ctx);
  laySettlementRoads(ctx);
  layCrossings(ctx, byGame);
  return plan;
}

/** A cut at the centre line that would leave a section shorter than this is not made. */
export const SHORTEST_SECTION = inch(6);

/**
 * B45 [engine default]: each watercourse is cut where it crosses the centre line, so the section on
 * each half is its own feature, rolled and revealed on its own. A watercourse wandering back and
 * forth over the line is not cut into slivers: a cut leaving a section under 6" is not made.
 */
function cutAtCentreLine(ctx: Ctx): void {
  const { dice, g, plan } = ctx;
  const centre = g.depth / 2;
  const sections: PlannedWater[] = [];
  plan.waters.forEach((w, wi) => {
    const s = arcLengths(w.line);
    const total = s[s.length - 1]!;
    const cuts: number[] = [];
    for (let k = 1; k < w.line.length; k++) {
      const a = w.line[k - 1]!;
      const b = w.line[k]!;
      if ((a.y - centre) * (b.y - centre) >= 0) continue;
      const at = s[k - 1]! + ((s[k]! - s[k - 1]!) * (centre - a.y)) / (b.y - a.y);
      if (at - (cuts[cuts.length - 1] ?? 0) >= SHORTEST_SECTION && total - at >= SHORTEST_SECTION) cuts.push(at);
    }
    const ends = [0, ...cuts, total];
    for (let k = 0; k + 1 < ends.length; k++) sections.push({ ...w, line: k === 0 && ends.length === 2 ? w.line : subLine(w.line, ends[k]!, ends[k + 1]!) });
    if (cuts.length > 0) {
      // Feature ids count from 1 in the order laid.
      const first = sections.length - cuts.length;
      const ids = Array.from({ length: cuts.length + 1 }, (_, i) => `${w.kind}-${first + i}`);
      dice.note(`Watercourse ${wi + 1} (a ${w.kind}) crosses the centre line: cut there into ${cuts.length + 1} sections, ${ids.join(' and ')}, each rolled for on its own (B45).`);
    }
  });
  plan.waters = sections;
}

interface Ctx {
  dice: SetupDice;
  g: Geometry;
  plan: SetupPlan;
  placed: Placed[];
  rivers: number;
  streams: number;
  /** Items rolled so far, for their numbers. */
  n: number;
}

/**
 * RTG-2 and RTG-3: roll an item's category and its size and attributes. Watercourses are laid at
 * once (they go edge to edge, and other pieces keep off them); area items are returned to place.
 */
function rollItem(ctx: Ctx, owner: 0 | 1): Piece | null {
  const { dice } = ctx;
  const n = ++ctx.n;
  const two = dice.roll(2, 6);
  let cat = categoryOf(sum(two));
  let why = '';
  if (cat === 'river' && ctx.rivers >= 1) {
    cat = 'stream';
    why = ' (a river already exists: a stream instead)';
  }
  if (cat === 'stream' && ctx.streams >= 2) {
    cat = 'woods';
    why += ' (two streams already exist: woods instead)';
  }
  const head = `Item #${n} (player ${owner + 1}): 2d6 = ${faces(two)} = ${sum(two)}: ${CATEGORY_WORDS[cat]}${why}`;

  if (cat === 'river' || cat === 'stream') {
    layWatercourse(ctx, cat, head);
    return null;
  }
  if (cat === 'hill' || cat === 'woodedHill') {
    const l = dice.roll(2, 6);
    const s = dice.d(6);
    const o = dice.d(6);
    const long = inch(8 + sum(l));
    const short = inch(6 + s);
    const angle = (o * 30 * TAU) / 360;
    const { gradient, faces: hillFaces, words } = rollGradient(dice, angle);
    const sh = dice.d(6);
    const shape = sh <= 3 ? 'domed' : 'flatTopped';
    const blobSeed = { a2: dice.range(0, 0.08), p2: dice.range(0, TAU), a3: dice.range(0, 0.06), p3: dice.range(0, TAU) };
    let cover = 0;
    if (cat === 'woodedHill') cover = dice.range(0.5, 1);
    dice.note(
      `${head}; long axis 8 + 2d6 = 8 + ${faces(l)} = ${inches(long)}, short axis 6 + d6 = 6 + ${s} = ${inches(short)}, turned d6 x 30° = ${o * 30}°; ${words}; shape d6 = ${sh}: ${shape === 'domed' ? 'domed' : 'flat-topped'}` +
        (cat === 'woodedHill' ? `; woods cover ${Math.round(cover * 100)}% of it` : ''),
    );
    const density: WoodDensity = 'woodland';
    return {
      n,
      owner,
      category: cat,
      area: (Math.PI * long * short) / 4,
      words: CATEGORY_WORDS[cat],
      shape: (centre) => {
        const blob: Blob = { centre, long: Math.max(long, short) / 2, short: Math.min(long, short) / 2, cos: dcos(angle), sin: dsin(angle), ...blobSeed };
        const hill = classHill(blob, gradient, hillFaces, shape);
        const poly = blobPolygon(blob);
        const k = Math.sqrt(cover);
        const woodBlob: Blob = { ...blob, long: blob.long * k, short: blob.short * k };
        return {
          poly,
          rt: cat === 'woodedHill',
          onHills: false,
          hill: true,
          wet: false,
          blocks: gradient !== 'gentle' || cat === 'woodedHill',
          commit: (plan) => {
            plan.hills.push({ hill, noun: cat === 'woodedHill' ? 'wooded hill' : 'hill' });
            if (cat === 'woodedHill') plan.woods.push({ blob: woodBlob, density, noun: 'wood' });
          },
        };
      },
    };
  }
  if (cat === 'woods' || cat === 'marsh') {
    const r = dice.d(6);
    const across = inch(6 + r);
    const angle = dice.range(0, TAU / 2);
    dice.note(`${head}; ${cat === 'woods' ? 'diameter' : 'across'} 6 + d6 = 6 + ${r} = ${inches(across)}${cat === 'marsh' && ctx.plan.waters.length > 0 ? ', placed against a watercourse' : ''}`);
    return {
      n,
      owner,
      category: cat,
      area: (Math.PI * across * across) / 4,
      words: CATEGORY_WORDS[cat],
      shape: (centre) => {
        const blob = blobAt(dice, centre, across, across * 0.8, angle);
        return {
          poly: blobPolygon(blob, 20),
          rt: true,
          onHills: cat === 'woods',
          hill: false,
          wet: cat === 'marsh',
          blocks: true,
          commit: (plan) => {
            // Subtypes are rolled after the layout (§5.2); woodland and bog until then.
            if (cat === 'woods') plan.woods.push({ blob, density: 'woodland', noun: 'wood' });
            else plan.marshes.push({ blob, class: 'bog', noun: 'marsh' });
          },
        };
      },
    };
  }
  if (cat === 'rough') {
    const r = dice.d(3);
    const across = inch(3 + r);
    dice.note(`${head}; across 3 + d3 = 3 + ${r} = ${inches(across)}, at the foot of a hill when there is one`);
    return {
      n,
      owner,
      category: cat,
      area: (Math.PI * across * across) / 4,
      words: CATEGORY_WORDS[cat],
      shape: (centre) => {
        const blob = blobAt(dice, centre, across, across * 0.8, dice.range(0, TAU / 2));
        return { poly: blobPolygon(blob, 14), rt: true, onHills: true, hill: false, wet: false, blocks: true, commit: (plan) => plan.rough.push({ blob, noun: 'rocky ground' }) };
      },
    };
  }
  if (cat === 'village') {
    const r = dice.d(6);
    const across = inch(6 + r);
    const size = dice.d(6);
    const extra = dice.d(3);
    const town = size >= 5;
    const count = (town ? 6 : 3) + extra;
    const mats = dice.roll(count, 6);
    const materials = mats.map(materialOf);
    const stone = materials.filter((m) => m === 'stone').length;
    dice.note(
      `${head}; area 6 + d6 = 6 + ${r} = ${inches(across)} across; size d6 = ${size}: ${town ? `a town of 6 + d3 = 6 + ${extra}` : `a village of 3 + d3 = 3 + ${extra}`} = ${count} buildings; materials d6 each = ${faces(mats)}: ${count - stone} wooden (1-4), ${stone} stone (5-6), so ${stone * 2 > count ? 'stone' : 'wooden'} by majority`,
    );
    return {
      n,
      owner,
      category: cat,
      area: (Math.PI * across * across) / 4,
      words: town ? 'town' : 'village',
      shape: (centre) => ({
        poly: disc(centre, across / 2),
        rt: true,
        onHills: false,
        hill: false,
        wet: false,
        blocks: true,
        commit: (plan) => plan.settlements.push({ class: town ? 'town' : 'village', centre, radius: across / 2, materials }),
      }),
    };
  }
  // Farm with enclosures.
  const m = dice.d(6);
  const k = dice.d(3);
  const plans = Array.from({ length: k }, () => {
    const b = dice.d(6);
    const c = dice.d(6);
    return { dice: [b, c], plan: fieldPlan(b, c) };
  });
  dice.note(
    `${head}; farmhouse d6 = ${m}: ${materialOf(m) === 'stone' ? 'stone' : 'wooden'}; d3 = ${k} fields: ${plans
      .map((p, i) => `field ${i + 1} boundary d6 = ${p.dice[0]} (${p.plan.boundary}), crops d6 = ${p.dice[1]} (${p.plan.crops ? 'crops' : 'none'})`)
      .join('; ')}`,
  );
  // The yard: the fields themselves are laid afterwards, as many as fit.
  const reach = inch(4);
  return {
    n,
    owner,
    category: cat,
    area: inch(6) * inch(6) * k,
    words: CATEGORY_WORDS.farm,
    shape: (centre) => ({
      poly: disc(centre, reach),
      rt: true,
      onHills: false,
      hill: false,
      wet: false,
      blocks: true,
      commit: (plan) => plan.farms.push({ centre, material: materialOf(m), fields: plans.map((p) => p.plan) }),
    }),
  };
}

/** RTG-3 hill gradient: d6 1-2 gentle, 3-4 normal, 5 steep, 6 roll again (1-3 normal with a steep face, 4-5 very steep, 6 steep with a sheer face). */
function rollGradient(dice: SetupDice, angle: number): { gradient: GradientClass; faces: HillFace[]; words: string } {
  const r = dice.d(6);
  if (r <= 2) return { gradient: 'gentle', faces: [], words: `gradient d6 = ${r}: gentle` };
  if (r <= 4) return { gradient: 'normal', faces: [], words: `gradient d6 = ${r}: normal` };
  if (r === 5) return { gradient: 'steep', faces: [], words: `gradient d6 = ${r}: steep` };
  const again = dice.d(6);
  if (again >= 4 && again <= 5) return { gradient: 'verySteep', faces: [], words: `gradient d6 = 6, again d6 = ${again}: very steep` };
  // The odd face: a 60-120° sector, facing a random way.
  const span = 60 + 30 * (dice.d(3) - 1);
  const facing = Math.round(((angle * 360) / TAU + dice.range(0, 360)) % 360);
  const face: HillFace = { from: facing - span / 2 + (facing - span / 2 < 0 ? 360 : 0), to: 0, gradient: again <= 3 ? 'steep' : 'sheer' };
  face.to = face.from + span;
  const gradient: GradientClass = again <= 3 ? 'normal' : 'steep';
  return {
    gradient,
    faces: [face],
    words: `gradient d6 = 6, again d6 = ${again}: ${gradientWords(gradient)} with one ${face.gradient} face of ${span}° facing ${facing}°`,
  };
}

function disc(c: Vec2, r: number): Vec2[] {
  const out: Vec2[] = [];
  for (let k = 0; k < 20; k++) out.push({ x: c.x + r * dcos((TAU * k) / 20), y: c.y + r * dsin((TAU * k) / 20) });
  return out;
}

/** RTG-3 watercourses: a river edge to edge by its course roll; a stream edge to edge or into the river. */
function layWatercourse(ctx: Ctx, cat: 'river' | 'stream', head: string): void {
  const { dice, g, plan } = ctx;
  const W = g.width;
  const D = g.depth;
  let a: Vec2;
  let b: Vec2;
  let words: string;
  const width = cat === 'river' ? dice.range(inch(1.5), inch(3)) : dice.range(inch(0.5), inch(1));
  if (cat === 'river') {
    ctx.rivers++;
    const course = dice.d(6);
    if (course <= 2) {
      a = { x: dice.range(0.25, 0.75) * W, y: 0 };
      b = { x: dice.range(0.25, 0.75) * W, y: D };
      words = `course d6 = ${course}: baseline to baseline`;
    } else if (course <= 4) {
      const flip = dice.range(0, 1) < 0.5;
      a = { x: dice.range(0, 0.2) * W, y: 0 };
      b = { x: dice.range(0.8, 1) * W, y: D };
      if (flip) {
        a = { x: W - a.x, y: 0 };
        b = { x: W - b.x, y: D };
      }
      words = `course d6 = ${course}: diagonal`;
    } else {
      const half = dice.d(6);
      // Short edge to short edge inside one half, kept more than 12" from the centre line, so it
      // never runs along the central area.
      const lo = inch(3);
      const hi = Math.max(lo + inch(1), D / 2 - inch(13));
      const y0 = dice.range(lo, hi);
      const y1 = dice.range(lo, hi);
      a = { x: 0, y: half <= 3 ? y0 : D - y0 };
      b = { x: W, y: half <= 3 ? y1 : D - y1 };
      words = `course d6 = ${course}: short edge to short edge in the ${half <= 3 ? 'south' : 'north'} half (d6 = ${half})`;
    }
    const flow = dice.d(6);
    if (flow >= 4) [a, b] = [b, a];
    words += `; flow d6 = ${flow}: towards (${inches(b.x)}, ${inches(b.y)})`;
  } else {
    ctx.streams++;
    const river = plan.waters.find((w) => w.kind === 'river');
    const edge = (k: number): Vec2 => {
      const t = dice.range(0.15, 0.85);
      return k === 1 ? { x: t * W, y: D } : k === 2 ? { x: W, y: t * D } : k === 3 ? { x: t * W, y: 0 } : { x: 0, y: t * D };
    };
    const from = dice.d(4);
    a = edge(from);
    const into = river ? dice.d(6) : 0;
    if (river && into <= 3) {
      const s = river.line[Math.floor(dice.range(0.2, 0.8) * river.line.length)]!;
      b = s;
      words = `from the ${['', 'north', 'east', 'south', 'west'][from]} edge (d4 = ${from}) into the river (d6 = ${into})`;
    } else {
      let to = dice.d(3);
      if (to >= from) to++;
      b = edge(to);
      words = `from the ${['', 'north', 'east', 'south', 'west'][from]} edge (d4 = ${from}) to the ${['', 'north', 'east', 'south', 'west'][to]} edge${river ? ` (d6 = ${into}: not into the river)` : ''}`;
    }
  }
  const line = meander(dice, a, b, cat === 'river' ? inch(2) : inch(1.5));
  plan.waters.push({ kind: cat, class: cat === 'river' ? 'river' : 'minorStream', line, width });
  dice.note(`${head}; ${words}; ${inches(width)} wide.`);
}

interface PlacePolicy {
  /** 'roll': §5.4 / RTG-4.3; 'allow': the host's own layout; 'forbid': method 1 additions. */
  central: 'roll' | 'allow' | 'forbid';
  gap: boolean;
  sanity: boolean;
}

const GAP = inch(8);
/** Nudges tried around each rolled place before it counts as a re-placement. */
const NUDGES = 8;

/** RTG-4: find a place for a piece, re-placing at most 20 times, and log where it went. */
function place(ctx: Ctx, piece: Piece, policy: PlacePolicy): void {
  const { dice, g } = ctx;
  const other = piece.owner === 0 ? 1 : 0;
  let handed = false;
  let tries = 0;
  let centralWords = '';
  // Places tried and found without room, with their dice, for the log.
  const failed: string[] = [];
  const retried = (): string => (failed.length > 0 ? `; no room at ${failed.join(', ')}` : '');
  for (; tries < 20; tries++) {
    // What the central-area roll said about an earlier try does not hold for this one, unless
    // the piece was handed over.
    if (!handed) centralWords = '';
    let centre: Vec2;
    let where: string;
    if (handed || (policy.central === 'forbid' && tries > 0)) {
      centre = outsideCentral(ctx, handed ? other : piece.owner);
      where = `(${inches(centre.x)}, ${inches(centre.y)})`;
    } else {
      const cx = dice.d(6);
      const cy = dice.d(6);
      centre = { x: ((cx - 1 + dice.range(0, 1)) * g.width) / 6, y: ((cy - 1 + dice.range(0, 1)) * g.depth) / 6 };
      where = `cell x ${cx}, y ${cy}: (${inches(centre.x)}, ${inches(centre.y)})`;
    }
    const moved0 = special(ctx, piece);
    if (moved0) {
      centre = moved0.centre;
      where += `, ${moved0.words} at (${inches(centre.x)}, ${inches(centre.y)})`;
    }
    if (g.inCentral(centre)) {
      if (policy.central === 'forbid') {
        failed.push(`${where} (central area)`);
        continue;
      }
      if (policy.central === 'roll' && !handed) {
        const r = dice.d(6);
        if (r <= 3) {
          handed = true;
          centralWords = `; it fell in the central area (${where}), d6 = ${r}: handed to player ${other + 1}, who places it outside the central area in his half`;
          tries--;
          continue;
        }
        centralWords = `; in the central area, d6 = ${r}: it stays`;
      }
    }
    // Pieces may be nudged to fit (§5.4; RTG-4.5 moves a piece to mend a gap): up to 6" away.
    for (let nudge = 0; nudge <= NUDGES; nudge++) {
      let at = centre;
      if (nudge > 0) {
        const a = dice.range(0, TAU);
        const r = dice.range(inch(1), inch(6));
        at = { x: centre.x + r * dcos(a), y: centre.y + r * dsin(a) };
        // A nudge does not carry a piece into the central area unless it was allowed there.
        if (g.inCentral(at) && !g.inCentral(centre)) continue;
      }
      const fp = piece.shape(at);
      if (!fits(ctx, fp, policy)) continue;
      ctx.placed.push({ fp, piece });
      const moved = nudge > 0 ? `, nudged ${inches(dist(at, centre))} to fit` : '';
      dice.note(`#${piece.n} ${piece.words}${retried()}; placed at ${where}${centralWords}${moved}${nudge > 0 ? `: (${inches(at.x)}, ${inches(at.y)})` : ''}.`);
      return;
    }
    failed.push(`${where}${centralWords.replace('; in the central area', ' in the central area')}`);
  }
  dice.note(`#${piece.n} ${piece.words}${retried()}: no room after 20 tries; dropped${centralWords}.`);
}

/** Marsh against the water, rocky ground at a hill's foot (RTG-3), when there is one. */
function special(ctx: Ctx, piece: Piece): { centre: Vec2; words: string } | null {
  const { dice, plan } = ctx;
  if (piece.category === 'marsh' && plan.waters.length > 0) {
    const w = plan.waters[dice.d(plan.waters.length) - 1]!;
    const k = Math.min(w.line.length - 2, Math.floor(dice.range(0.1, 0.9) * w.line.length));
    const p = w.line[k]!;
    const q = w.line[k + 1]!;
    const len = dist(p, q);
    const side = dice.range(0, 1) < 0.5 ? 1 : -1;
    const off = w.width / 2 + Math.sqrt(piece.area / Math.PI) * 0.8;
    return { centre: { x: p.x - ((q.y - p.y) / len) * off * side, y: p.y + ((q.x - p.x) / len) * off * side }, words: 'moved against the water' };
  }
  const hills = ctx.placed.filter((p) => p.fp.hill);
  if (piece.category === 'rough' && hills.length > 0) {
    const h = hills[dice.d(hills.length) - 1]!.fp.poly;
    return { centre: h[Math.floor(dice.range(0, h.length))]!, words: "moved to a hill's foot" };
  }
  return null;
}

function outsideCentral(ctx: Ctx, owner: 0 | 1): Vec2 {
  const { dice, g } = ctx;
  for (;;) {
    const p = { x: dice.range(0, g.width), y: owner === 0 ? dice.range(0, g.depth / 2) : dice.range(g.depth / 2, g.depth) };
    if (!g.inCentral(p)) return p;
  }
}

function fits(ctx: Ctx, fp: Footprint, policy: PlacePolicy): boolean {
  const { g, plan } = ctx;
  // RTG-4.7: clear of the table edges by an inch.
  if (!fp.poly.every((p) => p.x >= inch(1) && p.y >= inch(1) && p.x <= g.width - inch(1) && p.y <= g.depth - inch(1))) return false;
  // Water: only a marsh may touch it.
  for (const w of plan.waters) {
    const d = clearanceTo(fp.poly, { shape: w.line, closed: false, clearance: 0 });
    if (!fp.wet && d < w.width / 2 + inch(0.5)) return false;
  }
  for (const o of ctx.placed) {
    const d = clearanceTo(fp.poly, { shape: o.fp.poly, closed: true, clearance: 0 } satisfies Keepout);
    const combined = (fp.hill && o.fp.onHills) || (o.fp.hill && fp.onHills);
    if (d === 0 && !combined) return false;
    if (policy.gap && fp.rt && o.fp.rt && d > 0 && d < GAP) return false;
  }
  if (policy.sanity && !deploymentOpen(ctx, fp)) return false;
  return true;
}

/** RTG-4.6: at least half of each deployment band (12"-24" from the centre line) stays open. */
function deploymentOpen(ctx: Ctx, extra: Footprint): boolean {
  const { g } = ctx;
  const blockers = [...ctx.placed.map((p) => p.fp), extra].filter((f) => f.blocks);
  for (const sign of [-1, 1]) {
    let open = 0;
    let total = 0;
    for (let y = g.depth / 2 + sign * inch(12.5); Math.abs(y - g.depth / 2) < inch(24); y += sign * inch(1)) {
      for (let x = inch(0.5); x < g.width; x += inch(1)) {
        total++;
        if (!blockers.some((b) => pointInPolygon({ x, y }, b.poly))) open++;
      }
    }
    if (total > 0 && open * 2 < total) return false;
  }
  return true;
}

/** §5.2 / RTG-7: subtypes of woods, marshes, streams and rivers. */
function rollSubtypes(ctx: Ctx): void {
  const { dice, plan } = ctx;
  const rolled: string[] = [];
  plan.woods.forEach((w, i) => {
    const r = dice.d(6);
    w.density = r === 1 ? 'open' : r <= 4 ? 'woodland' : 'forest';
    rolled.push(`wood ${i + 1} d6 = ${r}: ${w.density === 'open' ? 'orchard / open woodland' : w.density}`);
  });
  plan.marshes.forEach((m, i) => {
    const r = dice.d(6);
    const c: MarshClass = r <= 3 ? 'bog' : r <= 5 ? 'morass' : 'quagmire';
    m.class = c;
    rolled.push(`marsh ${i + 1} d6 = ${r}: ${c}`);
  });
  plan.waters.forEach((w: PlannedWater, i) => {
    const r = dice.d(6);
    const c: WaterClass =
      w.kind === 'stream'
        ? r <= 4
          ? 'minorStream'
          : 'torrentialStream'
        : (['shallowRiver', 'fastRiver', 'river', 'river', 'ragingTorrent', 'deepRiver'] as const)[r - 1]!;
    w.class = c;
    rolled.push(`${w.kind} ${i + 1} d6 = ${r}: ${c.replace(/([A-Z])/g, ' $1').toLowerCase()}`);
  });
  if (rolled.length > 0) dice.note(`Subtypes (§5.2; the defender's secret rolls, made openly here): ${rolled.join('; ')}.`);
}

/** §4.9 / RTG-5: roads between the villages and towns. */
function laySettlementRoads(ctx: Ctx): void {
  const { dice, g, plan } = ctx;
  const towns = plan.settlements;
  const roadWidth = (): number => dice.range(inch(0.9), inch(1.1));
  if (towns.length === 0) return;
  if (towns.length === 1) {
    const t = towns[0]!;
    const nearSouth = t.centre.y < g.depth / 2;
    const start = { x: Math.min(g.width, Math.max(0, t.centre.x + dice.range(-inch(12), inch(12)))), y: nearSouth ? 0 : g.depth };
    const line = lineAcross(start, t.centre, g.width, g.depth);
    plan.roads.push({ line: nearSouth ? line : line.reverse(), width: roadWidth() });
    dice.note(`Roads (RTG-5): one settlement, so a straight road from the ${nearSouth ? 'south' : 'north'} baseline through it to the far edge.`);
    return;
  }
  // The two largest by buildings (then by area) are joined by one straight road, edge to edge.
  const order = towns.map((t, i) => i).sort((a, b) => towns[b]!.materials.length - towns[a]!.materials.length || towns[b]!.radius - towns[a]!.radius || a - b);
  const [i0, i1] = [order[0]!, order[1]!];
  plan.roads.push({ line: lineAcross(towns[i0]!.centre, towns[i1]!.centre, g.width, g.depth), width: roadWidth() });
  const words = [`a straight road through the two largest, settlements ${i0 + 1} and ${i1 + 1}, to the table edges`];
  for (const k of order.slice(2)) {
    const t = towns[k]!;
    let near = -1;
    for (let j = 0; j < towns.length; j++) if (j !== k && (near < 0 || dist(towns[j]!.centre, t.centre) < dist(towns[near]!.centre, t.centre))) near = j;
    const edges = [
      { x: t.centre.x, y: 0 },
      { x: t.centre.x, y: g.depth },
      { x: 0, y: t.centre.y },
      { x: g.width, y: t.centre.y },
    ];
    const edge = edges.reduce((a, b) => (dist(a, t.centre) <= dist(b, t.centre) ? a : b));
    plan.roads.push({ line: [towns[near]!.centre, t.centre, edge], width: roadWidth() });
    words.push(`settlement ${k + 1} linked to its nearest neighbour, settlement ${near + 1}, and to the nearest edge`);
  }
  dice.note(`Roads (§4.9): ${words.join('; ')}.`);
}

/**
 * RTG-6: a ford or bridge where a road meets water, raised roads over marshes, extra fords. With
 * `byGame` the road crossings and the extra fords' stretches are listed for the game to roll for,
 * whatever the water's kind: which it is (a raging torrent takes no ford) is not known yet.
 */
function layCrossings(ctx: Ctx, byGame: boolean): void {
  const { dice, plan } = ctx;
  plan.waters.forEach((w, wi) => {
    const cuts: number[] = [];
    plan.roads.forEach((r, ri) => {
      for (const c of crossingsOf(r.line, w.line)) {
        cuts.push(c.qS);
        if (byGame) {
          // Bridge or ford: the game rolls it once the water's kind is known (B §6.1 step 5).
          plan.crossingSites.push({ water: wi, road: ri, at: c.at });
          dice.note(`Road ${ri + 1} meets ${w.kind} ${wi + 1} at (${inches(c.at.x)}, ${inches(c.at.y)}): a bridge or a ford, rolled for by the game after the water's kind.`);
          continue;
        }
        const r1 = dice.d(6);
        if (r1 <= 3 && w.class !== 'ragingTorrent') {
          plan.crossings.push({ kind: 'ford', water: wi, road: ri, at: c.at });
          dice.note(`Road ${ri + 1} meets ${w.kind} ${wi + 1} at (${inches(c.at.x)}, ${inches(c.at.y)}): d6 = ${r1}, a ford.`);
        } else {
          const r2 = dice.d(6);
          const material = r2 >= 5 ? 'stone' : 'wood';
          plan.crossings.push({ kind: 'bridge', water: wi, road: ri, at: c.at, material });
          dice.note(
            `Road ${ri + 1} meets ${w.kind} ${wi + 1} at (${inches(c.at.x)}, ${inches(c.at.y)}): d6 = ${r1}${r1 <= 3 ? ' (no ford in a raging torrent [engine default])' : ''}, a bridge; d6 = ${r2}: ${material === 'stone' ? 'stone' : 'wooden'}.`,
          );
        }
      }
    });
    // Extra fords: sections of 18" or more with no crossing, split into parts of 18-36".
    if (!byGame && w.kind === 'stream' && w.class !== 'torrentialStream') return;
    if (!byGame && w.class === 'ragingTorrent') return;
    const s = lengths(w.line);
    const ends = [0, ...cuts.sort((a, b) => a - b), s];
    for (let k = 0; k + 1 < ends.length; k++) {
      const len = ends[k + 1]! - ends[k]!;
      if (len < inch(18)) continue;
      const parts = Math.ceil(len / inch(36));
      for (let p = 0; p < parts; p++) {
        if (byGame) {
          plan.fordSites.push({ water: wi, line: subLine(w.line, ends[k]! + (p * len) / parts, ends[k]! + ((p + 1) * len) / parts) });
          dice.note(`${w.kind} ${wi + 1}: a section of ${inches(len / parts)} with no crossing, extra ford place ${plan.fordSites.length}: rolled for by the game.`);
          continue;
        }
        const at = ends[k]! + ((p + 0.5) * len) / parts;
        const r = dice.d(6);
        const pt = subLine(w.line, at, at)[0]!;
        if (r >= 5) plan.crossings.push({ kind: 'ford', water: wi, at: pt });
        dice.note(`${w.kind} ${wi + 1}: a section of ${inches(len / parts)} with no crossing; d6 = ${r}: ${r >= 5 ? `a ford at its midpoint (${inches(pt.x)}, ${inches(pt.y)})` : 'no ford'}.`);
      }
    }
  });
  // A road over a marsh is raised across it and 6" beyond.
  plan.roads.forEach((r, ri) => {
    const total = lengths(r.line);
    const spans: [number, number][] = [];
    for (const m of plan.marshes) for (const [a, b] of stretchesInside(r.line, blobPolygon(m.blob, 16))) spans.push([Math.max(0, a - inch(6)), Math.min(total, b + inch(6))]);
    spans.sort((a, b) => a[0] - b[0]);
    const merged: [number, number][] = [];
    for (const sp of spans) {
      const last = merged[merged.length - 1];
      if (last && sp[0] <= last[1]) last[1] = Math.max(last[1], sp[1]);
      else merged.push([sp[0], sp[1]]);
    }
    for (const [a, b] of merged) {
      plan.raised.push({ road: ri, line: subLine(r.line, a, b) });
      dice.note(`Road ${ri + 1} crosses a marsh: raised for ${inches(b - a)}, across it and 6" beyond.`);
    }
  });
}

function lengths(line: readonly Vec2[]): number {
  let s = 0;
  for (let k = 1; k < line.length; k++) s += dist(line[k - 1]!, line[k]!);
  return s;
}
