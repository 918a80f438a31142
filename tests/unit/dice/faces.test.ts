/**
 * The face mapping of the six-sided die: the value on top read from an orientation, and the turn of
 * the die's picture that makes a die which landed with face k up show the engine's value v.
 */

import { describe, expect, it } from 'vitest';
import { Quaternion, Vector3 } from 'three';
import { D6_FACES, faceNormal, faceSwap, pipLayout, shownRotation, topFace } from '../../../src/dice-physics/d6';
import { Rng } from '../../../src/core/random';

const UP = new Vector3(0, 1, 0);

/** A body orientation with face `k` up, turned by `yaw` about the vertical and tilted a little. */
function landedWith(k: number, yaw: number, tilt = 0): Quaternion {
  const faceUp = new Quaternion().setFromUnitVectors(faceNormal(k), UP);
  const turn = new Quaternion().setFromAxisAngle(UP, yaw);
  const lean = new Quaternion().setFromAxisAngle(new Vector3(1, 0, 0), tilt);
  return lean.multiply(turn).multiply(faceUp);
}

describe('the six-sided die', () => {
  it('has the values 1 to 6 on its faces, opposite faces adding to 7, and 1-2-3 counter-clockwise round their corner', () => {
    expect(D6_FACES.map((f) => f.value).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    for (const f of D6_FACES) expect(faceNormal(7 - f.value).clone().add(f.normal).length()).toBeCloseTo(0, 9);
    const [one, two, three] = [faceNormal(1), faceNormal(2), faceNormal(3)];
    expect(one.dot(new Vector3().crossVectors(two, three))).toBeCloseTo(1, 9);
    expect(pipLayout(1)).toHaveLength(1);
    expect(pipLayout(6)).toHaveLength(6);
    expect(() => faceNormal(7)).toThrow(/no face 7/);
  });

  it('reads the value on top from an orientation', () => {
    for (const f of D6_FACES) {
      const top = topFace(landedWith(f.value, 0.7));
      expect(top.value).toBe(f.value);
      expect(top.cos).toBeCloseTo(1, 6);
    }
    // Tilted by 20° (a die flat on a slope) it still reads the same face.
    expect(topFace(landedWith(5, 2.1, (20 * Math.PI) / 180))).toEqual({ value: 5, cos: expect.closeTo(Math.cos((20 * Math.PI) / 180), 6) });
  });

  it('turns a die that landed showing k so that it shows v, for every k and v, from any landing', () => {
    const rng = new Rng('faces');
    for (let landed = 1; landed <= 6; landed++) {
      for (let wanted = 1; wanted <= 6; wanted++) {
        for (let trial = 0; trial < 4; trial++) {
          const body = landedWith(landed, rng.float() * 2 * Math.PI, (rng.float() - 0.5) * 0.5);
          expect(topFace(body).value).toBe(landed);
          const shown = topFace(shownRotation(body, landed, wanted));
          expect(shown.value, `landed ${landed}, wanted ${wanted}`).toBe(wanted);
          // The picture is turned by a symmetry of the cube: it lies exactly where the body lies.
          expect(shown.cos).toBeCloseTo(topFace(body).cos, 6);
        }
      }
    }
  });

  it('turns the picture only by rotations of the cube onto itself', () => {
    for (let landed = 1; landed <= 6; landed++) {
      for (let wanted = 1; wanted <= 6; wanted++) {
        const q = faceSwap(landed, wanted);
        for (const f of D6_FACES) {
          const moved = f.normal.clone().applyQuaternion(q);
          // Every face normal goes to another face normal.
          expect(D6_FACES.some((g) => g.normal.distanceTo(moved) < 1e-9)).toBe(true);
        }
      }
    }
  });
});
