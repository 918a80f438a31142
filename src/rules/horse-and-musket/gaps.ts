/**
 * Narrow gaps and defiles (A §11.7, §11.8, B §1.2, §4.10): the clear passage a move goes through
 * between ground the unit may not enter and friendly units, and who may pass it how.
 *
 * - A gap is narrow for a unit when it is narrower than the unit's frontage [PROPOSAL]: a line's
 *   width (a loose unit counts its line's width), one stand for a column, a gun, a General and
 *   skirmishers ("at least one base wide").
 * - A formed line passes a narrow gap only in loose formation, which it takes automatically on coming
 *   within 1" of the gap; a loose unit needs a gap at least 2" wide. A column, skirmishers and guns
 *   need only their one stand.
 * - A bridge is a defile: its water is impassable beside it, so its width is measured like any gap.
 * - Evading and running troops break formation for gaps between ground, not between units.
 * The measuring itself is the core's (`narrowestPassage`); this file says what bounds a gap.
 */

import { add, corners, direction, lerp, rectsOverlap, scale, type OrientedRect, type Vec2 } from '../../core/geometry';
import { datan2, dcos, dhypot } from '../../core/detmath';
import { standRect } from '../../core/model';
import { inch, toInches } from '../../core/measure';
import { firstPassageNarrower, narrowestPassage, rayToRects, type ClearanceProbe, type Passage } from '../../core/passage';
import type { Battlefield } from '../../terrain/battlefield';
import { STAND_SIZE, lineFrontage, relayout } from './layout';
import { moveTo, pointAhead, walk, type WalkOptions, type WalkResult } from './moves';
import { impassableFor, pathBlocked, terrainAt } from './terrain';
import type { HmState, HmUnit } from './types';
import { liveUnits } from './world';
import { isSkirmisher, offTable } from './zones';

/** The narrowest gap anyone passes, loose formation included (A §11.7). */
export const MIN_LOOSE_GAP = inch(2);
/** A line comes within this of a narrow gap and breaks ranks (A §11.7). */
export const GAP_LOOSE_REACH = inch(1);
/** Cross-sections along a path are this far apart, mm: finer than any building or bridge is deep. */
const GAP_STEP = inch(0.5);

/** The width a unit needs to pass in its formation, mm: its line for line and loose units, one stand otherwise. */
export function frontageFor(u: HmUnit): number {
  const one = STAND_SIZE[u.rs.troop].width;
  if (u.rs.troop === 'general' || u.rs.troop === 'artillery' || isSkirmisher(u) || u.formation === 'column') return one;
  return lineFrontage(u.rs.troop, u.stands.length);
}

/** Formed troops that would break ranks to pass a gap; skirmishers, guns and Generals never do (A §11.7). */
const breaksRanks = (u: HmUnit): boolean => !isSkirmisher(u) && u.rs.troop !== 'general' && u.rs.troop !== 'artillery';

/** How wide the unit stands now across its facing, mm: a skirmish chain or loose scatter is wider than its line. */
export function spanOf(u: HmUnit): number {
  let lo = Infinity;
  let hi = -Infinity;
  for (const s of u.stands) {
    lo = Math.min(lo, s.l - s.width / 2);
    hi = Math.max(hi, s.l + s.width / 2);
  }
  return Math.max(frontageFor(u), hi - lo);
}

/** A narrow gap, and the bridge it is when it is one. */
export interface NarrowGap extends Passage {
  bridge?: string;
}

export interface GapOptions {
  /** Only ground bounds the gap (evading and running troops plough into units, B §1.5, A §11.8). */
  terrainOnly?: boolean;
  /** Report gaps narrower than this, mm (default the unit's frontage); `spanOf` finds the gaps a chain must thread. */
  need?: number;
}

/**
 * The narrowest gap a unit's Colour Stand goes through moving straight from `from` to `to` (its front
 * edge half a stand further on), bounded by ground the unit may not enter and by friendly formed units
 * (skirmishers are moved aside and Generals step aside); null when it passes none narrower than its
 * frontage (or `need`).
 */
export function gapAlong(state: HmState, bf: Battlefield, u: HmUnit, from: Vec2, to: Vec2, opts: GapOptions = {}): NarrowGap | null {
  const need = opts.need ?? frontageFor(u);
  const path = gapPath(state, bf, u, from, to, need, !!opts.terrainOnly);
  const gap = narrowestPassage(from, path.front, path.probe, { reach: need, step: GAP_STEP });
  if (!gap || gap.width >= need - 0.5) return null;
  const bridge = terrainAt(bf, gap.at).find((h) => h.feature.kind === 'bridge');
  return bridge ? { ...gap, bridge: bridge.feature.name } : gap;
}

