/**
 * Men: a body in a pose, headgear, weapons and flags, at three levels of detail. Units are a
 * standing man's height (1.0); +x forward, +y up, +z to the figure's right. Proportions follow
 * the miniatures rather than life: big heads, hands and hats read better at table distance.
 */

import { IcosahedronGeometry, OctahedronGeometry, TorusGeometry } from 'three';
import type { Region } from '../../src/scene/paint';
import { ball, bar, box, cone, cyl, hexa, Mesh, quad, rod, taper, tri, type V3 } from './geom';

export type Lod = 0 | 1 | 2;

export interface Arm {
  elbow: V3;
  hand: V3;
}

export interface Pose {
  legs: 'stand' | 'stride' | 'seated';
  left: Arm;
  right: Arm;
  /** Where the head sits (its centre); standing men keep the default. */
  head?: V3;
}

export interface Dress {
  /** Long trousers and short boots (Grenzer, Cossacks) instead of breeches and gaiters. */
  trousers?: boolean;
  lapels?: boolean;
  /** 0, 1 or 2 white cross-belts. */
  belts?: 0 | 1 | 2;
  cartridgeBox?: boolean;
  sash?: boolean;
  /** Long coat skirts down to the knee (Cossack kaftan). */
  longCoat?: boolean;
  /** Cavalry: tall boots instead of gaiters. */
  boots?: boolean;
  /** Hussar: lace across the chest. */
  braid?: boolean;
  /** Cuirassier's breastplate. */
  cuirass?: boolean;
  /** Swallow's nests on the shoulders (drummers). */
  wings?: boolean;
  /** Gold lace on the coat's edges (generals). */
  laced?: boolean;
}

const add = (a: V3, b: V3): V3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
const lerp = (a: V3, b: V3, t: number): V3 => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

export const HEAD: V3 = [0.01, 0.872, 0];
const HEAD_R = 0.074;
/** Height a seated rider's body is raised by, from a standing man's frame. */
export const SEAT_RISE = 0.3;

/** Top of the head, where hats sit. */
export function headTop(pose: Pose): V3 {
  const h = pose.head ?? HEAD;
  const rise = pose.legs === 'seated' ? SEAT_RISE : 0;
  return [h[0], h[1] + HEAD_R * 0.85 + rise, h[2]];
}

