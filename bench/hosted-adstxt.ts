/**
 * The hosted ads.txt under load: 200 concurrent anonymous GETs of a 2 MiB hosted file, and what
 * /healthz answers meanwhile. The real server (embedded PostgreSQL, demo data) runs in a child
 * process so the load generator does not share its event loop. Prints:
 *   1. /healthz p50/p99 while rounds of 200 GETs run at once (target p99 < 50 ms), the rounds in a
 *      worker thread and the probe on the main one; beside it the same rounds answered 304 (no
 *      body), the cost of 200 concurrent requests of any kind on this machine
 *   2. hosted GET throughput with 200 connections (full 200 answers, then 304s on If-None-Match)
 * Usage: npm run bench:hosted   (ROUNDS=rounds of 200 GETs, default 5; DURATION=seconds, default 10)
 */
import http from 'node:http';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
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

/** One probe GET of /healthz, its body dropped. */
function probe(base: string, agent: http.Agent): Promise<void> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}/healthz`, { agent }, (res) => {
        res.resume();
        res.on('end', resolve);
      })
      .on('error', reject);
  });
}

/**
 * The rounds of concurrent GETs, run in a worker thread: a load generator reading hundreds of MiB
 * on the probe's own event loop delays the probe's answers, and the figure would then measure the
 * bench instead of the server.
 */
const ROUNDS_WORKER = `
const http = require('node:http');
const { workerData, parentPort } = require('node:worker_threads');
const agent = new http.Agent({ keepAlive: true, maxSockets: workerData.concurrent });
const get = () => new Promise((resolve, reject) => http.get(workerData.url, { agent, headers: workerData.headers }, (res) => {
  let bytes = 0;
  res.on('data', (c) => (bytes += c.length));
  res.on('end', () => resolve({ status: res.statusCode, bytes }));
}).on('error', reject));
(async () => {
  const results = [];
  for (let round = 0; round < workerData.rounds; round++)
    results.push(...(await Promise.all(Array.from({ length: workerData.concurrent }, get))));
  agent.destroy();
  parentPort.postMessage(results);
})().catch((err) => { throw err; });
`;

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

async function healthzDuringRounds(base: string, headers: Record<string, string>, expected: number) {
  const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  const t0 = performance.now();
  const worker = new Worker(ROUNDS_WORKER, {
    eval: true,
    workerData: { url: `${base}${PATH}`, headers, rounds: ROUNDS, concurrent: CONCURRENT },
  });
  const finished = new Promise<{ status: number; bytes: number }[]>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  let done = false;
  void finished.finally(() => (done = true));
  while (!done) {
    const start = performance.now();
    await probe(base, probeAgent);
    times.push(performance.now() - start);
    await new Promise((r) => setTimeout(r, 10));
  }
  const results = await finished;
  const seconds = (performance.now() - t0) / 1000;
  await worker.terminate();
  probeAgent.destroy();
  const sorted = times.sort((a, b) => a - b);
  const failed = results.filter((r) => r.status !== expected).length;
  const mib = results.reduce((n, r) => n + r.bytes, 0) / 1048576;
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), probes: sorted.length, gets: results.length, failed, seconds, mib };
}

async function main() {
  const server = await startDemoServer({ name: 'hosted' });
  try {
    const etag = await setUp(server.base, await server.signIn());
    const loadBefore = os.loadavg()[0]!.toFixed(1);
    const h = await healthzDuringRounds(server.base, {}, 200);
    const ref = await healthzDuringRounds(server.base, { 'if-none-match': etag }, 304);
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
      `  reference, the same rounds answered 304 (no body): /healthz p50 ${ref.p50.toFixed(1)} ms, p99 ${ref.p99.toFixed(1)} ms over ${ref.probes} probes, ${ref.gets} GETs (${ref.failed} not 304)`,
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
