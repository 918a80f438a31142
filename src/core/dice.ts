/**
 * The dice source. It lives in the game state so that a game can be saved and replayed exactly.
 *
 * - `seeded`: the default; a serialisable generator (sfc32) seeded from the game seed.
 * - `scripted`: a fixed list of results, for tests and bug reports. Running out is an error.
 * - `manual`: "roll your own". The engine never invents a result; when it needs dice it stops and
 *   asks (a DiceRequest), and the caller applies the same action again with the entered values.
 */

import { nextInt, seedRng, type RngState } from './random';

export type DiceMode = 'seeded' | 'scripted' | 'manual';

export interface DiceState {
  mode: DiceMode;
  rng: RngState;
  /** For scripted mode: the results still to come. */
  script: number[];
}

/** One throw of one or more dice, as shown to the player. */
export interface DiceRoll {
  /** What the dice were for, in words: "move", "shooting: 12 dice", "morale". */
  purpose: string;
  sides: number;
  values: number[];
  /**
   * Whose dice these are, when it is not the event's side: each side's initiative die, the
   * defender's Resolve throw. The page colours the dice thrown on the table by it.
   */
  side?: string;
}

/** Raised when a manual dice source has no entered result for the next throw. */
export class DiceRequest extends Error {
  constructor(
    readonly count: number,
    readonly sides: number,
    readonly purpose: string,
    /** How many entered values the action had already consumed before this throw. */
    readonly alreadyEntered: number,
  ) {
    super(`Roll ${count}D${sides} for ${purpose}`);
    this.name = 'DiceRequest';
  }
}

export class DiceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DiceError';
  }
}

export function seededDice(seed: string | number): DiceState {
  return { mode: 'seeded', rng: seedRng(seed), script: [] };
}

export function scriptedDice(values: number[]): DiceState {
  return { mode: 'scripted', rng: seedRng(0), script: [...values] };
}

export function manualDice(): DiceState {
  return { mode: 'manual', rng: seedRng(0), script: [] };
}

/**
 * The roller used while one action is applied. It mutates the (cloned) dice state, records every
 * throw and the flat list of values it consumed, so the log can replay the action exactly.
 */
export class DiceRoller {
  readonly rolls: DiceRoll[] = [];
  readonly consumed: number[] = [];
  private enteredCursor = 0;

  constructor(
    private readonly state: DiceState,
    /** Values entered by hand (manual mode) or recorded in a log entry (replay). */
    private readonly entered: readonly number[] | null = null,
  ) {}

  /** Throw `count` dice with `sides` faces. */
  roll(count: number, sides: number, purpose: string): number[] {
    if (count < 0 || !Number.isInteger(count)) throw new DiceError(`cannot roll ${count} dice`);
    const values: number[] = [];
    if (this.entered) {
      if (this.enteredCursor + count > this.entered.length) {
        throw new DiceRequest(count, sides, purpose, this.enteredCursor);
      }
      for (let i = 0; i < count; i++) {
        const v = this.entered[this.enteredCursor++]!;
        if (!Number.isInteger(v) || v < 1 || v > sides) {
          throw new DiceError(`a D${sides} cannot show ${v} (for ${purpose})`);
        }
        values.push(v);
      }
    } else if (this.state.mode === 'manual') {
      throw new DiceRequest(count, sides, purpose, 0);
    } else if (this.state.mode === 'scripted') {
      if (this.state.script.length < count) {
        throw new DiceError(`the scripted dice ran out: ${purpose} needs ${count}D${sides}, ${this.state.script.length} left`);
      }
      for (let i = 0; i < count; i++) {
        const v = this.state.script.shift()!;
        if (v < 1 || v > sides) throw new DiceError(`scripted value ${v} is not a D${sides} result (for ${purpose})`);
        values.push(v);
      }
    } else {
      for (let i = 0; i < count; i++) values.push(1 + nextInt(this.state.rng, sides));
    }
    this.consumed.push(...values);
    this.rolls.push({ purpose, sides, values });
    return values;
  }

  /** One die. */
  one(sides: number, purpose: string): number {
    return this.roll(1, sides, purpose)[0]!;
  }

  /** Sum of `count` dice. */
  sum(count: number, sides: number, purpose: string): number {
    return this.roll(count, sides, purpose).reduce((a, b) => a + b, 0);
  }

  /**
   * A uniform choice for things nobody rolls a die for (shuffling a deck, a tie-break order). It
   * always draws on the generator in the state, so scripted and entered dice hold only visible throws.
   */
  pickIndex(n: number): number {
    return n <= 1 ? 0 : nextInt(this.state.rng, n);
  }

  /** Number of entered values used so far (for the manual-dice prompt). */
  get enteredUsed(): number {
    return this.enteredCursor;
  }
}
