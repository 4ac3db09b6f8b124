import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-app';
import { startServerProcess, type ServerProcess } from '../../test/server-process';

/**
 * `npm start` (demo mode) sends no DNS question and opens no connection to a host
 * that is not loopback at start-up. The demo's partner sites are `*.example` names; their first
 * ads.txt crawls (10 s after start) and the sellers.json schedule (30 s) run within the window.
 * The real server (main.ts --demo) with a preload that records every such call.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-demo-dns-'));
const log = path.join(dir, 'outbound.log');
let server: ServerProcess | null = null;
let drop: (() => Promise<void>) | null = null;
afterAll(async () => {
  await server?.stop().catch(() => undefined);
  await drop?.();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('demo start-up (npm start)', () => {
  it('makes no DNS lookup or connection to a non-loopback host', async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    server = await startServerProcess({
      name: 'demo-dns',
      args: ['--demo'],
      nodeArgs: ['--import', path.resolve(import.meta.dirname, '../../test/outbound-guard.mjs')],
      env: { DATABASE_URL: database.url, OUTBOUND_GUARD_LOG: log, OUTBOUND_GUARD_IGNORE: new URL(database.url).hostname },
    });
    const startedAt = Date.now();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      // Wait until the first ads.txt crawls ran (they are queued 10 s after start) ...
      const crawled = async () =>
        Number(
          (await client.query(`SELECT count(*) AS n FROM jobs WHERE queue = 'adstxt-crawl' AND status IN ('done', 'failed')`)).rows[0]?.n ??
            0,
        );
      await expect.poll(crawled, { timeout: 60_000, interval: 1_000 }).toBeGreaterThan(0);
      // ... and past the first sellers.json scheduling (30 s after start).
      const left = 33_000 - (Date.now() - startedAt);
      if (left > 0) await new Promise((r) => setTimeout(r, left));
      // The background start-up work (the demo's site-tag events) is listed on /healthz until it is
      // done, and when it is no longer listed its result is there: every demo tag site has data.
      const health = async () => (await (await fetch(`${server!.base}/healthz`)).json()) as { status: string; startupWork?: string[] };
      await expect.poll(async () => (await health()).startupWork ?? [], { timeout: 60_000, interval: 500 }).toEqual([]);
      expect(await health()).toEqual({ status: 'ok' });
      const received = await client.query(`SELECT count(*) AS n FROM sites WHERE event_tracker_data_received_at IS NOT NULL`);
      expect(Number(received.rows[0]?.n)).toBeGreaterThan(0);
    } finally {
      await client.end();
    }
    expect(existsSync(log) ? readFileSync(log, 'utf8') : '').toBe('');
  }, 120_000);
});
