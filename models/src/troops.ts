/**
 * The troop models: foot, horse, guns and train, each a function of the level of detail.
 * Units: a standing man is 1.0 tall; +x is the figure's front.
 */

import { TorusGeometry } from 'three';
import { ball, bar, box, chain, cone, cyl, hexa, Mesh, rod, rotZ, taper, translation, tri, type V3 } from './geom';
import { blade, flag, headgear, headTop, man, musket, wheel, type Dress, type Headgear, type Lod, type Pose } from './figure';

// --- Poses -------------------------------------------------------------------------------------

const SHOULDER: Pose = {
  legs: 'stand',
  left: { elbow: [0.045, 0.57, -0.175], hand: [0.095, 0.5, -0.168] },
  right: { elbow: [-0.01, 0.6, 0.175], hand: [0.035, 0.44, 0.168] },
};
const SHOULDER_BUTT: V3 = [0.09, 0.42, -0.172];
const SHOULDER_MUZZLE: V3 = [-0.045, 1.17, -0.192];

const AIM: Pose = {
  legs: 'stride',
  head: [0.05, 0.862, 0.04],
  left: { elbow: [0.17, 0.66, -0.09], hand: [0.33, 0.765, 0.0] },
  right: { elbow: [0.0, 0.67, 0.205], hand: [0.1, 0.745, 0.09] },
};

const PORT: Pose = {
  legs: 'stride',
  left: { elbow: [0.08, 0.66, -0.175], hand: [0.155, 0.75, -0.07] },
  right: { elbow: [0.02, 0.58, 0.185], hand: [0.11, 0.5, 0.12] },
};

const LINE_DRESS: Dress = { lapels: true, belts: 2, cartridgeBox: true };

// --- Foot ---------------------------------------------------------------------------------------

function shoulderedMan(lod: Lod, hat: Headgear, dress: Dress = LINE_DRESS): Mesh {
  const m = new Mesh();
  man(m, lod, SHOULDER, dress);
  musket(m, lod, SHOULDER_BUTT, SHOULDER_MUZZLE);
  headgear(m, lod, hat, headTop(SHOULDER));
  return m;
}

export const musketeer = (lod: Lod) => shoulderedMan(lod, 'tricorne');
export const grenadierMitre = (lod: Lod) => shoulderedMan(lod, 'mitre');
export const grenadierBearskin = (lod: Lod) => shoulderedMan(lod, 'bearskin');

/** Skirmisher taking aim: light infantry and Jäger in tricornes, Freikorps in round hats. */
function aiming(lod: Lod, hat: Headgear): Mesh {
  const m = new Mesh();
  man(m, lod, AIM, { belts: 1, cartridgeBox: true, lapels: true });
  musket(m, lod, [-0.01, 0.755, 0.095], [0.74, 0.79, 0.02], false);
  headgear(m, lod, hat, headTop(AIM));
  return m;
}

export const skirmisher = (lod: Lod) => aiming(lod, 'tricorne');
export const freikorps = (lod: Lod) => aiming(lod, 'corsican');

/** Grenzer: advancing with the musket at the port, in trousers and the tall felt cap. */
export function grenzer(lod: Lod): Mesh {
  const m = new Mesh();
  man(m, lod, PORT, { trousers: true, belts: 1, cartridgeBox: true });
  musket(m, lod, [0.085, 0.4, 0.16], [0.21, 1.12, -0.16]);
  headgear(m, lod, 'grenzerCap', headTop(PORT));
  return m;
}

/** Ensign with the colour: the pole held upright before him, the flag flying back. */
export function bearer(lod: Lod): Mesh {
  const pose: Pose = {
    legs: 'stand',
    left: { elbow: [0.07, 0.72, -0.1], hand: [0.15, 0.86, 0.07] },
    right: { elbow: [0.03, 0.58, 0.2], hand: [0.15, 0.62, 0.09] },
  };
  const m = new Mesh();
  man(m, lod, pose, { lapels: true, belts: 1, sash: true });
  headgear(m, lod, 'tricorne', headTop(pose));
  flag(m, lod, [0.15, 0.2, 0.08], 1.78, { w: 0.72, h: 0.6 });
  return m;
}

