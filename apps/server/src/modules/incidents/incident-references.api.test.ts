import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';

// Staff ingestion names a publisher by id: an id that does not exist is the caller's mistake (4xx
// with the field), never a database error surfacing as 500. The occurrence time may be given.
let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  staff = (await signIn(t.app, DEMO.staff)).idToken;
});
afterAll(async () => t.close());

const ingest = (over: object = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/staff/incidents',
    headers: bearer(staff, '1001'),
    payload: {
      publisherId: '1001',
      siteId: null,
      type: 'vulnerability',
      severity: 'high',
      category: 'Outdated library',
      key: `scan:${Math.random()}`,
      title: 'jQuery 1.8 is vulnerable',
      ...over,
    },
  });

describe('staff incident references', () => {
  it('an unknown publisherId answers 4xx naming publisherId, and nothing is stored', async () => {
    const before = await t.db
      .selectFrom('incidents')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    for (const publisherId of ['999999', 'no-such-publisher']) {
      const res = await ingest({ publisherId });
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(Object.keys(res.json().fields ?? {})).toContain('publisherId');
    }
    const after = await t.db
      .selectFrom('incidents')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('an unknown siteId answers 400 naming siteId', async () => {
    const res = await ingest({ siteId: '99999999' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toContain('siteId');
  });

  it('keeps the given occurrence time as the incident start; a time in the future is refused', async () => {
    const occurredAt = new Date(Date.now() - 3 * 3600_000);
    occurredAt.setMilliseconds(0);
    const res = await ingest({ occurredAt: occurredAt.toISOString() });
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.db.selectFrom('incidents').selectAll().where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(new Date(row.first_occurrence).toISOString()).toBe(occurredAt.toISOString());
    const future = await ingest({ occurredAt: new Date(Date.now() + 3600_000).toISOString() });
    expect(future.statusCode).toBe(400);
    expect(Object.keys(future.json().fields)).toEqual(['occurredAt']);
    expect((await ingest({ occurredAt: 'yesterday' })).statusCode).toBe(400);
  });
});
