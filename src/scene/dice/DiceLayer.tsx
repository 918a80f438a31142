/**
 * Dice thrown on the table: for every throw in the events of an accepted order (either side's),
 * that many dice tumble onto the ground beside the units involved and come to rest showing the
 * engine's values. The page never rolls: the dice worker records how the dice fall, and each die's
 * picture is turned so that its landed face carries the engine's value. The dice stay a few
 * seconds, then fade; the next order clears them at once. Space, the Skip button or a click on a
 * die jumps them to rest.
 */

import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import * as Comlink from 'comlink';
import { Color, InstancedMesh, Matrix4, MeshBasicMaterial, MeshStandardMaterial, Quaternion, Vector3 } from 'three';
import type { BattlefieldData } from '../../app/engineApi';
import { setDiceRolling, useApp } from '../../app/store';
import type { DiceApi } from '../../dice-physics/diceApi';
import { groundAt } from '../../dice-physics/ground';
import { DIE_SIZE, groundMask, planThrows, type TableInfo } from '../../dice-physics/plan';
import { topFace } from '../../dice-physics/d6';
import { dieBodyGeometry, diePipsGeometry, shadowGeometry, shadowTexture } from './dieGeometry';
import { DicePlayer } from './player';
import { skipDice, useDice } from './diceStore';

/** Playback speed for each setting. */
const RATE = { normal: 1, fast: 3 } as const;
/** Seconds the settled dice stay before fading (unless kept), and the pause for reading them before the computer goes on. */
const HOLD_S = { normal: 6, fast: 3 } as const;
const READ_S = { normal: 1, fast: 0.4 } as const;
const FADE_S = 0.6;
/** How long after the table appears the dice worker loads Rapier, ms. */
const WARM_AFTER_MS = 2500;
/**
 * How far a shadow falls from under its die per mm of height, along the table: away from the sun,
 * which Scene.tsx's Lights put low at the front left.
 */
const SHADOW_SLANT = { x: 0.75, z: -0.4 };
/** Dice of a throw nobody owns (no side known). */
const NEUTRAL = '#ece6d6';

let worker: { api: Comlink.Remote<DiceApi>; stop(): void } | null = null;

/** The dice worker, started on first use: Rapier never loads unless dice are thrown. */
function diceWorker(): Comlink.Remote<DiceApi> {
  if (!worker) {
    const w = new Worker(new URL('../../../workers/dice.worker.ts', import.meta.url), { type: 'module', name: 'tricorne-dice' });
    const api = Comlink.wrap<DiceApi>(w);
    const conn = {
      api,
      stop() {
        api[Comlink.releaseProxy]();
        w.terminate();
      },
    };
    // A worker that dies is dropped; the next throw starts a fresh one.
    w.addEventListener('error', () => {
      if (worker === conn) worker = null;
      conn.stop();
    });
    worker = conn;
  }
  return worker.api;
}

/** What the test hook reports of the dice on the table. */
export interface DiceReport {
  enabled: boolean;
  speed: 'normal' | 'fast';
  keep: boolean;
  phase: string;
  failure: string | null;
  /** The worker's time to record the last order's throws, ms. */
  recordMs: number | null;
  throws: {
    purpose: string;
    side: string | null;
    colour: string;
    values: number[];
    /** The value on top of each die as drawn now (read from the drawn rotation), 0 before it is thrown. */
    shown: number[];
    /** How flat each drawn die lies: the cosine between its top face and straight up. */
    flat: number[];
    /** The tray's centre on the table, mm. */
    at: { x: number; y: number };
    /** Where each die is drawn, table mm (z: its centre's height above the ground under it). */
    dice: { x: number; y: number; z: number }[];
  }[];
}

/** The dice on show and their drawn bodies, for the report. */
const shown: { player: DicePlayer | null; colours: string[]; body: InstancedMesh | null; recordMs: number | null } = {
  player: null,
  colours: [],
  body: null,
  recordMs: null,
};

