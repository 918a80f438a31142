/**
 * What the pending order looks like on the table: the reach circle round a `point` parameter's
 * origin, a ghost of the unit where it would stand, a marker at the pointed spot, and the ghost of
 * a turn for an `angle` parameter. It draws what the ruleset's parameters say; it judges nothing.
 */

import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useThree } from '@react-three/fiber';
import {
  BoxGeometry,
  BufferGeometry,
  CylinderGeometry,
  DoubleSide,
  Euler,
  Float32BufferAttribute,
  InstancedMesh,
  Matrix4,
  Quaternion,
  Vector3,
} from 'three';
import type { ActionPreview, BattlefieldData } from '../app/engineApi';
import type { ActionParam } from '../core/ruleset';
import type { Unit } from '../core/model';
import type { Vec2 } from '../core/geometry';
import { groundHeight } from './terrainGeometry';
import { facingToYaw, toWorld } from './coords';

/** A flat band draped on the ground along a circle, so the reach reads on hills too. */
function ringGeometry(bf: BattlefieldData, centre: Vec2, radius: number, band: number): BufferGeometry {
  const segments = Math.max(48, Math.min(256, Math.round((radius * 2 * Math.PI) / 12)));
  const positions: number[] = [];
  const index: number[] = [];
  const v = new Vector3();
  for (let i = 0; i <= segments; i++) {
    const a = (i / segments) * Math.PI * 2;
    for (const r of [radius - band / 2, radius + band / 2]) {
      const x = centre.x + Math.cos(a) * r;
      const y = centre.y + Math.sin(a) * r;
      toWorld(x, y, groundHeight(bf, x, y) + 1.2, v);
      positions.push(v.x, v.y, v.z);
    }
    if (i < segments) {
      const k = i * 2;
      index.push(k, k + 1, k + 2, k + 1, k + 3, k + 2);
    }
  }
  const g = new BufferGeometry();
  g.setAttribute('position', new Float32BufferAttribute(positions, 3));
  g.setIndex(index);
  return g;
}

/** A line on the ground through `points`, as a thin draped band: one straight leg or a bent way. */
export function pathGeometry(bf: BattlefieldData, points: readonly Vec2[], band: number): BufferGeometry {
  const positions: number[] = [];
  const index: number[] = [];
  const v = new Vector3();
  for (let leg = 1; leg < points.length; leg++) {
    const a = points[leg - 1]!;
    const b = points[leg]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    const steps = Math.max(2, Math.ceil(len / 15));
    const nx = len > 0 ? -(b.y - a.y) / len : 0;
    const ny = len > 0 ? (b.x - a.x) / len : 0;
    // At a bend each leg runs on half a band past the corner, so the corner is filled, not notched.
    const before = leg > 1 ? band / 2 : 0;
    const after = leg < points.length - 1 ? band / 2 : 0;
    const first = positions.length / 3;
    for (let i = 0; i <= steps; i++) {
      const along = -before + (len + before + after) * (i / steps);
      const x = a.x + ny * along;
      const y = a.y - nx * along;
      for (const side of [-1, 1]) {
        const px = x + nx * side * band * 0.5;
        const py = y + ny * side * band * 0.5;
        toWorld(px, py, groundHeight(bf, px, py) + 1.4, v);
        positions.push(v.x, v.y, v.z);
      }
      const k = first + i * 2;
      if (i < steps) index.push(k, k + 1, k + 2, k + 1, k + 3, k + 2);
    }
  }
  const g = new BufferGeometry();
  g.setAttribute('position', new Float32BufferAttribute(positions, 3));
  g.setIndex(index);
  return g;
}

/** The colour of a way a unit takes (the engine's, bends and all), in a preview and after the move. */
export const WAY_COLOUR = '#35d0ff';

const ghostBox = new BoxGeometry(1, 1, 1);
const pinGeo = new CylinderGeometry(2.2, 0.4, 16, 8).translate(0, 8, 0);

/** Stands of a unit placed at a hypothetical pose, as transparent blocks. */
function GhostStands({ bf, unit, pose, tint }: { bf: BattlefieldData; unit: Unit; pose: { x: number; y: number; facing: number }; tint: string }) {
  const ref = useRef<InstancedMesh>(null);
  const invalidate = useThree((s) => s.invalidate);
  const stands = unit.stands.filter((s) => s.status !== 'destroyed');
  useLayoutEffect(() => {
    const mesh = ref.current;
    if (!mesh) return;
    const m = new Matrix4();
    const q = new Quaternion().setFromEuler(new Euler(0, facingToYaw(pose.facing), 0));
    const fx = Math.cos(pose.facing);
    const fy = Math.sin(pose.facing);
    stands.forEach((s, i) => {
      const cx = pose.x + fx * s.f + fy * s.l;
      const cy = pose.y + fy * s.f - fx * s.l;
      const z = groundHeight(bf, cx, cy);
      m.compose(toWorld(cx, cy, z + 5), q, new Vector3(s.depth, 10, s.width));
      mesh.setMatrixAt(i, m);
    });
    mesh.count = stands.length;
    mesh.instanceMatrix.needsUpdate = true;
    mesh.computeBoundingSphere();
    invalidate();
  });
  if (stands.length === 0) return null;
  return (
    <instancedMesh ref={ref} args={[ghostBox, undefined, stands.length]} raycast={() => null} frustumCulled={false}>
      <meshBasicMaterial color={tint} transparent opacity={0.45} depthWrite={false} />
    </instancedMesh>
  );
}

