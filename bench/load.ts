/**
 * `npm run bench:load`: a scripted mix of user journeys against the real server with demo data on
 * one PostgreSQL (bench/load-mix.ts: sign-in, dashboard, report with comparison, CSV download,
 * ads.txt, uptime, payments), first with two server processes, then with one.
 *
 *   npm run bench:load -- [--users 1000] [--duration 600] [--processes 1|2|both]
 *                         [--saturation 30] [--rounds 3] [--connections 32] [--port N] [--clickhouse-url URL]
 *
 * Per leg: the paced phase (each user thinks between pages, bench/load-journeys.ts) prints per
 * request type count, p50, p95 (target <= 300 ms) and errors (target 0), and each server's RSS
 * every minute (target: flat). Then the saturation phase (bench/load-saturation.ts) replays the same
 * mix with no think time through wrk, alternating one and two processes for --rounds rounds of
 * --saturation seconds, counted by the servers' own /metrics: the two-process speed-up (target
 * >= 1.8x). The generators' own CPU is printed beside each figure: they share the 2 cores.
 * --port N puts A on N and B on N+1 (default: random ports, as the other benches). Reports run on
 * ClickHouse (two processes need a shared fact store): --clickhouse-url, else chDB in a child process
 * (bench/load-servers.ts; `npm run chdb:install` first).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerProcess } from '../apps/server/test/server-process';
import { flagValue } from './flags';
import { pickGenerator, processCpuSeconds } from './load-generator';
import { runJourneys, type JourneyResult } from './load-journeys';
import { pageRequests, replaySequence, reportingToday, type MixContext, type Page } from './load-mix';
import { saturate, writeWrkScript, type SaturationLeg } from './load-saturation';
import { startLoadServers, type LoadServers } from './load-servers';
import { formatTable, round1, round2, sideBySideRows, typeRows } from './load-stats';
import { bucketQuantileMs, histogramDelta, routeOf, scrapeRouteHistograms, type RouteHistograms } from './load-server-latency';
import { scrapeMetrics } from './server-metrics';

const argv = process.argv.slice(2);
const num = (name: string, fallback: number) => Number(flagValue(argv, name) ?? fallback);
const USERS = num('users', 1000);
const DURATION_S = num('duration', 600);
const SATURATION_S = num('saturation', 30);
const ROUNDS = num('rounds', 3);
const CONNECTIONS = num('connections', 32);
const PORT = flagValue(argv, 'port');
const CLICKHOUSE_URL = flagValue(argv, 'clickhouse-url');
const PROCESSES = flagValue(argv, 'processes') ?? 'both';
const P95_TARGET_MS = 300;
const SPEEDUP_TARGET = 1.8;
/** Sessions replayed in the saturation phase's script (each with its own signed-in user). */
const REPLAY_SESSIONS = 100;

interface Leg {
  processes: 1 | 2;
  journeys: JourneyResult;
  /** Per sample, each server's RSS and its JS heap in use (MB): a heap that stays level while RSS climbs is native memory. */
  rss: { atS: number; mb: number[]; heapMb: number[] }[];
  serverCpuS: number;
  /** The chDB front's CPU seconds (NaN with --clickhouse-url). */
  clickhouseCpuS: number;
  /** Per request type, the p95 the servers measured (their histogram's bucket bound, ms). */
  serverP95Ms: Map<string, number>;
}

/** CPU seconds of the chDB front so far (NaN when ClickHouse is elsewhere). */
const clickhouseCpu = (env: LoadServers) => (env.clickhousePid === null ? NaN : processCpuSeconds(env.clickhousePid));

const loadavg = () => os.loadavg()[0]!.toFixed(1);

async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/identity/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { idToken: string }).idToken;
}

