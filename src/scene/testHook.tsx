/**
 * A small window hook for browser tests and debugging: the latest view, where a table point is on
 * the screen (so tests can click there with a real mouse), and the renderer's draw statistics.
 */

import { useEffect, useRef } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import { Vector3 } from 'three';
import type { LegalAction } from '../core/ruleset';
import type { GameEvent } from '../core/model';
import { polygonCentroid } from '../core/geometry';
import type { GameView } from '../app/session';
import type { ActionPreview } from '../app/engineApi';
import { autosavePending, useApp } from '../app/store';
import { groundHeight } from './terrainGeometry';
import { toWorld } from './coords';
import { animating, miniatureStats } from './Units';
import { modelsReady } from './models';
import { diceReport, type DiceReport } from './dice/DiceLayer';
import { FIRST_TABLE_FRAME } from './perfMarks';

export interface TricorneHook {
  view(): GameView | null;
  /** Legal orders of the side to act, as the page shows them. */
  legal(): LegalAction[];
  /** Viewport CSS pixels of a table point (z: height above the ground there, mm). */
  project(x: number, y: number, z?: number): { x: number; y: number; onScreen: boolean };
  ready: boolean;
  /** True when no engine call (game or sight) is running, no unit is still moving and the autosave is written. */
  idle(): boolean;
  /** Look at a table point from `distance` mm away, keeping the current viewing direction. */
  focus(x: number, y: number, distance: number): void;
  /** The ground's height at a table point, mm, from the terrain the page was sent. */
  groundAt(x: number, y: number): number;
  stats(): { calls: number; triangles: number; points: number; lines: number; geometries: number; textures: number };
  /** Put the camera at `eye` looking at `target` (table mm, z absolute). */
  lookFrom(eye: [number, number, number], target: [number, number, number]): void;
  /**
   * Render `frames` frames back to back and time them on the main thread: `submitMs` for the
   * three.js render call alone, `frameMs` including a 1-pixel read-back that waits for the GPU.
   */
  timeFrames(frames: number): { submitMs: number; frameMs: number; calls: number; triangles: number; perFrameMs: number[]; perSubmitMs: number[] };
  /** The miniatures' instanced batches in use and their instances. */
  miniatures(): { batches: number; instances: number };
  /** Show or hide the scene's objects with this name (for measuring what each part costs). */
  setVisible(name: string, visible: boolean): number;
  /** The viewshed on show: whose, from which pose, the worker's time and the share of ground seen. */
  viewshed(): { unitId: string; pose: { x: number; y: number; facing: number }; ms: number; seen: number; dead: number } | null;
  /** The ruleset's shapes on show: how many, their labels, and the meshes the scene drew for them. */
  ruleOverlays(): { count: number; labels: string[]; meshes: number };
  /** The engine's preview of the order being given, as the page shows it (null when none). */
  preview(): ActionPreview | null;
  /** The dice thrown on the table: settings, phase, and each die's value as drawn. */
  dice(): DiceReport;
  /**
   * Throw the dice of these events on the table as if an order had just rolled them, for dice no
   * rulebook in play rolls yet (D4 to D20); the game itself is untouched.
   */
  throwDice(events: GameEvent[]): void;
  /**
   * Show these events on the table as the last order's (its dice thrown, the ways units took drawn),
   * as `throwDice` does; the game itself is untouched.
   */
  showOrderEvents(events: GameEvent[]): void;
  /**
   * Draw these buildings as burning or burnt, as the table draws a fire the rules started; the game
   * itself is untouched. Returns how many buildings were found.
   */
  showFires(fires: Record<string, 'burning' | 'burnt'>): number;
  /** The table's buildings: id, middle (mm) and height. */
  buildings(): { id: string; x: number; y: number; height: number }[];
  /**
   * Draw a field fortification along this line (mm), as the table draws works a side built; the
   * game itself is untouched. Returns the number of works features now drawn.
   */
  showWorks(line: { x: number; y: number }[]): number;
}

