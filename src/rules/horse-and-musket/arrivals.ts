/**
 * Flanking forces and reinforcements coming on (B §7): the arrival die after the planned Joker, the
 * announcement, and the entry of up to four units a turn through one point of the table edge as a
 * free Move. The forces are chosen with the army (setup.ts); until they enter, their units carry
 * `carriedBy: 'off-table'`, which every table query skips.
 */

import { closestPointOnSegment, direction, type Vec2 } from '../../core/geometry';
import type { Action, SideId } from '../../core/model';
import { sideName } from '../../core/model';
import { inch } from '../../core/measure';
import { RuleError, type ActionParam, type LegalAction, type RuleContext } from '../../core/ruleset';
import type { Battlefield } from '../../terrain/battlefield';
import { ordinal } from './armies';
import { ARRIVAL_UNITS_PER_TURN, arrivalResult, TROOPS } from './charts';
import { relayout } from './layout';
import { moveCap, moveTo, walk } from './moves';
import { entryEdge, TABLE } from './setup';
import { impassableFor } from './terrain';
import type { HmState, HmUnit, OffTableForce } from './types';
import { liveUnits, unitById } from './world';
import { offTable, overlappingStands } from './zones';
import { dhypot } from '../../core/detmath';

/** A unit of a flanking force or of the reinforcements that has not come on yet. */
export function isOffTable(state: HmState, unitId: string): boolean {
  return (state.rules.offTable ?? []).some((o) => o.unit === unitId);
}

/** The unit came on from off the table this turn: it may take no other order (B §7). */
export function enteredThisTurn(state: HmState, unitId: string): boolean {
  return (state.rules.entered ?? []).some((e) => e.unit === unitId && e.turnNumber === state.rules.turnNumber);
}

/** Why a unit may not be given an order now because of B §7, or null. */
export function arrivalBarred(state: HmState, unitId: string): string | null {
  const u = unitById(state, unitId);
  const name = u?.name ?? unitId;
  if (isOffTable(state, unitId)) return `${name} has not come on to the table yet`;
  if (enteredThisTurn(state, unitId)) return `${name} came on to the table this turn and may take no other order until your next turn (B §7)`;
  return null;
}


/** "Prussians' flanking force" or "Austrians' reinforcements". */
export function forceName(state: HmState, f: OffTableForce): string {
  return `${sideName(state, f.side)}' ${f.kind === 'reinforcements' ? 'reinforcements' : 'flanking force'}`;
}

/** The force's units still off the table, in their order of entry. */
export function waitingUnits(state: HmState, f: OffTableForce): HmUnit[] {
  return (state.rules.offTable ?? []).filter((o) => o.force === f.id).map((o) => unitById(state, o.unit)!).filter((u) => u && !u.removed);
}

/** Every unit but its Generals is mounted (B §7: may add or subtract 1). */
export function allMounted(state: HmState, f: OffTableForce): boolean {
  const units = f.units.map((id) => unitById(state, id)!).filter((u) => u && u.rs.troop !== 'general');
  return units.length > 0 && units.every((u) => TROOPS[u.rs.troop].mounted);
}

/** An all-mounted force or reinforcements may add or subtract 1 from the arrival die (B §7). */
export function mayAdjustArrival(state: HmState, f: OffTableForce): boolean {
  return f.kind === 'reinforcements' || allMounted(state, f);
}

/** The force has arrived: its Joker has come (B §7). */
export function hasArrived(state: HmState, f: OffTableForce): boolean {
  return f.arrivesAtJoker !== null && f.arrivesAtJoker <= state.rules.jokersPlayed;
}


/**
 * After a Joker (and the orders it gave): every force whose planned Joker has come and that has
 * shown no sign yet throws its arrival die openly (B §7). 6 arrives now, 5 at the next Joker, 4 at
 * the Joker after next, 1-3 no sign. [ENGINE DEFAULT] An all-mounted force or reinforcements take
 * the +1 whenever it brings them sooner (a raw 3, 4 or 5): the engine makes the owner's private
 * choice for him, always the soonest. On a raw 3 or more the owner announces where it is seen
 * approaching (B23). While fog lasts no die is thrown (B §4.12, B24).
 */
