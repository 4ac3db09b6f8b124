import { startChdbHttpFront } from '../../test/reports/chdb-http-front';
import { CHDB_DIR, loadChdb } from '../../test/reports/chdb-test-exec';
import { stageFileCases } from '../../test/reports/file-stage-suite';
import { clickHouseClientExec } from './clickhouse-exec';

/* file-stage-suite.ts through the production connection: the file streamed by @clickhouse/client over HTTP to chDB. */
const chdb = loadChdb();
if (!chdb && process.env.CI) throw new Error(`CI must run the ClickHouse tests: run \`npm run chdb:install\` (looked in ${CHDB_DIR}).`);

stageFileCases('over HTTP', !chdb, async () => {
  const front = await startChdbHttpFront(chdb!);
  const exec = clickHouseClientExec(front.url);
  return {
    exec,
    async close() {
      await exec.close();
      await front.close();
    },
  };
});
