import type { Db } from '../../../db/pool';
import { dataLoadsRepo } from '../data-loads.repo';

/**
 * The demo generator's report fact loads, one per report type, so they appear in the console's
 * Data loads like any other ingestion.
 */
export async function seedDemoLoads(
  db: Db,
  run: { startedAt: Date; daysReplaced: number; rows: { revenue: number; recirculation: number } },
): Promise<void> {
  for (const reportType of ['revenue', 'recirculation'] as const)
    await dataLoadsRepo(db).record({
      reportType,
      source: 'generated sample facts',
      via: 'demo',
      status: 'applied',
      startedAt: run.startedAt,
      rowsApplied: run.rows[reportType],
      daysReplaced: run.daysReplaced,
      rejectedRows: 0,
      errors: [],
    });
}
