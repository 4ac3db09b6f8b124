/**
 * The real server (apps/server/src/main.ts) in a child process: for tests and benches that need
 * separate OS processes (nothing shared in memory), e.g. two processes on one PostgreSQL.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { finishesWithin } from '../src/lib/time/finishes-within';
import { TEST_PAYMENT_DETAILS_KEYS } from './test-keys';

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  base: string;
  pid: number;
  /** The data directory (DATA_DIR) the server runs on. */
  dataDir: string;
  /**
   * SIGTERM (or the signal given), wait for exit, remove the data directory (unless keepData).
   * Rejects, after a SIGKILL, when the server has not exited within STOP_BOUND_MS: a hung shutdown
   * fails the test with its cause instead of running into the test's time-out.
   */
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Resolves with the exit code (null after a signal) once the process has exited. */
  exited: Promise<number | null>;
  /** Sends a signal to the server's whole process group (needs `ownProcessGroup`), as Ctrl-C or systemd do. */
  signalGroup(signal: NodeJS.Signals): void;
  /** What the server wrote to stderr so far. */
  stderr(): string;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');
/** The server forces its own exit 50 s after SIGTERM by default (main.ts); more than that is a hang. */
const STOP_BOUND_MS = 90_000;

export async function startServerProcess(opts: {
  name: string;
  env?: Record<string, string>;
  args?: string[];
  /** Node's own flags (e.g. --cpu-prof, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
  readyTimeoutMs?: number;
  /** Reuse this DATA_DIR (a restart on the same data); it is then never removed. */
  dataDir?: string;
  keepData?: boolean;
  /** Start the server as the leader of its own process group (like a shell job or a systemd unit). */
  ownProcessGroup?: boolean;
  /** Pin the server to these CPUs (`taskset -c` list, e.g. "0,1"), so a bench's load generator does not share them. */
  cpus?: string;
  /** Listen on this port (a bench given a port range) instead of a random one in 18000-21999. */
  port?: number;
}): Promise<ServerProcess> {
  const port = opts.port ?? 18_000 + Math.floor(Math.random() * 4000);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), `pc-${opts.name}-`));
  // mkdtemp makes 0700; the embedded cluster runs as the unprivileged postgres user when we are root.
  if (!opts.dataDir) chmodSync(dataDir, 0o755);
  const keepData = opts.keepData || opts.dataDir !== undefined;
  const nodeArgv = [...(opts.nodeArgs ?? []), '--import', 'tsx', 'apps/server/src/main.ts', ...(opts.args ?? [])];
  // taskset execs node in its own process, so the pid stays the server's.
  const [command, argv]: [string, string[]] = opts.cpus
    ? ['taskset', ['-c', opts.cpus, process.execPath, ...nodeArgv]]
    : [process.execPath, nodeArgv];
  const child = spawn(command, argv, {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // A server that is not the demo refuses to start without it (lib/keys/key-store.ts).
      PAYMENT_DETAILS_KEYS: TEST_PAYMENT_DETAILS_KEYS,
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: opts.ownProcessGroup ?? false,
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => {
    stderr += c.toString();
    process.stderr.write(c);
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    if (!(await finishesWithin(exited, STOP_BOUND_MS))) {
      child.kill('SIGKILL');
      await exited;
      throw new Error(
        `server process ${opts.name} did not exit within ${STOP_BOUND_MS / 1000} s of ${signal}; its last output:\n${stderr.slice(-2000)}`,
      );
    }
    if (!keepData) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (opts.readyTimeoutMs ?? 120_000);
  for (;;) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      // The last output says why (a refused start names its cause on stderr).
      throw new Error(`server process ${opts.name} did not become ready (exit code ${child.exitCode}): ${stderr.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    base,
    pid: child.pid!,
    dataDir,
    stop,
    exited,
    signalGroup: (signal) => process.kill(-child.pid!, signal),
    stderr: () => stderr,
  };
}
