import { startChdbHttpFront } from '../../../../test/reports/chdb-http-front';
import { CHDB_DIR, loadChdb } from '../../../../test/reports/chdb-test-exec';
import { clickHouseSubject, dayReplacementCases } from '../../../../test/reports/ingest-replace-suite';
import { clickHouseClientExec } from '../../../report-engine/clickhouse-exec';

/* ingest-replace.test.ts's cases through the production connection: @clickhouse/client over HTTP to chDB. */
const chdb = loadChdb();
if (!chdb && process.env.CI)
  throw new Error(`CI must run the ClickHouse ingestion tests: run \`npm run chdb:install\` (looked in ${CHDB_DIR}).`);

dayReplacementCases({
  name: 'ClickHouse over HTTP (@clickhouse/client to chDB)',
  skip: !chdb,
  failPublishes: true,
  open: async () => {
    const front = await startChdbHttpFront(chdb!);
    const exec = clickHouseClientExec(front.url);
    return clickHouseSubject(exec, async () => {
      await exec.close();
      await front.close();
    });
  },
});
