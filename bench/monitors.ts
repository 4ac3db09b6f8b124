/**
 * Uptime scheduler bench: `npm run bench:monitors` (flags or env: --monitors=N / MONITORS, default
 * 10_000; --seconds=N / SECONDS, default 300; --interval=N / INTERVAL, default 60; --concurrency=N
 * / UPTIME_CONCURRENCY, default 100 as in the app; --database-url=URL / DATABASE_URL, else an embedded
 * PostgreSQL in a temporary directory).
 *
 * The product's scheduler (monitor-scheduler.ts, schedule and leases in PostgreSQL) and its
 * guarded outbound client with a new connection per check run in this process; the local HTTP
 * targets run in a child process so their work is not counted. Slots are spread over the interval
 * as the API spreads them. Prints checks/s, schedule drift p50/p99, this process's CPU and peak RSS,
 * and raw-result growth per day beside their targets. With --retention (and --scale, --window,
 * --days): two simulated days of raw results and the retention pass (monitors-retention.ts).
 */
import { spawn } from 'node:child_process';
import os from 'node:os';
import pino from 'pino';
import { sql } from 'kysely';
import { createGuardedFetch } from '../apps/server/src/lib/outbound/guarded-fetch';
import { createMonitorScheduler } from '../apps/server/src/modules/monitors/monitor-scheduler';
import { openBenchDatabase } from './bench-database';
import { flagValue } from './flags';
import { percentile } from './reports';
import { retentionBench } from './monitors-retention';

const arg = (name: string) => flagValue(process.argv, name);
const MONITORS = Number(arg('monitors') ?? process.env.MONITORS ?? 10_000);
const SECONDS = Number(arg('seconds') ?? process.env.SECONDS ?? 300);
const INTERVAL = Number(arg('interval') ?? process.env.INTERVAL ?? 60);
const CONCURRENCY = Number(arg('concurrency') ?? process.env.UPTIME_CONCURRENCY ?? 100);
const DATABASE_URL = arg('database-url') ?? process.env.DATABASE_URL;
const TARGETS = { driftP99Ms: 1000, cpuPct: 70, rssMb: 600 };
const TARGET_PORTS = 4;

/** Local targets in their own process: a few ports answering 200 with a small page. */
async function startTargets(): Promise<{ ports: number[]; stop: () => void }> {
  const code = `
    const http = require('node:http');
    const ports = [];
    let n = ${TARGET_PORTS};
    for (let i = 0; i < ${TARGET_PORTS}; i++) {
      const s = http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'text/html' }); res.end('<h1>ok</h1>'); });
      s.keepAliveTimeout = 1000;
      s.listen(0, '127.0.0.1', () => { ports.push(s.address().port); if (--n === 0) process.stdout.write(JSON.stringify(ports) + '\\n'); });
    }`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const ports = await new Promise<number[]>((resolve) => child.stdout.once('data', (b: Buffer) => resolve(JSON.parse(b.toString()))));
  return { ports, stop: () => child.kill('SIGTERM') };
}

