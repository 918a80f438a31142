/**
 * The 3D table: a react-three-fiber canvas that renders on demand (SwiftShader has no GPU behind it),
 * a map-style camera seen from the player's side, the terrain, the units and the order overlays.
 * Clicks and hovers are handed to the store as table points and unit ids; the scene knows no rules.
 */

import { useEffect, useMemo, useRef } from 'react';
import { Canvas, useThree, type ThreeEvent } from '@react-three/fiber';
import { AdaptiveDpr, MapControls } from '@react-three/drei';
import type { Material, PerspectiveCamera } from 'three';
import type { MapControls as MapControlsImpl } from 'three-stdlib';
import {
  currentParam,
  selectUnit,
  setHovered,
  setHoverPoint,
  setSightHover,
  sightClick,
  provideParam,
  useApp,
  viewerEdge,
} from '../app/store';
import type { BattlefieldData } from '../app/engineApi';
import type { Vec2 } from '../core/geometry';
import { Terrain } from './Terrain';
import { Units } from './Units';
import { Counters } from './Counters';
import { MovePaths } from './MovePaths';
import { Overlays } from './Overlays';
import { SightLayer } from './SightLayer';
import { RuleOverlays } from './RuleOverlays';
import { TestHook } from './testHook';
import { DiceLayer } from './dice/DiceLayer';
import { DeployDrag } from './DeployDrag';
import { deployLegalFor, startDeployDrag } from '../ui/DeployState';
import { toTable, toWorld } from './coords';
import { cameraStart } from './cameraView';
import { CameraRig } from './CameraRig';
import { RulerTool } from './RulerTool';
import { DemoFrameMeter } from './DemoFrameMeter';

/** Pointer travel (px) past which a press is a drag of the camera, not a click. */
const CLICK_SLOP = 6;

function Camera({ bf }: { bf: BattlefieldData }) {
  const camera = useThree((s) => s.camera);
  const aspect = useThree((s) => s.size.width / Math.max(1, s.size.height));
  const invalidate = useThree((s) => s.invalidate);
  const regress = useThree((s) => s.performance.regress);
  const controls = useRef<MapControlsImpl>(null);
  // Framed once per battlefield (and when the canvas changes shape), not on every render.
  const start = useMemo(() => {
    const cam = camera as PerspectiveCamera;
    cam.aspect = aspect;
    cam.updateProjectionMatrix();
    // From the viewer's own edge as it stands when the table is laid (CameraRig turns the view
    // round if the table-side roll changes it later).
    return cameraStart(bf, cam, viewerEdge(useApp.getState()));
  }, [bf, camera, aspect]);

  useEffect(() => {
    camera.position.copy(start.position);
    camera.near = 5;
    camera.far = Math.max(bf.width, bf.depth) * 8;
    camera.lookAt(start.target);
    camera.updateProjectionMatrix();
    controls.current?.target.copy(start.target);
    controls.current?.update();
    invalidate();
  }, [camera, start, bf, invalidate]);

  return (
    <MapControls
      ref={controls}
      makeDefault
      target={start.target}
      enableDamping={false}
      screenSpacePanning={false}
      minDistance={120}
      maxDistance={Math.max(bf.width, bf.depth) * 3}
      maxPolarAngle={Math.PI * 0.46}
      zoomSpeed={1.2}
      onChange={() => {
        // Drop to a coarser resolution while the camera moves (AdaptiveDpr): SwiftShader draws on the CPU.
        regress();
        // Keep the point looked at over the table, so the table cannot be lost off screen.
        const c = controls.current;
        if (!c) return;
        const t = c.target;
        const cx = Math.min(Math.max(t.x, 0), bf.width);
        const cz = Math.min(Math.max(t.z, -bf.depth), 0);
        if (cx !== t.x || cz !== t.z) {
          const dx = cx - t.x;
          const dz = cz - t.z;
          t.x = cx;
          t.z = cz;
          c.object.position.x += dx;
          c.object.position.z += dz;
        }
      }}
    />
  );
}

function Lights({ bf }: { bf: BattlefieldData }) {
  // A lowish sun from the front left, so hills show their relief.
  const sun = useMemo(() => toWorld(bf.width / 2 - 1300, bf.depth / 2 - 700, 1000), [bf]);
  const target = useMemo(() => toWorld(bf.width / 2, bf.depth / 2, 0), [bf]);
  const half = Math.hypot(bf.width, bf.depth) / 2 + 50;
  return (
    <>
      <hemisphereLight args={['#dfe8ff', '#4a4030', 1.2]} />
      <directionalLight
        position={sun}
        intensity={2.6}
        color="#fff3dd"
        target-position={target}
        castShadow
        shadow-mapSize={[2048, 2048]}
        shadow-bias={-0.0004}
        shadow-normalBias={0.6}
        shadow-camera-left={-half}
        shadow-camera-right={half}
        shadow-camera-top={half}
        shadow-camera-bottom={-half}
        shadow-camera-near={10}
        shadow-camera-far={6000}
      />
    </>
  );
}

/**
 * Resizing the canvas clears it, and the renderer does not draw again by itself on demand. The
 * resolution drops while the camera moves (AdaptiveDpr) and comes back after it stops, so without
 * this the table would vanish a moment after every camera move until something else asked for a frame.
 */
