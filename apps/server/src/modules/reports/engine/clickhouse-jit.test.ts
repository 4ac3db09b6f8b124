import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVENUE_METRICS } from '@pc/contracts';
import { chdbExec, loadChdb } from './chdb-test-exec';
import { ClickHouseReportEngine } from './clickhouse-engine';
import type { ClickHouseExec } from './clickhouse-exec';
import type { ReportQuery } from './report-engine';
import { loadTestFacts } from './test-facts';

/*
 * Report statements run without ClickHouse's JIT (SETTINGS in clickhouse-sql-parts.ts): it compiles
 * an expression the third time it sees it, inside the statement that triggers it, which made each
 * report shape's fourth call 20-85 ms slower. chDB counts compilations in system.events for the
 * whole process (one test file per process: vitest's forks pool).
 */
const chdb = loadChdb();
const query = (over: Partial<ReportQuery>): ReportQuery => ({
  reportType: 'revenue',
  publisherId: 'P1',
  dateFrom: '2024-01-15',
  dateTo: '2024-02-29',
  dimensions: [],
  metrics: [...REVENUE_METRICS],
  interval: 'Cumulative',
  ...over,
});

describe.skipIf(!chdb)('ClickHouse report statements and JIT', () => {
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

  const compiled = async () => {
    const rows = await exec.query<{ value: number }>(`SELECT value FROM system.events WHERE event = 'CompileFunction'`);
    return Number(rows[0]?.value ?? 0);
  };

  it('five calls of each report shape compile nothing', async () => {
    const shapes = [
      query({ interval: 'Month', dimensions: ['sites'] }),
      query({ interval: 'Day', dimensions: ['sites', 'size', 'brand'], metrics: ['impressions', 'revenue', 'cpm'] }),
      query({ interval: 'Day', dimensions: ['product_type', 'deal_name'] }),
      query({}),
    ];
    const before = await compiled();
    for (const shape of shapes) {
      for (let n = 0; n < 5; n += 1) expect((await engine.query(shape)).totalRows).toBeGreaterThan(0);
    }
    expect(await compiled()).toBe(before);
  });
});