declare global {
  interface Window {
    __tricorne?: TricorneHook;
  }
}

export function TestHook() {
  const camera = useThree((s) => s.camera);
  const gl = useThree((s) => s.gl);
  const invalidate = useThree((s) => s.invalidate);
  const scene = useThree((s) => s.scene);
  const controls = useThree((s) => s.controls) as unknown as { target: Vector3; update(): void } | null;
  // The hook object lives as long as the canvas; it reads the latest camera and controls from here.
  const live = useRef({ camera, gl, invalidate, controls, scene });
  live.current = { camera, gl, invalidate, controls, scene };

  useEffect(() => {
    const v = new Vector3();
    const hook: TricorneHook = {
      view: () => useApp.getState().view,
      legal: () => useApp.getState().legal,
      project(x, y, z = 0) {
        const { camera: cam, gl: renderer } = live.current;
        const bf = useApp.getState().battlefield;
        const ground = bf ? groundHeight(bf, x, y) : 0;
        toWorld(x, y, ground + z, v).project(cam);
        const rect = renderer.domElement.getBoundingClientRect();
        return {
          x: rect.left + ((v.x + 1) / 2) * rect.width,
          y: rect.top + ((1 - v.y) / 2) * rect.height,
          onScreen: Math.abs(v.x) <= 1 && Math.abs(v.y) <= 1 && v.z <= 1,
        };
      },
      ready: false,
      idle: () => !useApp.getState().busy && !useApp.getState().sightComputing && !animating() && !autosavePending(),
      groundAt(x, y) {
        const bf = useApp.getState().battlefield;
        return bf ? groundHeight(bf, x, y) : Number.NaN;
      },
      focus(x, y, distance) {
        const { camera: cam, controls: ctl, invalidate: redraw } = live.current;
        const bf = useApp.getState().battlefield;
        const target = toWorld(x, y, bf ? groundHeight(bf, x, y) : 0);
        const from = ctl?.target ?? new Vector3();
        const dir = cam.position.clone().sub(from).normalize();
        cam.position.copy(target).addScaledVector(dir, distance);
        if (ctl) {
          ctl.target.copy(target);
          ctl.update();
        } else {
          cam.lookAt(target);
        }
        redraw();
      },
      stats() {
        const { calls, triangles, points, lines } = live.current.gl.info.render;
        const { geometries, textures } = live.current.gl.info.memory;
        return { calls, triangles, points, lines, geometries, textures };
      },
      lookFrom(eye, target) {
        const { camera: cam, controls: ctl, invalidate: redraw } = live.current;
        toWorld(eye[0], eye[1], eye[2], cam.position);
        const t = toWorld(target[0], target[1], target[2]);
        if (ctl) {
          ctl.target.copy(t);
          ctl.update();
        }
        cam.lookAt(t);
        cam.updateMatrixWorld();
        redraw();
      },
      timeFrames(frames) {
        const { gl: renderer, scene: sc, camera: cam } = live.current;
        const ctx = renderer.getContext();
        const px = new Uint8Array(4);
        let submit = 0;
        const perFrameMs: number[] = [];
        const perSubmitMs: number[] = [];
        const t0 = performance.now();
        for (let i = 0; i < frames; i++) {
          const s0 = performance.now();
          renderer.render(sc, cam);
          perSubmitMs.push(performance.now() - s0);
          submit += perSubmitMs[i]!;
          // A one-pixel read-back waits for the frame to be drawn, so each sample is a whole frame.
          ctx.readPixels(0, 0, 1, 1, ctx.RGBA, ctx.UNSIGNED_BYTE, px);
          perFrameMs.push(performance.now() - s0);
        }
        const total = performance.now() - t0;
        const { calls, triangles } = renderer.info.render;
        return { submitMs: submit / frames, frameMs: total / frames, calls, triangles, perFrameMs, perSubmitMs };
      },
      miniatures: () => ({ ...miniatureStats }),
      viewshed() {
        const v = useApp.getState().viewshed;
        if (!v) return null;
        let seen = 0;
        let dead = 0;
        for (let k = 0; k < v.visible.length; k++) {
          seen += v.visible[k]!;
          dead += v.dead[k]!;
        }
        return { unitId: v.unitId, pose: v.pose, ms: v.ms, seen: seen / v.visible.length, dead: dead / v.visible.length };
      },
      ruleOverlays() {
        const list = useApp.getState().ruleOverlays;
        let meshes = 0;
        live.current.scene.traverse((o) => {
          if (o.name === 'rule-overlays') meshes += o.children.length;
        });
        return { count: list.length, labels: list.map((o) => o.label ?? o.kind), meshes };
      },
      preview: () => useApp.getState().preview,
      dice: () => diceReport(),
      throwDice(events) {
        hook.showOrderEvents(events);
      },
      showOrderEvents(events) {
        // Ids below zero never meet an order's own (counted up from 1).
        useApp.setState((st) => ({ lastOrder: { id: -1 - Math.abs(st.lastOrder?.id ?? 0), events } }));
      },
      showWorks(line) {
        const bf = useApp.getState().battlefield;
        if (!bf) return 0;
        const n = bf.features.filter((f) => f.kind === 'fieldwork').length + 1;
        // The size the rules give a field fortification (works.ts WORKS_KINDS): 25 mm wide, 11 mm high.
        const work = { id: `test-works-${n}`, kind: 'fieldwork', name: `Test works ${n}`, line, width: 25, height: 11, side: 'b', facing: 0 };
        useApp.setState({ battlefield: { ...bf, features: [...bf.features, work as unknown as (typeof bf.features)[number]] } });
        return n;
      },
      showFires(fires) {
        const bf = useApp.getState().battlefield;
        if (!bf) return 0;
        let found = 0;
        const features = bf.features.map((f) => {
          const fire = fires[f.id];
          if (f.kind !== 'building' || !fire) return f;
          found++;
          return { ...f, fire };
        });
        useApp.setState({ battlefield: { ...bf, features } });
        return found;
      },
      buildings() {
        const out: { id: string; x: number; y: number; height: number }[] = [];
        for (const f of useApp.getState().battlefield?.features ?? []) {
          if (f.kind !== 'building') continue;
          const c = polygonCentroid(f.polygon);
          out.push({ id: f.id, x: c.x, y: c.y, height: f.height });
        }
        return out;
      },
      setVisible(name, visible) {
        let n = 0;
        live.current.scene.traverse((o) => {
          if (o.name === name) {
            o.visible = visible;
            n++;
          }
        });
        live.current.invalidate();
        return n;
      },
    };
    window.__tricorne = hook;
    live.current.invalidate();
    return () => {
      if (window.__tricorne === hook) delete window.__tricorne;
    };
  }, []);

  // Ready once a frame has been drawn with the game and its terrain in the scene.
  useFrame(() => {
    const s = useApp.getState();
    const hook = window.__tricorne;
    // Units off the table (aboard, off-table forces, waiting to be deployed) draw nothing.
    const drawn = modelsReady() && (miniatureStats.instances > 0 || !s.view?.state.units.some((u) => !u.removed && !u.carriedBy));
    if (hook && !hook.ready && s.view && s.battlefield && s.status === 'ready' && drawn) {
      // Mark ready after this frame is submitted, so a screenshot sees it. The performance mark is
      // the time to first render (from navigation start) the renderer's benchmark prints.
      requestAnimationFrame(() => {
        if (!hook.ready && performance.getEntriesByName(FIRST_TABLE_FRAME).length === 0) performance.mark(FIRST_TABLE_FRAME);
        hook.ready = true;
      });
    }
  });
  // The hook must see the game's arrival even when nothing else asks for a frame.
  const status = useApp((s) => s.status);
  useEffect(() => {
    invalidate();
  }, [status, invalidate]);
  return null;
}
