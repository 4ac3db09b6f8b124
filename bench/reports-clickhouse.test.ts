import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateBulkFacts } from '../apps/server/src/modules/reports/demo/bulk-facts';
import { loadChdb } from '../apps/server/test/reports/chdb-test-exec';
import { DuckDbReportEngine } from '../apps/server/src/report-engine/duckdb-engine';
import type { ReportQuery, ReportResult } from '../apps/server/src/report-engine/report-engine';
import { engineFlag, numberFlag, openClickHouseBench, sameAnswer, viaFlag } from './reports-clickhouse';

const result = (totalRows: number, revenue: number | null): ReportResult => ({
  columns: [],
  rows: [],
  totalRows,
  totals: { revenue },
  unavailableMetrics: {},
});

const rounded = (rows: ReportResult['rows']) =>
  rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' ? Number(v.toPrecision(10)) : v])));

describe('reports bench flags', () => {
  it('reads --engine in both spellings, defaults to DuckDB and refuses other engines', () => {
    expect(engineFlag(['node', 'reports.ts'])).toBe('duckdb');
    expect(engineFlag(['node', 'reports.ts', '--engine', 'clickhouse'])).toBe('clickhouse');
    expect(engineFlag(['node', 'reports.ts', '--engine=clickhouse'])).toBe('clickhouse');
    expect(() => engineFlag(['--engine', 'postgres'])).toThrow(/duckdb or clickhouse/);
  });

  it('reads --via, in-process by default, and refuses other ways', () => {
    expect(viaFlag([])).toBe('in-process');
    expect(viaFlag(['--via', 'http'])).toBe('http');
    expect(viaFlag(['--via=http'])).toBe('http');
    expect(() => viaFlag(['--via', 'tcp'])).toThrow(/in-process or http/);
  });

  it('takes --rows from the flag, then the environment, then the default', () => {
    expect(numberFlag(['--rows', '2000'], 'rows', '50', 10)).toBe(2000);
    expect(numberFlag(['--rows=3000'], 'rows', undefined, 10)).toBe(3000);
    expect(numberFlag([], 'rows', '50', 10)).toBe(50);
    expect(numberFlag([], 'rows', undefined, 10)).toBe(10);
    expect(() => numberFlag(['--rows', 'many'], 'rows', undefined, 10)).toThrow(/positive number/);
  });

  it('calls two answers the same only with equal row counts and totals', () => {
    expect(sameAnswer(result(10, 5.25), result(10, 5.25 + 1e-9))).toBe(true);
    expect(sameAnswer(result(10, 5.25), result(11, 5.25))).toBe(false);
    expect(sameAnswer(result(10, 5.25), result(10, 5.26))).toBe(false);
    expect(sameAnswer(result(10, null), result(10, 0))).toBe(false);
  });
});

// The copy into ClickHouse needs chDB (`npm run chdb:install`), like the engine suite.
const chdb = loadChdb();
describe.skipIf(!chdb)('reports bench on ClickHouse (chDB)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-bench-ch-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('copies the DuckDB bench facts into ClickHouse, answers every class the same, and reuses the copy', async () => {
    const duck = new DuckDbReportEngine(path.join(dir, 'facts.duckdb'));
    await duck.init();
    const summary = await generateBulkFacts(duck, { rows: 3_000, publishers: 2, endDate: '2025-03-15', months: 2 });
    const queries: ReportQuery[] = [
      {
        reportType: 'revenue',
        publisherId: 'bulk-01',
        dateFrom: summary.dateFrom,
        dateTo: summary.dateTo,
        dimensions: [],
        metrics: ['impressions', 'revenue', 'fillRate'],
        interval: 'Day',
      },
      {
        reportType: 'revenue',
        publisherId: 'bulk-01',
        dateFrom: summary.dateFrom,
        dateTo: summary.dateTo,
        dimensions: ['sites', 'size', 'brand'],
        metrics: ['revenue', 'eCpm'],
        interval: 'Month',
      },
      {
        reportType: 'revenue',
        publisherId: 'bulk-02',
        dateFrom: summary.dateFrom,
        dateTo: summary.dateTo,
        dimensions: ['product_type', 'deal_name'],
        metrics: ['netRevenue', 'impRequests'],
        interval: 'Cumulative',
      },
    ];
    const first = await openClickHouseBench(duck, dir, 3_000, 1);
    try {
      for (const q of queries) {
        const [a, b] = [await duck.query(q), await first.engine.query(q)];
        expect(b.totalRows).toBeGreaterThan(0);
        expect(sameAnswer(a, b)).toBe(true);
        // Same rows; floating sums may differ in the last bits between engines.
        expect(rounded(b.rows)).toEqual(rounded(a.rows));
      }
    } finally {
      await first.engine.close();
    }
    // Same rows and version: the data is reused, not copied twice (figures unchanged).
    const second = await openClickHouseBench(duck, dir, 3_000, 1);
    try {
      const again = await second.engine.query(queries[0] as ReportQuery);
      expect(sameAnswer(await duck.query(queries[0] as ReportQuery), again)).toBe(true);
    } finally {
      await second.engine.close();
    }
    // --via http: the same database served by a child process, read through @clickhouse/client.
    const third = await openClickHouseBench(duck, dir, 3_000, 1, 'http');
    try {
      expect(third.label).toMatch(/over HTTP/);
      for (const q of queries) expect(sameAnswer(await duck.query(q), await third.engine.query(q))).toBe(true);
    } finally {
      await third.engine.close();
      await duck.close();
    }
  }, 120_000);
});
