/**
 * The miniatures in the page: the .glb files of models/ loaded with three's GLTFLoader, one
 * BufferGeometry per model and level of detail, painted by a palette shader, and drawn as
 * instanced batches (one InstancedMesh per model and level of detail in use).
 *
 * Paint: each vertex carries a region (coat, facings, hat...); each instance carries a palette row
 * (a regiment's colours) and a tint (a horse's coat, a tree's shade). The palette is a small
 * texture, one texel per region, one row per paint scheme, grown as regiments appear.
 */

import {
  BufferAttribute,
  BufferGeometry,
  Color,
  DataTexture,
  DynamicDrawUsage,
  Group,
  InstancedBufferAttribute,
  InstancedMesh,
  Matrix4,
  MeshLambertMaterial,
  NearestFilter,
  RGBAFormat,
  SRGBColorSpace,
  UnsignedByteType,
  Vector3,
  type Camera,
  type Object3D,
  type PerspectiveCamera,
} from 'three';
import { GLTFLoader, type GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { useEffect, useState } from 'react';
import { PALETTE_WIDTH, REGIONS, TINTED, type Paint, type Region } from './paint';

/** The .glb files, as URLs Vite serves (and fingerprints in a build). */
const URLS = import.meta.glob('../../models/*.glb', { query: '?url', import: 'default', eager: true }) as Record<string, string>;

export interface ModelLods {
  name: string;
  /** Most detailed first. */
  lods: BufferGeometry[];
  /** Bounding box of the most detailed level: min x, y, z, max x, y, z (model units). */
  bounds: number[];
}

export type ModelLibrary = Map<string, ModelLods>;

/**
 * Turn a loaded glTF into plain geometries: quantized positions expanded to floats through their
 * node's transform, the region byte as a float attribute, 16-bit indices as they are.
 */
export function geometriesFromGltf(gltf: Pick<GLTF, 'scene'>): ModelLods {
  const root = gltf.scene.children[0];
  if (!root) throw new Error('model has no root node');
  const levels = [...root.children].filter((c) => /^LOD\d+$/.test(c.name)).sort((a, b) => a.name.localeCompare(b.name));
  const lods = levels.map((node) => {
    const mesh = node as Object3D & { geometry?: BufferGeometry };
    const src = mesh.geometry;
    if (!src) throw new Error(`model level ${node.name} has no mesh`);
    node.updateMatrix();
    const m = node.matrix;
    const p = src.getAttribute('position');
    const reg = src.getAttribute('_region');
    if (!reg) throw new Error(`model level ${node.name} has no _REGION attribute`);
    const pos = new Float32Array(p.count * 3);
    const regions = new Float32Array(p.count);
    const v = new Vector3();
    for (let i = 0; i < p.count; i++) {
      v.set(p.getX(i), p.getY(i), p.getZ(i)).applyMatrix4(m);
      pos[i * 3] = v.x;
      pos[i * 3 + 1] = v.y;
      pos[i * 3 + 2] = v.z;
      regions[i] = reg.getX(i);
    }
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(pos, 3));
    g.setAttribute('region', new BufferAttribute(regions, 1));
    const index = src.getIndex();
    if (index) g.setIndex(new BufferAttribute(new Uint16Array(index.array as ArrayLike<number>), 1));
    g.computeBoundingSphere();
    return g;
  });
  const extras = (gltf.scene.userData ?? {}) as { bounds?: number[] };
  return { name: root.name, lods, bounds: extras.bounds ?? [-0.5, 0, -0.5, 0.5, 1, 0.5] };
}

let library: ModelLibrary | null = null;
let loading: Promise<ModelLibrary> | null = null;
const listeners = new Set<(lib: ModelLibrary) => void>();

