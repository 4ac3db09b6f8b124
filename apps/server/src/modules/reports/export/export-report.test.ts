import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DuckDbReportEngine } from '../../../report-engine/duckdb-engine';
import type { ReportQuery } from '../../../report-engine/report-engine';
import { engineWithTestFacts } from '../../../../test/reports/test-facts';
import { exportReport, resultSource, type ExportFormat, type ExportSource } from './export-report';

let engine: DuckDbReportEngine;

beforeAll(async () => {
  engine = await engineWithTestFacts();
  // 2024-01-30 and 01-31 are final; 2024-02-01 is still an estimate.
  await engine.setFinalizedThrough('P1', 'revenue', '2024-01-31');
});
afterAll(async () => {
  await engine.close();
});

async function csvLines(query: ReportQuery): Promise<string[]> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await exportReport(engine, query, 'csv', out);
  out.end();
  return Buffer.concat(chunks).toString('utf8').trimEnd().split('\r\n');
}

const query = (over: Partial<ReportQuery>): ReportQuery => ({
  reportType: 'revenue',
  publisherId: 'P1',
  dateFrom: '2024-01-30',
  dateTo: '2024-02-01',
  dimensions: [],
  metrics: ['impressions'],
  interval: 'Day',
  ...over,
});

describe('exportReport: the Estimated column', () => {
  it('marks each Day row Yes or No, as the table does', async () => {
    expect(await csvLines(query({}))).toEqual([
      'Date,Impressions,Estimated',
      '2024-01-30,550,No',
      '2024-01-31,250,No',
      '2024-02-01,600,Yes',
      'Total,1400,',
    ]);
  });

  it('marks a Month that holds an estimated day', async () => {
    expect(await csvLines(query({ interval: 'Month' }))).toEqual([
      'Month,Impressions,Estimated',
      '2024-01,800,No',
      '2024-02,600,Yes',
      'Total,1400,',
    ]);
  });

  it('Cumulative: every row says Yes when the range reaches an estimated day, and there is no column when it does not', async () => {
    expect(await csvLines(query({ interval: 'Cumulative', dimensions: ['size'] }))).toEqual([
      'Size,Impressions,Estimated',
      '300x250,1250,Yes',
      '728x90,100,Yes',
      'Video,50,Yes',
      'Total,1400,',
    ]);
    expect(await csvLines(query({ interval: 'Cumulative', dimensions: ['size'], dateTo: '2024-01-31' }))).toEqual([
      'Size,Impressions',
      '300x250,650',
      '728x90,100',
      'Video,50',
      'Total,800',
    ]);
  });
});

describe('exportReport: the column-chunk path', () => {
  // The same engine without streamColumns/summarize: the row-object path every engine has.
  const rowsOnly = () => Object.assign(Object.create(engine) as DuckDbReportEngine, { streamColumns: undefined, summarize: undefined });

  async function bytes(e: ExportSource, q: ReportQuery, format: ExportFormat = 'csv'): Promise<string> {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const ended = new Promise((resolve) => out.on('end', resolve));
    await exportReport(e, q, format, out);
    if (!out.writableEnded) out.end();
    await ended;
    return Buffer.concat(chunks).toString('base64');
  }

  async function xlsxCells(base64: string): Promise<unknown[]> {
    const book = new ExcelJS.Workbook();
    const buffer = Buffer.from(base64, 'base64');
    await book.xlsx.load(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer);
    const rows: unknown[] = [];
    book.worksheets[0]?.eachRow((row) => rows.push(row.values));
    return rows;
  }

  it('writes the same bytes as the row path, for every interval, splits and metric sorts', async () => {
    const all = ['impRequests', 'impressions', 'fillRate', 'revenue', 'netRevenue', 'eCpm', 'netECpm', 'cpm', 'netCpm'] as const;
    const cases: Partial<ReportQuery>[] = [
      { interval: 'Day', dimensions: ['sites', 'size', 'brand', 'deal_name'], metrics: ['impressions', 'revenue', 'netRevenue', 'cpm'] },
      { interval: 'Month', dimensions: ['sites', 'product_type'], metrics: [...all] },
      { interval: 'Cumulative', dimensions: ['brand'], metrics: [...all], sort: { key: 'revenue', dir: 'desc' } },
      { interval: 'Day', dimensions: [], metrics: [...all], dateFrom: '2024-01-01', dateTo: '2024-02-29' },
    ];
    for (const c of cases) {
      const q = query(c);
      const fast = await bytes(engine, q);
      expect(Buffer.from(fast, 'base64').toString('utf8').split('\r\n').length).toBeGreaterThan(3);
      expect(fast).toBe(await bytes(rowsOnly(), q));
      // A direct download exports the report call's cached result (reports.service.ts).
      expect(await bytes(resultSource(await engine.query({ ...q, limit: 5000 })), q)).toBe(fast);
      // XLSX files hold their creation time: their cells are compared.
      const xlsx = await xlsxCells(await bytes(resultSource(await engine.query({ ...q, limit: 5000 })), q, 'xlsx'));
      expect(xlsx.length).toBeGreaterThan(2);
      expect(xlsx).toEqual(await xlsxCells(await bytes(engine, q, 'xlsx')));
    }
  });

  it('refuses a result that holds only some of its rows', async () => {
    const page = await engine.query({ ...query({ dimensions: ['size'], interval: 'Cumulative' }), limit: 1 });
    expect(page.totalRows).toBe(3);
    expect(() => resultSource(page)).toThrow('The result holds 1 of its 3 rows');
  });
});

