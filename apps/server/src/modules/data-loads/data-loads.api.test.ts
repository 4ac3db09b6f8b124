import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import { recordedIngest, recordedIngestFile } from './data-loads.service';

// Report data loads: every ingestion of report facts is recorded with its rows
// or its rejected rows and reasons, and the console reads them at /api/admin/data-loads.
let t: TestApp;
let dir: string;
let admin: string;
const HEADER = 'kind,date,publisher_id,site_id,product_type,size,brand,deal_name,deal_id,imp_requests,impressions,revenue,net_revenue';
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t.app, DEMO.admin)).idToken;
  dir = await mkdtemp(join(tmpdir(), 'data-loads-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await t.close();
});

const list = (token: string, query = '') => t.app.inject({ method: 'GET', url: `/api/admin/data-loads${query}`, headers: bearer(token) });

describe('data loads', () => {
  it('records an applied file with its rows, and a rejected file with each bad row and why, applying nothing', async () => {
    const good = join(dir, 'revenue-2024-05-01.csv');
    await writeFile(
      good,
      [
        HEADER,
        'requests,2024-05-01,1001,5001,Display,,,,,1000,,,',
        'sales,2024-05-01,1001,5001,Display,300x250,Acme,,,,400,2.50,2.00',
      ].join('\n'),
    );
    expect(await recordedIngestFile(t.db, t.built.engine, 'revenue', good)).toMatchObject({ rowsApplied: 2, daysReplaced: 1, errors: [] });

    const bad = join(dir, 'revenue-2024-05-02.csv');
    await writeFile(
      bad,
      [
        HEADER,
        'requests,2024-05-02,1001,5001,Display,,,,,1000,,,',
        'sales,2024-05-31x,1001,5001,Display,300x250,Acme,,,,400,2.50,2.00',
        'sales,2024-05-02,1001,5001,Display,300x250,Acme,,,,-4,2.50,2.00',
      ].join('\n'),
    );
    const outcome = await recordedIngestFile(t.db, t.built.engine, 'revenue', bad);
    expect(outcome.rowsApplied).toBe(0);
    expect(outcome.errors.length).toBeGreaterThanOrEqual(2);

    const res = await list(admin);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const [rejected, applied] = body.runs as Record<string, unknown>[];
    expect(rejected).toMatchObject({ source: 'revenue-2024-05-02.csv', via: 'cli', status: 'rejected', rowsApplied: 0, rejectedRows: 2 });
    expect((rejected!.errors as { line: number }[]).map((e) => e.line)).toEqual(expect.arrayContaining([3, 4]));
    expect(applied).toMatchObject({
      source: 'revenue-2024-05-01.csv',
      status: 'applied',
      rowsApplied: 2,
      daysReplaced: 1,
      rejectedRows: 0,
    });
    // The newest load per report type is the rejected one: that is what needs attention.
    expect(body.latest).toEqual([expect.objectContaining({ reportType: 'revenue', status: 'rejected' })]);
    expect((await list(admin, '?status=applied')).json().runs).toEqual([expect.objectContaining({ source: 'revenue-2024-05-01.csv' })]);
  });

  it('loads the optional advertiser_domain and iab_category columns and lists a bad one with its line and reason', async () => {
    const withAttributes = join(dir, 'revenue-attributes.csv');
    await writeFile(
      withAttributes,
      [
        `${HEADER},advertiser_domain,iab_category`,
        'sales,2024-05-03,1001,5001,Display,300x250,Acme,,,,400,2.50,2.00,Acme.com,30',
        'sales,2024-05-03,1001,5001,Display,728x90,Acme,,,,100,1.00,0.50,,',
      ].join('\n'),
    );
    expect(await recordedIngestFile(t.db, t.built.engine, 'revenue', withAttributes)).toMatchObject({ rowsApplied: 2, errors: [] });
    expect(await t.built.engine.salesByAttribute('1001', '2024-05-03', '2024-05-03', 'advertiser_domain')).toEqual([
      { siteId: '5001', value: '', netRevenue: 0.5, impressions: 100 },
      { siteId: '5001', value: 'acme.com', netRevenue: 2, impressions: 400 },
    ]);
    const badDomain = join(dir, 'revenue-bad-domain.csv');
    await writeFile(
      badDomain,
      [`${HEADER},advertiser_domain`, 'sales,2024-05-04,1001,5001,Display,300x250,Acme,,,,400,2.50,2.00,https://acme.com/'].join('\n'),
    );
    await recordedIngestFile(t.db, t.built.engine, 'revenue', badDomain);
    const runs = (await list(admin)).json().runs as { source: string; status: string; errors: { line: number; message: string }[] }[];
    expect(runs.find((r) => r.source === 'revenue-attributes.csv')).toMatchObject({ status: 'applied' });
    expect(runs.find((r) => r.source === 'revenue-bad-domain.csv')).toMatchObject({
      status: 'rejected',
      errors: [{ line: 2, message: 'advertiser_domain must be a domain such as advertiser.com (no scheme, path or port)' }],
    });
  });

  it('records an engine failure and rethrows it; a file of the wrong type is rejected as a whole', async () => {
    await expect(
      recordedIngest(t.db, { reportType: 'recirculation', source: 'feed.ndjson', via: 'api' }, () =>
        Promise.reject(new Error('disk full')),
      ),
    ).rejects.toThrow('disk full');
    await recordedIngestFile(t.db, t.built.engine, 'recirculation', join(dir, 'facts.txt'));
    const runs = (await list(admin, '?reportType=recirculation')).json().runs as Record<string, unknown>[];
    expect(runs[0]).toMatchObject({
      source: 'facts.txt',
      status: 'rejected',
      errors: [{ line: 0, message: 'Use a .csv, .ndjson or .jsonl file.' }],
    });
    expect(runs[1]).toMatchObject({ source: 'feed.ndjson', via: 'api', status: 'failed', errors: [{ line: 0, message: 'disk full' }] });
  });

  it('is for admins only: staff without admin access, publishers and anonymous callers are refused', async () => {
    expect((await list((await signIn(t.app, DEMO.staff)).idToken)).statusCode).toBe(403);
    expect((await list((await signIn(t.app, DEMO.multi)).idToken)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/data-loads' })).statusCode).toBe(401);
    expect((await list(admin, '?status=nope')).statusCode).toBe(400);
  });
});
