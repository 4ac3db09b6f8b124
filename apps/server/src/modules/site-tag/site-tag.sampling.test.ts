import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DuckDbReportEngine } from '../../report-engine/duckdb-engine';
import { adRevenueOverview } from './ad-revenue.queries';
import { audienceOverview, sitePerformance } from './site-tag.queries';
import { lastClosedDay } from './site-tag.rollup';
import { duckDbSiteTagStore, type StoredTagEvent } from './site-tag.store';

const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-tag-sampling-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DAY = 86_400_000;
const today = Date.parse(new Date().toISOString().slice(0, 10));
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const PUB = '1001';

const ev = (over: Partial<StoredTagEvent> & Pick<StoredTagEvent, 'ts' | 'siteId' | 'kind' | 'pageId'>): StoredTagEvent => ({
  publisherId: PUB,
  visitor: 1n,
  path: '/x',
  template: '/x',
  entry: false,
  referrer: '',
  source: over.kind === 'pv' ? 'direct' : '',
  medium: over.kind === 'pv' ? '(none)' : '',
  campaign: '',
  device: 'mobile',
  browser: 'Chrome',
  country: 'US',
  engagedMs: null,
  scrollPct: null,
  metric: '',
  value: null,
  attribution: '',
  weight: 1,
  ...over,
});

/**
 * One day's events from minute 1 of `day`: site 5001 sampled at one in 10 (three recorded page
 * views of two visitors, two of them visit entries, two engaged, two LCPs), site 5002 unsampled
 * (one page view). Expected, per day: page views 3 x 10 + 1 = 31; visitors 2 x 10 + 1 = 21; visits
 * 2 x 10 + 1 = 21; engaged (10 x 10 s + 10 x 30 s + 1 x 70 s) / 21 pages = 22.38 s; scroll
 * (10 x 50 + 10 x 100 + 1 x 20) / 21 = 72.38 %.
 */
function dayEvents(day: number): StoredTagEvent[] {
  const at = (m: number) => day + 60_000 * (m + 1);
  const a = { siteId: '5001', weight: 10 };
  const b = { siteId: '5002', weight: 1 };
  const id = (p: string) => `${p}-${day}`;
  return [
    ev({ ...a, ts: at(0), kind: 'pv', pageId: id('a1'), visitor: 1n, entry: true, source: 'google.com', medium: 'organic' }),
    ev({ ...a, ts: at(1), kind: 'pv', pageId: id('a2'), visitor: 1n, path: '/y', template: '/y' }),
    ev({ ...a, ts: at(2), kind: 'pv', pageId: id('a3'), visitor: 2n, entry: true, device: 'desktop' }),
    ev({ ...a, ts: at(3), kind: 'en', pageId: id('a1'), engagedMs: 10_000, scrollPct: 50 }),
    ev({ ...a, ts: at(4), kind: 'en', pageId: id('a2'), path: '/y', template: '/y', engagedMs: 30_000, scrollPct: 100 }),
    ev({ ...a, ts: at(5), kind: 'wv', pageId: id('a1'), metric: 'LCP', value: 1000 }),
    ev({ ...a, ts: at(6), kind: 'wv', pageId: id('a2'), metric: 'LCP', value: 5000 }),
    ev({ ...b, ts: at(7), kind: 'pv', pageId: id('b1'), visitor: 3n, entry: true, path: '/z', template: '/z' }),
    ev({ ...b, ts: at(8), kind: 'en', pageId: id('b1'), path: '/z', template: '/z', engagedMs: 70_000, scrollPct: 20 }),
  ];
}

