/**
 * Shell against buildings (B §2.7; the seed's FIRING SHELL AT BUILDINGS and SETTLEMENTS):
 *
 * - A howitzer given an artillery order may fire shell at a building instead of a unit: any building
 *   it can see within 30" and its 60° arc (the optional visibility rules let artillery "always fire at
 *   any building it can see"). It needs no target unit, and friends near the building do not stop it.
 * - Each time a howitzer fires at a building, or fires shell at skirmishing infantry occupying one,
 *   it throws 1D6: 5 or 6 sets the building alight (BUILDING_ALIGHT_NEED, `rollBuildingAlight`).
 * - A building set alight is abandoned at once by the skirmishing infantry in it: every SI unit with a
 *   stand within 1" of it (the reach at which SI occupy a building, terrain.ts ADJACENT) falls back
 *   straight away from it until clear ([ENGINE DEFAULT]: the book says only "abandoned"; nothing
 *   else is tested or lost, the book naming no test or loss).
 * - It no longer counts in its settlement's perimeter, so the town's area shrinks to the hull of the
 *   buildings still standing, its cover is reckoned from those, and a burnt hamlet or farm can no
 *   longer be occupied (battlefield.ts `applyFires`, terrain.ts, visibility.ts).
 * - It burns through the rest of this player turn and the next ([ENGINE DEFAULT]: the book gives the
 *   fire no length), then stands a burnt-out shell; both count as burnt for every rule. The ruins
 *   still block sight and movement as the building did.
 *
 * The fire lives in the battlefield spec (`BattlefieldSpec.fires`), so the state hash and saves cover
 * it, and the page draws the flames and the blackened shell from the features it is sent.
 */

import { direction, pointInPolygon, polygonCentroid, segmentRectDistance, type OrientedRect, type Vec2 } from '../../core/geometry';
import { inch, toInches } from '../../core/measure';
import { standRect, type Modifier } from '../../core/model';
import { RuleError, type RuleContext } from '../../core/ruleset';
import { battlefieldFromSpec, type Battlefield } from '../../terrain/battlefield';
import type { BuildingFeature } from '../../terrain/features';
import { ARTILLERY_RANGE, BUILDING_ALIGHT_NEED, rollBuildingAlight } from './charts';
import { buildingAim, fireSight, gunFireReason, markFired, rollsSince, sideOf } from './fire';
import { moveTo, walk } from './moves';
import { ADJACENT } from './terrain';
import type { HmState, HmUnit } from './types';
import { canSee } from './visibility';
import { liveUnits } from './world';
import { datan2 } from '../../core/detmath';

/** The chart row every alight throw is read on. */
export const ALIGHT_ROW = `Firing shell at buildings: 1D6, ${BUILDING_ALIGHT_NEED}–6 sets the building alight`;
/** How far SI abandoning a burning building may fall back at most. */
const ABANDON_MAX = inch(6);
const ABANDON_STEP = inch(0.25);

/** A standing building (not set alight) by id, or undefined. */
export function standingBuilding(bf: Battlefield, id: string): BuildingFeature | undefined {
  const f = bf.features.find((x) => x.id === id);
  return f && f.kind === 'building' && !f.fire ? f : undefined;
}

/** Why a howitzer may not shell this building now, or null when it may (B §2.7, §2.2-2.3, C §8 optional rule). */
export function buildingTargetReason(state: HmState, bf: Battlefield, gun: HmUnit, b: BuildingFeature): string | null {
  if (b.fire) return `${b.name} is already ${b.fire}`;
  const aim = buildingAim(gun, b.polygon, inch(ARTILLERY_RANGE.shell));
  if (!aim) return `${b.name} is not within ${ARTILLERY_RANGE.shell}" and the gun's arc`;
  if (!canSee(bf, gun, { building: b }, fireSight(state, false)).visible) return `${gun.name} cannot see ${b.name}`;
  return null;
}

