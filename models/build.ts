/**
 * Builds every miniature and terrain piece as a binary glTF file in models/, with
 * models/manifest.json listing them (triangles and vertices per level of detail, bytes).
 *
 *   npm run models               # writes into models/
 *   npx tsx models/build.ts DIR  # writes into DIR
 *
 * Everything is generated here from code: no asset is copied from anywhere. The output is
 * deterministic: the same source gives the same bytes on every run (a unit test checks it).
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REGIONS } from '../src/scene/paint';
import type { Mesh } from './src/geom';
import type { Lod } from './src/figure';
import { writeGlb } from './src/glb';
import * as troops from './src/troops';
import * as scenery from './src/scenery';

export type ModelGroup = 'foot' | 'mounted' | 'artillery' | 'train' | 'marker' | 'tree' | 'building' | 'line' | 'works';

export interface ModelDef {
  name: string;
  group: ModelGroup;
  /** Levels of detail, most detailed first. */
  lods: Lod[];
  make: (lod: Lod) => Mesh;
}

const ALL: Lod[] = [0, 1, 2];
const TWO: Lod[] = [0, 1];

export const CATALOGUE: ModelDef[] = [
  { name: 'musketeer', group: 'foot', lods: ALL, make: troops.musketeer },
  { name: 'grenadierMitre', group: 'foot', lods: ALL, make: troops.grenadierMitre },
  { name: 'grenadierBearskin', group: 'foot', lods: ALL, make: troops.grenadierBearskin },
  { name: 'skirmisher', group: 'foot', lods: ALL, make: troops.skirmisher },
  { name: 'freikorps', group: 'foot', lods: ALL, make: troops.freikorps },
  { name: 'grenzer', group: 'foot', lods: ALL, make: troops.grenzer },
  { name: 'bearer', group: 'foot', lods: ALL, make: troops.bearer },
  { name: 'officer', group: 'foot', lods: ALL, make: troops.officer },
  { name: 'drummer', group: 'foot', lods: ALL, make: troops.drummer },
  { name: 'gunnerRammer', group: 'foot', lods: ALL, make: troops.gunnerRammer },
  { name: 'gunnerLinstock', group: 'foot', lods: ALL, make: troops.gunnerLinstock },
  { name: 'cuirassier', group: 'mounted', lods: ALL, make: troops.cuirassier },
  { name: 'dragoon', group: 'mounted', lods: ALL, make: troops.dragoon },
  { name: 'hussarBusby', group: 'mounted', lods: ALL, make: troops.hussarBusby },
  { name: 'hussarMirliton', group: 'mounted', lods: ALL, make: troops.hussarMirliton },
  { name: 'cossack', group: 'mounted', lods: ALL, make: troops.cossack },
  { name: 'general', group: 'mounted', lods: ALL, make: troops.general },
  { name: 'staff', group: 'mounted', lods: ALL, make: troops.staff },
  { name: 'cornet', group: 'mounted', lods: ALL, make: troops.cornet },
  { name: 'fieldGun', group: 'artillery', lods: ALL, make: troops.fieldGun },
  { name: 'howitzer', group: 'artillery', lods: ALL, make: troops.howitzer },
  { name: 'limberTeam', group: 'artillery', lods: ALL, make: troops.limberTeam },
  { name: 'wagon', group: 'train', lods: ALL, make: troops.wagon },
  { name: 'boat', group: 'train', lods: ALL, make: troops.boat },
  { name: 'casualty', group: 'marker', lods: ALL, make: troops.casualty },
  { name: 'base', group: 'marker', lods: ALL, make: scenery.base },
  { name: 'disorderMarker', group: 'marker', lods: ALL, make: scenery.disorderMarker },
  { name: 'oak', group: 'tree', lods: ALL, make: scenery.oak },
  { name: 'pine', group: 'tree', lods: ALL, make: scenery.pine },
  { name: 'fruitTree', group: 'tree', lods: ALL, make: scenery.fruitTree },
  { name: 'poplar', group: 'tree', lods: ALL, make: scenery.poplar },
  { name: 'house', group: 'building', lods: TWO, make: scenery.house },
  { name: 'cottage', group: 'building', lods: TWO, make: scenery.cottage },
  { name: 'church', group: 'building', lods: TWO, make: scenery.church },
  { name: 'barn', group: 'building', lods: TWO, make: scenery.barn },
  { name: 'windmill', group: 'building', lods: TWO, make: scenery.windmill },
  { name: 'watermill', group: 'building', lods: TWO, make: scenery.watermill },
  { name: 'bridge', group: 'works', lods: TWO, make: scenery.bridge },
  { name: 'earthwork', group: 'works', lods: TWO, make: scenery.earthwork },
  { name: 'wall', group: 'line', lods: TWO, make: scenery.wall },
  { name: 'hedge', group: 'line', lods: TWO, make: scenery.hedge },
  { name: 'fence', group: 'line', lods: TWO, make: scenery.fence },
  { name: 'fieldwork', group: 'line', lods: TWO, make: scenery.fieldwork },
  { name: 'chevaux', group: 'line', lods: TWO, make: scenery.chevaux },
];

export interface ManifestEntry {
  name: string;
  file: string;
  group: ModelGroup;
  bytes: number;
  triangles: number[];
  vertices: number[];
  /** Bounding box of the most detailed level: [minX, minY, minZ, maxX, maxY, maxZ]. */
  bounds: number[];
}

export interface Manifest {
  generator: string;
  /** Paint regions by id, as stored in each vertex's _REGION. */
  regions: string[];
  /** Bytes of all the .glb files together (the manifest not counted). */
  glbBytes: number;
  models: ManifestEntry[];
}

const r4 = (x: number) => Math.round(x * 1e4) / 1e4;

/** Build every model into `outDir`; returns the manifest that was written there too. */
export function buildModels(outDir: string): Manifest {
  mkdirSync(outDir, { recursive: true });
  const models: ManifestEntry[] = [];
  for (const def of CATALOGUE) {
    const lods = def.lods.map((l) => def.make(l).build());
    const b = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
    const p = lods[0]!.positions;
    for (let i = 0; i < p.length; i += 3) {
      for (let a = 0; a < 3; a++) {
        b[a] = Math.min(b[a]!, p[i + a]!);
        b[a + 3] = Math.max(b[a + 3]!, p[i + a]!);
      }
    }
    const bounds = b.map(r4);
    const bytes = writeGlb({ name: def.name, lods, extras: { group: def.group, bounds } });
    const file = `${def.name}.glb`;
    writeFileSync(join(outDir, file), bytes);
    models.push({
      name: def.name,
      file,
      group: def.group,
      bytes: bytes.byteLength,
      triangles: lods.map((l) => l.indices.length / 3),
      vertices: lods.map((l) => l.regions.length),
      bounds,
    });
  }
  const manifest: Manifest = {
    generator: 'models/build.ts',
    regions: [...REGIONS],
    glbBytes: models.reduce((n, m) => n + m.bytes, 0),
    models,
  };
  const text = `${JSON.stringify(manifest, null, 1)}\n`;
  writeFileSync(join(outDir, 'manifest.json'), text);
  return manifest;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = resolve(process.argv[2] ?? fileURLToPath(new URL('.', import.meta.url)));
  const t0 = performance.now();
  const m = buildModels(out);
  for (const e of m.models) {
    console.log(`${e.name.padEnd(18)} ${String(e.bytes).padStart(7)} B  triangles ${e.triangles.join(' / ')}`);
  }
  console.log(`${m.models.length} models, ${m.glbBytes} bytes of .glb in ${out} (${(performance.now() - t0).toFixed(0)} ms)`);
}
