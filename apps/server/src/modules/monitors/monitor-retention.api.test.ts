import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { monitorResultsPartitionsRepo, utcDay } from './monitor-results-partitions.repo';
import { monitorScheduleRepo } from './monitor-schedule.repo';

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
});
