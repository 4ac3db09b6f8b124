import { describe, expect, it } from 'vitest';
import { createKeptReads, type KeptReadsOptions } from './kept-reads';

/** Kept reads on a clock the test moves, fresh for 10 ms from their start unless told otherwise. */
function setup(over: Partial<KeptReadsOptions> = {}) {
  const clock = { t: 1_000 };
  const kept = createKeptReads({ maxEntries: 100, now: () => clock.t, fresh: (r, t) => t - r.started < 10, ...over });
  let runs = 0;
  const compute = () => Promise.resolve(++runs);
  return { clock, kept, compute };
}

/** A computation the test finishes when it chooses. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('kept reads', () => {
  it('answers a key again while fresh, by key, and computes afresh once the policy says stale', async () => {
    const { clock, kept, compute } = setup();
    expect(await kept.read('P1', 'a', compute)).toBe(1);
    expect(await kept.read('P1', 'a', compute)).toBe(1);
    expect(await kept.read('P1', 'b', compute)).toBe(2);
    clock.t += 10;
    expect(await kept.read('P1', 'a', compute)).toBe(3);
  });

  it('runs one computation for concurrent identical reads', async () => {
    const { kept } = setup();
    const d = deferred<string>();
    let runs = 0;
    const compute = () => (runs++, d.promise);
    const all = Promise.all([kept.read('P1', 'a', compute), kept.read('P1', 'a', compute)]);
    d.resolve('x');
    expect(await all).toEqual(['x', 'x']);
    expect(runs).toBe(1);
  });

  it('keeps no failure: the callers sharing it see it, the next read computes again', async () => {
    const { kept, compute } = setup();
    const d = deferred<number>();
    const a = kept.read('P1', 'a', () => d.promise);
    const b = kept.read('P1', 'a', compute);
    d.reject(new Error('down'));
    await expect(a).rejects.toThrow('down');
    await expect(b).rejects.toThrow('down');
    expect(kept.size).toBe(0);
    expect(await kept.read('P1', 'a', compute)).toBe(1);
  });

  it("drops one owner's reads, a computation under way included, or all on null", async () => {
    const { kept, compute } = setup();
    await kept.read('P1', 'a', compute);
    await kept.read('P2', 'b', compute);
    const d = deferred<number>();
    const running = kept.read('P1', 'c', () => d.promise);
    kept.drop('P1');
    d.resolve(0);
    expect(await running).toBe(0);
    await settle();
    expect(kept.size).toBe(1);
    expect(await kept.read('P1', 'c', compute)).toBe(3); // the answer under way is not put back
    expect(await kept.read('P2', 'b', compute)).toBe(2);
    kept.drop(null);
    expect(kept.size).toBe(0);
  });

  it('does not let a stale computation that settles late replace the one started after it', async () => {
    const { clock, kept, compute } = setup();
    const d = deferred<number>();
    const slow = kept.read('P1', 'a', () => d.promise);
    clock.t += 10;
    expect(await kept.read('P1', 'a', compute)).toBe(1);
    d.resolve(0);
    expect(await slow).toBe(0);
    await settle();
    expect(await kept.read('P1', 'a', compute)).toBe(1);
  });

  it('holds at most maxEntries and maxWeight, the least recently used going first', async () => {
    const { kept, compute } = setup({ maxEntries: 2, maxWeight: 10 });
    const weigh = (n: number) => n;
    await kept.read('P1', 'a', compute, { weigh });
    await kept.read('P1', 'b', compute, { weigh });
    await kept.read('P1', 'a', compute, { weigh }); // used again: b is now the oldest
    await kept.read('P1', 'c', compute, { weigh });
    expect(kept.size).toBe(2);
    expect(await kept.read('P1', 'a', compute, { weigh })).toBe(1);
    expect(await kept.read('P1', 'b', compute, { weigh })).toBe(4); // b was dropped for c, c for b
    // A heavy answer pushes the others out, then itself once it alone is over the bound.
    const heavy = () => Promise.resolve(9);
    await kept.read('P1', 'd', heavy, { weigh });
    await settle();
    expect(kept.size).toBe(1);
    await kept.read('P1', 'e', () => Promise.resolve(11), { weigh });
    await settle();
    expect(kept.size).toBe(0);
  });

  it('beyond a bound drops stale reads before fresh ones only when asked to', async () => {
    for (const dropStaleFirst of [false, true]) {
      const { clock, kept, compute } = setup({
        maxEntries: 2,
        dropStaleFirst,
        fresh: (r, t) => r.started + r.keepMs > t,
      });
      await kept.read('P1', 'long', compute, { keepMs: () => 100 });
      await kept.read('P1', 'short', compute, { keepMs: () => 5 });
      clock.t += 5;
      await kept.read('P1', 'new', compute);
      // Least recently used alone drops `long`; stale first drops `short` and keeps `long`.
      expect(await kept.read('P1', 'long', compute)).toBe(dropStaleFirst ? 1 : 4);
    }
  });

  it('gives the policy when each read started, and the keeping time it chose from that start', async () => {
    const seen: [number, number][] = [];
    const { clock, kept, compute } = setup({ fresh: (r) => (seen.push([r.started, r.keepMs]), true) });
    await kept.read('P1', 'a', compute, { keepMs: (started) => started + 1 });
    clock.t += 3;
    await kept.read('P1', 'a', compute);
    await kept.read('P1', 'b', compute);
    clock.t += 3;
    await kept.read('P1', 'b', compute);
    expect(seen).toEqual([
      [1_000, 1_001],
      [1_003, Infinity],
    ]);
  });
});
