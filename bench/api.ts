/**
 * Authenticated GET /api/publisher-details throughput and latency on this machine.
 * Starts the real server (embedded PostgreSQL, demo data) in a child process so the load generator
 * and the server do not share an event loop, then runs autocannon twice:
 *   1. as fast as possible (throughput; target >= 4,500 req/s)
 *   2. at a fixed 1,000 req/s (latency; target p99 < 50 ms)
 * and prints the server's event-loop lag p99 during the first run (from its /metrics).
 * Usage: npm run bench:api   (DURATION=seconds, default 15; CPU_PROF_DIR=<dir> profiles the server
 *        process with node --cpu-prof into that folder, written when the server stops)
 *        npm run bench:api -- --processes 2   (one process vs two on one PostgreSQL: bench/api-processes.ts)
 */
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchProcesses } from './api-processes';
import { startDemoServer } from './demo-server';
import { scrapeMetrics } from './server-metrics';

const DURATION = Number(process.env.DURATION ?? 15);

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));
}

/** The server's event-loop delay p99 since the previous scrape (prom-client resets it per scrape). */
const eventLoopLagP99Ms = async (base: string) => (await scrapeMetrics(base)).value('nodejs_eventloop_lag_p99_seconds') * 1000;

async function main() {
  const prof = process.env.CPU_PROF_DIR;
  const server = await startDemoServer({
    name: 'api',
    nodeArgs: prof ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(prof)}`] : [],
  });
  const BASE = server.base;
  try {
    const idToken = await server.signIn();
    const request = {
      url: `${BASE}/api/publisher-details?publisher=1001&includeSites=true`,
      headers: { authorization: `Bearer ${idToken}`, 'publisher-scope': '1001' },
    };
    await run({ ...request, connections: 10, duration: 3 }); // warm-up (JIT, pool)
    const loadBefore = os.loadavg()[0]!.toFixed(1);
    await eventLoopLagP99Ms(BASE); // a scrape resets the server's lag histogram: measure the load alone
    const max = await run({ ...request, connections: 50, pipelining: 1, duration: DURATION });
    const lagUnderLoad = await eventLoopLagP99Ms(BASE);
    const fixed = await run({ ...request, connections: 20, overallRate: 1000, duration: DURATION });
    const errors = max.non2xx + max.errors + fixed.non2xx + fixed.errors;
    console.log('GET /api/publisher-details (authenticated, scoped, with sites and company)');
    console.log(
      `  max throughput : ${max.requests.average.toFixed(0)} req/s (target >= 4500)  p50 ${max.latency.p50} ms, p99 ${max.latency.p99} ms`,
    );
    console.log(
      `  at 1000 req/s  : achieved ${fixed.requests.average.toFixed(0)} req/s  p50 ${fixed.latency.p50} ms, p99 ${fixed.latency.p99} ms (target p99 < 50 ms)`,
    );
    console.log(`  event-loop lag : p99 ${lagUnderLoad.toFixed(1)} ms during the max-throughput run (server's /metrics)`);
    console.log(`  non-2xx/errors : ${errors}`);
    console.log(
      `  machine        : ${os.availableParallelism()} cores, load average ${loadBefore} before, ${os.loadavg()[0]!.toFixed(1)} after (the load generator shares them)`,
    );
    if (prof) console.log(`  CPU profile    : written to ${path.resolve(prof)} when the server stops`);
  } finally {
    await server.stop();
  }
}

const processes = process.argv.indexOf('--processes');
(processes > 0 && Number(process.argv[processes + 1]) >= 2
  ? benchProcesses(DURATION, Number(process.env.BENCH_CONNECTIONS ?? 50))
  : main()
).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
