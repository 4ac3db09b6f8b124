import { SITE_TAG_CLICKHOUSE_DDL, SITE_TAG_CLICKHOUSE_ROLLUP_DDL } from '../modules/site-tag';
import { clusterStatements, type ClusterLayout } from '../report-engine/clickhouse-cluster-schema';
import { clickHouseSchema } from '../report-engine/clickhouse-schema';

/**
 * The product's whole ClickHouse schema for a cluster: the report store's tables and the site-tag
 * store's, each turned into its cluster form by report-engine/clickhouse-cluster-schema.ts. It lives
 * with the platform because it gathers what two owners create at start; the files in docs/ are its
 * output (scripts/clickhouse-cluster-ddl.ts writes them, and a test fails when they are stale).
 */

/** The generated files, relative to the repository root. */
export const CLUSTER_DDL_FILES: Record<ClusterLayout, string> = {
  replicated: 'docs/clickhouse-cluster-replicated.sql',
  sharded: 'docs/clickhouse-cluster-sharded.sql',
};

/** Every statement the product runs on a single node at start, without the DROPs of tables of earlier versions. */
export function singleNodeDdl(): string[] {
  return [...clickHouseSchema(), ...SITE_TAG_CLICKHOUSE_DDL, ...SITE_TAG_CLICKHOUSE_ROLLUP_DDL].filter((s) => !/^DROP /.test(s));
}

/** The cluster statements of `layout`, in the order of the single-node ones. */
export function clusterDdl(layout: ClusterLayout): string[] {
  return singleNodeDdl().flatMap((sql) => clusterStatements(sql, layout));
}

/** A generated file's text: the statements of `layout`, each ending with a semicolon. */
export function clusterDdlFile(layout: ClusterLayout): string {
  const header = [
    `-- ClickHouse cluster schema, ${layout} layout: generated from the single-node schema by`,
    '-- apps/server/src/platform/clickhouse-cluster-ddl.ts (npx tsx scripts/clickhouse-cluster-ddl.ts).',
    '-- Run it once with the product database as the session database, before the first start:',
    '--   clickhouse-client --database <db> --multiquery < this file.  See docs/operations.md, "ClickHouse cluster".',
  ];
  return `${header.join('\n')}\n\n${clusterDdl(layout)
    .map((s) => `${s};`)
    .join('\n\n')}\n`;
}
export type { ClusterLayout } from '../report-engine/clickhouse-cluster-schema';
