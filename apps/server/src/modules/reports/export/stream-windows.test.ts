import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateBulkFacts } from '../demo/bulk-facts';
import { exportReport } from './export-report';
import { DuckDbReportEngine } from '../../../report-engine/duckdb-engine';
import type { ReportQuery } from '../../../report-engine/report-engine';
import { planReport } from '../../../report-engine/report-plan';
import { streamWindows } from '../../../report-engine/time-window';

// Exports read a report ordered by time first window by window: the same
// bytes as one statement over the whole range, with a small aggregate and sort at a time.
let windowed: DuckDbReportEngine;
let whole: DuckDbReportEngine;

beforeAll(async () => {
  windowed = new DuckDbReportEngine(':memory:');
  await windowed.init();
  await generateBulkFacts(windowed, { rows: 30_000, publishers: 2, endDate: '2025-03-15', months: 2 });
  // The same (deterministic) facts, read in one statement.
  whole = new DuckDbReportEngine(':memory:', { streamWindows: false });
  await whole.init();
  await generateBulkFacts(whole, { rows: 30_000, publishers: 2, endDate: '2025-03-15', months: 2 });
}, 120_000);
afterAll(async () => {
  await windowed.close();
  await whole.close();
});

const query = (over: Partial<ReportQuery>): ReportQuery => ({
  reportType: 'revenue',
  publisherId: 'bulk-01',
  dateFrom: '2025-02-03',
  dateTo: '2025-03-12',
  dimensions: ['sites', 'size', 'brand', 'deal_name'],
  metrics: ['impressions', 'revenue', 'netRevenue', 'cpm'],
  interval: 'Day',
  limit: 0,
  ...over,
});

async function csv(engine: DuckDbReportEngine, q: ReportQuery): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await exportReport(engine, q, 'csv', out);
  out.end();
  return Buffer.concat(chunks).toString('utf8');
}

/** streamRows' rows, sums to 12 digits: parallel sums may differ in their last bits between runs. */
async function rows(engine: DuckDbReportEngine, q: ReportQuery) {
  const all = [];
  for await (const chunk of engine.streamRows(q))
    for (const row of chunk)
      all.push(Object.fromEntries(Object.entries(row).map(([k, v]) => [k, typeof v === 'number' ? Number(v.toPrecision(12)) : v])));
  return all;
}

describe('streamWindows', () => {
  it('cuts a Day range into 7-day windows and a Month range at month ends, in output order', () => {
    const plan = (over: Partial<ReportQuery>) => planReport(query(over));
    expect(streamWindows(plan({ dateFrom: '2025-02-03', dateTo: '2025-02-18' }))).toEqual([
      { dateFrom: '2025-02-03', dateTo: '2025-02-09' },
      { dateFrom: '2025-02-10', dateTo: '2025-02-16' },
      { dateFrom: '2025-02-17', dateTo: '2025-02-18' },
    ]);
    expect(streamWindows(plan({ interval: 'Month', dateFrom: '2025-01-20', dateTo: '2025-03-02' }))).toEqual([
      { dateFrom: '2025-01-20', dateTo: '2025-01-31' },
      { dateFrom: '2025-02-01', dateTo: '2025-02-28' },
      { dateFrom: '2025-03-01', dateTo: '2025-03-02' },
    ]);
    expect(streamWindows(plan({ dateFrom: '2025-02-03', dateTo: '2025-02-12', sort: { key: 'date', dir: 'desc' } }))).toEqual([
      { dateFrom: '2025-02-10', dateTo: '2025-02-12' },
      { dateFrom: '2025-02-03', dateTo: '2025-02-09' },
    ]);
    // Sorted by a metric, or no time column: the order spans the range, so one window.
    expect(streamWindows(plan({ sort: { key: 'revenue', dir: 'desc' } }))).toEqual([{ dateFrom: '2025-02-03', dateTo: '2025-03-12' }]);
    expect(streamWindows(plan({ interval: 'Cumulative' }))).toEqual([{ dateFrom: '2025-02-03', dateTo: '2025-03-12' }]);
  });
});

describe('streamed exports read window by window', () => {
  const cases: [string, Partial<ReportQuery>][] = [
    ['Day at the sales grain', {}],
    ['Day, newest first', { dimensions: ['sites', 'product_type'], sort: { key: 'date', dir: 'desc' } }],
    [
      'Day with request metrics and a filter',
      {
        dimensions: ['sites', 'product_type'],
        metrics: ['impRequests', 'impressions', 'fillRate', 'eCpm'],
        filters: [{ dimension: 'product_type', mode: 'exclude', values: ['Video'] }],
      },
    ],
    ['Month over cut months', { interval: 'Month', dimensions: ['sites', 'size', 'brand'], dateFrom: '2025-02-10' }],
    ['Day sorted by revenue (one window)', { dimensions: ['size', 'brand'], sort: { key: 'revenue', dir: 'desc' } }],
  ];
  it.each(cases)(
    '%s: the same CSV bytes and rows as one statement',
    async (_, over) => {
      const q = query(over);
      const bytes = await csv(windowed, q);
      expect(bytes.split('\r\n').length).toBeGreaterThan(40);
      expect(bytes).toBe(await csv(whole, q));
      expect(await rows(windowed, q)).toEqual(await rows(whole, q));
    },
    60_000,
  );
});
