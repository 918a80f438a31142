/**
 * A minimal binary glTF 2.0 writer: one node per level of detail, each with one mesh of positions,
 * normals when the mesh has them, a paint-region attribute (`_REGION`) and 16-bit indices.
 *
 * Vertices are stored quantized (KHR_mesh_quantization): positions as 16-bit integers with the
 * node's translation and scale putting them back, normals as bytes. A vertex is 12 bytes (16 with
 * normals) instead of 28 as floats, which keeps models/ small. Faceted models leave normals out
 * (glTF then asks for flat shading, which is what they want).
 */

import type { MeshData } from './geom';

export interface GlbModel {
  name: string;
  lods: MeshData[];
  /** Written as the scene's extras (three's GLTFLoader hands them over as scene.userData). */
  extras: Record<string, unknown>;
}

const ARRAY_BUFFER = 34962;
const ELEMENT_ARRAY_BUFFER = 34963;
const BYTE = 5120;
const UNSIGNED_BYTE = 5121;
const SHORT = 5122;
const UNSIGNED_SHORT = 5123;

const pad4 = (n: number) => (n + 3) & ~3;

/** Round to a few decimals so the JSON does not carry float noise (and stays the same bytes). */
const tidy = (x: number) => Math.round(x * 1e7) / 1e7;

export function writeGlb(model: GlbModel): Uint8Array {
  const chunks: Uint8Array[] = [];
  let offset = 0;
  const bufferViews: object[] = [];
  const accessors: object[] = [];
  const meshes: object[] = [];
  const nodes: object[] = [{ name: model.name, children: model.lods.map((_, i) => i + 1) }];

  const push = (bytes: Uint8Array, target: number, stride?: number): number => {
    const view: Record<string, number> = { buffer: 0, byteOffset: offset, byteLength: bytes.byteLength, target };
    if (stride) view.byteStride = stride;
    bufferViews.push(view);
    const padded = new Uint8Array(pad4(bytes.byteLength));
    padded.set(bytes);
    chunks.push(padded);
    offset += padded.byteLength;
    return bufferViews.length - 1;
  };

  model.lods.forEach((lod, li) => {
    const n = lod.regions.length;
    // Quantize each axis over its own extent.
    const lo = [Infinity, Infinity, Infinity];
    const hi = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < n; i++) {
      for (let a = 0; a < 3; a++) {
        const x = lod.positions[i * 3 + a]!;
        lo[a] = Math.min(lo[a]!, x);
        hi[a] = Math.max(hi[a]!, x);
      }
    }
    const centre = lo.map((l, a) => tidy((l + hi[a]!) / 2));
    const half = lo.map((l, a) => Math.max(1e-6, (hi[a]! - l) / 2 + 1e-6));
    const scale = half.map((h) => tidy(h / 32767));

    const normals = lod.normals;
    // Every attribute starts on a 4-byte boundary, as glTF asks.
    const STRIDE = normals ? 16 : 12;
    const regionAt = normals ? 12 : 8;
    const vbuf = new ArrayBuffer(n * STRIDE);
    const dv = new DataView(vbuf);
    const qmin = [32767, 32767, 32767];
    const qmax = [-32767, -32767, -32767];
    for (let i = 0; i < n; i++) {
      const o = i * STRIDE;
      for (let a = 0; a < 3; a++) {
        const q = Math.max(-32767, Math.min(32767, Math.round((lod.positions[i * 3 + a]! - centre[a]!) / scale[a]!)));
        qmin[a] = Math.min(qmin[a]!, q);
        qmax[a] = Math.max(qmax[a]!, q);
        dv.setInt16(o + a * 2, q, true);
        if (normals) dv.setInt8(o + 8 + a, Math.max(-127, Math.min(127, Math.round(normals[i * 3 + a]! * 127))));
      }
      dv.setUint8(o + regionAt, lod.regions[i]!);
    }
    const vView = push(new Uint8Array(vbuf), ARRAY_BUFFER, STRIDE);
    const iView = push(new Uint8Array(lod.indices.buffer, lod.indices.byteOffset, lod.indices.byteLength), ELEMENT_ARRAY_BUFFER);

    const attributes: Record<string, number> = {};
    attributes.POSITION = accessors.length;
    accessors.push({ bufferView: vView, byteOffset: 0, componentType: SHORT, count: n, type: 'VEC3', min: qmin, max: qmax });
    if (normals) {
      attributes.NORMAL = accessors.length;
      accessors.push({ bufferView: vView, byteOffset: 8, componentType: BYTE, normalized: true, count: n, type: 'VEC3' });
    }
    attributes._REGION = accessors.length;
    accessors.push({ bufferView: vView, byteOffset: regionAt, componentType: UNSIGNED_BYTE, count: n, type: 'SCALAR' });
    const indices = accessors.length;
    accessors.push({ bufferView: iView, byteOffset: 0, componentType: UNSIGNED_SHORT, count: lod.indices.length, type: 'SCALAR' });
    meshes.push({ name: `${model.name}.LOD${li}`, primitives: [{ attributes, indices, mode: 4 }] });
    nodes.push({ name: `LOD${li}`, mesh: li, translation: centre, scale });
  });

  const json = {
    asset: { version: '2.0', generator: 'Tricorne models/build.ts' },
    extensionsUsed: ['KHR_mesh_quantization'],
    extensionsRequired: ['KHR_mesh_quantization'],
    scene: 0,
    scenes: [{ name: `${model.name}-scene`, nodes: [0], extras: model.extras }],
    nodes,
    meshes,
    accessors,
    bufferViews,
    buffers: [{ byteLength: offset }],
  };
  const jsonBytes = new TextEncoder().encode(JSON.stringify(json));
  const jsonLen = pad4(jsonBytes.byteLength);
  const total = 12 + 8 + jsonLen + 8 + offset;
  const out = new Uint8Array(total);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, 0x46546c67, true); // 'glTF'
  dv.setUint32(4, 2, true);
  dv.setUint32(8, total, true);
  dv.setUint32(12, jsonLen, true);
  dv.setUint32(16, 0x4e4f534a, true); // 'JSON'
  out.set(jsonBytes, 20);
  out.fill(0x20, 20 + jsonBytes.byteLength, 20 + jsonLen);
  let p = 20 + jsonLen;
  dv.setUint32(p, offset, true);
  dv.setUint32(p + 4, 0x004e4942, true); // 'BIN\0'
  p += 8;
  for (const c of chunks) {
    out.set(c, p);
    p += c.byteLength;
  }
  return out;
}

/** Read back what writeGlb wrote (for tests and the manifest): the JSON and the binary chunk. */
export function readGlb(bytes: Uint8Array): { json: Record<string, unknown>; bin: Uint8Array } {
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (dv.getUint32(0, true) !== 0x46546c67) throw new Error('not a GLB file');
  const jsonLen = dv.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLen))) as Record<string, unknown>;
  const binLen = dv.getUint32(20 + jsonLen, true);
  const bin = bytes.subarray(28 + jsonLen, 28 + jsonLen + binLen);
  return { json, bin };
}
