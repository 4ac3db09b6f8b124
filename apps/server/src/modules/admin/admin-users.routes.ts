import type { FastifyInstance } from 'fastify';
import { adminUsersEndpoints } from '@pc/contracts';
import { registerEndpoints } from '../../http/endpoint-routes';
import type { AdminUsersService } from './admin-users.service';

const uid = (req: { auth: { uid: string } | null }) => req.auth!.uid;

/** Registered users: staff read them (read-only subset); admins change access, status and delete. */
export async function adminUsersRoutes(app: FastifyInstance, opts: { users: AdminUsersService }) {
  const { users } = opts;
  registerEndpoints(app, adminUsersEndpoints, {
    list: (req) =>
      users.list({ search: req.query.search || undefined, publisherId: req.query.publisherId || undefined, limit: req.query.limit }),
    get: (req) => users.get(req.params.id),
    update: (req) => users.update(uid(req), req.params.id, req.body),
    remove: (req) => users.remove(uid(req), req.params.id),
    passwordReset: (req) => users.sendPasswordReset(uid(req), req.params.id),
  });
}
