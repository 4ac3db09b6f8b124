import pino from 'pino';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import { createGuardedFetch } from '../../lib/outbound/guarded-fetch';
import { startLocalTestServer, type LocalTestServer } from '../../../test/local-test-server';
import { createMonitorScheduler, nextSlot, slotAfterFirstCheck } from './monitor-scheduler';
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
    .values([
      { flag_key: 'uptime.max_monitors', publisher_id: '1001', value: JSON.stringify(100) },
      // One-minute checks, as on Enterprise: these tests step through the scheduler's minute slots.
      { flag_key: 'uptime.check_intervals', publisher_id: '1001', value: JSON.stringify(['1', '5', '15', '60']) },
    ])
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
const create = async (name: string, path = '/', siteId: string | null = '5001') => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/monitors',
    headers: bearer(multi, '1001'),
    payload: {
      name,
      url: target.url('127.0.0.1', path),
      siteId,
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

  it('a down monitor that is paused or deleted resolves its incident, saying why, without a mail', async () => {
    const s = scheduler('solo');
    const goDown = async (id: string) => {
      failing = true;
      for (let i = 0; i < 2; i++) {
        await makeDue([id]);
        await s.drain();
      }
      failing = false;
      return t.db.selectFrom('incidents').selectAll().where('dedupe_key', '=', `monitor:${id}:down`).executeTakeFirstOrThrow();
    };
    const events = (incidentId: string) =>
      t.db.selectFrom('incident_events').select(['kind', 'note']).where('incident_id', '=', incidentId).orderBy('at').execute();

    const paused = await create('Paused while down');
    const pausedIncident = await goDown(paused);
    expect(pausedIncident.status).toBe('open');
    const pause = await t.app.inject({ method: 'POST', url: `/api/monitors/${paused}/pause`, headers: bearer(multi, '1001') });
    expect(pause.statusCode, pause.body).toBe(200);
    expect(
      await t.db.selectFrom('incidents').select(['status', 'resolved_note']).where('id', '=', pausedIncident.id).executeTakeFirstOrThrow(),
    ).toEqual({ status: 'resolved', resolved_note: 'The monitor was paused: no checks run until it is resumed.' });
    expect((await events(pausedIncident.id)).at(-1)).toEqual({
      kind: 'resolved',
      note: 'The monitor was paused: no checks run until it is resumed.',
    });

    const deleted = await create('Deleted while down');
    const deletedIncident = await goDown(deleted);
    const remove = await t.app.inject({ method: 'DELETE', url: `/api/monitors/${deleted}`, headers: bearer(multi, '1001') });
    expect(remove.statusCode, remove.body).toBe(200);
    expect(
      await t.db.selectFrom('incidents').select(['status', 'resolved_note']).where('id', '=', deletedIncident.id).executeTakeFirstOrThrow(),
    ).toEqual({ status: 'resolved', resolved_note: 'The monitor was deleted, so nothing checks it any more.' });

    // The scheduler's incidents mail (no notifier here), the endings do not: no 'resolved' notification queued.
    const notifications = await t.db
      .selectFrom('jobs')
      .select('payload')
      .where('queue', '=', 'incident-notify')
      .where(sql<boolean>`payload->>'incidentId' in (${pausedIncident.id}, ${deletedIncident.id})`)
      .execute();
    expect(notifications.map((j) => (j.payload as { change: string }).change).sort()).toEqual(['opened', 'opened']);
  });

  it("names a site's incidents by the site and a monitor of no site's by its host, not 'All sites'", async () => {
    const s = scheduler('solo');
    const ofSite = await create('Of a site');
    const ofNoSite = await create('Of no site', '/', null);
    failing = true;
    for (let i = 0; i < 2; i++) {
      await makeDue([ofSite, ofNoSite]);
      await s.drain();
    }
    failing = false;
    const labels = async (id: string) =>
      (await t.app.inject({ url: `/api/monitors/${id}/incidents`, headers: bearer(multi, '1001') }))
        .json()
        .map((i: { scopeLabel: string; siteName: string | null }) => [i.scopeLabel, i.siteName]);
    expect(await labels(ofSite)).toEqual([['Northwind News', 'Northwind News']]);
    expect(await labels(ofNoSite)).toEqual([['127.0.0.1', null]]);
    for (const id of [ofSite, ofNoSite])
      await t.app.inject({ method: 'DELETE', url: `/api/monitors/${id}`, headers: bearer(multi, '1001') });
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

  it('stores a batch in one write: only slots still held are stored, rollups add up to existing rows', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push(await create(`Batch ${i}`, `/batch/${i}`));
    await makeDue(ids);
    const claimed = (await monitorScheduleRepo(t.db).claimDue('batcher', 50, 0, 30)).filter((m) => ids.includes(m.id));
    expect(claimed).toHaveLength(3);
    // Another process took the third slot over after a lease expiry: its late result must not be stored.
    await t.db.updateTable('monitors').set({ lease_owner: 'other' }).where('id', '=', ids[2]!).execute();
    const at = new Date();
    const hour = new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
    await t.db
      .insertInto('monitor_rollups')
      .values({ monitor_id: ids[0]!, grain: 'hour', bucket: hour, checks: 2, up_checks: 1, sum_ms: 40, histogram: [0, 2] })
      .execute();
    const stored = await monitorScheduleRepo(t.db).completeMany(
      'batcher',
      // By id, not by position: the claim returns its rows in no particular order (equal slots).
      claimed.map((m) => ({
        monitorId: m.id,
        owner: 'batcher',
        slot: m.next_check_at,
        next: new Date(Date.now() + 60_000),
        at,
        ok: m.id !== ids[1],
        httpStatus: m.id !== ids[1] ? 200 : 503,
        totalMs: 1,
        dnsMs: null,
        connectMs: 0.4,
        tlsMs: null,
        firstByteMs: 1,
        keywordFound: null,
        certExpiresAt: null,
        error: m.id !== ids[1] ? null : 'it\'s down, "quoted", {braced}',
        status: m.id !== ids[1] ? 'up' : 'pending',
        consecutiveFailures: m.id !== ids[1] ? 0 : 1,
        certWarning: false,
      })),
    );
    expect([...stored].sort()).toEqual([ids[0], ids[1]].sort());
    const rows = await t.db
      .selectFrom('monitor_results')
      .select(['monitor_id', 'ok', 'error', 'connect_ms'])
      .where('monitor_id', 'in', ids)
      .execute();
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.monitor_id === ids[1])).toMatchObject({ ok: false, error: 'it\'s down, "quoted", {braced}', connect_ms: 0 });
    const monitors = await t.db
      .selectFrom('monitors')
      .select(['id', 'status', 'lease_owner', 'last_error'])
      .where('id', 'in', ids)
      .execute();
    expect(monitors.find((m) => m.id === ids[1])).toMatchObject({
      status: 'pending',
      lease_owner: null,
      last_error: expect.stringContaining('quoted'),
    });
    expect(monitors.find((m) => m.id === ids[2])).toMatchObject({ status: 'pending', lease_owner: 'other' });
    const rollup = await t.db
      .selectFrom('monitor_rollups')
      .selectAll()
      .where('monitor_id', '=', ids[0]!)
      .where('grain', '=', 'hour')
      .executeTakeFirstOrThrow();
    // The existing row's two checks plus this one; its two-bucket histogram is widened, not cut.
    expect({ ...rollup, sum_ms: Number(rollup.sum_ms) }).toMatchObject({ checks: 3, up_checks: 2, sum_ms: 41 });
    expect(rollup.histogram.reduce((a, b) => a + b, 0)).toBe(3);
    expect(rollup.histogram.length).toBeGreaterThan(2);
  });

  it('a batch that cannot be written is stored check by check: one failing state change loses only its own result', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push(await create(`Fallback ${i}`, `/fallback/${i}`));
    // Every monitor is down after this check (retries already used); opening the first one's incident fails.
    await t.db.updateTable('monitors').set({ consecutive_failures: 1, status: 'up' }).where('id', 'in', ids).execute();
    await makeDue(ids);
    failing = true;
    const reported: string[] = [];
    const s = createMonitorScheduler({
      db: t.db,
      fetch,
      incidents: {
        report: async (r) => {
          if (r.key === `monitor:${ids[0]}:down`) throw new Error('incident store unavailable');
          reported.push(r.key);
          return { id: '00000000-0000-0000-0000-000000000000', change: 'opened' };
        },
        resolveByKey: async () => false,
      },
      log: pino({ level: 'silent' }),
      concurrency: 50,
      rawRetentionDays: 7,
      rollupRetentionDays: 400,
      owner: 'fallback',
      lookaheadMs: 0,
    });
    await s.drain();
    failing = false;
    const rows = await resultsOf(ids);
    expect(rows.map((r) => r.monitor_id).sort()).toEqual(ids.slice(1).sort());
    expect([...new Set(reported)].sort()).toEqual(
      ids
        .slice(1)
        .map((id) => `monitor:${id}:down`)
        .sort(),
    );
    // The failed one keeps its lease and slot: after the lease it is checked again, not lost.
    const first = await t.db.selectFrom('monitors').select(['status', 'lease_owner']).where('id', '=', ids[0]!).executeTakeFirstOrThrow();
    expect(first).toMatchObject({ status: 'up', lease_owner: 'fallback' });
  });

  it('keeps the phase: the next slot is the first future one, missed slots are not replayed', () => {
    const slot = new Date('2026-01-01T00:00:07Z');
    expect(nextSlot(slot, 60, slot.getTime() + 500).toISOString()).toBe('2026-01-01T00:01:07.000Z');
    expect(nextSlot(slot, 60, slot.getTime() + 10 * 60_000 + 1).toISOString()).toBe('2026-01-01T00:11:07.000Z');
  });

  it('gives a monitor a phase of its own after its first check: a point of the next interval, not one interval on', () => {
    const slot = new Date('2026-01-01T00:00:07Z');
    const offsets = [0, 0.25, 0.5, 0.999999].map((r) => (slotAfterFirstCheck(slot, 3600, r).getTime() - slot.getTime()) / 1000);
    expect(offsets).toEqual([3600, 2700, 1800, 1]);
    // Monitors checked first in the same second end up spread over the hour.
    const spread = Array.from({ length: 50 }, () => slotAfterFirstCheck(slot, 3600).getTime() - slot.getTime());
    expect(Math.max(...spread) - Math.min(...spread)).toBeGreaterThan(10 * 60_000);
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