export function diceReport(): DiceReport {
  const { enabled, speed, keep, phase, failure } = useDice.getState();
  const { player, body, colours } = shown;
  const m = new Matrix4();
  const pos = new Vector3();
  const rot = new Quaternion();
  const scale = new Vector3();
  let k = 0;
  const throws = (player?.throws ?? []).map((t, i) => {
    const out = { shown: [] as number[], flat: [] as number[], dice: [] as { x: number; y: number; z: number }[] };
    for (let d = 0; d < t.plan.values.length; d++, k++) {
      if (!body) continue;
      body.getMatrixAt(k, m);
      m.decompose(pos, rot, scale);
      const drawn = scale.x > 0.5;
      const top = topFace(rot);
      out.shown.push(drawn ? top.value : 0);
      out.flat.push(drawn ? top.cos : 0);
      const o = t.plan.origin;
      const g = groundAt(t.plan.spec.ground, pos.x - o.x, pos.z + o.y).height + o.height;
      out.dice.push({ x: pos.x, y: -pos.z, z: pos.y - g });
    }
    return { purpose: t.plan.purpose, side: t.plan.side, colour: colours[i] ?? NEUTRAL, values: [...t.plan.values], at: { x: t.plan.origin.x, y: t.plan.origin.y }, ...out };
  });
  return { enabled, speed, keep, phase, failure, recordMs: shown.recordMs, throws };
}

function tableOf(bf: BattlefieldData): TableInfo {
  return { width: bf.width, depth: bf.depth, heightmap: bf.heightmap, features: bf.features };
}

/** Pips that stand out: dark on a light die, ivory on a dark one. */
function pipColour(body: Color): Color {
  const luminance = 0.2126 * body.r + 0.7152 * body.g + 0.0722 * body.b;
  return new Color(luminance > 0.45 ? '#161412' : '#f6f2e6');
}

