import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DuckDbReportEngine } from '../../report-engine/duckdb-engine';
import { demoEventsSql, type DemoTrafficDay } from './demo/site-tag-demo-events';
import { rateVital } from '@pc/contracts';
import { adRevenueOverview } from './ad-revenue.queries';
import { audienceOverview, sitePerformance } from './site-tag.queries';
import { lastClosedDay, rollUpClosedDays } from './site-tag.rollup';
import { duckDbSiteTagStore, type StoredTagEvent } from './site-tag.store';

const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-tag-rollup-'));
const engine = new DuckDbReportEngine(path.join(dir, 'facts.duckdb'));
afterAll(async () => {
  await engine.close();
  rmSync(dir, { recursive: true, force: true });
});

const DAY = 86_400_000;
const today = Date.parse(new Date().toISOString().slice(0, 10));
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const day = (back: number, siteId: string, pageViews: number): DemoTrafficDay => ({
  publisherId: siteId === '5101' ? '1002' : '1001',
  siteId,
  dayMs: today - back * DAY,
  pageViews,
  slowness: 1,
  lcpMs: 1500,
  countries: ['US', 'GB'],
});

describe('audience rollups', () => {
  it('only days no event can still reach are closed', () => {
    expect(lastClosedDay(Date.parse('2026-11-23T10:00:00Z'))).toBe('2026-11-21');
    expect(lastClosedDay(Date.parse('2026-11-23T00:00:00Z'))).toBe('2026-11-21');
  });

  it('gives the raw events’ exact figures, from rolled-up closed days plus fresh raw days', async () => {
    await engine.init();
    const store = duckDbSiteTagStore(engine);
    await store.init();
    // Six days ending today, two sites of 1001 and one of another publisher (must not count).
    const plan = [5, 4, 3, 2, 1, 0].flatMap((b) => [day(b, '5001', 120 + b * 10), day(b, '5002', 60), day(b, '5101', 500)]);
    await engine.write((conn) => conn.run(demoEventsSql(plan)));
    // Revenue facts through yesterday (they arrive a day after the page views): RPM by LCP counts those days.
    const sale = (back: number, siteId: string) => ({
      date: iso(today - back * DAY),
      publisherId: '1001',
      siteId,
      productType: 'Display',
      size: '300x250',
      brand: 'Acme',
      dealName: '',
      dealId: '',
      impressions: 100,
      revenue: 1,
      netRevenue: 0.8,
    });
    await engine.ingest({ reportType: 'revenue', requests: [], sales: [5, 4, 3, 2, 1].flatMap((b) => [sale(b, '5001'), sale(b, '5002')]) });
    const scope = { publisherId: '1001', siteId: null, from: iso(today - 5 * DAY), to: iso(today) };
    const [expected] = await store.query(
      `SELECT count(*)::INTEGER AS pv, count(DISTINCT (site_id, CAST(epoch_ms(ts) AS DATE), visitor))::INTEGER AS visitors,
              (count(*) FILTER (WHERE entry))::INTEGER AS visits
       FROM site_tag_events WHERE publisher_id = '1001' AND kind = 'pv' AND ts >= ${today - 5 * DAY} AND ts < ${today + DAY}`,
    );
    const pages = await store.query(
      `SELECT path AS key, count(*)::INTEGER AS value FROM site_tag_events WHERE publisher_id = '1001' AND kind = 'pv'
       AND ts >= ${today - 5 * DAY} AND ts < ${today + DAY} GROUP BY 1 ORDER BY value DESC, key LIMIT 10`,
    );
    const first = await audienceOverview(store, scope);
    const [built] = await store.query(`SELECT count(*)::INTEGER AS n FROM site_tag_daily_built WHERE day >= '${iso(today - 5 * DAY)}'`);
    expect(built?.n).toBe(4); // today-5 .. today-2 (the previous period's days are rolled up too)
    const second = await audienceOverview(store, scope);
    expect(second).toEqual(first);
    expect(first.totals).toMatchObject({ pageViews: expected!.pv, visitors: expected!.visitors, visits: expected!.visits });
    expect(first.topPages).toEqual(pages);
    expect(first.series.map((s) => s.date)).toEqual([5, 4, 3, 2, 1, 0].map((b) => iso(today - b * DAY)));
    expect(first.series.reduce((a, s) => a + s.pageViews, 0)).toBe(expected!.pv);
    // Ad revenue reads the same rollups (page views, and each site-day's p75 LCP for the buckets).
    const ad = await adRevenueOverview(store, scope, new Map());
    const rawDays = await store.query(
      `WITH pv AS (SELECT site_id, CAST(epoch_ms(ts) AS DATE) AS d, count(*)::INTEGER AS n FROM site_tag_events
                   WHERE publisher_id = '1001' AND kind = 'pv' AND ts >= ${today - 5 * DAY} AND ts < ${today + DAY} GROUP BY ALL),
       lcp AS (SELECT site_id, d, quantile_cont(v, 0.75) AS p75 FROM (
                 SELECT site_id, CAST(epoch_ms(min(ts)) AS DATE) AS d, arg_max(value, ts) AS v FROM site_tag_events
                 WHERE publisher_id = '1001' AND kind = 'wv' AND metric = 'LCP' AND ts >= ${today - 5 * DAY} AND ts < ${today + DAY}
                 GROUP BY site_id, page_id) GROUP BY ALL)
       SELECT pv.site_id, strftime(pv.d, '%Y-%m-%d') AS d, pv.n, lcp.p75 FROM pv LEFT JOIN lcp USING (site_id, d) ORDER BY d, site_id`,
    );
    expect(ad.totals.pageViews).toBe(expected!.pv);
    expect(ad.series.map((d) => d.pageViews)).toEqual(
      [5, 4, 3, 2, 1, 0].map((b) => rawDays.filter((r) => r.d === iso(today - b * DAY)).reduce((a, r) => a + Number(r.n), 0)),
    );
    const buckets = new Map<string, number>();
    for (const r of rawDays) {
      if (r.p75 == null || r.d === iso(today)) continue;
      const key = `${String(r.site_id)}|${rateVital('LCP', Number(r.p75))}`;
      buckets.set(key, (buckets.get(key) ?? 0) + Number(r.n));
    }
    expect(buckets.size).toBeGreaterThan(0);
    expect(new Map(ad.rpmByLcp.map((b) => [`${b.siteId}|${b.rating}`, b.pageViews]))).toEqual(buckets);
    const [lcpRows] = await store.query(`SELECT count(*)::INTEGER AS n FROM site_tag_lcp_daily WHERE publisher_id = '1001'`);
    expect(lcpRows?.n).toBeGreaterThan(0);
    // Performance reads the vitals rollup: the same p75s and samples as from the raw events.
    const perf = await sitePerformance(store, scope);
    const rawVitals = await store.query(
      `SELECT metric, quantile_cont(v, 0.75) AS p75, count(*)::INTEGER AS n FROM (
         SELECT metric, arg_max(value, ts) AS v FROM site_tag_events
         WHERE publisher_id = '1001' AND kind = 'wv' AND ts >= ${today - 5 * DAY} AND ts < ${today + DAY} GROUP BY page_id, metric)
       GROUP BY metric ORDER BY metric`,
    );
    expect(rawVitals.length).toBe(5);
    expect(perf.overall.map((o) => [o.metric, o.samples])).toEqual(rawVitals.map((r) => [r.metric, r.n]));
    const rounded = (v: number, d: number) => Math.round(v * 10 ** d) / 10 ** d; // as the API rounds
    for (const [i, o] of perf.overall.entries()) expect(o.p75).toBe(rounded(Number(rawVitals[i]!.p75), o.metric === 'CLS' ? 3 : 0));
    const [vitalRows] = await store.query(`SELECT count(*)::INTEGER AS n FROM site_tag_vitals_daily WHERE publisher_id = '1001'`);
    expect(vitalRows?.n).toBeGreaterThan(0);
    // One site only: the rollup is per site too.
    const one = await audienceOverview(store, { ...scope, siteId: '5002' });
    expect(one.totals.pageViews).toBe(6 * 60);
  });

  it('counts a page read across midnight once, with its whole engaged time and deepest scroll, rolled up or raw', async () => {
    await engine.init();
    const store = duckDbSiteTagStore(engine, { tmpDir: dir });
    await store.init();
    const ev = (
      siteId: string,
      pageId: string,
      ts: number,
      kind: 'pv' | 'en',
      engagedMs: number | null = null,
      scrollPct: number | null = null,
    ) =>
      ({
        ts,
        publisherId: '1003',
        siteId,
        kind,
        pageId,
        visitor: 7n,
        path: '/night',
        template: '/night',
        entry: kind === 'pv',
        referrer: '',
        source: kind === 'pv' ? 'direct' : '',
        medium: kind === 'pv' ? '(none)' : '',
        campaign: '',
        device: 'desktop',
        browser: 'Chrome',
        country: '',
        engagedMs,
        scrollPct,
        metric: '',
        value: null,
        attribution: '',
        weight: 1,
      }) satisfies StoredTagEvent;
    // Each site: one page opened 30 s before a midnight, engaged 20 s then, 60 s in all after it,
    // and a second page the next day. Site 5301 crosses a closed (rolled-up) midnight (days no other test built), 5302 the
    // last one (today, read from raw events).
    const night = (siteId: string, midnight: number) => [
      ev(siteId, `${siteId}-a`, midnight - 30_000, 'pv'),
      ev(siteId, `${siteId}-a`, midnight - 10_000, 'en', 20_000, 40),
      ev(siteId, `${siteId}-a`, midnight + 30_000, 'en', 60_000, 70),
      ev(siteId, `${siteId}-b`, midnight + 60_000, 'pv'),
      ev(siteId, `${siteId}-b`, midnight + 90_000, 'en', 30_000, 100),
    ];
    await store.append([...night('5301', today - 20 * DAY), ...night('5302', today)]);
    for (const [siteId, midnight] of [
      ['5301', today - 20 * DAY],
      ['5302', today],
    ] as const) {
      // Days one at a time first, so the closed days are rolled up separately.
      const before = await audienceOverview(store, { publisherId: '1003', siteId, from: iso(midnight - DAY), to: iso(midnight - DAY) });
      // Page a with its final figures, though its last report came after midnight.
      expect(before.totals).toMatchObject({ pageViews: 1, avgEngagedSeconds: 60, avgScrollDepth: 70 });
      // The day after alone: page b only (page a began the day before).
      const after = await audienceOverview(store, { publisherId: '1003', siteId, from: iso(midnight), to: iso(midnight) });
      expect(after.totals).toMatchObject({ pageViews: 1, avgEngagedSeconds: 30, avgScrollDepth: 100 });
      const both = await audienceOverview(store, { publisherId: '1003', siteId, from: iso(midnight - DAY), to: iso(midnight) });
      // Two pages: (60 + 30) / 2 = 45 s, (70 + 100) / 2 = 85 %.
      expect(both.totals).toMatchObject({ pageViews: 2, avgEngagedSeconds: 45, avgScrollDepth: 85 });
    }
    const [built] = await store.query(`SELECT count(*)::INTEGER AS n FROM site_tag_daily_built WHERE day = '${iso(today - 20 * DAY)}'`);
    expect(built?.n).toBe(1);
  });

  it('does not count a page again when it still reports engagement more than a day after its page view', async () => {
    // Its own file: the other tests have rolled up the day before yesterday already.
    const own = new DuckDbReportEngine(path.join(dir, 'tab.duckdb'));
    await own.init();
    const store = duckDbSiteTagStore(own, { tmpDir: dir });
    await store.init();
    const ev = (siteId: string, ts: number, kind: 'pv' | 'en', engagedMs: number | null = null, scrollPct: number | null = null) =>
      ({
        ts,
        publisherId: '1004',
        siteId,
        kind,
        pageId: `${siteId}-open-tab`,
        visitor: 9n,
        path: '/tab',
        template: '/tab',
        entry: kind === 'pv',
        referrer: '',
        source: kind === 'pv' ? 'direct' : '',
        medium: kind === 'pv' ? '(none)' : '',
        campaign: '',
        device: 'desktop',
        browser: 'Chrome',
        country: '',
        engagedMs,
        scrollPct,
        metric: '',
        value: null,
        attribution: '',
        weight: 1,
      }) satisfies StoredTagEvent;
    // A tab opened at 23:00, read 10 s, then read again two days later (10:00): 5401 entirely on
    // closed days, 5402 with the return on today (raw events) and the page view on a closed day.
    const tab = (siteId: string, viewDay: number) => [
      ev(siteId, viewDay + 23 * 3_600_000, 'pv'),
      ev(siteId, viewDay + 23 * 3_600_000 + 10_000, 'en', 10_000, 20),
      ev(siteId, viewDay + 2 * DAY + 10 * 3_600_000, 'en', 500_000, 90),
    ];
    await store.append([...tab('5401', today - 12 * DAY), ...tab('5402', today - 2 * DAY)]);
    for (const [siteId, viewDay] of [
      ['5401', today - 12 * DAY],
      ['5402', today - 2 * DAY],
    ] as const) {
      const scope = (from: number, to: number) => ({ publisherId: '1004', siteId, from: iso(from), to: iso(to) });
      const returnDay = await audienceOverview(store, scope(viewDay + 2 * DAY, viewDay + 2 * DAY));
      expect(returnDay.totals).toMatchObject({ pageViews: 0, avgEngagedSeconds: null, avgScrollDepth: null });
      const viewed = await audienceOverview(store, scope(viewDay, viewDay));
      expect(viewed.totals).toMatchObject({ pageViews: 1, avgEngagedSeconds: 10, avgScrollDepth: 20 });
      const all = await audienceOverview(store, scope(viewDay, viewDay + 2 * DAY));
      expect(all.totals).toMatchObject({ pageViews: 1, avgEngagedSeconds: 10, avgScrollDepth: 20 });
    }
    await own.close();
  });

  it('rolls up every closed day in the background, once, so no query builds one', async () => {
    const own = new DuckDbReportEngine(path.join(dir, 'background.duckdb'));
    await own.init();
    const store = duckDbSiteTagStore(own, { tmpDir: dir });
    await store.init();
    await own.write((conn) => conn.run(demoEventsSql([5, 4, 3, 2, 1, 0].map((b) => day(b, '5001', 40)))));
    expect(await rollUpClosedDays(store)).toBe(4); // today-5 .. today-2; yesterday and today are open
    const built = await store.query(`SELECT strftime(day, '%Y-%m-%d') AS d FROM site_tag_daily_built ORDER BY d`);
    expect(built.map((r) => r.d)).toEqual([5, 4, 3, 2].map((b) => iso(today - b * DAY)));
    expect(await rollUpClosedDays(store)).toBe(0);
    const [rows] = await store.query(`SELECT sum(pv)::INTEGER AS n FROM site_tag_daily WHERE dim = 'total'`);
    expect(rows?.n).toBe(4 * 40);
    await own.close();
  });
});
