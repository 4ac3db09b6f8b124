import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { p1RevenueQuery } from '../../test/reports/chdb-facts-engine';
import { chdbExec, loadChdb } from '../../test/reports/chdb-test-exec';
import { LOCAL_SUFFIX, SHARDED_TABLES, singleNodeOf, type ClusterLayout } from '../report-engine/clickhouse-cluster-schema';
import { ClickHouseReportEngine } from '../report-engine/clickhouse-engine';
import type { ClickHouseExec } from '../report-engine/clickhouse-exec';
import { CLUSTER_DDL_FILES, clusterDdl, clusterDdlFile, singleNodeDdl } from './clickhouse-cluster-ddl';
import { loadTestFacts } from '../../test/reports/test-facts';

/*
 * The cluster schema (clickhouse-cluster-ddl.ts over report-engine/clickhouse-cluster-schema.ts) against the product's single-node schema: the
 * files in docs/ and the statements quoted in docs/operations.md are its output, and its statements
 * with the documented replacements give, on chDB, the product's tables: same columns, sorting,
 * primary and partition keys, and the same report figures over rows read back through them.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const LAYOUTS: ClusterLayout[] = ['replicated', 'sharded'];

describe('ClickHouse cluster schema: generated files and documentation', () => {
  it.each(LAYOUTS)('docs holds the current %s layout (regenerate: npx tsx scripts/clickhouse-cluster-ddl.ts)', (layout) => {
    expect(readFileSync(path.join(root, CLUSTER_DDL_FILES[layout]), 'utf8')).toBe(clusterDdlFile(layout));
  });

  it('every statement quoted in the operations section is generated', () => {
    const doc = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
    expect(doc).toContain('\n## ClickHouse cluster\n');
    const section = doc.slice(doc.indexOf('\n## ClickHouse cluster\n') + 1);
    const blocks = [...section.slice(0, section.indexOf('\n## ', 4)).matchAll(/```sql\n([\s\S]*?)```/g)].map((m) => m[1]!);
    const quoted = blocks.flatMap((b) => b.split(/;\n/).map((s) => s.trim().replace(/;$/, ''))).filter((s) => s.length > 0);
    expect(quoted.length).toBeGreaterThanOrEqual(3);
    const generated = [...clusterDdl('replicated'), ...clusterDdl('sharded')].map((s) => s.trim());
    for (const statement of quoted) expect(generated).toContain(statement);
  });

  it('each layout covers every table of the product, with the sharded one splitting facts and derived tables only', () => {
    const productTables = singleNodeDdl().flatMap((s) => /^CREATE TABLE IF NOT EXISTS (\w+)/.exec(s)?.[1] ?? []);
    const created = (layout: ClusterLayout) => clusterDdl(layout).flatMap((s) => /^CREATE TABLE IF NOT EXISTS (\w+)/.exec(s)?.[1] ?? []);
    expect(created('replicated')).toEqual(productTables);
    const sharded = created('sharded');
    expect(sharded.filter((t) => !t.endsWith(LOCAL_SUFFIX))).toEqual(productTables);
    expect(sharded.filter((t) => t.endsWith(LOCAL_SUFFIX)).map((t) => t.slice(0, -LOCAL_SUFFIX.length))).toEqual(
      productTables.filter((t) => SHARDED_TABLES.has(t)),
    );
    expect(SHARDED_TABLES.has('revenue_sales')).toBe(true);
    expect(SHARDED_TABLES.has('sites')).toBe(false);
  });
});

const chdb = loadChdb();

interface TableShape {
  name: string;
  engine: string;
  sorting_key: string;
  primary_key: string;
  partition_key: string;
}

describe.skipIf(!chdb)('ClickHouse cluster schema on chDB (cluster parts replaced as documented)', () => {
  let exec: ClickHouseExec;
  const use = (db: string) => exec.command(`USE ${db}`);
  const tables = (db: string) =>
    exec.query<TableShape>(
      `SELECT name, engine, sorting_key, primary_key, partition_key FROM system.tables WHERE database = {db:String} ORDER BY name`,
      { db },
    );
  const columns = (db: string) =>
    exec.query<{ table: string; name: string; type: string; position: number }>(
      `SELECT table, name, type, position FROM system.columns WHERE database = {db:String} ORDER BY table, position`,
      { db },
    );
  const report = (engine: ClickHouseReportEngine) =>
    Promise.all([
      engine.query(p1RevenueQuery({ interval: 'Month', dimensions: ['sites', 'size', 'brand'] })),
      engine.query(p1RevenueQuery({ interval: 'Day', dimensions: ['sites'] })),
      engine.query({ ...p1RevenueQuery({}), reportType: 'recirculation', metrics: ['organicPageViews', 'organicClicks'] }),
    ]);

  beforeAll(async () => {
    exec = chdbExec(chdb!);
    for (const db of ['single', 'replicated', 'sharded']) await exec.command(`CREATE DATABASE ${db}`);
    await use('single');
    const product = new ClickHouseReportEngine(exec);
    await product.init();
    for (const ddl of singleNodeDdl()) await exec.command(ddl);
    await loadTestFacts(product);
    for (const layout of LAYOUTS) {
      await use(layout);
      for (const ddl of clusterDdl(layout)) await exec.command(singleNodeOf(ddl));
    }
  });
  afterAll(async () => {
    await exec?.close();
  });

  it('the replicated layout: the same tables, columns and keys as the product, and the product runs on it unchanged', async () => {
    expect(await tables('replicated')).toEqual(await tables('single'));
    expect(await columns('replicated')).toEqual(await columns('single'));
    await use('replicated');
    const engine = new ClickHouseReportEngine(exec);
    await engine.init();
    await loadTestFacts(engine);
    // Ingested twice: the second ingest replaces the same days (the figures below are not doubled).
    await loadTestFacts(engine);
    const figures = await report(engine);
    expect(figures[0].totals).toMatchObject({ impressions: 1400, revenue: 8 });
    expect(figures[1].totals).toMatchObject({ impRequests: 2500, impressions: 1400 });
    await use('single');
    expect(figures).toEqual(await report(new ClickHouseReportEngine(exec)));
  });

  it('the sharded layout: local tables like the product, Distributed stand-ins reading them, same report figures', async () => {
    const single = await tables('single');
    const sharded = await tables('sharded');
    const locals = sharded.filter((t) => t.name.endsWith(LOCAL_SUFFIX)).map((t) => ({ ...t, name: t.name.slice(0, -LOCAL_SUFFIX.length) }));
    expect(locals.length).toBe(SHARDED_TABLES.size);
    const kept = sharded.filter((t) => !t.name.endsWith(LOCAL_SUFFIX) && !SHARDED_TABLES.has(t.name));
    expect([...locals, ...kept].sort((a, b) => a.name.localeCompare(b.name))).toEqual(single);
    expect(sharded.filter((t) => SHARDED_TABLES.has(t.name)).map((t) => t.engine)).toEqual([...SHARDED_TABLES].map(() => 'Merge'));
    const byTable = (rows: Awaited<ReturnType<typeof columns>>) => rows.map((c) => `${c.table}.${c.position}.${c.name}.${c.type}`);
    const shardedColumns = byTable((await columns('sharded')).filter((c) => !c.table.endsWith(LOCAL_SUFFIX)));
    expect(shardedColumns).toEqual(byTable(await columns('single')));
    // Rows written to the local tables (where a shard keeps them), read through the product's names.
    for (const t of single.filter((table) => table.engine.endsWith('MergeTree'))) {
      const target = SHARDED_TABLES.has(t.name) ? `${t.name}${LOCAL_SUFFIX}` : t.name;
      await exec.command(`INSERT INTO sharded.${target} SELECT * FROM single.${t.name}`);
    }
    await use('sharded');
    const [count] = await exec.query<{ n: number }>('SELECT toFloat64(count()) AS n FROM revenue_sales');
    expect(count?.n).toBeGreaterThan(0);
    const figures = await report(new ClickHouseReportEngine(exec));
    await use('single');
    expect(figures).toEqual(await report(new ClickHouseReportEngine(exec)));
  });
});
