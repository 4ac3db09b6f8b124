import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DuckDbReportEngine } from './duckdb-engine';
import { columnsOf } from './dimension-columns';
import { COUNTED_DIMENSIONS, groupCountMask } from './group-counts';
import { MONTH_SOURCES, splitByMonths } from './month-rollups';
import { DUCKDB_SALES_ROLLUPS, exactDayRollup, salesTableFor } from './sales-rollups';
import { TEST_REQUESTS, TEST_SALES, TEST_SITES } from '../../test/reports/test-facts';

/** Rows of a rollup that differ from summing revenue_sales by hand, both ways. */
async function mismatches(engine: DuckDbReportEngine): Promise<number> {
  let total = 0;
  for (const r of DUCKDB_SALES_ROLLUPS) {
    const cols = ['date', 'publisher_id', ...columnsOf(r.dimensions)].join(', ');
    const expected = `SELECT ${cols}, sum(impressions)::BIGINT, round(sum(revenue), 9), round(sum(net_revenue), 9) FROM revenue_sales GROUP BY ALL`;
    const actual = `SELECT ${cols}, impressions, round(revenue, 9), round(net_revenue, 9) FROM ${r.table}`;
    const [row] = await engine.runSql(
      `SELECT ((SELECT count(*) FROM (${expected} EXCEPT ${actual})) + (SELECT count(*) FROM (${actual} EXCEPT ${expected})))::DOUBLE AS n`,
    );
    total += Number(row?.n);
  }
  // Month copies: the same sums per calendar month, from the facts themselves.
  for (const m of MONTH_SOURCES) {
    const source = m.table === 'revenue_requests' ? 'revenue_requests' : 'revenue_sales';
    const keys = ['publisher_id', ...m.keys].join(', ');
    const sums = Object.keys(m.sums);
    const expected = `SELECT date_trunc('month', date)::DATE AS date, ${keys}, ${sums.map((c) => `round(sum(${c}), 9)`).join(', ')} FROM ${source} GROUP BY ALL`;
    const actual = `SELECT date, ${keys}, ${sums.map((c) => `round(${c}, 9)`).join(', ')} FROM ${m.table}_m`;
    const [row] = await engine.runSql(
      `SELECT ((SELECT count(*) FROM (${expected} EXCEPT ${actual})) + (SELECT count(*) FROM (${actual} EXCEPT ${expected})))::DOUBLE AS n`,
    );
    total += Number(row?.n);
  }
  return total + (await countMismatches(engine));
}

