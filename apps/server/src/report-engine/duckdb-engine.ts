import type { DuckDBConnection } from '@duckdb/node-api';
import { DuckDbConnections } from './duckdb-connections';
import type { ReportType } from '@pc/contracts';
import { DUCKDB_SCHEMA } from './duckdb-schema';
import { beginDuckDbIngest } from './duckdb-ingest';
import { ingestWhole } from './fact-keys';
import { ensureLayout } from './derived-tables';
import { exactDayPage, singlePage, windowedPage, type CountsByPeriod } from './duckdb-page-reads';
import { buildCountSql, buildStreamSql, buildTotalsSql, type SqlParams } from './duckdb-sql';
import { estimatedFromFor, markEstimated } from './estimated';
import { pickColumns, toNumberOrNull } from './result-rows';
import { readColumns, readDictionaries } from './stream-codes';
import { groupCountMask, readGroupCounts, type PeriodCount } from './group-counts';
import { isValidIsoDate, planReport, type ReportPlan } from './report-plan';
import { firstDayOfMonth, lastDayOfPeriod, pageWindow, streamWindows } from './time-window';
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
import { readSalesBreakdown, readSalesByAttribute } from './revenue-breakdowns';
import { readDailyRevenueSeries } from './daily-revenue-series';

/**
 * DuckDB implementation. One instance per database file; its connections (a writer whose writes
 * apply one at a time, a short-lived connection per read) and their safe closing are in
 * duckdb-connections.ts.
 */
export class DuckDbReportEngine implements ReportEngine {
  private connections: DuckDbConnections | null = null;

  /**
   * `path` is a database file, or ':memory:' (tests). `useGroupCounts: false` turns off the
   * counted, time-windowed page (tests compare both paths). `streamWindows: false` reads an
   * export's rows in one statement instead of window by window (tests compare both).
   * `streamCodes: false` reads an export's text columns as text instead of dictionary codes (the
   * same; tests and the bench compare both).
   */
  constructor(
    private readonly path: string,
    private readonly options: { useGroupCounts?: boolean; streamWindows?: boolean; streamCodes?: boolean; memoryLimit?: string } = {},
  ) {}

  async init(): Promise<void> {
    if (this.connections) return;
    this.connections = await DuckDbConnections.open(this.path, this.options.memoryLimit);
    await this.connections.write(async (writer) => {
      for (const ddl of DUCKDB_SCHEMA) await writer.run(ddl);
      await ensureLayout(writer);
    });
  }

  /** Safe while work is in flight (see DuckDbConnections.close). */
  async close(): Promise<void> {
    await this.connections?.close();
    this.connections = null;
  }

  async ingest(batch: FactBatch): Promise<IngestSummary> {
    return ingestWhole(await this.beginIngest(batch.reportType), batch);
  }

  beginIngest(reportType: ReportType): Promise<FactIngest> {
    return beginDuckDbIngest(this.requireConnections(), reportType);
  }

  upsertSites(sites: readonly SiteRecord[]): Promise<void> {
    return this.write(async (conn) => {
      for (const s of sites) {
        await conn.run('INSERT OR REPLACE INTO sites (id, publisher_id, name) VALUES ($id, $pub, $name)', {
          id: s.id,
          pub: s.publisherId,
          name: s.name,
        });
      }
    });
  }

  setFinalizedThrough(publisherId: string, reportType: ReportType, date: string): Promise<void> {
    if (!isValidIsoDate(date)) return Promise.reject(new ReportQueryError('The finalized date must be YYYY-MM-DD.'));
    return this.write(async (conn) => {
      await conn.run(
        'INSERT OR REPLACE INTO finalized_through (publisher_id, report_type, date) VALUES ($pub, $type, CAST($date AS DATE))',
        { pub: publisherId, type: reportType, date },
      );
    });
  }

  async getFinalizedThrough(publisherId: string, reportType: ReportType): Promise<string | null> {
    return this.read((conn) => readFinalized(conn, publisherId, reportType));
  }

  memoryInUse(): Promise<number> {
    return this.read(async (conn) => {
      const reader = await conn.runAndReadAll('SELECT sum(memory_usage_bytes)::BIGINT AS b FROM duckdb_memory()');
      return Number(reader.getRowObjectsJS()[0]?.b ?? 0);
    });
  }

  salesBreakdown(publisherId: string, dateFrom: string, dateTo: string, byBrand: boolean): Promise<SalesBreakdownRow[]> {
    if (!isValidIsoDate(dateFrom) || !isValidIsoDate(dateTo)) return Promise.reject(new ReportQueryError('Dates must be YYYY-MM-DD.'));
    return this.read((conn) => readSalesBreakdown(conn, publisherId, dateFrom, dateTo, byBrand));
  }

