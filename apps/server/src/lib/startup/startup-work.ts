/**
 * Work a process still does after it started listening (in demo mode, the site-tag events generated
 * in the background). `/healthz` lists it, so whoever waits for a fully seeded server (the journeys'
 * per-worker servers, e2e/support/app-server.ts) can wait for it instead of racing it: DuckDB has
 * one writer, and a site added during the generation waits for it.
 */
export interface StartupWork {
  /** Lists `name` until `work` settles (either way: the caller logs a failure). */
  track(name: string, work: Promise<unknown>): void;
  /** Names of the work still running, in the order it started. */
  pending(): string[];
}

export function createStartupWork(): StartupWork {
  const running = new Map<string, number>();
  return {
    track(name, work) {
      running.set(name, (running.get(name) ?? 0) + 1);
      const done = () => {
        const left = (running.get(name) ?? 1) - 1;
        if (left > 0) running.set(name, left);
        else running.delete(name);
      };
      work.then(done, done);
    },
    pending: () => [...running.keys()],
  };
}
