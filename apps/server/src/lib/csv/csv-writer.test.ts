import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  csvCell,
  type CsvRow,
  type ExportColumn,
  encodeCsvChunk,
  encodeCsvChunkBytes,
  formatNumber,
  formatSixDecimals,
  writeCsv,
  writeCsvColumns,
} from './csv-writer';

const columns: ExportColumn[] = [
  { key: 'date', label: 'Date', kind: 'date' },
  { key: 'sites', label: 'Site', kind: 'text' },
  { key: 'revenue', label: 'Revenue', kind: 'money' },
  { key: 'fillRate', label: 'Fill Rate', kind: 'ratio-percent' },
];

async function collect(rows: AsyncIterable<CsvRow[]> | CsvRow[][], totals?: Record<string, number | null>): Promise<string> {
  const out = new PassThrough();
  let text = '';
  out.on('data', (b: Buffer) => (text += b.toString('utf8')));
  await writeCsv(columns, rows, out, totals ? { totals } : {});
  out.end();
  return text;
}

describe('writeCsv', () => {
  it('quotes per RFC 4180 with CRLF and neutralises formula-like text only', async () => {
    const rows: CsvRow[] = [
      { date: '2024-01-01', sites: 'a,b "quoted"', revenue: -1.5, fillRate: 0.5 },
      { date: '2024-01-02', sites: '=HYPERLINK("x")', revenue: 1 / 3, fillRate: null },
      { date: '2024-01-03', sites: '+1', revenue: 0.1 + 0.2, fillRate: 1 },
      { date: '2024-01-04', sites: '-2', revenue: 2, fillRate: 0 },
      { date: '2024-01-05', sites: '@SUM(A1)', revenue: 3, fillRate: 0 },
      { date: '2024-01-06', sites: '\tTab', revenue: 4, fillRate: 0 },
      { date: '2024-01-07', sites: '\rCR', revenue: 5, fillRate: 0 },
      { date: '2024-01-08', sites: 'line1\nline2', revenue: 6, fillRate: 0 },
    ];
    const text = await collect([rows.slice(0, 3), rows.slice(3)], { revenue: 21.433333, fillRate: 0.25 });
    expect(text.split('\r\n')).toEqual([
      'Date,Site,Revenue,Fill Rate',
      '2024-01-01,"a,b ""quoted""",-1.5,0.5', // a negative number stays a number
      `2024-01-02,"'=HYPERLINK(""x"")",0.333333,`,
      "2024-01-03,'+1,0.3,1",
      "2024-01-04,'-2,2,0", // the same text as a string is neutralised
      "2024-01-05,'@SUM(A1),3,0",
      "2024-01-06,'\tTab,4,0",
      `2024-01-07,"'\rCR",5,0`,
      '2024-01-08,"line1\nline2",6,0',
      'Total,,21.433333,0.25',
      '',
    ]);
  });

  it('omits the Total row when the only row already is the total', async () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (b: Buffer) => (text += b.toString('utf8')));
    await writeCsv([{ key: 'revenue', label: 'Revenue', kind: 'money' }], [[{ revenue: 2 }]], out, { totals: { revenue: 2 } });
    expect(text).toBe('Revenue\r\n2\r\n');
    expect(csvCell(null)).toBe('');
    expect(csvCell('Plain')).toBe('Plain');
  });

  it('waits for drain on a slow stream and writes every row', async () => {
    const out = new PassThrough({ highWaterMark: 16 });
    let bytes = 0;
    async function* many(): AsyncGenerator<CsvRow[]> {
      for (let c = 0; c < 50; c += 1)
        yield Array.from({ length: 100 }, (_, n) => ({ date: '2024-01-01', sites: `s${n}`, revenue: n, fillRate: 0 }));
    }
    const done = writeCsv(columns, many(), out);
    out.on('data', (b: Buffer) => (bytes += b.length));
    expect(await done).toBe(5000);
    expect(bytes).toBeGreaterThan(5000 * 20);
  });

  it('writeCsvColumns writes the same bytes from column chunks', async () => {
    const rows: CsvRow[] = [
      { date: '2024-01-01', sites: 'a,b "quoted"', revenue: -1.5, fillRate: 0.5 },
      { date: '2024-01-02', sites: '=HYPERLINK("x")', revenue: 1 / 3, fillRate: null },
      { date: '2024-01-03', sites: '\rCR', revenue: 0.1 + 0.2, fillRate: 1 },
      { date: '2024-01-04', sites: 'line1\nline2', revenue: 1234.5678905, fillRate: 2 / 3 },
    ];
    const asColumns = (part: CsvRow[]) => ({
      rowCount: part.length,
      columns: columns.map((c) => part.map((r) => r[c.key] as string | number | null)),
    });
    async function* chunks() {
      yield asColumns(rows.slice(0, 1));
      yield asColumns(rows.slice(1));
    }
    const out = new PassThrough();
    let text = '';
    out.on('data', (b: Buffer) => (text += b.toString('utf8')));
    expect(await writeCsvColumns(columns, chunks(), out, { totals: { revenue: 1, fillRate: 0.25 } })).toBe(4);
    out.end();
    expect(text).toBe(await collect([rows], { revenue: 1, fillRate: 0.25 }));
  });

  it('encodeCsvChunkBytes is the UTF-8 of encodeCsvChunk, also across buffer growth and non-ASCII text', () => {
    // Rows far longer than the first guess (96 bytes a row) make the buffer grow several times;
    // 3-byte (€, 日本) and 4-byte (😀, a surrogate pair) characters, and a lone surrogate.
    const long = 'x'.repeat(5000);
    const text = ['plain', `€ ${long}`, '日本語, "quoted"', `😀${long}😀`, '=1+1', 'lone \ud800 surrogate', ''];
    const chunk = {
      rowCount: 300,
      columns: [Array.from({ length: 300 }, (_, i) => text[i % text.length] ?? null), Array.from({ length: 300 }, (_, i) => i / 7)],
    };
    const bytes = encodeCsvChunkBytes(chunk, 2);
    const expected = Buffer.from(encodeCsvChunk(chunk, 2), 'utf8');
    expect(bytes.byteLength).toBeGreaterThan(300 * 96);
    expect(Buffer.from(bytes).equals(expected)).toBe(true);
    expect(Buffer.from(encodeCsvChunkBytes({ rowCount: 0, columns: [[]] }, 1)).length).toBe(0);
    // Into a given buffer: a view of it while the bytes fit, else a new buffer with all of them.
    const roomy = new Uint8Array(new SharedArrayBuffer(expected.length + 10));
    const inRoomy = encodeCsvChunkBytes(chunk, 2, roomy);
    expect(inRoomy.buffer).toBe(roomy.buffer);
    expect(Buffer.from(inRoomy).equals(expected)).toBe(true);
    const small = new Uint8Array(new SharedArrayBuffer(1000));
    const outgrown = encodeCsvChunkBytes(chunk, 2, small);
    expect(outgrown.buffer).not.toBe(small.buffer);
    expect(Buffer.from(outgrown).equals(expected)).toBe(true);
  });
});

