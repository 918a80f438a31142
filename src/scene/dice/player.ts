/**
 * Playing recorded throws back: each throw starts a moment after the one before, every die follows
 * its recorded path (interpolated between the recorded frames), and its picture is turned by the
 * die's symmetry that makes it land showing the engine's value. Plain objects, no React, so the
 * tests can play a throw through in Node.
 */

import { Quaternion, Vector3 } from 'three';
import { dieSwap, dieTop } from '../../dice-physics/polyhedra';
import type { ThrowPlan } from '../../dice-physics/plan';
import type { ThrowRecording } from '../../dice-physics/record';
import { toWorld } from '../coords';

/** Seconds between the starts of an order's throws. */
export const STAGGER_S = 0.45;

export interface PlayedThrow {
  plan: ThrowPlan;
  recording: ThrowRecording;
  /** Throw time (s) at which it leaves the hand. */
  start: number;
  /** Per die: the turn of its picture relative to its body. */
  swaps: Quaternion[];
}

const a = new Vector3();
const b = new Vector3();
const qa = new Quaternion();
const qb = new Quaternion();

export class DicePlayer {
  /** Throw time, s: advanced by the page's clock times the speed. */
  time = 0;
  readonly throws: PlayedThrow[];
  /** The throw time at which the last die comes to rest. */
  readonly end: number;
  readonly diceCount: number;

  constructor(plans: readonly ThrowPlan[], recordings: readonly ThrowRecording[]) {
    if (plans.length !== recordings.length) throw new Error(`${plans.length} throws planned but ${recordings.length} recorded`);
    this.throws = plans.map((plan, i) => {
      const recording = recordings[i]!;
      if (recording.count !== plan.values.length) throw new Error(`throw ${i + 1}: ${plan.values.length} dice planned, ${recording.count} recorded`);
      if (recording.sides !== plan.die) throw new Error(`throw ${i + 1}: a D${plan.die} planned, a D${recording.sides} recorded`);
      const swaps = plan.faces.map((face, d) => dieSwap(plan.die, recording.landed[d]!, face));
      return { plan, recording, start: i * STAGGER_S, swaps };
    });
    this.end = this.throws.reduce((m, t) => Math.max(m, t.start + (t.recording.frames - 1) / t.recording.hz), 0);
    this.diceCount = plans.reduce((n, p) => n + p.values.length, 0);
  }

  advance(seconds: number): void {
    this.time = Math.min(this.end, this.time + seconds);
  }

  /** Jump to the end: every die where it comes to rest. */
  skip(): void {
    this.time = this.end;
  }

  get settled(): boolean {
    return this.time >= this.end;
  }

  /**
   * Where die `die` of throw `index` is drawn now, in world coordinates, with its picture turned to
   * show the engine's value. False before its throw has left the hand.
   */
  pose(index: number, die: number, position: Vector3, rotation: Quaternion): boolean {
    const t = this.throws[index]!;
    const local = this.time - t.start;
    if (local < 0) return false;
    const rec = t.recording;
    const f = Math.min(rec.frames - 1, local * rec.hz);
    const f0 = Math.floor(f);
    const f1 = Math.min(rec.frames - 1, f0 + 1);
    const w = f - f0;
    const p = rec.poses;
    const k0 = (f0 * rec.count + die) * 7;
    const k1 = (f1 * rec.count + die) * 7;
    a.set(p[k0]!, p[k0 + 1]!, p[k0 + 2]!);
    b.set(p[k1]!, p[k1 + 1]!, p[k1 + 2]!);
    qa.set(p[k0 + 3]!, p[k0 + 4]!, p[k0 + 5]!, p[k0 + 6]!);
    qb.set(p[k1 + 3]!, p[k1 + 4]!, p[k1 + 5]!, p[k1 + 6]!);
    const o = t.plan.origin;
    toWorld(o.x, o.y, o.height, position).add(a.lerp(b, w));
    rotation.copy(qa.slerp(qb, w)).multiply(t.swaps[die]!);
    return true;
  }

  /** The face on top of each die of a throw as drawn now (0 for a die not yet thrown), and how flat it lies. */
  shown(index: number): { value: number; cos: number }[] {
    const t = this.throws[index]!;
    const pos = new Vector3();
    const rot = new Quaternion();
    return t.plan.values.map((_, d) => (this.pose(index, d, pos, rot) ? dieTop(t.plan.die, rot) : { value: 0, cos: 0 }));
  }
}
