import pino from 'pino';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import { createGuardedFetch } from '../../lib/outbound/guarded-fetch';
import { startLocalTestServer, type LocalTestServer } from '../../lib/outbound/local-test-server';
import { createMonitorScheduler, nextSlot } from './monitor-scheduler';
import { monitorScheduleRepo } from './monitor-schedule.repo';

let t: TestApp;
let target: LocalTestServer;
let multi: string;
let failing = false;
const fetch = createGuardedFetch({ allowHosts: ['127.0.0.1'] });

beforeAll(async () => {
  target = await startLocalTestServer((req, res) => {
    if (failing) res.writeHead(503).end('down');
    else res.writeHead(200).end('ok');
  });
  t = await createTestApp({ OUTBOUND_ALLOW_HOSTS: '127.0.0.1', UPTIME_MIN_INTERVAL_SECONDS: '30' });
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  await t.db
    .insertInto('feature_flag_overrides')
    .values({ flag_key: 'uptime.max_monitors', publisher_id: '1001', value: JSON.stringify(100) })
    .execute();
});
afterAll(async () => {
  await t.close();
  await target.close();
  await fetch.close();
});

const scheduler = (owner: string) =>
  createMonitorScheduler({
    db: t.db,
    fetch,
    incidents: t.built.incidents,
    log: pino({ level: 'silent' }),
    concurrency: 50,
    rawRetentionDays: 7,
    rollupRetentionDays: 400,
    owner,
    lookaheadMs: 0,
  });
const create = async (name: string, path = '/') => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/monitors',
    headers: bearer(multi, '1001'),
    payload: {
      name,
      url: target.url('127.0.0.1', path),
      siteId: '5001',
      intervalSeconds: 60,
      timeoutSeconds: 5,
      retries: 1,
      acceptedStatusCodes: ['200-299'],
      certExpiryDays: 0,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
};
/** Time passes: the monitors' current slots become due. */
const makeDue = (ids: string[]) =>
  t.db
    .updateTable('monitors')
    .set({ next_check_at: sql`now() - interval '1 millisecond'` })
    .where('id', 'in', ids)
    .execute();
const resultsOf = async (ids: string[]) =>
  t.db.selectFrom('monitor_results').select(['monitor_id', 'scheduled_at']).where('monitor_id', 'in', ids).execute();

