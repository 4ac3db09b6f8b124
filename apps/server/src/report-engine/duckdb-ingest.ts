import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';
import type { ReportType } from '@pc/contracts';
import type { DuckDbConnections } from './duckdb-connections';
import { FACT_TABLES, type FactTable } from './duckdb-schema';
import { refreshDerived } from './derived-tables';
import { STAGED_FILE, stageDuckDbFile } from './duckdb-file-stage';
import { FAST_COLUMNS, ROW_KIND_OF } from './fact-file-rules';
import { FACT_KEYS } from './fact-keys';
import type { FactBatch, FactIngest, IngestSummary } from './report-engine';

/** Every fact table of a report type is replaced together, so a day is replaced as a whole. */
const TABLES_OF: Readonly<Record<ReportType, readonly FactTable[]>> = {
  revenue: ['revenue_requests', 'revenue_sales'],
  recirculation: ['recirculation'],
};

const lineOf = (f: object): number => (f as { line?: number }).line ?? 0;

/** Appends a batch's rows to the staging tables' appenders, in the fact tables' column order plus the line. */
function appendBatch(appenders: Partial<Record<FactTable, DuckDBAppender>>, batch: FactBatch): number {
  if (batch.reportType === 'revenue') {
    const req = appenders.revenue_requests as DuckDBAppender;
    for (const f of batch.requests) {
      req.appendVarchar(f.date);
      req.appendVarchar(f.publisherId);
      req.appendVarchar(f.siteId);
      req.appendVarchar(f.productType);
      req.appendBigInt(BigInt(f.impRequests));
      req.appendUInteger(lineOf(f));
      req.endRow();
    }
    const sales = appenders.revenue_sales as DuckDBAppender;
    for (const f of batch.sales) {
      sales.appendVarchar(f.date);
      sales.appendVarchar(f.publisherId);
      sales.appendVarchar(f.siteId);
      sales.appendVarchar(f.productType);
      sales.appendVarchar(f.size);
      sales.appendVarchar(f.brand);
      sales.appendVarchar(f.dealName);
      sales.appendVarchar(f.dealId);
      sales.appendBigInt(BigInt(f.impressions));
      sales.appendDouble(f.revenue);
      sales.appendDouble(f.netRevenue);
      sales.appendVarchar(f.advertiserDomain ?? '');
      sales.appendVarchar(f.iabCategory ?? '');
      sales.appendUInteger(lineOf(f));
      sales.endRow();
    }
    return batch.requests.length + batch.sales.length;
  }
  const rec = appenders.recirculation as DuckDBAppender;
  for (const f of batch.rows) {
    rec.appendVarchar(f.date);
    rec.appendVarchar(f.publisherId);
    rec.appendVarchar(f.siteId);
    rec.appendVarchar(f.widget);
    rec.appendBigInt(BigInt(f.organicPageViews));
    rec.appendBigInt(BigInt(f.organicClicks));
    rec.appendUInteger(lineOf(f));
    rec.endRow();
  }
  return batch.rows.length;
}

/**
 * A streamed ingestion on DuckDB. Rows go through the appender (fast, no SQL text) into temporary
 * staging tables of a connection of its own, so a slow upload holds no other write back. commit()
 * then runs, in the writer's turn, one transaction that deletes every (publisher, day) staged from
 * all tables of the report type and inserts the staged rows: a failure or an abort before it
 * leaves the previous data intact, and readers never see a day half replaced.
 */
export async function beginDuckDbIngest(connections: DuckDbConnections, reportType: ReportType): Promise<FactIngest> {
  const conn = await connections.openReader();
  const tables = TABLES_OF[reportType];
  const appenders: Partial<Record<FactTable, DuckDBAppender>> = {};
  let staged = 0;
  let open = true;
  /** After stageFile, the staging tables are views of the file's table. */
  let stagedAs: 'TABLE' | 'VIEW' = 'TABLE';
  const closeAppenders = () => {
    for (const [table, a] of Object.entries(appenders)) {
      a.closeSync();
      delete appenders[table as FactTable];
    }
  };
  const finish = async () => {
    if (!open) return;
    open = false;
    closeAppenders();
    try {
      for (const table of tables) await conn.run(`DROP ${stagedAs} IF EXISTS stg_${table}`);
      await conn.run(`DROP TABLE IF EXISTS ${STAGED_FILE}`);
      await conn.run('DROP TABLE IF EXISTS stg_days');
    } finally {
      connections.closeReader(conn);
    }
  };
  try {
    for (const table of tables) {
      // Same columns as the fact table, date as text (cast on insert, validated by the parser), and the file line.
      await conn.run(
        `CREATE OR REPLACE TEMP TABLE stg_${table} AS SELECT * REPLACE (CAST(date AS VARCHAR) AS date), 0::UINTEGER AS line FROM ${table} LIMIT 0`,
      );
      appenders[table] = await conn.createAppender(`stg_${table}`);
    }
  } catch (error) {
    await finish();
    throw error;
  }
  const flush = () => {
    for (const a of Object.values(appenders)) a.flushSync();
  };
  return {
    async add(batch) {
      if (batch.reportType !== reportType) throw new Error(`a ${batch.reportType} batch in a ${reportType} ingest`);
      staged += appendBatch(appenders, batch);
    },
    async stageFile(file) {
      const read = await stageDuckDbFile(conn, reportType, file);
      if (!read) return null;
      closeAppenders();
      for (const table of tables) {
        await conn.run(`DROP TABLE stg_${table}`);
        await conn.run(`CREATE TEMP VIEW stg_${table} AS ${stagedFileView(reportType, table)}`);
      }
      stagedAs = 'VIEW';
      staged += read.rows;
      return read;
    },
    async duplicates(limit) {
      flush();
      return readDuplicates(conn, tables, limit);
    },
    async commit() {
      try {
        flush();
        return await connections.write(() => replaceDays(conn, reportType, tables, staged));
      } finally {
        await finish();
      }
    },
    abort: finish,
  };
}

