/**
 * Tools that take a drag on the table instead of the camera:
 * - the ruler (R): drag from one point to another and read the distance across the table in the
 *   ruleset's unit, drawn as a tape that follows the ground, marked every inch or centimetre pair;
 * - the box (shift-drag): pick every unit whose middle lies inside the rectangle.
 * Both listen on the canvas's wrapper in the capture phase, so the camera controls and the
 * table's click handlers never see a drag meant for a tool.
 */

import { useEffect, useMemo } from 'react';
import { Html, Line } from '@react-three/drei';
import { useThree } from '@react-three/fiber';
import { Raycaster, Vector2, Vector3, type Camera, type Ray } from 'three';
import { create } from 'zustand';
import type { BattlefieldData } from '../app/engineApi';
import { selectGroup, useApp, viewerSide } from '../app/store';
import { distance, type Vec2 } from '../core/geometry';
import { formatLength, MM_PER_CM, MM_PER_INCH, type LengthUnit } from '../core/measure';
import { unitFootprint } from '../core/model';
import { toWorld } from './coords';
import { groundHeight } from './terrainGeometry';

/** A screen rectangle being dragged out, in the wrapper's CSS pixels. */
export interface ScreenBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

interface ToolState {
  rulerOn: boolean;
  from: Vec2 | null;
  to: Vec2 | null;
  dragging: boolean;
  box: ScreenBox | null;
}

export const useTools = create<ToolState>(() => ({ rulerOn: false, from: null, to: null, dragging: false, box: null }));

export function toggleRuler(): void {
  const on = !useTools.getState().rulerOn;
  useTools.setState(on ? { rulerOn: true } : { rulerOn: false, from: null, to: null, dragging: false });
}

/** Drop the ruler's line (and leave the ruler mode); true if there was something to drop. */
export function clearRuler(): boolean {
  const t = useTools.getState();
  if (!t.rulerOn && !t.from) return false;
  useTools.setState({ rulerOn: false, from: null, to: null, dragging: false });
  return true;
}

/** The length unit of the game on the table (the ruleset's), inches until one is known. */
export function tableUnit(): LengthUnit {
  const s = useApp.getState();
  return s.rulesets.find((r) => r.id === s.view?.state.rulesetId)?.lengthUnit ?? 'in';
}

/** Pointer travel (px) below which a box drag is taken as a slip of the hand. */
const BOX_SLOP = 6;

/**
 * Where a ray first meets the ground: marched in steps of half a heightmap cell, then refined by
 * bisection. Null when it misses the table.
 */
export function pickGround(bf: BattlefieldData, ray: Ray): Vec2 | null {
  const hm = bf.heightmap;
  const step = hm.cellSize / 2;
  const far = Math.max(bf.width, bf.depth) * 10;
  const p = new Vector3();
  const above = (t: number): boolean => {
    ray.at(t, p);
    return p.y > groundHeight(bf, p.x, -p.z);
  };
  const onTable = (t: number): boolean => {
    ray.at(t, p);
    return p.x >= 0 && p.x <= bf.width && -p.z >= 0 && -p.z <= bf.depth;
  };
  let prev = 0;
  for (let t = step; t < far; t += step) {
    if (above(t)) {
      prev = t;
      continue;
    }
    if (!onTable(t)) return null;
    let lo = prev;
    let hi = t;
    for (let i = 0; i < 20; i++) {
      const mid = (lo + hi) / 2;
      if (above(mid)) lo = mid;
      else hi = mid;
    }
    ray.at(hi, p);
    return { x: p.x, y: -p.z };
  }
  return null;
}

/** The units whose middles fall inside a screen box: the viewer's own if any, else all of them. */
function unitsInBox(box: ScreenBox, camera: Camera, canvas: HTMLCanvasElement, wrap: HTMLElement, bf: BattlefieldData): string[] {
  const s = useApp.getState();
  const units = s.view?.state.units.filter((u) => !u.removed && !u.carriedBy) ?? [];
  const canvasRect = canvas.getBoundingClientRect();
  const wrapRect = wrap.getBoundingClientRect();
  const [x0, x1] = [Math.min(box.x0, box.x1), Math.max(box.x0, box.x1)];
  const [y0, y1] = [Math.min(box.y0, box.y1), Math.max(box.y0, box.y1)];
  const v = new Vector3();
  const inside = units.filter((u) => {
    const r = unitFootprint(u);
    toWorld(r.cx, r.cy, groundHeight(bf, r.cx, r.cy) + 5, v).project(camera);
    if (v.z > 1) return false;
    const x = canvasRect.left - wrapRect.left + ((v.x + 1) / 2) * canvasRect.width;
    const y = canvasRect.top - wrapRect.top + ((1 - v.y) / 2) * canvasRect.height;
    return x >= x0 && x <= x1 && y >= y0 && y <= y1;
  });
  const own = viewerSide();
  const mine = inside.filter((u) => u.side === own);
  return (mine.length ? mine : inside).map((u) => u.id);
}

