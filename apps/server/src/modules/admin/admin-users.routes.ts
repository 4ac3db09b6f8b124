import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AdminUserPatchSchema, ApiErrorSchema, RegisteredUserSchema } from '@pc/contracts';
import { errorResponses, OkSchema, typed } from '../../http/typed';
import type { AdminUsersService } from './admin-users.service';

const tags = ['admin'];
const Id = z.object({ id: z.uuid('No such user.') });

/** Registered users: staff read them (read-only subset); admins change access, status and delete. */
export async function adminUsersRoutes(app: FastifyInstance, opts: { users: AdminUsersService }) {
  const r = typed(app);
  const { users } = opts;
  const uid = (req: { auth: { uid: string } | null }) => req.auth!.uid;
  r.get(
    '/api/admin/users',
    {
      config: { access: 'staff' },
      schema: {
        tags,
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
  r.get(
    '/api/admin/users/:id',
    { config: { access: 'staff' }, schema: { tags, params: Id, response: { 200: RegisteredUserSchema, ...errorResponses } } },
    async (req) => users.get(req.params.id),
  );
  r.patch(
    '/api/admin/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        params: Id,
        body: AdminUserPatchSchema,
        response: { 200: RegisteredUserSchema, 409: ApiErrorSchema, ...errorResponses },
      },
    },
    async (req) => users.update(uid(req), req.params.id, req.body),
  );
  r.delete(
    '/api/admin/users/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        params: Id,
        response: { 200: OkSchema.extend({ effects: z.string() }), 409: ApiErrorSchema, ...errorResponses },
      },
    },
    async (req) => users.remove(uid(req), req.params.id),
  );
  r.post(
    '/api/admin/users/:id/password-reset',
    { config: { access: 'admin' }, schema: { tags, params: Id, response: { 200: OkSchema, 409: ApiErrorSchema, ...errorResponses } } },
    async (req) => users.sendPasswordReset(uid(req), req.params.id),
  );
}
