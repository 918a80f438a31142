/** A strict flag parser: unknown flags and missing values are errors, never silently ignored. */

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export interface FlagSpec {
  /** Flags that take a value. */
  values: string[];
  /** Flags that are switches. */
  switches: string[];
}

export interface Parsed {
  flags: Record<string, string>;
  switches: Set<string>;
  positional: string[];
}

export function parseArgs(argv: readonly string[], spec: FlagSpec): Parsed {
  const flags: Record<string, string> = {};
  const switches = new Set<string>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    if (spec.switches.includes(name)) {
      if (inline !== undefined) throw new UsageError(`--${name} takes no value`);
      switches.add(name);
    } else if (spec.values.includes(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
      flags[name] = value;
    } else {
      throw new UsageError(`unknown flag --${name}`);
    }
  }
  return { flags, switches, positional };
}

export function intFlag(flags: Record<string, string>, name: string, fallback: number, min: number, max: number): number {
  const raw = flags[name];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max}, not "${raw}"`);
  return n;
}