/**
 * The path a unit's Colour Stand sweeps from `from` to `to` (to its front edge, half a stand on) and
 * the probe that measures the clear way either side of it: ground the unit may not enter, and
 * friendly formed units unless only the ground counts.
 */
function gapPath(state: HmState, bf: Battlefield, u: HmUnit, from: Vec2, to: Vec2, need: number, terrainOnly: boolean): { front: Vec2; probe: ClearanceProbe } {
  const len = dhypot(to.x - from.x, to.y - from.y);
  const heading = len > 1e-6 ? datan2(to.y - from.y, to.x - from.x) : u.facing;
  const front = add(to, scale(direction(heading), STAND_SIZE[u.rs.troop].depth / 2));
  const corridor = len + need * 2 + inch(1);
  const friends = terrainOnly
    ? []
    : liveUnits(state).flatMap((o) => {
        if (o.side !== u.side || o.id === u.id || isSkirmisher(o) || o.rs.troop === 'general') return [];
        if (dhypot(o.x - from.x, o.y - from.y) > corridor + inch(12)) return [];
        return o.stands.filter((s) => s.status !== 'destroyed').map((s) => ({ name: o.name, rect: standRect(o, s) }));
      });
  const probe: ClearanceProbe = (p, dir, maxLen) => {
    let best: { distance: number; what: string } | null = null;
    for (const f of friends) {
      const d = rayToRects(p, dir, maxLen, [f.rect]);
      if (d !== null && (!best || d < best.distance)) best = { distance: d, what: f.name };
    }
    // The ground is the dearer test: it need look only as far as the nearest friend.
    const len = best ? best.distance : maxLen;
    const hit = len > 0 ? pathBlocked(bf, p, add(p, scale(dir, len)), u.rs.troop) : undefined;
    if (hit && hit.t < 1) best = { distance: hit.t * len, what: hit.feature.name };
    return best;
  };
  return { front, probe };
}

/**
 * How far the Colour Stand goes from `from` toward `to` before its front edge meets the first
 * cross-section of the way narrower than `width` (the mouth of a gap too narrow for it), mm; null
 * when there is none.
 */
function mouthDistance(state: HmState, bf: Battlefield, u: HmUnit, from: Vec2, to: Vec2, width: number): number | null {
  const path = gapPath(state, bf, u, from, to, width, false);
  const mouth = firstPassageNarrower(from, path.front, path.probe, { reach: width, step: GAP_STEP }, width);
  return mouth ? Math.max(0, mouth.along - STAND_SIZE[u.rs.troop].depth / 2) : null;
}

const inches = (mm: number): string => `${toInches(mm).toFixed(1)}"`;

/** The gap in words, for messages: "the gap between Long Wood and 2nd Battalion (3.0" wide)", "Mill bridge (3.0" wide)". */
export function describeGap(g: NarrowGap): string {
  const wide = `(${inches(g.width)} wide)`;
  if (g.bridge) return `${g.bridge} ${wide}`;
  return g.left === g.right ? `the narrow way through ${g.left} ${wide}` : `the gap between ${g.left} and ${g.right} ${wide}`;
}

/**
 * Why a unit may not pass this narrow gap as it stands, or null when it may (A §11.7, B §4.10): a
 * line must first break ranks, a loose unit needs 2", the rest need their one stand.
 */
export function gapRefusal(u: HmUnit, g: NarrowGap): string | null {
  const one = STAND_SIZE[u.rs.troop].width;
  if (u.rs.troop === 'general') return null;
  if (!breaksRanks(u) || u.formation === 'column') {
    return g.width < one - 0.5 ? `${u.name} cannot pass ${describeGap(g)}: it is narrower than one stand (${inches(one)})` : null;
  }
  if (g.width < MIN_LOOSE_GAP - 0.5) return `${u.name} cannot pass ${describeGap(g)}: no formed unit passes a gap narrower than 2", even in loose formation`;
  if (u.formation === 'line') {
    return `${u.name} is in line, ${inches(frontageFor(u))} wide, and ${describeGap(g)} is narrower: it passes only in loose formation. Move it to within 1" of the gap first; there it breaks ranks by itself`;
  }
  return null;
}

/** A narrow gap a formed line has come within 1" of, straight ahead: it breaks ranks into loose formation (A §11.7). */
export function narrowGapAhead(state: HmState, bf: Battlefield, u: HmUnit): NarrowGap | null {
  if (!breaksRanks(u) || u.formation !== 'line') return null;
  const ahead = add({ x: u.x, y: u.y }, scale(direction(u.facing), GAP_LOOSE_REACH));
  const g = gapAlong(state, bf, u, { x: u.x, y: u.y }, ahead);
  return g && g.width >= MIN_LOOSE_GAP - 0.5 ? g : null;
}

