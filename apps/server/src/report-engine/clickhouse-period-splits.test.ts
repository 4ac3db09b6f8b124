import type { DimensionKey, ReportFilter } from '@pc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chdbExec, loadChdb } from '../../test/reports/chdb-test-exec';
import { ClickHouseReportEngine } from './clickhouse-engine';
import type { PeriodSplitsRequest } from './clickhouse-period-splits';
import { ReportQueryError } from './report-engine';
import { loadTestFacts, roundedForCompare } from '../../test/reports/test-facts';

/*
 * periodSplits answers what the Cumulative report split the same way answers, for every split and
 * period of one request: the same members in the same order, their sums and the count of all.
 * Skipped without chDB, like the engine suite (clickhouse-engine.test.ts).
 */
const chdb = loadChdb();
const SPLITS: DimensionKey[][] = [['sites', 'product_type'], ['size'], ['brand']];
// Overlapping periods: 2024-01-31 counts in both.
const PERIODS = [
  { from: '2024-01-31', to: '2024-02-01' },
  { from: '2024-01-30', to: '2024-01-31' },
] as const;

describe.skipIf(!chdb)('ClickHouse periodSplits (chDB)', () => {
  let engine: ClickHouseReportEngine;
  beforeAll(async () => {
    engine = new ClickHouseReportEngine(chdbExec(chdb!));
    await engine.init();
    await loadTestFacts(engine);
  });
  afterAll(() => engine.close());

  /** The same splits as report queries, one per split and period. */
  const viaReports = (filters: ReportFilter[], limit: number) =>
    Promise.all(
      SPLITS.map((dimensions) =>
        Promise.all(
          PERIODS.map(async (days) => {
            const result = await engine.query({
              reportType: 'revenue',
              publisherId: 'P1',
              dateFrom: days.from,
              dateTo: days.to,
              dimensions,
              metrics: ['revenue', 'impressions'],
              interval: 'Cumulative',
              sort: { key: 'revenue', dir: 'desc' },
              ...(filters.length > 0 ? { filters } : {}),
              limit,
            });
            return {
              rows: result.rows.map((r) => ({
                values: dimensions.map((d) => String(r[d])),
                revenue: r.revenue,
                impressions: r.impressions,
              })),
              totalRows: result.totalRows,
            };
          }),
        ),
      ),
    );
  const request = (filters: ReportFilter[], limit: number): PeriodSplitsRequest => ({
    publisherId: 'P1',
    filters,
    periods: PERIODS,
    splits: SPLITS,
    limit,
  });

  it('gives each split and period the report split the same way, site names included', async () => {
    const splits = await engine.periodSplits(request([], 100));
    expect(roundedForCompare(splits)).toEqual(roundedForCompare(await viaReports([], 100)));
    // Hand-checked: by site x product type on 2024-01-31..02-01, Alpha News Display (3.00) before Beta Blog Display (0.50).
    expect(splits[0]![0]!.rows.map((r) => r.values)).toEqual([
      ['Alpha News', 'Display'],
      ['Beta Blog', 'Display'],
    ]);
    expect(splits[2]![1]!.totalRows).toBe(2);
  });

  it("applies the report's filters, and reads at most `limit` members while counting them all", async () => {
    const filters: ReportFilter[] = [{ dimension: 'brand', mode: 'include', values: ['Acme'] }];
    const splits = await engine.periodSplits(request(filters, 1));
    expect(roundedForCompare(splits)).toEqual(roundedForCompare(await viaReports(filters, 1)));
    expect(splits[0]![1]!).toEqual({ rows: [{ values: ['Alpha News', 'Display'], revenue: 2, impressions: 400 }], totalRows: 3 });
  });

  it('answers a period without facts with no members, and refuses what the report refuses', async () => {
    const empty = await engine.periodSplits({ ...request([], 10), periods: [PERIODS[0], { from: '2023-01-01', to: '2023-01-31' }] });
    expect(empty.map((s) => s[1])).toEqual(SPLITS.map(() => ({ rows: [], totalRows: 0 })));
    await expect(
      engine.periodSplits({ ...request([], 10), periods: [PERIODS[0], { from: '2024-02-30', to: '2024-03-01' }] }),
    ).rejects.toThrow(ReportQueryError);
    await expect(engine.periodSplits({ ...request([], 10), splits: [['product_type', 'sites']] })).rejects.toThrow(ReportQueryError);
  });
});