/** A man's body in a pose. Hands end where the pose says, so weapons can be put in them. */
export function man(m: Mesh, lod: Lod, pose: Pose, dress: Dress = {}): void {
  const dy = pose.legs === 'seated' ? SEAT_RISE : 0;
  const up = (p: V3): V3 => [p[0], p[1] + dy, p[2]];
  const shin: Region = dress.trousers ? 'smallclothes' : dress.boots ? 'boots' : 'gaiters';
  const shoe: Region = dress.boots ? 'boots' : 'black';
  const headC = up(pose.head ?? HEAD);

  // Legs.
  for (const s of [-1, 1]) {
    const hip: V3 = pose.legs === 'seated' ? [-0.06, 0.8, s * 0.065] : [0, 0.5, s * 0.062];
    let knee: V3;
    let ankle: V3;
    if (pose.legs === 'seated') {
      knee = [0.12, 0.7, s * 0.155];
      ankle = [0.07, 0.44, s * 0.165];
    } else if (pose.legs === 'stride') {
      knee = s < 0 ? [0.09, 0.28, -0.075] : [-0.03, 0.27, 0.075];
      ankle = s < 0 ? [0.13, 0.055, -0.085] : [-0.1, 0.055, 0.085];
    } else {
      knee = [0.015, 0.27, s * 0.066];
      ankle = [0, 0.055, s * 0.068];
    }
    if (lod === 2) {
      // Both legs as one block, in the colour of the lower leg.
      if (s > 0) {
        if (pose.legs === 'seated') m.add(bar([0.03, 0.75, 0], [0.07, 0.4, 0], 0.36, 0.09, [0, 0, 1]), shin);
        else m.add(taper(0, 0.5, [-0.06, 0.08, -0.11, 0.11], [-0.06, 0.06, -0.1, 0.1]), shin);
      }
      continue;
    }
    m.add(bar(hip, knee, 0.088, 0.098), 'smallclothes');
    const shinW = dress.boots ? 0.085 : dress.trousers ? 0.08 : 0.074;
    m.add(bar(knee, ankle, shinW, shinW + 0.006), shin);
    if (dress.boots && lod === 0) m.add(bar(knee, lerp(knee, ankle, 0.22), 0.1, 0.105), 'boots');
    if (lod === 0) {
      m.add(box(ankle[0] - 0.035, ankle[0] + 0.075, ankle[1] - 0.055, ankle[1] - 0.005, ankle[2] - 0.036, ankle[2] + 0.036), shoe);
    }
  }

  // Torso and coat.
  const waist = 0.49 + dy;
  const shoulder = 0.785 + dy;
  if (lod === 2) {
    // Far away: coat, skirts and arms are one block from the knees to the shoulders.
    m.add(taper(0.3 + dy * 1.3, shoulder, [-0.1, 0.07, -0.15, 0.15], [-0.076, 0.07, -0.15, 0.15]), 'coat');
  } else {
    m.add(taper(waist, shoulder, [-0.072, 0.066, -0.106, 0.106], [-0.076, 0.07, -0.136, 0.136]), 'coat');
  }
  if (dress.cuirass && lod < 2) {
    m.add(taper(waist + 0.06, shoulder - 0.03, [-0.01, 0.078, -0.112, 0.112], [-0.01, 0.08, -0.128, 0.128]), 'cuirass');
  }
  if (lod < 2) {
    const skirtLow = dress.longCoat ? (pose.legs === 'seated' ? 0.58 : 0.2) : pose.legs === 'seated' ? 0.7 : 0.28;
    if (lod === 1) {
      m.add(taper(skirtLow, waist + 0.01, [-0.11, 0.05, -0.13, 0.13], [-0.08, 0.066, -0.11, 0.11]), 'coat');
    } else {
      // Two skirts, open at the front over the breeches, turned back at the rear in the facings.
      for (const s of [-1, 1]) {
        const z0 = s < 0 ? -0.135 : 0.018;
        const z1 = s < 0 ? -0.018 : 0.135;
        const tz0 = s < 0 ? -0.112 : 0.016;
        const tz1 = s < 0 ? -0.016 : 0.112;
        m.add(taper(skirtLow, waist + 0.01, [-0.115, 0.055, z0, z1], [-0.08, 0.066, tz0, tz1]), 'coat');
        if (!dress.longCoat) {
          m.add(box(-0.121, -0.109, skirtLow + 0.005, skirtLow + 0.13, s < 0 ? -0.1 : 0.03, s < 0 ? -0.03 : 0.1), 'facings');
        }
      }
      // Waistcoat showing down the front.
      m.add(box(0.055, 0.076, waist - 0.06, shoulder - 0.07, -0.055, 0.055), dress.braid ? 'coat' : 'smallclothes');
      if (dress.lapels) {
        for (const s of [-1, 1]) m.add(box(0.066, 0.08, waist + 0.07, shoulder - 0.01, s < 0 ? -0.1 : 0.052, s < 0 ? -0.052 : 0.1), 'facings');
      }
      if (dress.braid) {
        for (let i = 0; i < 4; i++) {
          const y = waist + 0.05 + i * 0.055;
          m.add(box(0.068, 0.08, y, y + 0.016, -0.085, 0.085), 'lace');
        }
      }
      if (dress.laced) {
        for (const s of [-1, 1]) m.add(box(0.07, 0.082, waist - 0.15, shoulder - 0.01, s * 0.057 - 0.009, s * 0.057 + 0.009), 'lace');
      }
      // Neck stock and collar.
      m.add(box(-0.035, 0.045, shoulder - 0.01, shoulder + 0.03, -0.045, 0.045), 'black');
      if (dress.belts) {
        m.add(bar([0.078, shoulder - 0.02, -0.105], [0.07, waist - 0.005, 0.095], 0.03, 0.012, [0, 0, 1]), 'belts');
        if (dress.belts === 2) m.add(bar([0.079, shoulder - 0.02, 0.105], [0.071, waist - 0.005, -0.095], 0.03, 0.012, [0, 0, 1]), 'belts');
      }
      if (dress.cartridgeBox) m.add(box(-0.11, -0.05, waist - 0.08, waist + 0.02, 0.05, 0.14), 'black');
      if (dress.sash) m.add(taper(waist - 0.02, waist + 0.04, [-0.08, 0.074, -0.112, 0.112], [-0.08, 0.074, -0.112, 0.112]), 'sash');
      if (dress.wings) {
        for (const s of [-1, 1]) m.add(box(-0.05, 0.05, shoulder - 0.06, shoulder + 0.005, s * 0.12 - 0.03, s * 0.12 + 0.03), 'facings');
      }
    }
  }

  // Arms.
  for (const [s, arm] of [
    [-1, pose.left],
    [1, pose.right],
  ] as const) {
    const sh: V3 = [0, shoulder - 0.03, s * 0.135];
    const elbow = up(arm.elbow);
    const hand = up(arm.hand);
    // Far away the arms are lost in the body block.
    if (lod === 2) continue;
    if (lod === 1) {
      m.add(bar(sh, hand, 0.068, 0.072), 'coat');
      continue;
    }
    m.add(bar(sh, elbow, 0.07, 0.076), 'coat');
    const wrist = lerp(elbow, hand, 0.78);
    m.add(bar(elbow, wrist, 0.062, 0.066), 'coat');
    if (lod === 0) {
      m.add(bar(lerp(elbow, hand, 0.55), wrist, 0.078, 0.08), 'facings');
      m.add(ball(hand, 0.034, 0.036, 0.03), 'skin');
    }
  }

  // Head.
  if (lod === 2) {
    m.add(new OctahedronGeometry(HEAD_R * 1.05).translate(...headC), 'skin');
    return;
  }
  if (lod === 1) {
    m.add(new OctahedronGeometry(HEAD_R * 1.08).scale(1, 1.08, 1).translate(...headC), 'skin');
    return;
  }
  m.add(new IcosahedronGeometry(1, 0).scale(HEAD_R * 0.95, HEAD_R * 1.05, HEAD_R * 0.9).translate(...headC), 'skin');
  // Powdered hair at the back and sides, and the queue.
  m.add(new IcosahedronGeometry(1, 0).scale(HEAD_R * 0.85, HEAD_R * 0.95, HEAD_R * 0.95).translate(headC[0] - 0.024, headC[1] + 0.004, headC[2]), 'hair');
  m.add(bar(add(headC, [-0.05, -0.01, 0]), add(headC, [-0.075, -0.12, 0]), 0.026, 0.026), 'hair');
}

