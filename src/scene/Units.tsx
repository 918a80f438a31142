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
  Quaternion,
  Vector3,
  type BufferGeometry,
  type Material,
} from 'three';
import type { GameState, Stand, TroopKind, Unit } from '../core/model';
import { unitFootprint } from '../core/model';
import type { BattlefieldData } from '../app/engineApi';
import { figureStyle, footSize, standFigures, type FigureSlot } from './figures';
import { hashString, horseCoat, regimentPaint } from './paint';
import { InstanceBatches, InstanceList, palette, useModels, type LodGroup } from './models';
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

/** Draw calls the miniatures cost at the last frame (for the test hook's figures). */
export const miniatureStats = { batches: 0, instances: 0 };

type MeshName = 'pick' | 'frame';

interface StandPlan {
  unit: Unit;
  unitIndex: number;
  stand: Stand;
  figures: FigureSlot[];
  /** Horse coats, per figure (null for men on foot and guns). */
  tints: (Color | null)[];
  scheme: number;
  /** Tallest figure: for the pick box and the disorder marker. */
  height: number;
}

interface Plan {
  stands: StandPlan[];
  byUnit: Map<string, StandPlan[]>;
  units: Unit[];
  counts: Record<MeshName, number>;
  /** Height of a standing man, mm: one scale for the whole battle. */
  scale: number;
}

const ALL_MESHES: MeshName[] = ['pick', 'frame'];

const mountedKinds = new Set<TroopKind>(['cavalry', 'commander', 'wagon']);

/** The battle's figure scale: the size that fills the first formed infantry stand, else a 15-18mm figure. */
function battleScale(state: GameState): number {
  for (const u of state.units) {
    if (u.kind !== 'infantry' || u.removed || u.carriedBy) continue;
    const full = Math.max(...u.stands.map((s) => s.figures));
    const st = u.stands[0];
    if (st && full >= 2) return footSize({ width: st.width, depth: st.depth, figures: full });
  }
  return 18;
}

/** The stand nearest the front middle of the unit: it carries the colours. */
function colourStand(unit: Unit): Stand | undefined {
  let best: Stand | undefined;
  for (const s of unit.stands) {
    if (s.status === 'destroyed') continue;
    if (!best || s.f > best.f + 1e-6 || (Math.abs(s.f - best.f) <= 1e-6 && Math.abs(s.l) < Math.abs(best.l))) best = s;
  }
  return best;
}


