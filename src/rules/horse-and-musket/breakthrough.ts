/**
 * The breakthrough's immediate free order (A §21.2): a mounted victor that broke through may at once
 * be given any order it could take now, without spending a card; an Attack then tests Resolve at +3
 * and the Attack Sequence starts again. Until its side gives that order or lets it go, nothing else
 * happens (a General's move after the order that began the Attack waits too).
 */

import type { Action } from '../../core/model';
import { RuleError, type LegalAction, type RuleContext } from '../../core/ruleset';
import type { Battlefield } from '../../terrain/battlefield';
import { carryOut, declareFormation, ORDER_GROUP, ORDER_LABELS, ordersFor, type OrderId } from './orders';
import type { HmState, HmUnit } from './types';
import { unitById } from './world';

/** Letting the breakthrough's free order go. */
export const SKIP_BREAKTHROUGH_ORDER = 'skip-breakthrough-order';

/** The unit whose free order is waiting, if any. */
export function breakthroughUnit(state: HmState): HmUnit | null {
  const id = state.rules.breakthroughOrder;
  const u = id ? unitById(state, id) : undefined;
  return u && !u.removed ? u : null;
}

/** The free orders open to the victor now (no card), and letting it go. */
export function breakthroughActions(state: HmState, bf: Battlefield, side?: string): LegalAction[] {
  const u = breakthroughUnit(state);
  if (!u || (side && side !== u.side)) return [];
  const out: LegalAction[] = ordersFor(state, bf, u, 'unit').map((o) => ({
    action: { type: 'order', side: u.side, unit: u.id, order: o.order, free: true },
    label: `${ORDER_LABELS[o.order]} (free order after the breakthrough)`,
    group: ORDER_GROUP[o.order],
    params: o.params,
    unit: u.id,
  }));
  // Letting it go is a turn action (the top bar), so the waiting order is seen without selecting the unit.
  out.push({ action: { type: SKIP_BREAKTHROUGH_ORDER, side: u.side, unit: u.id }, label: `No free order for ${u.name} after its breakthrough`, group: 'turn', params: [] });
  return out;
}

/** Give the victor its free order, or let it go; any other action is refused until then. */
export function applyBreakthroughOrder(state: HmState, bf: Battlefield, action: Action, ctx: RuleContext): void {
  const rules = state.rules;
  const u = breakthroughUnit(state);
  const done = (): void => {
    rules.breakthroughOrder = null;
    state.active = rules.turnSide;
  };
  if (!u) {
    done();
    throw new RuleError('no free order is waiting');
  }
  const waiting = `${u.name} has broken through: give it its free order, or let it go, first`;
  if (action.side !== u.side || action.unit !== u.id) throw new RuleError(waiting);
  if (action.type === SKIP_BREAKTHROUGH_ORDER) {
    done();
    ctx.emit({ type: 'order', side: u.side, unit: u.id, text: `${u.name} takes no free order after its breakthrough` });
    return;
  }
  if (action.type !== 'order') throw new RuleError(waiting);
  const order = String(action.order) as OrderId;
  declareFormation(state, u, action.formation, ctx);
  if (!ordersFor(state, bf, u, 'unit').some((o) => o.order === order)) throw new RuleError(`${u.name} cannot be given the ${ORDER_LABELS[order] ?? order} order now`);
  done();
  ctx.emit({ type: 'order', side: u.side, unit: u.id, text: `${u.name} takes its free order after the breakthrough (no card): ${ORDER_LABELS[order]}` });
  carryOut(state, bf, u, order, action, ctx, order === 'attack' || order === 'assault');
}
