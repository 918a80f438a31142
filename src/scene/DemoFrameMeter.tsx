/**
 * Main-thread time per frame during a demonstration, as performance marks: a mark when the frame's
 * callbacks begin and a measure named `tricorne-frame` when three.js has drawn it. The browser test
 * and anyone with the dev tools read the medians from the performance timeline. Only a running
 * demonstration is measured, and the oldest entries are cleared so the timeline stays small.
 */

import { useEffect } from 'react';
import { useFrame, useThree } from '@react-three/fiber';
import { useApp } from '../app/store';

export const FRAME_MARK = 'tricorne-frame-start';
export const FRAME_MEASURE = 'tricorne-frame';
/** Frames kept in the timeline before it is cleared. */
const KEEP_FRAMES = 5000;

export function DemoFrameMeter() {
  const scene = useThree((s) => s.scene);
  const demo = useApp((s) => s.demo !== null);

  // A negative priority runs before every other frame callback (and leaves the drawing to the canvas).
  useFrame(() => {
    if (demo) performance.mark(FRAME_MARK);
  }, -1);

  useEffect(() => {
    if (!demo) return;
    const before = scene.onAfterRender;
    scene.onAfterRender = (...args) => {
      before.apply(scene, args);
      if (performance.getEntriesByName(FRAME_MARK, 'mark').length === 0) return;
      performance.measure(FRAME_MEASURE, FRAME_MARK);
      performance.clearMarks(FRAME_MARK);
      if (performance.getEntriesByName(FRAME_MEASURE, 'measure').length > KEEP_FRAMES) performance.clearMeasures(FRAME_MEASURE);
    };
    return () => {
      scene.onAfterRender = before;
    };
  }, [demo, scene]);
  return null;
}
