import { chdbExec, CHDB_DIR, loadChdb } from '../../test/reports/chdb-test-exec';
import { ClickHouseReportEngine } from './clickhouse-engine';
import { engineSuite } from '../../test/reports/engine-suite';

/*
 * The engine suite on real ClickHouse (26.x, in-process through chDB). chDB is not in the default
 * install (~550 MB): without it the suite is skipped locally, and CI (CI=true) fails instead, so
 * the ClickHouse path can never silently stop being tested there.
 */
const chdb = loadChdb();
if (!chdb && process.env.CI)
  throw new Error(`CI must run the ClickHouse engine suite: run \`npm run chdb:install\` (looked in ${CHDB_DIR}).`);

engineSuite(
  'ClickHouse (chDB)',
  async () => {
    if (!chdb) throw new Error('unreachable: skipped without chdb');
    const engine = new ClickHouseReportEngine(chdbExec(chdb));
    await engine.init();
    return engine;
  },
  { skip: !chdb },
);