  salesByAttribute(publisherId: string, dateFrom: string, dateTo: string, attribute: SalesAttribute): Promise<SalesAttributeRow[]> {
    if (!isValidIsoDate(dateFrom) || !isValidIsoDate(dateTo)) return Promise.reject(new ReportQueryError('Dates must be YYYY-MM-DD.'));
    return this.read((conn) => readSalesByAttribute(conn, publisherId, dateFrom, dateTo, attribute));
  }

  dailyRevenueSeries(publisherIds: readonly string[], dateFrom: string, dateTo: string): Promise<DailyRevenueSeries[]> {
    if (!isValidIsoDate(dateFrom) || !isValidIsoDate(dateTo)) return Promise.reject(new ReportQueryError('Dates must be YYYY-MM-DD.'));
    if (publisherIds.length === 0) return Promise.resolve([]);
    return this.read((conn) => readDailyRevenueSeries(conn, publisherIds, dateFrom, dateTo));
  }

  async query(query: ReportQuery, known: KnownReportFacts = {}): Promise<ReportResult> {
    const plan = planReport(query);
    return this.read(async (conn) => {
      const finalized =
        known.finalizedThrough !== undefined ? known.finalizedThrough : await readFinalized(conn, plan.publisherId, plan.reportType);
      const counts = await this.countsByPeriod(conn, plan);
      const { raw, totalsRow, totalRows } = counts
        ? await windowedPage(conn, plan, counts)
        : ((await exactDayPage(conn, plan)) ?? (await singlePage(conn, plan)));
      const estimatedFrom = estimatedFromFor(plan, finalized);
      const totals: Record<string, number | null> = {};
      for (const m of plan.metrics) totals[m] = toNumberOrNull(totalsRow?.[`__t_${m}`]);
      const rows: ReportRow[] = [];
      if (totalRows > 0 && plan.limit > 0) {
        for (const r of raw) rows.push(markEstimated(plan, estimatedFrom, pickColumns(plan.columns, r)));
      }
      return {
        columns: plan.columns,
        rows,
        totalRows,
        totals,
        unavailableMetrics: plan.unavailableMetrics,
        ...(estimatedFrom ? { estimatedFrom } : {}),
      };
    });
  }

  /** Totals from one ungrouped aggregate: an export counts its rows as it writes them. */
  async summarize(query: ReportQuery): Promise<ReportSummary> {
    const plan = planReport({ ...query, limit: 0 });
    return this.read(async (conn) => {
      const finalized = await readFinalized(conn, plan.publisherId, plan.reportType);
      const { sql, params } = buildTotalsSql(plan);
      const totalsRow = (await conn.runAndReadAll(sql, params)).getRowObjectsJS()[0];
      const totals: Record<string, number | null> = {};
      for (const m of plan.metrics) totals[m] = toNumberOrNull(totalsRow?.[`__t_${m}`]);
      const estimatedFrom = estimatedFromFor(plan, finalized);
      return { columns: plan.columns, totals, unavailableMetrics: plan.unavailableMetrics, ...(estimatedFrom ? { estimatedFrom } : {}) };
    });
  }

  /**
   * Row counts per period when the page can be read from a time window: a revenue split with
   * stored counts (group-counts.ts), ordered by time first. Null means: run the single statement.
   * A month cut by the range is counted by a query, since stored months are whole.
   */
  private async countsByPeriod(conn: DuckDBConnection, plan: ReportPlan): Promise<CountsByPeriod | null> {
    if (this.options.useGroupCounts === false || plan.reportType !== 'revenue' || !plan.timeColumn) return null;
    // Stored counts are for unfiltered splits.
    if (plan.filters.length > 0) return null;
    if (plan.sort[0]?.key !== plan.timeColumn) return null;
    const mask = groupCountMask(plan.dimensions);
    if (mask === null) return null;
    const grain = plan.timeColumn === 'date' ? 'day' : 'month';
    const stored = await readGroupCounts(
      conn,
      plan,
      grain,
      mask,
      grain === 'day' ? plan.dateFrom : firstDayOfMonth(plan.dateFrom),
      plan.dateTo,
    );
    // When the page needs most of the periods anyway (few rows per period), one full statement is
    // cheaper than totals + page. Edge months count whole here, which is close enough to decide.
    const rough = pageWindow(plan, stored, grain);
    if (rough.windowRows * 2 > rough.totalRows) return null;
    if (grain === 'day') return { grain, counts: stored };
    const counts: PeriodCount[] = [];
    for (const c of stored) {
      const from = c.period < plan.dateFrom ? plan.dateFrom : c.period;
      const monthEnd = lastDayOfPeriod(c.period, 'month');
      const to = monthEnd > plan.dateTo ? plan.dateTo : monthEnd;
      if (from === c.period && to === monthEnd) {
        counts.push(c);
        continue;
      }
      const { sql, params } = buildCountSql({ ...plan, dateFrom: from, dateTo: to });
      const n = (await conn.runAndReadAll(sql, params)).getRowObjectsJS()[0]?.n;
      counts.push({ period: c.period, groups: typeof n === 'number' ? n : 0 });
    }
    return { grain: 'month', counts };
  }