describe('exportReport: XLSX rows off the main thread', () => {
  const rowsOnly = () => Object.assign(Object.create(engine) as DuckDbReportEngine, { streamColumns: undefined, summarize: undefined });

  /** The sheet's cells (values with their types) as exceljs reads the file back. */
  async function sheetOf(e: DuckDbReportEngine, q: ReportQuery): Promise<unknown[][]> {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    await exportReport(e, q, 'xlsx', out);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  }

  it('reads the engine column by column (no row objects) and writes the same cells as the row path', async () => {
    const columnsOnly = Object.assign(Object.create(engine) as DuckDbReportEngine, {
      streamRows: () => {
        throw new Error('an XLSX export must not build an object per row');
      },
    });
    const cases: Partial<ReportQuery>[] = [
      { interval: 'Day', dimensions: ['sites', 'size', 'brand'], metrics: ['impressions', 'revenue', 'cpm'] },
      { interval: 'Month', dimensions: ['product_type'], metrics: ['impressions', 'fillRate', 'netRevenue'] },
      { interval: 'Cumulative', dimensions: ['brand'], metrics: ['revenue', 'eCpm'], sort: { key: 'revenue', dir: 'desc' } },
    ];
    for (const c of cases) {
      const q = query(c);
      const sheet = await sheetOf(columnsOnly, q);
      expect(sheet.length).toBeGreaterThan(3);
      expect(sheet).toEqual(await sheetOf(rowsOnly(), q));
    }
    // Day dates stay real dates, and the Estimated column is there.
    const day = await sheetOf(columnsOnly, query({}));
    expect(day[0]).toEqual(['Date', 'Impressions', 'Estimated']);
    expect(day[1]).toEqual([new Date('2024-01-30T00:00:00Z'), 550, 'No']);
    expect(day[3]).toEqual([new Date('2024-02-01T00:00:00Z'), 600, 'Yes']);
  });
});

describe('exportReport: money columns name their currency', () => {
  async function file(format: ExportFormat, currency: string | null): Promise<Buffer> {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const q = query({ dimensions: ['size'], metrics: ['impressions', 'revenue', 'cpm'], interval: 'Cumulative' });
    await exportReport(engine, q, format, out, undefined, [], currency);
    if (format === 'csv') out.end();
    return Buffer.concat(chunks);
  }

  it('CSV: the header says each money column is in the publisher currency; the cells stay plain numbers', async () => {
    const lines = (await file('csv', 'EUR')).toString('utf8').trimEnd().split('\r\n');
    expect(lines[0]).toBe('Size,Impressions,Revenue (EUR),CPM (EUR),Estimated');
    for (const line of lines.slice(1)) expect(line).toMatch(/^[^,]+,\d+,-?\d+(\.\d+)?,-?\d+(\.\d+)?,(Yes)?$/);
  });

  it('XLSX: the same header, over number cells formatted with separators', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await file('xlsx', 'GBP')) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Size', 'Impressions', 'Revenue (GBP)', 'CPM (GBP)', 'Estimated']);
    expect(typeof sheet.getRow(2).getCell(3).value).toBe('number');
    expect(sheet.getRow(2).getCell(3).numFmt).toBe('#,##0.00');
  });

  it('without a currency (a job queued before files named it) keeps the labels as they were', async () => {
    expect((await file('csv', null)).toString('utf8').split('\r\n')[0]).toBe('Size,Impressions,Revenue,CPM,Estimated');
  });
});
