import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { finishesWithin } from '../lib/time/finishes-within';

/** Work that arrived, or was still waiting its turn, after close() began. */
export class EngineClosedError extends Error {
  constructor() {
    super('The report engine is closed (the server is shutting down).');
    this.name = 'EngineClosedError';
  }
}

/**
 * One DuckDB instance's connections: one writer behind a promise chain (writes apply one at a
 * time) and a short-lived connection per read (they cost ~0.05 ms, and a read never shares a
 * connection with a write transaction).
 *
 * close() never disconnects a connection while DuckDB runs a statement on it. Disconnecting then
 * makes the statement, on a libuv thread, drop the last reference to its own client context and
 * wait for the lock it holds: a deadlock, and process.exit() joins that thread, so the process
 * never exits. CI saw it: a server stopped while the background demo seed was writing hung until
 * the test's time-out (report-export.crash.api.test.ts; docs/operations.md, "Stopping and restarting").
 */
export class DuckDbConnections {
  private writeChain: Promise<unknown> = Promise.resolve();
  private readonly readers = new Set<DuckDBConnection>();
  private readersGone: (() => void) | null = null;
  private closing: Promise<void> | null = null;

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly writer: DuckDBConnection,
  ) {}

  /** `path` is a database file, or ':memory:'; `memoryLimit` (e.g. 2GB) caps DuckDB's memory, DuckDB's default 80% of RAM without it. */
  static async open(path: string, memoryLimit?: string): Promise<DuckDbConnections> {
    const instance = await DuckDBInstance.create(path, memoryLimit ? { memory_limit: memoryLimit } : undefined);
    return new DuckDbConnections(instance, await instance.connect());
  }

  /** Runs `fn` on the writer connection, after every earlier write has finished. */
  write<T>(fn: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    if (this.closing) return Promise.reject(new EngineClosedError());
    // Checked again at its turn: writes queued behind a long one do not start once close() began.
    const run = this.writeChain.then(() => (this.closing ? Promise.reject(new EngineClosedError()) : fn(this.writer)));
    this.writeChain = run.catch(() => undefined);
    return run;
  }

  /** Runs `fn` on a connection of its own, closed when `fn` settles. */
  async read<T>(fn: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    const conn = await this.openReader();
    try {
      return await fn(conn);
    } finally {
      this.closeReader(conn);
    }
  }

  /** A reader held across awaits (a streamed export); give it back with closeReader. */
  async openReader(): Promise<DuckDBConnection> {
    if (this.closing) throw new EngineClosedError();
    const conn = await this.instance.connect();
    this.readers.add(conn);
    return conn;
  }

  /** Call only when no statement of this connection is running (after its promise settled). */
  closeReader(conn: DuckDBConnection): void {
    if (!this.readers.delete(conn)) return;
    conn.closeSync();
    if (this.readers.size === 0) this.readersGone?.();
  }

  /**
   * Refuses new work, lets the running write finish (writes are bounded; the writes queued behind
   * it are refused), interrupts the reads still running (nobody waits for their answers once the
   * server stopped serving) and waits up to `readersWaitMs` for them to end. A reader still out
   * then (a streamed export whose consumer stopped pulling) keeps the instance open: the process is
   * exiting, and DuckDB replays its write-ahead log at the next start.
   */
  close(readersWaitMs = 10_000): Promise<void> {
    this.closing ??= (async () => {
      await this.writeChain;
      if (this.readers.size > 0) {
        const gone = new Promise<void>((resolve) => (this.readersGone = resolve));
        for (const conn of this.readers) conn.interrupt();
        await finishesWithin(gone, readersWaitMs);
      }
      this.writer.closeSync();
      if (this.readers.size === 0) this.instance.closeSync();
    })();
    return this.closing;
  }
}
