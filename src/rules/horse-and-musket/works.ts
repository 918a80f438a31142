/**
 * Field works bought with the army (B §6.1 steps 3 and 6, §9.2; A §24): 6" sections of field
 * fortification (the Austrian list) and of chevaux de frise (the Russian list).
 *
 * - Only a defender keeps them: an attacker loses any he bought once the postures are fixed
 *   (B §6.1 step 3). `HmSideState.works` holds the sections still to be placed.
 * - The defender places them with his main deployment, anywhere in his half of the table
 *   ([ENGINE DEFAULT]: the book says only that he "is permitted temporary fieldworks"): on ground
 *   his infantry could stand on, clear of units and of other works. "Deploy the rest for me" puts
 *   them 1" in front of his foremost foot and guns, and whatever is left when the deployment ends
 *   is put there by the engine too, so nothing paid for is lost unseen.
 * - Placed, each is a feature of the battlefield spec (`BattlefieldSpec.works`), read by the
 *   terrain table like any other linear obstacle (terrain.ts `fieldFortification`,
 *   `chevauxDeFrise`): rough and slowing, impassable to guns (and chevaux de frise to formed
 *   cavalry), hard cover behind a fortification, soft under fire and fortified in contact behind
 *   chevaux de frise, and the −3 and disorder of attacking across an obstacle (A §23.3).
 */

import { corners, direction, rectsOverlap, wrapAngle, type OrientedRect, type Vec2 } from '../../core/geometry';
import { inch } from '../../core/measure';
import type { Action, SideId } from '../../core/model';
import { sideName, unitFootprint } from '../../core/model';
import { RuleError, type ActionParam, type LegalAction, type RuleContext } from '../../core/ruleset';
import { rectZone } from '../../core/deployment';
import { battlefieldFromSpec, type Battlefield } from '../../terrain/battlefield';
import { isWater, type WorksFeature } from '../../terrain/features';
import { terrainAt, impassableFor } from './terrain';
import type { HmState, HmUnit } from './types';
import { ARMY_LISTS, type Army, type ArmyList } from './armies';
import { nearSideId } from './world';

/** The action that places one section of works during the deployment. */
export const PLACE_WORKS_ACTION = 'place-works';
/** Every section is 6" long (B §9.2: bought "per 6" section"). */
export const WORKS_SECTION = inch(6);
/** Placed by the engine this far in front of the unit it covers. */
const AUTO_GAP = inch(1);

/** What each list's works are on the table: the feature kind, its width and height (mm), and words. */
export const WORKS_KINDS: Readonly<Record<string, { feature: WorksFeature['kind']; width: number; height: number; noun: string }>> = {
  fortification: { feature: 'fieldwork', width: 25, height: 11, noun: 'field fortification' },
  'chevaux-de-frise': { feature: 'chevaux', width: 10, height: 10, noun: 'chevaux de frise' },
};

/** The works a side's army bought, as sections to place by works id; absent when none. */
export function worksBought(army: Army): Record<string, number> | undefined {
  const out: Record<string, number> = {};
  for (const w of army.works ?? []) if (w.count > 0) out[w.id] = (out[w.id] ?? 0) + w.count;
  return Object.keys(out).length ? out : undefined;
}

/** Sections a side still has to place. */
export function worksLeft(state: HmState, side: SideId): number {
  return Object.values(state.rules.sides[side]?.works ?? {}).reduce((a, b) => a + b, 0);
}

/** The army list a side fights with (the first side's is the `armyA` option, the second's `armyB`). */
export function listOfSide(state: HmState, side: SideId): ArmyList | undefined {
  const list = state.options[state.sides[0]!.id === side ? 'armyA' : 'armyB'];
  return Object.values(ARMY_LISTS).find((l) => l.id === list);
}

function worksName(state: HmState, side: SideId, id: string): string {
  const entry = listOfSide(state, side)?.works.find((w) => w.id === id);
  return entry?.name ?? WORKS_KINDS[id]?.noun ?? id;
}

/**
 * An attacker loses the works he bought (B §6.1 step 3), once the postures are fixed. Returns the
 * words for the log, one line per side that loses some.
 */