function buildPlan(state: GameState): Plan {
  const counts: Record<MeshName, number> = { pick: 0, frame: 0 };
  const stands: StandPlan[] = [];
  const byUnit = new Map<string, StandPlan[]>();
  const units: Unit[] = [];
  const scale = battleScale(state);
  const sides = new Map(state.sides.map((s) => [s.id, s]));
  for (const unit of state.units) {
    if (unit.removed || unit.carriedBy) continue; // gone, or aboard a boat
    const side = sides.get(unit.side);
    const nation = side?.nation ?? '';
    const style = figureStyle(unit.type, unit.kind, nation);
    const paint = regimentPaint(nation, style.paint, unit.id, side?.colour ?? '#888888');
    // The base's edge in the side's colour: friend and foe at a glance, as on many club tables.
    paint.baseEdge = new Color(side?.colour ?? '#5a4630').multiplyScalar(0.8).getStyle();
    const scheme = palette.row(paint);
    const flagStand = style.loose ? undefined : colourStand(unit);
    const full = Math.max(0, ...unit.stands.map((s) => s.figures));
    const unitIndex = units.length;
    units.push(unit);
    const list: StandPlan[] = [];
    const seed = hashString(unit.id);
    unit.stands.forEach((stand, si) => {
      const destroyed = stand.status === 'destroyed';
      // Lay the stand out as if full, then put the men it has lost on the ground in their places.
      const laid = destroyed || stand.figures <= 0 || stand.figures >= full || unit.kind === 'artillery' ? stand : { ...stand, figures: full };
      let figures = standFigures(laid, {
        style,
        kind: unit.kind,
        formation: unit.formation,
        colours: !destroyed && stand === flagStand,
        scale,
        seed: seed + si * 7919,
      });
      if (destroyed) {
        figures = figures.slice(0, 2).map((f, k) => ({ ...f, model: 'casualty', horse: false, yaw: 0.6 + k * 2.1 }));
      } else if (laid !== stand) {
        const lost = Math.min(full - stand.figures, 2);
        const keep = figures.filter((f) => f.model !== 'officer');
        const officers = figures.filter((f) => f.model === 'officer');
        figures = [
          ...keep.slice(0, keep.length - lost),
          ...keep.slice(keep.length - lost).map((f, k) => ({ ...f, model: 'casualty', horse: false, yaw: 1.1 + k * 2.4 })),
          ...officers,
        ];
      }
      const heavy = style.heavy === true;
      const tints = figures.map((f, k) => (f.horse ? new Color(horseCoat(seed + si * 13 + k * 5, heavy)) : null));
      const tallest = figures.reduce((h, f) => Math.max(h, f.size * (mountedKinds.has(unit.kind) ? 1.5 : 1.0)), 4);
      const sp: StandPlan = { unit, unitIndex, stand, figures, tints, scheme, height: tallest };
      list.push(sp);
      stands.push(sp);
      if (!destroyed) counts.pick++;
    });
    byUnit.set(unit.id, list);
  }
  return { stands, byUnit, units, counts, scale };
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
  /** A press on a unit (to drag it while the armies are set up). */
  onUnitPointerDown?: (unitId: string, e: ThreeEvent<PointerEvent>) => void;
}

const UP = new Vector3(0, 1, 0);
const FRAME_SELECTED = new Color('#ffd23f');
const FRAME_TARGET = new Color('#ff5a36');
const FRAME_HOVER = new Color('#f4f4f4');
/** Base thickness, mm. */
const BASE_MM = 2.4;

