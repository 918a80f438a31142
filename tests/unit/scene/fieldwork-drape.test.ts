/**
 * A field fortification laid across a steep hill's rim is drawn as a chain of short links draped on
 * the ground (terrainPieces.ts `drapedLine`): each link is sheared from one joint on the ground to
 * the next, its ends upright, so neighbours meet end to end with no step and no gap.
 */

import { describe, expect, it } from 'vitest';
import type { BattlefieldData } from '../../../src/app/engineApi';
import { placePieces, type Piece } from '../../../src/scene/terrainPieces';
import { groundHeight } from '../../../src/scene/terrainGeometry';

/** 200 mm × 200 mm of ground on a 5 mm grid: flat at 0 below y = 90 mm, a steep rise of 30 mm to y = 110 mm, a plateau beyond. */
function rim(): BattlefieldData {
  const cell = 5;
  const cols = 41;
  const rows = 41;
  const heights = new Float32Array(cols * rows);
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) heights[r * cols + c] = Math.max(0, Math.min(30, ((r * cell - 90) / 20) * 30));
  return { spec: { seed: 'rim', width: 200, depth: 200, cellSize: cell, hills: 0, woods: 0, river: false, road: false, fields: false, relief: 0 }, width: 200, depth: 200, heightmap: { cols, rows, cellSize: cell, originX: 0, originY: 0, heights }, features: [] };
}

/** The two ends of a link's base line, from its middle, yaw, slope and run (the link is sheared, its ends upright). */
function ends(p: Piece): [{ x: number; y: number; z: number }, { x: number; y: number; z: number }] {
  const half = p.sx / 2;
  const d = { x: Math.cos(p.yaw) * half, y: Math.sin(p.yaw) * half, z: Math.tan(p.pitch ?? 0) * half };
  return [
    { x: p.x - d.x, y: p.y - d.y, z: p.z - d.z },
    { x: p.x + d.x, y: p.y + d.y, z: p.z + d.z },
  ];
}

describe('a field fortification across a steep rim', () => {
  // A 6" section (152.4 mm) running straight up the slope, across the rim, its bank 25 mm wide.
  const work = { id: 'works-b-fieldwork-1', kind: 'fieldwork', line: [{ x: 100, y: 24 }, { x: 100, y: 176.4 }], width: 25, height: 11, facing: 0 };

  it('is a chain of links no longer than 6 mm whose ends meet exactly: no step, no gap', () => {
    const links = placePieces(rim(), work);
    expect(links.length).toBe(26);
    for (const l of links) expect(l.sx).toBeLessThanOrEqual(6 + 1e-9);
    for (let i = 0; i + 1 < links.length; i++) {
      const [, end] = ends(links[i]!);
      const [start] = ends(links[i + 1]!);
      expect(Math.hypot(end.x - start.x, end.y - start.y, end.z - start.z)).toBeLessThan(1e-9);
    }
    // The first starts and the last ends where the section does.
    expect(ends(links[0]!)[0].y).toBeCloseTo(24, 9);
    expect(ends(links[links.length - 1]!)[1].y).toBeCloseTo(176.4, 9);
  });

  it('follows the ground: each joint 0.6 mm into the lowest ground across the bank, the links tilted up the slope', () => {
    const bf = rim();
    const links = placePieces(bf, work);
    for (const l of links) {
      for (const e of ends(l)) {
        // The line runs along y: across it is x, the bank's front and back edges 12.5 mm either side.
        const lowest = Math.min(groundHeight(bf, e.x - 12.5, e.y), groundHeight(bf, e.x, e.y), groundHeight(bf, e.x + 12.5, e.y));
        expect(e.z).toBeCloseTo(lowest - 0.6, 6);
      }
    }
    // On the flat below and the plateau above the links lie level; on the slope they climb 1.5 mm a mm.
    expect(links[0]!.pitch).toBe(0);
    expect(links[links.length - 1]!.pitch).toBe(0);
    const steepest = Math.max(...links.map((l) => l.pitch ?? 0));
    expect(steepest).toBeCloseTo(Math.atan(1.5), 6);
    // The whole rise, 30 mm, is climbed link by link.
    const [first] = ends(links[0]!);
    const [, last] = ends(links[links.length - 1]!);
    expect(last.z - first.z).toBeCloseTo(30, 6);
  });
});
