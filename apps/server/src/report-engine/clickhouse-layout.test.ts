import { describe, expect, it } from 'vitest';
import { chdbEngineWithFacts, p1RevenueQuery } from '../../test/reports/chdb-facts-engine';
import { loadChdb } from '../../test/reports/chdb-test-exec';
import { BOTH_GRAINS_TABLE, DAY_ROWS, DERIVED_TABLES } from './clickhouse-derived';

/*
 * ClickHouse's derived tables (clickhouse-derived.ts) outside ingest(): a database at layout 1 is
 * rebuilt once on start, one at layout 2 gains its request and sales sums side by side and its
 * month copies' row counts, and facts loaded around ingestion (the bench's copy) are summed by
 * rebuildDerived. Figures: test-facts.ts (P1, 2024-01-30..2024-02-01: r 2500, i 1400, rv 8).
 */
const chdb = loadChdb();
const query = p1RevenueQuery;

describe.skipIf(!chdb)('ClickHouse derived tables', () => {
  const ch = chdbEngineWithFacts(chdb!);

  const figures = async () => {
    const month = await ch.engine.query(query({ interval: 'Month', dimensions: ['sites', 'size', 'brand'] }));
    const day = await ch.engine.query(query({ interval: 'Day', dimensions: ['size'], metrics: ['impressions', 'revenue'] }));
    // Request and sales metrics: read from BOTH_GRAINS_TABLE and its month copy.
    const both = await ch.engine.query(query({ interval: 'Month', dimensions: ['sites'], dateTo: '2024-02-15' }));
    // An exact Day grain of three dimensions: its row count from the month copies' DAY_ROWS.
    const exact = await ch.engine.query(query({ interval: 'Day', dimensions: ['sites', 'size', 'brand'], metrics: ['impressions'] }));
    return {
      exact: [exact.totalRows, exact.totals],
      month: [month.totalRows, month.totals],
      day: [day.totalRows, day.totals, day.rows],
      both: [both.totalRows, both.totals, both.rows],
    };
  };

  it('a layout 1 database (views, no layout row) is rebuilt on start: same figures', async () => {
    const expected = await figures();
    expect(expected.month[0]).toBe(5);
    expect(expected.month[1]).toMatchObject({ impressions: 1400, revenue: 8 });
    // Layout 1: a view on the facts, derived tables out of step, no layout recorded.
    await ch.exec.command('TRUNCATE TABLE engine_meta');
    await ch.exec.command('CREATE VIEW revenue_sales_by_deal_mv AS SELECT 1 AS x');
    for (const table of DERIVED_TABLES) await ch.exec.command(`TRUNCATE TABLE ${table}`);
    expect((await ch.engine.query(query({}))).totals.impressions).toBe(0);
    await ch.engine.init();
    expect(await figures()).toEqual(expected);
    const views = await ch.exec.query(`SELECT name FROM system.tables WHERE database = currentDatabase() AND name LIKE '%\\_mv'`);
    expect(views).toEqual([]);
  });

  it('a layout 2 database (no request and sales sums side by side, no month copy row counts) is rebuilt on start: same figures', async () => {
    const expected = await figures();
    expect(expected.both[1]).toMatchObject({ impRequests: 2500, impressions: 1400, revenue: 8 });
    expect(expected.exact[0]).toBeGreaterThan(0);
    await ch.exec.command('TRUNCATE TABLE engine_meta');
    await ch.exec.insert('engine_meta', [{ key: 'layout_version', value: 2, version: 1 }]);
    for (const table of [BOTH_GRAINS_TABLE, `${BOTH_GRAINS_TABLE}_m`]) await ch.exec.command(`DROP TABLE ${table}`);
    const monthCopies = DERIVED_TABLES.filter((t) => t.endsWith('_m') && !t.startsWith(BOTH_GRAINS_TABLE));
    expect(monthCopies.length).toBeGreaterThan(5);
    for (const table of monthCopies) await ch.exec.command(`ALTER TABLE ${table} DROP COLUMN ${DAY_ROWS}`);
    await ch.engine.init();
    expect(await figures()).toEqual(expected);
  });

  it("a file touching thousands of publishers' months publishes, each statement within ClickHouse's 256 KiB of text", async () => {
    // 3,000 publisher-months make a month filter of about 170 KB: once per statement it fits; once
    // per month copy (nine) it did not, and the publish failed.
    const publishers = Array.from({ length: 3_000 }, (_, n) => `PQ${String(n).padStart(5, '0')}`);
    const sales = (impressions: number) =>
      publishers.map((publisherId) => ({
        date: '2024-03-05',
        publisherId,
        siteId: 's',
        productType: 'Display',
        size: '300x250',
        brand: 'B',
        dealName: '',
        dealId: '',
        impressions,
        revenue: 1,
        netRevenue: 0.5,
      }));
    await ch.engine.ingest({ reportType: 'revenue', requests: [], sales: sales(10) });
    // Again: every month is held now, so the month copies' rows go through the same filters.
    await ch.engine.ingest({ reportType: 'revenue', requests: [], sales: sales(20) });
    for (const publisherId of [publishers[0]!, publishers.at(-1)!]) {
      const month = await ch.engine.query({
        ...query({ interval: 'Month', metrics: ['impressions'] }),
        publisherId,
        dateFrom: '2024-03-01',
        dateTo: '2024-03-31',
      });
      expect(month.rows.map((r) => [r.month, r.impressions])).toEqual([['2024-03', 20]]);
    }
  });

  it('facts loaded around ingest() are summed by rebuildDerived', async () => {
    const expected = await figures();
    await ch.exec.command(`INSERT INTO revenue_sales SELECT * FROM revenue_sales WHERE publisher_id = 'P1'`);
    await ch.exec.command(`INSERT INTO revenue_requests SELECT * FROM revenue_requests WHERE publisher_id = 'P1'`);
    await ch.engine.rebuildDerived();
    const doubled = await ch.engine.query(query({ interval: 'Month', dimensions: ['sites'] }));
    expect(doubled.totals).toMatchObject({ impRequests: 5000, impressions: 2800, revenue: 16 });
    const day = await ch.engine.query(query({ interval: 'Day', dimensions: ['size'], metrics: ['impressions', 'revenue'] }));
    expect(day.totalRows).toBe(expected.day[0]);
    expect(day.totals).toMatchObject({ impressions: 2800, revenue: 16 });
  });
});
