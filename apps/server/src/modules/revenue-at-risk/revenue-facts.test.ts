import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDays } from '@pc/contracts';
import { DuckDbReportEngine } from '../../report-engine/duckdb-engine';
import type { ReportEngine, ReportQuery, RevenueSalesFact } from '../../report-engine/report-engine';
import { siteRevenueOf, siteRevenuesOf } from './revenue-facts';

/**
 * The facts of many sites from two report queries, checked against the per-site reads they
 * replace on a real engine: the same figures for every site, however many sites there are.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-risk-facts-'));
const engine = new DuckDbReportEngine(path.join(dir, 'facts.duckdb'));
const PUB = '1001';
const range = { from: '2026-10-01', to: '2026-10-28' };
const TYPES = ['Display', 'Native', 'Video', 'Sponsored', 'Affiliate'];
/** Twelve sites; the engine knows every name but the last site's, whose rows it labels by id. */
const SITES = Array.from({ length: 12 }, (_, i) => ({ id: `70${String(i).padStart(2, '0')}`, name: `Site ${i}` }));

beforeAll(async () => {
  await engine.init();
  await engine.upsertSites(SITES.slice(0, -1).map((s) => ({ ...s, publisherId: PUB })));
  const sales: RevenueSalesFact[] = [];
  // Uneven cents (not sums a float adds the same whatever the order) on most days of most sites;
  // site 7003 has no facts at all, and days outside the range must not count.
  for (let d = -3; d < 31; d += 1)
    SITES.forEach((s, i) => {
      if (s.id === '7003' || (d + i) % 5 === 0) return;
      TYPES.forEach((productType, t) => {
        if ((i + t) % 4 === 3) return;
        sales.push({
          date: shiftDays(range.from, d),
          publisherId: PUB,
          siteId: s.id,
          productType,
          size: '300x250',
          brand: `Brand ${t}`,
          dealName: '',
          dealId: '',
          impressions: 1000 + d,
          revenue: ((i + 1) * 13.37 + t * 0.71 + d * 0.093) / 3,
          netRevenue: 1,
        });
      });
    });
  await engine.ingest({ reportType: 'revenue', requests: [], sales });
});
afterAll(async () => {
  await engine.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Counts the report queries; `page` caps every read's row limit, as a smaller engine page would. */
function spy(page = Infinity) {
  const queries: ReportQuery[] = [];
  const counted: Pick<ReportEngine, 'query'> = {
    query: (q) => {
      queries.push(q);
      return engine.query({ ...q, limit: Math.min(q.limit ?? 500, page) });
    },
  };
  return { counted, queries };
}

/** What the service read before: two queries per site. */
async function oneByOne(sites: readonly { id: string }[]) {
  return new Map(await Promise.all(sites.map(async (s) => [s.id, await siteRevenueOf(engine, PUB, s.id, range)] as const)));
}

describe('revenue at risk: every site’s revenue facts at once', () => {
  it('gives each site the figures its own reads gave, from two queries whatever the site count', async () => {
    for (const n of [3, 12]) {
      const sites = SITES.slice(0, n);
      const { counted, queries } = spy();
      const facts = await siteRevenuesOf(counted, PUB, sites, range);
      expect(queries).toHaveLength(2);
      expect(queries.map((q) => q.dimensions)).toEqual([['sites', 'product_type'], ['sites']]);
      expect(facts).toEqual(await oneByOne(sites));
    }
    const facts = await siteRevenuesOf(engine, PUB, SITES, range);
    expect(facts.get('7000')!.programmaticRevenue).toBeGreaterThan(0);
    expect(facts.get('7011')!.programmaticRevenue).toBeGreaterThan(0);
    expect(facts.get('7003')).toEqual({ programmaticRevenue: 0, byWeekday: Array.from({ length: 7 }, () => ({ revenue: 0, days: 0 })) });
  });

  it('reads the sites again in halves when a page holds fewer rows than the report has, dropping none', async () => {
    const { counted, queries } = spy(40);
    const facts = await siteRevenuesOf(counted, PUB, SITES, range);
    expect(queries.length).toBeGreaterThan(2);
    expect(queries.every((q) => q.filters?.[0]?.values.length)).toBe(true);
    expect([...facts.keys()].sort()).toEqual(SITES.map((s) => s.id));
    expect(facts).toEqual(await oneByOne(SITES));
  });

  it('reads a site alone when its name is another site’s, and all alone when a name is not the engine’s', async () => {
    const twins = SITES.map((s) => (s.id === '7001' ? { ...s, name: 'Site 2' } : s));
    const { counted, queries } = spy();
    expect(await siteRevenuesOf(counted, PUB, twins, range)).toEqual(await oneByOne(SITES));
    // 7001 and 7002 share a name: two reads for the other ten, two each for the twins.
    expect(queries).toHaveLength(2 + 2 * 2);

    const renamed = SITES.map((s) => (s.id === '7005' ? { ...s, name: 'Renamed' } : s));
    const again = spy();
    expect(await siteRevenuesOf(again.counted, PUB, renamed, range)).toEqual(await oneByOne(SITES));
    expect(again.queries).toHaveLength(2 + 2 * SITES.length);
  });

  it('reads nothing for no site (an empty site filter would be every site)', async () => {
    const { counted, queries } = spy();
    expect((await siteRevenuesOf(counted, PUB, [], range)).size).toBe(0);
    expect(queries).toHaveLength(0);
  });
});