describe('monitor scheduler', () => {
  it('goes down only after the retries, opens one incident, resolves it on recovery, rolls up', async () => {
    const id = await create('Flow');
    const s = scheduler('solo');
    const state = async () => (await t.app.inject({ url: `/api/monitors/${id}`, headers: bearer(multi, '1001') })).json();
    await makeDue([id]);
    await s.drain();
    expect(await state()).toMatchObject({ status: 'up', lastError: null });
    failing = true;
    await makeDue([id]);
    await s.drain();
    expect((await state()).status).toBe('up');
    await makeDue([id]);
    await s.drain();
    expect(await state()).toMatchObject({ status: 'down', lastError: 'status 503 is not an accepted status' });
    const open = await t.db.selectFrom('incidents').selectAll().where('dedupe_key', '=', `monitor:${id}:down`).executeTakeFirstOrThrow();
    expect(open).toMatchObject({ status: 'open', type: 'downtime', site_id: '5001' });
    await makeDue([id]);
    await s.drain();
    expect(
      (await t.db.selectFrom('incidents').select('occurrence_count').where('id', '=', open.id).executeTakeFirstOrThrow()).occurrence_count,
    ).toBe(1);
    failing = false;
    await makeDue([id]);
    await s.drain();
    expect((await state()).status).toBe('up');
    const resolved = await t.db.selectFrom('incidents').select('status').where('id', '=', open.id).executeTakeFirstOrThrow();
    expect(resolved.status).toBe('resolved');
    const monitorIncidents = await t.app.inject({ url: `/api/monitors/${id}/incidents`, headers: bearer(multi, '1001') });
    expect(monitorIncidents.json().map((i: { id: string }) => i.id)).toEqual([open.id]);
    const stats = (await t.app.inject({ url: `/api/monitors/${id}/stats?range=24h`, headers: bearer(multi, '1001') })).json();
    expect(stats.uptime.h24).toBe(40);
    expect(stats.series.reduce((n: number, p: { checks: number }) => n + p.checks, 0)).toBe(5);
    expect(stats.p50Ms).toEqual(expect.any(Number));
    expect(await t.app.inject({ url: `/api/monitors/${id}/results`, headers: bearer(multi, '1001') }).then((r) => r.json().length)).toBe(5);
  });

  it('two processes draining at once check every due slot exactly once', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await create(`Pair ${i}`, `/pair/${i}`));
    await makeDue(ids);
    const before = target.requests.length;
    const a = scheduler('process-a');
    const b = scheduler('process-b');
    await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
    const rows = await resultsOf(ids);
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => r.monitor_id)).size).toBe(20);
    expect(target.requests.length - before).toBe(20);
    // Nothing is due any more: a second round in both processes checks nothing.
    expect((await a.drain()) + (await b.drain())).toBe(0);
  });

  it('after a crash the lease expires and another process runs the slot once; the late owner stores nothing', async () => {
    const id = await create('Crash');
    await makeDue([id]);
    const claimed = await monitorScheduleRepo(t.db).claimDue('crashed', 10, 0, 30);
    const mine = claimed.find((m) => m.id === id)!;
    expect(mine).toBeDefined();
    // Still leased: a restarted process does not double it.
    const restarted = scheduler('restarted');
    await restarted.drain();
    expect(await resultsOf([id])).toHaveLength(0);
    await t.db
      .updateTable('monitors')
      .set({ lease_until: sql`now() - interval '1 second'` })
      .where('id', '=', id)
      .execute();
    await restarted.drain();
    expect(await resultsOf([id])).toHaveLength(1);
    const late = await monitorScheduleRepo(t.db).complete({
      monitorId: id,
      owner: 'crashed',
      slot: mine.next_check_at,
      next: new Date(Date.now() + 60_000),
      at: new Date(),
      ok: true,
      httpStatus: 200,
      totalMs: 1,
      dnsMs: null,
      connectMs: null,
      tlsMs: null,
      firstByteMs: null,
      keywordFound: null,
      certExpiresAt: null,
      error: null,
      status: 'up',
      consecutiveFailures: 0,
      certWarning: false,
    });
    expect(late).toBe(false);
    expect(await resultsOf([id])).toHaveLength(1);
  });

  it('keeps the phase: the next slot is the first future one, missed slots are not replayed', () => {
    const slot = new Date('2026-01-01T00:00:07Z');
    expect(nextSlot(slot, 60, slot.getTime() + 500).toISOString()).toBe('2026-01-01T00:01:07.000Z');
    expect(nextSlot(slot, 60, slot.getTime() + 10 * 60_000 + 1).toISOString()).toBe('2026-01-01T00:11:07.000Z');
  });

  it('retention removes raw results and rollups older than their windows', async () => {
    const id = await create('Old');
    const old = new Date(Date.now() - 10 * 86_400_000);
    await t.db
      .insertInto('monitor_results')
      .values({ monitor_id: id, scheduled_at: old, at: old, ok: true, http_status: 200, total_ms: 5 })
      .execute();
    await t.db
      .insertInto('monitor_rollups')
      .values({
        monitor_id: id,
        grain: 'day',
        bucket: new Date(Date.now() - 500 * 86_400_000),
        checks: 1,
        up_checks: 1,
        sum_ms: 5,
        histogram: [1],
      })
      .execute();
    const removed = await monitorScheduleRepo(t.db).expire(new Date(Date.now() - 7 * 86_400_000), new Date(Date.now() - 400 * 86_400_000));
    expect(removed).toEqual({ raw: 1, rollups: 1 });
  });
  it("does not check a publisher's monitors while its uptime.monitoring flag is off, and resumes when on", async () => {
    const id = await create('Gated', '/gated');
    const setFlag = (on: boolean) =>
      t.db
        .insertInto('feature_flag_overrides')
        .values({ flag_key: 'uptime.monitoring', publisher_id: '1001', value: JSON.stringify(on) })
        .onConflict((c) => c.columns(['flag_key', 'publisher_id']).doUpdateSet({ value: JSON.stringify(on) }))
        .execute();
    const hits = () => target.requests.filter((r) => r.endsWith(' /gated')).length;
    await setFlag(false);
    await makeDue([id]);
    const s = scheduler('gated');
    await s.drain();
    await s.drain();
    expect(await resultsOf([id])).toHaveLength(0);
    expect(hits()).toBe(0);
    await setFlag(true);
    await s.drain();
    expect(await resultsOf([id])).toHaveLength(1);
    expect(hits()).toBe(1);
  });
});