/** A line within 1" of a narrow gap breaks ranks into loose formation, in a file if it must (A §11.7). */
export function breakRanksBefore(state: HmState, bf: Battlefield, u: HmUnit, gap: NarrowGap, heading = u.facing): string[] {
  u.formation = 'loose';
  relayout(u);
  fitLooseInGap(state, bf, u, heading);
  return [`${u.name} breaks ranks into loose formation before ${describeGap(gap)}`];
}

/**
 * Lay a loose unit's stands out in a file behind its Colour Stand when its usual scatter would stand
 * on ground it may not enter or on friends: the way a unit threads a defile (A §11.7). The file trails
 * back along the way it came (`heading`): in front of the Colour Stand for a unit that backed away.
 */
export function fitLooseInGap(state: HmState, bf: Battlefield, u: HmUnit, heading = u.facing): boolean {
  if (!standsBlocked(state, bf, u)) return false;
  const { depth } = STAND_SIZE[u.rs.troop];
  const trail = dcos(heading - u.facing) < 0 ? 1 : -1;
  // A file, every other stand a hair aside so they do not line up (A §11.7: "not quite touching, not aligned").
  const file = (way: number): HmUnit['stands'] => u.stands.map((s, i) => ({ ...s, f: way * i * (depth + inch(0.1)), l: i % 2 === 0 ? 0 : inch(0.1) }));
  u.stands = file(trail);
  // A file that would trail over the table's edge forms the other way where that way is clear: a
  // unit with stands over the edge counts as gone once it moves (A §11.9).
  const table = { width: bf.width, depth: bf.depth };
  if (offTable(u, table)) {
    const other = { ...u, stands: file(-trail) };
    if (!offTable(other, table) && !standsBlocked(state, bf, other)) u.stands = other.stands;
  }
  return true;
}

/** Whether any of the unit's stands, as laid out now, stands on ground it may not enter or on a friendly formed unit. */
export function standsBlocked(state: HmState, bf: Battlefield, u: HmUnit): boolean {
  const friends = liveUnits(state).filter((o) => o.side === u.side && o.id !== u.id && !isSkirmisher(o) && o.rs.troop !== 'general');
  return u.stands.some((s) => {
    const r = standRect(u, s);
    const pts = [{ x: r.cx, y: r.cy }, ...cornersInset(r)];
    if (pts.some((p) => impassableFor(bf, p, u.rs.troop))) return true;
    return friends.some((f) => f.stands.some((t) => rectsOverlap(r, standRect(f, t), 1)));
  });
}

/** Troops that went through a gap between ground broke formation to do it, and stand in a file if they must (A §11.7). */
export function breakFormationThrough(state: HmState, bf: Battlefield, u: HmUnit, gap: NarrowGap): string[] {
  if ((u.formation === 'line' || u.formation === 'column') && breaksRanks(u)) {
    u.formation = 'loose';
    relayout(u);
  }
  fitLooseInGap(state, bf, u);
  return [`${u.name} breaks formation to pass ${describeGap(gap)}`];
}

/** The corners pulled a millimetre toward the centre, so a stand touching an edge does not count as on it. */
function cornersInset(r: OrientedRect): Vec2[] {
  const c = { x: r.cx, y: r.cy };
  return corners(r).map((k) => lerp(k, c, 1 / Math.max(1, Math.min(r.width, r.depth) / 2)));
}

/**
 * A gap between ground (not units) that evading or running troops break formation to pass (A §11.8,
 * B §1.5, §4.10): narrower than they stand but wide enough for loose formation (one stand for
 * skirmishers). Null when there is none, or it is too narrow, and they will plough into the ground.
 */
export function terrainGapToThread(state: HmState, bf: Battlefield, u: HmUnit, from: Vec2, to: Vec2): NarrowGap | null {
  const g = gapAlong(state, bf, u, from, to, { terrainOnly: true, need: spanOf(u) });
  if (!g) return null;
  const least = breaksRanks(u) ? MIN_LOOSE_GAP : STAND_SIZE[u.rs.troop].width;
  return g.width >= least - 0.5 ? g : null;
}

/** The narrowest gap a unit passes at all: 2" for troops that break ranks for it, one stand for the rest (A §11.7, B §4.10). */
function leastGapFor(u: HmUnit): number {
  return breaksRanks(u) && u.formation !== 'column' ? MIN_LOOSE_GAP : STAND_SIZE[u.rs.troop].width;
}

