import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import { createGuardedFetch, type GuardedFetch } from '../../lib/outbound/guarded-fetch';
import { startLocalTestServer, type LocalTestServer } from '../../../test/local-test-server';

// Alert storms: past UPTIME_DIGEST_THRESHOLD changes in a window, one publisher's
// further monitor changes are held and mailed as one digest per address. Real scheduler, real
// job workers, real outbox rows.
let t: TestApp;
let target: LocalTestServer;
let monitorsFetch: GuardedFetch;
let multi: string;
let failing = false;

beforeAll(async () => {
  target = await startLocalTestServer((_req, res) => (failing ? res.writeHead(503).end('down') : res.writeHead(200).end('ok')));
  monitorsFetch = createGuardedFetch({ allowHosts: ['127.0.0.1'] });
  t = await createTestApp(
    {
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
      UPTIME_MIN_INTERVAL_SECONDS: '30',
      UPTIME_DIGEST_THRESHOLD: '2',
      UPTIME_DIGEST_WINDOW_SECONDS: '60',
    },
    { monitorsFetch },
  );
  multi = (await signIn(t.app, DEMO.multi)).idToken;
  // Outside alert recipients confirmed their link earlier (monitor-recipients.api.test.ts covers the link).
  await t.db
    .insertInto('monitor_recipients')
    .values(['storm@northwind.example'].map((email) => ({ publisher_id: '1001', email, token_hash: null, confirmed_at: new Date() })))
    .execute();
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
  await monitorsFetch.close();
});

const create = async (name: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/monitors',
    headers: bearer(multi, '1001'),
    payload: {
      name,
      url: target.url('127.0.0.1', `/${encodeURIComponent(name)}`),
      siteId: '5001',
      intervalSeconds: 60,
      timeoutSeconds: 5,
      retries: 0,
      acceptedStatusCodes: ['200-299'],
      certExpiryDays: 0,
      notifyEmails: ['storm@northwind.example'],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
};
const checkNow = async (ids: string[]) => {
  await t.db
    .updateTable('monitors')
    .set({ next_check_at: sql`now() - interval '1 millisecond'` })
    .where('id', 'in', ids)
    .execute();
  await t.built.monitorScheduler.drain();
};
const mailsTo = (to: string) =>
  t.db.selectFrom('outbox').select(['subject', 'text_body']).where('to_address', '=', to).orderBy('id').execute();
const digestJobs = () =>
  t.db.selectFrom('jobs').select(['id', 'status', 'run_after']).where('queue', '=', 'monitor-digest').orderBy('id').execute();
const deliver = async () => {
  while ((await t.built.workers.monitorNotifications.drain()) > 0);
};
/** The digest's window has passed. */
const windowEnds = async () => {
  await t.db
    .updateTable('jobs')
    .set({ run_after: new Date() })
    .where('queue', '=', 'monitor-digest')
    .where('status', '=', 'queued')
    .execute();
  while ((await t.built.workers.monitorDigests.drain()) > 0);
  await deliver();
};

describe('monitor alert digest', () => {
  it('mails the first changes one by one, then one digest per address listing the rest', async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 5; i++) ids.push(await create(`Storm ${i}`));
    await checkNow(ids); // all up: a first success is no change
    failing = true;
    await checkNow(ids); // five monitors down at once
    failing = false;

    const alerts = await t.db.selectFrom('monitor_alerts').select(['held', 'recipients']).where('publisher_id', '=', '1001').execute();
    expect(alerts.map((a) => a.held).sort()).toEqual([false, false, true, true, true]);
    expect(alerts[0]!.recipients).toEqual(expect.arrayContaining(['storm@northwind.example', DEMO.multi]));
    // One digest job for the whole storm, due at the window's end, not now.
    const [job, ...more] = await digestJobs();
    expect(more).toHaveLength(0);
    expect(job!.run_after.getTime()).toBeGreaterThan(Date.now() + 50_000);

    await deliver();
    const individual = await mailsTo('storm@northwind.example');
    expect(individual).toHaveLength(2);
    expect(individual.every((m) => / is down$/.test(m.subject))).toBe(true);

    await windowEnds();
    const all = await mailsTo('storm@northwind.example');
    expect(all).toHaveLength(3);
    const digest = all[2]!;
    expect(digest.subject).toBe('Partners Center: 3 monitor changes (3 down)');
    const listed = ids.filter((_, i) => digest.text_body.includes(`Storm ${i + 1} (`));
    expect(listed).toHaveLength(3);
    // Exactly the monitors not mailed one by one, each once.
    const mailedAlone = individual.map((m) => m.subject.replace('Partners Center: ', '').replace(' is down', ''));
    expect(mailedAlone.some((n) => digest.text_body.includes(`${n} (`))).toBe(false);
    expect(digest.text_body).toContain('status 503 is not an accepted status');
    // The publisher's user got the same: two alone, one digest; nothing else about these monitors.
    const user = (await mailsTo(DEMO.multi)).filter((m) => /Storm|monitor changes/.test(m.subject));
    expect(user.map((m) => m.subject)).toEqual(all.map((m) => m.subject));
    expect(
      await t.db.selectFrom('monitor_alerts').select('id').where('held', '=', true).where('digested_at', 'is', null).execute(),
    ).toHaveLength(0);
  });

  it('while the storm goes on, the next held change queues the next digest; a second run sends nothing twice', async () => {
    const before = (await mailsTo('storm@northwind.example')).length;
    const [id] = await t.db.selectFrom('monitors').select('id').where('name', '=', 'Storm 1').execute();
    await checkNow([id!.id]); // recovers, still inside the window: held
    const queued = (await digestJobs()).filter((j) => j.status === 'queued');
    expect(queued).toHaveLength(1);
    await windowEnds();
    await windowEnds();
    const after = await mailsTo('storm@northwind.example');
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)!.subject).toBe('Partners Center: 1 monitor change (1 up again)');
    expect(after.at(-1)!.text_body).toContain('Storm 1 (');
    expect(after.at(-1)!.text_body).toContain('is up again');
  });
});
