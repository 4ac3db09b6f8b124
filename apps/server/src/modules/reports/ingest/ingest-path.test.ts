import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { ReportType } from '@pc/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbReportEngine } from '../../../report-engine/duckdb-engine';
import type { StagedFile } from '../../../report-engine/report-engine';
import { ingestPath, ingestSource, type IngestOutcome } from './ingest-file';
import type { FactsFormat } from './parse-facts';

const HEADER = 'kind,date,publisher_id,site_id,product_type,size,brand,deal_name,deal_id,imp_requests,impressions,revenue,net_revenue';
const CLEAN_CSV = [
  HEADER,
  'requests,2024-05-01,P1,s1,Display,,,,,1000,,,',
  'sales,2024-05-01,P1,s1,Display,300x250,Acme,,,,400,2.50,2.00',
  'sales,2024-05-01,P1,s1,Display,728x90,"Acme, Inc",Summer deal,D1,,100,1e-1,0.080',
  '',
  'sales,2024-05-01,P1,s1,Native,728x90,Ünïcødé ✓,,,,0012,0.30000000000000004,-0',
  'requests,2024-05-02,P2,s9,Video,,,,,1.5e3,,,',
  'sales,2024-05-02,P2,s9,Video,1x1,Brand,,,,7,1234567.891,1000000',
].join('\r\n');
const CLEAN_NDJSON = [
  '{"kind":"requests","date":"2024-05-01","publisher_id":"P1","site_id":"s1","product_type":"Display","imp_requests":1000}',
  '{"kind":"sales","date":"2024-05-01","publisher_id":"P1","site_id":"s1","product_type":"Display","size":"300x250","brand":"Acme","impressions":"400","revenue":2.5,"net_revenue":"2.00"}',
  '{"kind": "sales", "date": "2024-05-01", "publisher_id": "P1", "site_id": "s1", "product_type": "Display", "size": "728x90", "brand": "Acme, Inc", "deal_name": "Summer deal", "deal_id": "D1", "impressions": 100, "revenue": 1e-1, "net_revenue": 0.08}',
  '',
  '{"kind":"sales","date":"2024-05-01","publisher_id":"P1","site_id":"s1","product_type":"Native","size":"728x90","brand":"\\u00dcn\\u00efc\\u00f8d\\u00e9 ✓","deal_name":"","impressions":12,"revenue":0.30000000000000004,"net_revenue":-0}',
  '{"kind":"requests","date":"2024-05-02","publisher_id":"P2","site_id":"s9","product_type":"Video","imp_requests":1.5e3}',
].join('\n');

let dir: string;
let n = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'ingest-path-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Every stored fact and derived row of a closed engine file, in a stable order. */
async function storedRows(path: string): Promise<Record<string, unknown[]>> {
  const instance = await DuckDBInstance.create(path);
  const conn = await instance.connect();
  const tables = await conn.runAndReadAll(
    `SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'main' AND table_name <> 'engine_meta' ORDER BY 1`,
  );
  const out: Record<string, unknown[]> = {};
  for (const { t } of tables.getRowObjectsJS() as { t: string }[]) {
    const rows = await conn.runAndReadAll(`SELECT * FROM "${t}" ORDER BY ALL`);
    out[t] = rows.getRowObjectsJson();
  }
  conn.closeSync();
  instance.closeSync();
  return out;
}

/** The file loaded on a fresh engine, by ingestPath or row by row; what stageFile returned when it was offered one. */
async function load(file: string, format: FactsFormat, reportType: ReportType, how: 'path' | 'rows') {
  const dbPath = join(dir, `db-${(n += 1)}.duckdb`);
  const engine = new DuckDbReportEngine(dbPath);
  await engine.init();
  const staged: (StagedFile | null)[] = [];
  const begin = engine.beginIngest.bind(engine);
  engine.beginIngest = async (type) => {
    const run = await begin(type);
    const stageFile = run.stageFile?.bind(run);
    return stageFile ? { ...run, stageFile: async (f) => (staged.push(await stageFile(f)), staged.at(-1) ?? null) } : run;
  };
  const outcome: IngestOutcome =
    how === 'path'
      ? await ingestPath(engine, reportType, file, format)
      : await ingestSource(engine, reportType, createReadStream(file), format);
  await engine.close();
  return { outcome, staged, rows: await storedRows(dbPath) };
}