export function Units({ state, battlefield, selected, hovered, highlighted, onUnitClick, onUnitHover, onUnitPointerDown }: UnitsProps) {
  const invalidate = useThree((s) => s.invalidate);
  const camera = useThree((s) => s.camera);
  const viewHeight = useThree((s) => s.size.height);
  const plan = useMemo(() => buildPlan(state), [state]);
  const lib = useModels();

  const list = useMemo(() => new InstanceList(), []);
  const batches = useMemo(() => (lib ? new InstanceBatches(lib, list, 'miniatures') : null), [lib, list]);
  useEffect(() => () => batches?.dispose(), [batches]);
  /** Where each unit is, for its level of detail. */
  const groups = useRef<LodGroup[]>([]);

  const geometries = useMemo<Record<MeshName, BufferGeometry>>(() => ({ pick: new BoxGeometry(1, 1, 1), frame: new BoxGeometry(1, 1, 1) }), []);
  const materials = useMemo<Record<MeshName, Material>>(
    () => ({
      // Invisible but hit by the raycaster: a click anywhere on the figures selects the unit.
      pick: new MeshBasicMaterial({ visible: false }),
      frame: new MeshBasicMaterial({ toneMapped: false }),
    }),
    [],
  );
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
      if (u.removed || u.carriedBy) continue;
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
    // writeAll reads refs and the latest plan; it runs again whenever the plan or the models change.
  }, [plan, batches]);

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
    if (anims.current.size === 0) {
      // The camera moved: units that came nearer or went further change their level of detail.
      if (batches && batches.cameraMoved(camera, viewHeight) && batches.updateLods(groups.current, camera, viewHeight)) {
        batches.write();
        miniatureStats.batches = batches.batchesInUse();
      }
      return;
    }
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
   * A transform in `m4`. `tilt` is the ground's rise per mm forward and to the right, so a base
   * lies on a slope instead of cutting into it; figures stay upright.
   */
  function compose(x: number, y: number, z: number, yaw: number, sx: number, sy: number, sz: number, tilt?: { f: number; l: number }): Matrix4 {
    euler.set(0, facingToYaw(yaw), 0);
    q.setFromEuler(euler);
    if (tilt) {
      tiltQ.setFromUnitVectors(UP, normal.set(-tilt.f, 1, -tilt.l).normalize());
      q.multiply(tiltQ);
    }
    return m4.compose(toWorld(x, y, z, pos), q, scl.set(sx, sy, sz));
  }

  function put(name: MeshName, i: number, x: number, y: number, z: number, yaw: number, sx: number, sy: number, sz: number): void {
    const mesh = meshRefs.current[name];
    if (!mesh) return;
    mesh.setMatrixAt(i, compose(x, y, z, yaw, sx, sy, sz));
  }

  function writeAll(): void {
    let picks = 0;
    const pickIds: string[] = [];
    list.clear();
    const lodGroups: LodGroup[] = [];
    for (const unit of plan.units) {
      const pose = displayPoses.get(unit.id);
      const g = toWorld(pose?.x ?? unit.x, pose?.y ?? unit.y, groundHeight(battlefield, pose?.x ?? unit.x, pose?.y ?? unit.y));
      lodGroups.push({ x: g.x, y: g.y, z: g.z, size: plan.scale });
    }
    groups.current = lodGroups;
    for (const [unitId, stands] of plan.byUnit) {
      const pose = displayPoses.get(unitId);
      if (!pose) continue;
      const fx = Math.cos(pose.facing);
      const fy = Math.sin(pose.facing);
      for (const sp of stands) {
        const { stand } = sp;
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
        const top = z + BASE_MM - 0.4;
        list.push('base', compose(cx, cy, z - 0.4, pose.facing, stand.depth, BASE_MM, stand.width, tilt), sp.scheme, null, sp.unitIndex);
        if (stand.status !== 'destroyed') {
          put('pick', picks++, cx, cy, z + sp.height / 2, pose.facing, stand.depth, sp.height + 3, stand.width);
          pickIds.push(unitId);
        }
        if (stand.status === 'disordered') {
          // A red and white token on a pin at the rear corner, standing above the figures.
          const mf = -stand.depth * 0.32;
          const ml = stand.width * 0.36;
          const mx = cx + fx * mf + fy * ml;
          const my = cy + fy * mf - fx * ml;
          const s = (sp.height * 1.3) / 0.85;
          list.push('disorderMarker', compose(mx, my, top + tilt.f * mf + tilt.l * ml, 0, s, s, s), sp.scheme, null, sp.unitIndex);
        }
        for (const [k, fig] of sp.figures.entries()) {
          const x = cx + fx * fig.f + fy * fig.l;
          const y = cy + fy * fig.f - fx * fig.l;
          const zf = top + tilt.f * fig.f + tilt.l * fig.l;
          list.push(fig.model, compose(x, y, zf, pose.facing + fig.yaw, fig.size, fig.size, fig.size), sp.scheme, sp.tints[k] ?? null, sp.unitIndex);
        }
      }
    }
    pickUnits.current = pickIds;
    const pick = meshRefs.current.pick;
    if (pick) {
      pick.count = picks;
      pick.instanceMatrix.needsUpdate = true;
      pick.computeBoundingSphere();
    }
    if (batches) {
      batches.updateLods(groups.current, camera, viewHeight);
      batches.write();
      miniatureStats.batches = batches.batchesInUse();
      miniatureStats.instances = list.count;
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
    onPointerDown: (e: ThreeEvent<PointerEvent>) => {
      const id = e.instanceId === undefined ? undefined : pickUnits.current[e.instanceId];
      if (id && onUnitPointerDown) onUnitPointerDown(id, e);
    },
  };

  const frameCap = capacity(Math.max(4, (state.units.length + 2) * 4));

  return (
    <group name="units">
      {batches && <primitive object={batches.object} />}
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
            castShadow={false}
            {...(isPick ? pickHandlers : { raycast: () => null })}
          />
        );
      })}
    </group>
  );
}
