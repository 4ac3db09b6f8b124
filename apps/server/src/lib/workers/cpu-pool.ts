import { Piscina } from 'piscina';

/**
 * The one pool of worker threads for CPU-heavy work that must not stall the event loop (issue 11
 * item 1): ads.txt parsing and diffs, export encoding. Each caller names its own worker file per
 * task (`pool.run(task, { filename, name })`), so areas keep their worker code to themselves while
 * sharing the threads: two cores must not be split between several pools.
 */
export type CpuPool = Piscina;

export function createCpuPool(opts: { maxThreads?: number } = {}): CpuPool {
  return new Piscina({
    minThreads: 0,
    maxThreads: opts.maxThreads ?? 2,
    // Threads go away when idle; the next big task starts one again (~100 ms).
    idleTimeout: 60_000,
  });
}
