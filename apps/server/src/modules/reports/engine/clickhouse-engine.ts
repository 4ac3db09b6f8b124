import type { ReportType } from '@pc/contracts';
import { ensureChLayout, rebuildDerived, refreshDerived } from './clickhouse-derived';
import type { ClickHouseExec } from './clickhouse-exec';
import { chPeriodSplits, type PeriodSplit, type PeriodSplitsRequest } from './clickhouse-period-splits';
import { CLICKHOUSE_TABLES_OF, clickHouseSchema } from './clickhouse-schema';
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
import { estimatedFromFor, markEstimated } from './estimated';
import { isValidIsoDate, planReport } from './report-plan';
import {
  ReportQueryError,
  type ColumnChunk,
  type DailyRevenueSeries,
  type FactBatch,
  type IngestSummary,
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

/** Rows per INSERT: large enough for ClickHouse's parts, small enough to keep a batch in memory. */
const INSERT_BATCH = 100_000;

/**
 * ClickHouse implementation (selected by CLICKHOUSE_URL), for when publishers outgrow one machine:
 * any number of server processes read and write it at once, unlike DuckDB's single writer.
 *
 * Day replacement is a DELETE of the batch's (publisher, day) pairs from every fact table of the
 * report type, then the INSERTs, then the derived rows of those days re-summed (clickhouse-derived.ts). ClickHouse has no multi-table transaction, so a reader running between
 * the two sees those days empty for that moment (DuckDB's ingest is atomic); ingestion should run
 * from one place (the CLI or one job), which the job queue already guarantees.
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
    const rows: Record<string, Record<string, unknown>[]> =
      batch.reportType === 'revenue'
        ? {
            revenue_requests: batch.requests.map((f) => ({
              date: f.date,
              publisher_id: f.publisherId,
              site_id: f.siteId,
              product_type: f.productType,
              imp_requests: f.impRequests,
            })),
            revenue_sales: batch.sales.map((f) => ({
              date: f.date,
              publisher_id: f.publisherId,
              site_id: f.siteId,
              product_type: f.productType,
              size: f.size,
              brand: f.brand,
              deal_name: f.dealName,
              deal_id: f.dealId,
              impressions: f.impressions,
              revenue: f.revenue,
              net_revenue: f.netRevenue,
              advertiser_domain: f.advertiserDomain ?? '',
              iab_category: f.iabCategory ?? '',
            })),
          }
        : {
            recirculation: batch.rows.map((f) => ({
              date: f.date,
              publisher_id: f.publisherId,
              site_id: f.siteId,
              widget: f.widget,
              organic_page_views: f.organicPageViews,
              organic_clicks: f.organicClicks,
            })),
          };
    const daysByPublisher = new Map<string, Set<string>>();
    for (const list of Object.values(rows)) {
      for (const r of list) {
        const pub = String(r.publisher_id);
        const days = daysByPublisher.get(pub) ?? new Set<string>();
        days.add(String(r.date));
        daysByPublisher.set(pub, days);
      }
    }
    for (const [pub, days] of daysByPublisher) {
      for (const table of CLICKHOUSE_TABLES_OF[batch.reportType]) {
        await this.ch.command(`DELETE FROM ${table} WHERE publisher_id = {pub:String} AND date IN {days:Array(Date)}`, {
          pub,
          days: [...days],
        });
      }
    }
    let rowsApplied = 0;
    for (const [table, list] of Object.entries(rows)) {
      for (let n = 0; n < list.length; n += INSERT_BATCH) {
        const chunk = list.slice(n, n + INSERT_BATCH);
        await this.ch.insert(table, chunk);
        rowsApplied += chunk.length;
      }
    }
    let daysReplaced = 0;
    for (const [pub, days] of daysByPublisher) {
      if (batch.reportType === 'revenue') await refreshDerived(this.ch, pub, [...days]);
      daysReplaced += days.size;
    }
    return { rowsApplied, daysReplaced };
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

  async query(query: ReportQuery): Promise<ReportResult> {
    const plan = planReport(query);
    let totalsRow: Record<string, unknown> | undefined;
    let raw: Record<string, unknown>[] = [];
    if (isExactDayPlan(plan)) {
      // Rows as stored: the count and totals are an ungrouped pass, the page a top-N scan.
      const totalsSql = buildChTotalsSql(plan);
      const pageSql = buildChPageSql(plan);
      [totalsRow, raw] = await Promise.all([
        this.ch.query(totalsSql.sql, totalsSql.params).then((r) => r[0]),
        plan.limit > 0 ? this.ch.query(pageSql.sql, pageSql.params) : Promise.resolve([]),
      ]);
    } else {
      if (plan.limit > 0) {
        const pageSql = buildChPageWithTotalsSql(plan);
        raw = await this.ch.query(pageSql.sql, pageSql.params);
        totalsRow = raw[0];
      }
      // No page (limit 0) or no rows: the totals alone (zeros, null ratios when nothing matched).
      if (!totalsRow) {
        const totalsSql = buildChTotalsSql(plan);
        totalsRow = (await this.ch.query(totalsSql.sql, totalsSql.params))[0];
      }
    }
    const totalRows = Number(totalsRow?.__n ?? 0);
    // Both statements carry the finalized date (`__fin`), so a report is one round trip (two at an exact grain).
    const finalized = totalsRow?.__fin;
    const estimatedFrom = estimatedFromFor(plan, typeof finalized === 'string' ? finalized : null);
    const totals: Record<string, number | null> = {};
    for (const m of plan.metrics) totals[m] = toNumberOrNull(totalsRow?.[`__t_${m}`]);
    const rows: ReportRow[] = raw.map((r) => markEstimated(plan, estimatedFrom, pickColumns(plan.columns, r)));
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
    const totals: Record<string, number | null> = {};
    for (const m of plan.metrics) totals[m] = toNumberOrNull(totalsRows[0]?.[`__t_${m}`]);
    const estimatedFrom = estimatedFromFor(plan, finalized);
    return { columns: plan.columns, totals, unavailableMetrics: plan.unavailableMetrics, ...(estimatedFrom ? { estimatedFrom } : {}) };
  }

  async *streamRows(query: ReportQuery): AsyncIterable<ReportRow[]> {
    const plan = planReport(query);
    const estimatedFrom = estimatedFromFor(plan, await this.getFinalizedThrough(plan.publisherId, plan.reportType));
    const { sql, params } = buildChStreamSql(plan);
    for await (const chunk of this.ch.stream(sql, params)) {
      yield chunk.map((r) => markEstimated(plan, estimatedFrom, pickColumns(plan.columns, r)));
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

function pickColumns(columns: ReportResult['columns'], raw: Record<string, unknown>): ReportRow {
  const row: ReportRow = {};
  for (const c of columns) {
    const v = raw[c.key];
    row[c.key] = typeof v === 'string' || typeof v === 'number' ? v : v == null ? null : String(v);
  }
  return row;
}

function toCell(v: unknown): string | number | null {
  return typeof v === 'string' || typeof v === 'number' ? v : v == null ? null : String(v);
}

function toNumberOrNull(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}
