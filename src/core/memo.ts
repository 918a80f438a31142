/**
 * Results remembered by the object they are about (a unit), for work asked again and again with the
 * same inputs: the AI forecasts the same orders of the same units decision after decision. A result
 * is found by its owner object and a key naming the other inputs, and is given back only while the
 * objects it was worked out from (`deps`) are the very same ones, compared by identity. States share
 * the units an action left alone (see `apply`), so an untouched unit keeps its remembered results.
 *
 * A key is a short list of numbers and strings, told apart as Object.is tells them (-0 is not 0): no
 * string is built from the numbers, which costs more than the lookup itself on the hot paths.
 */
export type MemoKey = readonly (number | string)[];

interface MemoEntry<V> {
  key: MemoKey;
  deps: readonly unknown[];
  value: V;
}

/** One owner's results, bucketed by the first element of their keys. */
interface OwnerMemo<V> {
  buckets: Map<number | string, MemoEntry<V>[]>;
  size: number;
}

export class ObjectMemo<V> {
  private readonly byOwner = new WeakMap<object, OwnerMemo<V>>();

  /** @param perOwner at most this many results are kept for one owner; past it they are forgotten all at once. */
  constructor(private readonly perOwner = 2000) {}

  get(owner: object, key: MemoKey, deps: readonly unknown[]): V | undefined {
    const hit = this.entry(this.byOwner.get(owner), key);
    if (!hit) return undefined;
    // A caller that keeps its dependency list for many lookups is answered without comparing it.
    if (hit.deps === deps) return hit.value;
    if (hit.deps.length !== deps.length) return undefined;
    for (let i = 0; i < deps.length; i++) if (!Object.is(hit.deps[i], deps[i])) return undefined;
    return hit.value;
  }

  set(owner: object, key: MemoKey, deps: readonly unknown[], value: V): void {
    let known = this.byOwner.get(owner);
    if (!known) this.byOwner.set(owner, (known = { buckets: new Map(), size: 0 }));
    const old = this.entry(known, key);
    if (old) {
      old.deps = deps;
      old.value = value;
      return;
    }
    if (known.size >= this.perOwner) {
      known.buckets.clear();
      known.size = 0;
    }
    const bucket = known.buckets.get(key[0]!);
    const entry = { key, deps, value };
    if (bucket) bucket.push(entry);
    else known.buckets.set(key[0]!, [entry]);
    known.size++;
  }

  private entry(known: OwnerMemo<V> | undefined, key: MemoKey): MemoEntry<V> | undefined {
    // The Map finds 0 and -0 in one bucket; Object.is below tells them apart.
    const bucket = known?.buckets.get(key[0]!);
    if (!bucket) return undefined;
    for (const e of bucket) if (sameKey(e.key, key)) return e;
    return undefined;
  }
}

function sameKey(a: MemoKey, b: MemoKey): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}
