import { startChdbHttpFront } from '../../test/reports/chdb-http-front';
import { CHDB_DIR, loadChdb } from '../../test/reports/chdb-test-exec';
import { ClickHouseReportEngine } from './clickhouse-engine';
import { clickHouseClientExec } from './clickhouse-exec';
import { engineSuite } from '../../test/reports/engine-suite';

/*
 * The engine suite through the production connection: @clickhouse/client over HTTP to ClickHouse
 * 26 (chDB behind a test-only front for the HTTP subset the client uses). Same tests, same figures
 * as on DuckDB and on chDB in-process; skipped locally without chDB, a failure in CI.
 */
const chdb = loadChdb();
if (!chdb && process.env.CI)
  throw new Error(`CI must run the ClickHouse engine suite: run \`npm run chdb:install\` (looked in ${CHDB_DIR}).`);

engineSuite(
  'ClickHouse over HTTP (@clickhouse/client to chDB)',
  async () => {
    if (!chdb) throw new Error('unreachable: skipped without chdb');
    const front = await startChdbHttpFront(chdb);
    const exec = clickHouseClientExec(front.url);
    const engine = new ClickHouseReportEngine({
      ...exec,
      async close() {
        await exec.close();
        await front.close();
      },
    });
    await engine.init();
    return engine;
  },
  { skip: !chdb },
);
