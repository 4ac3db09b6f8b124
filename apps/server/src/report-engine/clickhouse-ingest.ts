import { randomBytes } from 'node:crypto';
import type { ReportType } from '@pc/contracts';
import { BOTH_GRAINS_TABLE, refreshDerivedOfDays } from './clickhouse-derived';
import { pairFilters } from './clickhouse-pair-filters';
import type { ClickHouseExec } from './clickhouse-exec';
import { CLICKHOUSE_TABLES_OF } from './clickhouse-schema';
import { FACT_TABLES } from './duckdb-schema';
import { FACT_KEYS } from './fact-keys';
import { stageClickHouseFile } from './clickhouse-file-stage';
import type { FactBatch, FactIngest, IngestSummary } from './report-engine';

/** Rows per INSERT into a staging table: large enough for ClickHouse's parts, small enough to hold in memory. */
const INSERT_BATCH = 100_000;

/** engine_meta key of a staged file whose publish has begun: `ingest_ready:<report type>:<id>`, value 1 until done. */
const READY = 'ingest_ready:';

type Table = (typeof CLICKHOUSE_TABLES_OF)[ReportType][number];
const stageOf = (id: string, table: Table) => `ingest_stage_${id}_${table}`;

/** Files this process is publishing: another ingest of the same process (tests, the demo seed) leaves them alone. */
const publishing = new Set<string>();

let lastVersion = 0;
/** Increasing versions for engine_meta's last-write-wins rows. */
const nextVersion = () => (lastVersion = Math.max(lastVersion + 1, Date.now() * 1000));

const lineOf = (f: object): number => (f as { line?: number }).line ?? 0;

/** A batch as JSONEachRow objects per fact table, with the file line. */
function rowsOf(batch: FactBatch): [Table, Record<string, unknown>[]][] {
  if (batch.reportType === 'recirculation') {
    return [
      [
        'recirculation',
        batch.rows.map((f) => ({
          date: f.date,
          publisher_id: f.publisherId,
          site_id: f.siteId,
          widget: f.widget,
          organic_page_views: f.organicPageViews,
          organic_clicks: f.organicClicks,
          line: lineOf(f),
        })),
      ],
    ];
  }
  const requests = batch.requests.map((f) => ({
    date: f.date,
    publisher_id: f.publisherId,
    site_id: f.siteId,
    product_type: f.productType,
    imp_requests: f.impRequests,
    line: lineOf(f),
  }));
  const sales = batch.sales.map((f) => ({
    date: f.date,
    publisher_id: f.publisherId,
    site_id: f.siteId,
    product_type: f.productType,
    size: f.size,
    brand: f.brand,
    deal_name: f.dealName,
    deal_id: f.dealId,
    impressions: f.impressions,
    revenue: f.revenue,
    net_revenue: f.netRevenue,
    advertiser_domain: f.advertiserDomain ?? '',
    iab_category: f.iabCategory ?? '',
    line: lineOf(f),
  }));
  return [
    ['revenue_requests', requests],
    ['revenue_sales', sales],
  ];
}

/**
 * A streamed ingestion on ClickHouse, which has no multi-statement transaction. Rows are staged in
 * tables of their own (`ingest_stage_<id>_<table>`, MergeTree on the node this process talks to):
 * an upload that fails or is abandoned there leaves the facts untouched. commit() then records the
 * staged file as ready in engine_meta and publishes it with a few statements inside ClickHouse
 * (delete the staged (publisher, day) pairs, INSERT ... SELECT from staging, re-sum the derived
 * rows of those days), each re-runnable: a process that dies while publishing leaves the marker,
 * and the next ingestion (under the same lock) publishes that file again before its own, unless a
 * server's repair (finishInterrupted, data-loads/interrupted-publish.ts) did so first.
 */
