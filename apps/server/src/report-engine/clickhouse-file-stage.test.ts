import { CHDB_DIR, chdbExec, loadChdb } from '../../test/reports/chdb-test-exec';
import { stageFileCases } from '../../test/reports/file-stage-suite';

/* A clean file staged by ClickHouse's parser is stored as the row-by-row path stores it (file-stage-suite.ts): chDB in-process. */
const chdb = loadChdb();
if (!chdb && process.env.CI) throw new Error(`CI must run the ClickHouse tests: run \`npm run chdb:install\` (looked in ${CHDB_DIR}).`);

stageFileCases('chDB in-process', !chdb, async () => {
  const exec = chdbExec(chdb!);
  return { exec, close: () => exec.close() };
});