export function afterJoker(state: HmState, _bf: Battlefield, ctx: RuleContext): void {
  const rules = state.rules;
  const joker = rules.jokersPlayed;
  for (const f of rules.forces ?? []) {
    if (f.arrivesAtJoker !== null || joker < f.plannedJoker || waitingUnits(state, f).length === 0) continue;
    const name = forceName(state, f);
    if (rules.weather === 'fog') {
      ctx.emit({ type: 'arrival-roll', side: f.side, text: `${name}: no sign in the fog (flanking forces and reinforcements do not arrive while it lasts)` });
      continue;
    }
    const may = mayAdjustArrival(state, f);
    const raw = ctx.dice.one(6, 'arrival');
    const adjust = may && raw >= 3 && raw <= 5 ? 1 : 0;
    const r = arrivalResult(raw, adjust, may);
    f.rolls.push({ joker, raw, final: r.score });
    const when = { immediately: joker, nextJoker: joker + 1, jokerAfterNext: joker + 2, noSign: null }[r.result];
    f.arrivesAtJoker = when;
    const parts = [`${name}: arrival roll ${raw}${adjust ? ` +1 = ${r.score} (${f.kind === 'reinforcements' ? 'reinforcements' : 'all mounted'}: the engine adds 1, the soonest arrival)` : ''}`];
    parts.push(
      r.result === 'noSign'
        ? 'no sign yet; roll again at the next Joker'
        : r.result === 'immediately'
          ? 'it arrives now'
          : `it arrives at the ${r.result === 'nextJoker' ? 'next Joker' : 'Joker after next'} (the ${ordinal(when!)})`,
    );
    if (r.announce && !f.announced) {
      f.announced = true;
      parts.push(`it is seen approaching on ${entryEdge(f).words.replace('its ', 'their ')}`);
    }
    ctx.emit({ type: 'arrival-roll', side: f.side, text: parts.join(': '), dice: [{ purpose: 'arrival', sides: 6, values: [raw] }] });
  }
}

/** Units of this force that came on this turn, Generals apart (at most four a turn, B §7). */
function enteredCount(state: HmState, f: OffTableForce): number {
  return (state.rules.entered ?? []).filter((e) => e.force === f.id && e.turnNumber === state.rules.turnNumber && unitById(state, e.unit)?.rs.troop !== 'general').length;
}

/**
 * The nearest point of the force's stretch of edge to `p`, kept `margin` from its ends so a unit
 * as wide as twice the margin fits on the table there.
 */
export function snapToEdge(f: OffTableForce, p: Vec2, margin = inch(3)): Vec2 {
  const e = entryEdge(f);
  const along = { x: e.b.x - e.a.x, y: e.b.y - e.a.y };
  const len = dhypot(along.x, along.y);
  const k = Math.min(0.5, margin / len);
  const a = { x: e.a.x + along.x * k, y: e.a.y + along.y * k };
  const b = { x: e.b.x - along.x * k, y: e.b.y - along.y * k };
  return closestPointOnSegment(p, a, b);
}

/** Why the force may not bring a unit on now (whatever the unit), or null. */
function forceBarred(state: HmState, f: OffTableForce): string | null {
  const name = forceName(state, f);
  if (state.rules.weather === 'fog') return `fog: ${name} cannot arrive while it lasts (B §4.12)`;
  if (f.arrivesAtJoker === null) return f.rolls.length ? `there is no sign of ${name} yet: it rolls again at the next Joker` : `${name} cannot arrive before the ${ordinal(f.plannedJoker)} Joker (${state.rules.jokersPlayed} played)`;
  if (f.arrivesAtJoker > state.rules.jokersPlayed) return `${name} arrives at the ${ordinal(f.arrivesAtJoker)} Joker (${state.rules.jokersPlayed} played)`;
  if (waitingUnits(state, f).length === 0) return `every unit of ${name} is on the table`;
  return null;
}

const isSkirmisher = (u: HmUnit): boolean => u.rs.troop === 'skirmInf' || u.rs.troop === 'skirmCav';
const choosesFormation = (u: HmUnit): boolean => u.rs.troop !== 'general' && u.rs.troop !== 'artillery' && !isSkirmisher(u);

/**
 * Bringing units on (B §7): in the owner's action step, with no card in play, one action per force
 * that has arrived, for its next unit. The first unit of the force fixes the entry point on its
 * stretch of edge (the point param is snapped to it); formed units come on in line or column.
 */
