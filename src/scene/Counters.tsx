/**
 * Counters: units of kind 'marker' (things a side may not see, such as hidden-movement counters).
 * Units.tsx draws their bare base in the side's colours and makes it clickable; this lays a flat
 * token on the base with the last word of the unit's name (its number) painted on it. The scene
 * knows nothing of what a counter hides: only the kind and the name.
 */

import { useEffect, useMemo, useRef } from 'react';
import { useFrame } from '@react-three/fiber';
import { CanvasTexture, SRGBColorSpace, type Mesh } from 'three';
import type { GameState, Unit } from '../core/model';
import type { BattlefieldData } from '../app/engineApi';
import { displayPoses } from './Units';
import { groundHeight } from './terrainGeometry';
import { toWorld } from './coords';

/** Height of the token's face above the ground, mm (just over the 2.4 mm base). */
const FACE_MM = 2.7;

/** What the counter shows: the last word of its name ("Counter 7" shows 7). */
export function counterLabel(name: string): string {
  const words = name.trim().split(/\s+/);
  return words[words.length - 1] ?? name;
}

function labelTexture(text: string, colour: string): CanvasTexture {
  const canvas = document.createElement('canvas');
  canvas.width = 128;
  canvas.height = 128;
  const g = canvas.getContext('2d');
  if (g) {
    g.fillStyle = '#f2ead2';
    g.fillRect(0, 0, 128, 128);
    g.lineWidth = 12;
    g.strokeStyle = colour;
    g.strokeRect(6, 6, 116, 116);
    g.fillStyle = '#1d1a14';
    g.font = `bold ${text.length > 2 ? 48 : 64}px sans-serif`;
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.fillText(text, 64, 68);
  }
  const t = new CanvasTexture(canvas);
  t.colorSpace = SRGBColorSpace;
  return t;
}

function CounterFace({ unit, colour, battlefield }: { unit: Unit; colour: string; battlefield: BattlefieldData }) {
  const text = counterLabel(unit.name);
  const texture = useMemo(() => labelTexture(text, colour), [text, colour]);
  useEffect(() => () => texture.dispose(), [texture]);
  const ref = useRef<Mesh>(null);
  const stand = unit.stands[0];
  const size = stand ? Math.min(stand.width, stand.depth) * 0.92 : 20;
  // Follow the base as Units.tsx animates it.
  useFrame(() => {
    const m = ref.current;
    if (!m) return;
    const pose = displayPoses.get(unit.id) ?? unit;
    toWorld(pose.x, pose.y, groundHeight(battlefield, pose.x, pose.y) + FACE_MM, m.position);
  });
  return (
    <mesh
      ref={ref}
      position={toWorld(unit.x, unit.y, groundHeight(battlefield, unit.x, unit.y) + FACE_MM)}
      rotation={[-Math.PI / 2, 0, 0]}
      raycast={() => null}
      name={`counter-${unit.id}`}
    >
      <planeGeometry args={[size, size]} />
      <meshBasicMaterial map={texture} toneMapped={false} />
    </mesh>
  );
}

export function Counters({ state, battlefield }: { state: GameState; battlefield: BattlefieldData }) {
  const markers = useMemo(() => state.units.filter((u) => u.kind === 'marker' && !u.removed && !u.carriedBy), [state]);
  const colours = useMemo(() => new Map(state.sides.map((s) => [s.id, s.colour])), [state]);
  if (markers.length === 0) return null;
  return (
    <group name="counters">
      {markers.map((u) => (
        <CounterFace key={u.id} unit={u} colour={colours.get(u.side) ?? '#888888'} battlefield={battlefield} />
      ))}
    </group>
  );
}
