import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { UsageReport } from '@pc/contracts';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import pino from 'pino';
import { createJobQueue } from '../../lib/jobs/job-queue';
import { USAGE_RETENTION_QUEUE, deleteRawUsageEvents } from './usage-retention.job';

let t: TestApp;
const tokens: Record<'admin' | 'staff' | 'multi' | 'single', string> = { admin: '', staff: '', multi: '', single: '' };
const uid: Record<string, string> = {};
const today = new Date().toISOString().slice(0, 10);
const PUB = 'usage-test-pub';

const scopeOf = {
  admin: { type: 'internal', adminAccess: true, mediaOwnerId: null, mediaOwners: [] },
  staff: { type: 'internal', adminAccess: false, mediaOwnerId: null, mediaOwners: [] },
  multi: { type: 'other', adminAccess: false, mediaOwnerId: null, mediaOwners: ['1001', '1003'] },
  single: { type: 'external_single', adminAccess: false, mediaOwnerId: '1002', mediaOwners: [] },
} as const;

async function mp(who: keyof typeof tokens, event: string, properties: Record<string, string>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/mp',
    headers: bearer(tokens[who]),
    payload: { event, timestamp: '23/11/2026, 10:15:00', scope: scopeOf[who], properties },
  });
  expect(res.statusCode).toBe(202);
}

const get = (who: keyof typeof tokens, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]) });

beforeAll(async () => {
  t = await createTestApp();
  for (const who of Object.keys(tokens) as (keyof typeof tokens)[]) {
    const s = await signIn(t.app, DEMO[who]);
    tokens[who] = s.idToken;
    uid[who] = s.user.uid;
  }
});
afterAll(() => t.close());

