/**
 * Dragging a unit onto the table while the armies are set up: follows the pointer over the ground
 * (the camera stays still meanwhile), draws the unit's stands where they would stand, green inside
 * the deployment zones the legal action gives and red outside, and hands the drop point to the page.
 * The engine decides whether the unit may stand there.
 */

import { useEffect, useMemo } from 'react';
import { useThree } from '@react-three/fiber';
import { Raycaster, Vector2 } from 'three';
import { corners, pointInPolygon, type Vec2 } from '../core/geometry';
import { standRect } from '../core/model';
import { useApp } from '../app/store';
import { dropDeployDrag, moveDeployDrag, useDeploy } from '../ui/DeployState';
import { groundHeight } from './terrainGeometry';
import { toTable, toWorld } from './coords';

/** Pointer travel (px) below which a press on a unit is a click that selects it, not a drag. */
const DRAG_SLOP = 6;

export function DeployDrag() {
  const drag = useDeploy((s) => s.drag);
  const view = useApp((s) => s.view);
  const bf = useApp((s) => s.battlefield);
  const camera = useThree((s) => s.camera);
  const gl = useThree((s) => s.gl);
  const scene = useThree((s) => s.scene);
  const invalidate = useThree((s) => s.invalidate);
  const controls = useThree((s) => s.controls) as unknown as { enabled: boolean } | null;
  const unitId = drag?.unit ?? null;

  useEffect(() => {
    if (!unitId) return;
    const start = useDeploy.getState().drag;
    if (!start) return;
    const raycaster = new Raycaster();
    const ndc = new Vector2();
    // The ground under a screen point (through the units), or null off the table or the canvas.
    const groundAt = (clientX: number, clientY: number): Vec2 | null => {
      const rect = gl.domElement.getBoundingClientRect();
      if (clientX < rect.left || clientX > rect.right || clientY < rect.top || clientY > rect.bottom) return null;
      ndc.set(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1);
      raycaster.setFromCamera(ndc, camera);
      const ground = scene.getObjectByName('ground');
      const hit = ground ? raycaster.intersectObject(ground, false)[0] : undefined;
      if (!hit) return null;
      const p = toTable(hit.point);
      return { x: p.x, y: p.y };
    };
    // A unit picked up on the table keeps the offset between its Colour Stand and the pointer.
    const unit = useApp.getState().view?.state.units.find((u) => u.id === start.unit);
    const pressed = start.fromTable ? groundAt(start.screen.x, start.screen.y) : null;
    const grab = pressed && unit ? { x: pressed.x - unit.x, y: pressed.y - unit.y } : { x: 0, y: 0 };
    const pick = (e: PointerEvent): Vec2 | null => {
      const p = groundAt(e.clientX, e.clientY);
      return p ? { x: p.x - grab.x, y: p.y - grab.y } : null;
    };
    const was = controls?.enabled ?? true;
    if (controls) controls.enabled = false;
    const move = (e: PointerEvent): void => {
      moveDeployDrag(pick(e));
      invalidate();
    };
    const up = (e: PointerEvent): void => {
      const moved = Math.hypot(e.clientX - start.screen.x, e.clientY - start.screen.y);
      // A press and release in place on a unit on the table only selects it.
      if (start.fromTable && moved < DRAG_SLOP) useDeploy.setState({ drag: null });
      else void dropDeployDrag(pick(e));
      invalidate();
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      if (controls) controls.enabled = was;
    };
  }, [unitId, camera, gl, scene, controls, invalidate]);

  const unit = useMemo(() => (unitId ? view?.state.units.find((u) => u.id === unitId) : undefined), [unitId, view]);
  if (!drag?.at || !unit || !bf) return null;
  const pose = { x: drag.at.x, y: drag.at.y, facing: unit.facing };
  const regions = drag.legal.params.flatMap((p) => (p.kind === 'point' ? (p.regions ?? []) : []));
  const rects = unit.stands.map((s) => standRect(pose, s));
  const inside = regions.length === 0 || rects.every((r) => corners(r).every((c) => regions.some((poly) => pointInPolygon(c, poly))));
  return (
    <group name="deploy-ghost">
      {rects.map((r, i) => (
        <mesh key={i} position={toWorld(r.cx, r.cy, groundHeight(bf, r.cx, r.cy) + 4)} rotation={[0, r.facing, 0]} raycast={() => null}>
          <boxGeometry args={[r.depth, 6, r.width]} />
          <meshBasicMaterial color={inside ? '#7fd35f' : '#e0503a'} transparent opacity={0.75} depthWrite={false} />
        </mesh>
      ))}
    </group>
  );
}