/** Load every model once; later calls get the same promise. */
export function loadModels(): Promise<ModelLibrary> {
  if (loading) return loading;
  const loader = new GLTFLoader();
  loading = Promise.all(
    Object.entries(URLS).map(async ([path, url]) => {
      const gltf = await loader.loadAsync(url);
      const lods = geometriesFromGltf(gltf);
      const name = path.replace(/^.*\//, '').replace(/\.glb$/, '');
      return [name, { ...lods, name }] as const;
    }),
  ).then((entries) => {
    library = new Map(entries);
    for (const l of listeners) l(library);
    return library;
  });
  return loading;
}

export function modelsReady(): boolean {
  return library !== null;
}

/** The model library once loaded (null until then); starts the load on first use. */
export function useModels(): ModelLibrary | null {
  const [lib, setLib] = useState<ModelLibrary | null>(library);
  useEffect(() => {
    if (library) {
      setLib(library);
      return;
    }
    const l = (x: ModelLibrary) => setLib(x);
    listeners.add(l);
    void loadModels();
    return () => {
      listeners.delete(l);
    };
  }, []);
  return lib;
}

// --- Palette ------------------------------------------------------------------------------------

const PALETTE_ROWS = 256;

/** Paint schemes as rows of one texture, shared by every batch on the page. */
class Palette {
  readonly texture: DataTexture;
  private readonly data = new Uint8Array(PALETTE_WIDTH * PALETTE_ROWS * 4);
  private readonly rows = new Map<string, number>();
  private readonly colour = new Color();

  constructor() {
    this.texture = new DataTexture(this.data, PALETTE_WIDTH, PALETTE_ROWS, RGBAFormat, UnsignedByteType);
    this.texture.magFilter = NearestFilter;
    this.texture.minFilter = NearestFilter;
    this.texture.generateMipmaps = false;
    // The colours are written as sRGB bytes; the GPU turns them linear when it samples.
    this.texture.colorSpace = SRGBColorSpace;
    this.texture.needsUpdate = true;
  }

  /** The row of a paint scheme, written on first use. Full palettes reuse the last row. */
  row(paint: Paint): number {
    const key = REGIONS.map((r) => paint[r]).join(',');
    const known = this.rows.get(key);
    if (known !== undefined) return known;
    const row = Math.min(this.rows.size, PALETTE_ROWS - 1);
    this.rows.set(key, row);
    REGIONS.forEach((r: Region, i) => {
      this.colour.setStyle(paint[r], SRGBColorSpace);
      const o = (row * PALETTE_WIDTH + i) * 4;
      // getHexString gives sRGB bytes whatever the working colour space.
      const hex = this.colour.getHex(SRGBColorSpace);
      this.data[o] = (hex >> 16) & 255;
      this.data[o + 1] = (hex >> 8) & 255;
      this.data[o + 2] = hex & 255;
      this.data[o + 3] = Math.round((TINTED[r] ?? 0) * 255);
    });
    this.texture.needsUpdate = true;
    return row;
  }
}

export const palette = new Palette();

let sharedMaterial: MeshLambertMaterial | null = null;

/**
 * One material for every miniature: Lambert with flat shading (the models are faceted and carry no
 * normals), its colour looked up per vertex from the palette by region and instance row.
 */
export function miniatureMaterial(): MeshLambertMaterial {
  if (sharedMaterial) return sharedMaterial;
  const m = new MeshLambertMaterial({ flatShading: true });
  m.onBeforeCompile = (shader) => {
    shader.uniforms.uPalette = { value: palette.texture };
    shader.vertexShader = shader.vertexShader
      .replace(
        '#include <common>',
        `#include <common>
        attribute float region;
        attribute float aScheme;
        attribute vec3 aTint;
        uniform sampler2D uPalette;
        varying vec3 vPaint;`,
      )
      .replace(
        '#include <begin_vertex>',
        `#include <begin_vertex>
        vec4 pal = texelFetch(uPalette, ivec2(int(region + 0.5), int(aScheme + 0.5)), 0);
        vPaint = mix(pal.rgb, pal.rgb * aTint, pal.a);`,
      );
    shader.fragmentShader = shader.fragmentShader
      .replace('#include <common>', '#include <common>\nvarying vec3 vPaint;')
      .replace('vec4 diffuseColor = vec4( diffuse, opacity );', 'vec4 diffuseColor = vec4( diffuse * vPaint, opacity );');
  };
  m.customProgramCacheKey = () => 'tricorne-miniature';
  sharedMaterial = m;
  return m;
}

// --- Instances ----------------------------------------------------------------------------------

/**
 * A growing list of instances: model, transform, palette row and tint, and the group (a unit, a
 * wood, a building) whose distance from the camera picks the level of detail.
 */
export class InstanceList {
  count = 0;
  models: string[] = [];
  matrices = new Float32Array(16 * 64);
  schemes = new Float32Array(64);
  tints = new Float32Array(3 * 64);
  groups = new Int32Array(64);

  clear(): void {
    this.count = 0;
    this.models.length = 0;
  }

  push(model: string, matrix: Matrix4, scheme: number, tint: Color | null, group: number): void {
    const i = this.count;
    if (i >= this.schemes.length) this.grow(i * 2);
    this.models[i] = model;
    matrix.toArray(this.matrices, i * 16);
    this.schemes[i] = scheme;
    this.tints[i * 3] = tint ? tint.r : 1;
    this.tints[i * 3 + 1] = tint ? tint.g : 1;
    this.tints[i * 3 + 2] = tint ? tint.b : 1;
    this.groups[i] = group;
    this.count++;
  }

  private grow(n: number): void {
    const m = new Float32Array(n * 16);
    m.set(this.matrices);
    const s = new Float32Array(n);
    s.set(this.schemes);
    const t = new Float32Array(n * 3);
    t.set(this.tints);
    const g = new Int32Array(n);
    g.set(this.groups);
    this.matrices = m;
    this.schemes = s;
    this.tints = t;
    this.groups = g;
  }
}

/** Where a group is and how big its pieces are, for choosing its level of detail. */
export interface LodGroup {
  x: number;
  y: number;
  z: number;
  /** Height of its pieces, world units (mm). */
  size: number;
}

/** On-screen heights (px) above which a piece is drawn at level 0, and at level 1. */
export const LOD_PIXELS: [number, number] = [56, 18];

/** The level of detail for a piece `size` mm tall at `distance` mm, given the camera's pixels per radian. */
export function lodFor(size: number, distance: number, pxPerUnit: number): number {
  const px = (size * pxPerUnit) / Math.max(1, distance);
  return px >= LOD_PIXELS[0] ? 0 : px >= LOD_PIXELS[1] ? 1 : 2;
}

const capacityFor = (n: number) => Math.max(16, 1 << Math.ceil(Math.log2(n + 1)));

/**
 * The instanced meshes for one set of instances, grouped under a three.js Group. Rebuilds the
 * batches when told the instances or the levels of detail changed; draws nothing for a model and
 * level with no instances.
 */
export class InstanceBatches {
  readonly object = new Group();
  private readonly meshes = new Map<string, InstancedMesh>();
  private lodOf = new Uint8Array(0);
  private readonly camPos = new Vector3();
  private lastCam = new Float32Array(17);

  constructor(
    private readonly lib: ModelLibrary,
    private readonly list: InstanceList,
    readonly name: string,
    private readonly opts: { castShadow?: boolean; receiveShadow?: boolean } = {},
  ) {
    this.object.name = name;
  }

  /** Levels of detail per group from the camera; true when any group changed level. */
  updateLods(groups: readonly LodGroup[], camera: Camera, viewportHeight: number): boolean {
    const cam = camera as PerspectiveCamera;
    const fov = cam.isPerspectiveCamera ? cam.fov : 40;
    const pxPerUnit = viewportHeight / (2 * Math.tan((fov * Math.PI) / 360));
    camera.getWorldPosition(this.camPos);
    let changed = this.lodOf.length !== groups.length;
    if (changed) this.lodOf = new Uint8Array(groups.length);
    for (let i = 0; i < groups.length; i++) {
      const g = groups[i]!;
      const d = Math.hypot(g.x - this.camPos.x, g.y - this.camPos.y, g.z - this.camPos.z);
      const lod = lodFor(g.size, d, pxPerUnit);
      if (lod !== this.lodOf[i]) {
        this.lodOf[i] = lod;
        changed = true;
      }
    }
    return changed;
  }

  /** Whether the camera moved since the last call (cheap: compares its matrices). */
  cameraMoved(camera: Camera, viewportHeight: number): boolean {
    const e = camera.matrixWorld.elements;
    let moved = this.lastCam[16] !== viewportHeight;
    for (let i = 0; i < 16 && !moved; i++) if (Math.abs(e[i]! - this.lastCam[i]!) > 1e-4) moved = true;
    if (moved) {
      this.lastCam.set(e);
      this.lastCam[16] = viewportHeight;
    }
    return moved;
  }

  /** Fill the batches from the instance list at the current levels of detail. */
  write(): void {
    const list = this.list;
    const counts = new Map<string, number>();
    const keyOf: string[] = new Array(list.count);
    for (let i = 0; i < list.count; i++) {
      const model = this.lib.get(list.models[i]!);
      if (!model) continue;
      const lod = Math.min(this.lodOf[list.groups[i]!] ?? 0, model.lods.length - 1);
      const key = `${model.name}#${lod}`;
      keyOf[i] = key;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const filled = new Map<string, number>();
    for (const [key, n] of counts) {
      this.ensure(key, n);
      filled.set(key, 0);
    }
    for (let i = 0; i < list.count; i++) {
      const key = keyOf[i];
      if (!key) continue;
      const mesh = this.meshes.get(key)!;
      const k = filled.get(key)!;
      filled.set(key, k + 1);
      mesh.instanceMatrix.array.set(list.matrices.subarray(i * 16, i * 16 + 16), k * 16);
      const geo = mesh.geometry;
      (geo.getAttribute('aScheme') as InstancedBufferAttribute).array[k] = list.schemes[i]!;
      (geo.getAttribute('aTint') as InstancedBufferAttribute).array.set(list.tints.subarray(i * 3, i * 3 + 3), k * 3);
    }
    for (const [key, mesh] of this.meshes) {
      const n = filled.get(key) ?? 0;
      mesh.count = n;
      mesh.visible = n > 0;
      if (n === 0) continue;
      mesh.instanceMatrix.needsUpdate = true;
      mesh.geometry.getAttribute('aScheme').needsUpdate = true;
      mesh.geometry.getAttribute('aTint').needsUpdate = true;
      // No bounding sphere: batches span the table and are never frustum-culled or picked.
    }
  }

  /** The batch for a model and level, with room for n instances. */
  private ensure(key: string, n: number): InstancedMesh {
    const old = this.meshes.get(key);
    if (old && old.instanceMatrix.count >= n) return old;
    const [name, lodText] = key.split('#');
    const model = this.lib.get(name!)!;
    const src = model.lods[Number(lodText)]!;
    const cap = capacityFor(n);
    // A geometry of its own (sharing the vertex buffers) for this batch's per-instance attributes.
    const geo = new BufferGeometry();
    geo.setAttribute('position', src.getAttribute('position'));
    geo.setAttribute('region', src.getAttribute('region'));
    geo.setIndex(src.getIndex());
    geo.boundingSphere = src.boundingSphere;
    geo.setAttribute('aScheme', new InstancedBufferAttribute(new Float32Array(cap), 1).setUsage(DynamicDrawUsage));
    geo.setAttribute('aTint', new InstancedBufferAttribute(new Float32Array(cap * 3), 3).setUsage(DynamicDrawUsage));
    const mesh = new InstancedMesh(geo, miniatureMaterial(), cap);
    mesh.instanceMatrix.setUsage(DynamicDrawUsage);
    mesh.name = `${this.name}:${key}`;
    mesh.castShadow = this.opts.castShadow ?? true;
    mesh.receiveShadow = this.opts.receiveShadow ?? false;
    mesh.raycast = () => undefined;
    mesh.frustumCulled = false;
    if (old) {
      this.object.remove(old);
      old.geometry.dispose();
      old.dispose();
    }
    this.meshes.set(key, mesh);
    this.object.add(mesh);
    return mesh;
  }

  /** Draw calls this set costs now: its batches with instances. */
  batchesInUse(): number {
    let n = 0;
    for (const m of this.meshes.values()) if (m.visible && m.count > 0) n++;
    return n;
  }

  dispose(): void {
    for (const m of this.meshes.values()) {
      m.geometry.dispose();
      m.dispose();
    }
    this.meshes.clear();
    this.object.clear();
  }
}
