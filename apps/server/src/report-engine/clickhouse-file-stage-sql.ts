import type { ReportType } from '@pc/contracts';
import {
  COLUMN_KIND,
  COUNT_MAX,
  DATE_YEARS,
  FAST_COLUMNS,
  isNumberColumn,
  NUMERIC_PATTERN,
  OPTIONAL_TEXT_COLUMNS,
  REQUEST_COLUMNS,
  ROW_KIND_OF,
  SALES_COLUMNS,
  TEXT_MAX,
} from './fact-file-rules';
import type { FactsFile } from './report-engine';

/**
 * The SQL that reads a facts file staged line by line (one String per line, `line`) under the
 * rules of fact-file-rules.ts: per row an `ok` flag and the typed values the JavaScript path would
 * stage (modules/reports/ingest/fast-rows.ts), so a clean file is stored the same either way.
 *
 * Lines, not ClickHouse's CSV or JSONEachRow parsers: each of those reads some rows the JavaScript
 * path refuses or reads otherwise (a quoted CSV field, two JSON objects on one line, a JSON number
 * for a text column read as its digits), and what it read could no longer be told apart.
 */

/** Whitespace JavaScript's trim() removes (ingestion trims every value) besides the control characters. */
const JS_SPACE = '\\s\\x{a0}\\x{1680}\\x{2000}-\\x{200a}\\x{2028}\\x{2029}\\x{202f}\\x{205f}\\x{3000}\\x{feff}';
/** A control character (C0, DEL, C1) or a double quote. */
const FORBIDDEN = '"\\x00-\\x1f\\x7f-\\x9f';
/** RE2 (match) patterns as ClickHouse string literals. */
const sqlText = (text: string) => `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
/** A CSV line with a forbidden character, or whitespace at either end of a field. */
const CSV_LINE_BAD = sqlText(`[${FORBIDDEN}]|(^|,)[${JS_SPACE}]|[${JS_SPACE}](,|$)`);
/**
 * An NDJSON row's text values joined by \x01 (TEXTS_JOIN) with a forbidden character or whitespace
 * at either end of a value: one match per row instead of one per value. A \x01 inside a value
 * shows as one separator too many (countSubstrings).
 */
const TEXTS_JOIN = '\\x01';
const TEXTS_BAD = sqlText(`[${FORBIDDEN.replace('\\x00-', '\\x00\\x02-')}]|(^|\\x01)[${JS_SPACE}]|[${JS_SPACE}](\\x01|$)`);
if (!NUMERIC_PATTERN.startsWith('^') || !NUMERIC_PATTERN.endsWith('$')) throw new Error('NUMERIC_PATTERN is anchored at both ends');
const NUMBER = `(${NUMERIC_PATTERN.slice(1, -1)})?`;

/** Per column of the file: its value as text ('' when absent) and whether it is present. */
interface ColumnSql {
  value: string;
  present: string;
  /** NDJSON: the value was a JSON string (text columns must be); CSV: always. */
  isString: string;
}

/** The expressions that read one file's lines, per format. */
interface LineReader {
  /** WITH clauses shared by every column (the split line, the JSON pairs). */
  with: string[];
  /** Line-wide rules (UTF-8, the CSV field count, the NDJSON keys). */
  lineOk: string;
  /** Lines that are no row (blank lines). */
  skip: string;
  /**
   * A line equal to the CSV header: the first line is one, and a file with any other is not
   * clean (row by row, such a line is a row and refused).
   */
  header: string;
  column(name: string): ColumnSql;
}

function csvReader(file: FactsFile): LineReader {
  const index = new Map(file.columns.map((c, n) => [c, n + 1]));
  return {
    // A CRLF file's lines end in \r (the JavaScript reader ends a record at either).
    with: [`trim(TRAILING '\\r' FROM line) AS l`, `splitByChar(',', l) AS f`],
    lineOk: `isValidUTF8(l) AND length(f) = ${file.columns.length} AND NOT match(l, ${CSV_LINE_BAD})`,
    skip: `l = ''`,
    header: `l = ${sqlText(file.columns.join(','))}`,
    column(name) {
      const n = index.get(name);
      if (n === undefined) return { value: "''", present: '0', isString: '1' };
      return { value: `f[${n}]`, present: `f[${n}] != ''`, isString: '1' };
    },
  };
}

function ndjsonReader(reportType: ReportType): LineReader {
  const known = FAST_COLUMNS[reportType].map(sqlText).join(', ');
  return {
    // One parse per line: keys and raw values (JSON text); invalid JSON gives no pairs.
    with: ['JSONExtractKeysAndValuesRaw(line) AS kv', 'kv.1 AS k', 'kv.2 AS r'],
    lineOk: `isValidUTF8(line) AND length(k) > 0 AND length(arrayDistinct(k)) = length(k) AND hasAll([${known}], k)`,
    skip: `match(line, '^\\s*$')`,
    header: '0',
    column(name) {
      const raw = `r[indexOf(k, ${sqlText(name)})]`;
      const isString = `startsWith(${raw}, '"')`;
      // A string without a backslash is its text unquoted; JSONExtractString decodes the others
      // (given an empty string for the rest: every argument is computed for every row, SETTINGS).
      const escaped = `position(${raw}, '\\\\') > 0`;
      const decoded = `if(${escaped}, JSONExtractString(if(${escaped}, ${raw}, '""')), substring(${raw}, 2, length(${raw}) - 2))`;
      return {
        // A number as its JSON text; null is absent, stored as ''.
        value: `multiIf(${isString}, ${decoded}, ${raw} = 'null', '', ${raw})`,
        present: `${raw} NOT IN ('', 'null')`,
        isString,
      };
    },
  };
}

/** Per text value; the characters are checked per line (CSV) or per row (textsOk). */
const textOk = (c: ColumnSql) => `${c.isString} AND length(${c.value}) BETWEEN 1 AND ${TEXT_MAX}`;

/** NDJSON: the text values of a row free of forbidden characters and of whitespace at their ends, in one match. */
function textsOk(reportType: ReportType, read: LineReader): string {
  const texts = FAST_COLUMNS[reportType].filter((c) => COLUMN_KIND[c] === 'text').map((c) => read.column(c).value);
  const joined = `concat(${texts.join(`, '${TEXTS_JOIN}', `)})`;
  return `isValidUTF8(${joined}) AND NOT match(${joined}, ${TEXTS_BAD}) AND countSubstrings(${joined}, '${TEXTS_JOIN}') = ${texts.length - 1}`;
}

/**
 * The date's shape and every number's (NUMERIC_PATTERN, absent allowed here) in one match over
 * them joined by commas: a comma inside a value adds a field, which the pattern refuses.
 */
function shapesOk(reportType: ReportType, read: LineReader): string {
  const numbers = FAST_COLUMNS[reportType].filter(isNumberColumn);
  const joined = `concat(${[read.column('date').value, ...numbers.map((c) => read.column(c).value)].join(", ',', ")})`;
  return `match(${joined}, ${sqlText(`^[0-9]{4}-[0-9]{2}-[0-9]{2}${`,${NUMBER}`.repeat(numbers.length)}$`)})`;
}

/** A real day within DATE_YEARS, of a value shaped `YYYY-MM-DD` (shapesOk). */
function dateOk(value: string): string {
  const y = `toUInt16OrZero(substring(${value}, 1, 4))`;
  const m = `toUInt8OrZero(substring(${value}, 6, 2))`;
  const d = `toUInt8OrZero(substring(${value}, 9, 2))`;
  const leap = `(${y} % 4 = 0 AND (${y} % 100 != 0 OR ${y} % 400 = 0))`;
  const monthDays = `if(${m} = 2, 28 + ${leap}, 30 + (${m} + intDiv(${m}, 8)) % 2)`;
  return `${y} BETWEEN ${DATE_YEARS.from} AND ${DATE_YEARS.to} AND ${m} BETWEEN 1 AND 12 AND ${d} BETWEEN 1 AND ${monthDays}`;
}

const number = (value: string) => `toFloat64OrZero(${value})`;

function valueOk(name: string, c: ColumnSql): string {
  const kind = COLUMN_KIND[name];
  if (kind === 'text') return textOk(c);
  if (kind === 'date') return `${c.isString} AND ${dateOk(c.value)}`;
  const n = number(c.value);
  const range = kind === 'count' ? `${n} = floor(${n}) AND ${n} <= ${COUNT_MAX}` : `isFinite(${n})`;
  return `${n} >= 0 AND ${range}`;
}

/** A row of `columns`, each present and valid, or absent where `optional` allows, and no other column present. */
function rowOk(reportType: ReportType, columns: readonly string[], optional: readonly string[], read: LineReader) {
  const all: readonly string[] = FAST_COLUMNS[reportType];
  return all
    .map((name) => {
      const c = read.column(name);
      if (!columns.includes(name)) return `NOT (${c.present})`;
      const ok = `(${valueOk(name, c)})`;
      return optional.includes(name) ? `(NOT (${c.present}) OR ${ok})` : ok;
    })
    .join(' AND ');
}

/**
 * A fact column's value as parsedLinesSql keeps it: nothing that could throw on a bad row (dates
 * as text, counts as Float64), typed by stagedValue once every row is known to be good.
 */
function parsedValue(name: string, c: ColumnSql): string {
  const kind = COLUMN_KIND[name];
  if (kind === 'count') return number(c.value);
  // + 0: JavaScript sends -0 as 0.
  if (kind === 'amount') return `${number(c.value)} + 0`;
  return c.value;
}

/** A column of parsedLinesSql's rows as the JavaScript path stages it. */
export function stagedValue(name: string): string {
  const kind = COLUMN_KIND[name];
  if (kind === 'date') return `toDate(${name})`;
  if (kind === 'count') return `toInt64(${name})`;
  return name;
}

/** The row shapes of a report type: what each fact table takes, selected by `where`. */
export interface FileRowShape {
  table: 'revenue_requests' | 'revenue_sales' | 'recirculation';
  where: string;
  columns: readonly string[];
}

export function rowShapes(reportType: ReportType): FileRowShape[] {
  if (reportType === 'recirculation') return [{ table: 'recirculation', where: '1', columns: FAST_COLUMNS.recirculation }];
  return [
    { table: 'revenue_requests', where: `kind = '${ROW_KIND_OF.revenue_requests}'`, columns: REQUEST_COLUMNS },
    { table: 'revenue_sales', where: `kind = '${ROW_KIND_OF.revenue_sales}'`, columns: SALES_COLUMNS },
  ];
}

/**
 * `SELECT ... FROM raw`: every non-blank line as `header` (it equals the CSV header), `ok` (it
 * keeps the rules) and, per column of the report type's files, its value named after it (parsedValue).
 */
export function parsedLinesSql(reportType: ReportType, file: FactsFile, raw: string): string {
  const csv = file.format === 'csv';
  const read = csv ? csvReader(file) : ndjsonReader(reportType);
  const shapes = rowShapes(reportType);
  const kind = read.column('kind');
  const shapeOk = shapes.map((s) => {
    const ok = rowOk(reportType, s.columns, OPTIONAL_TEXT_COLUMNS, read);
    return s.table === 'recirculation' ? ok : `(${kind.value} = '${ROW_KIND_OF[s.table]}' AND ${ok})`;
  });
  const values = FAST_COLUMNS[reportType].map((name) => {
    const c = read.column(name);
    return `${parsedValue(name, c)} AS ${name}`;
  });
  const rowWide = [read.lineOk, shapesOk(reportType, read), ...(csv ? [] : [textsOk(reportType, read)])];
  return `SELECT ${read.with.join(', ')}, ${read.header} AS header, (${rowWide.join(') AND (')}) AND (${shapeOk.join(' OR ')}) AS ok, ${values.join(', ')}
    FROM ${raw} WHERE NOT (${read.skip})`;
}
