/**
 * The polyhedral dice: each solid is what its name says (faces, corners, flat faces), carries its
 * values as printed dice do, turns onto itself only by its true symmetries, and for every face that
 * may land up and every value the engine may want, a symmetry turns the picture to show that value.
 */

import { describe, expect, it } from 'vitest';
import { Quaternion, Vector3 } from 'three';
import { dieShape, dieSwap, dieTop, physicalDie, readDirection, restingCos, type PhysicalSides } from '../../../src/dice-physics/polyhedra';
import { Rng } from '../../../src/core/random';

const UP = new Vector3(0, 1, 0);
const SOLIDS: { sides: PhysicalSides; corners: number; cornersPerFace: number; turns: number }[] = [
  { sides: 4, corners: 4, cornersPerFace: 3, turns: 12 },
  { sides: 6, corners: 8, cornersPerFace: 4, turns: 24 },
  { sides: 8, corners: 6, cornersPerFace: 3, turns: 24 },
  { sides: 10, corners: 12, cornersPerFace: 4, turns: 10 },
  { sides: 12, corners: 20, cornersPerFace: 5, turns: 60 },
  { sides: 20, corners: 12, cornersPerFace: 3, turns: 60 },
];

/** A body orientation with `value` showing, turned about the vertical by `yaw`. */
function showing(sides: PhysicalSides, value: number, yaw: number): Quaternion {
  const s = dieShape(sides);
  return new Quaternion().setFromAxisAngle(UP, yaw).multiply(new Quaternion().setFromUnitVectors(readDirection(s, value), UP));
}

describe('the polyhedral dice', () => {
  for (const solid of SOLIDS) {
    it(`D${solid.sides}: its faces, values and symmetries`, () => {
      const s = dieShape(solid.sides);
      expect(s.vertices).toHaveLength(solid.corners);
      expect(s.faces).toHaveLength(solid.sides);
      for (const f of s.faces) {
        expect(f.ring).toHaveLength(solid.cornersPerFace);
        // Every corner of a face lies on its plane, and every other corner below it (convex).
        const d = s.vertices[f.ring[0]!]!.dot(f.normal);
        for (const i of f.ring) expect(s.vertices[i]!.dot(f.normal)).toBeCloseTo(d, 9);
        for (const [i, v] of s.vertices.entries()) if (!f.ring.includes(i)) expect(v.dot(f.normal)).toBeLessThan(d - 1e-6);
        expect(d).toBeCloseTo(s.inradius, 9);
      }
      const values = solid.sides === 4 ? s.cornerValues : s.faces.map((f) => f.value);
      expect([...values].sort((a, b) => a - b)).toEqual(Array.from({ length: solid.sides }, (_, i) => i + 1));
      if (solid.sides !== 4) {
        // Opposite faces add to sides + 1, as on printed dice.
        for (const f of s.faces) {
          const o = s.faces.find((g) => g.normal.dot(f.normal) < -0.999999)!;
          expect(f.value + o.value).toBe(solid.sides + 1);
        }
      }
      expect(s.symmetries).toHaveLength(solid.turns);
    });
  }

  it('reads the value up, and turns a die that landed showing one value to show any other', () => {
    const rng = new Rng('polyhedra');
    for (const { sides } of SOLIDS) {
      for (let landed = 1; landed <= sides; landed++) {
        for (let wanted = 1; wanted <= sides; wanted++) {
          const body = showing(sides, landed, rng.float() * 2 * Math.PI);
          expect(dieTop(sides, body).value).toBe(landed);
          const q = dieSwap(sides, landed, wanted);
          const shown = dieTop(sides, body.clone().multiply(q));
          expect(shown.value, `D${sides} landed ${landed}, wanted ${wanted}`).toBe(wanted);
          expect(shown.cos).toBeCloseTo(1, 6);
          // Only a symmetry: the face down still lies flat on the ground.
          expect(restingCos(sides, body.clone().multiply(q), [0, 1, 0])).toBeCloseTo(restingCos(sides, body, [0, 1, 0]), 6);
        }
      }
    }
  });

  it('rests a die flat on a face when its value is read, the D4 on the face under its top corner', () => {
    for (const { sides } of SOLIDS) {
      for (let v = 1; v <= sides; v++) expect(restingCos(sides, showing(sides, v, 0.3), [0, 1, 0]), `D${sides} showing ${v}`).toBeCloseTo(1, 6);
    }
  });

  it('throws a D3 as a D6 read halved, and has no body for a D100', () => {
    expect(physicalDie(3, 1, 0.2)).toEqual({ sides: 6, face: 1 });
    expect(physicalDie(3, 1, 0.7)).toEqual({ sides: 6, face: 2 });
    expect(physicalDie(3, 3, 0.2)).toEqual({ sides: 6, face: 5 });
    expect(physicalDie(10, 7, 0.2)).toEqual({ sides: 10, face: 7 });
    expect(physicalDie(100, 42, 0.2)).toBeNull();
  });
});
