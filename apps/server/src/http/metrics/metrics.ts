import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { sql } from 'kysely';
import type { Db } from '../../db/pool';
import type { CpuPool } from '../../lib/workers/cpu-pool';
import { cameThroughProxy } from '../proxy-headers';

/**
 * Prometheus metrics at /metrics (DESIGN: platform): process figures (CPU, memory, event loop
 * lag, GC), request durations per route and status, and the background job backlog per queue
 * and status, read from PostgreSQL when scraped. One registry per app, so tests can build many.
 * Registered on the root instance (not as a plugin) so its hook sees every route.
 *
 * With METRICS_TOKEN set, a scrape needs `Authorization: Bearer <token>`. Without it only a
 * scraper on the same machine may read it (a loopback peer, none of the proxy headers of
 * http/proxy-headers.ts: a request that came through a local reverse proxy, whichever of X-Forwarded-For,
 * Forwarded or X-Real-IP it sets, is not local), so a fresh install does not publish it.
 */
/** The site-tag collector's event counts (site-tag.collector.ts). */
export type SiteTagCollectorStats = () => { accepted: number; stored: number; failed: number; pending: number };

export function registerMetrics(
  app: FastifyInstance,
  opts: {
    db: Db;
    token: string | null;
    cpuPool?: CpuPool;
    siteTagStats?: SiteTagCollectorStats;
    reportStoreMemory?: () => Promise<number>;
  },
): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });

  new Gauge({
    name: 'pc_jobs',
    help: 'Background jobs by queue and status (queued, running, done, failed).',
    labelNames: ['queue', 'status'] as const,
    registers: [registry],
    async collect() {
      const rows = await sql<{ queue: string; status: string; n: string }>`
        SELECT queue, status, count(*) AS n FROM jobs GROUP BY queue, status`.execute(opts.db);
      this.reset();
      for (const r of rows.rows) this.set({ queue: r.queue, status: r.status }, Number(r.n));
    },
  });

  /** An unlabelled gauge read from `value` at each scrape. */
  const gauge = (name: string, help: string, value: () => number | Promise<number>) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(await value());
      },
    });

  const pool = opts.cpuPool;
  if (pool) {
    // The worker threads that keep CPU-heavy work (ads.txt diffs, export encoding) off the event
    // loop: a growing queue means they are the bottleneck.
    gauge('pc_worker_pool_tasks_completed', 'Tasks the CPU worker pool has completed since start (monotonic).', () => pool.completed);
    gauge('pc_worker_pool_queue_size', 'Tasks waiting for a CPU worker thread.', () => pool.queueSize);
    gauge('pc_worker_pool_threads', 'CPU worker threads running.', () => pool.threads.length);
  }

  const tagStats = opts.siteTagStats;
  if (tagStats) {
    // Events accepted by the collector vs stored in the analytics engine: pending grows when the
    // store falls behind; failed should stay 0 (bench:collect checks stored = accepted).
    for (const key of ['accepted', 'stored', 'failed', 'pending'] as const) {
      const what = key === 'pending' ? 'waiting for or in the batch append' : `${key} since start (monotonic)`;
      gauge(`pc_site_tag_events_${key}`, `Site-tag events ${what}.`, () => tagStats()[key]);
    }
  }

  const storeMemory = opts.reportStoreMemory;
  if (storeMemory) {
    // The embedded report store's own memory (DuckDB's buffer pool, bounded by DUCKDB_MEMORY_LIMIT):
    // RSS growing with it is its cache filling up, RSS growing without it is something else. A
    // store that cannot answer (closing at shutdown) reads NaN, "unknown", rather than failing the
    // whole scrape or reporting 0 bytes.
    gauge(
      'pc_report_store_memory_bytes',
      'Memory held by the embedded report store (DuckDB buffer manager), within DUCKDB_MEMORY_LIMIT.',
      () => storeMemory().catch(() => NaN),
    );
  }

  // Route patterns, not URLs, so ids in paths do not make a label per request.
  // Synchronous (a callback, not a promise per request).
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    if (route !== '/metrics') {
      requests.observe({ method: req.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    }
    done();
  });

  app.get('/metrics', { config: { access: 'public' } }, async (req, reply) => {
    if (opts.token && !bearerMatches(req.headers.authorization, opts.token)) {
      return reply.status(401).send({ message: 'A metrics token is required.', name: 'Unauthorized' });
    }
    if (!opts.token && !isLocalScrape(req.socket.remoteAddress, req.headers)) {
      return reply.status(403).send({
        message: 'Metrics are only served to this machine. Set METRICS_TOKEN to scrape from elsewhere.',
        name: 'Forbidden',
      });
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

function isLocalScrape(peer: string | undefined, headers: Record<string, unknown>): boolean {
  const loopback = peer === '127.0.0.1' || peer === '::1' || peer === '::ffff:127.0.0.1';
  return loopback && !cameThroughProxy(headers);
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
