import type { DuckDBConnection } from '@duckdb/node-api';
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
  SALES_COLUMNS,
  TEXT_MAX,
} from './fact-file-rules';
import { q, sqlText } from './duckdb-sql-parts';
import { countNdjsonKeys, type KeyCount } from './ndjson-key-count';
import type { FactsFile, StagedFile } from './report-engine';

/** The file's rows, typed, with `ok` (the row keeps every rule); the staging tables become views of it. */
export const STAGED_FILE = 'stg_file';

/**
 * The reader's columns as `v_<name>` text, null when absent. DuckDB's JSON reader reads a number
 * as its text too; a text sent as anything but a string is found by countNdjsonKeys.
 */
function readerSelect(reportType: ReportType, file: FactsFile): string {
  const path = sqlText(file.path);
  const names = FAST_COLUMNS[reportType];
  if (file.format === 'csv') {
    const columns = `{${file.columns.map((c) => `${sqlText(c)}: 'VARCHAR'`).join(', ')}}`;
    const values = names.map((c) => (file.columns.includes(c) ? `nullif(${q(c)}, '')` : 'NULL::VARCHAR') + ` AS ${q(`v_${c}`)}`);
    return `SELECT ${values.join(', ')} FROM read_csv(${path}, header = true, auto_detect = false,
      delim = ',', quote = '"', escape = '"', columns = ${columns}, strict_mode = true, null_padding = false)`;
  }
  const columns = `{${names.map((c) => `${sqlText(c)}: 'VARCHAR'`).join(', ')}}`;
  const values = names.map((c) => `${q(c)} AS ${q(`v_${c}`)}`);
  return `SELECT ${values.join(', ')} FROM read_json(${path}, format = 'newline_delimited', records = true, columns = ${columns})`;
}

/** SQL true when column `c`'s value, present, keeps its rule (a text's characters and a number's form: rowKeepsRules). */
function valueKeepsRule(c: string): string {
  const v = q(`v_${c}`);
  switch (COLUMN_KIND[c]) {
    case 'text':
      return `strlen(${v}) BETWEEN 1 AND ${TEXT_MAX}`;
    case 'date':
      return `(regexp_full_match(${v}, '[0-9]{4}-[0-9]{2}-[0-9]{2}')
        AND year(TRY_CAST(${v} AS DATE)) BETWEEN ${DATE_YEARS.from} AND ${DATE_YEARS.to})`;
    default: {
      const d = `TRY_CAST(${v} AS DOUBLE)`;
      return COLUMN_KIND[c] === 'count' ? `(${d} = floor(${d}) AND ${d} BETWEEN 0 AND ${COUNT_MAX})` : `(isfinite(${d}) AND ${d} >= 0)`;
    }
  }
}

/** What JavaScript's trim() removes (RE2's \\s lacks the vertical tab). */
const SPACE = '[\\s\\x0b\\p{Z}\\x{FEFF}]';

/**
 * The texts' characters, in one regular expression over them all joined by U+001F (one scan
 * instead of one per column): whitespace at either end of a text, a double quote, or a control
 * character. A U+001F inside a text cannot be told from the joints; the row-by-row path stores it
 * as it is, so it only matters next to whitespace, which is refused.
 */
const noForbiddenCharacters = (reportType: ReportType) => {
  const texts = FAST_COLUMNS[reportType].filter((c) => COLUMN_KIND[c] === 'text').map((c) => q(`v_${c}`));
  return `NOT regexp_matches(concat_ws(chr(31), ${texts.join(', ')}), '^${SPACE}|${SPACE}$|${SPACE}\\x1f|\\x1f${SPACE}|[\\x00-\\x1e\\x7f"]')`;
};

/**
 * Every number's form (NUMERIC_PATTERN: what a cast reads but Number() does not, such as `+5`, `.5`
 * or ` 5`, stays out), in one regular expression over them all joined by commas.
 */
const numbersWellFormed = (reportType: ReportType) => {
  const numbers = FAST_COLUMNS[reportType].filter(isNumberColumn);
  const one = NUMERIC_PATTERN.slice(1, -1);
  return `regexp_full_match(concat_ws(',', ${numbers.map((c) => q(`v_${c}`)).join(', ')}), ${sqlText(`(${one})(,${one})*`)})`;
};

/** SQL true when a row keeps every rule: its kind's columns present (bar the optional ones) and valid, the others absent. */
function rowKeepsRules(reportType: ReportType): string {
  const forColumns = (present: readonly string[], all: readonly string[]) =>
    all
      .map((c) => {
        const v = q(`v_${c}`);
        if (!present.includes(c)) return `${v} IS NULL`;
        // An optional text given as "" is absent to the row-by-row path too.
        if ((OPTIONAL_TEXT_COLUMNS as readonly string[]).includes(c)) return `(${v} IS NULL OR ${v} = '' OR ${valueKeepsRule(c)})`;
        return `coalesce(${valueKeepsRule(c)}, false)`;
      })
      .join(' AND ');
  const all = FAST_COLUMNS[reportType];
  const perKind =
    reportType === 'recirculation'
      ? forColumns(all, all)
      : `CASE v_kind WHEN 'requests' THEN ${forColumns(REQUEST_COLUMNS, all)} WHEN 'sales' THEN ${forColumns(SALES_COLUMNS, all)} ELSE false END`;
  return `(${perKind}) AND ${numbersWellFormed(reportType)} AND ${noForbiddenCharacters(reportType)}`;
}

