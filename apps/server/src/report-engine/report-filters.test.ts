import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chdbExec, loadChdb } from '../../test/reports/chdb-test-exec';
import { ClickHouseReportEngine } from './clickhouse-engine';
import { DuckDbReportEngine } from './duckdb-engine';
import type { ReportEngine, ReportQuery } from './report-engine';
import { loadTestFacts } from '../../test/reports/test-facts';

/*
 * Filters over the hand-checked facts of test-facts.ts (publisher P1, 2024-01-30..2024-02-01):
 *   sales  1: 01-30 s1 Display 300x250 Acme     i 400 rv 2
 *          2: 01-30 s1 Display 728x90  Globex   i 100 rv 1   (deal Summer)
 *          3: 01-30 s1 Video   Video   Acme     i  50 rv 1.5
 *          4: 01-31 s2 Display 300x250 Acme     i 250 rv 0.5
 *          5: 02-01 s1 Display 300x250 Globex   i 600 rv 3
 *   requests: 01-30 s1 Display 1000, s1 Video 200; 01-31 s2 Display 500; 02-01 s1 Display 800, s2 Native 0
 */
const base = (over: Partial<ReportQuery>): ReportQuery => ({
  reportType: 'revenue',
  publisherId: 'P1',
  dateFrom: '2024-01-30',
  dateTo: '2024-02-01',
  dimensions: [],
  metrics: ['impRequests', 'impressions', 'revenue'],
  interval: 'Cumulative',
  ...over,
});

// The same figures on DuckDB and on ClickHouse (chDB; skipped locally without it, see engine-suite.ts).
const chdb = loadChdb();
const ENGINES: [string, () => ReportEngine, boolean][] = [
  ['DuckDB', () => new DuckDbReportEngine(':memory:'), false],
  ['ClickHouse (chDB)', () => new ClickHouseReportEngine(chdbExec(chdb!)), !chdb],
];

for (const [name, open, skip] of ENGINES)
  describe.skipIf(skip)(`report filters: ${name}`, () => {
    let engine: ReportEngine;
    beforeAll(async () => {
      engine = open();
      await engine.init();
      await loadTestFacts(engine, { recirculation: true });
    });
    afterAll(async () => engine?.close());

    it('include a brand: only its sales count, request metrics are unavailable and say why', async () => {
      const res = await engine.query(base({ dimensions: ['sites'], filters: [{ dimension: 'brand', mode: 'include', values: ['Acme'] }] }));
      // Acme: Alpha 400 + 50 = 450 (rv 3.5), Beta 250 (rv 0.5).
      expect(res.rows.map((r) => [r.sites, r.impressions, r.revenue, r.impRequests])).toEqual([
        ['Alpha News', 450, 3.5, null],
        ['Beta Blog', 250, 0.5, null],
      ]);
      expect(res.totals).toMatchObject({ impressions: 700, revenue: 4, impRequests: null });
      expect(res.unavailableMetrics.impRequests).toBe(
        "Impression requests are counted per site and product type, so they can't be filtered by Brand.",
      );
    });

    it('exclude a brand', async () => {
      const res = await engine.query(
        base({ metrics: ['impressions', 'revenue'], filters: [{ dimension: 'brand', mode: 'exclude', values: ['Acme'] }] }),
      );
      // Globex only: 100 + 600 = 700 impressions, 1 + 3 = 4 revenue.
      expect(res.rows).toEqual([{ impressions: 700, revenue: 4 }]);
    });

    it('a site filter keeps request metrics (request grain) and filters both tables', async () => {
      const res = await engine.query(
        base({
          dimensions: ['product_type'],
          metrics: ['impRequests', 'impressions', 'fillRate'],
          filters: [{ dimension: 'sites', mode: 'include', values: ['s2'] }],
        }),
      );
      // s2: Display r 500 i 250 (fill 0.5), Native r 0 i 0 (fill null).
      expect(res.rows).toEqual([
        { product_type: 'Display', impRequests: 500, impressions: 250, fillRate: 0.5 },
        { product_type: 'Native', impRequests: 0, impressions: 0, fillRate: null },
      ]);
      expect(res.unavailableMetrics).toEqual({});
      expect(res.totals).toMatchObject({ impRequests: 500, impressions: 250, fillRate: 0.5 });
    });

    it('excluding a product type', async () => {
      const res = await engine.query(
        base({ dimensions: ['sites'], filters: [{ dimension: 'product_type', mode: 'exclude', values: ['Display'] }] }),
      );
      // s1 Video r 200 i 50 rv 1.5 ; s2 Native r 0 i 0.
      expect(res.rows.map((r) => [r.sites, r.impRequests, r.impressions, r.revenue])).toEqual([
        ['Alpha News', 200, 50, 1.5],
        ['Beta Blog', 0, 0, 0],
      ]);
    });

    it('filters combine (AND) and count rows themselves instead of the stored group counts', async () => {
      const res = await engine.query(
        base({
          interval: 'Day',
          dimensions: ['size', 'brand'],
          metrics: ['impressions'],
          filters: [
            { dimension: 'brand', mode: 'include', values: ['Globex'] },
            { dimension: 'sites', mode: 'include', values: ['s1'] },
          ],
        }),
      );
      expect(res.totalRows).toBe(2);
      expect(res.rows.map((r) => [r.date, r.size, r.brand, r.impressions])).toEqual([
        ['2024-01-30', '728x90', 'Globex', 100],
        ['2024-02-01', '300x250', 'Globex', 600],
      ]);
      expect(res.totals.impressions).toBe(700);
    });

    it('recirculation: a widget filter counts those widgets, a site filter drops the site', async () => {
      const q = { ...base({}), reportType: 'recirculation' as const, metrics: ['organicPageViews' as const, 'organicClicks' as const] };
      const explore = await engine.query({
        ...q,
        dimensions: ['sites'],
        filters: [{ dimension: 'widget', mode: 'include', values: ['Explore More'] }],
      });
      expect(explore.rows).toEqual([{ sites: 'Alpha News', organicPageViews: 400, organicClicks: 20 }]);
      const notAlpha = await engine.query({ ...q, filters: [{ dimension: 'sites', mode: 'exclude', values: ['s1'] }] });
      expect(notAlpha.rows).toEqual([{ organicPageViews: 300, organicClicks: 3 }]);
    });

    it('refuses filters on unknown or repeated dimensions; empty value lists are ignored', async () => {
      await expect(engine.query(base({ filters: [{ dimension: 'widget', mode: 'include', values: ['x'] }] }))).rejects.toThrow(
        /Unknown dimension/,
      );
      await expect(
        engine.query(
          base({
            filters: [
              { dimension: 'brand', mode: 'include', values: ['Acme'] },
              { dimension: 'brand', mode: 'exclude', values: ['Globex'] },
            ],
          }),
        ),
      ).rejects.toThrow(/filtered twice/);
      const all = await engine.query(base({ metrics: ['impressions'], filters: [{ dimension: 'brand', mode: 'include', values: [] }] }));
      expect(all.totals.impressions).toBe(1400);
    });

    it('streams filtered rows for exports', async () => {
      const rows = [];
      for await (const chunk of engine.streamRows(
        base({ dimensions: ['brand'], metrics: ['impressions'], filters: [{ dimension: 'size', mode: 'include', values: ['300x250'] }] }),
      ))
        rows.push(...chunk);
      // 300x250: Acme 400 + 250 = 650, Globex 600.
      expect(rows).toEqual([
        { brand: 'Acme', impressions: 650 },
        { brand: 'Globex', impressions: 600 },
      ]);
    });
  });
