import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbReportEngine } from '../../../report-engine/duckdb-engine';
import type { ReportQuery } from '../../../report-engine/report-engine';
import { ingestFile, ingestSource } from './ingest-file';
import { parseFactsFile } from './parse-facts';

const HEADER = 'kind,date,publisher_id,site_id,product_type,size,brand,deal_name,deal_id,imp_requests,impressions,revenue,net_revenue';
const DAY1 = [
  'requests,2024-05-01,P1,s1,Display,,,,,1000,,,',
  'sales,2024-05-01,P1,s1,Display,300x250,Acme,,,,400,2.50,2.00',
  'sales,2024-05-01,P1,s1,Display,728x90,Acme,"Summer, ""big"" deal",D1,,100,1.00,0.80',
];
const DAY2 = ['requests,2024-05-02,P1,s1,Display,,,,,500,,,', 'sales,2024-05-02,P1,s1,Display,300x250,Acme,,,,200,1.00,0.75'];

const totalsQuery: ReportQuery = {
  reportType: 'revenue',
  publisherId: 'P1',
  dateFrom: '2024-05-01',
  dateTo: '2024-05-31',
  dimensions: [],
  metrics: ['impRequests', 'impressions', 'revenue'],
  interval: 'Day',
};

let engine: DuckDbReportEngine;
let dir: string;
beforeAll(async () => {
  engine = new DuckDbReportEngine(':memory:');
  await engine.init();
  dir = await mkdtemp(join(tmpdir(), 'facts-'));
});
afterAll(async () => {
  await engine.close();
  await rm(dir, { recursive: true, force: true });
});