/** The buildings a howitzer may shell now, nearest first: none if it may not fire shell at all. */
export function shellableBuildings(state: HmState, bf: Battlefield, gun: HmUnit): { building: BuildingFeature; distance: number }[] {
  if (gun.rs.gun?.kind !== 'howitzer' || gunFireReason(state, gun, 'shell')) return [];
  if (state.rules.activeCard?.fired.includes(gun.id)) return [];
  const out: { building: BuildingFeature; distance: number }[] = [];
  const range = inch(ARTILLERY_RANGE.shell);
  for (const f of bf.features) {
    if (f.kind !== 'building' || f.fire) continue;
    const aim = buildingAim(gun, f.polygon, range);
    if (!aim) continue;
    if (!canSee(bf, gun, { building: f }, fireSight(state, false)).visible) continue;
    out.push({ building: f, distance: aim.distance });
  }
  return out.sort((a, b) => a.distance - b.distance || (a.building.id < b.building.id ? -1 : 1));
}

/** The `shell-building` order: the howitzer fires at the building and throws for it (B §2.7). */
export function shellBuilding(state: HmState, bf: Battlefield, ctx: RuleContext, gun: HmUnit, buildingId: string): void {
  const reason = gunFireReason(state, gun, 'shell');
  if (reason) throw new RuleError(`${gun.name} cannot fire shell: ${reason}`);
  if (gun.rs.gun?.kind !== 'howitzer') throw new RuleError('only howitzers fire shell at buildings (B §2.7)');
  const card = state.rules.activeCard;
  if (card?.fired.includes(gun.id)) throw new RuleError(`${gun.name} has already fired on this card`);
  const f = bf.features.find((x) => x.id === buildingId);
  if (!f || f.kind !== 'building') throw new RuleError(`there is no building "${buildingId}"`);
  const why = buildingTargetReason(state, bf, gun, f);
  if (why) throw new RuleError(`${gun.name} cannot fire at ${f.name}: ${why}`);
  const aim = buildingAim(gun, f.polygon, inch(ARTILLERY_RANGE.shell))!;
  markFired(state, gun);
  if (card) card.fired.push(gun.id);
  throwForBuilding(state, bf, ctx, gun, f, `${gun.name} fires shell at ${f.name} (${toInches(aim.distance).toFixed(1)}")`, { from: aim.muzzle, to: aim.point });
}

/**
 * Shell fired at skirmishing infantry occupying a building sets it alight on 5-6 as well (B §2.7):
 * after the shot, the building they stand against (the nearest, within 1") is thrown for.
 */
export function shellAtOccupiers(state: HmState, ctx: RuleContext, gun: HmUnit, target: HmUnit): void {
  if (target.rs.troop !== 'skirmInf' || target.removed) return;
  const bf = battlefieldFromSpec(state.battlefield);
  const held = occupiedBuilding(bf, target);
  if (held) throwForBuilding(state, bf, ctx, gun, held, `The shell from ${gun.name} falls on ${held.name}, which ${target.name} occupy`, null);
}

/** The standing building an SI unit occupies (a stand within 1" of it), the nearest, or undefined. */
export function occupiedBuilding(bf: Battlefield, u: HmUnit): BuildingFeature | undefined {
  let best: { b: BuildingFeature; d: number } | undefined;
  for (const f of bf.features) {
    if (f.kind !== 'building' || f.fire) continue;
    const d = unitToFootprint(u, f.polygon);
    if (d <= ADJACENT && (!best || d < best.d)) best = { b: f, d };
  }
  return best?.b;
}

function throwForBuilding(state: HmState, bf: Battlefield, ctx: RuleContext, gun: HmUnit, b: BuildingFeature, what: string, line: { from: Vec2; to: Vec2 } | null): void {
  const start = ctx.dice.rolls.length;
  const roll = rollBuildingAlight(ctx.dice);
  const modifiers: Modifier[] = [];
  ctx.emit({
    type: 'shell-building',
    text: `${what}: 1D6 ${roll.dice[0]}, ${BUILDING_ALIGHT_NEED}+ needed: ${roll.alight ? `${b.name} is set alight` : 'it does not catch fire'}`,
    side: sideOf(gun),
    unit: gun.id,
    dice: rollsSince(ctx, start),
    modifiers,
    need: BUILDING_ALIGHT_NEED,
    chart: { chart: 'Artillery fire', row: ALIGHT_ROW },
    data: { building: b.id, alight: roll.alight, ...(line ? { from: line.from, to: line.to } : {}) },
  });
  if (roll.alight) setAlight(state, bf, ctx, b);
}