/**
 * For a move the rules force on a unit (a withdrawal or retreat, thrown back, a veer off) whose plain
 * walk `w` stopped at ground or a friend short of `dist`: the narrow gap there that it may pass by
 * breaking ranks, as troops not broken or evading do (A §11.7, §11.8), to go on with `moveThroughGaps`;
 * null when there is none or it is too narrow, and the move meets what stopped it.
 */
export function gapToPass(state: HmState, bf: Battlefield, u: HmUnit, heading: number, dist: number, w: WalkResult): NarrowGap | null {
  if (u.rs.troop === 'general' || w.travelled >= dist - 0.5 || (!w.hitTerrain && !w.hitFriend)) return null;
  const g = gapAlong(state, bf, u, { x: u.x, y: u.y }, pointAhead(u, heading, dist), { need: spanOf(u) });
  return g && g.width >= leastGapFor(u) - 0.5 ? g : null;
}

/** A move made, with what it did on the way through narrow gaps. */
export interface GapMove {
  /** The walk, its distance counted over the whole way when the unit broke ranks part way. */
  walk: WalkResult;
  /** Sentences for the log: the move's own (terrain, loose formation) and the gap's. */
  notes: string[];
  gap: NarrowGap | null;
}

/**
 * A move the rules make rather than the player (an Attack's moves, a column's compulsory march, Form
 * Line's step): walked and made, with the narrow gaps and defiles on the way settled as the player
 * would settle them (A §11.7, B §4.10) [ENGINE DEFAULT]:
 * - a formed line goes on in line to within 1" of the gap, breaks ranks there by itself and threads
 *   it loose; a loose unit or a skirmish chain threads it round its Colour Stand, in a file if it must;
 * - a gap too narrow for the unit (under 2" for formed troops, under one stand for columns, guns and
 *   skirmishers) stops the move with its front at the gap's mouth.
 * An ordered move is refused instead (orders.ts): the player chooses another way.
 */
export function moveThroughGaps(state: HmState, bf: Battlefield, u: HmUnit, heading: number, dist: number, facing: number, walkOpts: WalkOptions = {}, moveOpts: Parameters<typeof moveTo>[4] = {}): GapMove {
  const made = (w: WalkResult, notes: string[] = []): GapMove => ({ walk: w, notes: [...notes, ...moveTo(state, bf, u, w.pose, moveOpts)], gap: null });
  const from = { x: u.x, y: u.y };
  const to = pointAhead(u, heading, dist);
  const gap = u.rs.troop === 'general' || dist <= 0.5 ? null : gapAlong(state, bf, u, from, to, { need: spanOf(u) });
  if (!gap) return made(walk(state, bf, u, heading, dist, facing, walkOpts));
  const least = leastGapFor(u);
  if (gap.width < least - 0.5) {
    // Too narrow: the move ends at the mouth of the gap.
    const mouth = mouthDistance(state, bf, u, from, to, least - 0.5) ?? dist;
    const short = Math.min(dist, Math.max(0, mouth - inch(0.05)));
    const w = walk(state, bf, u, heading, short, facing, walkOpts);
    // The mouth is found to a cross-section (half an inch) and the walk to a quarter inch, and it halts
    // where its stands would touch the sides: a halt that near the mouth is the gap's doing.
    const atMouth = short < dist - 0.5 && w.travelled >= short - GAP_STEP - inch(0.3) && !w.hitFriend && !w.hitEnemy;
    const stoppedBy = atMouth ? gapRefusal(u, gap) : w.stoppedBy;
    return { ...made({ ...w, stoppedBy }), gap };
  }
  const notes: string[] = [];
  let before = 0;
  if (u.formation === 'line' && breaksRanks(u)) {
    // In line to within 1" of the gap, then loose.
    const mouth = mouthDistance(state, bf, u, from, to, frontageFor(u) - 0.5) ?? 0;
    const leg = Math.min(dist, Math.max(0, mouth - GAP_LOOSE_REACH));
    if (leg > 0.5) {
      const w1 = walk(state, bf, u, heading, leg, u.facing, walkOpts);
      notes.push(...moveTo(state, bf, u, w1.pose, moveOpts));
      before = w1.travelled;
      if (w1.travelled < leg - 0.5 || u.removed) return { walk: w1, notes, gap };
    }
    if (u.formation === 'line') notes.push(...breakRanksBefore(state, bf, u, gap, heading));
  }
  const w = walk(state, bf, u, heading, Math.max(0, dist - before), facing, { ...walkOpts, colourStandOnly: true });
  const move = made(w, notes);
  if (!u.removed && fitLooseInGap(state, bf, u, heading)) move.notes.push(`${u.name} threads ${describeGap(gap)} in a file`);
  return { ...move, walk: { ...w, travelled: before + w.travelled }, gap };
}
