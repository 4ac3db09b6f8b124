import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { shiftDays, todayIn } from '@pc/contracts';
import { DEMO } from '../../test/test-app';
import { reportPath, type ReportPathQuery } from '../../test/reports/report-path';
import { describeSharedClickHouse } from '../../test/scale/two-processes.clickhouse-cases';
import { RATE_LIMIT, chdb, get, signIn, useTwoProcesses } from '../../test/scale/two-processes.harness';

// The last two days: a report range inside the 13 months of history every plan keeps, whatever the date.
const yesterday = shiftDays(todayIn('UTC', new Date()), -1);

// Two server processes on one PostgreSQL and one ClickHouse; the set-up and why
// are in two-processes.harness.ts, the ClickHouse cases in two-processes.clickhouse-cases.ts.
const procs = useTwoProcesses();

// Without chDB there is no shared fact store, and the second process refuses to start (two-processes.harness.ts).
describe.skipIf(!chdb)('two server processes on one PostgreSQL', () => {
  it('a session started on one process works on the other', async () => {
    const token = await signIn(procs.a.base, DEMO.single);
    const res = await get(procs.b.base, '/api/personal-info', token);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { email: string }).email).toBe(DEMO.single);
    expect((await get(procs.b.base, '/api/publisher-details?publisher=1002', token, '1002')).status).toBe(200);
  });

  it('a password changed on one process ends the old sessions on the other', async () => {
    const old = await signIn(procs.b.base, DEMO.multi);
    expect((await get(procs.b.base, '/api/personal-info', old)).status).toBe(200);
    const fresh = await signIn(procs.a.base, DEMO.multi);
    const changed = await fetch(`${procs.a.base}/api/identity/password`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${fresh}`, 'content-type': 'application/json' },
      body: JSON.stringify({ newPassword: 'another-pass-2026' }),
    });
    expect(changed.status).toBe(200);
    // LISTEN/NOTIFY reaches the other process at once; allow it a moment on a loaded machine.
    await expect.poll(async () => (await get(procs.b.base, '/api/personal-info', old)).status, { timeout: 5_000, interval: 200 }).toBe(401);
    expect(await signIn(procs.b.base, DEMO.multi, 'another-pass-2026')).toEqual(expect.any(String));
  });

  it("a monitor's check is scheduled once, not once per process", async () => {
    const token = await signIn(procs.a.base, DEMO.single);
    const created = await fetch(`${procs.a.base}/api/monitors`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'publisher-scope': '1002', 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Two-process check',
        url: procs.target.url('127.0.0.1', '/two-processes'),
        method: 'GET',
        siteId: '5101',
        intervalSeconds: 300,
        timeoutSeconds: 10,
        retries: 0,
        acceptedStatusCodes: ['200-299'],
        keyword: null,
        keywordMode: 'contains',
        certExpiryDays: 14,
        followRedirects: true,
        notifyEmails: [],
      }),
    });
    expect(created.status).toBeLessThan(300);
    const monitorId = ((await created.json()) as { id: string }).id;
    const hits = () => procs.target.requests.filter((r) => r.endsWith('/two-processes')).length;
    // Both schedulers poll the same table: the first check comes within seconds.
    await expect.poll(hits, { timeout: 30_000, interval: 250 }).toBeGreaterThanOrEqual(1);
    await new Promise((r) => setTimeout(r, 5_000));
    // Only one process runs each slot: every request the target saw is one stored result of its own
    // slot. (The slot after a first check is a random point of the next interval, as soon as 1 s
    // later, so the count of requests alone may be 2 without any slot running twice.) A slot run by
    // both processes would be two requests and one result: its second completion is refused.
    const client = new pg.Client({ connectionString: procs.database.url });
    await client.connect();
    try {
      const slots = async () => {
        const { rows } = await client.query<{ n: number; slots: number }>(
          'SELECT count(*)::int AS n, count(DISTINCT scheduled_at)::int AS slots FROM monitor_results WHERE monitor_id = $1',
          [monitorId],
        );
        return rows[0]!;
      };
      // A result is written a moment after its request (in batches).
      await expect.poll(async () => (await slots()).n === hits(), { timeout: 10_000, interval: 250 }).toBe(true);
      const stored = await slots();
      expect(stored.slots).toBe(stored.n);
      expect(stored.n).toBeLessThanOrEqual(2);
    } finally {
      await client.end();
    }
  });

  it('a rate limit counts requests to both processes against one limit', async () => {
    // Invitation previews are limited per caller (IP) and route; both processes see 127.0.0.1.
    const preview = (base: string) =>
      fetch(`${base}/api/invitations/preview`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token: 'x'.repeat(43) }),
      }).then(async (res) => {
        await res.arrayBuffer();
        return res.status;
      });
    const statuses: number[] = [];
    for (let i = 0; i < RATE_LIMIT; i++) statuses.push(await preview(i % 2 === 0 ? procs.a.base : procs.b.base));
    // Each process saw about half the limit: with per-process counters neither would refuse yet.
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect(await preview(procs.a.base)).toBe(429);
    expect(await preview(procs.b.base)).toBe(429);
  });

  it("a publisher's details changed on one process are served fresh by the other at once", async () => {
    const token = await signIn(procs.a.base, DEMO.single);
    const details = async (base: string) => {
      const res = await get(base, '/api/publisher-details?publisher=1002', token, '1002');
      expect(res.status).toBe(200);
      return (await res.json()) as { company: Record<string, string> };
    };
    // B caches the details (for up to a minute: only NOTIFY can make it see the change sooner).
    const before = await details(procs.b.base);
    expect((await details(procs.b.base)).company.city).toBe(before.company.city);
    const city = `Two-process city ${Date.now()}`;
    const saved = await fetch(`${procs.a.base}/api/publisher-details/company`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'publisher-scope': '1002', 'content-type': 'application/json' },
      body: JSON.stringify({ ...before.company, city }),
    });
    expect(saved.status).toBe(200);
    await expect.poll(async () => (await details(procs.b.base)).company.city, { timeout: 3_000, interval: 100 }).toBe(city);
  });

  describeSharedClickHouse(procs);

  // Last: it kills process A.
  it('an export whose process is killed mid-way is finished by the other, into exactly one file', async () => {
    const token = await signIn(procs.a.base, DEMO.single);
    const query: ReportPathQuery = {
      reportType: 'revenue',
      publisherId: '1002',
      dateFrom: shiftDays(yesterday, -1),
      dateTo: yesterday,
      dimensions: 'sites',
      metrics: 'impressions,revenue',
      interval: 'Cumulative',
      exportReportToFile: 'true',
    };
    const dir = path.join(procs.exportsDir, '1002');
    const files = () => (existsSync(dir) ? readdirSync(dir).sort() : []);
    // B is frozen, so A claims the job; A is killed while its partial file is open.
    process.kill(procs.b.pid, 'SIGSTOP');
    let reportId: string;
    try {
      const created = await get(procs.a.base, reportPath(query), token, '1002');
      expect(created.status).toBe(202);
      reportId = ((await created.json()) as { reportId: string }).reportId;
      await expect
        .poll(() => files().filter((f) => f.startsWith(`${reportId}.`) && f.endsWith('.part')).length, { timeout: 30_000 })
        .toBe(1);
      await procs.a.stop('SIGKILL');
    } finally {
      process.kill(procs.b.pid, 'SIGCONT');
    }
    // B takes the job over when A's lease runs out, and finishes it.
    const status = async () => {
      const res = await get(procs.b.base, '/api/partner-center/reports?publisherId=1002', token, '1002');
      const list = (await res.json()) as { id: string; status: string }[];
      return list.find((r) => r.id === reportId)?.status;
    };
    await expect.poll(status, { timeout: 30_000, interval: 250 }).toBe('done');
    expect(files().filter((f) => f.startsWith(`${reportId}.`))).toEqual([`${reportId}.csv`]);
    const file = await get(procs.b.base, reportPath({ ...query, reportId }), token, '1002');
    expect(file.status).toBe(200);
    expect((await file.text()).split('\r\n')[0]).toMatch(/,Impressions,Revenue \(EUR\),/);
    // Two claims of one job: A's (killed), then B's.
    const client = new pg.Client({ connectionString: procs.database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ attempts: number; status: string }>(
        `SELECT attempts, status FROM jobs WHERE payload->>'reportJobId' = $1`,
        [reportId],
      );
      expect(rows).toEqual([{ attempts: 2, status: expect.any(String) }]);
    } finally {
      await client.end();
    }
  });
});
