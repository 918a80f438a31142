/** What the page flags with an alert in Horse & Musket: units that break and run or are lost, Generals killed, the army's break (B §8.1). */

import type { AlertRules } from '../../core/alerts';
import type { HmGame, HmState, HmUnit, HmUnitState } from './types';
import { breakTally, breakThreshold, isBroken, isGeneral } from './world';

const REMOVED_TEXT: Record<NonNullable<HmUnit['rs']['removedBy']>, string> = {
  destroyed: 'is destroyed',
  dispersed: 'disperses',
  'left-table': 'leaves the field',
  killed: 'is killed',
  surrendered: 'surrenders',
};

export const hmAlerts: AlertRules<HmGame, HmUnitState> = {
  fate(before, after) {
    const b = before as HmUnit;
    const u = after as HmUnit;
    if (!b.removed && u.removed) {
      const why = u.rs.removedBy ?? 'destroyed';
      if (isGeneral(u)) return { kind: 'general', text: `${u.name} ${why === 'killed' ? 'is killed' : REMOVED_TEXT[why]}` };
      return { kind: 'destroyed', text: `${u.name} ${REMOVED_TEXT[why]}` };
    }
    if (!u.removed && !isBroken(b) && isBroken(u)) return { kind: 'rout', text: `${u.name} breaks and runs` };
    return null;
  },
  breakTally(state, side) {
    const allUnits = state.options.breakRule === 'forty-percent-all';
    const t = breakTally(state as HmState, side, allUnits);
    if (t.total === 0) return null;
    return { lost: t.lost, breaksAt: breakThreshold(t.total, allUnits), counted: `${t.total} ${allUnits ? 'units' : 'infantry units'}` };
  },
};
