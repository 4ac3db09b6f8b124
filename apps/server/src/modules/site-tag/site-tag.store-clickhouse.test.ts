import { startChdbHttpFront } from '../reports/engine/chdb-http-front';
import { chdbExec, CHDB_DIR, loadChdb } from '../reports/engine/chdb-test-exec';
import { ClickHouseReportEngine } from '../reports/engine/clickhouse-engine';
import { clickHouseClientExec, type ClickHouseExec } from '../reports/engine/clickhouse-exec';
import { siteTagStoreSuite } from './site-tag-store-suite';
import { clickHouseSiteTagStore } from './site-tag.clickhouse-store';

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