describe('ingestFile', () => {
  it('replaces whole days: a corrected re-send reconciles instead of doubling', async () => {
    const path = join(dir, 'first.csv');
    await writeFile(path, [HEADER, ...DAY1, ...DAY2].join('\r\n') + '\r\n');
    expect(await ingestFile(engine, 'revenue', path)).toEqual({
      rowsRead: 5,
      rowsRejected: 0,
      rowsApplied: 5,
      daysReplaced: 2,
      errors: [],
      publisherIds: ['P1'],
    });
    // Same file again: still day 1 = 1000 req / 500 imp / 3.5 rev, day 2 = 500 / 200 / 1.
    await ingestFile(engine, 'revenue', path);
    let res = await engine.query(totalsQuery);
    expect(res.rows.map((r) => [r.date, r.impRequests, r.impressions, r.revenue])).toEqual([
      ['2024-05-01', 1000, 500, 3.5],
      ['2024-05-02', 500, 200, 1],
    ]);
    // Correction of day 1 only (the deal row is gone, requests revised); day 2 is untouched.
    const fix = join(dir, 'fix.ndjson');
    await writeFile(
      fix,
      [
        { kind: 'requests', date: '2024-05-01', publisher_id: 'P1', site_id: 's1', product_type: 'Display', imp_requests: 1100 },
        {
          kind: 'sales',
          date: '2024-05-01',
          publisher_id: 'P1',
          site_id: 's1',
          product_type: 'Display',
          size: '300x250',
          brand: 'Acme',
          impressions: 450,
          revenue: '2.75',
          net_revenue: 2.2,
        },
      ]
        .map((o) => JSON.stringify(o))
        .join('\n'),
    );
    expect(await ingestFile(engine, 'revenue', fix)).toEqual({
      rowsRead: 2,
      rowsRejected: 0,
      rowsApplied: 2,
      daysReplaced: 1,
      errors: [],
      publisherIds: ['P1'],
    });
    res = await engine.query(totalsQuery);
    expect(res.rows.map((r) => [r.date, r.impRequests, r.impressions, r.revenue])).toEqual([
      ['2024-05-01', 1100, 450, 2.75],
      ['2024-05-02', 500, 200, 1],
    ]);
    expect(res.totals).toMatchObject({ impRequests: 1600, impressions: 650, revenue: 3.75 });
  });

  it('keeps quoted deal names with commas and quotes', async () => {
    const parsed = await parseFactsFile([HEADER, ...DAY1].join('\n'), 'csv', 'revenue');
    expect(parsed.errors).toEqual([]);
    const sales = parsed.batch?.reportType === 'revenue' ? parsed.batch.sales : [];
    expect(sales[1]?.dealName).toBe('Summer, "big" deal');
  });

  it('rejects the whole file when any row is bad, with 1-based line numbers', async () => {
    const csv = [
      HEADER, // line 1
      'requests,2024-05-03,P1,s1,Display,,,,,700,,,', // 2: fine
      'sales,2024-05-03,P1,s1,Display,300x250,Acme,,,,-5,1.00,0.50', // 3: negative
      'sales,2024-13-01,P1,s1,Display,300x250,Acme,,,,5,1.00,0.50', // 4: bad date
      'requests,2024-05-03,P1,s1,Display,300x250,,,,700,,,', // 5: size on a requests row
      'requests,2024-05-03,P1,s1,Display,,,,,800,,,', // 6: duplicate of line 2
      'sales,2024-05-03,P1,s1,Display,300x250,Acme,,,,5,abc,0.50', // 7: not a number
      'other,2024-05-03,P1,s1,Display,,,,,1,,,', // 8: unknown kind
      'sales,2024-05-03,P1,s1,Display,300x250,Acme,,,,5,1.00', // 9: short row
    ].join('\n');
    const outcome = await ingestSource(engine, 'revenue', Readable.from([csv.slice(0, 100), csv.slice(100)]), 'csv');
    expect(outcome.rowsApplied).toBe(0);
    expect(outcome).toMatchObject({ rowsRead: 8, rowsRejected: 7 });
    expect(outcome.errors.map((e) => e.line)).toEqual([3, 4, 5, 6, 7, 8, 9]);
    expect(outcome.errors[0]?.message).toMatch(/impressions must not be negative/);
    expect(outcome.errors[1]?.message).toMatch(/date must be a date as YYYY-MM-DD/);
    expect(outcome.errors[2]?.message).toMatch(/size not allowed/);
    expect(outcome.errors[3]?.message).toMatch(/duplicate of the row on line 2/);
    expect(outcome.errors[6]?.message).toMatch(/expected 13 fields, found 12/);
    // Line 2 was valid but nothing of the file was applied.
    const res = await engine.query({ ...totalsQuery, dateFrom: '2024-05-03', dateTo: '2024-05-03' });
    expect(res.totalRows).toBe(0);
  });

  it('reports header problems, bad JSON and recirculation rows', async () => {
    const badHeader = await parseFactsFile('date,publisher_id,site_id,widgte\n', 'csv', 'recirculation');
    expect(badHeader.errors).toEqual([
      { line: 1, message: 'unknown columns: widgte' },
      { line: 1, message: 'missing columns: widget, organic_page_views, organic_clicks' },
    ]);
    const nd = await parseFactsFile(
      '{"date":"2024-05-01","publisher_id":"P1","site_id":"s1","widget":"Right Rail","organic_page_views":10,"organic_clicks":1}\n\n{oops\n{"date":"2024-05-01","publisher_id":"P1","site_id":"s1","widget":"Below Article","organic_page_views":1.5,"organic_clicks":1}\n',
      'ndjson',
      'recirculation',
    );
    expect(nd.batch).toBeNull();
    expect(nd.errors).toEqual([
      { line: 3, message: 'not valid JSON' },
      { line: 4, message: 'organic_page_views must be a whole number' },
    ]);
    expect((await ingestFile(engine, 'revenue', join(dir, 'facts.txt'))).errors[0]?.message).toMatch(/\.csv/);
  });
});