export async function beginClickHouseIngest(ch: ClickHouseExec, reportType: ReportType): Promise<FactIngest> {
  await finishInterrupted(ch);
  const id = `${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const tables = CLICKHOUSE_TABLES_OF[reportType];
  for (const table of tables) {
    await ch.command(
      `CREATE TABLE ${stageOf(id, table)} ENGINE = MergeTree ORDER BY (publisher_id, date) AS SELECT *, toUInt32(0) AS line FROM ${table} WHERE 0`,
    );
  }
  let done = false;
  const drop = async () => {
    if (done) return;
    done = true;
    await dropStaged(ch, id, reportType);
  };
  return {
    async add(batch) {
      if (batch.reportType !== reportType) throw new Error(`a ${batch.reportType} batch in a ${reportType} ingest`);
      for (const [table, rows] of rowsOf(batch)) {
        for (let n = 0; n < rows.length; n += INSERT_BATCH) await ch.insert(stageOf(id, table), rows.slice(n, n + INSERT_BATCH));
      }
    },
    duplicates: (limit) => readDuplicates(ch, id, tables, limit),
    stageFile: (file) => stageClickHouseFile(ch, reportType, file, `ingest_stage_${id}_raw`, (t) => stageOf(id, t as Table)),
    async commit() {
      const key = `${READY}${reportType}:${id}`;
      // From here on the staged rows are the only copy of the file: a failed publish keeps them for the next ingest to finish.
      done = true;
      publishing.add(id);
      try {
        await ch.insert('engine_meta', [{ key, value: 1, version: nextVersion() }]);
        const { rowsApplied, daysReplaced } = await publish(ch, reportType, id);
        await ch.insert('engine_meta', [{ key, value: 0, version: nextVersion() }]);
        await dropStaged(ch, id, reportType);
        return { rowsApplied, daysReplaced };
      } finally {
        publishing.delete(id);
      }
    },
    abort: drop,
  };
}

async function readDuplicates(ch: ClickHouseExec, id: string, tables: readonly Table[], limit: number) {
  let count = 0;
  const rows: { line: number; firstLine: number }[] = [];
  for (const table of tables) {
    const keys = FACT_KEYS[table].join(', ');
    // The count without the lines: no array per key (2 M rows: 450 -> 300 ms), and none read when there is none.
    const [n] = await ch.query<{ n: number }>(`SELECT toFloat64(count() - uniqExact(${keys})) AS n FROM ${stageOf(id, table)}`);
    const repeated = Number(n?.n ?? 0);
    count += repeated;
    if (repeated === 0 || limit === 0) continue;
    const groups = `SELECT arraySort(groupArray(line)) AS lines FROM ${stageOf(id, table)} GROUP BY ${keys} HAVING count() > 1`;
    const first = await ch.query<{ lines: number[] }>(`SELECT lines FROM (${groups}) ORDER BY lines[2] LIMIT {limit:UInt32}`, { limit });
    for (const { lines } of first) for (const line of lines.slice(1)) rows.push({ line: Number(line), firstLine: Number(lines[0]) });
  }
  rows.sort((a, b) => a.line - b.line);
  return { count, rows: rows.slice(0, limit) };
}

/** Replaces the staged (publisher, day) pairs by the staged rows; running it again gives the same result. */
async function publish(ch: ClickHouseExec, reportType: ReportType, id: string): Promise<IngestSummary & { publisherIds: string[] }> {
  const tables = CLICKHOUSE_TABLES_OF[reportType];
  const staged = tables.map((t) => `SELECT publisher_id, date FROM ${stageOf(id, t)}`).join(' UNION ALL ');
  const pairs = await ch.query<{ p: string; d: string }>(
    `SELECT DISTINCT publisher_id AS p, toString(date) AS d FROM (${staged}) ORDER BY p, d`,
  );
  const days = pairs.map((r) => [r.p, r.d] as const);
  // The both-grains rollup too: after a publish that died between a fact table's DELETE and INSERT, it still names the pairs whose rollup rows remain.
  const stored = await storedPairs(ch, reportType === 'revenue' ? [...tables, BOTH_GRAINS_TABLE] : tables, staged);
  let rowsApplied = 0;
  for (const table of tables) {
    const cols = FACT_TABLES[table].join(', ');
    for (const inDays of pairFilters(stored)) await ch.command(`DELETE FROM ${table} WHERE ${inDays}`);
    await ch.command(`INSERT INTO ${table} (${cols}) SELECT ${cols} FROM ${stageOf(id, table)}`);
    const [n] = await ch.query<{ n: number }>(`SELECT toFloat64(count()) AS n FROM ${stageOf(id, table)}`);
    rowsApplied += Number(n?.n ?? 0);
  }
  if (reportType === 'revenue') {
    await refreshDerivedOfDays(ch, days, stored, { requests: stageOf(id, 'revenue_requests'), sales: stageOf(id, 'revenue_sales') });
  }
  return { rowsApplied, daysReplaced: days.length, publisherIds: [...new Set(pairs.map((r) => r.p))] };
}

/**
 * The staged pairs the facts hold already: only those need deleting, from the facts and their day
 * rollups (derived from the facts, they hold no other days). A day loaded for the first time, the
 * daily case, then costs no DELETE at all; each one was a mutation of its table even when it
 * matched nothing (most of a small file's publish on chDB). One statement: GLOBAL IN sends the
 * staged pairs (a table of this node) along to every shard; 2,000 pairs as literals per statement
 * took ClickHouse about 0.4 s to plan (2 M rows, 10,000 pairs: 2 s).
 */
async function storedPairs(ch: ClickHouseExec, tables: readonly string[], staged: string) {
  const found = tables
    .map((t) => `SELECT publisher_id, date FROM ${t} WHERE (publisher_id, date) GLOBAL IN (${staged})`)
    .join(' UNION ALL ');
  const rows = await ch.query<{ p: string; d: string }>(`SELECT DISTINCT publisher_id AS p, toString(date) AS d FROM (${found})`);
  return rows.map((r) => [r.p, r.d] as const);
}

async function dropStaged(ch: ClickHouseExec, id: string, reportType: ReportType): Promise<void> {
  for (const table of CLICKHOUSE_TABLES_OF[reportType]) await ch.command(`DROP TABLE IF EXISTS ${stageOf(id, table)}`);
}

/** The staged files whose publish began and did not finish, other than this process's own running ones. */
async function interruptedPublishes(ch: ClickHouseExec) {
  const ready = await ch.query<{ key: string }>(
    `SELECT key FROM engine_meta WHERE startsWith(key, '${READY}') GROUP BY key HAVING argMax(value, version) = 1`,
  );
  return ready
    .map(({ key }) => {
      const [reportType, id] = key.slice(READY.length).split(':') as [ReportType, string];
      return { key, reportType, id };
    })
    .filter(({ id }) => !publishing.has(id));
}

/** Whether finishInterrupted has a publish to finish: one read of engine_meta, no lock needed. */
export async function hasInterrupted(ch: ClickHouseExec): Promise<boolean> {
  return (await interruptedPublishes(ch)).length > 0;
}

/**
 * Publishes again every staged file whose publish began and did not finish (its process died), then
 * drops what it staged and the staging tables of uploads abandoned for an hour or more (a younger
 * one may be another ingestion of this process: tests and the demo seed ingest without the lock).
 * Callers hold the ingest lock: the next ingestion, and every server's repair once a minute
 * (data-loads/interrupted-publish.ts). Answers the publishers whose figures it replaced.
 */
export async function finishInterrupted(ch: ClickHouseExec): Promise<{ publisherIds: string[] }> {
  const publisherIds = new Set<string>();
  for (const { key, reportType, id } of await interruptedPublishes(ch)) {
    for (const p of (await publish(ch, reportType, id)).publisherIds) publisherIds.add(p);
    await ch.insert('engine_meta', [{ key, value: 0, version: nextVersion() }]);
    await dropStaged(ch, id, reportType);
  }
  const left = await ch.query<{ name: string }>(
    `SELECT name FROM system.tables WHERE database = currentDatabase()
      AND startsWith(name, 'ingest_stage_') AND metadata_modification_time < now() - INTERVAL 1 HOUR`,
  );
  for (const { name } of left) await ch.command(`DROP TABLE IF EXISTS ${name}`);
  return { publisherIds: [...publisherIds].sort() };
}
