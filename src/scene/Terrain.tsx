/**
 * The battlefield: ground, water, roads, woods, crossings and the table frame. Built once per
 * battlefield from the worker's data; the ground mesh answers clicks with a table point.
 */

import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useFrame, useThree, type ThreeEvent } from '@react-three/fiber';
import { BoxGeometry, Color, DoubleSide, Euler, InstancedMesh, Matrix4, Mesh, MeshLambertMaterial, Quaternion, Vector3, type Intersection, type Raycaster } from 'three';
import type { BattlefieldData } from '../app/engineApi';
import { buildFords, buildFrame, buildGround, buildRoads, buildWater, FURROW_MM, raycastHeightfield } from './terrainGeometry';
import { withSightOverlay } from './sightOverlay';
import { placePieces, type SceneFeature } from './terrainPieces';
import { InstanceBatches, InstanceList, palette, useModels, type LodGroup } from './models';
import { BASE_PAINT } from './paint';
import { facingToYaw, toTable, toWorld } from './coords';
import type { Vec2 } from '../core/geometry';

export interface TerrainProps {
  battlefield: BattlefieldData;
  onGroundClick?: (p: Vec2, e: ThreeEvent<MouseEvent>) => void;
  onGroundMove?: (p: Vec2) => void;
  onGroundLeave?: () => void;
}

const unitBox = new BoxGeometry(1, 1, 1);

