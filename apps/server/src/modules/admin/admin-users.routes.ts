import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { RegisteredUserSchema } from '@pc/contracts';
import type { Db } from '../../db/pool';
import { errorResponses, typed } from '../../http/typed';
import { createAdminUsersService } from './admin-users.service';

/** The registered users list: staff read it (read-only subset), admins too. */
export async function adminUsersRoutes(app: FastifyInstance, opts: { db: Db }) {
  const users = createAdminUsersService(opts.db);
  typed(app).get(
    '/api/admin/users',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['admin'],
        querystring: z.object({
          search: z.string().trim().max(200).optional(),
          publisherId: z.string().trim().max(64).optional(),
          limit: z.coerce.number().int().min(1).max(500).default(100),
        }),
        response: { 200: z.array(RegisteredUserSchema), ...errorResponses },
      },
    },
    async (req) =>
      users.list({ search: req.query.search || undefined, publisherId: req.query.publisherId || undefined, limit: req.query.limit }),
  );
}
