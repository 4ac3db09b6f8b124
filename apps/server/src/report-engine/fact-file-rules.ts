import type { ReportType } from '@pc/contracts';
import { isValidIsoDate } from './report-plan';

/**
 * What a facts file must look like for an engine to read it with its own parser
 * (FactIngest.stageFile) instead of row by row in JavaScript. These are the rows the JavaScript
 * fast checks accept (modules/reports/ingest/fast-rows.ts), narrowed where the two parsers could
 * disagree; an engine that finds any row outside them stages nothing and the file is read row by
 * row, which names every error. So a file loads the same either way, only faster when clean.
 *
 * The file is UTF-8 throughout (an invalid byte sequence anywhere sends it row by row).
 * Per row (CSV cell or NDJSON value):
 * - text (ids, names): a string of 1 to TEXT_MAX_BYTES UTF-8 bytes, with no whitespace at either
 *   end (what JavaScript's trim() removes), no double quote and no control character (so no NUL;
 *   U+001F aside, which both paths store as it is);
 * - date: `YYYY-MM-DD`, a real day, year within DATE_YEARS;
 * - count: NUMERIC text (or an NDJSON number) whose value is a whole number from 0 to
 *   Number.MAX_SAFE_INTEGER; amount: the same, any finite value from 0;
 * - `kind` (revenue): `requests` or `sales`; a requests row carries only REQUEST_COLUMNS;
 * - absent values: a CSV cell that is empty, an NDJSON key missing or null. Only `deal_name` and
 *   `deal_id` may be absent (stored as '').
 * Per file: CSV has a header of known, lower-case, distinct, unquoted names (FAST_COLUMNS), every
 * record as many fields as the header; NDJSON has one object per non-blank line, its keys distinct
 * and in FAST_COLUMNS, text values as JSON strings.
 */
export const FAST_COLUMNS = {
  revenue: [
    'kind',
    'date',
    'publisher_id',
    'site_id',
    'product_type',
    'size',
    'brand',
    'deal_name',
    'deal_id',
    'imp_requests',
    'impressions',
    'revenue',
    'net_revenue',
  ],
  recirculation: ['date', 'publisher_id', 'site_id', 'widget', 'organic_page_views', 'organic_clicks'],
} as const satisfies Record<ReportType, readonly string[]>;

/** Columns of a revenue `requests` row; the others must be absent on it. */
export const REQUEST_COLUMNS = ['kind', 'date', 'publisher_id', 'site_id', 'product_type', 'imp_requests'] as const;
/** Columns of a revenue `sales` row. */
export const SALES_COLUMNS = FAST_COLUMNS.revenue.filter((c) => c !== 'imp_requests');
/** The only columns a clean row may leave absent. */
export const OPTIONAL_TEXT_COLUMNS = ['deal_name', 'deal_id'] as const;

export const TEXT_MAX_BYTES = 200;

/**
 * The days a fact may have, on every path and engine: ClickHouse's Date ends on 2149-06-06 (a later
 * day was stored as that one), so both engines refuse what one of them cannot hold.
 */
export const FACT_DAYS = { first: '1970-01-01', last: '2149-06-06' } as const;
export const isFactDay = (day: string): boolean => isValidIsoDate(day) && day >= FACT_DAYS.first && day <= FACT_DAYS.last;
/** Years a clean file's days fall in (the last year of FACT_DAYS, cut short, is read row by row). */
export const DATE_YEARS = { from: 1970, to: 2148 } as const;
/** A number as text: what Number() reads the same in every engine. */
export const NUMERIC_PATTERN = '^-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?$';
export const COUNT_MAX = Number.MAX_SAFE_INTEGER;

/** Column kinds of FAST_COLUMNS, for the engines' checks. */
export const COLUMN_KIND: Record<string, 'text' | 'date' | 'count' | 'amount'> = {
  kind: 'text',
  date: 'date',
  publisher_id: 'text',
  site_id: 'text',
  product_type: 'text',
  size: 'text',
  brand: 'text',
  deal_name: 'text',
  deal_id: 'text',
  widget: 'text',
  imp_requests: 'count',
  impressions: 'count',
  organic_page_views: 'count',
  organic_clicks: 'count',
  revenue: 'amount',
  net_revenue: 'amount',
};

/** True when a CSV header (its raw names) may be read by an engine's parser. */
export function isFastHeader(reportType: ReportType, names: readonly string[]): boolean {
  const known: readonly string[] = FAST_COLUMNS[reportType];
  const required = reportType === 'revenue' ? ['kind', 'date', 'publisher_id', 'site_id', 'product_type'] : known;
  return new Set(names).size === names.length && names.every((n) => known.includes(n)) && required.every((r) => names.includes(r));
}
