import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DuckDbReportEngine } from '../../../report-engine/duckdb-engine';
import { engineWithTestFacts } from '../../../../test/reports/test-facts';
import { exportReport } from './export-report';

let engine: DuckDbReportEngine;
beforeAll(async () => {
  engine = await engineWithTestFacts();
});
afterAll(async () => {
  await engine.close();
});

async function exportToBuffer(format: 'csv' | 'xlsx'): Promise<Buffer> {
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on('data', (b: Buffer) => parts.push(b));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await exportReport(
    engine,
    {
      reportType: 'revenue',
      publisherId: 'P1',
      dateFrom: '2024-01-30',
      dateTo: '2024-02-01',
      dimensions: ['sites'],
      metrics: ['impressions', 'revenue', 'fillRate'],
      interval: 'Day',
      limit: 1,
    },
    format,
    out,
  );
  if (format === 'csv') out.end();
  await ended;
  return Buffer.concat(parts);
}

describe('exports', () => {
  it('XLSX round trip: labels, typed cells, every row past the limit, and the Total row', async () => {
    const workbook = new ExcelJS.Workbook();
    const buffer = await exportToBuffer('xlsx');
    // exceljs types its input as its own Buffer (an ArrayBuffer); hand it exactly those bytes.
    await workbook.xlsx.load(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer);
    const sheet = workbook.getWorksheet('Report');
    const values = (n: number) => (sheet?.getRow(n).values as unknown[]).slice(1); // exceljs rows are 1-based
    // Nothing is finalized in this data set, so every Day row is marked Estimated.
    expect(values(1)).toEqual(['Date', 'Site', 'Impressions', 'Revenue', 'Fill Rate', 'Estimated']);
    // Day x site (hand figures): 01-30 Alpha i 550 rv 4.5 r 1200 -> 0.4583; 01-31 Beta i 250 rv 0.5 fill 0.5;
    // 02-01 Alpha i 600 rv 3 fill 0.75; 02-01 Beta i 0 rv 0 r 0 -> fill null.
    expect(sheet?.rowCount).toBe(6);
    const first = values(2);
    expect(first[0]).toEqual(new Date('2024-01-30T00:00:00Z'));
    expect(first.slice(1, 4)).toEqual(['Alpha News', 550, 4.5]);
    expect(first[4]).toBeCloseTo(0.4583333, 6);
    expect(first[5]).toBe('Yes');
    expect(values(5).slice(1, 4)).toEqual(['Beta Blog', 0, 0]);
    expect(values(6).slice(0, 4)).toEqual(['Total', undefined, 1400, 8]);
    expect(values(6)[4]).toBeCloseTo(0.56, 10);
    expect(sheet?.getRow(2).getCell(5).numFmt).toBe('0.00%');
  });

  it('CSV export carries the same rows and totals', async () => {
    const lines = (await exportToBuffer('csv')).toString('utf8').split('\r\n');
    expect(lines).toEqual([
      'Date,Site,Impressions,Revenue,Fill Rate,Estimated',
      '2024-01-30,Alpha News,550,4.5,0.458333,Yes',
      '2024-01-31,Beta Blog,250,0.5,0.5,Yes',
      '2024-02-01,Alpha News,600,3,0.75,Yes',
      '2024-02-01,Beta Blog,0,0,,Yes',
      'Total,,1400,8,0.56,',
      '',
    ]);
  });
});