export function officer(lod: Lod): Mesh {
  const pose: Pose = {
    legs: 'stride',
    left: { elbow: [-0.02, 0.6, -0.2], hand: [0.04, 0.5, -0.16] },
    right: { elbow: [0.03, 0.6, 0.2], hand: [0.11, 0.66, 0.19] },
  };
  const m = new Mesh();
  man(m, lod, pose, { lapels: true, sash: true });
  headgear(m, lod, 'tricorne', headTop(pose));
  // Spontoon.
  if (lod < 2) {
    m.add(rod([0.11, 0.06, 0.19], [0.11, 1.45, 0.19], 0.012, lod === 0 ? 5 : 3), 'pole');
    m.add(bar([0.11, 1.45, 0.19], [0.11, 1.58, 0.19], 0.04, 0.01), 'steel');
  }
  return m;
}

export function drummer(lod: Lod): Mesh {
  const pose: Pose = {
    legs: 'stand',
    left: { elbow: [0.05, 0.6, -0.18], hand: [0.17, 0.6, -0.03] },
    right: { elbow: [0.05, 0.61, 0.19], hand: [0.17, 0.62, 0.1] },
  };
  const m = new Mesh();
  man(m, lod, pose, { lapels: true, belts: 1, wings: true });
  headgear(m, lod, 'tricorne', headTop(pose));
  const n = lod === 0 ? 8 : 6;
  m.add(cyl(0.15, 0.02, 0.38, 0.15, 0.085, n), 'brass');
  if (lod === 0) {
    m.add(cyl(0.15, 0.02, 0.37, 0.025, 0.09, n), 'facings');
    m.add(cyl(0.15, 0.02, 0.515, 0.025, 0.09, n), 'facings');
    m.add(bar([0.17, 0.6, -0.03], [0.14, 0.56, 0.04], 0.012, 0.012), 'wood');
    m.add(bar([0.17, 0.62, 0.1], [0.15, 0.57, 0.03], 0.012, 0.012), 'wood');
  }
  return m;
}

export function gunnerRammer(lod: Lod): Mesh {
  const pose: Pose = {
    legs: 'stride',
    left: { elbow: [0.16, 0.67, -0.12], hand: [0.3, 0.8, 0.04] },
    right: { elbow: [0.0, 0.6, 0.19], hand: [0.08, 0.63, 0.1] },
  };
  const m = new Mesh();
  man(m, lod, pose, { belts: 1, lapels: true });
  headgear(m, lod, 'tricorne', headTop(pose));
  const a: V3 = [-0.2, 0.5, 0.13];
  const b: V3 = [0.68, 0.96, -0.01];
  m.add(lod === 2 ? bar(a, b, 0.025, 0.025) : rod(a, b, 0.014, lod === 0 ? 5 : 3), 'wood');
  if (lod < 2) m.add(rod(b, [b[0] + 0.11, b[1] + 0.055, b[2]], 0.04, 6), 'sail');
  return m;
}

export function gunnerLinstock(lod: Lod): Mesh {
  const pose: Pose = {
    legs: 'stand',
    left: { elbow: [0.07, 0.6, -0.19], hand: [0.22, 0.62, -0.14] },
    right: { elbow: [0.03, 0.62, 0.2], hand: [0.14, 0.7, 0.17] },
  };
  const m = new Mesh();
  man(m, lod, pose, { belts: 1, lapels: true, cartridgeBox: true });
  headgear(m, lod, 'tricorne', headTop(pose));
  const foot: V3 = [0.14, 0.04, 0.17];
  const top: V3 = [0.14, 1.18, 0.17];
  m.add(lod === 2 ? bar(foot, top, 0.025, 0.025) : rod(foot, top, 0.013, lod === 0 ? 5 : 3), 'wood');
  if (lod < 2) m.add(box(0.12, 0.16, 1.18, 1.24, 0.14, 0.2), 'brass');
  if (lod === 0) m.add(ball([0.14, 1.27, 0.2], 0.022), 'marker');
  return m;
}

/** A fallen man, his musket and hat beside him: the casualty marker. */
export function casualty(lod: Lod): Mesh {
  const m = new Mesh();
  man(m, lod, SHOULDER, { lapels: true, belts: 2, cartridgeBox: lod === 0 });
  // Lay him on his back (+y to -x), his back on the ground, centred on the marker.
  m.transform(chain(rotZ(Math.PI / 2), translation(0.45, 0.11, 0)));
  musket(m, lod, [0.42, 0.03, -0.3], [-0.38, 0.03, -0.34]);
  headgear(m, lod, 'tricorne', [-0.62, 0.05, 0.16]);
  return m;
}

