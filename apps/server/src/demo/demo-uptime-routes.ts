import type { FastifyInstance } from 'fastify';
import { DEMO_FLAKY_PATH, demoFlakyIsDown } from './seed-demo-monitors';

/** Demo mode only: the flapping target of the demo monitor "Evergreen Travel departures". */
export async function demoUptimeRoutes(app: FastifyInstance) {
  app.get(DEMO_FLAKY_PATH, { config: { access: 'public' } }, async (_req, reply) => {
    if (demoFlakyIsDown()) return reply.code(503).type('text/plain').send('Live scores are being updated (demo outage).');
    return reply.type('text/plain').send('Live scores: all matches up to date.');
  });
}