/** One pass of every page against each server: warms JIT and caches, and fails fast on a request the mix gets wrong. */
async function warmUp(servers: readonly ServerProcess[], env: LoadServers, ctx: MixContext): Promise<void> {
  const pages: Page[] = ['dashboard', 'report', 'export', 'adsTxt', 'uptime', 'payments'];
  for (const s of servers)
    for (const user of env.users.slice(0, 4)) {
      const token = await signIn(s.base, user.email, env.password);
      for (const page of pages)
        for (const r of pageRequests(page, user, ctx)) {
          const res = await fetch(`${s.base}${r.path}`, {
            headers: { authorization: `Bearer ${token}`, 'publisher-scope': user.publisherId },
          });
          if (!res.ok) throw new Error(`warm-up: ${r.type} ${r.path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
          await res.arrayBuffer();
        }
    }
}

/** Each server's RSS and JS heap in use (its /metrics) now and every `everyS` seconds until stopped. */
function sampleRss(servers: readonly ServerProcess[], everyS: number) {
  const samples: Leg['rss'] = [];
  const t0 = Date.now();
  const take = async () => {
    const scrapes = await Promise.all(servers.map((s) => scrapeMetrics(s.base)));
    samples.push({
      atS: Math.round((Date.now() - t0) / 1000),
      mb: scrapes.map((m) => m.value('process_resident_memory_bytes') / 1048576),
      heapMb: scrapes.map((m) => m.value('nodejs_heap_size_used_bytes') / 1048576),
    });
  };
  void take();
  const timer = setInterval(() => void take(), everyS * 1000);
  return {
    samples,
    stop: async () => {
      clearInterval(timer);
      await take();
    },
  };
}

async function pacedLeg(servers: readonly ServerProcess[], env: LoadServers, ctx: MixContext): Promise<Leg> {
  const rssEveryS = Math.min(60, Math.max(5, Math.floor(DURATION_S / 3)));
  const rss = sampleRss(servers, rssEveryS);
  const cpu0 = servers.map((s) => processCpuSeconds(s.pid));
  const ch0 = clickhouseCpu(env);
  const hist0 = await Promise.all(servers.map((s) => scrapeRouteHistograms(s.base)));
  const journeys = await runJourneys({
    bases: servers.map((s) => s.base),
    users: env.users,
    ctx,
    durationS: DURATION_S,
    // Starts spread over about one session-and-away cycle, so the run opens near the steady rate
    // of sign-ins instead of every user signing in within the first minute.
    rampS: Math.min(180, DURATION_S / 3),
    seed: 1,
  });
  const serverCpuS = servers.reduce((n, s, i) => n + processCpuSeconds(s.pid) - cpu0[i]!, 0);
  await rss.stop();
  const hist = histogramDelta(await Promise.all(servers.map((s) => scrapeRouteHistograms(s.base))), hist0);
  const leg: Leg = {
    processes: servers.length as 1 | 2,
    journeys,
    rss: rss.samples,
    serverCpuS,
    clickhouseCpuS: clickhouseCpu(env) - ch0,
    serverP95Ms: serverP95ByType(hist, env, ctx),
  };
  printLeg(leg, rssEveryS);
  return leg;
}

/** Each request type's route in the servers' histogram, and the p95 bucket the servers saw there. */
function serverP95ByType(hist: RouteHistograms, env: LoadServers, ctx: MixContext): Map<string, number> {
  const out = new Map<string, number>();
  const pages: Page[] = ['signIn', 'dashboard', 'report', 'export', 'adsTxt', 'uptime', 'payments'];
  for (const page of pages)
    for (const r of pageRequests(page, env.users[0]!, ctx)) {
      const route = routeOf(hist, r.method, r.path);
      out.set(r.type, bucketQuantileMs(route === undefined ? undefined : hist.get(route), 0.95));
    }
  return out;
}

function printLeg(leg: Leg, rssEveryS: number): void {
  const j = leg.journeys;
  const summary = j.recorder.summary();
  const requests = summary.reduce((n, s) => n + s.count, 0);
  console.log(
    `\n${leg.processes === 2 ? 'Two processes' : 'One process'}: ${USERS} users, ${DURATION_S} s, ${j.sessions} sessions, ` +
      `${requests.toLocaleString('en')} requests (${(requests / j.wallS).toFixed(1)}/s), load average ${loadavg()}`,
  );
  console.log(
    formatTable(
      ['request', 'count', 'p50 ms', 'p95 ms', 'errors', `p95<=${P95_TARGET_MS}, 0 errors`, 'server p95 <= ms'],
      typeRows(summary, P95_TARGET_MS).map((row) => [...row, leg.serverP95Ms.get(String(row[0])) ?? NaN]),
    ),
  );
  console.log(
    "  (server p95: the bucket of the servers' own request histogram; far below the client p95, the wait was outside the handler)",
  );
  for (const f of j.recorder.failures()) console.log(`  errors: ${f}`);
  console.log(
    `  servers ${(leg.serverCpuS / j.wallS).toFixed(2)} cores (${((leg.serverCpuS / requests) * 1e6).toFixed(0)} µs/request); ` +
      `chDB front ${(leg.clickhouseCpuS / j.wallS).toFixed(2)} cores; generator (this process) ${(j.generatorCpuS / j.wallS).toFixed(2)} cores`,
  );
  console.log(`  server RSS every ${rssEveryS} s (MB; target: flat), and the JS heap in use:`);
  const names = leg.processes === 2 ? ['A', 'B'] : ['A'];
  console.log(
    formatTable(
      ['at s', ...names.map((n) => `${n} RSS`), ...names.map((n) => `${n} heap`)],
      leg.rss.map((r) => [r.atS, ...r.mb.map(round1), ...r.heapMb.map(round1)]),
    )
      .split('\n')
      .map((l) => `    ${l}`)
      .join('\n'),
  );
}

/** Alternating saturation rounds; returns each side's median round by served req/s. */
async function saturation(env: LoadServers, ctx: MixContext, sides: (1 | 2)[], dir: string) {
  const replayUsers = env.users.slice(0, Math.min(env.users.length, REPLAY_SESSIONS));
  const tokens: string[] = [];
  for (const u of replayUsers) tokens.push(await signIn(env.servers[0]!.base, u.email, env.password));
  const sequence = replaySequence(REPLAY_SESSIONS, replayUsers, ctx, 2).map((s) => ({
    request: s.request,
    token: tokens[s.user]!,
    publisherId: replayUsers[s.user]!.publisherId,
  }));
  const script = { path: writeWrkScript(dir, sequence), length: sequence.length };
  const signIns = sequence.filter((s) => !s.request.authenticated).length;
  console.log(
    `\nSaturation: the same mix with no think time (${sequence.length} requests of ${REPLAY_SESSIONS} sessions, ` +
      `${((signIns / sequence.length) * 100).toFixed(1)} % sign-ins), wrk, ${CONNECTIONS} connections, ${ROUNDS} x ${SATURATION_S} s per side, alternating`,
  );
  await saturate(env.servers.slice(0, Math.max(...sides)), script, CONNECTIONS, 5); // warm-up
  const rounds: Record<number, SaturationLeg[]> = { 1: [], 2: [] };
  for (let i = 0; i < ROUNDS; i++)
    for (const n of sides) {
      const ch0 = clickhouseCpu(env);
      const leg = await saturate(env.servers.slice(0, n), script, CONNECTIONS, SATURATION_S);
      const ch = clickhouseCpu(env) - ch0;
      rounds[n]!.push(leg);
      console.log(
        `  round ${i + 1}, ${n} process${n === 2 ? 'es' : ''}: ${leg.servedRps.toFixed(0)} req/s served, ` +
          `servers ${(leg.serverCpuS / SATURATION_S).toFixed(2)} cores, chDB front ${(ch / SATURATION_S).toFixed(2)} cores, wrk ${(leg.generatorCpuS / SATURATION_S).toFixed(2)} cores, ${leg.errors} errors, load average ${loadavg()}`,
      );
    }
  const median = (n: number) => [...rounds[n]!].sort((a, b) => a.servedRps - b.servedRps)[Math.floor(rounds[n]!.length / 2)];
  return { one: median(1), two: median(2) };
}

function printSideBySide(one: Leg, two: Leg, sat: { one?: SaturationLeg; two?: SaturationLeg }): void {
  console.log('\nOne vs two processes (paced phase per request type; then the totals):');
  console.log(
    formatTable(
      ['request', '1p count', '1p p95 ms', '1p errors', '2p count', '2p p95 ms', '2p errors'],
      sideBySideRows(one.journeys.recorder.summary(), two.journeys.recorder.summary()),
    ),
  );
  const rate = (l: Leg) => l.journeys.recorder.summary().reduce((n, s) => n + s.count, 0) / l.journeys.wallS;
  const growth = (l: Leg) =>
    l.rss
      .at(-1)!
      .mb.map((mb, i) => round1(mb - l.rss[0]!.mb[i]!))
      .join(' / ');
  const rows: (string | number)[][] = [
    ['paced req/s', round1(rate(one)), round1(rate(two))],
    ['paced server cores', round2(one.serverCpuS / one.journeys.wallS), round2(two.serverCpuS / two.journeys.wallS)],
    ['paced chDB front cores', round2(one.clickhouseCpuS / one.journeys.wallS), round2(two.clickhouseCpuS / two.journeys.wallS)],
    [
      'paced generator cores',
      round2(one.journeys.generatorCpuS / one.journeys.wallS),
      round2(two.journeys.generatorCpuS / two.journeys.wallS),
    ],
    ['RSS growth MB (A / B)', growth(one), growth(two)],
  ];
  if (sat.one && sat.two)
    rows.push(
      ['saturation req/s (servers)', Math.round(sat.one.servedRps), Math.round(sat.two.servedRps)],
      ['saturation wrk cores', round2(sat.one.generatorCpuS / SATURATION_S), round2(sat.two.generatorCpuS / SATURATION_S)],
      ['speed-up', '', `${(sat.two.servedRps / sat.one.servedRps).toFixed(2)}x (target >= ${SPEEDUP_TARGET}x)`],
    );
  console.log(`\n${formatTable(['', '1 process', '2 processes'], rows)}`);
}

async function main() {
  const sides: (1 | 2)[] = PROCESSES === 'both' ? [2, 1] : PROCESSES === '2' ? [2] : [1];
  const ports = PORT ? [Number(PORT), Number(PORT) + 1] : [];
  console.log(
    `bench:load: ${os.availableParallelism()} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} before start`,
  );
  const env = await startLoadServers({
    processes: Math.max(...sides) as 1 | 2,
    users: USERS,
    ports,
    ...(CLICKHOUSE_URL ? { clickhouseUrl: CLICKHOUSE_URL } : {}),
  });
  console.log(`reports on ${env.clickhouseLabel}`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-bench-load-'));
  try {
    const ctx: MixContext = { today: reportingToday(), adsTxtDomainIds: env.adsTxtDomainIds, password: env.password };
    await warmUp(env.servers, env, ctx);
    const legs: Partial<Record<1 | 2, Leg>> = {};
    for (const n of sides) legs[n] = await pacedLeg(env.servers.slice(0, n), env, ctx);
    let sat: { one?: SaturationLeg; two?: SaturationLeg } = {};
    if (pickGenerator() === 'wrk') sat = await saturation(env, ctx, sides, dir);
    else
      console.log(
        '\nSaturation skipped: it needs wrk (`apt-get install -y wrk`), a generator cheap enough to leave the cores to the servers.',
      );
    if (sat.one && sat.two)
      console.log(
        `  speed-up: ${(sat.two.servedRps / sat.one.servedRps).toFixed(2)}x (target >= ${SPEEDUP_TARGET}x), medians of ${ROUNDS} rounds`,
      );
    if (legs[1] && legs[2]) printSideBySide(legs[1], legs[2], sat);
    console.log(
      `\nload average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} at the end (the generators share the ${os.availableParallelism()} cores)`,
    );
  } finally {
    await env.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
