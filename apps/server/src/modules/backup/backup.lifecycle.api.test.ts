import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { shiftDays, todayIn } from '@pc/contracts';
import { runningEmbeddedUrl } from '../../db/embedded-postgres';
import { DEMO_EMAILS, DEMO_PASSWORD } from '../../demo/demo-data';
import { reportPath } from '../../../test/reports/report-path';
import { roundedForCompare } from '../../../test/reports/test-facts';
import { startServerProcess, type ServerProcess } from '../../../test/server-process';

/**
 * The embedded default (PostgreSQL and DuckDB under DATA_DIR) backed up by the CLI while the
 * real server runs, restored into an empty DATA_DIR, and a server started on it: the same users,
 * report totals, ads.txt revisions and payments.
 */
const run = promisify(execFile);
/** The last day of the compared report: the demo's facts end yesterday (UTC) when the test starts. */
const REPORT_TO = shiftDays(todayIn('UTC', new Date()), -1);
const repoRoot = path.resolve(import.meta.dirname, '../../../../..');
const EMBEDDED = { DATABASE_URL: '', CLICKHOUSE_URL: '' };
const started: ServerProcess[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const s of started) await s.stop('SIGKILL').catch(() => undefined);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}, 60_000);

const tempDir = (name: string) => {
  const d = mkdtempSync(path.join(os.tmpdir(), `pc-${name}-`));
  chmodSync(d, 0o755);
  dirs.push(d);
  return d;
};
const cli = (dataDir: string, ...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...EMBEDDED, DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn' },
    timeout: 300_000,
  });

/** What must come back: read through the server's own cluster and its API. */
async function facts(s: ServerProcess) {
  const client = new pg.Client({ connectionString: runningEmbeddedUrl(s.dataDir)! });
  await client.connect();
  const rows = async (q: string) => (await client.query(q)).rows as unknown[];
  const db = {
    users: await rows('SELECT email, publisher_scope, admin_access, password_hash FROM users ORDER BY email'),
    revisions: await rows('SELECT * FROM adstxt_revisions ORDER BY id'),
    payments: await rows('SELECT * FROM payments ORDER BY id'),
  };
  await client.end();
  const signIn = await fetch(`${s.base}/api/identity/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAILS.admin, password: DEMO_PASSWORD }),
  });
  const { idToken } = (await signIn.json()) as { idToken: string };
  // A report over fixed days, not the home summary: that one is relative to today, and a run that
  // crosses midnight UTC between the two reads would compare different days.
  const query = reportPath({
    reportType: 'revenue',
    publisherId: '1001',
    dateFrom: shiftDays(REPORT_TO, -29),
    dateTo: REPORT_TO,
    dimensions: 'sites',
    metrics: 'impressions,revenue,eCpm',
    interval: 'Day',
  });
  const report = await fetch(`${s.base}${query}`, {
    headers: { authorization: `Bearer ${idToken}`, 'publisher-scope': '1001' },
  });
  expect(report.status).toBe(200);
  const reportAnswer = (await report.json()) as { totalRows: number };
  expect(reportAnswer.totalRows).toBeGreaterThan(0);
  return { ...db, report: reportAnswer };
}

describe('backup and restore of the embedded default', () => {
  it('backs up while the server runs; a restore into an empty DATA_DIR gives back the same data', async () => {
    const source = await startServerProcess({
      name: 'backup-src',
      keepData: true,
      args: ['--demo'],
      env: EMBEDDED,
      readyTimeoutMs: 400_000,
    });
    started.push(source);
    dirs.push(source.dataDir);
    // The demo has no ads.txt revisions: two, as the editor would save them.
    const client = new pg.Client({ connectionString: runningEmbeddedUrl(source.dataDir)! });
    await client.connect();
    await client.query(`INSERT INTO adstxt_domains (id, publisher_id, domain_name) VALUES ('backup-domain', '1001', 'backup.example')`);
    await client.query(
      `INSERT INTO adstxt_revisions (domain_id, content, lines_added) VALUES ('backup-domain', 'a.com, 1, DIRECT', 1), ('backup-domain', 'a.com, 1, DIRECT\nb.com, 2, RESELLER', 1)`,
    );
    await client.end();
    const before = await facts(source);
    expect(before.users.length).toBeGreaterThan(3);
    expect(before.revisions.length).toBeGreaterThan(0);
    expect(before.payments.length).toBeGreaterThan(0);

    const backupDir = path.join(tempDir('backup'), 'copy');
    const out = await cli(source.dataDir, 'backup', backupDir);
    expect(out.stdout).toContain('report stores included');
    // The server kept running through it.
    expect((await fetch(`${source.base}/readyz`)).status).toBe(200);
    await source.stop();

    const target = tempDir('restored');
    await cli(target, 'restore', backupDir);
    // Into a folder that holds data already: refused.
    await expect(cli(target, 'restore', backupDir)).rejects.toThrow(/not empty/);
    const restored = await startServerProcess({ name: 'backup-dst', dataDir: target, env: EMBEDDED, readyTimeoutMs: 300_000 });
    started.push(restored);
    const after = await facts(restored);
    expect(after.users).toEqual(before.users);
    expect(after.revisions).toEqual(before.revisions);
    expect(after.payments).toEqual(before.payments);
    // To 12 significant digits: DuckDB sums doubles on several threads, in no fixed order.
    expect(roundedForCompare(after.report)).toEqual(roundedForCompare(before.report));
    await restored.stop();
  }, 1_200_000);
});