describe('usage analytics', () => {
  it('rolls /mp events up by day, partner and user type as they are stored (no process memory)', async () => {
    await mp('admin', 'Page View', { publisher_id: PUB, page: '/adstxt' });
    await mp('admin', 'Ads.txt View', { publisher_id: PUB });
    await mp('staff', 'Page View', { publisher_id: PUB, page: '/adstxt' });
    await mp('staff', 'Page View', { publisher_id: PUB, page: '/home' });
    // /mp refuses a partner outside the sender's scope (tracking.service.ts), and PUB is no partner
    // of the multi-account owner: their two events are stored as a bulk load would write them.
    await sql`INSERT INTO tracking_events (user_id, event, client_timestamp, scope, properties)
      SELECT ${uid.multi}::uuid, 'Blocking Rule View', '23/11/2026, 10:15:00', ${JSON.stringify(scopeOf.multi)}::jsonb,
             jsonb_build_object('publisherId', ${PUB}::text)
      FROM generate_series(1, 2)`.execute(t.db);

    const res = await get('admin', `/api/admin/usage?from=${today}&to=${today}&publisherId=${PUB}`);
    expect(res.statusCode).toBe(200);
    const r = res.json<UsageReport>();
    expect(r.daily).toEqual([{ day: today, activeUsers: 3, events: 6 }]);
    expect(r.totals).toEqual({ activeUsers: 3, events: 6, pageViews: 3 });
    expect(r.events).toEqual([
      { event: 'Page View', count: 3 },
      { event: 'Blocking Rule View', count: 2 },
      { event: 'Ads.txt View', count: 1 },
    ]);
    expect(r.pages).toEqual([
      { page: '/adstxt', views: 2 },
      { page: '/home', views: 1 },
    ]);
    expect(r.byUserType).toEqual([
      { userType: 'provider_admin', activeUsers: 1, events: 2 },
      { userType: 'provider_staff', activeUsers: 1, events: 2 },
      { userType: 'media_owner_multiple', activeUsers: 1, events: 2 },
    ]);
    expect(r.partners).toEqual([]); // one partner chosen

    const staffOnly = (
      await get('staff', `/api/admin/usage?from=${today}&to=${today}&publisherId=${PUB}&userType=provider_staff`)
    ).json<UsageReport>();
    expect(staffOnly.totals).toEqual({ activeUsers: 1, events: 2, pageViews: 2 });
  });

  it("a single-account owner's events count for their own partner; all partners lists each with its name", async () => {
    await mp('single', 'Overview View', {});
    const r = (await get('admin', `/api/admin/usage?from=${today}&to=${today}`)).json<UsageReport>();
    const demo = r.partners.find((p) => p.publisherId === '1002');
    expect(demo).toMatchObject({ activeUsers: 1 });
    expect(demo?.name).toBeTruthy();
    expect(r.partners.find((p) => p.publisherId === PUB)).toEqual({ publisherId: PUB, name: null, activeUsers: 3, events: 6 });
    expect(r.byUserType.find((u) => u.userType === 'media_owner_single')?.events).toBeGreaterThanOrEqual(1);
  });

  it('fills every day of the range, counts a user once per day, and a bulk insert rolls up too', async () => {
    // Two days in the past, written in one statement as a backfill or a bulk load would be.
    await sql`INSERT INTO tracking_events (user_id, event, client_timestamp, scope, properties, received_at)
      SELECT ${uid.single}::uuid, 'Login', '01/03/2020, 10:00:00', ${JSON.stringify(scopeOf.single)}::jsonb, '{}'::jsonb,
             timestamptz '2020-03-01 10:00:00+00' + (g % 2) * interval '2 days'
      FROM generate_series(1, 10) g`.execute(t.db);
    const r = (await get('admin', '/api/admin/usage?from=2020-03-01&to=2020-03-04&publisherId=1002')).json<UsageReport>();
    expect(r.daily).toEqual([
      { day: '2020-03-01', activeUsers: 1, events: 5 },
      { day: '2020-03-02', activeUsers: 0, events: 0 },
      { day: '2020-03-03', activeUsers: 1, events: 5 },
      { day: '2020-03-04', activeUsers: 0, events: 0 },
    ]);
    expect(r.totals.activeUsers).toBe(1);
    // Trimming raw events keeps the history.
    await sql`DELETE FROM tracking_events WHERE received_at < '2021-01-01'`.execute(t.db);
    expect((await get('admin', '/api/admin/usage?from=2020-03-01&to=2020-03-04&publisherId=1002')).json<UsageReport>().totals.events).toBe(
      10,
    );
  });

  it('the all-partners view (its own rollups, migration 0055) agrees with the per-partner rollups; a user in two partners counts once', async () => {
    // The multi-account owner is active for two partners on one past day.
    await sql`INSERT INTO tracking_events (user_id, event, client_timestamp, scope, properties, received_at)
      SELECT ${uid.multi}::uuid, CASE WHEN g % 2 = 0 THEN 'Page View' ELSE 'Login' END, '05/04/2020, 10:00:00',
             ${JSON.stringify(scopeOf.multi)}::jsonb,
             jsonb_build_object('publisher_id', CASE WHEN g % 3 = 0 THEN '1001' ELSE '1003' END, 'page', '/p' || (g % 2)),
             timestamptz '2020-04-05 08:00:00+00'
      FROM generate_series(1, 12) g`.execute(t.db);
    const all = (await get('admin', '/api/admin/usage?from=2020-04-05&to=2020-04-05')).json<UsageReport>();
    expect(all.totals).toEqual({ activeUsers: 1, events: 12, pageViews: 6 });
    expect(all.daily).toEqual([{ day: '2020-04-05', activeUsers: 1, events: 12 }]);
    expect(all.byUserType).toEqual([{ userType: 'media_owner_multiple', activeUsers: 1, events: 12 }]);
    expect(all.events).toEqual([
      { event: 'Login', count: 6 },
      { event: 'Page View', count: 6 },
    ]);
    expect(all.pages).toEqual([{ page: '/p0', views: 6 }]);
    expect(all.partners).toEqual([
      { publisherId: '1003', name: 'Evergreen Digital', activeUsers: 1, events: 8 },
      { publisherId: '1001', name: 'Northwind News', activeUsers: 1, events: 4 },
    ]);
    // A user-type filter narrows the partners table through the per-partner rollups.
    const staffOnly = (await get('admin', '/api/admin/usage?from=2020-04-05&to=2020-04-05&userType=provider_staff')).json<UsageReport>();
    expect(staffOnly.partners).toEqual([]);
    expect(staffOnly.totals).toEqual({ activeUsers: 0, events: 0, pageViews: 0 });
  });

  it('the distinct-user rollups (migration 0057) give the same figures as counting the raw events', async () => {
    // Several statements (as separate requests would), the same users again, a user in two
    // partners and under two user types on one day, anonymous events, and today's partial day.
    const ins = (user: string | null, scope: object, pub: string, at: string, n: number) =>
      sql`INSERT INTO tracking_events (user_id, event, client_timestamp, scope, properties, received_at)
        SELECT ${user}::uuid, 'Login', '01/06/2022, 10:00:00', ${JSON.stringify(scope)}::jsonb,
               jsonb_build_object('publisher_id', ${pub}::text), ${at}::timestamptz + g * interval '1 minute'
        FROM generate_series(1, ${n}) g`.execute(t.db);
    for (const [who, pub, at] of [
      ['single', '1002', '2022-06-01 10:00Z'],
      ['single', '1002', '2022-06-05 10:00Z'],
      ['multi', '1001', '2022-06-01 23:00Z'],
      ['multi', '1003', '2022-06-01 23:30Z'],
      ['multi', '1003', '2022-06-03 08:00Z'],
      ['staff', '1001', '2022-06-02 12:00Z'],
      ['staff', '1001', '2022-06-02 13:00Z'],
      ['admin', '1003', '2022-06-04 09:00Z'],
    ] as const)
      await ins(uid[who]!, scopeOf[who], pub, at, 3);
    await ins(uid.staff!, scopeOf.admin, '1001', '2022-06-02 14:00Z', 2); // the same user as another type
    await ins(null, {}, '1001', '2022-06-02 15:00Z', 4);
    await mp('multi', 'Login', { publisher_id: '1003' });
    await mp('multi', 'Login', { publisher_id: '1003' });

    // Every (day, partner) count equals the raw distinct count (days whose raw events no test trimmed).
    const raw = await sql<{ day: string; publisher_id: string; users: number }>`
      SELECT (received_at AT TIME ZONE 'UTC')::date::text AS day, usage_publisher(scope, properties) AS publisher_id,
             count(DISTINCT user_id)::bigint AS users
      FROM tracking_events WHERE user_id IS NOT NULL AND received_at >= '2021-01-01' GROUP BY 1, 2 ORDER BY 1, 2`.execute(t.db);
    const rolled = await sql<{ day: string; publisher_id: string; users: number }>`
      SELECT day::text AS day, publisher_id, users FROM usage_partner_days
      WHERE day >= '2021-01-01' AND users > 0 ORDER BY 1, 2`.execute(t.db);
    expect(rolled.rows).toEqual(raw.rows);
    expect(raw.rows.length).toBeGreaterThan(5);

    // The report's figures against the raw events, for ranges that exercise each path: a whole
    // week, a middle slice (users active before and after it), today, and one partner.
    const rawFigures = async (from: string, to: string, pub?: string) => {
      const q = (group: ReturnType<typeof sql>) =>
        sql<{ key: string | null; users: number }>`
        SELECT ${group} AS key, count(DISTINCT user_id)::bigint AS users FROM tracking_events
        WHERE user_id IS NOT NULL AND (received_at AT TIME ZONE 'UTC')::date BETWEEN ${from}::date AND ${to}::date
          ${pub ? sql`AND usage_publisher(scope, properties) = ${pub}` : sql``}
        GROUP BY 1 ORDER BY 1`.execute(t.db);
      const [days, types, partners, all] = await Promise.all([
        q(sql`(received_at AT TIME ZONE 'UTC')::date::text`),
        q(sql`usage_user_type(scope)`),
        q(sql`usage_publisher(scope, properties)`),
        q(sql`NULL::text`),
      ]);
      return { days: days.rows, types: types.rows, partners: partners.rows, total: all.rows[0]?.users ?? 0 };
    };
    for (const [from, to, pub] of [
      ['2022-06-01', '2022-06-07', undefined],
      ['2022-06-02', '2022-06-03', undefined],
      ['2022-06-02', '2022-06-04', '1003'],
      ['2022-06-02', '2022-06-02', '1001'],
      [today, today, undefined],
      [today, today, '1003'],
    ] as const) {
      const want = await rawFigures(from, to, pub);
      const r = (await get('admin', `/api/admin/usage?from=${from}&to=${to}${pub ? `&publisherId=${pub}` : ''}`)).json<UsageReport>();
      const label = `${from}..${to} ${pub ?? 'all'}`;
      expect(r.totals.activeUsers, label).toBe(want.total);
      expect(
        r.daily.filter((d) => d.activeUsers > 0).map((d) => ({ key: d.day, users: d.activeUsers })),
        label,
      ).toEqual(want.days);
      expect(
        r.byUserType
          .filter((u) => u.activeUsers > 0)
          .map((u) => ({ key: u.userType, users: u.activeUsers }))
          .sort((a, b) => a.key.localeCompare(b.key)),
        label,
      ).toEqual(want.types);
      if (!pub)
        for (const p of want.partners)
          expect(r.partners.find((x) => x.publisherId === p.key)?.activeUsers, `${label} partner ${p.key}`).toBe(p.users);
    }
  });

  it('exports each table as CSV', async () => {
    const res = await get('staff', `/api/admin/usage.csv?from=${today}&to=${today}&publisherId=${PUB}&kind=events`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body).toBe('event,count\r\nPage View,3\r\nBlocking Rule View,2\r\nAds.txt View,1\r\n');
    const daily = await get('admin', `/api/admin/usage.csv?from=${today}&to=${today}&publisherId=${PUB}`);
    expect(daily.body).toBe(`day,active_users,events\r\n${today},3,6\r\n`);
  });

  it('answers 400 with fields for a bad range and 403 to media owners, 401 without a token', async () => {
    const bad = await get('admin', '/api/admin/usage?from=2026-02-01&to=2026-01-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('to');
    expect((await get('admin', '/api/admin/usage?from=2024-01-01&to=2026-01-01')).statusCode).toBe(400);
    expect((await get('admin', '/api/admin/usage?from=nope&to=2026-01-01')).json().fields).toHaveProperty('from');
    for (const who of ['multi', 'single'] as const) {
      expect((await get(who, `/api/admin/usage?from=${today}&to=${today}`)).statusCode).toBe(403);
      expect((await get(who, `/api/admin/usage.csv?from=${today}&to=${today}`)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/admin/usage?from=${today}&to=${today}` })).statusCode).toBe(401);
  });
  it('the usage.retention job deletes raw events past USAGE_RAW_RETENTION_DAYS (90) in batches; the rollups keep them', async () => {
    const old = new Date(Date.now() - 200 * 86_400_000);
    const oldDay = old.toISOString().slice(0, 10);
    await sql`INSERT INTO tracking_events (user_id, event, client_timestamp, scope, properties, received_at)
      SELECT ${uid.single}::uuid, 'Retention Probe', '01/01/2026, 10:00:00', ${JSON.stringify(scopeOf.single)}::jsonb,
             '{}'::jsonb, ${old}::timestamptz - (g % 5) * interval '1 day'
      FROM generate_series(1, 25) g`.execute(t.db);
    await mp('single', 'Retention Probe', {}); // today's: kept
    const probes = async (older: boolean) =>
      Number(
        (
          await sql<{ n: number }>`SELECT count(*)::int AS n FROM tracking_events WHERE event = 'Retention Probe'
            AND ${older ? sql`received_at < now() - interval '90 days'` : sql`received_at >= now() - interval '90 days'`}`.execute(t.db)
        ).rows[0]?.n,
      );
    expect(await probes(true)).toBe(25);
    const before = (await get('admin', `/api/admin/usage?from=${oldDay}&to=${oldDay}&publisherId=1002`)).json<UsageReport>();

    // Two processes trimming at once (small batches) delete each row once and fail nothing.
    const cutoff = new Date(Date.now() - 90 * 86_400_000);
    const [a, b] = await Promise.all([deleteRawUsageEvents(t.db, cutoff, 3), deleteRawUsageEvents(t.db, cutoff, 3)]);
    expect(a + b).toBeGreaterThanOrEqual(25);
    expect(await probes(true)).toBe(0);

    // Through the job queue as the hourly schedule queues it: one pending job per dedupe key.
    await sql`INSERT INTO tracking_events (user_id, event, client_timestamp, scope, properties, received_at)
      VALUES (${uid.single}::uuid, 'Retention Probe', '01/01/2026, 10:00:00', ${JSON.stringify(scopeOf.single)}::jsonb, '{}'::jsonb, ${old}::timestamptz)`.execute(
      t.db,
    );
    const jobs = createJobQueue(t.db, pino({ level: 'silent' }));
    await jobs.enqueue(USAGE_RETENTION_QUEUE, {}, { dedupeKey: 'usage-retention' });
    await jobs.enqueue(USAGE_RETENTION_QUEUE, {}, { dedupeKey: 'usage-retention' });
    const pending = await sql<{ n: number }>`SELECT count(*)::int AS n FROM jobs WHERE queue = ${USAGE_RETENTION_QUEUE}
      AND status = 'queued'`.execute(t.db);
    expect(pending.rows[0]?.n).toBe(1);
    expect(await t.built.workers.usageRetention.drain()).toBe(1);
    expect(await probes(true)).toBe(0);
    expect(await probes(false)).toBe(1);
    // The console's figures for that day come from the rollups, so they do not change.
    const after = (await get('admin', `/api/admin/usage?from=${oldDay}&to=${oldDay}&publisherId=1002`)).json<UsageReport>();
    // (before, plus the one event inserted on that day since), though none of its raw events is left.
    expect(after.totals).toEqual({ ...before.totals, events: before.totals.events + 1 });
    expect(after.totals.events).toBeGreaterThan(0);
  });
});
