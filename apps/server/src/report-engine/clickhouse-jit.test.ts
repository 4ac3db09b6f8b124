import { describe, expect, it } from 'vitest';
import { chdbEngineWithFacts, p1RevenueQuery } from '../../test/reports/chdb-facts-engine';
import { loadChdb } from '../../test/reports/chdb-test-exec';
import type { ReportQuery } from './report-engine';

/*
 * Report statements run without ClickHouse's JIT (SETTINGS in clickhouse-sql-parts.ts): it compiles
 * an expression the third time it sees it, inside the statement that triggers it, which made each
 * report shape's fourth call 20-85 ms slower. chDB counts compilations in system.events for the
 * whole process (one test file per process: vitest's forks pool).
 */
const chdb = loadChdb();
// From mid-January: a Month report has cut days besides its month copy.
const query = (over: Partial<ReportQuery>): ReportQuery => p1RevenueQuery({ dateFrom: '2024-01-15', ...over });

describe.skipIf(!chdb)('ClickHouse report statements and JIT', () => {
  const ch = chdbEngineWithFacts(chdb!);

  const compiled = async () => {
    const rows = await ch.exec.query<{ value: number }>(`SELECT value FROM system.events WHERE event = 'CompileFunction'`);
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
      for (let n = 0; n < 5; n += 1) expect((await ch.engine.query(shape)).totalRows).toBeGreaterThan(0);
    }
    expect(await compiled()).toBe(before);
  });
});
