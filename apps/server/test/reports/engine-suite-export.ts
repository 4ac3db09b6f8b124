import { describe, expect, it } from 'vitest';
import type { ReportEngine, ReportQuery, ReportRow } from '../../src/report-engine/report-engine';
import { base } from './engine-suite-query';

/**
 * Part of engineSuite (engine-suite.ts), same facts: what exports read. An engine's column stream
 * and summary are its fast paths for exports, so they must give exactly the rows, order and
 * totals of streamRows and query (the fallbacks every engine has); streamRows gives query's rows.
 */
export function exportCases(engine: () => ReportEngine): void {
  const splits: [string, ReportQuery][] = [
    ['Day x site x brand', base({ interval: 'Day', dimensions: ['sites', 'brand'] })],
    ['Month x size, sorted by revenue', base({ interval: 'Month', dimensions: ['size'], sort: { key: 'revenue', dir: 'desc' } })],
    ['Cumulative, filtered', base({ dimensions: ['product_type'], filters: [{ dimension: 'sites', mode: 'include', values: ['s1'] }] })],
    [
      'Day over years (P3, 700 rows)',
      base({ publisherId: 'P3', dateFrom: '2022-01-01', dateTo: '2023-12-31', interval: 'Day', metrics: ['impressions'] }),
    ],
  ];

  describe('export paths', () => {
    it.each(splits)('%s: streamColumns gives streamRows its rows, in order', async (_, query) => {
      const e = engine();
      if (!e.streamColumns) return;
      const expected: ReportRow[] = [];
      for await (const chunk of e.streamRows(query)) for (const row of chunk) expected.push(row);
      const keys = (await e.query({ ...query, limit: 0 })).columns.map((c) => c.key);
      const got: ReportRow[] = [];
      for await (const chunk of e.streamColumns(query)) {
        expect(chunk.columns).toHaveLength(keys.length);
        for (let i = 0; i < chunk.rowCount; i += 1) got.push(Object.fromEntries(keys.map((k, n) => [k, chunk.columns[n]?.[i] ?? null])));
      }
      expect(got.length).toBeGreaterThan(0);
      // streamRows adds `estimated` on Day/Month rows; the column stream leaves it to the export.
      expect(got).toEqual(expected.map(({ estimated: _estimated, ...row }) => row));
    });

    it.each(splits)('%s: streamRows gives the rows of query, in its order, and all of them', async (_, query) => {
      const e = engine();
      const page = await e.query(query);
      const streamed: ReportRow[] = [];
      for await (const chunk of e.streamRows(query)) streamed.push(...chunk);
      expect(page.rows.length).toBeGreaterThan(0);
      expect(streamed).toHaveLength(page.totalRows);
      expect(streamed.slice(0, page.rows.length)).toEqual(page.rows);
    });

    it.each(splits)('%s: summarize gives the totals of query', async (_, query) => {
      const e = engine();
      if (!e.summarize) return;
      const full = await e.query({ ...query, limit: 0 });
      const summary = await e.summarize(query);
      expect(summary.columns).toEqual(full.columns);
      expect(summary.unavailableMetrics).toEqual(full.unavailableMetrics);
      expect(summary.estimatedFrom).toEqual(full.estimatedFrom);
      for (const [k, v] of Object.entries(full.totals)) {
        if (v === null) expect(summary.totals[k]).toBeNull();
        else expect(summary.totals[k]).toBeCloseTo(v, 9);
      }
    });
  });
}
