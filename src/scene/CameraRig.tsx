/**
 * The camera's smooth moves: reset to the starting view, straight down on the table, close on a
 * unit or a point. Keys and buttons ask for a shot with `aimCamera`; the rig flies the orbit
 * controls' eye and target there over a fraction of a second, and a drag by the player cuts a
 * flight short. In a demonstration it follows the action by itself: the unit that acted, the
 * fight being resolved, and the whole table between turns.
 */

import { useEffect, useRef } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import { PerspectiveCamera, Vector3 } from 'three';
import { create } from 'zustand';
import type { BattlefieldData } from '../app/engineApi';
import { useApp, viewerEdge, type AppState } from '../app/store';
import { unitFootprint, type GameState, type Unit } from '../core/model';
import { distance } from '../core/geometry';
import { toTable, toWorld } from './coords';
import { groundHeight } from './terrainGeometry';
import { cameraCloseUp, cameraStart, cameraTopDown, tableKey, type CameraPose } from './cameraView';

export type CameraShot =
  | { kind: 'reset' }
  | { kind: 'top' }
  /** Close on a unit's middle; `distance` in mm from it. */
  | { kind: 'unit'; id: string; distance?: number }
  /** Close on a table point (mm). */
  | { kind: 'point'; x: number; y: number; distance?: number };

interface RigState {
  shot: CameraShot | null;
  /** Bumped with every shot asked for, so the same shot twice flies twice. */
  ticket: number;
}

const useRig = create<RigState>(() => ({ shot: null, ticket: 0 }));

/** Ask the camera to fly to a shot. */
export function aimCamera(shot: CameraShot): void {
  useRig.setState((s) => ({ shot, ticket: s.ticket + 1 }));
}

/** How far from a unit a close view stands, mm. */
const UNIT_VIEW_MM = 520;
/** A fight is framed from this many times the distance between the two units, within these bounds (mm). */
const FIGHT_SPREAD = 1.8;
const FIGHT_VIEW_MIN_MM = 480;
const FIGHT_VIEW_MAX_MM = 1300;

/** Flight time, ms: quicker when the demonstration runs fast. */
function flightMs(s: AppState): number {
  if (!s.demo) return 700;
  return s.demo.speed === 'fast' ? 300 : s.demo.speed === 'slow' ? 1500 : 900;
}

function liveUnit(state: GameState | undefined, id: string | undefined): Unit | undefined {
  const u = id ? state?.units.find((x) => x.id === id) : undefined;
  return u && !u.removed && !u.carriedBy ? u : undefined;
}

function unitMiddle(u: Unit): { x: number; y: number } {
  const r = unitFootprint(u);
  return { x: r.cx, y: r.cy };
}

/**
 * What a demonstration's camera should show after the newest order: the fight when a unit took on
 * another, the unit when one acted, the whole table when a new turn began or nobody in particular acted.
 */
export function demoShot(s: AppState, prevTurn: number | undefined): CameraShot {
  const state = s.view?.state;
  if (!state || state.result || prevTurn === undefined || state.turn !== prevTurn) return { kind: 'reset' };
  const latest = s.log.filter((l) => l.seq === s.view!.seq).map((l) => l.event);
  for (const e of latest) {
    const a = liveUnit(state, e.unit);
    const b = liveUnit(state, e.target);
    if (a && b) {
      const pa = unitMiddle(a);
      const pb = unitMiddle(b);
      const spread = Math.min(FIGHT_VIEW_MAX_MM, Math.max(FIGHT_VIEW_MIN_MM, distance(pa, pb) * FIGHT_SPREAD));
      return { kind: 'point', x: (pa.x + pb.x) / 2, y: (pa.y + pb.y) / 2, distance: spread };
    }
  }
  const actor = latest.map((e) => liveUnit(state, e.unit)).find((u) => u);
  return actor ? { kind: 'unit', id: actor.id } : { kind: 'reset' };
}

interface Flight {
  from: CameraPose;
  to: CameraPose;
  start: number;
  ms: number;
}

interface OrbitLike {
  target: Vector3;
  addEventListener(type: 'start', fn: () => void): void;
  removeEventListener(type: 'start', fn: () => void): void;
}

export interface CameraHook {
  /** The table point the camera looks at (mm; z its height). */
  target(): { x: number; y: number; z: number };
  /** The eye, in table mm. */
  position(): { x: number; y: number; z: number };
  /** True while a flight is under way. */
  flying(): boolean;
  /** Ask for a fresh frame (the canvas draws on demand). */
  redraw(): void;
}

declare global {
  interface Window {
    __tricorneCamera?: CameraHook;
  }
}