// --- Headgear ------------------------------------------------------------------------------------

export type Headgear = 'tricorne' | 'mitre' | 'bearskin' | 'grenzerCap' | 'corsican' | 'busby' | 'mirliton' | 'cossackCap' | 'plumedTricorne' | 'none';

/** Corners of a tricorne's brim (front point first) at height y round the head top. */
function tricorneCorners(top: V3, r: number, y: number): V3[] {
  return [0, 1, 2].map((k) => {
    const a = (k * 2 * Math.PI) / 3;
    return [top[0] + Math.cos(a) * r * (k === 0 ? 1.08 : 1), y, top[2] + Math.sin(a) * r];
  });
}

export function headgear(m: Mesh, lod: Lod, kind: Headgear, top: V3): void {
  const [x, y, z] = top;
  const y0 = y - 0.035;
  switch (kind) {
    case 'none':
      return;
    case 'tricorne':
    case 'plumedTricorne': {
      const r = 0.165;
      const h = lod === 2 ? 0.06 : 0.07;
      const c = tricorneCorners(top, r, y0);
      if (lod === 2) {
        m.add(hexaPrism(c, y0, y0 + h, 0.18), 'hat');
        return;
      }
      // The brim turned up on three sides: three slanted walls over a flat underside.
      m.add(tri(c[0]!, c[1]!, c[2]!), 'hat');
      const lift = (p: V3): V3 => {
        const dx = p[0] - x;
        const dz = p[2] - z;
        return [p[0] + dx * 0.12, p[1] + h, p[2] + dz * 0.12];
      };
      for (let k = 0; k < 3; k++) {
        const a = c[k]!;
        const b = c[(k + 1) % 3]!;
        // The corners are pinched: the wall's top runs a little inside its ends.
        const ta = lerp(lift(a), lift(b), 0.06);
        const tb = lerp(lift(a), lift(b), 0.94);
        m.add(quad(a, b, tb, ta), 'hat');
        if (lod === 0) m.add(bar(ta, tb, kind === 'plumedTricorne' ? 0.03 : 0.014, kind === 'plumedTricorne' ? 0.03 : 0.014), kind === 'plumedTricorne' ? 'plume' : 'trim');
      }
      if (lod === 0) {
        m.add(cyl(x - 0.005, z, y0, 0.065, 0.072, 6, 0.06), 'hat');
        // Cockade on the left front.
        m.add(ball([x + 0.06, y0 + 0.05, z - 0.07], 0.02), kind === 'plumedTricorne' ? 'black' : 'trim');
      }
      return;
    }
    case 'mitre': {
      if (lod === 2) {
        m.add(taper(y0, y0 + 0.24, [x - 0.06, x + 0.06, z - 0.075, z + 0.075], [x - 0.01, x + 0.02, z - 0.02, z + 0.02]), 'brass');
        return;
      }
      // Cloth back in the facings, a tall metal front plate, a pompom on top.
      m.add(taper(y0, y0 + 0.23, [x - 0.065, x + 0.05, z - 0.07, z + 0.07], [x - 0.02, x + 0.01, z - 0.018, z + 0.018]), 'facings');
      m.add(
        hexa([
          [x + 0.05, y0 - 0.005, z - 0.08],
          [x + 0.066, y0 - 0.005, z - 0.08],
          [x + 0.066, y0 - 0.005, z + 0.08],
          [x + 0.05, y0 - 0.005, z + 0.08],
          [x + 0.008, y0 + 0.26, z - 0.022],
          [x + 0.022, y0 + 0.26, z - 0.022],
          [x + 0.022, y0 + 0.26, z + 0.022],
          [x + 0.008, y0 + 0.26, z + 0.022],
        ]),
        'brass',
      );
      if (lod === 0) {
        m.add(ball([x + 0.005, y0 + 0.275, z], 0.028), 'plume');
        m.add(cyl(x - 0.005, z, y0 - 0.01, 0.035, 0.075, 6), 'coat');
      }
      return;
    }
    case 'bearskin': {
      const n = lod === 0 ? 8 : lod === 1 ? 6 : 4;
      m.add(cyl(x - 0.01, z, y0 - 0.01, 0.27, 0.088, n, 0.112), 'hat');
      if (lod < 2) m.add(box(x + 0.07, x + 0.09, y0, y0 + 0.09, z - 0.05, z + 0.05), 'brass');
      if (lod === 0) {
        m.add(bar([x - 0.06, y0 + 0.24, z + 0.04], [x - 0.13, y0 + 0.12, z + 0.06], 0.05, 0.03), 'facings');
        m.add(ball([x - 0.13, y0 + 0.11, z + 0.06], 0.022), 'trim');
      }
      return;
    }
    case 'grenzerCap': {
      const n = lod === 0 ? 7 : 5;
      m.add(cyl(x - 0.01, z, y0 - 0.01, lod === 2 ? 0.15 : 0.16, 0.078, n, 0.085), 'hat');
      if (lod === 0) m.add(ball([x + 0.02, y0 + 0.16, z - 0.05], 0.028, 0.04, 0.028), 'plume');
      return;
    }
    case 'corsican': {
      const n = lod === 0 ? 8 : 6;
      m.add(cyl(x, z, y0, 0.015, 0.16, n), 'hat');
      m.add(cyl(x, z, y0, 0.09, 0.078, n, 0.07), 'hat');
      if (lod < 2) m.add(quad([x - 0.1, y0, z - 0.12], [x + 0.1, y0, z - 0.12], [x + 0.08, y0 + 0.13, z - 0.1], [x - 0.08, y0 + 0.13, z - 0.1]), 'hat');
      if (lod === 0) m.add(bar([x, y0 + 0.08, z - 0.11], [x - 0.02, y0 + 0.2, z - 0.12], 0.035, 0.025), 'plume');
      return;
    }
    case 'busby': {
      const n = lod === 0 ? 8 : lod === 1 ? 6 : 4;
      m.add(cyl(x - 0.005, z, y0 - 0.01, 0.15, 0.085, n, 0.096), 'hat');
      if (lod < 2) m.add(bar([x - 0.02, y0 + 0.13, z], [x - 0.06, y0 + 0.03, z + 0.1], 0.06, 0.03), 'facings');
      if (lod === 0) m.add(bar([x + 0.05, y0 + 0.12, z - 0.05], [x + 0.04, y0 + 0.25, z - 0.06], 0.03, 0.03), 'plume');
      return;
    }
    case 'mirliton': {
      const n = lod === 0 ? 6 : 5;
      m.add(cone(x - 0.01, z, y0 - 0.01, 0.3, 0.092, n), 'hat');
      if (lod < 2) {
        // The wing wound round the cap, in the facings, with its lace edge.
        m.add(quad([x + 0.02, y0 + 0.05, z + 0.09], [x - 0.09, y0 + 0.05, z + 0.05], [x - 0.06, y0 + 0.22, z + 0.03], [x + 0.02, y0 + 0.22, z + 0.05]), 'facings');
      }
      if (lod === 0) m.add(bar([x + 0.02, y0 + 0.22, z + 0.05], [x - 0.06, y0 + 0.22, z + 0.03], 0.012, 0.012), 'lace');
      return;
    }
    case 'cossackCap': {
      const n = lod === 0 ? 8 : 5;
      m.add(cyl(x - 0.005, z, y0 - 0.01, 0.13, 0.086, n, 0.092), 'hat');
      if (lod < 2) m.add(cyl(x - 0.005, z, y0 + 0.12, 0.03, 0.08, n, 0.05), 'trim');
      return;
    }
  }
}

