import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DimensionKey, Interval } from '@pc/contracts';
import { createRandom } from '../lib/random';
import { DuckDbReportEngine } from './duckdb-engine';
import { groupCountMask } from './group-counts';
import type { ReportQuery, RevenueSalesFact } from './report-engine';
import { roundedForCompare } from '../../test/reports/test-facts';
import { pageWindow } from './time-window';

/*
 * The counted, time-windowed page (group-counts.ts + time-window.ts) must give exactly what the
 * single full statement gives. Both engines load the same random facts; every comparison runs the
 * same query on both, including ranges that cut months and limits that cut days.
 */
const SIZES = ['300x250', '728x90', '320x50', 'Video'];
const BRANDS = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli'];

function randomSales(): RevenueSalesFact[] {
  const random = createRandom(42);
  const facts: RevenueSalesFact[] = [];
  const start = Date.parse('2024-01-20T00:00:00Z');
  for (let day = 0; day < 75; day += 1) {
    if (day % 11 === 5) continue; // some days without sales
    const date = new Date(start + day * 86_400_000).toISOString().slice(0, 10);
    const seen = new Set<string>();
    for (let n = 0; n < 12; n += 1) {
      const site = random() < 0.6 ? 's1' : 's2';
      const size = SIZES[Math.floor(random() * SIZES.length)] ?? '300x250';
      const brand = BRANDS[Math.floor(random() * BRANDS.length)] ?? 'Acme';
      const deal = random() < 0.3 ? 'Summer' : '';
      const key = [site, size, brand, deal].join('|');
      if (seen.has(key)) continue; // keys are unique per day, as ingestion requires
      seen.add(key);
      const impressions = 10 + Math.floor(random() * 1000);
      const revenue = Math.round(impressions * random() * 5) / 1000;
      facts.push({
        date,
        publisherId: 'P1',
        siteId: site,
        productType: size === 'Video' ? 'Video' : 'Display',
        size,
        brand,
        dealName: deal,
        dealId: deal ? 'D1' : '',
        impressions,
        revenue,
        netRevenue: revenue * 0.7,
      });
    }
  }
  return facts;
}

let windowed: DuckDbReportEngine;
let single: DuckDbReportEngine;
const sales = randomSales();

beforeAll(async () => {
  windowed = new DuckDbReportEngine(':memory:');
  single = new DuckDbReportEngine(':memory:', { useGroupCounts: false });
  for (const engine of [windowed, single]) {
    await engine.init();
    await engine.upsertSites([
      { id: 's1', publisherId: 'P1', name: 'Alpha News' },
      { id: 's2', publisherId: 'P1', name: 'Beta Blog' },
    ]);
    await engine.ingest({ reportType: 'revenue', requests: [], sales });
  }
});
afterAll(async () => {
  await windowed.close();
  await single.close();
});

const SPLITS: DimensionKey[][] = [
  ['size'],
  ['brand'],
  ['sites', 'size'],
  ['product_type', 'brand'],
  ['sites', 'product_type', 'size', 'brand'],
];
const RANGES: [string, string][] = [
  ['2024-01-20', '2024-04-03'],
  ['2024-01-25', '2024-03-09'], // cuts January and March
  ['2024-02-10', '2024-02-10'],
  ['2024-05-01', '2024-05-31'], // no data
];

describe('windowed page equals the full statement', () => {
  for (const interval of ['Day', 'Month'] as Interval[]) {
    for (const dimensions of SPLITS) {
      it(`${interval} x ${dimensions.join(' x ')}`, async () => {
        for (const [dateFrom, dateTo] of RANGES) {
          for (const limit of [0, 1, 7, 40, 500]) {
            for (const dir of ['asc', 'desc'] as const) {
              const query: ReportQuery = {
                reportType: 'revenue',
                publisherId: 'P1',
                dateFrom,
                dateTo,
                dimensions,
                metrics: ['impressions', 'revenue', 'cpm', 'eCpm'],
                interval,
                limit,
                sort: { key: interval === 'Day' ? 'date' : 'month', dir },
              };
              const expected = await single.query(query);
              const actual = await windowed.query(query);
              expect(roundedForCompare(actual), `${dateFrom}..${dateTo} limit ${limit} ${dir}`).toEqual(roundedForCompare(expected));
            }
          }
        }
      });
    }
  }

  it('has real counts to compare: the full range splits into hundreds of rows', async () => {
    const res = await windowed.query({
      reportType: 'revenue',
      publisherId: 'P1',
      dateFrom: '2024-01-20',
      dateTo: '2024-04-03',
      dimensions: ['sites', 'size', 'brand'],
      metrics: ['revenue'],
      interval: 'Day',
    });
    expect(res.totalRows).toBeGreaterThan(500);
    expect(res.rows).toHaveLength(500);
  });

  it('recounts a day that is replaced by a later ingest', async () => {
    const query: ReportQuery = {
      reportType: 'revenue',
      publisherId: 'P1',
      dateFrom: '2024-02-01',
      dateTo: '2024-02-01',
      dimensions: ['size'],
      metrics: ['impressions'],
      interval: 'Month',
    };
    const before = await windowed.query(query);
    expect(before.totalRows).toBeGreaterThan(1);
    const replacement = { ...sales.find((s) => s.date === '2024-02-01')!, size: 'Only' };
    for (const engine of [windowed, single]) await engine.ingest({ reportType: 'revenue', requests: [], sales: [replacement] });
    const after = await windowed.query(query);
    expect(after.totalRows).toBe(1);
    expect(roundedForCompare(after)).toEqual(roundedForCompare(await single.query(query)));
    const month = { ...query, dateFrom: '2024-02-01', dateTo: '2024-02-29' };
    expect(roundedForCompare(await windowed.query(month))).toEqual(roundedForCompare(await single.query(month)));
  });
});

describe('groupCountMask and pageWindow', () => {
  it('counts only splits with Size or Brand among the builder dimensions', () => {
    expect(groupCountMask(['sites', 'size', 'brand'])).toBe(0b0100);
    expect(groupCountMask(['size'])).toBe(0b1101);
    expect(groupCountMask(['sites', 'product_type'])).toBeNull();
    expect(groupCountMask(['size', 'deal_name'])).toBeNull();
  });

  it('takes whole periods until the page is full, from either end', () => {
    const counts = [
      { period: '2024-01-01', groups: 300 },
      { period: '2024-02-01', groups: 0 },
      { period: '2024-03-01', groups: 300 },
      { period: '2024-04-01', groups: 300 },
    ];
    const plan = { dateFrom: '2024-01-15', dateTo: '2024-04-10', limit: 500 };
    expect(pageWindow({ ...plan, sort: [{ key: 'month', dir: 'asc' }] }, counts, 'month')).toEqual({
      dateFrom: '2024-01-15',
      dateTo: '2024-03-31',
      totalRows: 900,
      windowRows: 600,
    });
    expect(pageWindow({ ...plan, sort: [{ key: 'month', dir: 'desc' }] }, counts, 'month')).toEqual({
      dateFrom: '2024-03-01',
      dateTo: '2024-04-10',
      totalRows: 900,
      windowRows: 600,
    });
  });
});
