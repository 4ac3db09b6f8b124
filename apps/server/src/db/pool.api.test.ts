import { randomUUID } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { sql } from 'kysely';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase } from './pool';

/** Connections PostgreSQL still serves for `applicationName`. */
async function backendsOf(applicationName: string): Promise<number> {
  const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
  try {
    const r = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1', [
      applicationName,
    ]);
    return r.rows[0]!.n;
  } finally {
    await admin.end();
  }
}

describe('openDatabase', () => {
  it('close() returns once PostgreSQL has let every connection of the pool go', async () => {
    const name = `pool-close-${randomUUID().slice(0, 8)}`;
    const url = new URL(inject('pgAdminUrl'));
    url.searchParams.set('application_name', name);
    const handle = openDatabase(url.toString(), pino({ level: 'silent' }), 5);
    let ended = 0;
    handle.pool.on('connect', (client) => client.once('end', () => (ended += 1)));
    // Five at once: the pool opens five connections.
    await Promise.all(Array.from({ length: 5 }, () => sql`SELECT pg_sleep(0.05)`.execute(handle.db)));
    expect(await backendsOf(name)).toBe(5);
    await handle.close();
    // Each connection's socket has closed by then, not only been asked to.
    expect(ended).toBe(5);
    // Nothing left for a database stopped right now to terminate.
    expect(await backendsOf(name)).toBe(0);
  });
});