async function fileOf(content: string, format: FactsFormat): Promise<string> {
  const path = join(dir, `file-${(n += 1)}.${format}`);
  await writeFile(path, content);
  return path;
}

describe('ingestPath: a clean file read by DuckDB loads exactly as row by row', () => {
  it.each([
    ['csv', CLEAN_CSV],
    ['ndjson', CLEAN_NDJSON],
  ] as const)('%s', async (format, content) => {
    const file = await fileOf(content, format);
    const native = await load(file, format, 'revenue', 'path');
    const rows = await load(file, format, 'revenue', 'rows');
    expect(native.staged.map((s) => s?.rows)).toEqual([format === 'csv' ? 6 : 5]);
    expect(native.outcome).toEqual({ ...rows.outcome, publisherIds: expect.arrayContaining(rows.outcome.publisherIds ?? []) });
    expect(native.outcome.publisherIds).toHaveLength(2);
    expect(native.rows).toEqual(rows.rows);
    expect(native.rows.revenue_sales?.length).toBeGreaterThan(0);
  });

  it('recirculation', async () => {
    const csv = ['date,publisher_id,site_id,widget,organic_page_views,organic_clicks', '2024-05-01,P1,s1,Below article,1000,42'].join('\n');
    const file = await fileOf(csv, 'csv');
    const native = await load(file, 'csv', 'recirculation', 'path');
    expect(native.staged.map((s) => s?.rows)).toEqual([1]);
    expect(native.rows).toEqual((await load(file, 'csv', 'recirculation', 'rows')).rows);
  });
});

const CSV_ROW = 'sales,2024-05-01,P1,s1,Display,300x250,Acme,,,,400,2.50,2.00';
const NDJSON_ROW =
  '{"kind":"sales","date":"2024-05-01","publisher_id":"P1","site_id":"s1","product_type":"Display","size":"300x250","brand":"Acme","impressions":400,"revenue":2.5,"net_revenue":2}';