// --- Horses -------------------------------------------------------------------------------------

export interface HorseOpts {
  tack: 'saddle' | 'harness';
  /** Where the reins go (the rider's left hand), when ridden. */
  reins?: V3;
  walk?: boolean;
}

export function horse(m: Mesh, lod: Lod, opts: HorseOpts): void {
  const legs: { top: V3; knee: V3; hoof: V3 }[] = [
    opts.walk
      ? { top: [0.27, 0.52, -0.075], knee: [0.36, 0.31, -0.075], hoof: [0.31, 0.15, -0.075] }
      : { top: [0.27, 0.52, -0.075], knee: [0.28, 0.3, -0.075], hoof: [0.28, 0.045, -0.075] },
    { top: [0.27, 0.52, 0.075], knee: [0.28, 0.3, 0.075], hoof: [0.28, 0.045, 0.075] },
    { top: [-0.3, 0.56, -0.075], knee: [-0.36, 0.28, -0.075], hoof: [-0.31, 0.045, -0.075] },
    opts.walk
      ? { top: [-0.3, 0.56, 0.075], knee: [-0.4, 0.28, 0.075], hoof: [-0.43, 0.06, 0.075] }
      : { top: [-0.3, 0.56, 0.075], knee: [-0.36, 0.28, 0.075], hoof: [-0.31, 0.045, 0.075] },
  ];
  if (lod === 2) {
    m.add(taper(0.47, 0.77, [-0.46, 0.4, -0.12, 0.12], [-0.44, 0.38, -0.11, 0.11]), 'horse');
    m.add(bar([0.3, 0.66, 0], [0.62, 0.93, 0], 0.09, 0.16), 'horse');
    m.add(box(0.22, 0.34, 0.0, 0.5, -0.11, 0.11), 'horse');
    m.add(box(-0.38, -0.24, 0.0, 0.5, -0.11, 0.11), 'horse');
    if (opts.tack === 'saddle') m.add(box(-0.17, 0.11, 0.56, 0.775, -0.125, 0.125), 'saddlecloth');
    return;
  }
  if (lod === 1) {
    m.add(rod([-0.46, 0.62, 0], [0.42, 0.62, 0], 0.155, 5).scale(1, 1, 0.8), 'horse');
    m.add(bar([0.3, 0.66, 0], [0.5, 0.94, 0], 0.1, 0.17), 'horse');
    m.add(bar([0.5, 0.97, 0], [0.68, 0.76, 0], 0.085, 0.12), 'horse');
    m.add(bar([-0.47, 0.7, 0], [-0.55, 0.34, 0], 0.055, 0.07), 'mane');
    for (const l of legs) m.add(bar(l.top, l.knee, 0.065, 0.085), 'horse');
    for (const l of legs) m.add(bar(l.knee, l.hoof, 0.05, 0.055), 'horse');
  } else {
    m.add(rod([-0.32, 0.615, 0], [0.3, 0.62, 0], 0.15, 7).scale(1, 1, 0.82), 'horse');
    m.add(ball([0.3, 0.6, 0], 0.15, 0.165, 0.125), 'horse');
    m.add(ball([-0.33, 0.63, 0], 0.175, 0.165, 0.135), 'horse');
    m.add(bar([0.3, 0.66, 0], [0.5, 0.93, 0], 0.1, 0.17), 'horse');
    m.add(bar([0.5, 0.97, 0], [0.68, 0.77, 0], 0.085, 0.12), 'horse');
    m.add(ball([0.675, 0.775, 0], 0.05, 0.045, 0.045), 'mane');
    for (const s of [-1, 1]) m.add(cone(0.48, s * 0.03, 0.99, 0.08, 0.02, 4), 'horse');
    m.add(bar([0.27, 0.78, 0], [0.46, 1.03, 0], 0.03, 0.05), 'mane');
    m.add(bar([-0.47, 0.7, 0], [-0.56, 0.33, 0], 0.055, 0.07), 'mane');
    for (const l of legs) {
      m.add(bar(l.top, l.knee, 0.062, 0.085), 'horse');
      m.add(bar(l.knee, l.hoof, 0.046, 0.05), 'horse');
      m.add(box(l.hoof[0] - 0.035, l.hoof[0] + 0.035, l.hoof[1] - 0.045, l.hoof[1] + 0.01, l.hoof[2] - 0.028, l.hoof[2] + 0.028), 'black');
    }
  }
  if (opts.tack === 'saddle') {
    m.add(taper(0.56, 0.775, [-0.18, 0.12, -0.14, 0.14], [-0.16, 0.1, -0.128, 0.128]), 'saddlecloth');
    m.add(box(-0.12, 0.07, 0.77, 0.8, -0.075, 0.075), 'leather');
    if (lod === 0) {
      m.add(box(-0.185, 0.125, 0.545, 0.568, -0.145, 0.145), 'lace');
      m.add(box(0.05, 0.09, 0.77, 0.84, -0.04, 0.04), 'leather');
      for (const s of [-1, 1]) m.add(ball([0.13, 0.74, s * 0.115], 0.045), 'saddlecloth');
      m.add(rod([-0.17, 0.81, -0.12], [-0.17, 0.81, 0.12], 0.04, 5), 'coat');
      if (opts.reins) {
        for (const s of [-1, 1]) m.add(bar([0.6, 0.86, s * 0.045], opts.reins, 0.012, 0.012), 'leather');
      }
    }
  } else {
    // Harness: collar, saddle pad and traces running back to whatever it draws.
    m.add(box(-0.1, 0.06, 0.76, 0.79, -0.07, 0.07), 'leather');
    if (lod === 0) {
      m.add(new TorusGeometry(0.1, 0.028, 3, 8).rotateY(Math.PI / 2).rotateZ(-0.7).translate(0.36, 0.76, 0), 'leather');
      for (const s of [-1, 1]) m.add(bar([0.36, 0.7, s * 0.11], [-0.5, 0.62, s * 0.13], 0.02, 0.02), 'leather');
    }
  }
}