/** The tape: the segment from `from` to `to` draped on the ground, cut at every unit of length. */
function tapeSegments(bf: BattlefieldData, from: Vec2, to: Vec2, unit: LengthUnit): { points: Vector3[]; colours: [number, number, number][] } {
  const mark = unit === 'in' ? MM_PER_INCH : 2 * MM_PER_CM;
  const length = distance(from, to);
  const points: Vector3[] = [];
  const colours: [number, number, number][] = [];
  const at = (d: number) => {
    const k = length > 0 ? d / length : 0;
    const x = from.x + (to.x - from.x) * k;
    const y = from.y + (to.y - from.y) * k;
    return toWorld(x, y, groundHeight(bf, x, y) + 1.5);
  };
  for (let i = 0, d = 0; d < length; i++, d += mark) {
    const colour: [number, number, number] = i % 2 === 0 ? [1, 0.86, 0.2] : [0.12, 0.1, 0.08];
    points.push(at(d), at(Math.min(length, d + mark)));
    colours.push(colour, colour);
  }
  return { points, colours };
}

export function RulerTool({ bf }: { bf: BattlefieldData }) {
  const camera = useThree((s) => s.camera);
  const gl = useThree((s) => s.gl);
  const invalidate = useThree((s) => s.invalidate);
  const from = useTools((s) => s.from);
  const to = useTools((s) => s.to);
  const unit = useApp((s) => s.rulesets.find((r) => r.id === s.view?.state.rulesetId)?.lengthUnit ?? 'in');

  useEffect(() => {
    const canvas = gl.domElement;
    const wrap = (canvas.closest('[data-testid="canvas-wrap"]') as HTMLElement | null) ?? canvas.parentElement;
    if (!wrap) return;
    const raycaster = new Raycaster();
    const ndc = new Vector2();
    const pick = (e: PointerEvent): Vec2 | null => {
      const r = canvas.getBoundingClientRect();
      ndc.set(((e.clientX - r.left) / r.width) * 2 - 1, -((e.clientY - r.top) / r.height) * 2 + 1);
      raycaster.setFromCamera(ndc, camera);
      return pickGround(bf, raycaster.ray);
    };
    const local = (e: PointerEvent) => {
      const r = wrap.getBoundingClientRect();
      return { x: e.clientX - r.left, y: e.clientY - r.top };
    };
    let mode: 'ruler' | 'box' | null = null;
    /** The click that ends a tool's drag must not reach the table (it would select or give an order). */
    let swallowClick = false;

    const move = (e: PointerEvent) => {
      if (mode === 'ruler') {
        const p = pick(e);
        if (p) useTools.setState({ to: p });
        invalidate();
      } else if (mode === 'box') {
        const b = useTools.getState().box;
        const q = local(e);
        if (b) useTools.setState({ box: { ...b, x1: q.x, y1: q.y } });
      }
    };
    const up = (e: PointerEvent) => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      if (mode === 'ruler') {
        move(e);
        useTools.setState({ dragging: false });
      } else if (mode === 'box') {
        move(e);
        const b = useTools.getState().box;
        useTools.setState({ box: null });
        if (b && Math.hypot(b.x1 - b.x0, b.y1 - b.y0) > BOX_SLOP) selectGroup(unitsInBox(b, camera, canvas, wrap, bf));
      }
      mode = null;
      swallowClick = true;
      // A click follows the pointerup at once if it comes at all.
      setTimeout(() => {
        swallowClick = false;
      }, 0);
    };
    const down = (e: PointerEvent) => {
      if (e.button !== 0 || mode) return;
      const ruler = useTools.getState().rulerOn;
      if (!ruler && !e.shiftKey) return;
      e.stopPropagation();
      e.preventDefault();
      if (ruler) {
        const p = pick(e);
        if (!p) return;
        mode = 'ruler';
        useTools.setState({ from: p, to: p, dragging: true });
        invalidate();
      } else {
        const q = local(e);
        mode = 'box';
        useTools.setState({ box: { x0: q.x, y0: q.y, x1: q.x, y1: q.y } });
      }
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', up);
    };
    const click = (e: MouseEvent) => {
      if (!swallowClick) return;
      swallowClick = false;
      e.stopPropagation();
    };
    wrap.addEventListener('pointerdown', down, { capture: true });
    wrap.addEventListener('click', click, { capture: true });
    return () => {
      wrap.removeEventListener('pointerdown', down, { capture: true });
      wrap.removeEventListener('click', click, { capture: true });
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
    };
  }, [bf, camera, gl, invalidate]);

  const tape = useMemo(() => (from && to ? tapeSegments(bf, from, to, unit) : null), [bf, from, to, unit]);
  useEffect(() => invalidate(), [tape, invalidate]);
  if (!from || !to || !tape) return null;
  const mid = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
  const label = toWorld(mid.x, mid.y, groundHeight(bf, mid.x, mid.y) + 12);
  return (
    <group name="ruler">
      {tape.points.length >= 2 && <Line points={tape.points} vertexColors={tape.colours} segments lineWidth={4} raycast={() => null} />}
      <Html position={label} center zIndexRange={[20, 10]} pointerEvents="none">
        <div className="ruler-label" data-testid="ruler-label">
          {formatLength(distance(from, to), unit)}
        </div>
      </Html>
    </group>
  );
}
