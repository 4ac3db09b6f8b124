import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import { INGEST_LOCK } from './modules/data-loads';

// `npm run cli -- ingest` as an operator runs it, in its own process on the
// test database: exact counts, a clear refusal while another ingestion runs, malformed input
// refused with a reason and a non-zero exit.
const repoRoot = resolve(import.meta.dirname, '../../..');
const HEADER = 'kind,date,publisher_id,site_id,product_type,size,brand,deal_name,deal_id,imp_requests,impressions,revenue,net_revenue';
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(join(tmpdir(), 'cli-ingest-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await database?.drop();
});

const cli = (...args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli.ts', ...args],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: database.url, DATA_DIR: dir, NODE_ENV: 'development', LOG_LEVEL: 'warn' } },
      (err, stdout, stderr) => done({ code: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
    );
  });

const file = async (name: string, lines: string[]) => {
  const path = join(dir, name);
  await writeFile(path, lines.join('\n'));
  return path;
};

describe('ingest CLI', () => {
  it('prints rows read, inserted and skipped', { timeout: 120_000 }, async () => {
    const good = await file('good.csv', [
      HEADER,
      'requests,2024-05-01,1001,5001,Display,,,,,1000,,,',
      'sales,2024-05-01,1001,5001,Display,300x250,Acme,,,,400,2.50,2.00',
    ]);
    const run = await cli('ingest', 'revenue', good);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('rows read: 2, inserted: 2, skipped (bad): 0');
  });

  it('counts 1,000 bad rows exactly, applies nothing and exits non-zero', { timeout: 120_000 }, async () => {
    const rows = Array.from({ length: 1000 }, (_, n) => `sale,2024-05-02,1001,s${n},Display,,,,,1,,,`);
    const run = await cli('ingest', 'revenue', await file('bad.csv', [HEADER, 'requests,2024-05-02,1001,5001,Display,,,,,7,,,', ...rows]));
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('rows read: 1001, inserted: 0, skipped (bad): 1000');
    expect(run.stderr).toContain('line 3: kind must be "requests" or "sales"');
    expect(run.stderr).not.toMatch(/kind kind|undefined/);
    expect(run.stderr).toContain('nothing applied: 1000 bad row(s) of 1001');
  });

  it('refuses a NUL byte with the line and the column', { timeout: 120_000 }, async () => {
    const run = await cli('ingest', 'revenue', await file('nul.csv', [HEADER, 'requests,2024-05-03,10\u000001,5001,Display,,,,,1,,,']));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/line 2: publisher_id contains a NUL byte/);
    expect(run.stdout).toContain('inserted: 0, skipped (bad): 1');
  });

  it('refuses to run while another ingestion holds the lock, and runs once it is released', { timeout: 180_000 }, async () => {
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    const good = await file('later.csv', [HEADER, 'requests,2024-05-04,1001,5001,Display,,,,,5,,,']);
    try {
      await holder.query('select pg_advisory_lock($1::int, $2::int)', [INGEST_LOCK.classId, INGEST_LOCK.objectId]);
      const refused = await cli('ingest', 'revenue', good);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/Another report ingestion is running \(database session \d+/);
      expect(refused.stderr).toContain('Nothing was loaded');
      const { rows } = await holder.query("select count(*)::int as n from report_ingest_runs where source = 'later.csv'");
      expect(rows[0].n).toBe(0);
    } finally {
      await holder.end();
    }
    const run = await cli('ingest', 'revenue', good);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('rows read: 1, inserted: 1, skipped (bad): 0');
  });
});