/** A triangular prism over three brim corners, tapering up by `shrink` (a far tricorne). */
function hexaPrism(c: V3[], y0: number, y1: number, shrink: number) {
  const cx = (c[0]![0] + c[1]![0] + c[2]![0]) / 3;
  const cz = (c[0]![2] + c[1]![2] + c[2]![2]) / 3;
  const topC = c.map((p): V3 => [cx + (p[0] - cx) * (1 + shrink), y1, cz + (p[2] - cz) * (1 + shrink)]);
  // A wedge is a hexahedron whose last two corners meet.
  return hexa([c[2]!, c[0]!, c[0]!, c[1]!, topC[2]!, topC[0]!, topC[0]!, topC[1]!]);
}

// --- Hand-held things ------------------------------------------------------------------------

/** A musket from butt to muzzle, with its bayonet fixed when asked. */
export function musket(m: Mesh, lod: Lod, butt: V3, muzzle: V3, bayonet = true): void {
  // A far musket is thinner than a pixel: leave it out.
  if (lod === 2) return;
  const dir: V3 = [muzzle[0] - butt[0], muzzle[1] - butt[1], muzzle[2] - butt[2]];
  const tip = add(muzzle, [dir[0] * 0.24, dir[1] * 0.24, dir[2] * 0.24]);
  if (lod === 1) {
    m.add(bar(butt, muzzle, 0.026, 0.034), 'wood');
    if (bayonet) m.add(bar(muzzle, tip, 0.012, 0.012), 'steel');
    return;
  }
  m.add(bar(butt, lerp(butt, muzzle, 0.3), 0.03, 0.055), 'wood');
  m.add(bar(lerp(butt, muzzle, 0.3), lerp(butt, muzzle, 0.92), 0.022, 0.028), 'wood');
  m.add(bar(lerp(butt, muzzle, 0.85), muzzle, 0.016, 0.016), 'steel');
  if (bayonet) m.add(bar(muzzle, tip, 0.009, 0.009), 'steel');
}

