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
import { BufferGeometry, Color, InstancedMesh, Matrix4, MeshBasicMaterial, MeshStandardMaterial, Quaternion, Vector3 } from 'three';
import type { BattlefieldData } from '../../app/engineApi';
import { setDiceRolling, useApp } from '../../app/store';
import type { DiceApi } from '../../dice-physics/diceApi';
import { groundAt } from '../../dice-physics/ground';
import { DIE_SIZE, groundMask, planThrows, type TableInfo } from '../../dice-physics/plan';
import { dieTop, type PhysicalSides } from '../../dice-physics/polyhedra';
import { dieBodyGeometry, diePipsGeometry, shadowGeometry, shadowTexture } from './dieGeometry';
import { numberAtlas, polyBodyGeometry, polyNumbersGeometry } from './polyGeometry';
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
    /** The engine's die and values. */
    sides: number;
    values: number[];
    /** The die thrown on the table (a D3 is thrown as a D6) and the face each die must show. */
    die: number;
    faces: number[];
    /** The face on top of each die as drawn now (read from the drawn rotation), 0 before it is thrown. */
    shown: number[];
    /** How flat each drawn die lies: the cosine between its top face and straight up. */
    flat: number[];
    /** The tray's centre on the table, mm. */
    at: { x: number; y: number };
    /** Where each die is drawn, table mm (z: its centre's height above the ground under it). */
    dice: { x: number; y: number; z: number }[];
  }[];
}

/** The dice on show and their drawn bodies (one instanced mesh per kind of die), for the report. */
const shown: { player: DicePlayer | null; colours: string[]; bodies: Map<PhysicalSides, InstancedMesh>; recordMs: number | null } = {
  player: null,
  colours: [],
  bodies: new Map(),
  recordMs: null,
};

/** Where each die of a player's throws is drawn: its kind's meshes, and its place among them. */
function diceSlots(player: DicePlayer): { kind: PhysicalSides; index: number }[][] {
  const used = new Map<PhysicalSides, number>();
  return player.throws.map((t) =>
    t.plan.faces.map(() => {
      const index = used.get(t.plan.die) ?? 0;
      used.set(t.plan.die, index + 1);
      return { kind: t.plan.die, index };
    }),
  );
}

