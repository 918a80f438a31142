/**
 * Units on the table: every stand as a based group of figures, drawn with one instanced mesh per
 * figure part, so hundreds of stands cost a few dozen draw calls. Units glide to their new poses
 * after each order. Selection and target highlights are frames on the ground round a unit.
 */

import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useFrame, useThree, type ThreeEvent } from '@react-three/fiber';
import {
  BoxGeometry,
  Color,
  DynamicDrawUsage,
  Euler,
  InstancedMesh,
  Matrix4,
  MeshBasicMaterial,
  MeshLambertMaterial,
  Quaternion,
  Vector3,
  type BufferGeometry,
  type Material,
} from 'three';
import type { GameState, Stand, TroopKind, Unit } from '../core/model';
import { unitFootprint } from '../core/model';
import type { BattlefieldData } from '../app/engineApi';
import {
  boatGeometry,
  coatColour,
  disorderRingGeometry,
  flagGeometry,
  flagPoleGeometry,
  gunGeometry,
  horseColour,
  horseGeometry,
  manCoatGeometry,
  manFixedGeometry,
  riderCoatGeometry,
  riderFixedGeometry,
  standFigures,
  wagonGeometry,
  type FigureMesh,
  type FigureSlot,
} from './figures';
import { groundHeight } from './terrainGeometry';
import { facingToYaw, toWorld } from './coords';

export interface Pose {
  x: number;
  y: number;
  facing: number;
}

/** Poses as drawn this frame (mid-animation too), for the test hook and the overlays. */
export const displayPoses = new Map<string, Pose>();

const ANIM_MS = 300;

/** Units still gliding to their new poses (all Units components share the pose table). */
let moving = 0;
export function animating(): boolean {
  return moving > 0;
}

type MeshName = FigureMesh | 'baseRim' | 'baseTop' | 'pick' | 'disorder' | 'frame';

interface StandPlan {
  unit: Unit;
  stand: Stand;
  figures: FigureSlot[];
  /** Tallest figure: for the pick box and the disorder marker. */
  height: number;
}

interface Plan {
  stands: StandPlan[];
  byUnit: Map<string, StandPlan[]>;
  counts: Record<MeshName, number>;
  coat: Map<string, Color>;
  sideColour: Map<string, Color>;
}

const FIGURE_MESHES: FigureMesh[] = ['manCoat', 'manFixed', 'horse', 'riderCoat', 'riderFixed', 'flagPole', 'flag', 'gun', 'wagon', 'boat'];
const ALL_MESHES: MeshName[] = [...FIGURE_MESHES, 'baseRim', 'baseTop', 'pick', 'disorder', 'frame'];

const mountedKinds = new Set<TroopKind>(['cavalry', 'commander']);

function buildPlan(state: GameState): Plan {
  const counts = Object.fromEntries(ALL_MESHES.map((m) => [m, 0])) as Record<MeshName, number>;
  const stands: StandPlan[] = [];
  const byUnit = new Map<string, StandPlan[]>();
  const coat = new Map<string, Color>();
  const sideColour = new Map<string, Color>();
  for (const s of state.sides) {
    coat.set(s.id, new Color(coatColour(s.nation, s.colour)));
    sideColour.set(s.id, new Color(s.colour));
  }
  for (const unit of state.units) {
    if (unit.removed) continue;
    const list: StandPlan[] = [];
    for (const stand of unit.stands) {
      if (stand.status === 'destroyed') continue;
      const figures = standFigures(unit.kind, stand);
      const tallest = figures.reduce((h, f) => Math.max(h, f.size * (mountedKinds.has(unit.kind) ? 1.7 : 1.05)), 4);
      const sp: StandPlan = { unit, stand, figures, height: tallest };
      list.push(sp);
      stands.push(sp);
      counts.baseRim++;
      counts.baseTop++;
      counts.pick++;
      if (stand.status === 'disordered') counts.disorder++;
      for (const f of figures) for (const m of f.meshes) counts[m]++;
    }
    byUnit.set(unit.id, list);
  }
  return { stands, byUnit, counts, coat, sideColour };
}

/** Capacity with headroom, so a few more stands do not rebuild the meshes. */
const capacity = (n: number) => (n === 0 ? 0 : Math.max(16, 1 << Math.ceil(Math.log2(n + 1))));

function lerpAngle(a: number, b: number, t: number): number {
  let d = (b - a) % (Math.PI * 2);
  if (d > Math.PI) d -= Math.PI * 2;
  if (d < -Math.PI) d += Math.PI * 2;
  return a + d * t;
}

