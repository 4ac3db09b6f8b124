import type { ReportType } from '@pc/contracts';
import { FACT_COLUMNS, FACT_TABLES, OPTIONAL_FACT_COLUMNS } from './duckdb-schema';
import { FACT_KEYS } from './fact-keys';
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
 * - text (ids, names): a string of 1 to TEXT_MAX UTF-8 bytes, with no whitespace at either
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
/** Every column a file of the type may have (a CSV header is checked against it): the fact tables' columns and the row `kind`. */
export const FILE_COLUMNS: Readonly<Record<ReportType, readonly string[]>> = {
  revenue: ['kind', ...new Set([...FACT_TABLES.revenue_requests, ...FACT_TABLES.revenue_sales])],
  recirculation: FACT_TABLES.recirculation,
};

/** Columns a CSV header must contain. */
export const REQUIRED_COLUMNS: Readonly<Record<ReportType, readonly string[]>> = {
  revenue: ['kind', ...FACT_KEYS.revenue_requests],
  recirculation: FILE_COLUMNS.recirculation,
};

const optional = new Set(Object.values(OPTIONAL_FACT_COLUMNS).flat());

/** The columns an engine's reader may read: a file's columns but the optional attributes (read row by row). */
export const FAST_COLUMNS: Readonly<Record<ReportType, readonly string[]>> = {
  revenue: FILE_COLUMNS.revenue.filter((c) => !optional.has(c)),
  recirculation: FILE_COLUMNS.recirculation.filter((c) => !optional.has(c)),
};

/** Columns of a revenue `requests` row; the others must be absent on it. */
export const REQUEST_COLUMNS: readonly string[] = ['kind', ...FACT_TABLES.revenue_requests];
/** Columns of a revenue `sales` row. */
export const SALES_COLUMNS = FAST_COLUMNS.revenue.filter((c) => c !== 'imp_requests');
/** The `kind` of the rows each revenue fact table takes. */
export const ROW_KIND_OF = { revenue_requests: 'requests', revenue_sales: 'sales' } as const;
/** The only columns a clean row may leave absent. */
export const OPTIONAL_TEXT_COLUMNS = ['deal_name', 'deal_id'] as const;

/**
 * The longest text: 200 characters row by row (JavaScript counts UTF-16 units), 200 bytes in an
 * engine's reader (no more units than bytes, so never a text the row-by-row path refuses).
 */
export const TEXT_MAX = 200;

/**
 * The days a fact may have, on every path and engine: ClickHouse's Date ends on 2149-06-06 (a later
 * day was stored as that one), so both engines refuse what one of them cannot hold.
 */
export const FACT_DAYS = { first: '1970-01-01', last: '2149-06-06' } as const;
export const isFactDay = (day: string): boolean => isValidIsoDate(day) && day >= FACT_DAYS.first && day <= FACT_DAYS.last;
/** Years a clean file's days fall in (the last year of FACT_DAYS, cut short, is read row by row). */
export const DATE_YEARS = { from: 1970, to: 2148 } as const;
/** A number as text: what Number() reads the same in every engine (both paths check it). */
export const NUMERIC_PATTERN = '^-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?$';
export const COUNT_MAX = Number.MAX_SAFE_INTEGER;

const KIND_OF_TYPE = { VARCHAR: 'text', DATE: 'date', BIGINT: 'count', DOUBLE: 'amount' } as const;

/** Column kinds of FAST_COLUMNS, for the engines' checks: the fact columns' types, and `kind` a text. */
export const COLUMN_KIND: Readonly<Record<string, 'text' | 'date' | 'count' | 'amount'>> = {
  kind: 'text',
  ...Object.fromEntries(
    Object.values(FACT_COLUMNS).flatMap((columns) => Object.entries(columns).map(([c, type]) => [c, KIND_OF_TYPE[type]])),
  ),
};

export const isNumberColumn = (c: string): boolean => COLUMN_KIND[c] === 'count' || COLUMN_KIND[c] === 'amount';

/** True when a CSV header (its raw names) may be read by an engine's parser. */
export function isFastHeader(reportType: ReportType, names: readonly string[]): boolean {
  const known = FAST_COLUMNS[reportType];
  return (
    new Set(names).size === names.length &&
    names.every((n) => known.includes(n)) &&
    REQUIRED_COLUMNS[reportType].every((r) => names.includes(r))
  );
}
