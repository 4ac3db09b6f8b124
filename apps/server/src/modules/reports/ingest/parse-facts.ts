import type { ReportType } from '@pc/contracts';
import type { FactBatch, RecirculationFact, RevenueRequestFact, RevenueSalesFact } from '../engine/report-engine';
import { CsvSyntaxError, readCsvRecords, readLines, type TextSource } from './csv-records';
import { KNOWN_COLUMNS, RecirculationRowSchema, REQUIRED_COLUMNS, RevenueRowSchema, describeIssues } from './fact-row-schemas';

export type FactsFormat = 'csv' | 'ndjson';

export interface LineError {
  /** 1-based line in the file (CSV: the header is line 1). */
  line: number;
  message: string;
}

export interface ParsedFacts {
  /** Null when any row is bad: a file is applied whole or not at all. */
  batch: FactBatch | null;
  /** Data rows read (the CSV header and blank lines are not rows). */
  rows: number;
  /** Data rows refused, exactly (errors are capped at MAX_ERRORS, this count is not). */
  rejectedRows: number;
  errors: LineError[];
}

/** Enough to fix a file; more would only bloat the answer. */
const MAX_ERRORS = 100;

type RawRow = Record<string, unknown>;

/**
 * Parses and validates a facts file (layout in FORMAT.md). Every row is checked with zod and for
 * duplicates of the same key; errors carry line numbers. Rows are collected in memory because the
 * file must be applied atomically after the last row has been checked.
 */
export async function parseFactsFile(source: TextSource, format: FactsFormat, reportType: ReportType): Promise<ParsedFacts> {
  const errors: LineError[] = [];
  let extraErrors = 0;
  const addError = (line: number, message: string) => {
    if (errors.length < MAX_ERRORS) errors.push({ line, message });
    else extraErrors += 1;
  };
  const requests: RevenueRequestFact[] = [];
  const sales: RevenueSalesFact[] = [];
  const recirculation: RecirculationFact[] = [];
  const seen = new Map<string, number>();
  let rows = 0;
  let rejectedRows = 0;

  /** A data row that cannot be used at all (wrong field count, not JSON, a NUL byte). */
  const reject = (line: number, message: string) => {
    rows += 1;
    rejectedRows += 1;
    addError(line, message);
  };

  const accept = (line: number, raw: RawRow) => {
    const nul = Object.entries(raw).find(([k, v]) => k.includes('\0') || (typeof v === 'string' && v.includes('\0')));
    if (nul) return reject(line, `${printable(nul[0])} contains a NUL byte (U+0000); remove it and send the file again`);
    rows += 1;
    const key = rowKey(reportType, raw, line, addError);
    if (key === null) {
      rejectedRows += 1;
      return;
    }
    const firstLine = seen.get(key);
    if (firstLine !== undefined) {
      rejectedRows += 1;
      return addError(line, `duplicate of the row on line ${firstLine} (same day and keys)`);
    }
    seen.set(key, line);
  };

  const rowKey = (type: ReportType, raw: RawRow, line: number, fail: (l: number, m: string) => void): string | null => {
    if (type === 'revenue') {
      const parsed = RevenueRowSchema.safeParse(raw);
      if (!parsed.success) {
        fail(line, describeIssues(parsed.error, raw));
        return null;
      }
      const r = parsed.data;
      if (r.kind === 'requests') {
        requests.push({
          date: r.date,
          publisherId: r.publisher_id,
          siteId: r.site_id,
          productType: r.product_type,
          impRequests: r.imp_requests,
        });
        return JSON.stringify(['requests', r.date, r.publisher_id, r.site_id, r.product_type]);
      }
      const dealName = r.deal_name ?? '';
      const dealId = r.deal_id ?? '';
      sales.push({
        date: r.date,
        publisherId: r.publisher_id,
        siteId: r.site_id,
        productType: r.product_type,
        size: r.size,
        brand: r.brand,
        dealName,
        dealId,
        impressions: r.impressions,
        revenue: r.revenue,
        netRevenue: r.net_revenue,
        ...(r.advertiser_domain ? { advertiserDomain: r.advertiser_domain } : {}),
        ...(r.iab_category ? { iabCategory: r.iab_category } : {}),
      });
      const attributes = [r.advertiser_domain ?? '', r.iab_category ?? ''];
      return JSON.stringify(['sales', r.date, r.publisher_id, r.site_id, r.product_type, r.size, r.brand, dealName, dealId, ...attributes]);
    }
    const parsed = RecirculationRowSchema.safeParse(raw);
    if (!parsed.success) {
      fail(line, describeIssues(parsed.error, raw));
      return null;
    }
    const r = parsed.data;
    recirculation.push({
      date: r.date,
      publisherId: r.publisher_id,
      siteId: r.site_id,
      widget: r.widget,
      organicPageViews: r.organic_page_views,
      organicClicks: r.organic_clicks,
    });
    return JSON.stringify([r.date, r.publisher_id, r.site_id, r.widget]);
  };

  try {
    if (format === 'csv') await readCsv(source, reportType, accept, reject, addError);
    else await readNdjson(source, accept, reject);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    addError(error.line, error.message);
  }
  if (rows === 0 && errors.length === 0) addError(1, 'The file has no data rows.');
  if (extraErrors > 0) errors.push({ line: errors.at(-1)?.line ?? 1, message: `...and ${extraErrors} more errors` });
  if (errors.length > 0) return { batch: null, rows, rejectedRows, errors };
  const batch: FactBatch = reportType === 'revenue' ? { reportType, requests, sales } : { reportType, rows: recirculation };
  return { batch, rows, rejectedRows, errors };
}

