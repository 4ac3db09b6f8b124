/** One kept read: what a cache's policy decides by when it is asked for the same key again. */
export interface KeptRead {
  /** Whose facts it reads (a publisher): `drop(owner)` removes it. */
  readonly owner: string;
  /** When its computation started: an answer is never older than the moment its read began. */
  readonly started: number;
  /** How long the policy keeps it, counted from `started` (the policy's `fresh` decides what it means). */
  readonly keepMs: number;
  /** False while the computation runs: every identical read meanwhile shares it. */
  settled: boolean;
  /** What the answer counts against `maxWeight`; 0 until it settles. */
  weight: number;
}

export interface KeptReadsOptions {
  maxEntries: number;
  /** A second bound on the settled answers' weights together (e.g. rows, so memory is bounded). */
  maxWeight?: number;
  now?: () => number;
  /** Whether a kept read may still be served at `now`; one that may not is computed afresh. */
  fresh: (read: KeptRead, now: number) => boolean;
  /** Beyond a bound, first drop every read no longer fresh, then the least recently used. */
  dropStaleFirst?: boolean;
}

export interface ReadOptions<T> {
  /** The answer's weight against `maxWeight` (default 0). */
  weigh?: (value: T) => number;
  /** The read's own keeping time from its start, for a `fresh` that depends on it (default Infinity). */
  keepMs?: (started: number) => number;
}

export interface KeptReads {
  /** The kept answer of `key` while fresh, else `compute`'s, shared with every identical read meanwhile. */
  read<T>(owner: string, key: string, compute: () => Promise<T>, opts?: ReadOptions<T>): Promise<T>;
  /** Drops one owner's reads (null: all), including computations under way: their answers are not kept. */
  drop(owner: string | null): void;
  readonly size: number;
}

interface Entry extends KeptRead {
  value: Promise<unknown>;
}

/**
 * The mechanism of the per-process read caches (the platform's report cache, the site-tag figures):
 * a bounded map of answers by key, least recently used first out, where concurrent identical reads
 * share one computation, a failure is never kept, and an owner's reads can be dropped at once. Each
 * entry holds the computation's promise, so a drop also removes an answer still being computed from
 * data read before the change. How long an answer may be served is the caller's policy (`fresh`).
 */
export function createKeptReads(o: KeptReadsOptions): KeptReads {
  const maxWeight = o.maxWeight ?? Infinity;
  const now = o.now ?? Date.now;
  // Map order is use order: a hit is moved to the end, eviction takes from the front.
  const entries = new Map<string, Entry>();
  let weight = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    weight -= entry.weight;
    entries.delete(key);
  };
  const within = () => entries.size <= o.maxEntries && weight <= maxWeight;
  const evict = () => {
    if (within()) return;
    if (o.dropStaleFirst) {
      const t = now();
      for (const [key, entry] of entries) if (!o.fresh(entry, t)) remove(key);
    }
    for (const key of entries.keys()) {
      if (within()) return;
      remove(key);
    }
  };
  const drop = (owner: string | null) => {
    for (const [key, entry] of entries) if (owner === null || entry.owner === owner) remove(key);
  };

  function read<T>(owner: string, key: string, compute: () => Promise<T>, opts: ReadOptions<T> = {}): Promise<T> {
    const started = now();
    const hit = entries.get(key);
    if (hit && o.fresh(hit, started)) {
      entries.delete(key);
      entries.set(key, hit);
      return hit.value as Promise<T>;
    }
    remove(key);
    const value = compute();
    const entry: Entry = { owner, started, keepMs: opts.keepMs?.(started) ?? Infinity, settled: false, weight: 0, value };
    entries.set(key, entry);
    value.then(
      (result) => {
        // Dropped meanwhile (a change, eviction): not put back.
        if (entries.get(key) !== entry) return;
        entry.settled = true;
        entry.weight = opts.weigh?.(result) ?? 0;
        weight += entry.weight;
        evict();
      },
      () => {
        if (entries.get(key) === entry) remove(key);
      },
    );
    evict();
    return value;
  }

  return {
    read,
    drop,
    get size() {
      return entries.size;
    },
  };
}
