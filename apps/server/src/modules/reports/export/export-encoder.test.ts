import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCpuPool, type CpuPool } from '../../../lib/workers/cpu-pool';
import type { DuckDbReportEngine } from '../../../report-engine/duckdb-engine';
import type { ReportQuery } from '../../../report-engine/report-engine';
import { engineWithTestFacts } from '../../../../test/reports/test-facts';
import { encodeCsvChunk, writeCsvColumns, type CellChunk } from '../../../lib/csv/csv-writer';
import { createExportEncoder, type ExportEncoder } from './export-encoder';
import { exportReport } from './export-report';

// Export encoding in worker threads writes exactly what the in-thread code writes.
let engine: DuckDbReportEngine;
let pool: CpuPool;
let encoder: ExportEncoder;
beforeAll(async () => {
  engine = await engineWithTestFacts();
  await engine.setFinalizedThrough('P1', 'revenue', '2024-01-31');
  pool = createCpuPool({ maxThreads: 1 });
  encoder = createExportEncoder(pool);
});
afterAll(async () => {
  await engine.close();
  await pool.destroy();
});

const query: ReportQuery = {
  reportType: 'revenue',
  publisherId: 'P1',
  dateFrom: '2024-01-30',
  dateTo: '2024-02-01',
  dimensions: ['sites'],
  metrics: ['impressions', 'revenue', 'fillRate'],
  interval: 'Day',
};

async function bytesOf(
  format: 'csv' | 'xlsx',
  withEncoder: boolean,
  q: ReportQuery = query,
  e = engine,
  notes: readonly string[] = [],
): Promise<Buffer> {
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on('data', (b: Buffer) => parts.push(b));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await exportReport(e, q, format, out, withEncoder ? encoder : undefined, notes);
  if (!out.writableEnded) out.end();
  await ended;
  return Buffer.concat(parts);
}

async function sheetValues(buffer: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.getWorksheet('Report')?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe('export encoding in worker threads', () => {
  it('notes (the "What changed" line) follow the table after a blank line, in both formats and both threads', async () => {
    const notes = ['What changed against 1 Jan 2024: Revenue −12.0% (−$84.00): Video on Alpha, eCPM −30.0%', '=formula-like'];
    const csv = (await bytesOf('csv', false, query, engine, notes)).toString('utf8');
    expect(csv.endsWith(`Total,,1400,8,0.56,\r\n\r\n"${notes[0]}"\r\n'=formula-like\r\n`)).toBe(true);
    expect((await bytesOf('csv', true, query, engine, notes)).toString('utf8')).toBe(csv);
    for (const withEncoder of [false, true]) {
      const buffer = await bytesOf('xlsx', withEncoder, query, engine, notes);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer);
      const sheet = workbook.getWorksheet('Report');
      const total = (sheet?.getRow(6).values as unknown[]).slice(1);
      expect(total[0], String(withEncoder)).toBe('Total');
      expect((sheet?.getRow(7).values as unknown[]).slice(1), String(withEncoder)).toEqual([]);
      expect((sheet?.getRow(8).values as unknown[]).slice(1), String(withEncoder)).toEqual([notes[0]]);
      // A typed text cell: shown as text, never run as a formula.
      expect((sheet?.getRow(9).values as unknown[]).slice(1), String(withEncoder)).toEqual([notes[1]]);
    }
  });

  it('CSV: the same bytes as in this thread, on the column path and on the row-object path', async () => {
    const inThread = await bytesOf('csv', false);
    expect(inThread.toString('utf8')).toContain('2024-01-30,Alpha News,550,4.5,0.458333,No\r\n');
    expect((await bytesOf('csv', true)).equals(inThread)).toBe(true);
    const rowsOnly = Object.assign(Object.create(engine) as DuckDbReportEngine, { streamColumns: undefined, summarize: undefined });
    expect((await bytesOf('csv', true, query, rowsOnly)).equals(inThread)).toBe(true);
  });

  it('CSV: many chunks are written whole and in order', async () => {
    const chunk = (n: number): CellChunk => ({
      rowCount: 2048,
      columns: [Array.from({ length: 2048 }, (_, i) => `=row ${n}-${i}, "x"`), Array.from({ length: 2048 }, (_, i) => n + i / 3)],
    });
    async function* chunks() {
      for (let n = 0; n < 12; n += 1) yield chunk(n);
    }
    const columns = [
      { key: 'a', label: 'A', kind: 'text' as const },
      { key: 'b', label: 'B', kind: 'money' as const },
    ];
    const collect = async (encode?: ReturnType<ExportEncoder['csvEncoder']>) => {
      const out = new PassThrough();
      let text = '';
      out.on('data', (b: Buffer) => (text += b.toString('utf8')));
      expect(await writeCsvColumns(columns, chunks(), out, encode ? { encode } : {})).toBe(12 * 2048);
      return text;
    };
    const inThread = await collect();
    expect(inThread.split('\r\n')[1]).toBe(`"'=row 0-0, ""x""",0`);
    expect(await collect(encoder.csvEncoder())).toBe(inThread);
  });

  it('CSV: a chunk bigger than the shared buffer comes back whole; one chunk at a time per export', async () => {
    // 2,048 rows of ~700 bytes: about 1.4 MB, more than the export's 1 MB buffer.
    const wide: CellChunk = { rowCount: 2048, columns: [Array.from({ length: 2048 }, (_, i) => `${i} ${'é'.repeat(350)}`)] };
    const encode = encoder.csvEncoder();
    const bytes = await encode(wide, 1);
    expect(bytes.length).toBeGreaterThan(1 << 20);
    expect(Buffer.from(bytes).equals(Buffer.from(encodeCsvChunk(wide, 1), 'utf8'))).toBe(true);
    // The next chunk uses the shared buffer again, and the bytes handed out before stay as they were.
    const small: CellChunk = { rowCount: 1, columns: [['x']] };
    const first = await encode(small, 1);
    expect(Buffer.from(await encode({ rowCount: 1, columns: [['y']] }, 1)).toString()).toBe('y\r\n');
    expect(Buffer.from(first).toString()).toBe('x\r\n');
    const pending = encode(small, 1);
    await expect(encode(small, 1)).rejects.toThrow('one chunk at a time');
    await pending;
  });

  it('XLSX: the same cells as in this thread (typed, dated, with the Total row)', async () => {
    const inThread = await sheetValues(await bytesOf('xlsx', false));
    expect(inThread[0]).toEqual(['Date', 'Site', 'Impressions', 'Revenue', 'Fill Rate', 'Estimated']);
    expect(inThread[1]?.[0]).toEqual(new Date('2024-01-30T00:00:00Z'));
    expect(inThread.at(-1)?.[0]).toBe('Total');
    expect(await sheetValues(await bytesOf('xlsx', true))).toEqual(inThread);
  });

  it('XLSX: a failing source aborts the worker task and throws its error; the pool keeps working', async () => {
    async function* failing(): AsyncIterable<CellChunk> {
      yield { rowCount: 1, columns: [['a']] };
      throw new Error('engine went away');
    }
    const out = new PassThrough();
    out.resume();
    await expect(encoder.xlsx([{ key: 'a', label: 'A', kind: 'text' }], failing(), out, {})).rejects.toThrow('engine went away');
    expect((await sheetValues(await bytesOf('xlsx', true))).length).toBeGreaterThan(2);
  });
});