function RedrawOnResize() {
  const dpr = useThree((s) => s.viewport.dpr);
  const size = useThree((s) => s.size);
  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => invalidate(), [dpr, size, invalidate]);
  return null;
}

/** Shaders are compiled for shadows on or off; recompile them when the setting changes. */
function ShadowSwitch({ on }: { on: boolean }) {
  const scene = useThree((s) => s.scene);
  const invalidate = useThree((s) => s.invalidate);
  useEffect(() => {
    scene.traverse((o) => {
      const m = (o as { material?: Material | Material[] }).material;
      for (const mat of Array.isArray(m) ? m : m ? [m] : []) mat.needsUpdate = true;
    });
    invalidate();
  }, [on, scene, invalidate]);
  return null;
}

function Table() {
  const view = useApp((s) => s.view);
  const bf = useApp((s) => s.battlefield);
  const selected = useApp((s) => s.selected);
  const hovered = useApp((s) => s.hovered);
  const pending = useApp((s) => s.pending);
  const hoverPoint = useApp((s) => s.hoverPoint);
  const angle = useApp((s) => s.angleValue);
  const sightModes = useApp((s) => s.sightModes);
  const viewshed = useApp((s) => s.viewshed);
  const sightStart = useApp((s) => s.sightStart);
  const sightHover = useApp((s) => s.sightHover);
  const sightLine = useApp((s) => s.sightLine);
  const preview = useApp((s) => s.preview);
  const lastOrder = useApp((s) => s.lastOrder);
  const ruleOverlays = useApp((s) => s.ruleOverlays);
  const param = currentParam({ pending });
  // The line-of-sight tool takes clicks unless an order is asking for a point or a unit.
  const sightTool = sightModes.tool && param?.kind !== 'point' && param?.kind !== 'unit';

  const group = useApp((s) => s.group);
  // The units an order may pick; otherwise the units picked with a box.
  const highlighted = useMemo(() => (param?.kind === 'unit' ? param.choices : group), [param, group]);
  const orderUnit = useMemo(() => {
    const id = pending?.legal.unit ?? null;
    return id ? (view?.state.units.find((u) => u.id === id) ?? null) : null;
  }, [pending, view]);

  if (!view || !bf) return null;

  const onGroundClick = (p: Vec2, e: ThreeEvent<MouseEvent>) => {
    if (e.delta > CLICK_SLOP) return;
    if (param?.kind === 'point') {
      provideParam({ x: p.x, y: p.y });
      return;
    }
    if (sightTool) {
      sightClick({ x: p.x, y: p.y });
      return;
    }
    if (!pending) selectUnit(null);
  };
  const onGroundMove = (p: Vec2) => {
    if (param?.kind === 'point') setHoverPoint(p);
    else if (sightTool) setSightHover(p);
  };

  return (
    <>
      <Camera bf={bf} />
      <CameraRig bf={bf} />
      <RulerTool bf={bf} />
      <Lights bf={bf} />
      <Terrain battlefield={bf} onGroundClick={onGroundClick} onGroundMove={onGroundMove} />
      <Units
        state={view.state}
        battlefield={bf}
        selected={selected}
        hovered={hovered}
        highlighted={highlighted}
        onUnitClick={(id, e) => {
          if (e.delta > CLICK_SLOP) return;
          // While a point is asked for, a click on a unit means "there" (moving into contact).
          if (param?.kind === 'point') {
            const p = toTable(e.point);
            provideParam({ x: p.x, y: p.y });
            return;
          }
          if (sightTool) {
            sightClick({ unit: id });
            return;
          }
          selectUnit(id);
        }}
        onUnitHover={setHovered}
        onUnitPointerDown={(id, e) => {
          // While the armies are set up, a unit of the side setting up is dragged to a new place.
          if (e.button !== 0 || !deployLegalFor(id)) return;
          if (startDeployDrag(id, { x: e.clientX, y: e.clientY }, true)) e.stopPropagation();
        }}
      />
      <DeployDrag />
      <Counters state={view.state} battlefield={bf} />
      <RuleOverlays battlefield={bf} overlays={ruleOverlays} />
      <Overlays battlefield={bf} unit={orderUnit} param={param} hoverPoint={hoverPoint} angle={angle} preview={preview} />
      <MovePaths battlefield={bf} events={lastOrder?.events ?? null} />
      <SightLayer
        battlefield={bf}
        modes={sightModes}
        viewshed={viewshed}
        selected={selected}
        start={sightStart}
        hover={sightHover}
        line={sightLine}
      />
      <DiceLayer battlefield={bf} />
    </>
  );
}

export function Scene() {
  const shadows = useApp((s) => s.shadows);
  return (
    <Canvas
      shadows={shadows ? 'percentage' : false}
      frameloop="demand"
      dpr={1}
      performance={{ min: 0.5, max: 1, debounce: 250 }}
      flat
      gl={{ antialias: true, preserveDrawingBuffer: true, powerPreference: 'high-performance' }}
      camera={{ fov: 40, near: 5, far: 20000, position: [900, 1100, 500] }}
      onPointerMissed={() => setHovered(null)}
    >
      <color attach="background" args={['#232a33']} />
      <fog attach="fog" args={['#232a33', 4000, 9000]} />
      <AdaptiveDpr />
      <RedrawOnResize />
      <ShadowSwitch on={shadows} />
      <Table />
      <TestHook />
      <DemoFrameMeter />
    </Canvas>
  );
}
