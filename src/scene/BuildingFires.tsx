/**
 * Flames and smoke over the buildings the battlefield says are burning (a feature's `fire`). The
 * scene only draws what it is sent: which buildings burn is the rules' business.
 *
 * Cheap by design: one instanced mesh of flame tongues and one of smoke puffs for the whole table,
 * built when the battlefield changes. Every frame only a time uniform moves; the shaders flicker
 * the flames and lift and fade the puffs, so nothing is allocated per frame. While nothing burns
 * nothing is drawn and no frame is asked for.
 */

import { useEffect, useMemo } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import { AdditiveBlending, ConeGeometry, IcosahedronGeometry, InstancedBufferAttribute, InstancedMesh, Matrix4, NormalBlending, ShaderMaterial, Vector3 } from 'three';
import type { BattlefieldData } from '../app/engineApi';
import { groundHeight } from './terrainGeometry';
import { toWorld } from './coords';
import { polygonCentroid } from '../core/geometry';

interface Flame {
  x: number;
  y: number;
  z: number;
  /** Size, mm. */
  size: number;
  /** 0..1, so neighbouring flames and puffs do not move in step. */
  phase: number;
}

/** Flames per burning building, and smoke puffs over it. */
const FLAMES = 5;
const PUFFS = 6;
/** How high the smoke climbs above the roof before it has faded, mm. */
const SMOKE_RISE = 70;

const VERTEX = /* glsl */ `
  attribute float phase;
  uniform float uTime;
  uniform float uRise;
  uniform float uSmoke;
  varying float vFade;
  varying float vHeat;
  void main() {
    vec3 p = position;
    float t = uTime * (uSmoke > 0.5 ? 0.22 : 3.1) + phase * 6.2831853;
    if (uSmoke > 0.5) {
      // A puff climbs, grows and drifts, then starts again at the roof.
      float k = fract(uTime * 0.18 + phase);
      p *= 0.6 + 1.6 * k;
      p.y += k * uRise / max(instanceMatrix[1][1], 1e-3);
      p.x += sin(t + k * 3.0) * 0.6;
      vFade = (1.0 - k) * smoothstep(0.0, 0.12, k);
    } else {
      // A flame tongue flickers taller and shorter and leans with the draught.
      float flick = 0.75 + 0.35 * sin(t) + 0.15 * sin(t * 2.7 + 1.3);
      p.y *= flick;
      p.x += sin(t * 1.7) * 0.12 * (p.y + 0.5);
      vFade = 1.0;
    }
    vHeat = clamp(position.y + 0.5, 0.0, 1.0);
    gl_Position = projectionMatrix * modelViewMatrix * instanceMatrix * vec4(p, 1.0);
  }
`;

const FRAGMENT = /* glsl */ `
  uniform float uSmoke;
  varying float vFade;
  varying float vHeat;
  void main() {
    if (uSmoke > 0.5) {
      gl_FragColor = vec4(vec3(0.28, 0.27, 0.26), 0.55 * vFade);
    } else {
      vec3 base = vec3(1.0, 0.82, 0.25);
      vec3 tip = vec3(0.95, 0.25, 0.05);
      gl_FragColor = vec4(mix(base, tip, vHeat), 0.9);
    }
  }
`;

function material(smoke: boolean): ShaderMaterial {
  return new ShaderMaterial({
    uniforms: { uTime: { value: 0 }, uRise: { value: SMOKE_RISE }, uSmoke: { value: smoke ? 1 : 0 } },
    vertexShader: VERTEX,
    fragmentShader: FRAGMENT,
    transparent: true,
    depthWrite: false,
    blending: smoke ? NormalBlending : AdditiveBlending,
  });
}

/** A stable 0..1 from a string and an index, so a building's fire looks the same on every rebuild. */
function hash01(s: string, i: number): number {
  let h = 2166136261 ^ i;
  for (let k = 0; k < s.length; k++) h = Math.imul(h ^ s.charCodeAt(k), 16777619);
  return ((h >>> 0) % 10007) / 10007;
}

