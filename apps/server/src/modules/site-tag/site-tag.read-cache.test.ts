import { describe, expect, it } from 'vitest';
import {
  createSiteTagReadCache,
  isClosed,
  SITE_TAG_READ_CLOSED_MS,
  SITE_TAG_READ_FRESH_MS,
  type SiteTagReadKey,
} from './site-tag.read-cache';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const week: SiteTagReadKey = { figure: 'audience', publisherId: '1001', siteId: null, from: '2026-03-04', to: '2026-03-10' };

/** A cache on a clock the test moves, and a computation that counts its runs. */
function setup(maxEntries?: number) {
  const clock = { t: NOW };
  const cache = createSiteTagReadCache({ now: () => clock.t, maxEntries });
  let runs = 0;
  const compute = () => Promise.resolve(++runs);
  return { clock, cache, compute, runs: () => runs };
}

/** A computation the test finishes when it chooses. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('site-tag read cache', () => {
  it('serves the answer again inside the window and computes afresh after it', async () => {
    const { clock, cache, compute } = setup();
    expect(await cache.get(week, compute)).toBe(1);
    clock.t += SITE_TAG_READ_FRESH_MS - 1;
    expect(await cache.get(week, compute)).toBe(1);
    clock.t += 1;
    expect(await cache.get(week, compute)).toBe(2);
  });

  it('keys by figure, publisher, site and range', async () => {
    const { cache, compute } = setup();
    expect(await cache.get(week, compute)).toBe(1);
    expect(await cache.get({ ...week, figure: 'performance' }, compute)).toBe(2);
    expect(await cache.get({ ...week, publisherId: '1002' }, compute)).toBe(3);
    expect(await cache.get({ ...week, siteId: '5001' }, compute)).toBe(4);
    expect(await cache.get({ ...week, from: '2026-03-05' }, compute)).toBe(5);
    expect(await cache.get({ ...week, to: '2026-03-09' }, compute)).toBe(6);
    expect(await cache.get(week, compute)).toBe(1);
  });

  it('runs one computation for concurrent identical requests', async () => {
    const { cache } = setup();
    const d = deferred<string>();
    let runs = 0;
    const compute = () => (runs++, d.promise);
    const all = Promise.all([cache.get(week, compute), cache.get(week, compute), cache.get(week, compute)]);
    d.resolve('figures');
    expect(await all).toEqual(['figures', 'figures', 'figures']);
    expect(runs).toBe(1);
  });

  it('counts the window from when the computation started: a slow answer is not served past it', async () => {
    const { clock, cache, compute } = setup();
    const d = deferred<number>();
    const first = cache.get(week, () => d.promise);
    clock.t += SITE_TAG_READ_FRESH_MS;
    d.resolve(0);
    expect(await first).toBe(0);
    expect(await cache.get(week, compute)).toBe(1);
  });

  it('keeps no failure: the callers sharing it see it, the next request computes again', async () => {
    const { cache, compute } = setup();
    const d = deferred<number>();
    const a = cache.get(week, () => d.promise);
    const b = cache.get(week, compute);
    d.reject(new Error('ClickHouse timed out'));
    await expect(a).rejects.toThrow('ClickHouse timed out');
    await expect(b).rejects.toThrow('ClickHouse timed out');
    expect(await cache.get(week, compute)).toBe(1);
  });

  it('holds at most maxEntries, the least recently used going first', async () => {
    const { cache, compute } = setup(2);
    const day = (to: string): SiteTagReadKey => ({ ...week, from: to, to });
    expect(await cache.get(day('2026-03-01'), compute)).toBe(1);
    expect(await cache.get(day('2026-03-02'), compute)).toBe(2);
    expect(await cache.get(day('2026-03-01'), compute)).toBe(1); // used again: 03-02 is now the oldest
    expect(await cache.get(day('2026-03-03'), compute)).toBe(3);
    expect(cache.size()).toBe(2);
    expect(await cache.get(day('2026-03-01'), compute)).toBe(1);
    expect(await cache.get(day('2026-03-02'), compute)).toBe(4);
  });

  it('beyond maxEntries drops the answers past their window before the least recently used', async () => {
    const { clock, cache, compute } = setup(2);
    const old: SiteTagReadKey = { ...week, from: '2026-03-01', to: '2026-03-07' };
    expect(await cache.get(old, compute)).toBe(1); // closed: kept a minute
    expect(await cache.get(week, compute)).toBe(2); // still growing: kept 5 s
    clock.t += SITE_TAG_READ_FRESH_MS;
    expect(await cache.get({ ...week, siteId: '5001' }, compute)).toBe(3);
    expect(cache.size()).toBe(2);
    expect(await cache.get(old, compute)).toBe(1);
  });

  it("drops a publisher's answers, and a computation under way, when its events are stored", async () => {
    const { cache, compute } = setup();
    const other = { ...week, publisherId: '1002' };
    expect(await cache.get(week, compute)).toBe(1);
    expect(await cache.get(other, compute)).toBe(2);
    const d = deferred<number>();
    const slow = { ...week, figure: 'performance' as const };
    const running = cache.get(slow, () => d.promise);
    cache.dropPublisher('1001');
    d.resolve(0);
    expect(await running).toBe(0);
    expect(await cache.get(week, compute)).toBe(3);
    expect(await cache.get(slow, compute)).toBe(4); // the answer under way may predate the events: not kept
    expect(await cache.get(other, compute)).toBe(2);
  });

  it('keeps a range the collector can no longer add to for longer, but never ad revenue', async () => {
    const { clock, cache, compute } = setup();
    const old: SiteTagReadKey = { ...week, from: '2026-03-01', to: '2026-03-07' };
    expect(isClosed(old, NOW)).toBe(true);
    expect(isClosed(week, NOW)).toBe(false);
    // Yesterday still takes events (a beacon may be up to a day old).
    expect(isClosed({ ...week, from: '2026-03-09', to: '2026-03-09' }, NOW)).toBe(false);
    expect(isClosed({ ...old, figure: 'adRevenue' }, NOW)).toBe(false);
    expect(await cache.get(old, compute)).toBe(1);
    clock.t += SITE_TAG_READ_CLOSED_MS - 1;
    expect(await cache.get(old, compute)).toBe(1);
    clock.t += 1;
    expect(await cache.get(old, compute)).toBe(2);
  });
});