async function readCsv(
  source: TextSource,
  reportType: ReportType,
  accept: (line: number, raw: RawRow) => void,
  reject: (line: number, message: string) => void,
  addError: (line: number, message: string) => void,
): Promise<void> {
  let header: string[] | null = null;
  for await (const record of readCsvRecords(source)) {
    if (header === null) {
      header = record.fields.map((f) => f.trim().toLowerCase());
      if (header.some((h) => h.includes('\0'))) {
        addError(record.line, 'the header contains a NUL byte (U+0000); remove it and send the file again');
        return;
      }
      const known: readonly string[] = KNOWN_COLUMNS[reportType];
      const unknown = header.filter((h) => !known.includes(h)).map(printable);
      const missing = REQUIRED_COLUMNS[reportType].filter((c) => !header?.includes(c));
      if (unknown.length > 0) addError(record.line, `unknown columns: ${unknown.join(', ')}`);
      if (missing.length > 0) addError(record.line, `missing columns: ${missing.join(', ')}`);
      if (unknown.length > 0 || missing.length > 0) return;
      continue;
    }
    if (record.fields.length !== header.length) {
      reject(record.line, `expected ${header.length} fields, found ${record.fields.length}`);
      continue;
    }
    const raw: RawRow = {};
    header.forEach((h, n) => {
      const cell = (record.fields[n] ?? '').trim();
      if (cell !== '') raw[h] = cell;
    });
    accept(record.line, raw);
  }
  if (header === null) addError(1, 'The file is empty.');
}

async function readNdjson(
  source: TextSource,
  accept: (line: number, raw: RawRow) => void,
  reject: (line: number, message: string) => void,
): Promise<void> {
  for await (const { line, text } of readLines(source)) {
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      reject(line, 'not valid JSON');
      continue;
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      reject(line, 'each line must be a JSON object');
      continue;
    }
    const raw: RawRow = {};
    for (const [k, v] of Object.entries(value)) {
      const cell = typeof v === 'string' ? v.trim() : v;
      if (cell !== '' && cell !== null && cell !== undefined) raw[k] = cell;
    }
    accept(line, raw);
  }
}

/** A column name as it can be printed in one line of a message (control characters escaped, length capped). */
const printable = (name: string): string => {
  const escaped = JSON.stringify(name.length > 60 ? `${name.slice(0, 60)}…` : name).slice(1, -1);
  return escaped === name ? name : `"${escaped}"`;
};
