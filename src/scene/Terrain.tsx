/**
 * The battlefield: ground, water, roads, woods, crossings and the table frame. Built once per
 * battlefield from the worker's data; the ground mesh answers clicks with a table point.
 */

import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import type { ThreeEvent } from '@react-three/fiber';
import { BoxGeometry, ConeGeometry, CylinderGeometry, DoubleSide, InstancedMesh, Mesh, MeshLambertMaterial, type Intersection, type Raycaster } from 'three';
import type { BattlefieldData } from '../app/engineApi';
import {
  buildBridges,
  buildFords,
  buildFrame,
  buildGround,
  buildRoads,
  buildTrees,
  buildWater,
  raycastHeightfield,
} from './terrainGeometry';
import { toTable } from './coords';
import type { Vec2 } from '../core/geometry';

export interface TerrainProps {
  battlefield: BattlefieldData;
  onGroundClick?: (p: Vec2, e: ThreeEvent<MouseEvent>) => void;
  onGroundMove?: (p: Vec2) => void;
  onGroundLeave?: () => void;
}

// Unit shapes, scaled per instance. Cylinder and cone stand on their base (y from 0 to 1).
const unitBox = new BoxGeometry(1, 1, 1);
const trunkGeo = new CylinderGeometry(0.5, 0.7, 1, 5).translate(0, 0.5, 0);
const crownGeo = new ConeGeometry(1, 1, 7).translate(0, 0.5, 0);

function InstancedBoxes({ matrices, colour }: { matrices: import('three').Matrix4[]; colour: string }) {
  const ref = useRef<InstancedMesh>(null);
  useLayoutEffect(() => {
    const m = ref.current;
    if (!m) return;
    matrices.forEach((mat, i) => m.setMatrixAt(i, mat));
    m.instanceMatrix.needsUpdate = true;
    m.computeBoundingSphere();
  }, [matrices]);
  if (matrices.length === 0) return null;
  return (
    <instancedMesh ref={ref} args={[unitBox, undefined, matrices.length]} raycast={() => null} castShadow receiveShadow>
      <meshLambertMaterial color={colour} />
    </instancedMesh>
  );
}

function Trees({ battlefield }: { battlefield: BattlefieldData }) {
  const trees = useMemo(() => buildTrees(battlefield), [battlefield]);
  const trunks = useRef<InstancedMesh>(null);
  const crowns = useRef<InstancedMesh>(null);
  useLayoutEffect(() => {
    const t = trunks.current;
    const c = crowns.current;
    if (!t || !c) return;
    trees.trunks.forEach((m, i) => t.setMatrixAt(i, m));
    trees.crowns.forEach((m, i) => {
      c.setMatrixAt(i, m);
      c.setColorAt(i, trees.colours[i]!);
    });
    t.instanceMatrix.needsUpdate = true;
    c.instanceMatrix.needsUpdate = true;
    if (c.instanceColor) c.instanceColor.needsUpdate = true;
    t.computeBoundingSphere();
    c.computeBoundingSphere();
  }, [trees]);
  if (trees.trunks.length === 0) return null;
  // Trees do not take clicks: a click in a wood means the ground under it.
  return (
    <>
      <instancedMesh ref={trunks} args={[trunkGeo, undefined, trees.trunks.length]} raycast={() => null} castShadow>
        <meshLambertMaterial color="#5a4128" />
      </instancedMesh>
      <instancedMesh ref={crowns} args={[crownGeo, undefined, trees.crowns.length]} raycast={() => null} castShadow>
        <meshLambertMaterial color="#ffffff" flatShading />
      </instancedMesh>
    </>
  );
}

/** Contour interval of the ground's height lines, mm. */
const CONTOUR_MM = 20;

/**
 * Lambert with vertex colours plus thin contour lines every CONTOUR_MM of height: on a table seen
 * from above, gentle hills are hard to read from shading alone.
 */
