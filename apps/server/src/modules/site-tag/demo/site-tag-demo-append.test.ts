import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chdbExec, CHDB_DIR, loadChdb } from '../../../../test/reports/chdb-test-exec';
import { ClickHouseReportEngine } from '../../../report-engine/clickhouse-engine';
import { DuckDbReportEngine } from '../../../report-engine/duckdb-engine';
import { clickHouseSiteTagStore } from '../site-tag.clickhouse-store';
import { audienceOverview, sitePerformance } from '../site-tag.queries';
import { duckDbSiteTagStore, type SiteTagEventStore } from '../site-tag.store';
import { replaceDemoEvents } from './site-tag-demo-append';
import type { DemoTrafficDay } from './site-tag-demo-events';

/*
 * The demo seed on ClickHouse (CLICKHOUSE_URL): its generated events go through the store's
 * interface, and the audience and performance pages show the same figures as the demo on DuckDB.
 */
const chdb = loadChdb();
if (!chdb && process.env.CI)
  throw new Error(`CI must run the ClickHouse demo seed test: run \`npm run chdb:install\` (looked in ${CHDB_DIR}).`);

const DAY = 86_400_000;
const today = Date.parse(new Date().toISOString().slice(0, 10));
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
/** Ten days ending yesterday, two sites of one publisher (one sampled one in 5), one site of another. */
const plan: DemoTrafficDay[] = Array.from({ length: 10 }, (_, i) => today - (10 - i) * DAY).flatMap((dayMs, i) => [
  { publisherId: '1001', siteId: '5001', dayMs, pageViews: 200 + 10 * i, slowness: 1, lcpMs: 1100, countries: ['US', 'GB'] },
  { publisherId: '1001', siteId: '5002', dayMs, pageViews: 80, slowness: i > 6 ? 1.5 : 1, lcpMs: 1500, countries: ['DE'], sampleOneIn: 5 },
  { publisherId: '1002', siteId: '5101', dayMs, pageViews: 50, slowness: 1, lcpMs: 900, countries: ['FR'] },
]);
const week = { publisherId: '1001', siteId: null, from: iso(today - 7 * DAY), to: iso(today - DAY) };

describe.skipIf(!chdb)('demo site-tag events on ClickHouse', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pc-demo-ch-'));
  const duckEngine = new DuckDbReportEngine(path.join(dir, 'facts.duckdb'));
  let chEngine: ClickHouseReportEngine;
  let duck: SiteTagEventStore;
  let ch: SiteTagEventStore;

  beforeAll(async () => {
    if (!chdb) throw new Error('unreachable: skipped without chdb');
    await duckEngine.init();
    duck = duckDbSiteTagStore(duckEngine);
    await duck.init();
    chEngine = new ClickHouseReportEngine(chdbExec(chdb));
    await chEngine.init();
    ch = clickHouseSiteTagStore(chEngine.connection);
    await ch.init();
    await replaceDemoEvents(duck, plan);
    // Seeded twice on ClickHouse: the second replaces the first (deleted events leave the views' tables too).
    await replaceDemoEvents(ch, plan);
    await replaceDemoEvents(ch, plan);
  });
  afterAll(async () => {
    await duck?.close();
    await duckEngine.close();
    await ch?.close();
    await chEngine?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores the same events as the seed on DuckDB', async () => {
    const count = (s: SiteTagEventStore) =>
      s.query(
        `SELECT kind, CAST(count(*) AS INTEGER) AS n, CAST(sum(weight) AS INTEGER) AS w FROM site_tag_events GROUP BY kind ORDER BY kind`,
      );
    const rows = await count(duck);
    expect(rows.map((r) => r.kind)).toEqual(['en', 'pv', 'wv']);
    expect(await count(ch)).toEqual(rows);
  });

  it('gives the same audience overview and performance page as the demo on DuckDB', async () => {
    const o = await audienceOverview(ch, week);
    expect(o).toEqual(await audienceOverview(duck, week));
    // By hand from the plan: site 5001's page views on the last seven days, plus 5002's 80 a day at weight 5.
    const expected = [3, 4, 5, 6, 7, 8, 9].reduce((a, i) => a + 200 + 10 * i, 0) + 7 * 80 * 5;
    expect(o.totals.pageViews).toBe(expected);
    expect(o.totals.visitors).toBeGreaterThan(0);
    expect(o.totals.avgEngagedSeconds).not.toBeNull();
    expect(await sitePerformance(ch, week)).toEqual(await sitePerformance(duck, week));
    const other = { ...week, publisherId: '1002' };
    expect((await audienceOverview(ch, other)).totals).toEqual((await audienceOverview(duck, other)).totals);
  });
});