export function arrivalActions(state: HmState, _bf: Battlefield, side: SideId): LegalAction[] {
  const rules = state.rules;
  if (rules.step !== 'action' || rules.turnSide !== side || rules.activeCard || rules.pendingGeneralMove || rules.pendingReaction) return [];
  const out: LegalAction[] = [];
  for (const f of rules.forces ?? []) {
    if (f.side !== side || forceBarred(state, f)) continue;
    const next = waitingUnits(state, f)[0]!;
    if (next.rs.troop !== 'general' && enteredCount(state, f) >= ARRIVAL_UNITS_PER_TURN) continue;
    const params: ActionParam[] = [];
    if (!f.entry) {
      const e = entryEdge(f);
      const origin = { x: (e.a.x + e.b.x) / 2, y: (e.a.y + e.b.y) / 2 };
      params.push({ name: 'at', kind: 'point', label: `Entry point on ${e.words}`, origin, maxReach: dhypot(e.b.x - e.a.x, e.b.y - e.a.y) / 2 });
    }
    if (choosesFormation(next)) {
      params.push({ name: 'formation', kind: 'choice', label: 'Come on in', choices: [{ value: 'column', label: 'column' }, { value: 'line', label: 'line' }] });
    }
    out.push({ action: { type: 'enter', side, force: f.id, unit: next.id }, label: `Bring on ${next.name} (${f.kind === 'reinforcements' ? 'reinforcements' : 'flanking force'})`, group: 'move', params });
  }
  return out;
}

/**
 * One unit comes on (B §7): its rear on the table edge at the force's entry point, facing into the
 * table, then a free Move straight ahead (6" or less: terrain, weather, halts), stopping behind any
 * unit already in the way: the force comes on one unit behind another. No card is played; the unit
 * may take no other order this turn.
 */
export function applyArrival(state: HmState, bf: Battlefield, action: Action, ctx: RuleContext): void {
  const rules = state.rules;
  const side = action.side;
  if (rules.step !== 'action') throw new RuleError('units come on in the action step, once you have chosen to issue orders');
  if (side !== rules.turnSide) throw new RuleError(`it is not ${side}'s turn`);
  if (rules.activeCard) throw new RuleError('finish the card in play first');
  if (rules.pendingGeneralMove) throw new RuleError('move the General (or let him stay) first');
  const f = (rules.forces ?? []).find((x) => x.id === action.force);
  if (!f) throw new RuleError(`no force "${String(action.force)}" off the table`);
  if (f.side !== side) throw new RuleError(`${forceName(state, f)} is not yours`);
  const barred = forceBarred(state, f);
  if (barred) throw new RuleError(barred);
  const u = waitingUnits(state, f)[0]!;
  if (action.unit !== undefined && action.unit !== u.id) {
    const asked = unitById(state, String(action.unit));
    throw new RuleError(`${u.name} comes on first: ${forceName(state, f)} enters in the order it was chosen${asked ? ` (${asked.name} later)` : ''}`);
  }
  if (u.rs.troop !== 'general' && enteredCount(state, f) >= ARRIVAL_UNITS_PER_TURN) {
    throw new RuleError(`${ARRIVAL_UNITS_PER_TURN} units of ${forceName(state, f)} have come on this turn, the most allowed: ${u.name} must wait for your next turn (B §7)`);
  }
  const edge = entryEdge(f);
  // Formation: formed units in line or column, guns limbered, skirmishers loose (B §7, B §2.1).
  const formation = action.formation === undefined ? 'column' : String(action.formation);
  if (choosesFormation(u)) {
    if (formation !== 'line' && formation !== 'column') throw new RuleError('units come on in line or column');
    u.formation = formation;
  } else if (u.rs.gun) {
    u.formation = 'column';
    u.rs.gun.limbered = true;
  } else if (isSkirmisher(u)) u.formation = 'loose';
  relayout(u);
  let entry = f.entry;
  if (!entry) {
    const p = action.at as Vec2 | undefined;
    if (!p || typeof p.x !== 'number' || typeof p.y !== 'number' || !Number.isFinite(p.x) || !Number.isFinite(p.y)) throw new RuleError(`choose the entry point on ${edge.words}`);
    const halfWidth = Math.max(...u.stands.map((s) => Math.abs(s.l) + s.width / 2));
    entry = snapToEdge(f, p, halfWidth + inch(1));
  }
  // The rear of the unit on the edge, facing in.
  u.facing = edge.inward;
  const back = Math.min(...u.stands.map((s) => s.f - s.depth / 2));
  const inward = direction(edge.inward);
  u.x = entry.x + inward.x * (1 - back);
  u.y = entry.y + inward.y * (1 - back);
  const at = `${(entry.x / 25.4).toFixed(1)}", ${(entry.y / 25.4).toFixed(1)}"`;
  if (impassableFor(bf, { x: u.x, y: u.y }, u.rs.troop)) throw new RuleError(`the entry point (${at}) is ground ${u.name} cannot enter`);
  if (offTable(u, TABLE)) throw new RuleError(`${u.name} is too wide to come on at ${at}: try it in column`);
  const onTable = liveUnits(state).filter((o) => o.id !== u.id && !o.carriedBy);
  const blocker = onTable.filter((o) => overlappingStands(u, [o]).length > 0).sort((p, q) => dhypot(p.x - entry.x, p.y - entry.y) - dhypot(q.x - entry.x, q.y - entry.y))[0];
  if (blocker) throw new RuleError(`no room at the entry point (${at}): ${blocker.name} has not cleared it`);
  // On the table now.
  u.carriedBy = undefined;
  rules.offTable = (rules.offTable ?? []).filter((o) => o.unit !== u.id);
  f.entry = entry;
  const cap = u.rs.troop === 'general' ? inch(6) : moveCap(state, bf, u);
  const w = walk(state, bf, u, u.facing, cap, u.facing, { stopAtSlowing: u.rs.troop !== 'general' && !isSkirmisher(u) });
  const notes = moveTo(state, bf, u, w.pose);
  u.rs.moved = true;
  // Its line or column is chosen as it comes on (a Prussian's declaration, B §3.3). A column (or a
  // limbered gun) marches on at its side's next Issue Orders like any column (A §11.5), unless
  // it stopped already: the march ends for good at its first stop (A53).
  if (choosesFormation(u)) u.rs.formationDeclared = true;
  u.rs.baseFormation = u.formation === 'column' ? 'column' : 'line';
  u.rs.columnCompulsory = u.formation === 'column' && u.rs.troop !== 'general' && !w.stoppedBy;
  (rules.entered ??= []).push({ unit: u.id, force: f.id, turnNumber: rules.turnNumber });
  const how = u.rs.troop === 'general' ? '' : u.rs.gun ? ' limbered' : ` in ${u.formation}`;
  const text = [
    `${u.name} (${forceName(state, f)}) comes on${how} at ${at} and moves ${(w.travelled / 25.4).toFixed(1)}"${w.stoppedBy ? ` and stops: ${w.stoppedBy}` : ''}`,
    ...notes,
    ...(waitingUnits(state, f).length === 0 ? [`all of ${forceName(state, f)} is on the table`] : []),
  ].join('. ');
  ctx.emit({ type: 'arrival', side, unit: u.id, text });
}