export function diceReport(): DiceReport {
  const { enabled, speed, keep, phase, failure } = useDice.getState();
  const { player, bodies, colours } = shown;
  const m = new Matrix4();
  const pos = new Vector3();
  const rot = new Quaternion();
  const scale = new Vector3();
  const slots = player ? diceSlots(player) : [];
  const throws = (player?.throws ?? []).map((t, i) => {
    const out = { shown: [] as number[], flat: [] as number[], dice: [] as { x: number; y: number; z: number }[] };
    for (let d = 0; d < t.plan.values.length; d++) {
      const slot = slots[i]![d]!;
      const body = bodies.get(slot.kind);
      if (!body) continue;
      body.getMatrixAt(slot.index, m);
      m.decompose(pos, rot, scale);
      const drawn = scale.x > 0.5;
      const top = dieTop(t.plan.die, rot);
      out.shown.push(drawn ? top.value : 0);
      out.flat.push(drawn ? top.cos : 0);
      const o = t.plan.origin;
      const g = groundAt(t.plan.spec.ground, pos.x - o.x, pos.z + o.y).height + o.height;
      out.dice.push({ x: pos.x, y: -pos.z, z: pos.y - g });
    }
    return { purpose: t.plan.purpose, side: t.plan.side, colour: colours[i] ?? NEUTRAL, sides: t.plan.sides, values: [...t.plan.values], die: t.plan.die, faces: [...t.plan.faces], at: { x: t.plan.origin.x, y: t.plan.origin.y }, ...out };
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

/** A kind of die's look: its body and its marks (the D6's pips, the others' numbers). */
function kindGeometry(kind: PhysicalSides): { body: BufferGeometry; marks: BufferGeometry } {
  if (kind === 6) return { body: dieBodyGeometry(DIE_SIZE), marks: diePipsGeometry(DIE_SIZE) };
  return { body: polyBodyGeometry(kind, DIE_SIZE), marks: polyNumbersGeometry(kind, DIE_SIZE) };
}

function DiceMeshes({ player, colours, onGone }: { player: DicePlayer; colours: string[]; onGone: () => void }) {
  const invalidate = useThree((s) => s.invalidate);
  const count = player.diceCount;
  const slots = useMemo(() => diceSlots(player), [player]);
  /** The kinds of die thrown, and how many of each. */
  const kinds = useMemo(() => {
    const n = new Map<PhysicalSides, number>();
    for (const t of player.throws) n.set(t.plan.die, (n.get(t.plan.die) ?? 0) + t.plan.faces.length);
    return [...n];
  }, [player]);
  const bodies = useRef(new Map<PhysicalSides, InstancedMesh>());
  const marks = useRef(new Map<PhysicalSides, InstancedMesh>());
  const shadows = useRef<InstancedMesh>(null);
  const geometry = useMemo(() => ({ kinds: new Map(kinds.map(([kind]) => [kind, kindGeometry(kind)])), shadow: shadowGeometry(DIE_SIZE) }), [kinds]);
  const materials = useMemo(
    () => ({
      body: new MeshStandardMaterial({ roughness: 0.38, metalness: 0 }),
      // Drawn just on the faces; the offset keeps them from flickering into the body far away.
      pips: new MeshStandardMaterial({ roughness: 0.8, metalness: 0, polygonOffset: true, polygonOffsetFactor: -2, polygonOffsetUnits: -2 }),
      numbers: new MeshStandardMaterial({ map: numberAtlas(), alphaTest: 0.45, roughness: 0.8, metalness: 0, polygonOffset: true, polygonOffsetFactor: -2, polygonOffsetUnits: -2 }),
      shadow: new MeshBasicMaterial({ map: shadowTexture(), transparent: true, depthWrite: false, polygonOffset: true, polygonOffsetFactor: -4, polygonOffsetUnits: -4 }),
    }),
    [],
  );
  useEffect(
    () => () => {
      for (const g of geometry.kinds.values()) {
        g.body.dispose();
        g.marks.dispose();
      }
      geometry.shadow.dispose();
    },
    [geometry],
  );
  useEffect(
    () => () => {
      materials.shadow.map?.dispose();
      materials.numbers.map?.dispose();
      for (const m of Object.values(materials)) m.dispose();
    },
    [materials],
  );

  // Colours per die: the thrower's side colour, marks to stand out on it.
  useLayoutEffect(() => {
    const s = shadows.current;
    if (kinds.some(([kind]) => !bodies.current.get(kind) || !marks.current.get(kind))) return;
    // Nothing is drawn until the first frame places the dice.
    const none = new Matrix4().makeScale(0, 0, 0);
    for (let j = 0; j < count; j++) s?.setMatrixAt(j, none);
    const c = new Color();
    player.throws.forEach((t, i) => {
      c.set(colours[i] ?? NEUTRAL);
      for (const slot of slots[i]!) {
        const b = bodies.current.get(slot.kind)!;
        const p = marks.current.get(slot.kind)!;
        b.setMatrixAt(slot.index, none);
        p.setMatrixAt(slot.index, none);
        b.setColorAt(slot.index, c);
        p.setColorAt(slot.index, pipColour(c));
      }
    });
    for (const m of [...bodies.current.values(), ...marks.current.values()]) if (m.instanceColor) m.instanceColor.needsUpdate = true;
    // The live map, not a copy: should the renderer make a mesh anew, the report reads the one drawn.
    shown.bodies = bodies.current;
    invalidate();
    return () => {
      if (shown.bodies === bodies.current) shown.bodies = new Map();
    };
  }, [player, colours, kinds, slots, count, invalidate]);

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
    const s = shadows.current;
    if (!s || kinds.some(([kind]) => !bodies.current.get(kind) || !marks.current.get(kind))) return;
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
        const slot = slots[i]![d]!;
        const b = bodies.current.get(slot.kind)!;
        const p = marks.current.get(slot.kind)!;
        if (!player.pose(i, d, pos, rot)) {
          b.setMatrixAt(slot.index, hidden);
          p.setMatrixAt(slot.index, hidden);
          s.setMatrixAt(k, hidden);
          continue;
        }
        m.compose(pos, rot, one);
        b.setMatrixAt(slot.index, m);
        p.setMatrixAt(slot.index, m);
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
    for (const mesh of [...bodies.current.values(), ...marks.current.values()]) mesh.instanceMatrix.needsUpdate = true;
    s.instanceMatrix.needsUpdate = true;
    for (const b of bodies.current.values()) b.computeBoundingSphere();

    if (dice.phase === 'rolling') {
      if (player.settled) useDice.setState({ phase: 'settled' });
      else invalidate();
    } else if (dice.phase === 'fading') {
      if (c.fadeFrom < 0) {
        c.fadeFrom = c.now;
        for (const mat of [materials.body, materials.pips, materials.numbers]) {
          mat.transparent = true;
          mat.needsUpdate = true;
        }
      }
      const left = 1 - (c.now - c.fadeFrom) / FADE_S;
      materials.body.opacity = materials.pips.opacity = materials.numbers.opacity = materials.shadow.opacity = Math.max(0, left);
      if (left <= 0) {
        useDice.setState({ phase: 'none' });
        onGone();
      } else invalidate();
    }
  });

  useEffect(() => {
    invalidate();
  }, [player, invalidate]);

  const skipOnClick = (e: { stopPropagation(): void }) => {
    // A click on a rolling die skips the roll; on settled dice it is a click on the table.
    if (useDice.getState().phase !== 'rolling') return;
    e.stopPropagation();
    skipDice();
  };
  return (
    <group name="dice">
      {kinds.map(([kind, n]) => {
        const g = geometry.kinds.get(kind)!;
        return (
          <group key={kind} name={`d${kind}`}>
            <instancedMesh
              ref={(mesh) => {
                if (mesh) bodies.current.set(kind, mesh);
                else bodies.current.delete(kind);
              }}
              args={[g.body, materials.body, n]}
              frustumCulled={false}
              onClick={skipOnClick}
            />
            <instancedMesh
              ref={(mesh) => {
                if (mesh) marks.current.set(kind, mesh);
                else marks.current.delete(kind);
              }}
              args={[g.marks, kind === 6 ? materials.pips : materials.numbers, n]}
              frustumCulled={false}
              raycast={() => null}
            />
          </group>
        );
      })}
      <instancedMesh ref={shadows} args={[geometry.shadow, materials.shadow, count]} frustumCulled={false} renderOrder={1} raycast={() => null} />
    </group>
  );
}