/** Where the flames and puffs of every burning building go (table mm, z the roof or above). */
export function firePlaces(bf: BattlefieldData): { flames: Flame[]; puffs: Flame[] } {
  const flames: Flame[] = [];
  const puffs: Flame[] = [];
  for (const f of bf.features) {
    if (f.kind !== 'building' || f.fire !== 'burning') continue;
    const poly = f.polygon;
    const { x: cx, y: cy } = polygonCentroid(poly);
    const ground = groundHeight(bf, cx, cy);
    const roof = ground + f.height;
    const reach = Math.min(...poly.map((p) => Math.hypot(p.x - cx, p.y - cy))) * 0.8;
    for (let i = 0; i < FLAMES; i++) {
      const a = hash01(f.id, i) * Math.PI * 2;
      const r = reach * hash01(f.id, i + 50);
      flames.push({ x: cx + Math.cos(a) * r, y: cy + Math.sin(a) * r, z: roof - f.height * 0.35, size: f.height * (0.55 + 0.35 * hash01(f.id, i + 90)), phase: hash01(f.id, i + 130) });
    }
    for (let i = 0; i < PUFFS; i++) {
      const a = hash01(f.id, i + 200) * Math.PI * 2;
      const r = reach * 0.6 * hash01(f.id, i + 250);
      puffs.push({ x: cx + Math.cos(a) * r, y: cy + Math.sin(a) * r, z: roof + 4, size: f.height * 0.35, phase: i / PUFFS + 0.1 * hash01(f.id, i + 300) });
    }
  }
  return { flames, puffs };
}

function instanced(geometry: ConeGeometry | IcosahedronGeometry, mat: ShaderMaterial, items: Flame[], stretch: number): InstancedMesh | null {
  if (items.length === 0) return null;
  const mesh = new InstancedMesh(geometry, mat, items.length);
  const m = new Matrix4();
  const pos = new Vector3();
  const phases = new Float32Array(items.length);
  items.forEach((it, i) => {
    toWorld(it.x, it.y, it.z + (it.size * stretch) / 2, pos);
    m.makeScale(it.size * 0.45, it.size * stretch, it.size * 0.45).setPosition(pos);
    mesh.setMatrixAt(i, m);
    phases[i] = it.phase;
  });
  geometry.setAttribute('phase', new InstancedBufferAttribute(phases, 1));
  mesh.instanceMatrix.needsUpdate = true;
  mesh.frustumCulled = false;
  mesh.raycast = () => undefined;
  return mesh;
}

export function BuildingFires({ battlefield }: { battlefield: BattlefieldData }) {
  const invalidate = useThree((s) => s.invalidate);
  const built = useMemo(() => {
    const { flames, puffs } = firePlaces(battlefield);
    if (flames.length === 0) return null;
    const flameMat = material(false);
    const smokeMat = material(true);
    const flameMesh = instanced(new ConeGeometry(0.5, 1, 6, 1, true), flameMat, flames, 1);
    const smokeMesh = instanced(new IcosahedronGeometry(0.5, 0), smokeMat, puffs, 1);
    return { flameMat, smokeMat, flameMesh, smokeMesh };
  }, [battlefield]);
  useEffect(
    () => () => {
      if (!built) return;
      for (const mesh of [built.flameMesh, built.smokeMesh]) mesh?.geometry.dispose();
      built.flameMat.dispose();
      built.smokeMat.dispose();
    },
    [built],
  );
  useFrame((state) => {
    if (!built) return;
    const t = state.clock.getElapsedTime();
    built.flameMat.uniforms.uTime!.value = t;
    built.smokeMat.uniforms.uTime!.value = t;
    // The table is drawn on demand: keep asking for frames while something burns.
    invalidate();
  });
  if (!built) return null;
  return (
    <group>
      {built.smokeMesh && <primitive object={built.smokeMesh} />}
      {built.flameMesh && <primitive object={built.flameMesh} />}
    </group>
  );
}
