/**
 * Report-fact ingestion at provider scale (`npm run bench:ingest`): N generated revenue rows as
 * NDJSON and as CSV, each loaded through the product's ingestion (ingestFile, what the CLI calls:
 * the engine's own reader for a clean file) into DuckDB and into ClickHouse, and both files through
 * the API over HTTP (a demo server in a child process, DuckDB). Prints rows/s per engine and format
 * beside the targets, the peak RSS growth while loading (of this process; for the API legs, of the
 * server, from its /metrics), and the load average. DUCKDB_MEMORY_LIMIT applies to every DuckDB leg.
 *
 *   --rows N          rows per file (default 10,000,000)
 *   --publishers N    publishers the rows are spread over (default 100)
 *   --via http        ClickHouse through @clickhouse/client to chDB in a child process (chdb-front.ts)
 *                     instead of chDB in-process; CLICKHOUSE_URL set: that server (its facts are replaced)
 *   --engines a,b     duckdb, clickhouse, api (default all three)
 *   --row-by-row      the CLI's legs read the file row by row (ingestSource), as a file breaking
 *                     a clean-file rule is read, instead of by the engine's reader
 *
 * Files and databases live in bench/.data/ingest-<rows>-<publishers> (files are reused).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { EnvSchema } from '../apps/server/src/config/env';
import { DEMO_EMAILS } from '../apps/server/src/demo/demo-data';
import { ClickHouseReportEngine } from '../apps/server/src/report-engine/clickhouse-engine';
import { clickHouseClientExec, type ClickHouseExec } from '../apps/server/src/report-engine/clickhouse-exec';
import { DERIVED_TABLES } from '../apps/server/src/report-engine/clickhouse-derived';
import { DuckDbReportEngine } from '../apps/server/src/report-engine/duckdb-engine';
import type { ReportEngine } from '../apps/server/src/report-engine/report-engine';
import { ingestFile, ingestSource } from '../apps/server/src/modules/reports/ingest/ingest-file';
import { chdbExec, CHDB_DIR, loadChdb } from '../apps/server/test/reports/chdb-test-exec';
import { startDemoServer } from './demo-server';
import { scrapeMetrics } from './server-metrics';
import { flagValue } from './flags';
import { numberFlag, viaFlag } from './reports-clickhouse';

const argv = process.argv.slice(2);
const ROWS = numberFlag(argv, 'rows', undefined, 10_000_000);
const PUBLISHERS = numberFlag(argv, 'publishers', undefined, 100);
const VIA = viaFlag(argv);
const ENGINES = (flagValue(argv, 'engines') ?? 'duckdb,clickhouse,api').split(',');
const ROW_BY_ROW = argv.includes('--row-by-row');
const TARGET = { duckdb: 300_000, clickhouse: 1_000_000 } as const;
const dir = join(dirname(fileURLToPath(import.meta.url)), '.data', `ingest-${ROWS}-${PUBLISHERS}`);
const HEADER = 'kind,date,publisher_id,site_id,product_type,size,brand,deal_name,deal_id,imp_requests,impressions,revenue,net_revenue';
const SITES = 20;
const SALES_PER_GROUP = 9;

/** Row `i` of the file: groups of one requests row and 9 sales rows per (day, publisher, site). */
function* rowsOf(n: number): Generator<Record<string, string | number>> {
  for (let i = 0; i < n; i += 1) {
    const group = Math.floor(i / (SALES_PER_GROUP + 1));
    const k = i % (SALES_PER_GROUP + 1);
    const pub = `P${1000 + (group % PUBLISHERS)}`;
    const site = `s${Math.floor(group / PUBLISHERS) % SITES}`;
    const dayIndex = Math.floor(group / (PUBLISHERS * SITES));
    const date = new Date(Date.UTC(2024, 0, 1) + dayIndex * 86_400_000).toISOString().slice(0, 10);
    const base = { date, publisher_id: pub, site_id: site, product_type: 'Display' };
    if (k === 0) yield { kind: 'requests', ...base, imp_requests: 1000 + (i % 977) };
    else {
      const impressions = 10 + ((i * 7) % 500);
      const revenue = impressions / 400;
      yield {
        kind: 'sales',
        ...base,
        size: ['300x250', '728x90', '320x50'][k % 3]!,
        brand: `Brand ${k}`,
        impressions,
        revenue,
        net_revenue: revenue * 0.75,
      };
    }
  }
}

const csvLine = (r: Record<string, string | number>) =>
  HEADER.split(',')
    .map((c) => r[c] ?? '')
    .join(',');

