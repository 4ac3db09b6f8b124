import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { monitorResultsPartitionsRepo, utcDay } from './monitor-results-partitions.repo';
import { monitorScheduleRepo } from './monitor-schedule.repo';
import { expireMonitorResults } from './monitor-retention';

/**
 * Raw results at the product's scale: 10,000 monitors at 60 s write 14.4 M rows a day, and the
 * old retention removed 10,000 rows a pass (1.44 M a day). One pass must remove every row older
 * than the window however many there are, and keep the rest.
 */
let t: TestApp;
const DAY = 86_400_000;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const count = async (where: ReturnType<typeof sql>) =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM monitor_results WHERE ${where}`.execute(t.db)).rows[0]!.n);

/** `n` results spread over [from, to), for `monitors` monitors (one row a monitor a slot). */
async function insertResults(monitors: string[], from: number, to: number, n: number) {
  const step = (to - from) / Math.ceil(n / monitors.length);
  await sql`
    INSERT INTO monitor_results (monitor_id, scheduled_at, at, ok, http_status, total_ms)
    SELECT m.id, to_timestamp((${from}::float8 + s * ${step}::float8) / 1000), to_timestamp((${from}::float8 + s * ${step}::float8 + 40) / 1000),
      true, 200, 50
    FROM unnest(${monitors}::uuid[]) AS m(id), generate_series(0, ${Math.ceil(n / monitors.length) - 1}) AS s`.execute(t.db);
}

describe('raw monitor results retention', () => {
  it('one pass removes 250,000 rows older than the window and keeps the newer ones', async () => {
    const publisher = await t.db.selectFrom('sites').select(['id', 'publisher_id']).executeTakeFirstOrThrow();
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const row = await t.db
        .insertInto('monitors')
        .values({
          publisher_id: publisher.publisher_id,
          site_id: publisher.id,
          name: `Load ${i}`,
          url: `https://load-${i}.example/`,
          method: 'GET',
          retries: 0,
          interval_seconds: 60,
          timeout_seconds: 5,
          accepted_status_codes: ['200-299'],
          keyword_mode: 'contains',
          cert_expiry_days: 0,
          follow_redirects: true,
          notify_emails: [],
          next_check_at: new Date(Date.now() + DAY),
          paused: true,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const now = Date.now();
    const windowDays = 7;
    // The past days' partitions, as the scheduler would have created them while the results came in.
    await monitorResultsPartitionsRepo(t.db).ensure(new Date(now - 12 * DAY), new Date(now));
    const firstKeptDay = utcDay(now - windowDays * DAY).getTime();
    // 250,000 rows in the days before the window, plus some far older (no day of their own).
    await insertResults(ids, firstKeptDay - 4 * DAY, firstKeptDay, 250_000);
    await insertResults(ids, now - 60 * DAY, now - 50 * DAY, 5_000);
    // Newer ones: the window's days up to now.
    await insertResults(ids, firstKeptDay + 1, now - 1000, 20_000);
    const before = await count(sql`scheduled_at >= ${new Date(firstKeptDay)}`);
    expect(await count(sql`scheduled_at < ${new Date(firstKeptDay)}`)).toBeGreaterThanOrEqual(255_000);

    await monitorScheduleRepo(t.db).expire(new Date(now - windowDays * DAY), new Date(now - 400 * DAY));

    expect(await count(sql`scheduled_at < ${new Date(firstKeptDay)}`)).toBe(0);
    expect(await count(sql`scheduled_at >= ${new Date(firstKeptDay)}`)).toBe(before);
    // Nothing within the window itself is touched.
    expect(await count(sql`scheduled_at >= ${new Date(now - windowDays * DAY)}`)).toBeGreaterThan(0);
  }, 120_000);

  it("keeps each publisher's results for its plan's data.retention_days, deleting only what crossed its cutoff since the last pass", async () => {
    const now = Date.now();
    const monitorOf = async (publisherId: string) =>
      (
        await sql<{ id: string }>`INSERT INTO monitors (publisher_id, name, url, method, retries, interval_seconds, timeout_seconds,
          accepted_status_codes, keyword_mode, cert_expiry_days, follow_redirects, notify_emails, next_check_at, paused)
          VALUES (${publisherId}, 'Kept', 'https://kept.example/', 'GET', 0, 300, 5, '{200-299}', 'contains', 0, true, '{}', now(), true)
          RETURNING id`.execute(t.db)
      ).rows[0]!.id;
    // Only this test's rows: the load test above left results of its own monitors.
    await sql`DELETE FROM monitor_results`.execute(t.db);
    const short = await monitorOf('1001');
    const standard = await monitorOf('1002');
    await monitorResultsPartitionsRepo(t.db).ensure(new Date(now - 13 * DAY), new Date(now));
    for (const id of [short, standard])
      for (const age of [1, 5, 12])
        await sql`INSERT INTO monitor_results (monitor_id, scheduled_at, at, ok, total_ms)
          VALUES (${id}, ${new Date(now - age * DAY)}, ${new Date(now - age * DAY)}, true, 5)`.execute(t.db);
    const ages = async (id: string) =>
      (
        await t.db
          .selectFrom('monitor_results')
          .select('scheduled_at')
          .where('monitor_id', '=', id)
          .orderBy('scheduled_at', 'desc')
          .execute()
      ).map((r) => Math.round((now - r.scheduled_at.getTime()) / DAY));
    const retain = (publisherId: string, days: number) =>
      t.db
        .insertInto('feature_flag_overrides')
        .values({ flag_key: 'data.retention_days', publisher_id: publisherId, value: JSON.stringify(days) })
        .onConflict((oc) => oc.columns(['flag_key', 'publisher_id']).doUpdateSet({ value: JSON.stringify(days) }))
        .execute();
    await retain('1001', 3);
    const pass = () => expireMonitorResults(t.db, { fallbackDays: 7, rollupDays: 400, now });

    // 1002 keeps the flag's default (90 days): the partitions stay; 1001's older rows go by key.
    expect(await pass()).toMatchObject({ longestDays: 90, deleted: 2 });
    expect(await ages(short)).toEqual([1]);
    expect(await ages(standard)).toEqual([1, 5, 12]);
    // The next pass starts where this one stopped: nothing new crossed a cutoff.
    expect((await pass()).deleted).toBe(0);
    // A smaller plan for 1002: its backlog goes at the next pass.
    await retain('1002', 7);
    expect((await pass()).deleted).toBe(1);
    expect(await ages(standard)).toEqual([1, 5]);
  });
});
