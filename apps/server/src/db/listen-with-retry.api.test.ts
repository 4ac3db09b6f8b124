import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import pino from 'pino';
import { createTestDatabase } from '../../test/test-app';
import { listenWithRetry } from './listen-with-retry';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.drop());

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function sql(text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const c = new pg.Client({ connectionString: database.url });
  await c.connect();
  try {
    return await c.query(text, values);
  } finally {
    await c.end();
  }
}

describe('listenWithRetry (the reconnecting LISTEN shared by the session guard and the cache notifications)', () => {
  it('delivers payloads, resets when it starts listening and when the connection is lost, and comes back', async () => {
    const payloads: string[] = [];
    let resets = 0;
    const listener = listenWithRetry({
      databaseUrl: database.url,
      channel: 'pc_test_channel',
      log: pino({ level: 'silent' }),
      retryMs: 50,
      onNotification: (p) => payloads.push(p),
      onReset: () => resets++,
    });
    try {
      await until(() => listener.listening());
      expect(resets).toBe(1);
      await sql(`SELECT pg_notify('pc_test_channel', 'a'), pg_notify('pc_other_channel', 'b')`);
      await until(() => payloads.length === 1);
      expect(payloads).toEqual(['a']);

      // What a database restart or a network cut does: the caller must forget, then it listens again.
      const killed = await sql(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query ILIKE 'LISTEN pc_test_channel%' AND pid <> pg_backend_pid()`,
      );
      expect(killed.rowCount).toBe(1);
      await until(() => resets >= 2);
      await until(() => listener.listening());
      expect(resets).toBe(3);
      await sql(`SELECT pg_notify('pc_test_channel', 'c')`);
      await until(() => payloads.length === 2);
      expect(payloads).toEqual(['a', 'c']);
    } finally {
      await listener.close();
    }
    expect(listener.listening()).toBe(false);
  });

  it('refuses a channel name that is not a plain identifier', () => {
    expect(() =>
      listenWithRetry({
        channel: 'x; DROP TABLE users',
        log: pino({ level: 'silent' }),
        onNotification: () => undefined,
        onReset: () => undefined,
      }),
    ).toThrow(/invalid channel/);
  });
});