/** The building catches fire: it burns from now, and the SI in it abandon it (B §2.7). */
export function setAlight(state: HmState, bf: Battlefield, ctx: RuleContext, b: BuildingFeature): void {
  state.battlefield = { ...state.battlefield, fires: { ...(state.battlefield.fires ?? {}), [b.id]: 'burning' } };
  state.rules.burning = { ...(state.rules.burning ?? {}), [b.id]: state.rules.turnNumber };
  const settlement = b.settlementId ? bf.features.find((f) => f.id === b.settlementId) : undefined;
  const where = settlement?.kind === 'settlement' ? (settlement.class === 'hamlet' || settlement.class === 'farm' ? `: the ${settlement.class} can no longer be occupied` : `: it no longer counts in the perimeter of ${settlement.name}`) : '';
  ctx.emit({ type: 'building-alight', text: `${b.name} burns${where} (B §2.7)`, data: { building: b.id } });
  const after = battlefieldFromSpec(state.battlefield);
  for (const u of liveUnits(state)) {
    if (u.rs.troop !== 'skirmInf' || unitToFootprint(u, b.polygon) > ADJACENT) continue;
    abandon(state, after, ctx, u, b);
  }
}

/** SI leave a burning building: straight away from its middle until no stand is within 1" of it. */
function abandon(state: HmState, bf: Battlefield, ctx: RuleContext, u: HmUnit, b: BuildingFeature): void {
  const mid = polygonCentroid(b.polygon);
  const heading = datan2(u.y - mid.y, u.x - mid.x);
  const v = direction(heading);
  let need = 0;
  while (need < ABANDON_MAX && unitToFootprint(u, b.polygon, { x: v.x * need, y: v.y * need }) <= ADJACENT) need += ABANDON_STEP;
  const w = walk(state, bf, u, heading, need, u.facing, { exemptHalts: true });
  const notes = moveTo(state, bf, u, w.pose, { terrainDisorder: false });
  const short = unitToFootprint(u, b.polygon) <= ADJACENT ? `, but cannot get clear${w.stoppedBy ? ` (${w.stoppedBy})` : ''}` : '';
  ctx.emit({
    type: 'abandon-building',
    side: u.side,
    unit: u.id,
    text: [`${u.name} abandon the burning ${b.name}, falling back ${toInches(w.travelled).toFixed(1)}"${short}`, ...notes].join('. '),
    data: { building: b.id, to: { x: u.x, y: u.y, facing: u.facing } },
  });
}

/**
 * The end of a player turn: fires lit before this turn burn out, leaving blackened shells
 * ([ENGINE DEFAULT] B §2.7: a fire lasts the turn it was lit and the next).
 */
export function burnOut(state: HmState, ctx: RuleContext): void {
  const burning = state.rules.burning;
  if (!burning) return;
  const out = Object.keys(burning).filter((id) => burning[id]! < state.rules.turnNumber);
  if (out.length === 0) return;
  const fires = { ...(state.battlefield.fires ?? {}) };
  const bf = battlefieldFromSpec(state.battlefield);
  for (const id of out) {
    fires[id] = 'burnt';
    delete burning[id];
    const name = bf.features.find((f) => f.id === id)?.name ?? id;
    ctx.emit({ type: 'building-burnt', text: `The fire in ${name} burns out, leaving a blackened shell`, data: { building: id } });
  }
  if (Object.keys(burning).length === 0) delete state.rules.burning;
  state.battlefield = { ...state.battlefield, fires };
}

/** The least distance from any live stand of the unit (shifted by `by`) to a footprint; 0 when they meet. */
function unitToFootprint(u: HmUnit, poly: readonly Vec2[], by: Vec2 = { x: 0, y: 0 }): number {
  let best = Infinity;
  for (const s of u.stands) {
    if (s.status === 'destroyed') continue;
    const r0 = standRect(u, s);
    const r: OrientedRect = { ...r0, cx: r0.cx + by.x, cy: r0.cy + by.y };
    if (pointInPolygon({ x: r.cx, y: r.cy }, poly)) return 0;
    for (let i = 0; i < poly.length; i++) best = Math.min(best, segmentRectDistance(poly[i]!, poly[(i + 1) % poly.length]!, r));
  }
  return best;
}