/** A flag on a pole: the pole from `foot` straight up to `height`; the cloth flies back (-x). */
export function flag(m: Mesh, lod: Lod, foot: V3, height: number, size: { w: number; h: number }, fringe = false): void {
  const top: V3 = [foot[0], foot[1] + height, foot[2]];
  if (lod < 2) {
    m.add(rod(foot, top, 0.014, lod === 0 ? 5 : 3), 'pole');
    m.add(cone(top[0], top[2], top[1], 0.07, 0.025, 4), 'brass');
  } else {
    m.add(bar(foot, top, 0.03, 0.03), 'pole');
  }
  const cols = lod === 0 ? 8 : lod === 1 ? 4 : 1;
  const rows = lod === 0 ? 6 : lod === 1 ? 3 : 1;
  const y1 = top[1] - 0.02;
  const y0 = y1 - size.h;
  // The cloth ripples across its length and sags a little from the pole.
  const at = (u: number, vv: number): V3 => [
    top[0] - u * size.w * 0.97,
    y0 + vv * size.h - u * u * size.h * 0.12,
    top[2] + Math.sin(u * Math.PI * 1.6) * size.w * 0.09 * u,
  ];
  for (let i = 0; i < cols; i++) {
    for (let j = 0; j < rows; j++) {
      const u0 = i / cols;
      const u1 = (i + 1) / cols;
      const v0 = j / rows;
      const v1 = (j + 1) / rows;
      const p00 = at(u0, v0);
      const p10 = at(u1, v0);
      const p11 = at(u1, v1);
      const p01 = at(u0, v1);
      // Each triangle takes the pattern's region at its centroid.
      m.add(tri(p00, p10, p11), flagRegion((u0 + u1 + u1) / 3, (v0 + v0 + v1) / 3, lod));
      m.add(tri(p00, p11, p01), flagRegion((u0 + u1 + u0) / 3, (v0 + v1 + v1) / 3, lod));
    }
  }
  if (fringe && lod === 0) {
    m.add(bar(at(1, 0), at(1, 1), 0.012, 0.012), 'lace');
    m.add(bar(at(0, 0), at(1, 0), 0.012, 0.012), 'lace');
  }
}

