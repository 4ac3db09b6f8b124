import path from 'node:path';
import { clusterExec } from './clickhouse-cluster-exec';
import type { ClusterLayout } from './clickhouse-cluster-schema';
import { ClickHouseReportEngine } from './clickhouse-engine';
import { clickHouseClientExec, type ClickHouseExec } from './clickhouse-exec';
import { DuckDbReportEngine } from './duckdb-engine';
import type { ReportEngine } from './report-engine';

export interface ReportEngineConfig {
  CLICKHOUSE_URL: string | null;
  CLICKHOUSE_CLUSTER: 'none' | ClusterLayout;
  DATA_DIR: string;
  DUCKDB_MEMORY_LIMIT: string;
}

/**
 * The report engine a configuration asks for: ClickHouse when CLICKHOUSE_URL is set (any number of
 * server processes), otherwise the embedded DuckDB file DATA_DIR/facts.duckdb (one process: DuckDB
 * locks the file, so a second process fails at start with a clear message, see app.ts).
 */
export function createReportEngine(config: ReportEngineConfig): ReportEngine {
  if (config.CLICKHOUSE_URL)
    return new ClickHouseReportEngine(withClusterLayout(clickHouseClientExec(config.CLICKHOUSE_URL), config.CLICKHOUSE_CLUSTER));
  return new DuckDbReportEngine(path.join(path.resolve(config.DATA_DIR), 'facts.duckdb'), { memoryLimit: config.DUCKDB_MEMORY_LIMIT });
}

/**
 * The ClickHouse connection the engine talks through: on a cluster (CLICKHOUSE_CLUSTER), its schema
 * statements, and on the sharded layout its DELETE and TRUNCATE, in their cluster form
 * (clickhouse-cluster-exec.ts); reads and inserts are the same on every layout.
 */
export function withClusterLayout(exec: ClickHouseExec, layout: ReportEngineConfig['CLICKHOUSE_CLUSTER']): ClickHouseExec {
  return layout === 'none' ? exec : clusterExec(exec, layout);
}