/** Stored group counts that differ from counting the facts' groups, per day and per month, both ways. */
async function countMismatches(engine: DuckDbReportEngine): Promise<number> {
  const counted = columnsOf(COUNTED_DIMENSIONS).join(', ');
  const sets: string[] = [];
  for (let bits = 1; bits < 16; bits += 1) {
    const dims = COUNTED_DIMENSIONS.filter((_, n) => bits & (1 << n));
    if (groupCountMask(dims) !== null) sets.push(`(pub, period, ${columnsOf(dims).join(', ')})`);
  }
  expect(sets).toHaveLength(12);
  let total = 0;
  for (const [grain, period] of [
    ['day', 'date'],
    ['month', `date_trunc('month', date)::DATE`],
  ]) {
    const expected = `SELECT pub, period, g, count(*)::BIGINT FROM (
        SELECT pub, period, GROUPING(${counted}) AS g FROM (SELECT publisher_id AS pub, ${period} AS period, ${counted} FROM revenue_sales)
        GROUP BY GROUPING SETS (${sets.join(', ')})
      ) GROUP BY ALL`;
    const actual = `SELECT publisher_id, period, dims_mask, groups::BIGINT FROM sales_group_counts WHERE grain = '${grain}'`;
    const [row] = await engine.runSql(
      `SELECT ((SELECT count(*) FROM (${expected} EXCEPT ${actual})) + (SELECT count(*) FROM (${actual} EXCEPT ${expected})))::DOUBLE AS n`,
    );
    total += Number(row?.n);
  }
  return total;
}

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('sales rollups', () => {
  it('picks the smallest rollup that has every dimension', () => {
    expect(salesTableFor([])).toBe('revenue_sales_by_site_type');
    expect(salesTableFor(['product_type'])).toBe('revenue_sales_by_site_type');
    expect(salesTableFor(['deal_name'])).toBe('revenue_sales_by_deal');
    expect(salesTableFor(['sites', 'size', 'brand'])).toBe('revenue_sales_by_size_brand');
    expect(salesTableFor(['size', 'deal_id'])).toBe('revenue_sales');
  });

  it("reads a Day report at a rollup's exact grain without summing, with the same rows as summing the sales", async () => {
    expect(exactDayRollup(['brand', 'sites', 'size'], [])).toBe('revenue_sales_by_site_size_brand');
    expect(exactDayRollup(['sites', 'size', 'brand'], ['product_type'])).toBeNull();
    expect(exactDayRollup(['sites', 'size'], [])).toBe('revenue_sales_by_site_size');
    expect(exactDayRollup(['sites', 'brand'], [])).toBeNull();
    const engine = new DuckDbReportEngine(':memory:');
    await engine.init();
    await engine.upsertSites(TEST_SITES);
    await engine.ingest({ reportType: 'revenue', requests: TEST_REQUESTS, sales: TEST_SALES });
    for (const filters of [[], [{ dimension: 'brand' as const, mode: 'exclude' as const, values: ['Acme'] }]]) {
      const result = await engine.query({
        reportType: 'revenue',
        publisherId: 'P1',
        dateFrom: '2024-01-01',
        dateTo: '2024-02-29',
        dimensions: ['sites', 'size', 'brand'],
        metrics: ['revenue', 'impressions', 'cpm'],
        interval: 'Day',
        filters,
        sort: { key: 'revenue', dir: 'desc' },
      });
      const exclude = filters.length ? `AND brand <> 'Acme'` : '';
      const expected = await engine.runSql(
        `SELECT strftime(date, '%Y-%m-%d') AS date, COALESCE(st.name, site_id) AS sites, size, brand, sum(revenue) AS revenue,
                sum(impressions)::DOUBLE AS impressions, sum(revenue) * 1000.0 / NULLIF(sum(impressions), 0) AS cpm
         FROM revenue_sales s LEFT JOIN sites st ON st.id = s.site_id
         WHERE s.publisher_id = 'P1' AND date BETWEEN DATE '2024-01-01' AND DATE '2024-02-29' ${exclude}
         GROUP BY ALL ORDER BY revenue DESC, date, impressions DESC, sites, size, brand`,
      );
      expect(expected.length).toBeGreaterThan(1);
      expect(result.totalRows).toBe(expected.length);
      expect(result.rows.map(({ estimated: _, ...r }) => r)).toEqual(expected);
    }
    await engine.close();
  });

  it('splits a range into whole months and cut edges', () => {
    expect(splitByMonths('2024-01-01', '2024-02-29')).toEqual({ wholeFrom: '2024-01-01', wholeTo: '2024-02-29', head: null, tail: null });
    expect(splitByMonths('2023-12-31', '2024-03-15')).toEqual({
      wholeFrom: '2024-01-01',
      wholeTo: '2024-02-29',
      head: { from: '2023-12-31', to: '2023-12-31' },
      tail: { from: '2024-03-01', to: '2024-03-15' },
    });
    expect(splitByMonths('2024-01-02', '2024-01-31')).toBeNull();
    expect(splitByMonths('2024-01-15', '2024-02-14')).toBeNull();
  });

  it('Month and Cumulative reports read whole months from the month copies and cut months from day rows', async () => {
    const engine = new DuckDbReportEngine(':memory:');
    await engine.init();
    await engine.upsertSites(TEST_SITES);
    await engine.ingest({ reportType: 'revenue', requests: TEST_REQUESTS, sales: TEST_SALES });
    // Mark the month copies: a figure that only they hold shows which rows a report read.
    for (const m of MONTH_SOURCES) {
      const col = m.table === 'revenue_requests' ? 'imp_requests' : 'impressions';
      await engine.runSql(`UPDATE ${m.table}_m SET ${col} = ${col} + 1000000`);
    }
    const query = (dateFrom: string, dateTo: string, interval: 'Month' | 'Cumulative') =>
      engine.query({
        reportType: 'revenue',
        publisherId: 'P1',
        dateFrom,
        dateTo,
        dimensions: ['sites', 'size', 'brand'],
        metrics: ['impressions'],
        interval,
        sort: { key: 'impressions', dir: 'desc' },
      });
    // January whole (4 rows read from the copy), February cut at the 28th (summed from days).
    const month = await query('2024-01-01', '2024-02-28', 'Month');
    expect(month.rows.map((r) => [r.month, r.impressions])).toEqual([
      ['2024-01', 1_000_400],
      ['2024-01', 1_000_250],
      ['2024-01', 1_000_100],
      ['2024-01', 1_000_050],
      ['2024-02', 600],
    ]);
    const cumulative = await query('2024-01-02', '2024-02-29', 'Cumulative');
    expect(cumulative.totals.impressions).toBe(1_000_600 + 400 + 100 + 50 + 250);
    await engine.close();
  });

  it('stays equal to the sales it sums through ingests and day replacements', async () => {
    const engine = new DuckDbReportEngine(':memory:');
    await engine.init();
    await engine.ingest({ reportType: 'revenue', requests: TEST_REQUESTS, sales: TEST_SALES });
    const [count] = await engine.runSql('SELECT count(*)::DOUBLE AS n FROM revenue_sales_by_size_brand');
    expect(count?.n).toBeGreaterThan(0);
    expect(await mismatches(engine)).toBe(0);
    // Replace 2024-01-30 for P1 with one row: the rollups must drop the old rows of that day.
    const replacement = { ...TEST_SALES[0]!, impressions: 7, revenue: 0.07, netRevenue: 0.05 };
    await engine.ingest({ reportType: 'revenue', requests: [], sales: [replacement] });
    expect(await mismatches(engine)).toBe(0);
    const [day] = await engine.runSql(
      `SELECT sum(impressions)::DOUBLE AS i FROM revenue_sales_by_site_type WHERE publisher_id = 'P1' AND date = DATE '2024-01-30'`,
    );
    expect(day?.i).toBe(7);
    await engine.close();
  });

  it('are rebuilt once when a file from before them is opened', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-rollups-'));
    chmodSync(dir, 0o755);
    dirs.push(dir);
    const file = path.join(dir, 'facts.duckdb');
    const first = new DuckDbReportEngine(file);
    await first.init();
    await first.upsertSites(TEST_SITES);
    await first.ingest({ reportType: 'revenue', requests: TEST_REQUESTS, sales: TEST_SALES });
    // What an older version left behind: facts, but no derived rows and no layout version.
    for (const r of DUCKDB_SALES_ROLLUPS) await first.runSql(`DELETE FROM ${r.table}`);
    for (const m of MONTH_SOURCES) await first.runSql(`DELETE FROM ${m.table}_m`);
    await first.runSql('DELETE FROM sales_group_counts');
    await first.runSql(`DELETE FROM engine_meta`);
    await first.close();

    const reopened = new DuckDbReportEngine(file);
    await reopened.init();
    expect(await mismatches(reopened)).toBe(0);
    const [counts] = await reopened.runSql('SELECT count(*)::DOUBLE AS n FROM sales_group_counts');
    expect(counts?.n).toBeGreaterThan(0);
    await reopened.close();
  });
});
