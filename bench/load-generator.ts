/**
 * Closed-loop HTTP load for the API benches: Debian's `wrk` when it is installed (C, epoll: a few
 * µs of CPU per request), autocannon otherwise (Node: about as much CPU per request as the server
 * it measures). On a 2-core machine the generator shares the cores with the servers, so a cheaper
 * generator leaves more of them to what is measured; the bench prints which one ran and what it
 * cost. `BENCH_GENERATOR=autocannon` forces autocannon.
 */
import autocannon from 'autocannon';
import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface LoadResult {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Non-2xx answers plus socket errors and timeouts. */
  errors: number;
  /** CPU seconds the generator itself used (user + system). */
  generatorCpuS: number;
}

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  connections: number;
  durationS: number;
  /** wrk only: a Lua script that writes the requests (`-s`), and the arguments after `--` it gets in init(). */
  script?: { path: string; args: string[] };
  /** wrk only: seconds before a request counts as timed out (wrk's default: 2). */
  timeoutS?: number;
}

export type Generator = 'wrk' | 'autocannon';

export function pickGenerator(): Generator {
  if (process.env.BENCH_GENERATOR === 'autocannon') return 'autocannon';
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
  } catch (err) {
    // wrk prints its usage and exits 1 for --version; only a missing binary means "not installed".
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 'autocannon';
  }
  return 'wrk';
}

export function runLoad(generator: Generator, opts: LoadOptions): Promise<LoadResult> {
  return generator === 'wrk' ? runWrk(opts) : runAutocannon(opts);
}

/** Total CPU seconds (user + system) of a process so far, from /proc (Linux); NaN elsewhere. */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command's closing parenthesis; utime and stime are the 12th and 13th there.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // USER_HZ is 100 on Linux
  } catch {
    return NaN;
  }
}

function runAutocannon(opts: LoadOptions): Promise<LoadResult> {
  const before = process.cpuUsage();
  return new Promise((resolve, reject) =>
    autocannon({ url: opts.url, headers: opts.headers, connections: opts.connections, duration: opts.durationS }, (err, res) => {
      if (err) return reject(err);
      const cpu = process.cpuUsage(before);
      resolve({
        rps: res.requests.average,
        p50Ms: res.latency.p50,
        p99Ms: res.latency.p99,
        errors: res.non2xx + res.errors + res.timeouts,
        generatorCpuS: (cpu.user + cpu.system) / 1e6,
      });
    }),
  );
}

/** wrk, one thread; `times` after it prints the CPU its children (wrk) used. */
function runWrk(opts: LoadOptions): Promise<LoadResult> {
  const args = ['-t1', `-c${opts.connections}`, `-d${opts.durationS}s`, '--latency'];
  for (const [name, value] of Object.entries(opts.headers)) args.push('-H', `${name}: ${value}`);
  if (opts.timeoutS) args.push('--timeout', `${opts.timeoutS}s`);
  if (opts.script) args.push('-s', opts.script.path);
  args.push(opts.url);
  if (opts.script) args.push('--', ...opts.script.args);
  return new Promise((resolve, reject) =>
    execFile('bash', ['-c', 'wrk "$@" && times', 'wrk', ...args], (err, stdout) => {
      if (err) return reject(new Error(`wrk failed: ${err.message}\n${stdout}`));
      resolve(parseWrk(stdout));
    }),
  );
}

export function parseWrk(out: string): LoadResult {
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(out);
  if (!rps) throw new Error(`unexpected wrk output:\n${out}`);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const socketErrors = socket ? socket.slice(1).reduce((n, v) => n + Number(v), 0) : 0;
  // `times` prints two lines: the shell's user/system time, then its children's.
  const times = [...out.matchAll(/^(\d+)m([\d.]+)s (\d+)m([\d.]+)s$/gm)].at(-1);
  const cpu = times ? Number(times[1]) * 60 + Number(times[2]) + Number(times[3]) * 60 + Number(times[4]) : NaN;
  return {
    rps: Number(rps[1]),
    p50Ms: percentileMs(out, '50'),
    p99Ms: percentileMs(out, '99'),
    errors: non2xx + socketErrors,
    generatorCpuS: cpu,
  };
}

/** A line of wrk's latency distribution ("99%    4.21ms") in milliseconds. */
function percentileMs(out: string, pct: string): number {
  const m = new RegExp(`^\\s*${pct}%\\s+([\\d.]+)(us|ms|s)$`, 'm').exec(out);
  if (!m) return NaN;
  const value = Number(m[1]);
  return m[2] === 'us' ? value / 1000 : m[2] === 's' ? value * 1000 : value;
}
