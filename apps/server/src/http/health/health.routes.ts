import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/pool';
import type { StartupWork } from '../../lib/startup/startup-work';
import { finishesWithin } from '../../lib/time/finishes-within';

const READY_TIMEOUT_MS = 800;

/**
 * /healthz: the process is up, and which start-up work it still does in the background (only while
 * there is some). /readyz: it can reach its database (for load balancers).
 */
export async function healthRoutes(app: FastifyInstance, opts: { db: Db; isShuttingDown: () => boolean; startup: StartupWork }) {
  app.get('/healthz', { config: { access: 'public' } }, async () => {
    const pending = opts.startup.pending();
    return pending.length > 0 ? { status: 'ok', startupWork: pending } : { status: 'ok' };
  });
  app.get('/readyz', { config: { access: 'public' } }, async (_req, reply) => {
    if (opts.isShuttingDown()) return reply.status(503).send({ status: 'shutting down' });
    // Answer within 1 s either way: a database that does not answer (or a full
    // pool) is "not ready", not a hung probe.
    try {
      if (!(await finishesWithin(sql`SELECT 1`.execute(opts.db), READY_TIMEOUT_MS)))
        return reply.status(503).send({ status: 'database not answering' });
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'database unavailable' });
    }
  });
}