export interface OverlaysProps {
  battlefield: BattlefieldData;
  unit: Unit | null;
  param: ActionParam | null;
  hoverPoint: Vec2 | null;
  angle: number;
  /** What the engine says the order would do with this point or angle, when it has answered. */
  preview?: ActionPreview | null;
}

export function Overlays({ battlefield, unit, param, hoverPoint, angle, preview = null }: OverlaysProps) {
  const invalidate = useThree((s) => s.invalidate);
  const point = param?.kind === 'point' ? param : null;

  const rings = useMemo(() => {
    if (!point) return null;
    return {
      outer: ringGeometry(battlefield, point.origin, point.maxReach, 5),
      inner: point.minReach ? ringGeometry(battlefield, point.origin, point.minReach, 2) : null,
    };
  }, [battlefield, point]);
  useEffect(
    () => () => {
      rings?.outer.dispose();
      rings?.inner?.dispose();
    },
    [rings],
  );

  const target = point && hoverPoint ? hoverPoint : null;
  const inReach = point && target ? Math.hypot(target.x - point.origin.x, target.y - point.origin.y) <= point.maxReach && Math.hypot(target.x - point.origin.x, target.y - point.origin.y) >= (point.minReach ?? 0) : false;
  // The engine's way when its preview gives one (a Perfect Evade's way round), else a straight line.
  const ways = preview?.ok ? preview.paths : undefined;
  const path = useMemo(() => (point && target && !ways?.length ? pathGeometry(battlefield, [point.origin, target], 2) : null), [battlefield, point, target, ways]);
  useEffect(() => () => path?.dispose(), [path]);
  const wayGeometries = useMemo(() => (param && ways?.length ? ways.map((w) => pathGeometry(battlefield, w, 4)) : []), [battlefield, param, ways]);
  useEffect(() => () => wayGeometries.forEach((g) => g.dispose()), [wayGeometries]);

  useEffect(() => {
    invalidate();
  }, [invalidate, rings, path, wayGeometries, angle, unit]);

  const pinPos = useMemo(() => (target ? toWorld(target.x, target.y, groundHeight(battlefield, target.x, target.y)) : null), [battlefield, target]);

  // Where the unit would stand: moved by the pointed offset from the origin, or turned in place.
  let ghost: { x: number; y: number; facing: number } | null = null;
  if (unit && point && target) ghost = { x: unit.x + target.x - point.origin.x, y: unit.y + target.y - point.origin.y, facing: unit.facing };
  if (unit && param?.kind === 'angle') ghost = { x: unit.x, y: unit.y, facing: unit.facing + angle };
  // The engine's preview, when there is one, says where the unit really ends (halts, wheels about a corner).
  let ghostUnit = unit;
  const previewed = unit && ghost && preview?.ok ? preview.units.find((p) => p.id === unit.id) : undefined;
  // A preview whose dice are still to come gives only what no die decides: without the unit's pose
  // the ghost stays at the pointer.
  if (unit && ghost && preview?.ok && (!preview.dicePending || previewed)) ghost = previewed ? { x: previewed.x, y: previewed.y, facing: previewed.facing } : { x: unit.x, y: unit.y, facing: unit.facing };
  if (unit && previewed) ghostUnit = { ...unit, stands: previewed.stands };
  const refused = !!preview && !preview.ok;

  return (
    <group name="overlays">
      {rings && (
        <mesh geometry={rings.outer} raycast={() => null}>
          <meshBasicMaterial color="#fff4b0" transparent opacity={0.85} side={DoubleSide} depthWrite={false} />
        </mesh>
      )}
      {rings?.inner && (
        <mesh geometry={rings.inner} raycast={() => null}>
          <meshBasicMaterial color="#ffb070" transparent opacity={0.7} side={DoubleSide} depthWrite={false} />
        </mesh>
      )}
      {path && (
        <mesh geometry={path} raycast={() => null}>
          <meshBasicMaterial color={inReach ? '#fff4b0' : '#ff6a4a'} transparent opacity={0.8} side={DoubleSide} depthWrite={false} />
        </mesh>
      )}
      {wayGeometries.map((g, i) => (
        <mesh key={i} name="preview-way" geometry={g} raycast={() => null}>
          <meshBasicMaterial color={WAY_COLOUR} transparent opacity={0.9} side={DoubleSide} depthWrite={false} />
        </mesh>
      ))}
      {pinPos && (
        <mesh geometry={pinGeo} position={pinPos} raycast={() => null}>
          <meshBasicMaterial color={inReach ? '#ffe14a' : '#ff5a36'} />
        </mesh>
      )}
      {ghostUnit && ghost && <GhostStands bf={battlefield} unit={ghostUnit} pose={ghost} tint={!refused && (param?.kind === 'angle' || inReach) ? '#fff8d0' : '#ff7a5a'} />}
    </group>
  );
}
