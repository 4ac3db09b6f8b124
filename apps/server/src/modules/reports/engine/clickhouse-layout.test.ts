import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVENUE_METRICS } from '@pc/contracts';
import { chdbExec, loadChdb } from './chdb-test-exec';
import { ClickHouseReportEngine } from './clickhouse-engine';
import type { ClickHouseExec } from './clickhouse-exec';
import { BOTH_GRAINS_TABLE, DAY_ROWS, DERIVED_TABLES } from './clickhouse-derived';
import type { ReportQuery } from './report-engine';
import { loadTestFacts } from './test-facts';

/*
 * ClickHouse's derived tables (clickhouse-derived.ts) outside ingest(): a database at layout 1 is
 * rebuilt once on start, one at layout 2 gains its request and sales sums side by side and its month copies' row counts, and facts loaded around ingestion (the bench's copy) are summed by
 * rebuildDerived. Figures: test-facts.ts (P1, 2024-01-30..2024-02-01: r 2500, i 1400, rv 8).
 */
const chdb = loadChdb();
const query = (over: Partial<ReportQuery>): ReportQuery => ({
  reportType: 'revenue',
  publisherId: 'P1',
  dateFrom: '2024-01-01',
  dateTo: '2024-02-29',
  dimensions: [],
  metrics: [...REVENUE_METRICS],
  interval: 'Cumulative',
  ...over,
});

describe.skipIf(!chdb)('ClickHouse derived tables', () => {
  let exec: ClickHouseExec;
  let engine: ClickHouseReportEngine;
  beforeAll(async () => {
    exec = chdbExec(chdb!);
    engine = new ClickHouseReportEngine(exec);
    await engine.init();
    await loadTestFacts(engine);
  });
  afterAll(async () => {
    await engine.close();
  });

  const figures = async () => {
    const month = await engine.query(query({ interval: 'Month', dimensions: ['sites', 'size', 'brand'] }));
    const day = await engine.query(query({ interval: 'Day', dimensions: ['size'], metrics: ['impressions', 'revenue'] }));
    // Request and sales metrics: read from BOTH_GRAINS_TABLE and its month copy.
    const both = await engine.query(query({ interval: 'Month', dimensions: ['sites'], dateTo: '2024-02-15' }));
    // An exact Day grain of three dimensions: its row count from the month copies' DAY_ROWS.
    const exact = await engine.query(query({ interval: 'Day', dimensions: ['sites', 'size', 'brand'], metrics: ['impressions'] }));
    return {
      exact: [exact.totalRows, exact.totals],
      month: [month.totalRows, month.totals],
      day: [day.totalRows, day.totals, day.rows],
      both: [both.totalRows, both.totals, both.rows],
    };
  };

  it('a layout 1 database (views, no layout row) is rebuilt on start: same figures', async () => {
    const expected = await figures();
    expect(expected.month[0]).toBe(5);
    expect(expected.month[1]).toMatchObject({ impressions: 1400, revenue: 8 });
    // Layout 1: a view on the facts, derived tables out of step, no layout recorded.
    await exec.command('TRUNCATE TABLE engine_meta');
    await exec.command('CREATE VIEW revenue_sales_by_deal_mv AS SELECT 1 AS x');
    for (const table of DERIVED_TABLES) await exec.command(`TRUNCATE TABLE ${table}`);
    expect((await engine.query(query({}))).totals.impressions).toBe(0);
    await engine.init();
    expect(await figures()).toEqual(expected);
    const views = await exec.query(`SELECT name FROM system.tables WHERE database = currentDatabase() AND name LIKE '%\\_mv'`);
    expect(views).toEqual([]);
  });

  it('a layout 2 database (no request and sales sums side by side, no month copy row counts) is rebuilt on start: same figures', async () => {
    const expected = await figures();
    expect(expected.both[1]).toMatchObject({ impRequests: 2500, impressions: 1400, revenue: 8 });
    expect(expected.exact[0]).toBeGreaterThan(0);
    await exec.command('TRUNCATE TABLE engine_meta');
    await exec.insert('engine_meta', [{ key: 'layout_version', value: 2, version: 1 }]);
    for (const table of [BOTH_GRAINS_TABLE, `${BOTH_GRAINS_TABLE}_m`]) await exec.command(`DROP TABLE ${table}`);
    const monthCopies = DERIVED_TABLES.filter((t) => t.endsWith('_m') && !t.startsWith(BOTH_GRAINS_TABLE));
    expect(monthCopies.length).toBeGreaterThan(5);
    for (const table of monthCopies) await exec.command(`ALTER TABLE ${table} DROP COLUMN ${DAY_ROWS}`);
    await engine.init();
    expect(await figures()).toEqual(expected);
  });

  it('facts loaded around ingest() are summed by rebuildDerived', async () => {
    const expected = await figures();
    await exec.command(`INSERT INTO revenue_sales SELECT * FROM revenue_sales WHERE publisher_id = 'P1'`);
    await exec.command(`INSERT INTO revenue_requests SELECT * FROM revenue_requests WHERE publisher_id = 'P1'`);
    await engine.rebuildDerived();
    const doubled = await engine.query(query({ interval: 'Month', dimensions: ['sites'] }));
    expect(doubled.totals).toMatchObject({ impRequests: 5000, impressions: 2800, revenue: 16 });
    const day = await engine.query(query({ interval: 'Day', dimensions: ['size'], metrics: ['impressions', 'revenue'] }));
    expect(day.totalRows).toBe(expected.day[0]);
    expect(day.totals).toMatchObject({ impressions: 2800, revenue: 16 });
  });
});