// Exact counts however many rows are bad, NUL bytes and non-UTF-8 bytes refused,
// and messages that read as sentences ("kind kind must be" before).
describe('optional advertiser domain and IAB category columns', () => {
  it('load from CSV and NDJSON, normalised, with rows that leave them empty; a split by domain is not a duplicate', async () => {
    const csv = join(dir, 'attributes.csv');
    await writeFile(
      csv,
      [
        `${HEADER},advertiser_domain,iab_category`,
        'requests,2024-06-01,PA,s1,Display,,,,,1000,,,,,',
        'sales,2024-06-01,PA,s1,Display,300x250,Acme,,,,400,2.50,2.00,Acme.COM,1',
        'sales,2024-06-01,PA,s1,Display,300x250,Acme,,,,100,1.00,0.50,shop.acme.com,1',
        'sales,2024-06-01,PA,s1,Display,728x90,Acme,,,,50,0.40,0.30,,',
      ].join('\n'),
    );
    expect(await ingestFile(engine, 'revenue', csv)).toMatchObject({ rowsApplied: 4, errors: [] });
    expect(await engine.salesByAttribute('PA', '2024-06-01', '2024-06-01', 'advertiser_domain')).toEqual([
      { siteId: 's1', value: '', netRevenue: 0.3, impressions: 50 },
      { siteId: 's1', value: 'acme.com', netRevenue: 2, impressions: 400 },
      { siteId: 's1', value: 'shop.acme.com', netRevenue: 0.5, impressions: 100 },
    ]);
    const ndjson = join(dir, 'attributes.ndjson');
    await writeFile(
      ndjson,
      JSON.stringify({
        kind: 'sales',
        date: '2024-06-02',
        publisher_id: 'PA',
        site_id: 's1',
        product_type: 'Video',
        size: '640x360',
        brand: 'Acme',
        impressions: 10,
        revenue: 1,
        net_revenue: 0.7,
        iab_category: '30',
      }) + '\n',
    );
    expect(await ingestFile(engine, 'revenue', ndjson)).toMatchObject({ rowsApplied: 1, errors: [] });
    expect(await engine.salesByAttribute('PA', '2024-06-02', '2024-06-02', 'iab_category')).toEqual([
      { siteId: 's1', value: '30', netRevenue: 0.7, impressions: 10 },
    ]);
  });

  it('refuse a bad domain or category with its line, and still refuse a repeated key', async () => {
    const res = await parseFactsFile(
      [
        `${HEADER},advertiser_domain,iab_category`,
        'sales,2024-06-03,PA,s1,Display,300x250,Acme,,,,1,1,1,https://acme.com/x,',
        'sales,2024-06-03,PA,s1,Display,300x250,Globex,,,,1,1,1,,IAB2-3', // a Content Taxonomy 1.0 id
        'sales,2024-06-03,PA,s1,Display,300x250,Initech,,,,1,1,1,initech.com,1',
        'sales,2024-06-03,PA,s1,Display,300x250,Initech,,,,1,1,1,INITECH.com,1',
      ].join('\n'),
      'csv',
      'revenue',
    );
    expect(res.batch).toBeNull();
    expect(res.errors).toEqual([
      { line: 2, message: 'advertiser_domain must be a domain such as advertiser.com (no scheme, path or port)' },
      { line: 3, message: 'iab_category must be an IAB Content Taxonomy 3.1 category id such as 1 or 483 (not a 1.0 id like IAB2-3)' },
      { line: 5, message: 'duplicate of the row on line 4 (same day and keys)' },
    ]);
  });
});

describe('malformed input', () => {
  it('counts 1,000 bad rows as 1,000 (errors stay capped), and says what is wrong once', async () => {
    const bad = Array.from({ length: 1000 }, (_, n) => `sale,2024-06-01,P1,s${n},Display,,,,,1,,,`);
    const parsed = await parseFactsFile([HEADER, ...bad].join('\n'), 'csv', 'revenue');
    expect(parsed).toMatchObject({ batch: null, rows: 1000, rejectedRows: 1000 });
    expect(parsed.errors).toHaveLength(101);
    expect(parsed.errors[0]).toEqual({ line: 2, message: 'kind must be "requests" or "sales"' });
    const noKind = await parseFactsFile('{"date":"2024-06-01","publisher_id":"P1","site_id":"s1"}\n', 'ndjson', 'revenue');
    expect(noKind.errors).toEqual([{ line: 1, message: 'kind is required' }]);
  });

  it('refuses NUL bytes in cells, JSON strings and the header', async () => {
    const csv = await parseFactsFile([HEADER, 'requests,2024-06-01,P\u00001,s1,Display,,,,,1,,,'].join('\n'), 'csv', 'revenue');
    expect(csv).toMatchObject({ batch: null, rows: 1, rejectedRows: 1 });
    expect(csv.errors).toEqual([{ line: 2, message: expect.stringMatching(/^publisher_id contains a NUL byte/) }]);
    const nd = await parseFactsFile(
      '{"kind":"requests","date":"2024-06-01","publisher_id":"P1","site_id":"s\\u0000","product_type":"D","imp_requests":1}\n',
      'ndjson',
      'revenue',
    );
    expect(nd.errors).toEqual([{ line: 1, message: expect.stringMatching(/^site_id contains a NUL byte/) }]);
    const header = await parseFactsFile(`${HEADER}\u0000\n`, 'csv', 'revenue');
    expect(header.errors).toEqual([{ line: 1, message: expect.stringMatching(/header contains a NUL byte/) }]);
  });

  it('refuses bytes that are not UTF-8 instead of storing U+FFFD', async () => {
    const bytes = Buffer.concat([
      Buffer.from(`${HEADER}\nrequests,2024-06-01,P1,s1,Displ`),
      Buffer.from([0xff, 0xfe]),
      Buffer.from('y,,,,,1,,,\n'),
    ]);
    const outcome = await ingestSource(engine, 'revenue', Readable.from([bytes]), 'csv');
    expect(outcome.rowsApplied).toBe(0);
    expect(outcome.errors).toEqual([{ line: 1, message: expect.stringMatching(/not UTF-8/) }]);
  });
});
