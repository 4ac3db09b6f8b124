import path from 'node:path';
import { ClickHouseReportEngine } from './clickhouse-engine';
import { clickHouseClientExec } from './clickhouse-exec';
import { DuckDbReportEngine } from './duckdb-engine';
import type { ReportEngine } from './report-engine';

/**
 * The report engine a configuration asks for: ClickHouse when CLICKHOUSE_URL is set (any number of
 * server processes), otherwise the embedded DuckDB file DATA_DIR/facts.duckdb (one process: DuckDB
 * locks the file, so a second process fails at start with a clear message, see app.ts).
 */
export function createReportEngine(config: { CLICKHOUSE_URL: string | null; DATA_DIR: string }): ReportEngine {
  if (config.CLICKHOUSE_URL) return new ClickHouseReportEngine(clickHouseClientExec(config.CLICKHOUSE_URL));
  return new DuckDbReportEngine(path.join(path.resolve(config.DATA_DIR), 'facts.duckdb'));
}