export function attackersLoseWorks(state: HmState): string[] {
  const out: string[] = [];
  for (const s of state.sides) {
    const rs = state.rules.sides[s.id]!;
    if (rs.posture !== 'attacker' || !rs.works) continue;
    const lost = Object.entries(rs.works).map(([id, n]) => `${n} × ${worksName(state, s.id, id)}`);
    delete rs.works;
    out.push(`${s.name} attack, and an attacker loses the field works he bought (B §6.1): ${lost.join(', ')}`);
  }
  return out;
}

/** The side's half of the table, where its works may go ([ENGINE DEFAULT]). */
export function worksZone(state: HmState, side: SideId): Vec2[] {
  const { width, depth } = state.battlefield;
  const near = nearSideId(state) === side;
  return rectZone(`${side}-works`, side, 'your half of the table', 0, near ? 0 : depth / 2, width, near ? depth / 2 : depth).polygon;
}

/** Straight at the enemy's edge of the table: up it for the near side, down it for the far side. */
export function towardEnemy(state: HmState, side: SideId): number {
  return nearSideId(state) === side ? Math.PI / 2 : -Math.PI / 2;
}

/** The rectangle a section covers, its front facing `facing`. */
export function worksRect(kind: string, at: Vec2, facing: number): OrientedRect {
  return { cx: at.x, cy: at.y, facing, width: WORKS_SECTION, depth: WORKS_KINDS[kind]!.width };
}

/** A section as a feature of the table: its line runs across its front, left to right seen from behind. */
export function worksFeature(state: HmState, side: SideId, kind: string, at: Vec2, facing: number): WorksFeature {
  const def = WORKS_KINDS[kind]!;
  const c = corners(worksRect(kind, at, facing));
  const left = { x: (c[0].x + c[3].x) / 2, y: (c[0].y + c[3].y) / 2 };
  const right = { x: (c[1].x + c[2].x) / 2, y: (c[1].y + c[2].y) / 2 };
  const n = (state.battlefield.works ?? []).filter((w) => w.side === side && w.kind === def.feature).length + 1;
  return {
    id: `works-${side}-${def.feature}-${n}`,
    kind: def.feature,
    name: `${sideName(state, side)} ${def.noun} ${n}`,
    line: [left, right],
    width: def.width,
    height: def.height,
    side,
    facing,
  };
}

/** Points along a section's line every half inch, ends included. */
function samples(w: WorksFeature): Vec2[] {
  const [a, b] = [w.line[0]!, w.line[w.line.length - 1]!];
  const n = Math.ceil(WORKS_SECTION / inch(0.5));
  const out: Vec2[] = [];
  for (let i = 0; i <= n; i++) out.push({ x: a.x + ((b.x - a.x) * i) / n, y: a.y + ((b.y - a.y) * i) / n });
  return out;
}

function inZone(zone: Vec2[], p: Vec2): boolean {
  const xs = zone.map((q) => q.x);
  const ys = zone.map((q) => q.y);
  return p.x >= Math.min(...xs) && p.x <= Math.max(...xs) && p.y >= Math.min(...ys) && p.y <= Math.max(...ys);
}

/**
 * What is wrong with a section here, or null: outside the side's half, on ground infantry may not
 * stand on or in water, across a unit (units waiting off the table and, in a secret plan, the
 * enemy's are not in the way) or another work.
 */
export function worksProblem(state: HmState, bf: Battlefield, side: SideId, kind: string, at: Vec2, facing: number): string | null {
  const w = worksFeature(state, side, kind, at, facing);
  const noun = WORKS_KINDS[kind]!.noun;
  const zone = worksZone(state, side);
  const rect = worksRect(kind, at, facing);
  if (!corners(rect).every((p) => inZone(zone, p))) return `the ${noun} must lie wholly in your half of the table`;
  for (const p of samples(w)) {
    const bad = impassableFor(bf, p, 'infantry');
    if (bad) return `the ${noun} cannot be built on ${bad.feature.name}`;
    const wet = terrainAt(bf, p).find((h) => isWater(h.feature));
    if (wet) return `the ${noun} cannot be built in ${wet.feature.name}`;
  }
  for (const u of state.units) {
    if (u.removed || u.carriedBy) continue;
    if (u.side !== side && state.rules.step === 'deploy' && !state.rules.deployment?.method) continue;
    if (rectsOverlap(rect, unitFootprint(u))) return `the ${noun} would cut through ${u.name}`;
  }
  for (const o of state.battlefield.works ?? []) {
    const other = worksRect(o.kind === 'fieldwork' ? 'fortification' : 'chevaux-de-frise', mid(o), o.facing);
    if (rectsOverlap(rect, other)) return `the ${noun} would run into ${o.name}`;
  }
  return null;
}

