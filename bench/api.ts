/**
 * Authenticated GET /api/publisher-details throughput and latency on this machine.
 * Starts the real server (embedded PostgreSQL, demo data) in a child process so the load generator
 * and the server do not share an event loop, then runs autocannon twice:
 *   1. as fast as possible (throughput; target >= 3,000 req/s)
 *   2. at a fixed 1,000 req/s (latency; target p99 < 50 ms)
 * and prints the server's event-loop lag p99 during the first run (from its /metrics).
 * Usage: npm run bench:api   (DURATION=seconds, default 15)
 */
import { DEMO_EMAILS, DEMO_PASSWORD } from '../apps/server/src/demo/demo-data';
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PORT = 18_000 + Math.floor(Math.random() * 1000);
const BASE = `http://127.0.0.1:${PORT}`;
const DURATION = Number(process.env.DURATION ?? 15);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pc-bench-api-'));
// mkdtemp makes 0700; the embedded cluster runs as the unprivileged postgres user when we are root.
chmodSync(dataDir, 0o755);

async function waitReady(): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/readyz`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not become ready');
}

function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));
}

/** The server's event-loop delay p99 since the previous scrape (prom-client resets it per scrape). */
async function eventLoopLagP99Ms(): Promise<number> {
  const text = await (await fetch(`${BASE}/metrics`)).text();
  const m = /^nodejs_eventloop_lag_p99_seconds ([\d.e+-]+)$/m.exec(text);
  return m ? Number(m[1]) * 1000 : NaN;
}

async function main() {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', '--demo'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_DATA: 'true', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitReady();
    const signIn = await fetch(`${BASE}/api/identity/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_EMAILS.multi, password: DEMO_PASSWORD }),
    });
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
    const { idToken } = (await signIn.json()) as { idToken: string };
    const request = {
      url: `${BASE}/api/publisher-details?publisher=1001&includeSites=true`,
      headers: { authorization: `Bearer ${idToken}`, 'publisher-scope': '1001' },
    };
    await run({ ...request, connections: 10, duration: 3 }); // warm-up (JIT, pool)
    await eventLoopLagP99Ms(); // a scrape resets the server's lag histogram: measure the load alone
    const max = await run({ ...request, connections: 50, pipelining: 1, duration: DURATION });
    const lagUnderLoad = await eventLoopLagP99Ms();
    const fixed = await run({ ...request, connections: 20, overallRate: 1000, duration: DURATION });
    const errors = max.non2xx + max.errors + fixed.non2xx + fixed.errors;
    console.log('GET /api/publisher-details (authenticated, scoped, with sites and company)');
    console.log(
      `  max throughput : ${max.requests.average.toFixed(0)} req/s (target >= 3000)  p50 ${max.latency.p50} ms, p99 ${max.latency.p99} ms`,
    );
    console.log(
      `  at 1000 req/s  : achieved ${fixed.requests.average.toFixed(0)} req/s  p50 ${fixed.latency.p50} ms, p99 ${fixed.latency.p99} ms (target p99 < 50 ms)`,
    );
    console.log(`  event-loop lag : p99 ${lagUnderLoad.toFixed(1)} ms during the max-throughput run (server's /metrics)`);
    console.log(`  non-2xx/errors : ${errors}`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
