import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-app';
import { startServerProcess, type ServerProcess } from '../../../test/server-process';

/**
 * Two real server processes (main.ts) on one PostgreSQL (DATABASE_URL) without CLICKHOUSE_URL:
 * each would keep report facts in its own DATA_DIR/facts.duckdb, and publishers would see
 * different figures depending on which process answered. The embedded fact store registers
 * itself in PostgreSQL; a second store is refused at start, the same data folder is not.
 */
const started: ServerProcess[] = [];
const dirs: string[] = [];
let dropDb: (() => Promise<void>) | null = null;
afterAll(async () => {
  for (const s of started) await s.stop('SIGKILL').catch(() => undefined);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  await dropDb?.();
}, 60_000);

describe('the embedded fact store on a shared database', () => {
  it('refuses a second store (naming CLICKHOUSE_URL), and accepts the same data folder again', async () => {
    const database = await createTestDatabase();
    dropDb = database.drop;
    const env = { DATABASE_URL: database.url, CLICKHOUSE_URL: '', UPTIME_SCHEDULER: 'false' };
    const first = await startServerProcess({ name: 'facts-a', keepData: true, env });
    started.push(first);
    dirs.push(first.dataDir);

    const second = await startServerProcess({ name: 'facts-b', env, readyTimeoutMs: 90_000 }).then(
      (s) => (started.push(s), null),
      (err: Error) => err,
    );
    expect(second, 'the second process started with facts of its own').toBeInstanceOf(Error);
    const message = second!.message;
    expect(message).toContain('CLICKHOUSE_URL');
    expect(message).toContain(first.dataDir);
    expect(message).toContain('docs/operations.md');
    // The refused start had left nothing open, so it ended without the fallback exit (runtime.ts).
    expect(message).not.toContain('after stopping');

    // The same data folder restarted is the same store.
    await first.stop();
    const again = await startServerProcess({ name: 'facts-a2', dataDir: first.dataDir, env });
    started.push(again);
    expect((await fetch(`${again.base}/readyz`)).status).toBe(200);
    await again.stop();
  }, 420_000);
});