// --- Riders -------------------------------------------------------------------------------------

const REINS: Pose['left'] = { elbow: [0.05, 0.56, -0.165], hand: [0.2, 0.52, -0.06] };
const SWORD_UP: Pose['right'] = { elbow: [0.03, 0.58, 0.2], hand: [0.14, 0.56, 0.14] };
const SEAT = 0.3;
const seated = (p: V3): V3 => [p[0], p[1] + SEAT, p[2]];

function mounted(lod: Lod, hat: Headgear, dress: Dress, right: Pose['right'], extra: (m: Mesh) => void, walk = true): Mesh {
  const pose: Pose = { legs: 'seated', left: REINS, right };
  const m = new Mesh();
  horse(m, lod, { tack: 'saddle', reins: seated(REINS.hand), walk });
  man(m, lod, pose, { boots: true, ...dress });
  headgear(m, lod, hat, headTop(pose));
  extra(m);
  return m;
}

const swordUp = (lod: Lod) => (m: Mesh) => blade(m, lod, seated(SWORD_UP.hand), [-0.02, 1.47, 0.17]);

export const cuirassier = (lod: Lod) => mounted(lod, 'tricorne', { cuirass: true, belts: 1 }, SWORD_UP, swordUp(lod));

export const dragoon = (lod: Lod) =>
  mounted(lod, 'tricorne', { lapels: true, belts: 1 }, SWORD_UP, (m) => {
    swordUp(lod)(m);
    // Carbine slung across the back.
    if (lod < 2) m.add(bar([-0.1, 0.86, 0.13], [-0.12, 1.22, -0.13], 0.025, 0.03), 'wood');
  });

function hussar(lod: Lod, hat: Headgear): Mesh {
  return mounted(lod, hat, { braid: true }, SWORD_UP, (m) => {
    // Sabre, pelisse slung from the left shoulder, sabretache.
    if (lod < 2) {
      blade(m, lod, seated(SWORD_UP.hand), [0.0, 1.44, 0.19]);
      m.add(taper(0.85, 1.08, [-0.11, 0.0, -0.17, -0.06], [-0.09, 0.02, -0.16, -0.04]), 'facings');
    }
    if (lod === 0) {
      m.add(box(-0.115, 0.005, 0.84, 0.865, -0.175, -0.055), 'trim');
      m.add(box(-0.06, 0.02, 0.58, 0.72, -0.175, -0.16), 'facings');
    }
  });
}

export const hussarBusby = (lod: Lod) => hussar(lod, 'busby');
export const hussarMirliton = (lod: Lod) => hussar(lod, 'mirliton');

