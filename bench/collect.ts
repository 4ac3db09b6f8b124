/**
 * Site-tag collection throughput: POST /t/collect batches (10 events each, the tag's usual size)
 * against the real server in a child process; prints events/s accepted and p99 latency.
 * Target: >= 5,000 events/s. Usage: npm run bench:collect   (DURATION=seconds, default 10;
 * CPU_PROF_DIR=<dir> profiles the server process with node --cpu-prof into that folder).
 * The machine's load average is printed beside the figures: on a shared 2-core machine they
 * mean little without it.
 */
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startDemoServer } from './demo-server';

const DURATION = Number(process.env.DURATION ?? 10);
const PER_BATCH = 10;

async function main() {
  // The demo's tag events are generated at start-up: a slow machine needs more than 2 minutes.
  const prof = process.env.CPU_PROF_DIR;
  const server = await startDemoServer({
    name: 'collect',
    readyTimeoutMs: 240_000,
    nodeArgs: prof ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(prof)}`] : [],
  });
  const BASE = server.base;
  try {
    const idToken = await server.signIn();
    const sites = (await (
      await fetch(`${BASE}/api/site-tag/sites`, { headers: { authorization: `Bearer ${idToken}`, 'publisher-scope': '1001' } })
    ).json()) as { id: string; tagKey: string; domain: string }[];
    const site = sites[0]!;
    // The demo's site-tag events are generated in the background after start-up (DuckDB's one
    // writer): wait for them so the measurement is of collection alone.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    for (let i = 0; i < 240; i++) {
      const res = await fetch(`${BASE}/api/site-tag/audience?from=${yesterday}&to=${yesterday}`, {
        headers: { authorization: `Bearer ${idToken}`, 'publisher-scope': '1001' },
      });
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
        ? { t: 'pv', ts: now, id: 'bench', p: '/news/1', r: 'https://www.google.com/' }
        : { t: 'wv', ts: now, id: 'bench', p: '/news/1', n: 'LCP', v: 1000 + i, a: 'img' },
    );
    const result = await new Promise<autocannon.Result>((resolve, reject) =>
      autocannon(
        {
          url: `${BASE}/t/collect`,
          method: 'POST',
          connections: 20,
          duration: DURATION,
          headers: { 'content-type': 'text/plain', origin: `https://${site.domain}`, 'user-agent': 'Mozilla/5.0 Chrome/130.0' },
          body: JSON.stringify({ k: site.tagKey, e }),
        },
        (err, res) => (err ? reject(err) : resolve(res)),
      ),
    );
    const ok = result['2xx'];
    console.log(
      `collect: ${Math.round((ok * PER_BATCH) / DURATION)} events/s accepted (${PER_BATCH} per batch), p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
    );
    console.log(`load average before ${loadBefore}, after ${load()} (${os.cpus().length} cores)`);
    console.log('target: >= 5,000 events/s');
  } finally {
    await server.stop();
  }
}

void main();
