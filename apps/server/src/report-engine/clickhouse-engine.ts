import type { ReportType } from '@pc/contracts';
import { ensureChLayout, rebuildDerived } from './clickhouse-derived';
import { beginClickHouseIngest, finishInterrupted, hasInterrupted } from './clickhouse-ingest';
import type { ClickHouseExec } from './clickhouse-exec';
import { chPeriodSplits, type PeriodSplit, type PeriodSplitsRequest } from './clickhouse-period-splits';
import { clickHouseSchema } from './clickhouse-schema';
import type { FinalizedColumn } from './clickhouse-sql-parts';
import { ingestWhole } from './fact-keys';
import { chDailyRevenueSeriesSql, fromChDailyRevenue, type ChDailyRevenueRow } from './daily-revenue-series';
import {
  buildChPageSql,
  buildChPageWithTotalsSql,
  buildChStreamSql,
  buildChSummarySql,
  buildChTotalsSql,
  isExactDayPlan,
} from './clickhouse-sql';
import { buildChSalesBreakdownSql, buildChSalesByAttributeSql } from './clickhouse-sales-sql';
import { expectsFewRows, totalsOfWholePage } from './clickhouse-small-pages';
import { estimatedFromFor, markEstimated } from './estimated';
import { metricValues } from './metric-values';
import { pickColumns, rowOfCells, toCell } from './result-rows';
import { isValidIsoDate, planReport, type ReportPlan } from './report-plan';
import {
  ReportQueryError,
  type ColumnChunk,
  type DailyRevenueSeries,
  type FactBatch,
  type FactIngest,
  type IngestSummary,
  type KnownReportFacts,
  type ReportEngine,
  type ReportQuery,
  type ReportResult,
  type ReportRow,
  type ReportSummary,
  type SalesAttribute,
  type SalesAttributeRow,
  type SalesBreakdownRow,
  type SiteRecord,
} from './report-engine';

/** The plan's totals from a row of summed parts (`__s_<part>`): none when nothing matched. */
const totalsOf = (plan: ReportPlan, row: Record<string, unknown> | undefined) =>
  metricValues(plan.metrics, plan.unavailableMetrics, row ?? {}, '__s_');

/**
 * ClickHouse implementation (selected by CLICKHOUSE_URL), for when publishers outgrow one machine:
 * any number of server processes read and write it at once, unlike DuckDB's single writer.
 *
 * Day replacement stages the rows first, then replaces the staged (publisher, day) pairs from the
 * staging tables inside ClickHouse (clickhouse-ingest.ts: what holds when it is interrupted).
 */
export class ClickHouseReportEngine implements ReportEngine {
  /** Versions for last-write-wins rows: increasing within a process, time-based across them. */
  private lastVersion = 0;

  constructor(private readonly ch: ClickHouseExec) {}

  /** The connection, for what else lives in the same ClickHouse database (site-tag events). */
  get connection(): ClickHouseExec {
    return this.ch;
  }

  async init(): Promise<void> {
    for (const ddl of clickHouseSchema()) await this.ch.command(ddl);
    await ensureChLayout(this.ch);
  }

  /** Refills every rollup and month copy from the facts: for facts loaded around ingest() (the bench's bulk copy). */
  rebuildDerived(): Promise<void> {
    return rebuildDerived(this.ch);
  }

  close(): Promise<void> {
    return this.ch.close();
  }

  async ingest(batch: FactBatch): Promise<IngestSummary> {
    return ingestWhole(await this.beginIngest(batch.reportType), batch);
  }

  /** Staged, then published from the staging tables (clickhouse-ingest.ts). */
  beginIngest(reportType: ReportType): Promise<FactIngest> {
    return beginClickHouseIngest(this.ch, reportType);
  }

  /** A publish whose process died, finished from its staging tables (clickhouse-ingest.ts); under the ingest lock. */
  async finishInterruptedIngests(underLock: <T>(finish: () => Promise<T>) => Promise<T>): Promise<{ publisherIds: string[] }> {
    if (!(await hasInterrupted(this.ch))) return { publisherIds: [] };
    return underLock(() => finishInterrupted(this.ch));
  }

