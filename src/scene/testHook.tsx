/**
 * A small window hook for browser tests and debugging: the latest view, where a table point is on
 * the screen (so tests can click there with a real mouse), and the renderer's draw statistics.
 */

import { useEffect, useRef } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import { Vector3 } from 'three';
import type { LegalAction } from '../core/ruleset';
import type { GameView } from '../app/session';
import { useApp } from '../app/store';
import { groundHeight } from './terrainGeometry';
import { toWorld } from './coords';
import { animating } from './Units';

export interface TricorneHook {
  view(): GameView | null;
  /** Legal orders of the side to act, as the page shows them. */
  legal(): LegalAction[];
  /** Viewport CSS pixels of a table point (z: height above the ground there, mm). */
  project(x: number, y: number, z?: number): { x: number; y: number; onScreen: boolean };
  ready: boolean;
  /** True when no engine call is running and no unit is still moving. */
  idle(): boolean;
  /** Look at a table point from `distance` mm away, keeping the current viewing direction. */
  focus(x: number, y: number, distance: number): void;
  stats(): { calls: number; triangles: number; points: number; lines: number; geometries: number; textures: number };
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
  const controls = useThree((s) => s.controls) as unknown as { target: Vector3; update(): void } | null;
  // The hook object lives as long as the canvas; it reads the latest camera and controls from here.
  const live = useRef({ camera, gl, invalidate, controls });
  live.current = { camera, gl, invalidate, controls };

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
      idle: () => !useApp.getState().busy && !animating(),
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
    if (hook && !hook.ready && s.view && s.battlefield && s.status === 'ready') {
      // Mark ready after this frame is submitted, so a screenshot sees it.
      requestAnimationFrame(() => {
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