function contourMaterial(): MeshLambertMaterial {
  const m = new MeshLambertMaterial({ vertexColors: true });
  m.onBeforeCompile = (shader) => {
    shader.uniforms.uContour = { value: CONTOUR_MM };
    shader.vertexShader = shader.vertexShader
      .replace('#include <common>', '#include <common>\nvarying float vHeight;')
      .replace('#include <begin_vertex>', '#include <begin_vertex>\nvHeight = position.y;');
    shader.fragmentShader = shader.fragmentShader
      .replace('#include <common>', '#include <common>\nvarying float vHeight;\nuniform float uContour;')
      .replace(
        '#include <dithering_fragment>',
        `#include <dithering_fragment>
        float hc = vHeight / uContour;
        float lw = max(fwidth(hc), 1e-4);
        float onLine = 1.0 - smoothstep(0.0, 1.5 * lw, abs(fract(hc + 0.5) - 0.5));
        gl_FragColor.rgb *= 1.0 - 0.2 * onLine * step(uContour * 0.5, vHeight);`,
      );
  };
  return m;
}

export function Terrain({ battlefield, onGroundClick, onGroundMove, onGroundLeave }: TerrainProps) {
  const groundMaterial = useMemo(() => contourMaterial(), []);
  useEffect(() => () => groundMaterial.dispose(), [groundMaterial]);
  const ground = useMemo(() => buildGround(battlefield), [battlefield]);
  const water = useMemo(() => buildWater(battlefield), [battlefield]);
  const roads = useMemo(() => buildRoads(battlefield), [battlefield]);
  const fords = useMemo(() => buildFords(battlefield), [battlefield]);
  const bridges = useMemo(() => buildBridges(battlefield), [battlefield]);
  const frame = useMemo(() => buildFrame(battlefield, ground.minHeight), [battlefield, ground.minHeight]);
  const groundRef = useRef<Mesh>(null);

  useEffect(
    () => () => {
      ground.geometry.dispose();
      water?.dispose();
      roads?.dispose();
      fords?.dispose();
    },
    [ground, water, roads, fords],
  );

  // Replace triangle-by-triangle picking with a march over the heightfield.
  const raycast = useMemo(
    () =>
      function (this: Mesh, raycaster: Raycaster, intersects: Intersection[]) {
        const hit = raycastHeightfield(battlefield, ground.minHeight, ground.maxHeight, raycaster.ray.origin, raycaster.ray.direction);
        if (!hit || hit.distance < raycaster.near || hit.distance > raycaster.far) return;
        intersects.push({ distance: hit.distance, point: hit.point, object: this, face: null, faceIndex: undefined });
      },
    [battlefield, ground.minHeight, ground.maxHeight],
  );

  const bridgeDecks = useMemo(() => bridges.map((b) => b.matrix), [bridges]);
  const bridgeRails = useMemo(() => bridges.flatMap((b) => b.rails), [bridges]);

  return (
    <group>
      <mesh
        ref={groundRef}
        name="ground"
        geometry={ground.geometry}
        receiveShadow
        raycast={raycast}
        onClick={(e) => {
          const p = toTable(e.point);
          onGroundClick?.({ x: p.x, y: p.y }, e);
        }}
        onPointerMove={(e) => {
          const p = toTable(e.point);
          onGroundMove?.({ x: p.x, y: p.y });
        }}
        onPointerOut={() => onGroundLeave?.()}
        material={groundMaterial}
      />
      {water && (
        <mesh geometry={water} raycast={() => null}>
          <meshLambertMaterial color="#3f6f94" transparent opacity={0.88} side={DoubleSide} />
        </mesh>
      )}
      {roads && (
        <mesh geometry={roads} raycast={() => null}>
          <meshLambertMaterial color="#b49a6c" side={DoubleSide} polygonOffset polygonOffsetFactor={-2} polygonOffsetUnits={-2} />
        </mesh>
      )}
      {fords && (
        <mesh geometry={fords} raycast={() => null}>
          <meshLambertMaterial color="#a39a80" transparent opacity={0.8} side={DoubleSide} polygonOffset polygonOffsetFactor={-3} polygonOffsetUnits={-3} />
        </mesh>
      )}
      <InstancedBoxes matrices={bridgeDecks} colour="#8a7f72" />
      <InstancedBoxes matrices={bridgeRails} colour="#9d9284" />
      <Trees battlefield={battlefield} />
      <InstancedBoxes matrices={frame} colour="#6b4a2b" />
    </group>
  );
}