  async *streamRows(query: ReportQuery): AsyncIterable<ReportRow[]> {
    const plan = planReport(query);
    const estimatedFrom = estimatedFromFor(plan, await this.getFinalizedThrough(plan.publisherId, plan.reportType));
    const connections = this.requireConnections();
    const conn = await connections.openReader();
    try {
      for (const window of this.windowsOf(plan)) {
        const { sql, params } = buildStreamSql({ ...plan, ...window });
        const result = await conn.stream(sql, params);
        // DuckDB hands over ~2048-row chunks; only the current chunk is held in JS.
        for await (const chunk of result.yieldRowObjectJs()) {
          yield chunk.map((r) => markEstimated(plan, estimatedFrom, pickColumns(plan.columns, r)));
        }
      }
    } finally {
      connections.closeReader(conn);
    }
  }

  /**
   * Exports' fast path: DuckDB's ~2048-row chunks read vector by vector. Row objects cost more
   * than the query itself at a million rows. Read window by window
   * (streamWindows): the same rows in the same order with a small aggregate and sort each.
   */
  async *streamColumns(query: ReportQuery): AsyncIterable<ColumnChunk> {
    const plan = planReport(query);
    const connections = this.requireConnections();
    const conn = await connections.openReader();
    try {
      // Text columns come as codes into per-export dictionaries (stream-codes.ts).
      const dictionaries =
        this.options.streamCodes === false
          ? {}
          : await readDictionaries(async (sql, params) => (await conn.runAndReadAll(sql, params)).getRowObjectsJS(), plan);
      const byIndex = plan.columns.map((c) => dictionaries[c.key]);
      for (const window of this.windowsOf(plan)) {
        const { sql, params } = buildStreamSql({ ...plan, ...window }, dictionaries);
        const result = await conn.stream(sql, params);
        for (;;) {
          // Converted in a helper so no reference to DuckDB's chunk outlives it: a chunk's native
          // memory is freed only when V8 collects its small wrapper, and a wrapper held while the
          // consumer works gets promoted and waits for a full GC.
          const chunk = readColumns(await result.fetchChunk(), byIndex);
          if (!chunk) break;
          yield chunk;
        }
      }
    } finally {
      connections.closeReader(conn);
    }
  }

  private windowsOf(plan: ReportPlan): { dateFrom: string; dateTo: string }[] {
    return this.options.streamWindows === false ? [{ dateFrom: plan.dateFrom, dateTo: plan.dateTo }] : streamWindows(plan);
  }

  /** Raw SQL on a read connection: for the bench's bare-DuckDB baseline and bulk generation. */
  async runSql(sql: string, params: SqlParams = {}): Promise<Record<string, unknown>[]> {
    return this.read(async (conn) => (await conn.runAndReadAll(sql, params)).getRowObjectsJS());
  }

  /** Runs `fn` on the writer connection, after every earlier write has finished. */
  write<T>(fn: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    return this.connections ? this.connections.write(fn) : Promise.reject(notInitialised());
  }

  private read<T>(fn: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    return this.connections ? this.connections.read(fn) : Promise.reject(notInitialised());
  }

  private requireConnections(): DuckDbConnections {
    if (!this.connections) throw notInitialised();
    return this.connections;
  }
}

const notInitialised = () => new Error('ReportEngine not initialised (call init() first), or closed.');

async function readFinalized(conn: DuckDBConnection, publisherId: string, reportType: ReportType): Promise<string | null> {
  const reader = await conn.runAndReadAll(
    `SELECT strftime(date, '%Y-%m-%d') AS d FROM finalized_through WHERE publisher_id = $pub AND report_type = $type`,
    { pub: publisherId, type: reportType },
  );
  const value = reader.getRowObjectsJS()[0]?.d;
  return typeof value === 'string' ? value : null;
}
