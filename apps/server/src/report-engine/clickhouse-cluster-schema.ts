import { DERIVED_TABLES } from './clickhouse-derived';
import { CLICKHOUSE_TABLES_OF } from './clickhouse-schema';

/**
 * The ClickHouse schema for a cluster, derived statement by statement from the single-node statements
 * the product runs at start (clickhouse-schema.ts and the site-tag store's), so the two cannot drift:
 * platform/clickhouse-cluster-ddl.ts collects those and writes the files in docs/, and its test turns
 * them back into single-node statements (singleNodeOf) and compares them with the product's tables.
 *
 * Two layouts:
 * - replicated: one shard, every node a replica of every table under the product's own names. The
 *   product runs on it unchanged: its CREATE ... IF NOT EXISTS find the tables, and lightweight
 *   DELETE, TRUNCATE, ALTER and INSERT on a Replicated table reach every replica through Keeper.
 * - sharded: the report facts and their derived tables split by publisher over the shards
 *   (`<table>_local`, with a Distributed table under the product's name over them); every other
 *   table replicated to every node. Reads and inserts work through the Distributed tables; the
 *   engine's DELETE and TRUNCATE need their cluster form (clickhouse-cluster-exec.ts).
 */
export type ClusterLayout = 'replicated' | 'sharded';

export const CLUSTER_MACRO = "'{cluster}'";
export const SHARDING_KEY = 'cityHash64(publisher_id)';
export const LOCAL_SUFFIX = '_local';
/**
 * A replicated table skips an inserted block whose hash it has seen: after a day is deleted, the same
 * file ingested again (or the same rollup rows re-summed) would insert nothing. Every table turns
 * that off.
 */
export const NO_INSERT_DEDUP = 'SETTINGS replicated_deduplication_window = 0';

/** Tables split by publisher in the sharded layout: every statement on them names one publisher. */
export const SHARDED_TABLES: ReadonlySet<string> = new Set([...Object.values(CLICKHOUSE_TABLES_OF).flat(), ...DERIVED_TABLES]);

const CREATE = /^CREATE TABLE IF NOT EXISTS (\w+) /;
const ALTER = /^ALTER TABLE (\w+) /;
const VIEW = /^CREATE MATERIALIZED VIEW IF NOT EXISTS (\w+) /;
const ENGINE = /ENGINE = (\w*MergeTree)(?:\(([^)]*)\))?/;

/** One single-node CREATE, ALTER or CREATE MATERIALIZED VIEW as its statements on the cluster. */
export function clusterStatements(sql: string, layout: ClusterLayout): string[] {
  const sharded = (table: string) => layout === 'sharded' && SHARDED_TABLES.has(table);
  const create = CREATE.exec(sql);
  if (create) {
    const table = create[1]!;
    if (!sharded(table)) return [replicatedCreate(sql, table, table, layout === 'sharded' ? 'all' : '{shard}')];
    const local = `${table}${LOCAL_SUFFIX}`;
    return [
      replicatedCreate(sql.replace(CREATE, `CREATE TABLE IF NOT EXISTS ${local} `), table, local, '{shard}'),
      `CREATE TABLE IF NOT EXISTS ${table} ON CLUSTER ${CLUSTER_MACRO} AS ${local}
    ENGINE = Distributed(${CLUSTER_MACRO}, currentDatabase(), ${local}, ${SHARDING_KEY})`,
    ];
  }
  const alter = ALTER.exec(sql);
  if (alter) {
    const table = alter[1]!;
    const onCluster = (name: string) => sql.replace(ALTER, `ALTER TABLE ${name} ON CLUSTER ${CLUSTER_MACRO} `);
    return sharded(table) ? [onCluster(`${table}${LOCAL_SUFFIX}`), onCluster(table)] : [onCluster(table)];
  }
  const view = VIEW.exec(sql);
  if (view) return [sql.replace(VIEW, `CREATE MATERIALIZED VIEW IF NOT EXISTS ${view[1]} ON CLUSTER ${CLUSTER_MACRO} `)];
  throw new Error(`No cluster form for: ${sql.slice(0, 60)}`);
}

/**
 * `sql` (a CREATE of `table`) as `name` ON CLUSTER with its engine's Replicated form: Keeper path
 * per shard (`{shard}`), or one path for every node of the cluster (`all`: one replica set).
 */
function replicatedCreate(sql: string, table: string, name: string, shard: string): string {
  const engine = ENGINE.exec(sql);
  if (!engine) throw new Error(`No MergeTree engine in the DDL of ${table}`);
  const args = [`'/clickhouse/tables/${shard}/{database}/${name}'`, "'{replica}'", ...(engine[2] ? [engine[2]] : [])];
  const withCluster = sql.replace(CREATE, `CREATE TABLE IF NOT EXISTS ${name} ON CLUSTER ${CLUSTER_MACRO} `);
  return `${withCluster.replace(ENGINE, `ENGINE = Replicated${engine[1]}(${args.join(', ')})`)}\n    ${NO_INSERT_DEDUP}`;
}

/**
 * The documented replacements that make a cluster statement run on one node (chDB in the tests): no
 * ON CLUSTER, each Replicated engine its plain form, each Distributed table a Merge table over its
 * local table (reads only: the single node's stand-in for reading every shard).
 */
export function singleNodeOf(sql: string): string {
  return sql
    .replace(` ON CLUSTER ${CLUSTER_MACRO}`, '')
    .replace(/Replicated(\w*MergeTree)\('[^']*', '\{replica\}'(?:, )?/, '$1(')
    .replace(/Distributed\('\{cluster\}', currentDatabase\(\), (\w+), [^\n]*\)$/, "Merge(currentDatabase(), '^$1$$')");
}
