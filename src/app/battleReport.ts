/**
 * The after-battle figures: each side's strength at the start and at the end of every turn, and its
 * losses in units, stands and generals. Worked out in the worker from the states the log passes
 * through; it knows no rulebook beyond the ruleset's own test of which units fight.
 */

import type { GameResult, GameState, Unit } from '../core/model';

/** One side's strength in a position. */
export interface Strength {
  /** Fighting units still in the game (on the table, aboard, or yet to arrive). */
  units: number;
  /** Their stands that are not destroyed. */
  stands: number;
  /** Generals and commanders still in the game. */
  generals: number;
}

/** A point of the strength chart: the position at the start, or at the end of a turn. */
export interface StrengthPoint {
  /** "Start" or "Turn 3". */
  label: string;
  turn: number;
  /** Actions played up to this point. */
  seq: number;
  sides: Record<string, Strength>;
}

export interface SideLosses {
  side: string;
  name: string;
  colour: string;
  start: Strength;
  end: Strength;
  unitsLost: number;
  standsLost: number;
  generalsLost: number;
  /** Names of the units and generals lost, in the order they appear in the army. */
  lostNames: string[];
}

export interface BattleReport {
  result: GameResult | null;
  /** The ruleset's game-over sentence, when the battle ended. */
  resultText: string | null;
  turns: number;
  actions: number;
  losses: SideLosses[];
  series: StrengthPoint[];
  hash: string;
}

export type IsCombatant = (unit: Unit) => boolean;

const isGeneral = (u: Unit): boolean => u.kind === 'commander';

/** Each side's strength in a state. A unit carried aboard another is still in the game. */
export function strengthOf(state: GameState, isCombatant: IsCombatant): Record<string, Strength> {
  const out: Record<string, Strength> = {};
  for (const s of state.sides) out[s.id] = { units: 0, stands: 0, generals: 0 };
  for (const u of state.units) {
    const side = out[u.side];
    if (!side || u.removed) continue;
    if (isGeneral(u)) side.generals++;
    else if (isCombatant(u)) {
      side.units++;
      side.stands += u.stands.filter((s) => s.status !== 'destroyed').length;
    }
  }
  return out;
}

/**
 * Builds a report from the states of a game in order: feed it the first state, then the state after
 * every action. It samples the strength at the start and at the end of each turn (the last state
 * before the turn number changes, and the final state).
 */
export class ReportBuilder {
  private readonly series: StrengthPoint[] = [];
  private first: GameState | null = null;
  private last: GameState | null = null;
  private resultText: string | null = null;

  constructor(private readonly isCombatant: IsCombatant) {}

  add(state: GameState, events: readonly { type: string; text: string }[] = []): void {
    if (!this.first) {
      this.first = state;
      this.series.push(this.point('Start', state));
    } else if (this.last && state.turn !== this.last.turn) {
      this.series.push(this.point(`Turn ${this.last.turn}`, this.last));
    }
    const over = events.find((e) => e.type === 'game-over');
    if (over) this.resultText = over.text;
    this.last = state;
  }

  private point(label: string, state: GameState): StrengthPoint {
    return { label, turn: state.turn, seq: state.seq, sides: strengthOf(state, this.isCombatant) };
  }

  finish(hash: string): BattleReport {
    const first = this.first;
    const last = this.last;
    if (!first || !last) throw new Error('a battle report needs at least the opening position');
    const series = [...this.series];
    if (last !== first) series.push(this.point(`Turn ${last.turn}`, last));
    const start = strengthOf(first, this.isCombatant);
    const end = strengthOf(last, this.isCombatant);
    const present = new Set(first.units.filter((u) => !u.removed).map((u) => u.id));
    const losses = last.sides.map((side): SideLosses => {
      const s = start[side.id]!;
      const e = end[side.id]!;
      const lostNames = last.units
        .filter((u) => u.side === side.id && u.removed && present.has(u.id) && (isGeneral(u) || this.isCombatant(u)))
        .map((u) => u.name);
      return {
        side: side.id,
        name: side.name,
        colour: side.colour,
        start: s,
        end: e,
        unitsLost: Math.max(0, s.units - e.units),
        standsLost: Math.max(0, s.stands - e.stands),
        generalsLost: Math.max(0, s.generals - e.generals),
        lostNames,
      };
    });
    return {
      result: last.result,
      resultText: this.resultText,
      turns: last.turn,
      actions: last.seq,
      losses,
      series,
      hash,
    };
  }
}
