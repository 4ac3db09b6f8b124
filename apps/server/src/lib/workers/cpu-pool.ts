import { Piscina } from 'piscina';

/**
 * The one pool of worker threads for CPU-heavy work that must not stall the event loop:
 * ads.txt parsing and diffs, export encoding. Each caller names its own worker file per
 * task (`pool.run(task, { filename, name })`), so areas keep their worker code to themselves while
 * sharing the threads: two cores must not be split between several pools.
 */
export type CpuPool = Piscina;

export function createCpuPool(opts: { maxThreads?: number } = {}): CpuPool {
  return new Piscina({
    // A thread would inherit the process's flags, `--import tsx` among them, and pay for tsx and
    // its loader hooks (about 20 MB a thread, measured) even to run a pre-built plain-JS worker
    // (worker-bundle.ts). Entries that are TypeScript register tsx themselves (register-tsx.mjs).
    execArgv: withoutTsx(process.execArgv),
    // A small young generation: a thread's short-lived garbage (a CSV export's chunks) is
    // collected sooner instead of growing to V8's default (about 48 MB). Same moment, quiet
    // machine, 1 M-row CSV export through the pool: RSS growth 122-128 MB without this and the
    // flag filter above, 91-99 MB with them, 3.4 s either way (docs/architecture.md, exports).
    resourceLimits: { maxYoungGenerationSizeMb: 16 },
    minThreads: 0,
    maxThreads: opts.maxThreads ?? 2,
    // Threads go away when idle; the next big task starts one again (~100 ms).
    idleTimeout: 60_000,
  });
}

/** The flags without the ones that load tsx (`--import tsx`, `--import=tsx`, `--require tsx/cjs`, `--loader tsx`). */
export function withoutTsx(flags: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < flags.length; i++) {
    const flag = flags[i]!;
    const joined = /^--(import|require|loader|experimental-loader)=(.*)$/.exec(flag);
    if (joined) {
      if (!isTsx(joined[2]!)) out.push(flag);
    } else if (/^--(import|require|loader|experimental-loader)$/.test(flag) || flag === '-r') {
      const value = flags[i + 1] ?? '';
      if (!isTsx(value)) out.push(flag, value);
      i++;
    } else out.push(flag);
  }
  return out;
}

const isTsx = (specifier: string) => /(^|[/\\])tsx([/\\]|$)/.test(specifier);