/** A fact table's staged rows as a view of the file DuckDB read: its columns, line 0, and '' for what a clean file cannot carry. */
function stagedFileView(reportType: ReportType, table: FactTable): string {
  const columns = FACT_TABLES[table].map((c) => (FAST_COLUMNS[reportType].includes(c) ? c : `''::VARCHAR AS ${c}`));
  const kind = table === 'recirculation' ? '' : ` WHERE kind = '${ROW_KIND_OF[table]}'`;
  return `SELECT ${columns.join(', ')}, 0::UINTEGER AS line FROM ${STAGED_FILE}${kind}`;
}

/**
 * Repeated keys among the staged rows. Most files have none: one GROUP BY over a 64-bit hash of
 * each row's key finds that, and only the rows whose hash repeats are grouped by the key itself
 * (two different keys may share a hash; the key's own GROUP BY tells them apart). Grouping every
 * row by its key's texts hashes and compares eight texts per row: for a 100 M-row file that took
 * 17 s (2GB limit), the hash of each key 11.6 s (1GB); 2.8 s and 2.4 s at 20 M rows (2GB both).
 * The lines of each repeated key are listed only for the keys that repeat (listing every group's
 * lines cost as much again as staging the file).
 */
async function readDuplicates(conn: DuckDBConnection, tables: readonly FactTable[], limit: number) {
  let count = 0;
  const rows: { line: number; firstLine: number }[] = [];
  for (const table of tables) {
    const keys = FACT_KEYS[table].join(', ');
    if (!(await stageRepeatedKeys(conn, table, keys))) continue;
    const groups = `SELECT list_sort(list(line)) AS lines FROM stg_${table} SEMI JOIN stg_repeated USING (${keys}) GROUP BY ${keys}`;
    const n = await conn.runAndReadAll(`SELECT coalesce(sum(len(lines) - 1), 0)::BIGINT AS n FROM (${groups})`);
    count += Number(n.getRowObjectsJS()[0]?.n ?? 0);
    // The count alone (a clean file read by DuckDB asks only whether there is any): no lines to list.
    if (limit === 0) continue;
    const first = await conn.runAndReadAll(`SELECT lines FROM (${groups}) ORDER BY lines[2] LIMIT ${Number(limit)}`);
    for (const { lines } of first.getRowObjectsJS() as { lines: number[] }[]) {
      for (const line of lines.slice(1)) rows.push({ line: Number(line), firstLine: Number(lines[0]) });
    }
  }
  await conn.run('DROP TABLE IF EXISTS stg_repeated');
  await conn.run('DROP TABLE IF EXISTS stg_repeated_hash');
  rows.sort((a, b) => a.line - b.line);
  return { count, rows: rows.slice(0, limit) };
}

const rowCount = async (conn: DuckDBConnection, table: string): Promise<number> =>
  Number((await conn.runAndReadAll(`SELECT count(*)::INTEGER AS n FROM ${table}`)).getRowObjectsJS()[0]?.n ?? 0);

/** Writes stg_repeated, the keys of `table`'s staged rows that appear more than once; false when there are none. */
async function stageRepeatedKeys(conn: DuckDBConnection, table: FactTable, keys: string): Promise<boolean> {
  await conn.run(
    `CREATE OR REPLACE TEMP TABLE stg_repeated_hash AS SELECT hash(${keys}) AS h FROM stg_${table} GROUP BY h HAVING count(*) > 1`,
  );
  if ((await rowCount(conn, 'stg_repeated_hash')) === 0) return false;
  await conn.run(
    `CREATE OR REPLACE TEMP TABLE stg_repeated AS SELECT ${keys} FROM stg_${table}
     WHERE hash(${keys}) IN (SELECT h FROM stg_repeated_hash) GROUP BY ${keys} HAVING count(*) > 1`,
  );
  return (await rowCount(conn, 'stg_repeated')) > 0;
}

async function replaceDays(conn: DuckDBConnection, reportType: ReportType, tables: readonly FactTable[], staged: number) {
  const days = tables.map((t) => `SELECT DISTINCT publisher_id, CAST(date AS DATE) AS date FROM stg_${t}`).join(' UNION ');
  await conn.run(`CREATE OR REPLACE TEMP TABLE stg_days AS ${days}`);
  const daysReplaced = await rowCount(conn, 'stg_days');
  await conn.run('BEGIN TRANSACTION');
  try {
    for (const table of tables) {
      const cols = FACT_TABLES[table].join(', ');
      const selectCols = FACT_TABLES[table].map((c) => (c === 'date' ? 'CAST(date AS DATE)' : c)).join(', ');
      await conn.run(`DELETE FROM ${table} USING stg_days d WHERE ${table}.publisher_id = d.publisher_id AND ${table}.date = d.date`);
      // Sorted by publisher then date so zone maps let a publisher's query skip other row groups.
      await conn.run(`INSERT INTO ${table} (${cols}) SELECT ${selectCols} FROM stg_${table} ORDER BY publisher_id, date`);
    }
    // The staged sales are exactly the replaced days' facts: the day rollups sum them, not the whole store.
    const stagedSales = `(SELECT * EXCLUDE (date, line), CAST(date AS DATE) AS date FROM stg_revenue_sales)`;
    if (reportType === 'revenue') await refreshDerived(conn, { changedDays: 'stg_days', stagedSales });
    await conn.run('COMMIT');
  } catch (error) {
    await conn.run('ROLLBACK');
    throw error;
  }
  return { rowsApplied: staged, daysReplaced } satisfies IngestSummary;
}
