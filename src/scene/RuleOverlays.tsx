/**
 * The ruleset's shapes on the table (zones, ranges, arcs), draped a little above the ground. The
 * shapes are plain data from the worker (`Ruleset.overlays`): this component only turns polygons,
 * discs, rings and lines into flat meshes that follow the relief. It knows no rules.
 */

import { useEffect, useMemo } from 'react';
import { useThree } from '@react-three/fiber';
import { BufferGeometry, DoubleSide, Float32BufferAttribute, ShapeUtils, Vector2, Vector3 } from 'three';
import type { BattlefieldData } from '../app/engineApi';
import type { Overlay } from '../core/ruleset';
import type { Vec2 } from '../core/geometry';
import { groundHeight } from './terrainGeometry';
import { toWorld } from './coords';

/** Height above the ground the shapes are drawn at, mm (under the figures, over the grass). */
const LIFT = 1.6;
/** Longest triangle edge of a filled shape, mm, so it follows hills rather than cutting through them. */
const MAX_EDGE = 24;
/** Width of drawn lines and rings, mm. */
const LINE_WIDTH = 3;
const RING_WIDTH = 4;

type Tri = [Vec2, Vec2, Vec2];

const mid = (a: Vec2, b: Vec2): Vec2 => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
const len = (a: Vec2, b: Vec2): number => Math.hypot(a.x - b.x, a.y - b.y);

/** Split a triangle into four until no edge is longer than MAX_EDGE. */
function subdivide(t: Tri, out: Tri[], depth = 0): void {
  const [a, b, c] = t;
  if (depth >= 8 || Math.max(len(a, b), len(b, c), len(c, a)) <= MAX_EDGE) {
    out.push(t);
    return;
  }
  const ab = mid(a, b);
  const bc = mid(b, c);
  const ca = mid(c, a);
  subdivide([a, ab, ca], out, depth + 1);
  subdivide([ab, b, bc], out, depth + 1);
  subdivide([ca, bc, c], out, depth + 1);
  subdivide([ab, bc, ca], out, depth + 1);
}

function drapedTriangles(bf: BattlefieldData, tris: Tri[]): BufferGeometry {
  const positions: number[] = [];
  const v = new Vector3();
  for (const t of tris) {
    for (const p of t) {
      toWorld(p.x, p.y, groundHeight(bf, p.x, p.y) + LIFT, v);
      positions.push(v.x, v.y, v.z);
    }
  }
  const g = new BufferGeometry();
  g.setAttribute('position', new Float32BufferAttribute(positions, 3));
  return g;
}

/** A filled polygon (any simple outline), triangulated and draped. */
export function polygonTriangles(points: readonly Vec2[]): Tri[] {
  const pts = points.length > 1 && len(points[0]!, points[points.length - 1]!) < 1e-6 ? points.slice(0, -1) : [...points];
  if (pts.length < 3) return [];
  const contour = pts.map((p) => new Vector2(p.x, p.y));
  const faces = ShapeUtils.triangulateShape(contour, []);
  const out: Tri[] = [];
  for (const [i, j, k] of faces) subdivide([pts[i!]!, pts[j!]!, pts[k!]!], out);
  return out;
}

/** A band of `width` along a polyline, split into short pieces so it follows the ground. */
function bandTriangles(points: readonly Vec2[], width: number): Tri[] {
  const out: Tri[] = [];
  const h = width / 2;
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i]!;
    const b = points[i + 1]!;
    const d = len(a, b);
    if (d < 1e-6) continue;
    const nx = (-(b.y - a.y) / d) * h;
    const ny = ((b.x - a.x) / d) * h;
    const steps = Math.max(1, Math.ceil(d / MAX_EDGE));
    for (let s = 0; s < steps; s++) {
      const p = { x: a.x + ((b.x - a.x) * s) / steps, y: a.y + ((b.y - a.y) * s) / steps };
      const q = { x: a.x + ((b.x - a.x) * (s + 1)) / steps, y: a.y + ((b.y - a.y) * (s + 1)) / steps };
      const p1 = { x: p.x + nx, y: p.y + ny };
      const p2 = { x: p.x - nx, y: p.y - ny };
      const q1 = { x: q.x + nx, y: q.y + ny };
      const q2 = { x: q.x - nx, y: q.y - ny };
      out.push([p1, p2, q2], [p1, q2, q1]);
    }
  }
  return out;
}

