import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportReport } from './export-report';
import { DuckDbReportEngine } from '../../../report-engine/duckdb-engine';
import { buildStreamSql } from '../../../report-engine/duckdb-sql';
import type { ReportQuery, RevenueSalesFact } from '../../../report-engine/report-engine';
import { planReport } from '../../../report-engine/report-plan';
import { MAX_DICTIONARY_VALUES, readDictionaries, timeDictionary } from '../../../report-engine/stream-codes';

// Exports read text columns as codes into per-export dictionaries. Text that
// needs care (quotes, apostrophes, formula starts, case and trailing spaces, long and non-ASCII
// values, a site without a name, empty deals) must come out byte for byte as read as text.
const BRANDS = [`O'Brien & Co`, `"Quoted", Inc.`, `=HYPERLINK("x")`, 'a', 'A', 'a ', 'Ünïcødé Marke – sehr lang', ''];

function sales(publisherId: string, brands: readonly string[]): RevenueSalesFact[] {
  const days = ['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02'];
  return days.flatMap((date, d) =>
    brands.map((brand, b) => ({
      date,
      publisherId,
      siteId: ['s1', 's2', 's9'][(d + b) % 3]!,
      productType: b % 2 ? 'Display' : 'Video',
      size: b % 3 ? '300x250' : '728x90',
      brand,
      dealName: b % 4 ? '' : 'Summer, "Deal"',
      dealId: '',
      impressions: 100 + d * 7 + b,
      revenue: 1.25 + d / 3 + b / 7,
      netRevenue: 0.75 + d / 9 + b / 11,
    })),
  );
}

async function loaded(options: ConstructorParameters<typeof DuckDbReportEngine>[1]): Promise<DuckDbReportEngine> {
  const engine = new DuckDbReportEngine(':memory:', options);
  await engine.init();
  // s9 has no site record: its rows show the site id.
  await engine.upsertSites([
    { id: 's1', publisherId: 'P1', name: 'Zeta – Nachrichten aus aller Welt' },
    { id: 's2', publisherId: 'P1', name: `Beta's "Blog"` },
  ]);
  const many = Array.from({ length: MAX_DICTIONARY_VALUES + 1 }, (_, n) => `Brand ${n}`);
  await engine.ingest({
    reportType: 'revenue',
    requests: [{ date: '2024-02-28', publisherId: 'P1', siteId: 's2', productType: 'Native', impRequests: 40 }],
    sales: [...sales('P1', BRANDS), ...sales('MANY', many)],
  });
  await engine.ingest({
    reportType: 'recirculation',
    rows: BRANDS.map((widget, n) => ({
      date: '2024-02-28',
      publisherId: 'P1',
      siteId: n % 2 ? 's1' : 's9',
      widget: widget || 'Below Article',
      organicPageViews: 10 * n,
      organicClicks: n,
    })),
  });
  return engine;
}

let coded: DuckDbReportEngine;
let text: DuckDbReportEngine;
beforeAll(async () => {
  coded = await loaded({});
  text = await loaded({ streamCodes: false });
}, 60_000);
afterAll(async () => {
  await coded.close();
  await text.close();
});

const run = (sql: string, params: Record<string, string | number>) => coded.runSql(sql, params);

const query = (over: Partial<ReportQuery>): ReportQuery => ({
  reportType: 'revenue',
  publisherId: 'P1',
  dateFrom: '2024-02-27',
  dateTo: '2024-03-02',
  dimensions: ['sites', 'size', 'brand', 'deal_name'],
  metrics: ['impressions', 'revenue', 'netRevenue', 'cpm'],
  interval: 'Day',
  limit: 0,
  ...over,
});

async function csv(engine: DuckDbReportEngine, q: ReportQuery): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await exportReport(engine, q, 'csv', out);
  out.end();
  return Buffer.concat(chunks).toString('utf8');
}