function mid(w: WorksFeature): Vec2 {
  const [a, b] = [w.line[0]!, w.line[w.line.length - 1]!];
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/** Lay a section on the table (no checks: the caller has made them) and take it from the side's stock. */
function layWorks(state: HmState, side: SideId, kind: string, at: Vec2, facing: number): WorksFeature {
  const w = worksFeature(state, side, kind, at, facing);
  state.battlefield = { ...state.battlefield, works: [...(state.battlefield.works ?? []), w] };
  const stock = state.rules.sides[side]!.works!;
  stock[kind]! -= 1;
  if (stock[kind] === 0) delete stock[kind];
  if (Object.keys(stock).length === 0) delete state.rules.sides[side]!.works;
  return w;
}

/** Whether the side may place works now: the defender, in his main deployment (not the compulsory share). */
function mayPlace(state: HmState, side: SideId): boolean {
  const d = state.rules.deployment;
  return state.rules.step === 'deploy' && !!d && d.side === side && d.phase !== 'compulsory' && worksLeft(state, side) > 0;
}

/** One legal action per kind of works the side has left to place: where its middle goes and which way its front faces. */
export function worksActions(state: HmState, side: SideId): LegalAction[] {
  if (!mayPlace(state, side)) return [];
  const zone = worksZone(state, side);
  const origin = { x: (zone[0]!.x + zone[2]!.x) / 2, y: (zone[0]!.y + zone[2]!.y) / 2 };
  const reach = Math.hypot(zone[2]!.x - zone[0]!.x, zone[2]!.y - zone[0]!.y) / 2;
  return Object.entries(state.rules.sides[side]!.works!).map(([kind, n]) => {
    const params: ActionParam[] = [
      { name: 'at', kind: 'point', label: 'Where the middle of the section goes', origin, maxReach: reach, regions: [zone] },
      { name: 'turn', kind: 'angle', label: 'Turn its front from square to the enemy (left +, right −)', min: -Math.PI / 2, max: Math.PI / 2 },
    ];
    return { action: { type: PLACE_WORKS_ACTION, side, works: kind }, label: `Place a 6" ${WORKS_KINDS[kind]?.noun ?? kind} (${n} left)`, group: 'works', params };
  });
}

/** Place one section by hand (the `place-works` action). */
export function applyPlaceWorks(state: HmState, bf: Battlefield, action: Action, ctx: RuleContext): void {
  const side = action.side;
  if (!mayPlace(state, side)) {
    if (state.rules.sides[side]?.posture !== 'defender') throw new RuleError('only a defender builds field works (B §6.1)');
    if (worksLeft(state, side) === 0) throw new RuleError(`${sideName(state, side)} have no field works left to place`);
    throw new RuleError('field works are placed with your main deployment, when it is your turn to set up');
  }
  const kind = String(action.works);
  if (!state.rules.sides[side]!.works![kind]) throw new RuleError(`${sideName(state, side)} have no "${kind}" works to place`);
  const at = action.at as Vec2 | undefined;
  if (!at || !Number.isFinite(at.x) || !Number.isFinite(at.y)) throw new RuleError('say where the middle of the section goes');
  const turn = Number(action.turn ?? 0);
  if (!Number.isFinite(turn) || Math.abs(turn) > Math.PI / 2 + 1e-9) throw new RuleError('a section may be turned at most 90° either way from square to the enemy');
  const facing = wrapAngle(towardEnemy(state, side) + turn);
  const problem = worksProblem(state, bf, side, kind, { x: at.x, y: at.y }, facing);
  if (problem) throw new RuleError(problem);
  const w = layWorks(state, side, kind, { x: at.x, y: at.y }, facing);
  ctx.emit({ type: 'deploy', side, text: `${sideName(state, side)} build a 6" ${WORKS_KINDS[kind]!.noun} (${w.name}); ${worksLeft(state, side)} section${worksLeft(state, side) === 1 ? '' : 's'} left`, data: { works: w.id } });
}

/** The defender's foot and guns on the table, foremost first: the units the engine covers with works. */
function coverable(state: HmState, side: SideId): HmUnit[] {
  const centre = state.battlefield.depth / 2;
  return state.units
    .filter((u) => u.side === side && !u.removed && !u.carriedBy && (u.rs.troop === 'infantry' || u.rs.troop === 'artillery'))
    .sort((a, b) => Math.abs(a.y - centre) - Math.abs(b.y - centre) || a.x - b.x);
}

/**
 * Put the side's remaining works in front of its foremost foot and guns, one section a unit in
 * turn, 1" ahead of its front (a little further, or along, where the ground or another unit is in
 * the way). Returns the names of the sections laid and how many found no room (and are lost).
 */
export function autoPlaceWorks(state: HmState, side: SideId): { laid: string[]; lost: number } {
  const laid: string[] = [];
  const units = coverable(state, side);
  const used = new Map<string, number>();
  let progress = true;
  while (worksLeft(state, side) > 0 && progress) {
    progress = false;
    for (const u of units) {
      const kind = Object.keys(state.rules.sides[side]?.works ?? {})[0];
      if (!kind) break;
      const bf = battlefieldFromSpec(state.battlefield);
      const fp = unitFootprint(u);
      const fwd = direction(u.facing);
      const right = { x: fwd.y, y: -fwd.x };
      const k = used.get(u.id) ?? 0;
      // Successive sections for one unit go right, left, further right...
      const along = k === 0 ? 0 : (k % 2 === 1 ? 1 : -1) * Math.ceil(k / 2) * WORKS_SECTION;
      let placed = false;
      for (const ahead of [AUTO_GAP, AUTO_GAP * 2, AUTO_GAP * 3]) {
        for (const shift of [0, inch(1.5), -inch(1.5)]) {
          const dist = fp.depth / 2 + ahead + WORKS_KINDS[kind]!.width / 2;
          const at = { x: fp.cx + fwd.x * dist + right.x * (along + shift), y: fp.cy + fwd.y * dist + right.y * (along + shift) };
          if (worksProblem(state, bf, side, kind, at, u.facing)) continue;
          laid.push(layWorks(state, side, kind, at, u.facing).name);
          placed = true;
          break;
        }
        if (placed) break;
      }
      used.set(u.id, k + 1);
      if (placed) progress = true;
    }
  }
  const lost = worksLeft(state, side);
  if (lost > 0) delete state.rules.sides[side]!.works;
  return { laid, lost };
}

/** The engine's placing of a side's works, with its line for the log, or null when it had none. */
export function autoPlaceWorksText(state: HmState, side: SideId): string | null {
  if (worksLeft(state, side) === 0) return null;
  const { laid, lost } = autoPlaceWorks(state, side);
  const parts = [laid.length ? `${sideName(state, side)} build ${laid.length} section${laid.length === 1 ? '' : 's'} of field works in front of their line (${laid.join(', ')})` : ''];
  if (lost) parts.push(`no room was found for ${lost} more section${lost === 1 ? '' : 's'}, which ${lost === 1 ? 'is' : 'are'} lost`);
  return parts.filter((x) => x).join('; ');
}

/**
 * The works a side may know of during the deployment: in a secret plan (5A) the other side's are
 * not on its table until both plans are finished.
 */
export function worksKnownTo(state: HmState, side: SideId): HmState {
  const d = state.rules.deployment;
  const works = state.battlefield.works;
  if (!works || !d || state.rules.step !== 'deploy' || d.method === 'alternate' || d.finished.length === state.sides.length) return state;
  const own = works.filter((w) => w.side === side);
  if (own.length === works.length) return state;
  const battlefield = { ...state.battlefield };
  if (own.length) battlefield.works = own;
  else delete battlefield.works;
  return { ...state, battlefield };
}
