import { afterAll, beforeAll } from 'vitest';
import { REVENUE_METRICS } from '@pc/contracts';
import { chdbExec, type loadChdb } from './chdb-test-exec';
import { ClickHouseReportEngine } from '../../src/report-engine/clickhouse-engine';
import type { ClickHouseExec } from '../../src/report-engine/clickhouse-exec';
import type { ReportQuery } from '../../src/report-engine/report-engine';
import { loadTestFacts } from './test-facts';

/**
 * TEST-ONLY: for a describe block on chDB, a ClickHouse engine on a fresh database with
 * test-facts.ts loaded (before its tests, closed after them), and its connection for statements
 * of the test's own. The fields are set once the block's beforeAll has run.
 */
export function chdbEngineWithFacts(chdb: NonNullable<ReturnType<typeof loadChdb>>): {
  exec: ClickHouseExec;
  engine: ClickHouseReportEngine;
} {
  const fixture = {} as { exec: ClickHouseExec; engine: ClickHouseReportEngine };
  beforeAll(async () => {
    fixture.exec = chdbExec(chdb);
    fixture.engine = new ClickHouseReportEngine(fixture.exec);
    await fixture.engine.init();
    await loadTestFacts(fixture.engine);
  });
  afterAll(async () => {
    await fixture.engine?.close();
  });
  return fixture;
}

/** A revenue report of test-facts.ts' P1 over January and February 2024: every metric, Cumulative, no dimension. */
export const p1RevenueQuery = (over: Partial<ReportQuery>): ReportQuery => ({
  reportType: 'revenue',
  publisherId: 'P1',
  dateFrom: '2024-01-01',
  dateTo: '2024-02-29',
  dimensions: [],
  metrics: [...REVENUE_METRICS],
  interval: 'Cumulative',
  ...over,
});
