/**
 * `npm run bench:api -- --processes 2`: authenticated GET /api/publisher-details req/s
 * with one server process, then with two on one PostgreSQL, side by side (target: two >= 1.6x one
 * on 2 cores). The bench starts one embedded PostgreSQL, process A (demo data) and process B on it;
 * the one-process run loads A alone, the two-process run loads A and B at once (half the
 * connections each, as a load balancer would) and adds their req/s; it alternates the two for
 * BENCH_ROUNDS rounds (default 3) and prints the medians. The load generator runs on the same
 * machine and takes CPU from the servers: with autocannon (Node) it took about a third of the cores
 * at 16,000 req/s, so the ratio said more about the generator than the product (1.44x in the
 * 2026-11-24 note). It now uses Debian's `wrk` when installed (bench/load-generator.ts), and prints
 * the server CPU per request and the cores the generator used, so the figure can be judged. For a
 * figure with the generator off the measured cores, on a machine with 4+ idle cores:
 *   BENCH_SERVER_CPUS=0,1 taskset -c 2-3 npm run bench:api -- --processes 2
 * pins both servers to cores 0-1 (the 2 cores the target is about) and the load generator and
 * PostgreSQL to cores 2-3.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../apps/server/src/demo/demo-data';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded-postgres';
import { startServerProcess, type ServerProcess } from '../apps/server/test/server-process';
import { pickGenerator, processCpuSeconds, runLoad, type LoadResult } from './load-generator';
import { scrapeMetrics } from './server-metrics';

/** Requests a server has answered so far: the sum of its request histogram's counts (/metrics). */
const requestsServed = async (base: string) => (await scrapeMetrics(base)).sum('http_request_duration_seconds_count');

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/identity/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAILS.multi, password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return ((await res.json()) as { idToken: string }).idToken;
}

/** Alternating one-process / two-process rounds (BENCH_ROUNDS, default 3). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface Measured {
  results: LoadResult[];
  /** What the generator counted. */
  rps: number;
  /** What the servers counted (their /metrics), the same for every generator. */
  servedRps: number;
  serverCpuS: number;
  generatorCpuS: number;
}

export async function benchProcesses(duration: number, connections = 50): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-bench-pg-'));
  chmodSync(dir, 0o755); // the embedded cluster runs as the unprivileged postgres user under root
  const database = await startEmbeddedPostgres(dir, pino({ level: 'warn' }));
  const env = { DATABASE_URL: database.url, PUBLIC_URL: 'http://partners.bench', AUTH_RATE_LIMIT_PER_MINUTE: '1000' };
  const servers: ServerProcess[] = [];
  try {
    // A seeds the demo data into PostgreSQL; B finds it there.
    const cpus = process.env.BENCH_SERVER_CPUS || undefined;
    servers.push(
      await startServerProcess({
        name: 'bench-a',
        args: ['--demo'],
        readyTimeoutMs: 400_000,
        env: { ...env, DEMO_DATA: 'true' },
        ...(cpus ? { cpus } : {}),
      }),
    );
    servers.push(
      await startServerProcess({
        name: 'bench-b',
        readyTimeoutMs: 400_000,
        env: { ...env, DEMO_DATA: 'false' },
        ...(cpus ? { cpus } : {}),
      }),
    );
    const token = await signIn(servers[0]!.base);
    const generator = pickGenerator();
    const load = (s: ServerProcess, connections: number, durationS = duration) =>
      runLoad(generator, {
        url: `${s.base}/api/publisher-details?publisher=1001&includeSites=true`,
        headers: { authorization: `Bearer ${token}`, 'publisher-scope': '1001' },
        connections,
        durationS,
      });
    /** Runs the loads at once; adds the servers' CPU seconds used meanwhile (from /proc). */
    const measured = async (targets: ServerProcess[], conns: number): Promise<Measured> => {
      const cpu0 = targets.map((s) => processCpuSeconds(s.pid));
      const served0 = await Promise.all(targets.map((s) => requestsServed(s.base)));
      const results = await Promise.all(targets.map((s) => load(s, conns)));
      const serverCpuS = targets.reduce((n, s, i) => n + processCpuSeconds(s.pid) - cpu0[i]!, 0);
      const served = (await Promise.all(targets.map((s) => requestsServed(s.base)))).reduce((n, v, i) => n + v - served0[i]!, 0);
      const rps = results.reduce((n, r) => n + r.rps, 0);
      const generatorCpuS = results.reduce((n, r) => n + r.generatorCpuS, 0);
      return { results, rps, servedRps: served / duration, serverCpuS, generatorCpuS };
    };
    // Warm-up both at full load (JIT, pools, caches), then alternate one and two so a drift in the
    // machine's load (other work on a shared box) falls on both sides.
    await Promise.all(servers.map((s) => load(s, connections / 2, 5)));
    const rounds: { one: Measured; two: Measured }[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const one = await measured([servers[0]!], connections);
      const two = await measured(servers, connections / 2);
      rounds.push({ one, two });
    }
    const median = (pick: (r: (typeof rounds)[number]) => Measured) =>
      rounds.map(pick).sort((a, b) => a.servedRps - b.servedRps)[Math.floor(rounds.length / 2)]!;
    const one = median((r) => r.one);
    const two = median((r) => r.two);
    const errors = rounds.flatMap((r) => [...r.one.results, ...r.two.results]).reduce((n, r) => n + r.errors, 0);
    const p99 = Math.max(...two.results.map((r) => r.p99Ms));
    const perRequest = (m: Measured) =>
      `server CPU ${((m.serverCpuS / (m.servedRps * duration)) * 1e6).toFixed(0)} µs/request (${(m.serverCpuS / duration).toFixed(2)} cores), ` +
      `generator ${(m.generatorCpuS / duration).toFixed(2)} cores`;
    console.log(
      `GET /api/publisher-details (authenticated), ${connections} connections, ${duration} s each, one PostgreSQL, load from ${generator}`,
    );
    console.log(
      `  1 process  : ${one.servedRps.toFixed(0)} req/s served (${generator} counted ${one.rps.toFixed(0)})  p50 ${one.results[0]!.p50Ms} ms, p99 ${one.results[0]!.p99Ms} ms`,
    );
    console.log(`               ${perRequest(one)}`);
    console.log(
      `  2 processes: ${two.servedRps.toFixed(0)} req/s served (${generator} counted ${two.results.map((r) => r.rps.toFixed(0)).join(' + ')})  p99 ${p99} ms`,
    );
    console.log(`               ${perRequest(two)}`);
    console.log(
      `  ratio      : ${(two.servedRps / one.servedRps).toFixed(2)}x (target >= 1.6x on 2 cores), median of ${ROUNDS} alternating rounds each`,
    );
    console.log(
      `  rounds     : ${rounds.map((r) => `${r.one.servedRps.toFixed(0)} / ${r.two.servedRps.toFixed(0)}`).join(', ')} req/s served (one / two)`,
    );
    console.log(
      `  cores      : ${os.availableParallelism()}  load average ${os.loadavg()[0]!.toFixed(1)}  servers on ${cpus ? `CPUs ${cpus}` : 'any CPU, shared with the load generator and PostgreSQL'}`,
    );
    if (generator === 'autocannon' && process.env.BENCH_GENERATOR !== 'autocannon')
      console.log('  (wrk not installed: `apt-get install wrk` for a generator that leaves the cores to the servers)');
    console.log(`  non-2xx/errors: ${errors}`);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await database.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
