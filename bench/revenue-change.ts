import { loadavg } from 'node:os';
import type { ReportEngine, ReportQuery } from '../apps/server/src/report-engine/report-engine';
import { changeSplitsOf } from '../apps/server/src/modules/reports/revenue-change/change-splits';
import { revenueChange } from '../apps/server/src/modules/reports/revenue-change/revenue-change';

/**
 * "What changed" over a year by day of the bench data: the explanation of 2024-04-01..2025-03-15
 * (349 days) against the same number of days one month earlier (2024-03-01..2025-02-14), so both
 * periods read close to a year of daily facts and neither is cut short by the data's start (a
 * compared period without data returns early and would time nothing). Uncached: each call runs all
 * its engine queries (two totals, and the splits for both periods), read as the service reads them
 * (changeSplitsOf: ClickHouse's in one statement).
 */
export const CHANGE_RANGE = { from: '2024-04-01', to: '2025-03-15' };
export const CHANGE_COMPARED = { from: '2024-03-01', to: '2025-02-14' };
export const TARGET_CHANGE_P95_MS = 150;

export async function timeRevenueChange(
  engine: Pick<ReportEngine, 'query'>,
  publisherId: string,
  runs: number,
  timeRuns: (call: () => Promise<unknown>, runs: number) => Promise<{ p50: number; p95: number }>,
): Promise<{ p50: number; p95: number; explained: boolean }> {
  const query = (q: ReportQuery) => engine.query(q);
  const splits = changeSplitsOf(engine, query);
  const call = () => revenueChange(query, { publisherId, filters: [] }, CHANGE_RANGE, CHANGE_COMPARED, '2025-03-16', splits);
  const answer = await call();
  return { ...(await timeRuns(call, runs)), explained: answer.explanation.kind === 'explained' };
}

/** One line per engine: what changed beside the plain report's slowest class, with the target. */
export function printRevenueChange(rows: { label: string; change: { p50: number; p95: number; explained: boolean }; plainP95: number }[]) {
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  console.log(
    `\nWhat changed, ${CHANGE_RANGE.from}..${CHANGE_RANGE.to} against ${CHANGE_COMPARED.from}..${CHANGE_COMPARED.to}, by day (ms; target p95 <= ${TARGET_CHANGE_P95_MS}; load average ${load})`,
  );
  console.log(['engine'.padEnd(30), 'change p50', 'change p95', 'plain report p95 (slowest class)', 'verdict'].join(' | '));
  for (const { label, change, plainP95 } of rows) {
    const ok = change.explained && change.p95 <= TARGET_CHANGE_P95_MS;
    console.log(
      [
        label.padEnd(30),
        change.p50.toFixed(1).padStart(10),
        change.p95.toFixed(1).padStart(10),
        plainP95.toFixed(1).padStart(32),
        ok ? 'OK' : change.explained ? 'MISSED' : 'NOT EXPLAINED',
      ].join(' | '),
    );
  }
}
