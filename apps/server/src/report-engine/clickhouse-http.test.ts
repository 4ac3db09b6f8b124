import { createClient, type ClickHouseSettings } from '@clickhouse/client';
import { describe, expect, it } from 'vitest';
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

describe.skipIf(!chdb)('the test HTTP front, for statements longer than the client waits on a quiet socket', () => {
  const sleepTwoSeconds = async (settings: ClickHouseSettings) => {
    if (!chdb) throw new Error('unreachable: skipped without chdb');
    const front = await startChdbHttpFront(chdb);
    const client = createClient({ url: front.url, request_timeout: 1000, clickhouse_settings: settings });
    try {
      return await (await client.query({ query: 'SELECT sleep(2) AS slept', format: 'JSONEachRow' })).json();
    } finally {
      await client.close();
      await front.close();
    }
  };

  it('keeps the socket busy while the statement runs when progress is asked for, as a server does', async () => {
    expect(await sleepTwoSeconds({ send_progress_in_http_headers: 1, http_headers_progress_interval_ms: '200' })).toEqual([{ slept: 0 }]);
  });

  it('sends nothing until the answer otherwise, so the client gives up', async () => {
    await expect(sleepTwoSeconds({})).rejects.toThrow(/timeout/i);
    // Its close waited for the statement the client left, so chDB opens the next session.
    if (!chdb) throw new Error('unreachable: skipped without chdb');
    await (await startChdbHttpFront(chdb)).close();
  });
});
