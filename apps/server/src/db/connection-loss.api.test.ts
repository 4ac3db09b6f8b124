import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { inject } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('database connection loss', () => {
  it('survives PostgreSQL dropping every connection (what a restart does) and recovers', async () => {
    for (let i = 0; i < 5; i++) expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    const dbName = new URL(t.databaseUrl).pathname.slice(1);
    const admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
    await admin.connect();
    const killed = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [dbName]);
    await admin.end();
    expect(killed.rowCount).toBeGreaterThan(0);
    // The pool drops the dead connections (their error events are handled, not thrown) and opens
    // new ones: within a few requests the app answers again, and the process is still here.
    let status = 0;
    for (let i = 0; i < 10 && status !== 200; i++) {
      status = (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode;
      if (status !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe(200);
    const r = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(r.statusCode).toBe(200);
  });
});