  async upsertSites(sites: readonly SiteRecord[]): Promise<void> {
    const version = this.nextVersion();
    await this.ch.insert(
      'sites',
      sites.map((s) => ({ id: s.id, publisher_id: s.publisherId, name: s.name, version })),
    );
  }

  async setFinalizedThrough(publisherId: string, reportType: ReportType, date: string): Promise<void> {
    if (!isValidIsoDate(date)) throw new ReportQueryError('The finalized date must be YYYY-MM-DD.');
    await this.ch.insert('finalized_through', [{ publisher_id: publisherId, report_type: reportType, date, version: this.nextVersion() }]);
  }

  async getFinalizedThrough(publisherId: string, reportType: ReportType): Promise<string | null> {
    const rows = await this.ch.query<{ d: string }>(
      `SELECT toString(argMax(date, version)) AS d FROM finalized_through
       WHERE publisher_id = {pub:String} AND report_type = {type:String} HAVING count() > 0`,
      { pub: publisherId, type: reportType },
    );
    return rows[0]?.d ?? null;
  }

  async salesBreakdown(publisherId: string, dateFrom: string, dateTo: string, byBrand: boolean): Promise<SalesBreakdownRow[]> {
    if (!isValidIsoDate(dateFrom) || !isValidIsoDate(dateTo)) throw new ReportQueryError('Dates must be YYYY-MM-DD.');
    const { sql, params } = buildChSalesBreakdownSql(publisherId, dateFrom, dateTo, byBrand);
    const rows = await this.ch.query<{ site: string; b: string; nrv: number; imps: number }>(sql, params);
    return rows.map((r) => ({ siteId: r.site, brand: r.b, netRevenue: Number(r.nrv), impressions: Number(r.imps) }));
  }

  async salesByAttribute(publisherId: string, dateFrom: string, dateTo: string, attribute: SalesAttribute): Promise<SalesAttributeRow[]> {
    if (!isValidIsoDate(dateFrom) || !isValidIsoDate(dateTo)) throw new ReportQueryError('Dates must be YYYY-MM-DD.');
    const { sql, params } = buildChSalesByAttributeSql(publisherId, dateFrom, dateTo, attribute);
    const rows = await this.ch.query<{ site: string; v: string; nrv: number; imps: number }>(sql, params);
    return rows.map((r) => ({ siteId: r.site, value: r.v, netRevenue: Number(r.nrv), impressions: Number(r.imps) }));
  }

  async dailyRevenueSeries(publisherIds: readonly string[], dateFrom: string, dateTo: string): Promise<DailyRevenueSeries[]> {
    if (!isValidIsoDate(dateFrom) || !isValidIsoDate(dateTo)) throw new ReportQueryError('Dates must be YYYY-MM-DD.');
    if (publisherIds.length === 0) return [];
    const { sql, params } = chDailyRevenueSeriesSql(publisherIds, dateFrom, dateTo);
    return (await this.ch.query<ChDailyRevenueRow>(sql, params)).map(fromChDailyRevenue);
  }