async function main() {
  if (process.argv.includes('--retention')) {
    const database = await openBenchDatabase('monitors_retention', DATABASE_URL, pino({ level: 'error' }), { max: 4 });
    try {
      const scale = Number(arg('scale') ?? 100);
      await retentionBench(database.handle.db, { scale, windowDays: Number(arg('window') ?? 7), days: Number(arg('days') ?? 2) });
    } finally {
      await database.close();
    }
    return;
  }
  console.log(
    `uptime bench: ${MONITORS.toLocaleString('en-US')} monitors every ${INTERVAL} s for ${SECONDS} s, concurrency ${CONCURRENCY}, ` +
      `${os.cpus().length} cores\n` +
      `reference: Uptime Kuma's practical limit is around 500 monitors per instance (no API, no roles); ` +
      `targets here: drift p99 <= ${TARGETS.driftP99Ms} ms, process CPU <= ${TARGETS.cpuPct} % of one core, RSS <= ${TARGETS.rssMb} MB\n`,
  );
  // Errors only: under overload the scheduler warns once per check it could not store (the drift shows it).
  const log = pino({ level: 'error' });
  const database = await openBenchDatabase('monitors', DATABASE_URL, log, { max: 20 });
  const handle = database.handle;
  const targets = await startTargets();
  const fetch = createGuardedFetch({ allowHosts: ['127.0.0.1'], userAgent: 'PartnersCenter-Uptime-Bench/1.0' });
  try {
    const db = handle.db;
    await sql`INSERT INTO publishers (id, name, currency) VALUES ('bench', 'Bench', 'USD')`.execute(db);
    // Phases spread over the interval, as the API's jitter spreads real monitors; first slots start in 2 s.
    const urls = targets.ports.map((p) => `http://127.0.0.1:${p}/`);
    await sql`INSERT INTO monitors (publisher_id, name, url, interval_seconds, timeout_seconds, cert_expiry_days, next_check_at)
      SELECT 'bench', 'm' || g, (${urls}::text[])[1 + g % ${urls.length}], ${INTERVAL}, 10, 0,
             now() + interval '2 seconds' + make_interval(secs => (g::float8 / ${MONITORS}) * ${INTERVAL})
      FROM generate_series(0, ${MONITORS - 1}) g`.execute(db);

    const drifts: number[] = [];
    let checks = 0;
    let failures = 0;
    const scheduler = createMonitorScheduler({
      db,
      fetch,
      incidents: { report: async () => ({ id: 'bench', change: 'appended' }), resolveByKey: async () => false },
      log,
      concurrency: CONCURRENCY,
      rawRetentionDays: 7,
      rollupRetentionDays: 400,
      onCheck: (e) => {
        checks++;
        if (!e.ok) failures++;
        drifts.push(Math.max(0, e.startedAt - e.slot.getTime()));
      },
    });
    let peakRss = process.memoryUsage().rss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 500);
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    scheduler.start();
    for (let s = 10; s <= SECONDS; s += 10) {
      await new Promise((r) => setTimeout(r, 10_000));
      process.stdout.write(`  ${s} s: ${checks.toLocaleString('en-US')} checks stored\n`);
    }
    await scheduler.stop();
    const wallS = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    clearInterval(sampler);

    drifts.sort((a, b) => a - b);
    const [size] = (
      await sql<{ bytes: string; rows: string }>`SELECT pg_total_relation_size('monitor_results')::text AS bytes,
        (SELECT count(*) FROM monitor_results)::text AS rows`.execute(db)
    ).rows;
    const bytesPerRow = Number(size?.rows) > 0 ? Number(size?.bytes) / Number(size?.rows) : 0;
    const perDay = MONITORS * (86_400 / INTERVAL) * bytesPerRow;
    const expected = MONITORS / INTERVAL;
    const cpuPct = ((cpu.user + cpu.system) / 1e6 / wallS) * 100;
    const rssMb = peakRss / 1024 / 1024;
    const p50 = Math.round(percentile(drifts, 50));
    const p99 = Math.round(percentile(drifts, 99));
    const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
    console.log(`\nresults after ${wallS.toFixed(0)} s (${checks.toLocaleString('en-US')} checks, ${failures} failed):`);
    console.log(
      `  checks/s             ${(checks / wallS).toFixed(1).padStart(10)}   expected ${expected.toFixed(1)} (monitors / interval)`,
    );
    console.log(`  schedule drift p50   ${`${p50} ms`.padStart(10)}`);
    console.log(
      `  schedule drift p99   ${`${p99} ms`.padStart(10)}   target <= ${TARGETS.driftP99Ms} ms -> ${verdict(p99 <= TARGETS.driftP99Ms)}`,
    );
    console.log(
      `  process CPU          ${`${cpuPct.toFixed(0)} %`.padStart(10)}   target <= ${TARGETS.cpuPct} % of one core -> ${verdict(cpuPct <= TARGETS.cpuPct)}`,
    );
    console.log(
      `  peak RSS             ${`${rssMb.toFixed(0)} MB`.padStart(10)}   target <= ${TARGETS.rssMb} MB -> ${verdict(rssMb <= TARGETS.rssMb)}`,
    );
    console.log(
      `  raw results growth   ${`${(perDay / 1024 / 1024).toFixed(0)} MB/day`.padStart(10)}   (${bytesPerRow.toFixed(0)} bytes per result incl. indexes, ` +
        `${(MONITORS * (86_400 / INTERVAL)).toLocaleString('en-US')} results/day; kept 7 days by default)`,
    );
    if (MONITORS < 10_000 || SECONDS < 300)
      console.log(`  note: a short or small run (${MONITORS} monitors, ${SECONDS} s); the target run is 10,000 monitors for >= 300 s.`);
    // Other work on the machine moves drift and throughput more than anything here: say how loaded it was.
    console.log(
      `  load average         ${os.loadavg()[0]!.toFixed(1).padStart(10)}   (1 min, ${os.cpus().length} cores; an idle machine is near 0)`,
    );
    console.log('  (CPU and RSS are this process: the scheduler, its checks and its PostgreSQL client; PostgreSQL itself is not counted.)');
  } finally {
    await fetch.close();
    targets.stop();
    await database.close();
  }
}

void main();