export const cossack = (lod: Lod) =>
  mounted(
    lod,
    'cossackCap',
    { longCoat: true, trousers: true, belts: 1 },
    { elbow: [0.04, 0.6, 0.2], hand: [0.14, 0.6, 0.17] },
    (m) => {
      // Lance held upright, with a small pennant.
      const foot: V3 = [0.16, 0.45, 0.17];
      const top: V3 = [0.1, 2.25, 0.17];
      m.add(lod === 2 ? bar(foot, top, 0.03, 0.03) : rod(foot, top, 0.013, lod === 0 ? 5 : 3), 'pole');
      if (lod < 2) m.add(cone(top[0], top[2], top[1], 0.1, 0.02, 4), 'steel');
      if (lod === 0) m.add(tri([0.1, 2.2, 0.17], [0.1, 2.05, 0.17], [-0.12, 2.1, 0.17]), 'facings');
    },
  );

/** A general pointing the way, plumed hat and laced coat. */
export const general = (lod: Lod) =>
  mounted(lod, 'plumedTricorne', { lapels: true, laced: true, sash: true }, { elbow: [0.16, 0.67, 0.21], hand: [0.37, 0.73, 0.2] }, () => undefined, false);

/** An aide-de-camp with his telescope to his eye. */
export const staff = (lod: Lod) =>
  mounted(lod, 'tricorne', { lapels: true, sash: true }, { elbow: [0.06, 0.72, 0.2], hand: [0.15, 0.87, 0.06] }, (m) => {
    if (lod < 2) m.add(rod([0.1, 1.175, 0.035], [0.34, 1.2, 0.03], 0.02, 5, 0.026), 'brass');
  });

/** Cavalry standard bearer: a small square standard with a fringe. */
export const cornet = (lod: Lod) =>
  mounted(lod, 'tricorne', { lapels: true, belts: 1 }, { elbow: [0.05, 0.58, 0.2], hand: [0.17, 0.6, 0.16] }, (m) => {
    flag(m, lod, [0.17, 0.72, 0.16], 1.5, { w: 0.45, h: 0.42 }, true);
  });

// --- Guns and train -------------------------------------------------------------------------

function carriage(m: Mesh, lod: Lod, trail: number): void {
  const cheek = (s: number) => bar([-trail, 0.04, s * 0.045], [0.1, 0.48, s * 0.08], 0.045, 0.13, [0, 0, 1]);
  m.add(cheek(-1), 'carriage');
  m.add(cheek(1), 'carriage');
  m.add(box(-0.05, 0.05, 0.3, 0.38, -0.33, 0.33), 'carriage');
  for (const s of [-1, 1]) wheel(m, lod, [0, 0.34, s * 0.3], 0.34, 0.05);
  if (lod === 0) {
    m.add(box(-trail * 0.55, -trail * 0.35, 0.16, 0.24, -0.06, 0.06), 'carriage');
    m.add(bar([-trail + 0.02, 0.1, 0], [-trail - 0.25, 0.35, 0], 0.02, 0.02), 'wood');
  }
}

export function fieldGun(lod: Lod): Mesh {
  const m = new Mesh();
  carriage(m, lod, 0.95);
  const n = lod === 0 ? 8 : lod === 1 ? 6 : 4;
  m.add(rod([-0.28, 0.5, 0], [0.68, 0.52, 0], 0.062, n, 0.042), 'brass');
  if (lod === 0) {
    m.add(ball([-0.31, 0.5, 0], 0.035), 'brass');
    m.add(rod([0.62, 0.52, 0], [0.7, 0.52, 0], 0.052, n), 'brass');
    m.add(rod([-0.06, 0.5, 0], [0.02, 0.5, 0], 0.072, n), 'brass');
  }
  return m;
}

export function howitzer(lod: Lod): Mesh {
  const m = new Mesh();
  carriage(m, lod, 0.8);
  const n = lod === 0 ? 8 : lod === 1 ? 6 : 4;
  m.add(rod([-0.16, 0.46, 0], [0.38, 0.62, 0], 0.07, n, 0.085), 'brass');
  if (lod === 0) m.add(rod([0.34, 0.61, 0], [0.4, 0.63, 0], 0.095, n), 'brass');
  return m;
}

