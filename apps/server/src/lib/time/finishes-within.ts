/**
 * Whether `work` settles within `ms`: true once it has fulfilled, false when the time ran out
 * first (the work goes on; the caller decides what to do about it). A rejection of `work` inside
 * the time is passed on. The timer is cleared either way, so it never keeps the process alive.
 * For bounded waits at shutdown and in probes: job-queue.ts, duckdb-connections.ts,
 * health.routes.ts, test/server-process.ts.
 */
export async function finishesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work.then(() => true as const), timeUp]);
  } finally {
    clearTimeout(timer);
  }
}