describe('formatNumber', () => {
  const slow = (v: number) => (Number.isInteger(v) ? String(v) : String(Number(v.toFixed(6))));

  it('writes exactly what toFixed(6) then the shortest form would, on random values, ties and edges', () => {
    // A fixed-seed generator so a failure can be replayed.
    let seed = 42;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const values = [
      0.0000005,
      1.0000005,
      2.5e-7,
      -2.5e-7,
      1e-7,
      -1e-7,
      0.1 + 0.2,
      1.005,
      3_999_999.999_999_9,
      4_000_000.5,
      -0.5,
      1e21 + 0.5,
      5e-324,
    ];
    for (let n = 0; n < 25_000; n += 1) {
      const v = (random() - 0.3) * 10 ** Math.floor(random() * 14 - 7);
      values.push(v, Math.round(v * 1e7) / 1e7, (Math.floor(v * 1e6) + 0.5) / 1e6, Math.round(v * 100) / 100);
    }
    let fast = 0;
    const wrong: string[] = [];
    for (const v of values) {
      if (formatSixDecimals(v) !== null) fast += 1;
      if (formatNumber(v) !== slow(v)) wrong.push(`${v}: ${formatNumber(v)} instead of ${slow(v)}`);
    }
    expect(wrong).toEqual([]);
    // Most values take the fast path (the rest are ties or too big for it).
    expect(fast).toBeGreaterThan(values.length / 2);
  });
});