  async query(query: ReportQuery, known: KnownReportFacts = {}): Promise<ReportResult> {
    const plan = planReport(query);
    // The statements carry the finalized date (`__fin`) only when the caller does not know it, so a
    // report is still one round trip (two at an exact grain or for a full page without window sums).
    const withFin: FinalizedColumn = { finalized: known.finalizedThrough === undefined };
    let totalsRow: Record<string, unknown> | undefined;
    let raw: Record<string, unknown>[] = [];
    if (isExactDayPlan(plan)) {
      // Rows as stored: the count and totals are an ungrouped pass, the page a top-N scan.
      const totalsSql = buildChTotalsSql(plan, withFin);
      const pageSql = buildChPageSql(plan);
      [totalsRow, raw] = await Promise.all([
        this.ch.query(totalsSql.sql, totalsSql.params).then((r) => r[0]),
        plan.limit > 0 ? this.ch.query(pageSql.sql, pageSql.params) : Promise.resolve([]),
      ]);
    } else {
      if (plan.limit > 0 && expectsFewRows(plan)) {
        const pageSql = buildChPageSql(plan, withFin);
        raw = await this.ch.query(pageSql.sql, pageSql.params);
        if (raw.length > 0 && raw.length < plan.limit) totalsRow = totalsOfWholePage(plan, raw);
      } else if (plan.limit > 0) {
        const pageSql = buildChPageWithTotalsSql(plan, withFin);
        raw = await this.ch.query(pageSql.sql, pageSql.params);
        totalsRow = raw[0];
      }
      // No page (limit 0), no rows, or a full page without window sums: the totals alone (zeros,
      // null ratios when nothing matched).
      if (!totalsRow) {
        const totalsSql = buildChTotalsSql(plan, withFin);
        totalsRow = (await this.ch.query(totalsSql.sql, totalsSql.params))[0];
      }
    }
    const totalRows = Number(totalsRow?.__n ?? 0);
    const finalized = withFin.finalized ? totalsRow?.__fin : known.finalizedThrough;
    const estimatedFrom = estimatedFromFor(plan, typeof finalized === 'string' ? finalized : null);
    const totals = totalsOf(plan, totalsRow);
    // The rows carry their base sums (`__p_<part>`); the metrics are computed here (metric-values.ts).
    const rows: ReportRow[] = raw.map((r) =>
      markEstimated(
        plan,
        estimatedFrom,
        pickColumns(plan.columns, { ...r, ...metricValues(plan.metrics, plan.unavailableMetrics, r, '__p_') }),
      ),
    );
    return {
      columns: plan.columns,
      rows,
      totalRows,
      totals,
      unavailableMetrics: plan.unavailableMetrics,
      ...(estimatedFrom ? { estimatedFrom } : {}),
    };
  }

  /** Splits over two periods in one statement, for "what changed" (clickhouse-period-splits.ts). */
  periodSplits(req: PeriodSplitsRequest): Promise<PeriodSplit[][]> {
    return chPeriodSplits(this.ch, req);
  }

  /** Totals from one ungrouped aggregate: an export counts its rows as it writes them. */
  async summarize(query: ReportQuery): Promise<ReportSummary> {
    const plan = planReport({ ...query, limit: 0 });
    const { sql, params } = buildChSummarySql(plan);
    const [finalized, totalsRows] = await Promise.all([
      this.getFinalizedThrough(plan.publisherId, plan.reportType),
      this.ch.query(sql, params),
    ]);
    const totals = totalsOf(plan, totalsRows[0]);
    const estimatedFrom = estimatedFromFor(plan, finalized);
    return { columns: plan.columns, totals, unavailableMetrics: plan.unavailableMetrics, ...(estimatedFrom ? { estimatedFrom } : {}) };
  }

  async *streamRows(query: ReportQuery): AsyncIterable<ReportRow[]> {
    const plan = planReport(query);
    const estimatedFrom = estimatedFromFor(plan, await this.getFinalizedThrough(plan.publisherId, plan.reportType));
    const { sql, params } = buildChStreamSql(plan);
    // The statement selects the plan's columns in order (streamColumns reads them by position too).
    for await (const rows of this.ch.streamArrays(sql, params)) {
      yield rows.map((cells) => markEstimated(plan, estimatedFrom, rowOfCells(plan.columns, cells)));
    }
  }

  /**
   * Exports' path: the rows of streamRows as column arrays, from JSONCompactEachRow blocks pulled
   * one at a time (the writer's pace holds the query back), so neither side keeps the result.
   */
  async *streamColumns(query: ReportQuery): AsyncIterable<ColumnChunk> {
    const plan = planReport(query);
    const { sql, params } = buildChStreamSql(plan);
    const width = plan.columns.length;
    for await (const rows of this.ch.streamArrays(sql, params)) {
      const columns = Array.from({ length: width }, () => new Array<string | number | null>(rows.length));
      rows.forEach((row, i) => {
        for (let n = 0; n < width; n += 1) columns[n]![i] = toCell(row[n]);
      });
      yield { rowCount: rows.length, columns };
    }
  }

  /** Raw SQL with bound parameters: for the bench's baseline and tests. */
  runSql(sql: string, params: Record<string, string | number> = {}): Promise<Record<string, unknown>[]> {
    return this.ch.query(sql, params);
  }

  private nextVersion(): number {
    this.lastVersion = Math.max(Date.now() * 1000, this.lastVersion + 1);
    return this.lastVersion;
  }
}
