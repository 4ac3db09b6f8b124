import type { DuckDBAppender, DuckDBConnection } from '@duckdb/node-api';
import { FACT_TABLES, type FactTable } from './duckdb-schema';
import { refreshDerived } from './derived-tables';
import type { FactBatch, IngestSummary } from './report-engine';

/** Every fact table of a report type is replaced together, so a day is replaced as a whole. */
const TABLES_OF: Readonly<Record<FactBatch['reportType'], readonly FactTable[]>> = {
  revenue: ['revenue_requests', 'revenue_sales'],
  recirculation: ['recirculation'],
};

type Appendable = (a: DuckDBAppender) => void;

/**
 * Rows go to connection-local staging tables through the appender (fast, no SQL text), then one
 * transaction deletes every (publisher, day) present in the batch from all tables of the report
 * type and inserts the staged rows. A failure rolls back, leaving the previous data intact.
 */
export async function applyFactBatch(conn: DuckDBConnection, batch: FactBatch): Promise<IngestSummary> {
  const staged: Partial<Record<FactTable, Appendable[]>> = {};
  if (batch.reportType === 'revenue') {
    staged.revenue_requests = batch.requests.map((f) => (a) => {
      a.appendVarchar(f.date);
      a.appendVarchar(f.publisherId);
      a.appendVarchar(f.siteId);
      a.appendVarchar(f.productType);
      a.appendBigInt(BigInt(f.impRequests));
    });
    staged.revenue_sales = batch.sales.map((f) => (a) => {
      a.appendVarchar(f.date);
      a.appendVarchar(f.publisherId);
      a.appendVarchar(f.siteId);
      a.appendVarchar(f.productType);
      a.appendVarchar(f.size);
      a.appendVarchar(f.brand);
      a.appendVarchar(f.dealName);
      a.appendVarchar(f.dealId);
      a.appendBigInt(BigInt(f.impressions));
      a.appendDouble(f.revenue);
      a.appendDouble(f.netRevenue);
      a.appendVarchar(f.advertiserDomain ?? '');
      a.appendVarchar(f.iabCategory ?? '');
    });
  } else {
    staged.recirculation = batch.rows.map((f) => (a) => {
      a.appendVarchar(f.date);
      a.appendVarchar(f.publisherId);
      a.appendVarchar(f.siteId);
      a.appendVarchar(f.widget);
      a.appendBigInt(BigInt(f.organicPageViews));
      a.appendBigInt(BigInt(f.organicClicks));
    });
  }

  const tables = TABLES_OF[batch.reportType];
  let rowsApplied = 0;
  try {
    for (const table of tables) {
      // Same columns as the fact table, date as text (cast on insert, validated by the parser).
      await conn.run(`CREATE OR REPLACE TEMP TABLE stg_${table} AS SELECT * REPLACE (CAST(date AS VARCHAR) AS date) FROM ${table} LIMIT 0`);
      const appender = await conn.createAppender(`stg_${table}`);
      for (const append of staged[table] ?? []) {
        append(appender);
        appender.endRow();
        rowsApplied += 1;
      }
      appender.closeSync();
    }
    const days = tables.map((t) => `SELECT DISTINCT publisher_id, CAST(date AS DATE) AS date FROM stg_${t}`).join(' UNION ');
    await conn.run(`CREATE OR REPLACE TEMP TABLE stg_days AS ${days}`);
    const counted = await conn.runAndReadAll('SELECT count(*)::INTEGER AS n FROM stg_days');
    const daysReplaced = Number(counted.getRowObjectsJS()[0]?.n ?? 0);

    await conn.run('BEGIN TRANSACTION');
    try {
      for (const table of tables) {
        const cols = FACT_TABLES[table].join(', ');
        const selectCols = FACT_TABLES[table].map((c) => (c === 'date' ? 'CAST(date AS DATE)' : c)).join(', ');
        await conn.run(`DELETE FROM ${table} USING stg_days d WHERE ${table}.publisher_id = d.publisher_id AND ${table}.date = d.date`);
        // Sorted by publisher then date so zone maps let a publisher's query skip other row groups.
        await conn.run(`INSERT INTO ${table} (${cols}) SELECT ${selectCols} FROM stg_${table} ORDER BY publisher_id, date`);
      }
      if (batch.reportType === 'revenue') await refreshDerived(conn, 'stg_days');
      await conn.run('COMMIT');
    } catch (error) {
      await conn.run('ROLLBACK');
      throw error;
    }
    return { rowsApplied, daysReplaced };
  } finally {
    for (const table of tables) await conn.run(`DROP TABLE IF EXISTS stg_${table}`);
    await conn.run('DROP TABLE IF EXISTS stg_days');
  }
}
