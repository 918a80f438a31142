/** What the page flags with an alert in the one-page rules: routs, losses, commanders knocked out, the army's break (Q55). */

import type { AlertRules } from '../../core/alerts';
import type { OnePageGame, OnePageState, OnePageUnit, OnePageUnitState } from './types';
import { armyBreakTally } from './turn';

/** How each way of leaving the table reads in an alert. */
const REMOVED_TEXT: Record<NonNullable<OnePageUnit['rs']['removedBy']>, string> = {
  rout: 'routs',
  destroyed: 'is destroyed',
  spent: 'is spent and leaves the table',
  captured: 'is captured',
  'left-table': 'leaves the table',
  'knocked-out': 'is knocked out',
};

export const onePageAlerts: AlertRules<OnePageGame, OnePageUnitState> = {
  fate(before, after) {
    if (before.removed || !after.removed) return null;
    const u = after as OnePageUnit;
    const why = u.rs.removedBy ?? 'destroyed';
    if (u.kind === 'commander') return { kind: 'general', text: `${u.name} ${REMOVED_TEXT[why]}` };
    return { kind: why === 'rout' ? 'rout' : 'destroyed', text: `${u.name} ${REMOVED_TEXT[why]}` };
  },
  breakTally(state, side) {
    const t = armyBreakTally(state as OnePageState, side);
    return t.start > 0 ? { lost: t.lost, breaksAt: t.breaksAt, counted: `${t.start} combat units` } : null;
  },
};
