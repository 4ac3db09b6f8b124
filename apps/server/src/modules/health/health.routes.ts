import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/pool';

/** /healthz: the process is up. /readyz: it can reach its database (for load balancers). */
export async function healthRoutes(app: FastifyInstance, opts: { db: Db; isShuttingDown: () => boolean }) {
  app.get('/healthz', { config: { access: 'public' } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { config: { access: 'public' } }, async (_req, reply) => {
    if (opts.isShuttingDown()) return reply.status(503).send({ status: 'shutting down' });
    try {
      await sql`SELECT 1`.execute(opts.db);
      return { status: 'ready' };
    } catch {
      return reply.status(503).send({ status: 'database unavailable' });
    }
  });
}
