/** `tricorne terrain`: the battlefield a ruleset and seed give, as JSON and optionally as an .asc. */

import { writeFileSync } from 'node:fs';
import { rulesetIds } from '../rules/registry';
import { battlefieldFromSpec, DEFAULT_CELL_SIZE, TABLE_6X4, type BattlefieldSpec } from '../terrain/battlefield';
import { formatAsc } from '../terrain/gridio';
import { parseArgs, UsageError } from './args';
import type { Io } from './main';

export const TERRAIN_USAGE = `  tricorne terrain --ruleset R --seed S --out battlefield.json [--asc heights.asc]
      Generate the battlefield a game of ruleset R with seed S is played on (6' x 4', 10 mm cells)
      and write its spec, features and a heightmap summary as JSON; --asc also writes the heights
      (mm, table coordinates) as an ESRI ASCII grid.`;

function write(io: Io, file: string, text: string): boolean {
  try {
    writeFileSync(file, text);
    return true;
  } catch (e) {
    io.err(`tricorne: cannot write ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    return false;
  }
}

export function terrainCommand(argv: readonly string[], io: Io): number {
  const { flags, positional } = parseArgs(argv, { values: ['ruleset', 'seed', 'out', 'asc'], switches: [] });
  if (positional.length) throw new UsageError(`unexpected argument "${positional[0]}"`);
  const ruleset = flags.ruleset;
  if (ruleset === undefined) throw new UsageError(`terrain needs --ruleset; rulesets: ${rulesetIds().join(', ')}`);
  if (!rulesetIds().includes(ruleset)) throw new UsageError(`unknown ruleset "${ruleset}"; rulesets: ${rulesetIds().join(', ')}`);
  const seed = flags.seed;
  if (seed === undefined || seed === '') throw new UsageError('terrain needs --seed');
  const out = flags.out;
  if (out === undefined) throw new UsageError('terrain needs --out FILE.json');

  // The same spec a game with this seed builds (the one-page table), so the file shows that game's ground.
  const spec: BattlefieldSpec = { seed, width: TABLE_6X4.width, depth: TABLE_6X4.depth, cellSize: DEFAULT_CELL_SIZE };
  const bf = battlefieldFromSpec(spec);
  const hm = bf.heightmap;
  let min = Infinity;
  let max = -Infinity;
  let sum = 0;
  for (const v of hm.heights) {
    if (v < min) min = v;
    if (v > max) max = v;
    sum += v;
  }
  const doc = {
    ruleset,
    spec: bf.spec,
    width: bf.width,
    depth: bf.depth,
    features: bf.features,
    heightmap: { cols: hm.cols, rows: hm.rows, cellSize: hm.cellSize, originX: hm.originX, originY: hm.originY, min, max, mean: sum / hm.heights.length },
  };
  if (!write(io, out, JSON.stringify(doc, null, 1) + '\n')) return 1;
  if (flags.asc !== undefined && !write(io, flags.asc, formatAsc(hm))) return 1;
  const kinds = new Map<string, number>();
  for (const f of bf.features) kinds.set(f.kind, (kinds.get(f.kind) ?? 0) + 1);
  const list = [...kinds].map(([k, n]) => `${n} ${k}${n > 1 ? 's' : ''}`).join(', ');
  io.out(`terrain: ${ruleset} seed ${seed}: ${hm.cols} x ${hm.rows} heights, ${min.toFixed(1)} to ${max.toFixed(1)} mm; ${list}; wrote ${out}${flags.asc !== undefined ? ` and ${flags.asc}` : ''}`);
  return 0;
}
