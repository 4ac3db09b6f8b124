import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, bearer, createTestApp, signIn, type TestApp } from '../../../test/test-app';
import { withIngestLock } from './ingest-lock';

// The API's ingestion (POST /api/admin/data-loads/:reportType): the CLI's ingestion on a streamed
// request body, recorded under Data loads, one at a time, for admins only.
let t: TestApp;
let admin: string;
const HEADER = 'kind,date,publisher_id,site_id,product_type,size,brand,deal_name,deal_id,imp_requests,impressions,revenue,net_revenue';

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signIn(t.app, DEMO.admin)).idToken;
});
afterAll(async () => {
  await t.close();
});

const upload = (token: string, reportType: string, payload: string | Readable, contentType = 'text/csv', name?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/data-loads/${reportType}`,
    headers: {
      ...bearer(token),
      'content-type': contentType,
      ...(name ? { 'content-disposition': `attachment; filename="${name}"` } : {}),
    },
    payload,
  });

const dayTotals = async (date: string) =>
  (
    await t.built.engine.query({
      reportType: 'revenue',
      publisherId: '1001',
      dateFrom: date,
      dateTo: date,
      dimensions: [],
      metrics: ['impRequests', 'impressions', 'revenue'],
      interval: 'Cumulative',
    })
  ).totals;

describe('POST /api/admin/data-loads/:reportType', () => {
  it('loads a streamed CSV file and an NDJSON file, each recorded as an API load', async () => {
    // Sent in small pieces: the body is read as a stream, not as one buffer.
    const csv = [
      HEADER,
      'requests,2024-07-01,1001,5001,Display,,,,,1000,,,',
      'sales,2024-07-01,1001,5001,Display,300x250,Acme,,,,400,2.50,2.00',
    ].join('\n');
    const pieces = Readable.from(csv.match(/[\s\S]{1,17}/g) ?? []);
    const res = await upload(admin, 'revenue', pieces, 'text/csv; charset=utf-8', 'revenue-2024-07-01.csv');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ reportType: 'revenue', rowsRead: 2, rowsApplied: 2, daysReplaced: 1 });
    expect(await dayTotals('2024-07-01')).toMatchObject({ impRequests: 1000, impressions: 400, revenue: 2.5 });

    const ndjson = `${JSON.stringify({ date: '2024-07-01', publisher_id: '1001', site_id: '5001', widget: 'Right Rail', organic_page_views: 10, organic_clicks: 2 })}\n`;
    const nd = await upload(admin, 'recirculation', ndjson, 'application/x-ndjson');
    expect(nd.statusCode).toBe(200);
    expect(nd.json()).toMatchObject({ reportType: 'recirculation', rowsApplied: 1 });

    const runs = (await t.app.inject({ method: 'GET', url: '/api/admin/data-loads', headers: bearer(admin) })).json().runs;
    expect(runs.slice(0, 2)).toEqual([
      expect.objectContaining({ source: 'upload.ndjson', via: 'api', status: 'applied', reportType: 'recirculation' }),
      expect.objectContaining({ source: 'revenue-2024-07-01.csv', via: 'api', status: 'applied', rowsApplied: 2 }),
    ]);
  });

  it('refuses a file with a bad row as a whole: 400 naming the line, the stored day unchanged, recorded as rejected', async () => {
    const before = await dayTotals('2024-07-01');
    const csv = [
      HEADER,
      'requests,2024-07-01,1001,5001,Display,,,,,9999,,,',
      'sales,2024-07-01,1001,5001,Display,300x250,Acme,,,,-4,2.50,2.00',
    ].join('\n');
    const res = await upload(admin, 'revenue', csv);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      name: 'ValidationError',
      message: expect.stringMatching(/^Nothing was loaded: 1 bad row\(s\) of 2\. First, line 3: impressions must not be negative/),
      fields: { 'line 3': expect.stringMatching(/impressions must not be negative/) },
    });
    expect(await dayTotals('2024-07-01')).toEqual(before);
    const runs = (await t.app.inject({ method: 'GET', url: '/api/admin/data-loads', headers: bearer(admin) })).json().runs;
    expect(runs[0]).toMatchObject({ source: 'upload.csv', via: 'api', status: 'rejected', rejectedRows: 1 });
    // An unknown media type or report type never reaches the ingestion.
    expect((await upload(admin, 'revenue', '{}', 'application/json')).statusCode).toBe(415);
    expect((await upload(admin, 'revenue', csv, 'text/plain')).statusCode).toBe(415);
    expect((await upload(admin, 'revenues', csv)).statusCode).toBe(400);
  });

  it('answers 409 while another ingestion holds the lock, loading nothing', async () => {
    const csv = [HEADER, 'requests,2024-07-02,1001,5001,Display,,,,,5,,,'].join('\n');
    const res = await withIngestLock(t.db, () => upload(admin, 'revenue', csv));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ name: 'Conflict', message: expect.stringMatching(/^Another report ingestion is running/) });
    expect((await dayTotals('2024-07-02')).impRequests ?? 0).toBe(0);
    // Once the lock is free the same file loads.
    expect((await upload(admin, 'revenue', csv)).statusCode).toBe(200);
  });

  it('is for admins only', async () => {
    const csv = [HEADER, 'requests,2024-07-03,1001,5001,Display,,,,,5,,,'].join('\n');
    expect((await upload((await signIn(t.app, DEMO.staff)).idToken, 'revenue', csv)).statusCode).toBe(403);
    expect((await upload((await signIn(t.app, DEMO.multi)).idToken, 'revenue', csv)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/data-loads/revenue', payload: csv, headers: { 'content-type': 'text/csv' } }))
        .statusCode,
    ).toBe(401);
    expect((await dayTotals('2024-07-03')).impRequests ?? 0).toBe(0);
  });
});
