import { CLUSTER_MACRO, LOCAL_SUFFIX, SHARDED_TABLES, clusterStatements, type ClusterLayout } from './clickhouse-cluster-schema';
import type { ClickHouseExec } from './clickhouse-exec';

/**
 * The engine's statements in their cluster form, for a connection to a cluster of `layout`
 * (clickhouse-cluster-schema.ts): what the sharded layout needs before ingestion can run on it.
 * Chosen by CLICKHOUSE_CLUSTER (create-engine.ts; docs/operations.md, "ClickHouse cluster").
 *
 * - CREATE TABLE, ALTER TABLE and CREATE MATERIALIZED VIEW become the generated cluster statements
 *   (ON CLUSTER, Replicated engines; on the sharded layout a local table and its Distributed table),
 *   so a start that creates a new derived table creates it on every node.
 * - On the sharded layout, DELETE and TRUNCATE of a sharded table go to its local tables ON CLUSTER:
 *   a Distributed table refuses DELETE, and its TRUNCATE only drops its own pending inserts. On the
 *   replicated layout they stay as they are (a Replicated table passes them on through Keeper).
 * - Reads and inserts are unchanged: they go to the product's names (the Distributed tables).
 */
export function clusterExec(exec: ClickHouseExec, layout: ClusterLayout): ClickHouseExec {
  return {
    ...exec,
    async command(sql, params) {
      for (const statement of clusterCommand(sql, layout)) await exec.command(statement, params);
    },
  };
}

const SCHEMA = /^(CREATE TABLE IF NOT EXISTS|ALTER TABLE|CREATE MATERIALIZED VIEW IF NOT EXISTS) /;
const DELETE = /^DELETE FROM (\w+) /;
const TRUNCATE = /^TRUNCATE TABLE (IF EXISTS )?(\w+)$/;

/** `sql` as the statements to send to a cluster of `layout`. */
export function clusterCommand(sql: string, layout: ClusterLayout): string[] {
  const text = sql.trim();
  if (SCHEMA.test(text)) return clusterStatements(text, layout);
  if (layout === 'replicated') return [sql];
  const del = DELETE.exec(text);
  if (del && SHARDED_TABLES.has(del[1]!))
    return [text.replace(DELETE, `DELETE FROM ${del[1]}${LOCAL_SUFFIX} ON CLUSTER ${CLUSTER_MACRO} `)];
  const truncate = TRUNCATE.exec(text);
  if (truncate && SHARDED_TABLES.has(truncate[2]!)) {
    return [`TRUNCATE TABLE ${truncate[1] ?? ''}${truncate[2]}${LOCAL_SUFFIX} ON CLUSTER ${CLUSTER_MACRO}`];
  }
  return [sql];
}
