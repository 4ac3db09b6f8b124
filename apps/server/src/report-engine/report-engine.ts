import type { ColumnKind, DimensionKey, Interval, MetricKey, ReportFilter, ReportType, TimeColumnKey } from '@pc/contracts';

/**
 * The analytics store behind the reports. DuckDB is the embedded, tested implementation; a
 * ClickHouse one can follow behind the same interface, so nothing outside engine/ sees SQL.
 */
export interface ReportEngine {
  /** Creates tables if missing. Idempotent. */
  init(): Promise<void>;
  /**
   * Applies a batch atomically: every (publisher, day) present in the batch is replaced as a
   * whole (all of its rows in all tables of that report type), so re-sent or corrected files
   * reconcile instead of doubling.
   */
  ingest(batch: FactBatch): Promise<IngestSummary>;
  /**
   * A streamed ingestion: batches are staged as they come (nothing visible), then committed as
   * ingest() applies one batch, or aborted leaving the stored facts as they were. Callers hold the
   * ingest lock (data-loads/ingest-lock.ts): an engine may finish an earlier interrupted commit here.
   */
  beginIngest(reportType: ReportType): Promise<FactIngest>;
  /**
   * Publishes again what an ingestion whose process died left staged mid-publish, and names the
   * publishers whose facts it changed (their cached reports are stale). It looks first without a
   * lock and calls `underLock` (the ingest lock) only when there is something to finish, so a
   * routine check never holds the lock an upload needs. Optional: an engine whose commit is one
   * transaction (DuckDB) has none to finish.
   */
  finishInterruptedIngests?(underLock: <T>(finish: () => Promise<T>) => Promise<T>): Promise<{ publisherIds: string[] }>;
  /** Site id -> display name (the Site dimension shows names). */
  upsertSites(sites: readonly SiteRecord[]): Promise<void>;
  /** Facts up to and including `date` are final; later days are shown as estimated. */
  setFinalizedThrough(publisherId: string, reportType: ReportType, date: string): Promise<void>;
  getFinalizedThrough(publisherId: string, reportType: ReportType): Promise<string | null>;
  /**
   * Interactive query: at most `limit` rows, totals over all rows. `known` carries facts the caller
   * already holds (the finalized date, kept by the report cache until the publisher's next change
   * notification), so the engine does not read them again.
   */
  query(query: ReportQuery, known?: KnownReportFacts): Promise<ReportResult>;
  /** Every row of the query (no row limit), in chunks, for exports. */
  streamRows(query: ReportQuery): AsyncIterable<ReportRow[]>;
  /**
   * Columns, totals and estimatedFrom of a query without counting its rows: what an export needs
   * besides the rows. Optional: exports fall back to query({ limit: 0 }), which also counts.
   */
  summarize?(query: ReportQuery): Promise<ReportSummary>;
  /**
   * The same rows in the same order as streamRows, column by column (one array per column of the
   * plan, no `estimated`), so an export builds no object per row. Optional: exports fall back to
   * streamRows when an engine lacks it.
   */
  streamColumns?(query: ReportQuery): AsyncIterable<ColumnChunk>;
  /**
   * Revenue facts summed per site (and per brand when `byBrand`) over an inclusive range: the
   * blocking rules' impact preview and the payments' month close read it (by site id, not name).
   */
  salesBreakdown(publisherId: string, dateFrom: string, dateTo: string, byBrand: boolean): Promise<SalesBreakdownRow[]>;
  /**
   * Revenue facts summed per site and per value of one sales attribute over an inclusive range
   * (value '' for sales that did not record it): what a blocking rule of that type would remove.
   */
  salesByAttribute(publisherId: string, dateFrom: string, dateTo: string, attribute: SalesAttribute): Promise<SalesAttributeRow[]>;
  /**
   * Revenue per day of several publishers over an inclusive range, one series per publisher, site
   * id and product type: the daily revenue scan judges a batch of publishers from one read instead
   * of one report per publisher.
   */
  dailyRevenueSeries(publisherIds: readonly string[], dateFrom: string, dateTo: string): Promise<DailyRevenueSeries[]>;
  /**
   * Bytes of this process's memory the engine's own memory manager holds (DuckDB: its buffer pool
   * and operators, within DUCKDB_MEMORY_LIMIT). Absent where the engine's memory is another
   * process's (ClickHouse). Metrics show it beside the process's RSS, so a growing RSS can be told
   * apart from the engine's cache filling up.
   */
  memoryInUse?(): Promise<number>;
  close(): Promise<void>;
}

/** One publisher's revenue of one site and product type, by day (see ReportEngine.dailyRevenueSeries). */
/**
 * What a caller already knows about a query's publisher. `finalizedThrough`: the date
 * getFinalizedThrough gives for the query's report type (null when none); absent means "read it".
 */
export interface KnownReportFacts {
  finalizedThrough?: string | null;
}

export interface DailyRevenueSeries {
  publisherId: string;
  siteId: string;
  productType: string;
  /** Days since 1970-01-01, ascending: only days with facts for this site and product type. */
  days: number[];
  /** The revenue of each of `days`. */
  revenue: number[];
}

