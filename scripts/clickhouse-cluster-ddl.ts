// Writes the ClickHouse cluster schema files in docs/ from the single-node schema
// (apps/server/src/platform/clickhouse-cluster-ddl.ts); a server test fails when they are stale.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLUSTER_DDL_FILES, clusterDdlFile, type ClusterLayout } from '../apps/server/src/platform/clickhouse-cluster-ddl';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
for (const layout of Object.keys(CLUSTER_DDL_FILES) as ClusterLayout[]) {
  writeFileSync(path.join(root, CLUSTER_DDL_FILES[layout]), clusterDdlFile(layout));
  console.log(`wrote ${CLUSTER_DDL_FILES[layout]}`);
}
