/**
 * The reports bench's ClickHouse-over-HTTP leg (`--via http`): the test-only chDB HTTP front
 * (chdb-http-front.ts) on the bench's chDB database, in a process of its own, so the bench process
 * reaches ClickHouse as the product does (@clickhouse/client over HTTP) and its memory figures hold
 * the server side only, as with a real ClickHouse server. Prints the URL; exits when its stdin
 * closes (the bench ended, or died).
 */
import { startChdbHttpFront } from '../apps/server/test/reports/chdb-http-front';
import { CHDB_DIR, loadChdb } from '../apps/server/test/reports/chdb-test-exec';

const dataPath = process.argv[2];
const chdb = loadChdb();
if (!chdb || !dataPath) throw new Error(`usage: chdb-front.ts <chDB data directory> (chDB looked for in ${CHDB_DIR})`);
const front = await startChdbHttpFront(chdb, dataPath);
process.stdout.write(`${front.url}\n`);
process.stdin.resume();
process.stdin.on('end', () => void front.close().then(() => process.exit(0)));
