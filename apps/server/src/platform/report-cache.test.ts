import { describe, expect, it } from 'vitest';
import type { ChangeNotifications } from '../db/change-notifications';
import type { ReportQuery, ReportResult } from '../report-engine/report-engine';
import { createReportCache, reportCacheKey } from './report-cache';

const query = (over: Partial<ReportQuery> = {}): ReportQuery => ({
  reportType: 'revenue',
  publisherId: 'P1',
  dateFrom: '2026-10-01',
  dateTo: '2026-10-31',
  dimensions: ['sites'],
  metrics: ['impressions'],
  interval: 'Day',
  limit: 500,
  ...over,
});
const result = (rows: number, impressions = 1): ReportResult => ({
  columns: [],
  rows: Array.from({ length: rows }, () => ({ impressions })),
  totalRows: rows,
  totals: { impressions },
  unavailableMetrics: {},
});

/** A stand-in for the LISTEN connection: `tell` is what a NOTIFY would deliver. */
function fakeChanges(listening = true) {
  const subs = new Map<string, ((id: string | null) => void)[]>();
  const changes: ChangeNotifications = {
    subscribe: (topic, fn) => {
      subs.set(topic, [...(subs.get(topic) ?? []), fn]);
      return () => undefined;
    },
    listening: () => listening,
    close: async () => undefined,
  };
  return { changes, tell: (topic: string, id: string | null) => subs.get(topic)?.forEach((fn) => fn(id)) };
}

describe('report cache', () => {
  it('answers a repeated report from the cache and queries again for another shape, range or publisher', async () => {
    const cache = createReportCache({ changes: fakeChanges().changes });
    let calls = 0;
    const compute = () => Promise.resolve(result(2, ++calls));
    expect((await cache.get(query(), compute)).totals.impressions).toBe(1);
    expect((await cache.get(query(), compute)).totals.impressions).toBe(1);
    expect(calls).toBe(1);
    await cache.get(query({ dateTo: '2026-10-30' }), compute);
    await cache.get(query({ dimensions: ['size'] }), compute);
    await cache.get(query({ publisherId: 'P2' }), compute);
    await cache.get(query({ filters: [{ dimension: 'size', mode: 'include', values: ['300x250'] }] }), compute);
    expect(calls).toBe(5);
    // The key does not depend on how the query object was built.
    const { dateTo, dateFrom, ...rest } = query();
    expect(reportCacheKey({ dateTo, ...rest, dateFrom })).toBe(reportCacheKey(query()));
  });

  it("drops one publisher's entries on its notification (all on a reset), including a result still being computed", async () => {
    const { changes, tell } = fakeChanges();
    const cache = createReportCache({ changes });
    let calls = 0;
    const compute = () => Promise.resolve(result(1, ++calls));
    await cache.get(query(), compute);
    await cache.get(query({ publisherId: 'P2' }), compute);
    tell('reports', 'P1');
    expect((await cache.get(query(), compute)).totals.impressions).toBe(3);
    expect((await cache.get(query({ publisherId: 'P2' }), compute)).totals.impressions).toBe(2);
    // A site renamed (publisher details) drops that publisher's reports too.
    tell('publisher', 'P2');
    expect((await cache.get(query({ publisherId: 'P2' }), compute)).totals.impressions).toBe(4);
    // In flight when the change lands: that result is not kept.
    let finish: (r: ReportResult) => void = () => undefined;
    const slow = cache.get(query({ dateFrom: '2026-10-02' }), () => new Promise((r) => (finish = r)));
    tell('reports', 'P1');
    finish(result(1, 99));
    expect((await slow).totals.impressions).toBe(99);
    expect((await cache.get(query({ dateFrom: '2026-10-02' }), compute)).totals.impressions).toBe(5);
    tell('reports', null);
    expect(cache.size).toBe(0);
  });

  it('stays within its entry and row bounds, dropping the least recently used first', async () => {
    const cache = createReportCache({ changes: fakeChanges().changes, maxEntries: 3, maxRows: 1_000 });
    const day = (d: number) => query({ dateFrom: `2026-10-0${d}` });
    let calls = 0;
    const compute = (rows: number) => () => Promise.resolve(result(rows, ++calls));
    for (const d of [1, 2, 3]) await cache.get(day(d), compute(10));
    await cache.get(day(1), compute(10)); // used again: day 2 is now the oldest
    await cache.get(day(4), compute(10));
    expect(cache.size).toBe(3);
    expect(calls).toBe(4);
    await cache.get(day(1), compute(10));
    expect(calls).toBe(4);
    await cache.get(day(2), compute(10));
    expect(calls).toBe(5);
    // 900 rows + the others' 22 are within 1,000; a second 900-row result pushes the rest out.
    await cache.get(day(5), compute(900));
    expect(cache.size).toBe(3);
    await cache.get(day(6), compute(900));
    expect(cache.size).toBe(1);
  });

  it('keeps entries only briefly while nothing listens for changes, and never keeps a failure', async () => {
    let now = 0;
    const cache = createReportCache({ changes: fakeChanges(false).changes, now: () => now });
    let calls = 0;
    const compute = () => Promise.resolve(result(1, ++calls));
    await cache.get(query(), compute);
    now = 500;
    await cache.get(query(), compute);
    expect(calls).toBe(1);
    now = 1_500;
    await cache.get(query(), compute);
    expect(calls).toBe(2);
    await expect(cache.get(query({ dateTo: '2026-10-05' }), () => Promise.reject(new Error('engine down')))).rejects.toThrow('engine down');
    await new Promise((r) => setTimeout(r, 0));
    expect((await cache.get(query({ dateTo: '2026-10-05' }), compute)).totals.impressions).toBe(3);
  });
});
