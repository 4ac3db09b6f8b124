/**
 * Audience overview bench: `npm run bench:audience` (env EVENTS, default 50_000_000; RUNS, default
 * 20; REGEN=1 rebuilds the data). Target: p95 <= 200 ms over 50 million events.
 * `-- --engine clickhouse` then copies the same events into ClickHouse (chDB) and times both stores
 * side by side (bench/audience-clickhouse.ts).
 *
 * 1. Generates EVENTS site-tag events (page views, engagement, vitals; 90 days ending today, 10 sites
 *    of one publisher, the demo generator inside DuckDB) into bench/.data/ (reused the same day).
 * 2. Times audienceOverview (the API's query, last 28 days of all sites, then one site over 7 days)
 *    and prints p50/p95 against the target.
 */
import { mkdir, stat } from 'node:fs/promises';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DuckDbReportEngine } from '../apps/server/src/report-engine/duckdb-engine';
import { demoEventsSql, type DemoTrafficDay } from '../apps/server/src/modules/site-tag/demo/site-tag-demo-events';
import { COLLECT_LIMITS } from '../apps/server/src/modules/site-tag/site-tag.batch';
import { clearOpenRollup, refreshOpenRollup } from '../apps/server/src/modules/site-tag/site-tag.open-rollup';
import { rollUpClosedDays } from '../apps/server/src/modules/site-tag/site-tag.rollup';
import { audienceOverview, type Scope } from '../apps/server/src/modules/site-tag/site-tag.queries';
import { duckDbSiteTagStore } from '../apps/server/src/modules/site-tag/site-tag.store';
import { percentile } from './reports';
import { clickHouseLeg } from './audience-clickhouse';
import { engineFlag } from './reports-clickhouse';

const EVENTS = Number(process.env.EVENTS ?? 50_000_000);
const RUNS = Number(process.env.RUNS ?? 20);
const TARGET_P95_MS = 200;
const DAYS = 90;
const SITES = Array.from({ length: 10 }, (_, i) => `bs-${i + 1}`);
const PUBLISHER = 'bench-audience';
/** Rows per page view the generator makes: 1 + 55 % engagement + 10 % x 5 vitals. */
const ROWS_PER_PAGE_VIEW = 2.05;
/** Ending today: the last two days are not rolled up yet and are aggregated from raw events, as in production. */
const END_DAY_MS = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

async function generate(engine: DuckDbReportEngine): Promise<void> {
  const perSiteDay = EVENTS / ROWS_PER_PAGE_VIEW / DAYS / SITES.length;
  await duckDbSiteTagStore(engine).init();
  // A day at a time, in time order: DuckDB's zone maps on ts then skip days outside a range.
  for (let d = DAYS - 1; d >= 0; d--) {
    const dayMs = END_DAY_MS - d * 86_400_000;
    const plan: DemoTrafficDay[] = SITES.map((siteId, i) => ({
      publisherId: PUBLISHER,
      siteId,
      dayMs,
      pageViews: perSiteDay * (0.5 + i / SITES.length),
      slowness: 1,
      lcpMs: 1200 + i * 100,
      countries: ['US', 'US', 'GB', 'DE', 'FR', 'CA'],
    }));
    await engine.write((conn) => conn.run(demoEventsSql(plan)));
    if (d % 10 === 0) process.stdout.write(`  generated day ${DAYS - d}/${DAYS}\n`);
  }
}

async function time(fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  await fn();
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { p50: Math.round(percentile(ms, 50)), p95: Math.round(percentile(ms, 95)) };
}

async function main() {
  const file = join(dirname(fileURLToPath(import.meta.url)), '.data', `audience-${EVENTS}-${iso(END_DAY_MS)}.duckdb`);
  await mkdir(dirname(file), { recursive: true });
  const exists = await stat(file).then(
    () => true,
    () => false,
  );
  const engine = new DuckDbReportEngine(file);
  await engine.init();
  if (!exists || process.env.REGEN) {
    const t = performance.now();
    await engine.write(async (conn) => {
      for (const t of [
        'site_tag_events',
        'site_tag_daily',
        'site_tag_daily_built',
        'site_tag_lcp_daily',
        'site_tag_open_daily',
        'site_tag_open_visitors',
        'site_tag_open_pages',
        'site_tag_open_horizon',
      ])
        await conn.run(`DROP TABLE IF EXISTS ${t}`);
    });
    await generate(engine);
    console.log(`generated in ${Math.round((performance.now() - t) / 1000)} s`);
  }
  // The generator fills today to midnight; collection refuses events more than 5 minutes ahead.
  await engine.write((conn) => conn.run(`DELETE FROM site_tag_events WHERE ts > ${Date.now() + COLLECT_LIMITS.maxFutureMs}`));
  const [count] = await engine.runSql('SELECT count(*)::DOUBLE AS n FROM site_tag_events');
  console.log(`events: ${Number(count?.n).toLocaleString('en-US')} (${file})`);
  const store = duckDbSiteTagStore(engine);
  await store.init();
  const to = iso(END_DAY_MS);
  const all: Scope = { publisherId: PUBLISHER, siteId: null, from: iso(END_DAY_MS - 27 * 86_400_000), to };
  const one: Scope = { publisherId: PUBLISHER, siteId: SITES[9]!, from: iso(END_DAY_MS - 6 * 86_400_000), to };
  // The server's refresher rolls up each closed day in the background (one day per write); timed here.
  const t0 = performance.now();
  const days = await rollUpClosedDays(store);
  console.log(`background rollup of closed days: ${days} days in ${Math.round(performance.now() - t0)} ms`);
  // Before: no open-day snapshot, the open days (today, yesterday) aggregated from raw events on every query.
  await clearOpenRollup(store);
  const sample = await audienceOverview(store, all);
  console.log(`28 days, all sites: ${sample.totals.pageViews.toLocaleString('en-US')} page views in range`);
  const a0 = await time(() => audienceOverview(store, all));
  console.log(`without the open-day snapshot, 28 days x all sites: p50 ${a0.p50} ms, p95 ${a0.p95} ms (${RUNS} runs)`);
  // After: the server's refresher has built the open days' snapshot (timed here once).
  const t1 = performance.now();
  await refreshOpenRollup(store);
  console.log(`open-day snapshot refresh (background, each minute): ${Math.round(performance.now() - t1)} ms`);
  const a = await time(() => audienceOverview(store, all));
  console.log(`audience overview, 28 days x all sites: p50 ${a.p50} ms, p95 ${a.p95} ms (${RUNS} runs)`);
  const b = await time(() => audienceOverview(store, one));
  console.log(`audience overview, 7 days x one site:   p50 ${b.p50} ms, p95 ${b.p95} ms (${RUNS} runs)`);
  const worst = Math.max(a.p95, b.p95);
  console.log(
    `target: p95 <= ${TARGET_P95_MS} ms over 50 million events -> ${worst <= TARGET_P95_MS ? 'met' : 'NOT met'} at ${EVENTS.toLocaleString('en-US')} events (load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
  );
  if (engineFlag(process.argv) === 'clickhouse')
    await clickHouseLeg(engine, store, {
      dir: join(dirname(file), `audience-clickhouse-${EVENTS}-${iso(END_DAY_MS)}`),
      events: Number(count?.n),
      runs: RUNS,
      scopes: [
        ['28 days x all sites', all],
        ['7 days x one site', one],
      ],
      targetMs: TARGET_P95_MS,
      firstDay: iso(END_DAY_MS - (DAYS - 1) * 86_400_000),
    });
  await engine.close();
}

void main();