export function CameraRig({ bf }: { bf: BattlefieldData }) {
  const camera = useThree((s) => s.camera) as PerspectiveCamera;
  const controls = useThree((s) => s.controls) as unknown as OrbitLike | null;
  const invalidate = useThree((s) => s.invalidate);
  const flight = useRef<Flight | null>(null);

  // Where a shot puts the camera, from where it is now.
  const poseFor = (shot: CameraShot): CameraPose | null => {
    const now: CameraPose = { position: camera.position.clone(), target: controls?.target.clone() ?? new Vector3() };
    const at = (x: number, y: number) => toWorld(x, y, groundHeight(bf, x, y));
    switch (shot.kind) {
      case 'reset':
        return cameraStart(bf, camera, viewerEdge(useApp.getState()));
      case 'top':
        return cameraTopDown(bf, camera, viewerEdge(useApp.getState()));
      case 'point':
        return cameraCloseUp(now, at(shot.x, shot.y), shot.distance ?? UNIT_VIEW_MM);
      case 'unit': {
        const u = liveUnit(useApp.getState().view?.state, shot.id);
        if (!u) return null;
        const m = unitMiddle(u);
        return cameraCloseUp(now, at(m.x, m.y), shot.distance ?? UNIT_VIEW_MM);
      }
    }
  };

  // A shot asked for: fly from here to there.
  useEffect(
    () =>
      useRig.subscribe((r, prev) => {
        if (r.ticket === prev.ticket || !r.shot) return;
        const to = poseFor(r.shot);
        if (!to) return;
        flight.current = {
          from: { position: camera.position.clone(), target: controls?.target.clone() ?? new Vector3() },
          to,
          start: performance.now(),
          ms: flightMs(useApp.getState()),
        };
        invalidate();
      }),
    // poseFor reads the battlefield, camera and controls of this render.
    [bf, camera, controls, invalidate],
  );

  // The player takes the camera: a flight under way stops where it is.
  useEffect(() => {
    if (!controls) return;
    const stop = () => {
      flight.current = null;
    };
    controls.addEventListener('start', stop);
    return () => controls.removeEventListener('start', stop);
  }, [controls]);

  // A demonstration follows the action after every order, and shows the whole table at a new battle.
  useEffect(() => {
    let lastTurn: number | undefined;
    let lastSeq = -1;
    return useApp.subscribe((s, prev) => {
      if (!s.demo || !s.view) {
        lastTurn = s.view?.state.turn;
        return;
      }
      const newBattle = !prev.demo || s.battlefield !== prev.battlefield || s.view.seq < lastSeq;
      if (s.view === prev.view && !newBattle) return;
      const shot = newBattle ? ({ kind: 'reset' } as const) : demoShot(s, lastTurn);
      lastTurn = s.view.state.turn;
      lastSeq = s.view.seq;
      aimCamera(shot);
    });
  }, []);

  // The view turns round to behind the viewer's own edge when that changes on the same table: the
  // table-side roll gives the player's army the far edge, or the opponent becomes the computer.
  useEffect(() => {
    // As the table was framed when this rig was set up (Scene's start view).
    const now = useApp.getState();
    let table = now.battlefield ? tableKey(now.battlefield) : '';
    let shown = viewerEdge(now);
    return useApp.subscribe((s, prev) => {
      if (!s.battlefield) return;
      // Most changes of the page (a hover, a selection) leave the table and who looks at it alone.
      if (s.battlefield === prev.battlefield && s.view === prev.view && s.opponent === prev.opponent && s.playerSide === prev.playerSide && s.demo === prev.demo) return;
      const edge = viewerEdge(s);
      const key = tableKey(s.battlefield);
      if (key !== table) table = key;
      else if (edge !== shown) aimCamera({ kind: 'reset' });
      shown = edge;
    });
  }, []);

  useEffect(() => {
    const hook: CameraHook = {
      target: () => toTable(controls?.target ?? new Vector3()),
      position: () => toTable(camera.position),
      flying: () => flight.current !== null,
      redraw: () => invalidate(),
    };
    window.__tricorneCamera = hook;
    return () => {
      if (window.__tricorneCamera === hook) delete window.__tricorneCamera;
    };
  }, [camera, controls, invalidate]);

  useFrame(() => {
    const f = flight.current;
    if (!f) return;
    const t = Math.min(1, (performance.now() - f.start) / f.ms);
    // Smoothstep: a gentle start and a gentle arrival.
    const k = t * t * (3 - 2 * t);
    camera.position.lerpVectors(f.from.position, f.to.position, k);
    const target = new Vector3().lerpVectors(f.from.target, f.to.target, k);
    // The controls read the eye and target afresh when next used, so they need no update here.
    // Updating them would also drop the resolution for each flight (the scene's AdaptiveDpr), and
    // every change of resolution clears the canvas for a moment: a flicker on a show's screen.
    controls?.target.copy(target);
    camera.lookAt(target);
    if (t >= 1) flight.current = null;
    invalidate();
  });

  return null;
}
