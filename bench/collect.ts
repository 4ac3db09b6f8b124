/**
 * Site-tag collection: POST /t/collect batches (10 events each, the tag's usual size) against the
 * real server in a child process. Usage: npm run bench:collect (DURATION=seconds per phase,
 * default 10; CPU_PROF_DIR=<dir> profiles the server process with node --cpu-prof into that folder).
 *
 * 1. The portal's own API (the authenticated GET bench:api uses) at a fixed 200 req/s, alone.
 * 2. The same API at 200 req/s while the tag sends 5,000 events/s (the target rate): p50/p99 side
 *    by side. Target: p99 during collection < 50 ms (the API's latency target).
 * 3. Collection flat out: events/s accepted and p99. Target: >= 5,000 events/s.
 * 4. Every accepted event is stored: waits until the collector's batch writer has nothing pending
 *    (/metrics), prints accepted vs stored (server counts), then stops the server and counts this
 *    run's rows in its DuckDB file.
 * The machine's load average is printed beside the figures: on a shared 2-core machine they mean
 * little without it.
 */
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { DuckDbReportEngine } from '../apps/server/src/report-engine/duckdb-engine';
import { startDemoServer } from './demo-server';
import { pacedLoad, pacedLoadInThread } from './paced-load';
import { scrapeMetrics } from './server-metrics';

const DURATION = Number(process.env.DURATION ?? 10);
const PER_BATCH = 10;
const TARGET_EVENTS_PER_S = 5000;
const API_RATE = 200;

const run = (opts: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));

async function tagMetrics(base: string): Promise<Record<'accepted' | 'stored' | 'failed' | 'pending', number>> {
  const m = await scrapeMetrics(base);
  const get = (k: string) => m.value(`pc_site_tag_events_${k}`);
  return { accepted: get('accepted'), stored: get('stored'), failed: get('failed'), pending: get('pending') };
}

/**
 * The server's event-loop delay since the last scrape (prom-client resets its histogram on each
 * collect): the server-side view of what the API waits for, apart from the client and the network.
 */
async function loopLag(base: string): Promise<{ p99: number; max: number; gcMs: number }> {
  const m = await scrapeMetrics(base);
  // GC time since start (all kinds): the difference across a phase is the collector's pause time in it.
  const gcMs = m.sum('nodejs_gc_duration_seconds_sum') * 1000;
  const ms = (k: string) => m.value(`nodejs_eventloop_lag_${k}_seconds`) * 1000;
  return { p99: ms('p99'), max: ms('max'), gcMs };
}

