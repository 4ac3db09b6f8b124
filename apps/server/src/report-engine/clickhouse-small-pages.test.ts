import type { DimensionKey, MetricKey } from '@pc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chdbExec, loadChdb } from '../../test/reports/chdb-test-exec';
import { engineWithTestFacts, loadTestFacts, roundedForCompare } from '../../test/reports/test-facts';
import type { DuckDbReportEngine } from './duckdb-engine';
import { ClickHouseReportEngine } from './clickhouse-engine';
import { expectsFewRows, totalsOfWholePage } from './clickhouse-small-pages';
import { planReport } from './report-plan';
import type { ReportQuery } from './report-engine';

const METRICS: MetricKey[] = ['impRequests', 'impressions', 'fillRate', 'revenue', 'netRevenue', 'eCpm', 'cpm'];
const query = (dimensions: DimensionKey[], extra: Partial<ReportQuery> = {}): ReportQuery => ({
  reportType: 'revenue',
  publisherId: 'P1',
  dateFrom: '2024-01-30',
  dateTo: '2024-02-01',
  dimensions,
  metrics: METRICS,
  interval: 'Cumulative',
  ...extra,
});

describe('few-row pages', () => {
  it('are guessed from the shape: Cumulative with up to two dimensions, Month with none', () => {
    expect(expectsFewRows(planReport(query(['sites', 'product_type'])))).toBe(true);
    expect(expectsFewRows(planReport(query(['sites', 'size', 'brand'])))).toBe(false);
    expect(expectsFewRows(planReport(query([], { interval: 'Month' })))).toBe(true);
    expect(expectsFewRows(planReport(query(['sites'], { interval: 'Month' })))).toBe(false);
    expect(expectsFewRows(planReport(query([], { interval: 'Day' })))).toBe(false);
  });

  it('sum every part of the page, leaving out what was not read, with the finalized date of its rows', () => {
    const plan = planReport(query(['sites']));
    const rows = [
      { __p_r: null, __p_i: '7', __p_rv: 0.1, __p_nrv: 0.05, __fin: '2024-01-31' },
      { __p_r: null, __p_i: 3, __p_rv: 0.2, __p_nrv: 0.15, __fin: '2024-01-31' },
    ];
    expect(totalsOfWholePage(plan, rows)).toEqual({
      __n: 2,
      __fin: '2024-01-31',
      __s_r: 0,
      __s_i: 10,
      __s_rv: 0.1 + 0.2,
      __s_nrv: 0.05 + 0.15,
    });
    expect(totalsOfWholePage(plan, [])).toEqual({ __n: 0, __fin: null, __s_r: 0, __s_i: 0, __s_rv: 0, __s_nrv: 0 });
  });
});

/*
 * Read without window sums, a few-row report answers what DuckDB answers over the same facts: the
 * same rows, row count and totals whether its page holds every row (totals summed from it), is
 * full (totals read by a second statement) or is empty. Skipped without chDB, like the engine suite.
 */
const chdb = loadChdb();
describe.skipIf(!chdb)('few-row pages on ClickHouse (chDB)', () => {
  let engine: ClickHouseReportEngine;
  let duck: DuckDbReportEngine;
  beforeAll(async () => {
    engine = new ClickHouseReportEngine(chdbExec(chdb!));
    await engine.init();
    await loadTestFacts(engine);
    duck = await engineWithTestFacts();
  });
  afterAll(async () => {
    await engine.close();
    await duck.close();
  });

  it.each([
    ['Cumulative by site and type, every row on the page', query(['sites', 'product_type'])],
    ['Cumulative by site and type, a full page', query(['sites', 'product_type'], { limit: 2 })],
    ['Cumulative by size, sorted by a ratio', query(['size'], { sort: { key: 'eCpm', dir: 'asc' } })],
    ['Month, nothing matches', query([], { interval: 'Month', dateFrom: '2023-01-01', dateTo: '2023-02-28' })],
  ])('%s: as DuckDB answers', async (_, q) => {
    expect(expectsFewRows(planReport(q))).toBe(true);
    const [few, reference] = await Promise.all([engine.query(q), duck.query(q)]);
    expect(few.totalRows).toBe(reference.totalRows);
    expect(roundedForCompare(few.rows)).toEqual(roundedForCompare(reference.rows));
    expect(roundedForCompare(few.totals)).toEqual(roundedForCompare(reference.totals));
  });
});
