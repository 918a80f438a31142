/**
 * Sight on the table: the selected unit's viewshed draped on the ground (through the shared
 * overlay uniforms), a marker at its eye, and the line-of-sight tool's line drawn in 3D at the
 * height it runs: green while it is clear, red from where it is blocked. The worker did the
 * looking; this only draws its answers.
 */

import { useEffect, useMemo } from 'react';
import { useThree } from '@react-three/fiber';
import { Line } from '@react-three/drei';
import { SphereGeometry, type Vector3Tuple } from 'three';
import type { BattlefieldData, SightLineData, ViewshedData } from '../app/engineApi';
import type { Vec2 } from '../core/geometry';
import type { SightModes, SightStart } from '../app/store';
import { groundHeight } from './terrainGeometry';
import { showSight, sightTexture } from './sightOverlay';
import { toWorld } from './coords';

const CLEAR = '#3fe06a';
const BLOCKED = '#ff3b2f';
/** Preview of a line being drawn: a standing figure's height, near enough before the worker answers. */
const PREVIEW_HEIGHT = 25;

const ball = new SphereGeometry(1, 12, 8);

function at(bf: BattlefieldData, p: Vec2, above: number): Vector3Tuple {
  const v = toWorld(p.x, p.y, groundHeight(bf, p.x, p.y) + above);
  return [v.x, v.y, v.z];
}

function absolute(p: Vec2, z: number): Vector3Tuple {
  const v = toWorld(p.x, p.y, z);
  return [v.x, v.y, v.z];
}

/** The viewshed on the ground: a texture for the shared overlay uniforms, and the eye it was seen from. */
function ViewshedDrape({ bf, data, modes }: { bf: BattlefieldData; data: ViewshedData | null; modes: SightModes }) {
  const invalidate = useThree((s) => s.invalidate);
  const tex = useMemo(() => (data ? sightTexture(data) : null), [data]);
  useEffect(() => {
    showSight(tex, data, modes.viewshed, modes.dead);
    invalidate();
  }, [tex, data, modes.viewshed, modes.dead, invalidate]);
  useEffect(
    () => () => {
      tex?.dispose();
    },
    [tex],
  );
  // Leave the ground clean when the layer goes (a new battlefield, the page closing).
  useEffect(() => () => showSight(null, null, false, false), []);
  if (!data || !(modes.viewshed || modes.dead)) return null;
  const eye = at(bf, data.eye, data.eyeHeight);
  const foot = at(bf, data.eye, 0);
  return (
    <group name="viewshed-eye">
      <mesh geometry={ball} position={eye} scale={3.2} raycast={() => null}>
        <meshBasicMaterial color="#ffe14a" />
      </mesh>
      <Line points={[foot, eye]} color="#ffe14a" lineWidth={2} raycast={() => null} />
    </group>
  );
}

/** A sight line from the worker: eye and target posts, the line, the blocking point. */
function SightLine3D({ bf, line }: { bf: BattlefieldData; line: SightLineData }) {
  const first = line.profile[0];
  const last = line.profile[line.profile.length - 1];
  if (!first || !last) return null;
  const z0 = first.ray;
  const z1 = last.ray;
  const eye = absolute(line.from, z0);
  const target = absolute(line.to, z1);
  const b = line.blockedBy;
  const t = b && line.length > 0 ? Math.min(1, b.distance / line.length) : 1;
  const blockAt = absolute({ x: line.from.x + (line.to.x - line.from.x) * t, y: line.from.y + (line.to.y - line.from.y) * t }, z0 + (z1 - z0) * t);
  const posts = (
    <>
      <Line points={[at(bf, line.from, 0), eye]} color="#f4f0e0" lineWidth={2} raycast={() => null} />
      <Line points={[at(bf, line.to, 0), target]} color="#f4f0e0" lineWidth={2} raycast={() => null} />
    </>
  );
  return (
    <group name="sight-line">
      {posts}
      <Line points={[eye, blockAt]} color={CLEAR} lineWidth={4} raycast={() => null} />
      {b && <Line points={[blockAt, target]} color={BLOCKED} lineWidth={4} raycast={() => null} />}
      {/* The same line faintly through the ground and the trees, where the hill or wood hides it. */}
      <Line points={[eye, blockAt]} color={CLEAR} lineWidth={2} transparent opacity={0.35} depthTest={false} raycast={() => null} />
      {b && <Line points={[blockAt, target]} color={BLOCKED} lineWidth={2} transparent opacity={0.35} depthTest={false} dashed dashSize={8} gapSize={6} raycast={() => null} />}
      <mesh geometry={ball} position={eye} scale={2.6} raycast={() => null}>
        <meshBasicMaterial color={CLEAR} />
      </mesh>
      <mesh geometry={ball} position={target} scale={2.6} raycast={() => null}>
        <meshBasicMaterial color={b ? BLOCKED : CLEAR} />
      </mesh>
      {b && (
        <mesh geometry={ball} position={blockAt} scale={4.5} raycast={() => null}>
          <meshBasicMaterial color={BLOCKED} depthTest={false} transparent opacity={0.9} />
        </mesh>
      )}
    </group>
  );
}

export interface SightLayerProps {
  battlefield: BattlefieldData;
  modes: SightModes;
  viewshed: ViewshedData | null;
  selected: string | null;
  start: SightStart | null;
  hover: Vec2 | null;
  line: SightLineData | null;
}

export function SightLayer({ battlefield: bf, modes, viewshed, selected, start, hover, line }: SightLayerProps) {
  const invalidate = useThree((s) => s.invalidate);
  // Only the selected unit's viewshed is shown; another's may still be on its way out.
  const data = viewshed && viewshed.unitId === selected ? viewshed : null;
  useEffect(() => {
    invalidate();
  }, [invalidate, start, hover, line, modes.tool]);
  return (
    <group name="sight">
      <ViewshedDrape bf={bf} data={data} modes={modes} />
      {modes.tool && start && (
        <>
          <mesh geometry={ball} position={at(bf, start.at, PREVIEW_HEIGHT)} scale={2.6} raycast={() => null}>
            <meshBasicMaterial color="#f4f0e0" />
          </mesh>
          {hover && (
            <Line
              points={[at(bf, start.at, PREVIEW_HEIGHT), at(bf, hover, PREVIEW_HEIGHT)]}
              color="#f4f0e0"
              lineWidth={2}
              dashed
              dashSize={10}
              gapSize={6}
              raycast={() => null}
            />
          )}
        </>
      )}
      {modes.tool && line && <SightLine3D bf={bf} line={line} />}
    </group>
  );
}
