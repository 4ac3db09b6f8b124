import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportType } from '@pc/contracts';
import { ingestPath, ingestSource } from '../../src/modules/reports/ingest/ingest-file';
import { DERIVED_TABLES } from '../../src/report-engine/clickhouse-derived';
import { ClickHouseReportEngine } from '../../src/report-engine/clickhouse-engine';
import type { ClickHouseExec } from '../../src/report-engine/clickhouse-exec';
import type { StagedFile } from '../../src/report-engine/report-engine';

/**
 * TEST-ONLY (clickhouse-file-stage*.test.ts): ClickHouse's own parser (FactIngest.stageFile)
 * stores a clean file exactly as the row-by-row JavaScript path does, and sends every file breaking
 * a rule of fact-file-rules.ts row by row, where it loads or is refused as before. Each file is
 * loaded into empty tables by ingestSource (JavaScript only), then again by ingestPath (the file
 * offered to stageFile first): the outcomes and every stored row, facts and derived tables, match.
 */
const HEADER = 'kind,date,publisher_id,site_id,product_type,size,brand,deal_name,deal_id,imp_requests,impressions,revenue,net_revenue';
const sale = (over: Partial<Record<string, string>> = {}) => {
  const row: Record<string, string> = {
    kind: 'sales',
    date: '2024-02-29',
    publisher_id: 'P1',
    site_id: 's1',
    product_type: 'Display',
    size: '300x250',
    brand: 'Acme',
    deal_name: '',
    deal_id: '',
    imp_requests: '',
    impressions: '120',
    revenue: '0.30000000000000004',
    net_revenue: '0.1',
    ...over,
  };
  return HEADER.split(',')
    .map((c) => row[c])
    .join(',');
};
const request = (site = 's1', n = '1000') => `requests,2024-02-29,P1,${site},Display,,,,,${n},,,`;

/** Clean CSV: unicode and backslashes in text, numbers in every accepted form, CRLF and blank lines, absent deals. */
const CLEAN_CSV = [
  HEADER,
  request(),
  request('s2', '1e3'),
  sale(),
  sale({ brand: 'Café \\ Ünïcödé 😀', deal_name: 'Deal no', deal_id: 'd-1' }),
  sale({ brand: 'B2', impressions: '007', revenue: '1.5E+2', net_revenue: '-0' }),
  '',
  sale({ brand: 'B3', impressions: '9007199254740991', revenue: '123456789.123456789123', net_revenue: '2.5e-320' }),
  sale({ date: '2148-12-31', brand: 'Far' }),
  sale({ publisher_id: 'P2', date: '2024-03-01', brand: "O'Brien", revenue: '0.1', net_revenue: '0.7' }),
].join('\r\n');

const json = (o: Record<string, unknown>) => JSON.stringify(o);
const base = { date: '2024-02-29', publisher_id: 'P3', site_id: 's1', product_type: 'Video' };
/** Clean NDJSON: numbers as JSON numbers and as strings, escapes, null and missing deals, blank lines. */
const CLEAN_NDJSON = [
  json({ kind: 'requests', ...base, imp_requests: 5 }),
  json({ kind: 'requests', ...base, site_id: 's2', imp_requests: '6' }),
  json({ kind: 'sales', ...base, size: '1x1', brand: 'Acme', deal_name: null, impressions: 1.0, revenue: 0.1, net_revenue: '0.3' }),
  '{"kind":"sales","date":"2024-02-29","publisher_id":"P3","site_id":"s1","product_type":"Video","size":"1x1","brand":"\\u00e9t\\u00e9 \\\\ \\/","impressions":2e1,"revenue":1E-7,"net_revenue":-0.0}',
  '  ',
  `  ${json({ kind: 'sales', ...base, size: '2x2', brand: 'Ünï', deal_name: 'D', deal_id: '9', impressions: '3', revenue: '4', net_revenue: 5 })}\r`,
].join('\n');

