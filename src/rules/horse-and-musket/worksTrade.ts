/**
 * The Austrians' third special rule (B §3.3): "If Austrians purchased field fortifications when they
 * choose their army, then rather than the points simply being lost if they discover that they are
 * not the defending player, the points can instead be spent on flank marches."
 *
 * They discover it when the initiative winner chooses to attack or defend (B §6.1 step 3). Then, before
 * the terrain is rolled and anyone deploys, each such attacking side spends the points its
 * fortifications cost on the flank-march surcharge of B §9.2 (+1 a foot stand, +2 a mounted stand,
 * +10 a gun): unit by unit, naming each one's flank, half and Joker as the army builder does, or by
 * asking the program to plan it (flankPlan.ts). Whatever is not spent is lost. Units sent the same
 * way for the same Joker form one force, joined by any General whose whole Command goes (B §6.4),
 * exactly like forces marked in the army builder (setup.ts `raiseForce`).
 */

import type { Action, GameEvent, SideId } from '../../core/model';
import { sideName } from '../../core/model';
import { RuleError, type LegalAction, type RuleContext } from '../../core/ruleset';
import type { Battlefield } from '../../terrain/battlefield';
import { flankSurcharge, LATEST_ARRIVAL_JOKER, ordinal } from './armies';
import { EARLIEST_ARRIVAL_JOKER } from './charts';
import { bestWay, MOUNTED_TROOPS, pickFlankers, type FlankWay } from './flankPlan';
import { entryEdge, raiseForce } from './setup';
import type { HmState, HmUnit, OffTableForce } from './types';
import { listOfSide } from './works';
import { nearSideId, unitById } from './world';

/** Send one unit on a flank march paid with fortification points. */
export const WORKS_FLANK_ACTION = 'works-flank-march';
/** Let the program plan the flank march with the points. */
export const WORKS_FLANK_PLAN_ACTION = 'works-flank-plan';
/** Done: the points not spent are lost. */
export const WORKS_FLANK_DONE_ACTION = 'works-flank-done';

/** One unit sent, its way in and Joker, and the points it cost. */
export interface WorksTradePick {
  unit: string;
  flank: 'left' | 'right';
  half: 'near' | 'far';
  joker: number;
  cost: number;
}

/** A side spending its fortification points on flank marches (B §3.3 rule 3). */
export interface WorksTrade {
  side: SideId;
  /** What its fortifications cost: the points it may spend. */
  points: number;
  picks: WorksTradePick[];
}

function spent(t: WorksTrade): number {
  return t.picks.reduce((n, p) => n + p.cost, 0);
}

/**
 * Once the postures are fixed: each attacking side whose list may trade (the Austrians) and who bought
 * fortifications gets their points to spend instead of losing them. Returns the log lines; the
 * trades wait in `rules.worksTrade`, the first side's to choose now.
 */
export function offerWorksTrade(state: HmState): string[] {
  const out: string[] = [];
  const trades: WorksTrade[] = [];
  for (const s of state.sides) {
    const rs = state.rules.sides[s.id]!;
    const list = listOfSide(state, s.id);
    if (rs.posture !== 'attacker' || !rs.works || !list?.rules.fortificationsToFlankMarch) continue;
    const points = Object.entries(rs.works).reduce((n, [id, count]) => n + count * (list.works.find((w) => w.id === id)?.points ?? 0), 0);
    delete rs.works;
    trades.push({ side: s.id, points, picks: [] });
    out.push(`${s.name} attack: rather than lose the ${points} points of field fortifications they bought, they may spend them on flank marches (B §3.3)`);
  }
  if (trades.length) {
    state.rules.worksTrade = trades;
    state.active = trades[0]!.side;
  }
  return out;
}

/** The trade waiting for its side, if any. */
export function currentTrade(state: HmState): WorksTrade | null {
  return state.rules.worksTrade?.[0] ?? null;
}

/** Units the side may still send: on its main body, not a General (they go with their Commands), not sent already. */
function sendable(state: HmState, t: WorksTrade): HmUnit[] {
  const away = new Set([...(state.rules.offTable ?? []).map((o) => o.unit), ...t.picks.map((p) => p.unit)]);
  return state.units.filter((u) => u.side === t.side && !u.removed && !u.rs.general && !away.has(u.id));
}

/** Every way in and Joker, as the army builder offers them (B §7: the near half from the 2nd Joker, the far from the 3rd). */
function wayChoices(): { value: string; label: string }[] {
  const out: { value: string; label: string }[] = [];
  for (const half of ['near', 'far'] as const) {
    for (const flank of ['left', 'right'] as const) {
      for (let j = EARLIEST_ARRIVAL_JOKER[half === 'near' ? 'nearFlank' : 'farFlank']; j <= LATEST_ARRIVAL_JOKER; j++) {
        out.push({ value: `${flank}-${half}-${j}`, label: `${flank} flank, ${half} half, dice from the ${ordinal(j)} Joker` });
      }
    }
  }
  return out;
}

