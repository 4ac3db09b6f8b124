import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportEngine } from '../../src/report-engine/report-engine';
import { adRevenueOverview } from '../../src/modules/site-tag/ad-revenue.queries';
import { resetSiteTagRollups } from '../../src/modules/site-tag/site-tag.clickhouse-rollup';
import { applySiteTagRetention } from '../../src/modules/site-tag/site-tag.retention';
import { audienceOverview, sitePerformance } from '../../src/modules/site-tag/site-tag.queries';
import type { SiteTagEventStore } from '../../src/modules/site-tag/site-tag.store';
import { DAY, SUITE_EVENTS, at, base, iso, sale, today } from './site-tag-store-suite.events';

/**
 * The site-tag store's answers, run against each store (DuckDB, ClickHouse through chDB in-process
 * and over HTTP) with the same events and the same expected figures, as the report engine's suite
 * (test/reports/engine-suite.ts) does for the facts. The events span closed days (DuckDB answers
 * them from its day rollups), open days (raw events and its open-day snapshot), the previous
 * period, a sampled page view, engagement reported the day after its page view, a visitor with
 * two page views a day, another site and another publisher that must not count.
 */
export interface StoreUnderTest {
  engine: ReportEngine;
  store: SiteTagEventStore;
  /** Runs what a server's background work runs between queries (DuckDB: the open-day snapshot). */
  settle?(store: SiteTagEventStore): Promise<void>;
  close(): Promise<void>;
}