describe('dictionaries of an export', () => {
  it('has one for the time column and every text dimension, with names for sites and ids for unnamed ones', async () => {
    const plan = planReport(query({}));
    const dictionaries = await readDictionaries(run, plan);
    expect(dictionaries.date).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02']);
    expect([...(dictionaries.sites ?? [])].sort()).toEqual([`Beta's "Blog"`, 'Zeta – Nachrichten aus aller Welt', 's9']);
    expect([...(dictionaries.brand ?? [])].sort()).toEqual([...BRANDS].sort());
    expect([...(dictionaries.size ?? [])].sort()).toEqual(['300x250', '728x90']);
    expect([...(dictionaries.deal_name ?? [])].sort()).toEqual(['', 'Summer, "Deal"']);
    // The stream statement reads codes for exactly those columns.
    const { sql } = buildStreamSql(plan, dictionaries);
    expect(sql.match(/enum_code\(/g)).toHaveLength(5);
    expect(buildStreamSql(plan).sql).not.toContain('enum_code');
  });

  it('leaves a column with more than MAX_DICTIONARY_VALUES values as text', async () => {
    const plan = planReport(query({ publisherId: 'MANY' }));
    const dictionaries = await readDictionaries(run, plan);
    expect(dictionaries.brand).toBeUndefined();
    expect(dictionaries.size).toEqual(expect.arrayContaining(['300x250', '728x90']));
  });

  it('lists every day or month of the range, across a leap day and a year end', () => {
    expect(timeDictionary({ timeColumn: 'date', dateFrom: '2024-02-28', dateTo: '2024-03-01' })).toEqual([
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    expect(timeDictionary({ timeColumn: 'month', dateFrom: '2024-11-20', dateTo: '2025-02-03' })).toEqual([
      '2024-11',
      '2024-12',
      '2025-01',
      '2025-02',
    ]);
    expect(timeDictionary({ timeColumn: null, dateFrom: '2024-11-20', dateTo: '2025-02-03' })).toEqual([]);
  });

  it('fails the statement, instead of changing the export, when a value is missing from its dictionary', async () => {
    const plan = planReport(query({ dimensions: ['brand'] }));
    const { sql, params } = buildStreamSql(plan, { brand: BRANDS.slice(1) });
    await expect(coded.runSql(sql, params)).rejects.toThrow(/convert/i);
  });
});

describe('exports with text read as codes', () => {
  const cases: [string, Partial<ReportQuery>][] = [
    ['Day at the sales grain', {}],
    ['Day sorted by site, newest first', { sort: { key: 'sites', dir: 'desc' } }],
    ['Day sorted by brand', { dimensions: ['brand', 'deal_name'], sort: { key: 'brand', dir: 'asc' } }],
    ['Day with request metrics', { dimensions: ['sites', 'product_type'], metrics: ['impRequests', 'impressions', 'fillRate', 'eCpm'] }],
    ['Month, a filter excluding a brand', { interval: 'Month', filters: [{ dimension: 'brand', mode: 'exclude', values: ['a'] }] }],
    ['Cumulative sorted by revenue', { interval: 'Cumulative', dimensions: ['brand', 'sites'], sort: { key: 'revenue', dir: 'desc' } }],
    ['More values than a dictionary holds', { publisherId: 'MANY', dimensions: ['brand', 'size'] }],
    [
      'Recirculation by widget',
      { reportType: 'recirculation', dimensions: ['sites', 'widget'], metrics: ['organicPageViews', 'organicClicks', 'organicCtr'] },
    ],
  ];
  it.each(cases)('%s: the same bytes as text read as text', async (_, over) => {
    const q = query(over);
    const bytes = await csv(coded, q);
    expect(bytes.split('\r\n').length).toBeGreaterThan(4);
    expect(bytes).toBe(await csv(text, q));
  });

  it('exports a report without facts (no values, so no dictionary: DuckDB has no empty ENUM)', async () => {
    const q = query({ publisherId: 'NONE' });
    expect(await readDictionaries(run, planReport(q))).toEqual({ date: timeDictionary(planReport(q)) });
    const bytes = await csv(coded, q);
    expect(bytes).toBe('Date,Site,Size,Brand,Deal,Impressions,Revenue,Net Revenue,CPM,Estimated\r\nTotal,,,,,0,0,0,,\r\n');
    expect(bytes).toBe(await csv(text, q));
  });

  it('writes the awkward values as CSV needs them', async () => {
    // Impressions per brand: 5 days x (100 + 7 x day) + 5 x the brand's position in BRANDS.
    const lines = (await csv(coded, query({ dimensions: ['brand'], interval: 'Cumulative', metrics: ['impressions'] }))).split('\r\n');
    expect(lines).toEqual([
      'Brand,Impressions,Estimated',
      ',605,Yes',
      'Ünïcødé Marke – sehr lang,600,Yes',
      'a ,595,Yes',
      'A,590,Yes',
      'a,585,Yes',
      `"'=HYPERLINK(""x"")",580,Yes`,
      `"""Quoted"", Inc.",575,Yes`,
      `O'Brien & Co,570,Yes`,
      'Total,4700,',
      '',
    ]);
  });
});