function readWay(value: unknown): (FlankWay & { joker: number }) | null {
  const m = /^(left|right)-(near|far)-(\d+)$/.exec(String(value));
  if (!m) return null;
  const joker = Number(m[3]);
  const half = m[2] as 'near' | 'far';
  if (joker < EARLIEST_ARRIVAL_JOKER[half === 'near' ? 'nearFlank' : 'farFlank'] || joker > LATEST_ARRIVAL_JOKER) return null;
  return { flank: m[1] as 'left' | 'right', half, joker };
}

/** The trading side's choices: each unit it can still pay for, the program's plan, and done. */
export function worksTradeActions(state: HmState, side?: SideId): LegalAction[] {
  const t = currentTrade(state);
  if (!t || (side && side !== t.side)) return [];
  const left = t.points - spent(t);
  const ways = wayChoices();
  const out: LegalAction[] = [];
  // The units wait off the table, so they are offered in a list rather than picked on it.
  const units = sendable(state, t)
    .map((u) => ({ u, cost: flankSurcharge(u.rs.troop, u.stands.length) }))
    .filter((x) => x.cost <= left)
    .map(({ u, cost }) => ({ value: u.id, label: `${u.name} (${cost} point${cost === 1 ? '' : 's'})` }));
  if (units.length) {
    out.push({
      action: { type: WORKS_FLANK_ACTION, side: t.side },
      label: `Send a unit on a flank march (${left} fortification point${left === 1 ? '' : 's'} left)`,
      group: 'posture',
      params: [
        { name: 'unit', kind: 'choice', label: 'The unit', choices: units },
        { name: 'way', kind: 'choice', label: 'Where and when it comes on', choices: ways },
      ],
    });
  }
  if (!t.picks.length && out.length) out.push({ action: { type: WORKS_FLANK_PLAN_ACTION, side: t.side }, label: `Let the program plan a flank march with the ${t.points} fortification points`, group: 'posture', params: [] });
  out.push({ action: { type: WORKS_FLANK_DONE_ACTION, side: t.side }, label: left > 0 ? `Done: the ${left} fortification point${left === 1 ? '' : 's'} left are lost` : 'Done', group: 'posture', params: [] });
  return out;
}

/** Whether the action is one of the trade's. */
export function isWorksTradeAction(action: Action): boolean {
  return action.type === WORKS_FLANK_ACTION || action.type === WORKS_FLANK_PLAN_ACTION || action.type === WORKS_FLANK_DONE_ACTION;
}

/**
 * Carry out one of the trade's actions. Returns true when every trading side is done, and the
 * pre-battle sequence may go on (terrain rolls, then deployment).
 */
export function applyWorksTrade(state: HmState, bf: Battlefield, action: Action, ctx: RuleContext): boolean {
  const t = currentTrade(state);
  if (!t) throw new RuleError('no fortification points are waiting to be spent');
  if (action.side !== t.side) throw new RuleError(`${sideName(state, t.side)} first spend their fortification points on flank marches, or say they are done`);
  if (action.type === WORKS_FLANK_ACTION) {
    const u = unitById(state, String(action.unit));
    if (!u || u.side !== t.side) throw new RuleError(`${sideName(state, t.side)} have no unit "${String(action.unit)}"`);
    if (!sendable(state, t).includes(u)) throw new RuleError(u.rs.general ? `${u.name} is a General: a General goes with a flank march when his whole Command does (B §6.4)` : `${u.name} is already held off the table`);
    const way = readWay(action.way);
    if (!way) throw new RuleError(`"${String(action.way)}" is not a way in: say the flank (left or right), the half (near or far) and the Joker (the near half from the 2nd, the far half from the 3rd, up to the ${ordinal(LATEST_ARRIVAL_JOKER)})`);
    const cost = flankSurcharge(u.rs.troop, u.stands.length);
    const left = t.points - spent(t);
    if (cost > left) throw new RuleError(`${u.name} costs ${cost} points on a flank march; only ${left} fortification points are left`);
    t.picks.push({ unit: u.id, ...way, cost });
    ctx.emit({ type: 'works-trade', side: t.side, unit: u.id, text: `${u.name} goes on a flank march by the ${way.half} half of the ${way.flank} flank, dice from the ${ordinal(way.joker)} Joker: ${cost} of the fortification points (${left - cost} left)` });
    return false;
  }
  if (action.type === WORKS_FLANK_PLAN_ACTION) {
    if (t.picks.length) throw new RuleError('the program plans the whole flank march or none of it: you have already sent units yourself');
    planTrade(state, bf, t);
  } else if (action.type !== WORKS_FLANK_DONE_ACTION) {
    throw new RuleError(`${sideName(state, t.side)} first spend their fortification points on flank marches, or say they are done`);
  }
  finishTrade(state, t, ctx);
  state.rules.worksTrade!.shift();
  if (state.rules.worksTrade!.length) {
    state.active = state.rules.worksTrade![0]!.side;
    return false;
  }
  state.rules.worksTrade = null;
  state.active = state.rules.turnSide;
  return true;
}