function circlePoints(c: Vec2, r: number): Vec2[] {
  const n = Math.max(32, Math.min(256, Math.round((2 * Math.PI * r) / 10)));
  const out: Vec2[] = [];
  for (let i = 0; i <= n; i++) {
    const a = (i / n) * Math.PI * 2;
    out.push({ x: c.x + Math.cos(a) * r, y: c.y + Math.sin(a) * r });
  }
  return out;
}

/** The part of a polygon on the table (Sutherland–Hodgman against the table's four edges). */
function clipToTable(points: readonly Vec2[], w: number, d: number): Vec2[] {
  const edges: [(p: Vec2) => number][] = [[(p) => p.x], [(p) => w - p.x], [(p) => p.y], [(p) => d - p.y]];
  let out = [...points];
  for (const [inside] of edges) {
    const next: Vec2[] = [];
    for (let i = 0; i < out.length; i++) {
      const a = out[i]!;
      const b = out[(i + 1) % out.length]!;
      const da = inside(a);
      const db = inside(b);
      if (da >= 0) next.push(a);
      if (da >= 0 !== db >= 0) {
        const t = da / (da - db);
        next.push({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
      }
    }
    out = next;
    if (out.length < 3) return [];
  }
  return out;
}

/** A polyline cut into the runs that lie on the table. */
function runsOnTable(points: readonly Vec2[], w: number, d: number): Vec2[][] {
  const on = (p: Vec2) => p.x >= 0 && p.y >= 0 && p.x <= w && p.y <= d;
  const runs: Vec2[][] = [];
  let run: Vec2[] = [];
  for (const p of points) {
    if (on(p)) run.push(p);
    else {
      if (run.length > 1) runs.push(run);
      run = [];
    }
  }
  if (run.length > 1) runs.push(run);
  return runs;
}

interface Piece {
  geometry: BufferGeometry;
  colour: string;
  opacity: number;
}

/** The meshes for one overlay: a fill and its outline for areas, a band for lines and rings. */
/** Bands along the parts of a polyline on the table. */
function lineTriangles(bf: BattlefieldData, points: readonly Vec2[], width: number): Tri[] {
  return runsOnTable(points, bf.width, bf.depth).flatMap((run) => bandTriangles(run, width));
}

/** A filled area cut to the table, with its outline (where the outline lies on the table). */
function areaPieces(bf: BattlefieldData, outline: readonly Vec2[], colour: string, opacity: number): Piece[] {
  const edgeOpacity = Math.min(0.9, opacity * 3 + 0.1);
  const inside = clipToTable(outline, bf.width, bf.depth);
  if (inside.length < 3) return [];
  const closed = [...outline, outline[0]!];
  return [
    { geometry: drapedTriangles(bf, polygonTriangles(inside)), colour, opacity },
    { geometry: drapedTriangles(bf, lineTriangles(bf, closed, LINE_WIDTH * 0.7)), colour, opacity: edgeOpacity },
  ];
}

function piecesOf(bf: BattlefieldData, o: Overlay): Piece[] {
  const opacity = o.opacity ?? 0.5;
  switch (o.kind) {
    case 'polygon':
      if (!o.points || o.points.length < 3) return [];
      return areaPieces(bf, o.points, o.colour, opacity);
    case 'circle':
      if (!o.centre || !o.radius) return [];
      return areaPieces(bf, circlePoints(o.centre, o.radius).slice(0, -1), o.colour, opacity);
    case 'ring':
      if (!o.centre || !o.radius) return [];
      return [{ geometry: drapedTriangles(bf, lineTriangles(bf, circlePoints(o.centre, o.radius), RING_WIDTH)), colour: o.colour, opacity }];
    case 'line':
      if (!o.points || o.points.length < 2) return [];
      return [{ geometry: drapedTriangles(bf, lineTriangles(bf, o.points, LINE_WIDTH)), colour: o.colour, opacity }];
  }
}

export function RuleOverlays({ battlefield, overlays }: { battlefield: BattlefieldData; overlays: Overlay[] }) {
  const invalidate = useThree((s) => s.invalidate);
  const pieces = useMemo(() => overlays.flatMap((o) => piecesOf(battlefield, o)), [battlefield, overlays]);
  useEffect(() => {
    invalidate();
    return () => {
      for (const p of pieces) p.geometry.dispose();
    };
  }, [pieces, invalidate]);
  return (
    <group name="rule-overlays">
      {pieces.map((p, i) => (
        <mesh key={i} geometry={p.geometry} raycast={() => null} renderOrder={2}>
          <meshBasicMaterial color={p.colour} transparent opacity={p.opacity} side={DoubleSide} depthWrite={false} polygonOffset polygonOffsetFactor={-4} polygonOffsetUnits={-4} />
        </mesh>
      ))}
    </group>
  );
}
