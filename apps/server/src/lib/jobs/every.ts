import type { Logger } from 'pino';

/** A periodic task started by `every`. */
export interface PeriodicTask {
  /** Clears its timers and waits for a run in progress. */
  stop(): Promise<void>;
}

export interface EveryOptions {
  /** The first run, this long after start: a process serves requests before its periodic work. */
  firstAfterMs: number;
  everyMs: number;
  log: Logger;
  /** The log message of a failed run. */
  failure: string;
}

/**
 * Runs `task` once `firstAfterMs` after start, then every `everyMs`, until stopped: the shape of
 * every periodic check the server runs (queueing due crawls, scans and report e-mails; retention
 * passes; rollup refreshes). A run still going when the next is due is skipped, not doubled; a
 * failed run is logged and the next one tries again. The timers do not keep a process alive.
 */
export function every(o: EveryOptions, task: () => Promise<unknown>): PeriodicTask {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = task()
      .catch((err: Error) => o.log.warn({ err: err.message }, o.failure))
      .finally(() => (running = null));
  };
  const first = setTimeout(run, o.firstAfterMs);
  const timer = setInterval(run, o.everyMs);
  first.unref();
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearTimeout(first);
      clearInterval(timer);
      await running;
    },
  };
}