export function DiceLayer({ battlefield }: { battlefield: BattlefieldData }) {
  const lastOrder = useApp((s) => s.lastOrder);
  const replaying = useApp((s) => s.replaying);
  const enabled = useDice((s) => s.enabled);
  /** The order whose dice were thrown (or are being recorded), so that none is thrown twice. */
  const thrownFor = useRef<number | null>(null);
  const [player, setPlayer] = useState<DicePlayer | null>(null);
  const [colours, setColours] = useState<string[]>([]);

  // A new order clears the dice on the table at once, then throws its own.
  useEffect(() => {
    setPlayer(null);
    useDice.setState({ phase: 'none' });
    const s = useApp.getState();
    // With "roll your own" dice the player has thrown real ones; a replay shows the log, not dice.
    if (!enabled || replaying || !lastOrder || lastOrder.id === thrownFor.current || !s.view || s.setup?.dice === 'manual') return;
    thrownFor.current = lastOrder.id;
    const state = s.view.state;
    const plans = planThrows(lastOrder.events, state, tableOf(battlefield), `${s.view.hash}/${lastOrder.id}`);
    if (plans.length === 0) return;
    let cancelled = false;
    let recorded = false;
    const skipAtStart = useDice.getState().skipTick;
    useDice.setState({ phase: 'recording', failure: null });
    setDiceRolling(true);
    diceWorker()
      .record(plans.map((p) => p.spec))
      .then(({ recordings, ms }) => {
        if (cancelled) return;
        recorded = true;
        const p = new DicePlayer(plans, recordings);
        if (useDice.getState().skipTick !== skipAtStart) p.skip();
        shown.recordMs = ms;
        setColours(plans.map((plan) => state.sides.find((x) => x.id === plan.side)?.colour ?? NEUTRAL));
        setPlayer(p);
        useDice.setState({ phase: 'rolling' });
      })
      .catch((e: unknown) => {
        if (cancelled) return;
        useDice.setState({ phase: 'none', failure: e instanceof Error ? e.message : String(e) });
        setDiceRolling(false);
      });
    return () => {
      cancelled = true;
      // Cut short before its dice were shown: the same order may throw them when asked again.
      if (!recorded && thrownFor.current === lastOrder.id) thrownFor.current = null;
      setDiceRolling(false);
    };
  }, [lastOrder, enabled, replaying, battlefield]);

  // Load Rapier in the worker, and map the ground dice avoid, a while after the table is up, so the
  // first throw need not wait for them.
  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => {
      groundMask(tableOf(battlefield));
      diceWorker()
        .warm()
        .catch(() => {
          // The first throw will try again and report what went wrong.
        });
    }, WARM_AFTER_MS);
    return () => clearTimeout(timer);
  }, [enabled, battlefield]);

  // Space jumps the rolling dice to rest (unless typing in a field).
  useEffect(() => {
    const key = (e: KeyboardEvent) => {
      if (e.code !== 'Space' && e.key !== ' ') return;
      const el = e.target as HTMLElement | null;
      if (el && (el.tagName === 'INPUT' || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT' || el.isContentEditable)) return;
      const phase = useDice.getState().phase;
      if (phase !== 'rolling' && phase !== 'recording') return;
      e.preventDefault();
      skipDice();
    };
    window.addEventListener('keydown', key);
    return () => window.removeEventListener('keydown', key);
  }, []);

  useEffect(() => {
    shown.player = player;
    shown.colours = colours;
    return () => {
      if (shown.player === player) shown.player = null;
    };
  }, [player, colours]);

  if (!player) return null;
  return <DiceMeshes key={`${lastOrder?.id}`} player={player} colours={colours} onGone={() => setPlayer(null)} />;
}

function DiceMeshes({ player, colours, onGone }: { player: DicePlayer; colours: string[]; onGone: () => void }) {
  const invalidate = useThree((s) => s.invalidate);
  const count = player.diceCount;
  const body = useRef<InstancedMesh>(null);
  const pips = useRef<InstancedMesh>(null);
  const shadows = useRef<InstancedMesh>(null);
  const geometry = useMemo(() => ({ body: dieBodyGeometry(DIE_SIZE), pips: diePipsGeometry(DIE_SIZE), shadow: shadowGeometry(DIE_SIZE) }), []);
  const materials = useMemo(
    () => ({
      body: new MeshStandardMaterial({ roughness: 0.38, metalness: 0 }),
      // Drawn just on the faces; the offset keeps them from flickering into the body far away.
      pips: new MeshStandardMaterial({ roughness: 0.8, metalness: 0, polygonOffset: true, polygonOffsetFactor: -2, polygonOffsetUnits: -2 }),
      shadow: new MeshBasicMaterial({ map: shadowTexture(), transparent: true, depthWrite: false, polygonOffset: true, polygonOffsetFactor: -4, polygonOffsetUnits: -4 }),
    }),
    [],
  );
  useEffect(
    () => () => {
      for (const g of Object.values(geometry)) g.dispose();
      materials.shadow.map?.dispose();
      for (const m of Object.values(materials)) m.dispose();
    },
    [geometry, materials],
  );

  // Colours per die: the thrower's side colour, pips to stand out on it.
  useLayoutEffect(() => {
    const b = body.current;
    const p = pips.current;
    if (!b || !p) return;
    // Nothing is drawn until the first frame places the dice.
    const s = shadows.current;
    const none = new Matrix4().makeScale(0, 0, 0);
    for (let j = 0; j < player.diceCount; j++) {
      b.setMatrixAt(j, none);
      p.setMatrixAt(j, none);
      s?.setMatrixAt(j, none);
    }
    let k = 0;
    const c = new Color();
    player.throws.forEach((t, i) => {
      c.set(colours[i] ?? NEUTRAL);
      for (let d = 0; d < t.plan.values.length; d++, k++) {
        b.setColorAt(k, c);
        p.setColorAt(k, pipColour(c));
      }
    });
    if (b.instanceColor) b.instanceColor.needsUpdate = true;
    if (p.instanceColor) p.instanceColor.needsUpdate = true;
    shown.body = b;
    invalidate();
    return () => {
      if (shown.body === b) shown.body = null;
    };
  }, [player, colours, invalidate]);

  const clock = useRef({ settledAt: -1, fadeFrom: -1, now: 0, skipTick: useDice.getState().skipTick });

  // Once settled: a pause for reading before the computer goes on, and a hold before fading.
  const phase = useDice((s) => s.phase);
  const speed = useDice((s) => s.speed);
  const keep = useDice((s) => s.keep);
  useEffect(() => {
    if (phase !== 'settled') return;
    const read = setTimeout(() => setDiceRolling(false), READ_S[speed] * 1000);
    if (keep) return () => clearTimeout(read);
    const hold = setTimeout(() => {
      clock.current.fadeFrom = -1;
      useDice.setState({ phase: 'fading' });
      invalidate();
    }, HOLD_S[speed] * 1000);
    return () => {
      clearTimeout(read);
      clearTimeout(hold);
    };
  }, [phase, speed, keep, invalidate]);

  const m = useMemo(() => new Matrix4(), []);
  const shadowM = useMemo(() => new Matrix4(), []);
  const pos = useMemo(() => new Vector3(), []);
  const rot = useMemo(() => new Quaternion(), []);
  const one = useMemo(() => new Vector3(1, 1, 1), []);
  const up = useMemo(() => new Vector3(0, 1, 0), []);
  const normal = useMemo(() => new Vector3(), []);
  const tilt = useMemo(() => new Quaternion(), []);
  const shadowAt = useMemo(() => new Vector3(), []);
  const shadowScale = useMemo(() => new Vector3(), []);
  const hidden = useMemo(() => new Matrix4().makeScale(0, 0, 0), []);

  useFrame((_, delta) => {
    const b = body.current;
    const p = pips.current;
    const s = shadows.current;
    if (!b || !p || !s) return;
    const dice = useDice.getState();
    const c = clock.current;
    // A frame after a long idle must not jump the dice ahead.
    const dt = Math.min(delta, 0.1);
    c.now += dt;
    if (dice.skipTick !== c.skipTick) {
      c.skipTick = dice.skipTick;
      player.skip();
    }
    if (!player.settled) player.advance(dt * RATE[dice.speed]);
    let k = 0;
    player.throws.forEach((t, i) => {
      const o = t.plan.origin;
      for (let d = 0; d < t.plan.values.length; d++, k++) {
        if (!player.pose(i, d, pos, rot)) {
          b.setMatrixAt(k, hidden);
          p.setMatrixAt(k, hidden);
          s.setMatrixAt(k, hidden);
          continue;
        }
        m.compose(pos, rot, one);
        b.setMatrixAt(k, m);
        p.setMatrixAt(k, m);
        // The shadow lies on the ground under the die, larger and fainter-looking as it rises.
        const g = groundAt(t.plan.spec.ground, pos.x - o.x, pos.z + o.y);
        const ground = g.height + o.height;
        normal.set(g.normal[0], g.normal[1], g.normal[2]);
        tilt.setFromUnitVectors(up, normal);
        const rise = Math.max(0, pos.y - ground - DIE_SIZE / 2);
        const spread = 1 + rise / (DIE_SIZE * 4);
        const above = pos.y - ground;
        shadowAt.set(pos.x + above * SHADOW_SLANT.x, ground + 0.3, pos.z + above * SHADOW_SLANT.z);
        shadowScale.set(spread, 1, spread);
        shadowM.compose(shadowAt, tilt, shadowScale);
        s.setMatrixAt(k, shadowM);
      }
    });
    b.instanceMatrix.needsUpdate = true;
    p.instanceMatrix.needsUpdate = true;
    s.instanceMatrix.needsUpdate = true;
    b.computeBoundingSphere();

    if (dice.phase === 'rolling') {
      if (player.settled) useDice.setState({ phase: 'settled' });
      else invalidate();
    } else if (dice.phase === 'fading') {
      if (c.fadeFrom < 0) {
        c.fadeFrom = c.now;
        for (const mat of [materials.body, materials.pips]) {
          mat.transparent = true;
          mat.needsUpdate = true;
        }
      }
      const left = 1 - (c.now - c.fadeFrom) / FADE_S;
      materials.body.opacity = materials.pips.opacity = materials.shadow.opacity = Math.max(0, left);
      if (left <= 0) {
        useDice.setState({ phase: 'none' });
        onGone();
      } else invalidate();
    }
  });

  useEffect(() => {
    invalidate();
  }, [player, invalidate]);

  return (
    <group name="dice">
      <instancedMesh
        ref={body}
        args={[geometry.body, materials.body, count]}
        frustumCulled={false}
        onClick={(e) => {
          // A click on a rolling die skips the roll; on settled dice it is a click on the table.
          if (useDice.getState().phase !== 'rolling') return;
          e.stopPropagation();
          skipDice();
        }}
      />
      <instancedMesh ref={pips} args={[geometry.pips, materials.pips, count]} frustumCulled={false} raycast={() => null} />
      <instancedMesh ref={shadows} args={[geometry.shadow, materials.shadow, count]} frustumCulled={false} renderOrder={1} raycast={() => null} />
    </group>
  );
}
