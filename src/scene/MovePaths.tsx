/**
 * The ways units took in the last order, as its events carry them (`data.path`, see
 * core/eventPaths.ts): drawn on the ground until the next order, so a way bent round a wood or a
 * building can be followed after the move. It draws the engine's points and judges nothing.
 */

import { useEffect, useMemo } from 'react';
import { useThree } from '@react-three/fiber';
import { DoubleSide } from 'three';
import type { BattlefieldData } from '../app/engineApi';
import type { GameEvent } from '../core/model';
import { eventPaths } from '../core/eventPaths';
import { pathGeometry, WAY_COLOUR } from './Overlays';

export function MovePaths({ battlefield, events }: { battlefield: BattlefieldData; events: readonly GameEvent[] | null }) {
  const invalidate = useThree((s) => s.invalidate);
  const geometries = useMemo(() => (events ? eventPaths(events).map((p) => pathGeometry(battlefield, p, 4)) : []), [battlefield, events]);
  useEffect(() => {
    invalidate();
    return () => geometries.forEach((g) => g.dispose());
  }, [geometries, invalidate]);
  return (
    <group name="move-paths">
      {geometries.map((g, i) => (
        <mesh key={i} geometry={g} raycast={() => null}>
          <meshBasicMaterial color={WAY_COLOUR} transparent opacity={0.8} side={DoubleSide} depthWrite={false} />
        </mesh>
      ))}
    </group>
  );
}