/** Files breaking one rule each: [name, format, content]. */
const BROKEN: [string, 'csv' | 'ndjson', string][] = [
  ['not UTF-8', 'csv', `${HEADER}\n${sale({ brand: 'Caf\u00ff' })}`],
  ['a space at an end (trimmed, loads)', 'csv', `${HEADER}\n${sale({ brand: ' Acme' })}`],
  ['a no-break space at an end (trimmed, loads)', 'csv', `${HEADER}\n${sale({ brand: 'Acme\u00a0' })}`],
  ['a tab inside (loads)', 'csv', `${HEADER}\n${sale({ brand: 'Ac\tme' })}`],
  ['a quoted field (loads)', 'csv', `${HEADER}\n${sale({ brand: '"Acme"' })}`],
  ['a quoted comma (loads)', 'csv', `${HEADER}\n${sale({ brand: '"Ac,me"' })}`],
  ['201 bytes of text', 'csv', `${HEADER}\n${sale({ brand: 'x'.repeat(201) })}`],
  ['150 two-byte characters (300 bytes, loads)', 'csv', `${HEADER}\n${sale({ brand: 'é'.repeat(150) })}`],
  ['no such day', 'csv', `${HEADER}\n${sale({ date: '2023-02-29' })}`],
  ['a date without leading zeros', 'csv', `${HEADER}\n${sale({ date: '2024-2-01' })}`],
  ['a year before 1970', 'csv', `${HEADER}\n${sale({ date: '1969-12-31' })}`],
  ['the last day ClickHouse holds (loads)', 'csv', `${HEADER}\n${sale({ date: '2149-06-06' })}`],
  ['a day after it', 'csv', `${HEADER}\n${sale({ date: '2149-06-07' })}`],
  ['a plus sign', 'csv', `${HEADER}\n${sale({ impressions: '+5' })}`],
  ['a hexadecimal number', 'csv', `${HEADER}\n${sale({ revenue: '0x10' })}`],
  ['a fraction of a count', 'csv', `${HEADER}\n${sale({ impressions: '1.5' })}`],
  ['a count past 2^53 - 1', 'csv', `${HEADER}\n${sale({ impressions: '9007199254740992' })}`],
  ['a negative amount', 'csv', `${HEADER}\n${sale({ net_revenue: '-0.5' })}`],
  ['an unknown kind', 'csv', `${HEADER}\n${sale({ kind: 'Sales' })}`],
  ['a requests row with a size', 'csv', `${HEADER}\n${request().replace('Display,,', 'Display,300x250,')}`],
  ['a sales row without a brand', 'csv', `${HEADER}\n${sale({ brand: '' })}`],
  ['a sales row with requests', 'csv', `${HEADER}\n${sale({ imp_requests: '5' })}`],
  ['a field too many', 'csv', `${HEADER}\n${sale()},x`],
  ['a repeated key', 'csv', `${HEADER}\n${sale()}\n${sale()}`],
  ['a line equal to the header', 'csv', `${HEADER}\n${sale()}\n${HEADER}`],
  [
    'a repeated JSON key (the last wins, loads)',
    'ndjson',
    json({ kind: 'requests', ...base, imp_requests: 1 }).replace('{', '{"site_id":"z",'),
  ],
  [
    'an optional column (loads)',
    'ndjson',
    json({ kind: 'sales', ...base, size: 'a', brand: 'b', impressions: 1, revenue: 1, net_revenue: 1, iab_category: '1' }),
  ],
  ['a number for a text', 'ndjson', json({ kind: 'requests', ...base, site_id: 5, imp_requests: 1 })],
  ['an empty text (absent)', 'ndjson', json({ kind: 'requests', ...base, product_type: '', imp_requests: 1 })],
  ['a boolean count', 'ndjson', json({ kind: 'requests', ...base, imp_requests: true })],
  [
    'two objects on a line',
    'ndjson',
    `${json({ kind: 'requests', ...base, imp_requests: 1 })} ${json({ kind: 'requests', ...base, site_id: 'q', imp_requests: 1 })}`,
  ],
  ['an object over two lines', 'ndjson', json({ kind: 'requests', ...base, imp_requests: 1 }).replace(',', ',\n')],
  ['an array', 'ndjson', '[1]'],
  ['a NUL byte', 'ndjson', json({ kind: 'requests', ...base, site_id: 'a\u0000', imp_requests: 1 })],
];

