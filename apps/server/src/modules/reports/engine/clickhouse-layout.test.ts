import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVENUE_METRICS } from '@pc/contracts';
import { chdbExec, loadChdb } from './chdb-test-exec';
import { ClickHouseReportEngine } from './clickhouse-engine';
import type { ClickHouseExec } from './clickhouse-exec';
import { DERIVED_TABLES } from './clickhouse-derived';
import type { ReportQuery } from './report-engine';
import { loadTestFacts } from './test-facts';

/*
 * ClickHouse's derived tables (clickhouse-derived.ts) outside ingest(): a database at layout 1 is
 * rebuilt once on start, and facts loaded around ingestion (the bench's copy) are summed by
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
    return { month: [month.totalRows, month.totals], day: [day.totalRows, day.totals, day.rows] };
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
