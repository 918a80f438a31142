/** Names for features by where they lie on the table. */

import type { Vec2 } from '../core/geometry';

/** "North-west wood", "Centre hill", with a number when a name repeats. North is far from the player. */
export class Namer {
  private readonly used = new Map<string, number>();
  constructor(private readonly layout: { width: number; depth: number }) {}

  name(p: Vec2, noun: string): string {
    const { width, depth } = this.layout;
    const ns = p.y > (2 * depth) / 3 ? 'North' : p.y < depth / 3 ? 'South' : '';
    const ew = p.x > (2 * width) / 3 ? 'east' : p.x < width / 3 ? 'west' : '';
    let place: string;
    if (ns && ew) place = `${ns}-${ew}`;
    else if (ns) place = ns;
    else if (ew) place = ew[0]!.toUpperCase() + ew.slice(1);
    else place = 'Centre';
    const base = `${place} ${noun}`;
    const n = (this.used.get(base) ?? 0) + 1;
    this.used.set(base, n);
    return n === 1 ? base : `${base} ${n}`;
  }
}