/** Writes the NDJSON and CSV files once (reused by later runs of the same size). */
async function generate(): Promise<{ ndjson: string; csv: string }> {
  await mkdir(dir, { recursive: true });
  const files = { ndjson: join(dir, 'facts.ndjson'), csv: join(dir, 'facts.csv') };
  for (const [format, path] of Object.entries(files)) {
    if (existsSync(path)) continue;
    const started = Date.now();
    const out = createWriteStream(`${path}.part`);
    let chunk: string[] = format === 'csv' ? [HEADER] : [];
    for (const r of rowsOf(ROWS)) {
      chunk.push(format === 'csv' ? csvLine(r) : JSON.stringify(r));
      if (chunk.length >= 10_000) {
        if (!out.write(`${chunk.join('\n')}\n`)) await once(out, 'drain');
        chunk = [];
      }
    }
    out.end(chunk.length ? `${chunk.join('\n')}\n` : '');
    await once(out, 'finish');
    await import('node:fs/promises').then((fs) => fs.rename(`${path}.part`, path));
    console.log(`  generated ${path} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return files;
}

/** Peak RSS growth (MB) of this process while `fn` runs, sampled every 50 ms. */
async function withRss<T>(fn: () => Promise<T>): Promise<{ result: T; rssGrowthMb: number }> {
  const start = process.memoryUsage.rss();
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
  try {
    const result = await fn();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { result, rssGrowthMb: (peak - start) / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

interface Leg {
  engine: string;
  format: string;
  seconds: number;
  rowsPerS: number;
  target?: number;
  rssGrowthMb: number;
  /** The API legs: the peak of DuckDB's own memory in the server (its buffer manager, within the limit). */
  storeMb?: number;
}

async function timeIngest(engine: ReportEngine, label: string, format: 'csv' | 'ndjson', path: string): Promise<Leg> {
  const started = performance.now();
  const { result, rssGrowthMb } = await withRss(() =>
    ROW_BY_ROW ? ingestSource(engine, 'revenue', createReadStream(path), format) : ingestFile(engine, 'revenue', path),
  );
  const seconds = (performance.now() - started) / 1000;
  if (result.errors.length > 0 || result.rowsApplied !== ROWS)
    throw new Error(`${label} ${format}: ${JSON.stringify(result.errors.slice(0, 3))}`);
  const key = label.startsWith('DuckDB') ? 'duckdb' : 'clickhouse';
  return { engine: label, format, seconds, rowsPerS: ROWS / seconds, target: TARGET[key], rssGrowthMb };
}

/** The product's memory cap (DUCKDB_MEMORY_LIMIT or its default), as the CLI and the server open the engine. */
const duckDbMemoryLimit = () => EnvSchema.shape.DUCKDB_MEMORY_LIMIT.parse(process.env.DUCKDB_MEMORY_LIMIT);

async function duckdbLegs(files: { ndjson: string; csv: string }): Promise<Leg[]> {
  const legs: Leg[] = [];
  for (const format of ['ndjson', 'csv'] as const) {
    const path = join(dir, `facts-${format}.duckdb`);
    await rm(path, { force: true });
    await rm(`${path}.wal`, { force: true });
    const memoryLimit = duckDbMemoryLimit();
    const engine = new DuckDbReportEngine(path, { memoryLimit });
    await engine.init();
    try {
      legs.push(await timeIngest(engine, `DuckDB (memory limit ${memoryLimit})`, format, files[format]));
    } finally {
      await engine.close();
    }
  }
  return legs;
}

/** ClickHouse as the bench asks: CLICKHOUSE_URL, chDB over HTTP in a child process, or chDB in-process. */
async function openClickHouse(): Promise<{ exec: ClickHouseExec; label: string; close(): Promise<void> }> {
  if (process.env.CLICKHOUSE_URL) {
    const exec = clickHouseClientExec(process.env.CLICKHOUSE_URL);
    return { exec, label: 'ClickHouse (CLICKHOUSE_URL)', close: () => exec.close() };
  }
  if (!loadChdb()) throw new Error(`chDB is not installed: npm run chdb:install (looked in ${CHDB_DIR})`);
  const dataPath = join(dir, 'chdb');
  await rm(dataPath, { recursive: true, force: true });
  if (VIA === 'in-process') {
    const exec = chdbExec(loadChdb()!, dataPath);
    return { exec, label: 'ClickHouse (chDB in-process)', close: () => exec.close() };
  }
  const script = join(dirname(fileURLToPath(import.meta.url)), 'chdb-front.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', script, dataPath], { stdio: ['pipe', 'pipe', 'inherit'] });
  const [url] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
  const exec = clickHouseClientExec(url);
  return {
    exec,
    label: 'ClickHouse (chDB over HTTP)',
    async close() {
      await exec.close();
      child.stdin!.end();
      await once(child, 'exit');
    },
  };
}

async function clickHouseLegs(files: { ndjson: string; csv: string }): Promise<Leg[]> {
  const ch = await openClickHouse();
  const engine = new ClickHouseReportEngine(ch.exec);
  const legs: Leg[] = [];
  try {
    await engine.init();
    for (const format of ['ndjson', 'csv'] as const) {
      // Each format into empty tables, so both legs insert rather than replace.
      for (const table of ['revenue_requests', 'revenue_sales', ...DERIVED_TABLES])
        await ch.exec.command(`TRUNCATE TABLE IF EXISTS ${table}`);
      legs.push(await timeIngest(engine, ch.label, format, files[format]));
    }
  } finally {
    await ch.close();
  }
  return legs;
}

/** Each file POSTed to the API of a demo server (DuckDB) in a child process, streamed. */
async function apiLegs(files: { ndjson: string; csv: string }): Promise<Leg[]> {
  const server = await startDemoServer({ name: 'ingest', readyTimeoutMs: 120_000 });
  try {
    const token = await server.signIn(DEMO_EMAILS.admin);
    const legs: Leg[] = [];
    for (const format of ['ndjson', 'csv'] as const) legs.push(await apiLeg(server.base, token, format, files[format]));
    return legs;
  } finally {
    await server.stop();
  }
}

/**
 * Peak RSS growth (MB) of the server while `fn` runs, and the peak of DuckDB's own memory in it
 * (MB, pc_report_store_memory_bytes), from its /metrics every 250 ms: DuckDB reads the file on
 * its own threads, so the server's event loop answers the scrape between statements.
 */
async function withServerRss<T>(base: string, fn: () => Promise<T>): Promise<{ result: T; rssGrowthMb: number; storeMb: number }> {
  const read = async () => {
    const m = await scrapeMetrics(base);
    return { rss: m.value('process_resident_memory_bytes') / 2 ** 20, store: m.value('pc_report_store_memory_bytes') / 2 ** 20 };
  };
  const start = (await read()).rss;
  const peak = { rss: start, store: 0 };
  const sample = async () => {
    const now = await read();
    peak.rss = Math.max(peak.rss, now.rss);
    peak.store = Math.max(peak.store, now.store);
  };
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      await sample();
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  try {
    const result = await fn();
    await sample();
    return { result, rssGrowthMb: peak.rss - start, storeMb: peak.store };
  } finally {
    sampling = false;
    await sampler;
  }
}

async function apiLeg(base: string, token: string, format: 'ndjson' | 'csv', path: string): Promise<Leg> {
  const size = (await stat(path)).size;
  const started = performance.now();
  const { result: answer, rssGrowthMb, storeMb } = await withServerRss(base, () => postFile(base, token, format, path, size));
  const seconds = (performance.now() - started) / 1000;
  if (answer.status !== 200) throw new Error(`API answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  return {
    engine: `API over HTTP (DuckDB, limit ${duckDbMemoryLimit()})`,
    format,
    seconds,
    rowsPerS: ROWS / seconds,
    target: TARGET.duckdb,
    rssGrowthMb,
    storeMb,
  };
}

/** The file POSTed to the data-loads endpoint, streamed; the server's answer. */
function postFile(base: string, token: string, format: 'ndjson' | 'csv', path: string, size: number) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(`${base}/api/admin/data-loads/revenue`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': format === 'csv' ? 'text/csv' : 'application/x-ndjson',
        'content-length': size,
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    pipeline(createReadStream(path), req).catch(reject);
  });
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function main() {
  const how = ROW_BY_ROW ? 'row by row' : "the engine's reader for a clean file";
  console.log(
    `bench:ingest: ${fmt(ROWS)} revenue rows, ${PUBLISHERS} publishers, ClickHouse ${VIA}, CLI legs ${how}; ${os.availableParallelism()} cores`,
  );
  const loadBefore = os.loadavg().map((l) => l.toFixed(1));
  const files = await generate();
  const legs: Leg[] = [];
  if (ENGINES.includes('duckdb')) legs.push(...(await duckdbLegs(files)));
  if (ENGINES.includes('clickhouse')) legs.push(...(await clickHouseLegs(files)));
  if (ENGINES.includes('api')) legs.push(...(await apiLegs(files)));
  console.log(
    `\n  ${'engine'.padEnd(40)} ${'format'.padEnd(7)} ${'seconds'.padStart(8)} ${'rows/s'.padStart(11)} ${'target'.padStart(11)}  RSS growth`,
  );
  for (const l of legs) {
    const verdict = l.target ? (l.rowsPerS >= l.target ? 'met' : 'below') : '';
    const rss = `${fmt(l.rssGrowthMb)} MB${l.storeMb === undefined ? '' : ` (server; DuckDB's own at most ${fmt(l.storeMb)} MB)`}`;
    console.log(
      `  ${l.engine.padEnd(40)} ${l.format.padEnd(7)} ${l.seconds.toFixed(1).padStart(8)} ${fmt(l.rowsPerS).padStart(11)} ${(l.target ? `>= ${fmt(l.target)}` : '').padStart(11)}  ${rss} ${verdict}`,
    );
  }
  console.log(
    `\n  load average (1, 5, 15 min): ${loadBefore.join(' ')} before, ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} after`,
  );
}

await main();