describe('sampled site-tag events: every count sums the events’ weights', () => {
  it('audience, ad revenue and performance weigh sampled events exactly, on rolled-up and raw days alike', async () => {
    const engine = new DuckDbReportEngine(path.join(dir, 'facts.duckdb'));
    await engine.init();
    const store = duckDbSiteTagStore(engine, { tmpDir: dir });
    await store.init();
    const closed = today - 10 * DAY; // rolled up on first use
    expect(iso(closed) <= lastClosedDay(Date.now())).toBe(true);
    await store.append([...dayEvents(closed), ...dayEvents(today)]);
    await engine.write((c) =>
      c.run(
        `INSERT INTO revenue_sales (date, publisher_id, site_id, product_type, size, brand, deal_name, deal_id, impressions, revenue, net_revenue)
         VALUES (DATE '${iso(closed)}', '${PUB}', '5001', 'display', '300x250', 'b', 'd', '1', 1000, 0.6, 0.45),
                (DATE '${iso(closed)}', '${PUB}', '5002', 'display', '300x250', 'b', 'd', '1', 10, 0.02, 0.01)`,
      ),
    );
    for (const d of [closed, today]) {
      const a = await audienceOverview(store, { publisherId: PUB, siteId: null, from: iso(d), to: iso(d) });
      expect(a.totals).toEqual({ pageViews: 31, visitors: 21, visits: 21, avgEngagedSeconds: 22.4, avgScrollDepth: 72.4 });
      expect(a.series).toEqual([{ date: iso(d), pageViews: 31, visitors: 21 }]);
      expect(a.topPages).toEqual([
        { key: '/x', value: 20 },
        { key: '/y', value: 10 },
        { key: '/z', value: 1 },
      ]);
      expect(a.sources).toEqual([
        { source: 'direct', medium: '(none)', value: 11 },
        { source: 'google.com', medium: 'organic', value: 10 },
      ]);
      expect(a.devices).toEqual([
        { key: 'mobile', value: 21 },
        { key: 'desktop', value: 10 },
      ]);
      const one = await audienceOverview(store, { publisherId: PUB, siteId: '5001', from: iso(d), to: iso(d) });
      expect(one.totals).toEqual({ pageViews: 30, visitors: 20, visits: 20, avgEngagedSeconds: 20, avgScrollDepth: 75 });
      // Core Web Vitals percentiles are over the recorded page loads, unweighted: two LCP samples.
      const perf = await sitePerformance(store, { publisherId: PUB, siteId: '5001', from: iso(d), to: iso(d) });
      expect(perf.overall).toEqual([{ metric: 'LCP', p75: 4000, samples: 2, rating: 'needs-improvement' }]);
    }
    const both = await audienceOverview(store, { publisherId: PUB, siteId: null, from: iso(closed), to: iso(today) });
    expect(both.totals.pageViews).toBe(62);
    expect(both.totals.visitors).toBe(42);
    // Page RPM over the estimated page views: 0.60 / 30 x 1000 = 20.00 and 0.02 / 1 x 1000 = 20.00.
    const rev = await adRevenueOverview(store, { publisherId: PUB, siteId: null, from: iso(closed), to: iso(closed) }, new Map());
    expect(rev.totals).toMatchObject({ pageViews: 31, pageRpm: 20 });
    expect(rev.sites.map((s) => [s.siteId, s.pageViews, s.pageRpm])).toEqual([
      ['5001', 30, 20],
      ['5002', 1, 20],
    ]);
    const todayRev = await adRevenueOverview(store, { publisherId: PUB, siteId: '5001', from: iso(today), to: iso(today) }, new Map());
    expect(todayRev.totals.pageViews).toBe(30);
    await engine.close();
  });

  it('a file from before sampling gets the weight column, its events weighing 1', async () => {
    const engine = new DuckDbReportEngine(path.join(dir, 'old.duckdb'));
    await engine.init();
    const old = `CREATE TABLE site_tag_events (ts BIGINT NOT NULL, publisher_id VARCHAR NOT NULL, site_id VARCHAR NOT NULL,
      kind VARCHAR NOT NULL, page_id VARCHAR NOT NULL, visitor BIGINT NOT NULL, path VARCHAR NOT NULL, template VARCHAR NOT NULL,
      entry BOOLEAN NOT NULL, referrer VARCHAR NOT NULL, source VARCHAR NOT NULL, medium VARCHAR NOT NULL, campaign VARCHAR NOT NULL,
      device VARCHAR NOT NULL, browser VARCHAR NOT NULL, country VARCHAR NOT NULL, engaged_ms INTEGER, scroll_pct INTEGER,
      metric VARCHAR NOT NULL, value DOUBLE, attribution VARCHAR NOT NULL)`;
    await engine.write(async (c) => {
      await c.run(old);
      await c.run(`INSERT INTO site_tag_events VALUES (${today + 60_000}, '${PUB}', '5001', 'pv', 'old-1', 5, '/', '/', true, '', 'direct',
        '(none)', '', 'desktop', 'Chrome', '', NULL, NULL, '', NULL, '')`);
    });
    const store = duckDbSiteTagStore(engine, { tmpDir: dir });
    await store.init();
    await store.append([ev({ ts: today + 120_000, siteId: '5001', kind: 'pv', pageId: 'new-1', visitor: 6n, weight: 5 })]);
    const a = await audienceOverview(store, { publisherId: PUB, siteId: '5001', from: iso(today), to: iso(today) });
    expect(a.totals).toMatchObject({ pageViews: 6, visitors: 6 });
    await store.close();
    await engine.close();
  });
});