export interface UnitsProps {
  state: GameState;
  battlefield: BattlefieldData;
  selected: string | null;
  hovered: string | null;
  /** Units to mark as valid choices for the order being given. */
  highlighted: readonly string[];
  onUnitClick: (unitId: string, e: ThreeEvent<MouseEvent>) => void;
  onUnitHover: (unitId: string | null) => void;
}

const UP = new Vector3(0, 1, 0);
const BASE_TOP = new Color('#5b6b3a');
const HORSE_COLOURS = Array.from({ length: 6 }, (_, i) => new Color(horseColour(i)));
const WHITE = new Color('#ffffff');
const FRAME_SELECTED = new Color('#ffd23f');
const FRAME_TARGET = new Color('#ff5a36');
const FRAME_HOVER = new Color('#f4f4f4');

export function Units({ state, battlefield, selected, hovered, highlighted, onUnitClick, onUnitHover }: UnitsProps) {
  const invalidate = useThree((s) => s.invalidate);
  const plan = useMemo(() => buildPlan(state), [state]);

  const geometries = useMemo<Record<MeshName, BufferGeometry>>(
    () => ({
      manCoat: manCoatGeometry(),
      manFixed: manFixedGeometry(),
      horse: horseGeometry(),
      riderCoat: riderCoatGeometry(),
      riderFixed: riderFixedGeometry(),
      flagPole: flagPoleGeometry(),
      flag: flagGeometry(),
      gun: gunGeometry(),
      wagon: wagonGeometry(),
      boat: boatGeometry(),
      baseRim: new BoxGeometry(1, 1, 1),
      baseTop: new BoxGeometry(1, 1, 1),
      pick: new BoxGeometry(1, 1, 1),
      disorder: disorderRingGeometry(),
      frame: new BoxGeometry(1, 1, 1),
    }),
    [],
  );
  const materials = useMemo<Record<MeshName, Material>>(() => {
    const figure = () => new MeshLambertMaterial({ vertexColors: true, flatShading: true });
    return {
      manCoat: figure(),
      manFixed: figure(),
      horse: figure(),
      riderCoat: figure(),
      riderFixed: figure(),
      flagPole: figure(),
      flag: figure(),
      gun: figure(),
      wagon: figure(),
      boat: figure(),
      baseRim: new MeshLambertMaterial(),
      baseTop: new MeshLambertMaterial(),
      // Invisible but hit by the raycaster: a click anywhere on the figures selects the unit.
      pick: new MeshBasicMaterial({ visible: false }),
      disorder: new MeshBasicMaterial({ color: '#e8322b' }),
      frame: new MeshBasicMaterial({ toneMapped: false }),
    };
  }, []);
  useEffect(
    () => () => {
      for (const g of Object.values(geometries)) g.dispose();
      for (const m of Object.values(materials)) m.dispose();
    },
    [geometries, materials],
  );

  const meshRefs = useRef<Partial<Record<MeshName, InstancedMesh | null>>>({});
  // Stable ref callbacks: an inline one would be called again on every render.
  const refSetters = useMemo(
    () =>
      Object.fromEntries(
        ALL_MESHES.map((name) => [
          name,
          (m: InstancedMesh | null) => {
            meshRefs.current[name] = m;
            if (m) m.instanceMatrix.setUsage(DynamicDrawUsage);
          },
        ]),
      ) as Record<MeshName, (m: InstancedMesh | null) => void>,
    [],
  );
  /** Which unit each pick-box instance belongs to. */
  const pickUnits = useRef<string[]>([]);

  // Animation: where each unit is drawn and where it is going.
  const anims = useRef(new Map<string, { from: Pose; to: Pose; start: number }>());
  useLayoutEffect(() => {
    const now = performance.now();
    const live = new Set<string>();
    for (const u of state.units) {
      if (u.removed) continue;
      live.add(u.id);
      const to = { x: u.x, y: u.y, facing: u.facing };
      const shown = displayPoses.get(u.id);
      if (!shown) {
        displayPoses.set(u.id, to);
        anims.current.delete(u.id);
      } else if (shown.x !== to.x || shown.y !== to.y || shown.facing !== to.facing) {
        anims.current.set(u.id, { from: { ...shown }, to, start: now });
      }
    }
    for (const id of [...displayPoses.keys()]) {
      if (!live.has(id)) {
        displayPoses.delete(id);
        anims.current.delete(id);
      }
    }
    moving = anims.current.size;
    writeAll();
    invalidate();
    // writeAll reads refs and the latest plan; it runs again whenever the plan changes.
  }, [plan]);

  // Frames for selection, hover and valid targets (rebuilt when any of them changes).
  const frameUnits = useMemo(() => {
    const list: { id: string; colour: Color }[] = [];
    for (const id of highlighted) list.push({ id, colour: FRAME_TARGET });
    if (hovered && hovered !== selected && !highlighted.includes(hovered)) list.push({ id: hovered, colour: FRAME_HOVER });
    if (selected) list.push({ id: selected, colour: FRAME_SELECTED });
    return list.filter((f) => plan.byUnit.has(f.id));
  }, [highlighted, hovered, selected, plan]);
  useLayoutEffect(() => {
    writeFrames();
    invalidate();
  }, [frameUnits]);

  useFrame(() => {
    moving = anims.current.size;
    if (anims.current.size === 0) return;
    const now = performance.now();
    for (const [id, a] of anims.current) {
      const t = Math.min(1, (now - a.start) / ANIM_MS);
      const e = t * t * (3 - 2 * t);
      displayPoses.set(id, {
        x: a.from.x + (a.to.x - a.from.x) * e,
        y: a.from.y + (a.to.y - a.from.y) * e,
        facing: lerpAngle(a.from.facing, a.to.facing, e),
      });
      if (t >= 1) {
        displayPoses.set(id, a.to);
        anims.current.delete(id);
      }
    }
    writeAll();
    moving = anims.current.size;
    // Keep rendering until every unit has arrived (the canvas renders on demand).
    invalidate();
  });

  const m4 = useMemo(() => new Matrix4(), []);
  const q = useMemo(() => new Quaternion(), []);
  const euler = useMemo(() => new Euler(), []);
  const pos = useMemo(() => new Vector3(), []);
  const scl = useMemo(() => new Vector3(), []);

  const tiltQ = useMemo(() => new Quaternion(), []);
  const normal = useMemo(() => new Vector3(), []);

  /**
   * Place one instance. `tilt` is the ground's rise per mm forward and to the right, so a base
   * lies on a slope instead of cutting into it; figures stay upright.
   */
  function put(name: MeshName, i: number, x: number, y: number, z: number, yaw: number, sx: number, sy: number, sz: number, tilt?: { f: number; l: number }): void {
    const mesh = meshRefs.current[name];
    if (!mesh) return;
    euler.set(0, facingToYaw(yaw), 0);
    q.setFromEuler(euler);
    if (tilt) {
      tiltQ.setFromUnitVectors(UP, normal.set(-tilt.f, 1, -tilt.l).normalize());
      q.multiply(tiltQ);
    }
    m4.compose(toWorld(x, y, z, pos), q, scl.set(sx, sy, sz));
    mesh.setMatrixAt(i, m4);
  }

  function writeAll(): void {
    const idx = Object.fromEntries(ALL_MESHES.map((m) => [m, 0])) as Record<MeshName, number>;
    const picks: string[] = [];
    const refs = meshRefs.current;
    for (const [unitId, stands] of plan.byUnit) {
      const pose = displayPoses.get(unitId);
      if (!pose) continue;
      const fx = Math.cos(pose.facing);
      const fy = Math.sin(pose.facing);
      for (const sp of stands) {
        const { stand, unit } = sp;
        // Stand centre: f forward, l to the right (right = (fy, -fx)).
        const cx = pose.x + fx * stand.f + fy * stand.l;
        const cy = pose.y + fy * stand.f - fx * stand.l;
        const z = groundHeight(battlefield, cx, cy);
        // The ground's slope under the stand, from its edges' midpoints.
        const hd = stand.depth / 2;
        const hw = stand.width / 2;
        const tilt = {
          f: (groundHeight(battlefield, cx + fx * hd, cy + fy * hd) - groundHeight(battlefield, cx - fx * hd, cy - fy * hd)) / stand.depth,
          l: (groundHeight(battlefield, cx + fy * hw, cy - fx * hw) - groundHeight(battlefield, cx - fy * hw, cy + fx * hw)) / stand.width,
        };
        const top = z + 1.6;
        put('baseRim', idx.baseRim, cx, cy, z - 0.4, pose.facing, stand.depth, 4, stand.width, tilt);
        refs.baseRim?.setColorAt(idx.baseRim++, plan.sideColour.get(unit.side) ?? WHITE);
        put('baseTop', idx.baseTop, cx, cy, z - 0.3, pose.facing, Math.max(1, stand.depth - 2.4), 4, Math.max(1, stand.width - 2.4), tilt);
        refs.baseTop?.setColorAt(idx.baseTop++, BASE_TOP);
        put('pick', idx.pick++, cx, cy, z + sp.height / 2, pose.facing, stand.depth, sp.height + 3, stand.width);
        picks.push(unitId);
        if (stand.status === 'disordered') {
          const r = Math.min(stand.width, stand.depth) * 0.3;
          put('disorder', idx.disorder++, cx, cy, top + sp.height + 3, 0, r, r, r);
        }
        for (const [k, fig] of sp.figures.entries()) {
          const x = cx + fx * fig.f + fy * fig.l;
          const y = cy + fy * fig.f - fx * fig.l;
          const zf = top + tilt.f * fig.f + tilt.l * fig.l;
          for (const m of fig.meshes) {
            put(m, idx[m], x, y, zf, pose.facing + fig.yaw, fig.size, fig.size, fig.size);
            if (m === 'manCoat' || m === 'riderCoat') refs[m]?.setColorAt(idx[m], plan.coat.get(unit.side) ?? WHITE);
            else if (m === 'flag') refs.flag?.setColorAt(idx.flag, plan.sideColour.get(unit.side) ?? WHITE);
            else if (m === 'horse') refs.horse?.setColorAt(idx.horse, HORSE_COLOURS[(hashId(unit.id) + k) % HORSE_COLOURS.length]!);
            idx[m]++;
          }
        }
      }
    }
    pickUnits.current = picks;
    for (const name of ALL_MESHES) {
      if (name === 'frame') continue;
      const mesh = refs[name];
      if (!mesh) continue;
      mesh.count = idx[name];
      mesh.instanceMatrix.needsUpdate = true;
      if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
      mesh.computeBoundingSphere();
    }
    writeFrames();
  }

  function writeFrames(): void {
    const mesh = meshRefs.current.frame;
    if (!mesh) return;
    let i = 0;
    for (const { id, colour } of frameUnits) {
      const unit = plan.byUnit.get(id)?.[0]?.unit;
      const pose = displayPoses.get(id);
      if (!unit || !pose) continue;
      const fp = unitFootprint({ ...pose, stands: unit.stands });
      const fx = Math.cos(fp.facing);
      const fy = Math.sin(fp.facing);
      const pad = 3;
      const w = fp.width + pad * 2;
      const d = fp.depth + pad * 2;
      const bar = 2.2;
      // Four bars: front, back, left, right, each at the ground height under its middle.
      const bars: [number, number, number, number][] = [
        [d / 2, 0, bar, w + bar],
        [-d / 2, 0, bar, w + bar],
        [0, -w / 2, d + bar, bar],
        [0, w / 2, d + bar, bar],
      ];
      for (const [f, l, sd, sw] of bars) {
        if (i >= mesh.instanceMatrix.count) break;
        const x = fp.cx + fx * f + fy * l;
        const y = fp.cy + fy * f - fx * l;
        const z = Math.max(groundHeight(battlefield, x, y), groundHeight(battlefield, fp.cx, fp.cy)) + 1;
        put('frame', i, x, y, z, fp.facing, sd, 2.5, sw);
        mesh.setColorAt(i, colour);
        i++;
      }
    }
    mesh.count = i;
    mesh.instanceMatrix.needsUpdate = true;
    if (mesh.instanceColor) mesh.instanceColor.needsUpdate = true;
    mesh.computeBoundingSphere();
  }

  const pickHandlers = {
    onClick: (e: ThreeEvent<MouseEvent>) => {
      if (e.instanceId === undefined) return;
      const id = pickUnits.current[e.instanceId];
      if (!id) return;
      e.stopPropagation();
      onUnitClick(id, e);
    },
    onPointerMove: (e: ThreeEvent<PointerEvent>) => {
      if (e.instanceId === undefined) return;
      e.stopPropagation();
      onUnitHover(pickUnits.current[e.instanceId] ?? null);
    },
    onPointerOut: () => onUnitHover(null),
  };

  const frameCap = capacity(Math.max(4, (state.units.length + 2) * 4));

  return (
    <group name="units">
      {ALL_MESHES.map((name) => {
        const cap = name === 'frame' ? frameCap : capacity(plan.counts[name]);
        if (cap === 0) return null;
        const isPick = name === 'pick';
        return (
          <instancedMesh
            key={`${name}:${cap}`}
            name={`units-${name}`}
            ref={refSetters[name]}
            args={[geometries[name], materials[name], cap]}
            frustumCulled={false}
            castShadow={!isPick && name !== 'frame'}
            receiveShadow={name === 'baseTop' || name === 'baseRim'}
            {...(isPick ? pickHandlers : { raycast: () => null })}
          />
        );
      })}
    </group>
  );
}

function hashId(id: string): number {
  let h = 0;
  for (let i = 0; i < id.length; i++) h = (h * 31 + id.charCodeAt(i)) | 0;
  return Math.abs(h);
}
