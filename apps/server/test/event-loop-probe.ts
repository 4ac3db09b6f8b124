import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/**
 * Runs `work` while /healthz is called every 10 ms; returns the slowest /healthz answer in ms.
 * The event-loop tests use it: CPU-heavy work must leave the loop free.
 */
export async function slowestHealthzDuring<T>(
  app: FastifyInstance,
  work: () => Promise<T>,
): Promise<{ result: T; slowest: number; calls: number }> {
  const times: number[] = [];
  let done = false;
  const probe = (async () => {
    while (!done) {
      const t0 = performance.now();
      const r = await app.inject({ method: 'GET', url: '/healthz' });
      times.push(performance.now() - t0);
      expect(r.statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  try {
    return { result: await work(), slowest: Math.max(...times), calls: times.length };
  } finally {
    done = true;
    await probe;
  }
}