export function siteTagStoreSuite(name: string, open: () => Promise<StoreUnderTest>, opts: { skip?: boolean } = {}): void {
  describe.skipIf(opts.skip ?? false)(`site-tag store: ${name}`, () => {
    let t: StoreUnderTest;
    const all = { publisherId: '1001', siteId: null, from: iso(today - 3 * DAY), to: iso(today) };
    const siteA = { ...all, siteId: '5001' };

    beforeAll(async () => {
      t = await open();
      await t.store.init();
      // Two appends, as two collector flushes (or two processes) write them.
      await t.store.append(SUITE_EVENTS.slice(0, 12));
      await t.store.append(SUITE_EVENTS.slice(12));
      await t.engine.ingest({
        reportType: 'revenue',
        requests: [],
        sales: [
          sale(6, '5001', 'display', 4),
          sale(3, '5001', 'display', 2.5),
          sale(2, '5001', 'video', 3),
          sale(2, '5002', 'display', 1.2),
          sale(1, '5101', 'display', 50),
        ],
      });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('appends exactly: 64-bit visitors, nulls, quotes, newlines, backslashes, emoji and NUL survive', async () => {
      const odd = { ...base, publisherId: '1999', siteId: '5999', ts: at(1, 3) };
      await t.store.append([
        { ...odd, pageId: 'o1', visitor: -9_223_372_036_854_775_808n, path: `/it's "quoted"\\n\\\\x\u0000` },
        { ...odd, pageId: 'o2', visitor: 9_223_372_036_854_775_807n, kind: 'en', engagedMs: 12_345, scrollPct: 80, campaign: 'summer 🌞' },
        { ...odd, pageId: 'o3', kind: 'wv', metric: 'CLS', value: 0.125, attribution: 'div#a\nb', entry: false },
      ]);
      await t.store.append([]);
      // Plain SQL both dialects read alike.
      const back = await t.store.query(
        `SELECT CAST(visitor AS VARCHAR) AS visitor, path, kind, engaged_ms, scroll_pct, campaign, metric, value, attribution, entry
         FROM site_tag_events WHERE publisher_id = '1999' ORDER BY page_id`,
      );
      const plain = {
        path: '/',
        kind: 'pv',
        engaged_ms: null,
        scroll_pct: null,
        campaign: '',
        metric: '',
        value: null,
        attribution: '',
        entry: true,
      };
      expect(back).toEqual([
        { ...plain, visitor: '-9223372036854775808', path: `/it's "quoted"\\n\\\\x\u0000` },
        { ...plain, visitor: '9223372036854775807', kind: 'en', engaged_ms: 12_345, scroll_pct: 80, campaign: 'summer 🌞' },
        { ...plain, visitor: '0', kind: 'wv', metric: 'CLS', value: 0.125, attribution: 'div#a\nb', entry: false },
      ]);
    });

    it('audience overview: totals, previous period, series and top lists', async () => {
      const check = async () => {
        const o = await audienceOverview(t.store, all);
        // Visitors: one per site-day each (11 twice on day -3 counts once), the sampled one as 2: 1+2+1+1+1+1.
        expect(o.totals).toEqual({ pageViews: 8, visitors: 7, visits: 6, avgEngagedSeconds: 17.5, avgScrollDepth: 32.5 });
        expect(o.previous).toEqual({ pageViews: 1, visitors: 1, visits: 1, avgEngagedSeconds: 20, avgScrollDepth: 40 });
        expect(o.series).toEqual([
          { date: iso(today - 3 * DAY), pageViews: 2, visitors: 1 },
          { date: iso(today - 2 * DAY), pageViews: 3, visitors: 3 },
          { date: iso(today - DAY), pageViews: 1, visitors: 1 },
          { date: iso(today), pageViews: 2, visitors: 2 },
        ]);
        expect(o.topPages).toEqual([
          { key: '/a', value: 4 },
          { key: '/x', value: 2 },
          { key: '/b', value: 1 },
          { key: '/c', value: 1 },
        ]);
        expect(o.sources).toEqual([
          { source: 'facebook', medium: 'social', value: 2 },
          { source: 'google', medium: 'organic', value: 2 },
          { source: 'newsletter', medium: 'email', value: 2 },
        ]);
        expect(o.campaigns).toEqual([{ key: 'spring', value: 2 }]);
        expect(o.devices).toEqual([
          { key: 'desktop', value: 3 },
          { key: 'mobile', value: 3 },
          { key: 'tablet', value: 2 },
        ]);
        expect(o.browsers).toEqual([
          { key: 'Chrome', value: 5 },
          { key: 'Safari', value: 3 },
        ]);
        expect(o.countries).toEqual([
          { key: 'US', value: 5 },
          { key: 'GB', value: 2 },
          { key: 'FR', value: 1 },
        ]);
        const a = await audienceOverview(t.store, siteA);
        expect(a.totals).toEqual({ pageViews: 6, visitors: 5, visits: 4, avgEngagedSeconds: 17.5, avgScrollDepth: 32.5 });
        expect(a.topPages).toEqual([
          { key: '/a', value: 4 },
          { key: '/b', value: 1 },
          { key: '/c', value: 1 },
        ]);
      };
      await check();
      if (t.settle) {
        await t.settle(t.store);
        await check();
      }
    });

    it('performance: each page’s last value, p75 by interpolation, slowest pages', async () => {
      const p = await sitePerformance(t.store, all);
      expect(p.overall.map((v) => [v.metric, v.p75, v.samples])).toEqual([
        ['CLS', 0.05, 1],
        ['INP', 180, 1],
        ['LCP', 3000, 5],
      ]);
      expect(p.byDevice.map((v) => [v.device, v.metric, v.p75, v.samples])).toEqual([
        ['desktop', 'CLS', 0.05, 1],
        ['desktop', 'LCP', 2200, 3],
        ['mobile', 'INP', 180, 1],
        ['mobile', 'LCP', 4200, 1],
        ['tablet', 'LCP', 3000, 1],
      ]);
      expect(p.byTemplate.map((v) => [v.template, v.metric, v.p75, v.samples])).toEqual([
        ['/article', 'CLS', 0.05, 1],
        ['/article', 'INP', 180, 1],
        ['/article', 'LCP', 2700, 4],
        ['/home', 'LCP', 4200, 1],
      ]);
      expect(p.series.map((v) => [v.date, v.metric, v.p75])).toEqual([
        [iso(today - 3 * DAY), 'CLS', 0.05],
        [iso(today - 3 * DAY), 'LCP', 2400],
        [iso(today - 2 * DAY), 'LCP', 3900],
        [iso(today - DAY), 'INP', 180],
        [iso(today), 'LCP', 900],
      ]);
      expect(p.worstPages.map((w) => [w.path, w.p75Lcp, w.samples, w.element])).toEqual([
        ['/a', 3000, 3, 'img.hero'],
        ['/x', 3000, 1, 'h1'],
        ['/b', 2600, 1, 'img.hero'],
      ]);
    });

    it('ad revenue: revenue joined with page views per site-day, page RPM, RPM by LCP', async () => {
      const r = await adRevenueOverview(
        t.store,
        all,
        new Map([
          ['5001', 'Site A'],
          ['5002', 'Site B'],
        ]),
      );
      // Page RPM over the days with revenue data only (days -3 and -2; publisher 1002's day -1 does
      // not count): A 5.5 / 4 views, B 1.2 / 1 view, all 6.7 / 5 views. Day -1 and today have page
      // views but no revenue yet, so they count in page views and not in page RPM.
      expect(r.totals).toEqual({ revenue: 6.7, pageViews: 8, pageRpm: 1340, rpmPageViews: 5, previousRevenue: 4 });
      expect(r.sites).toEqual([
        { siteId: '5001', name: 'Site A', revenue: 5.5, previousRevenue: 4, pageViews: 6, pageRpm: 1375, rpmPageViews: 4 },
        { siteId: '5002', name: 'Site B', revenue: 1.2, previousRevenue: 0, pageViews: 2, pageRpm: 1200, rpmPageViews: 1 },
      ]);
      expect(r.products).toEqual([
        { product: 'display', revenue: 3.7 },
        { product: 'video', revenue: 3 },
      ]);
      expect(r.series.map((d) => [d.date, d.revenue, d.pageViews])).toEqual([
        [iso(today - 3 * DAY), 2.5, 2],
        [iso(today - 2 * DAY), 4.2, 3],
        [iso(today - DAY), 0, 1],
        [iso(today), 0, 2],
      ]);
      expect([...r.rpmByLcp].sort((x, y) => (x.siteId + x.rating < y.siteId + y.rating ? -1 : 1))).toEqual([
        // Site-day p75 LCP: A day -3 2400 (good), A day -2 4200 (poor), B day -2 3000; A today 900
        // (good) has no revenue data yet and stays out, as in page RPM.
        { siteId: '5001', rating: 'good', pageViews: 2, pageRpm: 1250 },
        { siteId: '5001', rating: 'poor', pageViews: 2, pageRpm: 1500 },
        { siteId: '5002', rating: 'needs-improvement', pageViews: 1, pageRpm: 1200 },
      ]);
    });

    it("retention: each publisher's raw events older than its days are deleted, its daily figures stay", async () => {
      const old = { ...base, publisherId: '1998', siteId: '5998', pageId: 'r-old', ts: at(9, 3) };
      const kept = { ...old, pageId: 'r-kept', ts: at(5, 3) };
      const other = { ...old, publisherId: '1997', siteId: '5997', pageId: 'r-other' };
      await t.store.append([old, kept, other]);
      // Written around the collector into closed days: the rollups are rebuilt (as for late events below).
      await resetSiteTagRollups(t.store);
      await t.settle?.(t.store);
      const scope = { publisherId: '1998', siteId: null, from: iso(today - 10 * DAY), to: iso(today - 4 * DAY) };
      const before = (await audienceOverview(t.store, scope)).totals.pageViews;
      expect(before).toBe(2);
      // 1998 keeps 7 days, everyone else the default 30: only its 9-day-old event goes.
      await applySiteTagRetention(t.store, 30, new Map([['1998', 7]]));
      const pages = await t.store.query(`SELECT page_id FROM site_tag_events WHERE page_id LIKE 'r-%' ORDER BY page_id`);
      expect(pages.map((r) => String(r.page_id))).toEqual(['r-kept', 'r-other']);
      expect((await audienceOverview(t.store, scope)).totals.pageViews).toBe(before);
    });

    // Last: it adds events. Collection refuses events older than 24 h, so a closed day only gains
    // events written around the collector (demo data, imports), which reset what was rolled up.
    it('events written late for a closed, rolled-up day count after the rollups are reset', async () => {
      const late = { ...base, siteId: '5002', ts: at(3, 11), path: '/late', source: 'bing', medium: 'organic', device: 'mobile' };
      await t.store.append([
        // A new visitor (weight 3, sampled) and visitor 21 again (already counted on day -2, not on day -3).
        { ...late, pageId: 'l1', visitor: 41n, weight: 3 },
        { ...late, pageId: 'l1', kind: 'en', ts: at(3, 11, 5), entry: false, engagedMs: 60_000, scrollPct: 90, weight: 3 },
        { ...late, pageId: 'l2', visitor: 21n, entry: false, source: '', medium: '' },
      ]);
      await resetSiteTagRollups(t.store);
      await t.settle?.(t.store);
      const o = await audienceOverview(t.store, all);
      // Page views 8 + 3 + 1, visitors 7 + 3 + 1, visits 6 + 3; engagement (17.5 s x 4 pages + 60 s x 3) / 7 pages.
      expect(o.totals).toEqual({ pageViews: 12, visitors: 11, visits: 9, avgEngagedSeconds: 35.7, avgScrollDepth: 57.1 });
      expect(o.series[0]).toEqual({ date: iso(today - 3 * DAY), pageViews: 6, visitors: 5 });
      expect(o.topPages[0]).toEqual({ key: '/a', value: 4 });
      expect(o.topPages).toContainEqual({ key: '/late', value: 4 });
      expect(o.sources).toContainEqual({ source: 'bing', medium: 'organic', value: 3 });
      const r = await adRevenueOverview(t.store, all, new Map());
      expect(r.totals.pageViews).toBe(12);
    });
  });
}
