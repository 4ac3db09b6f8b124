/**
 * The hosted ads.txt under load: 200 concurrent anonymous GETs of a 2 MiB hosted file, and what
 * /healthz answers meanwhile. The real server (embedded PostgreSQL, demo data) runs in a child
 * process so the load generator does not share its event loop. Prints:
 *   1. /healthz p50/p99 while rounds of 200 GETs run at once (target p99 < 50 ms)
 *   2. hosted GET throughput with 200 connections (full 200 answers, then 304s on If-None-Match)
 * Usage: npm run bench:hosted   (ROUNDS=rounds of 200 GETs, default 5; DURATION=seconds, default 10)
 */
import http from 'node:http';
import os from 'node:os';
import autocannon from 'autocannon';
import { startDemoServer } from './demo-server';

const CONCURRENT = 200;
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const DURATION = Number(process.env.DURATION ?? 10);
const TARGET_P99_MS = 50;
const PATH = '/hosted/ads-txt/northwind-news.example/ads.txt';

/** A valid ads.txt of about `bytes` bytes. */
function bigFile(bytes: number): string {
  const lines: string[] = [];
  for (let i = 0, size = 0; size < bytes - 100; i++) {
    const line = `exchange${i % 97}.example, bench-${i}, ${i % 3 ? 'DIRECT' : 'RESELLER'}`;
    lines.push(line);
    size += line.length + 1;
  }
  return `${lines.join('\n')}\n`;
}

/** One GET, the body counted and dropped. */
function get(base: string, path: string, agent: http.Agent): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { agent }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      })
      .on('error', reject);
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const run = (opts: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));

async function setUp(base: string, token: string): Promise<string> {
  const auth = { authorization: `Bearer ${token}`, 'publisher-scope': '1001' };
  const headers = { ...auth, 'content-type': 'application/json' };
  const hosting = await fetch(`${base}/api/adstxt/domains/d5001/hosting`, { method: 'POST', headers: auth });
  if (!hosting.ok) throw new Error(`hosting: ${hosting.status} ${await hosting.text()}`);
  const content = bigFile(2 * 1024 * 1024);
  const saved = await fetch(`${base}/api/adstxt/domains/d5001/revisions`, { method: 'POST', headers, body: JSON.stringify({ content }) });
  if (!saved.ok) throw new Error(`revision: ${saved.status} ${await saved.text()}`);
  const first = await fetch(`${base}${PATH}`);
  await first.arrayBuffer();
  return first.headers.get('etag') ?? '';
}

async function healthzDuringRounds(base: string) {
  const loadAgent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENT });
  const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  let done = false;
  const probe = (async () => {
    while (!done) {
      const t0 = performance.now();
      await get(base, '/healthz', probeAgent);
      times.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  let gets = 0;
  let bytes = 0;
  let failed = 0;
  const t0 = performance.now();
  for (let round = 0; round < ROUNDS; round++) {
    const results = await Promise.all(Array.from({ length: CONCURRENT }, () => get(base, PATH, loadAgent)));
    for (const r of results) {
      gets++;
      bytes += r.bytes;
      if (r.status !== 200) failed++;
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  done = true;
  await probe;
  loadAgent.destroy();
  probeAgent.destroy();
  const sorted = times.sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), probes: sorted.length, gets, failed, seconds, mib: bytes / 1048576 };
}

async function main() {
  const server = await startDemoServer({ name: 'hosted' });
  try {
    const etag = await setUp(server.base, await server.signIn());
    const loadBefore = os.loadavg()[0]!.toFixed(1);
    const h = await healthzDuringRounds(server.base);
    const full = await run({ url: `${server.base}${PATH}`, connections: CONCURRENT, duration: DURATION });
    const notModified = await run({
      url: `${server.base}${PATH}`,
      headers: { 'if-none-match': etag },
      connections: CONCURRENT,
      duration: DURATION,
    });
    console.log(`GET ${PATH} (2 MiB hosted file, anonymous)`);
    console.log(
      `  /healthz during ${ROUNDS} rounds of ${CONCURRENT} concurrent GETs: p50 ${h.p50.toFixed(1)} ms, p99 ${h.p99.toFixed(1)} ms (target p99 < ${TARGET_P99_MS} ms) over ${h.probes} probes`,
    );
    console.log(
      `  those rounds: ${h.gets} GETs (${h.failed} not 200), ${(h.gets / h.seconds).toFixed(0)} req/s, ${(h.mib / h.seconds).toFixed(0)} MiB/s`,
    );
    console.log(
      `  throughput, ${CONCURRENT} connections, 200 answers: ${full.requests.average.toFixed(0)} req/s, ${(full.throughput.average / 1048576).toFixed(0)} MiB/s, p99 ${full.latency.p99} ms, non-2xx ${full.non2xx}, errors ${full.errors}`,
    );
    console.log(
      `  throughput, ${CONCURRENT} connections, If-None-Match (304): ${notModified.requests.average.toFixed(0)} req/s, p99 ${notModified.latency.p99} ms, errors ${notModified.errors}`,
    );
    console.log(
      `  machine: ${os.availableParallelism()} cores, load average ${loadBefore} before, ${os.loadavg()[0]!.toFixed(1)} after (the load generator shares them)`,
    );
    if (h.p99 >= TARGET_P99_MS) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
