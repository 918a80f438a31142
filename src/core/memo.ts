/**
 * Results remembered by the object they are about (a unit), for work asked again and again with the
 * same inputs: the AI forecasts the same orders of the same units decision after decision. A result
 * is found by its owner object and a key naming the other inputs, and is given back only while the
 * objects it was worked out from (`deps`) are the very same ones, compared by identity. States share
 * the units an action left alone (see `apply`), so an untouched unit keeps its remembered results.
 */
export class ObjectMemo<V> {
  private readonly byOwner = new WeakMap<object, Map<string, { deps: readonly unknown[]; value: V }>>();

  /** @param perOwner at most this many results are kept for one owner; past it they are forgotten all at once. */
  constructor(private readonly perOwner = 2000) {}

  get(owner: object, key: string, deps: readonly unknown[]): V | undefined {
    const hit = this.byOwner.get(owner)?.get(key);
    if (!hit || hit.deps.length !== deps.length) return undefined;
    for (let i = 0; i < deps.length; i++) if (!Object.is(hit.deps[i], deps[i])) return undefined;
    return hit.value;
  }

  set(owner: object, key: string, deps: readonly unknown[], value: V): void {
    let known = this.byOwner.get(owner);
    if (!known) this.byOwner.set(owner, (known = new Map()));
    else if (known.size >= this.perOwner && !known.has(key)) known.clear();
    known.set(key, { deps, value });
  }
}

/** A number written so that different numbers never share a key: -0 is told from 0. */
export function numberKey(v: number): string {
  return Object.is(v, -0) ? '-0' : String(v);
}