export interface ReportQuery {
  reportType: ReportType;
  publisherId: string;
  /** Inclusive, YYYY-MM-DD. */
  dateFrom: string;
  /** Inclusive, YYYY-MM-DD. */
  dateTo: string;
  dimensions: DimensionKey[];
  metrics: MetricKey[];
  interval: Interval;
  /**
   * Rows kept (include) or dropped (exclude) by dimension value; sites by site id. A filter on a
   * dimension finer than the request grain makes request metrics unavailable, like a split does.
   */
  filters?: ReportFilter[];
  /** key: a column of the result (time column, dimension or metric). */
  sort?: { key: string; dir: 'asc' | 'desc' };
  /** Defaults to ROW_LIMIT (500). 0 returns only totals and totalRows. */
  limit?: number;
}

export type ColumnKey = TimeColumnKey | DimensionKey | MetricKey;

export interface ReportColumn {
  key: ColumnKey;
  label: string;
  kind: ColumnKind;
}

/** `estimated` is present (true/false) on Day and Month rows. */
export type ReportCell = string | number | boolean | null;
export type ReportRow = Record<string, ReportCell>;

/** `columns[n]` holds the values of the query's n-th column (ReportResult.columns order). */
export interface ColumnChunk {
  rowCount: number;
  columns: ReadonlyArray<ReadonlyArray<string | number | null>>;
}

export interface ReportResult {
  columns: ReportColumn[];
  rows: ReportRow[];
  totalRows: number;
  /** Over all rows (not only the returned ones); ratios recomputed from summed parts. */
  totals: Record<string, number | null>;
  /** Requested metrics that cannot be computed for this split, with a reason for the UI. */
  unavailableMetrics: Partial<Record<MetricKey, string>>;
  /** First day of the range that is not finalized yet, when the range reaches past it. */
  estimatedFrom?: string;
}

export type ReportSummary = Omit<ReportResult, 'rows' | 'totalRows'>;

export interface SalesBreakdownRow {
  siteId: string;
  /** Empty when not split by brand. */
  brand: string;
  netRevenue: number;
  impressions: number;
}

/** Sales columns a blocking rule can be priced by (the fact column names). */
export type SalesAttribute = 'brand' | 'advertiser_domain' | 'iab_category';

export interface SalesAttributeRow {
  siteId: string;
  /** The attribute's value; '' when the sales did not record it (optional columns). */
  value: string;
  netRevenue: number;
  impressions: number;
}

export interface SiteRecord {
  id: string;
  publisherId: string;
  name: string;
}

/** Impression requests: recorded per day x publisher x site x product type only. */
export interface RevenueRequestFact {
  date: string;
  publisherId: string;
  siteId: string;
  productType: string;
  impRequests: number;
}

export interface RevenueSalesFact {
  date: string;
  publisherId: string;
  siteId: string;
  productType: string;
  size: string;
  brand: string;
  /** Empty string when the impression was not sold through a deal. */
  dealName: string;
  dealId: string;
  impressions: number;
  revenue: number;
  netRevenue: number;
  /**
   * Optional (absent = not recorded): the advertiser's domain (lower case, punycode) and its IAB
   * Content Taxonomy 3.1 category id. Part of the sales key when given, so a brand's sales may be
   * split by domain or category; only the blocking rules' impact preview reads them.
   */
  advertiserDomain?: string;
  iabCategory?: string;
}

export interface RecirculationFact {
  date: string;
  publisherId: string;
  siteId: string;
  widget: string;
  organicPageViews: number;
  organicClicks: number;
}

export type FactBatch =
  | { reportType: 'revenue'; requests: readonly RevenueRequestFact[]; sales: readonly RevenueSalesFact[] }
  | { reportType: 'recirculation'; rows: readonly RecirculationFact[] };

/** One streamed ingestion (ReportEngine.beginIngest). */
export interface FactIngest {
  /** Stages rows; a fact may carry its file `line` (ingest/fact-rows.ts), which duplicates() names. */
  add(batch: FactBatch): Promise<void>;
  /**
   * Staged rows repeating the key of an earlier staged row (FORMAT.md): their exact count and the
   * first `limit` of them with the line of the row they repeat, in line order.
   */
  duplicates(limit: number): Promise<{ count: number; rows: { line: number; firstLine: number }[] }>;
  /**
   * Optional: stages a whole file with the engine's own parser, when every row of it keeps the
   * rules of fact-file-rules.ts. Returns what it staged, or null when any row might not (nothing
   * is then left staged, and the caller stages the file row by row through add(), which names each
   * error). Rows staged here carry no line: when duplicates() finds any, the caller reads the file
   * again row by row to name them. Call it first, on a fresh ingest, at most once.
   */
  stageFile?(file: FactsFile): Promise<StagedFile | null>;
  /** Replaces every (publisher, day) staged with the staged rows, all or nothing. */
  commit(): Promise<IngestSummary>;
  /** Drops what was staged; the stored facts are untouched. Safe to call more than once. */
  abort(): Promise<void>;
}

/** A facts file on disk for FactIngest.stageFile. */
export interface FactsFile {
  path: string;
  format: 'csv' | 'ndjson';
  /** CSV: the header's names, already found fast (isFastHeader in fact-file-rules.ts); NDJSON: empty. */
  columns: readonly string[];
}

export interface StagedFile {
  rows: number;
  /** Distinct publishers of the staged rows. */
  publisherIds: string[];
}

export interface IngestSummary {
  rowsApplied: number;
  /** Distinct (publisher, day) pairs that were replaced. */
  daysReplaced: number;
}

/** A query the engine refuses (unknown key, bad dates...). Routes map it to 400. */
export class ReportQueryError extends Error {
  override readonly name = 'ReportQueryError';
}
