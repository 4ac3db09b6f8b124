/**
 * The audience bench's ClickHouse leg (`npm run bench:audience -- --engine clickhouse`):
 * the DuckDB bench file's site-tag events copied into ClickHouse's own engine in-process (chDB,
 * `npm run chdb:install`; its database kept in bench/.data/ so later runs reuse it), the same
 * audienceOverview calls timed on both stores, alternating run by run so both see the same load,
 * and printed side by side (target: ClickHouse p95 within 2x of DuckDB, and <= 200 ms for the
 * 28-day all-sites overview). The answers are compared: a run whose figures differ says so.
 */
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { chdbExec, CHDB_DIR, loadChdb } from '../apps/server/test/reports/chdb-test-exec';
import { ClickHouseReportEngine } from '../apps/server/src/report-engine/clickhouse-engine';
import type { DuckDbReportEngine } from '../apps/server/src/report-engine/duckdb-engine';
import { CH_CLOSED_TABLES, CH_VIEW_TABLES } from '../apps/server/src/modules/site-tag/site-tag.clickhouse-rollup';
import { clickHouseSiteTagStore } from '../apps/server/src/modules/site-tag/site-tag.clickhouse-store';
import { audienceOverview, type Scope } from '../apps/server/src/modules/site-tag/site-tag.queries';
import { SITE_TAG_EVENT_COLUMNS, type SiteTagEventStore } from '../apps/server/src/modules/site-tag/site-tag.store';
import { percentile } from './reports';
import { printSideBySide, type SideBySide } from './reports-clickhouse';

const COLUMNS = SITE_TAG_EVENT_COLUMNS.join(', ');

/** Opens chDB in `dir` and makes its site_tag_events the DuckDB file's (copied through Parquet when the count differs). */
async function openClickHouseStore(duck: DuckDbReportEngine, dir: string, events: number) {
  const chdb = loadChdb();
  if (!chdb) throw new Error(`--engine clickhouse needs chDB: run \`npm run chdb:install\` (looked in ${CHDB_DIR}).`);
  if (process.env.REGEN) await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const exec = chdbExec(chdb, dir);
  const engine = new ClickHouseReportEngine(exec);
  await engine.init();
  const store = clickHouseSiteTagStore(engine.connection);
  await store.init();
  const [n] = await exec.query<{ n: number }>('SELECT toFloat64(count()) AS n FROM site_tag_events');
  if (Number(n?.n) !== events) {
    const t = performance.now();
    const file = join(dir, 'site_tag_events.parquet');
    // The bench's own path; DuckDB's COPY takes no parameter for the file name.
    await duck.runSql(`COPY (SELECT ${COLUMNS} FROM site_tag_events ORDER BY ts) TO '${file}' (FORMAT parquet)`);
    // The views' tables emptied with the events (the vitals' too, which the copy also feeds).
    for (const table of ['site_tag_events', ...CH_VIEW_TABLES]) await exec.command(`TRUNCATE TABLE ${table}`);
    // Through the materialized views, as the collector's inserts go.
    await exec.command(`INSERT INTO site_tag_events (${COLUMNS}) SELECT ${COLUMNS} FROM file({file:String}, Parquet)`, { file });
    await rm(file, { force: true });
    console.log(`copied ${events.toLocaleString('en-US')} events into ClickHouse in ${Math.round((performance.now() - t) / 1000)} s`);
  }
  return { engine, store, version: (await exec.query<{ v: string }>('SELECT version() AS v'))[0]?.v ?? '' };
}

const sameOverview = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Times both stores' overview of `scope`, alternating (one warm-up each): p50/p95 per store and whether they agree. */
async function alternate(duck: SiteTagEventStore, ch: SiteTagEventStore, scope: Scope, runs: number, name: string): Promise<SideBySide> {
  const same = sameOverview(await audienceOverview(duck, scope), await audienceOverview(ch, scope));
  const ms: Record<'duck' | 'ch', number[]> = { duck: [], ch: [] };
  for (let i = 0; i < runs; i++) {
    for (const [k, store] of [
      ['duck', duck],
      ['ch', ch],
    ] as const) {
      const t = performance.now();
      await audienceOverview(store, scope);
      ms[k].push(performance.now() - t);
    }
  }
  const stats = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    return { p50: percentile(s, 50), p95: percentile(s, 95) };
  };
  return { name, duck: stats(ms.duck), ch: stats(ms.ch), same };
}

/** The ClickHouse leg: the same scopes as the DuckDB leg, side by side. */
export async function clickHouseLeg(
  duckEngine: DuckDbReportEngine,
  duck: SiteTagEventStore,
  opts: { dir: string; events: number; runs: number; scopes: [string, Scope][]; targetMs: number; firstDay: string },
): Promise<void> {
  const { engine, store, version } = await openClickHouseStore(duckEngine, opts.dir, opts.events);
  try {
    // The closed days' visitors and engagement are built by the first query that needs them (every day of the data here).
    await store.write(async (run) => {
      for (const t of CH_CLOSED_TABLES) await run(`TRUNCATE TABLE ${t}`);
    });
    const t = performance.now();
    await audienceOverview(store, { ...opts.scopes[0]![1], from: opts.firstDay });
    console.log(`ClickHouse closed days' visitors and engagement built (all days, first query) in ${Math.round(performance.now() - t)} ms`);
    const rows: SideBySide[] = [];
    for (const [name, scope] of opts.scopes) rows.push(await alternate(duck, store, scope, opts.runs, name));
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
    printSideBySide(`ClickHouse in-process (chDB ${version})`, rows, `${opts.events.toLocaleString('en-US')} events, load average ${load}`);
    const first = rows[0]!;
    console.log(
      `target: ClickHouse p95 <= ${opts.targetMs} ms for ${first.name} -> ${first.ch.p95 <= opts.targetMs ? 'met' : 'NOT met'} (${first.ch.p95.toFixed(1)} ms)`,
    );
  } finally {
    await store.close();
    await engine.close();
  }
}