function InstancedBoxes({ matrices, colour }: { matrices: Matrix4[]; colour: string }) {
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

/** Side of the squares that group terrain pieces for their level of detail, mm. */
const LOD_CELL = 200;

/**
 * Trees, buildings, bridges, walls and works as instanced models. Every feature is offered to
 * placePieces, so a feature kind it knows is drawn as soon as the terrain has it. Pieces do not
 * take clicks: a click on a tree means the ground under it.
 */
function TerrainPieces({ battlefield }: { battlefield: BattlefieldData }) {
  const lib = useModels();
  const camera = useThree((s) => s.camera);
  const viewHeight = useThree((s) => s.size.height);
  const invalidate = useThree((s) => s.invalidate);
  const built = useMemo(() => {
    if (!lib) return null;
    const list = new InstanceList();
    const groups: LodGroup[] = [];
    const cells = new Map<string, number>();
    const scheme = palette.row(BASE_PAINT);
    const m = new Matrix4();
    const shear = new Matrix4();
    const stretch = new Matrix4();
    const q = new Quaternion();
    const e = new Euler();
    const pos = new Vector3();
    const scl = new Vector3();
    const tint = new Color();
    for (const f of battlefield.features) {
      for (const p of placePieces(battlefield, f as unknown as SceneFeature)) {
        const key = `${Math.floor(p.x / LOD_CELL)},${Math.floor(p.y / LOD_CELL)}`;
        let g = cells.get(key);
        if (g === undefined) {
          g = groups.length;
          cells.set(key, g);
          const c = toWorld((Math.floor(p.x / LOD_CELL) + 0.5) * LOD_CELL, (Math.floor(p.y / LOD_CELL) + 0.5) * LOD_CELL, p.z);
          groups.push({ x: c.x, y: c.y, z: c.z, size: p.size });
        } else {
          groups[g]!.size = Math.max(groups[g]!.size, p.size);
        }
        e.set(0, facingToYaw(p.yaw), 0);
        q.setFromEuler(e);
        if (p.pitch) {
          // A piece on a slope is sheared, not tilted: its ends stay upright and meet its neighbours'.
          m.compose(toWorld(p.x, p.y, p.z, pos), q, scl.set(1, 1, 1));
          m.multiply(shear.makeShear(Math.tan(p.pitch), 0, 0, 0, 0, 0)).multiply(stretch.makeScale(p.sx, p.sy, p.sz));
        } else m.compose(toWorld(p.x, p.y, p.z, pos), q, scl.set(p.sx, p.sy, p.sz));
        if (p.tint) tint.setRGB(p.tint[0], p.tint[1], p.tint[2]);
        list.push(p.model, m, p.paint ? palette.row(p.paint) : scheme, p.tint ? tint : null, g);
      }
    }
    const batches = new InstanceBatches(lib, list, 'terrain-pieces', { castShadow: true });
    batches.updateLods(groups, camera, viewHeight);
    return { batches, groups };
    // The camera is read for the first levels of detail only; later moves are handled per frame.
  }, [lib, battlefield]);
  useEffect(() => {
    // (Re)fill the batches here too: a remount (StrictMode) may follow a dispose.
    built?.batches.write();
    invalidate();
    return () => built?.batches.dispose();
  }, [built, invalidate]);
  useFrame(() => {
    if (!built) return;
    if (built.batches.cameraMoved(camera, viewHeight) && built.batches.updateLods(built.groups, camera, viewHeight)) built.batches.write();
  });
  return built ? <primitive object={built.batches.object} /> : null;
}

/** Contour interval of the ground's height lines, mm. */
const CONTOUR_MM = 20;

/**
 * Lambert with vertex colours plus thin contour lines every CONTOUR_MM of height: on a table seen
 * from above, gentle hills are hard to read from shading alone. Fields of crops get rows of
 * furrows from the ground's `furrow` attribute (row direction and how much of it is field),
 * faded out where they would be finer than a pixel.
 */
function contourMaterial(): MeshLambertMaterial {
  const m = new MeshLambertMaterial({ vertexColors: true });
  m.onBeforeCompile = (shader) => {
    shader.uniforms.uContour = { value: CONTOUR_MM };
    shader.uniforms.uFurrow = { value: FURROW_MM };
    shader.vertexShader = shader.vertexShader
      .replace('#include <common>', '#include <common>\nvarying float vHeight;\nattribute vec3 furrow;\nvarying vec3 vFurrow;\nvarying vec2 vGroundXZ;')
      .replace('#include <begin_vertex>', '#include <begin_vertex>\nvHeight = position.y;\nvFurrow = furrow;\nvGroundXZ = position.xz;');
    shader.fragmentShader = shader.fragmentShader
      .replace('#include <common>', '#include <common>\nvarying float vHeight;\nuniform float uContour;\nvarying vec3 vFurrow;\nvarying vec2 vGroundXZ;\nuniform float uFurrow;')
      .replace(
        '#include <dithering_fragment>',
        `#include <dithering_fragment>
        float hc = vHeight / uContour;
        float lw = max(fwidth(hc), 1e-4);
        float onLine = 1.0 - smoothstep(0.0, 1.5 * lw, abs(fract(hc + 0.5) - 0.5));
        gl_FragColor.rgb *= 1.0 - 0.2 * onLine * step(uContour * 0.5, vHeight);
        if (vFurrow.z > 0.01) {
          vec2 rowDir = normalize(vFurrow.xy + vec2(1e-6, 0.0));
          float across = dot(vGroundXZ, vec2(-rowDir.y, rowDir.x)) / uFurrow;
          float fade = 1.0 - smoothstep(0.25, 0.5, fwidth(across));
          gl_FragColor.rgb *= 1.0 - 0.22 * vFurrow.z * fade * (0.5 + 0.5 * cos(6.2831853 * across));
        }`,
      );
  };
  return m;
}

export function Terrain({ battlefield, onGroundClick, onGroundMove, onGroundLeave }: TerrainProps) {
  // Every surface on the ground takes the sight overlay, so roads and rivers darken with the grass.
  const materials = useMemo(
    () => ({
      ground: withSightOverlay(contourMaterial(), 'ground'),
      water: withSightOverlay(new MeshLambertMaterial({ color: '#3f6f94', transparent: true, opacity: 0.88, side: DoubleSide }), 'water'),
      road: withSightOverlay(
        new MeshLambertMaterial({ color: '#b49a6c', side: DoubleSide, polygonOffset: true, polygonOffsetFactor: -2, polygonOffsetUnits: -2 }),
        'road',
      ),
      ford: withSightOverlay(
        new MeshLambertMaterial({ color: '#a39a80', transparent: true, opacity: 0.8, side: DoubleSide, polygonOffset: true, polygonOffsetFactor: -3, polygonOffsetUnits: -3 }),
        'ford',
      ),
    }),
    [],
  );
  useEffect(() => () => Object.values(materials).forEach((m) => m.dispose()), [materials]);
  const groundMaterial = materials.ground;
  const ground = useMemo(() => buildGround(battlefield), [battlefield]);
  const water = useMemo(() => buildWater(battlefield), [battlefield]);
  const roads = useMemo(() => buildRoads(battlefield), [battlefield]);
  const fords = useMemo(() => buildFords(battlefield), [battlefield]);
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
      {water && <mesh geometry={water} raycast={() => null} material={materials.water} />}
      {roads && <mesh geometry={roads} raycast={() => null} material={materials.road} />}
      {fords && <mesh geometry={fords} raycast={() => null} material={materials.ford} />}
      <TerrainPieces battlefield={battlefield} />
      <InstancedBoxes matrices={frame} colour="#6b4a2b" />
    </group>
  );
}
