import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../../demo/demo-data';
import { startServerProcess, type ServerProcess } from '../../../test/server-process';

/**
 * "what it must show": kill -9 of the server's process group in the middle of an export,
 * start again on the same data folder: the server comes up, the export finishes (or is marked
 * failed), exactly one file, never a half file served. The real server (main.ts --demo) on its
 * embedded PostgreSQL, as `npm start` runs it.
 */
const EMBEDDED = { DATABASE_URL: '' };
const started: ServerProcess[] = [];
const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-export-crash-'));
chmodSync(dir, 0o755);
afterAll(async () => {
  for (const s of started) await s.stop('SIGKILL').catch(() => undefined);
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

const signIn = async (base: string): Promise<string> => {
  const res = await fetch(`${base}/api/identity/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAILS.multi, password: DEMO_PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { idToken: string }).idToken;
};
const DAY = 86_400_000;
const noonDaysAgo = (n: number) => Math.floor(Date.now() / DAY) * DAY - n * DAY + DAY / 2;
const reportUrl = (base: string, extra: Record<string, string>) =>
  `${base}/api/partner-center/report?${new URLSearchParams({
    reportType: 'revenue',
    publisherId: '1001',
    dateFrom: String(noonDaysAgo(30)),
    dateTo: String(noonDaysAgo(1)),
    dimensions: 'sites',
    metrics: 'impRequests,impressions,revenue',
    interval: 'Day',
    ...extra,
  }).toString()}`;
const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'publisher-scope': '1001' });
const exportsDir = path.join(dir, 'exports', '1001');
const filesOf = (reportId: string) => (existsSync(exportsDir) ? readdirSync(exportsDir).filter((f) => f.startsWith(reportId)) : []);

describe('kill -9 of the process group mid-export', () => {
  it('comes up again on the same data and finishes the export with exactly one whole file', async () => {
    // The export job pauses with its partial file open, so the kill lands mid-export.
    const first = await startServerProcess({
      name: 'export-crash-1',
      dataDir: dir,
      args: ['--demo'],
      ownProcessGroup: true,
      env: { ...EMBEDDED, REPORT_EXPORT_TEST_PAUSE_MS: '60000', REPORT_EXPORT_LEASE_SECONDS: '3' },
    });
    started.push(first);
    const token = await signIn(first.base);
    const created = await fetch(reportUrl(first.base, { exportReportToFile: 'true' }), { headers: auth(token) });
    const createdBody = (await created.json()) as { reportId: string };
    expect(created.status, JSON.stringify(createdBody)).toBe(202);
    const { reportId } = createdBody;
    const deadline = Date.now() + 60_000;
    while (!filesOf(reportId).some((f) => f.endsWith('.part')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(filesOf(reportId).filter((f) => f.endsWith('.part'))).toHaveLength(1);
    // Not ready yet: the half file is never served.
    expect((await fetch(reportUrl(first.base, { exportReportToFile: 'true', reportId }), { headers: auth(token) })).status).toBe(409);

    first.signalGroup('SIGKILL');
    await first.exited;

    const second = await startServerProcess({
      name: 'export-crash-2',
      dataDir: dir,
      args: ['--demo'],
      ownProcessGroup: true,
      env: { ...EMBEDDED, REPORT_EXPORT_LEASE_SECONDS: '3' },
    });
    started.push(second);
    const token2 = await signIn(second.base); // the users (and their data) survived
    let download: Response | null = null;
    const until = Date.now() + 120_000;
    while (Date.now() < until) {
      const r = await fetch(reportUrl(second.base, { exportReportToFile: 'true', reportId }), { headers: auth(token2) });
      if (r.status !== 409) {
        download = r;
        break;
      }
      await new Promise((res) => setTimeout(res, 500));
    }
    expect(download?.status).toBe(200);
    const body = await download!.text();
    const lines = body.trim().split('\r\n');
    expect(lines[0]).toMatch(/site/i);
    expect(lines.length).toBeGreaterThan(2); // header, rows, totals: a whole file
    expect(filesOf(reportId)).toEqual([`${reportId}.csv`]);
    // The list shows the one report as done, not twice and not failed.
    const list = await fetch(`${second.base}/api/partner-center/reports?publisherId=1001`, { headers: auth(token2) });
    const mine = ((await list.json()) as { id: string; status: string }[]).filter((r) => r.id === reportId);
    expect(mine.map((r) => r.status)).toEqual(['done']);
    await second.stop();
  }, 480_000);
});