/** When the force is due, in words: the Joker dicing starts, the Joker it arrives, or that it may come on now. */
export function forceDue(state: HmState, f: OffTableForce): string {
  const played = `${state.rules.jokersPlayed} played`;
  const left = waitingUnits(state, f).length;
  const entered = f.units.length - left;
  const onTable = entered > 0 ? `; ${entered} of ${f.units.length} on the table` : '';
  if (f.arrivesAtJoker !== null && f.arrivesAtJoker <= state.rules.jokersPlayed) return `arrived: bring it on in your action step (up to ${ARRIVAL_UNITS_PER_TURN} units a turn)${onTable}`;
  if (f.arrivesAtJoker !== null) return `arrives at the ${ordinal(f.arrivesAtJoker)} Joker (${played})`;
  const last = f.rolls[f.rolls.length - 1];
  if (last) return `no sign yet (rolled ${last.raw} at the ${ordinal(last.joker)} Joker): dice again at the next Joker (${played})`;
  return `dice for it after the ${ordinal(f.plannedJoker)} Joker (${played}): 6 arrives at once, 5 at the next Joker, 4 the one after`;
}

/**
 * The side panel's lines for forces off the table (B §7): the side's own, where they come on and
 * when they are due; the enemy's only once announced, by where they were seen (B23).
 */
export function offTableInfo(state: HmState, side: SideId): { label: string; detail: string; tone: 'normal' | 'warn' | 'muted' }[] {
  const out: { label: string; detail: string; tone: 'normal' | 'warn' | 'muted' }[] = [];
  for (const f of state.rules.forces ?? []) {
    const waiting = waitingUnits(state, f);
    if (waiting.length === 0) continue;
    const kind = f.kind === 'reinforcements' ? 'Reinforcements' : 'Flanking force';
    if (f.side === side) {
      const due = forceDue(state, f);
      out.push({ label: `${kind}: ${waiting.map((u) => u.name).join(', ')}`, detail: `on ${entryEdge(f).words.replace('its ', 'your ')}; ${due}`, tone: due.startsWith('arrived') ? 'warn' : 'normal' });
    } else if (f.announced) {
      out.push({ label: `${sideName(state, f.side)}' ${kind.toLowerCase()} seen approaching`, detail: `on ${entryEdge(f).words.replace('its ', 'their ')}`, tone: 'warn' });
    }
  }
  return out;
}