/**
 * The flag's pattern, as regions: a centre device, an upright cross, diagonals (flames or a
 * saltire), a border and a chequer, over the field. Each nation paints the regions it uses.
 */
export function flagRegion(u: number, v: number, lod: Lod): Region {
  if (lod === 2) return 'flagField';
  const du = (u - 0.5) / 0.21;
  const dv = (v - 0.5) / 0.27;
  if (du * du + dv * dv < 1) return 'flagCentre';
  if (Math.abs(u - 0.5) < 0.085 || Math.abs(v - 0.5) < 0.11) return 'flagCross';
  const d1 = Math.abs(u - v);
  const d2 = Math.abs(u - (1 - v));
  // Flames: wedges from the corners, widest at the corner.
  const edge = Math.min(Math.abs(u - 0.5), Math.abs(v - 0.5));
  if (Math.min(d1, d2) < 0.06 + edge * 0.25) return 'flagDiagonal';
  if (u < 0.08 || u > 0.92 || v < 0.1 || v > 0.9) return 'flagBorder';
  if ((Math.floor(u * 6) + Math.floor(v * 4)) % 2 === 1) return 'flagChecker';
  return 'flagField';
}

/** A sword or sabre blade from hilt to point. */
export function blade(m: Mesh, lod: Lod, hilt: V3, point: V3): void {
  if (lod === 2) return;
  m.add(bar(hilt, point, 0.02, 0.008), 'steel');
  if (lod === 0) {
    const d: V3 = [point[0] - hilt[0], point[1] - hilt[1], point[2] - hilt[2]];
    m.add(bar(hilt, [hilt[0] - d[0] * 0.15, hilt[1] - d[1] * 0.15, hilt[2] - d[2] * 0.15], 0.02, 0.02), 'brass');
    m.add(bar(add(hilt, [0, 0, -0.03]), add(hilt, [0, 0, 0.03]), 0.014, 0.014), 'brass');
  }
}

/** A spoked wheel with its axle along z, centred at c. */
export function wheel(m: Mesh, lod: Lod, c: V3, r: number, width: number): void {
  if (lod === 2) {
    m.add(cyl(0, 0, -width / 2, width, r, 6).rotateX(Math.PI / 2).translate(c[0], c[1], c[2]), 'carriage');
    return;
  }
  if (lod === 1) {
    m.add(cyl(0, 0, -width / 2, width, r, 10).rotateX(Math.PI / 2).translate(c[0], c[1], c[2]), 'carriage');
    m.add(cyl(0, 0, -width, width * 2, r * 0.2, 5).rotateX(Math.PI / 2).translate(c[0], c[1], c[2]), 'black');
    return;
  }
  m.add(new TorusGeometry(r - width * 0.4, width * 0.5, 3, 14).translate(c[0], c[1], c[2]), 'carriage');
  // Iron tyre.
  m.add(new TorusGeometry(r - width * 0.05, width * 0.18, 3, 14).translate(c[0], c[1], c[2]), 'black');
  for (let k = 0; k < 3; k++) {
    const a = (k * Math.PI) / 3;
    const dx = Math.cos(a) * (r - width * 0.4);
    const dy = Math.sin(a) * (r - width * 0.4);
    m.add(bar([c[0] - dx, c[1] - dy, c[2]], [c[0] + dx, c[1] + dy, c[2]], 0.03, 0.03), 'carriage');
  }
  m.add(cyl(0, 0, -width * 0.8, width * 1.6, r * 0.18, 6).rotateX(Math.PI / 2).translate(c[0], c[1], c[2]), 'carriage');
}