/** Every stored row of the facts and derived tables, as text (a Float64's text is its shortest exact form). */
async function storedRows(exec: ClickHouseExec) {
  const out: Record<string, unknown[]> = {};
  for (const table of ['revenue_requests', 'revenue_sales', ...DERIVED_TABLES]) {
    out[table] = await exec.query(`SELECT * APPLY(toString) FROM ${table} ORDER BY ALL`);
  }
  return out;
}

/** An engine whose stageFile answers are recorded in `staged`. */
function recordingEngine(exec: ClickHouseExec, staged: (StagedFile | null)[]): ClickHouseReportEngine {
  const engine = new ClickHouseReportEngine(exec);
  const begin = engine.beginIngest.bind(engine);
  engine.beginIngest = async (reportType: ReportType) => {
    const run = await begin(reportType);
    const stage = run.stageFile!;
    return { ...run, stageFile: async (file) => (staged.push(await stage(file)), staged.at(-1)!) };
  };
  return engine;
}

/**
 * The cases on one connection (chDB allows one database per process): each file loaded into empty
 * tables row by row (ingestSource), then, the tables emptied again, through ingestPath.
 */
export function stageFileCases(name: string, skip: boolean, open: () => Promise<{ exec: ClickHouseExec; close(): Promise<void> }>): void {
  describe.skipIf(skip)(`ClickHouse stageFile (${name})`, () => {
    let dir: string;
    let exec: ClickHouseExec;
    let close: () => Promise<void>;
    let engine: ClickHouseReportEngine;
    const staged: (StagedFile | null)[] = [];
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'pc-ch-stage-'));
      ({ exec, close } = await open());
      engine = recordingEngine(exec, staged);
      await engine.init();
    }, 60_000);
    afterAll(async () => {
      await close?.();
      await rm(dir, { recursive: true, force: true });
    });

    const empty = async () => {
      for (const table of ['revenue_requests', 'revenue_sales', ...DERIVED_TABLES]) await exec.command(`TRUNCATE TABLE ${table}`);
    };

    /** The file through both paths (after `before`, if given): the same outcome and stored rows; what stageFile answered. */
    async function both(file: string, format: 'csv' | 'ndjson', content: string | Buffer, before?: string) {
      const path = join(dir, `${file.replace(/\W+/g, '-')}.${format}`);
      await writeFile(path, content);
      const read = async function* () {
        yield await readFile(path);
      };
      await empty();
      if (before) await ingestSource(engine, 'revenue', before, format);
      const expected = await ingestSource(engine, 'revenue', read(), format);
      const rows = await storedRows(exec);
      await empty();
      if (before) await ingestSource(engine, 'revenue', before, format);
      const from = staged.length;
      const outcome = await ingestPath(engine, 'revenue', path, format);
      expect({ ...outcome, publisherIds: outcome.publisherIds?.sort() }).toEqual({
        ...expected,
        publisherIds: expected.publisherIds?.sort(),
      });
      expect(await storedRows(exec)).toEqual(rows);
      return staged.slice(from);
    }

    it('stores a clean CSV and NDJSON file exactly as the row-by-row path does', async () => {
      const csv = await both('clean', 'csv', CLEAN_CSV);
      expect(csv).toEqual([{ rows: 8, publisherIds: expect.arrayContaining(['P1', 'P2']) }]);
      expect(await both('clean', 'ndjson', CLEAN_NDJSON)).toEqual([{ rows: 5, publisherIds: ['P3'] }]);
      // Over stored days: they are replaced the same way.
      expect(await both('clean again', 'csv', CLEAN_CSV, CLEAN_CSV.replaceAll('Acme', 'Other'))).toEqual([
        { rows: 8, publisherIds: expect.arrayContaining(['P1', 'P2']) },
      ]);
    }, 120_000);

    it.each(BROKEN)(
      'reads a file with %s row by row, as before',
      async (file, format, content) => {
        const answers = await both(file, format, file === 'not UTF-8' ? Buffer.from(content, 'latin1') : content);
        // A repeated key is staged, then found by duplicates(); stageFile refuses every other file.
        expect(answers).toEqual([file === 'a repeated key' ? expect.objectContaining({ rows: 2 }) : null]);
      },
      60_000,
    );
  });
}
