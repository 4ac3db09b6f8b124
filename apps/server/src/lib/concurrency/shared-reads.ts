/**
 * Concurrent reads of the same key share one call: while a read of `key` is in flight, every other
 * caller of that key gets its promise instead of starting another. Nothing is kept once it settles,
 * so an answer is never older than a read that started before the caller asked; the map holds only
 * reads in flight, so it is bounded by concurrency, not by the number of keys ever asked.
 */
export function sharedReads<T>(): (key: string, read: () => Promise<T>) => Promise<T> {
  const inFlight = new Map<string, Promise<T>>();
  return (key, read) => {
    const running = inFlight.get(key);
    if (running) return running;
    const started = read().finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  };
}
