import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { p1RevenueQuery } from '../../test/reports/chdb-facts-engine';
import { chdbExec, loadChdb } from '../../test/reports/chdb-test-exec';
import { clusterCommand, clusterExec } from './clickhouse-cluster-exec';
import { LOCAL_SUFFIX, SHARDED_TABLES, singleNodeOf } from './clickhouse-cluster-schema';
import { ClickHouseReportEngine } from './clickhouse-engine';
import type { ClickHouseExec } from './clickhouse-exec';
import { loadTestFacts } from '../../test/reports/test-facts';

/*
 * The engine's statements in cluster form (clickhouse-cluster-exec.ts): rewritten as documented,
 * then, on chDB, run through the single-node stand-in of a sharded cluster; ingestion, the rollup
 * refresh and a rebuild then give the product's figures.
 */
describe('ClickHouse cluster statements', () => {
  const del = `DELETE FROM revenue_sales WHERE publisher_id = {pub:String} AND date IN {days:Array(Date)}`;

  it('the sharded layout sends DELETE and TRUNCATE of a sharded table to its local tables on every node', () => {
    expect(clusterCommand(del, 'sharded')).toEqual([
      `DELETE FROM revenue_sales_local ON CLUSTER '{cluster}' WHERE publisher_id = {pub:String} AND date IN {days:Array(Date)}`,
    ]);
    expect(clusterCommand('TRUNCATE TABLE IF EXISTS revenue_sales_by_size_m', 'sharded')).toEqual([
      `TRUNCATE TABLE IF EXISTS revenue_sales_by_size_m_local ON CLUSTER '{cluster}'`,
    ]);
    expect(clusterCommand('TRUNCATE TABLE site_tag_rollup_version', 'sharded')).toEqual(['TRUNCATE TABLE site_tag_rollup_version']);
  });

  it('the replicated layout keeps DELETE and TRUNCATE as they are (Keeper passes them on)', () => {
    expect(clusterCommand(del, 'replicated')).toEqual([del]);
    expect(clusterCommand('TRUNCATE TABLE IF EXISTS revenue_sales_by_size_m', 'replicated')).toEqual([
      'TRUNCATE TABLE IF EXISTS revenue_sales_by_size_m',
    ]);
  });

  it('schema statements become the generated cluster statements, on the local and the Distributed table', () => {
    const alter = `ALTER TABLE revenue_sales_by_size_m ADD COLUMN IF NOT EXISTS day_rows Int64`;
    expect(clusterCommand(alter, 'sharded')).toEqual([
      `ALTER TABLE revenue_sales_by_size_m_local ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS day_rows Int64`,
      `ALTER TABLE revenue_sales_by_size_m ON CLUSTER '{cluster}' ADD COLUMN IF NOT EXISTS day_rows Int64`,
    ]);
    const create = clusterCommand('CREATE TABLE IF NOT EXISTS engine_meta (key String) ENGINE = MergeTree ORDER BY key', 'replicated');
    expect(create).toHaveLength(1);
    expect(create[0]).toContain(`ENGINE = ReplicatedMergeTree('/clickhouse/tables/{shard}/{database}/engine_meta', '{replica}')`);
    expect(clusterCommand('SELECT 1', 'sharded')).toEqual(['SELECT 1']);
  });
});

const chdb = loadChdb();

/**
 * One node standing in for a sharded cluster: the documented replacements (singleNodeOf), and what
 * a Distributed table does with an insert (route it to a shard's local table) done by name, since
 * the Merge table standing in for it only reads.
 */
function shardedStandIn(exec: ClickHouseExec): ClickHouseExec {
  const local = (table: string) => (SHARDED_TABLES.has(table) ? `${table}${LOCAL_SUFFIX}` : table);
  return {
    ...exec,
    command: (sql, params) =>
      exec.command(
        singleNodeOf(sql).replace(/^INSERT INTO (\w+) /, (_, t: string) => `INSERT INTO ${local(t)} `),
        params,
      ),
    insert: (table, rows) => exec.insert(local(table), rows),
  };
}

describe.skipIf(!chdb)('ClickHouse cluster statements on chDB (a sharded cluster stood in for as documented)', () => {
  let exec: ClickHouseExec;
  const report = (engine: ClickHouseReportEngine) =>
    Promise.all([
      engine.query(p1RevenueQuery({ interval: 'Month', dimensions: ['sites', 'size', 'brand'] })),
      engine.query(p1RevenueQuery({ interval: 'Day', dimensions: ['sites'] })),
      engine.query({ ...p1RevenueQuery({}), reportType: 'recirculation', metrics: ['organicPageViews', 'organicClicks'] }),
    ]);

  beforeAll(async () => {
    exec = chdbExec(chdb!);
    for (const db of ['single', 'sharded']) await exec.command(`CREATE DATABASE ${db}`);
    await exec.command('USE single');
    const product = new ClickHouseReportEngine(exec);
    await product.init();
    await loadTestFacts(product);
  });
  afterAll(async () => {
    await exec?.close();
  });

  it('start, ingestion (twice: the days are replaced) and a rebuild of the derived tables give the product figures', async () => {
    const expected = await report(new ClickHouseReportEngine(exec));
    await exec.command('USE sharded');
    const engine = new ClickHouseReportEngine(clusterExec(shardedStandIn(exec), 'sharded'));
    await engine.init();
    const engines = await exec.query<{ name: string; engine: string }>(
      `SELECT name, engine FROM system.tables WHERE database = 'sharded' AND name IN ('revenue_sales', 'revenue_sales${LOCAL_SUFFIX}')`,
    );
    expect(Object.fromEntries(engines.map((t) => [t.name, t.engine]))).toEqual({
      revenue_sales: 'Merge',
      revenue_sales_local: 'MergeTree',
    });
    await loadTestFacts(engine);
    await loadTestFacts(engine);
    const figures = await report(engine);
    expect(figures[1].totals).toMatchObject({ impRequests: 2500, impressions: 1400, revenue: 8 });
    expect(figures).toEqual(expected);
    await engine.rebuildDerived();
    expect(await report(engine)).toEqual(expected);
  });
});
