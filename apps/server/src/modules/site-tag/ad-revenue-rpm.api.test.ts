import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdRevenueOverview } from '@pc/contracts';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import { DuckDbReportEngine } from '../../report-engine/duckdb-engine';
import type { RevenueSalesFact } from '../../report-engine/report-engine';
import { duckDbSiteTagStore } from './site-tag.store';
import { DAY, at, base, iso, today } from '../../../test/site-tag/site-tag-store-suite.events';

/**
 * Page RPM counts like with like: revenue facts arrive a day after the tag's page views, so the
 * views of today (no revenue yet) must not be divided into the revenue of earlier days. Revenue
 * through yesterday, page views through today.
 */
let t: TestApp;
let multi: string;

const sale = (publisherId: string, siteId: string, back: number, revenue: number): RevenueSalesFact => ({
  date: iso(today - back * DAY),
  publisherId,
  siteId,
  productType: 'Display',
  size: '300x250',
  brand: 'Acme',
  dealName: '',
  dealId: '',
  impressions: 1000,
  revenue,
  netRevenue: revenue * 0.8,
});
/** `weight` page views of one site on the day `back` days ago (one sampled event). */
const views = (publisherId: string, siteId: string, back: number, weight: number, n: number) => ({
  ...base,
  publisherId,
  siteId,
  pageId: `${siteId}-${back}-${n}`,
  visitor: BigInt(n),
  ts: back === 0 ? at(0, 0, 5) : at(back, 9),
  weight,
});

beforeAll(async () => {
  t = await createTestApp();
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  if (!(t.built.engine instanceof DuckDbReportEngine)) throw new Error('DuckDB engine expected');
  // Events of earlier days are written around the collector, which only takes the last 24 hours.
  const store = duckDbSiteTagStore(t.built.engine);
  await store.append([
    views('1001', '5001', 2, 400, 1),
    views('1001', '5001', 1, 600, 2),
    views('1001', '5001', 0, 1, 3),
    views('1001', '5002', 1, 200, 4),
    views('1001', '5002', 0, 1, 5),
    // 1003: Evergreen Living installs the tag today, after days of revenue; Evergreen Travel is tagged.
    views('1003', '5201', 0, 1, 6),
    views('1003', '5202', 1, 500, 7),
  ]);
  await store.close();
  await t.built.engine.ingest({
    reportType: 'revenue',
    requests: [],
    sales: [
      sale('1001', '5001', 2, 4),
      sale('1001', '5001', 1, 6),
      sale('1001', '5002', 1, 1),
      sale('1003', '5201', 3, 3333.92),
      sale('1003', '5201', 2, 3333.92),
      sale('1003', '5201', 1, 3333.92),
      sale('1003', '5202', 1, 2.5),
    ],
  });
});
afterAll(async () => t.close());

const overview = async (publisherId: string, back: number) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/site-tag/ad-revenue?from=${iso(today - back * DAY)}&to=${iso(today)}`,
    headers: bearer(multi, publisherId),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AdRevenueOverview>();
};
const pick = (r: AdRevenueOverview) => r.sites.map((s) => [s.siteId, s.revenue, s.pageViews, s.rpmPageViews, s.pageRpm]);

describe('page RPM over the days with revenue data', () => {
  it("one page view today does not dilute the RPM of the revenue days; the headline is the sites' weighted RPM", async () => {
    const r = await overview('1001', 2);
    // Northwind News: $10 over 1,000 views of days -2 and -1 = $10.00 (not $10 / 1,001 views);
    // Northwind Sport: $1 over 200 views = $5.00. Today's views count as page views, not in RPM.
    expect(pick(r)).toEqual([
      ['5001', 10, 1001, 1000, 10],
      ['5002', 1, 201, 200, 5],
    ]);
    expect(r.totals).toEqual({ revenue: 11, pageViews: 1202, rpmPageViews: 1200, pageRpm: 9.17, previousRevenue: 0 });
    const weighted = r.sites.reduce((a, s) => a + (s.pageRpm ?? 0) * s.rpmPageViews, 0) / r.sites.reduce((a, s) => a + s.rpmPageViews, 0);
    expect(r.totals.pageRpm).toBeCloseTo(weighted, 2);
  });

  it('a site with revenue and only one page view today has no page RPM yet, not $0.00', async () => {
    const r = await overview('1003', 3);
    expect(pick(r)).toEqual([
      ['5201', 10001.76, 1, 0, null],
      ['5202', 2.5, 500, 500, 5],
    ]);
    // The headline counts what the rows count: Evergreen Travel's $2.50 over its 500 views.
    expect(r.totals).toMatchObject({ revenue: 10004.26, pageViews: 501, rpmPageViews: 500, pageRpm: 5 });
  });
});
