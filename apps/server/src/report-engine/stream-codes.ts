import type { DuckDBDataChunk } from '@duckdb/node-api';
import type { DimensionKey } from '@pc/contracts';
import { DIMENSION_COLUMN } from './dimension-columns';
import { sqlText } from './duckdb-sql-parts';
import type { ColumnChunk } from './report-engine';
import type { ReportPlan } from './report-plan';
import { DUCKDB_SALES_ROLLUPS, salesTableFor } from './sales-rollups';

/**
 * Exports' text columns as integer codes. Reading a DuckDB VARCHAR costs a
 * TextDecoder call per value, and a native call when it is longer than 12 bytes: about 2 s of CPU
 * for a million-row export's four text columns. The export instead asks DuckDB for each text
 * value's position in a per-export dictionary (`enum_code(CAST(x AS ENUM(...)))`, a UTINYINT to
 * UINTEGER) and maps it back with an array index, so every text is read from DuckDB once per
 * export instead of once per row. The bytes are the same (tests compare them with the table).
 *
 * A dictionary may hold more values than the export shows (it is read from the facts of the range,
 * before filters), never fewer: a value missing from it makes DuckDB's cast fail, so a wrong
 * dictionary fails the export instead of changing it.
 */

/** Output column key -> its dictionary (no duplicates, no null). */
export type ColumnDictionaries = Readonly<Record<string, readonly string[]>>;

/**
 * Above this many values a column stays text: its dictionary would be a long SQL literal parsed
 * by every window's statement, for a column whose values repeat too little to gain much.
 */
export const MAX_DICTIONARY_VALUES = 5_000;

/** The code (0-based position in `values`) of `expr`'s text; NULL stays NULL. */
export function enumCodeSql(expr: string, values: readonly string[]): string {
  return `enum_code(CAST(${expr} AS ENUM(${values.map(sqlText).join(', ')})))`;
}

/** Every YYYY-MM-DD (Day) or YYYY-MM (Month) of the plan's range, in order. */
export function timeDictionary(plan: Pick<ReportPlan, 'timeColumn' | 'dateFrom' | 'dateTo'>): string[] {
  const values: string[] = [];
  if (plan.timeColumn === 'date') {
    const last = Date.parse(`${plan.dateTo}T00:00:00Z`);
    for (let t = Date.parse(`${plan.dateFrom}T00:00:00Z`); t <= last && values.length <= MAX_DICTIONARY_VALUES; t += 86_400_000) {
      values.push(new Date(t).toISOString().slice(0, 10));
    }
  } else if (plan.timeColumn === 'month') {
    let [year, month] = plan.dateFrom.split('-').map(Number) as [number, number];
    const last = plan.dateTo.slice(0, 7);
    for (;;) {
      const value = `${year}-${String(month).padStart(2, '0')}`;
      if (value > last || values.length > MAX_DICTIONARY_VALUES) break;
      values.push(value);
      [year, month] = month === 12 ? [year + 1, 1] : [year, month + 1];
    }
  }
  return values;
}

/**
 * The fact tables a dimension's values come from: revenue rows are sales rows (the smallest rollup
 * holding the dimension) full-joined with request rows, which hold sites and product types.
 */
function sourceTables(plan: ReportPlan, dimension: DimensionKey): string[] {
  if (plan.reportType === 'recirculation') return ['recirculation'];
  const sales = salesTableFor([dimension], DUCKDB_SALES_ROLLUPS);
  return dimension === 'sites' || dimension === 'product_type' ? [sales, 'revenue_requests'] : [sales];
}

/** The distinct output values (`v`) a dimension can take in the plan's range: site names for sites. */
export function buildDictionarySql(plan: ReportPlan, dimension: DimensionKey): string {
  const column = DIMENSION_COLUMN[dimension];
  const keys = sourceTables(plan, dimension)
    .map(
      (t) =>
        `SELECT DISTINCT ${column} AS v FROM ${t} WHERE publisher_id = $pub AND date BETWEEN CAST($from AS DATE) AND CAST($to AS DATE)`,
    )
    .join(' UNION ');
  const values = dimension === 'sites' ? `SELECT COALESCE(st.name, x.v) AS v FROM (${keys}) x LEFT JOIN sites st ON st.id = x.v` : keys;
  return `SELECT DISTINCT v FROM (${values}) WHERE v IS NOT NULL`;
}

/** Runs a read statement and returns its rows (a DuckDB connection's runAndReadAll). */
export type RunSql = (sql: string, params: Record<string, string | number>) => Promise<Record<string, unknown>[]>;

/** The plan's text columns' dictionaries; a column with no or too many values is left out (stays text). */
export async function readDictionaries(run: RunSql, plan: ReportPlan): Promise<ColumnDictionaries> {
  const dictionaries: Record<string, readonly string[]> = {};
  if (plan.timeColumn) {
    const days = timeDictionary(plan);
    if (days.length > 0 && days.length <= MAX_DICTIONARY_VALUES) dictionaries[plan.timeColumn] = days;
  }
  const params = { pub: plan.publisherId, from: plan.dateFrom, to: plan.dateTo };
  for (const d of plan.dimensions) {
    const rows = await run(`${buildDictionarySql(plan, d)} LIMIT ${MAX_DICTIONARY_VALUES + 1}`, params);
    // No values: no rows to read either, and DuckDB has no empty ENUM.
    if (rows.length > 0 && rows.length <= MAX_DICTIONARY_VALUES) dictionaries[d] = rows.map((r) => String(r.v));
  }
  return dictionaries;
}

/**
 * A fetched chunk's values column by column; null at the end of the result. `dictionaries[n]`:
 * column n holds codes into it (buildStreamSql with the same dictionaries).
 */
export function readColumns(chunk: DuckDBDataChunk | null, dictionaries: readonly (readonly string[] | undefined)[]): ColumnChunk | null {
  if (!chunk || chunk.rowCount === 0) return null;
  const rowCount = chunk.rowCount;
  const columns: (string | number | null)[][] = [];
  for (let n = 0; n < dictionaries.length; n += 1) {
    const vector = chunk.getColumnVector(n);
    const dictionary = dictionaries[n];
    const values = new Array<string | number | null>(rowCount);
    for (let i = 0; i < rowCount; i += 1) {
      const v = vector.getItem(i);
      if (dictionary && typeof v === 'number') {
        const text = dictionary[v];
        if (text === undefined) throw new Error(`Export column ${n}: code ${v} is not in its dictionary.`);
        values[i] = text;
      } else values[i] = typeof v === 'string' || typeof v === 'number' || v === null ? v : String(v);
    }
    columns.push(values);
  }
  return { rowCount, columns };
}
