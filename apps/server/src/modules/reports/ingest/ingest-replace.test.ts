import { CHDB_DIR, chdbExec, loadChdb } from '../../../../test/reports/chdb-test-exec';
import { clickHouseSubject, dayReplacementCases } from '../../../../test/reports/ingest-replace-suite';
import { DuckDbReportEngine } from '../../../report-engine/duckdb-engine';

/*
 * Re-sending a file replaces its days exactly, and a broken ingestion leaves the old days or the
 * new ones, never a mix: on DuckDB (one transaction) and on ClickHouse in-process (chDB; staged,
 * then published from staging). Over HTTP: ingest-replace-http.test.ts (one chDB per process).
 */
const chdb = loadChdb();
if (!chdb && process.env.CI)
  throw new Error(`CI must run the ClickHouse ingestion tests: run \`npm run chdb:install\` (looked in ${CHDB_DIR}).`);

dayReplacementCases({ name: 'DuckDB', skip: false, open: async () => ({ engine: new DuckDbReportEngine(':memory:') }) });
dayReplacementCases({
  name: 'ClickHouse (chDB in-process)',
  skip: !chdb,
  failPublishes: true,
  open: async () => {
    const exec = chdbExec(chdb!);
    return clickHouseSubject(exec, () => exec.close());
  },
});
