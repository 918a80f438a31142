/**
 * The model build: deterministic to the byte, the committed models/ up to date with the script,
 * every file loadable by three's GLTFLoader with its levels of detail, and models/ within budget.
 */

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { GLTFLoader, type GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { buildModels, CATALOGUE, type Manifest } from '../../../models/build';
import { readGlb } from '../../../models/src/glb';
import { geometriesFromGltf } from '../../../src/scene/models';
import { REGIONS } from '../../../src/scene/paint';

const MODELS_DIR = fileURLToPath(new URL('../../../models/', import.meta.url));
const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'tricorne-models-'));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const outputs = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.glb') || f === 'manifest.json').sort();

describe('models/build.ts', () => {
  const a = tempDir();
  const b = tempDir();
  const manifest: Manifest = buildModels(a);
  buildModels(b);

  it('gives the same bytes on every run', () => {
    expect(outputs(a)).toEqual(outputs(b));
    for (const f of outputs(a)) expect(Buffer.compare(readFileSync(join(a, f)), readFileSync(join(b, f))), f).toBe(0);
  });

  it('matches the committed models/ (run `npm run models` after changing the script)', () => {
    expect(outputs(MODELS_DIR)).toEqual(outputs(a));
    for (const f of outputs(a)) expect(Buffer.compare(readFileSync(join(MODELS_DIR, f)), readFileSync(join(a, f))), f).toBe(0);
  });

  it('keeps models/ small and every level of detail lighter than the one before', () => {
    expect(manifest.models.map((m) => m.name)).toEqual(CATALOGUE.map((c) => c.name));
    expect(manifest.glbBytes).toBeLessThan(1_000_000);
    for (const m of manifest.models) {
      for (let i = 1; i < m.triangles.length; i++) expect(m.triangles[i]!, `${m.name} LOD${i}`).toBeLessThanOrEqual(m.triangles[i - 1]!);
    }
    // A figure far away is a small fraction of the near one.
    const musketeer = manifest.models.find((m) => m.name === 'musketeer')!;
    expect(musketeer.triangles[2]!).toBeLessThan(musketeer.triangles[0]! / 4);
  });

  it('writes valid glTF that three.js loads, with regions on every vertex', async () => {
    const loader = new GLTFLoader();
    for (const name of ['musketeer', 'cuirassier', 'church']) {
      const bytes = readFileSync(join(a, `${name}.glb`));
      const { json } = readGlb(bytes);
      expect((json.asset as { version: string }).version).toBe('2.0');
      const buf = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
      const gltf = await new Promise<GLTF>((resolve, reject) => loader.parse(buf, '', resolve, reject));
      const lods = geometriesFromGltf(gltf);
      const entry = manifest.models.find((m) => m.name === name)!;
      expect(lods.name).toBe(name);
      expect(lods.lods.map((g) => g.getIndex()!.count / 3)).toEqual(entry.triangles);
      for (const g of lods.lods) {
        const r = g.getAttribute('region');
        for (let i = 0; i < r.count; i++) expect(r.getX(i)).toBeLessThan(REGIONS.length);
        // Quantized positions come back within a millimetre-scale error of the model's bounds.
        g.computeBoundingBox();
        expect(g.boundingBox!.max.y).toBeLessThanOrEqual(entry.bounds[4]! + 1e-3);
      }
    }
  });
});