/** The staged columns of the fact tables, cast (TRY_: a row breaking a rule is never used). */
function typedColumns(reportType: ReportType): string {
  const asCount = (c: string) => `TRY_CAST(TRY_CAST(${q(`v_${c}`)} AS DOUBLE) AS BIGINT) AS ${q(c)}`;
  const asAmount = (c: string) => `TRY_CAST(${q(`v_${c}`)} AS DOUBLE) AS ${q(c)}`;
  const text = (c: string) => `${q(`v_${c}`)} AS ${q(c)}`;
  return FAST_COLUMNS[reportType]
    .map((c) => {
      if (COLUMN_KIND[c] === 'count') return asCount(c);
      if (COLUMN_KIND[c] === 'amount') return asAmount(c);
      // Typed once here rather than cast by every statement that reads the staged rows.
      if (COLUMN_KIND[c] === 'date') return `TRY_CAST(${q(`v_${c}`)} AS DATE) AS ${q(c)}`;
      if ((OPTIONAL_TEXT_COLUMNS as readonly string[]).includes(c)) return `coalesce(${q(`v_${c}`)}, '') AS ${q(c)}`;
      return text(c);
    })
    .join(', ');
}

/** How many of a row's columns hold a value (NDJSON: the keys read_json read on its line). */
const valuesRead = (reportType: ReportType) => FAST_COLUMNS[reportType].map((c) => `(${q(`v_${c}`)} IS NOT NULL)::INTEGER`).join(' + ');

/**
 * Keys in the NDJSON lines that read_json did not read, and texts that are not JSON strings:
 * read_json keeps only the columns it is given, reads a JSON null as absent and a number as text,
 * where the row-by-row path refuses or reads them otherwise. The keys counted in the file's bytes
 * (countNdjsonKeys) must be the values read (valuesRead), and none of the texts anything but a string.
 */
const keysMatchValues = (counted: KeyCount | null, keysRead: bigint): boolean =>
  counted !== null && counted.nonStringTexts === 0 && BigInt(counted.keys) === keysRead;

/**
 * FactIngest.stageFile on DuckDB: one pass of DuckDB's CSV or JSON reader writes STAGED_FILE, the
 * rows typed and checked against fact-file-rules.ts; the caller then stages views of it. A reader
 * error (a wrong field count, bytes that are not UTF-8, a line that is not one JSON object, a
 * repeated key) or any row breaking a rule returns null, with STAGED_FILE dropped.
 */
export async function stageDuckDbFile(conn: DuckDBConnection, reportType: ReportType, file: FactsFile): Promise<StagedFile | null> {
  const ndjson = file.format === 'ndjson';
  const drop = () => conn.run(`DROP TABLE IF EXISTS ${STAGED_FILE}`);
  // Counted beside DuckDB's read (its threads do the parsing; this one only scans bytes).
  const numberKeys = FAST_COLUMNS[reportType].filter(isNumberColumn);
  const keyCount = ndjson ? countNdjsonKeys(file.path, numberKeys).catch(() => null) : null;
  try {
    await conn.run(
      `CREATE OR REPLACE TEMP TABLE ${STAGED_FILE} AS SELECT ${typedColumns(reportType)}, ${rowKeepsRules(reportType)} AS ok${ndjson ? `, ${valuesRead(reportType)} AS present` : ''}
        FROM (${readerSelect(reportType, file)}) v`,
    );
  } catch {
    await keyCount;
    await drop();
    return null;
  }
  // Everything the caller needs of the table, in one pass over it.
  const read = await conn.runAndReadAll(
    `SELECT count(*)::BIGINT AS n, count(*) FILTER (WHERE NOT ok)::BIGINT AS bad, ${ndjson ? 'sum(present)' : '0'}::BIGINT AS keys_read,
       list(DISTINCT publisher_id) AS publishers FROM ${STAGED_FILE}`,
  );
  const {
    n,
    bad,
    keys_read: keysRead,
    publishers,
  } = read.getRowObjectsJS()[0] as { n: bigint; bad: bigint; keys_read: bigint; publishers: string[] | null };
  if (bad !== 0n || (ndjson && !keysMatchValues(await keyCount, keysRead))) {
    await drop();
    return null;
  }
  return { rows: Number(n), publisherIds: (publishers ?? []).map(String) };
}