/**
 * The program's plan (flankPlan.ts): its horse first, as much as the points pay for, else
 * second-line battalions; by the flank (and, for horse, the half) whose ground is most open.
 */
function planTrade(state: HmState, bf: Battlefield, t: WorksTrade): void {
  const units = sendable(state, t);
  const candidate = (u: HmUnit) => ({ id: u.id, troop: u.rs.troop, stands: u.stands.length });
  const horse = units.filter((u) => MOUNTED_TROOPS.includes(u.rs.troop)).map(candidate);
  // The first three battalions are the first line of the engine's deployment; the rest the second.
  const foot = units.filter((u) => u.rs.troop === 'infantry').slice(3).map(candidate);
  const chosen = pickFlankers(horse, foot, t.points);
  if (!chosen.units.length) return;
  const allMounted = chosen.units.every((c) => MOUNTED_TROOPS.includes(c.troop));
  const ownEdge = nearSideId(state) === t.side ? 'near' : 'far';
  const { way, joker } = bestWay(bf, t.side, ownEdge, allMounted ? 'heavyCav' : 'infantry');
  for (const c of chosen.units) t.picks.push({ unit: c.id, ...way, joker, cost: flankSurcharge(c.troop, c.stands) });
}

/** Form the side's forces from its picks, park them off the table, and say what was spent and lost. */
function finishTrade(state: HmState, t: WorksTrade, ctx: RuleContext): void {
  const rules = state.rules;
  const own = state.units.filter((u) => u.side === t.side);
  const ownEdge = nearSideId(state) === t.side ? 'near' : 'far';
  const groups = new Map<string, WorksTradePick[]>();
  for (const p of t.picks) {
    const key = `${p.flank}-${p.half}-j${p.joker}`;
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const raised: OffTableForce[] = [];
  for (const [key, picks] of groups) {
    const p = picks[0]!;
    const kind = p.half === 'near' ? 'nearFlank' : 'farFlank';
    // Parked beyond the owner's flank, which is known now that the table sides are rolled.
    const force = raiseForce(own, picks.map((x) => unitById(state, x.unit)!), { id: `${t.side}-works-flank-${key}`, side: t.side, kind, flank: p.flank, plannedJoker: p.joker, ownEdge });
    raised.push(force);
  }
  if (raised.length) {
    rules.forces = [...(rules.forces ?? []), ...raised];
    rules.offTable = [...(rules.offTable ?? []), ...raised.flatMap((f) => f.units.map((unit) => ({ unit, force: f.id })))];
    rules.entered ??= [];
  }
  const used = spent(t);
  const lost = t.points - used;
  const name = sideName(state, t.side);
  // Where the forces go stays the owner's secret (the event below), unless he is outscouted (B §6.1 step 2).
  for (const f of raised) {
    ctx.emit({
      type: 'works-trade',
      side: t.side,
      text: `${name}' flanking force, paid with fortification points, will come on along ${entryEdge(f).words.replace('its ', 'their ')}: ${f.units.map((id) => unitById(state, id)!.name).join(', ')}. Dice for its arrival from the ${ordinal(f.plannedJoker)} Joker`,
      data: { force: f.id },
    });
  }
  const outscouted = rules.sides[t.side]!.outscouted;
  const reveal = outscouted && raised.length ? `; being outscouted, they reveal it comes by ${raised.map((f) => entryEdge(f).words.replace('its ', 'their ')).join(' and ')}` : '';
  ctx.emit({
    type: 'works-trade-done',
    side: t.side,
    text: used > 0 ? `${name} spend ${used} of their ${t.points} fortification points on flank marches${lost ? `; the other ${lost} are lost` : ''}${reveal}` : `${name} spend none of their ${t.points} fortification points on flank marches: they are lost`,
  });
}

/** What `side` learns of the trade: the other side's picks and forces stay hidden (only the points spent are told). */
export function worksTradeKnownEvents(events: GameEvent[], side: SideId): GameEvent[] {
  return events.filter((e) => e.type !== 'works-trade' || e.side === side);
}