describe('ingestPath: a file breaking a rule is read row by row, with the same outcome', () => {
  const csvCases: [string, string][] = [
    ['whitespace at the end of a text', CSV_ROW.replace('Acme', 'Acme ')],
    ['a no-break space at the start', CSV_ROW.replace('Acme', '\u00a0Acme')],
    ['a double quote inside a text', CSV_ROW.replace('Acme', '"Ac""me"')],
    ['a tab inside a text', CSV_ROW.replace('Acme', 'Ac\tme')],
    ['a vertical tab after the kind', CSV_ROW.replace('sales', 'sales\v')],
    ['a deal id of spaces only', CSV_ROW.replace('Acme,,,', 'Acme,,   ,')],
    ['a NUL byte inside a text', CSV_ROW.replace('Acme', 'Ac\0me')],
    ['a day that does not exist', CSV_ROW.replace('2024-05-01', '2024-02-30')],
    ['a day before 1970', CSV_ROW.replace('2024-05-01', '1969-12-31')],
    ['a day after the last one ClickHouse holds', CSV_ROW.replace('2024-05-01', '2149-06-07')],
    ['the last day ClickHouse holds', CSV_ROW.replace('2024-05-01', '2149-06-06')],
    ['a count with a fraction', CSV_ROW.replace(',400,', ',400.5,')],
    ['a negative amount', CSV_ROW.replace('2.50', '-2.50')],
    ['a number the pattern refuses', CSV_ROW.replace('2.50', '2.')],
    ['a count with a digit separator DuckDB would read', CSV_ROW.replace(',400,', ',4_00,')],
    ['an amount with a comma', CSV_ROW.replace('2.50', '"2,5"')],
    ['a count past the safe integers', CSV_ROW.replace(',400,', ',9007199254740993,')],
    ['an unknown kind', CSV_ROW.replace('sales', 'sale')],
    ['a sales column on a requests row', 'requests,2024-05-01,P1,s1,Display,300x250,,,,1000,,,'],
    ['a missing brand', CSV_ROW.replace('Acme', '')],
    ['a short row', CSV_ROW.slice(0, -5)],
    ['a text over 200 bytes', CSV_ROW.replace('Acme', 'é'.repeat(101))],
    ['a repeated key', `${CSV_ROW}\r\n${CSV_ROW}`],
  ];
  it.each(csvCases)('csv: %s', async (_name, row) => {
    const file = await fileOf(`${HEADER}\n${row}\n`, 'csv');
    const native = await load(file, 'csv', 'revenue', 'path');
    const rows = await load(file, 'csv', 'revenue', 'rows');
    expect(native.staged.every((s) => s === null || _name === 'a repeated key')).toBe(true);
    expect(native.outcome).toEqual(rows.outcome);
    expect(native.rows).toEqual(rows.rows);
  });

  const ndjsonCases: [string, string][] = [
    ['an unknown key', NDJSON_ROW.replace('{', '{"colour":"red",')],
    ['a null value', NDJSON_ROW.replace('{', '{"deal_id":null,')],
    ['a text sent as a number', NDJSON_ROW.replace('"s1"', '17')],
    ['a text sent as true', NDJSON_ROW.replace('"s1"', 'true')],
    ['a text sent as a list', NDJSON_ROW.replace('"s1"', '[1]')],
    ['a count sent as true', NDJSON_ROW.replace(':400,', ':true,')],
    ['a key written with an escape', NDJSON_ROW.replace('"impressions"', '"impression\\u0073"')],
    ['a repeated key in an object', NDJSON_ROW.replace('{', '{"brand":"Other",')],
    ['a count sent as a fraction', NDJSON_ROW.replace(':400,', ':400.5,')],
    ['a number out of range', NDJSON_ROW.replace(':2.5,', ':1e400,')],
    ['a line that is not an object', `${NDJSON_ROW}\n[1,2]`],
    ['a line that is not JSON', `${NDJSON_ROW}\n{"kind":`],
    ['an escaped quote in a text', NDJSON_ROW.replace('Acme', 'Ac\\"me')],
    ['a space-padded numeric string', NDJSON_ROW.replace(':400,', ':" 400",')],
  ];
  it.each(ndjsonCases)('ndjson: %s', async (_name, content) => {
    const file = await fileOf(`${content}\n`, 'ndjson');
    const native = await load(file, 'ndjson', 'revenue', 'path');
    const rows = await load(file, 'ndjson', 'revenue', 'rows');
    expect(native.staged).toEqual([null]);
    expect(native.outcome).toEqual(rows.outcome);
    expect(native.rows).toEqual(rows.rows);
  });

  it('refuses a day outside 1970-01-01 to 2149-06-06 by name, and takes the days at both ends', async () => {
    const file = await fileOf(`${HEADER}\n${CSV_ROW.replace('2024-05-01', '2149-06-07')}\n`, 'csv');
    expect((await load(file, 'csv', 'revenue', 'path')).outcome.errors).toEqual([
      { line: 2, message: expect.stringContaining('must be a day from 1970-01-01 to 2149-06-06') },
    ]);
    const ends = await fileOf(
      `${HEADER}\n${CSV_ROW.replace('2024-05-01', '1970-01-01')}\n${CSV_ROW.replace('2024-05-01', '2149-06-06')}\n`,
      'csv',
    );
    expect((await load(ends, 'csv', 'revenue', 'path')).outcome).toMatchObject({ rowsApplied: 2, errors: [] });
  });

  it('a file that is not UTF-8', async () => {
    const file = join(dir, 'latin1.csv');
    await writeFile(
      file,
      Buffer.concat([Buffer.from(`${HEADER}\n${CSV_ROW.replace('Acme', '')}`), Buffer.from([0xe9]), Buffer.from('\n')]),
    );
    const native = await load(file, 'csv', 'revenue', 'path');
    expect(native.staged).toEqual([null]);
    expect(native.outcome).toEqual((await load(file, 'csv', 'revenue', 'rows')).outcome);
  });
});