/** A limber with its four-horse team and two postilions; the gun hooks on behind (-x). */
export function limberTeam(lod: Lod): Mesh {
  const m = new Mesh();
  // The team is never the centre of attention: it keeps to the middle level of detail.
  const team: Lod = lod === 0 ? 1 : lod;
  for (const s of [-1, 1]) wheel(m, lod, [0, 0.3, s * 0.28], 0.3, 0.05);
  m.add(box(-0.04, 0.04, 0.27, 0.33, -0.3, 0.3), 'carriage');
  m.add(box(-0.2, 0.2, 0.42, 0.66, -0.22, 0.22), 'carriage');
  if (lod === 0) m.add(box(-0.21, 0.21, 0.66, 0.69, -0.23, 0.23), 'black');
  m.add(bar([0.15, 0.38, 0], [1.95, 0.62, 0], 0.04, 0.04), 'wood');
  m.add(bar([-0.2, 0.3, 0], [-0.42, 0.2, 0], 0.04, 0.04), 'carriage');
  const pairs = [1.0, 2.35];
  for (const x of pairs) {
    for (const s of [-1, 1]) {
      const from = m.length;
      horse(m, team, { tack: 'harness', walk: s < 0 });
      m.transform(translation(x, 0, s * 0.19), from);
    }
    // The postilion rides the near (left) horse.
    const from = m.length;
    const pose: Pose = { legs: 'seated', left: REINS, right: { elbow: [0.02, 0.58, 0.19], hand: [0.12, 0.5, 0.12] } };
    man(m, team, pose, { boots: true, belts: 1 });
    headgear(m, team, 'tricorne', headTop(pose));
    m.transform(translation(x, 0, -0.19), from);
  }
  return m;
}

/** A covered supply wagon with a pair of horses and a postilion. */
export function wagon(lod: Lod): Mesh {
  const m = new Mesh();
  const team: Lod = lod === 0 ? 1 : lod;
  for (const x of [-0.45, 0.45]) for (const s of [-1, 1]) wheel(m, lod, [x, 0.27, s * 0.3], 0.27, 0.05);
  m.add(box(-0.75, 0.6, 0.42, 0.62, -0.27, 0.27), 'planks');
  m.add(rod([-0.7, 0.7, 0], [0.55, 0.7, 0], 0.3, lod === 0 ? 7 : 5).scale(1, 0.95, 0.93), 'sail');
  m.add(bar([0.55, 0.4, 0], [1.3, 0.6, 0], 0.04, 0.04), 'wood');
  for (const s of [-1, 1]) {
    const from = m.length;
    horse(m, team, { tack: 'harness', walk: s < 0 });
    m.transform(translation(1.4, 0, s * 0.19), from);
  }
  const from = m.length;
  const pose: Pose = { legs: 'seated', left: REINS, right: { elbow: [0.02, 0.58, 0.19], hand: [0.12, 0.5, 0.12] } };
  man(m, team, pose, { boots: true });
  headgear(m, team, 'tricorne', headTop(pose));
  m.transform(translation(1.4, 0, -0.19), from);
  return m;
}

/** A rowing boat with two oarsmen. */
export function boat(lod: Lod): Mesh {
  const m = new Mesh();
  m.add(taper(0, 0.24, [-0.8, 0.65, -0.17, 0.17], [-0.9, 0.75, -0.27, 0.27]), 'planks');
  m.add(
    hexa([
      [0.65, 0, -0.17],
      [1.0, 0.1, 0],
      [1.0, 0.1, 0],
      [0.65, 0, 0.17],
      [0.75, 0.24, -0.27],
      [1.12, 0.3, 0],
      [1.12, 0.3, 0],
      [0.75, 0.24, 0.27],
    ]),
    'planks',
  );
  if (lod < 2) m.add(box(-0.86, 0.72, 0.2, 0.245, -0.23, 0.23), 'wood');
  for (const x of [-0.35, 0.25]) {
    const from = m.length;
    const pose: Pose = {
      legs: 'seated',
      left: { elbow: [0.08, 0.56, -0.2], hand: [0.2, 0.55, -0.18] },
      right: { elbow: [0.08, 0.56, 0.2], hand: [0.2, 0.55, 0.18] },
    };
    const crew: Lod = lod === 0 ? 1 : lod;
    man(m, crew, pose, {});
    headgear(m, crew, 'tricorne', headTop(pose));
    m.transform(translation(x, -0.6, 0), from);
    if (lod < 2) for (const s of [-1, 1]) m.add(bar([x + 0.2, 0.25, s * 0.18], [x - 0.1, 0.02, s * 0.75], 0.025, 0.025), 'wood');
  }
  return m;
}
