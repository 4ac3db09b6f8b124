import { startChdbHttpFront } from '../../../test/reports/chdb-http-front';
import { chdbExec, CHDB_DIR, loadChdb } from '../../../test/reports/chdb-test-exec';
import { ClickHouseReportEngine } from '../../report-engine/clickhouse-engine';
import { clickHouseClientExec, type ClickHouseExec } from '../../report-engine/clickhouse-exec';
import { afterAll, describe, expect, it } from 'vitest';
import { siteTagStoreSuite } from '../../../test/site-tag/site-tag-store-suite';
import { DAY, SUITE_EVENTS, iso, today } from '../../../test/site-tag/site-tag-store-suite.events';
import { SITE_TAG_CLICKHOUSE_ROLLUP_DDL } from './site-tag.clickhouse-rollup';
import { clickHouseSiteTagStore } from './site-tag.clickhouse-store';
import { audienceOverview } from './site-tag.queries';

/*
 * The site-tag store suite on real ClickHouse (26.x through chDB), in-process and through the
 * production connection (@clickhouse/client over HTTP): the same events, the same figures as on
 * DuckDB. Skipped locally without chDB (`npm run chdb:install`), a failure in CI.
 */
const chdb = loadChdb();
if (!chdb && process.env.CI)
  throw new Error(`CI must run the ClickHouse site-tag suite: run \`npm run chdb:install\` (looked in ${CHDB_DIR}).`);

/** The report engine and the site-tag store on one ClickHouse connection; `after` runs last on close. */
async function onClickHouse(exec: ClickHouseExec, after?: () => Promise<void>) {
  const engine = new ClickHouseReportEngine(exec);
  await engine.init();
  const store = clickHouseSiteTagStore(engine.connection);
  return {
    engine,
    store,
    async close() {
      await store.close();
      await engine.close();
      await after?.();
    },
  };
}

siteTagStoreSuite(
  'ClickHouse (chDB)',
  async () => {
    if (!chdb) throw new Error('unreachable: skipped without chdb');
    return onClickHouse(chdbExec(chdb));
  },
  { skip: !chdb },
);

siteTagStoreSuite(
  'ClickHouse over HTTP (@clickhouse/client to chDB)',
  async () => {
    if (!chdb) throw new Error('unreachable: skipped without chdb');
    const front = await startChdbHttpFront(chdb);
    return onClickHouse(clickHouseClientExec(front.url), () => front.close());
  },
  { skip: !chdb },
);

// An upgrade: events stored before the rollups existed (no views, no rollup tables) are rolled up
// at the first start, and the views take over for the events after it.
describe.skipIf(!chdb)('site-tag rollups on ClickHouse: the first start fills them from the stored events', () => {
  let t: Awaited<ReturnType<typeof onClickHouse>> | undefined;
  afterAll(async () => {
    await t?.close();
  });

  it('gives the same overview as rollups fed by the views, and counts events appended after it', async () => {
    if (!chdb) throw new Error('unreachable: skipped without chdb');
    t = await onClickHouse(chdbExec(chdb));
    await t.store.init();
    await t.store.write(async (run) => {
      // Back to the schema before the rollups (every CREATE of the rollup DDL undone), the events kept.
      for (const ddl of SITE_TAG_CLICKHOUSE_ROLLUP_DDL.toReversed()) {
        const [, kind, name] = /CREATE (TABLE|MATERIALIZED VIEW) IF NOT EXISTS (\w+)/.exec(ddl) ?? [];
        if (!name) continue;
        await run(`DROP ${kind === 'TABLE' ? 'TABLE' : 'VIEW'} ${name}`);
      }
    });
    await t.store.append(SUITE_EVENTS.slice(0, 12));
    await t.store.init();
    await t.store.append(SUITE_EVENTS.slice(12));
    const all = { publisherId: '1001', siteId: null, from: iso(today - 3 * DAY), to: iso(today) };
    const o = await audienceOverview(t.store, all);
    expect(o.totals).toEqual({ pageViews: 8, visitors: 7, visits: 6, avgEngagedSeconds: 17.5, avgScrollDepth: 32.5 });
    expect(o.previous).toEqual({ pageViews: 1, visitors: 1, visits: 1, avgEngagedSeconds: 20, avgScrollDepth: 40 });
    // A second start does not fill them again.
    await t.store.init();
    expect((await audienceOverview(t.store, all)).totals.pageViews).toBe(8);
  });
});
