import { describe, expect, it } from 'vitest';
import { DuckDbConnections, EngineClosedError } from './duckdb-connections';

// Long enough that close() arrives while DuckDB runs it (a second or more on two cores).
const SLOW = 'SELECT sum(i) AS s FROM range(400000000) t(i)';
// Minutes unless interrupted.
const ENDLESS = 'SELECT sum(i) AS s FROM range(100000000000) t(i)';

describe('DuckDbConnections.close', () => {
  it('lets the running write finish and refuses the writes queued behind it or sent after', async () => {
    const conns = await DuckDbConnections.open(':memory:');
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const first = conns.write(async (w) => {
      started();
      return (await w.runAndReadAll(SLOW)).getRowObjectsJS()[0]?.s;
    });
    const queued = conns.write(async (w) => (await w.runAndReadAll('SELECT 1 AS one')).getRowObjectsJS());
    await running;
    const closed = conns.close();
    const after = conns.write(async (w) => (await w.runAndReadAll('SELECT 1 AS one')).getRowObjectsJS());

    const [a, b, c] = await Promise.allSettled([first, queued, after]);

    // Before the fix the writer was disconnected under a write that joined the chain late, and the
    // process hung at exit; here every write settles and close() resolves.
    expect(a).toEqual({ status: 'fulfilled', value: 79_999_999_800_000_000n });
    expect(b).toMatchObject({ status: 'rejected', reason: expect.any(EngineClosedError) });
    expect(c).toMatchObject({ status: 'rejected', reason: expect.any(EngineClosedError) });
    await closed;
  }, 60_000);

  it('interrupts a running read, waits for it, and refuses new reads', async () => {
    const conns = await DuckDbConnections.open(':memory:');
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const read = conns.read(async (c) => {
      started();
      return c.runAndReadAll(ENDLESS);
    });
    await running;
    await new Promise((r) => setTimeout(r, 100)); // DuckDB is inside the statement
    const t0 = Date.now();
    await conns.close();
    expect(Date.now() - t0).toBeLessThan(5_000);
    await expect(read).rejects.toThrow(/interrupt/i);
    await expect(conns.read(async (c) => c.runAndReadAll('SELECT 1'))).rejects.toBeInstanceOf(EngineClosedError);
  }, 60_000);

  it('gives up waiting for a reader that is never given back (an abandoned stream) after the bound', async () => {
    const conns = await DuckDbConnections.open(':memory:');
    const reader = await conns.openReader();
    const t0 = Date.now();
    await conns.close(300);
    const waited = Date.now() - t0;
    expect(waited).toBeGreaterThanOrEqual(250);
    expect(waited).toBeLessThan(5_000);
    // The instance stayed open for it, so the reader still answers.
    expect((await reader.runAndReadAll('SELECT 42 AS n')).getRowObjectsJS()).toEqual([{ n: 42 }]);
    conns.closeReader(reader);
  }, 30_000);
});

describe('DuckDbConnections.open', () => {
  it('caps DuckDB memory at the limit given (DUCKDB_MEMORY_LIMIT), readers included', async () => {
    const conns = await DuckDbConnections.open(':memory:', '512MB');
    try {
      const limit = await conns.read(
        async (r) => (await r.runAndReadAll(`SELECT current_setting('memory_limit') AS m`)).getRowObjectsJS()[0]?.m,
      );
      expect(limit).toBe('488.2 MiB');
    } finally {
      await conns.close();
    }
  });
});
