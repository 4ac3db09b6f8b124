import type { DuckDBConnection } from '@duckdb/node-api';
import { buildExactDaySql, buildPageSql, buildTotalsSql } from './duckdb-sql';
import type { PeriodCount } from './group-counts';
import type { ReportPlan } from './report-plan';
import { pageWindow } from './time-window';

// The three ways DuckDbReportEngine reads a report page (duckdb-engine.ts picks one per plan).

export interface CountsByPeriod {
  grain: 'day' | 'month';
  counts: PeriodCount[];
}

export interface PageRead {
  raw: Record<string, unknown>[];
  /** The row holding __t_<metric> totals (undefined: no totals, all null). */
  totalsRow: Record<string, unknown> | undefined;
  totalRows: number;
}

/** The whole report aggregated once: page, count and totals in one statement. */
export async function singlePage(conn: DuckDBConnection, plan: ReportPlan): Promise<PageRead> {
  const { sql, params } = buildPageSql(plan);
  const raw = (await conn.runAndReadAll(sql, params)).getRowObjectsJS();
  const head = raw[0];
  return { raw, totalsRow: head, totalRows: typeof head?.__n === 'number' ? head.__n : 0 };
}

/** A Day page at a rollup's exact grain: a top-N scan, and count and totals in one ungrouped pass. */
export async function exactDayPage(conn: DuckDBConnection, plan: ReportPlan): Promise<PageRead | null> {
  const built = buildExactDaySql(plan);
  if (!built) return null;
  const totalsRow = (await conn.runAndReadAll(built.totals.sql, built.totals.params)).getRowObjectsJS()[0];
  const totalRows = typeof totalsRow?.__n === 'number' ? totalsRow.__n : 0;
  if (totalRows === 0 || plan.limit === 0) return { raw: [], totalsRow, totalRows };
  return { raw: (await conn.runAndReadAll(built.page.sql, built.page.params)).getRowObjectsJS(), totalsRow, totalRows };
}

/** Count from stored counts, totals ungrouped, and the page from the periods that hold it. */
export async function windowedPage(conn: DuckDBConnection, plan: ReportPlan, { grain, counts }: CountsByPeriod): Promise<PageRead> {
  const window = pageWindow(plan, counts, grain);
  const totals = buildTotalsSql(plan);
  const totalsRow = (await conn.runAndReadAll(totals.sql, totals.params)).getRowObjectsJS()[0];
  if (window.totalRows === 0 || plan.limit === 0) return { raw: [], totalsRow, totalRows: window.totalRows };
  const page = buildPageSql({ ...plan, dateFrom: window.dateFrom, dateTo: window.dateTo });
  return { raw: (await conn.runAndReadAll(page.sql, page.params)).getRowObjectsJS(), totalsRow, totalRows: window.totalRows };
}