async function main() {
  // The demo's tag events are generated at start-up: a slow machine needs more than 2 minutes.
  const prof = process.env.CPU_PROF_DIR;
  const server = await startDemoServer({
    name: 'collect',
    readyTimeoutMs: 240_000,
    nodeArgs: prof ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(prof)}`] : [],
    keepData: true,
    // One site key from one address at 5,000+ events/s, far past the default limits: they are
    // raised so every beacon still pays the limit check and the throughput is of acceptance.
    env: {
      SITE_TAG_SITE_EVENTS_PER_SECOND: '1000000',
      SITE_TAG_SITE_BURST: '1000000',
      SITE_TAG_ADDRESS_EVENTS_PER_SECOND: '1000000',
      SITE_TAG_ADDRESS_BURST: '1000000',
    },
  });
  const BASE = server.base;
  const runId = `bench-${Date.now()}`;
  const counts = { client: 0, server: -1 };
  try {
    const idToken = await server.signIn();
    const auth = { authorization: `Bearer ${idToken}`, 'publisher-scope': '1001' };
    const sites = (await (await fetch(`${BASE}/api/site-tag/sites`, { headers: auth })).json()) as {
      id: string;
      tagKey: string;
      domain: string;
    }[];
    const site = sites[0]!;
    // The demo's site-tag events are generated in the background after start-up (DuckDB's one
    // writer): wait for them so the measurement is of collection alone.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    for (let i = 0; i < 240; i++) {
      const res = await fetch(`${BASE}/api/site-tag/audience?from=${yesterday}&to=${yesterday}`, { headers: auth });
      if (res.ok && ((await res.json()) as { totals: { pageViews: number } }).totals.pageViews > 0) break;
      await new Promise((r) => setTimeout(r, 500));
    }
    const load = () =>
      os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ');
    const loadBefore = load();
    const now = Date.now();
    const e = Array.from({ length: PER_BATCH }, (_, i) =>
      i === 0
        ? { t: 'pv', ts: now, id: runId, p: '/news/1', r: 'https://www.google.com/' }
        : { t: 'wv', ts: now, id: runId, p: '/news/1', n: 'LCP', v: 1000 + i, a: 'img' },
    );
    const beacon = {
      url: `${BASE}/t/collect`,
      headers: { 'content-type': 'text/plain', origin: `https://${site.domain}`, 'user-agent': 'Mozilla/5.0 Chrome/130.0' },
      body: JSON.stringify({ k: site.tagKey, e }),
    };
    const apiUrl = `${BASE}/api/publisher-details?publisher=1001&includeSites=true`;
    // Both at an even pace (bench/paced-load.ts: autocannon's overallRate sends each second's
    // requests in one burst); the beacons from their own thread, as they come from other machines.
    const api = () => pacedLoad({ url: apiUrl, headers: auth, rate: API_RATE, durationS: DURATION, connections: 10 });
    const steadyCollect = () =>
      pacedLoadInThread({ ...beacon, method: 'POST', rate: TARGET_EVENTS_PER_S / PER_BATCH, durationS: DURATION, connections: 20 });
    const before = await tagMetrics(BASE);

    await run({ url: apiUrl, headers: auth, connections: 5, duration: 2 }); // warm-up
    const lagStart = await loopLag(BASE);
    const alone = await api();
    const lagAlone = await loopLag(BASE);
    const [during, steady] = await Promise.all([api(), steadyCollect()]);
    const lagDuring = await loopLag(BASE);
    // Flat out: as many beacons as 20 connections get answered (throughput), from a worker thread.
    const flat = await run({ ...beacon, method: 'POST', duration: DURATION, connections: 20, workers: 1 });
    counts.client = (steady.ok + flat['2xx']) * PER_BATCH;

    // The batch writer flushes every second: wait until nothing is pending and the counts settle.
    let after = await tagMetrics(BASE);
    for (let i = 0; i < 120 && (after.pending > 0 || after.stored + after.failed < after.accepted); i++) {
      await new Promise((r) => setTimeout(r, 500));
      after = await tagMetrics(BASE);
    }
    counts.server = after.accepted - before.accepted;
    const apiErrors = alone.non2xx + alone.errors + during.non2xx + during.errors;
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    console.log(`portal API (GET /api/publisher-details, authenticated) at an even ${API_RATE} req/s:`);
    console.log(`  alone                          p50 ${ms(alone.p50)}, p99 ${ms(alone.p99)}, max ${ms(alone.max)}`);
    console.log(
      `  during ${TARGET_EVENTS_PER_S.toLocaleString('en-US')} events/s collection   p50 ${ms(during.p50)}, p99 ${ms(during.p99)}, max ${ms(during.max)} (target p99 < 50 ms: ${during.p99 < 50 ? 'met' : 'NOT met'}); non-2xx/errors ${apiErrors}`,
    );
    const fmtLag = (l: { p99: number; max: number; gcMs: number }, from: { gcMs: number }) =>
      `p99 ${l.p99.toFixed(1)} ms, max ${l.max.toFixed(1)} ms, GC ${Math.round(l.gcMs - from.gcMs)} ms`;
    console.log(`  server event-loop delay: alone ${fmtLag(lagAlone, lagStart)}; during collection ${fmtLag(lagDuring, lagAlone)}`);
    console.log(
      `  collection meanwhile: ${Math.round((steady.ok * PER_BATCH) / DURATION)} events/s accepted of ${TARGET_EVENTS_PER_S} offered, p99 ${ms(steady.p99)}, non-2xx ${steady.non2xx}, errors ${steady.errors}`,
    );
    console.log(
      `collect flat out: ${Math.round((flat['2xx'] * PER_BATCH) / DURATION)} events/s accepted (${PER_BATCH} per batch), p99 ${flat.latency.p99} ms, non-2xx ${flat.non2xx}, errors ${flat.errors} (target >= 5,000 events/s)`,
    );
    console.log(
      `stored: accepted ${counts.client.toLocaleString('en-US')} (client's 2xx x ${PER_BATCH}); server counted ${(after.accepted - before.accepted).toLocaleString('en-US')} accepted, ${(after.stored - before.stored).toLocaleString('en-US')} stored, ${after.failed - before.failed} failed, ${after.pending} pending`,
    );
    console.log(`load average before ${loadBefore}, after ${load()} (${os.cpus().length} cores)`);
  } finally {
    await server.stop();
  }
  // The server has stopped (its DuckDB file is free): count this run's rows where they landed.
  const engine = new DuckDbReportEngine(path.join(server.dataDir, 'facts.duckdb'));
  try {
    await engine.init();
    const [row] = await engine.runSql(`SELECT count(*)::DOUBLE AS n FROM site_tag_events WHERE page_id = $id`, { id: runId });
    const stored = Number(row?.n ?? 0);
    // autocannon counts only responses within its duration; the server also answered the batches
    // in flight when it stopped, so the server's accepted count is the exact one.
    const ok = stored === counts.server && stored >= counts.client;
    console.log(
      `in the store: ${stored.toLocaleString('en-US')} rows of this run; the server accepted ${counts.server.toLocaleString('en-US')} (the client counted ${counts.client.toLocaleString('en-US')} 2xx events, the in-flight rest answered after it stopped counting) -> ${ok ? 'every accepted event stored' : 'MISMATCH'}`,
    );
  } finally {
    await engine.close();
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

void main();
